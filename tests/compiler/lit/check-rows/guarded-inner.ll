; weft-check-rows: a work-item loop with a loop inside that only `m > 0` lets it into (how LLVM
; rotates `for (j = 0; j < m; ++j)`): the copy without the tests runs only where the condition holds
; too, and there enters the inner loop unguarded (a plain nest for weft-jam-work-items); the loop
; as it was keeps the guard.
; RUN: %opt -passes=weft-check-rows -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i1 @__weft_check_refused(i64, i64, i1) #0

; CHECK-LABEL: define void @nest(
; CHECK:      %[[IN:.*]] = and i1 %{{.*}}, %some
; CHECK-NEXT: br i1 %[[IN]], label %check.rows.outside.check.inside, label %check.rows.outside
; The copy: from the x loop's header straight into the inner loop.
; CHECK:      wi.x.check.inside:
; CHECK-NOT:  br i1 %some
; CHECK:      br label %inner.check.inside
; CHECK:      inner.check.inside:
; The loop as it was: still guarded.
; CHECK:      wi.x:
; CHECK:      br i1 %some, label %inner.ph, label %after
define void @nest(ptr addrspace(1) %a, i64 %n, i64 %m, i64 %last, i1 %short, ptr %out) {
entry:
  %some = icmp sgt i64 %m, 0
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %next, %after ]
  %at = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x
  %offset = shl i64 %x, 2
  %refused = call i1 @__weft_check_refused(i64 %offset, i64 %last, i1 %short)
  br i1 %refused, label %join, label %load

load:
  %v = load float, ptr addrspace(1) %at, align 4
  br label %join

join:
  %r = phi float [ %v, %load ], [ 0.0, %wi.x ]
  br i1 %some, label %inner.ph, label %after

inner.ph:
  br label %inner

inner:
  %j = phi i64 [ 0, %inner.ph ], [ %j.next, %inner ]
  %acc = phi float [ 0.0, %inner.ph ], [ %acc.next, %inner ]
  %acc.next = fadd float %acc, %r
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %m
  br i1 %j.done, label %inner.exit, label %inner

inner.exit:
  br label %after

after:
  %s = phi float [ 0.0, %join ], [ %acc.next, %inner.exit ]
  %o = getelementptr inbounds float, ptr %out, i64 %x
  store float %s, ptr %o, align 4
  %next = add nuw i64 %x, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %wi.x, !llvm.loop !0

exit:
  ret void
}

attributes #0 = { nounwind readnone speculatable willreturn }

!0 = distinct !{!0, !1}
!1 = !{!"weft.loop.work_items"}
