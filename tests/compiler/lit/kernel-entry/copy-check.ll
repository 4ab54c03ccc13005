; weft-kernel-entry with copy checks (work-item functions with weft-check-copies): each
; `__weft_check_differs(...)` becomes whether its operands may differ between work-items (true for
; one of the local id, false for the group's values); after the loops the copy state (from 5 x the
; enqueued items in the check slots) is compared with work-item 0's, a difference recorded
; (abi::CheckSite Valid | Relative | Divergent, with its place), and the state
; cleared. A function all of whose copies are uniform loses the attribute and is not compared.
; RUN: %opt -passes=weft-kernel-entry -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i1 @__weft_check_differs(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)

; CHECK-LABEL: define internal void @mixed.workitem(
; CHECK:      store i1 true, ptr addrspace(1) %out
; CHECK-NEXT: store i1 false, ptr addrspace(1) %out
; CHECK-LABEL: define internal void @uniform.workitem(
; CHECK:      store i1 false, ptr addrspace(1) %out

; CHECK-LABEL: define void @__weft_wg_mixed(
; CHECK:      %[[AT:.*]] = mul i64 %check.items, 5
; CHECK-NEXT: %check.copies = getelementptr i64, ptr %check.slots, i64 %[[AT]]
; CHECK:      %check.first = load i64, ptr %check.copies, align 8
; CHECK:      check.any:
; CHECK:      or i64 -4611686018427387903,
; CHECK:      call void @llvm.memset.p0.i64(ptr align 8 %check.copies, i8 0,
; CHECK-LABEL: define void @__weft_wg_uniform(
; CHECK-NOT:  check.
; CHECK:      ret void
; CHECK:      attributes #{{[0-9]+}} = { "weft-check-copies" "weft-work-item"="mixed" }
; CHECK-NEXT: attributes #{{[0-9]+}} = { "weft-work-item"="uniform" }

define spir_kernel void @mixed(ptr addrspace(1) %out, i64 %g) #0 {
  ret void
}

define internal void @mixed.workitem(ptr addrspace(1) %out, i64 %g, ptr %ctx, i64 %x, i64 %y, i64 %z) #1 {
  %d = call i1 @__weft_check_differs(i64 1, i64 %x, i64 %g, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0)
  store i1 %d, ptr addrspace(1) %out
  %u = call i1 @__weft_check_differs(i64 1, i64 %g, i64 %g, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0)
  store i1 %u, ptr addrspace(1) %out
  ret void
}

define spir_kernel void @uniform(ptr addrspace(1) %out, i64 %g) #0 {
  ret void
}

define internal void @uniform.workitem(ptr addrspace(1) %out, i64 %g, ptr %ctx, i64 %x, i64 %y, i64 %z) #2 {
  %u = call i1 @__weft_check_differs(i64 1, i64 %g, i64 %g, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0)
  store i1 %u, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "uniform-work-group-size"="true" }
attributes #1 = { "weft-work-item"="mixed" "weft-check-copies" }
attributes #2 = { "weft-work-item"="uniform" "weft-check-copies" }
