; (long)((int)g + c) as InstCombine writes it, `ashr (add (shl g, 32), c << 32), 32`, becomes
; `ashr exact (shl (add g, c), 32), 32`, the form ScalarEvolution reads as a sign extension.
; RUN: %opt -passes=weft-sign-extended-indices -S %s | FileCheck %s
; RUN: %opt -passes='weft-sign-extended-indices,print<scalar-evolution>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=SCEV

; CHECK-LABEL: define i64 @plus_four(
; CHECK-NEXT: %i.index = add i64 %g, 4
; CHECK-NEXT: %i.shl = shl i64 %i.index, 32
; CHECK-NEXT: %i = ashr exact i64 %i.shl, 32
; CHECK-NEXT: ret i64 %i
; SCEV-LABEL: 'plus_four'
; SCEV: %i = ashr exact i64 %i.shl, 32
; SCEV-NEXT: -->  (sext i32 (4 + (trunc i64 %g to i32)) to i64)
define i64 @plus_four(i64 %g) {
  %shl = shl i64 %g, 32
  %sext = add i64 %shl, 17179869184
  %i = ashr exact i64 %sext, 32
  ret i64 %i
}

; A negative offset (-1 << 32), and a shift shared by two indices: each is rewritten.
; CHECK-LABEL: define i64 @minus_one_shared(
; CHECK-NEXT: %i.index = add i64 %g, -1
; CHECK-NEXT: %i.shl = shl i64 %i.index, 32
; CHECK-NEXT: %i = ashr exact i64 %i.shl, 32
; CHECK-NEXT: %j.index = add i64 %g, 1
; CHECK-NEXT: %j.shl = shl i64 %j.index, 32
; CHECK-NEXT: %j = ashr exact i64 %j.shl, 32
define i64 @minus_one_shared(i64 %g) {
  %shl = shl i64 %g, 32
  %a = add i64 %shl, -4294967296
  %b = add i64 %shl, 4294967296
  %i = ashr exact i64 %a, 32
  %j = ashr exact i64 %b, 32
  %s = add i64 %i, %j
  ret i64 %s
}

; Not a sign extension of an offset index: the constant has low bits set, or the shifts differ.
; CHECK-LABEL: define i64 @left_alone(
; CHECK-NEXT: %shl = shl i64 %g, 32
; CHECK-NEXT: %low = add i64 %shl, 5
; CHECK-NEXT: %i = ashr i64 %low, 32
; CHECK-NEXT: %shl16 = shl i64 %g, 16
; CHECK-NEXT: %other = add i64 %shl16, 4294967296
; CHECK-NEXT: %j = ashr i64 %other, 32
define i64 @left_alone(i64 %g) {
  %shl = shl i64 %g, 32
  %low = add i64 %shl, 5
  %i = ashr i64 %low, 32
  %shl16 = shl i64 %g, 16
  %other = add i64 %shl16, 4294967296
  %j = ashr i64 %other, 32
  %s = add i64 %i, %j
  ret i64 %s
}
