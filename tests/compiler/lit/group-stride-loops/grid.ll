; weft-group-stride-loops over global ids: a loop whose index starts at get_global_id(0) (plus a
; constant) and steps by get_global_size(0) covers, in each work-group, blocks of local-size
; indices one global size apart. Work-item x == 0 runs it for the row. When no index the row's
; work-items compute can reach 2^31 (row.fits: x == 0's id, its block, the global size and the
; bound), the loop steps from block to block with a 64-bit index, from the row's start, and an
; inner loop runs the body for index + j, j below the local size, while below the row's end; the
; body takes that 64-bit index where it took the loop's one masked (or narrowed and widened), and
; the steps do not wrap. Otherwise x == 0 runs the loop as it was once for each work-item x', with
; the start work-item x''s own (a global offset near 2^32 wraps a uint index's start). The input
; is Clang 15's output (after Weft's clean-up passes) for
;   kernel void grid(global const float *in, global float *out, uint n) {
;     for (uint i = get_global_id(0); i < n; i += get_global_size(0)) out[i] = in[i] * 2.0f;
;   }
;   kernel void grid_int(global int *a, int n) {
;     for (int i = get_global_id(0) + 1; i <= n; i += get_global_size(0)) a[i] = a[i] + i;
;   }
; RUN: %opt -passes='function(loop-simplify,weft-group-stride-loops),verify' -S %s | FileCheck %s

; CHECK-LABEL: define {{.*}} @grid(
; CHECK:      %call = call i64 @_Z13get_global_idj(i32 noundef 0)
; CHECK:      %x = call i64 @_Z12get_local_idj(i32 noundef 0)
; CHECK-NEXT: %first.in.x = icmp eq i64 %x, 0, !weft.collapsed
; CHECK-NEXT: %size.x = call i64 @_Z14get_local_sizej(i32 noundef 0)
; CHECK-NEXT: %size.global.x = call i64 @_Z15get_global_sizej(i32 noundef 0)
; CHECK-NEXT: br i1 %first.in.x, label %row, label %for.end
; CHECK:      row:
; CHECK-NEXT: %row.bound = zext i32 %n to i64
; CHECK-NEXT: %row.fits.id = icmp ult i64 %call, 2147483648
; CHECK-NEXT: [[BLOCKEND:%.*]] = add i64 %call, %size.x
; CHECK-NEXT: %row.fits.block = icmp ule i64 [[BLOCKEND]], 2147483648
; CHECK-NEXT: [[A:%.*]] = and i1 %row.fits.id, %row.fits.block
; CHECK-NEXT: %row.fits.size = icmp ule i64 %size.global.x, 2147483648
; CHECK-NEXT: [[B:%.*]] = and i1 [[A]], %row.fits.size
; CHECK-NEXT: [[ROOM:%.*]] = sub i64 2147483648, %size.global.x
; CHECK-NEXT: %row.fits.end = icmp ule i64 %row.bound, [[ROOM]]
; CHECK-NEXT: %row.fits = and i1 [[B]], %row.fits.end
; CHECK-NEXT: br i1 %row.fits, label %for.cond, label %each.item
; CHECK:      for.cond:
; CHECK-NEXT: %[[I:.*]] = phi i64 [ %call, %row ], [ %[[STEP:.*]], %for.cond.step ]
; CHECK-NEXT: %in.row = icmp ult i64 %[[I]], %row.bound
; CHECK-NEXT: br i1 %in.row, label %for.cond.block, label %for.end
; CHECK:      for.cond.block:
; CHECK-NEXT: %j = phi i64 [ 0, %for.cond ], [ %j.next, %for.cond.block.next ]
; CHECK-NEXT: %[[AT:.*]] = add nuw nsw i64 %[[I]], %j
; CHECK:      %in.block = icmp ult i64 %j, %size.x
; CHECK-NEXT: %[[HOLDS:.*]] = icmp ult i64 %[[AT]], %row.bound
; CHECK-NEXT: %[[GO:.*]] = and i1 %in.block, %[[HOLDS]]
; CHECK-NEXT: br i1 %[[GO]], label %for.body, label %for.cond.step
; CHECK:      for.body:
; CHECK-NEXT: %arrayidx = getelementptr inbounds float, ptr addrspace(1) %in, i64 %[[AT]]
; CHECK-NOT:  and i64
; CHECK:      %arrayidx3 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %[[AT]]
; CHECK:      br label %for.cond.block.next
; Each work-item's loop as it was, in turn, its start from its own id.
; CHECK:      each.item:
; CHECK-NEXT: %x.item = phi i64 [ 0, %row ], [ %x.item.next, %each.item.next ]
; CHECK-NEXT: %id.item = add i64 %call, %x.item
; CHECK-NEXT: br label %for.cond.item
; CHECK:      each.item.next:
; CHECK-NEXT: %x.item.next = add nuw nsw i64 %x.item, 1
; CHECK-NEXT: [[MORE:%.*]] = icmp ult i64 %x.item.next, %size.x
; CHECK-NEXT: br i1 [[MORE]], label %each.item, label %for.end
; CHECK:      for.cond.item:
; CHECK-NEXT: %i.0.in.item = phi i64 [ %id.item, %each.item ], [ %add.item, %for.body.item ]
; CHECK-NEXT: %i.0.item = trunc i64 %i.0.in.item to i32
; CHECK-NEXT: %cmp.item = icmp ult i32 %i.0.item, %n
; CHECK-NEXT: br i1 %cmp.item, label %for.body.item, label %each.item.next
; CHECK:      for.body.item:
; CHECK-NEXT: %idxprom.item = and i64 %i.0.in.item, 4294967295
; CHECK:      %add.item = add i64 %idxprom.item, %call4.item
; CHECK:      for.cond.block.next:
; CHECK-NEXT: %j.next = add nuw nsw i64 %j, 1
; CHECK-NEXT: br label %for.cond.block
; CHECK:      for.cond.step:
; CHECK-NEXT: %[[STEP]] = add nuw nsw i64 %[[I]], %size.global.x
; CHECK-NEXT: br label %for.cond, !llvm.loop ![[ROW:[0-9]+]]

; The signed, inclusive, offset form: the row ends past the bound (at least -1), the row starts
; at the id plus 1, and the bound itself must be below 2^31; the body takes the 64-bit index
; where it took the int one sign-extended, and the int one narrowed from it where it took that.
; CHECK-LABEL: define {{.*}} @grid_int(
; CHECK:      %first.in.x = icmp eq i64 %x, 0, !weft.collapsed
; CHECK:      row:
; CHECK-NEXT: %row.bound = sext i32 %n to i64
; CHECK-NEXT: %[[CLAMPED:.*]] = call i64 @llvm.smax.i64(i64 %row.bound, i64 -1)
; CHECK-NEXT: %row.end = add i64 %[[CLAMPED]], 1
; CHECK-NEXT: %row.start = add i64 %call, 1
; CHECK:      %row.fits.end = icmp ule i64 %row.end,
; CHECK:      %row.fits.bound = icmp ult i64 %[[CLAMPED]], 2147483648
; CHECK:      %[[I:.*]] = phi i64 [ %row.start, %row ]
; CHECK:      %[[AT:.*]] = add nuw nsw i64 %[[I]], %j
; CHECK-NEXT: %[[NARROW:.*]] = trunc i64 %[[AT]] to i32
; CHECK:      icmp ult i64 %[[AT]], %row.end
; CHECK:      for.body:
; CHECK-NEXT: %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %[[AT]]
; CHECK:      add nsw i32 {{%.*}}, %[[NARROW]]
; CHECK:      %id.item = add i64 %call, %x.item
; CHECK-NEXT: %[[ITEMID:.*]] = trunc i64 %id.item to i32
; CHECK-NEXT: %conv.item = add i32 %[[ITEMID]], 1
; CHECK:      icmp sgt i32 %i.0.item, %n

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

; The loop over the row's blocks is marked, for weft-combine-atomics.
; CHECK: ![[ROW]] = distinct !{![[ROW]], ![[OPTION:[0-9]+]]}
; CHECK: ![[OPTION]] = !{!"weft.loop.collapsed_row"}
