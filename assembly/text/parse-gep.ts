// What LLParser checks of a getelementptr (instruction or constant expression) once its operands
// are read: the vector width its indices agree on, a sized source element type, and indices that
// GetElementPtrInst::getIndexedType can follow (struct members by in-range i32 constants).
// The types are asked as they are at this point of the text: a named struct whose body comes
// later is still opaque (unsized), as in LLVM.
import { I32Vec } from "../util/vec";
import { rd } from "./reader";
import {
  TK, tyKind, tyA, tyN, tyFlags, TF_HASBODY, T_I32, listLen, listAt, isInt, isFP, isStruct, scalarType,
} from "../ir/types";
import { typeIsSized, typeIsScalable } from "../ir/datalayout";
import { VK, vKind, vType, operand, numOperands } from "../ir/values";
import { intLow64 } from "../ir/constants";
import { llvmVersion } from "../ir/version";

// The vector width an index adds to those seen (width w, scalable s as bit 62): 0 = still none,
// -1 when it disagrees ("getelementptr vector index has a wrong number of elements").
export function gepWidthWith(width: i64, idxTy: i32): i64 {
  let k = <i32>tyKind.get(idxTy);
  if (k != TK.Vector && k != TK.ScalableVector) return width;
  let w = tyN.get(idxTy) | (k == TK.ScalableVector ? (<i64>1 << 62) : 0);
  if (width != 0 && width != w) return -1;
  return w;
}
export function gepWidthOf(t: i32): i64 { return gepWidthWith(0, t); }

// Type::isSized, without caching (bodies may still come): every member reachable through arrays,
// vectors and structs is sized, and no struct has a scalable member (a struct of one scalable
// vector type repeated is sized). A walk with its own stack (a chain of named structs may be as
// long as the input); a struct met again while its members are walked is recursive: unsized.
export function sizedNow(t: i32): bool {
  let s = sizedStep(t);
  if (s != 2) return s == 1;
  let w = rd.sizedWalk;
  w.newWalk(); w.enter(t);
  rd.scalableWalk.newWalk();
  while (!w.empty()) {
    let parent = w.top();
    let c = w.nextMember();
    if (c < 0) { w.leave(); continue; }
    if (isStruct(parent) && scalableIn(c)) return false;
    s = sizedStep(c);
    if (s == 0) return false;
    if (s == 2) { if (w.onStack(c)) return false; if (!w.seen(c)) w.enter(c); }
  }
  return true;
}
// 0: unsized; 1: sized; 2: sized when its members are (an array, a vector, a struct with a body).
function sizedStep(t: i32): i32 {
  let k = <i32>tyKind.get(t);
  if (k == TK.Int || k == TK.Ptr || k == TK.X86AMX || k == TK.X86MMX || isFP(t)) return 1;
  if (k == TK.Array || k == TK.Vector || k == TK.ScalableVector) return 2;
  if (k == TK.TargetExt) return typeIsSized(t) ? 1 : 0;
  if (k != TK.Struct && k != TK.NamedStruct) return 0;
  if (k == TK.NamedStruct && (tyFlags.get(t) & TF_HASBODY) == 0) return 0;
  let n = listLen(t);
  if (n > 0 && <i32>tyKind.get(listAt(t, 0)) == TK.ScalableVector) {
    let same = true;
    for (let i = 1; i < n; i++) if (listAt(t, i) != listAt(t, 0)) { same = false; break; }
    if (same) return 1;
  }
  return 2;
}

// Type::isScalableTy: a scalable vector, a scalable target type, or an array or struct that holds
// one; a walk with its own stack, each type once.
export function scalableNow(t: i32): bool {
  rd.scalableWalk.newWalk();
  return scalableIn(t);
}
// scalableNow within the current walk of rd.scalableWalk: the types it has done keep their answer
// (sizedNow asks for every struct member).
function scalableIn(t: i32): bool {
  let s = scalableStep(t);
  if (s != 2) return s == 1;
  let w = rd.scalableWalk;
  if (w.seen(t)) return w.flagged(t);   // done, or on the stack: recursive, adds nothing
  w.enter(t);
  while (!w.empty()) {
    let c = w.nextMember();
    if (c < 0) { w.leave(); continue; }
    s = scalableStep(c);
    if (s == 1) w.flag(w.top());
    else if (s == 2 && !w.seen(c)) w.enter(c);
    else if (s == 2 && w.flagged(c)) w.flag(w.top());
  }
  return w.flagged(t);
}
// 0: not scalable; 1: scalable; 2: scalable when a member is (an array, a struct).
function scalableStep(t: i32): i32 {
  let k = <i32>tyKind.get(t);
  if (k == TK.ScalableVector) return 1;
  if (k == TK.TargetExt) return typeIsScalable(t) ? 1 : 0;
  return k == TK.Array || k == TK.Struct || k == TK.NamedStruct ? 2 : 0;
}

// Constant::getSplatValue of a vector constant, or the constant itself; -1 when not a splat.
function splatOf(v: i32): i32 {
  let k = <i32>vKind.get(v);
  if (k == VK.ConstZero) return -2; // zeroinitializer: splat of 0
  if (k != VK.ConstVector) return v;
  let n = numOperands(v);
  if (n == 0) return -1;
  let e = operand(v, 0);
  for (let i = 1; i < n; i++) if (operand(v, i) != e) return -1;
  return e;
}

// StructType::indexValid: a (splat vector of) i32 constant below the member count.
function structIndexValid(st: i32, v: i32): bool {
  let t = vType.get(v);
  if (scalarType(t) != T_I32) return false;
  let k = <i32>tyKind.get(t);
  if (k == TK.ScalableVector) return false;
  let c = k == TK.Vector ? splatOf(v) : v;
  if (c == -2) return listLen(st) > 0;
  if (c < 0 || <i32>vKind.get(c) != VK.ConstInt) return false;
  return intLow64(c) < <u64>listLen(st);
}

// GetElementPtrInst::getIndexedType for the pointer at stack[from] and the indices after it (the
// first index steps over the pointer): false when an index cannot be followed.
export function gepIndicesValid(src: i32, stack: I32Vec, from: i32, to: i32): bool {
  let t = src;
  for (let i = from + 2; i < to; i++) {
    let v = stack.get(i);
    let k = <i32>tyKind.get(t);
    if (k == TK.Struct || k == TK.NamedStruct) {
      if (!structIndexValid(t, v)) return false;
      let c = <i32>tyKind.get(vType.get(v)) == TK.Vector ? splatOf(v) : v;
      t = listAt(t, c == -2 ? 0 : <i32>intLow64(c));
      continue;
    }
    if (!isInt(scalarType(vType.get(v)))) return false;
    if (k == TK.Array || k == TK.Vector || k == TK.ScalableVector) { t = tyA.get(t); continue; }
    return false;
  }
  return true;
}
