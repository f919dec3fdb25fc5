// Value-computing instructions: binary operators, casts, compares, phi, select, vector and
// aggregate element operations.
import { rd } from "./reader";
import { I32Vec } from "../util/vec";
import { lx, T, next } from "./lexer";
import * as K from "./keywords";
import { errorI, errorAtI, eat, parseUInt32, expect, expectWord, isWord, eatWord, checkFeature } from "./pstate";
import { Feature } from "../ir/version";
import { parseType } from "./parse-types";
import { parseTypeAndValue, parseValue, shuffleValid } from "./parse-values";
import { castValid } from "../ir/op-rules";
import { parseCmpPredicate } from "./parse-values";
import {
  TK, tyKind, tyA, tyN, T_I1, T_I32, T_LABEL, T_TOKEN, isInt, isPtr, isFP, isVector, scalarType, withScalar, vectorType,
  memberType, isAggregate, isFirstClass, intWidth, memberCount as memberCountOf,
} from "../ir/types";
import { VK, vKind, vType, iFlags, iExt, ext, operand as operandOf } from "../ir/values";
import { intSExt64 } from "../ir/constants";
import { Op, F_NUW, F_NSW, F_EXACT, F_DISJOINT, F_NNEG, F_SAMESIGN, isFPBinary } from "../ir/opcodes";
import { setPredicate } from "../ir/inst";
import { typeToString } from "./printer-types";
import { make, parseFMF, putBackComma } from "./parse-inst-common";
import { fpMathType } from "./parse-inst-call";

// LLParser's `nuw`? `nsw`? and `nuw` once more when the first was not there: each at most once.
function parseWrapFlags(): i32 {
  let f = eatWord(K.KW_nuw) ? F_NUW : 0;
  if (eatWord(K.KW_nsw)) f |= F_NSW;
  if ((f & F_NUW) == 0 && eatWord(K.KW_nuw)) f |= F_NUW;
  return f;
}
export function parseBinary(op: i32): i32 {
  let flags = 0;
  if (op == Op.Add || op == Op.Sub || op == Op.Mul || op == Op.Shl) {
    flags = parseWrapFlags();
  } else if (op == Op.UDiv || op == Op.SDiv || op == Op.LShr || op == Op.AShr) {
    if (eatWord(K.KW_exact)) flags |= F_EXACT;
  } else if (op == Op.Or) {
    if (eatWord(K.KW_disjoint)) flags |= F_DISJOINT;
  } else if (isFPBinary(op)) flags = parseFMF();
  let base = rd.stack.len;
  let loc = lx.tokStart;
  let logical = op == Op.And || op == Op.Or || op == Op.Xor;
  let a = parseTypeAndValue(); if (a < 0) return -1;
  if (!expect(T.Comma, logical ? "',' in logical operation" : "',' in arithmetic operation")) return -1;
  let b = parseValue(vType.get(a)); if (b < 0) return -1;
  let st = scalarType(vType.get(a));
  if (isFPBinary(op) ? !isFP(st) : !isInt(st)) return errorAtI(logical ? "instruction requires integer or integer vector operands" : "invalid operand type for instruction", loc);
  rd.stack.push(a); rd.stack.push(b);
  let i = make(op, vType.get(a), base); if (i >= 0) iFlags.set(i, flags); return i;
}
export function parseCast(op: i32): i32 {
  let flags = 0;
  if (op == Op.Trunc) flags = parseWrapFlags();
  else if (op == Op.ZExt || op == Op.UIToFP) { if (eatWord(K.KW_nneg)) flags |= F_NNEG; }
  else if (op == Op.FPTrunc || op == Op.FPExt) flags = parseFMF();
  let base = rd.stack.len;
  let loc = lx.tokStart;
  let v = parseTypeAndValue(); if (v < 0) return -1;
  if (!expectWord(K.KW_to, "'to' after cast value")) return -1;
  let t = parseType(); if (t < 0) return -1;
  if (!castValid(op, vType.get(v), t)) return errorAtI("invalid cast opcode for cast from '" + typeToString(vType.get(v)) + "' to '" + typeToString(t) + "'", loc);
  rd.stack.push(v);
  let i = make(op, t, base); if (i >= 0) iFlags.set(i, flags); return i;
}

export function parseCompare(op: i32): i32 {
  let flags = 0;
  if (op == Op.FCmp) flags = parseFMF();
  else if (isWord(K.KW_samesign)) { if (!checkFeature(Feature.SameSign)) return -1; next(); flags |= F_SAMESIGN; }
  let pred = parseCmpPredicate(op == Op.FCmp); if (pred < 0) return -1;
  let base = rd.stack.len;
  let loc = lx.tokStart;
  let a = parseTypeAndValue(); if (a < 0) return -1;
  if (!expect(T.Comma, "',' after compare value")) return -1;
  let b = parseValue(vType.get(a)); if (b < 0) return -1;
  let st = scalarType(vType.get(a));
  if (op == Op.ICmp ? !(isInt(st) || isPtr(st)) : !isFP(st)) return errorAtI(op == Op.ICmp ? "icmp requires integer operands" : "fcmp requires floating point operands", loc);
  rd.stack.push(a); rd.stack.push(b);
  let i = make(op, withScalar(vType.get(a), T_I1), base);
  if (i >= 0) { iFlags.set(i, flags); setPredicate(i, pred); }
  return i;
}

export function parsePhi(opLoc: i32): i32 {
  let flags = parseFMF();
  let tAt = lx.tokStart;
  let t = parseType(false); if (t < 0) return -1;
  let base = rd.stack.len;
  if (!isFirstClass(t) || t == T_LABEL) return errorAtI("phi node must have first class type", tAt);
  // as LLParser: no '[' after the type is a phi without entries; after a comma, a metadata
  // attachment follows (the comma is given back) or the next entry's '['
  let first = true;
  while (true) {
    if (first) {
      if (lx.tok != T.LSquare) break;
      first = false;
    } else {
      if (lx.tok != T.Comma) break;
      next();
      if (lx.tok == T.MetadataVar) { putBackComma(); break; }
    }
    if (!expect(T.LSquare, "'[' in phi value list")) return -1;
    let v = parseValue(t); if (v < 0) return -1;
    if (!expect(T.Comma, "',' after insertelement value")) return -1;
    let b = parseValue(T_LABEL); if (b < 0) return -1;
    if (!expect(T.RSquare, "']' in phi value list")) return -1;
    rd.stack.push(v); rd.stack.push(b);
  }
  if (flags != 0 && !fpMathType(t)) return errorAtI("fast-math-flags specified for phi without floating-point scalar or vector return type", opLoc);
  let i = make(Op.Phi, t, base); if (i >= 0) iFlags.set(i, flags); return i;
}
export function parseSelect(opLoc: i32): i32 {
  let flags = parseFMF();
  let base = rd.stack.len;
  let loc = lx.tokStart;
  let c = parseTypeAndValue(); if (c < 0) return -1;
  if (!expect(T.Comma, "',' after select condition")) return -1;
  let a = parseTypeAndValue(); if (a < 0) return -1;
  if (!expect(T.Comma, "',' after select value")) return -1;
  let b = parseTypeAndValue(); if (b < 0) return -1;
  let why = selectInvalid(vType.get(c), vType.get(a), vType.get(b));
  if (why.length > 0) return errorAtI(why, loc);
  if (flags != 0 && !fpMathType(vType.get(a))) return errorAtI("fast-math-flags specified for select without floating-point scalar or vector return type", opLoc);
  rd.stack.push(c); rd.stack.push(a); rd.stack.push(b);
  let i = make(Op.Select, vType.get(a), base); if (i >= 0) iFlags.set(i, flags); return i;
}

// SelectInst::areInvalidOperands: why a select of these operand types is invalid, "" when valid.
function selectInvalid(c: i32, a: i32, b: i32): string {
  if (a != b) return "both values to select must have same type";
  if (a == T_TOKEN) return "select values cannot have token type";
  if (isVector(c)) {
    if (tyA.get(c) != T_I1) return "vector select condition element type must be i1";
    if (!isVector(a)) return "selected values for vector select must be vectors";
    if (tyN.get(a) != tyN.get(c) || tyKind.get(a) != tyKind.get(c)) return "vector select requires selected vectors to have the same vector length as select condition";
  } else if (c != T_I1) return "select condition must be i1 or <n x i1>";
  return "";
}

export function parseVectorOp(op: i32): i32 {
  let base = rd.stack.len;
  let loc = lx.tokStart;
  let a = parseTypeAndValue(); if (a < 0) return -1;
  rd.stack.push(a);
  if (!expect(T.Comma, op == Op.ExtractElement ? "',' after extract value" : op == Op.InsertElement ? "',' after insertelement value" : "',' after shuffle mask")) return -1;
  let b = parseTypeAndValue(); if (b < 0) return -1;
  let at = vType.get(a);
  if (op == Op.ExtractElement) {
    if (!isVector(at) || !isInt(vType.get(b))) return errorAtI("invalid extractelement operands", loc);
    rd.stack.push(b); return make(op, tyA.get(at), base);
  }
  rd.stack.push(b);
  if (!expect(T.Comma, op == Op.InsertElement ? "',' after insertelement value" : "',' after shuffle value")) return -1;
  let c = parseTypeAndValue(); if (c < 0) return -1;
  if (op == Op.InsertElement) {
    if (!isVector(at) || vType.get(b) != tyA.get(at) || !isInt(vType.get(c))) return errorAtI("invalid insertelement operands", loc);
    rd.stack.push(c); return make(op, at, base);
  }
  // shufflevector: the mask constant becomes a list of ints (-1 for undef/poison lanes)
  if (!shuffleValid(a, b, c)) return errorAtI("invalid shufflevector operands", loc);
  let mt = vType.get(c);
  let n = <i32>tyN.get(mt);
  let scalable = <i32>tyKind.get(mt) == TK.ScalableVector;
  let rt = vectorType(tyA.get(vType.get(a)), n, scalable);
  let i = make(op, rt, base);
  if (i < 0) return -1;
  let s = ext.len;
  ext.push(n);
  let k = <i32>vKind.get(c);
  for (let j = 0; j < n; j++) {
    let m: i32;
    if (k == VK.ConstZero) m = 0;
    else if (k == VK.ConstUndef || k == VK.ConstPoison) m = -1;
    else if (k == VK.ConstVector) {
      let e = operandOf(c, j);
      let ek = <i32>vKind.get(e);
      m = ek == VK.ConstInt ? <i32>intSExt64(e) : -1;
    } else m = -1;
    ext.push(m);
  }
  iExt.set(i, s);
  return i;
}

export function parseAggregateOp(op: i32): i32 {
  let base = rd.stack.len;
  let loc = lx.tokStart, loc1 = -1;
  let a = parseTypeAndValue(); if (a < 0) return -1;
  let at = vType.get(a);
  rd.stack.push(a);
  if (op == Op.InsertValue) {
    if (!expect(T.Comma, "comma after insertvalue operand")) return -1;
    loc1 = lx.tokStart;
    let v = parseTypeAndValue(); if (v < 0) return -1;
    rd.stack.push(v);
  }
  // LLParser::parseIndexList: (',' uint32)+, a comma before metadata given back
  if (lx.tok != T.Comma) return errorI("expected ',' as start of index list");
  rd.maskVec.clear();
  while (eat(T.Comma)) {
    if (lx.tok == T.MetadataVar) {
      if (rd.maskVec.len == 0) return errorI("expected index");
      putBackComma(); break;
    }
    let idx = parseUInt32(); if (idx < 0) return -1;
    rd.maskVec.push(<i32>idx);
  }
  let isExtract = op == Op.ExtractValue;
  if (!isAggregate(at)) return errorAtI(isExtract ? "extractvalue operand must be aggregate type" : "insertvalue operand must be aggregate type", loc);
  let t = at;
  for (let j = 0; j < rd.maskVec.len; j++) {
    let idx = rd.maskVec.get(j);
    let mt = idx >= 0 && isAggregate(t) && <i64>idx < memberCountOf(t) ? memberType(t, idx) : -1;
    if (mt < 0) return errorAtI(isExtract ? "invalid indices for extractvalue" : "invalid indices for insertvalue", loc);
    t = mt;
  }
  if (!isExtract && vType.get(rd.stack.get(base + 1)) != t) return errorAtI("insertvalue operand and field disagree in type: '" + typeToString(vType.get(rd.stack.get(base + 1))) + "' instead of '" + typeToString(t) + "'", loc1);
  let i = make(op, op == Op.ExtractValue ? t : at, base);
  if (i < 0) return -1;
  let s = ext.len; ext.push(rd.maskVec.len);
  for (let j = 0; j < rd.maskVec.len; j++) ext.push(rd.maskVec.get(j));
  iExt.set(i, s);
  return i;
}
