; weft-fixed-local-size: a kernel with reqd_work_group_size(16, 4, 1) reads its sizes as
; constants. Where work-groups need not be uniform, the body runs twice over: a copy with the
; constants when the work-group has the required size (each copied loop with an ID of its own),
; the body as it was otherwise; the enqueued size is constant in both.
; RUN: %opt -passes='function(weft-fixed-local-size)' -S %s | FileCheck %s

; CHECK-LABEL: define void @__weft_wg_uniform(
; CHECK-NOT: load i64
; CHECK: %x.next = add i64 %x, 1
; CHECK-NEXT: %more = icmp ult i64 %x.next, 16
; CHECK: %items = mul i64 16, 4
; CHECK: ret void
define void @__weft_wg_uniform(ptr noalias %args, ptr noalias %ctx) #0 {
entry:
  %size.field = getelementptr inbounds i8, ptr %ctx, i64 48
  %size.x = load i64, ptr %size.field, align 8, !invariant.load !0
  %enq.field = getelementptr inbounds i8, ptr %ctx, i64 72
  %enq.x = load i64, ptr %enq.field, align 8, !invariant.load !0
  %enq.y.field = getelementptr inbounds i8, ptr %ctx, i64 80
  %enq.y = load i64, ptr %enq.y.field, align 8, !invariant.load !0
  %out = load ptr, ptr %args, align 8
  br label %x.loop

x.loop:
  %x = phi i64 [ 0, %entry ], [ %x.next, %x.loop ]
  %x.next = add i64 %x, 1
  %more = icmp ult i64 %x.next, %size.x
  br i1 %more, label %x.loop, label %done, !llvm.loop !1

done:
  %items = mul i64 %enq.x, %enq.y
  store i64 %items, ptr %out, align 8
  ret void
}

; CHECK-LABEL: define void @__weft_wg_partial(
; CHECK-NEXT: entry:
; CHECK-NEXT: %slot = alloca i32
; CHECK: [[X:%.*]] = load i64, ptr %{{.*}}, align 8, !invariant.load
; CHECK: icmp eq i64 [[X]], 16
; CHECK: [[Y:%.*]] = load i64, ptr %{{.*}}, align 8, !invariant.load
; CHECK: icmp eq i64 [[Y]], 4
; CHECK: [[Z:%.*]] = load i64, ptr %{{.*}}, align 8, !invariant.load
; CHECK: icmp eq i64 [[Z]], 1
; CHECK: br i1 %full{{[0-9]*}}, label %sized.full, label %sized
; CHECK: sized:
; CHECK: %more = icmp ult i64 %x.next, %size.x
; CHECK-NEXT: br i1 %more, label %x.loop, label %done, !llvm.loop [[ID:![0-9]+]]
; CHECK: store i64 %size.x, ptr %out
; CHECK: sized.full:
; CHECK: %more.full = icmp ult i64 %x.next.full, 16
; CHECK-NEXT: br i1 %more.full, label %x.loop.full, label %done.full, !llvm.loop [[FULLID:![0-9]+]]
; CHECK: store i64 16, ptr %out
define void @__weft_wg_partial(ptr noalias %args, ptr noalias %ctx) #1 {
entry:
  %slot = alloca i32
  %size.field = getelementptr inbounds i8, ptr %ctx, i64 48
  %size.x = load i64, ptr %size.field, align 8, !invariant.load !0
  %out = load ptr, ptr %args, align 8
  br label %x.loop

x.loop:
  %x = phi i64 [ 0, %entry ], [ %x.next, %x.loop ]
  %x.next = add i64 %x, 1
  %more = icmp ult i64 %x.next, %size.x
  br i1 %more, label %x.loop, label %done, !llvm.loop !1

done:
  store i64 %size.x, ptr %out, align 8
  ret void
}

; Kernels without the attribute keep their loads.
; CHECK-LABEL: define void @__weft_wg_any(
; CHECK: %more = icmp ult i64 %x.next, %size.x
define void @__weft_wg_any(ptr noalias %args, ptr noalias %ctx) {
entry:
  %size.field = getelementptr inbounds i8, ptr %ctx, i64 48
  %size.x = load i64, ptr %size.field, align 8, !invariant.load !0
  br label %x.loop

x.loop:
  %x = phi i64 [ 0, %entry ], [ %x.next, %x.loop ]
  %x.next = add i64 %x, 1
  %more = icmp ult i64 %x.next, %size.x
  br i1 %more, label %x.loop, label %done

done:
  ret void
}

; CHECK-DAG: [[ID]] = distinct !{[[ID]], [[MARK:![0-9]+]]}
; CHECK-DAG: [[FULLID]] = distinct !{[[FULLID]], [[MARK]]}

attributes #0 = { "weft-fixed-local-size"="16,4,1" "uniform-work-group-size"="true" }
attributes #1 = { "weft-fixed-local-size"="16,4,1" "uniform-work-group-size"="false" }

!0 = !{}
!1 = distinct !{!1, !2}
!2 = !{!"weft.loop.work_items"}
