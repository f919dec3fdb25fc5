// call, invoke and callbr: calling convention, attributes, callee type, arguments, operand
// bundles and callbr's destinations.
import { rd } from "./reader";
import { I32Vec } from "../util/vec";
import { lx, T, next } from "./lexer";
import { strtab } from "../ir/module";
import * as K from "./keywords";
import { errorI, eat, expect, expectWord, isWord } from "./pstate";
import { parseType, parseAddrSpace } from "./parse-types";
import { parseTypeAndValue, parseValue, parseBlockRef } from "./parse-values";
import { parseAttrSet, AC_PARAM, AC_RET, AC_FN } from "./parse-attrs";
import { TK, tyKind, tyA, T_METADATA, ptrType, functionType, listLen, listAt, tyFlags as tyFlagsOf } from "../ir/types";
import { vType, iFlags, iExt, ext } from "../ir/values";
import { Op, F_TAIL_SHIFT } from "../ir/opcodes";
import { typeToString } from "./printer-types";
import { internAttrList } from "../ir/attributes";
import { programAddrSpace } from "../ir/datalayout";
import { ccOfWord } from "./cc";
import { getInlineAsm } from "../ir/constants";
import { make, markTerminator, parseFMF } from "./parse-inst";

// Calling conventions by keyword; `cc N` numbers.
export function parseCallingConv(): i32 {
  if (lx.tok != T.Word) return 0;
  let w = lx.tokStr;
  let cc = ccOfWord(w);
  if (cc == -1 && strtab.lenOf(w) > 2 && load<u8>(strtab.ptrOf(w)) == 99 && load<u8>(strtab.ptrOf(w) + 1) == 99) {
    // `cc10`: the number follows the keyword directly
    let v = 0, ok = true;
    for (let i = 2; strtab.lenOf(w) > i; i++) { let d = <i32>load<u8>(strtab.ptrOf(w) + <usize>i) - 48; if (d < 0 || d > 9) { ok = false; break; } v = v * 10 + d; }
    if (ok) { next(); return v; }
  }
  if (cc == -2) { // cc N
    next();
    if (lx.tok != T.Int) return errorI("expected integer");
    let n = <i32>lx.tokNum; next(); return n;
  }
  if (cc >= 0) next();
  return cc < 0 ? 0 : cc;
}

// call / invoke / callbr.
export function parseCallLike(op: i32, tail: i32): i32 {
  let flags = tail << F_TAIL_SHIFT;
  if (op == Op.Call) flags |= parseFMF();
  let cc = parseCallingConv(); if (rd.failed) return -1;
  let retAttrs = parseAttrSet(AC_RET); if (rd.failed) return -1;
  let as = programAddrSpace();
  if (isWord(K.KW_addrspace)) { as = parseAddrSpace(); if (as < 0) return -1; }
  let t = parseType(); if (t < 0) return -1;
  let base = rd.stack.len;
  // callee
  let fnTy = <i32>tyKind.get(t) == TK.Function ? t : -1;
  let calleeSlot = rd.stack.len;
  rd.stack.push(-1); // callee placeholder until the function type is known
  let calleeStart = lx.tokStart;
  // We need the callee's type: it is a pointer (or inline asm of the function type). Parse args first? No:
  // LLVM parses the callee as a value of pointer type; inline asm gets the function type.
  let isAsm = lx.tok == T.Word && strtab.eqStr(lx.tokStr, "asm");
  let calleeTok = lx.tok;
  // Defer: remember position, parse arguments, then parse callee value with the right type.
  // Simpler: parse callee now with ptr type unless inline asm.
  let callee: i32;
  if (isAsm) callee = -2; else { callee = parseValue(ptrType(as)); if (callee < 0) return -1; }
  let asmFlagsSave = 0;
  let asmStr = -1, asmCons = -1;
  if (isAsm) {
    next();
    while (lx.tok == T.Word) {
      if (lx.tokStr == K.KW_sideeffect) asmFlagsSave |= 1; else if (lx.tokStr == K.KW_alignstack) asmFlagsSave |= 2;
      else if (lx.tokStr == K.KW_inteldialect) asmFlagsSave |= 4; else if (lx.tokStr == K.KW_unwind) asmFlagsSave |= 8; else break;
      next();
    }
    if (lx.tok != T.String) return errorI("expected string constant for inline asm");
    asmStr = lx.tokStr; next();
    if (!expect(T.Comma, "',' after inline asm string")) return -1;
    if (lx.tok != T.String) return errorI("expected constraint string");
    asmCons = lx.tokStr; next();
  }
  // arguments
  if (!expect(T.LParen, "'(' in call")) return -1;
  rd.callAttrScratch.clear(); rd.callAttrScratch.push(-1); rd.callAttrScratch.push(retAttrs);
  let nArgs = 0;
  let argBase = rd.stack.len;
  if (lx.tok != T.RParen) {
    while (true) {
      if (lx.tok == T.DotDotDot) { next(); break; } // musttail varargs forwarding
      let at = parseType(); if (at < 0) return -1;
      let pa = parseAttrSet(AC_PARAM); if (rd.failed) return -1;
      let av = parseValue(at); if (av < 0) return -1;
      rd.stack.push(av); rd.callAttrScratch.push(pa); nArgs++;
      if (!eat(T.Comma)) break;
    }
  }
  if (!expect(T.RParen, "')' at end of argument list")) return -1;
  if (fnTy < 0) {
    rd.stack2.clear();
    for (let j = 0; j < nArgs; j++) rd.stack2.push(vType.get(rd.stack.get(argBase + j)));
    if (<i32>tyKind.get(t) == TK.Label || t == T_METADATA) return errorI("invalid result type for call");
    fnTy = functionType(t, rd.stack2, 0, nArgs, false);
  } else {
    let np = listLen(fnTy);
    let vararg = (tyFlagsOf.get(fnTy) & 1) != 0;
    if (nArgs < np || (!vararg && nArgs > np)) return errorI("invalid number of arguments for function type");
    for (let j = 0; j < np; j++) {
      if (vType.get(rd.stack.get(argBase + j)) != listAt(fnTy, j)) return errorI("argument is not of expected type '" + typeToString(listAt(fnTy, j)) + "'");
    }
  }
  if (isAsm) callee = getInlineAsm(fnTy, asmStr, asmCons, asmFlagsSave);
  rd.stack.set(calleeSlot, callee);
  // function attributes (incl. #N groups, resolved at the end of the module)
  let fnAttrs = parseAttrSet(AC_FN); if (rd.failed) return -1;
  rd.callAttrScratch.set(0, fnAttrs);
  // operand bundles
  let bundleBase = rd.stack2.len;
  rd.stack2.clear();
  let nBundles = 0;
  if (lx.tok == T.LSquare) {
    next();
    while (true) {
      if (lx.tok != T.String) return errorI("expected operand bundle tag");
      let tag = lx.tokStr; next();
      if (!expect(T.LParen, "'(' after operand bundle tag")) return -1;
      let cnt = 0;
      if (lx.tok != T.RParen) {
        while (true) {
          let bv = parseTypeAndValue(); if (bv < 0) return -1;
          rd.stack.push(bv); cnt++;
          if (!eat(T.Comma)) break;
        }
      }
      if (!expect(T.RParen, "')' at end of operand bundle")) return -1;
      rd.stack2.push(tag); rd.stack2.push(cnt); nBundles++;
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
    rd.stack.push(nb); rd.stack.push(ub);
    markTerminator();
  } else if (op == Op.CallBr) {
    if (!expectWord(K.KW_to, "'to' in callbr")) return -1;
    let db = parseBlockRef(); if (db < 0) return -1;
    rd.stack.push(db);
    if (!expect(T.LSquare, "'[' in callbr")) return -1;
    if (lx.tok != T.RSquare) {
      while (true) {
        let ib = parseBlockRef(); if (ib < 0) return -1;
        rd.stack.push(ib); nIndirect++;
        if (!eat(T.Comma)) break;
      }
    }
    if (!expect(T.RSquare, "']' at end of block list")) return -1;
    markTerminator();
  }
  let retTy = listAtRet(fnTy);
  let i = make(op, retTy, base);
  if (i < 0) return -1;
  iFlags.set(i, flags);
  let rec = ext.len;
  ext.push(fnTy);
  ext.push(internAttrList(rd.callAttrScratch, 0, rd.callAttrScratch.len));
  ext.push(cc); ext.push(nArgs); ext.push(nBundles);
  for (let j = 0; j < rd.stack2.len; j++) ext.push(rd.stack2.get(j));
  ext.push(nIndirect);
  iExt.set(i, rec);
  rd.stack2.clear();
  return i;
}
function listAtRet(fnTy: i32): i32 { return tyA.get(fnTy); }
