// FnTree: the ordered set of distinct functions, keyed by (structural hash, detail hash, FunctionComparator),
// as a treap (a binary search tree kept balanced in expectation by heap-ordered random
// priorities) in flat arrays. Lookup and insertion are O(log N) comparisons; a node is erased
// by id (through its parent link) without comparing, so a function whose callers changed can
// leave the tree even though its key would now compare differently.
//
// Also here: FNodesInTree (function -> node), the Deferred worklist, and remove / removeUsers,
// which take functions out of the tree and queue them for another sweep.
import { I32Vec } from "../../util/vec";
import { vKind, VK, vA, opUser, opNext, vFirstUse } from "../../ir/values";
import { functionOfInst } from "../../ir/builder";
import { compareFunctions } from "./comparator";
import { functionDetailHash } from "./hash";
import { handleTime } from "./merge";

// Nodes: function (global index), hash, children, parent, priority.
let nFn: I32Vec = new I32Vec(64);
let nHash: StaticArray<u64> = new StaticArray<u64>(0);
let nLeft: I32Vec = new I32Vec(64);
let nRight: I32Vec = new I32Vec(64);
let nParent: I32Vec = new I32Vec(64);
let nPrio: I32Vec = new I32Vec(64);
let freeNodes: I32Vec = new I32Vec(16);
let root: i32 = -1;
let size: i32 = 0;
let seed: u32 = 0x2545F491;
// FNodesInTree: global index -> node, -1 when the function is not in the tree.
let nodeOf: I32Vec = new I32Vec(64);
// Deferred: functions to look at in the next sweep (global indices).
export let deferred: I32Vec = new I32Vec(64);
// The time each deferred handle was made (merge.ts handleTime), for following RAUWs.
export let deferredTime: I32Vec = new I32Vec(64);

export function resetFnTree(): void {
  nFn = new I32Vec(64); nHash = new StaticArray<u64>(64);
  detail = new StaticArray<u64>(64); detailKnown = new I32Vec(64); nLeft = new I32Vec(64); nRight = new I32Vec(64);
  nParent = new I32Vec(64); nPrio = new I32Vec(64); freeNodes = new I32Vec(16);
  root = -1; size = 0; seed = 0x2545F491;
  nodeOf = new I32Vec(64); deferred = new I32Vec(64); deferredTime = new I32Vec(64);
}
export function treeSize(): i32 { return size; }

function nextPrio(): i32 {
  // xorshift32: deterministic, so runs are reproducible.
  let x = seed;
  x ^= x << 13; x ^= x >> 17; x ^= x << 5;
  seed = x;
  return <i32>(x >>> 1);
}
function newNode(g: i32, h: u64): i32 {
  let n: i32;
  if (freeNodes.len > 0) n = freeNodes.pop();
  else {
    n = nFn.len;
    nFn.push(0); nLeft.push(-1); nRight.push(-1); nParent.push(-1); nPrio.push(0);
    if (n >= nHash.length) {
      let c = nHash.length < 64 ? 64 : nHash.length << 1;
      let a = new StaticArray<u64>(c);
      for (let i = 0; i < nHash.length; i++) unchecked(a[i] = nHash[i]);
      nHash = a;
    }
  }
  nFn.set(n, g); unchecked(nHash[n] = h); nLeft.set(n, -1); nRight.set(n, -1); nParent.set(n, -1); nPrio.set(n, nextPrio());
  setNodeOf(g, n);
  return n;
}
function setNodeOf(g: i32, n: i32): void {
  if (g >= nodeOf.len) nodeOf.resize(g + 1, -1);
  nodeOf.set(g, n);
}
export function nodeOfFunction(g: i32): i32 { return g < nodeOf.len ? nodeOf.get(g) : -1; }
export function nodeFunction(n: i32): i32 { return nFn.get(n); }

// Detail hashes (hash.ts functionDetailHash) are computed only when two LLVM hashes tie, and kept
// while the function is in the tree (or being inserted): a function leaves the tree (remove)
// before any of its operands that the detail hash looks at change, and its detail hash is
// forgotten then.
let detail: StaticArray<u64> = new StaticArray<u64>(0);
let detailKnown: I32Vec = new I32Vec(64);
function detailHashOf(g: i32): u64 {
  if (g >= detailKnown.len) {
    detailKnown.resize(g + 1, 0);
    if (g >= detail.length) {
      let c = detail.length < 64 ? 64 : detail.length;
      while (c <= g) c <<= 1;
      let a = new StaticArray<u64>(c);
      for (let i = 0; i < detail.length; i++) unchecked(a[i] = detail[i]);
      detail = a;
    }
  }
  if (detailKnown.get(g) == 0) { unchecked(detail[g] = functionDetailHash(g)); detailKnown.set(g, 1); }
  return unchecked(detail[g]);
}
// Forgets g's detail hash (its body was rewritten).
export function forgetDetailHash(g: i32): void { if (g < detailKnown.len) detailKnown.set(g, 0); }

// The key order: LLVM's hash, then the detail hash, then the comparator.
function cmpKey(g: i32, h: u64, n: i32): i32 {
  let nh = unchecked(nHash[n]);
  if (h != nh) return h < nh ? -1 : 1;
  let h2 = detailHashOf(g), nh2 = detailHashOf(nFn.get(n));
  if (h2 != nh2) return h2 < nh2 ? -1 : 1;
  return compareFunctions(g, nFn.get(n));
}

function replaceChild(parent: i32, old: i32, nw: i32): void {
  if (parent < 0) root = nw;
  else if (nLeft.get(parent) == old) nLeft.set(parent, nw);
  else nRight.set(parent, nw);
  if (nw >= 0) nParent.set(nw, parent);
}
// Rotates node x above its parent.
function rotateUp(x: i32): void {
  let p = nParent.get(x);
  let gp = nParent.get(p);
  if (nLeft.get(p) == x) {
    let b = nRight.get(x);
    nLeft.set(p, b); if (b >= 0) nParent.set(b, p);
    nRight.set(x, p);
  } else {
    let b = nLeft.get(x);
    nRight.set(p, b); if (b >= 0) nParent.set(b, p);
    nLeft.set(x, p);
  }
  nParent.set(p, x);
  replaceChild(gp, p, x);
}

// FnTree.insert(FunctionNode(g)): returns the node holding g when g is new, or -2 - node of the
// equal function already in the tree.
export function treeInsert(g: i32, h: u64): i32 {
  let parent = -1, cur = root, c = 0;
  while (cur >= 0) {
    c = cmpKey(g, h, cur);
    if (c == 0) return -2 - cur;
    parent = cur;
    cur = c < 0 ? nLeft.get(cur) : nRight.get(cur);
  }
  let n = newNode(g, h);
  nParent.set(n, parent);
  if (parent < 0) root = n;
  else if (c < 0) nLeft.set(parent, n); else nRight.set(parent, n);
  while (nParent.get(n) >= 0 && nPrio.get(n) > nPrio.get(nParent.get(n))) rotateUp(n);
  size++;
  return n;
}

// Erases node n (no comparisons).
function eraseNode(n: i32): void {
  // Rotate n down until it is a leaf, keeping the heap order of the priorities.
  while (true) {
    let l = nLeft.get(n), r = nRight.get(n);
    if (l < 0 && r < 0) break;
    if (r < 0 || (l >= 0 && nPrio.get(l) > nPrio.get(r))) rotateUp(l); else rotateUp(r);
  }
  replaceChild(nParent.get(n), n, -1);
  setNodeOf(nFn.get(n), -1);
  nFn.set(n, -1);
  freeNodes.push(n);
  size--;
}

// replaceFunctionInTree: the node of `oldG` now holds `newG` (they compare equal).
export function replaceFunctionInTree(n: i32, newG: i32): void {
  setNodeOf(nFn.get(n), -1);
  nFn.set(n, newG);
  setNodeOf(newG, n);
}

// MergeFunctions::remove: takes g out of the tree (if it is there) and defers it.
export function remove(g: i32): void {
  let n = nodeOfFunction(g);
  if (n < 0) return;
  forgetDetailHash(g);
  eraseNode(n);
  deferred.push(g); deferredTime.push(handleTime());
}

// MergeFunctions::removeUsers: every function with an instruction that uses v directly.
export function removeUsers(v: i32): void {
  for (let s = vFirstUse.get(v); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (<i32>vKind.get(u) == VK.Inst) {
      let f = functionOfInst(u);
      if (f >= 0) remove(f);
    }
  }
}

// Empties the tree (end of a run).
export function clearTree(): void {
  for (let i = 0; i < nodeOf.len; i++) nodeOf.set(i, -1);
  root = -1; size = 0;
  nFn.clear(); nLeft.clear(); nRight.clear(); nParent.clear(); nPrio.clear(); freeNodes.clear();
}
export { vA };
