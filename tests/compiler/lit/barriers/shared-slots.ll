; Values that never cross the same barrier share a slot: a work-item's slot holds a value only
; from the store before a barrier to the reload after it. Three stages, each passing its own
; values over one barrier: %a (i32) over the first, %c (i32) and %f (float) over the second, %e
; (i32) over the third; %d (i32) crosses the first two. %c takes %a's slot, %e takes %a's too
; (%c crossed only the second), %d needs one of its own, %f one of its type. The uniform %u1
; (first barrier) and %u2 (second) share a work-group slot the same way.
; RUN: %opt -passes=weft-barriers -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @_Z7barrierj(i32)

; CHECK-LABEL: define internal i32 @k.workitem(
; CHECK-DAG:  %u1.uniform = getelementptr inbounds i8, ptr %uniform.base, i64 0
; CHECK-DAG:  %u1.uniform.next = getelementptr inbounds i8, ptr %uniform.base, i64 16
; CHECK-DAG:  %a.slot.private = getelementptr
; CHECK-DAG:  %d.slot.private = getelementptr
; CHECK-DAG:  %f.slot.private = getelementptr
; CHECK-NOT:  .slot.private =
; CHECK-NOT:  .uniform =
; CHECK:      switch i32 %resume
; CHECK:      barrier:
; CHECK-DAG:  store i32 %a, ptr %a.slot.private
; CHECK-DAG:  store i32 %d, ptr %d.slot.private
; CHECK:      br label %return
; CHECK:      barrier2:
; CHECK-DAG:  store i32 %c, ptr %a.slot.private
; CHECK-DAG:  store i32 %d.reload, ptr %d.slot.private
; CHECK-DAG:  store float %f, ptr %f.slot.private
; CHECK:      br label %return
; CHECK:      resume3:
; CHECK-DAG:  %c.reload = load i32, ptr %a.slot.private
; CHECK-DAG:  %d.reload{{[0-9]+}} = load i32, ptr %d.slot.private
; CHECK-DAG:  %f.reload = load float, ptr %f.slot.private
; CHECK-DAG:  %u2.reload = load i32, ptr %u1.uniform
; CHECK:      barrier4:
; CHECK-NEXT: store i32 %e, ptr %a.slot.private
; CHECK-NEXT: br label %return
; CHECK:      resume5:
; CHECK-NEXT: %e.reload = load i32, ptr %a.slot.private
; The shared uniform slot is written once, where every return meets: %u1 after the first
; barrier, %u2 after the second, nothing (poison) on the other paths.
; CHECK:      return:
; CHECK-NEXT: %id = phi i32 [ 1, %barrier ], [ 2, %barrier2 ], [ 3, %barrier4 ], [ -1, %resume5 ]
; CHECK-NEXT: %[[U:.*]] = phi i32 [ %u1, %barrier ], [ %u2, %barrier2 ], [ poison, %barrier4 ], [ poison, %resume5 ]
; CHECK-NEXT: store i32 %[[U]], ptr %u1.uniform.next
; CHECK-NEXT: ret i32 %id
; The uniform slot's two copies are 4 bytes each, rounded up to 16; private memory: three 4-byte
; slots (there were five).
; CHECK:      "weft-private-bytes"="16"
; CHECK-SAME: "weft-uniform-bytes"="16"
define internal i32 @k.workitem(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #0 {
entry:
  %own = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %x
  %a = load i32, ptr addrspace(1) %own
  %d = add i32 %a, 7
  %u1 = load i32, ptr addrspace(1) %in
  call void @_Z7barrierj(i32 1)
  %a1 = add i32 %a, %u1
  store i32 %a1, ptr addrspace(1) %own
  %c = load i32, ptr addrspace(1) %own
  %ownf = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x
  %f = load float, ptr addrspace(1) %ownf
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 1
  %u2 = load i32, ptr addrspace(1) %p2
  call void @_Z7barrierj(i32 1)
  %c1 = mul i32 %c, %u2
  %f1 = fadd float %f, 1.0
  store float %f1, ptr addrspace(1) %ownf
  %e = add i32 %c1, %d
  store i32 %c1, ptr addrspace(1) %own
  call void @_Z7barrierj(i32 1)
  %e1 = mul i32 %e, 3
  store i32 %e1, ptr addrspace(1) %own
  ret i32 -1
}

attributes #0 = { "weft-work-item"="k" }
