; Kernel-scope __local variables move to the work-group's local memory block (the pointer at
; WorkGroupContext offset 152): per work-item function, only the variables it uses, each at an
; offset aligned to 16 at least; weft-local-bytes is their total, rounded up to 64.
; RUN: %opt -passes=weft-local-memory -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@a.tile = internal addrspace(3) global [10 x float] undef, align 4
@a.flag = internal addrspace(3) global i32 undef, align 4
@b.big = internal addrspace(3) global [100 x i64] undef, align 8

; Uses both of its variables, one through a constant expression: tile at 0 (40 bytes), flag at 48.
; CHECK-LABEL: define internal void @a.workitem(
; CHECK-NEXT: %[[AT:.*]] = getelementptr inbounds i8, ptr %ctx, i64 152
; CHECK-NEXT: %local.memory = load ptr, ptr %[[AT]], align 8, !invariant.load
; CHECK-NEXT: %[[TILE:.*]] = getelementptr inbounds i8, ptr %local.memory, i64 0
; CHECK-NEXT: %a.tile = addrspacecast ptr %[[TILE]] to ptr addrspace(3)
; CHECK-NEXT: %[[FLAG:.*]] = getelementptr inbounds i8, ptr %local.memory, i64 48
; CHECK-NEXT: %a.flag = addrspacecast ptr %[[FLAG]] to ptr addrspace(3)
; CHECK-NEXT: %[[ELEMENT:.*]] = getelementptr inbounds [10 x float], ptr addrspace(3) %a.tile, i64 0, i64 3
; CHECK-NEXT: store float 1.000000e+00, ptr addrspace(3) %[[ELEMENT]]
; CHECK-NEXT: store i32 2, ptr addrspace(3) %a.flag
; CHECK-NOT: @a.tile
; CHECK: ret void
define internal void @a.workitem(ptr %ctx, i64 %x, i64 %y, i64 %z) #0 {
  store float 1.0, ptr addrspace(3) getelementptr inbounds ([10 x float], ptr addrspace(3) @a.tile, i64 0, i64 3)
  store i32 2, ptr addrspace(3) @a.flag
  ret void
}

; Uses only its own variable, which starts at 0.
; CHECK-LABEL: define internal void @b.workitem(
; CHECK: %[[BIG:.*]] = getelementptr inbounds i8, ptr %local.memory, i64 0
; CHECK-NEXT: %b.big = addrspacecast ptr %[[BIG]] to ptr addrspace(3)
; CHECK-NEXT: store i64 3, ptr addrspace(3) %b.big
define internal void @b.workitem(ptr %ctx, i64 %x, i64 %y, i64 %z) #1 {
  store i64 3, ptr addrspace(3) @b.big
  ret void
}

; None at all.
; CHECK-LABEL: define internal void @c.workitem(
; CHECK-NOT: local.memory
; CHECK: ret void
define internal void @c.workitem(ptr %ctx, i64 %x, i64 %y, i64 %z) #2 {
  ret void
}

; A function that is not a work-item function keeps its references.
; CHECK-LABEL: define void @other(
; CHECK-NEXT: store i32 5, ptr addrspace(3) @a.flag
define void @other() {
  store i32 5, ptr addrspace(3) @a.flag
  ret void
}

; 48 + 4 bytes -> 64; 800 -> 832; 0.
; CHECK: attributes #0 = { "weft-local-bytes"="64" "weft-work-item"="a" }
; CHECK: attributes #1 = { "weft-local-bytes"="832" "weft-work-item"="b" }
; CHECK: attributes #2 = { "weft-local-bytes"="0" "weft-work-item"="c" }
attributes #0 = { "weft-work-item"="a" }
attributes #1 = { "weft-work-item"="b" }
attributes #2 = { "weft-work-item"="c" }
