// callbr (Verifier::visitCallBrInst) and the constraints of inline asm calls
// (Verifier::verifyInlineAsmCall).
import { strtab } from "../../ir/module";
import { isPtr } from "../../ir/types";
import { VK, vKind, vType, vA, vB, iFlags, operand } from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { llvmVersion } from "../../ir/version";
import { callNumArgs, callNumBundles, callNumIndirect, callFirstDest } from "../../ir/inst";
import { ATTR_KW } from "../../ir/attributes";
import { vr } from "./state";
import { nameStarts, opOf } from "./queries";
import { calledFunction, callParamHasAttr, fnNamed } from "./callsite";
import { isIntrinsicCallOf } from "./bundles";
import { visitIntrinsicCall } from "./intrinsics";
import { visitTerminator } from "./instruction";

const ASM_UNWIND = 8;

export function visitCallBr(i: i32): void {
  let callee = operand(i, 0);
  if (<i32>vKind.get(callee) != VK.InlineAsm) {
    // LLVM 22 also lets callbr call a few intrinsics
    if (llvmVersion < 22) { vr.bad("Callbr is currently only used for asm-goto!", i); return; }
    let f = calledFunction(i);
    if (f < 0) { vr.fail("Callbr: indirect function / invalid signature"); return; }
    if (callNumBundles(i) > 0) { vr.fail("Callbr for intrinsics currently doesn't support operand bundles"); return; }
    if (fnNamed(f, "llvm.amdgcn.kill")) {
      if (callNumIndirect(i) != 1) { vr.fail("Callbr amdgcn_kill only supports one indirect dest"); return; }
      let dest = operand(i, callFirstDest(i) + 1);
      let first = dest >= 0 && <i32>vKind.get(dest) == VK.Block ? vA.get(dest) : -1;
      if (!(first >= 0 && (opOf(first) == Op.Unreachable || (opOf(first) == Op.Call && isIntrinsicCallOf(first, "llvm.amdgcn.unreachable"))))) {
        vr.fail("Callbr amdgcn_kill indirect dest needs to be unreachable"); return;
      }
    } else {
      vr.fail("Callbr currently only supports asm-goto and selected intrinsics");
      // opt goes on to the intrinsic's checks (and fails on a callee that is none)
      if (!nameStarts(f, "llvm.")) return;
    }
    visitIntrinsicCall(i, f);
    visitTerminator(i);
    return;
  }
  if ((iFlags.get(callee) & ASM_UNWIND) != 0) { vr.fail("Unwinding from Callbr is not allowed"); return; }
  verifyInlineAsmCall(i);
  visitTerminator(i);
}

const ATTR_ELEMENTTYPE: i32 = ATTR_KW.indexOf("elementtype");
const C_COMMA = 44, C_TILDE = 126, C_EQ = 61, C_BANG = 33, C_STAR = 42;

// The constraints of the called inline asm: arguments of indirect constraints are pointers with an
// elementtype, others have none; label constraints match callbr's indirect destinations. A
// failure ends only this check.
export function verifyInlineAsmCall(i: i32): void {
  let asm = operand(i, 0);
  let cs = vB.get(asm);
  let labels = 0, arg = 0;
  if (cs >= 0) {
    let p = strtab.ptrOf(cs), n = strtab.lenOf(cs);
    let at = 0;
    while (at <= n) {
      // one comma-separated constraint: its prefix, then whether it is indirect
      let end = at;
      while (end < n && <i32>load<u8>(p + <usize>end) != C_COMMA) end++;
      let c = at < end ? <i32>load<u8>(p + <usize>at) : 0;
      let k = at;
      let isOut = false, isLabel = false, isClobber = false;
      if (c == C_TILDE) { isClobber = true; k++; }
      else if (c == C_EQ) { isOut = true; k++; }
      else if (c == C_BANG) { isLabel = true; k++; }
      let indirect = k < end && <i32>load<u8>(p + <usize>k) == C_STAR;
      if (isLabel) labels++;
      else if (!isClobber && (!isOut || indirect) && at < end) {
        if (arg < callNumArgs(i)) {
          if (indirect) {
            if (!isPtr(vType.get(operand(i, 1 + arg)))) { vr.bad("Operand for indirect constraint must have pointer type", i); return; }
            if (!callParamHasAttr(i, arg, ATTR_ELEMENTTYPE)) { vr.bad("Operand for indirect constraint must have elementtype attribute", i); return; }
          } else if (callParamHasAttr(i, arg, ATTR_ELEMENTTYPE)) {
            vr.bad("Elementtype attribute can only be applied for indirect constraints", i); return;
          }
        }
        arg++;
      }
      at = end + 1;
    }
  }
  if (opOf(i) == Op.CallBr) {
    if (labels != callNumIndirect(i)) vr.bad("Number of label constraints does not match number of callbr dests", i);
  } else if (labels != 0) vr.bad("Label constraints can only be used with callbr", i);
}
