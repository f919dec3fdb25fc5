// BFI's mass distribution, for bfi.ts: a loop's (or the function's) mass flows from each node to
// its successors by branch probability (bpi.ts), as 64-bit masses split by dithering (each
// successor gets remaining mass * weight / remaining weight); what reaches a header goes back,
// what leaves is the loop's exit mass, and a loop's scale is 1 / (mass leaving it). Weights to the
// same node are combined (sorted, or hashed in DenseMap order beyond 128) and scaled to 32 bits.
// Functions of the BFI object.
import { I32Vec, I64Vec, U8Vec } from "../util/vec";
import { iMD, vKind, VK } from "../ir/values";
import { intLow64 } from "../ir/constants";
import { findAttachment, canonicalMD, mdKind, MK, mdA, mdOps, mdNOps, mdPool } from "../ir/metadata";
import { strtab } from "../ir/module";
import { blockTerminator } from "./cfg";
import { BFIState } from "./bfi-state";
import {
  nodeAt, headerOf, irreducible, headerIndex, isHeader, containingLoop, packagedLoop, resolved, isAPackage,
  isADoublePackage, addExit, clearExits,
} from "./bfi-loops";

export const FULL: u64 = u64.MAX_VALUE;
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

// WorkingData::getMass as a slot: node >= 0, or -(loop + 1)
function massSlot(bf: BFIState, n: i32): i32 {
  if (!isAPackage(bf, n)) return n;
  if (!isADoublePackage(bf, n)) return -(bf.wLoop.get(n) + 1);
  return -(bf.lpParent.get(bf.wLoop.get(n)) + 1);
}

function getMass(bf: BFIState, n: i32): u64 { let s = massSlot(bf, n); return s >= 0 ? <u64>bf.wMass.get(s) : <u64>bf.lpMass.get(-s - 1); }

export function setMass(bf: BFIState, n: i32, m: u64): void { let s = massSlot(bf, n); if (s >= 0) bf.wMass.set(s, m); else bf.lpMass.set(-s - 1, m); }

// ---- distributions ----
function distClear(bf: BFIState): void { bf.dType.clear(); bf.dNode.clear(); bf.dAmt.clear(); bf.dTotal = 0; bf.dOverflow = false; }

function distAdd(bf: BFIState, node: i32, amt: u64, ty: u8): void {
  let nt = bf.dTotal + amt;
  if (nt < bf.dTotal) bf.dOverflow = true;
  bf.dTotal = nt;
  bf.dType.push(ty); bf.dNode.push(node); bf.dAmt.push(amt);
}

function combineSorted(bf: BFIState): void {
  let n = bf.dNode.len;
  // insertion sort by node (stable; equal nodes carry equal types and are summed)
  for (let i = 1; i < n; i++) {
    let nd = bf.dNode.get(i), ty = bf.dType.get(i), am = bf.dAmt.get(i);
    let j = i - 1;
    while (j >= 0 && bf.dNode.get(j) > nd) {
      bf.dNode.set(j + 1, bf.dNode.get(j)); bf.dType.set(j + 1, bf.dType.get(j)); bf.dAmt.set(j + 1, bf.dAmt.get(j)); j--;
    }
    bf.dNode.set(j + 1, nd); bf.dType.set(j + 1, ty); bf.dAmt.set(j + 1, am);
  }
  let o = 0;
  for (let i = 0; i < n;) {
    let nd = bf.dNode.get(i);
    let am = <u64>bf.dAmt.get(i);
    bf.dType.set(o, bf.dType.get(i)); bf.dNode.set(o, nd);
    let j = i + 1;
    for (; j < n && bf.dNode.get(j) == nd; j++) am = madd(am, <u64>bf.dAmt.get(j));
    bf.dAmt.set(o, am);
    o++;
    i = j;
  }
  bf.dType.len = o; bf.dNode.len = o; bf.dAmt.len = o;
}

// combineWeightsByHashing: a DenseMap<uint32_t, Weight> walked in bucket order.
function combineHashed(bf: BFIState): void {
  let n = bf.dNode.len;
  let nb = <i32>nextPow2((nextPow2(<u64>(2 * n)) * 4) / 3 + 1);
  bf.tmp.clear(); bf.tmp.resize(nb, -1);     // bucket -> first weight index
  bf.tmp2.clear(); bf.tmp2.resize(n, -1);    // weight index -> representative
  let distinct = 0;
  for (let i = 0; i < n; i++) {
    let key = <u32>bf.dNode.get(i);
    let b = <i32>((key * 37) & <u32>(nb - 1));
    let probe = 1;
    while (true) {
      let at = bf.tmp.get(b);
      if (at < 0) { bf.tmp.set(b, i); bf.tmp2.set(i, i); distinct++; break; }
      if (bf.dNode.get(at) == <i32>key) { bf.tmp2.set(i, at); bf.dAmt.set(at, madd(<u64>bf.dAmt.get(at), <u64>bf.dAmt.get(i))); break; }
      b = (b + probe++) & (nb - 1);
    }
  }
  if (distinct == n) return;
  // rebuild in bucket order
  let ty = new U8Vec(distinct), nd = new I32Vec(distinct), am = new I64Vec(distinct);
  for (let b = 0; b < nb; b++) {
    let i = bf.tmp.get(b);
    if (i < 0) continue;
    ty.push(bf.dType.get(i)); nd.push(bf.dNode.get(i)); am.push(bf.dAmt.get(i));
  }
  bf.dType.clear(); bf.dNode.clear(); bf.dAmt.clear();
  for (let k = 0; k < nd.len; k++) { bf.dType.push(ty.get(k)); bf.dNode.push(nd.get(k)); bf.dAmt.push(am.get(k)); }
}

function normalize(bf: BFIState): void {
  let n = bf.dNode.len;
  if (n == 0) return;
  if (n > 1) { if (n > 128) combineHashed(bf); else combineSorted(bf); }
  n = bf.dNode.len;
  if (n == 1) { bf.dTotal = 1; bf.dAmt.set(0, 1); return; }
  let shift = 0;
  if (bf.dOverflow) shift = 33;
  else if (bf.dTotal > 0xffffffff) shift = 33 - <i32>clz(bf.dTotal);
  if (shift == 0) return;
  bf.dTotal = 0;
  for (let i = 0; i < n; i++) {
    let a = <u64>bf.dAmt.get(i);
    let r = (a >> <u64>shift) + (1 & (a >> <u64>(shift - 1)));
    if (r < 1) r = 1;
    bf.dAmt.set(i, r);
    bf.dTotal += r;
  }
}

// distributeMass: dither the source's mass over the (normalized) distribution. source < 0: the
// full mass goes to the nodes themselves (distributeIrrLoopHeaderMass, adjustLoopHeaderMass).
function distributeMass(bf: BFIState, source: i32, outer: i32): void {
  let remMass = source >= 0 ? getMass(bf, source) : FULL;
  normalize(bf);
  let remW = <u32>bf.dTotal;
  for (let i = 0; i < bf.dNode.len; i++) {
    let w = <u32>bf.dAmt.get(i);
    let taken = scaleMass(remMass, bprob(<u64>w, <u64>remW));
    remW -= w;
    remMass = msub(remMass, taken);
    let t = bf.dNode.get(i);
    if (source < 0) { setMass(bf, t, taken); continue; }
    let ty = bf.dType.get(i);
    if (ty == W_LOCAL) { setMass(bf, t, madd(getMass(bf, t), taken)); continue; }
    if (ty == W_BACK) {
      let at = bf.lpBack.get(outer) + headerIndex(bf, outer, t);
      bf.backPool.set(at, madd(<u64>bf.backPool.get(at), taken));
      continue;
    }
    addExit(bf, outer, t, taken);
  }
}

// The header weights distributed from the full mass.
function distributeFull(bf: BFIState): void { distributeMass(bf, -1, -1); }

function addToDist(bf: BFIState, outer: i32, predN: i32, succN: i32, weight: u64): bool {
  if (weight == 0) weight = 1;
  let r = resolved(bf, succN);
  if (outer >= 0 && isHeader(bf, outer, r)) { distAdd(bf, r, weight, W_BACK); return true; }
  if (containingLoop(bf, r) != outer) { distAdd(bf, r, weight, W_EXIT); return true; }
  if (r < predN && !(outer >= 0 && isHeader(bf, outer, predN))) return false;
  distAdd(bf, r, weight, W_LOCAL);
  return true;
}

function propagate(bf: BFIState, outer: i32, node: i32): bool {
  distClear(bf);
  let pl = packagedLoop(bf, node);
  if (pl >= 0) {
    for (let e = bf.lpExitHead.get(pl); e >= 0; e = bf.exNext.get(e)) {
      if (!addToDist(bf, outer, headerOf(bf, pl), bf.exNode.get(e), <u64>bf.exMass.get(e))) return false;
    }
  } else {
    let b = bf.cfg.rpo.get(node);
    let s = bf.cfg.succOff.get(b), e = bf.cfg.succOff.get(b + 1);
    for (let k = s; k < e; k++) {
      if (!addToDist(bf, outer, node, bf.cfg.rpoIndex.get(bf.cfg.succ.get(k)), <u64>bf.bpi.edgeProbabilityAt(b, k - s))) return false;
    }
  }
  distributeMass(bf, node, outer);
  return true;
}

// BasicBlock::getIrrLoopHeaderWeight: !irr_loop !{!"loop_header_weight", i64 N} on the terminator.
function irrHeaderWeight(bf: BFIState, node: i32): i64 {
  let t = blockTerminator(bf.cfg.block.get(bf.cfg.rpo.get(node)));
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

export function computeMassInLoop(bf: BFIState, l: i32): bool {
  let nn = bf.lpNNodes.get(l);
  if (irreducible(bf, l)) {
    let nh = bf.lpNumHeaders.get(l);
    distClear(bf);
    let withWeight = 0;
    let minW: i64 = -1;
    bf.tmp.clear();
    for (let h = 0; h < nh; h++) {
      let hn = nodeAt(bf, l, h);
      let w = irrHeaderWeight(bf, hn);
      if (w < 0) { bf.tmp.push(h); continue; }
      withWeight++;
      if (minW < 0 || w < minW) minW = w;
      if (w != 0) distAdd(bf, hn, <u64>w, W_LOCAL);
    }
    if (minW < 0) minW = 1;
    for (let k = 0; k < bf.tmp.len; k++) if (minW != 0) distAdd(bf, nodeAt(bf, l, bf.tmp.get(k)), <u64>minW, W_LOCAL);
    distributeFull(bf);
    for (let k = 0; k < nn; k++) propagate(bf, l, nodeAt(bf, l, k));
    if (withWeight == 0) {
      distClear(bf);
      for (let h = 0; h < nh; h++) {
        let m = <u64>bf.backPool.get(bf.lpBack.get(l) + h);
        if (m > 0) distAdd(bf, nodeAt(bf, l, h), m, W_LOCAL);
      }
      distributeFull(bf);
    }
  } else {
    setMass(bf, headerOf(bf, l), FULL);
    propagate(bf, l, headerOf(bf, l));
    for (let k = 1; k < nn; k++) if (!propagate(bf, l, nodeAt(bf, l, k))) return false;
  }
  // loop scale = 1 / exit mass
  let back: u64 = 0;
  for (let h = 0; bf.lpNumHeaders.get(l) > h; h++) back = madd(back, <u64>bf.backPool.get(bf.lpBack.get(l) + h));
  let exit = msub(FULL, back);
  if (exit == 0) { bf.lpScaleD.set(l, 1); bf.lpScaleS.set(l, 12); }
  else {
    // toScaled() of a mass: 1 when full, else (mass + 1) * 2^-64
    if (exit == FULL) bf.sc.div(1, 0, 1, 0); else bf.sc.div(1, 0, exit + 1, -64);
    bf.lpScaleD.set(l, bf.sc.rD); bf.lpScaleS.set(l, bf.sc.rS);
  }
  // package
  for (let k = 0; k < nn; k++) { let p = packagedLoop(bf, nodeAt(bf, l, k)); if (p >= 0) clearExits(bf, p); }
  bf.lpPackaged.set(l, 1);
  return true;
}

export function computeMassInFunction(bf: BFIState): bool {
  setMass(bf, 0, FULL);
  for (let x = 0; x < bf.cfg.rpo.len; x++) {
    if (resolved(bf, x) != x) continue;
    if (!propagate(bf, -1, x)) return false;
  }
  return true;
}
