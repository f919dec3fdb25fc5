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
import { ATTR_KW } from "../ir/attributes";
import { blockTerminator } from "./cfg";
import { UNKNOWN, SCC_HEADER, SCC_EXITING, computeEstimatedWeights } from "./bpi-weights";
import {
  calcMetadataWeights, calcEstimatedHeuristics, calcPointerHeuristics, calcZeroHeuristics, calcFloatingPointHeuristics,
} from "./bpi-heuristics";
import { BPIState } from "./bpi-state";

export { PROB_ONE } from "./bpi-state";

// The computation over the state of bpi-state.ts.
@final export class BPI extends BPIState {
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
