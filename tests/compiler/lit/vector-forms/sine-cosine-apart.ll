; A sine and a cosine of different values: the sincos form's entry point is not kept past the
; start of LLVM's pipeline (weft-vector-forms-prune), so it is not optimised for nothing, and the
; loop calls the sine's and the cosine's entry points.
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s
; RUN: %opt -passes='weft-pipeline,weft-vector-forms-prune,globaldce' -S %s | FileCheck %s --check-prefix=PRUNED

; CHECK-NOT: _Z6sincosDv4_fPS_(<4 x float>
; CHECK: call <4 x float> @weft.vector_form._Z3sinDv4_f(
; CHECK: call <4 x float> @weft.vector_form._Z3cosDv4_f(
; CHECK-NOT: weft.vector_form._Z6sincosDv4_fPS_
; PRUNED-NOT: @weft.vector_form._Z6sincosDv4_fPS_
; PRUNED: define internal <4 x float> @weft.vector_form._Z3sinDv4_f(
; PRUNED: define internal <4 x float> @weft.vector_form._Z3cosDv4_f(
; PRUNED-NOT: @weft.vector_form._Z6sincosDv4_fPS_

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"


define spir_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @_Z13get_global_idj(i32 0) #3
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
  %x = load float, ptr addrspace(1) %p, align 4
  %s = call float @_Z3sinf(float %x) #2
  %y = fmul float %x, 2.000000e+00
  %c = call float @_Z3cosf(float %y) #2
  %sum = fadd float %s, %c
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %sum, ptr addrspace(1) %q, align 4
  ret void
}

declare i64 @_Z13get_global_idj(i32) #1

define float @_Z3sinf(float %x) #1 section "weft.own_vector_forms" {
  %r = call float @llvm.sin.f32(float %x)
  ret float %r
}

define float @_Z3cosf(float %x) #1 section "weft.own_vector_forms" {
  %r = call float @llvm.cos.f32(float %x)
  ret float %r
}

define <4 x float> @_Z3sinDv4_f(<4 x float> %x) #1 {
  %r = call <4 x float> @llvm.sin.v4f32(<4 x float> %x)
  ret <4 x float> %r
}

define <4 x float> @_Z3cosDv4_f(<4 x float> %x) #1 {
  %r = call <4 x float> @llvm.cos.v4f32(<4 x float> %x)
  ret <4 x float> %r
}

; sincos(float4 x, float4 *cosine) for a private pointer.
define <4 x float> @_Z6sincosDv4_fPS_(<4 x float> %x, ptr %cosine) #1 {
  %c = call <4 x float> @llvm.cos.v4f32(<4 x float> %x)
  store <4 x float> %c, ptr %cosine, align 16
  %s = call <4 x float> @llvm.sin.v4f32(<4 x float> %x)
  ret <4 x float> %s
}

declare float @llvm.sin.f32(float)
declare float @llvm.cos.f32(float)
declare <4 x float> @llvm.sin.v4f32(<4 x float>)
declare <4 x float> @llvm.cos.v4f32(<4 x float>)

attributes #0 = { convergent nounwind "no-builtins" }
attributes #1 = { convergent nounwind readnone }
attributes #2 = { convergent nobuiltin nounwind readnone }
attributes #3 = { nounwind readnone }
