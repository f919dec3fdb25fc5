// What ValueTracking knows of the values mem2reg hands on: isKnownNonZero, the part that applies
// to pointers (constants and globals, nonnull/dereferenceable arguments and call results, allocas,
// inbounds GEPs, loads tagged !nonnull, phis and selects of such values, assumptions of
// assumptions.ts, and dominating null checks, uses as a load/store address, and nonnull call
// arguments); and isGuaranteedNotToBePoison for the values the single-store fast path stores.
import { I32Vec } from "../util/vec";
import {
  VK, vKind, vType, vParent, vA, vB, iOp, iFlags, iExt, iMD, vFirstUse, opUser, opNext, iOps, operand, numOperands,
  ext as extPool,
} from "../ir/values";
import { Op, F_INBOUNDS, F_NUW, F_NSW } from "../ir/opcodes";
import { callAttrs, callNumArgs, bundleFirstOp, bundleNumOps, bundleTag, callNumBundles, predicate } from "../ir/inst";
import { gAttrs, gLinkage, Linkage, gMD } from "../ir/globals";
import {
  retAttrs, paramAttrs, setHasKind, ATTR_NONNULL, ATTR_NOUNDEF, ATTR_BYVAL, ATTR_RETURNED, ATTR_INALLOCA, ATTR_PREALLOCATED,
  ATTR_DEREF_OR_NULL,
} from "../ir/attributes";
import { findAttachment, MDK_NONNULL, mdKindName } from "../ir/metadata";
import { T_I1, TK, tyKind, tyA, isPtr, memberType, isStruct } from "../ir/types";
import { isZeroInt, isNullValue, intLow64 } from "../ir/constants";
import { typeAllocSize, structMemberOffset, typeIsSized } from "../ir/datalayout";
import { directCallee, callRetHas, callParamHas } from "../ir/query";
import { PoisonQuery } from "./poison";
import {
  AssumptionCache, fnOfInst, nullIsDefined, derefBytes, callParamDeref, isInst, isConst,
} from "./assumptions";

const MAX_DEPTH = 6;
export const ICMP_EQ = 32, ICMP_NE = 33, ICMP_UGT = 34;
const MDK_DEREFERENCEABLE = 12;   // FIXED_MD_KINDS index of "dereferenceable"

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
function isFalseConst(v: i32): bool { return <i32>vKind.get(v) == VK.ConstInt && isZeroInt(v); }

function findAttachmentKind(head: i32, nameStr: i32): bool {
  let kind = attachmentKindId(nameStr);
  return kind >= 0 && findAttachment(head, kind) >= 0;
}
function attachmentKindId(nameStr: i32): i32 {
  for (let i = 0; i < mdKindName.len; i++) if (mdKindName.get(i) == nameStr) return i;
  return -1;
}
function typeBits(t: i32): i64 { return typeIsSized(t) ? typeAllocSize(t) * 8 : 0; }
function lastInstOf(b: i32): i32 { return b >= 0 ? vB.get(b) : -1; }
function elementOf(t: i32): i32 {
  let k = <i32>tyKind.get(t);
  return k == TK.Array || k == TK.Vector || k == TK.ScalableVector ? tyA.get(t) : -1;
}
// The source element type of a GEP instruction or constant expression.
function gepSourceType(g: i32): i32 { return <i32>vKind.get(g) == VK.Inst ? iExt.get(g) : extPool.get(iExt.get(g)); }

function isVectorTy(t: i32): bool { let k = <i32>tyKind.get(t); return k == TK.Vector; }

// ---- the queries ----

// What one pipeline run's mem2reg asks of ValueTracking: the assumption cache (its function and
// analyses are the context's), the poison walk and a work list.
@final export class NonZeroQuery {
  private work: I32Vec = new I32Vec();
  constructor(private ac: AssumptionCache, private poison: PoisonQuery) {}

  private knownNonZeroFromAssume(v: i32, cxt: i32): bool {
    let ac = this.ac;
    for (let e = ac.indexedAssumptionsFor(v); e >= 0; e = ac.nextAssumption(e)) {
      let a = ac.assumeAt(e);
      if (<i32>vKind.get(a) != VK.Inst) continue;
      // bundles: nonnull(v), dereferenceable(v, n)
      let nb = callNumBundles(a);
      for (let b = 0; b < nb; b++) {
        if (bundleNumOps(a, b) == 0 || operand(a, bundleFirstOp(a, b)) != v) continue;
        let tag = bundleTag(a, b);
        let ok = tag == ac.S_NONNULL || (tag == ac.S_DEREF && isPtr(vType.get(v)) && !nullIsDefined(fnOfInst(cxt), tyA.get(vType.get(v))));
        if (ok && this.ac.validAssumeForContext(a, cxt)) return true;
      }
      let c = operand(a, 1);
      if (!isInst(c) || <i32>iOp.get(c) != Op.ICmp) continue;
      let x = operand(c, 0), y = operand(c, 1);
      let pred = predicate(c);
      let rhs = -1;
      if (x == v || (isInst(x) && <i32>iOp.get(x) == Op.PtrToInt && operand(x, 0) == v)) rhs = y;
      else if (y == v || (isInst(y) && <i32>iOp.get(y) == Op.PtrToInt && operand(y, 0) == v)) { rhs = x; pred = swapPred(pred); }
      if (rhs < 0) continue;
      if (cmpExcludesZero(pred, rhs) && this.ac.validAssumeForContext(a, cxt)) return true;
    }
    return false;
  }
  // isKnownNonNullFromDominatingCondition(V, CtxI, DT).
  private nonNullFromDominatingCondition(v: i32, cxt: i32): bool {
    let fa = this.ac.fa, domTree = fa.domTree;
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
      if ((op == Op.UDiv || op == Op.SDiv || op == Op.URem || op == Op.SRem) && k == 1 && this.ac.validAssumeForContext(u, cxt)) return true;
      if (op != Op.ICmp) continue;
      let pred = predicate(u);
      let rhs = k == 0 ? operand(u, 1) : operand(u, 0);
      if (k == 1) pred = swapPred(pred);
      let nonNullIfTrue: bool;
      if (cmpExcludesZero(pred, rhs)) nonNullIfTrue = true;
      else if (cmpExcludesZero(inversePred(pred), rhs)) nonNullIfTrue = false;
      else continue;
      if (this.dominatingBranchOn(u, nonNullIfTrue, cxt)) return true;
    }
    return false;
  }
  // A conditional branch on `cmp` (or, when the condition holds on true, on an `and`/`select`
  // of it) whose non-null edge dominates the context.
  private dominatingBranchOn(cmp: i32, onTrue: bool, cxt: i32): bool {
    let fa = this.ac.fa, blockNum = fa.cfg.blockNum;
    let work = this.work;
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
  // isKnownNonZero(V, Q{CxtI}) for the values a promoted pointer load can take.
  isKnownNonZero(v: i32, cxt: i32, depth: i32): bool {
    let k = <i32>vKind.get(v);
    let ty = vType.get(v);
    if (k == VK.ConstNull || k == VK.ConstZero || k == VK.ConstUndef || k == VK.ConstPoison) return false;
    if (k == VK.ConstInt) return !isZeroInt(v);
    if (k == VK.GlobalVar || k == VK.Function || k == VK.Alias || k == VK.IFunc) {
      let g = vA.get(v);
      let abs = findAttachmentKind(gMD.get(g), this.ac.S_ABSOLUTE);
      return !abs && <i32>gLinkage.get(g) != Linkage.ExternWeak && tyA.get(ty) == 0;
    }
    if (isConst(v) && k != VK.ConstExpr) return false;
    if (k != VK.ConstExpr && this.knownNonZeroFromAssume(v, cxt)) return true;
    if (depth++ >= MAX_DEPTH) return false;
    if (k == VK.Arg && isPtr(ty)) {
      let g = vA.get(vParent.get(v));
      let set = paramAttrs(gAttrs.get(g), vA.get(v));
      let as = tyA.get(ty);
      if (setHasKind(set, ATTR_NONNULL)) return true;
      if (derefBytes(set) > 0 && !nullIsDefined(g, as)) return true;
      if ((setHasKind(set, ATTR_BYVAL) || setHasKind(set, ATTR_INALLOCA) || setHasKind(set, ATTR_PREALLOCATED)) && !nullIsDefined(g, as)) return true;
    }
    if (k == VK.Inst || k == VK.ConstExpr) { if (this.nonZeroFromOperator(v, cxt, depth)) return true; }
    if (k != VK.ConstExpr && this.nonNullFromDominatingCondition(v, cxt)) return true;
    return false;
  }
  private nonZeroFromOperator(i: i32, cxt: i32, depth: i32): bool {
    let op = <i32>iOp.get(i);
    let inst = <i32>vKind.get(i) == VK.Inst;
    let fn = inst ? fnOfInst(i) : this.ac.fn;
    switch (op) {
      case Op.Alloca: return tyA.get(vType.get(i)) == 0;
      case Op.GetElementPtr: return isPtr(vType.get(i)) && this.gepKnownNonNull(i, cxt, depth, fn);
      case Op.IntToPtr: {
        let src = operand(i, 0);
        if (typeBits(vType.get(src)) <= typeBits(vType.get(i))) return this.isKnownNonZero(src, cxt, depth);
        return false;
      }
      case Op.Select: return this.isKnownNonZero(operand(i, 1), cxt, depth) && this.isKnownNonZero(operand(i, 2), cxt, depth);
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
          if (!this.isKnownNonZero(x, t, nd)) return false;
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
        for (let a = 0; a < na; a++) if (callParamHas(i, a, ATTR_RETURNED)) return this.isKnownNonZero(operand(i, 1 + a), cxt, depth);
        return false;
      }
      case Op.Freeze: return false;
    }
    return false;
  }
  // isGEPKnownNonNull.
  private gepKnownNonNull(gep: i32, cxt: i32, depth: i32, fn: i32): bool {
    if ((iFlags.get(gep) & F_INBOUNDS) == 0) return false;
    let base = operand(gep, 0);
    if (nullIsDefined(fn, tyA.get(vType.get(base)))) return false;
    if (this.isKnownNonZero(base, cxt, depth)) return true;
    // an index that moves away from the base
    let ty = gepSourceType(gep);
    let n = numOperands(gep);
    for (let j = 1; j < n; j++) {
      let idx = operand(gep, j);
      if (j == 1) {
        if (this.nonZeroIndex(idx, ty, cxt, depth)) return true;
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
      if (this.nonZeroIndex(idx, ty, cxt, depth)) return true;
    }
    return false;
  }
  private nonZeroIndex(idx: i32, elemTy: i32, cxt: i32, depth: i32): bool {
    if (!typeIsSized(elemTy) || typeAllocSize(elemTy) == 0) return false;
    if (<i32>vKind.get(idx) == VK.ConstInt) return !isZeroInt(idx);
    return this.isKnownNonZero(idx, cxt, depth);
  }
  // isGuaranteedNotToBePoison without a context (the values the single-store fast path stores).
  isGuaranteedNotToBePoison(v: i32, depth: i32 = 0): bool {
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
      return this.poison.programUndefinedIfPoison(v, false);
    }
    if (k == VK.ConstExpr) {
      let op = <i32>iOp.get(v);
      // casts that cannot make poison, over operands that are not poison
      if (op == Op.BitCast || op == Op.PtrToInt || op == Op.IntToPtr || op == Op.AddrSpaceCast || op == Op.Trunc ||
          op == Op.ZExt || op == Op.SExt) {
        if ((iFlags.get(v) & (F_NUW | F_NSW)) != 0) return false;
        return this.isGuaranteedNotToBePoison(operand(v, 0), depth + 1);
      }
      return false;
    }
    return false;
  }
}
