// FunctionComparator (llvm/lib/Transforms/Utils/FunctionComparator.cpp, LLVM 19 semantics):
// a total order on functions, -1 / 0 / 1, most significant difference first. Two functions
// compare 0 exactly when opt-19 would consider them mergeable.
//
// Values local to the two functions are associated by serial numbers given on first sight
// (two dense arrays indexed by value id, cleared in O(1) by a generation stamp, instead of LLVM's
// maps). Globals are numbered on first sight for the whole run (GlobalNumberState). Types compare
// with `ptr` in address space 0 equal to the pointer-sized integer of the data layout.
//
// This file holds the comparator's state, the signature and the walk over the two bodies; what
// it compares is in compare-types.ts, compare-values.ts (constants, globals, values),
// compare-attrs.ts, compare-metadata.ts and compare-inst.ts (instructions, blocks).
import { I32Vec, U8Vec } from "../../util/vec";
import { tyFlags, intType, TF_VARARG } from "../../ir/types";
import { gValue, gAttrs, gGC, gSection, gCC, gValueType, gFirstBlock, gFirstArg, gNumArgs } from "../../ir/globals";
import { pointerSizeInBits } from "../../ir/datalayout";
import { VisitSet, terminatorOf, numSuccessors, successor, localLo, localHi } from "./hash";
import { cmpAttrs } from "./compare-attrs";
import { cmpB, cmpI, cmpMem, cmpTypes } from "./compare-types";
import { cmpBasicBlocks } from "./compare-inst";
import { cmpValues } from "./compare-values";

// Serial numbers for the local values of one side's function: num[v - lo] is valid when
// stamp[v - lo] == gen. (A value outside the function's range, which valid IR never uses, gets
// a number from its id, far above any serial number.)
@final class SerialMap {
  num: Int32Array = new Int32Array(0);
  stamp: Int32Array = new Int32Array(0);
  gen: i32 = 0;
  count: i32 = 0;
  lo: i32 = 0;
  hi: i32 = -1;
  begin(g: i32): void {
    this.lo = localLo(g); this.hi = localHi(g);
    let n = this.hi - this.lo + 1;
    if (this.num.length < n) {
      let c = this.num.length < 256 ? 256 : this.num.length;
      while (c < n) c <<= 1;
      this.num = new Int32Array(c); this.stamp = new Int32Array(c); this.gen = 0;
    }
    this.gen++;
    if (this.gen == 0x7fffffff) { this.stamp.fill(0); this.gen = 1; }
    this.count = 0;
  }
  // The serial number of v, assigning the next one on first sight.
  @inline get(v: i32): i32 {
    if (v < this.lo || v > this.hi) return 0x40000000 + v;
    let k = v - this.lo;
    if (unchecked(this.stamp[k]) == this.gen) return unchecked(this.num[k]);
    unchecked(this.stamp[k] = this.gen);
    let n = this.count++;
    unchecked(this.num[k] = n);
    return n;
  }
}

export let snL: SerialMap = new SerialMap();
export let snR: SerialMap = new SerialMap();
let visited: VisitSet = new VisitSet();
let stackL: I32Vec = new I32Vec(64);
let stackR: I32Vec = new I32Vec(64);
export let fnL: i32 = -1, fnR: i32 = -1;          // function value ids
export let intPtrTy: i32 = -1;
let globalNum: I32Vec = new I32Vec(64);   // global index -> number, -1 = not numbered yet
let nextGlobalNum: i32 = 0;
export let bytesL: U8Vec = new U8Vec(64);
export let bytesR: U8Vec = new U8Vec(64);
export function resetComparator(): void {
  snL = new SerialMap(); snR = new SerialMap(); visited = new VisitSet();
  stackL = new I32Vec(64); stackR = new I32Vec(64);
  fnL = -1; fnR = -1; intPtrTy = -1;
  globalNum = new I32Vec(64); nextGlobalNum = 0;
  bytesL = new U8Vec(64); bytesR = new U8Vec(64);
}
// Starts a run: the data layout is fixed from here on. GlobalNumberState is cleared.
export function beginComparatorRun(): void {
  intPtrTy = intType(pointerSizeInBits(0));
  globalNum = new I32Vec(64); nextGlobalNum = 0;
}
// GlobalNumberState::erase.
export function eraseGlobalNumber(g: i32): void { if (g < globalNum.len) globalNum.set(g, -1); }


export function globalNumber(g: i32): i32 {
  if (g >= globalNum.len) globalNum.resize(g + 1, -1);
  let n = globalNum.get(g);
  if (n < 0) { n = nextGlobalNum++; globalNum.set(g, n); }
  return n;
}

function compareSignature(gl: i32, gr: i32): i32 {
  let res = cmpAttrs(gAttrs.get(gl), gAttrs.get(gr)); if (res != 0) return res;
  let hl = gGC.get(gl) >= 0, hr = gGC.get(gr) >= 0;
  res = cmpB(hl, hr); if (res != 0) return res;
  if (hl) { res = cmpMem(gGC.get(gl), gGC.get(gr)); if (res != 0) return res; }
  hl = gSection.get(gl) >= 0; hr = gSection.get(gr) >= 0;
  res = cmpB(hl, hr); if (res != 0) return res;
  if (hl) { res = cmpMem(gSection.get(gl), gSection.get(gr)); if (res != 0) return res; }
  let tl = gValueType.get(gl), tr = gValueType.get(gr);
  res = cmpB((tyFlags.get(tl) & TF_VARARG) != 0, (tyFlags.get(tr) & TF_VARARG) != 0); if (res != 0) return res;
  res = cmpI(gCC.get(gl), gCC.get(gr)); if (res != 0) return res;
  res = cmpTypes(tl, tr); if (res != 0) return res;
  // Associate the arguments, in order.
  let n = gNumArgs.get(gl);
  for (let i = 0; i < n; i++) cmpValues(gFirstArg.get(gl) + i, gFirstArg.get(gr) + i);
  return 0;
}

// FunctionComparator(F, G).compare() for two definitions (global indices).
export function compareFunctions(gl: i32, gr: i32): i32 {
  snL.begin(gl); snR.begin(gr);
  fnL = gValue.get(gl); fnR = gValue.get(gr);
  if (intPtrTy < 0) intPtrTy = intType(pointerSizeInBits(0));
  let res = compareSignature(gl, gr);
  if (res != 0) return res;
  let el = gFirstBlock.get(gl), er = gFirstBlock.get(gr);
  if (el < 0 || er < 0) return cmpB(el >= 0, er >= 0);
  visited.begin(gl);
  stackL.clear(); stackR.clear();
  stackL.push(el); stackR.push(er); visited.visit(el);
  while (stackL.len > 0) {
    let bl = stackL.pop(), br = stackR.pop();
    res = cmpValues(bl, br); if (res != 0) return res;
    res = cmpBasicBlocks(bl, br); if (res != 0) return res;
    let tl = terminatorOf(bl), tr = terminatorOf(br);
    let ns = numSuccessors(tl);
    if (ns != numSuccessors(tr)) return cmpI(ns, numSuccessors(tr));
    for (let i = 0; i < ns; i++) {
      let sl = successor(tl, i);
      if (!visited.visit(sl)) continue;
      stackL.push(sl); stackR.push(successor(tr, i));
    }
  }
  return 0;
}
