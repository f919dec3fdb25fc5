// Use-list orders, written as opt writes them by default (its -preserve-bc-uselistorder): for each
// value whose uses a bitcode reader would list in another order than the module has them, a
// USELIST record with the permutation that restores the module's order.
//
// A reader adds uses as it creates users; a use joins the front of its value's list, and the uses
// made through a forward reference are moved to the value when it is defined (which reverses them).
// So the order a reader ends up with follows from the order it creates users in, which is modelled
// here the way LLVM's writer models its own reader (ValueEnumerator's predictValueUseListOrder, as
// in LLVM 19 and 22): every user gets an order number (`om`):
//   1. the global values in reverse (variables, aliases, ifuncs, functions: the reader sets
//      initializers last to first), each after the constants among its operands, operands first;
//   2. per defined function: its blocks, the constants its metadata operands and debug records
//      name (metadata is read before the instructions), its arguments, then each instruction after
//      the constants among its operands.
// A value's uses by users numbered after it come first, latest first (a later operand of one user
// first); the uses through forward references follow, earliest first (earlier operand first). A
// global value's uses, and those of a constant numbered with the globals, are all of the first kind.
//
// Records for a function's values, and for the constants and globals a function uses last, go into
// that function's block (the reader has every use by then); the rest into the module's block before
// the function blocks. Records in a block come in reverse order of prediction (LLVM's stack).
//
// Where the arena's operands differ from LLVM's: calls, invokes and callbr keep the callee first
// (LLVM: last), catchpad/cleanuppad their parent pad first (LLVM: last), a conditional br its
// successors as (then, else) (LLVM: else, then), catchswitch its unwind destination last (LLVM:
// second), phi its incoming blocks as operands (LLVM: not uses), a shufflevector constant its mask
// (LLVM: not an operand); arrays and vectors of plain numbers are operand-less data in LLVM.
import { I32Vec, I64Vec, U8Vec } from "../util/vec";
import { sortStable } from "../util/sort";
import {
  VK, vKind, vType, vA, vParent, vFirstUse, iOp, iFlags, iNext, iOps, iDbg, opUser, opNext, operand, numOperands,
} from "../ir/values";
import { TK, tyKind, tyA, T_PTR } from "../ir/types";
import { GK, gKind, gValue, gFirstBlock, gFirstArg, gNumArgs, gFlags, GF_DEFINED, globalCount } from "../ir/globals";
import { MK, mdKind, mdA, mdOps, mdNOps, mdPool, canonicalMD, drKind, drOps, drNOps, drNext, drPool, DR } from "../ir/metadata";
import { Op, F_UNWIND_CALLER } from "../ir/opcodes";
import { liveGlobal, Enumeration, hasHungOperands } from "./enumerate";
import { getNull } from "../ir/constants";

export const USELIST_BLOCK: i32 = 18;
const USELIST_DEFAULT: u32 = 1, USELIST_BB: u32 = 2;

// Sort keys of the current value's uses (by entry), read by UseOrder.less.
let useKeys: I64Vec = new I64Vec();
export function resetUseListWriter(): void { useKeys = new I64Vec(); }
@final class UseOrder {
  @inline less(a: i32, b: i32): bool { return useKeys.get(a) < useKeys.get(b); }
}

@final export class UseLists {
  om: I32Vec = new I32Vec();        // value -> order number (0: not written)
  done: U8Vec = new U8Vec();        // value -> predicted
  count: i32 = 0;
  lastGlobal: i32 = 0;              // order numbers up to here: global values and their initializers
  // the records, in prediction order: value, shuffle (start, length) in `shuffles`
  value: I32Vec = new I32Vec();
  start: I32Vec = new I32Vec();
  len: I32Vec = new I32Vec();
  shuffles: I32Vec = new I32Vec();
  // records [fnFirst, fnEnd) of each global index (a defined function); the module's last
  fnFirst: I32Vec = new I32Vec();
  fnEnd: I32Vec = new I32Vec();
  modFirst: i32 = 0;
  modEnd: i32 = 0;
  // scratch
  stack: I32Vec = new I32Vec(64);
  slots: I32Vec = new I32Vec(64);
  opnos: I32Vec = new I32Vec(64);     // LLVM's operand number of each of `slots`
  users: I32Vec = new I32Vec(64);     // the user of each of `slots` (slots < 0: a function's null operand)
  merged: I32Vec = new I32Vec(64);
  entries: I32Vec = new I32Vec(64);
  tmp: I32Vec = new I32Vec(64);
  e: Enumeration;
  version: i32;
  constructor(e: Enumeration, version: i32) {
    this.e = e; this.version = version;
    let nv = valueCountNow();
    this.om.resize(nv, 0); this.done.resize(nv, 0);
  }
  @inline idOf(v: i32): i32 { return v < this.om.len ? this.om.get(v) : 0; }
  private fit(v: i32): void { if (v >= this.om.len) { this.om.resize(v + 1, 0); this.done.resize(v + 1, 0); } }
  private index(v: i32): void { this.fit(v); this.om.set(v, ++this.count); }

  // ---- order numbers ----
  // Numbers v after the constants among its operands (globals and blocks are numbered elsewhere).
  order(root: i32): void {
    if (root < 0 || this.idOf(root) != 0) return;
    let st = this.stack;
    let base = st.len;
    st.push(root); st.push(0);
    while (st.len > base) {
      let v = st.get(st.len - 2), k = st.get(st.len - 1);
      if (k == 0 && this.idOf(v) != 0) { st.len -= 2; continue; }
      let n = constantOperands(v);
      let next = -1;
      while (k < n) {
        let o = globalOperand(v, k); k++;
        if (o >= 0 && !isGlobal(o) && <i32>vKind.get(o) != VK.Block && this.idOf(o) == 0) { next = o; break; }
      }
      st.set(st.len - 1, k);
      if (next >= 0) { st.push(next); st.push(0); continue; }
      st.len -= 2;
      if (this.idOf(v) == 0) this.index(v);
    }
  }
  // A constant or inline asm: numbered; anything else (a local value) left alone.
  private orderConstant(v: i32): void {
    if (v < 0) return;
    let k = <i32>vKind.get(v);
    if ((k >= VK.GlobalVar && k <= VK.PtrAuth) || k == VK.InlineAsm) this.order(v);
  }
  // The values metadata m stands for (a value, or an argument list's values), to `f`.
  private mdValues(m: i32, predict: bool): void {
    if (m < 0) return;
    let mk = <i32>mdKind.get(m);
    if (mk == MK.Value) { if (predict) this.predict(mdA.get(m)); else this.orderConstant(mdA.get(m)); return; }
    if (mk != MK.ArgList) return;
    let s = mdOps.get(m);
    for (let j = 0, nj = mdNOps.get(m); j < nj; j++) {
      let a = mdPool.get(s + j);
      if (a >= 0 && <i32>mdKind.get(a) == MK.Value) { if (predict) this.predict(mdA.get(a)); else this.orderConstant(mdA.get(a)); }
    }
  }
  // The values instruction i's debug records locate (location, and an assignment's address).
  private recordValues(i: i32, predict: bool): void {
    for (let r = iDbg.get(i); r >= 0; r = drNext.get(r)) {
      let k = <i32>drKind.get(r);
      if (k == DR.Label) continue;
      let s = drOps.get(r);
      this.mdValues(drPool.get(s), predict);
      if (k == DR.Assign && drNOps.get(r) > 4) this.mdValues(drPool.get(s + 4), predict);
    }
  }
  private orderModule(): void {
    let ng = globalCount();
    // global values in reverse (the reader sets initializers last to first), each after the
    // constants it has as operands
    const KINDS: i32[] = [GK.Var, GK.Alias, GK.IFunc, GK.Func];
    for (let p = 0; p < 4; p++) {
      let kind = KINDS[p];
      for (let g = ng - 1; g >= 0; g--) if (<i32>gKind.get(g) == kind && liveGlobal(g)) this.order(gValue.get(g));
    }
    this.lastGlobal = this.count;
    for (let g = 0; g < ng; g++) {
      if (!this.isDefinedFn(g)) continue;
      for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) this.index(b);
      // metadata is read before the instructions: the constants it names first
      for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
        for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
          this.recordValues(i, false);
          for (let k = 0, n = numOperands(i); k < n; k++) {
            let o = operand(i, k);
            if (o >= 0 && <i32>vKind.get(o) == VK.MDValue) this.mdValues(canonicalMD(vA.get(o)), false);
          }
        }
      }
      let a0 = gFirstArg.get(g);
      for (let k = 0, n = gNumArgs.get(g); k < n; k++) this.index(a0 + k);
      for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
        for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
          let n = numOperands(i);
          for (let j = 0; j < n; j++) {
            let k = ourOperand(i, j, n);
            if (k >= 0) this.orderConstant(operand(i, k));
          }
          if (<i32>iOp.get(i) == Op.ShuffleVector) this.order(this.e.shuffleMask(i));
          this.index(i);
        }
      }
    }
  }
  private isDefinedFn(g: i32): bool {
    return <i32>gKind.get(g) == GK.Func && liveGlobal(g) && (gFlags.get(g) & GF_DEFINED) != 0 && gFirstBlock.get(g) >= 0;
  }

  // ---- prediction ----
  private predict(root: i32): void {
    if (root < 0 || this.idOf(root) == 0 || this.done.get(root) != 0) return;
    // an instruction, argument or block: no constant operands to visit after it
    let rk = <i32>vKind.get(root);
    if (rk == VK.Inst || rk == VK.Arg || rk == VK.Block) { this.done.set(root, 1); this.predictOne(root); return; }
    let st = this.stack;
    let base = st.len;
    st.push(root);
    while (st.len > base) {
      let v = st.pop();
      if (v < 0 || this.idOf(v) == 0 || this.done.get(v) != 0) continue;
      this.done.set(v, 1);
      this.predictOne(v);
      // then the constants it has as operands (globals included: a variable's initializer)
      let k = <i32>vKind.get(v);
      if (k < VK.GlobalVar || k > VK.PtrAuth || (k == VK.BlockAddress && this.version >= 22)) continue;
      let n = constantOperands(v);
      // pushed in reverse: visited in operand order
      for (let j = n - 1; j >= 0; j--) {
        let o = globalOperand(v, j);
        if (o >= 0 && isConstant(o)) st.push(o);
      }
    }
  }
  private predictOne(v: i32): void {
    // LLVM 21 and later keep no use-lists for plain constant data (numbers, null, zero, undef,
    // poison, none, arrays and vectors of numbers)
    if (this.version >= 21 && isConstantData(v)) return;
    // fewer than two uses: nothing to order (LLVM 19's `ptr null` has uses the arena lacks)
    let first = vFirstUse.get(v);
    let hungNull = this.version < 21 && <i32>vKind.get(v) == VK.ConstNull && vType.get(v) == T_PTR;
    if (!hungNull && (first < 0 || opNext.get(first) < 0)) return;
    let id = this.idOf(v);
    let slots = this.slots, opnos = this.opnos, users = this.users;
    slots.clear(); opnos.clear(); users.clear();
    let ver = this.version;
    for (let s = first; s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      if (this.idOf(u) == 0) continue;
      let no = llvmOperandNo(u, s - iOps.get(u), ver);
      if (no < 0) continue;
      slots.push(s); opnos.push(no); users.push(u);
    }
    if (hungNull) this.addHungNullUses();
    let n = slots.len;
    if (n < 2) return;
    // LLVM makes an instruction's operands in its operand order, so of one user's uses of v the
    // later operand is the newer (the earlier one after a forward reference was resolved); the
    // arena makes them in its own operand order, which differs for calls (callee first), funclet
    // pads, conditional branches and catchswitch: such a run of adjacent uses of one user is put
    // in LLVM's operand order, in the direction the arena's run has
    for (let a = 0; a < n;) {
      let u = users.get(a);
      let b = a + 1;
      while (b < n && users.get(b) == u) b++;
      if (b - a > 1 && reordersOperands(u)) {
        let base = iOps.get(u);
        let down = true, up = true;
        for (let x = a + 1; x < b; x++) {
          if (slots.get(x) > slots.get(x - 1)) down = false; else up = false;
        }
        if (down || up) {
          for (let x = a + 1; x < b; x++) {
            let t = slots.get(x), tn = opnos.get(x), y = x;
            while (y > a) {
              let pn = opnos.get(y - 1);
              if (down ? pn > tn : pn < tn) break;
              slots.set(y, slots.get(y - 1)); opnos.set(y, pn); y--;
            }
            slots.set(y, t); opnos.set(y, tn);   // (one user's run: `users` is the same)
          }
        }
      }
      a = b;
    }
    // uses by users made after v come first, latest first (later operands first); then the uses
    // through forward references, earliest first (earlier operands first); a global value's uses
    // are all of the first kind
    let isGV = id <= this.lastGlobal;
    useKeys.clear();
    let ents = this.entries;
    ents.clear();
    let sorted = true;
    for (let k = 0; k < n; k++) {
      let lid = <i64>this.idOf(users.get(k));
      let opno = <i64>opnos.get(k);
      if (opno > 0x3fffffff) opno = 0x3fffffff;
      let key: i64;
      if (!isGV && lid <= <i64>id) key = (<i64>1 << 61) | (lid << 30) | opno;
      else key = ((0x7fffffff - lid) << 30) | (0x3fffffff - opno);
      if (k > 0 && useKeys.get(k - 1) > key) sorted = false;
      useKeys.push(key);
      ents.push(k);
    }
    // already in the order the reader makes (the common case): no record
    if (sorted) return;
    sortStable<UseOrder>(ents, 0, n, this.tmp);
    let identity = true;
    for (let k = 0; k < n; k++) if (ents.get(k) != k) { identity = false; break; }
    if (identity) return;
    this.value.push(v);
    this.start.push(this.shuffles.len);
    this.len.push(n);
    for (let k = 0; k < n; k++) this.shuffles.push(ents.get(k));
  }
  // LLVM gives a function with any of personality, prefix and prologue all three operands, the
  // absent ones `ptr null` (LLVM 19 keeps their uses on the null's use-list). Reading text, LLVM
  // makes them as it reads the function's header: after the uses by what comes before the
  // function (global variables, earlier functions), before those by its body and what follows;
  // of one function, the last slot set is the newest. The arena has no such uses: they are put
  // into the list the arena has (newest first) where LLVM has them, as `slots` entries < 0.
  private addHungNullUses(): void {
    let slots = this.slots, opnos = this.opnos, users = this.users, m = this.merged;
    let n = slots.len;
    // each real use's time: its user's place in the module's reading (-1 before every function)
    let times = this.tmp;
    times.clear();
    for (let k = 0; k < n; k++) times.push(useTime(users.get(k), 0));
    m.clear();
    let ng = globalCount();
    let k = 0;
    // functions newest first: module order reversed
    for (let g = ng - 1; g >= -1; g--) {
      let header = 2 * g;
      // real uses made after this function's header come first
      while (k < n && (g < 0 || times.get(k) > header)) { m.push(slots.get(k)); m.push(opnos.get(k)); m.push(users.get(k)); k++; }
      if (g < 0) break;
      if (<i32>gKind.get(g) != GK.Func || !liveGlobal(g)) continue;
      let fv = gValue.get(g);
      if (this.idOf(fv) == 0 || !hasHungOperands(fv)) continue;
      // setting personality, prefix and prologue in turn: the first one present makes the three
      // null operands, each present one leaves the list, each later absent one is set again (to
      // the front)
      let order = 0;   // slots 2, 1, 0 packed newest first
      let cnt = 0, made = false;
      for (let slot = 0; slot < 3; slot++) {
        let present = operand(fv, slot) >= 0;
        if (!made) {
          if (!present) continue;
          made = true;
          order = 2 | (1 << 2) | (0 << 4); cnt = 3;
        }
        // remove slot from the packed list
        let no = 0, nc = 0;
        for (let i = 0; i < cnt; i++) { let x = (order >> (2 * i)) & 3; if (x != slot) { no |= x << (2 * nc); nc++; } }
        order = no; cnt = nc;
        if (!present) { order = (order << 2) | slot; cnt++; }
      }
      for (let i = 0; i < cnt; i++) { let x = (order >> (2 * i)) & 3; m.push(-1 - x); m.push(x); m.push(fv); }
    }
    slots.clear(); opnos.clear(); users.clear();
    for (let i = 0; i < m.len; i += 3) { slots.push(m.get(i)); opnos.push(m.get(i + 1)); users.push(m.get(i + 2)); }
  }
  private predictFunction(g: i32): void {
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) this.predict(b);
    let a0 = gFirstArg.get(g);
    for (let k = 0, n = gNumArgs.get(g); k < n; k++) this.predict(a0 + k);
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
        this.recordValues(i, true);
        let n = numOperands(i);
        for (let j = 0; j < n; j++) {
          let k = ourOperand(i, j, n);
          if (k < 0) continue;
          let o = operand(i, k);
          if (o < 0) continue;
          let ok = <i32>vKind.get(o);
          if (isConstant(o) || ok == VK.InlineAsm) this.predict(o);
          else if (ok == VK.MDValue) this.mdValues(canonicalMD(vA.get(o)), true);
        }
        if (<i32>iOp.get(i) == Op.ShuffleVector) this.predict(this.e.shuffleMask(i));
        this.predict(i);
      }
    }
  }

  // Numbers the module and predicts every value's order.
  run(): void {
    this.orderModule();
    let ng = globalCount();
    this.fnFirst.resize(ng, 0); this.fnEnd.resize(ng, 0);
    for (let g = ng - 1; g >= 0; g--) {
      if (!this.isDefinedFn(g)) continue;
      this.fnFirst.set(g, this.value.len);
      this.predictFunction(g);
      this.fnEnd.set(g, this.value.len);
    }
    this.modFirst = this.value.len;
    for (let pass = 0; pass < 4; pass++)
      for (let g = 0; g < ng; g++) if (<i32>gKind.get(g) == pass && liveGlobal(g)) this.predict(gValue.get(g));
    for (let pass = 0; pass < 4; pass++) {
      for (let g = 0; g < ng; g++) {
        if (<i32>gKind.get(g) != pass || !liveGlobal(g)) continue;
        let v = gValue.get(g);
        if (pass == GK.Var && (gFlags.get(g) & GF_DEFINED) == 0) continue;
        let n = pass == GK.Func ? numOperands(v) : (numOperands(v) > 0 ? 1 : 0);
        for (let k = 0; k < n; k++) this.predict(globalOperand(v, k));
      }
    }
    this.modEnd = this.value.len;
  }
}
import { valueCount as valueCountNow } from "../ir/values";

// When LLVM reading the module's text makes a use by user u: 2g + 1 for an instruction of the
// function with global index g (its header is 2g), 2g for a function's own operand, -1 for a
// global variable, alias or ifunc (read before the functions); a constant's use is made with its
// first user.
function useTime(u: i32, depth: i32): i32 {
  let k = <i32>vKind.get(u);
  if (k == VK.Inst) return 2 * vA.get(vParent.get(vParent.get(u))) + 1;
  if (k == VK.Function) return 2 * vA.get(u);
  if (k >= VK.GlobalVar && k <= VK.IFunc) return -1;
  if (depth > 16) return -1;
  let t = 0x7fffffff;
  for (let s = vFirstUse.get(u); s >= 0; s = opNext.get(s)) {
    let x = useTime(opUser.get(s), depth + 1);
    if (x < t) t = x;
  }
  return t == 0x7fffffff ? -1 : t;
}
// Operand k of global value v as LLVM has it: a function with any of personality, prefix and
// prologue has `ptr null` for the absent ones.
function globalOperand(v: i32, k: i32): i32 {
  let o = operand(v, k);
  if (o < 0 && <i32>vKind.get(v) == VK.Function && hasHungOperands(v)) return getNull(T_PTR);
  return o;
}
@inline function isGlobal(v: i32): bool { let k = <i32>vKind.get(v); return k >= VK.GlobalVar && k <= VK.IFunc; }
// A Constant in LLVM's sense (globals included; not inline asm, not metadata).
@inline function isConstant(v: i32): bool { let k = <i32>vKind.get(v); return k >= VK.GlobalVar && k <= VK.PtrAuth; }

// How many of v's operands LLVM has as a constant's operands (0 for anything that is not such a
// constant, and for arrays and vectors LLVM keeps as plain data).
function constantOperands(v: i32): i32 {
  let k = <i32>vKind.get(v);
  if (k >= VK.GlobalVar && k <= VK.IFunc) return numOperands(v);
  if (k == VK.ConstArray || k == VK.ConstVector) return isPlainData(v) ? 0 : numOperands(v);
  if (k == VK.ConstStruct || k == VK.ConstExpr || (k >= VK.BlockAddress && k <= VK.PtrAuth)) return numOperands(v);
  return 0;
}
// An array or vector of integers (8, 16, 32, 64 bits) or floating-point numbers (half, bfloat,
// float, double), every element a number: LLVM's ConstantDataSequential, which has no operands.
function isPlainData(c: i32): bool {
  let t = vType.get(c);
  let el = tyA.get(t);
  let ek = <i32>tyKind.get(el);
  if (ek == TK.Int) { let w = tyA.get(el); if (w != 8 && w != 16 && w != 32 && w != 64) return false; }
  else if (ek != TK.Half && ek != TK.BFloat && ek != TK.Float && ek != TK.Double) return false;
  for (let k = 0, n = numOperands(c); k < n; k++) {
    let o = operand(c, k);
    if (o < 0) return false;
    let ok = <i32>vKind.get(o);
    if (ok != VK.ConstInt && ok != VK.ConstFP && ok != VK.ConstZero && ok != VK.ConstNull) return false;
  }
  return true;
}

// LLVM's ConstantData: constants without operands or with plain numbers only.
function isConstantData(v: i32): bool {
  let k = <i32>vKind.get(v);
  if (k >= VK.ConstInt && k <= VK.ConstNone) return true;
  if (k == VK.ConstData) return true;
  if (k == VK.ConstArray || k == VK.ConstVector) return isPlainData(v);
  return false;
}

// LLVM's operand number of our operand k of user u; -1 when LLVM has no such use.
function llvmOperandNo(u: i32, k: i32, version: i32): i32 {
  let vk = <i32>vKind.get(u);
  // LLVM 22's blockaddress keeps its function outside its operands
  if (vk == VK.BlockAddress) return version >= 22 ? (k == 0 ? -1 : k - 1) : k;
  if (vk == VK.ConstExpr) return <i32>iOp.get(u) == Op.ShuffleVector && k >= 2 ? -1 : k;
  if (vk == VK.ConstArray || vk == VK.ConstVector) return isPlainData(u) ? -1 : k;
  if (vk != VK.Inst) return k;
  let n = numOperands(u);
  switch (<i32>iOp.get(u)) {
    case Op.Call: case Op.Invoke: case Op.CallBr: case Op.CatchPad: case Op.CleanupPad:
      return k == 0 ? n - 1 : k - 1;
    case Op.Br: return n == 3 && k > 0 ? 3 - k : k;
    case Op.Phi: return (k & 1) != 0 ? -1 : k >> 1;
    case Op.CatchSwitch: {
      if ((iFlags.get(u) & F_UNWIND_CALLER) != 0) return k;
      return k == 0 ? 0 : k == n - 1 ? 1 : k + 1;
    }
  }
  return k;
}
// Does LLVM number instruction u's operands in another order than the arena?
function reordersOperands(u: i32): bool {
  if (<i32>vKind.get(u) != VK.Inst) return false;
  switch (<i32>iOp.get(u)) {
    case Op.Call: case Op.Invoke: case Op.CallBr: case Op.CatchPad: case Op.CleanupPad: case Op.Br: case Op.CatchSwitch:
      return true;
  }
  return false;
}
// Our operand index of LLVM's operand j of instruction i (n operands ours); -1 for none.
function ourOperand(i: i32, j: i32, n: i32): i32 {
  switch (<i32>iOp.get(i)) {
    case Op.Call: case Op.Invoke: case Op.CallBr: case Op.CatchPad: case Op.CleanupPad:
      return j == n - 1 ? 0 : j + 1;
    case Op.Br: return n == 3 && j > 0 ? 3 - j : j;
    case Op.Phi: return j < (n >> 1) ? 2 * j : -1;
    case Op.CatchSwitch: {
      if ((iFlags.get(i) & F_UNWIND_CALLER) != 0) return j;
      return j == 0 ? 0 : j == 1 ? n - 1 : j - 1;
    }
  }
  return j;
}

// ---- writing ----
import { BcWriter } from "./write-module";

// The USELIST block of records [first, end) (none when empty), last record first; `blockNo` gives a
// block's number in its function.
export function writeUseLists(bw: BcWriter, ul: UseLists, first: i32, end: i32, blockNo: I32Vec | null): void {
  if (end <= first) return;
  let w = bw.w, vals = bw.vals, e = bw.e;
  w.enterBlock(USELIST_BLOCK, 3);
  for (let r = end - 1; r >= first; r--) {
    let v = ul.value.get(r);
    vals.clear();
    let s = ul.start.get(r);
    for (let k = 0, n = ul.len.get(r); k < n; k++) vals.push(ul.shuffles.get(s + k));
    let isBB = <i32>vKind.get(v) == VK.Block;
    if (isBB) vals.push(blockNo != null ? blockNo.get(v) : 0);
    else vals.push(e.vid(v));
    w.record(isBB ? USELIST_BB : USELIST_DEFAULT, vals);
  }
  w.endBlock();
}
