// The IR verifier (`-passes=verify`, and the CLI's check of its input and output), after LLVM 19's
// lib/IR/Verifier.cpp: the same checks in the same order, with the same message text, each
// followed by the values it concerns printed as opt prints them. A failed check ends the visit of
// that one thing (function, block or instruction) and verification goes on, so several messages
// may be reported, as opt does. This file is the entry; the checks are in verifier/ by IR area.
import { VK, vKind, vParent, numOperands, opVal, iOps, valueCount } from "../ir/values";
import { GK, gKind, gFlags, GF_ERASED, globalCount } from "../ir/globals";
import { Verifier, vr, installVerifier, saveVerifier } from "./verifier/state";
import { verifyFunction } from "./verifier/function";
import { visitGlobalVariable } from "./verifier/globals";
import { verifyModuleMetadata } from "./verifier/module-md";
import { visitAliasesAndIFuncs } from "./verifier/aliases";
import { verifyPtrAuthConstants } from "./verifier/constants";
import { verifyDeoptimizeCallingConvs, verifyFrameRecoverIndices } from "./verifier/intrinsics-misc";

// A verification run's state and messages: the caller makes one (new Verifier(fa), fa the function
// analyses the checks build) and reads its out, broken and debugInfoBroken after it.
export { Verifier } from "./verifier/state";

// Verifies the whole module; false when it is broken (messages in v.out).
export function verifyModule(v: Verifier): bool {
  installVerifier(v);
  vr.begin();
  vr.walkUsers = hasDetachedUsers();
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0) continue;
    verifyFunction(g);
  }
  verifyFrameRecoverIndices();
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Var || (gFlags.get(g) & GF_ERASED) != 0) continue;
    visitGlobalVariable(g);
  }
  verifyPtrAuthConstants();
  visitAliasesAndIFuncs();
  // named metadata, comdats, module flags, llvm.ident, llvm.commandline
  verifyModuleMetadata();
  verifyDeoptimizeCallingConvs();
  saveVerifier(v);
  return !vr.broken;
}

// Verifies one function (global index), as opt's function-level `verify` pass does.
export function verifyOneFunction(v: Verifier, g: i32): bool {
  installVerifier(v);
  vr.begin();
  vr.walkUsers = true; // deciding it would cost a scan of the module per function
  verifyFunction(g);
  saveVerifier(v);
  return !vr.broken;
}

// Verifies the functions and global variables from global index `from` on (a module just linked
// into others: the cross-module report verifies each input so).
export function verifyGlobalsFrom(v: Verifier, from: i32): bool {
  installVerifier(v);
  vr.begin();
  vr.walkUsers = true;
  let n = globalCount();
  for (let g = from; g < n; g++) {
    if ((gFlags.get(g) & GF_ERASED) != 0) continue;
    let k = <i32>gKind.get(g);
    if (k == GK.Func) verifyFunction(g);
    else if (k == GK.Var) visitGlobalVariable(g);
  }
  saveVerifier(v);
  return !vr.broken;
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
