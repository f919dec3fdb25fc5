// Printing one instruction, as AsmWriter's printInstruction: flags, fast-math flags, atomics,
// operands by opcode, calls with their attributes and operand bundles, attachments.
import { printName, printType, printEscapedId } from "./printer-types";
import { printValueRef, printTypedValue, printedType } from "./printer-values";
import { printAttrSet } from "./printer-attrs";
import { printAttachments } from "./printer-values";
import { TK, tyKind, tyA, tyFlags, T_VOID, T_I32, TF_VARARG, isFP, scalarType, fpMathOperatorType } from "../ir/types";
import { llvmVersion } from "../ir/version";
import { vType, vName, vParent, vA, iOp, iFlags, iExt, iMD, operand, numOperands } from "../ir/values";
import { gValueType } from "../ir/globals";
import { fnAttrs, retAttrs, paramAttrs, setSize } from "../ir/attributes";
import {
  Op, OP_NAMES, isCast, isFPBinary, F_NUW, F_NSW, F_EXACT, F_DISJOINT, F_NNEG, F_INBOUNDS, F_GEP_NUSW,
  F_GEP_NUW, F_VOLATILE, F_ATOMIC, F_WEAK, F_INALLOCA, F_SWIFTERROR, F_CLEANUP, F_UNWIND_CALLER, F_SAMESIGN,
  F_TAIL_SHIFT, F_FMF_SHIFT, FMF_ALL, FMF_NNAN, FMF_NINF, FMF_NSZ, FMF_ARCP, FMF_CONTRACT, FMF_AFN,
  FMF_REASSOC, ORDERING_NAMES, ICMP_NAMES, FCMP_NAMES, RMW_NAMES,
} from "../ir/opcodes";
import {
  alignBytes, ordering, failureOrdering, predicate, callFnType, callAttrs, callCC, callNumArgs, callNumBundles,
  bundleTag, bundleNumOps, callNumIndirect, listCount, listItem,
} from "../ir/inst";
import { programAddrSpace } from "../ir/datalayout";
import { isOneInt as isOne } from "../ir/constants";
import { OutBuf } from "../util/outbuf";
import { Writer } from "./writer";
import { printCC } from "./cc";
import { printGCRelocateComment } from "./printer-gc";

function printFMF(out: OutBuf, f: i32): void {
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
  if (op == Op.Phi || op == Op.Select || op == Op.Call) return fpMathOperatorType(vType.get(i), llvmVersion);
  return false;
}

function printAtomic(out: OutBuf, i: i32, o: i32): void {
  let ss = iExt.get(i);
  if (ss >= 0) { out.str(" syncscope(\""); printEscapedId(out, ss); out.str("\")"); }
  out.byte(32); out.str(ORDERING_NAMES[o]);
}

export function printInstruction(w: Writer, i: i32): void {
  let out = w.out;
  out.str("  ");
  let nm = vName.get(i);
  let t = vType.get(i);
  if (nm >= 0) { printName(out, 37, nm); out.str(" = "); }
  else if (t != T_VOID) { out.byte(37); out.int(w.slots.local.get(i)); out.str(" = "); }
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
  if (isFPMath(i)) printFMF(out, f);
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
      if (n == 3) { out.byte(32); printTypedValue(w, out, operand(i, 0)); out.str(", "); printTypedValue(w, out, operand(i, 1)); out.str(", "); printTypedValue(w, out, operand(i, 2)); }
      else { out.byte(32); printTypedValue(w, out, operand(i, 0)); }
      break;
    }
    case Op.Switch: {
      out.byte(32); printTypedValue(w, out, operand(i, 0)); out.str(", "); printTypedValue(w, out, operand(i, 1)); out.str(" [");
      for (let k = 2; k + 1 < n; k += 2) { out.str("\n    "); printTypedValue(w, out, operand(i, k)); out.str(", "); printTypedValue(w, out, operand(i, k + 1)); }
      out.str("\n  ]");
      break;
    }
    case Op.IndirectBr: {
      out.byte(32); printTypedValue(w, out, operand(i, 0)); out.str(", [");
      for (let k = 1; k < n; k++) { if (k > 1) out.str(", "); printTypedValue(w, out, operand(i, k)); }
      out.byte(93);
      break;
    }
    case Op.Phi: {
      out.byte(32); printType(w, out, t); out.byte(32);
      for (let k = 0; k + 1 < n; k += 2) {
        if (k > 0) out.str(", ");
        out.str("[ "); printValueRef(w, out, operand(i, k)); out.str(", "); printValueRef(w, out, operand(i, k + 1)); out.str(" ]");
      }
      break;
    }
    case Op.ExtractValue: case Op.InsertValue: {
      out.byte(32); printTypedValue(w, out, operand(i, 0));
      if (op == Op.InsertValue) { out.str(", "); printTypedValue(w, out, operand(i, 1)); }
      for (let k = 0; k < listCount(i); k++) { out.str(", "); out.int(listItem(i, k)); }
      break;
    }
    case Op.LandingPad: {
      out.byte(32); printType(w, out, t);
      let nc = listCount(i);
      let cleanup = (f & F_CLEANUP) != 0;
      if (cleanup || nc != 0) out.byte(10);
      if (cleanup) out.str("          cleanup");
      for (let k = 0; k < nc; k++) {
        if (k != 0 || cleanup) out.byte(10);
        out.str(listItem(i, k) == 0 ? "          catch " : "          filter ");
        printTypedValue(w, out, operand(i, k));
      }
      break;
    }
    case Op.CatchSwitch: {
      out.str(" within "); printValueRef(w, out, operand(i, 0)); out.str(" [");
      let hasUnwind = (f & F_UNWIND_CALLER) == 0;
      let nh = hasUnwind ? n - 2 : n - 1;
      for (let k = 0; k < nh; k++) { if (k > 0) out.str(", "); printTypedValue(w, out, operand(i, 1 + k)); }
      out.str("] unwind ");
      if (hasUnwind) printTypedValue(w, out, operand(i, n - 1)); else out.str("to caller");
      break;
    }
    case Op.CatchPad: case Op.CleanupPad: {
      out.str(" within "); printValueRef(w, out, operand(i, 0)); out.str(" [");
      for (let k = 1; k < n; k++) { if (k > 1) out.str(", "); printTypedValue(w, out, operand(i, k)); }
      out.byte(93);
      break;
    }
    case Op.Ret: { if (n == 0) out.str(" void"); else { out.byte(32); printTypedValue(w, out, operand(i, 0)); } break; }
    case Op.CatchRet: { out.str(" from "); printValueRef(w, out, operand(i, 0)); out.str(" to "); printTypedValue(w, out, operand(i, 1)); break; }
    case Op.CleanupRet: {
      out.str(" from "); printValueRef(w, out, operand(i, 0)); out.str(" unwind ");
      if (n > 1) printTypedValue(w, out, operand(i, 1)); else out.str("to caller");
      break;
    }
    case Op.Call: case Op.Invoke: case Op.CallBr: printCall(w, out, i, op, f); break;
    case Op.Alloca: {
      out.byte(32);
      if (f & F_INALLOCA) out.str("inalloca ");
      if (f & F_SWIFTERROR) out.str("swifterror ");
      printType(w, out, iExt.get(i));
      let sz = operand(i, 0);
      if (!(vType.get(sz) == T_I32 && isOne(sz))) { out.str(", "); printTypedValue(w, out, sz); }
      let a = alignBytes(i);
      if (a != 0) { out.str(", align "); out.i64(a); }
      let as = tyA.get(t);
      if (as != 0) { out.str(", addrspace("); out.int(as); out.byte(41); }
      break;
    }
    case Op.VAArg: { out.byte(32); printTypedValue(w, out, operand(i, 0)); out.str(", "); printType(w, out, t); break; }
    default: {
      if (isCast(op)) { out.byte(32); printTypedValue(w, out, operand(i, 0)); out.str(" to "); printType(w, out, t); break; }
      if (n == 0) break;
      if (op == Op.GetElementPtr) { out.byte(32); printType(w, out, iExt.get(i)); out.byte(44); }
      else if (op == Op.Load) { out.byte(32); printType(w, out, t); out.byte(44); }
      let all = op == Op.Select || op == Op.Store || op == Op.ShuffleVector || op == Op.AtomicCmpXchg || op == Op.AtomicRMW;
      let t0 = vType.get(operand(i, 0));
      if (!all) for (let k = 1; k < n; k++) if (vType.get(operand(i, k)) != t0) { all = true; break; }
      if (!all) { out.byte(32); printType(w, out, t0); }
      out.byte(32);
      for (let k = 0; k < n; k++) {
        if (k > 0) out.str(", ");
        if (all) printTypedValue(w, out, operand(i, k)); else printValueRef(w, out, operand(i, k));
      }
    }
  }
  // memory ordering / alignment
  if (op == Op.Load || op == Op.Store) {
    if (f & F_ATOMIC) printAtomic(out, i, ordering(i));
    let a = alignBytes(i);
    if (a != 0) { out.str(", align "); out.i64(a); }
  } else if (op == Op.AtomicCmpXchg) {
    let ss = iExt.get(i);
    if (ss >= 0) { out.str(" syncscope(\""); printEscapedId(out, ss); out.str("\")"); }
    out.byte(32); out.str(ORDERING_NAMES[ordering(i)]); out.byte(32); out.str(ORDERING_NAMES[failureOrdering(i)]);
    out.str(", align "); out.i64(alignBytes(i));
  } else if (op == Op.AtomicRMW) {
    printAtomic(out, i, ordering(i));
    out.str(", align "); out.i64(alignBytes(i));
  } else if (op == Op.Fence) {
    printAtomic(out, i, ordering(i));
  } else if (op == Op.ShuffleVector) {
    printShuffleMask(out, i);
  }
  printAttachments(w, out, iMD.get(i), ", ");
  if (op == Op.Call) printGCRelocateComment(w, out, i);
}

function printShuffleMask(out: OutBuf, i: i32): void {
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

function printCall(w: Writer, out: OutBuf, i: i32, op: i32, f: i32): void {
  let cc = callCC(i);
  if (cc != 0) { out.byte(32); printCC(out, cc); }
  let al = callAttrs(i);
  let rs = retAttrs(al);
  if (rs >= 0 && setSize(rs) > 0) { out.byte(32); printAttrSet(w, out, rs, false); }
  let calleeV = operand(i, 0);
  let ct = vType.get(calleeV);
  if (<i32>tyKind.get(ct) == TK.Ptr && (tyA.get(ct) != 0 || programAddrSpace() != 0)) { out.str(" addrspace("); out.int(tyA.get(ct)); out.byte(41); }
  let ft = callFnType(i);
  out.byte(32);
  if (tyFlags.get(ft) & TF_VARARG) printType(w, out, ft); else printType(w, out, tyA.get(ft));
  out.byte(32);
  printValueRef(w, out, calleeV);
  out.byte(40);
  let na = callNumArgs(i);
  for (let k = 0; k < na; k++) {
    if (k > 0) out.str(", ");
    let a = operand(i, 1 + k);
    printType(w, out, printedType(a));
    let pa = paramAttrs(al, k);
    if (pa >= 0 && setSize(pa) > 0) { out.byte(32); printAttrSet(w, out, pa, false); }
    out.byte(32); printValueRef(w, out, a);
  }
  if (op == Op.Call && ((f >> F_TAIL_SHIFT) & 3) == 2) {
    // musttail in a vararg function forwards the varargs: printed as `...`
    let fn = vParent.get(vParent.get(i));
    if (fn >= 0 && (tyFlags.get(gValueType.get(vA.get(fn))) & TF_VARARG) != 0) { if (na > 0) out.str(", "); out.str("..."); }
  }
  out.byte(41);
  let fs = fnAttrs(al);
  if (fs >= 0 && setSize(fs) > 0) { out.str(" #"); out.int(w.slots.group.get(fs)); }
  let nb = callNumBundles(i);
  if (nb > 0) {
    out.str(" [ ");
    let k = 1 + na;
    for (let b = 0; b < nb; b++) {
      if (b > 0) out.str(", ");
      out.byte(34); printEscapedId(out, bundleTag(i, b)); out.str("\"(");
      let m = bundleNumOps(i, b);
      for (let j = 0; j < m; j++) { if (j > 0) out.str(", "); printTypedValue(w, out, operand(i, k + j)); }
      k += m;
      out.byte(41);
    }
    out.str(" ]");
  }
  if (op == Op.Invoke) {
    let n = numOperands(i);
    out.str("\n          to "); printTypedValue(w, out, operand(i, n - 2));
    out.str(" unwind "); printTypedValue(w, out, operand(i, n - 1));
  } else if (op == Op.CallBr) {
    let ni = callNumIndirect(i);
    let n = numOperands(i);
    let d = n - ni - 1;
    out.str("\n          to "); printTypedValue(w, out, operand(i, d));
    out.str(" [");
    for (let k = 0; k < ni; k++) { if (k > 0) out.str(", "); printTypedValue(w, out, operand(i, d + 1 + k)); }
    out.byte(93);
  }
}
