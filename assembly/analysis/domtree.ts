// Dominator and post-dominator trees by Semi-NCA, as LLVM 19 builds them
// (llvm/Support/GenericDomTreeConstruction.h), over the CFG of cfg.ts.
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
// (number cfgN, `root`). Blocks unreachable from the entry are not in a dominator tree
// (level -1, idom -1). Post-dominator roots follow LLVM's FindRoots: blocks without successors in
// function order, then for each block still unvisited (infinite loops), the furthest block of a
// forward DFS whose successors are taken in function order, reverse-DFS from it; then redundant
// non-trivial roots (ones that reach another root) are removed by swap-with-last.
//
// Per-node arrays (I32Vec, `ptr`/`len` readable from the host): idom, level, dfsIn, dfsOut,
// firstChild, nextSibling; `order` lists the tree nodes in creation (DFS) order; `roots` the
// root blocks (for dominators, [0]).
import { I32Vec } from "../util/vec";
import { cfgN, cfgFn, succOff, succ, predOff, pred, cfgGeneration } from "./cfg";

@final export class DomTree {
  post: bool = false;
  fn: i32 = -1;        // function (global index) it was built for
  gen: i32 = -1;       // cfgGeneration() when built
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
  constructor(post: bool) { this.post = post; }

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
  // True when the tree was built from the current CFG (same function, no rebuild since).
  @inline isCurrent(): bool { return this.gen == cfgGeneration() && this.fn == cfgFn; }
}

// ---- scratch shared by every build (indexed by node or by DFS number) ----
let dfsNum: I32Vec = new I32Vec();     // node -> DFS number + 1 (0 = unvisited)
let numToNode: I32Vec = new I32Vec();
let anc: I32Vec = new I32Vec();        // DFS number -> forest ancestor (spanning parent, compressed)
let semi: I32Vec = new I32Vec();
let label: I32Vec = new I32Vec();
let idomN: I32Vec = new I32Vec();      // DFS number -> idom DFS number
let work: I32Vec = new I32Vec();       // DFS work list: (node, parent number) pairs
let evalStack: I32Vec = new I32Vec();
let lastChild: I32Vec = new I32Vec();
let rcOff: I32Vec = new I32Vec();      // DFS number -> start of its reverse children in rc
let rc: I32Vec = new I32Vec();
let sortTmp: I32Vec = new I32Vec();
let mark: I32Vec = new I32Vec();       // stamps for root pruning
let markEpoch: i32 = 0;
let isRoot: I32Vec = new I32Vec();

export let domTree: DomTree = new DomTree(false);
export let postDomTree: DomTree = new DomTree(true);

export function resetDomTree(): void {
  dfsNum = new I32Vec(); numToNode = new I32Vec(); anc = new I32Vec(); semi = new I32Vec();
  label = new I32Vec(); idomN = new I32Vec(); work = new I32Vec(); evalStack = new I32Vec();
  lastChild = new I32Vec(); rcOff = new I32Vec(); rc = new I32Vec(); sortTmp = new I32Vec(); mark = new I32Vec(); markEpoch = 0; isRoot = new I32Vec();
  domTree = new DomTree(false); postDomTree = new DomTree(true);
  dtSlow = new I32Vec();
}

@inline function ld(p: usize, i: i32): i32 { return load<i32>(p + (<usize>i << 2)); }
@inline function st(p: usize, i: i32, v: i32): void { store<i32>(p + (<usize>i << 2), v); }

function prepareScratch(n: i32, edges: i32): void {
  dfsNum.clear(); dfsNum.resize(n, 0);
  numToNode.reserve(n); anc.reserve(n); semi.reserve(n); label.reserve(n); idomN.reserve(n);
  work.reserve(2 * (edges + n + 1));
  evalStack.reserve(n);
}

// LLVM's runDFS: numbers the nodes reachable from v (along off/edges) from lastNum on, the first
// one attached to attachNum; returns the next free number. `reversePush` pushes children in
// reverse so they are visited in their natural order (forward edges); otherwise the last child
// is visited first (LLVM's inverse edges).
function runDFS(v: i32, lastNum: i32, attachNum: i32, off: usize, edges: usize, reversePush: bool): i32 {
  let dn = dfsNum.ptr, ntn = numToNode.ptr, an = anc.ptr, se = semi.ptr, la = label.ptr;
  let wp = work.ptr;
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
// walk) for the `count` numbered nodes; reverse children come from roff/redges.
function runSemiNCA(count: i32, roff: usize, redges: usize): void {
  let dn = dfsNum.ptr, ntn = numToNode.ptr, an = anc.ptr, se = semi.ptr, la = label.ptr, idn = idomN.ptr;
  let es = evalStack.ptr;
  for (let i = 0; i < count; i++) st(idn, i, ld(an, i));
  // reverse children renumbered by DFS number, in number order (one streaming pass: the random
  // loads overlap here instead of stalling the eval chains below)
  rcOff.clear(); rcOff.resize(count + 1, 0);
  rc.clear(); rc.reserve(ld(roff, cfgN) + 1);
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
function buildTree(t: DomTree, count: i32): void {
  let n = t.n;
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
  let ntn = numToNode.ptr, idn = idomN.ptr;
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

// Builds the dominator tree of the current CFG into t (default: domTree).
export function buildDomTree(t: DomTree = domTree): DomTree {
  let nb = cfgN;
  t.post = false; t.fn = cfgFn; t.gen = cfgGeneration(); t.nBlocks = nb; t.n = nb;
  t.roots.clear();
  prepareScratch(nb, succ.len);
  let count = 0;
  if (nb > 0) {
    t.roots.push(0);
    count = runDFS(0, 0, 0, succOff.ptr, succ.ptr, true);
    runSemiNCA(count, predOff.ptr, pred.ptr);
  }
  buildTree(t, count);
  return t;
}

// Builds the post-dominator tree of the current CFG into t (default: postDomTree).
export function buildPostDomTree(t: DomTree = postDomTree): DomTree {
  let nb = cfgN;
  t.post = true; t.fn = cfgFn; t.gen = cfgGeneration(); t.nBlocks = nb; t.n = nb + 1;
  prepareScratch(nb + 1, pred.len);
  let num = nb + 1;
  if (!findRoots(t.roots, nb)) {
    // the real DFS, from the virtual exit (number 0) through each root in order (when every root
    // is trivial, findRoots has already numbered the nodes exactly this way)
    dfsNum.clear(); dfsNum.resize(nb + 1, 0);
    num = 1;
    for (let i = 0; i < t.roots.len; i++) num = runDFS(t.roots.get(i), num, 0, predOff.ptr, pred.ptr, false);
  }
  st(dfsNum.ptr, nb, 1); st(numToNode.ptr, 0, nb); st(anc.ptr, 0, 0); st(semi.ptr, 0, 0); st(label.ptr, 0, 0);
  runSemiNCA(num, succOff.ptr, succ.ptr);
  buildTree(t, num);
  return t;
}

// LLVM's FindRoots for post-dominators (see the header comment). Returns true when all roots are
// trivial: the numbering it made is then the final one.
function findRoots(roots: I32Vec, nb: i32): bool {
  roots.clear();
  let dn = dfsNum.ptr, so = succOff.ptr;
  st(dn, nb, 1); st(numToNode.ptr, 0, nb);
  let num = 1;
  for (let b = 0; b < nb; b++) {
    if (ld(so, b + 1) == ld(so, b)) {
      roots.push(b);
      num = runDFS(b, num, 0, predOff.ptr, pred.ptr, false);
    }
  }
  if (num == nb + 1) return true;
  for (let b = 0; b < nb; b++) {
    if (ld(dn, b) != 0) continue;
    let newNum = forwardDFSInOrder(b, num);
    let furthest = numToNode.get(newNum - 1);
    roots.push(furthest);
    for (let i = newNum - 1; i >= num; i--) st(dn, numToNode.get(i), 0);
    num = runDFS(furthest, num, 0, predOff.ptr, pred.ptr, false);
  }
  removeRedundantRoots(roots, nb);
  return false;
}

// Forward DFS from v numbering from lastNum; each node's successors are sorted by block number
// (function order) and pushed in that order, so the highest-numbered is visited first.
function forwardDFSInOrder(v: i32, lastNum: i32): i32 {
  let dn = dfsNum.ptr, ntn = numToNode.ptr;
  let so = succOff.ptr, sc = succ.ptr;
  let wp = work.ptr;
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
function removeRedundantRoots(roots: I32Vec, nb: i32): void {
  if (mark.len < nb) mark.resize(nb, 0);
  if (isRoot.len < nb) isRoot.resize(nb, 0);
  let ir = isRoot.ptr;
  for (let i = 0; i < nb; i++) st(ir, i, 0);
  for (let i = 0; i < roots.len; i++) st(ir, roots.get(i), 1);
  let so = succOff.ptr, sc = succ.ptr, mk = mark.ptr;
  for (let i = 0; i < roots.len; i++) {
    let r = roots.get(i);
    if (ld(so, r + 1) == ld(so, r)) continue;
    markEpoch++;
    let ep = markEpoch;
    let wp = work.ptr;
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

// In-place ascending sort of n i32s at p (insertion sort for short runs, heap sort otherwise).
export function sortI32(p: usize, n: i32): void {
  if (n < 2) return;
  if (n <= 24) {
    for (let i = 1; i < n; i++) {
      let x = ld(p, i);
      let j = i - 1;
      while (j >= 0 && ld(p, j) > x) { st(p, j + 1, ld(p, j)); j--; }
      st(p, j + 1, x);
    }
    return;
  }
  for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(p, i, n);
  for (let end = n - 1; end > 0; end--) {
    let t = ld(p, 0); st(p, 0, ld(p, end)); st(p, end, t);
    siftDown(p, 0, end);
  }
}
function siftDown(p: usize, i: i32, n: i32): void {
  let x = ld(p, i);
  while (true) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && ld(p, c + 1) > ld(p, c)) c++;
    if (x >= ld(p, c)) break;
    st(p, i, ld(p, c));
    i = c;
  }
  st(p, i, x);
}

// ---- what opt's cached tree would print: DFS numbers valid or "N slow queries" ----
// LLVM numbers a tree lazily: a fresh tree prints "DFSNumbers invalid: 0 slow queries." and
// {4294967295,4294967295}; a pass that ran the IDF (updateDFSNumbers) or made more than 32 slow
// dominates() queries leaves the cached tree numbered, and a later print<domtree> in the same
// pipeline shows the numbers. Per function (global index) and kind; cleared when a pipeline starts
// and by passes that do not preserve the CFG analyses.
let dtSlow: I32Vec = new I32Vec();     // index 2*g + post: slow queries so far, or -1 when numbered
export function resetDomTreeStates(): void { dtSlow.clear(); }
// Function g's tree of that kind is dropped: the next one is fresh (invalidate<domtree>).
export function invalidateDomTreeState(g: i32, post: bool): void {
  let k = 2 * g + (post ? 1 : 0);
  if (k < dtSlow.len) dtSlow.set(k, 0);
}
function stateIndex(t: DomTree): i32 {
  let k = 2 * t.fn + (t.post ? 1 : 0);
  if (dtSlow.len <= k) dtSlow.resize(k + 1, 0);
  return k;
}
// The tree's DFS numbers are now valid (LLVM's updateDFSNumbers).
export function markDFSNumbersValid(t: DomTree): void { if (t.fn >= 0) dtSlow.set(stateIndex(t), -1); }
export function dfsNumbersValid(t: DomTree): bool { return t.fn >= 0 && dtSlow.get(stateIndex(t)) < 0; }
export function slowQueries(t: DomTree): i32 { let s = t.fn >= 0 ? dtSlow.get(stateIndex(t)) : 0; return s < 0 ? 0 : s; }
// LLVM's DominatorTreeBase::dominates(A, B) on nodes, counting the slow queries as LLVM does (for
// passes whose queries a later print<domtree> would reveal).
export function dominatesCounted(t: DomTree, a: i32, b: i32): bool {
  if (a == b) return true;
  if (!t.inTree(b)) return true;
  if (!t.inTree(a)) return false;
  if (t.idom.get(b) == a) return true;
  if (t.idom.get(a) == b) return false;
  if (t.level.get(a) >= t.level.get(b)) return false;
  let k = stateIndex(t);
  let s = dtSlow.get(k);
  if (s >= 0) { s++; dtSlow.set(k, s > 32 ? -1 : s); }
  return t.dominates(a, b);
}
