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
//  - estimated block weights (bpi-weights.ts);
//  - per block with two or more successors, in CFG post-order, the first rule that applies
//    (bpi-heuristics.ts): !prof branch_weights, estimated weights, pointer compare, compare with
//    0 / 1 / -1, floating-point compare.
import { I32Vec, U8Vec } from "../util/vec";
import { ATTR_KW } from "../ir/attributes";
import { CFG, blockTerminator } from "./cfg";
import { DomTree, DomTreeBuilder } from "./domtree";
import { Loops, SCC } from "./loops";
import { UNKNOWN, SCC_HEADER, SCC_EXITING, computeEstimatedWeights } from "./bpi-weights";
import {
  calcMetadataWeights, calcEstimatedHeuristics, calcPointerHeuristics, calcZeroHeuristics, calcFloatingPointHeuristics,
} from "./bpi-heuristics";

export const PROB_ONE: u32 = 0x80000000;

// ---- BranchProbability arithmetic ----
export function bprob(n: u64, d: u64): u32 {
  if (d == <u64>PROB_ONE) return <u32>n;
  return <u32>((n * <u64>PROB_ONE + (d >> 1)) / d);
}
@inline export function padd(a: u32, b: u32): u32 { let s = <u64>a + <u64>b; return s > <u64>PROB_ONE ? PROB_ONE : <u32>s; }
@inline export function psub(a: u32, b: u32): u32 { return a < b ? 0 : a - b; }

// The state of one computation; bpi-weights.ts and bpi-heuristics.ts read and write it.
@final export class BPI {
  cfg: CFG;
  loops: Loops;
  scc: SCC;
  builder: DomTreeBuilder;
  domTree: DomTree;
  postDomTree: DomTree;
  probs: I32Vec = new I32Vec();      // per succ edge: numerator (u32 bits)
  hasProbs: U8Vec = new U8Vec();     // per block
  sccOf: I32Vec = new I32Vec();      // per block: SCC number when in a non-trivial SCC, else -1
  sccType: U8Vec = new U8Vec();      // per block: SCC_HEADER | SCC_EXITING
  blockW: I32Vec = new I32Vec();     // estimated block weight or UNKNOWN
  loopW: I32Vec = new I32Vec();      // per loop key (loop, then numLoops + scc) weight or UNKNOWN
  blockWork: I32Vec = new I32Vec();
  loopWork: I32Vec = new I32Vec();   // blocks standing for their loop / SCC
  tmpW: I32Vec = new I32Vec();
  tmpB: I32Vec = new I32Vec();
  tmpP: I32Vec = new I32Vec();
  unlikely: I32Vec = new I32Vec();
  phiWork: I32Vec = new I32Vec();
  phiSeen: I32Vec = new I32Vec();
  chain: I32Vec = new I32Vec();
  attrNoReturn: i32 = -1;
  attrCold: i32 = -1;
  // ---- constant folding of small integer chains (computeUnlikelySuccessors) ----
  // A folded value: fk = 0 integer (fv, width fw), 1 poison, 2 undef, 3 not foldable here.
  fk: i32 = 0;
  fv: u64 = 0;
  fw: i32 = 0;
  constructor(cfg: CFG, loops: Loops, scc: SCC, builder: DomTreeBuilder, domTree: DomTree, postDomTree: DomTree) {
    this.cfg = cfg; this.loops = loops; this.scc = scc;
    this.builder = builder; this.domTree = domTree; this.postDomTree = postDomTree;
  }

  setProbs(b: i32, list: I32Vec): void {
    let s = this.cfg.succOff.get(b);
    for (let k = 0; k < list.len; k++) this.probs.set(s + k, list.get(k));
    this.hasProbs.set(b, 1);
  }

  setTwo(b: i32, p0: u32, p1: u32): void {
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
    computeEstimatedWeights(this);
    for (let i = this.cfg.rpo.len - 1; i >= 0; i--) {
      let b = this.cfg.rpo.get(i);
      if (this.cfg.succOff.get(b + 1) - this.cfg.succOff.get(b) < 2) continue;
      let t = blockTerminator(this.cfg.block.get(b));
      if (calcMetadataWeights(this, b, t)) continue;
      if (calcEstimatedHeuristics(this, b, t)) continue;
      if (calcPointerHeuristics(this, b, t)) continue;
      if (calcZeroHeuristics(this, b, t)) continue;
      if (calcFloatingPointHeuristics(this, b, t)) continue;
    }
  }
}
