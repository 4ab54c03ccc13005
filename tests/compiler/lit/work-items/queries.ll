; Each kernel gets a work-item function: its body with (ctx, x, y, z) appended, the work-item
; queries read from the work-group context (offsets in contracts/WorkGroupAbi.h: GlobalOffset 0,
; GlobalSize 24, LocalSize 48, EnqueuedLocalSize 72, NumGroups 96, GroupId 120, WorkDim 144)
; and from the local id; fences are gone. The kernel itself stays for weft-kernel-entry.
; RUN: %opt -passes=weft-work-items -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z14get_local_sizej(i32)
declare spir_func i32 @_Z12get_work_dimv()
declare spir_func i64 @_Z19get_local_linear_idv()
declare spir_func void @_Z9mem_fencej(i32)
declare spir_func void @_Z7barrierj(i32)

; CHECK-LABEL: define spir_kernel void @ids(
define spir_kernel void @ids(ptr addrspace(1) %out, i32 %d) {
  %g = call spir_func i64 @_Z13get_global_idj(i32 0)
  store i64 %g, ptr addrspace(1) %out
  %l = call spir_func i64 @_Z12get_local_idj(i32 1)
  store i64 %l, ptr addrspace(1) %out
  %n = call spir_func i64 @_Z14get_local_sizej(i32 %d)
  store i64 %n, ptr addrspace(1) %out
  %beyond = call spir_func i64 @_Z12get_local_idj(i32 3)
  store i64 %beyond, ptr addrspace(1) %out
  %dims = call spir_func i32 @_Z12get_work_dimv()
  store i32 %dims, ptr addrspace(1) %out
  call spir_func void @_Z9mem_fencej(i32 1)
  %lin = call spir_func i64 @_Z19get_local_linear_idv()
  store i64 %lin, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define spir_kernel void @sync(
define spir_kernel void @sync(ptr addrspace(1) %out) {
  store i32 1, ptr addrspace(1) %out
  call spir_func void @_Z7barrierj(i32 1)
  ret void
}

; CHECK-LABEL: define internal void @ids.workitem(ptr addrspace(1) %out, i32 %d, ptr %ctx, i64 %x, i64 %y, i64 %z)
; CHECK-SAME: #[[IDS:[0-9]+]]
; get_global_id(0): group id * enqueued local size + x + global offset
; CHECK: %[[GP:.*]] = getelementptr inbounds i8, ptr %ctx, i64 120
; CHECK-NEXT: %[[G:.*]] = load i64, ptr %[[GP]], align 8, !invariant.load
; CHECK-NEXT: %[[EP:.*]] = getelementptr inbounds i8, ptr %ctx, i64 72
; CHECK-NEXT: %[[E:.*]] = load i64, ptr %[[EP]], align 8, !invariant.load
; CHECK-NEXT: %[[START:.*]] = mul i64 %[[G]], %[[E]]
; CHECK-NEXT: %[[ID:.*]] = add i64 %[[START]], %x
; CHECK-NEXT: %[[OP:.*]] = getelementptr inbounds i8, ptr %ctx, i64 0
; CHECK-NEXT: %[[O:.*]] = load i64, ptr %[[OP]], align 8, !invariant.load
; CHECK-NEXT: %g = add i64 %[[ID]], %[[O]]
; CHECK-NEXT: store i64 %g, ptr addrspace(1) %out
; get_local_id(1) is the y parameter.
; CHECK-NEXT: store i64 %y, ptr addrspace(1) %out
; get_local_size(%d): a select per dimension, 1 beyond the third. Sizes are at least 1 and below
; 2^63 (!range), which lets ScalarEvolution count the trips of a loop stepping by one.
; CHECK: %[[L2P:.*]] = getelementptr inbounds i8, ptr %ctx, i64 64
; CHECK-NEXT: load i64, ptr %[[L2P]], align 8, !range ![[SIZE:[0-9]+]], !invariant.load
; CHECK: %[[IS2:.*]] = icmp eq i32 %d, 2
; CHECK: select i1 %[[IS2]], i64 %{{.*}}, i64 1
; CHECK: %[[IS0:.*]] = icmp eq i32 %d, 0
; CHECK: %n = select i1 %[[IS0]], i64 %{{.*}}, i64 %{{.*}}
; CHECK-NEXT: store i64 %n, ptr addrspace(1) %out
; get_local_id(3): 0.
; CHECK-NEXT: store i64 0, ptr addrspace(1) %out
; CHECK-NEXT: %[[DP:.*]] = getelementptr inbounds i8, ptr %ctx, i64 144
; CHECK-NEXT: %dims = load i32, ptr %[[DP]], align 4, !invariant.load
; CHECK-NEXT: store i32 %dims, ptr addrspace(1) %out
; CHECK-NOT: mem_fence
; (z * Ly + y) * Lx + x
; CHECK: %[[PLANE:.*]] = mul i64 %z, %{{.*}}
; CHECK-NEXT: %[[ROW:.*]] = add i64 %[[PLANE]], %y
; CHECK-NEXT: %[[ROWS:.*]] = mul i64 %[[ROW]], %{{.*}}
; CHECK-NEXT: %lin = add i64 %[[ROWS]], %x
; CHECK-NEXT: store i64 %lin, ptr addrspace(1) %out
; CHECK-NEXT: ret void

; With a barrier: a resume id parameter and an i32 result, -1 where the kernel returns; the
; barrier stays for weft-barriers.
; CHECK-LABEL: define internal i32 @sync.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume)
; CHECK-SAME: #[[SYNC:[0-9]+]]
; CHECK: call spir_func void @_Z7barrierj(i32 1)
; CHECK-NEXT: ret i32 -1

; CHECK: attributes #[[IDS]] = { alwaysinline "weft-work-item"="ids" }
; CHECK: attributes #[[SYNC]] = { alwaysinline "weft-work-item"="sync" }

; CHECK: ![[SIZE]] = !{i64 1, i64 -9223372036854775808}
