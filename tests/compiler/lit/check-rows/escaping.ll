; weft-check-rows on a loop over work-items with a loop inside it whose value the code after the
; nest uses (a region's last work-item's value of a loop variable, spilled for the next region):
; both versions' values reach that use through a PHI of the exit (LCSSA formed for the inner loop
; too; without it the use kept the original's value, which the copy does not define, and a kernel
; under race checks reloaded a stale loop variable forever).
; RUN: %opt -passes=weft-check-rows -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i1 @__weft_check_refused(i64, i64, i1) #0

; CHECK-LABEL: define void @escaping(
; CHECK:      exit:
; CHECK-NEXT: %[[LAST:.*]] = phi i32 [ %{{.*}}, %{{.*}} ], [ %{{.*}}, %{{.*}} ]
; CHECK-NEXT: store i32 %[[LAST]], ptr %slot, align 4
define void @escaping(ptr addrspace(1) %a, i64 %size, i32 %start, ptr %slot) {
entry:
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %next, %latch ]
  %offset = shl i64 %x, 2
  %refused = call i1 @__weft_check_refused(i64 %offset, i64 1020, i1 false)
  br i1 %refused, label %inner, label %load

load:
  %at = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x
  %v = load float, ptr addrspace(1) %at, align 4
  br label %inner

inner:
  %s = phi i32 [ %start, %wi.x ], [ %start, %load ], [ %half, %inner ]
  %half = lshr i32 %s, 1
  %more = icmp ugt i32 %s, 1
  br i1 %more, label %inner, label %latch

latch:
  %next = add nuw i64 %x, 1
  %done = icmp eq i64 %next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !0

exit:
  store i32 %half, ptr %slot, align 4
  ret void
}

attributes #0 = { nounwind readnone speculatable willreturn }

!0 = distinct !{!0, !1}
!1 = !{!"weft.loop.work_items"}
