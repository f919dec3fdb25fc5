// The checks of debug-info type nodes and the nodes types are made of (Verifier::visitDIBasicType,
// visitDIDerivedType, visitDICompositeType, visitDISubroutineType, visitDIFile, visitDISubrange, ...);
// what they ask about nodes (isType, isScope, a node's tag, its DIFlags) is in md-di-type-queries.ts. Nodes are stored as opt
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
import { MK, mdKind, mdCount } from "../../ir/metadata";
import { field } from "../../ir/debuginfo";
import { vr } from "./state";
import { isTuple, isString, isConstant, numOps, op } from "./md-common";
import {
  TAG_ARRAY, TAG_CLASS, TAG_ENUMERATION, TAG_MEMBER, TAG_POINTER, TAG_REFERENCE, TAG_STRING, TAG_STRUCTURE,
  TAG_TYPEDEF, TAG_UNION, TAG_VARIANT, TAG_INHERITANCE, TAG_PTR_TO_MEMBER, TAG_SET, TAG_SUBRANGE, TAG_BASE,
  TAG_CONST, TAG_FRIEND, TAG_NAMELIST, TAG_TEMPLATE_VALUE, TAG_VARIANT_PART, TAG_VARIABLE, TAG_VOLATILE, TAG_RESTRICT,
  TAG_UNSPECIFIED, TAG_RVALUE_REFERENCE, TAG_ATOMIC, TAG_IMMUTABLE, TAG_TEMPLATE_ALIAS, TAG_GNU_TEMPLATE_TEMPLATE, TAG_GNU_TEMPLATE_PACK, TAG_PTRAUTH,
  ATE_BOOLEAN, ATE_SIGNED, ATE_SIGNED_CHAR, ATE_UNSIGNED, ATE_UNSIGNED_CHAR, ATE_SIGNED_FIXED, ATE_UNSIGNED_FIXED, FLAG_BLOCK_BYREF,
  FLAG_VECTOR, FLAG_STATIC_MEMBER, C_BASIC, C_FIXED, C_STRING, C_DERIVED, C_SUBRANGE_TYPE, C_COMPOSITE,
  C_SUBROUTINE, C_FILE, C_ENUMERATOR, C_SUBRANGE, C_GENERIC_SUBRANGE, C_TEMPLATE_TYPE, C_TEMPLATE_VALUE, C_OBJC_PROPERTY,
  names, classOf, isType, isScope, isVariable, isExpr, given, ref,
  isRaw, valueOf, isConst, tagOf, encodingOf, flagsOf, conflictingReferenceFlags, rawIsZero,
  countBelowMinusOne, DITypeNames,
} from "./md-di-type-queries";

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
