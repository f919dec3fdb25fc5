// Program repository, step 2: the contribution / dependency graph and the final digests.
// Vertices are the definitions that got an initial digest. Edges, per the seed:
//  - dependency x -> y: function x references function definition y (inlining y changes x), or
//    variable x's initializer references definition y;
//  - contribution x <-> v: function x references global variable v (reads, writes, or passes its
//    address): x's digest covers v and v's digest covers x.
// The final digest of r covers the initial digest of every vertex reachable from r over forward
// edges (dependencies and contributions, in the order the definition references them), plus
// the initial digests of the contributors of the variables reached (the reverse side of a
// contribution is not followed further), which gives the seed's formulas:
// Hf(G) covers Hi(G), Hi(test) while Hf(test) covers Hi(test), Hi(G), Hi(setTo). It is computed
// per strongly connected component, sinks first: a walk inside the component with pre-order
// back-references (so recursion, mutual recursion and self-referencing variables shape the
// digest exactly), and the finished final digest of each component an edge leads out to.
// Linear in the graph except inside cycles (a walk per vertex of its component).
import { Blake3 } from "../../util/blake3";
import { I32Vec } from "../../util/vec";
import {
  VK, vKind, vA, iOp, iNext, operand, numOperands,
} from "../../ir/values";
import { GK, gKind, gValue, gFirstBlock, globalCount } from "../../ir/globals";
import { isCallLike } from "../../ir/opcodes";
import { isConstant } from "../../ir/constants";
import { Digests } from "./digest";
import { ComponentDigests } from "./scc-digest";

const E_DEP: i32 = 0, E_CONTRIB: i32 = 1, E_REVERSE: i32 = 2;

// The dependency graph of one pipeline run's repository passes (made by pass.ts RepoRun, over
// its Digests): the edges, the final digests, and the scan's scratch.
export class RepoGraph {
  edgeOff: I32Vec = new I32Vec();     // global index -> start in edgeTo (CSR, size n+1)
  edgeTo: I32Vec = new I32Vec();
  edgeKind: I32Vec = new I32Vec();
  private seenStamp: I32Vec = new I32Vec();   // value id -> stamp of the definition being scanned
  private stamp: i32 = 0;
  private refs: I32Vec = new I32Vec();        // referenced definitions of the current definition
  private work: I32Vec = new I32Vec();
  private anyGlobal: bool = false;            // collect: every global, not only the vertices
  finalDigests: I32Vec = new I32Vec();        // 4 words (16 bytes) per global index
  constructor(readonly d: Digests) {}

  finalDigestPtr(g: i32): usize { return this.finalDigests.ptr + (<usize>g << 4); }

  @inline isVertex(g: i32): bool { return g < this.d.hasDigest.len && this.d.hasDigest.get(g) != 0; }

  // Collects the definitions value v refers to (through constants and aliases), once each.
  private collect(v: i32): void {
    this.work.clear(); this.work.push(v);
    while (this.work.len > 0) {
      let x = this.work.pop();
      if (x < 0) continue;
      let k = <i32>vKind.get(x);
      if (!isConstant(x)) continue;
      if (this.seenStamp.get(x) == this.stamp) continue;
      this.seenStamp.set(x, this.stamp);
      if (k == VK.GlobalVar || k == VK.Function) {
        let g = vA.get(x);
        if (this.anyGlobal || this.isVertex(g)) this.refs.push(g);
        continue;
      }
      if (k == VK.Alias || k == VK.IFunc) { this.work.push(operand(x, 0)); continue; }
      // operands pushed in reverse so they are reached in order
      let n = numOperands(x);
      for (let i = n - 1; i >= 0; i--) this.work.push(operand(x, i));
    }
  }

  // Forward edges of definition g, in the order its body (CFG order; a call's arguments before
  // its callee, as LLVM orders operands) or initializer references them.
  private scan(g: i32): void {
    this.stamp++;
    this.refs.clear();
    let v = gValue.get(g);
    if (<i32>gKind.get(g) == GK.Func) {
      for (let i = 0; i < 3; i++) this.collect(operand(v, i));
      let blocks = this.d.cfgBlocks(g);
      for (let k = 0; k < blocks.len; k++) {
        for (let i = vA.get(blocks.get(k)); i >= 0; i = iNext.get(i)) {
          let n = numOperands(i);
          if (isCallLike(<i32>iOp.get(i))) { for (let j = 1; j < n; j++) this.collect(operand(i, j)); this.collect(operand(i, 0)); }
          else for (let j = 0; j < n; j++) this.collect(operand(i, j));
        }
      }
    } else this.collect(operand(v, 0));
  }

  // Every function and variable the definition g references (declarations too), in scan order.
  referencedGlobals(g: i32): I32Vec {
    if (this.seenStamp.len < vKind.len) this.seenStamp.resize(vKind.len, 0);
    this.anyGlobal = true;
    this.scan(g);
    this.anyGlobal = false;
    return this.refs;
  }

  buildGraph(): void {
    let n = globalCount();
    if (this.seenStamp.len < vKind.len) this.seenStamp.resize(vKind.len, 0);
    let fwdOff = new I32Vec(n + 1), fwdTo = new I32Vec(), fwdKind = new I32Vec();
    let revCount = new I32Vec(n + 1); revCount.resize(n + 1, 0);
    for (let g = 0; g < n; g++) {
      fwdOff.push(fwdTo.len);
      if (!this.isVertex(g)) continue;
      this.scan(g);
      let isFn = <i32>gKind.get(g) == GK.Func;
      for (let i = 0; i < this.refs.len; i++) {
        let y = this.refs.get(i);
        let kind = isFn && <i32>gKind.get(y) == GK.Var ? E_CONTRIB : E_DEP;
        fwdTo.push(y); fwdKind.push(kind);
        if (kind == E_CONTRIB && y != g) revCount.set(y, revCount.get(y) + 1);
      }
    }
    fwdOff.push(fwdTo.len);
    // CSR with forward edges then reverse contributions per vertex
    this.edgeOff.clear(); this.edgeTo.clear(); this.edgeKind.clear();
    let revStart = new I32Vec(n + 1);
    let total = 0;
    for (let g = 0; g < n; g++) {
      this.edgeOff.push(total);
      total += fwdOff.get(g + 1) - fwdOff.get(g);
      revStart.push(total);
      total += revCount.get(g);
    }
    this.edgeOff.push(total);
    this.edgeTo.resize(total, -1); this.edgeKind.resize(total, 0);
    let fill = new I32Vec(n); fill.resize(n, 0);
    for (let g = 0; g < n; g++) {
      let o = this.edgeOff.get(g);
      for (let e = fwdOff.get(g); fwdOff.get(g + 1) > e; e++) {
        this.edgeTo.set(o, fwdTo.get(e)); this.edgeKind.set(o, fwdKind.get(e)); o++;
        let y = fwdTo.get(e);
        if (fwdKind.get(e) == E_CONTRIB && y != g) {
          let r = revStart.get(y) + fill.get(y); fill.set(y, fill.get(y) + 1);
          this.edgeTo.set(r, g); this.edgeKind.set(r, E_REVERSE);
        }
      }
    }
    // reverse contributors in digest order, so the module order of functions does not matter
    for (let g = 0; g < n; g++) {
      let s = revStart.get(g), e = this.edgeOff.get(g + 1);
      for (let i = s + 1; i < e; i++) {
        let x = this.edgeTo.get(i), j = i - 1;
        while (j >= s && memory.compare(this.d.digestPtr(this.edgeTo.get(j)), this.d.digestPtr(x), 16) > 0) { this.edgeTo.set(j + 1, this.edgeTo.get(j)); j--; }
        this.edgeTo.set(j + 1, x);
      }
    }
  }

  // Forward references of g (dependencies and contributions) for the host's dependents lists.
  edgeCount(g: i32): i32 { return this.edgeOff.get(g + 1) - this.edgeOff.get(g); }
  edgeTarget(g: i32, i: i32): i32 { return this.edgeTo.get(this.edgeOff.get(g) + i); }
  edgeIsReverse(g: i32, i: i32): bool { return this.edgeKind.get(this.edgeOff.get(g) + i) == E_REVERSE; }

  computeFinalDigests(): void {
    let n = globalCount();
    let digests = new ComponentDigests<DependencyGraph>(new DependencyGraph(this));
    this.finalDigests.clear(); this.finalDigests.resize(n << 2, 0);
    for (let g = 0; g < n; g++) {
      if (!this.isVertex(g)) continue;
      digests.ensure(g);
      memory.copy(this.finalDigestPtr(g), digests.digest(g), 16);
    }
  }
}

// The dependency graph as scc-digest.ts walks it: a vertex's content is its initial digest, its
// slots its edges; forward edges (dependencies, contributions) lead to their target, whose final
// digest covers everything reachable through it; a reverse contribution adds the contributor's
// initial digest only. The definitions whose initial digests reach Hf(r) are those a walk of the
// whole reachable graph meets (the seed's formulas); recursion, mutual recursion and
// self-referencing variables shape the digest exactly.
@final class DependencyGraph {
  constructor(private gr: RepoGraph) {}
  @inline count(): i32 { return globalCount(); }
  @inline slots(g: i32): i32 { return this.gr.isVertex(g) ? this.gr.edgeOff.get(g + 1) - this.gr.edgeOff.get(g) : 0; }
  @inline target(g: i32, i: i32): i32 { let e = this.gr.edgeOff.get(g) + i; return this.gr.edgeKind.get(e) == E_REVERSE ? -1 : this.gr.edgeTo.get(e); }
  hashHeader(h: Blake3, g: i32): void { h.u8(0x48); h.update(this.gr.d.digestPtr(g), 16); }
  hashSlot(h: Blake3, g: i32, i: i32): void {
    let e = this.gr.edgeOff.get(g) + i, kind = this.gr.edgeKind.get(e);
    h.u8(kind);
    if (kind == E_REVERSE) { h.u8(0x49); h.update(this.gr.d.digestPtr(this.gr.edgeTo.get(e)), 16); }
  }
}
export { gFirstBlock };
