// Digests of the nodes of a directed graph that may have cycles (the metadata graph, the
// dependency graph of definitions), each covering everything reachable from its node, in time
// linear in the graph.
//
// A node outside any cycle is hashed once: its own content, then each child's digest (children
// first). The nodes of a cycle reach each other, so each one's digest covers the same nodes: the
// strongly connected component is serialized once, from a root chosen by content alone, children
// in slot order, a member met again as a back-reference by its pre-order number; a member's digest
// is the component's digest and its own pre-order number. The root is the member whose local hash
// (its content, children outside the component by digest, those inside as a mark), refined by its
// in-component children's hashes while no hash is unique, is unique and smallest; when no member
// ever becomes unique (a symmetric component), the member of the smallest class whose
// serialization is smallest. Equal digests so mean isomorphic graphs from the two nodes, whatever
// the nodes' numbering, and each component costs one serialization (a walk per entry path was
// quadratic: SQLite -O0 -g has one component holding most of its debug info and an entry into it
// per subprogram, and a call-graph component of hundreds of mutually recursive functions).
//
// The graph is a class G with: count() (nodes are 0 .. count-1), slots(v), target(v, i) (the node
// in slot i, or -1 when the slot holds no node), hashHeader(h, v) (the node's own content) and
// hashSlot(h, v, i) (what slot i says besides its target: a field name, an edge kind, or all of a
// slot without a target). The engine is monomorphised per graph class, so the calls inline.
import { Blake3 } from "../../util/blake3";
import { I32Vec, I64Vec, U8Vec } from "../../util/vec";
import { xxh3 } from "../../util/xxh3";

const NONE: i32 = -1;

export class ComponentDigests<G> {
  private digestAt: I32Vec = new I32Vec();   // node -> offset of its digest in digests, -1 none
  private digests: U8Vec = new U8Vec();
  private index: I32Vec = new I32Vec();      // Tarjan: visit number, -1 unvisited
  private low: I32Vec = new I32Vec();
  private onStack: U8Vec = new U8Vec();
  private inComp: I32Vec = new I32Vec();     // node -> position in the component being finished, -1 otherwise
  private pre: I32Vec = new I32Vec();        // node -> pre-order number in a serialization, -1 otherwise
  private visits: i32 = 0;
  private walkNode: I32Vec = new I32Vec();   // DFS stack: node and its next slot
  private walkSlot: I32Vec = new I32Vec();
  private tarjan: I32Vec = new I32Vec();
  private members: I32Vec = new I32Vec();
  private color: I64Vec = new I64Vec();      // per member: local hash, then refined
  private nextColor: I64Vec = new I64Vec();
  private colorBuf: I64Vec = new I64Vec();
  private colorCount: Map<i64, i32> = new Map<i64, i32>();
  private h: Blake3 = new Blake3();
  private compDigest: usize = heap.alloc(16);
  private scratch: usize = heap.alloc(16);
  private resumeSlot: i32 = 0;

  constructor(public graph: G) {}

  @inline has(v: i32): bool { return v < this.digestAt.len && this.digestAt.get(v) != NONE; }
  // The 16-byte digest of v (after ensure(v)).
  @inline digest(v: i32): usize { return this.digests.ptr + <usize>this.digestAt.get(v); }

  // Computes the digest of v and of every node it reaches that has none yet: Tarjan's algorithm
  // without recursion; each component gets its digests as it completes, after the components it
  // reaches.
  ensure(root: i32): void {
    this.fit();
    if (this.digestAt.get(root) != NONE) return;
    let g = this.graph;
    this.visit(root);
    let walkNode = this.walkNode, walkSlot = this.walkSlot;
    while (walkNode.len > 0) {
      let top = walkNode.len - 1;
      let v = walkNode.get(top), i = walkSlot.get(top);
      if (i < g.slots(v)) {
        walkSlot.set(top, i + 1);
        let c = g.target(v, i);
        if (c < 0 || this.digestAt.get(c) != NONE) continue;
        if (this.index.get(c) < 0) this.visit(c);
        else if (this.onStack.get(c) != 0 && this.index.get(c) < this.low.get(v)) this.low.set(v, this.index.get(c));
        continue;
      }
      walkNode.len = top; walkSlot.len = top;
      if (this.low.get(v) == this.index.get(v)) this.finishComponent(v);
      if (top > 0) { let p = walkNode.get(top - 1); if (this.low.get(v) < this.low.get(p)) this.low.set(p, this.low.get(v)); }
    }
  }

  private fit(): void {
    let n = this.graph.count();
    if (this.digestAt.len >= n) return;
    this.digestAt.resize(n, NONE); this.index.resize(n, -1); this.low.resize(n, 0); this.onStack.resize(n, 0);
    this.inComp.resize(n, -1); this.pre.resize(n, -1);
  }
  private visit(v: i32): void {
    this.index.set(v, this.visits); this.low.set(v, this.visits); this.visits++;
    this.onStack.set(v, 1); this.tarjan.push(v);
    this.walkNode.push(v); this.walkSlot.push(0);
  }
  private store(v: i32, d: usize): void {
    let off = this.digests.len;
    this.digests.reserve(off + 16);
    memory.copy(this.digests.ptr + <usize>off, d, 16);
    this.digests.len = off + 16;
    this.digestAt.set(v, off);
  }

  private finishComponent(v: i32): void {
    let members = this.members, g = this.graph;
    members.clear();
    let x: i32;
    do { x = this.tarjan.pop(); this.onStack.set(x, 0); this.inComp.set(x, members.len); members.push(x); } while (x != v);
    let n = members.len;
    let cyclic = n > 1;
    if (!cyclic) for (let i = 0; i < g.slots(v); i++) if (g.target(v, i) == v) { cyclic = true; break; }
    if (!cyclic) {
      this.inComp.set(v, -1);
      this.serialize(v, this.compDigest);
      this.pre.set(v, -1);
      this.store(v, this.compDigest);
      return;
    }
    let root = this.chooseRoot();
    this.serialize(root, this.compDigest);
    let h = this.h;
    for (let i = 0; i < n; i++) {
      let y = members.get(i);
      h.reset(); h.u8(0x43); h.update(this.compDigest, 16); h.i32(this.pre.get(y));
      h.finish(this.scratch, 16);
      this.store(y, this.scratch);
    }
    for (let i = 0; i < n; i++) { let y = members.get(i); this.inComp.set(y, -1); this.pre.set(y, -1); }
  }

  // Slots of v from `from` into h: a target outside the component by its digest, one inside by
  // its pre-order number once it has one; otherwise a mark, and with `descend` the target is
  // returned to be entered (resumeSlot: the slot after it). -1 when v is done.
  private hashSlots(h: Blake3, v: i32, from: i32, descend: bool): i32 {
    let g = this.graph;
    let n = g.slots(v);
    for (let i = from; i < n; i++) {
      g.hashSlot(h, v, i);
      let c = g.target(v, i);
      if (c < 0) continue;
      if (this.inComp.get(c) < 0) { h.u8(0x4D); h.update(this.digest(c), 16); continue; }
      let p = this.pre.get(c);
      if (p >= 0) { h.u8(0x52); h.i32(p); continue; }
      h.u8(0x44);
      if (descend) { this.resumeSlot = i + 1; return c; }
    }
    return -1;
  }

  // The component (or the lone node) serialized from root, its digest into `out`; the members get
  // their pre-order numbers.
  private serialize(root: i32, out: usize): void {
    let h = this.h, g = this.graph;
    let walkNode = this.walkNode, walkSlot = this.walkSlot;
    h.reset();
    let pre = 0;
    let base = walkNode.len;   // above Tarjan's walk
    this.pre.set(root, pre++); g.hashHeader(h, root);
    walkNode.push(root); walkSlot.push(0);
    while (walkNode.len > base) {
      let top = walkNode.len - 1;
      let c = this.hashSlots(h, walkNode.get(top), walkSlot.get(top), true);
      if (c < 0) { walkNode.len = top; walkSlot.len = top; continue; }
      walkSlot.set(top, this.resumeSlot);
      this.pre.set(c, pre++); g.hashHeader(h, c);
      walkNode.push(c); walkSlot.push(0);
    }
    h.finish(out, 16);
  }

  private chooseRoot(): i32 {
    let members = this.members, g = this.graph, h = this.h;
    let n = members.len;
    this.color.clear(); this.nextColor.clear();
    for (let i = 0; i < n; i++) {
      let y = members.get(i);
      h.reset(); g.hashHeader(h, y); this.hashSlots(h, y, 0, false);
      h.finish(this.scratch, 16);
      this.color.push(load<i64>(this.scratch));
    }
    let classes = this.countColors();
    while (true) {
      let r = this.smallestUnique();
      if (r >= 0) return r;
      for (let i = 0; i < n; i++) {
        let y = members.get(i);
        let buf = this.colorBuf;
        buf.clear(); buf.push(this.color.get(i));
        let c = g.slots(y);
        for (let j = 0; j < c; j++) {
          let z = g.target(y, j);
          buf.push(z >= 0 && this.inComp.get(z) >= 0 ? this.color.get(this.inComp.get(z)) : -1);
        }
        this.nextColor.push(<i64>xxh3(buf.ptr, <usize>buf.len << 3));
      }
      let t = this.color; this.color = this.nextColor; this.nextColor = t; this.nextColor.clear();
      let now = this.countColors();
      if (now == classes) break;
      classes = now;
    }
    // symmetric: among the smallest class, the smallest serialization
    let bestColor: i64 = 0, bestSize = 0x7FFFFFFF;
    for (let i = 0; i < n; i++) {
      let col = this.color.get(i), sz = this.colorCount.get(col);
      if (sz < bestSize || (sz == bestSize && <u64>col < <u64>bestColor)) { bestSize = sz; bestColor = col; }
    }
    let best = -1;
    for (let i = 0; i < n; i++) {
      if (this.color.get(i) != bestColor) continue;
      let y = members.get(i);
      this.serialize(y, this.compDigest);
      for (let j = 0; j < n; j++) this.pre.set(members.get(j), -1);
      if (best < 0 || memory.compare(this.compDigest, this.scratch, 16) < 0) { best = y; memory.copy(this.scratch, this.compDigest, 16); }
    }
    return best;
  }
  private countColors(): i32 {
    let counts = this.colorCount;
    counts.clear();
    for (let i = 0; i < this.color.len; i++) {
      let c = this.color.get(i);
      counts.set(c, counts.has(c) ? counts.get(c) + 1 : 1);
    }
    return counts.size;
  }
  private smallestUnique(): i32 {
    let best = -1, bestColor: i64 = 0;
    for (let i = 0; i < this.color.len; i++) {
      let c = this.color.get(i);
      if (this.colorCount.get(c) != 1) continue;
      if (best < 0 || <u64>c < <u64>bestColor) { best = this.members.get(i); bestColor = c; }
    }
    return best;
  }
}
