// Global variables, aliases and ifuncs, with what every global may carry: linkage, preemption,
// visibility, DLL storage, thread-local mode, unnamed_addr, comdat.
import { llvmVersion } from "../ir/version";
import { rd } from "./reader";
import { lx, T, next } from "./lexer";
import { Sym, SYM_DEF, SYM_VAR, SYM_ALIAS, noteUse, noteAt } from "./symbol-index";
import { strtab, strtabString } from "../ir/module";
import * as K from "./keywords";
import { error, errorAt, eat, expect, isWord, eatWord, parseAlignment } from "./pstate";
import { encodeAlign } from "../ir/align";
import { parseType, parseAddrSpace } from "./parse-types";
import { parseValue } from "./parse-values";
import { globalLookupName, globalSetName, globalLookupNum, globalSetNum, linkTarget } from "./parse-symbols";
import { parseAttachment } from "./parse-meta";
import { parseAttrSet, AC_FN } from "./parse-attrs";
import { TK, tyKind, tyA, ptrType } from "../ir/types";
import { VK, newValue, vKind, vType, vName, vA, appendOperand } from "../ir/values";
import {
  GK, Linkage, newGlobal, resetGlobal, gLinkage, gVisibility, gDLL, gTLS, gUnnamed, gFlags, gAddrSpace, gValueType,
  gSection, gPartition, gComdat, gAlign, gAttrs, gMD, gExtra, GF_DSO_LOCAL, GF_CONSTANT, GF_EXTERN_INIT,
  GF_DEFINED, GF_NUMBERED, GF_ADDRSPACE_EXPLICIT,
} from "../ir/globals";
import { U8Vec } from "../util/vec";
import { cdName, cdKind } from "../ir/globals";
import { takeOverForwardUses } from "../ir/values";

// Numbered globals come in order: the least number an unnamed one may take next.
// (numbers are unsigned 32-bit; -1 is a named global's "no number")
export function noteGlobalNum(num: i32): void { if (num != -1) rd.nextGlobalNum = num + 1; }

export function comdatIndex(name: i32, create: bool): i32 {
  if (name >= rd.comdatByName.len) rd.comdatByName.resize(name + 1, -1);
  let c = rd.comdatByName.get(name);
  if (c >= 0 || !create) return c;
  c = cdName.push(name); cdKind.push(0);
  rd.comdatRefAt.push(-1);
  rd.comdatByName.set(name, c);
  return c;
}
export const COMDAT_DEFINED: i32 = -2;
// The comdat a global names (`comdat($c)`, or `comdat` for its own name) at source offset `at`; a
// first reference before the definition is remembered (LLParser's ForwardRefComdats).
export function comdatRef(name: i32, at: i32): i32 {
  let c = comdatIndex(name, true);
  if (rd.comdatRefAt.get(c) == -1) rd.comdatRefAt.set(c, at);
  return c;
}

export function parseLinkage(): i32 {
  rd.linkageExplicit = false;
  if (lx.tok != T.Word) return 0;
  let w = lx.tokStr;
  let l = w == K.KW_private ? Linkage.Private : w == K.KW_internal ? Linkage.Internal : w == K.KW_available_externally ? Linkage.Available :
    w == K.KW_linkonce ? Linkage.LinkOnce : w == K.KW_weak ? Linkage.Weak : w == K.KW_common ? Linkage.Common :
    w == K.KW_appending ? Linkage.Appending : w == K.KW_extern_weak ? Linkage.ExternWeak : w == K.KW_linkonce_odr ? Linkage.LinkOnceODR :
    w == K.KW_weak_odr ? Linkage.WeakODR : w == K.KW_external ? Linkage.External : -1;
  if (l < 0) return 0;
  rd.linkageExplicit = true;
  next();
  return l;
}
export function parsePreemption(): void {
  rd.curDSOLocal = false;
  if (eatWord(K.KW_dso_local)) rd.curDSOLocal = true;
  else eatWord(K.KW_dso_preemptable);
}
export function parseVisibility(): i32 {
  if (eatWord(K.KW_default)) return 0;
  if (eatWord(K.KW_hidden)) return 1;
  if (eatWord(K.KW_protected)) return 2;
  return 0;
}
export function parseDLL(): i32 {
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
export function parseUnnamedAddr(): i32 {
  if (eatWord(K.KW_unnamed_addr)) return 1;
  if (eatWord(K.KW_local_unnamed_addr)) return 2;
  return 0;
}

// Claims the value id for a global being defined: its forward placeholder or a new value.
// (`typeOff`: where a global variable's type stands, the place of a type mismatch with a forward
// reference.)
export function claimGlobal(name: i32, num: i32, type: i32, off: i32, typeOff: i32 = -1): i32 {
  let v = linkTarget(name, num, off);
  if (v == -2) return -1;
  if (v < 0) v = name >= 0 ? globalLookupName(name) : globalLookupNum(num);
  if (v >= 0) {
    if (<i32>vKind.get(v) != VK.Forward) {
      errorAt(name >= 0 ? "redefinition of global '@" + strtabString(name) + "'" : "redefinition of global '@" + (<u32>num).toString() + "'", off);
      return -1;
    }
    if (vType.get(v) != type) { errorAt("forward reference and definition of global have different types", typeOff >= 0 ? typeOff : off); return -1; }
    takeOverForwardUses(v, rd.forwardUseOrder);
    return v;
  }
  v = newValue(VK.Forward, type);
  vName.set(v, name);
  if (name >= 0) globalSetName(name, v); else globalSetNum(num, v);
  return v;
}

// The global index a definition with value v takes: a new one, or (`wopt repo link`) the index
// of the pruned declaration it replaces, so that module order is kept.
export function globalFor(kind: i32, v: i32): i32 {
  let t = rd.relink;
  if (v < t.len && t.get(v) > 0) { let g = t.get(v) - 1; t.set(v, 0); resetGlobal(g, kind, v); return g; }
  return newGlobal(kind, v);
}

export function parseGlobalEntity(): bool {
  let off = lx.tokStart, nameEnd = lx.tokEnd;
  let name = -1, num = -1;
  let named = lx.tok == T.GlobalVar;
  if (named && strtab.lenOf(lx.tokStr) > 0) name = lx.tokStr;
  else if (named) num = rd.nextGlobalNum;
  else {
    num = <i32>lx.tokNum;
    if (<u32>num < <u32>rd.nextGlobalNum) return error("global expected to be numbered '@" + (<u32>rd.nextGlobalNum).toString() + "' or greater");
  }
  next();
  if (!expect(T.Equal, named ? "'=' in global variable" : "'=' after name")) return false;
  let linkage = parseLinkage();
  let explicitLinkage = rd.linkageExplicit;
  parsePreemption();
  let dso = rd.curDSOLocal;
  let vis = parseVisibility();
  let dll = parseDLL();
  if (!dsoMatchesDLL(dso, dll)) return false;
  let tls = parseTLS(); if (tls < 0) return false;
  let ua = parseUnnamedAddr();
  if (isWord(K.KW_alias) || isWord(K.KW_ifunc)) return parseAliasOrIFunc(name, num, off, nameEnd, linkage, dso, vis, dll, tls, ua);
  if (!localVisibilityOk(linkage, vis, dll, off)) return false;
  let as = 0, asExplicit = false;
  if (isWord(K.KW_addrspace)) { as = parseAddrSpace(); if (as < 0) return false; asExplicit = true; }
  let externInit = eatWord(K.KW_externally_initialized);
  let isConst = false;
  if (isWord(K.KW_constant)) isConst = true;
  else if (!isWord(K.KW_global)) return error("expected 'global' or 'constant'");
  next();
  let tyAt = lx.tokStart;
  let ty = parseType(false); if (ty < 0) return false;
  let k = <i32>tyKind.get(ty);
  // An explicit external/extern_weak linkage means a declaration: no initializer follows.
  let hasInit = !(explicitLinkage && (linkage == Linkage.ExternWeak || linkage == Linkage.External));
  if (k == TK.Function || k == TK.Label || k == TK.Metadata || k == TK.Token || k == TK.X86AMX) {
    // LLParser reads the initializer before it looks at the type, so the initializer's own error comes first
    if (hasInit && parseValue(ty) < 0) return false;
    errorAt("invalid type for global variable", tyAt); return false;
  }
  let v = claimGlobal(name, num, ptrType(as), off, tyAt); if (v < 0) return false;
  noteAt(Sym.Global, SYM_DEF | SYM_VAR, off, nameEnd, name, num, -1, ty, v);
  noteGlobalNum(num);
  let g = globalFor(GK.Var, v);
  vKind.set(v, <u8>VK.GlobalVar); vA.set(v, g);
  gLinkage.set(g, <u8>linkage); gVisibility.set(g, <u8>vis); gDLL.set(g, <u8>dll); gTLS.set(g, <u8>tls); gUnnamed.set(g, <u8>ua);
  gAddrSpace.set(g, as); gValueType.set(g, ty);
  let flags = (dso ? GF_DSO_LOCAL : 0) | (isConst ? GF_CONSTANT : 0) | (externInit ? GF_EXTERN_INIT : 0) | (num != -1 ? GF_NUMBERED : 0) | (asExplicit ? GF_ADDRSPACE_EXPLICIT : 0);
  // initializer: absent for external declarations
  if (hasInit) {
    let init = parseValue(ty); if (init < 0) return false;
    appendOperand(v, init);
    flags |= GF_DEFINED;
  } else appendOperand(v, -1);
  gFlags.set(g, flags);
  // trailing ", section ..." etc.
  while (eat(T.Comma)) {
    if (isWord(K.KW_section)) { next(); if (lx.tok != T.String) return error("expected global section string"); gSection.set(g, lx.tokStr); next(); continue; }
    if (isWord(K.KW_partition)) { next(); if (lx.tok != T.String) return error("expected partition string"); gPartition.set(g, lx.tokStr); next(); continue; }
    if (isWord(K.KW_comdat)) { if (!parseComdatRef(g, name)) return false; continue; }
    if (isWord(K.KW_align)) {
      next(); let a = parseAlignment(false); if (a < 0) return false;
      gAlign.set(g, encodeAlign(a)); continue;
    }
    if (isWord(K.KW_code_model) || isWord(K.KW_no_sanitize_address) || isWord(K.KW_no_sanitize_hwaddress) || isWord(K.KW_sanitize_memtag) || isWord(K.KW_sanitize_address_dyninit)) {
      let s = lx.tokStart;
      if (isWord(K.KW_code_model)) { next(); if (!isCodeModel()) return error("expected global code model string"); }
      let e = lx.tokEnd; next();
      let prev = gExtra.get(g);
      let id = strtab.intern(srcPtr() + <usize>s, e - s);
      if (prev >= 0) id = concatStr(prev, id);
      gExtra.set(g, id);
      continue;
    }
    if (lx.tok == T.MetadataVar) { gMD.set(g, parseAttachment(gMD.get(g), true)); if (rd.failed) return false; continue; }
    return error("unknown global variable property!");
  }
  // attributes on a global variable
  if (lx.tok == T.AttrGrpID || lx.tok == T.String || lx.tok == T.Word) {
    let set = parseAttrSet(AC_FN); if (rd.failed) return false;
    if (set >= 0) { gAttrs.set(g, set); rd.pendingFnAttrOwners.push(-1 - g); }
  }
  return true;
}
function srcPtr(): usize { return lx.src; }
// LLParser::parseOptionalCodeModel: the model's name as a string.
function isCodeModel(): bool {
  if (lx.tok != T.String) return false;
  let s = lx.tokStr;
  return strtab.eqStr(s, "tiny") || strtab.eqStr(s, "small") || strtab.eqStr(s, "kernel") || strtab.eqStr(s, "medium") || strtab.eqStr(s, "large");
}
// LLParser::parseOptionalLinkage: dso_local and dllimport contradict (at the token after them).
export function dsoMatchesDLL(dso: bool, dll: i32): bool {
  return !(dso && dll == 1) || error("dso_location and DLL-StorageClass mismatch");
}
// A symbol of local linkage (private, internal) has default visibility and no DLL storage class
// (reported at `at`: the name, or a function's linkage).
export function localVisibilityOk(linkage: i32, vis: i32, dll: i32, at: i32): bool {
  if (linkage != Linkage.Private && linkage != Linkage.Internal) return true;
  if (vis != 0) return errorAt("symbol with local linkage must have default visibility", at);
  if (dll != 0) return errorAt("symbol with local linkage cannot have a DLL storage class", at);
  return true;
}
function concatStr(a: i32, b: i32): i32 {
  rd.catBuf.clear();
  for (let i = 0; strtab.lenOf(a) > i; i++) rd.catBuf.push(load<u8>(strtab.ptrOf(a) + <usize>i));
  rd.catBuf.push(44); rd.catBuf.push(32);
  for (let i = 0; strtab.lenOf(b) > i; i++) rd.catBuf.push(load<u8>(strtab.ptrOf(b) + <usize>i));
  return strtab.intern(rd.catBuf.ptr, rd.catBuf.len);
}
export function parseComdatRef(g: i32, ownName: i32): bool {
  let kwAt = lx.tokStart;
  next(); // comdat
  if (eat(T.LParen)) {
    if (lx.tok != T.ComdatVar) return error("expected comdat variable");
    noteUse(Sym.Comdat);
    let c = comdatRef(lx.tokStr, lx.tokStart);
    next();
    if (!expect(T.RParen, "')' after comdat var")) return false;
    gComdat.set(g, c);
    return true;
  }
  if (ownName < 0) return error("comdat cannot be unnamed");
  gComdat.set(g, comdatRef(ownName, kwAt));
  return true;
}

function parseAliasOrIFunc(name: i32, num: i32, off: i32, nameEnd: i32, linkage: i32, dso: bool, vis: i32, dll: i32, tls: i32, ua: i32): bool {
  let isAlias = isWord(K.KW_alias);
  next();
  if (isAlias && (linkage == Linkage.Appending || linkage == Linkage.Common || linkage == Linkage.ExternWeak)) {
    return errorAt("invalid linkage type for alias", off);
  }
  if (!localVisibilityOk(linkage, vis, dll, off)) return false;
  let typeAt = lx.tokStart;
  let vt = parseType(false); if (vt < 0) return false;
  if (!expect(T.Comma, "comma after alias or ifunc's type")) return false;
  let aliaseeAt = lx.tokStart;
  let aliasee: i32;
  if (lx.tok == T.Word && (strtab.eqStr(lx.tokStr, "bitcast") || strtab.eqStr(lx.tokStr, "getelementptr") || strtab.eqStr(lx.tokStr, "addrspacecast") || strtab.eqStr(lx.tokStr, "inttoptr"))) {
    aliasee = parseValue(-1);
  } else {
    let at0 = parseType(false); if (at0 < 0) return false;
    aliasee = parseValue(at0);
  }
  if (aliasee < 0) return false;
  let at = vType.get(aliasee);
  if (<i32>tyKind.get(at) != TK.Ptr) return errorAt("An alias or ifunc must have pointer type", aliaseeAt);
  let as = tyA.get(at);
  // a forward reference of another address space (LLParser reports it after the properties)
  let fwd = rd.linking ? -1 : name >= 0 ? globalLookupName(name) : globalLookupNum(num);
  if (fwd >= 0 && <i32>vKind.get(fwd) == VK.Forward && vType.get(fwd) != ptrType(as)) {
    return errorAt("forward reference and definition of alias have different types", typeAt);
  }
  let v = claimGlobal(name, num, ptrType(as), off); if (v < 0) return false;
  noteAt(Sym.Global, SYM_DEF | SYM_ALIAS, off, nameEnd, name, num, -1, -1, v);
  noteGlobalNum(num);
  let g = globalFor(isAlias ? GK.Alias : GK.IFunc, v);
  vKind.set(v, <u8>(isAlias ? VK.Alias : VK.IFunc)); vA.set(v, g);
  gLinkage.set(g, <u8>linkage); gVisibility.set(g, <u8>vis); gDLL.set(g, <u8>dll); gTLS.set(g, <u8>tls); gUnnamed.set(g, <u8>ua);
  gAddrSpace.set(g, as); gValueType.set(g, vt);
  gFlags.set(g, (dso ? GF_DSO_LOCAL : 0) | GF_DEFINED | (num != -1 ? GF_NUMBERED : 0));
  appendOperand(v, aliasee);
  while (eat(T.Comma)) {
    if (isWord(K.KW_partition)) { next(); if (lx.tok != T.String) return error("expected partition string"); gPartition.set(g, lx.tokStr); next(); continue; }
    // metadata attachments: on ifuncs, from LLVM 22
    if (lx.tok == T.MetadataVar && !isAlias && llvmVersion >= 22) { gMD.set(g, parseAttachment(gMD.get(g), true)); if (rd.failed) return false; continue; }
    return error("unknown alias or ifunc property!");
  }
  return true;
}
