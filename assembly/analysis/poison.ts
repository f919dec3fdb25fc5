// isGuaranteedNotToBePoison(V, AC, CtxI, DT) as LLVM 22's ValueTracking answers it, for the phi
// folding of mem2reg after LLVM 19 (simplifyPHINode no longer lets `phi [X, undef]` become X
// unless X cannot be poison: undef may be refined to X, poison may not).
//
// In order (each a reason to say yes; the recursion stops at depth 6):
//  - an argument with noundef, dereferenceable or dereferenceable_or_null;
//  - constants: not poison; undef (it is not poison); integers, floats, null, global variables and
//    functions; vectors without poison elements or constant expressions;
//  - a pointer whose zero-index GEPs, bitcasts and `returned` call arguments (not aliases) lead to
//    an alloca, a global variable, a function or null;
//  - a freeze; a call whose return is noundef or dereferenceable(_or_null);
//  - an instruction or constant expression that cannot make poison itself (no poison-generating
//    flag, metadata or return attribute, and an opcode that only passes poison on) whose operands
//    are all guaranteed (a phi: each incoming value, at the terminator of its block; a splat
//    shuffle: the splatted value);
//  - a load tagged !noundef, !dereferenceable or !dereferenceable_or_null;
//  - programUndefinedIfPoison: from just after the value (the entry block for an argument),
//    following single successors, at most 31 instructions while execution surely goes on, an
//    instruction that is UB on a poison operand uses the value or something poison in it flows to;
//  - with a context: a dominator of the context's block branches or switches on the value, or on
//    an instruction that poison in the value flows to directly; an llvm.assume "noundef" bundle on
//    the value valid at the context.
import { I32Vec } from "../util/vec";
import {
  VK, vKind, vType, vName, vParent, vA, vB, iOp, iFlags, iExt, iMD, iNext, iAux, operand, numOperands, ext,
} from "../ir/values";
import {
  Op, F_NUW, F_NSW, F_EXACT, F_DISJOINT, F_NNEG, F_INBOUNDS, F_GEP_NUSW, F_GEP_NUW, F_SAMESIGN, F_FMF_SHIFT,
  FMF_NNAN, FMF_NINF, isBinary, isCast,
} from "../ir/opcodes";
import { callAttrs, callNumArgs, callNumBundles, bundleFirstOp, bundleNumOps, bundleTag, listCount } from "../ir/inst";
import { gAttrs, gFirstBlock } from "../ir/globals";
import {
  fnAttrs, retAttrs, paramAttrs, setHasKind, ATTR_NOUNDEF, ATTR_DEREF, ATTR_DEREF_OR_NULL, ATTR_NOCREATE_UNDEF_OR_POISON,
  ATTR_RETURNED, ATTR_ALIGN, ATTR_RANGE, ATTR_NONNULL,
} from "../ir/attributes";
import { findAttachment, MDK_NOUNDEF, MDK_RANGE, MDK_NONNULL } from "../ir/metadata";
import { TK, tyKind, tyA, tyN, isPtr } from "../ir/types";
import { intLow64, intWordCount, intWord } from "../ir/constants";
import { strtab } from "../ir/module";
import { directCallee, callFnHas, callRetHas, callParamHas, isIntrinsicCall } from "../ir/query";
import { FunctionAnalyses } from "./context";
import { numIncoming, incomingValue, incomingBlock } from "../ir/inst";
import { AssumptionCache, transfersExecution } from "./assumptions";

const MAX_DEPTH = 6;
const MDK_DEREF = 12, MDK_DEREF_OR_NULL = 13, MDK_ALIGN = 17;

// ---- attribute and intrinsic queries ----

@inline function has(set: i32, kind: i32): bool { return setHasKind(set, kind); }
// The intrinsic name of call c without the "llvm." prefix and the type suffix is `base`.
function isIntrinsic(c: i32, base: string): bool {
  let f = operand(c, 0);
  if (f < 0 || <i32>vKind.get(f) != VK.Function) return false;
  let nm = vName.get(f);
  return nm >= 0 && strtab.isIntrinsicName(nm, "llvm." + base);
}
// intrinsicPropagatesPoison (LLVM 22's list).
const PROPAGATING: string[] = [
  "sadd.with.overflow", "ssub.with.overflow", "smul.with.overflow", "uadd.with.overflow", "usub.with.overflow",
  "umul.with.overflow", "ctpop", "ctlz", "cttz", "abs", "smax", "smin", "umax", "umin", "scmp", "is.fpclass",
  "ptrmask", "ucmp", "bitreverse", "bswap", "sadd.sat", "ssub.sat", "sshl.sat", "uadd.sat", "usub.sat",
  "ushl.sat", "smul.fix", "smul.fix.sat", "umul.fix", "umul.fix.sat", "pow", "powi", "sin", "sinh", "cos", "cosh",
  "sincos", "sincospi", "tan", "tanh", "asin", "acos", "atan", "atan2", "canonicalize", "sqrt", "exp", "exp2",
  "exp10", "log", "log2", "log10", "modf", "floor", "ceil", "trunc", "rint", "nearbyint", "round", "roundeven",
  "lrint", "llrint", "fshl", "fshr",
];
function intrinsicPropagatesPoison(c: i32): bool {
  if (!isIntrinsicCall(c)) return false;
  for (let i = 0; i < PROPAGATING.length; i++) if (isIntrinsic(c, PROPAGATING[i])) return true;
  return false;
}
// propagatesPoison(operand k of user u).
export function propagatesPoison22(u: i32, k: i32): bool {
  let op = <i32>iOp.get(u);
  if (op == Op.Freeze || op == Op.Phi || op == Op.Invoke) return false;
  if (op == Op.Select) return k == 0;
  if (op == Op.Call) return <i32>vKind.get(u) == VK.Inst && intrinsicPropagatesPoison(u);
  if (op == Op.ICmp || op == Op.FCmp || op == Op.GetElementPtr) return true;
  return isBinary(op) || op == Op.FNeg || isCast(op);
}

// ---- canCreateUndefOrPoison(Op, PoisonOnly, ConsiderFlagsAndMetadata = true) ----

function isFPMath(v: i32): bool {
  let op = <i32>iOp.get(v);
  if (op == Op.FNeg || op == Op.FAdd || op == Op.FSub || op == Op.FMul || op == Op.FDiv || op == Op.FRem || op == Op.FCmp) return true;
  if (op == Op.Phi || op == Op.Select || op == Op.Call) {
    let t = vType.get(v);
    while (<i32>tyKind.get(t) == TK.Array) t = tyA.get(t);
    let k = <i32>tyKind.get(t);
    if (k == TK.Vector || k == TK.ScalableVector) { t = tyA.get(t); k = <i32>tyKind.get(t); }
    return k >= TK.Half && k <= TK.PPCFP128;
  }
  return false;
}
// Operator::hasPoisonGeneratingFlags, and for instructions the metadata and return attributes.
function hasPoisonGeneratingAnnotations(v: i32): bool {
  let op = <i32>iOp.get(v);
  let f = iFlags.get(v);
  switch (op) {
    case Op.Add: case Op.Sub: case Op.Mul: case Op.Shl: case Op.Trunc:
      if ((f & (F_NUW | F_NSW)) != 0) return true; break;
    case Op.UDiv: case Op.SDiv: case Op.AShr: case Op.LShr:
      if ((f & F_EXACT) != 0) return true; break;
    case Op.Or: if ((f & F_DISJOINT) != 0) return true; break;
    case Op.ZExt: case Op.UIToFP: if ((f & F_NNEG) != 0) return true; break;
    case Op.ICmp: if ((f & F_SAMESIGN) != 0) return true; break;
    case Op.GetElementPtr:
      if ((f & (F_INBOUNDS | F_GEP_NUSW | F_GEP_NUW)) != 0) return true;
      if (<i32>vKind.get(v) == VK.ConstExpr && iAux.get(v) == 1) return true;   // inrange
      break;
    default: break;
  }
  if (isFPMath(v) && ((f >> F_FMF_SHIFT) & (FMF_NNAN | FMF_NINF)) != 0) return true;
  if (<i32>vKind.get(v) != VK.Inst) return false;
  let md = iMD.get(v);
  if (md >= 0 && (findAttachment(md, MDK_RANGE) >= 0 || findAttachment(md, MDK_NONNULL) >= 0 || findAttachment(md, MDK_ALIGN) >= 0)) return true;
  if (op == Op.Call || op == Op.Invoke || op == Op.CallBr) {
    let r = retAttrs(callAttrs(v));
    if (has(r, ATTR_RANGE) || has(r, ATTR_ALIGN) || has(r, ATTR_NONNULL)) return true;
  }
  return false;
}
// A constant shift amount below the bit width (each element of a fixed vector).
function shiftAmountInRange(a: i32): bool {
  let k = <i32>vKind.get(a);
  if (k == VK.ConstInt) return intBelow(a, tyA.get(vType.get(a)));
  if (k == VK.ConstVector) {
    let n = numOperands(a);
    for (let j = 0; j < n; j++) {
      let e = operand(a, j);
      if (<i32>vKind.get(e) != VK.ConstInt || !intBelow(e, tyA.get(vType.get(e)))) return false;
    }
    return true;
  }
  return false;   // ConstantDataVector splats and the rest: not looked into
}
function intBelow(c: i32, width: i32): bool {
  for (let w = 2; w < intWordCount(c); w++) if (intWord(c, w) != 0) return false;
  return intLow64(c) < <u64>width;
}
function canCreatePoison(v: i32): bool {
  if (hasPoisonGeneratingAnnotations(v)) return true;
  let op = <i32>iOp.get(v);
  let inst = <i32>vKind.get(v) == VK.Inst;
  switch (op) {
    case Op.Shl: case Op.AShr: case Op.LShr: return !shiftAmountInRange(operand(v, 1));
    case Op.FPToSI: case Op.FPToUI: return true;
    case Op.Call: case Op.CallBr: case Op.Invoke: {
      if (op == Op.Call && inst && isIntrinsicCall(v)) {
        if (isIntrinsic(v, "ctlz") || isIntrinsic(v, "cttz") || isIntrinsic(v, "abs")) return false;
        if ((isIntrinsic(v, "sshl.sat") || isIntrinsic(v, "ushl.sat")) && shiftAmountInRange(operand(v, 2))) return false;
      }
      return !callRetHas(v, ATTR_NOUNDEF) && !callFnHas(v, ATTR_NOCREATE_UNDEF_OR_POISON);
    }
    case Op.InsertElement: case Op.ExtractElement: {
      let vt = vType.get(operand(v, 0));
      let idx = operand(v, op == Op.InsertElement ? 2 : 1);
      if (<i32>vKind.get(idx) != VK.ConstInt) return true;
      for (let w = 2; w < intWordCount(idx); w++) if (intWord(idx, w) != 0) return true;
      return intLow64(idx) >= <u64>tyN.get(vt);
    }
    case Op.ShuffleVector: {
      if (!inst) return true;   // a shufflevector constant expression: not looked into
      let base = iExt.get(v);
      let n = listCount(v);
      for (let j = 0; j < n; j++) if (ext.get(base + 1 + j) < 0) return true;
      return false;
    }
    case Op.FNeg: case Op.Phi: case Op.Select: case Op.ExtractValue: case Op.InsertValue: case Op.Freeze:
    case Op.ICmp: case Op.FCmp: case Op.GetElementPtr:
      return false;
    case Op.AddrSpaceCast: return true;
    default: break;
  }
  if (isCast(op) || isBinary(op)) return false;
  return true;
}

// ---- stripPointerCastsSameRepresentation ----

function stripSameRepresentation(v: i32): i32 {
  if (!isPtr(vType.get(v))) return v;
  for (let guard = 0; guard < 64; guard++) {
    let k = <i32>vKind.get(v);
    let isOp = k == VK.Inst || k == VK.ConstExpr;
    let op = isOp ? <i32>iOp.get(v) : -1;
    if (op == Op.GetElementPtr) {
      if (!allZeroIndices(v)) return v;
      v = operand(v, 0);
    } else if (op == Op.BitCast) {
      let s = operand(v, 0);
      if (!isPtr(vType.get(s))) return v;
      v = s;
    } else if (k == VK.Inst && (op == Op.Call || op == Op.Invoke || op == Op.CallBr)) {
      let n = callNumArgs(v);
      let r = -1;
      for (let a = 0; a < n; a++) if (callParamHas(v, a, ATTR_RETURNED)) { r = operand(v, 1 + a); break; }
      if (r < 0) return v;
      v = r;
    } else return v;
  }
  return v;
}
function allZeroIndices(g: i32): bool {
  let n = numOperands(g);
  for (let j = 1; j < n; j++) {
    let x = operand(g, j);
    let k = <i32>vKind.get(x);
    if (k == VK.ConstZero || k == VK.ConstNull) continue;
    if (k != VK.ConstInt) return false;
    for (let w = 0; w < intWordCount(x); w++) if (intWord(x, w) != 0) return false;
  }
  return true;
}

function isVectorType(t: i32): bool { let k = <i32>tyKind.get(t); return k == TK.Vector || k == TK.ScalableVector; }
function lastInst(b: i32): i32 { return b >= 0 ? vB.get(b) : -1; }
// getSplatValue of a shufflevector instruction: shuffle (insertelement ?, X, 0), ?, zeromask -> X.
function splatSource(s: i32): i32 {
  let ins = operand(s, 0);
  if (<i32>vKind.get(ins) != VK.Inst || <i32>iOp.get(ins) != Op.InsertElement) return -1;
  let idx = operand(ins, 2);
  if (<i32>vKind.get(idx) != VK.ConstInt) return -1;
  for (let w = 0; w < intWordCount(idx); w++) if (intWord(idx, w) != 0) return -1;
  let base = iExt.get(s);
  let n = listCount(s);
  for (let j = 0; j < n; j++) { let m = ext.get(base + 1 + j); if (m != 0 && m != -1) return -1; }
  return operand(ins, 1);
}
// BasicBlock::getSingleSuccessor: exactly one successor edge.
function singleSuccessor(t: i32): i32 {
  let op = <i32>iOp.get(t);
  if (op == Op.Br && numOperands(t) == 1) return operand(t, 0);
  if (op == Op.Switch && numOperands(t) == 2) return operand(t, 1);
  return -1;
}

// ---- the query ----

// The poison questions of one pipeline run's mem2reg: the assumption cache they consult, the
// walk's scratch and the `noundef` bundle tag (interned on first use).
@final export class PoisonQuery {
  private ready: bool = false;
  private S_NOUNDEF: i32 = -1;
  private yields: I32Vec = new I32Vec();
  private seenB: I32Vec = new I32Vec();
  constructor(private ac: AssumptionCache) {}
  private init(): void {
    if (this.ready) return;
    this.ready = true;
    this.S_NOUNDEF = strtab.internStr("noundef");
  }

  // cxt: the context instruction (-1 for none); withAC: an assumption cache is given.
  guaranteedNotPoison(fa: FunctionAnalyses, v: i32, cxt: i32, depth: i32, withAC: bool): bool {
    this.init();
    if (depth >= MAX_DEPTH) return false;
    let k = <i32>vKind.get(v);
    if (k == VK.MDValue) return false;
    if (k == VK.Arg) {
      let set = paramAttrs(gAttrs.get(vA.get(vParent.get(v))), vA.get(v));
      if (has(set, ATTR_NOUNDEF) || has(set, ATTR_DEREF) || has(set, ATTR_DEREF_OR_NULL)) return true;
    }
    if (k >= VK.GlobalVar && k <= VK.PtrAuth && k != VK.ConstExpr) {
      // constants (ConstantExpr handled as an operator below)
      if (k == VK.ConstPoison) return false;
      if (k == VK.ConstUndef) return true;
      if (k == VK.ConstInt || k == VK.ConstFP || k == VK.ConstNull || k == VK.GlobalVar || k == VK.Function) return true;
      let t = vType.get(v);
      let tk = <i32>tyKind.get(t);
      if (k == VK.ConstZero && tk != TK.Vector && tk != TK.ScalableVector && tk != TK.Array && tk != TK.Struct && tk != TK.NamedStruct) return true;
      if (tk == TK.Vector || tk == TK.ScalableVector) {
        if (k == VK.ConstVector) {
          let n = numOperands(v);
          for (let j = 0; j < n; j++) {
            let ek = <i32>vKind.get(operand(v, j));
            if (ek == VK.ConstPoison || ek == VK.ConstExpr) return false;
          }
        }
        return true;
      }
    } else if (k == VK.ConstExpr && isVectorType(vType.get(v))) {
      // a splat constant expression of an int or float: not looked into
    }
    let s = stripSameRepresentation(v);
    let sk = <i32>vKind.get(s);
    if (sk == VK.GlobalVar || sk == VK.Function || sk == VK.ConstNull) return true;
    if (sk == VK.Inst && <i32>iOp.get(s) == Op.Alloca) return true;

    if (k == VK.Inst || k == VK.ConstExpr) {
      let op = <i32>iOp.get(v);
      if (op == Op.Freeze && k == VK.Inst) return true;
      if (k == VK.Inst && (op == Op.Call || op == Op.Invoke || op == Op.CallBr)) {
        if (callRetHas(v, ATTR_NOUNDEF) || callRetHas(v, ATTR_DEREF) || callRetHas(v, ATTR_DEREF_OR_NULL)) return true;
      }
      if (!canCreatePoison(v)) {
        if (op == Op.Phi && k == VK.Inst) {
          let n = numIncoming(v);
          let ok = true;
          for (let j = 0; j < n; j++) {
            let x = incomingValue(v, j);
            if (x == v) continue;
            let ti = lastInst(incomingBlock(v, j));
            if (!this.guaranteedNotPoison(fa, x, ti, depth + 1, withAC)) { ok = false; break; }
          }
          if (ok) return true;
        } else if (op == Op.ShuffleVector && k == VK.Inst && splatSource(v) >= 0) {
          if (this.guaranteedNotPoison(fa, splatSource(v), cxt, depth + 1, withAC)) return true;
        } else {
          let n = numOperands(v);
          let ok = true;
          for (let j = 0; j < n; j++) {
            let x = operand(v, j);
            if (x < 0) continue;
            if (!this.guaranteedNotPoison(fa, x, cxt, depth + 1, withAC)) { ok = false; break; }
          }
          if (ok) return true;
        }
      }
    }
    if (k == VK.Inst && <i32>iOp.get(v) == Op.Load) {
      let md = iMD.get(v);
      if (md >= 0 && (findAttachment(md, MDK_NOUNDEF) >= 0 || findAttachment(md, MDK_DEREF) >= 0 || findAttachment(md, MDK_DEREF_OR_NULL) >= 0)) return true;
    }
    if ((k == VK.Inst || k == VK.Arg) && this.programUndefinedIfPoison(v, true)) return true;
    if (cxt < 0) return false;
    let cb = vParent.get(cxt);
    let blockNum = fa.cfg.blockNum, cfgBlock = fa.cfg.block, domTree = fa.domTree;
    if (cb < 0 || blockNum.get(cb) < 0) return false;
    let bn = blockNum.get(cb);
    if (!domTree.inTree(bn)) return false;
    for (let d = domTree.idomOf(bn); d >= 0; d = domTree.idomOf(d)) {
      let t = lastInst(cfgBlock.get(d));
      if (t < 0) continue;
      let top = <i32>iOp.get(t);
      let cond = -1;
      if (top == Op.Br && numOperands(t) == 3) cond = operand(t, 0);
      else if (top == Op.Switch) cond = operand(t, 0);
      if (cond < 0) continue;
      if (cond == v) return true;
      let ck = <i32>vKind.get(cond);
      if (ck == VK.Inst || ck == VK.ConstExpr) {
        let n = numOperands(cond);
        for (let j = 0; j < n; j++) if (operand(cond, j) == v && propagatesPoison22(cond, j)) return true;
      }
    }
    if (withAC && this.noundefAssumed(v, cxt)) return true;
    return false;
  }
  // getKnowledgeValidInContext(V, {NoUndef}, AC, CtxI, DT): an assume bundle "noundef"(V).
  private noundefAssumed(v: i32, cxt: i32): bool {
    let ac = this.ac;
    for (let e = ac.assumptionsFor(v); e >= 0; e = ac.nextAssumption(e)) {
      let a = ac.assumeAt(e);
      if (<i32>vKind.get(a) != VK.Inst) continue;
      let nb = callNumBundles(a);
      for (let b = 0; b < nb; b++) {
        if (bundleTag(a, b) != this.S_NOUNDEF || bundleNumOps(a, b) == 0 || operand(a, bundleFirstOp(a, b)) != v) continue;
        if (ac.validAssumeForContext(a, cxt)) return true;
      }
    }
    return false;
  }

  // ---- programUndefinedIfUndefOrPoison(V, PoisonOnly = true) ----
  // From just after v (the entry block for an argument), following single successors, at most 31
  // instructions while execution surely goes on: an instruction that is UB on a poison operand uses
  // v or a value poison in v flows to. intrinsics: calls of LLVM 22's poison-propagating intrinsics
  // pass poison on (the LLVM 19 walk, isGuaranteedNotToBePoison in known-nonzero.ts, stops poison at every call).

  private inYields(v: i32): bool { let yields = this.yields; for (let k = 0; k < yields.len; k++) if (yields.get(k) == v) return true; return false; }
  programUndefinedIfPoison(v: i32, intrinsics: bool): bool {
    this.init();
    let b: i32, i: i32;
    if (<i32>vKind.get(v) == VK.Inst) { b = vParent.get(v); i = iNext.get(v); }
    else {
      b = gFirstBlock.get(vA.get(vParent.get(v)));
      if (b < 0) return false;
      i = vA.get(b);
    }
    let yields = this.yields, seenB = this.seenB;
    yields.clear(); yields.push(v);
    seenB.clear(); seenB.push(b);
    let limit = 32;
    while (true) {
      for (; i >= 0; i = iNext.get(i)) {
        if (<i32>vKind.get(i) != VK.Inst) continue;   // erased
        if (--limit == 0) return false;
        if (this.mustTriggerUB(i)) return true;
        if (!transfersExecution(i)) return false;
        let n = numOperands(i);
        let prop = false;
        for (let k = 0; k < n && !prop; k++) if (this.inYields(operand(i, k)) && (intrinsics || <i32>iOp.get(i) != Op.Call) && propagatesPoison22(i, k)) prop = true;
        if (!prop && <i32>iOp.get(i) == Op.Select && this.inYields(operand(i, 1)) && this.inYields(operand(i, 2))) prop = true;
        if (prop) yields.push(i);
      }
      let t = lastInst(b);
      if (t < 0) return false;
      let nb = singleSuccessor(t);
      if (nb < 0) return false;
      for (let k = 0; k < seenB.len; k++) if (seenB.get(k) == nb) return false;
      seenB.push(nb);
      b = nb;
      i = vA.get(b);
      while (i >= 0 && (<i32>vKind.get(i) != VK.Inst || <i32>iOp.get(i) == Op.Phi)) i = iNext.get(i);
    }
    return false;
  }
  // handleGuaranteedNonPoisonOps with the operands known to be poison (yields).
  private mustTriggerUB(i: i32): bool {
    let op = <i32>iOp.get(i);
    switch (op) {
      case Op.Store: return this.inYields(operand(i, 1));
      case Op.Load: case Op.AtomicRMW: case Op.AtomicCmpXchg: return this.inYields(operand(i, 0));
      case Op.Call: case Op.Invoke: {
        let callee = operand(i, 0);
        if (<i32>vKind.get(callee) != VK.Function && <i32>vKind.get(callee) != VK.InlineAsm && this.inYields(callee)) return true;
        let na = callNumArgs(i);
        for (let a = 0; a < na; a++) {
          if (!this.inYields(operand(i, 1 + a))) continue;
          if (callParamHas(i, a, ATTR_NOUNDEF) || callParamHas(i, a, ATTR_DEREF) || callParamHas(i, a, ATTR_DEREF_OR_NULL)) return true;
        }
        return false;
      }
      case Op.Ret: {
        if (numOperands(i) == 0 || !this.inYields(operand(i, 0))) return false;
        let fnv = vParent.get(vParent.get(i));
        return has(retAttrs(gAttrs.get(vA.get(fnv))), ATTR_NOUNDEF);
      }
      case Op.Switch: return this.inYields(operand(i, 0));
      case Op.Br: return numOperands(i) == 3 && this.inYields(operand(i, 0));
      case Op.UDiv: case Op.SDiv: case Op.URem: case Op.SRem: return this.inYields(operand(i, 1));
    }
    return false;
  }
}
