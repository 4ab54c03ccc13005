; Continuation-based synchronization: a work-item function with barriers becomes resumable. Its
; new entry recomputes what depends only on the arguments and the context, then switches on the
; resume id; each barrier returns its id. What crosses a barrier lives in private memory (the
; pointer at context offset 160), one array per variable with an element per work-item:
; element (z * Ly + y) * Lx + x of the array at PerItemOffset * items.
; RUN: %opt -passes=weft-barriers -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @_Z7barrierj(i32)

; %v crosses the barrier: private memory. %u does not: a register. %scratch is only used before
; the barrier: the stack. %kept is written before and read after: private memory, 16-aligned.
; %size, %last and %at depend on the arguments and the context only: recomputed at the entry.
; CHECK-LABEL: define internal i32 @k.workitem(
; CHECK-NEXT: entry.dispatch:
; CHECK-NEXT: %scratch = alloca [4 x i32], align 4
; CHECK-NEXT: %sizep = getelementptr inbounds i8, ptr %ctx, i64 48
; CHECK-NEXT: %size = load i64, ptr %sizep
; CHECK-NEXT: %last = add i64 %size, -1
; CHECK-NEXT: %at = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %last
; CHECK:      %items = mul i64 %{{.*}}, %size.z
; CHECK:      %item = add i64 %{{.*}}, %x
; CHECK:      %private.memory = load ptr, ptr %{{.*}}, align 8, !invariant.load
; CHECK-NEXT: %[[START0:.*]] = mul i64 %items, 0
; CHECK-NEXT: %[[AT0:.*]] = mul i64 %item, 4
; CHECK-NEXT: %[[OFFSET0:.*]] = add i64 %[[START0]], %[[AT0]]
; CHECK-NEXT: %v.reg2mem.private = getelementptr inbounds i8, ptr %private.memory, i64 %[[OFFSET0]]
; CHECK-NEXT: %[[START1:.*]] = mul i64 %items, 16
; CHECK-NEXT: %[[AT1:.*]] = mul i64 %item, 16
; CHECK-NEXT: %[[OFFSET1:.*]] = add i64 %[[START1]], %[[AT1]]
; CHECK-NEXT: %kept.private = getelementptr inbounds i8, ptr %private.memory, i64 %[[OFFSET1]]
; CHECK-NEXT: switch i32 %resume, label %entry [
; CHECK-NEXT:   i32 1, label %[[RESUME:.*]]
; CHECK-NEXT: ]
; CHECK:      entry:
; CHECK-NEXT: %v = load i32, ptr addrspace(1) %out
; CHECK-NEXT: store i32 %v, ptr %v.reg2mem.private
; CHECK:      store i32 %w, ptr %kept.private
; CHECK-NEXT: br label %barrier
; CHECK:      barrier:
; CHECK-NEXT: ret i32 1
; CHECK:      [[RESUME]]:
; CHECK-NEXT: %u = load i32, ptr addrspace(1) %out
; CHECK-NEXT: %k = load i32, ptr %kept.private
; CHECK-NEXT: %[[V:.*]] = load i32, ptr %v.reg2mem.private
; CHECK-NEXT: %sum = add i32 %u, %[[V]]
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
  %v = load i32, ptr addrspace(1) %out
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

; A barrier in a loop: the loop-carried %i and %acc cross it and go through private memory; the
; latch, after the barrier, stores the next iteration's values there.
; CHECK-LABEL: define internal i32 @loop.workitem(
; CHECK:      switch i32 %resume, label %entry [
; CHECK-NEXT:   i32 1, label %[[RESUME:.*]]
; CHECK-NEXT: ]
; CHECK:      entry:
; CHECK-NEXT: store i32 0, ptr %i.reg2mem.private
; CHECK-NEXT: store i32 0, ptr %acc.reg2mem.private
; CHECK:      header:
; CHECK:      load i32, ptr %i.reg2mem.private
; CHECK:      %more = icmp slt i32
; CHECK:      barrier:
; CHECK-NEXT: ret i32 1
; CHECK:      [[RESUME]]:
; CHECK-NEXT: %t = load i32, ptr addrspace(1) %out
; CHECK:      latch:
; CHECK:      store i32 %next, ptr %i.reg2mem.private
; CHECK-NEXT: store i32 %acc2, ptr %acc.reg2mem.private
; CHECK-NEXT: br label %header

; Without barriers: unchanged.
; CHECK-LABEL: define internal void @plain.workitem(
; CHECK-NEXT: store i32 0, ptr addrspace(1) %out
; CHECK-NEXT: ret void

; CHECK: attributes #0 = { "weft-private-bytes"="32" "weft-resume-points"="1" "weft-work-item"="k" }
; CHECK: attributes #1 = { "weft-private-bytes"="16" "weft-resume-points"="1" "weft-work-item"="loop" }
; CHECK: attributes #2 = { "weft-work-item"="plain" }

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
  %t = load i32, ptr addrspace(1) %out
  %acc2 = add i32 %acc, %t
  br label %latch
latch:
  %next = add i32 %i, 1
  br label %header
exit:
  store i32 %acc, ptr addrspace(1) %out
  ret i32 -1
}

define internal void @plain.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z) #2 {
  store i32 0, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "weft-work-item"="k" }
attributes #1 = { "weft-work-item"="loop" }
attributes #2 = { "weft-work-item"="plain" }
!0 = !{}
