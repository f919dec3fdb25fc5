// The verifier's checks of the preallocated call intrinsics (Verifier::visitIntrinsicCall's
// llvm.call.preallocated.setup / .arg / .teardown): the setup token's users, the argument index,
// the consuming call's preallocated arguments and bundle.
import { VK, vKind, vFirstUse, opNext, opUser, operand } from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { callNumArgs, callNumBundles, bundleTag, bundleFirstOp } from "../../ir/inst";
import { intSExt64 } from "../../ir/constants";
import { ATTR_PREALLOCATED } from "../../ir/attributes";
import { vr } from "./state";
import { opOf } from "./queries";
import { calledFunction, callHasFnAttr, callParamHasAttr, strIdIs } from "./callsite";
import { isIntrinsicNamed } from "./intrinsics";

const SETUP = "llvm.call.preallocated.setup";
const ARG = "llvm.call.preallocated.arg";
const TEARDOWN = "llvm.call.preallocated.teardown";

function isCallOp(op: i32): bool { return op == Op.Call || op == Op.Invoke || op == Op.CallBr; }
// Is v a call (or invoke) of the intrinsic `base`.
function isCallOf(v: i32, base: string): bool {
  return v >= 0 && <i32>vKind.get(v) == VK.Inst && isCallOp(opOf(v)) && isIntrinsicNamed(calledFunction(v), base);
}

// The preallocated intrinsics' checks for call i of f; false when f is none of them.
export function visitPreallocatedIntrinsic(i: i32, f: i32): bool {
  if (isIntrinsicNamed(f, SETUP)) { checkSetup(i); return true; }
  if (isIntrinsicNamed(f, ARG)) {
    if (!isCallOf(operand(i, 1), SETUP)) { vr.fail("llvm.call.preallocated.arg token argument must be a llvm.call.preallocated.setup"); return true; }
    if (!callHasFnAttr(i, ATTR_PREALLOCATED)) vr.fail("llvm.call.preallocated.arg must be called with a \"preallocated\" call site attribute");
    return true;
  }
  if (isIntrinsicNamed(f, TEARDOWN)) {
    if (!isCallOf(operand(i, 1), SETUP)) vr.fail("llvm.call.preallocated.teardown token argument must be a llvm.call.preallocated.setup");
    return true;
  }
  return false;
}

function checkSetup(i: i32): void {
  let n = operand(i, 1);
  if (n < 0 || <i32>vKind.get(n) != VK.ConstInt) return; // an immarg: the attribute checks report it
  let count = intSExt64(n);
  let found = false;
  for (let s = vFirstUse.get(i); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    // (a token's users are calls: LLVM's "must be calls" check cannot fail)
    if (u < 0 || <i32>vKind.get(u) != VK.Inst || !isCallOp(opOf(u))) return;
    let callee = calledFunction(u);
    if (isIntrinsicNamed(callee, ARG)) {
      let idx = callNumArgs(u) > 1 ? operand(u, 2) : -1;
      // (before the immarg check of that call, which comes when the call itself is visited)
      if (idx < 0 || <i32>vKind.get(idx) != VK.ConstInt) { vr.fail("llvm.call.preallocated.alloc arg index must be a constant"); return; }
      let k = intSExt64(idx);
      if (!(k >= 0 && k < count)) {
        vr.fail("llvm.call.preallocated.alloc arg index must be between 0 and corresponding llvm.call.preallocated.setup's argument count");
        return;
      }
      continue;
    }
    if (isIntrinsicNamed(callee, TEARDOWN)) continue;
    if (found) { vr.fail("Can have at most one call corresponding to a llvm.call.preallocated.setup"); return; }
    found = true;
    let na = callNumArgs(u), np = 0;
    for (let k = 0; k < na; k++) if (callParamHasAttr(u, k, ATTR_PREALLOCATED)) np++;
    if (np == 0) { vr.fail("cannot use preallocated intrinsics on a call without preallocated arguments"); return; }
    if (<i64>np != count) {
      vr.fail("llvm.call.preallocated.setup arg size must be equal to number of preallocated arguments at call site");
      vr.w(i); vr.w(u); return;
    }
    let nb = callNumBundles(u), bundle = -1, bundles = 0;
    for (let b = 0; b < nb; b++) if (strIdIs(bundleTag(u, b), "preallocated")) { if (bundle < 0) bundle = b; bundles++; }
    if (bundles > 1) return;
    if (bundle < 0) { vr.fail("Use of llvm.call.preallocated.setup outside intrinsics must be in \"preallocated\" operand bundle"); return; }
    if (operand(u, bundleFirstOp(u, bundle)) != i) {
      vr.fail("preallocated bundle must have token from corresponding llvm.call.preallocated.setup"); return;
    }
  }
}
