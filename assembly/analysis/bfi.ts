// Block frequencies as LLVM 19's BlockFrequencyInfoImpl computes them
// (include/llvm/Analysis/BlockFrequencyInfoImpl.h, lib/Analysis/BlockFrequencyInfoImpl.cpp),
// from the branch probabilities of bpi.ts and the loops of loops.ts. A BFI object (one per analysis
// context, context.ts) reads the context's CFG, BPI and loops: bfi.compute() after bpi.compute().
//
// Nodes are positions in the reverse post-order (cfg.ts rpo). Loops (natural ones from LoopInfo,
// irreducible SCCs found on the way) are records in flat arrays (bfi-loops.ts), kept in LLVM's list
// order by prev/next links. Stages: mass distribution (bfi-dist.ts) inside each loop, innermost
// first, with 64-bit masses split by dithering (each successor gets remaining mass * weight /
// remaining weight); a loop's scale is 1 / (mass leaving it); the loop is then one pseudo-node of
// its parent. When a back edge
// goes to a block that is not a header, the SCCs of the loop's (or function's) node graph become
// irreducible loops whose headers are the entry blocks plus targets of backward edges. Then the
// function, unwrapping (scales multiplied top-down as scaled numbers, scaled.ts), and conversion
// to integers with the largest frequency at 2^54.
import { cmp, toU64 } from "./scaled";
import { BFIState } from "./bfi-state";
import {
  nodeAt, packagedLoop, resolved, isAPackage, clearExits, addGraphEdge, createIrreducibleLoop, initializeLoops,
} from "./bfi-loops";
import { FULL, setMass, computeMassInLoop, computeMassInFunction } from "./bfi-dist";

// The computation over the state of bfi-state.ts.
@final export class BFI extends BFIState {
  // Irreducible control flow: the SCCs of the loop's (or the function's, outer -1) node graph
  // become loops, whose masses are computed before the records are inserted.
  private computeIrreducibleMass(outer: i32, insertBefore: i32): void {
    let n = this.cfg.rpo.len;
    this.gIndex.clear(); this.gIndex.resize(n, -1);
    this.gNodes.clear();
    if (outer >= 0) {
      for (let k = 0; this.lpNNodes.get(outer) > k; k++) this.gNodes.push(nodeAt(this, outer, k));
    } else {
      for (let x = 0; x < n; x++) if (resolved(this, x) == x) this.gNodes.push(x);
    }
    for (let k = 0; k < this.gNodes.len; k++) { this.gIndex.set(this.gNodes.get(k), k); setMass(this, this.gNodes.get(k), 0); }
    this.gEdgeFrom.clear(); this.gEdgeTo.clear();
    for (let k = 0; k < this.gNodes.len; k++) {
      let x = this.gNodes.get(k);
      if (isAPackage(this, x)) {
        let l = this.wLoop.get(x);
        for (let e = this.lpExitHead.get(l); e >= 0; e = this.exNext.get(e)) addGraphEdge(this, outer, k, this.exNode.get(e));
      } else {
        let b = this.cfg.rpo.get(x);
        for (let j = this.cfg.succOff.get(b); this.cfg.succOff.get(b + 1) > j; j++) addGraphEdge(this, outer, k, this.cfg.rpoIndex.get(this.cfg.succ.get(j)));
      }
    }
    let gn = this.gNodes.len, m = this.gEdgeFrom.len;
    this.gOff.clear(); this.gOff.resize(gn + 1, 0); this.gAdj.clear(); this.gAdj.resize(m, 0);
    this.gPOff.clear(); this.gPOff.resize(gn + 1, 0); this.gPred.clear(); this.gPred.resize(m, 0);
    for (let i = 0; i < m; i++) {
      this.gOff.set(this.gEdgeFrom.get(i) + 1, this.gOff.get(this.gEdgeFrom.get(i) + 1) + 1);
      this.gPOff.set(this.gEdgeTo.get(i) + 1, this.gPOff.get(this.gEdgeTo.get(i) + 1) + 1);
    }
    for (let i = 0; i < gn; i++) { this.gOff.set(i + 1, this.gOff.get(i + 1) + this.gOff.get(i)); this.gPOff.set(i + 1, this.gPOff.get(i + 1) + this.gPOff.get(i)); }
    this.tmp.clear(); this.tmp.resize(gn, 0); this.tmp2.clear(); this.tmp2.resize(gn, 0);
    for (let i = 0; i < m; i++) {
      let f = this.gEdgeFrom.get(i), t = this.gEdgeTo.get(i);
      this.gAdj.set(this.gOff.get(f) + this.tmp.get(f), t); this.tmp.set(f, this.tmp.get(f) + 1);
      this.gPred.set(this.gPOff.get(t) + this.tmp2.get(t), f); this.tmp2.set(t, this.tmp2.get(t) + 1);
    }
    this.scc.ofGraph(gn, this.gOff, this.gAdj, 0);
    // members of each non-trivial SCC, in node order
    let first = -1;
    let nComp = this.scc.count;
    for (let c = 0; c < nComp; c++) {
      this.tmp.clear();
      for (let k = 0; k < gn; k++) if (this.scc.comp.get(k) == c) this.tmp.push(k);
      if (this.tmp.len < 2) continue;
      let l = createIrreducibleLoop(this, outer, insertBefore, c);
      if (first < 0) first = l;
    }
    if (first >= 0) for (let l = first; l != insertBefore; l = this.lpNext.get(l)) computeMassInLoop(this, l);
    if (outer < 0) return;
    // updateLoopWithIrreducible
    clearExits(this, outer);
    for (let h = 0; this.lpNumHeaders.get(outer) > h; h++) this.backPool.set(this.lpBack.get(outer) + h, 0);
    let base = this.lpNodes.get(outer), o = 1;
    for (let k = 1; this.lpNNodes.get(outer) > k; k++) {
      let x = this.nodePool.get(base + k);
      if (resolved(this, x) == x) { this.nodePool.set(base + o, x); o++; }
    }
    this.lpNNodes.set(outer, o);
  }

  // ---- the whole function ----
  compute(): void {
    let n = this.cfg.rpo.len;
    this.wLoop.clear(); this.wLoop.resize(n, -1);
    this.wMass.clear(); this.wMass.resize(n, 0);
    this.fD.clear(); this.fD.resize(n, 0); this.fS.clear(); this.fS.resize(n, 0);
    this.freqInt.clear(); this.freqInt.resize(n, 0);
    this.lpParent.clear(); this.lpPackaged.clear(); this.lpNumHeaders.clear(); this.lpNodes.clear(); this.lpNNodes.clear();
    this.lpExitHead.clear(); this.lpExitTail.clear(); this.lpBack.clear(); this.lpMass.clear(); this.lpScaleD.clear(); this.lpScaleS.clear();
    this.lpNext.clear(); this.lpPrev.clear(); this.listHead = -1; this.listTail = -1;
    this.nodePool.clear(); this.backPool.clear(); this.exNode.clear(); this.exMass.clear(); this.exNext.clear();
    this.maxFreq = 0;
    if (n == 0) return;
    initializeLoops(this);
    // innermost loops first (the list backwards)
    for (let l = this.listTail; l >= 0;) {
      if (computeMassInLoop(this, l)) { l = this.lpPrev.get(l); continue; }
      let nxt = this.lpPrev.get(l);
      this.computeIrreducibleMass(l, this.lpNext.get(l));
      computeMassInLoop(this, l);
      l = nxt;
    }
    if (!computeMassInFunction(this)) {
      this.computeIrreducibleMass(-1, this.listHead);
      computeMassInFunction(this);
    }
    // unwrap
    for (let x = 0; x < n; x++) {
      let m = <u64>this.wMass.get(x);
      if (m == FULL) { this.fD.set(x, 1); this.fS.set(x, 0); } else { this.fD.set(x, m + 1); this.fS.set(x, -64); }
    }
    for (let l = this.listHead; l >= 0; l = this.lpNext.get(l)) {
      let m = <u64>this.lpMass.get(l);
      if (m == FULL) this.sc.mul(<u64>this.lpScaleD.get(l), this.lpScaleS.get(l), 1, 0);
      else this.sc.mul(<u64>this.lpScaleD.get(l), this.lpScaleS.get(l), m + 1, -64);
      this.lpScaleD.set(l, this.sc.rD); this.lpScaleS.set(l, this.sc.rS);
      this.lpPackaged.set(l, 0);
      let sd = this.sc.rD, ss = this.sc.rS;
      for (let k = 0; this.lpNNodes.get(l) > k; k++) {
        let x = nodeAt(this, l, k);
        if (isAPackage(this, x)) {
          let p = packagedLoop(this, x);
          this.sc.mul(sd, ss, <u64>this.lpScaleD.get(p), this.lpScaleS.get(p));
          this.lpScaleD.set(p, this.sc.rD); this.lpScaleS.set(p, this.sc.rS);
        } else {
          this.sc.mul(sd, ss, <u64>this.fD.get(x), this.fS.get(x));
          this.fD.set(x, this.sc.rD); this.fS.set(x, this.sc.rS);
        }
      }
    }
    // to integers: the largest frequency becomes 2^54
    let maxD: u64 = 0, maxS = 0;
    for (let x = 0; x < n; x++) if (cmp(<u64>this.fD.get(x), this.fS.get(x), maxD, maxS) > 0) { maxD = <u64>this.fD.get(x); maxS = this.fS.get(x); }
    this.sc.div(1, 54, maxD, maxS);
    let facD = this.sc.rD, facS = this.sc.rS;
    for (let x = 0; x < n; x++) {
      this.sc.mul(<u64>this.fD.get(x), this.fS.get(x), facD, facS);
      let v = toU64(this.sc.rD, this.sc.rS);
      if (v < 1) v = 1;
      this.freqInt.set(x, v);
      if (v > this.maxFreq) this.maxFreq = v;
    }
  }
}
