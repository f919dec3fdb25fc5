// The pass table: every pass wopt knows, one line each, in the order -print-passes lists them.
// Adding a pass: write it (a file or folder in passes/) with a `...Pass()` function describing it
// (registry.ts), and add that call here.
import { PassInfo } from "../passes/registry";
import { verifyModulePass, verifyFunctionPass } from "../passes/verify";
import {
  noopModulePass, noopFunctionPass, verifyDomTreePass,
  verifierAnalysis, noopModuleAnalysis, domTreeAnalysis, postDomTreeAnalysis, noopFunctionAnalysis,
} from "../passes/noop";
import { mergefuncPass } from "../passes/mergefunc/pass";
import { debugifyPass, checkDebugifyPass } from "../passes/debugify";
import { repoMetadataPass, repoPrunePass } from "../passes/repo/pass";
import { mem2regPass } from "../passes/mem2reg/pass";
import { printDomTreePass, printPostDomTreePass } from "../passes/domprint";
import { globalMergeFuncPass } from "../passes/gmf/pass";
import { printStructuralHashPass, printStructuralHashDetailedPass, printStructuralHashCallTargetIgnoredPass } from "../passes/gmf/print-hash";
import { dotCfgPass, dotCfgOnlyPass, dotDomPass, dotDomOnlyPass, dotPostDomPass, dotPostDomOnlyPass } from "../passes/dot";

function buildTable(): PassInfo[] {
  return [
    // module passes
    verifyModulePass(),
    noopModulePass(),
    mergefuncPass(),
    globalMergeFuncPass(),
    debugifyPass(),
    checkDebugifyPass(),
    repoMetadataPass(),
    repoPrunePass(),
    printStructuralHashPass(),
    printStructuralHashDetailedPass(),
    printStructuralHashCallTargetIgnoredPass(),
    // function passes
    verifyFunctionPass(),
    noopFunctionPass(),
    mem2regPass(),
    printDomTreePass(),
    printPostDomTreePass(),
    verifyDomTreePass(),
    dotCfgPass(),
    dotCfgOnlyPass(),
    dotDomPass(),
    dotDomOnlyPass(),
    dotPostDomPass(),
    dotPostDomOnlyPass(),
    // analyses (require<name>, invalidate<name>)
    verifierAnalysis(),
    noopModuleAnalysis(),
    domTreeAnalysis(),
    postDomTreeAnalysis(),
    noopFunctionAnalysis(),
  ];
}

// Built on first use after each arena reset (the reset frees the heap the entries live in).
let table: PassInfo[] | null = null;
export function passTable(): PassInfo[] {
  if (table == null) table = buildTable();
  return table!;
}
export function resetPassTable(): void { table = null; }
// Adds a pass until the next reset (embedders, tests).
export function registerPass(p: PassInfo): void { passTable().push(p); }
