; weft-check-rows: besides the loops over work-items, the loops weft-group-stride-loops made of a
; row's loops over ids are versioned: a collapsed loop over local ids (innermost, marked
; weft.loop.collapsed_row), and the loop over one block inside a collapsed loop over a row's
; blocks (its trip count changes from block to block, so its range is known only before it),
; not that outer loop.
; RUN: %opt -passes=weft-check-rows -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i1 @__weft_check_refused(i64, i64, i1) #0

; CHECK-LABEL: define void @locals(
; CHECK:      br i1 %{{.*}}, label %check.rows.outside.check.inside, label %check.rows.outside
; CHECK:      row.check.inside:
; CHECK-NOT:  __weft_check_refused
; CHECK:      %v.check.inside = load float, ptr addrspace(1) %at.check.inside, align 4
define void @locals(ptr addrspace(1) %a, i64 %n, i64 %last, i1 %short, ptr %out) {
entry:
  br label %row

row:
  %i = phi i64 [ 0, %entry ], [ %next, %join ]
  %at = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  %offset = shl i64 %i, 2
  %refused = call i1 @__weft_check_refused(i64 %offset, i64 %last, i1 %short)
  br i1 %refused, label %join, label %load

load:
  %v = load float, ptr addrspace(1) %at, align 4
  br label %join

join:
  %r = phi float [ %v, %load ], [ 0.0, %row ]
  %o = getelementptr inbounds float, ptr %out, i64 %i
  store float %r, ptr %o, align 4
  %next = add nuw i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %row, !llvm.loop !0

exit:
  ret void
}

; CHECK-LABEL: define void @blocks(
; The test before the block's loop, in the loop over blocks.
; CHECK:      blocks:
; CHECK:      br i1 %{{.*}}, label %check.rows.outside.check.inside, label %check.rows.outside
; CHECK:      block.check.inside:
; CHECK-NOT:  __weft_check_refused
; CHECK:      load float, ptr addrspace(1) %at.check.inside, align 4
define void @blocks(ptr addrspace(1) %a, i64 %n, i64 %size, i64 %last, i1 %short, ptr %out) {
entry:
  br label %blocks

blocks:
  %s = phi i64 [ 0, %entry ], [ %s.next, %step ]
  %left = sub i64 %n, %s
  %count = call i64 @llvm.umin.i64(i64 %left, i64 64)
  br label %block

block:
  %j = phi i64 [ 0, %blocks ], [ %j.next, %join ]
  %i = add nuw nsw i64 %s, %j
  %at = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  %offset = shl i64 %i, 2
  %refused = call i1 @__weft_check_refused(i64 %offset, i64 %last, i1 %short)
  br i1 %refused, label %join, label %load

load:
  %v = load float, ptr addrspace(1) %at, align 4
  br label %join

join:
  %r = phi float [ %v, %load ], [ 0.0, %block ]
  %o = getelementptr inbounds float, ptr %out, i64 %i
  store float %r, ptr %o, align 4
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %count
  br i1 %j.done, label %step, label %block

step:
  %s.next = add nuw nsw i64 %s, %size
  %more = icmp ult i64 %s.next, %n
  br i1 %more, label %blocks, label %exit, !llvm.loop !0

exit:
  ret void
}

declare i64 @llvm.umin.i64(i64, i64)

attributes #0 = { nounwind readnone speculatable willreturn }

!0 = distinct !{!0, !1}
!1 = !{!"weft.loop.collapsed_row"}
