; Kernels with barriers: the loop nest of each region vectorizes like a barrier-free kernel's. In
; this reduction the first region (scratch[l] = in[get_global_id(0)]) becomes 8-wide loads from
; global memory and stores to local memory. The input is Clang 15's output for
;   kernel void reduce(global const float *in, global float *out, local float *scratch) {
;     size_t l = get_local_id(0), n = get_local_size(0);
;     scratch[l] = in[get_global_id(0)];
;     barrier(CLK_LOCAL_MEM_FENCE);
;     for (size_t s = n / 2; s > 0; s /= 2) {
;       if (l < s)
;         scratch[l] += scratch[l + s];
;       barrier(CLK_LOCAL_MEM_FENCE);
;     }
;     if (l == 0)
;       out[get_group_id(0)] = scratch[0];
;   }
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s
; The rounds' `if (l < s)` and the loop's exit test `s > 0` (the same in every work-item: the
; region after the barrier in the loop tests it) leave no masked load or store:
; weft-split-work-item-ranges versions the region's x loop for the exit test and splits it at
; the round's s, so that every part vectorizes with plain vectors (masked stores are slow on Zen 3).
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s --check-prefix=NOMASK

; CHECK-LABEL: define void @__weft_wg_reduce(
; CHECK: dispatch:
; CHECK-NEXT: %resume = phi i32
; CHECK-NEXT: switch i32 %resume, label %region0{{.*}} [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NEXT: i32 2, label %region2
; CHECK-NEXT: ]
; CHECK: vector.body:
; CHECK: %[[V:.*]] = load <8 x float>, ptr addrspace(1)
; CHECK: store <8 x float> %[[V]], ptr addrspace(3)
; CHECK-NOT: call {{.*}}barrier
; CHECK-LABEL: attributes
; NOMASK-NOT: @llvm.masked.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @reduce(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out, ptr addrspace(3) noundef align 4 %scratch) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %scratch.addr = alloca ptr addrspace(3), align 8
  %l = alloca i64, align 8
  %n = alloca i64, align 8
  %s = alloca i64, align 8
  store ptr addrspace(1) %in, ptr %in.addr, align 8, !tbaa !7
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !7
  store ptr addrspace(3) %scratch, ptr %scratch.addr, align 8, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 8, ptr %l) #4
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #5
  store i64 %call, ptr %l, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %n) #4
  %call1 = call i64 @_Z14get_local_sizej(i32 noundef 0) #5
  store i64 %call1, ptr %n, align 8, !tbaa !11
  %0 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %call2 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %call2
  %1 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %2 = load ptr addrspace(3), ptr %scratch.addr, align 8, !tbaa !7
  %3 = load i64, ptr %l, align 8, !tbaa !11
  %arrayidx3 = getelementptr inbounds float, ptr addrspace(3) %2, i64 %3
  store float %1, ptr addrspace(3) %arrayidx3, align 4, !tbaa !13
  call void @_Z7barrierj(i32 noundef 1) #6
  call void @llvm.lifetime.start.p0(i64 8, ptr %s) #4
  %4 = load i64, ptr %n, align 8, !tbaa !11
  %div = udiv i64 %4, 2
  store i64 %div, ptr %s, align 8, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %5 = load i64, ptr %s, align 8, !tbaa !11
  %cmp = icmp ugt i64 %5, 0
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %s) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %6 = load i64, ptr %l, align 8, !tbaa !11
  %7 = load i64, ptr %s, align 8, !tbaa !11
  %cmp4 = icmp ult i64 %6, %7
  br i1 %cmp4, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  %8 = load ptr addrspace(3), ptr %scratch.addr, align 8, !tbaa !7
  %9 = load i64, ptr %l, align 8, !tbaa !11
  %10 = load i64, ptr %s, align 8, !tbaa !11
  %add = add i64 %9, %10
  %arrayidx5 = getelementptr inbounds float, ptr addrspace(3) %8, i64 %add
  %11 = load float, ptr addrspace(3) %arrayidx5, align 4, !tbaa !13
  %12 = load ptr addrspace(3), ptr %scratch.addr, align 8, !tbaa !7
  %13 = load i64, ptr %l, align 8, !tbaa !11
  %arrayidx6 = getelementptr inbounds float, ptr addrspace(3) %12, i64 %13
  %14 = load float, ptr addrspace(3) %arrayidx6, align 4, !tbaa !13
  %add7 = fadd float %14, %11
  store float %add7, ptr addrspace(3) %arrayidx6, align 4, !tbaa !13
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  call void @_Z7barrierj(i32 noundef 1) #6
  br label %for.inc

for.inc:                                          ; preds = %if.end
  %15 = load i64, ptr %s, align 8, !tbaa !11
  %div8 = udiv i64 %15, 2
  store i64 %div8, ptr %s, align 8, !tbaa !11
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %16 = load i64, ptr %l, align 8, !tbaa !11
  %cmp9 = icmp eq i64 %16, 0
  br i1 %cmp9, label %if.then10, label %if.end14

if.then10:                                        ; preds = %for.end
  %17 = load ptr addrspace(3), ptr %scratch.addr, align 8, !tbaa !7
  %arrayidx11 = getelementptr inbounds float, ptr addrspace(3) %17, i64 0
  %18 = load float, ptr addrspace(3) %arrayidx11, align 4, !tbaa !13
  %19 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7
  %call12 = call i64 @_Z12get_group_idj(i32 noundef 0) #5
  %arrayidx13 = getelementptr inbounds float, ptr addrspace(1) %19, i64 %call12
  store float %18, ptr addrspace(1) %arrayidx13, align 4, !tbaa !13
  br label %if.end14

if.end14:                                         ; preds = %if.then10, %for.end
  call void @llvm.lifetime.end.p0(i64 8, ptr %n) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %l) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #2

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z14get_local_sizej(i32 noundef) #2

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent
declare void @_Z7barrierj(i32 noundef) #3

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_group_idj(i32 noundef) #2

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "uniform-work-group-size"="false" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #3 = { convergent "frame-pointer"="none" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #4 = { nounwind }
attributes #5 = { convergent nobuiltin nounwind readnone willreturn "no-builtins" }
attributes #6 = { convergent nobuiltin "no-builtins" }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 3, i32 0}
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
!12 = !{!"long", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !9, i64 0}
