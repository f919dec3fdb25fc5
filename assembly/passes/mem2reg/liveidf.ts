// The iterated dominance frontier of an alloca's defining blocks, pruned to its live-in blocks,
// computed in time proportional to the live region instead of the dominator subtrees of the
// defining blocks.
//
// LLVM's IDFCalculator (analysis/idf.ts is its faithful port) pops roots deepest first and walks
// each root's whole dominator subtree; an edge P -> J joins J to the IDF when J is live-in and
// level(J) <= level(root). With a store in the entry block (every parameter spill, every
// initialised local) the entry is a root and each alloca costs a walk of the whole tree: quadratic
// in a function with 100,000 blocks and 50,000 allocas.
//
// Only edges into live-in blocks count, and every predecessor of a live-in block is live-in or a
// defining block (that is how the live-in set is built). Each walked node is claimed by the
// deepest root that dominates it, and every root (a defining block, or a live-in block that joined
// the IDF) is itself in that "relevant" set. So the same walk over the dominator tree restricted to
// the relevant blocks (each linked to its nearest relevant dominator: a sort by DFS number and a
// stack) visits the same relevant nodes under the same roots and finds the same set. The result
// is sorted by block number, as mem2reg wants it (and as the IDF calculator returns it).
import { I32Vec } from "../../util/vec";
import { MaxHeap64 } from "../../util/heap";
import { DomTree } from "../../analysis/domtree";
import { sortI32 } from "../../util/sort";
import { zext64 } from "../../util/bits";

// The tables of the computation, reused from call to call (stamped with a per-call epoch); one
// per pipeline run's mem2reg, or a tool's own.
@final export class LiveIDF {
  private nodes: I32Vec = new I32Vec();       // relevant tree nodes, then sorted by dfsIn (as keys)
  private keys: I32Vec = new I32Vec();
  private stamp: I32Vec = new I32Vec();       // node -> epoch when relevant
  private isDef: I32Vec = new I32Vec();       // node -> epoch when a defining block
  private isLive: I32Vec = new I32Vec();      // node -> epoch when live-in
  private claimed: I32Vec = new I32Vec();     // node -> epoch when walked
  private inIDF: I32Vec = new I32Vec();       // node -> epoch when in the result
  private firstChild: I32Vec = new I32Vec();  // compressed forest
  private nextSibling: I32Vec = new I32Vec();
  private lastChild: I32Vec = new I32Vec();
  private stack: I32Vec = new I32Vec();
  private work: I32Vec = new I32Vec();       // the walk's stack
  private byDfs: I32Vec = new I32Vec();      // dfsIn -> node, for trees too large to pack keys
  private heap: MaxHeap64 = new MaxHeap64();
  private epoch: i32 = 0;

  private fitAll(n: i32): void {
    if (this.stamp.len >= n) return;
    this.stamp.resize(n, 0); this.isDef.resize(n, 0); this.isLive.resize(n, 0); this.claimed.resize(n, 0); this.inIDF.resize(n, 0);
    this.firstChild.resize(n, -1); this.nextSibling.resize(n, -1); this.lastChild.resize(n, -1);
  }
  // IDF(defs) ∩ liveIn over dominator tree t; `live` must be closed under predecessors up to the
  // defining blocks (as mem2reg's ComputeLiveInBlocks builds it). Fills `out` sorted by block number.
  compute(t: DomTree, defs: I32Vec, live: I32Vec, out: I32Vec): void {
    out.clear();
    let epoch = ++this.epoch;
    this.fitAll(t.n);
    let nodes = this.nodes, keys = this.keys, stamp = this.stamp, isDef = this.isDef, isLive = this.isLive;
    let claimed = this.claimed, inIDF = this.inIDF, firstChild = this.firstChild, nextSibling = this.nextSibling;
    let lastChild = this.lastChild, stack = this.stack, work = this.work, heap = this.heap;
    nodes.clear();
    let lv = t.level;
    // the relevant nodes: the defining and live-in blocks (an unreachable one is in no walk)
    for (let i = 0; i < defs.len; i++) {
      let b = defs.get(i);
      isDef.set(b, epoch);
      if (lv.get(b) < 0 || stamp.get(b) == epoch) continue;
      stamp.set(b, epoch); firstChild.set(b, -1); nextSibling.set(b, -1); lastChild.set(b, -1);
      nodes.push(b);
    }
    for (let i = 0; i < live.len; i++) {
      let b = live.get(i);
      isLive.set(b, epoch);
      if (lv.get(b) < 0 || stamp.get(b) == epoch) continue;
      stamp.set(b, epoch); firstChild.set(b, -1); nextSibling.set(b, -1); lastChild.set(b, -1);
      nodes.push(b);
    }
    t.markDFSNumbersValid();
    if (nodes.len == 0) return;
    let di = t.dfsIn, dout = t.dfsOut;
    keys.clear();
    let n = t.n;
    let packed = n < 32768;
    if (nodes.len * 4 >= n) {
      // relevant nodes in preorder, a dense set (-O0 locals are live in most blocks): the tree's
      // preorder filtered, linear in the tree rather than a sort of the set
      let pp = t.preorder.ptr;
      for (let i = 0, m = t.preorder.len; i < m; i++) { let b = load<i32>(pp + (<usize>i << 2)); if (stamp.get(b) == epoch) keys.push(b); }
    } else {
      // relevant nodes in preorder: sort (dfsIn, node) pairs packed as dfsIn * n + node
      // dfsIn < 2n, so dfsIn * n + node fits an i32 for n < 32768; otherwise sort dfsIn alone and map back
      for (let i = 0; i < nodes.len; i++) { let b = nodes.get(i); keys.push(packed ? di.get(b) * n + b : di.get(b)); }
      sortI32(keys.ptr, keys.len);
      if (!packed) {
        // dfsIn numbers are distinct: recover nodes through a scratch map dfsIn -> node
        let byDfs = this.byDfs;
        if (byDfs.len < 2 * n + 2) byDfs.resize(2 * n + 2, -1);   // grows once: entries are only read back where just set
        for (let i = 0; i < nodes.len; i++) { let b = nodes.get(i); byDfs.set(di.get(b), b); }
        for (let i = 0; i < keys.len; i++) keys.set(i, byDfs.get(keys.get(i)));
      } else {
        for (let i = 0; i < keys.len; i++) keys.set(i, keys.get(i) % n);
      }
    }
    // nearest relevant dominator by a stack of open intervals
    stack.clear();
    for (let i = 0; i < keys.len; i++) {
      let b = keys.get(i);
      while (stack.len > 0) {
        let top = stack.last();
        if (dout.get(b) <= dout.get(top)) break;     // top's interval contains b
        stack.pop();
      }
      if (stack.len > 0) {
        let p = stack.last();
        let l = lastChild.get(p);
        if (l < 0) firstChild.set(p, b); else nextSibling.set(l, b);
        lastChild.set(p, b);
      }
      stack.push(b);
    }
    // the walk: roots deepest first; each claims its unclaimed relevant descendants
    heap.clear();
    for (let i = 0; i < defs.len; i++) {
      let b = defs.get(i);
      if (lv.get(b) < 0) continue;
      heap.push((<i64>lv.get(b) << 32) | <i64>zext64(di.get(b)), b);
    }
    let so = t.cfg.succOff.ptr, sc = t.cfg.succ.ptr;
    while (!heap.isEmpty()) {
      let root = heap.topVal();
      let rootLevel = <i32>(heap.topKey() >> 32);
      heap.pop();
      if (claimed.get(root) == epoch) continue;
      work.clear();
      work.push(root); claimed.set(root, epoch);
      while (work.len > 0) {
        let node = work.pop();
        let e = load<i32>(so + (<usize>(node + 1) << 2));
        for (let k = load<i32>(so + (<usize>node << 2)); k < e; k++) {
          let j = load<i32>(sc + (<usize>k << 2));
          if (isLive.get(j) != epoch || inIDF.get(j) == epoch) continue;
          let jl = lv.get(j);
          if (jl < 0 || jl > rootLevel) continue;
          inIDF.set(j, epoch);
          out.push(j);
          if (isDef.get(j) != epoch) heap.push((<i64>jl << 32) | <i64>zext64(di.get(j)), j);
        }
        for (let c = firstChild.get(node); c >= 0; c = nextSibling.get(c)) {
          if (claimed.get(c) != epoch) { claimed.set(c, epoch); work.push(c); }
        }
      }
    }
    sortI32(out.ptr, out.len);
  }
}
