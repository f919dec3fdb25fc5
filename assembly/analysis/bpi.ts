// Branch probabilities as LLVM 19's BranchProbabilityInfo computes them
// (lib/Analysis/BranchProbabilityInfo.cpp), for the CFG of cfg.ts.
//
// Probabilities are numerators over 2^31 (BranchProbability), one per successor edge (index into
// cfg.ts `succ`). A block with fewer than two successors, or that no rule below covers, has none
// stored and reads as 1/N per edge.
//
// A BPI object (one per analysis context, context.ts) works on its CFG; bpi.compute() (after
// cfg.build) builds the context's dominator and post-dominator trees and loops, then fills:
//  - natural loops (loops.ts) and, for blocks outside them, the CFG's non-trivial SCCs (irreducible
//    cycles) with their header / exiting blocks;
//  - estimated block weights: unreachable-terminated blocks 0 (1 with a noreturn call), EH pads 1,
//    blocks with a cold call 0xffff, pushed up the dominator line while the block post-dominates;
//    then worklists (last in, first out) give a block the maximum weight over its successors and a
//    loop the maximum over its exits once all are known;
//  - per block with two or more successors, in CFG post-order, the first rule that applies:
//    !prof branch_weights (unreachable edges capped at the smallest probability), estimated
//    weights (loop exits divided by the trip count 31, "unlikely" loop successors halved), pointer
//    compare, compare with 0 / 1 / -1 (or of a strcmp-like result), floating-point compare.
import { I32Vec, U8Vec } from "../util/vec";
import { zext64 } from "../util/bits";
import {
  vKind, VK, vType, vName, vParent, vA, vB, iNext, iPrev, iOp, iOps, iNOps, opVal, iMD, operand, numOperands,
} from "../ir/values";
import { Op } from "../ir/opcodes";
import { tyKind, tyA, TK, T_I1 } from "../ir/types";
import { intLow64, isZeroInt, isConstant } from "../ir/constants";
import { predicate, callAttrs } from "../ir/inst";
import { fnAttrs, setHasKind, ATTR_KW } from "../ir/attributes";
import { gAttrs } from "../ir/globals";
import { strtab, targetTriple } from "../ir/module";
import { findAttachment, canonicalMD, mdKind, MK, mdA, mdOps, mdNOps, mdPool } from "../ir/metadata";
import { pointerSizeInBits } from "../ir/datalayout";
import { CFG, blockTerminator } from "./cfg";
import { DomTree, DomTreeBuilder } from "./domtree";
import { Loops, SCC } from "./loops";

export const PROB_ONE: u32 = 0x80000000;
const UNKNOWN: i32 = -1;
const W_ZERO: i32 = 0, W_LOWEST: i32 = 1, W_COLD: i32 = 0xffff, W_DEFAULT: i32 = 0xfffff;
const LBH_TAKEN: u32 = 124, LBH_NONTAKEN: u32 = 4;
const SCC_HEADER: u8 = 1, SCC_EXITING: u8 = 2;

// ---- BranchProbability arithmetic ----
function bprob(n: u64, d: u64): u32 {
  if (d == <u64>PROB_ONE) return <u32>n;
  return <u32>((n * <u64>PROB_ONE + (d >> 1)) / d);
}
@inline function padd(a: u32, b: u32): u32 { let s = <u64>a + <u64>b; return s > <u64>PROB_ONE ? PROB_ONE : <u32>s; }
@inline function psub(a: u32, b: u32): u32 { return a < b ? 0 : a - b; }

// ---- IR questions ----
function isCall(i: i32): bool { return <i32>iOp.get(i) == Op.Call; }
// CallBase::hasFnAttr: on the call site or on a directly called function.
function callHasFnAttr(i: i32, kind: i32): bool {
  if (setHasKind(fnAttrs(callAttrs(i)), kind)) return true;
  let c = operand(i, 0);
  if (c >= 0 && <i32>vKind.get(c) == VK.Function) return setHasKind(fnAttrs(gAttrs.get(vA.get(c))), kind);
  return false;
}
function calledName(i: i32): i32 {
  let c = operand(i, 0);
  if (c < 0 || <i32>vKind.get(c) != VK.Function) return -1;
  return vName.get(c);
}
function nameStarts(nm: i32, s: string): bool {
  return strtab.isIntrinsicName(nm, s);
}
// BasicBlock::getTerminatingDeoptimizeCall
function terminatingDeoptimize(bv: i32, t: i32): bool {
  if (<i32>iOp.get(t) != Op.Ret) return false;
  let p = iPrev.get(t);
  if (p < 0 || !isCall(p)) return false;
  return nameStarts(calledName(p), "llvm.experimental.deoptimize");
}
function isEHPadBlock(bv: i32): bool {
  for (let i = vA.get(bv); i >= 0; i = iNext.get(i)) {
    let op = <i32>iOp.get(i);
    if (op == Op.Phi) continue;
    return op == Op.LandingPad || op == Op.CleanupPad || op == Op.CatchPad || op == Op.CatchSwitch;
  }
  return false;
}

// ---- helpers of the per-block rules (the rules are BPI methods below) ----

// icmp predicates are stored with LLVM's numbers (eq = 32 ... sle = 41)
@inline function icmpPred(ci: i32): i32 { return predicate(ci) - 32; }
@inline function isInst(v: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.Inst; }

function maskW(v: u64, w: i32): u64 { return w >= 64 ? v : v & ((<u64>1 << <u64>w) - 1); }
function sextW(v: u64, w: i32): i64 { if (w >= 64) return <i64>v; let sh = <u64>(64 - w); return (<i64>(v << sh)) >> sh; }
function trueWhenEqualICmp(p: i32): bool { return p == 0 || p == 3 || p == 5 || p == 7 || p == 9; }

const P_20_32: u32 = 0x50000000, P_12_32: u32 = 0x30000000;   // 20/32 and 12/32

function constIntOf(v: i32): i32 {
  if (isInst(v) && <i32>iOp.get(v) == Op.BitCast) v = operand(v, 0);
  return v >= 0 && <i32>vKind.get(v) == VK.ConstInt ? v : -1;
}
function isPow2Int(c: i32): bool {
  let ty = vType.get(c);
  if (tyA.get(ty) > 64) {
    // wide: exactly one bit set across the words
    let bits = 0;
    let nw = vB.get(c);
    for (let k = 0; k < nw; k++) bits += popcnt<i32>(ext.get(vA.get(c) + k));
    return bits == 1;
  }
  let x = intLow64(c);
  return x != 0 && (x & (x - 1)) == 0;
}
import { ext } from "../ir/values";
function isAllOnesInt(c: i32): bool {
  let w = tyA.get(vType.get(c));
  if (w <= 64) return intLow64(c) == maskW(<u64>-1, w);
  let nw = (w + 31) >> 5;
  if (vB.get(c) != nw) return false;
  for (let k = 0; k < nw; k++) {
    let top = k == nw - 1 ? (w & 31) : 0;
    let want = top == 0 ? -1 : (1 << top) - 1;
    if (ext.get(vA.get(c) + k) != want) return false;
  }
  return true;
}
function isOneConst(c: i32): bool {
  if (intLow64(c) != 1) return false;
  let nw = vB.get(c);
  for (let k = 2; k < nw; k++) if (ext.get(vA.get(c) + k) != 0) return false;
  return true;
}

// TargetLibraryInfo's strcmp-like library functions (with their C prototypes).
function isCmpLibCall(v: i32): bool {
  if (!isInst(v) || <i32>iOp.get(v) != Op.Call) return false;
  let f = operand(v, 0);
  if (f < 0 || <i32>vKind.get(f) != VK.Function) return false;
  let nm = vName.get(f);
  if (nm < 0) return false;
  let three = false;
  if (strtab.eqStr(nm, "strcmp") || strtab.eqStr(nm, "strcasecmp")) three = false;
  else if (strtab.eqStr(nm, "strncmp") || strtab.eqStr(nm, "strncasecmp") || strtab.eqStr(nm, "memcmp")) three = true;
  else if (strtab.eqStr(nm, "bcmp") && bcmpAvailable()) three = true;
  else return false;
  let fty = gValueType.get(vA.get(f));
  if ((tyFlags.get(fty) & TF_VARARG) != 0) return false;
  let ret = tyA.get(fty);
  if (<i32>tyKind.get(ret) != TK.Int || tyA.get(ret) != 32) return false;
  let np = tyListLen.get(fty);
  if (np != (three ? 3 : 2)) return false;
  let lp = tyList.get(fty);
  if (<i32>tyKind.get(tyPool.get(lp)) != TK.Ptr || <i32>tyKind.get(tyPool.get(lp + 1)) != TK.Ptr) return false;
  if (three) {
    let st = tyPool.get(lp + 2);
    if (<i32>tyKind.get(st) != TK.Int || tyA.get(st) != pointerSizeInBits(0)) return false;
  }
  return true;
}
import { gValueType } from "../ir/globals";
import { tyFlags, TF_VARARG, tyListLen, tyList, tyPool } from "../ir/types";
function bcmpAvailable(): bool {
  let t = targetTriple;
  if (t < 0) return false;
  return tripleHas(t, "linux") || tripleHas(t, "darwin") || tripleHas(t, "macos") || tripleHas(t, "ios") ||
    tripleHas(t, "freebsd") || tripleHas(t, "netbsd") || tripleHas(t, "openbsd") || tripleHas(t, "emscripten");
}
function tripleHas(t: i32, s: string): bool {
  let n = strtab.lenOf(t), p = strtab.ptrOf(t), m = s.length;
  for (let i = 0; i + m <= n; i++) {
    let ok = true;
    for (let k = 0; k < m; k++) if (<i32>load<u8>(p + <usize>(i + k)) != s.charCodeAt(k)) { ok = false; break; }
    if (ok) return true;
  }
  return false;
}

@final export class BPI {
  cfg: CFG;
  loops: Loops;
  scc: SCC;
  private builder: DomTreeBuilder;
  private domTree: DomTree;
  private postDomTree: DomTree;
  private probs: I32Vec = new I32Vec();      // per succ edge: numerator (u32 bits)
  private hasProbs: U8Vec = new U8Vec();     // per block
  private sccOf: I32Vec = new I32Vec();      // per block: SCC number when in a non-trivial SCC, else -1
  private sccType: U8Vec = new U8Vec();      // per block: SCC_HEADER | SCC_EXITING
  private blockW: I32Vec = new I32Vec();     // estimated block weight or UNKNOWN
  private loopW: I32Vec = new I32Vec();      // per loop key (loop, then numLoops + scc) weight or UNKNOWN
  private blockWork: I32Vec = new I32Vec();
  private loopWork: I32Vec = new I32Vec();   // blocks standing for their loop / SCC
  private tmpW: I32Vec = new I32Vec();
  private tmpB: I32Vec = new I32Vec();
  private tmpP: I32Vec = new I32Vec();
  private unlikely: I32Vec = new I32Vec();
  private phiWork: I32Vec = new I32Vec();
  private phiSeen: I32Vec = new I32Vec();
  private chain: I32Vec = new I32Vec();
  private attrNoReturn: i32 = -1;
  private attrCold: i32 = -1;
  // ---- constant folding of small integer chains (computeUnlikelySuccessors) ----
  // A folded value: fk = 0 integer (fv, width fw), 1 poison, 2 undef, 3 not foldable here.
  private fk: i32 = 0;
  private fv: u64 = 0;
  private fw: i32 = 0;
  constructor(cfg: CFG, loops: Loops, scc: SCC, builder: DomTreeBuilder, domTree: DomTree, postDomTree: DomTree) {
    this.cfg = cfg; this.loops = loops; this.scc = scc;
    this.builder = builder; this.domTree = domTree; this.postDomTree = postDomTree;
  }

  private setProbs(b: i32, list: I32Vec): void {
    let s = this.cfg.succOff.get(b);
    for (let k = 0; k < list.len; k++) this.probs.set(s + k, list.get(k));
    this.hasProbs.set(b, 1);
  }

  private setTwo(b: i32, p0: u32, p1: u32): void {
    let s = this.cfg.succOff.get(b);
    this.probs.set(s, <i32>p0); this.probs.set(s + 1, <i32>p1);
    this.hasProbs.set(b, 1);
  }

  // Probability of successor edge k of block b (numerator over 2^31).
  edgeProbabilityAt(b: i32, k: i32): u32 {
    if (this.hasProbs.get(b) != 0) return <u32>this.probs.get(this.cfg.succOff.get(b) + k);
    let n = this.cfg.succOff.get(b + 1) - this.cfg.succOff.get(b);
    return bprob(1, <u64>n);
  }

  // Probability of going from block b to block dst (all edges to dst), as getEdgeProbability(BB, BB).
  edgeProbability(b: i32, dst: i32): u32 {
    let s = this.cfg.succOff.get(b), e = this.cfg.succOff.get(b + 1);
    if (this.hasProbs.get(b) == 0) {
      let k = 0;
      for (let i = s; i < e; i++) if (this.cfg.succ.get(i) == dst) k++;
      return bprob(<u64>k, <u64>(e - s));
    }
    let p: u32 = 0;
    for (let i = s; i < e; i++) if (this.cfg.succ.get(i) == dst) p = padd(p, <u32>this.probs.get(i));
    return p;
  }

  private initialWeight(b: i32): i32 {
    let bv = this.cfg.block.get(b);
    let t = blockTerminator(bv);
    if (t >= 0 && (<i32>iOp.get(t) == Op.Unreachable || terminatingDeoptimize(bv, t))) {
      for (let i = vB.get(bv); i >= 0; i = iPrev.get(i)) if (isCall(i) && callHasFnAttr(i, this.attrNoReturn)) return W_LOWEST;
      return W_ZERO;
    }
    if (isEHPadBlock(bv)) return W_LOWEST;
    for (let i = vA.get(bv); i >= 0; i = iNext.get(i)) if (isCall(i) && callHasFnAttr(i, this.attrCold)) return W_COLD;
    return UNKNOWN;
  }

  // ---- loops and SCCs seen as "loop blocks" ----
  @inline private lbLoop(b: i32): i32 { return this.loops.loopOf.get(b); }


  @inline private lbScc(b: i32): i32 { return this.loops.loopOf.get(b) >= 0 ? -1 : this.sccOf.get(b); }


  private loopKey(b: i32): i32 { let l = this.loops.loopOf.get(b); return l >= 0 ? l : this.loops.count + this.sccOf.get(b); }


  private isEntering(src: i32, dst: i32): bool {
    let ld = this.lbLoop(dst);
    if (ld >= 0 && !this.loops.contains(ld, this.lbLoop(src))) return true;
    let sd = this.lbScc(dst);
    return sd != -1 && this.lbScc(src) != sd;
  }

  @inline private isExiting(src: i32, dst: i32): bool { return this.isEntering(dst, src); }


  private edgeWeight(src: i32, dst: i32): i32 {
    if (this.isEntering(src, dst)) return this.loopW.get(this.loopKey(dst));
    return this.blockW.get(dst);
  }

  // Maximum estimated weight over the edges src -> list[from..to), UNKNOWN if any is unknown.
  private maxEdgeWeight(src: i32, list: I32Vec, from: i32, to: i32): i32 {
    let m = UNKNOWN;
    for (let k = from; k < to; k++) {
      let w = this.edgeWeight(src, list.get(k));
      if (w == UNKNOWN) return UNKNOWN;
      if (m == UNKNOWN || m < w) m = w;
    }
    return m;
  }

  private updateWeight(b: i32, w: i32): bool {
    if (this.blockW.get(b) != UNKNOWN) return false;
    this.blockW.set(b, w);
    for (let j = this.cfg.predOff.get(b); this.cfg.predOff.get(b + 1) > j; j++) {
      let p = this.cfg.pred.get(j);
      if (this.isExiting(p, b)) {
        if (this.loopW.get(this.loopKey(p)) == UNKNOWN) this.loopWork.push(p);
      } else if (this.blockW.get(p) == UNKNOWN) this.blockWork.push(p);
    }
    return true;
  }

  private propagateWeight(b: i32, w: i32): void {
    let d = this.domTree, pd = this.postDomTree;
    if (!d.inTree(b)) return;
    for (let x = b; x >= 0; x = d.idom.get(x)) {
      if (!pd.dominates(b, x)) break;
      if (!this.isEntering(x, b) && !this.isExiting(x, b)) {
        if (!this.updateWeight(x, w)) break;
      } else if (this.isExiting(x, b)) this.loopWork.push(x);
    }
  }

  // Exit blocks of the loop or SCC of block b, into tmpB.
  private exitBlocksOf(b: i32): void {
    this.tmpB.clear();
    let l = this.loops.loopOf.get(b);
    if (l >= 0) {
      for (let k = this.loops.blocksBegin(l); k < this.loops.blocksEnd(l); k++) {
        let x = this.loops.blocks.get(k);
        for (let j = this.cfg.succOff.get(x); this.cfg.succOff.get(x + 1) > j; j++) if (!this.loops.containsBlock(l, this.cfg.succ.get(j))) this.tmpB.push(this.cfg.succ.get(j));
      }
      return;
    }
    let s = this.sccOf.get(b);
    for (let x = 0; x < this.cfg.n; x++) {
      if (this.sccOf.get(x) != s || (this.sccType.get(x) & SCC_EXITING) == 0) continue;
      for (let j = this.cfg.succOff.get(x); this.cfg.succOff.get(x + 1) > j; j++) if (this.sccOf.get(this.cfg.succ.get(j)) != s) this.tmpB.push(this.cfg.succ.get(j));
    }
  }

  private pushEnterBlocks(b: i32): void {
    let l = this.loops.loopOf.get(b);
    if (l >= 0) {
      let h = this.loops.header.get(l);
      for (let j = this.cfg.predOff.get(h); this.cfg.predOff.get(h + 1) > j; j++) this.blockWork.push(this.cfg.pred.get(j));
      return;
    }
    let s = this.sccOf.get(b);
    for (let x = 0; x < this.cfg.n; x++) {
      if (this.sccOf.get(x) != s || (this.sccType.get(x) & SCC_HEADER) == 0) continue;
      for (let j = this.cfg.predOff.get(x); this.cfg.predOff.get(x + 1) > j; j++) if (this.sccOf.get(this.cfg.pred.get(j)) != s) this.blockWork.push(x);
    }
  }

  private computeEstimatedWeights(): void {
    this.blockWork.clear(); this.loopWork.clear();
    for (let i = 0; i < this.cfg.rpo.len; i++) {
      let b = this.cfg.rpo.get(i);
      let w = this.initialWeight(b);
      if (w != UNKNOWN) this.propagateWeight(b, w);
    }
    do {
      while (this.loopWork.len > 0) {
        let b = this.loopWork.pop();
        let key = this.loopKey(b);
        if (this.loopW.get(key) != UNKNOWN) continue;
        this.exitBlocksOf(b);
        let w = this.maxEdgeWeight(b, this.tmpB, 0, this.tmpB.len);
        if (w != UNKNOWN) {
          if (w <= W_ZERO) w = W_LOWEST;
          this.loopW.set(key, w);
          this.pushEnterBlocks(b);
        }
      }
      while (this.blockWork.len > 0) {
        let b = this.blockWork.pop();
        if (this.blockW.get(b) != UNKNOWN) continue;
        let w = this.maxEdgeWeight(b, this.cfg.succ, this.cfg.succOff.get(b), this.cfg.succOff.get(b + 1));
        if (w != UNKNOWN) this.propagateWeight(b, w);
      }
    } while (this.blockWork.len > 0 || this.loopWork.len > 0);
  }

  // !prof branch_weights with one weight per successor: md operand start and count, or -1.
  private branchWeights(t: i32, nSucc: i32): i32 {
    let md = findAttachment(iMD.get(t), 2);
    if (md < 0) return -1;
    md = canonicalMD(md);
    if (<i32>mdKind.get(md) != MK.Tuple) return -1;
    let n = mdNOps.get(md), o = mdOps.get(md);
    if (n < 3) return -1;
    let s0 = canonicalMD(mdPool.get(o));
    if (s0 < 0 || <i32>mdKind.get(s0) != MK.String || !strtab.eqStr(mdA.get(s0), "branch_weights")) return -1;
    let first = 1;
    let s1 = canonicalMD(mdPool.get(o + 1));
    if (s1 >= 0 && <i32>mdKind.get(s1) == MK.String) first = 2;
    if (n - first != nSucc) return -1;
    this.tmpW.clear();
    for (let k = first; k < n; k++) {
      let m = canonicalMD(mdPool.get(o + k));
      if (m < 0 || <i32>mdKind.get(m) != MK.Value) return -1;
      let v = mdA.get(m);
      if (<i32>vKind.get(v) != VK.ConstInt) return -1;
      this.tmpW.push(<i32>(<u32>intLow64(v)));
    }
    return 0;
  }

  private calcMetadataWeights(b: i32, t: i32): bool {
    let op = <i32>iOp.get(t);
    if (!(op == Op.Br || op == Op.Switch || op == Op.IndirectBr || op == Op.Invoke || op == Op.CallBr)) return false;
    let s = this.cfg.succOff.get(b), n = this.cfg.succOff.get(b + 1) - s;
    if (this.branchWeights(t, n) < 0) return false;
    let sum: u64 = 0;
    let nUnreach = 0;
    this.tmpB.clear();   // 1 = unreachable edge
    for (let k = 0; k < n; k++) {
      sum += zext64(this.tmpW.get(k));
      let w = this.edgeWeight(b, this.cfg.succ.get(s + k));
      let un = w != UNKNOWN && w <= W_ZERO;
      this.tmpB.push(un ? 1 : 0);
      if (un) nUnreach++;
    }
    let nReach = n - nUnreach;
    if (sum > 0xffffffff) {
      let f = sum / 0xffffffff + 1;
      sum = 0;
      for (let k = 0; k < n; k++) {
        let w = zext64(this.tmpW.get(k)) / f;
        this.tmpW.set(k, <i32>(<u32>w));
        sum += w;
      }
    }
    if (sum == 0 || nReach == 0) {
      for (let k = 0; k < n; k++) this.tmpW.set(k, 1);
      sum = <u64>n;
    }
    this.tmpP.clear();
    for (let k = 0; k < n; k++) this.tmpP.push(<i32>bprob(zext64(this.tmpW.get(k)), sum & 0xffffffff));
    if (nUnreach == 0 || nReach == 0) { this.setProbs(b, this.tmpP); return true; }
    for (let k = 0; k < n; k++) if (this.tmpB.get(k) != 0 && <u32>this.tmpP.get(k) > 1) this.tmpP.set(k, 1);
    let newUn: u32 = 0;
    for (let k = 0; k < n; k++) if (this.tmpB.get(k) != 0) newUn = padd(newUn, <u32>this.tmpP.get(k));
    let newReach = psub(PROB_ONE, newUn);
    let oldReach: u32 = 0;
    for (let k = 0; k < n; k++) if (this.tmpB.get(k) == 0) oldReach = padd(oldReach, <u32>this.tmpP.get(k));
    if (oldReach != newReach) {
      if (oldReach == 0) {
        let per = newReach / <u32>nReach;
        for (let k = 0; k < n; k++) if (this.tmpB.get(k) == 0) this.tmpP.set(k, <i32>per);
      } else {
        for (let k = 0; k < n; k++) {
          if (this.tmpB.get(k) != 0) continue;
          let mul = <u64>newReach * <u64>(<u32>this.tmpP.get(k));
          let d = <u64>oldReach;
          this.tmpP.set(k, <i32>(<u32>((mul + (d >> 1)) / d)));
        }
      }
    }
    this.setProbs(b, this.tmpP);
    return true;
  }

  private loadConst(c: i32): void {
    let k = <i32>vKind.get(c);
    let ty = vType.get(c);
    this.fw = <i32>tyKind.get(ty) == TK.Int ? tyA.get(ty) : 0;
    if (k == VK.ConstPoison) { this.fk = 1; return; }
    if (k == VK.ConstUndef) { this.fk = 2; return; }
    if (k == VK.ConstInt && this.fw <= 64) { this.fk = 0; this.fv = intLow64(c); return; }
    this.fk = 3;
  }

  // lhs (fk/fv/fw) op constant c, in ConstantFoldBinaryInstruction's order: identities (either
  // side for commutative operators, right side for the others), poison, undef rules, then values.
  private foldBinary(op: i32, c: i32): void {
    let a = this.fv, ak = this.fk, w = this.fw;
    this.loadConst(c);
    let b = this.fv, bk = this.fk;
    this.fw = w;
    if (ak == 3 || bk == 3 || w == 0) { this.fk = 3; return; }
    let ones = maskW(<u64>-1, w);
    let comm = op == Op.Add || op == Op.Mul || op == Op.And || op == Op.Or || op == Op.Xor;
    if (comm) {
      let id: u64 = op == Op.Mul ? 1 : op == Op.And ? ones : 0;
      if (ak == 0 && a == id) { this.fk = bk; this.fv = b; return; }
      if (bk == 0 && b == id) { this.fk = ak; this.fv = a; return; }
    } else if (op == Op.Sub || op == Op.Shl || op == Op.LShr || op == Op.AShr || op == Op.UDiv || op == Op.SDiv) {
      let id: u64 = op == Op.UDiv || op == Op.SDiv ? 1 : 0;
      if (bk == 0 && b == id) { this.fk = ak; this.fv = a; return; }
    }
    if (ak == 1 || bk == 1) { this.fk = 1; return; }
    if (ak == 2 || bk == 2) {
      let both = ak == 2 && bk == 2;
      let other = ak == 2 ? b : a;
      this.fk = 0;
      switch (op) {
        case Op.Xor: if (both) { this.fv = 0; return; } this.fk = 2; return;
        case Op.Add: case Op.Sub: this.fk = 2; return;
        case Op.And: if (both) { this.fk = 2; return; } this.fv = 0; return;
        case Op.Mul: if (both || (other & 1) != 0) { this.fk = 2; return; } this.fv = 0; return;
        case Op.SDiv: case Op.UDiv: case Op.SRem: case Op.URem:
          if (bk == 2 || b == 0) { this.fk = 1; return; }
          this.fv = 0; return;
        case Op.Or: if (both) { this.fk = 2; return; } this.fv = ones; return;
        case Op.LShr: case Op.AShr: case Op.Shl:
          if (bk == 2) { this.fk = 1; return; }
          this.fv = 0; return;
        default: this.fk = 3; return;
      }
    }
    this.fk = 0;
    let sa = sextW(a, w), sb = sextW(b, w);
    let minS: u64 = w >= 64 ? (<u64>1 << 63) : (<u64>1 << <u64>(w - 1));
    switch (op) {
      case Op.Add: this.fv = maskW(a + b, w); return;
      case Op.Sub: this.fv = maskW(a - b, w); return;
      case Op.Mul: this.fv = maskW(a * b, w); return;
      case Op.And: this.fv = a & b; return;
      case Op.Or: this.fv = a | b; return;
      case Op.Xor: this.fv = a ^ b; return;
      case Op.UDiv: case Op.URem: {
        if (b == 0) { this.fk = 1; return; }
        this.fv = op == Op.UDiv ? a / b : a % b; return;
      }
      case Op.SDiv: case Op.SRem: {
        if (b == 0) { this.fk = 1; return; }
        if (a == minS && b == ones) { this.fk = 1; return; }
        this.fv = maskW(<u64>(op == Op.SDiv ? sa / sb : sa % sb), w); return;
      }
      case Op.Shl: case Op.LShr: case Op.AShr: {
        if (b >= <u64>w) { this.fk = 1; return; }
        if (op == Op.Shl) this.fv = maskW(a << b, w);
        else if (op == Op.LShr) this.fv = a >> b;
        else this.fv = maskW(<u64>(sa >> <i64>b), w);
        return;
      }
      default: this.fk = 3; return;
    }
  }

  // Result of icmp pred (fk/fv/fw) vs constant c: 0 false, 1 true, -1 neither (poison/undef/unknown).
  private foldICmp(pr: i32, c: i32): i32 {
    let a = this.fv, ak = this.fk, w = this.fw;
    this.loadConst(c);
    let b = this.fv, bk = this.fk;
    if (ak == 3 || bk == 3 || w == 0) return -1;
    if (ak == 1 || bk == 1) return -1;
    if (ak == 2 || bk == 2) {
      if (pr <= 1 || (ak == 2 && bk == 2)) return -1;
      return trueWhenEqualICmp(pr) ? 1 : 0;
    }
    let sa = sextW(a, w), sb = sextW(b, w);
    let r = false;
    switch (pr) {
      case 0: r = a == b; break;
      case 1: r = a != b; break;
      case 2: r = a > b; break;
      case 3: r = a >= b; break;
      case 4: r = a < b; break;
      case 5: r = a <= b; break;
      case 6: r = sa > sb; break;
      case 7: r = sa >= sb; break;
      case 8: r = sa < sb; break;
      default: r = sa <= sb; break;
    }
    return r ? 1 : 0;
  }

  private isSuccOf(b: i32, bv: i32): bool {
    for (let j = this.cfg.succOff.get(b); this.cfg.succOff.get(b + 1) > j; j++) if (this.cfg.block.get(this.cfg.succ.get(j)) == bv) return true;
    return false;
  }

  private blockNumOf(bv: i32): i32 { return this.blockNumOfBlock(bv); }


  @inline private blockNumOfBlock(bv: i32): i32 { return this.cfg.blockNum.get(bv); }


  // computeUnlikelySuccessors: successor blocks (block numbers) into `unlikely`.
  private computeUnlikely(b: i32, l: i32, t: i32): void {
    this.unlikely.clear();
    if (<i32>iOp.get(t) != Op.Br || iNOps.get(t) != 3) return;
    let ci = operand(t, 0);
    if (!isInst(ci)) return;
    let cop = <i32>iOp.get(ci);
    if (cop != Op.ICmp && cop != Op.FCmp) return;
    let lhs = operand(ci, 0), cst = operand(ci, 1);
    if (!isInst(lhs) || !isConstant(cst)) return;
    this.chain.clear();
    let phi = <i32>iOp.get(lhs) == Op.Phi ? lhs : -1;
    let cur = lhs;
    while (phi < 0 && cur >= 0 && <i32>iOp.get(cur) >= Op.Add && <i32>iOp.get(cur) <= Op.Xor && isConstant(operand(cur, 1))) {
      if (!this.loops.containsBlock(l, this.blockNumOf(vParent.get(cur)))) return;
      this.chain.push(cur);
      let nx = operand(cur, 0);
      cur = isInst(nx) ? nx : -1;
      if (cur >= 0 && <i32>iOp.get(cur) == Op.Phi) phi = cur;
    }
    if (phi < 0 || !this.loops.containsBlock(l, this.blockNumOf(vParent.get(phi)))) return;
    let s0 = this.cfg.block.get(this.cfg.succ.get(this.cfg.succOff.get(b))), s1 = this.cfg.block.get(this.cfg.succ.get(this.cfg.succOff.get(b) + 1));
    this.phiWork.clear(); this.phiSeen.clear();
    this.phiWork.push(phi); this.phiSeen.push(phi);
    while (this.phiWork.len > 0) {
      let p = this.phiWork.pop();
      let n = numOperands(p);
      for (let k = 1; k < n; k += 2) {
        let bb = operand(p, k);
        if (!this.loops.containsBlock(l, this.blockNumOf(bb))) continue;
        // the first incoming value for bb
        let v = -1;
        for (let j = 1; j < n; j += 2) if (operand(p, j) == bb) { v = operand(p, j - 1); break; }
        if (isInst(v) && <i32>iOp.get(v) == Op.Phi) {
          let seen = false;
          for (let q = 0; q < this.phiSeen.len; q++) if (this.phiSeen.get(q) == v) { seen = true; break; }
          if (!seen) { this.phiSeen.push(v); this.phiWork.push(v); }
          continue;
        }
        if (v < 0 || !isConstant(v) || !this.isSuccOf(b, bb)) continue;
        if (cop != Op.ICmp) continue;   // floating-point folding is not modelled
        this.loadConst(v);
        for (let q = this.chain.len - 1; q >= 0 && this.fk != 3; q--) this.foldBinary(<i32>iOp.get(this.chain.get(q)), operand(this.chain.get(q), 1));
        if (this.fk == 3) continue;
        let r = this.foldICmp(icmpPred(ci), cst);
        if ((r == 0 && bb == s0) || (r == 1 && bb == s1)) this.unlikely.push(this.blockNumOf(bb));
      }
    }
  }

  private calcEstimatedHeuristics(b: i32, t: i32): bool {
    let l = this.loops.loopOf.get(b);
    this.unlikely.clear();
    if (l >= 0) this.computeUnlikely(b, l, t);
    let tc = LBH_TAKEN / LBH_NONTAKEN;
    let found = false;
    let total: u64 = 0;
    this.tmpW.clear();
    let s = this.cfg.succOff.get(b), e = this.cfg.succOff.get(b + 1);
    for (let k = s; k < e; k++) {
      let d = this.cfg.succ.get(k);
      let w = this.edgeWeight(b, d);
      if (this.isExiting(b, d) && w != W_ZERO) {
        let x = <u32>(w == UNKNOWN ? W_DEFAULT : w) / tc;
        w = x < 1 ? W_LOWEST : <i32>x;
      }
      if (l >= 0 && w != W_ZERO) {
        let un = false;
        for (let q = 0; q < this.unlikely.len; q++) if (this.unlikely.get(q) == d) { un = true; break; }
        if (un) { let x = <u32>(w == UNKNOWN ? W_DEFAULT : w) / 2; w = x < 1 ? W_LOWEST : <i32>x; }
      }
      if (w != UNKNOWN) found = true;
      let wv = w == UNKNOWN ? W_DEFAULT : w;
      total += <u64>wv;
      this.tmpW.push(wv);
    }
    if (!found || total == 0) return false;
    let n = e - s;
    if (total > 0xffffffff) {
      let f = total / 0xffffffff + 1;
      total = 0;
      for (let k = 0; k < n; k++) {
        let w = <u64>this.tmpW.get(k) / f;
        if (w == 0) w = 1;
        this.tmpW.set(k, <i32>w);
        total += w;
      }
    }
    this.tmpP.clear();
    for (let k = 0; k < n; k++) this.tmpP.push(<i32>bprob(<u64>this.tmpW.get(k), total));
    this.setProbs(b, this.tmpP);
    return true;
  }

  private calcPointerHeuristics(b: i32, t: i32): bool {
    if (<i32>iOp.get(t) != Op.Br || iNOps.get(t) != 3) return false;
    let ci = operand(t, 0);
    if (!isInst(ci) || <i32>iOp.get(ci) != Op.ICmp) return false;
    let p = icmpPred(ci);
    if (p > 1) return false;
    if (<i32>tyKind.get(vType.get(operand(ci, 0))) != TK.Ptr) return false;
    if (p == 1) this.setTwo(b, P_20_32, P_12_32); else this.setTwo(b, P_12_32, P_20_32);
    return true;
  }

  private calcZeroHeuristics(b: i32, t: i32): bool {
    if (<i32>iOp.get(t) != Op.Br || iNOps.get(t) != 3) return false;
    let ci = operand(t, 0);
    if (!isInst(ci) || <i32>iOp.get(ci) != Op.ICmp) return false;
    let cv = constIntOf(operand(ci, 1));
    if (cv < 0) return false;
    let lhs = operand(ci, 0);
    if (isInst(lhs) && <i32>iOp.get(lhs) == Op.And) {
      let m = constIntOf(operand(lhs, 1));
      if (m >= 0 && isPow2Int(m)) return false;
    }
    let p = icmpPred(ci);
    // 0 = likely taken (first successor likely), 1 = unlikely
    let kind = -1;
    if (isCmpLibCall(lhs)) {
      if (p == 0) kind = 1; else if (p == 1) kind = 0; else return false;
    } else if (isZeroInt(cv)) {
      if (p == 0 || p == 8) kind = 1; else if (p == 1 || p == 6) kind = 0; else return false;
    } else if (isOneConst(cv)) {
      if (p == 8) kind = 1; else return false;
    } else if (isAllOnesInt(cv)) {
      if (p == 0) kind = 1; else if (p == 1 || p == 6) kind = 0; else return false;
    } else return false;
    if (kind == 0) this.setTwo(b, P_20_32, P_12_32); else this.setTwo(b, P_12_32, P_20_32);
    return true;
  }

  private calcFloatingPointHeuristics(b: i32, t: i32): bool {
    if (<i32>iOp.get(t) != Op.Br || iNOps.get(t) != 3) return false;
    let ci = operand(t, 0);
    if (!isInst(ci) || <i32>iOp.get(ci) != Op.FCmp) return false;
    let p = predicate(ci);
    // oeq, one, ueq, une are the equality predicates; ueq is the one of them true when equal
    if (p == 1 || p == 6 || p == 9 || p == 14) {
      if (p != 9) this.setTwo(b, P_20_32, P_12_32); else this.setTwo(b, P_12_32, P_20_32);
      return true;
    }
    let ord = bprob(0xfffff, 0x100000), uno = bprob(1, 0x100000);
    if (p == 7) { this.setTwo(b, ord, uno); return true; }
    if (p == 8) { this.setTwo(b, uno, ord); return true; }
    return false;
  }

  // Computes the probabilities of the CFG as built (rebuilding the context's dominator trees and
  // loops on the way).
  compute(): void {
    let n = this.cfg.n;
    if (this.attrNoReturn < 0) { this.attrNoReturn = ATTR_KW.indexOf("noreturn"); this.attrCold = ATTR_KW.indexOf("cold"); }
    this.probs.clear(); this.probs.resize(this.cfg.succ.len, 0);
    this.hasProbs.clear(); for (let b = 0; b < n; b++) this.hasProbs.push(0);
    if (n == 0) return;
    this.builder.buildDom(this.domTree);
    this.loops.build(this.domTree);
    // irreducible cycles: SCCs of more than one block
    this.scc.ofCFG(this.cfg);
    this.sccOf.clear(); this.sccOf.resize(n, -1);
    this.sccType.clear(); for (let b = 0; b < n; b++) this.sccType.push(0);
    for (let b = 0; b < n; b++) { let c = this.scc.comp.get(b); if (c >= 0 && this.scc.size.get(c) > 1) this.sccOf.set(b, c); }
    for (let b = 0; b < n; b++) {
      let s = this.sccOf.get(b);
      if (s < 0) continue;
      let ty: u8 = 0;
      for (let j = this.cfg.predOff.get(b); this.cfg.predOff.get(b + 1) > j; j++) if (this.sccOf.get(this.cfg.pred.get(j)) != s) { ty |= SCC_HEADER; break; }
      for (let j = this.cfg.succOff.get(b); this.cfg.succOff.get(b + 1) > j; j++) if (this.sccOf.get(this.cfg.succ.get(j)) != s) { ty |= SCC_EXITING; break; }
      this.sccType.set(b, ty);
    }
    this.builder.buildPostDom(this.postDomTree);
    this.blockW.clear(); this.blockW.resize(n, UNKNOWN);
    this.loopW.clear(); this.loopW.resize(this.loops.count + this.scc.count + 1, UNKNOWN);
    this.computeEstimatedWeights();
    for (let i = this.cfg.rpo.len - 1; i >= 0; i--) {
      let b = this.cfg.rpo.get(i);
      if (this.cfg.succOff.get(b + 1) - this.cfg.succOff.get(b) < 2) continue;
      let t = blockTerminator(this.cfg.block.get(b));
      if (this.calcMetadataWeights(b, t)) continue;
      if (this.calcEstimatedHeuristics(b, t)) continue;
      if (this.calcPointerHeuristics(b, t)) continue;
      if (this.calcZeroHeuristics(b, t)) continue;
      if (this.calcFloatingPointHeuristics(b, t)) continue;
    }
  }
}
