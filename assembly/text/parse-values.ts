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
import { llvmVersion } from "../ir/version";
import { error, errorI, eat, eatWord, expect, isWord, enter, leave, checkVersion, errorAt, errorAtI, expectWord } from "./pstate";
import { parseType } from "./parse-types";
import {
  TK, tyKind, tyA, tyN, T_I1, T_I8, T_I32, T_I64, T_LABEL, T_METADATA, T_TOKEN, T_PTR, isVector, vectorType,
  scalarType, isInt, intWidth, isFP, isStruct, listLen, listAt, isPtr, withScalar, tyFlags, TF_PACKED,
  isFirstClass, isAggregate, primitiveSizeInBits,
} from "../ir/types";
import { VK, vType, vKind, vA } from "../ir/values";
import { gValueType } from "../ir/globals";
import { canonicalData, foldCast } from "../ir/const-fold";
import {
  getNull, getUndef, getPoison, getZero, getInt, getAggregate, getExpr, getWithOperands, getInlineAsm, getMDValue,
  getBool, getSimple, getIntWords, intLow64, isNullValue, gepExprWords, intSExt64, operand,
} from "../ir/constants";
import {
  Op, OP_NAMES, opcodeSince, F_NUW, F_NSW, F_EXACT, F_INBOUNDS, F_GEP_NUSW, F_GEP_NUW, F_DISJOINT, isCast, isBinary,
  ICMP_NAMES as ICMP, FCMP_NAMES as FCMP,
} from "../ir/opcodes";
import { typeToString } from "./printer-types";
import { targetExtHas, EXT_ZERO_INIT } from "../ir/datalayout";
import { globalRef, localRef, dsoEquivTarget } from "./parse-symbols";
import { parseBlockAddress } from "./parse-blockaddr";
import { Sym, noteUse, noteLocalUse } from "./symbol-index";
import { parseFPConst, parseFPFromInt } from "./parse-fp";
import { zext64 } from "../util/bits";
import { castValid, constExprSupported } from "../ir/op-rules";
import { gepIndicesValid, gepWidthOf, gepWidthWith, scalableNow, sizedNow } from "./parse-gep";
import { instOpcode } from "./parse-inst-common";
import { has, Feature, llvmVersion } from "../ir/version";

// (LLParser::parseTypeAndValue: the type never void)
export function parseTypeAndValue(): i32 {
  let t = parseType(false);
  if (t < 0) return -1;
  return parseValue(t);
}

// A basic block reference: `label %bb`.
export function parseBlockRef(): i32 {
  let loc = lx.tokStart;
  if (!isWord(K.KW_label)) {
    // (LLParser::parseTypeAndBasicBlock: any typed value is read, then refused as no block)
    let w = parseTypeAndValue(); if (w < 0) return -1;
    return <i32>vKind.get(w) == VK.Block ? w : errorAtI("expected a basic block", loc);
  }
  let v = parseLabelValue(); if (v < 0) return -1;
  // a value of type label that is no block: an argument (LLVM 19 still took label arguments)
  return isBlockRef(v) ? v : errorAtI("expected a basic block", loc);
}
// `label <value>`: LLParser's complaint about the value, else the value (a block or not).
export function parseLabelValue(): i32 {
  if (!isWord(K.KW_label)) return errorI("expected 'label' here");
  next();
  if (lx.tok == T.LocalVar) { noteLocalUse(); let v = localRef(lx.tokStr, 0, T_LABEL); next(); return v; }
  if (lx.tok == T.LocalID) { noteLocalUse(); let v = localRef(-1, lx.tokNum, T_LABEL); next(); return v; }
  return parseValue(T_LABEL);
}
// A block, or a forward reference that only a block can define.
export function isBlockRef(v: i32): bool {
  let k = <i32>vKind.get(v);
  return k == VK.Block || k == VK.Forward;
}

// A typed value inside a constant (an aggregate's element, a constant expression's operand), which
// LLParser reads without the function's locals (parseGlobalTypeAndValue).
export function parseGlobalTypeAndValue(): i32 {
  let save = rd.noLocals;
  rd.noLocals = true;
  let v = parseTypeAndValue();
  rd.noLocals = save;
  return v;
}

// LLParser::convertValIDToValue's first check, and its message for a constant of another type.
const NOT_VALUES = "functions are not values, refer to them as pointers";
@inline function isFnType(t: i32): bool { return <i32>tyKind.get(t) == TK.Function; }
function mismatch(got: i32, want: i32, loc: i32): i32 {
  return errorAtI("constant expression type mismatch: got type '" + typeToString(got) + "' but expected '" + typeToString(want) + "'", loc);
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
    // LLParser::parseMetadata: `null` is a node operand only, never a value's metadata
    if (lx.tok == T.Word && lx.tokStr == K.KW_null) return errorI("expected metadata operand");
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
      if (!fnScope.inFunction || rd.noLocals || k == TK.Void || k == TK.Function) {
        if (k == TK.Function) return errorI(NOT_VALUES);
        if (k == TK.Void && fnScope.inFunction && !rd.noLocals) return errorI("invalid use of void type");
        return errorI("invalid use of function-local name");
      }
      noteLocalUse();
      let v = lx.tok == T.LocalVar ? localRef(lx.tokStr, 0, type) : localRef(-1, lx.tokNum, type);
      next(); return v;
    }
    case T.GlobalVar: case T.GlobalID: {
      noteUse(Sym.Global);
      let v = lx.tok == T.GlobalVar ? globalRef(lx.tokStr, 0, type) : globalRef(-1, lx.tokNum, type);
      next(); return v;
    }
    case T.Int: return parseIntConst(type);
    case T.Float: return k == TK.Function ? errorI(NOT_VALUES) : parseFPConst(type);
    case T.LSquare: return parseArrayConst(type);
    case T.LBrace: return parseStructConst(type, false);
    case T.Less: {
      let loc = lx.tokStart;
      next();
      if (lx.tok == T.LBrace) return parseStructConst(type, true, loc);
      return parseVectorConst(type, loc);
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
  let loc = lx.tokStart;
  // (the single-word constants: their errors are at the word, before it is consumed)
  if (w == K.KW_true || w == K.KW_false) {
    if (type != T_I1) return k == TK.Function ? errorI(NOT_VALUES) : mismatch(T_I1, type, loc);
    next();
    return getBool(w == K.KW_true);
  }
  if (w == K.KW_null) {
    if (k != TK.Ptr) return errorI(k == TK.Function ? NOT_VALUES : "null must be a pointer type");
    next();
    return getNull(type);
  }
  if (w == K.KW_undef || w == K.KW_poison) {
    if (k == TK.Label || k == TK.Function || !isFirstClass(type)) return errorI(k == TK.Function ? NOT_VALUES : w == K.KW_undef ? "invalid type for undef constant" : "invalid type for poison constant");
    next();
    return w == K.KW_undef ? getUndef(type) : getPoison(type);
  }
  if (w == K.KW_zeroinitializer) {
    if (k == TK.Label || k == TK.Function || k == TK.Metadata || !isFirstClass(type)) return errorI(k == TK.Function ? NOT_VALUES : "invalid type for null constant");
    // a target extension type has a zero value only when LLVM gives it one
    if (k == TK.TargetExt && !targetExtHas(type, EXT_ZERO_INIT)) return errorI("invalid type for null constant");
    next();
    return getZero(type);
  }
  if (w == K.KW_none) { if (type != T_TOKEN) return errorI(k == TK.Function ? NOT_VALUES : "invalid type for none constant"); next(); return getSimple_none(type); }
  if (w == K.KW_c) { // c"bytes"
    next();
    if (lx.tok != T.String) return errorI("expected string");
    let s = lx.tokStr; next();
    if (k != TK.Array || tyA.get(type) != T_I8 || tyN.get(type) != <i64>strtab.lenOf(s)) {
      if (k == TK.Function) return errorAtI(NOT_VALUES, loc);
      return errorAtI("constant expression type mismatch: got type '[" + strtab.lenOf(s).toString() + " x i8]' but expected '" + typeToString(type) + "'", loc);
    }
    return canonicalData(type, s);
  }
  if (w == K.KW_blockaddress) return parseBlockAddress(type);
  if (w == K.KW_dso_local_equivalent || w == K.KW_no_cfi) {
    let kind = w == K.KW_no_cfi ? VK.NoCFI : VK.DSOLocalEquiv;
    next();
    if (lx.tok != T.GlobalVar && lx.tok != T.GlobalID) return errorI("expected global value name in " + (kind == VK.NoCFI ? "no_cfi" : "dso_local_equivalent"));
    let gAt = lx.tokStart;
    noteUse(Sym.Global);
    let g = lx.tok == T.GlobalVar ? globalRef(lx.tokStr, 0, T_PTR) : globalRef(-1, lx.tokNum, T_PTR);
    if (g < 0) return -1;
    if (kind == VK.DSOLocalEquiv) {
      // a global defined already must be a function (or an alias or ifunc of a function type);
      // one not defined yet is checked at the end of the module (parse-finish.ts)
      if (<i32>vKind.get(g) == VK.Forward) { rd.dsoEquivRefs.push(g); rd.dsoEquivAt.push(gAt); }
      else if (!dsoEquivTarget(g)) return errorAtI("expected a function, alias to function, or ifunc in dso_local_equivalent", gAt);
    }
    next();
    let base = rd.stack.len; rd.stack.push(g);
    let v = getWithOperands(kind, type, rd.stack, base, 1);
    rd.stack.len = base; return v;
  }
  if (w == K.KW_ptrauth) return parsePtrAuth(type, loc);
  if (strtab.eqStr(w, "asm")) return parseInlineAsm(loc);
  if (strtab.eqStr(w, "splat")) {
    next();
    if (!expect(T.LParen, "'(' after vector splat")) return -1;
    let e = parseGlobalTypeAndValue(); if (e < 0) return -1;
    if (!expect(T.RParen, "')' at end of vector splat")) return -1;
    if (!isVector(type)) return errorAtI(k == TK.Function ? NOT_VALUES : "vector constant must have vector type", loc);
    if (vType.get(e) != tyA.get(type)) return mismatch(vType.get(e), tyA.get(type), loc);
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


// ptrauth (ptr P, i32 K [, i64 D [, ptr A [, ptr DS (LLVM 22)]]]), checked as LLParser does, at
// the word.
function parsePtrAuth(type: i32, loc: i32): i32 {
  next();
  if (!expect(T.LParen, "'(' in constant ptrauth expression")) return -1;
  let base = rd.stack.len;
  let p = parseGlobalTypeAndValue(); if (p < 0) return -1;
  rd.stack.push(p);
  if (!expect(T.Comma, "comma in constant ptrauth expression")) { rd.stack.len = base; return -1; }
  let key = parseGlobalTypeAndValue(); if (key < 0) { rd.stack.len = base; return -1; }
  rd.stack.push(key);
  let extra = llvmVersion >= 22 ? 3 : 2;
  for (let j = 0; j < extra && eat(T.Comma); j++) {
    let v = parseGlobalTypeAndValue(); if (v < 0) { rd.stack.len = base; return -1; }
    rd.stack.push(v);
  }
  if (!expect(T.RParen, "')' in constant ptrauth expression")) { rd.stack.len = base; return -1; }
  let n = rd.stack.len - base;
  let why = "";
  if (!isPtr(vType.get(p))) why = "constant ptrauth base pointer must be a pointer";
  else if (<i32>vKind.get(key) != VK.ConstInt || vType.get(key) != T_I32) why = "constant ptrauth key must be i32 constant";
  else if (n > 2 && (<i32>vKind.get(rd.stack.get(base + 2)) != VK.ConstInt || vType.get(rd.stack.get(base + 2)) != T_I64)) why = "constant ptrauth integer discriminator must be i64 constant";
  else if (n > 3 && !isPtr(vType.get(rd.stack.get(base + 3)))) why = "constant ptrauth address discriminator must be a pointer";
  else if (n > 4 && !isPtr(vType.get(rd.stack.get(base + 4)))) why = "constant ptrauth deactivation symbol must be a pointer";
  if (why.length > 0) { rd.stack.len = base; return errorAtI(why, loc); }
  let v = getWithOperands(VK.PtrAuth, type, rd.stack, base, n);
  rd.stack.len = base;
  return v;
}

// Inline asm as a plain value: LLParser reads it, then rejects it (only a callee may be inline asm,
// parse-inst-call.ts).
function parseInlineAsm(loc: i32): i32 {
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
  if (lx.tok != T.String) return errorI("expected string constant");
  next();
  if (!expect(T.Comma, "comma in inline asm expression")) return -1;
  if (lx.tok != T.String) return errorI("expected constraint string");
  next();
  return errorAtI("invalid type for inline asm constraint string", loc);
}

// ---- integer and aggregate constants ----

export function parseIntConst(type: i32): i32 {
  let st = type;
  if (!isInt(st)) return errorI(isFnType(type) ? NOT_VALUES : "integer constant must have integer type");
  let width = intWidth(st);
  let c: i32;
  if (!lx.tokBig && width <= 64) { c = getInt(st, lx.tokNum); next(); }
  else {
    // Arbitrary precision: decimal (or s0x/u0x hex) digits into 32-bit words, truncated to the width.
    if (!readBigInt(width)) return -1;
    c = getIntWords(st, rd.words, 0, rd.words.len);
    next();
  }
  return c;
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


// The elements of an aggregate constant up to its closing token (LLParser::parseGlobalValueVector:
// none when the next token closes a list), pushed on the stack; their number, or -1.
function parseConstElements(): i32 {
  let base = rd.stack.len;
  let t = lx.tok;
  if (t == T.RBrace || t == T.RSquare || t == T.Greater || t == T.RParen) return 0;
  while (true) {
    let v = parseGlobalTypeAndValue(); if (v < 0) { rd.stack.len = base; return -1; }
    rd.stack.push(v);
    if (!eat(T.Comma)) break;
  }
  return rd.stack.len - base;
}
// "array element #i is not of type 'T" (LLVM's message has no closing quote) when elements
// stack[base+1..] differ in type from the first; "" when they agree.
function elementsDiffer(base: i32, n: i32, what: string): string {
  let elt = vType.get(rd.stack.get(base));
  for (let i = 1; i < n; i++) if (vType.get(rd.stack.get(base + i)) != elt) return what + " element #" + i.toString() + " is not of type '" + typeToString(elt);
  return "";
}

// [ elements ]: an array of the first element's type, then compared with the one wanted.
export function parseArrayConst(type: i32): i32 {
  let loc = lx.tokStart;
  next(); // '['
  let base = rd.stack.len;
  let firstLoc = lx.tokStart;
  let n = parseConstElements(); if (n < 0) return -1;
  if (!expect(T.RSquare, "end of array constant")) { rd.stack.len = base; return -1; }
  let k = <i32>tyKind.get(type);
  if (n == 0) {
    if (k != TK.Array || tyN.get(type) != 0) return errorAtI(k == TK.Function ? NOT_VALUES : "invalid empty array initializer", loc);
    return getAggregate(VK.ConstArray, type, rd.stack, base, 0);
  }
  let why = elementsDiffer(base, n, "array");
  if (why.length > 0) { rd.stack.len = base; return errorAtI(why, firstLoc); }
  let elt = vType.get(rd.stack.get(base));
  if (k != TK.Array || tyA.get(type) != elt || tyN.get(type) != <i64>n) {
    rd.stack.len = base;
    if (k == TK.Function) return errorAtI(NOT_VALUES, loc);
    return errorAtI("constant expression type mismatch: got type '[" + n.toString() + " x " + typeToString(elt) + "]' but expected '" + typeToString(type) + "'", loc);
  }
  let v: i32;
  if (elt == T_I8 && allInts(base, n)) v = bytesConst(type, base, n);
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

// { elements } or <{ elements }> (loc: its '<'), checked against the struct type wanted.
export function parseStructConst(type: i32, packed: bool, loc: i32 = -1): i32 {
  if (!packed) loc = lx.tokStart;
  next(); // '{'
  let base = rd.stack.len;
  let n = parseConstElements(); if (n < 0) return -1;
  if (packed) {
    if (!expect(T.RBrace, "end of packed struct") || !expect(T.Greater, "end of constant")) { rd.stack.len = base; return -1; }
  } else if (!expect(T.RBrace, "end of struct constant")) { rd.stack.len = base; return -1; }
  let why = "";
  if (!isStruct(type)) why = isFnType(type) ? NOT_VALUES : "constant expression type mismatch";
  else if (listLen(type) != n) why = "initializer with struct type has wrong # elements";
  else if (((tyFlags.get(type) & TF_PACKED) != 0) != packed) why = "packed'ness of initializer and type don't match";
  else {
    for (let i = 0; i < n; i++) {
      if (vType.get(rd.stack.get(base + i)) != listAt(type, i)) { why = "element " + i.toString() + " of struct initializer doesn't match struct element type"; break; }
    }
  }
  if (why.length > 0) { rd.stack.len = base; return errorAtI(why, loc); }
  let v = getAggregate(VK.ConstStruct, type, rd.stack, base, n);
  rd.stack.len = base;
  return v;
}

// < elements > (after the '<' at loc): a fixed vector of the first element's type, then compared
// with the one wanted.
export function parseVectorConst(type: i32, loc: i32): i32 {
  let base = rd.stack.len;
  let firstLoc = lx.tokStart;
  let n = parseConstElements(); if (n < 0) return -1;
  if (!expect(T.Greater, "end of constant")) { rd.stack.len = base; return -1; }
  if (n == 0) return errorAtI("constant vector must not be empty", loc);
  let elt = vType.get(rd.stack.get(base));
  if (!isInt(elt) && !isFP(elt) && !isPtr(elt)) { rd.stack.len = base; return errorAtI("vector elements must have integer, pointer or floating point type", firstLoc); }
  let why = elementsDiffer(base, n, "vector");
  if (why.length > 0) { rd.stack.len = base; return errorAtI(why, firstLoc); }
  if (<i32>tyKind.get(type) != TK.Vector || tyA.get(type) != elt || tyN.get(type) != <i64>n) {
    rd.stack.len = base;
    if (isFnType(type)) return errorAtI(NOT_VALUES, loc);
    return errorAtI("constant expression type mismatch: got type '<" + n.toString() + " x " + typeToString(elt) + ">' but expected '" + typeToString(type) + "'", loc);
  }
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
    if (!expect(T.Comma, "comma after getelementptr's type")) return -1;
    let base = rd.stack.len;
    let ptr = parseGlobalTypeAndValue(); if (ptr < 0) return -1;
    rd.stack.push(ptr);
    let anyNonZero = false;
    while (eat(T.Comma)) {
      let inr = false;
      if (isWord(K.KW_inrange)) { next(); inr = true; } // old inrange-on-index syntax
      let idx = parseGlobalTypeAndValue(); if (idx < 0) { rd.stack.len = base; return -1; }
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
    if (type >= 0 && resTy != type) { rd.stack.len = base; rd.exprWords.len = wBase; return exprMismatch(resTy, type, opLoc); }
    // LLVM folds a GEP whose indices are all zero to its base pointer.
    let v: i32;
    if (!anyNonZero && !hasInrange && !isVector(resTy) && vType.get(ptr) == resTy) v = ptr;
    else v = getExpr(op, resTy, flags, aux, rd.exprWords, wBase, rd.exprWords.len - wBase, rd.stack, base, rd.stack.len - base);
    rd.stack.len = base; rd.exprWords.len = wBase;
    return v;
  }
  if (isCast(op)) {
    if (!expect(T.LParen, "'(' after constantexpr cast")) return -1;
    let v = parseGlobalTypeAndValue(); if (v < 0) return -1;
    if (!expectWord(K.KW_to, "'to' in constantexpr cast")) return -1;
    let dst = parseType(); if (dst < 0) return -1;
    if (!expect(T.RParen, "')' at end of constantexpr cast")) return -1;
    if (!castValid(op, vType.get(v), dst)) return errorAtI("invalid cast opcode for cast from '" + typeToString(vType.get(v)) + "' to '" + typeToString(dst) + "'", opLoc);
    if (type >= 0 && dst != type) return exprMismatch(dst, type, opLoc);
    return foldCast(op, v, dst);
  }
  if (isBinary(op)) { // add, sub, xor (and mul where the version has it)
    // LLParser: `nuw`, then `nsw` and after it `nuw` again (so "nuw nuw" stops at the second)
    if (eatWord(K.KW_nuw)) flags |= F_NUW;
    if (eatWord(K.KW_nsw)) { flags |= F_NSW; if (eatWord(K.KW_nuw)) flags |= F_NUW; }
    while (lx.tok == T.Word && (lx.tokStr == K.KW_exact || lx.tokStr == K.KW_disjoint)) {
      flags |= lx.tokStr == K.KW_exact ? F_EXACT : F_DISJOINT;
      next();
    }
    if (!expect(T.LParen, "'(' in binary constantexpr")) return -1;
    let base = rd.stack.len;
    let a = parseGlobalTypeAndValue(); if (a < 0) return -1;
    rd.stack.push(a);
    if (!expect(T.Comma, "comma in binary constantexpr")) { rd.stack.len = base; return -1; }
    let b = parseGlobalTypeAndValue(); if (b < 0) { rd.stack.len = base; return -1; }
    rd.stack.push(b);
    if (!expect(T.RParen, "')' in binary constantexpr")) { rd.stack.len = base; return -1; }
    let at = vType.get(a);
    let why = at != vType.get(b) ? "operands of constexpr must have same type" : !isInt(scalarType(at)) ? "constexpr requires integer or integer vector operands" : "";
    if (why.length > 0) { rd.stack.len = base; return errorAtI(why, opLoc); }
    if (type >= 0 && at != type) { rd.stack.len = base; return exprMismatch(at, type, opLoc); }
    let v = getExpr(op, at, flags, 0, rd.exprWords, 0, 0, rd.stack, base, 2);
    rd.stack.len = base;
    return v;
  }
  // extractelement, insertelement, shufflevector
  if (!expect(T.LParen, "'(' in constantexpr")) return -1;
  let base = rd.stack.len;
  let n = parseConstElements(); if (n < 0) return -1;
  if (!expect(T.RParen, "')' in constantexpr")) { rd.stack.len = base; return -1; }
  let why = "";
  let a = n > 0 ? rd.stack.get(base) : -1, at = a >= 0 ? vType.get(a) : -1;
  if (op == Op.ShuffleVector) {
    if (n != 3) why = "expected three operands to shufflevector";
    else if (!shuffleValid(a, rd.stack.get(base + 1), rd.stack.get(base + 2))) why = "invalid operands to shufflevector";
  } else if (op == Op.ExtractElement) {
    if (n != 2) why = "expected two operands to extractelement";
    else if (!isVector(at) || !isInt(vType.get(rd.stack.get(base + 1)))) why = "invalid extractelement operands";
  } else {
    if (n != 3) why = "expected three operands to insertelement";
    else if (!isVector(at) || vType.get(rd.stack.get(base + 1)) != tyA.get(at) || !isInt(vType.get(rd.stack.get(base + 2)))) why = "invalid insertelement operands";
  }
  if (why.length > 0) { rd.stack.len = base; return errorAtI(why, opLoc); }
  let resTy = at;
  if (op == Op.ExtractElement) resTy = tyA.get(at);
  else if (op == Op.ShuffleVector) {
    let mt = vType.get(rd.stack.get(base + 2));
    resTy = vectorType(tyA.get(at), tyN.get(mt), <i32>tyKind.get(mt) == TK.ScalableVector);
  }
  if (type >= 0 && resTy != type) { rd.stack.len = base; return exprMismatch(resTy, type, opLoc); }
  let v = getExpr(op, resTy, flags, aux, rd.exprWords, 0, 0, rd.stack, base, n);
  rd.stack.len = base;
  return v;
}
function exprMismatch(got: i32, want: i32, loc: i32): i32 { return isFnType(want) ? errorAtI(NOT_VALUES, loc) : mismatch(got, want, loc); }


// ShuffleVectorInst::isValidOperands: two vectors of one type and a mask of i32 lanes below
// twice their length (undef lanes allowed; a scalable mask only undef or zero).
export function shuffleValid(a: i32, b: i32, m: i32): bool {
  let at = vType.get(a), mt = vType.get(m);
  if (!isVector(at) || at != vType.get(b)) return false;
  if (!isVector(mt) || tyA.get(mt) != T_I32 || tyKind.get(mt) != tyKind.get(at)) return false;
  let k = <i32>vKind.get(m);
  if (k == VK.ConstUndef || k == VK.ConstPoison || k == VK.ConstZero) return true;
  if (<i32>tyKind.get(mt) == TK.ScalableVector || k != VK.ConstVector) return false;
  let lim = <u64>tyN.get(at) * 2;
  for (let j = 0; j < <i32>tyN.get(mt); j++) {
    let e = operand(m, j), ek = <i32>vKind.get(e);
    if (ek == VK.ConstInt) { if (<u64><u32>intSExt64(e) >= lim) return false; }
    else if (ek != VK.ConstUndef && ek != VK.ConstPoison) return false;
  }
  return true;
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
