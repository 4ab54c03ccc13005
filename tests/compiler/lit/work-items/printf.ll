; A kernel's printf becomes a variadic call through the context's KernelRuntime table (Printf is
; entry 4, at byte 32) with the context first; the variadic arguments keep their attributes (a
; 32-byte vector goes byval, as Clang passes it for the baseline target) and the result is used.
; RUN: %opt -passes=weft-work-items -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.str = private unnamed_addr addrspace(2) constant [11 x i8] c"%d %v8hlf\0A\00"

declare i32 @printf(ptr addrspace(2), ...)

; CHECK-LABEL: define internal void @k.workitem(ptr addrspace(1) %out, ptr %v, ptr %ctx,
; CHECK: %[[TABLEAT:.*]] = getelementptr inbounds i8, ptr %ctx, i64 168
; CHECK-NEXT: %runtime = load ptr, ptr %[[TABLEAT]], align 8, !invariant.load
; CHECK-NEXT: %[[FN:.*]] = getelementptr inbounds i8, ptr %runtime, i64 32
; CHECK-NEXT: %printf = load ptr, ptr %[[FN]], align 8, !invariant.load
; CHECK-NEXT: %[[R:.*]] = call i32 (ptr, ptr addrspace(2), ...) %printf(ptr %ctx, ptr addrspace(2) @.str, i32 7, ptr byval(<8 x float>) align 32 %v)
; CHECK-NEXT: store i32 %[[R]], ptr addrspace(1) %out
; CHECK-NOT: @printf(
define spir_kernel void @k(ptr addrspace(1) %out, ptr %v) {
  %r = call i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) @.str, i32 7, ptr byval(<8 x float>) align 32 %v)
  store i32 %r, ptr addrspace(1) %out
  ret void
}
