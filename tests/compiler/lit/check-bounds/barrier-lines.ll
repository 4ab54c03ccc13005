; weft-check-bounds in a program built with barrier checks only (module flag weft.check.barriers):
; each barrier call of a kernel gets its line and column from the line tables (weft.line, for
; weft-barriers), the accesses are not tested, and the line tables go.
; RUN: %opt -passes=weft-check-bounds -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @_Z7barrierj(i32)

; CHECK-LABEL: define spir_kernel void @k(
; CHECK-NEXT: store i32 1, ptr addrspace(1) %out, align 4
; CHECK-NEXT: call void @_Z7barrierj(i32 1), !weft.line ![[LINE:[0-9]+]]
; CHECK-NOT:  __weft_check
; CHECK:      ![[LINE]] = !{i32 6, i32 3}
; CHECK-NOT:  !DILocation
define spir_kernel void @k(ptr addrspace(1) %out) !dbg !4 {
  store i32 1, ptr addrspace(1) %out, align 4, !dbg !7
  call void @_Z7barrierj(i32 1), !dbg !8
  ret void
}

!llvm.module.flags = !{!0, !1, !2}
!llvm.dbg.cu = !{!3}
!0 = !{i32 4, !"weft.check.barriers", i32 1}
!1 = !{i32 7, !"Dwarf Version", i32 5}
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !5, emissionKind: LineTablesOnly)
!4 = distinct !DISubprogram(name: "k", scope: !5, file: !5, line: 1, type: !6, unit: !3, spFlags: DISPFlagDefinition)
!5 = !DIFile(filename: "source.cl", directory: "/")
!6 = !DISubroutineType(types: !{})
!7 = !DILocation(line: 5, column: 3, scope: !4)
!8 = !DILocation(line: 6, column: 3, scope: !4)
