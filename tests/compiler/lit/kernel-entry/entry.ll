; Work-group functions: __weft_wg_<kernel>(args, ctx) unpacks the argument buffer and runs the
; work-item function over the work-group in z, y, x loops; with barriers, one loop nest per region.
; RUN: %opt -passes=weft-kernel-entry -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.pair = type { i32, double }

define spir_kernel void @plain(ptr addrspace(1) %out, i32 %n, ptr byval(%struct.pair) align 8 %p, <4 x float> %v) #0 {
  ret void
}

define internal void @plain.workitem(ptr addrspace(1) %out, i32 %n, ptr byval(%struct.pair) align 8 %p, <4 x float> %v, ptr %ctx, i64 %x, i64 %y, i64 %z) #1 {
  %private = alloca i32, align 4
  store i32 %n, ptr %private
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x
  store i32 %n, ptr addrspace(1) %q
  ret void
}

define spir_kernel void @sync(ptr addrspace(1) %out) #0 {
  ret void
}

define internal i32 @sync.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #2 {
  ret i32 -1
}

define void @helper() {
  ret void
}

; The private variable's accesses are not in the group: one alloca serves every iteration.
; CHECK-LABEL: define internal void @plain.workitem(
; CHECK-NEXT: %private = alloca i32
; CHECK-NEXT: store i32 %n, ptr %private, align 4{{$}}
; CHECK-NEXT: %q = getelementptr
; CHECK-NEXT: store i32 %n, ptr addrspace(1) %q, align 4, !llvm.access.group ![[GROUP:[0-9]+]]

; Everything but the work-group functions is internal; the kernels are gone.
; CHECK-LABEL: define internal void @helper()
; CHECK-NOT: define {{.*}}spir_kernel

; The argument buffer: the pointer at 0, the int at 8, the by-value struct (16 bytes) at 16, passed
; by address, the vector at 32. Local sizes come from the context (offset 48); do-while loops over
; z, y, x, the x loop parallel over the work-item function's accesses to non-private memory.
; CHECK-LABEL: define void @__weft_wg_plain(
; CHECK-SAME: ptr noalias %args, ptr noalias %ctx) #[[PLAIN:[0-9]+]]
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[OUT:.*]] = getelementptr inbounds i8, ptr %args, i64 0
; CHECK-NEXT: %out = load ptr addrspace(1), ptr %[[OUT]]
; CHECK-NEXT: %[[N:.*]] = getelementptr inbounds i8, ptr %args, i64 8
; CHECK-NEXT: %n = load i32, ptr %[[N]]
; CHECK-NEXT: %[[P:.*]] = getelementptr inbounds i8, ptr %args, i64 16
; CHECK-NEXT: %[[V:.*]] = getelementptr inbounds i8, ptr %args, i64 32
; CHECK-NEXT: %v = load <4 x float>, ptr %[[V]]
; CHECK:      %size.x = load i64, ptr %{{.*}}, align 8, !invariant.load
; CHECK:      %size.y = load i64
; CHECK:      %size.z = load i64
; CHECK-NEXT: br label %wi.z
; CHECK:      wi.z:
; CHECK-NEXT: %wi.z.id = phi i64 [ 0, %entry ], [ %[[ZN:.*]], %wi.y.end ]
; CHECK:      wi.y:
; CHECK-NEXT: %wi.y.id = phi i64 [ 0, %wi.z ], [ %[[YN:.*]], %wi.x.end ]
; CHECK:      wi.x:
; CHECK-NEXT: %wi.x.id = phi i64 [ 0, %wi.y ], [ %[[XN:.*]], %wi.x ]
; CHECK-NEXT: call void @plain.workitem(ptr addrspace(1) %out, i32 %n, ptr %[[P]], <4 x float> %v, ptr %ctx, i64 %wi.x.id, i64 %wi.y.id, i64 %wi.z.id)
; CHECK-NEXT: %[[XN]] = add nuw nsw i64 %wi.x.id, 1
; CHECK-NEXT: %[[XC:.*]] = icmp ult i64 %[[XN]], %size.x
; CHECK-NEXT: br i1 %[[XC]], label %wi.x, label %wi.x.end, !llvm.loop ![[LOOP:[0-9]+]]
; CHECK:      br i1 %{{.*}}, label %wi.y, label %wi.y.end, !llvm.loop ![[ROWS:[0-9]+]]
; CHECK:      br i1 %{{.*}}, label %wi.z, label %wi.z.end, !llvm.loop ![[PLANES:[0-9]+]]
; CHECK:      wi.z.end:
; CHECK-NEXT: ret void

; With barriers: one loop nest per region, each calling the work-item function with its region's
; resume id; the id the last work-item returns picks the next region, -1 ends.
; CHECK-LABEL: define void @__weft_wg_sync(ptr noalias %args, ptr noalias %ctx)
; CHECK-NEXT: entry:
; CHECK-NEXT: %next.slot = alloca i32
; CHECK:      br label %dispatch
; CHECK:      dispatch:
; CHECK-NEXT: %resume = phi i32 [ 0, %entry ], [ %next, %continue ]
; CHECK-NEXT: switch i32 %resume, label %region0 [
; CHECK-NEXT:   i32 1, label %region1
; CHECK-NEXT: ]
; CHECK:      region0.x:
; CHECK:      %[[ID0:.*]] = call i32 @sync.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %region0.x.id, i64 %region0.y.id, i64 %region0.z.id, i32 0)
; CHECK:      br i1 %{{.*}}, label %region0.x, label %region0.x.end, !llvm.loop
; CHECK:      region0.x.end:
; CHECK-NEXT: store i32 %[[ID0]], ptr %next.slot
; CHECK:      region0.z.end:
; CHECK-NEXT: br label %continue
; CHECK:      region1.x:
; CHECK:      %[[ID1:.*]] = call i32 @sync.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %region1.x.id, i64 %region1.y.id, i64 %region1.z.id, i32 1)
; CHECK:      br i1 %{{.*}}, label %region1.x, label %region1.x.end, !llvm.loop
; CHECK:      region1.x.end:
; CHECK-NEXT: store i32 %[[ID1]], ptr %next.slot
; CHECK:      region1.z.end:
; CHECK-NEXT: br label %continue
; CHECK:      continue:
; CHECK-NEXT: %next = load i32, ptr %next.slot
; CHECK-NEXT: %[[END:.*]] = icmp eq i32 %next, -1
; CHECK-NEXT: br i1 %[[END]], label %done, label %dispatch
; CHECK:      done:
; CHECK-NEXT: ret void

; The kernel's own function attributes (target CPU and features, fast-math...) carry over.
; CHECK: attributes #[[PLAIN]] = { "uniform-work-group-size"="true" "weft-arg-buffer-size"="64" "weft-arg-layout"="0:8,8:4,16:16,32:16" "weft-local-bytes"="0" "weft-local-scratch-bytes"="0" "weft-private-bytes"="0" }
; CHECK: ![[LOOP]] = distinct !{![[LOOP]], ![[PARALLEL:[0-9]+]], ![[MARKER:[0-9]+]]}
; CHECK: ![[PARALLEL]] = !{!"llvm.loop.parallel_accesses", ![[GROUP]]}
; CHECK: ![[MARKER]] = !{!"weft.loop.work_items"}
; The rows and planes are not unrolled for a trip count known only at run time.
; CHECK: ![[ROWS]] = distinct !{![[ROWS]], ![[NO_RUNTIME_UNROLL:[0-9]+]]}
; CHECK: ![[NO_RUNTIME_UNROLL]] = !{!"llvm.loop.unroll.runtime.disable"}
; CHECK: ![[PLANES]] = distinct !{![[PLANES]], ![[NO_RUNTIME_UNROLL]]}

attributes #0 = { "uniform-work-group-size"="true" }
attributes #1 = { "weft-work-item"="plain" }
attributes #2 = { "weft-work-item"="sync" "weft-resume-points"="1" "weft-private-bytes"="16" }
