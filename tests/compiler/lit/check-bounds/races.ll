; weft-check-bounds with checks of races only (module flag weft.check.races): each access to local
; memory is tested against its bounds and, when made, tests and sets the tags of its bytes
; (__weft_check_writers(), __weft_check_readers(): a 32-bit tag per byte, at the byte's offset
; from the work-group's local memory), in the shadow's own scope and marked weft.race-tag. A
; work-item's tags are the round (__weft_check_round()) | its local linear id as a writer, | 0xffff
; - it as a reader. A store finds the lanes another work-item of the round read or wrote
; ((tag ^ mine) - 1 < 0xffff), the latter only if the value differs from the one there, makes
; itself the bytes' writer, and only where it found a race (a branch) works out the other
; work-item (the reader: 0xffff - the low bits; else the writer, with RaceOtherWrote; RaceWrites)
; and keeps the site (RaceSite, 4 bytes, argument 1). A store the work-group's own code makes
; (under __weft_first_work_item(): an async copy in the kernel) only clears the writers; an atomic
; is not tagged. A load finds the lanes another wrote, becomes the bytes' reader (umax) only where
; no lower id read them this round (a branch), and keeps the site with the array's description
; where it found a race (its interval after the barrier writes the array too; reads-only.ll has
; the reads of intervals that write nothing of their memory, which get no tags). The kept values go to the slots before each barrier and return, the other
; work-item in the address entry; the kernel gets weft-tags-local.
; RUN: %opt -passes=weft-check-bounds -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@k.t = internal addrspace(3) global [64 x float] undef, align 4

declare void @_Z7barrierj(i32)
declare i1 @__weft_first_work_item()

; CHECK-LABEL: define spir_kernel void @k(
; The store through the argument: bounds, then the tags.
; CHECK:      call i1 @__weft_check_refused(
; CHECK:      %check.local = sub i64 %{{.*}}, %{{.*}}
; CHECK:      %check.writers.at = getelementptr i32, ptr %{{.*}}, i64 %check.local
; CHECK:      %check.readers.at = getelementptr i32, ptr %{{.*}}, i64 %check.local
; CHECK:      %[[ID:.*]] = trunc i64 %{{.*}} to i32
; CHECK-NEXT: %check.round = call i32 @__weft_check_round()
; CHECK-NEXT: %check.writer = or i32 %check.round, %[[ID]]
; CHECK-NEXT: %[[INV:.*]] = sub i32 65535, %[[ID]]
; CHECK-NEXT: %check.reader = or i32 %check.round, %[[INV]]
; CHECK-NEXT: %check.readers = load <4 x i32>, ptr %check.readers.at, align 4, !alias.scope ![[SHADOW:[0-9]+]], !weft.check.access !{{[0-9]+}}, !weft.race-tag
; CHECK-NEXT: %check.writers = load <4 x i32>, ptr %check.writers.at, align 4, !alias.scope ![[SHADOW]], !weft.check.access !{{[0-9]+}}, !weft.race-tag
; CHECK:      %[[RX:.*]] = xor <4 x i32> %check.readers, %
; CHECK-NEXT: %[[RS:.*]] = sub <4 x i32> %[[RX]], <i32 1, i32 1, i32 1, i32 1>
; CHECK-NEXT: %[[READ:.*]] = icmp ult <4 x i32> %[[RS]], <i32 65535, i32 65535, i32 65535, i32 65535>
; CHECK:      %[[WX:.*]] = xor <4 x i32> %check.writers, %
; CHECK-NEXT: %[[WS:.*]] = sub <4 x i32> %[[WX]], <i32 1, i32 1, i32 1, i32 1>
; CHECK-NEXT: %[[WROTE:.*]] = icmp ult <4 x i32> %[[WS]], <i32 65535, i32 65535, i32 65535, i32 65535>
; CHECK-NEXT: %[[ANYREAD:.*]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %[[READ]])
; CHECK-NEXT: %[[ANYWROTE:.*]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %[[WROTE]])
; The value there: the same stored again is not a race.
; CHECK-NEXT: %check.old = load float, ptr addrspace(3) %ui, align 4, !noalias ![[SHADOW]]
; CHECK-NEXT: %[[NEW:.*]] = bitcast float %v to i32
; CHECK-NEXT: %[[OLD:.*]] = bitcast float %check.old to i32
; CHECK-NEXT: %[[DIFFERS:.*]] = icmp ne i32 %[[OLD]], %[[NEW]]
; CHECK-NEXT: %[[OVERWRITES:.*]] = and i1 %[[ANYWROTE]], %[[DIFFERS]]
; CHECK-NEXT: %[[RACED:.*]] = or i1 %[[ANYREAD]], %[[OVERWRITES]]
; CHECK:      store <4 x i32> %{{.*}}, ptr %check.writers.at, align 4, !alias.scope ![[SHADOW]], !weft.check.access !{{[0-9]+}}, !weft.race-tag
; CHECK-NEXT: br i1 %[[RACED]], label %[[FOUND:.*]], label %[[ON:.*]]
; Only on a race: the other work-item, the reader (0xffff - its tag's low bits), else the writer.
; CHECK:      [[FOUND]]:
; CHECK:      call i32 @llvm.vector.reduce.umax.v4i32(
; CHECK:      sub i64 65535,
; CHECK:      call i32 @llvm.vector.reduce.umax.v4i32(
; CHECK:      %[[WRITER:.*]] = or i64 %{{.*}}, 8589934592
; CHECK-NEXT: %[[OTHER:.*]] = select i1 %[[ANYREAD]], i64 %{{.*}}, i64 %[[WRITER]]
; CHECK-NEXT: %[[ADDRESS:.*]] = or i64 %[[OTHER]], 4294967296
; CHECK-NEXT: br label %[[ON]]
; RaceSite | argument 1 << 4 | 4 bytes << 16 (no line), kept with the address entry.
; CHECK:      [[ON]]:
; CHECK-NEXT: %[[KEPTADDRESS:.*]] = phi i64 [ %[[ADDRESS]], %[[FOUND]] ], [ 0, %{{.*}} ]
; CHECK-NEXT: %[[KEPTSITE:.*]] = phi i64 [ -4611686018427125729, %[[FOUND]] ], [ 0, %{{.*}} ]
; CHECK-NEXT: store float %v, ptr addrspace(3) %ui, align 4, !noalias ![[SHADOW]]
; The async copy's store: the writers cleared, as one integer (the work-items read @k.t's tags).
; CHECK:      copy:
; CHECK:      store i256 0, ptr %{{.*}}, align 4, !alias.scope ![[SHADOW]], !weft.check.access !{{[0-9]+}}, !weft.race-tag
; CHECK-NEXT: store <2 x float> %c, ptr addrspace(3) @k.t, align 4, !noalias ![[SHADOW]]
; The atomic: nothing. Before the barrier, the record: the other work-item in the address entry.
; CHECK:      after:
; CHECK-NEXT: %n = atomicrmw add
; CHECK:      icmp ne i64 %check.unread.{{[0-9]+}}, 0
; CHECK:      store i64 %check.unread.{{[0-9]+}}, ptr
; CHECK-NEXT: %[[AT:.*]] = add i64 %{{.*}}, %{{.*}}
; CHECK-NEXT: %[[ENTRY:.*]] = getelementptr i64, ptr %{{.*}}, i64 %[[AT]]
; CHECK-NEXT: store i64 %check.unread{{[0-9]+}}.{{[0-9]+}}, ptr %[[ENTRY]]
; CHECK:      call void @_Z7barrierj(i32 1)
; The load from the array: the writers' lanes of others; the reader tag stored (umax) only where
; a lane's is below this work-item's; the site (RaceSite | 4 bytes << 16, an array: argument 0)
; and the array's description kept only where a race was found.
; CHECK:      %check.writers{{[0-9]+}} = load <4 x i32>
; CHECK:      %[[OTHERS:.*]] = icmp ult <4 x i32>
; CHECK-NEXT: %[[ANY:.*]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %[[OTHERS]])
; CHECK-NEXT: %[[READERS:.*]] = load <4 x i32>, ptr %check.readers.at{{[0-9]+}}, align 4, !alias.scope ![[SHADOW]], !weft.check.access !{{[0-9]+}}, !weft.race-tag
; CHECK:      %[[BELOW:.*]] = icmp ult <4 x i32> %[[READERS]], %[[MINE:.*]]
; CHECK-NEXT: %[[FIRST:.*]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %[[BELOW]])
; CHECK-NEXT: %[[MAX:.*]] = call <4 x i32> @llvm.umax.v4i32(<4 x i32> %[[READERS]], <4 x i32> %[[MINE]])
; CHECK-NEXT: br i1 %[[FIRST]], label %[[NEWREADER:.*]], label %[[NEXT:.*]]
; CHECK:      [[NEWREADER]]:
; CHECK-NEXT: store <4 x i32> %[[MAX]], ptr %check.readers.at{{[0-9]+}}, align 4, !alias.scope ![[SHADOW]], !weft.check.access !{{[0-9]+}}, !weft.race-tag
; CHECK:      [[NEXT]]:
; CHECK-NEXT: br i1 %[[ANY]], label %[[RACE:.*]], label %[[LOAD:.*]]
; CHECK:      [[RACE]]:
; CHECK:      or i64 %{{.*}}, 8589934592
; CHECK:      [[LOAD]]:
; CHECK-NEXT: phi i64 [ %{{.*}}, %[[RACE]] ], [ 0, %[[NEXT]] ]
; CHECK-NEXT: phi i64 [ ptrtoint (ptr @weft.check.memory to i64), %[[RACE]] ], [ 0, %[[NEXT]] ]
; CHECK-NEXT: phi i64 [ -4611686018427125745, %[[RACE]] ], [ 0, %[[NEXT]] ]
; CHECK-NEXT: %w = load float, ptr addrspace(3) %tj, align 4, !noalias ![[SHADOW]]
; CHECK:      ret void
; CHECK:      attributes #0 = { "weft-tags-local" }

define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(3) %u, i64 %i, float %v, ptr addrspace(1) %in) {
  %ui = getelementptr inbounds float, ptr addrspace(3) %u, i64 %i
  store float %v, ptr addrspace(3) %ui, align 4
  %first = call i1 @__weft_first_work_item()
  br i1 %first, label %copy, label %after

copy:
  %c = load <2 x float>, ptr addrspace(1) %in, align 8
  store <2 x float> %c, ptr addrspace(3) @k.t, align 4
  br label %after

after:
  %n = atomicrmw add ptr addrspace(3) %u, i32 1 monotonic
  call void @_Z7barrierj(i32 1)
  %tj = getelementptr inbounds [64 x float], ptr addrspace(3) @k.t, i64 0, i64 %i
  %w = load float, ptr addrspace(3) %tj, align 4
  store float %w, ptr addrspace(1) %out, align 4
  %last = getelementptr inbounds [64 x float], ptr addrspace(3) @k.t, i64 0, i64 63
  store float 0.0, ptr addrspace(3) %last, align 4
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"weft.check.races", i32 1}
