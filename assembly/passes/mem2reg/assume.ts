// What a promoted load's metadata turns into (convertMetadataToAssumes, LLVM 19):
//  - a `!noundef` load whose new value is undef or poison: `store i1 true, ptr poison` before it
//    (a non-terminator unreachable);
//  - a `!nonnull !noundef` load whose new value is not known to be non-zero:
//    `%c = icmp ne ptr %v, null` and `call void @llvm.assume(i1 %c)` after it.
// "Known non-zero" is the part of ValueTracking's isKnownNonZero that applies to pointers:
// constants and globals, nonnull/dereferenceable arguments and call results, allocas, inbounds
// GEPs, loads tagged !nonnull, phis and selects of such values, assumptions (the assumption cache:
// every llvm.assume of the function, including the ones added here), and dominating null checks,
// uses as a load/store address, and nonnull call arguments.
// Also isGuaranteedNotToBePoison for the values the single-store fast path stores.
import { I32Vec } from "../../util/vec";
import {
  VK, vKind, vType, vName, vParent, vA, iOp, iFlags, iExt, iMD, iNext, vFirstUse, opUser, opNext, iOps, operand,
  numOperands, valueCount,
  fitValueTable,
} from "../../ir/values";
import { Op, F_INBOUNDS, F_VOLATILE, F_TAIL_SHIFT } from "../../ir/opcodes";
import { callAttrs, callNumArgs, callFnType, setPredicate, bundleFirstOp, bundleNumOps, bundleTag, callNumBundles } from "../../ir/inst";
import {
  globalCount, gKind, GK, gValue, gAttrs, gLinkage, Linkage, gAddrSpace, gMD, gFlags, GF_ERASED, gValueType,
} from "../../ir/globals";
import {
  fnAttrs, retAttrs, paramAttrs, setHasKind, setFind, setV0, setV1, setSize, setTag, setKey, AT,
  ATTR_NONNULL, ATTR_NOUNDEF, ATTR_BYVAL, attrSets,
} from "../../ir/attributes";
import { findAttachment, MDK_NONNULL, MDK_NOUNDEF, attKind } from "../../ir/metadata";
import { T_I1, T_VOID, T_PTR, TK, tyKind, tyA, isPtr, listLen, functionType, memberType, isStruct } from "../../ir/types";
import { getNull, getPoison, getBool, isZeroInt, isNullValue, intLow64 } from "../../ir/constants";
import { strtab } from "../../ir/module";
import { createInst, setInsertPointBefore, buildCall } from "../../ir/builder";
import { insertBefore, getOrDeclareIntrinsic } from "../../ir/edit";
import { insertAdoptingRecords } from "./edit";
import { setAlignBytes } from "../../ir/inst";
import { FunctionAnalyses } from "../../analysis/context";
import { typeAllocSize, structMemberOffset, typeIsSized } from "../../ir/datalayout";
import { directCallee, callFnHas, callRetHas, callParamHas } from "../../ir/query";
import { programUndefinedIfPoison } from "./poison";

const MAX_DEPTH = 6;
const ICMP_EQ = 32, ICMP_NE = 33, ICMP_UGT = 34;

// ---- attribute queries ----

let ATTR_DEREF: i32 = -1, ATTR_NULL_IS_VALID: i32 = -1, ATTR_INALLOCA: i32 = -1, ATTR_PREALLOCATED: i32 = -1,
  ATTR_NOUNWIND: i32 = -1, ATTR_WILLRETURN: i32 = -1;
let S_ASSUME: i32 = -1, S_NONNULL: i32 = -1, S_DEREF: i32 = -1, S_ABSOLUTE: i32 = -1;
let ready: bool = false;
let assumeFn: i32 = -1;                   // global index of llvm.assume, once known
let affStamp: I32Vec = new I32Vec();      // value -> epoch of affHead
let affHead: I32Vec = new I32Vec();       // value -> first assumption entry
let affAssume: I32Vec = new I32Vec();     // entries: assume call, next
let affNext: I32Vec = new I32Vec();
let acEpoch: i32 = 0;
let acFn: i32 = -1;
let acAnalyses: FunctionAnalyses | null = null;   // acFn's CFG, dominator tree and instruction order
let work: I32Vec = new I32Vec();

export function resetAssume(): void {
  ready = false; assumeFn = -1;
  affStamp = new I32Vec(); affHead = new I32Vec(); affAssume = new I32Vec(); affNext = new I32Vec();
  acEpoch = 0; acFn = -1; acAnalyses = null; acReady = false; work = new I32Vec(); scratch = new I32Vec(4);
}
import { ATTR_KW } from "../../ir/attributes";
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

function fnOfInst(i: i32): i32 { return vA.get(vParent.get(vParent.get(i))); }
function fnHas(g: i32, kind: i32): bool { return setHasKind(fnAttrs(gAttrs.get(g)), kind); }
// NullPointerIsDefined(F, AS).
function nullIsDefined(g: i32, as: i32): bool { return (g >= 0 && fnHas(g, ATTR_NULL_IS_VALID)) || as != 0; }
function derefBytes(set: i32): u64 {
  let k = setFind(set, ATTR_DEREF);
  if (k < 0) return 0;
  return (<u64><u32>setV0(set, k)) | (<u64><u32>setV1(set, k) << 32);
}
function callParamDeref(c: i32, a: i32): u64 {
  let d = derefBytes(paramAttrs(callAttrs(c), a));
  if (d > 0) return d;
  let g = directCallee(c);
  return g >= 0 ? derefBytes(paramAttrs(gAttrs.get(g), a)) : 0;
}
function isInst(v: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.Inst; }
function isConst(v: i32): bool { let k = <i32>vKind.get(v); return k >= VK.GlobalVar && k <= VK.PtrAuth; }

// ---- the assumption cache ----

// Starts work on function g, whose CFG and dominator tree fa holds: its llvm.assume calls are
// indexed on first need.
export function beginAssumptions(g: i32, fa: FunctionAnalyses): void {
  init();
  acFn = g; acAnalyses = fa;
  acReady = false;
}
let acReady: bool = false;
function ensureAssumptions(): void {
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
function registerAssumption(a: i32): void {
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
  if (v >= affStamp.len || affStamp.get(v) != acEpoch) return -1;
  return affHead.get(v);
}
export function assumeAt(e: i32): i32 { return affAssume.get(e); }
export function nextAssumption(e: i32): i32 { return affNext.get(e); }

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
// cmpExcludesZero(Pred, RHS) for a pointer or integer comparison.
function cmpExcludesZero(pred: i32, rhs: i32): bool {
  if (pred == ICMP_UGT) return true;
  if (pred == ICMP_NE) return isNullValue(rhs) && isConst(rhs);
  if (<i32>vKind.get(rhs) == VK.ConstInt) {
    // other predicates against a constant C: is 0 outside the region where the compare is true?
    let c = intLow64(rhs);
    let w = tyA.get(vType.get(rhs));
    let sc: i64 = w >= 64 ? <i64>c : (<i64>(c << (64 - w)) >> (64 - w));
    switch (pred) {
      case ICMP_EQ: return c != 0;
      case 35: return c != 0;            // uge C: 0 only when C == 0
      case 36: case 37: return false;    // ult/ule contain 0
      case 38: return sc >= 0;           // sgt C: 0 > C false when C >= 0
      case 39: return sc > 0;            // sge
      case 40: return sc <= 0;           // slt
      case 41: return sc < 0;            // sle
    }
  }
  return false;
}
@inline function swapPred(p: i32): i32 {
  switch (p) {
    case 34: return 36; case 35: return 37; case 36: return 34; case 37: return 35;
    case 38: return 40; case 39: return 41; case 40: return 38; case 41: return 39;
  }
  return p;
}
@inline function inversePred(p: i32): i32 {
  switch (p) {
    case 32: return 33; case 33: return 32; case 34: return 37; case 35: return 36; case 36: return 35;
    case 37: return 34; case 38: return 41; case 39: return 40; case 40: return 39; case 41: return 38;
  }
  return p;
}

function knownNonZeroFromAssume(v: i32, cxt: i32): bool {
  if (v >= affStamp.len || affStamp.get(v) != acEpoch) return false;
  for (let e = affHead.get(v); e >= 0; e = affNext.get(e)) {
    let a = affAssume.get(e);
    if (<i32>vKind.get(a) != VK.Inst) continue;
    // bundles: nonnull(v), dereferenceable(v, n)
    let nb = callNumBundles(a);
    for (let b = 0; b < nb; b++) {
      if (bundleNumOps(a, b) == 0 || operand(a, bundleFirstOp(a, b)) != v) continue;
      let tag = bundleTag(a, b);
      let ok = tag == S_NONNULL || (tag == S_DEREF && isPtr(vType.get(v)) && !nullIsDefined(fnOfInst(cxt), tyA.get(vType.get(v))));
      if (ok && validAssumeForContext(a, cxt)) return true;
    }
    let c = operand(a, 1);
    if (!isInst(c) || <i32>iOp.get(c) != Op.ICmp) continue;
    let x = operand(c, 0), y = operand(c, 1);
    let pred = iAuxPred(c);
    let rhs = -1;
    if (x == v || (isInst(x) && <i32>iOp.get(x) == Op.PtrToInt && operand(x, 0) == v)) rhs = y;
    else if (y == v || (isInst(y) && <i32>iOp.get(y) == Op.PtrToInt && operand(y, 0) == v)) { rhs = x; pred = swapPred(pred); }
    if (rhs < 0) continue;
    if (cmpExcludesZero(pred, rhs) && validAssumeForContext(a, cxt)) return true;
  }
  return false;
}
import { predicate as iAuxPred } from "../../ir/inst";

// isKnownNonNullFromDominatingCondition(V, CtxI, DT).
function nonNullFromDominatingCondition(v: i32, cxt: i32): bool {
  let fa = acAnalyses!, domTree = fa.domTree;
  let explored = 0;
  let ptr = isPtr(vType.get(v));
  for (let s = vFirstUse.get(v); s >= 0; s = opNext.get(s)) {
    if (explored >= 20) break;
    explored++;
    let u = opUser.get(s);
    if (!isInst(u)) continue;
    let op = <i32>iOp.get(u);
    let k = s - iOps.get(u);
    if (ptr && (op == Op.Call || op == Op.Invoke || op == Op.CallBr) && k >= 1 && k <= callNumArgs(u)) {
      let a = k - 1;
      let nonnull = (callParamHas(u, a, ATTR_NONNULL) && callParamHas(u, a, ATTR_NOUNDEF)) ||
        (callParamDeref(u, a) > 0 && !nullIsDefined(fnOfInst(u), tyA.get(vType.get(v))));
      if (nonnull && fa.dom.instDominates(domTree, u, cxt)) return true;
    }
    if ((op == Op.Load && k == 0) || (op == Op.Store && k == 1)) {
      if (!nullIsDefined(fnOfInst(u), tyA.get(vType.get(v))) && fa.dom.instDominates(domTree, u, cxt)) return true;
    }
    if ((op == Op.UDiv || op == Op.SDiv || op == Op.URem || op == Op.SRem) && k == 1 && validAssumeForContext(u, cxt)) return true;
    if (op != Op.ICmp) continue;
    let pred = iAuxPred(u);
    let rhs = k == 0 ? operand(u, 1) : operand(u, 0);
    if (k == 1) pred = swapPred(pred);
    let nonNullIfTrue: bool;
    if (cmpExcludesZero(pred, rhs)) nonNullIfTrue = true;
    else if (cmpExcludesZero(inversePred(pred), rhs)) nonNullIfTrue = false;
    else continue;
    if (dominatingBranchOn(u, nonNullIfTrue, cxt)) return true;
  }
  return false;
}
// A conditional branch on `cmp` (or, when the condition holds on true, on an `and`/`select`
// of it) whose non-null edge dominates the context.
function dominatingBranchOn(cmp: i32, onTrue: bool, cxt: i32): bool {
  let fa = acAnalyses!, blockNum = fa.cfg.blockNum;
  work.clear();
  work.push(cmp);
  let guard = 0;
  while (work.len > 0 && guard++ < 64) {
    let x = work.pop();
    for (let s = vFirstUse.get(x); s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      if (!isInst(u)) continue;
      let op = <i32>iOp.get(u);
      if (onTrue && (op == Op.And || (op == Op.Select && isFalseConst(operand(u, 2)))) && vType.get(u) == T_I1) { work.push(u); continue; }
      if (op == Op.Br && numOperands(u) == 3) {
        let succ = operand(u, onTrue ? 1 : 2), other = operand(u, onTrue ? 2 : 1);
        if (succ == other) continue;   // not a single edge
        let from = blockNum.get(vParent.get(u)), to = blockNum.get(succ);
        if (fa.dom.edgeDominates(fa.domTree, from, to, blockNum.get(vParent.get(cxt)))) return true;
      }
    }
  }
  return false;
}
function isFalseConst(v: i32): bool { return <i32>vKind.get(v) == VK.ConstInt && isZeroInt(v); }

// isKnownNonZero(V, Q{CxtI}) for the values a promoted pointer load can take.
export function isKnownNonZero(v: i32, cxt: i32, depth: i32): bool {
  let k = <i32>vKind.get(v);
  let ty = vType.get(v);
  if (k == VK.ConstNull || k == VK.ConstZero || k == VK.ConstUndef || k == VK.ConstPoison) return false;
  if (k == VK.ConstInt) return !isZeroInt(v);
  if (k == VK.GlobalVar || k == VK.Function || k == VK.Alias || k == VK.IFunc) {
    let g = vA.get(v);
    let abs = findAttachmentKind(gMD.get(g), S_ABSOLUTE);
    return !abs && <i32>gLinkage.get(g) != Linkage.ExternWeak && tyA.get(ty) == 0;
  }
  if (isConst(v) && k != VK.ConstExpr) return false;
  if (k != VK.ConstExpr && knownNonZeroFromAssume(v, cxt)) return true;
  if (depth++ >= MAX_DEPTH) return false;
  if (k == VK.Arg && isPtr(ty)) {
    let g = vA.get(vParent.get(v));
    let set = paramAttrs(gAttrs.get(g), vA.get(v));
    let as = tyA.get(ty);
    if (setHasKind(set, ATTR_NONNULL)) return true;
    if (derefBytes(set) > 0 && !nullIsDefined(g, as)) return true;
    if ((setHasKind(set, ATTR_BYVAL) || setHasKind(set, ATTR_INALLOCA) || setHasKind(set, ATTR_PREALLOCATED)) && !nullIsDefined(g, as)) return true;
  }
  if (k == VK.Inst || k == VK.ConstExpr) { if (nonZeroFromOperator(v, cxt, depth)) return true; }
  if (k != VK.ConstExpr && nonNullFromDominatingCondition(v, cxt)) return true;
  return false;
}
function findAttachmentKind(head: i32, nameStr: i32): bool {
  let kind = attachmentKindId(nameStr);
  return kind >= 0 && findAttachment(head, kind) >= 0;
}
import { mdKindName } from "../../ir/metadata";
function attachmentKindId(nameStr: i32): i32 {
  for (let i = 0; i < mdKindName.len; i++) if (mdKindName.get(i) == nameStr) return i;
  return -1;
}

function nonZeroFromOperator(i: i32, cxt: i32, depth: i32): bool {
  let op = <i32>iOp.get(i);
  let inst = <i32>vKind.get(i) == VK.Inst;
  let fn = inst ? fnOfInst(i) : acFn;
  switch (op) {
    case Op.Alloca: return tyA.get(vType.get(i)) == 0;
    case Op.GetElementPtr: return isPtr(vType.get(i)) && gepKnownNonNull(i, cxt, depth, fn);
    case Op.IntToPtr: {
      let src = operand(i, 0);
      if (typeBits(vType.get(src)) <= typeBits(vType.get(i))) return isKnownNonZero(src, cxt, depth);
      return false;
    }
    case Op.Select: return isKnownNonZero(operand(i, 1), cxt, depth) && isKnownNonZero(operand(i, 2), cxt, depth);
    case Op.Phi: {
      if (!inst) return false;
      let n = numOperands(i) >> 1;
      let nd = depth > MAX_DEPTH - 1 ? depth : MAX_DEPTH - 1;
      for (let j = 0; j < n; j++) {
        let x = operand(i, 2 * j);
        if (x == i) continue;
        let from = operand(i, 2 * j + 1);
        let t = lastInstOf(from);
        if (t < 0) return false;
        if (!isKnownNonZero(x, t, nd)) return false;
      }
      return true;
    }
    case Op.Load: {
      if (!inst || !isPtr(vType.get(i))) return false;
      if (findAttachment(iMD.get(i), MDK_NONNULL) >= 0) return true;
      if (findAttachment(iMD.get(i), MDK_DEREFERENCEABLE) >= 0 && !nullIsDefined(fn, tyA.get(vType.get(i)))) return true;
      return false;
    }
    case Op.Call: case Op.Invoke: {
      if (!isPtr(vType.get(i))) return false;
      if (callRetHas(i, ATTR_NONNULL)) return true;
      let d = derefBytes(retAttrs(callAttrs(i)));
      let g = directCallee(i);
      if (d == 0 && g >= 0) d = derefBytes(retAttrs(gAttrs.get(g)));
      if (d > 0 && !nullIsDefined(fn, tyA.get(vType.get(i)))) return true;
      // an argument the callee returns
      let na = callNumArgs(i);
      for (let a = 0; a < na; a++) if (callParamHas(i, a, ATTR_RETURNED)) return isKnownNonZero(operand(i, 1 + a), cxt, depth);
      return false;
    }
    case Op.Freeze: return false;
  }
  return false;
}
import { ATTR_RETURNED } from "../../ir/attributes";
const MDK_DEREFERENCEABLE = 12;   // FIXED_MD_KINDS index of "dereferenceable"
function typeBits(t: i32): i64 { return typeIsSized(t) ? typeAllocSize(t) * 8 : 0; }
function lastInstOf(b: i32): i32 { return b >= 0 ? vB.get(b) : -1; }
import { vB } from "../../ir/values";

// isGEPKnownNonNull.
function gepKnownNonNull(gep: i32, cxt: i32, depth: i32, fn: i32): bool {
  if ((iFlags.get(gep) & F_INBOUNDS) == 0) return false;
  let base = operand(gep, 0);
  if (nullIsDefined(fn, tyA.get(vType.get(base)))) return false;
  if (isKnownNonZero(base, cxt, depth)) return true;
  // an index that moves away from the base
  let ty = gepSourceType(gep);
  let n = numOperands(gep);
  for (let j = 1; j < n; j++) {
    let idx = operand(gep, j);
    if (j == 1) {
      if (nonZeroIndex(idx, ty, cxt, depth)) return true;
      continue;
    }
    if (isStruct(ty)) {
      if (<i32>vKind.get(idx) != VK.ConstInt) return false;
      let f = <i32>intLow64(idx);
      if (structMemberOffset(ty, f) != 0) return true;
      ty = memberType(ty, f);
      continue;
    }
    ty = elementOf(ty);
    if (ty < 0) return false;
    if (nonZeroIndex(idx, ty, cxt, depth)) return true;
  }
  return false;
}
function nonZeroIndex(idx: i32, elemTy: i32, cxt: i32, depth: i32): bool {
  if (!typeIsSized(elemTy) || typeAllocSize(elemTy) == 0) return false;
  if (<i32>vKind.get(idx) == VK.ConstInt) return !isZeroInt(idx);
  return isKnownNonZero(idx, cxt, depth);
}
function elementOf(t: i32): i32 {
  let k = <i32>tyKind.get(t);
  return k == TK.Array || k == TK.Vector || k == TK.ScalableVector ? tyA.get(t) : -1;
}
// The source element type of a GEP instruction or constant expression.
import { ext as extPool } from "../../ir/values";
function gepSourceType(g: i32): i32 { return <i32>vKind.get(g) == VK.Inst ? iExt.get(g) : extPool.get(iExt.get(g)); }

// ---- isGuaranteedNotToBePoison (no context) ----

export function isGuaranteedNotToBePoison(v: i32, depth: i32 = 0): bool {
  if (depth >= MAX_DEPTH) return false;
  let k = <i32>vKind.get(v);
  if (k == VK.ConstPoison) return false;
  if (k == VK.ConstUndef) return true;
  if (k == VK.ConstInt || k == VK.ConstFP || k == VK.ConstNull || k == VK.GlobalVar || k == VK.Function) return true;
  if (k == VK.ConstVector || k == VK.ConstData || (k == VK.ConstZero && isVectorTy(vType.get(v)))) {
    if (k == VK.ConstVector) {
      let n = numOperands(v);
      for (let j = 0; j < n; j++) {
        let e = operand(v, j);
        let ek = <i32>vKind.get(e);
        if (ek == VK.ConstPoison || ek == VK.ConstExpr) return false;
      }
    }
    return true;
  }
  if (k == VK.Arg) {
    let g = vA.get(vParent.get(v));
    let set = paramAttrs(gAttrs.get(g), vA.get(v));
    if (setHasKind(set, ATTR_NOUNDEF) || derefBytes(set) > 0 || setHasKind(set, ATTR_DEREF_OR_NULL)) return true;
    return programUndefinedIfPoison(v, false);
  }
  if (k == VK.ConstExpr) {
    let op = <i32>iOp.get(v);
    // casts that cannot make poison, over operands that are not poison
    if (op == Op.BitCast || op == Op.PtrToInt || op == Op.IntToPtr || op == Op.AddrSpaceCast || op == Op.Trunc ||
        op == Op.ZExt || op == Op.SExt) {
      if ((iFlags.get(v) & (F_NUW_ | F_NSW_)) != 0) return false;
      return isGuaranteedNotToBePoison(operand(v, 0), depth + 1);
    }
    return false;
  }
  return false;
}
import { F_NUW as F_NUW_, F_NSW as F_NSW_ } from "../../ir/opcodes";
import { gFirstBlock } from "../../ir/globals";
function isVectorTy(t: i32): bool { let k = <i32>tyKind.get(t); return k == TK.Vector; }
let ATTR_DEREF_OR_NULL: i32 = -1;

// ---- convertMetadataToAssumes ----

// Called before load `li` is replaced by `val`.
export function convertMetadataToAssumes(li: i32, val: i32): void {
  let md = iMD.get(li);
  if (md < 0) return;
  let noundef = findAttachment(md, MDK_NOUNDEF) >= 0;
  let vk = <i32>vKind.get(val);
  if ((vk == VK.ConstUndef || vk == VK.ConstPoison) && noundef) {
    // store i1 true, ptr poison, align 1
    scratch.clear(); scratch.push(getBool(true)); scratch.push(getPoison(T_PTR));
    let st = createInst(Op.Store, T_VOID, scratch, 0, 2);
    iExt.set(st, -1);
    setAlignBytes(st, 1);
    insertAdoptingRecords(li, st);
    acAnalyses!.dom.invalidateInstOrder();
    return;
  }
  if (noundef && findAttachment(md, MDK_NONNULL) >= 0) {
    ensureAssumptions();
    if (!isKnownNonZero(val, li, 0)) addAssumeNonNull(li);
  }
}
let scratch: I32Vec = new I32Vec(4);

// icmp ne ptr %li, null ; call void @llvm.assume(i1 %c) — right after the load.
function addAssumeNonNull(li: i32): void {
  let fn = assumeDeclaration();
  let next = iNext.get(li);
  scratch.clear(); scratch.push(li); scratch.push(getNull(vType.get(li)));
  let cmp = createInst(Op.ICmp, T_I1, scratch, 0, 2);
  setPredicate(cmp, ICMP_NE);
  insertBefore(next, cmp);
  scratch.clear(); scratch.push(cmp);
  setInsertPointBefore(next);
  let call = buildCall(gValueType.get(fn), gValue.get(fn), scratch, 0, 1, -1, 0, 0);
  acAnalyses!.dom.invalidateInstOrder();
  registerAssumption(call);
}
// Intrinsic::getDeclaration(M, Intrinsic::assume).
function assumeDeclaration(): i32 {
  if (assumeFn >= 0 && (gFlags.get(assumeFn) & GF_ERASED) == 0) return assumeFn;
  scratch.clear(); scratch.push(T_I1);
  assumeFn = getOrDeclareIntrinsic(S_ASSUME, functionType(T_VOID, scratch, 0, 1, false));
  return assumeFn;
}
