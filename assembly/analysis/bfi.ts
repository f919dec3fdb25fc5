// Block frequencies as LLVM 19's BlockFrequencyInfoImpl computes them
// (include/llvm/Analysis/BlockFrequencyInfoImpl.h, lib/Analysis/BlockFrequencyInfoImpl.cpp),
// from the branch probabilities of bpi.ts and the loops of loops.ts (computeBranchProbabilities
// must have run on the current CFG).
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
import { cfgN, cfgBlock, succOff, succ, rpo, rpoIndex, blockTerminator } from "./cfg";
import { edgeProbabilityAt } from "./bpi";
import { numLoops, loopHeader, loopParent, topLoops, loopKidOff, loopKids, loopOf, sccOfGraph, sccComp, sccCount } from "./loops";
import { rD, rS, mul, div, cmp, toU64 } from "./scaled";
import { findAttachment, canonicalMD, mdKind, MK, mdA, mdOps, mdNOps, mdPool } from "../ir/metadata";
import { strtab } from "../ir/module";
import { vKind, VK } from "../ir/values";
import { intLow64 } from "../ir/constants";

const FULL: u64 = u64.MAX_VALUE;
const W_LOCAL: u8 = 0, W_EXIT: u8 = 1, W_BACK: u8 = 2;

// per node
let wLoop: I32Vec = new I32Vec();
let wMass: I64Vec = new I64Vec();
let fD: I64Vec = new I64Vec();
let fS: I32Vec = new I32Vec();
let freqInt: I64Vec = new I64Vec();
// per loop
let lpParent: I32Vec = new I32Vec();
let lpPackaged: U8Vec = new U8Vec();
let lpNumHeaders: I32Vec = new I32Vec();
let lpNodes: I32Vec = new I32Vec();     // start in nodePool
let lpNNodes: I32Vec = new I32Vec();
let lpExitHead: I32Vec = new I32Vec();
let lpExitTail: I32Vec = new I32Vec();
let lpBack: I32Vec = new I32Vec();      // start in backPool
let lpMass: I64Vec = new I64Vec();
let lpScaleD: I64Vec = new I64Vec();
let lpScaleS: I32Vec = new I32Vec();
let lpNext: I32Vec = new I32Vec();
let lpPrev: I32Vec = new I32Vec();
let listHead: i32 = -1, listTail: i32 = -1;
let nodePool: I32Vec = new I32Vec();
let backPool: I64Vec = new I64Vec();
let exNode: I32Vec = new I32Vec();
let exMass: I64Vec = new I64Vec();
let exNext: I32Vec = new I32Vec();
// the distribution being built
let dType: U8Vec = new U8Vec();
let dNode: I32Vec = new I32Vec();
let dAmt: I64Vec = new I64Vec();
let dTotal: u64 = 0;
let dOverflow: bool = false;
// scratch
let tmp: I32Vec = new I32Vec();
let tmp2: I32Vec = new I32Vec();
let gIndex: I32Vec = new I32Vec();   // node -> irreducible-graph index, -1
let gNodes: I32Vec = new I32Vec();
let gOff: I32Vec = new I32Vec();
let gAdj: I32Vec = new I32Vec();
let gPOff: I32Vec = new I32Vec();
let gPred: I32Vec = new I32Vec();
let gEdgeFrom: I32Vec = new I32Vec();
let gEdgeTo: I32Vec = new I32Vec();
let maxFreq: u64 = 0;

export function resetBFI(): void {
  wLoop = new I32Vec(); wMass = new I64Vec(); fD = new I64Vec(); fS = new I32Vec(); freqInt = new I64Vec();
  lpParent = new I32Vec(); lpPackaged = new U8Vec(); lpNumHeaders = new I32Vec(); lpNodes = new I32Vec();
  lpNNodes = new I32Vec(); lpExitHead = new I32Vec(); lpExitTail = new I32Vec(); lpBack = new I32Vec();
  lpMass = new I64Vec(); lpScaleD = new I64Vec(); lpScaleS = new I32Vec(); lpNext = new I32Vec(); lpPrev = new I32Vec();
  listHead = -1; listTail = -1;
  nodePool = new I32Vec(); backPool = new I64Vec(); exNode = new I32Vec(); exMass = new I64Vec(); exNext = new I32Vec();
  dType = new U8Vec(); dNode = new I32Vec(); dAmt = new I64Vec(); dTotal = 0; dOverflow = false;
  tmp = new I32Vec(); tmp2 = new I32Vec(); gIndex = new I32Vec(); gNodes = new I32Vec(); gOff = new I32Vec();
  gAdj = new I32Vec(); gPOff = new I32Vec(); gPred = new I32Vec(); gEdgeFrom = new I32Vec(); gEdgeTo = new I32Vec();
  maxFreq = 0;
}

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

// ---- loop records ----
function newLoop(parent: i32, numHeaders: i32, nodesStart: i32, nNodes: i32): i32 {
  let l = lpParent.push(parent);
  lpPackaged.push(0); lpNumHeaders.push(numHeaders); lpNodes.push(nodesStart); lpNNodes.push(nNodes);
  lpExitHead.push(-1); lpExitTail.push(-1);
  lpBack.push(backPool.len); for (let k = 0; k < numHeaders; k++) backPool.push(0);
  lpMass.push(0); lpScaleD.push(0); lpScaleS.push(0); lpNext.push(-1); lpPrev.push(-1);
  return l;
}
function listInsertBefore(l: i32, before: i32): void {
  let p = before >= 0 ? lpPrev.get(before) : listTail;
  lpPrev.set(l, p); lpNext.set(l, before);
  if (p >= 0) lpNext.set(p, l); else listHead = l;
  if (before >= 0) lpPrev.set(before, l); else listTail = l;
}
@inline function nodeAt(l: i32, k: i32): i32 { return nodePool.get(lpNodes.get(l) + k); }
@inline function headerOf(l: i32): i32 { return nodeAt(l, 0); }
@inline function irreducible(l: i32): bool { return lpNumHeaders.get(l) > 1; }
function headerIndex(l: i32, node: i32): i32 {
  let nh = lpNumHeaders.get(l);
  if (nh == 1) return nodeAt(l, 0) == node ? 0 : -1;
  let lo = 0, hi = nh;
  let base = lpNodes.get(l);
  while (lo < hi) { let m = (lo + hi) >> 1; if (nodePool.get(base + m) < node) lo = m + 1; else hi = m; }
  return lo < nh && nodePool.get(base + lo) == node ? lo : -1;
}
@inline function isHeader(l: i32, node: i32): bool { return headerIndex(l, node) >= 0; }
function isLoopHeader(n: i32): bool { let l = wLoop.get(n); return l >= 0 && isHeader(l, n); }
function isDoubleLoopHeader(n: i32): bool {
  if (!isLoopHeader(n)) return false;
  let p = lpParent.get(wLoop.get(n));
  return p >= 0 && irreducible(p) && isHeader(p, n);
}
function containingLoop(n: i32): i32 {
  if (!isLoopHeader(n)) return wLoop.get(n);
  if (!isDoubleLoopHeader(n)) return lpParent.get(wLoop.get(n));
  return lpParent.get(lpParent.get(wLoop.get(n)));
}
function packagedLoop(n: i32): i32 {
  let l = wLoop.get(n);
  if (l < 0 || lpPackaged.get(l) == 0) return -1;
  while (lpParent.get(l) >= 0 && lpPackaged.get(lpParent.get(l)) != 0) l = lpParent.get(l);
  return l;
}
function resolved(n: i32): i32 { let l = packagedLoop(n); return l >= 0 ? headerOf(l) : n; }
function isAPackage(n: i32): bool { return isLoopHeader(n) && lpPackaged.get(wLoop.get(n)) != 0; }
function isADoublePackage(n: i32): bool { return isDoubleLoopHeader(n) && lpPackaged.get(lpParent.get(wLoop.get(n))) != 0; }
// WorkingData::getMass as a slot: node >= 0, or -(loop + 1)
function massSlot(n: i32): i32 {
  if (!isAPackage(n)) return n;
  if (!isADoublePackage(n)) return -(wLoop.get(n) + 1);
  return -(lpParent.get(wLoop.get(n)) + 1);
}
function getMass(n: i32): u64 { let s = massSlot(n); return s >= 0 ? <u64>wMass.get(s) : <u64>lpMass.get(-s - 1); }
function setMass(n: i32, m: u64): void { let s = massSlot(n); if (s >= 0) wMass.set(s, m); else lpMass.set(-s - 1, m); }
function addExit(l: i32, node: i32, m: u64): void {
  let e = exNode.push(node); exMass.push(m); exNext.push(-1);
  let t = lpExitTail.get(l);
  if (t >= 0) exNext.set(t, e); else lpExitHead.set(l, e);
  lpExitTail.set(l, e);
}
@inline function clearExits(l: i32): void { lpExitHead.set(l, -1); lpExitTail.set(l, -1); }

// ---- distributions ----
function distClear(): void { dType.clear(); dNode.clear(); dAmt.clear(); dTotal = 0; dOverflow = false; }
function distAdd(node: i32, amt: u64, ty: u8): void {
  let nt = dTotal + amt;
  if (nt < dTotal) dOverflow = true;
  dTotal = nt;
  dType.push(ty); dNode.push(node); dAmt.push(amt);
}
function combineSorted(): void {
  let n = dNode.len;
  // insertion sort by node (stable; equal nodes carry equal types and are summed)
  for (let i = 1; i < n; i++) {
    let nd = dNode.get(i), ty = dType.get(i), am = dAmt.get(i);
    let j = i - 1;
    while (j >= 0 && dNode.get(j) > nd) {
      dNode.set(j + 1, dNode.get(j)); dType.set(j + 1, dType.get(j)); dAmt.set(j + 1, dAmt.get(j)); j--;
    }
    dNode.set(j + 1, nd); dType.set(j + 1, ty); dAmt.set(j + 1, am);
  }
  let o = 0;
  for (let i = 0; i < n;) {
    let nd = dNode.get(i);
    let am = <u64>dAmt.get(i);
    dType.set(o, dType.get(i)); dNode.set(o, nd);
    let j = i + 1;
    for (; j < n && dNode.get(j) == nd; j++) am = madd(am, <u64>dAmt.get(j));
    dAmt.set(o, am);
    o++;
    i = j;
  }
  dType.len = o; dNode.len = o; dAmt.len = o;
}
@inline function nextPow2(x: u64): u64 { // NextPowerOf2: strictly greater power of two
  x |= x >> 1; x |= x >> 2; x |= x >> 4; x |= x >> 8; x |= x >> 16; x |= x >> 32;
  return x + 1;
}
// combineWeightsByHashing: a DenseMap<uint32_t, Weight> walked in bucket order.
function combineHashed(): void {
  let n = dNode.len;
  let nb = <i32>nextPow2((nextPow2(<u64>(2 * n)) * 4) / 3 + 1);
  tmp.clear(); tmp.resize(nb, -1);     // bucket -> first weight index
  tmp2.clear(); tmp2.resize(n, -1);    // weight index -> representative
  let distinct = 0;
  for (let i = 0; i < n; i++) {
    let key = <u32>dNode.get(i);
    let b = <i32>((key * 37) & <u32>(nb - 1));
    let probe = 1;
    while (true) {
      let at = tmp.get(b);
      if (at < 0) { tmp.set(b, i); tmp2.set(i, i); distinct++; break; }
      if (dNode.get(at) == <i32>key) { tmp2.set(i, at); dAmt.set(at, madd(<u64>dAmt.get(at), <u64>dAmt.get(i))); break; }
      b = (b + probe++) & (nb - 1);
    }
  }
  if (distinct == n) return;
  // rebuild in bucket order
  let ty = new U8Vec(distinct), nd = new I32Vec(distinct), am = new I64Vec(distinct);
  for (let b = 0; b < nb; b++) {
    let i = tmp.get(b);
    if (i < 0) continue;
    ty.push(dType.get(i)); nd.push(dNode.get(i)); am.push(dAmt.get(i));
  }
  dType.clear(); dNode.clear(); dAmt.clear();
  for (let k = 0; k < nd.len; k++) { dType.push(ty.get(k)); dNode.push(nd.get(k)); dAmt.push(am.get(k)); }
}
function normalize(): void {
  let n = dNode.len;
  if (n == 0) return;
  if (n > 1) { if (n > 128) combineHashed(); else combineSorted(); }
  n = dNode.len;
  if (n == 1) { dTotal = 1; dAmt.set(0, 1); return; }
  let shift = 0;
  if (dOverflow) shift = 33;
  else if (dTotal > 0xffffffff) shift = 33 - <i32>clz(dTotal);
  if (shift == 0) return;
  dTotal = 0;
  for (let i = 0; i < n; i++) {
    let a = <u64>dAmt.get(i);
    let r = (a >> <u64>shift) + (1 & (a >> <u64>(shift - 1)));
    if (r < 1) r = 1;
    dAmt.set(i, r);
    dTotal += r;
  }
}

// distributeMass: dither the source's mass over the (normalized) distribution.
function distributeMass(source: i32, outer: i32): void {
  let remMass = getMass(source);
  normalize();
  let remW = <u32>dTotal;
  for (let i = 0; i < dNode.len; i++) {
    let w = <u32>dAmt.get(i);
    let taken = scaleMass(remMass, bprob(<u64>w, <u64>remW));
    remW -= w;
    remMass = msub(remMass, taken);
    let t = dNode.get(i);
    let ty = dType.get(i);
    if (ty == W_LOCAL) { setMass(t, madd(getMass(t), taken)); continue; }
    if (ty == W_BACK) {
      let at = lpBack.get(outer) + headerIndex(outer, t);
      backPool.set(at, madd(<u64>backPool.get(at), taken));
      continue;
    }
    addExit(outer, t, taken);
  }
}
// Dist of header weights distributed from full mass (distributeIrrLoopHeaderMass, adjustLoopHeaderMass).
function distributeFull(): void {
  let remMass = FULL;
  normalize();
  let remW = <u32>dTotal;
  for (let i = 0; i < dNode.len; i++) {
    let w = <u32>dAmt.get(i);
    let taken = scaleMass(remMass, bprob(<u64>w, <u64>remW));
    remW -= w;
    remMass = msub(remMass, taken);
    setMass(dNode.get(i), taken);
  }
}

function addToDist(outer: i32, predN: i32, succN: i32, weight: u64): bool {
  if (weight == 0) weight = 1;
  let r = resolved(succN);
  if (outer >= 0 && isHeader(outer, r)) { distAdd(r, weight, W_BACK); return true; }
  if (containingLoop(r) != outer) { distAdd(r, weight, W_EXIT); return true; }
  if (r < predN && !(outer >= 0 && isHeader(outer, predN))) return false;
  distAdd(r, weight, W_LOCAL);
  return true;
}

function propagate(outer: i32, node: i32): bool {
  distClear();
  let pl = packagedLoop(node);
  if (pl >= 0) {
    for (let e = lpExitHead.get(pl); e >= 0; e = exNext.get(e)) {
      if (!addToDist(outer, headerOf(pl), exNode.get(e), <u64>exMass.get(e))) return false;
    }
  } else {
    let b = rpo.get(node);
    let s = succOff.get(b), e = succOff.get(b + 1);
    for (let k = s; k < e; k++) {
      if (!addToDist(outer, node, rpoIndex.get(succ.get(k)), <u64>edgeProbabilityAt(b, k - s))) return false;
    }
  }
  distributeMass(node, outer);
  return true;
}

// BasicBlock::getIrrLoopHeaderWeight: !irr_loop !{!"loop_header_weight", i64 N} on the terminator.
function irrHeaderWeight(node: i32): i64 {
  let t = blockTerminator(cfgBlock.get(rpo.get(node)));
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

function computeMassInLoop(l: i32): bool {
  let nn = lpNNodes.get(l);
  if (irreducible(l)) {
    let nh = lpNumHeaders.get(l);
    distClear();
    let withWeight = 0;
    let minW: i64 = -1;
    tmp.clear();
    for (let h = 0; h < nh; h++) {
      let hn = nodeAt(l, h);
      let w = irrHeaderWeight(hn);
      if (w < 0) { tmp.push(h); continue; }
      withWeight++;
      if (minW < 0 || w < minW) minW = w;
      if (w != 0) distAdd(hn, <u64>w, W_LOCAL);
    }
    if (minW < 0) minW = 1;
    for (let k = 0; k < tmp.len; k++) if (minW != 0) distAdd(nodeAt(l, tmp.get(k)), <u64>minW, W_LOCAL);
    distributeFull();
    for (let k = 0; k < nn; k++) propagate(l, nodeAt(l, k));
    if (withWeight == 0) {
      distClear();
      for (let h = 0; h < nh; h++) {
        let m = <u64>backPool.get(lpBack.get(l) + h);
        if (m > 0) distAdd(nodeAt(l, h), m, W_LOCAL);
      }
      distributeFull();
    }
  } else {
    setMass(headerOf(l), FULL);
    propagate(l, headerOf(l));
    for (let k = 1; k < nn; k++) if (!propagate(l, nodeAt(l, k))) return false;
  }
  // loop scale = 1 / exit mass
  let back: u64 = 0;
  for (let h = 0; lpNumHeaders.get(l) > h; h++) back = madd(back, <u64>backPool.get(lpBack.get(l) + h));
  let exit = msub(FULL, back);
  if (exit == 0) { lpScaleD.set(l, 1); lpScaleS.set(l, 12); }
  else {
    // toScaled() of a mass: 1 when full, else (mass + 1) * 2^-64
    if (exit == FULL) div(1, 0, 1, 0); else div(1, 0, exit + 1, -64);
    lpScaleD.set(l, rD); lpScaleS.set(l, rS);
  }
  // package
  for (let k = 0; k < nn; k++) { let p = packagedLoop(nodeAt(l, k)); if (p >= 0) clearExits(p); }
  lpPackaged.set(l, 1);
  return true;
}

// ---- irreducible control flow ----
function addGraphEdge(outer: i32, from: i32, succN: i32): void {
  if (outer >= 0 && isHeader(outer, succN)) return;
  let g = gIndex.get(succN);
  if (g < 0) return;
  gEdgeFrom.push(from); gEdgeTo.push(g);
}
function computeIrreducibleMass(outer: i32, insertBefore: i32): void {
  let n = rpo.len;
  gIndex.clear(); gIndex.resize(n, -1);
  gNodes.clear();
  if (outer >= 0) {
    for (let k = 0; lpNNodes.get(outer) > k; k++) gNodes.push(nodeAt(outer, k));
  } else {
    for (let x = 0; x < n; x++) if (resolved(x) == x) gNodes.push(x);
  }
  for (let k = 0; k < gNodes.len; k++) { gIndex.set(gNodes.get(k), k); setMass(gNodes.get(k), 0); }
  gEdgeFrom.clear(); gEdgeTo.clear();
  for (let k = 0; k < gNodes.len; k++) {
    let x = gNodes.get(k);
    if (isAPackage(x)) {
      let l = wLoop.get(x);
      for (let e = lpExitHead.get(l); e >= 0; e = exNext.get(e)) addGraphEdge(outer, k, exNode.get(e));
    } else {
      let b = rpo.get(x);
      for (let j = succOff.get(b); succOff.get(b + 1) > j; j++) addGraphEdge(outer, k, rpoIndex.get(succ.get(j)));
    }
  }
  let gn = gNodes.len, m = gEdgeFrom.len;
  gOff.clear(); gOff.resize(gn + 1, 0); gAdj.clear(); gAdj.resize(m, 0);
  gPOff.clear(); gPOff.resize(gn + 1, 0); gPred.clear(); gPred.resize(m, 0);
  for (let i = 0; i < m; i++) {
    gOff.set(gEdgeFrom.get(i) + 1, gOff.get(gEdgeFrom.get(i) + 1) + 1);
    gPOff.set(gEdgeTo.get(i) + 1, gPOff.get(gEdgeTo.get(i) + 1) + 1);
  }
  for (let i = 0; i < gn; i++) { gOff.set(i + 1, gOff.get(i + 1) + gOff.get(i)); gPOff.set(i + 1, gPOff.get(i + 1) + gPOff.get(i)); }
  tmp.clear(); tmp.resize(gn, 0); tmp2.clear(); tmp2.resize(gn, 0);
  for (let i = 0; i < m; i++) {
    let f = gEdgeFrom.get(i), t = gEdgeTo.get(i);
    gAdj.set(gOff.get(f) + tmp.get(f), t); tmp.set(f, tmp.get(f) + 1);
    gPred.set(gPOff.get(t) + tmp2.get(t), f); tmp2.set(t, tmp2.get(t) + 1);
  }
  sccOfGraph(gn, gOff, gAdj, 0);
  // members of each non-trivial SCC, in node order
  let first = -1;
  let nComp = sccCount;
  for (let c = 0; c < nComp; c++) {
    tmp.clear();
    for (let k = 0; k < gn; k++) if (sccComp.get(k) == c) tmp.push(k);
    if (tmp.len < 2) continue;
    let l = createIrreducibleLoop(outer, insertBefore, c);
    if (first < 0) first = l;
  }
  if (first >= 0) for (let l = first; l != insertBefore; l = lpNext.get(l)) computeMassInLoop(l);
  if (outer < 0) return;
  // updateLoopWithIrreducible
  clearExits(outer);
  for (let h = 0; lpNumHeaders.get(outer) > h; h++) backPool.set(lpBack.get(outer) + h, 0);
  let base = lpNodes.get(outer), o = 1;
  for (let k = 1; lpNNodes.get(outer) > k; k++) {
    let x = nodePool.get(base + k);
    if (resolved(x) == x) { nodePool.set(base + o, x); o++; }
  }
  lpNNodes.set(outer, o);
}
// findIrreducibleHeaders + createIrreducibleLoop for SCC c (graph indices of its members in tmp).
function createIrreducibleLoop(outer: i32, insertBefore: i32, c: i32): i32 {
  // headers: members with a predecessor outside the SCC; then members with a backward edge from a
  // non-entry member
  tmp2.clear();
  let isEntry = gEdgeFrom;   // reuse as a per-member flag array
  isEntry.clear(); isEntry.resize(gNodes.len, 0);
  let nEntries = 0;
  for (let k = 0; k < tmp.len; k++) {
    let g = tmp.get(k);
    for (let j = gPOff.get(g); gPOff.get(g + 1) > j; j++) {
      if (sccComp.get(gPred.get(j)) != c) { isEntry.set(g, 1); nEntries++; break; }
    }
  }
  let headers = new I32Vec(), others = new I32Vec();
  for (let k = 0; k < tmp.len; k++) { let g = tmp.get(k); if (isEntry.get(g) != 0) headers.push(gNodes.get(g)); }
  if (nEntries != tmp.len) {
    for (let k = 0; k < tmp.len; k++) {
      let g = tmp.get(k);
      if (isEntry.get(g) != 0) continue;
      let node = gNodes.get(g);
      let extra = false;
      for (let j = gPOff.get(g); gPOff.get(g + 1) > j; j++) {
        let p = gPred.get(j);
        if (gNodes.get(p) < node) continue;
        if (isEntry.get(p) != 0) continue;
        extra = true; break;
      }
      if (extra) headers.push(node); else others.push(node);
    }
  }
  sortI32(headers.ptr, headers.len); sortI32(others.ptr, others.len);
  let start = nodePool.len;
  for (let k = 0; k < headers.len; k++) nodePool.push(headers.get(k));
  for (let k = 0; k < others.len; k++) nodePool.push(others.get(k));
  let l = newLoop(outer, headers.len, start, headers.len + others.len);
  listInsertBefore(l, insertBefore);
  for (let k = 0; lpNNodes.get(l) > k; k++) {
    let x = nodeAt(l, k);
    if (isLoopHeader(x)) lpParent.set(wLoop.get(x), l);
    else wLoop.set(x, l);
  }
  return l;
}

// ---- the whole function ----
export function computeBlockFrequencies(): void {
  let n = rpo.len;
  wLoop.clear(); wLoop.resize(n, -1);
  wMass.clear(); wMass.resize(n, 0);
  fD.clear(); fD.resize(n, 0); fS.clear(); fS.resize(n, 0);
  freqInt.clear(); freqInt.resize(n, 0);
  lpParent.clear(); lpPackaged.clear(); lpNumHeaders.clear(); lpNodes.clear(); lpNNodes.clear();
  lpExitHead.clear(); lpExitTail.clear(); lpBack.clear(); lpMass.clear(); lpScaleD.clear(); lpScaleS.clear();
  lpNext.clear(); lpPrev.clear(); listHead = -1; listTail = -1;
  nodePool.clear(); backPool.clear(); exNode.clear(); exMass.clear(); exNext.clear();
  maxFreq = 0;
  if (n == 0) return;
  initializeLoops();
  // innermost loops first (the list backwards)
  for (let l = listTail; l >= 0;) {
    if (computeMassInLoop(l)) { l = lpPrev.get(l); continue; }
    let nxt = lpPrev.get(l);
    computeIrreducibleMass(l, lpNext.get(l));
    computeMassInLoop(l);
    l = nxt;
  }
  if (!computeMassInFunction()) {
    computeIrreducibleMass(-1, listHead);
    computeMassInFunction();
  }
  // unwrap
  for (let x = 0; x < n; x++) {
    let m = <u64>wMass.get(x);
    if (m == FULL) { fD.set(x, 1); fS.set(x, 0); } else { fD.set(x, m + 1); fS.set(x, -64); }
  }
  for (let l = listHead; l >= 0; l = lpNext.get(l)) {
    let m = <u64>lpMass.get(l);
    if (m == FULL) mul(<u64>lpScaleD.get(l), lpScaleS.get(l), 1, 0);
    else mul(<u64>lpScaleD.get(l), lpScaleS.get(l), m + 1, -64);
    lpScaleD.set(l, rD); lpScaleS.set(l, rS);
    lpPackaged.set(l, 0);
    let sd = rD, ss = rS;
    for (let k = 0; lpNNodes.get(l) > k; k++) {
      let x = nodeAt(l, k);
      if (isAPackage(x)) {
        let p = packagedLoop(x);
        mul(sd, ss, <u64>lpScaleD.get(p), lpScaleS.get(p));
        lpScaleD.set(p, rD); lpScaleS.set(p, rS);
      } else {
        mul(sd, ss, <u64>fD.get(x), fS.get(x));
        fD.set(x, rD); fS.set(x, rS);
      }
    }
  }
  // to integers: the largest frequency becomes 2^54
  let maxD: u64 = 0, maxS = 0;
  for (let x = 0; x < n; x++) if (cmp(<u64>fD.get(x), fS.get(x), maxD, maxS) > 0) { maxD = <u64>fD.get(x); maxS = fS.get(x); }
  div(1, 54, maxD, maxS);
  let facD = rD, facS = rS;
  for (let x = 0; x < n; x++) {
    mul(<u64>fD.get(x), fS.get(x), facD, facS);
    let v = toU64(rD, rS);
    if (v < 1) v = 1;
    freqInt.set(x, v);
    if (v > maxFreq) maxFreq = v;
  }
}

function computeMassInFunction(): bool {
  setMass(0, FULL);
  for (let x = 0; x < rpo.len; x++) {
    if (resolved(x) != x) continue;
    if (!propagate(-1, x)) return false;
  }
  return true;
}

// LoopInfo's loops, top-down breadth first (top level in LoopInfo order, then each loop's
// sub-loops), each with its header and then its immediate members in reverse post-order.
function initializeLoops(): void {
  let m = numLoops;
  if (m == 0) return;
  tmp.clear(); tmp2.clear();   // queue of LoopInfo loops and their parent records
  for (let k = 0; k < topLoops.len; k++) { tmp.push(topLoops.get(k)); tmp2.push(-1); }
  let rec = new I32Vec(m); rec.resize(m, -1);   // LoopInfo loop -> record
  let counts = new I32Vec(m); counts.resize(m, 1);
  // immediate member counts: blocks whose innermost loop is l (headers of sub-loops counted in the parent)
  for (let x = 0; x < rpo.len; x++) {
    let b = rpo.get(x);
    let l = loopOf.get(b);
    if (l < 0) continue;
    if (loopHeader.get(l) == b) { let p = loopParent.get(l); if (p >= 0) counts.set(p, counts.get(p) + 1); }
    else counts.set(l, counts.get(l) + 1);
  }
  for (let q = 0; q < tmp.len; q++) {
    let li = tmp.get(q), parent = tmp2.get(q);
    let start = nodePool.len;
    let c = counts.get(li);
    for (let k = 0; k < c; k++) nodePool.push(-1);
    let r = newLoop(parent, 1, start, 1);
    nodePool.set(start, rpoIndex.get(loopHeader.get(li)));
    listInsertBefore(r, -1);
    rec.set(li, r);
    wLoop.set(rpoIndex.get(loopHeader.get(li)), r);
    for (let k = loopKidOff.get(li); loopKidOff.get(li + 1) > k; k++) { tmp.push(loopKids.get(k)); tmp2.push(r); }
  }
  for (let x = 0; x < rpo.len; x++) {
    let b = rpo.get(x);
    let li = loopOf.get(b);
    if (li < 0) continue;
    if (loopHeader.get(li) == b) {
      let p = lpParent.get(rec.get(li));
      if (p >= 0) { nodePool.set(lpNodes.get(p) + lpNNodes.get(p), x); lpNNodes.set(p, lpNNodes.get(p) + 1); }
      continue;
    }
    let r = rec.get(li);
    wLoop.set(x, r);
    nodePool.set(lpNodes.get(r) + lpNNodes.get(r), x);
    lpNNodes.set(r, lpNNodes.get(r) + 1);
  }
}

// Frequency of block b (cfg.ts number); 0 for blocks unreachable from the entry.
export function blockFreq(b: i32): u64 {
  let x = rpoIndex.get(b);
  return x >= 0 ? <u64>freqInt.get(x) : 0;
}
export function maxBlockFreq(): u64 { return maxFreq; }
