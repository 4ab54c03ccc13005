; printf's variadic scalar floats (and halfs) become doubles, C's default argument promotion:
; Clang applies it to OpenCL C's printf, but a SPIR-V module's OpExtInst printf passes a float as
; it is (CTS test_spirv_new extinst_printf_operands_scalar_fp32 printed 0.0 for 2.0). The format
; string, integers and vectors are left alone.
; RUN: %opt -passes=weft-work-items -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.str = private unnamed_addr addrspace(2) constant [12 x i8] c"%f %d %a %f\00"

declare i32 @printf(ptr addrspace(2), ...)

; CHECK-LABEL: define internal void @k.workitem(
; CHECK: %[[F:.*]] = fpext float %f to double
; CHECK-NEXT: %[[H:.*]] = fpext half %h to double
; CHECK: call i32 (ptr, ptr addrspace(2), ...) %printf(ptr %ctx, ptr addrspace(2) @.str, double %[[F]], i32 3, double %[[H]], double %d)
; CHECK-NOT: @printf(
define spir_kernel void @k(float %f, half %h, double %d) {
  %r = call i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) @.str, float %f, i32 3, half %h, double %d)
  ret void
}
