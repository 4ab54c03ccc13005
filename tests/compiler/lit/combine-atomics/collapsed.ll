; weft-group-stride-loops' loop over a row's blocks (marked weft.loop.collapsed_row; x == 0 runs
; in it what the row's work-items ran) is a row too: its histogram is counted in bins. Its loop
; inside, over a block, ends at the first of two exits (the block's end, the row's end), so the
; last index a block reads is a minimum; the range check bounds it by the block's end (boundOf),
; which steps with the row: [in + start, in + start + (trips - 1) * global size + local size).
; Unmarked, the same loop is none of the rows and is left alone.
; In an array of words the last index is the same minimum times 4 (grid_words), which boundOf
; bounds the same way. A narrow index, `in[off + i]` with `uint` off and i (grid_offset), is
; zext(off + trunc(at)); it is taken as zext(off) + at while its highest over the row,
; checked before it, is below 2^32 (narrow.fits).
; RUN: %opt -passes=weft-combine-atomics -S %s | FileCheck %s

; CHECK-LABEL: define void @grid(
; CHECK: [[BINS:%bins[0-9]*]] = alloca [256 x i32], align 4
; CHECK: row.preheader:
; CHECK-NEXT: [[LOW:%.*]] = add i64 %start, %in1
; CHECK-NEXT: [[BLOCK:%.*]] = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
; CHECK-NEXT: [[LASTBLOCK:%.*]] = add i64 [[LOW]], [[BLOCK]]
; CHECK: [[STEPS:%.*]] = udiv i64 {{%.*}}, %size.global
; CHECK: [[SPAN:%.*]] = mul i64 %size.global,
; CHECK-NEXT: [[HIGH:%.*]] = add i64 [[LASTBLOCK]], [[SPAN]]
; CHECK-NEXT: [[COUNTERS:%.*]] = ptrtoint ptr addrspace(1) %bins to i64
; CHECK-NEXT: [[COUNTERSEND:%.*]] = add i64 [[COUNTERS]], 1024
; CHECK-NEXT: [[BELOW:%.*]] = icmp ule i64 [[HIGH]], [[COUNTERS]]
; CHECK-NEXT: [[ABOVE:%.*]] = icmp ule i64 [[COUNTERSEND]], [[LOW]]
; CHECK-NEXT: [[APART:%.*]] = or i1 [[ABOVE]], [[BELOW]]
; CHECK-NEXT: %counters.clear = and i1 true, [[APART]]
; CHECK-NEXT: br i1 %counters.clear, label %counters.alias.preheader.combined, label %counters.alias.preheader
; CHECK: counters.alias.preheader.combined:
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 4 [[BINS]], i8 0, i64 1024, i1 false)
; CHECK: block.combined:
; CHECK-NOT: atomicrmw
; CHECK: step.combined:
; CHECK: br i1 %more.combined, label %row.combined, label %binned.atomics
; CHECK: bins.add:
; CHECK: atomicrmw add ptr addrspace(1) {{%.*}}, i32 %bin.total monotonic, align 4

; CHECK-LABEL: define void @unmarked(
; CHECK-NOT: alloca
; CHECK: atomicrmw add ptr addrspace(1) %b, i32 1 monotonic, align 4
; CHECK-NOT: atomicrmw

; CHECK-LABEL: define void @grid_words(
; CHECK: [[WBINS:%bins[0-9]*]] = alloca [256 x i32], align 4
; CHECK: row.preheader:
; CHECK: %counters.clear = and i1 true,
; CHECK-NEXT: br i1 %counters.clear, label %counters.alias.preheader.combined, label %counters.alias.preheader
; CHECK: block.combined:
; CHECK-NOT: atomicrmw
; CHECK: bins.add:

; CHECK-LABEL: define void @grid_offset(
; CHECK: [[OBINS:%bins[0-9]*]] = alloca [256 x i32], align 4
; CHECK: row.preheader:
; CHECK: [[OFF:%.*]] = zext i32 %off to i64
; CHECK: %counters.clear = and i1 true,
; CHECK: [[HIGHEST:%.*]] = add i64 {{%[0-9]+}}, [[OFF]]{{$}}
; CHECK-NEXT: [[LAST:%.*]] = add i64 [[HIGHEST]], -1
; CHECK-NEXT: [[OVER:%.*]] = icmp uge i64 [[LAST]], 4294967296
; CHECK-NEXT: [[FITS:%.*]] = xor i1 [[OVER]], true
; CHECK-NEXT: %narrow.fits = and i1 %counters.clear, [[FITS]]
; CHECK-NEXT: br i1 %narrow.fits, label %counters.alias.preheader.combined, label %counters.alias.preheader
; CHECK: block.combined:
; CHECK-NOT: atomicrmw
; CHECK: bins.add:

define void @grid(ptr addrspace(1) %in, ptr addrspace(1) %bins, ptr %ctx, i64 %start, i64 %end, i64 %size.x) {
entry:
  %size.global = load i64, ptr %ctx, align 8, !range !2
  %any = icmp ult i64 %start, %end
  br i1 %any, label %row.preheader, label %exit

row.preheader:
  br label %row

row:
  %s = phi i64 [ %start, %row.preheader ], [ %s.next, %step ]
  br label %block

block:
  %j = phi i64 [ 0, %row ], [ %j.next, %block ]
  %at = add nuw nsw i64 %s, %j
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %at
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %j.next = add nuw nsw i64 %j, 1
  %at.next = add nuw nsw i64 %s, %j.next
  %in.block = icmp ult i64 %j.next, %size.x
  %in.row = icmp ult i64 %at.next, %end
  %go = and i1 %in.block, %in.row
  br i1 %go, label %block, label %step

step:
  %s.next = add nuw nsw i64 %s, %size.global
  %more = icmp ult i64 %s.next, %end
  br i1 %more, label %row, label %exit.loopexit, !llvm.loop !0

exit.loopexit:
  br label %exit

exit:
  ret void
}

define void @unmarked(ptr addrspace(1) %in, ptr addrspace(1) %bins, ptr %ctx, i64 %start, i64 %end, i64 %size.x) {
entry:
  %size.global = load i64, ptr %ctx, align 8, !range !2
  %any = icmp ult i64 %start, %end
  br i1 %any, label %row.preheader, label %exit

row.preheader:
  br label %row

row:
  %s = phi i64 [ %start, %row.preheader ], [ %s.next, %step ]
  br label %block

block:
  %j = phi i64 [ 0, %row ], [ %j.next, %block ]
  %at = add nuw nsw i64 %s, %j
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %at
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %j.next = add nuw nsw i64 %j, 1
  %at.next = add nuw nsw i64 %s, %j.next
  %in.block = icmp ult i64 %j.next, %size.x
  %in.row = icmp ult i64 %at.next, %end
  %go = and i1 %in.block, %in.row
  br i1 %go, label %block, label %step

step:
  %s.next = add nuw nsw i64 %s, %size.global
  %more = icmp ult i64 %s.next, %end
  br i1 %more, label %row, label %exit.loopexit

exit.loopexit:
  br label %exit

exit:
  ret void
}

define void @grid_words(ptr addrspace(1) %in, ptr addrspace(1) %bins, ptr %ctx, i64 %start, i64 %end, i64 %size.x) {
entry:
  %size.global = load i64, ptr %ctx, align 8, !range !2
  %any = icmp ult i64 %start, %end
  br i1 %any, label %row.preheader, label %exit

row.preheader:
  br label %row

row:
  %s = phi i64 [ %start, %row.preheader ], [ %s.next, %step ]
  br label %block

block:
  %j = phi i64 [ 0, %row ], [ %j.next, %block ]
  %at = add nuw nsw i64 %s, %j
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %at
  %v = load i32, ptr addrspace(1) %p, align 4
  %masked = and i32 %v, 255
  %idx = zext i32 %masked to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %j.next = add nuw nsw i64 %j, 1
  %at.next = add nuw nsw i64 %s, %j.next
  %in.block = icmp ult i64 %j.next, %size.x
  %in.row = icmp ult i64 %at.next, %end
  %go = and i1 %in.block, %in.row
  br i1 %go, label %block, label %step

step:
  %s.next = add nuw nsw i64 %s, %size.global
  %more = icmp ult i64 %s.next, %end
  br i1 %more, label %row, label %exit.loopexit, !llvm.loop !3

exit.loopexit:
  br label %exit

exit:
  ret void
}

define void @grid_offset(ptr addrspace(1) %in, ptr addrspace(1) %bins, ptr %ctx, i64 %start, i64 %end, i64 %size.x, i32 %off) {
entry:
  %size.global = load i64, ptr %ctx, align 8, !range !2
  %any = icmp ult i64 %start, %end
  br i1 %any, label %row.preheader, label %exit

row.preheader:
  br label %row

row:
  %s = phi i64 [ %start, %row.preheader ], [ %s.next, %step ]
  br label %block

block:
  %j = phi i64 [ 0, %row ], [ %j.next, %block ]
  %at = add nuw nsw i64 %s, %j
  %i = trunc i64 %at to i32
  %k = add i32 %off, %i
  %kz = zext i32 %k to i64
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %kz
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %j.next = add nuw nsw i64 %j, 1
  %at.next = add nuw nsw i64 %s, %j.next
  %in.block = icmp ult i64 %j.next, %size.x
  %in.row = icmp ult i64 %at.next, %end
  %go = and i1 %in.block, %in.row
  br i1 %go, label %block, label %step

step:
  %s.next = add nuw nsw i64 %s, %size.global
  %more = icmp ult i64 %s.next, %end
  br i1 %more, label %row, label %exit.loopexit, !llvm.loop !4

exit.loopexit:
  br label %exit

exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"weft.loop.collapsed_row"}
!2 = !{i64 1, i64 -9223372036854775808}
!3 = distinct !{!3, !1}
!4 = distinct !{!4, !1}
