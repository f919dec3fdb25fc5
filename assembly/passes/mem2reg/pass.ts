// The mem2reg function pass (LLVM 19's PromotePass): in a function with a body and without
// `optnone` (opt's pass manager skips optnone functions for optional passes), promote the
// promotable allocas of the entry block, and again while promoting made more of them promotable
// (an alloca whose address was only stored into a promoted alloca).
//
// Under --llvm-version=22 (llvmVersion > 19) it follows LLVM 22 where that differs: phi
// [X, undef] folds only when X cannot be poison (poison.ts, phis.ts); the renamer pushes all
// successors in reverse (rename.ts); blocks are ordered by creation, not layout
// (creation-order.ts); poison instead of undef in debug records and dropped assume bundles; and
// InsertDebugValueAtStoreLoc for deref #dbg_values of single-store allocas.
//
// State: one Mem2Reg object per pipeline run (the run's PassContext makes it on first use,
// PassInfo.perRun, and drops it with the run) owns all of the pass's state: the Editor (edit.ts),
// the AssumptionCache (assumptions.ts), the IRBuilder that places the assumptions (assume.ts) and
// the PromoteMem2Reg (promote.ts) that owns the rest.
// Their tables are reused from function to function; nothing of the pass is module-level.
import { vKind, VK, iOp, iNext, vA, vB } from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { gFirstBlock, gAttrs } from "../../ir/globals";
import { fnAttrs, setHasKind, ATTR_OPTNONE } from "../../ir/attributes";
import { FunctionAnalyses } from "../../analysis/context";
import { Editor } from "./edit";
import { AssumptionCache } from "../../analysis/assumptions";
import { isAllocaPromotable } from "./promotable";
import { PromoteMem2Reg } from "./promote";
import { IRBuilder } from "../../ir/builder";
import { countAllocasPromoted } from "../stats";
import { PassContext, PassInfo, PassState, Level, Preserves } from "../registry";

@final export class Mem2Reg extends PassState {
  private ed: Editor;
  private ac: AssumptionCache;
  private builder: IRBuilder;
  private promoter: PromoteMem2Reg;
  constructor() {
    super();
    let ed = new Editor(), ac = new AssumptionCache(), builder = new IRBuilder();
    this.ed = ed; this.ac = ac; this.builder = builder; this.promoter = new PromoteMem2Reg(ed, ac, builder);
  }

  // Runs mem2reg on function g (a global index), with fa's CFG and dominator tree. Returns true
  // when it changed the function.
  run(g: i32, fa: FunctionAnalyses): bool {
    let entry = gFirstBlock.get(g);
    if (entry < 0) return false;
    if (setHasKind(fnAttrs(gAttrs.get(g)), ATTR_OPTNONE)) return false;
    let promoter = this.promoter, allocas = promoter.allocas.list;
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
        this.ed.beginFunction(g);
        this.ac.begin(g, fa);
      }
      countAllocasPromoted(allocas.len);
      promoter.run(fa, nBlocks);
      fa.dom.invalidateInstOrder();
      changed = true;
    }
    return changed;
  }
}

// The pass table's entry (pipeline/table.ts). It keeps the CFG, so cached dominator trees stay.
export function mem2regPass(): PassInfo {
  return new PassInfo("mem2reg", Level.Function, (c: PassContext): i32 => { (<Mem2Reg>c.state()).run(c.fn, c.analyses); return 0; })
    .perRun((): PassState => new Mem2Reg())
    .keeps(Preserves.CFG).as("PromotePass", true)
    .describe("Promote memory to registers (allocas to SSA values and phis)");
}
