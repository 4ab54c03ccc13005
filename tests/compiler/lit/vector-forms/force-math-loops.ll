; weft-vector-forms-force: an innermost work-item loop (weft-kernel-entry's marker) that calls a
; function with a vector mapping asks LLVM's vectorizer for vectorization, whatever its cost model
; says; the loop's other options stay. Left alone: a work-item loop without a mapped call, one
; whose vectorization the program turned off, a loop that is not a work-item loop, and a
; work-item loop with a loop inside (the vectorizer takes only innermost loops).
; RUN: %opt -passes=weft-vector-forms-force -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare float @_Z3sinf(float)
declare <8 x float> @weft.vector_form._Z3sinDv8_f(<8 x float>)

; CHECK-LABEL: define void @mapped(
; CHECK: br i1 %done, label %exit, label %loop, !llvm.loop [[MAPPED:![0-9]+]]
define void @mapped(ptr %x, ptr %out, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr float, ptr %x, i64 %i
  %v = load float, ptr %p
  %s = call float @_Z3sinf(float %v) #0
  %q = getelementptr float, ptr %out, i64 %i
  store float %s, ptr %q
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; CHECK-LABEL: define void @unmapped(
; CHECK: br i1 %done, label %exit, label %loop, !llvm.loop [[UNMAPPED:![0-9]+]]
define void @unmapped(ptr %x, ptr %out, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr float, ptr %x, i64 %i
  %v = load float, ptr %p
  %s = call float @_Z3sinf(float %v)
  %q = getelementptr float, ptr %out, i64 %i
  store float %s, ptr %q
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !3
exit:
  ret void
}

; CHECK-LABEL: define void @disabled(
; CHECK: br i1 %done, label %exit, label %loop, !llvm.loop [[DISABLED:![0-9]+]]
define void @disabled(ptr %x, ptr %out, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr float, ptr %x, i64 %i
  %v = load float, ptr %p
  %s = call float @_Z3sinf(float %v) #0
  %q = getelementptr float, ptr %out, i64 %i
  store float %s, ptr %q
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !5
exit:
  ret void
}

; CHECK-LABEL: define void @user_loop(
; CHECK: br i1 %done, label %exit, label %loop, !llvm.loop [[USER:![0-9]+]]
define void @user_loop(ptr %x, ptr %out, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr float, ptr %x, i64 %i
  %v = load float, ptr %p
  %s = call float @_Z3sinf(float %v) #0
  %q = getelementptr float, ptr %out, i64 %i
  store float %s, ptr %q
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !7
exit:
  ret void
}

; CHECK-LABEL: define void @nest(
; CHECK: br i1 %inner.done, label %latch, label %inner, !llvm.loop [[INNER:![0-9]+]]
; CHECK: br i1 %done, label %exit, label %outer, !llvm.loop [[OUTER:![0-9]+]]
define void @nest(ptr %x, ptr %out, i64 %n) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %next, %latch ]
  %p = getelementptr float, ptr %x, i64 %i
  %v = load float, ptr %p
  br label %inner
inner:
  %k = phi i64 [ 0, %outer ], [ %k.next, %inner ]
  %acc = phi float [ %v, %outer ], [ %s, %inner ]
  %s = call float @_Z3sinf(float %acc) #0
  %k.next = add i64 %k, 1
  %inner.done = icmp eq i64 %k.next, 4
  br i1 %inner.done, label %latch, label %inner, !llvm.loop !8
latch:
  %q = getelementptr float, ptr %out, i64 %i
  store float %s, ptr %q
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %outer, !llvm.loop !9
exit:
  ret void
}

; CHECK-DAG: [[MAPPED]] = distinct !{[[MAPPED]], [[MARKER:![0-9]+]], [[PARALLEL:![0-9]+]], [[ENABLE:![0-9]+]]}
; CHECK-DAG: [[MARKER]] = !{!"weft.loop.work_items"}
; CHECK-DAG: [[ENABLE]] = !{!"llvm.loop.vectorize.enable", i1 true}
; CHECK-DAG: [[UNMAPPED]] = distinct !{[[UNMAPPED]], [[MARKER]]}
; CHECK-DAG: [[DISABLED]] = distinct !{[[DISABLED]], [[MARKER]], [[OFF:![0-9]+]]}
; CHECK-DAG: [[OFF]] = !{!"llvm.loop.vectorize.enable", i1 false}
; CHECK-DAG: [[USER]] = distinct !{[[USER]]}
; CHECK-DAG: [[INNER]] = distinct !{[[INNER]]}
; CHECK-DAG: [[OUTER]] = distinct !{[[OUTER]], [[MARKER]]}

attributes #0 = { "vector-function-abi-variant"="_ZGV_LLVM_N8v__Z3sinf(weft.vector_form._Z3sinDv8_f)" }

!0 = distinct !{!0, !1, !2}
!1 = !{!"weft.loop.work_items"}
!2 = !{!"llvm.loop.parallel_accesses", !10}
!3 = distinct !{!3, !1}
!4 = !{!"llvm.loop.vectorize.enable", i1 false}
!5 = distinct !{!5, !1, !4}
!7 = distinct !{!7}
!8 = distinct !{!8}
!9 = distinct !{!9, !1}
!10 = distinct !{}
