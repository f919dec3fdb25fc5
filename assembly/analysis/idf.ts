// Iterated dominance frontier, as LLVM 19's IDFCalculator (GenericIteratedDominanceFrontier.h).
//
// API of an IDF object (one per analysis context, context.ts; its scratch is reused), on block
// numbers of a tree's CFG (t.cfg, domtree.ts):
//
//   setDefiningBlocks(blocks: I32Vec)   the blocks that define the variable (copied)
//   setLiveInBlocks(blocks: I32Vec)     optional pruning: only blocks in this set may join the
//                                       IDF (mem2reg passes the blocks where the alloca is live-in)
//   resetLiveInBlocks()                 no pruning (the default after setDefiningBlocks)
//   calculate(t: DomTree, out: I32Vec)  clears `out` and fills it with the IDF, sorted by block
//                                       number (the order mem2reg inserts phis in)
//
// Typical use:
//     let t = fa.buildDomTree(g);
//     fa.idf.setDefiningBlocks(defs); fa.idf.setLiveInBlocks(liveIn);
//     fa.idf.calculate(t, phiBlocks);
// With a post-dominator tree (t.post) the walk follows predecessors: the reverse IDF.
//
// Algorithm: a max-heap keyed on (tree level, DFS-in number) holds the roots, deepest first; each
// popped root's dominator subtree is walked (nodes already walked for an earlier root are
// skipped), and a CFG successor whose level is at most the root's level joins the IDF the first
// time it is seen (if live-in); a joining block that is not itself a definition becomes a root.
// Sets are stamped arrays indexed by node, so a call costs O(walked nodes + edges), not O(n).
import { I32Vec } from "../util/vec";
import { MaxHeap64 } from "../util/heap";
import { DomTree } from "./domtree";
import { sortI32 } from "../util/sort";
import { zext64 } from "../util/bits";

@inline function ld(p: usize, i: i32): i32 { return load<i32>(p + (<usize>i << 2)); }
@inline function st(p: usize, i: i32, v: i32): void { store<i32>(p + (<usize>i << 2), v); }

function ensure(v: I32Vec, n: i32): void { if (v.len < n) v.resize(n, 0); }

@final export class IDF {
  private defs: I32Vec = new I32Vec();
  private defMark: I32Vec = new I32Vec();
  private liveMark: I32Vec = new I32Vec();
  private visitedPQ: I32Vec = new I32Vec();
  private visitedWL: I32Vec = new I32Vec();
  private worklist: I32Vec = new I32Vec();
  private heap: MaxHeap64 = new MaxHeap64();
  private defEpoch: i32 = 0;
  private liveEpoch: i32 = 0;
  private calcEpoch: i32 = 0;
  private useLiveIn: bool = false;

  setDefiningBlocksPtr(p: usize, n: i32): void {
    let ep = ++this.defEpoch;
    let defs = this.defs;
    defs.clear();
    let maxB = 0;
    for (let i = 0; i < n; i++) { let b = ld(p, i); defs.push(b); if (b >= maxB) maxB = b + 1; }
    ensure(this.defMark, maxB);
    let dm = this.defMark.ptr;
    for (let i = 0; i < n; i++) st(dm, ld(p, i), ep);
    this.useLiveIn = false;
  }
  setDefiningBlocks(blocks: I32Vec): void { this.setDefiningBlocksPtr(blocks.ptr, blocks.len); }

  setLiveInBlocksPtr(p: usize, n: i32): void {
    let ep = ++this.liveEpoch;
    let maxB = 0;
    for (let i = 0; i < n; i++) { let b = ld(p, i); if (b >= maxB) maxB = b + 1; }
    ensure(this.liveMark, maxB);
    let lm = this.liveMark.ptr;
    for (let i = 0; i < n; i++) st(lm, ld(p, i), ep);
    this.useLiveIn = true;
  }
  setLiveInBlocks(blocks: I32Vec): void { this.setLiveInBlocksPtr(blocks.ptr, blocks.len); }
  resetLiveInBlocks(): void { this.useLiveIn = false; }

  calculate(t: DomTree, out: I32Vec): void {
    out.clear();
    let n = t.n;
    let defs = this.defs, heap = this.heap, worklist = this.worklist;
    ensure(this.defMark, n); ensure(this.liveMark, n); ensure(this.visitedPQ, n); ensure(this.visitedWL, n);
    worklist.reserve(n);
    let ep = ++this.calcEpoch, de = this.defEpoch, le = this.liveEpoch, live = this.useLiveIn;
    let lv = t.level.ptr, di = t.dfsIn.ptr, fc = t.firstChild.ptr, ns = t.nextSibling.ptr;
    let dm = this.defMark.ptr, lm = this.liveMark.ptr, vpq = this.visitedPQ.ptr, vwl = this.visitedWL.ptr;
    let cfg = t.cfg;
    let off = t.post ? cfg.predOff.ptr : cfg.succOff.ptr;
    let edges = t.post ? cfg.pred.ptr : cfg.succ.ptr;
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
    t.markDFSNumbersValid();
  }
}
