// The pass table: every pass wopt knows, one line each, in the order -print-passes lists them.
// Adding a pass: write it (a file or folder in passes/) with a `...Pass()` function describing it
// (registry.ts), and add that call here.
import { PassInfo } from "./registry";
import { verifyModulePass, verifyFunctionPass } from "./verify";
import {
  noopModulePass, noopFunctionPass, verifyDomTreePass,
  verifierAnalysis, noopModuleAnalysis, domTreeAnalysis, postDomTreeAnalysis, noopFunctionAnalysis,
} from "./noop";
import { mergefuncPass } from "./mergefunc/pass";
import { debugifyPass, checkDebugifyPass } from "./debugify";
import { repoMetadataPass, repoPrunePass } from "./repo/pass";
import { mem2regPass } from "./mem2reg/pass";
import { printDomTreePass, printPostDomTreePass } from "./domprint";
import { globalMergeFuncPass } from "./gmf/pass";
import { printStructuralHashPass, printStructuralHashDetailedPass, printStructuralHashCallTargetIgnoredPass } from "./gmf/print-hash";
import { dotCfgPass, dotCfgOnlyPass, dotDomPass, dotDomOnlyPass, dotPostDomPass, dotPostDomOnlyPass } from "./dot";

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
