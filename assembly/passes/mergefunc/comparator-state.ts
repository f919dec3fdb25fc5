// The state of MergeFunctions' FunctionComparator for one run (comparator.ts walks the two
// functions with it; the compare-*.ts files read it): the local values' serial numbers, the run's
// GlobalNumberState, the intptr type `ptr` compares as, scratch.
import { I32Vec, U8Vec } from "../../util/vec";
import { intType } from "../../ir/types";
import { pointerSizeInBits } from "../../ir/datalayout";
import { VisitSet, LocalRanges } from "./hash";
import { LocalRange } from "../../ir/query";

// Serial numbers for the local values of one side's function: num[k] is valid when stamp[k] ==
// gen, k being v's index in the function's LocalRange. (A value outside the function's range,
// which valid IR never uses, gets a number from its id, far above any serial number.)
@final class SerialMap {
  num: Int32Array = new Int32Array(0);
  stamp: Int32Array = new Int32Array(0);
  gen: i32 = 0;
  count: i32 = 0;
  private r: LocalRange = new LocalRange();
  begin(ranges: LocalRanges, g: i32): void {
    let r = this.r;
    ranges.fill(g, r);
    let n = r.size;
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
    let k = this.r.index(v);
    if (k < 0) return 0x40000000 + v;
    if (unchecked(this.stamp[k]) == this.gen) return unchecked(this.num[k]);
    unchecked(this.stamp[k] = this.gen);
    let n = this.count++;
    unchecked(this.num[k] = n);
    return n;
  }
}

// The comparator's state for one MergeFunctions run: the two functions being compared (their
// serial numbers, values, the walk), the run's GlobalNumberState, the intptr type `ptr` compares
// as, scratch. The compare functions (here and in compare-*.ts) read it on nearly every step, so
// the run's comparator sits at a fixed address in static memory (`cmp`, as the text reader's
// `rd`): a field is one load from a constant address. newComparator (pass.ts, when a run starts)
// copies a new one there; the run's MergeFunctions holds it, and the next run replaces it.
@final export class FunctionComparator {
  snL: SerialMap = new SerialMap();
  snR: SerialMap = new SerialMap();
  fnL: i32 = -1;                      // function value ids
  fnR: i32 = -1;
  intPtrTy: i32;
  // cmpOperations: whether cmpBasicBlocks compares the operands (not for GEPs, cmpGEPs does)
  needToCmpOperands: bool = true;
  gepOffset: u64 = 0;                 // accumulateConstantOffset's result
  bytesL: U8Vec = new U8Vec(64);
  bytesR: U8Vec = new U8Vec(64);
  visited: VisitSet = new VisitSet();
  stackL: I32Vec = new I32Vec(64);
  stackR: I32Vec = new I32Vec(64);
  globalNum: I32Vec = new I32Vec(64); // global index -> number, -1 = not numbered yet
  nextGlobalNum: i32 = 0;
  ranges: LocalRanges;
  // The data layout is fixed from here on.
  constructor(ranges: LocalRanges) { this.ranges = ranges; this.intPtrTy = intType(pointerSizeInBits(0)); }
}
const COMPARATOR_SIZE: usize = 128;
export const cmp: FunctionComparator = changetype<FunctionComparator>(memory.data(<i32>COMPARATOR_SIZE, 16));
export function newComparator(ranges: LocalRanges): FunctionComparator {
  assert(offsetof<FunctionComparator>() <= COMPARATOR_SIZE);
  memory.copy(changetype<usize>(cmp), changetype<usize>(new FunctionComparator(ranges)), offsetof<FunctionComparator>());
  return cmp;
}
// GlobalNumberState::erase.
export function eraseGlobalNumber(g: i32): void { let gn = cmp.globalNum; if (g < gn.len) gn.set(g, -1); }

export function globalNumber(g: i32): i32 {
  let gn = cmp.globalNum;
  if (g >= gn.len) gn.resize(g + 1, -1);
  let n = gn.get(g);
  if (n < 0) { n = cmp.nextGlobalNum++; gn.set(g, n); }
  return n;
}
