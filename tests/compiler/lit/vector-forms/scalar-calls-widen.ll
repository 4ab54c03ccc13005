; A scalar math built-in whose vector forms are the library's own (marked with the section
; weft.own_vector_forms, builtins/src/math.inc) keeps its calls with varying arguments through the
; pipeline, mapped to entry points that take vectors by value (the library's 32-byte form takes its
; vector in memory); LLVM's loop vectorizer then calls the vector form for 4 work-items at once
; (baseline x86-64: 16-byte vectors). So does a call of the LLVM intrinsic that computes that
; function (the library's sincos calls llvm.sin and llvm.cos), but not the one inside the scalar
; function itself. A call with constant arguments is left to inlining and folding; the scalar
; remainder's calls are inlined at the end; an entry point nothing calls is deleted.
; RUN: %opt -passes=weft-vector-forms -S %s | FileCheck %s --check-prefix=MAPPED
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s --check-prefix=WIDENED
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s --check-prefix=GONE

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; MAPPED: @llvm.compiler.used = appending global [2 x ptr] [ptr @weft.vector_form._Z3sinDv4_f, ptr @weft.vector_form._Z3sinDv8_f]
; MAPPED-LABEL: define spir_kernel void @k(
; MAPPED: call float @_Z3sinf(float %x) [[MAPPING:#[0-9]+]]
; MAPPED: call float @_Z3sinf(float 5.000000e-01) [[PLAIN:#[0-9]+]]
; MAPPED: call float @llvm.sin.f32(float %y) [[INTRINSIC:#[0-9]+]]
; MAPPED: define float @_Z3sinf(float %x) [[SCALAR:#[0-9]+]] {
; MAPPED-NEXT: call float @llvm.sin.f32(float %x){{$}}
; MAPPED: define internal <4 x float> @weft.vector_form._Z3sinDv4_f(<4 x float> %0) [[ENTRY:#[0-9]+]] {
; MAPPED-NEXT: entry:
; MAPPED-NEXT: call <4 x float> @_Z3sinDv4_f(<4 x float> %0){{$}}
; MAPPED: define internal <8 x float> @weft.vector_form._Z3sinDv8_f(<8 x float> %0) [[ENTRY]] {
; MAPPED-NEXT: entry:
; MAPPED-NEXT: %1 = alloca <8 x float>, align 32
; MAPPED-NEXT: store <8 x float> %0, ptr %1, align 32
; MAPPED-NEXT: call <8 x float> @_Z3sinDv8_f(ptr byval(<8 x float>) align 32 %1){{$}}
; MAPPED-DAG: attributes [[MAPPING]] = { noinline nounwind readnone "vector-function-abi-variant"="_ZGV_LLVM_N4v__Z3sinf(weft.vector_form._Z3sinDv4_f),_ZGV_LLVM_N8v__Z3sinf(weft.vector_form._Z3sinDv8_f)" }
; MAPPED-DAG: attributes [[PLAIN]] = { convergent nobuiltin nounwind readnone }
; MAPPED-DAG: attributes [[INTRINSIC]] = { "vector-function-abi-variant"="_ZGV_LLVM_N4v_llvm.sin.f32(weft.vector_form._Z3sinDv4_f),_ZGV_LLVM_N8v_llvm.sin.f32(weft.vector_form._Z3sinDv8_f)" }
; MAPPED-DAG: attributes [[SCALAR]] = { nounwind readnone "weft-vector-forms" }
; MAPPED-DAG: attributes [[ENTRY]] = { noinline nounwind readnone "weft-vector-forms" }
; MAPPED-NOT: weft.own_vector_forms

; WIDENED: define internal <4 x float> @weft.vector_form._Z3sinDv4_f(
; WIDENED-LABEL: define void @__weft_wg_k(
; WIDENED: call <4 x float> @weft.vector_form._Z3sinDv4_f(<4 x float>
; WIDENED: fadd <4 x float> %{{.*}}, <float 0x3FDEAEE880000000,
; WIDENED: fmul <4 x float> %{{.*}}, <float 2.000000e+00,
; WIDENED: call <4 x float> @weft.vector_form._Z3sinDv4_f(<4 x float>
; WIDENED: call float @llvm.sin.f32(
; GONE-NOT: @_Z3sinf
; GONE-NOT: weft.vector_form._Z3sinDv8_f
; GONE-NOT: llvm.compiler.used

define spir_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @_Z13get_global_idj(i32 0) #3
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
  %x = load float, ptr addrspace(1) %p, align 4
  %s = call float @_Z3sinf(float %x) #2
  %c = call float @_Z3sinf(float 5.000000e-01) #2
  %sum = fadd float %s, %c
  %y = fmul float %sum, 2.000000e+00
  %t = call float @llvm.sin.f32(float %y)
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %t, ptr addrspace(1) %q, align 4
  ret void
}

declare i64 @_Z13get_global_idj(i32) #1

define float @_Z3sinf(float %x) #1 section "weft.own_vector_forms" {
  %r = call float @llvm.sin.f32(float %x)
  ret float %r
}

; The library's forms: a 16-byte vector by value, a 32-byte one in memory.
define <4 x float> @_Z3sinDv4_f(<4 x float> %x) #1 {
  %r = call <4 x float> @llvm.sin.v4f32(<4 x float> %x)
  ret <4 x float> %r
}

define <8 x float> @_Z3sinDv8_f(ptr byval(<8 x float>) align 32 %p) #1 {
  %x = load <8 x float>, ptr %p, align 32
  %r = call <8 x float> @llvm.sin.v8f32(<8 x float> %x)
  ret <8 x float> %r
}

declare float @llvm.sin.f32(float)
declare <4 x float> @llvm.sin.v4f32(<4 x float>)
declare <8 x float> @llvm.sin.v8f32(<8 x float>)

attributes #0 = { convergent nounwind "no-builtins" }
attributes #1 = { convergent nounwind readnone }
attributes #2 = { convergent nobuiltin nounwind readnone }
attributes #3 = { nounwind readnone }
