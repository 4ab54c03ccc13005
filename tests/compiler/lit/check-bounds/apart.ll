; weft-check-bounds with checks of races (module flag weft.check.races): where every tagged
; access to one variable or argument has an offset of the same shape but for a constant (steps
; times the local ids, plus what is the same in the group), no two work-items reach the same
; bytes when each id's step, in increasing order, is at least the accesses' span plus what the
; smaller steps cover over their dimensions (or its dimension has one work-item). That test, of
; values the same in the group (steps, enqueued local sizes), is made before each access as
; %check.apart; the tags are then set and tested only under `__weft_check_refused(0, 0,
; !apart)`, which weft-check-rows folds to false in its version of a loop over work-items.
; @tile: a read and a write of t[ly][lx] (steps 0, 4, 64 in order z, x, y; a span of 4 bytes);
; the transposed read after the barrier has no tags at all (its interval writes nothing).
; @pitch: u[ly * n + lx] with int arithmetic (a sign extension of a sum and a product, taken
; apart): steps not constant, so in the order x, y, z. @shifted: s[l] and s[l + h] differ in a
; part the same in the group, so no test: tags as always.
; RUN: %opt -passes=weft-check-bounds -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@k.ta = internal addrspace(3) global [16 x [16 x float]] undef, align 4

declare void @_Z7barrierj(i32)
declare i64 @_Z12get_local_idj(i32)

; CHECK-LABEL: define spir_kernel void @tile(
; CHECK:      call i64 @llvm.abs.i64(i64 0, i1 false)
; CHECK:      icmp uge i64 %{{.*}}, 4
; CHECK:      call i64 @llvm.abs.i64(i64 4, i1 false)
; CHECK-NEXT: call i64 @_Z23get_enqueued_local_sizej(i32 0)
; CHECK:      call i64 @llvm.abs.i64(i64 64, i1 false)
; CHECK-NEXT: call i64 @_Z23get_enqueued_local_sizej(i32 1)
; CHECK:      %check.apart = and i1
; CHECK:      %[[NOT:.*]] = xor i1 %check.apart, true
; CHECK-NEXT: %check.shared = call i1 @__weft_check_refused(i64 0, i64 0, i1 %[[NOT]])
; CHECK-NEXT: br i1 %check.shared, label %[[TAGS:.*]], label %{{.*}}
; CHECK:      [[TAGS]]:
; CHECK:      load <4 x i32>, {{.*}}!weft.race-tag
; CHECK:      %old = load float
; CHECK:      %check.apart{{[0-9]+}} = and i1
; CHECK:      call i1 @__weft_check_refused(i64 0, i64 0, i1 %
; CHECK:      store <4 x i32> {{.*}}!weft.race-tag
; CHECK:      store float %new
; CHECK:      call void @_Z7barrierj(i32 1)
; CHECK-NOT:  !weft.race-tag
; CHECK:      ret void
define spir_kernel void @tile(ptr addrspace(1) %out, float %v) {
  %lx = call i64 @_Z12get_local_idj(i32 0)
  %ly = call i64 @_Z12get_local_idj(i32 1)
  %x32 = trunc i64 %lx to i32
  %y32 = trunc i64 %ly to i32
  %x = sext i32 %x32 to i64
  %y = sext i32 %y32 to i64
  %mine = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @k.ta, i64 0, i64 %y, i64 %x
  %old = load float, ptr addrspace(3) %mine, align 4
  %new = fadd float %old, %v
  store float %new, ptr addrspace(3) %mine, align 4
  call void @_Z7barrierj(i32 1)
  %other = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @k.ta, i64 0, i64 %x, i64 %y
  %w = load float, ptr addrspace(3) %other, align 4
  store float %w, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: define spir_kernel void @pitch(
; CHECK:      call i64 @llvm.abs.i64(i64 4, i1 false)
; CHECK-NEXT: call i64 @_Z23get_enqueued_local_sizej(i32 0)
; CHECK:      %[[STEP:.*]] = sext i32 %n to i64
; CHECK:      call i64 @llvm.abs.i64(i64 %{{.*}}, i1 false)
; CHECK-NEXT: call i64 @_Z23get_enqueued_local_sizej(i32 1)
; CHECK:      call i64 @llvm.abs.i64(i64 0, i1 false)
; CHECK-NEXT: call i64 @_Z23get_enqueued_local_sizej(i32 2)
; CHECK:      %check.apart = and i1
; CHECK:      %check.shared = call i1 @__weft_check_refused(i64 0, i64 0, i1 %
; CHECK:      store <4 x i32> {{.*}}!weft.race-tag
; CHECK:      ret void
define spir_kernel void @pitch(ptr addrspace(1) %out, ptr addrspace(3) %u, i32 %n, float %v) {
  %lx = call i64 @_Z12get_local_idj(i32 0)
  %ly = call i64 @_Z12get_local_idj(i32 1)
  %x32 = trunc i64 %lx to i32
  %y32 = trunc i64 %ly to i32
  %row = mul nsw i32 %y32, %n
  %i = add nsw i32 %row, %x32
  %ie = sext i32 %i to i64
  %mine = getelementptr inbounds float, ptr addrspace(3) %u, i64 %ie
  store float %v, ptr addrspace(3) %mine, align 4
  ret void
}

; CHECK-LABEL: define spir_kernel void @shifted(
; CHECK-NOT:  check.apart
; CHECK-NOT:  check.shared
; CHECK:      store <4 x i32> {{.*}}!weft.race-tag
; CHECK-NOT:  check.apart
; CHECK:      load <4 x i32>, {{.*}}!weft.race-tag
; CHECK-NOT:  check.apart
; CHECK:      ret void
define spir_kernel void @shifted(ptr addrspace(1) %out, ptr addrspace(3) %s, i64 %h, float %v) {
  %l = call i64 @_Z12get_local_idj(i32 0)
  %mine = getelementptr inbounds float, ptr addrspace(3) %s, i64 %l
  store float %v, ptr addrspace(3) %mine, align 4
  %lh = add i64 %l, %h
  %theirs = getelementptr inbounds float, ptr addrspace(3) %s, i64 %lh
  %w = load float, ptr addrspace(3) %theirs, align 4
  store float %w, ptr addrspace(1) %out, align 4
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"weft.check.races", i32 1}
