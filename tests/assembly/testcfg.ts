// Test-only helper: builds functions with a given CFG directly in the arena (no text), for the
// as-pect property tests of cfg / domtree / idf. Not used by the core.
//
//   let g = tcFunction();                 // one defined function, reused for every CFG
//   tcMark();                             // remember the arena's size
//   tcBlocks(g, n);                       // n empty blocks
//   tcTerminator(g, b, succs, kind);      // block b gets a terminator with these successors
//   ... fa.buildCFG(g) ...             // fa: an analysis context (analysis/context.ts)
//   tcRelease();                          // drop everything created since tcMark
import { I32Vec } from "../../assembly/util/vec";
import {
  VK, newValue, vKind, vType, vName, vParent, vFirstUse, vA, vB, iOp, iFlags, iOps, iNOps, iNext, iPrev, iAux,
  iExt, iMD, iDbg, opVal, opUser, opNext, opPrev, ext, appendOperand, appendInst,
} from "../../assembly/ir/values";
import { newGlobal, GK, gFlags, GF_DEFINED, gFirstBlock, gLastBlock, gValue } from "../../assembly/ir/globals";
import { T_VOID, T_LABEL, T_I1, T_I32, T_PTR } from "../../assembly/ir/types";
import { Op } from "../../assembly/ir/opcodes";

// Terminator kinds for tcTerminator.
export const TK_AUTO = 0, TK_SWITCH = 1, TK_INDIRECTBR = 2, TK_UNREACHABLE = 3;

let markValues: i32 = 0;
let markOps: i32 = 0;
let markExt: i32 = 0;
let blocks: I32Vec = new I32Vec();
let condI1: i32 = -1;
let condI32: i32 = -1;
let addr: i32 = -1;

export function tcFunction(): i32 {
  let fv = newValue(VK.Function, T_PTR);
  let g = newGlobal(GK.Func, fv);
  vA.set(fv, g);
  gFlags.set(g, GF_DEFINED);
  return g;
}

export function tcMark(): void { markValues = vKind.len; markOps = opVal.len; markExt = ext.len; }
export function tcRelease(): void {
  let n = markValues;
  vKind.len = n; vType.len = n; vName.len = n; vParent.len = n; vFirstUse.len = n; vA.len = n; vB.len = n;
  iOp.len = n; iFlags.len = n; iOps.len = n; iNOps.len = n; iNext.len = n; iPrev.len = n; iAux.len = n;
  iExt.len = n; iMD.len = n; iDbg.len = n;
  let m = markOps;
  opVal.len = m; opUser.len = m; opNext.len = m; opPrev.len = m;
  ext.len = markExt;
}

// Creates n blocks (replacing the function's body) and the values terminators use as operands.
export function tcBlocks(g: i32, n: i32): void {
  let fv = gValue.get(g);
  blocks.clear();
  condI1 = newValue(VK.Arg, T_I1);
  condI32 = newValue(VK.Arg, T_I32);
  addr = newValue(VK.Arg, T_PTR);
  let prev = -1;
  gFirstBlock.set(g, -1); gLastBlock.set(g, -1);
  for (let i = 0; i < n; i++) {
    let b = newValue(VK.Block, T_LABEL);
    vParent.set(b, fv);
    iPrev.set(b, prev);
    if (prev >= 0) iNext.set(prev, b); else gFirstBlock.set(g, b);
    prev = b;
    blocks.push(b);
  }
  gLastBlock.set(g, prev);
}
export function tcBlock(i: i32): i32 { return blocks.get(i); }

// Gives block `b` (index) a terminator whose successors are succs[from .. from+n), in order:
// 0 successors: ret (or unreachable); 1: br; 2: conditional br; more: switch (or indirectbr).
export function tcTerminator(b: i32, succs: I32Vec, from: i32, n: i32, kind: i32): void {
  let t = newValue(VK.Inst, T_VOID);
  if (n == 0) {
    iOp.set(t, <u8>(kind == TK_UNREACHABLE ? Op.Unreachable : Op.Ret));
  } else if (kind == TK_INDIRECTBR) {
    iOp.set(t, <u8>Op.IndirectBr);
    appendOperand(t, addr);
    for (let k = 0; k < n; k++) appendOperand(t, blocks.get(succs.get(from + k)));
  } else if (kind == TK_SWITCH || n > 2) {
    iOp.set(t, <u8>Op.Switch);
    appendOperand(t, condI32);
    appendOperand(t, blocks.get(succs.get(from)));
    for (let k = 1; k < n; k++) { appendOperand(t, condI32); appendOperand(t, blocks.get(succs.get(from + k))); }
  } else if (n == 1) {
    iOp.set(t, <u8>Op.Br);
    appendOperand(t, blocks.get(succs.get(from)));
  } else {
    iOp.set(t, <u8>Op.Br);
    appendOperand(t, condI1);
    appendOperand(t, blocks.get(succs.get(from)));
    appendOperand(t, blocks.get(succs.get(from + 1)));
  }
  appendInst(blocks.get(b), t);
}
