// Dominator and post-dominator trees by Semi-NCA, as LLVM 19 builds them
// (llvm/Support/GenericDomTreeConstruction.h), over a CFG (cfg.ts). A DomTreeBuilder holds the
// construction scratch and is reused for every build (one per analysis context, context.ts).
//
// Construction (SemiNCA):
//  1. DFS numbering, iterative (an explicit work list of (node, parent number) pairs, so a
//     1,000,000-block chain needs no recursion). Successors are visited in their natural order
//     (pushed reversed); the post-dominator DFS walks predecessors in reverse pred_iterator order,
//     as LLVM's does. The DFS number of the first visit and the spanning-tree parent are kept per
//     number.
//  2. Semidominators in reverse preorder: for each vertex, the minimum over its "reverse children"
//     (CFG predecessors for dominators, successors for post-dominators, unvisited ones skipped) of
//     eval(), which walks the virtual forest with iterative path compression.
//  3. Immediate dominators in preorder by the NCA walk: start at the spanning-tree parent and climb
//     the already-final idoms while the candidate's number is above the semidominator.
//  4. Tree nodes are created in DFS order, so a node's children are in DFS (preorder) order, which
//     is the order print<domtree> shows. Then levels and DFS in/out numbers (one counter, as
//     LLVM's updateDFSNumbers), so dominates(a, b) is O(1).
//
// Nodes are block numbers (cfg.ts); a post-dominator tree has one more node, the virtual exit
// (number cfg.n, `root`). Blocks unreachable from the entry are not in a dominator tree
// (level -1, idom -1). Post-dominator roots follow LLVM's FindRoots: blocks without successors in
// function order, then for each block still unvisited (infinite loops), the furthest block of a
// forward DFS whose successors are taken in function order, reverse-DFS from it; then redundant
// non-trivial roots (ones that reach another root) are removed by swap-with-last.
//
// Per-node arrays (I32Vec, `ptr`/`len` readable from the host): idom, level, dfsIn, dfsOut,
// firstChild, nextSibling; `order` lists the tree nodes in creation (DFS) order; `roots` the
// root blocks (for dominators, [0]).
import { I32Vec } from "../util/vec";
import { sortI32 } from "../util/sort";
import { CFG } from "./cfg";

@final export class DomTree {
  post: bool = false;
  cfg: CFG;            // the CFG it is built from (block numbers index its arrays)
  states: DomTreeStates;
  fn: i32 = -1;        // function (global index) it was built for
  gen: i32 = -1;       // cfg.generation when built
  nBlocks: i32 = 0;
  n: i32 = 0;          // nodes: nBlocks, plus the virtual exit for a post-dominator tree
  root: i32 = -1;      // root node: 0 (entry) or nBlocks (virtual exit); -1 for an empty function
  idom: I32Vec = new I32Vec();
  level: I32Vec = new I32Vec();
  dfsIn: I32Vec = new I32Vec();
  dfsOut: I32Vec = new I32Vec();
  firstChild: I32Vec = new I32Vec();
  nextSibling: I32Vec = new I32Vec();
  order: I32Vec = new I32Vec();
  preorder: I32Vec = new I32Vec();   // the nodes in DFS-in order (children in order)
  roots: I32Vec = new I32Vec();
  constructor(post: bool, cfg: CFG, states: DomTreeStates) { this.post = post; this.cfg = cfg; this.states = states; }

  @inline inTree(b: i32): bool { return this.level.get(b) >= 0; }
  @inline idomOf(b: i32): i32 { return this.idom.get(b); }
  @inline levelOf(b: i32): i32 { return this.level.get(b); }
  @inline isVirtualRoot(b: i32): bool { return this.post && b == this.nBlocks; }
  // LLVM's dominates(A, B) on nodes: reflexive; anything dominates a node outside the tree; a
  // node outside the tree dominates nothing else.
  dominates(a: i32, b: i32): bool {
    if (a == b) return true;
    if (this.level.get(b) < 0) return true;
    if (this.level.get(a) < 0) return false;
    return this.dfsIn.get(b) >= this.dfsIn.get(a) && this.dfsOut.get(a) >= this.dfsOut.get(b);
  }
  properlyDominates(a: i32, b: i32): bool { return a != b && this.dominates(a, b); }
  // Nearest common dominator of two tree nodes (-1 when either is outside the tree).
  nearestCommonDominator(a: i32, b: i32): i32 {
    if (this.level.get(a) < 0 || this.level.get(b) < 0) return -1;
    let la = this.level.get(a), lb = this.level.get(b);
    while (la > lb) { a = this.idom.get(a); la--; }
    while (lb > la) { b = this.idom.get(b); lb--; }
    while (a != b) { a = this.idom.get(a); b = this.idom.get(b); }
    return a;
  }
  // Number of tree nodes (reachable blocks, plus the virtual exit).
  @inline get size(): i32 { return this.order.len; }
  // True when the tree was built from its CFG as it is (same function, no rebuild since).
  @inline isCurrent(): bool { return this.gen == this.cfg.generation && this.fn == this.cfg.fn; }

  // ---- what opt's cached tree would print (DomTreeStates below) ----
  // The tree's DFS numbers are now valid (LLVM's updateDFSNumbers).
  markDFSNumbersValid(): void { if (this.fn >= 0) this.states.slow.set(this.states.index(this), -1); }
  dfsNumbersValid(): bool { return this.fn >= 0 && this.states.slow.get(this.states.index(this)) < 0; }
  slowQueries(): i32 { let s = this.fn >= 0 ? this.states.slow.get(this.states.index(this)) : 0; return s < 0 ? 0 : s; }
  // LLVM's DominatorTreeBase::dominates(A, B) on nodes, counting the slow queries as LLVM does
  // (for passes whose queries a later print<domtree> would reveal).
  dominatesCounted(a: i32, b: i32): bool {
    if (a == b) return true;
    if (!this.inTree(b)) return true;
    if (!this.inTree(a)) return false;
    if (this.idom.get(b) == a) return true;
    if (this.idom.get(a) == b) return false;
    if (this.level.get(a) >= this.level.get(b)) return false;
    let st = this.states;
    let k = st.index(this);
    let s = st.slow.get(k);
    if (s >= 0) { s++; st.slow.set(k, s > 32 ? -1 : s); }
    return this.dominates(a, b);
  }
}

// ---- what opt's cached tree would print: DFS numbers valid or "N slow queries" ----
// LLVM numbers a tree lazily: a fresh tree prints "DFSNumbers invalid: 0 slow queries." and
// {4294967295,4294967295}; a pass that ran the IDF (updateDFSNumbers) or made more than 32 slow
// dominates() queries leaves the cached tree numbered, and a later print<domtree> in the same
// pipeline shows the numbers. Per function (global index) and kind, so it outlives one function's
// trees; cleared when a pipeline starts and by passes that do not preserve the CFG analyses.
@final export class DomTreeStates {
  slow: I32Vec = new I32Vec();     // index 2*g + post: slow queries so far, or -1 when numbered
  clear(): void { this.slow.clear(); }
  // Function g's tree of that kind is dropped: the next one is fresh (invalidate<domtree>).
  invalidate(g: i32, post: bool): void {
    let k = 2 * g + (post ? 1 : 0);
    if (k < this.slow.len) this.slow.set(k, 0);
  }
  index(t: DomTree): i32 {
    let k = 2 * t.fn + (t.post ? 1 : 0);
    if (this.slow.len <= k) this.slow.resize(k + 1, 0);
    return k;
  }
}

@inline function ld(p: usize, i: i32): i32 { return load<i32>(p + (<usize>i << 2)); }
@inline function st(p: usize, i: i32, v: i32): void { store<i32>(p + (<usize>i << 2), v); }

// Builds dominator and post-dominator trees from an explicit CFG; owns the construction scratch
// (indexed by node or by DFS number), reused from build to build.
@final export class DomTreeBuilder {
  private dfsNum: I32Vec = new I32Vec();     // node -> DFS number + 1 (0 = unvisited)
  private numToNode: I32Vec = new I32Vec();
  private anc: I32Vec = new I32Vec();        // DFS number -> forest ancestor (spanning parent, compressed)
  private semi: I32Vec = new I32Vec();
  private label: I32Vec = new I32Vec();
  private idomN: I32Vec = new I32Vec();      // DFS number -> idom DFS number
  private work: I32Vec = new I32Vec();       // DFS work list: (node, parent number) pairs
  private evalStack: I32Vec = new I32Vec();
  private lastChild: I32Vec = new I32Vec();
  private rcOff: I32Vec = new I32Vec();      // DFS number -> start of its reverse children in rc
  private rc: I32Vec = new I32Vec();
  private sortTmp: I32Vec = new I32Vec();
  private mark: I32Vec = new I32Vec();       // stamps for root pruning
  private markEpoch: i32 = 0;
  private isRoot: I32Vec = new I32Vec();

  private prepareScratch(n: i32, edges: i32): void {
    this.dfsNum.clear(); this.dfsNum.resize(n, 0);
    this.numToNode.reserve(n); this.anc.reserve(n); this.semi.reserve(n); this.label.reserve(n); this.idomN.reserve(n);
    this.work.reserve(2 * (edges + n + 1));
    this.evalStack.reserve(n);
  }

  // LLVM's runDFS: numbers the nodes reachable from v (along off/edges) from lastNum on, the first
  // one attached to attachNum; returns the next free number. `reversePush` pushes children in
  // reverse so they are visited in their natural order (forward edges); otherwise the last child
  // is visited first (LLVM's inverse edges).
  private runDFS(v: i32, lastNum: i32, attachNum: i32, off: usize, edges: usize, reversePush: bool): i32 {
    let dn = this.dfsNum.ptr, ntn = this.numToNode.ptr, an = this.anc.ptr, se = this.semi.ptr, la = this.label.ptr;
    let wp = this.work.ptr;
    let sp = 0;
    st(wp, 0, v); st(wp, 1, attachNum); sp = 2;
    while (sp > 0) {
      sp -= 2;
      let bb = ld(wp, sp), parentNum = ld(wp, sp + 1);
      if (ld(dn, bb) != 0) continue;
      let num = lastNum++;
      st(dn, bb, num + 1);
      st(ntn, num, bb); st(an, num, parentNum); st(se, num, num); st(la, num, num);
      let s = ld(off, bb), e = ld(off, bb + 1);
      if (reversePush) {
        for (let k = e - 1; k >= s; k--) {
          let c = ld(edges, k);
          if (ld(dn, c) == 0) { st(wp, sp, c); st(wp, sp + 1, num); sp += 2; }
        }
      } else {
        for (let k = s; k < e; k++) {
          let c = ld(edges, k);
          if (ld(dn, c) == 0) { st(wp, sp, c); st(wp, sp + 1, num); sp += 2; }
        }
      }
    }
    return lastNum;
  }

  // Semidominators (reverse preorder, eval with path compression) and immediate dominators (NCA
  // walk) for the `count` numbered nodes; reverse children come from roff/redges (nEdges of them).
  private runSemiNCA(count: i32, roff: usize, redges: usize, nEdges: i32): void {
    let dn = this.dfsNum.ptr, ntn = this.numToNode.ptr, an = this.anc.ptr, se = this.semi.ptr, la = this.label.ptr, idn = this.idomN.ptr;
    let es = this.evalStack.ptr;
    for (let i = 0; i < count; i++) st(idn, i, ld(an, i));
    // reverse children renumbered by DFS number, in number order (one streaming pass: the random
    // loads overlap here instead of stalling the eval chains below)
    let rcOff = this.rcOff, rc = this.rc;
    rcOff.clear(); rcOff.resize(count + 1, 0);
    rc.clear(); rc.reserve(nEdges + 1);
    let rco = rcOff.ptr, rcp = rc.ptr;
    // the root (number 0) needs none: it has no semidominator, and for post-dominators it is the
    // virtual exit, which has no row in roff
    let pos = 0;
    st(rco, 0, 0);
    for (let i = 1; i < count; i++) {
      st(rco, i, pos);
      let w = ld(ntn, i);
      let e = ld(roff, w + 1);
      for (let k = ld(roff, w); k < e; k++) {
        let vn1 = ld(dn, ld(redges, k));
        if (vn1 != 0) st(rcp, pos++, vn1 - 1);   // unreachable predecessors skipped
      }
    }
    st(rco, count, pos);
    for (let i = count - 1; i >= 1; i--) {
      let sw = ld(an, i);
      let lastLinked = i + 1;
      let e = ld(rco, i + 1);
      for (let k = ld(rco, i); k < e; k++) {
        let v = ld(rcp, k);
        let su: i32;
        if (v <= i) su = v;                  // not yet processed: its label is its own number
        else if (ld(an, v) < lastLinked) su = ld(la, v);
        else {
          // eval: collect the path to the root of v's virtual tree, then compress it
          let sp = 0;
          do { st(es, sp++, v); v = ld(an, v); } while (ld(an, v) >= lastLinked);
          let p = v;
          let pLabel = ld(la, p);
          do {
            v = ld(es, --sp);
            st(an, v, ld(an, p));
            let vLabel = ld(la, v);
            if (pLabel < vLabel) st(la, v, pLabel); else pLabel = vLabel;
            p = v;
          } while (sp > 0);
          su = ld(la, v);
        }
        if (su < sw) sw = su;
      }
      st(se, i, sw);
      st(la, i, sw);
    }
    for (let i = 1; i < count; i++) {
      let w = ld(idn, i);
      let s = ld(se, i);
      while (w > s) w = ld(idn, w);
      st(idn, i, w);
    }
  }

  // Fills the tree arrays from the numbering: nodes in DFS order, each linked as the last child of
  // its idom; then levels and DFS in/out numbers.
  private buildTree(t: DomTree, count: i32): void {
    let n = t.n;
    let lastChild = this.lastChild;
    t.idom.clear(); t.idom.resize(n, -1);
    t.level.clear(); t.level.resize(n, -1);
    t.dfsIn.clear(); t.dfsIn.resize(n, -1);
    t.dfsOut.clear(); t.dfsOut.resize(n, -1);
    t.firstChild.clear(); t.firstChild.resize(n, -1);
    t.nextSibling.clear(); t.nextSibling.resize(n, -1);
    lastChild.clear(); lastChild.resize(n, -1);
    t.order.clear(); t.order.resize(count, 0);
    t.preorder.clear(); t.preorder.resize(count, 0);
    if (count == 0) { t.root = -1; return; }
    let ntn = this.numToNode.ptr, idn = this.idomN.ptr;
    let idp = t.idom.ptr, lv = t.level.ptr, fc = t.firstChild.ptr, ns = t.nextSibling.ptr, lc = lastChild.ptr;
    let ord = t.order.ptr;
    let root = ld(ntn, 0);
    t.root = root;
    st(lv, root, 0); st(ord, 0, root);
    for (let i = 1; i < count; i++) {
      let v = ld(ntn, i);
      let p = ld(ntn, ld(idn, i));
      st(ord, i, v);
      st(idp, v, p);
      st(lv, v, ld(lv, p) + 1);
      let l = ld(lc, p);
      if (l < 0) st(fc, p, v); else st(ns, l, v);
      st(lc, p, v);
    }
    // DFS in/out numbers, one counter, children in order (LLVM's updateDFSNumbers); the preorder
    // list on the way
    let di = t.dfsIn.ptr, dout = t.dfsOut.ptr, pre = t.preorder.ptr;
    let c = 0, k = 0;
    let v = root;
    st(di, v, c++); st(pre, k++, v);
    while (true) {
      let f = ld(fc, v);
      if (f >= 0) { v = f; st(di, v, c++); st(pre, k++, v); continue; }
      let done = false;
      while (true) {
        st(dout, v, c++);
        if (v == root) { done = true; break; }
        let s = ld(ns, v);
        if (s >= 0) { v = s; st(di, v, c++); st(pre, k++, v); break; }
        v = ld(idp, v);
      }
      if (done) break;
    }
  }

  // Builds the dominator tree of t's CFG into t.
  buildDom(t: DomTree): DomTree {
    let cfg = t.cfg;
    let nb = cfg.n;
    t.post = false; t.fn = cfg.fn; t.gen = cfg.generation; t.nBlocks = nb; t.n = nb;
    t.roots.clear();
    this.prepareScratch(nb, cfg.succ.len);
    let count = 0;
    if (nb > 0) {
      t.roots.push(0);
      count = this.runDFS(0, 0, 0, cfg.succOff.ptr, cfg.succ.ptr, true);
      this.runSemiNCA(count, cfg.predOff.ptr, cfg.pred.ptr, cfg.pred.len);
    }
    this.buildTree(t, count);
    return t;
  }

  // Builds the post-dominator tree of t's CFG into t.
  buildPostDom(t: DomTree): DomTree {
    let cfg = t.cfg;
    let nb = cfg.n;
    t.post = true; t.fn = cfg.fn; t.gen = cfg.generation; t.nBlocks = nb; t.n = nb + 1;
    this.prepareScratch(nb + 1, cfg.pred.len);
    let num = nb + 1;
    let po = cfg.predOff.ptr, pp = cfg.pred.ptr;
    if (!this.findRoots(cfg, t.roots, nb)) {
      // the real DFS, from the virtual exit (number 0) through each root in order (when every root
      // is trivial, findRoots has already numbered the nodes exactly this way)
      this.dfsNum.clear(); this.dfsNum.resize(nb + 1, 0);
      num = 1;
      for (let i = 0; i < t.roots.len; i++) num = this.runDFS(t.roots.get(i), num, 0, po, pp, false);
    }
    st(this.dfsNum.ptr, nb, 1); st(this.numToNode.ptr, 0, nb); st(this.anc.ptr, 0, 0); st(this.semi.ptr, 0, 0); st(this.label.ptr, 0, 0);
    this.runSemiNCA(num, cfg.succOff.ptr, cfg.succ.ptr, cfg.succ.len);
    this.buildTree(t, num);
    return t;
  }

  // LLVM's FindRoots for post-dominators (see the header comment). Returns true when all roots are
  // trivial: the numbering it made is then the final one.
  private findRoots(cfg: CFG, roots: I32Vec, nb: i32): bool {
    roots.clear();
    let dn = this.dfsNum.ptr, so = cfg.succOff.ptr;
    let po = cfg.predOff.ptr, pp = cfg.pred.ptr;
    st(dn, nb, 1); st(this.numToNode.ptr, 0, nb);
    let num = 1;
    for (let b = 0; b < nb; b++) {
      if (ld(so, b + 1) == ld(so, b)) {
        roots.push(b);
        num = this.runDFS(b, num, 0, po, pp, false);
      }
    }
    if (num == nb + 1) return true;
    for (let b = 0; b < nb; b++) {
      if (ld(dn, b) != 0) continue;
      let newNum = this.forwardDFSInOrder(cfg, b, num);
      let furthest = this.numToNode.get(newNum - 1);
      roots.push(furthest);
      for (let i = newNum - 1; i >= num; i--) st(dn, this.numToNode.get(i), 0);
      num = this.runDFS(furthest, num, 0, po, pp, false);
    }
    this.removeRedundantRoots(cfg, roots, nb);
    return false;
  }

  // Forward DFS from v numbering from lastNum; each node's successors are sorted by block number
  // (function order) and pushed in that order, so the highest-numbered is visited first.
  private forwardDFSInOrder(cfg: CFG, v: i32, lastNum: i32): i32 {
    let dn = this.dfsNum.ptr, ntn = this.numToNode.ptr;
    let so = cfg.succOff.ptr, sc = cfg.succ.ptr;
    let wp = this.work.ptr;
    let sortTmp = this.sortTmp;
    let sp = 0;
    st(wp, sp++, v);
    while (sp > 0) {
      let bb = ld(wp, --sp);
      if (ld(dn, bb) != 0) continue;
      let num = lastNum++;
      st(dn, bb, num + 1); st(ntn, num, bb);
      let s = ld(so, bb), e = ld(so, bb + 1);
      sortTmp.clear();
      for (let k = s; k < e; k++) { let c = ld(sc, k); if (ld(dn, c) == 0) sortTmp.push(c); }
      sortI32(sortTmp.ptr, sortTmp.len);
      for (let k = 0; k < sortTmp.len; k++) st(wp, sp++, sortTmp.get(k));
    }
    return lastNum;
  }

  // Drops each non-trivial root from which a forward walk reaches another root (swap with last).
  private removeRedundantRoots(cfg: CFG, roots: I32Vec, nb: i32): void {
    let mark = this.mark, isRoot = this.isRoot;
    if (mark.len < nb) mark.resize(nb, 0);
    if (isRoot.len < nb) isRoot.resize(nb, 0);
    let ir = isRoot.ptr;
    for (let i = 0; i < nb; i++) st(ir, i, 0);
    for (let i = 0; i < roots.len; i++) st(ir, roots.get(i), 1);
    let so = cfg.succOff.ptr, sc = cfg.succ.ptr, mk = mark.ptr;
    for (let i = 0; i < roots.len; i++) {
      let r = roots.get(i);
      if (ld(so, r + 1) == ld(so, r)) continue;
      let ep = ++this.markEpoch;
      let wp = this.work.ptr;
      let sp = 0;
      st(wp, sp++, r); st(mk, r, ep);
      let found = false;
      while (sp > 0 && !found) {
        let bb = ld(wp, --sp);
        let e = ld(so, bb + 1);
        for (let k = ld(so, bb); k < e; k++) {
          let c = ld(sc, k);
          if (ld(mk, c) == ep) continue;
          if (ld(ir, c) != 0) { found = true; break; }
          st(mk, c, ep);
          st(wp, sp++, c);
        }
      }
      if (found) {
        st(ir, r, 0);
        let last = roots.len - 1;
        roots.set(i, roots.get(last));
        roots.len = last;
        i--;
      }
    }
  }
}

