// What LLVM allows of an opcode, for both readers: the casts CastInst::castIsValid takes, and the
// constant expressions the LLVM version followed still keeps (the text reader refuses the others,
// the bitcode reader rebuilds them as instructions).
import { Op } from "./opcodes";
import { has, Feature } from "./version";
import { TK, tyKind, tyN, tyA, isFirstClass, isAggregate, isVector, scalarType, isInt, isFP, isPtr, intWidth, primitiveSizeInBits } from "./types";

// Constant expressions LLVM still has.
export function constExprSupported(op: i32): bool {
  switch (op) {
    case Op.GetElementPtr: case Op.Trunc: case Op.PtrToInt: case Op.PtrToAddr: case Op.IntToPtr: case Op.BitCast:
    case Op.AddrSpaceCast: case Op.Add: case Op.Sub: case Op.Xor: case Op.ExtractElement: case Op.InsertElement:
    case Op.ShuffleVector: return true;
    case Op.Mul: return has(Feature.MulConstExpr);
  }
  return false;
}

// CastInst::castIsValid: first-class non-aggregate types, element counts alike (a scalar's is
// none), and per opcode the kinds and widths it converts between.
export function castValid(op: i32, s: i32, d: i32): bool {
  if (!isFirstClass(s) || !isFirstClass(d) || isAggregate(s) || isAggregate(d)) return false;
  let sameCount = isVector(s) ? tyKind.get(s) == tyKind.get(d) && tyN.get(s) == tyN.get(d) : !isVector(d);
  let ss = scalarType(s), ds = scalarType(d);
  switch (op) {
    case Op.Trunc: return sameCount && isInt(ss) && isInt(ds) && intWidth(ss) > intWidth(ds);
    case Op.ZExt: case Op.SExt: return sameCount && isInt(ss) && isInt(ds) && intWidth(ss) < intWidth(ds);
    case Op.FPTrunc: return sameCount && isFP(ss) && isFP(ds) && primitiveSizeInBits(ss) > primitiveSizeInBits(ds);
    case Op.FPExt: return sameCount && isFP(ss) && isFP(ds) && primitiveSizeInBits(ss) < primitiveSizeInBits(ds);
    case Op.FPToUI: case Op.FPToSI: return sameCount && isFP(ss) && isInt(ds);
    case Op.UIToFP: case Op.SIToFP: return sameCount && isInt(ss) && isFP(ds);
    case Op.PtrToInt: case Op.PtrToAddr: return sameCount && isPtr(ss) && isInt(ds);
    case Op.IntToPtr: return sameCount && isInt(ss) && isPtr(ds);
    case Op.AddrSpaceCast: return sameCount && isPtr(ss) && isPtr(ds) && tyA.get(ss) != tyA.get(ds);
    case Op.BitCast: {
      if (isPtr(ss) != isPtr(ds)) return false;
      if (!isPtr(ss)) return primitiveSizeInBits(s) == primitiveSizeInBits(d) && (tyKind.get(s) == TK.ScalableVector) == (tyKind.get(d) == TK.ScalableVector);
      if (tyA.get(ss) != tyA.get(ds)) return false;
      if (isVector(s) && isVector(d)) return sameCount;
      if (isVector(s)) return tyKind.get(s) == TK.Vector && tyN.get(s) == 1;
      if (isVector(d)) return tyKind.get(d) == TK.Vector && tyN.get(d) == 1;
      return true;
    }
  }
  return true;
}
