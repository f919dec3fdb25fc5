// Decimal integer text of any size as the 64-bit words bitcode stores wide integers in (DIEnumerator
// values, constant ranges of wide types): two's complement, least significant word first.
import { zext64 } from "../util/bits";
import { I64Vec, I32Vec } from "../util/vec";

// The words of the decimal at p (n bytes, maybe with a leading '-') in `width` bits.
export function decimalWords(p: usize, n: i32, width: i32, out: I64Vec): void {
  let neg = n > 0 && load<u8>(p) == 45;
  let limbs = new I32Vec(8);   // 32-bit limbs, little-endian
  limbs.push(0);
  for (let i = neg ? 1 : 0; i < n; i++) {
    let d = <i32>load<u8>(p + <usize>i) - 48;
    if (d < 0 || d > 9) break;
    let carry: u64 = <u64>d;
    for (let k = 0; k < limbs.len; k++) {
      let x = zext64(limbs.get(k)) * 10 + carry;
      limbs.set(k, <i32><u32>x);
      carry = x >> 32;
    }
    if (carry != 0) limbs.push(<i32><u32>carry);
  }
  let nw = (width + 63) >> 6;
  if (nw < 1) nw = 1;
  out.clear();
  for (let w = 0; w < nw; w++) {
    let lo = 2 * w < limbs.len ? zext64(limbs.get(2 * w)) : 0;
    let hi = 2 * w + 1 < limbs.len ? zext64(limbs.get(2 * w + 1)) : 0;
    out.push(<i64>(lo | (hi << 32)));
  }
  if (neg) {
    // two's complement over the words
    let carry: u64 = 1;
    for (let w = 0; w < nw; w++) {
      let x = ~<u64>out.get(w);
      let s = x + carry;
      carry = s < x ? 1 : 0;
      out.set(w, <i64>s);
    }
  }
  // bits above the width cleared
  let top = width - 64 * (nw - 1);
  if (top > 0 && top < 64) out.set(nw - 1, out.get(nw - 1) & <i64>((<u64>1 << <u64>top) - 1));
}
// Bits the decimal needs as LLVM's lexer sizes it: an unsigned value its active bits, a signed
// one its significant bits (at least 1).
export function decimalWidth(p: usize, n: i32, unsigned: bool): i32 {
  let words = new I64Vec(4);
  decimalWords(p, n, 64 * (((n * 64) / 19 + 2 + 63) >> 6), words);
  let neg = n > 0 && load<u8>(p) == 45;
  // active bits of the magnitude's representation
  let bits = 0;
  for (let w = words.len - 1; w >= 0; w--) {
    let x = <u64>words.get(w);
    if (neg) x = ~x;
    if (x != 0) { bits = 64 * w + 64 - <i32>clz(x); break; }
  }
  if (unsigned) return bits < 1 ? 1 : bits;
  return bits + 1;
}
