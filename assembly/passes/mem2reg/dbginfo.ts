// Debug information under mem2reg (LLVM 19, Local.cpp and PromoteMemoryToRegister.cpp):
//  - the debug users of an alloca (findDbgUsers: records whose location is the alloca, newest
//    first, then those that name it in a DIArgList), without #dbg_assign;
//  - ConvertDebugDeclareToDebugValue at a store (a #dbg_value of the stored value, or undef (poison
//    after LLVM 19) when
//    the value does not cover the variable's fragment) and at a new phi (once per variable and
//    expression, at the block's first insertion point);
//  - the location of the new records: line 0 in the declaration's scope (getDebugValueLoc);
//  - assignment tracking (AssignmentTrackingInfo): the #dbg_assign records linked to an alloca by
//    its DIAssignID (one per variable fragment) become #dbg_value records where a store to it is
//    erased or a phi for it is made; those linked to an erased store become #dbg_value records in
//    their place, and all of them are erased with the promotion.
// The DI accessors and DILocation uniquing are in ir/debuginfo.ts.
import { I32Vec } from "../../util/vec";
import { MK, mdKind, mdA, drKind, drPool, drOps, DR } from "../../ir/metadata";
import { vKind, VK, vType, iOp, iNext, vA, iExt, iFlags, operand } from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { getUndef, getPoison, intLow64 } from "../../ir/constants";
import { llvmVersion } from "../../ir/version";
import { typeAllocSizeInBits, typeIsSized } from "../../ir/datalayout";
import {
  recVariable, recExpr, recIsDeclare, recLoc, recInlinedAt, exprFragmentSize, exprFragmentOffset, variableSizeInBits,
  debugValueLoc, exprIsDeref, exprStartsWithDeref, exprDropInitialDeref,
} from "../../ir/debuginfo";
import { Editor } from "./edit";
export { recIsDeclare, recExpr, exprStartsWithDeref } from "../../ir/debuginfo";
export { mergedLocation } from "../../ir/debuginfo";

// The single location value of a record, or -1.
function recValue(r: i32): i32 {
  let m = drPool.get(drOps.get(r));
  if (m < 0 || <i32>mdKind.get(m) != MK.Value) return -1;
  return mdA.get(m);
}


// valueCoversEntireFragment(ValTy, DVR).
function valueCoversEntireFragment(valTy: i32, r: i32): bool {
  if (!typeIsSized(valTy)) return false;
  let valueSize = typeAllocSizeInBits(valTy);
  let frag = exprFragmentSize(recExpr(r));
  if (frag < 0) frag = variableSizeInBits(recVariable(r));
  if (frag >= 0) return valueSize >= frag;
  if (recIsDeclare(r)) {
    let ai = recValue(r);
    if (ai >= 0 && <i32>vKind.get(ai) == VK.Inst && <i32>iOp.get(ai) == Op.Alloca) {
      let size = allocaSizeInBits(ai);
      if (size >= 0) return valueSize >= size;
    }
  }
  return false;
}
// AllocaInst::getAllocationSizeInBits; -1 when the element count is not a constant.
function allocaSizeInBits(ai: i32): i64 {
  let ty = iExt.get(ai);
  if (!typeIsSized(ty)) return -1;
  let size = typeAllocSizeInBits(ty);
  let n = operand(ai, 0);
  if ((iFlags.get(ai) & (1 << 30)) != 0) {
    if (n < 0 || <i32>vKind.get(n) != VK.ConstInt) return -1;
    size *= <i64>intLow64(n);
  }
  return size;
}



// BasicBlock::getFirstInsertionPt: after the phis and an EH pad; -1 for none (catchswitch).
function firstInsertionPoint(phi: i32): i32 {
  let i = phi;
  while (i >= 0 && <i32>iOp.get(i) == Op.Phi) i = iNext.get(i);
  if (i < 0) return -1;
  let op = <i32>iOp.get(i);
  if (op == Op.LandingPad || op == Op.CatchPad || op == Op.CleanupPad) i = iNext.get(i);
  else if (op == Op.CatchSwitch) return -1;
  return i;
}

// ---- the debug users and ConvertDebugDeclareToDebugValue ----

// The debug records one pipeline run's mem2reg reads and makes, through its editor.
@final export class DebugRecords {
  private seen: I32Vec = new I32Vec();         // record stamps for findDbgUsers
  private seenEpoch: i32 = 0;
  private markers: I32Vec = new I32Vec();      // scratch: the #dbg_assign records of one instruction
  private storeVars: I32Vec = new I32Vec();    // scratch: (variable, inlinedAt) pairs seen at a store
  // #dbg_assign records demoted to #dbg_value ones, erased when the promotion ends (DVRAssignsToDelete)
  private demoted: I32Vec = new I32Vec();
  constructor(private ed: Editor) {}

  // findDbgUsers(AI) without #dbg_assign: appended to `out` in LLVM's order.
  findDbgUsers(v: i32, out: I32Vec): void {
    let ed = this.ed, seen = this.seen;
    let seenEpoch = ++this.seenEpoch;
    for (let m = ed.firstMDOf(v); m >= 0; m = ed.nextMDOf(m)) {
      for (let e = ed.firstUserOf(m); e >= 0; e = ed.nextUser(e)) {
        let r = ed.userRecord(e);
        if (!ed.recordLive(r)) continue;
        let k = <i32>drKind.get(r);
        if (k != DR.Value && k != DR.Declare) continue;
        seen.fit(r + 1, 0);
        if (seen.get(r) == seenEpoch) continue;
        seen.set(r, seenEpoch);
        out.push(r);
      }
    }
  }
  // At store `si` (value operand `value`): a #dbg_value placed just before the store.
  convertDeclareAtStore(r: i32, si: i32, value: i32): void {
    let expr = recExpr(r);
    let loc = debugValueLoc(r);
    let canConvert = exprIsDeref(expr) || (!exprStartsWithDeref(expr) && valueCoversEntireFragment(vType.get(value), r));
    let v = canConvert ? value : llvmVersion > 19 ? getPoison(vType.get(value)) : getUndef(vType.get(value));
    let nr = this.ed.newValueRecord(v, recVariable(r), expr, loc);
    this.ed.insertRecord(si, nr, false);
  }
  // InsertDebugValueAtStoreLoc (after LLVM 19; for a #dbg_value of the alloca whose expression
  // starts with a deref, at the only store): a #dbg_value of the stored value, the expression
  // without that deref, placed just before the store.
  insertDebugValueAtStore(r: i32, si: i32, value: i32): void {
    let nr = this.ed.newValueRecord(value, recVariable(r), exprDropInitialDeref(recExpr(r)), debugValueLoc(r));
    this.ed.insertRecord(si, nr, false);
  }
  // At new phi `phi`: a #dbg_value at the first insertion point of its block, unless one for the
  // same variable and expression exists.
  convertDeclareAtPhi(r: i32, phi: i32): void {
    let variable = recVariable(r), expr = recExpr(r);
    let ed = this.ed;
    for (let m = ed.firstMDOf(phi); m >= 0; m = ed.nextMDOf(m)) {
      for (let e = ed.firstUserOf(m); e >= 0; e = ed.nextUser(e)) {
        let x = ed.userRecord(e);
        if (!ed.recordLive(x) || <i32>drKind.get(x) != DR.Value) continue;
        if (recVariable(x) == variable && recExpr(x) == expr) return;
      }
    }
    if (!valueCoversEntireFragment(vType.get(phi), r)) return;
    let at = firstInsertionPoint(phi);
    if (at < 0) return;
    let nr = this.ed.newValueRecord(phi, variable, expr, debugValueLoc(r));
    this.ed.insertRecord(at, nr, true);
  }

  // ---- assignment tracking ----

  // AssignmentTrackingInfo::init: the #dbg_assign records linked to alloca ai, the first of each
  // variable fragment (variable, fragment, inlinedAt), appended to `out`.
  assignsOf(ai: i32, out: I32Vec): void {
    let markers = this.markers;
    markers.clear();
    this.ed.assignMarkersOf(ai, markers);
    let start = out.len;
    for (let k = 0; k < markers.len; k++) {
      let r = markers.get(k);
      let known = false;
      for (let j = start; j < out.len && !known; j++) known = sameVariableFragment(out.get(j), r);
      if (!known) out.push(r);
    }
  }
  // updateForDeletedStore: store si (value operand `value`) of an alloca whose tracked assignments
  // are assigns[from, from + n) is about to be erased.
  assignsAtDeletedStore(assigns: I32Vec, from: i32, n: i32, si: i32, value: i32): void {
    if (n == 0) return;
    let ed = this.ed, markers = this.markers, storeVars = this.storeVars;
    markers.clear(); storeVars.clear();
    ed.assignMarkersOf(si, markers);
    // the store's own markers: a #dbg_value of the assigned value in each one's place
    for (let k = 0; k < markers.len; k++) {
      let r = markers.get(k);
      storeVars.push(recVariable(r)); storeVars.push(recInlinedAt(r));
      this.demoted.push(r);
      let nr = ed.newValueRecordAt(drPool.get(drOps.get(r)), recVariable(r), recExpr(r), recLoc(r));
      ed.insertRecordBefore(r, nr);
    }
    // variables with no marker at this store (an untracked store): as a declaration would be
    for (let k = 0; k < n; k++) {
      let r = assigns.get(from + k);
      let variable = recVariable(r), inlinedAt = recInlinedAt(r), seen = false;
      for (let j = 0; j < storeVars.len && !seen; j += 2) seen = storeVars.get(j) == variable && storeVars.get(j + 1) == inlinedAt;
      if (!seen) this.convertDeclareAtStore(r, si, value);
    }
  }
  // at::deleteAssignmentMarkers: erases the #dbg_assign records linked to instruction i.
  eraseAssignMarkers(i: i32): void {
    let markers = this.markers;
    markers.clear();
    this.ed.assignMarkersOf(i, markers);
    for (let k = 0; k < markers.len; k++) this.ed.eraseRecord(markers.get(k));
  }
  // cleanUpDbgAssigns: erases the records demoted at stores.
  eraseDemotedAssigns(): void {
    let demoted = this.demoted;
    for (let k = 0; k < demoted.len; k++) this.ed.eraseRecord(demoted.get(k));
    demoted.clear();
  }
}

// DebugVariable equality: the same variable, fragment and inlinedAt.
function sameVariableFragment(a: i32, b: i32): bool {
  if (recVariable(a) != recVariable(b) || recInlinedAt(a) != recInlinedAt(b)) return false;
  let ea = recExpr(a), eb = recExpr(b);
  return exprFragmentOffset(ea) == exprFragmentOffset(eb) && exprFragmentSize(ea) == exprFragmentSize(eb);
}
