; weft-check-bounds on the arrays of a kernel: a private variable left in memory, a kernel-scope
; __local variable, a program-scope __constant one. An access at an offset not constant is tested
; against the array's size (a constant `last`, never too short); a refused one records its offset
; (abi::CheckSite::Relative) and, in the slots' fourth array, the address of a string describing
; the array, named as in the source. An access at a constant offset inside the array is not
; tested.
; RUN: %opt -passes=weft-check-bounds -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@k.tile = internal addrspace(3) global [16 x float] undef, align 4
@table = addrspace(2) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4

; CHECK-DAG: @[[H:weft.check.memory[.0-9]*]] = private unnamed_addr constant [38 x i8] c"the __private variable `h` (32 bytes)\00"
; CHECK-DAG: @[[TILE:weft.check.memory[.0-9]*]] = private unnamed_addr constant [39 x i8] c"the __local variable `tile` (64 bytes)\00"
; CHECK-DAG: @[[TABLE:weft.check.memory[.0-9]*]] = private unnamed_addr constant [43 x i8] c"the __constant variable `table` (16 bytes)\00"

; CHECK-LABEL: define spir_kernel void @k(
; CHECK:      %hi = getelementptr inbounds [8 x i32], ptr %h, i64 0, i64 %i
; CHECK-NEXT: %[[P:.*]] = ptrtoint ptr %hi to i64
; CHECK-NEXT: %[[B:.*]] = ptrtoint ptr %h to i64
; CHECK-NEXT: %check.offset = sub i64 %[[P]], %[[B]]
; CHECK-NEXT: %check.refused = call i1 @__weft_check_refused(i64 %check.offset, i64 28, i1 false)
; Written, 4 bytes, relative.
; CHECK:      store i64 -9223372036854513661, ptr
; CHECK:      store i64 %check.offset, ptr
; CHECK:      store i64 ptrtoint (ptr @[[H]] to i64), ptr
; CHECK:      store i32 1, ptr %hi, align 4
; h[3]: not tested.
; CHECK-NEXT: br label
; CHECK:      %h3 = getelementptr inbounds [8 x i32], ptr %h, i64 0, i64 3
; CHECK-NEXT: %c = load i32, ptr %h3, align 4
; CHECK-NEXT: %ti = getelementptr inbounds [16 x float], ptr addrspace(3) @k.tile, i64 0, i64 %i
; CHECK-NEXT: %[[TP:.*]] = ptrtoint ptr addrspace(3) %ti to i64
; CHECK-NEXT: %[[TOFF:.*]] = sub i64 %[[TP]], ptrtoint (ptr addrspace(3) @k.tile to i64)
; CHECK-NEXT: call i1 @__weft_check_refused(i64 %[[TOFF]], i64 60, i1 false)
; Read, 4 bytes, relative.
; CHECK:      store i64 -9223372036854513663, ptr
; CHECK:      store i64 ptrtoint (ptr @[[TILE]] to i64), ptr
; CHECK:      %f = load float, ptr addrspace(3) %ti, align 4
; CHECK:      call i1 @__weft_check_refused(i64 %{{.*}}, i64 12, i1 false)
; CHECK:      store i64 ptrtoint (ptr @[[TABLE]] to i64), ptr
; CHECK:      %t = load i32, ptr addrspace(2) %tab, align 4

define spir_kernel void @k(ptr addrspace(1) %out, i64 %i) {
  %h = alloca [8 x i32], align 4
  %hi = getelementptr inbounds [8 x i32], ptr %h, i64 0, i64 %i
  store i32 1, ptr %hi, align 4
  %h3 = getelementptr inbounds [8 x i32], ptr %h, i64 0, i64 3
  %c = load i32, ptr %h3, align 4
  %ti = getelementptr inbounds [16 x float], ptr addrspace(3) @k.tile, i64 0, i64 %i
  %f = load float, ptr addrspace(3) %ti, align 4
  %tab = getelementptr inbounds [4 x i32], ptr addrspace(2) @table, i64 0, i64 %i
  %t = load i32, ptr addrspace(2) %tab, align 4
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"weft.check.bounds", i32 1}
