; weft-check-bounds with checks of uninitialized reads only (module flag weft.check.uninitialized):
; each access to local memory (a __local argument, a kernel-scope __local array) is tested against
; its bounds, and, when made, reads or marks the shadow of its bytes (offset from the work-group's
; local memory), in a scope of its own that every other access is told it does not alias. A
; store marks its bytes with one integer store of 0x01 bytes; a load ANDs its bytes' marks into a
; variable of its site's, which a record before each barrier and return tests (all 0x01: every
; byte was marked), writing the site (Uninitialized: Valid | Write | Divergent, the read's size,
; the argument) and its array's description to the slots where not. A float4 load of which only
; lanes 0-2 are used (a float3) tests 12 bytes. Global memory is not instrumented.
; RUN: %opt -passes=weft-check-bounds -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@k.t = internal addrspace(3) global [64 x <3 x float>] undef, align 16

declare void @_Z7barrierj(i32)

; CHECK-LABEL: define spir_kernel void @k(
; The store to the argument: bounds, then the mark.
; CHECK:      call i1 @__weft_check_refused(
; CHECK:      %check.local = sub i64 %{{.*}}, %{{.*}}
; CHECK-NEXT: %check.shadow = call ptr @__weft_check_shadow()
; CHECK-NEXT: %check.shadow.at = getelementptr i8, ptr %check.shadow, i64 %check.local
; CHECK-NEXT: store i32 16843009, ptr %check.shadow.at, align 1, !alias.scope ![[SHADOW:[0-9]+]]
; CHECK-NEXT: store float %v, ptr addrspace(3) %ui, align 4, !noalias ![[SHADOW]]
; Before the barrier: the record, where a read found a byte unmarked (none has read yet).
; CHECK:      icmp ne i96 310698676526526814092329217, 310698676526526814092329217
; CHECK:      call void @_Z7barrierj(i32 1)
; The float4 load of a float3: 12 bytes' marks ANDed into its site's variable.
; CHECK:      %check.marks = load i96, ptr %check.shadow.at{{[0-9]*}}, align 1, !alias.scope ![[SHADOW]]
; CHECK-NEXT: %[[MARKED:.*]] = and i96 310698676526526814092329217, %check.marks
; CHECK-NEXT: %w = load <4 x float>, ptr addrspace(3) %tj, align 16, !noalias ![[SHADOW]]
; The global store: no shadow. Then the record before the return: the site (read, 12 bytes,
; argument 0) and the array's description, where a byte was unmarked.
; CHECK:      %[[SEEN:.*]] = phi i96 [ %[[MARKED]], %{{[0-9]+}} ], [ 310698676526526814092329217, %{{[0-9]+}} ]
; CHECK:      store float %s, ptr addrspace(1) %out, align 4, !noalias ![[SHADOW]]
; CHECK-NOT:  __weft_check_shadow
; CHECK:      %[[UNWRITTEN:.*]] = icmp ne i96 %[[SEEN]], 310698676526526814092329217
; CHECK-NEXT: %[[DESCRIPTION:.*]] = select i1 %[[UNWRITTEN]], i64 ptrtoint (ptr @weft.check.memory to i64), i64 0
; CHECK-NEXT: %[[SITE:.*]] = select i1 %[[UNWRITTEN]], i64 4611686018428174339, i64 0
; CHECK:      icmp ne i64 %[[SITE]], 0
; CHECK:      store i64 %[[SITE]], ptr
; CHECK:      store i64 %[[DESCRIPTION]], ptr
; CHECK:      ret void
; CHECK:      ![[SHADOW]] = !{![[SCOPE:[0-9]+]]}
; CHECK:      ![[SCOPE]] = distinct !{![[SCOPE]], ![[DOMAIN:[0-9]+]], !"shadow"}
; CHECK:      ![[DOMAIN]] = distinct !{![[DOMAIN]], !"weft.check-shadow"}

define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(3) %u, i64 %i, float %v) {
  %ui = getelementptr inbounds float, ptr addrspace(3) %u, i64 %i
  store float %v, ptr addrspace(3) %ui, align 4
  call void @_Z7barrierj(i32 1)
  %tj = getelementptr inbounds [64 x <3 x float>], ptr addrspace(3) @k.t, i64 0, i64 %i
  %w = load <4 x float>, ptr addrspace(3) %tj, align 16
  %x = extractelement <4 x float> %w, i64 0
  %z = extractelement <4 x float> %w, i64 2
  %s = fadd float %x, %z
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"weft.check.uninitialized", i32 1}
