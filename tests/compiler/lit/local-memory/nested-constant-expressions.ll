; A __local variable reached through nested constant expressions (a GEP of an addrspacecast to
; the generic address space, as an unqualified pointer to it gives) is placed like any other use:
; no reference to the variable itself is left (it was: the GEP became an instruction whose
; operand was still the addrspacecast of the variable, which then read the wrong memory).
; RUN: %opt -passes=weft-local-memory -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@k.data = internal addrspace(3) global [100 x i32] undef, align 16

; CHECK-LABEL: define internal void @k.workitem(
; CHECK: %local.memory = load ptr
; CHECK: %k.data = addrspacecast ptr %{{.*}} to ptr addrspace(3)
; CHECK: %[[GENERIC:.*]] = addrspacecast ptr addrspace(3) %k.data to ptr addrspace(4)
; CHECK-NEXT: %[[AT:.*]] = getelementptr inbounds i8, ptr addrspace(4) %[[GENERIC]], i64 16
; CHECK-NEXT: load <2 x i32>, ptr addrspace(4) %[[AT]]
; CHECK-NOT: @k.data
define internal void @k.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z) #0 {
  store i32 5, ptr addrspace(3) getelementptr inbounds ([100 x i32], ptr addrspace(3) @k.data, i64 0, i64 4)
  %v = load <2 x i32>, ptr addrspace(4) getelementptr inbounds (i8, ptr addrspace(4) addrspacecast (ptr addrspace(3) @k.data to ptr addrspace(4)), i64 16)
  store <2 x i32> %v, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "weft-work-item"="k" }
