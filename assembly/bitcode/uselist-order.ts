// The order in which LLVM's bitcode reader makes a value's uses, predicted over the arena: the model
// the writer uses to decide which USELIST records to write (write-uselist.ts) and the reader uses to
// give each value the use list opt's reader gives it before the records apply (read-uselist.ts).
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
// Where the arena's operands differ from LLVM's: calls, invokes and callbr keep the callee first
// (LLVM: last), catchpad/cleanuppad their parent pad first (LLVM: last), a conditional br its
// successors as (then, else) (LLVM: else, then), catchswitch its unwind destination last (LLVM:
// second), phi its incoming blocks as operands (LLVM: not uses), a shufflevector constant its mask
// (LLVM: not an operand); arrays and vectors of plain numbers are operand-less data in LLVM. Of one
// user's uses of a value, the arena keeps LLVM's order as a direction: a run of them whose slots
// go down stands for LLVM's operand numbers going down (the newest first), and up for up.
import { I32Vec, I64Vec } from "../util/vec";
import {
  VK, vKind, vType, vA, vParent, vFirstUse, iOp, iFlags, iNext, iOps, iDbg, opVal, opUser, opNext, operand, numOperands,
  valueCount,
} from "../ir/values";
import { TK, tyKind, tyA, T_PTR } from "../ir/types";
import { GK, gKind, gValue, gFirstBlock, gFirstArg, gNumArgs, gFlags, GF_DEFINED, globalCount } from "../ir/globals";
import { MK, mdKind, mdA, mdOps, mdNOps, mdPool, canonicalMD, drKind, drOps, drNOps, drNext, drPool, DR } from "../ir/metadata";
import { Op, F_UNWIND_CALLER, isCallLike } from "../ir/opcodes";
import { liveGlobal, shuffleMaskConstant, hasHungOperands } from "./enumerate";
import { getNull } from "../ir/constants";
import { sortStableBy } from "../util/sort";

@final export class UseOrderModel {
  om: I32Vec = new I32Vec();        // value -> order number (0: not numbered)
  count: i32 = 0;
  lastGlobal: i32 = 0;              // order numbers up to here: global values and their initializers
  version: i32;
  masks: I32Vec = new I32Vec();     // shufflevector instruction -> its mask constant (-1: not made)
  // readerOrder's result: v's uses LLVM has (slots, LLVM's operand numbers), in the arena's order;
  // `entries` their indexes in the order LLVM's reader makes them
  slots: I32Vec = new I32Vec(64);
  opnos: I32Vec = new I32Vec(64);
  users: I32Vec = new I32Vec(64);     // the user of each of `slots` (slots < 0: a function's null operand)
  entries: I32Vec = new I32Vec(64);
  moved: bool = false;              // one user's run in `slots` is not in the arena's order
  // scratch
  stack: I32Vec = new I32Vec(64);
  tmp: I32Vec = new I32Vec(64);
  useKeys: I64Vec = new I64Vec();   // the sort keys of the current value's uses, by entry
  keyOrder: UseKeyOrder = new UseKeyOrder(this.useKeys);
  merged: I32Vec = new I32Vec(64);
  mdVals: I32Vec = new I32Vec(8);
  constructor(version: i32) {
    this.version = version;
    this.om.resize(valueCount(), 0);
  }
  @inline idOf(v: i32): i32 { return v < this.om.len ? this.om.get(v) : 0; }
  private index(v: i32): void { if (v >= this.om.len) this.om.resize(v + 1, 0); this.om.set(v, ++this.count); }
  // The constant bitcode stores as shufflevector i's mask (LLVM numbers it; it is no operand).
  mask(i: i32): i32 {
    if (i >= this.masks.len) this.masks.resize(i + 1, -1);
    let c = this.masks.get(i);
    if (c < 0) { c = shuffleMaskConstant(i); this.masks.set(i, c); }
    return c;
  }

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
  // Numbers the whole module (LLVM's orderModule).
  orderModule(): void {
    let ng = globalCount();
    // global values in reverse (the reader sets initializers last to first), each after the
    // constants it has as operands
    const KINDS: i32[] = [GK.Var, GK.Alias, GK.IFunc, GK.Func];
    for (let p = 0; p < 4; p++) {
      let kind = KINDS[p];
      for (let g = ng - 1; g >= 0; g--) if (<i32>gKind.get(g) == kind && liveGlobal(g)) this.order(gValue.get(g));
    }
    this.lastGlobal = this.count;
    let mv = this.mdVals;
    for (let g = 0; g < ng; g++) {
      if (!isDefinedFn(g)) continue;
      for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) this.index(b);
      // metadata is read before the instructions: the constants it names first (metadata operands
      // are calls' only)
      for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
        for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
          let call = isCallLike(<i32>iOp.get(i));
          if (iDbg.get(i) < 0 && !call) continue;
          mv.clear();
          recordValues(i, mv);
          if (call) {
            for (let k = 0, n = numOperands(i); k < n; k++) {
              let o = operand(i, k);
              if (o >= 0 && <i32>vKind.get(o) == VK.MDValue) mdValues(canonicalMD(vA.get(o)), mv);
            }
          }
          for (let k = 0; k < mv.len; k++) this.orderConstant(mv.get(k));
        }
      }
      let a0 = gFirstArg.get(g);
      for (let k = 0, n = gNumArgs.get(g); k < n; k++) this.index(a0 + k);
      for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
        for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
          let n = numOperands(i), op = <i32>iOp.get(i);
          // LLVM's operand order; only where constants can be among the moved operands (a br's,
          // phi's and catchswitch's others are blocks and tokens)
          if (isCallLike(op) || op == Op.CatchPad || op == Op.CleanupPad) {
            for (let j = 0; j < n; j++) this.orderConstant(operand(i, ourOperand(i, j, n)));
          } else {
            let base = iOps.get(i);
            for (let k = 0; k < n; k++) {
              let o = opVal.get(base + k);
              if (o >= 0 && this.idOf(o) == 0) this.orderConstant(o);
            }
            if (op == Op.ShuffleVector) this.order(this.mask(i));
          }
          this.index(i);
        }
      }
    }
  }

  // ---- one value ----
  // v's uses LLVM has by numbered users, and the order LLVM's reader makes them in: fills `slots`
  // and `opnos` (arena order; a run of one user's uses put in LLVM's operand order, in the direction
  // the run has: `moved` when that changed it) and `entries` (indexes into them, in the reader's
  // order, first = head of the list). Returns their number (0 when v has fewer than two, or none
  // LLVM keeps: LLVM 21 and later keep no use lists for plain constant data); `entries` is left
  // empty when the arena order is already the reader's, and then without `all` so are `slots` and
  // `opnos` (nothing to reorder: the common case).
  readerOrder(v: i32, all: bool, withHungNull: bool = false): i32 {
    let slots = this.slots, opnos = this.opnos, users = this.users, ents = this.entries;
    slots.clear(); opnos.clear(); users.clear(); ents.clear();
    this.moved = false;
    // LLVM 19's `ptr null` has uses the arena lacks (a function's absent personality, prefix and
    // prologue: see addHungNullUses); the writer models them, the reader cannot restore them
    let hungNull = withHungNull && this.version < 21 && <i32>vKind.get(v) == VK.ConstNull && vType.get(v) == T_PTR;
    // fewer than two uses: nothing to order
    let first = vFirstUse.get(v);
    if (!hungNull && (first < 0 || opNext.get(first) < 0)) return 0;
    // LLVM 21 and later keep no use-lists for plain constant data (numbers, null, zero, undef,
    // poison, none, arrays and vectors of numbers)
    if (this.version >= 21 && isConstantData(v)) return 0;
    let id = this.idOf(v);
    let ver = this.version;
    let isGV = id <= this.lastGlobal;
    // the uses LLVM has, and whether they are in the reader's order already (keys ascending; see
    // useKey), unless one user's run needs LLVM's operand order first
    let n = 0, sorted = true, runs = false;
    let prevUser = -1, prevKey: i64 = 0;
    for (let s = first; s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      let lid = this.idOf(u);
      if (lid == 0) continue;
      let no = llvmOperandNo(u, s - iOps.get(u), ver);
      if (no < 0) continue;
      if (u == prevUser && reordersOperands(u)) runs = true;
      let key = useKey(lid, no, id, isGV);
      if (n > 0 && prevKey > key) sorted = false;
      prevKey = key; prevUser = u;
      n++;
    }
    if (n < 2 && !hungNull) return 0;
    if (sorted && !runs && !all && !hungNull) return n;
    for (let s = first; s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      if (this.idOf(u) == 0) continue;
      let no = llvmOperandNo(u, s - iOps.get(u), ver);
      if (no < 0) continue;
      slots.push(s); opnos.push(no); users.push(u);
    }
    if (hungNull) {
      this.addHungNullUses();
      n = slots.len;
      if (n < 2) { slots.clear(); opnos.clear(); users.clear(); return 0; }
      sorted = false;
    }
    if (runs) {
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
              if (y != x) this.moved = true;
              slots.set(y, t); opnos.set(y, tn);   // (one user's run: `users` is the same)
            }
          }
        }
        a = b;
      }
      sorted = true;
      for (let k = 1; k < n && sorted; k++) {
        if (useKey(this.idOf(users.get(k - 1)), opnos.get(k - 1), id, isGV) > useKey(this.idOf(users.get(k)), opnos.get(k), id, isGV)) sorted = false;
      }
    }
    // already in the order the reader makes (the common case)
    if (sorted) return n;
    this.useKeys.clear();
    for (let k = 0; k < n; k++) { this.useKeys.push(useKey(this.idOf(users.get(k)), opnos.get(k), id, isGV)); ents.push(k); }
    sortStableBy<UseKeyOrder>(ents, 0, n, this.tmp, this.keyOrder);
    return n;
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
      let order = 0;   // slots packed newest first, two bits each
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
}

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
export function globalOperand(v: i32, k: i32): i32 {
  let o = operand(v, k);
  if (o < 0 && <i32>vKind.get(v) == VK.Function && hasHungOperands(v)) return getNull(T_PTR);
  return o;
}

// The sort key of a use by user number lid, LLVM's operand number opno, of value number id (isGV: a
// global value or a constant numbered with them): the reader's order is the keys' ascending order.
// Uses by users made after the value come first, latest first (later operands first); then the
// uses through forward references, earliest first (earlier operands first); a global value's uses
// are all of the first kind.
@inline function useKey(lid: i32, opno: i32, id: i32, isGV: bool): i64 {
  let l = <i64>lid, o = <i64>(opno > 0x3fffffff ? 0x3fffffff : opno);
  if (!isGV && lid <= id) return (<i64>1 << 61) | (l << 30) | o;
  return ((0x7fffffff - l) << 30) | (0x3fffffff - o);
}

export function isDefinedFn(g: i32): bool {
  return <i32>gKind.get(g) == GK.Func && liveGlobal(g) && (gFlags.get(g) & GF_DEFINED) != 0 && gFirstBlock.get(g) >= 0;
}

// The values metadata m stands for (a value, or an argument list's values), pushed to `out`.
export function mdValues(m: i32, out: I32Vec): void {
  if (m < 0) return;
  let mk = <i32>mdKind.get(m);
  if (mk == MK.Value) { out.push(mdA.get(m)); return; }
  if (mk != MK.ArgList) return;
  let s = mdOps.get(m);
  for (let j = 0, nj = mdNOps.get(m); j < nj; j++) {
    let a = mdPool.get(s + j);
    if (a >= 0 && <i32>mdKind.get(a) == MK.Value) out.push(mdA.get(a));
  }
}
// The values instruction i's debug records locate (location, and an assignment's address), to `out`.
export function recordValues(i: i32, out: I32Vec): void {
  for (let r = iDbg.get(i); r >= 0; r = drNext.get(r)) {
    let k = <i32>drKind.get(r);
    if (k == DR.Label) continue;
    let s = drOps.get(r);
    mdValues(drPool.get(s), out);
    if (k == DR.Assign && drNOps.get(r) > 4) mdValues(drPool.get(s + 4), out);
  }
}

@inline export function isGlobal(v: i32): bool { let k = <i32>vKind.get(v); return k >= VK.GlobalVar && k <= VK.IFunc; }
// A Constant in LLVM's sense (globals included; not inline asm, not metadata).
@inline export function isConstant(v: i32): bool { let k = <i32>vKind.get(v); return k >= VK.GlobalVar && k <= VK.PtrAuth; }

// How many of v's operands LLVM has as a constant's operands (0 for anything that is not such a
// constant, and for arrays and vectors LLVM keeps as plain data).
export function constantOperands(v: i32): i32 {
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
export function isConstantData(v: i32): bool {
  let k = <i32>vKind.get(v);
  if (k >= VK.ConstInt && k <= VK.ConstNone) return true;
  if (k == VK.ConstData) return true;
  if (k == VK.ConstArray || k == VK.ConstVector) return isPlainData(v);
  return false;
}

// LLVM's operand number of our operand k of user u; -1 when LLVM has no such use.
export function llvmOperandNo(u: i32, k: i32, version: i32): i32 {
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
export function reordersOperands(u: i32): bool {
  if (<i32>vKind.get(u) != VK.Inst) return false;
  switch (<i32>iOp.get(u)) {
    case Op.Call: case Op.Invoke: case Op.CallBr: case Op.CatchPad: case Op.CleanupPad: case Op.Br: case Op.CatchSwitch:
      return true;
  }
  return false;
}
// Our operand index of LLVM's operand j of instruction i (n operands ours); -1 for none.
export function ourOperand(i: i32, j: i32, n: i32): i32 {
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

// Entries ordered by their use's sort key (UseOrderModel.useKeys).
@final class UseKeyOrder {
  constructor(public keys: I64Vec) {}
  @inline less(a: i32, b: i32): bool { return this.keys.get(a) < this.keys.get(b); }
}
