; weft-check-rows: an innermost loop that is no loop over work-items (work-item 0's copy loop of a
; small async copy, a work-item's loop over a tile) runs in two versions as well: when its tests'
; offsets, affine in it, lie within their arguments' memory over the whole loop (computed before
; it), a copy with the tests folded away; else the loop as it was, the tests lowered.
; RUN: %opt -passes=weft-check-rows -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i1 @__weft_check_refused(i64, i64, i1) #0

; CHECK-LABEL: define void @copy_loop(
; CHECK:      icmp ule i64 %{{.*}}, %last
; CHECK:      icmp sge i64 %{{.*}}, 0
; CHECK:      br i1 %{{.*}}, label %check.rows.outside.check.inside, label %check.rows.outside
; The copy: the element copied unguarded.
; CHECK:      copy.check.inside:
; CHECK-NOT:  icmp ugt
; CHECK:      %v.check.inside = load float, ptr addrspace(1) %from.check.inside, align 4
; CHECK:      store float %v.check.inside, ptr addrspace(3) %to.check.inside, align 4
; The original: the test lowered, the load guarded.
; CHECK:      copy:
; CHECK:      %[[T:.*]] = icmp ugt i64 %offset, %last
; CHECK-NEXT: %refused = or i1 %[[T]], %short
; CHECK-NEXT: br i1 %refused, label %next, label %load
; CHECK-NOT:  call i1 @__weft_check_refused
define void @copy_loop(ptr addrspace(1) %src, ptr addrspace(3) %dst, i64 %n, i64 %last, i1 %short) {
entry:
  %any = icmp ugt i64 %n, 0
  br i1 %any, label %copy, label %exit

copy:
  %i = phi i64 [ 0, %entry ], [ %i.next, %next ]
  %from = getelementptr inbounds float, ptr addrspace(1) %src, i64 %i
  %offset = shl i64 %i, 2
  %refused = call i1 @__weft_check_refused(i64 %offset, i64 %last, i1 %short)
  br i1 %refused, label %next, label %load

load:
  %v = load float, ptr addrspace(1) %from, align 4
  %to = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %i
  store float %v, ptr addrspace(3) %to, align 4
  br label %next

next:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %copy

exit:
  ret void
}

attributes #0 = { nounwind readnone speculatable willreturn }
