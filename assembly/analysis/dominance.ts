// Dominance between instructions, uses and edges, as LLVM 19's DominatorTree answers it
// (lib/IR/Dominators.cpp), over a dominator tree (domtree.ts) and the CFG it was built from.
// A Dominance object (one per analysis context, context.ts) answers for its CFG; arguments are
// value ids (instructions, operand slots); blocks are block numbers of that CFG.
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
// is keyed by block value, so it needs no reset between functions (only a new arena).
import { I32Vec } from "../util/vec";
import { vKind, VK, vParent, vA, iNext, iOp, opUser, opVal, iOps, valueCount, numOperands, operand } from "../ir/values";
import { Op } from "../ir/opcodes";
import { CFG } from "./cfg";
import { DomTree } from "./domtree";

function isInst(v: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.Inst; }

@final export class Dominance {
  cfg: CFG;
  // Positions are stamped per block value (not per block number, which restarts with every
  // build), so a cache filled for one function stays right for another.
  private instPos: I32Vec = new I32Vec();
  private blockStamp: I32Vec = new I32Vec();
  private posEpoch: i32 = 1;
  constructor(cfg: CFG) { this.cfg = cfg; }

  invalidateInstOrder(): void { this.posEpoch++; }

  private numberBlock(b: i32): void {
    let nv = valueCount();
    let instPos = this.instPos, blockStamp = this.blockStamp;
    if (instPos.len < nv) instPos.resize(nv, -1);
    let k = 0;
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) instPos.set(i, k++);
    if (blockStamp.len < nv) blockStamp.resize(nv, 0);
    blockStamp.set(b, this.posEpoch);
  }
  // a and b are instructions of the same block.
  comesBefore(a: i32, b: i32): bool {
    let blk = vParent.get(a);
    let instPos = this.instPos, blockStamp = this.blockStamp;
    if (blk >= blockStamp.len || blockStamp.get(blk) != this.posEpoch || a >= instPos.len || b >= instPos.len) this.numberBlock(blk);
    return this.instPos.get(b) > this.instPos.get(a);
  }

  @inline blockDominates(t: DomTree, a: i32, b: i32): bool { return t.dominates(a, b); }

  // LLVM's dominates(const BasicBlockEdge &, const BasicBlock *).
  edgeDominates(t: DomTree, start: i32, end: i32, useBB: i32): bool {
    if (!t.dominates(end, useBB)) return false;
    let cfg = this.cfg;
    if (cfg.singlePredecessor(end) >= 0) return true;
    let dup = 0;
    let predOff = cfg.predOff, pred = cfg.pred;
    let e = predOff.get(end + 1);
    for (let k = predOff.get(end); k < e; k++) {
      let p = pred.get(k);
      if (p == start) { if (dup++ != 0) return false; continue; }
      if (!t.dominates(end, p)) return false;
    }
    return true;
  }

  // The block number holding instruction i.
  @inline blockOf(i: i32): i32 { return this.cfg.blockNum.get(vParent.get(i)); }

  // The normal destination of an invoke, as a block number.
  private normalDest(def: i32): i32 { return this.cfg.blockNum.get(operand(def, numOperands(def) - 2)); }

  // LLVM's dominates(const Instruction *Def, const BasicBlock *UseBB).
  instDominatesBlock(t: DomTree, def: i32, useBB: i32): bool {
    let defBB = this.blockOf(def);
    if (!t.inTree(useBB)) return true;
    if (!t.inTree(defBB)) return false;
    if (defBB == useBB) return false;
    let op = <i32>iOp.get(def);
    // (only an invoke's result waits for an edge: a callbr's is there in all its destinations, as in LLVM)
    if (op == Op.Invoke) return this.edgeDominates(t, defBB, this.normalDest(def), useBB);
    return t.dominates(defBB, useBB);
  }

  // LLVM's dominates(const Value *Def, const Instruction *User).
  instDominates(t: DomTree, def: i32, user: i32): bool {
    if (!isInst(def)) return true;
    let useBB = this.blockOf(user), defBB = this.blockOf(def);
    if (!t.inTree(useBB)) return true;
    if (!t.inTree(defBB)) return false;
    if (def == user) return false;
    let op = <i32>iOp.get(def);
    if (op == Op.Invoke || op == Op.CallBr || <i32>iOp.get(user) == Op.Phi) return this.instDominatesBlock(t, def, useBB);
    if (defBB != useBB) return t.dominates(defBB, useBB);
    return this.comesBefore(def, user);
  }

  // The block (number) where the use in operand slot `slot` happens: a phi's incoming block for a
  // phi operand, otherwise the user's block.
  useBlock(slot: i32): i32 {
    let user = opUser.get(slot);
    if (<i32>iOp.get(user) == Op.Phi) {
      let k = slot - iOps.get(user);
      return this.cfg.blockNum.get(opVal.get(iOps.get(user) + (k | 1)));
    }
    return this.blockOf(user);
  }

  // LLVM's dominates(const BasicBlockEdge &, const Use &).
  edgeDominatesUse(t: DomTree, start: i32, end: i32, slot: i32): bool {
    let user = opUser.get(slot);
    let isPhi = <i32>iOp.get(user) == Op.Phi;
    if (isPhi && this.blockOf(user) == end && this.useBlock(slot) == start) return true;
    return this.edgeDominates(t, start, end, this.useBlock(slot));
  }

  // LLVM's dominates(const Value *Def, const Use &U).
  dominatesUse(t: DomTree, def: i32, slot: i32): bool {
    if (!isInst(def)) return true;
    let user = opUser.get(slot);
    let defBB = this.blockOf(def);
    let useBB = this.useBlock(slot);
    if (!t.inTree(useBB)) return true;
    if (!t.inTree(defBB)) return false;
    let op = <i32>iOp.get(def);
    if (op == Op.Invoke) return this.edgeDominatesUse(t, defBB, this.normalDest(def), slot);
    if (defBB != useBB) return t.dominates(defBB, useBB);
    if (<i32>iOp.get(user) == Op.Phi) return true;
    return this.comesBefore(def, user);
  }
}
