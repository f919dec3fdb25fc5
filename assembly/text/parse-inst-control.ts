// Terminators and exception-handling instructions: ret, br, switch, indirectbr, the funclet pads
// and their returns, catchswitch, landingpad.
import { rd, fnScope } from "./reader";
import { lx, T, next } from "./lexer";
import * as K from "./keywords";
import { error, errorI, errorAt, errorAtI, eat, expect, expectWord, isWord, eatWord } from "./pstate";
import { parseType } from "./parse-types";
import { parseTypeAndValue, parseValue, parseBlockRef, parseLabelValue, isBlockRef } from "./parse-values";
import { TK, tyKind, T_VOID, T_I1, T_TOKEN, tyA, isInt, isPtr } from "../ir/types";
import { llvmVersion } from "../ir/version";
import { gValueType } from "../ir/globals";
import { typeToString } from "./printer-types";
import { VK, vKind, vType, vA, iFlags, iExt, ext } from "../ir/values";
import { Op, F_CLEANUP, F_UNWIND_CALLER } from "../ir/opcodes";
import { getSimple, isConstant } from "../ir/constants";
import { make, markTerminator } from "./parse-inst-common";

export function parseRet(): i32 {
  markTerminator();
  let base = rd.stack.len;
  let typeOff = lx.tokStart;
  let t = parseType(); if (t < 0) return -1;
  let want = tyA.get(gValueType.get(vA.get(fnScope.fnValue)));
  // the value is parsed before its type is compared (a bad value is reported first)
  let v = t != T_VOID ? parseValue(t) : -1;
  if (t != T_VOID && v < 0) return -1;
  if (t != want) { errorAt("value doesn't match function result type '" + typeToString(want) + "'", typeOff); return -1; }
  if (v >= 0) rd.stack.push(v);
  return make(Op.Ret, T_VOID, base);
}
export function parseBr(): i32 {
  markTerminator();
  let base = rd.stack.len;
  let cAt = lx.tokStart;
  if (isWord(K.KW_label)) {
    let b = parseLabelValue(); if (b < 0) return -1;
    // (a label argument, LLVM 19: taken for the condition)
    if (!isBlockRef(b)) return errorAtI("branch condition must have 'i1' type", cAt);
    rd.stack.push(b); return make(Op.Br, T_VOID, base);
  }
  let c = parseTypeAndValue(); if (c < 0) return -1;
  if (vType.get(c) != T_I1) return errorAtI("branch condition must have 'i1' type", cAt);
  rd.stack.push(c);
  if (!expect(T.Comma, "',' after branch condition")) return -1;
  let t = parseBlockRef(); if (t < 0) return -1; rd.stack.push(t);
  if (!expect(T.Comma, "',' after true destination")) return -1;
  let f = parseBlockRef(); if (f < 0) return -1; rd.stack.push(f);
  return make(Op.Br, T_VOID, base);
}
export function parseSwitch(): i32 {
  markTerminator();
  let base = rd.stack.len;
  let cAt = lx.tokStart;
  let c = parseTypeAndValue(); if (c < 0) return -1;
  if (!isInt(vType.get(c))) return errorAtI("switch condition must have integer type", cAt);
  rd.stack.push(c);
  if (!expect(T.Comma, "',' after switch condition")) return -1;
  let d = parseBlockRef(); if (d < 0) return -1; rd.stack.push(d);
  if (!expect(T.LSquare, "'[' with switch table")) return -1;
  while (lx.tok != T.RSquare) {
    let caseLoc = lx.tokStart;
    let cv = parseTypeAndValue(); if (cv < 0) return -1;
    if (!expect(T.Comma, "',' after case value")) return -1;
    let b = parseBlockRef(); if (b < 0) return -1;
    for (let i = base + 2; i < rd.stack.len; i += 2) if (rd.stack.get(i) == cv) return errorAtI("duplicate case value in switch", caseLoc);
    if (<i32>vKind.get(cv) != VK.ConstInt) return errorAtI("case value is not a constant integer", caseLoc);
    rd.stack.push(cv); rd.stack.push(b);
  }
  next();
  return make(Op.Switch, T_VOID, base);
}
export function parseIndirectBr(): i32 {
  markTerminator();
  let base = rd.stack.len;
  let aAt = lx.tokStart;
  let a = parseTypeAndValue(); if (a < 0) return -1;
  if (!isPtr(vType.get(a))) return errorAtI("indirectbr address must have pointer type", aAt);
  rd.stack.push(a);
  if (!expect(T.Comma, "',' after indirectbr address")) return -1;
  if (!expect(T.LSquare, "'[' with indirectbr")) return -1;
  if (lx.tok != T.RSquare) {
    while (true) {
      let b = parseBlockRef(); if (b < 0) return -1; rd.stack.push(b);
      if (!eat(T.Comma)) break;
    }
  }
  if (!expect(T.RSquare, "']' at end of block list")) return -1;
  return make(Op.IndirectBr, T_VOID, base);
}
export function parseCleanupRet(): i32 {
  markTerminator();
  let base = rd.stack.len;
  if (!expectWord(K.KW_from, "'from' after cleanupret")) return -1;
  let p = parseValue(T_TOKEN); if (p < 0) return -1; rd.stack.push(p);
  if (!expectWord(K.KW_unwind, "'unwind' in cleanupret")) return -1;
  let flags = 0;
  if (isWord(K.KW_to)) { next(); if (!expectWord(K.KW_caller, "'caller' in cleanupret")) return -1; flags = F_UNWIND_CALLER; }
  else { let b = parseBlockRef(); if (b < 0) return -1; rd.stack.push(b); }
  let i = make(Op.CleanupRet, T_VOID, base); if (i >= 0) iFlags.set(i, flags); return i;
}
export function parseCatchRet(): i32 {
  markTerminator();
  let base = rd.stack.len;
  if (!expectWord(K.KW_from, "'from' after catchret")) return -1;
  let p = parseValue(T_TOKEN); if (p < 0) return -1; rd.stack.push(p);
  if (!expectWord(K.KW_to, "'to' in catchret")) return -1;
  let b = parseBlockRef(); if (b < 0) return -1; rd.stack.push(b);
  return make(Op.CatchRet, T_VOID, base);
}
// The parent pad after `within`: none or a local (a catchpad's only a local), as LLParser reads it
// (op: the pad's opcode).
function parseParentPad(op: i32): bool {
  if (!isWord(K.KW_within)) {
    return error(op == Op.CatchSwitch ? "expected 'within' after catchswitch" : op == Op.CatchPad ? "expected 'within' after catchpad" : "expected 'within' after cleanuppad");
  }
  next();
  if (isWord(K.KW_none) && op != Op.CatchPad) { next(); rd.stack.push(getNoneToken()); return true; }
  if (lx.tok != T.LocalVar && lx.tok != T.LocalID) {
    return error(op == Op.CatchSwitch ? "expected scope value for catchswitch" : op == Op.CatchPad ? "expected scope value for catchpad" : "expected scope value for cleanuppad");
  }
  let p = parseValue(T_TOKEN); if (p < 0) return false;
  rd.stack.push(p); return true;
}
function getNoneToken(): i32 { return getSimple(VK.ConstNone, T_TOKEN); }
export function parseCatchSwitch(): i32 {
  markTerminator();
  let base = rd.stack.len;
  if (!parseParentPad(Op.CatchSwitch)) return -1;
  if (!expect(T.LSquare, "'[' with catchswitch labels")) return -1;
  while (true) {
    let b = parseBlockRef(); if (b < 0) return -1; rd.stack.push(b);
    if (!eat(T.Comma)) break;
  }
  if (!expect(T.RSquare, "']' after catchswitch labels")) return -1;
  if (!expectWord(K.KW_unwind, "'unwind' after catchswitch scope")) return -1;
  let flags = 0;
  if (isWord(K.KW_to)) { next(); if (!expectWord(K.KW_caller, "'caller' in catchswitch")) return -1; flags = F_UNWIND_CALLER; }
  else { let u = parseBlockRef(); if (u < 0) return -1; rd.stack.push(u); }
  let i = make(Op.CatchSwitch, T_TOKEN, base); if (i >= 0) iFlags.set(i, flags); return i;
}
export function parsePad(op: i32): i32 {
  let base = rd.stack.len;
  if (!parseParentPad(op)) return -1;
  // LLParser::parseExceptionArgs
  if (!expect(T.LSquare, "'[' in catchpad/cleanuppad")) return -1;
  let n = 0;
  while (lx.tok != T.RSquare) {
    if (n > 0 && !expect(T.Comma, "',' in argument list")) return -1;
    let v = parseTypeAndValue(); if (v < 0) return -1; rd.stack.push(v); n++;
  }
  next();
  return make(op, T_TOKEN, base);
}

export function parseLandingPad(): i32 {
  let t = parseType(false); if (t < 0) return -1;
  let flags = 0;
  if (eatWord(K.KW_cleanup)) flags |= F_CLEANUP;
  let base = rd.stack.len;
  rd.maskVec.clear();
  while (lx.tok == T.Word && (lx.tokStr == K.KW_catch || lx.tokStr == K.KW_filter)) {
    let isCatch = lx.tokStr == K.KW_catch;
    rd.maskVec.push(isCatch ? 0 : 1);
    next();
    let vLoc = lx.tokStart;
    let vt = parseType(); if (vt < 0) return -1;
    // a global not defined yet is a constant too (LLVM's placeholder for it is a global)
    let global = lx.tok == T.GlobalVar || lx.tok == T.GlobalID;
    let v = parseValue(vt); if (v < 0) return -1;
    // (LLVM 19 leaves the clause types to the verifier)
    if (llvmVersion >= 22 && isCatch == (<i32>tyKind.get(vType.get(v)) == TK.Array)) return errorAtI(isCatch ? "'catch' clause has an invalid type" : "'filter' clause has an invalid type", vLoc);
    if (!isConstant(v) && !(global && <i32>vKind.get(v) == VK.Forward)) return errorAtI("clause argument must be a constant", vLoc);
    rd.stack.push(v);
  }
  // (none, and no cleanup: LLParser reads it, the verifier reports it)
  let i = make(Op.LandingPad, t, base);
  if (i < 0) return -1;
  iFlags.set(i, flags);
  let s = ext.len; ext.push(rd.maskVec.len);
  for (let j = 0; j < rd.maskVec.len; j++) ext.push(rd.maskVec.get(j));
  iExt.set(i, s);
  return i;
}
