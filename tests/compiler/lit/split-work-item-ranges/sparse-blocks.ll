; A work-item loop (weft.loop.work_items) that does work for every work-item and, in a block of
; its own, stores for one work-item of each aligned run of S, `(index & (S - 1)) == K` with K
; the same within each run: the block runs in a scalar loop of its own before the row's, over the
; runs (from the run the row's first work-item is in), at the work-item R + K of each run R where
; K < S and that work-item is in the row, its test made again there; the row's loop skips it.
;   @last_lane: a scan's `if (get_sub_group_local_id() == get_sub_group_size() - 1)
;     t[get_sub_group_id()] = v;` in sub-groups of 8 (K = min(n - (id & ~7), 8) - 1, from the
;     64-bit id through `id >> 3`), beside every work-item's store of v to its private slot.
;   @lane_five: `if ((l & 15) == 5) t[l >> 4] = v;` with a 32-bit index, beside a global store.
;   @one_item: `if (id == k)` with a 64-bit id and k from before the loop: no loop over runs, the
;     work-item k - start after the row's first, if the row reaches it.
;   @one_item_32: the same on a 32-bit index, which may wrap in the row: runs of 2^32.
;   @left_alone: the block stores where the rest stores (one object); the test is not reached by
;     every work-item (it is under a test of a flag each loads); K changes within a run
;     (`id >> 1`); S is 2^63 (`g * 2 == 10` as LLVM writes it), past what the loop over runs can
;     step by without wrapping: the loops stay as they were.
; RUN: %opt -passes=weft-split-work-item-ranges -S %s | FileCheck %s

; CHECK-LABEL: define void @last_lane(
; CHECK: [[X0:%.*]] = trunc i64 %x0 to i32
; CHECK-NEXT: %sparse.end = add i64 0, %items
; CHECK-NEXT: [[LOW:%.*]] = and i32 [[X0]], 7
; CHECK-NEXT: [[LOW64:%.*]] = zext i32 [[LOW]] to i64
; CHECK-NEXT: %sparse.first = sub i64 0, [[LOW64]]
; CHECK-NEXT: br label %sparse.run
; CHECK: sparse.run:
; CHECK-NEXT: %sparse.run.first = phi i64 [ %sparse.first, %entry ], [ %sparse.run.next, %sparse.next ]
; CHECK: [[STEPS:%.*]] = sub i64 %sparse.run.first, 0
; CHECK-NEXT: [[ID:%.*]] = add i64 %x0, [[STEPS]]
; CHECK-NEXT: %group.run = lshr i64 [[ID]], 3
; CHECK: %k.run = add i32 %size.run, -1
; CHECK-NEXT: [[K:%.*]] = zext i32 %k.run to i64
; CHECK-NEXT: %sparse.at = add i64 %sparse.run.first, [[K]]
; CHECK: %sparse.in.row = and i1
; CHECK-NEXT: br i1 %sparse.in.row, label %sparse.item, label %sparse.next
; CHECK: sparse.item:
; CHECK: %id.sparse = add i64 %x0, %sparse.at
; CHECK: %last.sparse = icmp eq i32
; CHECK-NEXT: br i1 %last.sparse, label %sparse.act, label %sparse.next
; CHECK: sparse.act:
; CHECK-NEXT: %tp.sparse = getelementptr
; CHECK-NEXT: store float %v.sparse, ptr addrspace(3) %tp.sparse
; CHECK: sparse.next:
; CHECK-NEXT: %sparse.run.next = add i64 %sparse.run.first, 8
; CHECK-NEXT: [[MORE:%.*]] = icmp slt i64 %sparse.run.next, %sparse.end
; CHECK-NEXT: br i1 [[MORE]], label %sparse.run, label %sparse.row.preheader, !llvm.loop [[SCALAR:![0-9]+]]
; CHECK: wi.x:
; CHECK-NOT: br i1 %last
; CHECK: store float %v, ptr %sp
; CHECK-NOT: addrspace(3)
; CHECK: ret void
define void @last_lane(ptr noalias %results, ptr noalias %slots, ptr addrspace(3) noalias %t,
                       i64 %size.x, i64 %x0, i32 %n) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %id = add i64 %x0, %x
  %rp = getelementptr inbounds float, ptr %results, i64 %id
  %v = load float, ptr %rp, align 4, !alias.scope !20, !noalias !21
  %group = lshr i64 %id, 3
  %group32 = trunc i64 %group to i32
  %first = mul i32 %group32, 8
  %left = sub i32 %n, %first
  %size = call i32 @llvm.umin.i32(i32 %left, i32 8)
  %k = add i32 %size, -1
  %id32 = trunc i64 %id to i32
  %lane = and i32 %id32, 7
  %last = icmp eq i32 %k, %lane
  br i1 %last, label %if.then, label %latch

if.then:
  %tp = getelementptr inbounds float, ptr addrspace(3) %t, i64 %group
  store float %v, ptr addrspace(3) %tp, align 4, !alias.scope !22, !noalias !23
  br label %latch

latch:
  %sp = getelementptr inbounds float, ptr %slots, i64 %id
  store float %v, ptr %sp, align 4, !alias.scope !24, !noalias !25
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !5

exit:
  ret void
}

; CHECK-LABEL: define void @lane_five(
; CHECK: [[LOW:%.*]] = and i32 %l0, 15
; CHECK: sparse.run:
; CHECK: %sparse.at = add i64 %sparse.run.first, 5
; CHECK: %sparse.in.row = and i1
; CHECK: sparse.item:
; CHECK: %five.sparse = icmp eq i32 %lane.sparse, 5
; CHECK: sparse.act:
; CHECK: store i32 %w.sparse, ptr addrspace(3)
; CHECK: %sparse.run.next = add i64 %sparse.run.first, 16
; CHECK: wi.x:
; CHECK-NOT: addrspace(3)
; CHECK: ret void
define void @lane_five(ptr addrspace(1) noalias %out, ptr addrspace(3) noalias %t, i64 %size.x,
                       i32 %l0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %x32 = trunc i64 %x to i32
  %l = add i32 %l0, %x32
  %w = mul i32 %l, 3
  %op = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x
  store i32 %w, ptr addrspace(1) %op, align 4
  %lane = and i32 %l, 15
  %five = icmp eq i32 %lane, 5
  br i1 %five, label %if.then, label %latch

if.then:
  %run = lshr i32 %l, 4
  %tp = getelementptr inbounds i32, ptr addrspace(3) %t, i32 %run
  store i32 %w, ptr addrspace(3) %tp, align 4
  br label %latch

latch:
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !9

exit:
  ret void
}

; CHECK-LABEL: define void @one_item(
; CHECK: sparse.run:
; CHECK-NEXT: [[SKIP:%.*]] = sub i64 %k, %x0
; CHECK-NEXT: %sparse.at = add i64 0, [[SKIP]]
; CHECK-NEXT: %sparse.in.row = icmp ult i64 [[SKIP]], %items
; CHECK-NEXT: br i1 %sparse.in.row, label %sparse.item, label %sparse.next
; CHECK: sparse.act:
; CHECK-NEXT: store i32 %w.sparse, ptr addrspace(3) %t
; CHECK: sparse.next:
; CHECK-NEXT: br label %sparse.row.preheader
; CHECK: wi.x:
; CHECK-NOT: addrspace(3)
; CHECK: ret void
define void @one_item(ptr addrspace(1) noalias %out, ptr addrspace(3) noalias %t, i64 %size.x,
                      i64 %x0, i64 %k) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %id = add i64 %x0, %x
  %w = trunc i64 %id to i32
  %op = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x
  store i32 %w, ptr addrspace(1) %op, align 4
  %at = icmp eq i64 %id, %k
  br i1 %at, label %if.then, label %latch

if.then:
  store i32 %w, ptr addrspace(3) %t, align 4
  br label %latch

latch:
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !30

exit:
  ret void
}

; CHECK-LABEL: define void @one_item_32(
; CHECK: sparse.run:
; CHECK: %sparse.at = add i64 %sparse.run.first
; CHECK: sparse.next:
; CHECK-NEXT: %sparse.run.next = add i64 %sparse.run.first, 4294967296
; CHECK: wi.x:
; CHECK-NOT: addrspace(3)
; CHECK: ret void
define void @one_item_32(ptr addrspace(1) noalias %out, ptr addrspace(3) noalias %t, i64 %size.x,
                         i32 %l0, i32 %n) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %x32 = trunc i64 %x to i32
  %l = add i32 %l0, %x32
  %op = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x
  store i32 %l, ptr addrspace(1) %op, align 4
  %at = icmp eq i32 %l, %n
  br i1 %at, label %if.then, label %latch

if.then:
  store i32 %l, ptr addrspace(3) %t, align 4
  br label %latch

latch:
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !31

exit:
  ret void
}

; CHECK-LABEL: define void @left_alone(
; CHECK-NOT: sparse.
; CHECK: ret void
define void @left_alone(ptr addrspace(3) noalias %t, ptr addrspace(3) noalias %u,
                        ptr noalias %flags, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %same

; The block stores into t, where every work-item stores.
same:
  %x = phi i64 [ 0, %entry ], [ %x.next, %same.latch ]
  %id = add i64 %x0, %x
  %tp = getelementptr inbounds i32, ptr addrspace(3) %t, i64 %id
  store i32 1, ptr addrspace(3) %tp, align 4
  %lane = and i64 %id, 7
  %two = icmp eq i64 %lane, 2
  br i1 %two, label %same.then, label %same.latch

same.then:
  %run = lshr i64 %id, 3
  %rp = getelementptr inbounds i32, ptr addrspace(3) %t, i64 %run
  store i32 2, ptr addrspace(3) %rp, align 4
  br label %same.latch

same.latch:
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %some.ph, label %same, !llvm.loop !11

; The test under another, which differs between work-items (not every one reaches it).
some.ph:
  br label %some

some:
  %y = phi i64 [ 0, %some.ph ], [ %y.next, %some.latch ]
  %yid = add i64 %x0, %y
  %yp = getelementptr inbounds i32, ptr addrspace(3) %t, i64 %yid
  store i32 1, ptr addrspace(3) %yp, align 4
  %fp = getelementptr inbounds i8, ptr %flags, i64 %yid
  %flag = load i8, ptr %fp, align 1
  %c = icmp ne i8 %flag, 0
  br i1 %c, label %some.test, label %some.latch

some.test:
  %ylane = and i64 %yid, 7
  %ytwo = icmp eq i64 %ylane, 2
  br i1 %ytwo, label %some.then, label %some.latch

some.then:
  %yrun = lshr i64 %yid, 3
  %yup = getelementptr inbounds i32, ptr addrspace(3) %u, i64 %yrun
  store i32 2, ptr addrspace(3) %yup, align 4
  br label %some.latch

some.latch:
  %y.next = add nuw nsw i64 %y, 1
  %y.done = icmp eq i64 %y.next, %items
  br i1 %y.done, label %moving.ph, label %some, !llvm.loop !13

; K = (id >> 1) & 7 changes within a run of 8.
moving.ph:
  br label %moving

moving:
  %z = phi i64 [ 0, %moving.ph ], [ %z.next, %moving.latch ]
  %zid = add i64 %x0, %z
  %zp = getelementptr inbounds i32, ptr addrspace(3) %t, i64 %zid
  store i32 1, ptr addrspace(3) %zp, align 4
  %half = lshr i64 %zid, 1
  %k = and i64 %half, 7
  %zlane = and i64 %zid, 7
  %zat = icmp eq i64 %zlane, %k
  br i1 %zat, label %moving.then, label %moving.latch

moving.then:
  %zrun = lshr i64 %zid, 3
  %zup = getelementptr inbounds i32, ptr addrspace(3) %u, i64 %zrun
  store i32 2, ptr addrspace(3) %zup, align 4
  br label %moving.latch

moving.latch:
  %z.next = add nuw nsw i64 %z, 1
  %z.done = icmp eq i64 %z.next, %items
  br i1 %z.done, label %huge.ph, label %moving, !llvm.loop !15

; (id & (2^63 - 1)) == 5.
huge.ph:
  br label %huge

huge:
  %w = phi i64 [ 0, %huge.ph ], [ %w.next, %huge.latch ]
  %wid = add i64 %x0, %w
  %wp = getelementptr inbounds i32, ptr addrspace(3) %t, i64 %wid
  store i32 1, ptr addrspace(3) %wp, align 4
  %wlow = and i64 %wid, 9223372036854775807
  %wat = icmp eq i64 %wlow, 5
  br i1 %wat, label %huge.then, label %huge.latch

huge.then:
  store i32 2, ptr addrspace(3) %u, align 4
  br label %huge.latch

huge.latch:
  %w.next = add nuw nsw i64 %w, 1
  %w.done = icmp eq i64 %w.next, %items
  br i1 %w.done, label %exit, label %huge, !llvm.loop !16

exit:
  ret void
}

declare i64 @llvm.umax.i64(i64, i64)
declare i32 @llvm.umin.i32(i32, i32)

attributes #0 = { nofree norecurse nosync nounwind "target-cpu"="x86-64-v3" }

; CHECK: [[SCALAR]] = distinct !{[[SCALAR]], [[WIDTH:![0-9]+]], [[INTERLEAVE:![0-9]+]]}
; CHECK: [[WIDTH]] = !{!"llvm.loop.vectorize.width", i32 1}
; CHECK: [[INTERLEAVE]] = !{!"llvm.loop.interleave.count", i32 1}

!4 = distinct !{}
!5 = distinct !{!5, !6, !7}
!6 = !{!"llvm.loop.parallel_accesses", !4}
!7 = !{!"weft.loop.work_items"}
!8 = distinct !{}
!9 = distinct !{!9, !10, !7}
!10 = !{!"llvm.loop.parallel_accesses", !8}
!11 = distinct !{!11, !7}
!13 = distinct !{!13, !7}
!15 = distinct !{!15, !7}
!16 = distinct !{!16, !7}
!30 = distinct !{!30, !7}
!31 = distinct !{!31, !7}
!18 = distinct !{!18}
!19 = distinct !{!19, !18}
!26 = distinct !{!26, !18}
!27 = distinct !{!27, !18}
!20 = !{!19}
!21 = !{!26, !27}
!22 = !{!26}
!23 = !{!19, !27}
!24 = !{!27}
!25 = !{!19, !26}
