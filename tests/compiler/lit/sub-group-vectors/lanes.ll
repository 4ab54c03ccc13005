; weft-sub-group-lanes, on the copies' vectorized loops: a masked store whose mask is known lane
; by lane, from the local id's low bits (the vectorizer's induction vector, lanes 0 to 7 stepping
; by 8, plus a row's first id, a multiple of 8 by the assumed row width), becomes plain stores of
; its lanes: a sub-group's first lane (@first), its last (@last). A mask not known so stays
; (@unknown), nor one from a PHI of two values that are not steps of one (@two_starts). A copy
; whose vector form gets lanes that are not one sub-group's (SLP's packing of
; one work-item's calls: one id in every lane) is doomed: its body goes (@packed).
; RUN: %opt -passes=weft-sub-group-lanes -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @llvm.assume(i1)
declare void @llvm.masked.scatter.v8f32.v8p3(<8 x float>, <8 x ptr addrspace(3)>, i32, <8 x i1>)
declare void @llvm.masked.store.v8f32.p1(<8 x float>, ptr addrspace(1), i32, <8 x i1>)

define internal <8 x float> @weft.sgv._Z20sub_group_reduce_addf.8.v(<8 x float> %v, <8 x i64> %id) {
  ret <8 x float> %v
}

; CHECK-LABEL: define void @__weft_wg_first.sgv(
; CHECK:       vector.body:
; CHECK:       %[[SUM:.*]] = call <8 x float> @weft.sgv._Z20sub_group_reduce_addf.8.v(
; CHECK-NOT:   masked.scatter
; CHECK:       %[[AT:.*]] = extractelement <8 x ptr addrspace(3)> %at, i64 0
; CHECK-NEXT:  %[[V:.*]] = extractelement <8 x float> %[[SUM]], i64 0
; CHECK-NEXT:  store float %[[V]], ptr addrspace(3) %[[AT]], align 4
; CHECK-NOT:   masked.scatter
; CHECK:       ret void
define void @__weft_wg_first.sgv(ptr %args, ptr %ctx, ptr addrspace(1) %in, ptr addrspace(3) %s, i64 %y) {
entry:
  %w.at = getelementptr inbounds i8, ptr %ctx, i64 48
  %size.x = load i64, ptr %w.at, align 8
  %low = and i64 %size.x, 7
  %whole = icmp eq i64 %low, 0
  call void @llvm.assume(i1 %whole)
  %row = mul i64 %y, %size.x
  %row.ins = insertelement <8 x i64> poison, i64 %row, i64 0
  %row.splat = shufflevector <8 x i64> %row.ins, <8 x i64> poison, <8 x i32> zeroinitializer
  br label %vector.body

vector.body:
  %index = phi i64 [ 0, %entry ], [ %index.next, %vector.body ]
  %vec.ind = phi <8 x i64> [ <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>, %entry ], [ %vec.ind.next, %vector.body ]
  %id = add <8 x i64> %vec.ind, %row.splat
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %index
  %v = load <8 x float>, ptr addrspace(1) %p, align 4
  %sum = call <8 x float> @weft.sgv._Z20sub_group_reduce_addf.8.v(<8 x float> %v, <8 x i64> %id)
  %lane = and <8 x i64> %id, <i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7>
  %is.first = icmp eq <8 x i64> %lane, zeroinitializer
  %sg = lshr <8 x i64> %id, <i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3>
  %at = getelementptr inbounds float, ptr addrspace(3) %s, <8 x i64> %sg
  call void @llvm.masked.scatter.v8f32.v8p3(<8 x float> %sum, <8 x ptr addrspace(3)> %at, i32 4, <8 x i1> %is.first)
  %index.next = add nuw i64 %index, 8
  %vec.ind.next = add <8 x i64> %vec.ind, <i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8>
  %done = icmp eq i64 %index.next, %size.x
  br i1 %done, label %exit, label %vector.body

exit:
  ret void
}

; The last lane (`get_sub_group_local_id() == get_sub_group_size() - 1`), a consecutive store.
; CHECK-LABEL: define void @__weft_wg_last.sgv(
; CHECK-NOT:   masked.store
; CHECK:       %[[AT:.*]] = getelementptr inbounds float, ptr addrspace(1) %p, i64 7
; CHECK-NEXT:  %[[V:.*]] = extractelement <8 x float> %v, i64 7
; CHECK-NEXT:  store float %[[V]], ptr addrspace(1) %[[AT]], align 4
; CHECK-NOT:   masked.store
define void @__weft_wg_last.sgv(ptr %args, ptr %ctx, ptr addrspace(1) %in) {
entry:
  %w.at = getelementptr inbounds i8, ptr %ctx, i64 48
  %size.x = load i64, ptr %w.at, align 8
  %low = and i64 %size.x, 7
  %whole = icmp eq i64 %low, 0
  call void @llvm.assume(i1 %whole)
  br label %vector.body

vector.body:
  %index = phi i64 [ 0, %entry ], [ %index.next, %vector.body ]
  %vec.ind = phi <8 x i64> [ <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>, %entry ], [ %vec.ind.next, %vector.body ]
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %index
  %v = load <8 x float>, ptr addrspace(1) %p, align 4
  %id32 = trunc <8 x i64> %vec.ind to <8 x i32>
  %lane = and <8 x i32> %id32, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %is.last = icmp eq <8 x i32> %lane, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  call void @llvm.masked.store.v8f32.p1(<8 x float> %v, ptr addrspace(1) %p, i32 4, <8 x i1> %is.last)
  %index.next = add nuw i64 %index, 8
  %vec.ind.next = add <8 x i64> %vec.ind, <i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8>
  %done = icmp eq i64 %index.next, %size.x
  br i1 %done, label %exit, label %vector.body

exit:
  ret void
}

; Without the assumption, a row's first id may be anything: the mask is not known.
; CHECK-LABEL: define void @__weft_wg_unknown.sgv(
; CHECK:       call void @llvm.masked.scatter
define void @__weft_wg_unknown.sgv(ptr %args, ptr %ctx, ptr addrspace(3) %s, i64 %row) {
entry:
  %row.ins = insertelement <8 x i64> poison, i64 %row, i64 0
  %row.splat = shufflevector <8 x i64> %row.ins, <8 x i64> poison, <8 x i32> zeroinitializer
  br label %vector.body

vector.body:
  %index = phi i64 [ 0, %entry ], [ %index.next, %vector.body ]
  %vec.ind = phi <8 x i64> [ <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>, %entry ], [ %vec.ind.next, %vector.body ]
  %id = add <8 x i64> %vec.ind, %row.splat
  %lane = and <8 x i64> %id, <i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7>
  %is.first = icmp eq <8 x i64> %lane, zeroinitializer
  %at = getelementptr inbounds float, ptr addrspace(3) %s, <8 x i64> %id
  call void @llvm.masked.scatter.v8f32.v8p3(<8 x float> zeroinitializer, <8 x ptr addrspace(3)> %at, i32 4, <8 x i1> %is.first)
  %index.next = add nuw i64 %index, 8
  %vec.ind.next = add <8 x i64> %vec.ind, <i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8>
  %done = icmp eq i64 %index.next, 64
  br i1 %done, label %exit, label %vector.body

exit:
  ret void
}

; CHECK-LABEL: define void @__weft_wg_two_starts.sgv(
; CHECK:       call void @llvm.masked.store
define void @__weft_wg_two_starts.sgv(ptr %args, ptr %ctx, ptr addrspace(1) %out, <8 x float> %val, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %v = phi <8 x i64> [ <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>, %a ], [ <i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 0>, %b ]
  %lane = and <8 x i64> %v, <i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7>
  %m = icmp eq <8 x i64> %lane, zeroinitializer
  call void @llvm.masked.store.v8f32.p1(<8 x float> %val, ptr addrspace(1) %out, i32 4, <8 x i1> %m)
  ret void
}

; CHECK-LABEL: define void @__weft_wg_packed.sgv(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }
define void @__weft_wg_packed.sgv(ptr %args, ptr %ctx, <8 x float> %v, i64 %id) {
entry:
  %one.ins = insertelement <8 x i64> poison, i64 %id, i64 0
  %one = shufflevector <8 x i64> %one.ins, <8 x i64> poison, <8 x i32> zeroinitializer
  %sum = call <8 x float> @weft.sgv._Z20sub_group_reduce_addf.8.v(<8 x float> %v, <8 x i64> %one)
  store <8 x float> %sum, ptr %args
  ret void
}

; CHECK: attributes #{{[0-9]+}} = { "weft-sub-group-doomed" }
