; -cl-denorms-are-zero: a kernel whose single-precision denormals flush ("denormal-fp-math-f32"
; is preserve-sign) runs its work-group with MXCSR's FTZ and DAZ bits set, and gives the caller's
; MXCSR back on return; other kernels do not touch MXCSR.
; RUN: %opt -passes=weft-kernel-entry -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define spir_kernel void @flushing(ptr addrspace(1) %out) #0 {
  ret void
}

define internal void @flushing.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z) #1 {
  ret void
}

define spir_kernel void @keeping(ptr addrspace(1) %out) #2 {
  ret void
}

define internal void @keeping.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z) #3 {
  ret void
}

; CHECK-LABEL: define void @__weft_wg_flushing(
; CHECK: %mxcsr.saved = alloca i32
; CHECK: %mxcsr.flushing = alloca i32
; CHECK: call void @llvm.x86.sse.stmxcsr(ptr %mxcsr.saved)
; CHECK: %[[OLD:.*]] = load i32, ptr %mxcsr.saved
; CHECK: %[[NEW:.*]] = or i32 %[[OLD]], 32832
; CHECK: store i32 %[[NEW]], ptr %mxcsr.flushing
; CHECK: call void @llvm.x86.sse.ldmxcsr(ptr %mxcsr.flushing)
; CHECK: call void @llvm.x86.sse.ldmxcsr(ptr %mxcsr.saved)
; CHECK-NEXT: ret void

; CHECK-LABEL: define void @__weft_wg_keeping(
; CHECK-NOT: mxcsr
; CHECK: ret void

attributes #0 = { "denormal-fp-math-f32"="preserve-sign,preserve-sign" }
attributes #1 = { "weft-work-item"="flushing" "denormal-fp-math-f32"="preserve-sign,preserve-sign" }
attributes #2 = { nounwind }
attributes #3 = { "weft-work-item"="keeping" }
