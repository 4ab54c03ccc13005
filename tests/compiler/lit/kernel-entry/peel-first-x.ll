; A work-item function with a loop weft-group-stride-loops collapsed (its guard `x == 0` carries
; !weft.collapsed) runs each row's work-item x == 0 on its own, then the others in a loop from 1
; (when there are any), so that the guard folds away in the loop. With barriers, the resume id
; comes from the peeled call, which every path to the region's end passes. A function that only
; tests x == 0 itself (say `if (get_local_id(0) == 0)`) is not peeled: its x loop keeps its
; power-of-two trip count.
; RUN: %opt -passes=weft-kernel-entry -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define spir_kernel void @first(ptr addrspace(1) %out) #0 {
  ret void
}

define internal void @first.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z) #1 {
  %is.first = icmp eq i64 %x, 0, !weft.collapsed !0
  br i1 %is.first, label %only, label %end
only:
  store i32 1, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

define spir_kernel void @sync(ptr addrspace(1) %out) #0 {
  ret void
}

define internal i32 @sync.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #2 {
  %is.first = icmp eq i64 %x, 0, !weft.collapsed !0
  %id = select i1 %is.first, i32 -1, i32 -1
  ret i32 %id
}

define spir_kernel void @other(ptr addrspace(1) %out) #0 {
  ret void
}

define internal void @other.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z) #3 {
  %is.first = icmp eq i64 %x, 0
  ret void
}

; CHECK-LABEL: define void @__weft_wg_first(
; CHECK:      wi.y:
; CHECK-NEXT: %wi.y.id = phi i64 [ 0, %wi.z ], [ %[[YN:.*]], %wi.x.end ]
; CHECK-NEXT: call void @first.workitem(ptr addrspace(1) %out, ptr %ctx, i64 0, i64 %wi.y.id, i64 %wi.z.id)
; CHECK-NEXT: %[[MORE:.*]] = icmp ult i64 1, %size.x
; CHECK-NEXT: br i1 %[[MORE]], label %wi.x, label %wi.x.end
; CHECK:      wi.x:
; CHECK-NEXT: %wi.x.id = phi i64 [ 1, %wi.y ], [ %[[XN:.*]], %wi.x ]
; CHECK-NEXT: call void @first.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %wi.x.id, i64 %wi.y.id, i64 %wi.z.id)
; CHECK-NEXT: %[[XN]] = add nuw nsw i64 %wi.x.id, 1
; CHECK-NEXT: %[[XC:.*]] = icmp ult i64 %[[XN]], %size.x
; CHECK-NEXT: br i1 %[[XC]], label %wi.x, label %wi.x.end, !llvm.loop
; CHECK:      wi.x.end:

; CHECK-LABEL: define void @__weft_wg_sync(
; CHECK:      region0.y:
; CHECK:      %[[ID:.*]] = call i32 @sync.workitem(ptr addrspace(1) %out, ptr %ctx, i64 0, i64 %region0.y.id, i64 %region0.z.id, i32 0)
; CHECK:      region0.x:
; CHECK-NEXT: %region0.x.id = phi i64 [ 1, %region0.y ]
; CHECK:      region0.x.end:
; CHECK-NEXT: store i32 %[[ID]], ptr %next.slot

; CHECK-LABEL: define void @__weft_wg_other(
; CHECK:      wi.x:
; CHECK-NEXT: %wi.x.id = phi i64 [ 0, %wi.y ]

attributes #0 = { "uniform-work-group-size"="true" }
attributes #1 = { "weft-work-item"="first" }
attributes #2 = { "weft-work-item"="sync" "weft-resume-points"="0" }
attributes #3 = { "weft-work-item"="other" }

!0 = !{}
