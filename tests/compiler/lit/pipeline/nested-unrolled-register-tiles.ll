; A register tile indexed by two nested #pragma unroll loops inside a loop that is not unrolled:
; LLVM's full unroller leaves the copies past each end of the inner loop behind a `br i1 false`,
; where the tile is indexed by a variable (a PHI of the outer copies' counters). SROA gives up on
; an array indexed so, even in dead code, and the tile used to stay an array in private memory
; ([4 x float] per work-item, loaded and stored around each use: CLBlast's XgemmDirect). With
; SimplifyCFG between the unroller and SROA, each element takes a slot of its own. The input is
; Clang 15's output (x86-64-v3, -O2 -disable-llvm-passes) for
;   #define MW 2
;   #define NW 2
;   void tile(global const float *a, global float *c, local float *t) {
;     int x = get_local_id(0);
;     float acc[NW * MW];
;     #pragma unroll
;     for (int m = 0; m < MW; m += 1) {
;       #pragma unroll
;       for (int n = 0; n < NW; n += 1) {
;         acc[n * MW + m] = 0.0f;
;       }
;     }
;     for (int k = 0; k < 64; k += 16) {
;       t[x] = a[k * 64 + get_global_id(0)];
;       barrier(CLK_LOCAL_MEM_FENCE);
;       #pragma unroll
;       for (int n = 0; n < NW; n += 1) {
;         #pragma unroll
;         for (int m = 0; m < MW; m += 1) {
;           acc[n * MW + m] += t[(x + n + m) % 64];
;         }
;       }
;       barrier(CLK_LOCAL_MEM_FENCE);
;     }
;     c[get_global_id(0)] = acc[0] + acc[NW * MW - 1] * 2.0f;
;   }
;   kernel void nestedtile(global const float *a, global float *c, local float *t) { tile(a, c, t); }
; RUN: %opt -passes=weft-pipeline -S %s | FileCheck %s

; CHECK-NOT: x float], ptr
; CHECK: .sroa.{{.*}}.slot.private
; CHECK-NOT: x float], ptr
; CHECK: "weft-private-bytes"="16"

; ModuleID = 'n_22.cl'
source_filename = "n_22.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind uwtable
define dso_local void @tile(ptr noundef %0, ptr noundef %1, ptr noundef %2) #0 {
  %4 = alloca ptr, align 8
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca i32, align 4
  %8 = alloca [4 x float], align 16
  %9 = alloca i32, align 4
  %10 = alloca i32, align 4
  %11 = alloca i32, align 4
  %12 = alloca i32, align 4
  %13 = alloca i32, align 4
  %14 = alloca i32, align 4
  store ptr %0, ptr %4, align 8, !tbaa !6
  store ptr %1, ptr %5, align 8, !tbaa !6
  store ptr %2, ptr %6, align 8, !tbaa !6
  call void @llvm.lifetime.start.p0(i64 4, ptr %7) #6
  %15 = call i64 @_Z12get_local_idj(i32 noundef 0) #7
  %16 = trunc i64 %15 to i32
  store i32 %16, ptr %7, align 4, !tbaa !10
  call void @llvm.lifetime.start.p0(i64 16, ptr %8) #6
  call void @llvm.lifetime.start.p0(i64 4, ptr %9) #6
  store i32 0, ptr %9, align 4, !tbaa !10
  br label %17

17:                                               ; preds = %37, %3
  %18 = load i32, ptr %9, align 4, !tbaa !10
  %19 = icmp slt i32 %18, 2
  br i1 %19, label %21, label %20

20:                                               ; preds = %17
  store i32 2, ptr %10, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %9) #6
  br label %40

21:                                               ; preds = %17
  call void @llvm.lifetime.start.p0(i64 4, ptr %11) #6
  store i32 0, ptr %11, align 4, !tbaa !10
  br label %22

22:                                               ; preds = %33, %21
  %23 = load i32, ptr %11, align 4, !tbaa !10
  %24 = icmp slt i32 %23, 2
  br i1 %24, label %26, label %25

25:                                               ; preds = %22
  store i32 5, ptr %10, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %11) #6
  br label %36

26:                                               ; preds = %22
  %27 = load i32, ptr %11, align 4, !tbaa !10
  %28 = mul nsw i32 %27, 2
  %29 = load i32, ptr %9, align 4, !tbaa !10
  %30 = add nsw i32 %28, %29
  %31 = sext i32 %30 to i64
  %32 = getelementptr inbounds [4 x float], ptr %8, i64 0, i64 %31
  store float 0.000000e+00, ptr %32, align 4, !tbaa !12
  br label %33

33:                                               ; preds = %26
  %34 = load i32, ptr %11, align 4, !tbaa !10
  %35 = add nsw i32 %34, 1
  store i32 %35, ptr %11, align 4, !tbaa !10
  br label %22, !llvm.loop !14

36:                                               ; preds = %25
  br label %37

37:                                               ; preds = %36
  %38 = load i32, ptr %9, align 4, !tbaa !10
  %39 = add nsw i32 %38, 1
  store i32 %39, ptr %9, align 4, !tbaa !10
  br label %17, !llvm.loop !16

40:                                               ; preds = %20
  call void @llvm.lifetime.start.p0(i64 4, ptr %12) #6
  store i32 0, ptr %12, align 4, !tbaa !10
  br label %41

41:                                               ; preds = %94, %40
  %42 = load i32, ptr %12, align 4, !tbaa !10
  %43 = icmp slt i32 %42, 64
  br i1 %43, label %45, label %44

44:                                               ; preds = %41
  store i32 8, ptr %10, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %12) #6
  br label %97

45:                                               ; preds = %41
  %46 = load ptr, ptr %4, align 8, !tbaa !6
  %47 = load i32, ptr %12, align 4, !tbaa !10
  %48 = mul nsw i32 %47, 64
  %49 = sext i32 %48 to i64
  %50 = call i64 @_Z13get_global_idj(i32 noundef 0) #7
  %51 = add i64 %49, %50
  %52 = getelementptr inbounds float, ptr %46, i64 %51
  %53 = load float, ptr %52, align 4, !tbaa !12
  %54 = load ptr, ptr %6, align 8, !tbaa !6
  %55 = load i32, ptr %7, align 4, !tbaa !10
  %56 = sext i32 %55 to i64
  %57 = getelementptr inbounds float, ptr %54, i64 %56
  store float %53, ptr %57, align 4, !tbaa !12
  call void @_Z7barrierj(i32 noundef 1) #8
  call void @llvm.lifetime.start.p0(i64 4, ptr %13) #6
  store i32 0, ptr %13, align 4, !tbaa !10
  br label %58

58:                                               ; preds = %90, %45
  %59 = load i32, ptr %13, align 4, !tbaa !10
  %60 = icmp slt i32 %59, 2
  br i1 %60, label %62, label %61

61:                                               ; preds = %58
  store i32 11, ptr %10, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %13) #6
  br label %93

62:                                               ; preds = %58
  call void @llvm.lifetime.start.p0(i64 4, ptr %14) #6
  store i32 0, ptr %14, align 4, !tbaa !10
  br label %63

63:                                               ; preds = %86, %62
  %64 = load i32, ptr %14, align 4, !tbaa !10
  %65 = icmp slt i32 %64, 2
  br i1 %65, label %67, label %66

66:                                               ; preds = %63
  store i32 14, ptr %10, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %14) #6
  br label %89

67:                                               ; preds = %63
  %68 = load ptr, ptr %6, align 8, !tbaa !6
  %69 = load i32, ptr %7, align 4, !tbaa !10
  %70 = load i32, ptr %13, align 4, !tbaa !10
  %71 = add nsw i32 %69, %70
  %72 = load i32, ptr %14, align 4, !tbaa !10
  %73 = add nsw i32 %71, %72
  %74 = srem i32 %73, 64
  %75 = sext i32 %74 to i64
  %76 = getelementptr inbounds float, ptr %68, i64 %75
  %77 = load float, ptr %76, align 4, !tbaa !12
  %78 = load i32, ptr %13, align 4, !tbaa !10
  %79 = mul nsw i32 %78, 2
  %80 = load i32, ptr %14, align 4, !tbaa !10
  %81 = add nsw i32 %79, %80
  %82 = sext i32 %81 to i64
  %83 = getelementptr inbounds [4 x float], ptr %8, i64 0, i64 %82
  %84 = load float, ptr %83, align 4, !tbaa !12
  %85 = fadd float %84, %77
  store float %85, ptr %83, align 4, !tbaa !12
  br label %86

86:                                               ; preds = %67
  %87 = load i32, ptr %14, align 4, !tbaa !10
  %88 = add nsw i32 %87, 1
  store i32 %88, ptr %14, align 4, !tbaa !10
  br label %63, !llvm.loop !17

89:                                               ; preds = %66
  br label %90

90:                                               ; preds = %89
  %91 = load i32, ptr %13, align 4, !tbaa !10
  %92 = add nsw i32 %91, 1
  store i32 %92, ptr %13, align 4, !tbaa !10
  br label %58, !llvm.loop !18

93:                                               ; preds = %61
  call void @_Z7barrierj(i32 noundef 1) #8
  br label %94

94:                                               ; preds = %93
  %95 = load i32, ptr %12, align 4, !tbaa !10
  %96 = add nsw i32 %95, 16
  store i32 %96, ptr %12, align 4, !tbaa !10
  br label %41

97:                                               ; preds = %44
  %98 = getelementptr inbounds [4 x float], ptr %8, i64 0, i64 0
  %99 = load float, ptr %98, align 16, !tbaa !12
  %100 = getelementptr inbounds [4 x float], ptr %8, i64 0, i64 3
  %101 = load float, ptr %100, align 4, !tbaa !12
  %102 = call float @llvm.fmuladd.f32(float %101, float 2.000000e+00, float %99)
  %103 = load ptr, ptr %5, align 8, !tbaa !6
  %104 = call i64 @_Z13get_global_idj(i32 noundef 0) #7
  %105 = getelementptr inbounds float, ptr %103, i64 %104
  store float %102, ptr %105, align 4, !tbaa !12
  call void @llvm.lifetime.end.p0(i64 16, ptr %8) #6
  call void @llvm.lifetime.end.p0(i64 4, ptr %7) #6
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #2

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent
declare void @_Z7barrierj(i32 noundef) #3

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #4

; Function Attrs: convergent norecurse nounwind uwtable
define dso_local spir_kernel void @nestedtile(ptr noundef align 4 %0, ptr noundef align 4 %1, ptr noundef align 4 %2) #5 !kernel_arg_addr_space !19 !kernel_arg_access_qual !20 !kernel_arg_type !21 !kernel_arg_base_type !21 !kernel_arg_type_qual !22 {
  %4 = alloca ptr, align 8
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  store ptr %0, ptr %4, align 8, !tbaa !6
  store ptr %1, ptr %5, align 8, !tbaa !6
  store ptr %2, ptr %6, align 8, !tbaa !6
  %7 = load ptr, ptr %4, align 8, !tbaa !6
  %8 = load ptr, ptr %5, align 8, !tbaa !6
  %9 = load ptr, ptr %6, align 8, !tbaa !6
  call void @tile(ptr noundef %7, ptr noundef %8, ptr noundef %9) #8
  ret void
}

attributes #0 = { convergent norecurse nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #3 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #4 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #5 = { convergent norecurse nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "uniform-work-group-size"="true" }
attributes #6 = { nounwind }
attributes #7 = { convergent nounwind readnone willreturn }
attributes #8 = { convergent }

!llvm.module.flags = !{!0, !1, !2, !3}
!opencl.ocl.version = !{!4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 1, i32 2}
!5 = !{!"Debian clang version 15.0.6"}
!6 = !{!7, !7, i64 0}
!7 = !{!"any pointer", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !8, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"float", !8, i64 0}
!14 = distinct !{!14, !15}
!15 = !{!"llvm.loop.unroll.enable"}
!16 = distinct !{!16, !15}
!17 = distinct !{!17, !15}
!18 = distinct !{!18, !15}
!19 = !{i32 1, i32 1, i32 3}
!20 = !{!"none", !"none", !"none"}
!21 = !{!"float*", !"float*", !"float*"}
!22 = !{!"const", !"", !""}
