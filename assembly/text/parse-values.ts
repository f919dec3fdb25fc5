// Values: a typed value by its first token (local and global references, constants, constant
// expressions, inline asm, metadata as a value), as LLParser::parseValID. The symbol tables are in
// parse-symbols.ts; integer and aggregate constants in parse-consts.ts, floating point in
// parse-fp.ts, block addresses in parse-blockaddr.ts, constant expressions in parse-constexpr.ts.
import { rd, fnScope } from "./reader";
import { lx, T, next } from "./lexer";
import { strtab } from "../ir/module";
import * as K from "./keywords";
import { error, errorI, eat, expect, isWord, enter, leave, checkVersion } from "./pstate";
import { parseType } from "./parse-types";
import { parseMetadataOperand } from "./parse-meta";
import {
  TK, tyKind, tyA, tyN, T_I1, T_I8, T_I32, T_I64, T_LABEL, T_METADATA, T_TOKEN, T_PTR, isVector, vectorType,
  scalarType,
} from "../ir/types";
import { VK, vType } from "../ir/values";
import { canonicalData } from "../ir/const-fold";
import {
  getNull, getUndef, getPoison, getZero, getInt, getAggregate, getExpr, getWithOperands, getInlineAsm,
  getMDValue, getBool, getSimple,
} from "../ir/constants";
import { Op, OP_NAMES, opcodeSince } from "../ir/opcodes";
import { typeToString } from "./printer-types";
import { constExprSupported, opcodeOf, parseConstExpr } from "./parse-constexpr";
import { globalRef, localRef } from "./parse-symbols";
import { parseArrayConst, parseIntConst, parseStructConst, parseVectorConst } from "./parse-consts";
import { parseBlockAddress } from "./parse-blockaddr";
import { parseFPConst } from "./parse-fp";

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
    let md = parseMetadataOperand();
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
      let md = parseMetadataOperand();
      if (md < 0 && rd.failed) return -1;
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
  if (!expect(T.Comma, "',' after inline asm string")) return -1;
  if (lx.tok != T.String) return errorI("expected constraint string");
  let c = lx.tokStr; next();
  return getInlineAsm(type, a, c, flags);
}



