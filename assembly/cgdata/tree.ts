// The outlined hash tree of LLVM 22's codegen data (llvm/CGData/OutlinedHashTree.h): a trie of
// the stable hash sequences the machine outliner outlined, each node counting the sequences that
// end there (terminals). llc writes one per object in an __llvm_outline section under
// -codegen-data-generate; llvm-cgdata --merge merges them (adding terminal counts) and writes the
// result before the stable function map. wopt makes none itself; it reads, merges and writes them
// so that a .cgdata of objects built with the outliner comes out as llvm-cgdata's.
//
// Serialized (OutlinedHashTreeRecord): u32 node count; per node, by id: u32 id, u64 hash,
// u32 terminals (0: none), u32 successor count, the successors' ids (u32, ascending). Ids are the
// order of a depth-first walk from the root (id 0) that visits a node's successors from the
// largest hash down (a stack filled in ascending hash order), so the form depends only on the
// trie.
import { I32Vec, I64Vec } from "../util/vec";
import { sortValues } from "../util/sort";
import { OutBuf } from "../util/outbuf";
import { RecordReader, putU32, putU64 } from "./record";

@final export class OutlinedHashTree {
  hash: I64Vec = new I64Vec();
  terminals: I32Vec = new I32Vec();   // u32 count, 0 = none
  firstChild: I32Vec = new I32Vec();
  nextSibling: I32Vec = new I32Vec();
  // (parent, hash) -> child, open addressing
  private parentOf: I32Vec = new I32Vec();
  private slots: I32Vec = new I32Vec();
  private mask: i32 = 0;

  constructor() { this.newNode(0); this.resizeSlots(64); }

  @inline get nodeCount(): i32 { return this.hash.len; }
  @inline isEmpty(): bool { return this.firstChild.get(0) < 0; }

  private newNode(h: u64): i32 {
    let n = this.hash.push(<i64>h);
    this.terminals.push(0); this.firstChild.push(-1); this.nextSibling.push(-1);
    return n;
  }
  @inline private slotOf(parent: i32, h: u64): i32 {
    let x = h ^ (<u64>parent * 0x9E3779B97F4A7C15);
    x ^= x >> 29; x *= 0xbf58476d1ce4e5b9; x ^= x >> 32;
    return <i32>x & this.mask;
  }
  private resizeSlots(n: i32): void {
    this.slots = new I32Vec(n);
    this.slots.resize(n, -1);
    this.mask = n - 1;
    for (let c = 1; c < this.hash.len; c++) this.place(c);
  }
  private place(c: i32): void {
    let s = this.slotOf(this.parentOf.get(c), <u64>this.hash.get(c));
    while (this.slots.get(s) >= 0) s = (s + 1) & this.mask;
    this.slots.set(s, c);
  }
  // The successor of `parent` with hash h, or -1.
  child(parent: i32, h: u64): i32 {
    let s = this.slotOf(parent, h);
    while (true) {
      let c = this.slots.get(s);
      if (c < 0) return -1;
      if (this.parentOf.get(c) == parent && <u64>this.hash.get(c) == h) return c;
      s = (s + 1) & this.mask;
    }
    return -1;
  }
  // The successor of `parent` with hash h, made when there is none.
  childFor(parent: i32, h: u64): i32 {
    let c = this.child(parent, h);
    if (c >= 0) return c;
    c = this.newNode(h);
    this.parentOf.fit(c + 1, -1);
    this.parentOf.set(c, parent);
    this.nextSibling.set(c, this.firstChild.get(parent));
    this.firstChild.set(parent, c);
    if ((this.hash.len - 1) * 2 > this.mask) this.resizeSlots((this.mask + 1) * 2);
    else this.place(c);
    return c;
  }

  // OutlinedHashTree::merge: every node of other, terminal counts added.
  merge(other: OutlinedHashTree): void {
    let stack = new I32Vec();
    stack.push(0); stack.push(0);
    while (stack.len > 0) {
      let src = stack.pop(), dst = stack.pop();
      let t = other.terminals.get(src);
      if (t != 0) this.terminals.set(dst, <i32>(<u32>this.terminals.get(dst) + <u32>t));
      for (let c = other.firstChild.get(src); c >= 0; c = other.nextSibling.get(c)) {
        let d = this.childFor(dst, <u64>other.hash.get(c));
        stack.push(d); stack.push(c);
      }
    }
  }

  // The successors of n by ascending hash, into v.
  private sortedChildren(n: i32, v: I32Vec, keys: I64Vec): void {
    keys.clear();
    for (let c = this.firstChild.get(n); c >= 0; c = this.nextSibling.get(c)) keys.push(this.hash.get(c));
    sortValues<u64>(keys.ptr, keys.len);
    v.clear();
    for (let i = 0; i < keys.len; i++) v.push(this.child(n, <u64>keys.get(i)));
  }
  // The nodes in id order (the sorted depth-first walk), into order.
  walk(order: I32Vec): void {
    order.clear();
    let stack = new I32Vec(), kids = new I32Vec(), keys = new I64Vec();
    stack.push(0);
    while (stack.len > 0) {
      let n = stack.pop();
      order.push(n);
      this.sortedChildren(n, kids, keys);
      for (let i = 0; i < kids.len; i++) stack.push(kids.get(i));
    }
  }
  // llvm-cgdata --show's numbers: nodes (root included), nodes with terminals, depth.
  terminalCount(): i32 { let n = 0; for (let i = 0; i < this.terminals.len; i++) if (this.terminals.get(i) != 0) n++; return n; }
  depth(): i32 {
    let d = new I32Vec(); d.resize(this.hash.len, 0);
    let order = new I32Vec(); this.walk(order);
    let best = 0;
    for (let i = 0; i < order.len; i++) {
      let n = order.get(i);
      if (d.get(n) > best) best = d.get(n);
      for (let c = this.firstChild.get(n); c >= 0; c = this.nextSibling.get(c)) d.set(c, d.get(n) + 1);
    }
    return best;
  }

  // OutlinedHashTreeRecord::serialize.
  write(o: OutBuf): void {
    let order = new I32Vec(); this.walk(order);
    let id = new I32Vec(); id.resize(this.hash.len, -1);
    for (let i = 0; i < order.len; i++) id.set(order.get(i), i);
    putU32(o, <u32>order.len);
    let succ = new I32Vec();
    for (let i = 0; i < order.len; i++) {
      let n = order.get(i);
      putU32(o, <u32>i);
      putU64(o, <u64>this.hash.get(n));
      putU32(o, <u32>this.terminals.get(n));
      succ.clear();
      for (let c = this.firstChild.get(n); c >= 0; c = this.nextSibling.get(c)) succ.push(id.get(c));
      sortValues<i32>(succ.ptr, succ.len);
      putU32(o, <u32>succ.len);
      for (let k = 0; k < succ.len; k++) putU32(o, <u32>succ.get(k));
    }
  }
}

// OutlinedHashTreeRecord::deserialize of the tree at offset `at` of r's buffer into t (an empty
// tree): the node records by id (a repeated id: the last), then the trie built from id 0 in id
// order. Ids must be below the node count (LLVM writes 0 .. count - 1). Returns the offset after
// the record, or -1 (r.error says why).
export function readTree(r: RecordReader, at: i32, t: OutlinedHashTree): i32 {
  if (!r.has(<u64>at, 4)) return r.fail("outlined hash tree: truncated node count");
  let n = r.u32(at); at += 4;
  if (<u64>n * 20 > <u64>r.len) return r.fail("outlined hash tree: " + n.toString() + " nodes do not fit");
  let recOf = new I32Vec(); recOf.resize(<i32>n, -1);    // id -> offset of its hash
  for (let i: u32 = 0; i < n; i++) {
    if (!r.has(<u64>at, 20)) return r.fail("outlined hash tree: truncated node " + i.toString());
    let id = r.u32(at);
    let ns = r.u32(at + 16);
    if (!r.has(<u64>at + 20, <u64>ns * 4)) return r.fail("outlined hash tree: truncated successors of node " + id.toString());
    if (id >= n) return r.fail("outlined hash tree: node id " + id.toString() + " of " + n.toString() + " nodes");
    recOf.set(<i32>id, at + 4);
    at += 20 + <i32>ns * 4;
  }
  if (n == 0) return at;
  let nodeOf = new I32Vec(); nodeOf.resize(<i32>n, -1);   // id -> tree node
  nodeOf.set(0, 0);
  for (let id = 0; id < <i32>n; id++) {
    let rec = recOf.get(id);
    if (rec < 0) continue;
    let cur = nodeOf.get(id);
    if (cur < 0) return r.fail("outlined hash tree: node " + id.toString() + " is no successor of an earlier node");
    t.hash.set(cur, <i64>r.u64(rec));
    let term = r.u32(rec + 8);
    if (term != 0) t.terminals.set(cur, <i32>term);
    let ns = <i32>r.u32(rec + 12);
    for (let s = 0; s < ns; s++) {
      let sid = r.u32(rec + 16 + 4 * s);
      if (sid >= n || recOf.get(<i32>sid) < 0) return r.fail("outlined hash tree: node " + id.toString() + " names a missing successor " + sid.toString());
      nodeOf.set(<i32>sid, t.childFor(cur, r.u64(recOf.get(<i32>sid))));
    }
  }
  return at;
}
