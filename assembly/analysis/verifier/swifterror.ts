// swifterror values (Verifier::verifySwiftErrorValue / verifySwiftErrorCall) and swifterror
// arguments at call sites: a swifterror alloca or parameter is only loaded, stored to, or passed
// as a swifterror argument; a swifterror argument comes from one.
import { VK, vKind, vParent, vFirstUse, vA, iFlags, opUser, opNext, operand } from "../../ir/values";
import { gAttrs } from "../../ir/globals";
import { Op, F_SWIFTERROR, F_INBOUNDS } from "../../ir/opcodes";
import { callNumArgs } from "../../ir/inst";
import { ATTR_KW, paramAttrs, setHasKind } from "../../ir/attributes";
import { fail, w } from "./state";
import { opOf } from "./queries";
import { callParamHasAttr } from "./callsite";

export const ATTR_SWIFTERROR: i32 = ATTR_KW.indexOf("swifterror");

// Value::stripInBoundsOffsets: through inbounds GEPs, bitcasts and address space casts.
function stripInBoundsOffsets(v: i32): i32 {
  for (let n = 0; n < 1000 && v >= 0; n++) {
    let k = <i32>vKind.get(v);
    if (k != VK.Inst && k != VK.ConstExpr) return v;
    let op = opOf(v);
    if (op == Op.GetElementPtr) { if ((iFlags.get(v) & F_INBOUNDS) == 0) return v; }
    else if (!(op == Op.BitCast || op == Op.AddrSpaceCast)) return v;
    v = operand(v, 0);
  }
  return v;
}

// The swifterror checks of argument k of call i; false after a failure (which ends the call's checks).
export function verifySwiftErrorArgument(i: i32, k: i32): bool {
  let a = operand(i, 1 + k);
  let base = stripInBoundsOffsets(a);
  if (base >= 0 && <i32>vKind.get(base) == VK.Inst && opOf(base) == Op.Alloca) {
    if ((iFlags.get(base) & F_SWIFTERROR) == 0) { fail("swifterror argument for call has mismatched alloca"); w(base); w(i); return false; }
    return true;
  }
  if (a < 0 || <i32>vKind.get(a) != VK.Arg) { fail("swifterror argument should come from an alloca or parameter"); w(a); w(i); return false; }
  if (!argHasSwiftError(a)) { fail("swifterror argument for call has mismatched parameter"); w(a); w(i); return false; }
  return true;
}
function argHasSwiftError(a: i32): bool {
  let f = vParent.get(a);
  if (f < 0 || <i32>vKind.get(f) != VK.Function) return false;
  return setHasKind(paramAttrs(gAttrs.get(vA.get(f)), vA.get(a)), ATTR_SWIFTERROR);
}

// Verifier::verifySwiftErrorValue for a swifterror alloca or parameter. A failure ends only this check.
export function verifySwiftErrorValue(v: i32): void {
  for (let s = vFirstUse.get(v); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    let op = <i32>vKind.get(u) == VK.Inst ? opOf(u) : Op.None;
    if (!(op == Op.Load || op == Op.Store || op == Op.Call || op == Op.Invoke)) {
      fail("swifterror value can only be loaded and stored from, or as a swifterror argument!"); w(v); w(u); return;
    }
    if (op == Op.Store && operand(u, 1) != v) {
      fail("swifterror value should be the second operand when used by stores"); w(v); w(u); return;
    }
    if (op == Op.Call || op == Op.Invoke) {
      let na = callNumArgs(u);
      for (let k = 0; k < na; k++) {
        if (operand(u, 1 + k) != v || callParamHasAttr(u, k, ATTR_SWIFTERROR)) continue;
        fail("swifterror value when used in a callsite should be marked with swifterror attribute"); w(v); w(u); break;
      }
    }
  }
}
