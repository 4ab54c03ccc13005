; The work-group's slot for the collective functions (collectives.cl): one __local variable of 8
; bytes, which OpenCL C cannot declare outside a kernel. weft-local-memory places it in the
; local memory of each kernel that calls a collective, like a kernel-scope __local variable.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__weft_collective = internal addrspace(3) global i64 undef, align 8

define ptr addrspace(3) @__weft_collective_slot() #0 {
  ret ptr addrspace(3) @__weft_collective
}

attributes #0 = { alwaysinline nounwind readnone }
