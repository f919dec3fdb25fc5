// Metadata numbering (in the order LLVM's SlotTracker assigns slots) and printing.
import { OutBuf } from "../util/outbuf";
import { I32Vec, U8Vec } from "../util/vec";
import { strtab } from "../ir/module";
import { printMDIdent, printEscapedId, printEscaped, printType } from "./printer-types";
import {
  MK, MDF_DISTINCT, mdKind, mdFlags, mdA, mdOps, mdNOps, mdPool, mdCount, nmdName, nmdOps, nmdNOps, nmdPool,
  attKind, attMD, attNext, mdKindName, drKind, drOps, drNOps, drNext, drPool, DR, DR_NAMES, FV_MD, FV_RAW,
} from "../ir/metadata";
import { vType, vKind, VK } from "../ir/values";
import { printTypedValue } from "./printer-values";
import { ensureDIOperands, resetDIOperands, diClassIndex, diFieldRank, DI_MAX_OPERANDS } from "../ir/di-operands";

export let mdSlot: I32Vec = new I32Vec();
export let mdOrder: I32Vec = new I32Vec();
let work: I32Vec = new I32Vec();
let byRank: I32Vec = new I32Vec();   // a DI node's children by operand rank (-1 empty)
let unranked: I32Vec = new I32Vec(); // its children in fields without a rank, in source order
export function resetMetaPrinter(): void {
  unescaped = new U8Vec(64);
  mdSlot = new I32Vec(); mdOrder = new I32Vec(); work = new I32Vec();
  byRank = new I32Vec(); unranked = new I32Vec();
  resetDIOperands();
}
export function beginNumbering(): void { mdSlot.clear(); mdSlot.resize(mdCount(), -1); mdOrder.clear(); }

// Assigns slots to node m and (pre-order) the nodes it references, as CreateMetadataSlot.
// A DI node's children are visited in the order LLVM keeps them as operands (ir/di-operands.ts),
// not in the order its fields are written; fields without a known rank come after, in source
// order. Iterative to survive deep metadata chains.
export function numberNode(m: i32): void {
  if (m < 0) return;
  ensureDIOperands();
  if (byRank.len < DI_MAX_OPERANDS) byRank.resize(DI_MAX_OPERANDS, -1);
  work.clear(); work.push(m);
  while (work.len > 0) {
    let x = work.pop();
    if (x < 0) continue;
    let k = <i32>mdKind.get(x);
    if (k == MK.String || k == MK.Value) continue;
    if (k == MK.Expr) continue;
    if (k == MK.ArgList) continue; // printed inline; its operands are values
    if (mdSlot.get(x) >= 0) continue;
    mdSlot.set(x, mdOrder.len); mdOrder.push(x);
    // push children in reverse so the first is numbered first
    let s = mdOps.get(x);
    if (k == MK.Tuple) {
      for (let i = mdNOps.get(x) - 1; i >= 0; i--) work.push(mdPool.get(s + i));
    } else if (k == MK.Node) {
      let c = diClassIndex(mdA.get(x));
      if (c < 0) {
        for (let i = mdNOps.get(x) - 1; i >= 0; i--) if (mdPool.get(s + 3 * i + 1) == FV_MD) work.push(mdPool.get(s + 3 * i + 2));
        continue;
      }
      let n = mdNOps.get(x), hi = -1;
      unranked.clear();
      for (let i = 0; i < n; i++) {
        let p = s + 3 * i;
        if (mdPool.get(p + 1) != FV_MD) continue;
        let v = mdPool.get(p + 2);
        if (v < 0) continue;
        let r = diFieldRank(c, mdPool.get(p));
        if (r < 0 || byRank.get(r) >= 0) { unranked.push(v); continue; }
        byRank.set(r, v);
        if (r > hi) hi = r;
      }
      for (let i = unranked.len - 1; i >= 0; i--) work.push(unranked.get(i));
      for (let r = hi; r >= 0; r--) {
        let v = byRank.get(r);
        if (v >= 0) { work.push(v); byRank.set(r, -1); }
      }
    }
  }
}
export function numberAttachments(head: i32): void {
  for (let a = head; a >= 0; a = attNext.get(a)) numberNode(attMD.get(a));
}
export function numberRecords(head: i32): void {
  for (let r = head; r >= 0; r = drNext.get(r)) {
    let s = drOps.get(r), n = drNOps.get(r);
    let k = <i32>drKind.get(r);
    if (k == DR.Label) { numberNode(drPool.get(s)); numberNode(drPool.get(s + 1)); continue; }
    numberNode(drPool.get(s));      // location (only tuples get slots)
    numberNode(drPool.get(s + 1));  // variable
    if (k == DR.Assign) { numberNode(drPool.get(s + 3)); numberNode(drPool.get(s + 4)); }
    numberNode(drPool.get(s + n - 1)); // DILocation
  }
}
export function numberNamed(): void {
  for (let i = 0; i < nmdName.len; i++) {
    let s = nmdOps.get(i);
    for (let j = 0; nmdNOps.get(i) > j; j++) numberNode(nmdPool.get(s + j));
  }
}

// An operand position: `!N`, inline DIExpression/DIArgList, `!"str"`, a value, or null.
export function printMDOperand(out: OutBuf, m: i32, inNode: bool): void {
  if (m < 0) { out.str(inNode ? "null" : "!{}"); return; }
  let k = <i32>mdKind.get(m);
  switch (k) {
    case MK.String: out.str("!\""); printEscapedId(out, mdA.get(m)); out.byte(34); return;
    case MK.Value: printTypedValue(out, mdA.get(m)); return;
    case MK.Expr: out.str("!DIExpression("); out.strId(strtab, mdA.get(m)); out.byte(41); return;
    case MK.ArgList: {
      out.str("!DIArgList(");
      let s = mdOps.get(m);
      for (let i = 0; mdNOps.get(m) > i; i++) { if (i > 0) out.str(", "); printMDOperand(out, mdPool.get(s + i), true); }
      out.byte(41); return;
    }
  }
  let slot = mdSlot.get(m);
  if (slot >= 0) { out.byte(33); out.int(slot); return; }
  // not numbered (should not happen for reachable nodes): print inline
  printNodeBody(out, m);
}

// A field kept as its source text. A quoted string is printed with LLVM's escapes (`\\` for a
// backslash, `\XX` for other bytes outside printable ASCII), whatever escapes the source used.
let unescaped: U8Vec = new U8Vec(64);
function printRawField(out: OutBuf, id: i32): void {
  let p = strtab.ptrOf(id), n = strtab.lenOf(id);
  if (n < 2 || load<u8>(p) != 34) { out.strId(strtab, id); return; }
  let plain = true;
  for (let i = 1; i < n - 1; i++) { let c = <i32>load<u8>(p + <usize>i); if (c == 92 || c < 32 || c > 126) { plain = false; break; } }
  if (plain) { out.strId(strtab, id); return; }
  unescaped.clear();
  for (let i = 1; i < n - 1; i++) {
    let c = <i32>load<u8>(p + <usize>i);
    if (c == 92 && i + 1 < n - 1 && load<u8>(p + <usize>(i + 1)) == 92) { unescaped.push(92); i++; continue; }
    if (c == 92 && i + 2 < n - 1 && isHex(load<u8>(p + <usize>(i + 1))) && isHex(load<u8>(p + <usize>(i + 2)))) {
      unescaped.push(<u8>((hexVal(load<u8>(p + <usize>(i + 1))) << 4) | hexVal(load<u8>(p + <usize>(i + 2))))); i += 2; continue;
    }
    unescaped.push(<u8>c);
  }
  out.byte(34); printEscaped(out, unescaped.ptr, unescaped.len); out.byte(34);
}
function isHex(c: u8): bool { return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102); }
function hexVal(c: u8): i32 { return c <= 57 ? <i32>c - 48 : (<i32>c | 32) - 87; }

export function printNodeBody(out: OutBuf, m: i32): void {
  let k = <i32>mdKind.get(m);
  if (mdFlags.get(m) & MDF_DISTINCT) out.str("distinct ");
  let s = mdOps.get(m), n = mdNOps.get(m);
  if (k == MK.Tuple) {
    out.str("!{");
    for (let i = 0; i < n; i++) { if (i > 0) out.str(", "); printMDOperand(out, mdPool.get(s + i), true); }
    out.byte(125);
    return;
  }
  if (k == MK.Node) {
    out.byte(33); out.strId(strtab, mdA.get(m)); out.byte(40);
    for (let i = 0; i < n; i++) {
      if (i > 0) out.str(", ");
      out.strId(strtab, mdPool.get(s + 3 * i)); out.str(": ");
      let tag = mdPool.get(s + 3 * i + 1), v = mdPool.get(s + 3 * i + 2);
      if (tag == FV_RAW) printRawField(out, v); else printMDOperand(out, v, true);
    }
    out.byte(41);
    return;
  }
  printMDOperand(out, m, true);
}

export function printAllNodes(out: OutBuf): void {
  for (let i = 0; i < mdOrder.len; i++) {
    out.byte(33); out.int(i); out.str(" = ");
    printNodeBody(out, mdOrder.get(i));
    out.byte(10);
  }
}
export function printNamedMetadata(out: OutBuf): void {
  for (let i = 0; i < nmdName.len; i++) {
    out.byte(33); printMDIdent(out, nmdName.get(i)); out.str(" = !{");
    let s = nmdOps.get(i);
    for (let j = 0; nmdNOps.get(i) > j; j++) { if (j > 0) out.str(", "); printMDOperand(out, nmdPool.get(s + j), true); }
    out.str("}\n");
  }
}
// `, !kind !N` (sep ", ") or ` !kind !N` (sep " ").
export function printAttachments(out: OutBuf, head: i32, sep: string): void {
  for (let a = head; a >= 0; a = attNext.get(a)) {
    out.str(sep); out.byte(33); printMDIdent(out, mdKindName.get(attKind.get(a))); out.byte(32);
    printMDOperand(out, attMD.get(a), false);
  }
}
export function printRecords(out: OutBuf, head: i32): void {
  for (let r = head; r >= 0; r = drNext.get(r)) { out.str("    "); printRecord(out, r); out.byte(10); }
}
// One debug record (no indentation, no newline), as DbgRecord::print writes it.
export function printRecord(out: OutBuf, r: i32): void {
  let k = <i32>drKind.get(r);
  let s = drOps.get(r), n = drNOps.get(r);
  out.str("#dbg_"); out.str(DR_NAMES[k]); out.byte(40);
  for (let i = 0; i < n; i++) {
    if (i > 0) out.str(", ");
    printMDOperand(out, drPool.get(s + i), false);
  }
  out.byte(41);
}
