// CONSTANTS_BLOCK (module level and in function bodies). The records are kept and each constant is
// built on first use (getConstant), so constants reach the arena in the order the text parser
// makes them (where a use first names them), which also makes the use-lists the text parser's.
// A constant naming one not read yet (LLVM's writer orders operands first, but a file need not)
// works the same way; a constant that reaches itself is an error.
import { I32Vec } from "../util/vec";
import { strtab } from "../ir/module";
import {
  TK, tyKind, tyA, tyN, T_I8, T_TOKEN, T_I1, isVector, isInt, isFP, scalarType, withScalar, listAt, listLen,
  memberCount, vectorType, T_LABEL, T_I32, T_I64, ptrType, isPtr,
} from "../ir/types";
import { VK, vKind, vType, vParent, vA, vB, newValue, iNext, iPrev } from "../ir/values";
import {
  getZero, getUndef, getPoison, getSimple, getInt, getIntWords, getFP, getAggregate, getExpr, gepExprWords,
  getInlineAsm, getWithOperands, intLow64, isNullValue,
} from "../ir/constants";
import { Op, F_NUW, F_NSW, F_EXACT, F_DISJOINT, F_INBOUNDS, F_GEP_NUSW, F_GEP_NUW } from "../ir/opcodes";
import { GK, gKind, gFirstBlock } from "../ir/globals";
import { canonicalData, foldCast } from "../ir/const-fold";
import { bs, advance, enterBlock, skipBlock, readRecord, bsFailed, ENTRY_END, ENTRY_BLOCK, ENTRY_ERROR, nextRecord, REC_END } from "./bitstream";
import {
  br, pushValue, bad, badI,
} from "./read-state";
import { typeOf } from "./read-types";
import { MAX_NESTING } from "../ir/nesting";
import { has, Feature } from "../ir/version";
import { signRotated } from "./read-attrs";
import { bodyBlock } from "./read-refs";

const SETTYPE = 1, NULL = 2, UNDEF = 3, INTEGER = 4, WIDE_INTEGER = 5, FLOAT = 6, AGGREGATE = 7, STRING = 8,
  CSTRING = 9, CE_BINOP = 10, CE_CAST = 11, CE_GEP_OLD = 12, CE_SELECT = 13, CE_EXTRACTELT = 14,
  CE_INSERTELT = 15, CE_SHUFFLEVEC = 16, CE_CMP = 17, INLINEASM_OLD = 18, CE_SHUFVEC_EX = 19,
  CE_INBOUNDS_GEP = 20, BLOCKADDRESS = 21, DATA = 22, INLINEASM_OLD2 = 23, CE_GEP_INRANGE_OLD = 24,
  CE_UNOP = 25, POISON = 26, DSO_LOCAL_EQUIVALENT = 27, INLINEASM_OLD3 = 28, NO_CFI = 29, INLINEASM = 30,
  CE_GEP_INRANGE = 31, CE_GEP = 32, PTRAUTH = 33, PTRAUTH2 = 34;

// Reads a CONSTANTS_BLOCK (entered by the caller's advance()): each record becomes the next value id.
export function readConstantsBlock(): bool {
  if (!enterBlock()) return false;
  let curTy = T_I32;
  while (true) {
    let code = nextRecord();
    if (code == REC_END) return true;
    if (code < 0) return false;
    if (code == SETTYPE) {
      if (bs.ops.len < 1) return bad("Invalid settype record");
      let t = typeOf(bs.ops.get(0));
      if (t < 0 || <i32>tyKind.get(t) == TK.Void) return bad("Invalid settype record");
      curTy = t;
      continue;
    }
    let r = br.cstCode.len;
    br.cstCode.push(<i32>code); br.cstType.push(curTy); br.cstOpStart.push(br.cstOps.len); br.cstOpLen.push(bs.ops.len); br.cstDepth.push(0);
    for (let i = 0; i < bs.ops.len; i++) br.cstOps.push(bs.ops.get(i));
    pushValue(-1, r, curTy);
  }
}

@inline function op(r: i32, i: i32): i64 { return br.cstOps.get(br.cstOpStart.get(r) + i); }

// The arena value of value id `id` when it is a constant (built now if it is still a record);
// -1 with an error otherwise.
export function getConstant(id: i64): i32 {
  if (id < 0 || id >= <i64>br.valueList.len) return badI("Invalid constant reference: value id " + id.toString());
  let k = <i32>id;
  let v = br.valueList.get(k);
  let r = br.valueCst.get(k);
  if (v >= 0) { sawDepth(r >= 0 ? br.cstDepth.get(r) : 1); return v; }
  if (r < 0) return badI("Invalid constant reference: value id " + id.toString() + " is not defined");
  if (br.cstDepth.get(r) < 0) return badI("Invalid constant: it refers to itself");
  // both this recursion and the depth of what it builds are bounded (ir/nesting.ts): an operand
  // built before adds its depth without recursing
  if (br.depth >= MAX_NESTING) return tooDeep();
  br.cstDepth.set(r, -1); br.depth++;
  let outer = br.deepest;
  br.deepest = 0;
  v = buildConstant(r);
  let d = br.deepest + 1;
  br.deepest = outer;
  br.depth--; br.cstDepth.set(r, d);
  if (v < 0) { if (!bsFailed()) bad("Invalid constant record"); return -1; }
  if (d > MAX_NESTING) return tooDeep();
  br.valueList.set(k, v);
  sawDepth(d);
  return v;
}
@inline function sawDepth(d: i32): void { if (d > br.deepest) br.deepest = d; }
function tooDeep(): i32 { return badI("Invalid constant: nested too deeply (limit " + MAX_NESTING.toString() + ")"); }
// A constant operand that must have type `ty` (-1: any).
function operandOf(id: i64, ty: i32): i32 {
  let v = getConstant(id);
  if (v < 0) return -1;
  if (ty >= 0 && vType.get(v) != ty) return badI("Invalid constant record: operand type mismatch");
  return v;
}

function buildConstant(r: i32): i32 {
  let code = br.cstCode.get(r), ty = br.cstType.get(r), n = br.cstOpLen.get(r);
  let k = <i32>tyKind.get(ty);
  switch (code) {
    case NULL: {
      if (k == TK.Void || k == TK.Function || k == TK.Label) return badI("Invalid type for a constant null value");
      if (ty == T_TOKEN) return getSimple(VK.ConstNone, ty);
      return getZero(ty);
    }
    case UNDEF: return getUndef(ty);
    case POISON: return getPoison(ty);
    case INTEGER: {
      if (n < 1 || !isInt(scalarType(ty))) return badI("Invalid integer const record");
      let c = getInt(scalarType(ty), signRotated(op(r, 0)));
      return isVector(ty) ? splat(ty, c) : c;
    }
    case WIDE_INTEGER: {
      if (n < 1 || !isInt(scalarType(ty))) return badI("Invalid wide integer const record");
      let width = tyA.get(scalarType(ty));
      let nw = (width + 31) >> 5;
      br.words.clear();
      for (let i = 0; i < nw; i++) {
        let w64: i64 = (i >> 1) < n ? signRotated(op(r, i >> 1)) : 0;   // missing words are zero
        br.words.push((i & 1) == 0 ? <i32>w64 : <i32>(w64 >>> 32));
      }
      let top = width & 31;
      if (top != 0) br.words.set(nw - 1, br.words.get(nw - 1) & ((1 << top) - 1));
      let c = getIntWords(scalarType(ty), br.words, 0, nw);
      return isVector(ty) ? splat(ty, c) : c;
    }
    case FLOAT: {
      let st = scalarType(ty);
      if (n < 1 || !isFP(st)) return badI("Invalid float const record");
      let c = fpConst(st, r, 0, n);
      return isVector(ty) ? splat(ty, c) : c;
    }
    case AGGREGATE: {
      if (n < 1) return badI("Invalid aggregate record");
      let base = br.cstStack.len;
      let want = <i64>memberCount(ty);
      if (!(k == TK.Struct || k == TK.NamedStruct || k == TK.Array || k == TK.Vector || k == TK.ScalableVector)) return getPoison(ty);
      if (<i64>n != want) return badI("Invalid aggregate record: " + n.toString() + " elements for " + want.toString());
      for (let i = 0; i < n; i++) {
        let et = k == TK.Struct || k == TK.NamedStruct ? listAt(ty, i) : tyA.get(ty);
        let v = operandOf(op(r, i), et);
        if (v < 0) { br.cstStack.len = base; return -1; }
        br.cstStack.push(v);
      }
      let c: i32;
      if (k == TK.Array && tyA.get(ty) == T_I8 && allInts(base, n)) c = bytesOf(ty, base, n);
      else c = getAggregate(k == TK.Array ? VK.ConstArray : k == TK.Struct || k == TK.NamedStruct ? VK.ConstStruct : VK.ConstVector, ty, br.cstStack, base, n);
      br.cstStack.len = base;
      return c;
    }
    case STRING: case CSTRING: {
      if (k != TK.Array || tyA.get(ty) != T_I8) return badI("Invalid string record");
      let len = n + (code == CSTRING ? 1 : 0);
      if (<i64>len != tyN.get(ty)) return badI("Invalid string record: length");
      let p = heap.alloc(len > 0 ? <usize>(len) : 1);
      for (let i = 0; i < n; i++) store<u8>(p + <usize>i, <u8>op(r, i));
      if (code == CSTRING) store<u8>(p + <usize>n, 0);
      let s = strtab.intern(p, len);
      heap.free(p);
      return canonicalData(ty, s);
    }
    case DATA: {
      if (!(k == TK.Array || k == TK.Vector)) return badI("Invalid data record");
      let et = tyA.get(ty);
      if (<i64>n != tyN.get(ty)) return badI("Invalid data record: length");
      if (!(isInt(et) || isFP(et))) return badI("Invalid type for value");
      if (k == TK.Array && et == T_I8) {
        let p = heap.alloc(n > 0 ? <usize>(n) : 1);
        for (let i = 0; i < n; i++) store<u8>(p + <usize>i, <u8>op(r, i));
        let s = strtab.intern(p, n);
        heap.free(p);
        return canonicalData(ty, s);
      }
      let base = br.cstStack.len;
      for (let i = 0; i < n; i++) {
        let x = op(r, i);
        let c = isInt(et) ? getInt(et, x) : fpConst(et, r, i, 1);
        if (c < 0) { br.cstStack.len = base; return -1; }
        br.cstStack.push(c);
      }
      let c = getAggregate(k == TK.Array ? VK.ConstArray : VK.ConstVector, ty, br.cstStack, base, n);
      br.cstStack.len = base;
      return c;
    }
    case CE_UNOP: {
      if (n < 2) return badI("Invalid unary op constexpr record");
      if (op(r, 0) != 0 || !isFP(scalarType(ty))) return getPoison(ty);
      return expr(Op.FNeg, ty, 0, 0, r, 1, 1, ty);
    }
    case CE_BINOP: {
      if (n < 3) return badI("Invalid binary op constexpr record");
      let o = binaryOpcode(op(r, 0), ty);
      if (o < 0) return getPoison(ty);
      let flags = 0;
      if (n >= 4) flags = binaryFlags(o, op(r, 3));
      // LLVM's reader does not check the operands against the record's type: the expression
      // (ConstantExpr::get) has its operands' type, which a typed use may then find wrong
      let a = getConstant(op(r, 1)); if (a < 0) return -1;
      return expr(o, vType.get(a), flags, 0, r, 1, 2, vType.get(a));
    }
    case CE_CAST: {
      if (n < 3) return badI("Invalid cast constexpr record");
      let o = castOpcode(op(r, 0));
      if (o < 0) return getPoison(ty);
      let st = typeOf(op(r, 1));
      if (st < 0) return badI("Invalid cast constexpr record");
      let v = operandOf(op(r, 2), st);
      if (v < 0) return -1;
      return foldCast(o, v, ty);
    }
    case CE_GEP_OLD: case CE_INBOUNDS_GEP: case CE_GEP_INRANGE_OLD: case CE_GEP: case CE_GEP_INRANGE:
      return gepExpr(code, r, ty, n);
    case CE_SELECT: {
      if (n < 3) return badI("Invalid select constexpr record");
      let c = getConstant(op(r, 0)); if (c < 0) return -1;
      let a = operandOf(op(r, 1), ty); if (a < 0) return -1;
      let b = operandOf(op(r, 2), ty); if (b < 0) return -1;
      let base = br.cstStack.len; br.cstStack.push(c); br.cstStack.push(a); br.cstStack.push(b);
      let x = getExpr(Op.Select, ty, 0, 0, br.words, 0, 0, br.cstStack, base, 3);
      br.cstStack.len = base; return x;
    }
    case CE_EXTRACTELT: {
      if (n < 3) return badI("Invalid extractelement constexpr record");
      let vt = typeOf(op(r, 0));
      if (vt < 0 || !isVector(vt)) return badI("Invalid extractelement constexpr record");
      let vec = operandOf(op(r, 1), vt); if (vec < 0) return -1;
      let idx = getConstant(n == 4 ? op(r, 3) : op(r, 2)); if (idx < 0) return -1;
      let base = br.cstStack.len; br.cstStack.push(vec); br.cstStack.push(idx);
      let x = getExpr(Op.ExtractElement, tyA.get(vt), 0, 0, br.words, 0, 0, br.cstStack, base, 2);
      br.cstStack.len = base; return x;
    }
    case CE_INSERTELT: {
      if (n < 3 || !isVector(ty)) return badI("Invalid insertelement constexpr record");
      let vec = operandOf(op(r, 0), ty); if (vec < 0) return -1;
      let el = operandOf(op(r, 1), tyA.get(ty)); if (el < 0) return -1;
      let idx = getConstant(n == 4 ? op(r, 3) : op(r, 2)); if (idx < 0) return -1;
      let base = br.cstStack.len; br.cstStack.push(vec); br.cstStack.push(el); br.cstStack.push(idx);
      let x = getExpr(Op.InsertElement, ty, 0, 0, br.words, 0, 0, br.cstStack, base, 3);
      br.cstStack.len = base; return x;
    }
    case CE_SHUFFLEVEC: case CE_SHUFVEC_EX: {
      let s = code == CE_SHUFVEC_EX ? 1 : 0;
      if (n < 3 + s || !isVector(ty)) return badI("Invalid shufflevector constexpr record");
      let ot = s == 1 ? typeOf(op(r, 0)) : ty;
      if (ot < 0 || !isVector(ot)) return badI("Invalid shufflevector constexpr record");
      let a = operandOf(op(r, s), ot); if (a < 0) return -1;
      let b = operandOf(op(r, s + 1), ot); if (b < 0) return -1;
      let m = getConstant(op(r, s + 2)); if (m < 0) return -1;
      let base = br.cstStack.len; br.cstStack.push(a); br.cstStack.push(b); br.cstStack.push(m);
      let x = getExpr(Op.ShuffleVector, ty, 0, 0, br.words, 0, 0, br.cstStack, base, 3);
      br.cstStack.len = base; return x;
    }
    case CE_CMP: {
      if (n < 4) return badI("Invalid cmp constexpr record");
      let ot = typeOf(op(r, 0));
      if (ot < 0) return badI("Invalid cmp constexpr record");
      let fp = isFP(scalarType(ot));
      let pred = op(r, 3);
      if (fp ? (pred < 0 || pred > 15) : (pred < 32 || pred > 41)) return badI("Invalid cmp constexpr record: predicate");
      return expr(fp ? Op.FCmp : Op.ICmp, withScalar(ot, T_I1), 0, <i32>pred, r, 1, 2, ot);
    }
    case INLINEASM: case INLINEASM_OLD3: {
      let at = 0, fnTy = -1;
      if (code == INLINEASM) {
        if (n < 3) return badI("Invalid inlineasm record");
        fnTy = typeOf(op(r, 0));
        if (fnTy < 0 || <i32>tyKind.get(fnTy) != TK.Function) return badI("Invalid inlineasm record");
        at = 1;
      } else return badI("Invalid inlineasm record: the typed-pointer form is not read");
      let flags = <i32>op(r, at) & 15;
      let sl = op(r, at + 1);
      if (sl < 0 || <i64>(at + 2) + sl >= <i64>n) return badI("Invalid inlineasm record");
      let s0 = at + 2;
      let cl = op(r, s0 + <i32>sl);
      if (cl < 0 || <i64>(s0 + 1) + sl + cl > <i64>n) return badI("Invalid inlineasm record");
      let asmStr = bytesAt(r, s0, <i32>sl);
      let cons = bytesAt(r, s0 + <i32>sl + 1, <i32>cl);
      // dialect in bit 2 is inteldialect (4), unwind bit 3 (8): the arena's flags bits
      return getInlineAsm(fnTy, asmStr, cons, flags);
    }
    case INLINEASM_OLD: case INLINEASM_OLD2: return badI("Invalid inlineasm record: the typed-pointer form is not read");
    case BLOCKADDRESS: {
      if (n < 3) return badI("Invalid blockaddress record");
      let fn = getConstant(op(r, 1)); if (fn < 0) return -1;
      if (<i32>vKind.get(fn) != VK.Function) return badI("Invalid blockaddress record: not a function");
      let bb = op(r, 2);
      if (bb < 0 || bb > 0xffffff) return badI("Invalid blockaddress record: block id");
      if (bb == 0) return badI("Invalid blockaddress record: the entry block");
      let b = earlyBlock(fn, <i32>bb);
      if (b < 0) return b == -1 ? -1 : badI("Invalid blockaddress record: block " + bb.toString() + " out of range");
      let base = br.cstStack.len; br.cstStack.push(fn); br.cstStack.push(b);
      let x = getWithOperands(VK.BlockAddress, ty, br.cstStack, base, 2);
      br.cstStack.len = base; return x;
    }
    case DSO_LOCAL_EQUIVALENT: case NO_CFI: {
      if (n < 2) return badI("Invalid dso_local record");
      let g = getConstant(op(r, 1)); if (g < 0) return -1;
      let base = br.cstStack.len; br.cstStack.push(g);
      let x = getWithOperands(code == NO_CFI ? VK.NoCFI : VK.DSOLocalEquiv, ty, br.cstStack, base, 1);
      br.cstStack.len = base; return x;
    }
    case PTRAUTH: case PTRAUTH2: {
      let cnt = code == PTRAUTH ? 4 : 5;
      if (n < cnt) return badI("Invalid ptrauth record");
      let base = br.cstStack.len;
      for (let i = 0; i < cnt; i++) { let v = getConstant(op(r, i)); if (v < 0) { br.cstStack.len = base; return -1; } br.cstStack.push(v); }
      // LLVM's reader wants integer constants for the key and the discriminator, and (LLVM 22) a
      // pointer for the deactivation symbol; the verifier checks the rest
      let bad1 = <i32>vKind.get(br.cstStack.get(base + 1)) != VK.ConstInt ? "ptrauth key operand must be ConstantInt"
        : <i32>vKind.get(br.cstStack.get(base + 2)) != VK.ConstInt ? "ptrauth disc operand must be ConstantInt"
        : cnt > 4 && !isPtr(vType.get(br.cstStack.get(base + 4))) ? "ptrauth deactivation symbol operand must be a pointer" : "";
      if (bad1.length > 0) { br.cstStack.len = base; return badI(bad1); }
      // the text form (and the text parser's constant) leaves out trailing null operands after the
      // key (when of the type the text form gives them: i64 for the discriminator, else a pointer)
      while (cnt > 2 && isNullValue(br.cstStack.get(base + cnt - 1))
        && (cnt == 3 ? vType.get(br.cstStack.get(base + 2)) == T_I64 : isPtr(vType.get(br.cstStack.get(base + cnt - 1))))) cnt--;
      // (ConstantPtrAuth::get: the constant has its base pointer's type, whatever the record says)
      let x = getWithOperands(VK.PtrAuth, vType.get(br.cstStack.get(base)), br.cstStack, base, cnt);
      br.cstStack.len = base; return x;
    }
    default: return getUndef(ty);  // LLVM reads an unknown constant as undef
  }
}

// A block of function `fn` a blockaddress names: made now when the body is not read yet (the body
// takes it over as its block of that index). -1 after an error, -2 when fn's body has no such block.
function earlyBlock(fn: i32, idx: i32): i32 {
  let own = bodyBlock(fn, idx);
  if (own != -2) return own;
  for (let i = 0; i < br.earlyBlocks.len; i += 3) if (br.earlyBlocks.get(i) == fn && br.earlyBlocks.get(i + 1) == idx) return br.earlyBlocks.get(i + 2);
  let g = vA.get(fn);
  if (gFirstBlock.get(g) >= 0) {
    let b = gFirstBlock.get(g);
    for (let i = 0; i < idx && b >= 0; i++) b = iNext.get(b);
    return b >= 0 ? b : -2;
  }
  let b = newValue(VK.Block, T_LABEL);
  vA.set(b, -1); vB.set(b, -1);
  br.earlyBlocks.push(fn); br.earlyBlocks.push(idx); br.earlyBlocks.push(b);
  return b;
}

function expr(o: i32, ty: i32, flags: i32, aux: i32, r: i32, from: i32, cnt: i32, opTy: i32): i32 {
  let base = br.cstStack.len;
  for (let i = 0; i < cnt; i++) {
    let v = operandOf(op(r, from + i), opTy);
    if (v < 0) { br.cstStack.len = base; return -1; }
    br.cstStack.push(v);
  }
  let x = getExpr(o, ty, flags, aux, br.words, 0, 0, br.cstStack, base, cnt);
  br.cstStack.len = base;
  return x;
}

function gepExpr(code: i32, r: i32, ty: i32, n: i32): i32 {
  if (n < 2) return badI("Constant GEP record must have at least two elements");
  let i = 0;
  let src = -1;
  if (code == CE_GEP_INRANGE_OLD || code == CE_GEP_INRANGE || code == CE_GEP || (n & 1) != 0) {
    src = typeOf(op(r, i++));
    if (src < 0) return badI("Invalid getelementptr constexpr record");
  }
  let bits: i64 = 0, hasRange = false, lo: i64 = 0, hi: i64 = 0;
  if (code == CE_GEP_INRANGE_OLD) bits = op(r, i++) & 1;
  else if (code == CE_GEP_INRANGE) {
    bits = op(r, i++);
    if (i + 2 >= n) return badI("Invalid getelementptr constexpr record");
    let w = op(r, i++);
    if (w < 1 || w > 64) return badI("Invalid getelementptr constexpr record: inrange width");
    lo = signRotated(op(r, i++)); hi = signRotated(op(r, i++));
    hasRange = true;
  } else if (code == CE_GEP) bits = op(r, i++);
  else if (code == CE_INBOUNDS_GEP) bits = 1;
  if (src < 0) return badI("Invalid getelementptr constexpr record: no source element type");
  let flags = ((bits & 1) != 0 ? F_INBOUNDS | F_GEP_NUSW : 0) | ((bits & 2) != 0 ? F_GEP_NUSW : 0) | ((bits & 4) != 0 ? F_GEP_NUW : 0);
  let base = br.cstStack.len;
  while (i < n) {
    if (i + 1 >= n) { br.cstStack.len = base; return badI("Invalid getelementptr constexpr record"); }
    let et = typeOf(op(r, i));
    if (et < 0) { br.cstStack.len = base; return badI("Invalid getelementptr constexpr record"); }
    let v = operandOf(op(r, i + 1), et);
    if (v < 0) { br.cstStack.len = base; return -1; }
    br.cstStack.push(v);
    i += 2;
  }
  if (br.cstStack.len == base) return badI("Invalid gep with no operands");
  let w0 = br.words.len;
  gepExprWords(src, hasRange, lo, hi, br.words);
  let x = getExpr(Op.GetElementPtr, ty, flags, hasRange ? 1 : 0, br.words, w0, br.words.len - w0, br.cstStack, base, br.cstStack.len - base);
  br.words.len = w0; br.cstStack.len = base;
  return x;
}

// A floating-point constant of scalar type st from ops[from..] of record r (the bit pattern).
function fpConst(st: i32, r: i32, from: i32, n: i32): i32 {
  let k = <i32>tyKind.get(st);
  br.words.clear();
  let a = op(r, from);
  if (k == TK.Half || k == TK.BFloat) br.words.push(<i32>(a & 0xffff));
  else if (k == TK.Float) br.words.push(<i32>(a & 0xffffffff));
  else if (k == TK.Double) { br.words.push(<i32>a); br.words.push(<i32>(a >>> 32)); }
  else if (k == TK.X86FP80) {
    if (n < 2) return badI("Invalid float const record");
    let b = op(r, from + 1);
    let lo = (b & 0xffff) | (a << 16), hi = <i64>(<u64>a >> 48);
    br.words.push(<i32>lo); br.words.push(<i32>(lo >>> 32)); br.words.push(<i32>(hi & 0xffff));
  } else {
    if (n < 2) return badI("Invalid float const record");
    let b = op(r, from + 1);
    br.words.push(<i32>a); br.words.push(<i32>(a >>> 32)); br.words.push(<i32>b); br.words.push(<i32>(b >>> 32));
  }
  return getFP(st, br.words, 0, br.words.len);
}

function splat(ty: i32, c: i32): i32 {
  let n = <i32>tyN.get(ty);
  if (<i32>tyKind.get(ty) == TK.ScalableVector) return badI("Invalid constant: a scalable splat integer");
  let base = br.cstStack.len;
  for (let i = 0; i < n; i++) br.cstStack.push(c);
  let v = getAggregate(VK.ConstVector, ty, br.cstStack, base, n);
  br.cstStack.len = base;
  return v;
}
function allInts(base: i32, n: i32): bool {
  for (let i = 0; i < n; i++) if (<i32>vKind.get(br.cstStack.get(base + i)) != VK.ConstInt) return false;
  return true;
}
function bytesOf(ty: i32, base: i32, n: i32): i32 {
  let p = heap.alloc(n > 0 ? <usize>(n) : 1);
  for (let i = 0; i < n; i++) store<u8>(p + <usize>i, <u8>intLow64(br.cstStack.get(base + i)));
  let s = strtab.intern(p, n);
  heap.free(p);
  return canonicalData(ty, s);
}
function bytesAt(r: i32, from: i32, n: i32): i32 {
  let p = heap.alloc(n > 0 ? <usize>(n) : 1);
  for (let i = 0; i < n; i++) store<u8>(p + <usize>i, <u8>op(r, from + i));
  let s = strtab.intern(p, n);
  heap.free(p);
  return s;
}

// LLVM's binary opcode codes for a value of type ty (floating point: fadd ...); -1 if invalid.
export function binaryOpcode(c: i64, ty: i32): i32 {
  let fp = isFP(scalarType(ty));
  switch (<i32>c) {
    case 0: return fp ? Op.FAdd : Op.Add;
    case 1: return fp ? Op.FSub : Op.Sub;
    case 2: return fp ? Op.FMul : Op.Mul;
    case 3: return fp ? -1 : Op.UDiv;
    case 4: return fp ? Op.FDiv : Op.SDiv;
    case 5: return fp ? -1 : Op.URem;
    case 6: return fp ? Op.FRem : Op.SRem;
    case 7: return fp ? -1 : Op.Shl;
    case 8: return fp ? -1 : Op.LShr;
    case 9: return fp ? -1 : Op.AShr;
    case 10: return fp ? -1 : Op.And;
    case 11: return fp ? -1 : Op.Or;
    case 12: return fp ? -1 : Op.Xor;
  }
  return -1;
}
// The optional-flags operand of a binary operator as the arena's F_ bits.
export function binaryFlags(o: i32, x: i64): i32 {
  if (o == Op.Add || o == Op.Sub || o == Op.Mul || o == Op.Shl) return ((x & 1) != 0 ? F_NUW : 0) | ((x & 2) != 0 ? F_NSW : 0);
  if (o == Op.UDiv || o == Op.SDiv || o == Op.LShr || o == Op.AShr) return (x & 1) != 0 ? F_EXACT : 0;
  if (o == Op.Or) return (x & 1) != 0 ? F_DISJOINT : 0;
  return 0;
}
// LLVM's cast codes 0..12 are our Trunc..AddrSpaceCast in order; 13 is ptrtoaddr (unknown to the
// readers of versions before it).
export function castOpcode(c: i64): i32 {
  if (c >= 0 && c <= 12) return Op.Trunc + <i32>c;
  if (c == 13 && has(Feature.PtrToAddr)) return Op.PtrToAddr;
  return -1;
}
