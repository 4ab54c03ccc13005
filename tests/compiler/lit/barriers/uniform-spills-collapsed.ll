; In a work-item function with a loop weft-group-stride-loops collapsed (its guard carries
; !weft.collapsed), a uniform value crossing a barrier is stored by work-item x == 0 alone: the
; work-group function runs x == 0 on its own there, and the loop over the other work-items is then
; left without a store to one address. Without such a loop (barriers/regions.ll) every work-item
; stores it.
; RUN: %opt -passes=weft-barriers -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @_Z7barrierj(i32)

; CHECK-LABEL: define internal i32 @k.workitem(
; CHECK:      %u.uniform.next = getelementptr inbounds i8, ptr %uniform.base
; CHECK:      barrier:
; CHECK-NEXT: br label %return
; CHECK:      %u.reload = load i32, ptr %u.uniform
; CHECK:      return:
; CHECK-NEXT: %id = phi i32 [ 1, %barrier ], [ -1, %resume1 ]
; CHECK-NEXT: %[[U:.*]] = phi i32 [ %u, %barrier ], [ poison, %resume1 ]
; CHECK-NEXT: %first.in.x = icmp eq i64 %x, 0
; CHECK-NEXT: br i1 %first.in.x, label %spill.uniform, label %spilled
; CHECK:      spill.uniform:
; CHECK-NEXT: store i32 %[[U]], ptr %u.uniform.next
; CHECK-NEXT: br label %spilled
; CHECK:      spilled:
; CHECK-NEXT: ret i32 %id
define internal i32 @k.workitem(ptr addrspace(1) %out, i32 %n, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #0 {
entry:
  %first = icmp eq i64 %x, 0, !weft.collapsed !0
  br i1 %first, label %collapsed, label %after

collapsed:
  store i32 %n, ptr addrspace(1) %out
  br label %after

after:
  %at = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  %u = load i32, ptr addrspace(1) %at
  call void @_Z7barrierj(i32 1)
  %mine = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x
  store i32 %u, ptr addrspace(1) %mine
  ret i32 -1
}

attributes #0 = { "weft-work-item"="k" }

!0 = !{}
