; A work-item loop's one relaxed atomic at an address the same for every work-item, its result
; used: a copy of the loop before it folds the row's operands, one operation gives the counter's
; value before the row, and each work-item's result is that value with the fold of the
; work-items before it.
; RUN: %opt -passes=weft-combine-atomics -S %s | FileCheck %s

; Stream compaction. The copy keeps what decides whether a work-item reaches the operation (the
; load and the test) and drops the store and what the result fed. The counter may alias the load
; before the operation (a work-item alone in its row to operate on the counter may read it
; first): the combined loop runs when two work-items or more reach the operation, the loop as it
; was otherwise. No range is checked.
; CHECK-LABEL: define void @compact(
; CHECK-NOT: counters.clear
; CHECK: br label %counters.alias.preheader.combined
; CHECK: wi.x.combined.count:
; CHECK-NEXT: [[REACHED:%.*]] = phi i64 [ 0, %slot.base.count ], [ [[REACHED1:%.*]], %latch.combined.count ]
; CHECK-NEXT: [[TOTAL:%.*]] = phi i32 [ 0, %slot.base.count ], [ [[TOTAL1:%.*]], %latch.combined.count ]
; CHECK: load float
; CHECK-NOT: store
; CHECK-NOT: atomicrmw
; CHECK: inc.combined.count:
; CHECK-NEXT: [[PLUS:%.*]] = add i32 [[TOTAL]], 1
; CHECK-NEXT: [[ONE:%.*]] = add i64 [[REACHED]], 1
; CHECK-NEXT: br label %latch.combined.count
; CHECK: br i1 %done.combined.count, label %slot.base, label %wi.x.combined.count, !llvm.loop [[COUNTID:![0-9]+]]
; CHECK: slot.base:
; CHECK-NEXT: %slot.many = icmp uge i64 [[REACHED1]], 2
; CHECK-NEXT: br i1 %slot.many, label %slot.once, label %counters.alias.preheader
; CHECK: slot.once:
; CHECK-NEXT: [[BEFORE:%.*]] = atomicrmw add ptr addrspace(1) %n, i32 [[TOTAL1]] monotonic, align 4
; CHECK: slot.start:
; CHECK-NEXT: %slot.before = phi i32 [ [[BEFORE]], %slot.once ]{{$}}
; CHECK: wi.x.combined:
; CHECK-NEXT: [[RUNNING:%.*]] = phi i32 [ 0, %slot.start ], [ [[RUNNING1:%.*]], %latch.combined ]
; CHECK: inc.combined:
; CHECK-NEXT: [[OLD:%.*]] = add i32 %slot.before, [[RUNNING]]
; CHECK-NEXT: [[NEXT:%.*]] = add i32 [[RUNNING]], 1
; CHECK-NEXT: %idx.combined = sext i32 [[OLD]] to i64
; CHECK: store float %v.combined
; CHECK: latch.combined:
; CHECK-NEXT: [[RUNNING1]] = phi i32 [ [[NEXT]], %inc.combined ], [ [[RUNNING]], %wi.x.combined ]
; CHECK: counters.alias.preheader:
; CHECK: wi.x:
; CHECK: %old = atomicrmw volatile add ptr addrspace(1) %n, i32 1 monotonic
define void @compact(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %n, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  %big = fcmp ogt float %v, 5.000000e-01
  br i1 %big, label %inc, label %latch

inc:
  %old = atomicrmw volatile add ptr addrspace(1) %n, i32 1 monotonic, align 4
  %idx = sext i32 %old to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %v, ptr addrspace(1) %q, align 4
  br label %latch

latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !0

exit:
  ret void
}

; Tickets, counted down; nothing before the operation reads memory: no check. A difference is
; folded as a sum and subtracted, once from the counter and from its value before the row for each
; work-item.
; CHECK-LABEL: define void @tickets(
; CHECK-NOT: counters.alias
; CHECK: %slot.any = icmp ne i64 {{%.*}}, 0
; CHECK: slot.once:
; CHECK-NEXT: atomicrmw sub ptr addrspace(1) %n, i32 {{%.*}} monotonic
; CHECK: wi.x:
; CHECK-NEXT: [[RUNNING:%.*]] = phi i32 [ 0, %slot.start ], [ [[NEXT:%.*]], %wi.x ]
; CHECK: [[OLD:%.*]] = sub i32 %slot.before, [[RUNNING]]
; CHECK-NEXT: [[NEXT]] = add i32 [[RUNNING]], 1
; CHECK: store i32 [[OLD]]
; CHECK-NOT: atomicrmw
; CHECK: ret void
define void @tickets(ptr addrspace(1) %t, ptr addrspace(1) %n, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %old = atomicrmw sub ptr addrspace(1) %n, i32 1 monotonic, align 4
  %q = getelementptr inbounds i32, ptr addrspace(1) %t, i64 %i
  store i32 %old, ptr addrspace(1) %q, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !1

exit:
  ret void
}

; A maximum's result: the larger of the value before the row and the largest operand before.
; CHECK-LABEL: define void @running_max(
; CHECK: slot.once:
; CHECK-NEXT: atomicrmw max ptr addrspace(1) %m, i32 {{%.*}} monotonic
; CHECK: wi.x:
; CHECK-NEXT: [[RUNNING:%.*]] = phi i32 [ -2147483648, %slot.start ]
; CHECK: [[GREATER:%.*]] = icmp sgt i32 %slot.before, [[RUNNING]]
; CHECK-NEXT: [[OLD:%.*]] = select i1 [[GREATER]], i32 %slot.before, i32 [[RUNNING]]
; CHECK: store i32 [[OLD]]
define void @running_max(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %o, ptr addrspace(1) noalias %m, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %old = atomicrmw max ptr addrspace(1) %m, i32 %v monotonic, align 4
  %q = getelementptr inbounds i32, ptr addrspace(1) %o, i64 %i
  store i32 %old, ptr addrspace(1) %q, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !2

exit:
  ret void
}

; A result that decides a branch after the operation (a bounded list): the copy takes the
; branch's first way, for it does not decide whether a work-item reaches the operation; the
; loop keeps the test. A test after the operation may read what the work-item stored before.
; CHECK-LABEL: define void @bounded(
; CHECK: bounded.count:
; CHECK-NOT: icmp slt
; CHECK-NOT: load
; CHECK: br label %bounded.store.count
; CHECK: bounded.store.count:
; CHECK-NEXT: br label %bounded.latch.count
; CHECK: slot.once:
; CHECK-NEXT: atomicrmw add ptr addrspace(1) %n, i32 {{%.*}} monotonic
; CHECK: bounded:
; CHECK: [[OLD:%.*]] = add i32 %slot.before,
; CHECK: %fits = icmp slt i32 [[OLD]], %cap
; CHECK-NEXT: br i1 %fits, label %bounded.store, label %bounded.latch
; CHECK: bounded.store:
; CHECK: load i32, ptr addrspace(1) %rp
; CHECK-NOT: atomicrmw
; CHECK: ret void
define void @bounded(ptr addrspace(1) noalias %n, ptr addrspace(1) noalias %out, ptr addrspace(1) %w, ptr addrspace(1) %r, i32 %cap, i64 %size) {
entry:
  br label %bounded

bounded:
  %i1 = phi i64 [ 0, %entry ], [ %i1.next, %bounded.latch ]
  %wp = getelementptr inbounds i32, ptr addrspace(1) %w, i64 %i1
  store i32 7, ptr addrspace(1) %wp, align 4
  %old1 = atomicrmw add ptr addrspace(1) %n, i32 1 monotonic, align 4
  %fits = icmp slt i32 %old1, %cap
  br i1 %fits, label %bounded.store, label %bounded.latch

bounded.store:
  %rp = getelementptr inbounds i32, ptr addrspace(1) %r, i64 %i1
  %x = load i32, ptr addrspace(1) %rp, align 4
  %q1 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %old1
  store i32 %x, ptr addrspace(1) %q1, align 4
  br label %bounded.latch

bounded.latch:
  %i1.next = add nuw i64 %i1, 1
  %d1 = icmp eq i64 %i1.next, %size
  br i1 %d1, label %exit, label %bounded, !llvm.loop !3

exit:
  ret void
}

; Left alone: a test before the operation reading what the work-item may have stored before in
; its iteration (the copy, without the store, would read something else); two counters whose
; results are used; one whose result is used beside one whose result is not.
; CHECK-LABEL: define void @left_alone(
; CHECK-NOT: slot.
; CHECK: %old2 = atomicrmw add ptr addrspace(1) %n, i32 2 monotonic
; CHECK: %old3 = atomicrmw add ptr addrspace(1) %n, i32 3 monotonic
; CHECK: %old4 = atomicrmw add ptr addrspace(1) %m, i32 4 monotonic
; CHECK: %old5 = atomicrmw add ptr addrspace(1) %n, i32 5 monotonic
; CHECK: %unused = atomicrmw add ptr addrspace(1) %m, i32 6 monotonic
; CHECK-NOT: slot.
; CHECK: ret void
define void @left_alone(ptr addrspace(1) noalias %n, ptr addrspace(1) noalias %m, ptr addrspace(1) noalias %out, ptr addrspace(1) %w, ptr addrspace(1) %r, i64 %size) {
entry:
  br label %reread

reread:
  %i2 = phi i64 [ 0, %entry ], [ %i2.next, %reread.latch ]
  %wp = getelementptr inbounds i32, ptr addrspace(1) %w, i64 %i2
  store i32 7, ptr addrspace(1) %wp, align 4
  %rp = getelementptr inbounds i32, ptr addrspace(1) %r, i64 %i2
  %x = load i32, ptr addrspace(1) %rp, align 4
  %seven = icmp eq i32 %x, 7
  br i1 %seven, label %reread.inc, label %reread.latch

reread.inc:
  %old2 = atomicrmw add ptr addrspace(1) %n, i32 2 monotonic, align 4
  %q2 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %old2
  store i32 %x, ptr addrspace(1) %q2, align 4
  br label %reread.latch

reread.latch:
  %i2.next = add nuw i64 %i2, 1
  %d2 = icmp eq i64 %i2.next, %size
  br i1 %d2, label %two, label %reread, !llvm.loop !4

two:
  %i3 = phi i64 [ 0, %reread.latch ], [ %i3.next, %two ]
  %old3 = atomicrmw add ptr addrspace(1) %n, i32 3 monotonic, align 4
  %old4 = atomicrmw add ptr addrspace(1) %m, i32 4 monotonic, align 4
  %sum = add i32 %old3, %old4
  %q3 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i3
  store i32 %sum, ptr addrspace(1) %q3, align 4
  %i3.next = add nuw i64 %i3, 1
  %d3 = icmp eq i64 %i3.next, %size
  br i1 %d3, label %mixed, label %two, !llvm.loop !5

mixed:
  %i4 = phi i64 [ 0, %two ], [ %i4.next, %mixed ]
  %old5 = atomicrmw add ptr addrspace(1) %n, i32 5 monotonic, align 4
  %unused = atomicrmw add ptr addrspace(1) %m, i32 6 monotonic, align 4
  %q4 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i4
  store i32 %old5, ptr addrspace(1) %q4, align 4
  %i4.next = add nuw i64 %i4, 1
  %d4 = icmp eq i64 %i4.next, %size
  br i1 %d4, label %exit, label %mixed, !llvm.loop !6

exit:
  ret void
}

; An assumption under the test after the operation: the copy, which takes the test's first way,
; drops it (it would hold for work-items it does not hold for, and LLVM would fold the operand
; with it); the loop keeps it.
; CHECK-LABEL: define void @assume_after(
; CHECK: h.count:
; CHECK-NOT: @llvm.assume
; CHECK: slot.base:
; CHECK: st:
; CHECK: call void @llvm.assume(i1 %not7)
define void @assume_after(ptr noalias %in, ptr noalias %out, ptr noalias %n, i32 %cap, i64 %size) {
entry:
  br label %h

h:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i32, ptr %in, i64 %i
  %x = load i32, ptr %p, align 4
  %is7 = icmp eq i32 %x, 7
  %val = select i1 %is7, i32 100, i32 1
  %old = atomicrmw add ptr %n, i32 %val monotonic, align 4
  %fits = icmp slt i32 %old, %cap
  br i1 %fits, label %st, label %latch

st:
  %not7 = icmp ne i32 %x, 7
  call void @llvm.assume(i1 %not7)
  %q = getelementptr inbounds i32, ptr %out, i32 %old
  store i32 %x, ptr %q, align 4
  br label %latch

latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %h, !llvm.loop !8

exit:
  ret void
}

; Left alone: a cycle inside the iteration that is not a loop of LoopInfo's (irreducible: one
; work-item would operate more than once); a value carried from one work-item to the next (the
; copy would compute it along other ways); a test of a frozen value (of an undefined one, the copy
; and the loop could take either); a test of a clock (a call touching memory no kernel sees:
; computed again in the copy it would differ).
; CHECK-LABEL: define void @irreducible(
; CHECK-NOT: slot.
; CHECK: %old = atomicrmw add ptr %n, i32 1 monotonic
define void @irreducible(ptr noalias %flag, ptr noalias %cnt, ptr noalias %out, ptr noalias %n, i64 %size) {
entry:
  br label %h

h:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %fp = getelementptr inbounds i32, ptr %flag, i64 %i
  %f = load i32, ptr %fp, align 4
  %cp = getelementptr inbounds i32, ptr %cnt, i64 %i
  %fz = icmp eq i32 %f, 0
  br i1 %fz, label %c, label %d

c:
  %v = load i32, ptr %cp, align 4
  %v1 = sub i32 %v, 1
  store i32 %v1, ptr %cp, align 4
  %last = icmp sle i32 %v, 1
  br i1 %last, label %latch, label %d

d:
  %old = atomicrmw add ptr %n, i32 1 monotonic, align 4
  %q = getelementptr inbounds i32, ptr %out, i32 %old
  store i32 1, ptr %q, align 4
  br label %c

latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %h, !llvm.loop !9

exit:
  ret void
}

; CHECK-LABEL: define void @carried(
; CHECK-NOT: slot.
; CHECK: %old = atomicrmw add ptr %n, i32 1 monotonic
define void @carried(ptr noalias %in, ptr noalias %out, ptr noalias %n, i64 %size) {
entry:
  br label %h

h:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %go = phi i1 [ true, %entry ], [ %go.next, %latch ]
  br i1 %go, label %inc, label %latch

inc:
  %old = atomicrmw add ptr %n, i32 1 monotonic, align 4
  %q = getelementptr inbounds i32, ptr %out, i32 %old
  store i32 1, ptr %q, align 4
  %p = getelementptr inbounds i32, ptr %in, i64 %i
  %x = load i32, ptr %p, align 4
  %stop = icmp eq i32 %x, 0
  br i1 %stop, label %latch, label %cont

cont:
  br label %latch

latch:
  %go.next = phi i1 [ false, %inc ], [ true, %cont ], [ %go, %h ]
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %h, !llvm.loop !10

exit:
  ret void
}

; CHECK-LABEL: define void @frozen(
; CHECK-NOT: slot.
; CHECK: %old = atomicrmw add ptr %n, i32 1 monotonic
define void @frozen(ptr noalias %in, ptr noalias %out, ptr noalias %n, i64 %size) {
entry:
  br label %h

h:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i32, ptr %in, i64 %i
  %x = load i32, ptr %p, align 4
  %f = freeze i32 %x
  %odd = trunc i32 %f to i1
  br i1 %odd, label %inc, label %latch

inc:
  %old = atomicrmw add ptr %n, i32 1 monotonic, align 4
  %q = getelementptr inbounds i64, ptr %out, i32 %old
  store i64 %i, ptr %q, align 8
  br label %latch

latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %h, !llvm.loop !12

exit:
  ret void
}

; CHECK-LABEL: define void @clocked(
; CHECK-NOT: slot.
; CHECK: %old = atomicrmw add ptr %n, i32 1 monotonic
define void @clocked(ptr noalias %out, ptr noalias %n, i64 %size) {
entry:
  br label %h

h:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %t = call i32 @clock()
  %odd = trunc i32 %t to i1
  br i1 %odd, label %inc, label %latch

inc:
  %old = atomicrmw add ptr %n, i32 1 monotonic, align 4
  %q = getelementptr inbounds i64, ptr %out, i32 %old
  store i64 %i, ptr %q, align 8
  br label %latch

latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %h, !llvm.loop !11

exit:
  ret void
}

declare void @llvm.assume(i1)
declare i32 @clock() inaccessiblememonly nounwind willreturn

; The copy that counts has a loop ID of its own, marked as looked at.
; CHECK: [[COUNTID]] = distinct !{[[COUNTID]], !{{[0-9]+}}, ![[MARK:[0-9]+]]}
; CHECK: ![[MARK]] = !{!"weft.loop.atomics_combined"}

!0 = distinct !{!0, !7}
!1 = distinct !{!1, !7}
!2 = distinct !{!2, !7}
!3 = distinct !{!3, !7}
!4 = distinct !{!4, !7}
!5 = distinct !{!5, !7}
!6 = distinct !{!6, !7}
!7 = !{!"weft.loop.work_items"}
!8 = distinct !{!8, !7}
!9 = distinct !{!9, !7}
!10 = distinct !{!10, !7}
!11 = distinct !{!11, !7}
!12 = distinct !{!12, !7}
