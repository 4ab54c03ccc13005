; A row reading at a narrow index widened (`in[base + i]` with `uint` base and i: zext of a 32-bit
; sum, which ScalarEvolution cannot follow as it is) has its range taken as that of the index
; stepping in 64 bits, [in + base, in + base + trips), under the assumption that the 32-bit index
; does not wrap over the row: checked before the loop with the ranges (neither base + trips - 1
; below base in 32 bits, nor more than 2^32 trips), the loop as it was otherwise.
; RUN: %opt -passes=weft-combine-atomics -S %s | FileCheck %s

; CHECK-LABEL: define void @chunk(
; CHECK: row.preheader:
; CHECK-NEXT: [[BASE:%.*]] = zext i32 %base to i64
; CHECK-NEXT: [[LOW:%.*]] = add i64 %in1, [[BASE]]
; CHECK-NEXT: [[END:%.*]] = add i64 %n, %in1
; CHECK-NEXT: [[HIGH:%.*]] = add i64 [[END]], [[BASE]]
; CHECK: %counters.clear = and i1 true,
; CHECK-NEXT: [[TAKEN:%.*]] = add i64 %n, -1
; CHECK-NEXT: [[TAKEN32:%.*]] = trunc i64 [[TAKEN]] to i32
; CHECK-NEXT: [[LAST:%.*]] = add i32 %base, [[TAKEN32]]
; CHECK-NEXT: [[WRAPS:%.*]] = icmp ult i32 [[LAST]], %base
; CHECK-NEXT: [[LONG:%.*]] = icmp ugt i64 [[TAKEN]], 4294967295
; CHECK-NEXT: [[FAILS:%.*]] = or i1 [[WRAPS]], [[LONG]]
; CHECK-NEXT: [[HOLDS:%.*]] = xor i1 [[FAILS]], true
; CHECK-NEXT: %no.wrap = and i1 %counters.clear, [[HOLDS]]
; CHECK-NEXT: %bins.row = icmp uge i64 [[TAKEN]], 63
; CHECK-NEXT: [[GO:%.*]] = and i1 %no.wrap, %bins.row
; CHECK-NEXT: br i1 [[GO]], label %counters.alias.preheader.combined, label %counters.alias.preheader
; CHECK: row.combined:
; CHECK-NOT: atomicrmw
; CHECK: bins.add:
; CHECK: atomicrmw add ptr addrspace(1) {{%.*}}, i32 %bin.total monotonic, align 4

define void @chunk(ptr addrspace(1) %in, ptr addrspace(1) %bins, i32 %base, i64 %n) {
entry:
  %any = icmp ne i64 %n, 0
  br i1 %any, label %row.preheader, label %exit

row.preheader:
  br label %row

row:
  %i = phi i64 [ 0, %row.preheader ], [ %i.next, %row ]
  %t = trunc i64 %i to i32
  %k = add i32 %base, %t
  %kz = zext i32 %k to i64
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %kz
  %v = load i8, ptr addrspace(1) %p, align 1
  %idx = zext i8 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw add ptr addrspace(1) %b, i32 1 monotonic, align 4
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %row, label %exit.loopexit, !llvm.loop !0

exit.loopexit:
  br label %exit

exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"weft.loop.collapsed_row"}
