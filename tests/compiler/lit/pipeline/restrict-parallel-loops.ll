; A kernel with `restrict` buffers and a value that crosses barriers (the loop counter, uniform):
; inlining the work-item function into the x loops adds noalias.scope.decl calls that used to
; lack the loops' access group, so LLVM no longer took the x loop as parallel, analysed the
; accesses itself and gave up on the uniform slot's store and load ("unsafe dependent memory
; operations": CLBlast's XgemvFast stayed scalar, 4.5 GB/s, 12-23 after). weft-work-item-scope-decls
; puts them in the group. The input is Clang 15's output (x86-64-v3, -O2 -disable-llvm-passes) for
;   kernel void gemvtiles(global const float *restrict a, global const float *restrict x,
;                         global float *restrict y, local float *t, int n, int ld) {
;     int gid = get_global_id(0), lid = get_local_id(0);
;     float acc = 0.0f;
;     for (int k0 = 0; k0 < n; k0 += 8) {
;       t[lid] = x[k0 + lid % 8];
;       barrier(CLK_LOCAL_MEM_FENCE);
;       #pragma unroll
;       for (int k = 0; k < 8; ++k)
;         acc += a[(k0 + k) * ld + gid] * t[k];
;       barrier(CLK_LOCAL_MEM_FENCE);
;     }
;     y[gid] = acc;
;   }
; RUN: %opt -passes='weft-pipeline,default<O3>' -pass-remarks-analysis=loop-vectorize -pass-remarks-missed=loop-vectorize -disable-output %s 2>&1 | FileCheck %s

; CHECK-NOT: unsafe dependent memory operations
; CHECK-NOT: Unknown data dependence

; ModuleID = 'rs.cl'
source_filename = "rs.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind uwtable
define dso_local spir_kernel void @gemvtiles(ptr noalias noundef align 4 %0, ptr noalias noundef align 4 %1, ptr noalias noundef align 4 %2, ptr noundef align 4 %3, i32 noundef %4, i32 noundef %5) #0 !kernel_arg_addr_space !6 !kernel_arg_access_qual !7 !kernel_arg_type !8 !kernel_arg_base_type !8 !kernel_arg_type_qual !9 {
  %7 = alloca ptr, align 8
  %8 = alloca ptr, align 8
  %9 = alloca ptr, align 8
  %10 = alloca ptr, align 8
  %11 = alloca i32, align 4
  %12 = alloca i32, align 4
  %13 = alloca i32, align 4
  %14 = alloca i32, align 4
  %15 = alloca float, align 4
  %16 = alloca i32, align 4
  %17 = alloca i32, align 4
  %18 = alloca i32, align 4
  store ptr %0, ptr %7, align 8, !tbaa !10
  store ptr %1, ptr %8, align 8, !tbaa !10
  store ptr %2, ptr %9, align 8, !tbaa !10
  store ptr %3, ptr %10, align 8, !tbaa !10
  store i32 %4, ptr %11, align 4, !tbaa !14
  store i32 %5, ptr %12, align 4, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 4, ptr %13) #5
  %19 = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  %20 = trunc i64 %19 to i32
  store i32 %20, ptr %13, align 4, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 4, ptr %14) #5
  %21 = call i64 @_Z12get_local_idj(i32 noundef 0) #6
  %22 = trunc i64 %21 to i32
  store i32 %22, ptr %14, align 4, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 4, ptr %15) #5
  store float 0.000000e+00, ptr %15, align 4, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 4, ptr %16) #5
  store i32 0, ptr %16, align 4, !tbaa !14
  br label %23

23:                                               ; preds = %68, %6
  %24 = load i32, ptr %16, align 4, !tbaa !14
  %25 = load i32, ptr %11, align 4, !tbaa !14
  %26 = icmp slt i32 %24, %25
  br i1 %26, label %28, label %27

27:                                               ; preds = %23
  store i32 2, ptr %17, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %16) #5
  br label %71

28:                                               ; preds = %23
  %29 = load ptr, ptr %8, align 8, !tbaa !10
  %30 = load i32, ptr %16, align 4, !tbaa !14
  %31 = load i32, ptr %14, align 4, !tbaa !14
  %32 = srem i32 %31, 8
  %33 = add nsw i32 %30, %32
  %34 = sext i32 %33 to i64
  %35 = getelementptr inbounds float, ptr %29, i64 %34
  %36 = load float, ptr %35, align 4, !tbaa !16
  %37 = load ptr, ptr %10, align 8, !tbaa !10
  %38 = load i32, ptr %14, align 4, !tbaa !14
  %39 = sext i32 %38 to i64
  %40 = getelementptr inbounds float, ptr %37, i64 %39
  store float %36, ptr %40, align 4, !tbaa !16
  call void @_Z7barrierj(i32 noundef 1) #7
  call void @llvm.lifetime.start.p0(i64 4, ptr %18) #5
  store i32 0, ptr %18, align 4, !tbaa !14
  br label %41

41:                                               ; preds = %64, %28
  %42 = load i32, ptr %18, align 4, !tbaa !14
  %43 = icmp slt i32 %42, 8
  br i1 %43, label %45, label %44

44:                                               ; preds = %41
  store i32 5, ptr %17, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %18) #5
  br label %67

45:                                               ; preds = %41
  %46 = load ptr, ptr %7, align 8, !tbaa !10
  %47 = load i32, ptr %16, align 4, !tbaa !14
  %48 = load i32, ptr %18, align 4, !tbaa !14
  %49 = add nsw i32 %47, %48
  %50 = load i32, ptr %12, align 4, !tbaa !14
  %51 = mul nsw i32 %49, %50
  %52 = load i32, ptr %13, align 4, !tbaa !14
  %53 = add nsw i32 %51, %52
  %54 = sext i32 %53 to i64
  %55 = getelementptr inbounds float, ptr %46, i64 %54
  %56 = load float, ptr %55, align 4, !tbaa !16
  %57 = load ptr, ptr %10, align 8, !tbaa !10
  %58 = load i32, ptr %18, align 4, !tbaa !14
  %59 = sext i32 %58 to i64
  %60 = getelementptr inbounds float, ptr %57, i64 %59
  %61 = load float, ptr %60, align 4, !tbaa !16
  %62 = load float, ptr %15, align 4, !tbaa !16
  %63 = call float @llvm.fmuladd.f32(float %56, float %61, float %62)
  store float %63, ptr %15, align 4, !tbaa !16
  br label %64

64:                                               ; preds = %45
  %65 = load i32, ptr %18, align 4, !tbaa !14
  %66 = add nsw i32 %65, 1
  store i32 %66, ptr %18, align 4, !tbaa !14
  br label %41, !llvm.loop !18

67:                                               ; preds = %44
  call void @_Z7barrierj(i32 noundef 1) #7
  br label %68

68:                                               ; preds = %67
  %69 = load i32, ptr %16, align 4, !tbaa !14
  %70 = add nsw i32 %69, 8
  store i32 %70, ptr %16, align 4, !tbaa !14
  br label %23

71:                                               ; preds = %27
  %72 = load float, ptr %15, align 4, !tbaa !16
  %73 = load ptr, ptr %9, align 8, !tbaa !10
  %74 = load i32, ptr %13, align 4, !tbaa !14
  %75 = sext i32 %74 to i64
  %76 = getelementptr inbounds float, ptr %73, i64 %75
  store float %72, ptr %76, align 4, !tbaa !16
  call void @llvm.lifetime.end.p0(i64 4, ptr %15) #5
  call void @llvm.lifetime.end.p0(i64 4, ptr %14) #5
  call void @llvm.lifetime.end.p0(i64 4, ptr %13) #5
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #2

; Function Attrs: convergent
declare void @_Z7barrierj(i32 noundef) #3

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #4

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent norecurse nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #3 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #4 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #5 = { nounwind }
attributes #6 = { convergent nounwind readnone willreturn }
attributes #7 = { convergent }

!llvm.module.flags = !{!0, !1, !2, !3}
!opencl.ocl.version = !{!4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 1, i32 2}
!5 = !{!"Debian clang version 15.0.6"}
!6 = !{i32 1, i32 1, i32 1, i32 3, i32 0, i32 0}
!7 = !{!"none", !"none", !"none", !"none", !"none", !"none"}
!8 = !{!"float*", !"float*", !"float*", !"float*", !"int", !"int"}
!9 = !{!"restrict const", !"restrict const", !"restrict", !"", !"", !""}
!10 = !{!11, !11, i64 0}
!11 = !{!"any pointer", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C/C++ TBAA"}
!14 = !{!15, !15, i64 0}
!15 = !{!"int", !12, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"float", !12, i64 0}
!18 = distinct !{!18, !19}
!19 = !{!"llvm.loop.unroll.enable"}
