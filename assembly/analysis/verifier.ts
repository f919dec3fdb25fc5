// The IR verifier (`-passes=verify`, and the CLI's check of its input and output), after LLVM 19's
// lib/IR/Verifier.cpp: the same checks in the same order, with the same message text, each
// followed by the values it concerns printed as opt prints them. A failed check ends the visit of
// that one thing (function, block or instruction) and verification goes on, so several messages
// may be reported, as opt does. This file is the entry; the checks are in verifier/ by IR area.
import { VK, vKind, vParent, numOperands, opVal, iOps, valueCount } from "../ir/values";
import { GK, gKind, gFlags, GF_ERASED, globalCount } from "../ir/globals";
import { begin, broken, setWalkUsers } from "./verifier/state";
import { verifyFunction } from "./verifier/function";
import { visitGlobalVariable } from "./verifier/globals";

export { verifierOutput } from "./verifier/state";
import { resetVerifier as resetVerifierState } from "./verifier/state";
import { resetMDCommon } from "./verifier/md-common";
import { resetMDAttach } from "./verifier/md-attach";
import { resetMDRange } from "./verifier/md-range";
import { resetMDTBAA } from "./verifier/md-tbaa";
import { resetModuleMD, verifyModuleMetadata } from "./verifier/module-md";
export function resetVerifier(): void {
  resetVerifierState(); resetMDCommon(); resetMDAttach(); resetMDRange(); resetMDTBAA(); resetModuleMD();
}
import { debugInfoBroken } from "./verifier/state";
// After verifyModule: a debug-info check failed (the IR itself may be fine).
export function verifierDebugInfoBroken(): bool { return debugInfoBroken; }

// Verifies the whole module; false when it is broken (messages in verifierOutput()).
export function verifyModule(): bool {
  begin();
  setWalkUsers(hasDetachedUsers());
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0) continue;
    verifyFunction(g);
  }
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Var || (gFlags.get(g) & GF_ERASED) != 0) continue;
    visitGlobalVariable(g);
  }
  // (aliases, ifuncs, then) named metadata, module flags, llvm.ident, llvm.commandline
  verifyModuleMetadata();
  return !broken;
}

// Verifies one function (global index), as opt's function-level `verify` pass does.
export function verifyOneFunction(g: i32): bool {
  begin();
  setWalkUsers(true); // deciding it would cost a scan of the module per function
  verifyFunction(g);
  return !broken;
}

// True when an erased value or an instruction outside any block still holds a linked operand
// (use lists and operand slots agree, so only such operands can have such users).
function hasDetachedUsers(): bool {
  let n = valueCount();
  for (let u = 0; u < n; u++) {
    let k = <i32>vKind.get(u);
    if (k != VK.Dead && !(k == VK.Inst && vParent.get(u) < 0)) continue;
    let s = iOps.get(u), m = numOperands(u);
    for (let j = 0; j < m; j++) if (opVal.get(s + j) >= 0) return true;
  }
  return false;
}
