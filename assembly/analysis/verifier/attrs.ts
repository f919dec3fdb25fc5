// The verifier's attribute checks: the attributes of a function or call site against the types
// they sit on and against each other (Verifier::verifyFunctionAttrs, verifyParameterAttrs,
// verifyAttributeTypes), the attribute and calling-convention rules of visitFunction, the
// attribute rules of visitCallBase, and the uses of a swifterror value. A failed check ends the
// function it is in, as in opt: a parameter's failure does not stop the checks of the list.
import { verifySwiftErrorValue } from "./swifterror";
import { strtab, strtabString, targetTriple } from "../../ir/module";
import {
  TK, tyKind, tyA, tyFlags, tyListLen, TF_VARARG, T_I1, T_VOID, listLen, listAt, isInt, isPtr, isFP, isVector, isFirstClass,
  scalarType, primitiveSizeInBits, memberType,
} from "../../ir/types";
import { VK, vKind, vType, vName, vParent, vFirstUse, vA, iFlags, iExt, opNext, opUser, operand } from "../../ir/values";
import { Op, F_INBOUNDS, F_INALLOCA, F_SWIFTERROR, F_TAIL_SHIFT } from "../../ir/opcodes";
import { gValue, gValueType, gAttrs, gUnnamed, gCC, gFlags, gKind, GK, GF_ERASED, globalCount } from "../../ir/globals";
import { callFnType, callAttrs, callNumArgs, callCC, callNumBundles, bundleTag } from "../../ir/inst";
import {
  AT, ATTR_KW, setSize, setTag, setKey, setV0, setV1, setHasKind, setFind, attrLists, fnAttrs, retAttrs, paramAttrs,
  listSet, ATTR_ALIGN, ATTR_MEMORY, ATTR_ALLOCSIZE, ATTR_VSCALE, ATTR_ALLOCKIND, ATTR_NOFPCLASS, ATTR_READNONE,
  ATTR_READONLY, ATTR_WRITEONLY, ATTR_OPTNONE, ATTR_NOINLINE, ATTR_BYVAL, ATTR_SRET, ATTR_NONNULL, ATTR_RETURNED,
  ATTR_NOUNDEF, ATTR_NOCAPTURE, ATTR_CAPTURES,
} from "../../ir/attributes";
import { typeIsSized, typeAllocSize, allocaAddrSpace, containsTargetExtWithout, EXT_LOCAL } from "../../ir/datalayout";
import { isOneInt, intSExt64 } from "../../ir/constants";
import { llvmVersion } from "../../ir/version";
import { attrPositions, ATTR_ON_FN, ATTR_ON_PARAM, ATTR_ON_RET } from "../../ir/attr-positions";
import { printAttr } from "../../text/printer-attrs";
import { writer } from "../../text/writer";
import { isIntOrIntVec, isPtrOrPtrVec, isIntrinsic, opOf } from "./queries";
import { vr } from "./state";
import { isVFABIName } from "./vfabi";
import { verifyStringFnAttrs } from "./attrs-strings";

function k(s: string): i32 { return ATTR_KW.indexOf(s); }
const K_ALLOCALIGN = k("allocalign"), K_ALLOCPTR = k("allocptr"), K_ALWAYSINLINE = k("alwaysinline"),
  K_BUILTIN = k("builtin"), K_DEAD_ON_RETURN = k("dead_on_return"), K_DEAD_ON_UNWIND = k("dead_on_unwind"),
  K_IMMARG = k("immarg"), K_INREG = k("inreg"), K_JUMPTABLE = k("jumptable"), K_MINSIZE = k("minsize"),
  K_NAKED = k("naked"), K_NEST = k("nest"), K_NOALIAS = k("noalias"), K_OPTDEBUG = k("optdebug"),
  K_OPTSIZE = k("optsize"), K_SANITIZE_REALTIME = k("sanitize_realtime"),
  K_SANITIZE_REALTIME_BLOCKING = k("sanitize_realtime_blocking"), K_SIGNEXT = k("signext"),
  K_SPECULATABLE = k("speculatable"), K_SWIFTASYNC = k("swiftasync"), K_SWIFTERROR = k("swifterror"),
  K_SWIFTSELF = k("swiftself"), K_WRITABLE = k("writable"), K_ZEROEXT = k("zeroext"), K_BYREF = k("byref"),
  K_ELEMENTTYPE = k("elementtype"), K_INALLOCA = k("inalloca"), K_PREALLOCATED = k("preallocated"),
  K_DEREF = k("dereferenceable"), K_DEREF_OR_NULL = k("dereferenceable_or_null"), K_RANGE = k("range"),
  K_INITIALIZES = k("initializes");

// Calling conventions (LLVM's numbers) the verifier has rules for.
const CC_FAST = 8, CC_COLD = 9, CC_PTX_KERNEL = 71, CC_PTX_DEVICE = 72, CC_SPIR_KERNEL = 76, CC_INTEL_OCL_BI = 77,
  CC_X86_INTR = 83, CC_AMDGPU_VS = 87, CC_AMDGPU_GS = 88, CC_AMDGPU_PS = 89, CC_AMDGPU_CS = 90,
  CC_AMDGPU_KERNEL = 91, CC_AMDGPU_HS = 93, CC_AMDGPU_LS = 95, CC_AMDGPU_ES = 96, CC_AMDGPU_CS_CHAIN = 104,
  CC_AMDGPU_CS_CHAIN_PRESERVE = 105, CC_AMDGPU_GFX_WHOLE_WAVE = 124;

// ---- small questions about attribute sets ----

// The string attribute `name` of a set, or -1.
function strAttr(set: i32, name: string): i32 {
  let n = setSize(set);
  for (let i = 0; i < n; i++) if (setTag(set, i) == AT.String && strtab.eqStr(setKey(set, i), name)) return i;
  return -1;
}
// Its value is `s` (an absent value is the empty string).
function valIs(set: i32, i: i32, s: string): bool {
  let v = setV0(set, i);
  return v < 0 ? s.length == 0 : strtab.eqStr(v, s);
}
function valLen(set: i32, i: i32): i32 { let v = setV0(set, i); return v < 0 ? 0 : strtab.lenOf(v); }
function valByte(set: i32, i: i32, at: i32): i32 { return <i32>load<u8>(strtab.ptrOf(setV0(set, i)) + <usize>at); }
function valContains(set: i32, i: i32, s: string): bool {
  let n = valLen(set, i), m = s.length;
  for (let a = 0; a + m <= n; a++) {
    let j = 0;
    while (j < m && valByte(set, i, a + j) == s.charCodeAt(j)) j++;
    if (j == m) return true;
  }
  return false;
}
function outVal(set: i32, i: i32): void { let v = setV0(set, i); if (v >= 0) vr.out.strId(strtab, v); }
// The value as a string, for a message built in one piece.
function valText(set: i32, i: i32): string { let v = setV0(set, i); return v < 0 ? "" : strtabString(v); }
// Some set of the list has attribute kind `kind` (AttributeList::hasAttrSomewhere).
function listHasSomewhere(list: i32, kind: i32): bool {
  let n = list < 0 ? 0 : attrLists.lenOf(list);
  for (let s = 0; s < n; s++) if (setHasKind(listSet(list, s), kind)) return true;
  return false;
}
// "Attribute '<attribute i of set>'<rest>", then the value.
function failIncompatibleType(set: i32, i: i32, v: i32): void {
  vr.setBroken();
  vr.out.str("Attribute '"); printAttr(writer(), vr.out, set, i, false); vr.out.str("' applied to incompatible type!\n");
  vr.w(v);
}
@inline function isPow2(x: u32): bool { return x != 0 && (x & (x - 1)) == 0; }

// The bit width a range(...) attribute is written for: the iN that starts its text; 0 if none.
// The width N of a range attribute's text "iN lo, hi" (set < 0: i is the text's id).
function rangeBits(set: i32, i: i32): i64 {
  let s = set < 0 ? i : setV0(set, i);
  if (s < 0) return 0;
  let p = strtab.ptrOf(s), n = strtab.lenOf(s);
  if (n < 2 || <i32>load<u8>(p) != 105) return 0; // 'i'
  let bits: i64 = 0;
  for (let j = 1; j < n; j++) {
    let c = <i32>load<u8>(p + <usize>j);
    if (c < 48 || c > 57) break;
    bits = bits * 10 + (c - 48);
    if (bits > 0xffffff) return 0;
  }
  return bits;
}

// ---- types ----

// FPMathOperator's floating-point types, as nofpclass takes them: FP scalars and vectors, arrays of
// them; LLVM 22 also a literal struct whose members are all one such type.
function noFPClassCompatible(t: i32): bool {
  let kd = <i32>tyKind.get(t);
  if (kd == TK.Struct && llvmVersion >= 22) {
    let n = tyListLen.get(t);
    if (n == 0) return false;
    let e = listAt(t, 0);
    for (let j = 1; j < n; j++) if (listAt(t, j) != e) return false;
    t = e;
  } else {
    while (<i32>tyKind.get(t) == TK.Array) t = tyA.get(t);
  }
  return isFP(scalarType(t));
}

// AttributeFuncs::typeIncompatible: attribute i of `set` cannot sit on type t.
function typeIncompatible(set: i32, i: i32, t: i32): bool {
  let a = setKey(set, i);
  let kd = <i32>tyKind.get(t);
  if (a == K_ALLOCALIGN || a == K_SIGNEXT || a == K_ZEROEXT) return kd != TK.Int;
  if (a == K_RANGE) {
    if (!isIntOrIntVec(t)) return true;
    return llvmVersion >= 22 && rangeBits(set, i) != primitiveSizeInBits(scalarType(t));
  }
  if (a == K_NOALIAS || a == ATTR_NONNULL || a == ATTR_READNONE || a == ATTR_READONLY || a == K_DEREF ||
      a == K_DEREF_OR_NULL || a == K_WRITABLE || a == K_DEAD_ON_UNWIND || a == K_INITIALIZES || a == ATTR_CAPTURES ||
      a == K_DEAD_ON_RETURN || a == ATTR_NOCAPTURE || a == K_NEST || a == K_SWIFTERROR || a == K_PREALLOCATED ||
      a == K_INALLOCA || a == ATTR_BYVAL || a == ATTR_SRET || a == K_BYREF || a == K_ELEMENTTYPE || a == K_ALLOCPTR) {
    return kd != TK.Ptr;
  }
  if (a == ATTR_ALIGN) return !isPtrOrPtrVec(t);
  if (a == ATTR_NOFPCLASS) return !noFPClassCompatible(t);
  if (a == ATTR_NOUNDEF) return kd == TK.Void;
  return false;
}

// Type::canLosslesslyBitCastTo.
function losslessBitCast(from: i32, to: i32): bool {
  if (from == to) return true;
  if (!isFirstClass(from) || !isFirstClass(to)) return false;
  let fk = <i32>tyKind.get(from), tk = <i32>tyKind.get(to);
  if (isVector(from)) {
    if (isVector(to)) return fk == tk && primitiveSizeInBits(from) == primitiveSizeInBits(to);
    if (tk == TK.X86MMX) return fk == TK.Vector && primitiveSizeInBits(from) == 64;
    if (tk == TK.X86AMX) return fk == TK.Vector && primitiveSizeInBits(from) == 8192;
    return false;
  }
  if (fk == TK.X86MMX) return tk == TK.Vector && primitiveSizeInBits(to) == 64;
  if (fk == TK.X86AMX) return tk == TK.Vector && primitiveSizeInBits(to) == 8192;
  if (fk == TK.Ptr && tk == TK.Ptr) return tyA.get(from) == tyA.get(to);
  return false;
}

// Width in bits of a fixed vector type, else 0 (the evex512 check's parameter width).
function fixedVectorBits(t: i32): i64 { return <i32>tyKind.get(t) == TK.Vector ? primitiveSizeInBits(t) : 0; }

// ---- verifyAttributeTypes / verifyParameterAttrs ----

// String attributes that take only "", "true" or "false" (ATTRIBUTE_STRBOOL in Attributes.td).
const STRBOOL_19: string[] = [
  "approx-func-fp-math", "less-precise-fpmad", "no-infs-fp-math", "no-inline-line-tables", "no-jump-tables",
  "no-nans-fp-math", "no-signed-zeros-fp-math", "profile-sample-accurate", "unsafe-fp-math", "use-sample-profile",
];
const STRBOOL_22: string[] = [
  "allow_direct_access_in_hot_patch_function", "less-precise-fpmad", "loader-replaceable",
  "marked_for_windows_hot_patching", "no-infs-fp-math", "no-inline-line-tables", "no-jump-tables", "no-nans-fp-math",
  "no-signed-zeros-fp-math", "profile-sample-accurate", "use-sample-profile",
];
function verifyAttributeTypes(set: i32): void {
  let names = llvmVersion >= 22 ? STRBOOL_22 : STRBOOL_19;
  let n = setSize(set);
  for (let i = 0; i < n; i++) {
    if (setTag(set, i) != AT.String) continue;
    for (let j = 0; j < names.length; j++) {
      let nm = names[j];
      if (!strtab.eqStr(setKey(set, i), nm)) continue;
      if (valIs(set, i, "") || valIs(set, i, "true") || valIs(set, i, "false")) break;
      vr.fail("invalid value for '" + nm + "' attribute: " + valText(set, i));
      break;
    }
  }
}

// The attributes of a return value or parameter of type ty; v is printed with the messages.
function verifyParameterAttrs(set: i32, ty: i32, v: i32): void {
  let n = setSize(set);
  if (n == 0) return;
  verifyAttributeTypes(set);
  let wrong = misplacedAttr(set, ATTR_ON_PARAM);
  if (wrong >= 0) {
    vr.setBroken(); vr.out.str("Attribute '"); printAttr(writer(), vr.out, set, wrong, false);
    vr.out.str("' does not apply to parameters\n"); vr.w(v); return;
  }
  if (setHasKind(set, K_IMMARG)) {
    if (llvmVersion >= 22) {
      if (n - (setHasKind(set, K_RANGE) ? 1 : 0) != 1) {
        vr.bad("Attribute 'immarg' is incompatible with other attributes except the 'range' attribute", v); return;
      }
    } else if (n != 1) { vr.bad("Attribute 'immarg' is incompatible with other attributes", v); return; }
  }
  let abi = (setHasKind(set, ATTR_BYVAL) ? 1 : 0) + (setHasKind(set, K_INALLOCA) ? 1 : 0) +
    (setHasKind(set, K_PREALLOCATED) ? 1 : 0) + (setHasKind(set, ATTR_SRET) || setHasKind(set, K_INREG) ? 1 : 0) +
    (setHasKind(set, K_NEST) ? 1 : 0) + (setHasKind(set, K_BYREF) ? 1 : 0);
  if (abi > 1) {
    vr.bad("Attributes 'byval', 'inalloca', 'preallocated', 'inreg', 'nest', 'byref', and 'sret' are incompatible!", v);
    return;
  }
  if (setHasKind(set, K_INALLOCA) && setHasKind(set, ATTR_READONLY)) { vr.bad("Attributes 'inalloca and readonly' are incompatible!", v); return; }
  if (setHasKind(set, ATTR_SRET) && setHasKind(set, ATTR_RETURNED)) { vr.bad("Attributes 'sret and returned' are incompatible!", v); return; }
  if (setHasKind(set, K_ZEROEXT) && setHasKind(set, K_SIGNEXT)) { vr.bad("Attributes 'zeroext and signext' are incompatible!", v); return; }
  if (setHasKind(set, ATTR_READNONE) && setHasKind(set, ATTR_READONLY)) { vr.bad("Attributes 'readnone and readonly' are incompatible!", v); return; }
  if (setHasKind(set, ATTR_READNONE) && setHasKind(set, ATTR_WRITEONLY)) { vr.bad("Attributes 'readnone and writeonly' are incompatible!", v); return; }
  if (setHasKind(set, ATTR_READONLY) && setHasKind(set, ATTR_WRITEONLY)) { vr.bad("Attributes 'readonly and writeonly' are incompatible!", v); return; }
  if (setHasKind(set, ATTR_NOINLINE) && setHasKind(set, K_ALWAYSINLINE)) { vr.bad("Attributes 'noinline and alwaysinline' are incompatible!", v); return; }
  if (setHasKind(set, K_WRITABLE) && setHasKind(set, ATTR_READNONE)) { vr.bad("Attributes writable and readnone are incompatible!", v); return; }
  if (setHasKind(set, K_WRITABLE) && setHasKind(set, ATTR_READONLY)) { vr.bad("Attributes writable and readonly are incompatible!", v); return; }
  for (let i = 0; i < n; i++) {
    if (setTag(set, i) == AT.String || !typeIncompatible(set, i, ty)) continue;
    failIncompatibleType(set, i, v); return;
  }
  if (<i32>tyKind.get(ty) == TK.Ptr) {
    if (!checkPointee(set, ATTR_BYVAL, "byval", v)) return;
    if (!checkPointee(set, K_BYREF, "byref", v)) return;
    if (!checkPointee(set, K_INALLOCA, "inalloca", v)) return;
    if (!checkPointee(set, K_PREALLOCATED, "preallocated", v)) return;
  }
  if (setHasKind(set, K_INITIALIZES) && valLen(set, setFind(set, K_INITIALIZES)) == 0) {
    vr.bad("Attribute 'initializes' does not support empty list", v); return;
  }
  let nf = setFind(set, ATTR_NOFPCLASS);
  if (nf >= 0) {
    let mask = setV0(set, nf);
    if (mask == 0 && setV1(set, nf) == 0) { vr.bad("Attribute 'nofpclass' must have at least one test bit set", v); return; }
    if ((mask & ~1023) != 0 || setV1(set, nf) != 0) { vr.bad("Invalid value for 'nofpclass' test mask", v); return; }
  }
  let r = setFind(set, K_RANGE);
  if (r >= 0 && !(isIntOrIntVec(ty) && primitiveSizeInBits(scalarType(ty)) == rangeBits(set, r))) {
    vr.bad("Range bit width must match type bit width!", v); return;
  }
}
// byval/byref/inalloca/preallocated: a sized type of less than 4 GiB.
function checkPointee(set: i32, kind: i32, name: string, v: i32): bool {
  let i = setFind(set, kind);
  if (i < 0) return true;
  let t = setV0(set, i);
  if (!typeIsSized(t)) { vr.bad("Attribute '" + name + "' does not support unsized types!", v); return false; }
  if (kind == ATTR_BYVAL && llvmVersion >= 22 && containsTargetExtWithout(t, EXT_LOCAL)) {
    vr.bad("'byval' argument has illegal target extension type", v); return false;
  }
  if (typeAllocSize(t) >= (<i64>1 << 32)) { vr.bad("huge '" + name + "' arguments are unsupported", v); return false; }
  return true;
}

// Attribute::canUseAsFnAttr / ParamAttr / RetAttr: the first enum, int or type attribute of `set`
// that may not stand at `pos`, or -1 (the positions LLVM's parser allows; its bitcode reader does
// not check them).
function misplacedAttr(set: i32, pos: i32): i32 {
  let n = setSize(set);
  for (let i = 0; i < n; i++) {
    if (setTag(set, i) != AT.String && (attrPositions(llvmVersion, setKey(set, i)) & pos) == 0) return i;
  }
  return -1;
}

// ---- verifyFunctionAttrs ----

// The attribute list of a function or call site against its function type ft.
export function verifyFunctionAttrs(ft: i32, list: i32, v: i32, isIntrinsic: bool, isInlineAsm: bool): void {
  if (list < 0) return;
  let np = listLen(ft), rt = tyA.get(ft);
  let sawNest = false, sawReturned = false, sawSRet = false, sawSwiftSelf = false, sawSwiftAsync = false, sawSwiftError = false;
  let maxWidth = fixedVectorBits(rt);
  let wrong = misplacedAttr(retAttrs(list), ATTR_ON_RET);
  if (wrong >= 0) {
    vr.setBroken(); vr.out.str("Attribute '"); printAttr(writer(), vr.out, retAttrs(list), wrong, false);
    vr.out.str("' does not apply to function return values\n"); vr.w(v); return;
  }
  verifyParameterAttrs(retAttrs(list), rt, v);
  for (let i = 0; i < np; i++) {
    let ty = listAt(ft, i), s = paramAttrs(list, i);
    if (!isIntrinsic) {
      if (setHasKind(s, K_IMMARG)) { vr.bad("immarg attribute only applies to intrinsics", v); return; }
      if (!isInlineAsm && setHasKind(s, K_ELEMENTTYPE)) { vr.bad("Attribute 'elementtype' can only be applied to intrinsics and inline asm.", v); return; }
    }
    verifyParameterAttrs(s, ty, v);
    let wd = fixedVectorBits(ty);
    if (wd > maxWidth) maxWidth = wd;
    if (setHasKind(s, K_NEST)) {
      if (sawNest) { vr.bad("More than one parameter has attribute nest!", v); return; }
      sawNest = true;
    }
    if (setHasKind(s, ATTR_RETURNED)) {
      if (sawReturned) { vr.bad("More than one parameter has attribute returned!", v); return; }
      if (!losslessBitCast(ty, rt)) { vr.bad("Incompatible argument and return types for 'returned' attribute", v); return; }
      sawReturned = true;
    }
    if (setHasKind(s, ATTR_SRET)) {
      if (sawSRet) { vr.bad("Cannot have multiple 'sret' parameters!", v); return; }
      if (i > 1) { vr.bad("Attribute 'sret' is not on first or second parameter!", v); return; }
      sawSRet = true;
    }
    if (setHasKind(s, K_SWIFTSELF)) {
      if (sawSwiftSelf) { vr.bad("Cannot have multiple 'swiftself' parameters!", v); return; }
      sawSwiftSelf = true;
    }
    if (setHasKind(s, K_SWIFTASYNC)) {
      if (sawSwiftAsync) { vr.bad("Cannot have multiple 'swiftasync' parameters!", v); return; }
      sawSwiftAsync = true;
    }
    if (setHasKind(s, K_SWIFTERROR)) {
      if (sawSwiftError) { vr.bad("Cannot have multiple 'swifterror' parameters!", v); return; }
      sawSwiftError = true;
    }
    if (setHasKind(s, K_INALLOCA) && i != np - 1) { vr.bad("inalloca isn't on the last parameter!", v); return; }
  }
  let fs = fnAttrs(list);
  if (setSize(fs) == 0) return;
  verifyAttributeTypes(fs);
  wrong = misplacedAttr(fs, ATTR_ON_FN);
  if (wrong >= 0) {
    vr.setBroken(); vr.out.str("Attribute '"); printAttr(writer(), vr.out, fs, wrong, false);
    vr.out.str("' does not apply to functions!\n"); vr.w(v); return;
  }
  if (setHasKind(fs, ATTR_NOINLINE) && setHasKind(fs, K_ALWAYSINLINE)) { vr.bad("Attributes 'noinline and alwaysinline' are incompatible!", v); return; }
  if (setHasKind(fs, ATTR_OPTNONE)) {
    if (!setHasKind(fs, ATTR_NOINLINE)) { vr.bad("Attribute 'optnone' requires 'noinline'!", v); return; }
    if (setHasKind(fs, K_OPTSIZE)) { vr.bad("Attributes 'optsize and optnone' are incompatible!", v); return; }
    if (setHasKind(fs, K_MINSIZE)) { vr.bad("Attributes 'minsize and optnone' are incompatible!", v); return; }
    if (setHasKind(fs, K_OPTDEBUG)) { vr.bad("Attributes 'optdebug and optnone' are incompatible!", v); return; }
  }
  if (setHasKind(fs, K_SANITIZE_REALTIME) && setHasKind(fs, K_SANITIZE_REALTIME_BLOCKING)) {
    vr.bad("Attributes 'sanitize_realtime and sanitize_realtime_blocking' are incompatible!", v); return;
  }
  if (setHasKind(fs, K_OPTDEBUG)) {
    if (setHasKind(fs, K_OPTSIZE)) { vr.bad("Attributes 'optsize and optdebug' are incompatible!", v); return; }
    if (setHasKind(fs, K_MINSIZE)) { vr.bad("Attributes 'minsize and optdebug' are incompatible!", v); return; }
  }
  if (listHasSomewhere(list, K_WRITABLE)) {
    let m = setFind(fs, ATTR_MEMORY);
    if (m >= 0 && (setV0(fs, m) & 2) == 0) { vr.bad("Attribute writable and memory without argmem: write are incompatible!", v); return; }
  }
  if (strAttr(fs, "aarch64_pstate_sm_enabled") >= 0 && strAttr(fs, "aarch64_pstate_sm_compatible") >= 0) {
    vr.bad("Attributes 'aarch64_pstate_sm_enabled and aarch64_pstate_sm_compatible' are incompatible!", v); return;
  }
  let agnostic = llvmVersion >= 22 && strAttr(fs, "aarch64_za_state_agnostic") >= 0 ? 1 : 0;
  if (countStrAttrs(fs, ZA_NAMES) + agnostic > 1) {
    vr.bad(llvmVersion >= 22
      ? "Attributes 'aarch64_new_za', 'aarch64_in_za', 'aarch64_out_za', 'aarch64_inout_za', 'aarch64_preserves_za' and 'aarch64_za_state_agnostic' are mutually exclusive"
      : "Attributes 'aarch64_new_za', 'aarch64_in_za', 'aarch64_out_za', 'aarch64_inout_za' and 'aarch64_preserves_za' are mutually exclusive", v);
    return;
  }
  if (countStrAttrs(fs, ZT0_NAMES) + agnostic > 1) {
    vr.bad(llvmVersion >= 22
      ? "Attributes 'aarch64_new_zt0', 'aarch64_in_zt0', 'aarch64_out_zt0', 'aarch64_inout_zt0', 'aarch64_preserves_zt0' and 'aarch64_za_state_agnostic' are mutually exclusive"
      : "Attributes 'aarch64_new_zt0', 'aarch64_in_zt0', 'aarch64_out_zt0', 'aarch64_inout_zt0' and 'aarch64_preserves_zt0' are mutually exclusive", v);
    return;
  }
  if (setHasKind(fs, K_JUMPTABLE)) {
    // opt reads a GlobalValue's unnamed_addr bits from whatever v is; for a call site those bits
    // are part of a pointer (its answer varies from run to run), so only globals are checked.
    let vk = <i32>vKind.get(v);
    if (vk >= VK.GlobalVar && vk <= VK.IFunc && <i32>gUnnamed.get(vA.get(v)) != 1) {
      vr.bad("Attribute 'jumptable' requires 'unnamed_addr'", v); return;
    }
  }
  let as = setFind(fs, ATTR_ALLOCSIZE);
  if (as >= 0) {
    if (!allocSizeParam(ft, "element size", setV0(fs, as), v)) return;
    let ne = setV1(fs, as);
    if (ne != -1 && !allocSizeParam(ft, "number of elements", ne, v)) return;
  }
  let ak = setFind(fs, ATTR_ALLOCKIND);
  if (ak >= 0) {
    let kind = allocKindBits(setV0(fs, ak));
    let ty = kind & 7;
    if (ty != 1 && ty != 2 && ty != 4) vr.fail("'allockind()' requires exactly one of alloc, realloc, and free");
    if (ty == 4 && (kind & 56) != 0) vr.fail("'allockind(\"free\")' doesn't allow uninitialized, zeroed, or aligned modifiers.");
    if ((kind & 24) == 24) vr.fail("'allockind()' can't be both zeroed and uninitialized");
  }
  if (llvmVersion >= 22 && !checkAllocVariantZeroed(ft, fs)) return;
  let vs = setFind(fs, ATTR_VSCALE);
  if (vs >= 0) {
    let mn = <u32>setV0(fs, vs), mx = <u32>setV1(fs, vs);
    if (mn == 0) vr.bad("'vscale_range' minimum must be greater than 0", v);
    else if (!isPow2(mn)) vr.bad("'vscale_range' minimum must be power-of-two value", v);
    if (mx != 0 && mn > mx) vr.bad("'vscale_range' minimum cannot be greater than maximum", v);
    else if (mx != 0 && !isPow2(mx)) vr.bad("'vscale_range' maximum must be power-of-two value", v);
  }
  let fp = strAttr(fs, "frame-pointer");
  if (fp >= 0 && !(valIs(fs, fp, "all") || valIs(fs, fp, "non-leaf") || valIs(fs, fp, "none") || valIs(fs, fp, "reserved") ||
      (llvmVersion >= 22 && valIs(fs, fp, "non-leaf-no-reserve")))) {
    invalidValue(fs, fp, "frame-pointer", v);
  }
  if (llvmVersion < 22 && maxWidth >= 512) {
    let tf = strAttr(fs, "target-features");
    if (tf >= 0 && isX86Triple() && valContains(fs, tf, "+avx512f") && valContains(fs, tf, "-evex512")) {
      vr.bad("512-bit vector arguments require 'evex512' for AVX512", v); return;
    }
  }
  unsignedBaseTen(fs, "patchable-function-prefix", v);
  unsignedBaseTen(fs, "patchable-function-entry", v);
  if (llvmVersion >= 22) {
    let s = strAttr(fs, "patchable-function-entry-section");
    if (s >= 0 && valLen(fs, s) == 0) { vr.fail("\"patchable-function-entry-section\" must not be empty"); return; }
  }
  unsignedBaseTen(fs, "warn-stack-size", v);
  let sra = strAttr(fs, "sign-return-address");
  if (sra >= 0 && !(valIs(fs, sra, "none") || valIs(fs, sra, "all") || valIs(fs, sra, "non-leaf"))) invalidValue(fs, sra, "sign-return-address", v);
  let key = strAttr(fs, "sign-return-address-key");
  if (key >= 0) {
    if (!(valIs(fs, key, "a_key") || valIs(fs, key, "b_key"))) invalidValue(fs, key, "sign-return-address-key", v);
    if (sra < 0) vr.fail("'sign-return-address-key' present without `sign-return-address`");
  }
  boolString(fs, "branch-target-enforcement", v);
  boolString(fs, "branch-protection-pauth-lr", v);
  boolString(fs, "guarded-control-stack", v);
  let vf = strAttr(fs, "vector-function-abi-variant");
  if (vf >= 0 && !isVFABIName(setV0(fs, vf), ft)) {
    vr.setBroken(); vr.out.str("invalid name for a VFABI variant: "); outVal(fs, vf); vr.out.byte(10); vr.w(v);
  }
  if (llvmVersion >= 22) {
    let d = strAttr(fs, "denormal-fp-math");
    if (d >= 0 && !validDenormal(fs, d)) invalidValue(fs, d, "denormal-fp-math", v);
    d = strAttr(fs, "denormal-fp-math-f32");
    if (d >= 0 && !validDenormal(fs, d)) invalidValue(fs, d, "denormal-fp-math-f32", v);
    verifyStringFnAttrs(ft, fs, v);
  }
}

const ZA_NAMES: string[] = ["aarch64_new_za", "aarch64_in_za", "aarch64_inout_za", "aarch64_out_za", "aarch64_preserves_za"];
const ZT0_NAMES: string[] = ["aarch64_new_zt0", "aarch64_in_zt0", "aarch64_inout_zt0", "aarch64_out_zt0", "aarch64_preserves_zt0"];
function countStrAttrs(set: i32, names: string[]): i32 {
  let c = 0;
  for (let j = 0; j < names.length; j++) if (strAttr(set, names[j]) >= 0) c++;
  return c;
}
function invalidValue(set: i32, i: i32, name: string, v: i32): void {
  vr.fail("invalid value for '" + name + "' attribute: " + valText(set, i));
  vr.w(v);
}
// "", "true" or "false".
function boolString(set: i32, name: string, v: i32): void {
  let i = strAttr(set, name);
  if (i >= 0 && !(valIs(set, i, "") || valIs(set, i, "true") || valIs(set, i, "false"))) invalidValue(set, i, name, v);
}
// StringRef::getAsInteger(10, unsigned): decimal digits only, at most 2^32 - 1.
function unsignedBaseTen(set: i32, name: string, v: i32): void {
  let i = strAttr(set, name);
  if (i < 0) return;
  let n = valLen(set, i);
  let ok = n > 0;
  let x: u64 = 0;
  for (let j = 0; j < n && ok; j++) {
    let c = valByte(set, i, j);
    if (c < 48 || c > 57) { ok = false; break; }
    x = x * 10 + <u64>(c - 48);
    if (x > 0xffffffff) ok = false;
  }
  if (ok) return;
  vr.fail("\"" + name + "\" takes an unsigned integer: " + valText(set, i));
  vr.w(v);
}
function allocSizeParam(ft: i32, what: string, p: i32, v: i32): bool {
  if (<u32>p >= <u32>listLen(ft)) { vr.bad("'allocsize' " + what + " argument is out of bounds", v); return false; }
  if (!isInt(listAt(ft, p))) { vr.bad("'allocsize' " + what + " argument must refer to an integer parameter", v); return false; }
  return true;
}
// allockind("...") as LLVM's AllocFnKind bits: alloc 1, realloc 2, free 4, uninitialized 8,
// zeroed 16, aligned 32 (unknown words count for nothing; the reader rejects them).
const ALLOCKIND_WORDS: string[] = ["alloc", "realloc", "free", "uninitialized", "zeroed", "aligned"];
function allocKindBits(s: i32): i32 {
  if (s < 0) return 0;
  let p = strtab.ptrOf(s), n = strtab.lenOf(s);
  let bits = 0, start = 0;
  for (let j = 0; j <= n; j++) {
    if (j < n && <i32>load<u8>(p + <usize>j) != 44) continue;
    let len = j - start;
    for (let wd = 0; wd < ALLOCKIND_WORDS.length; wd++) {
      let word = ALLOCKIND_WORDS[wd];
      if (word.length != len) continue;
      let m = 0;
      while (m < len && <i32>load<u8>(p + <usize>(start + m)) == word.charCodeAt(m)) m++;
      if (m == len) { bits |= 1 << wd; break; }
    }
    start = j + 1;
  }
  return bits;
}
// "alloc-variant-zeroed" names a function of the same family, signature, with allockind zeroed.
function checkAllocVariantZeroed(ft: i32, fs: i32): bool {
  let i = strAttr(fs, "alloc-variant-zeroed");
  if (i < 0) return true;
  let name = setV0(fs, i);
  if (name < 0) { vr.fail("'alloc-variant-zeroed' must not be empty"); return false; }
  let g = functionNamed(name);
  if (g < 0) return true;
  let vfs = fnAttrs(gAttrs.get(g));
  let fam = strAttr(fs, "alloc-family");
  if (fam >= 0) {
    let vfam = strAttr(vfs, "alloc-family");
    if (vfam < 0 || setV0(vfs, vfam) != setV0(fs, fam)) {
      vr.fail("'alloc-variant-zeroed' must name a function belonging to the same 'alloc-family'"); return false;
    }
  }
  let ak = setFind(vfs, ATTR_ALLOCKIND);
  if (ak < 0 || (allocKindBits(setV0(vfs, ak)) & 16) == 0) {
    vr.fail("'alloc-variant-zeroed' must name a function with 'allockind(\"zeroed\")'"); return false;
  }
  if (gValueType.get(g) != ft) { vr.fail("'alloc-variant-zeroed' must name a function with the same signature"); return false; }
  return true;
}
// Module::getFunction: the function with this name, or -1.
function functionNamed(name: i32): i32 {
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0) continue;
    let f = gValue.get(g);
    if (f >= 0 && vName.get(f) == name) return g;
  }
  return -1;
}
// parseDenormalFPAttribute: "output[,input]", each ieee, preserve-sign, positive-zero, dynamic or "".
function validDenormal(set: i32, i: i32): bool {
  let n = valLen(set, i);
  let comma = -1;
  for (let j = 0; j < n; j++) if (valByte(set, i, j) == 44) { comma = j; break; }
  if (comma < 0) return denormalPart(set, i, 0, n);
  return denormalPart(set, i, 0, comma) && (comma + 1 == n || denormalPart(set, i, comma + 1, n));
}
const DENORMAL_WORDS: string[] = ["", "ieee", "preserve-sign", "positive-zero", "dynamic"];
function denormalPart(set: i32, i: i32, from: i32, to: i32): bool {
  for (let wd = 0; wd < DENORMAL_WORDS.length; wd++) {
    let word = DENORMAL_WORDS[wd];
    if (word.length != to - from) continue;
    let m = 0;
    while (m < word.length && valByte(set, i, from + m) == word.charCodeAt(m)) m++;
    if (m == word.length) return true;
  }
  return false;
}
// Triple::isX86: the architecture of the module's triple is x86 or x86-64.
const X86_ARCHS: string[] = ["i386", "i486", "i586", "i686", "i786", "i886", "i986", "amd64", "x86_64", "x86_64h"];
function isX86Triple(): bool {
  let t = targetTriple;
  if (t < 0) return false;
  let p = strtab.ptrOf(t), n = strtab.lenOf(t);
  let e = 0;
  while (e < n && <i32>load<u8>(p + <usize>e) != 45) e++;
  for (let j = 0; j < X86_ARCHS.length; j++) {
    let a = X86_ARCHS[j];
    if (a.length != e) continue;
    let m = 0;
    while (m < e && <i32>load<u8>(p + <usize>m) == a.charCodeAt(m)) m++;
    if (m == e) return true;
  }
  return false;
}

// ---- visitFunction ----

// Function::hasStructRetAttr on a function that returns a value ("Invalid struct return type!").
export function badStructReturn(g: i32, ft: i32): bool {
  let list = gAttrs.get(g);
  return tyA.get(ft) != T_VOID && (setHasKind(paramAttrs(list, 0), ATTR_SRET) || setHasKind(paramAttrs(list, 1), ATTR_SRET));
}

// visitFunction's attribute and calling-convention checks, after the attribute count; false when
// a check failed (visitFunction stops there).
export function verifyFunctionAttributes(g: i32, f: i32, ft: i32, intrinsic: bool, firstArg: i32, numArgs: i32): bool {
  let list = gAttrs.get(g);
  verifyFunctionAttrs(ft, list, f, intrinsic, false);
  let fs = fnAttrs(list);
  if (setHasKind(fs, K_BUILTIN)) { vr.bad("Attribute 'builtin' can only be applied to a callsite.", f); return false; }
  if (listHasSomewhere(list, K_ELEMENTTYPE)) { vr.bad("Attribute 'elementtype' can only be applied to a callsite.", f); return false; }
  if (llvmVersion >= 22) {
    if (strAttr(fs, "aarch64_zt0_undef") >= 0) { vr.fail("Attribute 'aarch64_zt0_undef' can only be applied to a callsite."); return false; }
    if (setHasKind(fs, K_NAKED)) {
      for (let i = 0; i < numArgs; i++) {
        if (vFirstUse.get(firstArg + i) >= 0) { vr.bad("cannot use argument of naked function", firstArg + i); return false; }
      }
    }
  }
  let cc = gCC.get(g);
  let np = listLen(ft);
  let vararg = (tyFlags.get(ft) & TF_VARARG) != 0;
  if (cc == CC_X86_INTR) {
    if (np > 0 && !setHasKind(paramAttrs(list, 0), ATTR_BYVAL)) { vr.bad("Calling convention parameter requires byval", f); return false; }
    return true;
  }
  if (cc == CC_AMDGPU_GFX_WHOLE_WAVE && llvmVersion >= 22) {
    if (np == 0 || listAt(ft, 0) != T_I1) { vr.bad("Calling convention requires first argument to be i1", f); return false; }
    if (setHasKind(paramAttrs(list, 0), K_INREG)) { vr.bad("Calling convention requires first argument to not be inreg", f); return false; }
    if (vararg) { vr.bad("Calling convention does not support varargs or perfect forwarding!", f); return false; }
    return true;
  }
  let kernel = cc == CC_AMDGPU_KERNEL || cc == CC_SPIR_KERNEL || cc == CC_AMDGPU_CS_CHAIN || cc == CC_AMDGPU_CS_CHAIN_PRESERVE;
  let shader = kernel || cc == CC_AMDGPU_VS || cc == CC_AMDGPU_HS || cc == CC_AMDGPU_GS || cc == CC_AMDGPU_PS || cc == CC_AMDGPU_CS;
  let noVarargs = shader || cc == CC_FAST || cc == CC_COLD || cc == CC_INTEL_OCL_BI || cc == CC_PTX_KERNEL || cc == CC_PTX_DEVICE;
  if (kernel && tyA.get(ft) != T_VOID) { vr.bad("Calling convention requires void return type", f); return false; }
  if (shader) {
    if (setHasKind(paramAttrs(list, 0), ATTR_SRET) || setHasKind(paramAttrs(list, 1), ATTR_SRET)) {
      vr.bad("Calling convention does not allow sret", f); return false;
    }
    if (cc != CC_SPIR_KERNEL) {
      let stackAS = allocaAddrSpace();
      for (let i = 0; i < np; i++) {
        let s = paramAttrs(list, i);
        if (setHasKind(s, ATTR_BYVAL)) { vr.bad("Calling convention disallows byval", f); return false; }
        if (setHasKind(s, K_PREALLOCATED)) { vr.bad("Calling convention disallows preallocated", f); return false; }
        if (setHasKind(s, K_INALLOCA)) { vr.bad("Calling convention disallows inalloca", f); return false; }
        if (setHasKind(s, K_BYREF)) {
          let at = listAt(ft, i);
          if (isPtr(at) && tyA.get(at) == stackAS) { vr.bad("Calling convention disallows stack byref", f); return false; }
        }
      }
    }
  }
  if (noVarargs && vararg) { vr.bad("Calling convention does not support varargs or perfect forwarding!", f); return false; }
  return true;
}

// Whether argument i of function g is swifterror (for the argument loop of visitFunction).
export function paramIsSwiftError(g: i32, i: i32): bool { return setHasKind(paramAttrs(gAttrs.get(g), i), K_SWIFTERROR); }


// CallBase::paramHasAttr: the call site's attribute, or that of the function it calls directly.
function callParamHas(call: i32, i: i32, kind: i32): bool {
  if (setHasKind(paramAttrs(callAttrs(call), i), kind)) return true;
  let c = operand(call, 0);
  if (c < 0 || <i32>vKind.get(c) != VK.Function) return false;
  let g = vA.get(c);
  return gValueType.get(g) == callFnType(call) && setHasKind(paramAttrs(gAttrs.get(g), i), kind);
}

// ---- visitCallBase ----

// The range attribute's text ("iN lo, hi") on argument k of call i: the call site's, else the
// callee's (CallBase::getParamAttr); -1 when there is none.
function callParamRange(call: i32, k: i32): i32 {
  let s = paramAttrs(callAttrs(call), k), r = setFind(s, K_RANGE);
  if (r < 0) {
    let c = operand(call, 0);
    if (c < 0 || <i32>vKind.get(c) != VK.Function) return -1;
    let g = vA.get(c);
    if (gValueType.get(g) != callFnType(call)) return -1;
    s = paramAttrs(gAttrs.get(g), k); r = setFind(s, K_RANGE);
    if (r < 0) return -1;
  }
  return setV0(s, r);
}
// Where the decimal of the range text at byte j (after spaces and a comma: a sign, then digits) ends.
function rangeNumberEnd(p: usize, n: i32, j: i32): i32 {
  while (j < n && (<i32>load<u8>(p + <usize>j) == 32 || <i32>load<u8>(p + <usize>j) == 44)) j++;
  if (j < n && <i32>load<u8>(p + <usize>j) == 45) j++;
  while (j < n && <i32>load<u8>(p + <usize>j) >= 48 && <i32>load<u8>(p + <usize>j) <= 57) j++;
  return j;
}
// That decimal's value, wrapped to 64 bits.
function rangeNumber(p: usize, n: i32, j: i32): i64 {
  while (j < n && (<i32>load<u8>(p + <usize>j) == 32 || <i32>load<u8>(p + <usize>j) == 44)) j++;
  let neg = j < n && <i32>load<u8>(p + <usize>j) == 45;
  if (neg) j++;
  let v: u64 = 0;
  while (j < n) {
    let c = <i32>load<u8>(p + <usize>j);
    if (c < 48 || c > 57) break;
    v = v * 10 + <u64>(c - 48); j++;
  }
  return neg ? -<i64>v : <i64>v;
}
// LLVM 22: an integer immarg with a range attribute lies in the range (a ConstantRange: [lo, hi),
// wrapping when hi <= lo), printed as signed values. Widths past 64 bits are not checked.
function immArgInRange(call: i32, k: i32, arg: i32): bool {
  let text = callParamRange(call, k);
  if (text < 0) return true;
  let bits = rangeBits(-1, text);
  if (bits <= 0 || bits > 64) return true;
  let p = strtab.ptrOf(text), n = strtab.lenOf(text), j = 1;
  while (j < n && <i32>load<u8>(p + <usize>j) != 32) j++;
  let lo = rangeNumber(p, n, j), hi = rangeNumber(p, n, rangeNumberEnd(p, n, j));
  let shift = <u64>(64 - bits);
  let mask: u64 = bits == 64 ? <u64>-1 : ((<u64>1 << <u64>bits) - 1);
  let v = intSExt64(arg);
  let uv = <u64>v & mask, ulo = <u64>lo & mask, uhi = <u64>hi & mask;
  let inside = ulo <= uhi ? (ulo <= uv && uv < uhi) : (ulo <= uv || uv < uhi);
  if (inside) return true;
  let slo = (<i64>(ulo << shift)) >> <i64>shift, shi = (<i64>(uhi << shift)) >> <i64>shift;
  vr.fail("immarg value " + v.toString() + " out of range [" + slo.toString() + ", " + shi.toString() + ")");
  vr.w(call);
  return false;
}

// Value::stripInBoundsOffsets, for the operands whose allocas the call checks: inbounds GEPs,
// bitcasts and address-space casts (instructions or constant expressions).
function stripInBounds(v: i32): i32 {
  for (let n = 0; n < 1000 && v >= 0; n++) {
    let kd = <i32>vKind.get(v);
    if (kd != VK.Inst && kd != VK.ConstExpr) return v;
    let op = opOf(v);
    if (op == Op.GetElementPtr) { if ((iFlags.get(v) & F_INBOUNDS) == 0) return v; }
    else if (op != Op.BitCast && op != Op.AddrSpaceCast) return v;
    v = operand(v, 0);
  }
  return v;
}

// visitCallBase's attribute checks, after "Intrinsic called with incompatible signature"; false
// when a check failed (visitCallBase stops there).
export function verifyCallAttributes(i: i32, intrinsic: bool): bool {
  let callee = operand(i, 0);
  let ft = callFnType(i);
  let list = callAttrs(i);
  let np = listLen(ft), na = callNumArgs(i);
  let cc = callCC(i);
  if (llvmVersion >= 22) {
    if (!callableCC(cc)) { vr.bad("calling convention does not permit calls", i); return false; }
  } else if (cc == CC_AMDGPU_CS_CHAIN || cc == CC_AMDGPU_CS_CHAIN_PRESERVE) {
    vr.bad("Direct calls to amdgpu_cs_chain/amdgpu_cs_chain_preserve functions not allowed. Please use the @llvm.amdgpu.cs.chain intrinsic instead.", i);
    return false;
  }
  let fs = fnAttrs(list);
  let direct = callee >= 0 && <i32>vKind.get(callee) == VK.Function ? vA.get(callee) : -1;
  if (setHasKind(fs, K_SPECULATABLE)) {
    if (direct < 0 || !setHasKind(fnAttrs(gAttrs.get(direct)), K_SPECULATABLE)) {
      vr.bad("speculatable attribute may not apply to call sites", i); return false;
    }
  }
  if (setHasKind(fs, K_PREALLOCATED)) {
    if (!(direct >= 0 && gValueType.get(direct) == ft && isIntrinsic(callee) && strtab.eqStr(vName.get(callee), "llvm.call.preallocated.arg"))) {
      vr.fail("preallocated as a call site attribute can only be on llvm.call.preallocated.arg"); return false;
    }
  }
  verifyFunctionAttrs(ft, list, i, intrinsic, callee >= 0 && <i32>vKind.get(callee) == VK.InlineAsm);
  // CallBase::hasInAllocaArgument
  if (na > 0 && np > 0 && callParamHas(i, na - 1, K_INALLOCA)) {
    let a = stripInBounds(operand(i, np));
    if (isInstOf(a, Op.Alloca) && (iFlags.get(a) & F_INALLOCA) == 0) {
      vr.fail("inalloca argument for call has mismatched alloca"); vr.w(a); vr.w(i); return false;
    }
  }
  let directFs = direct >= 0 ? gAttrs.get(direct) : -1;
  let musttail = ((iFlags.get(i) >> F_TAIL_SHIFT) & 3) == 2;
  for (let k = 0; k < np; k++) {
    let arg = operand(i, 1 + k);
    if (callParamHas(i, k, K_SWIFTERROR)) {
      let a = stripInBounds(arg);
      if (isInstOf(a, Op.Alloca)) {
        if ((iFlags.get(a) & F_SWIFTERROR) == 0) { vr.fail("swifterror argument for call has mismatched alloca"); vr.w(a); vr.w(i); return false; }
        continue;
      }
      if (arg < 0 || <i32>vKind.get(arg) != VK.Arg) { vr.fail("swifterror argument should come from an alloca or parameter"); vr.w(arg); vr.w(i); return false; }
      if (!argHasSwiftError(arg)) { vr.fail("swifterror argument for call has mismatched parameter"); vr.w(arg); vr.w(i); return false; }
    }
    if (setHasKind(paramAttrs(list, k), K_IMMARG)) {
      if (direct < 0 || !setHasKind(paramAttrs(directFs, k), K_IMMARG)) {
        vr.fail("immarg may not apply only to call sites"); vr.w(arg); vr.w(i); return false;
      }
    }
    if (callParamHas(i, k, K_IMMARG)) {
      let ak = arg < 0 ? -1 : <i32>vKind.get(arg);
      if (ak != VK.ConstInt && ak != VK.ConstFP) { vr.fail("immarg operand has non-immediate parameter"); vr.w(arg); vr.w(i); return false; }
      if (llvmVersion >= 22 && ak == VK.ConstInt && !immArgInRange(i, k, arg)) return false;
    }
    if (callParamHas(i, k, K_PREALLOCATED)) {
      if (hasBundle(i, "preallocated") == musttail) {
        vr.fail("preallocated operand either requires a preallocated bundle or the call to be musttail (but not both)");
        vr.w(arg); vr.w(i); return false;
      }
    }
  }
  if (tyFlags.get(ft) & TF_VARARG) {
    let sawNest = false, sawReturned = false;
    for (let k = 0; k < np; k++) {
      let s = paramAttrs(list, k);
      if (setHasKind(s, K_NEST)) sawNest = true;
      if (setHasKind(s, ATTR_RETURNED)) sawReturned = true;
    }
    let statepoint = direct >= 0 && gValueType.get(direct) == ft && strtab.eqStr(vName.get(callee), "llvm.experimental.gc.statepoint");
    for (let k = np; k < na; k++) {
      let ty = vType.get(operand(i, 1 + k));
      let s = paramAttrs(list, k);
      verifyParameterAttrs(s, ty, i);
      if (setHasKind(s, K_NEST)) {
        if (sawNest) { vr.bad("More than one parameter has attribute nest!", i); return false; }
        sawNest = true;
      }
      if (setHasKind(s, ATTR_RETURNED)) {
        if (sawReturned) { vr.bad("More than one parameter has attribute returned!", i); return false; }
        if (!losslessBitCast(ty, tyA.get(ft))) { vr.bad("Incompatible argument and return types for 'returned' attribute", i); return false; }
        sawReturned = true;
      }
      if (!statepoint && setHasKind(s, ATTR_SRET)) { vr.bad("Attribute 'sret' cannot be used for vararg call arguments!", i); return false; }
      if (setHasKind(s, K_INALLOCA) && k != na - 1) { vr.bad("inalloca isn't on the last argument!", i); return false; }
    }
  }
  return true;
}
function isInstOf(v: i32, op: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.Inst && opOf(v) == op; }
// Argument::hasSwiftErrorAttr: the swifterror attribute of its function's parameter.
function argHasSwiftError(a: i32): bool {
  let f = vParent.get(a);
  if (f < 0 || <i32>vKind.get(f) != VK.Function) return false;
  return setHasKind(paramAttrs(gAttrs.get(vA.get(f)), vA.get(a)), K_SWIFTERROR);
}
function hasBundle(i: i32, tag: string): bool {
  for (let b = 0; b < callNumBundles(i); b++) if (strtab.eqStr(bundleTag(i, b), tag)) return true;
  return false;
}
// CallingConv::isCallableCC (LLVM 22): entry points and chain functions are not called directly.
function callableCC(cc: i32): bool {
  return !(cc == CC_AMDGPU_CS_CHAIN || cc == CC_AMDGPU_CS_CHAIN_PRESERVE || cc == CC_AMDGPU_GFX_WHOLE_WAVE ||
    cc == CC_AMDGPU_CS || cc == CC_AMDGPU_ES || cc == CC_AMDGPU_GS || cc == CC_AMDGPU_HS || cc == CC_AMDGPU_KERNEL ||
    cc == CC_AMDGPU_LS || cc == CC_AMDGPU_PS || cc == CC_AMDGPU_VS || cc == CC_SPIR_KERNEL);
}

// visitAllocaInst's swifterror rules; false when one failed (the alloca's visit stops there).
export function verifySwiftErrorAlloca(i: i32): bool {
  if ((iFlags.get(i) & F_SWIFTERROR) == 0) return true;
  if (!isPtr(iExt.get(i))) { vr.bad("swifterror alloca must have pointer type", i); return false; }
  let n = operand(i, 0);
  if (!(n >= 0 && <i32>vKind.get(n) == VK.ConstInt && isOneInt(n))) { vr.bad("swifterror alloca must not be array allocation", i); return false; }
  verifySwiftErrorValue(i);
  return true;
}
