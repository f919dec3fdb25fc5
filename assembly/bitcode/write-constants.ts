// The module's constants in bitcode: the CONSTANTS block (integers, floats, aggregates, strings,
// constant expressions), with the record codes LLVM's writer gives casts, binary operators and
// their flags, which the function writer shares.
import { zext64 } from "../util/bits";
import { strtab } from "../ir/module";
import { VK, vKind, vType, vA, vB, iOp, iFlags, operand, numOperands, iNext } from "../ir/values";
import { tyA, T_PTR, T_I64, T_DOUBLE, T_X86FP80, T_FP128, T_PPCFP128 } from "../ir/types";
import { gFirstBlock } from "../ir/globals";
import {
  Op, isCast, isBinary, F_NUW, F_NSW, F_EXACT, F_DISJOINT, F_INBOUNDS, F_GEP_NUSW, F_GEP_NUW,
} from "../ir/opcodes";
import {
  intWord, fpWord, gepExprSourceType, gepExprHasInRange, gepExprInRangeLo, gepExprInRangeHi, getInt, getNull,
} from "../ir/constants";
import { BcWriter, signedVBR, AB_CST_CE_CAST, AB_CST_INTEGER, AB_CST_NULL, AB_CST_SETTYPE, CONSTANTS_BLOCK } from "./write-base";

// CONSTANTS block record codes (LLVM's bitc::ConstantsCodes)
export const CST_SETTYPE: u32 = 1, CST_NULL: u32 = 2, CST_UNDEF: u32 = 3, CST_INTEGER: u32 = 4, CST_WIDE_INTEGER: u32 = 5,
  CST_FLOAT: u32 = 6, CST_AGGREGATE: u32 = 7, CST_STRING: u32 = 8, CST_CSTRING: u32 = 9, CST_CE_BINOP: u32 = 10,
  CST_CE_CAST: u32 = 11, CST_CE_EXTRACTELT: u32 = 14, CST_CE_INSERTELT: u32 = 15, CST_CE_SHUFFLEVEC: u32 = 16,
  CST_CE_SHUFVEC_EX: u32 = 19, CST_BLOCKADDRESS: u32 = 21, CST_CE_UNOP: u32 = 25, CST_POISON: u32 = 26,
  CST_DSO_LOCAL_EQUIVALENT: u32 = 27, CST_NO_CFI: u32 = 29, CST_INLINEASM: u32 = 30, CST_CE_GEP_WITH_INRANGE: u32 = 31,
  CST_CE_GEP: u32 = 32, CST_PTRAUTH: u32 = 33, CST_PTRAUTH2: u32 = 34;

const CAST_CODES: i32[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
// Our cast opcode -> LLVM's CAST_* code.
export function castCode(op: i32): i64 {
  if (op == Op.PtrToAddr) return 13;
  return op - Op.Trunc;
}
// Our binary opcode -> LLVM's BINOP_* code (FP and integer forms share codes).
export function binopCode(op: i32): i64 {
  switch (op) {
    case Op.Add: case Op.FAdd: return 0;
    case Op.Sub: case Op.FSub: return 1;
    case Op.Mul: case Op.FMul: return 2;
    case Op.UDiv: return 3;
    case Op.SDiv: case Op.FDiv: return 4;
    case Op.URem: return 5;
    case Op.SRem: case Op.FRem: return 6;
    case Op.Shl: return 7;
    case Op.LShr: return 8;
    case Op.AShr: return 9;
    case Op.And: return 10;
    case Op.Or: return 11;
    case Op.Xor: return 12;
  }
  return 0;
}
// The optional-flags operand of a binary operator or cast (0 when it has none).
export function binopFlags(op: i32, f: i32): i64 {
  if (op == Op.Add || op == Op.Sub || op == Op.Mul || op == Op.Shl) return ((f & F_NUW) != 0 ? 1 : 0) | ((f & F_NSW) != 0 ? 2 : 0);
  if (op == Op.UDiv || op == Op.SDiv || op == Op.LShr || op == Op.AShr) return (f & F_EXACT) != 0 ? 1 : 0;
  if (op == Op.Or) return (f & F_DISJOINT) != 0 ? 1 : 0;
  return 0;
}
export function gepFlags(f: i32): i64 {
  return ((f & F_INBOUNDS) != 0 ? 1 : 0) | ((f & F_GEP_NUSW) != 0 ? 2 : 0) | ((f & F_GEP_NUW) != 0 ? 4 : 0);
}

export function writeConstants(bw: BcWriter): void {
  let e = bw.e, w = bw.w, vals = bw.vals;
  let values = e.values;
  if (values.len == e.numGlobals) return;
  w.enterBlock(CONSTANTS_BLOCK, 4);
  let lastType = -1;
  for (let i = e.numGlobals; i < values.len; i++) {
    let c = values.get(i);
    let k = <i32>vKind.get(c);
    let t = k == VK.InlineAsm ? T_PTR : vType.get(c);
    if (t != lastType) { vals.clear(); vals.push(e.typeOf(t)); w.record(CST_SETTYPE, vals, AB_CST_SETTYPE); lastType = t; }
    vals.clear();
    switch (k) {
      case VK.ConstNull: case VK.ConstZero: case VK.ConstNone: vals.clear(); w.record(CST_NULL, vals, AB_CST_NULL); break;
      case VK.ConstUndef: w.record0(CST_UNDEF); break;
      case VK.ConstPoison: w.record0(CST_POISON); break;
      case VK.ConstInt: writeInt(bw, c); break;
      case VK.ConstFP: writeFloat(bw, c); break;
      case VK.ConstData: {
        let s = vA.get(c), n = strtab.lenOf(s), p = strtab.ptrOf(s);
        let cstr = n > 0 && load<u8>(p + <usize>(n - 1)) == 0;
        if (cstr) for (let j = 0; j < n - 1; j++) if (load<u8>(p + <usize>j) == 0) { cstr = false; break; }
        let m = cstr ? n - 1 : n;
        for (let j = 0; j < m; j++) vals.push(load<u8>(p + <usize>j));
        w.record(cstr ? CST_CSTRING : CST_STRING, vals);
        break;
      }
      case VK.ConstArray: case VK.ConstStruct: case VK.ConstVector: {
        for (let j = 0, n = numOperands(c); j < n; j++) vals.push(e.vid(operand(c, j)));
        w.record(CST_AGGREGATE, vals);
        break;
      }
      case VK.ConstExpr: writeConstExpr(bw, c); break;
      case VK.BlockAddress: {
        let fn = operand(c, 0), bb = operand(c, 1);
        vals.push(e.typeOf(vType.get(fn))); vals.push(e.vid(fn)); vals.push(blockIndex(fn, bb));
        w.record(CST_BLOCKADDRESS, vals);
        break;
      }
      case VK.DSOLocalEquiv: case VK.NoCFI: {
        let gv = operand(c, 0);
        vals.push(e.typeOf(vType.get(gv))); vals.push(e.vid(gv));
        w.record(k == VK.DSOLocalEquiv ? CST_DSO_LOCAL_EQUIVALENT : CST_NO_CFI, vals);
        break;
      }
      case VK.PtrAuth: {
        let n = numOperands(c);
        for (let j = 0; j < n; j++) vals.push(e.vid(operand(c, j)));
        if (n < 3) vals.push(e.vid(getInt(T_I64, 0)));
        if (n < 4) vals.push(e.vid(getNull(T_PTR)));
        w.record(n > 4 ? CST_PTRAUTH2 : CST_PTRAUTH, vals);
        break;
      }
      case VK.InlineAsm: {
        vals.push(e.typeOf(vType.get(c)));
        vals.push(iFlags.get(c) & 15);
        let a = vA.get(c), cons = vB.get(c);
        vals.push(strtab.lenOf(a)); bw.pushChars(a);
        vals.push(strtab.lenOf(cons)); bw.pushChars(cons);
        w.record(CST_INLINEASM, vals);
        break;
      }
      default: bw.fail("bitcode writer: a constant of kind " + k.toString() + " cannot be written");
    }
  }
  w.endBlock();
}
// The number of block bb in its function (blocks numbered from 0 in order).
export function blockIndex(fnValue: i32, bb: i32): i64 {
  let g = vA.get(fnValue);
  let n = 0;
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) { if (b == bb) return n; n++; }
  return 0;
}
function writeInt(bw: BcWriter, c: i32): void {
  let width = tyA.get(vType.get(c));
  let vals = bw.vals;
  if (width <= 64) {
    let lo = zext64(intWord(c, 0)), hi = zext64(intWord(c, 1));
    let v = lo | (hi << 32);
    // sign-extend from the width
    if (width < 64) { let sh = <u64>(64 - width); v = <u64>((<i64>(v << sh)) >> sh); }
    vals.push(signedVBR(<i64>v));
    bw.w.record(CST_INTEGER, vals, AB_CST_INTEGER);
    return;
  }
  // wide: 64-bit words, the top one sign-extended, each as a signed VBR
  let nw = (width + 63) >> 6;
  for (let i = 0; i < nw; i++) {
    let lo = zext64(intWord(c, 2 * i)), hi = zext64(intWord(c, 2 * i + 1));
    let v = lo | (hi << 32);
    if (i == nw - 1) { let top = width - 64 * i; if (top < 64) { let sh = <u64>(64 - top); v = <u64>((<i64>(v << sh)) >> sh); } }
    vals.push(signedVBR(<i64>v));
  }
  bw.w.record(CST_WIDE_INTEGER, vals);
}
function writeFloat(bw: BcWriter, c: i32): void {
  let t = vType.get(c), vals = bw.vals;
  let w0 = zext64(fpWord(c, 0)), w1 = zext64(fpWord(c, 1)), w2 = zext64(fpWord(c, 2)), w3 = zext64(fpWord(c, 3));
  if (t == T_X86FP80) {
    let p0 = w0 | (w1 << 32), p1 = w2 & 0xffff;
    vals.push(<i64>((p1 << 48) | (p0 >> 16))); vals.push(<i64>(p0 & 0xffff));
  } else if (t == T_FP128 || t == T_PPCFP128) {
    vals.push(<i64>(w0 | (w1 << 32))); vals.push(<i64>(w2 | (w3 << 32)));
  } else if (t == T_DOUBLE) vals.push(<i64>(w0 | (w1 << 32)));
  else vals.push(<i64>w0);
  bw.w.record(CST_FLOAT, vals);
}
function writeConstExpr(bw: BcWriter, c: i32): void {
  let e = bw.e, vals = bw.vals, w = bw.w;
  let op = <i32>iOp.get(c), f = iFlags.get(c), n = numOperands(c);
  if (isCast(op)) {
    let o = operand(c, 0);
    vals.push(castCode(op)); vals.push(e.typeOf(vType.get(o))); vals.push(e.vid(o));
    w.record(CST_CE_CAST, vals, vals.get(0) < 16 ? AB_CST_CE_CAST : 0);
    return;
  }
  if (isBinary(op)) {
    vals.push(binopCode(op)); vals.push(e.vid(operand(c, 0))); vals.push(e.vid(operand(c, 1)));
    let fl = binopFlags(op, f);
    if (fl != 0) vals.push(fl);
    w.record(CST_CE_BINOP, vals);
    return;
  }
  switch (op) {
    case Op.FNeg: vals.push(0); vals.push(e.vid(operand(c, 0))); w.record(CST_CE_UNOP, vals); return;
    case Op.GetElementPtr: {
      vals.push(e.typeOf(gepExprSourceType(c)));
      vals.push(gepFlags(f));
      let code = CST_CE_GEP;
      if (gepExprHasInRange(c)) {
        code = CST_CE_GEP_WITH_INRANGE;
        vals.push(64); vals.push(signedVBR(gepExprInRangeLo(c))); vals.push(signedVBR(gepExprInRangeHi(c)));
      }
      for (let j = 0; j < n; j++) { let o = operand(c, j); vals.push(e.typeOf(vType.get(o))); vals.push(e.vid(o)); }
      w.record(code, vals);
      return;
    }
    case Op.ExtractElement: {
      let v = operand(c, 0), idx = operand(c, 1);
      vals.push(e.typeOf(vType.get(v))); vals.push(e.vid(v)); vals.push(e.typeOf(vType.get(idx))); vals.push(e.vid(idx));
      w.record(CST_CE_EXTRACTELT, vals);
      return;
    }
    case Op.InsertElement: {
      let idx = operand(c, 2);
      vals.push(e.vid(operand(c, 0))); vals.push(e.vid(operand(c, 1)));
      vals.push(e.typeOf(vType.get(idx))); vals.push(e.vid(idx));
      w.record(CST_CE_INSERTELT, vals);
      return;
    }
    case Op.ShuffleVector: {
      if (n < 3) break;
      let a = operand(c, 0);
      let same = vType.get(a) == vType.get(c);
      if (!same) vals.push(e.typeOf(vType.get(a)));
      vals.push(e.vid(a)); vals.push(e.vid(operand(c, 1))); vals.push(e.vid(operand(c, 2)));
      w.record(same ? CST_CE_SHUFFLEVEC : CST_CE_SHUFVEC_EX, vals);
      return;
    }
  }
  bw.fail("bitcode writer: a constant expression '" + op.toString() + "' cannot be written");
}

