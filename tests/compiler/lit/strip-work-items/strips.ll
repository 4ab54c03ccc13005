; weft-strip-work-items: an x loop whose inner loop runs (x + base) >> 3 times, the count of the
; sub-groups of 8 before the work-item's, runs in strips that end where (x + base) >> 3 changes; in a
; strip that value is computed once, at the strip's first work-item. Whole strips (8 work-items)
; run in a copy of the loop that stops after 8, a count the same in every strip (for LLVM's
; unroll-and-jam), the strips at the row's ends in the other; both say how wide their strips are at
; most (8), for weft-jam-work-items. The test guarding the inner loop is then the same for the
; whole strip and leaves both loops (unswitched). An inner count the same for every work-item
; already, one that changes with every second work-item, and a loop whose value is used after it
; (its two copies could not both give it), stay as they are.
; RUN: %opt -passes='function(weft-strip-work-items)' -S %s | FileCheck %s

; CHECK-LABEL: define void @__weft_wg_scan(
; CHECK: x.strip:
; CHECK-NEXT: %strip.first = phi i64 [ 0, %entry ], [ %strip.end, %x.strip.next ]
; CHECK-NEXT: %strip.x = add i64 %base, %strip.first
; CHECK: %strip.end = call i64 @llvm.umin.i64(i64 %strip.run.end, i64 %n)
; CHECK-NEXT: %strip.whole.end = add i64 %strip.first, 8
; CHECK-NEXT: %strip.is.whole = icmp eq i64 %strip.end, %strip.whole.end
; CHECK-NEXT: %sg = lshr i64 %strip.x, 3
; CHECK-NEXT: br i1 %strip.is.whole, label %[[WHOLE:.*]], label %[[ENDS:.*]]
; CHECK: [[ENDS]]:
; CHECK: x:
; CHECK: br label %inner
; CHECK: inner:
; CHECK: icmp ult i64 %i.next, %sg
; CHECK: icmp eq i64 %strip.j.next{{[0-9]*}}, %strip.end
; CHECK: [[WHOLE]]:
; CHECK: x.whole:
; CHECK: br label %inner.whole
; CHECK: inner.whole:
; CHECK: icmp ult i64 %i.next.whole, %sg
; CHECK: icmp eq i64 %strip.j.next{{[0-9]*}}, %strip.whole.end
; CHECK: x.strip.next:
; CHECK-NEXT: %[[LAST:.*]] = icmp eq i64 %strip.end, %n
; CHECK-NEXT: br i1 %[[LAST]], label %exit, label %x.strip
define void @__weft_wg_scan(ptr noalias %args, ptr noalias %ctx, ptr %s, ptr %out, i64 %n, i64 %base) {
entry:
  br label %x

x:
  %x.id = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %lin = add i64 %x.id, %base
  %sg = lshr i64 %lin, 3
  %at = getelementptr inbounds float, ptr %out, i64 %x.id
  %v0 = load float, ptr %at, align 4, !llvm.access.group !1
  %none = icmp eq i64 %sg, 0
  br i1 %none, label %latch, label %inner

inner:
  %i = phi i64 [ 0, %x ], [ %i.next, %inner ]
  %v = phi float [ %v0, %x ], [ %v.next, %inner ]
  %p = getelementptr inbounds float, ptr %s, i64 %i
  %e = load float, ptr %p, align 4, !llvm.access.group !1
  %v.next = fadd float %v, %e
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %sg
  br i1 %more, label %inner, label %latch

latch:
  %r = phi float [ %v0, %x ], [ %v.next, %inner ]
  store float %r, ptr %at, align 4, !llvm.access.group !1
  %x.next = add nuw i64 %x.id, 1
  %done = icmp eq i64 %x.next, %n
  br i1 %done, label %exit, label %x, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define void @__weft_wg_same(
; CHECK-NOT: strip
; CHECK: ret void
define void @__weft_wg_same(ptr noalias %args, ptr noalias %ctx, ptr %s, ptr %out, i64 %n, i64 %m) {
entry:
  %any = icmp eq i64 %m, 0
  br label %x

x:
  %x.id = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %at = getelementptr inbounds float, ptr %out, i64 %x.id
  %v0 = load float, ptr %at, align 4, !llvm.access.group !4
  br i1 %any, label %latch, label %inner

inner:
  %i = phi i64 [ 0, %x ], [ %i.next, %inner ]
  %v = phi float [ %v0, %x ], [ %v.next, %inner ]
  %p = getelementptr inbounds float, ptr %s, i64 %i
  %e = load float, ptr %p, align 4, !llvm.access.group !4
  %v.next = fadd float %v, %e
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %m
  br i1 %more, label %inner, label %latch

latch:
  %r = phi float [ %v0, %x ], [ %v.next, %inner ]
  store float %r, ptr %at, align 4, !llvm.access.group !4
  %x.next = add nuw i64 %x.id, 1
  %done = icmp eq i64 %x.next, %n
  br i1 %done, label %exit, label %x, !llvm.loop !5

exit:
  ret void
}

; CHECK-LABEL: define void @__weft_wg_pairs(
; CHECK-NOT: strip
; CHECK: ret void
define void @__weft_wg_pairs(ptr noalias %args, ptr noalias %ctx, ptr %s, ptr %out, i64 %n) {
entry:
  br label %x

x:
  %x.id = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %half = lshr i64 %x.id, 1
  %at = getelementptr inbounds float, ptr %out, i64 %x.id
  %v0 = load float, ptr %at, align 4, !llvm.access.group !7
  %none = icmp eq i64 %half, 0
  br i1 %none, label %latch, label %inner

inner:
  %i = phi i64 [ 0, %x ], [ %i.next, %inner ]
  %v = phi float [ %v0, %x ], [ %v.next, %inner ]
  %p = getelementptr inbounds float, ptr %s, i64 %i
  %e = load float, ptr %p, align 4, !llvm.access.group !7
  %v.next = fadd float %v, %e
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %half
  br i1 %more, label %inner, label %latch

latch:
  %r = phi float [ %v0, %x ], [ %v.next, %inner ]
  store float %r, ptr %at, align 4, !llvm.access.group !7
  %x.next = add nuw i64 %x.id, 1
  %done = icmp eq i64 %x.next, %n
  br i1 %done, label %exit, label %x, !llvm.loop !8

exit:
  ret void
}

; CHECK-LABEL: define void @__weft_wg_used_after(
; CHECK-NOT: strip
; CHECK: ret void
define void @__weft_wg_used_after(ptr noalias %args, ptr noalias %ctx, ptr %s, ptr %out, i64 %n, ptr %last) {
entry:
  br label %x

x:
  %x.id = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %sg = lshr i64 %x.id, 3
  %at = getelementptr inbounds float, ptr %out, i64 %x.id
  %v0 = load float, ptr %at, align 4, !llvm.access.group !10
  %none = icmp eq i64 %sg, 0
  br i1 %none, label %latch, label %inner

inner:
  %i = phi i64 [ 0, %x ], [ %i.next, %inner ]
  %v = phi float [ %v0, %x ], [ %v.next, %inner ]
  %p = getelementptr inbounds float, ptr %s, i64 %i
  %e = load float, ptr %p, align 4, !llvm.access.group !10
  %v.next = fadd float %v, %e
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %sg
  br i1 %more, label %inner, label %latch

latch:
  %r = phi float [ %v0, %x ], [ %v.next, %inner ]
  store float %r, ptr %at, align 4, !llvm.access.group !10
  %x.next = add nuw i64 %x.id, 1
  %done = icmp eq i64 %x.next, %n
  br i1 %done, label %exit, label %x, !llvm.loop !11

exit:
  store i64 %x.next, ptr %last, align 8
  ret void
}

!0 = !{!"weft.loop.work_items"}
!1 = distinct !{}
!2 = distinct !{!2, !3, !0}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = distinct !{}
!5 = distinct !{!5, !6, !0}
!6 = !{!"llvm.loop.parallel_accesses", !4}
!7 = distinct !{}
!8 = distinct !{!8, !9, !0}
!9 = !{!"llvm.loop.parallel_accesses", !7}
!10 = distinct !{}
!11 = distinct !{!11, !12, !0}
!12 = !{!"llvm.loop.parallel_accesses", !10}

; CHECK-DAG: !{!"weft.loop.strip_width", i32 8}
