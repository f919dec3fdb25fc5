// The cheap structural function hash MergeFunctions orders and pre-filters by
// (llvm/lib/IR/StructuralHash.cpp, non-detailed): the varargs flag, the argument count, and for
// each block in the comparator's CFG order a block marker and the opcode of every instruction.
// Functions equal under the comparator hash equal, since the comparator walks the same order.
// LLVM 19 chains these through hash_combine's 16-byte mix; LLVM 22 ("stable hashing") collects
// them as 64-bit words (each opcode as the stable hash of that one word) and hashes the buffer
// with XXH3 (util/xxh3.ts). The values are bit-for-bit each version's (checked against
// `opt-19/opt-22 -passes='print<structural-hash>'`).
//
// Also here: the CFG walk order both the hash and the comparator use (successors in LLVM's
// order, visited depth-first from a stack: the last successor pushed is visited first).
import { I32Vec } from "../../util/vec";
import { vA, vB, iOp, iFlags, iNext, operand, numOperands } from "../../ir/values";
import { gFirstBlock, gValueType, gNumArgs, gFirstArg } from "../../ir/globals";
import { tyFlags, TF_VARARG } from "../../ir/types";
import { Op, F_UNWIND_CALLER, isTerminator } from "../../ir/opcodes";
import { callFirstDest } from "../../ir/inst";
import { llvmVersion } from "../../ir/version";
import { I64Vec } from "../../util/vec";
import { stableHashCombine, stableHash1 } from "../../util/xxh3";
import { vKind, VK, iFlags, vType, iOps, iNOps, opVal } from "../../ir/values";
import { gValue } from "../../ir/globals";
import { tyA, tyKind, TK } from "../../ir/types";
import { intWordCount, intWord, fpWord } from "../../ir/constants";
import { F_NUW, F_NSW, F_EXACT, F_DISJOINT, F_NNEG, F_SAMESIGN, F_FMF_SHIFT, FMF_ALL } from "../../ir/opcodes";
import { zext64 } from "../../util/bits";
import { predicate } from "../../ir/inst";
import { LocalRange, localRange, localArgs } from "../../ir/query";

// LLVM's Instruction opcode numbers: ours follow Instruction.def except that LLVM has UserOp1
// and UserOp2 between select and va_arg, and from LLVM 22 on ptrtoaddr right after ptrtoint.
@inline export function llvmOpcode(op: i32): i32 {
  if (op == Op.PtrToAddr) return <i32>Op.PtrToInt + 1;   // LLVM 22 only; right after ptrtoint
  let n = op >= Op.VAArg ? op + 2 : op;
  return llvmVersion >= 22 && op >= Op.IntToPtr ? n + 1 : n;
}

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

// The local values of a function (arguments, blocks, instructions) as dense indexes (LocalRange:
// the arguments, then the range of the body's value ids), so per-function tables index by those
// instead of by the whole module's value space. The body ranges are cached per global for the run
// (one LocalRanges, shared by the hasher and the comparator); forget(g) after a function gains
// values.
@final export class LocalRanges {
  private rangeLo: I32Vec = new I32Vec(64);
  private rangeHi: I32Vec = new I32Vec(64);
  private range: LocalRange = new LocalRange();
  forget(g: i32): void { if (g < this.rangeLo.len) this.rangeLo.set(g, -1); }
  // Sets `out` to function g's range.
  fill(g: i32, out: LocalRange): void {
    this.compute(g);
    out.lo = this.rangeLo.get(g); out.hi = this.rangeHi.get(g);
    localArgs(g, out);
  }
  private compute(g: i32): void {
    let rangeLo = this.rangeLo, rangeHi = this.rangeHi;
    if (g >= rangeLo.len) { rangeLo.resize(g + 1, -1); rangeHi.resize(g + 1, -1); }
    if (rangeLo.get(g) >= 0) return;   // (a computed lo is a value id or 0)
    let r = this.range;
    localRange(g, r);
    rangeLo.set(g, r.lo); rangeHi.set(g, r.hi);
  }
}

// A "visited" set over the local values of one function, cleared in O(1) by a generation stamp.
@final export class VisitSet {
  mark: Int32Array = new Int32Array(0);
  gen: i32 = 0;
  private r: LocalRange = new LocalRange();
  begin(ranges: LocalRanges, g: i32): void {
    let r = this.r;
    ranges.fill(g, r);
    let n = r.size;
    if (this.mark.length < n) {
      let c = this.mark.length < 256 ? 256 : this.mark.length;
      while (c < n) c <<= 1;
      this.mark = new Int32Array(c); this.gen = 0;
    }
    this.gen++;
    if (this.gen == 0x7fffffff) { this.mark.fill(0); this.gen = 1; }
  }
  // Marks v (a local value of the function); returns false when it already was marked.
  @inline visit(v: i32): bool {
    let k = this.r.index(v);
    if (k < 0) return false;
    if (unchecked(this.mark[k]) == this.gen) return false;
    unchecked(this.mark[k] = this.gen);
    return true;
  }
}

// The hashes of one MergeFunctions run: the walk's stack and visited set, the LLVM 22 word buffer,
// the per-opcode stable hashes (of the run's LLVM version). Made with the run (pass.ts).
@final export class FunctionHasher {
  private stackV: I32Vec = new I32Vec(64);
  private seen: VisitSet = new VisitSet();
  private words: I64Vec = new I64Vec(64);
  private opHash: StaticArray<u64> = new StaticArray<u64>(0);
  constructor(private ranges: LocalRanges) {}

  // StructuralHash(F) for a definition `g` (global index), as the target LLVM version computes it.
  functionHash(g: i32): u64 {
    return llvmVersion >= 22 ? this.stableFunctionHash(g) : this.hashCombineFunctionHash(g);
  }

  // The stable hash of one instruction with opcode `op` (non-detailed: the opcode alone), cached.
  private instHash(op: i32): u64 {
    let opHash = this.opHash;
    if (opHash.length == 0) {
      opHash = new StaticArray<u64>(Op.Count);
      this.opHash = opHash;
      for (let i = 0; i < <i32>Op.Count; i++) unchecked(opHash[i] = stableHash1(<u64>llvmOpcode(i)));
    }
    return unchecked(opHash[op]);
  }

  // The walk of the three hashes: depth first from the entry, a block's successors pushed in order
  // the first time they are seen.
  @inline private pushUnseenSuccessors(b: i32): void {
    let seen = this.seen, stackV = this.stackV;
    let t = terminatorOf(b);
    let ns = numSuccessors(t);
    for (let s = 0; s < ns; s++) {
      let sb = successor(t, s);
      if (sb >= 0 && seen.visit(sb)) stackV.push(sb);
    }
  }

  // LLVM 22: the words [4, function header, varargs, argument count, then per block a block header
  // and each instruction's hash], hashed as one buffer.
  private stableFunctionHash(g: i32): u64 {
    let words = this.words, seen = this.seen, stackV = this.stackV;
    words.clear();
    words.push(4);
    words.push(<i64>0x62642d6b6b2d6b72);
    words.push((tyFlags.get(gValueType.get(g)) & TF_VARARG) != 0 ? 1 : 0);
    words.push(<i64>gNumArgs.get(g));
    let entry = gFirstBlock.get(g);
    if (entry >= 0) {
      seen.begin(this.ranges, g);
      stackV.clear(); stackV.push(entry); seen.visit(entry);
      while (stackV.len > 0) {
        let b = stackV.pop();
        words.push(45798);
        for (let i = vA.get(b); i >= 0; i = iNext.get(i)) words.push(<i64>this.instHash(<i32>iOp.get(i)));
        this.pushUnseenSuccessors(b);
      }
    }
    return stableHashCombine(words.ptr, words.len);
  }

  // LLVM 19: hash_combine's chain of 16-byte mixes over the same sequence.
  private hashCombineFunctionHash(g: i32): u64 {
    let seen = this.seen, stackV = this.stackV;
    let h: u64 = 4;
    h = mix(h, 0x62642d6b6b2d6b72); // function header
    h = mix(h, (tyFlags.get(gValueType.get(g)) & TF_VARARG) != 0 ? 1 : 0);
    h = mix(h, <u64>gNumArgs.get(g));
    let entry = gFirstBlock.get(g);
    if (entry < 0) return h;
    seen.begin(this.ranges, g);
    stackV.clear(); stackV.push(entry); seen.visit(entry);
    while (stackV.len > 0) {
      let b = stackV.pop();
      h = mix(h, 45798); // block header
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) h = mix(h, <u64>llvmOpcode(<i32>iOp.get(i)));
      this.pushUnseenSuccessors(b);
    }
    return h;
  }

  // The detail hash (below).
  functionDetailHash(g: i32): u64 {
    let seen = this.seen, stackV = this.stackV;
    let h: u64 = 0xde7a11;
    let entry = gFirstBlock.get(g);
    if (entry < 0) return h;
    let self = gValue.get(g);
    seen.begin(this.ranges, g);
    stackV.clear(); stackV.push(entry); seen.visit(entry);
    while (stackV.len > 0) {
      let b = stackV.pop();
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
        let op = <i32>iOp.get(i);
        h = mix(h, <u64>op);
        if (op == Op.GetElementPtr) continue;
        let n = iNOps.get(i), s = iOps.get(i);
        h = mix(h, <u64>n);
        h = mix(h, <u64>(iFlags.get(i) & DETAIL_FLAGS));
        if (op == Op.ICmp || op == Op.FCmp) h = mix(h, <u64>predicate(i));
        for (let k = 0; k < n; k++) h = mix(h, operandKey(opVal.get(s + k), self));
      }
      this.pushUnseenSuccessors(b);
    }
    return h;
  }
}

// ---- a finer key, ours ----
// The FnTree orders by LLVM's hash, then by this detail hash, then by the comparator. It mixes, per
// instruction in the same walk, what the comparator requires to be equal when two functions are
// equal: the operand count and optional flags (not for GEPs, whose operands compare by constant
// offset), the predicate, and for each operand a key that equal operands share — "a local value",
// the global itself (or "this function"), a non-null integer or FP constant's type width and bits,
// "a null constant", "another constant". Equal functions get equal detail hashes, so the set of
// merges is unchanged, but functions with equal LLVM hashes that differ in a constant or a callee
// are told apart without walking the comparator.

const DETAIL_FLAGS: i32 = F_NUW | F_NSW | F_EXACT | F_DISJOINT | F_NNEG | F_SAMESIGN | (FMF_ALL << F_FMF_SHIFT);

function operandKey(v: i32, self: i32): u64 {
  if (v < 0) return 1;
  let k = <i32>vKind.get(v);
  if (k == VK.Arg || k == VK.Block || k == VK.Inst) return 2;
  if (k >= VK.GlobalVar && k <= VK.IFunc) return v == self ? 3 : 0x100000000 + <u64>v;
  if (k == VK.ConstNull || k == VK.ConstZero || k == VK.ConstNone) return 4;
  if (k == VK.ConstInt) {
    let n = intWordCount(v);
    let h: u64 = 0x7e57;
    let zero = true;
    for (let i = 0; i < n; i++) { let w = intWord(v, i); if (w != 0) zero = false; h = mix(h, zext64(w)); }
    return zero ? 4 : mix(h, <u64>tyA.get(vType.get(v)));
  }
  if (k == VK.ConstFP) {
    let h: u64 = 0xf10a7;
    let zero = true;
    for (let i = 0; i < 4; i++) { let w = fpWord(v, i); if (w != 0) zero = false; h = mix(h, zext64(w)); }
    return zero ? 4 : mix(h, <u64>tyKind.get(vType.get(v)));
  }
  if (k == VK.MDValue || k == VK.InlineAsm) return 6;
  return 5;
}

