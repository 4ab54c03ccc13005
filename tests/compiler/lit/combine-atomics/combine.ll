; A work-item loop's relaxed atomics at an address the same for every work-item, results unused,
; become a running value of the loop and one operation after it, when anything was folded.
; RUN: %opt -passes=weft-combine-atomics -S %s | FileCheck %s

; The counter cannot alias the loads (noalias arguments): combined in place. Conditional: the
; running value merges at the latch.
; CHECK-LABEL: define void @count_noalias(
; CHECK: wi.x:
; CHECK-NEXT: [[RUNNING:%.*]] = phi i32 [ 0, %entry ], [ [[MERGED:%.*]], %latch ]
; CHECK: inc:
; CHECK-NEXT: [[PLUS:%.*]] = add i32 [[RUNNING]], 1
; CHECK: latch:
; CHECK-NEXT: [[MERGED]] = phi i32 [ [[PLUS]], %inc ], [ [[RUNNING]], %wi.x ]
; CHECK: br i1 %done, label %combined.atomics, label %wi.x
; CHECK: combined.atomics:
; CHECK-NEXT: [[ANY:%.*]] = icmp ne i32 [[MERGED]], 0
; CHECK-NEXT: br i1 [[ANY]], label %[[ONCE:.*]], label
; CHECK: [[ONCE]]:
; CHECK-NEXT: atomicrmw add ptr addrspace(1) %n, i32 [[MERGED]] monotonic, align 4
; CHECK-NOT: atomicrmw
; CHECK: ret void
define void @count_noalias(ptr addrspace(1) noalias %x, ptr addrspace(1) noalias %n, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds float, ptr addrspace(1) %x, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  %big = fcmp ogt float %v, 5.000000e-01
  br i1 %big, label %inc, label %latch

inc:
  %old = atomicrmw volatile add ptr addrspace(1) %n, i32 1 monotonic, align 4
  br label %latch

latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !0

exit:
  ret void
}

; The counter may alias the loads: the loop runs combined when the loads' range over the row,
; [a, a + 4 * size), lies clear of the counter's four bytes, as it was otherwise. A difference is
; folded as a sum and subtracted once.
; CHECK-LABEL: define void @sub_may_alias(
; CHECK: [[A:%.*]] = ptrtoint ptr addrspace(1) %a to i64
; CHECK-NEXT: [[BYTES:%.*]] = shl i64 %size, 2
; CHECK-NEXT: [[HIGH:%.*]] = add i64 [[A]], [[BYTES]]
; CHECK-NEXT: [[S:%.*]] = ptrtoint ptr addrspace(1) %s to i64
; CHECK-NEXT: [[SEND:%.*]] = add i64 [[S]], 4
; CHECK-NEXT: [[BELOW:%.*]] = icmp ule i64 [[HIGH]], [[S]]
; CHECK-NEXT: [[ABOVE:%.*]] = icmp ule i64 [[SEND]], [[A]]
; CHECK-NEXT: [[APART:%.*]] = or i1 [[ABOVE]], [[BELOW]]
; CHECK-NEXT: %counters.clear = and i1 true, [[APART]]
; CHECK-NEXT: br i1 %counters.clear, label %counters.alias.preheader.combined, label %counters.alias.preheader
; CHECK: wi.x.combined:
; CHECK-NEXT: [[RUNNING:%.*]] = phi i32 [ 0, %counters.alias.preheader.combined ], [ [[NEXT:%.*]], %wi.x.combined ]
; CHECK: [[NEXT]] = add i32 [[RUNNING]], %v.combined
; CHECK-NOT: atomicrmw
; CHECK: combined.atomics:
; CHECK: atomicrmw sub ptr addrspace(1) %s, i32 [[NEXT]] monotonic, align 4
; CHECK: wi.x:
; CHECK: atomicrmw sub ptr addrspace(1) %s, i32 %v monotonic
define void @sub_may_alias(ptr addrspace(1) %a, ptr addrspace(1) %s, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %old = atomicrmw sub ptr addrspace(1) %s, i32 %v monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !0

exit:
  ret void
}

; Left alone: a sequentially consistent operation, a fence, an address that
; differs between work-items, a counter that may alias a gather (whose range cannot be
; computed), a loop that is not a work-item loop, a floating-point sum.
; CHECK-LABEL: define void @left_alone(
; CHECK-NOT: combined
; CHECK: atomicrmw add ptr addrspace(1) %n, i32 2 seq_cst
; CHECK: atomicrmw add ptr addrspace(1) %n, i32 3 monotonic
; CHECK: atomicrmw add ptr addrspace(1) %p, i32 4 monotonic
; CHECK: atomicrmw add ptr addrspace(1) %m, i32 %g monotonic
; CHECK: atomicrmw add ptr addrspace(1) %n, i32 6 monotonic
; CHECK: atomicrmw fadd ptr addrspace(1) %f, float 1.000000e+00 monotonic
; CHECK-NOT: combined
; CHECK: ret void
define void @left_alone(ptr addrspace(1) noalias %n, ptr addrspace(1) noalias %out, ptr addrspace(1) %idx, ptr addrspace(1) %data, ptr addrspace(1) noalias %f, ptr addrspace(1) %m, i64 %size) {
entry:
  br label %seqcst

seqcst:
  %i2 = phi i64 [ 0, %entry ], [ %i2.next, %seqcst ]
  %r2 = atomicrmw add ptr addrspace(1) %n, i32 2 seq_cst, align 4
  %i2.next = add nuw i64 %i2, 1
  %d2 = icmp eq i64 %i2.next, %size
  br i1 %d2, label %fenced, label %seqcst, !llvm.loop !2

fenced:
  %i3 = phi i64 [ 0, %seqcst ], [ %i3.next, %fenced ]
  %r3 = atomicrmw add ptr addrspace(1) %n, i32 3 monotonic, align 4
  fence syncscope("workgroup") release
  %i3.next = add nuw i64 %i3, 1
  %d3 = icmp eq i64 %i3.next, %size
  br i1 %d3, label %varying, label %fenced, !llvm.loop !3

varying:
  %i4 = phi i64 [ 0, %fenced ], [ %i4.next, %varying ]
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i4
  %r4 = atomicrmw add ptr addrspace(1) %p, i32 4 monotonic, align 4
  %i4.next = add nuw i64 %i4, 1
  %d4 = icmp eq i64 %i4.next, %size
  br i1 %d4, label %gather, label %varying, !llvm.loop !4

gather:
  %i5 = phi i64 [ 0, %varying ], [ %i5.next, %gather ]
  %ip = getelementptr inbounds i64, ptr addrspace(1) %idx, i64 %i5
  %j = load i64, ptr addrspace(1) %ip, align 8
  %dp = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %j
  %g = load i32, ptr addrspace(1) %dp, align 4
  %r5 = atomicrmw add ptr addrspace(1) %m, i32 %g monotonic, align 4
  %i5.next = add nuw i64 %i5, 1
  %d5 = icmp eq i64 %i5.next, %size
  br i1 %d5, label %plain, label %gather, !llvm.loop !5

plain:
  %i6 = phi i64 [ 0, %gather ], [ %i6.next, %plain ]
  %r6 = atomicrmw add ptr addrspace(1) %n, i32 6 monotonic, align 4
  %i6.next = add nuw i64 %i6, 1
  %d6 = icmp eq i64 %i6.next, %size
  br i1 %d6, label %float, label %plain

float:
  %i7 = phi i64 [ 0, %plain ], [ %i7.next, %float ]
  %r7 = atomicrmw fadd ptr addrspace(1) %f, float 1.0 monotonic, align 4
  %i7.next = add nuw i64 %i7, 1
  %d7 = icmp eq i64 %i7.next, %size
  br i1 %d7, label %exit, label %float, !llvm.loop !6

exit:
  ret void
}


; The check is computed before the loop, so an address computed under a test (a division the
; loop guards) leaves the loop alone rather than divide unguarded.
; CHECK-LABEL: define void @guarded_division(
; CHECK-NOT: counters.clear
; CHECK: udiv i64 %n, %d
; CHECK: atomicrmw add ptr addrspace(1) %c, i32 1 monotonic
; CHECK-NOT: combined
; CHECK: ret void
define void @guarded_division(ptr addrspace(1) %a, ptr addrspace(1) %c, i64 %n, i64 %d, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %nz = icmp ne i64 %d, 0
  br i1 %nz, label %then, label %latch

then:
  %q = udiv i64 %n, %d
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %q
  store i32 0, ptr addrspace(1) %p, align 4
  br label %latch

latch:
  %r = atomicrmw add ptr addrspace(1) %c, i32 1 monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !7

exit:
  ret void
}

; Two sums on one address in different widths do not commute: they are checked apart (here they
; never are, and the loop as it was runs), and the combined version does them in the loop's
; order.
; CHECK-LABEL: define void @two_widths(
; CHECK: br i1 %counters.clear, label %counters.alias.preheader.combined, label %counters.alias.preheader
; CHECK: combined.atomics:
; CHECK: atomicrmw add ptr addrspace(1) %c, i32 %{{.*}} monotonic, align 8
; CHECK: atomicrmw add ptr addrspace(1) %c, i64 %{{.*}} monotonic, align 8
; CHECK: wi.x:
; CHECK: br i1 %done, label %exit, label %wi.x, !llvm.loop
; CHECK: ret void
define void @two_widths(ptr addrspace(1) noalias %c, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %a = atomicrmw add ptr addrspace(1) %c, i32 1 monotonic, align 8
  %b = atomicrmw add ptr addrspace(1) %c, i64 1 monotonic, align 8
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !8

exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"weft.loop.work_items"}
!2 = distinct !{!2, !1}
!3 = distinct !{!3, !1}
!4 = distinct !{!4, !1}
!5 = distinct !{!5, !1}
!6 = distinct !{!6, !1}
!7 = distinct !{!7, !1}
!8 = distinct !{!8, !1}
