; weft-sub-group-keep keeps the library's uniform sub-group functions calls through the first
; inlining; weft-sub-group-vectors gives a kernel calling only those a copy (`<kernel>.sgv`) whose
; calls go to `weft.sgv.<function>.<S>` with the local linear id, mapped (VFABI) to the vector form
; of S lanes it builds, and inlines the library's exchange everywhere else. A kernel that also
; calls another sub-group function (its exchange's barrier left after inlining) gets no copy.
; RUN: %opt -passes='weft-sub-group-keep,always-inline,weft-sub-group-vectors' -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @__weft_sub_group_barrier()
declare void @use(float)
declare void @usei(i32)

; The library's functions (their exchange reduced to the barrier).
define float @_Z20sub_group_reduce_addf(float %x) #0 {
  call void @__weft_sub_group_barrier()
  ret float %x
}
define i32 @_Z28sub_group_scan_exclusive_minj(i32 %x) #0 {
  call void @__weft_sub_group_barrier()
  ret i32 %x
}
define i32 @_Z16sub_group_balloti(i32 %x) #0 {
  call void @__weft_sub_group_barrier()
  ret i32 %x
}
define i32 @_Z17sub_group_shuffleij(i32 %x, i32 %lane) #0 {
  call void @__weft_sub_group_barrier()
  ret i32 %x
}
define internal float @helper(float %x) #0 {
  %r = call float @_Z20sub_group_reduce_addf(float %x)
  ret float %r
}

; The library's functions are inlined again everywhere, as before.
; CHECK:       define float @_Z20sub_group_reduce_addf(float %x) #[[LIB:[0-9]+]]

; CHECK-LABEL: define spir_kernel void @k(
; CHECK-NOT:   call float @_Z20sub_group_reduce_addf
; CHECK:       call void @__weft_sub_group_barrier()
; CHECK:       call void @__weft_sub_group_barrier()
; CHECK:       ret void
define spir_kernel void @k(float %x, i32 %y) #1 {
  %r = call float @helper(float %x)
  call void @use(float %r)
  %s = call i32 @_Z28sub_group_scan_exclusive_minj(i32 %y)
  call void @usei(i32 %s)
  ret void
}

; CHECK-LABEL: define spir_kernel void @mixed(
; CHECK:       call void @__weft_sub_group_barrier()
; CHECK:       call void @__weft_sub_group_barrier()
define spir_kernel void @mixed(float %x, i32 %y) #1 {
  %r = call float @_Z20sub_group_reduce_addf(float %x)
  call void @use(float %r)
  %b = call i32 @_Z16sub_group_balloti(i32 %y)
  call void @usei(i32 %b)
  ret void
}

; CHECK-NOT: define spir_kernel void @mixed.sgv

; CHECK-LABEL: define spir_kernel void @k.sgv(
; CHECK:       %[[ID:.*]] = call i64 @_Z19get_local_linear_idv()
; CHECK-NEXT:  %[[R:.*]] = call float @weft.sgv._Z20sub_group_reduce_addf.8(float %x, i64 %[[ID]]) #[[MAP:[0-9]+]]
; CHECK-NEXT:  call void @use(float %[[R]])
; CHECK:       %[[ID2:.*]] = call i64 @_Z19get_local_linear_idv()
; CHECK-NEXT:  %[[S:.*]] = call i32 @weft.sgv._Z28sub_group_scan_exclusive_minj.8(i32 %y, i64 %[[ID2]]) #[[MAP2:[0-9]+]]
; CHECK-NOT:   __weft_sub_group_barrier
; CHECK:       ret void

; The reduction: the library's tree of halves, then every lane the total.
; CHECK-LABEL: define internal <8 x float> @weft.sgv._Z20sub_group_reduce_addf.8.v(<8 x float> %0, <8 x i64> %1)
; CHECK-DAG:   %[[LOW:.*]] = shufflevector <8 x float> %0, <8 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK-DAG:   %[[HIGH:.*]] = shufflevector <8 x float> %0, <8 x float> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
; CHECK:       fadd <4 x float> %[[LOW]], %[[HIGH]]
; CHECK:       fadd <2 x float>
; CHECK:       fadd <1 x float>
; CHECK:       %[[TOTAL:.*]] = extractelement <1 x float> %{{.*}}, i64 0
; CHECK-NEXT:  %[[ONE:.*]] = insertelement <8 x float> poison, float %[[TOTAL]], i32 0
; CHECK-NEXT:  shufflevector <8 x float> %[[ONE]], <8 x float> poison, <8 x i32> zeroinitializer

; CHECK:       declare float @weft.sgv._Z20sub_group_reduce_addf.8(float, i64) #[[SCALAR:[0-9]+]]

; The exclusive scan: Hillis-Steele's three steps of unsigned `b < a ? b : a`, each on the lanes
; from 1, 2, 4 on, then one lane up with UINT_MAX in lane 0.
; CHECK-LABEL: define internal <8 x i32> @weft.sgv._Z28sub_group_scan_exclusive_minj.8.v(
; CHECK:       %[[EARLIER:.*]] = shufflevector <8 x i32> %0, <8 x i32> poison, <8 x i32> <i32 0, i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6>
; CHECK-NEXT:  %[[LESS:.*]] = icmp ult <8 x i32> %0, %[[EARLIER]]
; CHECK-NEXT:  select <8 x i1> %[[LESS]], <8 x i32> %0, <8 x i32> %[[EARLIER]]
; CHECK:       select <8 x i1> <i1 false, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
; CHECK:       select <8 x i1> <i1 false, i1 false, i1 true,
; CHECK:       select <8 x i1> <i1 false, i1 false, i1 false, i1 false, i1 true,
; CHECK:       shufflevector <8 x i32> %{{.*}}, <8 x i32> <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>, <8 x i32> <i32 8, i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6>


; CHECK-DAG: attributes #[[LIB]] = { alwaysinline }
; CHECK-DAG: attributes #[[SCALAR]] = { convergent nounwind readnone willreturn "weft-sub-group-size"="8" }
; CHECK-DAG: attributes #[[MAP]] = { "vector-function-abi-variant"="_ZGV_LLVM_N8vv_weft.sgv._Z20sub_group_reduce_addf.8(weft.sgv._Z20sub_group_reduce_addf.8.v)" }

attributes #0 = { alwaysinline }
attributes #1 = { "weft-sub-group-size"="8" }
