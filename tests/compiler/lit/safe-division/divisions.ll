; Integer divisions that could trap on x86 (divisor 0, or INT_MIN / -1) divide by 1 instead.
; RUN: %opt -passes=weft-safe-division -S %s | FileCheck %s

; CHECK-LABEL: define i32 @signed(
; CHECK-NEXT: %divisor.zero = icmp eq i32 %b, 0
; CHECK-NEXT: %dividend.min = icmp eq i32 %a, -2147483648
; CHECK-NEXT: %divisor.minus1 = icmp eq i32 %b, -1
; CHECK-NEXT: %overflow = and i1 %dividend.min, %divisor.minus1
; CHECK-NEXT: %divisor.bad = or i1 %divisor.zero, %overflow
; CHECK-NEXT: %safe.divisor = select i1 %divisor.bad, i32 1, i32 %b
; CHECK-NEXT: %q = sdiv i32 %a, %safe.divisor
define i32 @signed(i32 %a, i32 %b) {
  %q = sdiv i32 %a, %b
  ret i32 %q
}

; Unsigned: only a zero divisor traps; umax(b, 1), which ScalarEvolution knows is not zero.
; CHECK-LABEL: define i64 @unsigned(
; CHECK-NEXT: %safe.divisor = call i64 @llvm.umax.i64(i64 %b, i64 1)
; CHECK-NEXT: %r = urem i64 %a, %safe.divisor
define i64 @unsigned(i64 %a, i64 %b) {
  %r = urem i64 %a, %b
  ret i64 %r
}

; Vectors: lane by lane.
; CHECK-LABEL: define <4 x i32> @vector(
; CHECK: %divisor.zero = icmp eq <4 x i32> %b, zeroinitializer
; CHECK: %divisor.bad = or <4 x i1> %divisor.zero, %overflow
; CHECK: %safe.divisor = select <4 x i1> %divisor.bad, <4 x i32> <i32 1, i32 1, i32 1, i32 1>, <4 x i32> %b
; CHECK: %r = srem <4 x i32> %a, %safe.divisor
define <4 x i32> @vector(<4 x i32> %a, <4 x i32> %b) {
  %r = srem <4 x i32> %a, %b
  ret <4 x i32> %r
}

; A constant divisor other than 0 and -1 cannot trap: left alone.
; CHECK-LABEL: define i32 @constant(
; CHECK-NEXT: %q = sdiv i32 %a, 7
; CHECK-NEXT: ret i32 %q
define i32 @constant(i32 %a) {
  %q = sdiv i32 %a, 7
  ret i32 %q
}
