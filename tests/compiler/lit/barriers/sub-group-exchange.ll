; A kernel whose sub-groups exchange values (it calls __weft_sub_group_barrier) in a loop whose trip
; count differs between work-items: its work-items may stop at different barriers, so no value is
; kept once for the work-group (uniform slots would hold the last path's), and the barriers are
; numbered in program order with a loop's barriers before those its exits lead to (the sub-group
; barrier in the loop's second block, after the loop's exit in the function's block list, takes
; 1), the function is marked for weft-kernel-entry, and its dispatch leaves out the resume id's
; abi::SomeWorkItems bit. The same loop with a trip count every work-item shares stops them all
; alike: the plain dispatch, with uniform slots, and only the mark that the kernel needs
; SubGroupMemory.
; RUN: %opt -passes=weft-barriers -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @_Z7barrierj(i32)
declare void @__weft_sub_group_barrier()
declare void @use(i32)

; CHECK-LABEL: define internal i32 @k.workitem(
; CHECK-NOT:  uniform
; CHECK:      %n.slot.private = getelementptr inbounds i8, ptr %private.memory
; CHECK-NOT:  uniform
; CHECK:      %barrier.id = and i32 %resume, 2147483647
; CHECK-NEXT: switch i32 %barrier.id, label %entry [
; CHECK-NEXT:   i32 1, label %[[INLOOP:[a-z.0-9]+]]
; CHECK-NEXT:   i32 2, label %[[AFTER:[a-z.0-9]+]]
; CHECK:      [[AFTER]]:
; CHECK-NEXT: ret i32 -1
; CHECK:      [[INLOOP]]:
; CHECK:      call void @use(i32 %n.reload)
; CHECK-LABEL: define internal i32 @uniform.workitem(
; CHECK:      %n.uniform = getelementptr inbounds i8, ptr %uniform.base
; CHECK:      switch i32 %resume, label %entry [
; CHECK:      attributes #0 = { {{.*}}"weft-sub-group-exchange"{{.*}}"weft-sub-group-memory"
; CHECK:      attributes #1 = {
; CHECK-NOT:  weft-sub-group-exchange
; CHECK-SAME: "weft-sub-group-memory"
define internal i32 @k.workitem(ptr addrspace(1) %in, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #0 {
entry:
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %x
  %n = load i32, ptr addrspace(1) %p
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %exit

exit:
  call void @_Z7barrierj(i32 1)
  ret i32 -1

body:
  call void @__weft_sub_group_barrier()
  call void @use(i32 %n)
  %i.next = add i32 %i, 1
  br label %header
}

define internal i32 @uniform.workitem(ptr addrspace(1) %in, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #1 {
entry:
  %n = load i32, ptr addrspace(1) %in
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %exit

exit:
  call void @_Z7barrierj(i32 1)
  ret i32 -1

body:
  call void @__weft_sub_group_barrier()
  call void @use(i32 %n)
  %i.next = add i32 %i, 1
  br label %header
}

attributes #0 = { "weft-work-item" }
attributes #1 = { "weft-work-item" }
