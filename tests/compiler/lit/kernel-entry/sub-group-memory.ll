; A work-group function whose sub-groups exchange values at barriers every work-item reaches alike
; (weft-barriers marked it weft-sub-group-memory, not weft-sub-group-exchange): the plain dispatch,
; region after region over every work-item, with the work-group's SubGroupMemory on its stack
; and its address in the context (WorkGroupContext::SubGroups, offset 232) for the built-ins.
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
; CHECK-NOT:  alloca [1024 x i32]
; CHECK:      %[[AT:[0-9]+]] = getelementptr inbounds i8, ptr %ctx, i64 232
; CHECK-NEXT: store ptr %sub_groups, ptr %[[AT]], align 8
; CHECK-NOT:  lowest
; CHECK:      dispatch:
; CHECK-NEXT: %resume = phi i32
; CHECK-NOT:  lowest
; CHECK:      call i32 @k.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %{{.*}}, i64 %{{.*}}, i64 %{{.*}}, i32 0)
; CHECK-NOT:  lowest
; CHECK:      attributes #{{[0-9]+}} = { {{.*}}"weft-sub-group-memory"
; CHECK-NOT:  weft-sub-group-exchange

attributes #0 = { alwaysinline "weft-resume-points"="1" "weft-sub-group-memory" "weft-work-item"="k" }
