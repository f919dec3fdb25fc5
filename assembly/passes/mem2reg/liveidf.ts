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

let nodes: I32Vec = new I32Vec();       // relevant tree nodes, then sorted by dfsIn (as keys)
let keys: I32Vec = new I32Vec();
let stamp: I32Vec = new I32Vec();       // node -> epoch when relevant
let isDef: I32Vec = new I32Vec();       // node -> epoch when a defining block
let isLive: I32Vec = new I32Vec();      // node -> epoch when live-in
let claimed: I32Vec = new I32Vec();     // node -> epoch when walked
let inIDF: I32Vec = new I32Vec();       // node -> epoch when in the result
let firstChild: I32Vec = new I32Vec();  // compressed forest
let nextSibling: I32Vec = new I32Vec();
let lastChild: I32Vec = new I32Vec();
let stack: I32Vec = new I32Vec();
let work: I32Vec = new I32Vec();       // the walk's stack
let byDfs: I32Vec = new I32Vec();      // dfsIn -> node, for trees too large to pack keys
let heap: MaxHeap64 = new MaxHeap64();
let epoch: i32 = 0;

export function resetLiveIDF(): void {
  nodes = new I32Vec(); keys = new I32Vec(); stamp = new I32Vec(); isDef = new I32Vec(); isLive = new I32Vec();
  claimed = new I32Vec(); inIDF = new I32Vec(); firstChild = new I32Vec(); nextSibling = new I32Vec();
  lastChild = new I32Vec(); stack = new I32Vec(); work = new I32Vec(); byDfs = new I32Vec(); heap = new MaxHeap64(); epoch = 0;
}

function fitAll(n: i32): void {
  if (stamp.len >= n) return;
  stamp.resize(n, 0); isDef.resize(n, 0); isLive.resize(n, 0); claimed.resize(n, 0); inIDF.resize(n, 0);
  firstChild.resize(n, -1); nextSibling.resize(n, -1); lastChild.resize(n, -1);
}
function addRelevant(b: i32, t: DomTree): void {
  if (t.level.get(b) < 0) return;          // unreachable: in no dominator tree walk
  if (stamp.get(b) == epoch) return;
  stamp.set(b, epoch);
  firstChild.set(b, -1); nextSibling.set(b, -1); lastChild.set(b, -1);
  nodes.push(b);
}

// IDF(defs) ∩ liveIn over dominator tree t; `live` must be closed under predecessors up to the
// defining blocks (as mem2reg's ComputeLiveInBlocks builds it). Fills `out` sorted by block number.
export function liveIDF(t: DomTree, defs: I32Vec, live: I32Vec, out: I32Vec): void {
  out.clear();
  epoch++;
  fitAll(t.n);
  nodes.clear();
  for (let i = 0; i < defs.len; i++) { let b = defs.get(i); addRelevant(b, t); isDef.set(b, epoch); }
  for (let i = 0; i < live.len; i++) { let b = live.get(i); addRelevant(b, t); isLive.set(b, epoch); }
  t.markDFSNumbersValid();
  if (nodes.len == 0) return;
  let di = t.dfsIn, dout = t.dfsOut, lv = t.level;
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
