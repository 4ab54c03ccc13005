; weft-check-rows with weft-check-bounds' tests of what a check may skip
; (`__weft_check_unsure(unsure)`, here guarding a mark's read): a loop over work-items whose
; tests are the same for the whole loop (%unsure computed in the loop from the context's
; invariant loads, moved before it; another taken out of the loop by LLVM) runs in a copy where
; no check is needed, the guarded blocks gone, and as it was where one is, with each test lowered
; to its operand. A loop with a test that differs between work-items is left as it was. This is
; apart from the copies for bounds tests (guards.ll), so that a test that fails costs only what
; it guards.
; RUN: %opt -passes=weft-check-rows -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i1 @__weft_check_unsure(i1) #0

; CHECK-LABEL: define void @sure(
; CHECK:      %size0 = load i64, ptr %sizes, align 8, !invariant.load
; CHECK-NEXT: %small = icmp ugt i64 %size0, 16
; CHECK:      %[[NOT:.*]] = xor i1 %small, true
; CHECK-NEXT: %[[SURE:.*]] = and i1 true, %[[NOT]]
; CHECK-NEXT: %[[NOT2:.*]] = xor i1 %big, true
; CHECK-NEXT: %[[BOTH:.*]] = and i1 %[[SURE]], %[[NOT2]]
; CHECK-NEXT: br i1 %[[BOTH]], label %check.unsure.outside.check.sure, label %check.unsure.outside
; The copy: no test, no marks.
; CHECK:      wi.x.check.sure:
; CHECK-NOT:  %marks
; CHECK-NOT:  __weft_check_unsure
; CHECK:      store float %v.check.sure
; CHECK:      wi.x:
; CHECK:      br i1 %small, label %mark, label %join
; CHECK:      mark:
; CHECK:      %marks = load i32
; CHECK:      br i1 %big, label %mark2, label %join2
; CHECK-NOT:  call i1 @__weft_check_unsure
define void @sure(ptr addrspace(3) %t, ptr %shadow, ptr %sizes, ptr %seen, i64 %size, ptr %out, i1 %big) {
entry:
  %hoisted = call i1 @__weft_check_unsure(i1 %big)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %next, %latch ]
  %size0 = load i64, ptr %sizes, align 8, !invariant.load !2
  %small = icmp ugt i64 %size0, 16
  %unsure = call i1 @__weft_check_unsure(i1 %small)
  br i1 %unsure, label %mark, label %join

mark:
  %at = getelementptr inbounds i32, ptr %shadow, i64 %x
  %marks = load i32, ptr %at, align 4
  store i32 %marks, ptr %seen, align 4
  br label %join

join:
  br i1 %hoisted, label %mark2, label %join2

mark2:
  store i32 1, ptr %seen, align 4
  br label %join2

join2:
  %p = getelementptr inbounds float, ptr addrspace(3) %t, i64 %x
  %v = load float, ptr addrspace(3) %p, align 4
  %o = getelementptr inbounds float, ptr %out, i64 %x
  store float %v, ptr %o, align 4
  br label %latch

latch:
  %next = add nuw i64 %x, 1
  %done = icmp eq i64 %next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !0

exit:
  ret void
}

; A test that differs between work-items: no copy; lowered.
; CHECK-LABEL: define void @unsure(
; CHECK-NOT:  check.sure
; CHECK:      %differs = icmp ugt i64 %x, 16
; CHECK-NEXT: br i1 %differs, label %mark, label %latch
define void @unsure(ptr %shadow, ptr %seen, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %next, %latch ]
  %differs = icmp ugt i64 %x, 16
  %unsure = call i1 @__weft_check_unsure(i1 %differs)
  br i1 %unsure, label %mark, label %latch

mark:
  %at = getelementptr inbounds i32, ptr %shadow, i64 %x
  %marks = load i32, ptr %at, align 4
  store i32 %marks, ptr %seen, align 4
  br label %latch

latch:
  %next = add nuw i64 %x, 1
  %done = icmp eq i64 %next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !0

exit:
  ret void
}

attributes #0 = { nounwind readnone speculatable willreturn }

!0 = distinct !{!0, !1}
!1 = !{!"weft.loop.work_items"}
!2 = !{}
