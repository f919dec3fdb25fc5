// A function body's values as the bitcode reader finds them: relative and absolute value ids,
// forward references, typed operand pairs, blocks by index; instructions made and placed in the
// current block; the orderings, sync scopes and alignments records encode.
import { strtab } from "../ir/module";
import { T_VOID, T_LABEL, T_METADATA } from "../ir/types";
import { VK, vKind, vType, vA, vB, iOp, iAux, newValue, appendOperand, appendInst } from "../ir/values";
import { F_FMF_SHIFT, isTerminator, isCallLike } from "../ir/opcodes";
import { has } from "../ir/version";
import { getMDValue } from "../ir/constants";
import { bs } from "./bitstream";
import { br, bad, badI } from "./read-state";
import { typeOf } from "./read-types";
import { getConstant } from "./read-constants";
import { needsExpansion, expandConstant } from "./read-expand";
import { mdAt, getBlock } from "./read-refs";

// ---- values ----
function absId(rel: i64): i64 { return br.relativeIds ? <i64>(<u32>(br.nextValueNo - <i32>rel)) : rel; }

// The value of absolute id `id` with type `ty` (-1: any, only for ids already defined).
export function valueById(id: i64, ty: i32): i32 {
  if (ty == T_METADATA) {
    let m = mdAt(id);
    if (m < 0) return -1;
    return getMDValue(m);
  }
  if (id < 0) return badI("Invalid value id");
  if (id < <i64>br.valueList.len) {
    let k = <i32>id;
    let v = br.valueList.get(k);
    if (br.expandOK && br.valueCst.get(k) >= 0 && needsExpansion(id)) {
      if (ty >= 0 && br.valueTy.get(k) != ty) return badI("Invalid record: value " + id.toString() + " has the wrong type");
      return expandConstant(id);
    }
    if (v < 0 && br.valueCst.get(k) >= 0) v = getConstant(id);
    if (v >= 0) {
      // a value of another type: LLVM's getValue gives null (a constant: the type its record
      // declares, which LLVM's placeholder has, though what it builds may differ: a ptrauth's)
      if (ty >= 0 && (br.valueCst.get(k) >= 0 ? br.valueTy.get(k) : vType.get(v)) != ty) return badI("Invalid record");
      return v;
    }
  }
  if (ty < 0) return badI("Invalid record: value " + id.toString() + " used before it is defined, without a type");
  if (id > <i64>br.valueList.len + (1 << 20)) return badI("Invalid record: value id " + id.toString() + " out of range");
  // a forward reference: a placeholder the definition takes over
  if (id >= <i64>br.valueList.len) { br.valueList.resize(<i32>id + 1, -1); br.valueCst.resize(<i32>id + 1, -1); br.valueTy.resize(<i32>id + 1, -1); }
  if (ty == T_VOID || ty == T_LABEL) return badI("Invalid record: a forward reference of type void or label");
  let p = newValue(VK.Forward, ty);
  br.valueList.set(<i32>id, p); br.valueTy.set(<i32>id, ty);
  br.forwards++;
  return p;
}
// A function-local value a metadata record names (absolute id, its type): a forward reference to
// an instruction not read yet gets the placeholder the instruction takes over. -1 after an error.
export function localValue(id: i64, ty: i32): i32 {
  if (br.fnValue < 0) return badI("Invalid record: a function-local value outside a function");
  return valueById(id, ty);
}
// The value at ops[slot] (relative) of type ty.
export function getVal(slot: i32, ty: i32): i32 {
  if (slot >= bs.ops.len) return badI("Invalid record: too few operands");
  return valueById(absId(bs.ops.get(slot)), ty);
}
// The (value, optional type) pair at ops[*slot]: `pairNext` is the slot after it.
export function getPair(slot: i32): i32 {
  if (slot >= bs.ops.len) return badI("Invalid record: too few operands");
  let id = absId(bs.ops.get(slot));
  if (id < <i64>br.nextValueNo) { br.pairNext = slot + 1; return valueById(id, -1); }
  if (slot + 1 >= bs.ops.len) return badI("Invalid record: a forward reference without its type");
  let t = typeOf(bs.ops.get(slot + 1));
  if (t < 0) return badI("Invalid record: type id");
  br.pairNext = slot + 2;
  return valueById(id, t);
}
// Creates an instruction with operands stk[base..]; a result takes the next value id (its
// placeholder's value when it was used before).
export function make(op: i32, ty: i32, base: i32): i32 {
  let v = -1;
  if (ty != T_VOID) {
    let id = br.nextValueNo;
    if (id < br.valueList.len) {
      let p = br.valueList.get(id);
      if (p >= 0) {
        if (<i32>vKind.get(p) != VK.Forward) { br.stk.len = base; return badI("Invalid record: value id defined twice"); }
        if (vType.get(p) != ty) { br.stk.len = base; return badI("Invalid record: a forward reference has the wrong type"); }
        v = p; vKind.set(v, <u8>VK.Inst); br.forwards--;
      }
    }
  }
  if (v < 0) v = newValue(VK.Inst, ty);
  iOp.set(v, <u8>op);
  for (let i = base; i < br.stk.len; i++) appendOperand(v, br.stk.get(i));
  br.stk.len = base;
  return v;
}

@inline export function fmfOf(x: i64): i32 { return ((x & 1) != 0 ? 0x7f : <i32>(x >> 1) & 0x7f) << F_FMF_SHIFT; }
export function orderingOf(x: i64): i32 { return x < 0 || x > 6 ? -1 : (x >= 3 ? <i32>x + 1 : <i32>x); }
export function scopeOf(x: i64): i32 {
  if (x >= 0 && x < <i64>br.syncScopes.len) { let s = br.syncScopes.get(<i32>x); return strtab.lenOf(s) == 0 ? -1 : s; }
  if (x == 0) return strtab.internStr("singlethread");
  return -1;
}
export function alignOk(x: i64): bool { return x >= 0 && x <= 33; }
@inline export function setAlignEnc(i: i32, x: i64): void { iAux.set(i, (iAux.get(i) & ~63) | <i32>x); }

// Appends instruction i to the current block (a terminator moves on to the next block).
export function place(i: i32, ty: i32): bool {
  if (br.cur >= br.blocks.len) return bad("Invalid instruction with no BB");
  if (br.bundleDesc.len > 0 && !isCallLike(<i32>iOp.get(i))) return bad("Operand bundles found with no consumer");
  let b = getBlock(br.cur); if (b < 0) return false;
  appendInst(b, i);
  br.instList.push(i);
  br.lastInst = i;
  if (ty != T_VOID) {
    let id = br.nextValueNo++;
    // (the next id is the list's end unless a forward reference made it longer)
    if (id == br.valueList.len) { br.valueList.push(i); br.valueCst.push(-1); br.valueTy.push(ty); }
    else {
      if (id > br.valueList.len) { br.valueList.resize(id + 1, -1); br.valueCst.resize(id + 1, -1); br.valueTy.resize(id + 1, -1); }
      br.valueList.set(id, i); br.valueTy.set(id, ty);
    }
  }
  if (isTerminator(<i32>iOp.get(i))) br.cur++;
  return true;
}
