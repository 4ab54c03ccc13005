; weft-normalize: the library's copies of planes (__weft_gather_planes_*) stay out of line, kept in
; llvm.compiler.used, for weft-plan-copy-chains; other helpers become always-inline. In a program
; that checks accesses (here bounds) they become always-inline too, so that the checks see them.
; RUN: %opt -passes=weft-normalize -S %s | FileCheck %s
; RUN: sed -e 's/^; CHECKED //' %s | %opt -passes=weft-normalize -S | FileCheck %s --check-prefix=CHECKED

; CHECK: @llvm.compiler.used = appending global [1 x ptr] [ptr @__weft_gather_planes_uint_2]
; CHECKED-NOT: @llvm.compiler.used
; CHECK: define void @__weft_gather_planes_uint_2({{.*}}) #[[KEPT:[0-9]+]]
; CHECK: define void @helper() #[[INLINED:[0-9]+]]
; CHECK-DAG: attributes #[[KEPT]] = { noinline }
; CHECK-DAG: attributes #[[INLINED]] = { alwaysinline }
; CHECKED: define void @__weft_gather_planes_uint_2({{.*}}) #[[INLINED:[0-9]+]]
; CHECKED: attributes #[[INLINED]] = { alwaysinline }
define void @__weft_gather_planes_uint_2(ptr addrspace(3) %d0, ptr addrspace(3) %d1, ptr addrspace(1) %src, i64 %n) noinline {
  ret void
}

define void @helper() {
  ret void
}

; CHECKED !llvm.module.flags = !{!0}
; CHECKED !0 = !{i32 4, !"weft.check.bounds", i32 1}
