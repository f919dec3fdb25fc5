// The verifier's checks of globals: what every global value shares, and global variables.
import { TK, tyKind } from "../../ir/types";
import { vType, operand } from "../../ir/values";
import { GK, gKind, gValue, gFlags, GF_DEFINED, gValueType, gLinkage, Linkage, GF_CONSTANT, gMD } from "../../ir/globals";
import { attKind, attMD, attNext, MDK_DBG } from "../../ir/metadata";
import { isNullValue } from "../../ir/constants";
import { vr } from "./state";
import { visitDIGlobalVariableExpression, isGlobalVariableExpression } from "./md-di-scopes";

export function visitGlobalValue(g: i32): bool {
  let l = <i32>gLinkage.get(g);
  if ((gFlags.get(g) & GF_DEFINED) == 0 && l != Linkage.External && l != Linkage.ExternWeak) {
    vr.bad("Global is external, but doesn't have external or weak linkage!", gValue.get(g)); return false;
  }
  if (l == Linkage.Appending && <i32>gKind.get(g) != GK.Var) { vr.bad("Only global variables can have appending linkage!", gValue.get(g)); return false; }
  return true;
}

export function visitGlobalVariable(g: i32): void {
  let v = gValue.get(g);
  let init = operand(v, 0);
  if (init >= 0 && (gFlags.get(g) & GF_DEFINED) != 0) {
    if (vType.get(init) != gValueType.get(g)) { vr.bad("Global variable initializer type does not match global variable type!", v); return; }
    if (<i32>gLinkage.get(g) == Linkage.Common) {
      if (!isNullValue(init)) { vr.bad("'common' global must have a zero initializer!", v); return; }
      if (gFlags.get(g) & GF_CONSTANT) { vr.bad("'common' global may not be marked constant!", v); return; }
    }
  }
  // its !dbg attachments: the checks of each DIGlobalVariableExpression (run here, and again
  // when the metadata walk reaches the node)
  for (let a = gMD.get(g); a >= 0; a = attNext.get(a)) {
    if (attKind.get(a) != MDK_DBG) continue;
    let md = attMD.get(a);
    if (isGlobalVariableExpression(md)) visitDIGlobalVariableExpression(md);
    else { vr.failDebugInfo("!dbg attachment of global variable must be a DIGlobalVariableExpression"); return; }
  }
  if (<i32>gLinkage.get(g) == Linkage.Appending && <i32>tyKind.get(gValueType.get(g)) != TK.Array) {
    vr.bad("Only global arrays can have appending linkage!", v); return;
  }
  visitGlobalValue(g);
}
