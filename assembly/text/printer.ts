// The module printer, in LLVM 19 or 22 AsmWriter layout (ir/version.ts): header, types, comdats, globals, aliases,
// ifuncs, functions (with `; preds =` and `; Function Attrs:` comments), attribute groups,
// named metadata and numbered metadata.
import { decodeAlign } from "../ir/align";
import { OutBuf } from "../util/outbuf";
import { I32Vec } from "../util/vec";
import { strtab } from "../ir/module";
import { printName, printType, printStructBody, printEscapedId } from "./printer-types";
import { printValueRef, printTypedValue, localSlot, globalSlot } from "./printer-values";
import { isKnownIntrinsic22 } from "../ir/intrinsics";
import { has, Feature } from "../ir/version";
import { printAttrSet, printFnAttrComment, noteGroup, groupSlot, printGroups, groupList, resetGroupSlots } from "./printer-attrs";
import {
  numberGlobals, numberLocals, isLive, numberFunctionParts, numberModule, numberForDiagnostics, numberForBlockPrint,
  numberFunction, blockSlotInFunction,
} from "./slots";
export { numberForDiagnostics, numberForBlockPrint, numberFunction, blockSlotInFunction };
import {
  beginNumbering, numberNode, numberAttachments, numberRecords, numberNamed, printMDOperand, printAllNodes,
  printNamedMetadata, printAttachments, printRecords, mdOrder,
} from "./printer-meta";
import { TK, tyKind, tyA, tyN, tyFlags, T_VOID, T_I32, listLen, listAt, TF_VARARG, isFP, scalarType, isVector, TF_HASBODY, TF_OPAQUE } from "../ir/types";
import {
  VK, vKind, vType, vName, vParent, vA, vB, iOp, iFlags, iAux, iExt, iNext, iMD, iDbg, operand, numOperands,
  vFirstUse, opUser, opNext, ext, valueCount,
} from "../ir/values";
import {
  GK, gKind, gValue, gLinkage, gVisibility, gDLL, gTLS, gUnnamed, gFlags, gAddrSpace, gValueType, gSection,
  gPartition, gComdat, gAlign, gGC, gCC, gAttrs, gMD, gFirstBlock, gFirstArg, gNumArgs, gExtra, globalCount,
  cdName, cdKind, LINKAGE_NAMES, VISIBILITY_NAMES, DLL_NAMES, TLS_NAMES, UNNAMED_NAMES, COMDAT_NAMES, Linkage,
  GF_DSO_LOCAL, GF_CONSTANT, GF_EXTERN_INIT, GF_DEFINED, GF_ERASED, isDeclaration,
} from "../ir/globals";
import { sourceFilename, dataLayout, targetTriple, moduleAsm } from "../ir/module";
import { fnAttrs, retAttrs, paramAttrs, setSize } from "../ir/attributes";
import {
  Op, OP_NAMES, isCast, isBinary, isFPBinary, isTerminator, F_NUW, F_NSW, F_EXACT, F_DISJOINT, F_NNEG, F_INBOUNDS,
  F_GEP_NUSW, F_GEP_NUW, F_VOLATILE, F_ATOMIC, F_WEAK, F_INALLOCA, F_SWIFTERROR, F_CLEANUP, F_UNWIND_CALLER,
  F_SAMESIGN, F_TAIL_SHIFT, F_FMF_SHIFT, FMF_ALL, FMF_NNAN, FMF_NINF, FMF_NSZ, FMF_ARCP, FMF_CONTRACT, FMF_AFN,
  FMF_REASSOC, ORDERING_NAMES, ICMP_NAMES, FCMP_NAMES, RMW_NAMES,
} from "../ir/opcodes";
import {
  alignBytes, ordering, failureOrdering, predicate, callFnType, callAttrs, callCC, callNumArgs, callNumBundles,
  bundleTag, bundleNumOps, callNumIndirect, listCount, listItem,
} from "../ir/inst";
import { ccName } from "./cc";
import { programAddrSpace } from "../ir/datalayout";
import { namedTypeOrder } from "../ir/types";
import { isIntrinsicCall } from "../ir/query";
import { mdKind, MK, mdA, canonicalMD } from "../ir/metadata";

export let moduleId: i32 = -1;
export function setModuleId(id: i32): void { moduleId = id; }

let out: OutBuf = new OutBuf();
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

// ---- module ----

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
import { nmdName } from "../ir/metadata";
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
import { findTypes, foundStructs } from "./type-finder";
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

function printLinkageEtc(g: i32, withTLS: bool): void {
  let l = <i32>gLinkage.get(g);
  if (l != 0) { out.str(LINKAGE_NAMES[l]); out.byte(32); }
  let vis = <i32>gVisibility.get(g);
  let implicitLocal = l == Linkage.Private || l == Linkage.Internal || (vis != 0 && l != Linkage.ExternWeak);
  if ((gFlags.get(g) & GF_DSO_LOCAL) != 0 && !implicitLocal) out.str("dso_local ");
  if (vis != 0) { out.str(VISIBILITY_NAMES[vis]); out.byte(32); }
  let d = <i32>gDLL.get(g);
  if (d != 0) { out.str(DLL_NAMES[d]); out.byte(32); }
  if (withTLS) { let t = <i32>gTLS.get(g); if (t != 0) { out.str(TLS_NAMES[t]); out.byte(32); } }
}
function printComdatRef(g: i32, isVar: bool): void {
  let c = gComdat.get(g);
  if (c < 0) return;
  if (isVar) out.byte(44);
  out.str(" comdat");
  let own = vName.get(gValue.get(g));
  if (own == cdName.get(c)) return;
  out.byte(40); printName(out, 36, cdName.get(c)); out.byte(41);
}

function printGlobalVar(g: i32): void {
  let v = gValue.get(g);
  printValueRef(out, v); out.str(" = ");
  let defined = (gFlags.get(g) & GF_DEFINED) != 0;
  if (!defined && <i32>gLinkage.get(g) == Linkage.External) out.str("external ");
  printLinkageEtc(g, true);
  let ua = <i32>gUnnamed.get(g);
  if (ua != 0) { out.str(UNNAMED_NAMES[ua]); out.byte(32); }
  if (gAddrSpace.get(g) != 0) { out.str("addrspace("); out.int(gAddrSpace.get(g)); out.str(") "); }
  if (gFlags.get(g) & GF_EXTERN_INIT) out.str("externally_initialized ");
  out.str((gFlags.get(g) & GF_CONSTANT) != 0 ? "constant " : "global ");
  printType(out, gValueType.get(g));
  if (defined) { out.byte(32); printValueRef(out, operand(v, 0)); }
  if (gSection.get(g) >= 0) { out.str(", section \""); printEscapedId(out, gSection.get(g)); out.byte(34); }
  if (gPartition.get(g) >= 0) { out.str(", partition \""); printEscapedId(out, gPartition.get(g)); out.byte(34); }
  if (gExtra.get(g) >= 0) { out.str(", "); out.strId(strtab, gExtra.get(g)); }
  printComdatRef(g, true);
  if (gAlign.get(g) != 0) { out.str(", align "); out.i64(decodeAlign(gAlign.get(g))); }
  printAttachments(out, gMD.get(g), ", ");
  let as = gAttrs.get(g);
  if (as >= 0 && setSize(as) > 0) { out.str(" #"); out.int(groupSlot.get(as)); }
  out.byte(10);
}

function printAliasOrIFunc(g: i32): void {
  let v = gValue.get(g);
  printValueRef(out, v); out.str(" = ");
  printLinkageEtc(g, true);
  let ua = <i32>gUnnamed.get(g);
  if (ua != 0) { out.str(UNNAMED_NAMES[ua]); out.byte(32); }
  let isAlias = <i32>gKind.get(g) == GK.Alias;
  out.str(isAlias ? "alias " : "ifunc ");
  printType(out, gValueType.get(g)); out.str(", ");
  let a = operand(v, 0);
  if (isAlias && <i32>vKind.get(a) == VK.ConstExpr) printValueRef(out, a); else printTypedValue(out, a);
  if (gPartition.get(g) >= 0) { out.str(", partition \""); printEscapedId(out, gPartition.get(g)); out.byte(34); }
  out.byte(10);
}

function printCC(cc: i32): void {
  let s = ccName(cc);
  if (s >= 0) out.strId(strtab, s); else { out.str("cc"); out.int(cc); }
}

function printFunction(g: i32): void {
  let v = gValue.get(g);
  let al = gAttrs.get(g);
  let fs = fnAttrs(al);
  if (fs >= 0) printFnAttrComment(out, fs);
  let decl = isDeclaration(g);
  if (decl && has(Feature.UnknownIntrinsicComment) && strtab.startsWithStr(vName.get(v), "llvm.") && !isKnownIntrinsic22(vName.get(v))) {
    out.str("; Unknown intrinsic\n");
  }
  if (decl) { out.str("declare"); printAttachments(out, gMD.get(g), " "); out.byte(32); }
  else out.str("define ");
  printLinkageEtc(g, false);
  if (gCC.get(g) != 0) { printCC(gCC.get(g)); out.byte(32); }
  let ft = gValueType.get(g);
  let rs = retAttrs(al);
  if (rs >= 0 && setSize(rs) > 0) { printAttrSet(out, rs, false); out.byte(32); }
  printType(out, tyA.get(ft)); out.byte(32);
  printValueRef(out, v);
  out.byte(40);
  if (!decl) numberLocals(g);
  let np = listLen(ft);
  for (let i = 0; i < np; i++) {
    if (i > 0) out.str(", ");
    printType(out, listAt(ft, i));
    let pa = paramAttrs(al, i);
    if (pa >= 0 && setSize(pa) > 0) { out.byte(32); printAttrSet(out, pa, false); }
    if (!decl) { out.byte(32); printValueRef(out, gFirstArg.get(g) + i); }
  }
  if (tyFlags.get(ft) & TF_VARARG) { if (np > 0) out.str(", "); out.str("..."); }
  out.byte(41);
  let ua = <i32>gUnnamed.get(g);
  if (ua != 0) { out.byte(32); out.str(UNNAMED_NAMES[ua]); }
  // printed when non-zero, or always when the data layout's program address space is not 0
  if (gAddrSpace.get(g) != 0 || programAddrSpace() != 0) { out.str(" addrspace("); out.int(gAddrSpace.get(g)); out.byte(41); }
  if (fs >= 0 && setSize(fs) > 0) { out.str(" #"); out.int(groupSlot.get(fs)); }
  if (gSection.get(g) >= 0) { out.str(" section \""); printEscapedId(out, gSection.get(g)); out.byte(34); }
  if (gPartition.get(g) >= 0) { out.str(" partition \""); printEscapedId(out, gPartition.get(g)); out.byte(34); }
  printComdatRef(g, false);
  if (gAlign.get(g) != 0) { out.str(" align "); out.i64(decodeAlign(gAlign.get(g))); }
  if (gGC.get(g) >= 0) { out.str(" gc \""); out.strId(strtab, gGC.get(g)); out.byte(34); }
  let pre = operand(v, 1), pro = operand(v, 2), per = operand(v, 0);
  if (pre >= 0) { out.str(" prefix "); printTypedValue(out, pre); }
  if (pro >= 0) { out.str(" prologue "); printTypedValue(out, pro); }
  if (per >= 0) { out.str(" personality "); printTypedValue(out, per); }
  if (decl) { out.byte(10); return; }
  printAttachments(out, gMD.get(g), " ");
  out.str(" {");
  let entry = gFirstBlock.get(g);
  for (let b = entry; b >= 0; b = iNext.get(b)) printBlock(b, b == entry, g);
  out.str("}\n");
}

function column(): i32 {
  let b = out.buf;
  let i = b.len;
  while (i > 0 && b.get(i - 1) != 10) i--;
  return b.len - i;
}

function printBlock(b: i32, isEntry: bool, g: i32): void {
  let nm = vName.get(b);
  if (nm >= 0) { out.byte(10); printNameLabel(nm); out.byte(58); }
  else if (!isEntry) { out.byte(10); out.int(localSlot.get(b)); out.byte(58); }
  if (!isEntry) {
    let col = column();
    let pad = 50 - col; if (pad < 1) pad = 1;
    for (let i = 0; i < pad; i++) out.byte(32);
    out.byte(59);
    let first = true;
    for (let s = vFirstUse.get(b); s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      if (<i32>vKind.get(u) != VK.Inst || !isTerminator(<i32>iOp.get(u))) continue;
      out.str(first ? " preds = " : ", ");
      first = false;
      printValueRef(out, vParent.get(u));
    }
    if (first) out.str(" No predecessors!");
  }
  out.byte(10);
  for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
    printRecords(out, iDbg.get(i));
    printInstruction(i);
    out.byte(10);
  }
}
function printNameLabel(nm: i32): void {
  // labels use the name rules without a sigil
  let save = out.len;
  printName(out, 37, nm);
  // drop the '%' we just wrote
  let b = out.buf;
  for (let i = save; i + 1 < b.len; i++) b.set(i, b.get(i + 1));
  b.len--;
}

function printFMF(f: i32): void {
  let m = (f >> F_FMF_SHIFT) & 127;
  if (m == FMF_ALL) { out.str(" fast"); return; }
  if (m & FMF_REASSOC) out.str(" reassoc");
  if (m & FMF_NNAN) out.str(" nnan");
  if (m & FMF_NINF) out.str(" ninf");
  if (m & FMF_NSZ) out.str(" nsz");
  if (m & FMF_ARCP) out.str(" arcp");
  if (m & FMF_CONTRACT) out.str(" contract");
  if (m & FMF_AFN) out.str(" afn");
}
// FPMathOperator: FP arithmetic, fneg, fcmp, and phi/select/call producing FP (vectors/arrays of FP too).
function isFPMath(i: i32): bool {
  let op = <i32>iOp.get(i);
  if (isFPBinary(op) || op == Op.FNeg || op == Op.FCmp) return true;
  if (op == Op.FPTrunc || op == Op.FPExt) return true;
  if (op == Op.Phi || op == Op.Select || op == Op.Call) {
    let t = vType.get(i);
    while (<i32>tyKind.get(t) == TK.Array) t = tyA.get(t);
    return isFP(scalarType(t));
  }
  return false;
}

function printAtomic(i: i32, o: i32): void {
  let ss = iExt.get(i);
  if (ss >= 0) { out.str(" syncscope(\""); printEscapedId(out, ss); out.str("\")"); }
  out.byte(32); out.str(ORDERING_NAMES[o]);
}

function printInstruction(i: i32): void {
  out.str("  ");
  let nm = vName.get(i);
  let t = vType.get(i);
  if (nm >= 0) { printName(out, 37, nm); out.str(" = "); }
  else if (t != T_VOID) { out.byte(37); out.int(localSlot.get(i)); out.str(" = "); }
  let op = <i32>iOp.get(i);
  let f = iFlags.get(i);
  if (op == Op.Call) {
    let tk = (f >> F_TAIL_SHIFT) & 3;
    if (tk == 2) out.str("musttail "); else if (tk == 1) out.str("tail "); else if (tk == 3) out.str("notail ");
  }
  out.str(OP_NAMES[op]);
  if ((op == Op.Load || op == Op.Store) && (f & F_ATOMIC)) out.str(" atomic");
  if (op == Op.AtomicCmpXchg && (f & F_WEAK)) out.str(" weak");
  if ((op == Op.Load || op == Op.Store || op == Op.AtomicCmpXchg || op == Op.AtomicRMW) && (f & F_VOLATILE)) out.str(" volatile");
  // optimization flags
  if (isFPMath(i)) printFMF(f);
  if (op == Op.Add || op == Op.Sub || op == Op.Mul || op == Op.Shl || op == Op.Trunc) {
    if (f & F_NUW) out.str(" nuw");
    if (f & F_NSW) out.str(" nsw");
  } else if (op == Op.UDiv || op == Op.SDiv || op == Op.LShr || op == Op.AShr) {
    if (f & F_EXACT) out.str(" exact");
  } else if (op == Op.Or) {
    if (f & F_DISJOINT) out.str(" disjoint");
  } else if (op == Op.GetElementPtr) {
    if (f & F_INBOUNDS) out.str(" inbounds"); else if (f & F_GEP_NUSW) out.str(" nusw");
    if (f & F_GEP_NUW) out.str(" nuw");
  } else if (op == Op.ZExt || op == Op.UIToFP) {
    if (f & F_NNEG) out.str(" nneg");
  }
  if (op == Op.ICmp) { if (f & F_SAMESIGN) out.str(" samesign"); out.byte(32); out.str(ICMP_NAMES[predicate(i) - 32]); }
  else if (op == Op.FCmp) { out.byte(32); out.str(FCMP_NAMES[predicate(i)]); }
  if (op == Op.AtomicRMW) { out.byte(32); out.str(RMW_NAMES[predicate(i)]); }
  let n = numOperands(i);
  switch (op) {
    case Op.Br: {
      if (n == 3) { out.byte(32); printTypedValue(out, operand(i, 0)); out.str(", "); printTypedValue(out, operand(i, 1)); out.str(", "); printTypedValue(out, operand(i, 2)); }
      else { out.byte(32); printTypedValue(out, operand(i, 0)); }
      break;
    }
    case Op.Switch: {
      out.byte(32); printTypedValue(out, operand(i, 0)); out.str(", "); printTypedValue(out, operand(i, 1)); out.str(" [");
      for (let k = 2; k + 1 < n; k += 2) { out.str("\n    "); printTypedValue(out, operand(i, k)); out.str(", "); printTypedValue(out, operand(i, k + 1)); }
      out.str("\n  ]");
      break;
    }
    case Op.IndirectBr: {
      out.byte(32); printTypedValue(out, operand(i, 0)); out.str(", [");
      for (let k = 1; k < n; k++) { if (k > 1) out.str(", "); printTypedValue(out, operand(i, k)); }
      out.byte(93);
      break;
    }
    case Op.Phi: {
      out.byte(32); printType(out, t); out.byte(32);
      for (let k = 0; k + 1 < n; k += 2) {
        if (k > 0) out.str(", ");
        out.str("[ "); printValueRef(out, operand(i, k)); out.str(", "); printValueRef(out, operand(i, k + 1)); out.str(" ]");
      }
      break;
    }
    case Op.ExtractValue: case Op.InsertValue: {
      out.byte(32); printTypedValue(out, operand(i, 0));
      if (op == Op.InsertValue) { out.str(", "); printTypedValue(out, operand(i, 1)); }
      for (let k = 0; k < listCount(i); k++) { out.str(", "); out.int(listItem(i, k)); }
      break;
    }
    case Op.LandingPad: {
      out.byte(32); printType(out, t);
      let nc = listCount(i);
      let cleanup = (f & F_CLEANUP) != 0;
      if (cleanup || nc != 0) out.byte(10);
      if (cleanup) out.str("          cleanup");
      for (let k = 0; k < nc; k++) {
        if (k != 0 || cleanup) out.byte(10);
        out.str(listItem(i, k) == 0 ? "          catch " : "          filter ");
        printTypedValue(out, operand(i, k));
      }
      break;
    }
    case Op.CatchSwitch: {
      out.str(" within "); printValueRef(out, operand(i, 0)); out.str(" [");
      let hasUnwind = (f & F_UNWIND_CALLER) == 0;
      let nh = hasUnwind ? n - 2 : n - 1;
      for (let k = 0; k < nh; k++) { if (k > 0) out.str(", "); printTypedValue(out, operand(i, 1 + k)); }
      out.str("] unwind ");
      if (hasUnwind) printTypedValue(out, operand(i, n - 1)); else out.str("to caller");
      break;
    }
    case Op.CatchPad: case Op.CleanupPad: {
      out.str(" within "); printValueRef(out, operand(i, 0)); out.str(" [");
      for (let k = 1; k < n; k++) { if (k > 1) out.str(", "); printTypedValue(out, operand(i, k)); }
      out.byte(93);
      break;
    }
    case Op.Ret: { if (n == 0) out.str(" void"); else { out.byte(32); printTypedValue(out, operand(i, 0)); } break; }
    case Op.CatchRet: { out.str(" from "); printValueRef(out, operand(i, 0)); out.str(" to "); printTypedValue(out, operand(i, 1)); break; }
    case Op.CleanupRet: {
      out.str(" from "); printValueRef(out, operand(i, 0)); out.str(" unwind ");
      if (n > 1) printTypedValue(out, operand(i, 1)); else out.str("to caller");
      break;
    }
    case Op.Call: case Op.Invoke: case Op.CallBr: printCall(i, op, f); break;
    case Op.Alloca: {
      out.byte(32);
      if (f & F_INALLOCA) out.str("inalloca ");
      if (f & F_SWIFTERROR) out.str("swifterror ");
      printType(out, iExt.get(i));
      let sz = operand(i, 0);
      if (!(vType.get(sz) == T_I32 && isOne(sz))) { out.str(", "); printTypedValue(out, sz); }
      let a = alignBytes(i);
      if (a != 0) { out.str(", align "); out.i64(a); }
      let as = tyA.get(t);
      if (as != 0) { out.str(", addrspace("); out.int(as); out.byte(41); }
      break;
    }
    case Op.VAArg: { out.byte(32); printTypedValue(out, operand(i, 0)); out.str(", "); printType(out, t); break; }
    default: {
      if (isCast(op)) { out.byte(32); printTypedValue(out, operand(i, 0)); out.str(" to "); printType(out, t); break; }
      if (n == 0) break;
      if (op == Op.GetElementPtr) { out.byte(32); printType(out, iExt.get(i)); out.byte(44); }
      else if (op == Op.Load) { out.byte(32); printType(out, t); out.byte(44); }
      let all = op == Op.Select || op == Op.Store || op == Op.ShuffleVector || op == Op.AtomicCmpXchg || op == Op.AtomicRMW;
      let t0 = vType.get(operand(i, 0));
      if (!all) for (let k = 1; k < n; k++) if (vType.get(operand(i, k)) != t0) { all = true; break; }
      if (!all) { out.byte(32); printType(out, t0); }
      out.byte(32);
      for (let k = 0; k < n; k++) {
        if (k > 0) out.str(", ");
        if (all) printTypedValue(out, operand(i, k)); else printValueRef(out, operand(i, k));
      }
    }
  }
  // memory ordering / alignment
  if (op == Op.Load || op == Op.Store) {
    if (f & F_ATOMIC) printAtomic(i, ordering(i));
    let a = alignBytes(i);
    if (a != 0) { out.str(", align "); out.i64(a); }
  } else if (op == Op.AtomicCmpXchg) {
    let ss = iExt.get(i);
    if (ss >= 0) { out.str(" syncscope(\""); printEscapedId(out, ss); out.str("\")"); }
    out.byte(32); out.str(ORDERING_NAMES[ordering(i)]); out.byte(32); out.str(ORDERING_NAMES[failureOrdering(i)]);
    out.str(", align "); out.i64(alignBytes(i));
  } else if (op == Op.AtomicRMW) {
    printAtomic(i, ordering(i));
    out.str(", align "); out.i64(alignBytes(i));
  } else if (op == Op.Fence) {
    printAtomic(i, ordering(i));
  } else if (op == Op.ShuffleVector) {
    printShuffleMask(i);
  }
  printAttachments(out, iMD.get(i), ", ");
}
import { isOneInt as isOne } from "../ir/constants";

function printShuffleMask(i: i32): void {
  let n = listCount(i);
  out.str(", ");
  let t = vType.get(i);
  let scalable = <i32>tyKind.get(t) == TK.ScalableVector;
  out.byte(60); if (scalable) out.str("vscale x "); out.int(n); out.str(" x i32> ");
  let allZero = true, allUndef = true;
  for (let k = 0; k < n; k++) { let m = listItem(i, k); if (m != 0) allZero = false; if (m != -1) allUndef = false; }
  if (allZero) { out.str("zeroinitializer"); return; }
  if (allUndef) { out.str("poison"); return; }
  out.byte(60);
  for (let k = 0; k < n; k++) {
    if (k > 0) out.str(", ");
    out.str("i32 ");
    let m = listItem(i, k);
    if (m == -1) out.str("poison"); else out.int(m);
  }
  out.byte(62);
}

function printCall(i: i32, op: i32, f: i32): void {
  let cc = callCC(i);
  if (cc != 0) { out.byte(32); printCC(cc); }
  let al = callAttrs(i);
  let rs = retAttrs(al);
  if (rs >= 0 && setSize(rs) > 0) { out.byte(32); printAttrSet(out, rs, false); }
  let calleeV = operand(i, 0);
  let ct = vType.get(calleeV);
  if (<i32>tyKind.get(ct) == TK.Ptr && (tyA.get(ct) != 0 || programAddrSpace() != 0)) { out.str(" addrspace("); out.int(tyA.get(ct)); out.byte(41); }
  let ft = callFnType(i);
  out.byte(32);
  if (tyFlags.get(ft) & TF_VARARG) printType(out, ft); else printType(out, tyA.get(ft));
  out.byte(32);
  printValueRef(out, calleeV);
  out.byte(40);
  let na = callNumArgs(i);
  for (let k = 0; k < na; k++) {
    if (k > 0) out.str(", ");
    let a = operand(i, 1 + k);
    printType(out, vType.get(a));
    let pa = paramAttrs(al, k);
    if (pa >= 0 && setSize(pa) > 0) { out.byte(32); printAttrSet(out, pa, false); }
    out.byte(32); printValueRef(out, a);
  }
  if (op == Op.Call && ((f >> F_TAIL_SHIFT) & 3) == 2) {
    // musttail in a vararg function forwards the varargs: printed as `...`
    let fn = vParent.get(vParent.get(i));
    if (fn >= 0 && (tyFlags.get(gValueType.get(vA.get(fn))) & TF_VARARG) != 0) { if (na > 0) out.str(", "); out.str("..."); }
  }
  out.byte(41);
  let fs = fnAttrs(al);
  if (fs >= 0 && setSize(fs) > 0) { out.str(" #"); out.int(groupSlot.get(fs)); }
  let nb = callNumBundles(i);
  if (nb > 0) {
    out.str(" [ ");
    let k = 1 + na;
    for (let b = 0; b < nb; b++) {
      if (b > 0) out.str(", ");
      out.byte(34); printEscapedId(out, bundleTag(i, b)); out.str("\"(");
      let m = bundleNumOps(i, b);
      for (let j = 0; j < m; j++) { if (j > 0) out.str(", "); printTypedValue(out, operand(i, k + j)); }
      k += m;
      out.byte(41);
    }
    out.str(" ]");
  }
  if (op == Op.Invoke) {
    let n = numOperands(i);
    out.str("\n          to "); printTypedValue(out, operand(i, n - 2));
    out.str(" unwind "); printTypedValue(out, operand(i, n - 1));
  } else if (op == Op.CallBr) {
    let ni = callNumIndirect(i);
    let n = numOperands(i);
    let d = n - ni - 1;
    out.str("\n          to "); printTypedValue(out, operand(i, d));
    out.str(" [");
    for (let k = 0; k < ni; k++) { if (k > 0) out.str(", "); printTypedValue(out, operand(i, d + 1 + k)); }
    out.byte(93);
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
import { printEscaped } from "./printer-types";

// ---- single values, for diagnostics (the verifier prints as opt's Value::print / printAsOperand) ----

// One instruction (no trailing newline), with the current numbering.
export function printInstructionTo(dst: OutBuf, i: i32): void {
  let save = out; out = dst;
  printInstruction(i);
  out = save;
}
