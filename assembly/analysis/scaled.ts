// Unsigned 64-bit scaled numbers (digits * 2^scale) with the exact rounding of LLVM's
// ScaledNumber<uint64_t> (llvm/Support/ScaledNumber.h), as block frequencies use them.
// A Scaled object is a result register: mul/div leave their result in its fields rD / rS (a pair
// without allocating per operation); its owner (bfi.ts) keeps one.
const MAX_SCALE: i32 = 16383, MIN_SCALE: i32 = -16382;

@final export class Scaled {
  rD: u64 = 0;
  rS: i32 = 0;

  @inline private setLargest(): void { this.rD = u64.MAX_VALUE; this.rS = MAX_SCALE; }

  // getRounded: add one when asked, renormalising on overflow.
  private rounded(d: u64, s: i32, up: bool): void {
    if (up) {
      d++;
      if (d == 0) { this.rD = <u64>1 << 63; this.rS = s + 1; return; }
    }
    this.rD = d; this.rS = s;
  }

  // (rD, rS) <<= shift (shiftLeft / shiftRight)
  shiftBy(shift: i32): void {
    if (shift == 0 || this.rD == 0) return;
    if (shift > 0) {
      let ss = min(shift, MAX_SCALE - this.rS);
      this.rS += ss;
      if (ss == shift) return;
      if (this.rD == u64.MAX_VALUE && this.rS == MAX_SCALE) return;
      shift -= ss;
      if (<u64>shift > clz(this.rD)) { this.setLargest(); return; }
      this.rD <<= <u64>shift;
    } else {
      shift = -shift;
      let ss = min(shift, this.rS - MIN_SCALE);
      this.rS -= ss;
      if (ss == shift) return;
      shift -= ss;
      if (shift >= 64) { this.rD = 0; this.rS = 0; return; }
      this.rD >>= <u64>shift;
    }
  }

  // multiply64: the 128-bit product, kept to 64 significant bits, rounded half up.
  private product(a: u64, b: u64): void {
    if (a == 0 || b == 0) { this.rD = 0; this.rS = 0; return; }
    if (a <= 0xffffffff && b <= 0xffffffff) { this.rD = a * b; this.rS = 0; return; }
    let ua = a >> 32, la = a & 0xffffffff, ub = b >> 32, lb = b & 0xffffffff;
    let p1 = ua * ub, p2 = ua * lb, p3 = la * ub, p4 = la * lb;
    let upper = p1, lower = p4;
    let nl = lower + (p2 << 32);
    upper += (p2 >> 32) + (nl < lower ? 1 : 0);
    lower = nl;
    nl = lower + (p3 << 32);
    upper += (p3 >> 32) + (nl < lower ? 1 : 0);
    lower = nl;
    if (upper == 0) { this.rD = lower; this.rS = 0; return; }
    let lz = <i32>clz(upper);
    let shift = 64 - lz;
    if (lz != 0) upper = (upper << <u64>lz) | (lower >> <u64>shift);
    this.rounded(upper, shift, shift != 0 && (lower & (<u64>1 << <u64>(shift - 1))) != 0);
  }

  // divide64: long division to 64 significant bits, rounded half up.
  private quotient(dividend: u64, divisor: u64): void {
    if (dividend == 0) { this.rD = 0; this.rS = 0; return; }
    if (divisor == 0) { this.setLargest(); return; }
    let shift = 0;
    let tz = <i32>ctz(divisor);
    if (tz != 0) { shift -= tz; divisor >>= <u64>tz; }
    if (divisor == 1) { this.rD = dividend; this.rS = shift; return; }
    let lz = <i32>clz(dividend);
    if (lz != 0) { shift -= lz; dividend <<= <u64>lz; }
    let q = dividend / divisor;
    dividend %= divisor;
    while ((q >> 63) == 0 && dividend != 0) {
      let over = (dividend >> 63) != 0;
      dividend <<= 1;
      shift--;
      q <<= 1;
      if (over || divisor <= dividend) { q |= 1; dividend -= divisor; }
    }
    let half = (divisor >> 1) + (divisor & 1);
    this.rounded(q, shift, dividend >= half);
  }

  // a * b
  mul(ad: u64, as: i32, bd: u64, bs: i32): void {
    if (ad == 0) { this.rD = ad; this.rS = as; return; }
    if (bd == 0) { this.rD = bd; this.rS = bs; return; }
    let sc = as + bs;
    this.product(ad, bd);
    this.shiftBy(sc);
  }
  // a / b
  div(ad: u64, as: i32, bd: u64, bs: i32): void {
    if (ad == 0) { this.rD = ad; this.rS = as; return; }
    if (bd == 0) { this.setLargest(); return; }
    let sc = as - bs;
    this.quotient(ad, bd);
    this.shiftBy(sc);
  }
}

function lgFloor(d: u64, s: i32): i32 { return s + 63 - <i32>clz(d); }
// Exact comparison of two scaled numbers: -1, 0, 1.
export function cmp(ad: u64, as: i32, bd: u64, bs: i32): i32 {
  if (ad == 0) return bd != 0 ? -1 : 0;
  if (bd == 0) return 1;
  let la = lgFloor(ad, as), lb = lgFloor(bd, bs);
  if (la != lb) return la < lb ? -1 : 1;
  if (as < bs) return cmpImpl(ad, bd, bs - as);
  return -cmpImpl(bd, ad, as - bs);
}
function cmpImpl(l: u64, r: u64, diff: i32): i32 {
  let la = l >> <u64>diff;
  if (la < r) return -1;
  if (la > r) return 1;
  return l > (la << <u64>diff) ? 1 : 0;
}

// toInt<uint64_t>
export function toU64(d: u64, s: i32): u64 {
  if (cmp(d, s, 1, 0) < 0) return 0;
  if (cmp(d, s, u64.MAX_VALUE, 0) >= 0) return u64.MAX_VALUE;
  if (s > 0) return d << <u64>s;
  if (s < 0) return d >> <u64>(-s);
  return d;
}
