// The module printer, in LLVM 19 or 22 AsmWriter layout (ir/version.ts): header, types, comdats, globals, aliases,
// ifuncs, functions (with `; preds =` and `; Function Attrs:` comments), attribute groups,
// named metadata and numbered metadata. This file drives it (whole module, chunks, repository
// fragments, diagnostics numbering) on a Writer (writer.ts: the output buffer, the slots, the type
// finder); globals and functions are printed by printer-globals.ts, instructions by printer-inst.ts.
import { OutBuf } from "../util/outbuf";
import { I32Vec } from "../util/vec";
import { strtab } from "../ir/module";
import { printName, printType, printStructBody, printEscapedId, printEscaped } from "./printer-types";
import { printGroups } from "./printer-attrs";
import { isLive, SlotTable } from "./slots";
import { printAllNodes, printNamedMetadata } from "./printer-values";
import { tyA } from "../ir/types";
import { GK, gKind, gComdat, gAttrs, gMD, globalCount, cdName, cdKind, COMDAT_NAMES } from "../ir/globals";
import { moduleId, sourceFilename, dataLayout, targetTriple, moduleAsm } from "../ir/module";
import { nmdName } from "../ir/metadata";
import { has, Feature } from "../ir/version";
import { printAliasOrIFunc, printFunction, printGlobalVar } from "./printer-globals";
import { printInstruction } from "./printer-inst";
import { Writer, writer } from "./writer";

// The host's entry points (index.ts) print with the session's writer.
export function output(): OutBuf { return writer().out; }
export function reserveOutput(n: i32): void { writer().out.buf.reserve(n); }

// One definition as a self-contained text for the program repository (`wopt repo link` reads it
// back into a pruned module): the identified struct types it uses, its comdat, the definition as
// the module printer prints it, then its own attribute groups and metadata numbered from 0.
// Other globals are referred to by name (unnamed ones by their number in the whole module; with
// w.fragmentRefs set, each such reference is added to it). b >= 0: a second global printed after
// the first (what a pass made of a definition: the definition's own global and the global that
// took its name), sharing the types, groups and metadata numbering.
// Leaves the printer's module numbering invalid: print the module first.
// Call beginFragments() once (after printing the module) before printing fragments.
export function beginFragments(w: Writer): void {
  w.slots.numberGlobals();
  w.types.find();
  w.moduleHasStructs = w.types.foundStructs.len > 0;
}
export function printFragment(w: Writer, dst: OutBuf, a: i32, b: i32 = -1): void {
  let save = w.out; w.out = dst;
  let out = dst, slots = w.slots;
  slots.clearGroups();
  slots.clearMetadata();
  numberFragmentParts(slots, a);
  if (b >= 0) numberFragmentParts(slots, b);
  if (w.moduleHasStructs) printTypes(w, a, b);   // the type finder is O(module): only when there are types
  let c = gComdat.get(a), cb = b >= 0 ? gComdat.get(b) : -1;
  if (c >= 0) printFragmentComdat(out, c);
  if (cb >= 0 && cb != c) printFragmentComdat(out, cb);
  out.byte(10);
  printFragmentGlobal(w, a);
  if (b >= 0) { out.byte(10); printFragmentGlobal(w, b); }
  if (slots.groupList.len > 0) { out.byte(10); printGroups(w, out); }
  if (slots.mdOrder.len > 0) { out.byte(10); printAllNodes(w, out); }
  w.out = save;
}
// Metadata nodes alone as a self-contained text for the program repository (what several
// definitions share, stored once): the identified struct types values in them use, then the
// nodes and what they reach, numbered from 0 in the order of `nodes`.
export function printMetadataFragment(w: Writer, dst: OutBuf, nodes: I32Vec): void {
  let save = w.out; w.out = dst;
  let slots = w.slots;
  slots.clearMetadata();
  for (let i = 0; i < nodes.len; i++) slots.numberNode(nodes.get(i));
  if (w.moduleHasStructs) {
    w.types.findInMetadata(nodes);
    if (w.types.foundStructs.len > 0) printFoundTypes(w);
  }
  if (slots.mdOrder.len > 0) { dst.byte(10); printAllNodes(w, dst); }
  w.out = save;
}
function numberFragmentParts(slots: SlotTable, g: i32): void {
  if (<i32>gKind.get(g) == GK.Func) { slots.numberFunctionParts(g); return; }
  slots.numberAttachments(gMD.get(g));
  if (<i32>gKind.get(g) == GK.Var) slots.noteGroup(gAttrs.get(g));
}
function printFragmentComdat(out: OutBuf, c: i32): void {
  out.byte(10); printName(out, 36, cdName.get(c)); out.str(" = comdat "); out.str(COMDAT_NAMES[cdKind.get(c)]); out.byte(10);
}
function printFragmentGlobal(w: Writer, g: i32): void {
  let k = <i32>gKind.get(g);
  if (k == GK.Var) printGlobalVar(w, g);
  else if (k == GK.Func) printFunction(w, g);
  else printAliasOrIFunc(w, g);
}


// The whole module in one buffer (the session writer's).
export function printModule(w: Writer = writer()): OutBuf {
  w.out.clear();
  beginPrint(w);
  while (printNextPart(w)) {}
  return w.out;
}

// Printing in chunks: beginPrint() numbers the module and writes the header and globals;
// each printNextPart() appends the next function (or, last, the attribute groups and metadata)
// and returns false when nothing is left. The host drains `w.out` between calls, so the whole
// text never has to sit in memory at once.
export function beginPrint(w: Writer = writer()): void {
  w.slots.numberGlobals();
  w.slots.numberModule();
  w.nextFn = 0; w.epilogueDone = false; w.nextNode = 0;
  let out = w.out;
  if (moduleId >= 0) { out.str("; ModuleID = '"); out.strId(strtab, moduleId); out.str("'\n"); }
  let sf = sourceFilename >= 0 ? sourceFilename : moduleId;
  if (sf >= 0 && strtab.lenOf(sf) > 0) { out.str("source_filename = \""); printEscapedId(out, sf); out.str("\"\n"); }
  if (dataLayout >= 0 && strtab.lenOf(dataLayout) > 0) { out.str("target datalayout = \""); out.strId(strtab, dataLayout); out.str("\"\n"); }
  if (targetTriple >= 0 && strtab.lenOf(targetTriple) > 0) { out.str("target triple = \""); out.strId(strtab, targetTriple); out.str("\"\n"); }
  printModuleAsm(out);
  printTypes(w);
  printComdats(out);
  let any = false;
  for (let g = 0; g < globalCount(); g++) if (<i32>gKind.get(g) == GK.Var && isLive(g)) { if (!any) { out.byte(10); any = true; } printGlobalVar(w, g); }
  any = false;
  for (let g = 0; g < globalCount(); g++) if (<i32>gKind.get(g) == GK.Alias && isLive(g)) { if (!any) { out.byte(10); any = true; } printAliasOrIFunc(w, g); }
  any = false;
  for (let g = 0; g < globalCount(); g++) if (<i32>gKind.get(g) == GK.IFunc && isLive(g)) { if (!any) { out.byte(10); any = true; } printAliasOrIFunc(w, g); }
}
export function printNextPart(w: Writer = writer()): bool {
  let out = w.out;
  let n = globalCount();
  while (w.nextFn < n) {
    let g = w.nextFn++;
    if (<i32>gKind.get(g) == GK.Func && isLive(g)) { out.byte(10); printFunction(w, g); return true; }
  }
  // the numbered metadata in parts of about NODES_PART bytes: a debug build's metadata is a
  // large part of its text, and the host's buffer is as large as the largest part
  let order = w.slots.mdOrder;
  if (w.epilogueDone) {
    if (w.nextNode >= order.len) return false;
    w.nextNode = printAllNodes(w, out, w.nextNode, out.buf.len + NODES_PART);
    return true;
  }
  w.epilogueDone = true;
  if (w.slots.groupList.len > 0) { out.byte(10); printGroups(w, out); }
  if (nmdCount() > 0) { out.byte(10); printNamedMetadata(w, out); }
  if (order.len > 0) { out.byte(10); w.nextNode = printAllNodes(w, out, 0, out.buf.len + NODES_PART); }
  else w.nextNode = 0;
  return true;
}
const NODES_PART = 1 << 18;
function nmdCount(): i32 { return nmdName.len; }

// Identified structs in TypeFinder order: unnamed ones (by their new numbers) first, then named.
function printTypes(w: Writer, only: i32 = -1, also: i32 = -1): void {
  w.types.find(only, also);
  if (w.types.foundStructs.len > 0) printFoundTypes(w);
}
function printFoundTypes(w: Writer): void {
  let foundStructs = w.types.foundStructs, out = w.out;
  out.byte(10);
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < foundStructs.len; i++) {
      let t = foundStructs.get(i);
      let named = tyA.get(t) >= 0;
      if ((pass == 0) == named) continue;
      printType(w, out, t); out.str(" = type ");
      printStructBody(w, out, t);
      out.byte(10);
    }
  }
}
function printComdats(out: OutBuf): void {
  // comdats in use, functions first then variables, as LLVM collects them
  let seen = new I32Vec(cdName.len + 1); seen.resize(cdName.len, 0);
  let order = new I32Vec(8);
  for (let pass = 0; pass < 2; pass++) {
    for (let g = 0; g < globalCount(); g++) {
      let k = <i32>gKind.get(g);
      if ((pass == 0 && k != GK.Func) || (pass == 1 && k != GK.Var) || !isLive(g)) continue;
      let c = gComdat.get(g);
      if (c >= 0 && seen.get(c) == 0) { seen.set(c, 1); order.push(c); }
    }
  }
  if (order.len == 0) return;
  out.byte(10);
  for (let i = 0; i < order.len; i++) {
    let c = order.get(i);
    if (i > 0) out.byte(10); // LLVM separates comdats by a blank line
    printName(out, 36, cdName.get(c)); out.str(" = comdat "); out.str(COMDAT_NAMES[cdKind.get(c)]); out.byte(10);
  }
}

// LLVM keeps the `module asm` strings as one text, each appended with a newline unless it already
// ends with one (an empty string adds nothing), and prints that text split at each newline.
function printModuleAsm(out: OutBuf): void {
  let text = new OutBuf();
  for (let i = 0; i < moduleAsm.len; i++) {
    let id = moduleAsm.get(i);
    text.strId(strtab, id);
    if (text.len > 0 && load<u8>(text.buf.ptr + <usize>(text.len - 1)) != 10) text.byte(10);
  }
  let p = text.buf.ptr, n = text.len;
  if (n == 0) return;
  out.byte(10);
  let start = 0;
  do {
    let i = start;
    while (i < n && load<u8>(p + <usize>i) != 10) i++;
    out.str("module asm \""); printEscaped(out, p + <usize>start, i - start); out.str("\"\n");
    start = i < n ? i + 1 : n;
  } while (start < n);
}


// Diagnostics (verifier, debugify, dot graphs): number the module as a full print would, once,
// then numberFunction(w, g) for the function whose locals appear; print values with
// printer-values.ts and instructions with printInstructionTo.
export function numberForDiagnostics(w: Writer): void { w.slots.numberGlobals(); w.slots.numberModule(); }
export function numberFunction(w: Writer, g: i32): void { w.slots.numberLocals(g); }
// The numbering LLVM uses when a block of function g is printed on its own (`OS << BB`, as the
// DOT graph printers do): metadata as in g alone (from LLVM 22 on as in the whole module),
// call-site attribute groups as in g alone.
export function numberForBlockPrint(w: Writer, g: i32): void {
  let s = w.slots;
  s.numberGlobals(); s.numberModule(g, has(Feature.DotCfg22)); s.numberLocals(g);
}
// One instruction (no trailing newline) into dst, with w's current numbering.
export function printInstructionTo(w: Writer, dst: OutBuf, i: i32): void {
  let save = w.out; w.out = dst;
  printInstruction(w, i);
  w.out = save;
}
