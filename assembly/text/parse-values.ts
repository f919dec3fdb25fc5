// Values: local and global symbol tables (with forward references), constants and constant
// expressions, inline asm, metadata as a value.
import { zext64 } from "../util/bits";
import { I32Vec, U8Vec } from "../util/vec";
import { T, tok, tokStr, tokNum, tokStart, tokEnd, tokBig, next, src, strtab } from "./lexer";
import * as K from "./keywords";
import { error, errorI, errorAt, eat, expect, expectWord, isWord, enter, leave, stack, stack2, failed, checkVersion } from "./pstate";
import { parseType, parseAddrSpace } from "./parse-types";
import { parseMetadataOperand } from "./parse-meta";
import {
  TK, tyKind, tyA, tyN, T_I1, T_I8, T_I32, T_I64, T_LABEL, T_METADATA, T_TOKEN, T_DOUBLE, T_FLOAT, T_HALF,
  T_BFLOAT, T_FP128, T_X86FP80, T_PPCFP128, T_PTR, intType, isInt, intWidth, isPtr, isFP, isVector, isStruct,
  memberType, memberCount, vectorType, withScalar, listLen, listAt, ptrType, scalarType, elementType,
} from "../ir/types";
import { VK, newValue, vKind, vType, vName, vA, vB, vParent, operand, numOperands, iOps, iNOps } from "../ir/values";
import {
  getNull, getUndef, getPoison, getZero, getInt, getIntWords, getFP, getFPBits64, getData, getAggregate,
  getExpr, getWithOperands, getInlineAsm, getMDValue, getBool, isNullValue, isZeroInt,
} from "../ir/constants";
import { instOpcode } from "./parse-inst";
import { has, Feature } from "../ir/version";
import { Op, F_NUW, F_NSW, F_EXACT, F_INBOUNDS, F_GEP_NUSW, F_GEP_NUW, F_DISJOINT, F_NNEG, isCast, isBinary, OP_NAMES, opcodeSince } from "../ir/opcodes";
import { typeToString } from "./printer-types";

// ---- symbol tables ----

export let globalByName: I32Vec = new I32Vec();
export let globalByNum: I32Vec = new I32Vec();
export let globalForwards: i32 = 0;
export let localByName: I32Vec = new I32Vec();
export let localStamp: I32Vec = new I32Vec();
export let localByNum: I32Vec = new I32Vec();
export let localForwards: i32 = 0;
export let stampNow: i32 = 0;
export let inFunction: bool = false;
export let curFnValue: i32 = -1;
// Forward-referenced local placeholders created in the current function (to report the first undefined one).
export let forwardList: I32Vec = new I32Vec();
export let globalForwardList: I32Vec = new I32Vec();
// Every placeholder and the source offset of its first reference, in creation order (read only
// for error messages, so a list rather than a column indexed by value id).
let fwdPosValue: I32Vec = new I32Vec();
let fwdPosOffset: I32Vec = new I32Vec();

export function resetValueParser(): void {
  words = new I32Vec(16);
  bytes = new U8Vec(64);
  baFunc = new I32Vec();
  baName = new I32Vec();
  baNum = new I32Vec();
  baBlock = new I32Vec();
  exprWords = new I32Vec(8);
  globalByName = new I32Vec(); globalByNum = new I32Vec(); globalForwards = 0;
  localByName = new I32Vec(); localStamp = new I32Vec(); localByNum = new I32Vec(); localForwards = 0; stampNow = 0;
  inFunction = false; curFnValue = -1; forwardList = new I32Vec(); globalForwardList = new I32Vec();
  fwdPosValue = new I32Vec(); fwdPosOffset = new I32Vec();
}

export function beginFunctionScope(fnValue: i32): void {
  stampNow++; localByNum.clear(); localForwards = 0; forwardList.clear(); inFunction = true; curFnValue = fnValue;
}
export function endFunctionScope(): void { inFunction = false; curFnValue = -1; }

function notePos(v: i32, off: i32): void { fwdPosValue.push(v); fwdPosOffset.push(off); }
export function forwardPosOf(v: i32): i32 {
  for (let i = fwdPosValue.len - 1; i >= 0; i--) if (fwdPosValue.get(i) == v) return fwdPosOffset.get(i);
  return 0;
}

export function localLookupName(name: i32): i32 {
  if (name >= localStamp.len || localStamp.get(name) != stampNow) return -1;
  return localByName.get(name);
}
export function localSetName(name: i32, v: i32): void {
  localStamp.fit(name + 1, 0); localByName.fit(name + 1, -1);
  localStamp.set(name, stampNow); localByName.set(name, v);
}
export function localLookupNum(n: i32): i32 { return n < localByNum.len ? localByNum.get(n) : -1; }
export function localSetNum(n: i32, v: i32): void { localByNum.fit(n + 1, -1); localByNum.set(n, v); }

export function globalLookupName(name: i32): i32 { return name < globalByName.len ? globalByName.get(name) : -1; }
export function globalSetName(name: i32, v: i32): void { globalByName.fit(name + 1, -1); globalByName.set(name, v); }
export function globalLookupNum(n: i32): i32 { return n < globalByNum.len ? globalByNum.get(n) : -1; }
export function globalSetNum(n: i32, v: i32): void { if (n >= globalByNum.len) globalByNum.resize(n + 1, -1); globalByNum.set(n, v); }

function nameText(isLocal: bool, name: i32, num: i64): string {
  return (isLocal ? "%" : "@") + (name >= 0 ? strtabString(name) : num.toString());
}
export function strtabString(id: i32): string {
  let p = strtab.ptrOf(id), n = strtab.lenOf(id);
  return String.UTF8.decodeUnsafe(p, <usize>n, false);
}

// A local value reference of the given type (label for blocks). Creates a placeholder on first use.
function localRef(name: i32, num: i64, type: i32): i32 {
  let off = tokStart;
  let v = name >= 0 ? localLookupName(name) : localLookupNum(<i32>num);
  if (v >= 0) {
    if (vType.get(v) != type) {
      if (<i32>vKind.get(v) == VK.Block || type == T_LABEL) {
        errorAt("'" + nameText(true, name, num) + "' is not a basic block", off); return -1;
      }
      errorAt("'" + nameText(true, name, num) + "' defined with type '" + typeToString(vType.get(v)) + "' but expected '" + typeToString(type) + "'", off);
      return -1;
    }
    return v;
  }
  if (<i32>tyKind.get(type) == TK.Function) { errorAt("invalid use of function-typed value", off); return -1; }
  v = newValue(type == T_LABEL ? VK.Block : VK.Forward, type);
  vName.set(v, name);
  if (type != T_LABEL) vB.set(v, -1); else { vA.set(v, -1); vB.set(v, -1); }
  if (name >= 0) localSetName(name, v); else localSetNum(<i32>num, v);
  notePos(v, off);
  forwardList.push(v);
  if (name < 0) vA.set(v, <i32>num); // remember the number of an unnamed placeholder (blocks keep vA for insts: fixed at definition)
  localForwards++;
  return v;
}

function globalRef(name: i32, num: i64, type: i32): i32 {
  let off = tokStart;
  let v = name >= 0 ? globalLookupName(name) : globalLookupNum(<i32>num);
  if (!isPtr(type)) { errorAt("global variable reference must have pointer type", off); return -1; }
  if (v >= 0) {
    if (vType.get(v) != type) {
      errorAt("'" + nameText(false, name, num) + "' defined with type '" + typeToString(vType.get(v)) + "' but expected '" + typeToString(type) + "'", off);
      return -1;
    }
    return v;
  }
  v = newValue(VK.Forward, type);
  vName.set(v, name);
  if (name >= 0) globalSetName(name, v); else { globalSetNum(<i32>num, v); vA.set(v, <i32>num); }
  notePos(v, off);
  globalForwardList.push(v);
  globalForwards++;
  return v;
}

// ---- values ----

export function parseTypeAndValue(): i32 {
  let t = parseType();
  if (t < 0) return -1;
  return parseValue(t);
}

// A basic block reference: `label %bb`.
export function parseBlockRef(): i32 {
  if (!isWord(K.KW_label)) return errorI("expected 'label' here");
  next();
  if (tok == T.LocalVar) { let v = localRef(tokStr, 0, T_LABEL); next(); return v; }
  if (tok == T.LocalID) { let v = localRef(-1, tokNum, T_LABEL); next(); return v; }
  return errorI("expected a basic block");
}

export function parseValue(type: i32): i32 {
  if (!enter()) return -1;
  let v = parseValueInner(type);
  leave();
  return v;
}

// A constant-expression opcode the target version reads; a located error otherwise.
function checkConstExpr(op: i32): bool {
  if (!checkVersion(OP_NAMES[op], opcodeSince(op))) return false;
  return constExprSupported(op) || error(OP_NAMES[op] + " constexprs are no longer supported");
}

function parseValueInner(type: i32): i32 {
  if (type == T_METADATA) {
    let md = parseMetadataOperand();
    if (failed) return -1;
    return getMDValue(md);
  }
  let k = type >= 0 ? <i32>tyKind.get(type) : -1;
  if (type < 0) { // type implied by the expression (aliasees)
    if (tok == T.Word && opcodeOf(tokStr) != Op.None) return checkConstExpr(opcodeOf(tokStr)) ? parseConstExpr(opcodeOf(tokStr), -1) : -1;
    return errorI("expected type");
  }
  switch (tok) {
    case T.LocalVar: case T.LocalID: {
      if (!inFunction) return errorI("expected value token");
      if (k == TK.Void) return errorI("invalid use of void type");
      let v = tok == T.LocalVar ? localRef(tokStr, 0, type) : localRef(-1, tokNum, type);
      next(); return v;
    }
    case T.GlobalVar: case T.GlobalID: {
      let v = tok == T.GlobalVar ? globalRef(tokStr, 0, type) : globalRef(-1, tokNum, type);
      next(); return v;
    }
    case T.Int: return parseIntConst(type);
    case T.Float: return parseFPConst(type);
    case T.LSquare: return parseArrayConst(type);
    case T.LBrace: return parseStructConst(type, false);
    case T.Less: {
      next();
      if (tok == T.LBrace) { let v = parseStructConst(type, true); if (v < 0) return -1; if (!expect(T.Greater, "'>' at end of packed struct")) return -1; return v; }
      return parseVectorConst(type);
    }
    case T.Exclaim: case T.MetadataID: case T.MetadataVar: {
      if (type != T_METADATA) return errorI("expected value token");
      let md = parseMetadataOperand();
      if (md < 0 && failed) return -1;
      return getMDValue(md);
    }
    case T.Word: return parseWordValue(type);
    default: break;
  }
  if (type == T_METADATA) {
    // `metadata i32 %x` / `metadata ptr @g` in call arguments: a value wrapped as metadata.
    let md = parseMetadataOperand();
    if (md < 0) return -1;
    return getMDValue(md);
  }
  return errorI("expected value token");
}

function parseWordValue(type: i32): i32 {
  let w = tokStr;
  let k = <i32>tyKind.get(type);
  if (w == K.KW_true || w == K.KW_false) {
    if (scalarType(type) != T_I1) return errorI("invalid type for " + (w == K.KW_true ? "true" : "false") + " constant");
    next();
    let c = getBool(w == K.KW_true);
    return isVector(type) ? splat(type, c) : c;
  }
  if (w == K.KW_null) {
    next();
    if (k != TK.Ptr && k != TK.TargetExt) return errorI("null must be a pointer type");
    return getNull(type);
  }
  if (w == K.KW_undef) { next(); if (k == TK.Void || k == TK.Label || k == TK.Function) return errorI("invalid type for undef constant"); return getUndef(type); }
  if (w == K.KW_poison) { next(); if (k == TK.Void || k == TK.Label || k == TK.Function) return errorI("invalid type for poison constant"); return getPoison(type); }
  if (w == K.KW_zeroinitializer) {
    next();
    if (k == TK.Void || k == TK.Label || k == TK.Function || k == TK.Metadata) return errorI("invalid type for null constant");
    return getZero(type);
  }
  if (w == K.KW_none) { next(); if (type != T_TOKEN) return errorI("invalid type for none constant"); return getSimple_none(type); }
  if (w == K.KW_c) { // c"bytes"
    next();
    if (tok != T.String) return errorI("expected string");
    let s = tokStr; next();
    if (k != TK.Array || tyA.get(type) != T_I8) return errorI("constant expression type mismatch");
    if (tyN.get(type) != <i64>strtab.lenOf(s)) return errorI("constant expression type mismatch: got type '[" + strtab.lenOf(s).toString() + " x i8]' but expected '" + typeToString(type) + "'");
    return canonicalData(type, s);
  }
  if (w == K.KW_blockaddress) return parseBlockAddress(type);
  if (w == K.KW_dso_local_equivalent || w == K.KW_no_cfi) {
    let kind = w == K.KW_no_cfi ? VK.NoCFI : VK.DSOLocalEquiv;
    next();
    if (tok != T.GlobalVar && tok != T.GlobalID) return errorI("expected global value name in " + (kind == VK.NoCFI ? "no_cfi" : "dso_local_equivalent"));
    let g = tok == T.GlobalVar ? globalRef(tokStr, 0, T_PTR) : globalRef(-1, tokNum, T_PTR);
    if (g < 0) return -1;
    next();
    let base = stack.len; stack.push(g);
    let v = getWithOperands(kind, type, stack, base, 1);
    stack.len = base; return v;
  }
  if (w == K.KW_ptrauth) return parsePtrAuth(type);
  if (strtab.eqStr(w, "asm")) return parseInlineAsm(type);
  if (strtab.eqStr(w, "splat")) {
    next();
    if (!expect(T.LParen, "'(' after splat")) return -1;
    let e = parseTypeAndValue(); if (e < 0) return -1;
    if (!expect(T.RParen, "')' at end of splat")) return -1;
    if (!isVector(type) || vType.get(e) != tyA.get(type)) return errorI("invalid splat type");
    return splat(type, e);
  }
  let op = opcodeOf(w);
  if (op != Op.None) return checkConstExpr(op) ? parseConstExpr(op, type) : -1;
  return errorI("expected value token");
}

import { getSimple, gepExprWords } from "../ir/constants";
function getSimple_none(type: i32): i32 { return getSimple(VK.ConstNone, type); }

function splat(type: i32, elt: i32): i32 {
  let n = <i32>tyN.get(type);
  if (<i32>tyKind.get(type) == TK.ScalableVector) {
    // LLVM spells a scalable splat as shufflevector(insertelement(poison, x, i64 0), poison, zeroinitializer)
    let base = stack.len;
    stack.push(getPoison(type)); stack.push(elt); stack.push(getInt(T_I64, 0));
    let ins = getExpr(Op.InsertElement, type, 0, 0, stack2, 0, 0, stack, base, 3);
    stack.len = base;
    stack.push(ins); stack.push(getPoison(type));
    stack.push(getZero(vectorType(T_I32, tyN.get(type), true)));
    let v = getExpr(Op.ShuffleVector, type, 0, 0, stack2, 0, 0, stack, base, 3);
    stack.len = base; return v;
  }
  let base = stack.len;
  for (let i = 0; i < n; i++) stack.push(elt);
  let v = getAggregate(VK.ConstVector, type, stack, base, n);
  stack.len = base;
  return v;
}

// An [N x i8] byte string: all-zero strings are zeroinitializer, as LLVM canonicalises.
function canonicalData(type: i32, s: i32): i32 {
  let p = strtab.ptrOf(s), n = strtab.lenOf(s);
  let allZero = true;
  for (let i = 0; i < n; i++) if (load<u8>(p + <usize>i) != 0) { allZero = false; break; }
  if (allZero) return getZero(type);
  return getData(type, s);
}

// ---- integers ----

let words: I32Vec = new I32Vec(16);

function parseIntConst(type: i32): i32 {
  let st = scalarType(type);
  if (!isInt(st)) {
    if (isFP(st)) return parseFPFromInt(type);
    return errorI("integer constant must have integer type");
  }
  let width = intWidth(st);
  let c: i32;
  if (!tokBig && width <= 64) { c = getInt(st, tokNum); next(); }
  else {
    // Arbitrary precision: decimal (or s0x/u0x hex) digits into 32-bit words, truncated to the width.
    if (!readBigInt(width)) return -1;
    c = getIntWords(st, words, 0, words.len);
    next();
  }
  return isVector(type) ? errorI("expected vector constant") : c;
}

// Reads the current Int token's digits into `words` (two's complement, width bits).
function readBigInt(width: i32): bool {
  let n = (width + 31) >> 5;
  words.clear(); words.resize(n, 0);
  let p = src + <usize>tokStart, e = src + <usize>tokEnd;
  let c0 = <i32>load<u8>(p);
  if ((c0 == 117 || c0 == 115) && load<u8>(p + 1) == 48) { // u0x / s0x hex
    let q = p + 3;
    let nd = <i32>(e - q);
    let signedHex = c0 == 115 && nd > 0 && nd * 4 < width && (hexOf(load<u8>(q)) & 8) != 0;
    for (let i = 0; i < nd; i++) {
      let c = <i32>load<u8>(e - 1 - <usize>i);
      let d = c <= 57 ? c - 48 : (c | 32) - 87;
      let wi = i >> 3;
      if (wi < n) words.set(wi, words.get(wi) | (d << ((i & 7) * 4)));
    }
    if (signedHex) { // sign-extend from nd*4 bits
      for (let b = nd * 4; b < n * 32; b++) words.set(b >> 5, words.get(b >> 5) | (1 << (b & 31)));
    }
    maskTop(width);
    return true;
  }
  let neg = false;
  if (c0 == 45) { neg = true; p++; } else if (c0 == 43) p++;
  while (p < e) {
    let d = <u64>(load<u8>(p) - 48); p++;
    // words = words * 10 + d
    let carry: u64 = d;
    for (let i = 0; i < n; i++) {
      let x = zext64(words.get(i)) * 10 + carry;
      words.set(i, <i32>(x & 0xffffffff)); carry = x >>> 32;
    }
  }
  if (neg) { // two's complement
    let carry: u64 = 1;
    for (let i = 0; i < n; i++) {
      let x = zext64(~words.get(i)) + carry;
      words.set(i, <i32>(x & 0xffffffff)); carry = x >>> 32;
    }
  }
  maskTop(width);
  return true;
}
function maskTop(width: i32): void {
  let top = width & 31;
  if (top != 0) words.set(words.len - 1, words.get(words.len - 1) & ((1 << top) - 1));
}

// ---- floating point ----

function parseFPFromInt(type: i32): i32 {
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

function parseFPConst(type: i32): i32 {
  let st = scalarType(type);
  if (!isFP(st)) return errorI("floating point constant invalid for type");
  let p = src + <usize>tokStart;
  let n = tokEnd - tokStart;
  let c: i32 = -1;
  if (n > 2 && load<u8>(p) == 48 && load<u8>(p + 1) == 120) {
    let letter = <i32>load<u8>(p + 2);
    if (letter == 72 || letter == 82 || letter == 75 || letter == 76 || letter == 77) { // H R K L M
      hexDigits(p + 3, n - 3, words);
      let want = letter == 72 ? T_HALF : letter == 82 ? T_BFLOAT : letter == 75 ? T_X86FP80 : letter == 76 ? T_FP128 : T_PPCFP128;
      if (st != want) return errorI("floating point constant invalid for type");
      if (letter == 75) {
        // 0xK: 20 hex digits, sign/exponent (16 bits) then mantissa (64 bits) -> words [mant lo, mant hi, se]
        while (words.len < 3) words.push(0);
      } else if (letter == 76 || letter == 77) {
        // 0xL / 0xM: 32 hex digits, printed as the low 64 bits then the high 64 bits.
        while (words.len < 4) words.push(0);
        // digits were read as one 128-bit number hi..lo of the text: text = lo64 hi64. Swap halves.
        let a0 = words.get(0), a1 = words.get(1), a2 = words.get(2), a3 = words.get(3);
        words.set(0, a2); words.set(1, a3); words.set(2, a0); words.set(3, a1);
      } else {
        while (words.len < 1) words.push(0);
        words.len = 1;
      }
      c = getFP(st, words, 0, words.len);
    } else {
      // 0x: a double's bit pattern, converted to the type.
      hexDigits(p + 2, n - 2, words);
      while (words.len < 2) words.push(0);
      let bits = zext64(words.get(0)) | (zext64(words.get(1)) << 32);
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

import { parseDecimalDouble } from "../util/fp";
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
    words.clear(); words.push(<i32>fb);
    return getFP(st, words, 0, 1);
  }
  if (st == T_HALF || st == T_BFLOAT) {
    let hb = st == T_HALF ? doubleToHalf(d) : doubleToBFloat(d);
    if (hb < 0) return errorI("floating point constant invalid for type");
    words.clear(); words.push(hb);
    return getFP(st, words, 0, 1);
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
  words.clear(); words.resize(st == T_X86FP80 ? 3 : 4, 0);
  if (st == T_PPCFP128) {
    // double-double: high double first (low 64 bits of the 128-bit pattern), low double zero.
    words.set(0, <i32>(bits & 0xffffffff)); words.set(1, <i32>(bits >>> 32));
    return getFP(st, words, 0, 4);
  }
  if (e == 0 && m == 0) { // zero
    if (st == T_X86FP80) words.set(2, sign << 15); else words.set(3, sign << 31);
    return getFP(st, words, 0, words.len);
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
    words.set(0, <i32>(frac & 0xffffffff)); words.set(1, <i32>(frac >>> 32)); words.set(2, (sign << 15) | exp);
    return getFP(st, words, 0, 3);
  }
  // fp128: 112-bit fraction: mant (52 bits) << 60
  let hiFrac = mant >>> 4;           // top 48 bits of the 112-bit fraction
  let loFrac = (mant & 15) << 60;    // next bits
  words.set(0, <i32>(loFrac & 0xffffffff)); words.set(1, <i32>(loFrac >>> 32));
  words.set(2, <i32>(hiFrac & 0xffffffff)); words.set(3, <i32>((hiFrac >>> 32) & 0xffff) | (exp << 16) | (sign << 31));
  return getFP(st, words, 0, 4);
}

// ---- aggregates ----

function parseArrayConst(type: i32): i32 {
  next(); // '['
  let k = <i32>tyKind.get(type);
  if (k != TK.Array) return errorI("invalid type for array constant");
  let elt = tyA.get(type);
  let base = stack.len;
  if (tok != T.RSquare) {
    while (true) {
      let t = parseType(); if (t < 0) { stack.len = base; return -1; }
      if (t != elt) { stack.len = base; return errorI("array element #" + (stack.len - base).toString() + " is not of type '" + typeToString(elt) + "'"); }
      let v = parseValue(t); if (v < 0) { stack.len = base; return -1; }
      stack.push(v);
      if (!eat(T.Comma)) break;
    }
  }
  if (!expect(T.RSquare, "']' at end of array constant")) { stack.len = base; return -1; }
  let n = stack.len - base;
  if (<i64>n != tyN.get(type)) { stack.len = base; return errorI("constant expression type mismatch: got type '[" + n.toString() + " x " + typeToString(elt) + "]' but expected '" + typeToString(type) + "'"); }
  let v: i32;
  if (elt == T_I8 && n > 0 && allInts(base, n)) v = bytesConst(type, base, n);
  else v = getAggregate(VK.ConstArray, type, stack, base, n);
  stack.len = base;
  return v;
}
function allInts(base: i32, n: i32): bool {
  for (let i = 0; i < n; i++) if (<i32>vKind.get(stack.get(base + i)) != VK.ConstInt) return false;
  return true;
}
import { intLow64 } from "../ir/constants";
let bytes: U8Vec = new U8Vec(64);
function bytesConst(type: i32, base: i32, n: i32): i32 {
  bytes.clear();
  for (let i = 0; i < n; i++) bytes.push(<u8>intLow64(stack.get(base + i)));
  return canonicalData(type, strtab.intern(bytes.ptr, bytes.len));
}

function parseStructConst(type: i32, packed: bool): i32 {
  next(); // '{'
  let base = stack.len;
  if (tok != T.RBrace) {
    while (true) {
      let t = parseType(); if (t < 0) { stack.len = base; return -1; }
      let v = parseValue(t); if (v < 0) { stack.len = base; return -1; }
      stack.push(v);
      if (!eat(T.Comma)) break;
    }
  }
  if (!expect(T.RBrace, "'}' at end of struct constant")) { stack.len = base; return -1; }
  let n = stack.len - base;
  if (!isStruct(type) || listLen(type) != n) { stack.len = base; return errorI("constant expression type mismatch: struct constant does not match type '" + typeToString(type) + "'"); }
  for (let i = 0; i < n; i++) {
    if (vType.get(stack.get(base + i)) != listAt(type, i)) { stack.len = base; return errorI("element " + i.toString() + " of struct initializer doesn't match struct element type"); }
  }
  let v = getAggregate(VK.ConstStruct, type, stack, base, n);
  stack.len = base;
  return v;
}

function parseVectorConst(type: i32): i32 {
  // current token is after '<'
  let base = stack.len;
  if (tok != T.Greater) {
    while (true) {
      let t = parseType(); if (t < 0) { stack.len = base; return -1; }
      let v = parseValue(t); if (v < 0) { stack.len = base; return -1; }
      stack.push(v);
      if (!eat(T.Comma)) break;
    }
  }
  if (!expect(T.Greater, "'>' at end of vector constant")) { stack.len = base; return -1; }
  let n = stack.len - base;
  if (!isVector(type) || <i64>n != tyN.get(type)) { stack.len = base; return errorI("constant expression type mismatch: vector constant does not match type '" + typeToString(type) + "'"); }
  let elt = tyA.get(type);
  for (let i = 0; i < n; i++) if (vType.get(stack.get(base + i)) != elt) { stack.len = base; return errorI("vector element #" + i.toString() + " is not of type '" + typeToString(elt) + "'"); }
  let v = getAggregate(VK.ConstVector, type, stack, base, n);
  stack.len = base;
  return v;
}

// ---- other constants ----

function parseBlockAddress(type: i32): i32 {
  next();
  if (!expect(T.LParen, "'(' in block address expression")) return -1;
  if (tok != T.GlobalVar && tok != T.GlobalID) return errorI("expected function name in blockaddress");
  let f = tok == T.GlobalVar ? globalRef(tokStr, 0, T_PTR) : globalRef(-1, tokNum, T_PTR);
  if (f < 0) return -1;
  next();
  if (!expect(T.Comma, "comma in block address expression")) return -1;
  if (tok != T.LocalVar && tok != T.LocalID) return errorI("expected basic block name in blockaddress");
  // The block belongs to function f, which may not be parsed yet: keep a deferred reference.
  let bb = blockAddressTarget(f, tok == T.LocalVar ? tokStr : -1, tok == T.LocalID ? <i32>tokNum : -1);
  if (bb < 0) return -1;
  next();
  if (!expect(T.RParen, "')' in block address expression")) return -1;
  let base = stack.len; stack.push(f); stack.push(bb);
  let v = getWithOperands(VK.BlockAddress, type, stack, base, 2);
  stack.len = base;
  return v;
}

// blockaddress(@f, %bb): when @f is the function being parsed, its local table resolves %bb;
// otherwise a placeholder block is recorded and bound when @f's body is parsed.
export let baFunc: I32Vec = new I32Vec();
export let baName: I32Vec = new I32Vec();
export let baNum: I32Vec = new I32Vec();
export let baBlock: I32Vec = new I32Vec();
export function resetBlockAddresses(): void {
  baFunc = new I32Vec(); baName = new I32Vec(); baNum = new I32Vec(); baBlock = new I32Vec(); resetBlockOrder();
}
// The blocks a blockaddress names before their function's body are ranked (ir/block-order.ts).
import { resetBlockOrder } from "../ir/block-order";
function blockAddressTarget(f: i32, name: i32, num: i32): i32 {
  if (inFunction && f == curFnValue) {
    let v = name >= 0 ? localRef(name, 0, T_LABEL) : localRef(-1, num, T_LABEL);
    return v;
  }
  if (<i32>vKind.get(f) == VK.Function && gFirstBlock.get(vA.get(f)) >= 0) {
    // the function's body is already parsed: find the block now
    let b = findBlock(vA.get(f), name, num);
    if (b < 0) return errorI("referenced value is not a basic block");
    return b;
  }
  for (let i = 0; i < baFunc.len; i++) {
    if (baFunc.get(i) == f && baName.get(i) == name && baNum.get(i) == num) return baBlock.get(i);
  }
  let b = newValue(VK.Block, T_LABEL);
  vA.set(b, -1); vB.set(b, -1); vName.set(b, name);
  notePos(b, tokStart);
  baFunc.push(f); baName.push(name); baNum.push(num); baBlock.push(b);
  return b;
}

function parsePtrAuth(type: i32): i32 {
  next();
  if (!expect(T.LParen, "'(' in ptrauth")) return -1;
  let base = stack.len;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  stack.push(p);
  while (eat(T.Comma)) {
    let v = parseTypeAndValue(); if (v < 0) { stack.len = base; return -1; }
    stack.push(v);
  }
  if (!expect(T.RParen, "')' in ptrauth")) { stack.len = base; return -1; }
  let v = getWithOperands(VK.PtrAuth, type, stack, base, stack.len - base);
  stack.len = base;
  return v;
}

function parseInlineAsm(type: i32): i32 {
  next(); // asm
  let flags = 0;
  while (tok == T.Word) {
    if (tokStr == K.KW_sideeffect) flags |= 1;
    else if (tokStr == K.KW_alignstack) flags |= 2;
    else if (tokStr == K.KW_inteldialect) flags |= 4;
    else if (tokStr == K.KW_unwind) flags |= 8;
    else break;
    next();
  }
  if (tok != T.String) return errorI("expected string constant for inline asm");
  let a = tokStr; next();
  if (!expect(T.Comma, "',' after inline asm string")) return -1;
  if (tok != T.String) return errorI("expected constraint string");
  let c = tokStr; next();
  return getInlineAsm(type, a, c, flags);
}

// ---- constant expressions ----

// The instruction words LLVM reads as the start of a constant expression: those the version still
// has as constant expressions, and those it answers with "no longer supported".
export function opcodeOf(w: i32): i32 {
  let op = instOpcode(w);
  if (op == Op.GetElementPtr || isCast(op) || isBinary(op) || op == Op.FNeg || op == Op.ICmp || op == Op.FCmp ||
    op == Op.Select || op == Op.ExtractElement || op == Op.InsertElement || op == Op.ShuffleVector) return op;
  return Op.None;
}
function constExprSupported(op: i32): bool {
  switch (op) {
    case Op.GetElementPtr: case Op.Trunc: case Op.PtrToInt: case Op.PtrToAddr: case Op.IntToPtr: case Op.BitCast:
    case Op.AddrSpaceCast: case Op.Add: case Op.Sub: case Op.Xor: case Op.ExtractElement: case Op.InsertElement:
    case Op.ShuffleVector: return true;
    case Op.Mul: return has(Feature.MulConstExpr);
  }
  return false;
}

// Extra words of the constant expression being built. Operands may themselves be constant
// expressions parsed in the middle of ours, so each parse keeps its words above `wBase` and
// gives the space back when done (like `stack`); never clear() it.
let exprWords: I32Vec = new I32Vec(8);

function parseConstExpr(op: i32, type: i32): i32 {
  next(); // opcode
  let flags = 0, aux = 0;
  if (op == Op.GetElementPtr) {
    let inrangeLo: i64 = 0, inrangeHi: i64 = 0, hasInrange = false;
    while (tok == T.Word) {
      if (tokStr == K.KW_inbounds) flags |= F_INBOUNDS;
      else if (tokStr == K.KW_nusw) flags |= F_GEP_NUSW;
      else if (tokStr == K.KW_nuw) flags |= F_GEP_NUW;
      else if (tokStr == K.KW_inrange) {
        next();
        if (!expect(T.LParen, "'('")) return -1;
        if (tok != T.Int) return errorI("expected integer"); inrangeLo = tokNum; next();
        if (!expect(T.Comma, "','")) return -1;
        if (tok != T.Int) return errorI("expected integer"); inrangeHi = tokNum; next();
        if (tok != T.RParen) return errorI("expected ')'");
        hasInrange = true;
      } else break;
      next();
    }
    if (!expect(T.LParen, "'(' in constantexpr")) return -1;
    let src = parseType(); if (src < 0) return -1;
    if (!expect(T.Comma, "',' after getelementptr's type")) return -1;
    let base = stack.len;
    let ptr = parseTypeAndValue(); if (ptr < 0) return -1;
    stack.push(ptr);
    let anyNonZero = false;
    while (eat(T.Comma)) {
      let inr = false;
      if (isWord(K.KW_inrange)) { next(); inr = true; } // old inrange-on-index syntax
      let idx = parseTypeAndValue(); if (idx < 0) { stack.len = base; return -1; }
      if (!isNullValue(idx)) anyNonZero = true;
      stack.push(idx);
    }
    if (!expect(T.RParen, "')' in constantexpr")) { stack.len = base; return -1; }
    if (flags & F_INBOUNDS) flags |= F_GEP_NUSW;
    let wBase = exprWords.len;
    gepExprWords(src, hasInrange, inrangeLo, inrangeHi, exprWords);
    if (hasInrange) aux = 1;
    let resTy = vType.get(ptr);
    for (let i = base + 1; i < stack.len; i++) if (isVector(vType.get(stack.get(i))) && !isVector(resTy)) resTy = vectorLike(resTy, vType.get(stack.get(i)));
    if (type >= 0 && resTy != type) { stack.len = base; exprWords.len = wBase; return errorI("constant expression type mismatch"); }
    // LLVM folds a GEP whose indices are all zero to its base pointer.
    let v: i32;
    if (!anyNonZero && !hasInrange && !isVector(resTy) && vType.get(ptr) == resTy) v = ptr;
    else v = getExpr(op, resTy, flags, aux, exprWords, wBase, exprWords.len - wBase, stack, base, stack.len - base);
    stack.len = base; exprWords.len = wBase;
    return v;
  }
  if (isCast(op)) {
    if (!expect(T.LParen, "'(' after constantexpr cast")) return -1;
    let v = parseTypeAndValue(); if (v < 0) return -1;
    if (!expectWord(K.KW_to, "'to' in constantexpr cast")) return -1;
    let dst = parseType(); if (dst < 0) return -1;
    if (!expect(T.RParen, "')' at end of constantexpr cast")) return -1;
    if (type >= 0 && dst != type) return errorI("constant expression type mismatch");
    return foldCast(op, v, dst);
  }
  if (isBinary(op) || op == Op.FNeg) {
    while (tok == T.Word && (tokStr == K.KW_nuw || tokStr == K.KW_nsw || tokStr == K.KW_exact || tokStr == K.KW_disjoint)) {
      if (tokStr == K.KW_nuw) flags |= F_NUW; else if (tokStr == K.KW_nsw) flags |= F_NSW;
      else if (tokStr == K.KW_exact) flags |= F_EXACT; else flags |= F_DISJOINT;
      next();
    }
  }
  if (op == Op.ICmp || op == Op.FCmp) {
    aux = parseCmpPredicate(op == Op.FCmp);
    if (aux < 0) return -1;
  }
  if (!expect(T.LParen, "'(' in constantexpr")) return -1;
  let base = stack.len;
  while (true) {
    let v = parseTypeAndValue(); if (v < 0) { stack.len = base; return -1; }
    stack.push(v);
    if (!eat(T.Comma)) break;
  }
  if (!expect(T.RParen, "')' in constantexpr")) { stack.len = base; return -1; }
  let n = stack.len - base;
  let resTy = vType.get(stack.get(base));
  if (op == Op.ICmp || op == Op.FCmp) resTy = withScalar(resTy, T_I1);
  else if (op == Op.ExtractElement) resTy = tyA.get(resTy);
  else if (op == Op.Select) resTy = vType.get(stack.get(base + 1));
  else if (op == Op.ShuffleVector) {
    if (n != 3) { stack.len = base; return errorI("expected three operands to shufflevector"); }
    resTy = vectorType(tyA.get(vType.get(stack.get(base))), tyN.get(vType.get(stack.get(base + 2))), <i32>tyKind.get(vType.get(stack.get(base + 2))) == TK.ScalableVector);
  }
  if (type >= 0 && resTy != type) { stack.len = base; return errorI("constant expression type mismatch"); }
  let v = getExpr(op, resTy, flags, aux, exprWords, 0, 0, stack, base, n);
  stack.len = base;
  return v;
}
function vectorLike(t: i32, vt: i32): i32 { return vectorType(t, tyN.get(vt), <i32>tyKind.get(vt) == TK.ScalableVector); }

export function parseCmpPredicate(isFloat: bool): i32 {
  if (tok != T.Word) return errorI("expected " + (isFloat ? "fcmp" : "icmp") + " predicate (e.g. 'oeq')");
  let w = tokStr;
  let names = isFloat ? FCMP : ICMP;
  for (let i = 0; i < names.length; i++) if (strtab.eqStr(w, names[i])) { next(); return isFloat ? i : 32 + i; }
  return errorI("expected " + (isFloat ? "fcmp" : "icmp") + " predicate (e.g. 'oeq')");
}
import { ICMP_NAMES as ICMP, FCMP_NAMES as FCMP } from "../ir/opcodes";

// Cast folding LLVM's constant folder always does: no-op casts, casts of null/zero/undef/poison.
export function foldCast(op: i32, v: i32, dst: i32): i32 {
  let src = vType.get(v);
  let k = <i32>vKind.get(v);
  if (op == Op.BitCast && src == dst) return v;
  if (k == VK.ConstPoison) return getPoison(dst);
  if (isNullValue(v) && (op == Op.BitCast || op == Op.PtrToInt || op == Op.IntToPtr || op == Op.ZExt || op == Op.SExt || op == Op.Trunc)) {
    if (op == Op.BitCast && !(isPtr(dst) == isPtr(src))) {} else
    return isPtr(scalarType(dst)) && !isVector(dst) ? getNull(dst) : getZero(dst);
  }
  let base = stack.len; stack.push(v);
  let c = getExpr(op, dst, 0, 0, exprWords, 0, 0, stack, base, 1);
  stack.len = base;
  return c;
}
export { failed };

import { gFirstBlock, gFirstArg, gNumArgs } from "../ir/globals";
import { iNext } from "../ir/values";
const T_VOID_ID: i32 = 0;
// A block of an already parsed function, by name or by its number in the function's numbering.
function findBlock(g: i32, name: i32, num: i32): i32 {
  let n = 0;
  for (let i = 0; gNumArgs.get(g) > i; i++) if (vName.get(gFirstArg.get(g) + i) < 0) n++;
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    if (name >= 0) { if (vName.get(b) == name) return b; }
    else if (vName.get(b) < 0) { if (n == num) return b; n++; }
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) if (vName.get(i) < 0 && vType.get(i) != T_VOID_ID) n++;
  }
  return -1;
}

function hexOf(c: i32): i32 { return c <= 57 ? c - 48 : (c | 32) - 87; }
