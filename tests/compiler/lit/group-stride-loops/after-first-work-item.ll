; weft-group-stride-loops: what work-item 0 does for the work-group under the built-in library's
; `if (__weft_first_work_item())` (a copy small enough to run in the kernel,
; builtins/src/async.cl), even folded into a conjunction by InstCombine, comes before every
; work-item's part of a loop over the local ids, so it does not keep the loop from being
; collapsed, although it writes the local memory the loop reads. The same copy under the
; kernel's own test of the local id is an access of work-item 0 that the other work-items'
; iterations, run earlier by the collapsed loop, would race with: that loop stays.
; RUN: %opt -passes='function(loop-simplify,weft-group-stride-loops)' -S %s | FileCheck %s

; CHECK-LABEL: define {{.*}} @after_small_copy(
; CHECK: %first.in.x = icmp eq i64 %{{.*}}, 0
; CHECK: br label %loop, !llvm.loop ![[ROW:[0-9]+]]
; CHECK-LABEL: define {{.*}} @after_own_copy(
; CHECK-NOT: first.in.x
; CHECK: ![[ROW]] = distinct !{![[ROW]], ![[COLLAPSED:[0-9]+]]}
; CHECK: ![[COLLAPSED]] = !{!"weft.loop.collapsed_row"}

define spir_kernel void @after_small_copy(ptr addrspace(1) %in, ptr addrspace(3) %tin, ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %l = call i64 @_Z12get_local_idj(i32 0)
  %L = call i64 @_Z14get_local_sizej(i32 0)
  %first = call zeroext i1 @__weft_first_work_item()
  %nz = icmp ne i32 %n, 0
  %guard = and i1 %nz, %first
  %n64 = zext i32 %n to i64
  br i1 %guard, label %copy, label %copied

copy:
  %c = phi i64 [ 0, %entry ], [ %c.next, %copy ]
  %src = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %c
  %v = load i32, ptr addrspace(1) %src, align 4
  %dst = getelementptr inbounds i32, ptr addrspace(3) %tin, i64 %c
  store i32 %v, ptr addrspace(3) %dst, align 4
  %c.next = add nuw nsw i64 %c, 1
  %done = icmp eq i64 %c.next, %n64
  br i1 %done, label %copied, label %copy

copied:
  br label %loop

loop:
  %i = phi i64 [ %l, %copied ], [ %i.next, %body ]
  %i32 = trunc i64 %i to i32
  %more = icmp ult i32 %i32, %n
  br i1 %more, label %body, label %exit

body:
  %idx = and i64 %i, 4294967295
  %p = getelementptr inbounds i32, ptr addrspace(3) %tin, i64 %idx
  %x = load i32, ptr addrspace(3) %p, align 4
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %x, ptr addrspace(1) %q, align 4
  %i.next = add i64 %idx, %L
  br label %loop

exit:
  ret void
}

define spir_kernel void @after_own_copy(ptr addrspace(1) %in, ptr addrspace(3) %tin, ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %l = call i64 @_Z12get_local_idj(i32 0)
  %L = call i64 @_Z14get_local_sizej(i32 0)
  %first = icmp eq i64 %l, 0
  %nz = icmp ne i32 %n, 0
  %guard = and i1 %nz, %first
  %n64 = zext i32 %n to i64
  br i1 %guard, label %copy, label %copied

copy:
  %c = phi i64 [ 0, %entry ], [ %c.next, %copy ]
  %src = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %c
  %v = load i32, ptr addrspace(1) %src, align 4
  %dst = getelementptr inbounds i32, ptr addrspace(3) %tin, i64 %c
  store i32 %v, ptr addrspace(3) %dst, align 4
  %c.next = add nuw nsw i64 %c, 1
  %done = icmp eq i64 %c.next, %n64
  br i1 %done, label %copied, label %copy

copied:
  br label %loop

loop:
  %i = phi i64 [ %l, %copied ], [ %i.next, %body ]
  %i32 = trunc i64 %i to i32
  %more = icmp ult i32 %i32, %n
  br i1 %more, label %body, label %exit

body:
  %idx = and i64 %i, 4294967295
  %p = getelementptr inbounds i32, ptr addrspace(3) %tin, i64 %idx
  %x = load i32, ptr addrspace(3) %p, align 4
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %x, ptr addrspace(1) %q, align 4
  %i.next = add i64 %idx, %L
  br label %loop

exit:
  ret void
}

declare i64 @_Z12get_local_idj(i32) #1
declare i64 @_Z14get_local_sizej(i32) #1
declare zeroext i1 @__weft_first_work_item() #1

attributes #0 = { convergent norecurse nounwind }
attributes #1 = { convergent nounwind readnone willreturn }
