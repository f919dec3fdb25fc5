// Zero-extension of an i32 to u64. Written as a mask because `<u64><u32>x` is miscompiled by
// asc 0.27 at -O3 (sign-extended in some contexts).
@inline export function zext64(x: i32): u64 { return <u64>x & 0xffffffff; }
