; Clang 15 (-fdeclare-opencl-builtins) declares get_local_linear_id and get_global_linear_id as
; merely convergent, so their calls counted as memory accesses: a call whose result was unused
; stayed, and weft-group-stride-loops did not collapse a loop after one (its accesses "might
; conflict" with the call's). weft-normalize marks every work-item query as accessing no memory;
; then the loop after the call collapses (x == 0 runs it).
; RUN: %opt -passes='weft-normalize,function(loop-simplify,weft-group-stride-loops)' -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@k.l2 = internal addrspace(3) global [16 x i32] undef, align 4

; CHECK-LABEL: define spir_kernel void @k(
; CHECK: %first.in.x = icmp eq i64 %{{.*}}, 0, !weft.collapsed
define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %lid = call i64 @_Z19get_local_linear_idv() #0
  %gid = call i64 @_Z20get_global_linear_idv() #0
  %x = call i64 @_Z12get_local_idj(i32 0) #0
  br label %for.cond

for.cond:
  %j = phi i64 [ %x, %entry ], [ %next, %for.body ]
  %more = icmp ult i64 %j, 16
  br i1 %more, label %for.body, label %for.end

for.body:
  %slot = getelementptr inbounds [16 x i32], ptr addrspace(3) @k.l2, i64 0, i64 %j
  %v = trunc i64 %j to i32
  store i32 %v, ptr addrspace(3) %slot, align 4
  %size = call i64 @_Z14get_local_sizej(i32 0) #0
  %next = add i64 %j, %size
  br label %for.cond

for.end:
  call void @_Z7barrierj(i32 1) #0
  %at = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  %lid32 = trunc i64 %lid to i32
  store i32 %lid32, ptr addrspace(1) %at, align 4
  ret void
}

; CHECK: declare i64 @_Z19get_local_linear_idv() #[[QUERY:[0-9]+]]
; CHECK: declare i64 @_Z20get_global_linear_idv() #[[QUERY]]
; CHECK: attributes #[[QUERY]] = { convergent nounwind readnone willreturn }
declare i64 @_Z19get_local_linear_idv() #0
declare i64 @_Z20get_global_linear_idv() #0
declare i64 @_Z12get_local_idj(i32) #0
declare i64 @_Z14get_local_sizej(i32) #0
declare void @_Z7barrierj(i32) #0

attributes #0 = { convergent }
