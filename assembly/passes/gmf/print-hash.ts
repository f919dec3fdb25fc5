// print<structural-hash>, print<structural-hash><detailed> and
// print<structural-hash><call-target-ignored>: LLVM 22's StructuralHashPrinterPass, to the pass
// output (stderr) as opt-22 writes it:
//
//   Module Hash: <16 hex digits>
//   Function <name> Hash: <16 hex digits>           (each definition)
//   \tIgnored Operand Hash: <16 hex> at (<instruction>,<operand>)   (call-target-ignored)
//
// They show the hashes GlobalMergeFunctions builds on (structural-hash.ts). LLVM 19's printer
// prints other hashes; these passes are LLVM 22's only.
import { OutBuf } from "../../util/outbuf";
import { strtab } from "../../ir/module";
import { vName } from "../../ir/values";
import { GK, gKind, gValue, gFlags, gFirstBlock, globalCount, GF_ERASED, GF_DEFINED } from "../../ir/globals";
import { StructuralHasher, FunctionHashInfo, IgnoreRule } from "./structural-hash";
import { PassContext, PassInfo, Level } from "../registry";

function hex16(o: OutBuf, h: u64): void { o.hex(h, 16, false); }

function printHashes(out: OutBuf, rule: IgnoreRule, detailed: bool): void {
  let hasher = new StructuralHasher();
  out.str("Module Hash: "); hex16(out, hasher.moduleHash(detailed)); out.byte(10);
  let info = new FunctionHashInfo();
  let n = globalCount();
  for (let g = 0; g < n; g++) {
    if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0 || (gFlags.get(g) & GF_DEFINED) == 0 || gFirstBlock.get(g) < 0) continue;
    out.str("Function ");
    let nm = vName.get(gValue.get(g));
    if (nm >= 0) out.strId(strtab, nm);
    out.str(" Hash: ");
    if (rule == IgnoreRule.CallConstants) {
      hasher.hashFunction(g, rule, info);
      hex16(out, info.hash); out.byte(10);
      for (let k = 0; k < info.order.len; k++) {
        let p = info.order.get(k);
        out.str("\tIgnored Operand Hash: "); hex16(out, <u64>info.pairHash.get(p));
        out.str(" at ("); out.int(info.pairInst.get(p)); out.byte(44); out.int(info.pairOp.get(p)); out.str(")\n");
      }
    } else {
      let h = detailed ? hasher.hashFunction(g, IgnoreRule.None, null) : hasher.plainFunctionHash(g);
      hex16(out, h); out.byte(10);
    }
  }
}

function runPlain(c: PassContext): i32 { printHashes(c.out, IgnoreRule.None, false); return 0; }
function runDetailed(c: PassContext): i32 { printHashes(c.out, IgnoreRule.None, true); return 0; }
function runCallTargetIgnored(c: PassContext): i32 { printHashes(c.out, IgnoreRule.CallConstants, true); return 0; }

export function printStructuralHashPass(): PassInfo {
  return new PassInfo("print<structural-hash>", Level.Module, runPlain).as("StructuralHashPrinterPass").since(22)
    .describe("Print the structural hash of the module and of each function (LLVM 22)");
}
export function printStructuralHashDetailedPass(): PassInfo {
  return new PassInfo("print<structural-hash><detailed>", Level.Module, runDetailed).as("StructuralHashPrinterPass").since(22)
    .describe("Print the detailed structural hashes (operands included), as GlobalMergeFunctions computes them");
}
export function printStructuralHashCallTargetIgnoredPass(): PassInfo {
  return new PassInfo("print<structural-hash><call-target-ignored>", Level.Module, runCallTargetIgnored).as("StructuralHashPrinterPass").since(22)
    .describe("Print the detailed structural hashes with the constant operands of calls left out, and theirs");
}
