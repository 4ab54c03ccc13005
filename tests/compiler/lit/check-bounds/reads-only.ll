; weft-check-bounds with checks of races (module flag weft.check.races): a read of local memory
; gets tags only where its barrier interval (the code reachable from the kernel's start or from a
; barrier without passing another) may write the variable or argument it reads. @tile reads @k.t
; after the barrier, where only global memory is written: no tags; before it, the interval that
; writes @k.t (around the loop's back edge, through the second barrier's interval) tags its reads.
; A write to another array (@other) leaves the read alone; a store through a pointer LLVM cannot
; trace to one array, or a call that may write memory, tags every read of its interval.
; RUN: %opt -passes=weft-check-bounds -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@k.t = internal addrspace(3) global [64 x float] undef, align 4
@k.u = internal addrspace(3) global [64 x float] undef, align 4

declare void @_Z7barrierj(i32)
declare void @opaque(ptr addrspace(3))

; The tile's write is tagged; the reads after the barrier are not, the read before the loop's
; second barrier (whose interval runs around the back edge to the write) is.
; CHECK-LABEL: define spir_kernel void @tile(
; CHECK:      loop:
; CHECK:      store <4 x i32> {{.*}}, !weft.race-tag
; CHECK:      store float %v, ptr addrspace(3) %mine
; CHECK:      call void @_Z7barrierj(i32 1)
; CHECK-NOT:  !weft.race-tag
; CHECK:      %a = load float, ptr addrspace(3) %left
; CHECK-NOT:  !weft.race-tag
; CHECK:      %b = load float, ptr addrspace(3) %right
; CHECK-NOT:  !weft.race-tag
; CHECK:      call void @_Z7barrierj(i32 1)
; CHECK:      load <4 x i32>, {{.*}}!weft.race-tag
; CHECK:      %c = load float, ptr addrspace(3) %mine
; CHECK:      ret void
define spir_kernel void @tile(ptr addrspace(1) %out, i64 %i, i64 %j, float %v, i64 %n) {
entry:
  %mine = getelementptr inbounds [64 x float], ptr addrspace(3) @k.t, i64 0, i64 %i
  %left = getelementptr inbounds [64 x float], ptr addrspace(3) @k.t, i64 0, i64 %j
  %rj = add i64 %j, 1
  %right = getelementptr inbounds [64 x float], ptr addrspace(3) @k.t, i64 0, i64 %rj
  br label %loop

loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  store float %v, ptr addrspace(3) %mine, align 4
  call void @_Z7barrierj(i32 1)
  %a = load float, ptr addrspace(3) %left, align 4
  %b = load float, ptr addrspace(3) %right, align 4
  %s = fadd float %a, %b
  store float %s, ptr addrspace(1) %out, align 4
  call void @_Z7barrierj(i32 1)
  %c = load float, ptr addrspace(3) %mine, align 4
  store float %c, ptr addrspace(1) %out, align 4
  %k1 = add i64 %k, 1
  %more = icmp ult i64 %k1, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

; A write to another array: the read of @k.t needs no tags (only the write has them).
; CHECK-LABEL: define spir_kernel void @other(
; CHECK:      store <4 x i32> {{.*}}, !weft.race-tag
; CHECK:      store float %v, ptr addrspace(3) %ui
; CHECK-NOT:  !weft.race-tag
; CHECK:      %w = load float, ptr addrspace(3) %tj
; CHECK-NOT:  !weft.race-tag
; CHECK:      ret void
define spir_kernel void @other(ptr addrspace(1) %out, i64 %i, i64 %j, float %v) {
  %ui = getelementptr inbounds [64 x float], ptr addrspace(3) @k.u, i64 0, i64 %i
  store float %v, ptr addrspace(3) %ui, align 4
  %tj = getelementptr inbounds [64 x float], ptr addrspace(3) @k.t, i64 0, i64 %j
  %w = load float, ptr addrspace(3) %tj, align 4
  store float %w, ptr addrspace(1) %out, align 4
  ret void
}

; A store through a pointer chosen between the two arrays: the read is tagged.
; CHECK-LABEL: define spir_kernel void @chosen(
; CHECK:      load <4 x i32>, {{.*}}!weft.race-tag
; CHECK:      %w = load float, ptr addrspace(3) %tj
; CHECK:      ret void
define spir_kernel void @chosen(ptr addrspace(1) %out, i64 %i, i64 %j, float %v, i1 %which) {
  %tj = getelementptr inbounds [64 x float], ptr addrspace(3) @k.t, i64 0, i64 %j
  %w = load float, ptr addrspace(3) %tj, align 4
  %p = select i1 %which, ptr addrspace(3) @k.t, ptr addrspace(3) @k.u
  store float %v, ptr addrspace(3) %p, align 4
  store float %w, ptr addrspace(1) %out, align 4
  ret void
}

; A call that may write memory: the read is tagged.
; CHECK-LABEL: define spir_kernel void @called(
; CHECK:      load <4 x i32>, {{.*}}!weft.race-tag
; CHECK:      %w = load float, ptr addrspace(3) %tj
; CHECK:      ret void
define spir_kernel void @called(ptr addrspace(1) %out, i64 %j) {
  %tj = getelementptr inbounds [64 x float], ptr addrspace(3) @k.t, i64 0, i64 %j
  call void @opaque(ptr addrspace(3) @k.u)
  %w = load float, ptr addrspace(3) %tj, align 4
  store float %w, ptr addrspace(1) %out, align 4
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"weft.check.races", i32 1}
