; Atomic operations on local memory (address space 3) become plain loads and stores: a
; work-group's local memory is used by one thread only. Atomics on other memory, and fences, stay.
; RUN: %opt -passes=weft-local-atomics -S %s | FileCheck %s

; A read-modify-write: the load, the operation, the store; uses take the old value. Alignment and
; alias metadata stay; volatile goes (nothing else observes the access).
; CHECK-LABEL: define i32 @add(
; CHECK-NEXT: %sum.old = load i32, ptr addrspace(3) %p, align 4, !alias.scope ![[SCOPE:[0-9]+]], !noalias ![[OTHER:[0-9]+]]
; CHECK-NEXT: [[NEW:%.*]] = add i32 %sum.old, %v
; CHECK-NEXT: store i32 [[NEW]], ptr addrspace(3) %p, align 4, !alias.scope ![[SCOPE]], !noalias ![[OTHER]]
; CHECK-NEXT: ret i32 %sum.old
define i32 @add(ptr addrspace(3) %p, i32 %v) {
  %sum = atomicrmw volatile add ptr addrspace(3) %p, i32 %v monotonic, align 4, !alias.scope !2, !noalias !3
  ret i32 %sum
}

; The other operations, 64-bit and on floats, with their orders and scopes.
; CHECK-LABEL: define void @others(
; CHECK-NOT: atomicrmw
; CHECK: %a.old = load i64, ptr addrspace(3) %q, align 8
; CHECK-NEXT: [[MAX:%.*]] = icmp sgt i64 %a.old, %w
; CHECK-NEXT: [[SEL:%.*]] = select i1 [[MAX]], i64 %a.old, i64 %w
; CHECK-NEXT: store i64 [[SEL]], ptr addrspace(3) %q, align 8
; CHECK: %b.old = load i32, ptr addrspace(3) %p, align 4
; CHECK-NEXT: store i32 %v, ptr addrspace(3) %p, align 4
; CHECK: %c.old = load float, ptr addrspace(3) %f, align 4
; CHECK-NEXT: [[SUM:%.*]] = fadd float %c.old, %x
; CHECK-NEXT: store float [[SUM]], ptr addrspace(3) %f, align 4
; CHECK: %d.old = load i32, ptr addrspace(3) %p, align 4
; CHECK-NEXT: [[UMIN:%.*]] = icmp ule i32 %d.old, %v
; CHECK-NEXT: [[USEL:%.*]] = select i1 [[UMIN]], i32 %d.old, i32 %v
; CHECK-NEXT: store i32 [[USEL]], ptr addrspace(3) %p, align 4
; CHECK-NOT: atomicrmw
; CHECK: ret void
define void @others(ptr addrspace(3) %p, ptr addrspace(3) %q, ptr addrspace(3) %f, i32 %v, i64 %w, float %x) {
  %a = atomicrmw max ptr addrspace(3) %q, i64 %w seq_cst, align 8
  %b = atomicrmw xchg ptr addrspace(3) %p, i32 %v syncscope("workgroup") acq_rel, align 4
  %c = atomicrmw fadd ptr addrspace(3) %f, float %x monotonic, align 4
  %d = atomicrmw umin ptr addrspace(3) %p, i32 %v monotonic, align 4
  ret void
}

; A compare-exchange stores the new value if the old one compares equal, the old one otherwise
; (no branch); its pair of results is the old value and the comparison.
; CHECK-LABEL: define { i32, i1 } @compare_exchange(
; CHECK-NEXT: %pair.old = load i32, ptr addrspace(3) %p, align 4
; CHECK-NEXT: [[EQ:%.*]] = icmp eq i32 %pair.old, %expected
; CHECK-NEXT: [[STORED:%.*]] = select i1 [[EQ]], i32 %new, i32 %pair.old
; CHECK-NEXT: store i32 [[STORED]], ptr addrspace(3) %p, align 4
; CHECK-NEXT: [[FIRST:%.*]] = insertvalue { i32, i1 } poison, i32 %pair.old, 0
; CHECK-NEXT: [[PAIR:%.*]] = insertvalue { i32, i1 } [[FIRST]], i1 [[EQ]], 1
; CHECK-NEXT: ret { i32, i1 } [[PAIR]]
define { i32, i1 } @compare_exchange(ptr addrspace(3) %p, i32 %expected, i32 %new) {
  %pair = cmpxchg weak volatile ptr addrspace(3) %p, i32 %expected, i32 %new seq_cst acquire, align 4
  ret { i32, i1 } %pair
}

; Atomic loads and stores become plain ones.
; CHECK-LABEL: define i32 @load_store(
; CHECK-NEXT: %l = load i32, ptr addrspace(3) %p, align 4
; CHECK-NEXT: store i32 %v, ptr addrspace(3) %p, align 4
; CHECK-NEXT: ret i32 %l
define i32 @load_store(ptr addrspace(3) %p, i32 %v) {
  %l = load atomic volatile i32, ptr addrspace(3) %p seq_cst, align 4
  store atomic i32 %v, ptr addrspace(3) %p syncscope("workgroup") release, align 4
  ret i32 %l
}

; Global (1), generic (4) and private (0) memory keep their atomics, and fences stay.
; CHECK-LABEL: define i32 @elsewhere(
; CHECK-NEXT: %a = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic, align 4
; CHECK-NEXT: %b = atomicrmw add ptr addrspace(4) %generic, i32 1 monotonic, align 4
; CHECK-NEXT: %c = cmpxchg ptr %private, i32 0, i32 1 seq_cst seq_cst, align 4
; CHECK-NEXT: %d = load atomic i32, ptr addrspace(1) %g acquire, align 4
; CHECK-NEXT: fence syncscope("workgroup") seq_cst
define i32 @elsewhere(ptr addrspace(1) %g, ptr addrspace(4) %generic, ptr %private) {
  %a = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic, align 4
  %b = atomicrmw add ptr addrspace(4) %generic, i32 1 monotonic, align 4
  %c = cmpxchg ptr %private, i32 0, i32 1 seq_cst seq_cst, align 4
  %d = load atomic i32, ptr addrspace(1) %g acquire, align 4
  fence syncscope("workgroup") seq_cst
  %s = add i32 %a, %b
  %t = add i32 %s, %d
  ret i32 %t
}

!0 = distinct !{!0, !"weft.address-spaces"}
!1 = distinct !{!1, !0, !"local"}
!2 = !{!1}
!4 = distinct !{!4, !0, !"global"}
!3 = !{!4}
