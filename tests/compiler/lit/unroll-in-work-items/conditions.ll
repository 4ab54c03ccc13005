; weft-unroll-in-work-items marks llvm.loop.unroll.full on an innermost loop inside a work-item
; loop (weft.loop.work_items) with a small constant trip count, and on nothing else: not a loop
; outside work-item loops, not one whose trip count is unknown or above 64, not one that asks for
; something else (llvm.loop.unroll.disable), not the work-item loop itself.
; RUN: %opt -passes='loop(weft-unroll-in-work-items)' -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @nests(
define void @nests(ptr %p, i64 %n, i64 %items) {
entry:
  br label %x

x:                                                ; the work-item loop
  %xi = phi i64 [ 0, %entry ], [ %xi.next, %x.latch ]
  br label %eight

eight:                                            ; 8 iterations: unrolled
  %i = phi i64 [ 0, %x ], [ %i.next, %eight ]
  %a = getelementptr float, ptr %p, i64 %i
  store float 1.0, ptr %a
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, 8
; CHECK: br i1 %i.done, label %unknown{{.*}}, label %eight, !llvm.loop ![[EIGHT:[0-9]+]]
  br i1 %i.done, label %unknown, label %eight, !llvm.loop !10

unknown:                                          ; n iterations: kept
  %j = phi i64 [ 0, %eight ], [ %j.next, %unknown ]
  %b = getelementptr float, ptr %p, i64 %j
  store float 2.0, ptr %b
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
; CHECK: br i1 %j.done, label %many{{.*}}, label %unknown{{$}}
  br i1 %j.done, label %many, label %unknown

many:                                             ; 100 iterations: kept
  %k = phi i64 [ 0, %unknown ], [ %k.next, %many ]
  %c = getelementptr float, ptr %p, i64 %k
  store float 3.0, ptr %c
  %k.next = add nuw nsw i64 %k, 1
  %k.done = icmp eq i64 %k.next, 100
; CHECK: br i1 %k.done, label %kept{{.*}}, label %many{{$}}
  br i1 %k.done, label %kept, label %many

kept:                                             ; 4 iterations, unroll disabled: kept
  %l = phi i64 [ 0, %many ], [ %l.next, %kept ]
  %d = getelementptr float, ptr %p, i64 %l
  store float 4.0, ptr %d
  %l.next = add nuw nsw i64 %l, 1
  %l.done = icmp eq i64 %l.next, 4
; CHECK: br i1 %l.done, label %x.latch, label %kept, !llvm.loop ![[KEPT:[0-9]+]]
  br i1 %l.done, label %x.latch, label %kept, !llvm.loop !12

x.latch:
  %xi.next = add nuw nsw i64 %xi, 1
  %x.done = icmp eq i64 %xi.next, %items
; CHECK: br i1 %x.done, label %outside{{.*}}, label %x, !llvm.loop ![[X:[0-9]+]]
  br i1 %x.done, label %outside, label %x, !llvm.loop !0

outside:                                          ; 8 iterations, not in a work-item loop: kept
  %m = phi i64 [ 0, %x.latch ], [ %m.next, %outside ]
  %e = getelementptr float, ptr %p, i64 %m
  store float 5.0, ptr %e
  %m.next = add nuw nsw i64 %m, 1
  %m.done = icmp eq i64 %m.next, 8
; CHECK: br i1 %m.done, label %exit, label %outside{{$}}
  br i1 %m.done, label %exit, label %outside

exit:
  ret void
}

; CHECK-DAG: ![[EIGHT]] = distinct !{![[EIGHT]], ![[FULL:[0-9]+]]}
; CHECK-DAG: ![[FULL]] = !{!"llvm.loop.unroll.full"}
; CHECK-DAG: ![[KEPT]] = distinct !{![[KEPT]], ![[DISABLE:[0-9]+]]}
; CHECK-DAG: ![[DISABLE]] = !{!"llvm.loop.unroll.disable"}
; CHECK-DAG: ![[X]] = distinct !{![[X]], ![[WORK_ITEMS:[0-9]+]]}
; CHECK-DAG: ![[WORK_ITEMS]] = !{!"weft.loop.work_items"}

!0 = distinct !{!0, !1}
!1 = !{!"weft.loop.work_items"}
!10 = distinct !{!10}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.unroll.disable"}
