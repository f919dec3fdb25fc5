// Integer constants (any width) and aggregate constants: arrays, byte strings, structs, vectors.
import { rd } from "./reader";
import { zext64 } from "../util/bits";
import { I32Vec, U8Vec } from "../util/vec";
import { lx, T, next } from "./lexer";
import { strtab } from "../ir/module";
import { errorI, eat, expect } from "./pstate";
import { parseType } from "./parse-types";
import {
  TK, tyKind, tyA, tyN, T_I8, isInt, intWidth, isFP, isVector, isStruct, listLen, listAt, scalarType,
} from "../ir/types";
import { VK, vKind, vType } from "../ir/values";
import { getInt, getIntWords, getAggregate, intLow64 } from "../ir/constants";
import { typeToString } from "./printer-types";
import { parseValue } from "./parse-values";
import { canonicalData } from "../ir/const-fold";
import { parseFPFromInt } from "./parse-fp";

export function parseIntConst(type: i32): i32 {
  let st = scalarType(type);
  if (!isInt(st)) {
    if (isFP(st)) return parseFPFromInt(type);
    return errorI("integer constant must have integer type");
  }
  let width = intWidth(st);
  let c: i32;
  if (!lx.tokBig && width <= 64) { c = getInt(st, lx.tokNum); next(); }
  else {
    // Arbitrary precision: decimal (or s0x/u0x hex) digits into 32-bit words, truncated to the width.
    if (!readBigInt(width)) return -1;
    c = getIntWords(st, rd.words, 0, rd.words.len);
    next();
  }
  return isVector(type) ? errorI("expected vector constant") : c;
}

// Reads the current Int token's digits into `words` (two's complement, width bits).
function readBigInt(width: i32): bool {
  let n = (width + 31) >> 5;
  rd.words.clear(); rd.words.resize(n, 0);
  let p = lx.src + <usize>lx.tokStart, e = lx.src + <usize>lx.tokEnd;
  let c0 = <i32>load<u8>(p);
  if ((c0 == 117 || c0 == 115) && load<u8>(p + 1) == 48) { // u0x / s0x hex
    let q = p + 3;
    let nd = <i32>(e - q);
    let signedHex = c0 == 115 && nd > 0 && nd * 4 < width && (hexOf(load<u8>(q)) & 8) != 0;
    for (let i = 0; i < nd; i++) {
      let c = <i32>load<u8>(e - 1 - <usize>i);
      let d = c <= 57 ? c - 48 : (c | 32) - 87;
      let wi = i >> 3;
      if (wi < n) rd.words.set(wi, rd.words.get(wi) | (d << ((i & 7) * 4)));
    }
    if (signedHex) { // sign-extend from nd*4 bits
      for (let b = nd * 4; b < n * 32; b++) rd.words.set(b >> 5, rd.words.get(b >> 5) | (1 << (b & 31)));
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
      let x = zext64(rd.words.get(i)) * 10 + carry;
      rd.words.set(i, <i32>(x & 0xffffffff)); carry = x >>> 32;
    }
  }
  if (neg) { // two's complement
    let carry: u64 = 1;
    for (let i = 0; i < n; i++) {
      let x = zext64(~rd.words.get(i)) + carry;
      rd.words.set(i, <i32>(x & 0xffffffff)); carry = x >>> 32;
    }
  }
  maskTop(width);
  return true;
}
function maskTop(width: i32): void {
  let top = width & 31;
  if (top != 0) rd.words.set(rd.words.len - 1, rd.words.get(rd.words.len - 1) & ((1 << top) - 1));
}


export function parseArrayConst(type: i32): i32 {
  next(); // '['
  let k = <i32>tyKind.get(type);
  if (k != TK.Array) return errorI("invalid type for array constant");
  let elt = tyA.get(type);
  let base = rd.stack.len;
  if (lx.tok != T.RSquare) {
    while (true) {
      let t = parseType(); if (t < 0) { rd.stack.len = base; return -1; }
      if (t != elt) { rd.stack.len = base; return errorI("array element #" + (rd.stack.len - base).toString() + " is not of type '" + typeToString(elt) + "'"); }
      let v = parseValue(t); if (v < 0) { rd.stack.len = base; return -1; }
      rd.stack.push(v);
      if (!eat(T.Comma)) break;
    }
  }
  if (!expect(T.RSquare, "']' at end of array constant")) { rd.stack.len = base; return -1; }
  let n = rd.stack.len - base;
  if (<i64>n != tyN.get(type)) { rd.stack.len = base; return errorI("constant expression type mismatch: got type '[" + n.toString() + " x " + typeToString(elt) + "]' but expected '" + typeToString(type) + "'"); }
  let v: i32;
  if (elt == T_I8 && n > 0 && allInts(base, n)) v = bytesConst(type, base, n);
  else v = getAggregate(VK.ConstArray, type, rd.stack, base, n);
  rd.stack.len = base;
  return v;
}
function allInts(base: i32, n: i32): bool {
  for (let i = 0; i < n; i++) if (<i32>vKind.get(rd.stack.get(base + i)) != VK.ConstInt) return false;
  return true;
}
function bytesConst(type: i32, base: i32, n: i32): i32 {
  rd.bytes.clear();
  for (let i = 0; i < n; i++) rd.bytes.push(<u8>intLow64(rd.stack.get(base + i)));
  return canonicalData(type, strtab.intern(rd.bytes.ptr, rd.bytes.len));
}

export function parseStructConst(type: i32, packed: bool): i32 {
  next(); // '{'
  let base = rd.stack.len;
  if (lx.tok != T.RBrace) {
    while (true) {
      let t = parseType(); if (t < 0) { rd.stack.len = base; return -1; }
      let v = parseValue(t); if (v < 0) { rd.stack.len = base; return -1; }
      rd.stack.push(v);
      if (!eat(T.Comma)) break;
    }
  }
  if (!expect(T.RBrace, "'}' at end of struct constant")) { rd.stack.len = base; return -1; }
  let n = rd.stack.len - base;
  if (!isStruct(type) || listLen(type) != n) { rd.stack.len = base; return errorI("constant expression type mismatch: struct constant does not match type '" + typeToString(type) + "'"); }
  for (let i = 0; i < n; i++) {
    if (vType.get(rd.stack.get(base + i)) != listAt(type, i)) { rd.stack.len = base; return errorI("element " + i.toString() + " of struct initializer doesn't match struct element type"); }
  }
  let v = getAggregate(VK.ConstStruct, type, rd.stack, base, n);
  rd.stack.len = base;
  return v;
}

export function parseVectorConst(type: i32): i32 {
  // current token is after '<'
  let base = rd.stack.len;
  if (lx.tok != T.Greater) {
    while (true) {
      let t = parseType(); if (t < 0) { rd.stack.len = base; return -1; }
      let v = parseValue(t); if (v < 0) { rd.stack.len = base; return -1; }
      rd.stack.push(v);
      if (!eat(T.Comma)) break;
    }
  }
  if (!expect(T.Greater, "'>' at end of vector constant")) { rd.stack.len = base; return -1; }
  let n = rd.stack.len - base;
  if (!isVector(type) || <i64>n != tyN.get(type)) { rd.stack.len = base; return errorI("constant expression type mismatch: vector constant does not match type '" + typeToString(type) + "'"); }
  let elt = tyA.get(type);
  for (let i = 0; i < n; i++) if (vType.get(rd.stack.get(base + i)) != elt) { rd.stack.len = base; return errorI("vector element #" + i.toString() + " is not of type '" + typeToString(elt) + "'"); }
  let v = getAggregate(VK.ConstVector, type, rd.stack, base, n);
  rd.stack.len = base;
  return v;
}


function hexOf(c: i32): i32 { return c <= 57 ? c - 48 : (c | 32) - 87; }
