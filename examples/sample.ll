; A small module for the examples: mem2reg turns %r into a phi in @max,
; and mergefunc merges the identical @add1 and @add2.

define i32 @max(i32 %a, i32 %b) {
entry:
  %r = alloca i32
  %c = icmp sgt i32 %a, %b
  br i1 %c, label %then, label %else

then:
  store i32 %a, ptr %r
  br label %done

else:
  store i32 %b, ptr %r
  br label %done

done:
  %v = load i32, ptr %r
  ret i32 %v
}

define internal i32 @add1(i32 %x, i32 %y) {
entry:
  %s = add i32 %x, %y
  %t = mul i32 %s, 3
  ret i32 %t
}

define internal i32 @add2(i32 %x, i32 %y) {
entry:
  %s = add i32 %x, %y
  %t = mul i32 %s, 3
  ret i32 %t
}

define i32 @use(i32 %x) {
entry:
  %a = call i32 @add1(i32 %x, i32 1)
  %b = call i32 @add2(i32 %x, i32 2)
  %m = call i32 @max(i32 %a, i32 %b)
  ret i32 %m
}
