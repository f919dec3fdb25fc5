// The module printer, in LLVM 19 or 22 AsmWriter layout (ir/version.ts): header, types, comdats, globals, aliases,
// ifuncs, functions (with `; preds =` and `; Function Attrs:` comments), attribute groups,
// named metadata and numbered metadata. This file drives it (whole module, chunks, repository
// fragments) and owns the output buffer; globals and functions are printed by printer-globals.ts,
// instructions by printer-inst.ts.
import { OutBuf } from "../util/outbuf";
import { I32Vec } from "../util/vec";
import { strtab } from "../ir/module";
import { printName, printType, printStructBody, printEscapedId, printEscaped } from "./printer-types";
import { noteGroup, printGroups, groupList, resetGroupSlots } from "./printer-attrs";
import {
  numberGlobals, isLive, numberFunctionParts, numberModule, numberForDiagnostics, numberForBlockPrint,
  numberFunction, blockSlotInFunction,
} from "./slots";
import { beginNumbering, numberAttachments, printAllNodes, printNamedMetadata, mdOrder } from "./printer-meta";
import { tyA } from "../ir/types";
import { GK, gKind, gComdat, gAttrs, gMD, globalCount, cdName, cdKind, COMDAT_NAMES } from "../ir/globals";
import { sourceFilename, dataLayout, targetTriple, moduleAsm } from "../ir/module";
import { nmdName } from "../ir/metadata";
import { findTypes, foundStructs } from "./type-finder";
import { printAliasOrIFunc, printFunction, printGlobalVar } from "./printer-globals";
import { printInstruction } from "./printer-inst";

export { numberForDiagnostics, numberForBlockPrint, numberFunction, blockSlotInFunction };

export let moduleId: i32 = -1;
export function setModuleId(id: i32): void { moduleId = id; }

export let out: OutBuf = new OutBuf();
export function resetPrinter(): void {
 out = new OutBuf(); moduleId = -1; }
export function output(): OutBuf { return out; }
export function reserveOutput(n: i32): void { out.buf.reserve(n); }

// One definition as a self-contained text for the program repository (`wopt repo link` parses it
// back into a pruned module): the identified struct types it uses, its comdat, the definition as
// the module printer prints it, then its own attribute groups and metadata numbered from 0.
// Other globals are referred to by name (unnamed ones by their number in the whole module).
// Leaves the printer's module numbering invalid: print the module first.
// Call beginFragments() once (after printing the module) before printing fragments.
let moduleHasStructs: bool = false;
export function beginFragments(): void {
  numberGlobals();
  findTypes();
  moduleHasStructs = foundStructs.len > 0;
}
export function printFragment(dst: OutBuf, g: i32): void {
  let save = out; out = dst;
  resetGroupSlots();
  beginNumbering();
  let isVar = <i32>gKind.get(g) == GK.Var;
  if (isVar) { numberAttachments(gMD.get(g)); noteGroup(gAttrs.get(g)); }
  else numberFunctionParts(g);
  if (moduleHasStructs) printTypes(g);   // the type finder is O(module): only when there are types
  let c = gComdat.get(g);
  if (c >= 0) { out.byte(10); printName(out, 36, cdName.get(c)); out.str(" = comdat "); out.str(COMDAT_NAMES[cdKind.get(c)]); out.byte(10); }
  out.byte(10);
  if (isVar) printGlobalVar(g); else printFunction(g);
  if (groupList.len > 0) { out.byte(10); printGroups(out); }
  if (mdOrder.len > 0) { out.byte(10); printAllNodes(out); }
  out = save;
}


// The whole module in one buffer.
export function printModule(): OutBuf {
  out.clear();
  beginPrint();
  while (printNextPart()) {}
  return out;
}

// Printing in chunks: beginPrint() numbers the module and writes the header and globals;
// each printNextPart() appends the next function (or, last, the attribute groups and metadata)
// and returns false when nothing is left. The host drains `out` between calls, so the whole
// text never has to sit in memory at once.
let nextFn: i32 = 0;
let epilogueDone: bool = false;
export function beginPrint(): void {
  numberGlobals();
  numberModule();
  nextFn = 0; epilogueDone = false;
  if (moduleId >= 0) { out.str("; ModuleID = '"); out.strId(strtab, moduleId); out.str("'\n"); }
  let sf = sourceFilename >= 0 ? sourceFilename : moduleId;
  if (sf >= 0 && strtab.lenOf(sf) > 0) { out.str("source_filename = \""); printEscapedId(out, sf); out.str("\"\n"); }
  if (dataLayout >= 0 && strtab.lenOf(dataLayout) > 0) { out.str("target datalayout = \""); out.strId(strtab, dataLayout); out.str("\"\n"); }
  if (targetTriple >= 0 && strtab.lenOf(targetTriple) > 0) { out.str("target triple = \""); out.strId(strtab, targetTriple); out.str("\"\n"); }
  if (moduleAsm.len > 0) {
    out.byte(10);
    for (let i = 0; i < moduleAsm.len; i++) printAsmLines(moduleAsm.get(i), i + 1 == moduleAsm.len);
  }
  printTypes();
  printComdats();
  let any = false;
  for (let g = 0; g < globalCount(); g++) if (<i32>gKind.get(g) == GK.Var && isLive(g)) { if (!any) { out.byte(10); any = true; } printGlobalVar(g); }
  any = false;
  for (let g = 0; g < globalCount(); g++) if (<i32>gKind.get(g) == GK.Alias && isLive(g)) { if (!any) { out.byte(10); any = true; } printAliasOrIFunc(g); }
  any = false;
  for (let g = 0; g < globalCount(); g++) if (<i32>gKind.get(g) == GK.IFunc && isLive(g)) { if (!any) { out.byte(10); any = true; } printAliasOrIFunc(g); }
}
export function printNextPart(): bool {
  let n = globalCount();
  while (nextFn < n) {
    let g = nextFn++;
    if (<i32>gKind.get(g) == GK.Func && isLive(g)) { out.byte(10); printFunction(g); return true; }
  }
  if (epilogueDone) return false;
  epilogueDone = true;
  if (groupList.len > 0) { out.byte(10); printGroups(out); }
  if (nmdCount() > 0) { out.byte(10); printNamedMetadata(out); }
  if (mdOrder.len > 0) { out.byte(10); printAllNodes(out); }
  return true;
}
function nmdCount(): i32 { return nmdName.len; }

// Identified structs in TypeFinder order: unnamed ones (by their new numbers) first, then named.
function printTypes(only: i32 = -1): void {
  findTypes(only);
  if (foundStructs.len == 0) return;
  out.byte(10);
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < foundStructs.len; i++) {
      let t = foundStructs.get(i);
      let named = tyA.get(t) >= 0;
      if ((pass == 0) == named) continue;
      printType(out, t); out.str(" = type ");
      printStructBody(out, t);
      out.byte(10);
    }
  }
}
function printComdats(): void {
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

// `module asm` text is one string joined with newlines; LLVM prints it split at each newline.
function printAsmLines(id: i32, last: bool): void {
  let p = strtab.ptrOf(id), n = strtab.lenOf(id);
  let start = 0;
  for (let i = 0; i <= n; i++) {
    if (i < n && load<u8>(p + <usize>i) != 10) continue;
    if (i == n && start == n && n > 0 && last) break;
    out.str("module asm \""); printEscaped(out, p + <usize>start, i - start); out.str("\"\n");
    start = i + 1;
  }
}


// One instruction (no trailing newline), with the current numbering.
export function printInstructionTo(dst: OutBuf, i: i32): void {
  let save = out; out = dst;
  printInstruction(i);
  out = save;
}
