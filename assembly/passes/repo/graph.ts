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
import { digestPtr, hasDigest, cfgBlocks } from "./digest";
import { ComponentDigests } from "./scc-digest";

const E_DEP: i32 = 0, E_CONTRIB: i32 = 1, E_REVERSE: i32 = 2;

let edgeOff: I32Vec = new I32Vec();     // global index -> start in edgeTo (CSR, size n+1)
let edgeTo: I32Vec = new I32Vec();
let edgeKind: I32Vec = new I32Vec();
let seenStamp: I32Vec = new I32Vec();   // value id -> stamp of the definition being scanned
let stamp: i32 = 0;
let refs: I32Vec = new I32Vec();        // referenced definitions of the current definition
let work: I32Vec = new I32Vec();
export let finalDigests: I32Vec = new I32Vec();  // 4 words (16 bytes) per global index

export function resetGraph(): void {
  edgeOff = new I32Vec(); edgeTo = new I32Vec(); edgeKind = new I32Vec(); seenStamp = new I32Vec(); stamp = 0;
  anyGlobal = false; refs = new I32Vec(); work = new I32Vec(); finalDigests = new I32Vec();
}
export function finalDigestPtr(g: i32): usize { return finalDigests.ptr + (<usize>g << 4); }

@inline function isVertex(g: i32): bool { return g < hasDigest.len && hasDigest.get(g) != 0; }

// Collects the definitions value v refers to (through constants and aliases), once each.
let anyGlobal: bool = false;
function collect(v: i32): void {
  work.clear(); work.push(v);
  while (work.len > 0) {
    let x = work.pop();
    if (x < 0) continue;
    let k = <i32>vKind.get(x);
    if (!isConstant(x)) continue;
    if (seenStamp.get(x) == stamp) continue;
    seenStamp.set(x, stamp);
    if (k == VK.GlobalVar || k == VK.Function) {
      let g = vA.get(x);
      if (anyGlobal || isVertex(g)) refs.push(g);
      continue;
    }
    if (k == VK.Alias || k == VK.IFunc) { work.push(operand(x, 0)); continue; }
    // operands pushed in reverse so they are reached in order
    let n = numOperands(x);
    for (let i = n - 1; i >= 0; i--) work.push(operand(x, i));
  }
}

// Forward edges of definition g, in the order its body (CFG order; a call's arguments before
// its callee, as LLVM orders operands) or initializer references them.
function scan(g: i32): void {
  stamp++;
  refs.clear();
  let v = gValue.get(g);
  if (<i32>gKind.get(g) == GK.Func) {
    for (let i = 0; i < 3; i++) collect(operand(v, i));
    let blocks = cfgBlocks(g);
    for (let k = 0; k < blocks.len; k++) {
      for (let i = vA.get(blocks.get(k)); i >= 0; i = iNext.get(i)) {
        let n = numOperands(i);
        if (isCallLike(<i32>iOp.get(i))) { for (let j = 1; j < n; j++) collect(operand(i, j)); collect(operand(i, 0)); }
        else for (let j = 0; j < n; j++) collect(operand(i, j));
      }
    }
  } else collect(operand(v, 0));
}

// Every function and variable the definition g references (declarations too), in scan order.
export function referencedGlobals(g: i32): I32Vec {
  if (seenStamp.len < vKind.len) seenStamp.resize(vKind.len, 0);
  anyGlobal = true;
  scan(g);
  anyGlobal = false;
  return refs;
}

export function buildGraph(): void {
  let n = globalCount();
  if (seenStamp.len < vKind.len) seenStamp.resize(vKind.len, 0);
  let fwdOff = new I32Vec(n + 1), fwdTo = new I32Vec(), fwdKind = new I32Vec();
  let revCount = new I32Vec(n + 1); revCount.resize(n + 1, 0);
  for (let g = 0; g < n; g++) {
    fwdOff.push(fwdTo.len);
    if (!isVertex(g)) continue;
    scan(g);
    let isFn = <i32>gKind.get(g) == GK.Func;
    for (let i = 0; i < refs.len; i++) {
      let y = refs.get(i);
      let kind = isFn && <i32>gKind.get(y) == GK.Var ? E_CONTRIB : E_DEP;
      fwdTo.push(y); fwdKind.push(kind);
      if (kind == E_CONTRIB && y != g) revCount.set(y, revCount.get(y) + 1);
    }
  }
  fwdOff.push(fwdTo.len);
  // CSR with forward edges then reverse contributions per vertex
  edgeOff.clear(); edgeTo.clear(); edgeKind.clear();
  let revStart = new I32Vec(n + 1);
  let total = 0;
  for (let g = 0; g < n; g++) {
    edgeOff.push(total);
    total += fwdOff.get(g + 1) - fwdOff.get(g);
    revStart.push(total);
    total += revCount.get(g);
  }
  edgeOff.push(total);
  edgeTo.resize(total, -1); edgeKind.resize(total, 0);
  let fill = new I32Vec(n); fill.resize(n, 0);
  for (let g = 0; g < n; g++) {
    let o = edgeOff.get(g);
    for (let e = fwdOff.get(g); fwdOff.get(g + 1) > e; e++) {
      edgeTo.set(o, fwdTo.get(e)); edgeKind.set(o, fwdKind.get(e)); o++;
      let y = fwdTo.get(e);
      if (fwdKind.get(e) == E_CONTRIB && y != g) {
        let r = revStart.get(y) + fill.get(y); fill.set(y, fill.get(y) + 1);
        edgeTo.set(r, g); edgeKind.set(r, E_REVERSE);
      }
    }
  }
  // reverse contributors in digest order, so the module order of functions does not matter
  for (let g = 0; g < n; g++) {
    let s = revStart.get(g), e = edgeOff.get(g + 1);
    for (let i = s + 1; i < e; i++) {
      let x = edgeTo.get(i), j = i - 1;
      while (j >= s && memory.compare(digestPtr(edgeTo.get(j)), digestPtr(x), 16) > 0) { edgeTo.set(j + 1, edgeTo.get(j)); j--; }
      edgeTo.set(j + 1, x);
    }
  }
}

// Forward references of g (dependencies and contributions) for the host's dependents lists.
export function edgeCount(g: i32): i32 { return edgeOff.get(g + 1) - edgeOff.get(g); }
export function edgeTarget(g: i32, i: i32): i32 { return edgeTo.get(edgeOff.get(g) + i); }
export function edgeIsReverse(g: i32, i: i32): bool { return edgeKind.get(edgeOff.get(g) + i) == E_REVERSE; }

// The dependency graph as scc-digest.ts walks it: a vertex's content is its initial digest, its
// slots its edges; forward edges (dependencies, contributions) lead to their target, whose final
// digest covers everything reachable through it; a reverse contribution adds the contributor's
// initial digest only. The definitions whose initial digests reach Hf(r) are those a walk of the
// whole reachable graph meets (the seed's formulas); recursion, mutual recursion and
// self-referencing variables shape the digest exactly.
@final class DependencyGraph {
  @inline count(): i32 { return globalCount(); }
  @inline slots(g: i32): i32 { return isVertex(g) ? edgeOff.get(g + 1) - edgeOff.get(g) : 0; }
  @inline target(g: i32, i: i32): i32 { let e = edgeOff.get(g) + i; return edgeKind.get(e) == E_REVERSE ? -1 : edgeTo.get(e); }
  hashHeader(h: Blake3, g: i32): void { h.u8(0x48); h.update(digestPtr(g), 16); }
  hashSlot(h: Blake3, g: i32, i: i32): void {
    let e = edgeOff.get(g) + i, kind = edgeKind.get(e);
    h.u8(kind);
    if (kind == E_REVERSE) { h.u8(0x49); h.update(digestPtr(edgeTo.get(e)), 16); }
  }
}

export function computeFinalDigests(): void {
  let n = globalCount();
  let digests = new ComponentDigests<DependencyGraph>(new DependencyGraph());
  finalDigests.clear(); finalDigests.resize(n << 2, 0);
  for (let g = 0; g < n; g++) {
    if (!isVertex(g)) continue;
    digests.ensure(g);
    memory.copy(finalDigestPtr(g), digests.digest(g), 16);
  }
}
export { gFirstBlock };
