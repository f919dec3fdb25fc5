// Values: a typed value by its first token (local and global references, constants, constant
// expressions, inline asm, metadata as a value), as LLParser::parseValID; with integer and
// aggregate constants (arrays, byte strings, structs, vectors) and constant expressions (the
// opcodes the target version still reads; casts fold as in the bitcode reader, ir/const-fold.ts)
// and compare predicates, which hold values in turn. The symbol tables are in parse-symbols.ts,
// floating point in parse-fp.ts, block addresses in parse-blockaddr.ts; metadata (parse-meta.ts,
// above this file) is reached through the reader (rd.parseMetadataOperand).
import * as K from "./keywords";
import { rd, fnScope } from "./reader";
import { lx, T, next } from "./lexer";
import { strtab } from "../ir/module";
import { error, errorI, eat, expect, isWord, enter, leave, checkVersion, errorAt, expectWord } from "./pstate";
import { parseType } from "./parse-types";
import {
  TK, tyKind, tyA, tyN, T_I1, T_I8, T_I32, T_I64, T_LABEL, T_METADATA, T_TOKEN, T_PTR, isVector, vectorType,
  scalarType, isInt, intWidth, isFP, isStruct, listLen, listAt, isPtr, withScalar,
} from "../ir/types";
import { VK, vType, vKind } from "../ir/values";
import { canonicalData, foldCast } from "../ir/const-fold";
import {
  getNull, getUndef, getPoison, getZero, getInt, getAggregate, getExpr, getWithOperands, getInlineAsm, getMDValue,
  getBool, getSimple, getIntWords, intLow64, isNullValue, gepExprWords,
} from "../ir/constants";
import {
  Op, OP_NAMES, opcodeSince, F_NUW, F_NSW, F_EXACT, F_INBOUNDS, F_GEP_NUSW, F_GEP_NUW, F_DISJOINT, isCast, isBinary,
  ICMP_NAMES as ICMP, FCMP_NAMES as FCMP,
} from "../ir/opcodes";
import { typeToString } from "./printer-types";
import { globalRef, localRef } from "./parse-symbols";
import { parseBlockAddress } from "./parse-blockaddr";
import { parseFPConst, parseFPFromInt } from "./parse-fp";
import { zext64 } from "../util/bits";
import { gepIndicesValid, gepWidthOf, gepWidthWith, scalableNow, sizedNow } from "./parse-gep";
import { instOpcode } from "./parse-inst-common";
import { has, Feature, llvmVersion } from "../ir/version";

export function parseTypeAndValue(): i32 {
  let t = parseType();
  if (t < 0) return -1;
  return parseValue(t);
}

// A basic block reference: `label %bb`.
export function parseBlockRef(): i32 {
  if (!isWord(K.KW_label)) return errorI("expected 'label' here");
  next();
  if (lx.tok == T.LocalVar) { let v = localRef(lx.tokStr, 0, T_LABEL); next(); return v; }
  if (lx.tok == T.LocalID) { let v = localRef(-1, lx.tokNum, T_LABEL); next(); return v; }
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
    let md = rd.parseMetadataOperand();
    if (rd.failed) return -1;
    return getMDValue(md);
  }
  let k = type >= 0 ? <i32>tyKind.get(type) : -1;
  if (type < 0) { // type implied by the expression (aliasees)
    if (lx.tok == T.Word && opcodeOf(lx.tokStr) != Op.None) return checkConstExpr(opcodeOf(lx.tokStr)) ? parseConstExpr(opcodeOf(lx.tokStr), -1) : -1;
    return errorI("expected type");
  }
  switch (lx.tok) {
    case T.LocalVar: case T.LocalID: {
      if (!fnScope.inFunction) return errorI("invalid use of function-local name");
      if (k == TK.Void) return errorI("invalid use of void type");
      let v = lx.tok == T.LocalVar ? localRef(lx.tokStr, 0, type) : localRef(-1, lx.tokNum, type);
      next(); return v;
    }
    case T.GlobalVar: case T.GlobalID: {
      let v = lx.tok == T.GlobalVar ? globalRef(lx.tokStr, 0, type) : globalRef(-1, lx.tokNum, type);
      next(); return v;
    }
    case T.Int: return parseIntConst(type);
    case T.Float: return parseFPConst(type);
    case T.LSquare: return parseArrayConst(type);
    case T.LBrace: return parseStructConst(type, false);
    case T.Less: {
      next();
      if (lx.tok == T.LBrace) { let v = parseStructConst(type, true); if (v < 0) return -1; if (!expect(T.Greater, "'>' at end of packed struct")) return -1; return v; }
      return parseVectorConst(type);
    }
    case T.Exclaim: case T.MetadataID: case T.MetadataVar: {
      if (type != T_METADATA) return errorI("expected value token");
      let md = rd.parseMetadataOperand();
      if (md < 0 && rd.failed) return -1;
      return getMDValue(md);
    }
    case T.Word: return parseWordValue(type);
    default: break;
  }
  if (type == T_METADATA) {
    // `metadata i32 %x` / `metadata ptr @g` in call arguments: a value wrapped as metadata.
    let md = rd.parseMetadataOperand();
    if (md < 0) return -1;
    return getMDValue(md);
  }
  return errorI("expected value token");
}

function parseWordValue(type: i32): i32 {
  let w = lx.tokStr;
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
    if (lx.tok != T.String) return errorI("expected string");
    let s = lx.tokStr; next();
    if (k != TK.Array || tyA.get(type) != T_I8) return errorI("constant expression type mismatch");
    if (tyN.get(type) != <i64>strtab.lenOf(s)) return errorI("constant expression type mismatch: got type '[" + strtab.lenOf(s).toString() + " x i8]' but expected '" + typeToString(type) + "'");
    return canonicalData(type, s);
  }
  if (w == K.KW_blockaddress) return parseBlockAddress(type);
  if (w == K.KW_dso_local_equivalent || w == K.KW_no_cfi) {
    let kind = w == K.KW_no_cfi ? VK.NoCFI : VK.DSOLocalEquiv;
    next();
    if (lx.tok != T.GlobalVar && lx.tok != T.GlobalID) return errorI("expected global value name in " + (kind == VK.NoCFI ? "no_cfi" : "dso_local_equivalent"));
    let g = lx.tok == T.GlobalVar ? globalRef(lx.tokStr, 0, T_PTR) : globalRef(-1, lx.tokNum, T_PTR);
    if (g < 0) return -1;
    next();
    let base = rd.stack.len; rd.stack.push(g);
    let v = getWithOperands(kind, type, rd.stack, base, 1);
    rd.stack.len = base; return v;
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

function getSimple_none(type: i32): i32 { return getSimple(VK.ConstNone, type); }

function splat(type: i32, elt: i32): i32 {
  let n = <i32>tyN.get(type);
  if (<i32>tyKind.get(type) == TK.ScalableVector) {
    // LLVM spells a scalable splat as shufflevector(insertelement(poison, x, i64 0), poison, zeroinitializer)
    let base = rd.stack.len;
    rd.stack.push(getPoison(type)); rd.stack.push(elt); rd.stack.push(getInt(T_I64, 0));
    let ins = getExpr(Op.InsertElement, type, 0, 0, rd.stack2, 0, 0, rd.stack, base, 3);
    rd.stack.len = base;
    rd.stack.push(ins); rd.stack.push(getPoison(type));
    rd.stack.push(getZero(vectorType(T_I32, tyN.get(type), true)));
    let v = getExpr(Op.ShuffleVector, type, 0, 0, rd.stack2, 0, 0, rd.stack, base, 3);
    rd.stack.len = base; return v;
  }
  let base = rd.stack.len;
  for (let i = 0; i < n; i++) rd.stack.push(elt);
  let v = getAggregate(VK.ConstVector, type, rd.stack, base, n);
  rd.stack.len = base;
  return v;
}


function parsePtrAuth(type: i32): i32 {
  next();
  if (!expect(T.LParen, "'(' in ptrauth")) return -1;
  let base = rd.stack.len;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  rd.stack.push(p);
  while (eat(T.Comma)) {
    let v = parseTypeAndValue(); if (v < 0) { rd.stack.len = base; return -1; }
    rd.stack.push(v);
  }
  if (!expect(T.RParen, "')' in ptrauth")) { rd.stack.len = base; return -1; }
  let v = getWithOperands(VK.PtrAuth, type, rd.stack, base, rd.stack.len - base);
  rd.stack.len = base;
  return v;
}

function parseInlineAsm(type: i32): i32 {
  next(); // asm
  let flags = 0;
  while (lx.tok == T.Word) {
    if (lx.tokStr == K.KW_sideeffect) flags |= 1;
    else if (lx.tokStr == K.KW_alignstack) flags |= 2;
    else if (lx.tokStr == K.KW_inteldialect) flags |= 4;
    else if (lx.tokStr == K.KW_unwind) flags |= 8;
    else break;
    next();
  }
  if (lx.tok != T.String) return errorI("expected string constant for inline asm");
  let a = lx.tokStr; next();
  if (!expect(T.Comma, "comma in inline asm expression")) return -1;
  if (lx.tok != T.String) return errorI("expected constraint string");
  let c = lx.tokStr; next();
  return getInlineAsm(type, a, c, flags);
}

// ---- integer and aggregate constants ----

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

// ---- constant expressions and compare predicates ----

// The instruction words LLVM reads as the start of a constant expression: those the version still
// has as constant expressions, and those it answers with "no longer supported".
export function opcodeOf(w: i32): i32 {
  let op = instOpcode(w);
  if (op == Op.GetElementPtr || isCast(op) || isBinary(op) || op == Op.FNeg || op == Op.ICmp || op == Op.FCmp ||
    op == Op.Select || op == Op.ExtractElement || op == Op.InsertElement || op == Op.ShuffleVector) return op;
  return Op.None;
}
export function constExprSupported(op: i32): bool {
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
// gives the space back when done (like `stack`); never clear() it. (Reader.exprWords)

export function parseConstExpr(op: i32, type: i32): i32 {
  let opLoc = lx.tokStart;
  next(); // opcode
  let flags = 0, aux = 0;
  if (op == Op.GetElementPtr) {
    let inrangeLo: i64 = 0, inrangeHi: i64 = 0, hasInrange = false;
    while (lx.tok == T.Word) {
      if (lx.tokStr == K.KW_inbounds) flags |= F_INBOUNDS;
      else if (lx.tokStr == K.KW_nusw) flags |= F_GEP_NUSW;
      else if (lx.tokStr == K.KW_nuw) flags |= F_GEP_NUW;
      else if (lx.tokStr == K.KW_inrange) {
        next();
        if (!expect(T.LParen, "'('")) return -1;
        if (lx.tok != T.Int) return errorI("expected integer"); inrangeLo = lx.tokNum; next();
        if (!expect(T.Comma, "','")) return -1;
        if (lx.tok != T.Int) return errorI("expected integer"); inrangeHi = lx.tokNum; next();
        if (lx.tok != T.RParen) return errorI("expected ')'");
        hasInrange = true;
      } else break;
      next();
    }
    if (!expect(T.LParen, "'(' in constantexpr")) return -1;
    let src = parseType(); if (src < 0) return -1;
    if (!expect(T.Comma, "',' after getelementptr's type")) return -1;
    let base = rd.stack.len;
    let ptr = parseTypeAndValue(); if (ptr < 0) return -1;
    rd.stack.push(ptr);
    let anyNonZero = false;
    while (eat(T.Comma)) {
      let inr = false;
      if (isWord(K.KW_inrange)) { next(); inr = true; } // old inrange-on-index syntax
      let idx = parseTypeAndValue(); if (idx < 0) { rd.stack.len = base; return -1; }
      if (!isNullValue(idx)) anyNonZero = true;
      rd.stack.push(idx);
    }
    if (!expect(T.RParen, "')' in constantexpr")) { rd.stack.len = base; return -1; }
    let gepErr = gepExprError(src, base, hasInrange && inrangeLo >= inrangeHi);
    if (gepErr.length > 0) { rd.stack.len = base; errorAt(gepErr, opLoc); return -1; }
    if (flags & F_INBOUNDS) flags |= F_GEP_NUSW;
    let wBase = rd.exprWords.len;
    gepExprWords(src, hasInrange, inrangeLo, inrangeHi, rd.exprWords);
    if (hasInrange) aux = 1;
    let resTy = vType.get(ptr);
    for (let i = base + 1; i < rd.stack.len; i++) if (isVector(vType.get(rd.stack.get(i))) && !isVector(resTy)) resTy = vectorLike(resTy, vType.get(rd.stack.get(i)));
    if (type >= 0 && resTy != type) { rd.stack.len = base; rd.exprWords.len = wBase; return errorI("constant expression type mismatch"); }
    // LLVM folds a GEP whose indices are all zero to its base pointer.
    let v: i32;
    if (!anyNonZero && !hasInrange && !isVector(resTy) && vType.get(ptr) == resTy) v = ptr;
    else v = getExpr(op, resTy, flags, aux, rd.exprWords, wBase, rd.exprWords.len - wBase, rd.stack, base, rd.stack.len - base);
    rd.stack.len = base; rd.exprWords.len = wBase;
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
    while (lx.tok == T.Word && (lx.tokStr == K.KW_nuw || lx.tokStr == K.KW_nsw || lx.tokStr == K.KW_exact || lx.tokStr == K.KW_disjoint)) {
      if (lx.tokStr == K.KW_nuw) flags |= F_NUW; else if (lx.tokStr == K.KW_nsw) flags |= F_NSW;
      else if (lx.tokStr == K.KW_exact) flags |= F_EXACT; else flags |= F_DISJOINT;
      next();
    }
  }
  if (op == Op.ICmp || op == Op.FCmp) {
    aux = parseCmpPredicate(op == Op.FCmp);
    if (aux < 0) return -1;
  }
  if (!expect(T.LParen, "'(' in constantexpr")) return -1;
  let base = rd.stack.len;
  while (true) {
    let v = parseTypeAndValue(); if (v < 0) { rd.stack.len = base; return -1; }
    rd.stack.push(v);
    if (!eat(T.Comma)) break;
  }
  if (!expect(T.RParen, "')' in constantexpr")) { rd.stack.len = base; return -1; }
  let n = rd.stack.len - base;
  let resTy = vType.get(rd.stack.get(base));
  if (op == Op.ICmp || op == Op.FCmp) resTy = withScalar(resTy, T_I1);
  else if (op == Op.ExtractElement) resTy = tyA.get(resTy);
  else if (op == Op.Select) resTy = vType.get(rd.stack.get(base + 1));
  else if (op == Op.ShuffleVector) {
    if (n != 3) { rd.stack.len = base; return errorI("expected three operands to shufflevector"); }
    resTy = vectorType(tyA.get(vType.get(rd.stack.get(base))), tyN.get(vType.get(rd.stack.get(base + 2))), <i32>tyKind.get(vType.get(rd.stack.get(base + 2))) == TK.ScalableVector);
  }
  if (type >= 0 && resTy != type) { rd.stack.len = base; return errorI("constant expression type mismatch"); }
  let v = getExpr(op, resTy, flags, aux, rd.exprWords, 0, 0, rd.stack, base, n);
  rd.stack.len = base;
  return v;
}
// LLParser's checks of a getelementptr constant expression (base and indices at stack[base..]),
// in its order; "" when it is well formed.
function gepExprError(src: i32, base: i32, emptyInRange: bool): string {
  if (rd.stack.len == base || !isPtr(scalarType(vType.get(rd.stack.get(base))))) return "base of getelementptr must be a pointer";
  if (emptyInRange) return "expected end to be larger than start";
  let width = gepWidthOf(vType.get(rd.stack.get(base)));
  for (let i = base + 1; i < rd.stack.len; i++) {
    let t = vType.get(rd.stack.get(i));
    if (!isInt(scalarType(t))) return "getelementptr index must be an integer";
    width = gepWidthWith(width, t);
    if (width < 0) return "getelementptr vector index has a wrong number of elements";
  }
  if (rd.stack.len > base + 1 && !sizedNow(src)) return "base element of getelementptr must be sized";
  // (LLVM 19 lets a scalable source element type through)
  if (llvmVersion >= 22 && scalableNow(src)) return "invalid base element for constant getelementptr";
  if (!gepIndicesValid(src, rd.stack, base, rd.stack.len)) return "invalid getelementptr indices";
  return "";
}
function vectorLike(t: i32, vt: i32): i32 { return vectorType(t, tyN.get(vt), <i32>tyKind.get(vt) == TK.ScalableVector); }

export function parseCmpPredicate(isFloat: bool): i32 {
  if (lx.tok == T.Word) {
    let w = lx.tokStr;
    let names = isFloat ? FCMP : ICMP;
    for (let i = 0; i < names.length; i++) if (strtab.eqStr(w, names[i])) { next(); return isFloat ? i : 32 + i; }
  }
  return errorI(isFloat ? "expected fcmp predicate (e.g. 'oeq')" : "expected icmp predicate (e.g. 'eq')");
}
