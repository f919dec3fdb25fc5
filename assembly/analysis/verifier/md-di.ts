// Verifier::visitDI*: the checks of LLVM's specialized debug-info nodes, run once per node by the
// metadata walk (md-walk.ts) before its operands are walked, as visitMDNode does. A failed check is
// a debug-info failure (CheckDI: vr.failDebugInfo, then the node and the operands concerned), and
// ends that node's own checks only; the walk goes on. The checks are split by node family: types
// (md-di-types.ts) and scopes, variables and the rest (md-di-scopes.ts).
import { visitDITypeNode } from "./md-di-types";
import { visitDIScopeNode } from "./md-di-scopes";

export function visitDINode(m: i32): void {
  if (!visitDITypeNode(m)) visitDIScopeNode(m);
}
