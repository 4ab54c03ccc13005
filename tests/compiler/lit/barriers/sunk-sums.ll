; A running sum over branches that hold barriers ("if (take[i]) { ...; barrier(...); s += x; }
; else s -= i;"), as InstCombine leaves it: each branch's term a PHI, the additions sunk into the
; block that returns. Carried like that, every term crosses every later barrier: spilled there
; and reloaded at each later resume point, n^2 reloads for n barriers. The pass moves each
; addition back to just after its last operand (whose only user it is): the sum is the one value
; that crosses, and each resume point reloads it alone. The multiplication of a value used twice
; stays where it is.
; RUN: %opt -passes=weft-barriers -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @_Z7barrierj(i32)

; CHECK-LABEL: define internal i32 @k.workitem(
; (%v0 crosses the first two barriers, %s1 the third: they share a slot.)
; CHECK:      %v0.slot.private = getelementptr
; CHECK-NOT:  .slot.private =
; CHECK:      switch i32 %resume
; CHECK:      join1:
; CHECK:      %t1 = phi i32 [ %v1, %resume3 ], [ -1, %resume1 ]
; CHECK-NEXT: %s1 = add i32 %v0{{[0-9]+}}, %t1
; CHECK:      barrier4:
; CHECK-NEXT: store i32 %s1, ptr %v0.slot.private
; CHECK-NEXT: br label %return
; CHECK:      resume5:
; CHECK-NEXT: %s1.reload = load i32, ptr %v0.slot.private
; CHECK-NEXT: %m.reload{{[0-9]*}} = load i32, ptr %m.uniform
; CHECK-NEXT: %v2 = load
; CHECK:      join2:
; CHECK:      %t2 = phi i32 [ %v2, %resume5 ], [ -2, %join1 ]
; CHECK-NEXT: %s2 = add i32 %s1{{[0-9]+}}, %t2
; CHECK:      exit:
; CHECK-NEXT: %twice = mul i32 %m{{[0-9]+}}, %m{{[0-9]+}}
; CHECK-NEXT: %r = add i32 %s2, %twice
; (The uniform %m, where the returns meet: the value each barrier's path spilled.)
; CHECK:      return:
; CHECK-NEXT: %id = phi i32 [ 1, %barrier ], [ 2, %barrier2 ], [ 3, %barrier4 ], [ -1, %exit ]
; CHECK-NEXT: %[[M:.*]] = phi i32 [ %m, %barrier ], [ %m.reload, %barrier2 ], [ %m{{[0-9]+}}, %barrier4 ], [ poison, %exit ]
; CHECK-NEXT: store i32 %[[M]], ptr %m.uniform.next
define internal i32 @k.workitem(ptr addrspace(1) %take, ptr addrspace(1) %out, ptr %ctx, i64 %x, i64 %y, i64 %z, i32 %resume) #0 {
entry:
  %own = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x
  %v0 = load i32, ptr addrspace(1) %own
  %m = load i32, ptr addrspace(1) %out
  call void @_Z7barrierj(i32 1)
  %c1 = load i32, ptr addrspace(1) %take
  %b1 = icmp sgt i32 %c1, 0
  br i1 %b1, label %then1, label %join1

then1:
  call void @_Z7barrierj(i32 1)
  %v1 = load i32, ptr addrspace(1) %own
  br label %join1

join1:
  %t1 = phi i32 [ %v1, %then1 ], [ -1, %entry ]
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %take, i64 1
  %c2 = load i32, ptr addrspace(1) %p2
  %b2 = icmp sgt i32 %c2, 0
  br i1 %b2, label %then2, label %join2

then2:
  call void @_Z7barrierj(i32 1)
  %v2 = load i32, ptr addrspace(1) %own
  br label %join2

join2:
  %t2 = phi i32 [ %v2, %then2 ], [ -2, %join1 ]
  br label %exit

exit:
  %s1 = add i32 %v0, %t1
  %s2 = add i32 %s1, %t2
  %twice = mul i32 %m, %m
  %r = add i32 %s2, %twice
  store i32 %r, ptr addrspace(1) %own
  ret i32 -1
}

attributes #0 = { "weft-work-item"="k" }
