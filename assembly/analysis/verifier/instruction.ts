// Verifier::visitInstruction and visitTerminator: what every instruction shares (its type, its
// users, its operands and their dominance), checked after each instruction's own checks.
import { T_VOID, T_METADATA, isFirstClass } from "../../ir/types";
import {
  VK, vKind, vType, vName, vParent, vFirstUse, vA, vB, iPrev, operand, numOperands, opUser, opNext, opVal,
  iOps,
} from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { llvmVersion } from "../../ir/version";
import { vr } from "./state";
import { visitInstructionMetadata } from "./md-attach";
import { visitConstantExprsRecursively } from "./constants";
import { intrinsicFn, invokeNormal, invokeUnwind, isBundleOperandOf, nameStarts, opOf, operandType, isPtrOrPtrVec } from "./queries";

export function visitTerminator(i: i32): void {
  let b = vParent.get(i);
  if (vB.get(b) != i) { vr.fail("Terminator found in the middle of a basic block!"); vr.w(b); return; }
  visitInstruction(i);
}

// Verifier::visitInstruction: checks every instruction shares, operand dominance last.
export function visitInstruction(i: i32): void {
  let op = opOf(i);
  let b = vParent.get(i);
  let t = vType.get(i);
  let n = numOperands(i);
  if (op != Op.Phi) {
    // a use of i by i is one of i's own operands
    let s0 = iOps.get(i);
    for (let k = 0; k < n; k++) {
      if (opVal.get(s0 + k) == i) { if (reachable(b)) { vr.bad("Only PHI nodes may reference their own value!", i); return; } break; }
    }
  }
  if (t == T_VOID && vName.get(i) >= 0) { vr.bad("Instruction has a name, but provides a void value!", i); return; }
  if (t != T_VOID && !isFirstClass(t)) { vr.bad("Instruction returns a non-scalar type!", i); return; }
  if (t == T_METADATA && op != Op.Call && op != Op.Invoke) { vr.bad("Invalid use of metadata!", i); return; }
  if (vr.walkUsers) {
    for (let s = vFirstUse.get(i); s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      let uk = <i32>vKind.get(u);
      if (uk == VK.Dead || (uk == VK.Inst && vParent.get(u) < 0)) {
        vr.bad("Instruction referencing instruction not embedded in a basic block!", i); vr.w(u); return;
      }
    }
  }
  let callLike = op == Op.Call || op == Op.Invoke || op == Op.CallBr;
  let phi = op == Op.Phi;
  let curBlock = vr.curBlock, fnValue = vr.curFnValue;   // (read per operand)
  for (let k = 0; k < n; k++) {
    let v = operand(i, k);
    if (!isFirstClass(operandType(v))) { vr.bad("Instruction operands must be first-class values!", i); return; }
    let vk = <i32>vKind.get(v);
    if (vk == VK.Inst && b == curBlock) {
      // the common cases, answered here: a def earlier in this block, or in a dominating block
      // (for a phi: a block dominating the incoming block)
      let db = vParent.get(v);
      if (phi) {
        if (db >= 0 && vParent.get(db) == fnValue && !(iPrev.get(v) < 0 && vA.get(db) != v)) {
          let dop = opOf(v);
          let inc = operand(i, k | 1);
          if (dop != Op.Invoke && dop != Op.CallBr && inc >= 0 && <i32>vKind.get(inc) == VK.Block && vParent.get(inc) == fnValue) {
            let un = vr.blockNums.get(inc);
            if (db == inc || !vr.domTree.inTree(un) || vr.domTree.dominates(vr.blockNums.get(db), un)) continue;
          }
        }
      } else if (db == b) {
        // (an invoke or callbr before i in its own block is a misplaced terminator: general path)
        if (vr.mark.get(v) == vr.blockStamp && opOf(v) != Op.Invoke && opOf(v) != Op.CallBr) continue;
      }
      else if (db >= 0 && vParent.get(db) == fnValue && !(iPrev.get(v) < 0 && vA.get(db) != v)) {
        let dop = opOf(v);
        if (dop != Op.Invoke && dop != Op.CallBr) {
          let dn = vr.blockNums.get(db);
          if (!vr.domTree.inTree(vr.curBlockNum) || vr.domTree.dominates(dn, vr.curBlockNum)) continue;
        }
      }
    }
    if (vk == VK.Function) {
      if (intrinsicFn(v)) {
        let attached = callLike && isBundleOperandOf(i, k, "clang.arc.attachedcall");
        if (!((callLike && k == 0) || attached)) { vr.bad("Cannot take the address of an intrinsic!", i); return; }
        if (!(op == Op.Call || (op == Op.CallBr && llvmVersion >= 22) || attached || invokableIntrinsic(v))) {
          vr.bad(llvmVersion >= 22
            ? "Cannot invoke an intrinsic other than donothing, patchpoint, statepoint, coro_resume, coro_destroy, clang.arc.attachedcall or wasm.(re)throw"
            : "Cannot invoke an intrinsic other than donothing, patchpoint, statepoint, coro_resume, coro_destroy or clang.arc.attachedcall", i);
          return;
        }
      }
    } else if (vk == VK.Block) {
      if (vParent.get(v) != fnValue) { vr.bad("Referring to a basic block in another function!", i); return; }
    } else if (vk == VK.Arg) {
      if (vParent.get(v) != fnValue) { vr.bad("Referring to an argument in another function!", i); return; }
    } else if (vk == VK.Inst || vk == VK.Dead) {
      let db = vParent.get(v);
      // erased, unlinked (not in its block's list any more) or in another function
      let detached = vk == VK.Dead || db < 0 || (iPrev.get(v) < 0 && vA.get(db) != v);
      if (detached || vParent.get(db) != fnValue) { vr.bad("Referring to an instruction in another function!", i); return; }
      if (!verifyDominatesUse(i, k, v)) return;
    } else if (vk == VK.InlineAsm) {
      if (!(callLike && k == 0)) { vr.bad("Cannot take the address of an inline asm!", i); return; }
    } else if (vk == VK.ConstExpr && (llvmVersion >= 22 || isPtrOrPtrVec(vType.get(v)))) {
      // (LLVM 19 walks only the pointer-typed constant expressions an instruction uses)
      visitConstantExprsRecursively(v);
    }
  }
  visitInstructionMetadata(i);
}
function invokableIntrinsic(f: i32): bool {
  return nameStarts(f, "llvm.donothing") || nameStarts(f, "llvm.seh.") || nameStarts(f, "llvm.coro.resume") ||
    nameStarts(f, "llvm.coro.destroy") || nameStarts(f, "llvm.coro.await.suspend") || nameStarts(f, "llvm.experimental.patchpoint") ||
    nameStarts(f, "llvm.fake.use") || nameStarts(f, "llvm.experimental.gc.statepoint") || nameStarts(f, "llvm.wasm.rethrow") ||
    (llvmVersion >= 22 && nameStarts(f, "llvm.wasm.throw"));
}

// Verifier::verifyDominatesUse, with DominatorTree::dominates(Def, Use) (dominance.ts): false
// after reporting.
function verifyDominatesUse(i: i32, k: i32, def: i32): bool {
  if (opOf(def) == Op.Invoke && invokeNormal(def) == invokeUnwind(def)) return true;
  if (opOf(i) == Op.Phi) {
    // a phi entry naming a block of another function is reported elsewhere
    let inc = operand(i, k | 1);
    if (inc < 0 || <i32>vKind.get(inc) != VK.Block || vParent.get(inc) != vr.curFnValue) return true;
  }
  if (vr.fa.dom.dominatesUse(vr.domTree, def, iOps.get(i) + k)) return true;
  vr.fail("Instruction does not dominate all uses!"); vr.w(def); vr.w(i);
  return false;
}
// A block of the function being verified reachable from its entry (blocks elsewhere count as reachable).
function reachable(b: i32): bool { return b < 0 || vParent.get(b) != vr.curFnValue || vr.domTree.inTree(vr.blockNums.get(b)); }
