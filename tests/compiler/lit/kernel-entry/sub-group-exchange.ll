; The dispatch of a work-group function whose sub-groups exchange values: each work-item's next
; barrier is kept (an array by local linear id, zero at the start); each round takes the lowest
; barrier any work-item waits at, and counts the round (SubGroupMemory::Round, from 0, with no
; sub-group's Claimed in any); when all wait at that one barrier, every work-item runs its region
; as with plain barriers, otherwise only those marked active, with abi::SomeWorkItems (the sign
; bit) in the resume id.
; RUN: %opt -passes=weft-kernel-entry -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define spir_kernel void @k(ptr addrspace(1) %out) {
  ret void
}

define internal i32 @k.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #0 {
  %r = add i32 %resume, 1
  %done = icmp eq i32 %resume, 1
  %next = select i1 %done, i32 -1, i32 %r
  ret i32 %next
}

; CHECK-LABEL: define void @__weft_wg_k(
; CHECK:      %sub_groups = alloca [17928 x i8], align 64
; CHECK:      %next = alloca [1024 x i32]
; CHECK:      store ptr %sub_groups, ptr
; CHECK:      call void @llvm.memset.p0.i64(ptr align 4 %next, i8 0,
; CHECK:      %round = getelementptr inbounds i8, ptr %sub_groups, i64 17408
; CHECK-NEXT: store i32 0, ptr %round
; CHECK-NEXT: %[[CLAIMED:[0-9]+]] = getelementptr inbounds i8, ptr %sub_groups, i64 17412
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 4 %[[CLAIMED]], i8 0, i64 512
; CHECK:      lowest:
; CHECK:      %lowest.min = select i1
; CHECK:      %highest.max = select i1
; CHECK:      run:
; CHECK-NEXT: %[[ROUND:[0-9]+]] = load i32, ptr %round
; CHECK-NEXT: %[[NEXT:[0-9]+]] = add i32 %[[ROUND]], 1
; CHECK-NEXT: store i32 %[[NEXT]], ptr %round
; CHECK-NEXT: %[[ALL:[0-9]+]] = icmp eq i32 %lowest.min, %highest.max
; CHECK-NEXT: br i1 %[[ALL]], label %together, label %apart
; CHECK:      together:
; CHECK-NEXT: switch i32 %lowest.min, label %together.region0 [
; CHECK-NEXT:   i32 1, label %together.region1
; CHECK:      apart:
; CHECK:      mark:
; CHECK:      icmp eq i32 %{{.*}}, %lowest.min
; CHECK:      switch i32 %lowest.min, label %apart.region0 [
; CHECK:      runs:
; CHECK-NEXT: %id{{[0-9]*}} = call i32 @k.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %{{.*}}, i64 %{{.*}}, i64 %{{.*}}, i32 -2147483648)
; CHECK-NEXT: %{{.*}} = getelementptr inbounds i32, ptr %next
; CHECK-NEXT: store i32 %id
; CHECK-NEXT: br label %ran
; CHECK:      attributes #1 = { {{.*}}"weft-sub-group-exchange" }
attributes #0 = { alwaysinline "weft-resume-points"="1" "weft-sub-group-exchange" "weft-work-item"="k" }
