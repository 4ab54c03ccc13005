; A kernel called by another kernel is called through an internal copy of its body (its own entry
; point stays a kernel); every helper becomes always-inline, including noinline/optnone ones.
; RUN: %opt -passes=weft-normalize -S %s | FileCheck %s

; CHECK-LABEL: define spir_kernel void @inner(
define spir_kernel void @inner(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: define spir_kernel void @outer(
; CHECK: call spir_func void @inner.body(ptr addrspace(1) %p)
; CHECK: call spir_func i32 @helper(i32 2)
define spir_kernel void @outer(ptr addrspace(1) %p) {
  call spir_kernel void @inner(ptr addrspace(1) %p)
  %v = call spir_func i32 @helper(i32 2)
  ret void
}

; CHECK: define spir_func i32 @helper(i32 %x) #[[INLINE:[0-9]+]]
define spir_func i32 @helper(i32 %x) #0 {
  %y = add i32 %x, 1
  ret i32 %y
}

; CHECK: define internal spir_func void @inner.body(ptr addrspace(1) %p) #[[INLINE]]

; CHECK: attributes #[[INLINE]] = { alwaysinline }
attributes #0 = { noinline optnone }
