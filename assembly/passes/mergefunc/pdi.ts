// Thunks that keep debug info (-mergefunc-preserve-debug-info), as LLVM 19's writeThunk under
// MergeFunctionsPDI: G itself becomes the thunk. Of G's entry block it keeps what describes the
// parameters — debug records of parameter variables, and for a parameter's #dbg_declare the
// alloca and the stores of arguments into it — and the rest of the body goes; the call to F and
// the return get a DILocation at G's scope line.
import { I32Vec } from "../../util/vec";
import { vKind, VK, vA, vB, iOp, iNext, iDbg, iMD, operand, valueCount, opUser, opNext, vFirstUse } from "../../ir/values";
import { gFirstBlock, gMD } from "../../ir/globals";
import {
  drKind, drOps, drNOps, drPool, drNext, DR, mdKind, mdA, mdFlags, mdOps, mdNOps, mdPool, MK, FV_MD, FV_RAW,
  MDF_DISTINCT, MDK_DBG, findAttachment, addAttachment, newMD,
} from "../../ir/metadata";
import { Op } from "../../ir/opcodes";
import { strtab } from "../../ir/module";
import { IRBuilder } from "../../ir/builder";
import { eraseInstruction, eraseBlock } from "../../ir/edit";

// The value of field `name` of a specialized node: md id (FV_MD) or raw text strId; -1 if absent.
function field(m: i32, name: string): i32 {
  if (m < 0 || <i32>mdKind.get(m) != MK.Node) return -1;
  let s = mdOps.get(m), n = mdNOps.get(m);
  for (let i = 0; i < n; i++) if (strtab.eqStr(mdPool.get(s + 3 * i), name)) return mdPool.get(s + 3 * i + 2);
  return -1;
}
function fieldIsRaw(m: i32, name: string): bool {
  let s = mdOps.get(m), n = mdNOps.get(m);
  for (let i = 0; i < n; i++) if (strtab.eqStr(mdPool.get(s + 3 * i), name)) return mdPool.get(s + 3 * i + 1) == FV_RAW;
  return false;
}
// DILocalVariable::isParameter: a non-zero `arg:`.
function isParameter(variable: i32): bool {
  let a = field(variable, "arg");
  if (a < 0 || !fieldIsRaw(variable, "arg")) return false;
  let p = strtab.ptrOf(a), n = strtab.lenOf(a);
  for (let i = 0; i < n; i++) { let c = load<u8>(p + <usize>i); if (c >= 49 && c <= 57) return true; }
  return false;
}
@inline function recVariable(r: i32): i32 { return drNOps.get(r) > 1 ? drPool.get(drOps.get(r) + 1) : -1; }
// The value a record's location refers to (`ptr %x` as metadata), or -1.
function recValue(r: i32): i32 {
  let m = drNOps.get(r) > 0 ? drPool.get(drOps.get(r)) : -1;
  return m >= 0 && <i32>mdKind.get(m) == MK.Value ? mdA.get(m) : -1;
}

// The debug-info-preserving thunk being written (one per MergeFunctions run, reused from thunk to
// thunk): what of the entry block describes the parameters, the rest, the removed terminator's
// records. It sets the run's IR builder at the end of the entry block for the call and return.
export class PDIThunk {
  private instMark: Int32Array = new Int32Array(0);
  private recMark: Int32Array = new Int32Array(0);
  private unrelated: I32Vec = new I32Vec(16);
  private trailing: i32 = -1;
  constructor(private builder: IRBuilder) {}

  // filterInstsUnrelatedToPDI: marks what of the entry block describes the parameters.
  private markRelated(entry: i32): void {
    let instMark = this.instMark, recMark = this.recMark;
    let nv = valueCount();
    if (instMark.length < nv) { instMark = new Int32Array(nv + (nv >> 1)); this.instMark = instMark; }
    else instMark.fill(0);
    let nr = drKind.len;
    if (recMark.length < nr) { recMark = new Int32Array(nr + 16); this.recMark = recMark; }
    else recMark.fill(0);
    let term = vB.get(entry);
    for (let i = vA.get(entry); i >= 0; i = iNext.get(i)) {
      for (let r = iDbg.get(i); r >= 0; r = drNext.get(r)) {
        let k = <i32>drKind.get(r);
        if (k == DR.Value || k == DR.Assign) { if (isParameter(recVariable(r))) recMark[r] = 1; }
        else if (k == DR.Declare && isParameter(recVariable(r))) {
          let ai = recValue(r);
          if (ai >= 0 && <i32>vKind.get(ai) == VK.Inst && <i32>iOp.get(ai) == Op.Alloca) {
            for (let s = vFirstUse.get(ai); s >= 0; s = opNext.get(s)) {
              let u = opUser.get(s);
              if (<i32>vKind.get(u) != VK.Inst || <i32>iOp.get(u) != Op.Store) continue;
              let val = operand(u, 0);
              if (val >= 0 && <i32>vKind.get(val) == VK.Arg) { instMark[ai] = 1; instMark[u] = 1; recMark[r] = 1; }
            }
          }
        }
      }
      if (i == term) instMark[i] = 1;
    }
  }

  // Prepares G's entry block for the thunk: marks, then removes the entry terminator (its debug
  // records wait for the next inserted instruction) and sets the insertion point at the end.
  begin(g: i32): void {
    let unrelated = this.unrelated;
    let entry = gFirstBlock.get(g);
    this.markRelated(entry);
    let instMark = this.instMark;
    unrelated.clear();
    for (let i = vA.get(entry); i >= 0; i = iNext.get(i)) if (instMark[i] == 0) unrelated.push(i);
    let term = vB.get(entry);
    this.trailing = -1;
    if (term >= 0) { this.trailing = iDbg.get(term); iDbg.set(term, -1); eraseInstruction(term); }
    this.builder.setInsertPointAtEnd(entry);
  }
  // The first instruction built adopts the records of the removed terminator.
  adoptTrailing(inst: i32): void {
    if (this.trailing < 0) return;
    appendRecords(this.trailing, inst);
    this.trailing = -1;
  }
  // After the call and return are built: debug locations, then erase the rest of the body
  // (other blocks, then the unrelated entry instructions last to first, then unrelated records).
  finish(g: i32, call: i32, ret: i32): void {
    let unrelated = this.unrelated, recMark = this.recMark;
    let sp = findAttachment(gMD.get(g), MDK_DBG);
    if (sp >= 0 && <i32>mdKind.get(sp) == MK.Node) {
      let loc = scopeLineLocation(sp);
      iMD.set(call, addAttachment(iMD.get(call), MDK_DBG, loc));
      iMD.set(ret, addAttachment(iMD.get(ret), MDK_DBG, loc));
    }
    // eraseTail
    let entry = gFirstBlock.get(g);
    let b = iNext.get(entry);
    while (b >= 0) { let n = iNext.get(b); eraseBlock(g, b); b = n; }
    // eraseInstsUnrelatedToPDI: last to first; an erased instruction's records move to the next one.
    for (let k = unrelated.len - 1; k >= 0; k--) {
      let i = unrelated.get(k);
      let recs = iDbg.get(i);
      let next = iNext.get(i);
      iDbg.set(i, -1);
      eraseInstruction(i);
      if (recs >= 0 && next >= 0) appendRecords(recs, next);
    }
    // Unrelated debug records (variable records that are not about parameters) go.
    for (let i = vA.get(entry); i >= 0; i = iNext.get(i)) {
      let head = -1, tail = -1;
      for (let r = iDbg.get(i); r >= 0; ) {
        let nr = drNext.get(r);
        let keep = <i32>drKind.get(r) == DR.Label || (r < recMark.length && recMark[r] != 0);
        if (keep) { if (tail >= 0) drNext.set(tail, r); else head = r; tail = r; }
        r = nr;
      }
      if (tail >= 0) drNext.set(tail, -1);
      iDbg.set(i, head);
    }
  }
}

// Puts record list `head` before the records of `inst`.
function appendRecords(head: i32, inst: i32): void {
  let t = head;
  while (drNext.get(t) >= 0) t = drNext.get(t);
  drNext.set(t, iDbg.get(inst));
  iDbg.set(inst, head);
}

// DILocation::get(scopeLine, 0, SP), uniqued against the module's existing nodes.
function scopeLineLocation(sp: i32): i32 {
  let line = field(sp, "scopeLine");
  let lineText = line >= 0 && fieldIsRaw(sp, "scopeLine") ? line : strtab.internStr("0");
  let cls = strtab.internStr("DILocation");
  let fLine = strtab.internStr("line"), fScope = strtab.internStr("scope");
  let n = mdKind.len;
  for (let m = 0; m < n; m++) {
    if (<i32>mdKind.get(m) != MK.Node || mdA.get(m) != cls || (mdFlags.get(m) & MDF_DISTINCT) != 0 || mdNOps.get(m) != 2) continue;
    let s = mdOps.get(m);
    if (mdPool.get(s) == fLine && mdPool.get(s + 1) == FV_RAW && mdPool.get(s + 2) == lineText &&
        mdPool.get(s + 3) == fScope && mdPool.get(s + 4) == FV_MD && mdPool.get(s + 5) == sp) return m;
  }
  let m = newMD(MK.Node, cls);
  mdOps.set(m, mdPool.len);
  mdPool.push(fLine); mdPool.push(FV_RAW); mdPool.push(lineText);
  mdPool.push(fScope); mdPool.push(FV_MD); mdPool.push(sp);
  mdNOps.set(m, 2);
  return m;
}
