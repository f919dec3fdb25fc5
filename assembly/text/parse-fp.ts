// Floating-point constants: decimal and hexadecimal text to each FP type's bits, as LLVM's APFloat
// conversions round them.
import { rd } from "./reader";
import { lx, next, hexIntToVal } from "./lexer";
import { readHexFP, convertsExactly } from "./parse-fp-hex";
import { typeToString } from "./printer-types";
import { errorI } from "./pstate";
import {
  T_DOUBLE, T_FLOAT, T_HALF, T_BFLOAT, T_FP128, T_X86FP80, T_PPCFP128, isFP, isVector, scalarType,
} from "../ir/types";
import { getFP, getFPBits64 } from "../ir/constants";
import { parseDecimalDouble } from "../util/fp";

export function parseFPFromInt(type: i32): i32 {
  return errorI("floating point constant invalid for type");
}

// The FP type a hex constant's letter gives (0xH half ... 0xM ppc_fp128).
function letterType(letter: i32): i32 {
  return letter == 72 ? T_HALF : letter == 82 ? T_BFLOAT : letter == 75 ? T_X86FP80 : letter == 76 ? T_FP128 : T_PPCFP128;
}
@inline function isWideFP(t: i32): bool { return t == T_X86FP80 || t == T_FP128 || t == T_PPCFP128; }
function notOfType(type: i32): i32 { return errorI("floating point constant does not have type '" + typeToString(type) + "'"); }
const INVALID = "floating point constant invalid for type";

export function parseFPConst(type: i32): i32 {
  let st = scalarType(type);
  if (!isFP(st)) return errorI(INVALID);
  let p = lx.src + <usize>lx.tokStart;
  let n = lx.tokEnd - lx.tokStart;
  let c: i32 = -1;
  let letter = n > 2 && load<u8>(p) == 48 && load<u8>(p + 1) == 120 ? <i32>load<u8>(p + 2) : 0;
  if (letter == 72 || letter == 82 || letter == 75 || letter == 76 || letter == 77) { // H R K L M
    readHexFP(letter, p + 3, n - 3, rd.words);
    // as LLParser: a value of another FP type is refused, with one message when it would
    // convert without loss and another when it would not
    let own = letterType(letter);
    if (st != own) {
      let exact = isWideFP(st) ? own == T_HALF || own == T_BFLOAT : own == T_HALF && st == T_DOUBLE ||
        own == T_BFLOAT && st == T_DOUBLE || convertsExactly(own, rd.words, st);
      return exact ? notOfType(type) : errorI(INVALID);
    }
    c = getFP(st, rd.words, 0, rd.words.len);
  } else {
    // a double (0x: its bits), converted to the smaller types; the wider ones do not take it
    let bits: u64;
    if (letter != 0) bits = hexIntToVal(p + 2, n - 2);
    else bits = reinterpret<u64>(parseDecimal(p, n));
    if (isWideFP(st)) return notOfType(type);
    c = fpFromDouble(st, reinterpret<f64>(bits), bits);
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
