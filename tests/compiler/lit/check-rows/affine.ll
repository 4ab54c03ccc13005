; weft-check-rows: a work-item loop whose tests' offsets are affine in it (a[x]) runs in two
; versions: when the offsets' range over the whole loop, computed before it, lies within the
; argument's memory (from 0 to `last`, not too short), a copy with the test folded away and the
; access made unguarded; else the loop as it was, the test lowered to `offset > last ||
; too_short`. A test whose offset is not affine (b[idx[x]]) stays in both.
; RUN: %opt -passes=weft-check-rows -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i1 @__weft_check_refused(i64, i64, i1) #0

; CHECK-LABEL: define void @row(
; The range test before the loop: offsets from smin to smax of 0 and 4 * (n - 1), signed from 0, at
; most %last, and the argument not too short.
; CHECK:      %smax = call i64 @llvm.smax.i64(
; CHECK:      %smin = call i64 @llvm.smin.i64(
; CHECK:      icmp ule i64 %smax, %last
; CHECK:      icmp sge i64 %smin, 0
; CHECK:      xor i1 %short, true
; CHECK:      br i1 %{{.*}}, label %check.rows.outside.check.inside, label %check.rows.outside
; The copy: the tested load unguarded; the gather's test lowered and kept.
; CHECK:      wi.x.check.inside:
; CHECK:      %v.check.inside = load float, ptr addrspace(1) %at.check.inside, align 4
; CHECK:      %[[G:.*]] = icmp ugt i64 %boff.check.inside, %last
; CHECK-NEXT: %refused2.check.inside = or i1 %[[G]], %short
; CHECK-NEXT: br i1 %refused2.check.inside, label %join2.check.inside, label %load2.check.inside
; The original: both tests lowered, both loads guarded.
; CHECK:      wi.x:
; CHECK:      %[[T:.*]] = icmp ugt i64 %offset, %last
; CHECK-NEXT: %refused = or i1 %[[T]], %short
; CHECK-NEXT: br i1 %refused, label %join, label %load
; CHECK-NOT:  call i1 @__weft_check_refused
define void @row(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %idx, i64 %n, i64 %last, i1 %short, ptr %out) {
entry:
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %next, %join2 ]
  %at = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x
  %offset = shl i64 %x, 2
  %refused = call i1 @__weft_check_refused(i64 %offset, i64 %last, i1 %short)
  br i1 %refused, label %join, label %load

load:
  %v = load float, ptr addrspace(1) %at, align 4
  br label %join

join:
  %r = phi float [ %v, %load ], [ 0.0, %wi.x ]
  %ip = getelementptr inbounds i64, ptr addrspace(1) %idx, i64 %x
  %i = load i64, ptr addrspace(1) %ip, align 8
  %bp = getelementptr inbounds float, ptr addrspace(1) %b, i64 %i
  %boff = shl i64 %i, 2
  %refused2 = call i1 @__weft_check_refused(i64 %boff, i64 %last, i1 %short)
  br i1 %refused2, label %join2, label %load2

load2:
  %w = load float, ptr addrspace(1) %bp, align 4
  br label %join2

join2:
  %s = phi float [ %w, %load2 ], [ 0.0, %join ]
  %sum = fadd float %r, %s
  %o = getelementptr inbounds float, ptr %out, i64 %x
  store float %sum, ptr %o, align 4
  %next = add nuw i64 %x, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %wi.x, !llvm.loop !0

exit:
  ret void
}

attributes #0 = { nounwind readnone speculatable willreturn }

!0 = distinct !{!0, !1}
!1 = !{!"weft.loop.work_items"}
