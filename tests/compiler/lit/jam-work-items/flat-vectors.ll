; A work-item loop (weft.loop.work_items) with no loop inside that computes on vectors narrower
; than the host's (the input's target-cpu is x86-64-v3: 256 bits) is split into scalars, loads
; and stores element by element keeping their metadata, so that LLVM's loop vectorizer, which
; takes no loop with vector values, widens it across work-items. Left as they are: a loop with a
; call the Scalarizer cannot split (a built-in's vector form), one of more than one block, one
; on vectors of eight elements (a whole 256-bit register here, and their interleaved groups of
; eight ran slower split), and one storing a vector of 16-bit elements (a half4 written: its
; interleaved stores take word shuffles, which ran slower split).
;   kernel void swizzle(global const float4 *in, global float4 *out) {
;     size_t i = get_global_id(0);
;     float4 v = in[i];
;     out[i] = v * v.yzwx + 0.5f;
;   }
; and the same shape with a call of sin's vector form (@calls), a branch on the element's value
; (@branches), ushort8 (@eight), and a float4 stored as ushort4 (@halves).
; RUN: %opt -passes=weft-jam-work-items -S %s | FileCheck %s

; CHECK-LABEL: define void @swizzle(
; CHECK: %[[X:[0-9]+]] = load float, ptr addrspace(1) %{{[0-9]+}}, align 16, !alias.scope ![[AS:[0-9]+]], !noalias ![[NAS:[0-9]+]], !llvm.access.group ![[GROUP:[0-9]+]]{{$}}
; CHECK: %[[Y:[0-9]+]] = load float, ptr addrspace(1) %{{[0-9]+}}, align 4, !alias.scope ![[AS]], !noalias ![[NAS]], !llvm.access.group ![[GROUP]]{{$}}
; CHECK-NOT: <4 x float>
; CHECK: %y.i0 = call float @llvm.fmuladd.f32(float %[[X]], float %[[Y]], float 5.000000e-01)
; CHECK: store float %y.i3, ptr addrspace(1) %{{[0-9]+}}, align 4, !alias.scope ![[AS]], !noalias ![[NAS]], !llvm.access.group ![[GROUP]]{{$}}
; CHECK-NOT: <4 x float>
; CHECK: ret void

; CHECK-LABEL: define void @calls(
; CHECK: load <4 x float>
; CHECK: call <4 x float> @_Z3sinDv4_f(
; CHECK: store <4 x float>
; CHECK-LABEL: define void @branches(
; CHECK: load <4 x float>
; CHECK: store <4 x float>
; CHECK-LABEL: define void @eight(
; CHECK: load <8 x i16>
; CHECK: store <8 x i16>
; CHECK-LABEL: define void @halves(
; CHECK: load <4 x float>
; CHECK: store <4 x i16>

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @swizzle(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %wi.x ]
  %i = add i64 %x0, %x
  %inp = getelementptr inbounds <4 x float>, ptr addrspace(1) %in, i64 %i
  %v = load <4 x float>, ptr addrspace(1) %inp, align 16, !alias.scope !4, !noalias !7, !llvm.access.group !1
  %s = shufflevector <4 x float> %v, <4 x float> poison, <4 x i32> <i32 1, i32 2, i32 3, i32 0>
  %y = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %v, <4 x float> %s, <4 x float> <float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01>)
  %outp = getelementptr inbounds <4 x float>, ptr addrspace(1) %out, i64 %i
  store <4 x float> %y, ptr addrspace(1) %outp, align 16, !alias.scope !4, !noalias !7, !llvm.access.group !1
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !2

exit:
  ret void
}

define void @calls(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %wi.x ]
  %i = add i64 %x0, %x
  %inp = getelementptr inbounds <4 x float>, ptr addrspace(1) %in, i64 %i
  %v = load <4 x float>, ptr addrspace(1) %inp, align 16, !llvm.access.group !1
  %y = tail call <4 x float> @_Z3sinDv4_f(<4 x float> %v)
  %outp = getelementptr inbounds <4 x float>, ptr addrspace(1) %out, i64 %i
  store <4 x float> %y, ptr addrspace(1) %outp, align 16, !llvm.access.group !1
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !2

exit:
  ret void
}

define void @branches(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %wi.x.latch ]
  %i = add i64 %x0, %x
  %inp = getelementptr inbounds <4 x float>, ptr addrspace(1) %in, i64 %i
  %v = load <4 x float>, ptr addrspace(1) %inp, align 16, !llvm.access.group !1
  %first = extractelement <4 x float> %v, i64 0
  %positive = fcmp ogt float %first, 0.000000e+00
  br i1 %positive, label %store, label %wi.x.latch

store:
  %y = fmul <4 x float> %v, %v
  %outp = getelementptr inbounds <4 x float>, ptr addrspace(1) %out, i64 %i
  store <4 x float> %y, ptr addrspace(1) %outp, align 16, !llvm.access.group !1
  br label %wi.x.latch

wi.x.latch:
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !2

exit:
  ret void
}

define void @eight(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %wi.x ]
  %i = add i64 %x0, %x
  %inp = getelementptr inbounds <8 x i16>, ptr addrspace(1) %in, i64 %i
  %v = load <8 x i16>, ptr addrspace(1) %inp, align 16, !llvm.access.group !1
  %y = add <8 x i16> %v, %v
  %outp = getelementptr inbounds <8 x i16>, ptr addrspace(1) %out, i64 %i
  store <8 x i16> %y, ptr addrspace(1) %outp, align 16, !llvm.access.group !1
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !2

exit:
  ret void
}

define void @halves(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %wi.x ]
  %i = add i64 %x0, %x
  %inp = getelementptr inbounds <4 x float>, ptr addrspace(1) %in, i64 %i
  %v = load <4 x float>, ptr addrspace(1) %inp, align 16, !llvm.access.group !1
  %y = fptoui <4 x float> %v to <4 x i16>
  %outp = getelementptr inbounds <4 x i16>, ptr addrspace(1) %out, i64 %i
  store <4 x i16> %y, ptr addrspace(1) %outp, align 8, !llvm.access.group !1
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !2

exit:
  ret void
}

declare i64 @llvm.umax.i64(i64, i64)
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>)
declare <4 x float> @_Z3sinDv4_f(<4 x float>) #1

attributes #0 = { nofree norecurse nosync nounwind "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { nounwind readnone willreturn }

!1 = distinct !{}
!2 = distinct !{!2, !3, !8}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = !{!5}
!5 = distinct !{!5, !6, !"global"}
!6 = distinct !{!6, !"weft.address-spaces"}
!7 = !{!9}
!8 = !{!"weft.loop.work_items"}
!9 = distinct !{!9, !6, !"local"}
