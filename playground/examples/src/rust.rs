// The Rust example: a generic function monomorphised for two types of one layout (u32 and i32)
// gives two identical bodies that mergefunc folds; rustc's names, attributes and allocas.
#![crate_type = "lib"]

#[inline(never)]
pub fn pick<T: Copy>(xs: &[T], flags: &[bool], d: T) -> T {
    let mut r = d;
    let mut i = 0;
    while i < xs.len() && i < flags.len() {
        if flags[i] {
            r = xs[i];
        }
        i += 1;
    }
    r
}

pub fn both(a: &[u32], b: &[i32], f: &[bool]) -> u64 {
    pick(a, f, 0) as u64 + pick(b, f, -1) as u64
}
