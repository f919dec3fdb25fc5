// Interned constants. A constant is a value (see values.ts) whose identity is its content:
// kind, type, payload words, flags and operands. Equal constants get equal value ids.
import { zext64 } from "../util/bits";
import { I32Vec } from "../util/vec";
import { ListInterner } from "../util/listintern";
import {
  VK, newValue, vKind, vType, vA, vB, iOp, iFlags, iAux, iExt, ext, appendOperand, operand, numOperands,
} from "./values";
import { TK, tyKind, isInt, intWidth, T_I1, T_I8, elementType } from "./types";
import { Op } from "./opcodes";


// The module's constant uniquing tables (LLVMContext's constant maps): the generic key interning
// and, in front of it, the small-integer cache. One per module at a fixed address in static memory
// (the reader asks for a constant per operand: a field is one load from a constant address);
// newConstantTables() puts a new one there when the arena is reset.
@final class ConstantTables {
  keys: ListInterner = new ListInterner();
  keyToValue: I32Vec = new I32Vec(1024);
  keyOfValue: I32Vec = new I32Vec(1024);   // value id -> key id (-1 for non-constants)
  key: I32Vec = new I32Vec(64);            // the key being built
  noWords: I32Vec = new I32Vec(4);
  words: I32Vec = new I32Vec(8);           // payload scratch of the getters
  // integer constants of width <= 64 by (type + 1, truncated value); see getInt
  icType: StaticArray<i32> = new StaticArray<i32>(1024);
  icVal: StaticArray<u64> = new StaticArray<u64>(1024);
  icId: StaticArray<i32> = new StaticArray<i32>(1024);
  icMask: i32 = 1023;
  icCount: i32 = 0;
}
const CONSTANT_TABLES_SIZE: usize = 64;
const ct: ConstantTables = changetype<ConstantTables>(memory.data(<i32>CONSTANT_TABLES_SIZE, 16));
export function newConstantTables(): void {
  assert(offsetof<ConstantTables>() <= CONSTANT_TABLES_SIZE);
  memory.copy(changetype<usize>(ct), changetype<usize>(new ConstantTables()), offsetof<ConstantTables>());
}

// Key layout: [kind, type, op, flags, aux, nwords, words..., nops, ops...]
function beginKey(kind: i32, type: i32, op: i32, flags: i32, aux: i32): void {
  ct.key.clear(); ct.key.push(kind); ct.key.push(type); ct.key.push(op); ct.key.push(flags); ct.key.push(aux);
}
function finish(kind: i32, type: i32, op: i32, flags: i32, aux: i32, payload: I32Vec, wFrom: i32, nWords: i32,
                ops: I32Vec, oFrom: i32, nOps: i32, extWords: bool): i32 {
  ct.key.push(nWords);
  for (let i = 0; i < nWords; i++) ct.key.push(payload.get(wFrom + i));
  ct.key.push(nOps);
  for (let i = 0; i < nOps; i++) ct.key.push(ops.get(oFrom + i));
  let k = ct.keys.internVec(ct.key, 0, ct.key.len);
  if (k < ct.keyToValue.len && ct.keyToValue.get(k) >= 0) return ct.keyToValue.get(k);
  let v = newValue(kind, type);
  iOp.set(v, <u8>op); iFlags.set(v, flags); iAux.set(v, aux);
  if (nWords > 0) {
    let s = ext.len;
    for (let i = 0; i < nWords; i++) ext.push(payload.get(wFrom + i));
    if (extWords) iExt.set(v, s); else { vA.set(v, s); vB.set(v, nWords); }
  }
  for (let i = 0; i < nOps; i++) appendOperand(v, ops.get(oFrom + i));
  if (k < ct.keyToValue.len) ct.keyToValue.set(k, v); else ct.keyToValue.push(v);
  ct.keyOfValue.fit(v + 1, -1);
  ct.keyOfValue.set(v, k);
  return v;
}
// Forgets constant `c`: the next request for the same content creates a new constant. Used when a
// constant is replaced (builder.ts replaceAllUsesDeep) and its operands are about to be dropped.
export function invalidateConstant(c: i32): void {
  if (c < ct.keyOfValue.len && ct.keyOfValue.get(c) >= 0) { ct.keyToValue.set(ct.keyOfValue.get(c), -1); ct.keyOfValue.set(c, -1); }
}

// Capacity for about n values (index.ts presize), so the per-value key column is not re-copied as it grows.
export function reserveConstants(n: i32): void { ct.keyOfValue.reserve(n); }


export function getSimple(kind: i32, type: i32): i32 {
  beginKey(kind, type, 0, 0, 0);
  return finish(kind, type, 0, 0, 0, ct.noWords, 0, 0, ct.noWords, 0, 0, false);
}
@inline export function getNull(type: i32): i32 { return getSimple(VK.ConstNull, type); }
@inline export function getUndef(type: i32): i32 { return getSimple(VK.ConstUndef, type); }
@inline export function getPoison(type: i32): i32 { return getSimple(VK.ConstPoison, type); }
export function getZero(type: i32): i32 {
  let k = <i32>tyKind.get(type);
  if (k == TK.Int) return getInt(type, 0);
  if (k == TK.Ptr) return getNull(type);
  if (k >= TK.Half && k <= TK.PPCFP128) { ct.words.clear(); ct.words.push(0); ct.words.push(0); ct.words.push(0); ct.words.push(0); return getFP(type, ct.words, 0, k == TK.Half || k == TK.BFloat || k == TK.Float ? 1 : k == TK.Double ? 2 : k == TK.X86FP80 ? 3 : 4); }
  return getSimple(VK.ConstZero, type);
}

// Integer constant from 32-bit little-endian words (already truncated to the width; upper bits zero).
export function getIntWords(type: i32, w: I32Vec, from: i32, n: i32): i32 {
  // Normalise: drop high zero words, but keep at least one.
  while (n > 1 && w.get(from + n - 1) == 0) n--;
  beginKey(VK.ConstInt, type, 0, 0, 0);
  return finish(VK.ConstInt, type, 0, 0, 0, w, from, n, ct.noWords, 0, 0, false);
}
// Integer constants of width <= 64 (most constants in a module) are found through a cache keyed
// by (type, truncated value) before the generic key interning. The cache only remembers what the
// generic path returned, and an entry whose constant was invalidated is ignored, so the ids are
// the same as without it.
@inline function icSlot(type: i32, v: u64, mask: i32): i32 {
  let x = v ^ (<u64>type << 40);
  x ^= x >>> 32; x *= 0x9E3779B97F4A7C15; x ^= x >>> 29;
  return <i32>x & mask;
}
function icGrow(): void {
  let ot = ct.icType, ov = ct.icVal, oi = ct.icId, size = (ct.icMask + 1) << 1, mask = size - 1;
  ct.icType = new StaticArray<i32>(size); ct.icVal = new StaticArray<u64>(size); ct.icId = new StaticArray<i32>(size);
  for (let i = 0; i <= ct.icMask; i++) {
    let t = unchecked(ot[i]);
    if (t == 0) continue;
    let v = unchecked(ov[i]);
    let h = icSlot(t, v, mask);
    while (unchecked(ct.icType[h]) != 0) h = (h + 1) & mask;
    unchecked(ct.icType[h] = t); unchecked(ct.icVal[h] = v); unchecked(ct.icId[h] = unchecked(oi[i]));
  }
  ct.icMask = mask;
}

// Integer constant from an i64, truncated to the type's width.
export function getInt(type: i32, value: i64): i32 {
  let width = intWidth(type);
  if (width <= 64) {
    let v: u64 = <u64>value;
    if (width < 64) v &= (<u64>1 << <u64>width) - 1;
    // type ids are stored +1 so that 0 marks an empty slot
    let t = type + 1, mask = ct.icMask;
    let h = icSlot(t, v, mask);
    while (true) {
      let e = unchecked(ct.icType[h]);
      if (e == 0) break;
      if (e == t && unchecked(ct.icVal[h]) == v) {
        let c = unchecked(ct.icId[h]);
        if (c < ct.keyOfValue.len && ct.keyOfValue.get(c) >= 0) return c;
        c = getIntSlow(type, value, width);
        unchecked(ct.icId[h] = c);
        return c;
      }
      h = (h + 1) & mask;
    }
    let c = getIntSlow(type, value, width);
    unchecked(ct.icType[h] = t); unchecked(ct.icVal[h] = v); unchecked(ct.icId[h] = c);
    if (++ct.icCount * 2 > mask) icGrow();
    return c;
  }
  return getIntSlow(type, value, width);
}
function getIntSlow(type: i32, value: i64, width: i32): i32 {
  let v: u64 = <u64>value;
  if (width < 64) v &= (<u64>1 << <u64>width) - 1;
  ct.words.clear(); ct.words.push(<i32>(v & 0xffffffff)); ct.words.push(<i32>(v >>> 32));
  if (width > 64) {
    let fill = value < 0 ? -1 : 0;
    let n = (width + 31) >> 5;
    for (let i = 2; i < n; i++) ct.words.push(fill);
    // mask the top word
    let top = width & 31;
    if (top != 0 && value < 0) ct.words.set(n - 1, ct.words.get(n - 1) & ((1 << top) - 1));
  }
  return getIntWords(type, ct.words, 0, ct.words.len);
}
@inline export function getBool(b: bool): i32 { return getInt(T_I1, b ? 1 : 0); }
// Low 64 bits of an integer constant (zero-extended).
export function intLow64(c: i32): u64 {
  let s = vA.get(c), n = vB.get(c);
  let lo = zext64(ext.get(s));
  let hi: u64 = n > 1 ? zext64(ext.get(s + 1)) : 0;
  return lo | (hi << 32);
}
// Sign-extended value of an integer constant of width <= 64.
export function intSExt64(c: i32): i64 {
  let width = intWidth(vType.get(c));
  let v = intLow64(c);
  if (width >= 64) return <i64>v;
  let sh = <u64>(64 - width);
  return (<i64>(v << sh)) >> sh;
}
@inline export function intWordCount(c: i32): i32 { return vB.get(c); }
@inline export function intWord(c: i32, i: i32): i32 { return vB.get(c) > i ? ext.get(vA.get(c) + i) : 0; }
export function isZeroInt(c: i32): bool {
  let n = vB.get(c);
  for (let i = 0; i < n; i++) if (ext.get(vA.get(c) + i) != 0) return false;
  return true;
}
export function isOneInt(c: i32): bool {
  return vKind.get(c) == VK.ConstInt && intLow64(c) == 1 && (vB.get(c) <= 2);
}

// Floating-point constant from up to 4 words (bit pattern, little-endian words).
export function getFP(type: i32, w: I32Vec, from: i32, n: i32): i32 {
  beginKey(VK.ConstFP, type, 0, 0, 0);
  return finish(VK.ConstFP, type, 0, 0, 0, w, from, n, ct.noWords, 0, 0, false);
}
export function getFPBits64(type: i32, bits: u64): i32 {
  ct.words.clear(); ct.words.push(<i32>(bits & 0xffffffff)); ct.words.push(<i32>(bits >>> 32));
  return getFP(type, ct.words, 0, 2);
}
export function fpWord(c: i32, i: i32): i32 { return vB.get(c) > i ? ext.get(vA.get(c) + i) : 0; }
export function fpBits64(c: i32): u64 { return zext64(fpWord(c, 0)) | (zext64(fpWord(c, 1)) << 32); }

// Byte string constant ([N x i8] c"..."): vA = strId.
export function getData(type: i32, strId: i32): i32 {
  beginKey(VK.ConstData, type, 0, 0, 0);
  ct.words.clear(); ct.words.push(strId);
  let v = finish(VK.ConstData, type, 0, 0, 0, ct.words, 0, 1, ct.noWords, 0, 0, true);
  vA.set(v, strId);
  return v;
}

export function isNullValue(c: i32): bool {
  let k = <i32>vKind.get(c);
  if (k == VK.ConstZero || k == VK.ConstNull) return true;
  if (k == VK.ConstInt) return isZeroInt(c);
  if (k == VK.ConstFP) { for (let i = 0; vB.get(c) > i; i++) if (fpWord(c, i) != 0) return false; return true; }
  return false;
}

// Aggregate (array, struct, vector) from operands, canonicalised as LLVM does: all zero ->
// zeroinitializer, all undef -> undef, all poison -> poison; arrays of i8 -> byte string.
export function getAggregate(kind: i32, type: i32, ops: I32Vec, from: i32, n: i32): i32 {
  if (n > 0) {
    let allZero = true, allUndef = true, allPoison = true;
    for (let i = 0; i < n; i++) {
      let c = ops.get(from + i);
      let k = <i32>vKind.get(c);
      if (!isNullValue(c)) allZero = false;
      if (k != VK.ConstUndef) allUndef = false;
      if (k != VK.ConstPoison) allPoison = false;
    }
    if (allZero) return getZero(type);
    if (allPoison) return getPoison(type);
    if (allUndef) return getUndef(type);
  }
  beginKey(kind, type, 0, 0, 0);
  return finish(kind, type, 0, 0, 0, ct.noWords, 0, 0, ops, from, n, false);
}

// Constant expression: opcode, flags, aux (predicate / GEP inrange), extra words in `ext` (a GEP's
// source element type, then its inrange bounds when aux == 1; see the accessors below).
export function getExpr(op: i32, type: i32, flags: i32, aux: i32, w: I32Vec, wFrom: i32, nWords: i32,
                        ops: I32Vec, from: i32, n: i32): i32 {
  beginKey(VK.ConstExpr, type, op, flags, aux);
  return finish(VK.ConstExpr, type, op, flags, aux, w, wFrom, nWords, ops, from, n, true);
}
// GEP constant expression words: [source element type, (lower lo, lower hi, upper lo, upper hi)].
// The inrange bounds are index-width (64-bit) integers, as LLVM's ConstantRange keeps them.
export function gepExprWords(srcTy: i32, hasInRange: bool, lo: i64, hi: i64, w: I32Vec): void {
  w.push(srcTy);
  if (hasInRange) { w.push(<i32>lo); w.push(<i32>(lo >>> 32)); w.push(<i32>hi); w.push(<i32>(hi >>> 32)); }
}
@inline export function gepExprSourceType(c: i32): i32 { return ext.get(iExt.get(c)); }
@inline export function gepExprHasInRange(c: i32): bool { return iAux.get(c) == 1; }
function extI64(at: i32): i64 { return <i64>(zext64(ext.get(at)) | (zext64(ext.get(at + 1)) << 32)); }
export function gepExprInRangeLo(c: i32): i64 { return extI64(iExt.get(c) + 1); }
export function gepExprInRangeHi(c: i32): i64 { return extI64(iExt.get(c) + 3); }
// How many extra words a constant expression keeps in `ext`.
export function constExprWordCount(c: i32): i32 {
  if (<i32>iOp.get(c) != Op.GetElementPtr) return 0;
  return gepExprHasInRange(c) ? 5 : 1;
}
// Other operand-only constants (blockaddress, dso_local_equivalent, no_cfi, ptrauth).
export function getWithOperands(kind: i32, type: i32, ops: I32Vec, from: i32, n: i32): i32 {
  beginKey(kind, type, 0, 0, 0);
  return finish(kind, type, 0, 0, 0, ct.noWords, 0, 0, ops, from, n, false);
}
// Inline asm: flags = sideeffect(1) alignstack(2) inteldialect(4) unwind(8); keyed by type, strings, flags.
export function getInlineAsm(type: i32, asmStr: i32, constraints: i32, flags: i32): i32 {
  beginKey(VK.InlineAsm, type, 0, flags, 0);
  ct.words.clear(); ct.words.push(asmStr); ct.words.push(constraints);
  let v = finish(VK.InlineAsm, type, 0, flags, 0, ct.words, 0, 2, ct.noWords, 0, 0, true);
  vA.set(v, asmStr); vB.set(v, constraints);
  return v;
}
export function getMDValue(md: i32): i32 {
  beginKey(VK.MDValue, 2 /* T_METADATA */, 0, 0, 0);
  ct.words.clear(); ct.words.push(md);
  let v = finish(VK.MDValue, 2, 0, 0, 0, ct.words, 0, 1, ct.noWords, 0, 0, true);
  vA.set(v, md);
  return v;
}
export function isConstant(v: i32): bool {
  let k = <i32>vKind.get(v);
  return k >= VK.GlobalVar && k <= VK.PtrAuth;
}
export { numOperands, operand };
