; The sub-group built-ins' hooks: `__weft_max_sub_group_size()` becomes the kernel's size
; (weft-sub-group-size, 8 without it), `__weft_sub_group_memory()` a plain load of
; WorkGroupContext::SubGroups (offset 232: the work-group function writes it when it starts),
; and `__weft_sub_group_all_active()` whether the resume id lacks abi::SomeWorkItems (its sign bit).
; What the constant size makes constant folds at once (a division by it guarded against 0 by
; weft-safe-division, the same value reaching a PHI on two paths, a branch on it), so that
; weft-barriers next keeps none of it across a barrier.
; RUN: %opt -passes=weft-work-items -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @__weft_max_sub_group_size()
declare ptr @__weft_sub_group_memory()
declare i32 @__weft_sub_group_all_active()
declare void @__weft_sub_group_barrier()
declare void @use(i32, ptr, i32)

; CHECK-LABEL: define internal i32 @sized.workitem(ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume)
; CHECK:      %[[AT:.*]] = getelementptr inbounds i8, ptr %ctx, i64 232
; CHECK-NEXT: %sub_groups = load ptr, ptr %[[AT]], align 8{{$}}
; CHECK-NEXT: %all_active = icmp sge i32 %resume, 0
; CHECK-NEXT: %[[ALL:.*]] = zext i1 %all_active to i32
; CHECK-NEXT: call void @use(i32 16, ptr %sub_groups, i32 %[[ALL]])
define spir_kernel void @sized() #0 {
  call void @__weft_sub_group_barrier()
  %s = call i32 @__weft_max_sub_group_size()
  %m = call ptr @__weft_sub_group_memory()
  %a = call i32 @__weft_sub_group_all_active()
  call void @use(i32 %s, ptr %m, i32 %a)
  ret void
}

; CHECK-LABEL: define internal i32 @unsized.workitem(
; CHECK:      call void @use(i32 8,
define spir_kernel void @unsized() {
  call void @__weft_sub_group_barrier()
  %s = call i32 @__weft_max_sub_group_size()
  call void @use(i32 %s, ptr null, i32 0)
  ret void
}

; CHECK-LABEL: define internal i32 @folded.workitem(
; CHECK-NOT:  select
; CHECK-NOT:  phi
; CHECK:      %lane = urem i64 %x, 16
; CHECK-NEXT: %base = sub i64 %x, %lane
; CHECK-NOT:  phi
; CHECK:      call void @use(i32 16, ptr null, i32 0)
; CHECK-NEXT: call void @use64(i64 %base)
declare void @use64(i64)
define spir_kernel void @folded(i1 %c) #0 {
entry:
  %s = call i32 @__weft_max_sub_group_size()
  %wide = zext i32 %s to i64
  %zero = icmp eq i32 %s, 0
  %safe = select i1 %zero, i64 1, i64 %wide
  %lid = call i64 @_Z12get_local_idj(i32 0)
  %lane = urem i64 %lid, %safe
  %base = sub i64 %lid, %lane
  br i1 %c, label %a, label %b
a:
  %s1 = call i32 @__weft_max_sub_group_size()
  br label %join
b:
  br label %join
join:
  %size = phi i32 [ %s1, %a ], [ %s, %b ]
  call void @__weft_sub_group_barrier()
  call void @use(i32 %size, ptr null, i32 0)
  call void @use64(i64 %base)
  ret void
}
declare i64 @_Z12get_local_idj(i32)

; A choice between the sizes (the built-ins' reductions are written for each): the branches on the
; constant fold, the blocks of the other sizes go, and the PHI of what they made with them.
; CHECK-LABEL: define internal i32 @chosen.workitem(
; CHECK-NOT:  phi
; CHECK-NOT:  br i1
; CHECK:      call void @use(i32 160, ptr null, i32 0)
define spir_kernel void @chosen() #0 {
entry:
  %s = call i32 @__weft_max_sub_group_size()
  %eight = icmp eq i32 %s, 8
  br i1 %eight, label %small, label %large
small:
  br label %join
large:
  %ten = mul i32 %s, 10
  br label %join
join:
  %v = phi i32 [ 80, %small ], [ %ten, %large ]
  call void @__weft_sub_group_barrier()
  call void @use(i32 %v, ptr null, i32 0)
  ret void
}

attributes #0 = { "weft-sub-group-size"="16" }
