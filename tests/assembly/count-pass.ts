// A pass that exists only for the pass-table spec: it counts each function's instructions and
// prints "<name>: <n> instructions" for those with at least `count-min`. Adding it to wopt took
// this file and one registration line (pass-table.spec.ts), as for any pass (pipeline/table.ts).
import { PassContext, PassInfo, Level, OptionKind } from "../../assembly/passes/registry";
import { gFirstBlock, gValue } from "../../assembly/ir/globals";
import { iNext, firstInst, vName } from "../../assembly/ir/values";
import { strtab } from "../../assembly/ir/module";

function countInstructions(c: PassContext): i32 {
  let n = 0;
  for (let b = gFirstBlock.get(c.fn); b >= 0; b = iNext.get(b))
    for (let i = firstInst(b); i >= 0; i = iNext.get(i)) n++;
  if (n < c.uint("count-min")) return 0;
  c.out.strId(strtab, vName.get(gValue.get(c.fn)));
  c.out.str(": "); c.out.u32(<u32>n); c.out.str(" instructions\n");
  return 0;
}

export function countInstructionsPass(): PassInfo {
  return new PassInfo("count-instructions", Level.Function, countInstructions)
    .describe("Print each function's instruction count")
    .option("count-min", OptionKind.UInt, "0", "only functions with at least this many instructions");
}
