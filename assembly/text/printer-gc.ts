// The comment AsmWriter prints after a gc.relocate call (printGCRelocateComment): ` ; (base,
// derived)`, the two pointers it relocates, looked up in its statepoint's "gc-live" bundle (or,
// without one, among the statepoint's arguments).
import { strtab } from "../ir/module";
import { VK, vKind, vName, vParent, vB, vFirstUse, opNext, opUser, iOp, operand, numOperands } from "../ir/values";
import { Op, isTerminator } from "../ir/opcodes";
import { callNumArgs, callNumBundles, bundleTag, bundleNumOps } from "../ir/inst";
import { intLow64 } from "../ir/constants";
import { OutBuf } from "../util/outbuf";
import { Writer } from "./writer";
import { printValueRef } from "./printer-values";

const RELOCATE = "llvm.experimental.gc.relocate";

// Call i's comment, when it is a call of gc.relocate.
export function printGCRelocateComment(w: Writer, out: OutBuf, i: i32): void {
  let f = operand(i, 0);
  if (f < 0 || <i32>vKind.get(f) != VK.Function || !strtab.startsWithStr(vName.get(f), RELOCATE) || callNumArgs(i) < 3) return;
  let sp = statepointOf(operand(i, 1));
  out.str(" ; (");
  printLive(w, out, sp, operand(i, 2));
  out.str(", ");
  printLive(w, out, sp, operand(i, 3));
  out.byte(41);
}

// GCProjectionInst::getStatepoint: the token's statepoint, the invoke before a landing pad, or -2
// for an undef (or none) token.
function statepointOf(tok: i32): i32 {
  if (tok < 0) return -1;
  let k = <i32>vKind.get(tok);
  if (k == VK.ConstUndef || k == VK.ConstPoison || k == VK.ConstNone) return -2;
  if (k != VK.Inst || <i32>iOp.get(tok) != Op.LandingPad) return tok;
  return uniquePredTerminator(vParent.get(tok));
}
// The terminator of block b's unique predecessor, or -1.
function uniquePredTerminator(b: i32): i32 {
  if (b < 0) return -1;
  let pred = -1, term = -1;
  for (let s = vFirstUse.get(b); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (u < 0 || <i32>vKind.get(u) != VK.Inst || !isTerminator(<i32>iOp.get(u))) continue;
    let p = vParent.get(u);
    if (p < 0 || vB.get(p) != u) continue;
    if (pred >= 0 && pred != p) return -1;
    pred = p; term = u;
  }
  return term;
}
// The live pointer at index operand idx of statepoint sp.
function printLive(w: Writer, out: OutBuf, sp: i32, idx: i32): void {
  if (sp == -2) { out.str("undef"); return; }
  if (sp < 0 || <i32>vKind.get(sp) != VK.Inst || idx < 0 || <i32>vKind.get(idx) != VK.ConstInt) { printValueRef(w, out, -1); return; }
  let k = intLow64(idx);
  let first = 1, count = callNumArgs(sp);
  let nb = callNumBundles(sp), at = 1 + count;
  for (let b = 0; b < nb; b++) {
    let n = bundleNumOps(sp, b);
    let tag = bundleTag(sp, b);
    if (tag >= 0 && strtab.eqStr(tag, "gc-live")) { first = at; count = n; break; }
    at += n;
  }
  printValueRef(w, out, k < <u64>count && first + <i32>k < numOperands(sp) ? operand(sp, first + <i32>k) : -1);
}
