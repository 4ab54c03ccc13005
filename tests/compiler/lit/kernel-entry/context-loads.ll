; weft-context-loads: the work-group context's invariant loads, wherever the regions left them,
; become one load per field in the entry block (after the allocas), and the context argument is
; dereferenceable for the whole WorkGroupContext. A load that is not invariant (a field the
; kernel's code may see change), or one from another pointer, stays where it is.
; RUN: %opt -passes='function(weft-context-loads)' -S %s | FileCheck %s

; CHECK-LABEL: define void @__weft_wg_k(
; CHECK-SAME: ptr noalias %args, ptr noalias dereferenceable({{[0-9]+}}) %ctx)
; CHECK-NEXT: entry:
; CHECK-NEXT: %slot = alloca i32
; CHECK-NEXT: [[LOCAL:%.*]] = getelementptr inbounds i8, ptr %ctx, i64 152
; CHECK-NEXT: %local.memory = load ptr, ptr [[LOCAL]], align 8, !invariant.load
; CHECK-NEXT: [[SIZE:%.*]] = getelementptr inbounds i8, ptr %ctx, i64 48
; CHECK-NEXT: %local.size = load i64, ptr [[SIZE]], align 8, !invariant.load
; CHECK-NEXT: br label %region
; CHECK: region:
; CHECK-NOT: load ptr, ptr %{{.*}}, align 8, !invariant.load
; CHECK: %plain = load i32, ptr %sg.field, align 4{{$}}
; CHECK: %other = load i64, ptr %p, align 8, !invariant.load
; CHECK: getelementptr inbounds float, ptr %local.memory, i64 %x
; CHECK: icmp ult i64 %x.next, %local.size
; CHECK: getelementptr inbounds float, ptr %local.memory, i64 %x2
; CHECK: icmp ult i64 %x2.next, %local.size
; CHECK: ret void
define void @__weft_wg_k(ptr noalias %args, ptr noalias %ctx) {
entry:
  %slot = alloca i32
  br label %region

region:
  %r = phi i32 [ 0, %entry ], [ %r.next, %next ]
  %sg.field = getelementptr inbounds i8, ptr %ctx, i64 148
  %plain = load i32, ptr %sg.field, align 4
  %p = load ptr, ptr %args, align 8
  %other = load i64, ptr %p, align 8, !invariant.load !0
  %lm.field = getelementptr inbounds i8, ptr %ctx, i64 152
  %local.memory = load ptr, ptr %lm.field, align 8, !invariant.load !0
  br label %x.loop

x.loop:
  %x = phi i64 [ 0, %region ], [ %x.next, %x.loop ]
  %a = getelementptr inbounds float, ptr %local.memory, i64 %x
  store float 1.0, ptr %a, align 4
  %x.next = add i64 %x, 1
  %size.field = getelementptr inbounds i8, ptr %ctx, i64 48
  %local.size = load i64, ptr %size.field, align 8, !invariant.load !0
  %more = icmp ult i64 %x.next, %local.size
  br i1 %more, label %x.loop, label %second

second:
  %lm.again = getelementptr inbounds i8, ptr %ctx, i64 152
  %local.memory2 = load ptr, ptr %lm.again, align 8, !invariant.load !0
  br label %x2.loop

x2.loop:
  %x2 = phi i64 [ 0, %second ], [ %x2.next, %x2.loop ]
  %b = getelementptr inbounds float, ptr %local.memory2, i64 %x2
  store float 2.0, ptr %b, align 4
  %x2.next = add i64 %x2, 1
  %size.again = getelementptr inbounds i8, ptr %ctx, i64 48
  %local.size2 = load i64, ptr %size.again, align 8, !invariant.load !0
  %more2 = icmp ult i64 %x2.next, %local.size2
  br i1 %more2, label %x2.loop, label %next

next:
  store i32 %plain, ptr %slot
  %r.next = add i32 %r, 1
  %again = icmp ult i32 %r.next, 4
  br i1 %again, label %region, label %done

done:
  ret void
}

; Not a work-group function: unchanged.
; CHECK-LABEL: define void @helper(
; CHECK-SAME: ptr %ctx)
; CHECK-NEXT: br label %b
; CHECK: b:
; CHECK-NEXT: %f = getelementptr inbounds i8, ptr %ctx, i64 48
define void @helper(ptr %args, ptr %ctx) {
  br label %b
b:
  %f = getelementptr inbounds i8, ptr %ctx, i64 48
  %v = load i64, ptr %f, align 8, !invariant.load !0
  store i64 %v, ptr %args
  ret void
}

!0 = !{}
