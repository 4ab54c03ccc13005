; weft-normalize: `__weft_check_copies()` (builtins/src/async.cl asks whether to check copies)
; becomes the module flag weft.check.copies, 1 with it and 0 without, before anything else runs.
; RUN: %opt -passes=weft-normalize -S %s | FileCheck %s
; RUN: sed -e '/"weft\.check\.copies"/d' -e 's/!llvm.module.flags = !{!0}//' %s | %opt -passes=weft-normalize -S | FileCheck %s --check-prefix=OFF

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @__weft_check_copies()

; CHECK-LABEL: define internal i32 @copy(
; CHECK-NEXT:  ret i32 1
; OFF-LABEL:   define internal i32 @copy(
; OFF-NEXT:    ret i32 0
define internal i32 @copy() {
  %c = call i32 @__weft_check_copies()
  ret i32 %c
}

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"weft.check.copies", i32 1}
