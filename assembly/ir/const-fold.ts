// The constant folding both readers do as they build constants (text/parse-values.ts,
// bitcode/read-constants.ts): what LLVM's constant folder and ConstantDataArray
// always do, so a module reads to the same constants from either serialisation.
import { strtab } from "./module";
import { TK, tyKind, tyA, isPtr, isVector, scalarType } from "./types";
import { VK, vKind, vType, iOp, operand } from "./values";
import { getNull, getPoison, getZero, getData, getExpr, isNullValue } from "./constants";
import { Op } from "./opcodes";
import { llvmVersion } from "./version";
import { reading } from "./module-reading";

// An [N x i8] byte string: all-zero strings are zeroinitializer, as LLVM canonicalises.
export function canonicalData(type: i32, s: i32): i32 {
  let p = strtab.ptrOf(s), n = strtab.lenOf(s);
  let allZero = true;
  for (let i = 0; i < n; i++) if (load<u8>(p + <usize>i) != 0) { allZero = false; break; }
  if (allZero) return getZero(type);
  return getData(type, s);
}

// Cast folding LLVM's constant folder always does: no-op casts, casts of null/zero/undef/poison.
export function foldCast(op: i32, v: i32, dst: i32): i32 {
  let src = vType.get(v);
  let k = <i32>vKind.get(v);
  if (op == Op.BitCast && src == dst) return v;
  if (k == VK.ConstPoison) return getPoison(dst);
  if (isNullValue(v) && (op == Op.BitCast || op == Op.PtrToInt || op == Op.IntToPtr || op == Op.ZExt || op == Op.SExt || op == Op.Trunc)) {
    if (op == Op.BitCast && !(isPtr(dst) == isPtr(src))) {} else
    return isPtr(scalarType(dst)) && !isVector(dst) ? getNull(dst) : getZero(dst);
  }
  // a cast of a cast: the pair LLVM's constant folder makes one cast of
  if (k == VK.ConstExpr) {
    let first = <i32>iOp.get(v);
    if (first >= Op.Trunc && first <= Op.AddrSpaceCast) {
      let inner = operand(v, 0);
      let one = castPair(first, op, vType.get(inner), src, dst);
      if (one >= 0) return foldCast(one, inner, dst);
    }
  }
  let ops = reading.castOps; ops.clear(); ops.push(v);
  return getExpr(op, dst, 0, 0, reading.castWords, 0, 0, ops, 0, 1);
}

// The one cast that does what cast `first` (src to mid) then cast `second` (mid to dst) do, as
// LLVM's constant folder finds it (CastInst::isEliminableCastPair without a data layout, pointers
// taken as at most 64 bits); -1 when the pair stays. Only the casts that are still constant
// expressions (trunc, ptrtoint, inttoptr, bitcast, addrspacecast) meet here.
function castPair(first: i32, second: i32, src: i32, mid: i32, dst: i32): i32 {
  let srcVec = isVector(src), dstInt = <i32>tyKind.get(dst) == TK.Int;
  let srcIntScalar = <i32>tyKind.get(src) == TK.Int;
  switch (first) {
    case Op.Trunc:
      if (second == Op.Trunc) return Op.Trunc;
      if (second == Op.BitCast) return !srcVec && dstInt ? Op.Trunc : -1;
      return -1;
    case Op.PtrToInt:
      if (second == Op.Trunc) return Op.PtrToInt;
      if (second == Op.BitCast) return !srcVec && dstInt ? Op.PtrToInt : -1;
      if (second == Op.IntToPtr) {
        // back to a pointer of the same address space through a 64-bit integer: LLVM 19 folds it,
        // LLVM 22 no longer does (20 and 21 not checked: no opt of those versions here)
        if (llvmVersion >= 22) return -1;
        if (tyA.get(scalarType(src)) != tyA.get(scalarType(dst))) return -1;
        return tyA.get(scalarType(mid)) == 64 ? Op.BitCast : -1;
      }
      return -1;
    case Op.IntToPtr:
      if (second == Op.BitCast) return Op.IntToPtr;
      if (second == Op.PtrToInt) {
        // back to an integer of the same width, at most 64 bits: LLVM 19 only, as above
        if (llvmVersion >= 22) return -1;
        let sw = tyA.get(scalarType(src));
        return sw <= 64 && sw == tyA.get(scalarType(dst)) ? Op.BitCast : -1;
      }
      return -1;
    case Op.BitCast:
      if (second == Op.Trunc || second == Op.IntToPtr) return srcIntScalar ? second : -1;
      if (second == Op.PtrToInt) return Op.PtrToInt;
      if (second == Op.BitCast) return Op.BitCast;
      if (second == Op.AddrSpaceCast) return Op.AddrSpaceCast;
      return -1;
    case Op.AddrSpaceCast:
      if (second == Op.BitCast) return Op.AddrSpaceCast;
      if (second == Op.AddrSpaceCast) return tyA.get(scalarType(src)) != tyA.get(scalarType(dst)) ? Op.AddrSpaceCast : Op.BitCast;
      return -1;
  }
  return -1;
}
