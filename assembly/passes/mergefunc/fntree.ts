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
import { FunctionHasher } from "./hash";
import { Handles } from "./handles";

// One MergeFunctions run's FnTree (pass.ts makes it), with the worklist.
export class FnTree {
  constructor(private hasher: FunctionHasher, private handles: Handles) {}
  // Nodes: function (global index), hash, children, parent, priority.
  private nFn: I32Vec = new I32Vec(64);
  private nHash: StaticArray<u64> = new StaticArray<u64>(0);
  private nLeft: I32Vec = new I32Vec(64);
  private nRight: I32Vec = new I32Vec(64);
  private nParent: I32Vec = new I32Vec(64);
  private nPrio: I32Vec = new I32Vec(64);
  private freeNodes: I32Vec = new I32Vec(16);
  private root: i32 = -1;
  private size: i32 = 0;
  private seed: u32 = 0x2545F491;
  // FNodesInTree: global index -> node, -1 when the function is not in the tree.
  private nodeOf: I32Vec = new I32Vec(64);
  // Deferred: functions to look at in the next sweep (global indices).
  deferred: I32Vec = new I32Vec(64);
  // The time each deferred handle was made (Handles.now), for following RAUWs.
  deferredTime: I32Vec = new I32Vec(64);
  // Detail hashes by global index (detailKnown: 1 when valid).
  private detail: StaticArray<u64> = new StaticArray<u64>(0);
  private detailKnown: I32Vec = new I32Vec(64);

  treeSize(): i32 { return this.size; }

  private nextPrio(): i32 {
    // xorshift32: deterministic, so runs are reproducible.
    let x = this.seed;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    this.seed = x;
    return <i32>(x >>> 1);
  }
  private newNode(g: i32, h: u64): i32 {
    let n: i32;
    if (this.freeNodes.len > 0) n = this.freeNodes.pop();
    else {
      n = this.nFn.len;
      this.nFn.push(0); this.nLeft.push(-1); this.nRight.push(-1); this.nParent.push(-1); this.nPrio.push(0);
      if (n >= this.nHash.length) {
        let c = this.nHash.length < 64 ? 64 : this.nHash.length << 1;
        let a = new StaticArray<u64>(c);
        for (let i = 0; i < this.nHash.length; i++) unchecked(a[i] = this.nHash[i]);
        this.nHash = a;
      }
    }
    this.nFn.set(n, g); unchecked(this.nHash[n] = h); this.nLeft.set(n, -1); this.nRight.set(n, -1); this.nParent.set(n, -1); this.nPrio.set(n, this.nextPrio());
    this.setNodeOf(g, n);
    return n;
  }
  private setNodeOf(g: i32, n: i32): void {
    if (g >= this.nodeOf.len) this.nodeOf.resize(g + 1, -1);
    this.nodeOf.set(g, n);
  }
  nodeOfFunction(g: i32): i32 { return g < this.nodeOf.len ? this.nodeOf.get(g) : -1; }
  nodeFunction(n: i32): i32 { return this.nFn.get(n); }

  // Detail hashes (FunctionHasher.functionDetailHash) are computed only when two LLVM hashes tie, and kept
  // while the function is in the tree (or being inserted): a function leaves the tree (remove)
  // before any of its operands that the detail hash looks at change, and its detail hash is
  // forgotten then.
  private detailHashOf(g: i32): u64 {
    if (g >= this.detailKnown.len) {
      this.detailKnown.resize(g + 1, 0);
      if (g >= this.detail.length) {
        let c = this.detail.length < 64 ? 64 : this.detail.length;
        while (c <= g) c <<= 1;
        let a = new StaticArray<u64>(c);
        for (let i = 0; i < this.detail.length; i++) unchecked(a[i] = this.detail[i]);
        this.detail = a;
      }
    }
    if (this.detailKnown.get(g) == 0) { unchecked(this.detail[g] = this.hasher.functionDetailHash(g)); this.detailKnown.set(g, 1); }
    return unchecked(this.detail[g]);
  }
  // Forgets g's detail hash (its body was rewritten).
  forgetDetailHash(g: i32): void { if (g < this.detailKnown.len) this.detailKnown.set(g, 0); }

  // The key order: LLVM's hash, then the detail hash, then the comparator.
  private cmpKey(g: i32, h: u64, n: i32): i32 {
    let nh = unchecked(this.nHash[n]);
    if (h != nh) return h < nh ? -1 : 1;
    let h2 = this.detailHashOf(g), nh2 = this.detailHashOf(this.nFn.get(n));
    if (h2 != nh2) return h2 < nh2 ? -1 : 1;
    return compareFunctions(g, this.nFn.get(n));
  }

  private replaceChild(parent: i32, old: i32, nw: i32): void {
    if (parent < 0) this.root = nw;
    else if (this.nLeft.get(parent) == old) this.nLeft.set(parent, nw);
    else this.nRight.set(parent, nw);
    if (nw >= 0) this.nParent.set(nw, parent);
  }
  // Rotates node x above its parent.
  private rotateUp(x: i32): void {
    let p = this.nParent.get(x);
    let gp = this.nParent.get(p);
    if (this.nLeft.get(p) == x) {
      let b = this.nRight.get(x);
      this.nLeft.set(p, b); if (b >= 0) this.nParent.set(b, p);
      this.nRight.set(x, p);
    } else {
      let b = this.nLeft.get(x);
      this.nRight.set(p, b); if (b >= 0) this.nParent.set(b, p);
      this.nLeft.set(x, p);
    }
    this.nParent.set(p, x);
    this.replaceChild(gp, p, x);
  }

  // FnTree.insert(FunctionNode(g)): returns the node holding g when g is new, or -2 - node of the
  // equal function already in the tree.
  treeInsert(g: i32, h: u64): i32 {
    let parent = -1, cur = this.root, c = 0;
    while (cur >= 0) {
      c = this.cmpKey(g, h, cur);
      if (c == 0) return -2 - cur;
      parent = cur;
      cur = c < 0 ? this.nLeft.get(cur) : this.nRight.get(cur);
    }
    let n = this.newNode(g, h);
    this.nParent.set(n, parent);
    if (parent < 0) this.root = n;
    else if (c < 0) this.nLeft.set(parent, n); else this.nRight.set(parent, n);
    while (this.nParent.get(n) >= 0 && this.nPrio.get(n) > this.nPrio.get(this.nParent.get(n))) this.rotateUp(n);
    this.size++;
    return n;
  }

  // Erases node n (no comparisons).
  private eraseNode(n: i32): void {
    // Rotate n down until it is a leaf, keeping the heap order of the priorities.
    while (true) {
      let l = this.nLeft.get(n), r = this.nRight.get(n);
      if (l < 0 && r < 0) break;
      if (r < 0 || (l >= 0 && this.nPrio.get(l) > this.nPrio.get(r))) this.rotateUp(l); else this.rotateUp(r);
    }
    this.replaceChild(this.nParent.get(n), n, -1);
    this.setNodeOf(this.nFn.get(n), -1);
    this.nFn.set(n, -1);
    this.freeNodes.push(n);
    this.size--;
  }

  // replaceFunctionInTree: the node of `oldG` now holds `newG` (they compare equal).
  replaceFunctionInTree(n: i32, newG: i32): void {
    this.setNodeOf(this.nFn.get(n), -1);
    this.nFn.set(n, newG);
    this.setNodeOf(newG, n);
  }

  // MergeFunctions::remove: takes g out of the tree (if it is there) and defers it.
  remove(g: i32): void {
    let n = this.nodeOfFunction(g);
    if (n < 0) return;
    this.forgetDetailHash(g);
    this.eraseNode(n);
    this.deferred.push(g); this.deferredTime.push(this.handles.now);
  }

  // MergeFunctions::removeUsers: every function with an instruction that uses v directly.
  removeUsers(v: i32): void {
    for (let s = vFirstUse.get(v); s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      if (<i32>vKind.get(u) == VK.Inst) {
        let f = functionOfInst(u);
        if (f >= 0) this.remove(f);
      }
    }
  }

  // Empties the tree (end of a run).
  clearTree(): void {
    for (let i = 0; i < this.nodeOf.len; i++) this.nodeOf.set(i, -1);
    this.root = -1; this.size = 0;
    this.nFn.clear(); this.nLeft.clear(); this.nRight.clear(); this.nParent.clear(); this.nPrio.clear(); this.freeNodes.clear();
  }
}
