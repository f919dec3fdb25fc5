// Iterated dominance frontier, as LLVM 19's IDFCalculator (GenericIteratedDominanceFrontier.h).
//
// API (block numbers of the current CFG, cfg.ts; a tree built from it, domtree.ts):
//
//   idfSetDefiningBlocks(blocks: I32Vec)   the blocks that define the variable (copied)
//   idfSetLiveInBlocks(blocks: I32Vec)     optional pruning: only blocks in this set may join the
//                                          IDF (mem2reg passes the blocks where the alloca is live-in)
//   idfResetLiveInBlocks()                 no pruning (the default after idfSetDefiningBlocks)
//   idfCalculate(t: DomTree, out: I32Vec)  clears `out` and fills it with the IDF, sorted by block
//                                          number (the order mem2reg inserts phis in)
//
// Typical use (mem2reg):
//     buildCFG(g); buildDomTree();
//     idfSetDefiningBlocks(defs); idfSetLiveInBlocks(liveIn);
//     idfCalculate(domTree, phiBlocks);
// With a post-dominator tree (t.post) the walk follows predecessors: the reverse IDF.
//
// Algorithm: a max-heap keyed on (tree level, DFS-in number) holds the roots, deepest first; each
// popped root's dominator subtree is walked (nodes already walked for an earlier root are
// skipped), and a CFG successor whose level is at most the root's level joins the IDF the first
// time it is seen (if live-in); a joining block that is not itself a definition becomes a root.
// Sets are stamped arrays indexed by node, so a call costs O(walked nodes + edges), not O(n).
import { I32Vec } from "../util/vec";
import { MaxHeap64 } from "../util/heap";
import { DomTree, markDFSNumbersValid } from "./domtree";
import { sortI32 } from "../util/sort";
import { succOff, succ, predOff, pred } from "./cfg";
import { zext64 } from "../util/bits";

let defs: I32Vec = new I32Vec();
let defMark: I32Vec = new I32Vec();
let liveMark: I32Vec = new I32Vec();
let visitedPQ: I32Vec = new I32Vec();
let visitedWL: I32Vec = new I32Vec();
let worklist: I32Vec = new I32Vec();
let heap: MaxHeap64 = new MaxHeap64();
let defEpoch: i32 = 0;
let liveEpoch: i32 = 0;
let calcEpoch: i32 = 0;
let useLiveIn: bool = false;

export function resetIDF(): void {
  defs = new I32Vec(); defMark = new I32Vec(); liveMark = new I32Vec(); visitedPQ = new I32Vec();
  visitedWL = new I32Vec(); worklist = new I32Vec(); heap = new MaxHeap64();
  defEpoch = 0; liveEpoch = 0; calcEpoch = 0; useLiveIn = false;
}

@inline function ld(p: usize, i: i32): i32 { return load<i32>(p + (<usize>i << 2)); }
@inline function st(p: usize, i: i32, v: i32): void { store<i32>(p + (<usize>i << 2), v); }

function ensure(v: I32Vec, n: i32): void { if (v.len < n) v.resize(n, 0); }

export function idfSetDefiningBlocksPtr(p: usize, n: i32): void {
  defEpoch++;
  defs.clear();
  let maxB = 0;
  for (let i = 0; i < n; i++) { let b = ld(p, i); defs.push(b); if (b >= maxB) maxB = b + 1; }
  ensure(defMark, maxB);
  for (let i = 0; i < n; i++) st(defMark.ptr, ld(p, i), defEpoch);
  useLiveIn = false;
}
export function idfSetDefiningBlocks(blocks: I32Vec): void { idfSetDefiningBlocksPtr(blocks.ptr, blocks.len); }

export function idfSetLiveInBlocksPtr(p: usize, n: i32): void {
  liveEpoch++;
  let maxB = 0;
  for (let i = 0; i < n; i++) { let b = ld(p, i); if (b >= maxB) maxB = b + 1; }
  ensure(liveMark, maxB);
  for (let i = 0; i < n; i++) st(liveMark.ptr, ld(p, i), liveEpoch);
  useLiveIn = true;
}
export function idfSetLiveInBlocks(blocks: I32Vec): void { idfSetLiveInBlocksPtr(blocks.ptr, blocks.len); }
export function idfResetLiveInBlocks(): void { useLiveIn = false; }

export function idfCalculate(t: DomTree, out: I32Vec): void {
  out.clear();
  let n = t.n;
  ensure(defMark, n); ensure(liveMark, n); ensure(visitedPQ, n); ensure(visitedWL, n);
  worklist.reserve(n);
  calcEpoch++;
  let ep = calcEpoch, de = defEpoch, le = liveEpoch, live = useLiveIn;
  let lv = t.level.ptr, di = t.dfsIn.ptr, fc = t.firstChild.ptr, ns = t.nextSibling.ptr;
  let dm = defMark.ptr, lm = liveMark.ptr, vpq = visitedPQ.ptr, vwl = visitedWL.ptr;
  let off = t.post ? predOff.ptr : succOff.ptr;
  let edges = t.post ? pred.ptr : succ.ptr;
  let nb = t.nBlocks;
  heap.clear();
  for (let i = 0; i < defs.len; i++) {
    let b = defs.get(i);
    if (b < 0 || b >= nb) continue;
    let l = ld(lv, b);
    if (l < 0) continue;
    heap.push((<i64>l << 32) | <i64>zext64(ld(di, b)), b);
    st(vwl, b, ep);
  }
  let wl = worklist.ptr;
  while (!heap.isEmpty()) {
    let root = heap.topVal();
    let rootLevel = <i32>(heap.topKey() >> 32);
    heap.pop();
    let sp = 0;
    st(wl, sp++, root); st(vwl, root, ep);
    while (sp > 0) {
      let node = ld(wl, --sp);
      if (node < nb) {
        let e = ld(off, node + 1);
        for (let k = ld(off, node); k < e; k++) {
          let s = ld(edges, k);
          let sl = ld(lv, s);
          if (sl > rootLevel) continue;
          if (ld(vpq, s) == ep) continue;
          st(vpq, s, ep);
          if (live && ld(lm, s) != le) continue;
          out.push(s);
          if (ld(dm, s) != de) heap.push((<i64>sl << 32) | <i64>zext64(ld(di, s)), s);
        }
      }
      for (let c = ld(fc, node); c >= 0; c = ld(ns, c)) {
        if (ld(vwl, c) != ep) { st(vwl, c, ep); st(wl, sp++, c); }
      }
    }
  }
  sortI32(out.ptr, out.len);
  markDFSNumbersValid(t);
}
