; A work-item function without barriers in which only work-item 0 changes anything (its runtime
; calls past the lowered first-work-item test, !weft.first_work_item, alone or in a conjunction;
; the rest loads, branches on uniform values, counts its own copies through !weft.copy_names and
; uses its private variables) runs for work-item 0 alone, with no loop over the work-items.
; Kept in the loops: a store to global memory outside the test's blocks, a branch on the local
; id, a value computed past the test flowing out of its blocks, and a call with effects.
; RUN: %opt -passes=weft-kernel-entry -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @copy(ptr, i64)

define spir_kernel void @copies(ptr addrspace(1) %in, i32 %n, i1 %flag) #0 {
  ret void
}

; A loop over tiles on a uniform bound; each tile a copy counted, made in work-item 0 only (once
; behind a conjunction).
define internal void @copies.workitem(ptr addrspace(1) %in, i32 %n, i1 %flag, ptr %ctx, i64 %x, i64 %y, i64 %z) #1 {
entry:
  %private = alloca i32
  %names = load ptr addrspace(1), ptr %ctx, !weft.copy_names !0
  %xy = or i64 %x, %y
  %xyz = or i64 %xy, %z
  %first = icmp eq i64 %xyz, 0, !weft.uniform !0, !weft.first_work_item !0
  %slot = getelementptr i32, ptr addrspace(1) %names, i64 %xyz
  br label %loop
loop:
  %b = phi i32 [ 0, %entry ], [ %next, %latch ]
  %count = load i32, ptr addrspace(1) %slot
  %count.next = add i32 %count, 1
  store i32 %count.next, ptr addrspace(1) %slot
  store i32 %b, ptr %private
  %both = select i1 %flag, i1 %first, i1 false
  br i1 %both, label %copy, label %latch
copy:
  %v = load i32, ptr addrspace(1) %in
  %w = zext i32 %v to i64
  call void @copy(ptr %ctx, i64 %w)
  br label %latch
latch:
  %next = add i32 %b, 1
  %more = icmp ult i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  br i1 %first, label %wait, label %end
wait:
  call void @copy(ptr %ctx, i64 0)
  br label %end
end:
  ret void
}

define spir_kernel void @store(ptr addrspace(1) %out) #0 {
  ret void
}

define internal void @store.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z) #2 {
entry:
  %xy = or i64 %x, %y
  %xyz = or i64 %xy, %z
  %first = icmp eq i64 %xyz, 0, !weft.uniform !0, !weft.first_work_item !0
  br i1 %first, label %copy, label %end
copy:
  call void @copy(ptr %ctx, i64 0)
  br label %end
end:
  store i32 1, ptr addrspace(1) %out
  ret void
}

define spir_kernel void @divergent(i32 %n) #0 {
  ret void
}

; A loop whose bound differs between work-items: theirs might not be work-item 0's.
define internal void @divergent.workitem(i32 %n, ptr %ctx, i64 %x, i64 %y, i64 %z) #3 {
entry:
  %xy = or i64 %x, %y
  %xyz = or i64 %xy, %z
  %first = icmp eq i64 %xyz, 0, !weft.uniform !0, !weft.first_work_item !0
  br label %loop
loop:
  %i = phi i64 [ %x, %entry ], [ %next, %latch ]
  br i1 %first, label %copy, label %latch
copy:
  call void @copy(ptr %ctx, i64 %i)
  br label %latch
latch:
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, 100
  br i1 %more, label %loop, label %end
end:
  ret void
}

define spir_kernel void @flows(i32 %n) #0 {
  ret void
}

; Work-item 0's blocks compute the loop's bound: the others' would be another.
define internal void @flows.workitem(i32 %n, ptr %ctx, i64 %x, i64 %y, i64 %z) #4 {
entry:
  %xy = or i64 %x, %y
  %xyz = or i64 %xy, %z
  %first = icmp eq i64 %xyz, 0, !weft.uniform !0, !weft.first_work_item !0
  br i1 %first, label %copy, label %join
copy:
  call void @copy(ptr %ctx, i64 0)
  br label %join
join:
  %bound = phi i32 [ %n, %copy ], [ 7, %entry ]
  br label %loop
loop:
  %i = phi i32 [ 0, %join ], [ %next, %loop ]
  %next = add i32 %i, 1
  %more = icmp ult i32 %next, %bound
  br i1 %more, label %loop, label %end
end:
  ret void
}

define spir_kernel void @effects() #0 {
  ret void
}

define internal void @effects.workitem(ptr %ctx, i64 %x, i64 %y, i64 %z) #5 {
entry:
  %xy = or i64 %x, %y
  %xyz = or i64 %xy, %z
  %first = icmp eq i64 %xyz, 0, !weft.uniform !0, !weft.first_work_item !0
  br i1 %first, label %copy, label %end
copy:
  call void @copy(ptr %ctx, i64 0)
  br label %end
end:
  call void @copy(ptr %ctx, i64 1)
  ret void
}

; CHECK-LABEL: define void @__weft_wg_copies(
; CHECK:      call void @copies.workitem(ptr addrspace(1) %in, i32 %n, i1 %flag, ptr %ctx, i64 0, i64 0, i64 0)
; CHECK-NEXT: ret void
; CHECK-NEXT: }

; CHECK-LABEL: define void @__weft_wg_store(
; CHECK:      wi.x:
; CHECK:      call void @store.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %wi.x.id, i64 %wi.y.id, i64 %wi.z.id)

; CHECK-LABEL: define void @__weft_wg_divergent(
; CHECK:      wi.x:
; CHECK:      call void @divergent.workitem(i32 %n, ptr %ctx, i64 %wi.x.id, i64 %wi.y.id, i64 %wi.z.id)

; CHECK-LABEL: define void @__weft_wg_flows(
; CHECK:      wi.x:
; CHECK:      call void @flows.workitem(i32 %n, ptr %ctx, i64 %wi.x.id, i64 %wi.y.id, i64 %wi.z.id)

; CHECK-LABEL: define void @__weft_wg_effects(
; CHECK:      wi.x:
; CHECK:      call void @effects.workitem(ptr %ctx, i64 %wi.x.id, i64 %wi.y.id, i64 %wi.z.id)

attributes #0 = { "uniform-work-group-size"="true" }
attributes #1 = { "weft-work-item"="copies" }
attributes #2 = { "weft-work-item"="store" }
attributes #3 = { "weft-work-item"="divergent" }
attributes #4 = { "weft-work-item"="flows" }
attributes #5 = { "weft-work-item"="effects" }

!0 = !{}
