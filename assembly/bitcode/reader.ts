// The bitcode reader: an LLVM 19-22 bitcode module (raw or in its wrapper) into the arena, with the
// same tables the text parser makes, so the verifier, the passes and the printer cannot tell the
// two inputs apart. The top level is scanned first for the STRTAB block (global names live there,
// after the module block); then the MODULE_BLOCK is read: attribute groups and lists (read-attrs),
// types (read-types), globals and functions, constants (read-constants), metadata
// (read-metadata) and the function bodies (read-function). Errors name the block and the bit
// offset (bitstream.ts bsErrorText).
import { I32Vec } from "../util/vec";
import { strtab, setSourceFilename, setDataLayout, setTargetTriple, moduleAsm, targetTriple, moduleId, dataLayout } from "../ir/module";
import { upgradeDataLayout } from "./upgrade-layout";
import { dataLayoutError, programAddrSpace } from "../ir/datalayout";
import { parseDataLayout } from "../ir/datalayout-parse";
import { inferDataLayout } from "../ir/triple-layout";
import { TK, tyKind, tyA, listLen, listAt, ptrType, T_VOID } from "../ir/types";
import { VK, newValue, vKind, vType, vName, vParent, vA, appendOperand, setOperand } from "../ir/values";
import {
  GK, Linkage, newGlobal, gLinkage, gVisibility, gDLL, gTLS, gUnnamed, gFlags, gAddrSpace, gValueType, gSection,
  gPartition, gComdat, gAlign, gGC, gCC, gAttrs, gFirstArg, gNumArgs, gExtra, cdName, cdKind, GF_DSO_LOCAL,
  GF_CONSTANT, GF_EXTERN_INIT, GF_DEFINED, GF_NUMBERED,
} from "../ir/globals";
import { fnAttrs, attrLists, internAttrList } from "../ir/attributes";
import { uniqueMetadata, fillVersionMetaKinds } from "../ir/metadata";
import { applyIntrinsicAttributes } from "../ir/intrinsics";
import {
  upgradeDebugIntrinsics, upgradeIntrinsicDeclarations, upgradeModuleFlags, upgradeTBAATags,
} from "../ir/upgrade";
import { upgradeDebugInfo } from "../ir/upgrade-debug";
import { upgradeDeclareExpressions } from "./read-metadata";
import { odrUniqueTypes, canonicalizeMetadataValues } from "../ir/module-reading";
import {
  bs, openStream, advance, enterBlock, skipBlock, readRecord, bsFailed,
  entryStart, seekTo, ENTRY_END, ENTRY_BLOCK, ENTRY_ERROR, nextRecord, REC_END, bytesLeft, failWhole } from "./bitstream";
import {
  br, newBitcodeReader, setNextBody, setRelativeIds, setStrtab,
  setModuleValues, setLayoutSettled, setModuleMDs, pushValue, bad, badI,
} from "./read-state";
import { readTypeBlock, typeOf, stringOf } from "./read-types";
import { readAttrGroupBlock, readAttrBlock, attrListAt } from "./read-attrs";
import { readConstantsBlock, getConstant } from "./read-constants";
import { readFunctionBlock } from "./read-function";
import { readMetadataBlock, readKindBlock, definedMDs, setAttachmentFunction, checkMetadataDone } from "./read-metadata";
import { readUseListBlock, applyUseListOrders } from "./read-uselist";

const IDENTIFICATION_BLOCK = 13, MODULE_BLOCK = 8, STRTAB_BLOCK = 23, PARAMATTR_BLOCK = 9,
  PARAMATTR_GROUP_BLOCK = 10, CONSTANTS_BLOCK = 11, FUNCTION_BLOCK = 12, VALUE_SYMTAB_BLOCK = 14,
  METADATA_BLOCK = 15, METADATA_KIND_BLOCK = 22, TYPE_BLOCK = 17, USELIST_BLOCK = 18,
  OPERAND_BUNDLE_TAGS_BLOCK = 21, SYNC_SCOPE_NAMES_BLOCK = 26;

// Reads the module at p (n bytes). False with the error (bitstream.ts bsErrorText) otherwise.
export function readBitcode(p: usize, n: i32): bool {
  newBitcodeReader();
  fillVersionMetaKinds();
  if (!openStream(p, n)) return false;
  // The top level, as LLVM's getBitcodeFileContents walks it: the module blocks (an
  // IDENTIFICATION block comes right before its module), the string table a module uses (the
  // first one after it), other blocks skipped; it stops where no module fits any more (tools
  // leave padding). opt reads a file of exactly one module.
  let moduleAt: i64 = -1, modules = 0, haveStrtab = false;
  while (bytesLeft() > 8) {
    let e = advance();
    if (e == ENTRY_ERROR) return false;
    if (e == ENTRY_END) break;
    if (e != ENTRY_BLOCK) return bad("Invalid bitcode: a record at the top level");
    let id = bs.entryBlock;
    if (id == IDENTIFICATION_BLOCK) {
      if (!skipBlock()) return false;
      e = advance();
      if (e == ENTRY_ERROR) return false;
      if (e != ENTRY_BLOCK || bs.entryBlock != MODULE_BLOCK) return bad("Malformed block: no module block after the IDENTIFICATION block");
      id = MODULE_BLOCK;
    }
    if (id == MODULE_BLOCK) { if (modules++ == 0) moduleAt = <i64>entryStart(); if (!skipBlock()) return false; continue; }
    if (id == STRTAB_BLOCK && modules == 1 && !haveStrtab) { haveStrtab = true; if (!readStrtab()) return false; continue; }
    if (!skipBlock()) return false;
  }
  if (modules != 1) return failWhole("Expected a single module");
  seekTo(<u64>moduleAt);
  let e = advance();
  if (e != ENTRY_BLOCK || bs.entryBlock != MODULE_BLOCK) return bad("Invalid bitcode: the module block moved");
  if (!readModule()) return false;
  applyUseListOrders();
  return finish();
}

function readStrtab(): bool {
  if (!enterBlock()) return false;
  while (true) {
    let code = nextRecord();
    if (code == REC_END) return true;
    if (code < 0) return false;
    if (code == 1 && bs.blobLen >= 0) setStrtab(bs.blobPtr, bs.blobLen);
  }
}

// The name at ops[0..1] (strtab offset, size); -1 for an empty name.
function nameFromStrtab(): i32 {
  let off = bs.ops.get(0), size = bs.ops.get(1);
  if (off < 0 || size < 0 || off + size > <i64>br.strtabLen) { badI("Invalid record: name past the string table"); return -2; }
  if (size == 0) return -1;
  return strtab.intern(br.strtabPtr + <usize>off, <i32>size);
}

// Settles the data layout once (LLVM's reader does at the first function record or body): the
// module's string, else the one opt derives from the triple.
function settleLayout(): bool {
  if (br.layoutSettled) return true;
  setLayoutSettled();
  // no layout: LLVM's upgrade may still give one (AMDGPU's), which opt then keeps
  if ((dataLayout < 0 || strtab.lenOf(dataLayout) == 0) && targetTriple >= 0) {
    let tt = String.UTF8.decodeUnsafe(strtab.ptrOf(targetTriple), <usize>strtab.lenOf(targetTriple), false);
    let up = upgradeDataLayout("", tt);
    if (up.length > 0) {
      let s = strtab.internStr(up);
      setDataLayout(s);
      if (!parseDataLayout(strtab.ptrOf(s), strtab.lenOf(s))) return bad(dataLayoutError());
    }
  }
  if (!inferDataLayout()) return bad(dataLayoutError());
  return true;
}

function readModule(): bool {
  if (!enterBlock()) return false;
  let sawFunctionBlock = false;
  while (true) {
    let e = advance();
    if (e == ENTRY_ERROR) return false;
    if (e == ENTRY_END) break;
    if (e == ENTRY_BLOCK) {
      let id = bs.entryBlock;
      let ok = true;
      if (id == PARAMATTR_GROUP_BLOCK) ok = readAttrGroupBlock();
      else if (id == PARAMATTR_BLOCK) ok = readAttrBlock();
      else if (id == TYPE_BLOCK) ok = readTypeBlock();
      else if (id == CONSTANTS_BLOCK) { ok = readConstantsBlock() && resolveInits(); }
      else if (id == METADATA_BLOCK) { ok = readMetadataBlock(true); setModuleMDs(definedMDs()); }
      else if (id == METADATA_KIND_BLOCK) ok = readKindBlock();
      else if (id == OPERAND_BUNDLE_TAGS_BLOCK) ok = readStringBlock(br.bundleTags);
      else if (id == SYNC_SCOPE_NAMES_BLOCK) ok = readStringBlock(br.syncScopes);
      else if (id == FUNCTION_BLOCK) {
        if (!sawFunctionBlock) { sawFunctionBlock = true; if (!settleLayout() || !resolveInits() || !checkInitsDone()) return false; }
        if (br.nextBody >= br.fnBodies.len) return bad("Invalid bitcode: more function bodies than definitions");
        let fn = br.fnBodies.get(br.nextBody);
        setNextBody(br.nextBody + 1);
        setAttachmentFunction(vA.get(fn));
        ok = readFunctionBlock(fn);
        setAttachmentFunction(-1);
      }
      else if (id == USELIST_BLOCK) ok = readUseListBlock(null);
      else ok = skipBlock();   // VALUE_SYMTAB (names are in the string table), others
      if (!ok) return false;
      continue;
    }
    let code = readRecord(bs.entryAbbrev);
    if (bsFailed()) return false;
    if (!readModuleRecord(<i32>code)) { if (!bsFailed()) bad("Invalid record"); return false; }
  }
  if (!settleLayout() || !resolveInits() || !checkInitsDone() || !checkMetadataDone()) return false;
  if (br.nextBody != br.fnBodies.len) return bad("Invalid bitcode: a function definition without its body");
  return true;
}

function readStringBlock(into: I32Vec): bool {
  if (!enterBlock()) return false;
  while (true) {
    let code = nextRecord();
    if (code == REC_END) return true;
    if (code < 0) return false;
    if (code == 1) into.push(stringOf(0));
  }
}

function linkageOf(x: i64): i32 {
  switch (<i32>x) {
    case 2: return Linkage.Appending;
    case 3: return Linkage.Internal;
    case 7: return Linkage.ExternWeak;
    case 8: return Linkage.Common;
    case 9: case 13: case 14: return Linkage.Private;
    case 12: return Linkage.Available;
    case 1: case 16: return Linkage.Weak;
    case 10: case 17: return Linkage.WeakODR;
    case 4: case 18: return Linkage.LinkOnce;
    case 11: case 19: return Linkage.LinkOnceODR;
  }
  return Linkage.External;
}
function isLocal(l: i32): bool { return l == Linkage.Private || l == Linkage.Internal; }

function readModuleRecord(code: i32): bool {
  let n = bs.ops.len;
  switch (code) {
    case 1: { // VERSION
      if (n < 1) return bad("Invalid version record");
      let v = bs.ops.get(0);
      if (v > 2) return bad("Invalid value: bitcode version " + v.toString());
      if (v < 2) return bad("Invalid record: bitcode before the string table (version " + v.toString() + ") is not read");
      setRelativeIds(v >= 1);
      return true;
    }
    case 2: { if (br.layoutSettled) return bad("target triple too late in module"); setTargetTriple(stringOf(0)); return true; }
    case 3: {
      if (br.layoutSettled) return bad("datalayout too late in module");
      let s = stringOf(0);
      // LLVM's bitcode reader upgrades the layout string for the module's target
      if (strtab.lenOf(s) > 0) {
        let raw = String.UTF8.decodeUnsafe(strtab.ptrOf(s), <usize>strtab.lenOf(s), false);
        let tt = targetTriple >= 0 ? String.UTF8.decodeUnsafe(strtab.ptrOf(targetTriple), <usize>strtab.lenOf(targetTriple), false) : "";
        let up = upgradeDataLayout(raw, tt);
        if (up != raw) s = strtab.internStr(up);
      }
      setDataLayout(s);
      if (strtab.lenOf(s) > 0 && !parseDataLayout(strtab.ptrOf(s), strtab.lenOf(s))) return bad(dataLayoutError());
      return true;
    }
    case 4: { // ASM: the lines of module asm
      let s = 0;
      for (let i = 0; i <= n; i++) {
        if (i < n && bs.ops.get(i) != 10) continue;
        if (i == n && s == n) break;
        let p = heap.alloc(i - s > 0 ? <usize>(i - s) : 1);
        for (let j = s; j < i; j++) store<u8>(p + <usize>(j - s), <u8>bs.ops.get(j));
        moduleAsm.push(strtab.intern(p, i - s));
        heap.free(p);
        s = i + 1;
      }
      return true;
    }
    case 5: br.sections.push(stringOf(0)); return true;
    case 11: br.gcNames.push(stringOf(0)); return true;
    case 16: setSourceFilename(stringOf(0)); return true;
    case 12: { // COMDAT [strtab offset, size, kind]
      if (n < 3) return bad("Invalid comdat record");
      let name = nameFromStrtab(); if (name == -2) return false;
      let k = bs.ops.get(2);
      if (k < 1 || k > 5) return bad("Invalid comdat record: selection kind");
      let c = cdName.push(name < 0 ? strtab.internStr("") : name); cdKind.push(<u8>(k - 1));
      br.comdats.push(c);
      return true;
    }
    case 7: return readGlobalVar();
    case 8: return settleLayout() && readFunctionRecord();
    case 14: case 18: return readAlias(code == 18);
    case 9: return bad("Invalid record: the old alias record is not read");
  }
  return true;   // VSTOFFSET, HASH, DEPLIB and unknown records: ignored, as LLVM does
}

// Common tail of global records: visibility etc. per LLVM's defaults.
function readGlobalVar(): bool {
  let n = bs.ops.len;
  if (n < 8) return bad("Invalid global variable record");
  let name = nameFromStrtab(); if (name == -2) return false;
  let r = 2;
  let ty = typeOf(bs.ops.get(r)); if (ty < 0) return bad("Invalid global variable record");
  let bits = bs.ops.get(r + 1);
  if ((bits & 2) == 0) return bad("Invalid record: the typed-pointer global form is not read");
  let as = bits >> 2;
  if (as > 0xffffff) return bad("Invalid global variable record: address space");
  let k = <i32>tyKind.get(ty);
  if (k == TK.Function || k == TK.Label || k == TK.Void) return bad("Invalid type for value");
  let linkage = linkageOf(bs.ops.get(r + 3));
  let align = bs.ops.get(r + 4);
  if (align < 0 || align > 33) return bad("Invalid alignment value");
  let sec = bs.ops.get(r + 5);
  if (sec < 0 || sec > <i64>br.sections.len) return bad("Invalid ID");
  let v = newValue(VK.GlobalVar, ptrType(<i32>as));
  vName.set(v, name);
  let g = newGlobal(GK.Var, v);
  vA.set(v, g);
  gLinkage.set(g, <u8>linkage); gAddrSpace.set(g, <i32>as); gValueType.set(g, ty);
  gAlign.set(g, <i32>align);
  if (sec > 0) gSection.set(g, br.sections.get(<i32>sec - 1));
  if (n > r + 6 && !isLocal(linkage)) gVisibility.set(g, <u8>(bs.ops.get(r + 6) & 3));
  if (n > r + 7) { let t = bs.ops.get(r + 7); if (t < 0 || t > 4) return bad("Invalid thread local mode"); gTLS.set(g, <u8>t); }
  if (n > r + 8) gUnnamed.set(g, <u8>(bs.ops.get(r + 8) > 2 ? 0 : bs.ops.get(r + 8)));
  let flags = ((bits & 1) != 0 ? GF_CONSTANT : 0) | (name < 0 ? GF_NUMBERED : 0);
  if (n > r + 9 && bs.ops.get(r + 9) != 0) flags |= GF_EXTERN_INIT;
  if (n > r + 10 && !isLocal(linkage)) gDLL.set(g, <u8>(bs.ops.get(r + 10) > 2 ? 0 : bs.ops.get(r + 10)));
  if (n > r + 11) {
    let c = bs.ops.get(r + 11);
    if (c > <i64>br.comdats.len || c < 0) return bad("Invalid global variable comdat ID");
    if (c > 0) gComdat.set(g, br.comdats.get(<i32>c - 1));
  }
  if (n > r + 12) {
    let l = attrListAt(bs.ops.get(r + 12)); if (l == -2) return false;
    gAttrs.set(g, l >= 0 ? fnAttrs(l) : -1);
  }
  if (n > r + 13 && bs.ops.get(r + 13) != 0) flags |= GF_DSO_LOCAL;
  if (isLocal(linkage) || (gVisibility.get(g) != 0 && linkage != Linkage.ExternWeak)) flags |= GF_DSO_LOCAL;
  if (n > r + 15 && bs.ops.get(r + 15) > 0) {
    let off = bs.ops.get(r + 14), sz = bs.ops.get(r + 15);
    if (off < 0 || off + sz > <i64>br.strtabLen) return bad("Malformed partition, too large.");
    gPartition.set(g, strtab.intern(br.strtabPtr + <usize>off, <i32>sz));
  }
  let extra = "";
  if (n > r + 16 && bs.ops.get(r + 16) != 0) {
    let m = bs.ops.get(r + 16);
    if (m & 1) extra += ", no_sanitize_address";
    if (m & 2) extra += ", no_sanitize_hwaddress";
    if (m & 4) extra += ", sanitize_memtag";
    if (m & 8) extra += ", sanitize_address_dyninit";
  }
  if (n > r + 17 && bs.ops.get(r + 17) != 0) {
    let cm = bs.ops.get(r + 17);
    const MODELS: string[] = ["", "tiny", "small", "kernel", "medium", "large"];
    if (cm < 1 || cm > 5) return bad("Invalid global variable code model");
    extra = ", code_model \"" + MODELS[<i32>cm] + "\"" + extra;
  }
  if (extra.length > 0) gExtra.set(g, strtab.internStr(extra.substring(2)));
  let init = bs.ops.get(r + 2);
  appendOperand(v, -1);
  if (init != 0) { flags |= GF_DEFINED; br.globalInits.push(v); br.globalInits.push(<i32>(init - 1)); }
  gFlags.set(g, flags);
  pushValue(v, -1, ptrType(<i32>as));
  return true;
}

function readFunctionRecord(): bool {
  let n = bs.ops.len;
  if (n < 10) return bad("Invalid function record");
  let name = nameFromStrtab(); if (name == -2) return false;
  let r = 2;
  let fnTy = typeOf(bs.ops.get(r));
  if (fnTy < 0 || <i32>tyKind.get(fnTy) != TK.Function) return bad("Invalid type for value");
  let cc = bs.ops.get(r + 1);
  if (cc < 0 || cc > 1023) return bad("Invalid calling convention ID");
  let isProto = bs.ops.get(r + 2) != 0;
  let linkage = linkageOf(bs.ops.get(r + 3));
  let attrs = attrListAt(bs.ops.get(r + 4)); if (attrs == -2) return false;
  let align = bs.ops.get(r + 5);
  if (align < 0 || align > 33) return bad("Invalid alignment value");
  let sec = bs.ops.get(r + 6);
  if (sec < 0 || sec > <i64>br.sections.len) return bad("Invalid ID");
  let as = n > r + 16 ? bs.ops.get(r + 16) : <i64>programAddrSpace();
  if (as < 0 || as > 0xffffff) return bad("Invalid function record: address space");
  let v = newValue(VK.Function, ptrType(<i32>as));
  vName.set(v, name);
  let g = newGlobal(GK.Func, v);
  vA.set(v, g);
  gLinkage.set(g, <u8>linkage); gAddrSpace.set(g, <i32>as); gValueType.set(g, fnTy); gCC.set(g, <i32>cc);
  gAttrs.set(g, attrs); gAlign.set(g, <i32>align);
  if (sec > 0) gSection.set(g, br.sections.get(<i32>sec - 1));
  if (!isLocal(linkage)) gVisibility.set(g, <u8>(bs.ops.get(r + 7) & 3));
  if (n > r + 8 && bs.ops.get(r + 8) != 0) {
    let gc = bs.ops.get(r + 8);
    if (gc - 1 >= <i64>br.gcNames.len || gc < 0) return bad("Invalid ID");
    gGC.set(g, br.gcNames.get(<i32>gc - 1));
  }
  if (n > r + 9) gUnnamed.set(g, <u8>(bs.ops.get(r + 9) > 2 ? 0 : bs.ops.get(r + 9)));
  let prologue = n > r + 10 ? bs.ops.get(r + 10) : 0;
  if (n > r + 11 && !isLocal(linkage)) gDLL.set(g, <u8>(bs.ops.get(r + 11) > 2 ? 0 : bs.ops.get(r + 11)));
  if (n > r + 12) {
    let c = bs.ops.get(r + 12);
    if (c > <i64>br.comdats.len || c < 0) return bad("Invalid function comdat ID");
    if (c > 0) gComdat.set(g, br.comdats.get(<i32>c - 1));
  }
  let prefix = n > r + 13 ? bs.ops.get(r + 13) : 0;
  let personality = n > r + 14 ? bs.ops.get(r + 14) : 0;
  let flags = name < 0 ? GF_NUMBERED : 0;
  if (n > r + 15 && bs.ops.get(r + 15) != 0) flags |= GF_DSO_LOCAL;
  if (isLocal(linkage) || (gVisibility.get(g) != 0 && linkage != Linkage.ExternWeak)) flags |= GF_DSO_LOCAL;
  if (n > r + 18 && bs.ops.get(r + 18) > 0) {
    let off = bs.ops.get(r + 17), sz = bs.ops.get(r + 18);
    if (off >= 0 && off + sz <= <i64>br.strtabLen) gPartition.set(g, strtab.intern(br.strtabPtr + <usize>off, <i32>sz));
  }
  gFlags.set(g, flags);
  appendOperand(v, -1); appendOperand(v, -1); appendOperand(v, -1);
  // the arguments follow the function's value, as the text parser makes them
  let np = listLen(fnTy);
  let first = -1;
  for (let i = 0; i < np; i++) {
    let a = newValue(VK.Arg, listAt(fnTy, i));
    vParent.set(a, v); vA.set(a, i);
    if (i == 0) first = a;
  }
  gFirstArg.set(g, first); gNumArgs.set(g, np);
  if (personality != 0 || prefix != 0 || prologue != 0) {
    br.fnOperands.push(v); br.fnOperands.push(<i32>personality); br.fnOperands.push(<i32>prefix); br.fnOperands.push(<i32>prologue);
  }
  if (!isProto) br.fnBodies.push(v);
  pushValue(v, -1, ptrType(<i32>as));
  return true;
}

function readAlias(ifunc: bool): bool {
  let n = bs.ops.len;
  if (n < 6) return bad("Invalid global indirect symbol record");
  let name = nameFromStrtab(); if (name == -2) return false;
  let r = 2;
  let ty = typeOf(bs.ops.get(r)); if (ty < 0) return bad("Invalid global indirect symbol record");
  let as = bs.ops.get(r + 1);
  if (as < 0 || as > 0xffffff) return bad("Invalid global indirect symbol record: address space");
  let val = bs.ops.get(r + 2);
  let linkage = linkageOf(bs.ops.get(r + 3));
  let v = newValue(ifunc ? VK.IFunc : VK.Alias, ptrType(<i32>as));
  vName.set(v, name);
  let g = newGlobal(ifunc ? GK.IFunc : GK.Alias, v);
  vA.set(v, g);
  gLinkage.set(g, <u8>linkage); gAddrSpace.set(g, <i32>as); gValueType.set(g, ty);
  let i = r + 4;
  if (i < n) { if (!isLocal(linkage)) gVisibility.set(g, <u8>(bs.ops.get(i) & 3)); i++; }
  if (!ifunc) {
    if (i < n) { if (!isLocal(linkage)) gDLL.set(g, <u8>(bs.ops.get(i) > 2 ? 0 : bs.ops.get(i))); i++; }
    if (i < n) { let t = bs.ops.get(i++); if (t < 0 || t > 4) return bad("Invalid thread local mode"); gTLS.set(g, <u8>t); }
    if (i < n) { gUnnamed.set(g, <u8>(bs.ops.get(i) > 2 ? 0 : bs.ops.get(i))); i++; }
  }
  let flags = GF_DEFINED | (name < 0 ? GF_NUMBERED : 0);
  if (i < n) { if (bs.ops.get(i) != 0) flags |= GF_DSO_LOCAL; i++; }
  if (isLocal(linkage) || (gVisibility.get(g) != 0 && linkage != Linkage.ExternWeak)) flags |= GF_DSO_LOCAL;
  if (i + 1 < n && bs.ops.get(i + 1) > 0) {
    let off = bs.ops.get(i), sz = bs.ops.get(i + 1);
    if (off < 0 || off + sz > <i64>br.strtabLen) return bad("Malformed partition, too large.");
    gPartition.set(g, strtab.intern(br.strtabPtr + <usize>off, <i32>sz));
  }
  gFlags.set(g, flags);
  appendOperand(v, -1);
  br.aliasInits.push(v); br.aliasInits.push(<i32>val);
  pushValue(v, -1, ptrType(<i32>as));
  return true;
}

// Global initializers, aliasees and function operands whose constants are read by now.
function resolveInits(): bool {
  setModuleValues(br.valueList.len);
  for (let i = 0; i < br.globalInits.len; i += 2) {
    let v = br.globalInits.get(i), id = br.globalInits.get(i + 1);
    if (v < 0 || id >= br.valueList.len) continue;
    let c = getConstant(id); if (c < 0) return false;
    // (LLVM's reader takes an initializer of another type; the verifier reports it)
    setOperand(v, 0, c);
    br.globalInits.set(i, -1);
  }
  for (let i = 0; i < br.aliasInits.len; i += 2) {
    let v = br.aliasInits.get(i), id = br.aliasInits.get(i + 1);
    if (v < 0 || id >= br.valueList.len) continue;
    let c = getConstant(id); if (c < 0) return false;
    if (vType.get(c) != vType.get(v) && <i32>vKind.get(v) == VK.Alias) return bad("Alias and aliasee types don't match");
    setOperand(v, 0, c);
    br.aliasInits.set(i, -1);
  }
  for (let i = 0; i < br.fnOperands.len; i += 4) {
    let v = br.fnOperands.get(i);
    if (v < 0) continue;
    let done = true;
    for (let k = 1; k <= 3; k++) {
      let id = br.fnOperands.get(i + k);
      if (id == 0) continue;
      if (id - 1 >= br.valueList.len) { done = false; continue; }
      let c = getConstant(id - 1); if (c < 0) return false;
      setOperand(v, k - 1, c);
      br.fnOperands.set(i + k, 0);
    }
    if (done) br.fnOperands.set(i, -1);
  }
  return true;
}
function checkInitsDone(): bool {
  for (let i = 0; i < br.globalInits.len; i += 2) if (br.globalInits.get(i) >= 0) return bad("Malformed global initializer set");
  for (let i = 0; i < br.aliasInits.len; i += 2) if (br.aliasInits.get(i) >= 0) return bad("Malformed global initializer set");
  for (let i = 0; i < br.fnOperands.len; i += 4) if (br.fnOperands.get(i) >= 0) return bad("Invalid record: a function operand that is never defined");
  return true;
}

// What the text parser runs at the end of the module (text/parse-finish.ts), where LLVM's bitcode
// reader runs the same upgrades.
function finish(): bool {
  upgradeDebugIntrinsics();
  upgradeDeclareExpressions();
  applyIntrinsicAttributes();
  upgradeIntrinsicDeclarations(true);
  upgradeModuleFlags();
  upgradeTBAATags();
  upgradeDebugInfo(moduleId);
  canonicalizeMetadataValues();
  uniqueMetadata(odrUniqueTypes());
  return !bsFailed();
}
