; Open defect (found 2026-11-26 by bench/batch.bench.js, seed 10's 1 MB module, reduced with llvm-reduce-22):
; opt-22 -passes=mem2reg keeps two phis (%.0 = phi [undef, %0], [%.1, %4]; %.1 = phi [%.0, %1], [undef, %3])
; where wopt --llvm-version=22 folds both to undef (icmp ne i32 undef, 0). opt-19 and wopt-19 agree (no phi).
; With 'store i32 undef' written directly both fold, so the order in which the single-block alloca %2
; and the single-store alloca %3 are promoted (and the store's value at that time) is the lead.
; With the unused alloca %1 moved after %3, opt-22 folds too (no phi): LLVM removes the dead alloca by
; moving the last one (%3) into its place, so %3 is promoted (general path, its stored value still the
; load) before %2's load becomes undef; the phis then meet LLVM 22's poison check in simplifyPHINode.
; wopt's removeAt does the same swap, so the difference is after that point (phi folding or the
; single-store rewrite seeing the store's value already replaced).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @fn55() {
  %1 = alloca i8, align 1
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  br label %4

4:                                                ; preds = %8, %0
  br label %5

5:                                                ; preds = %6, %4
  br i1 false, label %6, label %8

6:                                                ; preds = %5
  %7 = load i32, ptr %2, align 4
  store i32 %7, ptr %3, align 4
  br i1 false, label %8, label %5

8:                                                ; preds = %6, %5
  %9 = load i32, ptr %3, align 4
  %10 = icmp ne i32 %9, 0
  br i1 %10, label %4, label %11

11:                                               ; preds = %8
  ret void
}
