; A bounds check (`if (i < n)`) in a work-item loop: weft-split-work-item-ranges runs the
; work-items below the bound in a copy of the loop without the test, so the loop vectorizer reads
; and stores whole vectors there instead of masking every access (masked stores cost about ten
; plain ones on AMD's Zen 3). The rest of the row (the test false) does nothing and is deleted; the
; version for indices that could wrap around keeps the test and stays scalar. The input is Clang
; 15's output for
;   kernel void triad(global float *a, global const float *b, global const float *c, float s,
;                     uint n) {
;     size_t i = get_global_id(0);
;     if (i < n)
;       a[i] = b[i] + s * c[i];
;   }
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s --check-prefix=NOMASK

; CHECK-LABEL: define void @__weft_wg_triad(
; CHECK: split.head:
; CHECK: vector.body:
; CHECK: load <8 x float>, ptr addrspace(1)
; CHECK: load <8 x float>, ptr addrspace(1)
; CHECK: store <8 x float> %{{.*}}, ptr addrspace(1)
; CHECK: !{!"llvm.loop.vectorize.width", i32 1}
; NOMASK-NOT: @llvm.masked.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @triad(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %b, ptr addrspace(1) noundef align 4 %c, float noundef %s, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %s.addr = alloca float, align 4
  %n.addr = alloca i32, align 4
  %i = alloca i64, align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !7
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !7
  store float %s, ptr %s.addr, align 4, !tbaa !11
  store i32 %n, ptr %n.addr, align 4, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call, ptr %i, align 8, !tbaa !15
  %0 = load i64, ptr %i, align 8, !tbaa !15
  %1 = load i32, ptr %n.addr, align 4, !tbaa !13
  %conv = zext i32 %1 to i64
  %cmp = icmp ult i64 %0, %conv
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %2 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !7
  %3 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %2, i64 %3
  %4 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !11
  %5 = load float, ptr %s.addr, align 4, !tbaa !11
  %6 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !7
  %7 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(1) %6, i64 %7
  %8 = load float, ptr addrspace(1) %arrayidx2, align 4, !tbaa !11
  %9 = call float @llvm.fmuladd.f32(float %5, float %8, float %4)
  %10 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %11 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx3 = getelementptr inbounds float, ptr addrspace(1) %10, i64 %11
  store float %9, ptr addrspace(1) %arrayidx3, align 4, !tbaa !11
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #4
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

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "uniform-work-group-size"="false" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #3 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #4 = { nounwind }
attributes #5 = { convergent nobuiltin nounwind readnone willreturn "no-builtins" }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 3, i32 0}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1, i32 1, i32 0, i32 0}
!4 = !{!"none", !"none", !"none", !"none", !"none"}
!5 = !{!"float*", !"float*", !"float*", !"float", !"uint"}
!6 = !{!"", !"const", !"const", !"", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"float", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"int", !9, i64 0}
!15 = !{!16, !16, i64 0}
!16 = !{!"long", !9, i64 0}
