// musttail calls (Verifier::verifyMustTailCall): the caller's and callee's prototypes, calling
// conventions and ABI-impacting parameter attributes agree, and a ret of the call's value (maybe
// through a bitcast) follows.
import { TK, tyKind, tyA, tyFlags, TF_VARARG, listLen, listAt } from "../../ir/types";
import { VK, vKind, iNext, iFlags, operand, numOperands } from "../../ir/values";
import { gValueType, gAttrs, gCC } from "../../ir/globals";
import { Op, F_TAIL_SHIFT } from "../../ir/opcodes";
import { callFnType, callAttrs, callCC, callNumArgs } from "../../ir/inst";
import { ATTR_KW, ATTR_ALIGN, ATTR_BYVAL, paramAttrs, setFind, setTag, setV0, setV1 } from "../../ir/attributes";
import { vr } from "./state";
import { intrinsicFn, opOf } from "./queries";
import { calledFunction } from "./callsite";

export function isMustTail(i: i32): bool { return ((iFlags.get(i) >> F_TAIL_SHIFT) & 3) == 2; }

const CC_TAIL = 18, CC_SWIFTTAIL = 20;
// The ABI-impacting parameter attributes, in the order LLVM lists them.
const ABI_ATTRS: string[] = ["sret", "byval", "inalloca", "inreg", "alignstack", "swiftself", "swiftasync", "swifterror", "preallocated", "byref"];
const ATTR_BYREF: i32 = ATTR_KW.indexOf("byref");

// Two types are congruent when equal or both pointers of one address space.
function congruent(a: i32, b: i32): bool {
  if (a == b) return true;
  return <i32>tyKind.get(a) == TK.Ptr && <i32>tyKind.get(b) == TK.Ptr && tyA.get(a) == tyA.get(b);
}

// Whether parameter sets a and b carry the same ABI-impacting attributes (align only with byval or byref).
function sameABIAttrs(a: i32, b: i32): bool {
  for (let j = 0; j < ABI_ATTRS.length; j++) if (!sameAttr(a, b, ATTR_KW.indexOf(ABI_ATTRS[j]))) return false;
  let alignA = setFind(a, ATTR_BYVAL) >= 0 || setFind(a, ATTR_BYREF) >= 0;
  let alignB = setFind(b, ATTR_BYVAL) >= 0 || setFind(b, ATTR_BYREF) >= 0;
  let ia = alignA ? setFind(a, ATTR_ALIGN) : -1, ib = alignB ? setFind(b, ATTR_ALIGN) : -1;
  if ((ia < 0) != (ib < 0)) return false;
  return ia < 0 || setV0(a, ia) == setV0(b, ib);
}
function sameAttr(a: i32, b: i32, kind: i32): bool {
  let ia = setFind(a, kind), ib = setFind(b, kind);
  if ((ia < 0) != (ib < 0)) return false;
  return ia < 0 || (setTag(a, ia) == setTag(b, ib) && setV0(a, ia) == setV0(b, ib) && setV1(a, ia) == setV1(b, ib));
}
// The first of inalloca, inreg, swifterror, preallocated, byref a tailcc musttail call may not have, or "".
const TAILCC_BANNED: string[] = ["inalloca", "inreg", "swifterror", "preallocated", "byref"];
function tailCCBanned(set: i32): string {
  for (let j = 0; j < TAILCC_BANNED.length; j++) if (setFind(set, ATTR_KW.indexOf(TAILCC_BANNED[j])) >= 0) return TAILCC_BANNED[j];
  return "";
}

// A failure ends these checks.
export function verifyMustTailCall(i: i32): void {
  if (<i32>vKind.get(operand(i, 0)) == VK.InlineAsm) { vr.bad("cannot use musttail call with inline asm", i); return; }
  let callerTy = gValueType.get(vr.curFn), calleeTy = callFnType(i);
  let callerVar = (tyFlags.get(callerTy) & TF_VARARG) != 0;
  if (callerVar != ((tyFlags.get(calleeTy) & TF_VARARG) != 0)) { vr.bad("cannot guarantee tail call due to mismatched varargs", i); return; }
  if (!congruent(tyA.get(callerTy), tyA.get(calleeTy))) { vr.bad("cannot guarantee tail call due to mismatched return types", i); return; }
  let cc = callCC(i);
  if (gCC.get(vr.curFn) != cc) { vr.bad("cannot guarantee tail call due to mismatched calling conv", i); return; }
  let retVal = i;
  let next = iNext.get(i);
  if (next >= 0 && opOf(next) == Op.BitCast) {
    if (operand(next, 0) != retVal) { vr.bad("bitcast following musttail call must use the call", next); return; }
    retVal = next;
    next = iNext.get(next);
  }
  if (next < 0 || opOf(next) != Op.Ret) { vr.bad("musttail call must precede a ret with an optional bitcast", i); return; }
  if (numOperands(next) > 0) {
    let rv = operand(next, 0);
    let rk = <i32>vKind.get(rv);
    if (!(rv == retVal || rk == VK.ConstUndef || rk == VK.ConstPoison)) { vr.bad("musttail call result must be returned", next); return; }
  }
  let callerAttrs = gAttrs.get(vr.curFn), calleeAttrs = callAttrs(i);
  let nCaller = listLen(callerTy), nCallee = listLen(calleeTy);
  if (cc == CC_TAIL || cc == CC_SWIFTTAIL) {
    let ccName = cc == CC_TAIL ? "tailcc" : "swifttailcc";
    for (let k = 0; k < nCaller; k++) {
      let b = tailCCBanned(paramAttrs(callerAttrs, k));
      if (b.length > 0) { vr.bad(b + " attribute not allowed in " + ccName + " musttail caller", -1); return; }
    }
    for (let k = 0; k < nCallee; k++) {
      let b = tailCCBanned(paramAttrs(calleeAttrs, k));
      if (b.length > 0) { vr.bad(b + " attribute not allowed in " + ccName + " musttail callee", -1); return; }
    }
    if (callerVar) vr.bad("cannot guarantee " + ccName + " tail call for varargs function", -1);
    return;
  }
  let f = calledFunction(i);
  if (f < 0 || !intrinsicFn(f)) {
    if (nCaller != nCallee) { vr.bad("cannot guarantee tail call due to mismatched parameter counts", i); return; }
    for (let k = 0; k < nCaller; k++) {
      if (!congruent(listAt(callerTy, k), listAt(calleeTy, k))) { vr.bad("cannot guarantee tail call due to mismatched parameter types", i); return; }
    }
  }
  for (let k = 0; k < nCaller; k++) {
    if (!sameABIAttrs(paramAttrs(callerAttrs, k), paramAttrs(calleeAttrs, k))) {
      vr.bad("cannot guarantee tail call due to mismatched ABI impacting function attributes", i);
      vr.w(k < callNumArgs(i) ? operand(i, 1 + k) : -1);
      return;
    }
  }
}
