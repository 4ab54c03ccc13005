; Work-items computing on vectors narrower than the host's, in a work-item loop with a loop inside:
; weft-jam-work-items splits them into scalars before the jam, loads and stores included, so that
; the SLP vectorizer packs the jammed work-items side by side instead of each work-item's own
; three or four lanes. N-body's float4 positions and float3 arithmetic: the 16 work-items' square
; roots become one <16 x float> call (per work-item, a scalar square root and division before).
; float4 pixels stored whole: two work-items' components fill each <8 x float> (one work-item's
; <4 x float> before). A kernel on float8, as wide as the host's vectors (AVX2), stays as it is.
; The input is Clang 15's output (x86-64-v3, -O2 -disable-llvm-passes -ffp-contract=on) for
;   kernel void nbody(global const float4 *pos, global float4 *acc, int n) {
;     float4 me = pos[get_global_id(0)];
;     float3 a = (float3)(0.0f);
;     for (int j = 0; j < n; ++j) {
;       float4 other = pos[j];
;       float3 d = other.xyz - me.xyz;
;       float3 dd = d * d;
;       float inv = 1.0f / __builtin_sqrtf(dd.x + dd.y + dd.z + 0.01f);
;       a += d * (other.w * inv * inv * inv);
;     }
;     acc[get_global_id(0)] = (float4)(a, 0.0f);
;   }
;   kernel void wide(global const float8 *in, global float8 *out, int n) {
;     float8 x = in[get_global_id(0)];
;     for (int i = 0; i < n; ++i)
;       x = x * x + in[i];
;     out[get_global_id(0)] = x;
;   }
;   kernel void pixels(global const float4 *in, global float4 *out) {
;     size_t i = get_global_id(0);
;     float4 x = in[i];
;     float4 y = x * 0.5f + 1.0f;
;     for (int k = 0; k < 4; ++k)
;       y = y * x + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
;     float4 z = y * y + 1.0f;
;     out[i] = (float4)(__builtin_sqrtf(z.x), __builtin_sqrtf(z.y), __builtin_sqrtf(z.z),
;                       __builtin_sqrtf(z.w)) / (x + 2.0f);
;   }
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s

; CHECK-LABEL: define void @__weft_wg_nbody(
; CHECK: call <16 x float> @llvm.sqrt.v16f32
; CHECK-LABEL: define void @__weft_wg_wide(
; CHECK: call <8 x float> @llvm.fmuladd.v8f32
; CHECK-LABEL: define void @__weft_wg_pixels(
; CHECK: call <8 x float> @llvm.sqrt.v8f32

; ModuleID = 'narrow.cl'
source_filename = "narrow.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @nbody(ptr addrspace(1) noundef align 16 %pos, ptr addrspace(1) noundef align 16 %acc, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
entry:
  %pos.addr = alloca ptr addrspace(1), align 8
  %acc.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %me = alloca <4 x float>, align 16
  %a = alloca <3 x float>, align 16
  %j = alloca i32, align 4
  %other = alloca <4 x float>, align 16
  %d = alloca <3 x float>, align 16
  %dd = alloca <3 x float>, align 16
  %inv = alloca float, align 4
  %.compoundliteral = alloca <4 x float>, align 16
  store ptr addrspace(1) %pos, ptr %pos.addr, align 8, !tbaa !8
  store ptr addrspace(1) %acc, ptr %acc.addr, align 8, !tbaa !8
  store i32 %n, ptr %n.addr, align 4, !tbaa !12
  call void @llvm.lifetime.start.p0(i64 16, ptr %me) #4
  %0 = load ptr addrspace(1), ptr %pos.addr, align 8, !tbaa !8
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %arrayidx = getelementptr inbounds <4 x float>, ptr addrspace(1) %0, i64 %call
  %1 = load <4 x float>, ptr addrspace(1) %arrayidx, align 16, !tbaa !14
  store <4 x float> %1, ptr %me, align 16, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 16, ptr %a) #4
  store <4 x float> <float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float undef>, ptr %a, align 16, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 4, ptr %j) #4
  store i32 0, ptr %j, align 4, !tbaa !12
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %2 = load i32, ptr %j, align 4, !tbaa !12
  %3 = load i32, ptr %n.addr, align 4, !tbaa !12
  %cmp = icmp slt i32 %2, %3
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %j) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  call void @llvm.lifetime.start.p0(i64 16, ptr %other) #4
  %4 = load ptr addrspace(1), ptr %pos.addr, align 8, !tbaa !8
  %5 = load i32, ptr %j, align 4, !tbaa !12
  %idxprom = sext i32 %5 to i64
  %arrayidx1 = getelementptr inbounds <4 x float>, ptr addrspace(1) %4, i64 %idxprom
  %6 = load <4 x float>, ptr addrspace(1) %arrayidx1, align 16, !tbaa !14
  store <4 x float> %6, ptr %other, align 16, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 16, ptr %d) #4
  %7 = load <4 x float>, ptr %other, align 16
  %8 = shufflevector <4 x float> %7, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %9 = load <4 x float>, ptr %me, align 16
  %10 = shufflevector <4 x float> %9, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %sub = fsub <3 x float> %8, %10
  %extractVec = shufflevector <3 x float> %sub, <3 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 undef>
  store <4 x float> %extractVec, ptr %d, align 16, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 16, ptr %dd) #4
  %loadVec4 = load <4 x float>, ptr %d, align 16
  %extractVec2 = shufflevector <4 x float> %loadVec4, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %loadVec43 = load <4 x float>, ptr %d, align 16
  %extractVec4 = shufflevector <4 x float> %loadVec43, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %mul = fmul <3 x float> %extractVec2, %extractVec4
  %extractVec5 = shufflevector <3 x float> %mul, <3 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 undef>
  store <4 x float> %extractVec5, ptr %dd, align 16, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 4, ptr %inv) #4
  %11 = load <3 x float>, ptr %dd, align 16
  %12 = extractelement <3 x float> %11, i64 0
  %13 = load <3 x float>, ptr %dd, align 16
  %14 = extractelement <3 x float> %13, i64 1
  %add = fadd float %12, %14
  %15 = load <3 x float>, ptr %dd, align 16
  %16 = extractelement <3 x float> %15, i64 2
  %add6 = fadd float %add, %16
  %add7 = fadd float %add6, 0x3F847AE140000000
  %17 = call float @llvm.sqrt.f32(float %add7)
  %div = fdiv float 1.000000e+00, %17, !fpmath !15
  store float %div, ptr %inv, align 4, !tbaa !16
  %loadVec48 = load <4 x float>, ptr %d, align 16
  %extractVec9 = shufflevector <4 x float> %loadVec48, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %18 = load <4 x float>, ptr %other, align 16
  %19 = extractelement <4 x float> %18, i64 3
  %20 = load float, ptr %inv, align 4, !tbaa !16
  %mul10 = fmul float %19, %20
  %21 = load float, ptr %inv, align 4, !tbaa !16
  %mul11 = fmul float %mul10, %21
  %22 = load float, ptr %inv, align 4, !tbaa !16
  %mul12 = fmul float %mul11, %22
  %splat.splatinsert = insertelement <3 x float> poison, float %mul12, i32 0
  %splat.splat = shufflevector <3 x float> %splat.splatinsert, <3 x float> poison, <3 x i32> zeroinitializer
  %loadVec414 = load <4 x float>, ptr %a, align 16
  %extractVec15 = shufflevector <4 x float> %loadVec414, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %23 = call <3 x float> @llvm.fmuladd.v3f32(<3 x float> %extractVec9, <3 x float> %splat.splat, <3 x float> %extractVec15)
  %extractVec16 = shufflevector <3 x float> %23, <3 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 undef>
  store <4 x float> %extractVec16, ptr %a, align 16, !tbaa !14
  call void @llvm.lifetime.end.p0(i64 4, ptr %inv) #4
  call void @llvm.lifetime.end.p0(i64 16, ptr %dd) #4
  call void @llvm.lifetime.end.p0(i64 16, ptr %d) #4
  call void @llvm.lifetime.end.p0(i64 16, ptr %other) #4
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %24 = load i32, ptr %j, align 4, !tbaa !12
  %inc = add nsw i32 %24, 1
  store i32 %inc, ptr %j, align 4, !tbaa !12
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %loadVec417 = load <4 x float>, ptr %a, align 16
  %extractVec18 = shufflevector <4 x float> %loadVec417, <4 x float> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %vext = shufflevector <3 x float> %extractVec18, <3 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 undef>
  %vecinit = shufflevector <4 x float> %vext, <4 x float> undef, <4 x i32> <i32 0, i32 1, i32 2, i32 undef>
  %vecinit19 = insertelement <4 x float> %vecinit, float 0.000000e+00, i32 3
  store <4 x float> %vecinit19, ptr %.compoundliteral, align 16, !tbaa !14
  %25 = load <4 x float>, ptr %.compoundliteral, align 16, !tbaa !14
  %26 = load ptr addrspace(1), ptr %acc.addr, align 8, !tbaa !8
  %call20 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %arrayidx21 = getelementptr inbounds <4 x float>, ptr addrspace(1) %26, i64 %call20
  store <4 x float> %25, ptr addrspace(1) %arrayidx21, align 16, !tbaa !14
  call void @llvm.lifetime.end.p0(i64 16, ptr %a) #4
  call void @llvm.lifetime.end.p0(i64 16, ptr %me) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.sqrt.f32(float) #3

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare <3 x float> @llvm.fmuladd.v3f32(<3 x float>, <3 x float>, <3 x float>) #3

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @wide(ptr addrspace(1) noundef align 32 %in, ptr addrspace(1) noundef align 32 %out, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !18 !kernel_arg_base_type !19 !kernel_arg_type_qual !7 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %x = alloca <8 x float>, align 32
  %i = alloca i32, align 4
  store ptr addrspace(1) %in, ptr %in.addr, align 8, !tbaa !8
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !8
  store i32 %n, ptr %n.addr, align 4, !tbaa !12
  call void @llvm.lifetime.start.p0(i64 32, ptr %x) #4
  %0 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !8
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %arrayidx = getelementptr inbounds <8 x float>, ptr addrspace(1) %0, i64 %call
  %1 = load <8 x float>, ptr addrspace(1) %arrayidx, align 32, !tbaa !14
  store <8 x float> %1, ptr %x, align 32, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #4
  store i32 0, ptr %i, align 4, !tbaa !12
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %2 = load i32, ptr %i, align 4, !tbaa !12
  %3 = load i32, ptr %n.addr, align 4, !tbaa !12
  %cmp = icmp slt i32 %2, %3
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %4 = load <8 x float>, ptr %x, align 32, !tbaa !14
  %5 = load <8 x float>, ptr %x, align 32, !tbaa !14
  %6 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !8
  %7 = load i32, ptr %i, align 4, !tbaa !12
  %idxprom = sext i32 %7 to i64
  %arrayidx1 = getelementptr inbounds <8 x float>, ptr addrspace(1) %6, i64 %idxprom
  %8 = load <8 x float>, ptr addrspace(1) %arrayidx1, align 32, !tbaa !14
  %9 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %4, <8 x float> %5, <8 x float> %8)
  store <8 x float> %9, ptr %x, align 32, !tbaa !14
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %10 = load i32, ptr %i, align 4, !tbaa !12
  %inc = add nsw i32 %10, 1
  store i32 %inc, ptr %i, align 4, !tbaa !12
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %11 = load <8 x float>, ptr %x, align 32, !tbaa !14
  %12 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !8
  %call2 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %arrayidx3 = getelementptr inbounds <8 x float>, ptr addrspace(1) %12, i64 %call2
  store <8 x float> %11, ptr addrspace(1) %arrayidx3, align 32, !tbaa !14
  call void @llvm.lifetime.end.p0(i64 32, ptr %x) #4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare <8 x float> @llvm.fmuladd.v8f32(<8 x float>, <8 x float>, <8 x float>) #3

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @pixels(ptr addrspace(1) noundef align 16 %in, ptr addrspace(1) noundef align 16 %out) #0 !kernel_arg_addr_space !20 !kernel_arg_access_qual !21 !kernel_arg_type !22 !kernel_arg_base_type !23 !kernel_arg_type_qual !24 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  %x = alloca <4 x float>, align 16
  %y = alloca <4 x float>, align 16
  %k = alloca i32, align 4
  %.compoundliteral = alloca <4 x float>, align 16
  %z = alloca <4 x float>, align 16
  %.compoundliteral1 = alloca <4 x float>, align 16
  store ptr addrspace(1) %in, ptr %in.addr, align 8, !tbaa !8
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !8
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call, ptr %i, align 8, !tbaa !25
  call void @llvm.lifetime.start.p0(i64 16, ptr %x) #4
  %0 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !8
  %1 = load i64, ptr %i, align 8, !tbaa !25
  %arrayidx = getelementptr inbounds <4 x float>, ptr addrspace(1) %0, i64 %1
  %2 = load <4 x float>, ptr addrspace(1) %arrayidx, align 16, !tbaa !14
  store <4 x float> %2, ptr %x, align 16, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 16, ptr %y) #4
  %3 = load <4 x float>, ptr %x, align 16, !tbaa !14
  %4 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %3, <4 x float> <float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01>, <4 x float> <float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00>)
  store <4 x float> %4, ptr %y, align 16, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #4
  store i32 0, ptr %k, align 4, !tbaa !12
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %5 = load i32, ptr %k, align 4, !tbaa !12
  %cmp = icmp slt i32 %5, 4
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %6 = load <4 x float>, ptr %y, align 16, !tbaa !14
  %7 = load <4 x float>, ptr %x, align 16, !tbaa !14
  store <4 x float> <float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00>, ptr %.compoundliteral, align 16, !tbaa !14
  %8 = load <4 x float>, ptr %.compoundliteral, align 16, !tbaa !14
  %9 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %6, <4 x float> %7, <4 x float> %8)
  store <4 x float> %9, ptr %y, align 16, !tbaa !14
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %10 = load i32, ptr %k, align 4, !tbaa !12
  %inc = add nsw i32 %10, 1
  store i32 %inc, ptr %k, align 4, !tbaa !12
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.lifetime.start.p0(i64 16, ptr %z) #4
  %11 = load <4 x float>, ptr %y, align 16, !tbaa !14
  %12 = load <4 x float>, ptr %y, align 16, !tbaa !14
  %13 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %11, <4 x float> %12, <4 x float> <float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00>)
  store <4 x float> %13, ptr %z, align 16, !tbaa !14
  %14 = load <4 x float>, ptr %z, align 16
  %15 = extractelement <4 x float> %14, i64 0
  %16 = call float @llvm.sqrt.f32(float %15)
  %vecinit = insertelement <4 x float> undef, float %16, i32 0
  %17 = load <4 x float>, ptr %z, align 16
  %18 = extractelement <4 x float> %17, i64 1
  %19 = call float @llvm.sqrt.f32(float %18)
  %vecinit2 = insertelement <4 x float> %vecinit, float %19, i32 1
  %20 = load <4 x float>, ptr %z, align 16
  %21 = extractelement <4 x float> %20, i64 2
  %22 = call float @llvm.sqrt.f32(float %21)
  %vecinit3 = insertelement <4 x float> %vecinit2, float %22, i32 2
  %23 = load <4 x float>, ptr %z, align 16
  %24 = extractelement <4 x float> %23, i64 3
  %25 = call float @llvm.sqrt.f32(float %24)
  %vecinit4 = insertelement <4 x float> %vecinit3, float %25, i32 3
  store <4 x float> %vecinit4, ptr %.compoundliteral1, align 16, !tbaa !14
  %26 = load <4 x float>, ptr %.compoundliteral1, align 16, !tbaa !14
  %27 = load <4 x float>, ptr %x, align 16, !tbaa !14
  %add = fadd <4 x float> %27, <float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00>
  %div = fdiv <4 x float> %26, %add, !fpmath !15
  %28 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !8
  %29 = load i64, ptr %i, align 8, !tbaa !25
  %arrayidx5 = getelementptr inbounds <4 x float>, ptr addrspace(1) %28, i64 %29
  store <4 x float> %div, ptr addrspace(1) %arrayidx5, align 16, !tbaa !14
  call void @llvm.lifetime.end.p0(i64 16, ptr %z) #4
  call void @llvm.lifetime.end.p0(i64 16, ptr %y) #4
  call void @llvm.lifetime.end.p0(i64 16, ptr %x) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>) #3

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #3 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #4 = { nounwind }
attributes #5 = { convergent nobuiltin nounwind readnone willreturn "no-builtins" }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1, i32 0}
!4 = !{!"none", !"none", !"none"}
!5 = !{!"float4*", !"float4*", !"int"}
!6 = !{!"float __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(4)))*", !"int"}
!7 = !{!"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"any pointer", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"int", !10, i64 0}
!14 = !{!10, !10, i64 0}
!15 = !{float 2.500000e+00}
!16 = !{!17, !17, i64 0}
!17 = !{!"float", !10, i64 0}
!18 = !{!"float8*", !"float8*", !"int"}
!19 = !{!"float __attribute__((ext_vector_type(8)))*", !"float __attribute__((ext_vector_type(8)))*", !"int"}
!20 = !{i32 1, i32 1}
!21 = !{!"none", !"none"}
!22 = !{!"float4*", !"float4*"}
!23 = !{!"float __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(4)))*"}
!24 = !{!"const", !""}
!25 = !{!26, !26, i64 0}
!26 = !{!"long", !10, i64 0}
