; weft-group-stride-loops over global ids: a loop whose index starts at get_global_id(0) (plus a
; constant) and steps by get_global_size(0) covers, in each work-group, blocks of local-size
; indices one global size apart. Work-item x == 0 runs it with its own start (the work-group's
; first global id): the loop now steps from block to block, and an inner loop runs the body for
; index + j, j below the local size, while the loop's test holds for it. The input is Clang 15's
; output (after Weft's clean-up passes) for
;   kernel void grid(global const float *in, global float *out, uint n) {
;     for (uint i = get_global_id(0); i < n; i += get_global_size(0)) out[i] = in[i] * 2.0f;
;   }
;   kernel void grid_int(global int *a, int n) {
;     for (int i = get_global_id(0) + 1; i <= n; i += get_global_size(0)) a[i] = a[i] + i;
;   }
; RUN: %opt -passes='function(loop-simplify,weft-group-stride-loops)' -S %s | FileCheck %s

; CHECK-LABEL: define {{.*}} @grid(
; CHECK:      %call = call i64 @_Z13get_global_idj(i32 noundef 0)
; CHECK:      %x = call i64 @_Z12get_local_idj(i32 noundef 0)
; CHECK-NEXT: %first.in.x = icmp eq i64 %x, 0, !weft.collapsed
; CHECK-NEXT: %size.x = call i64 @_Z14get_local_sizej(i32 noundef 0)
; CHECK-NEXT: br i1 %first.in.x, label %for.cond, label %for.end
; CHECK:      for.cond:
; CHECK-NEXT: %[[I:.*]] = phi i64 [ %call, %entry ], [ %[[STEP:.*]], %for.cond.step ]
; CHECK:      br i1 %cmp, label %for.cond.block, label %for.end
; CHECK:      for.cond.block:
; CHECK-NEXT: %j = phi i64 [ 0, %for.cond ], [ %j.next, %for.cond.block.next ]
; CHECK-NEXT: %[[AT:.*]] = add i64 %[[I]], %j
; CHECK-NEXT: %[[T:.*]] = trunc i64 %[[AT]] to i32
; CHECK-NEXT: %[[HOLDS:.*]] = icmp ult i32 %[[T]], %n
; CHECK-NEXT: %in.block = icmp ult i64 %j, %size.x
; CHECK-NEXT: %[[GO:.*]] = and i1 %in.block, %[[HOLDS]]
; CHECK-NEXT: br i1 %[[GO]], label %for.body, label %for.cond.step
; CHECK:      for.body:
; CHECK-NEXT: %idxprom = and i64 %[[AT]], 4294967295
; CHECK:      br label %for.cond.block.next
; CHECK:      for.cond.block.next:
; CHECK-NEXT: %j.next = add nuw nsw i64 %j, 1
; CHECK-NEXT: br label %for.cond.block
; CHECK:      for.cond.step:
; CHECK-NEXT: %[[MASKED:.*]] = and i64 %[[I]], 4294967295
; CHECK-NEXT: %[[SIZE:.*]] = call i64 @_Z15get_global_sizej(i32 noundef 0)
; CHECK-NEXT: %[[STEP]] = add i64 %[[MASKED]], %[[SIZE]]
; CHECK-NEXT: br label %for.cond

; The signed, inclusive, offset form: the block test is the loop's own (<=, signed) for i + j.
; CHECK-LABEL: define {{.*}} @grid_int(
; CHECK:      %first.in.x = icmp eq i64 %x, 0, !weft.collapsed
; CHECK:      .block:
; CHECK:      icmp sgt i32
; CHECK:      %in.block = icmp ult i64 %j, %size.x

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define dso_local spir_kernel void @grid(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #3
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idxprom
  %0 = load float, ptr addrspace(1) %arrayidx, align 4
  %mul = fmul float %0, 2.000000e+00
  %arrayidx3 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idxprom
  store float %mul, ptr addrspace(1) %arrayidx3, align 4
  %call4 = call i64 @_Z15get_global_sizej(i32 noundef 0) #3
  %add = add i64 %idxprom, %call4
  br label %for.cond

for.end:                                          ; preds = %for.cond
  ret void
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare i64 @_Z13get_global_idj(i32 noundef) #2

declare i64 @_Z15get_global_sizej(i32 noundef) #2

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

define dso_local spir_kernel void @grid_int(ptr addrspace(1) noundef align 4 %a, i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #3
  %0 = trunc i64 %call to i32
  %conv = add i32 %0, 1
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0 = phi i32 [ %conv, %entry ], [ %conv8, %for.body ]
  %cmp.not = icmp sgt i32 %i.0, %n
  br i1 %cmp.not, label %for.end, label %for.body

for.body:                                         ; preds = %for.cond
  %idxprom = sext i32 %i.0 to i64
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idxprom
  %1 = load i32, ptr addrspace(1) %arrayidx, align 4
  %add2 = add nsw i32 %1, %i.0
  store i32 %add2, ptr addrspace(1) %arrayidx, align 4
  %call5 = call i64 @_Z15get_global_sizej(i32 noundef 0) #3
  %2 = trunc i64 %call5 to i32
  %conv8 = add i32 %i.0, %2
  br label %for.cond

for.end:                                          ; preds = %for.cond
  ret void
}

attributes #0 = { convergent norecurse nounwind }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn }
attributes #3 = { convergent nounwind readnone willreturn }
