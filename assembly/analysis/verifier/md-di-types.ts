// The checks of debug-info type nodes and the nodes types are made of (Verifier::visitDIBasicType,
// visitDIDerivedType, visitDICompositeType, visitDISubroutineType, visitDIFile, visitDISubrange, ...),
// with the questions they share (isType, isScope, a node's tag, its DIFlags). Nodes are stored as opt
// prints them (ir/di-printed.ts): a field left out holds its default, an explicit null reference is
// (FV_MD, -1), a constant operand (`count: 5`, `extraData: i32 1`) is raw text (FV_RAW), which is
// LLVM's ConstantAsMetadata; tags, encodings and flags are their printed names.
//
// A failed check writes its message and the values LLVM's CheckDI writes, and ends the visit
// function it is in: as in LLVM, a failure in visitDIScope, visitDIBasicType (for a fixed-point
// type) or visitTemplateParams ends only that part, and the node's own checks go on.
//
// LLVM 22 only (LLVM 19 has no such check, or cannot read such a node): DIFixedPointType and
// DISubrangeType, non-constant sizes (`size: !N`), DIDerivedType's extraData forms and template
// alias parameters, null entries in a composite type's elements, DW_TAG_variant composites.
import { strtab } from "../../ir/module";
import { MK, mdKind, mdA, mdCount, mdPool, FV_MD, FV_RAW } from "../../ir/metadata";
import { field } from "../../ir/debuginfo";
import { llvmVersion } from "../../ir/version";
import { TAG_CODES, TAG_NAMES_19, TAG_NAMES_22, ATE_CODES, ATE_NAMES_19, ATE_NAMES_22 } from "../../ir/dwarf-names";
import { flagValue } from "../../ir/di-printed";
import { vr } from "./state";
import { isTuple, isString, isConstant, constInt, ciNegative, ciIsMax, numOps, op } from "./md-common";

// DWARF codes compared here.
const TAG_ARRAY = 0x01, TAG_CLASS = 0x02, TAG_ENUMERATION = 0x04, TAG_MEMBER = 0x0d, TAG_POINTER = 0x0f,
  TAG_REFERENCE = 0x10, TAG_STRING = 0x12, TAG_STRUCTURE = 0x13, TAG_SUBROUTINE = 0x15, TAG_TYPEDEF = 0x16,
  TAG_UNION = 0x17, TAG_VARIANT = 0x19, TAG_INHERITANCE = 0x1c, TAG_PTR_TO_MEMBER = 0x1f, TAG_SET = 0x20,
  TAG_SUBRANGE = 0x21, TAG_BASE = 0x24, TAG_CONST = 0x26, TAG_ENUMERATOR = 0x28, TAG_FILE = 0x29, TAG_FRIEND = 0x2a,
  TAG_NAMELIST = 0x2b, TAG_TEMPLATE_TYPE = 0x2f, TAG_TEMPLATE_VALUE = 0x30, TAG_VARIANT_PART = 0x33,
  TAG_VARIABLE = 0x34, TAG_VOLATILE = 0x35, TAG_RESTRICT = 0x37, TAG_UNSPECIFIED = 0x3b, TAG_RVALUE_REFERENCE = 0x42,
  TAG_GENERIC_SUBRANGE = 0x45, TAG_ATOMIC = 0x47, TAG_IMMUTABLE = 0x4b, TAG_TEMPLATE_ALIAS = 0x43,
  TAG_GNU_TEMPLATE_TEMPLATE = 0x4106, TAG_GNU_TEMPLATE_PACK = 0x4107, TAG_PTRAUTH = 0x4300;
const ATE_BOOLEAN = 0x02, ATE_SIGNED = 0x05, ATE_SIGNED_CHAR = 0x06, ATE_UNSIGNED = 0x07, ATE_UNSIGNED_CHAR = 0x08,
  ATE_SIGNED_FIXED = 0x0d, ATE_UNSIGNED_FIXED = 0x0e;
// DIFlags bits.
const FLAG_BLOCK_BYREF: u32 = 1 << 4, FLAG_VECTOR: u32 = 1 << 11, FLAG_STATIC_MEMBER: u32 = 1 << 12,
  FLAG_LVALUE_REF: u32 = 1 << 13, FLAG_RVALUE_REF: u32 = 1 << 14, FLAG_PASS_BY_VALUE: u32 = 1 << 22,
  FLAG_PASS_BY_REF: u32 = 1 << 23;
// Node classes (DITypeNames.cls order).
const C_BASIC = 0, C_FIXED = 1, C_STRING = 2, C_DERIVED = 3, C_SUBRANGE_TYPE = 4, C_COMPOSITE = 5, C_SUBROUTINE = 6,
  C_FILE = 7, C_ENUMERATOR = 8, C_SUBRANGE = 9, C_GENERIC_SUBRANGE = 10, C_TEMPLATE_TYPE = 11, C_TEMPLATE_VALUE = 12,
  C_CU = 13, C_SUBPROGRAM = 14, C_LEXBLOCK = 15, C_LEXBLOCK_FILE = 16, C_NAMESPACE = 17, C_COMMON_BLOCK = 18,
  C_MODULE = 19, C_LOCAL_VAR = 20, C_GLOBAL_VAR = 21, C_OBJC_PROPERTY = 22;
const CLASS_NAMES: string[] = [
  "DIBasicType", "DIFixedPointType", "DIStringType", "DIDerivedType", "DISubrangeType", "DICompositeType",
  "DISubroutineType", "DIFile", "DIEnumerator", "DISubrange", "DIGenericSubrange", "DITemplateTypeParameter",
  "DITemplateValueParameter", "DICompileUnit", "DISubprogram", "DILexicalBlock", "DILexicalBlockFile",
  "DINamespace", "DICommonBlock", "DIModule", "DILocalVariable", "DIGlobalVariable", "DIObjCProperty",
];
const N_CLASSES = 23;
// Whether class c is a DIType, a DIScope.
@inline function typeClass(c: i32): bool { return c >= C_BASIC && c <= C_SUBROUTINE; }
@inline function scopeClass(c: i32): bool { return (c >= C_BASIC && c <= C_FILE) || (c >= C_CU && c <= C_MODULE); }

// The class and field names, interned once per verification (ids are stable while the module
// lives), and what was learnt about the module's tag, encoding and flags texts. One per Verifier
// (vr.diTypeNames), made on the first debug-info node it visits.
@final class DITypeNames {
  cls: StaticArray<i32> = new StaticArray<i32>(N_CLASSES);
  v22: bool = llvmVersion >= 22;
  F_TAG: i32; F_SCOPE: i32; F_FILE: i32; F_BASETYPE: i32; F_SIZE: i32; F_EXTRADATA: i32; F_FLAGS: i32;
  F_DWARFAS: i32; F_ELEMENTS: i32; F_VTABLE: i32; F_TEMPLATEPARAMS: i32; F_DISCRIMINATOR: i32;
  F_DATALOCATION: i32; F_ASSOCIATED: i32; F_ALLOCATED: i32; F_RANK: i32; F_TYPES: i32; F_CHECKSUMKIND: i32;
  F_CHECKSUM: i32; F_COUNT: i32; F_LOWER: i32; F_UPPER: i32; F_STRIDE: i32; F_BIAS: i32; F_ENCODING: i32;
  F_KIND: i32; F_FACTOR: i32; F_NUMERATOR: i32; F_DENOMINATOR: i32; F_TYPE: i32;
  // text id -> DWARF code (tags and encodings, -1: unknown), text id -> DIFlags value
  codes: Map<i32, i32> = new Map();
  flags: Map<i32, u32> = new Map();
  constructor() {
    for (let i = 0; i < N_CLASSES; i++) this.cls[i] = strtab.internStr(CLASS_NAMES[i]);
    this.F_TAG = strtab.internStr("tag"); this.F_SCOPE = strtab.internStr("scope"); this.F_FILE = strtab.internStr("file");
    this.F_BASETYPE = strtab.internStr("baseType"); this.F_SIZE = strtab.internStr("size");
    this.F_EXTRADATA = strtab.internStr("extraData"); this.F_FLAGS = strtab.internStr("flags");
    this.F_DWARFAS = strtab.internStr("dwarfAddressSpace"); this.F_ELEMENTS = strtab.internStr("elements");
    this.F_VTABLE = strtab.internStr("vtableHolder"); this.F_TEMPLATEPARAMS = strtab.internStr("templateParams");
    this.F_DISCRIMINATOR = strtab.internStr("discriminator"); this.F_DATALOCATION = strtab.internStr("dataLocation");
    this.F_ASSOCIATED = strtab.internStr("associated"); this.F_ALLOCATED = strtab.internStr("allocated");
    this.F_RANK = strtab.internStr("rank"); this.F_TYPES = strtab.internStr("types");
    this.F_CHECKSUMKIND = strtab.internStr("checksumkind"); this.F_CHECKSUM = strtab.internStr("checksum");
    this.F_COUNT = strtab.internStr("count"); this.F_LOWER = strtab.internStr("lowerBound");
    this.F_UPPER = strtab.internStr("upperBound"); this.F_STRIDE = strtab.internStr("stride");
    this.F_BIAS = strtab.internStr("bias"); this.F_ENCODING = strtab.internStr("encoding");
    this.F_KIND = strtab.internStr("kind"); this.F_FACTOR = strtab.internStr("factor");
    this.F_NUMERATOR = strtab.internStr("numerator"); this.F_DENOMINATOR = strtab.internStr("denominator");
    this.F_TYPE = strtab.internStr("type");
  }
}
function names(): DITypeNames {
  if (vr.diTypeNames == 0) vr.diTypeNames = changetype<usize>(new DITypeNames());
  return changetype<DITypeNames>(vr.diTypeNames);
}

// ---- questions about nodes ----

// The class (C_...) of node m, or -1 (null, not a specialized node, or a class not listed).
function classOf(nm: DITypeNames, m: i32): i32 {
  if (m < 0 || m >= mdCount() || <i32>mdKind.get(m) != MK.Node) return -1;
  let a = mdA.get(m), cls = nm.cls;
  for (let i = 0; i < N_CLASSES; i++) if (unchecked(cls[i]) == a) return i;
  return -1;
}
// isType / isScope as Verifier.cpp has them: null passes.
function isType(nm: DITypeNames, m: i32): bool { return m < 0 || typeClass(classOf(nm, m)); }
function isScope(nm: DITypeNames, m: i32): bool { return m < 0 || scopeClass(classOf(nm, m)); }
function isVariable(nm: DITypeNames, m: i32): bool { let c = classOf(nm, m); return c == C_LOCAL_VAR || c == C_GLOBAL_VAR; }
function isExpr(m: i32): bool { return m >= 0 && m < mdCount() && <i32>mdKind.get(m) == MK.Expr; }

// A field's pool index when the node gives it with a value (not an explicit null), else -1.
function given(m: i32, name: i32): i32 {
  let f = field(m, name);
  if (f < 0 || (mdPool.get(f + 1) == FV_MD && mdPool.get(f + 2) < 0)) return -1;
  return f;
}
// The node a field refers to, or -1 (absent, null, or a raw value).
function ref(m: i32, name: i32): i32 {
  let f = field(m, name);
  return f >= 0 && mdPool.get(f + 1) == FV_MD ? mdPool.get(f + 2) : -1;
}
@inline function isRaw(f: i32): bool { return mdPool.get(f + 1) == FV_RAW; }
@inline function valueOf(f: i32): i32 { return mdPool.get(f + 2); }
// A constant operand (ConstantAsMetadata): raw text from the text reader, a value as metadata from
// the bitcode reader.
function isConst(f: i32): bool { return isRaw(f) || isConstant(valueOf(f)); }

// A DWARF code from its printed text (a name of the version's table, or a number), remembered per text.
function codeOf(nm: DITypeNames, t: i32, tag: bool): i32 {
  if (nm.codes.has(t)) return nm.codes.get(t);
  let r = -1;
  let p = strtab.ptrOf(t), n = strtab.lenOf(t);
  let c0 = n > 0 ? <i32>load<u8>(p) : 0;
  if (c0 >= 48 && c0 <= 57) {
    let v: i64 = 0;
    for (let i = 0; i < n; i++) {
      let d = <i32>load<u8>(p + <usize>i) - 48;
      if (d < 0 || d > 9 || v > 0xffffffff) { v = -1; break; }
      v = v * 10 + d;
    }
    r = <i32>v;
  } else {
    let names: string[] = tag ? (nm.v22 ? TAG_NAMES_22 : TAG_NAMES_19) : (nm.v22 ? ATE_NAMES_22 : ATE_NAMES_19);
    let codes: i32[] = tag ? TAG_CODES : ATE_CODES;
    for (let i = 0; i < names.length; i++) if (names[i].length == n && strtab.eqStr(t, names[i])) { r = codes[i]; break; }
  }
  nm.codes.set(t, r);
  return r;
}
// The DWARF tag of node m (-1 when it has none: null, not a node of a listed class).
function tagOf(nm: DITypeNames, m: i32): i32 {
  let c = classOf(nm, m);
  switch (c) {
    case C_BASIC: case C_FIXED: return tagField(nm, m, TAG_BASE);
    case C_STRING: return tagField(nm, m, TAG_STRING);
    case C_DERIVED: case C_COMPOSITE: return tagField(nm, m, 0);
    case C_TEMPLATE_VALUE: return tagField(nm, m, TAG_TEMPLATE_VALUE);
    case C_SUBRANGE: case C_SUBRANGE_TYPE: return TAG_SUBRANGE;
    case C_GENERIC_SUBRANGE: return TAG_GENERIC_SUBRANGE;
    case C_ENUMERATOR: return TAG_ENUMERATOR;
    case C_SUBROUTINE: return TAG_SUBROUTINE;
    case C_FILE: return TAG_FILE;
    case C_TEMPLATE_TYPE: return TAG_TEMPLATE_TYPE;
  }
  return -1;
}
function tagField(nm: DITypeNames, m: i32, dflt: i32): i32 {
  let f = field(m, nm.F_TAG);
  return f >= 0 && isRaw(f) ? codeOf(nm, valueOf(f), true) : dflt;
}
// The encoding (DW_ATE) of a basic type, 0 when it gives none.
function encodingOf(nm: DITypeNames, m: i32): i32 {
  let f = field(m, nm.F_ENCODING);
  return f >= 0 && isRaw(f) ? codeOf(nm, valueOf(f), false) : 0;
}
// The DIFlags of node m (its printed names and numbers joined by " | "), remembered per text.
function flagsOf(nm: DITypeNames, m: i32): u32 {
  let f = field(m, nm.F_FLAGS);
  if (f < 0 || !isRaw(f)) return 0;
  let t = valueOf(f);
  if (nm.flags.has(t)) return nm.flags.get(t);
  let parts = String.UTF8.decodeUnsafe(strtab.ptrOf(t), strtab.lenOf(t)).split("|");
  let v: u32 = 0;
  for (let i = 0; i < parts.length; i++) {
    let w = parts[i].trim();
    if (w.length == 0) continue;
    let c0 = w.charCodeAt(0);
    if (c0 >= 48 && c0 <= 57) v |= <u32>U64.parseInt(w);
    else { let b = flagValue(w, false); if (b >= 0) v |= <u32>b; }
  }
  nm.flags.set(t, v);
  return v;
}
function conflictingReferenceFlags(fl: u32): bool {
  return ((fl & FLAG_LVALUE_REF) != 0 && (fl & FLAG_RVALUE_REF) != 0) ||
    ((fl & FLAG_PASS_BY_VALUE) != 0 && (fl & FLAG_PASS_BY_REF) != 0);
}

// A raw integer's digits are all zero (`0`, `-0`, `u0x00`, `i32 0`).
function rawIsZero(t: i32): bool {
  let p = strtab.ptrOf(t), n = strtab.lenOf(t);
  let i = typedStart(p, n);
  if (i < n && load<u8>(p + <usize>i) == 45) i++;
  if (i + 2 < n && (load<u8>(p + <usize>(i + 1)) | 32) == 120) i += 3;   // u0x / s0x
  if (i >= n) return false;
  for (; i < n; i++) if (load<u8>(p + <usize>i) != 48) return false;
  return true;
}
// Where the number starts in `iN value` (0 when the text is a bare number).
function typedStart(p: usize, n: i32): i32 {
  if (n == 0 || load<u8>(p) != 105) return 0;
  let i = 1;
  while (i < n && load<u8>(p + <usize>i) != 32) i++;
  while (i < n && load<u8>(p + <usize>i) == 32) i++;
  return i;
}
// A constant count below -1 (getSExtValue() < -1): a decimal, or `iN value` taken at that width.
function rawBelowMinusOne(t: i32): bool {
  let p = strtab.ptrOf(t), n = strtab.lenOf(t);
  let width = 64;
  if (n > 0 && load<u8>(p) == 105) {
    width = 0;
    for (let i = 1; i < n; i++) {
      let d = <i32>load<u8>(p + <usize>i) - 48;
      if (d < 0 || d > 9) break;
      width = width * 10 + d;
    }
  }
  let i = typedStart(p, n);
  let neg = i < n && load<u8>(p + <usize>i) == 45;
  if (neg) i++;
  if (i < n && !(load<u8>(p + <usize>i) >= 48 && load<u8>(p + <usize>i) <= 57)) return false;   // not a plain integer
  let v: u64 = 0;
  for (; i < n; i++) {
    let d = <i32>load<u8>(p + <usize>i) - 48;
    if (d < 0 || d > 9) return false;
    v = v * 10 + <u64>d;
  }
  if (neg) v = 0 - v;
  if (width > 0 && width < 64) {
    let sh = <u64>(64 - width);
    v = <u64>((<i64>(v << sh)) >> sh);
  }
  return <i64>v < -1;
}

// A constant count below -1, as raw text or as an integer constant.
function countBelowMinusOne(f: i32): bool {
  if (isRaw(f)) return rawBelowMinusOne(valueOf(f));
  let c = constInt(valueOf(f));
  return c >= 0 && ciNegative(c) && !ciIsMax(c);
}

// ---- reporting ----

function fail(msg: string): void { vr.failDebugInfo(msg); }
// A field's value as CheckDI writes it: a node or string as metadata, a constant as its text.
function writeField(f: i32): void {
  if (f < 0) return;
  if (isRaw(f)) { let out = vr.out; out.strId(strtab, valueOf(f)); out.byte(10); return; }
  vr.wm(valueOf(f));
}

// ---- the visits ----

// Runs the checks of m when it is a node of one of this file's classes; false otherwise.
export function visitDITypeNode(m: i32): bool {
  if (m < 0 || m >= mdCount() || <i32>mdKind.get(m) != MK.Node) return false;
  let nm = names();
  let c = classOf(nm, m);
  switch (c) {
    case C_BASIC: visitBasicType(nm, m); return true;
    case C_FIXED: visitFixedPointType(nm, m); return true;
    case C_STRING: visitStringType(nm, m); return true;
    case C_DERIVED: visitDerivedType(nm, m); return true;
    case C_SUBRANGE_TYPE: visitSubrangeType(nm, m); return true;
    case C_COMPOSITE: visitCompositeType(nm, m); return true;
    case C_SUBROUTINE: visitSubroutineType(nm, m); return true;
    case C_FILE: visitFile(nm, m); return true;
    case C_ENUMERATOR: return true;   // its tag is implied: nothing to check
    case C_SUBRANGE: visitSubrange(nm, m); return true;
    case C_GENERIC_SUBRANGE: visitGenericSubrange(nm, m); return true;
    case C_TEMPLATE_TYPE: visitTemplateParameter(nm, m); return true;   // its tag is implied
    case C_TEMPLATE_VALUE: visitTemplateValueParameter(nm, m); return true;
  }
  return false;
}

// visitDIScope (as types use it): a file, when given, is a DIFile.
function visitScope(nm: DITypeNames, m: i32): void {
  let f = ref(m, nm.F_FILE);
  if (f >= 0 && classOf(nm, f) != C_FILE) { fail("invalid file"); vr.wm(m); vr.wm(f); }
}

function visitBasicType(nm: DITypeNames, m: i32): void {
  let t = tagOf(nm, m);
  if (t != TAG_BASE && t != TAG_UNSPECIFIED && t != TAG_STRING) { fail("invalid tag"); vr.wm(m); return; }
  // LLVM 22: sizes may be metadata, but a basic type's is a constant
  let s = given(m, nm.F_SIZE);
  if (s >= 0 && !isConst(s)) { fail("SizeInBits must be a constant"); return; }
}

function visitFixedPointType(nm: DITypeNames, m: i32): void {
  visitBasicType(nm, m);
  if (tagOf(nm, m) != TAG_BASE) { fail("invalid tag"); vr.wm(m); return; }
  let e = encodingOf(nm, m);
  if (e != ATE_SIGNED_FIXED && e != ATE_UNSIGNED_FIXED) { fail("invalid encoding"); vr.wm(m); return; }
  let kf = field(m, nm.F_KIND);
  let kind = kf >= 0 && isRaw(kf) ? valueOf(kf) : -1;
  let rational = kind >= 0 && strtab.eqStr(kind, "Rational");
  if (kind >= 0 && !rational && !strtab.eqStr(kind, "Binary") && !strtab.eqStr(kind, "Decimal")) {
    fail("invalid kind"); vr.wm(m); return;
  }
  if (rational) {
    let f = given(m, nm.F_FACTOR);
    if (f >= 0 && isRaw(f) && !rawIsZero(valueOf(f))) { fail("factor should be 0 for rationals"); vr.wm(m); return; }
  } else {
    let a = given(m, nm.F_NUMERATOR), b = given(m, nm.F_DENOMINATOR);
    if ((a >= 0 && isRaw(a) && !rawIsZero(valueOf(a))) || (b >= 0 && isRaw(b) && !rawIsZero(valueOf(b)))) {
      fail("numerator and denominator should be 0 for non-rationals"); vr.wm(m); return;
    }
  }
}

// (DIStringType has no flags field in text or bitcode: its endianness flags cannot conflict.)
function visitStringType(nm: DITypeNames, m: i32): void {
  if (tagOf(nm, m) != TAG_STRING) { fail("invalid tag"); vr.wm(m); return; }
}

function visitDerivedType(nm: DITypeNames, m: i32): void {
  visitScope(nm, m);
  let t = tagOf(nm, m);
  let fl = flagsOf(nm, m);
  let okTag = t == TAG_TYPEDEF || t == TAG_POINTER || t == TAG_PTR_TO_MEMBER || t == TAG_REFERENCE ||
    t == TAG_RVALUE_REFERENCE || t == TAG_CONST || t == TAG_IMMUTABLE || t == TAG_VOLATILE || t == TAG_RESTRICT ||
    t == TAG_ATOMIC || t == TAG_PTRAUTH || t == TAG_MEMBER || (t == TAG_VARIABLE && (fl & FLAG_STATIC_MEMBER) != 0) ||
    t == TAG_INHERITANCE || t == TAG_FRIEND || t == TAG_SET || t == TAG_TEMPLATE_ALIAS;
  if (!okTag) { fail("invalid tag"); vr.wm(m); return; }
  let xf = given(m, nm.F_EXTRADATA);
  if (t == TAG_PTR_TO_MEMBER) {
    if (xf >= 0 && (isRaw(xf) || !isType(nm, valueOf(xf)))) {
      fail("invalid pointer to member type"); vr.wm(m); writeField(xf); return;
    }
  } else if (nm.v22 && t == TAG_TEMPLATE_ALIAS) {
    if (xf >= 0 && (isRaw(xf) || !isTuple(valueOf(xf)))) {
      fail("invalid template parameters"); vr.wm(m); writeField(xf); return;
    }
  } else if (nm.v22 && (t == TAG_INHERITANCE || t == TAG_MEMBER || t == TAG_VARIABLE)) {
    if (xf >= 0 && !isRaw(xf) && !validExtraData(nm, valueOf(xf))) {
      fail("extraData must be ConstantAsMetadata, MDString, DIObjCProperty, or MDTuple with single ConstantAsMetadata operand");
      vr.wm(m); writeField(xf); return;
    }
  }
  if (t == TAG_SET) {
    let b = given(m, nm.F_BASETYPE);
    if (b >= 0) {
      let bt = isRaw(b) ? -1 : valueOf(b);
      let bc = classOf(nm, bt);
      let ok = false;
      if (bc == C_COMPOSITE) ok = tagOf(nm, bt) == TAG_ENUMERATION;
      else if (bc == C_BASIC || bc == C_FIXED) {
        let e = encodingOf(nm, bt);
        ok = e == ATE_UNSIGNED || e == ATE_SIGNED || e == ATE_UNSIGNED_CHAR || e == ATE_SIGNED_CHAR || e == ATE_BOOLEAN;
      }
      if (!ok) { fail("invalid set base type"); vr.wm(m); writeField(b); return; }
    }
  }
  if (!checkScopeField(nm, m)) return;
  if (!checkBaseTypeField(nm, m)) return;
  if (field(m, nm.F_DWARFAS) >= 0 && t != TAG_POINTER && t != TAG_REFERENCE && t != TAG_RVALUE_REFERENCE) {
    fail("DWARF address space only applies to pointer or reference types"); vr.wm(m); return;
  }
  if (!checkSizeField(nm, m)) return;
}
// extraData of a member, inheritance or static member (LLVM 22): a constant, a string, an
// Objective-C property, or a tuple of one constant.
function validExtraData(nm: DITypeNames, x: i32): bool {
  if (isString(x) || isConstant(x) || classOf(nm, x) == C_OBJC_PROPERTY) return true;
  if (!isTuple(x)) return false;
  return numOps(x) == 1 && isConstant(op(x, 0));
}
// "invalid scope" / "invalid base type" (derived and composite types): the reference is a scope / a type.
function checkScopeField(nm: DITypeNames, m: i32): bool {
  let f = given(m, nm.F_SCOPE);
  if (f < 0 || (!isRaw(f) && isScope(nm, valueOf(f)))) return true;
  fail("invalid scope"); vr.wm(m); writeField(f);
  return false;
}
function checkBaseTypeField(nm: DITypeNames, m: i32): bool {
  let f = given(m, nm.F_BASETYPE);
  if (f < 0 || (!isRaw(f) && isType(nm, valueOf(f)))) return true;
  fail("invalid base type"); vr.wm(m); writeField(f);
  return false;
}
// LLVM 22's size operand of derived and composite types: a constant, a variable or an expression.
function checkSizeField(nm: DITypeNames, m: i32): bool {
  let f = given(m, nm.F_SIZE);
  if (f < 0 || isConst(f)) return true;
  let s = valueOf(f);
  if (isVariable(nm, s) || isExpr(s)) return true;
  fail("SizeInBits must be a constant or DIVariable or DIExpression");
  return false;
}

function visitCompositeType(nm: DITypeNames, m: i32): void {
  visitScope(nm, m);
  let t = tagOf(nm, m);
  if (!(t == TAG_ARRAY || t == TAG_STRUCTURE || t == TAG_UNION || t == TAG_ENUMERATION || t == TAG_CLASS ||
    t == TAG_VARIANT_PART || t == TAG_NAMELIST || (nm.v22 && t == TAG_VARIANT))) { fail("invalid tag"); vr.wm(m); return; }
  if (!checkScopeField(nm, m)) return;
  if (!checkBaseTypeField(nm, m)) return;
  let ef = given(m, nm.F_ELEMENTS);
  let elems = ef >= 0 && !isRaw(ef) ? valueOf(ef) : -1;
  if (ef >= 0 && !isTuple(elems)) { fail("invalid composite elements"); vr.wm(m); writeField(ef); return; }
  let vf = given(m, nm.F_VTABLE);
  if (vf >= 0 && (isRaw(vf) || !isType(nm, valueOf(vf)))) { fail("invalid vtable holder"); vr.wm(m); writeField(vf); return; }
  let fl = flagsOf(nm, m);
  if (conflictingReferenceFlags(fl)) { fail("invalid reference flags"); vr.wm(m); return; }
  if ((fl & FLAG_BLOCK_BYREF) != 0) { fail("DIBlockByRefStruct on DICompositeType is no longer supported"); vr.wm(m); return; }
  let n = elems >= 0 ? numOps(elems) : 0;
  if (nm.v22) {
    for (let i = 0; i < n; i++) {
      if (op(elems, i) < 0) { fail("DISubprogram contains null entry in `elements` field"); vr.wm(m); return; }
    }
  }
  if ((fl & FLAG_VECTOR) != 0) {
    if (n != 1 || tagOf(nm, op(elems, 0)) != TAG_SUBRANGE) {
      fail("invalid vector, expected one element of type subrange"); vr.wm(m); return;
    }
  }
  let pf = given(m, nm.F_TEMPLATEPARAMS);
  if (pf >= 0) visitTemplateParams(nm, m, pf);
  let df = given(m, nm.F_DISCRIMINATOR);
  if (df >= 0 && (isRaw(df) || classOf(nm, valueOf(df)) != C_DERIVED || t != TAG_VARIANT_PART)) {
    fail("discriminator can only appear on variant part"); return;
  }
  if (given(m, nm.F_DATALOCATION) >= 0 && t != TAG_ARRAY) { fail("dataLocation can only appear in array type"); return; }
  if (given(m, nm.F_ASSOCIATED) >= 0 && t != TAG_ARRAY) { fail("associated can only appear in array type"); return; }
  if (given(m, nm.F_ALLOCATED) >= 0 && t != TAG_ARRAY) { fail("allocated can only appear in array type"); return; }
  if (given(m, nm.F_RANK) >= 0 && t != TAG_ARRAY) { fail("rank can only appear in array type"); return; }
  if (t == TAG_ARRAY && given(m, nm.F_BASETYPE) < 0) { fail("array types must have a base type"); vr.wm(m); return; }
  if (nm.v22) checkSizeField(nm, m);
}

// visitTemplateParams: a tuple of template parameters (a failure ends only these checks).
function visitTemplateParams(nm: DITypeNames, m: i32, pf: i32): void {
  let ps = isRaw(pf) ? -1 : valueOf(pf);
  if (!isTuple(ps)) { fail("invalid template params"); vr.wm(m); writeField(pf); return; }
  let n = numOps(ps);
  for (let i = 0; i < n; i++) {
    let o = op(ps, i);
    let c = classOf(nm, o);
    if (c != C_TEMPLATE_TYPE && c != C_TEMPLATE_VALUE) { fail("invalid template parameter"); vr.wm(m); vr.wm(ps); vr.wm(o); return; }
  }
}

function visitSubroutineType(nm: DITypeNames, m: i32): void {
  let tf = given(m, nm.F_TYPES);
  if (tf >= 0) {
    let ts = isRaw(tf) ? -1 : valueOf(tf);
    if (!isTuple(ts)) { fail("invalid composite elements"); vr.wm(m); writeField(tf); return; }
    let n = numOps(ts);
    for (let i = 0; i < n; i++) {
      let o = op(ts, i);
      if (!isType(nm, o)) { fail("invalid subroutine type ref"); vr.wm(m); vr.wm(ts); vr.wm(o); return; }
    }
  }
  if (conflictingReferenceFlags(flagsOf(nm, m))) { fail("invalid reference flags"); vr.wm(m); return; }
}

// A DIFile's checksum: as long as its kind's digest, in hexadecimal. (The tag is implied, and the
// reader takes only known checksum kinds.)
function visitFile(nm: DITypeNames, m: i32): void {
  let kf = field(m, nm.F_CHECKSUMKIND), vf = field(m, nm.F_CHECKSUM);
  if (kf < 0 || vf < 0 || !isRaw(kf) || !isRaw(vf)) return;
  let k = valueOf(kf);
  let size = strtab.eqStr(k, "CSK_MD5") ? 32 : strtab.eqStr(k, "CSK_SHA1") ? 40 : strtab.eqStr(k, "CSK_SHA256") ? 64 : -1;
  if (size < 0) { fail("invalid checksum kind"); vr.wm(m); return; }
  // the value as printed: a quoted string, non-printable bytes as \XX
  let s = valueOf(vf);
  let p = strtab.ptrOf(s), n = strtab.lenOf(s);
  let len = 0, hex = true;
  let i = n > 0 && load<u8>(p) == 34 ? 1 : 0, end = n > 0 && load<u8>(p + <usize>(n - 1)) == 34 ? n - 1 : n;
  while (i < end) {
    let ch = <i32>load<u8>(p + <usize>i);
    if (ch == 92 && i + 2 < end && isHexDigit(<i32>load<u8>(p + <usize>(i + 1))) && isHexDigit(<i32>load<u8>(p + <usize>(i + 2)))) {
      ch = (hexVal(<i32>load<u8>(p + <usize>(i + 1))) << 4) | hexVal(<i32>load<u8>(p + <usize>(i + 2)));
      i += 3;
    } else i++;
    len++;
    if (!isHexDigit(ch)) hex = false;
  }
  if (len != size) { fail("invalid checksum length"); vr.wm(m); return; }
  if (!hex) { fail("invalid checksum"); vr.wm(m); return; }
}
function isHexDigit(c: i32): bool { return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102); }
function hexVal(c: i32): i32 { return c <= 57 ? c - 48 : (c | 32) - 87; }

// A bound of DISubrange / DISubrangeType: a constant, a variable or an expression (or, for
// DISubrangeType's bounds in LLVM 22, a derived type).
function boundOk(nm: DITypeNames, f: i32, derivedToo: bool): bool {
  if (f < 0 || isConst(f)) return true;
  let b = valueOf(f);
  return isVariable(nm, b) || isExpr(b) || (derivedToo && classOf(nm, b) == C_DERIVED);
}

function visitSubrange(nm: DITypeNames, m: i32): void {
  let cf = given(m, nm.F_COUNT), uf = given(m, nm.F_UPPER);
  if (cf >= 0 && uf >= 0) { fail("Subrange can have any one of count or upperBound"); vr.wm(m); return; }
  if (!boundOk(nm, cf, false)) { fail("Count must be signed constant or DIVariable or DIExpression"); vr.wm(m); return; }
  if (cf >= 0 && countBelowMinusOne(cf)) { fail("invalid subrange count"); vr.wm(m); return; }
  if (!boundOk(nm, given(m, nm.F_LOWER), false)) {
    fail("LowerBound must be signed constant or DIVariable or DIExpression"); vr.wm(m); return;
  }
  if (!boundOk(nm, uf, false)) { fail("UpperBound must be signed constant or DIVariable or DIExpression"); vr.wm(m); return; }
  if (!boundOk(nm, given(m, nm.F_STRIDE), false)) {
    fail("Stride must be signed constant or DIVariable or DIExpression"); vr.wm(m); return;
  }
}

// DIGenericSubrange's bounds are variables or expressions. The reader makes a bare integer bound
// (`lowerBound: 3`) an expression, so it passes; a typed constant (`count: i64 5`) stays a constant
// and does not.
function genericBoundOk(nm: DITypeNames, f: i32): bool {
  if (f < 0) return true;
  if (isRaw(f)) {
    let t = valueOf(f);
    let c0 = strtab.lenOf(t) > 0 ? <i32>load<u8>(strtab.ptrOf(t)) : 0;
    return (c0 >= 48 && c0 <= 57) || c0 == 45;
  }
  let b = valueOf(f);
  return isVariable(nm, b) || isExpr(b);
}
function visitGenericSubrange(nm: DITypeNames, m: i32): void {
  let cf = given(m, nm.F_COUNT), uf = given(m, nm.F_UPPER);
  if (cf >= 0 && uf >= 0) { fail("GenericSubrange can have any one of count or upperBound"); vr.wm(m); return; }
  if (!genericBoundOk(nm, cf)) { fail("Count must be signed constant or DIVariable or DIExpression"); vr.wm(m); return; }
  let lf = given(m, nm.F_LOWER);
  if (lf < 0) { fail("GenericSubrange must contain lowerBound"); vr.wm(m); return; }
  if (!genericBoundOk(nm, lf)) { fail("LowerBound must be signed constant or DIVariable or DIExpression"); vr.wm(m); return; }
  if (!genericBoundOk(nm, uf)) { fail("UpperBound must be signed constant or DIVariable or DIExpression"); vr.wm(m); return; }
  let sf = given(m, nm.F_STRIDE);
  if (sf < 0) { fail("GenericSubrange must contain stride"); vr.wm(m); return; }
  if (!genericBoundOk(nm, sf)) { fail("Stride must be signed constant or DIVariable or DIExpression"); vr.wm(m); return; }
}

// DISubrangeType (LLVM 22; its tag is implied).
function visitSubrangeType(nm: DITypeNames, m: i32): void {
  let bf = given(m, nm.F_BASETYPE);
  if (bf >= 0 && (isRaw(bf) || !isType(nm, valueOf(bf)))) { fail("BaseType must be a type"); return; }
  if (!boundOk(nm, given(m, nm.F_LOWER), true)) {
    fail("LowerBound must be signed constant or DIVariable or DIExpression or DIDerivedType"); vr.wm(m); return;
  }
  if (!boundOk(nm, given(m, nm.F_UPPER), true)) {
    fail("UpperBound must be signed constant or DIVariable or DIExpression or DIDerivedType"); vr.wm(m); return;
  }
  if (!boundOk(nm, given(m, nm.F_STRIDE), false)) {
    fail("Stride must be signed constant or DIVariable or DIExpression"); vr.wm(m); return;
  }
  if (!boundOk(nm, given(m, nm.F_BIAS), false)) {
    fail("Bias must be signed constant or DIVariable or DIExpression"); vr.wm(m); return;
  }
  let s = given(m, nm.F_SIZE);
  if (s >= 0 && !isConst(s)) { fail("SizeInBits must be a constant"); return; }
}

// visitDITemplateParameter: the type, when given, is a type.
function visitTemplateParameter(nm: DITypeNames, m: i32): bool {
  let f = given(m, nm.F_TYPE);
  if (f >= 0 && (isRaw(f) || !isType(nm, valueOf(f)))) { fail("invalid type ref"); vr.wm(m); writeField(f); return false; }
  return true;
}
function visitTemplateValueParameter(nm: DITypeNames, m: i32): void {
  visitTemplateParameter(nm, m);
  let t = tagOf(nm, m);
  if (t != TAG_TEMPLATE_VALUE && t != TAG_GNU_TEMPLATE_TEMPLATE && t != TAG_GNU_TEMPLATE_PACK) { fail("invalid tag"); vr.wm(m); return; }
}
