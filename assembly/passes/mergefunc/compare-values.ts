// The comparator's order on constants (their kinds, integer, FP and data contents, aggregates,
// constant expressions, block addresses), globals (by run-wide number), inline asm, values in
// general (FunctionComparator::cmpConstants / cmpGlobalValues / cmpValues), and metadata: strings
// and constants as node operands, and an instruction's attachments other than !dbg
// (cmpInstMetadata) — one file, as constants and metadata compare each other.
import { U8Vec } from "../../util/vec";
import { zext64 } from "../../util/bits";
import { VK, vKind, vType, vA, vB, iOp, iFlags, iAux, iNext, iMD, operand, numOperands } from "../../ir/values";
import {
  TK, tyKind, tyA, isFirstClass, isVector, isPtr, scalarType, memberCount, primitiveSizeInBits,
} from "../../ir/types";
import { gFirstBlock } from "../../ir/globals";
import {
  intWord, intWordCount, fpWord, gepExprSourceType, gepExprHasInRange, gepExprInRangeLo, gepExprInRangeHi,
} from "../../ir/constants";
import { canonicalMD, mdKind, mdA, mdOps, mdNOps, mdPool, MK, FV_MD, attKind, attMD, attNext, MDK_DBG } from "../../ir/metadata";
import { Op, F_NUW, F_NSW, F_INBOUNDS, F_GEP_NUSW, F_GEP_NUW } from "../../ir/opcodes";
import { strtab } from "../../ir/module";
import { llvmOpcode } from "./hash";
import { cmp, globalNumber } from "./comparator-state";
import { cmpB, cmpI, cmpMem, cmpTypes, cmpU, cmpStr, typeId } from "./compare-types";

@inline function isGlobalValue(v: i32): bool { let k = <i32>vKind.get(v); return k >= VK.GlobalVar && k <= VK.IFunc; }
@inline export function isConstantValue(v: i32): bool { let k = <i32>vKind.get(v); return k >= VK.GlobalVar && k <= VK.PtrAuth; }

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
  if (il == 20 || il == 21) { let bl = cmp.bytesL, br = cmp.bytesR; dataBytes(l, bl); dataBytes(r, br); return cmpBytes(bl, br); }
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
  let fnL = cmp.fnL, fnR = cmp.fnR;
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
  return cmpI(cmp.snL.get(l), cmp.snR.get(r));
}

// The constant a `ConstantAsMetadata` node wraps, else -1.
function constOfMD(m: i32): i32 {
  if (m < 0 || <i32>mdKind.get(m) != MK.Value) return -1;
  let v = mdA.get(m);
  return v >= 0 && isConstantValue(v) ? v : -1;
}
// cmpMetadata: strings by content, constants by cmpConstants; everything else compares equal.
export function cmpMetadata(l: i32, r: i32): i32 {
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
export function cmpMDNode(l: i32, r: i32): i32 {
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
export function cmpInstMetadata(l: i32, r: i32): i32 {
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
