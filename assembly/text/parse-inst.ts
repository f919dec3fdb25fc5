// Instructions: one parse function per instruction family. Operands are collected on the
// shared stack and copied into the operand pool when the instruction is created, so nested
// constants (which also take pool slots) never interleave with an instruction's operands.
import { I32Vec } from "../util/vec";
import { T, tok, tokStr, tokNum, tokStart, next, strtab } from "./lexer";
import * as K from "./keywords";
import { error, errorI, eat, expect, expectWord, isWord, eatWord, stack, failed, parseAlignment, checkVersion, checkFeature } from "./pstate";
import { Feature } from "../ir/version";
import { parseType, parseAddrSpace } from "./parse-types";
import { parseTypeAndValue, parseValue, parseBlockRef } from "./parse-values";
import { parseCmpPredicate } from "./parse-constexpr";
import { localLookupName, localLookupNum } from "./parse-symbols";
import { parseAttrSet, AC_PARAM, AC_RET, AC_FN } from "./parse-attrs";
import {
  TK, tyKind, tyA, tyN, T_VOID, T_I1, T_I32, T_I64, T_LABEL, T_TOKEN, T_METADATA, T_PTR, ptrType, isInt, isPtr, isFP,
  isVector, scalarType, withScalar, vectorType, structType, functionType, memberType, listLen, listAt, isAggregate,
  isFirstClass, isStruct,
} from "../ir/types";
import { VK, newValue, vKind, vType, vName, iOp, iFlags, iAux, iExt, ext, appendOperand } from "../ir/values";
import { getPoison, getUndef, getZero, getInt, isNullValue, intSExt64 } from "../ir/constants";
import {
  Op, F_NUW, F_NSW, F_EXACT, F_DISJOINT, F_NNEG, F_INBOUNDS, F_VOLATILE, F_ATOMIC, F_WEAK, F_INALLOCA,
  F_SWIFTERROR, F_CLEANUP, F_GEP_NUSW, F_GEP_NUW, F_UNWIND_CALLER, F_SAMESIGN, F_TAIL_SHIFT, F_FMF_SHIFT,
  FMF_NNAN, FMF_NINF, FMF_NSZ, FMF_ARCP, FMF_CONTRACT, FMF_AFN, FMF_REASSOC, FMF_ALL, Ordering, RMW_NAMES,
  isBinary, isCast, isFPBinary, OP_NAMES, opcodeSince, rmwFeature,
} from "../ir/opcodes";
import { setAlignBytes, setOrderings, setPredicate } from "./../ir/inst";
import { typeToString } from "./printer-types";
import { internAttrList } from "../ir/attributes";
import { programAddrSpace } from "../ir/datalayout";

// The value id a definition should take: a forward placeholder for this name, or new.
export let pendName: i32 = -1;
export let pendNum: i32 = -1;
export function setPending(name: i32, num: i32): void { pendName = name; pendNum = num; }

// True once a load, store, alloca or atomic without `align` was parsed: only then does the
// module need ir/defaults.ts fillDefaults (a walk over every instruction).
export let missingAlign: bool = false;
function setParsedAlign(i: i32, align: i64): void {
  if (align == 0) missingAlign = true;
  setAlignBytes(i, align);
}

let opcodeByStr: I32Vec = new I32Vec();
export function resetInstParser(opNames: string[]): void {
  missingAlign = false;
  opcodeByStr = new I32Vec();
  for (let i = 1; i < opNames.length; i++) {
    let s = strtab.internStr(opNames[i]);
    if (s >= opcodeByStr.len) opcodeByStr.resize(s + 1, 0);
    opcodeByStr.set(s, i);
  }
}
export function instOpcode(s: i32): i32 { return s < opcodeByStr.len ? opcodeByStr.get(s) : 0; }

// Creates the instruction value with operands stack[base..].
function make(op: i32, type: i32, base: i32): i32 {
  let v = -1;
  if (pendName >= 0 || pendNum >= 0) {
    let f = pendName >= 0 ? localLookupName(pendName) : localLookupNum(pendNum);
    if (f >= 0 && <i32>vKind.get(f) == VK.Forward) {
      if (vType.get(f) != type) {
        let nm = pendName >= 0 ? "%" + strtabStr(pendName) : "%" + pendNum.toString();
        error("instruction forward referenced with type '" + typeToString(vType.get(f)) + "'");
        return -1;
      }
      v = f;
      vKind.set(v, <u8>VK.Inst);
    }
  }
  if (v < 0) v = newValue(VK.Inst, type);
  iOp.set(v, <u8>op);
  let n = stack.len - base;
  for (let i = 0; i < n; i++) appendOperand(v, stack.get(base + i));
  stack.len = base;
  return v;
}
import { strtabString as strtabStr } from "./parse-symbols";

function parseFMF(): i32 {
  let f = 0;
  while (tok == T.Word) {
    let w = tokStr;
    if (w == K.KW_nnan) f |= FMF_NNAN; else if (w == K.KW_ninf) f |= FMF_NINF; else if (w == K.KW_nsz) f |= FMF_NSZ;
    else if (w == K.KW_arcp) f |= FMF_ARCP; else if (w == K.KW_contract) f |= FMF_CONTRACT; else if (w == K.KW_afn) f |= FMF_AFN;
    else if (w == K.KW_reassoc) f |= FMF_REASSOC; else if (w == K.KW_fast) f |= FMF_ALL;
    else break;
    next();
  }
  return f << F_FMF_SHIFT;
}

function parseOrdering(): i32 {
  if (tok == T.Word) {
    let w = tokStr;
    let o = w == K.KW_unordered ? Ordering.Unordered : w == K.KW_monotonic ? Ordering.Monotonic : w == K.KW_acquire ? Ordering.Acquire :
      w == K.KW_release ? Ordering.Release : w == K.KW_acq_rel ? Ordering.AcqRel : w == K.KW_seq_cst ? Ordering.SeqCst : -1;
    if (o > 0) { next(); return o; }
  }
  return errorI("Expected ordering on atomic instruction");
}
// Optional `syncscope("name")`; returns strId or -1 (system).
function parseSyncScope(): i32 {
  if (!isWord(K.KW_syncscope)) return -1;
  next();
  if (!expect(T.LParen, "'(' in syncscope")) return -2;
  if (tok != T.String) { error("expected syncscope name"); return -2; }
  let s = tokStr; next();
  if (!expect(T.RParen, "')' in syncscope")) return -2;
  return s;
}
// `, align N` (after the comma has been seen and the word is align).
function parseAlignValue(): i64 {
  next(); // align
  return parseAlignment(false);
}

// `, align N` after a memory instruction (0 when absent, -1 on error); a comma that starts the
// attachments is given back.
function parseTrailingAlign(): i64 {
  let align: i64 = 0;
  while (eat(T.Comma)) {
    if (isWord(K.KW_align)) { align = parseAlignValue(); if (align < 0) return -1; continue; }
    putBackComma(); break;
  }
  return align;
}

// Parses the instruction at the current token (its opcode word). Returns the instruction id or -1.
// `isTerm` is set for terminators.
export let lastWasTerminator: bool = false;
export function parseInstruction(): i32 {
  lastWasTerminator = false;
  let tail = 0;
  if (tok == T.Word && (tokStr == K.KW_tail || tokStr == K.KW_musttail || tokStr == K.KW_notail)) {
    tail = tokStr == K.KW_tail ? 1 : tokStr == K.KW_musttail ? 2 : 3;
    next();
    if (!(tok == T.Word && instOpcode(tokStr) == Op.Call)) return errorI("expected 'call' after tail-call marker");
  }
  if (tok != T.Word) return errorI("expected instruction opcode");
  let op = instOpcode(tokStr);
  if (op == Op.None) return errorI("expected instruction opcode");
  if (!checkVersion(OP_NAMES[op], opcodeSince(op))) return -1;
  next();
  switch (op) {
    case Op.Ret: return parseRet();
    case Op.Br: return parseBr();
    case Op.Switch: return parseSwitch();
    case Op.IndirectBr: return parseIndirectBr();
    case Op.Invoke: return parseCallLike(Op.Invoke, 0);
    case Op.CallBr: return parseCallLike(Op.CallBr, 0);
    case Op.Call: return parseCallLike(Op.Call, tail);
    case Op.Resume: { let base = stack.len; let v = parseTypeAndValue(); if (v < 0) return -1; stack.push(v); lastWasTerminator = true; return make(op, T_VOID, base); }
    case Op.Unreachable: { lastWasTerminator = true; return make(op, T_VOID, stack.len); }
    case Op.CleanupRet: return parseCleanupRet();
    case Op.CatchRet: return parseCatchRet();
    case Op.CatchSwitch: return parseCatchSwitch();
    case Op.CleanupPad: case Op.CatchPad: return parsePad(op);
    case Op.FNeg: {
      let f = parseFMF();
      let base = stack.len; let v = parseTypeAndValue(); if (v < 0) return -1;
      if (!isFP(scalarType(vType.get(v)))) return errorI("invalid operand type for instruction");
      stack.push(v); let i = make(op, vType.get(v), base); if (i >= 0) iFlags.set(i, f); return i;
    }
    case Op.Alloca: return parseAlloca();
    case Op.Load: return parseLoad();
    case Op.Store: return parseStore();
    case Op.GetElementPtr: return parseGEP();
    case Op.Fence: return parseFence();
    case Op.AtomicCmpXchg: return parseCmpXchg();
    case Op.AtomicRMW: return parseAtomicRMW();
    case Op.ICmp: case Op.FCmp: return parseCompare(op);
    case Op.Phi: return parsePhi();
    case Op.Select: return parseSelect();
    case Op.VAArg: {
      let base = stack.len; let v = parseTypeAndValue(); if (v < 0) return -1;
      if (!expect(T.Comma, "',' after vaarg operand")) return -1;
      let t = parseType(false); if (t < 0) return -1;
      stack.push(v); return make(op, t, base);
    }
    case Op.ExtractElement: case Op.InsertElement: case Op.ShuffleVector: return parseVectorOp(op);
    case Op.ExtractValue: case Op.InsertValue: return parseAggregateOp(op);
    case Op.LandingPad: return parseLandingPad();
    case Op.Freeze: { let base = stack.len; let v = parseTypeAndValue(); if (v < 0) return -1; stack.push(v); return make(op, vType.get(v), base); }
    default: break;
  }
  if (isBinary(op)) return parseBinary(op);
  if (isCast(op)) return parseCast(op);
  return errorI("expected instruction opcode");
}

function parseRet(): i32 {
  lastWasTerminator = true;
  let base = stack.len;
  let t = parseType(); if (t < 0) return -1;
  if (t == T_VOID) return make(Op.Ret, T_VOID, base);
  let v = parseValue(t); if (v < 0) return -1;
  stack.push(v);
  return make(Op.Ret, T_VOID, base);
}
function parseBr(): i32 {
  lastWasTerminator = true;
  let base = stack.len;
  if (isWord(K.KW_label)) { let b = parseBlockRef(); if (b < 0) return -1; stack.push(b); return make(Op.Br, T_VOID, base); }
  let c = parseTypeAndValue(); if (c < 0) return -1;
  if (vType.get(c) != T_I1) return errorI("branch condition must have 'i1' type");
  stack.push(c);
  if (!expect(T.Comma, "',' after branch condition")) return -1;
  let t = parseBlockRef(); if (t < 0) return -1; stack.push(t);
  if (!expect(T.Comma, "',' after true destination")) return -1;
  let f = parseBlockRef(); if (f < 0) return -1; stack.push(f);
  return make(Op.Br, T_VOID, base);
}
function parseSwitch(): i32 {
  lastWasTerminator = true;
  let base = stack.len;
  let c = parseTypeAndValue(); if (c < 0) return -1;
  if (!isInt(vType.get(c))) return errorI("switch condition must have integer type");
  stack.push(c);
  if (!expect(T.Comma, "',' after switch condition")) return -1;
  let d = parseBlockRef(); if (d < 0) return -1; stack.push(d);
  if (!expect(T.LSquare, "'[' with switch table")) return -1;
  while (tok != T.RSquare) {
    let cv = parseTypeAndValue(); if (cv < 0) return -1;
    if (<i32>vKind.get(cv) != VK.ConstInt) return errorI("case value is not a constant integer");
    for (let i = base + 2; i < stack.len; i += 2) if (stack.get(i) == cv) return errorI("duplicate case value in switch");
    stack.push(cv);
    if (!expect(T.Comma, "',' after case value")) return -1;
    let b = parseBlockRef(); if (b < 0) return -1; stack.push(b);
  }
  next();
  return make(Op.Switch, T_VOID, base);
}
function parseIndirectBr(): i32 {
  lastWasTerminator = true;
  let base = stack.len;
  let a = parseTypeAndValue(); if (a < 0) return -1;
  if (!isPtr(vType.get(a))) return errorI("indirectbr address must have pointer type");
  stack.push(a);
  if (!expect(T.Comma, "',' after indirectbr address")) return -1;
  if (!expect(T.LSquare, "'[' with destination list")) return -1;
  if (tok != T.RSquare) {
    while (true) {
      let b = parseBlockRef(); if (b < 0) return -1; stack.push(b);
      if (!eat(T.Comma)) break;
    }
  }
  if (!expect(T.RSquare, "']' at end of block list")) return -1;
  return make(Op.IndirectBr, T_VOID, base);
}
function parseCleanupRet(): i32 {
  lastWasTerminator = true;
  let base = stack.len;
  if (!expectWord(K.KW_from, "'from' after cleanupret")) return -1;
  let p = parseValue(T_TOKEN); if (p < 0) return -1; stack.push(p);
  if (!expectWord(K.KW_unwind, "'unwind' in cleanupret")) return -1;
  let flags = 0;
  if (isWord(K.KW_to)) { next(); if (!expectWord(K.KW_caller, "'caller' in cleanupret")) return -1; flags = F_UNWIND_CALLER; }
  else { let b = parseBlockRef(); if (b < 0) return -1; stack.push(b); }
  let i = make(Op.CleanupRet, T_VOID, base); if (i >= 0) iFlags.set(i, flags); return i;
}
function parseCatchRet(): i32 {
  lastWasTerminator = true;
  let base = stack.len;
  if (!expectWord(K.KW_from, "'from' after catchret")) return -1;
  let p = parseValue(T_TOKEN); if (p < 0) return -1; stack.push(p);
  if (!expectWord(K.KW_to, "'to' in catchret")) return -1;
  let b = parseBlockRef(); if (b < 0) return -1; stack.push(b);
  return make(Op.CatchRet, T_VOID, base);
}
function parseParentPad(base: i32): bool {
  if (!expectWord(K.KW_within, "'within' after catchswitch")) return false;
  if (isWord(K.KW_none)) { next(); stack.push(getNoneToken()); return true; }
  let p = parseValue(T_TOKEN); if (p < 0) return false;
  stack.push(p); return true;
}
import { getSimple } from "../ir/constants";
function getNoneToken(): i32 { return getSimple(VK.ConstNone, T_TOKEN); }
function parseCatchSwitch(): i32 {
  lastWasTerminator = true;
  let base = stack.len;
  if (!parseParentPad(base)) return -1;
  if (!expect(T.LSquare, "'[' with catchswitch labels")) return -1;
  while (true) {
    let b = parseBlockRef(); if (b < 0) return -1; stack.push(b);
    if (!eat(T.Comma)) break;
  }
  if (!expect(T.RSquare, "']' after catchswitch labels")) return -1;
  if (!expectWord(K.KW_unwind, "'unwind' after catchswitch scope")) return -1;
  let flags = 0;
  if (isWord(K.KW_to)) { next(); if (!expectWord(K.KW_caller, "'caller'")) return -1; flags = F_UNWIND_CALLER; }
  else { let u = parseBlockRef(); if (u < 0) return -1; stack.push(u); }
  let i = make(Op.CatchSwitch, T_TOKEN, base); if (i >= 0) iFlags.set(i, flags); return i;
}
function parsePad(op: i32): i32 {
  let base = stack.len;
  if (!expectWord(K.KW_within, "'within' after pad")) return -1;
  if (isWord(K.KW_none)) { next(); stack.push(getNoneToken()); }
  else { let p = parseValue(T_TOKEN); if (p < 0) return -1; stack.push(p); }
  if (!expect(T.LSquare, "'[' in pad")) return -1;
  if (tok != T.RSquare) {
    while (true) {
      let v = parseTypeAndValue(); if (v < 0) return -1; stack.push(v);
      if (!eat(T.Comma)) break;
    }
  }
  if (!expect(T.RSquare, "']' in pad")) return -1;
  return make(op, T_TOKEN, base);
}

function parseBinary(op: i32): i32 {
  let flags = 0;
  if (op == Op.Add || op == Op.Sub || op == Op.Mul || op == Op.Shl) {
    while (true) { if (eatWord(K.KW_nuw)) flags |= F_NUW; else if (eatWord(K.KW_nsw)) flags |= F_NSW; else break; }
  } else if (op == Op.UDiv || op == Op.SDiv || op == Op.LShr || op == Op.AShr) {
    if (eatWord(K.KW_exact)) flags |= F_EXACT;
  } else if (op == Op.Or) {
    if (eatWord(K.KW_disjoint)) flags |= F_DISJOINT;
  } else if (isFPBinary(op)) flags = parseFMF();
  let base = stack.len;
  let a = parseTypeAndValue(); if (a < 0) return -1;
  if (!expect(T.Comma, "',' in arithmetic operation")) return -1;
  let b = parseValue(vType.get(a)); if (b < 0) return -1;
  let st = scalarType(vType.get(a));
  if (isFPBinary(op) ? !isFP(st) : !isInt(st)) return errorI("invalid operand type for instruction");
  stack.push(a); stack.push(b);
  let i = make(op, vType.get(a), base); if (i >= 0) iFlags.set(i, flags); return i;
}
function parseCast(op: i32): i32 {
  let flags = 0;
  if (op == Op.Trunc) { while (true) { if (eatWord(K.KW_nuw)) flags |= F_NUW; else if (eatWord(K.KW_nsw)) flags |= F_NSW; else break; } }
  else if (op == Op.ZExt || op == Op.UIToFP) { if (eatWord(K.KW_nneg)) flags |= F_NNEG; }
  else if (op == Op.FPTrunc || op == Op.FPExt) flags = parseFMF();
  let base = stack.len;
  let v = parseTypeAndValue(); if (v < 0) return -1;
  if (!expectWord(K.KW_to, "'to' after cast value")) return -1;
  let t = parseType(); if (t < 0) return -1;
  if (!castValid(op, vType.get(v), t)) return errorI("invalid cast opcode for cast from '" + typeToString(vType.get(v)) + "' to '" + typeToString(t) + "'");
  stack.push(v);
  let i = make(op, t, base); if (i >= 0) iFlags.set(i, flags); return i;
}
import { intWidth } from "../ir/types";
function castValid(op: i32, s: i32, d: i32): bool {
  if (isVector(s) != isVector(d) && op != Op.BitCast) return false;
  if (isVector(s) && isVector(d) && op != Op.BitCast && tyN.get(s) != tyN.get(d)) return false;
  let ss = scalarType(s), ds = scalarType(d);
  switch (op) {
    case Op.Trunc: return isInt(ss) && isInt(ds) && intWidth(ss) > intWidth(ds);
    case Op.ZExt: case Op.SExt: return isInt(ss) && isInt(ds) && intWidth(ss) < intWidth(ds);
    case Op.FPTrunc: case Op.FPExt: return isFP(ss) && isFP(ds);
    case Op.FPToUI: case Op.FPToSI: return isFP(ss) && isInt(ds);
    case Op.UIToFP: case Op.SIToFP: return isInt(ss) && isFP(ds);
    case Op.PtrToInt: return isPtr(ss) && isInt(ds);
    case Op.PtrToAddr: return isPtr(ss) && isInt(ds);
    case Op.IntToPtr: return isInt(ss) && isPtr(ds);
    case Op.AddrSpaceCast: return isPtr(ss) && isPtr(ds);
    case Op.BitCast: return true;
  }
  return true;
}

function parseCompare(op: i32): i32 {
  let flags = 0;
  if (op == Op.FCmp) flags = parseFMF();
  else if (isWord(K.KW_samesign)) { if (!checkFeature(Feature.SameSign)) return -1; next(); flags |= F_SAMESIGN; }
  let pred = parseCmpPredicate(op == Op.FCmp); if (pred < 0) return -1;
  let base = stack.len;
  let a = parseTypeAndValue(); if (a < 0) return -1;
  if (!expect(T.Comma, "',' after compare value")) return -1;
  let b = parseValue(vType.get(a)); if (b < 0) return -1;
  let st = scalarType(vType.get(a));
  if (op == Op.ICmp ? !(isInt(st) || isPtr(st)) : !isFP(st)) return errorI(op == Op.ICmp ? "icmp requires integer operands" : "fcmp requires floating point operands");
  stack.push(a); stack.push(b);
  let i = make(op, withScalar(vType.get(a), T_I1), base);
  if (i >= 0) { iFlags.set(i, flags); setPredicate(i, pred); }
  return i;
}

function parsePhi(): i32 {
  let flags = parseFMF();
  let t = parseType(false); if (t < 0) return -1;
  let base = stack.len;
  if (!isFirstClass(t) || t == T_LABEL) return errorI("phi node must have first class type");
  while (true) {
    if (!expect(T.LSquare, "'[' in phi value list")) return -1;
    let v = parseValue(t); if (v < 0) return -1;
    if (!expect(T.Comma, "',' after insertelement value")) return -1;
    let b = parseValue(T_LABEL); if (b < 0) return -1;
    if (!expect(T.RSquare, "']' in phi value list")) return -1;
    stack.push(v); stack.push(b);
    if (tok != T.Comma) break;
    next();
    if (tok != T.LSquare) { // `, !md` attachment follows: give the comma back
      putBackComma(); break;
    }
  }
  let i = make(Op.Phi, t, base); if (i >= 0) iFlags.set(i, flags); return i;
}
// A comma consumed by a list loop that belongs to the trailing attachments.
export let pendingComma: bool = false;
function putBackComma(): void { pendingComma = true; }
export function resetPendingComma(): void { pendingComma = false; }

function parseSelect(): i32 {
  let flags = parseFMF();
  let base = stack.len;
  let c = parseTypeAndValue(); if (c < 0) return -1;
  if (!expect(T.Comma, "',' after select condition")) return -1;
  let a = parseTypeAndValue(); if (a < 0) return -1;
  if (!expect(T.Comma, "',' after select value")) return -1;
  let b = parseTypeAndValue(); if (b < 0) return -1;
  if (vType.get(a) != vType.get(b)) return errorI("select values must have same type as select instruction");
  if (scalarType(vType.get(c)) != T_I1) return errorI("select condition must be i1 or <n x i1>");
  stack.push(c); stack.push(a); stack.push(b);
  let i = make(Op.Select, vType.get(a), base); if (i >= 0) iFlags.set(i, flags); return i;
}

let maskVec: I32Vec = new I32Vec(32);
function parseVectorOp(op: i32): i32 {
  let base = stack.len;
  let a = parseTypeAndValue(); if (a < 0) return -1;
  if (!isVector(vType.get(a))) return errorI("invalid vector operand");
  stack.push(a);
  if (!expect(T.Comma, "',' after vector operand")) return -1;
  let b = parseTypeAndValue(); if (b < 0) return -1;
  if (op == Op.ExtractElement) {
    if (!isInt(vType.get(b))) return errorI("invalid extractelement operands");
    stack.push(b); return make(op, tyA.get(vType.get(a)), base);
  }
  stack.push(b);
  if (!expect(T.Comma, "',' after second operand")) return -1;
  let c = parseTypeAndValue(); if (c < 0) return -1;
  if (op == Op.InsertElement) { stack.push(c); return make(op, vType.get(a), base); }
  // shufflevector: the mask constant becomes a list of ints (-1 for undef/poison lanes)
  let mt = vType.get(c);
  if (!isVector(mt) || scalarType(mt) != T_I32) return errorI("invalid shufflevector operands");
  let n = <i32>tyN.get(mt);
  let scalable = <i32>tyKind.get(mt) == TK.ScalableVector;
  let rt = vectorType(tyA.get(vType.get(a)), n, scalable);
  let i = make(op, rt, base);
  if (i < 0) return -1;
  let s = ext.len;
  ext.push(n);
  let k = <i32>vKind.get(c);
  for (let j = 0; j < n; j++) {
    let m: i32;
    if (k == VK.ConstZero) m = 0;
    else if (k == VK.ConstUndef || k == VK.ConstPoison) m = -1;
    else if (k == VK.ConstVector) {
      let e = operandOf(c, j);
      let ek = <i32>vKind.get(e);
      m = ek == VK.ConstInt ? <i32>intSExt64(e) : -1;
    } else m = -1;
    ext.push(m);
  }
  iExt.set(i, s);
  return i;
}
import { operand as operandOf } from "../ir/values";

function parseAggregateOp(op: i32): i32 {
  let base = stack.len;
  let a = parseTypeAndValue(); if (a < 0) return -1;
  let at = vType.get(a);
  if (!isAggregate(at)) return errorI(op == Op.ExtractValue ? "extractvalue operand must be aggregate type" : "insertvalue operand must be aggregate type");
  stack.push(a);
  if (op == Op.InsertValue) {
    if (!expect(T.Comma, "',' after insertvalue operand")) return -1;
    let v = parseTypeAndValue(); if (v < 0) return -1;
    stack.push(v);
  }
  maskVec.clear();
  let t = at;
  while (tok == T.Comma) {
    next();
    if (tok != T.Int) { putBackComma(); break; }
    let idx = <i32>tokNum; next();
    let mt = memberType(t, idx);
    if (mt < 0 || idx < 0 || <i64>idx >= memberCountOf(t)) return errorI("invalid indices for " + (op == Op.ExtractValue ? "extractvalue" : "insertvalue"));
    maskVec.push(idx); t = mt;
  }
  if (maskVec.len == 0) return errorI("expected index");
  if (op == Op.InsertValue && vType.get(stack.get(base + 1)) != t) return errorI("insertvalue operand and field disagree in type: '" + typeToString(vType.get(stack.get(base + 1))) + "' instead of '" + typeToString(t) + "'");
  let i = make(op, op == Op.ExtractValue ? t : at, base);
  if (i < 0) return -1;
  let s = ext.len; ext.push(maskVec.len);
  for (let j = 0; j < maskVec.len; j++) ext.push(maskVec.get(j));
  iExt.set(i, s);
  return i;
}
import { memberCount as memberCountOf } from "../ir/types";

function parseLandingPad(): i32 {
  let t = parseType(false); if (t < 0) return -1;
  let flags = 0;
  if (eatWord(K.KW_cleanup)) flags |= F_CLEANUP;
  let base = stack.len;
  maskVec.clear();
  while (tok == T.Word && (tokStr == K.KW_catch || tokStr == K.KW_filter)) {
    maskVec.push(tokStr == K.KW_catch ? 0 : 1);
    next();
    let v = parseTypeAndValue(); if (v < 0) return -1;
    stack.push(v);
  }
  if (flags == 0 && maskVec.len == 0) return errorI("landingpad instruction does not have any clauses and is not a cleanup");
  let i = make(Op.LandingPad, t, base);
  if (i < 0) return -1;
  iFlags.set(i, flags);
  let s = ext.len; ext.push(maskVec.len);
  for (let j = 0; j < maskVec.len; j++) ext.push(maskVec.get(j));
  iExt.set(i, s);
  return i;
}

function parseAlloca(): i32 {
  let flags = 0;
  while (true) { if (eatWord(K.KW_inalloca)) flags |= F_INALLOCA; else if (eatWord(K.KW_swifterror)) flags |= F_SWIFTERROR; else break; }
  let t = parseType(false); if (t < 0) return -1;
  let base = stack.len;
  let size = -1; let align: i64 = 0; let as = 0; let asExplicit = false;
  while (eat(T.Comma)) {
    if (isWord(K.KW_align)) { align = parseAlignValue(); if (align < 0) return -1; continue; }
    if (isWord(K.KW_addrspace)) { as = parseAddrSpace(); if (as < 0) return -1; asExplicit = true; continue; }
    if (tok == T.MetadataVar) { putBackComma(); break; }
    if (size >= 0) return errorI("expected metadata after comma");
    size = parseTypeAndValue(); if (size < 0) return -1;
    if (!isInt(vType.get(size))) return errorI("element count must have integer type");
  }
  stack.push(size >= 0 ? size : getInt(T_I32, 1));
  let i = make(Op.Alloca, ptrType(as), base);
  if (i < 0) return -1;
  iFlags.set(i, flags | (size >= 0 ? 1 << 30 : 0));
  iExt.set(i, t);
  setParsedAlign(i, align);
  if (asExplicit) iAux.set(i, iAux.get(i) | (1 << 20));
  return i;
}

function parseLoad(): i32 {
  let flags = 0;
  if (eatWord(K.KW_atomic)) flags |= F_ATOMIC;
  if (eatWord(K.KW_volatile)) flags |= F_VOLATILE;
  let t = parseType(false); if (t < 0) return -1;
  if (!expect(T.Comma, "comma after load's type")) return -1;
  let base = stack.len;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  if (!isPtr(vType.get(p))) return errorI("load operand must be a pointer type");
  stack.push(p);
  let ss = -1, ord = 0;
  if (flags & F_ATOMIC) { ss = parseSyncScope(); if (ss == -2) return -1; ord = parseOrdering(); if (ord < 0) return -1; }
  let align = parseTrailingAlign(); if (align < 0) return -1;
  let i = make(Op.Load, t, base);
  if (i < 0) return -1;
  iFlags.set(i, flags); iExt.set(i, ss); setParsedAlign(i, align); setOrderings(i, ord, 0);
  return i;
}
function parseStore(): i32 {
  let flags = 0;
  if (eatWord(K.KW_atomic)) flags |= F_ATOMIC;
  if (eatWord(K.KW_volatile)) flags |= F_VOLATILE;
  let base = stack.len;
  let v = parseTypeAndValue(); if (v < 0) return -1;
  if (!expect(T.Comma, "',' after store operand")) return -1;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  if (!isPtr(vType.get(p))) return errorI("store operand must be a pointer");
  stack.push(v); stack.push(p);
  let ss = -1, ord = 0;
  if (flags & F_ATOMIC) { ss = parseSyncScope(); if (ss == -2) return -1; ord = parseOrdering(); if (ord < 0) return -1; }
  let align = parseTrailingAlign(); if (align < 0) return -1;
  let i = make(Op.Store, T_VOID, base);
  if (i < 0) return -1;
  iFlags.set(i, flags); iExt.set(i, ss); setParsedAlign(i, align); setOrderings(i, ord, 0);
  return i;
}
function parseFence(): i32 {
  let ss = parseSyncScope(); if (ss == -2) return -1;
  let ord = parseOrdering(); if (ord < 0) return -1;
  let i = make(Op.Fence, T_VOID, stack.len);
  if (i < 0) return -1;
  iExt.set(i, ss); setOrderings(i, ord, 0);
  return i;
}
function parseCmpXchg(): i32 {
  let flags = 0;
  if (eatWord(K.KW_weak)) flags |= F_WEAK;
  if (eatWord(K.KW_volatile)) flags |= F_VOLATILE;
  let base = stack.len;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  if (!expect(T.Comma, "',' after cmpxchg address")) return -1;
  let c = parseTypeAndValue(); if (c < 0) return -1;
  if (!expect(T.Comma, "',' after cmpxchg cmp operand")) return -1;
  let n = parseTypeAndValue(); if (n < 0) return -1;
  stack.push(p); stack.push(c); stack.push(n);
  let ss = parseSyncScope(); if (ss == -2) return -1;
  let so = parseOrdering(); if (so < 0) return -1;
  let fo = parseOrdering(); if (fo < 0) return -1;
  let align = parseTrailingAlign(); if (align < 0) return -1;
  stack2.clear(); stack2.push(vType.get(c)); stack2.push(T_I1);
  let rt = structType(stack2, 0, 2, false);
  let i = make(Op.AtomicCmpXchg, rt, base);
  if (i < 0) return -1;
  iFlags.set(i, flags); iExt.set(i, ss); setParsedAlign(i, align); setOrderings(i, so, fo);
  return i;
}
import { stack2 } from "./pstate";
function parseAtomicRMW(): i32 {
  let flags = 0;
  if (eatWord(K.KW_volatile)) flags |= F_VOLATILE;
  if (tok != T.Word) return errorI("expected binary operation in atomicrmw");
  let rop = -1;
  for (let j = 0; j < RMW_NAMES.length; j++) if (strtab.eqStr(tokStr, RMW_NAMES[j])) { rop = j; break; }
  if (rop < 0) return errorI("expected binary operation in atomicrmw");
  if (rmwFeature(rop) >= 0 && !checkFeature(rmwFeature(rop))) return -1;
  next();
  let base = stack.len;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  if (!expect(T.Comma, "',' after atomicrmw address")) return -1;
  let v = parseTypeAndValue(); if (v < 0) return -1;
  stack.push(p); stack.push(v);
  let ss = parseSyncScope(); if (ss == -2) return -1;
  let o = parseOrdering(); if (o < 0) return -1;
  let align = parseTrailingAlign(); if (align < 0) return -1;
  let i = make(Op.AtomicRMW, vType.get(v), base);
  if (i < 0) return -1;
  iFlags.set(i, flags); iExt.set(i, ss); setParsedAlign(i, align); setOrderings(i, o, 0); setPredicate(i, rop);
  return i;
}

function parseGEP(): i32 {
  let flags = 0;
  while (true) {
    if (eatWord(K.KW_inbounds)) flags |= F_INBOUNDS | F_GEP_NUSW;
    else if (eatWord(K.KW_nusw)) flags |= F_GEP_NUSW;
    else if (eatWord(K.KW_nuw)) flags |= F_GEP_NUW;
    else break;
  }
  let t = parseType(false); if (t < 0) return -1;
  if (!expect(T.Comma, "comma after getelementptr's type")) return -1;
  let base = stack.len;
  let p = parseTypeAndValue(); if (p < 0) return -1;
  let pt = vType.get(p);
  if (!isPtr(scalarType(pt))) return errorI("base of getelementptr must be a pointer");
  stack.push(p);
  let rt = pt;
  while (eat(T.Comma)) {
    if (tok == T.MetadataVar) { putBackComma(); break; }
    let idx = parseTypeAndValue(); if (idx < 0) return -1;
    let it = vType.get(idx);
    if (!isInt(scalarType(it))) return errorI("getelementptr index must be an integer");
    if (isVector(it) && !isVector(rt)) rt = vectorType(rt, tyN.get(it), <i32>tyKind.get(it) == TK.ScalableVector);
    stack.push(idx);
  }
  let i = make(Op.GetElementPtr, rt, base);
  if (i < 0) return -1;
  iFlags.set(i, flags); iExt.set(i, t);
  return i;
}

// Calling conventions by keyword; `cc N` numbers.
export function parseCallingConv(): i32 {
  if (tok != T.Word) return 0;
  let w = tokStr;
  let cc = ccOfWord(w);
  if (cc == -1 && strtab.lenOf(w) > 2 && load<u8>(strtab.ptrOf(w)) == 99 && load<u8>(strtab.ptrOf(w) + 1) == 99) {
    // `cc10`: the number follows the keyword directly
    let v = 0, ok = true;
    for (let i = 2; strtab.lenOf(w) > i; i++) { let d = <i32>load<u8>(strtab.ptrOf(w) + <usize>i) - 48; if (d < 0 || d > 9) { ok = false; break; } v = v * 10 + d; }
    if (ok) { next(); return v; }
  }
  if (cc == -2) { // cc N
    next();
    if (tok != T.Int) return errorI("expected integer");
    let n = <i32>tokNum; next(); return n;
  }
  if (cc >= 0) next();
  return cc < 0 ? 0 : cc;
}
import { ccOfWord } from "./cc";

let attrScratch: I32Vec = new I32Vec(32);
// call / invoke / callbr.
function parseCallLike(op: i32, tail: i32): i32 {
  let flags = tail << F_TAIL_SHIFT;
  if (op == Op.Call) flags |= parseFMF();
  let cc = parseCallingConv(); if (failed) return -1;
  let retAttrs = parseAttrSet(AC_RET); if (failed) return -1;
  let as = programAddrSpace();
  if (isWord(K.KW_addrspace)) { as = parseAddrSpace(); if (as < 0) return -1; }
  let t = parseType(); if (t < 0) return -1;
  let base = stack.len;
  // callee
  let fnTy = <i32>tyKind.get(t) == TK.Function ? t : -1;
  let calleeSlot = stack.len;
  stack.push(-1); // callee placeholder until the function type is known
  let calleeStart = tokStart;
  // We need the callee's type: it is a pointer (or inline asm of the function type). Parse args first? No:
  // LLVM parses the callee as a value of pointer type; inline asm gets the function type.
  let isAsm = tok == T.Word && strtab.eqStr(tokStr, "asm");
  let calleeTok = tok;
  // Defer: remember position, parse arguments, then parse callee value with the right type.
  // Simpler: parse callee now with ptr type unless inline asm.
  let callee: i32;
  if (isAsm) callee = -2; else { callee = parseValue(ptrType(as)); if (callee < 0) return -1; }
  let asmFlagsSave = 0;
  let asmStr = -1, asmCons = -1;
  if (isAsm) {
    next();
    while (tok == T.Word) {
      if (tokStr == K.KW_sideeffect) asmFlagsSave |= 1; else if (tokStr == K.KW_alignstack) asmFlagsSave |= 2;
      else if (tokStr == K.KW_inteldialect) asmFlagsSave |= 4; else if (tokStr == K.KW_unwind) asmFlagsSave |= 8; else break;
      next();
    }
    if (tok != T.String) return errorI("expected string constant for inline asm");
    asmStr = tokStr; next();
    if (!expect(T.Comma, "',' after inline asm string")) return -1;
    if (tok != T.String) return errorI("expected constraint string");
    asmCons = tokStr; next();
  }
  // arguments
  if (!expect(T.LParen, "'(' in call")) return -1;
  attrScratch.clear(); attrScratch.push(-1); attrScratch.push(retAttrs);
  let nArgs = 0;
  let argBase = stack.len;
  if (tok != T.RParen) {
    while (true) {
      if (tok == T.DotDotDot) { next(); break; } // musttail varargs forwarding
      let at = parseType(); if (at < 0) return -1;
      let pa = parseAttrSet(AC_PARAM); if (failed) return -1;
      let av = parseValue(at); if (av < 0) return -1;
      stack.push(av); attrScratch.push(pa); nArgs++;
      if (!eat(T.Comma)) break;
    }
  }
  if (!expect(T.RParen, "')' at end of argument list")) return -1;
  if (fnTy < 0) {
    stack2.clear();
    for (let j = 0; j < nArgs; j++) stack2.push(vType.get(stack.get(argBase + j)));
    if (<i32>tyKind.get(t) == TK.Label || t == T_METADATA) return errorI("invalid result type for call");
    fnTy = functionType(t, stack2, 0, nArgs, false);
  } else {
    let np = listLen(fnTy);
    let vararg = (tyFlagsOf.get(fnTy) & 1) != 0;
    if (nArgs < np || (!vararg && nArgs > np)) return errorI("invalid number of arguments for function type");
    for (let j = 0; j < np; j++) {
      if (vType.get(stack.get(argBase + j)) != listAt(fnTy, j)) return errorI("argument is not of expected type '" + typeToString(listAt(fnTy, j)) + "'");
    }
  }
  if (isAsm) callee = getInlineAsm(fnTy, asmStr, asmCons, asmFlagsSave);
  stack.set(calleeSlot, callee);
  // function attributes (incl. #N groups, resolved at the end of the module)
  let fnAttrs = parseAttrSet(AC_FN); if (failed) return -1;
  attrScratch.set(0, fnAttrs);
  // operand bundles
  let bundleBase = stack2.len;
  stack2.clear();
  let nBundles = 0;
  if (tok == T.LSquare) {
    next();
    while (true) {
      if (tok != T.String) return errorI("expected operand bundle tag");
      let tag = tokStr; next();
      if (!expect(T.LParen, "'(' after operand bundle tag")) return -1;
      let cnt = 0;
      if (tok != T.RParen) {
        while (true) {
          let bv = parseTypeAndValue(); if (bv < 0) return -1;
          stack.push(bv); cnt++;
          if (!eat(T.Comma)) break;
        }
      }
      if (!expect(T.RParen, "')' at end of operand bundle")) return -1;
      stack2.push(tag); stack2.push(cnt); nBundles++;
      if (!eat(T.Comma)) break;
    }
    if (!expect(T.RSquare, "']' at end of operand bundles")) return -1;
  }
  let nIndirect = 0;
  if (op == Op.Invoke) {
    if (!expectWord(K.KW_to, "'to' in invoke")) return -1;
    let nb = parseBlockRef(); if (nb < 0) return -1;
    if (!expectWord(K.KW_unwind, "'unwind' in invoke")) return -1;
    let ub = parseBlockRef(); if (ub < 0) return -1;
    stack.push(nb); stack.push(ub);
    lastWasTerminator = true;
  } else if (op == Op.CallBr) {
    if (!expectWord(K.KW_to, "'to' in callbr")) return -1;
    let db = parseBlockRef(); if (db < 0) return -1;
    stack.push(db);
    if (!expect(T.LSquare, "'[' in callbr")) return -1;
    if (tok != T.RSquare) {
      while (true) {
        let ib = parseBlockRef(); if (ib < 0) return -1;
        stack.push(ib); nIndirect++;
        if (!eat(T.Comma)) break;
      }
    }
    if (!expect(T.RSquare, "']' at end of block list")) return -1;
    lastWasTerminator = true;
  }
  let retTy = listAtRet(fnTy);
  let i = make(op, retTy, base);
  if (i < 0) return -1;
  iFlags.set(i, flags);
  let rec = ext.len;
  ext.push(fnTy);
  ext.push(internAttrList(attrScratch, 0, attrScratch.len));
  ext.push(cc); ext.push(nArgs); ext.push(nBundles);
  for (let j = 0; j < stack2.len; j++) ext.push(stack2.get(j));
  ext.push(nIndirect);
  iExt.set(i, rec);
  stack2.clear();
  return i;
}
import { tyFlags as tyFlagsOf } from "../ir/types";
import { getInlineAsm } from "../ir/constants";
function listAtRet(fnTy: i32): i32 { return tyA.get(fnTy); }
export { failed };

// Re-creates this file's scratch buffers after an arena reset.
export function resetInstScratch(): void {
  opcodeByStr = new I32Vec();
  maskVec = new I32Vec(32);
  attrScratch = new I32Vec(32);
}
