// FunctionComparator (llvm/lib/Transforms/Utils/FunctionComparator.cpp, LLVM 19 semantics):
// a total order on functions, -1 / 0 / 1, most significant difference first. Two functions
// compare 0 exactly when opt-19 would consider them mergeable.
//
// Values local to the two functions are associated by serial numbers given on first sight
// (two dense arrays indexed by value id, cleared in O(1) by a generation stamp, instead of LLVM's
// maps). Globals are numbered on first sight for the whole run (GlobalNumberState). Types compare
// with `ptr` in address space 0 equal to the pointer-sized integer of the data layout.
import { I32Vec, U8Vec } from "../../util/vec";
import { zext64 } from "../../util/bits";
import {
  VK, vKind, vType, vA, vB, iOp, iFlags, iAux, iExt, iNext, iMD, operand, numOperands, ext, valueCount,
} from "../../ir/values";
import {
  TK, tyKind, tyA, tyN, tyFlags, listLen, listAt, intType, TF_PACKED, TF_VARARG, isFirstClass, isVector, isPtr,
  scalarType, memberCount, primitiveSizeInBits,
} from "../../ir/types";
import { gValue, gAttrs, gGC, gSection, gCC, gValueType, gFirstBlock, gFirstArg, gNumArgs } from "../../ir/globals";
import { intWord, intWordCount, fpWord, intSExt64, intLow64, gepExprSourceType, gepExprHasInRange, gepExprInRangeLo, gepExprInRangeHi } from "../../ir/constants";
import { attrLists, setSize, setTag, setKey, setV0, setV1, AT, FIRST_RANGELIST_ATTR } from "../../ir/attributes";
import { mdKind, mdA, mdOps, mdNOps, mdPool, MK, FV_MD, attKind, attMD, attNext, MDK_DBG, MDK_RANGE, findAttachment, canonicalMD } from "../../ir/metadata";
import {
  Op, F_NUW, F_NSW, F_EXACT, F_DISJOINT, F_NNEG, F_SAMESIGN, F_FMF_SHIFT, FMF_ALL, F_VOLATILE, F_WEAK, F_TAIL_SHIFT,
  F_INBOUNDS, F_GEP_NUSW, F_GEP_NUW,
} from "../../ir/opcodes";
import {
  alignBytes, ordering, failureOrdering, predicate, syncScope, callAttrs, callCC, callNumBundles, bundleTag,
  bundleNumOps, listCount, listItem,
} from "../../ir/inst";
import { strtab } from "../../ir/module";
import { pointerSizeInBits, indexSizeInBits, typeAllocSize, typeStoreSize, typeIsScalable, structMemberOffset } from "../../ir/datalayout";
import { VisitSet, terminatorOf, numSuccessors, successor, llvmOpcode, localLo, localHi } from "./hash";

// ---- state ----

// Serial numbers for the local values of one side's function: num[v - lo] is valid when
// stamp[v - lo] == gen. (A value outside the function's range, which valid IR never uses, gets
// a number from its id, far above any serial number.)
@final class SerialMap {
  num: Int32Array = new Int32Array(0);
  stamp: Int32Array = new Int32Array(0);
  gen: i32 = 0;
  count: i32 = 0;
  lo: i32 = 0;
  hi: i32 = -1;
  begin(g: i32): void {
    this.lo = localLo(g); this.hi = localHi(g);
    let n = this.hi - this.lo + 1;
    if (this.num.length < n) {
      let c = this.num.length < 256 ? 256 : this.num.length;
      while (c < n) c <<= 1;
      this.num = new Int32Array(c); this.stamp = new Int32Array(c); this.gen = 0;
    }
    this.gen++;
    if (this.gen == 0x7fffffff) { this.stamp.fill(0); this.gen = 1; }
    this.count = 0;
  }
  // The serial number of v, assigning the next one on first sight.
  @inline get(v: i32): i32 {
    if (v < this.lo || v > this.hi) return 0x40000000 + v;
    let k = v - this.lo;
    if (unchecked(this.stamp[k]) == this.gen) return unchecked(this.num[k]);
    unchecked(this.stamp[k] = this.gen);
    let n = this.count++;
    unchecked(this.num[k] = n);
    return n;
  }
}

let snL: SerialMap = new SerialMap();
let snR: SerialMap = new SerialMap();
let visited: VisitSet = new VisitSet();
let stackL: I32Vec = new I32Vec(64);
let stackR: I32Vec = new I32Vec(64);
let fnL: i32 = -1, fnR: i32 = -1;          // function value ids
let intPtrTy: i32 = -1;
let globalNum: I32Vec = new I32Vec(64);   // global index -> number, -1 = not numbered yet
let nextGlobalNum: i32 = 0;
let bytesL: U8Vec = new U8Vec(64);
let bytesR: U8Vec = new U8Vec(64);
let needToCmpOperands: bool = true;

export function resetComparator(): void {
  snL = new SerialMap(); snR = new SerialMap(); visited = new VisitSet();
  stackL = new I32Vec(64); stackR = new I32Vec(64);
  fnL = -1; fnR = -1; intPtrTy = -1;
  globalNum = new I32Vec(64); nextGlobalNum = 0;
  bytesL = new U8Vec(64); bytesR = new U8Vec(64);
}
// Starts a run: the data layout is fixed from here on. GlobalNumberState is cleared.
export function beginComparatorRun(): void {
  intPtrTy = intType(pointerSizeInBits(0));
  globalNum = new I32Vec(64); nextGlobalNum = 0;
}
// GlobalNumberState::erase.
export function eraseGlobalNumber(g: i32): void { if (g < globalNum.len) globalNum.set(g, -1); }

// ---- numbers ----

@inline function cmpI(l: i64, r: i64): i32 { return l < r ? -1 : l > r ? 1 : 0; }
@inline function cmpU(l: u64, r: u64): i32 { return l < r ? -1 : l > r ? 1 : 0; }
@inline function cmpB(l: bool, r: bool): i32 { return l == r ? 0 : (l ? 1 : -1); }

// StringRef comparison of two interned strings: size first, then bytes (cmpMem).
function cmpMem(l: i32, r: i32): i32 {
  if (l == r) return 0;
  let res = cmpI(strtab.lenOf(l), strtab.lenOf(r));
  if (res != 0) return res;
  let c = memory.compare(strtab.ptrOf(l), strtab.ptrOf(r), <usize>strtab.lenOf(l));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}
// StringRef::compare: bytes, then length.
function cmpStr(l: i32, r: i32): i32 { return l == r ? 0 : strtab.compare(l, r); }

// ---- types ----

// LLVM 19's Type::TypeID order (named and literal structs are both StructTyID).
function typeId(t: i32): i32 {
  switch (<i32>tyKind.get(t)) {
    case TK.Half: return 0; case TK.BFloat: return 1; case TK.Float: return 2; case TK.Double: return 3;
    case TK.X86FP80: return 4; case TK.FP128: return 5; case TK.PPCFP128: return 6; case TK.Void: return 7;
    case TK.Label: return 8; case TK.Metadata: return 9; case TK.X86MMX: return 10; case TK.X86AMX: return 11;
    case TK.Token: return 12; case TK.Int: return 13; case TK.Function: return 14; case TK.Ptr: return 15;
    case TK.Struct: case TK.NamedStruct: return 16; case TK.Array: return 17; case TK.Vector: return 18;
    case TK.ScalableVector: return 19; default: return 21;
  }
}

export function cmpTypes(l: i32, r: i32): i32 {
  if (<i32>tyKind.get(l) == TK.Ptr && tyA.get(l) == 0) l = intPtrTy;
  if (<i32>tyKind.get(r) == TK.Ptr && tyA.get(r) == 0) r = intPtrTy;
  if (l == r) return 0;
  let res = cmpI(typeId(l), typeId(r));
  if (res != 0) return res;
  let k = <i32>tyKind.get(l);
  switch (k) {
    case TK.Int: case TK.Ptr: return cmpI(tyA.get(l), tyA.get(r));
    case TK.Struct: case TK.NamedStruct: {
      let n = listLen(l);
      if (n != listLen(r)) return cmpI(n, listLen(r));
      let pl = (tyFlags.get(l) & TF_PACKED) != 0, pr = (tyFlags.get(r) & TF_PACKED) != 0;
      if (pl != pr) return cmpB(pl, pr);
      for (let i = 0; i < n; i++) { res = cmpTypes(listAt(l, i), listAt(r, i)); if (res != 0) return res; }
      return 0;
    }
    case TK.Function: {
      let n = listLen(l);
      if (n != listLen(r)) return cmpI(n, listLen(r));
      let vl = (tyFlags.get(l) & TF_VARARG) != 0, vr = (tyFlags.get(r) & TF_VARARG) != 0;
      if (vl != vr) return cmpB(vl, vr);
      res = cmpTypes(tyA.get(l), tyA.get(r)); if (res != 0) return res;
      for (let i = 0; i < n; i++) { res = cmpTypes(listAt(l, i), listAt(r, i)); if (res != 0) return res; }
      return 0;
    }
    case TK.Array: case TK.Vector: case TK.ScalableVector: {
      if (tyN.get(l) != tyN.get(r)) return cmpI(tyN.get(l), tyN.get(r));
      return cmpTypes(tyA.get(l), tyA.get(r));
    }
    case TK.TargetExt: {
      // LLVM 19 has no order for these (unreachable); any consistent order will do.
      res = cmpStr(tyA.get(l), tyA.get(r)); if (res != 0) return res;
      let n = listLen(l);
      if (n != listLen(r)) return cmpI(n, listLen(r));
      for (let i = 0; i < n; i++) { res = cmpI(listAt(l, i), listAt(r, i)); if (res != 0) return res; }
      return cmpI(tyN.get(l), tyN.get(r));
    }
    default: return 0;
  }
}

// ---- constants ----

@inline function isGlobalValue(v: i32): bool { let k = <i32>vKind.get(v); return k >= VK.GlobalVar && k <= VK.IFunc; }
@inline function isConstantValue(v: i32): bool { let k = <i32>vKind.get(v); return k >= VK.GlobalVar && k <= VK.PtrAuth; }

// Constant::isNullValue.
function isNullConst(c: i32): bool {
  let k = <i32>vKind.get(c);
  if (k == VK.ConstZero || k == VK.ConstNull || k == VK.ConstNone) return true;
  if (k == VK.ConstInt) { let n = intWordCount(c); for (let i = 0; i < n; i++) if (intWord(c, i) != 0) return false; return true; }
  if (k == VK.ConstFP) { for (let i = 0; i < 4; i++) if (fpWord(c, i) != 0) return false; return true; }
  return false;
}
// Whether an array/vector constant is a ConstantDataSequential in LLVM: elements of a data element
// type (i8/i16/i32/i64, half, bfloat, float, double), all simple integer / FP constants.
function isDataSequential(c: i32): bool {
  let k = <i32>vKind.get(c);
  if (k == VK.ConstData) return true;
  if (k != VK.ConstArray && k != VK.ConstVector) return false;
  let e = tyA.get(vType.get(c));
  let ek = <i32>tyKind.get(e);
  let ok = ek == TK.Half || ek == TK.BFloat || ek == TK.Float || ek == TK.Double;
  if (ek == TK.Int) { let w = tyA.get(e); ok = w == 8 || w == 16 || w == 32 || w == 64; }
  if (!ok) return false;
  let n = numOperands(c);
  for (let i = 0; i < n; i++) { let ok2 = <i32>vKind.get(operand(c, i)); if (ok2 != VK.ConstInt && ok2 != VK.ConstFP) return false; }
  return true;
}
// Value::getValueID order of LLVM 19 for constants.
function valueId(c: i32): i32 {
  switch (<i32>vKind.get(c)) {
    case VK.Function: return 5; case VK.Alias: return 6; case VK.IFunc: return 7; case VK.GlobalVar: return 8;
    case VK.BlockAddress: return 9; case VK.ConstExpr: return 10; case VK.DSOLocalEquiv: return 11;
    case VK.NoCFI: return 12; case VK.PtrAuth: return 13;
    case VK.ConstArray: return isDataSequential(c) ? 20 : 14;
    case VK.ConstStruct: return 15;
    case VK.ConstVector: return isDataSequential(c) ? 21 : 16;
    case VK.ConstUndef: return 17; case VK.ConstPoison: return 18; case VK.ConstZero: return 19;
    case VK.ConstData: return 20; case VK.ConstInt: return 22; case VK.ConstFP: return 23;
    case VK.ConstNull: return 25; case VK.ConstNone: return 26;
    default: return 30;
  }
}
// The raw data of a ConstantDataSequential (host little-endian element bytes).
function dataBytes(c: i32, out: U8Vec): void {
  out.clear();
  if (<i32>vKind.get(c) == VK.ConstData) {
    let s = vA.get(c);
    let p = strtab.ptrOf(s), n = strtab.lenOf(s);
    for (let i = 0; i < n; i++) out.push(load<u8>(p + <usize>i));
    return;
  }
  let e = tyA.get(vType.get(c));
  let bytes = <i32>(primitiveSizeInBits(e) >> 3);
  let n = numOperands(c);
  for (let i = 0; i < n; i++) {
    let x = operand(c, i);
    let isInt = <i32>vKind.get(x) == VK.ConstInt;
    for (let b = 0; b < bytes; b++) {
      let w = isInt ? intWord(x, b >> 2) : fpWord(x, b >> 2);
      out.push(<u8>(w >>> ((b & 3) << 3)));
    }
  }
}
function cmpBytes(l: U8Vec, r: U8Vec): i32 {
  let res = cmpI(l.len, r.len);
  if (res != 0) return res;
  let c = memory.compare(l.ptr, r.ptr, <usize>l.len);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

// APInt comparison: bit width first, then unsigned value.
function cmpAPInts(l: i32, r: i32): i32 {
  let res = cmpI(tyA.get(scalarType(vType.get(l))), tyA.get(scalarType(vType.get(r))));
  if (res != 0) return res;
  let n = intWordCount(l) > intWordCount(r) ? intWordCount(l) : intWordCount(r);
  for (let i = n - 1; i >= 0; i--) {
    let a = zext64(intWord(l, i)), b = zext64(intWord(r, i));
    if (a != b) return a < b ? -1 : 1;
  }
  return 0;
}
// APFloat comparison: semantics, then the bit pattern as an unsigned integer.
function cmpAPFloats(l: i32, r: i32): i32 {
  let res = cmpI(typeId(vType.get(l)), typeId(vType.get(r)));
  if (res != 0) return res;
  for (let i = 3; i >= 0; i--) {
    let a = zext64(fpWord(l, i)), b = zext64(fpWord(r, i));
    if (a != b) return a < b ? -1 : 1;
  }
  return 0;
}

export function cmpGlobalValues(l: i32, r: i32): i32 {
  return cmpI(globalNumber(vA.get(l)), globalNumber(vA.get(r)));
}
function globalNumber(g: i32): i32 {
  if (g >= globalNum.len) globalNum.resize(g + 1, -1);
  let n = globalNum.get(g);
  if (n < 0) { n = nextGlobalNum++; globalNum.set(g, n); }
  return n;
}

export function cmpConstants(l: i32, r: i32): i32 {
  let tl = vType.get(l), tr = vType.get(r);
  let typesRes = cmpTypes(tl, tr);
  if (typesRes != 0) {
    // Different types: go on only when they are losslessly bitcastable.
    if (!isFirstClass(tl)) return isFirstClass(tr) ? -1 : typesRes;
    if (!isFirstClass(tr)) return 1;
    let wl: i64 = isVector(tl) ? primitiveSizeInBits(tl) : 0;
    let wr: i64 = isVector(tr) ? primitiveSizeInBits(tr) : 0;
    if (wl != wr) return cmpI(wl, wr);
    if (wl == 0) {
      let pl = isPtr(tl), pr = isPtr(tr);
      if (pl && pr) { let res = cmpI(tyA.get(tl), tyA.get(tr)); if (res != 0) return res; }
      if (pl) return 1;
      if (pr) return -1;
      return typesRes;
    }
  }
  let nl = isNullConst(l), nr = isNullConst(r);
  if (nl && nr) return typesRes;
  if (nl) return 1;
  if (nr) return -1;
  if (isGlobalValue(l) && isGlobalValue(r)) return cmpGlobalValues(l, r);
  let il = valueId(l), ir = valueId(r);
  if (il != ir) return cmpI(il, ir);
  if (il == 20 || il == 21) { dataBytes(l, bytesL); dataBytes(r, bytesR); return cmpBytes(bytesL, bytesR); }
  let res = 0;
  switch (<i32>vKind.get(l)) {
    case VK.ConstUndef: case VK.ConstPoison: case VK.ConstNone: return typesRes;
    case VK.ConstInt: return cmpAPInts(l, r);
    case VK.ConstFP: return cmpAPFloats(l, r);
    case VK.ConstArray: case VK.ConstStruct: case VK.ConstVector: {
      let n = memberCount(tl), m = memberCount(tr);
      if (n != m) return cmpI(n, m);
      let k = numOperands(l);
      for (let i = 0; i < k; i++) { res = cmpConstants(operand(l, i), operand(r, i)); if (res != 0) return res; }
      return 0;
    }
    case VK.ConstExpr: {
      res = cmpI(llvmOpcode(<i32>iOp.get(l)), llvmOpcode(<i32>iOp.get(r))); if (res != 0) return res;
      let n = numOperands(l);
      res = cmpI(n, numOperands(r)); if (res != 0) return res;
      for (let i = 0; i < n; i++) { res = cmpConstants(operand(l, i), operand(r, i)); if (res != 0) return res; }
      let op = <i32>iOp.get(l);
      if (op == Op.GetElementPtr) {
        res = cmpTypes(gepExprSourceType(l), gepExprSourceType(r)); if (res != 0) return res;
        const GEPF = F_INBOUNDS | F_GEP_NUSW | F_GEP_NUW;
        res = cmpI(iFlags.get(l) & GEPF, iFlags.get(r) & GEPF); if (res != 0) return res;
        let hl = gepExprHasInRange(l), hr = gepExprHasInRange(r);
        if (hl) {
          if (!hr) return 1;
          // cmpAPInts on the index-width bounds: unsigned order
          res = cmpU(<u64>gepExprInRangeLo(l), <u64>gepExprInRangeLo(r)); if (res != 0) return res;
          return cmpU(<u64>gepExprInRangeHi(l), <u64>gepExprInRangeHi(r));
        } else if (hr) return -1;
      }
      if (op == Op.Add || op == Op.Sub || op == Op.Mul || op == Op.Shl || op == Op.Trunc) {
        res = cmpB((iFlags.get(l) & F_NUW) != 0, (iFlags.get(r) & F_NUW) != 0); if (res != 0) return res;
        res = cmpB((iFlags.get(l) & F_NSW) != 0, (iFlags.get(r) & F_NSW) != 0); if (res != 0) return res;
      }
      if (op == Op.ICmp || op == Op.FCmp) return cmpI(iAux.get(l), iAux.get(r));
      return 0;
    }
    case VK.BlockAddress: {
      let fl = operand(l, 0), fr = operand(r, 0);
      res = cmpValues(fl, fr); if (res != 0) return res;
      let bl = operand(l, 1), br = operand(r, 1);
      if (fl == fr) {
        if (bl == br) return 0;
        // Blocks of one function: by their order in the function.
        for (let b = gFirstBlock.get(vA.get(fl)); b >= 0; b = iNext.get(b)) {
          if (b == bl) return -1;
          if (b == br) return 1;
        }
        return -1;
      }
      return cmpValues(bl, br);
    }
    case VK.DSOLocalEquiv: case VK.NoCFI: return cmpGlobalValues(operand(l, 0), operand(r, 0));
    case VK.PtrAuth: {
      let n = numOperands(l);
      res = cmpI(n, numOperands(r)); if (res != 0) return res;
      for (let i = 0; i < n; i++) { res = cmpConstants(operand(l, i), operand(r, i)); if (res != 0) return res; }
      return 0;
    }
    default: return typesRes;
  }
}

// ---- metadata ----

// The constant a `ConstantAsMetadata` node wraps, else -1.
function constOfMD(m: i32): i32 {
  if (m < 0 || <i32>mdKind.get(m) != MK.Value) return -1;
  let v = mdA.get(m);
  return v >= 0 && isConstantValue(v) ? v : -1;
}
// cmpMetadata: strings by content, constants by cmpConstants; everything else compares equal.
function cmpMetadata(l: i32, r: i32): i32 {
  let sl = l >= 0 && <i32>mdKind.get(l) == MK.String, sr = r >= 0 && <i32>mdKind.get(r) == MK.String;
  if (sl && sr) return l == r ? 0 : cmpStr(mdA.get(l), mdA.get(r));
  if (sr) return -1;
  if (sl) return 1;
  let cl = constOfMD(l), cr = constOfMD(r);
  if (cl == cr) return 0;
  if (cl < 0) return -1;
  if (cr < 0) return 1;
  return cmpConstants(cl, cr);
}
function mdNumOperands(m: i32): i32 {
  let k = <i32>mdKind.get(m);
  return k == MK.Tuple || k == MK.ArgList || k == MK.Node ? mdNOps.get(m) : 0;
}
function mdOperand(m: i32, i: i32): i32 {
  let k = <i32>mdKind.get(m);
  if (k == MK.Node) {
    let s = mdOps.get(m) + 3 * i;
    return mdPool.get(s + 1) == FV_MD ? mdPool.get(s + 2) : -1;
  }
  return mdPool.get(mdOps.get(m) + i);
}
function cmpMDNode(l: i32, r: i32): i32 {
  if (l == r) return 0;
  if (l < 0) return -1;
  if (r < 0) return 1;
  let n = mdNumOperands(l);
  let res = cmpI(n, mdNumOperands(r));
  if (res != 0) return res;
  for (let i = 0; i < n; i++) { res = cmpMetadata(mdOperand(l, i), mdOperand(r, i)); if (res != 0) return res; }
  return 0;
}
// cmpInstMetadata: all attachments but !dbg, in kind order.
function cmpInstMetadata(l: i32, r: i32): i32 {
  let nl = 0, nr = 0;
  for (let a = iMD.get(l); a >= 0; a = attNext.get(a)) if (attKind.get(a) != MDK_DBG) nl++;
  for (let a = iMD.get(r); a >= 0; a = attNext.get(a)) if (attKind.get(a) != MDK_DBG) nr++;
  if (nl != nr) return nl > nr ? 1 : -1;
  let a = iMD.get(l), b = iMD.get(r);
  while (true) {
    while (a >= 0 && attKind.get(a) == MDK_DBG) a = attNext.get(a);
    while (b >= 0 && attKind.get(b) == MDK_DBG) b = attNext.get(b);
    if (a < 0 || b < 0) return 0;
    let res = cmpI(attKind.get(a), attKind.get(b)); if (res != 0) return res;
    res = cmpMDNode(attMD.get(a), attMD.get(b)); if (res != 0) return res;
    a = attNext.get(a); b = attNext.get(b);
  }
  return 0;
}

// ---- attributes ----

// Attribute::operator< as a three-way comparison: enum/int attributes (by kind, then value)
// before string attributes (by key, then value; an absent value is the empty string).
function cmpAttr(sl: i32, i: i32, sr: i32, j: i32): i32 {
  let tl = setTag(sl, i), tr = setTag(sr, j);
  let strL = tl == AT.String, strR = tr == AT.String;
  if (strL != strR) return strL ? 1 : -1;
  if (!strL) {
    let res = cmpI(setKey(sl, i), setKey(sr, j)); if (res != 0) return res;
    res = cmpI(setV0(sl, i), setV0(sr, j)); if (res != 0) return res;
    return cmpI(setV1(sl, i), setV1(sr, j));
  }
  let res = cmpStr(setKey(sl, i), setKey(sr, j)); if (res != 0) return res;
  let vl = setV0(sl, i), vr = setV0(sr, j);
  if (vl == vr) return 0;
  let lenL = vl < 0 ? 0 : strtab.lenOf(vl), lenR = vr < 0 ? 0 : strtab.lenOf(vr);
  if (lenL == 0 && lenR == 0) return 0;
  if (lenL == 0) return -1;
  if (lenR == 0) return 1;
  return cmpStr(vl, vr);
}
// `range(iN lo, hi)` attributes: by width, then lower, then upper bound (as unsigned N-bit values;
// bounds beyond 64 bits compare by text).
let rangeVals: StaticArray<i64> = new StaticArray<i64>(3);
function parseRange(text: i32): bool {
  let p = strtab.ptrOf(text), n = strtab.lenOf(text);
  let k = 0, i = 0;
  while (i < n && k < 3) {
    let c = <i32>load<u8>(p + <usize>i);
    if (c == 105 /* i */ && k == 0) { i++; let w: i64 = 0; while (i < n && load<u8>(p + <usize>i) >= 48 && load<u8>(p + <usize>i) <= 57) { w = w * 10 + <i64>(load<u8>(p + <usize>i) - 48); i++; } unchecked(rangeVals[0] = w); k = 1; continue; }
    if (k > 0 && (c == 45 || (c >= 48 && c <= 57))) {
      let neg = c == 45; if (neg) i++;
      let v: u64 = 0, digits = 0;
      while (i < n && load<u8>(p + <usize>i) >= 48 && load<u8>(p + <usize>i) <= 57) { v = v * 10 + <u64>(load<u8>(p + <usize>i) - 48); i++; digits++; if (digits > 19) return false; }
      unchecked(rangeVals[k] = neg ? -<i64>v : <i64>v); k++;
      continue;
    }
    i++;
  }
  return k == 3 && unchecked(rangeVals[0]) <= 64;
}
function cmpRangeText(l: i32, r: i32): i32 {
  if (l == r) return 0;
  if (!parseRange(l)) return cmpStr(l, r);
  let w = unchecked(rangeVals[0]), lo = <u64>unchecked(rangeVals[1]), hi = <u64>unchecked(rangeVals[2]);
  if (!parseRange(r)) return cmpStr(l, r);
  let w2 = unchecked(rangeVals[0]), lo2 = <u64>unchecked(rangeVals[1]), hi2 = <u64>unchecked(rangeVals[2]);
  if (w != w2) return cmpI(w, w2);
  let mask: u64 = w >= 64 ? <u64>-1 : (<u64>1 << <u64>w) - 1;
  let res = cmpU(lo & mask, lo2 & mask); if (res != 0) return res;
  return cmpU(hi & mask, hi2 & mask);
}
// Ranges in the canonical text of a range list: `(0, 1), (2, 3)`.
function rangeCount(text: i32): i32 {
  if (text < 0) return 0;
  let p = strtab.ptrOf(text), n = strtab.lenOf(text), c = 0;
  for (let i = 0; i < n; i++) if (load<u8>(p + <usize>i) == 40) c++;
  return c;
}
export function cmpAttrs(l: i32, r: i32): i32 {
  let nl = l < 0 ? 0 : attrLists.lenOf(l), nr = r < 0 ? 0 : attrLists.lenOf(r);
  if (nl != nr) return cmpI(nl, nr);
  for (let s = 0; s < nl; s++) {
    let sl = attrLists.at(l, s), sr = attrLists.at(r, s);
    if (sl == sr) continue;
    let cl = setSize(sl), cr = setSize(sr);
    let i = 0;
    for (; i < cl && i < cr; i++) {
      let tl = setTag(sl, i), tr = setTag(sr, i);
      if (tl == AT.Type && tr == AT.Type) {
        if (setKey(sl, i) != setKey(sr, i)) return cmpI(setKey(sl, i), setKey(sr, i));
        let yl = setV0(sl, i), yr = setV0(sr, i);
        if (yl >= 0 && yr >= 0) { let res = cmpTypes(yl, yr); if (res != 0) return res; continue; }
        let res = cmpI(yl, yr); if (res != 0) return res;
        continue;
      }
      if (tl == AT.Range && tr == AT.Range) {
        if (setKey(sl, i) != setKey(sr, i)) return cmpI(setKey(sl, i), setKey(sr, i));
        if (setKey(sl, i) == FIRST_RANGELIST_ATTR) {
          // Range lists (`initializes`): LLVM 19 orders them by the list's length plus four bytes of
          // padding (Attribute::operator< reads them as an integer attribute's value), so its answer
          // depends on the allocator (reading the test from stdin, as lit does, it keeps (0, 1) and
          // (0, 2) apart; from a file it merges them). The lists are compared whole here, as later
          // LLVM does by design.
          let res = cmpI(rangeCount(setV0(sl, i)), rangeCount(setV0(sr, i))); if (res != 0) return res;
          res = cmpStr(setV0(sl, i), setV0(sr, i)); if (res != 0) return res;
          continue;
        }
        let res = cmpRangeText(setV0(sl, i), setV0(sr, i)); if (res != 0) return res;
        continue;
      }
      let res = cmpAttr(sl, i, sr, i); if (res != 0) return res;
    }
    if (i < cl) return 1;
    if (i < cr) return -1;
  }
  return 0;
}

// ---- values ----

function cmpInlineAsm(l: i32, r: i32): i32 {
  if (l == r) return 0;
  let res = cmpTypes(vType.get(l), vType.get(r)); if (res != 0) return res;
  res = cmpMem(vA.get(l), vA.get(r)); if (res != 0) return res;
  res = cmpMem(vB.get(l), vB.get(r)); if (res != 0) return res;
  let fl = iFlags.get(l), fr = iFlags.get(r);
  res = cmpI(fl & 1, fr & 1); if (res != 0) return res;   // sideeffect
  res = cmpI(fl & 2, fr & 2); if (res != 0) return res;   // alignstack
  return cmpI(fl & 4, fr & 4);                             // dialect
}

// Compares two values used at the same place in the two functions.
export function cmpValues(l: i32, r: i32): i32 {
  if (l == fnL) return r == fnR ? 0 : -1;
  if (r == fnR) return 1;
  if (l < 0 || r < 0) return cmpI(l, r);
  let cl = isConstantValue(l), cr = isConstantValue(r);
  if (cl && cr) return l == r ? 0 : cmpConstants(l, r);
  if (cl) return 1;
  if (cr) return -1;
  let kl = <i32>vKind.get(l), kr = <i32>vKind.get(r);
  let ml = kl == VK.MDValue, mr = kr == VK.MDValue;
  if (ml && mr) return l == r ? 0 : cmpMetadata(canonicalMD(vA.get(l)), canonicalMD(vA.get(r)));
  if (ml) return 1;
  if (mr) return -1;
  let al = kl == VK.InlineAsm, ar = kr == VK.InlineAsm;
  if (al && ar) return cmpInlineAsm(l, r);
  if (al) return 1;
  if (ar) return -1;
  return cmpI(snL.get(l), snR.get(r));
}

// ---- instructions ----

// The optional flags LLVM keeps in SubclassOptionalData (wrap, exact, disjoint, nneg, fast-math).
const OPTIONAL_FLAGS: i32 = F_NUW | F_NSW | F_EXACT | F_DISJOINT | F_NNEG | F_SAMESIGN | (FMF_ALL << F_FMF_SHIFT);

function cmpIndexList(l: i32, r: i32): i32 {
  let n = listCount(l);
  let res = cmpI(n, listCount(r)); if (res != 0) return res;
  for (let i = 0; i < n; i++) { res = cmpI(listItem(l, i), listItem(r, i)); if (res != 0) return res; }
  return 0;
}

function cmpOperations(l: i32, r: i32): i32 {
  needToCmpOperands = true;
  let res = cmpValues(l, r); if (res != 0) return res;
  let op = <i32>iOp.get(l);
  res = cmpI(llvmOpcode(op), llvmOpcode(<i32>iOp.get(r))); if (res != 0) return res;
  if (op == Op.GetElementPtr) {
    needToCmpOperands = false;
    res = cmpValues(operand(l, 0), operand(r, 0)); if (res != 0) return res;
    return cmpGEPs(l, r);
  }
  let n = numOperands(l);
  res = cmpI(n, numOperands(r)); if (res != 0) return res;
  res = cmpTypes(vType.get(l), vType.get(r)); if (res != 0) return res;
  res = cmpI(iFlags.get(l) & OPTIONAL_FLAGS, iFlags.get(r) & OPTIONAL_FLAGS); if (res != 0) return res;
  for (let i = 0; i < n; i++) { res = cmpTypes(vType.get(operand(l, i)), vType.get(operand(r, i))); if (res != 0) return res; }
  switch (op) {
    case Op.Alloca: {
      res = cmpTypes(iExt.get(l), iExt.get(r)); if (res != 0) return res;
      return cmpI(alignBytes(l), alignBytes(r));
    }
    case Op.Load: {
      res = cmpB((iFlags.get(l) & F_VOLATILE) != 0, (iFlags.get(r) & F_VOLATILE) != 0); if (res != 0) return res;
      res = cmpI(alignBytes(l), alignBytes(r)); if (res != 0) return res;
      res = cmpI(ordering(l), ordering(r)); if (res != 0) return res;
      res = cmpI(syncScope(l), syncScope(r)); if (res != 0) return res;
      return cmpInstMetadata(l, r);
    }
    case Op.Store: {
      res = cmpB((iFlags.get(l) & F_VOLATILE) != 0, (iFlags.get(r) & F_VOLATILE) != 0); if (res != 0) return res;
      res = cmpI(alignBytes(l), alignBytes(r)); if (res != 0) return res;
      res = cmpI(ordering(l), ordering(r)); if (res != 0) return res;
      return cmpI(syncScope(l), syncScope(r));
    }
    case Op.ICmp: case Op.FCmp: return cmpI(predicate(l), predicate(r));
    case Op.Call: case Op.Invoke: case Op.CallBr: {
      res = cmpI(callCC(l), callCC(r)); if (res != 0) return res;
      res = cmpAttrs(callAttrs(l), callAttrs(r)); if (res != 0) return res;
      let nb = callNumBundles(l);
      res = cmpI(nb, callNumBundles(r)); if (res != 0) return res;
      for (let b = 0; b < nb; b++) {
        res = cmpStr(bundleTag(l, b), bundleTag(r, b)); if (res != 0) return res;
        res = cmpI(bundleNumOps(l, b), bundleNumOps(r, b)); if (res != 0) return res;
      }
      if (op == Op.Call) {
        res = cmpI((iFlags.get(l) >> F_TAIL_SHIFT) & 3, (iFlags.get(r) >> F_TAIL_SHIFT) & 3); if (res != 0) return res;
      }
      return cmpMDNode(findAttachment(iMD.get(l), MDK_RANGE), findAttachment(iMD.get(r), MDK_RANGE));
    }
    case Op.Switch: {
      for (let i = 2; i + 1 < n; i += 2) { res = cmpConstants(operand(l, i), operand(r, i)); if (res != 0) return res; }
      return 0;
    }
    case Op.InsertValue: case Op.ExtractValue: return cmpIndexList(l, r);
    case Op.Fence: {
      res = cmpI(ordering(l), ordering(r)); if (res != 0) return res;
      return cmpI(syncScope(l), syncScope(r));
    }
    case Op.AtomicCmpXchg: {
      res = cmpB((iFlags.get(l) & F_VOLATILE) != 0, (iFlags.get(r) & F_VOLATILE) != 0); if (res != 0) return res;
      res = cmpB((iFlags.get(l) & F_WEAK) != 0, (iFlags.get(r) & F_WEAK) != 0); if (res != 0) return res;
      res = cmpI(ordering(l), ordering(r)); if (res != 0) return res;
      res = cmpI(failureOrdering(l), failureOrdering(r)); if (res != 0) return res;
      return cmpI(syncScope(l), syncScope(r));
    }
    case Op.AtomicRMW: {
      res = cmpI(predicate(l), predicate(r)); if (res != 0) return res;
      res = cmpB((iFlags.get(l) & F_VOLATILE) != 0, (iFlags.get(r) & F_VOLATILE) != 0); if (res != 0) return res;
      res = cmpI(ordering(l), ordering(r)); if (res != 0) return res;
      return cmpI(syncScope(l), syncScope(r));
    }
    case Op.ShuffleVector: return cmpIndexList(l, r);
    default: return 0;
  }
}

// GEPOperator::accumulateConstantOffset into a `bits`-wide offset; false when an index is not a
// constant integer (or steps over a scalable type).
let gepOffset: u64 = 0;
function accumulateConstantOffset(gep: i32, bits: i32): bool {
  let off: u64 = 0;
  let cur = iExt.get(gep);             // source element type
  let n = numOperands(gep);
  for (let k = 1; k < n; k++) {
    let idx = operand(gep, k);
    let indexed: i32, isStruct = false;
    if (k == 1) indexed = cur;
    else {
      let ck = <i32>tyKind.get(cur);
      if (ck == TK.Struct || ck == TK.NamedStruct) isStruct = true;
      else if (ck != TK.Array && ck != TK.Vector && ck != TK.ScalableVector) return false;
      indexed = -1;
    }
    if (<i32>vKind.get(idx) != VK.ConstInt) return false;
    let zero = true;
    for (let i = 0; i < intWordCount(idx); i++) if (intWord(idx, i) != 0) { zero = false; break; }
    if (isStruct) {
      let fi = <i32>intLow64(idx);
      if (intWordCount(idx) > 2 || fi < 0 || fi >= listLen(cur)) return false;
      let ft = listAt(cur, fi);
      if (!zero) {
        if (typeIsScalable(ft)) return false;
        off += <u64>structMemberOffset(cur, fi);
      }
      cur = ft;
      continue;
    }
    let vec = false;
    if (k > 1) { vec = isVector(cur); indexed = tyA.get(cur); }
    if (!zero) {
      if (typeIsScalable(indexed)) return false;
      let stride: u64 = vec ? <u64>typeStoreSize(indexed) : <u64>typeAllocSize(indexed);
      let w = tyA.get(vType.get(idx));
      let v: u64 = w <= 64 ? <u64>intSExt64(idx) : intLow64(idx);
      off += v * stride;
    }
    cur = indexed;
  }
  gepOffset = bits >= 64 ? off : off & ((<u64>1 << <u64>bits) - 1);
  return true;
}

function cmpGEPs(l: i32, r: i32): i32 {
  let asl = tyA.get(scalarType(vType.get(operand(l, 0)))), asr = tyA.get(scalarType(vType.get(operand(r, 0))));
  let res = cmpI(asl, asr); if (res != 0) return res;
  let bits = indexSizeInBits(asl);
  if (accumulateConstantOffset(l, bits)) {
    let offL = gepOffset;
    if (accumulateConstantOffset(r, bits)) return cmpU(offL, gepOffset);
  }
  res = cmpTypes(iExt.get(l), iExt.get(r)); if (res != 0) return res;
  let n = numOperands(l);
  res = cmpI(n, numOperands(r)); if (res != 0) return res;
  for (let i = 0; i < n; i++) { res = cmpValues(operand(l, i), operand(r, i)); if (res != 0) return res; }
  return 0;
}

function cmpBasicBlocks(bl: i32, br: i32): i32 {
  let il = vA.get(bl), ir = vA.get(br);
  while (il >= 0 && ir >= 0) {
    let res = cmpOperations(il, ir); if (res != 0) return res;
    if (needToCmpOperands) {
      let n = numOperands(il);
      for (let i = 0; i < n; i++) { res = cmpValues(operand(il, i), operand(ir, i)); if (res != 0) return res; }
    }
    il = iNext.get(il); ir = iNext.get(ir);
  }
  if (il >= 0) return 1;
  if (ir >= 0) return -1;
  return 0;
}

function compareSignature(gl: i32, gr: i32): i32 {
  let res = cmpAttrs(gAttrs.get(gl), gAttrs.get(gr)); if (res != 0) return res;
  let hl = gGC.get(gl) >= 0, hr = gGC.get(gr) >= 0;
  res = cmpB(hl, hr); if (res != 0) return res;
  if (hl) { res = cmpMem(gGC.get(gl), gGC.get(gr)); if (res != 0) return res; }
  hl = gSection.get(gl) >= 0; hr = gSection.get(gr) >= 0;
  res = cmpB(hl, hr); if (res != 0) return res;
  if (hl) { res = cmpMem(gSection.get(gl), gSection.get(gr)); if (res != 0) return res; }
  let tl = gValueType.get(gl), tr = gValueType.get(gr);
  res = cmpB((tyFlags.get(tl) & TF_VARARG) != 0, (tyFlags.get(tr) & TF_VARARG) != 0); if (res != 0) return res;
  res = cmpI(gCC.get(gl), gCC.get(gr)); if (res != 0) return res;
  res = cmpTypes(tl, tr); if (res != 0) return res;
  // Associate the arguments, in order.
  let n = gNumArgs.get(gl);
  for (let i = 0; i < n; i++) cmpValues(gFirstArg.get(gl) + i, gFirstArg.get(gr) + i);
  return 0;
}

// FunctionComparator(F, G).compare() for two definitions (global indices).
export function compareFunctions(gl: i32, gr: i32): i32 {
  snL.begin(gl); snR.begin(gr);
  fnL = gValue.get(gl); fnR = gValue.get(gr);
  if (intPtrTy < 0) intPtrTy = intType(pointerSizeInBits(0));
  let res = compareSignature(gl, gr);
  if (res != 0) return res;
  let el = gFirstBlock.get(gl), er = gFirstBlock.get(gr);
  if (el < 0 || er < 0) return cmpB(el >= 0, er >= 0);
  visited.begin(gl);
  stackL.clear(); stackR.clear();
  stackL.push(el); stackR.push(er); visited.visit(el);
  while (stackL.len > 0) {
    let bl = stackL.pop(), br = stackR.pop();
    res = cmpValues(bl, br); if (res != 0) return res;
    res = cmpBasicBlocks(bl, br); if (res != 0) return res;
    let tl = terminatorOf(bl), tr = terminatorOf(br);
    let ns = numSuccessors(tl);
    if (ns != numSuccessors(tr)) return cmpI(ns, numSuccessors(tr));
    for (let i = 0; i < ns; i++) {
      let sl = successor(tl, i);
      if (!visited.visit(sl)) continue;
      stackL.push(sl); stackR.push(successor(tr, i));
    }
  }
  return 0;
}
