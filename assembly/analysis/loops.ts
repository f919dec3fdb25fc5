// Natural loops as LLVM 19's LoopInfo finds them (GenericLoopInfoImpl.h), and strongly connected
// components by Tarjan's algorithm. A Loops object (one per analysis context, context.ts) reads its
// CFG (cfg.ts) and a dominator tree built from it (domtree.ts).
//
// loops.build(dt):
//  1. Headers in dominator-tree post-order; a header's back edges are the predecessors it
//     dominates. From them a backward walk (a stack, last pushed first) claims unclaimed reachable
//     blocks for the new loop and hooks the outermost loop of an already-claimed block under it
//     as a subloop, continuing from that subloop's header predecessors outside it.
//  2. One forward post-order walk of the CFG fixes the order of sub-loops: a loop is appended to
//     its parent (or the top level) when its header is finished; each loop's sub-loop list is
//     then reversed, the top level is not (so the top level is in post-order, as LLVM's).
// Loops are numbered 0.. in creation order; a loop tree in preorder (`pre`) gives O(1)
// containment, and the blocks of a loop (with its sub-loops) are one range of `blocks`.
import { I32Vec } from "../util/vec";
import { CFG } from "./cfg";
import { DomTree } from "./domtree";

@final export class Loops {
  cfg: CFG;
  count: i32 = 0;
  loopOf: I32Vec = new I32Vec();       // block -> innermost loop, -1
  header: I32Vec = new I32Vec();
  parent: I32Vec = new I32Vec();
  depth: I32Vec = new I32Vec();
  // children in LLVM's order: CSR over loops; top-level loops in topLoops
  kidOff: I32Vec = new I32Vec();
  kids: I32Vec = new I32Vec();
  topLoops: I32Vec = new I32Vec();
  private pre: I32Vec = new I32Vec();    // preorder number of a loop in the loop forest
  private size: I32Vec = new I32Vec();   // loops in its subtree (itself included)
  // blocks grouped by the preorder number of their innermost loop
  private blkOff: I32Vec = new I32Vec();
  blocks: I32Vec = new I32Vec();
  private work: I32Vec = new I32Vec();
  private tmp: I32Vec = new I32Vec();
  private tmp2: I32Vec = new I32Vec();
  constructor(cfg: CFG) { this.cfg = cfg; }

  private outermost(l: i32): i32 {
    let parent = this.parent;
    while (parent.get(l) >= 0) l = parent.get(l);
    return l;
  }

  build(dt: DomTree): void {
    let cfg = this.cfg;
    let n = cfg.n;
    let predOff = cfg.predOff, pred = cfg.pred, rpo = cfg.rpo;
    let loopOf = this.loopOf, loopHeader = this.header, loopParent = this.parent, loopDepth = this.depth;
    let work = this.work, tmp = this.tmp, tmp2 = this.tmp2;
    this.count = 0;
    loopOf.clear(); loopOf.resize(n, -1);
    loopHeader.clear(); loopParent.clear(); loopDepth.clear();
    // dominator tree post-order (children in tree order)
    tmp.clear();
    if (dt.root >= 0) {
      let root = dt.root;
      let v = root;
      // iterative post-order over firstChild / nextSibling
      while (dt.firstChild.get(v) >= 0) v = dt.firstChild.get(v);
      while (true) {
        tmp.push(v);
        if (v == root) break;
        let s = dt.nextSibling.get(v);
        if (s >= 0) {
          v = s;
          while (dt.firstChild.get(v) >= 0) v = dt.firstChild.get(v);
        } else v = dt.idom.get(v);
      }
    }
    for (let k = 0; k < tmp.len; k++) {
      let h = tmp.get(k);
      work.clear();
      for (let j = predOff.get(h); predOff.get(h + 1) > j; j++) {
        let p = pred.get(j);
        if (dt.inTree(p) && dt.dominates(h, p)) work.push(p);
      }
      if (work.len == 0) continue;
      let l = this.count++;
      loopHeader.push(h); loopParent.push(-1); loopDepth.push(0);
      while (work.len > 0) {
        let b = work.pop();
        let sub = loopOf.get(b);
        if (sub < 0) {
          if (!dt.inTree(b)) continue;
          loopOf.set(b, l);
          if (b == h) continue;
          for (let j = predOff.get(b); predOff.get(b + 1) > j; j++) work.push(pred.get(j));
        } else {
          sub = this.outermost(sub);
          if (sub == l) continue;
          loopParent.set(sub, l);
          let sh = loopHeader.get(sub);
          for (let j = predOff.get(sh); predOff.get(sh + 1) > j; j++) {
            let p = pred.get(j);
            if (loopOf.get(p) != sub) work.push(p);
          }
        }
      }
    }
    // sub-loop order: headers finished in CFG post-order (reverse of rpo)
    let m = this.count;
    let topLoops = this.topLoops, loopKidOff = this.kidOff, loopKids = this.kids;
    topLoops.clear();
    loopKidOff.clear(); loopKidOff.resize(m + 1, 0);
    loopKids.clear(); loopKids.resize(m, 0);
    tmp.clear();   // loops in the order their headers finish
    for (let i = rpo.len - 1; i >= 0; i--) {
      let b = rpo.get(i);
      let l = loopOf.get(b);
      if (l >= 0 && loopHeader.get(l) == b) tmp.push(l);
    }
    for (let i = 0; i < tmp.len; i++) {
      let l = tmp.get(i), p = loopParent.get(l);
      if (p >= 0) loopKidOff.set(p + 1, loopKidOff.get(p + 1) + 1); else topLoops.push(l);
    }
    for (let i = 0; i < m; i++) loopKidOff.set(i + 1, loopKidOff.get(i + 1) + loopKidOff.get(i));
    tmp2.clear(); tmp2.resize(m, 0);
    for (let i = 0; i < tmp.len; i++) {
      let l = tmp.get(i), p = loopParent.get(l);
      if (p < 0) continue;
      // reversed: fill each parent's range from its end
      let at = loopKidOff.get(p + 1) - 1 - tmp2.get(p);
      tmp2.set(p, tmp2.get(p) + 1);
      loopKids.set(at, l);
    }
    // preorder numbering, depths and subtree sizes
    let loopPre = this.pre, loopSize = this.size;
    loopPre.clear(); loopPre.resize(m, 0); loopSize.clear(); loopSize.resize(m, 1);
    let next = 0;
    work.clear();
    for (let i = topLoops.len - 1; i >= 0; i--) work.push(topLoops.get(i));
    tmp.clear();
    while (work.len > 0) {
      let l = work.pop();
      loopPre.set(l, next++);
      tmp.push(l);
      let p = loopParent.get(l);
      loopDepth.set(l, p >= 0 ? loopDepth.get(p) + 1 : 1);
      for (let j = loopKidOff.get(l + 1) - 1; j >= loopKidOff.get(l); j--) work.push(loopKids.get(j));
    }
    for (let i = tmp.len - 1; i >= 0; i--) {
      let l = tmp.get(i), p = loopParent.get(l);
      if (p >= 0) loopSize.set(p, loopSize.get(p) + loopSize.get(l));
    }
    // blocks bucketed by the preorder number of their innermost loop
    let blkOff = this.blkOff, loopBlocks = this.blocks;
    blkOff.clear(); blkOff.resize(m + 1, 0);
    for (let b = 0; b < n; b++) { let l = loopOf.get(b); if (l >= 0) { let q = loopPre.get(l) + 1; blkOff.set(q, blkOff.get(q) + 1); } }
    for (let i = 0; i < m; i++) blkOff.set(i + 1, blkOff.get(i + 1) + blkOff.get(i));
    loopBlocks.clear(); loopBlocks.resize(blkOff.get(m), 0);
    tmp2.clear(); tmp2.resize(m, 0);
    for (let b = 0; b < n; b++) {
      let l = loopOf.get(b);
      if (l < 0) continue;
      let q = loopPre.get(l);
      loopBlocks.set(blkOff.get(q) + tmp2.get(q), b);
      tmp2.set(q, tmp2.get(q) + 1);
    }
  }

  // Loop a contains loop b (or is b); b may be -1.
  contains(a: i32, b: i32): bool {
    if (b < 0) return false;
    let pa = this.pre.get(a), pb = this.pre.get(b);
    return pb >= pa && pb < pa + this.size.get(a);
  }
  containsBlock(l: i32, b: i32): bool { return this.contains(l, this.loopOf.get(b)); }
  // The blocks of loop l (sub-loops included): blocks[blocksBegin(l) .. blocksEnd(l)).
  blocksBegin(l: i32): i32 { return this.blkOff.get(this.pre.get(l)); }
  blocksEnd(l: i32): i32 { return this.blkOff.get(this.pre.get(l) + this.size.get(l)); }
}

// ---- strongly connected components (Tarjan, iterative) ----
// scc.ofGraph(n, off, adj, start): components of the nodes reachable from `start` in the graph
// whose node v has successors adj[off[v] .. off[v+1]); comp[v] = component number (-1 unreached),
// count components, size[c] their sizes.
@final export class SCC {
  comp: I32Vec = new I32Vec();
  size: I32Vec = new I32Vec();
  count: i32 = 0;
  private tIndex: I32Vec = new I32Vec();
  private tLow: I32Vec = new I32Vec();
  private tStack: I32Vec = new I32Vec();
  private cStackV: I32Vec = new I32Vec();
  private cStackK: I32Vec = new I32Vec();

  ofGraph(n: i32, off: I32Vec, adj: I32Vec, start: i32): void {
    let sccComp = this.comp, sccSize = this.size, tIndex = this.tIndex, tLow = this.tLow;
    let tStack = this.tStack, cStackV = this.cStackV, cStackK = this.cStackK;
    sccComp.clear(); sccComp.resize(n, -1);
    sccSize.clear(); this.count = 0;
    tIndex.clear(); tIndex.resize(n, -1);
    tLow.clear(); tLow.resize(n, 0);
    tStack.clear(); cStackV.clear(); cStackK.clear();
    if (n == 0 || start < 0) return;
    let counter = 0;
    tIndex.set(start, counter); tLow.set(start, counter); counter++;
    tStack.push(start); cStackV.push(start); cStackK.push(off.get(start));
    while (cStackV.len > 0) {
      let top = cStackV.len - 1;
      let v = cStackV.get(top);
      let k = cStackK.get(top);
      if (off.get(v + 1) > k) {
        cStackK.set(top, k + 1);
        let w = adj.get(k);
        if (tIndex.get(w) < 0) {
          tIndex.set(w, counter); tLow.set(w, counter); counter++;
          tStack.push(w); cStackV.push(w); cStackK.push(off.get(w));
        } else if (sccComp.get(w) < 0) {
          let iw = tIndex.get(w); if (tLow.get(v) > iw) tLow.set(v, iw);
        }
        continue;
      }
      cStackV.len--; cStackK.len--;
      if (cStackV.len > 0) {
        let u = cStackV.get(cStackV.len - 1);
        let lv = tLow.get(v); if (tLow.get(u) > lv) tLow.set(u, lv);
      }
      if (tLow.get(v) == tIndex.get(v)) {
        let c = this.count++;
        let size = 0;
        while (true) {
          let w = tStack.pop();
          sccComp.set(w, c);
          size++;
          if (w == v) break;
        }
        sccSize.push(size);
      }
    }
  }
  // Components of a function's CFG from the entry.
  ofCFG(cfg: CFG): void { this.ofGraph(cfg.n, cfg.succOff, cfg.succ, cfg.n > 0 ? 0 : -1); }
}
