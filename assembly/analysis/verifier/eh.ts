// The verifier's checks of exception handling: landingpad, resume, the funclet pads, catchswitch,
// catchret and cleanupret, and what may precede an EH pad.
import { isPtr } from "../../ir/types";
import { VK, vKind, vType, vParent, vFirstUse, iFlags, operand, numOperands, opUser, opNext } from "../../ir/values";
import { gFirstBlock } from "../../ir/globals";
import { Op, isTerminator, F_UNWIND_CALLER, F_CLEANUP } from "../../ir/opcodes";
import { listCount, listItem } from "../../ir/inst";
import { vr } from "./state";
import { firstNonPhi, hasPersonality, invokeNormal, invokeUnwind, isEHPadOp, isInstOp, opOf } from "./queries";
import { visitInstruction, visitTerminator } from "./instruction";
import { addSibling, funcletPadPredecessors, funcletPadUnwinds } from "./eh-funclets";

// Verifier::visitEHPadPredecessors (its failed check ends only itself); the funclet pads' edges
// are checked in eh-funclets.ts.
function ehPadPredecessors(i: i32): void {
  let b = vParent.get(i);
  if (b == gFirstBlock.get(vr.curFn)) { vr.bad("EH pad cannot be in entry block.", i); return; }
  if (opOf(i) != Op.LandingPad) { funcletPadPredecessors(i); return; }
  for (let s = vFirstUse.get(b); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (<i32>vKind.get(u) != VK.Inst || !isTerminator(opOf(u))) continue;
    if (!(opOf(u) == Op.Invoke && invokeUnwind(u) == b && invokeNormal(u) != b)) {
      vr.bad("Block containing LandingPadInst must be jumped to only by the unwind edge of an invoke.", i); return;
    }
  }
}

export function visitLandingPad(i: i32): void {
  if (listCount(i) == 0 && (iFlags.get(i) & F_CLEANUP) == 0) { vr.bad("LandingPadInst needs at least one clause or to be a cleanup.", i); return; }
  ehPadPredecessors(i);
  if (vr.landingPadTypeDiffers(vType.get(i))) { vr.bad("The landingpad instruction should have a consistent result type inside a function.", i); return; }
  if (!hasPersonality()) { vr.bad("LandingPadInst needs to be in a function with a personality.", i); return; }
  if (firstNonPhi(vParent.get(i)) != i) { vr.bad("LandingPadInst not the first non-PHI instruction in the block.", i); return; }
  let nc = listCount(i);
  for (let k = 0; k < nc; k++) {
    let c = operand(i, k);
    if (listItem(i, k) == 0) { if (!isPtr(vType.get(c))) { vr.bad("Catch operand does not have pointer type!", i); return; } }
    else {
      let ck = <i32>vKind.get(c);
      if (!(ck == VK.ConstArray || ck == VK.ConstZero || ck == VK.ConstData)) { vr.bad("Filter operand is not an array of constants!", i); return; }
    }
  }
  visitInstruction(i);
}

export function visitCatchSwitch(i: i32): void {
  if (!hasPersonality()) { vr.bad("CatchSwitchInst needs to be in a function with a personality.", i); return; }
  let b = vParent.get(i);
  if (firstNonPhi(b) != i) { vr.bad("CatchSwitchInst not the first non-PHI instruction in the block.", i); return; }
  let parent = operand(i, 0);
  if (!(<i32>vKind.get(parent) == VK.ConstNone || isInstOp(parent, Op.CatchPad) || isInstOp(parent, Op.CleanupPad))) { vr.bad("CatchSwitchInst has an invalid parent.", parent); return; }
  let n = numOperands(i);
  let hasUnwind = (iFlags.get(i) & F_UNWIND_CALLER) == 0;
  if (hasUnwind) {
    let p = firstNonPhi(operand(i, n - 1));
    if (p < 0 || !isEHPadOp(opOf(p)) || opOf(p) == Op.LandingPad) { vr.bad("CatchSwitchInst must unwind to an EH block which is not a landingpad.", i); return; }
    if (operand(p, 0) == parent) addSibling(i, i);
  }
  let nh = hasUnwind ? n - 2 : n - 1;
  if (nh == 0) { vr.bad("CatchSwitchInst cannot have empty handler list", i); return; }
  for (let k = 0; k < nh; k++) {
    let h = operand(i, 1 + k);
    if (!isInstOp(firstNonPhi(h), Op.CatchPad)) { vr.bad("CatchSwitchInst handlers must be catchpads", i); vr.w(h); return; }
  }
  ehPadPredecessors(i);
  visitTerminator(i);
}

export function visitResume(i: i32): void {
  if (!hasPersonality()) { vr.bad("ResumeInst needs to be in a function with a personality.", i); return; }
  if (vr.landingPadTypeDiffers(vType.get(operand(i, 0)))) { vr.bad("The resume instruction should have a consistent result type inside a function.", i); return; }
  visitTerminator(i);
}

export function visitFuncletPad(i: i32, op: i32): void {
  let cp = op == Op.CatchPad;
  if (!hasPersonality()) { vr.bad(cp ? "CatchPadInst needs to be in a function with a personality." : "CleanupPadInst needs to be in a function with a personality.", i); return; }
  let parent = operand(i, 0);
  if (cp && !isInstOp(parent, Op.CatchSwitch)) { vr.bad("CatchPadInst needs to be directly nested in a CatchSwitchInst.", parent); return; }
  if (firstNonPhi(vParent.get(i)) != i) { vr.bad(cp ? "CatchPadInst not the first non-PHI instruction in the block." : "CleanupPadInst not the first non-PHI instruction in the block.", i); return; }
  if (!cp && !(<i32>vKind.get(parent) == VK.ConstNone || isInstOp(parent, Op.CatchPad) || isInstOp(parent, Op.CleanupPad))) { vr.bad("CleanupPadInst has an invalid parent.", i); return; }
  ehPadPredecessors(i);
  if (!funcletPadUnwinds(i)) return;
  visitInstruction(i);
}

export function visitCatchRet(i: i32): void {
  if (!isInstOp(operand(i, 0), Op.CatchPad)) { vr.bad("CatchReturnInst needs to be provided a CatchPad", i); vr.w(operand(i, 0)); return; }
  visitTerminator(i);
}

export function visitCleanupRet(i: i32): void {
  let n = numOperands(i);
  if (!isInstOp(operand(i, 0), Op.CleanupPad)) { vr.bad("CleanupReturnInst needs to be provided a CleanupPad", i); vr.w(operand(i, 0)); return; }
  if (n > 1) {
    let p = firstNonPhi(operand(i, 1));
    if (p < 0 || !isEHPadOp(opOf(p)) || opOf(p) == Op.LandingPad) { vr.bad("CleanupReturnInst must unwind to an EH block which is not a landingpad.", i); return; }
  }
  visitTerminator(i);
}
