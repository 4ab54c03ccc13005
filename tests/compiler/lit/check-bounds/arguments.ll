; weft-check-bounds in a program built with -weft-check (module flag weft.check.bounds): an
; access through a __global or __constant pointer argument is tested, `__weft_check_refused(offset
; from the argument, extent - bytes, extent < bytes)`; if refused, the work-item's slot gets the
; record (abi::CheckSite: valid, write, arg, bytes, line, column; the address; the work-group)
; unless it holds one, and the access is not made (a load gives 0), but a refused load of a pointer
; returns at once. What the tests and records share (limits, slots, sizes, the group's id) comes
; once from the entry block. An access through a __local pointer argument is tested against the
; argument's extent too, and its record holds its offset (abi::CheckSite::Relative), not its
; address. Accesses through a pointer loaded from memory, and private ones at a constant offset
; inside their variable, are left as they are; the line tables go afterwards. Without the flag,
; nothing changes.
; RUN: %opt -passes=weft-check-bounds -S %s | FileCheck %s
; RUN: sed -e '/weft.check.bounds/d' -e 's/!llvm.module.flags = !{!0, !1, !2}/!llvm.module.flags = !{!1, !2}/' %s | %opt -passes=weft-check-bounds -S | FileCheck %s --check-prefix=OFF

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i64 @_Z13get_global_idj(i32)

; CHECK-LABEL: define spir_kernel void @copy(
; CHECK-DAG:  call i64 @__weft_check_extent(i32 3)
; CHECK-DAG:  call i64 @__weft_check_extent(i32 2)
; CHECK-DAG:  %check.extent = call i64 @__weft_check_extent(i32 0)
; CHECK-DAG:  %check.last = sub i64 %check.extent, 4
; CHECK-DAG:  %check.too_short = icmp ult i64 %check.extent, 4
; CHECK-DAG:  %check.slots = call ptr @__weft_check_slots()
; The load through %in (argument 0): 4 bytes read at line 7, column 12.
; CHECK:      %[[AT:.*]] = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i
; CHECK-NEXT: %[[P:.*]] = ptrtoint ptr addrspace(1) %[[AT]] to i64
; CHECK-NEXT: %[[B:.*]] = ptrtoint ptr addrspace(1) %in to i64
; CHECK-NEXT: %check.offset = sub i64 %[[P]], %[[B]]
; CHECK-NEXT: %check.refused = call i1 @__weft_check_refused(i64 %check.offset, i64 %check.last, i1 %check.too_short)
; CHECK-NEXT: br i1 %check.refused, label %[[REPORT:.*]], label %[[TEST:.*]]
; CHECK:      [[REPORT]]:
; CHECK:      %[[SLOT:.*]] = getelementptr i64, ptr %check.slots, i64 %[[LID:.*]]
; CHECK-NEXT: %[[OLD:.*]] = load i64, ptr %[[SLOT]], align 8
; CHECK-NEXT: %[[EMPTY:.*]] = icmp eq i64 %[[OLD]], 0
; CHECK-NEXT: br i1 %[[EMPTY]], label %[[WRITE:.*]], label %{{.*}}
; CHECK:      [[WRITE]]:
; CHECK-NEXT: store i64 54043225593479169, ptr %[[SLOT]], align 8
; CHECK:      store i64 %[[P]], ptr
; CHECK:      [[TEST]]:
; CHECK-NEXT: %[[MADE:.*]] = xor i1 %check.refused, true
; CHECK-NEXT: br i1 %[[MADE]], label %[[LOAD:.*]], label %[[JOIN:.*]]
; CHECK:      [[LOAD]]:
; CHECK-NEXT: %v = load float, ptr addrspace(1) %[[AT]], align 4
; CHECK:      [[JOIN]]:
; CHECK-NEXT: %[[V:.*]] = phi float [ %v, %[[LOAD]] ], [ 0.000000e+00, %[[TEST]] ]
; The local store through %tmp (argument 1, written, relative) records its offset.
; CHECK-NEXT: %l = getelementptr inbounds float, ptr addrspace(3) %tmp, i64 %i
; CHECK-NEXT: %[[LP:.*]] = ptrtoint ptr addrspace(3) %l to i64
; CHECK-NEXT: %[[LB:.*]] = ptrtoint ptr addrspace(3) %tmp to i64
; CHECK-NEXT: %[[LOFF:.*]] = sub i64 %[[LP]], %[[LB]]
; CHECK:      store i64 -9223372036854513657, ptr
; CHECK-NEXT: %{{.*}} = add i64
; CHECK-NEXT: %{{.*}} = getelementptr i64
; CHECK-NEXT: store i64 %[[LOFF]], ptr
; CHECK:      store float %[[V]], ptr addrspace(3) %l, align 4
; The store through %out (argument 2, written: 262155).
; CHECK:      call i1 @__weft_check_refused(
; CHECK:      store i64 262155, ptr
; CHECK:      store float %[[V]], ptr addrspace(1) %o, align 4
; Reading the pointer out of %table (argument 3, 8 bytes): refused, it records and returns.
; CHECK:      call i1 @__weft_check_refused(
; CHECK:      store i64 524301, ptr
; CHECK:      ret void
; CHECK:      %p = load ptr addrspace(1), ptr addrspace(1) %table, align 8
; The access through the pointer read is not tested, nor the private one at offset 0.
; CHECK-NEXT: %w = load float, ptr addrspace(1) %p, align 4
; CHECK-NEXT: %x = alloca float, align 4
; CHECK-NEXT: store float %w, ptr %x, align 4
; CHECK-NEXT: ret void
; No line tables left.
; CHECK-NOT:  !dbg
; OFF-NOT:    call i1 @__weft_check_refused
; OFF-NOT:    call ptr @__weft_check_slots

define spir_kernel void @copy(ptr addrspace(1) %in, ptr addrspace(3) %tmp, ptr addrspace(1) %out, ptr addrspace(1) %table) !dbg !4 {
  %g = call i64 @_Z13get_global_idj(i32 0)
  %i = and i64 %g, 1023
  %at = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i
  %v = load float, ptr addrspace(1) %at, align 4, !dbg !7
  %l = getelementptr inbounds float, ptr addrspace(3) %tmp, i64 %i
  store float %v, ptr addrspace(3) %l, align 4
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  store float %v, ptr addrspace(1) %o, align 4
  %p = load ptr addrspace(1), ptr addrspace(1) %table, align 8
  %w = load float, ptr addrspace(1) %p, align 4
  %x = alloca float, align 4
  store float %w, ptr %x, align 4
  ret void
}

!llvm.module.flags = !{!0, !1, !2}
!llvm.dbg.cu = !{!3}
!0 = !{i32 4, !"weft.check.bounds", i32 1}
!1 = !{i32 7, !"Dwarf Version", i32 5}
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !5, emissionKind: LineTablesOnly)
!4 = distinct !DISubprogram(name: "copy", scope: !5, file: !5, line: 1, type: !6, unit: !3, spFlags: DISPFlagDefinition)
!5 = !DIFile(filename: "source.cl", directory: "/")
!6 = !DISubroutineType(types: !{})
!7 = !DILocation(line: 7, column: 12, scope: !4)
