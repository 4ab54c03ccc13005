; A work-item loop with a loop inside: a histogram whose work-items each count n values. The
; atomic in the inner loop is counted in bins over the whole row (the loop as it was runs only
; where an access that may alias the counters is not clear of them), with no test of the row's
; length (how many operations it does is not counted).
; RUN: %opt -passes=weft-combine-atomics -S %s | FileCheck %s

; The loads may alias the counters: their range over the nest, from the first work-item's first
; value to the last one's last, with a step (n) whose sign is not known, is checked clear of the
; bins' 1024 bytes.
; CHECK-LABEL: define void @nest(
; CHECK: [[BINS:%bins[0-9]*]] = alloca [256 x i32], align 4
; CHECK: [[LOW:%.*]] = call i64 @llvm.umin.i64(
; CHECK: [[HIGHEST:%.*]] = call i64 @llvm.umax.i64(
; CHECK-NEXT: [[HIGH:%.*]] = add i64 [[HIGHEST]], 1
; CHECK-NEXT: [[COUNTERS:%.*]] = ptrtoint ptr addrspace(1) %bins to i64
; CHECK-NEXT: [[END:%.*]] = add i64 [[COUNTERS]], 1024
; CHECK-NEXT: [[BELOW:%.*]] = icmp ule i64 [[HIGH]], [[COUNTERS]]
; CHECK-NEXT: [[ABOVE:%.*]] = icmp ule i64 [[END]], [[LOW]]
; CHECK-NEXT: [[APART:%.*]] = or i1 [[ABOVE]], [[BELOW]]
; CHECK-NEXT: %counters.clear = and i1 true, [[APART]]
; CHECK-NEXT: br i1 %counters.clear, label %counters.alias.preheader.combined, label %counters.alias.preheader
; CHECK: counters.alias.preheader.combined:
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 4 [[BINS]], i8 0, i64 1024, i1 false)
; CHECK: k.loop.combined:
; CHECK: %bin = lshr exact i64 {{%.*}}, 2
; CHECK-NEXT: [[CELL:%.*]] = getelementptr inbounds [256 x i32], ptr [[BINS]], i64 0, i64 %bin
; CHECK-NEXT: [[OLD:%.*]] = load i32, ptr [[CELL]], align 4
; CHECK-NEXT: [[NEW:%.*]] = add i32 [[OLD]], 1
; CHECK-NEXT: store i32 [[NEW]], ptr [[CELL]], align 4
; CHECK-NOT: atomicrmw
; CHECK: br i1 %done.combined, label %binned.atomics, label %wi.x.combined
; CHECK: bins.add:
; CHECK: atomicrmw add ptr addrspace(1) {{%.*}}, i32 %bin.total monotonic, align 4
; CHECK: k.loop:
; CHECK: atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
define void @nest(ptr addrspace(1) %in, ptr addrspace(1) %bins, i64 %size, i64 %n) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %row = mul i64 %i, %n
  br label %k.loop

k.loop:
  %k = phi i64 [ 0, %wi.x ], [ %k.next, %k.loop ]
  %at = add i64 %row, %k
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %at
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %k.next = add nuw i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n
  br i1 %k.done, label %latch, label %k.loop

latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !0

exit:
  ret void
}

; Left alone: a loop inside whose trip count is not known (it runs until a value read is 0, so
; the row might not end), a counter at one address in a loop inside (the other modes take
; innermost loops only), a loop inside that is itself a work-item loop (the row is that loop).
; CHECK-LABEL: define void @unknown_trips(
; CHECK-NOT: bins.add
; CHECK: ret void
define void @unknown_trips(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %bins, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  br label %k.loop

k.loop:
  %k = phi i64 [ %i, %wi.x ], [ %k.next, %k.loop ]
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %k
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %k.next = add nuw i64 %k, 1
  %k.done = icmp eq i8 %v, 0
  br i1 %k.done, label %latch, label %k.loop

latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !1

exit:
  ret void
}

; CHECK-LABEL: define void @nested_counter(
; CHECK-NOT: combined.atomics
; CHECK: atomicrmw volatile add ptr addrspace(1) %sum
; CHECK-NOT: combined.atomics
; CHECK: ret void
define void @nested_counter(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %sum, i64 %size, i64 %n) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %row = mul i64 %i, %n
  br label %k.loop

k.loop:
  %k = phi i64 [ 0, %wi.x ], [ %k.next, %k.loop ]
  %at = add i64 %row, %k
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %at
  %v = load i32, ptr addrspace(1) %p, align 4
  %old = atomicrmw volatile add ptr addrspace(1) %sum, i32 %v monotonic, align 4
  %k.next = add nuw i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n
  br i1 %k.done, label %latch, label %k.loop

latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !2

exit:
  ret void
}

; The y loop holds the x loop, a work-item loop of its own: the bins are the x loop's (one test
; of the row's length, after the y loop's header), not the y loop's.
; CHECK-LABEL: define void @rows(
; CHECK: wi.y:
; CHECK: %bins.row = icmp uge i64 {{%.*}}, 63
; CHECK: wi.x.combined:
; CHECK: bins.add:
; CHECK: br i1 %y.done, label %exit, label %wi.y
define void @rows(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %bins, i64 %size.x, i64 %size.y) {
entry:
  br label %wi.y

wi.y:
  %j = phi i64 [ 0, %entry ], [ %j.next, %y.latch ]
  %row = mul i64 %j, %size.x
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %wi.y ], [ %i.next, %wi.x ]
  %at = add i64 %row, %i
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %at
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size.x
  br i1 %done, label %y.latch, label %wi.x, !llvm.loop !3

y.latch:
  %j.next = add nuw i64 %j, 1
  %y.done = icmp eq i64 %j.next, %size.y
  br i1 %y.done, label %exit, label %wi.y, !llvm.loop !4

exit:
  ret void
}

!0 = distinct !{!0, !9}
!1 = distinct !{!1, !9}
!2 = distinct !{!2, !9}
!3 = distinct !{!3, !9}
!4 = distinct !{!4, !9}
!9 = !{!"weft.loop.work_items"}
