; A stencil's two-sided bounds check (`if (i > 0 && i < n - 1)`, which LLVM joins into one
; condition, the first test as `i != 0`): weft-split-work-item-ranges splits the work-item loop at
; one test, then its copy with the other test left at that one, so that the loop over the row's
; inner work-items runs without either test and its loads and stores need no mask. The input is
; Clang 15's output for
;   kernel void twosided(global const float *a, global float *c, uint n) {
;     size_t i = get_global_id(0);
;     if (i > 0 && i < n - 1) c[i] = (a[i-1] + a[i] + a[i+1]) * (1.0f/3);
;   }
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s --check-prefix=NOMASK

; CHECK-LABEL: define void @__weft_wg_twosided(
; CHECK: split.head:
; CHECK: split.head{{[0-9]+}}:
; CHECK: vector.body:
; CHECK: load <8 x float>, ptr addrspace(1)
; CHECK: load <8 x float>, ptr addrspace(1)
; CHECK: load <8 x float>, ptr addrspace(1)
; CHECK: store <8 x float> %{{.*}}, ptr addrspace(1)
; CHECK: !{!"weft.loop.split", i32 2}
; NOMASK-NOT: @llvm.masked.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @twosided(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %c, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %i = alloca i64, align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !7
  store i32 %n, ptr %n.addr, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #3
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  store i64 %call, ptr %i, align 8, !tbaa !13
  %0 = load i64, ptr %i, align 8, !tbaa !13
  %cmp = icmp ugt i64 %0, 0
  br i1 %cmp, label %land.lhs.true, label %if.end

land.lhs.true:                                    ; preds = %entry
  %1 = load i64, ptr %i, align 8, !tbaa !13
  %2 = load i32, ptr %n.addr, align 4, !tbaa !11
  %sub = sub i32 %2, 1
  %conv = zext i32 %sub to i64
  %cmp1 = icmp ult i64 %1, %conv
  br i1 %cmp1, label %if.then, label %if.end

if.then:                                          ; preds = %land.lhs.true
  %3 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %4 = load i64, ptr %i, align 8, !tbaa !13
  %sub3 = sub i64 %4, 1
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %3, i64 %sub3
  %5 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !15
  %6 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %7 = load i64, ptr %i, align 8, !tbaa !13
  %arrayidx4 = getelementptr inbounds float, ptr addrspace(1) %6, i64 %7
  %8 = load float, ptr addrspace(1) %arrayidx4, align 4, !tbaa !15
  %add = fadd float %5, %8
  %9 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %10 = load i64, ptr %i, align 8, !tbaa !13
  %add5 = add i64 %10, 1
  %arrayidx6 = getelementptr inbounds float, ptr addrspace(1) %9, i64 %add5
  %11 = load float, ptr addrspace(1) %arrayidx6, align 4, !tbaa !15
  %add7 = fadd float %add, %11
  %mul = fmul float %add7, 0x3FD5555560000000
  %12 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !7
  %13 = load i64, ptr %i, align 8, !tbaa !13
  %arrayidx8 = getelementptr inbounds float, ptr addrspace(1) %12, i64 %13
  store float %mul, ptr addrspace(1) %arrayidx8, align 4, !tbaa !15
  br label %if.end

if.end:                                           ; preds = %if.then, %land.lhs.true, %entry
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #3
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #3 = { nounwind }
attributes #4 = { convergent nobuiltin nounwind readnone willreturn "no-builtins" }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1, i32 0}
!4 = !{!"none", !"none", !"none"}
!5 = !{!"float*", !"float*", !"uint"}
!6 = !{!"const", !"", !""}
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
