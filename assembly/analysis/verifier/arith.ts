// The verifier's checks of binary operators and casts (CastInst::castIsValid).
import {
  TK, tyKind, tyA, tyN, isPtr, isVector, scalarType, isFirstClass, isAggregate, primitiveSizeInBits,
} from "../../ir/types";
import { vType, operand } from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { indexSizeInBits } from "../../ir/datalayout";
import { llvmVersion } from "../../ir/version";
import { vr } from "./state";
import { isFPOrFPVec, isIntOrIntVec, isPtrOrPtrVec, sameCount, scalarBits } from "./queries";
import { visitInstruction } from "./instruction";

export function visitBinary(i: i32, op: i32): void {
  let t0 = vType.get(operand(i, 0));
  if (t0 != vType.get(operand(i, 1))) { vr.bad("Both operands to a binary operator are not of the same type!", i); return; }
  let t = vType.get(i);
  if (op == Op.FAdd || op == Op.FSub || op == Op.FMul || op == Op.FDiv || op == Op.FRem) {
    if (!isFPOrFPVec(t)) { vr.bad("Floating-point arithmetic operators only work with floating-point types!", i); return; }
    if (t != t0) { vr.bad("Floating-point arithmetic operators must have same type for operands and result!", i); return; }
  } else if (op == Op.And || op == Op.Or || op == Op.Xor) {
    if (!isIntOrIntVec(t)) { vr.bad("Logical operators only work with integral types!", i); return; }
    if (t != t0) { vr.bad("Logical operators must have same type for operands and result!", i); return; }
  } else if (op == Op.Shl || op == Op.LShr || op == Op.AShr) {
    if (!isIntOrIntVec(t)) { vr.bad("Shifts only work with integral types!", i); return; }
    if (t != t0) { vr.bad("Shift return type must be same as operands!", i); return; }
  } else {
    if (!isIntOrIntVec(t)) { vr.bad("Integer arithmetic operators only work with integral types!", i); return; }
    if (t != t0) { vr.bad("Integer arithmetic operators must have same type for operands and result!", i); return; }
  }
  visitInstruction(i);
}

export function visitCast(i: i32, op: i32): void {
  let s = vType.get(operand(i, 0)), d = vType.get(i);
  let sv = isVector(s), dv = isVector(d);
  let sb = scalarBits(s), db = scalarBits(d);
  switch (op) {
    case Op.Trunc: case Op.ZExt: case Op.SExt: {
      let nm = op == Op.Trunc ? "Trunc" : op == Op.ZExt ? "ZExt" : "SExt";
      if (!isIntOrIntVec(s)) { vr.bad(nm + " only operates on integer", i); return; }
      if (!isIntOrIntVec(d)) { vr.bad(op == Op.Trunc ? "Trunc only produces integer" : nm + " only produces an integer", i); return; }
      if (sv != dv) { vr.bad(OP_LOWER(op) + " source and destination must both be a vector or neither", i); return; }
      if (op == Op.Trunc) { if (!(sb > db)) { vr.bad("DestTy too big for Trunc", i); return; } }
      else if (!(db > sb)) { vr.bad("Type too small for " + nm, i); return; }
      break;
    }
    case Op.FPTrunc: case Op.FPExt: {
      let nm = op == Op.FPTrunc ? "FPTrunc" : "FPExt";
      if (!isFPOrFPVec(s)) { vr.bad(nm + " only operates on FP", i); return; }
      if (!isFPOrFPVec(d)) { vr.bad(nm + " only produces an FP", i); return; }
      if (sv != dv) { vr.bad(OP_LOWER(op) + " source and destination must both be a vector or neither", i); return; }
      if (op == Op.FPTrunc) { if (!(sb > db)) { vr.bad("DestTy too big for FPTrunc", i); return; } }
      else if (!(db > sb)) { vr.bad("DestTy too small for FPExt", i); return; }
      break;
    }
    case Op.UIToFP: case Op.SIToFP: case Op.FPToUI: case Op.FPToSI: {
      let nm = op == Op.UIToFP ? "UIToFP" : op == Op.SIToFP ? "SIToFP" : op == Op.FPToUI ? "FPToUI" : "FPToSI";
      let toFP = op == Op.UIToFP || op == Op.SIToFP;
      if (sv != dv) { vr.bad(nm + " source and dest must both be vector or scalar", i); return; }
      if (toFP) {
        if (!isIntOrIntVec(s)) { vr.bad(nm + " source must be integer or integer vector", i); return; }
        if (!isFPOrFPVec(d)) { vr.bad(nm + " result must be FP or FP vector", i); return; }
      } else {
        if (!isFPOrFPVec(s)) { vr.bad(nm + " source must be FP or FP vector", i); return; }
        if (!isIntOrIntVec(d)) { vr.bad(nm + " result must be integer or integer vector", i); return; }
      }
      if (sv && dv && !sameCount(s, d)) { vr.bad(nm + " source and dest vector length mismatch", i); return; }
      break;
    }
    case Op.PtrToInt: {
      if (!isPtrOrPtrVec(s)) { vr.bad("PtrToInt source must be pointer", i); return; }
      if (!isIntOrIntVec(d)) { vr.bad("PtrToInt result must be integral", i); return; }
      if (sv != dv) { vr.bad("PtrToInt type mismatch", i); return; }
      if (sv && !sameCount(s, d)) { vr.bad(llvmVersion >= 22 ? "PtrToInt Vector length mismatch" : "PtrToInt Vector width mismatch", i); return; }
      break;
    }
    case Op.PtrToAddr: {
      if (!isPtrOrPtrVec(s)) { vr.bad("PtrToAddr source must be pointer", i); return; }
      if (!isIntOrIntVec(d)) { vr.bad("PtrToAddr result must be integral", i); return; }
      if (sv != dv) { vr.bad("PtrToAddr type mismatch", i); return; }
      if (sv && !sameCount(s, d)) { vr.bad("PtrToAddr vector length mismatch", i); return; }
      if (scalarBits(d) != indexSizeInBits(tyA.get(scalarType(s)))) { vr.bad("PtrToAddr result must be address width", i); return; }
      break;
    }
    case Op.IntToPtr: {
      if (!isIntOrIntVec(s)) { vr.bad("IntToPtr source must be an integral", i); return; }
      if (!isPtrOrPtrVec(d)) { vr.bad("IntToPtr result must be a pointer", i); return; }
      if (sv != dv) { vr.bad("IntToPtr type mismatch", i); return; }
      if (sv && !sameCount(s, d)) { vr.bad(llvmVersion >= 22 ? "IntToPtr Vector length mismatch" : "IntToPtr Vector width mismatch", i); return; }
      break;
    }
    case Op.BitCast: { if (!bitcastValid(s, d)) { vr.bad("Invalid bitcast", i); return; } break; }
    case Op.AddrSpaceCast: {
      if (!isPtrOrPtrVec(s)) { vr.bad("AddrSpaceCast source must be a pointer", i); return; }
      if (!isPtrOrPtrVec(d)) { vr.bad("AddrSpaceCast result must be a pointer", i); return; }
      if (tyA.get(scalarType(s)) == tyA.get(scalarType(d))) { vr.bad("AddrSpaceCast must be between different address spaces", i); return; }
      if (sv && !(dv && sameCount(s, d))) { vr.bad("AddrSpaceCast vector pointer number of elements mismatch", i); return; }
      break;
    }
  }
  visitInstruction(i);
}
function OP_LOWER(op: i32): string {
  return op == Op.Trunc ? "trunc" : op == Op.ZExt ? "zext" : op == Op.SExt ? "sext" : op == Op.FPTrunc ? "fptrunc" : "fpext";
}
// CastInst::castIsValid for bitcast.
export function bitcastValid(s: i32, d: i32): bool {
  if (!isFirstClass(s) || !isFirstClass(d) || isAggregate(s) || isAggregate(d)) return false;
  let sp = isPtr(scalarType(s)), dp = isPtr(scalarType(d));
  if (sp != dp) return false;
  let sv = isVector(s), dv = isVector(d);
  if (!sp) {
    if (sv && dv && (<i32>tyKind.get(s) == TK.ScalableVector) != (<i32>tyKind.get(d) == TK.ScalableVector)) return false;
    return primitiveSizeInBits(s) == primitiveSizeInBits(d);
  }
  if (tyA.get(scalarType(s)) != tyA.get(scalarType(d))) return false;
  if (sv && dv) return sameCount(s, d);
  if (sv) return <i32>tyKind.get(s) == TK.Vector && tyN.get(s) == 1;
  if (dv) return <i32>tyKind.get(d) == TK.Vector && tyN.get(d) == 1;
  return true;
}
