; The address of a private variable differs between work-items (each has its own copy in
; private memory), so a pointer derived from it that crosses a barrier gets a slot per work-item,
; never the work-group's uniform slot (where every work-item would read the last one's pointer).
; RUN: %opt -passes=weft-barriers -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @_Z7barrierj(i32)
declare void @use(ptr addrspace(4))

; CHECK-LABEL: define internal i32 @k.workitem(
; CHECK-NOT:  uniform
; CHECK:      %p.slot.private = getelementptr inbounds i8, ptr %private.memory
; CHECK:      barrier:
; CHECK-NEXT: store ptr addrspace(4) %p, ptr %p.slot.private
; CHECK:      %p.reload = load ptr addrspace(4), ptr %p.slot.private
; CHECK-NEXT: call void @use(ptr addrspace(4) %p.reload)
define internal i32 @k.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #0 {
entry:
  %var = alloca i32, align 4
  store i32 1, ptr %var
  %p = addrspacecast ptr %var to ptr addrspace(4)
  call void @_Z7barrierj(i32 1)
  call void @use(ptr addrspace(4) %p)
  %v = load i32, ptr %var
  store i32 %v, ptr addrspace(1) %out
  ret i32 -1
}

attributes #0 = { "weft-work-item"="k" }
