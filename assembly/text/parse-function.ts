// Function declarations and definitions: the header (arguments, attributes, section, GC,
// prefix/prologue, personality) and the body's blocks, instructions, debug records and
// attachments.
import { rd, fnScope } from "./reader";
import { I32Vec } from "../util/vec";
import { lx, T, next } from "./lexer";
import { Sym, SYM_DEF, SYM_LABEL, SYM_IMPLICIT, SYM_DECLARE, indexing, noteAt, noteArg, beginArgs, setArgScope, setArgValues } from "./symbol-index";
import { strtab, strtabString } from "../ir/module";
import * as K from "./keywords";
import { error, errorAt, eat, expect, isWord, parseAlignment } from "./pstate";
import { llvmVersion } from "../ir/version";
import { encodeAlign } from "../ir/align";
import { parseType, parseAddrSpace } from "./parse-types";
import { parseTypeAndValue } from "./parse-values";
import {
  localLookupName, localSetName, localLookupNum, localSetNum, forwardPosOf, globalLookupName, globalLookupNum,
} from "./parse-symbols";
import { setBlockEarlyRank } from "../ir/block-order";
import { parseAttachment, parseDebugRecord } from "./parse-meta";
import { parseAttrSet, lastBuiltinAt, AC_PARAM, AC_RET, AC_FN } from "./parse-attrs";
import { parseInstruction } from "./parse-inst";
import { setPending, resetPendingComma } from "./parse-inst-common";
import { parseCallingConv } from "./parse-inst-call";
import { isCallLike } from "../ir/opcodes";
import { TK, tyKind, T_VOID, T_LABEL, ptrType, functionType, isValidArgumentType } from "../ir/types";
import {
  VK, newValue, vKind, vType, vName, vParent, vA, vB, iNext, iPrev, iMD, iDbg, iOp, appendInst,
  replaceAllUsesWith, replaceAllUsesAsOldest, valueCount, appendOperand, setOperand as setOperandSlotOf,
  vFirstUse, opNext, opUser, operand, iOps, setOperandSlot,
} from "../ir/values";
import {
  GK, Linkage, gLinkage, gVisibility, gDLL, gUnnamed, gFlags, gAddrSpace, gValueType, gSection,
  gPartition, gAlign, gGC, gCC, gAttrs, gMD, gFirstBlock, gLastBlock, gFirstArg, gNumArgs, GF_DSO_LOCAL,
  GF_DEFINED, GF_NUMBERED, GF_ADDRSPACE_EXPLICIT,
} from "../ir/globals";
import { programAddrSpace } from "../ir/datalayout";
import { internAttrList, setHasKind, ATTR_SRET } from "../ir/attributes";
import { drNext } from "../ir/metadata";
import { parseUseListOrder } from "./parse-uselist";
import {
  claimGlobal, globalFor, parseComdatRef, parseDLL, parseLinkage, parsePreemption, parseUnnamedAddr,
  parseVisibility, noteGlobalNum, dsoMatchesDLL, localVisibilityOk,
} from "./parse-globals";
import { typeToString } from "./printer-types";

export function parseFunction(isDefine: bool): bool {
  let fnStart = lx.tokStart;
  next();
  let declMD = -1;
  while (!isDefine && lx.tok == T.MetadataVar) { declMD = parseAttachment(declMD, true); if (rd.failed) return false; }
  let linkageAt = lx.tokStart;
  let linkage = parseLinkage();
  parsePreemption();
  let dso = rd.curDSOLocal;
  let vis = parseVisibility();
  let dll = parseDLL();
  if (!dsoMatchesDLL(dso, dll)) return false;
  let cc = parseCallingConv(); if (rd.failed) return false;
  let retAttrs = parseAttrSet(AC_RET); if (rd.failed) return false;
  let retAt = lx.tokStart;
  let retTy = parseType(); if (retTy < 0) return false;
  if (!functionLinkageOk(linkage, isDefine, linkageAt) || !localVisibilityOk(linkage, vis, dll, linkageAt)) return false;
  let rk = <i32>tyKind.get(retTy);
  if (rk == TK.Label || rk == TK.Metadata || rk == TK.Function) return errorAt("invalid function return type", retAt);
  let off = lx.tokStart, nameEnd = lx.tokEnd;
  let name = -1, num = -1;
  if (lx.tok == T.GlobalVar && strtab.lenOf(lx.tokStr) > 0) name = lx.tokStr;
  else if (lx.tok == T.GlobalVar) num = rd.nextGlobalNum;
  else if (lx.tok == T.GlobalID) { num = <i32>lx.tokNum; if (<u32>num < <u32>rd.nextGlobalNum) return error("function expected to be numbered '@" + (<u32>rd.nextGlobalNum).toString() + "' or greater"); }
  else return error("expected function name");
  next();
  if (!expect(T.LParen, "'(' in function argument list")) return false;
  rd.argTypes.clear(); rd.argNames.clear(); rd.argNums.clear(); rd.argAt.clear();
  rd.attrScratch.clear(); rd.attrScratch.push(-1); rd.attrScratch.push(retAttrs);
  let vararg = false;
  let argNext: u32 = 0; // the least number the next unnamed argument may take
  beginArgs();
  if (lx.tok != T.RParen) {
    while (true) {
      if (lx.tok == T.DotDotDot) { next(); vararg = true; break; }
      let typeOff = lx.tokStart;
      let at = parseType(false); if (at < 0) return false;
      let ak = <i32>tyKind.get(at);
      // at the type; LLVM 19 still took a label argument
      if (!isValidArgumentType(at)) return errorAt("invalid type for function argument", typeOff);
      let pa = parseAttrSet(AC_PARAM); if (rd.failed) return false;
      rd.attrScratch.push(pa);
      rd.argTypes.push(at); rd.argAt.push(typeOff);
      if (lx.tok == T.LocalVar && strtab.lenOf(lx.tokStr) > 0) { noteArg(lx.tokStart, lx.tokEnd, lx.tokStr, -1, at, false); rd.argNames.push(lx.tokStr); rd.argNums.push(-1); next(); }
      else if (lx.tok == T.LocalVar) { noteArg(lx.tokStart, lx.tokStart, -1, <i32>argNext, at, true); rd.argNames.push(-1); rd.argNums.push(-2); next(); argNext++; }
      else if (lx.tok == T.LocalID) {
        let n = <u32>lx.tokNum;
        if (n < argNext) return errorAt("argument expected to be numbered '%" + argNext.toString() + "' or greater", typeOff);
        noteArg(lx.tokStart, lx.tokEnd, -1, <i32>n, at, false);
        rd.argNames.push(-1); rd.argNums.push(lx.tokNum); next(); argNext = n + 1;
      }
      else { noteArg(typeOff, typeOff, -1, <i32>argNext, at, true); rd.argNames.push(-1); rd.argNums.push(-2); argNext++; }
      if (!eat(T.Comma)) break;
    }
  }
  if (!expect(T.RParen, "')' at end of argument list")) return false;
  let fnTy = functionTypeOf(retTy, vararg);
  let ua = parseUnnamedAddr();
  let as = programAddrSpace();
  let asExplicit = false;
  if (isWord(K.KW_addrspace)) { as = parseAddrSpace(); if (as < 0) return false; asExplicit = true; }
  let fa = parseAttrSet(AC_FN); if (rd.failed) return false;
  let align = rd.fnAlign;
  rd.attrScratch.set(0, fa);
  if (lastBuiltinAt() >= 0) return errorAt("'builtin' attribute not valid on function", lastBuiltinAt());
  if (retTy != T_VOID && rd.argTypes.len > 0 && setHasKind(rd.attrScratch.get(2), ATTR_SRET)) {
    return errorAt("functions with 'sret' argument must return void", retAt);
  }
  if (!functionNameFree(name, num, ptrType(as), off)) return false;
  let v = claimGlobal(name, num, ptrType(as), off); if (v < 0) return false;
  noteAt(Sym.Global, SYM_DEF, off, nameEnd, name, num, -1, fnTy, v);
  setArgScope(v);
  noteGlobalNum(num);
  let g = globalFor(GK.Func, v);
  vKind.set(v, <u8>VK.Function); vA.set(v, g);
  gLinkage.set(g, <u8>linkage); gVisibility.set(g, <u8>vis); gDLL.set(g, <u8>dll); gUnnamed.set(g, <u8>ua);
  gAddrSpace.set(g, as); gValueType.set(g, fnTy); gCC.set(g, cc);
  gAttrs.set(g, internAttrList(rd.attrScratch, 0, rd.attrScratch.len));
  if (fa >= 0) rd.pendingFnAttrOwners.push(-1 - g);
  gAlign.set(g, align);
  gMD.set(g, declMD);
  let flags = (dso ? GF_DSO_LOCAL : 0) | (num != -1 ? GF_NUMBERED : 0) | (asExplicit ? GF_ADDRSPACE_EXPLICIT : 0);
  // personality/prefix/prologue slots
  appendOperand(v, -1); appendOperand(v, -1); appendOperand(v, -1);
  while (true) {
    if (isWord(K.KW_section)) { next(); if (lx.tok != T.String) return error("expected string constant"); gSection.set(g, lx.tokStr); next(); continue; }
    if (isWord(K.KW_partition)) { next(); if (lx.tok != T.String) return error("expected string constant"); gPartition.set(g, lx.tokStr); next(); continue; }
    if (isWord(K.KW_comdat)) { if (!parseComdatRef(g, name)) return false; continue; }
    if (isWord(K.KW_align)) { next(); let a = parseAlignment(false); if (a < 0) return false; gAlign.set(g, encodeAlign(a)); continue; }
    if (isWord(K.KW_gc)) { next(); if (lx.tok != T.String) return error("expected string constant"); gGC.set(g, lx.tokStr); next(); continue; }
    if (isWord(K.KW_prefix) || isWord(K.KW_prologue) || isWord(K.KW_personality)) {
      let slot = isWord(K.KW_personality) ? 0 : isWord(K.KW_prefix) ? 1 : 2;
      next();
      let c = parseTypeAndValue(); if (c < 0) return false;
      setOperandSlotOf(v, slot, c);
      continue;
    }
    if (isDefine && lx.tok == T.MetadataVar) {
      // function attachments come before the body, after the header's end
      if (!argNamesUnique()) return false;
      gMD.set(g, parseAttachment(gMD.get(g), true)); if (rd.failed) return false; continue;
    }
    break;
  }
  if (!argNamesUnique()) return false;
  if (!isDefine) {
    // a blockaddress made before this declaration named one of its blocks
    for (let j = 0; j < rd.baFunc.len; j++) if (rd.baFunc.get(j) == v) return errorAt("cannot take blockaddress inside a declaration", rd.baAt.get(j));
    gFlags.set(g, flags);
    createArgs(g, v, false);
    if (rd.failed) return false;
    // a blockaddress of this function read before it
    for (let i = 0; i < rd.baFunc.len; i++) {
      if (rd.baFunc.get(i) == v) return errorAt("cannot take blockaddress inside a declaration", rd.baAt.get(i));
    }
    noteAt(Sym.Function, SYM_DECLARE, fnStart, nameEnd, -1, v, v, -1);
    return true;
  }
  gFlags.set(g, flags | GF_DEFINED);
  return parseBody(g, v, fnStart);
}
// LLParser::parseFunctionHeader's linkage checks (at the linkage, after the return type).
function functionLinkageOk(linkage: i32, isDefine: bool, at: i32): bool {
  if (linkage == Linkage.Appending || linkage == Linkage.Common) return errorAt("invalid function linkage type", at);
  if (linkage == Linkage.ExternWeak) return !isDefine || errorAt("invalid linkage for function definition", at);
  if (linkage != Linkage.External && !isDefine) return errorAt("invalid linkage for function declaration", at);
  return true;
}
// The function's name or number is free, or held by a forward reference of the function's pointer
// type (the message names that reference's place).
function functionNameFree(name: i32, num: i32, type: i32, off: i32): bool {
  if (rd.linking) return true;
  let v = name >= 0 ? globalLookupName(name) : globalLookupNum(num);
  if (v < 0) return true;
  if (<i32>vKind.get(v) == VK.Forward) {
    if (vType.get(v) == type) return true;
    if (name >= 0) {
      return errorAt("invalid forward reference to function '" + strtabString(name) + "' with wrong type: expected '" +
        typeToString(type) + "' but was '" + typeToString(vType.get(v)) + "'", forwardPosOf(v));
    }
    return errorAt("type of definition and forward reference of '@" + (<u32>num).toString() + "' disagree: expected '" +
      typeToString(type) + "' but was '" + typeToString(vType.get(v)) + "'", off);
  }
  if (name < 0) return true; // (numbers are checked in order as they are read)
  if (<i32>vKind.get(v) == VK.Function) return errorAt("invalid redefinition of function '" + strtabString(name) + "'", off);
  return errorAt("redefinition of function '@" + strtabString(name) + "'", off);
}
function functionTypeOf(ret: i32, vararg: bool): i32 { return functionType(ret, rd.argTypes, 0, rd.argTypes.len, vararg); }

// LLParser names the arguments at the header's end (declarations' too): a name taken twice is
// reported at the later argument's type.
function argNamesUnique(): bool {
  let names = rd.argNames;
  for (let i = 1; i < names.len; i++) {
    let nm = names.get(i);
    if (nm < 0) continue;
    for (let j = 0; j < i; j++) {
      if (names.get(j) == nm) return errorAt("redefinition of argument '%" + strtabString(nm) + "'", rd.argAt.get(i));
    }
  }
  return true;
}

// Creates the argument values (consecutive ids); in a definition they are named in the local table.
// The next free local number (unsigned 32-bit, in an i64), or -1 after an error.
function createArgs(g: i32, fn: i32, bind: bool): i64 {
  let first = valueCount();
  setArgValues(first);
  let nextNum = 0;
  for (let i = 0; i < rd.argTypes.len; i++) {
    let a = newValue(VK.Arg, rd.argTypes.get(i));
    vParent.set(a, fn); vA.set(a, i);
    let nm = rd.argNames.get(i);
    vName.set(a, nm);
    if (bind) {
      if (nm >= 0) {
        if (localLookupName(nm) >= 0) { error("redefinition of argument '%" + strtabString(nm) + "'"); return -1; }
        localSetName(nm, a);
      } else {
        let want = rd.argNums.get(i); // in order: checked as the header was read
        let num = want >= 0 ? <i32>want : nextNum;
        localSetNum(num, a); nextNum = num + 1;
      }
    }
  }
  gFirstArg.set(g, rd.argTypes.len > 0 ? first : -1);
  gNumArgs.set(g, rd.argTypes.len);
  return <i64><u32>nextNum;
}

// An instruction defining a name or number used before with another type (LLParser's
// setInstName), reported at the definition's start.
function forwardTypeClash(f: i32, at: i32): bool {
  return errorAt("instruction forward referenced with type '" + typeToString(vType.get(f)) + "'", at);
}

const LOCAL_NAME_MAX = 1024;

function parseBody(g: i32, fn: i32, fnStart: i32): bool {
  let state = rd, scope = fnScope, records = scope.pendingRecords;
  scope.begin(fn);
  let firstNum = createArgs(g, fn, true);
  if (firstNum < 0) return false;
  // local numbers are unsigned 32-bit (compared as u32); 2^32-1 on a label or instruction is
  // LLVM's "no number"
  let nextNum = <i32>firstNum;
  if (!expect(T.LBrace, "'{' in function body")) return false;
  blockAddressUsesFirst(fn);
  let first = -1, last = -1;
  while (true) {
    if (lx.tok == T.Word && lx.tokStr == K.KW_uselistorder) {
      // after the blocks, only uselistorder directives
      if (first < 0) return error("function body requires at least one basic block");
      while (lx.tok != T.RBrace) { if (!parseUseListOrder()) return false; }
      break;
    }
    if (lx.tok == T.RBrace) break;
    if (lx.tok == T.EOF) return error("found end of file when expecting more instructions");
    // block label
    let bname = -1, bnum = -1;
    let labelOff = lx.tokStart, labelEnd = lx.tokStart;
    if (lx.tok == T.LabelStr) { bname = lx.tokStr; labelEnd = lx.tokEnd; next(); }
    else if (lx.tok == T.LabelID) {
      bnum = <i32>lx.tokNum;
      if (bnum == -1) bnum = nextNum++;
      else {
        if (<u32>bnum < <u32>nextNum) return errorAt("label expected to be numbered '" + (<u32>nextNum).toString() + "' or greater", labelOff);
        nextNum = bnum + 1;
      }
      labelEnd = lx.tokEnd;
      next();
    } else { bnum = nextNum++; }
    let b = bname >= 0 ? localLookupName(bname) : localLookupNum(bnum);
    if (b >= 0) {
      if (<i32>vKind.get(b) != VK.Block) return errorAt(bname >= 0 ? "unable to create block named '" + strtabString(bname) + "'" : "unable to create block numbered '" + (<u32>bnum).toString() + "'", labelOff);
      if (vParent.get(b) >= 0) return errorAt("redefinition of label", labelOff);
    } else {
      // a name past LLVM's limit for local names (-non-global-value-max-name-size, 1024) is cut
      // short in the function's table, which LLParser reports as this
      if (bname >= 0 && strtab.lenOf(bname) > LOCAL_NAME_MAX) return errorAt("unable to create block named '" + strtabString(bname) + "'", labelOff);
      b = newValue(VK.Block, T_LABEL);
      vA.set(b, -1); vB.set(b, -1);
      if (bname >= 0) localSetName(bname, b); else localSetNum(bnum, b);
    }
    vName.set(b, bname);
    vA.set(b, -1); vB.set(b, -1);
    vParent.set(b, fn);
    if (indexing()) {
      noteAt(Sym.Local, SYM_DEF | SYM_LABEL | (labelEnd == labelOff ? SYM_IMPLICIT : 0), labelOff, labelEnd, bname, bnum, fn, T_LABEL, b);
      noteAt(Sym.Block, 0, labelOff, labelEnd, bname, bnum, fn, -1);
    }
    iPrev.set(b, last); iNext.set(b, -1);
    if (last >= 0) iNext.set(last, b); else first = b;
    last = b;
    // instructions
    records.clear();
    while (true) {

      if (lx.tok == T.Hash) {
        if (state.seenDbgIntrinsic) return error("debug record should not appear in a module containing debug info intrinsics");
        state.seenDbgRecord = true;
        let r = parseDebugRecord(); if (r < 0) return false;
        records.push(r);
        continue;
      }
      let iname = -1, inum = -1;
      let defOff = lx.tokStart, defEnd = lx.tokStart;
      if (lx.tok == T.LocalVar || lx.tok == T.LocalID) {
        let isId = lx.tok == T.LocalID;
        if (!isId) { iname = lx.tokStr; if (strtab.lenOf(iname) == 0) iname = -1; } else inum = <i32>lx.tokNum;
        defEnd = lx.tokEnd;
        next();
        if (!expect(T.Equal, isId ? "'=' after instruction id" : "'=' after instruction name")) return false;
      }
      setPending(iname, inum, iname < 0 && inum == -1 ? nextNum : -1);
      let inst = parseInstruction();
      let clash = scope.pendClash;
      setPending(-1, -1, -1);
      if (inst < 0) return false;
      let term = scope.lastWasTerminator;
      let ty = vType.get(inst);
      // attachments (read before the name is set, as LLParser does)
      let pc = scope.pendingComma;
      resetPendingComma();
      while (pc || eat(T.Comma)) {
        pc = false;
        if (lx.tok != T.MetadataVar) return error("expected metadata after comma");
        iMD.set(inst, parseAttachment(iMD.get(inst)));
        if (state.failed) return false;
      }
      if (iname >= 0 || inum != -1) {
        if (ty == T_VOID) return errorAt("instructions returning void cannot have a name", defOff);
      }
      if (iname >= 0) {
        if (clash >= 0) return forwardTypeClash(clash, defOff);
        let ex = localLookupName(iname);
        if (ex >= 0 && ex != inst) return errorAt("multiple definition of local value named '" + strtabString(iname) + "'", defOff);
        vName.set(inst, iname);
        localSetName(iname, inst);
        noteAt(Sym.Local, SYM_DEF, defOff, defEnd, iname, -1, fn, ty, inst);
      } else if (ty != T_VOID) {
        if (inum != -1 && <u32>inum < <u32>nextNum) return errorAt("instruction expected to be numbered '%" + (<u32>nextNum).toString() + "' or greater", defOff);
        if (clash >= 0) return forwardTypeClash(clash, defOff);
        let num = inum != -1 ? inum : nextNum;
        let ex = localLookupNum(num);
        if (ex >= 0 && ex != inst) return errorAt("multiple definition of local value numbered '%" + (<u32>num).toString() + "'", defOff);
        localSetNum(num, inst);
        noteAt(Sym.Local, SYM_DEF | (inum != -1 ? 0 : SYM_IMPLICIT), defOff, defEnd, -1, num, fn, ty, inst);
        nextNum = num + 1;
      }
      if (records.len > 0) {
        let head = records.get(0);
        for (let j = 0; j + 1 < records.len; j++) drNext.set(records.get(j), records.get(j + 1));
        drNext.set(records.get(records.len - 1), -1);
        iDbg.set(inst, head);
        records.clear();
      }
      appendInst(b, inst);
      noteAt(Sym.Inst, 0, defOff, defOff, -1, inst, fn, -1, inst);
      if (isCallLike(<i32>iOp.get(inst))) state.pendingFnAttrOwners.push(inst);
      if (term) break;
      if (lx.tok == T.EOF) return error("found end of file when expecting more instructions");
      if (lx.tok == T.RBrace || lx.tok == T.LabelStr || lx.tok == T.LabelID) return error("expected instruction opcode");
    }
  }
  // (at the '}' of an empty body, as LLParser sees it before stepping over it)
  if (first < 0) return error("function body requires at least one basic block");
  noteAt(Sym.Function, 0, fnStart, lx.tokEnd, -1, fn, fn, -1);
  next(); // '}'
  gFirstBlock.set(g, first); gLastBlock.set(g, last);
  // every forward reference must now be defined
  let forwards = scope.forwardList;
  for (let j = 0; j < forwards.len; j++) {
    let f = forwards.get(j);
    let k = <i32>vKind.get(f);
    if (k == VK.Forward || (k == VK.Block && vParent.get(f) < 0)) {
      let nm = vName.get(f);
      let msg = nm >= 0 ? "use of undefined value '%" + strtabString(nm) + "'" : "use of undefined value '%" + (<u32>vA.get(f)).toString() + "'";
      return errorAt(msg, forwardPosOf(f));
    }
  }
  // blockaddress references made before this body
  rankEarlyBlocks(fn);
  for (let j = 0; j < rd.baFunc.len; j++) {
    if (rd.baFunc.get(j) != fn) continue;
    let ph = rd.baBlock.get(j);
    let real = rd.baName.get(j) >= 0 ? localLookupName(rd.baName.get(j)) : localLookupNum(rd.baNum.get(j));
    if (real < 0) {
      let nm = rd.baName.get(j);
      return errorAt("use of undefined value '%" + (nm >= 0 ? strtabString(nm) : rd.baNum.get(j).toString()) + "'", forwardPosOf(ph));
    }
    if (<i32>vKind.get(real) != VK.Block) return errorAt("referenced value is not a basic block", forwardPosOf(ph));
    // LLVM makes these blockaddresses as the body begins: their uses are the block's first
    if (real != ph) replaceAllUsesAsOldest(ph, real);
    rd.baFunc.set(j, -1);
  }
  fnScope.end();
  return true;
}

// The blockaddress references (rd.ba* entries) of function fn made before its body, in the order
// LLVM creates their blockaddresses (std::map order of their blocks' ValIDs: numbers by value
// before names, names byte-wise).
function earlyBlockAddresses(fn: i32): I32Vec {
  let list = new I32Vec();
  for (let j = 0; j < rd.baFunc.len; j++) if (rd.baFunc.get(j) == fn) list.push(j);
  for (let a = 1; a < list.len; a++) {
    let x = list.get(a), k = a - 1;
    while (k >= 0 && validLess(x, list.get(k))) { list.set(k + 1, list.get(k)); k--; }
    list.set(k + 1, x);
  }
  return list;
}
// LLVM makes the blockaddresses of fn named before its body as the body begins, in that order: their
// uses of fn become its newest (the arena made them with the references, earlier).
function blockAddressUsesFirst(fn: i32): void {
  let list = earlyBlockAddresses(fn);
  for (let r = 0; r < list.len; r++) {
    let ph = rd.baBlock.get(list.get(r));
    for (let s = vFirstUse.get(ph); s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      if (<i32>vKind.get(u) != VK.BlockAddress || operand(u, 0) != fn) continue;
      let slot = iOps.get(u);
      setOperandSlot(slot, -1); setOperandSlot(slot, fn);
    }
  }
}
// The blocks of function fn named by a blockaddress before its body, ranked as LLVM creates them.
function rankEarlyBlocks(fn: i32): void {
  let list = earlyBlockAddresses(fn);
  if (list.len == 0) return;
  for (let r = 0; r < list.len; r++) {
    let j = list.get(r);
    let real = rd.baName.get(j) >= 0 ? localLookupName(rd.baName.get(j)) : localLookupNum(rd.baNum.get(j));
    if (real < 0) continue;
    setBlockEarlyRank(real, r);
  }
}
function validLess(x: i32, y: i32): bool {
  let nx = rd.baName.get(x), ny = rd.baName.get(y);
  if (nx < 0 || ny < 0) return nx < 0 && ny < 0 && rd.baNum.get(x) < rd.baNum.get(y);
  let px = strtab.ptrOf(nx), py = strtab.ptrOf(ny), lx = strtab.lenOf(nx), ly = strtab.lenOf(ny);
  let n = lx < ly ? lx : ly;
  for (let i = 0; i < n; i++) {
    let a = <i32>load<u8>(px + <usize>i), b = <i32>load<u8>(py + <usize>i);
    if (a != b) return a < b;
  }
  return lx < ly;
}
