; A work-item's inner loops with constant trip counts (a k-tile of 8 steps, each updating 8
; accumulators: CLBlast's XgemmDirect has this shape) are unrolled whole, the outer one too
; although its unrolled size is past LLVM's own O3 threshold (weft-unroll-in-work-items marks
; it llvm.loop.unroll.full), so that the x loop is innermost and the loop vectorizer widens the
; work-items. The input is Clang 15's output (x86-64-v3, -O2 -disable-llvm-passes) for
;   kernel void tile(global const float *a, global const float *b, global float *c, int n) {
;     int x = get_global_id(0);
;     float acc[8] = {0.0f};
;     for (int k = 0; k < 16; k += 2) {
;       for (int j = 0; j < 8; ++j) {
;         acc[j] += a[(k + j) * n + x] * b[k * 8 + j];
;         acc[j] += a[(k + j + 1) * n + x] * b[(k + 1) * 8 + j] * 0.5f;
;       }
;     }
;     c[x] = acc[0] + acc[1] * 2.0f + acc[2] * 3.0f + acc[3] * 4.0f + acc[4] - acc[5] + acc[6] * acc[7];
;   }
; RUN: %opt -passes='weft-pipeline,default<O3>' -pass-remarks='loop-vectorize|loop-unroll' -disable-output %s 2>&1 | FileCheck %s

; CHECK: completely unrolled loop with 8 iterations
; CHECK-NEXT: completely unrolled loop with 8 iterations
; CHECK-NEXT: vectorized loop (vectorization width: 8

; ModuleID = 'tile.cl'
source_filename = "tile.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @tile(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %b, ptr addrspace(1) noundef align 4 %c, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %x = alloca i32, align 4
  %acc = alloca [8 x float], align 16
  %k = alloca i32, align 4
  %cleanup.dest.slot = alloca i32, align 4
  %j = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !7
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !7
  store i32 %n, ptr %n.addr, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr %x) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  %conv = trunc i64 %call to i32
  store i32 %conv, ptr %x, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 32, ptr %acc) #5
  call void @llvm.memset.p0.i64(ptr align 16 %acc, i8 0, i64 32, i1 false)
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #5
  store i32 0, ptr %k, align 4, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc30, %entry
  %0 = load i32, ptr %k, align 4, !tbaa !11
  %cmp = icmp slt i32 %0, 16
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  store i32 2, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #5
  br label %for.end32

for.body:                                         ; preds = %for.cond
  call void @llvm.lifetime.start.p0(i64 4, ptr %j) #5
  store i32 0, ptr %j, align 4, !tbaa !11
  br label %for.cond2

for.cond2:                                        ; preds = %for.inc, %for.body
  %1 = load i32, ptr %j, align 4, !tbaa !11
  %cmp3 = icmp slt i32 %1, 8
  br i1 %cmp3, label %for.body6, label %for.cond.cleanup5

for.cond.cleanup5:                                ; preds = %for.cond2
  store i32 5, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %j) #5
  br label %for.end

for.body6:                                        ; preds = %for.cond2
  %2 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %3 = load i32, ptr %k, align 4, !tbaa !11
  %4 = load i32, ptr %j, align 4, !tbaa !11
  %add = add nsw i32 %3, %4
  %5 = load i32, ptr %n.addr, align 4, !tbaa !11
  %mul = mul nsw i32 %add, %5
  %6 = load i32, ptr %x, align 4, !tbaa !11
  %add7 = add nsw i32 %mul, %6
  %idxprom = sext i32 %add7 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %2, i64 %idxprom
  %7 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %8 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !7
  %9 = load i32, ptr %k, align 4, !tbaa !11
  %mul8 = mul nsw i32 %9, 8
  %10 = load i32, ptr %j, align 4, !tbaa !11
  %add9 = add nsw i32 %mul8, %10
  %idxprom10 = sext i32 %add9 to i64
  %arrayidx11 = getelementptr inbounds float, ptr addrspace(1) %8, i64 %idxprom10
  %11 = load float, ptr addrspace(1) %arrayidx11, align 4, !tbaa !13
  %12 = load i32, ptr %j, align 4, !tbaa !11
  %idxprom13 = sext i32 %12 to i64
  %arrayidx14 = getelementptr inbounds [8 x float], ptr %acc, i64 0, i64 %idxprom13
  %13 = load float, ptr %arrayidx14, align 4, !tbaa !13
  %14 = call float @llvm.fmuladd.f32(float %7, float %11, float %13)
  store float %14, ptr %arrayidx14, align 4, !tbaa !13
  %15 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %16 = load i32, ptr %k, align 4, !tbaa !11
  %17 = load i32, ptr %j, align 4, !tbaa !11
  %add15 = add nsw i32 %16, %17
  %add16 = add nsw i32 %add15, 1
  %18 = load i32, ptr %n.addr, align 4, !tbaa !11
  %mul17 = mul nsw i32 %add16, %18
  %19 = load i32, ptr %x, align 4, !tbaa !11
  %add18 = add nsw i32 %mul17, %19
  %idxprom19 = sext i32 %add18 to i64
  %arrayidx20 = getelementptr inbounds float, ptr addrspace(1) %15, i64 %idxprom19
  %20 = load float, ptr addrspace(1) %arrayidx20, align 4, !tbaa !13
  %21 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !7
  %22 = load i32, ptr %k, align 4, !tbaa !11
  %add21 = add nsw i32 %22, 1
  %mul22 = mul nsw i32 %add21, 8
  %23 = load i32, ptr %j, align 4, !tbaa !11
  %add23 = add nsw i32 %mul22, %23
  %idxprom24 = sext i32 %add23 to i64
  %arrayidx25 = getelementptr inbounds float, ptr addrspace(1) %21, i64 %idxprom24
  %24 = load float, ptr addrspace(1) %arrayidx25, align 4, !tbaa !13
  %mul26 = fmul float %20, %24
  %25 = load i32, ptr %j, align 4, !tbaa !11
  %idxprom28 = sext i32 %25 to i64
  %arrayidx29 = getelementptr inbounds [8 x float], ptr %acc, i64 0, i64 %idxprom28
  %26 = load float, ptr %arrayidx29, align 4, !tbaa !13
  %27 = call float @llvm.fmuladd.f32(float %mul26, float 5.000000e-01, float %26)
  store float %27, ptr %arrayidx29, align 4, !tbaa !13
  br label %for.inc

for.inc:                                          ; preds = %for.body6
  %28 = load i32, ptr %j, align 4, !tbaa !11
  %inc = add nsw i32 %28, 1
  store i32 %inc, ptr %j, align 4, !tbaa !11
  br label %for.cond2

for.end:                                          ; preds = %for.cond.cleanup5
  br label %for.inc30

for.inc30:                                        ; preds = %for.end
  %29 = load i32, ptr %k, align 4, !tbaa !11
  %add31 = add nsw i32 %29, 2
  store i32 %add31, ptr %k, align 4, !tbaa !11
  br label %for.cond

for.end32:                                        ; preds = %for.cond.cleanup
  %arrayidx33 = getelementptr inbounds [8 x float], ptr %acc, i64 0, i64 0
  %30 = load float, ptr %arrayidx33, align 16, !tbaa !13
  %arrayidx34 = getelementptr inbounds [8 x float], ptr %acc, i64 0, i64 1
  %31 = load float, ptr %arrayidx34, align 4, !tbaa !13
  %32 = call float @llvm.fmuladd.f32(float %31, float 2.000000e+00, float %30)
  %arrayidx36 = getelementptr inbounds [8 x float], ptr %acc, i64 0, i64 2
  %33 = load float, ptr %arrayidx36, align 8, !tbaa !13
  %34 = call float @llvm.fmuladd.f32(float %33, float 3.000000e+00, float %32)
  %arrayidx38 = getelementptr inbounds [8 x float], ptr %acc, i64 0, i64 3
  %35 = load float, ptr %arrayidx38, align 4, !tbaa !13
  %36 = call float @llvm.fmuladd.f32(float %35, float 4.000000e+00, float %34)
  %arrayidx40 = getelementptr inbounds [8 x float], ptr %acc, i64 0, i64 4
  %37 = load float, ptr %arrayidx40, align 16, !tbaa !13
  %add41 = fadd float %36, %37
  %arrayidx42 = getelementptr inbounds [8 x float], ptr %acc, i64 0, i64 5
  %38 = load float, ptr %arrayidx42, align 4, !tbaa !13
  %sub = fsub float %add41, %38
  %arrayidx43 = getelementptr inbounds [8 x float], ptr %acc, i64 0, i64 6
  %39 = load float, ptr %arrayidx43, align 8, !tbaa !13
  %arrayidx44 = getelementptr inbounds [8 x float], ptr %acc, i64 0, i64 7
  %40 = load float, ptr %arrayidx44, align 4, !tbaa !13
  %41 = call float @llvm.fmuladd.f32(float %39, float %40, float %sub)
  %42 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !7
  %43 = load i32, ptr %x, align 4, !tbaa !11
  %idxprom46 = sext i32 %43 to i64
  %arrayidx47 = getelementptr inbounds float, ptr addrspace(1) %42, i64 %idxprom46
  store float %41, ptr addrspace(1) %arrayidx47, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 32, ptr %acc) #5
  call void @llvm.lifetime.end.p0(i64 4, ptr %x) #5
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: argmemonly nocallback nofree nounwind willreturn writeonly
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg) #3

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #4

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #3 = { argmemonly nocallback nofree nounwind willreturn writeonly }
attributes #4 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #5 = { nounwind }
attributes #6 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1, i32 1, i32 0}
!4 = !{!"none", !"none", !"none", !"none"}
!5 = !{!"float*", !"float*", !"float*", !"int"}
!6 = !{!"const", !"const", !"", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !9, i64 0}
