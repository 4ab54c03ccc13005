; Continuation-based synchronization: a work-item function with barriers becomes resumable. Its
; new entry recomputes what depends only on the arguments and the context, then switches on the
; resume id; each barrier returns its id. What crosses a barrier lives in private memory (the
; pointer at context offset 160), one array per variable with an element per work-item:
; element (z * Ly + y) * Lx + x of the array at PerItemOffset * items.
; RUN: %opt -passes=weft-barriers -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @_Z7barrierj(i32)

; %v (different in each work-item) crosses the barrier: stored in the barrier's block, reloaded
; where the code resumes, in a slot per work-item. %u does not cross: a register. %scratch is only used before the barrier: the stack. %kept is written before
; and read after: private memory, 16-aligned. %size, %last and %at depend on the arguments and
; the context only: recomputed at the entry.
; CHECK-LABEL: define internal i32 @k.workitem(
; CHECK-NEXT: entry.dispatch:
; CHECK-NEXT: %scratch = alloca [4 x i32], align 4
; CHECK-NEXT: %sizep = getelementptr inbounds i8, ptr %ctx, i64 48
; CHECK-NEXT: %size = load i64, ptr %sizep
; CHECK-NEXT: %last = add i64 %size, -1
; CHECK-NEXT: %mine = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x
; CHECK-NEXT: %at = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %last
; CHECK:      %items = mul i64 %{{.*}}, %size.z
; CHECK:      %item = add i64 %{{.*}}, %x
; CHECK:      %private.memory = load ptr, ptr %{{.*}}, align 8, !invariant.load
; CHECK-NEXT: %[[START0:.*]] = mul i64 %items, 0
; CHECK-NEXT: %[[AT0:.*]] = mul i64 %item, 4
; CHECK-NEXT: %[[OFFSET0:.*]] = add i64 %[[START0]], %[[AT0]]
; CHECK-NEXT: %v.slot.private = getelementptr inbounds i8, ptr %private.memory, i64 %[[OFFSET0]]
; CHECK-NEXT: %[[START1:.*]] = mul i64 %items, 16
; CHECK-NEXT: %[[AT1:.*]] = mul i64 %item, 16
; CHECK-NEXT: %[[OFFSET1:.*]] = add i64 %[[START1]], %[[AT1]]
; CHECK-NEXT: %kept.private = getelementptr inbounds i8, ptr %private.memory, i64 %[[OFFSET1]]
; CHECK-NEXT: switch i32 %resume, label %entry [
; CHECK-NEXT:   i32 1, label %[[RESUME:.*]]
; CHECK-NEXT: ]
; CHECK:      entry:
; CHECK-NEXT: %v = load i32, ptr addrspace(1) %mine
; CHECK-NEXT: %e = getelementptr inbounds [4 x i32], ptr %scratch, i64 0, i64 %x
; CHECK-NEXT: store i32 %v, ptr %e
; CHECK-NEXT: %w = load i32, ptr %e
; CHECK-NEXT: store i32 %w, ptr %kept.private
; CHECK-NEXT: br label %barrier
; CHECK:      barrier:
; CHECK-NEXT: store i32 %v, ptr %v.slot.private
; CHECK-NEXT: ret i32 1
; CHECK:      [[RESUME]]:
; CHECK-NEXT: %v.reload = load i32, ptr %v.slot.private
; CHECK-NEXT: %u = load i32, ptr addrspace(1) %out
; CHECK-NEXT: %k = load i32, ptr %kept.private
; CHECK-NEXT: %sum = add i32 %u, %v.reload
; CHECK-NEXT: %sum2 = add i32 %sum, %k
; CHECK-NEXT: store i32 %sum2, ptr addrspace(1) %at
; CHECK-NEXT: ret i32 -1
define internal i32 @k.workitem(ptr addrspace(1) %out, i32 %n, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #0 {
entry:
  %scratch = alloca [4 x i32], align 4
  %kept = alloca [4 x i32], align 16
  %sizep = getelementptr inbounds i8, ptr %ctx, i64 48
  %size = load i64, ptr %sizep, align 8, !invariant.load !0
  %last = add i64 %size, -1
  %mine = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x
  %v = load i32, ptr addrspace(1) %mine
  %e = getelementptr inbounds [4 x i32], ptr %scratch, i64 0, i64 %x
  store i32 %v, ptr %e
  %w = load i32, ptr %e
  store i32 %w, ptr %kept
  call void @_Z7barrierj(i32 1)
  %u = load i32, ptr addrspace(1) %out
  %k = load i32, ptr %kept
  %sum = add i32 %u, %v
  %sum2 = add i32 %sum, %k
  %at = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %last
  store i32 %sum2, ptr addrspace(1) %at
  ret i32 -1
}

; A barrier in a loop: the loop-carried %i and %acc cross it. The loop keeps its PHIs; the
; values are stored at the barrier and reloaded after it, and the latch uses the reloads. %i is
; the same in every work-item: one slot for the work-group, in local memory (the pointer at
; context offset 152), written to the second copy and read from the first, where the function's
; returns meet. %acc sums
; work-item-specific values: a slot per work-item in private memory.
; CHECK-LABEL: define internal i32 @loop.workitem(
; CHECK:      %uniform.base = load ptr, ptr %{{.*}}, align 8, !invariant.load
; CHECK-NEXT: %i.uniform = getelementptr inbounds i8, ptr %uniform.base, i64 0
; CHECK-NEXT: %i.uniform.next = getelementptr inbounds i8, ptr %uniform.base, i64 16
; CHECK:      %acc.slot.private = getelementptr inbounds i8, ptr %private.memory
; CHECK:      switch i32 %resume, label %entry [
; CHECK-NEXT:   i32 1, label %[[RESUME:.*]]
; CHECK-NEXT: ]
; CHECK:      header:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %next, %latch ]
; CHECK-NEXT: %acc = phi i32 [ 0, %entry ], [ %acc2, %latch ]
; CHECK:      barrier:
; CHECK-NEXT: store i32 %acc, ptr %acc.slot.private, align 4, !alias.scope ![[ITEM:[0-9]+]], !noalias ![[UNIFORM:[0-9]+]]
; CHECK-NEXT: br label %return
; CHECK:      [[RESUME]]:
; CHECK-DAG:  %acc.reload = load i32, ptr %acc.slot.private, align 4, !alias.scope ![[ITEM]], !noalias ![[UNIFORM]]
; CHECK-DAG:  %i.reload = load i32, ptr %i.uniform, align 4, !alias.scope ![[UNIFORM]], !noalias ![[ITEM]]
; The kernel's own accesses alias neither kind of slot.
; CHECK:      %t = load i32, ptr addrspace(1) %mine, align 4, !noalias ![[BOTH:[0-9]+]]
; CHECK-NEXT: %acc2 = add i32 %acc.reload, %t
; CHECK:      latch:
; CHECK-NEXT: %next = add i32 %i.reload, 1
; CHECK-NEXT: br label %header
; CHECK:      exit:
; CHECK-NEXT: store i32 %acc, ptr addrspace(1) %out
; The uniform %i is stored where the returns meet (on the path that ends the kernel, nothing is
; read after it: poison), so that a loop over work-items stores it unconditionally.
; CHECK:      return:
; CHECK-NEXT: %id = phi i32 [ 1, %barrier ], [ -1, %exit ]
; CHECK-NEXT: %[[I:.*]] = phi i32 [ %i, %barrier ], [ poison, %exit ]
; CHECK-NEXT: store i32 %[[I]], ptr %i.uniform.next, align 4, !alias.scope ![[UNIFORM]], !noalias ![[ITEM]]
; CHECK-NEXT: ret i32 %id
define internal i32 @loop.workitem(ptr addrspace(1) %out, i32 %n, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #1 {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %next, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc2, %latch ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %exit
body:
  call void @_Z7barrierj(i32 1)
  %mine = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x
  %t = load i32, ptr addrspace(1) %mine
  %acc2 = add i32 %acc, %t
  br label %latch
latch:
  %next = add i32 %i, 1
  br label %header
exit:
  store i32 %acc, ptr addrspace(1) %out
  ret i32 -1
}

; A barrier under a (uniform) condition: where the path through the barrier and the path around
; it meet, a PHI picks the reload or the original value.
; CHECK-LABEL: define internal i32 @cond.workitem(
; CHECK:      barrier:
; CHECK-NEXT: store i32 %v, ptr %v.slot.private
; CHECK-NEXT: ret i32 1
; CHECK:      [[RESUME:resume.*]]:
; CHECK-NEXT: %v.reload = load i32, ptr %v.slot.private
; CHECK:      merge:
; CHECK-NEXT: %[[V:.*]] = phi i32 [ %v.reload, %[[RESUME]] ], [ %v, %entry ]
; CHECK-NEXT: store i32 %[[V]], ptr addrspace(1) %out
define internal i32 @cond.workitem(ptr addrspace(1) %out, i32 %n, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #2 {
entry:
  %mine = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x
  %v = load i32, ptr addrspace(1) %mine
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %then, label %merge
then:
  call void @_Z7barrierj(i32 1)
  br label %merge
merge:
  store i32 %v, ptr addrspace(1) %out
  ret i32 -1
}

; Without barriers: unchanged.
; CHECK-LABEL: define internal void @plain.workitem(
; CHECK-NEXT: store i32 0, ptr addrspace(1) %out
; CHECK-NEXT: ret void
define internal void @plain.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z) #3 {
  store i32 0, ptr addrspace(1) %out
  ret void
}

; Private bytes per work-item: 4 + 16 (16-aligned) -> 32; 4 -> 16; 4 -> 16. Uniform: 4 -> 16,
; twice in local memory.
; CHECK: attributes #0 = { "weft-private-bytes"="32" "weft-resume-points"="1" "weft-work-item"="k" }
; CHECK: attributes #1 = { "weft-local-scratch-bytes"="64" "weft-private-bytes"="16" "weft-resume-points"="1" "weft-uniform-bytes"="16" "weft-uniform-offset"="0" "weft-work-item"="loop" }
; CHECK: attributes #2 = { "weft-private-bytes"="16" "weft-resume-points"="1" "weft-work-item"="cond" }
; CHECK: attributes #3 = { "weft-work-item"="plain" }
; The work-items' slots and the uniform ones are two scopes of one domain: each kind's accesses
; are in their own and do not alias the other's.
; CHECK-DAG: ![[ITEM]] = !{![[ITEM_SCOPE:[0-9]+]]}
; CHECK-DAG: ![[UNIFORM]] = !{![[UNIFORM_SCOPE:[0-9]+]]}
; CHECK-DAG: ![[BOTH]] = !{![[ITEM_SCOPE]], ![[UNIFORM_SCOPE]]}
; CHECK-DAG: ![[ITEM_SCOPE]] = distinct !{![[ITEM_SCOPE]], ![[DOMAIN:[0-9]+]], !"slot"}
; CHECK-DAG: ![[UNIFORM_SCOPE]] = distinct !{![[UNIFORM_SCOPE]], ![[DOMAIN]], !"uniform slot"}
attributes #0 = { "weft-work-item"="k" }
attributes #1 = { "weft-work-item"="loop" }
attributes #2 = { "weft-work-item"="cond" }
attributes #3 = { "weft-work-item"="plain" }
!0 = !{}
