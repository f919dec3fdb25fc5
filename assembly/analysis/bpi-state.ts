// The data of one branch-probability computation (bpi.ts) and the queries on it: BranchProbability
// arithmetic, the per-edge numerators and their setters. bpi-weights.ts and bpi-heuristics.ts fill
// it; bpi.ts (BPI, its subclass) runs them. Kept apart from bpi.ts so that the rule files import
// nothing above them.
import { I32Vec, U8Vec } from "../util/vec";
import { CFG } from "./cfg";
import { DomTree, DomTreeBuilder } from "./domtree";
import { Loops, SCC } from "./loops";

export const PROB_ONE: u32 = 0x80000000;

// ---- BranchProbability arithmetic ----
export function bprob(n: u64, d: u64): u32 {
  if (d == <u64>PROB_ONE) return <u32>n;
  return <u32>((n * <u64>PROB_ONE + (d >> 1)) / d);
}
@inline export function padd(a: u32, b: u32): u32 { let s = <u64>a + <u64>b; return s > <u64>PROB_ONE ? PROB_ONE : <u32>s; }
@inline export function psub(a: u32, b: u32): u32 { return a < b ? 0 : a - b; }

// The state of one computation; bpi-weights.ts and bpi-heuristics.ts read and write it.
export class BPIState {
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

}
