; weft-image-formats: a work-item loop whose image reads and writes test their images' formats
; (`__weft_image_format`, builtins/src/images.cl) runs in a copy for each combination of formats
; it tests, chosen before the loop, with the format a constant there (the tests fold: what each
; copy keeps is one format's path, no call, no switch); the loop as it was runs any other
; combination. Then the work-items' vectors are split into scalars (so that the loop vectorizer
; can widen the copies across work-items), and every call left becomes the two descriptor loads
; it stands for (ChannelOrder << 16 | ChannelDataType, offsets 40 and 44).
;   @two_images: %a tested for RGBA8 (0x10B510D2 = 280301778) and RGBA float (280301790) in a
;     switch, %b for RGBA8 alone: one copy, both images RGBA8.
;   @varying: the image read differs per work-item: no copy, the call lowered in the loop.
;   @no_common: no format tested on both images: the copies pair their first formats, then
;     their second ones, in the order of the tests.
;   -O0 (weft-image-formats-O0, -cl-opt-disable): no copy, every call lowered.
; RUN: %opt -passes='loop-simplify,weft-image-formats' -S %s | FileCheck %s
; RUN: %opt -passes=weft-image-formats-O0 -S %s | FileCheck %s --check-prefix=O0

; CHECK-LABEL: define void @two_images(
; CHECK-NEXT: entry:
; CHECK-NEXT: [[AT:%.*]] = getelementptr inbounds i8, ptr addrspace(1) %a, i64 44
; CHECK-NEXT: %image.type = load i32, ptr addrspace(1) [[AT]], align 4, !invariant.load
; CHECK-NEXT: [[AO:%.*]] = getelementptr inbounds i8, ptr addrspace(1) %a, i64 40
; CHECK-NEXT: %image.order = load i32, ptr addrspace(1) [[AO]], align 4, !invariant.load
; CHECK-NEXT: [[ASHL:%.*]] = shl i32 %image.order, 16
; CHECK-NEXT: [[AF:%.*]] = or i32 [[ASHL]], %image.type
; CHECK: [[BF:%.*]] = or i32
; CHECK-NEXT: [[A8:%.*]] = icmp eq i32 [[AF]], 280301778
; CHECK-NEXT: [[A8T:%.*]] = and i1 true, [[A8]]
; CHECK-NEXT: [[B8:%.*]] = icmp eq i32 [[BF]], 280301778
; CHECK-NEXT: [[BOTH:%.*]] = and i1 [[A8T]], [[B8]]
; CHECK-NEXT: br i1 [[BOTH]], label %formats.other.format, label %formats.other
; The copy: %a's switch gone (its RGBA8 case taken), %b's test on constants, the float4 load
; and store four scalar ones each.
; CHECK: wi.x.format:
; CHECK-NEXT: %i.format = phi i64
; CHECK-NEXT: br label %a.rgba8.format
; CHECK: a.rgba8.format:
; CHECK-COUNT-4: load float, ptr addrspace(1)
; CHECK: read.format:
; CHECK-NEXT: %b.rgba8.format = icmp eq i32 280301778, 280301778
; CHECK: b.fast.format:
; CHECK-COUNT-4: store float
; CHECK: br i1 %done.format, label %exit, label %wi.x.format, !llvm.loop [[COPY:![0-9]+]]
; The loop as it was, the format read in it.
; CHECK: formats.other:
; CHECK-NEXT: br label %wi.x
; CHECK: wi.x:
; CHECK: or i32
; CHECK-NEXT: switch i32
; CHECK: call <4 x float> @read_any(
; CHECK: %b.rgba8 = icmp eq i32 %{{.*}}, 280301778
; CHECK: call void @write_any(
; CHECK: br i1 %done, label %exit, label %wi.x, !llvm.loop [[ORIGINAL:![0-9]+]]
; CHECK-NOT: @__weft_image_format(

; CHECK-LABEL: define void @varying(
; CHECK-NEXT: entry:
; CHECK-NEXT: br label %wi.x
; CHECK: %img = select i1 %odd
; CHECK-NEXT: getelementptr inbounds i8, ptr addrspace(1) %img, i64 44
; CHECK-NOT: .format
; CHECK: br i1 %done, label %exit, label %wi.x, !llvm.loop [[VARYING:![0-9]+]]

; CHECK-LABEL: define void @no_common(
; CHECK: icmp eq i32 %{{.*}}, 1
; CHECK-NEXT: and i1 true
; CHECK-NEXT: icmp eq i32 %{{.*}}, 3
; CHECK: br i1 %{{.*}}, label %formats.other.format, label %formats.test
; CHECK: %a1.format = icmp eq i32 1, 1
; CHECK: %b3.format = icmp eq i32 3, 3
; CHECK: formats.test:
; CHECK-NEXT: icmp eq i32 %{{.*}}, 2
; CHECK-NEXT: and i1 true
; CHECK-NEXT: icmp eq i32 %{{.*}}, 4
; CHECK: br i1 %{{.*}}, label %formats.other.format2, label %formats.other
; CHECK: %a2.format6 = icmp eq i32 2, 2
; CHECK: %b4.format8 = icmp eq i32 4, 4

; The copies and the loop they came from are marked, not to be copied again.
; CHECK-DAG: [[COPY]] = distinct !{[[COPY]], [[WI:![0-9]+]], [[MARK:![0-9]+]]}
; CHECK-DAG: [[ORIGINAL]] = distinct !{[[ORIGINAL]], [[WI]], [[MARK]]}
; CHECK-DAG: [[VARYING]] = distinct !{[[VARYING]], [[WI]]}
; CHECK-DAG: [[WI]] = !{!"weft.loop.work_items"}
; CHECK-DAG: [[MARK]] = !{!"weft.loop.image_formats"}

; O0-LABEL: define void @two_images(
; O0-NOT: .format
; O0: %fa = or i32
; O0-NEXT: switch i32 %fa
; O0: %fb = or i32
; O0-NEXT: %b.rgba8 = icmp eq i32 %fb, 280301778
; O0-NOT: @__weft_image_format(

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @__weft_image_format(ptr addrspace(1)) #0
declare <4 x float> @read_any(ptr addrspace(1), i64)
declare void @write_any(ptr addrspace(1), i64, <4 x float>)

define void @two_images(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %pixels, i64 %n) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %fa = call i32 @__weft_image_format(ptr addrspace(1) %a)
  switch i32 %fa, label %a.any [ i32 280301778, label %a.rgba8
                                 i32 280301790, label %a.float ]

a.rgba8:
  %p8 = getelementptr inbounds <4 x float>, ptr addrspace(1) %pixels, i64 %i
  %v8 = load <4 x float>, ptr addrspace(1) %p8, align 16
  br label %read

a.float:
  %v.float = fadd <4 x float> zeroinitializer, <float 1.0, float 1.0, float 1.0, float 1.0>
  br label %read

a.any:
  %v.any = call <4 x float> @read_any(ptr addrspace(1) %a, i64 %i)
  br label %read

read:
  %v = phi <4 x float> [ %v8, %a.rgba8 ], [ %v.float, %a.float ], [ %v.any, %a.any ]
  %fb = call i32 @__weft_image_format(ptr addrspace(1) %b)
  %b.rgba8 = icmp eq i32 %fb, 280301778
  br i1 %b.rgba8, label %b.fast, label %b.any

b.fast:
  %q = getelementptr inbounds <4 x float>, ptr addrspace(1) %pixels, i64 %i
  store <4 x float> %v, ptr addrspace(1) %q, align 16
  br label %latch

b.any:
  call void @write_any(ptr addrspace(1) %b, i64 %i, <4 x float> %v)
  br label %latch

latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %wi.x, !llvm.loop !0

exit:
  ret void
}

; The image read differs per work-item (a select): no copy; the call becomes the loads.
define void @varying(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out, i64 %n) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %odd = trunc i64 %i to i1
  %img = select i1 %odd, ptr addrspace(1) %a, ptr addrspace(1) %b
  %f = call i32 @__weft_image_format(ptr addrspace(1) %img)
  %is.rgba8 = icmp eq i32 %f, 280301778
  %r = zext i1 %is.rgba8 to i32
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %r, ptr addrspace(1) %o, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %wi.x, !llvm.loop !2

exit:
  ret void
}

; Images with no format tested on both: the copies pair their first, then their second formats.
define void @no_common(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out, i64 %n) {
entry:
  br label %wi.x

wi.x:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.x ]
  %fa = call i32 @__weft_image_format(ptr addrspace(1) %a)
  %a1 = icmp eq i32 %fa, 1
  %a2 = icmp eq i32 %fa, 2
  %fb = call i32 @__weft_image_format(ptr addrspace(1) %b)
  %b3 = icmp eq i32 %fb, 3
  %b4 = icmp eq i32 %fb, 4
  %x = and i1 %a1, %b3
  %y = and i1 %a2, %b4
  %z = or i1 %x, %y
  %r = zext i1 %z to i32
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %r, ptr addrspace(1) %o, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %wi.x, !llvm.loop !3

exit:
  ret void
}

attributes #0 = { nounwind readnone }

!0 = distinct !{!0, !1}
!1 = !{!"weft.loop.work_items"}
!2 = distinct !{!2, !1}
!3 = distinct !{!3, !1}
