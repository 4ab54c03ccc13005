; A work-item loop (weft.loop.work_items) around a loop whose count is the same for every
; work-item and which writes no memory runs inside out for rows of at least 32 work-items, 64 at a
; time: a loop over strips; in each, a loop over its work-items running the part before the inner
; loop (strip.fore), the inner loop (strip.inner, with what is the same for every work-item) around
; a loop over the strip's work-items (strip.body), then a loop running the part after it
; (strip.aft). Values crossing from part to part go through [64 x T] arrays, or are computed again
; from the work-item's index where they are arithmetic on it. Narrower rows take the nest as it was.
;   @forces: a load before the inner loop kept in an array; a load the same for every work-item
;     (a[k]) in strip.inner; the sum's PHI in an array; its next value stored after the loop.
;   @gemm_int: `int col = x0 + x` computed again in strip.body (b[k * n + col] stays an address
;     the vectorizer reads as consecutive), not kept in an array.
;   @last: a value of the inner loop's last iteration that is not a PHI's next value, in an
;     array of its own.
;   @carried: a PHI whose value around the backedge was computed before the inner loop (`prev =
;     me`): loaded in strip.body for the PHI's array.
;   @hoisted: a one-entry PHI after the inner loop taking a value computed before it (LICM's):
;     loaded in strip.aft.
;   @gemm: one multiply-add a work-item and iteration against the sum's load and store in an
;     array: left to the jam (the loop over a strip must compute at least as much as it moves
;     through the arrays).
;   @writes: the inner loop stores (a work-item's read before its own write would move): left.
;   @varying: the inner trip count differs between work-items: left.
; RUN: %opt -passes=weft-interchange-work-items -S %s | FileCheck %s

; CHECK-LABEL: define void @forces(
; CHECK: %acc.strip = alloca [64 x float]
; CHECK-NEXT: %me.strip = alloca [64 x float]
; CHECK: %workitems.wide = icmp uge i64 %items, 32
; CHECK-NEXT: br i1 %workitems.wide, label %strip.preheader, label %wi.x.preheader.split
; The nest stays for narrow rows.
; CHECK: wi.x:
; CHECK: for.k:
; CHECK: strip:
; CHECK-NEXT: %strip.first = phi i64 [ %strip.next, %strip.latch ], [ 0, %strip.preheader ]
; CHECK-NEXT: %strip.left = sub i64 %items, %strip.first
; CHECK-NEXT: %[[LESS:[0-9]+]] = icmp ult i64 %strip.left, 64
; CHECK-NEXT: %strip.count = select i1 %[[LESS]], i64 %strip.left, i64 64
; CHECK: strip.fore:
; CHECK-NEXT: %strip.xi = phi i64 [ 0, %strip ], [ %strip.xi.next, %strip.fore ]
; CHECK-NEXT: %[[X:x[0-9]+]] = add i64 %strip.first, %strip.xi
; CHECK-NEXT: %[[G:g[0-9]+]] = add i64 %x0, %[[X]]
; CHECK-NEXT: %[[MEP:mep[0-9]+]] = getelementptr inbounds float, ptr %a, i64 %[[G]]
; CHECK-NEXT: %[[ME:me[0-9]+]] = load float, ptr %[[MEP]], align 4, !llvm.access.group ![[GROUP:[0-9]+]]
; CHECK-NEXT: %[[P:[0-9]+]] = getelementptr inbounds [64 x float], ptr %me.strip, i64 0, i64 %strip.xi
; CHECK-NEXT: store float %[[ME]], ptr %[[P]], align 4, !llvm.access.group ![[GROUP]]
; CHECK-NEXT: %[[P:[0-9]+]] = getelementptr inbounds [64 x float], ptr %acc.strip, i64 0, i64 %strip.xi
; CHECK-NEXT: store float 0.000000e+00, ptr %[[P]], align 4, !llvm.access.group ![[GROUP]]
; CHECK: br i1 %{{[0-9]+}}, label %strip.fore, label %strip.inner.preheader, !llvm.loop ![[FORE:[0-9]+]]
; CHECK: strip.inner:
; CHECK-NEXT: %[[K:k[0-9]+]] = phi i64 [ %[[KNEXT:k.next[0-9]+]], %strip.inner.latch ], [ 0, %strip.inner.preheader ]
; CHECK-NEXT: %[[AP:ap[0-9]+]] = getelementptr inbounds float, ptr %a, i64 %[[K]]
; CHECK-NEXT: %[[AV:av[0-9]+]] = load float, ptr %[[AP]]
; CHECK-NEXT: %[[KNEXT]] = add nuw nsw i64 %[[K]], 1
; CHECK-NEXT: %[[DONE:k.done[0-9]+]] = icmp eq i64 %[[KNEXT]], %n
; CHECK-NEXT: br label %strip.body
; CHECK: strip.body:
; CHECK-NEXT: %[[XI:strip.xi[0-9]+]] = phi i64 [ 0, %strip.inner ], [ %[[XINEXT:strip.xi.next[0-9]+]], %strip.body ]
; CHECK-NEXT: add i64 %strip.first, %[[XI]]
; CHECK-NEXT: %[[P:[0-9]+]] = getelementptr inbounds [64 x float], ptr %me.strip, i64 0, i64 %[[XI]]
; CHECK-NEXT: %[[ME:me.strip[0-9]+]] = load float, ptr %[[P]], align 4, !llvm.access.group ![[GROUP]]
; CHECK-NEXT: %[[P:[0-9]+]] = getelementptr inbounds [64 x float], ptr %acc.strip, i64 0, i64 %[[XI]]
; CHECK-NEXT: %[[ACC:acc.strip[0-9]+]] = load float, ptr %[[P]], align 4, !llvm.access.group ![[GROUP]]
; CHECK-NEXT: %[[D:d[0-9]+]] = fsub float %[[AV]], %[[ME]]
; CHECK-NEXT: %[[D2:d2[0-9]+]] = call float @llvm.fmuladd.f32(float %[[D]], float %[[D]], float 5.000000e-01)
; CHECK-NEXT: %[[R:r[0-9]+]] = call float @llvm.sqrt.f32(float %[[D2]])
; CHECK-NEXT: %[[INV:inv[0-9]+]] = fdiv float 1.000000e+00, %[[R]]
; CHECK-NEXT: %[[NEXT:acc.next[0-9]+]] = call float @llvm.fmuladd.f32(float %[[D]], float %[[INV]], float %[[ACC]])
; CHECK-NEXT: %[[P:[0-9]+]] = getelementptr inbounds [64 x float], ptr %acc.strip, i64 0, i64 %[[XI]]
; CHECK-NEXT: store float %[[NEXT]], ptr %[[P]], align 4, !llvm.access.group ![[GROUP]]
; CHECK-NEXT: %[[XINEXT]] = add nuw nsw i64 %[[XI]], 1
; CHECK-NEXT: %[[MORE:[0-9]+]] = icmp ult i64 %[[XINEXT]], %strip.count
; CHECK-NEXT: br i1 %[[MORE]], label %strip.body, label %strip.inner.latch, !llvm.loop ![[BODY:[0-9]+]]
; CHECK: strip.inner.latch:
; CHECK-NEXT: br i1 %[[DONE]], label %strip.aft.preheader, label %strip.inner
; CHECK: strip.aft:
; CHECK: %[[P:[0-9]+]] = getelementptr inbounds [64 x float], ptr %acc.strip, i64 0, i64 %strip.xi
; CHECK-NEXT: %acc.next.strip = load float, ptr %[[P]], align 4, !llvm.access.group ![[GROUP]]
; CHECK-NEXT: %[[CP:cp[0-9]+]] = getelementptr inbounds float, ptr %c, i64 %g
; CHECK-NEXT: store float %acc.next.strip, ptr %[[CP]], align 4, !llvm.access.group ![[GROUP]]
; CHECK: br i1 %{{[0-9]+}}, label %strip.aft, label %strip.latch, !llvm.loop ![[AFT:[0-9]+]]
; CHECK: strip.latch:
; CHECK-NEXT: %strip.next = add nuw nsw i64 %strip.first, 64
; CHECK-NEXT: %[[MORE:[0-9]+]] = icmp ult i64 %strip.next, %items
; CHECK-NEXT: br i1 %[[MORE]], label %strip, label %exit.loopexit

; CHECK-LABEL: define void @gemm_int(
; CHECK-NOT: alloca [64 x i32]
; CHECK: strip.body:
; CHECK-NEXT: %[[XI:strip.xi[0-9]+]] = phi i64
; CHECK-NEXT: %[[X:x[0-9]+]] = add i64 %strip.first, %[[XI]]
; CHECK-NEXT: %[[G:g[0-9]+]] = add i64 %x0, %[[X]]
; CHECK-NEXT: %[[G32:g32[0-9]+]] = trunc i64 %[[G]] to i32
; CHECK: %{{bi[0-9]+}} = add i32 %[[G32]], %{{kn[0-9]+}}

; CHECK-LABEL: define void @last(
; CHECK: %t.strip = alloca [64 x float]
; CHECK-NEXT: %w.strip = alloca [64 x float]
; CHECK-NEXT: %v.strip = alloca [64 x float]
; CHECK: strip.body:
; CHECK: %[[T:t[0-9]+]] = fmul float %{{av[0-9]+}}, %{{v.strip[0-9]+}}
; CHECK: %[[P:[0-9]+]] = getelementptr inbounds [64 x float], ptr %t.strip, i64 0, i64 %{{strip.xi[0-9]+}}
; CHECK-NEXT: store float %[[T]], ptr %[[P]]
; CHECK: strip.aft:
; CHECK: %w.next.strip = load float
; CHECK: %[[T:t.strip[0-9]+]] = load float
; CHECK-NEXT: %{{sum[0-9]+}} = fadd float %w.next.strip, %[[T]]

; CHECK-LABEL: define void @carried(
; CHECK: strip.body:
; CHECK: %[[ME:me.strip[0-9]+]] = load float
; CHECK: %[[PREV:prev.strip[0-9]+]] = load float
; CHECK: %{{h[0-9]+}} = fmul float %{{f[0-9]+}}, %[[PREV]]
; CHECK: %[[P:[0-9]+]] = getelementptr inbounds [64 x float], ptr %prev.strip, i64 0, i64 %{{strip.xi[0-9]+}}
; CHECK-NEXT: store float %[[ME]], ptr %[[P]]

; CHECK-LABEL: define void @hoisted(
; CHECK: strip.aft:
; CHECK: %[[TWICE:twice.strip[0-9]*]] = load float
; CHECK: %{{s[0-9]+}} = fadd float %acc.next.strip, %[[TWICE]]

; CHECK-LABEL: define void @gemm(
; CHECK-NOT: strip
; CHECK-LABEL: define void @writes(
; CHECK-NOT: strip
; CHECK-LABEL: define void @varying(
; CHECK-NOT: strip
; CHECK: ret void

; The loops over a strip's work-items keep the nest's parallel accesses.
; CHECK-DAG: ![[FORE]] = distinct !{![[FORE]], ![[PARALLEL:[0-9]+]]}
; CHECK-DAG: ![[PARALLEL]] = !{!"llvm.loop.parallel_accesses", ![[GROUP]]}
; CHECK-DAG: ![[BODY]] = distinct !{![[BODY]], ![[PARALLEL]]}
; CHECK-DAG: ![[AFT]] = distinct !{![[AFT]], ![[PARALLEL]]}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @forces(ptr %a, ptr %c, i64 %n, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  %some = icmp ne i64 %n, 0
  br i1 %some, label %wi.x.preheader, label %exit

wi.x.preheader:
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %wi.x.preheader ], [ %x.next, %wi.x.latch ]
  %g = add i64 %x0, %x
  %mep = getelementptr inbounds float, ptr %a, i64 %g
  %me = load float, ptr %mep, align 4, !llvm.access.group !0
  br label %for.k

for.k:
  %k = phi i64 [ 0, %wi.x ], [ %k.next, %for.k ]
  %acc = phi float [ 0.000000e+00, %wi.x ], [ %acc.next, %for.k ]
  %ap = getelementptr inbounds float, ptr %a, i64 %k
  %av = load float, ptr %ap, align 4, !llvm.access.group !0
  %d = fsub float %av, %me
  %d2 = call float @llvm.fmuladd.f32(float %d, float %d, float 5.000000e-01)
  %r = call float @llvm.sqrt.f32(float %d2)
  %inv = fdiv float 1.000000e+00, %r
  %acc.next = call float @llvm.fmuladd.f32(float %d, float %inv, float %acc)
  %k.next = add nuw nsw i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n
  br i1 %k.done, label %wi.x.latch, label %for.k

wi.x.latch:
  %cp = getelementptr inbounds float, ptr %c, i64 %g
  store float %acc.next, ptr %cp, align 4, !llvm.access.group !0
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit.loopexit, label %wi.x, !llvm.loop !1

exit.loopexit:
  br label %exit

exit:
  ret void
}

define void @gemm_int(ptr %a, ptr %b, ptr %c, i32 %n, i64 %size.x, i64 %x0, i64 %row) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  %n64 = zext i32 %n to i64
  %rown = mul i64 %row, %n64
  %some = icmp ne i32 %n, 0
  br i1 %some, label %wi.x.preheader, label %exit

wi.x.preheader:
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %wi.x.preheader ], [ %x.next, %wi.x.latch ]
  %g = add i64 %x0, %x
  %g32 = trunc i64 %g to i32
  br label %for.k

for.k:
  %k = phi i64 [ 0, %wi.x ], [ %k.next, %for.k ]
  %acc = phi float [ 0.000000e+00, %wi.x ], [ %acc.next, %for.k ]
  %ai = add i64 %rown, %k
  %ap = getelementptr inbounds float, ptr %a, i64 %ai
  %av = load float, ptr %ap, align 4, !llvm.access.group !2
  %k32 = trunc i64 %k to i32
  %kn = mul i32 %n, %k32
  %bi = add i32 %g32, %kn
  %bi64 = sext i32 %bi to i64
  %bp = getelementptr inbounds float, ptr %b, i64 %bi64
  %bv = load float, ptr %bp, align 4, !llvm.access.group !2
  %r = call float @llvm.sqrt.f32(float %bv)
  %p = fmul float %av, %r
  %acc.next = fadd float %acc, %p
  %k.next = add nuw nsw i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n64
  br i1 %k.done, label %wi.x.latch, label %for.k

wi.x.latch:
  %ci = add i64 %rown, %g
  %cp = getelementptr inbounds float, ptr %c, i64 %ci
  store float %acc.next, ptr %cp, align 4, !llvm.access.group !2
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit.loopexit, label %wi.x, !llvm.loop !3

exit.loopexit:
  br label %exit

exit:
  ret void
}

define void @last(ptr %a, ptr %c, i64 %n, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  %some = icmp ne i64 %n, 0
  br i1 %some, label %wi.x.preheader, label %exit

wi.x.preheader:
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %wi.x.preheader ], [ %x.next, %wi.x.latch ]
  %g = add i64 %x0, %x
  %vp = getelementptr inbounds float, ptr %a, i64 %g
  %v = load float, ptr %vp, align 4, !llvm.access.group !4
  br label %for.k

for.k:
  %k = phi i64 [ 0, %wi.x ], [ %k.next, %for.k ]
  %w = phi float [ 0.000000e+00, %wi.x ], [ %w.next, %for.k ]
  %ap = getelementptr inbounds float, ptr %a, i64 %k
  %av = load float, ptr %ap, align 4, !llvm.access.group !4
  %t = fmul float %av, %v
  %u = call float @llvm.fabs.f32(float %t)
  %r = call float @llvm.sqrt.f32(float %u)
  %w.next = fsub float %r, %w
  %k.next = add nuw nsw i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n
  br i1 %k.done, label %wi.x.latch, label %for.k

wi.x.latch:
  %sum = fadd float %w.next, %t
  %cp = getelementptr inbounds float, ptr %c, i64 %g
  store float %sum, ptr %cp, align 4, !llvm.access.group !4
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit.loopexit, label %wi.x, !llvm.loop !5

exit.loopexit:
  br label %exit

exit:
  ret void
}

define void @carried(ptr %a, ptr %c, i64 %n, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  %some = icmp ne i64 %n, 0
  br i1 %some, label %wi.x.preheader, label %exit

wi.x.preheader:
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %wi.x.preheader ], [ %x.next, %wi.x.latch ]
  %g = add i64 %x0, %x
  %mep = getelementptr inbounds float, ptr %a, i64 %g
  %me = load float, ptr %mep, align 4, !llvm.access.group !16
  br label %for.k

for.k:
  %k = phi i64 [ 0, %wi.x ], [ %k.next, %for.k ]
  %acc = phi float [ 0.000000e+00, %wi.x ], [ %acc.next, %for.k ]
  %prev = phi float [ 1.000000e+00, %wi.x ], [ %me, %for.k ]
  %ap = getelementptr inbounds float, ptr %a, i64 %k
  %av = load float, ptr %ap, align 4, !llvm.access.group !16
  %d = fsub float %av, %me
  %e = call float @llvm.fabs.f32(float %d)
  %f = call float @llvm.sqrt.f32(float %e)
  %h = fmul float %f, %prev
  %acc.next = fadd float %acc, %h
  %k.next = add nuw nsw i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n
  br i1 %k.done, label %wi.x.latch, label %for.k

wi.x.latch:
  %cp = getelementptr inbounds float, ptr %c, i64 %g
  store float %acc.next, ptr %cp, align 4, !llvm.access.group !16
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit.loopexit, label %wi.x, !llvm.loop !17

exit.loopexit:
  br label %exit

exit:
  ret void
}

define void @hoisted(ptr %a, ptr %c, i64 %n, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  %some = icmp ne i64 %n, 0
  br i1 %some, label %wi.x.preheader, label %exit

wi.x.preheader:
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %wi.x.preheader ], [ %x.next, %wi.x.latch ]
  %g = add i64 %x0, %x
  %mep = getelementptr inbounds float, ptr %a, i64 %g
  %me = load float, ptr %mep, align 4, !llvm.access.group !18
  %twice = fmul float %me, %me
  br label %for.k

for.k:
  %k = phi i64 [ 0, %wi.x ], [ %k.next, %for.k ]
  %acc = phi float [ 0.000000e+00, %wi.x ], [ %acc.next, %for.k ]
  %ap = getelementptr inbounds float, ptr %a, i64 %k
  %av = load float, ptr %ap, align 4, !llvm.access.group !18
  %d = fsub float %av, %me
  %e = call float @llvm.fabs.f32(float %d)
  %f = call float @llvm.sqrt.f32(float %e)
  %acc.next = call float @llvm.fmuladd.f32(float %f, float %me, float %acc)
  %k.next = add nuw nsw i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n
  br i1 %k.done, label %wi.x.latch, label %for.k

wi.x.latch:
  %t = phi float [ %twice, %for.k ]
  %s = fadd float %acc.next, %t
  %cp = getelementptr inbounds float, ptr %c, i64 %g
  store float %s, ptr %cp, align 4, !llvm.access.group !18
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit.loopexit, label %wi.x, !llvm.loop !19

exit.loopexit:
  br label %exit

exit:
  ret void
}

define void @gemm(ptr %a, ptr %b, ptr %c, i32 %n, i64 %size.x, i64 %x0, i64 %row) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  %n64 = zext i32 %n to i64
  %rown = mul i64 %row, %n64
  %some = icmp ne i32 %n, 0
  br i1 %some, label %wi.x.preheader, label %exit

wi.x.preheader:
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %wi.x.preheader ], [ %x.next, %wi.x.latch ]
  %g = add i64 %x0, %x
  %g32 = trunc i64 %g to i32
  br label %for.k

for.k:
  %k = phi i64 [ 0, %wi.x ], [ %k.next, %for.k ]
  %acc = phi float [ 0.000000e+00, %wi.x ], [ %acc.next, %for.k ]
  %ai = add i64 %rown, %k
  %ap = getelementptr inbounds float, ptr %a, i64 %ai
  %av = load float, ptr %ap, align 4, !llvm.access.group !22
  %k32 = trunc i64 %k to i32
  %kn = mul i32 %n, %k32
  %bi = add i32 %g32, %kn
  %bi64 = sext i32 %bi to i64
  %bp = getelementptr inbounds float, ptr %b, i64 %bi64
  %bv = load float, ptr %bp, align 4, !llvm.access.group !22
  %acc.next = call float @llvm.fmuladd.f32(float %av, float %bv, float %acc)
  %k.next = add nuw nsw i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n64
  br i1 %k.done, label %wi.x.latch, label %for.k

wi.x.latch:
  %ci = add i64 %rown, %g
  %cp = getelementptr inbounds float, ptr %c, i64 %ci
  store float %acc.next, ptr %cp, align 4, !llvm.access.group !22
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit.loopexit, label %wi.x, !llvm.loop !23

exit.loopexit:
  br label %exit

exit:
  ret void
}

define void @writes(ptr %a, ptr %c, i64 %n, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  %some = icmp ne i64 %n, 0
  br i1 %some, label %wi.x.preheader, label %exit

wi.x.preheader:
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %wi.x.preheader ], [ %x.next, %wi.x.latch ]
  %g = add i64 %x0, %x
  br label %for.k

for.k:
  %k = phi i64 [ 0, %wi.x ], [ %k.next, %for.k ]
  %ap = getelementptr inbounds float, ptr %a, i64 %k
  %av = load float, ptr %ap, align 4, !llvm.access.group !6
  %ci = add i64 %g, %k
  %cp = getelementptr inbounds float, ptr %c, i64 %ci
  store float %av, ptr %cp, align 4, !llvm.access.group !6
  %k.next = add nuw nsw i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n
  br i1 %k.done, label %wi.x.latch, label %for.k

wi.x.latch:
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit.loopexit, label %wi.x, !llvm.loop !7

exit.loopexit:
  br label %exit

exit:
  ret void
}

define void @varying(ptr %a, ptr %c, i64 %size.x, i64 %x0) #0 {
entry:
  %items = call i64 @llvm.umax.i64(i64 %size.x, i64 1)
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x.next, %wi.x.latch ]
  %g = add i64 %x0, %x
  br label %for.k

for.k:
  %k = phi i64 [ 0, %wi.x ], [ %k.next, %for.k ]
  %acc = phi float [ 0.000000e+00, %wi.x ], [ %acc.next, %for.k ]
  %ap = getelementptr inbounds float, ptr %a, i64 %k
  %av = load float, ptr %ap, align 4, !llvm.access.group !8
  %acc.next = fadd float %acc, %av
  %k.next = add i64 %k, 1
  %k.done = icmp ugt i64 %k.next, %g
  br i1 %k.done, label %wi.x.latch, label %for.k

wi.x.latch:
  %cp = getelementptr inbounds float, ptr %c, i64 %g
  store float %acc.next, ptr %cp, align 4, !llvm.access.group !8
  %x.next = add nuw nsw i64 %x, 1
  %x.done = icmp eq i64 %x.next, %items
  br i1 %x.done, label %exit, label %wi.x, !llvm.loop !9

exit:
  ret void
}

declare float @llvm.fmuladd.f32(float, float, float)
declare float @llvm.sqrt.f32(float)
declare float @llvm.fabs.f32(float)
declare i64 @llvm.umax.i64(i64, i64)

attributes #0 = { nofree norecurse nosync nounwind "target-cpu"="x86-64-v3" }

!0 = distinct !{}
!1 = distinct !{!1, !10, !11}
!2 = distinct !{}
!3 = distinct !{!3, !12, !11}
!4 = distinct !{}
!5 = distinct !{!5, !13, !11}
!6 = distinct !{}
!7 = distinct !{!7, !14, !11}
!8 = distinct !{}
!9 = distinct !{!9, !15, !11}
!10 = !{!"llvm.loop.parallel_accesses", !0}
!11 = !{!"weft.loop.work_items"}
!12 = !{!"llvm.loop.parallel_accesses", !2}
!13 = !{!"llvm.loop.parallel_accesses", !4}
!14 = !{!"llvm.loop.parallel_accesses", !6}
!15 = !{!"llvm.loop.parallel_accesses", !8}
!16 = distinct !{}
!17 = distinct !{!17, !20, !11}
!18 = distinct !{}
!19 = distinct !{!19, !21, !11}
!20 = !{!"llvm.loop.parallel_accesses", !16}
!21 = !{!"llvm.loop.parallel_accesses", !18}
!22 = distinct !{}
!23 = distinct !{!23, !24, !11}
!24 = !{!"llvm.loop.parallel_accesses", !22}
