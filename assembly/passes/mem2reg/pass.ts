// The mem2reg function pass (LLVM 19's PromotePass): in a function with a body and without
// `optnone` (opt's pass manager skips optnone functions for optional passes), promote the
// promotable allocas of the entry block, and again while promoting made more of them promotable
// (an alloca whose address was only stored into a promoted alloca).
//
// Under --llvm-version=22 (llvmVersion > 19) it follows LLVM 22 where that differs: phi
// [X, undef] folds only when X cannot be poison (poison.ts, phis.ts); the renamer pushes all
// successors in reverse (rename.ts); blocks are ordered by creation, not layout (promote.ts
// sortByCreation); poison instead of undef in debug records and dropped assume bundles; and
// InsertDebugValueAtStoreLoc for deref #dbg_values of single-store allocas.
import { vKind, VK, iOp, iNext, vA, vB } from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { gFirstBlock, gAttrs } from "../../ir/globals";
import { fnAttrs, setHasKind, ATTR_OPTNONE } from "../../ir/attributes";
import { FunctionAnalyses, analyses } from "../../analysis/context";
import { beginFunction, resetEdit } from "./edit";
import { resetAssume } from "./assume";
import { beginAssumptions } from "./assumptions";
import { isAllocaPromotable, resetPromotable } from "./promotable";
import { allocas, promoteMemToReg, resetPromote } from "./promote";
import { resetPhis } from "./phis";
import { resetRename } from "./rename";
import { resetDbgInfo } from "./dbginfo";
import { resetLiveIDF } from "./liveidf";
import { resetPoison } from "./poison";
import { countAllocasPromoted } from "../stats";

// Re-creates every table of the pass (after an arena reset).
export function resetMem2Reg(): void {
  resetEdit(); resetAssume(); resetPromotable(); resetPromote(); resetPhis(); resetRename(); resetDbgInfo(); resetLiveIDF(); resetPoison();
}

// Runs mem2reg on function g (a global index), with fa's CFG and dominator tree. Returns true
// when it changed the function.
export function runMem2Reg(g: i32, fa: FunctionAnalyses): bool {
  let entry = gFirstBlock.get(g);
  if (entry < 0) return false;
  if (setHasKind(fnAttrs(gAttrs.get(g)), ATTR_OPTNONE)) return false;
  let changed = false;
  let prepared = false;
  let nBlocks = 0;
  while (true) {
    allocas.clear();
    let last = vB.get(entry);
    for (let i = vA.get(entry); i >= 0 && i != last; i = iNext.get(i)) {
      if (<i32>vKind.get(i) == VK.Inst && <i32>iOp.get(i) == Op.Alloca && isAllocaPromotable(i)) allocas.push(i);
    }
    if (allocas.len == 0) break;
    if (!prepared) {
      prepared = true;
      nBlocks = fa.buildCFG(g);
      fa.buildDomTree();
      fa.dom.invalidateInstOrder();
      beginFunction(g);
      beginAssumptions(g, fa);
    }
    countAllocasPromoted(allocas.len);
    promoteMemToReg(fa, nBlocks);
    fa.dom.invalidateInstOrder();
    changed = true;
  }
  return changed;
}

// The pass table's entry (passes/table.ts). It keeps the CFG, so cached dominator trees stay.
import { PassContext, PassInfo, Level, Preserves } from "../registry";
export function mem2regPass(): PassInfo {
  return new PassInfo("mem2reg", Level.Function, (c: PassContext): i32 => { runMem2Reg(c.fn, c.analyses); return 0; })
    .keeps(Preserves.CFG).as("PromotePass", true)
    .describe("Promote memory to registers (allocas to SSA values and phis)");
}
