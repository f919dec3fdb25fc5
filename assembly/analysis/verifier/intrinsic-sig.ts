// The signature checks of Verifier::visitIntrinsicCall: the declaration's type against the
// intrinsic's type descriptors (return type, parameters, variadic or not, the overloaded types
// mangled into its name), for the generic intrinsics ir/intrinsic-sigs.ts knows, and no x86_amx
// constant argument (any intrinsic). LLVM checks per call, but the verdict depends on the
// declaration alone: it is taken once per declaration and verification, and written per call.
import { strtab } from "../../ir/module";
import { VK, vKind, vType, vName, vA, operand } from "../../ir/values";
import { gValueType } from "../../ir/globals";
import { T_X86AMX } from "../../ir/types";
import { callNumArgs } from "../../ir/inst";
import { isConstant } from "../../ir/constants";
import { genericIntrinsic, SigMatch } from "../../ir/intrinsic-sigs";
import { vr } from "./state";

// A verdict at or above this is the expected name's strId plus it.
const SIG_NAME_BASE = 16;

// The verdict on function value f's declaration: SigMatch.Match when fine or not known here.
function verdictOf(f: i32): i32 {
  let g = vA.get(f);
  let epochs = vr.sigEpoch;
  if (g < epochs.len && epochs.get(g) == vr.epoch) return vr.sigVerdict.get(g);
  let r = judge(f);
  if (g >= epochs.len) { epochs.fit(g + 1, 0); vr.sigVerdict.fit(g + 1, 0); }
  epochs.set(g, vr.epoch);
  vr.sigVerdict.set(g, r);
  return r;
}
function judge(f: i32): i32 {
  let nm = vName.get(f);
  let k = genericIntrinsic(nm);
  if (k < 0) return SigMatch.Match;
  let m = vr.sigs;
  let r = m.match(k, gValueType.get(vA.get(f)));
  if (r != SigMatch.Match) return r;
  // the name the bound types mangle to (not followed for a struct without a name)
  if (!m.mangledName(k)) return SigMatch.Match;
  let want = m.nameId();
  return want == nm ? SigMatch.Match : SIG_NAME_BASE + want;
}

// The checks for call i of intrinsic f; false when one failed (the intrinsic's other checks are
// then skipped, as LLVM returns from visitIntrinsicCall).
export function checkIntrinsicSignature(i: i32, f: i32): bool {
  let r = verdictOf(f);
  if (r != SigMatch.Match) {
    if (r == SigMatch.NoMatchRet) vr.bad("Intrinsic has incorrect return type!", f);
    else if (r == SigMatch.NoMatchArg) vr.bad("Intrinsic has incorrect argument type!", f);
    else if (r == SigMatch.NotVarArg) vr.bad("Intrinsic was not defined with variable arguments!", f);
    else if (r == SigMatch.CallsiteNotVarArg) vr.bad("Callsite was not defined with variable arguments!", f);
    else if (r == SigMatch.TooFew) vr.bad("Intrinsic has too few arguments!", f);
    else {
      vr.broken = true;
      let out = vr.out;
      out.str("Intrinsic name not mangled correctly for type arguments! Should be: ");
      out.strId(strtab, r - SIG_NAME_BASE);
      out.byte(10);
      vr.w(f);
    }
    return false;
  }
  let n = callNumArgs(i);
  for (let k = 0; k < n; k++) {
    let a = operand(i, 1 + k);
    if (a >= 0 && <i32>vKind.get(a) != VK.MDValue && isConstant(a) && vType.get(a) == T_X86AMX) {
      vr.fail("const x86_amx is not allowed in argument!");
      return false;
    }
  }
  return true;
}
