; A work-item loop (weft.loop.work_items) whose body acts only for every S-th work-item, by a test
; `(index & (S - 1)) == K` at its head with nothing done when the test fails, steps by S from the
; first work-item the test takes (none: the loop is skipped), the test folded away.
;   @lanes: `if (get_sub_group_local_id() == 0)` in sub-groups of 16 (the row's first local
;     linear id x0 + x): from (0 - x0) & 15, by 16.
;   @first_item: `if (l == 0)` on a `uint l = get_local_id(0)`, which LLVM tests as
;     `(x & 0xffffffff) == 0`: by 2^32, so work-item 0 alone.
;   @not_one: `if (i % 4 != 1) return;` on an int index truncated from the loop's: the test's false
;     side acts; from (1 - trunc(x0)) & 3, by 4, the index's type 32 bits.
;   @only_first: `if (get_local_id(0) == 0)` around a loop (so not an innermost loop, which
;     splitting at bounds takes): the 64-bit index's range is the stride, so one iteration at most:
;     the latch's test false, and the loop folds away.
;   @at_n: `if ((uint)get_global_id(0) == n)`, n an argument: from (n - trunc(x0)) mod 2^32, by
;     2^32.
;   @two_counters: as @lanes, with a 32-bit counter LLVM derived from the loop's (step 3): it
;     starts 3 * skip further and steps by 3 * 16.
;   @left_alone: a store before the test (every work-item acts), a mask that is not 2^k - 1,
;     a value that leaves the loop, a value other than a counter carried from one work-item to
;     the next: the loops stay as they were.
; The inputs are trimmed x loops in the style of ranges.ll (x0 the row's first index).
; RUN: %opt -passes=weft-split-work-item-ranges -S %s | FileCheck %s

; CHECK-LABEL: define void @lanes(
; CHECK: [[NEG:%.*]] = sub i64 0, %x0
; CHECK-NEXT: [[SKIP:%.*]] = and i64 [[NEG]], 15
; CHECK-NEXT: %stride.first = add i64 0, [[SKIP]]
; CHECK-NEXT: %stride.end = add i64 0, %items
; CHECK-NEXT: %stride.any = icmp ult i64 [[SKIP]], %items
; CHECK-NEXT: br i1 %stride.any, label %wi.x.preheader, label %exit
; CHECK: wi.x:
; CHECK-NEXT: %x = phi i64 [ %stride.next, %latch ], [ %stride.first, %wi.x.preheader ]
; CHECK-NOT: br i1
; CHECK: br label %if.then
; CHECK: store float
; CHECK: latch:
; CHECK-NEXT: %stride.next = add nuw i64 %x, 16
; CHECK-NEXT: %stride.more = icmp ult i64 %stride.next, %stride.end
; CHECK-NEXT: [[DONE:%.*]] = xor i1 %stride.more, true
; CHECK-NEXT: br i1 [[DONE]], label %exit.loopexit, label %wi.x
define void @lanes(ptr addrspace(1) %sums, ptr %values, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %id = add i64 %x0, %x
  %lane = and i64 %id, 15
  %first = icmp eq i64 %lane, 0
  br i1 %first, label %if.then, label %latch

if.then:
  %vp = getelementptr inbounds float, ptr %values, i64 %id
  %v = load float, ptr %vp, align 4, !llvm.access.group !4
  %group = lshr i64 %id, 4
  %sp = getelementptr inbounds float, ptr addrspace(1) %sums, i64 %group
  store float %v, ptr addrspace(1) %sp, align 4, !llvm.access.group !4
  br label %latch

latch:
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !5

exit:
  ret void
}

; CHECK-LABEL: define void @first_item(
; CHECK: %stride.any = icmp ult i64 0, %items
; CHECK-NEXT: br i1 %stride.any, label %wi.x.preheader, label %exit
; CHECK: %x = phi i64 [ %stride.next, %latch ], [ 0, %wi.x.preheader ]
; CHECK-NOT: br i1
; CHECK: %stride.next = add nuw i64 %x, 4294967296
define void @first_item(ptr addrspace(1) %out, ptr addrspace(3) %s, i64 %size.x) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %l = and i64 %x, 4294967295
  %is.zero = icmp eq i64 %l, 0
  br i1 %is.zero, label %if.then, label %latch

if.then:
  %v = load float, ptr addrspace(3) %s, align 16, !llvm.access.group !8
  store float %v, ptr addrspace(1) %out, align 4, !llvm.access.group !8
  br label %latch

latch:
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !9

exit:
  ret void
}

; CHECK-LABEL: define void @not_one(
; CHECK: [[START:%.*]] = trunc i64 %x0 to i32
; CHECK-NEXT: [[NEG:%.*]] = sub i32 1, [[START]]
; CHECK-NEXT: [[LANE:%.*]] = and i32 [[NEG]], 3
; CHECK-NEXT: %stride.skip = zext i32 [[LANE]] to i64
; CHECK-NEXT: %stride.first = add i64 0, %stride.skip
; CHECK-NOT: br i1 %other
; CHECK: store i32 %i
; CHECK: %stride.next = add nuw i64 %x, 4
define void @not_one(ptr addrspace(1) %a, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %id = add i64 %x0, %x
  %i = trunc i64 %id to i32
  %r = and i32 %i, 3
  %other = icmp ne i32 %r, 1
  br i1 %other, label %latch, label %if.then

if.then:
  %q = lshr i32 %i, 2
  %q64 = zext i32 %q to i64
  %ap = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %q64
  store i32 %i, ptr addrspace(1) %ap, align 4, !llvm.access.group !11
  br label %latch

latch:
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !12

exit:
  ret void
}

; CHECK-LABEL: define void @only_first(
; CHECK: %stride.any = icmp ult i64 0, %items
; CHECK-NEXT: br i1 %stride.any, label %wi.x, label %exit
; CHECK: wi.x:
; CHECK-NOT: phi
; CHECK: br label %sum.pre
; CHECK: sum:
; CHECK: latch:
; CHECK-NEXT: %x.next = add nuw nsw i64 0, 1
; CHECK-NEXT: br label %exit
define void @only_first(ptr addrspace(1) %out, ptr addrspace(3) %s, i32 %n, i64 %size.x) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %is.zero = icmp eq i64 %x, 0
  br i1 %is.zero, label %sum.pre, label %latch

sum.pre:
  br label %sum

sum:
  %k = phi i32 [ 0, %sum.pre ], [ %k.next, %sum ]
  %t = phi float [ 0.000000e+00, %sum.pre ], [ %t.next, %sum ]
  %k64 = zext i32 %k to i64
  %sp = getelementptr inbounds float, ptr addrspace(3) %s, i64 %k64
  %v = load float, ptr addrspace(3) %sp, align 4, !llvm.access.group !20
  %t.next = fadd float %t, %v
  %k.next = add nuw i32 %k, 1
  %k.done = icmp eq i32 %k.next, %n
  br i1 %k.done, label %sum.end, label %sum

sum.end:
  store float %t.next, ptr addrspace(1) %out, align 4, !llvm.access.group !20
  br label %latch

latch:
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !21

exit:
  ret void
}

; CHECK-LABEL: define void @at_n(
; CHECK: [[START:%.*]] = trunc i64 %x0 to i32
; CHECK-NEXT: [[SKIP:%.*]] = sub i32 %n, [[START]]
; CHECK-NEXT: %stride.skip = zext i32 [[SKIP]] to i64
; CHECK: %stride.next = add nuw i64 %x, 4294967296
define void @at_n(ptr addrspace(1) %out, i32 %n, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %id = add i64 %x0, %x
  %i = trunc i64 %id to i32
  %is.n = icmp eq i32 %i, %n
  br i1 %is.n, label %if.then, label %latch

if.then:
  store i32 %i, ptr addrspace(1) %out, align 4, !llvm.access.group !23
  br label %latch

latch:
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !24

exit:
  ret void
}

; CHECK-LABEL: define void @two_counters(
; CHECK: [[SKIP:%.*]] = and i64 {{.*}}, 15
; CHECK: [[SKIP32:%.*]] = trunc i64 [[SKIP]] to i32
; CHECK-NEXT: [[AHEAD:%.*]] = mul i32 [[SKIP32]], 3
; CHECK-NEXT: [[C0:%.*]] = add i32 %c0, [[AHEAD]]
; CHECK: %c = phi i32 [ {{.*}} ], [ [[C0]], %wi.x.preheader ]
; CHECK: %stride.next = add nuw i64 %x, 16
; CHECK: {{%.*}} = add i32 %c, 48
define void @two_counters(ptr addrspace(1) %out, i32 %c0, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %c = phi i32 [ %c0, %entry ], [ %c.next, %latch ]
  %id = add i64 %x0, %x
  %lane = and i64 %id, 15
  %first = icmp eq i64 %lane, 0
  br i1 %first, label %if.then, label %latch

if.then:
  %group = lshr i64 %id, 4
  %op = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %group
  store i32 %c, ptr addrspace(1) %op, align 4, !llvm.access.group !26
  br label %latch

latch:
  %c.next = add i32 %c, 3
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !27

exit:
  ret void
}

; CHECK-LABEL: define i64 @left_alone(
; CHECK-NOT: stride.
; CHECK: ret i64
define i64 @left_alone(ptr addrspace(1) %a, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %every

; A store before the test: every work-item acts.
every:
  %x = phi i64 [ 0, %entry ], [ %x.next, %every.latch ]
  %id = add i64 %x0, %x
  %ap = getelementptr inbounds i64, ptr addrspace(1) %a, i64 %id
  store i64 0, ptr addrspace(1) %ap, align 8, !llvm.access.group !14
  %lane = and i64 %id, 7
  %first = icmp eq i64 %lane, 0
  br i1 %first, label %every.then, label %every.latch

every.then:
  store i64 1, ptr addrspace(1) %ap, align 8, !llvm.access.group !14
  br label %every.latch

every.latch:
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %gappy.pre, label %every, !llvm.loop !15

; `(i & 6) == 0` holds for two work-items of every eight, not one in a stride.
gappy.pre:
  br label %gappy

gappy:
  %y = phi i64 [ 0, %gappy.pre ], [ %y.next, %gappy.latch ]
  %yid = add i64 %x0, %y
  %bits = and i64 %yid, 6
  %none = icmp eq i64 %bits, 0
  br i1 %none, label %gappy.then, label %gappy.latch

gappy.then:
  %bp = getelementptr inbounds i64, ptr addrspace(1) %a, i64 %yid
  store i64 2, ptr addrspace(1) %bp, align 8, !llvm.access.group !14
  br label %gappy.latch

gappy.latch:
  %y.next = add nuw nsw i64 %y, 1
  %y.done = icmp eq i64 %y.next, %items
  br i1 %y.done, label %leaves.pre, label %gappy, !llvm.loop !16

; The last work-item's id leaves the loop.
leaves.pre:
  br label %leaves

leaves:
  %z = phi i64 [ 0, %leaves.pre ], [ %z.next, %leaves.latch ]
  %zid = add i64 %x0, %z
  %zlane = and i64 %zid, 3
  %zfirst = icmp eq i64 %zlane, 0
  br i1 %zfirst, label %leaves.then, label %leaves.latch

leaves.then:
  %cp = getelementptr inbounds i64, ptr addrspace(1) %a, i64 %zid
  store i64 3, ptr addrspace(1) %cp, align 8, !llvm.access.group !14
  br label %leaves.latch

leaves.latch:
  %z.next = add nuw nsw i64 %z, 1
  %z.done = icmp eq i64 %z.next, %items
  br i1 %z.done, label %carried.pre, label %leaves, !llvm.loop !17

; A value carried from one work-item to the next (no counter stepping by a constant).
carried.pre:
  %last = phi i64 [ %zid, %leaves.latch ]
  br label %carried

carried:
  %w = phi i64 [ 0, %carried.pre ], [ %w.next, %carried.latch ]
  %count = phi i64 [ 0, %carried.pre ], [ %count.next, %carried.latch ]
  %wid = add i64 %x0, %w
  %wlane = and i64 %wid, 3
  %wfirst = icmp eq i64 %wlane, 0
  br i1 %wfirst, label %carried.then, label %carried.latch

carried.then:
  %dp = getelementptr inbounds i64, ptr addrspace(1) %a, i64 %wid
  store i64 %count, ptr addrspace(1) %dp, align 8, !llvm.access.group !14
  br label %carried.latch

carried.latch:
  %count.next = xor i64 %count, %wid
  %w.next = add nuw nsw i64 %w, 1
  %w.done = icmp eq i64 %w.next, %items
  br i1 %w.done, label %exit, label %carried, !llvm.loop !18

exit:
  ret i64 %last
}

declare i64 @llvm.umax.i64(i64, i64)

attributes #0 = { nofree norecurse nosync nounwind "target-cpu"="x86-64-v3" }

!4 = distinct !{}
!5 = distinct !{!5, !6, !7}
!6 = !{!"llvm.loop.parallel_accesses", !4}
!7 = !{!"weft.loop.work_items"}
!8 = distinct !{}
!9 = distinct !{!9, !10, !7}
!10 = !{!"llvm.loop.parallel_accesses", !8}
!11 = distinct !{}
!12 = distinct !{!12, !13, !7}
!13 = !{!"llvm.loop.parallel_accesses", !11}
!14 = distinct !{}
!15 = distinct !{!15, !19, !7}
!16 = distinct !{!16, !19, !7}
!17 = distinct !{!17, !19, !7}
!18 = distinct !{!18, !19, !7}
!19 = !{!"llvm.loop.parallel_accesses", !14}
!20 = distinct !{}
!21 = distinct !{!21, !22, !7}
!22 = !{!"llvm.loop.parallel_accesses", !20}
!23 = distinct !{}
!24 = distinct !{!24, !25, !7}
!25 = !{!"llvm.loop.parallel_accesses", !23}
!26 = distinct !{}
!27 = distinct !{!27, !28, !7}
!28 = !{!"llvm.loop.parallel_accesses", !26}
