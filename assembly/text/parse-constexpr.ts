// Constant expressions (the opcodes the target version still reads) and compare predicates; casts
// fold as in the bitcode reader (ir/const-fold.ts).
import { rd } from "./reader";
import { I32Vec } from "../util/vec";
import { lx, T, next } from "./lexer";
import { strtab } from "../ir/module";
import * as K from "./keywords";
import { errorI, errorAt, eat, expect, expectWord, isWord } from "./pstate";
import { gepIndicesValid, gepWidthOf, gepWidthWith, scalableNow, sizedNow } from "./parse-gep";
import { parseType } from "./parse-types";
import { TK, tyKind, tyA, tyN, T_I1, isInt, isPtr, isVector, vectorType, withScalar, scalarType } from "../ir/types";
import { vType } from "../ir/values";
import { getExpr, isNullValue, gepExprWords } from "../ir/constants";
import { foldCast } from "../ir/const-fold";
import { instOpcode } from "./parse-inst";
import { has, Feature, llvmVersion } from "../ir/version";
import {
  Op, F_NUW, F_NSW, F_EXACT, F_INBOUNDS, F_GEP_NUSW, F_GEP_NUW, F_DISJOINT, isCast, isBinary,
  ICMP_NAMES as ICMP, FCMP_NAMES as FCMP,
} from "../ir/opcodes";
import { parseTypeAndValue } from "./parse-values";

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
