// call, invoke and callbr: calling convention, attributes, callee type, arguments, operand
// bundles and callbr's destinations.
import { rd, fnScope } from "./reader";
import { I32Vec } from "../util/vec";
import { lx, T, next } from "./lexer";
import { strtab } from "../ir/module";
import * as K from "./keywords";
import { errorI, errorAt, errorAtI, parseUInt32, eat, expect, expectWord, isWord } from "./pstate";
import { parseType, parseAddrSpace } from "./parse-types";
import { parseTypeAndValue, parseValue, parseBlockRef } from "./parse-values";
import { parseAttrSet, AC_PARAM, AC_RET, AC_FN } from "./parse-attrs";
import {
  TK, tyKind, tyA, T_VOID, T_METADATA, ptrType, functionType, listLen, listAt, isFP, scalarType, tyFlags as tyFlagsOf,
  fpMathOperatorType,
  isValidArgumentType,
} from "../ir/types";
import { llvmVersion } from "../ir/version";
import { vType, vA, iFlags, iExt, ext } from "../ir/values";
import { gValueType } from "../ir/globals";
import { Op, F_TAIL_SHIFT } from "../ir/opcodes";
import { typeToString } from "./printer-types";
import { internAttrList } from "../ir/attributes";
import { programAddrSpace } from "../ir/datalayout";
import { ccOfWord, RISCV_VLS_FIRST, RISCV_VLS_LAST } from "./cc";
import { getInlineAsm } from "../ir/constants";
import { inlineAsmError } from "./inline-asm";
import { make, markTerminator, parseFMF } from "./parse-inst-common";

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
  if (cc == -1 && llvmVersion >= 22 && strtab.eqStr(w, "riscv_vls_cc")) return parseRiscvVLS();
  if (cc == -2) { // cc N: an unsigned 32-bit number
    next();
    let n = parseUInt32(); if (n < 0) return -1;
    return <i32>n;
  }
  if (cc >= 0) next();
  return cc < 0 ? 0 : cc;
}

// LLVM 22's `riscv_vls_cc(VLEN)`, VLEN a power of two from 32 to 65536; alone it is VLEN 128,
// and LLParser then steps over the token after it too (as written: `riscv_vls_cc void @f` loses
// its `void`).
function parseRiscvVLS(): i32 {
  next();
  if (!eat(T.LParen)) { next(); return RISCV_VLS_FIRST + 2; }
  let vlen = parseUInt32(); if (vlen < 0) return -1;
  if (!eat(T.RParen)) return errorI("expected ')'");
  for (let k = 0; k <= RISCV_VLS_LAST - RISCV_VLS_FIRST; k++) if (vlen == (<i64>32 << k)) return RISCV_VLS_FIRST + k;
  return errorI("unknown RISC-V ABI VLEN");
}

// call / invoke / callbr.
// `callLoc`: where opt places the call's own errors (its 'call' word after a tail marker, else the
// word after the opcode; -1 for the latter).
export function parseCallLike(op: i32, tail: i32, callLoc: i32 = -1): i32 {
  if (callLoc < 0) callLoc = lx.tokStart;
  let flags = tail << F_TAIL_SHIFT;
  let fmf = 0;
  if (op == Op.Call) { fmf = parseFMF(); flags |= fmf; }
  let cc = parseCallingConv(); if (rd.failed) return -1;
  let retAttrs = parseAttrSet(AC_RET); if (rd.failed) return -1;
  let as = programAddrSpace();
  if (isWord(K.KW_addrspace)) { as = parseAddrSpace(); if (as < 0) return -1; }
  let retTypeLoc = lx.tokStart;
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
  let calleeName = lx.tok == T.GlobalVar ? lx.tokStr : -1;
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
    if (lx.tok != T.String) return errorI("expected string constant");
    asmStr = lx.tokStr; next();
    if (!expect(T.Comma, "comma in inline asm expression")) return -1;
    if (lx.tok != T.String) return errorI("expected constraint string");
    asmCons = lx.tokStr; next();
  }
  // arguments
  if (!expect(T.LParen, "'(' in call")) return -1;
  rd.callAttrScratch.clear(); rd.callAttrScratch.push(-1); rd.callAttrScratch.push(retAttrs);
  let nArgs = 0;
  let argBase = rd.stack.len;
  // LLParser checks the arguments against an explicit function type once the whole call is read:
  // the first argument in error, then their number; the call is built from the argument types
  // otherwise, with a valid result type
  let argErr = "", argErrLoc = -1;
  let np = fnTy >= 0 ? listLen(fnTy) : 0;
  let vararg = fnTy >= 0 && (tyFlagsOf.get(fnTy) & 1) != 0;
  // `...` forwards the varargs of a varargs function in a musttail call, and ends the list there
  let fv = fnScope.fnValue;
  let inVarArgs = fv >= 0 && (tyFlagsOf.get(gValueType.get(vA.get(fv))) & 1) != 0;
  let ellipsis = false;
  if (lx.tok != T.RParen) {
    while (true) {
      if (lx.tok == T.DotDotDot) {
        if (tail != 2) return errorI("unexpected ellipsis in argument list for non-musttail call");
        if (!inVarArgs) return errorI("unexpected ellipsis in argument list for musttail call in non-varargs function");
        next(); ellipsis = true; break;
      }
      let argLoc = lx.tokStart;
      let at = parseType(false); if (at < 0) return -1;
      // (LLVM 22: FunctionType::isValidArgumentType, no label)
      if (llvmVersion >= 22 && !isValidArgumentType(at)) return errorAtI("invalid type for function argument", argLoc);
      let pa = parseAttrSet(AC_PARAM); if (rd.failed) return -1;
      let av = parseValue(at); if (av < 0) return -1;
      if (fnTy >= 0 && argErrLoc < 0) {
        if (nArgs >= np) { if (!vararg) { argErr = "too many arguments specified"; argErrLoc = argLoc; } }
        else if (at != listAt(fnTy, nArgs)) { argErr = "argument is not of expected type '" + typeToString(listAt(fnTy, nArgs)) + "'"; argErrLoc = argLoc; }
      }
      rd.stack.push(av); rd.callAttrScratch.push(pa); nArgs++;
      if (!eat(T.Comma)) break;
    }
  }
  // (LLParser::parseParameterList: the list ends at ')' only, or after the ellipsis)
  if (!ellipsis && lx.tok != T.RParen) return errorI("expected ',' in argument list");
  if (!ellipsis && lx.tok == T.RParen && tail == 2 && inVarArgs) return errorI("expected '...' at end of argument list for musttail call in varargs function");
  if (!expect(T.RParen, "')' at end of argument list")) return -1;
  if (fnTy < 0) {
    rd.stack2.clear();
    for (let j = 0; j < nArgs; j++) rd.stack2.push(vType.get(rd.stack.get(argBase + j)));
    if (<i32>tyKind.get(t) == TK.Label || t == T_METADATA) { argErr = "Invalid result type for LLVM function"; argErrLoc = retTypeLoc; }
    else fnTy = functionType(t, rd.stack2, 0, nArgs, false);
  } else if (argErrLoc < 0 && nArgs < np) { argErr = "not enough parameters specified for call"; argErrLoc = callLoc; }
  if (fnTy < 0) fnTy = functionType(T_VOID, rd.stack2, 0, 0, false); // stands in until the error below
  if (isAsm) callee = getInlineAsm(fnTy, asmStr, asmCons, asmFlagsSave);
  rd.stack.set(calleeSlot, callee);
  // function attributes (incl. #N groups, resolved at the end of the module)
  let fnAttrs = parseAttrSet(AC_FN); if (rd.failed) return -1;
  rd.callAttrScratch.set(0, fnAttrs);
  // operand bundles
  let bundleBase = rd.stack2.len;
  rd.stack2.clear();
  let nBundles = 0;
  if (lx.tok == T.LSquare) { // LLParser::parseOptionalOperandBundles
    let beginLoc = lx.tokStart;
    next();
    while (lx.tok != T.RSquare) {
      if (nBundles > 0 && !expect(T.Comma, "',' in input list")) return -1;
      if (lx.tok != T.String) return errorI("expected string constant");
      let tag = lx.tokStr; next();
      if (!expect(T.LParen, "'(' in operand bundle")) return -1;
      let cnt = 0;
      while (lx.tok != T.RParen) {
        if (cnt > 0 && !expect(T.Comma, "',' in input list")) return -1;
        let bv = parseTypeAndValue(); if (bv < 0) return -1;
        rd.stack.push(bv); cnt++;
      }
      next();
      rd.stack2.push(tag); rd.stack2.push(cnt); nBundles++;
    }
    if (nBundles == 0) { errorAt("operand bundle set must not be empty", beginLoc); return -1; }
    next();
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
  // LLParser resolves the function type, then builds the callee (an inline asm callee's
  // constraints are checked then), then checks the arguments
  if (argErrLoc >= 0 && argErrLoc == retTypeLoc) { errorAt(argErr, argErrLoc); return -1; }
  if (isAsm) {
    let why = inlineAsmError(fnTy, asmCons);
    if (why.length > 0) { errorAt(why, calleeStart); return -1; }
  }
  if (argErrLoc >= 0) { errorAt(argErr, argErrLoc); return -1; }
  let retTy = listAtRet(fnTy);
  if (fmf != 0 && !fpMathType(retTy)) { errorAt("fast-math-flags specified for call without floating-point scalar or vector return type", callLoc); return -1; }
  if (op == Op.Call && calleeName >= 0 && oldDbgIntrinsic(calleeName)) {
    if (rd.seenDbgRecord) { errorAt("llvm.dbg intrinsic should not appear in a module using non-intrinsic debug info", callLoc); return -1; }
    rd.seenDbgIntrinsic = true;
  }
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
// llvm.dbg.declare, llvm.dbg.value or llvm.dbg.assign (LLParser's isOldDbgFormatIntrinsic).
function oldDbgIntrinsic(nm: i32): bool {
  if (!strtab.startsWithStr(nm, "llvm.dbg.")) return false;
  return strtab.eqStr(nm, "llvm.dbg.declare") || strtab.eqStr(nm, "llvm.dbg.value") || strtab.eqStr(nm, "llvm.dbg.assign");
}
// FPMathOperator for a call (ir/types.ts fpMathOperatorType).
export function fpMathType(t: i32): bool { return fpMathOperatorType(t, llvmVersion); }
