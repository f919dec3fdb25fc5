// What global merging may merge: the eligible functions (isEligibleFunction), and the operands it
// may leave out of a function's hash and turn into parameters (LLVM 22's GlobalMergeFunctions
// ignoreOp and its helpers), with the constant questions they ask.
import { fnAttrs, setHasKind, ATTR_NOMERGE, ATTR_ALWAYSINLINE } from "../../ir/attributes";
import { strtab } from "../../ir/module";
import { VK, vKind, vType, vName, vA, iOp, iFlags, iNext, operand, numOperands } from "../../ir/values";
import {
  GK, gKind, gValue, gFirstBlock, gValueType, gFlags, GF_ERASED, GF_DEFINED, gAttrs, gLinkage, Linkage, gCC,
} from "../../ir/globals";
import { TK, tyKind, tyA, tyFlags, TF_VARARG } from "../../ir/types";
import { intWordCount, intWord, fpWord } from "../../ir/constants";
import { Op, F_TAIL_SHIFT, isCallLike } from "../../ir/opcodes";
import { callNumBundles, bundleTag, bundleNumOps, bundleFirstOp } from "../../ir/inst";
import { llvmNumOperands, arenaOperandIndex, llvmOperand, isConstantValue } from "./llvm-numbering";

// Which operands are left out of the hash (and recorded with their index pair).
export const enum IgnoreRule {
  None = 0,          // StructuralHash(F, /*DetailedHash=*/true)
  CallConstants = 1, // print<structural-hash><call-target-ignored>: constant operands of calls
  MergeConstants = 2 // GlobalMergeFunctions' ignoreOp: constants it can turn into parameters
}

// ---- constant questions ----

export function startsWith(s: i32, pre: string): bool {
  let n = strtab.lenOf(s), m = pre.length;
  if (n < m) return false;
  let p = strtab.ptrOf(s);
  for (let i = 0; i < m; i++) if (<i32>load<u8>(p + <usize>i) != pre.charCodeAt(i)) return false;
  return true;
}
export function nameStartsWith(v: i32, pre: string): bool { let nm = vName.get(v); return nm >= 0 && startsWith(nm, pre); }

// Constant::isNullValue: zero integers, +0.0, null pointers, zeroinitializer, token none.
export function isNull(c: i32): bool {
  let k = <i32>vKind.get(c);
  if (k == VK.ConstZero || k == VK.ConstNull || k == VK.ConstNone) return true;
  if (k == VK.ConstInt) { let n = intWordCount(c); for (let i = 0; i < n; i++) if (intWord(c, i) != 0) return false; return true; }
  if (k == VK.ConstFP) { for (let i = 0; i < 4; i++) if (fpWord(c, i) != 0) return false; return true; }
  return false;
}
// The bit width of a floating-point type (bitcastToAPInt).
export function fpWidth(t: i32): i32 {
  switch (<i32>tyKind.get(t)) {
    case TK.Half: case TK.BFloat: return 16;
    case TK.Float: return 32;
    case TK.Double: return 64;
    case TK.X86FP80: return 80;
    default: return 128;
  }
}
// ConstantDataSequential::isElementTypeCompatible: i8/i16/i32/i64, half/bfloat/float/double.
function isDataElementType(t: i32): bool {
  let k = <i32>tyKind.get(t);
  if (k == TK.Int) { let w = tyA.get(t); return w == 8 || w == 16 || w == 32 || w == 64; }
  return k == TK.Half || k == TK.BFloat || k == TK.Float || k == TK.Double;
}
// Whether LLVM holds aggregate c as a ConstantDataArray / ConstantDataVector: an array or fixed
// vector of a compatible element type whose elements are all integers or floats.
export function isDataSequential(c: i32): bool {
  let k = <i32>vKind.get(c);
  if (k == VK.ConstData) return true;
  if (k != VK.ConstArray && k != VK.ConstVector) return false;
  let t = vType.get(c);
  let tk = <i32>tyKind.get(t);
  if (tk != TK.Array && tk != TK.Vector) return false;
  if (!isDataElementType(tyA.get(t))) return false;
  let n = numOperands(c);
  for (let i = 0; i < n; i++) {
    let ek = <i32>vKind.get(operand(c, i));
    if (ek != VK.ConstInt && ek != VK.ConstFP) return false;
  }
  return true;
}
// ConstantDataSequential::isString: an array of i8.
export function isString(c: i32): bool {
  if (!isDataSequential(c)) return false;
  let t = vType.get(c);
  return <i32>tyKind.get(t) == TK.Array && <i32>tyKind.get(tyA.get(t)) == TK.Int && tyA.get(tyA.get(t)) == 8;
}

// ---- ignore rules ----

// Value::stripPointerCasts over constants: bitcasts, address space casts, all-zero GEPs.
export function stripPointerCasts(v: i32): i32 {
  for (let steps = 0; steps < 64 && v >= 0; steps++) {
    if (<i32>vKind.get(v) != VK.ConstExpr) return v;
    let op = <i32>iOp.get(v);
    if (op == Op.BitCast || op == Op.AddrSpaceCast) { v = operand(v, 0); continue; }
    if (op == Op.GetElementPtr) {
      let n = numOperands(v), zero = true;
      for (let i = 1; i < n; i++) if (!isNull(operand(v, i))) { zero = false; break; }
      if (zero) { v = operand(v, 0); continue; }
    }
    return v;
  }
  return v;
}
function bundleIs(i: i32, b: i32, tag: string): bool {
  let t = bundleTag(i, b);
  return t >= 0 && strtab.eqStr(t, tag);
}
// canParameterizeCallOperand: not for inline asm, intrinsics, objc_msgSend$ stubs or dtrace
// probes; not the callee of a call signed by a ptrauth bundle; not the target in a
// clang.arc.attachedcall bundle. k is LLVM's operand index.
export function canParameterizeCallOperand(i: i32, k: i32): bool {
  let callee = operand(i, 0);
  if (callee < 0) return true;
  if (<i32>vKind.get(callee) == VK.InlineAsm) return false;
  let f = stripPointerCasts(callee);
  if (f >= 0 && <i32>vKind.get(f) == VK.Function) {
    let nm = vName.get(f);
    if (nm >= 0 && (startsWith(nm, "llvm.") || startsWith(nm, "objc_msgSend$") || startsWith(nm, "__dtrace"))) return false;
  }
  let nb = callNumBundles(i);
  let slot = arenaOperandIndex(i, k);
  if (slot == 0) {
    for (let b = 0; b < nb; b++) if (bundleIs(i, b, "ptrauth")) return false;
  } else {
    for (let b = 0; b < nb; b++) {
      let s = bundleFirstOp(i, b);
      if (slot >= s && slot < s + bundleNumOps(i, b) && bundleIs(i, b, "clang.arc.attachedcall")) return false;
    }
  }
  return true;
}
// GlobalMergeFunctions' ignoreOp: a constant operand of a load, store, call or invoke (for calls,
// one canParameterizeCallOperand allows).
export function mergeIgnores(i: i32, k: i32): bool {
  if (k >= llvmNumOperands(i)) return false;
  let op = <i32>iOp.get(i);
  if (op != Op.Load && op != Op.Store && op != Op.Call && op != Op.Invoke) return false;
  if (!isConstantValue(llvmOperand(i, k))) return false;
  if (op == Op.Call || op == Op.Invoke) return canParameterizeCallOperand(i, k);
  return true;
}
export function ignores(rule: IgnoreRule, i: i32, k: i32): bool {
  if (rule == IgnoreRule.MergeConstants) return mergeIgnores(i, k);
  if (rule == IgnoreRule.CallConstants) return <i32>iOp.get(i) == Op.Call && isConstantValue(llvmOperand(i, k));
  return false;
}

// ---- eligibility: the functions global merging may merge ----

export const CC_SWIFTTAIL: i32 = 20;
export function isLiveFunction(g: i32): bool {
  return <i32>gKind.get(g) == GK.Func && (gFlags.get(g) & GF_ERASED) == 0;
}
// isEligibleFunction (LLVM 22).
export function isEligible(g: i32): bool {
  if ((gFlags.get(g) & GF_DEFINED) == 0 || gFirstBlock.get(g) < 0) return false;
  let fa = fnAttrs(gAttrs.get(g));
  if (setHasKind(fa, ATTR_NOMERGE) || setHasKind(fa, ATTR_ALWAYSINLINE)) return false;
  if (<i32>gLinkage.get(g) == Linkage.Available) return false;
  if ((tyFlags.get(gValueType.get(g)) & TF_VARARG) != 0) return false;
  if (gCC.get(g) == CC_SWIFTTAIL) return false;
  let nm = vName.get(gValue.get(g));
  if (nm < 0 || strtab.lenOf(nm) == 0) return false;
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
      if (isCallLike(<i32>iOp.get(i)) && ((iFlags.get(i) >> F_TAIL_SHIFT) & 3) == 2) return false;
    }
  }
  return true;
}
