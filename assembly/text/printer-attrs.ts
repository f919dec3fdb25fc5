// Printing of attributes, attribute sets and the attribute-group table.
import { zext64 } from "../util/bits";
import { decodeAlign } from "../ir/align";
import { OutBuf } from "../util/outbuf";
import { Writer } from "./writer";
import { strtab } from "../ir/module";
import { printType, printEscapedId } from "./printer-types";
import {
  AT, ATTR_KW, setSize, setTag, setKey, setV0, setV1, ATTR_ALIGN, ATTR_ALIGNSTACK, ATTR_MEMORY, ATTR_NOFPCLASS,
  ATTR_UWTABLE, ATTR_ALLOCSIZE, ATTR_VSCALE, ATTR_ALLOCKIND, ATTR_CAPTURES,
} from "../ir/attributes";
import { FPCLASS_MASKS, FPCLASS_NAMES, ME_OTHER_SHIFT, memAll } from "../ir/attributes";

const MODREF: string[] = ["none", "read", "write", "readwrite"];

// memory(...): the access kind of `other` first as the default, then every location that differs
// from it, in LLVM's location order (parse-attrs.ts has the encoding).
const MEM_LOC_LABELS: string[] = ["argmem: ", "inaccessiblemem: ", "errnomem: ", "", "target_mem0: ", "target_mem1: "];
function printMemory(out: OutBuf, me: i32): void {
  out.str("memory(");
  let other = (me >> ME_OTHER_SHIFT) & 3;
  let first = true;
  if (other != 0 || me == memAll(other)) { out.str(MODREF[other]); first = false; }
  for (let loc = 0; loc < MEM_LOC_LABELS.length; loc++) {
    let mr = (me >> (loc * 2)) & 3;
    if (loc * 2 == ME_OTHER_SHIFT || mr == other) continue;
    if (!first) out.str(", ");
    first = false;
    out.str(MEM_LOC_LABELS[loc]);
    out.str(MODREF[mr]);
  }
  out.byte(41);
}
// The components of captures(...) for one location (parse-attrs.ts has the bits).
function printCaptureComponents(out: OutBuf, cc: i32): void {
  if (cc == 0) { out.str("none"); return; }
  let sep = false;
  if ((cc & 3) == 1) { out.str("address_is_null"); sep = true; }
  else if ((cc & 3) == 3) { out.str("address"); sep = true; }
  if ((cc & 12) == 4) { if (sep) out.str(", "); out.str("read_provenance"); sep = true; }
  if ((cc & 12) == 12) { if (sep) out.str(", "); out.str("provenance"); }
}
function printCaptures(out: OutBuf, other: i32, ret: i32): void {
  out.str("captures(");
  if (other != 0 || other == ret) printCaptureComponents(out, other);
  if (other != ret) { if (other != 0) out.str(", "); out.str("ret: "); printCaptureComponents(out, ret); }
  out.byte(41);
}
function printFPClass(out: OutBuf, mask: i32): void {
  out.str("nofpclass(");
  let first = true;
  for (let i = 0; i < FPCLASS_NAMES.length && mask != 0; i++) {
    let m = FPCLASS_MASKS[i];
    if ((mask & m) == m) {
      if (!first) out.byte(32);
      first = false;
      out.str(FPCLASS_NAMES[i]);
      mask &= ~m;
    }
  }
  out.byte(41);
}

// One attribute; `inGroup` selects the `attributes #N = {}` spelling (align=N, alignstack=N).
export function printAttr(w: Writer, out: OutBuf, set: i32, i: i32, inGroup: bool): void {
  let tag = setTag(set, i), key = setKey(set, i), v0 = setV0(set, i), v1 = setV1(set, i);
  if (tag == AT.String) {
    out.byte(34); printEscapedId(out, key); out.byte(34);
    if (v0 >= 0) { out.str("=\""); printEscapedId(out, v0); out.byte(34); }
    return;
  }
  if (tag == AT.Enum) { out.str(ATTR_KW[key]); return; }
  if (tag == AT.Type) { out.str(ATTR_KW[key]); out.byte(40); printType(w, out, v0); out.byte(41); return; }
  if (tag == AT.Range) { out.str(ATTR_KW[key]); out.byte(40); out.strId(strtab, v0); out.byte(41); return; }
  // int attributes
  if (key == ATTR_ALIGN) { out.str(inGroup ? "align=" : "align "); out.i64(decodeAlign(v0)); return; }
  if (key == ATTR_ALIGNSTACK) { if (inGroup) { out.str("alignstack="); out.i64(decodeAlign(v0)); } else { out.str("alignstack("); out.i64(decodeAlign(v0)); out.byte(41); } return; }
  if (key == ATTR_MEMORY) { printMemory(out, v0); return; }
  if (key == ATTR_CAPTURES) { printCaptures(out, v0, v1); return; }
  if (key == ATTR_NOFPCLASS) { printFPClass(out, v0); return; }
  if (key == ATTR_UWTABLE) { out.str(v0 == 1 ? "uwtable(sync)" : "uwtable"); return; }
  if (key == ATTR_ALLOCKIND) { out.str("allockind(\""); printEscapedId(out, v0); out.str("\")"); return; }
  if (key == ATTR_ALLOCSIZE) { out.str("allocsize("); out.int(v0); if (v1 >= 0) { out.byte(44); out.int(v1); } out.byte(41); return; }
  if (key == ATTR_VSCALE) { out.str("vscale_range("); out.int(v0); out.byte(44); out.int(v1); out.byte(41); return; }
  // dereferenceable / dereferenceable_or_null
  out.str(ATTR_KW[key]); out.byte(40); out.u64(zext64(v0) | (zext64(v1) << 32)); out.byte(41);
}
export function printAttrSet(w: Writer, out: OutBuf, set: i32, inGroup: bool): void {
  let n = setSize(set);
  for (let i = 0; i < n; i++) { if (i > 0) out.byte(32); printAttr(w, out, set, i, inGroup); }
}
// The `; Function Attrs:` comment: every non-string attribute.
export function printFnAttrComment(w: Writer, out: OutBuf, set: i32): void {
  let n = setSize(set);
  let any = false;
  for (let i = 0; i < n; i++) if (setTag(set, i) != AT.String) { any = true; break; }
  if (!any) return;
  out.str("; Function Attrs:");
  for (let i = 0; i < n; i++) if (setTag(set, i) != AT.String) { out.byte(32); printAttr(w, out, set, i, false); }
  out.byte(10);
}

// The `attributes #N = { ... }` table of the groups w's numbering met.
export function printGroups(w: Writer, out: OutBuf): void {
  let list = w.slots.groupList;
  for (let i = 0; i < list.len; i++) {
    out.str("attributes #"); out.int(i); out.str(" = { ");
    printAttrSet(w, out, list.get(i), true);
    out.str(" }\n");
  }
}
