// What the checks of debug-info type nodes (md-di-types.ts) ask about nodes: their class, tag,
// encoding and DIFlags, isType / isScope as Verifier.cpp has them, a field's form (given, a node,
// a constant), and the integer texts they compare; with the names interned once per verification.
import { strtab } from "../../ir/module";
import { MK, mdKind, mdA, mdCount, mdPool, FV_MD, FV_RAW } from "../../ir/metadata";
import { field } from "../../ir/debuginfo";
import { llvmVersion } from "../../ir/version";
import { TAG_CODES, TAG_NAMES_19, TAG_NAMES_22, ATE_CODES, ATE_NAMES_19, ATE_NAMES_22 } from "../../ir/dwarf-names";
import { flagValue } from "../../ir/di-printed";
import { vr } from "./state";
import { isConstant, constInt, ciNegative, ciIsMax } from "./md-common";

// DWARF codes compared here.
export const TAG_ARRAY = 0x01, TAG_CLASS = 0x02, TAG_ENUMERATION = 0x04, TAG_MEMBER = 0x0d, TAG_POINTER = 0x0f,
  TAG_REFERENCE = 0x10, TAG_STRING = 0x12, TAG_STRUCTURE = 0x13, TAG_SUBROUTINE = 0x15, TAG_TYPEDEF = 0x16,
  TAG_UNION = 0x17, TAG_VARIANT = 0x19, TAG_INHERITANCE = 0x1c, TAG_PTR_TO_MEMBER = 0x1f, TAG_SET = 0x20,
  TAG_SUBRANGE = 0x21, TAG_BASE = 0x24, TAG_CONST = 0x26, TAG_ENUMERATOR = 0x28, TAG_FILE = 0x29, TAG_FRIEND = 0x2a,
  TAG_NAMELIST = 0x2b, TAG_TEMPLATE_TYPE = 0x2f, TAG_TEMPLATE_VALUE = 0x30, TAG_VARIANT_PART = 0x33,
  TAG_VARIABLE = 0x34, TAG_VOLATILE = 0x35, TAG_RESTRICT = 0x37, TAG_UNSPECIFIED = 0x3b, TAG_RVALUE_REFERENCE = 0x42,
  TAG_GENERIC_SUBRANGE = 0x45, TAG_ATOMIC = 0x47, TAG_IMMUTABLE = 0x4b, TAG_TEMPLATE_ALIAS = 0x43,
  TAG_GNU_TEMPLATE_TEMPLATE = 0x4106, TAG_GNU_TEMPLATE_PACK = 0x4107, TAG_PTRAUTH = 0x4300;
export const ATE_BOOLEAN = 0x02, ATE_SIGNED = 0x05, ATE_SIGNED_CHAR = 0x06, ATE_UNSIGNED = 0x07, ATE_UNSIGNED_CHAR = 0x08,
  ATE_SIGNED_FIXED = 0x0d, ATE_UNSIGNED_FIXED = 0x0e;
// DIFlags bits.
export const FLAG_BLOCK_BYREF: u32 = 1 << 4, FLAG_VECTOR: u32 = 1 << 11, FLAG_STATIC_MEMBER: u32 = 1 << 12,
  FLAG_LVALUE_REF: u32 = 1 << 13, FLAG_RVALUE_REF: u32 = 1 << 14, FLAG_PASS_BY_VALUE: u32 = 1 << 22,
  FLAG_PASS_BY_REF: u32 = 1 << 23;
// Node classes (DITypeNames.cls order).
export const C_BASIC = 0, C_FIXED = 1, C_STRING = 2, C_DERIVED = 3, C_SUBRANGE_TYPE = 4, C_COMPOSITE = 5, C_SUBROUTINE = 6,
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
@inline export function typeClass(c: i32): bool { return c >= C_BASIC && c <= C_SUBROUTINE; }
@inline export function scopeClass(c: i32): bool { return (c >= C_BASIC && c <= C_FILE) || (c >= C_CU && c <= C_MODULE); }

// The class and field names, interned once per verification (ids are stable while the module
// lives), and what was learnt about the module's tag, encoding and flags texts. One per Verifier
// (vr.diTypeNames), made on the first debug-info node it visits.
@final export class DITypeNames {
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
export function names(): DITypeNames {
  if (vr.diTypeNames == 0) vr.diTypeNames = changetype<usize>(new DITypeNames());
  return changetype<DITypeNames>(vr.diTypeNames);
}

// ---- questions about nodes ----

// The class (C_...) of node m, or -1 (null, not a specialized node, or a class not listed).
export function classOf(nm: DITypeNames, m: i32): i32 {
  if (m < 0 || m >= mdCount() || <i32>mdKind.get(m) != MK.Node) return -1;
  let a = mdA.get(m), cls = nm.cls;
  for (let i = 0; i < N_CLASSES; i++) if (unchecked(cls[i]) == a) return i;
  return -1;
}
// isType / isScope as Verifier.cpp has them: null passes.
export function isType(nm: DITypeNames, m: i32): bool { return m < 0 || typeClass(classOf(nm, m)); }
export function isScope(nm: DITypeNames, m: i32): bool { return m < 0 || scopeClass(classOf(nm, m)); }
export function isVariable(nm: DITypeNames, m: i32): bool { let c = classOf(nm, m); return c == C_LOCAL_VAR || c == C_GLOBAL_VAR; }
export function isExpr(m: i32): bool { return m >= 0 && m < mdCount() && <i32>mdKind.get(m) == MK.Expr; }

// A field's pool index when the node gives it with a value (not an explicit null), else -1.
export function given(m: i32, name: i32): i32 {
  let f = field(m, name);
  if (f < 0 || (mdPool.get(f + 1) == FV_MD && mdPool.get(f + 2) < 0)) return -1;
  return f;
}
// The node a field refers to, or -1 (absent, null, or a raw value).
export function ref(m: i32, name: i32): i32 {
  let f = field(m, name);
  return f >= 0 && mdPool.get(f + 1) == FV_MD ? mdPool.get(f + 2) : -1;
}
@inline export function isRaw(f: i32): bool { return mdPool.get(f + 1) == FV_RAW; }
@inline export function valueOf(f: i32): i32 { return mdPool.get(f + 2); }
// A constant operand (ConstantAsMetadata): raw text from the text reader, a value as metadata from
// the bitcode reader.
export function isConst(f: i32): bool { return isRaw(f) || isConstant(valueOf(f)); }

// A DWARF code from its printed text (a name of the version's table, or a number), remembered per text.
export function codeOf(nm: DITypeNames, t: i32, tag: bool): i32 {
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
export function tagOf(nm: DITypeNames, m: i32): i32 {
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
export function tagField(nm: DITypeNames, m: i32, dflt: i32): i32 {
  let f = field(m, nm.F_TAG);
  return f >= 0 && isRaw(f) ? codeOf(nm, valueOf(f), true) : dflt;
}
// The encoding (DW_ATE) of a basic type, 0 when it gives none.
export function encodingOf(nm: DITypeNames, m: i32): i32 {
  let f = field(m, nm.F_ENCODING);
  return f >= 0 && isRaw(f) ? codeOf(nm, valueOf(f), false) : 0;
}
// The DIFlags of node m (its printed names and numbers joined by " | "), remembered per text.
export function flagsOf(nm: DITypeNames, m: i32): u32 {
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
export function conflictingReferenceFlags(fl: u32): bool {
  return ((fl & FLAG_LVALUE_REF) != 0 && (fl & FLAG_RVALUE_REF) != 0) ||
    ((fl & FLAG_PASS_BY_VALUE) != 0 && (fl & FLAG_PASS_BY_REF) != 0);
}

// A raw integer's digits are all zero (`0`, `-0`, `u0x00`, `i32 0`).
export function rawIsZero(t: i32): bool {
  let p = strtab.ptrOf(t), n = strtab.lenOf(t);
  let i = typedStart(p, n);
  if (i < n && load<u8>(p + <usize>i) == 45) i++;
  if (i + 2 < n && (load<u8>(p + <usize>(i + 1)) | 32) == 120) i += 3;   // u0x / s0x
  if (i >= n) return false;
  for (; i < n; i++) if (load<u8>(p + <usize>i) != 48) return false;
  return true;
}
// Where the number starts in `iN value` (0 when the text is a bare number).
export function typedStart(p: usize, n: i32): i32 {
  if (n == 0 || load<u8>(p) != 105) return 0;
  let i = 1;
  while (i < n && load<u8>(p + <usize>i) != 32) i++;
  while (i < n && load<u8>(p + <usize>i) == 32) i++;
  return i;
}
// A constant count below -1 (getSExtValue() < -1): a decimal, or `iN value` taken at that width.
export function rawBelowMinusOne(t: i32): bool {
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
export function countBelowMinusOne(f: i32): bool {
  if (isRaw(f)) return rawBelowMinusOne(valueOf(f));
  let c = constInt(valueOf(f));
  return c >= 0 && ciNegative(c) && !ciIsMax(c);
}
