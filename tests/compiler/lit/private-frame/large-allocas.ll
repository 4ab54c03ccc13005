; Private variables too large for a worker's stack move to the work-group's frame block
; (WorkGroupContext::FrameMemory, at byte 216), the largest first, until the rest fits in 64 KiB.
; RUN: %opt -passes=weft-private-frame -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @use(ptr)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)

; A 16 MiB array moves (its lifetime markers go: the block is not an alloca); the 64-byte one
; stays on the stack.
; CHECK-LABEL: @__weft_wg_big(
; CHECK-SAME: ptr %args, ptr %ctx) #[[BIG:[0-9]+]] {
; CHECK-NEXT: %small = alloca [16 x i32], align 16
; CHECK-NEXT: [[FIELD:%.*]] = getelementptr inbounds i8, ptr %ctx, i64 216
; CHECK-NEXT: %frame.memory = load ptr, ptr [[FIELD]], align 8, !invariant.load
; CHECK-NEXT: %big.frame = getelementptr inbounds i8, ptr %frame.memory, i64 0
; CHECK-NEXT: call void @use(ptr %small)
; CHECK-NEXT: call void @use(ptr %big.frame)
; CHECK-NEXT: ret void
define void @__weft_wg_big(ptr %args, ptr %ctx) #0 {
  %small = alloca [16 x i32], align 16
  %big = alloca [4194304 x i32], align 16
  call void @llvm.lifetime.start.p0(i64 16777216, ptr %big)
  call void @use(ptr %small)
  call void @use(ptr %big)
  call void @llvm.lifetime.end.p0(i64 16777216, ptr %big)
  ret void
}

; Two arrays of 48 KiB: moving one is enough. The second goes nowhere.
; CHECK-LABEL: @__weft_wg_two(
; CHECK-SAME: ptr %args, ptr %ctx) #[[TWO:[0-9]+]] {
; CHECK-NEXT: %b = alloca [12288 x i32], align 4
; CHECK-NEXT: getelementptr inbounds i8, ptr %ctx, i64 216
; CHECK-NEXT: %frame.memory = load ptr
; CHECK-NEXT: %a.frame = getelementptr inbounds i8, ptr %frame.memory, i64 0
; CHECK-NEXT: call void @use(ptr %a.frame)
; CHECK-NEXT: call void @use(ptr %b)
define void @__weft_wg_two(ptr %args, ptr %ctx) #1 {
  %a = alloca [12288 x i32], align 4
  %b = alloca [12288 x i32], align 4
  call void @use(ptr %a)
  call void @use(ptr %b)
  ret void
}

; Within the budget: left alone.
; CHECK-LABEL: define void @__weft_wg_fits(ptr %args, ptr %ctx) {
; CHECK-NEXT: %a = alloca [16384 x i32], align 4
define void @__weft_wg_fits(ptr %args, ptr %ctx) {
  %a = alloca [16384 x i32], align 4
  call void @use(ptr %a)
  ret void
}

; An alloca outside the entry block makes a new object each time it runs: left alone.
; CHECK-LABEL: define void @__weft_wg_loop(ptr %args, ptr %ctx) {
; CHECK-NOT: frame
; CHECK: %a = alloca [4194304 x i32], align 4
define void @__weft_wg_loop(ptr %args, ptr %ctx) {
entry:
  br label %body
body:
  %a = alloca [4194304 x i32], align 4
  call void @use(ptr %a)
  br label %body
}

; Not a work-group function: left alone.
; CHECK-LABEL: define void @helper(ptr %p) {
; CHECK-NEXT: %a = alloca [4194304 x i32], align 4
define void @helper(ptr %p) {
  %a = alloca [4194304 x i32], align 4
  call void @use(ptr %a)
  ret void
}

; CHECK-DAG: attributes #[[BIG]] = { nounwind "weft-frame-bytes"="16777216" }
; CHECK-DAG: attributes #[[TWO]] = { nounwind "weft-frame-bytes"="49152" }
attributes #0 = { nounwind }
attributes #1 = { nounwind }
