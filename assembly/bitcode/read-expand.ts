// Constant expressions an instruction uses that LLVM's reader does not keep as constants
// (BitcodeReader::materializeValue): one whose opcode ConstantExpr no longer has (zext, fneg,
// select, icmp, shl, ...), or one with an operand that is not a constant (an argument or an
// instruction, which only a hand-made record can name), or one with such an operand inside. Each
// use rebuilds it as instructions named "constexpr" (aggregates: "constexpr.ins" insertions),
// placed in the current block before the instruction being read, with no value id. LLVM builds
// them without checking their operands, so the verifier reports what is wrong with them.
// (Phi operands, which LLVM expands in blocks of their own on the edge, are not expanded.)
import { strtab } from "../ir/module";
import {
  TK, tyKind, tyA, tyN, T_I1, T_I32, isVector, isFP, isPtr, scalarType, withScalar, vectorType, listAt,
} from "../ir/types";
import { VK, vKind, vType, vName, iOp, iFlags, iExt, ext, newValue, appendOperand, appendInst, operand } from "../ir/values";
import { Op, F_NUW, F_NSW, F_EXACT, F_INBOUNDS, F_GEP_NUSW, F_GEP_NUW } from "../ir/opcodes";
import { setPredicate } from "../ir/inst";
import { getInt, getPoison, intSExt64 } from "../ir/constants";
import { MAX_NESTING } from "../ir/nesting";
import { br, badI } from "./read-state";
import { typeOf } from "./read-types";
import { getConstant, binaryOpcode, castOpcode } from "./read-constants";
import { getBlock } from "./read-refs";
import { constExprSupported } from "../ir/op-rules";

const AGGREGATE = 7, CE_BINOP = 10, CE_CAST = 11, CE_GEP_OLD = 12, CE_SELECT = 13, CE_EXTRACTELT = 14,
  CE_INSERTELT = 15, CE_SHUFFLEVEC = 16, CE_CMP = 17, CE_SHUFVEC_EX = 19, CE_INBOUNDS_GEP = 20,
  CE_GEP_INRANGE_OLD = 24, CE_UNOP = 25, CE_GEP_INRANGE = 31, CE_GEP = 32;

// A new function body.
// (The verdicts per constant record are kept for the whole module: a body's own records are new
// ones, and a module-level record names module-level values.)
export function resetExpansion(): void { br.expandNames.clear(); br.lastUnique = 0; }

@inline function op(r: i32, i: i32): i64 { return br.cstOps.get(br.cstOpStart.get(r) + i); }

// Whether value id `id` (a constant record) is rebuilt as instructions when an instruction uses it.
export function needsExpansion(id: i64): bool { return expands(id, 0); }

function expands(id: i64, depth: i32): bool {
  if (id < 0 || id >= <i64>br.valueList.len) return false;
  let r = br.valueCst.get(<i32>id);
  if (r < 0) return false;
  while (br.expandMemo.len <= r) br.expandMemo.push(0);
  let m = br.expandMemo.get(r);
  if (m != 0) return m == 2;
  if (depth > MAX_NESTING) return false; // getConstant reports it
  br.expandMemo.set(r, 3);
  let yes = recordExpands(r, depth);
  br.expandMemo.set(r, yes ? 2 : 1);
  return yes;
}
// An operand that is not a constant, or is a constant expression that expands.
function operandExpands(id: i64, depth: i32): bool {
  if (id < 0 || id >= <i64>br.valueList.len) return false;
  if (br.valueCst.get(<i32>id) >= 0) return expands(id, depth + 1);
  let v = br.valueList.get(<i32>id);
  if (v < 0) return false;
  let k = <i32>vKind.get(v);
  return k == VK.Arg || k == VK.Inst || k == VK.Forward;
}
function recordExpands(r: i32, depth: i32): bool {
  let code = br.cstCode.get(r), ty = br.cstType.get(r), n = br.cstOpLen.get(r);
  let from = 0, to = n;
  switch (code) {
    case CE_UNOP: return n >= 2 && op(r, 0) == 0 && isFP(scalarType(ty));
    case CE_BINOP: {
      if (n < 3) return false;
      let o = binaryOpcode(op(r, 0), ty);
      if (o < 0) return false;
      if (!constExprSupported(o)) return true;
      from = 1; to = 3; break;
    }
    case CE_CAST: {
      if (n < 3) return false;
      let o = castOpcode(op(r, 0));
      if (o < 0) return false;
      if (!constExprSupported(o)) return true;
      from = 2; to = 3; break;
    }
    case CE_SELECT: return n >= 3;
    case CE_CMP: return n >= 4;
    case CE_EXTRACTELT: { if (n < 3) return false; if (operandExpands(op(r, 1), depth)) return true; return operandExpands(op(r, n == 4 ? 3 : 2), depth); }
    case CE_INSERTELT: { if (n < 3) return false; if (operandExpands(op(r, 0), depth) || operandExpands(op(r, 1), depth)) return true; return operandExpands(op(r, n == 4 ? 3 : 2), depth); }
    case CE_SHUFFLEVEC: { from = 0; to = 3; break; }
    case CE_SHUFVEC_EX: { from = 1; to = 4; break; }
    case AGGREGATE: {
      let k = <i32>tyKind.get(ty);
      if (!(k == TK.Struct || k == TK.NamedStruct || k == TK.Array || k == TK.Vector)) return false;
      break;
    }
    case CE_GEP_OLD: case CE_INBOUNDS_GEP: case CE_GEP_INRANGE_OLD: case CE_GEP: case CE_GEP_INRANGE: {
      let g = gepOperands(code, r, n);
      if (g < 0) return false;
      for (let i = g + 1; i < n; i += 2) if (operandExpands(op(r, i), depth)) return true;
      return false;
    }
    default: return false;
  }
  if (to > n) return false;
  for (let i = from; i < to; i++) if (operandExpands(op(r, i), depth)) return true;
  return false;
}
// Where a constant GEP record's (type, value) operand pairs start; -1 if it is malformed.
function gepOperands(code: i32, r: i32, n: i32): i32 {
  if (n < 2) return -1;
  let i = 0;
  if (code == CE_GEP_INRANGE_OLD || code == CE_GEP_INRANGE || code == CE_GEP || (n & 1) != 0) i++;
  if (code == CE_GEP_INRANGE_OLD || code == CE_GEP) i++;
  else if (code == CE_GEP_INRANGE) i += 4;
  return i < n ? i : -1;
}

// The instructions for constant value id `id`, used by the instruction being read: the value the
// instruction takes as its operand. -1 after an error.
export function expandConstant(id: i64): i32 {
  br.expandBuilt.clear();
  return build(id);
}

function build(id: i64): i32 {
  for (let i = 0; i < br.expandBuilt.len; i += 2) if (<i64>br.expandBuilt.get(i) == id) return br.expandBuilt.get(i + 1);
  if (id < 0 || id >= <i64>br.valueList.len) return badI("Invalid value ID");
  let v: i32;
  if (!operandExpands(id, 0)) {
    v = br.valueCst.get(<i32>id) >= 0 ? getConstant(id) : br.valueList.get(<i32>id);
    if (v < 0) return br.valueCst.get(<i32>id) >= 0 ? -1 : badI("Invalid value ID");
    return v;
  }
  if (br.valueCst.get(<i32>id) < 0) return br.valueList.get(<i32>id); // an argument or instruction
  v = buildRecord(br.valueCst.get(<i32>id));
  if (v >= 0) { br.expandBuilt.push(<i32>id); br.expandBuilt.push(v); }
  return v;
}

function buildRecord(r: i32): i32 {
  let code = br.cstCode.get(r), ty = br.cstType.get(r), n = br.cstOpLen.get(r);
  let base = br.stk.len;
  switch (code) {
    case CE_CAST: {
      let x = build(op(r, 2)); if (x < 0) return -1;
      br.stk.push(x);
      return inst(castOpcode(op(r, 0)), ty, 0, base, "constexpr");
    }
    case CE_UNOP: {
      let x = build(op(r, 1)); if (x < 0) return -1;
      br.stk.push(x);
      return inst(Op.FNeg, vType.get(x), 0, base, "constexpr");
    }
    case CE_BINOP: {
      let o = binaryOpcode(op(r, 0), ty);
      let a = build(op(r, 1)); if (a < 0) return -1;
      let b = build(op(r, 2)); if (b < 0) return -1;
      // the record's flags: wrap flags and exact (a constant's `or` has no disjoint)
      let flags = 0;
      if (n >= 4) {
        let x = op(r, 3);
        if (o == Op.Add || o == Op.Sub || o == Op.Mul || o == Op.Shl) flags = ((x & 1) != 0 ? F_NUW : 0) | ((x & 2) != 0 ? F_NSW : 0);
        else if (o == Op.UDiv || o == Op.SDiv || o == Op.LShr || o == Op.AShr) flags = (x & 1) != 0 ? F_EXACT : 0;
      }
      br.stk.push(a); br.stk.push(b);
      return inst(o, vType.get(a), flags, base, "constexpr");
    }
    case CE_SELECT: {
      let c = build(op(r, 0)); if (c < 0) return -1;
      let a = build(op(r, 1)); if (a < 0) return -1;
      let b = build(op(r, 2)); if (b < 0) return -1;
      br.stk.push(c); br.stk.push(a); br.stk.push(b);
      return inst(Op.Select, vType.get(a), 0, base, "constexpr");
    }
    case CE_CMP: {
      let ot = typeOf(op(r, 0));
      if (ot < 0) return badI("Invalid cmp constexpr record");
      let fp = isFP(scalarType(ot));
      let pred = op(r, 3);
      if (fp ? (pred < 0 || pred > 15) : (pred < 32 || pred > 41)) return badI("Invalid cmp constexpr record: predicate");
      let a = build(op(r, 1)); if (a < 0) return -1;
      let b = build(op(r, 2)); if (b < 0) return -1;
      br.stk.push(a); br.stk.push(b);
      let at = vType.get(a);
      let i = inst(fp ? Op.FCmp : Op.ICmp, isVector(at) ? withScalar(at, T_I1) : T_I1, 0, base, "constexpr");
      if (i >= 0) setPredicate(i, <i32>pred);
      return i;
    }
    case CE_EXTRACTELT: {
      let vec = build(op(r, 1)); if (vec < 0) return -1;
      let idx = build(op(r, n == 4 ? 3 : 2)); if (idx < 0) return -1;
      if (!isVector(vType.get(vec))) return badI("Invalid extractelement constexpr record: the vector operand is not a vector");
      br.stk.push(vec); br.stk.push(idx);
      return inst(Op.ExtractElement, tyA.get(vType.get(vec)), 0, base, "constexpr");
    }
    case CE_INSERTELT: {
      let vec = build(op(r, 0)); if (vec < 0) return -1;
      let el = build(op(r, 1)); if (el < 0) return -1;
      let idx = build(op(r, n == 4 ? 3 : 2)); if (idx < 0) return -1;
      br.stk.push(vec); br.stk.push(el); br.stk.push(idx);
      return inst(Op.InsertElement, vType.get(vec), 0, base, "constexpr");
    }
    case CE_SHUFFLEVEC: case CE_SHUFVEC_EX: {
      let s = code == CE_SHUFVEC_EX ? 1 : 0;
      let a = build(op(r, s)); if (a < 0) return -1;
      let b = build(op(r, s + 1)); if (b < 0) return -1;
      let m = build(op(r, s + 2)); if (m < 0) return -1;
      let mt = vType.get(m);
      if (!isVector(vType.get(a)) || !isVector(mt) || <i32>vKind.get(m) == VK.Inst) return badI("Invalid shufflevector constexpr record: operands");
      let cnt = <i32>tyN.get(mt);
      let rt = vectorType(tyA.get(vType.get(a)), cnt, <i32>tyKind.get(mt) == TK.ScalableVector);
      br.stk.push(a); br.stk.push(b);
      let i = inst(Op.ShuffleVector, rt, 0, base, "constexpr");
      if (i >= 0) iExt.set(i, shuffleMaskExt(m, cnt));
      return i;
    }
    case AGGREGATE: {
      let k = <i32>tyKind.get(ty);
      let cur = getPoison(ty);
      for (let j = 0; j < n; j++) {
        let x = build(op(r, j)); if (x < 0) return -1;
        br.stk.push(cur); br.stk.push(x);
        if (k == TK.Vector) {
          br.stk.push(getInt(T_I32, j));
          cur = inst(Op.InsertElement, ty, 0, base, "constexpr.ins");
        } else {
          cur = inst(Op.InsertValue, ty, 0, base, "constexpr.ins");
          if (cur >= 0) { let e = ext.len; ext.push(1); ext.push(j); iExt.set(cur, e); }
        }
        if (cur < 0) return -1;
      }
      return cur;
    }
    case CE_GEP_OLD: case CE_INBOUNDS_GEP: case CE_GEP_INRANGE_OLD: case CE_GEP: case CE_GEP_INRANGE: {
      let i = 0;
      let src = -1;
      if (code == CE_GEP_INRANGE_OLD || code == CE_GEP_INRANGE || code == CE_GEP || (n & 1) != 0) src = typeOf(op(r, i++));
      let bits: i64 = 0;
      if (code == CE_GEP_INRANGE_OLD) bits = op(r, i++) & 1;
      else if (code == CE_GEP_INRANGE) { bits = op(r, i); i += 4; }
      else if (code == CE_GEP) bits = op(r, i++);
      else if (code == CE_INBOUNDS_GEP) bits = 1;
      if (src < 0) return badI("Invalid getelementptr constexpr record");
      let rt = -1;
      for (; i + 1 < n; i += 2) {
        let x = build(op(r, i + 1)); if (x < 0) { br.stk.len = base; return -1; }
        let xt = vType.get(x);
        if (rt < 0) rt = xt; // (the base's type, a pointer or not: the verifier reports another)
        else if (isVector(xt) && !isVector(rt)) rt = vectorType(rt, tyN.get(xt), <i32>tyKind.get(xt) == TK.ScalableVector);
        br.stk.push(x);
      }
      if (rt < 0) return badI("Invalid gep with no operands");
      let flags = ((bits & 1) != 0 ? F_INBOUNDS | F_GEP_NUSW : 0) | ((bits & 2) != 0 ? F_GEP_NUSW : 0) | ((bits & 4) != 0 ? F_GEP_NUW : 0);
      let g = inst(Op.GetElementPtr, rt, flags, base, "constexpr");
      if (g >= 0) iExt.set(g, src);
      return g;
    }
  }
  return badI("Invalid constant expression record");
}

// A new instruction with operands stk[base..], in the current block, named uniquely from `name`.
function inst(o: i32, ty: i32, flags: i32, base: i32, name: string): i32 {
  if (br.cur >= br.blocks.len) { br.stk.len = base; return badI("Invalid instruction with no BB"); }
  let b = getBlock(br.cur); if (b < 0) { br.stk.len = base; return -1; }
  let v = newValue(VK.Inst, ty);
  iOp.set(v, <u8>o);
  for (let i = base; i < br.stk.len; i++) appendOperand(v, br.stk.get(i));
  br.stk.len = base;
  iFlags.set(v, flags);
  appendInst(b, v);
  vName.set(v, uniqueName(name));
  return v;
}
// ValueSymbolTable::makeUniqueName: the name, or the name and the table's next number.
function uniqueName(s: string): i32 {
  let id = strtab.internStr(s);
  while (nameUsed(id)) id = strtab.internStr(s + (++br.lastUnique).toString());
  br.expandNames.push(id);
  return id;
}

function nameUsed(id: i32): bool {
  for (let i = 0; i < br.expandNames.len; i++) if (br.expandNames.get(i) == id) return true;
  return false;
}

// A shufflevector's mask lanes (ext pool: count, then each lane, -1 for undef) from constant m.
export function shuffleMaskExt(m: i32, cnt: i32): i32 {
  let e = ext.len; ext.push(cnt);
  let k = <i32>vKind.get(m);
  for (let j = 0; j < cnt; j++) {
    let x: i32;
    if (k == VK.ConstZero) x = 0;
    else if (k == VK.ConstVector) { let el = operand(m, j); x = <i32>vKind.get(el) == VK.ConstInt ? <i32>intSExt64(el) : -1; }
    else x = -1;
    ext.push(x);
  }
  return e;
}
