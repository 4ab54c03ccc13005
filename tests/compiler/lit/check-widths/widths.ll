; weft-check-widths: a loop over work-items that reads the shadow of local memory (its marks, a
; check's own access !{!"shadow"}) and records in the slots (64-bit, !{!"slots"}) asks the loop
; vectorizer for 512 / 32 = 16 lanes, the width its own float accesses give. A loop whose checks
; only record (bounds checks) and a loop whose checks are no wider than its own accesses (doubles)
; are left as they were.
; RUN: %opt -passes=weft-check-widths -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @marks(
; CHECK:       br i1 %more, label %x, label %end, !llvm.loop ![[MARKS:[0-9]+]]
; CHECK-LABEL: define void @records(
; CHECK:       br i1 %more, label %x, label %end, !llvm.loop ![[RECORDS:[0-9]+]]
; CHECK-LABEL: define void @doubles(
; CHECK:       br i1 %more, label %x, label %end, !llvm.loop ![[DOUBLES:[0-9]+]]
; CHECK:       ![[MARKS]] = distinct !{![[MARKS]], ![[ITEMS:[0-9]+]], ![[WIDTH:[0-9]+]]}
; CHECK:       ![[ITEMS]] = !{!"weft.loop.work_items"}
; CHECK:       ![[WIDTH]] = !{!"llvm.loop.vectorize.width", i32 16}
; CHECK:       ![[RECORDS]] = distinct !{![[RECORDS]], ![[ITEMS]]}
; CHECK:       ![[DOUBLES]] = distinct !{![[DOUBLES]], ![[ITEMS]]}

define void @marks(ptr %a, ptr %shadow, ptr %slots, i64 %n) #0 {
entry:
  br label %x
x:
  %i = phi i64 [ 0, %entry ], [ %next, %x ]
  %p = getelementptr float, ptr %a, i64 %i
  %v = load float, ptr %p, align 4
  %m = getelementptr i32, ptr %shadow, i64 %i
  %marks = load i32, ptr %m, align 1, !weft.check.access !1
  %s = getelementptr i64, ptr %slots, i64 %i
  store i64 0, ptr %s, align 8, !weft.check.access !2
  %w = fmul float %v, 2.0
  store float %w, ptr %p, align 4
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %x, label %end, !llvm.loop !3
end:
  ret void
}

define void @records(ptr %a, ptr %slots, i64 %n) #0 {
entry:
  br label %x
x:
  %i = phi i64 [ 0, %entry ], [ %next, %x ]
  %p = getelementptr float, ptr %a, i64 %i
  %v = load float, ptr %p, align 4
  %s = getelementptr i64, ptr %slots, i64 %i
  store i64 0, ptr %s, align 8, !weft.check.access !2
  %w = fmul float %v, 2.0
  store float %w, ptr %p, align 4
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %x, label %end, !llvm.loop !5
end:
  ret void
}

define void @doubles(ptr %a, ptr %shadow, i64 %n) #0 {
entry:
  br label %x
x:
  %i = phi i64 [ 0, %entry ], [ %next, %x ]
  %p = getelementptr double, ptr %a, i64 %i
  %v = load double, ptr %p, align 8
  %m = getelementptr i64, ptr %shadow, i64 %i
  %marks = load i64, ptr %m, align 1, !weft.check.access !1
  %w = fmul double %v, 2.0
  store double %w, ptr %p, align 8
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %x, label %end, !llvm.loop !6
end:
  ret void
}

attributes #0 = { "target-cpu"="x86-64-v4" "prefer-vector-width"="512" }

!1 = !{!"shadow"}
!2 = !{!"slots"}
!3 = distinct !{!3, !4}
!4 = !{!"weft.loop.work_items"}
!5 = distinct !{!5, !4}
!6 = distinct !{!6, !4}
