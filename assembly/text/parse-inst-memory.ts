// Memory instructions: alloca, load, store, fence, cmpxchg, atomicrmw, getelementptr.
import { rd } from "./reader";
import { lx, T, next } from "./lexer";
import { strtab } from "../ir/module";
import * as K from "./keywords";
import { errorI, eat, expect, isWord, eatWord, checkFeature } from "./pstate";
import { parseType, parseAddrSpace } from "./parse-types";
import { parseTypeAndValue } from "./parse-values";
import {
  TK, tyKind, tyN, T_VOID, T_I1, T_I32, ptrType, isInt, isPtr, isVector, scalarType, vectorType, structType,
} from "../ir/types";
import { vType, iFlags, iAux, iExt } from "../ir/values";
import { getInt } from "../ir/constants";
import {
  Op, F_INBOUNDS, F_VOLATILE, F_ATOMIC, F_WEAK, F_INALLOCA, F_SWIFTERROR, F_GEP_NUSW, F_GEP_NUW, RMW_NAMES,
  rmwFeature,
} from "../ir/opcodes";
import { setOrderings, setPredicate } from "../ir/inst";
import {
  make, parseAlignValue, parseOrdering, parseSyncScope, parseTrailingAlign, putBackComma, setParsedAlign
} from "./parse-inst";

export function parseAlloca(): i32 {
  let flags = 0;
  while (true) { if (eatWord(K.KW_inalloca)) flags |= F_INALLOCA; else if (eatWord(K.KW_swifterror)) flags |= F_SWIFTERROR; else break; }
  let t = parseType(false); if (t < 0) return -1;
  let base = rd.stack.len;
  let size = -1; let align: i64 = 0; let as = 0; let asExplicit = false;
  while (eat(T.Comma)) {
    if (isWord(K.KW_align)) { align = parseAlignValue(); if (align < 0) return -1; continue; }
    if (isWord(K.KW_addrspace)) { as = parseAddrSpace(); if (as < 0) return -1; asExplicit = true; continue; }
    if (lx.tok == T.MetadataVar) { putBackComma(); break; }
    if (size >= 0) return errorI("expected metadata after comma");
    size = parseTypeAndValue(); if (size < 0) return -1;
    if (!isInt(vType.get(size))) return errorI("element count must have integer type");
  }
  rd.stack.push(size >= 0 ? size : getInt(T_I32, 1));
  let i = make(Op.Alloca, ptrType(as), base);
  if (i < 0) return -1;
  iFlags.set(i, flags | (size >= 0 ? 1 << 30 : 0));
  iExt.set(i, t);
  setParsedAlign(i, align);
  if (asExplicit) iAux.set(i, iAux.get(i) | (1 << 20));
  return i;
}

export function parseLoad(): i32 {
  let flags = 0;
  if (eatWord(K.KW_atomic)) flags |= F_ATOMIC;
  if (eatWord(K.KW_volatile)) flags |= F_VOLATILE;
  let t = parseType(false); if (t < 0) return -1;
  if (!expect(T.Comma, "comma after load's type")) return -1;
  let base = rd.stack.len;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  if (!isPtr(vType.get(p))) return errorI("load operand must be a pointer type");
  rd.stack.push(p);
  let ss = -1, ord = 0;
  if (flags & F_ATOMIC) { ss = parseSyncScope(); if (ss == -2) return -1; ord = parseOrdering(); if (ord < 0) return -1; }
  let align = parseTrailingAlign(); if (align < 0) return -1;
  let i = make(Op.Load, t, base);
  if (i < 0) return -1;
  iFlags.set(i, flags); iExt.set(i, ss); setParsedAlign(i, align); setOrderings(i, ord, 0);
  return i;
}
export function parseStore(): i32 {
  let flags = 0;
  if (eatWord(K.KW_atomic)) flags |= F_ATOMIC;
  if (eatWord(K.KW_volatile)) flags |= F_VOLATILE;
  let base = rd.stack.len;
  let v = parseTypeAndValue(); if (v < 0) return -1;
  if (!expect(T.Comma, "',' after store operand")) return -1;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  if (!isPtr(vType.get(p))) return errorI("store operand must be a pointer");
  rd.stack.push(v); rd.stack.push(p);
  let ss = -1, ord = 0;
  if (flags & F_ATOMIC) { ss = parseSyncScope(); if (ss == -2) return -1; ord = parseOrdering(); if (ord < 0) return -1; }
  let align = parseTrailingAlign(); if (align < 0) return -1;
  let i = make(Op.Store, T_VOID, base);
  if (i < 0) return -1;
  iFlags.set(i, flags); iExt.set(i, ss); setParsedAlign(i, align); setOrderings(i, ord, 0);
  return i;
}
export function parseFence(): i32 {
  let ss = parseSyncScope(); if (ss == -2) return -1;
  let ord = parseOrdering(); if (ord < 0) return -1;
  let i = make(Op.Fence, T_VOID, rd.stack.len);
  if (i < 0) return -1;
  iExt.set(i, ss); setOrderings(i, ord, 0);
  return i;
}
export function parseCmpXchg(): i32 {
  let flags = 0;
  if (eatWord(K.KW_weak)) flags |= F_WEAK;
  if (eatWord(K.KW_volatile)) flags |= F_VOLATILE;
  let base = rd.stack.len;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  if (!expect(T.Comma, "',' after cmpxchg address")) return -1;
  let c = parseTypeAndValue(); if (c < 0) return -1;
  if (!expect(T.Comma, "',' after cmpxchg cmp operand")) return -1;
  let n = parseTypeAndValue(); if (n < 0) return -1;
  rd.stack.push(p); rd.stack.push(c); rd.stack.push(n);
  let ss = parseSyncScope(); if (ss == -2) return -1;
  let so = parseOrdering(); if (so < 0) return -1;
  let fo = parseOrdering(); if (fo < 0) return -1;
  let align = parseTrailingAlign(); if (align < 0) return -1;
  rd.stack2.clear(); rd.stack2.push(vType.get(c)); rd.stack2.push(T_I1);
  let rt = structType(rd.stack2, 0, 2, false);
  let i = make(Op.AtomicCmpXchg, rt, base);
  if (i < 0) return -1;
  iFlags.set(i, flags); iExt.set(i, ss); setParsedAlign(i, align); setOrderings(i, so, fo);
  return i;
}
export function parseAtomicRMW(): i32 {
  let flags = 0;
  if (eatWord(K.KW_volatile)) flags |= F_VOLATILE;
  if (lx.tok != T.Word) return errorI("expected binary operation in atomicrmw");
  let rop = -1;
  for (let j = 0; j < RMW_NAMES.length; j++) if (strtab.eqStr(lx.tokStr, RMW_NAMES[j])) { rop = j; break; }
  if (rop < 0) return errorI("expected binary operation in atomicrmw");
  if (rmwFeature(rop) >= 0 && !checkFeature(rmwFeature(rop))) return -1;
  next();
  let base = rd.stack.len;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  if (!expect(T.Comma, "',' after atomicrmw address")) return -1;
  let v = parseTypeAndValue(); if (v < 0) return -1;
  rd.stack.push(p); rd.stack.push(v);
  let ss = parseSyncScope(); if (ss == -2) return -1;
  let o = parseOrdering(); if (o < 0) return -1;
  let align = parseTrailingAlign(); if (align < 0) return -1;
  let i = make(Op.AtomicRMW, vType.get(v), base);
  if (i < 0) return -1;
  iFlags.set(i, flags); iExt.set(i, ss); setParsedAlign(i, align); setOrderings(i, o, 0); setPredicate(i, rop);
  return i;
}

export function parseGEP(): i32 {
  let flags = 0;
  while (true) {
    if (eatWord(K.KW_inbounds)) flags |= F_INBOUNDS | F_GEP_NUSW;
    else if (eatWord(K.KW_nusw)) flags |= F_GEP_NUSW;
    else if (eatWord(K.KW_nuw)) flags |= F_GEP_NUW;
    else break;
  }
  let t = parseType(false); if (t < 0) return -1;
  if (!expect(T.Comma, "comma after getelementptr's type")) return -1;
  let base = rd.stack.len;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  let pt = vType.get(p);
  if (!isPtr(scalarType(pt))) return errorI("base of getelementptr must be a pointer");
  rd.stack.push(p);
  let rt = pt;
  while (eat(T.Comma)) {
    if (lx.tok == T.MetadataVar) { putBackComma(); break; }
    let idx = parseTypeAndValue(); if (idx < 0) return -1;
    let it = vType.get(idx);
    if (!isInt(scalarType(it))) return errorI("getelementptr index must be an integer");
    if (isVector(it) && !isVector(rt)) rt = vectorType(rt, tyN.get(it), <i32>tyKind.get(it) == TK.ScalableVector);
    rd.stack.push(idx);
  }
  let i = make(Op.GetElementPtr, rt, base);
  if (i < 0) return -1;
  iFlags.set(i, flags); iExt.set(i, t);
  return i;
}
