// Printing global definitions: linkage and the other global properties, global variables,
// aliases, ifuncs, and functions with their blocks (`; preds =` comments).
import { decodeAlign } from "../ir/align";
import { strtab } from "../ir/module";
import { printName, printType, printEscapedId } from "./printer-types";
import { printValueRef, printTypedValue } from "./printer-values";
import { isKnownIntrinsic22 } from "../ir/intrinsics";
import { has, Feature } from "../ir/version";
import { printAttrSet, printFnAttrComment } from "./printer-attrs";
import { printAttachments, printRecords } from "./printer-values";
import { tyA, tyFlags, listLen, listAt, TF_VARARG } from "../ir/types";
import { VK, vKind, vName, vParent, vA, iOp, iNext, iDbg, operand, vFirstUse, opUser, opNext } from "../ir/values";
import {
  GK, gKind, gValue, gLinkage, gVisibility, gDLL, gTLS, gUnnamed, gFlags, gAddrSpace, gValueType, gSection,
  gPartition, gComdat, gAlign, gGC, gCC, gAttrs, gMD, gFirstBlock, gFirstArg, gExtra, cdName, LINKAGE_NAMES,
  VISIBILITY_NAMES, DLL_NAMES, TLS_NAMES, UNNAMED_NAMES, Linkage, GF_DSO_LOCAL, GF_CONSTANT, GF_EXTERN_INIT,
  GF_DEFINED, isDeclaration,
} from "../ir/globals";
import { fnAttrs, retAttrs, paramAttrs, setSize } from "../ir/attributes";
import { isTerminator } from "../ir/opcodes";
import { printCC } from "./cc";
import { programAddrSpace } from "../ir/datalayout";
import { OutBuf } from "../util/outbuf";
import { Writer } from "./writer";
import { printInstruction } from "./printer-inst";

function printLinkageEtc(out: OutBuf, g: i32, withTLS: bool): void {
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
function printComdatRef(out: OutBuf, g: i32, isVar: bool): void {
  let c = gComdat.get(g);
  if (c < 0) return;
  if (isVar) out.byte(44);
  out.str(" comdat");
  let own = vName.get(gValue.get(g));
  if (own == cdName.get(c)) return;
  out.byte(40); printName(out, 36, cdName.get(c)); out.byte(41);
}

export function printGlobalVar(w: Writer, g: i32): void {
  let out = w.out;
  let v = gValue.get(g);
  printValueRef(w, out, v); out.str(" = ");
  let defined = (gFlags.get(g) & GF_DEFINED) != 0;
  if (!defined && <i32>gLinkage.get(g) == Linkage.External) out.str("external ");
  printLinkageEtc(out, g, true);
  let ua = <i32>gUnnamed.get(g);
  if (ua != 0) { out.str(UNNAMED_NAMES[ua]); out.byte(32); }
  if (gAddrSpace.get(g) != 0) { out.str("addrspace("); out.int(gAddrSpace.get(g)); out.str(") "); }
  if (gFlags.get(g) & GF_EXTERN_INIT) out.str("externally_initialized ");
  out.str((gFlags.get(g) & GF_CONSTANT) != 0 ? "constant " : "global ");
  printType(w, out, gValueType.get(g));
  if (defined) { out.byte(32); printValueRef(w, out, operand(v, 0)); }
  if (gSection.get(g) >= 0) { out.str(", section \""); printEscapedId(out, gSection.get(g)); out.byte(34); }
  if (gPartition.get(g) >= 0) { out.str(", partition \""); printEscapedId(out, gPartition.get(g)); out.byte(34); }
  if (gExtra.get(g) >= 0) { out.str(", "); out.strId(strtab, gExtra.get(g)); }
  printComdatRef(out, g, true);
  if (gAlign.get(g) != 0) { out.str(", align "); out.i64(decodeAlign(gAlign.get(g))); }
  printAttachments(w, out, gMD.get(g), ", ");
  let as = gAttrs.get(g);
  if (as >= 0 && setSize(as) > 0) { out.str(" #"); out.int(w.slots.group.get(as)); }
  out.byte(10);
}

export function printAliasOrIFunc(w: Writer, g: i32): void {
  let out = w.out;
  let v = gValue.get(g);
  printValueRef(w, out, v); out.str(" = ");
  printLinkageEtc(out, g, true);
  let ua = <i32>gUnnamed.get(g);
  if (ua != 0) { out.str(UNNAMED_NAMES[ua]); out.byte(32); }
  let isAlias = <i32>gKind.get(g) == GK.Alias;
  out.str(isAlias ? "alias " : "ifunc ");
  printType(w, out, gValueType.get(g)); out.str(", ");
  let a = operand(v, 0);
  if (isAlias && <i32>vKind.get(a) == VK.ConstExpr) printValueRef(w, out, a); else printTypedValue(w, out, a);
  if (gPartition.get(g) >= 0) { out.str(", partition \""); printEscapedId(out, gPartition.get(g)); out.byte(34); }
  out.byte(10);
}

export function printFunction(w: Writer, g: i32): void {
  let out = w.out;
  let v = gValue.get(g);
  let al = gAttrs.get(g);
  let fs = fnAttrs(al);
  if (fs >= 0) printFnAttrComment(w, out, fs);
  let decl = isDeclaration(g);
  if (decl && has(Feature.UnknownIntrinsicComment) && strtab.startsWithStr(vName.get(v), "llvm.") && !isKnownIntrinsic22(vName.get(v))) {
    out.str("; Unknown intrinsic\n");
  }
  if (decl) { out.str("declare"); printAttachments(w, out, gMD.get(g), " "); out.byte(32); }
  else out.str("define ");
  printLinkageEtc(out, g, false);
  if (gCC.get(g) != 0) { printCC(out, gCC.get(g)); out.byte(32); }
  let ft = gValueType.get(g);
  let rs = retAttrs(al);
  if (rs >= 0 && setSize(rs) > 0) { printAttrSet(w, out, rs, false); out.byte(32); }
  printType(w, out, tyA.get(ft)); out.byte(32);
  printValueRef(w, out, v);
  out.byte(40);
  if (!decl) w.slots.numberLocals(g);
  let np = listLen(ft);
  for (let i = 0; i < np; i++) {
    if (i > 0) out.str(", ");
    printType(w, out, listAt(ft, i));
    let pa = paramAttrs(al, i);
    if (pa >= 0 && setSize(pa) > 0) { out.byte(32); printAttrSet(w, out, pa, false); }
    if (!decl) { out.byte(32); printValueRef(w, out, gFirstArg.get(g) + i); }
  }
  if (tyFlags.get(ft) & TF_VARARG) { if (np > 0) out.str(", "); out.str("..."); }
  out.byte(41);
  let ua = <i32>gUnnamed.get(g);
  if (ua != 0) { out.byte(32); out.str(UNNAMED_NAMES[ua]); }
  // printed when non-zero, or always when the data layout's program address space is not 0
  if (gAddrSpace.get(g) != 0 || programAddrSpace() != 0) { out.str(" addrspace("); out.int(gAddrSpace.get(g)); out.byte(41); }
  if (fs >= 0 && setSize(fs) > 0) { out.str(" #"); out.int(w.slots.group.get(fs)); }
  if (gSection.get(g) >= 0) { out.str(" section \""); printEscapedId(out, gSection.get(g)); out.byte(34); }
  if (gPartition.get(g) >= 0) { out.str(" partition \""); printEscapedId(out, gPartition.get(g)); out.byte(34); }
  printComdatRef(out, g, false);
  if (gAlign.get(g) != 0) { out.str(" align "); out.i64(decodeAlign(gAlign.get(g))); }
  if (gGC.get(g) >= 0) { out.str(" gc \""); out.strId(strtab, gGC.get(g)); out.byte(34); }
  let pre = operand(v, 1), pro = operand(v, 2), per = operand(v, 0);
  if (pre >= 0) { out.str(" prefix "); printTypedValue(w, out, pre); }
  if (pro >= 0) { out.str(" prologue "); printTypedValue(w, out, pro); }
  if (per >= 0) { out.str(" personality "); printTypedValue(w, out, per); }
  if (decl) { out.byte(10); return; }
  printAttachments(w, out, gMD.get(g), " ");
  out.str(" {");
  let entry = gFirstBlock.get(g);
  for (let b = entry; b >= 0; b = iNext.get(b)) printBlock(w, out, b, b == entry);
  out.str("}\n");
}

function column(out: OutBuf): i32 {
  let b = out.buf;
  let i = b.len;
  while (i > 0 && b.get(i - 1) != 10) i--;
  return b.len - i;
}

function printBlock(w: Writer, out: OutBuf, b: i32, isEntry: bool): void {
  let nm = vName.get(b);
  if (nm >= 0) { out.byte(10); printNameLabel(out, nm); out.byte(58); }
  else if (!isEntry) { out.byte(10); out.int(w.slots.local.get(b)); out.byte(58); }
  if (!isEntry) {
    let col = column(out);
    let pad = 50 - col; if (pad < 1) pad = 1;
    out.fill(32, pad);
    out.byte(59);
    let first = true;
    for (let s = vFirstUse.get(b); s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      if (<i32>vKind.get(u) != VK.Inst || !isTerminator(<i32>iOp.get(u))) continue;
      out.str(first ? " preds = " : ", ");
      first = false;
      printValueRef(w, out, vParent.get(u));
    }
    if (first) out.str(" No predecessors!");
  }
  out.byte(10);
  for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
    printRecords(w, out, iDbg.get(i));
    printInstruction(w, i);
    out.byte(10);
  }
}
function printNameLabel(out: OutBuf, nm: i32): void {
  // labels use the name rules without a sigil
  let save = out.len;
  printName(out, 37, nm);
  // drop the '%' we just wrote
  let b = out.buf;
  for (let i = save; i + 1 < b.len; i++) b.set(i, b.get(i + 1));
  b.len--;
}
