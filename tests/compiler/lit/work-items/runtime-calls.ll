; The built-in library's calls into the device runtime (`__weft_rt_<name>`) become indirect calls
; through the context's KernelRuntime table (WorkGroupContext::Runtime at offset 168; AsyncCopy
; is entry 0, WaitGroupEvents entry 1) with the context as first argument;
; `__weft_copy_names()` becomes the load of WorkGroupContext::CopyNames (offset 184, invariant
; within a work-group), and `__weft_event_or_name(event, name)` the event when it is not null,
; else the name as an event. A `__weft_rt_` name the runtime does not have stays a call, for the
; build to report as undefined.
; RUN: %opt -passes=weft-work-items -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @__weft_rt_async_copy(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, ptr)
declare void @__weft_rt_wait_group_events(i32, ptr addrspace(4))
declare void @__weft_rt_unknown(i32)
declare ptr addrspace(1) @__weft_copy_names()
declare ptr @__weft_event_or_name(ptr, i64)

; CHECK-LABEL: define internal void @copy.workitem(ptr addrspace(3) %dst, ptr addrspace(1) %src, ptr %in, ptr %ctx,
; CHECK: %[[NAMESAT:.*]] = getelementptr inbounds i8, ptr %ctx, i64 184
; CHECK-NEXT: %copy_names = load ptr addrspace(1), ptr %[[NAMESAT]], align 8, !invariant.load
; CHECK: %[[NAMED:.*]] = inttoptr i64 %name to ptr
; CHECK-NEXT: %[[NULL:.*]] = icmp eq ptr %in, null
; CHECK-NEXT: %event = select i1 %[[NULL]], ptr %[[NAMED]], ptr %in
; CHECK: %[[TABLEAT:.*]] = getelementptr inbounds i8, ptr %ctx, i64 168
; CHECK-NEXT: %runtime = load ptr, ptr %[[TABLEAT]], align 8, !invariant.load
; CHECK-NEXT: %[[FN:.*]] = getelementptr inbounds i8, ptr %runtime, i64 0
; CHECK-NEXT: %async_copy = load ptr, ptr %[[FN]], align 8, !invariant.load
; CHECK-NEXT: call void %async_copy(ptr %ctx, i64 %d, i64 %s, i64 4, i64 7, i64 1, i64 1, i64 0, i64 0, i64 0, i64 0, ptr %event)
; CHECK: %[[FN2:.*]] = getelementptr inbounds i8, ptr %{{.*}}, i64 8
; CHECK-NEXT: %wait_group_events = load ptr, ptr %[[FN2]], align 8, !invariant.load
; CHECK-NEXT: call void %wait_group_events(ptr %ctx, i32 1, ptr addrspace(4) %list)
; CHECK: call void @__weft_rt_unknown(i32 3)
; CHECK-NOT: @__weft_copy_names(
; CHECK-NOT: @__weft_event_or_name(
define spir_kernel void @copy(ptr addrspace(3) %dst, ptr addrspace(1) %src, ptr %in) {
  %names = call ptr addrspace(1) @__weft_copy_names()
  %count = load i32, ptr addrspace(1) %names
  %next = add i32 %count, 1
  store i32 %next, ptr addrspace(1) %names
  %name = zext i32 %next to i64
  %e = call ptr @__weft_event_or_name(ptr %in, i64 %name)
  %d = ptrtoint ptr addrspace(3) %dst to i64
  %s = ptrtoint ptr addrspace(1) %src to i64
  call void @__weft_rt_async_copy(i64 %d, i64 %s, i64 4, i64 7, i64 1, i64 1, i64 0, i64 0, i64 0, i64 0, ptr %e)
  %slot = alloca ptr
  store ptr %e, ptr %slot
  %list = addrspacecast ptr %slot to ptr addrspace(4)
  call void @__weft_rt_wait_group_events(i32 1, ptr addrspace(4) %list)
  call void @__weft_rt_unknown(i32 3)
  ret void
}
