; weft-check-rows with what LLVM made of a checked kernel before it:
; - a test under `if (x + base < n)` (unsigned) covers only the iterations that guard lets
;   through: the range's end uses the trip count's umin with max(n, base + 1) - base - 1 (none
;   where n is no more than base: a reduction's last round, whose count would wrap otherwise);
; - a test LICM took out of the loop (its offset invariant in it) whose result the loop uses: the
;   copy runs only where it passes, and its uses in the copy fold;
; - a test whose `last` is computed in the loop from the context's invariant loads: those move
;   before the loop, and the test is versioned like the others.
; RUN: %opt -passes=weft-check-rows -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i1 @__weft_check_refused(i64, i64, i1) #0

; CHECK-LABEL: define void @guarded(
; The extent's load and `last` moved before the loop; the iterations the guard lets through.
; CHECK:      %extent = load i64, ptr %extents, align 8, !invariant.load
; CHECK-NEXT: %last = add i64 %extent, -4
; CHECK:      %[[FIRST:.*]] = add i64 %base, 1
; CHECK-NEXT: %[[MAX:.*]] = call i64 @llvm.umax.i64(i64 %n, i64 %[[FIRST]])
; CHECK-NEXT: %[[MINUS:.*]] = add i64 %[[MAX]], -1
; CHECK-NEXT: %[[GUARD:.*]] = sub i64 %[[MINUS]], %base
; CHECK:      %[[TAKEN:.*]] = add i64 %size, -1
; CHECK:      %umin = call i64 @llvm.umin.i64(i64 %[[GUARD]], i64 %[[TAKEN]])
; CHECK:      xor i1 %row.refused, true
; The guard's count holds where base + x does not wrap: base, the iterations and their sum from 0.
; CHECK:      icmp sge i64 %base, 0
; CHECK:      icmp sge i64 %[[TAKEN]], 0
; CHECK:      %[[SUM:.*]] = add i64 %size, %base
; CHECK-NEXT: %[[END:.*]] = add i64 %[[SUM]], -1
; CHECK:      icmp sge i64 %[[END]], 0
; CHECK:      br i1 %{{.*}}, label %check.rows.outside.check.inside, label %check.rows.outside
; The copy: no test left, the loads unguarded.
; CHECK:      wi.x.check.inside:
; CHECK-NOT:  icmp ugt
; CHECK:      %v.check.inside = load float, ptr addrspace(1) %at.check.inside, align 4
; CHECK:      %w.check.inside = load float, ptr addrspace(3) %rowp, align 4
; CHECK:      wi.x:
; CHECK-NOT:  call i1 @__weft_check_refused
define void @guarded(ptr addrspace(1) %a, ptr addrspace(3) %row, ptr %extents, i64 %base, i64 %n, i64 %size, i64 %y, ptr %out) {
entry:
  %rowp = getelementptr inbounds float, ptr addrspace(3) %row, i64 %y
  %rowoff = shl i64 %y, 2
  %row.refused = call i1 @__weft_check_refused(i64 %rowoff, i64 60, i1 false)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %next, %latch ]
  %i = add i64 %base, %x
  %in = icmp ult i64 %i, %n
  br i1 %in, label %then, label %latch

then:
  %extent = load i64, ptr %extents, align 8, !invariant.load !2
  %last = add i64 %extent, -4
  %short = icmp ult i64 %extent, 4
  %at = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  %offset = shl i64 %i, 2
  %refused = call i1 @__weft_check_refused(i64 %offset, i64 %last, i1 %short)
  br i1 %refused, label %join, label %load

load:
  %v = load float, ptr addrspace(1) %at, align 4
  br label %join

join:
  %r = phi float [ %v, %load ], [ 0.0, %then ]
  br i1 %row.refused, label %join2, label %load2

load2:
  %w = load float, ptr addrspace(3) %rowp, align 4
  br label %join2

join2:
  %s = phi float [ %w, %load2 ], [ 0.0, %join ]
  %sum = fadd float %r, %s
  %o = getelementptr inbounds float, ptr %out, i64 %x
  store float %sum, ptr %o, align 4
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
