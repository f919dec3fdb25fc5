// Use-list orders, written as opt writes them by default (its -preserve-bc-uselistorder): for each
// value whose uses a bitcode reader would list in another order than the module has them, a
// USELIST record with the permutation that restores the module's order. The order a reader makes
// is predicted by uselist-order.ts (LLVM's model of its own reader, which read-uselist.ts applies
// when reading).
//
// Records for a function's values, and for the constants and globals a function uses last, go into
// that function's block (the reader has every use by then); the rest into the module's block before
// the function blocks. Records in a block come in reverse order of prediction (LLVM's stack).
import { I32Vec, U8Vec } from "../util/vec";
import { VK, vKind, vA, iOp, iNext, operand, numOperands } from "../ir/values";
import { GK, gKind, gValue, gFirstBlock, gFirstArg, gNumArgs, gFlags, GF_DEFINED, globalCount } from "../ir/globals";
import { canonicalMD } from "../ir/metadata";
import { Op } from "../ir/opcodes";
import { liveGlobal } from "./enumerate";
import {
  UseOrderModel, isDefinedFn, isConstant, constantOperands, ourOperand, mdValues, recordValues, globalOperand,
} from "./uselist-order";
import { BcWriter } from "./write-base";

export const USELIST_BLOCK: i32 = 18;
const USELIST_DEFAULT: u32 = 1, USELIST_BB: u32 = 2;

@final export class UseLists {
  m: UseOrderModel;
  done: U8Vec = new U8Vec();        // value -> predicted
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
  stack: I32Vec = new I32Vec(64);
  mdVals: I32Vec = new I32Vec(8);
  constructor(version: i32) {
    this.m = new UseOrderModel(version);
  }

  // ---- prediction ----
  private predict(root: i32): void {
    let m = this.m;
    if (root < 0 || m.idOf(root) == 0 || this.isDone(root)) return;
    // an instruction, argument or block: no constant operands to visit after it
    let rk = <i32>vKind.get(root);
    if (rk == VK.Inst || rk == VK.Arg || rk == VK.Block) { this.done.set(root, 1); this.predictOne(root); return; }
    let st = this.stack;
    let base = st.len;
    st.push(root);
    while (st.len > base) {
      let v = st.pop();
      if (v < 0 || m.idOf(v) == 0 || this.isDone(v)) continue;
      this.done.set(v, 1);
      this.predictOne(v);
      // then the constants it has as operands (globals included: a variable's initializer)
      let k = <i32>vKind.get(v);
      if (k < VK.GlobalVar || k > VK.PtrAuth || (k == VK.BlockAddress && m.version >= 22)) continue;
      let n = constantOperands(v);
      // pushed in reverse: visited in operand order
      for (let j = n - 1; j >= 0; j--) {
        let o = globalOperand(v, j);
        if (o >= 0 && isConstant(o)) st.push(o);
      }
    }
  }
  // (order numbers go to values only, so om's length covers every numbered value)
  @inline private isDone(v: i32): bool {
    if (v >= this.done.len) this.done.resize(v + 1, 0);
    return this.done.get(v) != 0;
  }
  private predictOne(v: i32): void {
    let m = this.m;
    let n = m.readerOrder(v, false, true);
    let ents = m.entries;
    if (n < 2 || ents.len == 0) return;
    let identity = true;
    for (let k = 0; k < n; k++) if (ents.get(k) != k) { identity = false; break; }
    if (identity) return;
    this.value.push(v);
    this.start.push(this.shuffles.len);
    this.len.push(n);
    for (let k = 0; k < n; k++) this.shuffles.push(ents.get(k));
  }
  private predictMDValues(): void {
    let mv = this.mdVals;
    for (let k = 0; k < mv.len; k++) this.predict(mv.get(k));
    mv.clear();
  }
  private predictFunction(g: i32): void {
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) this.predict(b);
    let a0 = gFirstArg.get(g);
    for (let k = 0, n = gNumArgs.get(g); k < n; k++) this.predict(a0 + k);
    let mv = this.mdVals;
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
        mv.clear();
        recordValues(i, mv);
        this.predictMDValues();
        let n = numOperands(i);
        for (let j = 0; j < n; j++) {
          let k = ourOperand(i, j, n);
          if (k < 0) continue;
          let o = operand(i, k);
          if (o < 0) continue;
          let ok = <i32>vKind.get(o);
          if (isConstant(o) || ok == VK.InlineAsm) this.predict(o);
          else if (ok == VK.MDValue) { mdValues(canonicalMD(vA.get(o)), mv); this.predictMDValues(); }
        }
        if (<i32>iOp.get(i) == Op.ShuffleVector) this.predict(this.m.mask(i));
        this.predict(i);
      }
    }
  }

  // Numbers the module and predicts every value's order.
  run(): void {
    this.m.orderModule();
    this.done.resize(this.m.om.len, 0);
    let ng = globalCount();
    this.fnFirst.resize(ng, 0); this.fnEnd.resize(ng, 0);
    for (let g = ng - 1; g >= 0; g--) {
      if (!isDefinedFn(g)) continue;
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

// ---- writing ----

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
