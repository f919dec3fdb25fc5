// Metadata printing: operands, node bodies, the numbered and named metadata tables, attachments and
// debug records, with the slots a Writer's SlotTable (slots.ts) assigned.
import { OutBuf } from "../util/outbuf";
import { Writer } from "./writer";
import { strtab } from "../ir/module";
import { printMDIdent, printEscapedId, printEscaped, printType } from "./printer-types";
import {
  MK, MDF_DISTINCT, mdKind, mdFlags, mdA, mdOps, mdNOps, mdPool, mdCount, nmdName, nmdOps, nmdNOps, nmdPool,
  attKind, attMD, attNext, mdKindName, drKind, drOps, drNOps, drNext, drPool, DR, DR_NAMES, FV_MD, FV_RAW,
} from "../ir/metadata";
import { vType, vKind, VK } from "../ir/values";
import { printTypedValue } from "./printer-values";

// An operand position: `!N`, inline DIExpression/DIArgList, `!"str"`, a value, or null.
export function printMDOperand(w: Writer, out: OutBuf, m: i32, inNode: bool): void {
  if (m < 0) { out.str(inNode ? "null" : "!{}"); return; }
  let k = <i32>mdKind.get(m);
  switch (k) {
    case MK.String: out.str("!\""); printEscapedId(out, mdA.get(m)); out.byte(34); return;
    case MK.Value: printTypedValue(w, out, mdA.get(m)); return;
    case MK.Expr: out.str("!DIExpression("); out.strId(strtab, mdA.get(m)); out.byte(41); return;
    case MK.ArgList: {
      out.str("!DIArgList(");
      let s = mdOps.get(m);
      for (let i = 0; mdNOps.get(m) > i; i++) { if (i > 0) out.str(", "); printMDOperand(w, out, mdPool.get(s + i), true); }
      out.byte(41); return;
    }
  }
  let slot = w.slots.md.get(m);
  // a node the numbering did not reach (only malformed input makes one, e.g. mutated bitcode):
  // numbered now, so it is printed by reference and listed with the others at the end (printed
  // inline, a cycle through such nodes would never end)
  if (slot < 0) { w.slots.numberNode(m); slot = w.slots.md.get(m); }
  if (slot >= 0) { out.byte(33); out.int(slot); return; }
  printNodeBody(w, out, m);
}

// A field kept as its source text. A quoted string is printed with LLVM's escapes (`\\` for a
// backslash, `\XX` for other bytes outside printable ASCII), whatever escapes the source used.
function printRawField(w: Writer, out: OutBuf, id: i32): void {
  let p = strtab.ptrOf(id), n = strtab.lenOf(id);
  if (n < 2 || load<u8>(p) != 34) { out.strId(strtab, id); return; }
  let plain = true;
  for (let i = 1; i < n - 1; i++) { let c = <i32>load<u8>(p + <usize>i); if (c == 92 || c < 32 || c > 126) { plain = false; break; } }
  if (plain) { out.strId(strtab, id); return; }
  let unescaped = w.unescaped;
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

export function printNodeBody(w: Writer, out: OutBuf, m: i32): void {
  let k = <i32>mdKind.get(m);
  if (mdFlags.get(m) & MDF_DISTINCT) out.str("distinct ");
  let s = mdOps.get(m), n = mdNOps.get(m);
  if (k == MK.Tuple) {
    out.str("!{");
    for (let i = 0; i < n; i++) { if (i > 0) out.str(", "); printMDOperand(w, out, mdPool.get(s + i), true); }
    out.byte(125);
    return;
  }
  if (k == MK.Node) {
    out.byte(33); out.strId(strtab, mdA.get(m)); out.byte(40);
    // GenericDINode keeps each of its operands as an `operands` field: printed as one list
    let ops = strtab.eqStr(mdA.get(m), "GenericDINode") ? strtab.internStr("operands") : -1;
    for (let i = 0; i < n; i++) {
      let name = mdPool.get(s + 3 * i);
      let tag = mdPool.get(s + 3 * i + 1), v = mdPool.get(s + 3 * i + 2);
      let item = name == ops;
      let first = !item || i == 0 || mdPool.get(s + 3 * (i - 1)) != ops;
      if (i > 0) out.str(", ");
      if (first) { out.strId(strtab, name); out.str(item ? ": {" : ": "); }
      if (tag == FV_RAW) printRawField(w, out, v); else printMDOperand(w, out, v, true);
      if (item && (i + 1 == n || mdPool.get(s + 3 * (i + 1)) != ops)) out.byte(125);
    }
    out.byte(41);
    return;
  }
  printMDOperand(w, out, m, true);
}

export function printAllNodes(w: Writer, out: OutBuf): void {
  let order = w.slots.mdOrder;
  for (let i = 0; i < order.len; i++) {
    if (w.slots.stops(order.get(i))) continue;
    out.byte(33); out.int(i); out.str(" = ");
    printNodeBody(w, out, order.get(i));
    out.byte(10);
  }
}
export function printNamedMetadata(w: Writer, out: OutBuf): void {
  for (let i = 0; i < nmdName.len; i++) {
    out.byte(33); printMDIdent(out, nmdName.get(i)); out.str(" = !{");
    let s = nmdOps.get(i);
    for (let j = 0; nmdNOps.get(i) > j; j++) { if (j > 0) out.str(", "); printMDOperand(w, out, nmdPool.get(s + j), true); }
    out.str("}\n");
  }
}
// `, !kind !N` (sep ", ") or ` !kind !N` (sep " ").
export function printAttachments(w: Writer, out: OutBuf, head: i32, sep: string): void {
  for (let a = head; a >= 0; a = attNext.get(a)) {
    out.str(sep); out.byte(33); printMDIdent(out, mdKindName.get(attKind.get(a))); out.byte(32);
    printMDOperand(w, out, attMD.get(a), false);
  }
}
export function printRecords(w: Writer, out: OutBuf, head: i32): void {
  for (let r = head; r >= 0; r = drNext.get(r)) { out.str("    "); printRecord(w, out, r); out.byte(10); }
}
// One debug record (no indentation, no newline), as DbgRecord::print writes it.
export function printRecord(w: Writer, out: OutBuf, r: i32): void {
  let k = <i32>drKind.get(r);
  let s = drOps.get(r), n = drNOps.get(r);
  out.str("#dbg_"); out.str(DR_NAMES[k]); out.byte(40);
  for (let i = 0; i < n; i++) {
    if (i > 0) out.str(", ");
    printMDOperand(w, out, drPool.get(s + i), false);
  }
  out.byte(41);
}
