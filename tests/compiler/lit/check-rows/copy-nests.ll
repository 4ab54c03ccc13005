; weft-check-rows: a loop around one innermost loop with tests, and nothing in it that calls out
; (a kernel's loop of small async copies, each the built-in library's copy loop), runs in two
; versions as a whole: where every test's offsets over the whole nest lie within their memory, a
; copy in which the nest is plain (what weft-transpose-nests takes); else the nest as it was,
; whose inner loop is versioned on its own. A nest that calls a function is versioned at its
; inner loop only.
; RUN: %opt -passes=weft-check-rows -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i1 @__weft_check_refused(i64, i64, i1) #0
declare void @opaque()

; Column j of a 32 x 32 tile gathered with a stride of %n floats: the range of the whole nest is
; tested before the outer loop, whose copy has no test left.
; CHECK-LABEL: define void @nest(
; CHECK:      entry:
; CHECK:      br i1 %{{.*}}, label %check.rows.outside.check.inside, label %check.rows.outside
; CHECK:      column.check.inside:
; CHECK-NOT:  icmp ugt
; CHECK:      copy.check.inside:
; CHECK-NOT:  icmp ugt
; CHECK:      store float %v.check.inside, ptr addrspace(3) %to.check.inside, align 4
; CHECK:      column:
; The original nest: its inner loop versioned on its own.
; CHECK:      br i1 %{{.*}}, label %check.rows.outside{{[0-9]+}}.check.inside, label %check.rows.outside{{[0-9]+}}
; CHECK:      copy:
; CHECK:      %[[T:.*]] = icmp ugt i64 %offset, %last
; CHECK-NOT:  call i1 @__weft_check_refused
define void @nest(ptr addrspace(1) %src, ptr addrspace(3) %dst, i64 %n, i64 %last, i1 %short) {
entry:
  br label %column

column:
  %j = phi i64 [ 0, %entry ], [ %j.next, %column.end ]
  %base = shl i64 %j, 2
  br label %copy

copy:
  %i = phi i64 [ 0, %column ], [ %i.next, %next ]
  %row = mul nuw nsw i64 %i, %n
  %at = add nuw nsw i64 %row, %j
  %from = getelementptr inbounds float, ptr addrspace(1) %src, i64 %at
  %offset = shl nuw nsw i64 %at, 2
  %refused = call i1 @__weft_check_refused(i64 %offset, i64 %last, i1 %short)
  br i1 %refused, label %next, label %load

load:
  %v = load float, ptr addrspace(1) %from, align 4
  %k = add nuw nsw i64 %i, %base
  %to = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %k
  store float %v, ptr addrspace(3) %to, align 4
  br label %next

next:
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 32
  br i1 %done, label %column.end, label %copy

column.end:
  %j.next = add nuw nsw i64 %j, 1
  %columns = icmp eq i64 %j.next, 32
  br i1 %columns, label %exit, label %column

exit:
  ret void
}

; The same nest calling out between its columns: the outer loop is left as it is, the inner loop
; versioned.
; CHECK-LABEL: define void @calls(
; CHECK:      entry:
; CHECK-NOT:  br i1
; CHECK:      br label %column
; CHECK:      column:
; CHECK:      br i1 %{{.*}}, label %check.rows.outside.check.inside, label %check.rows.outside
; CHECK:      call void @opaque()
define void @calls(ptr addrspace(1) %src, ptr addrspace(3) %dst, i64 %n, i64 %last, i1 %short) {
entry:
  br label %column

column:
  %j = phi i64 [ 0, %entry ], [ %j.next, %column.end ]
  %base = shl i64 %j, 2
  br label %copy

copy:
  %i = phi i64 [ 0, %column ], [ %i.next, %next ]
  %row = mul nuw nsw i64 %i, %n
  %at = add nuw nsw i64 %row, %j
  %from = getelementptr inbounds float, ptr addrspace(1) %src, i64 %at
  %offset = shl nuw nsw i64 %at, 2
  %refused = call i1 @__weft_check_refused(i64 %offset, i64 %last, i1 %short)
  br i1 %refused, label %next, label %load

load:
  %v = load float, ptr addrspace(1) %from, align 4
  %k = add nuw nsw i64 %i, %base
  %to = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %k
  store float %v, ptr addrspace(3) %to, align 4
  br label %next

next:
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 32
  br i1 %done, label %column.end, label %copy

column.end:
  call void @opaque()
  %j.next = add nuw nsw i64 %j, 1
  %columns = icmp eq i64 %j.next, 32
  br i1 %columns, label %exit, label %column

exit:
  ret void
}

attributes #0 = { nounwind readnone speculatable willreturn }
