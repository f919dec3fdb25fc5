// The cheap structural function hash opt-19's MergeFunctions orders and pre-filters by
// (llvm/lib/IR/StructuralHash.cpp, non-detailed): the varargs flag, the argument count, and for
// each block in the comparator's CFG order a block marker and the opcode of every instruction.
// Functions equal under the comparator hash equal, since the comparator walks the same order.
// The value is bit-for-bit LLVM 19's (checked against `opt-19 -passes='print<structural-hash>'`).
//
// Also here: the CFG walk order both the hash and the comparator use (successors in LLVM's
// order, visited depth-first from a stack: the last successor pushed is visited first).
import { I32Vec } from "../../util/vec";
import { vA, vB, iOp, iFlags, iNext, operand, numOperands } from "../../ir/values";
import { gFirstBlock, gValueType, gNumArgs } from "../../ir/globals";
import { tyFlags, TF_VARARG } from "../../ir/types";
import { Op, F_UNWIND_CALLER, isTerminator } from "../../ir/opcodes";
import { callFirstDest } from "../../ir/inst";

// LLVM 19's Instruction opcode numbers: ours follow Instruction.def except that LLVM has UserOp1
// and UserOp2 between select and va_arg.
@inline export function llvmOpcode(op: i32): i32 { return op >= Op.VAArg ? op + 2 : op; }

// ---- successors in LLVM's order ----

// The terminator of a block (its last instruction when that is a terminator), or -1.
export function terminatorOf(b: i32): i32 {
  let t = vB.get(b);
  return t >= 0 && isTerminator(<i32>iOp.get(t)) ? t : -1;
}
export function numSuccessors(t: i32): i32 {
  if (t < 0) return 0;
  let op = <i32>iOp.get(t), n = numOperands(t);
  switch (op) {
    case Op.Br: return n == 1 ? 1 : 2;
    case Op.Switch: return (n - 2) / 2 + 1;
    case Op.IndirectBr: return n - 1;
    case Op.Invoke: return 2;
    case Op.CallBr: return n - callFirstDest(t);
    case Op.CleanupRet: return n - 1;
    case Op.CatchRet: return 1;
    case Op.CatchSwitch: return n - 1;
    default: return 0;
  }
}
// Successor i, as TerminatorInst::getSuccessor numbers them.
export function successor(t: i32, i: i32): i32 {
  let op = <i32>iOp.get(t), n = numOperands(t);
  switch (op) {
    case Op.Br: return n == 1 ? operand(t, 0) : operand(t, 1 + i);
    case Op.Switch: return i == 0 ? operand(t, 1) : operand(t, 1 + 2 * i);
    case Op.IndirectBr: return operand(t, 1 + i);
    case Op.Invoke: case Op.CallBr: return operand(t, callFirstDest(t) + i);
    case Op.CleanupRet: case Op.CatchRet: return operand(t, 1);
    case Op.CatchSwitch: {
      // LLVM: [parent, unwind?, handlers...]; ours: [parent, handlers..., unwind?].
      if ((iFlags.get(t) & F_UNWIND_CALLER) != 0) return operand(t, 1 + i);
      return i == 0 ? operand(t, n - 1) : operand(t, i);
    }
    default: return -1;
  }
}

// ---- the hash ----

// llvm::hashing::detail::hash_16_bytes.
@inline function mix(low: u64, high: u64): u64 {
  const kMul: u64 = 0x9ddfea08eb382d69;
  let a = (low ^ high) * kMul;
  a ^= a >> 47;
  let b = (high ^ a) * kMul;
  b ^= b >> 47;
  return b * kMul;
}

// A "visited" set over value ids that is cleared in O(1): mark[v] == generation.
@final export class VisitSet {
  mark: Int32Array = new Int32Array(0);
  gen: i32 = 0;
  begin(valueCount: i32): void {
    if (this.mark.length < valueCount) {
      let n = this.mark.length < 1024 ? 1024 : this.mark.length;
      while (n < valueCount) n <<= 1;
      this.mark = new Int32Array(n); this.gen = 0;
    }
    this.gen++;
    if (this.gen == 0x7fffffff) { this.mark.fill(0); this.gen = 1; }
  }
  // Marks v; returns false when it already was marked.
  @inline visit(v: i32): bool {
    if (unchecked(this.mark[v]) == this.gen) return false;
    unchecked(this.mark[v] = this.gen);
    return true;
  }
}

let stackV: I32Vec = new I32Vec(64);
let seen: VisitSet = new VisitSet();
export function resetHash(): void { stackV = new I32Vec(64); seen = new VisitSet(); }

import { valueCount } from "../../ir/values";
// StructuralHash(F) for a definition `g` (global index).
export function functionHash(g: i32): u64 {
  let h: u64 = 4;
  h = mix(h, 0x62642d6b6b2d6b72); // function header
  h = mix(h, (tyFlags.get(gValueType.get(g)) & TF_VARARG) != 0 ? 1 : 0);
  h = mix(h, <u64>gNumArgs.get(g));
  let entry = gFirstBlock.get(g);
  if (entry < 0) return h;
  seen.begin(valueCount());
  stackV.clear(); stackV.push(entry); seen.visit(entry);
  while (stackV.len > 0) {
    let b = stackV.pop();
    h = mix(h, 45798); // block header
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) h = mix(h, <u64>llvmOpcode(<i32>iOp.get(i)));
    let t = terminatorOf(b);
    let ns = numSuccessors(t);
    for (let s = 0; s < ns; s++) {
      let sb = successor(t, s);
      if (sb >= 0 && seen.visit(sb)) stackV.push(sb);
    }
  }
  return h;
}
