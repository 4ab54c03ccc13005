; weft-kernel-entry for a kernel whose local memory is tagged for race checks (weft-tags-local):
; the work-group function starts a round when it starts and after each region (the round, in the
; context's CheckRound, plus 0x10000); when the count wraps to 0, both tag arrays are zeroed
; (4 x LocalBytes each; a memset of 0 bytes otherwise) and the round is 0x10000 again. Kernels
; without the attribute do neither.
; RUN: %opt -passes=weft-kernel-entry -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @__weft_wg_tagged(
; CHECK:      %[[AT:.*]] = getelementptr inbounds i8, ptr %ctx, i64 280
; CHECK-NEXT: %[[OLD:.*]] = load i32, ptr %[[AT]], align 4
; CHECK-NEXT: %round = add i32 %[[OLD]], 65536
; CHECK-NEXT: %[[WRAPPED:.*]] = icmp eq i32 %round, 0
; CHECK:      %[[LOCAL:.*]] = load i64, ptr %{{.*}}, align 8, !invariant.load
; CHECK-NEXT: %[[TAGBYTES:.*]] = shl i64 %[[LOCAL]], 2
; CHECK-NEXT: %[[BYTES:.*]] = select i1 %[[WRAPPED]], i64 %[[TAGBYTES]], i64 0
; The writers (at 264 in the context), then the readers (272).
; CHECK-NEXT: %[[W:.*]] = getelementptr inbounds i8, ptr %ctx, i64 264
; CHECK-NEXT: %[[WRITERS:.*]] = load ptr, ptr %[[W]], align 8, !invariant.load
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 4 %[[WRITERS]], i8 0, i64 %[[BYTES]], i1 false)
; CHECK-NEXT: %[[R:.*]] = getelementptr inbounds i8, ptr %ctx, i64 272
; CHECK-NEXT: %[[READERS:.*]] = load ptr, ptr %[[R]], align 8, !invariant.load
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 4 %[[READERS]], i8 0, i64 %[[BYTES]], i1 false)
; CHECK-NEXT: %[[NEXT:.*]] = select i1 %[[WRAPPED]], i32 65536, i32 %round
; CHECK-NEXT: store i32 %[[NEXT]], ptr %[[AT]], align 4
; CHECK:      dispatch:
; CHECK:      continue:
; CHECK-NEXT: %[[AT2:.*]] = getelementptr inbounds i8, ptr %ctx, i64 280
; CHECK-NEXT: %[[OLD2:.*]] = load i32, ptr %[[AT2]], align 4
; CHECK-NEXT: %round{{[0-9]+}} = add i32 %[[OLD2]], 65536
; CHECK:      store i32 %{{.*}}, ptr %[[AT2]], align 4
; CHECK-LABEL: define void @__weft_wg_untagged(
; CHECK-NOT:  round
; CHECK:      ret void

define spir_kernel void @tagged(ptr addrspace(1) %out) #0 {
  ret void
}

define internal i32 @tagged.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #1 {
  ret i32 -1
}

define spir_kernel void @untagged(ptr addrspace(1) %out) #2 {
  ret void
}

define internal i32 @untagged.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #3 {
  ret i32 -1
}

attributes #0 = { "uniform-work-group-size"="true" "weft-tags-local" }
attributes #1 = { "weft-work-item"="tagged" "weft-resume-points"="1" "weft-private-bytes"="0" }
attributes #2 = { "uniform-work-group-size"="true" }
attributes #3 = { "weft-work-item"="untagged" "weft-resume-points"="1" "weft-private-bytes"="0" }
