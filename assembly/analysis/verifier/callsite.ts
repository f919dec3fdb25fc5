// Questions about a call site the call, bundle and intrinsic checks share: the called function
// (CallBase::getCalledFunction), attributes of the call or its callee, the bundles by tag.
import { strtab } from "../../ir/module";
import { VK, vKind, vA, vName, operand } from "../../ir/values";
import { gValueType, gAttrs } from "../../ir/globals";
import { callFnType, callAttrs, callNumBundles, bundleTag } from "../../ir/inst";
import { fnAttrs, paramAttrs, setHasKind } from "../../ir/attributes";

// The callee when it is a function of the call's type, else -1 (a value id).
export function calledFunction(i: i32): i32 {
  let c = operand(i, 0);
  if (c < 0 || <i32>vKind.get(c) != VK.Function) return -1;
  let g = vA.get(c);
  return g >= 0 && gValueType.get(g) == callFnType(i) ? c : -1;
}
// CallBase::hasFnAttr: on the call or on its called function.
export function callHasFnAttr(i: i32, kind: i32): bool {
  if (setHasKind(fnAttrs(callAttrs(i)), kind)) return true;
  let f = calledFunction(i);
  return f >= 0 && setHasKind(fnAttrs(gAttrs.get(vA.get(f))), kind);
}
// CallBase::paramHasAttr for argument k.
export function callParamHasAttr(i: i32, k: i32, kind: i32): bool {
  if (setHasKind(paramAttrs(callAttrs(i), k), kind)) return true;
  let f = calledFunction(i);
  return f >= 0 && setHasKind(paramAttrs(gAttrs.get(vA.get(f)), k), kind);
}
// Is string id `id` the text s.
export function strIdIs(id: i32, s: string): bool { return id >= 0 && strtab.eqStr(id, s); }
// Is v a function named exactly s.
export function fnNamed(v: i32, s: string): bool {
  return v >= 0 && <i32>vKind.get(v) == VK.Function && strIdIs(vName.get(v), s);
}
// The first bundle of the call with tag s, or -1; count with bundleCount.
export function findBundle(i: i32, s: string): i32 {
  let n = callNumBundles(i);
  for (let b = 0; b < n; b++) if (strIdIs(bundleTag(i, b), s)) return b;
  return -1;
}
export function bundleCount(i: i32, s: string): i32 {
  let n = callNumBundles(i), c = 0;
  for (let b = 0; b < n; b++) if (strIdIs(bundleTag(i, b), s)) c++;
  return c;
}
