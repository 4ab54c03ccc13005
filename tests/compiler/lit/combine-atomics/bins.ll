; A work-item loop's one relaxed atomic at an address that is one of a few (a histogram's bins),
; results unused, is counted in bins of private memory, cleared before the loop, and added to the
; counters after it, one operation per bin that was touched; when the row has a quarter as many
; work-items as bins or more, and the accesses that may alias the counters lie clear of them.
; RUN: %opt -passes=weft-combine-atomics -S %s | FileCheck %s

; 256 bins from a uchar index; the loads cannot alias them (noalias arguments): only the row's
; length is tested. The bins start cleared (a memset); each work-item adds to its bin; after the
; loop, each bin that is not 0 is added to its counter.
; CHECK-LABEL: define void @bytes(
; CHECK: [[BINS:%bins[0-9]*]] = alloca [256 x i32], align 4
; CHECK: [[TAKEN:%.*]] = add i64 %size, -1
; CHECK-NEXT: %bins.row = icmp uge i64 [[TAKEN]], 63
; CHECK-NEXT: br i1 %bins.row, label %counters.alias.preheader.combined, label %counters.alias.preheader
; CHECK: counters.alias.preheader.combined:
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 4 [[BINS]], i8 0, i64 1024, i1 false)
; CHECK-NEXT: [[BASE:%.*]] = ptrtoint ptr addrspace(1) %bins to i64
; CHECK: wi.x.combined:
; CHECK: %b.combined = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx.combined
; CHECK-NEXT: [[AT:%.*]] = ptrtoint ptr addrspace(1) %b.combined to i64
; CHECK-NEXT: [[OFFSET:%.*]] = sub i64 [[AT]], [[BASE]]
; CHECK-NEXT: %bin = lshr exact i64 [[OFFSET]], 2
; CHECK-NEXT: [[CELL:%.*]] = getelementptr inbounds [256 x i32], ptr [[BINS]], i64 0, i64 %bin
; CHECK-NEXT: [[OLD:%.*]] = load i32, ptr [[CELL]], align 4
; CHECK-NEXT: [[NEW:%.*]] = add i32 [[OLD]], 1
; CHECK-NEXT: store i32 [[NEW]], ptr [[CELL]], align 4
; CHECK-NOT: atomicrmw
; CHECK: br i1 %done.combined, label %binned.atomics, label %wi.x.combined
; CHECK: bins.add:
; CHECK-NEXT: %bins.add.index = phi i64 [ 0, %binned.atomics ], [ [[NEXT:%.*]], %bins.add.next ]
; CHECK-NEXT: [[TOTALAT:%.*]] = getelementptr inbounds [256 x i32], ptr [[BINS]], i64 0, i64 %bins.add.index
; CHECK-NEXT: %bin.total = load i32, ptr [[TOTALAT]], align 4
; CHECK-NEXT: [[ANY:%.*]] = icmp ne i32 %bin.total, 0
; CHECK-NEXT: br i1 [[ANY]], label %[[ADD:.*]], label
; CHECK: [[ADD]]:
; CHECK-NEXT: [[BYTES:%.*]] = shl i64 %bins.add.index, 2
; CHECK-NEXT: [[COUNTER:%.*]] = getelementptr inbounds i8, ptr addrspace(1) %bins, i64 [[BYTES]]
; CHECK-NEXT: atomicrmw add ptr addrspace(1) [[COUNTER]], i32 %bin.total monotonic, align 4
; CHECK: bins.add.next:
; CHECK-NEXT: [[NEXT]] = add nuw i64 %bins.add.index, 1
; CHECK-NEXT: [[MORE:%.*]] = icmp ult i64 [[NEXT]], 256
; CHECK-NEXT: br i1 [[MORE]], label %bins.add, label
; The loop as it was, for short rows.
; CHECK: wi.x:
; CHECK: atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
define void @bytes(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %bins, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !0

exit:
  ret void
}

; A signed maximum over 16 bins 64 bytes into the array, under a test: the bins start at the
; maximum's identity (a loop of its own), the counters at bins + 64. The loads may alias the
; counters: their range over the row is checked clear of the bins' 64 bytes.
; CHECK-LABEL: define void @offset_max(
; CHECK: [[BINS:%bins[0-9]*]] = alloca [16 x i32], align 4
; CHECK: [[COUNTERS:%.*]] = ptrtoint ptr addrspace(1) %bins to i64
; CHECK-NEXT: [[FIRST:%.*]] = add i64 [[COUNTERS]], 64
; CHECK-NEXT: [[END:%.*]] = add i64 [[FIRST]], 64
; CHECK-NEXT: [[BELOW:%.*]] = icmp ule i64 [[HIGH:%.*]], [[FIRST]]
; CHECK-NEXT: [[ABOVE:%.*]] = icmp ule i64 [[END]], [[LOW:%.*]]
; CHECK-NEXT: [[APART:%.*]] = or i1 [[ABOVE]], [[BELOW]]
; CHECK-NEXT: %counters.clear = and i1 true, [[APART]]
; CHECK: %bins.row = icmp uge i64 {{%.*}}, 3
; CHECK-NEXT: [[BOTH:%.*]] = and i1 %counters.clear, %bins.row
; CHECK-NEXT: br i1 [[BOTH]], label %counters.alias.preheader.combined, label %counters.alias.preheader
; CHECK: counters.alias.preheader.combined:
; CHECK-NEXT: [[BASE:%.*]] = ptrtoint ptr addrspace(1) %bins to i64
; CHECK-NEXT: %bins.base = add i64 [[BASE]], 64
; CHECK: bins.clear:
; CHECK-NEXT: %bins.clear.index = phi i64
; CHECK-NEXT: [[CELL:%.*]] = getelementptr inbounds [16 x i32], ptr [[BINS]], i64 0, i64 %bins.clear.index
; CHECK-NEXT: store i32 -2147483648, ptr [[CELL]], align 4
; CHECK: max.combined:
; CHECK: [[AT:%.*]] = ptrtoint ptr addrspace(1) %b.combined to i64
; CHECK-NEXT: [[OFFSET:%.*]] = sub i64 [[AT]], %bins.base
; CHECK-NEXT: %bin = lshr exact i64 [[OFFSET]], 2
; CHECK-NEXT: [[CELL:%.*]] = getelementptr inbounds [16 x i32], ptr [[BINS]], i64 0, i64 %bin
; CHECK-NEXT: [[OLD:%.*]] = load i32, ptr [[CELL]], align 4
; CHECK-NEXT: [[GREATER:%.*]] = icmp sgt i32 [[OLD]], %t.combined
; CHECK-NEXT: [[NEW:%.*]] = select i1 [[GREATER]], i32 [[OLD]], i32 %t.combined
; CHECK-NEXT: store i32 [[NEW]], ptr [[CELL]], align 4
; CHECK: bin.total = load
; CHECK-NEXT: icmp ne i32 %bin.total, -2147483648
; CHECK: [[BYTES:%.*]] = shl i64 %bins.add.index, 2
; CHECK-NEXT: [[COUNTEROFFSET:%.*]] = add i64 [[BYTES]], 64
; CHECK-NEXT: [[COUNTER:%.*]] = getelementptr inbounds i8, ptr addrspace(1) %bins, i64 [[COUNTEROFFSET]]
; CHECK-NEXT: atomicrmw max ptr addrspace(1) [[COUNTER]], i32 %bin.total monotonic, align 4
define void @offset_max(ptr addrspace(1) %in, ptr addrspace(1) %bins, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i
  %v = load i8, ptr addrspace(1) %p, align 1
  %big = icmp ugt i8 %v, 40
  br i1 %big, label %max, label %latch

max:
  %high = lshr i8 %v, 4
  %idx = zext i8 %high to i64
  %shifted = add nuw nsw i64 %idx, 16
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %shifted
  %t = trunc i64 %i to i32
  %old = atomicrmw volatile max ptr addrspace(1) %b, i32 %t monotonic, align 4
  br label %latch

latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !1

exit:
  ret void
}

; Two operations per work-item (an unrolled loop), on the same 256 counters: they share the bins,
; each folded into its own. The loads may alias the counters; their ranges over the row differ by
; a constant, so one check covers both: [in, in + 2 * size). A quarter of the bins' operations
; takes 32 work-items.
; CHECK-LABEL: define void @unrolled(
; CHECK: [[BINS:%bins[0-9]*]] = alloca [256 x i32], align 4
; CHECK: [[IN:%.*]] = ptrtoint ptr addrspace(1) %in to i64
; CHECK-NEXT: [[BYTES:%.*]] = shl i64 %size, 1
; CHECK-NEXT: [[HIGH:%.*]] = add i64 [[IN]], [[BYTES]]
; CHECK-NEXT: [[COUNTERS:%.*]] = ptrtoint ptr addrspace(1) %bins to i64
; CHECK-NEXT: [[END:%.*]] = add i64 [[COUNTERS]], 1024
; CHECK-NEXT: [[BELOW:%.*]] = icmp ule i64 [[HIGH]], [[COUNTERS]]
; CHECK-NEXT: [[ABOVE:%.*]] = icmp ule i64 [[END]], [[IN]]
; CHECK-NEXT: [[APART:%.*]] = or i1 [[ABOVE]], [[BELOW]]
; CHECK-NEXT: %counters.clear = and i1 true, [[APART]]
; CHECK-NEXT: [[TAKEN:%.*]] = add i64 %size, -1
; CHECK-NEXT: %bins.row = icmp uge i64 [[TAKEN]], 31
; CHECK-NEXT: [[BOTH:%.*]] = and i1 %counters.clear, %bins.row
; CHECK-NEXT: br i1 [[BOTH]], label %counters.alias.preheader.combined, label %counters.alias.preheader
; CHECK: wi.x.combined:
; CHECK: %bin = lshr exact i64 {{%.*}}, 2
; CHECK-NEXT: [[CELL:%.*]] = getelementptr inbounds [256 x i32], ptr [[BINS]], i64 0, i64 %bin
; CHECK-NEXT: [[OLD:%.*]] = load i32, ptr [[CELL]], align 4
; CHECK-NEXT: [[NEW:%.*]] = add i32 [[OLD]], 1
; CHECK-NEXT: store i32 [[NEW]], ptr [[CELL]], align 4
; CHECK: %bin{{[0-9]+}} = lshr exact i64 {{%.*}}, 2
; CHECK-NEXT: [[CELL2:%.*]] = getelementptr inbounds [256 x i32], ptr [[BINS]], i64 0, i64 %bin{{[0-9]+}}
; CHECK-NEXT: [[OLD2:%.*]] = load i32, ptr [[CELL2]], align 4
; CHECK-NEXT: [[NEW2:%.*]] = add i32 [[OLD2]], 1
; CHECK-NEXT: store i32 [[NEW2]], ptr [[CELL2]], align 4
; CHECK-NOT: atomicrmw
; CHECK: br i1 %done.combined, label %binned.atomics, label %wi.x.combined
; CHECK: bins.add:
; CHECK: atomicrmw add ptr addrspace(1) {{%.*}}, i32 %bin.total monotonic, align 4
; CHECK-NOT: atomicrmw
; CHECK: wi.x:
; CHECK: atomicrmw volatile add ptr addrspace(1) %b0, i32 1 monotonic, align 4
; CHECK: atomicrmw volatile add ptr addrspace(1) %b1, i32 1 monotonic, align 4
define void @unrolled(ptr addrspace(1) %in, ptr addrspace(1) %bins, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %at0 = shl i64 %i, 1
  %p0 = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %at0
  %v0 = load i8, ptr addrspace(1) %p0, align 1
  %idx0 = zext i8 %v0 to i64
  %b0 = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx0
  %old0 = atomicrmw volatile add ptr addrspace(1) %b0, i32 1 monotonic, align 4
  %at1 = or i64 %at0, 1
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %at1
  %v1 = load i8, ptr addrspace(1) %p1, align 1
  %idx1 = zext i8 %v1 to i64
  %b1 = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx1
  %old1 = atomicrmw volatile add ptr addrspace(1) %b1, i32 1 monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !10

exit:
  ret void
}

; Two arrays counted with the same operation (a histogram per channel): a set of bins for
; each array, cleared before the loop and added to its own counters after it; the row's test
; counts both sets' bins against both operations (512 bins, 2 a work-item: 63).
; CHECK-LABEL: define void @two_histograms(
; CHECK: [[SECOND:%bins[0-9]*]] = alloca [256 x i32], align 4
; CHECK-NEXT: [[FIRST:%bins[0-9]*]] = alloca [256 x i32], align 4
; CHECK: %bins.row = icmp uge i64 {{%.*}}, 63
; CHECK: counters.alias.preheader.combined:
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 4 [[FIRST]], i8 0, i64 1024, i1 false)
; CHECK-NEXT: [[BASE:%.*]] = ptrtoint ptr addrspace(1) %bins to i64
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 4 [[SECOND]], i8 0, i64 1024, i1 false)
; CHECK-NEXT: [[MOREBASE:%.*]] = ptrtoint ptr addrspace(1) %more to i64
; CHECK: wi.x.combined:
; CHECK: %b.combined = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx.combined
; CHECK: sub i64 {{%.*}}, [[BASE]]
; CHECK: getelementptr inbounds [256 x i32], ptr [[FIRST]], i64 0, i64 %bin
; CHECK: %m.combined = getelementptr inbounds i32, ptr addrspace(1) %more, i64 %idx.combined
; CHECK: sub i64 {{%.*}}, [[MOREBASE]]
; CHECK: getelementptr inbounds [256 x i32], ptr [[SECOND]], i64 0, i64 %bin
; CHECK-NOT: atomicrmw
; CHECK: br i1 %done.combined,
; CHECK: getelementptr inbounds [256 x i32], ptr [[SECOND]], i64 0, i64 %bins.add.index
; CHECK: [[AT:%.*]] = getelementptr inbounds i8, ptr addrspace(1) %more, i64
; CHECK-NEXT: atomicrmw add ptr addrspace(1) [[AT]], i32 %bin.total{{[0-9]*}} monotonic, align 4
; CHECK: getelementptr inbounds [256 x i32], ptr [[FIRST]], i64 0, i64 %bins.add.index
; CHECK: [[AT2:%.*]] = getelementptr inbounds i8, ptr addrspace(1) %bins, i64
; CHECK-NEXT: atomicrmw add ptr addrspace(1) [[AT2]], i32 %bin.total monotonic, align 4
; CHECK: wi.x:
; CHECK: atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
; CHECK: atomicrmw volatile add ptr addrspace(1) %m, i32 1 monotonic, align 4
define void @two_histograms(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %bins, ptr addrspace(1) noalias %more, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %m = getelementptr inbounds i32, ptr addrspace(1) %more, i64 %idx
  %old2 = atomicrmw volatile add ptr addrspace(1) %m, i32 1 monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !3

exit:
  ret void
}


; Two arrays with two operations (an add and an or): a set each as above; flushed set after
; set, not in each work-item's order, so two arrays that may alias are checked apart before the
; loop (may_alias), as counters are; with noalias arguments there is no such check.
; CHECK-LABEL: define void @two_histograms_two_operations(
; CHECK-NOT: counters.clear
; CHECK: %bins.row = icmp uge i64 {{%.*}}, 63
; CHECK-NEXT: br i1 %bins.row, label %counters.alias.preheader.combined, label %counters.alias.preheader
; CHECK: atomicrmw or ptr addrspace(1) {{%.*}}, i32 %bin.total{{[0-9]*}} monotonic, align 4
; CHECK: atomicrmw add ptr addrspace(1) {{%.*}}, i32 %bin.total monotonic, align 4
define void @two_histograms_two_operations(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %bins, ptr addrspace(1) noalias %more, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %m = getelementptr inbounds i32, ptr addrspace(1) %more, i64 %idx
  %old2 = atomicrmw volatile or ptr addrspace(1) %m, i32 1 monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !12

exit:
  ret void
}


; CHECK-LABEL: define void @two_histograms_two_operations_may_alias(
; CHECK: [[MORE:%.*]] = ptrtoint ptr addrspace(1) %more to i64
; CHECK-NEXT: [[MOREEND:%.*]] = add i64 [[MORE]], 1024
; CHECK-NEXT: [[BINS:%.*]] = ptrtoint ptr addrspace(1) %bins to i64
; CHECK-NEXT: [[BINSEND:%.*]] = add i64 [[BINS]], 1024
; CHECK-NEXT: [[BELOW:%.*]] = icmp ule i64 [[MOREEND]], [[BINS]]
; CHECK-NEXT: [[ABOVE:%.*]] = icmp ule i64 [[BINSEND]], [[MORE]]
; CHECK-NEXT: [[APART:%.*]] = or i1 [[ABOVE]], [[BELOW]]
; CHECK-NEXT: %counters.clear = and i1 true, [[APART]]
; CHECK: %bins.row = icmp uge i64 {{%.*}}, 63
; CHECK-NEXT: [[BOTH:%.*]] = and i1 %counters.clear, %bins.row
; CHECK-NEXT: br i1 [[BOTH]], label %counters.alias.preheader.combined, label %counters.alias.preheader
; CHECK: atomicrmw or ptr addrspace(1) {{%.*}}, i32 %bin.total{{[0-9]*}} monotonic, align 4
define void @two_histograms_two_operations_may_alias(ptr addrspace(1) noalias %in, ptr addrspace(1) %bins, ptr addrspace(1) %more, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %m = getelementptr inbounds i32, ptr addrspace(1) %more, i64 %idx
  %old2 = atomicrmw volatile or ptr addrspace(1) %m, i32 1 monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !13

exit:
  ret void
}


; Two operations on one array, in bins that do not overlap (an add on the first 256 counters, a
; signed maximum on the 16 after them): a set each, with no check between them; overlapping by
; one counter (two_operations_overlap, below), left alone.
; CHECK-LABEL: define void @two_operations_apart(
; CHECK: [[MAXBINS:%bins[0-9]*]] = alloca [16 x i32], align 4
; CHECK-NEXT: [[ADDBINS:%bins[0-9]*]] = alloca [256 x i32], align 4
; CHECK-NOT: counters.clear
; CHECK: %bins.row = icmp uge i64 {{%.*}}, 33
; CHECK-NEXT: br i1 %bins.row, label %counters.alias.preheader.combined, label %counters.alias.preheader
; CHECK: store i32 -2147483648,
; CHECK: atomicrmw max ptr addrspace(1) {{%.*}}, i32 %bin.total{{[0-9]*}} monotonic, align 4
; CHECK: atomicrmw add ptr addrspace(1) {{%.*}}, i32 %bin.total monotonic, align 4
define void @two_operations_apart(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %bins, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %low = and i64 %idx, 15
  %above = add nuw nsw i64 %low, 256
  %m = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %above
  %v32 = zext i8 %v to i32
  %old2 = atomicrmw volatile max ptr addrspace(1) %m, i32 %v32 monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !14

exit:
  ret void
}

; Left alone: an index with no small bound (an int loaded), two such atomics with two
; operations on one array whose bins overlap, one whose result is used, local memory (weft-local-atomics makes those plain accesses), offsets that are not
; multiples of the operation's size, more than 1024 bins (a ushort index), a gather that may
; alias the counters.
; CHECK-LABEL: define void @unbounded(
; CHECK-NOT: bins.add
; CHECK: atomicrmw volatile add
; CHECK-NOT: bins.add
; CHECK: ret void
define void @unbounded(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %bins, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %idx = sext i32 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define void @two_operations(
; CHECK-NOT: bins.add
; CHECK: ret void
define void @two_operations(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %bins, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %flipped = xor i64 %idx, 255
  %m = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %flipped
  %old2 = atomicrmw volatile or ptr addrspace(1) %m, i32 1 monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !11

exit:
  ret void
}

; CHECK-LABEL: define void @two_operations_overlap(
; CHECK-NOT: bins.add
; CHECK: ret void
define void @two_operations_overlap(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %bins, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %low = and i64 %idx, 15
  %above = add nuw nsw i64 %low, 255
  %m = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %above
  %v32 = zext i8 %v to i32
  %old2 = atomicrmw volatile max ptr addrspace(1) %m, i32 %v32 monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !15

exit:
  ret void
}

; CHECK-LABEL: define void @result_used(
; CHECK-NOT: bins.add
; CHECK: ret void
define void @result_used(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %bins, ptr addrspace(1) noalias %out, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %old, ptr addrspace(1) %o, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !4

exit:
  ret void
}

; CHECK-LABEL: define void @local_bins(
; CHECK-NOT: bins.add
; CHECK: ret void
define void @local_bins(ptr addrspace(1) noalias %in, ptr addrspace(3) noalias %bins, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(3) %bins, i64 %idx
  %old = atomicrmw volatile add ptr addrspace(3) %b, i32 1 monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !5

exit:
  ret void
}

; CHECK-LABEL: define void @byte_offsets(
; CHECK-NOT: bins.add
; CHECK: ret void
define void @byte_offsets(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %bins, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i8, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !6

exit:
  ret void
}

; CHECK-LABEL: define void @too_many(
; CHECK-NOT: bins.add
; CHECK: ret void
define void @too_many(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %bins, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %p = getelementptr inbounds i16, ptr addrspace(1) %in, i64 %i
  %v = load i16, ptr addrspace(1) %p, align 2
  %idx = zext i16 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !7

exit:
  ret void
}

; CHECK-LABEL: define void @gather(
; CHECK-NOT: bins.add
; CHECK: ret void
define void @gather(ptr addrspace(1) %in, ptr addrspace(1) %bins, i64 %size) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %q = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %idx
  %w = load i8, ptr addrspace(1) %q, align 1
  %idx2 = zext i8 %w to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx2
  %old = atomicrmw volatile add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %size
  br i1 %done, label %exit, label %wi.x, !llvm.loop !8

exit:
  ret void
}

!0 = distinct !{!0, !9}
!1 = distinct !{!1, !9}
!2 = distinct !{!2, !9}
!3 = distinct !{!3, !9}
!4 = distinct !{!4, !9}
!5 = distinct !{!5, !9}
!6 = distinct !{!6, !9}
!7 = distinct !{!7, !9}
!8 = distinct !{!8, !9}
!9 = !{!"weft.loop.work_items"}
!10 = distinct !{!10, !9}
!11 = distinct !{!11, !9}
!12 = distinct !{!12, !9}
!13 = distinct !{!13, !9}
!14 = distinct !{!14, !9}
!15 = distinct !{!15, !9}
