; weft-check-bounds with checks of uninitialized reads (module flag weft.check.uninitialized): a
; read of local memory whose bytes a store made before it covers gets a test (%check.covered, of
; values the same in the group) under which its marks are not read:
; `__weft_check_unsure(!covered)` guards the marks' load, and weft-check-rows runs the loops over
; work-items where the test holds without it. The store dominates the read, a barrier separates
; them on every path, exactly the ids its branches let through make it (here all), and its
; offsets fill one run (steps in increasing order, each the bytes the smaller ones cover): t[l]
; covers [0, 4 * size). @covered reads t[l + 1] for l < size - 1, within it; @swept reads t[k]
; in a loop over k < 16 after the barrier (the sweep of a loop tested at its top: 15 steps). No
; test: @unordered reads before any barrier, @divergent's store runs under a test of the data.
; RUN: %opt -passes=weft-check-bounds -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @_Z7barrierj(i32)
declare i64 @_Z12get_local_idj(i32)
declare i64 @_Z14get_local_sizej(i32)

; CHECK-LABEL: define spir_kernel void @covered(
; CHECK:      read:
; The store's run: steps 0 (z), 4 (x), 0 (y), each equal to the run so far where more than one
; id runs it.
; CHECK:      %check.covered = or i1
; CHECK:      %[[NOT:.*]] = xor i1 %check.covered, true
; CHECK-NEXT: %check.unsure = call i1 @__weft_check_unsure(i1 %[[NOT]])
; CHECK-NEXT: br i1 %check.unsure, label %[[MARKS:.*]], label %[[READ:.*]]
; CHECK:      [[MARKS]]:
; CHECK:      %check.marks = load i32
; CHECK:      [[READ]]:
; CHECK:      %w = load float
define spir_kernel void @covered(ptr addrspace(1) %out, ptr addrspace(3) %t, float %v) {
entry:
  %l = call i64 @_Z12get_local_idj(i32 0)
  %mine = getelementptr inbounds float, ptr addrspace(3) %t, i64 %l
  store float %v, ptr addrspace(3) %mine, align 4
  call void @_Z7barrierj(i32 1)
  %n = call i64 @_Z14get_local_sizej(i32 0)
  %last = add i64 %n, -1
  %more = icmp ult i64 %l, %last
  br i1 %more, label %read, label %end

read:
  %l1 = add i64 %l, 1
  %next = getelementptr inbounds float, ptr addrspace(3) %t, i64 %l1
  %w = load float, ptr addrspace(3) %next, align 4
  store float %w, ptr addrspace(1) %out, align 4
  br label %end

end:
  ret void
}

; CHECK-LABEL: define spir_kernel void @swept(
; CHECK:      body:
; The loop's 15 steps of 4 bytes after its first.
; CHECK:      call i64 @llvm.smax.i64(i64 0, i64 60)
; CHECK:      %check.covered = or i1
; CHECK:      call i1 @__weft_check_unsure(i1
; CHECK:      %w = load float
define spir_kernel void @swept(ptr addrspace(1) %out, ptr addrspace(3) %t, float %v) {
entry:
  %l = call i64 @_Z12get_local_idj(i32 0)
  %mine = getelementptr inbounds float, ptr addrspace(3) %t, i64 %l
  store float %v, ptr addrspace(3) %mine, align 4
  call void @_Z7barrierj(i32 1)
  br label %loop

loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %acc = phi float [ 0.0, %entry ], [ %sum, %body ]
  %more = icmp ult i64 %k, 16
  br i1 %more, label %body, label %done

body:
  %at = getelementptr inbounds float, ptr addrspace(3) %t, i64 %k
  %w = load float, ptr addrspace(3) %at, align 4
  %sum = fadd float %acc, %w
  %k1 = add nuw nsw i64 %k, 1
  br label %loop

done:
  store float %acc, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: define spir_kernel void @unordered(
; CHECK-NOT:  check.covered
; CHECK:      %check.marks = load i32
; CHECK:      ret void
define spir_kernel void @unordered(ptr addrspace(1) %out, ptr addrspace(3) %t, float %v) {
  %l = call i64 @_Z12get_local_idj(i32 0)
  %mine = getelementptr inbounds float, ptr addrspace(3) %t, i64 %l
  store float %v, ptr addrspace(3) %mine, align 4
  %w = load float, ptr addrspace(3) %t, align 4
  store float %w, ptr addrspace(1) %out, align 4
  call void @_Z7barrierj(i32 1)
  ret void
}

; CHECK-LABEL: define spir_kernel void @divergent(
; CHECK-NOT:  check.covered
; CHECK:      %check.marks = load i32
; CHECK:      ret void
define spir_kernel void @divergent(ptr addrspace(1) %out, ptr addrspace(1) %in, ptr addrspace(3) %t, float %v) {
entry:
  %l = call i64 @_Z12get_local_idj(i32 0)
  %mine = getelementptr inbounds float, ptr addrspace(3) %t, i64 %l
  %src = getelementptr inbounds float, ptr addrspace(1) %in, i64 %l
  %x = load float, ptr addrspace(1) %src, align 4
  %positive = fcmp ogt float %x, 0.0
  br i1 %positive, label %write, label %join

write:
  store float %v, ptr addrspace(3) %mine, align 4
  br label %join

join:
  call void @_Z7barrierj(i32 1)
  %w = load float, ptr addrspace(3) %mine, align 4
  store float %w, ptr addrspace(1) %out, align 4
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"weft.check.uninitialized", i32 1}
