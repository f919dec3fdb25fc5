; ModuleID = 'rust.cebe997107dec46e-cgu.0'
source_filename = "rust.cebe997107dec46e-cgu.0"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@alloc_ae70db597743c0c199a0fae9e405461d = private unnamed_addr constant [12 x i8] c"src/rust.rs\00", align 1
@alloc_1e8fe700bdd5a4996740bfbc196e5184 = private unnamed_addr constant <{ ptr, [16 x i8] }> <{ ptr @alloc_ae70db597743c0c199a0fae9e405461d, [16 x i8] c"\0B\00\00\00\00\00\00\00\13\00\00\00\05\00\00\00" }>, align 8
@alloc_49adb583ac68836bfed8ee1ffdf25f7a = private unnamed_addr constant <{ ptr, [16 x i8] }> <{ ptr @alloc_ae70db597743c0c199a0fae9e405461d, [16 x i8] c"\0B\00\00\00\00\00\00\00\0A\00\00\00\0C\00\00\00" }>, align 8
@alloc_51ded3c4c0ff958aaef80171967d169f = private unnamed_addr constant <{ ptr, [16 x i8] }> <{ ptr @alloc_ae70db597743c0c199a0fae9e405461d, [16 x i8] c"\0B\00\00\00\00\00\00\00\0B\00\00\00\11\00\00\00" }>, align 8
@alloc_925859c169a711a7190d93ccc080b6ae = private unnamed_addr constant <{ ptr, [16 x i8] }> <{ ptr @alloc_ae70db597743c0c199a0fae9e405461d, [16 x i8] c"\0B\00\00\00\00\00\00\00\0D\00\00\00\09\00\00\00" }>, align 8

; rust::both
; Function Attrs: nonlazybind uwtable
define i64 @_ZN4rust4both17h5e8368c878d8ff3aE(ptr align 4 %a.0, i64 %a.1, ptr align 4 %b.0, i64 %b.1, ptr align 1 %f.0, i64 %f.1) unnamed_addr #0 {
start:
; call rust::pick
  %_5 = call i32 @_ZN4rust4pick17h2ac7ff6304abed11E(ptr align 4 %a.0, i64 %a.1, ptr align 1 %f.0, i64 %f.1, i32 0) #4
  %_4 = zext i32 %_5 to i64
; call rust::pick
  %_7 = call i32 @_ZN4rust4pick17h7929fd9220522434E(ptr align 4 %b.0, i64 %b.1, ptr align 1 %f.0, i64 %f.1, i32 -1) #4
  %_6 = sext i32 %_7 to i64
  %_8.0 = add i64 %_4, %_6
  %_8.1 = icmp ult i64 %_8.0, %_4
  br i1 %_8.1, label %panic, label %bb3

bb3:                                              ; preds = %start
  ret i64 %_8.0

panic:                                            ; preds = %start
; call core::panicking::panic_const::panic_const_add_overflow
  call void @_RNvNtNtCsgEmfK2I1SDS_4core9panicking11panic_const24panic_const_add_overflow(ptr align 8 @alloc_1e8fe700bdd5a4996740bfbc196e5184) #5
  unreachable
}

; rust::pick
; Function Attrs: noinline nonlazybind uwtable
define i32 @_ZN4rust4pick17h2ac7ff6304abed11E(ptr align 4 %xs.0, i64 %xs.1, ptr align 1 %flags.0, i64 %flags.1, i32 %d) unnamed_addr #1 {
start:
  %i = alloca [8 x i8], align 8
  %r = alloca [4 x i8], align 4
  store i32 %d, ptr %r, align 4
  store i64 0, ptr %i, align 8
  br label %bb1

bb1:                                              ; preds = %bb8, %start
  %_7 = load i64, ptr %i, align 8
  %_6 = icmp ult i64 %_7, %xs.1
  br i1 %_6, label %bb2, label %bb9

bb9:                                              ; preds = %bb2, %bb1
  %_0 = load i32, ptr %r, align 4
  ret i32 %_0

bb2:                                              ; preds = %bb1
  %_10 = load i64, ptr %i, align 8
  %_9 = icmp ult i64 %_10, %flags.1
  br i1 %_9, label %bb3, label %bb9

bb3:                                              ; preds = %bb2
  %_13 = load i64, ptr %i, align 8
  %_15 = icmp ult i64 %_13, %flags.1
  br i1 %_15, label %bb4, label %panic

bb4:                                              ; preds = %bb3
  %0 = getelementptr inbounds nuw i8, ptr %flags.0, i64 %_13
  %1 = load i8, ptr %0, align 1
  %_12 = trunc nuw i8 %1 to i1
  br i1 %_12, label %bb5, label %bb7

panic:                                            ; preds = %bb3
; call core::panicking::panic_bounds_check
  call void @_RNvNtCsgEmfK2I1SDS_4core9panicking18panic_bounds_check(i64 %_13, i64 %flags.1, ptr align 8 @alloc_49adb583ac68836bfed8ee1ffdf25f7a) #5
  unreachable

bb7:                                              ; preds = %bb6, %bb4
  %2 = load i64, ptr %i, align 8
  %_20.0 = add i64 %2, 1
  %_20.1 = icmp ult i64 %_20.0, %2
  br i1 %_20.1, label %panic2, label %bb8

bb5:                                              ; preds = %bb4
  %_17 = load i64, ptr %i, align 8
  %_19 = icmp ult i64 %_17, %xs.1
  br i1 %_19, label %bb6, label %panic1

bb6:                                              ; preds = %bb5
  %3 = getelementptr inbounds nuw i32, ptr %xs.0, i64 %_17
  %_16 = load i32, ptr %3, align 4
  store i32 %_16, ptr %r, align 4
  br label %bb7

panic1:                                           ; preds = %bb5
; call core::panicking::panic_bounds_check
  call void @_RNvNtCsgEmfK2I1SDS_4core9panicking18panic_bounds_check(i64 %_17, i64 %xs.1, ptr align 8 @alloc_51ded3c4c0ff958aaef80171967d169f) #5
  unreachable

bb8:                                              ; preds = %bb7
  store i64 %_20.0, ptr %i, align 8
  br label %bb1

panic2:                                           ; preds = %bb7
; call core::panicking::panic_const::panic_const_add_overflow
  call void @_RNvNtNtCsgEmfK2I1SDS_4core9panicking11panic_const24panic_const_add_overflow(ptr align 8 @alloc_925859c169a711a7190d93ccc080b6ae) #5
  unreachable
}

; rust::pick
; Function Attrs: noinline nonlazybind uwtable
define i32 @_ZN4rust4pick17h7929fd9220522434E(ptr align 4 %xs.0, i64 %xs.1, ptr align 1 %flags.0, i64 %flags.1, i32 %d) unnamed_addr #1 {
start:
  %i = alloca [8 x i8], align 8
  %r = alloca [4 x i8], align 4
  store i32 %d, ptr %r, align 4
  store i64 0, ptr %i, align 8
  br label %bb1

bb1:                                              ; preds = %bb8, %start
  %_7 = load i64, ptr %i, align 8
  %_6 = icmp ult i64 %_7, %xs.1
  br i1 %_6, label %bb2, label %bb9

bb9:                                              ; preds = %bb2, %bb1
  %_0 = load i32, ptr %r, align 4
  ret i32 %_0

bb2:                                              ; preds = %bb1
  %_10 = load i64, ptr %i, align 8
  %_9 = icmp ult i64 %_10, %flags.1
  br i1 %_9, label %bb3, label %bb9

bb3:                                              ; preds = %bb2
  %_13 = load i64, ptr %i, align 8
  %_15 = icmp ult i64 %_13, %flags.1
  br i1 %_15, label %bb4, label %panic

bb4:                                              ; preds = %bb3
  %0 = getelementptr inbounds nuw i8, ptr %flags.0, i64 %_13
  %1 = load i8, ptr %0, align 1
  %_12 = trunc nuw i8 %1 to i1
  br i1 %_12, label %bb5, label %bb7

panic:                                            ; preds = %bb3
; call core::panicking::panic_bounds_check
  call void @_RNvNtCsgEmfK2I1SDS_4core9panicking18panic_bounds_check(i64 %_13, i64 %flags.1, ptr align 8 @alloc_49adb583ac68836bfed8ee1ffdf25f7a) #5
  unreachable

bb7:                                              ; preds = %bb6, %bb4
  %2 = load i64, ptr %i, align 8
  %_20.0 = add i64 %2, 1
  %_20.1 = icmp ult i64 %_20.0, %2
  br i1 %_20.1, label %panic2, label %bb8

bb5:                                              ; preds = %bb4
  %_17 = load i64, ptr %i, align 8
  %_19 = icmp ult i64 %_17, %xs.1
  br i1 %_19, label %bb6, label %panic1

bb6:                                              ; preds = %bb5
  %3 = getelementptr inbounds nuw i32, ptr %xs.0, i64 %_17
  %_16 = load i32, ptr %3, align 4
  store i32 %_16, ptr %r, align 4
  br label %bb7

panic1:                                           ; preds = %bb5
; call core::panicking::panic_bounds_check
  call void @_RNvNtCsgEmfK2I1SDS_4core9panicking18panic_bounds_check(i64 %_17, i64 %xs.1, ptr align 8 @alloc_51ded3c4c0ff958aaef80171967d169f) #5
  unreachable

bb8:                                              ; preds = %bb7
  store i64 %_20.0, ptr %i, align 8
  br label %bb1

panic2:                                           ; preds = %bb7
; call core::panicking::panic_const::panic_const_add_overflow
  call void @_RNvNtNtCsgEmfK2I1SDS_4core9panicking11panic_const24panic_const_add_overflow(ptr align 8 @alloc_925859c169a711a7190d93ccc080b6ae) #5
  unreachable
}

; core::panicking::panic_const::panic_const_add_overflow
; Function Attrs: cold noinline noreturn nonlazybind uwtable
declare void @_RNvNtNtCsgEmfK2I1SDS_4core9panicking11panic_const24panic_const_add_overflow(ptr align 8) unnamed_addr #2

; core::panicking::panic_bounds_check
; Function Attrs: cold minsize noinline noreturn nonlazybind optsize uwtable
declare void @_RNvNtCsgEmfK2I1SDS_4core9panicking18panic_bounds_check(i64, i64, ptr align 8) unnamed_addr #3

attributes #0 = { nonlazybind uwtable "probe-stack"="inline-asm" "target-cpu"="x86-64" }
attributes #1 = { noinline nonlazybind uwtable "probe-stack"="inline-asm" "target-cpu"="x86-64" }
attributes #2 = { cold noinline noreturn nonlazybind uwtable "probe-stack"="inline-asm" "target-cpu"="x86-64" }
attributes #3 = { cold minsize noinline noreturn nonlazybind optsize uwtable "probe-stack"="inline-asm" "target-cpu"="x86-64" }
attributes #4 = { noinline }
attributes #5 = { noinline noreturn }

!llvm.module.flags = !{!0, !1}
!llvm.ident = !{!2}

!0 = !{i32 8, !"PIC Level", i32 2}
!1 = !{i32 2, !"RtLibUseGOT", i32 1}
!2 = !{!"rustc version 1.95.0 (59807616e 2026-04-14)"}
