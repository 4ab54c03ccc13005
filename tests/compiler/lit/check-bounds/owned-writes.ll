; weft-check-bounds with checks of races: the stores the work-group's own code makes (under
; __weft_first_work_item(): an async copy in the kernel) clear their bytes' writers only where the
; work-items' tagged accesses read the tags of that array. @k.t's copy is read after the barrier
; alone (reads of an interval that writes nothing of it: no tags), so its copy stores no tags and
; the kernel gets no tags at all; @k.u's copy is read in its own interval (tagged), so its tags
; are cleared.
; RUN: %opt -passes=weft-check-bounds -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@k.t = internal addrspace(3) global [64 x float] undef, align 4
@k.u = internal addrspace(3) global [64 x float] undef, align 4

declare void @_Z7barrierj(i32)
declare i1 @__weft_first_work_item()

; CHECK-LABEL: define spir_kernel void @unread(
; CHECK-NOT:  !weft.race-tag
; CHECK:      store <2 x float> %c, ptr addrspace(3) @k.t
; CHECK-NOT:  !weft.race-tag
; CHECK:      ret void
define spir_kernel void @unread(ptr addrspace(1) %out, i64 %i, ptr addrspace(1) %in) {
  %first = call i1 @__weft_first_work_item()
  br i1 %first, label %copy, label %after

copy:
  %c = load <2 x float>, ptr addrspace(1) %in, align 8
  store <2 x float> %c, ptr addrspace(3) @k.t, align 4
  br label %after

after:
  call void @_Z7barrierj(i32 1)
  %tj = getelementptr inbounds [64 x float], ptr addrspace(3) @k.t, i64 0, i64 %i
  %w = load float, ptr addrspace(3) %tj, align 4
  store float %w, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: define spir_kernel void @read(
; CHECK:      copy:
; CHECK:      store i256 0, ptr %{{.*}}, !weft.race-tag
; CHECK-NEXT: store <2 x float> %c, ptr addrspace(3) @k.u
; CHECK:      load <4 x i32>, {{.*}}!weft.race-tag
; CHECK:      %w = load float, ptr addrspace(3) %uj
; CHECK:      ret void
define spir_kernel void @read(ptr addrspace(1) %out, i64 %i, ptr addrspace(1) %in) {
  %first = call i1 @__weft_first_work_item()
  br i1 %first, label %copy, label %after

copy:
  %c = load <2 x float>, ptr addrspace(1) %in, align 8
  store <2 x float> %c, ptr addrspace(3) @k.u, align 4
  br label %after

after:
  %uj = getelementptr inbounds [64 x float], ptr addrspace(3) @k.u, i64 0, i64 %i
  %w = load float, ptr addrspace(3) %uj, align 4
  store float %w, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK:      attributes #{{[0-9]+}} = { "weft-tags-local" }
; CHECK-NOT:  attributes #{{[0-9]+}} = { "weft-tags-local" }

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"weft.check.races", i32 1}
