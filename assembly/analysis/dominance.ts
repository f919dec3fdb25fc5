// Dominance between instructions, uses and edges, as LLVM 19's DominatorTree answers it
// (lib/IR/Dominators.cpp), over a dominator tree of the current CFG (domtree.ts, cfg.ts).
// Arguments are value ids (instructions, operand slots); blocks are cfg.ts block numbers.
//
//   comesBefore(a, b)                 a precedes b in their (same) block
//   blockDominates(t, a, b)           block-number dominance (LLVM's dominates(BB, BB))
//   edgeDominates(t, start, end, bb)  the edge start->end dominates block bb (BasicBlockEdge)
//   instDominatesBlock(t, def, bb)    dominates(const Instruction *, const BasicBlock *)
//   instDominates(t, def, user)       dominates(const Value *, const Instruction *)
//   dominatesUse(t, def, slot)        dominates(const Value *, const Use &): a phi use happens at
//                                     the end of its incoming block
//
// Instruction positions are numbered lazily per block (like LLVM's instruction order cache);
// call invalidateInstOrder() after inserting instructions (erasing does not need it); the cache
// is keyed by block value, so it needs no reset between functions.
import { I32Vec } from "../util/vec";
import { vKind, VK, vParent, vA, iNext, iOp, opUser, opVal, iOps, valueCount, numOperands, operand } from "../ir/values";
import { Op } from "../ir/opcodes";
import { blockNum, predOff, pred, singlePredecessor } from "./cfg";
import { callNumIndirect } from "../ir/inst";
import { DomTree } from "./domtree";

let instPos: I32Vec = new I32Vec();
let blockStamp: I32Vec = new I32Vec();
let posEpoch: i32 = 1;

export function resetDominance(): void { instPos = new I32Vec(); blockStamp = new I32Vec(); posEpoch = 1; }
export function invalidateInstOrder(): void { posEpoch++; }

// Positions are stamped per block value (not per cfg.ts block number, which restarts with every
// buildCFG), so a cache filled for one function stays right for another.
function numberBlock(b: i32): void {
  let nv = valueCount();
  if (instPos.len < nv) instPos.resize(nv, -1);
  let k = 0;
  for (let i = vA.get(b); i >= 0; i = iNext.get(i)) instPos.set(i, k++);
  if (blockStamp.len < nv) blockStamp.resize(nv, 0);
  blockStamp.set(b, posEpoch);
}
// a and b are instructions of the same block.
export function comesBefore(a: i32, b: i32): bool {
  let blk = vParent.get(a);
  if (blk >= blockStamp.len || blockStamp.get(blk) != posEpoch || a >= instPos.len || b >= instPos.len) numberBlock(blk);
  return instPos.get(b) > instPos.get(a);
}

@inline export function blockDominates(t: DomTree, a: i32, b: i32): bool { return t.dominates(a, b); }

// LLVM's dominates(const BasicBlockEdge &, const BasicBlock *).
export function edgeDominates(t: DomTree, start: i32, end: i32, useBB: i32): bool {
  if (!t.dominates(end, useBB)) return false;
  if (singlePredecessor(end) >= 0) return true;
  let dup = 0;
  let e = predOff.get(end + 1);
  for (let k = predOff.get(end); k < e; k++) {
    let p = pred.get(k);
    if (p == start) { if (dup++ != 0) return false; continue; }
    if (!t.dominates(end, p)) return false;
  }
  return true;
}

// The block number holding instruction i.
@inline function blockOf(i: i32): i32 { return blockNum.get(vParent.get(i)); }

// The normal (invoke) or default (callbr) destination of a call-like terminator, as a block number.
function normalDest(def: i32): i32 {
  let op = <i32>iOp.get(def);
  let n = numOperands(def);
  if (op == Op.Invoke) return blockNum.get(operand(def, n - 2));
  // callbr: [callee, args..., bundle operands..., default, indirect...]
  return blockNum.get(operand(def, n - 1 - callNumIndirect(def)));
}

// LLVM's dominates(const Instruction *Def, const BasicBlock *UseBB).
export function instDominatesBlock(t: DomTree, def: i32, useBB: i32): bool {
  let defBB = blockOf(def);
  if (!t.inTree(useBB)) return true;
  if (!t.inTree(defBB)) return false;
  if (defBB == useBB) return false;
  let op = <i32>iOp.get(def);
  if (op == Op.Invoke || op == Op.CallBr) return edgeDominates(t, defBB, normalDest(def), useBB);
  return t.dominates(defBB, useBB);
}

function isInst(v: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.Inst; }

// LLVM's dominates(const Value *Def, const Instruction *User).
export function instDominates(t: DomTree, def: i32, user: i32): bool {
  if (!isInst(def)) return true;
  let useBB = blockOf(user), defBB = blockOf(def);
  if (!t.inTree(useBB)) return true;
  if (!t.inTree(defBB)) return false;
  if (def == user) return false;
  let op = <i32>iOp.get(def);
  if (op == Op.Invoke || op == Op.CallBr || <i32>iOp.get(user) == Op.Phi) return instDominatesBlock(t, def, useBB);
  if (defBB != useBB) return t.dominates(defBB, useBB);
  return comesBefore(def, user);
}

// The block (number) where the use in operand slot `slot` happens: a phi's incoming block for a
// phi operand, otherwise the user's block.
export function useBlock(slot: i32): i32 {
  let user = opUser.get(slot);
  if (<i32>iOp.get(user) == Op.Phi) {
    let k = slot - iOps.get(user);
    return blockNum.get(opVal.get(iOps.get(user) + (k | 1)));
  }
  return blockOf(user);
}

// LLVM's dominates(const BasicBlockEdge &, const Use &).
export function edgeDominatesUse(t: DomTree, start: i32, end: i32, slot: i32): bool {
  let user = opUser.get(slot);
  let isPhi = <i32>iOp.get(user) == Op.Phi;
  if (isPhi && blockOf(user) == end && useBlock(slot) == start) return true;
  return edgeDominates(t, start, end, useBlock(slot));
}

// LLVM's dominates(const Value *Def, const Use &U).
export function dominatesUse(t: DomTree, def: i32, slot: i32): bool {
  if (!isInst(def)) return true;
  let user = opUser.get(slot);
  let defBB = blockOf(def);
  let useBB = useBlock(slot);
  if (!t.inTree(useBB)) return true;
  if (!t.inTree(defBB)) return false;
  let op = <i32>iOp.get(def);
  if (op == Op.Invoke || op == Op.CallBr) return edgeDominatesUse(t, defBB, normalDest(def), slot);
  if (defBB != useBB) return t.dominates(defBB, useBB);
  if (<i32>iOp.get(user) == Op.Phi) return true;
  return comesBefore(def, user);
}
