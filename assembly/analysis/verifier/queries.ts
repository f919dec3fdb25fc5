// Small questions the verifier's checks share: about types, names, intrinsics, EH pads, call
// operands and attribute lists.
import { strtab } from "../../ir/module";
import { typeIsSized } from "../../ir/datalayout";
import { TK, tyKind, tyN, tyFlags, T_PTR, isInt, isPtr, isFP, scalarType, primitiveSizeInBits } from "../../ir/types";
import { VK, vKind, vType, vName, vA, iOp, iNext, operand, numOperands } from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { callNumArgs, callNumBundles, bundleTag, bundleNumOps } from "../../ir/inst";
import { attrLists, ATTR_KW } from "../../ir/attributes";
import { vr } from "./state";

export function isIntOrIntVec(t: i32): bool { return isInt(scalarType(t)); }
export function isFPOrFPVec(t: i32): bool { return isFP(scalarType(t)); }
export function isPtrOrPtrVec(t: i32): bool { return isPtr(scalarType(t)); }
export function sameCount(a: i32, b: i32): bool { return <i32>tyKind.get(a) == <i32>tyKind.get(b) && tyN.get(a) == tyN.get(b); }
// Type::getScalarSizeInBits.
export function scalarBits(t: i32): i64 { return primitiveSizeInBits(scalarType(t)); }
// Type::isSized (a struct is sized when all its members are).
export function isSized(t: i32): bool { return typeIsSized(t); }
export function nameStarts(v: i32, prefix: string): bool { return strtab.startsWithStr(vName.get(v), prefix); }
function strIs(id: i32, s: string): bool {
  let n = s.length;
  if (id < 0 || strtab.lenOf(id) != n) return false;
  let p = strtab.ptrOf(id);
  for (let i = 0; i < n; i++) if (<i32>load<u8>(p + <usize>i) != s.charCodeAt(i)) return false;
  return true;
}
export function isIntrinsic(v: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.Function && intrinsicFn(v); }
// nameStarts(f, "llvm.") for a function value, cached per global for this verification.
export function intrinsicFn(f: i32): bool {
  let g = vA.get(f);
  if (g < 0 || g >= vr.intrinsicCache.len) return nameStarts(f, "llvm.");
  let c = vr.intrinsicCache.get(g);
  if ((c >> 1) == vr.epoch) return (c & 1) != 0;
  let r = nameStarts(f, "llvm.");
  vr.intrinsicCache.set(g, (vr.epoch << 1) | (r ? 1 : 0));
  return r;
}
// The type of a value as an operand: inline asm is a pointer in LLVM (its column holds the asm's function type).
export function operandType(v: i32): i32 { return <i32>vKind.get(v) == VK.InlineAsm ? T_PTR : vType.get(v); }
@inline export function opOf(i: i32): i32 { return <i32>iOp.get(i); }
export function isInstOp(v: i32, op: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.Inst && opOf(v) == op; }
export function isEHPadOp(op: i32): bool { return op == Op.LandingPad || op == Op.CatchSwitch || op == Op.CatchPad || op == Op.CleanupPad; }
export function firstNonPhi(b: i32): i32 {
  let i = vA.get(b);
  while (i >= 0 && opOf(i) == Op.Phi) i = iNext.get(i);
  return i;
}
export function hasPersonality(): bool { return operand(vr.curFnValue, 0) >= 0; }
// Normal / unwind destinations of an invoke (the last two operands).
export function invokeNormal(i: i32): i32 { return operand(i, numOperands(i) - 2); }
export function invokeUnwind(i: i32): i32 { return operand(i, numOperands(i) - 1); }

// Sets in an attribute list (function, return, then parameters; trailing empty sets dropped).
export function attrCount(list: i32): i32 { return list < 0 ? 0 : attrLists.lenOf(list); }
export const ATTR_IMMARG: i32 = ATTR_KW.indexOf("immarg");


export function isBundleOperandOf(i: i32, idx: i32, tag: string): bool {
  let k = 1 + callNumArgs(i);
  for (let b = 0; b < callNumBundles(i); b++) {
    let m = bundleNumOps(i, b);
    if (idx >= k && k + m > idx) return strIs(bundleTag(i, b), tag);
    k += m;
  }
  return false;
}


