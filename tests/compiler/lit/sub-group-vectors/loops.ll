; weft-sub-group-loops, where the vectorizers start: a copy's x loop that calls the scalar forms,
; from work-item 0 to the local size x by one, is vectorized 8 work-items (a sub-group) at a
; time, by itself (no other pass of Weft's takes it: no weft.loop.work_items), and the row width
; is assumed a multiple of 8 and at least 8 (@taken). A call in a loop from work-item 1 (@peeled),
; in a loop of each work-item's (@inner), or under a branch of the work-item's (@branch: `if (i >=
; n) return;`), dooms the copy: its body goes.
; RUN: %opt -passes=weft-sub-group-loops -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare float @weft.sgv._Z20sub_group_reduce_addf.8(float, i64) #0

; CHECK-LABEL: define void @__weft_wg_taken.sgv(
; CHECK:       %size.x = load i64, ptr %at, align 8
; CHECK-NEXT:  %[[LOW:.*]] = and i64 %size.x, 7
; CHECK-NEXT:  %[[WHOLE:.*]] = icmp eq i64 %[[LOW]], 0
; CHECK-NEXT:  call void @llvm.assume(i1 %[[WHOLE]])
; CHECK-NEXT:  %[[WIDE:.*]] = icmp uge i64 %size.x, 8
; CHECK-NEXT:  call void @llvm.assume(i1 %[[WIDE]])
; CHECK:       br i1 %more, label %x, label %exit, !llvm.loop ![[LOOP:[0-9]+]]
define void @__weft_wg_taken.sgv(ptr %args, ptr %ctx, ptr addrspace(1) %in) {
entry:
  %at = getelementptr inbounds i8, ptr %ctx, i64 48
  %size.x = load i64, ptr %at, align 8
  br label %x

x:
  %x.id = phi i64 [ 0, %entry ], [ %next, %x ]
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %x.id
  %v = load float, ptr addrspace(1) %p, align 4, !llvm.access.group !0
  %r = call float @weft.sgv._Z20sub_group_reduce_addf.8(float %v, i64 %x.id)
  store float %r, ptr addrspace(1) %p, align 4, !llvm.access.group !0
  %next = add nuw nsw i64 %x.id, 1
  %more = icmp ult i64 %next, %size.x
  br i1 %more, label %x, label %exit, !llvm.loop !1

exit:
  ret void
}

; CHECK-LABEL: define void @__weft_wg_peeled.sgv(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }
define void @__weft_wg_peeled.sgv(ptr %args, ptr %ctx, ptr addrspace(1) %in) {
entry:
  %at = getelementptr inbounds i8, ptr %ctx, i64 48
  %size.x = load i64, ptr %at, align 8
  %any = icmp ugt i64 %size.x, 1
  br i1 %any, label %x, label %exit

x:
  %x.id = phi i64 [ 1, %entry ], [ %next, %x ]
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %x.id
  %v = load float, ptr addrspace(1) %p, align 4, !llvm.access.group !0
  %r = call float @weft.sgv._Z20sub_group_reduce_addf.8(float %v, i64 %x.id)
  store float %r, ptr addrspace(1) %p, align 4, !llvm.access.group !0
  %next = add nuw nsw i64 %x.id, 1
  %more = icmp ult i64 %next, %size.x
  br i1 %more, label %x, label %exit, !llvm.loop !3

exit:
  ret void
}

; CHECK-LABEL: define void @__weft_wg_inner.sgv(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }
define void @__weft_wg_inner.sgv(ptr %args, ptr %ctx, ptr addrspace(1) %in) {
entry:
  %at = getelementptr inbounds i8, ptr %ctx, i64 48
  %size.x = load i64, ptr %at, align 8
  br label %x

x:
  %x.id = phi i64 [ 0, %entry ], [ %next, %x.latch ]
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %x.id
  %v = load float, ptr addrspace(1) %p, align 4, !llvm.access.group !0
  br label %k

k:
  %k.i = phi i32 [ 0, %x ], [ %k.next, %k ]
  %acc = phi float [ 0.0, %x ], [ %acc.next, %k ]
  %r = call float @weft.sgv._Z20sub_group_reduce_addf.8(float %v, i64 %x.id)
  %acc.next = fadd float %acc, %r
  %k.next = add i32 %k.i, 1
  %k.more = icmp ult i32 %k.next, 3
  br i1 %k.more, label %k, label %x.latch

x.latch:
  store float %acc.next, ptr addrspace(1) %p, align 4, !llvm.access.group !0
  %next = add nuw nsw i64 %x.id, 1
  %more = icmp ult i64 %next, %size.x
  br i1 %more, label %x, label %exit, !llvm.loop !5

exit:
  ret void
}

; CHECK-LABEL: define void @__weft_wg_branch.sgv(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }
define void @__weft_wg_branch.sgv(ptr %args, ptr %ctx, ptr addrspace(1) %in, i64 %n) {
entry:
  %at = getelementptr inbounds i8, ptr %ctx, i64 48
  %size.x = load i64, ptr %at, align 8
  br label %x

x:
  %x.id = phi i64 [ 0, %entry ], [ %next, %x.latch ]
  %in.range = icmp ult i64 %x.id, %n
  br i1 %in.range, label %call, label %x.latch

call:
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %x.id
  %v = load float, ptr addrspace(1) %p, align 4, !llvm.access.group !0
  %r = call float @weft.sgv._Z20sub_group_reduce_addf.8(float %v, i64 %x.id)
  store float %r, ptr addrspace(1) %p, align 4, !llvm.access.group !0
  br label %x.latch

x.latch:
  %next = add nuw nsw i64 %x.id, 1
  %more = icmp ult i64 %next, %size.x
  br i1 %more, label %x, label %exit, !llvm.loop !7

exit:
  ret void
}

; CHECK: attributes #{{[0-9]+}} = { "weft-sub-group-doomed" }
; CHECK: ![[LOOP]] = distinct !{![[LOOP]], ![[PARALLEL:[0-9]+]], ![[ENABLE:[0-9]+]], ![[WIDTH:[0-9]+]], ![[ONE:[0-9]+]]}
; CHECK: ![[PARALLEL]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}
; CHECK: ![[ENABLE]] = !{!"llvm.loop.vectorize.enable", i1 true}
; CHECK: ![[WIDTH]] = !{!"llvm.loop.vectorize.width", i32 8}
; CHECK: ![[ONE]] = !{!"llvm.loop.interleave.count", i32 1}

attributes #0 = { convergent nounwind readnone willreturn "weft-sub-group-size"="8" }

!0 = distinct !{}
!1 = distinct !{!1, !2, !6}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = distinct !{!3, !2, !6}
!5 = distinct !{!5, !2, !6}
!6 = !{!"weft.loop.work_items"}
!7 = distinct !{!7, !2, !6}
