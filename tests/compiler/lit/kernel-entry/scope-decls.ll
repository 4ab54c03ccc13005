; weft-work-item-scope-decls: inlining the work-item function into its x loop adds a
; noalias.scope.decl for each `restrict` parameter, without the loop's access group, and LLVM
; then no longer takes the loop as parallel (every instruction that may touch memory must be in
; the group): the declaration joins the group of the innermost parallel loop around it. One
; outside any loop, and one that has a group already, stay as they are.
; RUN: %opt -passes='function(weft-work-item-scope-decls)' -S %s | FileCheck %s

; CHECK-LABEL: define void @__weft_wg_k(
; CHECK: call void @llvm.experimental.noalias.scope.decl(metadata ![[SCOPES:[0-9]+]]){{$}}
; CHECK: x:
; CHECK: call void @llvm.experimental.noalias.scope.decl(metadata ![[SCOPES]]), !llvm.access.group ![[GROUP:[0-9]+]]
; CHECK: load float, ptr %p, align 4, !llvm.access.group ![[GROUP]]
; CHECK: call void @llvm.experimental.noalias.scope.decl(metadata ![[SCOPES]]), !llvm.access.group ![[OTHER:[0-9]+]]
; CHECK: ![[LOOP:[0-9]+]] = distinct !{![[LOOP]], ![[PARALLEL:[0-9]+]]}
; CHECK: ![[PARALLEL]] = !{!"llvm.loop.parallel_accesses", ![[GROUP]]}

define void @__weft_wg_k(ptr noalias %args, ptr noalias %ctx, ptr %p, i64 %n) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  br label %x

x:
  %i = phi i64 [ 0, %entry ], [ %next, %x ]
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %v = load float, ptr %p, align 4, !llvm.access.group !0
  %w = fadd float %v, 1.0
  call void @llvm.experimental.noalias.scope.decl(metadata !3), !llvm.access.group !6
  %q = getelementptr inbounds float, ptr %p, i64 %i
  store float %w, ptr %q, align 4, !llvm.access.group !0
  %next = add nuw i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %end, label %x, !llvm.loop !1

end:
  ret void
}

declare void @llvm.experimental.noalias.scope.decl(metadata)

!0 = distinct !{}
!1 = distinct !{!1, !2}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = !{!4}
!4 = distinct !{!4, !5, !"restrict"}
!5 = distinct !{!5, !"work-item function"}
!6 = distinct !{}
