; In programs built with bounds checks (module flag weft.check.bounds), each loop
; weft-group-stride-loops collapses begins its body with __weft_check_owner_x(x): the x id of
; the work-item whose iteration runs there, which weft-check-bounds records a refused access
; against. Over local ids it is (index - start) mod the local size; over global ids the block's
; j, and in the copies for indices that may wrap the copy's x'. The kernels (Clang 15's output
; after Weft's clean-up passes):
;   kernel void rows(global float *out, uint n) {
;     for (uint i = get_local_id(0) + 1; i < n; i += get_local_size(0)) out[i] = 1.0f;
;   }
;   kernel void grid(global const float *in, global float *out, uint n) {
;     for (uint i = get_global_id(0); i < n; i += get_global_size(0)) out[i] = in[i] * 2.0f;
;   }
; RUN: %opt -passes='function(loop-simplify,weft-group-stride-loops),verify' -S %s | FileCheck %s

; CHECK-LABEL: define {{.*}} @rows(
; CHECK: %size.x = call i64 @_Z14get_local_sizej(i32 noundef 0)
; CHECK: for.body:
; CHECK-NEXT: %[[FROM:.*]] = sub i64 %i.0.in, 1
; CHECK-NEXT: %owner.x = urem i64 %[[FROM]], %size.x
; CHECK-NEXT: call void @__weft_check_owner_x(i64 %owner.x)

; CHECK-LABEL: define {{.*}} @grid(
; CHECK: for.body:
; CHECK-NEXT: call void @__weft_check_owner_x(i64 %j)
; CHECK: each.item:
; CHECK-NEXT: %x.item = phi i64
; CHECK: for.body.item:
; CHECK-NEXT: call void @__weft_check_owner_x(i64 %x.item)

; CHECK: declare void @__weft_check_owner_x(i64) #[[MARKER:[0-9]+]]
; CHECK: attributes #[[MARKER]] = { inaccessiblememonly nounwind willreturn }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define dso_local spir_kernel void @rows(ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #1
  %start = add i64 %call, 1
  br label %for.cond

for.cond:
  %i.0.in = phi i64 [ %start, %entry ], [ %add, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idxprom
  store float 1.000000e+00, ptr addrspace(1) %arrayidx, align 4
  %call2 = call i64 @_Z14get_local_sizej(i32 noundef 0) #1
  %add = add i64 %idxprom, %call2
  br label %for.cond

for.end:
  ret void
}

define dso_local spir_kernel void @grid(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #1
  br label %for.cond

for.cond:
  %i.0.in = phi i64 [ %call, %entry ], [ %add, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idxprom
  %0 = load float, ptr addrspace(1) %arrayidx, align 4
  %mul = fmul float %0, 2.000000e+00
  %arrayidx3 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idxprom
  store float %mul, ptr addrspace(1) %arrayidx3, align 4
  %call4 = call i64 @_Z15get_global_sizej(i32 noundef 0) #1
  %add = add i64 %idxprom, %call4
  br label %for.cond

for.end:
  ret void
}

declare i64 @_Z12get_local_idj(i32 noundef) #1
declare i64 @_Z14get_local_sizej(i32 noundef) #1
declare i64 @_Z13get_global_idj(i32 noundef) #1
declare i64 @_Z15get_global_sizej(i32 noundef) #1

attributes #0 = { convergent norecurse nounwind }
attributes #1 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"weft.check.bounds", i32 1}
