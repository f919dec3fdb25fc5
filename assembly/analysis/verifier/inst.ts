// The verifier's checks of each instruction by opcode: control flow, phis, compares, vector and
// aggregate operations here; arithmetic and casts, memory, calls and EH in their own files.
import {
  TK, tyKind, tyA, tyN, T_VOID, T_I1, T_TOKEN, isInt, isPtr, isVector, memberType, memberCount,
} from "../../ir/types";
import { VK, vKind, vType, vParent, iPrev, iDbg, iExt, ext, operand, numOperands } from "../../ir/values";
import { gValueType } from "../../ir/globals";
import { Op, isBinary, isCast } from "../../ir/opcodes";
import { listCount, listItem } from "../../ir/inst";
import { vr } from "./state";
import {
  firstNonPhi, invokeUnwind, isEHPadOp, isFPOrFPVec, isIntOrIntVec, isPtrOrPtrVec, opOf, sameCount,
} from "./queries";
import { visitAlloca, visitAtomicRMW, visitCmpXchg, visitFence, visitGEP, visitLoad, visitStore } from "./memory";
import { visitBinary, visitCast } from "./arith";
import { visitCallBase } from "./calls";
import { visitCallBr } from "./callbr";
import { isMustTail, verifyMustTailCall } from "./musttail";
import { visitCatchRet, visitCatchSwitch, visitCleanupRet, visitFuncletPad, visitLandingPad, visitResume } from "./eh";
import { visitInstruction, visitTerminator } from "./instruction";
import { visitDbgRecords } from "./md-records";

export function visitInst(i: i32): void {
  if (iDbg.get(i) >= 0) visitDbgRecords(i);
  let n = numOperands(i);
  for (let k = 0; k < n; k++) if (operand(i, k) < 0) { vr.bad("Operand is null", i); return; }
  let op = opOf(i);
  if (isBinary(op)) { visitBinary(i, op); return; }
  if (isCast(op)) { visitCast(i, op); return; }
  switch (op) {
    case Op.Phi: visitPhi(i); return;
    case Op.Call: visitCallBase(i); if (isMustTail(i)) verifyMustTailCall(i); return;
    case Op.Invoke: {
      visitCallBase(i);
      let unwind = invokeUnwind(i);
      let pad = firstNonPhi(unwind);
      if (pad < 0 || !isEHPadOp(opOf(pad))) { vr.bad("The unwind destination does not have an exception handling instruction!", i); return; }
      visitTerminator(i); return;
    }
    case Op.CallBr: visitCallBr(i); return;
    case Op.Ret: visitRet(i); return;
    case Op.Br: {
      if (n == 3 && vType.get(operand(i, 0)) != T_I1) { vr.bad("Branch condition is not 'i1' type!", i); vr.w(operand(i, 0)); return; }
      visitTerminator(i); return;
    }
    case Op.Switch: visitSwitch(i); return;
    case Op.IndirectBr: {
      if (!isPtr(vType.get(operand(i, 0)))) { vr.bad("Indirectbr operand must have pointer type!", i); return; }
      visitTerminator(i); return;
    }
    case Op.Unreachable: visitTerminator(i); return;
    case Op.FNeg: {
      let t = vType.get(i);
      if (t != vType.get(operand(i, 0))) { vr.bad("Unary operators must have same type foroperands and result!", i); return; }
      if (!isFPOrFPVec(t)) { vr.bad("FNeg operator only works with float types!", i); return; }
      visitInstruction(i); return;
    }
    case Op.ICmp: case Op.FCmp: {
      let a = vType.get(operand(i, 0)), b = vType.get(operand(i, 1));
      let ic = op == Op.ICmp;
      if (a != b) { vr.bad(ic ? "Both operands to ICmp instruction are not of the same type!" : "Both operands to FCmp instruction are not of the same type!", i); return; }
      if (ic && !(isIntOrIntVec(a) || isPtrOrPtrVec(a))) { vr.bad("Invalid operand types for ICmp instruction", i); return; }
      if (!ic && !isFPOrFPVec(a)) { vr.bad("Invalid operand types for FCmp instruction", i); return; }
      visitInstruction(i); return;
    }
    case Op.Select: visitSelect(i); return;
    case Op.ExtractElement: {
      let vt = vType.get(operand(i, 0));
      if (!isVector(vt) || !isInt(vType.get(operand(i, 1)))) { vr.bad("Invalid extractelement operands!", i); return; }
      visitInstruction(i); return;
    }
    case Op.InsertElement: {
      let vt = vType.get(operand(i, 0));
      if (!isVector(vt) || vType.get(operand(i, 1)) != tyA.get(vt) || !isInt(vType.get(operand(i, 2)))) { vr.bad("Invalid insertelement operands!", i); return; }
      visitInstruction(i); return;
    }
    case Op.ShuffleVector: {
      let vt = vType.get(operand(i, 0));
      if (!isVector(vt) || vType.get(operand(i, 1)) != vt || !shuffleMaskValid(i, vt)) { vr.bad("Invalid shufflevector operands!", i); return; }
      visitInstruction(i); return;
    }
    case Op.ExtractValue: {
      if (indexedType(vType.get(operand(i, 0)), i) != vType.get(i)) { vr.bad("Invalid ExtractValueInst operands!", i); return; }
      visitInstruction(i); return;
    }
    case Op.InsertValue: {
      if (indexedType(vType.get(operand(i, 0)), i) != vType.get(operand(i, 1))) { vr.bad("Invalid InsertValueInst operands!", i); return; }
      visitInstruction(i); return;
    }
    case Op.GetElementPtr: visitGEP(i); return;
    case Op.Load: visitLoad(i); return;
    case Op.Store: visitStore(i); return;
    case Op.Alloca: visitAlloca(i); return;
    case Op.AtomicCmpXchg: visitCmpXchg(i); return;
    case Op.AtomicRMW: visitAtomicRMW(i); return;
    case Op.Fence: visitFence(i); return;
    case Op.LandingPad: visitLandingPad(i); return;
    case Op.Resume: visitResume(i); return;
    case Op.CatchPad: case Op.CleanupPad: visitFuncletPad(i, op); return;
    case Op.CatchSwitch: visitCatchSwitch(i); return;
    case Op.CatchRet: visitCatchRet(i); return;
    case Op.CleanupRet: visitCleanupRet(i); return;
    default: visitInstruction(i);
  }
}

function visitRet(i: i32): void {
  let rt = tyA.get(gValueType.get(vr.curFn));
  let n = numOperands(i);
  if (rt == T_VOID) {
    if (n != 0) { vr.bad("Found return instr that returns non-void in Function of void return type!", i); vr.wt(rt); return; }
  } else if (n != 1 || vType.get(operand(i, 0)) != rt) {
    vr.bad("Function return type does not match operand type of return inst!", i); vr.wt(rt); return;
  }
  visitTerminator(i);
}

function visitSwitch(i: i32): void {
  let t = vType.get(operand(i, 0));
  let n = numOperands(i);
  let st = vr.nextStamp();
  for (let k = 2; k + 1 < n; k += 2) {
    let c = operand(i, k);
    if (<i32>vKind.get(c) != VK.ConstInt) { vr.bad("Case value is not a constant integer.", i); return; }
    if (vType.get(c) != t) { vr.bad("Switch constants must all be same type as switch value!", i); return; }
    if (vr.mark.get(c) == st) { vr.bad("Duplicate integer as switch case", i); vr.w(c); return; }
    vr.mark.set(c, st);
  }
  visitTerminator(i);
}

function visitPhi(i: i32): void {
  let prev = iPrev.get(i);
  if (prev >= 0 && opOf(prev) != Op.Phi) { vr.bad("PHI nodes not grouped at top of basic block!", i); vr.w(vParent.get(i)); return; }
  let t = vType.get(i);
  if (t == T_TOKEN) { vr.fail("PHI nodes cannot have token type!"); return; }
  let n = numOperands(i);
  for (let k = 0; k < n; k += 2) if (vType.get(operand(i, k)) != t) { vr.bad("PHI node operands are not the same type as the result!", i); return; }
  visitInstruction(i);
}

function visitSelect(i: i32): void {
  let c = vType.get(operand(i, 0)), a = vType.get(operand(i, 1)), b = vType.get(operand(i, 2));
  let ok = a == b && a != T_TOKEN;
  if (ok) {
    if (isVector(c)) ok = tyA.get(c) == T_I1 && isVector(a) && sameCount(a, c);
    else ok = c == T_I1;
  }
  if (!ok) { vr.bad("Invalid operands for select instruction!", i); return; }
  if (a != vType.get(i)) { vr.bad("Select values must have same type as select instruction!", i); return; }
  visitInstruction(i);
}

// ExtractValueInst::getIndexedType over the instruction's index list; -1 when invalid.
function indexedType(t: i32, i: i32): i32 {
  let n = listCount(i);
  for (let k = 0; k < n; k++) {
    let kind = <i32>tyKind.get(t);
    if (!(kind == TK.Array || kind == TK.Struct || kind == TK.NamedStruct)) return -1;
    let idx = <u64>listItem(i, k) & 0xffffffff;
    if (idx >= <u64>memberCount(t)) return -1;
    t = memberType(t, <i32>idx);
  }
  return t;
}

// ShuffleVectorInst::isValidOperands on the mask lanes: none past twice the operands' length
// (-1, undef, aside), and a scalable vector's lanes all 0 or all undef.
function shuffleMaskValid(i: i32, vt: i32): bool {
  let e = iExt.get(i);
  if (e < 0) return true;
  let n = ext.get(e), len = <i32>tyN.get(vt);
  for (let j = 0; j < n; j++) { let x = ext.get(e + 1 + j); if (x != -1 && x >= 2 * len) return false; }
  if (<i32>tyKind.get(vt) == TK.ScalableVector && n > 0) {
    let m0 = ext.get(e + 1);
    if (m0 != 0 && m0 != -1) return false;
    for (let j = 1; j < n; j++) if (ext.get(e + 1 + j) != m0) return false;
  }
  return true;
}
