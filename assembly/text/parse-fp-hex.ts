// Hexadecimal FP constants (0xH, 0xR, 0xK, 0xL, 0xM) as LLVM's lexer reads them, whatever their
// number of digits, and whether a constant of one FP type converts to another without loss
// (ConstantFP::isValueValidForType), which decides between opt's two type-mismatch messages.
import { I32Vec } from "../util/vec";
import { hexIntToVal } from "./lexer";
import { T_DOUBLE, T_FLOAT, T_HALF, T_BFLOAT, T_FP128, T_X86FP80 } from "../ir/types";

@inline function hexAt(p: usize, i: i32): u64 {
  let c = <i32>load<u8>(p + <usize>i);
  return <u64>(c <= 57 ? c - 48 : (c | 32) - 87);
}
// Up to `max` digits from `from` as one number; returns it, advances nothing.
function digits(p: usize, from: i32, n: i32, max: i32): u64 {
  let r: u64 = 0;
  for (let i = from; i < n && i < from + max; i++) r = (r << 4) | hexAt(p, i);
  return r;
}
function setU64(out: I32Vec, i: i32, v: u64): void { out.set(i, <i32>v); out.set(i + 1, <i32>(v >>> 32)); }
function getU64(w: I32Vec, i: i32): u64 { return <u64><u32>w.get(i) | (<u64><u32>w.get(i + 1) << 32); }

// Fills out with the bits of the n hex digits at p after 0x<letter>: 16-bit forms hold the
// number's low 16 bits; 0xK takes up to 4 digits of sign and exponent, then up to 16 of
// significand; 0xL/0xM take 16 digits of the low half then up to 16 of the high half, and fewer
// than 16 digits are the high half. Digits beyond the type's are dropped (the lexer warned).
export function readHexFP(letter: i32, p: usize, n: i32, out: I32Vec): void {
  out.clear();
  if (letter == 72 || letter == 82) { out.push(<i32>(hexIntToVal(p, n) & 0xffff)); return; }
  if (letter == 75) {
    out.resize(3, 0);
    let se = digits(p, 0, n, 4), sig = digits(p, 4, n, 16);
    let e = <i32>se & 0x7fff, intBit = sig >>> 63;
    // APFloat reads an unnormal as a NaN and a pseudo-denormal as the smallest normal exponent
    if (e != 0 && e != 0x7fff && intBit == 0) se |= 0x7fff;
    else if (e == 0 && intBit != 0) se |= 1;
    setU64(out, 0, sig); out.set(2, <i32>se);
    return;
  }
  out.resize(4, 0);
  if (n >= 16) { setU64(out, 0, digits(p, 0, n, 16)); setU64(out, 2, digits(p, 16, n, 16)); }
  else setU64(out, 2, digits(p, 0, n, 16));
}

// A value decoded for the loss check: a NaN's payload or a finite value sig * 2^exp.
const C_ZERO = 0, C_INF = 1, C_NAN = 2, C_FINITE = 3;
@final class DecodedFP {
  cat: i32 = 0; exp: i32 = 0; sigHi: u64 = 0; sigLo: u64 = 0; prec: i32 = 0; special: bool = false;

  // An IEEE format of `fb` fraction bits and `eb` exponent bits, fraction in (hi, lo).
  decodeIEEE(e: i32, eb: i32, fb: i32, hi: u64, lo: u64): void {
    let bias = (1 << (eb - 1)) - 1, emax = (1 << eb) - 1;
    this.prec = fb + 1; this.sigHi = hi; this.sigLo = lo;
    let zeroFrac = hi == 0 && lo == 0;
    if (e == emax) { this.cat = zeroFrac ? C_INF : C_NAN; return; }
    if (e == 0 && zeroFrac) { this.cat = C_ZERO; return; }
    this.cat = C_FINITE;
    if (e == 0) e = 1; // subnormal
    else if (fb >= 64) this.sigHi |= <u64>1 << <u64>(fb - 64); else this.sigLo |= <u64>1 << <u64>fb;
    this.exp = e - bias - fb;
  }
  decode(type: i32, w: I32Vec): void {
    this.special = false;
    if (type == T_HALF) { let b = w.get(0); this.decodeIEEE((b >> 10) & 0x1f, 5, 10, 0, <u64>(b & 0x3ff)); return; }
    if (type == T_BFLOAT) { let b = w.get(0); this.decodeIEEE((b >> 7) & 0xff, 8, 7, 0, <u64>(b & 0x7f)); return; }
    if (type == T_FP128) {
      let hi = getU64(w, 2);
      this.decodeIEEE(<i32>(hi >>> 48) & 0x7fff, 15, 112, hi & 0xffffffffffff, getU64(w, 0)); return;
    }
    if (type == T_X86FP80) {
      let sig = getU64(w, 0), e = w.get(2) & 0x7fff;
      this.prec = 64; this.sigHi = 0; this.sigLo = sig;
      if (e == 0x7fff) {
        this.cat = sig == <u64>1 << 63 ? C_INF : C_NAN;
        this.special = (sig >>> 62) != 3; // pseudo-NaNs no other format has
        return;
      }
      if (sig == 0) { this.cat = C_ZERO; return; }
      this.cat = C_FINITE; this.exp = (e == 0 ? 1 : e) - 16383 - 63;
      return;
    }
    // ppc_fp128: its high double alone (a non-zero low double is taken as inexact)
    let hi = getU64(w, 0);
    this.decodeIEEE(<i32>(hi >>> 52) & 0x7ff, 11, 52, 0, hi & 0xfffffffffffff);
    if ((getU64(w, 2) << 1) != 0) { this.cat = C_FINITE; this.sigLo = 3; this.sigHi = <u64>1 << 63; }
  }
}

@inline function bitLen(hi: u64, lo: u64): i32 { return hi != 0 ? 128 - <i32>clz(hi) : 64 - <i32>clz(lo); }
@inline function trailing(hi: u64, lo: u64): i32 { return lo != 0 ? <i32>ctz(lo) : 64 + <i32>ctz(hi); }

// Whether a constant of FP type `from` (bits in w) converts to `to` (half, bfloat, float or
// double) without loss, as APFloat::convert reports it.
export function convertsExactly(from: i32, w: I32Vec, to: i32): bool {
  let p = to == T_HALF ? 11 : to == T_BFLOAT ? 8 : to == T_FLOAT ? 24 : 53;
  let emax = to == T_HALF ? 15 : to == T_DOUBLE ? 1023 : 127;
  let emin = 1 - emax;
  let d = new DecodedFP();
  d.decode(from, w);
  let sigHi = d.sigHi, sigLo = d.sigLo, exp = d.exp;
  if (d.cat == C_ZERO || d.cat == C_INF) return true;
  if (d.cat == C_NAN) {
    // the payload's low bits are shifted out when the target is narrower
    let shift = d.prec - p;
    if (d.special) return false;
    if (shift <= 0) return true;
    if (shift >= 64) return sigLo == 0 && (sigHi & ((<u64>1 << <u64>(shift - 64)) - 1)) == 0;
    return (sigLo & ((<u64>1 << <u64>shift) - 1)) == 0;
  }
  let top = exp + bitLen(sigHi, sigLo) - 1, bottom = exp + trailing(sigHi, sigLo);
  if (top > emax) return false;
  if (top >= emin) return top - bottom + 1 <= p;
  return bottom >= emin - (p - 1);
}
