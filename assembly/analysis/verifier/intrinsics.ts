// Per-intrinsic checks of calls (Verifier::visitIntrinsicCall) for the intrinsics real code and the
// lit corpus use. A failed check ends only these checks: the call's other checks go on. Intrinsics
// are told by name: the base name, then nothing but overload type suffixes.
import { strtab } from "../../ir/module";
import { TK, tyKind, tyA, tyN, tyFlags, TF_VARARG, T_VOID, isInt, isPtr, isVector, scalarType } from "../../ir/types";
import { indexTypeSizeInBits } from "../../ir/datalayout";
import { VK, vKind, vType, vName, vA, iNext, operand, numOperands } from "../../ir/values";
import { gTLS, gValueType, gFirstBlock } from "../../ir/globals";
import { isKnownIntrinsic22 } from "../../ir/intrinsics";
import { intLow64, intSExt64 } from "../../ir/constants";
import { MK, mdKind, mdNOps, canonicalMD } from "../../ir/metadata";
import { Op } from "../../ir/opcodes";
import { llvmVersion } from "../../ir/version";
import { callAttrs, callNumArgs, callNumBundles, bundleTag, bundleNumOps, bundleFirstOp } from "../../ir/inst";
import { decodeAlign } from "../../ir/align";
import {
  ATTR_KW, ATTR_ALIGN, FIRST_INT_ATTR, FIRST_RANGE_ATTR, attrSinceVersion, attrLastVersion, paramAttrs, setFind, setV0,
} from "../../ir/attributes";
import { attrPositions, ATTR_ON_FN, ATTR_ON_PARAM } from "../../ir/attr-positions";
import { vr } from "./state";
import { opOf, scalarBits } from "./queries";
import { bundleCount, strIdIs } from "./callsite";
import { assumeConditionTrue, visitMoreIntrinsics } from "./intrinsics-misc";
import { visitVectorIntrinsic } from "./intrinsics-vector";
import { visitTargetIntrinsic } from "./intrinsics-target";
import { checkIntrinsicSignature } from "./intrinsic-sig";
import { genericIntrinsic } from "../../ir/intrinsic-sigs";

// Whether function value f is the intrinsic `base`: its name is base, or base and type suffixes.
export function isIntrinsicNamed(f: i32, base: string): bool {
  if (f < 0 || <i32>vKind.get(f) != VK.Function) return false;
  let nm = vName.get(f);
  if (nm < 0 || !strtab.startsWithStr(nm, base)) return false;
  let n = strtab.lenOf(nm), m = base.length;
  if (n == m) return true;
  let p = strtab.ptrOf(nm);
  return <i32>load<u8>(p + <usize>m) == 46 && typeMangleAt(p + <usize>m + 1, n - m - 1);
}
// Does a mangled overload type (p0, i32, f64, v4i32, nxv2i64, a2i8, sl_, s_, bf16, ...) start here.
function typeMangleAt(p: usize, n: i32): bool {
  if (n <= 0) return false;
  let c = <i32>load<u8>(p);
  let d = n > 1 ? <i32>load<u8>(p + 1) : 0;
  let digit = d >= 48 && d <= 57;
  if ((c == 112 || c == 105 || c == 102 || c == 118 || c == 97) && digit) return true; // p i f v a + digit
  if (c == 110 && n > 2 && d == 120 && <i32>load<u8>(p + 2) == 118) return true;      // nxv
  if (c == 115 && (d == 95 || (d == 108 && n > 2 && <i32>load<u8>(p + 2) == 95))) return true; // s_ sl_
  if (c == 98 && d == 102) return true;                                                // bf16
  if (c == 112 && d == 112) return true;                                               // ppcf128
  if (c == 120 && d == 56) return true;                                                // x86amx
  if (c == 116) return true;                                                           // target types
  if (c == 77 && d == 101) return true;                                                // Metadata
  return false;
}

// Verifier::visitIntrinsicCall for the call i of intrinsic f.
export function visitIntrinsicCall(i: i32, f: i32): void {
  let nm = vName.get(f);
  if (nm < 0) return;
  if (!isKnownIntrinsic22(nm) && genericIntrinsic(nm) < 0) { if (llvmVersion < 22) visitVectorIntrinsic(i, f); return; }
  if (gFirstBlock.get(vA.get(f)) >= 0) { vr.bad("Intrinsic functions should never be defined!", f); return; }
  if (!checkIntrinsicSignature(i, f)) return;
  if (isIntrinsicNamed(f, "llvm.assume")) { checkAssume(i); return; }
  if (isIntrinsicNamed(f, "llvm.ucmp") || isIntrinsicNamed(f, "llvm.scmp")) { checkCmp3(i); return; }
  if (isIntrinsicNamed(f, "llvm.lifetime.start") || isIntrinsicNamed(f, "llvm.lifetime.end")) { checkLifetime(i); return; }
  if (isIntrinsicNamed(f, "llvm.ptrmask")) { checkPtrMask(i); return; }
  if (isIntrinsicNamed(f, "llvm.threadlocal.address")) { checkThreadLocalAddress(i); return; }
  if (isIntrinsicNamed(f, "llvm.bswap")) {
    if (scalarBits(vType.get(i)) % 16 != 0) vr.bad("bswap must be an even number of bytes", i);
    return;
  }
  if (isIntrinsicNamed(f, "llvm.prefetch")) { checkPrefetch(i); return; }
  if (isIntrinsicNamed(f, "llvm.invariant.start")) {
    let c = arg(i, 0);
    if (!(isConstInt(c) && (intSExt64(c) >= 0 || intSExt64(c) == -1))) vr.bad("invariant_start parameter must be -1, 0 or a positive number", i);
    return;
  }
  if (isIntrinsicNamed(f, "llvm.va_start")) {
    if ((tyFlags.get(gValueType.get(vr.curFn)) & TF_VARARG) == 0) vr.fail("va_start called in a non-varargs function");
    return;
  }
  if (isIntrinsicNamed(f, "llvm.is.fpclass")) {
    let c = arg(i, 1);
    if (isConstInt(c) && (intLow64(c) & ~<u64>0x3ff) != 0) vr.fail("unsupported bits for llvm.is.fpclass test mask");
    return;
  }
  if (isIntrinsicNamed(f, "llvm.stackprotector")) {
    if (!isInstOf(arg(i, 1), Op.Alloca)) vr.bad("llvm.stackprotector parameter #2 must resolve to an alloca.", i);
    return;
  }
  if (isIntrinsicNamed(f, "llvm.init.trampoline")) {
    let a = arg(i, 1);
    if (a < 0 || <i32>vKind.get(a) != VK.Function) vr.bad("llvm.init_trampoline parameter #2 must resolve to a function.", i);
    return;
  }
  if (isIntrinsicNamed(f, "llvm.eh.exceptionpointer") || isIntrinsicNamed(f, "llvm.eh.exceptioncode")) {
    if (!isInstOf(arg(i, 0), Op.CatchPad)) vr.bad("eh.exceptionpointer argument must be a catchpad", i);
    return;
  }
  if (isIntrinsicNamed(f, "llvm.experimental.guard")) {
    if (opOf(i) != Op.Call) { vr.bad("experimental_guard cannot be invoked", i); return; }
    if (bundleCount(i, "deopt") != 1) vr.fail("experimental_guard must have exactly one \"deopt\" operand bundle");
    return;
  }
  if (isIntrinsicNamed(f, "llvm.experimental.deoptimize")) { checkDeoptimize(i); return; }
  if (isIntrinsicNamed(f, "llvm.experimental.noalias.scope.decl")) { vr.noAliasScopeDecls.push(i); return; }
  let transfer = isIntrinsicNamed(f, "llvm.memcpy.element.unordered.atomic") || isIntrinsicNamed(f, "llvm.memmove.element.unordered.atomic");
  if (transfer || isIntrinsicNamed(f, "llvm.memset.element.unordered.atomic")) { checkElementAtomic(i, transfer); return; }
  visitMoreIntrinsics(i, f);
  if (!visitVectorIntrinsic(i, f)) visitTargetIntrinsic(i, f);
}

// The element-wise atomic memory intrinsics: a power-of-two element size, pointers aligned to it.
function checkElementAtomic(i: i32, transfer: bool): void {
  let es = arg(i, 3);
  if (!isConstInt(es)) return;
  let size = intLow64(es);
  if (size == 0 || (size & (size - 1)) != 0) { vr.bad("element size of the element-wise atomic memory intrinsic must be a power of 2", i); return; }
  let dst = paramAlign(i, 0);
  if (dst == 0 || size > dst) { vr.bad("incorrect alignment of the destination argument", i); return; }
  if (transfer) {
    let src = paramAlign(i, 1);
    if (src == 0 || size > src) vr.bad("incorrect alignment of the source argument", i);
  }
}
// The align attribute of argument k at the call site, in bytes (0: none).
function paramAlign(i: i32, k: i32): u64 {
  let set = paramAttrs(callAttrs(i), k);
  let at = setFind(set, ATTR_ALIGN);
  return at < 0 ? 0 : <u64>decodeAlign(setV0(set, at));
}

function arg(i: i32, k: i32): i32 { return k < callNumArgs(i) ? operand(i, 1 + k) : -1; }
function isConstInt(v: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.ConstInt; }
function isInstOf(v: i32, op: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.Inst && opOf(v) == op; }

const ATTR_DEREFERENCEABLE: i32 = ATTR_KW.indexOf("dereferenceable");
// The attribute kind named by string id s in this LLVM version, or -1.
function attrKindNamed(s: i32): i32 {
  for (let k = 0; k < ATTR_KW.length; k++) {
    if (!strtab.eqStr(s, ATTR_KW[k])) continue;
    let last = attrLastVersion(k);
    return attrSinceVersion(k) <= llvmVersion && (last == 0 || llvmVersion <= last) ? k : -1;
  }
  return -1;
}

// llvm.assume's operand bundles: attribute names as tags, with the arguments each kind takes.
function checkAssume(i: i32): void {
  if (!assumeConditionTrue(i)) return;
  let nb = callNumBundles(i);
  for (let b = 0; b < nb; b++) {
    let tag = bundleTag(i, b), cnt = bundleNumOps(i, b), first = bundleFirstOp(i, b);
    // LLVM 19 checks no bundle after a separate_storage or align one; LLVM 22 goes on
    let v22 = llvmVersion >= 22;
    if (strIdIs(tag, "separate_storage")) {
      if (cnt != 2) { vr.bad("separate_storage assumptions should have 2 arguments", i); return; }
      if (!(isPtr(vType.get(operand(i, first))) && isPtr(vType.get(operand(i, first + 1))))) {
        vr.bad("arguments to separate_storage assumptions should be pointers", i); return;
      }
      if (v22) continue;
      return;
    }
    let kind = tag >= 0 ? attrKindNamed(tag) : -1;
    if (!(strIdIs(tag, "ignore") || kind >= 0)) { vr.bad("tags must be valid attribute names", i); return; }
    if (kind == ATTR_ALIGN) {
      if (cnt < 2 || cnt > 3) { vr.bad("alignment assumptions should have 2 or 3 arguments", i); return; }
      if (!isPtr(vType.get(operand(i, first)))) { vr.bad("first argument should be a pointer", i); return; }
      if (!isInt(vType.get(operand(i, first + 1)))) { vr.bad("second argument should be an integer", i); return; }
      if (cnt == 3 && !isInt(vType.get(operand(i, first + 2)))) { vr.bad("third argument should be an integer if present", i); return; }
      if (v22) continue;
      return;
    }
    // LLVM 22: a dereferenceable size need not be a constant
    if (v22 && kind == ATTR_DEREFERENCEABLE) {
      if (cnt != 2) { vr.bad("dereferenceable assumptions should have 2 arguments", i); return; }
      if (!isPtr(vType.get(operand(i, first)))) { vr.bad("first argument should be a pointer", i); return; }
      if (!isInt(vType.get(operand(i, first + 1)))) { vr.bad("second argument should be an integer", i); return; }
      continue;
    }
    if (cnt > 2) { vr.bad("too many arguments", i); return; }
    if (kind < 0) return;
    if (kind >= FIRST_INT_ATTR && kind < FIRST_RANGE_ATTR) {
      if (cnt != 2) { vr.bad("this attribute should have 2 arguments", i); return; }
      if (!isConstInt(operand(i, first + 1))) { vr.bad("the second argument should be a constant integral value", i); return; }
    } else {
      let pos = attrPositions(llvmVersion, kind);
      if ((pos & ATTR_ON_PARAM) != 0) {
        if (cnt != 1) { vr.bad("this attribute should have one argument", i); return; }
      } else if ((pos & ATTR_ON_FN) != 0) {
        if (cnt != 0) { vr.bad("this attribute has no argument", i); return; }
      }
    }
  }
}

// llvm.ucmp / llvm.scmp: a result of at least 2 bits, shaped like the arguments.
function checkCmp3(i: i32): void {
  let a = arg(i, 0);
  if (a < 0) return;
  let src = vType.get(a), dst = vType.get(i);
  if (scalarBits(dst) < 2) { vr.bad("result type must be at least 2 bits wide", i); return; }
  if (isVector(src) != isVector(dst)) { vr.bad("ucmp/scmp argument and result types must both be either vector or scalar types", i); return; }
  if (isVector(dst) && !(tyN.get(src) == tyN.get(dst) && tyKind.get(src) == tyKind.get(dst))) {
    vr.bad("return type and arguments must have the same number of elements", i);
  }
}

// LLVM 22: lifetime markers name an alloca (or poison).
function checkLifetime(i: i32): void {
  if (llvmVersion < 22) return;
  let p = arg(i, 0);
  if (p < 0) return;
  if (!(isInstOf(p, Op.Alloca) || <i32>vKind.get(p) == VK.ConstPoison)) vr.bad("llvm.lifetime.start/end can only be used on alloca or poison", i);
}

function checkPtrMask(i: i32): void {
  let a0 = arg(i, 0), a1 = arg(i, 1);
  if (a0 < 0 || a1 < 0) return;
  let t0 = vType.get(a0), t1 = vType.get(a1);
  if (!isPtr(scalarType(t0))) { vr.bad("llvm.ptrmask intrinsic first argument must be pointer or vector of pointers", i); return; }
  if (isVector(t0) != isVector(t1)) { vr.bad("llvm.ptrmask intrinsic arguments must be both scalars or both vectors", i); return; }
  if (isVector(t0) && !(tyN.get(t0) == tyN.get(t1) && tyKind.get(t0) == tyKind.get(t1))) {
    vr.bad("llvm.ptrmask intrinsic arguments must have the same number of elements", i); return;
  }
  if (<i64>indexTypeSizeInBits(t0) != scalarBits(t1)) {
    vr.bad("llvm.ptrmask intrinsic second argument bitwidth must match pointer index type size of first argument", i);
  }
}

function checkThreadLocalAddress(i: i32): void {
  let a = arg(i, 0);
  let k = a >= 0 ? <i32>vKind.get(a) : -1;
  if (!(k == VK.GlobalVar || k == VK.Function || k == VK.Alias || k == VK.IFunc)) {
    vr.fail("llvm.threadlocal.address first argument must be a GlobalValue"); return;
  }
  let g = vA.get(a);
  if (g < 0 || gTLS.get(g) == 0) vr.fail("llvm.threadlocal.address operand isThreadLocal() must be true");
}

function checkPrefetch(i: i32): void {
  let rw = arg(i, 1), loc = arg(i, 2), ct = arg(i, 3);
  if (isConstInt(rw) && intLow64(rw) >= 2) { vr.bad("rw argument to llvm.prefetch must be 0-1", i); return; }
  if (isConstInt(loc) && intLow64(loc) >= 4) { vr.bad("locality argument to llvm.prefetch must be 0-3", i); return; }
  if (isConstInt(ct) && intLow64(ct) >= 2) vr.bad("cache type argument to llvm.prefetch must be 0-1", i);
}

function checkDeoptimize(i: i32): void {
  if (opOf(i) != Op.Call) { vr.bad("experimental_deoptimize cannot be invoked", i); return; }
  if (bundleCount(i, "deopt") != 1) { vr.fail("experimental_deoptimize must have exactly one \"deopt\" operand bundle"); return; }
  if (vType.get(i) != tyA.get(gValueType.get(vr.curFn))) { vr.fail("experimental_deoptimize return type must match caller return type"); return; }
  let next = iNext.get(i);
  if (next < 0 || opOf(next) != Op.Ret) { vr.fail("calls to experimental_deoptimize must be followed by a return"); return; }
  if (vType.get(i) != T_VOID && !(numOperands(next) == 1 && operand(next, 0) == i)) {
    vr.fail("calls to experimental_deoptimize must be followed by a return of the value computed by experimental_deoptimize");
  }
}

// Verifier::verifyNoAliasScopeDecl: each declares a list of exactly one scope. (The scopes
// themselves are alias scope metadata, checked with the metadata.)
export function verifyNoAliasScopeDecls(): void {
  for (let j = 0; j < vr.noAliasScopeDecls.len; j++) {
    let i = vr.noAliasScopeDecls.get(j);
    let a = arg(i, 0);
    if (a < 0 || <i32>vKind.get(a) != VK.MDValue) { vr.bad("llvm.experimental.noalias.scope.decl must have a MetadataAsValue argument", i); return; }
    let md = canonicalMD(vA.get(a));
    let k = md >= 0 ? <i32>mdKind.get(md) : -1;
    if (!(k == MK.Tuple || k == MK.Node || k == MK.Expr)) { vr.bad("!id.scope.list must point to an MDNode", i); return; }
    if (k == MK.Tuple && mdNOps.get(md) != 1) { vr.bad("!id.scope.list must point to a list with a single scope", i); return; }
  }
  vr.noAliasScopeDecls.clear();
}
