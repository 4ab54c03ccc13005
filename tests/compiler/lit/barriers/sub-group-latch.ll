; A loop whose sub-group barrier some work-items skip in an iteration (here under an if) gets one
; more sub-group barrier at its latch, where each iteration's work-items meet: the barrier under
; the if takes 1 (program order), the latch's 2, the one after the loop 3. A loop whose barrier
; every iteration passes (the second) gets none.
; RUN: %opt -passes=weft-barriers -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @__weft_sub_group_barrier()
declare void @use(i32)

; CHECK-LABEL: define internal i32 @k.workitem(
; CHECK:      %barrier.id = and i32 %resume, 2147483647
; CHECK-NEXT: switch i32 %barrier.id, label %entry [
; CHECK-NEXT:   i32 1, label %[[SKIPPABLE:[a-z.0-9]+]]
; CHECK-NEXT:   i32 2, label %[[LATCH:[a-z.0-9]+]]
; CHECK-NEXT:   i32 3, label %[[AFTER:[a-z.0-9]+]]
; CHECK-NEXT:   i32 4, label %[[EVERY:[a-z.0-9]+]]
; CHECK-NEXT: ]
; CHECK:      [[SKIPPABLE]]:
; CHECK:      call void @use(i32 1)
; CHECK:      latch:
; CHECK:      %i.next = add i32
; CHECK:      ret i32 2
; CHECK:      [[LATCH]]:
; CHECK:      br i1 %more.reload, label %header, label %after
; CHECK:      [[AFTER]]:
; CHECK-NEXT: call void @use(i32 3)
; CHECK:      [[EVERY]]:
; CHECK:      call void @use(i32 4)
; CHECK-NOT:  ret i32 5
define internal i32 @k.workitem(ptr addrspace(1) %in, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #0 {
entry:
  %odd = trunc i64 %x to i1
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  br i1 %odd, label %then, label %latch

then:
  call void @__weft_sub_group_barrier()
  call void @use(i32 1)
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 4
  br i1 %more, label %header, label %after

after:
  call void @__weft_sub_group_barrier()
  call void @use(i32 3)
  br label %every.header

every.header:
  %j = phi i32 [ 0, %after ], [ %j.next, %every.header ]
  call void @__weft_sub_group_barrier()
  call void @use(i32 4)
  %j.next = add i32 %j, 1
  %again = icmp slt i32 %j.next, 4
  br i1 %again, label %every.header, label %done

done:
  ret i32 -1
}

attributes #0 = { "weft-work-item" }
