; A histogram in local memory: its atomics on __local become plain read-modify-writes at the end
; of the pipeline (one `incl` each on x86 instead of a locked one), those on __global stay atomic,
; and the old value of a local atomic that crosses a barrier is still each work-item's own (kept
; in the work-item's slot, not taken as uniform). The input is Clang 15's output for
;   kernel void hist(global const uchar *in, global uint *bins) {
;     local uint h[256];
;     for (uint i = get_local_id(0); i < 256; i += get_local_size(0)) h[i] = 0;
;     barrier(CLK_LOCAL_MEM_FENCE);
;     for (uint k = 0; k < 16; k++)
;       __atomic_fetch_add(&h[in[16 * get_global_id(0) + k]], 1u, __ATOMIC_RELAXED);
;     uint slot = __atomic_fetch_add(&h[0], 0u, __ATOMIC_RELAXED);
;     barrier(CLK_LOCAL_MEM_FENCE);
;     for (uint i = get_local_id(0); i < 256; i += get_local_size(0))
;       __atomic_fetch_add(&bins[i], h[i] + slot, __ATOMIC_RELAXED);
;   }
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s --check-prefix=SLOT

; CHECK-LABEL: define void @__weft_wg_hist(
; CHECK-NOT: atomicrmw {{.*}} addrspace(3)
; CHECK: [[OLD:%.*]] = load i32, ptr addrspace(3) [[BIN:%.*]], align 4
; CHECK-NEXT: [[NEW:%.*]] = add i32 [[OLD]], 1
; CHECK-NEXT: store i32 [[NEW]], ptr addrspace(3) [[BIN]], align 4
; CHECK-NOT: atomicrmw {{.*}} addrspace(3)
; CHECK: atomicrmw add ptr addrspace(1)
; CHECK-NOT: atomicrmw {{.*}} addrspace(3)
; CHECK: ret void

; `slot` (InstCombine makes the fetch_add of 0 an atomic load) crosses the barrier in each
; work-item's private slot, not in a uniform one.
; SLOT-LABEL: define void @__weft_wg_hist(
; SLOT-NOT: .uniform
; SLOT: store i32 %{{.*}}, ptr %.slot.private
; SLOT-NOT: .uniform
; SLOT: ret void
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@hist.h = internal addrspace(3) global [256 x i32] undef, align 16

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @hist(ptr addrspace(1) noundef align 1 %in, ptr addrspace(1) noundef align 4 %bins) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %bins.addr = alloca ptr addrspace(1), align 8
  %i = alloca i32, align 4
  %k = alloca i32, align 4
  %.atomictmp = alloca i32, align 4
  %atomic-temp = alloca i32, align 4
  %slot = alloca i32, align 4
  %.atomictmp18 = alloca i32, align 4
  %atomic-temp19 = alloca i32, align 4
  %i20 = alloca i32, align 4
  %.atomictmp30 = alloca i32, align 4
  %atomic-temp34 = alloca i32, align 4
  store ptr addrspace(1) %in, ptr %in.addr, align 8, !tbaa !7
  store ptr addrspace(1) %bins, ptr %bins.addr, align 8, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #4
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #5
  %conv = trunc i64 %call to i32
  store i32 %conv, ptr %i, align 4, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4, !tbaa !11
  %cmp = icmp ult i32 %0, 256
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %1 = load i32, ptr %i, align 4, !tbaa !11
  %idxprom = zext i32 %1 to i64
  %arrayidx = getelementptr inbounds [256 x i32], ptr addrspace(3) @hist.h, i64 0, i64 %idxprom
  store i32 0, ptr addrspace(3) %arrayidx, align 4, !tbaa !11
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %call2 = call i64 @_Z14get_local_sizej(i32 noundef 0) #5
  %2 = load i32, ptr %i, align 4, !tbaa !11
  %conv3 = zext i32 %2 to i64
  %add = add i64 %conv3, %call2
  %conv4 = trunc i64 %add to i32
  store i32 %conv4, ptr %i, align 4, !tbaa !11
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  call void @_Z7barrierj(i32 noundef 1) #6
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #4
  store i32 0, ptr %k, align 4, !tbaa !11
  br label %for.cond5

for.cond5:                                        ; preds = %for.inc16, %for.end
  %3 = load i32, ptr %k, align 4, !tbaa !11
  %cmp6 = icmp ult i32 %3, 16
  br i1 %cmp6, label %for.body9, label %for.cond.cleanup8

for.cond.cleanup8:                                ; preds = %for.cond5
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #4
  br label %for.end17

for.body9:                                        ; preds = %for.cond5
  %4 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %call10 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %mul = mul i64 16, %call10
  %5 = load i32, ptr %k, align 4, !tbaa !11
  %conv11 = zext i32 %5 to i64
  %add12 = add i64 %mul, %conv11
  %arrayidx13 = getelementptr inbounds i8, ptr addrspace(1) %4, i64 %add12
  %6 = load i8, ptr addrspace(1) %arrayidx13, align 1, !tbaa !13
  %idxprom14 = zext i8 %6 to i64
  %arrayidx15 = getelementptr inbounds [256 x i32], ptr addrspace(3) @hist.h, i64 0, i64 %idxprom14
  store i32 1, ptr %.atomictmp, align 4, !tbaa !11
  %7 = load i32, ptr %.atomictmp, align 4
  %8 = atomicrmw add ptr addrspace(3) %arrayidx15, i32 %7 monotonic, align 4
  store i32 %8, ptr %atomic-temp, align 4
  %9 = load i32, ptr %atomic-temp, align 4, !tbaa !11
  br label %for.inc16

for.inc16:                                        ; preds = %for.body9
  %10 = load i32, ptr %k, align 4, !tbaa !11
  %inc = add i32 %10, 1
  store i32 %inc, ptr %k, align 4, !tbaa !11
  br label %for.cond5

for.end17:                                        ; preds = %for.cond.cleanup8
  call void @llvm.lifetime.start.p0(i64 4, ptr %slot) #4
  store i32 0, ptr %.atomictmp18, align 4, !tbaa !11
  %11 = load i32, ptr %.atomictmp18, align 4
  %12 = atomicrmw add ptr addrspace(3) @hist.h, i32 %11 monotonic, align 4
  store i32 %12, ptr %atomic-temp19, align 4
  %13 = load i32, ptr %atomic-temp19, align 4, !tbaa !11
  store i32 %13, ptr %slot, align 4, !tbaa !11
  call void @_Z7barrierj(i32 noundef 1) #6
  call void @llvm.lifetime.start.p0(i64 4, ptr %i20) #4
  %call21 = call i64 @_Z12get_local_idj(i32 noundef 0) #5
  %conv22 = trunc i64 %call21 to i32
  store i32 %conv22, ptr %i20, align 4, !tbaa !11
  br label %for.cond23

for.cond23:                                       ; preds = %for.inc35, %for.end17
  %14 = load i32, ptr %i20, align 4, !tbaa !11
  %cmp24 = icmp ult i32 %14, 256
  br i1 %cmp24, label %for.body27, label %for.cond.cleanup26

for.cond.cleanup26:                               ; preds = %for.cond23
  call void @llvm.lifetime.end.p0(i64 4, ptr %i20) #4
  br label %for.end40

for.body27:                                       ; preds = %for.cond23
  %15 = load ptr addrspace(1), ptr %bins.addr, align 8, !tbaa !7
  %16 = load i32, ptr %i20, align 4, !tbaa !11
  %idxprom28 = zext i32 %16 to i64
  %arrayidx29 = getelementptr inbounds i32, ptr addrspace(1) %15, i64 %idxprom28
  %17 = load i32, ptr %i20, align 4, !tbaa !11
  %idxprom31 = zext i32 %17 to i64
  %arrayidx32 = getelementptr inbounds [256 x i32], ptr addrspace(3) @hist.h, i64 0, i64 %idxprom31
  %18 = load i32, ptr addrspace(3) %arrayidx32, align 4, !tbaa !11
  %19 = load i32, ptr %slot, align 4, !tbaa !11
  %add33 = add i32 %18, %19
  store i32 %add33, ptr %.atomictmp30, align 4, !tbaa !11
  %20 = load i32, ptr %.atomictmp30, align 4
  %21 = atomicrmw add ptr addrspace(1) %arrayidx29, i32 %20 monotonic, align 4
  store i32 %21, ptr %atomic-temp34, align 4
  %22 = load i32, ptr %atomic-temp34, align 4, !tbaa !11
  br label %for.inc35

for.inc35:                                        ; preds = %for.body27
  %call36 = call i64 @_Z14get_local_sizej(i32 noundef 0) #5
  %23 = load i32, ptr %i20, align 4, !tbaa !11
  %conv37 = zext i32 %23 to i64
  %add38 = add i64 %conv37, %call36
  %conv39 = trunc i64 %add38 to i32
  store i32 %conv39, ptr %i20, align 4, !tbaa !11
  br label %for.cond23

for.end40:                                        ; preds = %for.cond.cleanup26
  call void @llvm.lifetime.end.p0(i64 4, ptr %slot) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #2

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z14get_local_sizej(i32 noundef) #2

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent
declare void @_Z7barrierj(i32 noundef) #3

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "uniform-work-group-size"="true" }
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
!1 = !{i32 1, i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1}
!4 = !{!"none", !"none"}
!5 = !{!"uchar*", !"uint*"}
!6 = !{!"const", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !9, i64 0}
!13 = !{!9, !9, i64 0}
