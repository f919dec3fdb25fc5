// Values, instructions, blocks and the operand pool with intrusive use-lists.
// Every value (argument, block, instruction, global, constant, inline asm, metadata-as-value)
// is an i32 id; all columns below are indexed by that id. Instruction columns are reused by
// constants (aggregates and constant expressions keep their operands in the same pool).
import { I32Vec, U8Vec } from "../util/vec";

export const enum VK {
  Forward = 0,      // placeholder for a value referenced before its definition
  Arg, Block, Inst,
  GlobalVar, Function, Alias, IFunc,
  ConstInt, ConstFP, ConstNull, ConstUndef, ConstPoison, ConstZero, ConstNone,
  ConstArray, ConstStruct, ConstVector, ConstData, ConstExpr,
  BlockAddress, DSOLocalEquiv, NoCFI, PtrAuth,
  InlineAsm, MDValue,
  Dead,             // erased
}

// Per value.
export let vKind: U8Vec = new U8Vec();
export let vType: I32Vec = new I32Vec();
export let vName: I32Vec = new I32Vec();     // strId or -1
export let vParent: I32Vec = new I32Vec();   // inst -> block, block/arg -> function value
export let vFirstUse: I32Vec = new I32Vec(); // head of use-list (operand slot) or -1
export let vA: I32Vec = new I32Vec();        // kind payload (see below)
export let vB: I32Vec = new I32Vec();
// Instruction (and constant expression / aggregate) columns.
export let iOp: U8Vec = new U8Vec();
export let iFlags: I32Vec = new I32Vec();
export let iOps: I32Vec = new I32Vec();      // first operand slot
export let iNOps: I32Vec = new I32Vec();
export let iNext: I32Vec = new I32Vec();     // next inst in block / next block in function
export let iPrev: I32Vec = new I32Vec();
export let iAux: I32Vec = new I32Vec();      // packed small fields, per opcode
export let iExt: I32Vec = new I32Vec();      // index into ext pool, per opcode, or -1
export let iMD: I32Vec = new I32Vec();       // metadata attachment list head or -1
export let iDbg: I32Vec = new I32Vec();      // debug record list head or -1
// Payloads:
//  Arg: vA = index. Block: vA = first inst, vB = last inst. Inst: vA = spare, vB = spare.
//  GlobalVar/Function/Alias/IFunc: vA = global index. ConstInt: vA = ext start (i64 words), vB = word count.
//  ConstFP: vA = ext start of (lo, hi) 64-bit words. ConstData: vA = strId of the raw bytes.
//  BlockAddress: operands (function, block). InlineAsm: vA = asm strId, vB = constraint strId, iFlags = dialect/sideeffect/alignstack/unwind.
//  MDValue: vA = metadata id.

// Operand pool: slot -> value, user, next/prev use of the same value.
export let opVal: I32Vec = new I32Vec();
export let opUser: I32Vec = new I32Vec();
export let opNext: I32Vec = new I32Vec();
export let opPrev: I32Vec = new I32Vec();

// Extra per-instruction data (indices, masks, bundle descriptors, types), per opcode.
export let ext: I32Vec = new I32Vec();

export function resetValues(sizeHint: i32): void {
  let n = sizeHint < 1024 ? 1024 : sizeHint;
  vKind = new U8Vec(n); vType = new I32Vec(n); vName = new I32Vec(n); vParent = new I32Vec(n);
  vFirstUse = new I32Vec(n); vA = new I32Vec(n); vB = new I32Vec(n);
  iOp = new U8Vec(n); iFlags = new I32Vec(n); iOps = new I32Vec(n); iNOps = new I32Vec(n);
  iNext = new I32Vec(n); iPrev = new I32Vec(n); iAux = new I32Vec(n); iExt = new I32Vec(n);
  iMD = new I32Vec(n); iDbg = new I32Vec(n);
  opVal = new I32Vec(n * 2); opUser = new I32Vec(n * 2); opNext = new I32Vec(n * 2); opPrev = new I32Vec(n * 2);
  ext = new I32Vec(n >> 3);
}

// The value columns share one length, vKind's: newValue does not store a length per column.
// Before a column is copied to a bigger block, its length is set so the copy takes every value.
function growValueColumns(n: i32): void {
  let live = vKind.len;
  vType.len = live; vName.len = live; vParent.len = live; vFirstUse.len = live; vA.len = live; vB.len = live;
  iOp.len = live; iFlags.len = live; iOps.len = live; iNOps.len = live; iNext.len = live; iPrev.len = live;
  iAux.len = live; iExt.len = live; iMD.len = live; iDbg.len = live;
  vKind.reserve(n); vType.reserve(n); vName.reserve(n); vParent.reserve(n); vFirstUse.reserve(n); vA.reserve(n); vB.reserve(n);
  iOp.reserve(n); iFlags.reserve(n); iOps.reserve(n); iNOps.reserve(n); iNext.reserve(n); iPrev.reserve(n);
  iAux.reserve(n); iExt.reserve(n); iMD.reserve(n); iDbg.reserve(n);
}
@inline function put32(c: I32Vec, o: usize, x: i32): void { store<i32>(c.ptr + o, x); }
export function newValue(kind: i32, type: i32): i32 {
  let id = vKind.len;
  if (id >= vKind.cap || id >= iDbg.cap) growValueColumns(id + 1);
  let o = <usize>id << 2;
  store<u8>(vKind.ptr + <usize>id, <u8>kind); vKind.len = id + 1;
  put32(vType, o, type); put32(vName, o, -1); put32(vParent, o, -1);
  put32(vFirstUse, o, -1); put32(vA, o, -1); put32(vB, o, -1);
  store<u8>(iOp.ptr + <usize>id, 0);
  put32(iFlags, o, 0); put32(iOps, o, 0); put32(iNOps, o, 0); put32(iNext, o, -1);
  put32(iPrev, o, -1); put32(iAux, o, 0); put32(iExt, o, -1); put32(iMD, o, -1); put32(iDbg, o, -1);
  return id;
}
@inline export function valueCount(): i32 { return vKind.len; }
@inline export function kindOfValue(v: i32): i32 { return vKind.get(v); }
@inline export function typeOf(v: i32): i32 { return vType.get(v); }

// ---- operands and use-lists ----

@inline function linkUse(slot: i32, v: i32): void {
  let head = vFirstUse.get(v);
  opNext.set(slot, head); opPrev.set(slot, -1);
  if (head >= 0) opPrev.set(head, slot);
  vFirstUse.set(v, slot);
}
@inline function unlinkUse(slot: i32, v: i32): void {
  let n = opNext.get(slot), p = opPrev.get(slot);
  if (p >= 0) opNext.set(p, n); else vFirstUse.set(v, n);
  if (n >= 0) opPrev.set(n, p);
}

// The operand columns share opVal's length the same way (see growValueColumns).
function growOperandColumns(n: i32): void {
  let live = opVal.len;
  opUser.len = live; opNext.len = live; opPrev.len = live;
  opVal.reserve(n); opUser.reserve(n); opNext.reserve(n); opPrev.reserve(n);
}
// Room for `values` values and `operands` operand slots without growing (a reader that can estimate
// the module's size from its input calls it before building).
export function reserveValues(values: i32, operands: i32): void {
  if (values > vKind.cap || values > iDbg.cap) growValueColumns(values);
  if (operands > opVal.cap || operands > opPrev.cap) growOperandColumns(operands);
}
// Reserves `count` operand slots for `user`, all empty (-1).
export function allocOperands(user: i32, count: i32): i32 {
  let s = opVal.len;
  if (s + count > opVal.cap || s + count > opPrev.cap) growOperandColumns(s + count);
  for (let i = 0; i < count; i++) {
    let o = <usize>(s + i) << 2;
    put32(opVal, o, -1); put32(opUser, o, user); put32(opNext, o, -1); put32(opPrev, o, -1);
  }
  opVal.len = s + count;
  iOps.set(user, s); iNOps.set(user, count);
  return s;
}
// Appends one operand slot to a user whose slots are the last in the pool (parsers build this way).
export function appendOperand(user: i32, v: i32): i32 {
  let s = opVal.len;
  if (s >= opVal.cap || s >= opPrev.cap) growOperandColumns(s + 1);
  let o = <usize>s << 2;
  put32(opVal, o, v); put32(opUser, o, user); put32(opNext, o, -1); put32(opPrev, o, -1);
  opVal.len = s + 1;
  let k = iNOps.get(user);
  if (k == 0) iOps.set(user, s);
  iNOps.set(user, k + 1);
  if (v >= 0) linkUse(s, v);
  return s;
}
@inline export function operand(user: i32, i: i32): i32 { return opVal.get(iOps.get(user) + i); }
@inline export function numOperands(user: i32): i32 { return iNOps.get(user); }
export function setOperandSlot(slot: i32, v: i32): void {
  let old = opVal.get(slot);
  if (old == v) return;
  if (old >= 0) unlinkUse(slot, old);
  opVal.set(slot, v);
  if (v >= 0) linkUse(slot, v);
}
@inline export function setOperand(user: i32, i: i32, v: i32): void { setOperandSlot(iOps.get(user) + i, v); }
// Replaces every use of `from` by `to`: O(uses of from).
export function replaceAllUsesWith(from: i32, to: i32): void {
  let s = vFirstUse.get(from);
  while (s >= 0) {
    let next = opNext.get(s);
    opVal.set(s, to);
    linkUse(s, to);
    s = next;
  }
  vFirstUse.set(from, -1);
}
// Drops all operands of a user (before erasing it).
export function dropOperands(user: i32): void {
  let s = iOps.get(user), n = iNOps.get(user);
  for (let i = 0; i < n; i++) {
    let v = opVal.get(s + i);
    if (v >= 0) { unlinkUse(s + i, v); opVal.set(s + i, -1); }
  }
}
// Puts v's uses in a new order: the uses sorted by to[i], the key of the use at position i (a
// permutation of the list's positions moves the use at i to to[i]).
export function reorderUses(v: i32, to: I32Vec): void {
  // a stable sort of the uses by their index (a counting sort: every index is below n), as LLVM
  // sorts them, so repeated indexes keep their uses' order
  let n = to.len;
  let start = new I32Vec(n + 1);
  start.resize(n + 1, 0);
  for (let k = 0; k < n; k++) start.set(to.get(k) + 1, start.get(to.get(k) + 1) + 1);
  for (let k = 0; k < n; k++) start.set(k + 1, start.get(k + 1) + start.get(k));
  let slots = new I32Vec(n);
  slots.resize(n, -1);
  let i = 0;
  for (let s = vFirstUse.get(v); s >= 0 && i < n; s = opNext.get(s)) {
    let key = to.get(i++);
    let at = start.get(key);
    slots.set(at, s); start.set(key, at + 1);
  }
  let prev = -1;
  for (let k = 0; k < n; k++) {
    let t = slots.get(k);
    opPrev.set(t, prev);
    if (prev >= 0) opNext.set(prev, t); else vFirstUse.set(v, t);
    prev = t;
  }
  if (prev >= 0) opNext.set(prev, -1);
}
// Replaces every use of `from` by `to`, the moved uses becoming `to`'s oldest (the tail of its
// list, in from's order): as if they had been made before any of `to`'s own.
export function replaceAllUsesAsOldest(from: i32, to: i32): void {
  let tail = vFirstUse.get(to);
  if (tail >= 0) while (opNext.get(tail) >= 0) tail = opNext.get(tail);
  let s = vFirstUse.get(from);
  while (s >= 0) {
    let next = opNext.get(s);
    opVal.set(s, to);
    opPrev.set(s, tail); opNext.set(s, -1);
    if (tail >= 0) opNext.set(tail, s); else vFirstUse.set(to, s);
    tail = s;
    s = next;
  }
  vFirstUse.set(from, -1);
}
// A forward placeholder v becomes the definition: its uses are reordered as LLVM's
// replaceAllUsesWith leaves them when its parsers swap a placeholder for the definition. That moves
// the uses one by one from the head of the list to the head of the new value's (so they end up
// reversed), except that a constant user moves all its uses of v at once, in operand order.
// `order` is the caller's scratch (the text reader's).
export function takeOverForwardUses(v: i32, order: I32Vec): void {
  let s = vFirstUse.get(v);
  if (s < 0 || opNext.get(s) < 0) return;
  order.clear();
  // the moves, in order
  for (; s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    let k = <i32>vKind.get(u);
    if (k >= VK.ConstInt && k <= VK.PtrAuth) {
      let first = iOps.get(u), n = iNOps.get(u);
      let firstOfV = -1, count = 0;
      for (let t = first; t < first + n; t++) if (opVal.get(t) == v) { if (firstOfV < 0) firstOfV = t; count++; }
      if (count > 1) {
        // all of them moved with the first of them met
        let seen = false;
        for (let j = 0; j < order.len; j++) if (order.get(j) == firstOfV) { seen = true; break; }
        if (!seen) for (let t = firstOfV; t < first + n; t++) if (opVal.get(t) == v) order.push(t);
        continue;
      }
    }
    order.push(s);
  }
  // relink: the last move is the head
  let prev = -1;
  for (let j = order.len - 1; j >= 0; j--) {
    let t = order.get(j);
    opPrev.set(t, prev);
    if (prev >= 0) opNext.set(prev, t); else vFirstUse.set(v, t);
    prev = t;
  }
  opNext.set(prev, -1);
}
@inline export function hasUses(v: i32): bool { return vFirstUse.get(v) >= 0; }
export function useCount(v: i32): i32 {
  let n = 0;
  for (let s = vFirstUse.get(v); s >= 0; s = opNext.get(s)) n++;
  return n;
}

// ---- instruction and block lists ----

@inline export function firstInst(block: i32): i32 { return vA.get(block); }
@inline export function lastInst(block: i32): i32 { return vB.get(block); }
export function appendInst(block: i32, inst: i32): void {
  let last = vB.get(block);
  iPrev.set(inst, last); iNext.set(inst, -1);
  if (last >= 0) iNext.set(last, inst); else vA.set(block, inst);
  vB.set(block, inst);
  vParent.set(inst, block);
}
export function insertInstBefore(before: i32, inst: i32): void {
  let block = vParent.get(before);
  let prev = iPrev.get(before);
  iPrev.set(inst, prev); iNext.set(inst, before); iPrev.set(before, inst);
  if (prev >= 0) iNext.set(prev, inst); else vA.set(block, inst);
  vParent.set(inst, block);
}
export function unlinkInst(inst: i32): void {
  let block = vParent.get(inst);
  let p = iPrev.get(inst), n = iNext.get(inst);
  if (p >= 0) iNext.set(p, n); else vA.set(block, n);
  if (n >= 0) iPrev.set(n, p); else vB.set(block, p);
  iPrev.set(inst, -1); iNext.set(inst, -1);
}
// Removes an instruction with no remaining uses from its block and drops its operands.
export function eraseInst(inst: i32): void {
  unlinkInst(inst);
  dropOperands(inst);
  vKind.set(inst, <u8>VK.Dead);
}
