; ModuleID = 'src/sensors.c'
source_filename = "src/sensors.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [25 x i8] c"temperature: read failed\00", align 1
@.str.1 = private unnamed_addr constant [22 x i8] c"temperature: too high\00", align 1
@temperature = dso_local local_unnamed_addr global i32 0, align 4
@readings = dso_local local_unnamed_addr global i32 0, align 4
@.str.2 = private unnamed_addr constant [22 x i8] c"humidity: read failed\00", align 1
@.str.3 = private unnamed_addr constant [19 x i8] c"humidity: too high\00", align 1
@humidity = dso_local local_unnamed_addr global i32 0, align 4
@.str.4 = private unnamed_addr constant [22 x i8] c"pressure: read failed\00", align 1
@.str.5 = private unnamed_addr constant [19 x i8] c"pressure: too high\00", align 1
@pressure = dso_local local_unnamed_addr global i32 0, align 4

; Function Attrs: nounwind uwtable
define dso_local i32 @sample_temperature() local_unnamed_addr #0 {
entry:
  %call = tail call i32 @read_port(i32 noundef 3) #5
  %cmp = icmp slt i32 %call, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  tail call void @report(ptr noundef nonnull @.str, i32 noundef %call) #5
  br label %cleanup

if.end:                                           ; preds = %entry
  %call1 = tail call i32 @calibrate(i32 noundef 3, i32 noundef %call) #5
  %call2 = tail call i32 @warn_level(i32 noundef 3) #5
  %cmp3 = icmp sgt i32 %call1, %call2
  br i1 %cmp3, label %if.then4, label %if.end5

if.then4:                                         ; preds = %if.end
  tail call void @report(ptr noundef nonnull @.str.1, i32 noundef %call1) #5
  br label %if.end5

if.end5:                                          ; preds = %if.then4, %if.end
  store i32 %call1, ptr @temperature, align 4, !tbaa !5
  %0 = load i32, ptr @readings, align 4, !tbaa !5
  %inc = add i32 %0, 1
  store i32 %inc, ptr @readings, align 4, !tbaa !5
  br label %cleanup

cleanup:                                          ; preds = %if.end5, %if.then
  %retval.0 = phi i32 [ -1, %if.then ], [ %call1, %if.end5 ]
  ret i32 %retval.0
}

declare i32 @read_port(i32 noundef) local_unnamed_addr #1

declare void @report(ptr noundef, i32 noundef) local_unnamed_addr #1

declare i32 @calibrate(i32 noundef, i32 noundef) local_unnamed_addr #1

declare i32 @warn_level(i32 noundef) local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define dso_local i32 @sample_humidity() local_unnamed_addr #0 {
entry:
  %call = tail call i32 @read_port(i32 noundef 4) #5
  %cmp = icmp slt i32 %call, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  tail call void @report(ptr noundef nonnull @.str.2, i32 noundef %call) #5
  br label %cleanup

if.end:                                           ; preds = %entry
  %call1 = tail call i32 @calibrate(i32 noundef 4, i32 noundef %call) #5
  %call2 = tail call i32 @warn_level(i32 noundef 4) #5
  %cmp3 = icmp sgt i32 %call1, %call2
  br i1 %cmp3, label %if.then4, label %if.end5

if.then4:                                         ; preds = %if.end
  tail call void @report(ptr noundef nonnull @.str.3, i32 noundef %call1) #5
  br label %if.end5

if.end5:                                          ; preds = %if.then4, %if.end
  store i32 %call1, ptr @humidity, align 4, !tbaa !5
  %0 = load i32, ptr @readings, align 4, !tbaa !5
  %inc = add i32 %0, 1
  store i32 %inc, ptr @readings, align 4, !tbaa !5
  br label %cleanup

cleanup:                                          ; preds = %if.end5, %if.then
  %retval.0 = phi i32 [ -1, %if.then ], [ %call1, %if.end5 ]
  ret i32 %retval.0
}

; Function Attrs: nounwind uwtable
define dso_local i32 @sample_pressure() local_unnamed_addr #0 {
entry:
  %call = tail call i32 @read_port(i32 noundef 7) #5
  %cmp = icmp slt i32 %call, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  tail call void @report(ptr noundef nonnull @.str.4, i32 noundef %call) #5
  br label %cleanup

if.end:                                           ; preds = %entry
  %call1 = tail call i32 @calibrate(i32 noundef 7, i32 noundef %call) #5
  %call2 = tail call i32 @warn_level(i32 noundef 7) #5
  %cmp3 = icmp sgt i32 %call1, %call2
  br i1 %cmp3, label %if.then4, label %if.end5

if.then4:                                         ; preds = %if.end
  tail call void @report(ptr noundef nonnull @.str.5, i32 noundef %call1) #5
  br label %if.end5

if.end5:                                          ; preds = %if.then4, %if.end
  store i32 %call1, ptr @pressure, align 4, !tbaa !5
  %0 = load i32, ptr @readings, align 4, !tbaa !5
  %inc = add i32 %0, 1
  store i32 %inc, ptr @readings, align 4, !tbaa !5
  br label %cleanup

cleanup:                                          ; preds = %if.end5, %if.then
  %retval.0 = phi i32 [ -1, %if.then ], [ %call1, %if.end5 ]
  ret i32 %retval.0
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(read, argmem: none, inaccessiblemem: none) uwtable
define dso_local range(i32 0, 2) i32 @temperature_ok() local_unnamed_addr #2 {
entry:
  %0 = load i32, ptr @temperature, align 4, !tbaa !5
  %cmp = icmp slt i32 %0, 600
  %conv = zext i1 %cmp to i32
  ret i32 %conv
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(read, argmem: none, inaccessiblemem: none) uwtable
define dso_local range(i32 0, 2) i32 @humidity_ok() local_unnamed_addr #2 {
entry:
  %0 = load i32, ptr @humidity, align 4, !tbaa !5
  %cmp = icmp slt i32 %0, 600
  %conv = zext i1 %cmp to i32
  ret i32 %conv
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i32 @average(ptr nocapture noundef readonly %v, i32 noundef %n) local_unnamed_addr #3 {
entry:
  %cmp8 = icmp sgt i32 %n, 0
  br i1 %cmp8, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  %min.iters.check = icmp ult i32 %n, 4
  br i1 %min.iters.check, label %for.body.preheader14, label %vector.ph

for.body.preheader14:                             ; preds = %middle.block, %for.body.preheader
  %indvars.iv.ph = phi i64 [ 0, %for.body.preheader ], [ %n.vec, %middle.block ]
  %s.09.ph = phi i64 [ 0, %for.body.preheader ], [ %7, %middle.block ]
  br label %for.body

vector.ph:                                        ; preds = %for.body.preheader
  %n.vec = and i64 %wide.trip.count, 2147483644
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %vec.phi = phi <2 x i64> [ zeroinitializer, %vector.ph ], [ %4, %vector.body ]
  %vec.phi12 = phi <2 x i64> [ zeroinitializer, %vector.ph ], [ %5, %vector.body ]
  %0 = getelementptr inbounds i32, ptr %v, i64 %index
  %1 = getelementptr inbounds i8, ptr %0, i64 8
  %wide.load = load <2 x i32>, ptr %0, align 4, !tbaa !5
  %wide.load13 = load <2 x i32>, ptr %1, align 4, !tbaa !5
  %2 = sext <2 x i32> %wide.load to <2 x i64>
  %3 = sext <2 x i32> %wide.load13 to <2 x i64>
  %4 = add <2 x i64> %vec.phi, %2
  %5 = add <2 x i64> %vec.phi12, %3
  %index.next = add nuw i64 %index, 4
  %6 = icmp eq i64 %index.next, %n.vec
  br i1 %6, label %middle.block, label %vector.body, !llvm.loop !9

middle.block:                                     ; preds = %vector.body
  %bin.rdx = add <2 x i64> %5, %4
  %7 = tail call i64 @llvm.vector.reduce.add.v2i64(<2 x i64> %bin.rdx)
  %cmp.n = icmp eq i64 %n.vec, %wide.trip.count
  br i1 %cmp.n, label %for.cond.cleanup, label %for.body.preheader14

for.cond.cleanup:                                 ; preds = %for.body, %middle.block, %entry
  %s.0.lcssa = phi i64 [ 0, %entry ], [ %7, %middle.block ], [ %add, %for.body ]
  %tobool.not = icmp eq i32 %n, 0
  br i1 %tobool.not, label %cond.end, label %cond.true

for.body:                                         ; preds = %for.body.preheader14, %for.body
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body ], [ %indvars.iv.ph, %for.body.preheader14 ]
  %s.09 = phi i64 [ %add, %for.body ], [ %s.09.ph, %for.body.preheader14 ]
  %arrayidx = getelementptr inbounds i32, ptr %v, i64 %indvars.iv
  %8 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %conv = sext i32 %8 to i64
  %add = add nsw i64 %s.09, %conv
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !13

cond.true:                                        ; preds = %for.cond.cleanup
  %conv1 = sext i32 %n to i64
  %div = sdiv i64 %s.0.lcssa, %conv1
  %conv2 = trunc i64 %div to i32
  br label %cond.end

cond.end:                                         ; preds = %for.cond.cleanup, %cond.true
  %cond = phi i32 [ %conv2, %cond.true ], [ 0, %for.cond.cleanup ]
  ret i32 %cond
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i32 @mean_of(ptr nocapture noundef readonly %v, i32 noundef %n) local_unnamed_addr #3 {
entry:
  %cmp8 = icmp sgt i32 %n, 0
  br i1 %cmp8, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  %min.iters.check = icmp ult i32 %n, 4
  br i1 %min.iters.check, label %for.body.preheader14, label %vector.ph

for.body.preheader14:                             ; preds = %middle.block, %for.body.preheader
  %indvars.iv.ph = phi i64 [ 0, %for.body.preheader ], [ %n.vec, %middle.block ]
  %s.09.ph = phi i64 [ 0, %for.body.preheader ], [ %7, %middle.block ]
  br label %for.body

vector.ph:                                        ; preds = %for.body.preheader
  %n.vec = and i64 %wide.trip.count, 2147483644
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %vec.phi = phi <2 x i64> [ zeroinitializer, %vector.ph ], [ %4, %vector.body ]
  %vec.phi12 = phi <2 x i64> [ zeroinitializer, %vector.ph ], [ %5, %vector.body ]
  %0 = getelementptr inbounds i32, ptr %v, i64 %index
  %1 = getelementptr inbounds i8, ptr %0, i64 8
  %wide.load = load <2 x i32>, ptr %0, align 4, !tbaa !5
  %wide.load13 = load <2 x i32>, ptr %1, align 4, !tbaa !5
  %2 = sext <2 x i32> %wide.load to <2 x i64>
  %3 = sext <2 x i32> %wide.load13 to <2 x i64>
  %4 = add <2 x i64> %vec.phi, %2
  %5 = add <2 x i64> %vec.phi12, %3
  %index.next = add nuw i64 %index, 4
  %6 = icmp eq i64 %index.next, %n.vec
  br i1 %6, label %middle.block, label %vector.body, !llvm.loop !14

middle.block:                                     ; preds = %vector.body
  %bin.rdx = add <2 x i64> %5, %4
  %7 = tail call i64 @llvm.vector.reduce.add.v2i64(<2 x i64> %bin.rdx)
  %cmp.n = icmp eq i64 %n.vec, %wide.trip.count
  br i1 %cmp.n, label %for.cond.cleanup, label %for.body.preheader14

for.cond.cleanup:                                 ; preds = %for.body, %middle.block, %entry
  %s.0.lcssa = phi i64 [ 0, %entry ], [ %7, %middle.block ], [ %add, %for.body ]
  %tobool.not = icmp eq i32 %n, 0
  br i1 %tobool.not, label %cond.end, label %cond.true

for.body:                                         ; preds = %for.body.preheader14, %for.body
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body ], [ %indvars.iv.ph, %for.body.preheader14 ]
  %s.09 = phi i64 [ %add, %for.body ], [ %s.09.ph, %for.body.preheader14 ]
  %arrayidx = getelementptr inbounds i32, ptr %v, i64 %indvars.iv
  %8 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %conv = sext i32 %8 to i64
  %add = add nsw i64 %s.09, %conv
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !15

cond.true:                                        ; preds = %for.cond.cleanup
  %conv1 = sext i32 %n to i64
  %div = sdiv i64 %s.0.lcssa, %conv1
  %conv2 = trunc i64 %div to i32
  br label %cond.end

cond.end:                                         ; preds = %for.cond.cleanup, %cond.true
  %cond = phi i32 [ %conv2, %cond.true ], [ 0, %for.cond.cleanup ]
  ret i32 %cond
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.vector.reduce.add.v2i64(<2 x i64>) #4

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nofree norecurse nosync nounwind willreturn memory(read, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #5 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10, !11, !12}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.isvectorized", i32 1}
!12 = !{!"llvm.loop.unroll.runtime.disable"}
!13 = distinct !{!13, !10, !12, !11}
!14 = distinct !{!14, !10, !11, !12}
!15 = distinct !{!15, !10, !12, !11}
