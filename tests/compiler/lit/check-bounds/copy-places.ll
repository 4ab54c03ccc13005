; weft-check-bounds in a program built with copy checks only (module flag weft.check.copies): each
; `__weft_check_here()` (the library's async copies and waits, inlined) becomes where its call is,
; line << 32 | column from the line tables, or 0 where it has none; the line tables go.
; RUN: %opt -passes=weft-check-bounds -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i64 @__weft_check_here()

; CHECK-LABEL: define spir_kernel void @k(
; Line 7, column 15; then none.
; CHECK-NEXT: store i64 30064771087, ptr addrspace(1) %out, align 8
; CHECK-NEXT: store i64 0, ptr addrspace(1) %out, align 8
; CHECK-NOT:  __weft_check_here
; CHECK-NOT:  !DILocation
define spir_kernel void @k(ptr addrspace(1) %out) !dbg !4 {
  %a = call i64 @__weft_check_here(), !dbg !7
  store i64 %a, ptr addrspace(1) %out, align 8
  %b = call i64 @__weft_check_here()
  store i64 %b, ptr addrspace(1) %out, align 8
  ret void
}

!llvm.module.flags = !{!0, !1, !2}
!llvm.dbg.cu = !{!3}
!0 = !{i32 4, !"weft.check.copies", i32 1}
!1 = !{i32 7, !"Dwarf Version", i32 5}
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !5, emissionKind: LineTablesOnly)
!4 = distinct !DISubprogram(name: "k", scope: !5, file: !5, line: 1, type: !6, unit: !3, spFlags: DISPFlagDefinition)
!5 = !DIFile(filename: "source.cl", directory: "/")
!6 = !DISubroutineType(types: !{})
!7 = !DILocation(line: 7, column: 15, scope: !4)
