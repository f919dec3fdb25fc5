// The bitcode writer: the module as LLVM 19's or 22's BitcodeWriter lays it out, read straight from
// the arena. This file drives it and writes the module-level blocks (identification, types,
// attributes, globals, constants, the string table); metadata is write-meta.ts's, function bodies
// write-function.ts's. Record layouts are those of LLVM's LLVMBitCodes.h (the record codes below);
// what differs between the versions is chosen by `bw.version`.
//
// The result is a valid bitcode file for llvm-dis/opt of the target version; it is not byte-for-byte
// what LLVM writes (see enumerate.ts for the layout choices; abbreviations like LLVM's, not the same
// set; no SYMTAB block (irsymtab): only LTO tools read it; no metadata index for lazy loading).
import { zext64 } from "../util/bits";
import { I64Vec, U8Vec, I32Vec } from "../util/vec";
import { strtab, sourceFilename, dataLayout, targetTriple, moduleAsm } from "../ir/module";
import {
  VK, vKind, vType, vA, vB, vName, iOp, iFlags, iAux, iExt, ext, operand, numOperands, iNext,
} from "../ir/values";
import {
  TK, tyKind, tyA, tyN, tyFlags, tyListLen, tyList, tyPool, TF_PACKED, TF_VARARG, TF_HASBODY, T_PTR,
  T_HALF, T_BFLOAT, T_FLOAT, T_DOUBLE, T_X86FP80, T_FP128, T_PPCFP128,
} from "../ir/types";
import {
  GK, gKind, gValue, gLinkage, gVisibility, gDLL, gTLS, gUnnamed, gFlags, gAddrSpace, gValueType, gSection,
  gPartition, gComdat, gAlign, gGC, gCC, gAttrs, gExtra, gFirstBlock, globalCount, cdName, cdKind,
  GF_DSO_LOCAL, GF_CONSTANT, GF_EXTERN_INIT, GF_DEFINED, Linkage,
} from "../ir/globals";
import { attrSets, setSize, setTag, setKey, setV0, setV1, AT, ATTR_KW, ATTR_ALIGN, ATTR_ALIGNSTACK,
  ATTR_MEMORY, ATTR_CAPTURES, ATTR_ALLOCKIND, ATTR_ALLOCSIZE, ATTR_VSCALE, FIRST_RANGELIST_ATTR } from "../ir/attributes";
import { decodeAlign } from "../ir/align";
import { valueCount } from "../ir/values";
import { mdCount } from "../ir/metadata";
import { Op, isCast, isBinary, F_NUW, F_NSW, F_EXACT, F_DISJOINT, F_INBOUNDS, F_GEP_NUSW, F_GEP_NUW } from "../ir/opcodes";
import {
  intWordCount, intWord, fpWord, gepExprSourceType, gepExprHasInRange, gepExprInRangeLo, gepExprInRangeHi,
} from "../ir/constants";
import {
  BcWriter, signedVBR, MODULE_BLOCK, PARAMATTR_BLOCK, PARAMATTR_GROUP_BLOCK, CONSTANTS_BLOCK, FUNCTION_BLOCK, IDENTIFICATION_BLOCK,
  VALUE_SYMTAB_BLOCK, METADATA_BLOCK, METADATA_ATTACHMENT_BLOCK, TYPE_BLOCK, OPERAND_BUNDLE_TAGS_BLOCK, METADATA_KIND_BLOCK,
  STRTAB_BLOCK, SYNC_SCOPE_NAMES_BLOCK, ws, newWriterState,
} from "./write-base";
import { BitWriter, ENC_LITERAL, ENC_FIXED, ENC_VBR, ENC_ARRAY, ENC_CHAR6, ENC_BLOB, fitsChar6, bitsFor } from "./bitwriter";
import { Enumeration, enumerateModule, liveGlobal } from "./enumerate";
import { nodeIntConstants } from "./write-di-fields";
import { writeModuleMetadata, writeMetadataKinds } from "./write-meta";
import { writeFunction } from "./write-function";
import { UseLists, writeUseLists } from "./write-uselist";
import { decimalWords } from "./wide-int";
import { getInt, getNull } from "../ir/constants";
import { T_I64 } from "../ir/types";
import { writeAttributeGroups, writeAttributeLists } from "./write-attrs";
import { writeConstants, CST_SETTYPE, CST_INTEGER, CST_CE_CAST, CST_NULL } from "./write-constants";

// Module records.
const MOD_VERSION: u32 = 1, MOD_TRIPLE: u32 = 2, MOD_DATALAYOUT: u32 = 3, MOD_ASM: u32 = 4, MOD_SECTIONNAME: u32 = 5,
  MOD_GLOBALVAR: u32 = 7, MOD_FUNCTION: u32 = 8, MOD_GCNAME: u32 = 11, MOD_COMDAT: u32 = 12, MOD_ALIAS: u32 = 14,
  MOD_SOURCE_FILENAME: u32 = 16, MOD_IFUNC: u32 = 18, MOD_VSTOFFSET: u32 = 13;
const VST_FNENTRY: u32 = 3;
// Type records.
const TY_NUMENTRY: u32 = 1, TY_VOID: u32 = 2, TY_FLOAT: u32 = 3, TY_DOUBLE: u32 = 4, TY_LABEL: u32 = 5, TY_OPAQUE: u32 = 6,
  TY_INTEGER: u32 = 7, TY_HALF: u32 = 10, TY_ARRAY: u32 = 11, TY_VECTOR: u32 = 12, TY_X86_FP80: u32 = 13,
  TY_FP128: u32 = 14, TY_PPC_FP128: u32 = 15, TY_METADATA: u32 = 16, TY_X86_MMX: u32 = 17, TY_STRUCT_ANON: u32 = 18,
  TY_STRUCT_NAME: u32 = 19, TY_STRUCT_NAMED: u32 = 20, TY_FUNCTION: u32 = 21, TY_TOKEN: u32 = 22, TY_BFLOAT: u32 = 23,
  TY_X86_AMX: u32 = 24, TY_OPAQUE_POINTER: u32 = 25, TY_TARGET_TYPE: u32 = 26;
// Constants records.

// ---- entry point ----

// Writes the module as bitcode for LLVM `version`; the bytes, or null with `error` set.
export function writeModuleBitcode(version: i32, moduleId: i32 = -1): BcWriter {
  newWriterState();
  let e = new Enumeration(nodeIntConstants);
  enumerateModule(e, version);
  let bw = new BcWriter(e, version);
  // the output in one block: about a dozen bytes per value and node at most (SQLite -O0 -g: 11;
  // room that stays unused is never touched), instead of doubling from 64 KB with a copy each time
  bw.w.out.reserve(<i32>min<i64>((<i64>valueCount() + <i64>mdCount()) * 16 + (1 << 16), 1 << 29));
  let ul = new UseLists(version);
  ul.run();
  let w = bw.w;
  w.magic();
  writeIdentification(bw);
  w.enterBlock(MODULE_BLOCK, 3);
  bw.vals.clear(); bw.vals.push(2); w.record(MOD_VERSION, bw.vals);
  bw.typeBits = bitsFor(<u64>e.types.len + 1);
  writeBlockInfo(bw);
  writeTypeTable(bw);
  writeAttributeGroups(bw);
  writeAttributeLists(bw);
  writeModuleInfo(bw, moduleId);
  writeConstants(bw);
  writeMetadataKinds(bw);
  writeModuleMetadata(bw);
  writeUseLists(bw, ul, ul.modFirst, ul.modEnd, null);
  writeBundleTags(bw);
  writeSyncScopes(bw);
  bw.fnStart.resize(globalCount(), 0);
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Func || !liveGlobal(g) || (gFlags.get(g) & GF_DEFINED) == 0) continue;
    bw.fnStart.set(g, <i64>w.bitPos());
    writeFunction(bw, g, ul);
    if (bw.error.length > 0) break;
  }
  writeModuleSymbolTable(bw);
  w.endBlock();
  writeStrtab(bw);
  w.finish();
  return bw;
}

function writeBlockInfo(bw: BcWriter): void {
  let w = bw.w;
  let tb = <i64>bw.typeBits;
  w.beginBlockInfo();
  w.infoFor(VALUE_SYMTAB_BLOCK);
  w.defineAbbrev([ENC_FIXED, 3, ENC_VBR, 8, ENC_ARRAY, 0, ENC_FIXED, 8]);
  w.defineAbbrev([ENC_LITERAL, 1, ENC_VBR, 8, ENC_ARRAY, 0, ENC_FIXED, 7]);
  w.defineAbbrev([ENC_LITERAL, 1, ENC_VBR, 8, ENC_ARRAY, 0, ENC_CHAR6, 0]);
  w.defineAbbrev([ENC_LITERAL, 2, ENC_VBR, 8, ENC_ARRAY, 0, ENC_CHAR6, 0]);
  w.infoFor(CONSTANTS_BLOCK);
  w.defineAbbrev([ENC_LITERAL, CST_SETTYPE, ENC_FIXED, tb]);
  w.defineAbbrev([ENC_LITERAL, CST_INTEGER, ENC_VBR, 8]);
  w.defineAbbrev([ENC_LITERAL, CST_CE_CAST, ENC_FIXED, 4, ENC_FIXED, tb, ENC_VBR, 8]);
  w.defineAbbrev([ENC_LITERAL, CST_NULL]);
  w.infoFor(FUNCTION_BLOCK);
  w.defineAbbrev([ENC_LITERAL, 20, ENC_VBR, 6, ENC_FIXED, tb, ENC_VBR, 4, ENC_FIXED, 1]);           // load
  w.defineAbbrev([ENC_LITERAL, 2, ENC_VBR, 6, ENC_VBR, 6, ENC_FIXED, 4]);                            // binop
  w.defineAbbrev([ENC_LITERAL, 2, ENC_VBR, 6, ENC_VBR, 6, ENC_FIXED, 4, ENC_FIXED, 8]);              // binop, flags
  w.defineAbbrev([ENC_LITERAL, 3, ENC_VBR, 6, ENC_FIXED, tb, ENC_FIXED, 4]);                         // cast
  w.defineAbbrev([ENC_LITERAL, 3, ENC_VBR, 6, ENC_FIXED, tb, ENC_FIXED, 4, ENC_FIXED, 8]);           // cast, flags
  w.defineAbbrev([ENC_LITERAL, 10]);                                                                // ret void
  w.defineAbbrev([ENC_LITERAL, 10, ENC_VBR, 6]);                                                    // ret value
  w.defineAbbrev([ENC_LITERAL, 15]);                                                                // unreachable
  w.defineAbbrev([ENC_LITERAL, 43, ENC_FIXED, 3, ENC_FIXED, tb, ENC_ARRAY, 0, ENC_VBR, 6]);         // getelementptr
  w.defineAbbrev([ENC_LITERAL, 44, ENC_VBR, 6, ENC_VBR, 6, ENC_VBR, 4, ENC_FIXED, 1]);              // store
  w.defineAbbrev([ENC_LITERAL, 11, ENC_VBR, 6]);                                                    // br
  w.defineAbbrev([ENC_LITERAL, 11, ENC_VBR, 6, ENC_VBR, 6, ENC_VBR, 6]);                            // br, conditional
  w.defineAbbrev([ENC_LITERAL, 28, ENC_VBR, 6, ENC_VBR, 6, ENC_FIXED, 6]);                          // cmp
  w.defineAbbrev([ENC_LITERAL, 28, ENC_VBR, 6, ENC_VBR, 6, ENC_FIXED, 6, ENC_FIXED, 8]);            // cmp, flags
  if (bw.version >= 22)
    w.defineAbbrev([ENC_LITERAL, 35, ENC_VBR, 6, ENC_VBR, 6, ENC_VBR, 6, ENC_VBR, 6, ENC_FIXED, 1, ENC_VBR, 6, ENC_VBR, 6]);
  else w.defineAbbrev([ENC_LITERAL, 35, ENC_VBR, 6, ENC_VBR, 6, ENC_VBR, 6, ENC_VBR, 6, ENC_FIXED, 1]);   // debug loc
  w.endBlock();
}

function writeIdentification(bw: BcWriter): void {
  let w = bw.w, vals = bw.vals;
  w.enterBlock(IDENTIFICATION_BLOCK, 5);
  vals.clear();
  let s = "LLVM" + bw.version.toString() + ".0.0 wopt";
  for (let i = 0; i < s.length; i++) vals.push(s.charCodeAt(i));
  w.record(1, vals);
  vals.clear(); vals.push(0);
  w.record(2, vals);   // epoch
  w.endBlock();
}

// ---- types ----

function writeTypeTable(bw: BcWriter): void {
  let w = bw.w, vals = bw.vals, e = bw.e;
  let types = e.types;
  w.enterBlock(TYPE_BLOCK, 4);
  vals.clear(); vals.push(types.len); w.record(TY_NUMENTRY, vals);
  let nameAbbrev = w.defineAbbrev([ENC_LITERAL, TY_STRUCT_NAME, ENC_ARRAY, 0, ENC_CHAR6, 0]);
  for (let i = 0; i < types.len; i++) {
    let t = types.get(i);
    let k = <i32>tyKind.get(t);
    vals.clear();
    switch (k) {
      case TK.Void: w.record0(TY_VOID); break;
      case TK.Half: w.record0(TY_HALF); break;
      case TK.BFloat: w.record0(TY_BFLOAT); break;
      case TK.Float: w.record0(TY_FLOAT); break;
      case TK.Double: w.record0(TY_DOUBLE); break;
      case TK.X86FP80: w.record0(TY_X86_FP80); break;
      case TK.FP128: w.record0(TY_FP128); break;
      case TK.PPCFP128: w.record0(TY_PPC_FP128); break;
      case TK.Label: w.record0(TY_LABEL); break;
      case TK.Metadata: w.record0(TY_METADATA); break;
      case TK.Token: w.record0(TY_TOKEN); break;
      case TK.X86AMX: w.record0(TY_X86_AMX); break;
      case TK.X86MMX: w.record0(TY_X86_MMX); break;
      case TK.Int: vals.push(tyA.get(t)); w.record(TY_INTEGER, vals); break;
      case TK.Ptr: vals.push(tyA.get(t)); w.record(TY_OPAQUE_POINTER, vals); break;
      case TK.Array: vals.push(tyN.get(t)); vals.push(e.typeOf(tyA.get(t))); w.record(TY_ARRAY, vals); break;
      case TK.Vector: case TK.ScalableVector:
        vals.push(tyN.get(t)); vals.push(e.typeOf(tyA.get(t)));
        if (k == TK.ScalableVector) vals.push(1);
        w.record(TY_VECTOR, vals); break;
      case TK.Function: {
        vals.push((tyFlags.get(t) & TF_VARARG) != 0 ? 1 : 0);
        vals.push(e.typeOf(tyA.get(t)));
        for (let j = 0, n = tyListLen.get(t); j < n; j++) vals.push(e.typeOf(tyPool.get(tyList.get(t) + j)));
        w.record(TY_FUNCTION, vals); break;
      }
      case TK.Struct: {
        vals.push((tyFlags.get(t) & TF_PACKED) != 0 ? 1 : 0);
        for (let j = 0, n = tyListLen.get(t); j < n; j++) vals.push(e.typeOf(tyPool.get(tyList.get(t) + j)));
        w.record(TY_STRUCT_ANON, vals); break;
      }
      case TK.NamedStruct: {
        let name = tyA.get(t);
        if (name >= 0 && strtab.lenOf(name) > 0) {
          vals.clear(); bw.pushChars(name);
          w.record(TY_STRUCT_NAME, vals, fitsChar6(vals, 0) ? nameAbbrev : 0);
          vals.clear();
        }
        if ((tyFlags.get(t) & TF_HASBODY) == 0) { vals.push(0); w.record(TY_OPAQUE, vals); break; }
        vals.push((tyFlags.get(t) & TF_PACKED) != 0 ? 1 : 0);
        for (let j = 0, n = tyListLen.get(t); j < n; j++) vals.push(e.typeOf(tyPool.get(tyList.get(t) + j)));
        w.record(TY_STRUCT_NAMED, vals); break;
      }
      case TK.TargetExt: {
        vals.clear(); bw.pushChars(tyA.get(t));
        w.record(TY_STRUCT_NAME, vals);
        vals.clear();
        let n = tyListLen.get(t), nTypes = <i32>tyN.get(t);
        vals.push(nTypes);
        for (let j = 0; j < nTypes; j++) vals.push(e.typeOf(tyPool.get(tyList.get(t) + j)));
        for (let j = nTypes; j < n; j++) vals.push(<i64>zext64(tyPool.get(tyList.get(t) + j)));
        w.record(TY_TARGET_TYPE, vals); break;
      }
      default: bw.fail("bitcode writer: a type of kind " + k.toString() + " cannot be written");
    }
  }
  w.endBlock();
  bw.typeBits = bitsFor(<u64>types.len + 1);
}

// ---- module info: strings, comdats, globals ----

function writeStringRecord(bw: BcWriter, code: u32, s: i32): void {
  bw.vals.clear(); bw.pushChars(s); bw.w.record(code, bw.vals);
}
function sectionId(bw: BcWriter, s: i32): i64 {
  if (s < 0) return 0;
  for (let i = 0; i < bw.sectionIds.len; i++) if (bw.sectionIds.get(i) == s) return i + 1;
  return 0;
}
function gcId(bw: BcWriter, s: i32): i64 {
  if (s < 0) return 0;
  for (let i = 0; i < bw.gcIds.len; i++) if (bw.gcIds.get(i) == s) return i + 1;
  return 0;
}
// LLVM's linkage encoding.
function linkageCode(l: i32): i64 {
  switch (l) {
    case Linkage.External: return 0;
    case Linkage.Weak: return 16;
    case Linkage.Appending: return 2;
    case Linkage.Internal: return 3;
    case Linkage.LinkOnce: return 18;
    case Linkage.ExternWeak: return 7;
    case Linkage.Common: return 8;
    case Linkage.Private: return 9;
    case Linkage.WeakODR: return 17;
    case Linkage.LinkOnceODR: return 19;
    case Linkage.Available: return 12;
  }
  return 0;
}
function comdatId(bw: BcWriter, g: i32): i64 { let c = gComdat.get(g); return c < 0 ? 0 : bw.comdatIds.get(c); }

// Sanitizer flags and code model of a variable, from its verbatim extra text.
function sanitizerBits(g: i32): i64 {
  let x = gExtra.get(g);
  if (x < 0) return 0;
  let t = String.UTF8.decodeUnsafe(strtab.ptrOf(x), strtab.lenOf(x));
  let bits: i64 = 0;
  if (t.includes("no_sanitize_address")) bits |= 1;
  if (t.includes("no_sanitize_hwaddress")) bits |= 2;
  if (t.includes("sanitize_memtag")) bits |= 4;
  if (t.includes("sanitize_address_dyninit")) bits |= 8;
  return bits;
}
const CODE_MODELS: string[] = ["tiny", "small", "kernel", "medium", "large"];
function codeModel(g: i32): i64 {
  let x = gExtra.get(g);
  if (x < 0) return 0;
  let t = String.UTF8.decodeUnsafe(strtab.ptrOf(x), strtab.lenOf(x));
  let at = t.indexOf("code_model \"");
  if (at < 0) return 0;
  let rest = t.substring(at + 12);
  for (let i = 0; i < CODE_MODELS.length; i++) if (rest.startsWith(CODE_MODELS[i] + "\"")) return i + 1;
  return 0;
}

function writeModuleInfo(bw: BcWriter, moduleId: i32): void {
  let w = bw.w, vals = bw.vals, e = bw.e;
  if (targetTriple >= 0 && strtab.lenOf(targetTriple) > 0) writeStringRecord(bw, MOD_TRIPLE, targetTriple);
  if (dataLayout >= 0 && strtab.lenOf(dataLayout) > 0) writeStringRecord(bw, MOD_DATALAYOUT, dataLayout);
  if (moduleAsm.len > 0) {
    // one text, each piece ending in a newline (as LLVM keeps it), the last newline dropped
    vals.clear();
    for (let i = 0; i < moduleAsm.len; i++) {
      let s = moduleAsm.get(i);
      bw.pushChars(s);
      if (vals.len > 0 && vals.get(vals.len - 1) != 10) vals.push(10);
    }
    if (vals.len > 0 && vals.get(vals.len - 1) == 10) vals.len--;
    if (vals.len > 0) w.record(MOD_ASM, vals);
  }
  let ng = globalCount();
  // section and GC names, in order of first use (variables, then functions)
  for (let pass = 0; pass < 2; pass++) {
    for (let g = 0; g < ng; g++) {
      if (!liveGlobal(g) || <i32>gKind.get(g) != pass) continue;
      let s = gSection.get(g);
      if (s >= 0 && sectionId(bw, s) == 0) { bw.sectionIds.push(s); writeStringRecord(bw, MOD_SECTIONNAME, s); }
      if (pass == 1) { let c = gGC.get(g); if (c >= 0 && gcId(bw, c) == 0) { bw.gcIds.push(c); writeStringRecord(bw, MOD_GCNAME, c); } }
    }
  }
  // comdats in use
  bw.comdatIds.resize(cdName.len, 0);
  let nc = 0;
  for (let g = 0; g < ng; g++) {
    if (!liveGlobal(g)) continue;
    let c = gComdat.get(g);
    if (c < 0 || bw.comdatIds.get(c) != 0) continue;
    bw.comdatIds.set(c, ++nc);
    vals.clear(); vals.push(bw.strtabAdd(cdName.get(c))); vals.push(bw.strLen(cdName.get(c))); vals.push(<i64>cdKind.get(c) + 1);
    w.record(MOD_COMDAT, vals);
  }
  // opt names a module without source_filename after its input
  let sf = sourceFilename >= 0 ? sourceFilename : moduleId;
  if (sf >= 0 && strtab.lenOf(sf) > 0) writeStringRecord(bw, MOD_SOURCE_FILENAME, sf);
  for (let pass = 0; pass < 4; pass++) {
    for (let g = 0; g < ng; g++) {
      if (<i32>gKind.get(g) != pass || !liveGlobal(g)) continue;
      let v = gValue.get(g), name = vName.get(v);
      vals.clear();
      vals.push(bw.strtabAdd(name)); vals.push(bw.strLen(name));
      if (pass == GK.Var) writeGlobalVar(bw, g, v);
      else if (pass == GK.Func) writeFunctionRecord(bw, g, v);
      else writeAliasRecord(bw, g, v, pass == GK.Alias);
    }
  }
  // where the module's symbol table (function block offsets, for lazy readers) will be: patched
  // once it is written
  let ab = w.defineAbbrev([ENC_LITERAL, MOD_VSTOFFSET, ENC_FIXED, 32]);
  bw.vstOffsetAt = w.bitPos() + <u64>w.width;
  vals.clear(); vals.push(0);
  w.record(MOD_VSTOFFSET, vals, ab);
}

// The module-level VALUE_SYMTAB_BLOCK: each defined function's value id and the word offset of its
// block (the file's words, from the magic), with VSTOFFSET patched to point here.
function writeModuleSymbolTable(bw: BcWriter): void {
  let w = bw.w, vals = bw.vals, e = bw.e;
  w.patch32(bw.vstOffsetAt, <u32>(w.bitPos() >> 5));
  w.enterBlock(VALUE_SYMTAB_BLOCK, 4);
  let ab = w.defineAbbrev([ENC_LITERAL, VST_FNENTRY, ENC_VBR, 8, ENC_VBR, 8]);
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Func || !liveGlobal(g) || (gFlags.get(g) & GF_DEFINED) == 0) continue;
    if (g >= bw.fnStart.len || bw.fnStart.get(g) == 0) continue;
    vals.clear(); vals.push(e.vid(gValue.get(g))); vals.push(bw.fnStart.get(g) >> 5);
    w.record(VST_FNENTRY, vals, ab);
  }
  w.endBlock();
}

function writeGlobalVar(bw: BcWriter, g: i32, v: i32): void {
  let vals = bw.vals, e = bw.e;
  let defined = (gFlags.get(g) & GF_DEFINED) != 0;
  vals.push(bw.typeId(gValueType.get(g)));
  vals.push((<i64>gAddrSpace.get(g) << 2) | 2 | ((gFlags.get(g) & GF_CONSTANT) != 0 ? 1 : 0));
  let init = defined ? operand(v, 0) : -1;
  vals.push(init >= 0 ? e.vid(init) + 1 : 0);
  vals.push(linkageCode(gLinkage.get(g)));
  vals.push(gAlign.get(g));
  vals.push(sectionId(bw, gSection.get(g)));
  let attrs = e.varList(gAttrs.get(g));
  let part = gPartition.get(g);
  let san = sanitizerBits(g), cm = codeModel(g);
  if (gTLS.get(g) != 0 || gVisibility.get(g) != 0 || gUnnamed.get(g) != 0 || (gFlags.get(g) & GF_EXTERN_INIT) != 0 ||
      gDLL.get(g) != 0 || gComdat.get(g) >= 0 || attrs != 0 || (gFlags.get(g) & GF_DSO_LOCAL) != 0 || part >= 0 ||
      san != 0 || cm != 0) {
    vals.push(gVisibility.get(g));
    vals.push(gTLS.get(g));
    vals.push(gUnnamed.get(g));
    vals.push((gFlags.get(g) & GF_EXTERN_INIT) != 0 ? 1 : 0);
    vals.push(gDLL.get(g));
    vals.push(comdatId(bw, g));
    vals.push(attrs);
    vals.push(dsoLocal(g));
    vals.push(bw.strtabAdd(part)); vals.push(bw.strLen(part));
    vals.push(san);
    vals.push(cm);
  }
  bw.w.record(MOD_GLOBALVAR, vals);
}
// dso_local as LLVM holds it: local linkage and non-default visibility imply it.
function dsoLocal(g: i32): i64 {
  let l = <i32>gLinkage.get(g);
  if ((gFlags.get(g) & GF_DSO_LOCAL) != 0) return 1;
  if (l == Linkage.Private || l == Linkage.Internal) return 1;
  if (gVisibility.get(g) != 0 && l != Linkage.ExternWeak) return 1;
  return 0;
}

function writeFunctionRecord(bw: BcWriter, g: i32, v: i32): void {
  let vals = bw.vals, e = bw.e;
  vals.push(bw.typeId(gValueType.get(g)));
  vals.push(gCC.get(g));
  vals.push((gFlags.get(g) & GF_DEFINED) != 0 ? 0 : 1);
  vals.push(linkageCode(gLinkage.get(g)));
  vals.push(e.fnList(gAttrs.get(g)));
  vals.push(gAlign.get(g));
  vals.push(sectionId(bw, gSection.get(g)));
  vals.push(gVisibility.get(g));
  vals.push(gcId(bw, gGC.get(g)));
  vals.push(gUnnamed.get(g));
  let pro = operand(v, 2), pre = operand(v, 1), per = operand(v, 0);
  vals.push(pro >= 0 ? e.vid(pro) + 1 : 0);
  vals.push(gDLL.get(g));
  vals.push(comdatId(bw, g));
  vals.push(pre >= 0 ? e.vid(pre) + 1 : 0);
  vals.push(per >= 0 ? e.vid(per) + 1 : 0);
  vals.push(dsoLocal(g));
  vals.push(gAddrSpace.get(g));
  let part = gPartition.get(g);
  vals.push(bw.strtabAdd(part)); vals.push(bw.strLen(part));
  bw.w.record(MOD_FUNCTION, vals);
}

function writeAliasRecord(bw: BcWriter, g: i32, v: i32, isAlias: bool): void {
  let vals = bw.vals, e = bw.e;
  vals.push(bw.typeId(gValueType.get(g)));
  vals.push(gAddrSpace.get(g));
  let a = operand(v, 0);
  vals.push(a >= 0 ? e.vid(a) : 0);
  vals.push(linkageCode(gLinkage.get(g)));
  vals.push(gVisibility.get(g));
  if (isAlias) { vals.push(gDLL.get(g)); vals.push(gTLS.get(g)); vals.push(gUnnamed.get(g)); }
  vals.push(dsoLocal(g));
  let part = gPartition.get(g);
  vals.push(bw.strtabAdd(part)); vals.push(bw.strLen(part));
  bw.w.record(isAlias ? MOD_ALIAS : MOD_IFUNC, vals);
}

// ---- bundle tags, sync scopes, string table ----

function writeBundleTags(bw: BcWriter): void {
  let w = bw.w, vals = bw.vals, tags = bw.e.bundleTags;
  w.enterBlock(OPERAND_BUNDLE_TAGS_BLOCK, 3);
  for (let i = 0; i < tags.len; i++) { vals.clear(); bw.pushChars(tags.get(i)); w.record(1, vals); }
  w.endBlock();
}
function writeSyncScopes(bw: BcWriter): void {
  let w = bw.w, vals = bw.vals, ss = bw.e.syncScopes;
  w.enterBlock(SYNC_SCOPE_NAMES_BLOCK, 2);
  vals.clear(); bw.pushChars(strtab.internStr("singlethread")); w.record(1, vals);
  vals.clear(); w.record(1, vals);
  for (let i = 0; i < ss.len; i++) { vals.clear(); bw.pushChars(ss.get(i)); w.record(1, vals); }
  w.endBlock();
}
function writeStrtab(bw: BcWriter): void {
  let w = bw.w;
  w.enterBlock(STRTAB_BLOCK, 3);
  let ab = w.defineAbbrev([ENC_LITERAL, 1, ENC_BLOB, 0]);
  bw.vals.clear();
  w.recordBlob(1, bw.vals, bw.strtabOut.ptr, bw.strtabOut.len, ab);
  w.endBlock();
}
