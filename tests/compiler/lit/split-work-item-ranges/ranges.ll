; A work-item loop (weft.loop.work_items) whose body tests the work-item's index against a bound
; the same for all runs the work-items before the point where the test changes its outcome in a
; copy (.prefix) with the test folded away, then the rest (.rest) with the test folded the other
; way; a third version, the loop as it was, scalar and not split again, runs when the index could
; wrap around within the row. Each version's loop ID counts its splits (weft.loop.split).
;   @triad: `if (i < n)`: the prefix runs the body with no test; the rest, the test false, is
;     an empty loop.
;   @twosided: `i > 0 && i < n - 1` (as LLVM joins it, `i != 0` first): split at `i != 0`, then
;     the rest again at `i < last`, whose prefix (the inner work-items) has neither test.
;   @rounds: a test computed before the loop, the same for every work-item (the exit test of a
;     loop around a barrier, in the region after it): two versions, one per outcome
;     (weft.loop.uniform_test), what the loop hands on merged after them.
;   @left_alone: `i == n` holds for one work-item, not a prefix, and `b[i] > 0` depends on data:
;     no version, no split.
; The inputs are the x loops of the work-group functions as weft-pipeline,default<O3> leaves them
; where the pass runs (opt -print-before-all; the first two are the kernels of the tests
; pipeline/split-bounds-check.ll and split-two-sided.ll), trimmed to the loop over one row's
; work-items (the z and y loops and the context loads removed; x0 is the row's first global id,
; %uniform the work-group's uniform slots), for
;   kernel void triad(global float *a, global const float *b, global const float *c, float s,
;                     uint n) {
;     size_t i = get_global_id(0);
;     if (i < n)
;       a[i] = b[i] + s * c[i];
;   }
;   kernel void twosided(global const float *a, global float *c, uint n) {
;     size_t i = get_global_id(0);
;     if (i > 0 && i < n - 1) c[i] = (a[i-1] + a[i] + a[i+1]) * (1.0f/3);
;   }
;   kernel void rounds(global float *data, local float *t, uint r) {
;     size_t l = get_local_id(0);
;     t[l] = data[get_global_id(0)];
;     for (uint k = 0; k < r; ++k) {
;       barrier(CLK_LOCAL_MEM_FENCE);
;       t[l] = t[l] * 0.5f;
;     }
;     data[get_global_id(0)] = t[l];
;   }
;   kernel void left_alone(global float *a, global const float *b, uint n) {
;     size_t i = get_global_id(0);
;     if (i == n) a[i] = 0.0f;
;     else if (b[i] > 0.0f) a[i] = b[i];
;   }
; RUN: %opt -passes=weft-split-work-item-ranges -S %s | FileCheck %s

; The prefix is min(n - x0, items) work-items when x0 < n (none otherwise), taken when
; x0 + items - 1 does not wrap.
; CHECK-LABEL: define void @triad(
; CHECK: %items.last = sub i64 %items, 1
; CHECK-NEXT: [[SUM:%.*]] = call { i64, i1 } @llvm.uadd.with.overflow.i64(i64 %x0, i64 %items.last)
; CHECK: %index.nowrap = and i1 true,
; CHECK-NEXT: %bound.distance = sub i64 %n64, %x0
; CHECK-NEXT: [[ANY:%.*]] = icmp ult i64 %x0, %n64
; CHECK-NEXT: [[MIN:%.*]] = call i64 @llvm.umin.i64(i64 %bound.distance, i64 %items)
; CHECK-NEXT: [[PREFIX:%.*]] = select i1 [[ANY]], i64 [[MIN]], i64 0
; CHECK-NEXT: %prefix.end = add i64 0, [[PREFIX]]
; CHECK-NEXT: br i1 %index.nowrap, label %split.head, label %wrapping.preheader
; CHECK: split.head:
; CHECK-NEXT: [[NONEMPTY:%.*]] = icmp ne i64 [[PREFIX]], 0
; CHECK-NEXT: br i1 [[NONEMPTY]], label %wrapping.preheader.prefix, label %wrapping.preheader.rest
; The prefix: the body unconditionally, up to prefix.end.
; CHECK: wi.x.prefix:
; CHECK: br label %if.then.prefix
; CHECK: if.then.prefix:
; CHECK: store float %r.prefix, ptr addrspace(1) %ap.prefix
; CHECK: latch.prefix:
; CHECK: %prefix.done = icmp eq i64 %x.next.prefix, %prefix.end
; CHECK-NEXT: br i1 %prefix.done, label %prefix.exit, label %wi.x.prefix, !llvm.loop ![[PREFIX_ID:[0-9]+]]
; CHECK: prefix.exit:
; CHECK-NEXT: [[ALL:%.*]] = icmp eq i64 [[PREFIX]], %items
; CHECK-NEXT: br i1 [[ALL]], label %exit, label %wrapping.preheader.rest
; The rest starts where the prefix stopped; the test false, it does nothing.
; CHECK: wrapping.preheader.rest:
; CHECK-NEXT: %x.from = phi i64 [ 0, %split.head ], [ %x.next.prefix, %prefix.exit ]
; CHECK: wi.x.rest:
; CHECK-NEXT: %x.rest = phi i64 [ %x.from, %wrapping.preheader.rest ]
; CHECK-NOT: store
; CHECK: br i1 %x.done.rest, label %{{.*}}, label %wi.x.rest, !llvm.loop ![[REST_ID:[0-9]+]]
; The loop as it was, for indices that wrap.
; CHECK: wi.x:
; CHECK: %in.range = icmp ult i64 %i, %n64
; CHECK-NEXT: br i1 %in.range, label %if.then, label %latch
; CHECK: br i1 %x.done, label %exit.loopexit, label %wi.x, !llvm.loop ![[WRAP_ID:[0-9]+]]

; Split at `i != 0` (the prefix: x0 == 0 and only work-item 0, which does nothing), then the
; rest again at `i < last`.
; CHECK-LABEL: define void @twosided(
; CHECK: %bound.distance = sub i64 0, %x0
; CHECK: br i1 %index.nowrap, label %split.head, label %wrapping.preheader
; CHECK: wi.x.prefix:
; CHECK-NOT: store
; CHECK: br i1 %prefix.done, label %prefix.exit, label %wi.x.prefix
; CHECK: wrapping.preheader.rest:
; CHECK: %bound.distance4 = sub i64 %last, %{{[0-9]+}}
; CHECK: br i1 %index.nowrap3, label %split.head7, label %wrapping.preheader6
; The inner work-items: neither test.
; CHECK: wi.x.rest.prefix:
; CHECK: br label %if.then.rest.prefix
; CHECK: if.then.rest.prefix:
; CHECK: store float %mean.rest.prefix, ptr addrspace(1) %cp.rest.prefix
; CHECK-NEXT: br label %latch.rest.prefix
; CHECK: br i1 %prefix.done9, label %prefix.exit8, label %wi.x.rest.prefix, !llvm.loop ![[TWICE:[0-9]+]]
; CHECK: wi.x.rest.rest:
; CHECK-NOT: store
; CHECK: br i1 %x.done.rest.rest, label %{{.*}}, label %wi.x.rest.rest, !llvm.loop ![[TWICE2:[0-9]+]]
; The second split's version for wrapping indices keeps `i < last`; the first's both tests.
; CHECK: wi.x.rest:
; CHECK: br i1 %before.last.rest, label %if.then.rest, label %latch.rest
; CHECK: wi.x:
; CHECK: br i1 %inner, label %if.then, label %latch

; Two versions for the uniform test: when it holds, the work-items skip the store to data
; (and the loop hands on 1); otherwise they all store (and hand on -1).
; CHECK-LABEL: define i32 @rounds(
; CHECK: %more = icmp ult i32 %k.next, %r
; CHECK-NEXT: br i1 %more, label %uniform.false.preheader.uniform.true, label %uniform.false.preheader
; CHECK: wi.x.uniform.true:
; CHECK: store float %half.uniform.true, ptr addrspace(3) %tp.uniform.true
; CHECK-NEXT: br label %latch.uniform.true
; CHECK-NOT: addrspace(1)
; CHECK: br i1 %x.done.uniform.true, label %[[TRUE_EXIT:.*]], label %wi.x.uniform.true, !llvm.loop ![[TRUE_ID:[0-9]+]]
; CHECK: wi.x:
; CHECK: store float %half, ptr addrspace(3) %tp
; CHECK-NEXT: br label %for.end
; CHECK: for.end:
; CHECK: store float %half, ptr addrspace(1) %dp
; CHECK: br i1 %x.done, label %[[FALSE_EXIT:.*]], label %wi.x, !llvm.loop ![[FALSE_ID:[0-9]+]]
; CHECK: {{^}}exit:
; CHECK-NEXT: %id.lcssa = phi i32 [ -1, %[[FALSE_EXIT]] ], [ 1, %[[TRUE_EXIT]] ]
; CHECK-NEXT: ret i32 %id.lcssa

; Left as it was.
; CHECK-LABEL: define void @left_alone(
; CHECK-NEXT: entry:
; CHECK-NEXT: %n64 = zext i32 %n to i64
; CHECK-NEXT: %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
; CHECK-NEXT: %at.n = getelementptr inbounds float, ptr addrspace(1) %a, i64 %n64
; CHECK-NEXT: br label %wi.x
; CHECK: wi.x:
; CHECK-NEXT: %x = phi i64 [ 0, %entry ], [ %x.next, %latch ]
; CHECK-NEXT: %i = add i64 %x0, %x
; CHECK-NEXT: %is.n = icmp eq i64 %i, %n64
; CHECK-NEXT: br i1 %is.n, label %if.then, label %if.else
; CHECK: %positive = fcmp ogt float %bv, 0.000000e+00
; CHECK-NEXT: br i1 %positive, label %if.then5, label %latch
; CHECK: br i1 %x.done, label %exit, label %wi.x, !llvm.loop ![[ALONE_ID:[0-9]+]]
; CHECK: {{^}}exit:
; CHECK-NEXT: ret void
; CHECK-NEXT: }

; The loop IDs: the copies count their splits; the wrapping versions are left scalar and not
; split again; the uniform test's versions are marked so that neither is versioned again;
; @left_alone's is as it was.
; CHECK: ![[PREFIX_ID]] = distinct !{![[PREFIX_ID]], ![[PARALLEL:[0-9]+]], ![[WORKITEMS:[0-9]+]], ![[ONCE:[0-9]+]]}
; CHECK: ![[WORKITEMS]] = !{!"weft.loop.work_items"}
; CHECK-NEXT: ![[ONCE]] = !{!"weft.loop.split", i32 1}
; CHECK-NEXT: ![[REST_ID]] = distinct !{![[REST_ID]], ![[PARALLEL]], ![[WORKITEMS]], ![[ONCE]]}
; CHECK-NEXT: ![[WRAP_ID]] = distinct !{![[WRAP_ID]], ![[PARALLEL]], ![[WORKITEMS]], ![[MAX:[0-9]+]], ![[WIDTH:[0-9]+]], ![[INTERLEAVE:[0-9]+]], ![[NOUNROLL:[0-9]+]]}
; CHECK-NEXT: ![[MAX]] = !{!"weft.loop.split", i32 2}
; CHECK-NEXT: ![[WIDTH]] = !{!"llvm.loop.vectorize.width", i32 1}
; CHECK-NEXT: ![[INTERLEAVE]] = !{!"llvm.loop.interleave.count", i32 1}
; CHECK-NEXT: ![[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}
; CHECK: ![[TWICE]] = distinct !{![[TWICE]], ![[PARALLEL2:[0-9]+]], ![[WORKITEMS]], ![[MAX]]}
; CHECK-NEXT: ![[TWICE2]] = distinct !{![[TWICE2]], ![[PARALLEL2]], ![[WORKITEMS]], ![[MAX]]}
; CHECK: ![[TRUE_ID]] = distinct !{![[TRUE_ID]], ![[PARALLEL3:[0-9]+]], ![[WORKITEMS]], ![[UNIFORM:[0-9]+]]}
; CHECK: ![[UNIFORM]] = !{!"weft.loop.uniform_test"}
; CHECK-NEXT: ![[FALSE_ID]] = distinct !{![[FALSE_ID]], ![[PARALLEL3]], ![[WORKITEMS]], ![[UNIFORM]]}
; CHECK: ![[ALONE_ID]] = distinct !{![[ALONE_ID]], ![[PARALLEL4:[0-9]+]], ![[WORKITEMS]]}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @triad(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, float %s, i32 %n, i64 %size.x, i64 %x0) #0 {
entry:
  %n64 = zext i32 %n to i64
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %i = add i64 %x0, %x
  %in.range = icmp ult i64 %i, %n64
  br i1 %in.range, label %if.then, label %latch

if.then:
  %bp = getelementptr inbounds float, ptr addrspace(1) %b, i64 %i
  %bv = load float, ptr addrspace(1) %bp, align 4, !tbaa !0, !llvm.access.group !4
  %cp = getelementptr inbounds float, ptr addrspace(1) %c, i64 %i
  %cv = load float, ptr addrspace(1) %cp, align 4, !tbaa !0, !llvm.access.group !4
  %r = tail call float @llvm.fmuladd.f32(float %s, float %cv, float %bv)
  %ap = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  store float %r, ptr addrspace(1) %ap, align 4, !tbaa !0, !llvm.access.group !4
  br label %latch

latch:
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !5

exit:
  ret void
}

define void @twosided(ptr addrspace(1) %a, ptr addrspace(1) %c, i32 %n, i64 %size.x, i64 %x0) #0 {
entry:
  %n64 = zext i32 %n to i64
  %last = add nsw i64 %n64, -1
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %i = add i64 %x0, %x
  %not.first = icmp ne i64 %i, 0
  %before.last = icmp ult i64 %i, %last
  %inner = and i1 %not.first, %before.last
  br i1 %inner, label %if.then, label %latch

if.then:
  %left = add i64 %i, -1
  %lp = getelementptr inbounds float, ptr addrspace(1) %a, i64 %left
  %lv = load float, ptr addrspace(1) %lp, align 4, !tbaa !0, !llvm.access.group !8
  %mp = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  %mv = load float, ptr addrspace(1) %mp, align 4, !tbaa !0, !llvm.access.group !8
  %lm = fadd float %lv, %mv
  %right = add nuw i64 %i, 1
  %rp = getelementptr inbounds float, ptr addrspace(1) %a, i64 %right
  %rv = load float, ptr addrspace(1) %rp, align 4, !tbaa !0, !llvm.access.group !8
  %sum = fadd float %lm, %rv
  %mean = fmul float %sum, 0x3FD5555560000000
  %cp = getelementptr inbounds float, ptr addrspace(1) %c, i64 %i
  store float %mean, ptr addrspace(1) %cp, align 4, !tbaa !0, !llvm.access.group !8
  br label %latch

latch:
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !9

exit:
  ret void
}

define i32 @rounds(ptr addrspace(1) %data, ptr addrspace(3) %t, i32 %r, ptr %uniform, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  %k = load i32, ptr %uniform, align 4
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, %r
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %tp = getelementptr inbounds float, ptr addrspace(3) %t, i64 %x
  %tv = load float, ptr addrspace(3) %tp, align 4, !tbaa !0, !llvm.access.group !11
  %half = fmul float %tv, 5.000000e-01
  store float %half, ptr addrspace(3) %tp, align 4, !tbaa !0, !llvm.access.group !11
  br i1 %more, label %latch, label %for.end

for.end:
  %i = add i64 %x0, %x
  %dp = getelementptr inbounds float, ptr addrspace(1) %data, i64 %i
  store float %half, ptr addrspace(1) %dp, align 4, !tbaa !0, !llvm.access.group !11
  br label %latch

latch:
  %id = phi i32 [ -1, %for.end ], [ 1, %wi.x ]
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !12

exit:
  ret i32 %id
}

define void @left_alone(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %n, i64 %size.x, i64 %x0) #0 {
entry:
  %n64 = zext i32 %n to i64
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  %at.n = getelementptr inbounds float, ptr addrspace(1) %a, i64 %n64
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %latch ]
  %i = add i64 %x0, %x
  %is.n = icmp eq i64 %i, %n64
  br i1 %is.n, label %if.then, label %if.else

if.then:
  store float 0.000000e+00, ptr addrspace(1) %at.n, align 4, !tbaa !0, !llvm.access.group !14
  br label %latch

if.else:
  %bp = getelementptr inbounds float, ptr addrspace(1) %b, i64 %i
  %bv = load float, ptr addrspace(1) %bp, align 4, !tbaa !0, !llvm.access.group !14
  %positive = fcmp ogt float %bv, 0.000000e+00
  br i1 %positive, label %if.then5, label %latch

if.then5:
  %ap = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  store float %bv, ptr addrspace(1) %ap, align 4, !tbaa !0, !llvm.access.group !14
  br label %latch

latch:
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !15

exit:
  ret void
}

declare float @llvm.fmuladd.f32(float, float, float)
declare i64 @llvm.umax.i64(i64, i64)

attributes #0 = { nofree norecurse nosync nounwind "target-cpu"="x86-64-v3" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
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
!15 = distinct !{!15, !16, !7}
!16 = !{!"llvm.loop.parallel_accesses", !14}
