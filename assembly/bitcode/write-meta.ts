// Metadata, written: the kinds block, the module's METADATA_BLOCK (the strings as one blob, the
// nodes, named metadata, attachments of global declarations and variables) and the record of each
// node, specialized debug-info nodes included. DI node fields the arena keeps as source text are
// turned into the numbers the records hold (DWARF names through dwarf-names.ts, flags, integers).
// Record layouts follow LLVMBitCodes.h and LLVM's MetadataLoader; where LLVM 22 added fields, the
// LLVM 19 record is the shorter form (bw.version).
import { I64Vec, I32Vec, U8Vec } from "../util/vec";
import { strtab } from "../ir/module";
import { vType, vKind } from "../ir/values";
import {
  MK, MDF_DISTINCT, mdKind, mdFlags, mdA, mdOps, mdNOps, mdPool, FV_MD, FV_RAW, nmdName, nmdOps, nmdNOps, nmdPool,
  attKind, attMD, attNext, mdKindName,
} from "../ir/metadata";
import { GK, gKind, gValue, gMD, gFlags, GF_DEFINED, globalCount } from "../ir/globals";
import { ENC_LITERAL, ENC_VBR, ENC_ARRAY, ENC_FIXED, ENC_BLOB, BitWriter } from "./bitwriter";
import {
  BcWriter, METADATA_BLOCK, METADATA_KIND_BLOCK, signedVBR, ws, FIELD_NAMES, SLOT_SCOPE, SLOT_LINE, SLOT_COLUMN, SLOT_INLINED_AT,
  SLOT_IMPLICIT, SLOT_ATOM_GROUP, SLOT_ATOM_RANK, SLOT_CACHE,
} from "./write-base";
import { Enumeration, liveGlobal, looksTyped } from "./enumerate";
import { DWARF_NAMES } from "../ir/dwarf-names";
import { decimalWords, decimalWidth } from "./wide-int";
import {
  CLS_LOCATION, strOf, className, classId, buildNames, wordNumber,
  slotOf, prepareFields, loadFields, present, md, mdAt, str, num, numAt, intOrMD, sizeAsMD,
  subrangeVersion,
} from "./write-di-fields";

export const MD_STRING_OLD: u32 = 1, MD_VALUE: u32 = 2, MD_NODE: u32 = 3, MD_NAME: u32 = 4, MD_DISTINCT_NODE: u32 = 5,
  MD_KIND: u32 = 6, MD_LOCATION: u32 = 7, MD_NAMED_NODE: u32 = 10, MD_ATTACHMENT: u32 = 11, MD_GENERIC_DEBUG: u32 = 12,
  MD_SUBRANGE: u32 = 13, MD_ENUMERATOR: u32 = 14, MD_BASIC_TYPE: u32 = 15, MD_FILE: u32 = 16, MD_DERIVED_TYPE: u32 = 17,
  MD_COMPOSITE_TYPE: u32 = 18, MD_SUBROUTINE_TYPE: u32 = 19, MD_COMPILE_UNIT: u32 = 20, MD_SUBPROGRAM: u32 = 21,
  MD_LEXICAL_BLOCK: u32 = 22, MD_LEXICAL_BLOCK_FILE: u32 = 23, MD_NAMESPACE: u32 = 24, MD_TEMPLATE_TYPE: u32 = 25,
  MD_TEMPLATE_VALUE: u32 = 26, MD_GLOBAL_VAR: u32 = 27, MD_LOCAL_VAR: u32 = 28, MD_EXPRESSION: u32 = 29,
  MD_OBJC_PROPERTY: u32 = 30, MD_IMPORTED_ENTITY: u32 = 31, MD_MODULE: u32 = 32, MD_MACRO: u32 = 33,
  MD_MACRO_FILE: u32 = 34, MD_STRINGS: u32 = 35, MD_GLOBAL_DECL_ATTACHMENT: u32 = 36, MD_GLOBAL_VAR_EXPR: u32 = 37,
  MD_LABEL: u32 = 40, MD_STRING_TYPE: u32 = 41, MD_COMMON_BLOCK: u32 = 44, MD_GENERIC_SUBRANGE: u32 = 45,
  MD_ARG_LIST: u32 = 46, MD_ASSIGN_ID: u32 = 47, MD_SUBRANGE_TYPE: u32 = 48, MD_FIXED_POINT_TYPE: u32 = 49;

// ---- the kinds block ----

export function writeMetadataKinds(bw: BcWriter): void {
  let w = bw.w, vals = bw.vals;
  w.enterBlock(METADATA_KIND_BLOCK, 3);
  for (let k = 0; k < mdKindName.len; k++) {
    vals.clear(); vals.push(k); bw.pushChars(mdKindName.get(k));
    w.record(MD_KIND, vals);
  }
  w.endBlock();
}

// ---- the module block ----

export function writeModuleMetadata(bw: BcWriter): void {
  let e = bw.e, w = bw.w, vals = bw.vals;
  let hasDecl = false;
  for (let g = 0; g < globalCount(); g++) if (liveGlobal(g) && gMD.get(g) >= 0 && declAttachments(g)) { hasDecl = true; break; }
  if (e.moduleMDCount() == 0 && nmdName.len == 0 && !hasDecl) return;
  if (ws.nameValue.len == 0) buildNames();
  if (ws.fieldSlot.len == 0) prepareFields();
  w.enterBlock(METADATA_BLOCK, 4);
  writeStrings(bw);
  // DILocation: [distinct, line, column, scope, inlinedAt, implicit (, atom group, atom rank)]
  bw.locAbbrev = bw.version >= 22
    ? w.defineAbbrev([ENC_LITERAL, MD_LOCATION, ENC_FIXED, 1, ENC_VBR, 6, ENC_VBR, 8, ENC_VBR, 6, ENC_VBR, 6, ENC_FIXED, 1, ENC_VBR, 6, ENC_VBR, 6])
    : w.defineAbbrev([ENC_LITERAL, MD_LOCATION, ENC_FIXED, 1, ENC_VBR, 6, ENC_VBR, 8, ENC_VBR, 6, ENC_VBR, 6, ENC_FIXED, 1]);
  let nodes = e.nodes;
  for (let i = 0; i < nodes.len; i++) {
    writeNode(bw, nodes.get(i));
    if (bw.error.length > 0) { w.endBlock(); bw.locAbbrev = 0; return; }
  }
  // named metadata
  let nameAbbrev = w.defineAbbrev([ENC_LITERAL, MD_NAME, ENC_ARRAY, 0, ENC_FIXED, 8]);
  for (let i = 0; i < nmdName.len; i++) {
    vals.clear(); bw.pushChars(nmdName.get(i));
    w.record(MD_NAME, vals, nameAbbrev);
    vals.clear();
    let s = nmdOps.get(i);
    for (let j = 0; nmdNOps.get(i) > j; j++) vals.push(e.mdOf(nmdPool.get(s + j)));
    w.record(MD_NAMED_NODE, vals);
  }
  // attachments of variables and function declarations
  for (let g = 0; g < globalCount(); g++) {
    if (!liveGlobal(g) || gMD.get(g) < 0 || !declAttachments(g)) continue;
    vals.clear(); vals.push(e.vid(gValue.get(g)));
    for (let a = gMD.get(g); a >= 0; a = attNext.get(a)) { vals.push(attKind.get(a)); vals.push(e.mdOf(attMD.get(a))); }
    w.record(MD_GLOBAL_DECL_ATTACHMENT, vals);
  }
  w.endBlock();
  bw.locAbbrev = 0;
}
// Are g's attachments written in the module block (variables, declarations) rather than in its
// function block?
function declAttachments(g: i32): bool {
  let k = <i32>gKind.get(g);
  return k == GK.Var || (k == GK.Func && (gFlags.get(g) & GF_DEFINED) == 0);
}

function writeStrings(bw: BcWriter): void {
  let e = bw.e, w = bw.w, vals = bw.vals;
  let strs = e.strings;
  if (strs.len == 0) return;
  // the lengths as VBR6 in a bitstream of their own, then the bytes
  let lens = new BitWriter();
  for (let i = 0; i < strs.len; i++) lens.emitVBR(<u64>strtab.lenOf(strs.get(i)), 6);
  let head = lens.finish();
  let blob = new I64Vec(0);
  let bytes = head.len;
  for (let i = 0; i < strs.len; i++) bytes += strtab.lenOf(strs.get(i));
  let buf = heap.alloc(<usize>bytes + 1);
  memory.copy(buf, head.ptr, <usize>head.len);
  let at = head.len;
  for (let i = 0; i < strs.len; i++) {
    let s = strs.get(i), n = strtab.lenOf(s);
    memory.copy(buf + <usize>at, strtab.ptrOf(s), <usize>n);
    at += n;
  }
  let ab = w.defineAbbrev([ENC_LITERAL, MD_STRINGS, ENC_VBR, 6, ENC_VBR, 6, ENC_BLOB, 0]);
  vals.clear(); vals.push(strs.len); vals.push(head.len);
  w.recordBlob(MD_STRINGS, vals, buf, bytes, ab);
  heap.free(buf);
}

// One module-level or function-local node.
export function writeNode(bw: BcWriter, m: i32): void {
  let e = bw.e, vals = bw.vals, w = bw.w;
  let k = <i32>mdKind.get(m);
  let distinct: i64 = (mdFlags.get(m) & MDF_DISTINCT) != 0 ? 1 : 0;
  vals.clear();
  switch (k) {
    case MK.Tuple: {
      let s = mdOps.get(m), n = mdNOps.get(m);
      for (let i = 0; i < n; i++) { let o = mdPool.get(s + i); vals.push(o < 0 ? 0 : <i64>e.mdOf(o) + 1); }
      w.record(distinct != 0 ? MD_DISTINCT_NODE : MD_NODE, vals);
      return;
    }
    case MK.Value: {
      let v = mdA.get(m);
      vals.push(e.typeOf(vType.get(v))); vals.push(e.vid(v));
      w.record(MD_VALUE, vals);
      return;
    }
    case MK.Expr: {
      vals.push(distinct | 6);
      if (!expressionOps(e, mdA.get(m), vals)) { bw.fail("bitcode writer: a DIExpression operation is not known (" + ws.badField + ")"); return; }
      w.record(MD_EXPRESSION, vals);
      return;
    }
    case MK.ArgList: {
      let s = mdOps.get(m), n = mdNOps.get(m);
      for (let i = 0; i < n; i++) vals.push(e.mdOf(mdPool.get(s + i)));
      w.record(MD_ARG_LIST, vals);
      return;
    }
    case MK.Node: {
      ws.badField = "";
      let code = diRecord(bw, m, distinct);
      if (ws.badField.length > 0) { bw.fail("bitcode writer: '" + ws.badField + "' in !" + strOf(mdA.get(m)) + " is not a known name"); return; }
      if (code == 0) { bw.fail("bitcode writer: !" + strOf(mdA.get(m)) + " cannot be written"); return; }
      w.record(code, vals, code == MD_LOCATION && bw.locAbbrev > 0 && fitsLocation(vals, bw.version) ? bw.locAbbrev : 0);
      return;
    }
  }
  // a forward reference that never resolved: an empty node keeps the numbering
  w.record(MD_NODE, vals);
}

// DIExpression text -> operation numbers. False when a word is unknown.
function expressionOps(e: Enumeration, text: i32, vals: I64Vec): bool {
  let p = strtab.ptrOf(text), n = strtab.lenOf(text);
  let i = 0;
  ws.badField = "";
  while (i < n) {
    while (i < n && (load<u8>(p + <usize>i) == 32 || load<u8>(p + <usize>i) == 44 || load<u8>(p + <usize>i) == 9 || load<u8>(p + <usize>i) == 10)) i++;
    let st = i;
    while (i < n && load<u8>(p + <usize>i) != 44 && load<u8>(p + <usize>i) != 32) i++;
    if (i == st) break;
    vals.push(wordNumber(p + <usize>st, i - st));
  }
  return ws.badField.length == 0;
}

// The record of a specialized DI node (its operands in bw.vals); the record code, 0 if unknown.
export function diRecord(bw: BcWriter, m: i32, d: i64): u32 {
  let e = bw.e, vals = bw.vals, v22 = bw.version >= 22;
  let cls = className(mdA.get(m));
  loadFields(m);
  if (cls == "DILocation") {
    vals.push(d); vals.push(num("line")); vals.push(num("column"));
    vals.push(md(e, "scope") - 1); vals.push(md(e, "inlinedAt")); vals.push(num("isImplicitCode"));
    if (v22) { vals.push(num("atomGroup")); vals.push(num("atomRank")); }
    return MD_LOCATION;
  }
  if (cls == "GenericDINode") {
    vals.push(d); vals.push(num("tag")); vals.push(0); vals.push(str(e, "header"));
    // each operand is an `operands` field of its own, in order
    let s = mdOps.get(m), opsName = strtab.internStr("operands");
    for (let i = 0; mdNOps.get(m) > i; i++) {
      if (mdPool.get(s + 3 * i) != opsName || mdPool.get(s + 3 * i + 1) != FV_MD) continue;
      let o = mdPool.get(s + 3 * i + 2);
      vals.push(o < 0 ? 0 : <i64>e.mdOf(o) + 1);
    }
    return MD_GENERIC_DEBUG;
  }
  if (cls == "DISubrange") {
    let ver = subrangeVersion();
    vals.push(d | (<i64>ver << 1));
    if (ver == 0) { vals.push(num("count", -1)); vals.push(signedVBR(num("lowerBound"))); }
    else if (ver == 1) { vals.push(md(e, "count")); vals.push(signedVBR(num("lowerBound"))); }
    else { vals.push(intOrMD(e, "count")); vals.push(intOrMD(e, "lowerBound")); vals.push(intOrMD(e, "upperBound")); vals.push(intOrMD(e, "stride")); }
    return MD_SUBRANGE;
  }
  if (cls == "DIGenericSubrange") {
    vals.push(d); vals.push(intOrMD(e, "count")); vals.push(intOrMD(e, "lowerBound")); vals.push(intOrMD(e, "upperBound")); vals.push(intOrMD(e, "stride"));
    return MD_GENERIC_SUBRANGE;
  }
  if (cls == "DIEnumerator") {
    // the wide form LLVM writes: [flags, bit width, name, words...], the width as LLVM's lexer sizes
    // the value's text
    let uns = num("isUnsigned");
    vals.push(d | (uns << 1) | 4);
    let vs = slotOf("value");
    let raw = present(vs) ? unchecked(ws.slotVal[vs]) : strtab.internStr("0");
    let p = strtab.ptrOf(raw), n = strtab.lenOf(raw);
    let width = decimalWidth(p, n, uns != 0);
    vals.push(width); vals.push(str(e, "name"));
    let words = new I64Vec(2);
    decimalWords(p, n, width, words);
    for (let i = 0; i < words.len; i++) vals.push(signedVBR(words.get(i)));
    return MD_ENUMERATOR;
  }
  let sm = sizeAsMD(v22);
  if (cls == "DIBasicType") {
    vals.push(d | (sm ? 2 : 0)); vals.push(num("tag", 36)); vals.push(str(e, "name"));
    vals.push(sm ? intOrMD(e, "size") : num("size")); vals.push(num("align"));
    vals.push(num("encoding")); vals.push(num("flags"));
    if (v22) { vals.push(num("num_extra_inhabitants")); vals.push(num("dataSize")); }
    return MD_BASIC_TYPE;
  }
  if (cls == "DIFixedPointType") {
    vals.push(d | (sm ? 2 : 0)); vals.push(num("tag", 36)); vals.push(str(e, "name"));
    vals.push(sm ? intOrMD(e, "size") : num("size")); vals.push(num("align"));
    vals.push(num("encoding")); vals.push(num("flags")); vals.push(num("kind")); vals.push(num("factor"));
    // numerator and denominator: (words << 32 | bit width), then the words
    let nu = num("numerator"), de = num("denominator");
    vals.push((<i64>1 << 32) | 64); vals.push(signedVBR(nu));
    vals.push((<i64>1 << 32) | 64); vals.push(signedVBR(de));
    return MD_FIXED_POINT_TYPE;
  }
  if (cls == "DIStringType") {
    vals.push(d | (sm ? 2 : 0)); vals.push(num("tag", 18)); vals.push(str(e, "name")); vals.push(md(e, "stringLength"));
    vals.push(md(e, "stringLengthExpression")); vals.push(md(e, "stringLocationExpression"));
    vals.push(sm ? intOrMD(e, "size") : num("size")); vals.push(num("align")); vals.push(num("encoding"));
    return MD_STRING_TYPE;
  }
  if (cls == "DIDerivedType") {
    vals.push(d | (sm ? 2 : 0)); vals.push(num("tag")); vals.push(str(e, "name")); vals.push(md(e, "file")); vals.push(num("line"));
    vals.push(md(e, "scope")); vals.push(md(e, "baseType")); vals.push(sm ? intOrMD(e, "size") : num("size")); vals.push(num("align"));
    vals.push(sm ? intOrMD(e, "offset") : num("offset")); vals.push(num("flags")); vals.push(md(e, "extraData"));
    let as = slotOf("dwarfAddressSpace");
    vals.push(present(as) ? num("dwarfAddressSpace") + 1 : 0);
    vals.push(md(e, "annotations"));
    let key = slotOf("ptrAuthKey");
    if (present(key)) {
      vals.push(num("ptrAuthKey") | (num("ptrAuthIsAddressDiscriminated") << 4) | (num("ptrAuthExtraDiscriminator") << 5) |
        (num("ptrAuthIsaPointer") << 21) | (num("ptrAuthAuthenticatesNullValues") << 22));
    } else vals.push(0);
    return MD_DERIVED_TYPE;
  }
  if (cls == "DISubrangeType") {
    vals.push(d | (sm ? 2 : 0)); vals.push(str(e, "name")); vals.push(md(e, "file")); vals.push(num("line")); vals.push(md(e, "scope"));
    vals.push(sm ? intOrMD(e, "size") : num("size")); vals.push(num("align")); vals.push(num("flags")); vals.push(md(e, "baseType"));
    vals.push(intOrMD(e, "lowerBound")); vals.push(intOrMD(e, "upperBound")); vals.push(intOrMD(e, "stride")); vals.push(intOrMD(e, "bias"));
    return MD_SUBRANGE_TYPE;
  }
  if (cls == "DICompositeType") {
    vals.push(d | 2 | (sm ? 4 : 0)); vals.push(num("tag")); vals.push(str(e, "name")); vals.push(md(e, "file")); vals.push(num("line"));
    vals.push(md(e, "scope")); vals.push(md(e, "baseType")); vals.push(sm ? intOrMD(e, "size") : num("size")); vals.push(num("align"));
    vals.push(sm ? intOrMD(e, "offset") : num("offset")); vals.push(num("flags")); vals.push(md(e, "elements")); vals.push(num("runtimeLang"));
    vals.push(md(e, "vtableHolder")); vals.push(md(e, "templateParams")); vals.push(str(e, "identifier"));
    vals.push(md(e, "discriminator")); vals.push(md(e, "dataLocation")); vals.push(md(e, "associated"));
    vals.push(md(e, "allocated")); vals.push(intOrMD(e, "rank")); vals.push(md(e, "annotations"));
    if (v22) {
      vals.push(num("num_extra_inhabitants")); vals.push(md(e, "specification"));
      vals.push(present(slotOf("enumKind")) ? num("enumKind") : 0xffffffff);
      vals.push(md(e, "bitStride"));
    }
    return MD_COMPOSITE_TYPE;
  }
  if (cls == "DISubroutineType") {
    vals.push(d | 2); vals.push(num("flags")); vals.push(md(e, "types")); vals.push(num("cc"));
    return MD_SUBROUTINE_TYPE;
  }
  if (cls == "DIFile") {
    vals.push(d); vals.push(str(e, "filename")); vals.push(str(e, "directory"));
    let ck = present(slotOf("checksumkind")) ? num("checksumkind") : 0;
    vals.push(ck); vals.push(ck != 0 ? str(e, "checksum") : 0);
    if (present(slotOf("source"))) vals.push(str(e, "source"));
    return MD_FILE;
  }
  if (cls == "DICompileUnit") {
    vals.push(1);
    let lname = slotOf("sourceLanguageName");
    if (present(lname)) vals.push(num("sourceLanguageName") | (<i64>1 << 63)); else vals.push(num("language"));
    vals.push(md(e, "file")); vals.push(str(e, "producer")); vals.push(num("isOptimized")); vals.push(str(e, "flags"));
    vals.push(num("runtimeVersion")); vals.push(str(e, "splitDebugFilename")); vals.push(num("emissionKind"));
    vals.push(md(e, "enums")); vals.push(md(e, "retainedTypes")); vals.push(0); vals.push(md(e, "globals"));
    vals.push(md(e, "imports")); vals.push(num("dwoId")); vals.push(md(e, "macros")); vals.push(num("splitDebugInlining", 1));
    vals.push(num("debugInfoForProfiling")); vals.push(num("nameTableKind")); vals.push(num("rangesBaseAddress"));
    vals.push(str(e, "sysroot")); vals.push(str(e, "sdk"));
    if (v22) vals.push(num("sourceLanguageVersion"));
    return MD_COMPILE_UNIT;
  }
  if (cls == "DISubprogram") {
    // spFlags, or (not given) the old boolean fields folded into it as LLParser does, where a
    // subprogram is a definition unless it says isDefinition: false
    let sp: i64;
    if (present(slotOf("spFlags"))) sp = num("spFlags");
    else {
      sp = num("virtuality") & 3;
      if (num("isLocal") != 0) sp |= 4;
      if (num("isDefinition", 1) != 0) sp |= 8;
      if (num("isOptimized") != 0) sp |= 16;
    }
    let dd = d | ((sp & 8) != 0 ? 1 : 0);
    vals.push(dd | 2 | 4); vals.push(md(e, "scope")); vals.push(str(e, "name")); vals.push(str(e, "linkageName"));
    vals.push(md(e, "file")); vals.push(num("line")); vals.push(md(e, "type")); vals.push(num("scopeLine"));
    vals.push(md(e, "containingType")); vals.push(sp); vals.push(num("virtualIndex")); vals.push(num("flags"));
    vals.push(md(e, "unit")); vals.push(md(e, "templateParams")); vals.push(md(e, "declaration"));
    vals.push(md(e, "retainedNodes")); vals.push(num("thisAdjustment")); vals.push(md(e, "thrownTypes"));
    vals.push(md(e, "annotations")); vals.push(str(e, "targetFuncName"));
    if (v22) vals.push(num("keyInstructions"));
    return MD_SUBPROGRAM;
  }
  if (cls == "DILexicalBlock") {
    vals.push(d); vals.push(md(e, "scope")); vals.push(md(e, "file")); vals.push(num("line")); vals.push(num("column"));
    return MD_LEXICAL_BLOCK;
  }
  if (cls == "DILexicalBlockFile") {
    vals.push(d); vals.push(md(e, "scope")); vals.push(md(e, "file")); vals.push(num("discriminator"));
    return MD_LEXICAL_BLOCK_FILE;
  }
  if (cls == "DICommonBlock") {
    vals.push(d); vals.push(md(e, "scope")); vals.push(md(e, "declaration")); vals.push(str(e, "name"));
    vals.push(md(e, "file")); vals.push(num("line"));
    return MD_COMMON_BLOCK;
  }
  if (cls == "DINamespace") {
    vals.push(d | (num("exportSymbols") << 1)); vals.push(md(e, "scope")); vals.push(str(e, "name"));
    return MD_NAMESPACE;
  }
  if (cls == "DIMacro") {
    vals.push(d); vals.push(num("type")); vals.push(num("line")); vals.push(str(e, "name")); vals.push(str(e, "value"));
    return MD_MACRO;
  }
  if (cls == "DIMacroFile") {
    vals.push(d); vals.push(num("type", 3)); vals.push(num("line")); vals.push(md(e, "file")); vals.push(md(e, "nodes"));
    return MD_MACRO_FILE;
  }
  if (cls == "DIModule") {
    vals.push(d); vals.push(md(e, "file")); vals.push(md(e, "scope")); vals.push(str(e, "name"));
    vals.push(str(e, "configMacros")); vals.push(str(e, "includePath")); vals.push(str(e, "apinotes"));
    vals.push(num("line")); vals.push(num("isDecl"));
    return MD_MODULE;
  }
  if (cls == "DITemplateTypeParameter") {
    vals.push(d); vals.push(str(e, "name")); vals.push(md(e, "type")); vals.push(num("defaulted"));
    return MD_TEMPLATE_TYPE;
  }
  if (cls == "DITemplateValueParameter") {
    vals.push(d); vals.push(num("tag", 48)); vals.push(str(e, "name")); vals.push(md(e, "type"));
    vals.push(num("defaulted")); vals.push(md(e, "value"));
    return MD_TEMPLATE_VALUE;
  }
  if (cls == "DIGlobalVariable") {
    vals.push(d | 4); vals.push(md(e, "scope")); vals.push(str(e, "name")); vals.push(str(e, "linkageName"));
    vals.push(md(e, "file")); vals.push(num("line")); vals.push(md(e, "type")); vals.push(num("isLocal"));
    vals.push(num("isDefinition", 1)); vals.push(md(e, "declaration")); vals.push(md(e, "templateParams"));
    vals.push(num("align")); vals.push(md(e, "annotations"));
    return MD_GLOBAL_VAR;
  }
  if (cls == "DILocalVariable") {
    vals.push(d | 2); vals.push(md(e, "scope")); vals.push(str(e, "name")); vals.push(md(e, "file")); vals.push(num("line"));
    vals.push(md(e, "type")); vals.push(num("arg")); vals.push(num("flags")); vals.push(num("align"));
    vals.push(md(e, "annotations"));
    return MD_LOCAL_VAR;
  }
  if (cls == "DILabel") {
    vals.push(d | (num("isArtificial") << 1)); vals.push(md(e, "scope")); vals.push(str(e, "name")); vals.push(md(e, "file"));
    vals.push(num("line"));
    if (v22) { vals.push(num("column")); vals.push(present(slotOf("coroSuspendIdx")) ? num("coroSuspendIdx") : -1); }
    return MD_LABEL;
  }
  if (cls == "DIObjCProperty") {
    vals.push(d); vals.push(str(e, "name")); vals.push(md(e, "file")); vals.push(num("line"));
    vals.push(str(e, "setter")); vals.push(str(e, "getter")); vals.push(num("attributes")); vals.push(md(e, "type"));
    return MD_OBJC_PROPERTY;
  }
  if (cls == "DIImportedEntity") {
    vals.push(d); vals.push(num("tag")); vals.push(md(e, "scope")); vals.push(md(e, "entity")); vals.push(num("line"));
    vals.push(str(e, "name")); vals.push(md(e, "file")); vals.push(md(e, "elements"));
    return MD_IMPORTED_ENTITY;
  }
  if (cls == "DIAssignID") { vals.push(1); return MD_ASSIGN_ID; }
  if (cls == "DIGlobalVariableExpression") {
    vals.push(d); vals.push(md(e, "var")); vals.push(md(e, "expr"));
    return MD_GLOBAL_VAR_EXPR;
  }
  return 0;
}

// The numbers a DILocation's fields hold, for a function's DEBUG_LOC record: line, column, scope
// id + 1, inlinedAt id + 1, implicit code, and under LLVM 22 the atom group and rank.
export function debugLocRecord(bw: BcWriter, loc: i32): void {
  let e = bw.e, vals = bw.vals;
  if (ws.nameValue.len == 0) buildNames();
  if (ws.fieldSlot.len == 0) prepareFields();
  loadFields(loc);
  vals.clear();
  // the slots of FIELD_NAMES' first seven names (one record per instruction: no lookup by name)
  vals.push(numAt(SLOT_LINE)); vals.push(numAt(SLOT_COLUMN)); vals.push(mdAt(e, SLOT_SCOPE, "scope"));
  vals.push(mdAt(e, SLOT_INLINED_AT, "inlinedAt")); vals.push(numAt(SLOT_IMPLICIT));
  if (bw.version >= 22) { vals.push(numAt(SLOT_ATOM_GROUP)); vals.push(numAt(SLOT_ATOM_RANK)); }
}

// Does a DILocation record fit its abbreviation (flags of one bit, the fields LLVM `version` has)?
function fitsLocation(vals: I64Vec, version: i32): bool {
  return vals.len == (version >= 22 ? 8 : 6) && <u64>vals.get(0) <= 1 && <u64>vals.get(5) <= 1;
}

// Is m a DILocation node?
export function isLocation(m: i32): bool { return m >= 0 && <i32>mdKind.get(m) == MK.Node && classId(mdA.get(m)) == CLS_LOCATION; }
