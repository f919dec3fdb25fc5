// The attribute questions mem2reg's value tracking asks (dereferenceable, null_pointer_is_valid,
// nounwind/willreturn) and the assumption cache (LLVM's AssumptionCache): per value, the
// llvm.assume calls of the function that speak about it, indexed on first need, with
// isValidAssumeForContext. known-nonzero.ts and poison.ts read them; assume.ts adds assumes.
import { I32Vec } from "../../util/vec";
import { VK, vKind, vName, vParent, vA, iOp, iFlags, iNext, operand, numOperands, fitValueTable } from "../../ir/values";
import { Op, F_VOLATILE } from "../../ir/opcodes";
import { callAttrs, bundleFirstOp, bundleNumOps, callNumBundles } from "../../ir/inst";
import { gAttrs, gFirstBlock } from "../../ir/globals";
import { fnAttrs, paramAttrs, setHasKind, setFind, setV0, setV1, ATTR_KW } from "../../ir/attributes";
import { strtab } from "../../ir/module";
import { FunctionAnalyses } from "../../analysis/context";
import { directCallee, callFnHas } from "../../ir/query";

// ---- attribute queries ----

// Attribute kinds and interned strings, set once by init(); read-only elsewhere.
export let ATTR_DEREF: i32 = -1, ATTR_NULL_IS_VALID: i32 = -1, ATTR_INALLOCA: i32 = -1, ATTR_PREALLOCATED: i32 = -1,
  ATTR_NOUNWIND: i32 = -1, ATTR_WILLRETURN: i32 = -1, ATTR_DEREF_OR_NULL: i32 = -1;
export let S_ASSUME: i32 = -1, S_NONNULL: i32 = -1, S_DEREF: i32 = -1, S_ABSOLUTE: i32 = -1;
let ready: bool = false;
let affStamp: I32Vec = new I32Vec();      // value -> epoch of affHead
let affHead: I32Vec = new I32Vec();       // value -> first assumption entry
let affAssume: I32Vec = new I32Vec();     // entries: assume call, next
let affNext: I32Vec = new I32Vec();
let acEpoch: i32 = 0;
// The function being worked on and its analyses (CFG, dominator tree, instruction order); set by
// beginAssumptions, read-only elsewhere.
export let acFn: i32 = -1;
export let acAnalyses: FunctionAnalyses | null = null;
let acReady: bool = false;

export function resetAssumptions(): void {
  ready = false;
  affStamp = new I32Vec(); affHead = new I32Vec(); affAssume = new I32Vec(); affNext = new I32Vec();
  acEpoch = 0; acFn = -1; acAnalyses = null; acReady = false;
}
function init(): void {
  if (ready) return;
  ready = true;
  ATTR_DEREF = ATTR_KW.indexOf("dereferenceable"); ATTR_NULL_IS_VALID = ATTR_KW.indexOf("null_pointer_is_valid");
  ATTR_INALLOCA = ATTR_KW.indexOf("inalloca"); ATTR_PREALLOCATED = ATTR_KW.indexOf("preallocated");
  ATTR_NOUNWIND = ATTR_KW.indexOf("nounwind"); ATTR_WILLRETURN = ATTR_KW.indexOf("willreturn");
  ATTR_DEREF_OR_NULL = ATTR_KW.indexOf("dereferenceable_or_null");
  S_ASSUME = strtab.internStr("llvm.assume"); S_NONNULL = strtab.internStr("nonnull");
  S_DEREF = strtab.internStr("dereferenceable"); S_ABSOLUTE = strtab.internStr("absolute_symbol");
}

export function fnOfInst(i: i32): i32 { return vA.get(vParent.get(vParent.get(i))); }
function fnHas(g: i32, kind: i32): bool { return setHasKind(fnAttrs(gAttrs.get(g)), kind); }
// NullPointerIsDefined(F, AS).
export function nullIsDefined(g: i32, as: i32): bool { return (g >= 0 && fnHas(g, ATTR_NULL_IS_VALID)) || as != 0; }
export function derefBytes(set: i32): u64 {
  let k = setFind(set, ATTR_DEREF);
  if (k < 0) return 0;
  return (<u64><u32>setV0(set, k)) | (<u64><u32>setV1(set, k) << 32);
}
export function callParamDeref(c: i32, a: i32): u64 {
  let d = derefBytes(paramAttrs(callAttrs(c), a));
  if (d > 0) return d;
  let g = directCallee(c);
  return g >= 0 ? derefBytes(paramAttrs(gAttrs.get(g), a)) : 0;
}
export function isInst(v: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.Inst; }
export function isConst(v: i32): bool { let k = <i32>vKind.get(v); return k >= VK.GlobalVar && k <= VK.PtrAuth; }

// ---- the assumption cache ----

// Starts work on function g, whose CFG and dominator tree fa holds: its llvm.assume calls are
// indexed on first need.
export function beginAssumptions(g: i32, fa: FunctionAnalyses): void {
  init();
  acFn = g; acAnalyses = fa;
  acReady = false;
}
export function ensureAssumptions(): void {
  if (acReady) return;
  acReady = true;
  acEpoch++;
  affAssume.clear(); affNext.clear();
  for (let b = gFirstBlock.get(acFn); b >= 0; b = iNext.get(b)) {
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
      if (<i32>vKind.get(i) != VK.Inst || <i32>iOp.get(i) != Op.Call) continue;
      let f = operand(i, 0);
      if (f >= 0 && <i32>vKind.get(f) == VK.Function && vName.get(f) == S_ASSUME) registerAssumption(i);
    }
  }
}
function addAffected(v: i32, a: i32): void {
  if (v < 0 || isConst(v)) return;
  fitValueTable(affStamp, v + 1, 0); fitValueTable(affHead, v + 1, -1);
  if (affStamp.get(v) != acEpoch) { affStamp.set(v, acEpoch); affHead.set(v, -1); }
  let e = affAssume.push(a); affNext.push(affHead.get(v));
  affHead.set(v, e);
}
// AssumptionCache::registerAssumption: the values the condition and bundles speak about.
export function registerAssumption(a: i32): void {
  let c = operand(a, 1);
  if (isInst(c) && <i32>iOp.get(c) == Op.ICmp) {
    for (let k = 0; k < 2; k++) {
      let o = operand(c, k);
      addAffected(o, a);
      if (isInst(o) && <i32>iOp.get(o) == Op.PtrToInt) addAffected(operand(o, 0), a);
    }
  }
  let nb = callNumBundles(a);
  for (let b = 0; b < nb; b++) {
    if (bundleNumOps(a, b) > 0) addAffected(operand(a, bundleFirstOp(a, b)), a);
  }
}

// The assumptions that speak about v (entries: assumeAt, nextAssumption); -1 for none.
export function assumptionsFor(v: i32): i32 {
  ensureAssumptions();
  return indexedAssumptionsFor(v);
}
// The same without indexing the function first (none before ensureAssumptions).
@inline export function indexedAssumptionsFor(v: i32): i32 {
  if (v >= affStamp.len || affStamp.get(v) != acEpoch) return -1;
  return affHead.get(v);
}
@inline export function assumeAt(e: i32): i32 { return affAssume.get(e); }
@inline export function nextAssumption(e: i32): i32 { return affNext.get(e); }

// isValidAssumeForContext(Inv, CxtI, DT).
export function validAssumeForContext(inv: i32, cxt: i32): bool {
  let fa = acAnalyses!;
  if (vParent.get(inv) == vParent.get(cxt)) {
    fa.dom.invalidateInstOrder();
    if (fa.dom.comesBefore(inv, cxt)) return true;
    if (inv == cxt) return false;
    // the context comes first: nothing in between may stop execution (at most 15 instructions)
    let n = 0;
    for (let i = cxt; i >= 0 && i != inv; i = iNext.get(i)) {
      if (<i32>vKind.get(i) == VK.Dead) continue;
      if (++n > 15) return false;
      if (!transfersExecution(i)) return false;
    }
    for (let k = 0; k < numOperands(inv); k++) if (operand(inv, k) == cxt) return false;
    return true;
  }
  return fa.dom.instDominates(fa.domTree, inv, cxt);
}
// isGuaranteedToTransferExecutionToSuccessor for one instruction: !mayThrow && willReturn.
export function transfersExecution(i: i32): bool {
  let op = <i32>iOp.get(i);
  if (op == Op.Store) return (iFlags.get(i) & F_VOLATILE) == 0;
  if (op == Op.Call || op == Op.Invoke || op == Op.CallBr) return callFnHas(i, ATTR_NOUNWIND) && callFnHas(i, ATTR_WILLRETURN);
  if (op == Op.Resume || op == Op.CleanupRet || op == Op.CatchSwitch || op == Op.Unreachable) return false;
  return true;
}
