// CFG, dominator / post-dominator trees (Semi-NCA) and the IDF, checked on random CFGs built
// directly in the arena (tests/assembly/testcfg.ts) against independent naive solvers:
//  - dominators: iterative dataflow over bitsets (dom(b) = {b} ∪ ∩ dom(preds)), idom = the strict
//    dominator with the largest dominator set;
//  - post-dominators: the same on the reverse graph with a virtual exit joined to the tree's roots,
//    plus LLVM's root rules (every block without successors is a root, in function order, first;
//    every other root lies in a region that reaches no exit; no root reaches another root);
//  - IDF: the fixed point S = DF(defs ∪ S) (∩ live-in when pruning), DF from Cytron's definition
//    computed by the Cooper-Harvey-Kennedy runner over the naive idoms; also for post-dominators;
//  - LLVM's verifyParentProperty / verifySiblingProperty on the smaller trees;
//  - CFG: successor lists in order with duplicates, predecessors as the reversed edge multiset,
//    reverse post-order as an independent recursive DFS computes it.
// Shapes: random local/far edges (irreducible loops), self-loops, duplicate edges, unreachable
// blocks, several exits, no exit at all (infinite loops), long chains; 1 to 2,000 blocks.
import { I32Vec } from "../../assembly/util/vec";
import { tcFunction, tcMark, tcRelease, tcBlocks, tcTerminator, TK_AUTO, TK_SWITCH, TK_INDIRECTBR, TK_UNREACHABLE } from "./testcfg";
import { DomTree } from "../../assembly/analysis/domtree";
import { FunctionAnalyses } from "../../assembly/analysis/context";
import { LiveIDF } from "../../assembly/passes/mem2reg/liveidf";

// A context of the spec's own (not the session's): the analyses need nothing else. The CFG's
// arrays are the same objects from build to build, so aliases of them stay valid.
const fa = new FunctionAnalyses();
const cfg = fa.cfg;
const succOff = cfg.succOff, succ = cfg.succ, predOff = cfg.predOff, pred = cfg.pred, rpo = cfg.rpo, rpoIndex = cfg.rpoIndex;

// ---- random numbers (xorshift32) ----
let seed: u32 = 0x9e3779b9;
function rnd(): u32 { let x = seed; x ^= x << 13; x ^= x >> 17; x ^= x << 5; seed = x; return x; }
function rint(n: i32): i32 { return <i32>(rnd() % <u32>n); }
function chance(pct: i32): bool { return rint(100) < pct; }

// ---- the generated CFG ----
let gOff = new I32Vec();
let gSucc = new I32Vec();
let fn: i32 = -1;

function genCFG(n: i32): void {
  gOff.clear(); gSucc.clear();
  let style = rint(6);
  let exitPct = style == 3 ? 0 : (style == 4 ? 20 : 6);     // style 3: usually no exit at all
  let farPct = style == 2 ? 5 : 30;
  for (let b = 0; b < n; b++) {
    gOff.push(gSucc.len);
    let k: i32;
    if (style == 5) {
      // long chain with a few side edges and back edges
      k = b == n - 1 ? 0 : (chance(85) ? 1 : 2);
    } else {
      let r = rint(100);
      k = r < exitPct ? 0 : r < 45 ? 1 : r < 85 ? 2 : 3 + rint(r < 97 ? 3 : 12);
      if (b == n - 1 && style != 3 && chance(70)) k = 0;
    }
    for (let j = 0; j < k; j++) {
      let t: i32;
      if (style == 5 && j == 0) t = b + 1 < n ? b + 1 : rint(n);
      else if (chance(8)) t = b;                                   // self-loop
      else if (j > 0 && chance(10)) t = gSucc.get(gSucc.len - 1);  // duplicate edge
      else if (chance(farPct)) t = rint(n);                        // anywhere: irreducible loops
      else { t = b + rint(9) - 3; if (t < 0) t = 0; if (t >= n) t = n - 1; }
      if (style == 2 && t <= b && chance(70) && b + 1 < n) t = b + 1 + rint(n - b - 1); // mostly forward
      gSucc.push(t);
    }
  }
  gOff.push(gSucc.len);
  tcBlocks(fn, n);
  for (let b = 0; b < n; b++) {
    let s = gOff.get(b), e = gOff.get(b + 1);
    let kind = TK_AUTO;
    let r = rint(10);
    if (e - s == 0 && r < 3) kind = TK_UNREACHABLE;
    else if (e - s >= 1 && r < 2) kind = TK_INDIRECTBR;
    else if (e - s >= 1 && r < 4) kind = TK_SWITCH;
    tcTerminator(b, gSucc, s, e - s, kind);
  }
}

// ---- failures ----
let failures: i32 = 0;
let firstFailure: string = "";
function fail(what: string): void { if (failures == 0) firstFailure = what; failures++; }

// ---- bitsets (n x W words) ----
let W: i32 = 0;
let bits = new I32Vec();
let tmp = new I32Vec();
@inline function bget(base: i32, i: i32): bool { return (bits.get(base * W + (i >> 5)) & (1 << (i & 31))) != 0; }
@inline function bset(base: i32, i: i32): void { let k = base * W + (i >> 5); bits.set(k, bits.get(k) | (1 << (i & 31))); }

// Naive dominators (forward) or post-dominators (reverse, virtual exit = n) -> idom array.
let nidom = new I32Vec();
let reach = new I32Vec();
function naiveDominators(n: i32, post: bool, t: DomTree): void {
  let N = post ? n + 1 : n;
  W = (N + 31) >> 5;
  bits.clear(); bits.resize(N * W, 0);
  reach.clear(); reach.resize(N, 0);
  // reachability from the root
  let stack = new I32Vec();
  let isRootB = new I32Vec(); isRootB.resize(n, 0);
  if (post) { for (let i = 0; i < t.roots.len; i++) isRootB.set(t.roots.get(i), 1); }
  if (post) {
    reach.set(n, 1);
    for (let i = 0; i < t.roots.len; i++) { let r = t.roots.get(i); if (reach.get(r) == 0) { reach.set(r, 1); stack.push(r); } }
    while (stack.len > 0) {
      let v = stack.pop();
      for (let k = predOff.get(v); predOff.get(v + 1) > k; k++) { let p = pred.get(k); if (reach.get(p) == 0) { reach.set(p, 1); stack.push(p); } }
    }
  } else if (n > 0) {
    reach.set(0, 1); stack.push(0);
    while (stack.len > 0) {
      let v = stack.pop();
      for (let k = succOff.get(v); succOff.get(v + 1) > k; k++) { let s = succ.get(k); if (reach.get(s) == 0) { reach.set(s, 1); stack.push(s); } }
    }
  }
  let root = post ? n : 0;
  for (let v = 0; v < N; v++) {
    if (reach.get(v) == 0) continue;
    if (v == root) bset(v, v);
    else for (let w = 0; w < W; w++) bits.set(v * W + w, -1);
  }
  tmp.clear(); tmp.resize(W, 0);
  let changed = true;
  while (changed) {
    changed = false;
    for (let vv = 0; vv < N; vv++) {
      let v = post ? N - 1 - vv : vv;
      if (v == root || reach.get(v) == 0) continue;
      for (let w = 0; w < W; w++) tmp.set(w, -1);
      // "predecessors" in the direction of the analysis
      if (post) {
        for (let k = succOff.get(v); succOff.get(v + 1) > k; k++) {
          let s = succ.get(k);
          for (let w = 0; w < W; w++) tmp.set(w, tmp.get(w) & bits.get(s * W + w));
        }
        if (isRootB.get(v) != 0) for (let w = 0; w < W; w++) tmp.set(w, tmp.get(w) & bits.get(n * W + w));
      } else {
        for (let k = predOff.get(v); predOff.get(v + 1) > k; k++) {
          let p = pred.get(k);
          if (reach.get(p) == 0) continue;
          for (let w = 0; w < W; w++) tmp.set(w, tmp.get(w) & bits.get(p * W + w));
        }
      }
      tmp.set(v >> 5, tmp.get(v >> 5) | (1 << (v & 31)));
      for (let w = 0; w < W; w++) if (tmp.get(w) != bits.get(v * W + w)) { bits.set(v * W + w, tmp.get(w)); changed = true; }
    }
  }
  // idom = the strict dominator whose set is one smaller (dominators form a chain)
  let size = new I32Vec(); size.resize(N, 0);
  for (let v = 0; v < N; v++) { let c = 0; for (let w = 0; w < W; w++) c += <i32>popcnt<u32>(<u32>bits.get(v * W + w)); size.set(v, c); }
  nidom.clear(); nidom.resize(N, -1);
  for (let v = 0; v < N; v++) {
    if (reach.get(v) == 0 || v == root) continue;
    let want = size.get(v) - 1;
    for (let w = 0; w < W; w++) {
      let x = <u32>bits.get(v * W + w);
      while (x != 0) {
        let d = (w << 5) + <i32>ctz<u32>(x);
        x &= x - 1;
        if (d != v && size.get(d) == want) nidom.set(v, d);
      }
    }
  }
}

function checkTreeAgainstNaive(t: DomTree, n: i32, post: bool): void {
  let N = post ? n + 1 : n;
  if (t.n != N) { fail("node count"); return; }
  for (let v = 0; v < N; v++) {
    let inT = t.level.get(v) >= 0;
    if (inT != (reach.get(v) != 0)) { fail((post ? "post " : "") + "reachability of " + v.toString()); return; }
    if (!inT) continue;
    if (t.idom.get(v) != nidom.get(v)) {
      fail((post ? "post" : "") + "idom of " + v.toString() + ": " + t.idom.get(v).toString() + " vs naive " + nidom.get(v).toString() + " n=" + n.toString());
      return;
    }
    let p = t.idom.get(v);
    if (p >= 0 && t.level.get(v) != t.level.get(p) + 1) { fail("level"); return; }
    if (p < 0 && t.level.get(v) != 0) { fail("root level"); return; }
  }
  // dominates() against the naive sets, on a sample of pairs
  let samples = N < 40 ? N * N : 1600;
  for (let s = 0; s < samples; s++) {
    let a = N < 40 ? s / N : rint(N), b = N < 40 ? s % N : rint(N);
    let expect: bool;
    if (reach.get(b) == 0) expect = true;
    else if (reach.get(a) == 0) expect = a == b;
    else expect = bget(b, a);
    if (t.dominates(a, b) != expect) { fail("dominates(" + a.toString() + "," + b.toString() + ")"); return; }
  }
  // children lists: every child's idom is the parent, children in DFS creation order
  let count = 0;
  fillOrderPos(t);
  for (let v = 0; v < N; v++) {
    if (t.level.get(v) < 0) continue;
    count++;
    let prevPos = -1;
    for (let c = t.firstChild.get(v); c >= 0; c = t.nextSibling.get(c)) {
      if (t.idom.get(c) != v) { fail("child list"); return; }
      let pos = orderPos.get(c);
      if (pos <= prevPos) { fail("child order"); return; }
      prevPos = pos;
    }
  }
  if (count != t.order.len) fail("order length");
}
let orderPos = new I32Vec();
function fillOrderPos(t: DomTree): void {
  if (orderPos.len < t.n) orderPos.resize(t.n, 0);
  for (let i = 0; i < t.order.len; i++) orderPos.set(t.order.get(i), i);
}

// LLVM's post-dominator root rules.
function checkPostRoots(t: DomTree, n: i32): void {
  let k = 0;
  for (let b = 0; b < n; b++) {
    if (succOff.get(b + 1) == succOff.get(b)) {
      if (k >= t.roots.len || t.roots.get(k) != b) { fail("trivial roots"); return; }
      k++;
    }
  }
  let isR = new I32Vec(); isR.resize(n, 0);
  for (let i = 0; i < t.roots.len; i++) isR.set(t.roots.get(i), 1);
  for (let i = k; i < t.roots.len; i++) {
    let r = t.roots.get(i);
    if (succOff.get(r + 1) == succOff.get(r)) { fail("non-trivial root without successors"); return; }
    // a forward walk from r reaches neither an exit nor another root
    let seen = new I32Vec(); seen.resize(n, 0);
    let st = new I32Vec(); st.push(r); seen.set(r, 1);
    while (st.len > 0) {
      let v = st.pop();
      if (succOff.get(v + 1) == succOff.get(v)) { fail("non-trivial root reaches an exit"); return; }
      for (let e = succOff.get(v); succOff.get(v + 1) > e; e++) {
        let s = succ.get(e);
        if (seen.get(s) != 0) continue;
        if (isR.get(s) != 0) { fail("root reaches another root"); return; }
        seen.set(s, 1); st.push(s);
      }
    }
  }
}

// verifyParentProperty / verifySiblingProperty (GenericDomTreeConstruction.h), by walks that
// skip one node. Forward for dominators; for post-dominators backwards from the virtual exit.
let walkSeen = new I32Vec();
function walkAvoiding(t: DomTree, n: i32, avoid: i32): void {
  let N = t.n;
  walkSeen.clear(); walkSeen.resize(N, 0);
  let st = new I32Vec();
  if (t.post) {
    walkSeen.set(n, 1);
    for (let i = 0; i < t.roots.len; i++) { let r = t.roots.get(i); if (r != avoid && walkSeen.get(r) == 0) { walkSeen.set(r, 1); st.push(r); } }
  } else if (avoid != 0) { walkSeen.set(0, 1); st.push(0); }
  while (st.len > 0) {
    let v = st.pop();
    let off = t.post ? predOff : succOff, ed = t.post ? pred : succ;
    for (let k = off.get(v); off.get(v + 1) > k; k++) {
      let s = ed.get(k);
      if (s == avoid || walkSeen.get(s) != 0) continue;
      walkSeen.set(s, 1); st.push(s);
    }
  }
}
function verifyProperties(t: DomTree, n: i32): void {
  for (let v = 0; v < t.n; v++) {
    if (t.level.get(v) < 0 || v == t.root) continue;
    // parent property: removing v makes its children unreachable
    if (t.firstChild.get(v) >= 0) {
      walkAvoiding(t, n, v);
      for (let c = t.firstChild.get(v); c >= 0; c = t.nextSibling.get(c))
        if (walkSeen.get(c) != 0) { fail("parent property at " + v.toString()); return; }
    }
  }
  for (let v = 0; v < t.n; v++) {
    if (t.level.get(v) < 0) continue;
    // sibling property: removing one child leaves the others reachable
    for (let c = t.firstChild.get(v); c >= 0; c = t.nextSibling.get(c)) {
      if (t.nextSibling.get(t.firstChild.get(v)) < 0) break;
      walkAvoiding(t, n, c);
      for (let o = t.firstChild.get(v); o >= 0; o = t.nextSibling.get(o))
        if (o != c && walkSeen.get(o) == 0) { fail("sibling property at " + v.toString()); return; }
    }
  }
}

// ---- CFG checks ----
let po = new I32Vec();
let vis = new I32Vec();
function dfsPost(v: i32): void {
  vis.set(v, 1);
  for (let k = gOff.get(v); gOff.get(v + 1) > k; k++) { let s = gSucc.get(k); if (vis.get(s) == 0) dfsPost(s); }
  po.push(v);
}
function checkCFG(n: i32): void {
  if (cfg.n != n) { fail("cfg.n"); return; }
  for (let b = 0; b <= n; b++) if (succOff.get(b) != gOff.get(b)) { fail("succOff"); return; }
  for (let k = 0; k < gSucc.len; k++) if (succ.get(k) != gSucc.get(k)) { fail("succ order"); return; }
  // predecessors: for each block, the edges into it, newest (last in function order) first
  let cnt = new I32Vec(); cnt.resize(n + 1, 0);
  for (let k = 0; k < gSucc.len; k++) cnt.set(gSucc.get(k) + 1, cnt.get(gSucc.get(k) + 1) + 1);
  for (let b = 0; b < n; b++) cnt.set(b + 1, cnt.get(b + 1) + cnt.get(b));
  for (let b = 0; b <= n; b++) if (predOff.get(b) != cnt.get(b)) { fail("pred count"); return; }
  let fill = new I32Vec(); fill.resize(n, 0);
  for (let u = n - 1; u >= 0; u--)
    for (let k = gOff.get(u + 1) - 1; k >= gOff.get(u); k--) {
      let b = gSucc.get(k);
      if (pred.get(cnt.get(b) + fill.get(b)) != u) { fail("pred order"); return; }
      fill.set(b, fill.get(b) + 1);
    }
  // the use-list walk gives the same order as the sort
  let sorted = new I32Vec();
  for (let k = 0; k < pred.len; k++) sorted.push(pred.get(k));
  cfg.predsFromUseLists = true;
  fa.buildCFG(fn);
  cfg.predsFromUseLists = false;
  for (let k = 0; k < sorted.len; k++) if (pred.get(k) != sorted.get(k)) { fail("use-list pred order"); return; }
  if (n == 0) return;
  po.clear(); vis.clear(); vis.resize(n, 0);
  dfsPost(0);
  if (rpo.len != po.len) { fail("rpo length"); return; }
  for (let i = 0; i < po.len; i++) if (rpo.get(i) != po.get(po.len - 1 - i)) { fail("rpo order"); return; }
  for (let b = 0; b < n; b++) if ((rpoIndex.get(b) >= 0) != (vis.get(b) != 0)) { fail("rpoIndex"); return; }
}

// ---- IDF ----
let df = new I32Vec();        // n x W bitsets: DF of each node
let dfW: i32 = 0;
function computeDF(t: DomTree, n: i32): void {
  dfW = (n + 31) >> 5;
  df.clear(); df.resize(n * dfW, 0);
  for (let y = 0; y < n; y++) {
    if (t.level.get(y) < 0) continue;
    let off = t.post ? succOff : predOff, ed = t.post ? succ : pred;
    for (let k = off.get(y); off.get(y + 1) > k; k++) {
      let p = ed.get(k);
      if (t.level.get(p) < 0) continue;
      let r = p;
      while (r >= 0 && r != t.idom.get(y) && r < n) {
        df.set(r * dfW + (y >> 5), df.get(r * dfW + (y >> 5)) | (1 << (y & 31)));
        r = t.idom.get(r);
      }
    }
  }
}
let defs = new I32Vec();
let live = new I32Vec();
let got = new I32Vec();
function checkIDF(t: DomTree, n: i32, useLive: bool): void {
  defs.clear(); live.clear();
  let nd = 1 + rint(n < 8 ? n : 8);
  for (let i = 0; i < nd; i++) defs.push(rint(n));
  let isDef = new I32Vec(); isDef.resize(n, 0);
  for (let i = 0; i < defs.len; i++) isDef.set(defs.get(i), 1);
  // dedupe defs (a set, as LLVM's SmallPtrSet)
  defs.clear(); for (let b = 0; b < n; b++) if (isDef.get(b) != 0) defs.push(b);
  let isLive = new I32Vec(); isLive.resize(n, 0);
  if (useLive) { for (let b = 0; b < n; b++) if (chance(60)) { isLive.set(b, 1); live.push(b); } }
  fa.idf.setDefiningBlocks(defs);
  if (useLive) fa.idf.setLiveInBlocks(live); else fa.idf.resetLiveInBlocks();
  fa.idf.calculate(t, got);
  // fixed point
  let S = new I32Vec(); S.resize(dfW, 0);
  let T = new I32Vec(); T.resize(dfW, 0);
  while (true) {
    for (let w = 0; w < dfW; w++) T.set(w, 0);
    for (let x = 0; x < n; x++) {
      let inSet = isDef.get(x) != 0 || (S.get(x >> 5) & (1 << (x & 31))) != 0;
      if (!inSet || t.level.get(x) < 0) continue;
      for (let w = 0; w < dfW; w++) T.set(w, T.get(w) | df.get(x * dfW + w));
    }
    if (useLive) for (let y = 0; y < n; y++) if (isLive.get(y) == 0) T.set(y >> 5, T.get(y >> 5) & ~(1 << (y & 31)));
    let same = true;
    for (let w = 0; w < dfW; w++) if (T.get(w) != S.get(w)) { same = false; S.set(w, T.get(w)); }
    if (same) break;
  }
  let k = 0;
  for (let y = 0; y < n; y++) {
    if ((S.get(y >> 5) & (1 << (y & 31))) == 0) continue;
    if (k >= got.len || got.get(k) != y) { fail((t.post ? "reverse " : "") + "IDF mismatch at block " + y.toString() + " n=" + n.toString()); return; }
    k++;
  }
  if (k != got.len) fail((t.post ? "reverse " : "") + "IDF has extra blocks, n=" + n.toString());
}

// mem2reg's pruned IDF (passes/mem2reg/liveidf.ts) against the IDF calculator with live-in
// pruning, on live-in sets built as mem2reg builds them: backward from random using blocks,
// stopping at defining blocks (a using block that is also a defining block is live-in only when
// its first access is a load).
let got2 = new I32Vec();
let lwork = new I32Vec();
function checkLiveIDF(t: DomTree, n: i32): void {
  defs.clear(); live.clear();
  let isDef = new I32Vec(); isDef.resize(n, 0);
  let nd = 1 + rint(n < 8 ? n : 8);
  for (let i = 0; i < nd; i++) isDef.set(rint(n), 1);
  for (let b = 0; b < n; b++) if (isDef.get(b) != 0) defs.push(b);
  let isLive = new I32Vec(); isLive.resize(n, 0);
  lwork.clear();
  let nu = 1 + rint(n < 6 ? n : 6);
  for (let i = 0; i < nu; i++) { let u = rint(n); if (isDef.get(u) == 0 || chance(50)) lwork.push(u); }
  while (lwork.len > 0) {
    let b = lwork.pop();
    if (isLive.get(b) != 0) continue;
    isLive.set(b, 1); live.push(b);
    for (let k = predOff.get(b); predOff.get(b + 1) > k; k++) { let p = pred.get(k); if (isDef.get(p) == 0) lwork.push(p); }
  }
  fa.idf.setDefiningBlocks(defs);
  fa.idf.setLiveInBlocks(live);
  fa.idf.calculate(t, got);
  new LiveIDF().compute(t, defs, live, got2);
  if (got.len != got2.len) { fail("pruned IDF size " + got2.len.toString() + " != " + got.len.toString() + " n=" + n.toString()); return; }
  for (let k = 0; k < got.len; k++) if (got.get(k) != got2.get(k)) { fail("pruned IDF differs at " + k.toString() + " n=" + n.toString()); return; }
}

function sizeFor(i: i32): i32 {
  let r = rint(100);
  if (i < 20) return i + 1;                 // 1..20 exhaustively first
  if (r < 60) return 1 + rint(40);
  if (r < 90) return 40 + rint(360);
  return 400 + rint(1601);
}

let fnMade = false;
function ensureFn(): void { if (!fnMade) { fn = tcFunction(); fnMade = true; } }

describe("dominator trees on random CFGs", () => {
  it("10,000 CFGs: CFG, dominator and post-dominator trees match the naive solvers; IDF matches DF+; mem2reg's pruned IDF matches the IDF", () => {
    ensureFn();
    failures = 0;
    let total = 10000;
    let verified = 0;
    let maxN = 0;
    for (let i = 0; i < total && failures == 0; i++) {
      let n = i == total - 1 ? 2000 : sizeFor(i);
      if (n > maxN) maxN = n;
      tcMark();
      genCFG(n);
      fa.buildCFG(fn);
      checkCFG(n);
      let t = fa.buildDomTree();
      naiveDominators(n, false, t);
      checkTreeAgainstNaive(t, n, false);
      computeDF(t, n);
      checkIDF(t, n, false);
      checkIDF(t, n, true);
      checkLiveIDF(t, n);
      if (n <= 120) { verifyProperties(t, n); verified++; }
      let p = fa.buildPostDomTree();
      checkPostRoots(p, n);
      naiveDominators(n, true, p);
      checkTreeAgainstNaive(p, n, true);
      computeDF(p, n);
      checkIDF(p, n, false);
      checkIDF(p, n, true);
      if (n <= 120) verifyProperties(p, n);
      tcRelease();
    }
    if (failures != 0) log<string>("first failure: " + firstFailure);
    expect(failures).toBe(0);
    expect(maxN).toBe(2000);
    expect(verified).toBeGreaterThan(5000);
  });

  it("a 1,000,000-block chain (no recursion in the DFS)", () => {
    ensureFn();
    tcMark();
    let n = 1000000;
    gOff.clear(); gSucc.clear();
    for (let b = 0; b < n; b++) { gOff.push(gSucc.len); if (b + 1 < n) gSucc.push(b + 1); }
    gOff.push(gSucc.len);
    tcBlocks(fn, n);
    for (let b = 0; b < n; b++) tcTerminator(b, gSucc, gOff.get(b), gOff.get(b + 1) - gOff.get(b), TK_AUTO);
    fa.buildCFG(fn);
    let t = fa.buildDomTree();
    expect(t.level.get(n - 1)).toBe(n - 1);
    expect(t.idom.get(n - 1)).toBe(n - 2);
    expect(t.dominates(0, n - 1)).toBe(true);
    expect(t.dominates(n - 1, 0)).toBe(false);
    let p = fa.buildPostDomTree();
    expect(p.level.get(0)).toBe(n);
    expect(p.idom.get(n - 1)).toBe(n);
    expect(p.roots.len).toBe(1);
    defs.clear(); defs.push(n - 1);
    fa.idf.setDefiningBlocks(defs);
    fa.idf.calculate(t, got);
    expect(got.len).toBe(0);
    tcRelease();
  });

  it("opt's lazy DFS numbering: slow queries, then numbers after 32 of them or an IDF", () => {
    ensureFn();
    tcMark();
    // 0 -> 1 -> 2 -> 3 -> 4 (chain) plus 0 -> 4
    gOff.clear(); gSucc.clear();
    let edges: i32[][] = [[1, 4], [2], [3], [4], []];
    for (let b = 0; b < 5; b++) { gOff.push(gSucc.len); for (let k = 0; k < edges[b].length; k++) gSucc.push(edges[b][k]); }
    gOff.push(gSucc.len);
    tcBlocks(fn, 5);
    for (let b = 0; b < 5; b++) tcTerminator(b, gSucc, gOff.get(b), gOff.get(b + 1) - gOff.get(b), TK_AUTO);
    fa.buildCFG(fn);
    fa.resetDomTreeStates();
    let t = fa.buildDomTree();
    expect(t.dfsNumbersValid()).toBe(false);
    expect(t.dominatesCounted(1, 2)).toBe(true);   // idom: fast
    expect(t.slowQueries()).toBe(0);
    expect(t.dominatesCounted(1, 3)).toBe(true);   // slow
    expect(t.dominatesCounted(2, 0)).toBe(false);  // level: fast
    expect(t.slowQueries()).toBe(1);
    for (let i = 0; i < 32; i++) t.dominatesCounted(1, 3);
    expect(t.dfsNumbersValid()).toBe(true);
    fa.resetDomTreeStates();
    expect(t.dfsNumbersValid()).toBe(false);
    defs.clear(); defs.push(2);
    fa.idf.setDefiningBlocks(defs); fa.idf.calculate(t, got);
    expect(t.dfsNumbersValid()).toBe(true);
    expect(got.len).toBe(1);
    expect(got.get(0)).toBe(4);
    // edge dominance (BasicBlockEdge): 0->1 dominates 3; 3->4 does not dominate 4 (4 is also entered from 0)
    expect(fa.dom.edgeDominates(t, 0, 1, 3)).toBe(true);
    expect(fa.dom.edgeDominates(t, 3, 4, 4)).toBe(false);
    tcRelease();
  });
});
