; A convolution with an `int` index, `a[i + k]` for k = -4 to 4: each offset index is a sign
; extension InstCombine writes as `ashr (add (shl g, 32), k << 32), 32`, which
; weft-sign-extended-indices turns into the form ScalarEvolution reads, so that the loop
; vectorizer loads each tap's eight work-items as one vector (before, it loaded them one by one
; and inserted each into a vector). The input is Clang 15's output for
;   kernel void conv(global const float *a, global float *c, constant float *w) {
;     int i = get_global_id(0) + 4; float s = 0;
;     for (int k = -4; k <= 4; ++k) s += w[k + 4] * a[i + k];
;     c[i] = s; }
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s

; CHECK-LABEL: define void @__weft_wg_conv(
; CHECK: vector.body:
; CHECK-COUNT-9: load <8 x float>, ptr addrspace(1)
; CHECK: store <8 x float> %{{.*}}, ptr addrspace(1)
; CHECK-NOT: load float, ptr addrspace(1)
; CHECK: middle.block:

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @conv(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %c, ptr addrspace(2) noundef align 4 %w) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %w.addr = alloca ptr addrspace(2), align 8
  %i = alloca i32, align 4
  %s = alloca float, align 4
  %k = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !7
  store ptr addrspace(2) %w, ptr %w.addr, align 8, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %add = add i64 %call, 4
  %conv = trunc i64 %add to i32
  store i32 %conv, ptr %i, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr %s) #4
  store float 0.000000e+00, ptr %s, align 4, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #4
  store i32 -4, ptr %k, align 4, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %k, align 4, !tbaa !11
  %cmp = icmp sle i32 %0, 4
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %1 = load ptr addrspace(2), ptr %w.addr, align 8, !tbaa !7
  %2 = load i32, ptr %k, align 4, !tbaa !11
  %add2 = add nsw i32 %2, 4
  %idxprom = sext i32 %add2 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(2) %1, i64 %idxprom
  %3 = load float, ptr addrspace(2) %arrayidx, align 4, !tbaa !13
  %4 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %5 = load i32, ptr %i, align 4, !tbaa !11
  %6 = load i32, ptr %k, align 4, !tbaa !11
  %add3 = add nsw i32 %5, %6
  %idxprom4 = sext i32 %add3 to i64
  %arrayidx5 = getelementptr inbounds float, ptr addrspace(1) %4, i64 %idxprom4
  %7 = load float, ptr addrspace(1) %arrayidx5, align 4, !tbaa !13
  %8 = load float, ptr %s, align 4, !tbaa !13
  %9 = call float @llvm.fmuladd.f32(float %3, float %7, float %8)
  store float %9, ptr %s, align 4, !tbaa !13
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %10 = load i32, ptr %k, align 4, !tbaa !11
  %inc = add nsw i32 %10, 1
  store i32 %inc, ptr %k, align 4, !tbaa !11
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %11 = load float, ptr %s, align 4, !tbaa !13
  %12 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !7
  %13 = load i32, ptr %i, align 4, !tbaa !11
  %idxprom6 = sext i32 %13 to i64
  %arrayidx7 = getelementptr inbounds float, ptr addrspace(1) %12, i64 %idxprom6
  store float %11, ptr addrspace(1) %arrayidx7, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 4, ptr %s) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #3

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

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
!3 = !{i32 1, i32 1, i32 2}
!4 = !{!"none", !"none", !"none"}
!5 = !{!"float*", !"float*", !"float*"}
!6 = !{!"const", !"", !"const"}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !9, i64 0}
