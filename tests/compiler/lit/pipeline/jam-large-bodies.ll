; A nest whose inner loop is large jams fewer work-items (weft-jam-work-items keeps a jammed inner
; loop within 4096 instructions): double4 erfc in a loop of 4 on AVX-512, split into scalars and
; jammed 32 times, made a block of 48,580 instructions, and the SLP vectorizer took 92 s on it and
; its remainder. Here on AVX2 (16 work-items by default): 64 multiply-adds on float4, 256 once
; split, jam 8 work-items (the rest 4), which still fill <8 x float> side by side; 256
; multiply-adds, over 1,000 once split, would leave room for only 2 work-items, narrower than the
; float4 itself, so the vectors stay whole and 8 work-items' float4 chains are jammed. The input is
; Clang 15's output (x86-64-v3, -O2 -disable-llvm-passes -ffp-contract=on) for
;   #define MAD_4(x, y) x = (y * x + y); y = (x * y + x); x = (y * x + y); y = (x * y + x);
;   #define MAD_16(x, y) MAD_4(x, y); MAD_4(x, y); MAD_4(x, y); MAD_4(x, y);
;   #define MAD_64(x, y) MAD_16(x, y); MAD_16(x, y); MAD_16(x, y); MAD_16(x, y);
;   kernel void mad64(global float4 *ptr, float a, int n) {
;     float4 x = (float4)(a, a + 1, a + 2, a + 3);
;     float4 y = (float4)get_local_id(0);
;     for (int i = 0; i < n; i++) { MAD_64(x, y); }
;     ptr[get_global_id(0)] = y;
;   }
;   kernel void mad256(global float4 *ptr, float a, int n) {
;     float4 x = (float4)(a, a + 1, a + 2, a + 3);
;     float4 y = (float4)get_local_id(0);
;     for (int i = 0; i < n; i++) { MAD_64(x, y); MAD_64(x, y); MAD_64(x, y); MAD_64(x, y); }
;     ptr[get_global_id(0)] = y;
;   }
; RUN: %opt -passes='weft-pipeline,default<O3>' -pass-remarks=loop-unroll-and-jam -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARKS
; RUN: %opt -passes='weft-pipeline,default<O3>' -S %s | FileCheck %s

; REMARKS: unroll and jammed loop by a factor of 8
; REMARKS-NEXT: unroll and jammed loop by a factor of 4
; REMARKS-NEXT: unroll and jammed loop by a factor of 8
; REMARKS-NEXT: unroll and jammed loop by a factor of 4
; REMARKS-NOT: unroll and jammed

; CHECK-LABEL: define void @__weft_wg_mad64(
; CHECK: call <8 x float> @llvm.fmuladd.v8f32
; CHECK-LABEL: define void @__weft_wg_mad256(
; CHECK-NOT: @llvm.fmuladd.v8f32
; CHECK: call <4 x float> @llvm.fmuladd.v4f32
; CHECK-NOT: call <8 x float> @llvm.fmuladd.v8f32

; ModuleID = 'big.cl'
source_filename = "big.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind uwtable
define dso_local spir_kernel void @mad64(ptr noundef align 16 %0, float noundef %1, i32 noundef %2) #0 !kernel_arg_addr_space !6 !kernel_arg_access_qual !7 !kernel_arg_type !8 !kernel_arg_base_type !9 !kernel_arg_type_qual !10 {
  %4 = alloca ptr, align 8
  %5 = alloca float, align 4
  %6 = alloca i32, align 4
  %7 = alloca <4 x float>, align 16
  %8 = alloca <4 x float>, align 16
  %9 = alloca <4 x float>, align 16
  %10 = alloca i32, align 4
  store ptr %0, ptr %4, align 8, !tbaa !11
  store float %1, ptr %5, align 4, !tbaa !15
  store i32 %2, ptr %6, align 4, !tbaa !17
  call void @llvm.lifetime.start.p0(i64 16, ptr %7) #4
  %11 = load float, ptr %5, align 4, !tbaa !15
  %12 = insertelement <4 x float> undef, float %11, i32 0
  %13 = load float, ptr %5, align 4, !tbaa !15
  %14 = fadd float %13, 1.000000e+00
  %15 = insertelement <4 x float> %12, float %14, i32 1
  %16 = load float, ptr %5, align 4, !tbaa !15
  %17 = fadd float %16, 2.000000e+00
  %18 = insertelement <4 x float> %15, float %17, i32 2
  %19 = load float, ptr %5, align 4, !tbaa !15
  %20 = fadd float %19, 3.000000e+00
  %21 = insertelement <4 x float> %18, float %20, i32 3
  store <4 x float> %21, ptr %8, align 16, !tbaa !19
  %22 = load <4 x float>, ptr %8, align 16, !tbaa !19
  store <4 x float> %22, ptr %7, align 16, !tbaa !19
  call void @llvm.lifetime.start.p0(i64 16, ptr %9) #4
  %23 = call i64 @_Z12get_local_idj(i32 noundef 0) #5
  %24 = uitofp i64 %23 to float
  %25 = insertelement <4 x float> poison, float %24, i32 0
  %26 = shufflevector <4 x float> %25, <4 x float> poison, <4 x i32> zeroinitializer
  store <4 x float> %26, ptr %9, align 16, !tbaa !19
  call void @llvm.lifetime.start.p0(i64 4, ptr %10) #4
  store i32 0, ptr %10, align 4, !tbaa !17
  br label %27

27:                                               ; preds = %289, %3
  %28 = load i32, ptr %10, align 4, !tbaa !17
  %29 = load i32, ptr %6, align 4, !tbaa !17
  %30 = icmp slt i32 %28, %29
  br i1 %30, label %32, label %31

31:                                               ; preds = %27
  call void @llvm.lifetime.end.p0(i64 4, ptr %10) #4
  br label %292

32:                                               ; preds = %27
  %33 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %34 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %35 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %36 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %33, <4 x float> %34, <4 x float> %35)
  store <4 x float> %36, ptr %7, align 16, !tbaa !19
  %37 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %38 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %39 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %40 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %37, <4 x float> %38, <4 x float> %39)
  store <4 x float> %40, ptr %9, align 16, !tbaa !19
  %41 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %42 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %43 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %44 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %41, <4 x float> %42, <4 x float> %43)
  store <4 x float> %44, ptr %7, align 16, !tbaa !19
  %45 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %46 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %47 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %48 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %45, <4 x float> %46, <4 x float> %47)
  store <4 x float> %48, ptr %9, align 16, !tbaa !19
  %49 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %50 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %51 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %52 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %49, <4 x float> %50, <4 x float> %51)
  store <4 x float> %52, ptr %7, align 16, !tbaa !19
  %53 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %54 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %55 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %56 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %53, <4 x float> %54, <4 x float> %55)
  store <4 x float> %56, ptr %9, align 16, !tbaa !19
  %57 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %58 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %59 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %60 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %57, <4 x float> %58, <4 x float> %59)
  store <4 x float> %60, ptr %7, align 16, !tbaa !19
  %61 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %62 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %63 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %64 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %61, <4 x float> %62, <4 x float> %63)
  store <4 x float> %64, ptr %9, align 16, !tbaa !19
  %65 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %66 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %67 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %68 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %65, <4 x float> %66, <4 x float> %67)
  store <4 x float> %68, ptr %7, align 16, !tbaa !19
  %69 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %70 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %71 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %72 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %69, <4 x float> %70, <4 x float> %71)
  store <4 x float> %72, ptr %9, align 16, !tbaa !19
  %73 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %74 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %75 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %76 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %73, <4 x float> %74, <4 x float> %75)
  store <4 x float> %76, ptr %7, align 16, !tbaa !19
  %77 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %78 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %79 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %80 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %77, <4 x float> %78, <4 x float> %79)
  store <4 x float> %80, ptr %9, align 16, !tbaa !19
  %81 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %82 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %83 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %84 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %81, <4 x float> %82, <4 x float> %83)
  store <4 x float> %84, ptr %7, align 16, !tbaa !19
  %85 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %86 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %87 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %88 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %85, <4 x float> %86, <4 x float> %87)
  store <4 x float> %88, ptr %9, align 16, !tbaa !19
  %89 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %90 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %91 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %92 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %89, <4 x float> %90, <4 x float> %91)
  store <4 x float> %92, ptr %7, align 16, !tbaa !19
  %93 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %94 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %95 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %96 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %93, <4 x float> %94, <4 x float> %95)
  store <4 x float> %96, ptr %9, align 16, !tbaa !19
  %97 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %98 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %99 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %100 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %97, <4 x float> %98, <4 x float> %99)
  store <4 x float> %100, ptr %7, align 16, !tbaa !19
  %101 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %102 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %103 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %104 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %101, <4 x float> %102, <4 x float> %103)
  store <4 x float> %104, ptr %9, align 16, !tbaa !19
  %105 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %106 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %107 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %108 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %105, <4 x float> %106, <4 x float> %107)
  store <4 x float> %108, ptr %7, align 16, !tbaa !19
  %109 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %110 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %111 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %112 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %109, <4 x float> %110, <4 x float> %111)
  store <4 x float> %112, ptr %9, align 16, !tbaa !19
  %113 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %114 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %115 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %116 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %113, <4 x float> %114, <4 x float> %115)
  store <4 x float> %116, ptr %7, align 16, !tbaa !19
  %117 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %118 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %119 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %120 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %117, <4 x float> %118, <4 x float> %119)
  store <4 x float> %120, ptr %9, align 16, !tbaa !19
  %121 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %122 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %123 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %124 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %121, <4 x float> %122, <4 x float> %123)
  store <4 x float> %124, ptr %7, align 16, !tbaa !19
  %125 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %126 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %127 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %128 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %125, <4 x float> %126, <4 x float> %127)
  store <4 x float> %128, ptr %9, align 16, !tbaa !19
  %129 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %130 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %131 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %132 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %129, <4 x float> %130, <4 x float> %131)
  store <4 x float> %132, ptr %7, align 16, !tbaa !19
  %133 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %134 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %135 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %136 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %133, <4 x float> %134, <4 x float> %135)
  store <4 x float> %136, ptr %9, align 16, !tbaa !19
  %137 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %138 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %139 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %140 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %137, <4 x float> %138, <4 x float> %139)
  store <4 x float> %140, ptr %7, align 16, !tbaa !19
  %141 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %142 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %143 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %144 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %141, <4 x float> %142, <4 x float> %143)
  store <4 x float> %144, ptr %9, align 16, !tbaa !19
  %145 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %146 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %147 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %148 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %145, <4 x float> %146, <4 x float> %147)
  store <4 x float> %148, ptr %7, align 16, !tbaa !19
  %149 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %150 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %151 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %152 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %149, <4 x float> %150, <4 x float> %151)
  store <4 x float> %152, ptr %9, align 16, !tbaa !19
  %153 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %154 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %155 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %156 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %153, <4 x float> %154, <4 x float> %155)
  store <4 x float> %156, ptr %7, align 16, !tbaa !19
  %157 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %158 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %159 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %160 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %157, <4 x float> %158, <4 x float> %159)
  store <4 x float> %160, ptr %9, align 16, !tbaa !19
  %161 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %162 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %163 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %164 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %161, <4 x float> %162, <4 x float> %163)
  store <4 x float> %164, ptr %7, align 16, !tbaa !19
  %165 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %166 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %167 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %168 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %165, <4 x float> %166, <4 x float> %167)
  store <4 x float> %168, ptr %9, align 16, !tbaa !19
  %169 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %170 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %171 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %172 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %169, <4 x float> %170, <4 x float> %171)
  store <4 x float> %172, ptr %7, align 16, !tbaa !19
  %173 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %174 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %175 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %176 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %173, <4 x float> %174, <4 x float> %175)
  store <4 x float> %176, ptr %9, align 16, !tbaa !19
  %177 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %178 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %179 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %180 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %177, <4 x float> %178, <4 x float> %179)
  store <4 x float> %180, ptr %7, align 16, !tbaa !19
  %181 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %182 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %183 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %184 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %181, <4 x float> %182, <4 x float> %183)
  store <4 x float> %184, ptr %9, align 16, !tbaa !19
  %185 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %186 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %187 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %188 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %185, <4 x float> %186, <4 x float> %187)
  store <4 x float> %188, ptr %7, align 16, !tbaa !19
  %189 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %190 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %191 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %192 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %189, <4 x float> %190, <4 x float> %191)
  store <4 x float> %192, ptr %9, align 16, !tbaa !19
  %193 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %194 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %195 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %196 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %193, <4 x float> %194, <4 x float> %195)
  store <4 x float> %196, ptr %7, align 16, !tbaa !19
  %197 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %198 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %199 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %200 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %197, <4 x float> %198, <4 x float> %199)
  store <4 x float> %200, ptr %9, align 16, !tbaa !19
  %201 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %202 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %203 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %204 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %201, <4 x float> %202, <4 x float> %203)
  store <4 x float> %204, ptr %7, align 16, !tbaa !19
  %205 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %206 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %207 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %208 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %205, <4 x float> %206, <4 x float> %207)
  store <4 x float> %208, ptr %9, align 16, !tbaa !19
  %209 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %210 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %211 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %212 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %209, <4 x float> %210, <4 x float> %211)
  store <4 x float> %212, ptr %7, align 16, !tbaa !19
  %213 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %214 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %215 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %216 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %213, <4 x float> %214, <4 x float> %215)
  store <4 x float> %216, ptr %9, align 16, !tbaa !19
  %217 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %218 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %219 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %220 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %217, <4 x float> %218, <4 x float> %219)
  store <4 x float> %220, ptr %7, align 16, !tbaa !19
  %221 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %222 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %223 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %224 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %221, <4 x float> %222, <4 x float> %223)
  store <4 x float> %224, ptr %9, align 16, !tbaa !19
  %225 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %226 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %227 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %228 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %225, <4 x float> %226, <4 x float> %227)
  store <4 x float> %228, ptr %7, align 16, !tbaa !19
  %229 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %230 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %231 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %232 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %229, <4 x float> %230, <4 x float> %231)
  store <4 x float> %232, ptr %9, align 16, !tbaa !19
  %233 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %234 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %235 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %236 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %233, <4 x float> %234, <4 x float> %235)
  store <4 x float> %236, ptr %7, align 16, !tbaa !19
  %237 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %238 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %239 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %240 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %237, <4 x float> %238, <4 x float> %239)
  store <4 x float> %240, ptr %9, align 16, !tbaa !19
  %241 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %242 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %243 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %244 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %241, <4 x float> %242, <4 x float> %243)
  store <4 x float> %244, ptr %7, align 16, !tbaa !19
  %245 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %246 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %247 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %248 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %245, <4 x float> %246, <4 x float> %247)
  store <4 x float> %248, ptr %9, align 16, !tbaa !19
  %249 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %250 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %251 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %252 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %249, <4 x float> %250, <4 x float> %251)
  store <4 x float> %252, ptr %7, align 16, !tbaa !19
  %253 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %254 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %255 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %256 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %253, <4 x float> %254, <4 x float> %255)
  store <4 x float> %256, ptr %9, align 16, !tbaa !19
  %257 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %258 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %259 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %260 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %257, <4 x float> %258, <4 x float> %259)
  store <4 x float> %260, ptr %7, align 16, !tbaa !19
  %261 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %262 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %263 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %264 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %261, <4 x float> %262, <4 x float> %263)
  store <4 x float> %264, ptr %9, align 16, !tbaa !19
  %265 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %266 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %267 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %268 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %265, <4 x float> %266, <4 x float> %267)
  store <4 x float> %268, ptr %7, align 16, !tbaa !19
  %269 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %270 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %271 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %272 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %269, <4 x float> %270, <4 x float> %271)
  store <4 x float> %272, ptr %9, align 16, !tbaa !19
  %273 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %274 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %275 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %276 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %273, <4 x float> %274, <4 x float> %275)
  store <4 x float> %276, ptr %7, align 16, !tbaa !19
  %277 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %278 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %279 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %280 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %277, <4 x float> %278, <4 x float> %279)
  store <4 x float> %280, ptr %9, align 16, !tbaa !19
  %281 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %282 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %283 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %284 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %281, <4 x float> %282, <4 x float> %283)
  store <4 x float> %284, ptr %7, align 16, !tbaa !19
  %285 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %286 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %287 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %288 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %285, <4 x float> %286, <4 x float> %287)
  store <4 x float> %288, ptr %9, align 16, !tbaa !19
  br label %289

289:                                              ; preds = %32
  %290 = load i32, ptr %10, align 4, !tbaa !17
  %291 = add nsw i32 %290, 1
  store i32 %291, ptr %10, align 4, !tbaa !17
  br label %27

292:                                              ; preds = %31
  %293 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %294 = load ptr, ptr %4, align 8, !tbaa !11
  %295 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %296 = getelementptr inbounds <4 x float>, ptr %294, i64 %295
  store <4 x float> %293, ptr %296, align 16, !tbaa !19
  call void @llvm.lifetime.end.p0(i64 16, ptr %9) #4
  call void @llvm.lifetime.end.p0(i64 16, ptr %7) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #2

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>) #3

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent norecurse nounwind uwtable
define dso_local spir_kernel void @mad256(ptr noundef align 16 %0, float noundef %1, i32 noundef %2) #0 !kernel_arg_addr_space !6 !kernel_arg_access_qual !7 !kernel_arg_type !8 !kernel_arg_base_type !9 !kernel_arg_type_qual !10 {
  %4 = alloca ptr, align 8
  %5 = alloca float, align 4
  %6 = alloca i32, align 4
  %7 = alloca <4 x float>, align 16
  %8 = alloca <4 x float>, align 16
  %9 = alloca <4 x float>, align 16
  %10 = alloca i32, align 4
  store ptr %0, ptr %4, align 8, !tbaa !11
  store float %1, ptr %5, align 4, !tbaa !15
  store i32 %2, ptr %6, align 4, !tbaa !17
  call void @llvm.lifetime.start.p0(i64 16, ptr %7) #4
  %11 = load float, ptr %5, align 4, !tbaa !15
  %12 = insertelement <4 x float> undef, float %11, i32 0
  %13 = load float, ptr %5, align 4, !tbaa !15
  %14 = fadd float %13, 1.000000e+00
  %15 = insertelement <4 x float> %12, float %14, i32 1
  %16 = load float, ptr %5, align 4, !tbaa !15
  %17 = fadd float %16, 2.000000e+00
  %18 = insertelement <4 x float> %15, float %17, i32 2
  %19 = load float, ptr %5, align 4, !tbaa !15
  %20 = fadd float %19, 3.000000e+00
  %21 = insertelement <4 x float> %18, float %20, i32 3
  store <4 x float> %21, ptr %8, align 16, !tbaa !19
  %22 = load <4 x float>, ptr %8, align 16, !tbaa !19
  store <4 x float> %22, ptr %7, align 16, !tbaa !19
  call void @llvm.lifetime.start.p0(i64 16, ptr %9) #4
  %23 = call i64 @_Z12get_local_idj(i32 noundef 0) #5
  %24 = uitofp i64 %23 to float
  %25 = insertelement <4 x float> poison, float %24, i32 0
  %26 = shufflevector <4 x float> %25, <4 x float> poison, <4 x i32> zeroinitializer
  store <4 x float> %26, ptr %9, align 16, !tbaa !19
  call void @llvm.lifetime.start.p0(i64 4, ptr %10) #4
  store i32 0, ptr %10, align 4, !tbaa !17
  br label %27

27:                                               ; preds = %1057, %3
  %28 = load i32, ptr %10, align 4, !tbaa !17
  %29 = load i32, ptr %6, align 4, !tbaa !17
  %30 = icmp slt i32 %28, %29
  br i1 %30, label %32, label %31

31:                                               ; preds = %27
  call void @llvm.lifetime.end.p0(i64 4, ptr %10) #4
  br label %1060

32:                                               ; preds = %27
  %33 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %34 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %35 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %36 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %33, <4 x float> %34, <4 x float> %35)
  store <4 x float> %36, ptr %7, align 16, !tbaa !19
  %37 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %38 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %39 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %40 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %37, <4 x float> %38, <4 x float> %39)
  store <4 x float> %40, ptr %9, align 16, !tbaa !19
  %41 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %42 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %43 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %44 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %41, <4 x float> %42, <4 x float> %43)
  store <4 x float> %44, ptr %7, align 16, !tbaa !19
  %45 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %46 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %47 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %48 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %45, <4 x float> %46, <4 x float> %47)
  store <4 x float> %48, ptr %9, align 16, !tbaa !19
  %49 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %50 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %51 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %52 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %49, <4 x float> %50, <4 x float> %51)
  store <4 x float> %52, ptr %7, align 16, !tbaa !19
  %53 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %54 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %55 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %56 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %53, <4 x float> %54, <4 x float> %55)
  store <4 x float> %56, ptr %9, align 16, !tbaa !19
  %57 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %58 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %59 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %60 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %57, <4 x float> %58, <4 x float> %59)
  store <4 x float> %60, ptr %7, align 16, !tbaa !19
  %61 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %62 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %63 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %64 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %61, <4 x float> %62, <4 x float> %63)
  store <4 x float> %64, ptr %9, align 16, !tbaa !19
  %65 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %66 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %67 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %68 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %65, <4 x float> %66, <4 x float> %67)
  store <4 x float> %68, ptr %7, align 16, !tbaa !19
  %69 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %70 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %71 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %72 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %69, <4 x float> %70, <4 x float> %71)
  store <4 x float> %72, ptr %9, align 16, !tbaa !19
  %73 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %74 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %75 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %76 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %73, <4 x float> %74, <4 x float> %75)
  store <4 x float> %76, ptr %7, align 16, !tbaa !19
  %77 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %78 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %79 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %80 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %77, <4 x float> %78, <4 x float> %79)
  store <4 x float> %80, ptr %9, align 16, !tbaa !19
  %81 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %82 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %83 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %84 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %81, <4 x float> %82, <4 x float> %83)
  store <4 x float> %84, ptr %7, align 16, !tbaa !19
  %85 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %86 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %87 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %88 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %85, <4 x float> %86, <4 x float> %87)
  store <4 x float> %88, ptr %9, align 16, !tbaa !19
  %89 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %90 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %91 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %92 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %89, <4 x float> %90, <4 x float> %91)
  store <4 x float> %92, ptr %7, align 16, !tbaa !19
  %93 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %94 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %95 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %96 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %93, <4 x float> %94, <4 x float> %95)
  store <4 x float> %96, ptr %9, align 16, !tbaa !19
  %97 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %98 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %99 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %100 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %97, <4 x float> %98, <4 x float> %99)
  store <4 x float> %100, ptr %7, align 16, !tbaa !19
  %101 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %102 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %103 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %104 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %101, <4 x float> %102, <4 x float> %103)
  store <4 x float> %104, ptr %9, align 16, !tbaa !19
  %105 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %106 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %107 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %108 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %105, <4 x float> %106, <4 x float> %107)
  store <4 x float> %108, ptr %7, align 16, !tbaa !19
  %109 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %110 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %111 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %112 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %109, <4 x float> %110, <4 x float> %111)
  store <4 x float> %112, ptr %9, align 16, !tbaa !19
  %113 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %114 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %115 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %116 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %113, <4 x float> %114, <4 x float> %115)
  store <4 x float> %116, ptr %7, align 16, !tbaa !19
  %117 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %118 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %119 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %120 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %117, <4 x float> %118, <4 x float> %119)
  store <4 x float> %120, ptr %9, align 16, !tbaa !19
  %121 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %122 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %123 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %124 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %121, <4 x float> %122, <4 x float> %123)
  store <4 x float> %124, ptr %7, align 16, !tbaa !19
  %125 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %126 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %127 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %128 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %125, <4 x float> %126, <4 x float> %127)
  store <4 x float> %128, ptr %9, align 16, !tbaa !19
  %129 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %130 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %131 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %132 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %129, <4 x float> %130, <4 x float> %131)
  store <4 x float> %132, ptr %7, align 16, !tbaa !19
  %133 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %134 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %135 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %136 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %133, <4 x float> %134, <4 x float> %135)
  store <4 x float> %136, ptr %9, align 16, !tbaa !19
  %137 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %138 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %139 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %140 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %137, <4 x float> %138, <4 x float> %139)
  store <4 x float> %140, ptr %7, align 16, !tbaa !19
  %141 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %142 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %143 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %144 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %141, <4 x float> %142, <4 x float> %143)
  store <4 x float> %144, ptr %9, align 16, !tbaa !19
  %145 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %146 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %147 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %148 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %145, <4 x float> %146, <4 x float> %147)
  store <4 x float> %148, ptr %7, align 16, !tbaa !19
  %149 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %150 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %151 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %152 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %149, <4 x float> %150, <4 x float> %151)
  store <4 x float> %152, ptr %9, align 16, !tbaa !19
  %153 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %154 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %155 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %156 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %153, <4 x float> %154, <4 x float> %155)
  store <4 x float> %156, ptr %7, align 16, !tbaa !19
  %157 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %158 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %159 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %160 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %157, <4 x float> %158, <4 x float> %159)
  store <4 x float> %160, ptr %9, align 16, !tbaa !19
  %161 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %162 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %163 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %164 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %161, <4 x float> %162, <4 x float> %163)
  store <4 x float> %164, ptr %7, align 16, !tbaa !19
  %165 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %166 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %167 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %168 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %165, <4 x float> %166, <4 x float> %167)
  store <4 x float> %168, ptr %9, align 16, !tbaa !19
  %169 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %170 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %171 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %172 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %169, <4 x float> %170, <4 x float> %171)
  store <4 x float> %172, ptr %7, align 16, !tbaa !19
  %173 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %174 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %175 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %176 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %173, <4 x float> %174, <4 x float> %175)
  store <4 x float> %176, ptr %9, align 16, !tbaa !19
  %177 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %178 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %179 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %180 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %177, <4 x float> %178, <4 x float> %179)
  store <4 x float> %180, ptr %7, align 16, !tbaa !19
  %181 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %182 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %183 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %184 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %181, <4 x float> %182, <4 x float> %183)
  store <4 x float> %184, ptr %9, align 16, !tbaa !19
  %185 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %186 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %187 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %188 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %185, <4 x float> %186, <4 x float> %187)
  store <4 x float> %188, ptr %7, align 16, !tbaa !19
  %189 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %190 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %191 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %192 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %189, <4 x float> %190, <4 x float> %191)
  store <4 x float> %192, ptr %9, align 16, !tbaa !19
  %193 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %194 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %195 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %196 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %193, <4 x float> %194, <4 x float> %195)
  store <4 x float> %196, ptr %7, align 16, !tbaa !19
  %197 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %198 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %199 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %200 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %197, <4 x float> %198, <4 x float> %199)
  store <4 x float> %200, ptr %9, align 16, !tbaa !19
  %201 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %202 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %203 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %204 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %201, <4 x float> %202, <4 x float> %203)
  store <4 x float> %204, ptr %7, align 16, !tbaa !19
  %205 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %206 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %207 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %208 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %205, <4 x float> %206, <4 x float> %207)
  store <4 x float> %208, ptr %9, align 16, !tbaa !19
  %209 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %210 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %211 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %212 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %209, <4 x float> %210, <4 x float> %211)
  store <4 x float> %212, ptr %7, align 16, !tbaa !19
  %213 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %214 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %215 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %216 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %213, <4 x float> %214, <4 x float> %215)
  store <4 x float> %216, ptr %9, align 16, !tbaa !19
  %217 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %218 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %219 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %220 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %217, <4 x float> %218, <4 x float> %219)
  store <4 x float> %220, ptr %7, align 16, !tbaa !19
  %221 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %222 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %223 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %224 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %221, <4 x float> %222, <4 x float> %223)
  store <4 x float> %224, ptr %9, align 16, !tbaa !19
  %225 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %226 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %227 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %228 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %225, <4 x float> %226, <4 x float> %227)
  store <4 x float> %228, ptr %7, align 16, !tbaa !19
  %229 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %230 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %231 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %232 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %229, <4 x float> %230, <4 x float> %231)
  store <4 x float> %232, ptr %9, align 16, !tbaa !19
  %233 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %234 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %235 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %236 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %233, <4 x float> %234, <4 x float> %235)
  store <4 x float> %236, ptr %7, align 16, !tbaa !19
  %237 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %238 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %239 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %240 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %237, <4 x float> %238, <4 x float> %239)
  store <4 x float> %240, ptr %9, align 16, !tbaa !19
  %241 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %242 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %243 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %244 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %241, <4 x float> %242, <4 x float> %243)
  store <4 x float> %244, ptr %7, align 16, !tbaa !19
  %245 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %246 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %247 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %248 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %245, <4 x float> %246, <4 x float> %247)
  store <4 x float> %248, ptr %9, align 16, !tbaa !19
  %249 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %250 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %251 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %252 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %249, <4 x float> %250, <4 x float> %251)
  store <4 x float> %252, ptr %7, align 16, !tbaa !19
  %253 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %254 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %255 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %256 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %253, <4 x float> %254, <4 x float> %255)
  store <4 x float> %256, ptr %9, align 16, !tbaa !19
  %257 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %258 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %259 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %260 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %257, <4 x float> %258, <4 x float> %259)
  store <4 x float> %260, ptr %7, align 16, !tbaa !19
  %261 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %262 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %263 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %264 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %261, <4 x float> %262, <4 x float> %263)
  store <4 x float> %264, ptr %9, align 16, !tbaa !19
  %265 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %266 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %267 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %268 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %265, <4 x float> %266, <4 x float> %267)
  store <4 x float> %268, ptr %7, align 16, !tbaa !19
  %269 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %270 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %271 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %272 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %269, <4 x float> %270, <4 x float> %271)
  store <4 x float> %272, ptr %9, align 16, !tbaa !19
  %273 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %274 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %275 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %276 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %273, <4 x float> %274, <4 x float> %275)
  store <4 x float> %276, ptr %7, align 16, !tbaa !19
  %277 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %278 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %279 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %280 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %277, <4 x float> %278, <4 x float> %279)
  store <4 x float> %280, ptr %9, align 16, !tbaa !19
  %281 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %282 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %283 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %284 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %281, <4 x float> %282, <4 x float> %283)
  store <4 x float> %284, ptr %7, align 16, !tbaa !19
  %285 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %286 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %287 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %288 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %285, <4 x float> %286, <4 x float> %287)
  store <4 x float> %288, ptr %9, align 16, !tbaa !19
  %289 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %290 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %291 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %292 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %289, <4 x float> %290, <4 x float> %291)
  store <4 x float> %292, ptr %7, align 16, !tbaa !19
  %293 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %294 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %295 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %296 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %293, <4 x float> %294, <4 x float> %295)
  store <4 x float> %296, ptr %9, align 16, !tbaa !19
  %297 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %298 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %299 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %300 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %297, <4 x float> %298, <4 x float> %299)
  store <4 x float> %300, ptr %7, align 16, !tbaa !19
  %301 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %302 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %303 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %304 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %301, <4 x float> %302, <4 x float> %303)
  store <4 x float> %304, ptr %9, align 16, !tbaa !19
  %305 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %306 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %307 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %308 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %305, <4 x float> %306, <4 x float> %307)
  store <4 x float> %308, ptr %7, align 16, !tbaa !19
  %309 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %310 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %311 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %312 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %309, <4 x float> %310, <4 x float> %311)
  store <4 x float> %312, ptr %9, align 16, !tbaa !19
  %313 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %314 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %315 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %316 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %313, <4 x float> %314, <4 x float> %315)
  store <4 x float> %316, ptr %7, align 16, !tbaa !19
  %317 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %318 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %319 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %320 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %317, <4 x float> %318, <4 x float> %319)
  store <4 x float> %320, ptr %9, align 16, !tbaa !19
  %321 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %322 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %323 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %324 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %321, <4 x float> %322, <4 x float> %323)
  store <4 x float> %324, ptr %7, align 16, !tbaa !19
  %325 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %326 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %327 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %328 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %325, <4 x float> %326, <4 x float> %327)
  store <4 x float> %328, ptr %9, align 16, !tbaa !19
  %329 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %330 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %331 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %332 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %329, <4 x float> %330, <4 x float> %331)
  store <4 x float> %332, ptr %7, align 16, !tbaa !19
  %333 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %334 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %335 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %336 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %333, <4 x float> %334, <4 x float> %335)
  store <4 x float> %336, ptr %9, align 16, !tbaa !19
  %337 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %338 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %339 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %340 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %337, <4 x float> %338, <4 x float> %339)
  store <4 x float> %340, ptr %7, align 16, !tbaa !19
  %341 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %342 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %343 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %344 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %341, <4 x float> %342, <4 x float> %343)
  store <4 x float> %344, ptr %9, align 16, !tbaa !19
  %345 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %346 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %347 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %348 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %345, <4 x float> %346, <4 x float> %347)
  store <4 x float> %348, ptr %7, align 16, !tbaa !19
  %349 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %350 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %351 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %352 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %349, <4 x float> %350, <4 x float> %351)
  store <4 x float> %352, ptr %9, align 16, !tbaa !19
  %353 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %354 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %355 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %356 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %353, <4 x float> %354, <4 x float> %355)
  store <4 x float> %356, ptr %7, align 16, !tbaa !19
  %357 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %358 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %359 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %360 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %357, <4 x float> %358, <4 x float> %359)
  store <4 x float> %360, ptr %9, align 16, !tbaa !19
  %361 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %362 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %363 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %364 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %361, <4 x float> %362, <4 x float> %363)
  store <4 x float> %364, ptr %7, align 16, !tbaa !19
  %365 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %366 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %367 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %368 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %365, <4 x float> %366, <4 x float> %367)
  store <4 x float> %368, ptr %9, align 16, !tbaa !19
  %369 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %370 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %371 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %372 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %369, <4 x float> %370, <4 x float> %371)
  store <4 x float> %372, ptr %7, align 16, !tbaa !19
  %373 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %374 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %375 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %376 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %373, <4 x float> %374, <4 x float> %375)
  store <4 x float> %376, ptr %9, align 16, !tbaa !19
  %377 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %378 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %379 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %380 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %377, <4 x float> %378, <4 x float> %379)
  store <4 x float> %380, ptr %7, align 16, !tbaa !19
  %381 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %382 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %383 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %384 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %381, <4 x float> %382, <4 x float> %383)
  store <4 x float> %384, ptr %9, align 16, !tbaa !19
  %385 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %386 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %387 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %388 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %385, <4 x float> %386, <4 x float> %387)
  store <4 x float> %388, ptr %7, align 16, !tbaa !19
  %389 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %390 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %391 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %392 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %389, <4 x float> %390, <4 x float> %391)
  store <4 x float> %392, ptr %9, align 16, !tbaa !19
  %393 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %394 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %395 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %396 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %393, <4 x float> %394, <4 x float> %395)
  store <4 x float> %396, ptr %7, align 16, !tbaa !19
  %397 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %398 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %399 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %400 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %397, <4 x float> %398, <4 x float> %399)
  store <4 x float> %400, ptr %9, align 16, !tbaa !19
  %401 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %402 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %403 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %404 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %401, <4 x float> %402, <4 x float> %403)
  store <4 x float> %404, ptr %7, align 16, !tbaa !19
  %405 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %406 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %407 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %408 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %405, <4 x float> %406, <4 x float> %407)
  store <4 x float> %408, ptr %9, align 16, !tbaa !19
  %409 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %410 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %411 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %412 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %409, <4 x float> %410, <4 x float> %411)
  store <4 x float> %412, ptr %7, align 16, !tbaa !19
  %413 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %414 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %415 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %416 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %413, <4 x float> %414, <4 x float> %415)
  store <4 x float> %416, ptr %9, align 16, !tbaa !19
  %417 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %418 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %419 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %420 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %417, <4 x float> %418, <4 x float> %419)
  store <4 x float> %420, ptr %7, align 16, !tbaa !19
  %421 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %422 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %423 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %424 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %421, <4 x float> %422, <4 x float> %423)
  store <4 x float> %424, ptr %9, align 16, !tbaa !19
  %425 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %426 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %427 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %428 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %425, <4 x float> %426, <4 x float> %427)
  store <4 x float> %428, ptr %7, align 16, !tbaa !19
  %429 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %430 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %431 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %432 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %429, <4 x float> %430, <4 x float> %431)
  store <4 x float> %432, ptr %9, align 16, !tbaa !19
  %433 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %434 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %435 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %436 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %433, <4 x float> %434, <4 x float> %435)
  store <4 x float> %436, ptr %7, align 16, !tbaa !19
  %437 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %438 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %439 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %440 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %437, <4 x float> %438, <4 x float> %439)
  store <4 x float> %440, ptr %9, align 16, !tbaa !19
  %441 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %442 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %443 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %444 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %441, <4 x float> %442, <4 x float> %443)
  store <4 x float> %444, ptr %7, align 16, !tbaa !19
  %445 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %446 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %447 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %448 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %445, <4 x float> %446, <4 x float> %447)
  store <4 x float> %448, ptr %9, align 16, !tbaa !19
  %449 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %450 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %451 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %452 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %449, <4 x float> %450, <4 x float> %451)
  store <4 x float> %452, ptr %7, align 16, !tbaa !19
  %453 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %454 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %455 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %456 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %453, <4 x float> %454, <4 x float> %455)
  store <4 x float> %456, ptr %9, align 16, !tbaa !19
  %457 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %458 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %459 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %460 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %457, <4 x float> %458, <4 x float> %459)
  store <4 x float> %460, ptr %7, align 16, !tbaa !19
  %461 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %462 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %463 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %464 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %461, <4 x float> %462, <4 x float> %463)
  store <4 x float> %464, ptr %9, align 16, !tbaa !19
  %465 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %466 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %467 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %468 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %465, <4 x float> %466, <4 x float> %467)
  store <4 x float> %468, ptr %7, align 16, !tbaa !19
  %469 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %470 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %471 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %472 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %469, <4 x float> %470, <4 x float> %471)
  store <4 x float> %472, ptr %9, align 16, !tbaa !19
  %473 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %474 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %475 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %476 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %473, <4 x float> %474, <4 x float> %475)
  store <4 x float> %476, ptr %7, align 16, !tbaa !19
  %477 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %478 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %479 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %480 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %477, <4 x float> %478, <4 x float> %479)
  store <4 x float> %480, ptr %9, align 16, !tbaa !19
  %481 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %482 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %483 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %484 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %481, <4 x float> %482, <4 x float> %483)
  store <4 x float> %484, ptr %7, align 16, !tbaa !19
  %485 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %486 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %487 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %488 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %485, <4 x float> %486, <4 x float> %487)
  store <4 x float> %488, ptr %9, align 16, !tbaa !19
  %489 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %490 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %491 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %492 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %489, <4 x float> %490, <4 x float> %491)
  store <4 x float> %492, ptr %7, align 16, !tbaa !19
  %493 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %494 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %495 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %496 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %493, <4 x float> %494, <4 x float> %495)
  store <4 x float> %496, ptr %9, align 16, !tbaa !19
  %497 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %498 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %499 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %500 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %497, <4 x float> %498, <4 x float> %499)
  store <4 x float> %500, ptr %7, align 16, !tbaa !19
  %501 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %502 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %503 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %504 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %501, <4 x float> %502, <4 x float> %503)
  store <4 x float> %504, ptr %9, align 16, !tbaa !19
  %505 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %506 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %507 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %508 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %505, <4 x float> %506, <4 x float> %507)
  store <4 x float> %508, ptr %7, align 16, !tbaa !19
  %509 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %510 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %511 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %512 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %509, <4 x float> %510, <4 x float> %511)
  store <4 x float> %512, ptr %9, align 16, !tbaa !19
  %513 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %514 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %515 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %516 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %513, <4 x float> %514, <4 x float> %515)
  store <4 x float> %516, ptr %7, align 16, !tbaa !19
  %517 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %518 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %519 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %520 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %517, <4 x float> %518, <4 x float> %519)
  store <4 x float> %520, ptr %9, align 16, !tbaa !19
  %521 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %522 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %523 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %524 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %521, <4 x float> %522, <4 x float> %523)
  store <4 x float> %524, ptr %7, align 16, !tbaa !19
  %525 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %526 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %527 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %528 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %525, <4 x float> %526, <4 x float> %527)
  store <4 x float> %528, ptr %9, align 16, !tbaa !19
  %529 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %530 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %531 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %532 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %529, <4 x float> %530, <4 x float> %531)
  store <4 x float> %532, ptr %7, align 16, !tbaa !19
  %533 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %534 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %535 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %536 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %533, <4 x float> %534, <4 x float> %535)
  store <4 x float> %536, ptr %9, align 16, !tbaa !19
  %537 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %538 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %539 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %540 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %537, <4 x float> %538, <4 x float> %539)
  store <4 x float> %540, ptr %7, align 16, !tbaa !19
  %541 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %542 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %543 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %544 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %541, <4 x float> %542, <4 x float> %543)
  store <4 x float> %544, ptr %9, align 16, !tbaa !19
  %545 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %546 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %547 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %548 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %545, <4 x float> %546, <4 x float> %547)
  store <4 x float> %548, ptr %7, align 16, !tbaa !19
  %549 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %550 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %551 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %552 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %549, <4 x float> %550, <4 x float> %551)
  store <4 x float> %552, ptr %9, align 16, !tbaa !19
  %553 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %554 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %555 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %556 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %553, <4 x float> %554, <4 x float> %555)
  store <4 x float> %556, ptr %7, align 16, !tbaa !19
  %557 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %558 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %559 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %560 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %557, <4 x float> %558, <4 x float> %559)
  store <4 x float> %560, ptr %9, align 16, !tbaa !19
  %561 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %562 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %563 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %564 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %561, <4 x float> %562, <4 x float> %563)
  store <4 x float> %564, ptr %7, align 16, !tbaa !19
  %565 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %566 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %567 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %568 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %565, <4 x float> %566, <4 x float> %567)
  store <4 x float> %568, ptr %9, align 16, !tbaa !19
  %569 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %570 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %571 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %572 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %569, <4 x float> %570, <4 x float> %571)
  store <4 x float> %572, ptr %7, align 16, !tbaa !19
  %573 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %574 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %575 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %576 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %573, <4 x float> %574, <4 x float> %575)
  store <4 x float> %576, ptr %9, align 16, !tbaa !19
  %577 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %578 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %579 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %580 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %577, <4 x float> %578, <4 x float> %579)
  store <4 x float> %580, ptr %7, align 16, !tbaa !19
  %581 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %582 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %583 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %584 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %581, <4 x float> %582, <4 x float> %583)
  store <4 x float> %584, ptr %9, align 16, !tbaa !19
  %585 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %586 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %587 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %588 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %585, <4 x float> %586, <4 x float> %587)
  store <4 x float> %588, ptr %7, align 16, !tbaa !19
  %589 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %590 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %591 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %592 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %589, <4 x float> %590, <4 x float> %591)
  store <4 x float> %592, ptr %9, align 16, !tbaa !19
  %593 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %594 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %595 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %596 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %593, <4 x float> %594, <4 x float> %595)
  store <4 x float> %596, ptr %7, align 16, !tbaa !19
  %597 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %598 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %599 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %600 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %597, <4 x float> %598, <4 x float> %599)
  store <4 x float> %600, ptr %9, align 16, !tbaa !19
  %601 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %602 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %603 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %604 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %601, <4 x float> %602, <4 x float> %603)
  store <4 x float> %604, ptr %7, align 16, !tbaa !19
  %605 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %606 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %607 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %608 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %605, <4 x float> %606, <4 x float> %607)
  store <4 x float> %608, ptr %9, align 16, !tbaa !19
  %609 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %610 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %611 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %612 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %609, <4 x float> %610, <4 x float> %611)
  store <4 x float> %612, ptr %7, align 16, !tbaa !19
  %613 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %614 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %615 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %616 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %613, <4 x float> %614, <4 x float> %615)
  store <4 x float> %616, ptr %9, align 16, !tbaa !19
  %617 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %618 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %619 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %620 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %617, <4 x float> %618, <4 x float> %619)
  store <4 x float> %620, ptr %7, align 16, !tbaa !19
  %621 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %622 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %623 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %624 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %621, <4 x float> %622, <4 x float> %623)
  store <4 x float> %624, ptr %9, align 16, !tbaa !19
  %625 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %626 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %627 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %628 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %625, <4 x float> %626, <4 x float> %627)
  store <4 x float> %628, ptr %7, align 16, !tbaa !19
  %629 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %630 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %631 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %632 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %629, <4 x float> %630, <4 x float> %631)
  store <4 x float> %632, ptr %9, align 16, !tbaa !19
  %633 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %634 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %635 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %636 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %633, <4 x float> %634, <4 x float> %635)
  store <4 x float> %636, ptr %7, align 16, !tbaa !19
  %637 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %638 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %639 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %640 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %637, <4 x float> %638, <4 x float> %639)
  store <4 x float> %640, ptr %9, align 16, !tbaa !19
  %641 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %642 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %643 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %644 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %641, <4 x float> %642, <4 x float> %643)
  store <4 x float> %644, ptr %7, align 16, !tbaa !19
  %645 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %646 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %647 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %648 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %645, <4 x float> %646, <4 x float> %647)
  store <4 x float> %648, ptr %9, align 16, !tbaa !19
  %649 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %650 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %651 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %652 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %649, <4 x float> %650, <4 x float> %651)
  store <4 x float> %652, ptr %7, align 16, !tbaa !19
  %653 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %654 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %655 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %656 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %653, <4 x float> %654, <4 x float> %655)
  store <4 x float> %656, ptr %9, align 16, !tbaa !19
  %657 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %658 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %659 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %660 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %657, <4 x float> %658, <4 x float> %659)
  store <4 x float> %660, ptr %7, align 16, !tbaa !19
  %661 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %662 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %663 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %664 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %661, <4 x float> %662, <4 x float> %663)
  store <4 x float> %664, ptr %9, align 16, !tbaa !19
  %665 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %666 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %667 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %668 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %665, <4 x float> %666, <4 x float> %667)
  store <4 x float> %668, ptr %7, align 16, !tbaa !19
  %669 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %670 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %671 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %672 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %669, <4 x float> %670, <4 x float> %671)
  store <4 x float> %672, ptr %9, align 16, !tbaa !19
  %673 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %674 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %675 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %676 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %673, <4 x float> %674, <4 x float> %675)
  store <4 x float> %676, ptr %7, align 16, !tbaa !19
  %677 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %678 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %679 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %680 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %677, <4 x float> %678, <4 x float> %679)
  store <4 x float> %680, ptr %9, align 16, !tbaa !19
  %681 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %682 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %683 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %684 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %681, <4 x float> %682, <4 x float> %683)
  store <4 x float> %684, ptr %7, align 16, !tbaa !19
  %685 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %686 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %687 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %688 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %685, <4 x float> %686, <4 x float> %687)
  store <4 x float> %688, ptr %9, align 16, !tbaa !19
  %689 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %690 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %691 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %692 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %689, <4 x float> %690, <4 x float> %691)
  store <4 x float> %692, ptr %7, align 16, !tbaa !19
  %693 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %694 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %695 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %696 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %693, <4 x float> %694, <4 x float> %695)
  store <4 x float> %696, ptr %9, align 16, !tbaa !19
  %697 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %698 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %699 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %700 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %697, <4 x float> %698, <4 x float> %699)
  store <4 x float> %700, ptr %7, align 16, !tbaa !19
  %701 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %702 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %703 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %704 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %701, <4 x float> %702, <4 x float> %703)
  store <4 x float> %704, ptr %9, align 16, !tbaa !19
  %705 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %706 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %707 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %708 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %705, <4 x float> %706, <4 x float> %707)
  store <4 x float> %708, ptr %7, align 16, !tbaa !19
  %709 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %710 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %711 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %712 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %709, <4 x float> %710, <4 x float> %711)
  store <4 x float> %712, ptr %9, align 16, !tbaa !19
  %713 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %714 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %715 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %716 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %713, <4 x float> %714, <4 x float> %715)
  store <4 x float> %716, ptr %7, align 16, !tbaa !19
  %717 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %718 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %719 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %720 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %717, <4 x float> %718, <4 x float> %719)
  store <4 x float> %720, ptr %9, align 16, !tbaa !19
  %721 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %722 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %723 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %724 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %721, <4 x float> %722, <4 x float> %723)
  store <4 x float> %724, ptr %7, align 16, !tbaa !19
  %725 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %726 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %727 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %728 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %725, <4 x float> %726, <4 x float> %727)
  store <4 x float> %728, ptr %9, align 16, !tbaa !19
  %729 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %730 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %731 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %732 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %729, <4 x float> %730, <4 x float> %731)
  store <4 x float> %732, ptr %7, align 16, !tbaa !19
  %733 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %734 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %735 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %736 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %733, <4 x float> %734, <4 x float> %735)
  store <4 x float> %736, ptr %9, align 16, !tbaa !19
  %737 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %738 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %739 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %740 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %737, <4 x float> %738, <4 x float> %739)
  store <4 x float> %740, ptr %7, align 16, !tbaa !19
  %741 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %742 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %743 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %744 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %741, <4 x float> %742, <4 x float> %743)
  store <4 x float> %744, ptr %9, align 16, !tbaa !19
  %745 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %746 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %747 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %748 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %745, <4 x float> %746, <4 x float> %747)
  store <4 x float> %748, ptr %7, align 16, !tbaa !19
  %749 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %750 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %751 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %752 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %749, <4 x float> %750, <4 x float> %751)
  store <4 x float> %752, ptr %9, align 16, !tbaa !19
  %753 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %754 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %755 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %756 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %753, <4 x float> %754, <4 x float> %755)
  store <4 x float> %756, ptr %7, align 16, !tbaa !19
  %757 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %758 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %759 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %760 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %757, <4 x float> %758, <4 x float> %759)
  store <4 x float> %760, ptr %9, align 16, !tbaa !19
  %761 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %762 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %763 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %764 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %761, <4 x float> %762, <4 x float> %763)
  store <4 x float> %764, ptr %7, align 16, !tbaa !19
  %765 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %766 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %767 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %768 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %765, <4 x float> %766, <4 x float> %767)
  store <4 x float> %768, ptr %9, align 16, !tbaa !19
  %769 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %770 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %771 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %772 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %769, <4 x float> %770, <4 x float> %771)
  store <4 x float> %772, ptr %7, align 16, !tbaa !19
  %773 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %774 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %775 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %776 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %773, <4 x float> %774, <4 x float> %775)
  store <4 x float> %776, ptr %9, align 16, !tbaa !19
  %777 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %778 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %779 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %780 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %777, <4 x float> %778, <4 x float> %779)
  store <4 x float> %780, ptr %7, align 16, !tbaa !19
  %781 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %782 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %783 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %784 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %781, <4 x float> %782, <4 x float> %783)
  store <4 x float> %784, ptr %9, align 16, !tbaa !19
  %785 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %786 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %787 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %788 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %785, <4 x float> %786, <4 x float> %787)
  store <4 x float> %788, ptr %7, align 16, !tbaa !19
  %789 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %790 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %791 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %792 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %789, <4 x float> %790, <4 x float> %791)
  store <4 x float> %792, ptr %9, align 16, !tbaa !19
  %793 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %794 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %795 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %796 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %793, <4 x float> %794, <4 x float> %795)
  store <4 x float> %796, ptr %7, align 16, !tbaa !19
  %797 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %798 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %799 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %800 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %797, <4 x float> %798, <4 x float> %799)
  store <4 x float> %800, ptr %9, align 16, !tbaa !19
  %801 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %802 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %803 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %804 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %801, <4 x float> %802, <4 x float> %803)
  store <4 x float> %804, ptr %7, align 16, !tbaa !19
  %805 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %806 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %807 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %808 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %805, <4 x float> %806, <4 x float> %807)
  store <4 x float> %808, ptr %9, align 16, !tbaa !19
  %809 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %810 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %811 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %812 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %809, <4 x float> %810, <4 x float> %811)
  store <4 x float> %812, ptr %7, align 16, !tbaa !19
  %813 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %814 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %815 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %816 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %813, <4 x float> %814, <4 x float> %815)
  store <4 x float> %816, ptr %9, align 16, !tbaa !19
  %817 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %818 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %819 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %820 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %817, <4 x float> %818, <4 x float> %819)
  store <4 x float> %820, ptr %7, align 16, !tbaa !19
  %821 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %822 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %823 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %824 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %821, <4 x float> %822, <4 x float> %823)
  store <4 x float> %824, ptr %9, align 16, !tbaa !19
  %825 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %826 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %827 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %828 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %825, <4 x float> %826, <4 x float> %827)
  store <4 x float> %828, ptr %7, align 16, !tbaa !19
  %829 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %830 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %831 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %832 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %829, <4 x float> %830, <4 x float> %831)
  store <4 x float> %832, ptr %9, align 16, !tbaa !19
  %833 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %834 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %835 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %836 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %833, <4 x float> %834, <4 x float> %835)
  store <4 x float> %836, ptr %7, align 16, !tbaa !19
  %837 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %838 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %839 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %840 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %837, <4 x float> %838, <4 x float> %839)
  store <4 x float> %840, ptr %9, align 16, !tbaa !19
  %841 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %842 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %843 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %844 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %841, <4 x float> %842, <4 x float> %843)
  store <4 x float> %844, ptr %7, align 16, !tbaa !19
  %845 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %846 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %847 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %848 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %845, <4 x float> %846, <4 x float> %847)
  store <4 x float> %848, ptr %9, align 16, !tbaa !19
  %849 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %850 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %851 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %852 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %849, <4 x float> %850, <4 x float> %851)
  store <4 x float> %852, ptr %7, align 16, !tbaa !19
  %853 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %854 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %855 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %856 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %853, <4 x float> %854, <4 x float> %855)
  store <4 x float> %856, ptr %9, align 16, !tbaa !19
  %857 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %858 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %859 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %860 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %857, <4 x float> %858, <4 x float> %859)
  store <4 x float> %860, ptr %7, align 16, !tbaa !19
  %861 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %862 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %863 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %864 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %861, <4 x float> %862, <4 x float> %863)
  store <4 x float> %864, ptr %9, align 16, !tbaa !19
  %865 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %866 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %867 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %868 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %865, <4 x float> %866, <4 x float> %867)
  store <4 x float> %868, ptr %7, align 16, !tbaa !19
  %869 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %870 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %871 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %872 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %869, <4 x float> %870, <4 x float> %871)
  store <4 x float> %872, ptr %9, align 16, !tbaa !19
  %873 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %874 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %875 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %876 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %873, <4 x float> %874, <4 x float> %875)
  store <4 x float> %876, ptr %7, align 16, !tbaa !19
  %877 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %878 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %879 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %880 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %877, <4 x float> %878, <4 x float> %879)
  store <4 x float> %880, ptr %9, align 16, !tbaa !19
  %881 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %882 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %883 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %884 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %881, <4 x float> %882, <4 x float> %883)
  store <4 x float> %884, ptr %7, align 16, !tbaa !19
  %885 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %886 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %887 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %888 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %885, <4 x float> %886, <4 x float> %887)
  store <4 x float> %888, ptr %9, align 16, !tbaa !19
  %889 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %890 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %891 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %892 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %889, <4 x float> %890, <4 x float> %891)
  store <4 x float> %892, ptr %7, align 16, !tbaa !19
  %893 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %894 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %895 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %896 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %893, <4 x float> %894, <4 x float> %895)
  store <4 x float> %896, ptr %9, align 16, !tbaa !19
  %897 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %898 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %899 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %900 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %897, <4 x float> %898, <4 x float> %899)
  store <4 x float> %900, ptr %7, align 16, !tbaa !19
  %901 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %902 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %903 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %904 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %901, <4 x float> %902, <4 x float> %903)
  store <4 x float> %904, ptr %9, align 16, !tbaa !19
  %905 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %906 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %907 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %908 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %905, <4 x float> %906, <4 x float> %907)
  store <4 x float> %908, ptr %7, align 16, !tbaa !19
  %909 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %910 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %911 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %912 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %909, <4 x float> %910, <4 x float> %911)
  store <4 x float> %912, ptr %9, align 16, !tbaa !19
  %913 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %914 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %915 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %916 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %913, <4 x float> %914, <4 x float> %915)
  store <4 x float> %916, ptr %7, align 16, !tbaa !19
  %917 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %918 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %919 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %920 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %917, <4 x float> %918, <4 x float> %919)
  store <4 x float> %920, ptr %9, align 16, !tbaa !19
  %921 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %922 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %923 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %924 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %921, <4 x float> %922, <4 x float> %923)
  store <4 x float> %924, ptr %7, align 16, !tbaa !19
  %925 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %926 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %927 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %928 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %925, <4 x float> %926, <4 x float> %927)
  store <4 x float> %928, ptr %9, align 16, !tbaa !19
  %929 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %930 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %931 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %932 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %929, <4 x float> %930, <4 x float> %931)
  store <4 x float> %932, ptr %7, align 16, !tbaa !19
  %933 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %934 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %935 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %936 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %933, <4 x float> %934, <4 x float> %935)
  store <4 x float> %936, ptr %9, align 16, !tbaa !19
  %937 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %938 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %939 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %940 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %937, <4 x float> %938, <4 x float> %939)
  store <4 x float> %940, ptr %7, align 16, !tbaa !19
  %941 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %942 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %943 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %944 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %941, <4 x float> %942, <4 x float> %943)
  store <4 x float> %944, ptr %9, align 16, !tbaa !19
  %945 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %946 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %947 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %948 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %945, <4 x float> %946, <4 x float> %947)
  store <4 x float> %948, ptr %7, align 16, !tbaa !19
  %949 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %950 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %951 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %952 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %949, <4 x float> %950, <4 x float> %951)
  store <4 x float> %952, ptr %9, align 16, !tbaa !19
  %953 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %954 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %955 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %956 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %953, <4 x float> %954, <4 x float> %955)
  store <4 x float> %956, ptr %7, align 16, !tbaa !19
  %957 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %958 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %959 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %960 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %957, <4 x float> %958, <4 x float> %959)
  store <4 x float> %960, ptr %9, align 16, !tbaa !19
  %961 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %962 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %963 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %964 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %961, <4 x float> %962, <4 x float> %963)
  store <4 x float> %964, ptr %7, align 16, !tbaa !19
  %965 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %966 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %967 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %968 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %965, <4 x float> %966, <4 x float> %967)
  store <4 x float> %968, ptr %9, align 16, !tbaa !19
  %969 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %970 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %971 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %972 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %969, <4 x float> %970, <4 x float> %971)
  store <4 x float> %972, ptr %7, align 16, !tbaa !19
  %973 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %974 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %975 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %976 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %973, <4 x float> %974, <4 x float> %975)
  store <4 x float> %976, ptr %9, align 16, !tbaa !19
  %977 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %978 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %979 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %980 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %977, <4 x float> %978, <4 x float> %979)
  store <4 x float> %980, ptr %7, align 16, !tbaa !19
  %981 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %982 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %983 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %984 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %981, <4 x float> %982, <4 x float> %983)
  store <4 x float> %984, ptr %9, align 16, !tbaa !19
  %985 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %986 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %987 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %988 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %985, <4 x float> %986, <4 x float> %987)
  store <4 x float> %988, ptr %7, align 16, !tbaa !19
  %989 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %990 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %991 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %992 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %989, <4 x float> %990, <4 x float> %991)
  store <4 x float> %992, ptr %9, align 16, !tbaa !19
  %993 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %994 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %995 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %996 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %993, <4 x float> %994, <4 x float> %995)
  store <4 x float> %996, ptr %7, align 16, !tbaa !19
  %997 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %998 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %999 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1000 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %997, <4 x float> %998, <4 x float> %999)
  store <4 x float> %1000, ptr %9, align 16, !tbaa !19
  %1001 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1002 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1003 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1004 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %1001, <4 x float> %1002, <4 x float> %1003)
  store <4 x float> %1004, ptr %7, align 16, !tbaa !19
  %1005 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1006 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1007 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1008 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %1005, <4 x float> %1006, <4 x float> %1007)
  store <4 x float> %1008, ptr %9, align 16, !tbaa !19
  %1009 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1010 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1011 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1012 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %1009, <4 x float> %1010, <4 x float> %1011)
  store <4 x float> %1012, ptr %7, align 16, !tbaa !19
  %1013 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1014 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1015 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1016 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %1013, <4 x float> %1014, <4 x float> %1015)
  store <4 x float> %1016, ptr %9, align 16, !tbaa !19
  %1017 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1018 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1019 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1020 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %1017, <4 x float> %1018, <4 x float> %1019)
  store <4 x float> %1020, ptr %7, align 16, !tbaa !19
  %1021 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1022 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1023 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1024 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %1021, <4 x float> %1022, <4 x float> %1023)
  store <4 x float> %1024, ptr %9, align 16, !tbaa !19
  %1025 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1026 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1027 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1028 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %1025, <4 x float> %1026, <4 x float> %1027)
  store <4 x float> %1028, ptr %7, align 16, !tbaa !19
  %1029 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1030 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1031 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1032 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %1029, <4 x float> %1030, <4 x float> %1031)
  store <4 x float> %1032, ptr %9, align 16, !tbaa !19
  %1033 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1034 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1035 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1036 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %1033, <4 x float> %1034, <4 x float> %1035)
  store <4 x float> %1036, ptr %7, align 16, !tbaa !19
  %1037 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1038 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1039 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1040 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %1037, <4 x float> %1038, <4 x float> %1039)
  store <4 x float> %1040, ptr %9, align 16, !tbaa !19
  %1041 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1042 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1043 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1044 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %1041, <4 x float> %1042, <4 x float> %1043)
  store <4 x float> %1044, ptr %7, align 16, !tbaa !19
  %1045 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1046 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1047 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1048 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %1045, <4 x float> %1046, <4 x float> %1047)
  store <4 x float> %1048, ptr %9, align 16, !tbaa !19
  %1049 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1050 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1051 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1052 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %1049, <4 x float> %1050, <4 x float> %1051)
  store <4 x float> %1052, ptr %7, align 16, !tbaa !19
  %1053 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1054 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1055 = load <4 x float>, ptr %7, align 16, !tbaa !19
  %1056 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %1053, <4 x float> %1054, <4 x float> %1055)
  store <4 x float> %1056, ptr %9, align 16, !tbaa !19
  br label %1057

1057:                                             ; preds = %32
  %1058 = load i32, ptr %10, align 4, !tbaa !17
  %1059 = add nsw i32 %1058, 1
  store i32 %1059, ptr %10, align 4, !tbaa !17
  br label %27

1060:                                             ; preds = %31
  %1061 = load <4 x float>, ptr %9, align 16, !tbaa !19
  %1062 = load ptr, ptr %4, align 8, !tbaa !11
  %1063 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %1064 = getelementptr inbounds <4 x float>, ptr %1062, i64 %1063
  store <4 x float> %1061, ptr %1064, align 16, !tbaa !19
  call void @llvm.lifetime.end.p0(i64 16, ptr %9) #4
  call void @llvm.lifetime.end.p0(i64 16, ptr %7) #4
  ret void
}

attributes #0 = { convergent norecurse nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #3 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0, !1, !2, !3}
!opencl.ocl.version = !{!4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 1, i32 2}
!5 = !{!"Debian clang version 15.0.6"}
!6 = !{i32 1, i32 0, i32 0}
!7 = !{!"none", !"none", !"none"}
!8 = !{!"float4*", !"float", !"int"}
!9 = !{!"float __attribute__((ext_vector_type(4)))*", !"float", !"int"}
!10 = !{!"", !"", !""}
!11 = !{!12, !12, i64 0}
!12 = !{!"any pointer", !13, i64 0}
!13 = !{!"omnipotent char", !14, i64 0}
!14 = !{!"Simple C/C++ TBAA"}
!15 = !{!16, !16, i64 0}
!16 = !{!"float", !13, i64 0}
!17 = !{!18, !18, i64 0}
!18 = !{!"int", !13, i64 0}
!19 = !{!13, !13, i64 0}
