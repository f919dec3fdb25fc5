// The verifier's checks of calls, invokes and callbrs (Verifier::visitCallBase).
import { tyA, tyFlags, T_TOKEN, T_METADATA, T_X86AMX, TF_VARARG, listLen, listAt, isPtr } from "../../ir/types";
import { VK, vKind, vType, vA, operand, iMD } from "../../ir/values";
import { gValueType, gMD, gFirstBlock, gLinkage, Linkage } from "../../ir/globals";
import { findAttachment, MDK_DBG } from "../../ir/metadata";
import { callFnType, callAttrs, callNumArgs } from "../../ir/inst";
import { paramAttrs, setHasKind } from "../../ir/attributes";
import { ATTR_IMMARG, attrCount, intrinsicFn, isIntrinsic, operandType } from "./queries";
import { calledFunction } from "./callsite";
import { visitIntrinsicCall } from "./intrinsics";
import { visitOperandBundles } from "./bundles";
import { verifyInlineAsmCall } from "./callbr";
import { visitConvergenceCall } from "./convergence";
import { vr } from "./state";
import { visitInstruction } from "./instruction";
import { verifyCallAttributes } from "./attrs";

export function visitCallBase(i: i32): void {
  let callee = operand(i, 0);
  if (!isPtr(operandType(callee))) { vr.bad("Called function must be a pointer!", i); return; }
  let ft = callFnType(i);
  let np = listLen(ft), na = callNumArgs(i);
  if (tyFlags.get(ft) & TF_VARARG) {
    if (na < np) { vr.bad("Called function requires more parameters than were provided!", i); return; }
  } else if (na != np) { vr.bad("Incorrect number of arguments passed to called function!", i); return; }
  for (let k = 0; k < np; k++) {
    let a = operand(i, 1 + k);
    if (vType.get(a) != listAt(ft, k)) { vr.fail("Call parameter type does not match function signature!"); vr.w(a); vr.wt(listAt(ft, k)); vr.w(i); return; }
  }
  let ca = callAttrs(i);
  if (attrCount(ca) > na + 2) { vr.bad("Attribute after last parameter!", i); return; }
  let intrinsic = isIntrinsic(callee);
  if (intrinsic && gValueType.get(vA.get(callee)) != ft) { vr.bad("Intrinsic called with incompatible signature", i); return; }
  if (!verifyCallAttributes(i, intrinsic)) return;
  if (!intrinsic) {
    for (let k = 0; k < np; k++) {
      let pt = listAt(ft, k);
      if (pt == T_METADATA) { vr.bad("Function has metadata parameter but isn't an intrinsic", i); return; }
      if (pt == T_TOKEN) { vr.bad("Function has token parameter but isn't an intrinsic", i); return; }
    }
  }
  let called = calledFunction(i);
  // "indirect": no function of the call's own type is called (a mismatched direct callee counts)
  if (called < 0) {
    if (tyA.get(ft) == T_TOKEN) { vr.fail("Return type cannot be token for indirect call!"); return; }
    if (tyA.get(ft) == T_X86AMX) { vr.fail("Return type cannot be x86_amx for indirect call!"); return; }
  }
  if (called >= 0 && intrinsicFn(called)) visitIntrinsicCall(i, called);
  if (!visitOperandBundles(i)) return;
  // The inliner needs a location for an inlinable call in a function with debug info: a direct
  // call of a definition with a subprogram whose linkage does not let another definition win.
  if (<i32>vKind.get(callee) == VK.Function && findAttachment(gMD.get(vr.curFn), MDK_DBG) >= 0 && findAttachment(iMD.get(i), MDK_DBG) < 0) {
    let g = vA.get(callee), l = <i32>gLinkage.get(g);
    let interposable = l == Linkage.Weak || l == Linkage.LinkOnce || l == Linkage.Common || l == Linkage.ExternWeak;
    if (!interposable && gFirstBlock.get(g) >= 0 && findAttachment(gMD.get(g), MDK_DBG) >= 0) {
      vr.failDebugInfo("inlinable function call in a function with debug info must have a !dbg location"); vr.w(i); return;
    }
  }
  if (<i32>vKind.get(callee) == VK.InlineAsm) verifyInlineAsmCall(i);
  visitConvergenceCall(i);
  visitInstruction(i);
}
