// The verifier's checks of funclet EH edges: the predecessors of catchpads, cleanuppads and
// catchswitches (the funclet half of Verifier::visitEHPadPredecessors), where a funclet pad's
// unwind edges lead (visitFuncletPadInst), and cycles of sibling funclets unwinding to each other
// (verifySiblingFuncletUnwinds). "none" (unwinding to the caller, or the `none` parent) is NONE or
// the `none` constant; a pad's parent is its first operand.
import { VK, vKind, vParent, vA, vFirstUse, iFlags, operand, numOperands, opUser, opNext } from "../../ir/values";
import { I32Vec } from "../../util/vec";
import { gAttrs } from "../../ir/globals";
import { Op, isTerminator, F_UNWIND_CALLER } from "../../ir/opcodes";
import { callAttrs, callNumArgs, callNumBundles, bundleTag, bundleNumOps } from "../../ir/inst";
import { fnAttrs, setHasKind, ATTR_KW } from "../../ir/attributes";
import { strtab } from "../../ir/module";
import { vr } from "./state";
import { firstNonPhi, invokeNormal, invokeUnwind, isEHPadOp, intrinsicFn, nameStarts, opOf } from "./queries";

const NONE: i32 = -2;
const ATTR_NOUNWIND: i32 = ATTR_KW.indexOf("nounwind");

function isNone(v: i32): bool { return v == NONE || (v >= 0 && <i32>vKind.get(v) == VK.ConstNone); }
function same(a: i32, b: i32): bool { return a == b || (isNone(a) && isNone(b)); }
function padOp(v: i32): i32 { return v >= 0 && <i32>vKind.get(v) == VK.Inst ? opOf(v) : -1; }
function isFuncletPad(v: i32): bool { let o = padOp(v); return o == Op.CatchPad || o == Op.CleanupPad; }
// getParentPad: a funclet pad's or catchswitch's parent (NONE for anything else).
function parentPad(v: i32): i32 {
  let o = padOp(v);
  return o == Op.CatchPad || o == Op.CleanupPad || o == Op.CatchSwitch ? operand(v, 0) : NONE;
}
function catchSwitchUnwindsToCaller(cs: i32): bool { return (iFlags.get(cs) & F_UNWIND_CALLER) != 0; }
function catchSwitchDest(cs: i32): i32 { return catchSwitchUnwindsToCaller(cs) ? -1 : operand(cs, numOperands(cs) - 1); }
function inList(v: i32, from: i32): bool {
  let l = vr.ehSeen;
  for (let k = from; k < l.len; k++) if (l.get(k) == v) return true;
  return false;
}
// The input of an invoke's "funclet" bundle, or NONE.
function funcletBundle(i: i32): i32 {
  let k = 1 + callNumArgs(i);
  for (let b = 0; b < callNumBundles(i); b++) {
    let m = bundleNumOps(i, b);
    if (strtab.eqStr(bundleTag(i, b), "funclet")) return m > 0 ? operand(i, k) : NONE;
    k += m;
  }
  return NONE;
}
// An invoke of an intrinsic that does not throw and does not become a call (ObjC ARC runtime
// functions do): its unwind edge is not an exit.
function invokeIgnored(ii: i32): bool {
  let c = operand(ii, 0);
  if (c < 0 || <i32>vKind.get(c) != VK.Function || !intrinsicFn(c)) return false;
  if (nameStarts(c, "llvm.objc.")) return false;
  return setHasKind(fnAttrs(callAttrs(ii)), ATTR_NOUNWIND) || setHasKind(fnAttrs(gAttrs.get(vA.get(c))), ATTR_NOUNWIND);
}

// visitEHPadPredecessors for a catchpad, cleanuppad or catchswitch (i); false when it failed.
export function funcletPadPredecessors(i: i32): bool {
  let b = vParent.get(i);
  let o = opOf(i);
  if (o == Op.CatchPad) {
    let cs = operand(i, 0);
    let csb = vParent.get(cs);
    let unique = -1, any = false, ok = true;
    for (let s = vFirstUse.get(b); s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      if (<i32>vKind.get(u) != VK.Inst || !isTerminator(opOf(u)) || vParent.get(u) < 0) continue;
      let pb = vParent.get(u);
      if (!any) { any = true; unique = pb; } else if (pb != unique) ok = false;
    }
    if (any && (!ok || unique != csb)) { vr.bad("Block containg CatchPadInst must be jumped to only by its catchswitch.", i); return false; }
    if (catchSwitchDest(cs) == b) { vr.fail("Catchswitch cannot unwind to one of its catchpads"); vr.w(cs); vr.w(i); return false; }
    return true;
  }
  let toParent = parentPad(i);
  for (let s = vFirstUse.get(b); s >= 0; s = opNext.get(s)) {
    let ti = opUser.get(s);
    if (<i32>vKind.get(ti) != VK.Inst || !isTerminator(opOf(ti)) || vParent.get(ti) < 0) continue;
    let to = opOf(ti);
    let from: i32;
    if (to == Op.Invoke) {
      if (!(invokeUnwind(ti) == b && invokeNormal(ti) != b)) { vr.bad("EH pad must be jumped to via an unwind edge", i); vr.w(ti); return false; }
      if (invokeIgnored(ti)) continue;
      from = funcletBundle(ti);
    } else if (to == Op.CleanupRet) {
      from = operand(ti, 0);
      if (same(from, toParent)) { vr.bad("A cleanupret must exit its cleanup", ti); return false; }
    } else if (to == Op.CatchSwitch) {
      from = ti;
    } else { vr.bad("EH pad must be jumped to via an unwind edge", i); vr.w(ti); return false; }
    // the edge may leave several nested pads
    let mark = vr.ehSeen.len;
    for (;; from = parentPad(from)) {
      if (from == i) { vr.bad("EH pad cannot handle exceptions raised within it", from); vr.w(ti); vr.ehSeen.len = mark; return false; }
      if (same(from, toParent)) break;
      if (isNone(from)) { vr.bad("A single unwind edge may only enter one EH pad", ti); vr.ehSeen.len = mark; return false; }
      if (inList(from, mark)) { vr.bad("EH pad jumps through a cycle of pads", from); vr.ehSeen.len = mark; return false; }
      vr.ehSeen.push(from);
      let fo = padOp(from);
      if (!(fo == Op.CatchPad || fo == Op.CleanupPad || fo == Op.CatchSwitch)) {
        vr.bad("Parent pad must be catchpad/cleanuppad/catchswitch", ti); vr.ehSeen.len = mark; return false;
      }
    }
    vr.ehSeen.len = mark;
  }
  return true;
}

// Verifier::visitFuncletPadInst: every unwind edge leaving the pad (directly or from pads nested in
// it) goes to one place, and a catch's to its catchswitch's; false when it failed.
export function funcletPadUnwinds(fpi: i32): bool {
  let firstUser = -1, firstUnwindPad = -1;
  let work = vr.ehWork;
  work.clear(); work.push(fpi);
  let seenFrom = vr.ehSeen.len;
  let ok = true;
  while (work.len > 0 && ok) {
    let cur = work.pop();
    if (inList(cur, seenFrom)) { vr.bad("FuncletPadInst must not be nested within itself", cur); ok = false; break; }
    vr.ehSeen.push(cur);
    let unresolved = -1;
    for (let s = vFirstUse.get(cur); s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      if (<i32>vKind.get(u) != VK.Inst) continue;
      let uo = opOf(u);
      let dest = -1;
      if (uo == Op.CleanupRet) dest = numOperands(u) > 1 ? operand(u, 1) : -1;
      else if (uo == Op.CatchSwitch) { if (catchSwitchUnwindsToCaller(u)) continue; dest = catchSwitchDest(u); }
      else if (uo == Op.Invoke) dest = invokeUnwind(u);
      else if (uo == Op.Call) continue;
      else if (uo == Op.CleanupPad) { work.push(u); continue; }
      else { if (uo != Op.CatchRet) { vr.bad("Bogus funclet pad use", u); ok = false; break; } continue; }
      let unwindPad: i32, exits: bool;
      if (dest >= 0) {
        unwindPad = firstNonPhi(dest);
        if (unwindPad < 0 || !isEHPadOp(opOf(unwindPad))) continue;
        let unwindParent = opOf(unwindPad) == Op.LandingPad ? -3 : parentPad(unwindPad);
        if (same(unwindParent, cur)) continue;
        let exited = cur;
        exits = false;
        do {
          if (exited == fpi) { exits = true; unresolved = fpi; break; }
          let exitedParent = parentPad(exited);
          if (same(exitedParent, unwindParent)) { unresolved = exitedParent; break; }
          exited = exitedParent;
        } while (!isNone(exited));
      } else {
        unwindPad = NONE; exits = true; unresolved = fpi;
      }
      if (exits) {
        if (firstUser >= 0) {
          if (!same(unwindPad, firstUnwindPad)) {
            vr.fail("Unwind edges out of a funclet pad must have the same unwind dest"); vr.w(fpi); vr.w(u); vr.w(firstUser);
            ok = false; break;
          }
        } else {
          firstUser = u; firstUnwindPad = unwindPad;
          // a cleanup unwinding to a sibling: checked for cycles at the function's end
          if (opOf(fpi) == Op.CleanupPad && !isNone(unwindPad) && same(parentPad(unwindPad), parentPad(fpi))) addSibling(fpi, u);
        }
      }
      if (cur != fpi) break;
    }
    if (!ok) break;
    if (unresolved != -1 && !isNone(unresolved)) {
      if (cur == unresolved) continue;
      let resolved = cur;
      while (work.len > 0) {
        let ancestor = parentPad(work.get(work.len - 1));
        while (!same(resolved, ancestor)) {
          if (isNone(resolved)) break;
          let rp = parentPad(resolved);
          if (same(rp, unresolved)) break;
          resolved = rp;
        }
        if (!same(resolved, ancestor)) break;
        work.pop();
      }
    }
  }
  vr.ehSeen.len = seenFrom;
  if (!ok) return false;
  if (firstUnwindPad != -1) {
    let cs = operand(fpi, 0);
    if (padOp(cs) == Op.CatchSwitch) {
      let d = catchSwitchDest(cs);
      let swPad = d >= 0 ? firstNonPhi(d) : NONE;
      if (!same(swPad, firstUnwindPad)) {
        vr.fail("Unwind edges out of a catch must have the same unwind dest as the parent catchswitch");
        vr.w(fpi); vr.w(firstUser); vr.w(cs);
        return false;
      }
    }
  }
  return true;
}

// ---- sibling funclets (Verifier::SiblingFuncletInfo and verifySiblingFuncletUnwinds) ----

function siblingsOfThisFunction(): void {
  if (vr.sibEpoch == vr.epoch && vr.sibFn == vr.curFn) return;
  vr.sibEpoch = vr.epoch; vr.sibFn = vr.curFn;
  vr.sibPads.clear(); vr.sibTerms.clear();
}
// Records that pad unwinds to a sibling through terminator term (the first record of a pad stays).
export function addSibling(pad: i32, term: i32): void {
  siblingsOfThisFunction();
  if (siblingIndex(pad) >= 0) return;
  vr.sibPads.push(pad); vr.sibTerms.push(term);
}
function siblingIndex(pad: i32): i32 {
  let p = vr.sibPads;
  for (let k = 0; k < p.len; k++) if (p.get(k) == pad) return k;
  return -1;
}
// getSuccPad: the pad the terminator unwinds to.
function succPad(term: i32): i32 {
  let o = opOf(term);
  let d = o == Op.CatchSwitch ? catchSwitchDest(term) : o == Op.Invoke ? invokeUnwind(term) : numOperands(term) > 1 ? operand(term, 1) : -1;
  return d >= 0 ? firstNonPhi(d) : -1;
}
// At the function's end: no cycle of sibling funclets unwinding into each other.
export function verifySiblingFuncletUnwinds(): void {
  siblingsOfThisFunction();
  let pads = vr.sibPads, terms = vr.sibTerms;
  let visited = vr.ehWork, active = vr.ehSeen;
  visited.clear();
  let base = active.len;
  for (let k = 0; k < pads.len; k++) {
    let pred = pads.get(k);
    if (listHas(visited, pred, 0)) continue;
    active.len = base; active.push(pred);
    let term = terms.get(k);
    while (true) {
      let succ = succPad(term);
      if (listHas(active, succ, base)) {
        vr.fail("EH pads can't handle each other's exceptions");
        let pad = succ, guard = 0;
        do {
          vr.w(pad);
          let j = siblingIndex(pad);
          let t = j >= 0 ? terms.get(j) : -1;
          if (t != pad) vr.w(t);
          pad = t >= 0 ? succPad(t) : succ;
        } while (pad != succ && guard++ < 100000);
        active.len = base; pads.clear(); terms.clear();
        return;
      }
      if (listHas(visited, succ, 0)) break;
      visited.push(succ);
      pred = succ;
      let j = siblingIndex(pred);
      if (j < 0) break;
      term = terms.get(j);
      active.push(pred);
    }
    active.len = base;
  }
  pads.clear(); terms.clear();
}
function listHas(l: I32Vec, v: i32, from: i32): bool {
  for (let k = from; k < l.len; k++) if (l.get(k) == v) return true;
  return false;
}
