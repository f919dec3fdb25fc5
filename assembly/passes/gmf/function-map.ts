// The stable function map GlobalMergeFunctions builds from a module when it has no codegen data
// (llvm/lib/CGData/StableFunctionMap.cpp, LLVM 22): every eligible function's hash, instruction
// count and ignored operands, grouped by hash in module order, then finalized: a group whose
// members differ in instruction count or in which operands were ignored is dropped; the operand
// locations whose hash is the same in every member are trimmed (they stay constants); a group
// that is not profitable is dropped.
//
// Profitability (isProfitable): at least -global-merging-min-merges functions of at least
// -global-merging-min-instrs instructions; benefit = instructions × (functions − 1) ×
// inst-overhead (the product of the first two in unsigned 32-bit arithmetic, as LLVM); cost = Σ per
// function (its distinct operand hashes × param-overhead + call-overhead) + extra-threshold; no
// function may need more than -global-merging-max-params parameters, nor none when
// -global-merging-skip-no-params; merged when benefit > cost.
//
// A member's pairs are kept in ascending (instruction, operand) order, so the members of a valid
// group (same pair keys) have them at the same positions; `order` is the iteration order of the
// member's map in LLVM.
import { I32Vec, I64Vec, U8Vec } from "../../util/vec";
import { FunctionHashInfo } from "./structural-hash";

// The options of the map (StableFunctionMap.cpp's cl::opts), with opt-22's defaults.
@final export class MergeOptions {
  minMerges: u32 = 2;
  minInstrs: u32 = 1;
  maxParams: u32 = 0xffffffff;
  skipNoParams: bool = true;
  instOverhead: f64 = 1.2;
  paramOverhead: f64 = 2.0;
  callOverhead: f64 = 1.0;
  extraThreshold: f64 = 0.0;
}

// Why finalize kept or dropped a group.
export const enum Verdict {
  Profitable = 0, InstCountDiffers, OperandsDiffer, TooFewFunctions, TooFewInstructions, TooManyParams,
  NoParams, NotProfitable,
}
export const VERDICT_NAMES: string[] = [
  "profitable", "instruction counts differ", "ignored operands differ", "fewer functions than -global-merging-min-merges",
  "fewer instructions than -global-merging-min-instrs", "more parameters than -global-merging-max-params",
  "no parameters (-global-merging-skip-no-params)", "benefit not above cost",
];

@final export class StableFunctionMap {
  entries: FunctionHashInfo[] = [];
  private groupIndex: Map<u64, i32> = new Map<u64, i32>();
  groupHash: I64Vec = new I64Vec(16);
  groupMembers: I32Vec[] = [];        // entry indices, insertion (module) order
  // finalize's results per group
  verdict: I32Vec = new I32Vec(16);
  benefit: Array<f64> = [];
  cost: Array<f64> = [];
  trimmed: U8Vec[] = [];              // per group, per pair position: 1 when erased (identical everywhere)

  @inline groupCount(): i32 { return this.groupHash.len; }
  @inline kept(grp: i32): bool { return this.verdict.get(grp) == Verdict.Profitable; }
  groupOfHash(h: u64): i32 { return this.groupIndex.has(h) ? this.groupIndex.get(h) : -1; }

  insert(info: FunctionHashInfo): void {
    let e = this.entries.length;
    this.entries.push(info);
    let grp = this.groupOfHash(info.hash);
    if (grp < 0) {
      grp = this.groupHash.len;
      this.groupHash.push(<i64>info.hash);
      this.groupMembers.push(new I32Vec(2));
      this.groupIndex.set(info.hash, grp);
    }
    this.groupMembers[grp].push(e);
  }

  // The hash of member j's pair at position p (members of a valid group share positions).
  @inline pairHashOf(grp: i32, j: i32, p: i32): u64 { return <u64>this.entries[this.groupMembers[grp].get(j)].pairHash.get(p); }
  @inline isTrimmed(grp: i32, p: i32): bool { return this.trimmed[grp].get(p) != 0; }

  finalize(o: MergeOptions): void {
    let n = this.groupHash.len;
    this.verdict.clear();
    this.benefit = new Array<f64>(n); this.cost = new Array<f64>(n); this.trimmed = [];
    for (let grp = 0; grp < n; grp++) {
      this.benefit[grp] = 0; this.cost[grp] = 0;
      let ms = this.groupMembers[grp];
      let root = this.entries[ms.get(0)];
      let erased = new U8Vec(root.pairCount() + 1);
      erased.resize(root.pairCount(), 0);
      this.trimmed.push(erased);
      // every member like the root in instruction count and ignored locations
      let v = <i32>Verdict.Profitable;
      for (let j = 1; j < ms.len && v == Verdict.Profitable; j++) {
        let sf = this.entries[ms.get(j)];
        if (sf.instCount() != root.instCount()) v = Verdict.InstCountDiffers;
        else if (!sameLocations(root, sf)) v = Verdict.OperandsDiffer;
      }
      if (v != Verdict.Profitable) { this.verdict.push(v); continue; }
      // trim the locations whose hash is the same in every member
      for (let p = 0; p < root.pairCount(); p++) {
        let h = <u64>root.pairHash.get(p);
        let same = true;
        for (let j = 1; j < ms.len; j++) if (this.pairHashOf(grp, j, p) != h) { same = false; break; }
        if (same) erased.set(p, 1);
      }
      this.verdict.push(this.profitability(grp, o));
    }
  }

  // The number of distinct operand hashes member j keeps (its parameter count in isProfitable).
  distinctHashes(grp: i32, j: i32): i32 {
    let info = this.entries[this.groupMembers[grp].get(j)];
    let seen = new Set<u64>();
    for (let p = 0; p < info.pairCount(); p++) if (!this.isTrimmed(grp, p)) seen.add(<u64>info.pairHash.get(p));
    return seen.size;
  }

  private profitability(grp: i32, o: MergeOptions): i32 {
    let ms = this.groupMembers[grp];
    let count = <u32>ms.len;
    let instCount = <u32>this.entries[ms.get(0)].instCount();
    let benefit = <f64>(instCount * (count - 1)) * o.instOverhead;
    this.benefit[grp] = benefit;
    if (count < o.minMerges) return Verdict.TooFewFunctions;
    if (instCount < o.minInstrs) return Verdict.TooFewInstructions;
    let cost = 0.0;
    for (let j = 0; j < ms.len; j++) {
      let params = <u32>this.distinctHashes(grp, j);
      if (params > o.maxParams) { this.cost[grp] = cost; return Verdict.TooManyParams; }
      if (o.skipNoParams && params == 0) { this.cost[grp] = cost; return Verdict.NoParams; }
      cost += <f64>params * o.paramOverhead + o.callOverhead;
    }
    cost += o.extraThreshold;
    this.cost[grp] = cost;
    return benefit > cost ? Verdict.Profitable : Verdict.NotProfitable;
  }
}

// Whether two functions' ignored operands are at the same (instruction, operand) locations.
function sameLocations(a: FunctionHashInfo, b: FunctionHashInfo): bool {
  let n = a.pairCount();
  if (b.pairCount() != n) return false;
  for (let p = 0; p < n; p++) if (a.pairInst.get(p) != b.pairInst.get(p) || a.pairOp.get(p) != b.pairOp.get(p)) return false;
  return true;
}
