// Debug-info fields as the bitcode reader builds them: the field and class names (interned once
// per module), a field's value as the text the printer prints (numbers, strings, metadata, the
// names of DWARF enumerations and flags for the target version), kept in the reader's field list.
import { strtab } from "../ir/module";
import { llvmVersion } from "../ir/version";
import { MK, mdKind, mdA, FV_MD, FV_RAW } from "../ir/metadata";
import { vKind, VK } from "../ir/values";
import { intSExt64 } from "../ir/constants";
import { internDecimal } from "../ir/debuginfo";
import { mdAt } from "./read-refs";
import { br, bad } from "./read-state";
import {
  TAG_CODES, TAG_NAMES_19, TAG_NAMES_22, LANG_CODES, LANG_NAMES_19, LANG_NAMES_22, LNAME_CODES, LNAME_NAMES_19, LNAME_NAMES_22, ATE_CODES, ATE_NAMES_19, ATE_NAMES_22, CC_CODES, CC_NAMES_19, CC_NAMES_22, ENUMKIND_CODES, ENUMKIND_NAMES_19, ENUMKIND_NAMES_22, MACINFO_CODES, MACINFO_NAMES_19, MACINFO_NAMES_22, DIFLAG_BITS_19, DIFLAG_NAMES_19, DIFLAG_BITS_22, DIFLAG_NAMES_22, SPFLAG_BITS_19, SPFLAG_NAMES_19, SPFLAG_BITS_22, SPFLAG_NAMES_22,
} from "../ir/dwarf-names";
import { bs } from "./bitstream";
import { flagsText } from "../ir/di-printed";
export { flagsText };

// ---- names, interned once per module ----
// Field names (the constants index this list) and class names (after them).
export const NAMES: string[] = [
  "line", "column", "scope", "inlinedAt", "isImplicitCode", "atomGroup", "atomRank", "tag", "header", "name", "file",
  "baseType", "size", "align", "flags", "lowerBound", "upperBound", "stride", "bias", "count", "value", "isUnsigned",
  "dataSize", "encoding", "num_extra_inhabitants", "kind", "factor", "numerator", "denominator", "stringLength",
  "stringLengthExpression", "stringLocationExpression", "offset", "extraData", "dwarfAddressSpace", "annotations",
  "ptrAuthKey", "ptrAuthIsAddressDiscriminated", "ptrAuthExtraDiscriminator", "ptrAuthIsaPointer",
  "ptrAuthAuthenticatesNullValues", "elements", "runtimeLang", "enumKind", "vtableHolder", "templateParams",
  "identifier", "discriminator", "dataLocation", "associated", "allocated", "rank", "specification", "bitStride", "cc",
  "types", "filename", "directory", "checksumkind", "checksum", "source", "language", "sourceLanguageName",
  "sourceLanguageVersion", "producer", "isOptimized", "runtimeVersion", "splitDebugFilename", "emissionKind", "enums",
  "retainedTypes", "globals", "imports", "macros", "dwoId", "splitDebugInlining", "debugInfoForProfiling",
  "nameTableKind", "rangesBaseAddress", "sysroot", "sdk", "linkageName", "type", "isLocal", "isDefinition",
  "scopeLine", "containingType", "virtualIndex", "thisAdjustment", "spFlags", "unit", "declaration", "retainedNodes",
  "thrownTypes", "targetFuncName", "keyInstructions", "exportSymbols", "configMacros", "includePath", "apinotes",
  "isDecl", "defaulted", "var", "expr", "arg", "isArtificial", "coroSuspendIdx", "setter", "getter", "attributes",
  "entity", "nodes", "operands",
  // classes
  "DILocation", "DISubrange", "DIGenericSubrange", "DIEnumerator", "DIBasicType", "DIFixedPointType", "DIStringType",
  "DIDerivedType", "DISubrangeType", "DICompositeType", "DISubroutineType", "DIFile", "DICompileUnit", "DISubprogram",
  "DILexicalBlock", "DILexicalBlockFile", "DICommonBlock", "DINamespace", "DIMacro", "DIMacroFile", "DIModule",
  "DITemplateTypeParameter", "DITemplateValueParameter", "DIGlobalVariable", "DILocalVariable", "DILabel",
  "DIObjCProperty", "DIImportedEntity", "DIAssignID", "DIGlobalVariableExpression", "GenericDINode",
  // words
  "true", "false", "NoDebug", "FullDebug", "LineTablesOnly", "DebugDirectivesOnly", "Default", "GNU", "None", "Apple",
  "CSK_MD5", "CSK_SHA1", "CSK_SHA256", "Binary", "Decimal", "Rational",
];
export const F_LINE = 0, F_COLUMN = 1, F_SCOPE = 2, F_INLINED = 3, F_IMPLICIT = 4, F_ATOMGROUP = 5, F_ATOMRANK = 6,
  F_TAG = 7, F_HEADER = 8, F_NAME = 9, F_FILE = 10, F_BASETYPE = 11, F_SIZE = 12, F_ALIGN = 13, F_FLAGS = 14,
  F_LOWER = 15, F_UPPER = 16, F_STRIDE = 17, F_BIAS = 18, F_COUNT = 19, F_VALUE = 20, F_ISUNSIGNED = 21,
  F_DATASIZE = 22, F_ENCODING = 23, F_EXTRAINHAB = 24, F_KIND = 25, F_FACTOR = 26, F_NUMERATOR = 27,
  F_DENOMINATOR = 28, F_STRLEN = 29, F_STRLENEXP = 30, F_STRLOCEXP = 31, F_OFFSET = 32, F_EXTRADATA = 33,
  F_DWARFAS = 34, F_ANNOTATIONS = 35, F_PAKEY = 36, F_PAADDR = 37, F_PAEXTRA = 38, F_PAISA = 39, F_PANULL = 40,
  F_ELEMENTS = 41, F_RUNTIMELANG = 42, F_ENUMKIND = 43, F_VTABLE = 44, F_TEMPLATEPARAMS = 45, F_IDENTIFIER = 46,
  F_DISCRIMINATOR = 47, F_DATALOC = 48, F_ASSOCIATED = 49, F_ALLOCATED = 50, F_RANK = 51, F_SPECIFICATION = 52,
  F_BITSTRIDE = 53, F_CC = 54, F_TYPES = 55, F_FILENAME = 56, F_DIRECTORY = 57, F_CSKIND = 58, F_CHECKSUM = 59,
  F_SOURCE = 60, F_LANGUAGE = 61, F_LNAME = 62, F_LVERSION = 63, F_PRODUCER = 64, F_ISOPT = 65, F_RUNTIMEVERSION = 66,
  F_SPLITFILE = 67, F_EMISSION = 68, F_ENUMS = 69, F_RETAINEDTYPES = 70, F_GLOBALS = 71, F_IMPORTS = 72,
  F_MACROS = 73, F_DWOID = 74, F_SPLITINLINING = 75, F_PROFILING = 76, F_NAMETABLE = 77, F_RANGESBASE = 78,
  F_SYSROOT = 79, F_SDK = 80, F_LINKAGENAME = 81, F_TYPE = 82, F_ISLOCAL = 83, F_ISDEF = 84, F_SCOPELINE = 85,
  F_CONTAINING = 86, F_VIRTUALINDEX = 87, F_THISADJ = 88, F_SPFLAGS = 89, F_UNIT = 90, F_DECLARATION = 91,
  F_RETAINEDNODES = 92, F_THROWN = 93, F_TARGETFUNC = 94, F_KEYINST = 95, F_EXPORTSYMBOLS = 96, F_CONFIGMACROS = 97,
  F_INCLUDEPATH = 98, F_APINOTES = 99, F_ISDECL = 100, F_DEFAULTED = 101, F_VAR = 102, F_EXPR = 103, F_ARG = 104,
  F_ISARTIFICIAL = 105, F_CORO = 106, F_SETTER = 107, F_GETTER = 108, F_ATTRIBUTES = 109, F_ENTITY = 110,
  F_NODES = 111, F_OPERANDS = 112;
export const C_LOCATION = 113, C_SUBRANGE = 114, C_GENERICSUBRANGE = 115, C_ENUMERATOR = 116, C_BASIC = 117, C_FIXED = 118,
  C_STRING = 119, C_DERIVED = 120, C_SUBRANGETYPE = 121, C_COMPOSITE = 122, C_SUBROUTINE = 123, C_FILE = 124,
  C_CU = 125, C_SUBPROGRAM = 126, C_LEXBLOCK = 127, C_LEXBLOCKFILE = 128, C_COMMON = 129, C_NAMESPACE = 130,
  C_MACRO = 131, C_MACROFILE = 132, C_MODULE = 133, C_TTYPE = 134, C_TVALUE = 135, C_GLOBALVAR = 136,
  C_LOCALVAR = 137, C_LABEL = 138, C_OBJCPROP = 139, C_IMPORTED = 140, C_ASSIGNID = 141, C_GVE = 142, C_GENERIC = 143;
export const W_TRUE = 144, W_FALSE = 145, W_EMISSION = 146, W_NAMETABLE = 150, W_CSK = 154, W_FIXEDKIND = 157;

export function nm(i: i32): i32 {
  if (br.nameIds.len == 0) { br.nameIds.resize(NAMES.length, -1); }
  let s = br.nameIds.get(i);
  if (s < 0) { s = strtab.internStr(NAMES[i]); br.nameIds.set(i, s); }
  return s;
}
function buf(n: i32): usize {
  if (n > br.scratchCap) {
    let cap = n < 256 ? 256 : n * 2;
    br.diScratch = heap.alloc(<usize>cap);
    br.scratchCap = cap;
  }
  return br.diScratch;
}

// ---- field values ----
export function addRaw(f: i32, s: i32): void { br.fields.push(nm(f)); br.fields.push(FV_RAW); br.fields.push(s); }
export function addMD(f: i32, m: i32): void { br.fields.push(nm(f)); br.fields.push(FV_MD); br.fields.push(m); }
@inline export function intText(v: u64, neg: bool): i32 { return internDecimal(v, neg); }
export function addU(f: i32, v: u64): void { addRaw(f, intText(v, false)); }
export function addS(f: i32, v: i64): void { addRaw(f, v < 0 ? intText(<u64>(-v), true) : intText(<u64>v, false)); }
export function addBool(f: i32, b: bool): void { addRaw(f, nm(b ? W_TRUE : W_FALSE)); }

// A metadata operand (encoded id + 1, 0 for null); -1 for null, -2 after an error.
function md(x: i64): i32 {
  if (x == 0) return -1;
  let m = mdAt(x - 1);
  return m < 0 ? -2 : m;
}
// Operand i as a node (or null): records the error in failedOp.
export function opMD(i: i32): i32 {
  if (i >= bs.ops.len) return -1;
  let m = md(bs.ops.get(i));
  if (m == -2) { br.failedOp = true; return -1; }
  return m;
}
@inline export function u(i: i32): u64 { return i < bs.ops.len ? <u64>bs.ops.get(i) : 0; }
// printMetadata: the field when the operand is not null (or always, as `null`, when `always`).
export function fMD(f: i32, m: i32, always: bool = false): void { if (m >= 0 || always) addMD(f, m); }
export function fU(f: i32, v: u64, always: bool = false): void { if (v != 0 || always) addU(f, v); }
export function fS(f: i32, v: i64, always: bool = false): void { if (v != 0 || always) addS(f, v); }
// printString: operand i names an MDString (or is 0); printed quoted with opt's escapes.
export function fStr(f: i32, i: i32, always: bool = false): void {
  let s = strOf(i);
  if (s == -2) return;
  if (s < 0 || strtab.lenOf(s) == 0) { if (always) addRaw(f, quote(-1)); return; }
  addRaw(f, quote(s));
}
// The strId of the MDString operand i names: -1 for null, -2 after an error.
function strOf(i: i32): i32 {
  if (i >= bs.ops.len) return -1;
  let x = bs.ops.get(i);
  if (x == 0) return -1;
  let m = mdAt(x - 1);
  if (m < 0) { br.failedOp = true; return -2; }
  if (<i32>mdKind.get(m) != MK.String) { br.failedOp = true; bad("Invalid record: expected a metadata string"); return -2; }
  return mdA.get(m);
}
function quote(s: i32): i32 {
  if (s < 0) { let p = buf(2); store<u8>(p, 34); store<u8>(p + 1, 34); return strtab.intern(p, 2); }
  br.quoted.fit(s + 1, -1);
  let q = br.quoted.get(s);
  if (q >= 0) return q;
  let n = strtab.lenOf(s);
  let p = buf(3 * n + 2);
  let src = strtab.ptrOf(s);
  let k = 0;
  store<u8>(p + <usize>(k++), 34);
  for (let i = 0; i < n; i++) {
    let c = <i32>load<u8>(src + <usize>i);
    if (c == 92) { store<u8>(p + <usize>(k++), 92); store<u8>(p + <usize>(k++), 92); }
    else if (c >= 32 && c <= 126 && c != 34) store<u8>(p + <usize>(k++), <u8>c);
    else {
      store<u8>(p + <usize>(k++), 92);
      let hi = c >> 4, lo = c & 15;
      store<u8>(p + <usize>(k++), <u8>(hi < 10 ? 48 + hi : 55 + hi));
      store<u8>(p + <usize>(k++), <u8>(lo < 10 ? 48 + lo : 55 + lo));
    }
  }
  store<u8>(p + <usize>(k++), 34);
  q = strtab.intern(p, k);
  br.quoted.set(s, q);
  return q;
}

// ---- enumerations: a code's name for the target version, or the number ----
export const T_TAG = 0, T_LANG = 1, T_LNAME = 2, T_ATE = 3, T_CC = 4, T_ENUMKIND = 5, T_MACINFO = 6;
export function codes(t: i32): i32[] {
  switch (t) {
    case T_TAG: return TAG_CODES; case T_LANG: return LANG_CODES; case T_LNAME: return LNAME_CODES;
    case T_ATE: return ATE_CODES; case T_CC: return CC_CODES; case T_ENUMKIND: return ENUMKIND_CODES;
  }
  return MACINFO_CODES;
}
export function names(t: i32): string[] {
  let v22 = llvmVersion >= 22;
  switch (t) {
    case T_TAG: return v22 ? TAG_NAMES_22 : TAG_NAMES_19; case T_LANG: return v22 ? LANG_NAMES_22 : LANG_NAMES_19;
    case T_LNAME: return v22 ? LNAME_NAMES_22 : LNAME_NAMES_19; case T_ATE: return v22 ? ATE_NAMES_22 : ATE_NAMES_19;
    case T_CC: return v22 ? CC_NAMES_22 : CC_NAMES_19;
    case T_ENUMKIND: return v22 ? ENUMKIND_NAMES_22 : ENUMKIND_NAMES_19;
  }
  return v22 ? MACINFO_NAMES_22 : MACINFO_NAMES_19;
}
export function enumText(t: i32, v: u64): i32 {
  let cs = codes(t);
  let lo = 0, hi = cs.length - 1;
  while (lo <= hi) {
    let mid = (lo + hi) >> 1;
    let c = <u64>cs[mid];
    if (c == v) {
      let key = (t << 12) | mid;
      br.enumIds.fit(key + 1, -1);
      let s = br.enumIds.get(key);
      if (s >= 0) return s;
      let name = names(t)[mid];
      if (name.length == 0) break;
      s = strtab.internStr(name);
      br.enumIds.set(key, s);
      return s;
    }
    if (c < v) lo = mid + 1; else hi = mid - 1;
  }
  return intText(v, false);
}
// printDwarfEnum: skipped when zero.
export function fEnum(f: i32, t: i32, v: u64): void { if (v != 0) addRaw(f, enumText(t, v)); }
export function fTag(v: u64): void { addRaw(F_TAG, enumText(T_TAG, v)); }

export function fFlags(v: u64): void { if (v != 0) addRaw(F_FLAGS, flagsText(v, false)); }

// A size/offset that is either an integer or (bit set in the record) a metadata operand: an
// integer constant prints as its value.
export function fSizeOp(f: i32, i: i32, isMD: bool): void {
  if (!isMD) { fU(f, u(i)); return; }
  let m = opMD(i);
  if (m < 0) return;
  if (<i32>mdKind.get(m) == MK.Value) {
    let v = mdA.get(m);
    if (<i32>vKind.get(v) == VK.ConstInt) { fU(f, <u64>intSExt64(v)); return; }
    if (<i32>vKind.get(v) == VK.ConstNull || <i32>vKind.get(v) == VK.ConstZero) return;
  }
  addMD(f, m);
}
// A bound that prints as a signed integer when it is an integer constant (DISubrange), else as an operand.
export function fBound(f: i32, i: i32): void {
  let m = opMD(i);
  if (m < 0) return;
  if (<i32>mdKind.get(m) == MK.Value) {
    let v = mdA.get(m);
    let k = <i32>vKind.get(v);
    if (k == VK.ConstInt) { addS(f, intSExt64(v)); return; }
    if (k == VK.ConstNull || k == VK.ConstZero) { addS(f, 0); return; }
  }
  addMD(f, m);
}
// A DIGenericSubrange bound: a DIExpression that is a signed constant prints as the integer.
export function fExprBound(f: i32, i: i32): void {
  let m = opMD(i);
  if (m < 0) return;
  if (m < br.exprConst.len && br.exprConst.get(m) == 1) { addS(f, br.exprConstVal.get(m)); return; }
  addMD(f, m);
}
