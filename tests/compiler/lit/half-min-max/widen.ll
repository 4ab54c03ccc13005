; minnum/maxnum/minimum/maximum on half and its vectors run on float and truncate back; float's
; are left alone.
; RUN: %opt -passes=weft-half-min-max -S %s | FileCheck %s

; CHECK-LABEL: define <32 x half> @vector(
; CHECK-NEXT: %1 = fpext <32 x half> %a to <32 x float>
; CHECK-NEXT: %2 = fpext <32 x half> %b to <32 x float>
; CHECK-NEXT: %m.float = call <32 x float> @llvm.minnum.v32f32(<32 x float> %1, <32 x float> %2)
; CHECK-NEXT: %3 = fptrunc <32 x float> %m.float to <32 x half>
; CHECK-NEXT: ret <32 x half> %3
define <32 x half> @vector(<32 x half> %a, <32 x half> %b) {
  %m = call <32 x half> @llvm.minnum.v32f16(<32 x half> %a, <32 x half> %b)
  ret <32 x half> %m
}

; CHECK-LABEL: define half @scalar(
; CHECK: call float @llvm.maxnum.f32(
; CHECK: call float @llvm.maximum.f32(
; CHECK-NOT: @llvm.maxnum.f16
; CHECK: ret half
define half @scalar(half %a, half %b) {
  %m = call half @llvm.maxnum.f16(half %a, half %b)
  %n = call half @llvm.maximum.f16(half %m, half %b)
  ret half %n
}

; CHECK-LABEL: define float @single(
; CHECK-NEXT: %m = call float @llvm.minimum.f32(float %a, float %b)
define float @single(float %a, float %b) {
  %m = call float @llvm.minimum.f32(float %a, float %b)
  ret float %m
}

declare <32 x half> @llvm.minnum.v32f16(<32 x half>, <32 x half>)
declare half @llvm.maxnum.f16(half, half)
declare half @llvm.maximum.f16(half, half)
declare float @llvm.minimum.f32(float, float)
