; Group-stride loops vectorize: a kernel that reads a tile of global memory into local memory and
; writes it back after a barrier, each loop striding over the local ids, becomes a work-group
; function whose two loops (run by work-item x == 0, which weft-kernel-entry calls on its own)
; are 8-wide vector loops for an AVX2 CPU. Global and local accesses are known not to alias
; (weft-address-space-scopes), so no runtime check between the two address spaces is needed. The
; input is Clang 15's output for
;   kernel void scale(global const float *in, global float *out, local float *t, uint n) {
;     size_t base = get_group_id(0) * (size_t)n;
;     for (uint i = get_local_id(0); i < n; i += get_local_size(0)) t[i] = in[base + i] * 3.0f;
;     barrier(CLK_LOCAL_MEM_FENCE);
;     for (uint i = get_local_id(0); i < n; i += get_local_size(0)) out[base + i] = t[i] + 1.0f;
;   }
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s

; CHECK-LABEL: define void @__weft_wg_scale(
; CHECK: vector.body{{[0-9]*}}:
; CHECK: load <8 x float>, ptr addrspace(1)
; CHECK: fmul <8 x float>
; CHECK: store <8 x float> {{.*}}, ptr addrspace(3)
; CHECK: vector.body{{[0-9]*}}:
; CHECK: load <8 x float>, ptr addrspace(3)
; CHECK: fadd <8 x float>
; CHECK: store <8 x float> {{.*}}, ptr addrspace(1)
; CHECK-NOT: get_local_id

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define dso_local spir_kernel void @scale(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out, ptr addrspace(3) noundef align 4 %t, i32 noundef %n) #0 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %t.addr = alloca ptr addrspace(3), align 8
  %n.addr = alloca i32, align 4
  %base = alloca i64, align 8
  %i = alloca i32, align 4
  %i11 = alloca i32, align 4
  store ptr addrspace(1) %in, ptr %in.addr, align 8, !tbaa !7
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !7
  store ptr addrspace(3) %t, ptr %t.addr, align 8, !tbaa !7
  store i32 %n, ptr %n.addr, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %base) #4
  %call = call i64 @_Z12get_group_idj(i32 noundef 0) #5
  %0 = load i32, ptr %n.addr, align 4, !tbaa !11
  %conv = zext i32 %0 to i64
  %mul = mul i64 %call, %conv
  store i64 %mul, ptr %base, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #4
  %call1 = call i64 @_Z12get_local_idj(i32 noundef 0) #5
  %conv2 = trunc i64 %call1 to i32
  store i32 %conv2, ptr %i, align 4, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %1 = load i32, ptr %i, align 4, !tbaa !11
  %2 = load i32, ptr %n.addr, align 4, !tbaa !11
  %cmp = icmp ult i32 %1, %2
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %3 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %4 = load i64, ptr %base, align 8, !tbaa !13
  %5 = load i32, ptr %i, align 4, !tbaa !11
  %conv4 = zext i32 %5 to i64
  %add = add i64 %4, %conv4
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %3, i64 %add
  %6 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !15
  %mul5 = fmul float %6, 3.000000e+00
  %7 = load ptr addrspace(3), ptr %t.addr, align 8, !tbaa !7
  %8 = load i32, ptr %i, align 4, !tbaa !11
  %idxprom = zext i32 %8 to i64
  %arrayidx6 = getelementptr inbounds float, ptr addrspace(3) %7, i64 %idxprom
  store float %mul5, ptr addrspace(3) %arrayidx6, align 4, !tbaa !15
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %call7 = call i64 @_Z14get_local_sizej(i32 noundef 0) #5
  %9 = load i32, ptr %i, align 4, !tbaa !11
  %conv8 = zext i32 %9 to i64
  %add9 = add i64 %conv8, %call7
  %conv10 = trunc i64 %add9 to i32
  store i32 %conv10, ptr %i, align 4, !tbaa !11
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  call void @_Z7barrierj(i32 noundef 1) #6
  call void @llvm.lifetime.start.p0(i64 4, ptr %i11) #4
  %call12 = call i64 @_Z12get_local_idj(i32 noundef 0) #5
  %conv13 = trunc i64 %call12 to i32
  store i32 %conv13, ptr %i11, align 4, !tbaa !11
  br label %for.cond14

for.cond14:                                       ; preds = %for.inc25, %for.end
  %10 = load i32, ptr %i11, align 4, !tbaa !11
  %11 = load i32, ptr %n.addr, align 4, !tbaa !11
  %cmp15 = icmp ult i32 %10, %11
  br i1 %cmp15, label %for.body18, label %for.cond.cleanup17

for.cond.cleanup17:                               ; preds = %for.cond14
  call void @llvm.lifetime.end.p0(i64 4, ptr %i11) #4
  br label %for.end30

for.body18:                                       ; preds = %for.cond14
  %12 = load ptr addrspace(3), ptr %t.addr, align 8, !tbaa !7
  %13 = load i32, ptr %i11, align 4, !tbaa !11
  %idxprom19 = zext i32 %13 to i64
  %arrayidx20 = getelementptr inbounds float, ptr addrspace(3) %12, i64 %idxprom19
  %14 = load float, ptr addrspace(3) %arrayidx20, align 4, !tbaa !15
  %add21 = fadd float %14, 1.000000e+00
  %15 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7
  %16 = load i64, ptr %base, align 8, !tbaa !13
  %17 = load i32, ptr %i11, align 4, !tbaa !11
  %conv22 = zext i32 %17 to i64
  %add23 = add i64 %16, %conv22
  %arrayidx24 = getelementptr inbounds float, ptr addrspace(1) %15, i64 %add23
  store float %add21, ptr addrspace(1) %arrayidx24, align 4, !tbaa !15
  br label %for.inc25

for.inc25:                                        ; preds = %for.body18
  %call26 = call i64 @_Z14get_local_sizej(i32 noundef 0) #5
  %18 = load i32, ptr %i11, align 4, !tbaa !11
  %conv27 = zext i32 %18 to i64
  %add28 = add i64 %conv27, %call26
  %conv29 = trunc i64 %add28 to i32
  store i32 %conv29, ptr %i11, align 4, !tbaa !11
  br label %for.cond14

for.end30:                                        ; preds = %for.cond.cleanup17
  call void @llvm.lifetime.end.p0(i64 8, ptr %base) #4
  ret void
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare i64 @_Z12get_group_idj(i32 noundef) #2

declare i64 @_Z12get_local_idj(i32 noundef) #2

declare i64 @_Z14get_local_sizej(i32 noundef) #2

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare void @_Z7barrierj(i32 noundef) #3

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "uniform-work-group-size"="false" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #3 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind readnone willreturn }
attributes #6 = { convergent }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 3, i32 0}
!2 = !{!"Debian clang version 15.0.6"}
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
