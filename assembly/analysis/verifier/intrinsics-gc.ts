// The verifier's checks of the garbage-collection intrinsics: llvm.gcroot / gcread / gcwrite, and
// the statepoint family (Verifier::verifyStatepoint, gc.result, gc.relocate). A gc.statepoint's
// arguments (Statepoint.h): id, patch bytes, the callee (with elementtype, its function type), the
// call's argument count, flags, the call's arguments, then two counts that must be 0 (transition
// and deopt arguments, now in bundles); the live pointers are in its "gc-live" bundle.
import { strtab } from "../../ir/module";
import { tyKind, tyA, tyFlags, TF_VARARG, T_VOID, listLen, listAt, isPtr, isVector, scalarType, TK } from "../../ir/types";
import { VK, vKind, vType, vName, vParent, vA, vFirstUse, opNext, opUser, operand, iExt } from "../../ir/values";
import { gGC, gAttrs } from "../../ir/globals";
import { Op } from "../../ir/opcodes";
import { callNumArgs, callNumBundles, callAttrs, bundleTag, bundleNumOps, bundleFirstOp } from "../../ir/inst";
import { intLow64, intSExt64, isConstant } from "../../ir/constants";
import { ATTR_KW, ATTR_MEMORY, fnAttrs, paramAttrs, setFind, setV0, memAll } from "../../ir/attributes";
import { vr } from "./state";
import { opOf, firstNonPhi } from "./queries";
import { calledFunction, strIdIs } from "./callsite";
import { isIntrinsicNamed } from "./intrinsics";
import { stripPointerCasts } from "./intrinsics-misc";
import { blockTerminator } from "../cfg";

const STATEPOINT = "llvm.experimental.gc.statepoint";
const RESULT = "llvm.experimental.gc.result";
const RELOCATE = "llvm.experimental.gc.relocate";
const ATTR_ELEMENTTYPE: i32 = ATTR_KW.indexOf("elementtype");

function arg(i: i32, k: i32): i32 { return k >= 0 && k < callNumArgs(i) ? operand(i, 1 + k) : -1; }
function isConstInt(v: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.ConstInt; }
function isUndef(v: i32): bool { let k = v >= 0 ? <i32>vKind.get(v) : -1; return k == VK.ConstUndef || k == VK.ConstPoison; }
function isCallOp(op: i32): bool { return op == Op.Call || op == Op.Invoke || op == Op.CallBr; }
// Is v a call or invoke of gc.statepoint (a GCStatepointInst).
function isStatepoint(v: i32): bool {
  return v >= 0 && <i32>vKind.get(v) == VK.Inst && isCallOp(opOf(v)) && isIntrinsicNamed(calledFunction(v), STATEPOINT);
}
function hasGC(): bool { return gGC.get(vr.curFn) >= 0; }
// The elementtype attribute of call i's argument k (on the call), or -1.
function paramElementType(i: i32, k: i32): i32 {
  let set = paramAttrs(callAttrs(i), k);
  let at = setFind(set, ATTR_ELEMENTTYPE);
  return at < 0 ? -1 : setV0(set, at);
}

// The GC intrinsics' checks for call i of f; false when f is none of them.
export function visitGCIntrinsic(i: i32, f: i32): bool {
  if (isIntrinsicNamed(f, STATEPOINT)) {
    if (!hasGC()) { vr.bad("Enclosing function does not use GC.", i); return true; }
    verifyStatepoint(i);
    return true;
  }
  if (isIntrinsicNamed(f, RESULT)) { checkResult(i); return true; }
  if (isIntrinsicNamed(f, RELOCATE)) { checkRelocate(i); return true; }
  let root = isIntrinsicNamed(f, "llvm.gcroot");
  if (!(root || isIntrinsicNamed(f, "llvm.gcread") || isIntrinsicNamed(f, "llvm.gcwrite"))) return false;
  if (root) {
    let a = stripPointerCasts(arg(i, 0));
    if (!(a >= 0 && <i32>vKind.get(a) == VK.Inst && opOf(a) == Op.Alloca)) { vr.bad("llvm.gcroot parameter #1 must be an alloca.", i); return true; }
    let m = arg(i, 1);
    if (m < 0 || !isConstant(m)) { vr.bad("llvm.gcroot parameter #2 must be a constant.", i); return true; }
    if (!isPtr(iExt.get(a)) && <i32>vKind.get(m) == VK.ConstNull) {
      vr.bad("llvm.gcroot parameter #1 must either be a pointer alloca, or argument #2 must be a non-null constant.", i); return true;
    }
  }
  if (!hasGC()) vr.bad("Enclosing function does not use GC.", i);
  return true;
}

// CallBase::getMemoryEffects of a statepoint call: the call's memory attribute with the callee's,
// which its operand bundles widen (any bundle but ptrauth/kcfi/convergencectrl reads; any but
// those and deopt/funclet also writes).
function callMemoryEffects(i: i32): i32 {
  let cs = fnAttrs(callAttrs(i));
  let at = setFind(cs, ATTR_MEMORY);
  let me = at < 0 ? memAll(3) : setV0(cs, at);
  let f = calledFunction(i);
  if (f >= 0) {
    let fs = fnAttrs(gAttrs.get(vA.get(f)));
    let ft = setFind(fs, ATTR_MEMORY);
    let fme = ft < 0 ? memAll(3) : setV0(fs, ft);
    let nb = callNumBundles(i);
    for (let b = 0; b < nb; b++) {
      let tag = bundleTag(i, b);
      if (strIdIs(tag, "ptrauth") || strIdIs(tag, "kcfi") || strIdIs(tag, "convergencectrl") || strIdIs(tag, "deactivation-symbol")) continue;
      fme |= memAll(1);
      if (!(strIdIs(tag, "deopt") || strIdIs(tag, "funclet"))) fme |= memAll(2);
    }
    me &= fme;
  }
  return me;
}

function verifyStatepoint(i: i32): void {
  let me = callMemoryEffects(i);
  // none, read-only, or argument memory only
  if (me == 0 || (me & memAll(2)) == 0 || (me & ~3) == 0) {
    vr.bad("gc.statepoint must read and write all memory to preserve reordering restrictions required by safepoint semantics", i); return;
  }
  let patch = arg(i, 1), nArgsV = arg(i, 3), flagsV = arg(i, 4);
  if (!isConstInt(patch) || !isConstInt(nArgsV) || !isConstInt(flagsV)) return; // immargs: reported before
  if (intSExt64(patch) < 0) { vr.bad("gc.statepoint number of patchable bytes must be positive", i); return; }
  let target = paramElementType(i, 2);
  if (target < 0) { vr.bad("gc.statepoint callee argument must have elementtype attribute", i); return; }
  if (<i32>tyKind.get(target) != TK.Function) { vr.bad("gc.statepoint callee elementtype must be function type", i); return; }
  let nCallArgs = <i32><u32>intLow64(nArgsV);
  if (nCallArgs < 0) { vr.bad("gc.statepoint number of arguments to underlying call must be positive", i); return; }
  let nParams = listLen(target);
  if ((tyFlags.get(target) & TF_VARARG) != 0) {
    if (nCallArgs < nParams) { vr.bad("gc.statepoint mismatch in number of vararg call args", i); return; }
    if (tyA.get(target) != T_VOID) { vr.bad("gc.statepoint doesn't support wrapping non-void vararg functions yet", i); return; }
  } else if (nCallArgs != nParams) { vr.bad("gc.statepoint mismatch in number of call args", i); return; }
  if ((intLow64(flagsV) & ~<u64>3) != 0) { vr.bad("unknown flag used in gc.statepoint flags argument", i); return; }
  for (let k = 0; k < nParams; k++) {
    let a = arg(i, 5 + k);
    if (a < 0 || vType.get(a) != listAt(target, k)) { vr.bad("gc.statepoint call argument does not match wrapped function type", i); return; }
  }
  let endCallArgs = 4 + nCallArgs;
  let transition = arg(i, endCallArgs + 1);
  if (!isConstInt(transition)) { vr.bad("gc.statepoint number of transition arguments must be constant integer", i); return; }
  if (intLow64(transition) != 0) { vr.bad("gc.statepoint w/inline transition bundle is deprecated", i); return; }
  let deopt = arg(i, endCallArgs + 2);
  if (!isConstInt(deopt)) { vr.bad("gc.statepoint number of deoptimization arguments must be constant integer", i); return; }
  if (intLow64(deopt) != 0) { vr.bad("gc.statepoint w/inline deopt operands is deprecated", i); return; }
  if (7 + nCallArgs != callNumArgs(i)) { vr.bad("gc.statepoint too many arguments", i); return; }
  for (let s = vFirstUse.get(i); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (u < 0 || <i32>vKind.get(u) != VK.Inst || opOf(u) != Op.Call) { vr.bad("illegal use of statepoint token", i); vr.w(u); return; }
    let callee = calledFunction(u);
    let result = isIntrinsicNamed(callee, RESULT);
    if (!(result || isIntrinsicNamed(callee, RELOCATE))) {
      vr.bad("gc.result or gc.relocate are the only value uses of a gc.statepoint", i); vr.w(u); return;
    }
    // (LLVM asks the same of gc.relocate users, but of the statepoint itself: never)
    if (result && arg(u, 0) != i) { vr.bad("gc.result connected to wrong gc.statepoint", i); vr.w(u); return; }
  }
}

function checkResult(i: i32): void {
  if (!hasGC()) { vr.bad("Enclosing function does not use GC.", i); return; }
  let sp = arg(i, 0);
  if (sp < 0 || isUndef(sp)) return;
  if (!isStatepoint(sp)) { vr.bad("gc.result operand #1 must be from a statepoint", i); vr.w(sp); return; }
  let target = paramElementType(sp, 2);
  if (target < 0 || <i32>tyKind.get(target) != TK.Function) return;
  if (vType.get(i) != tyA.get(target)) vr.bad("gc.result result type does not match wrapped callee", i);
}

// BasicBlock::getUniquePredecessor: the one block all edges in come from, or -1.
function uniquePredecessor(b: i32): i32 {
  let pred = -1;
  for (let s = vFirstUse.get(b); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (u < 0 || <i32>vKind.get(u) != VK.Inst || blockTerminator(vParent.get(u)) != u) continue;
    let p = vParent.get(u);
    if (pred >= 0 && pred != p) return -1;
    pred = p;
  }
  return pred;
}

function checkRelocate(i: i32): void {
  if (callNumArgs(i) != 3) return; // (the signature fixes three)
  let rt = vType.get(i);
  if (!isPtr(scalarType(rt))) { vr.bad("gc.relocate must return a pointer or a vector of pointers", i); return; }
  let tok = arg(i, 0);
  let sp = -1;
  if (tok >= 0 && <i32>vKind.get(tok) == VK.Inst && opOf(tok) == Op.LandingPad) {
    let lpBlock = vParent.get(tok);
    let invokeBB = uniquePredecessor(lpBlock);
    if (invokeBB < 0) { vr.bad("safepoints should have unique landingpads", lpBlock); return; }
    let t = blockTerminator(invokeBB);
    if (t < 0) return; // (a block without a terminator ends the function's checks before)
    if (!isStatepoint(t)) { vr.bad("gc relocate should be linked to a statepoint", invokeBB); return; }
    sp = t;
  } else {
    if (!(isStatepoint(tok) || isUndef(tok))) { vr.bad("gc relocate is incorrectly tied to the statepoint", i); vr.w(tok); return; }
    sp = isUndef(tok) ? -1 : tok;
  }
  let baseV = arg(i, 1), derivedV = arg(i, 2);
  if (!isConstInt(baseV) || !isConstInt(derivedV)) return; // immargs: reported before
  if (sp < 0) return;
  let baseIdx = intLow64(baseV), derivedIdx = intLow64(derivedV);
  // the live pointers: the gc-live bundle, or (without one) the statepoint's arguments
  let nb = callNumBundles(sp), live = -1;
  for (let b = 0; b < nb; b++) if (strIdIs(bundleTag(sp, b), "gc-live")) { live = b; break; }
  let first: i32, count: i32;
  if (live >= 0) {
    first = bundleFirstOp(sp, live); count = bundleNumOps(sp, live);
    if (baseIdx >= <u64>count) { vr.bad("gc.relocate: statepoint base index out of bounds", i); return; }
    if (derivedIdx >= <u64>count) { vr.bad("gc.relocate: statepoint derived index out of bounds", i); return; }
  } else {
    first = 1; count = callNumArgs(sp);
    if (baseIdx >= <u64>count || derivedIdx >= <u64>count) return; // (LLVM reads past the arguments)
  }
  let base = operand(sp, first + <i32>baseIdx), derived = operand(sp, first + <i32>derivedIdx);
  let bt = vType.get(base), dt = vType.get(derived);
  if (!isPtr(scalarType(bt)) || !isPtr(scalarType(dt))) { vr.bad("gc.relocate: relocated value must be a pointer", i); return; }
  if (isVector(rt) != isVector(dt)) { vr.bad("gc.relocate: vector relocates to vector and pointer to pointer", i); return; }
  if (tyA.get(scalarType(rt)) != tyA.get(scalarType(dt))) {
    vr.bad("gc.relocate: relocating a pointer shouldn't change its address space", i); return;
  }
  // The strategy's managed pointers: address space 1 for statepoint-example and coreclr; the
  // other built-in strategies do not say (any pointer). An unknown strategy makes opt fail.
  let gc = gGC.get(vr.curFn);
  if (!(strIdIs(gc, "statepoint-example") || strIdIs(gc, "coreclr"))) return;
  if (tyA.get(scalarType(rt)) != 1) { vr.bad("gc.relocate: must return gc pointer", i); return; }
  if (tyA.get(scalarType(bt)) != 1 || tyA.get(scalarType(dt)) != 1) vr.bad("gc.relocate: relocated value must be a gc pointer", i);
}
