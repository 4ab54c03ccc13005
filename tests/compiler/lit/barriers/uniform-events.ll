; An async copy's event is the same in every work-item (weft.uniform: each work-item names it by
; counting its own copies), and the block that only work-item 0 enters to call the runtime is
; guarded by a weft.uniform test. An event that crosses a barrier after passing such a block is
; kept once for the work-group, in a uniform slot, not in private memory per work-item.
; RUN: %opt -passes=weft-barriers -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @_Z7barrierj(i32)
declare void @copy(ptr)
declare void @wait(ptr)

; %ev merges the event from both sides of the work-item-0 block (and null when no copy was
; made): uniform only because the guard is known to change nothing.
; CHECK-LABEL: define internal i32 @k.workitem(
; CHECK-NOT:  slot.private
; CHECK:      %ev.uniform.next = getelementptr inbounds i8, ptr %uniform.base
; CHECK:      barrier:
; CHECK-NEXT: br label %return
; CHECK:      %ev.reload = load ptr, ptr %ev.uniform
; CHECK:      call void @wait(ptr %ev.reload)
; CHECK:      return:
; CHECK-NEXT: %id = phi i32 [ 1, %barrier ], [ -1, %done ]
; CHECK-NEXT: %[[EV:.*]] = phi ptr [ %ev, %barrier ], [ poison, %done ]
; CHECK-NEXT: store ptr %[[EV]], ptr %ev.uniform.next
; CHECK:      attributes #0 = { "weft-local-scratch-bytes"="64" "weft-private-bytes"="0"
define internal i32 @k.workitem(ptr addrspace(1) %names, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #0 {
entry:
  %more = icmp ne ptr addrspace(1) %names, null
  %any = or i64 %x, %y
  %any2 = or i64 %any, %z
  %first = icmp eq i64 %any2, 0, !weft.uniform !0
  br i1 %more, label %make, label %issued

make:
  %at = getelementptr inbounds i32, ptr addrspace(1) %names, i64 %x
  %count = load i32, ptr addrspace(1) %at
  %next = add i32 %count, 1
  store i32 %next, ptr addrspace(1) %at
  %wide = zext i32 %next to i64
  %name = inttoptr i64 %wide to ptr
  %event = select i1 true, ptr %name, ptr null, !weft.uniform !0
  br i1 %first, label %issue, label %issued

issue:
  call void @copy(ptr %event)
  br label %issued

issued:
  %ev = phi ptr [ null, %entry ], [ %event, %make ], [ %event, %issue ]
  call void @_Z7barrierj(i32 1)
  br i1 %first, label %waits, label %done

waits:
  call void @wait(ptr %ev)
  br label %done

done:
  ret i32 -1
}

attributes #0 = { "weft-work-item"="k" }
!0 = !{}
