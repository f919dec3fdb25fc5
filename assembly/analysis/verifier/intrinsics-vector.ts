// Per-intrinsic checks of calls (Verifier::visitIntrinsicCall) for the target-independent vector and
// arithmetic intrinsics: masked load/store, active lane masks, vector length, fixed-point mul/div,
// lrint/lround, the matrix intrinsics, splices, stepvector, vector.match, vector.insert/extract and
// partial reductions. The signature checks come before these (a call they reach has the intrinsic's
// shape), so only what the signature cannot say is checked here; a failed check ends the call's checks.
import { strtab, strtabString } from "../../ir/module";
import { TK, tyKind, tyA, tyN, T_I1, isInt, isFP, isVector, scalarType } from "../../ir/types";
import { VK, vKind, vType, vName, vA, operand } from "../../ir/values";
import { gAttrs } from "../../ir/globals";
import { intLow64, intSExt64 } from "../../ir/constants";
import { llvmVersion } from "../../ir/version";
import { callNumArgs } from "../../ir/inst";
import { ATTR_VSCALE, fnAttrs, setFind, setV0 } from "../../ir/attributes";
import { vr } from "./state";
import { scalarBits } from "./queries";
import { isIntrinsicNamed } from "./intrinsics";

// The checks of this file for the call i of intrinsic f; false when f is none of these intrinsics.
export function visitVectorIntrinsic(i: i32, f: i32): bool {
  if (isIntrinsicNamed(f, "llvm.get.active.lane.mask")) {
    let t = vType.get(i);
    if (!isVector(t)) vr.bad("get_active_lane_mask: must return a vector", i);
    else if (tyA.get(t) != T_I1) vr.bad("get_active_lane_mask: element type is not i1", i);
    return true;
  }
  if (isIntrinsicNamed(f, "llvm.experimental.get.vector.length")) {
    let vf = arg(i, 1);
    if (isConstInt(vf) && intSExt64(vf) <= 0) vr.bad("get_vector_length: VF must be positive", i);
    return true;
  }
  if (isIntrinsicNamed(f, "llvm.masked.load")) { checkMaskedLoad(i); return true; }
  if (isIntrinsicNamed(f, "llvm.masked.store")) { checkMaskedStore(i); return true; }
  if (llvmVersion < 22 && (isIntrinsicNamed(f, "llvm.masked.gather") || isIntrinsicNamed(f, "llvm.masked.scatter"))) {
    let gather = isIntrinsicNamed(f, "llvm.masked.gather");
    let a = arg(i, gather ? 1 : 2);
    if (isConstInt(a) && !isZeroOrPow2(a)) {
      vr.bad(gather ? "masked_gather: alignment must be 0 or a power of 2" : "masked_scatter: alignment must be 0 or a power of 2", i);
    }
    return true;
  }
  if (isFixedPoint(f)) { checkFixedPoint(i, f); return true; }
  let lrint = isIntrinsicNamed(f, "llvm.lrint") || isIntrinsicNamed(f, "llvm.llrint");
  if (lrint || isIntrinsicNamed(f, "llvm.lround") || isIntrinsicNamed(f, "llvm.llround")) { checkLRint(i, f, lrint); return true; }
  if (isIntrinsicNamed(f, "llvm.matrix.multiply")) { checkMatrix(i, f, 0); return true; }
  if (isIntrinsicNamed(f, "llvm.matrix.transpose")) { checkMatrix(i, f, 1); return true; }
  if (isIntrinsicNamed(f, "llvm.matrix.column.major.load")) { checkMatrix(i, f, 2); return true; }
  if (isIntrinsicNamed(f, "llvm.matrix.column.major.store")) { checkMatrix(i, f, 3); return true; }
  if (llvmVersion >= 22) {
    if (isIntrinsicNamed(f, "llvm.vector.splice.left")) { checkSplice(i, 1); return true; }
    if (isIntrinsicNamed(f, "llvm.vector.splice.right")) { checkSplice(i, 2); return true; }
    if (isIntrinsicNamed(f, "llvm.stepvector")) { checkStepVector(i, "stepvector only supported for vectors of integers with a bitwidth of at least 8."); return true; }
    if (isIntrinsicNamed(f, "llvm.experimental.vector.match")) { checkVectorMatch(i); return true; }
    if (isIntrinsicNamed(f, "llvm.vector.partial.reduce.add")) { checkPartialReduce(i); return true; }
  } else {
    // LLVM 19 takes any llvm.vector.splice.* name for its vector.splice (splice.left.v2f64 too)
    if (strtab.startsWithStr(vName.get(f), "llvm.vector.splice")) { checkSplice(i, 0); return true; }
    if (isIntrinsicNamed(f, "llvm.experimental.stepvector")) {
      checkStepVector(i, "experimental_stepvector only supported for vectors of integers with a bitwidth of at least 8."); return true;
    }
    if (isIntrinsicNamed(f, "llvm.experimental.vector.partial.reduce.add")) { checkPartialReduce(i); return true; }
  }
  if (isIntrinsicNamed(f, "llvm.vector.insert")) { checkVectorInsert(i); return true; }
  if (isIntrinsicNamed(f, "llvm.vector.extract")) { checkVectorExtract(i); return true; }
  return false;
}

function arg(i: i32, k: i32): i32 { return k < callNumArgs(i) ? operand(i, 1 + k) : -1; }
function isConstInt(v: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.ConstInt; }
function isZeroOrPow2(c: i32): bool { let v = intLow64(c); return (v & (v - 1)) == 0; }
// A vector type's (known minimum) element count.
function countOf(t: i32): i64 { return tyN.get(t); }
function isScalable(t: i32): bool { return <i32>tyKind.get(t) == TK.ScalableVector; }

// LLVM 19: masked.load(ptr, i32 align, mask, passthru), masked.store(value, ptr, i32 align, mask);
// LLVM 22 dropped the alignment operand (an align attribute now).
function checkMaskedLoad(i: i32): void {
  let t = vType.get(i);
  if (!isVector(t)) { vr.bad("masked_load: must return a vector", i); return; }
  // (LLVM 22 reads the old form as its upgrade, which wopt does not make: left unchecked)
  let old = llvmVersion < 22;
  if (!old && callNumArgs(i) != 3) return;
  let mask = arg(i, old ? 2 : 1), pass = arg(i, old ? 3 : 2);
  if (mask < 0 || pass < 0) return;
  let mt = vType.get(mask);
  if (!isVector(mt)) { vr.bad("masked_load: mask must be vector", i); return; }
  if (old) {
    let a = arg(i, 1);
    if (isConstInt(a) && (intLow64(a) == 0 || !isZeroOrPow2(a))) { vr.bad("masked_load: alignment must be a power of 2", i); return; }
  }
  if (vType.get(pass) != t) { vr.bad("masked_load: pass through and return type must match", i); return; }
  if (!sameCount(mt, t)) vr.bad("masked_load: vector mask must be same length as return", i);
}
function checkMaskedStore(i: i32): void {
  let old = llvmVersion < 22;
  if (!old && callNumArgs(i) != 3) return;
  let val = arg(i, 0), mask = arg(i, old ? 3 : 2);
  if (val < 0 || mask < 0) return;
  let mt = vType.get(mask);
  if (!isVector(mt)) { vr.bad("masked_store: mask must be vector", i); return; }
  if (old) {
    let a = arg(i, 2);
    if (isConstInt(a) && (intLow64(a) == 0 || !isZeroOrPow2(a))) { vr.bad("masked_store: alignment must be a power of 2", i); return; }
  }
  if (!sameCount(mt, vType.get(val))) vr.bad("masked_store: vector mask must be same length as value", i);
}
// Equal element counts (ElementCount: the known minimum and scalability).
function sameCount(a: i32, b: i32): bool { return isVector(a) && isVector(b) && tyKind.get(a) == tyKind.get(b) && tyN.get(a) == tyN.get(b); }

const FIXED_POINT: string[] = [
  "llvm.smul.fix", "llvm.smul.fix.sat", "llvm.umul.fix", "llvm.umul.fix.sat",
  "llvm.sdiv.fix", "llvm.sdiv.fix.sat", "llvm.udiv.fix", "llvm.udiv.fix.sat",
];
function isFixedPoint(f: i32): bool {
  for (let k = 0; k < FIXED_POINT.length; k++) if (isIntrinsicNamed(f, FIXED_POINT[k])) return true;
  return false;
}
// [us][mul|div].fix[.sat](a, b, i32 scale): integer operands, a scale below (signed) or up to
// (unsigned) their width.
function checkFixedPoint(i: i32, f: i32): void {
  let a = arg(i, 0), b = arg(i, 1), scale = arg(i, 2);
  if (a < 0 || b < 0 || scale < 0) return;
  if (!isInt(scalarType(vType.get(a)))) { vr.fail("first operand of [us][mul|div]_fix[_sat] must be an int type or vector of ints"); return; }
  if (!isInt(scalarType(vType.get(b)))) { vr.fail("second operand of [us][mul|div]_fix[_sat] must be an int type or vector of ints"); return; }
  if (!isConstInt(scale)) return;
  let st = vType.get(scale);
  if (!isInt(st)) { vr.fail("third operand of [us][mul|div]_fix[_sat] must be an int type"); return; }
  if (tyA.get(st) > 32) { vr.fail("third operand of [us][mul|div]_fix[_sat] must fit within 32 bits"); return; }
  let s = intLow64(scale), w = <u64>scalarBits(vType.get(a));
  if (isSignedFixed(f)) {
    if (s >= w) vr.fail("the scale of s[mul|div]_fix[_sat] must be less than the width of the operands");
  } else if (s > w) {
    vr.fail("the scale of u[mul|div]_fix[_sat] must be less than or equal to the width of the operands");
  }
}
// smul.fix[.sat], sdiv.fix[.sat].
function isSignedFixed(f: i32): bool {
  for (let k = 0; k < 2; k++) {
    if (isIntrinsicNamed(f, FIXED_POINT[k]) || isIntrinsicNamed(f, FIXED_POINT[4 + k])) return true;
  }
  return false;
}

// lrint/llrint/lround/llround: floating-point argument, integer result, alike in vector shape. LLVM
// 19 names lrint/llrint in its messages and takes no vector lround/llround.
function checkLRint(i: i32, f: i32, lrint: bool): void {
  let a = arg(i, 0);
  if (a < 0) return;
  let vt = vType.get(a), rt = vType.get(i);
  if (llvmVersion < 22 && !lrint) {
    if (isVector(vt) || isVector(rt)) vr.bad("Intrinsic does not support vectors", i);
    return;
  }
  let pre = llvmVersion < 22 ? "llvm.lrint, llvm.llrint" : strtabString(vName.get(f));
  if (!(isFP(scalarType(vt)) && isInt(scalarType(rt)))) {
    vr.bad(pre + ": argument must be floating-point or vector of floating-points, and result must be integer or vector of integers", i);
    return;
  }
  if (isVector(vt) != isVector(rt)) { vr.bad(pre + ": argument and result disagree on vector use", i); return; }
  if (isVector(vt) && !sameCount(vt, rt)) vr.bad(pre + ": argument must be same length as result", i);
}

// The matrix intrinsics (kind 0 multiply, 1 transpose, 2 column-major load, 3 column-major store):
// shapes agree with the row and column counts, integer or FP elements, a stride of at least the row
// count (LLVM 22: at most 64 bits wide).
function checkMatrix(i: i32, f: i32, kind: i32): void {
  let rows = -1, cols = -1, stride = -1, res = -1, e0 = -1, e1 = -1;
  if (kind == 0) {
    let a = arg(i, 0), b = arg(i, 1), n = arg(i, 3);
    rows = arg(i, 2); cols = arg(i, 4);
    if (a < 0 || b < 0 || !isConstInt(rows) || !isConstInt(n) || !isConstInt(cols)) return;
    let ta = vType.get(a), tb = vType.get(b);
    if (!isVector(ta) || !isVector(tb)) return;
    if (<u64>countOf(ta) != intLow64(rows) * intLow64(n)) { vr.fail("First argument of a matrix operation does not match specified shape!"); return; }
    if (<u64>countOf(tb) != intLow64(n) * intLow64(cols)) { vr.fail("Second argument of a matrix operation does not match specified shape!"); return; }
    res = vType.get(i); e0 = tyA.get(ta); e1 = tyA.get(tb);
  } else if (kind == 1) {
    let a = arg(i, 0);
    rows = arg(i, 1); cols = arg(i, 2);
    if (a < 0 || !isVector(vType.get(a))) return;
    res = vType.get(i); e0 = tyA.get(vType.get(a));
  } else if (kind == 2) {
    stride = arg(i, 1); rows = arg(i, 3); cols = arg(i, 4);
    res = vType.get(i);
  } else {
    let v = arg(i, 0);
    stride = arg(i, 2); rows = arg(i, 4); cols = arg(i, 5);
    if (v < 0) return;
    res = vType.get(v); e0 = isVector(res) ? tyA.get(res) : -1;
  }
  if (!isConstInt(rows) || !isConstInt(cols) || !isVector(res)) return;
  let el = tyA.get(res);
  if (!(isInt(el) || isFP(el))) { vr.bad("Result type must be an integer or floating-point type!", f); return; }
  if (e0 >= 0 && e0 != el) { vr.bad("Vector element type mismatch of the result and first operand vector!", f); return; }
  if (e1 >= 0 && e1 != el) { vr.bad("Vector element type mismatch of the result and second operand vector!", f); return; }
  if (<u64>countOf(res) != intLow64(rows) * intLow64(cols)) { vr.fail("Result of a matrix operation does not fit in the returned vector!"); return; }
  if (!isConstInt(stride)) return;
  if (llvmVersion >= 22 && tyA.get(vType.get(stride)) > 64) { vr.bad("Stride bitwidth cannot exceed 64!", f); return; }
  if (intLow64(stride) < intLow64(rows)) vr.bad("Stride must be greater or equal than the number of rows!", f);
}

// Splices (kind 0: LLVM 19's vector.splice, 1: splice.left, 2: splice.right): the index within the
// vector's known minimum length, times the function's minimum vscale for a scalable vector.
function checkSplice(i: i32, kind: i32): void {
  let t = vType.get(i), c = arg(i, 2);
  if (!isVector(t) || !isConstInt(c)) return;
  let vl = countOf(t);
  let set = fnAttrs(gAttrs.get(vr.curFn));
  let at = setFind(set, ATTR_VSCALE);
  if (at >= 0) vl *= <i64>setV0(set, at);
  let idx = intSExt64(c);
  if (kind == 0) {
    if (!(idx < 0 ? -idx <= vl : idx < vl)) {
      vr.bad("The splice index exceeds the range [-VL, VL-1] where VL is the known minimum number of elements in the vector. For scalable vectors the minimum number of elements is determined from vscale_range.", i);
    }
  } else if (kind == 1) {
    if (!(idx >= 0 && idx < vl)) {
      vr.bad("The splice index exceeds the range [0, VL-1] where VL is the known minimum number of elements in the vector. For scalable vectors the minimum number of elements is determined from vscale_range.", i);
    }
  } else if (!(idx >= 0 && idx <= vl)) {
    vr.bad("The splice index exceeds the range [0, VL] where VL is the known minimum number of elements in the vector. For scalable vectors the minimum number of elements is determined from vscale_range.", i);
  }
}

function checkStepVector(i: i32, msg: string): void {
  let t = vType.get(i);
  if (!(isVector(t) && isInt(tyA.get(t)) && tyA.get(tyA.get(t)) >= 8)) vr.bad(msg, i);
}

// experimental.vector.match(a, b, mask): integer vectors of one element type, b of fixed length,
// an i1 mask as long as a, returned.
function checkVectorMatch(i: i32): void {
  let a = arg(i, 0), b = arg(i, 1), m = arg(i, 2);
  if (a < 0 || b < 0 || m < 0) return;
  let ta = vType.get(a), tb = vType.get(b), tm = vType.get(m);
  if (!(isVector(ta) && isVector(tb) && isVector(tm))) { vr.bad("Operands must be vectors.", i); return; }
  if (isScalable(tb)) { vr.bad("Second operand must be a fixed length vector.", i); return; }
  if (!isInt(tyA.get(ta))) { vr.bad("First operand must be a vector of integers.", i); return; }
  if (tyA.get(ta) != tyA.get(tb)) { vr.bad("First two operands must have the same element type.", i); return; }
  if (!sameCount(ta, tm)) { vr.bad("First operand and mask must have the same number of elements.", i); return; }
  if (tyA.get(tm) != T_I1) { vr.bad("Mask must be a vector of i1's.", i); return; }
  if (vType.get(i) != tm) vr.bad("Return type must match the mask type.", i);
}

// vector.insert(vec, sub, idx) / vector.extract(vec, idx): one element type, an index that is a
// multiple of the part's (minimum) length, no overrun when both are fixed or both scalable.
function checkVectorInsert(i: i32): void {
  let v = arg(i, 0), s = arg(i, 1), c = arg(i, 2);
  if (v < 0 || s < 0 || !isConstInt(c)) return;
  let tv = vType.get(v), ts = vType.get(s);
  if (!isVector(tv) || !isVector(ts)) return;
  let idx = intLow64(c) & 0xffffffff;
  if (tyA.get(tv) != tyA.get(ts)) { vr.bad("vector_insert parameters must have the same element type.", i); return; }
  let sn = <u64>countOf(ts), vn = <u64>countOf(tv);
  if (sn == 0 || idx % sn != 0) { vr.fail("vector_insert index must be a constant multiple of the subvector's known minimum vector length."); return; }
  if (isScalable(tv) == isScalable(ts) && !(idx < vn && idx + sn <= vn)) {
    vr.fail("subvector operand of vector_insert would overrun the vector being inserted into.");
  }
}
function checkVectorExtract(i: i32): void {
  let v = arg(i, 0), c = arg(i, 1);
  if (v < 0 || !isConstInt(c)) return;
  let tv = vType.get(v), tr = vType.get(i);
  if (!isVector(tv) || !isVector(tr)) return;
  let idx = intLow64(c) & 0xffffffff;
  if (tyA.get(tv) != tyA.get(tr)) { vr.bad("vector_extract result must have the same element type as the input vector.", i); return; }
  let rn = <u64>countOf(tr), vn = <u64>countOf(tv);
  if (rn == 0 || idx % rn != 0) { vr.fail("vector_extract index must be a constant multiple of the result type's known minimum vector length."); return; }
  if (isScalable(tv) == isScalable(tr) && !(idx < vn && idx + rn <= vn)) vr.fail("vector_extract would overrun.");
}

// (experimental.)vector.partial.reduce.add(acc, v): v's (minimum) length a multiple of acc's.
function checkPartialReduce(i: i32): void {
  let a = arg(i, 0), v = arg(i, 1);
  if (a < 0 || v < 0) return;
  let ta = vType.get(a), tv = vType.get(v);
  if (!isVector(ta) || !isVector(tv)) return;
  let an = <u64>countOf(ta), vn = <u64>countOf(tv);
  if (an == 0 || vn % an != 0) {
    vr.fail("Invalid vector widths for partial reduction. The width of the input vector must be a positive integer multiple of the width of the accumulator vector.");
  }
}
