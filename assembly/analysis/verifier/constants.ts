// The verifier's checks of constants met through their users (Verifier::visitConstantPtrAuth):
// each signed-pointer constant the module uses, once.
import { T_I32, T_I64, isPtr } from "../../ir/types";
import { Op } from "../../ir/opcodes";
import { iOp } from "../../ir/values";
import { bitcastValid } from "./arith";
import { VK, vKind, vType, vFirstUse, operand, numOperands, valueCount } from "../../ir/values";
import { llvmVersion } from "../../ir/version";
import { vr } from "./state";

// LLVM visits a ptrauth constant when an instruction or initializer reaches it; one scan of the
// value kinds finds them (they are rare), and a constant nobody uses is not there for LLVM.
export function verifyPtrAuthConstants(): void {
  let n = valueCount();
  for (let v = 0; v < n; v++) {
    if (<i32>vKind.get(v) == VK.PtrAuth && vFirstUse.get(v) >= 0) visitConstantPtrAuth(v);
  }
}

function visitConstantPtrAuth(c: i32): void {
  let n = numOperands(c);
  let p = n > 0 ? operand(c, 0) : -1;
  if (p < 0 || !isPtr(vType.get(p))) { vr.fail("signed ptrauth constant base pointer must have pointer type"); return; }
  if (vType.get(c) != vType.get(p)) { vr.fail("signed ptrauth constant must have same type as its base pointer"); return; }
  let key = n > 1 ? operand(c, 1) : -1;
  if (!isIntOf(key, T_I32)) { vr.fail("signed ptrauth constant key must be i32 constant integer"); return; }
  // the optional operands: the integer discriminator (i64 0), the address discriminator (ptr null)
  // and, from LLVM 22, the deactivation symbol (ptr null)
  let addr = n > 3 ? operand(c, 3) : -1;
  if (addr >= 0 && !isPtr(vType.get(addr))) { vr.fail("signed ptrauth constant address discriminator must be a pointer"); return; }
  let disc = n > 2 ? operand(c, 2) : -1;
  if (n > 2 && !isIntOf(disc, T_I64)) { vr.fail("signed ptrauth constant discriminator must be i64 constant integer"); return; }
  if (llvmVersion < 22 || n <= 4) return;
  let ds = operand(c, 4);
  if (ds < 0 || !isPtr(vType.get(ds))) { vr.fail("signed ptrauth constant deactivation symbol must be a pointer"); return; }
  let k = <i32>vKind.get(ds);
  if (!((k >= VK.GlobalVar && k <= VK.IFunc) || k == VK.ConstNull)) {
    vr.fail("signed ptrauth constant deactivation symbol must be a global value or null"); return;
  }
}
function isIntOf(v: i32, t: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.ConstInt && vType.get(v) == t; }

// Verifier::visitConstantExprsRecursively: each constant reached from an instruction operand, an
// initializer or an aliasee is visited once per verification, globals without their operands;
// visitConstantExpr checks that a bitcast constant expression is a valid cast. (LLVM's walk is a
// stack: the operands of a constant are marked when pushed and the last one is visited first.)
export function visitConstantExprsRecursively(c: i32): void {
  if (c < 0 || vr.ceSeen.get(c) > vr.ceBase) return;
  vr.ceSeen.set(c, vr.nextStamp());
  visitConstant(c);
}
function visitConstant(c: i32): void {
  let k = <i32>vKind.get(c);
  if (k == VK.ConstExpr && <i32>iOp.get(c) == Op.BitCast && !bitcastValid(vType.get(operand(c, 0)), vType.get(c))) vr.bad("Invalid bitcast", c);
  if (k >= VK.GlobalVar && k <= VK.IFunc) return;
  let n = numOperands(c);
  let s = vr.nextStamp();
  for (let i = 0; i < n; i++) {
    let o = operand(c, i);
    if (o < 0 || !isConstantKind(<i32>vKind.get(o)) || vr.ceSeen.get(o) > vr.ceBase) continue;
    vr.ceSeen.set(o, s);
  }
  for (let i = n - 1; i >= 0; i--) {
    let o = operand(c, i);
    if (o >= 0 && vr.ceSeen.get(o) == s) visitConstant(o);
  }
}
function isConstantKind(k: i32): bool { return (k >= VK.GlobalVar && k <= VK.PtrAuth && k != VK.Block) ; }
