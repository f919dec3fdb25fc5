// Block frequencies as LLVM 19's BlockFrequencyInfoImpl computes them
// (include/llvm/Analysis/BlockFrequencyInfoImpl.h, lib/Analysis/BlockFrequencyInfoImpl.cpp),
// from the branch probabilities of bpi.ts and the loops of loops.ts. A BFI object (one per analysis
// context, context.ts) reads the context's CFG, BPI and loops: bfi.compute() after bpi.compute().
//
// Nodes are positions in the reverse post-order (cfg.ts rpo). Loops (natural ones from LoopInfo,
// irreducible SCCs found on the way) are records in flat arrays, kept in LLVM's list order by
// prev/next links. Stages: mass distribution inside each loop, innermost first, with 64-bit masses
// split by dithering (each successor gets remaining mass * weight / remaining weight); a loop's
// scale is 1 / (mass leaving it); the loop is then one pseudo-node of its parent. When a back edge
// goes to a block that is not a header, the SCCs of the loop's (or function's) node graph become
// irreducible loops whose headers are the entry blocks plus targets of backward edges. Then the
// function, unwrapping (scales multiplied top-down as scaled numbers, scaled.ts), and conversion
// to integers with the largest frequency at 2^54.
import { I32Vec, I64Vec, U8Vec } from "../util/vec";
import { sortI32 } from "../util/sort";
import { vB, iMD } from "../ir/values";
import { CFG, blockTerminator } from "./cfg";
import { BPI } from "./bpi";
import { Loops, SCC } from "./loops";
import { Scaled, cmp, toU64 } from "./scaled";
import { findAttachment, canonicalMD, mdKind, MK, mdA, mdOps, mdNOps, mdPool } from "../ir/metadata";
import { strtab } from "../ir/module";
import { vKind, VK } from "../ir/values";
import { intLow64 } from "../ir/constants";

const FULL: u64 = u64.MAX_VALUE;
const W_LOCAL: u8 = 0, W_EXIT: u8 = 1, W_BACK: u8 = 2;

// ---- masses and probabilities ----
@inline function madd(a: u64, b: u64): u64 { let s = a + b; return s < a ? FULL : s; }
@inline function msub(a: u64, b: u64): u64 { let d = a - b; return d > a ? 0 : d; }
function bprob(n: u64, d: u64): u64 {
  if (d == 0x80000000) return n;
  return (n * 0x80000000 + (d >> 1)) / d;
}
// BranchProbability::scale: floor(m * n / 2^31), saturating.
function scaleMass(m: u64, n: u64): u64 {
  if (m == 0 || n == 0x80000000) return m;
  const D: u64 = 0x80000000;
  let ph = (m >> 32) * n, pl = (m & 0xffffffff) * n;
  let upper = ph >> 32, lower = pl & 0xffffffff;
  let midp = ph & 0xffffffff;
  let mid = (midp + (pl >> 32)) & 0xffffffff;
  if (mid < midp) upper++;
  let rem = (upper << 32) | mid;
  let uq = rem / D;
  if (uq > 0xffffffff) return FULL;
  rem = ((rem % D) << 32) | lower;
  let lq = rem / D;
  let q = (uq << 32) + lq;
  return q < lq ? FULL : q;
}

@inline function nextPow2(x: u64): u64 { // NextPowerOf2: strictly greater power of two
  x |= x >> 1; x |= x >> 2; x |= x >> 4; x |= x >> 8; x |= x >> 16; x |= x >> 32;
  return x + 1;
}


@final export class BFI {
  cfg: CFG;
  bpi: BPI;
  loops: Loops;
  scc: SCC;
  private sc: Scaled = new Scaled();
  // per node
  private wLoop: I32Vec = new I32Vec();
  private wMass: I64Vec = new I64Vec();
  private fD: I64Vec = new I64Vec();
  private fS: I32Vec = new I32Vec();
  private freqInt: I64Vec = new I64Vec();
  // per loop
  private lpParent: I32Vec = new I32Vec();
  private lpPackaged: U8Vec = new U8Vec();
  private lpNumHeaders: I32Vec = new I32Vec();
  private lpNodes: I32Vec = new I32Vec();     // start in nodePool
  private lpNNodes: I32Vec = new I32Vec();
  private lpExitHead: I32Vec = new I32Vec();
  private lpExitTail: I32Vec = new I32Vec();
  private lpBack: I32Vec = new I32Vec();      // start in backPool
  private lpMass: I64Vec = new I64Vec();
  private lpScaleD: I64Vec = new I64Vec();
  private lpScaleS: I32Vec = new I32Vec();
  private lpNext: I32Vec = new I32Vec();
  private lpPrev: I32Vec = new I32Vec();
  private listHead: i32 = -1;
  private listTail: i32 = -1;
  private nodePool: I32Vec = new I32Vec();
  private backPool: I64Vec = new I64Vec();
  private exNode: I32Vec = new I32Vec();
  private exMass: I64Vec = new I64Vec();
  private exNext: I32Vec = new I32Vec();
  // the distribution being built
  private dType: U8Vec = new U8Vec();
  private dNode: I32Vec = new I32Vec();
  private dAmt: I64Vec = new I64Vec();
  private dTotal: u64 = 0;
  private dOverflow: bool = false;
  // scratch
  private tmp: I32Vec = new I32Vec();
  private tmp2: I32Vec = new I32Vec();
  private gIndex: I32Vec = new I32Vec();   // node -> irreducible-graph index, -1
  private gNodes: I32Vec = new I32Vec();
  private gOff: I32Vec = new I32Vec();
  private gAdj: I32Vec = new I32Vec();
  private gPOff: I32Vec = new I32Vec();
  private gPred: I32Vec = new I32Vec();
  private gEdgeFrom: I32Vec = new I32Vec();
  private gEdgeTo: I32Vec = new I32Vec();
  private maxFreq: u64 = 0;
  constructor(cfg: CFG, bpi: BPI, loops: Loops, scc: SCC) { this.cfg = cfg; this.bpi = bpi; this.loops = loops; this.scc = scc; }

  // ---- loop records ----
  private newLoop(parent: i32, numHeaders: i32, nodesStart: i32, nNodes: i32): i32 {
    let l = this.lpParent.push(parent);
    this.lpPackaged.push(0); this.lpNumHeaders.push(numHeaders); this.lpNodes.push(nodesStart); this.lpNNodes.push(nNodes);
    this.lpExitHead.push(-1); this.lpExitTail.push(-1);
    this.lpBack.push(this.backPool.len); for (let k = 0; k < numHeaders; k++) this.backPool.push(0);
    this.lpMass.push(0); this.lpScaleD.push(0); this.lpScaleS.push(0); this.lpNext.push(-1); this.lpPrev.push(-1);
    return l;
  }

  private listInsertBefore(l: i32, before: i32): void {
    let p = before >= 0 ? this.lpPrev.get(before) : this.listTail;
    this.lpPrev.set(l, p); this.lpNext.set(l, before);
    if (p >= 0) this.lpNext.set(p, l); else this.listHead = l;
    if (before >= 0) this.lpPrev.set(before, l); else this.listTail = l;
  }

  @inline private nodeAt(l: i32, k: i32): i32 { return this.nodePool.get(this.lpNodes.get(l) + k); }


  @inline private headerOf(l: i32): i32 { return this.nodeAt(l, 0); }


  @inline private irreducible(l: i32): bool { return this.lpNumHeaders.get(l) > 1; }


  private headerIndex(l: i32, node: i32): i32 {
    let nh = this.lpNumHeaders.get(l);
    if (nh == 1) return this.nodeAt(l, 0) == node ? 0 : -1;
    let lo = 0, hi = nh;
    let base = this.lpNodes.get(l);
    while (lo < hi) { let m = (lo + hi) >> 1; if (this.nodePool.get(base + m) < node) lo = m + 1; else hi = m; }
    return lo < nh && this.nodePool.get(base + lo) == node ? lo : -1;
  }

  @inline private isHeader(l: i32, node: i32): bool { return this.headerIndex(l, node) >= 0; }


  private isLoopHeader(n: i32): bool { let l = this.wLoop.get(n); return l >= 0 && this.isHeader(l, n); }


  private isDoubleLoopHeader(n: i32): bool {
    if (!this.isLoopHeader(n)) return false;
    let p = this.lpParent.get(this.wLoop.get(n));
    return p >= 0 && this.irreducible(p) && this.isHeader(p, n);
  }

  private containingLoop(n: i32): i32 {
    if (!this.isLoopHeader(n)) return this.wLoop.get(n);
    if (!this.isDoubleLoopHeader(n)) return this.lpParent.get(this.wLoop.get(n));
    return this.lpParent.get(this.lpParent.get(this.wLoop.get(n)));
  }

  private packagedLoop(n: i32): i32 {
    let l = this.wLoop.get(n);
    if (l < 0 || this.lpPackaged.get(l) == 0) return -1;
    while (this.lpParent.get(l) >= 0 && this.lpPackaged.get(this.lpParent.get(l)) != 0) l = this.lpParent.get(l);
    return l;
  }

  private resolved(n: i32): i32 { let l = this.packagedLoop(n); return l >= 0 ? this.headerOf(l) : n; }


  private isAPackage(n: i32): bool { return this.isLoopHeader(n) && this.lpPackaged.get(this.wLoop.get(n)) != 0; }


  private isADoublePackage(n: i32): bool { return this.isDoubleLoopHeader(n) && this.lpPackaged.get(this.lpParent.get(this.wLoop.get(n))) != 0; }


  // WorkingData::getMass as a slot: node >= 0, or -(loop + 1)
  private massSlot(n: i32): i32 {
    if (!this.isAPackage(n)) return n;
    if (!this.isADoublePackage(n)) return -(this.wLoop.get(n) + 1);
    return -(this.lpParent.get(this.wLoop.get(n)) + 1);
  }

  private getMass(n: i32): u64 { let s = this.massSlot(n); return s >= 0 ? <u64>this.wMass.get(s) : <u64>this.lpMass.get(-s - 1); }


  private setMass(n: i32, m: u64): void { let s = this.massSlot(n); if (s >= 0) this.wMass.set(s, m); else this.lpMass.set(-s - 1, m); }


  private addExit(l: i32, node: i32, m: u64): void {
    let e = this.exNode.push(node); this.exMass.push(m); this.exNext.push(-1);
    let t = this.lpExitTail.get(l);
    if (t >= 0) this.exNext.set(t, e); else this.lpExitHead.set(l, e);
    this.lpExitTail.set(l, e);
  }

  @inline private clearExits(l: i32): void { this.lpExitHead.set(l, -1); this.lpExitTail.set(l, -1); }


  // ---- distributions ----
  private distClear(): void { this.dType.clear(); this.dNode.clear(); this.dAmt.clear(); this.dTotal = 0; this.dOverflow = false; }


  private distAdd(node: i32, amt: u64, ty: u8): void {
    let nt = this.dTotal + amt;
    if (nt < this.dTotal) this.dOverflow = true;
    this.dTotal = nt;
    this.dType.push(ty); this.dNode.push(node); this.dAmt.push(amt);
  }

  private combineSorted(): void {
    let n = this.dNode.len;
    // insertion sort by node (stable; equal nodes carry equal types and are summed)
    for (let i = 1; i < n; i++) {
      let nd = this.dNode.get(i), ty = this.dType.get(i), am = this.dAmt.get(i);
      let j = i - 1;
      while (j >= 0 && this.dNode.get(j) > nd) {
        this.dNode.set(j + 1, this.dNode.get(j)); this.dType.set(j + 1, this.dType.get(j)); this.dAmt.set(j + 1, this.dAmt.get(j)); j--;
      }
      this.dNode.set(j + 1, nd); this.dType.set(j + 1, ty); this.dAmt.set(j + 1, am);
    }
    let o = 0;
    for (let i = 0; i < n;) {
      let nd = this.dNode.get(i);
      let am = <u64>this.dAmt.get(i);
      this.dType.set(o, this.dType.get(i)); this.dNode.set(o, nd);
      let j = i + 1;
      for (; j < n && this.dNode.get(j) == nd; j++) am = madd(am, <u64>this.dAmt.get(j));
      this.dAmt.set(o, am);
      o++;
      i = j;
    }
    this.dType.len = o; this.dNode.len = o; this.dAmt.len = o;
  }

  // combineWeightsByHashing: a DenseMap<uint32_t, Weight> walked in bucket order.
  private combineHashed(): void {
    let n = this.dNode.len;
    let nb = <i32>nextPow2((nextPow2(<u64>(2 * n)) * 4) / 3 + 1);
    this.tmp.clear(); this.tmp.resize(nb, -1);     // bucket -> first weight index
    this.tmp2.clear(); this.tmp2.resize(n, -1);    // weight index -> representative
    let distinct = 0;
    for (let i = 0; i < n; i++) {
      let key = <u32>this.dNode.get(i);
      let b = <i32>((key * 37) & <u32>(nb - 1));
      let probe = 1;
      while (true) {
        let at = this.tmp.get(b);
        if (at < 0) { this.tmp.set(b, i); this.tmp2.set(i, i); distinct++; break; }
        if (this.dNode.get(at) == <i32>key) { this.tmp2.set(i, at); this.dAmt.set(at, madd(<u64>this.dAmt.get(at), <u64>this.dAmt.get(i))); break; }
        b = (b + probe++) & (nb - 1);
      }
    }
    if (distinct == n) return;
    // rebuild in bucket order
    let ty = new U8Vec(distinct), nd = new I32Vec(distinct), am = new I64Vec(distinct);
    for (let b = 0; b < nb; b++) {
      let i = this.tmp.get(b);
      if (i < 0) continue;
      ty.push(this.dType.get(i)); nd.push(this.dNode.get(i)); am.push(this.dAmt.get(i));
    }
    this.dType.clear(); this.dNode.clear(); this.dAmt.clear();
    for (let k = 0; k < nd.len; k++) { this.dType.push(ty.get(k)); this.dNode.push(nd.get(k)); this.dAmt.push(am.get(k)); }
  }

  private normalize(): void {
    let n = this.dNode.len;
    if (n == 0) return;
    if (n > 1) { if (n > 128) this.combineHashed(); else this.combineSorted(); }
    n = this.dNode.len;
    if (n == 1) { this.dTotal = 1; this.dAmt.set(0, 1); return; }
    let shift = 0;
    if (this.dOverflow) shift = 33;
    else if (this.dTotal > 0xffffffff) shift = 33 - <i32>clz(this.dTotal);
    if (shift == 0) return;
    this.dTotal = 0;
    for (let i = 0; i < n; i++) {
      let a = <u64>this.dAmt.get(i);
      let r = (a >> <u64>shift) + (1 & (a >> <u64>(shift - 1)));
      if (r < 1) r = 1;
      this.dAmt.set(i, r);
      this.dTotal += r;
    }
  }

  // distributeMass: dither the source's mass over the (normalized) distribution.
  private distributeMass(source: i32, outer: i32): void {
    let remMass = this.getMass(source);
    this.normalize();
    let remW = <u32>this.dTotal;
    for (let i = 0; i < this.dNode.len; i++) {
      let w = <u32>this.dAmt.get(i);
      let taken = scaleMass(remMass, bprob(<u64>w, <u64>remW));
      remW -= w;
      remMass = msub(remMass, taken);
      let t = this.dNode.get(i);
      let ty = this.dType.get(i);
      if (ty == W_LOCAL) { this.setMass(t, madd(this.getMass(t), taken)); continue; }
      if (ty == W_BACK) {
        let at = this.lpBack.get(outer) + this.headerIndex(outer, t);
        this.backPool.set(at, madd(<u64>this.backPool.get(at), taken));
        continue;
      }
      this.addExit(outer, t, taken);
    }
  }

  // Dist of header weights distributed from full mass (distributeIrrLoopHeaderMass, adjustLoopHeaderMass).
  private distributeFull(): void {
    let remMass = FULL;
    this.normalize();
    let remW = <u32>this.dTotal;
    for (let i = 0; i < this.dNode.len; i++) {
      let w = <u32>this.dAmt.get(i);
      let taken = scaleMass(remMass, bprob(<u64>w, <u64>remW));
      remW -= w;
      remMass = msub(remMass, taken);
      this.setMass(this.dNode.get(i), taken);
    }
  }

  private addToDist(outer: i32, predN: i32, succN: i32, weight: u64): bool {
    if (weight == 0) weight = 1;
    let r = this.resolved(succN);
    if (outer >= 0 && this.isHeader(outer, r)) { this.distAdd(r, weight, W_BACK); return true; }
    if (this.containingLoop(r) != outer) { this.distAdd(r, weight, W_EXIT); return true; }
    if (r < predN && !(outer >= 0 && this.isHeader(outer, predN))) return false;
    this.distAdd(r, weight, W_LOCAL);
    return true;
  }

  private propagate(outer: i32, node: i32): bool {
    this.distClear();
    let pl = this.packagedLoop(node);
    if (pl >= 0) {
      for (let e = this.lpExitHead.get(pl); e >= 0; e = this.exNext.get(e)) {
        if (!this.addToDist(outer, this.headerOf(pl), this.exNode.get(e), <u64>this.exMass.get(e))) return false;
      }
    } else {
      let b = this.cfg.rpo.get(node);
      let s = this.cfg.succOff.get(b), e = this.cfg.succOff.get(b + 1);
      for (let k = s; k < e; k++) {
        if (!this.addToDist(outer, node, this.cfg.rpoIndex.get(this.cfg.succ.get(k)), <u64>this.bpi.edgeProbabilityAt(b, k - s))) return false;
      }
    }
    this.distributeMass(node, outer);
    return true;
  }

  // BasicBlock::getIrrLoopHeaderWeight: !irr_loop !{!"loop_header_weight", i64 N} on the terminator.
  private irrHeaderWeight(node: i32): i64 {
    let t = blockTerminator(this.cfg.block.get(this.cfg.rpo.get(node)));
    if (t < 0) return -1;
    let md = findAttachment(iMD.get(t), 24);
    if (md < 0) return -1;
    md = canonicalMD(md);
    if (<i32>mdKind.get(md) != MK.Tuple || mdNOps.get(md) < 2) return -1;
    let s = canonicalMD(mdPool.get(mdOps.get(md)));
    if (s < 0 || <i32>mdKind.get(s) != MK.String || !strtab.eqStr(mdA.get(s), "loop_header_weight")) return -1;
    let v = canonicalMD(mdPool.get(mdOps.get(md) + 1));
    if (v < 0 || <i32>mdKind.get(v) != MK.Value || <i32>vKind.get(mdA.get(v)) != VK.ConstInt) return -1;
    return <i64>(intLow64(mdA.get(v)) & 0x7fffffffffffffff);
  }

  private computeMassInLoop(l: i32): bool {
    let nn = this.lpNNodes.get(l);
    if (this.irreducible(l)) {
      let nh = this.lpNumHeaders.get(l);
      this.distClear();
      let withWeight = 0;
      let minW: i64 = -1;
      this.tmp.clear();
      for (let h = 0; h < nh; h++) {
        let hn = this.nodeAt(l, h);
        let w = this.irrHeaderWeight(hn);
        if (w < 0) { this.tmp.push(h); continue; }
        withWeight++;
        if (minW < 0 || w < minW) minW = w;
        if (w != 0) this.distAdd(hn, <u64>w, W_LOCAL);
      }
      if (minW < 0) minW = 1;
      for (let k = 0; k < this.tmp.len; k++) if (minW != 0) this.distAdd(this.nodeAt(l, this.tmp.get(k)), <u64>minW, W_LOCAL);
      this.distributeFull();
      for (let k = 0; k < nn; k++) this.propagate(l, this.nodeAt(l, k));
      if (withWeight == 0) {
        this.distClear();
        for (let h = 0; h < nh; h++) {
          let m = <u64>this.backPool.get(this.lpBack.get(l) + h);
          if (m > 0) this.distAdd(this.nodeAt(l, h), m, W_LOCAL);
        }
        this.distributeFull();
      }
    } else {
      this.setMass(this.headerOf(l), FULL);
      this.propagate(l, this.headerOf(l));
      for (let k = 1; k < nn; k++) if (!this.propagate(l, this.nodeAt(l, k))) return false;
    }
    // loop scale = 1 / exit mass
    let back: u64 = 0;
    for (let h = 0; this.lpNumHeaders.get(l) > h; h++) back = madd(back, <u64>this.backPool.get(this.lpBack.get(l) + h));
    let exit = msub(FULL, back);
    if (exit == 0) { this.lpScaleD.set(l, 1); this.lpScaleS.set(l, 12); }
    else {
      // toScaled() of a mass: 1 when full, else (mass + 1) * 2^-64
      if (exit == FULL) this.sc.div(1, 0, 1, 0); else this.sc.div(1, 0, exit + 1, -64);
      this.lpScaleD.set(l, this.sc.rD); this.lpScaleS.set(l, this.sc.rS);
    }
    // package
    for (let k = 0; k < nn; k++) { let p = this.packagedLoop(this.nodeAt(l, k)); if (p >= 0) this.clearExits(p); }
    this.lpPackaged.set(l, 1);
    return true;
  }

  // ---- irreducible control flow ----
  private addGraphEdge(outer: i32, from: i32, succN: i32): void {
    if (outer >= 0 && this.isHeader(outer, succN)) return;
    let g = this.gIndex.get(succN);
    if (g < 0) return;
    this.gEdgeFrom.push(from); this.gEdgeTo.push(g);
  }

  private computeIrreducibleMass(outer: i32, insertBefore: i32): void {
    let n = this.cfg.rpo.len;
    this.gIndex.clear(); this.gIndex.resize(n, -1);
    this.gNodes.clear();
    if (outer >= 0) {
      for (let k = 0; this.lpNNodes.get(outer) > k; k++) this.gNodes.push(this.nodeAt(outer, k));
    } else {
      for (let x = 0; x < n; x++) if (this.resolved(x) == x) this.gNodes.push(x);
    }
    for (let k = 0; k < this.gNodes.len; k++) { this.gIndex.set(this.gNodes.get(k), k); this.setMass(this.gNodes.get(k), 0); }
    this.gEdgeFrom.clear(); this.gEdgeTo.clear();
    for (let k = 0; k < this.gNodes.len; k++) {
      let x = this.gNodes.get(k);
      if (this.isAPackage(x)) {
        let l = this.wLoop.get(x);
        for (let e = this.lpExitHead.get(l); e >= 0; e = this.exNext.get(e)) this.addGraphEdge(outer, k, this.exNode.get(e));
      } else {
        let b = this.cfg.rpo.get(x);
        for (let j = this.cfg.succOff.get(b); this.cfg.succOff.get(b + 1) > j; j++) this.addGraphEdge(outer, k, this.cfg.rpoIndex.get(this.cfg.succ.get(j)));
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
      let l = this.createIrreducibleLoop(outer, insertBefore, c);
      if (first < 0) first = l;
    }
    if (first >= 0) for (let l = first; l != insertBefore; l = this.lpNext.get(l)) this.computeMassInLoop(l);
    if (outer < 0) return;
    // updateLoopWithIrreducible
    this.clearExits(outer);
    for (let h = 0; this.lpNumHeaders.get(outer) > h; h++) this.backPool.set(this.lpBack.get(outer) + h, 0);
    let base = this.lpNodes.get(outer), o = 1;
    for (let k = 1; this.lpNNodes.get(outer) > k; k++) {
      let x = this.nodePool.get(base + k);
      if (this.resolved(x) == x) { this.nodePool.set(base + o, x); o++; }
    }
    this.lpNNodes.set(outer, o);
  }

  // findIrreducibleHeaders + createIrreducibleLoop for SCC c (graph indices of its members in tmp).
  private createIrreducibleLoop(outer: i32, insertBefore: i32, c: i32): i32 {
    // headers: members with a predecessor outside the SCC; then members with a backward edge from a
    // non-entry member
    this.tmp2.clear();
    let isEntry = this.gEdgeFrom;   // reuse as a per-member flag array
    isEntry.clear(); isEntry.resize(this.gNodes.len, 0);
    let nEntries = 0;
    for (let k = 0; k < this.tmp.len; k++) {
      let g = this.tmp.get(k);
      for (let j = this.gPOff.get(g); this.gPOff.get(g + 1) > j; j++) {
        if (this.scc.comp.get(this.gPred.get(j)) != c) { isEntry.set(g, 1); nEntries++; break; }
      }
    }
    let headers = new I32Vec(), others = new I32Vec();
    for (let k = 0; k < this.tmp.len; k++) { let g = this.tmp.get(k); if (isEntry.get(g) != 0) headers.push(this.gNodes.get(g)); }
    if (nEntries != this.tmp.len) {
      for (let k = 0; k < this.tmp.len; k++) {
        let g = this.tmp.get(k);
        if (isEntry.get(g) != 0) continue;
        let node = this.gNodes.get(g);
        let extra = false;
        for (let j = this.gPOff.get(g); this.gPOff.get(g + 1) > j; j++) {
          let p = this.gPred.get(j);
          if (this.gNodes.get(p) < node) continue;
          if (isEntry.get(p) != 0) continue;
          extra = true; break;
        }
        if (extra) headers.push(node); else others.push(node);
      }
    }
    sortI32(headers.ptr, headers.len); sortI32(others.ptr, others.len);
    let start = this.nodePool.len;
    for (let k = 0; k < headers.len; k++) this.nodePool.push(headers.get(k));
    for (let k = 0; k < others.len; k++) this.nodePool.push(others.get(k));
    let l = this.newLoop(outer, headers.len, start, headers.len + others.len);
    this.listInsertBefore(l, insertBefore);
    for (let k = 0; this.lpNNodes.get(l) > k; k++) {
      let x = this.nodeAt(l, k);
      if (this.isLoopHeader(x)) this.lpParent.set(this.wLoop.get(x), l);
      else this.wLoop.set(x, l);
    }
    return l;
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
    this.initializeLoops();
    // innermost loops first (the list backwards)
    for (let l = this.listTail; l >= 0;) {
      if (this.computeMassInLoop(l)) { l = this.lpPrev.get(l); continue; }
      let nxt = this.lpPrev.get(l);
      this.computeIrreducibleMass(l, this.lpNext.get(l));
      this.computeMassInLoop(l);
      l = nxt;
    }
    if (!this.computeMassInFunction()) {
      this.computeIrreducibleMass(-1, this.listHead);
      this.computeMassInFunction();
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
        let x = this.nodeAt(l, k);
        if (this.isAPackage(x)) {
          let p = this.packagedLoop(x);
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

  private computeMassInFunction(): bool {
    this.setMass(0, FULL);
    for (let x = 0; x < this.cfg.rpo.len; x++) {
      if (this.resolved(x) != x) continue;
      if (!this.propagate(-1, x)) return false;
    }
    return true;
  }

  // LoopInfo's loops, top-down breadth first (top level in LoopInfo order, then each loop's
  // sub-loops), each with its header and then its immediate members in reverse post-order.
  private initializeLoops(): void {
    let m = this.loops.count;
    if (m == 0) return;
    this.tmp.clear(); this.tmp2.clear();   // queue of LoopInfo loops and their parent records
    for (let k = 0; k < this.loops.topLoops.len; k++) { this.tmp.push(this.loops.topLoops.get(k)); this.tmp2.push(-1); }
    let rec = new I32Vec(m); rec.resize(m, -1);   // LoopInfo loop -> record
    let counts = new I32Vec(m); counts.resize(m, 1);
    // immediate member counts: blocks whose innermost loop is l (headers of sub-loops counted in the parent)
    for (let x = 0; x < this.cfg.rpo.len; x++) {
      let b = this.cfg.rpo.get(x);
      let l = this.loops.loopOf.get(b);
      if (l < 0) continue;
      if (this.loops.header.get(l) == b) { let p = this.loops.parent.get(l); if (p >= 0) counts.set(p, counts.get(p) + 1); }
      else counts.set(l, counts.get(l) + 1);
    }
    for (let q = 0; q < this.tmp.len; q++) {
      let li = this.tmp.get(q), parent = this.tmp2.get(q);
      let start = this.nodePool.len;
      let c = counts.get(li);
      for (let k = 0; k < c; k++) this.nodePool.push(-1);
      let r = this.newLoop(parent, 1, start, 1);
      this.nodePool.set(start, this.cfg.rpoIndex.get(this.loops.header.get(li)));
      this.listInsertBefore(r, -1);
      rec.set(li, r);
      this.wLoop.set(this.cfg.rpoIndex.get(this.loops.header.get(li)), r);
      for (let k = this.loops.kidOff.get(li); this.loops.kidOff.get(li + 1) > k; k++) { this.tmp.push(this.loops.kids.get(k)); this.tmp2.push(r); }
    }
    for (let x = 0; x < this.cfg.rpo.len; x++) {
      let b = this.cfg.rpo.get(x);
      let li = this.loops.loopOf.get(b);
      if (li < 0) continue;
      if (this.loops.header.get(li) == b) {
        let p = this.lpParent.get(rec.get(li));
        if (p >= 0) { this.nodePool.set(this.lpNodes.get(p) + this.lpNNodes.get(p), x); this.lpNNodes.set(p, this.lpNNodes.get(p) + 1); }
        continue;
      }
      let r = rec.get(li);
      this.wLoop.set(x, r);
      this.nodePool.set(this.lpNodes.get(r) + this.lpNNodes.get(r), x);
      this.lpNNodes.set(r, this.lpNNodes.get(r) + 1);
    }
  }

  // Frequency of block b (cfg.ts number); 0 for blocks unreachable from the entry.
  blockFreq(b: i32): u64 {
    let x = this.cfg.rpoIndex.get(b);
    return x >= 0 ? <u64>this.freqInt.get(x) : 0;
  }

  maxBlockFreq(): u64 { return this.maxFreq; }

}
