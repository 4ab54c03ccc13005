; weft-group-stride-loops: a prefetch (a hint: LLVM models it as writing memory no one can see)
; before a loop over the local ids, or in its body, conflicts with nothing: the loop is still
; collapsed, where a store to the memory the loop reads, in the same place, keeps it.
; RUN: %opt -passes='function(loop-simplify,weft-group-stride-loops)' -S %s | FileCheck %s

; CHECK-LABEL: define {{.*}} @prefetch_before(
; CHECK: %first.in.x = icmp eq i64 %{{.*}}, 0
; CHECK-LABEL: define {{.*}} @prefetch_in_body(
; CHECK: %first.in.x = icmp eq i64 %{{.*}}, 0
; CHECK-LABEL: define {{.*}} @store_before(
; CHECK-NOT: first.in.x
; CHECK-LABEL: declare

define spir_kernel void @prefetch_before(ptr addrspace(1) %in, ptr addrspace(1) %next, ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %l = call i64 @_Z12get_local_idj(i32 0)
  %L = call i64 @_Z14get_local_sizej(i32 0)
  %ahead = getelementptr inbounds i32, ptr addrspace(1) %next, i64 %l
  call void @llvm.prefetch.p1(ptr addrspace(1) %ahead, i32 0, i32 3, i32 1)
  br label %loop

loop:
  %i = phi i64 [ %l, %entry ], [ %i.next, %body ]
  %i32 = trunc i64 %i to i32
  %more = icmp ult i32 %i32, %n
  br i1 %more, label %body, label %exit

body:
  %idx = and i64 %i, 4294967295
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %x = load i32, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %x, ptr addrspace(1) %q, align 4
  %i.next = add i64 %idx, %L
  br label %loop

exit:
  ret void
}

define spir_kernel void @prefetch_in_body(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %l = call i64 @_Z12get_local_idj(i32 0)
  %L = call i64 @_Z14get_local_sizej(i32 0)
  br label %loop

loop:
  %i = phi i64 [ %l, %entry ], [ %i.next, %body ]
  %i32 = trunc i64 %i to i32
  %more = icmp ult i32 %i32, %n
  br i1 %more, label %body, label %exit

body:
  %idx = and i64 %i, 4294967295
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %ahead = getelementptr inbounds i32, ptr addrspace(1) %p, i64 1024
  call void @llvm.prefetch.p1(ptr addrspace(1) %ahead, i32 0, i32 3, i32 1)
  %x = load i32, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %x, ptr addrspace(1) %q, align 4
  %i.next = add i64 %idx, %L
  br label %loop

exit:
  ret void
}

define spir_kernel void @store_before(ptr addrspace(1) %in, ptr addrspace(1) %next, ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %l = call i64 @_Z12get_local_idj(i32 0)
  %L = call i64 @_Z14get_local_sizej(i32 0)
  %mine = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %l
  store i32 0, ptr addrspace(1) %mine, align 4
  br label %loop

loop:
  %i = phi i64 [ %l, %entry ], [ %i.next, %body ]
  %i32 = trunc i64 %i to i32
  %more = icmp ult i32 %i32, %n
  br i1 %more, label %body, label %exit

body:
  %idx = and i64 %i, 4294967295
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %x = load i32, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %x, ptr addrspace(1) %q, align 4
  %i.next = add i64 %idx, %L
  br label %loop

exit:
  ret void
}

declare i64 @_Z12get_local_idj(i32) #1
declare i64 @_Z14get_local_sizej(i32) #1
declare void @llvm.prefetch.p1(ptr addrspace(1), i32, i32, i32)

attributes #0 = { convergent norecurse nounwind }
attributes #1 = { convergent nounwind readnone willreturn }
