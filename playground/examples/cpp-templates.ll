; ModuleID = 'src/cpp-templates.cpp'
source_filename = "src/cpp-templates.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.Box = type { i32 }
%struct.Box.0 = type { i32 }

$_Z5countIiEiPKT_iS0_ = comdat any

$_Z5countIjEiPKT_iS0_ = comdat any

$_Z5countIlEiPKT_iS0_ = comdat any

$_ZNK3BoxIiE3getEv = comdat any

$_ZNK3BoxIjE3getEv = comdat any

; Function Attrs: mustprogress noinline uwtable
define dso_local noundef i32 @_Z7use_allPKiPKjPKl3BoxIiES5_IjE(ptr noundef %i, ptr noundef %u, ptr noundef %l, i32 %b.coerce, i32 %c.coerce) #0 {
entry:
  %b = alloca %struct.Box, align 4
  %c = alloca %struct.Box.0, align 4
  %i.addr = alloca ptr, align 8
  %u.addr = alloca ptr, align 8
  %l.addr = alloca ptr, align 8
  %coerce.dive = getelementptr inbounds nuw %struct.Box, ptr %b, i32 0, i32 0
  store i32 %b.coerce, ptr %coerce.dive, align 4
  %coerce.dive1 = getelementptr inbounds nuw %struct.Box.0, ptr %c, i32 0, i32 0
  store i32 %c.coerce, ptr %coerce.dive1, align 4
  store ptr %i, ptr %i.addr, align 8
  store ptr %u, ptr %u.addr, align 8
  store ptr %l, ptr %l.addr, align 8
  %0 = load ptr, ptr %i.addr, align 8
  %call = call noundef i32 @_Z5countIiEiPKT_iS0_(ptr noundef %0, i32 noundef 8, i32 noundef 1)
  %1 = load ptr, ptr %u.addr, align 8
  %call2 = call noundef i32 @_Z5countIjEiPKT_iS0_(ptr noundef %1, i32 noundef 8, i32 noundef 2)
  %add = add nsw i32 %call, %call2
  %2 = load ptr, ptr %l.addr, align 8
  %call3 = call noundef i32 @_Z5countIlEiPKT_iS0_(ptr noundef %2, i32 noundef 8, i64 noundef 3)
  %add4 = add nsw i32 %add, %call3
  %call5 = call noundef i32 @_ZNK3BoxIiE3getEv(ptr noundef nonnull align 4 dereferenceable(4) %b)
  %add6 = add nsw i32 %add4, %call5
  %call7 = call noundef i32 @_ZNK3BoxIjE3getEv(ptr noundef nonnull align 4 dereferenceable(4) %c)
  %add8 = add nsw i32 %add6, %call7
  ret i32 %add8
}

; Function Attrs: mustprogress noinline nounwind uwtable
define linkonce_odr dso_local noundef i32 @_Z5countIiEiPKT_iS0_(ptr noundef %a, i32 noundef %n, i32 noundef %k) #1 comdat {
entry:
  %a.addr = alloca ptr, align 8
  %n.addr = alloca i32, align 4
  %k.addr = alloca i32, align 4
  %c = alloca i32, align 4
  %i = alloca i32, align 4
  store ptr %a, ptr %a.addr, align 8
  store i32 %n, ptr %n.addr, align 4
  store i32 %k, ptr %k.addr, align 4
  store i32 0, ptr %c, align 4
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr, ptr %a.addr, align 8
  %3 = load i32, ptr %i, align 4
  %idxprom = sext i32 %3 to i64
  %arrayidx = getelementptr inbounds i32, ptr %2, i64 %idxprom
  %4 = load i32, ptr %arrayidx, align 4
  %5 = load i32, ptr %k.addr, align 4
  %cmp1 = icmp eq i32 %4, %5
  br i1 %cmp1, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  %6 = load i32, ptr %c, align 4
  %inc = add nsw i32 %6, 1
  store i32 %inc, ptr %c, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  br label %for.inc

for.inc:                                          ; preds = %if.end
  %7 = load i32, ptr %i, align 4
  %inc2 = add nsw i32 %7, 1
  store i32 %inc2, ptr %i, align 4
  br label %for.cond, !llvm.loop !6

for.end:                                          ; preds = %for.cond
  %8 = load i32, ptr %c, align 4
  ret i32 %8
}

; Function Attrs: mustprogress noinline nounwind uwtable
define linkonce_odr dso_local noundef i32 @_Z5countIjEiPKT_iS0_(ptr noundef %a, i32 noundef %n, i32 noundef %k) #1 comdat {
entry:
  %a.addr = alloca ptr, align 8
  %n.addr = alloca i32, align 4
  %k.addr = alloca i32, align 4
  %c = alloca i32, align 4
  %i = alloca i32, align 4
  store ptr %a, ptr %a.addr, align 8
  store i32 %n, ptr %n.addr, align 4
  store i32 %k, ptr %k.addr, align 4
  store i32 0, ptr %c, align 4
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr, ptr %a.addr, align 8
  %3 = load i32, ptr %i, align 4
  %idxprom = sext i32 %3 to i64
  %arrayidx = getelementptr inbounds i32, ptr %2, i64 %idxprom
  %4 = load i32, ptr %arrayidx, align 4
  %5 = load i32, ptr %k.addr, align 4
  %cmp1 = icmp eq i32 %4, %5
  br i1 %cmp1, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  %6 = load i32, ptr %c, align 4
  %inc = add nsw i32 %6, 1
  store i32 %inc, ptr %c, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  br label %for.inc

for.inc:                                          ; preds = %if.end
  %7 = load i32, ptr %i, align 4
  %inc2 = add nsw i32 %7, 1
  store i32 %inc2, ptr %i, align 4
  br label %for.cond, !llvm.loop !8

for.end:                                          ; preds = %for.cond
  %8 = load i32, ptr %c, align 4
  ret i32 %8
}

; Function Attrs: mustprogress noinline nounwind uwtable
define linkonce_odr dso_local noundef i32 @_Z5countIlEiPKT_iS0_(ptr noundef %a, i32 noundef %n, i64 noundef %k) #1 comdat {
entry:
  %a.addr = alloca ptr, align 8
  %n.addr = alloca i32, align 4
  %k.addr = alloca i64, align 8
  %c = alloca i32, align 4
  %i = alloca i32, align 4
  store ptr %a, ptr %a.addr, align 8
  store i32 %n, ptr %n.addr, align 4
  store i64 %k, ptr %k.addr, align 8
  store i32 0, ptr %c, align 4
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr, ptr %a.addr, align 8
  %3 = load i32, ptr %i, align 4
  %idxprom = sext i32 %3 to i64
  %arrayidx = getelementptr inbounds i64, ptr %2, i64 %idxprom
  %4 = load i64, ptr %arrayidx, align 8
  %5 = load i64, ptr %k.addr, align 8
  %cmp1 = icmp eq i64 %4, %5
  br i1 %cmp1, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  %6 = load i32, ptr %c, align 4
  %inc = add nsw i32 %6, 1
  store i32 %inc, ptr %c, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  br label %for.inc

for.inc:                                          ; preds = %if.end
  %7 = load i32, ptr %i, align 4
  %inc2 = add nsw i32 %7, 1
  store i32 %inc2, ptr %i, align 4
  br label %for.cond, !llvm.loop !9

for.end:                                          ; preds = %for.cond
  %8 = load i32, ptr %c, align 4
  ret i32 %8
}

; Function Attrs: mustprogress noinline nounwind uwtable
define linkonce_odr dso_local noundef i32 @_ZNK3BoxIiE3getEv(ptr noundef nonnull align 4 dereferenceable(4) %this) #1 comdat align 2 {
entry:
  %this.addr = alloca ptr, align 8
  store ptr %this, ptr %this.addr, align 8
  %this1 = load ptr, ptr %this.addr, align 8
  %v = getelementptr inbounds nuw %struct.Box, ptr %this1, i32 0, i32 0
  %0 = load i32, ptr %v, align 4
  ret i32 %0
}

; Function Attrs: mustprogress noinline nounwind uwtable
define linkonce_odr dso_local noundef i32 @_ZNK3BoxIjE3getEv(ptr noundef nonnull align 4 dereferenceable(4) %this) #1 comdat align 2 {
entry:
  %this.addr = alloca ptr, align 8
  store ptr %this, ptr %this.addr, align 8
  %this1 = load ptr, ptr %this.addr, align 8
  %v = getelementptr inbounds nuw %struct.Box.0, ptr %this1, i32 0, i32 0
  %0 = load i32, ptr %v, align 4
  ret i32 %0
}

attributes #0 = { mustprogress noinline uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
!8 = distinct !{!8, !7}
!9 = distinct !{!9, !7}
