// The attribute questions mem2reg's value tracking asks (dereferenceable, null_pointer_is_valid,
// nounwind/willreturn) and the assumption cache (LLVM's AssumptionCache): per value, the
// llvm.assume calls of the function that speak about it, indexed on first need, with
// isValidAssumeForContext. known-nonzero.ts and poison.ts read them; assume.ts adds assumes.
import { I32Vec } from "../util/vec";
import { IdMap } from "../util/idmap";
import { VK, vKind, vName, vParent, vA, iOp, iFlags, iNext, operand, numOperands } from "../ir/values";
import { Op, F_VOLATILE } from "../ir/opcodes";
import { callAttrs, bundleFirstOp, bundleNumOps, callNumBundles } from "../ir/inst";
import { gAttrs, gFirstBlock } from "../ir/globals";
import {
  fnAttrs, paramAttrs, setHasKind, setFind, setV0, setV1, ATTR_DEREF, ATTR_NULL_IS_VALID, ATTR_NOUNWIND, ATTR_WILLRETURN,
} from "../ir/attributes";
import { strtab } from "../ir/module";
import { FunctionAnalyses } from "./context";
import { directCallee, callFnHas } from "../ir/query";

// ---- attribute queries ----

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
// isGuaranteedToTransferExecutionToSuccessor for one instruction: !mayThrow && willReturn.
export function transfersExecution(i: i32): bool {
  let op = <i32>iOp.get(i);
  if (op == Op.Store) return (iFlags.get(i) & F_VOLATILE) == 0;
  if (op == Op.Call || op == Op.Invoke || op == Op.CallBr) return callFnHas(i, ATTR_NOUNWIND) && callFnHas(i, ATTR_WILLRETURN);
  if (op == Op.Resume || op == Op.CleanupRet || op == Op.CatchSwitch || op == Op.Unreachable) return false;
  return true;
}

// ---- the assumption cache ----

// The assumption cache of the function being worked on (`fn`, whose CFG, dominator tree and
// instruction order `fa` holds; set by begin), reused from function to function, with the names
// the assumption questions compare against (interned on first use).
@final export class AssumptionCache {
  fn: i32 = -1;
  private analyses: FunctionAnalyses | null = null;
  private ready: bool = false;       // the names are interned
  S_ASSUME: i32 = -1;
  S_NONNULL: i32 = -1;
  S_DEREF: i32 = -1;
  S_ABSOLUTE: i32 = -1;
  private affHead: IdMap = new IdMap();         // value -> first assumption entry
  private affAssume: I32Vec = new I32Vec();     // entries: assume call, next
  private affNext: I32Vec = new I32Vec();
  private indexed: bool = false;     // the function's llvm.assume calls are indexed

  private init(): void {
    if (this.ready) return;
    this.ready = true;
    this.S_ASSUME = strtab.internStr("llvm.assume"); this.S_NONNULL = strtab.internStr("nonnull");
    this.S_DEREF = strtab.internStr("dereferenceable"); this.S_ABSOLUTE = strtab.internStr("absolute_symbol");
  }

  // Starts work on function g, whose CFG and dominator tree fa holds: its llvm.assume calls are
  // indexed on first need.
  begin(g: i32, fa: FunctionAnalyses): void {
    this.init();
    this.fn = g; this.analyses = fa;
    this.indexed = false;
  }
  // The function's analyses (begin's).
  @inline get fa(): FunctionAnalyses { return this.analyses!; }

  ensure(): void {
    if (this.indexed) return;
    this.indexed = true;
    this.affHead.clear();
    this.affAssume.clear(); this.affNext.clear();
    let assume = this.S_ASSUME;
    for (let b = gFirstBlock.get(this.fn); b >= 0; b = iNext.get(b)) {
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
        if (<i32>vKind.get(i) != VK.Inst || <i32>iOp.get(i) != Op.Call) continue;
        let f = operand(i, 0);
        if (f >= 0 && <i32>vKind.get(f) == VK.Function && vName.get(f) == assume) this.registerAssumption(i);
      }
    }
  }
  private addAffected(v: i32, a: i32): void {
    if (v < 0 || isConst(v)) return;
    let affHead = this.affHead;
    let e = this.affAssume.push(a); this.affNext.push(affHead.get(v, -1));
    affHead.set(v, e);
  }
  // AssumptionCache::registerAssumption: the values the condition and bundles speak about.
  registerAssumption(a: i32): void {
    let c = operand(a, 1);
    if (isInst(c) && <i32>iOp.get(c) == Op.ICmp) {
      for (let k = 0; k < 2; k++) {
        let o = operand(c, k);
        this.addAffected(o, a);
        if (isInst(o) && <i32>iOp.get(o) == Op.PtrToInt) this.addAffected(operand(o, 0), a);
      }
    }
    let nb = callNumBundles(a);
    for (let b = 0; b < nb; b++) {
      if (bundleNumOps(a, b) > 0) this.addAffected(operand(a, bundleFirstOp(a, b)), a);
    }
  }

  // The assumptions that speak about v (entries: assumeAt, nextAssumption); -1 for none.
  assumptionsFor(v: i32): i32 {
    this.ensure();
    return this.indexedAssumptionsFor(v);
  }
  // The same without indexing the function first (none before ensure).
  @inline indexedAssumptionsFor(v: i32): i32 { return this.affHead.get(v, -1); }
  @inline assumeAt(e: i32): i32 { return this.affAssume.get(e); }
  @inline nextAssumption(e: i32): i32 { return this.affNext.get(e); }

  // isValidAssumeForContext(Inv, CxtI, DT).
  validAssumeForContext(inv: i32, cxt: i32): bool {
    let fa = this.analyses!;
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
}
