// Floating-point text: LLVM's decimal form of double constants and the exact check that decides
// between it and the hex form. LLVM prints `d.dddddde±XX` (six significant digits, the last one
// padded) only when that text reads back as the same double; its digit generation truncates
// before rounding, which we reproduce so the choice (decimal or hex) is the same as opt's.
import { U8Vec } from "./vec";

// Minimal unsigned big integer over u32 limbs (little-endian), enough for 2^1100 * 10^350.
@final class Big {
  w: Uint32Array = new Uint32Array(160);
  n: i32 = 0; // limbs in use
  setU64(v: u64): void { this.n = 0; while (v != 0) { this.w[this.n++] = <u32>v; v >>= 32; } }
  copyFrom(o: Big): void { this.n = o.n; for (let i = 0; i < o.n; i++) this.w[i] = o.w[i]; }
  isZero(): bool { return this.n == 0; }
  mulSmall(m: u32): void {
    let carry: u64 = 0;
    for (let i = 0; i < this.n; i++) { let x = <u64>this.w[i] * m + carry; this.w[i] = <u32>x; carry = x >> 32; }
    if (carry != 0) this.w[this.n++] = <u32>carry;
  }
  mulPow10(k: i32): void { while (k >= 9) { this.mulSmall(1000000000); k -= 9; } let m: u32 = 1; while (k-- > 0) m *= 10; if (m > 1) this.mulSmall(m); }
  mulPow5(k: i32): void { while (k >= 13) { this.mulSmall(1220703125); k -= 13; } let m: u32 = 1; while (k-- > 0) m *= 5; if (m > 1) this.mulSmall(m); }
  shl(bits: i32): void {
    if (this.n == 0 || bits == 0) return;
    let limbs = bits >> 5, b = bits & 31;
    for (let i = this.n - 1; i >= 0; i--) this.w[i + limbs] = this.w[i];
    for (let i = 0; i < limbs; i++) this.w[i] = 0;
    this.n += limbs;
    if (b != 0) {
      let carry: u32 = 0;
      for (let i = limbs; i < this.n; i++) { let x = this.w[i]; this.w[i] = (x << b) | carry; carry = x >> (32 - b); }
      if (carry != 0) this.w[this.n++] = carry;
    }
  }
  divSmall(d: u32): u32 { // in place, returns remainder
    let r: u64 = 0;
    for (let i = this.n - 1; i >= 0; i--) { let x = (r << 32) | this.w[i]; this.w[i] = <u32>(x / d); r = x % d; }
    while (this.n > 0 && this.w[this.n - 1] == 0) this.n--;
    return <u32>r;
  }
  bitLength(): i32 { if (this.n == 0) return 0; return (this.n << 5) - clz<u32>(this.w[this.n - 1]); }
  cmp(o: Big): i32 {
    if (this.n != o.n) return this.n < o.n ? -1 : 1;
    for (let i = this.n - 1; i >= 0; i--) if (this.w[i] != o.w[i]) return this.w[i] < o.w[i] ? -1 : 1;
    return 0;
  }
  sub(o: Big): void { // this -= o, requires this >= o
    let borrow: i64 = 0;
    for (let i = 0; i < this.n; i++) {
      let x = <i64>this.w[i] - (i < o.n ? <i64>o.w[i] : 0) - borrow;
      borrow = x < 0 ? 1 : 0; this.w[i] = <u32>(x + (borrow << 32));
    }
    while (this.n > 0 && this.w[this.n - 1] == 0) this.n--;
  }
}

// Writes LLVM's text for a double into out; returns false when LLVM would use hex instead.
export function formatDoubleLLVM(bits: u64, out: U8Vec): bool {
  let neg = (bits >> 63) != 0;
  let e = <i32>((bits >> 52) & 0x7ff);
  let frac = bits & 0xfffffffffffff;
  if (e == 0x7ff) return false; // inf / nan
  if (e == 0 && frac == 0) {
    if (neg) out.push(45);
    pushStr(out, "0.000000e+00");
    return true;
  }
  let M: u64 = e == 0 ? frac : frac | (<u64>1 << 52);
  let E: i32 = e == 0 ? -1074 : e - 1075;
  // digit generation as LLVM's APFloat::toString(precision 6, padding 0)
  let m = M, ex = E;
  let tz = <i32>ctz<u64>(m); m >>= tz; ex += tz;
  fps.A.setU64(m);
  let e10 = 0;
  if (ex > 0) fps.A.shl(ex); else if (ex < 0) { fps.A.mulPow5(-ex); e10 = ex; }
  let bitsNow = fps.A.bitLength();
  const required = (6 * 196 + 58) / 59;
  if (bitsNow > required) {
    let tens = (bitsNow - required) * 59 / 196;
    if (tens > 0) {
      e10 += tens;
      while (tens >= 9) { fps.A.divSmall(1000000000); tens -= 9; }
      let d: u32 = 1; while (tens-- > 0) d *= 10;
      if (d > 1) fps.A.divSmall(d);
    }
  }
  fps.digits.clear();
  let inTrail = true;
  while (!fps.A.isZero()) {
    let d = fps.A.divSmall(10);
    if (inTrail && d == 0) e10++;
    else { fps.digits.push(<u8>(48 + d)); inTrail = false; }
  }
  let N = fps.digits.len;
  if (N > 6) {
    let first = N - 6;
    if (fps.digits.get(first - 1) < 53) {
      while (first < N && fps.digits.get(first) == 48) first++;
      e10 += first; dropLow(first);
    } else {
      let i = first;
      for (; i < N; i++) {
        if (fps.digits.get(i) == 57) first++;
        else { fps.digits.set(i, fps.digits.get(i) + 1); break; }
      }
      if (first == N) { e10 += first; fps.digits.clear(); fps.digits.push(49); }
      else { e10 += first; dropLow(first); }
    }
  }
  N = fps.digits.len;
  // exactness check: does N-digit value * 10^e10 round to the same double?
  if (!roundsTo(M, E, e10)) return false;
  if (neg) out.push(45);
  let exp10 = e10 + N - 1;
  out.push(fps.digits.get(N - 1)); out.push(46);
  for (let i = 1; i < N; i++) out.push(fps.digits.get(N - 1 - i));
  for (let i = N - 1; i < 6; i++) out.push(48);
  out.push(101);
  out.push(exp10 < 0 ? 45 : 43);
  let ae = exp10 < 0 ? -exp10 : exp10;
  if (ae < 10) { out.push(48); out.push(<u8>(48 + ae)); }
  else if (ae < 100) { out.push(<u8>(48 + ae / 10)); out.push(<u8>(48 + ae % 10)); }
  else { out.push(<u8>(48 + ae / 100)); out.push(<u8>(48 + (ae / 10) % 10)); out.push(<u8>(48 + ae % 10)); }
  return true;
}

function dropLow(k: i32): void {
  let n = fps.digits.len;
  for (let i = k; i < n; i++) fps.digits.set(i - k, fps.digits.get(i));
  fps.digits.len = n - k;
}
function pushStr(out: U8Vec, s: string): void { for (let i = 0; i < s.length; i++) out.push(<u8>s.charCodeAt(i)); }

// Is D = digits * 10^p (digits in `digits`, least significant first) rounded to nearest-even
// equal to V = M * 2^E?
function roundsTo(M: u64, E: i32, p: i32): bool {
  // Scale by 2^s * 10^t so that every quantity is an integer.
  let s = E < 2 ? 2 - E : 0;
  let t = p < 0 ? -p : 0;
  // D' = N * 10^(p+t) * 2^s
  fps.A.n = 0;
  for (let i = fps.digits.len - 1; i >= 0; i--) { fps.A.mulSmall(10); addSmall(fps.A, <u32>(fps.digits.get(i) - 48)); }
  fps.A.mulPow10(p + t); fps.A.shl(s);
  // V' = M * 2^(E+s) * 10^t
  fps.B.setU64(M); fps.B.mulPow10(t); fps.B.shl(E + s);
  // half gap above: 2^(E-1+s) * 10^t
  fps.C.setU64(1); fps.C.mulPow10(t); fps.C.shl(E - 1 + s);
  let even = (M & 1) == 0;
  let c = fps.A.cmp(fps.B);
  if (c == 0) return true;
  if (c > 0) { fps.A.sub(fps.B); let k = fps.A.cmp(fps.C); return k < 0 || (k == 0 && even); }
  fps.B.sub(fps.A);
  // below: the gap is halved at a binade boundary (M a power of two, not subnormal)
  if (M == (<u64>1 << 52) && E > -1074) { fps.C.setU64(1); fps.C.mulPow10(t); fps.C.shl(E - 2 + s); }
  let k = fps.B.cmp(fps.C);
  return k < 0 || (k == 0 && even);
}
function addSmall(b: Big, v: u32): void {
  let carry: u64 = v;
  for (let i = 0; i < b.n && carry != 0; i++) { let x = <u64>b.w[i] + carry; b.w[i] = <u32>x; carry = x >> 32; }
  if (carry != 0) b.w[b.n++] = <u32>carry;
}

// Decimal text (as LLVM's lexer accepts: [-+]?[0-9]+[.][0-9]*([eE][-+]?[0-9]+)?) to the nearest double.
export function parseDecimalDouble(p: usize, n: i32): f64 {
  let s = String.UTF8.decodeUnsafe(p, <usize>n, false);
  return parseFloat(s);
}

// The formatter's scratch: three big numbers and the digits, made again after each reset (at a
// fixed address in static memory).
@final class FloatScratch {
  A: Big = new Big(); B: Big = new Big(); C: Big = new Big();
  digits: U8Vec = new U8Vec(64);   // least significant first
}
const FLOAT_SCRATCH_SIZE: usize = 16;
const fps: FloatScratch = changetype<FloatScratch>(memory.data(<i32>FLOAT_SCRATCH_SIZE, 16));
export function resetFP(): void {
  assert(offsetof<FloatScratch>() <= FLOAT_SCRATCH_SIZE);
  memory.copy(changetype<usize>(fps), changetype<usize>(new FloatScratch()), offsetof<FloatScratch>());
}
