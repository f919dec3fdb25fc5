// The module parser: top-level entities, global variables, aliases, ifuncs, functions and
// their bodies, then the end-of-module checks (undefined values, types, metadata, attribute
// groups); the auto-upgrades of old IR it then runs are in upgrade.ts.
import { I32Vec } from "../util/vec";
import { has, Feature } from "../ir/version";
import { T, tok, tokStr, tokNum, tokStart, tokEnd, next, lexInit, setStrTab, strtab, pos } from "./lexer";
import * as K from "./keywords";
import { error, errorAt, errorI, eat, expect, expectWord, isWord, eatWord, failed, resetParseState, stack, parseAlignment } from "./pstate";
import { encodeAlign } from "../ir/align";
import { parseType, parseTypeDefinition, parseAddrSpace, resetTypeParser, firstUndefinedType } from "./parse-types";
import {
  parseValue, parseTypeAndValue, resetValueParser, beginFunctionScope, endFunctionScope, localLookupName, localSetName,
  localLookupNum, localSetNum, globalLookupName, globalSetName, globalLookupNum, globalSetNum, forwardList,
  globalForwardList, forwardPosOf, strtabString, baFunc, baName, baNum, baBlock, resetBlockAddresses,
} from "./parse-values";
import {
  parseMetadataDefinition, parseNamedMetadata, parseAttachment, parseDebugRecord, resetMetadataParser,
  firstUndefinedMetadata, mdForwardPos, odrUniqueTypes,
} from "./parse-meta";
import { parseAttrSet, parseAttrGroupDef, resolveGroupRefs, resetAttrParser, AC_PARAM, AC_RET, AC_FN, AC_GROUP, fnAlign } from "./parse-attrs";
import { parseInstruction, setPending, lastWasTerminator, pendingComma, resetInstParser, parseCallingConv } from "./parse-inst";
import { typeToString } from "./printer-types";
import { OP_NAMES, Op, isCallLike } from "../ir/opcodes";
import {
  TK, tyKind, tyA, T_VOID, T_LABEL, T_METADATA, T_PTR, ptrType, listLen, listAt, tyFlags, TF_VARARG,
} from "../ir/types";
import {
  VK, newValue, vKind, vType, vName, vParent, vA, vB, iNext, iPrev, iMD, iDbg, iOp, iExt, appendInst,
  replaceAllUsesWith, eraseInst, operand, numOperands, hasUses, firstInst, valueCount, vFirstUse, opUser, opNext,
} from "../ir/values";
import {
  GK, Linkage, newGlobal, gKind, gValue, gLinkage, gVisibility, gDLL, gTLS, gUnnamed, gFlags, gAddrSpace, gValueType,
  gSection, gPartition, gComdat, gAlign, gGC, gCC, gAttrs, gMD, gFirstBlock, gLastBlock, gFirstArg, gNumArgs, gExtra,
  GF_DSO_LOCAL, GF_CONSTANT, GF_EXTERN_INIT, GF_DEFINED, GF_NUMBERED, GF_ERASED, GF_ADDRSPACE_EXPLICIT, cdName, cdKind,
  globalCount,
} from "../ir/globals";
import { setSourceFilename, setDataLayout, setTargetTriple, moduleAsm, depLibs } from "../ir/module";
import { parseDataLayout, dataLayoutError, programAddrSpace } from "../ir/datalayout";
import { appendOperand } from "../ir/values";
import { setBlockEarlyRank } from "../ir/block-order";
import { attrLists, internAttrList, fnAttrs, listSet } from "../ir/attributes";
import { callAttrs, setCallAttrs, callee as calleeOf } from "../ir/inst";
import { uniqueMetadata } from "../ir/metadata";
import { applyIntrinsicAttributes } from "../ir/intrinsics";
import { upgradeDebugIntrinsics, upgradeLifetimeIntrinsics, upgradeRenamedIntrinsics, upgradeModuleFlags } from "./upgrade";
import { mdKind, MK, drNext, attMD, attKind, attNext, findAttachment, MDK_DBG, drPool, drOps, drNOps, drKind, DR, newDebugRecord, mdA } from "../ir/metadata";

let comdatByName: I32Vec = new I32Vec();
let attrScratch: I32Vec = new I32Vec(32);
let nextGlobalNum: i32 = 0;
// Function attribute lists to resolve `#N` in, after the module: functions and call sites.
let pendingFnAttrOwners: I32Vec = new I32Vec();

export function resetParser(): void {
  catBuf = new U8Vec(64);
  argTypes = new I32Vec(32);
  argNames = new I32Vec(32);
  argNums = new I32Vec(32);
  pendingRecords = new I32Vec(16);
  resetParseState(); resetTypeParser(); resetValueParser(); resetMetadataParser(); resetAttrParser();
  resetInstParser(OP_NAMES); resetBlockAddresses();
  comdatByName = new I32Vec(); attrScratch = new I32Vec(32); nextGlobalNum = 0; pendingFnAttrOwners = new I32Vec();
}

export function parseModule(p: usize, n: i32): bool {
  lexInit(p, n);
  next();
  while (tok != T.EOF && !failed) {
    if (!parseTopLevel()) break;
  }
  if (failed) return false;
  return finishModule();
}

function parseTopLevel(): bool {
  switch (tok) {
    case T.Word: {
      let w = tokStr;
      if (w == K.KW_define || w == K.KW_declare) return parseFunction(w == K.KW_define);
      if (w == K.KW_source_filename) { next(); if (!expect(T.Equal, "'=' after source_filename")) return false; if (tok != T.String) return error("expected string"); setSourceFilename(tokStr); next(); return true; }
      if (w == K.KW_target) {
        next();
        if (isWord(K.KW_datalayout)) { next(); if (!expect(T.Equal, "'=' after target datalayout")) return false; if (tok != T.String) return error("expected string");
          // Parsed now: the program address space is the default for functions that follow.
          if (!parseDataLayout(strtab.ptrOf(tokStr), strtab.lenOf(tokStr))) return error(dataLayoutError());
          setDataLayout(tokStr); next(); return true; }
        if (isWord(K.KW_triple)) { next(); if (!expect(T.Equal, "'=' after target triple")) return false; if (tok != T.String) return error("expected string"); setTargetTriple(tokStr); next(); return true; }
        return error("unknown target property");
      }
      if (w == K.KW_module) { next(); if (!expectWord(K.KW_asm, "'module asm'")) return false; if (tok != T.String) return error("expected string"); moduleAsm.push(tokStr); next(); return true; }
      if (w == K.KW_deplibs) { next(); if (!expect(T.Equal, "'='")) return false; if (!expect(T.LSquare, "'['")) return false; while (tok == T.String) { depLibs.push(tokStr); next(); if (!eat(T.Comma)) break; } return expect(T.RSquare, "']'"); }
      if (w == K.KW_attributes) return parseAttrGroupDef();
      if (w == K.KW_uselistorder || w == K.KW_uselistorder_bb) return skipUseListOrder();
      return error("expected top-level entity");
    }
    case T.LocalVar: return parseTypeDefinition(tokStr, 0);
    case T.LocalID: return parseTypeDefinition(-1, tokNum);
    case T.GlobalVar: case T.GlobalID: return parseGlobalEntity();
    case T.ComdatVar: return parseComdat();
    case T.MetadataID: return parseMetadataDefinition();
    case T.MetadataVar: return parseNamedMetadata();
    case T.SummaryID: return skipSummaryEntry();
    case T.Error: return error("expected top-level entity");
    default: return error("expected top-level entity");
  }
}

// `uselistorder ...` directives only matter for bitcode use-list order; read and drop them.
function skipUseListOrder(): bool {
  next();
  // operands up to the closing '}' of the index list
  while (tok != T.LBrace && tok != T.EOF) next();
  while (tok != T.RBrace && tok != T.EOF) next();
  return expect(T.RBrace, "'}'");
}
// `^N = ...` summary entries: skipped, as opt does when not building a summary.
function skipSummaryEntry(): bool {
  next();
  if (!expect(T.Equal, "'='")) return false;
  let d = 0;
  while (tok != T.EOF) {
    if (tok == T.LParen) d++;
    else if (tok == T.RParen) { d--; if (d == 0) { next(); return true; } }
    next();
  }
  return error("unterminated summary entry");
}

function comdatIndex(name: i32, create: bool): i32 {
  if (name >= comdatByName.len) comdatByName.resize(name + 1, -1);
  let c = comdatByName.get(name);
  if (c >= 0 || !create) return c;
  c = cdName.push(name); cdKind.push(0);
  comdatByName.set(name, c);
  return c;
}
function parseComdat(): bool {
  let name = tokStr; next();
  if (!expect(T.Equal, "'=' here")) return false;
  if (!expectWord(K.KW_comdat, "comdat type")) return false;
  let k = -1;
  if (tok == T.Word) {
    let w = tokStr;
    k = w == K.KW_any ? 0 : w == K.KW_exactmatch ? 1 : w == K.KW_largest ? 2 : w == K.KW_nodeduplicate ? 3 : w == K.KW_samesize ? 4 : -1;
  }
  if (k < 0) return error("unknown selection kind");
  next();
  let c = comdatIndex(name, true);
  cdKind.set(c, <u8>k);
  return true;
}

// ---- linkage and friends ----

let linkageExplicit: bool = false;
function parseLinkage(): i32 {
  linkageExplicit = false;
  if (tok != T.Word) return 0;
  let w = tokStr;
  let l = w == K.KW_private ? Linkage.Private : w == K.KW_internal ? Linkage.Internal : w == K.KW_available_externally ? Linkage.Available :
    w == K.KW_linkonce ? Linkage.LinkOnce : w == K.KW_weak ? Linkage.Weak : w == K.KW_common ? Linkage.Common :
    w == K.KW_appending ? Linkage.Appending : w == K.KW_extern_weak ? Linkage.ExternWeak : w == K.KW_linkonce_odr ? Linkage.LinkOnceODR :
    w == K.KW_weak_odr ? Linkage.WeakODR : w == K.KW_external ? Linkage.External : -1;
  if (l < 0) return 0;
  linkageExplicit = true;
  next();
  return l;
}
let curDSOLocal: bool = false;
function parsePreemption(): void {
  curDSOLocal = false;
  if (eatWord(K.KW_dso_local)) curDSOLocal = true;
  else eatWord(K.KW_dso_preemptable);
}
function parseVisibility(): i32 {
  if (eatWord(K.KW_default)) return 0;
  if (eatWord(K.KW_hidden)) return 1;
  if (eatWord(K.KW_protected)) return 2;
  return 0;
}
function parseDLL(): i32 {
  if (eatWord(K.KW_dllimport)) return 1;
  if (eatWord(K.KW_dllexport)) return 2;
  return 0;
}
function parseTLS(): i32 {
  if (!isWord(K.KW_thread_local)) return 0;
  next();
  if (!eat(T.LParen)) return 1;
  let m = 0;
  if (isWord(K.KW_localdynamic)) m = 2; else if (isWord(K.KW_initialexec)) m = 3; else if (isWord(K.KW_localexec)) m = 4;
  else { error("expected localdynamic, initialexec or localexec"); return -1; }
  next();
  if (!expect(T.RParen, "')' after thread local model")) return -1;
  return m;
}
function parseUnnamedAddr(): i32 {
  if (eatWord(K.KW_unnamed_addr)) return 1;
  if (eatWord(K.KW_local_unnamed_addr)) return 2;
  return 0;
}

// Claims the value id for a global being defined: its forward placeholder or a new value.
function claimGlobal(name: i32, num: i32, type: i32, off: i32): i32 {
  let v = name >= 0 ? globalLookupName(name) : globalLookupNum(num);
  if (v >= 0) {
    if (<i32>vKind.get(v) != VK.Forward) {
      errorAt(name >= 0 ? "redefinition of global '@" + strtabString(name) + "'" : "redefinition of global '@" + num.toString() + "'", off);
      return -1;
    }
    if (vType.get(v) != type) { errorAt("forward reference and definition of global have different types", off); return -1; }
    return v;
  }
  v = newValue(VK.Forward, type);
  vName.set(v, name);
  if (name >= 0) globalSetName(name, v); else globalSetNum(num, v);
  return v;
}

function parseGlobalEntity(): bool {
  let off = tokStart;
  let name = -1, num = -1;
  if (tok == T.GlobalVar && strtab.lenOf(tokStr) > 0) name = tokStr;
  else if (tok == T.GlobalVar) num = nextGlobalNum;
  else {
    num = <i32>tokNum;
    if (num < nextGlobalNum) return error("variable expected to be numbered '@" + nextGlobalNum.toString() + "' or greater");
  }
  next();
  if (!expect(T.Equal, "'=' here")) return false;
  let linkage = parseLinkage();
  let explicitLinkage = linkageExplicit;
  parsePreemption();
  let dso = curDSOLocal;
  let vis = parseVisibility();
  let dll = parseDLL();
  let tls = parseTLS(); if (tls < 0) return false;
  let ua = parseUnnamedAddr();
  if (isWord(K.KW_alias) || isWord(K.KW_ifunc)) return parseAliasOrIFunc(name, num, off, linkage, dso, vis, dll, tls, ua);
  let as = 0, asExplicit = false;
  if (isWord(K.KW_addrspace)) { as = parseAddrSpace(); if (as < 0) return false; asExplicit = true; }
  let externInit = eatWord(K.KW_externally_initialized);
  let isConst = false;
  if (isWord(K.KW_constant)) isConst = true;
  else if (!isWord(K.KW_global)) return error("expected 'global' or 'constant'");
  next();
  let ty = parseType(false); if (ty < 0) return false;
  let k = <i32>tyKind.get(ty);
  if (k == TK.Function || k == TK.Label || k == TK.Metadata || k == TK.Token) return error("invalid type for global variable");
  let v = claimGlobal(name, num, ptrType(as), off); if (v < 0) return false;
  if (num >= 0) nextGlobalNum = num + 1;
  let g = newGlobal(GK.Var, v);
  vKind.set(v, <u8>VK.GlobalVar); vA.set(v, g);
  gLinkage.set(g, <u8>linkage); gVisibility.set(g, <u8>vis); gDLL.set(g, <u8>dll); gTLS.set(g, <u8>tls); gUnnamed.set(g, <u8>ua);
  gAddrSpace.set(g, as); gValueType.set(g, ty);
  let flags = (dso ? GF_DSO_LOCAL : 0) | (isConst ? GF_CONSTANT : 0) | (externInit ? GF_EXTERN_INIT : 0) | (num >= 0 ? GF_NUMBERED : 0) | (asExplicit ? GF_ADDRSPACE_EXPLICIT : 0);
  // initializer: absent for external declarations
  // An explicit external/extern_weak linkage means a declaration: no initializer follows.
  let hasInit = !(explicitLinkage && (linkage == Linkage.ExternWeak || linkage == Linkage.External));
  if (hasInit) {
    let init = parseValue(ty); if (init < 0) return false;
    appendOperand(v, init);
    flags |= GF_DEFINED;
  } else appendOperand(v, -1);
  gFlags.set(g, flags);
  // trailing ", section ..." etc.
  while (eat(T.Comma)) {
    if (isWord(K.KW_section)) { next(); if (tok != T.String) return error("expected section name"); gSection.set(g, tokStr); next(); continue; }
    if (isWord(K.KW_partition)) { next(); if (tok != T.String) return error("expected partition name"); gPartition.set(g, tokStr); next(); continue; }
    if (isWord(K.KW_comdat)) { if (!parseComdatRef(g, name)) return false; continue; }
    if (isWord(K.KW_align)) {
      next(); let a = parseAlignment(false); if (a < 0) return false;
      gAlign.set(g, encodeAlign(a)); continue;
    }
    if (isWord(K.KW_code_model) || isWord(K.KW_no_sanitize_address) || isWord(K.KW_no_sanitize_hwaddress) || isWord(K.KW_sanitize_memtag) || isWord(K.KW_sanitize_address_dyninit)) {
      let s = tokStart;
      if (isWord(K.KW_code_model)) { next(); if (tok != T.String) return error("expected code model"); }
      let e = tokEnd; next();
      let prev = gExtra.get(g);
      let id = strtab.intern(srcPtr() + <usize>s, e - s);
      if (prev >= 0) id = concatStr(prev, id);
      gExtra.set(g, id);
      continue;
    }
    if (tok == T.MetadataVar) { gMD.set(g, parseAttachment(gMD.get(g), true)); if (failed) return false; continue; }
    return error("unknown global variable property!");
  }
  // attributes on a global variable
  if (tok == T.AttrGrpID || tok == T.String || tok == T.Word) {
    let set = parseAttrSet(AC_FN); if (failed) return false;
    if (set >= 0) { gAttrs.set(g, set); pendingFnAttrOwners.push(-1 - g); }
  }
  return true;
}
import { src as lexSrc } from "./lexer";
function srcPtr(): usize { return lexSrc; }
import { U8Vec } from "../util/vec";
let catBuf: U8Vec = new U8Vec(64);
function concatStr(a: i32, b: i32): i32 {
  catBuf.clear();
  for (let i = 0; strtab.lenOf(a) > i; i++) catBuf.push(load<u8>(strtab.ptrOf(a) + <usize>i));
  catBuf.push(44); catBuf.push(32);
  for (let i = 0; strtab.lenOf(b) > i; i++) catBuf.push(load<u8>(strtab.ptrOf(b) + <usize>i));
  return strtab.intern(catBuf.ptr, catBuf.len);
}
function parseComdatRef(g: i32, ownName: i32): bool {
  next(); // comdat
  if (eat(T.LParen)) {
    if (tok != T.ComdatVar) return error("expected comdat variable");
    let c = comdatIndex(tokStr, true);
    next();
    if (!expect(T.RParen, "')' after comdat var")) return false;
    gComdat.set(g, c);
    return true;
  }
  if (ownName < 0) return error("comdat cannot be unnamed");
  gComdat.set(g, comdatIndex(ownName, true));
  return true;
}

function parseAliasOrIFunc(name: i32, num: i32, off: i32, linkage: i32, dso: bool, vis: i32, dll: i32, tls: i32, ua: i32): bool {
  let isAlias = isWord(K.KW_alias);
  next();
  let vt = parseType(false); if (vt < 0) return false;
  if (!expect(T.Comma, "comma after alias or ifunc's type")) return false;
  let aliasee: i32;
  if (tok == T.Word && (strtab.eqStr(tokStr, "bitcast") || strtab.eqStr(tokStr, "getelementptr") || strtab.eqStr(tokStr, "addrspacecast") || strtab.eqStr(tokStr, "inttoptr"))) {
    aliasee = parseValue(-1);
  } else {
    let at0 = parseType(false); if (at0 < 0) return false;
    aliasee = parseValue(at0);
  }
  if (aliasee < 0) return false;
  let at = vType.get(aliasee);
  let as = <i32>tyKind.get(at) == TK.Ptr ? tyA.get(at) : 0;
  let v = claimGlobal(name, num, ptrType(as), off); if (v < 0) return false;
  if (num >= 0) nextGlobalNum = num + 1;
  let g = newGlobal(isAlias ? GK.Alias : GK.IFunc, v);
  vKind.set(v, <u8>(isAlias ? VK.Alias : VK.IFunc)); vA.set(v, g);
  gLinkage.set(g, <u8>linkage); gVisibility.set(g, <u8>vis); gDLL.set(g, <u8>dll); gTLS.set(g, <u8>tls); gUnnamed.set(g, <u8>ua);
  gAddrSpace.set(g, as); gValueType.set(g, vt);
  gFlags.set(g, (dso ? GF_DSO_LOCAL : 0) | GF_DEFINED | (num >= 0 ? GF_NUMBERED : 0));
  appendOperand(v, aliasee);
  while (eat(T.Comma)) {
    if (isWord(K.KW_partition)) { next(); if (tok != T.String) return error("expected partition name"); gPartition.set(g, tokStr); next(); continue; }
    if (tok == T.MetadataVar) { gMD.set(g, parseAttachment(gMD.get(g), true)); if (failed) return false; continue; }
    return error("unknown alias or ifunc property!");
  }
  return true;
}

// ---- functions ----

let argTypes: I32Vec = new I32Vec(32);
let argNames: I32Vec = new I32Vec(32);
let argNums: I32Vec = new I32Vec(32);

function parseFunction(isDefine: bool): bool {
  next();
  let declMD = -1;
  while (!isDefine && tok == T.MetadataVar) { declMD = parseAttachment(declMD, true); if (failed) return false; }
  let linkage = parseLinkage();
  parsePreemption();
  let dso = curDSOLocal;
  let vis = parseVisibility();
  let dll = parseDLL();
  let cc = parseCallingConv(); if (failed) return false;
  let retAttrs = parseAttrSet(AC_RET); if (failed) return false;
  let retTy = parseType(); if (retTy < 0) return false;
  let rk = <i32>tyKind.get(retTy);
  if (rk == TK.Label || rk == TK.Metadata || rk == TK.Function) return error("invalid function return type");
  let off = tokStart;
  let name = -1, num = -1;
  if (tok == T.GlobalVar && strtab.lenOf(tokStr) > 0) name = tokStr;
  else if (tok == T.GlobalVar) num = nextGlobalNum;
  else if (tok == T.GlobalID) { num = <i32>tokNum; if (num < nextGlobalNum) return error("function expected to be numbered '@" + nextGlobalNum.toString() + "' or greater"); }
  else return error("expected function name");
  next();
  if (!expect(T.LParen, "'(' in function argument list")) return false;
  argTypes.clear(); argNames.clear(); argNums.clear();
  attrScratch.clear(); attrScratch.push(-1); attrScratch.push(retAttrs);
  let vararg = false;
  if (tok != T.RParen) {
    while (true) {
      if (tok == T.DotDotDot) { next(); vararg = true; break; }
      let at = parseType(false); if (at < 0) return false;
      let ak = <i32>tyKind.get(at);
      if (ak == TK.Label || ak == TK.Function) return error("invalid type for function argument");
      let pa = parseAttrSet(AC_PARAM); if (failed) return false;
      attrScratch.push(pa);
      argTypes.push(at);
      if (tok == T.LocalVar && strtab.lenOf(tokStr) > 0) { argNames.push(tokStr); argNums.push(-1); next(); }
      else if (tok == T.LocalVar) { argNames.push(-1); argNums.push(-2); next(); }
      else if (tok == T.LocalID) { argNames.push(-1); argNums.push(<i32>tokNum); next(); }
      else { argNames.push(-1); argNums.push(-2); }
      if (!eat(T.Comma)) break;
    }
  }
  if (!expect(T.RParen, "')' at end of argument list")) return false;
  let fnTy = functionTypeOf(retTy, vararg);
  let ua = parseUnnamedAddr();
  let as = programAddrSpace();
  let asExplicit = false;
  if (isWord(K.KW_addrspace)) { as = parseAddrSpace(); if (as < 0) return false; asExplicit = true; }
  let fa = parseAttrSet(AC_FN); if (failed) return false;
  let align = fnAlign;
  attrScratch.set(0, fa);
  let v = claimGlobal(name, num, ptrType(as), off); if (v < 0) return false;
  if (num >= 0) nextGlobalNum = num + 1;
  let g = newGlobal(GK.Func, v);
  vKind.set(v, <u8>VK.Function); vA.set(v, g);
  gLinkage.set(g, <u8>linkage); gVisibility.set(g, <u8>vis); gDLL.set(g, <u8>dll); gUnnamed.set(g, <u8>ua);
  gAddrSpace.set(g, as); gValueType.set(g, fnTy); gCC.set(g, cc);
  gAttrs.set(g, internAttrList(attrScratch, 0, attrScratch.len));
  if (fa >= 0) pendingFnAttrOwners.push(-1 - g);
  gAlign.set(g, align);
  gMD.set(g, declMD);
  let flags = (dso ? GF_DSO_LOCAL : 0) | (num >= 0 ? GF_NUMBERED : 0) | (asExplicit ? GF_ADDRSPACE_EXPLICIT : 0);
  // personality/prefix/prologue slots
  appendOperand(v, -1); appendOperand(v, -1); appendOperand(v, -1);
  while (true) {
    if (isWord(K.KW_section)) { next(); if (tok != T.String) return error("expected section name"); gSection.set(g, tokStr); next(); continue; }
    if (isWord(K.KW_partition)) { next(); if (tok != T.String) return error("expected partition name"); gPartition.set(g, tokStr); next(); continue; }
    if (isWord(K.KW_comdat)) { if (!parseComdatRef(g, name)) return false; continue; }
    if (isWord(K.KW_align)) { next(); let a = parseAlignment(false); if (a < 0) return false; gAlign.set(g, encodeAlign(a)); continue; }
    if (isWord(K.KW_gc)) { next(); if (tok != T.String) return error("expected gc name"); gGC.set(g, tokStr); next(); continue; }
    if (isWord(K.KW_prefix) || isWord(K.KW_prologue) || isWord(K.KW_personality)) {
      let slot = isWord(K.KW_personality) ? 0 : isWord(K.KW_prefix) ? 1 : 2;
      next();
      let c = parseTypeAndValue(); if (c < 0) return false;
      setOperandSlotOf(v, slot, c);
      continue;
    }
    if (isDefine && tok == T.MetadataVar) {
      // function attachments come before the body
      gMD.set(g, parseAttachment(gMD.get(g), true)); if (failed) return false; continue;
    }
    break;
  }
  if (!isDefine) {
    gFlags.set(g, flags);
    createArgs(g, v, false);
    return !failed;
  }
  if (linkage == Linkage.ExternWeak) return error("invalid linkage for function definition");
  gFlags.set(g, flags | GF_DEFINED);
  return parseBody(g, v);
}
import { setOperand as setOperandSlotOf, allocOperands } from "../ir/values";
import { functionType } from "../ir/types";
function functionTypeOf(ret: i32, vararg: bool): i32 { return functionType(ret, argTypes, 0, argTypes.len, vararg); }

// Creates the argument values (consecutive ids); in a definition they are named in the local table.
function createArgs(g: i32, fn: i32, bind: bool): i32 {
  let first = valueCount();
  let nextNum = 0;
  for (let i = 0; i < argTypes.len; i++) {
    let a = newValue(VK.Arg, argTypes.get(i));
    vParent.set(a, fn); vA.set(a, i);
    let nm = argNames.get(i);
    vName.set(a, nm);
    if (bind) {
      if (nm >= 0) {
        if (localLookupName(nm) >= 0) { error("redefinition of argument '%" + strtabString(nm) + "'"); return -1; }
        localSetName(nm, a);
      } else {
        let want = argNums.get(i);
        if (want >= 0 && want < nextNum) { error("argument expected to be numbered '%" + nextNum.toString() + "' or greater"); return -1; }
        let num = want >= 0 ? want : nextNum;
        localSetNum(num, a); nextNum = num + 1;
      }
    }
  }
  gFirstArg.set(g, argTypes.len > 0 ? first : -1);
  gNumArgs.set(g, argTypes.len);
  return nextNum;
}

let pendingRecords: I32Vec = new I32Vec(16);

function parseBody(g: i32, fn: i32): bool {
  beginFunctionScope(fn);
  let nextNum = createArgs(g, fn, true);
  if (nextNum < 0) return false;
  if (!expect(T.LBrace, "'{' in function body")) return false;
  let first = -1, last = -1;
  while (true) {
    while (tok == T.Word && (tokStr == K.KW_uselistorder || tokStr == K.KW_uselistorder_bb)) { if (!skipUseListOrder()) return false; }
    if (tok == T.RBrace) break;
    if (tok == T.EOF) return error("found end of file when expecting more instructions");
    // block label
    let bname = -1, bnum = -1;
    let labelOff = tokStart;
    if (tok == T.LabelStr) { bname = tokStr; next(); }
    else if (tok == T.LabelID) {
      bnum = <i32>tokNum;
      if (bnum < nextNum) return errorAt("label expected to be numbered '" + nextNum.toString() + "' or greater", labelOff);
      nextNum = bnum + 1; next();
    } else { bnum = nextNum++; }
    let b = bname >= 0 ? localLookupName(bname) : localLookupNum(bnum);
    if (b >= 0) {
      if (<i32>vKind.get(b) != VK.Block) return errorAt("'%" + (bname >= 0 ? strtabString(bname) : bnum.toString()) + "' is not a basic block", labelOff);
      if (vParent.get(b) >= 0) return errorAt("redefinition of label", labelOff);
    } else {
      b = newValue(VK.Block, T_LABEL);
      vA.set(b, -1); vB.set(b, -1);
      if (bname >= 0) localSetName(bname, b); else localSetNum(bnum, b);
    }
    vName.set(b, bname);
    vA.set(b, -1); vB.set(b, -1);
    vParent.set(b, fn);
    iPrev.set(b, last); iNext.set(b, -1);
    if (last >= 0) iNext.set(last, b); else first = b;
    last = b;
    // instructions
    pendingRecords.clear();
    while (true) {
      if (tok == T.Word && (tokStr == K.KW_uselistorder || tokStr == K.KW_uselistorder_bb)) {
        if (!skipUseListOrder()) return false;
        if (tok == T.RBrace) return error("expected instruction opcode");
        continue;
      }
      if (tok == T.Hash) {
        let r = parseDebugRecord(); if (r < 0) return false;
        pendingRecords.push(r);
        continue;
      }
      let iname = -1, inum = -1;
      let defOff = tokStart;
      if (tok == T.LocalVar || tok == T.LocalID) {
        if (tok == T.LocalVar) { iname = tokStr; if (strtab.lenOf(iname) == 0) iname = -1; } else inum = <i32>tokNum;
        next();
        if (!expect(T.Equal, "'=' after instruction name")) return false;
      }
      setPending(iname, inum);
      let inst = parseInstruction();
      setPending(-1, -1);
      if (inst < 0) return false;
      let term = lastWasTerminator;
      let ty = vType.get(inst);
      if (iname >= 0 || inum >= 0) {
        if (ty == T_VOID) return errorAt("instructions returning void cannot have a name", defOff);
      }
      if (iname >= 0) {
        let ex = localLookupName(iname);
        if (ex >= 0 && ex != inst) return errorAt("multiple definition of local value named '" + strtabString(iname) + "'", defOff);
        vName.set(inst, iname);
        localSetName(iname, inst);
      } else if (ty != T_VOID) {
        if (inum >= 0 && inum < nextNum) return errorAt("instruction expected to be numbered '%" + nextNum.toString() + "' or greater", defOff);
        let num = inum >= 0 ? inum : nextNum;
        let ex = localLookupNum(num);
        if (ex >= 0 && ex != inst) return errorAt("multiple definition of local value numbered '%" + num.toString() + "'", defOff);
        localSetNum(num, inst);
        nextNum = num + 1;
      }
      // attachments
      let pc = pendingComma;
      resetPendingComma();
      while (pc || eat(T.Comma)) {
        pc = false;
        if (tok != T.MetadataVar) return error("expected metadata after comma");
        iMD.set(inst, parseAttachment(iMD.get(inst)));
        if (failed) return false;
      }
      if (pendingRecords.len > 0) {
        let head = pendingRecords.get(0);
        for (let j = 0; j + 1 < pendingRecords.len; j++) drNext.set(pendingRecords.get(j), pendingRecords.get(j + 1));
        drNext.set(pendingRecords.get(pendingRecords.len - 1), -1);
        iDbg.set(inst, head);
        pendingRecords.clear();
      }
      appendInst(b, inst);
      if (isCallLike(<i32>iOp.get(inst))) pendingFnAttrOwners.push(inst);
      if (term) break;
      if (tok == T.EOF) return error("found end of file when expecting more instructions");
      if (tok == T.RBrace || tok == T.LabelStr || tok == T.LabelID) return error("expected instruction opcode");
    }
  }
  next(); // '}'
  gFirstBlock.set(g, first); gLastBlock.set(g, last);
  if (first < 0) return error("function body requires at least one basic block");
  // every forward reference must now be defined
  for (let j = 0; j < forwardList.len; j++) {
    let f = forwardList.get(j);
    let k = <i32>vKind.get(f);
    if (k == VK.Forward || (k == VK.Block && vParent.get(f) < 0)) {
      let nm = vName.get(f);
      let msg = nm >= 0 ? "use of undefined value '%" + strtabString(nm) + "'" : "use of undefined value '%" + vA.get(f).toString() + "'";
      return errorAt(msg, forwardPosOf(f));
    }
  }
  // blockaddress references made before this body
  rankEarlyBlocks(fn);
  for (let j = 0; j < baFunc.len; j++) {
    if (baFunc.get(j) != fn) continue;
    let ph = baBlock.get(j);
    let real = baName.get(j) >= 0 ? localLookupName(baName.get(j)) : localLookupNum(baNum.get(j));
    if (real < 0 || <i32>vKind.get(real) != VK.Block) return errorAt("referenced value is not a basic block", forwardPosOf(ph));
    if (real != ph) replaceAllUsesWith(ph, real);
    baFunc.set(j, -1);
  }
  endFunctionScope();
  return true;
}
import { resetPendingComma } from "./parse-inst";

// The blocks of function fn named by a blockaddress before its body, ranked as LLVM creates them
// (std::map order of their ValIDs: names byte-wise, numbers by value).
function rankEarlyBlocks(fn: i32): void {
  let list = new I32Vec();
  for (let j = 0; j < baFunc.len; j++) if (baFunc.get(j) == fn) list.push(j);
  if (list.len == 0) return;
  for (let a = 1; a < list.len; a++) {
    let x = list.get(a), k = a - 1;
    while (k >= 0 && validLess(x, list.get(k))) { list.set(k + 1, list.get(k)); k--; }
    list.set(k + 1, x);
  }
  for (let r = 0; r < list.len; r++) {
    let j = list.get(r);
    let real = baName.get(j) >= 0 ? localLookupName(baName.get(j)) : localLookupNum(baNum.get(j));
    if (real < 0) continue;
    setBlockEarlyRank(real, r);
  }
}
function validLess(x: i32, y: i32): bool {
  let nx = baName.get(x), ny = baName.get(y);
  if (nx < 0 || ny < 0) return nx < 0 && ny < 0 && baNum.get(x) < baNum.get(y);
  let px = strtab.ptrOf(nx), py = strtab.ptrOf(ny), lx = strtab.lenOf(nx), ly = strtab.lenOf(ny);
  let n = lx < ly ? lx : ly;
  for (let i = 0; i < n; i++) {
    let a = <i32>load<u8>(px + <usize>i), b = <i32>load<u8>(py + <usize>i);
    if (a != b) return a < b;
  }
  return lx < ly;
}

// ---- end of module ----

function finishModule(): bool {
  // undefined globals: called intrinsics are declared, in name order (LLVM keeps its forward
  // references in a map by name); anything else is an error
  let intrinsics = new I32Vec(8);
  for (let j = 0; j < globalForwardList.len; j++) {
    let f = globalForwardList.get(j);
    if (<i32>vKind.get(f) == VK.Forward && strtab.startsWithStr(vName.get(f), "llvm.")) intrinsics.push(f);
  }
  sortByName(intrinsics);
  for (let j = 0; j < intrinsics.len; j++) declareIntrinsic(intrinsics.get(j));
  for (let j = 0; j < globalForwardList.len; j++) {
    let f = globalForwardList.get(j);
    if (<i32>vKind.get(f) == VK.Forward) {
      let nm = vName.get(f);
      return errorAt(nm >= 0 ? "use of undefined value '@" + strtabString(nm) + "'" : "use of undefined value '@" + vA.get(f).toString() + "'", forwardPosOf(f));
    }
  }
  for (let j = 0; j < baFunc.len; j++) {
    if (baFunc.get(j) >= 0) return errorAt("expected function name in blockaddress", forwardPosOf(baBlock.get(j)));
  }
  let ut = firstUndefinedType();
  if (ut >= 0) {
    let nm = tyA.get(ut);
    return errorAt(nm >= 0 ? "use of undefined type named '" + strtabString(nm) + "'" : "use of undefined type '%" + tyN.get(ut).toString() + "'", typeDefPos.get(ut));
  }
  let um = firstUndefinedMetadata();
  if (um >= 0) return errorAt("use of undefined metadata '!" + um.toString() + "'", mdForwardPos.get(um));
  // attribute groups
  for (let j = 0; j < pendingFnAttrOwners.len; j++) {
    let o = pendingFnAttrOwners.get(j);
    if (o < 0) {
      let g = -1 - o;
      if (<i32>gKind.get(g) == GK.Var) { gAttrs.set(g, resolveGroupRefs(gAttrs.get(g))); }
      else gAttrs.set(g, resolveListFn(gAttrs.get(g)));
    } else setCallAttrs(o, resolveListFn(callAttrs(o)));
    if (failed) return false;
  }
  upgradeDebugIntrinsics();
  applyIntrinsicAttributes();
  upgradeLifetimeIntrinsics();
  upgradeRenamedIntrinsics();
  upgradeModuleFlags();
  uniqueMetadata(odrUniqueTypes());
  return !failed;
}
import { tyN } from "../ir/types";
import { typeDefPos } from "./parse-types";

function resolveListFn(list: i32): i32 {
  if (list < 0) return list;
  let fs = fnAttrs(list);
  let rs = resolveGroupRefs(fs);
  if (rs == fs) return list;
  let n = attrLists.lenOf(list);
  attrScratch.clear();
  for (let i = 0; i < n; i++) attrScratch.push(attrLists.at(list, i));
  attrScratch.set(0, rs);
  return internAttrList(attrScratch, 0, n);
}

function sortByName(v: I32Vec): void {
  for (let i = 1; i < v.len; i++) {
    let x = v.get(i), j = i;
    while (j > 0 && strtab.compare(vName.get(v.get(j - 1)), vName.get(x)) > 0) { v.set(j, v.get(j - 1)); j--; }
    v.set(j, x);
  }
}

// A call to an undeclared `llvm.*` function declares it with the call's function type.
function declareIntrinsic(f: i32): bool {
  let nm = vName.get(f);
  if (nm < 0 || strtab.lenOf(nm) < 6) return false;
  let p = strtab.ptrOf(nm);
  if (!(load<u8>(p) == 108 && load<u8>(p + 1) == 108 && load<u8>(p + 2) == 118 && load<u8>(p + 3) == 109 && load<u8>(p + 4) == 46)) return false;
  let fnTy = -1;
  for (let s = vFirstUse.get(f); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (<i32>vKind.get(u) == VK.Inst && isCallLike(<i32>iOp.get(u)) && operand(u, 0) == f) { fnTy = callFnTypeOf(u); break; }
  }
  if (fnTy < 0) return false;
  // LLVM 22 gives the declaration the overloaded name for the call's types; wopt knows the
  // overloads of the lifetime markers (on the pointer's address space) only
  if (has(Feature.SizelessLifetime) && listLen(fnTy) == 1 && <i32>tyKind.get(listAt(fnTy, 0)) == TK.Ptr &&
    (strtab.eqStr(nm, "llvm.lifetime.start") || strtab.eqStr(nm, "llvm.lifetime.end"))) {
    vName.set(f, strtab.internStr(strtabString(nm) + ".p" + tyA.get(listAt(fnTy, 0)).toString()));
  }
  let g = newGlobal(GK.Func, f);
  vKind.set(f, <u8>VK.Function); vA.set(f, g);
  gValueType.set(g, fnTy);
  appendOperand(f, -1); appendOperand(f, -1); appendOperand(f, -1);
  return true;
}
import { callFnType as callFnTypeOf } from "../ir/inst";

