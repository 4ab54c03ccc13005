; weft-plan-copy-chains: step calls of the library's __weft_gather_planes_<U>_<step>, each a
; single copy (its planes past the first null) of one count, whose sources are one array's
; planes (consecutive elements), running together with nothing between them that calls anything,
; become one call at the place of the last, its destinations by plane; then every call of those
; functions is inlined. weft-release-copy-planes takes them off llvm.compiler.used.
; RUN: %opt -passes=weft-plan-copy-chains -S %s | FileCheck %s
; RUN: %opt -passes=weft-release-copy-planes -S %s | FileCheck %s --check-prefix=RELEASE

@llvm.compiler.used = appending global [2 x ptr] [ptr @__weft_gather_planes_uint_4, ptr @__weft_gather_planes_uint_2], section "llvm.metadata"
; RELEASE-NOT: @llvm.compiler.used
; RELEASE: define void @__weft_gather_planes_uint_4(

; A stand-in for the library's function: records each plane's destination, then the source.
@seen = global [6 x ptr] zeroinitializer

define void @__weft_gather_planes_uint_4(ptr addrspace(3) %d0, ptr addrspace(3) %d1, ptr addrspace(3) %d2, ptr addrspace(3) %d3, ptr addrspace(1) %src, i64 %n) noinline {
  %a0 = addrspacecast ptr addrspace(3) %d0 to ptr
  store ptr %a0, ptr @seen
  %p1 = getelementptr ptr, ptr @seen, i64 1
  %a1 = addrspacecast ptr addrspace(3) %d1 to ptr
  store ptr %a1, ptr %p1
  %p2 = getelementptr ptr, ptr @seen, i64 2
  %a2 = addrspacecast ptr addrspace(3) %d2 to ptr
  store ptr %a2, ptr %p2
  %p3 = getelementptr ptr, ptr @seen, i64 3
  %a3 = addrspacecast ptr addrspace(3) %d3 to ptr
  store ptr %a3, ptr %p3
  %p4 = getelementptr ptr, ptr @seen, i64 4
  %s = addrspacecast ptr addrspace(1) %src to ptr
  store ptr %s, ptr %p4
  ret void
}

define void @__weft_gather_planes_uint_2(ptr addrspace(3) %d0, ptr addrspace(3) %d1, ptr addrspace(1) %src, i64 %n) noinline {
  %a0 = addrspacecast ptr addrspace(3) %d0 to ptr
  store ptr %a0, ptr @seen
  %p1 = getelementptr ptr, ptr @seen, i64 1
  %a1 = addrspacecast ptr addrspace(3) %d1 to ptr
  store ptr %a1, ptr %p1
  ret void
}

declare void @wait()

; Four stride-4 copies of one array's planes, issued in the order 2, 0, 3, 1, with a remainder's
; plain accesses between two of them: one call with the destinations by plane, inlined.
; CHECK-LABEL: define void @chain(
; CHECK-NOT: call void @__weft_gather_planes
; CHECK: store i32 %v, ptr addrspace(3) %t
; CHECK: %[[A0:.*]] = addrspacecast ptr addrspace(3) %t to ptr
; CHECK-NEXT: store ptr %[[A0]], ptr @seen
; CHECK: %[[A1:.*]] = addrspacecast ptr addrspace(3) %t1 to ptr
; CHECK: %[[A2:.*]] = addrspacecast ptr addrspace(3) %t2 to ptr
; CHECK: %[[A3:.*]] = addrspacecast ptr addrspace(3) %t3 to ptr
; CHECK: %[[S:.*]] = addrspacecast ptr addrspace(1) %src to ptr
; CHECK-NOT: call void @__weft_gather_planes
; CHECK: ret void
define void @chain(ptr addrspace(1) %src, ptr addrspace(3) %t, i64 %n) {
  %t1 = getelementptr inbounds i32, ptr addrspace(3) %t, i64 %n
  %n2 = shl i64 %n, 1
  %t2 = getelementptr inbounds i32, ptr addrspace(3) %t, i64 %n2
  %n3 = mul i64 %n, 3
  %t3 = getelementptr inbounds i32, ptr addrspace(3) %t, i64 %n3
  %s1 = getelementptr inbounds i32, ptr addrspace(1) %src, i64 1
  %s2 = getelementptr inbounds i32, ptr addrspace(1) %src, i64 2
  %s3 = getelementptr inbounds i32, ptr addrspace(1) %src, i64 3
  call void @__weft_gather_planes_uint_4(ptr addrspace(3) %t2, ptr addrspace(3) null, ptr addrspace(3) null, ptr addrspace(3) null, ptr addrspace(1) %s2, i64 %n)
  call void @__weft_gather_planes_uint_4(ptr addrspace(3) %t, ptr addrspace(3) null, ptr addrspace(3) null, ptr addrspace(3) null, ptr addrspace(1) %src, i64 %n)
  %v = load i32, ptr addrspace(1) %s1
  store i32 %v, ptr addrspace(3) %t
  call void @__weft_gather_planes_uint_4(ptr addrspace(3) %t3, ptr addrspace(3) null, ptr addrspace(3) null, ptr addrspace(3) null, ptr addrspace(1) %s3, i64 %n)
  call void @__weft_gather_planes_uint_4(ptr addrspace(3) %t1, ptr addrspace(3) null, ptr addrspace(3) null, ptr addrspace(3) null, ptr addrspace(1) %s1, i64 %n)
  ret void
}

; A call between the copies (a wait): each copy stays its own, inlined (its plane 1 null).
; CHECK-LABEL: define void @cut(
; CHECK-NOT: call void @__weft_gather_planes
; CHECK: store ptr addrspacecast (ptr addrspace(3) null to ptr)
; CHECK-NEXT: call void @wait()
; CHECK: store ptr addrspacecast (ptr addrspace(3) null to ptr)
; CHECK-NEXT: ret void
define void @cut(ptr addrspace(1) %src, ptr addrspace(3) %t, ptr addrspace(3) %u) {
  %s1 = getelementptr inbounds i32, ptr addrspace(1) %src, i64 1
  call void @__weft_gather_planes_uint_2(ptr addrspace(3) %t, ptr addrspace(3) null, ptr addrspace(1) %src, i64 64)
  call void @wait()
  call void @__weft_gather_planes_uint_2(ptr addrspace(3) %u, ptr addrspace(3) null, ptr addrspace(1) %s1, i64 64)
  ret void
}

; Copies of different counts, or sources not an array's consecutive elements, or one taken only
; on one branch: none is a chain.
; CHECK-LABEL: define void @apart(
; CHECK-NOT: call void @__weft_gather_planes
; CHECK-COUNT-3: store ptr addrspacecast (ptr addrspace(3) null to ptr)
; CHECK: then:
; CHECK-NEXT: addrspacecast ptr addrspace(3) %t to ptr
; CHECK-NEXT: store ptr
; CHECK-NEXT: store ptr addrspacecast (ptr addrspace(3) null to ptr)
; CHECK: ret void
define void @apart(ptr addrspace(1) %src, ptr addrspace(3) %t, ptr addrspace(3) %u, i1 %c) {
  %s1 = getelementptr inbounds i32, ptr addrspace(1) %src, i64 1
  %s2 = getelementptr inbounds i32, ptr addrspace(1) %src, i64 2
  call void @__weft_gather_planes_uint_2(ptr addrspace(3) %t, ptr addrspace(3) null, ptr addrspace(1) %src, i64 64)
  call void @__weft_gather_planes_uint_2(ptr addrspace(3) %u, ptr addrspace(3) null, ptr addrspace(1) %s1, i64 65)
  call void @__weft_gather_planes_uint_2(ptr addrspace(3) %u, ptr addrspace(3) null, ptr addrspace(1) %s2, i64 64)
  br i1 %c, label %then, label %join

then:
  call void @__weft_gather_planes_uint_2(ptr addrspace(3) %t, ptr addrspace(3) null, ptr addrspace(1) %s1, i64 64)
  br label %join

join:
  ret void
}
