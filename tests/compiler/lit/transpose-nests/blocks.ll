; weft-transpose-nests: loop nests that only copy elements of 4 or 8 bytes between address spaces,
; transposed, run in blocks of 32 x 32 bytes (vector loads along the side the source is contiguous
; in, shuffles, vector stores along the destination's) when a run-time check finds whole blocks
; and destination rows a row apart; the nest itself stays as the other way. Nests that do
; anything else are left alone. weft-keep-transpose-nests keeps such a nest's outer loop from
; LLVM's full unrolling.
; RUN: %opt -passes=weft-transpose-nests -S %s | FileCheck %s
; RUN: %opt -passes='loop(weft-keep-transpose-nests)' -S %s | FileCheck %s --check-prefix=KEEP

; Columns of a float matrix gathered into the rows of a local tile (32 per row), the column count
; known at run time: blocks of 8 x 8 4-byte elements.
; CHECK-LABEL: define void @gather(
; CHECK: br i1 %{{.*}}, label %transpose.blocks, label %{{.*}}
; CHECK: load float, ptr addrspace(1) %sp
; CHECK: transpose.blocks:
; CHECK-COUNT-8: load <8 x i32>, ptr addrspace(1)
; CHECK-COUNT-24: shufflevector <8 x i32>
; CHECK-COUNT-8: store <8 x i32> %{{.*}}, ptr addrspace(3)
; CHECK: load i32, ptr addrspace(1)
; CHECK: store i32 %{{.*}}, ptr addrspace(3)
; KEEP-LABEL: define void @gather(
; KEEP: br i1 %j.done, label %exit, label %outer, !llvm.loop ![[GATHER:[0-9]+]]
define void @gather(ptr addrspace(1) %src, ptr addrspace(3) %dst, i64 %pitch, i64 %n) {
entry:
  br label %outer

outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %outer.latch ]
  br label %inner

inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %si = mul nsw i64 %i, %pitch
  %sidx = add nsw i64 %si, %j
  %sp = getelementptr inbounds float, ptr addrspace(1) %src, i64 %sidx
  %v = load float, ptr addrspace(1) %sp, align 4
  %dj = shl nsw i64 %j, 5
  %didx = add nsw i64 %dj, %i
  %dp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %didx
  store float %v, ptr addrspace(3) %dp, align 4
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, 32
  br i1 %i.done, label %outer.latch, label %inner

outer.latch:
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %exit, label %outer

exit:
  ret void
}

; The mirror: the rows of a local tile of 8-byte elements scattered to the columns of a global
; matrix, 16 rows, their length known at run time: blocks of 4 x 4.
; CHECK-LABEL: define void @scatter(
; CHECK: transpose.blocks:
; CHECK-COUNT-4: load <4 x i64>, ptr addrspace(3)
; CHECK-COUNT-8: shufflevector <4 x i64>
; CHECK-COUNT-4: store <4 x i64> %{{.*}}, ptr addrspace(1)
define void @scatter(ptr addrspace(3) %src, ptr addrspace(1) %dst, i64 %pitch, i64 %n) {
entry:
  br label %outer

outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %outer.latch ]
  br label %inner

inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %sj = mul nsw i64 %j, %n
  %sidx = add nsw i64 %sj, %i
  %sp = getelementptr inbounds i64, ptr addrspace(3) %src, i64 %sidx
  %v = load i64, ptr addrspace(3) %sp, align 4
  %di = mul nsw i64 %i, %pitch
  %didx = add nsw i64 %di, %j
  %dp = getelementptr inbounds i64, ptr addrspace(1) %dst, i64 %didx
  store i64 %v, ptr addrspace(1) %dp, align 4
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, %n
  br i1 %i.done, label %outer.latch, label %inner

outer.latch:
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, 16
  br i1 %j.done, label %exit, label %outer

exit:
  ret void
}

; Left alone: both sides in global memory (they may overlap); rows copied as rows (nothing to
; transpose); a nest that also stores something else; elements of 2 bytes.
; CHECK-LABEL: define void @same_space(
; CHECK-NOT: transpose
; CHECK-LABEL: define void @rows(
; CHECK-NOT: transpose
; CHECK-LABEL: define void @another_store(
; CHECK-NOT: transpose
; CHECK-LABEL: define void @halves(
; CHECK-NOT: transpose
; KEEP-LABEL: define void @same_space(
; KEEP-NOT: !llvm.loop
; KEEP-LABEL: define void @unrolled(
define void @same_space(ptr addrspace(1) %src, ptr addrspace(1) %dst, i64 %pitch, i64 %n) {
entry:
  br label %outer

outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %outer.latch ]
  br label %inner

inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %si = mul nsw i64 %i, %pitch
  %sidx = add nsw i64 %si, %j
  %sp = getelementptr inbounds float, ptr addrspace(1) %src, i64 %sidx
  %v = load float, ptr addrspace(1) %sp, align 4
  %dj = shl nsw i64 %j, 5
  %didx = add nsw i64 %dj, %i
  %dp = getelementptr inbounds float, ptr addrspace(1) %dst, i64 %didx
  store float %v, ptr addrspace(1) %dp, align 4
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, 32
  br i1 %i.done, label %outer.latch, label %inner

outer.latch:
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %exit, label %outer

exit:
  ret void
}
define void @rows(ptr addrspace(1) %src, ptr addrspace(3) %dst, i64 %pitch, i64 %n) {
entry:
  br label %outer

outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %outer.latch ]
  br label %inner

inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %sj = mul nsw i64 %j, %pitch
  %sidx = add nsw i64 %sj, %i
  %sp = getelementptr inbounds float, ptr addrspace(1) %src, i64 %sidx
  %v = load float, ptr addrspace(1) %sp, align 4
  %dj = shl nsw i64 %j, 5
  %didx = add nsw i64 %dj, %i
  %dp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %didx
  store float %v, ptr addrspace(3) %dp, align 4
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, 32
  br i1 %i.done, label %outer.latch, label %inner

outer.latch:
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %exit, label %outer

exit:
  ret void
}
define void @another_store(ptr addrspace(1) %src, ptr addrspace(3) %dst, i64 %pitch, i64 %n) {
entry:
  br label %outer

outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %outer.latch ]
  br label %inner

inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %si = mul nsw i64 %i, %pitch
  %sidx = add nsw i64 %si, %j
  %sp = getelementptr inbounds float, ptr addrspace(1) %src, i64 %sidx
  %v = load float, ptr addrspace(1) %sp, align 4
  %dj = shl nsw i64 %j, 5
  %didx = add nsw i64 %dj, %i
  %dp = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %didx
  store float %v, ptr addrspace(3) %dp, align 4
  store i64 %i, ptr addrspace(3) %dst, align 8
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, 32
  br i1 %i.done, label %outer.latch, label %inner

outer.latch:
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %exit, label %outer

exit:
  ret void
}
define void @halves(ptr addrspace(1) %src, ptr addrspace(3) %dst, i64 %pitch, i64 %n) {
entry:
  br label %outer

outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %outer.latch ]
  br label %inner

inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %si = mul nsw i64 %i, %pitch
  %sidx = add nsw i64 %si, %j
  %sp = getelementptr inbounds half, ptr addrspace(1) %src, i64 %sidx
  %v = load half, ptr addrspace(1) %sp, align 4
  %dj = shl nsw i64 %j, 5
  %didx = add nsw i64 %dj, %i
  %dp = getelementptr inbounds half, ptr addrspace(3) %dst, i64 %didx
  store half %v, ptr addrspace(3) %dp, align 4
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, 32
  br i1 %i.done, label %outer.latch, label %inner

outer.latch:
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %exit, label %outer

exit:
  ret void
}

; An inner loop LLVM unrolled whole: the outer loop's body copies elements 0 to 7 of each column
; one after another; weft-keep-transpose-nests marks the outer loop (its unrolled form would be
; no nest).
; CHECK-LABEL: define void @unrolled(
; CHECK: transpose.blocks:
; CHECK-COUNT-8: load <8 x i32>, ptr addrspace(1)
; KEEP: br i1 %j.done, label %exit, label %outer, !llvm.loop ![[UNROLLED:[0-9]+]]
; KEEP: ![[GATHER]] = distinct !{![[GATHER]], ![[DISABLE:[0-9]+]]}
; KEEP: ![[DISABLE]] = !{!"llvm.loop.unroll.disable"}
; KEEP: ![[UNROLLED]] = distinct !{![[UNROLLED]], ![[DISABLE]]}
define void @unrolled(ptr addrspace(1) %src, ptr addrspace(3) %dst, i64 %pitch, i64 %n) {
entry:
  %p0 = mul nsw i64 %pitch, 0
  %p1 = mul nsw i64 %pitch, 1
  %p2 = mul nsw i64 %pitch, 2
  %p3 = mul nsw i64 %pitch, 3
  %p4 = mul nsw i64 %pitch, 4
  %p5 = mul nsw i64 %pitch, 5
  %p6 = mul nsw i64 %pitch, 6
  %p7 = mul nsw i64 %pitch, 7
  br label %outer

outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %outer ]
  %row = shl nsw i64 %j, 3
  %s0 = add nsw i64 %j, %p0
  %sp0 = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %s0
  %v0 = load i32, ptr addrspace(1) %sp0, align 4
  %d0 = add nsw i64 %row, 0
  %dp0 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d0
  store i32 %v0, ptr addrspace(3) %dp0, align 4
  %s1 = add nsw i64 %j, %p1
  %sp1 = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %s1
  %v1 = load i32, ptr addrspace(1) %sp1, align 4
  %d1 = add nsw i64 %row, 1
  %dp1 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d1
  store i32 %v1, ptr addrspace(3) %dp1, align 4
  %s2 = add nsw i64 %j, %p2
  %sp2 = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %s2
  %v2 = load i32, ptr addrspace(1) %sp2, align 4
  %d2 = add nsw i64 %row, 2
  %dp2 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d2
  store i32 %v2, ptr addrspace(3) %dp2, align 4
  %s3 = add nsw i64 %j, %p3
  %sp3 = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %s3
  %v3 = load i32, ptr addrspace(1) %sp3, align 4
  %d3 = add nsw i64 %row, 3
  %dp3 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d3
  store i32 %v3, ptr addrspace(3) %dp3, align 4
  %s4 = add nsw i64 %j, %p4
  %sp4 = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %s4
  %v4 = load i32, ptr addrspace(1) %sp4, align 4
  %d4 = add nsw i64 %row, 4
  %dp4 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d4
  store i32 %v4, ptr addrspace(3) %dp4, align 4
  %s5 = add nsw i64 %j, %p5
  %sp5 = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %s5
  %v5 = load i32, ptr addrspace(1) %sp5, align 4
  %d5 = add nsw i64 %row, 5
  %dp5 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d5
  store i32 %v5, ptr addrspace(3) %dp5, align 4
  %s6 = add nsw i64 %j, %p6
  %sp6 = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %s6
  %v6 = load i32, ptr addrspace(1) %sp6, align 4
  %d6 = add nsw i64 %row, 6
  %dp6 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d6
  store i32 %v6, ptr addrspace(3) %dp6, align 4
  %s7 = add nsw i64 %j, %p7
  %sp7 = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %s7
  %v7 = load i32, ptr addrspace(1) %sp7, align 4
  %d7 = add nsw i64 %row, 7
  %dp7 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d7
  store i32 %v7, ptr addrspace(3) %dp7, align 4
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %exit, label %outer

exit:
  ret void
}

; The same rows of a tile filled from two objects (the first four elements from %a, the rest from
; %b): no step from one to the other, left alone.
; CHECK-LABEL: define void @two_sources(
; CHECK-NOT: transpose
define void @two_sources(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(3) %dst, i64 %pitch, i64 %n) {
entry:
  %p0 = mul nsw i64 %pitch, 0
  %p1 = mul nsw i64 %pitch, 1
  %p2 = mul nsw i64 %pitch, 2
  %p3 = mul nsw i64 %pitch, 3
  %p4 = mul nsw i64 %pitch, 4
  %p5 = mul nsw i64 %pitch, 5
  %p6 = mul nsw i64 %pitch, 6
  %p7 = mul nsw i64 %pitch, 7
  br label %outer

outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %outer ]
  %row = shl nsw i64 %j, 3
  %s0 = add nsw i64 %j, %p0
  %sp0 = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %s0
  %v0 = load i32, ptr addrspace(1) %sp0, align 4
  %d0 = add nsw i64 %row, 0
  %dp0 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d0
  store i32 %v0, ptr addrspace(3) %dp0, align 4
  %s1 = add nsw i64 %j, %p1
  %sp1 = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %s1
  %v1 = load i32, ptr addrspace(1) %sp1, align 4
  %d1 = add nsw i64 %row, 1
  %dp1 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d1
  store i32 %v1, ptr addrspace(3) %dp1, align 4
  %s2 = add nsw i64 %j, %p2
  %sp2 = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %s2
  %v2 = load i32, ptr addrspace(1) %sp2, align 4
  %d2 = add nsw i64 %row, 2
  %dp2 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d2
  store i32 %v2, ptr addrspace(3) %dp2, align 4
  %s3 = add nsw i64 %j, %p3
  %sp3 = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %s3
  %v3 = load i32, ptr addrspace(1) %sp3, align 4
  %d3 = add nsw i64 %row, 3
  %dp3 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d3
  store i32 %v3, ptr addrspace(3) %dp3, align 4
  %s4 = add nsw i64 %j, %p4
  %sp4 = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %s4
  %v4 = load i32, ptr addrspace(1) %sp4, align 4
  %d4 = add nsw i64 %row, 4
  %dp4 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d4
  store i32 %v4, ptr addrspace(3) %dp4, align 4
  %s5 = add nsw i64 %j, %p5
  %sp5 = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %s5
  %v5 = load i32, ptr addrspace(1) %sp5, align 4
  %d5 = add nsw i64 %row, 5
  %dp5 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d5
  store i32 %v5, ptr addrspace(3) %dp5, align 4
  %s6 = add nsw i64 %j, %p6
  %sp6 = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %s6
  %v6 = load i32, ptr addrspace(1) %sp6, align 4
  %d6 = add nsw i64 %row, 6
  %dp6 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d6
  store i32 %v6, ptr addrspace(3) %dp6, align 4
  %s7 = add nsw i64 %j, %p7
  %sp7 = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %s7
  %v7 = load i32, ptr addrspace(1) %sp7, align 4
  %d7 = add nsw i64 %row, 7
  %dp7 = getelementptr inbounds i32, ptr addrspace(3) %dst, i64 %d7
  store i32 %v7, ptr addrspace(3) %dp7, align 4
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %exit, label %outer

exit:
  ret void
}
