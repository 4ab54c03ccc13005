; Loops the source asks to unroll (#pragma unroll) are unrolled before the barrier split, so that
; the private arrays they index get constant indices and SROA makes them registers: here the
; accumulators (live across the barriers) take one slot each in private memory, 16 bytes a
; work-item, and the array b, whose values never cross a barrier, none. Before, both arrays
; stayed arrays in private memory (32 bytes), loaded and stored around every use. The input is
; Clang 15's output (x86-64-v3, -O2 -disable-llvm-passes) for
;   kernel void regtile(global const float *a, global float *c, local float *t) {
;     int x = get_local_id(0);
;     float acc[4];
;     #pragma unroll
;     for (int j = 0; j < 4; ++j)
;       acc[j] = 0.0f;
;     for (int k = 0; k < 64; k += 16) {
;       t[x] = a[k * 64 + get_global_id(0)];
;       barrier(CLK_LOCAL_MEM_FENCE);
;       float b[4];
;       #pragma unroll
;       for (int j = 0; j < 4; ++j)
;         b[j] = t[(x + j) % 64];
;       #pragma unroll
;       for (int j = 0; j < 4; ++j)
;         acc[j] += b[j] * 2.0f;
;       barrier(CLK_LOCAL_MEM_FENCE);
;     }
;     c[get_global_id(0)] = acc[0] + acc[1] * 2.0f + acc[2] * 3.0f + acc[3] * 4.0f;
;   }
; RUN: %opt -passes=weft-pipeline -S %s | FileCheck %s

; CHECK-NOT: b.private
; CHECK-NOT: acc.private
; CHECK: acc.sroa.{{.*}}.slot.private
; CHECK-NOT: b.private
; CHECK-NOT: acc.private
; CHECK: "weft-private-bytes"="16"

; ModuleID = 'regtile.cl'
source_filename = "regtile.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @regtile(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %c, ptr addrspace(3) noundef align 4 %t) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %t.addr = alloca ptr addrspace(3), align 8
  %x = alloca i32, align 4
  %acc = alloca [4 x float], align 16
  %j = alloca i32, align 4
  %k = alloca i32, align 4
  %cleanup.dest.slot = alloca i32, align 4
  %b = alloca [4 x float], align 16
  %j12 = alloca i32, align 4
  %j26 = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !7
  store ptr addrspace(3) %t, ptr %t.addr, align 8, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 4, ptr %x) #5
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #6
  %conv = trunc i64 %call to i32
  store i32 %conv, ptr %x, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 16, ptr %acc) #5
  call void @llvm.lifetime.start.p0(i64 4, ptr %j) #5
  store i32 0, ptr %j, align 4, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %j, align 4, !tbaa !11
  %cmp = icmp slt i32 %0, 4
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %j) #5
  br label %for.end

for.body:                                         ; preds = %for.cond
  %1 = load i32, ptr %j, align 4, !tbaa !11
  %idxprom = sext i32 %1 to i64
  %arrayidx = getelementptr inbounds [4 x float], ptr %acc, i64 0, i64 %idxprom
  store float 0.000000e+00, ptr %arrayidx, align 4, !tbaa !13
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %2 = load i32, ptr %j, align 4, !tbaa !11
  %inc = add nsw i32 %2, 1
  store i32 %inc, ptr %j, align 4, !tbaa !11
  br label %for.cond, !llvm.loop !15

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #5
  store i32 0, ptr %k, align 4, !tbaa !11
  br label %for.cond2

for.cond2:                                        ; preds = %for.inc40, %for.end
  %3 = load i32, ptr %k, align 4, !tbaa !11
  %cmp3 = icmp slt i32 %3, 64
  br i1 %cmp3, label %for.body6, label %for.cond.cleanup5

for.cond.cleanup5:                                ; preds = %for.cond2
  store i32 5, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #5
  br label %for.end42

for.body6:                                        ; preds = %for.cond2
  %4 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %5 = load i32, ptr %k, align 4, !tbaa !11
  %mul = mul nsw i32 %5, 64
  %conv7 = sext i32 %mul to i64
  %call8 = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  %add = add i64 %conv7, %call8
  %arrayidx9 = getelementptr inbounds float, ptr addrspace(1) %4, i64 %add
  %6 = load float, ptr addrspace(1) %arrayidx9, align 4, !tbaa !13
  %7 = load ptr addrspace(3), ptr %t.addr, align 8, !tbaa !7
  %8 = load i32, ptr %x, align 4, !tbaa !11
  %idxprom10 = sext i32 %8 to i64
  %arrayidx11 = getelementptr inbounds float, ptr addrspace(3) %7, i64 %idxprom10
  store float %6, ptr addrspace(3) %arrayidx11, align 4, !tbaa !13
  call void @_Z7barrierj(i32 noundef 1) #7
  call void @llvm.lifetime.start.p0(i64 16, ptr %b) #5
  call void @llvm.lifetime.start.p0(i64 4, ptr %j12) #5
  store i32 0, ptr %j12, align 4, !tbaa !11
  br label %for.cond13

for.cond13:                                       ; preds = %for.inc23, %for.body6
  %9 = load i32, ptr %j12, align 4, !tbaa !11
  %cmp14 = icmp slt i32 %9, 4
  br i1 %cmp14, label %for.body17, label %for.cond.cleanup16

for.cond.cleanup16:                               ; preds = %for.cond13
  store i32 8, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %j12) #5
  br label %for.end25

for.body17:                                       ; preds = %for.cond13
  %10 = load ptr addrspace(3), ptr %t.addr, align 8, !tbaa !7
  %11 = load i32, ptr %x, align 4, !tbaa !11
  %12 = load i32, ptr %j12, align 4, !tbaa !11
  %add18 = add nsw i32 %11, %12
  %rem = srem i32 %add18, 64
  %idxprom19 = sext i32 %rem to i64
  %arrayidx20 = getelementptr inbounds float, ptr addrspace(3) %10, i64 %idxprom19
  %13 = load float, ptr addrspace(3) %arrayidx20, align 4, !tbaa !13
  %14 = load i32, ptr %j12, align 4, !tbaa !11
  %idxprom21 = sext i32 %14 to i64
  %arrayidx22 = getelementptr inbounds [4 x float], ptr %b, i64 0, i64 %idxprom21
  store float %13, ptr %arrayidx22, align 4, !tbaa !13
  br label %for.inc23

for.inc23:                                        ; preds = %for.body17
  %15 = load i32, ptr %j12, align 4, !tbaa !11
  %inc24 = add nsw i32 %15, 1
  store i32 %inc24, ptr %j12, align 4, !tbaa !11
  br label %for.cond13, !llvm.loop !17

for.end25:                                        ; preds = %for.cond.cleanup16
  call void @llvm.lifetime.start.p0(i64 4, ptr %j26) #5
  store i32 0, ptr %j26, align 4, !tbaa !11
  br label %for.cond27

for.cond27:                                       ; preds = %for.inc37, %for.end25
  %16 = load i32, ptr %j26, align 4, !tbaa !11
  %cmp28 = icmp slt i32 %16, 4
  br i1 %cmp28, label %for.body31, label %for.cond.cleanup30

for.cond.cleanup30:                               ; preds = %for.cond27
  store i32 11, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %j26) #5
  br label %for.end39

for.body31:                                       ; preds = %for.cond27
  %17 = load i32, ptr %j26, align 4, !tbaa !11
  %idxprom32 = sext i32 %17 to i64
  %arrayidx33 = getelementptr inbounds [4 x float], ptr %b, i64 0, i64 %idxprom32
  %18 = load float, ptr %arrayidx33, align 4, !tbaa !13
  %19 = load i32, ptr %j26, align 4, !tbaa !11
  %idxprom35 = sext i32 %19 to i64
  %arrayidx36 = getelementptr inbounds [4 x float], ptr %acc, i64 0, i64 %idxprom35
  %20 = load float, ptr %arrayidx36, align 4, !tbaa !13
  %21 = call float @llvm.fmuladd.f32(float %18, float 2.000000e+00, float %20)
  store float %21, ptr %arrayidx36, align 4, !tbaa !13
  br label %for.inc37

for.inc37:                                        ; preds = %for.body31
  %22 = load i32, ptr %j26, align 4, !tbaa !11
  %inc38 = add nsw i32 %22, 1
  store i32 %inc38, ptr %j26, align 4, !tbaa !11
  br label %for.cond27, !llvm.loop !18

for.end39:                                        ; preds = %for.cond.cleanup30
  call void @_Z7barrierj(i32 noundef 1) #7
  call void @llvm.lifetime.end.p0(i64 16, ptr %b) #5
  br label %for.inc40

for.inc40:                                        ; preds = %for.end39
  %23 = load i32, ptr %k, align 4, !tbaa !11
  %add41 = add nsw i32 %23, 16
  store i32 %add41, ptr %k, align 4, !tbaa !11
  br label %for.cond2

for.end42:                                        ; preds = %for.cond.cleanup5
  %arrayidx43 = getelementptr inbounds [4 x float], ptr %acc, i64 0, i64 0
  %24 = load float, ptr %arrayidx43, align 16, !tbaa !13
  %arrayidx44 = getelementptr inbounds [4 x float], ptr %acc, i64 0, i64 1
  %25 = load float, ptr %arrayidx44, align 4, !tbaa !13
  %26 = call float @llvm.fmuladd.f32(float %25, float 2.000000e+00, float %24)
  %arrayidx46 = getelementptr inbounds [4 x float], ptr %acc, i64 0, i64 2
  %27 = load float, ptr %arrayidx46, align 8, !tbaa !13
  %28 = call float @llvm.fmuladd.f32(float %27, float 3.000000e+00, float %26)
  %arrayidx48 = getelementptr inbounds [4 x float], ptr %acc, i64 0, i64 3
  %29 = load float, ptr %arrayidx48, align 4, !tbaa !13
  %30 = call float @llvm.fmuladd.f32(float %29, float 4.000000e+00, float %28)
  %31 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !7
  %call50 = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  %arrayidx51 = getelementptr inbounds float, ptr addrspace(1) %31, i64 %call50
  store float %30, ptr addrspace(1) %arrayidx51, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 16, ptr %acc) #5
  call void @llvm.lifetime.end.p0(i64 4, ptr %x) #5
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

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #3 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #4 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #5 = { nounwind }
attributes #6 = { convergent nounwind readnone willreturn }
attributes #7 = { convergent }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1, i32 3}
!4 = !{!"none", !"none", !"none"}
!5 = !{!"float*", !"float*", !"float*"}
!6 = !{!"const", !"", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !9, i64 0}
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.unroll.enable"}
!17 = distinct !{!17, !16}
!18 = distinct !{!18, !16}
