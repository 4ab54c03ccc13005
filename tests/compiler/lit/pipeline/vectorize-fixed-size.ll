; A kernel with reqd_work_group_size(16, 1, 1) (the triad of vectorize-triad.ll): its x loop has a
; constant trip count (weft-fixed-local-size), and weft-keep-work-item-loops keeps LLVM's full
; unrolling off it until the loop vectorizer has widened it (unrolled first, the sixteen
; work-items were scalar code the SLP vectorizer left scalar). Then the two vectors of the row
; are straight-line code: no loop, no runtime check, no scalar remainder, no unrolling marker left.
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s

; CHECK-LABEL: define void @__weft_wg_triad(
; CHECK-NOT: {{^ *br }}
; CHECK: load <8 x float>, ptr addrspace(1)
; CHECK: load <8 x float>, ptr addrspace(1)
; CHECK: %[[R:.*]] = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %broadcast.splat
; CHECK: store <8 x float> %[[R]], ptr addrspace(1)
; CHECK: load <8 x float>, ptr addrspace(1)
; CHECK: load <8 x float>, ptr addrspace(1)
; CHECK: %[[S:.*]] = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %broadcast.splat
; CHECK: store <8 x float> %[[S]], ptr addrspace(1)
; CHECK-NOT: {{^ *br }}
; CHECK: ret void
; CHECK-NOT: load float
; CHECK-NOT: weft.loop.kept

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @triad(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %b, ptr addrspace(1) noundef align 4 %c, float noundef %s) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 !reqd_work_group_size !15 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %s.addr = alloca float, align 4
  %i = alloca i64, align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !7
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !7
  store float %s, ptr %s.addr, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call, ptr %i, align 8, !tbaa !13
  %0 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !7
  %1 = load i64, ptr %i, align 8, !tbaa !13
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %1
  %2 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !11
  %3 = load float, ptr %s.addr, align 4, !tbaa !11
  %4 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !7
  %5 = load i64, ptr %i, align 8, !tbaa !13
  %arrayidx1 = getelementptr inbounds float, ptr addrspace(1) %4, i64 %5
  %6 = load float, ptr addrspace(1) %arrayidx1, align 4, !tbaa !11
  %7 = call float @llvm.fmuladd.f32(float %3, float %6, float %2)
  %8 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %9 = load i64, ptr %i, align 8, !tbaa !13
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(1) %8, i64 %9
  store float %7, ptr addrspace(1) %arrayidx2, align 4, !tbaa !11
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
!1 = !{i32 3, i32 0}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1, i32 1, i32 0}
!4 = !{!"none", !"none", !"none", !"none"}
!5 = !{!"float*", !"float*", !"float*", !"float"}
!6 = !{!"", !"const", !"const", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"float", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"long", !9, i64 0}
!15 = !{i32 16, i32 1, i32 1}
