// Alignments are kept as LLVM keeps them (MaybeAlign): log2(bytes) + 1, 0 for none. The largest
// alignment LLVM allows is 2^32 bytes, one more than a u32 holds, so a byte count must never be
// stored in an i32 field.
export const MAX_ALIGN_BYTES: i64 = 4294967296;

// bytes must be 0 or a power of two.
@inline export function encodeAlign(bytes: i64): i32 { return bytes == 0 ? 0 : 64 - <i32>clz<i64>(bytes); }
@inline export function decodeAlign(code: i32): i64 { return code == 0 ? 0 : <i64>1 << <i64>(code - 1); }
