// swifterror values (Verifier::verifySwiftErrorValue): a swifterror alloca or parameter is only
// loaded, stored to, or passed as a swifterror argument. (The checks of swifterror arguments at
// call sites are visitCallBase's attribute checks, attrs.ts.)
import { VK, vKind, vParent, vFirstUse, vA, iFlags, opUser, opNext, operand } from "../../ir/values";
import { gAttrs } from "../../ir/globals";
import { Op, F_SWIFTERROR, F_INBOUNDS } from "../../ir/opcodes";
import { callNumArgs } from "../../ir/inst";
import { ATTR_KW, paramAttrs, setHasKind } from "../../ir/attributes";
import { vr } from "./state";
import { opOf } from "./queries";
import { callParamHasAttr } from "./callsite";

export const ATTR_SWIFTERROR: i32 = ATTR_KW.indexOf("swifterror");

// Verifier::verifySwiftErrorValue for a swifterror alloca or parameter. A failure ends only this check.
export function verifySwiftErrorValue(v: i32): void {
  for (let s = vFirstUse.get(v); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (<i32>vKind.get(u) == VK.Dead) continue; // an erased user (a pass's leftovers)
    let op = <i32>vKind.get(u) == VK.Inst ? opOf(u) : Op.None;
    if (!(op == Op.Load || op == Op.Store || op == Op.Call || op == Op.Invoke)) {
      vr.fail("swifterror value can only be loaded and stored from, or as a swifterror argument!"); vr.w(v); vr.w(u); return;
    }
    if (op == Op.Store && operand(u, 1) != v) {
      vr.fail("swifterror value should be the second operand when used by stores"); vr.w(v); vr.w(u); return;
    }
    if (op == Op.Call || op == Op.Invoke) {
      let na = callNumArgs(u);
      for (let k = 0; k < na; k++) {
        if (operand(u, 1 + k) != v || callParamHasAttr(u, k, ATTR_SWIFTERROR)) continue;
        vr.fail("swifterror value when used in a callsite should be marked with swifterror attribute"); vr.w(v); vr.w(u); break;
      }
    }
  }
}
