; A work-item's inner loop on vectors (clpeak's float8 kernel, 16 iterations of 16 vector
; multiply-adds) stays a loop where LLVM would unroll it whole (weft-keep-vector-loops, before
; LLVM's full unrolling): unrolled, it would leave the x loop straight-line vector code, which the
; loop vectorizer cannot widen, and nothing for weft-jam-work-items, which now runs 16 work-items'
; chains side by side (and the rest 8 at a time). The input is Clang 15's output (x86-64-v3, -O2
; -disable-llvm-passes) for
;   #define MAD_4(x, y) x = (y * x + y); y = (x * y + x); x = (y * x + y); y = (x * y + x);
;   #define MAD_16(x, y) MAD_4(x, y); MAD_4(x, y); MAD_4(x, y); MAD_4(x, y);
;   kernel void compute_sp_v8(global float *ptr, float _A) {
;     float8 x = (float8)(_A, (_A+1), (_A+2), (_A+3), (_A+4), (_A+5), (_A+6), (_A+7));
;     float8 y = (float8)get_local_id(0);
;     for (int i = 0; i < 16; i++) { MAD_16(x, y); }
;     ptr[get_global_id(0)] = (y.S0) + (y.S1) + (y.S2) + (y.S3) + (y.S4) + (y.S5) + (y.S6) + (y.S7);
;   }
; RUN: %opt -passes='weft-pipeline,default<O3>' -pass-remarks='loop-unroll-and-jam|loop-unroll' -disable-output %s 2>&1 | FileCheck %s

; CHECK-NOT: completely unrolled
; CHECK: unroll and jammed loop by a factor of 16
; CHECK-NEXT: unroll and jammed loop by a factor of 8
; CHECK-NOT: completely unrolled

; ModuleID = 'v8.cl'
source_filename = "v8.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @compute_sp_v8(ptr noundef align 4 %ptr, float noundef %_A) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %ptr.addr = alloca ptr, align 8
  %_A.addr = alloca float, align 4
  %x = alloca <8 x float>, align 32
  %.compoundliteral = alloca <8 x float>, align 32
  %y = alloca <8 x float>, align 32
  %i = alloca i32, align 4
  store ptr %ptr, ptr %ptr.addr, align 8, !tbaa !7
  store float %_A, ptr %_A.addr, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 32, ptr %x) #4
  %0 = load float, ptr %_A.addr, align 4, !tbaa !11
  %vecinit = insertelement <8 x float> undef, float %0, i32 0
  %1 = load float, ptr %_A.addr, align 4, !tbaa !11
  %add = fadd float %1, 1.000000e+00
  %vecinit1 = insertelement <8 x float> %vecinit, float %add, i32 1
  %2 = load float, ptr %_A.addr, align 4, !tbaa !11
  %add2 = fadd float %2, 2.000000e+00
  %vecinit3 = insertelement <8 x float> %vecinit1, float %add2, i32 2
  %3 = load float, ptr %_A.addr, align 4, !tbaa !11
  %add4 = fadd float %3, 3.000000e+00
  %vecinit5 = insertelement <8 x float> %vecinit3, float %add4, i32 3
  %4 = load float, ptr %_A.addr, align 4, !tbaa !11
  %add6 = fadd float %4, 4.000000e+00
  %vecinit7 = insertelement <8 x float> %vecinit5, float %add6, i32 4
  %5 = load float, ptr %_A.addr, align 4, !tbaa !11
  %add8 = fadd float %5, 5.000000e+00
  %vecinit9 = insertelement <8 x float> %vecinit7, float %add8, i32 5
  %6 = load float, ptr %_A.addr, align 4, !tbaa !11
  %add10 = fadd float %6, 6.000000e+00
  %vecinit11 = insertelement <8 x float> %vecinit9, float %add10, i32 6
  %7 = load float, ptr %_A.addr, align 4, !tbaa !11
  %add12 = fadd float %7, 7.000000e+00
  %vecinit13 = insertelement <8 x float> %vecinit11, float %add12, i32 7
  store <8 x float> %vecinit13, ptr %.compoundliteral, align 32, !tbaa !13
  %8 = load <8 x float>, ptr %.compoundliteral, align 32, !tbaa !13
  store <8 x float> %8, ptr %x, align 32, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 32, ptr %y) #4
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #5
  %conv = uitofp i64 %call to float
  %splat.splatinsert = insertelement <8 x float> poison, float %conv, i32 0
  %splat.splat = shufflevector <8 x float> %splat.splatinsert, <8 x float> poison, <8 x i32> zeroinitializer
  store <8 x float> %splat.splat, ptr %y, align 32, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #4
  store i32 0, ptr %i, align 4, !tbaa !14
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %9 = load i32, ptr %i, align 4, !tbaa !14
  %cmp = icmp slt i32 %9, 16
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %10 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %11 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %12 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %13 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %10, <8 x float> %11, <8 x float> %12)
  store <8 x float> %13, ptr %x, align 32, !tbaa !13
  %14 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %15 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %16 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %17 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %14, <8 x float> %15, <8 x float> %16)
  store <8 x float> %17, ptr %y, align 32, !tbaa !13
  %18 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %19 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %20 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %21 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %18, <8 x float> %19, <8 x float> %20)
  store <8 x float> %21, ptr %x, align 32, !tbaa !13
  %22 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %23 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %24 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %25 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %22, <8 x float> %23, <8 x float> %24)
  store <8 x float> %25, ptr %y, align 32, !tbaa !13
  %26 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %27 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %28 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %29 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %26, <8 x float> %27, <8 x float> %28)
  store <8 x float> %29, ptr %x, align 32, !tbaa !13
  %30 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %31 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %32 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %33 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %30, <8 x float> %31, <8 x float> %32)
  store <8 x float> %33, ptr %y, align 32, !tbaa !13
  %34 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %35 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %36 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %37 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %34, <8 x float> %35, <8 x float> %36)
  store <8 x float> %37, ptr %x, align 32, !tbaa !13
  %38 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %39 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %40 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %41 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %38, <8 x float> %39, <8 x float> %40)
  store <8 x float> %41, ptr %y, align 32, !tbaa !13
  %42 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %43 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %44 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %45 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %42, <8 x float> %43, <8 x float> %44)
  store <8 x float> %45, ptr %x, align 32, !tbaa !13
  %46 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %47 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %48 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %49 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %46, <8 x float> %47, <8 x float> %48)
  store <8 x float> %49, ptr %y, align 32, !tbaa !13
  %50 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %51 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %52 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %53 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %50, <8 x float> %51, <8 x float> %52)
  store <8 x float> %53, ptr %x, align 32, !tbaa !13
  %54 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %55 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %56 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %57 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %54, <8 x float> %55, <8 x float> %56)
  store <8 x float> %57, ptr %y, align 32, !tbaa !13
  %58 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %59 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %60 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %61 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %58, <8 x float> %59, <8 x float> %60)
  store <8 x float> %61, ptr %x, align 32, !tbaa !13
  %62 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %63 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %64 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %65 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %62, <8 x float> %63, <8 x float> %64)
  store <8 x float> %65, ptr %y, align 32, !tbaa !13
  %66 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %67 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %68 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %69 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %66, <8 x float> %67, <8 x float> %68)
  store <8 x float> %69, ptr %x, align 32, !tbaa !13
  %70 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %71 = load <8 x float>, ptr %y, align 32, !tbaa !13
  %72 = load <8 x float>, ptr %x, align 32, !tbaa !13
  %73 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %70, <8 x float> %71, <8 x float> %72)
  store <8 x float> %73, ptr %y, align 32, !tbaa !13
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %74 = load i32, ptr %i, align 4, !tbaa !14
  %inc = add nsw i32 %74, 1
  store i32 %inc, ptr %i, align 4, !tbaa !14
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %75 = load <8 x float>, ptr %y, align 32
  %76 = extractelement <8 x float> %75, i64 0
  %77 = load <8 x float>, ptr %y, align 32
  %78 = extractelement <8 x float> %77, i64 1
  %add15 = fadd float %76, %78
  %79 = load <8 x float>, ptr %y, align 32
  %80 = extractelement <8 x float> %79, i64 2
  %add16 = fadd float %add15, %80
  %81 = load <8 x float>, ptr %y, align 32
  %82 = extractelement <8 x float> %81, i64 3
  %add17 = fadd float %add16, %82
  %83 = load <8 x float>, ptr %y, align 32
  %84 = extractelement <8 x float> %83, i64 4
  %add18 = fadd float %add17, %84
  %85 = load <8 x float>, ptr %y, align 32
  %86 = extractelement <8 x float> %85, i64 5
  %add19 = fadd float %add18, %86
  %87 = load <8 x float>, ptr %y, align 32
  %88 = extractelement <8 x float> %87, i64 6
  %add20 = fadd float %add19, %88
  %89 = load <8 x float>, ptr %y, align 32
  %90 = extractelement <8 x float> %89, i64 7
  %add21 = fadd float %add20, %90
  %91 = load ptr, ptr %ptr.addr, align 8, !tbaa !7
  %call22 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %arrayidx = getelementptr inbounds float, ptr %91, i64 %call22
  store float %add21, ptr %arrayidx, align 4, !tbaa !11
  call void @llvm.lifetime.end.p0(i64 32, ptr %y) #4
  call void @llvm.lifetime.end.p0(i64 32, ptr %x) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #2

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare <8 x float> @llvm.fmuladd.v8f32(<8 x float>, <8 x float>, <8 x float>) #3

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #3 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 0}
!4 = !{!"none", !"none"}
!5 = !{!"float*", !"float"}
!6 = !{!"", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"float", !9, i64 0}
!13 = !{!9, !9, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"int", !9, i64 0}
