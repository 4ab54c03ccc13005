; In a program built with barrier checks (module flag weft.check.barriers), weft-barriers gives
; weft-kernel-entry each barrier's source line and column by resume id (weft-barrier-lines), from
; the weft.line that weft-check-bounds put on the calls (a barrier without one has 0:0), where
; the work-items may stop apart: a branch on a divergent condition (the local id) reaches a
; barrier or the end before its ways join. A kernel whose divergent branches hold no barrier
; (@uniform: a divergent `if` inside a uniform loop) is left unchecked; so is every kernel
; without the flag.
; RUN: %opt -passes=weft-barriers -S %s | FileCheck %s
; RUN: sed -e '/weft.check.barriers/d' -e 's/!llvm.module.flags = !{!0}//' %s | %opt -passes=weft-barriers -S | FileCheck %s --check-prefix=OFF

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @_Z7barrierj(i32)

; CHECK:      define internal i32 @k.workitem({{.*}}) #[[K:[0-9]+]]
; CHECK:      define internal i32 @uniform.workitem({{.*}}) #[[U:[0-9]+]]
; CHECK:      attributes #[[K]] = { "weft-barrier-lines"="4:5,0:0,12:9"
; CHECK-NOT:  attributes #[[U]] = {{.*}}weft-barrier-lines
; OFF-NOT:    weft-barrier-lines
define internal i32 @k.workitem(ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #0 {
entry:
  store i32 1, ptr addrspace(1) %out
  call void @_Z7barrierj(i32 1), !weft.line !1
  store i32 2, ptr addrspace(1) %out
  %some = icmp ult i64 %x, 5
  br i1 %some, label %then, label %end

then:
  call void @_Z7barrierj(i32 1)
  store i32 3, ptr addrspace(1) %out
  call void @_Z7barrierj(i32 1), !weft.line !2
  br label %end

end:
  ret i32 -1
}

define internal i32 @uniform.workitem(ptr addrspace(1) %out, i64 %n, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #1 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %join ]
  call void @_Z7barrierj(i32 1), !weft.line !1
  %some = icmp ult i64 %x, %i
  br i1 %some, label %then, label %join

then:
  %at = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x
  store i32 1, ptr addrspace(1) %at
  br label %join

join:
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %end

end:
  ret i32 -1
}

attributes #0 = { "weft-work-item"="k" }
attributes #1 = { "weft-work-item"="uniform" }

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"weft.check.barriers", i32 1}
!1 = !{i32 4, i32 5}
!2 = !{i32 12, i32 9}
