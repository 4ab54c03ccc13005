; Accesses through global or constant pointers get the scope "global" of a domain
; "weft.address-spaces" and are declared not to alias "local"; accesses through local pointers,
; atomics included, the reverse. Then LLVM's scoped alias analysis knows that a kernel's global and
; local accesses never overlap (the AA lines: NoAlias between the address spaces, MayAlias still
; within one). Private and generic accesses are left alone: a generic pointer may point to either.
; The input is Clang 15's output (x86-64-v3, -O2 -disable-llvm-passes) after what weft-pipeline
; runs before the pass (weft-normalize to SimplifyCFG), trimmed (and @private_only, written by
; hand), for
;   kernel void stage(global const float *in, constant float *k, local float *t, global float *out) {
;     size_t l = get_local_id(0);
;     t[l] = in[get_global_id(0)] * k[0];
;     barrier(CLK_LOCAL_MEM_FENCE);
;     out[get_global_id(0)] = t[get_local_size(0) - 1 - l];
;   }
;   kernel void count(global const int *in, local atomic_int *n, global int *out) {
;     if (in[get_global_id(0)] > 0)
;       __opencl_atomic_fetch_add(n, 1, memory_order_relaxed, memory_scope_work_group);
;     barrier(CLK_LOCAL_MEM_FENCE);
;     int zero = 0;
;     __opencl_atomic_compare_exchange_strong(n, &zero, 0, memory_order_relaxed,
;                                             memory_order_relaxed, memory_scope_work_group);
;     out[get_global_id(0)] = zero;
;   }
;   kernel void elsewhere(global float *g, local float *l, int c, global float *out) {
;     float p[4];
;     p[c & 3] = 1.0f;
;     float *q = c ? (float *)g : (float *)l;
;     out[get_global_id(0)] = *q + p[0];
;   }
; The AA run adds LLVM's aa-eval with the scoped no-alias analysis alone, to show what the
; metadata means to LLVM.
; RUN: %opt -passes=weft-address-space-scopes -S %s | FileCheck %s
; RUN: %opt -passes='weft-address-space-scopes,aa-eval' -aa-pipeline=scoped-noalias-aa -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s --check-prefix=AA

; Global and constant loads in one scope, local accesses in the other.
; CHECK-LABEL: define spir_kernel void @stage(
; CHECK: %0 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !{{[0-9]+}}, !alias.scope ![[GLOBAL:[0-9]+]], !noalias ![[LOCAL:[0-9]+]]
; CHECK-NEXT: %1 = load float, ptr addrspace(2) %k, align 4, !tbaa !{{[0-9]+}}, !alias.scope ![[GLOBAL]], !noalias ![[LOCAL]]
; CHECK: store float %mul, ptr addrspace(3) %arrayidx3, align 4, !tbaa !{{[0-9]+}}, !alias.scope ![[LOCAL]], !noalias ![[GLOBAL]]
; CHECK: %2 = load float, ptr addrspace(3) %arrayidx6, align 4, !tbaa !{{[0-9]+}}, !alias.scope ![[LOCAL]], !noalias ![[GLOBAL]]
; CHECK: store float %2, ptr addrspace(1) %arrayidx8, align 4, !tbaa !{{[0-9]+}}, !alias.scope ![[GLOBAL]], !noalias ![[LOCAL]]
; AA-LABEL: Function: stage:
; AA-DAG: NoAlias: %0 = load float, ptr addrspace(1) %arrayidx{{.*}} <-> store float %mul, ptr addrspace(3) %arrayidx3
; AA-DAG: NoAlias: %1 = load float, ptr addrspace(2) %k{{.*}} <-> store float %mul, ptr addrspace(3) %arrayidx3
; AA-DAG: NoAlias: %2 = load float, ptr addrspace(3) %arrayidx6{{.*}} <-> store float %2, ptr addrspace(1) %arrayidx8
; AA-DAG: MayAlias: %0 = load float, ptr addrspace(1) %arrayidx{{.*}} <-> store float %2, ptr addrspace(1) %arrayidx8
; AA-DAG: MayAlias: %2 = load float, ptr addrspace(3) %arrayidx6{{.*}} <-> store float %mul, ptr addrspace(3) %arrayidx3
define spir_kernel void @stage(ptr addrspace(1) align 4 %in, ptr addrspace(2) align 4 %k, ptr addrspace(3) align 4 %t, ptr addrspace(1) align 4 %out) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 0) #2
  %call1 = call i64 @_Z13get_global_idj(i32 0) #2
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %in, i64 %call1
  %0 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !0
  %1 = load float, ptr addrspace(2) %k, align 4, !tbaa !0
  %mul = fmul float %0, %1
  %arrayidx3 = getelementptr inbounds float, ptr addrspace(3) %t, i64 %call
  store float %mul, ptr addrspace(3) %arrayidx3, align 4, !tbaa !0
  call void @_Z7barrierj(i32 1) #3
  %call4 = call i64 @_Z14get_local_sizej(i32 0) #2
  %xor = xor i64 %call, -1
  %sub5 = add i64 %call4, %xor
  %arrayidx6 = getelementptr inbounds float, ptr addrspace(3) %t, i64 %sub5
  %2 = load float, ptr addrspace(3) %arrayidx6, align 4, !tbaa !0
  %arrayidx8 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %call1
  store float %2, ptr addrspace(1) %arrayidx8, align 4, !tbaa !0
  ret void
}

; Atomic read-modify-writes and compare-exchanges on local memory are local accesses. The
; function gets a domain of its own.
; CHECK-LABEL: define spir_kernel void @count(
; CHECK: %0 = load i32, ptr addrspace(1) %arrayidx, align 4, !tbaa !{{[0-9]+}}, !alias.scope ![[GLOBAL2:[0-9]+]], !noalias ![[LOCAL2:[0-9]+]]
; CHECK: %1 = atomicrmw add ptr addrspace(3) %n, i32 1 monotonic, align 4, !alias.scope ![[LOCAL2]], !noalias ![[GLOBAL2]]
; CHECK: %2 = cmpxchg ptr addrspace(3) %n, i32 0, i32 0 monotonic monotonic, align 4, !alias.scope ![[LOCAL2]], !noalias ![[GLOBAL2]]
; CHECK: store i32 %spec.select, ptr addrspace(1) %arrayidx3, align 4, !tbaa !{{[0-9]+}}, !alias.scope ![[GLOBAL2]], !noalias ![[LOCAL2]]
define spir_kernel void @count(ptr addrspace(1) align 4 %in, ptr addrspace(3) align 4 %n, ptr addrspace(1) align 4 %out) #0 {
entry:
  %call = call i64 @_Z13get_global_idj(i32 0) #2
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %call
  %0 = load i32, ptr addrspace(1) %arrayidx, align 4, !tbaa !4
  %cmp = icmp sgt i32 %0, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:
  %1 = atomicrmw add ptr addrspace(3) %n, i32 1 monotonic, align 4
  br label %if.end

if.end:
  call void @_Z7barrierj(i32 1) #3
  %2 = cmpxchg ptr addrspace(3) %n, i32 0, i32 0 monotonic monotonic, align 4
  %3 = extractvalue { i32, i1 } %2, 1
  %4 = extractvalue { i32, i1 } %2, 0
  %spec.select = select i1 %3, i32 0, i32 %4
  %arrayidx3 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %call
  store i32 %spec.select, ptr addrspace(1) %arrayidx3, align 4, !tbaa !4
  ret void
}

; The private array and the generic pointer (global or local, chosen at run time) keep only their
; TBAA; the global store is scoped.
; CHECK-LABEL: define spir_kernel void @elsewhere(
; CHECK: store float 1.000000e+00, ptr %arrayidx, align 4, !tbaa !{{[0-9]+}}{{$}}
; CHECK: %0 = load float, ptr addrspace(4) %cond, align 4, !tbaa !{{[0-9]+}}{{$}}
; CHECK-NEXT: %1 = load float, ptr %p, align 16, !tbaa !{{[0-9]+}}{{$}}
; CHECK: store float %add, ptr addrspace(1) %arrayidx2, align 4, !tbaa !{{[0-9]+}}, !alias.scope ![[GLOBAL3:[0-9]+]], !noalias ![[LOCAL3:[0-9]+]]
define spir_kernel void @elsewhere(ptr addrspace(1) align 4 %g, ptr addrspace(3) align 4 %l, i32 %c, ptr addrspace(1) align 4 %out) #0 {
entry:
  %p = alloca [4 x float], align 16
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %p)
  %and = and i32 %c, 3
  %idxprom = zext i32 %and to i64
  %arrayidx = getelementptr inbounds [4 x float], ptr %p, i64 0, i64 %idxprom
  store float 1.000000e+00, ptr %arrayidx, align 4, !tbaa !0
  %tobool.not = icmp eq i32 %c, 0
  %g.generic = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %l.generic = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %cond = select i1 %tobool.not, ptr addrspace(4) %l.generic, ptr addrspace(4) %g.generic
  %0 = load float, ptr addrspace(4) %cond, align 4, !tbaa !0
  %1 = load float, ptr %p, align 16, !tbaa !0
  %add = fadd float %0, %1
  %call = call i64 @_Z13get_global_idj(i32 0) #2
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %call
  store float %add, ptr addrspace(1) %arrayidx2, align 4, !tbaa !0
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %p)
  ret void
}

; A function with private accesses only (written by hand): nothing to scope.
; CHECK-LABEL: define void @private_only(
; CHECK-NEXT: store i32 %v, ptr %p, align 4{{$}}
; CHECK-NEXT: %r = load i32, ptr %p, align 4{{$}}
define void @private_only(ptr %p, i32 %v) {
  store i32 %v, ptr %p, align 4
  %r = load i32, ptr %p, align 4
  ret void
}

; The scope lists of @stage: one scope each, of one domain.
; CHECK: ![[GLOBAL]] = !{![[GSCOPE:[0-9]+]]}
; CHECK-NEXT: ![[GSCOPE]] = distinct !{![[GSCOPE]], ![[DOMAIN:[0-9]+]], !"global"}
; CHECK-NEXT: ![[DOMAIN]] = distinct !{![[DOMAIN]], !"weft.address-spaces"}
; CHECK-NEXT: ![[LOCAL]] = !{![[LSCOPE:[0-9]+]]}
; CHECK-NEXT: ![[LSCOPE]] = distinct !{![[LSCOPE]], ![[DOMAIN]], !"local"}

declare i64 @_Z12get_local_idj(i32) #1
declare i64 @_Z13get_global_idj(i32) #1
declare i64 @_Z14get_local_sizej(i32) #1
declare void @_Z7barrierj(i32) #1
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

attributes #0 = { convergent norecurse nounwind "target-cpu"="x86-64-v3" }
attributes #1 = { convergent }
attributes #2 = { convergent nounwind readnone willreturn }
attributes #3 = { convergent nounwind }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
!4 = !{!5, !5, i64 0}
!5 = !{!"int", !2, i64 0}
