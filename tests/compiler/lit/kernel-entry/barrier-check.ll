; weft-kernel-entry with barrier checks (a work-item function with weft-barrier-lines): each
; work-item's stop (its call's result) goes to the check slots' scratch (32-bit entries from 4 x
; the enqueued items' 64-bit ones) by linear id, in the x loop's access group; after each region's
; loops a loop ORs each stop's difference from work-item 0's, and where that is not 0 a scan finds
; the first that differs, which gets a record (abi::CheckSite::Divergent, both stops' numbers, its
; stop's line and column; work-item 0's line and column; the group) in its slots if they are
; empty, and the work-group ends (the next resume id -1). Where each stop is comes from a table by
; stop number: 0 the end, then the barriers by resume id.
; RUN: %opt -passes=weft-kernel-entry -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Line 5 column 7 for barrier 1, line 9 column 3 for barrier 2.
; CHECK: @weft.barrier.lines.__weft_wg_sync = internal constant [3 x i64] [i64 0, i64 21474836487, i64 38654705667]

; CHECK-LABEL: define void @__weft_wg_sync(
; CHECK:      %check.slots = load ptr, ptr %{{.*}}, align 8, !invariant.load
; CHECK:      %check.items = mul i64
; CHECK:      %[[TIMES4:.*]] = mul i64 %check.items, 4
; CHECK-NEXT: %check.barriers = getelementptr i64, ptr %check.slots, i64 %[[TIMES4]]
; In region 0's x loop: the stop, by linear id.
; CHECK:      %[[ID:.*]] = call i32 @sync.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %{{.*}}, i64 %{{.*}}, i64 %{{.*}}, i32 0)
; CHECK:      %[[AT:.*]] = getelementptr i32, ptr %check.barriers, i64 %{{.*}}
; CHECK-NEXT: store i32 %[[ID]], ptr %[[AT]], align 4, !llvm.access.group
; After the loops: whether any differs from work-item 0's, then the scan from work-item 1.
; CHECK:      %check.first = load i32, ptr %check.barriers, align 4
; CHECK:      check.any:
; CHECK:      %check.or = phi i32 [ 0, %{{.*}} ], [ %[[OR:.*]], %check.any ]
; CHECK:      %[[DIFF:.*]] = xor i32 %{{.*}}, %check.first
; CHECK-NEXT: %[[OR]] = or i32 %check.or, %[[DIFF]]
; CHECK:      check.any.end:
; CHECK-NEXT: %[[NONE:.*]] = icmp eq i32 %[[OR]], 0
; CHECK-NEXT: br i1 %[[NONE]], label %check.same, label %check.scan
; CHECK:      check.scan:
; CHECK-NEXT: %check.item = phi i64 [ 1, %check.any.end ], [ %{{.*}}, %check.scan.body ]
; CHECK:      check.scan.body:
; CHECK:      icmp ne i32 %{{.*}}, %check.first
; CHECK:      check.differs:
; CHECK:      or i64 4611686018427387905,
; CHECK:      getelementptr [3 x i64], ptr @weft.barrier.lines.__weft_wg_sync, i64 0, i64
; CHECK:      check.record:
; CHECK:      check.recorded:
; CHECK-NEXT: store i32 -1, ptr %next.slot, align 4

define spir_kernel void @sync(ptr addrspace(1) %out) #0 {
  ret void
}

define internal i32 @sync.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #1 {
  ret i32 -1
}

attributes #0 = { "uniform-work-group-size"="true" }
attributes #1 = { "weft-work-item"="sync" "weft-resume-points"="2" "weft-private-bytes"="0" "weft-barrier-lines"="5:7,9:3" }
