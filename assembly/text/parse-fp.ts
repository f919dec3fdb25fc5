// Floating-point constants: decimal and hexadecimal text to each FP type's bits, as LLVM's APFloat
// conversions round them.
import { rd } from "./reader";
import { zext64 } from "../util/bits";
import { I32Vec } from "../util/vec";
import { lx, next } from "./lexer";
import { errorI } from "./pstate";
import {
  T_DOUBLE, T_FLOAT, T_HALF, T_BFLOAT, T_FP128, T_X86FP80, T_PPCFP128, isFP, isVector, scalarType,
} from "../ir/types";
import { getFP, getFPBits64 } from "../ir/constants";
import { parseDecimalDouble } from "../util/fp";

export function parseFPFromInt(type: i32): i32 {
  return errorI("floating point constant invalid for type");
}

function hexDigits(p: usize, n: i32, out: I32Vec): void {
  // Fills out (little-endian 32-bit words) from n hex digits at p.
  out.clear();
  let nw = (n + 7) >> 3;
  out.resize(nw, 0);
  for (let i = 0; i < n; i++) {
    let c = <i32>load<u8>(p + <usize>(n - 1 - i));
    let d = c <= 57 ? c - 48 : (c | 32) - 87;
    out.set(i >> 3, out.get(i >> 3) | (d << ((i & 7) * 4)));
  }
}

export function parseFPConst(type: i32): i32 {
  let st = scalarType(type);
  if (!isFP(st)) return errorI("floating point constant invalid for type");
  let p = lx.src + <usize>lx.tokStart;
  let n = lx.tokEnd - lx.tokStart;
  let c: i32 = -1;
  if (n > 2 && load<u8>(p) == 48 && load<u8>(p + 1) == 120) {
    let letter = <i32>load<u8>(p + 2);
    if (letter == 72 || letter == 82 || letter == 75 || letter == 76 || letter == 77) { // H R K L M
      hexDigits(p + 3, n - 3, rd.words);
      let want = letter == 72 ? T_HALF : letter == 82 ? T_BFLOAT : letter == 75 ? T_X86FP80 : letter == 76 ? T_FP128 : T_PPCFP128;
      if (st != want) return errorI("floating point constant invalid for type");
      if (letter == 75) {
        // 0xK: 20 hex digits, sign/exponent (16 bits) then mantissa (64 bits) -> words [mant lo, mant hi, se]
        while (rd.words.len < 3) rd.words.push(0);
      } else if (letter == 76 || letter == 77) {
        // 0xL / 0xM: 32 hex digits, printed as the low 64 bits then the high 64 bits.
        while (rd.words.len < 4) rd.words.push(0);
        // digits were read as one 128-bit number hi..lo of the text: text = lo64 hi64. Swap halves.
        let a0 = rd.words.get(0), a1 = rd.words.get(1), a2 = rd.words.get(2), a3 = rd.words.get(3);
        rd.words.set(0, a2); rd.words.set(1, a3); rd.words.set(2, a0); rd.words.set(3, a1);
      } else {
        while (rd.words.len < 1) rd.words.push(0);
        rd.words.len = 1;
      }
      c = getFP(st, rd.words, 0, rd.words.len);
    } else {
      // 0x: a double's bit pattern, converted to the type.
      hexDigits(p + 2, n - 2, rd.words);
      while (rd.words.len < 2) rd.words.push(0);
      let bits = zext64(rd.words.get(0)) | (zext64(rd.words.get(1)) << 32);
      c = fpFromDouble(st, reinterpret<f64>(bits), bits);
    }
  } else {
    let d = parseDecimal(p, n);
    c = fpFromDouble(st, d, reinterpret<u64>(d));
  }
  if (c < 0) return -1;
  next();
  return isVector(type) ? errorI("expected vector constant") : c;
}

function parseDecimal(p: usize, n: i32): f64 { return parseDecimalDouble(p, n); }

function fpFromDouble(st: i32, d: f64, bits: u64): i32 {
  if (st == T_DOUBLE) return getFPBits64(st, bits);
  if (st == T_FLOAT) {
    let f = <f32>d;
    if (<f64>f != d && !(d != d)) return errorI("floating point constant invalid for type");
    let fb: u32 = reinterpret<u32>(f);
    if (d != d) { // NaN: keep payload bits as LLVM does when converting double NaN to float
      let sign = <u32>(bits >>> 63);
      let payload = <u32>((bits >>> 29) & 0x7fffff);
      fb = (sign << 31) | 0x7f800000 | payload;
      if (payload == 0) fb |= 0x400000;
    }
    rd.words.clear(); rd.words.push(<i32>fb);
    return getFP(st, rd.words, 0, 1);
  }
  if (st == T_HALF || st == T_BFLOAT) {
    let hb = st == T_HALF ? doubleToHalf(d) : doubleToBFloat(d);
    if (hb < 0) return errorI("floating point constant invalid for type");
    rd.words.clear(); rd.words.push(hb);
    return getFP(st, rd.words, 0, 1);
  }
  if (st == T_X86FP80 || st == T_FP128 || st == T_PPCFP128) {
    return extendDouble(st, d, bits);
  }
  return errorI("floating point constant invalid for type");
}

function doubleToHalf(d: f64): i32 {
  let bits = reinterpret<u64>(d);
  let sign = <i32>(bits >>> 63) << 15;
  if (d == 0) return sign;
  if (d != d) return sign | 0x7e00;
  let a = Math.abs(d);
  if (a == Infinity) return sign | 0x7c00;
  // exact conversion only
  for (let e = -24; e <= 15; e++) {
    // try to represent a = m * 2^(e-10)
  }
  let exp = <i32>((bits >>> 52) & 0x7ff) - 1023;
  let mant = bits & 0xfffffffffffff;
  if (exp >= -14) {
    if (exp > 15) return -1;
    if ((mant & ((<u64>1 << 42) - 1)) != 0) return -1;
    return sign | ((exp + 15) << 10) | <i32>(mant >>> 42);
  }
  // subnormal half: value = m * 2^-24
  let m = a * 16777216.0;
  if (m != Math.floor(m) || m >= 1024) return -1;
  return sign | <i32>m;
}
function doubleToBFloat(d: f64): i32 {
  let f = <f32>d;
  if (<f64>f != d && d == d) return -1;
  let b = reinterpret<u32>(f);
  if (d != d) return <i32>((b >>> 16) | 0x40);
  if ((b & 0xffff) != 0) return -1;
  return <i32>(b >>> 16);
}
// Double converted exactly to x86_fp80 / fp128 / ppc_fp128.
function extendDouble(st: i32, d: f64, bits: u64): i32 {
  let sign = <i32>(bits >>> 63);
  let e = <i32>((bits >>> 52) & 0x7ff);
  let m = bits & 0xfffffffffffff;
  rd.words.clear(); rd.words.resize(st == T_X86FP80 ? 3 : 4, 0);
  if (st == T_PPCFP128) {
    // double-double: high double first (low 64 bits of the 128-bit pattern), low double zero.
    rd.words.set(0, <i32>(bits & 0xffffffff)); rd.words.set(1, <i32>(bits >>> 32));
    return getFP(st, rd.words, 0, 4);
  }
  if (e == 0 && m == 0) { // zero
    if (st == T_X86FP80) rd.words.set(2, sign << 15); else rd.words.set(3, sign << 31);
    return getFP(st, rd.words, 0, rd.words.len);
  }
  let exp: i32, mant: u64;
  if (e == 0x7ff) { exp = st == T_X86FP80 ? 0x7fff : 0x7fff; mant = m; }
  else if (e == 0) { // subnormal double: normalise
    let sh = clz<u64>(m) - 11;
    mant = (m << <u64>sh) & 0xfffffffffffff; exp = 1 - 1023 - <i32>sh + 16383;
  } else { exp = e - 1023 + 16383; mant = m; }
  if (st == T_X86FP80) {
    // explicit integer bit; 63-bit fraction
    let frac: u64 = (mant << 11) | (e == 0x7ff && m == 0 ? (<u64>1 << 63) : (<u64>1 << 63));
    if (e == 0x7ff && m != 0) frac = (<u64>1 << 63) | (m << 11);
    rd.words.set(0, <i32>(frac & 0xffffffff)); rd.words.set(1, <i32>(frac >>> 32)); rd.words.set(2, (sign << 15) | exp);
    return getFP(st, rd.words, 0, 3);
  }
  // fp128: 112-bit fraction: mant (52 bits) << 60
  let hiFrac = mant >>> 4;           // top 48 bits of the 112-bit fraction
  let loFrac = (mant & 15) << 60;    // next bits
  rd.words.set(0, <i32>(loFrac & 0xffffffff)); rd.words.set(1, <i32>(loFrac >>> 32));
  rd.words.set(2, <i32>(hiFrac & 0xffffffff)); rd.words.set(3, <i32>((hiFrac >>> 32) & 0xffff) | (exp << 16) | (sign << 31));
  return getFP(st, rd.words, 0, 4);
}
