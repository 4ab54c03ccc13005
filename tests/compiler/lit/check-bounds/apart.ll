; weft-check-bounds with checks of races (module flag weft.check.races): a test before each
; tagged access to local memory (%check.apart, of values the same in the group) that no access
; of another work-item in the access's barrier intervals reaches its bytes; the tags are then set
; and tested only under `__weft_check_unsure(!apart)`, which weft-check-rows folds to false
; in its version of a loop over work-items. Per interval, the accesses to one variable or
; argument fall into classes of one offset shape (steps times the local ids, plus a part the same
; in the group) but for a constant: within a class each step, in increasing order, must be at
; least the class's span plus what the smaller steps cover (llvm.abs of each step against the
; enqueued local sizes); two classes, one writing, must reach ranges of bytes apart over the ids
; their guards let through (llvm.smin / llvm.smax bounds).
; @tile: a read and a write of t[ly][lx], one class (steps 0, 4, 64 in order z, x, y); the
; transposed read after the barrier has no tags at all (its interval writes nothing).
; @pitch: u[ly * n + lx] with int arithmetic (a sign extension of a sum and a product, taken
; apart where they fit 32 bits over the ids): steps not constant, so in the order x, y, z.
; @shifted: s[l] and s[l + h] in one interval, two classes: apart while h is at least the group.
; @reduce: a tree reduction, `if (l < s) t[l] += t[l + s]` with a barrier in each round: its
; ranges bounded by the guard's s (a PHI of the loop, whose every round waits at the barrier);
; the final `if (l == 0) r = t[0]` joins t[l]'s class.
; @unsteady: the same without the barrier in the loop: s changes within one interval, no test.
; RUN: %opt -passes=weft-check-bounds -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@k.ta = internal addrspace(3) global [16 x [16 x float]] undef, align 4

declare void @_Z7barrierj(i32)
declare i64 @_Z12get_local_idj(i32)
declare i64 @_Z14get_local_sizej(i32)

; CHECK-LABEL: define spir_kernel void @tile(
; CHECK:      call i64 @_Z23get_enqueued_local_sizej(i32 0)
; CHECK:      call i64 @llvm.abs.i64(i64 0, i1 false)
; CHECK:      call i64 @llvm.abs.i64(i64 4, i1 false)
; CHECK:      call i64 @llvm.abs.i64(i64 64, i1 false)
; CHECK:      %check.apart = and i1
; CHECK:      %[[NOT:.*]] = xor i1 %check.apart, true
; CHECK-NEXT: %check.shared = call i1 @__weft_check_unsure(i1 %[[NOT]])
; CHECK-NEXT: br i1 %check.shared, label %[[TAGS:.*]], label %{{.*}}
; CHECK:      [[TAGS]]:
; CHECK:      load <4 x i32>, {{.*}}!weft.race-tag
; CHECK:      %old = load float
; CHECK:      %check.apart{{[0-9]+}} = and i1
; CHECK:      call i1 @__weft_check_unsure(i1 %
; CHECK:      store <4 x i32> {{.*}}!weft.race-tag
; CHECK:      store float %new
; CHECK:      call void @_Z7barrierj(i32 1)
; CHECK-NOT:  !weft.race-tag
; CHECK:      ret void
define spir_kernel void @tile(ptr addrspace(1) %out, float %v) {
  %lx = call i64 @_Z12get_local_idj(i32 0)
  %ly = call i64 @_Z12get_local_idj(i32 1)
  %x32 = trunc i64 %lx to i32
  %y32 = trunc i64 %ly to i32
  %x = sext i32 %x32 to i64
  %y = sext i32 %y32 to i64
  %mine = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @k.ta, i64 0, i64 %y, i64 %x
  %old = load float, ptr addrspace(3) %mine, align 4
  %new = fadd float %old, %v
  store float %new, ptr addrspace(3) %mine, align 4
  call void @_Z7barrierj(i32 1)
  %other = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @k.ta, i64 0, i64 %x, i64 %y
  %w = load float, ptr addrspace(3) %other, align 4
  store float %w, ptr addrspace(1) %out, align 4
  ret void
}

; The int sum and product fit 32 bits over the ids (then the sign extension of each is the sum or
; product of the extended parts); then the steps.
; CHECK-LABEL: define spir_kernel void @pitch(
; CHECK:      sext i32 %n to i64
; CHECK:      icmp slt i64 %{{.*}}, 2147483648
; CHECK-NEXT: icmp sge i64 %{{.*}}, -2147483648
; CHECK:      call i64 @llvm.abs.i64(i64 4, i1 false)
; CHECK:      call i64 @llvm.abs.i64(i64 %{{.*}}, i1 false)
; CHECK:      call i64 @llvm.abs.i64(i64 0, i1 false)
; CHECK:      %check.apart = and i1
; CHECK:      %check.shared = call i1 @__weft_check_unsure(i1 %
; CHECK:      store <4 x i32> {{.*}}!weft.race-tag
; CHECK:      ret void
define spir_kernel void @pitch(ptr addrspace(1) %out, ptr addrspace(3) %u, i32 %n, float %v) {
  %lx = call i64 @_Z12get_local_idj(i32 0)
  %ly = call i64 @_Z12get_local_idj(i32 1)
  %x32 = trunc i64 %lx to i32
  %y32 = trunc i64 %ly to i32
  %row = mul nsw i32 %y32, %n
  %i = add nsw i32 %row, %x32
  %ie = sext i32 %i to i64
  %mine = getelementptr inbounds float, ptr addrspace(3) %u, i64 %ie
  store float %v, ptr addrspace(3) %mine, align 4
  ret void
}

; Two classes: ranges compared (the low end of each against the high end of the other).
; CHECK-LABEL: define spir_kernel void @shifted(
; CHECK:      call i64 @llvm.smin.i64(
; CHECK:      call i64 @llvm.smax.i64(
; CHECK:      %[[BELOW:.*]] = icmp sle i64 %{{[0-9]+}}, %{{[0-9]+}}
; CHECK-NEXT: %[[ABOVE:.*]] = icmp sle i64 %{{[0-9]+}}, %{{[0-9]+}}
; CHECK-NEXT: %[[APART:.*]] = or i1 %[[ABOVE]], %[[BELOW]]
; CHECK-NEXT: %check.apart = and i1 %{{.*}}, %[[APART]]
; CHECK:      %check.shared = call i1 @__weft_check_unsure(i1 %
; CHECK:      store <4 x i32> {{.*}}!weft.race-tag
; CHECK:      ret void
define spir_kernel void @shifted(ptr addrspace(1) %out, ptr addrspace(3) %s, i64 %h, float %v) {
  %l = call i64 @_Z12get_local_idj(i32 0)
  %mine = getelementptr inbounds float, ptr addrspace(3) %s, i64 %l
  store float %v, ptr addrspace(3) %mine, align 4
  %lh = add i64 %l, %h
  %theirs = getelementptr inbounds float, ptr addrspace(3) %s, i64 %lh
  %w = load float, ptr addrspace(3) %theirs, align 4
  store float %w, ptr addrspace(1) %out, align 4
  ret void
}

; The guard's bound in the ranges: the ids below s (an unsigned bound, taken at most 2^62).
; CHECK-LABEL: define spir_kernel void @reduce(
; CHECK:      add:
; CHECK:      %[[BOUND:.*]] = call i64 @llvm.umin.i64(i64 %s, i64 4611686018427387904)
; CHECK:      call i64 @llvm.smin.i64(i64 %{{.*}}, i64 %[[BOUND]])
; CHECK:      %check.apart{{[0-9]*}} = and i1
; CHECK:      %check.shared{{[0-9]*}} = call i1 @__weft_check_unsure(i1 %
; CHECK:      %a = load float
; CHECK:      write:
; CHECK:      %check.apart{{[0-9]*}} = and i1
; CHECK:      %r = load float
; CHECK:      ret void
define spir_kernel void @reduce(ptr addrspace(1) %out, ptr addrspace(3) %t, float %v) {
entry:
  %l = call i64 @_Z12get_local_idj(i32 0)
  %mine = getelementptr inbounds float, ptr addrspace(3) %t, i64 %l
  store float %v, ptr addrspace(3) %mine, align 4
  call void @_Z7barrierj(i32 1)
  %n = call i64 @_Z14get_local_sizej(i32 0)
  br label %loop

loop:
  %s.in = phi i64 [ %n, %entry ], [ %s, %next ]
  %s = lshr i64 %s.in, 1
  %more = icmp ugt i64 %s.in, 1
  br i1 %more, label %body, label %done

body:
  %active = icmp ult i64 %l, %s
  br i1 %active, label %add, label %next

add:
  %ls = add i64 %l, %s
  %theirs = getelementptr inbounds float, ptr addrspace(3) %t, i64 %ls
  %a = load float, ptr addrspace(3) %theirs, align 4
  %b = load float, ptr addrspace(3) %mine, align 4
  %sum = fadd float %a, %b
  store float %sum, ptr addrspace(3) %mine, align 4
  br label %next

next:
  call void @_Z7barrierj(i32 1)
  br label %loop

done:
  %first = icmp eq i64 %l, 0
  br i1 %first, label %write, label %end

write:
  %r = load float, ptr addrspace(3) %t, align 4
  store float %r, ptr addrspace(1) %out, align 4
  br label %end

end:
  ret void
}

; CHECK-LABEL: define spir_kernel void @unsteady(
; CHECK-NOT:  check.apart
; CHECK:      load <4 x i32>, {{.*}}!weft.race-tag
; CHECK-NOT:  check.apart
; CHECK:      ret void
define spir_kernel void @unsteady(ptr addrspace(1) %out, ptr addrspace(3) %t, float %v) {
entry:
  %l = call i64 @_Z12get_local_idj(i32 0)
  %mine = getelementptr inbounds float, ptr addrspace(3) %t, i64 %l
  store float %v, ptr addrspace(3) %mine, align 4
  call void @_Z7barrierj(i32 1)
  %n = call i64 @_Z14get_local_sizej(i32 0)
  br label %loop

loop:
  %s.in = phi i64 [ %n, %entry ], [ %s, %next ]
  %s = lshr i64 %s.in, 1
  %more = icmp ugt i64 %s.in, 1
  br i1 %more, label %body, label %done

body:
  %active = icmp ult i64 %l, %s
  br i1 %active, label %add, label %next

add:
  %ls = add i64 %l, %s
  %theirs = getelementptr inbounds float, ptr addrspace(3) %t, i64 %ls
  %a = load float, ptr addrspace(3) %theirs, align 4
  %b = load float, ptr addrspace(3) %mine, align 4
  %sum = fadd float %a, %b
  store float %sum, ptr addrspace(3) %mine, align 4
  br label %next

next:
  br label %loop

done:
  call void @_Z7barrierj(i32 1)
  %r = load float, ptr addrspace(3) %t, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"weft.check.races", i32 1}
