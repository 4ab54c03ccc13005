; A work-item loop (weft.loop.work_items) with one loop inside is unrolled by two AVX2 vectors'
; worth of work-items (16; the input's target-cpu is x86-64-v3) and the copies of its inner loop
; jammed into one, LLVM's unroll-and-jam: the work-items left over run 8 at a time in the
; remainder nest (weft.loop.jam_remainder), then one at a time. LLVM's legality test would refuse
; it (a, b and c may alias); the pass gives the x loop's accesses scopes of a domain "weft.jam"
; for the test and removes them afterwards, leaving other scopes (weft.address-spaces) alone.
; After the jam, the copies share one induction variable and one load of a's element.
;   @gemm: size_t columns, jammed by 16, the remainder by 8; the jammed inner loops unrolled by 2.
;   @gemm_int: `int` columns, (long)(int)(g + j): the jammed inner loop gets a second version,
;     taken when the last column is the first plus 15 (none wrapped), indexing by col + j.
;   @pixels: float4 work-items, narrower than the host's vectors: split into scalars first (loads
;     and stores element by element, keeping their scopes), then jammed.
;   @varying: the inner trip count differs between work-items; LLVM cannot jam it, and the
;     request is withdrawn (no unroll_and_jam.count left, the loop as it was).
; The inputs are the x loops of the work-group functions as weft-pipeline,default<O3> leaves them
; where the pass runs (tests pipeline/jam-work-items.ll and jam-narrow-vectors.ll; opt
; -print-before-all), trimmed to the loop over one row's work-items (the z and y loops, the
; context loads and the n <= 0 version removed; x0 is the row's first global id), for
;   kernel void gemm(global const float *a, global const float *b, global float *c, uint n) {
;     size_t col = get_global_id(0), row = get_global_id(1);
;     float acc = 0.0f;
;     for (uint k = 0; k < n; ++k) acc += a[row * n + k] * b[k * n + col];
;     c[row * n + col] = acc;
;   }
;   kernel void gemm_int(global const float *a, global const float *b, global float *c, int n) {
;     int col = get_global_id(0), row = get_global_id(1);
;     float acc = 0.0f;
;     for (int k = 0; k < n; ++k) acc += a[row * n + k] * b[k * n + col];
;     c[row * n + col] = acc;
;   }
;   kernel void pixels(global const float4 *in, global float4 *out) {
;     size_t i = get_global_id(0);
;     float4 x = in[i];
;     float4 y = x * 0.5f + 1.0f;
;     for (int k = 0; k < 4; ++k)
;       y = y * x + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
;     out[i] = y;
;   }
;   kernel void varying(global const float *a, global float *c) {
;     size_t col = get_global_id(0);
;     float acc = 0.0f;
;     for (size_t k = 0; k <= col; ++k) acc += a[k];
;     c[col] = acc;
;   }
; RUN: %opt -passes=weft-jam-work-items -S %s | FileCheck %s
; RUN: %opt -passes=weft-jam-work-items -S %s | FileCheck %s --check-prefix=TIDY
; RUN: %opt -passes=weft-jam-work-items -pass-remarks=loop-unroll-and-jam -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARKS

; One remark a jam, in the functions' order: @gemm, @gemm_int and @pixels 16 then 8; @varying none.
; REMARKS: unroll and jammed loop by a factor of 16
; REMARKS-NEXT: unroll and jammed loop by a factor of 8
; REMARKS-NEXT: unroll and jammed loop by a factor of 16
; REMARKS-NEXT: unroll and jammed loop by a factor of 8
; REMARKS-NEXT: unroll and jammed loop by a factor of 16
; REMARKS-NEXT: unroll and jammed loop by a factor of 8
; REMARKS-NOT: unroll and jammed

; The jam's scopes and requests are gone afterwards, before and after the remainder marker and
; the address-space scopes (which stay).
; TIDY-NOT: weft.jam"
; TIDY-NOT: llvm.loop.unroll_and_jam.count
; TIDY: !{!"weft.loop.jam_remainder"}
; TIDY-NOT: weft.jam"
; TIDY-NOT: llvm.loop.unroll_and_jam.count
; TIDY: !"weft.address-spaces"
; TIDY-NOT: weft.jam"
; TIDY-NOT: llvm.loop.unroll_and_jam.count

; The inner loop runs 16 work-items: one k, one load of a (no scopes left on it), 16 columns of b
; and 16 sums.
; CHECK-LABEL: define void @gemm(
; CHECK: wi.x:
; CHECK: %col.15 = add i64 %x0, %x.next.14
; CHECK: for.k:
; CHECK-NEXT: %k = phi i64
; CHECK-NEXT: %acc = phi float
; CHECK: %acc.15 = phi float
; CHECK-NOT: phi
; CHECK: %av = load float, ptr %ap, align 4, !tbaa !{{[0-9]+}}, !llvm.access.group ![[GROUP:[0-9]+]]{{$}}
; CHECK: %bi = add i64 %col, %kn64
; CHECK: %acc.next = tail call float @llvm.fmuladd.f32(float %av, float %bv, float %acc)
; CHECK-NOT: load float, ptr %ap
; CHECK: %bi.15 = add i64 %col.15, %kn64
; CHECK: %bv.15 = load float, ptr %bp.15, align 4, !tbaa !{{[0-9]+}}, !llvm.access.group ![[GROUP]]{{$}}
; CHECK-NEXT: %acc.next.15 = tail call float @llvm.fmuladd.f32(float %av, float %bv.15, float %acc.15)
; CHECK-NEXT: %k.done.15 = icmp eq i64 %k.next, %n64
; CHECK-NEXT: br i1 %k.done.15, label %wi.x.latch, label %for.k, !llvm.loop ![[INNER:[0-9]+]]
; CHECK: wi.x.latch:
; CHECK: store float %acc.next.15, ptr %cp.15, align 4, !tbaa !{{[0-9]+}}, !llvm.access.group ![[GROUP]]{{$}}
; CHECK: br i1 %{{.*}}, label %{{.*}}, label %wi.x, !llvm.loop ![[OUTER:[0-9]+]]
; The remainder nest, 8 work-items side by side, then the last ones one at a time.
; CHECK: for.k.epil:
; CHECK: %acc.next.epil.7 = tail call float @llvm.fmuladd.f32(float %av.epil, float %bv.epil.7, float %acc.epil.7)
; CHECK-NEXT: %k.done.epil.7 = icmp eq i64 %k.next.epil, %n64
; CHECK: for.k.epil.epil:
; CHECK: %acc.next.epil.epil = tail call float @llvm.fmuladd.f32(
; CHECK-NOT: fmuladd
; CHECK: br i1 %k.done.epil.epil, label %wi.x.latch.epil.epil, label %for.k.epil.epil

; The columns are (long)(int)(g + j); when the last is the first plus 15, the version whose
; columns are the first plus j runs.
; CHECK-LABEL: define void @gemm_int(
; CHECK: %col.15 = ashr exact i64 %sext.15, 32
; CHECK: %col.1.next = add nsw i64 %col, 1
; CHECK: %col.15.next = add nsw i64 %col, 15
; CHECK-NEXT: %columns.consecutive = icmp eq i64 %col.15, %col.15.next
; CHECK: for.k.columns:
; CHECK: %bi.1.columns = add nsw i64 %kn.columns, %col.1.next
; CHECK: %bi.15.columns = add nsw i64 %kn.columns, %col.15.next
; CHECK: wi.x.split:
; CHECK-NEXT: br i1 %columns.consecutive, label %wi.x.split.columns, label %for.k
; CHECK: for.k:
; CHECK: %bi.1 = add nsw i64 %kn, %col.1
; CHECK: %bi.15 = add nsw i64 %kn, %col.15
; CHECK: wi.x.latch:
; CHECK-NEXT: %acc.next.lcssa = phi float [ %acc.next, %for.k ], [ %acc.next.columns, %for.k.columns ]

; No <4 x float> is left: each work-item's vector is four floats, its load and store four
; accesses keeping the address-space scopes, and the inner loop runs 16 work-items' 64 lanes.
; CHECK-LABEL: define void @pixels(
; CHECK-NOT: <4 x float> %
; CHECK: %{{[0-9]+}} = load float, ptr addrspace(1) %inp, align 16, !alias.scope ![[AS:[0-9]+]], !noalias ![[NAS:[0-9]+]], !llvm.access.group ![[PGROUP:[0-9]+]]{{$}}
; CHECK: load float, ptr addrspace(1) %{{[0-9]+}}, align 4, !alias.scope ![[AS]], !noalias ![[NAS]], !llvm.access.group ![[PGROUP]]{{$}}
; CHECK: for.k:
; CHECK-NEXT: %y.i0 = phi float
; CHECK: %y.next.i0 = call float @llvm.fmuladd.f32(float %y.i0,
; CHECK: %y.next.i3.15 = call float @llvm.fmuladd.f32(float %y.i3.15, float %{{[0-9]+}}, float 4.000000e+00)
; CHECK-NEXT: %k.done.15 = icmp eq i32 %k.next, 4
; CHECK: wi.x.latch:
; CHECK: store float %y.next.i3, ptr addrspace(1) %{{[0-9]+}}, align 4, !alias.scope ![[AS]], !noalias ![[NAS]], !llvm.access.group ![[PGROUP]]{{$}}
; CHECK-NOT: <4 x float> %
; CHECK: ret void

; Left as it was: one work-item at a time, the inner loop whole.
; CHECK-LABEL: define void @varying(
; CHECK: for.k:
; CHECK-NEXT: %k = phi i64 [ 0, %wi.x ], [ %k.next, %for.k ]
; CHECK-NEXT: %acc = phi float [ 0.000000e+00, %wi.x ], [ %acc.next, %for.k ]
; CHECK-NEXT: %ap = getelementptr inbounds float, ptr %a, i64 %k
; CHECK-NEXT: %av = load float, ptr %ap, align 4, !tbaa !{{[0-9]+}}, !llvm.access.group !{{[0-9]+}}{{$}}
; CHECK-NEXT: %acc.next = fadd float %acc, %av
; CHECK-NEXT: %k.next = add i64 %k, 1
; CHECK-NEXT: %k.done = icmp ugt i64 %k.next, %col
; CHECK-NEXT: br i1 %k.done, label %wi.x.latch, label %for.k{{$}}
; CHECK: wi.x.latch:
; CHECK: %x.next = add nuw nsw i64 %x, 1
; CHECK-NEXT: %x.done = icmp eq i64 %x.next, %items
; CHECK-NEXT: br i1 %x.done, label %exit, label %wi.x, !llvm.loop !{{[0-9]+}}
; CHECK-EMPTY:
; CHECK-NEXT: exit:

; The jammed inner loops are unrolled by 2 (not LLVM's own count); the x loop hands its parallel
; accesses on to its remainder nest, which it marks.
; CHECK: ![[INNER]] = distinct !{![[INNER]], ![[UNROLL:[0-9]+]]}
; CHECK-NEXT: ![[UNROLL]] = !{!"llvm.loop.unroll.count", i32 2}
; CHECK-NEXT: ![[OUTER]] = distinct !{![[OUTER]], ![[PARALLEL:[0-9]+]], ![[WORKITEMS:[0-9]+]], ![[REMAINDER:[0-9]+]],
; CHECK-NEXT: ![[PARALLEL]] = !{!"llvm.loop.parallel_accesses", ![[GROUP]]}
; CHECK-NEXT: ![[WORKITEMS]] = !{!"weft.loop.work_items"}
; CHECK-NEXT: ![[REMAINDER]] = !{!"llvm.loop.unroll_and_jam.followup_remainder_outer", ![[MARKER:[0-9]+]], ![[PARALLEL]]}
; CHECK-NEXT: ![[MARKER]] = !{!"weft.loop.jam_remainder"}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @gemm(ptr %a, ptr %b, ptr %c, i32 %n, i64 %size.x, i64 %x0, i64 %row) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  %n64 = zext i32 %n to i64
  %rown = mul i64 %row, %n64
  %none = icmp eq i32 %n, 0
  br i1 %none, label %exit, label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %wi.x.latch ]
  %col = add i64 %x0, %x
  br label %for.k

for.k:
  %k = phi i64 [ 0, %wi.x ], [ %k.next, %for.k ]
  %acc = phi float [ 0.000000e+00, %wi.x ], [ %acc.next, %for.k ]
  %ai = add i64 %rown, %k
  %ap = getelementptr inbounds float, ptr %a, i64 %ai
  %av = load float, ptr %ap, align 4, !tbaa !0, !llvm.access.group !4
  %k32 = trunc i64 %k to i32
  %kn = mul i32 %n, %k32
  %kn64 = zext i32 %kn to i64
  %bi = add i64 %col, %kn64
  %bp = getelementptr inbounds float, ptr %b, i64 %bi
  %bv = load float, ptr %bp, align 4, !tbaa !0, !llvm.access.group !4
  %acc.next = tail call float @llvm.fmuladd.f32(float %av, float %bv, float %acc)
  %k.next = add nuw nsw i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n64
  br i1 %k.done, label %wi.x.latch, label %for.k

wi.x.latch:
  %ci = add i64 %rown, %col
  %cp = getelementptr inbounds float, ptr %c, i64 %ci
  store float %acc.next, ptr %cp, align 4, !tbaa !0, !llvm.access.group !4
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !5

exit:
  ret void
}

define void @gemm_int(ptr %a, ptr %b, ptr %c, i32 %n, i64 %size.x, i64 %x0, i64 %row) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  %n64 = zext i32 %n to i64
  %row32 = trunc i64 %row to i32
  %rown = mul nsw i32 %n, %row32
  %rown64 = sext i32 %rown to i64
  %some = icmp sgt i32 %n, 0
  br i1 %some, label %wi.x, label %exit

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %wi.x.latch ]
  %g = add i64 %x0, %x
  %col32 = trunc i64 %g to i32
  %sext = shl i64 %g, 32
  %col = ashr exact i64 %sext, 32
  br label %for.k

for.k:
  %k = phi i64 [ 0, %wi.x ], [ %k.next, %for.k ]
  %acc = phi float [ 0.000000e+00, %wi.x ], [ %acc.next, %for.k ]
  %ai = add nsw i64 %k, %rown64
  %ap = getelementptr inbounds float, ptr %a, i64 %ai
  %av = load float, ptr %ap, align 4, !tbaa !0, !llvm.access.group !8
  %kn = mul nsw i64 %k, %n64
  %bi = add nsw i64 %kn, %col
  %bp = getelementptr inbounds float, ptr %b, i64 %bi
  %bv = load float, ptr %bp, align 4, !tbaa !0, !llvm.access.group !8
  %acc.next = tail call float @llvm.fmuladd.f32(float %av, float %bv, float %acc)
  %k.next = add nuw nsw i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n64
  br i1 %k.done, label %wi.x.latch, label %for.k

wi.x.latch:
  %ci32 = add nsw i32 %rown, %col32
  %ci = sext i32 %ci32 to i64
  %cp = getelementptr inbounds float, ptr %c, i64 %ci
  store float %acc.next, ptr %cp, align 4, !tbaa !0, !llvm.access.group !8
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !9

exit:
  ret void
}

define void @pixels(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %wi.x.latch ]
  %i = add i64 %x0, %x
  %inp = getelementptr inbounds <4 x float>, ptr addrspace(1) %in, i64 %i
  %v = load <4 x float>, ptr addrspace(1) %inp, align 16, !tbaa !14, !alias.scope !20, !noalias !23, !llvm.access.group !15
  %y0 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %v, <4 x float> <float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01>, <4 x float> <float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00>)
  br label %for.k

for.k:
  %y = phi <4 x float> [ %y0, %wi.x ], [ %y.next, %for.k ]
  %k = phi i32 [ 0, %wi.x ], [ %k.next, %for.k ]
  %y.next = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %y, <4 x float> %v, <4 x float> <float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00>)
  %k.next = add nuw nsw i32 %k, 1
  %k.done = icmp eq i32 %k.next, 4
  br i1 %k.done, label %wi.x.latch, label %for.k, !llvm.loop !16

wi.x.latch:
  %outp = getelementptr inbounds <4 x float>, ptr addrspace(1) %out, i64 %i
  store <4 x float> %y.next, ptr addrspace(1) %outp, align 16, !tbaa !14, !alias.scope !20, !noalias !23, !llvm.access.group !15
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !18

exit:
  ret void
}

define void @varying(ptr %a, ptr %c, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %wi.x.latch ]
  %col = add i64 %x0, %x
  br label %for.k

for.k:
  %k = phi i64 [ 0, %wi.x ], [ %k.next, %for.k ]
  %acc = phi float [ 0.000000e+00, %wi.x ], [ %acc.next, %for.k ]
  %ap = getelementptr inbounds float, ptr %a, i64 %k
  %av = load float, ptr %ap, align 4, !tbaa !0, !llvm.access.group !11
  %acc.next = fadd float %acc, %av
  %k.next = add i64 %k, 1
  %k.done = icmp ugt i64 %k.next, %col
  br i1 %k.done, label %wi.x.latch, label %for.k

wi.x.latch:
  %cp = getelementptr inbounds float, ptr %c, i64 %col
  store float %acc.next, ptr %cp, align 4, !tbaa !0, !llvm.access.group !11
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !12

exit:
  ret void
}

declare float @llvm.fmuladd.f32(float, float, float)
declare i64 @llvm.umax.i64(i64, i64)
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>)

attributes #0 = { nofree norecurse nosync nounwind "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }

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
!14 = !{!2, !2, i64 0}
!15 = distinct !{}
!16 = distinct !{!16, !17}
!17 = !{!"llvm.loop.unroll.disable"}
!18 = distinct !{!18, !19, !7}
!19 = !{!"llvm.loop.parallel_accesses", !15}
!20 = !{!21}
!21 = distinct !{!21, !22, !"global"}
!22 = distinct !{!22, !"weft.address-spaces"}
!23 = !{!24}
!24 = distinct !{!24, !22, !"local"}
