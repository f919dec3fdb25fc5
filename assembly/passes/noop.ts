// Entries without effect on the IR: opt's no-op passes, and the analyses a pipeline can name in
// require<>/invalidate<>. wopt builds analyses on demand, so requiring one has no visible effect;
// invalidating a dominator tree drops what a later print<domtree> would show of its cached state.
import { PassContext, PassInfo, Level } from "./registry";

function nothing(c: PassContext): i32 { return 0; }
function dropDomTree(c: PassContext): i32 { c.analyses.states.invalidate(c.fn, false); return 0; }
function dropPostDomTree(c: PassContext): i32 { c.analyses.states.invalidate(c.fn, true); return 0; }

export function noopModulePass(): PassInfo { return new PassInfo("no-op-module", Level.Module, nothing).as("NoOpModulePass").describe("Do nothing"); }
export function noopFunctionPass(): PassInfo { return new PassInfo("no-op-function", Level.Function, nothing).as("NoOpFunctionPass", true).describe("Do nothing"); }
export function verifyDomTreePass(): PassInfo {
  return new PassInfo("verify<domtree>", Level.Function, nothing).as("DominatorTreeVerifierPass").describe("Check the dominator tree (built from scratch here: always consistent)");
}

export function verifierAnalysis(): PassInfo {
  return new PassInfo("verify", Level.Module, nothing).asAnalysis().as("VerifierAnalysis").describe("The verifier's verdict (no output)");
}
export function noopModuleAnalysis(): PassInfo {
  return new PassInfo("no-op-module", Level.Module, nothing).asAnalysis().as("NoOpModuleAnalysis").describe("Nothing");
}
export function domTreeAnalysis(): PassInfo {
  return new PassInfo("domtree", Level.Function, dropDomTree).asAnalysis().as("DominatorTreeAnalysis").describe("The dominator tree");
}
export function postDomTreeAnalysis(): PassInfo {
  return new PassInfo("postdomtree", Level.Function, dropPostDomTree).asAnalysis().as("PostDominatorTreeAnalysis").describe("The post-dominator tree");
}
export function noopFunctionAnalysis(): PassInfo {
  return new PassInfo("no-op-function", Level.Function, nothing).asAnalysis().as("NoOpFunctionAnalysis").describe("Nothing");
}
