; What the image built-ins (images.cl) need and OpenCL C cannot say: a sampler value made from
; its initializer's bits, loads of an image's descriptor that LLVM may move out of loops, and the
; half <-> float conversions of LLVM's own instructions.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Clang calls this for every constant sampler_t (a program-scope `constant sampler_t`, one
; declared in a kernel, an initializer passed as an argument). The value is the bits themselves
; (contracts/ImageAbi.h), a constant the library's ptrtoint folds back.
define ptr addrspace(2) @__translate_sampler_initializer(i32 %bits) #0 {
  %sampler = inttoptr i32 %bits to ptr addrspace(2)
  ret ptr addrspace(2) %sampler
}

; A kernel's image descriptors do not change while it runs (the memory object writes its
; WeftImage before any kernel can see it): the loads are invariant, so LICM takes them out of
; the loops over work-items, and a test of the format is the same for every work-item.
define i32 @__weft_image_u32(ptr addrspace(1) %field) #1 {
  %value = load i32, ptr addrspace(1) %field, align 4, !invariant.load !0
  ret i32 %value
}

define i64 @__weft_image_u64(ptr addrspace(1) %field) #1 {
  %value = load i64, ptr addrspace(1) %field, align 8, !invariant.load !0
  ret i64 %value
}

define ptr addrspace(1) @__weft_image_data(ptr addrspace(1) %field) #1 {
  %value = load ptr addrspace(1), ptr addrspace(1) %field, align 8, !invariant.load !0
  ret ptr addrspace(1) %value
}

; CL_HALF_FLOAT channels: LLVM's conversions (F16C's vcvtph2ps and vcvtps2ph where the host has
; it, libgcc's routines otherwise), which vectorize; float to half rounds to nearest even and
; keeps NaNs and infinities, as the spec asks.
define float @__weft_half_to_float(i16 zeroext %bits) #0 {
  %half = bitcast i16 %bits to half
  %value = fpext half %half to float
  ret float %value
}

define zeroext i16 @__weft_float_to_half(float %value) #0 {
  %half = fptrunc float %value to half
  %bits = bitcast half %half to i16
  ret i16 %bits
}

attributes #0 = { alwaysinline nounwind readnone willreturn }
attributes #1 = { alwaysinline nounwind readonly willreturn argmemonly }

!0 = !{}
