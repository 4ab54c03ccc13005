; Work-item loops with a loop inside (weft-jam-work-items): the x loop of `gemm` runs 16
; work-items side by side, as two vectors of 8 lanes (b's row loaded as vectors, a's element
; broadcast), and the work-items after the last 16 of a row 8 at a time. In `gemm_int` the
; columns are `(long)(int)(id + j)`, consecutive only if no id crosses 2^31 among them: the inner
; loop gets a second version, taken when the last column is the first plus its offset, that loads
; b's row as one vector. `varying`, whose inner trip count differs between work-items, stays as
; it was. The scopes the pass adds for LLVM's legality test and its unroll-and-jam requests are
; gone afterwards. The input is Clang 15's output (x86-64-v3, -O2 -disable-llvm-passes) for
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
;   kernel void varying(global const float *a, global float *c) {
;     size_t col = get_global_id(0);
;     float acc = 0.0f;
;     for (size_t k = 0; k <= col; ++k) acc += a[k];
;     c[col] = acc;
;   }
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s --check-prefix=TIDY
; RUN: %opt -passes='weft-pipeline,default<O3>' -pass-remarks=loop-unroll-and-jam -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARKS

; CHECK-LABEL: define void @__weft_wg_gemm(
; CHECK: [[B0:%.*]] = load <8 x float>, ptr
; CHECK: [[A:%.*]] = shufflevector <8 x float> {{.*}} zeroinitializer
; CHECK-NEXT: call <8 x float> @llvm.fmuladd.v8f32(<8 x float> [[A]], <8 x float> [[B0]],
; CHECK: [[B1:%.*]] = load <8 x float>, ptr
; CHECK-NEXT: call <8 x float> @llvm.fmuladd.v8f32(<8 x float> [[A]], <8 x float> [[B1]],
; CHECK-LABEL: define void @__weft_wg_gemm_int(
; CHECK: %columns.consecutive = icmp eq i64
; CHECK-NEXT: br i1 %columns.consecutive, label %[[FAST:.*]], label %
; CHECK: [[FAST]]:
; CHECK: load <16 x float>, ptr
; CHECK: call <16 x float> @llvm.fmuladd.v16f32(
; CHECK-LABEL: define void @__weft_wg_varying(
; CHECK-NOT: <8 x float>
; CHECK: ret void

; TIDY-NOT: weft.jam"
; TIDY-NOT: llvm.loop.unroll_and_jam.count

; REMARKS: unroll and jammed loop by a factor of 16
; REMARKS-NEXT: unroll and jammed loop by a factor of 8
; REMARKS-NEXT: unroll and jammed loop by a factor of 16
; REMARKS-NEXT: unroll and jammed loop by a factor of 8
; REMARKS-NOT: unroll and jammed
; ModuleID = 'lit.cl'
source_filename = "lit.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @gemm(ptr noundef align 4 %a, ptr noundef align 4 %b, ptr noundef align 4 %c, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr, align 8
  %b.addr = alloca ptr, align 8
  %c.addr = alloca ptr, align 8
  %n.addr = alloca i32, align 4
  %col = alloca i64, align 8
  %row = alloca i64, align 8
  %acc = alloca float, align 4
  %k = alloca i32, align 4
  store ptr %a, ptr %a.addr, align 8, !tbaa !7
  store ptr %b, ptr %b.addr, align 8, !tbaa !7
  store ptr %c, ptr %c.addr, align 8, !tbaa !7
  store i32 %n, ptr %n.addr, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %col) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call, ptr %col, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 8, ptr %row) #4
  %call1 = call i64 @_Z13get_global_idj(i32 noundef 1) #5
  store i64 %call1, ptr %row, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %acc) #4
  store float 0.000000e+00, ptr %acc, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #4
  store i32 0, ptr %k, align 4, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %k, align 4, !tbaa !11
  %1 = load i32, ptr %n.addr, align 4, !tbaa !11
  %cmp = icmp ult i32 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr, ptr %a.addr, align 8, !tbaa !7
  %3 = load i64, ptr %row, align 8, !tbaa !13
  %4 = load i32, ptr %n.addr, align 4, !tbaa !11
  %conv = zext i32 %4 to i64
  %mul = mul i64 %3, %conv
  %5 = load i32, ptr %k, align 4, !tbaa !11
  %conv2 = zext i32 %5 to i64
  %add = add i64 %mul, %conv2
  %arrayidx = getelementptr inbounds float, ptr %2, i64 %add
  %6 = load float, ptr %arrayidx, align 4, !tbaa !15
  %7 = load ptr, ptr %b.addr, align 8, !tbaa !7
  %8 = load i32, ptr %k, align 4, !tbaa !11
  %9 = load i32, ptr %n.addr, align 4, !tbaa !11
  %mul3 = mul i32 %8, %9
  %conv4 = zext i32 %mul3 to i64
  %10 = load i64, ptr %col, align 8, !tbaa !13
  %add5 = add i64 %conv4, %10
  %arrayidx6 = getelementptr inbounds float, ptr %7, i64 %add5
  %11 = load float, ptr %arrayidx6, align 4, !tbaa !15
  %12 = load float, ptr %acc, align 4, !tbaa !15
  %13 = call float @llvm.fmuladd.f32(float %6, float %11, float %12)
  store float %13, ptr %acc, align 4, !tbaa !15
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %14 = load i32, ptr %k, align 4, !tbaa !11
  %inc = add i32 %14, 1
  store i32 %inc, ptr %k, align 4, !tbaa !11
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %15 = load float, ptr %acc, align 4, !tbaa !15
  %16 = load ptr, ptr %c.addr, align 8, !tbaa !7
  %17 = load i64, ptr %row, align 8, !tbaa !13
  %18 = load i32, ptr %n.addr, align 4, !tbaa !11
  %conv8 = zext i32 %18 to i64
  %mul9 = mul i64 %17, %conv8
  %19 = load i64, ptr %col, align 8, !tbaa !13
  %add10 = add i64 %mul9, %19
  %arrayidx11 = getelementptr inbounds float, ptr %16, i64 %add10
  store float %15, ptr %arrayidx11, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr %acc) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %row) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %col) #4
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

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @gemm_int(ptr noundef align 4 %a, ptr noundef align 4 %b, ptr noundef align 4 %c, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !17 !kernel_arg_base_type !17 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr, align 8
  %b.addr = alloca ptr, align 8
  %c.addr = alloca ptr, align 8
  %n.addr = alloca i32, align 4
  %col = alloca i32, align 4
  %row = alloca i32, align 4
  %acc = alloca float, align 4
  %k = alloca i32, align 4
  store ptr %a, ptr %a.addr, align 8, !tbaa !7
  store ptr %b, ptr %b.addr, align 8, !tbaa !7
  store ptr %c, ptr %c.addr, align 8, !tbaa !7
  store i32 %n, ptr %n.addr, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr %col) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %conv = trunc i64 %call to i32
  store i32 %conv, ptr %col, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr %row) #4
  %call1 = call i64 @_Z13get_global_idj(i32 noundef 1) #5
  %conv2 = trunc i64 %call1 to i32
  store i32 %conv2, ptr %row, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr %acc) #4
  store float 0.000000e+00, ptr %acc, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #4
  store i32 0, ptr %k, align 4, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %k, align 4, !tbaa !11
  %1 = load i32, ptr %n.addr, align 4, !tbaa !11
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr, ptr %a.addr, align 8, !tbaa !7
  %3 = load i32, ptr %row, align 4, !tbaa !11
  %4 = load i32, ptr %n.addr, align 4, !tbaa !11
  %mul = mul nsw i32 %3, %4
  %5 = load i32, ptr %k, align 4, !tbaa !11
  %add = add nsw i32 %mul, %5
  %idxprom = sext i32 %add to i64
  %arrayidx = getelementptr inbounds float, ptr %2, i64 %idxprom
  %6 = load float, ptr %arrayidx, align 4, !tbaa !15
  %7 = load ptr, ptr %b.addr, align 8, !tbaa !7
  %8 = load i32, ptr %k, align 4, !tbaa !11
  %9 = load i32, ptr %n.addr, align 4, !tbaa !11
  %mul4 = mul nsw i32 %8, %9
  %10 = load i32, ptr %col, align 4, !tbaa !11
  %add5 = add nsw i32 %mul4, %10
  %idxprom6 = sext i32 %add5 to i64
  %arrayidx7 = getelementptr inbounds float, ptr %7, i64 %idxprom6
  %11 = load float, ptr %arrayidx7, align 4, !tbaa !15
  %12 = load float, ptr %acc, align 4, !tbaa !15
  %13 = call float @llvm.fmuladd.f32(float %6, float %11, float %12)
  store float %13, ptr %acc, align 4, !tbaa !15
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %14 = load i32, ptr %k, align 4, !tbaa !11
  %inc = add nsw i32 %14, 1
  store i32 %inc, ptr %k, align 4, !tbaa !11
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %15 = load float, ptr %acc, align 4, !tbaa !15
  %16 = load ptr, ptr %c.addr, align 8, !tbaa !7
  %17 = load i32, ptr %row, align 4, !tbaa !11
  %18 = load i32, ptr %n.addr, align 4, !tbaa !11
  %mul9 = mul nsw i32 %17, %18
  %19 = load i32, ptr %col, align 4, !tbaa !11
  %add10 = add nsw i32 %mul9, %19
  %idxprom11 = sext i32 %add10 to i64
  %arrayidx12 = getelementptr inbounds float, ptr %16, i64 %idxprom11
  store float %15, ptr %arrayidx12, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr %acc) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %row) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %col) #4
  ret void
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @varying(ptr noundef align 4 %a, ptr noundef align 4 %c) #0 !kernel_arg_addr_space !18 !kernel_arg_access_qual !19 !kernel_arg_type !20 !kernel_arg_base_type !20 !kernel_arg_type_qual !21 {
entry:
  %a.addr = alloca ptr, align 8
  %c.addr = alloca ptr, align 8
  %col = alloca i64, align 8
  %acc = alloca float, align 4
  %k = alloca i64, align 8
  store ptr %a, ptr %a.addr, align 8, !tbaa !7
  store ptr %c, ptr %c.addr, align 8, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 8, ptr %col) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call, ptr %col, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %acc) #4
  store float 0.000000e+00, ptr %acc, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 8, ptr %k) #4
  store i64 0, ptr %k, align 8, !tbaa !13
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i64, ptr %k, align 8, !tbaa !13
  %1 = load i64, ptr %col, align 8, !tbaa !13
  %cmp = icmp ule i64 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %k) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr, ptr %a.addr, align 8, !tbaa !7
  %3 = load i64, ptr %k, align 8, !tbaa !13
  %arrayidx = getelementptr inbounds float, ptr %2, i64 %3
  %4 = load float, ptr %arrayidx, align 4, !tbaa !15
  %5 = load float, ptr %acc, align 4, !tbaa !15
  %add = fadd float %5, %4
  store float %add, ptr %acc, align 4, !tbaa !15
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %6 = load i64, ptr %k, align 8, !tbaa !13
  %inc = add i64 %6, 1
  store i64 %inc, ptr %k, align 8, !tbaa !13
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %7 = load float, ptr %acc, align 4, !tbaa !15
  %8 = load ptr, ptr %c.addr, align 8, !tbaa !7
  %9 = load i64, ptr %col, align 8, !tbaa !13
  %arrayidx1 = getelementptr inbounds float, ptr %8, i64 %9
  store float %7, ptr %arrayidx1, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr %acc) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %col) #4
  ret void
}

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "uniform-work-group-size"="false" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #3 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 3, i32 0}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1, i32 1, i32 0}
!4 = !{!"none", !"none", !"none", !"none"}
!5 = !{!"float*", !"float*", !"float*", !"uint"}
!6 = !{!"const", !"const", !"", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"long", !9, i64 0}
!15 = !{!16, !16, i64 0}
!16 = !{!"float", !9, i64 0}
!17 = !{!"float*", !"float*", !"float*", !"int"}
!18 = !{i32 1, i32 1}
!19 = !{!"none", !"none"}
!20 = !{!"float*", !"float*"}
!21 = !{!"const", !""}
