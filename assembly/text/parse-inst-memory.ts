// Memory instructions: alloca, load, store, fence, cmpxchg, atomicrmw, getelementptr.
import { rd } from "./reader";
import { lx, T, next } from "./lexer";
import { strtab } from "../ir/module";
import * as K from "./keywords";
import { errorI, errorAt, errorAtI, eat, expect, isWord, eatWord, checkFeature } from "./pstate";
import { gepIndicesValid, gepWidthOf, gepWidthWith, scalableNow, sizedNow } from "./parse-gep";
import { parseType, parseAddrSpace } from "./parse-types";
import { parseTypeAndValue } from "./parse-values";
import {
  TK, tyKind, tyN, T_VOID, T_I1, T_I32, ptrType, isInt, isPtr, isFP, isVector, isStruct, isFirstClass, scalarType, vectorType,
  structType,
} from "../ir/types";
import { vType, iFlags, iAux, iExt } from "../ir/values";
import { getInt } from "../ir/constants";
import {
  Op, F_INBOUNDS, F_VOLATILE, F_ATOMIC, F_WEAK, F_INALLOCA, F_SWIFTERROR, F_GEP_NUSW, F_GEP_NUW, RMW_NAMES,
  rmwFeature, isFPRMW, Ordering,
} from "../ir/opcodes";
import { typeStoreSizeInBits } from "../ir/datalayout";
import { setOrderings, setPredicate } from "../ir/inst";
import {
  make, parseAlignValue, parseOrdering, parseSyncScope, parseTrailingAlign, putBackComma, setParsedAlign
} from "./parse-inst-common";

export function parseAlloca(): i32 {
  let flags = 0;
  while (true) { if (eatWord(K.KW_inalloca)) flags |= F_INALLOCA; else if (eatWord(K.KW_swifterror)) flags |= F_SWIFTERROR; else break; }
  let tyLoc = lx.tokStart;
  let t = parseType(false); if (t < 0) return -1;
  let tk = <i32>tyKind.get(t);
  // (PointerType::isValidElementType: neither may x86_amx be allocated)
  if (tk == TK.Function || tk == TK.Label || tk == TK.Metadata || tk == TK.Token || tk == TK.X86AMX) return errorAtI("invalid type for alloca", tyLoc);
  let base = rd.stack.len;
  let size = -1; let align: i64 = 0; let as = 0; let asExplicit = false;
  // LLParser::parseAlloc: `, align N` (then only `, addrspace(N)`), `, addrspace(N)`, or a count
  // followed by either
  if (eat(T.Comma)) {
    let sizeLoc = -1, more = true;
    if (!isWord(K.KW_align) && !isWord(K.KW_addrspace) && lx.tok != T.MetadataVar) {
      sizeLoc = lx.tokStart;
      size = parseTypeAndValue(); if (size < 0) return -1;
      more = eat(T.Comma);
    }
    if (more) {
      if (isWord(K.KW_align)) {
        align = parseAlignValue(); if (align < 0) return -1;
        while (eat(T.Comma)) { // parseOptionalCommaAddrSpace
          if (lx.tok == T.MetadataVar) { putBackComma(); break; }
          if (!isWord(K.KW_addrspace)) return errorI("expected metadata or 'addrspace'");
          as = parseAddrSpace(); if (as < 0) return -1; asExplicit = true;
        }
      } else if (isWord(K.KW_addrspace)) { as = parseAddrSpace(); if (as < 0) return -1; asExplicit = true; }
      else if (lx.tok == T.MetadataVar) putBackComma();
    }
    if (size >= 0 && !isInt(vType.get(size))) return errorAtI("element count must have integer type", sizeLoc);
  }
  if (align == 0 && !sizedNow(t)) return errorAtI("Cannot allocate unsized type", tyLoc);
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
  let tyLoc = lx.tokStart;
  let t = parseType(false); if (t < 0) return -1;
  if (!expect(T.Comma, "comma after load's type")) return -1;
  let base = rd.stack.len;
  let loc = lx.tokStart;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  rd.stack.push(p);
  let ss = -1, ord = 0;
  if (flags & F_ATOMIC) { ss = parseSyncScope(); if (ss == -2) return -1; ord = parseOrdering(); if (ord < 0) return -1; }
  let align = parseTrailingAlign(); if (align < 0) return -1;
  if (!isPtr(vType.get(p)) || !isFirstClass(t)) return errorAtI("load operand must be a pointer to a first class type", loc);
  if ((flags & F_ATOMIC) != 0 && align == 0) return errorAtI("atomic load must have explicit non-zero alignment", loc);
  if (ord == Ordering.Release || ord == Ordering.AcqRel) return errorAtI("atomic load cannot use Release ordering", loc);
  if (align == 0 && !sizedNow(t)) return errorAtI("loading unsized types is not allowed", tyLoc);
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
  let loc = lx.tokStart;
  let v = parseTypeAndValue(); if (v < 0) return -1;
  if (!expect(T.Comma, "',' after store operand")) return -1;
  let ptrLoc = lx.tokStart;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  rd.stack.push(v); rd.stack.push(p);
  let ss = -1, ord = 0;
  if (flags & F_ATOMIC) { ss = parseSyncScope(); if (ss == -2) return -1; ord = parseOrdering(); if (ord < 0) return -1; }
  let align = parseTrailingAlign(); if (align < 0) return -1;
  let vt = vType.get(v);
  if (!isPtr(vType.get(p))) return errorAtI("store operand must be a pointer", ptrLoc);
  if (!isFirstClass(vt)) return errorAtI("store operand must be a first class value", loc);
  if ((flags & F_ATOMIC) != 0 && align == 0) return errorAtI("atomic store must have explicit non-zero alignment", loc);
  if (ord == Ordering.Acquire || ord == Ordering.AcqRel) return errorAtI("atomic store cannot use Acquire ordering", loc);
  if (align == 0 && !sizedNow(vt)) return errorAtI("storing unsized types is not allowed", loc);
  let i = make(Op.Store, T_VOID, base);
  if (i < 0) return -1;
  iFlags.set(i, flags); iExt.set(i, ss); setParsedAlign(i, align); setOrderings(i, ord, 0);
  return i;
}
export function parseFence(): i32 {
  let ss = parseSyncScope(); if (ss == -2) return -1;
  let ord = parseOrdering(); if (ord < 0) return -1;
  if (ord == Ordering.Unordered) return errorI("fence cannot be unordered");
  if (ord == Ordering.Monotonic) return errorI("fence cannot be monotonic");
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
  let ptrLoc = lx.tokStart;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  if (!expect(T.Comma, "',' after cmpxchg address")) return -1;
  let c = parseTypeAndValue(); if (c < 0) return -1;
  if (!expect(T.Comma, "',' after cmpxchg cmp operand")) return -1;
  let newLoc = lx.tokStart;
  let n = parseTypeAndValue(); if (n < 0) return -1;
  rd.stack.push(p); rd.stack.push(c); rd.stack.push(n);
  let ss = parseSyncScope(); if (ss == -2) return -1;
  let so = parseOrdering(); if (so < 0) return -1;
  let fo = parseOrdering(); if (fo < 0) return -1;
  let align = parseTrailingAlign(); if (align < 0) return -1;
  if (so == Ordering.Unordered) return errorI("invalid cmpxchg success ordering");
  if (fo == Ordering.Unordered || fo == Ordering.Release || fo == Ordering.AcqRel) return errorI("invalid cmpxchg failure ordering");
  if (!isPtr(vType.get(p))) return errorAtI("cmpxchg operand must be a pointer", ptrLoc);
  if (vType.get(c) != vType.get(n)) return errorAtI("compare value and new value type do not match", newLoc);
  if (!isFirstClass(vType.get(n))) return errorAtI("cmpxchg operand must be a first class value", newLoc);
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
  let ptrLoc = lx.tokStart;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  if (!expect(T.Comma, "',' after atomicrmw address")) return -1;
  let valLoc = lx.tokStart;
  let v = parseTypeAndValue(); if (v < 0) return -1;
  rd.stack.push(p); rd.stack.push(v);
  let ss = parseSyncScope(); if (ss == -2) return -1;
  let o = parseOrdering(); if (o < 0) return -1;
  let align = parseTrailingAlign(); if (align < 0) return -1;
  let err = rmwOperandError(rop, o, vType.get(p), vType.get(v));
  if (err.length > 0) return err == "atomicrmw cannot be unordered" ? errorI(err) : errorAtI(err, err == "atomicrmw operand must be a pointer" ? ptrLoc : valLoc);
  let i = make(Op.AtomicRMW, vType.get(v), base);
  if (i < 0) return -1;
  iFlags.set(i, flags); iExt.set(i, ss); setParsedAlign(i, align); setOrderings(i, o, 0); setPredicate(i, rop);
  return i;
}
// LLParser::parseAtomicRMW's checks, in its order ("" when the operands are fine).
function rmwOperandError(rop: i32, o: i32, pt: i32, vt: i32): string {
  if (o == Ordering.Unordered) return "atomicrmw cannot be unordered";
  if (!isPtr(pt)) return "atomicrmw operand must be a pointer";
  if (scalableNow(vt)) return "atomicrmw operand may not be scalable";
  let nm = RMW_NAMES[rop];
  if (rop == 0) {
    if (!(isInt(vt) || isFP(vt) || isPtr(vt))) return "atomicrmw " + nm + " operand must be an integer, floating point, or pointer type";
  } else if (isFPRMW(rop)) {
    if (!isFP(scalarType(vt))) return "atomicrmw " + nm + " operand must be a floating point type";
  } else if (!isInt(vt)) return "atomicrmw " + nm + " operand must be an integer";
  let bits = typeStoreSizeInBits(vt);
  if (bits < 8 || (bits & (bits - 1)) != 0) return "atomicrmw operand must be power-of-two byte-sized integer";
  return "";
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
  let loc = lx.tokStart;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  let pt = vType.get(p);
  if (!isPtr(scalarType(pt))) { errorAt("base of getelementptr must be a pointer", loc); return -1; }
  rd.stack.push(p);
  let rt = pt;
  let width = gepWidthOf(pt);
  while (eat(T.Comma)) {
    if (lx.tok == T.MetadataVar) { putBackComma(); break; }
    let eltLoc = lx.tokStart;
    let idx = parseTypeAndValue(); if (idx < 0) return -1;
    let it = vType.get(idx);
    if (!isInt(scalarType(it))) { errorAt("getelementptr index must be an integer", eltLoc); return -1; }
    width = gepWidthWith(width, it);
    if (width < 0) { errorAt("getelementptr vector index has a wrong number of elements", eltLoc); return -1; }
    if (isVector(it) && !isVector(rt)) rt = vectorType(rt, tyN.get(it), <i32>tyKind.get(it) == TK.ScalableVector);
    rd.stack.push(idx);
  }
  if (rd.stack.len > base + 1 && !sizedNow(t)) { errorAt("base element of getelementptr must be sized", loc); return -1; }
  if (isStruct(t) && scalableNow(t)) {
    errorAt("getelementptr cannot target structure that contains scalable vector type", loc); return -1;
  }
  if (!gepIndicesValid(t, rd.stack, base, rd.stack.len)) { errorAt("invalid getelementptr indices", loc); return -1; }
  let i = make(Op.GetElementPtr, rt, base);
  if (i < 0) return -1;
  iFlags.set(i, flags); iExt.set(i, t);
  return i;
}
