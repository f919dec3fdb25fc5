// The control-flow graph of one function, over the arena, in flat i32 arrays.
//
// A CFG object (one per analysis context, analysis/context.ts, reused function after function)
// is filled by cfg.build(g), which numbers the blocks of function g (a global index) densely in
// function order (0 = entry) and fills, for that function:
//   n                         number of blocks
//   block[num]                block value id of block `num`
//   blockNum[value]           block number of a block value (valid for the blocks of `fn` only)
//   succOff[0..n], succ[...]  successors in CSR form: block b's successors are
//                             succ[succOff[b] .. succOff[b+1]), in LLVM's successor order
//                             (br: then, else; switch: default, cases; invoke: normal, unwind;
//                             callbr: default, indirect...; catchswitch: unwind, handlers...;
//                             indirectbr: destinations; cleanupret/catchret: their block).
//                             Duplicate edges are kept, as LLVM keeps them.
//   predOff[0..n], pred[...]  predecessors in CSR form, in LLVM's pred_iterator order (the
//                             terminators among the block's uses, newest use first: for IR as
//                             parsed, the edges from the last block's last successor backwards),
//                             one entry per edge (duplicates kept).
//   rpo[0..rpoLen)            reachable blocks in reverse post-order (LLVM's
//                             ReversePostOrderTraversal: DFS from the entry, successors in order)
//   rpoIndex[num]             position of block num in rpo, -1 when unreachable from the entry.
// Every array is an I32Vec: `ptr` is a plain little-endian i32 array in linear memory (the host can
// view it as an Int32Array) and `len` its length. Everything stays valid until the next build.
// Hot loops should copy the arrays they read into locals (`let succ = cfg.succ;`).
import { I32Vec } from "../util/vec";
import {
  vKind, VK, vParent, vFirstUse, vA, vB, iNext, iOp, iFlags, iOps, iNOps, opVal, opUser, opNext, valueCount,
} from "../ir/values";
import { gFirstBlock } from "../ir/globals";
import { Op, isTerminator, F_UNWIND_CALLER } from "../ir/opcodes";
import { callNumIndirect } from "../ir/inst";

@inline function ld(p: usize, i: i32): i32 { return load<i32>(p + (<usize>i << 2)); }
@inline function st(p: usize, i: i32, v: i32): void { store<i32>(p + (<usize>i << 2), v); }

// Appends the successor blocks (value ids) of terminator t to `out`, in LLVM's order.
export function terminatorSuccessors(t: i32, out: I32Vec): void {
  let op = <i32>iOp.get(t);
  let s = iOps.get(t), n = iNOps.get(t);
  switch (op) {
    case Op.Br: {
      if (n == 1) out.push(opVal.get(s));
      else if (n == 3) { out.push(opVal.get(s + 1)); out.push(opVal.get(s + 2)); }
      break;
    }
    case Op.Switch: {
      if (n >= 2) out.push(opVal.get(s + 1));
      for (let k = 3; k < n; k += 2) out.push(opVal.get(s + k));
      break;
    }
    case Op.IndirectBr: {
      for (let k = 1; k < n; k++) out.push(opVal.get(s + k));
      break;
    }
    case Op.Invoke: {
      if (n >= 2) { out.push(opVal.get(s + n - 2)); out.push(opVal.get(s + n - 1)); }
      break;
    }
    case Op.CallBr: {
      let k = 1 + callNumIndirect(t);
      for (let j = n - k; j < n; j++) out.push(opVal.get(s + j));
      break;
    }
    case Op.CleanupRet: { if (n > 1) out.push(opVal.get(s + 1)); break; }
    case Op.CatchRet: { if (n > 1) out.push(opVal.get(s + 1)); break; }
    case Op.CatchSwitch: {
      let hasUnwind = (iFlags.get(t) & F_UNWIND_CALLER) == 0;
      if (hasUnwind) { out.push(opVal.get(s + n - 1)); for (let k = 1; k < n - 1; k++) out.push(opVal.get(s + k)); }
      else for (let k = 1; k < n; k++) out.push(opVal.get(s + k));
      break;
    }
    default: break;
  }
}

// The terminator of a block (value id), or -1 when its last instruction is not one.
export function blockTerminator(b: i32): i32 {
  let t = vB.get(b);
  if (t < 0 || !isTerminator(<i32>iOp.get(t))) return -1;
  return t;
}


@final export class CFG {
  fn: i32 = -1;            // the function (global index) built last
  n: i32 = 0;              // its number of blocks
  generation: i32 = 0;     // changes on every build (trees built from it compare it)
  block: I32Vec = new I32Vec();
  blockNum: I32Vec = new I32Vec();
  succOff: I32Vec = new I32Vec();
  succ: I32Vec = new I32Vec();
  predOff: I32Vec = new I32Vec();
  pred: I32Vec = new I32Vec();
  rpo: I32Vec = new I32Vec();
  rpoIndex: I32Vec = new I32Vec();
  // Set by a pass that rewires terminator operands (setOperand on a branch), so predecessor order
  // follows the use-lists as in LLVM; the sort gives the same order otherwise.
  predsFromUseLists: bool = false;
  private stackB: I32Vec = new I32Vec();   // RPO's DFS stack: block, next successor index
  private stackK: I32Vec = new I32Vec();

  // Builds the CFG of function g (global index). Returns the number of blocks.
  build(g: i32): i32 {
    this.fn = g; this.generation++;
    let nv = valueCount();
    let blockNum = this.blockNum, block = this.block, succOff = this.succOff, succ = this.succ;
    if (blockNum.len < nv) blockNum.resize(nv, -1);
    block.clear();
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
      blockNum.set(b, block.len);
      block.push(b);
    }
    let n = block.len;
    this.n = n;
    // successors
    succOff.clear(); succOff.resize(n + 1, 0);
    succ.clear();
    for (let i = 0; i < n; i++) {
      succOff.set(i, succ.len);
      let t = blockTerminator(block.get(i));
      if (t >= 0) {
        let from = succ.len;
        terminatorSuccessors(t, succ);
        let bn = blockNum.ptr;
        // (a null successor, which only a broken module read from bitcode has, is no edge)
        let w = from;
        for (let k = from; k < succ.len; k++) { let sb = succ.get(k); if (sb >= 0) succ.set(w++, ld(bn, sb)); }
        succ.len = w;
      }
    }
    succOff.set(n, succ.len);
    if (this.predsFromUseLists) this.predsByUseLists(n); else this.predsBySort(n);
    this.computeRPO();
    return n;
  }

  // Predecessors by a counting sort of the successor edges, newest edge first (blocks and their
  // successors from last to first). For IR as parsed (and as every pass here leaves terminators)
  // this is exactly the use-list order LLVM's pred_iterator walks, and it reads only the CSR.
  private predsBySort(n: i32): void {
    let succ = this.succ, predOff = this.predOff, pred = this.pred;
    let m = succ.len;
    predOff.clear(); predOff.resize(n + 1, 0);
    pred.clear(); pred.resize(m, 0);
    let po = predOff.ptr, sp = succ.ptr, so = this.succOff.ptr, pp = pred.ptr;
    for (let k = 0; k < m; k++) { let t = ld(sp, k); st(po, t, ld(po, t) + 1); }
    for (let i = 1; i < n; i++) st(po, i, ld(po, i) + ld(po, i - 1));
    // po[t] is now the end of t's list (inclusive prefix sums); fill backwards from it
    // (edges in function order, each placed before the earlier ones: newest first)
    for (let i = 0; i < n; i++) {
      let s1 = ld(so, i + 1);
      for (let k = ld(so, i); k < s1; k++) {
        let t = ld(sp, k);
        let at = ld(po, t) - 1;
        st(pp, at, i); st(po, t, at);
      }
    }
    // now po[t] is the start of t's list
    st(po, n, m);
  }
  // Predecessors from the use-lists: the terminators among each block's uses, newest use first
  // (LLVM's pred_iterator). Needed only after a pass rewires terminator operands.
  private predsByUseLists(n: i32): void {
    let predOff = this.predOff, pred = this.pred, block = this.block, blockNum = this.blockNum;
    predOff.clear(); predOff.resize(n + 1, 0);
    pred.clear(); pred.reserve(this.succ.len);
    for (let i = 0; i < n; i++) {
      predOff.set(i, pred.len);
      for (let u = vFirstUse.get(block.get(i)); u >= 0; u = opNext.get(u)) {
        let user = opUser.get(u);
        if (<i32>vKind.get(user) != VK.Inst || !isTerminator(<i32>iOp.get(user))) continue;
        let pb = vParent.get(user);
        if (pb < 0) continue;
        pred.push(blockNum.get(pb));
      }
    }
    predOff.set(n, pred.len);
  }

  // Reverse post-order from the entry (iterative DFS, successors in order).
  private computeRPO(): void {
    let n = this.n;
    let rpoIndex = this.rpoIndex, rpo = this.rpo, stackB = this.stackB, stackK = this.stackK;
    rpoIndex.clear(); rpoIndex.resize(n, -1);
    rpo.clear(); rpo.resize(n, 0);
    if (n == 0) { rpo.len = 0; return; }
    stackB.clear(); stackK.clear();
    stackB.reserve(n); stackK.reserve(n);
    let ri = rpoIndex.ptr, so = this.succOff.ptr, sc = this.succ.ptr;
    // rpoIndex doubles as the visited mark (-2 = on the DFS, then the final index)
    let post = 0;
    st(ri, 0, -2);
    stackB.pushUnchecked(0); stackK.pushUnchecked(ld(so, 0));
    while (stackB.len > 0) {
      let top = stackB.len - 1;
      let b = ld(stackB.ptr, top);
      let k = ld(stackK.ptr, top);
      let end = ld(so, b + 1);
      let pushed = false;
      while (k < end) {
        let c = ld(sc, k); k++;
        if (ld(ri, c) == -1) {
          st(stackK.ptr, top, k);
          st(ri, c, -2);
          stackB.pushUnchecked(c); stackK.pushUnchecked(ld(so, c));
          pushed = true;
          break;
        }
      }
      if (pushed) continue;
      stackB.len--; stackK.len--;
      // postorder number `post`; rpo position = reachable - 1 - post (fixed below)
      st(rpo.ptr, post, b);
      post++;
    }
    // reverse the postorder in place
    let rp = rpo.ptr;
    for (let i = 0, j = post - 1; i < j; i++, j--) { let t = ld(rp, i); st(rp, i, ld(rp, j)); st(rp, j, t); }
    rpo.len = post;
    for (let i = 0; i < post; i++) st(ri, ld(rp, i), i);
  }

  @inline numSuccs(b: i32): i32 { return this.succOff.get(b + 1) - this.succOff.get(b); }
  @inline succAt(b: i32, k: i32): i32 { return this.succ.get(this.succOff.get(b) + k); }
  @inline numPreds(b: i32): i32 { return this.predOff.get(b + 1) - this.predOff.get(b); }
  @inline predAt(b: i32, k: i32): i32 { return this.pred.get(this.predOff.get(b) + k); }
  @inline isReachable(b: i32): bool { return this.rpoIndex.get(b) >= 0; }
  // LLVM's BasicBlock::getSinglePredecessor: the predecessor when there is exactly one edge in.
  singlePredecessor(b: i32): i32 {
    let s = this.predOff.get(b), e = this.predOff.get(b + 1);
    return e - s == 1 ? this.pred.get(s) : -1;
  }
}
