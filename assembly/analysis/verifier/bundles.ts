// The operand bundles of a call (Verifier::visitCallBase): at most one bundle of each kind that
// has a meaning, with the inputs each kind needs; clang.arc.attachedcall's callee; and no ptrauth
// bundle on a direct call.
import { T_I32, T_I64, T_VOID, tyA, isPtr } from "../../ir/types";
import { VK, vKind, vType, operand } from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { callFnType, callNumBundles, bundleTag, bundleNumOps, bundleFirstOp } from "../../ir/inst";
import { ATTR_KW } from "../../ir/attributes";
import { vr } from "./state";
import { opOf } from "./queries";
import { calledFunction, callHasFnAttr, fnNamed, strIdIs } from "./callsite";

const B_DEOPT = 1, B_FUNCLET = 2, B_GCTRANSITION = 4, B_CFGUARD = 8, B_PREALLOCATED = 16, B_GCLIVE = 32,
  B_PTRAUTH = 64, B_KCFI = 128, B_ATTACHED = 256;

// False after a failed check (which ends the call's verification).
export function visitOperandBundles(i: i32): bool {
  let seen = 0;
  let n = callNumBundles(i);
  for (let b = 0; b < n; b++) {
    let tag = bundleTag(i, b);
    let m = bundleNumOps(i, b);
    let first = bundleFirstOp(i, b);
    let in0 = m > 0 ? operand(i, first) : -1;
    if (strIdIs(tag, "deopt")) {
      if (seen & B_DEOPT) { vr.bad("Multiple deopt operand bundles", i); return false; }
      seen |= B_DEOPT;
    } else if (strIdIs(tag, "gc-transition")) {
      if (seen & B_GCTRANSITION) { vr.bad("Multiple gc-transition operand bundles", i); return false; }
      seen |= B_GCTRANSITION;
    } else if (strIdIs(tag, "funclet")) {
      if (seen & B_FUNCLET) { vr.bad("Multiple funclet operand bundles", i); return false; }
      seen |= B_FUNCLET;
      if (m != 1) { vr.bad("Expected exactly one funclet bundle operand", i); return false; }
      let op = in0 >= 0 && <i32>vKind.get(in0) == VK.Inst ? opOf(in0) : Op.None;
      if (op != Op.CatchPad && op != Op.CleanupPad) { vr.bad("Funclet bundle operands should correspond to a FuncletPadInst", i); return false; }
    } else if (strIdIs(tag, "cfguardtarget")) {
      if (seen & B_CFGUARD) { vr.bad("Multiple CFGuardTarget operand bundles", i); return false; }
      seen |= B_CFGUARD;
      if (m != 1) { vr.bad("Expected exactly one cfguardtarget bundle operand", i); return false; }
    } else if (strIdIs(tag, "ptrauth")) {
      if (seen & B_PTRAUTH) { vr.bad("Multiple ptrauth operand bundles", i); return false; }
      seen |= B_PTRAUTH;
      if (m != 2) { vr.bad("Expected exactly two ptrauth bundle operands", i); return false; }
      if (!(<i32>vKind.get(in0) == VK.ConstInt && vType.get(in0) == T_I32)) { vr.bad("Ptrauth bundle key operand must be an i32 constant", i); return false; }
      if (vType.get(operand(i, first + 1)) != T_I64) { vr.bad("Ptrauth bundle discriminator operand must be an i64", i); return false; }
    } else if (strIdIs(tag, "kcfi")) {
      if (seen & B_KCFI) { vr.bad("Multiple kcfi operand bundles", i); return false; }
      seen |= B_KCFI;
      if (m != 1) { vr.bad("Expected exactly one kcfi bundle operand", i); return false; }
      if (!(<i32>vKind.get(in0) == VK.ConstInt && vType.get(in0) == T_I32)) { vr.bad("Kcfi bundle operand must be an i32 constant", i); return false; }
    } else if (strIdIs(tag, "preallocated")) {
      if (seen & B_PREALLOCATED) { vr.bad("Multiple preallocated operand bundles", i); return false; }
      seen |= B_PREALLOCATED;
      if (m != 1) { vr.bad("Expected exactly one preallocated bundle operand", i); return false; }
      if (!isIntrinsicCallOf(in0, "llvm.call.preallocated.setup")) {
        vr.bad("\"preallocated\" argument must be a token from llvm.call.preallocated.setup", i); return false;
      }
    } else if (strIdIs(tag, "gc-live")) {
      if (seen & B_GCLIVE) { vr.bad("Multiple gc-live operand bundles", i); return false; }
      seen |= B_GCLIVE;
    } else if (strIdIs(tag, "clang.arc.attachedcall")) {
      if (seen & B_ATTACHED) { vr.bad("Multiple \"clang.arc.attachedcall\" operand bundles", i); return false; }
      seen |= B_ATTACHED;
      verifyAttachedCallBundle(i, m, in0);
    }
  }
  if ((seen & B_PTRAUTH) != 0 && calledFunction(i) >= 0) { vr.bad("Direct call cannot have a ptrauth bundle", i); return false; }
  return true;
}

// A call instruction whose called function is the intrinsic `name`.
export function isIntrinsicCallOf(v: i32, name: string): bool {
  if (v < 0 || <i32>vKind.get(v) != VK.Inst) return false;
  let op = opOf(v);
  if (op != Op.Call && op != Op.Invoke && op != Op.CallBr) return false;
  return fnNamed(calledFunction(v), name);
}

const ATTR_NORETURN: i32 = ATTR_KW.indexOf("noreturn");
// Verifier::verifyAttachedCallBundle (its failures end only this check).
function verifyAttachedCallBundle(i: i32, m: i32, in0: i32): void {
  let rt = tyA.get(callFnType(i));
  if (!(isPtr(rt) || (rt == T_VOID && callHasFnAttr(i, ATTR_NORETURN)))) {
    vr.bad("a call with operand bundle \"clang.arc.attachedcall\" must call a function returning a pointer or a non-returning function that has a void return type", i);
    return;
  }
  if (m != 1 || <i32>vKind.get(in0) != VK.Function) {
    vr.bad("operand bundle \"clang.arc.attachedcall\" requires one function as an argument", i); return;
  }
  if (!(fnNamed(in0, "llvm.objc.retainAutoreleasedReturnValue") || fnNamed(in0, "llvm.objc.unsafeClaimAutoreleasedReturnValue") ||
      fnNamed(in0, "objc_retainAutoreleasedReturnValue") || fnNamed(in0, "objc_unsafeClaimAutoreleasedReturnValue"))) {
    vr.bad("invalid function argument", i);
  }
}
