; weft-group-stride-loops: a loop whose index starts at get_local_id(0) (plus a constant), steps by
; get_local_size(0) and is tested at the top becomes, in work-item x == 0, a loop over every index
; one by one; the other work-items skip it. Loops that carry another value, use the local id, run
; under a branch on it, hand a value on, touch private memory, call printf or write in their
; header stay as they are, and so does a loop after an access since the last barrier that its own
; accesses may conflict with (buffers and local memory count apart). The input is Clang 15's output
; (after Weft's clean-up passes) for the kernels of this OpenCL C:
;   kernel void collapsed(global const float *in, global float *out, uint n) {
;     size_t l = get_local_id(0), L = get_local_size(0);
;     for (uint i = l; i < n; i += L) out[i] = in[i] * 2.0f;
;   }
;   kernel void two_loops_offset(global float *a, global float *b, int n) {
;     for (int i = get_local_id(0) + 1; i < n; i += get_local_size(0)) a[i] = a[i] + 1.0f;
;     for (int i = get_local_id(0); i <= n; i += get_local_size(0)) b[i] = a[i];
;   }
;   kernel void after_barrier(global float *a, global float *b, uint n) {
;     a[get_local_id(0)] = 0.0f;
;     barrier(CLK_GLOBAL_MEM_FENCE);
;     for (uint i = get_local_id(0); i < n; i += get_local_size(0)) b[i] = a[i];
;   }
;   kernel void accumulates(global const float *in, global float *out, uint n) {
;     float sum = 0.0f;
;     for (uint i = get_local_id(0); i < n; i += get_local_size(0)) sum += in[i];
;     out[get_local_id(0)] = sum;
;   }
;   kernel void uses_local_id(global float *out, uint n) {
;     for (uint i = get_local_id(0); i < n; i += get_local_size(0)) out[i] = get_local_id(0);
;   }
;   kernel void under_divergent_branch(global float *out, uint n) {
;     if (get_local_id(0) < 3)
;       for (uint i = get_local_id(0); i < n; i += get_local_size(0)) out[i] = 1.0f;
;   }
;   kernel void store_before(global float *a, uint n) {
;     a[get_local_id(0)] = 0.0f;
;     for (uint i = get_local_id(0); i < n; i += get_local_size(0)) a[i] += 1.0f;
;   }
;   kernel void other_dimension(global float *out, uint n) {
;     for (uint i = get_local_id(0); i < n; i += get_local_size(1)) out[i] = 1.0f;
;   }
;   kernel void index_after(global uint *out, uint n) {
;     uint i;
;     for (i = get_local_id(0); i < n; i += get_local_size(0)) out[i] = 1;
;     out[n + get_local_id(0)] = i;
;   }
;   kernel void private_array(global float *out, uint n, uint k) {
;     float t[4];
;     for (uint i = get_local_id(0); i < n; i += get_local_size(0)) {
;       for (int j = 0; j < 4; ++j) t[j] = out[i + j];
;       out[i] = t[k & 3];
;     }
;   }
;   kernel void prints(uint n) {
;     for (uint i = get_local_id(0); i < n; i += get_local_size(0)) printf("%u\n", i);
;   }
;   kernel void reads_buffer_before(global const float *scale, local float *t, global float *out,
;                                   uint n) {
;     float s = scale[0];
;     for (uint i = get_local_id(0); i < n; i += get_local_size(0)) t[i] = s;
;     barrier(CLK_LOCAL_MEM_FENCE);
;     out[get_local_id(0)] = t[get_local_id(0)];
;   }
;   kernel void reads_local_before(local float *t, uint n) {
;     float s = t[0];
;     for (uint i = get_local_id(0); i < n; i += get_local_size(0)) t[i] = s;
;   }
;   kernel void atomic_bound(global atomic_uint *count, local float *t) {
;     uint n = atomic_load_explicit(count, memory_order_relaxed);
;     for (uint i = get_local_id(0); i < n; i += get_local_size(0)) t[i] = 1.0f;
;   }
;   kernel void header_writes(global uint *out, uint n) {
;     uint i;
;     for (i = get_local_id(0); (out[n + (i & 3)] = i) < n; i += get_local_size(0)) out[i] = 1;
;   }
;   kernel void unsigned_sign_extended(global float *out, uint n) {
;     for (uint i = get_local_id(0); i < n; i += get_local_size(0)) out[(int)i] = 1.0f;
;   }
;   kernel void bound_in_test(local float *t, uint w, uint h) {
;     for (uint i = get_local_id(0); i < w * h; i += get_local_size(0)) t[i] = t[i] * 2.0f;
;   }
;   kernel void bound_read_in_test(global const uint *n, global float *out) {
;     for (uint i = get_local_id(0); i < n[0]; i += get_local_size(0)) out[i] = 1.0f;
;   }
; RUN: %opt -passes='function(loop-simplify,weft-group-stride-loops)' -S %s | FileCheck %s

; CHECK-LABEL: define {{.*}} @collapsed(
; CHECK: %x = call i64 @_Z12get_local_idj(i32 noundef 0)
; CHECK-NEXT: %first.in.x = icmp eq i64 %x, 0
; CHECK-NEXT: br i1 %first.in.x, label %for.cond, label %for.end
; CHECK: for.cond:
; CHECK-NEXT: %[[I:.*]] = phi i64 [ 0, %entry ], [ %[[NEXT:.*]], %for.body ]
; The index steps by one from itself, not from its masked form (which the body still uses):
; a plain induction variable, which LLVM's vectorizer needs.
; Below a strict bound the index fits its 32 bits: the body takes it where it took it masked
; (ScalarEvolution follows it). The loop runs what the row's work-items ran, a row for
; weft-combine-atomics.
; CHECK: for.body:
; CHECK: %arrayidx = getelementptr inbounds float, ptr addrspace(1) %in, i64 %[[I]]
; CHECK: %arrayidx4 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %[[I]]
; CHECK: %[[NEXT]] = add i64 %[[I]], 1
; CHECK: br label %for.cond, !llvm.loop ![[ROW:[0-9]+]]
; CHECK: for.end:
; CHECK-NEXT: ret void

; Both loops, the first from 1: the second comes after the first, which is work-item 0's now.
; CHECK-LABEL: define {{.*}} @two_loops_offset(
; CHECK: br i1 %first.in.x, label %for.cond, label %for.cond12.preheader
; CHECK: phi i32 [ 1, %entry ], [ %i.0.next, %for.body ]
; CHECK: for.cond12.preheader:
; CHECK: br i1 %first.in.x{{.*}}, label %for.cond12, label %for.end26
; CHECK: phi i64 [ %i9.0.in.next, %for.body16 ], [ 0, %for.cond12.preheader ]
; With <=, the body keeps the index narrowed and widened again (the bound may be the largest
; value).
; CHECK: %[[WIDENED:.*]] = ashr exact i64 %sext, 32
; CHECK: getelementptr inbounds float, ptr addrspace(1) %b, i64 %[[WIDENED]]
; CHECK: %i9.0.in.next = add i64 %i9.0.in, 1

; The store before the barrier is in another region.
; CHECK-LABEL: define {{.*}} @after_barrier(
; CHECK: call void @_Z7barrierj
; CHECK: %first.in.x = icmp eq i64 %x, 0

; CHECK-LABEL: define {{.*}} @accumulates(
; CHECK-NOT: first.in.x
; CHECK-LABEL: define {{.*}} @uses_local_id(
; CHECK-NOT: first.in.x
; CHECK-LABEL: define {{.*}} @under_divergent_branch(
; CHECK-NOT: first.in.x
; CHECK-LABEL: define {{.*}} @store_before(
; CHECK-NOT: first.in.x
; CHECK-LABEL: define {{.*}} @other_dimension(
; CHECK-NOT: first.in.x
; CHECK-LABEL: define {{.*}} @index_after(
; CHECK-NOT: first.in.x
; CHECK-LABEL: define {{.*}} @private_array(
; CHECK-NOT: first.in.x
; CHECK-LABEL: define {{.*}} @prints(
; CHECK-NOT: first.in.x

; A read of a buffer before a loop that writes only local memory cannot conflict with it.
; CHECK-LABEL: define {{.*}} @reads_buffer_before(
; CHECK: %first.in.x = icmp eq i64 %x, 0
; CHECK-LABEL: define {{.*}} @reads_local_before(
; CHECK-NOT: first.in.x
; An atomic load is not uniform (other work-items' atomics may change what each reads): a bound
; read by one is each work-item's own, unlike `reads_buffer_before`'s plain load.
; CHECK-LABEL: define {{.*}} @atomic_bound(
; CHECK-NOT: first.in.x
; The header runs once more than the body: a store there would run a different number of times.
; CHECK-LABEL: define {{.*}} @header_writes(
; CHECK-NOT: first.in.x
; Below an unsigned bound the index may pass 2^31: its sign-extension is not the index.
; CHECK-LABEL: define {{.*}} @unsigned_sign_extended(
; CHECK: %first.in.x = icmp eq i64 %x, 0
; CHECK: %[[SEXT:.*]] = ashr exact i64 %sext, 32
; CHECK-NEXT: getelementptr inbounds float, ptr addrspace(1) %out, i64 %[[SEXT]]

; A bound Clang computes in the loop's test (LICM has not run) moves before the loop; one read
; from memory there stays, and so does the loop.
; CHECK-LABEL: define {{.*}} @bound_in_test(
; CHECK: %mul = mul i32 %w, %h
; CHECK: %first.in.x = icmp eq i64 %x, 0
; CHECK: for.cond:
; CHECK-NOT: mul i32
; CHECK: icmp ult i32 %{{.*}}, %mul
; CHECK-LABEL: define {{.*}} @bound_read_in_test(
; CHECK-NOT: first.in.x

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.str = private unnamed_addr addrspace(2) constant [4 x i8] c"%u\0A\00", align 1

define dso_local spir_kernel void @collapsed(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  %call1 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idxprom
  %0 = load float, ptr addrspace(1) %arrayidx, align 4
  %mul = fmul float %0, 2.000000e+00
  %arrayidx4 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idxprom
  store float %mul, ptr addrspace(1) %arrayidx4, align 4
  %add = add i64 %idxprom, %call1
  br label %for.cond

for.end:                                          ; preds = %for.cond
  ret void
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare i64 @_Z12get_local_idj(i32 noundef) #2

declare i64 @_Z14get_local_sizej(i32 noundef) #2

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

define dso_local spir_kernel void @two_loops_offset(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %b, i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  %0 = trunc i64 %call to i32
  %conv = add i32 %0, 1
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0 = phi i32 [ %conv, %entry ], [ %conv8, %for.body ]
  %cmp = icmp slt i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.cond12

for.body:                                         ; preds = %for.cond
  %idxprom = sext i32 %i.0 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %a, i64 %idxprom
  %1 = load float, ptr addrspace(1) %arrayidx, align 4
  %add2 = fadd float %1, 1.000000e+00
  store float %add2, ptr addrspace(1) %arrayidx, align 4
  %call5 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %2 = trunc i64 %call5 to i32
  %conv8 = add i32 %i.0, %2
  br label %for.cond

for.cond12:                                       ; preds = %for.cond, %for.body16
  %i9.0.in = phi i64 [ %add24, %for.body16 ], [ %call, %for.cond ]
  %i9.0 = trunc i64 %i9.0.in to i32
  %cmp13.not = icmp sgt i32 %i9.0, %n
  br i1 %cmp13.not, label %for.end26, label %for.body16

for.body16:                                       ; preds = %for.cond12
  %sext = shl i64 %i9.0.in, 32
  %idxprom17 = ashr exact i64 %sext, 32
  %arrayidx18 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %idxprom17
  %3 = load float, ptr addrspace(1) %arrayidx18, align 4
  %arrayidx20 = getelementptr inbounds float, ptr addrspace(1) %b, i64 %idxprom17
  store float %3, ptr addrspace(1) %arrayidx20, align 4
  %call22 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %add24 = add i64 %idxprom17, %call22
  br label %for.cond12

for.end26:                                        ; preds = %for.cond12
  ret void
}

define dso_local spir_kernel void @after_barrier(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %b, i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %a, i64 %call
  store float 0.000000e+00, ptr addrspace(1) %arrayidx, align 4
  call void @_Z7barrierj(i32 noundef 2) #5
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx3 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %idxprom
  %0 = load float, ptr addrspace(1) %arrayidx3, align 4
  %arrayidx5 = getelementptr inbounds float, ptr addrspace(1) %b, i64 %idxprom
  store float %0, ptr addrspace(1) %arrayidx5, align 4
  %call6 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %add = add i64 %idxprom, %call6
  br label %for.cond

for.end:                                          ; preds = %for.cond
  ret void
}

declare void @_Z7barrierj(i32 noundef) #3

define dso_local spir_kernel void @accumulates(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %sum.0 = phi float [ 0.000000e+00, %entry ], [ %add, %for.inc ]
  %i.0.in = phi i64 [ %call, %entry ], [ %add4, %for.inc ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.inc, label %for.end

for.inc:                                          ; preds = %for.cond
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idxprom
  %0 = load float, ptr addrspace(1) %arrayidx, align 4
  %add = fadd float %sum.0, %0
  %call2 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %add4 = add i64 %idxprom, %call2
  br label %for.cond

for.end:                                          ; preds = %for.cond
  %arrayidx7 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %call
  store float %sum.0, ptr addrspace(1) %arrayidx7, align 4
  ret void
}

define dso_local spir_kernel void @uses_local_id(ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %conv3 = uitofp i64 %call to float
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idxprom
  store float %conv3, ptr addrspace(1) %arrayidx, align 4
  %call4 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %add = add i64 %idxprom, %call4
  br label %for.cond

for.end:                                          ; preds = %for.cond
  ret void
}

define dso_local spir_kernel void @under_divergent_branch(ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  %cmp = icmp ult i64 %call, 3
  br i1 %cmp, label %for.cond, label %if.end

for.cond:                                         ; preds = %entry, %for.body
  %i.0.in = phi i64 [ %add, %for.body ], [ %call, %entry ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp2 = icmp ult i32 %i.0, %n
  br i1 %cmp2, label %for.body, label %if.end

for.body:                                         ; preds = %for.cond
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idxprom
  store float 1.000000e+00, ptr addrspace(1) %arrayidx, align 4
  %call4 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %add = add i64 %idxprom, %call4
  br label %for.cond

if.end:                                           ; preds = %for.cond, %entry
  ret void
}

define dso_local spir_kernel void @store_before(ptr addrspace(1) noundef align 4 %a, i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %a, i64 %call
  store float 0.000000e+00, ptr addrspace(1) %arrayidx, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add6, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx3 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %idxprom
  %0 = load float, ptr addrspace(1) %arrayidx3, align 4
  %add = fadd float %0, 1.000000e+00
  store float %add, ptr addrspace(1) %arrayidx3, align 4
  %call4 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %add6 = add i64 %idxprom, %call4
  br label %for.cond

for.end:                                          ; preds = %for.cond
  ret void
}

define dso_local spir_kernel void @other_dimension(ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idxprom
  store float 1.000000e+00, ptr addrspace(1) %arrayidx, align 4
  %call2 = call i64 @_Z14get_local_sizej(i32 noundef 1) #4
  %add = add i64 %idxprom, %call2
  br label %for.cond

for.end:                                          ; preds = %for.cond
  ret void
}

define dso_local spir_kernel void @index_after(ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idxprom
  store i32 1, ptr addrspace(1) %arrayidx, align 4
  %call2 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %add = add i64 %idxprom, %call2
  br label %for.cond

for.end:                                          ; preds = %for.cond
  %conv5 = zext i32 %n to i64
  %add7 = add i64 %call, %conv5
  %arrayidx8 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %add7
  store i32 %i.0, ptr addrspace(1) %arrayidx8, align 4
  ret void
}

define dso_local spir_kernel void @private_array(ptr addrspace(1) noundef align 4 %out, i32 noundef %n, i32 noundef %k) #0 {
entry:
  %t = alloca [4 x float], align 16
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %t) #6
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  br label %for.cond

for.cond:                                         ; preds = %for.end, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add16, %for.end ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.cond2, label %for.end18

for.cond2:                                        ; preds = %for.cond, %for.body6
  %j.0 = phi i32 [ %inc, %for.body6 ], [ 0, %for.cond ]
  %cmp3 = icmp ult i32 %j.0, 4
  br i1 %cmp3, label %for.body6, label %for.end

for.body6:                                        ; preds = %for.cond2
  %add = add i32 %j.0, %i.0
  %idxprom = zext i32 %add to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idxprom
  %0 = load float, ptr addrspace(1) %arrayidx, align 4
  %idxprom7 = zext i32 %j.0 to i64
  %arrayidx8 = getelementptr inbounds [4 x float], ptr %t, i64 0, i64 %idxprom7
  store float %0, ptr %arrayidx8, align 4
  %inc = add nuw nsw i32 %j.0, 1
  br label %for.cond2

for.end:                                          ; preds = %for.cond2
  %and = and i32 %k, 3
  %idxprom9 = zext i32 %and to i64
  %arrayidx10 = getelementptr inbounds [4 x float], ptr %t, i64 0, i64 %idxprom9
  %1 = load float, ptr %arrayidx10, align 4
  %idxprom11 = and i64 %i.0.in, 4294967295
  %arrayidx12 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idxprom11
  store float %1, ptr addrspace(1) %arrayidx12, align 4
  %call14 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %add16 = add i64 %idxprom11, %call14
  br label %for.cond

for.end18:                                        ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %t) #6
  ret void
}

define dso_local spir_kernel void @prints(i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %call2 = call i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) noundef @.str, i32 noundef %i.0) #5
  %call3 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %conv4 = and i64 %i.0.in, 4294967295
  %add = add i64 %conv4, %call3
  br label %for.cond

for.end:                                          ; preds = %for.cond
  ret void
}

declare i32 @printf(ptr addrspace(2) noundef, ...) #3

define dso_local spir_kernel void @reads_buffer_before(ptr addrspace(1) noundef align 4 %scale, ptr addrspace(3) noundef align 4 %t, ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 {
entry:
  %0 = load float, ptr addrspace(1) %scale, align 4
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(3) %t, i64 %idxprom
  store float %0, ptr addrspace(3) %arrayidx2, align 4
  %call3 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %add = add i64 %idxprom, %call3
  br label %for.cond

for.end:                                          ; preds = %for.cond
  call void @_Z7barrierj(i32 noundef 1) #5
  %arrayidx7 = getelementptr inbounds float, ptr addrspace(3) %t, i64 %call
  %1 = load float, ptr addrspace(3) %arrayidx7, align 4
  %arrayidx9 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %call
  store float %1, ptr addrspace(1) %arrayidx9, align 4
  ret void
}

define dso_local spir_kernel void @reads_local_before(ptr addrspace(3) noundef align 4 %t, i32 noundef %n) #0 {
entry:
  %0 = load float, ptr addrspace(3) %t, align 4
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(3) %t, i64 %idxprom
  store float %0, ptr addrspace(3) %arrayidx2, align 4
  %call3 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %add = add i64 %idxprom, %call3
  br label %for.cond

for.end:                                          ; preds = %for.cond
  ret void
}

define dso_local spir_kernel void @atomic_bound(ptr addrspace(1) noundef align 4 %count, ptr addrspace(3) noundef align 4 %t) #0 {
entry:
  %n = load atomic i32, ptr addrspace(1) %count monotonic, align 4
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(3) %t, i64 %idxprom
  store float 1.000000e+00, ptr addrspace(3) %arrayidx2, align 4
  %call3 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %add = add i64 %idxprom, %call3
  br label %for.cond

for.end:                                          ; preds = %for.cond
  ret void
}

define dso_local spir_kernel void @header_writes(ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add6, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %and = and i32 %i.0, 3
  %add = add i32 %and, %n
  %idxprom = zext i32 %add to i64
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idxprom
  store i32 %i.0, ptr addrspace(1) %arrayidx, align 4
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %idxprom2 = and i64 %i.0.in, 4294967295
  %arrayidx3 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idxprom2
  store i32 1, ptr addrspace(1) %arrayidx3, align 4
  %call4 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %add6 = add i64 %idxprom2, %call4
  br label %for.cond

for.end:                                          ; preds = %for.cond
  ret void
}

define dso_local spir_kernel void @unsigned_sign_extended(ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %cmp = icmp ult i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %sext = shl i64 %i.0.in, 32
  %idxprom = ashr exact i64 %sext, 32
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idxprom
  store float 1.000000e+00, ptr addrspace(1) %arrayidx, align 4
  %call2 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %conv3 = and i64 %i.0.in, 4294967295
  %add = add i64 %conv3, %call2
  br label %for.cond

for.end:                                          ; preds = %for.cond
  ret void
}

define dso_local spir_kernel void @bound_in_test(ptr addrspace(3) noundef align 4 %t, i32 noundef %w, i32 noundef %h) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %mul = mul i32 %w, %h
  %cmp = icmp ult i32 %i.0, %mul
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx = getelementptr inbounds float, ptr addrspace(3) %t, i64 %idxprom
  %0 = load float, ptr addrspace(3) %arrayidx, align 4
  %mul2 = fmul float %0, 2.000000e+00
  store float %mul2, ptr addrspace(3) %arrayidx, align 4
  %call3 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %add = add i64 %idxprom, %call3
  br label %for.cond

for.end:                                          ; preds = %for.cond
  ret void
}

define dso_local spir_kernel void @bound_read_in_test(ptr addrspace(1) noundef align 4 %n, ptr addrspace(1) noundef align 4 %out) #0 {
entry:
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0.in = phi i64 [ %call, %entry ], [ %add, %for.body ]
  %i.0 = trunc i64 %i.0.in to i32
  %0 = load i32, ptr addrspace(1) %n, align 4
  %cmp = icmp ult i32 %i.0, %0
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %idxprom = and i64 %i.0.in, 4294967295
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idxprom
  store float 1.000000e+00, ptr addrspace(1) %arrayidx, align 4
  %call2 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %add = add i64 %idxprom, %call2
  br label %for.cond

for.end:                                          ; preds = %for.cond
  ret void
}

attributes #0 = { convergent norecurse nounwind }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn }
attributes #3 = { convergent }
attributes #4 = { convergent nounwind readnone willreturn }
attributes #5 = { convergent nounwind }
attributes #6 = { nounwind }

; CHECK: ![[ROW]] = distinct !{![[ROW]], ![[OPTION:[0-9]+]]}
; CHECK: ![[OPTION]] = !{!"weft.loop.collapsed_row"}
