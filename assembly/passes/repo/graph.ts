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

const E_DEP: i32 = 0, E_CONTRIB: i32 = 1, E_REVERSE: i32 = 2;

let edgeOff: I32Vec = new I32Vec();     // global index -> start in edgeTo (CSR, size n+1)
let edgeTo: I32Vec = new I32Vec();
let edgeKind: I32Vec = new I32Vec();
let seenStamp: I32Vec = new I32Vec();   // value id -> stamp of the definition being scanned
let stamp: i32 = 0;
let refs: I32Vec = new I32Vec();        // referenced definitions of the current definition
let work: I32Vec = new I32Vec();
export let finalDigests: I32Vec = new I32Vec();  // 4 words (16 bytes) per global index
let H: Blake3 = new Blake3();

export function resetGraph(): void {
  edgeOff = new I32Vec(); edgeTo = new I32Vec(); edgeKind = new I32Vec(); seenStamp = new I32Vec(); stamp = 0;
  anyGlobal = false; refs = new I32Vec(); work = new I32Vec(); finalDigests = new I32Vec(); H = new Blake3();
  visitIdx = new I32Vec(); stackNode = new I32Vec(); stackCur = new I32Vec(); touched = new I32Vec();
  sccOf = new I32Vec(); low = new I32Vec(); order = new I32Vec(); tstack = new I32Vec(); members = new I32Vec(); compStart = new I32Vec();
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

let visitIdx: I32Vec = new I32Vec();
let stackNode: I32Vec = new I32Vec();
let stackCur: I32Vec = new I32Vec();
let touched: I32Vec = new I32Vec();
// strongly connected components of the forward edges (Tarjan, iterative)
let sccOf: I32Vec = new I32Vec();       // vertex -> component id, -1 while open
let low: I32Vec = new I32Vec();
let order: I32Vec = new I32Vec();       // vertex -> DFS number, -1 unvisited
let tstack: I32Vec = new I32Vec();
let members: I32Vec = new I32Vec();     // vertices of the components, in completion order
let compStart: I32Vec = new I32Vec();

@inline function isForward(kind: i32): bool { return kind != E_REVERSE; }

// Tarjan's algorithm: components come out sinks first, so every component is finished after
// all the components it reaches.
function findComponents(n: i32): void {
  sccOf.clear(); sccOf.resize(n, -1); low.clear(); low.resize(n, 0); order.clear(); order.resize(n, -1);
  tstack.clear(); members.clear(); compStart.clear();
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (!isVertex(root) || order.get(root) >= 0) continue;
    stackNode.clear(); stackCur.clear();
    order.set(root, counter); low.set(root, counter); counter++;
    tstack.push(root); stackNode.push(root); stackCur.push(edgeOff.get(root));
    while (stackNode.len > 0) {
      let top = stackNode.len - 1;
      let v = stackNode.get(top), c = stackCur.get(top);
      if (edgeOff.get(v + 1) > c) {
        stackCur.set(top, c + 1);
        if (!isForward(edgeKind.get(c))) continue;
        let y = edgeTo.get(c);
        if (order.get(y) < 0) {
          order.set(y, counter); low.set(y, counter); counter++;
          tstack.push(y); stackNode.push(y); stackCur.push(edgeOff.get(y));
        } else if (sccOf.get(y) < 0 && low.get(v) > order.get(y)) low.set(v, order.get(y));
        continue;
      }
      stackNode.pop(); stackCur.pop();
      if (stackNode.len > 0) {
        let p = stackNode.get(stackNode.len - 1);
        if (low.get(p) > low.get(v)) low.set(p, low.get(v));
      }
      if (low.get(v) == order.get(v)) {
        let id = compStart.len;
        compStart.push(members.len);
        for (;;) {
          let w = tstack.pop();
          sccOf.set(w, id);
          members.push(w);
          if (w == v) break;
        }
      }
    }
  }
  compStart.push(members.len);
}

// The final digest of r: a depth-first walk from r inside r's component hashing each vertex's
// initial digest the first time it is reached and its pre-order index (a back-reference) after
// that, so cycles are captured exactly; an edge leaving the component hashes the target's final
// digest (finished before, components are done sinks first), which covers everything reachable
// through it without walking it again; a reverse contribution hashes the contributor's initial
// digest only. The definitions whose initial digests reach Hf(r) are the same as in a walk of
// the whole reachable graph (the seed's formulas), at a cost linear in the edges outside cycles.
function finalDigest(r: i32): void {
  let h = H;
  h.reset();
  h.u8(0x48);
  let comp = sccOf.get(r);
  let next = 0;
  touched.clear();
  visitIdx.set(r, next++); touched.push(r);
  h.update(digestPtr(r), 16);
  stackNode.clear(); stackCur.clear();
  stackNode.push(r); stackCur.push(edgeOff.get(r));
  while (stackNode.len > 0) {
    let top = stackNode.len - 1;
    let n = stackNode.get(top), c = stackCur.get(top);
    if (c >= edgeOff.get(n + 1)) { stackNode.pop(); stackCur.pop(); continue; }
    stackCur.set(top, c + 1);
    let y = edgeTo.get(c), kind = edgeKind.get(c);
    h.u8(kind);
    if (kind == E_REVERSE) { h.u8(0x49); h.update(digestPtr(y), 16); continue; }
    if (sccOf.get(y) != comp) { h.u8(0x46); h.update(finalDigestPtr(y), 16); continue; }
    let seen = visitIdx.get(y);
    if (seen >= 0) { h.u8(0x52); h.i32(seen); continue; }
    visitIdx.set(y, next++); touched.push(y);
    h.u8(0x56); h.update(digestPtr(y), 16);
    stackNode.push(y); stackCur.push(edgeOff.get(y));
  }
  for (let i = 0; i < touched.len; i++) visitIdx.set(touched.get(i), -1);
  h.finish(finalDigestPtr(r), 16);
}

export function computeFinalDigests(): void {
  let n = globalCount();
  if (visitIdx.len < n) visitIdx.resize(n, -1);
  finalDigests.clear(); finalDigests.resize(n << 2, 0);
  findComponents(n);
  for (let k = 0; k < members.len; k++) finalDigest(members.get(k));
}
export { gFirstBlock };
