// BFI's loop records (BlockFrequencyInfoImpl's LoopData), for bfi.ts: flat arrays of the BFI object
// kept in LLVM's list order by prev/next links, each with its header(s) first, then its members
// (positions in the reverse post-order), back-edge masses per header and a list of exits. Built
// from LoopInfo's loops (initializeLoops) and, where control flow is irreducible, from the SCCs of
// a loop's node graph (createIrreducibleLoop). Functions of the BFI object.
import { I32Vec } from "../util/vec";
import { sortI32 } from "../util/sort";
import { BFIState } from "./bfi-state";

// ---- loop records ----
function newLoop(bf: BFIState, parent: i32, numHeaders: i32, nodesStart: i32, nNodes: i32): i32 {
  let l = bf.lpParent.push(parent);
  bf.lpPackaged.push(0); bf.lpNumHeaders.push(numHeaders); bf.lpNodes.push(nodesStart); bf.lpNNodes.push(nNodes);
  bf.lpExitHead.push(-1); bf.lpExitTail.push(-1);
  bf.lpBack.push(bf.backPool.len); for (let k = 0; k < numHeaders; k++) bf.backPool.push(0);
  bf.lpMass.push(0); bf.lpScaleD.push(0); bf.lpScaleS.push(0); bf.lpNext.push(-1); bf.lpPrev.push(-1);
  return l;
}

function listInsertBefore(bf: BFIState, l: i32, before: i32): void {
  let p = before >= 0 ? bf.lpPrev.get(before) : bf.listTail;
  bf.lpPrev.set(l, p); bf.lpNext.set(l, before);
  if (p >= 0) bf.lpNext.set(p, l); else bf.listHead = l;
  if (before >= 0) bf.lpPrev.set(before, l); else bf.listTail = l;
}

@inline export function nodeAt(bf: BFIState, l: i32, k: i32): i32 { return bf.nodePool.get(bf.lpNodes.get(l) + k); }

@inline export function headerOf(bf: BFIState, l: i32): i32 { return nodeAt(bf, l, 0); }

@inline export function irreducible(bf: BFIState, l: i32): bool { return bf.lpNumHeaders.get(l) > 1; }

export function headerIndex(bf: BFIState, l: i32, node: i32): i32 {
  let nh = bf.lpNumHeaders.get(l);
  if (nh == 1) return nodeAt(bf, l, 0) == node ? 0 : -1;
  let lo = 0, hi = nh;
  let base = bf.lpNodes.get(l);
  while (lo < hi) { let m = (lo + hi) >> 1; if (bf.nodePool.get(base + m) < node) lo = m + 1; else hi = m; }
  return lo < nh && bf.nodePool.get(base + lo) == node ? lo : -1;
}

@inline export function isHeader(bf: BFIState, l: i32, node: i32): bool { return headerIndex(bf, l, node) >= 0; }

function isLoopHeader(bf: BFIState, n: i32): bool { let l = bf.wLoop.get(n); return l >= 0 && isHeader(bf, l, n); }

function isDoubleLoopHeader(bf: BFIState, n: i32): bool {
  if (!isLoopHeader(bf, n)) return false;
  let p = bf.lpParent.get(bf.wLoop.get(n));
  return p >= 0 && irreducible(bf, p) && isHeader(bf, p, n);
}

export function containingLoop(bf: BFIState, n: i32): i32 {
  if (!isLoopHeader(bf, n)) return bf.wLoop.get(n);
  if (!isDoubleLoopHeader(bf, n)) return bf.lpParent.get(bf.wLoop.get(n));
  return bf.lpParent.get(bf.lpParent.get(bf.wLoop.get(n)));
}

export function packagedLoop(bf: BFIState, n: i32): i32 {
  let l = bf.wLoop.get(n);
  if (l < 0 || bf.lpPackaged.get(l) == 0) return -1;
  while (bf.lpParent.get(l) >= 0 && bf.lpPackaged.get(bf.lpParent.get(l)) != 0) l = bf.lpParent.get(l);
  return l;
}

export function resolved(bf: BFIState, n: i32): i32 { let l = packagedLoop(bf, n); return l >= 0 ? headerOf(bf, l) : n; }

export function isAPackage(bf: BFIState, n: i32): bool { return isLoopHeader(bf, n) && bf.lpPackaged.get(bf.wLoop.get(n)) != 0; }

export function isADoublePackage(bf: BFIState, n: i32): bool { return isDoubleLoopHeader(bf, n) && bf.lpPackaged.get(bf.lpParent.get(bf.wLoop.get(n))) != 0; }

export function addExit(bf: BFIState, l: i32, node: i32, m: u64): void {
  let e = bf.exNode.push(node); bf.exMass.push(m); bf.exNext.push(-1);
  let t = bf.lpExitTail.get(l);
  if (t >= 0) bf.exNext.set(t, e); else bf.lpExitHead.set(l, e);
  bf.lpExitTail.set(l, e);
}

@inline export function clearExits(bf: BFIState, l: i32): void { bf.lpExitHead.set(l, -1); bf.lpExitTail.set(l, -1); }

// ---- irreducible control flow ----
export function addGraphEdge(bf: BFIState, outer: i32, from: i32, succN: i32): void {
  if (outer >= 0 && isHeader(bf, outer, succN)) return;
  let g = bf.gIndex.get(succN);
  if (g < 0) return;
  bf.gEdgeFrom.push(from); bf.gEdgeTo.push(g);
}

// findIrreducibleHeaders + createIrreducibleLoop for SCC c (graph indices of its members in tmp).
export function createIrreducibleLoop(bf: BFIState, outer: i32, insertBefore: i32, c: i32): i32 {
  // headers: members with a predecessor outside the SCC; then members with a backward edge from a
  // non-entry member
  bf.tmp2.clear();
  let isEntry = bf.gEdgeFrom;   // reuse as a per-member flag array
  isEntry.clear(); isEntry.resize(bf.gNodes.len, 0);
  let nEntries = 0;
  for (let k = 0; k < bf.tmp.len; k++) {
    let g = bf.tmp.get(k);
    for (let j = bf.gPOff.get(g); bf.gPOff.get(g + 1) > j; j++) {
      if (bf.scc.comp.get(bf.gPred.get(j)) != c) { isEntry.set(g, 1); nEntries++; break; }
    }
  }
  let headers = new I32Vec(), others = new I32Vec();
  for (let k = 0; k < bf.tmp.len; k++) { let g = bf.tmp.get(k); if (isEntry.get(g) != 0) headers.push(bf.gNodes.get(g)); }
  if (nEntries != bf.tmp.len) {
    for (let k = 0; k < bf.tmp.len; k++) {
      let g = bf.tmp.get(k);
      if (isEntry.get(g) != 0) continue;
      let node = bf.gNodes.get(g);
      let extra = false;
      for (let j = bf.gPOff.get(g); bf.gPOff.get(g + 1) > j; j++) {
        let p = bf.gPred.get(j);
        if (bf.gNodes.get(p) < node) continue;
        if (isEntry.get(p) != 0) continue;
        extra = true; break;
      }
      if (extra) headers.push(node); else others.push(node);
    }
  }
  sortI32(headers.ptr, headers.len); sortI32(others.ptr, others.len);
  let start = bf.nodePool.len;
  for (let k = 0; k < headers.len; k++) bf.nodePool.push(headers.get(k));
  for (let k = 0; k < others.len; k++) bf.nodePool.push(others.get(k));
  let l = newLoop(bf, outer, headers.len, start, headers.len + others.len);
  listInsertBefore(bf, l, insertBefore);
  for (let k = 0; bf.lpNNodes.get(l) > k; k++) {
    let x = nodeAt(bf, l, k);
    if (isLoopHeader(bf, x)) bf.lpParent.set(bf.wLoop.get(x), l);
    else bf.wLoop.set(x, l);
  }
  return l;
}

// LoopInfo's loops, top-down breadth first (top level in LoopInfo order, then each loop's
// sub-loops), each with its header and then its immediate members in reverse post-order.
export function initializeLoops(bf: BFIState): void {
  let m = bf.loops.count;
  if (m == 0) return;
  bf.tmp.clear(); bf.tmp2.clear();   // queue of LoopInfo loops and their parent records
  for (let k = 0; k < bf.loops.topLoops.len; k++) { bf.tmp.push(bf.loops.topLoops.get(k)); bf.tmp2.push(-1); }
  let rec = new I32Vec(m); rec.resize(m, -1);   // LoopInfo loop -> record
  let counts = new I32Vec(m); counts.resize(m, 1);
  // immediate member counts: blocks whose innermost loop is l (headers of sub-loops counted in the parent)
  for (let x = 0; x < bf.cfg.rpo.len; x++) {
    let b = bf.cfg.rpo.get(x);
    let l = bf.loops.loopOf.get(b);
    if (l < 0) continue;
    if (bf.loops.header.get(l) == b) { let p = bf.loops.parent.get(l); if (p >= 0) counts.set(p, counts.get(p) + 1); }
    else counts.set(l, counts.get(l) + 1);
  }
  for (let q = 0; q < bf.tmp.len; q++) {
    let li = bf.tmp.get(q), parent = bf.tmp2.get(q);
    let start = bf.nodePool.len;
    let c = counts.get(li);
    for (let k = 0; k < c; k++) bf.nodePool.push(-1);
    let r = newLoop(bf, parent, 1, start, 1);
    bf.nodePool.set(start, bf.cfg.rpoIndex.get(bf.loops.header.get(li)));
    listInsertBefore(bf, r, -1);
    rec.set(li, r);
    bf.wLoop.set(bf.cfg.rpoIndex.get(bf.loops.header.get(li)), r);
    for (let k = bf.loops.kidOff.get(li); bf.loops.kidOff.get(li + 1) > k; k++) { bf.tmp.push(bf.loops.kids.get(k)); bf.tmp2.push(r); }
  }
  for (let x = 0; x < bf.cfg.rpo.len; x++) {
    let b = bf.cfg.rpo.get(x);
    let li = bf.loops.loopOf.get(b);
    if (li < 0) continue;
    if (bf.loops.header.get(li) == b) {
      let p = bf.lpParent.get(rec.get(li));
      if (p >= 0) { bf.nodePool.set(bf.lpNodes.get(p) + bf.lpNNodes.get(p), x); bf.lpNNodes.set(p, bf.lpNNodes.get(p) + 1); }
      continue;
    }
    let r = rec.get(li);
    bf.wLoop.set(x, r);
    bf.nodePool.set(bf.lpNodes.get(r) + bf.lpNNodes.get(r), x);
    bf.lpNNodes.set(r, bf.lpNNodes.get(r) + 1);
  }
}
