// The stable function map of LLVM 22's codegen data (llvm/CGData/StableFunctionMap.h): for each
// function hash, the functions that have it, each with its name, its module's name, its
// instruction count and the hashes of the operands the hash left out, by (instruction index,
// operand index). global-merge-func fills one per module (`beginFunction`), llvm-cgdata --merge
// merges the maps of many modules (`merge`) and trims the result (`finalize`); the serialized forms
// are in record.ts (one map) and indexed.ts (the .cgdata file).
//
// As in LLVM:
// - names are interned per map, ids in first-use order; a function interns its function name,
//   then its module name;
// - the functions of one hash keep the order they were added in (merge appends), and the hashes
//   are kept in a model of the std::unordered_map LLVM keeps them in (stdhash.ts), because merge
//   walks the other map in that table's order;
// - a function's operand hashes are kept in the order LLVM's DenseMap of them iterates (which
//   global-merge-func's choice of parameters follows): the DenseMap filled in the order they were
//   added, a repeated (instruction, operand) pair keeping the last hash when added by
//   beginFunction/addOperandHash (as `map[pair] = hash`) and the first when read from a serialized
//   map (as `try_emplace`).
// All state is in the object: a map is made with `new StableFunctionMap()`.
//
// How global-merge-func uses it (GlobalMergeFunc::analyze / merge, LLVM 22):
// - analyze, per eligible function in module order: `beginFunctionNamed(hash, name, module,
//   instCount)` with the function's stable name (util/stable-name.ts `stableNameSpan`) and the module identifier,
//   `addOperandHash(inst, opnd, hash)` for each entry of its IndexOperandHashMap in the order that
//   map iterates, `endFunction()`;
// - -codegen-data-generate: record.ts `writeMapRecord` of the map before finalize, embedded with
//   embed.ts `embedMapBytes`;
// - then `finalize(false, thresholds)` and merging by the map: `findHash(h)` (LLVM's contains /
//   at), the group's functions from `groupFirst(g)` by `nextInGroup(e)` (the first is the root),
//   each one's operand hashes `pairInst/pairOpnd/pairHash(e, k)` in the order LLVM iterates them,
//   `findPair(e, inst, opnd)` for `at(pair)`;
// - -codegen-data-use-path: the map read from the .cgdata file (indexed.ts `readIndexed`; the
//   host's session map, index.ts `cg`), used as it is, without finalize.
import { I32Vec, I64Vec } from "../util/vec";
import { Interner } from "../util/intern";
import { sortValues } from "../util/sort";
import { StdHashOrder } from "./stdhash";
import { PairMap, pairMapOrder } from "../util/densemap";

// A map's names: dense ids in first-use order (LLVM's IdToName / NameToId).
@final export class NameTable extends Interner<u8> {
  constructor() { super(1024, 64, 128); }
  // Byte-wise order of two names (std::string's operator<), -1 / 0 / 1.
  compare(a: i32, b: i32): i32 {
    if (a == b) return 0;
    let la = this.lenOf(a), lb = this.lenOf(b);
    let n = la < lb ? la : lb;
    let c = memory.compare(this.ptrOf(a), this.ptrOf(b), <usize>n);
    if (c != 0) return c < 0 ? -1 : 1;
    return la == lb ? 0 : (la < lb ? -1 : 1);
  }
}

// StableFunctionMap::size's kinds.
export const enum MapSize { UniqueHashCount = 0, TotalFunctionCount = 1, MergeableFunctionCount = 2 }

// The thresholds finalize applies (LLVM's hidden -global-merging-* options), LLVM 22's defaults.
@final export class MergeThresholds {
  minMerges: u32 = 2;           // -global-merging-min-merges
  minInstrs: u32 = 1;           // -global-merging-min-instrs
  maxParams: u32 = 0xffffffff;  // -global-merging-max-params
  skipNoParams: bool = true;    // -global-merging-skip-no-params
  instOverhead: f64 = 1.2;      // -global-merging-inst-overhead
  paramOverhead: f64 = 2.0;     // -global-merging-param-overhead
  callOverhead: f64 = 1.0;      // -global-merging-call-overhead
  extraThreshold: f64 = 0.0;    // -global-merging-extra-threshold
}

// What finalize decided for a group of functions with one hash.
export const enum Verdict {
  Kept = 0, InstCountDiffers, OperandsDiffer, TooFewFunctions, TooFewInstructions, TooManyParams, NoParams, NotProfitable,
}
export const VERDICT_NAMES: string[] = [
  "profitable", "instruction counts differ", "ignored operands differ", "fewer functions than -global-merging-min-merges",
  "fewer instructions than -global-merging-min-instrs", "more parameters than -global-merging-max-params",
  "no parameters (-global-merging-skip-no-params)", "benefit not above cost",
];

// A strict order on entries, for the stable sorts below.
abstract class EntryOrder {
  abstract less(a: i32, b: i32): bool;
}
// By module name (finalize's grouping).
@final class ByModule extends EntryOrder {
  constructor(public m: StableFunctionMap) { super(); }
  less(a: i32, b: i32): bool { let m = this.m; return m.names.compare(m.eMod.get(a), m.eMod.get(b)) < 0; }
}
// By (hash, module name, function name) (the serialized order).
@final class ByHashModuleName extends EntryOrder {
  constructor(public m: StableFunctionMap) { super(); }
  less(a: i32, b: i32): bool {
    let m = this.m;
    let ha = <u64>m.eHash.get(a), hb = <u64>m.eHash.get(b);
    if (ha != hb) return ha < hb;
    let c = m.names.compare(m.eMod.get(a), m.eMod.get(b));
    if (c != 0) return c < 0;
    return m.names.compare(m.eFn.get(a), m.eFn.get(b)) < 0;
  }
}

// Positions of one entry's operand hashes, by (instruction index, operand index).
@final class ByPairKey extends EntryOrder {
  constructor(public m: StableFunctionMap, public base: i32) { super(); }
  less(a: i32, b: i32): bool {
    let m = this.m, p = this.base;
    let ia = <u32>m.pInst.get(p + a), ib = <u32>m.pInst.get(p + b);
    if (ia != ib) return ia < ib;
    return <u32>m.pOpnd.get(p + a) < <u32>m.pOpnd.get(p + b);
  }
}

// Stable merge sort of the ids in v by ord (tmp: scratch).
function stableSort(v: I32Vec, tmp: I32Vec, ord: EntryOrder): void {
  let n = v.len;
  if (n < 2) return;
  if (n <= 16) {
    for (let i = 1; i < n; i++) {
      let x = v.get(i), j = i;
      while (j > 0 && ord.less(x, v.get(j - 1))) { v.set(j, v.get(j - 1)); j--; }
      v.set(j, x);
    }
    return;
  }
  tmp.clear(); tmp.resize(n, 0);
  let src = v, dst = tmp;
  for (let width = 1; width < n; width <<= 1) {
    for (let a = 0; a < n; a += width << 1) {
      let mid = min(a + width, n), end = min(a + (width << 1), n);
      let i = a, j = mid, k = a;
      while (i < mid && j < end) {
        let x = src.get(i), y = src.get(j);
        if (ord.less(y, x)) { dst.set(k++, y); j++; } else { dst.set(k++, x); i++; }
      }
      while (i < mid) dst.set(k++, src.get(i++));
      while (j < end) dst.set(k++, src.get(j++));
    }
    let t = src; src = dst; dst = t;
  }
  if (src !== v) for (let i = 0; i < n; i++) v.set(i, src.get(i));
}

@inline function pairKey(inst: u32, opnd: u32): u64 { return (<u64>inst << 32) | <u64>opnd; }

@final export class StableFunctionMap {
  names: NameTable = new NameTable();
  // Functions (entries), by id in the order they were added.
  eHash: I64Vec = new I64Vec();
  eFn: I32Vec = new I32Vec();       // function name id
  eMod: I32Vec = new I32Vec();      // module name id
  eInst: I32Vec = new I32Vec();     // instruction count (u32 bits)
  ePair: I32Vec = new I32Vec();     // first operand hash in the p* columns
  eNPairs: I32Vec = new I32Vec();   // operand hashes
  eNext: I32Vec = new I32Vec();     // the next function with the same hash, -1
  // Operand hashes: (instruction index, operand index) -> hash; an entry's are consecutive.
  pInst: I32Vec = new I32Vec();
  pOpnd: I32Vec = new I32Vec();
  pHash: I64Vec = new I64Vec();
  // Hashes: group g is node g of `order`; its functions are a list gFirst .. gLast.
  order: StdHashOrder = new StdHashOrder();
  gFirst: I32Vec = new I32Vec();
  gLast: I32Vec = new I32Vec();
  gCount: I32Vec = new I32Vec();    // functions in the group; 0 once finalize erased it
  finalized: bool = false;
  // finalize's decision per group (Verdict), and the benefit and cost profitability weighed
  verdict: I32Vec = new I32Vec();
  benefit: Array<f64> = [];
  cost: Array<f64> = [];
  // scratch
  private t1: I32Vec = new I32Vec();
  private t2: I32Vec = new I32Vec();
  private k1: I64Vec = new I64Vec();
  private layout: PairMap = new PairMap();
  private pending: i32 = -1;        // the entry beginFunction started
  private pendingLast: bool = true;

  // ---- names ----
  intern(p: usize, n: i32): i32 { return this.names.intern(p, n); }
  internStr(s: string): i32 {
    let b = String.UTF8.encode(s, false);
    return this.names.intern(changetype<usize>(b), b.byteLength);
  }
  @inline nameCount(): i32 { return this.names.count; }
  @inline namePtr(id: i32): usize { return this.names.ptrOf(id); }
  @inline nameLen(id: i32): i32 { return this.names.lenOf(id); }

  // ---- functions ----
  @inline entryCount(): i32 { return this.eHash.len; }
  @inline hashOf(e: i32): u64 { return <u64>this.eHash.get(e); }
  @inline functionNameOf(e: i32): i32 { return this.eFn.get(e); }
  @inline moduleNameOf(e: i32): i32 { return this.eMod.get(e); }
  @inline instCountOf(e: i32): u32 { return <u32>this.eInst.get(e); }
  @inline pairCount(e: i32): i32 { return this.eNPairs.get(e); }
  @inline pairInst(e: i32, k: i32): u32 { return <u32>this.pInst.get(this.ePair.get(e) + k); }
  @inline pairOpnd(e: i32, k: i32): u32 { return <u32>this.pOpnd.get(this.ePair.get(e) + k); }
  @inline pairHash(e: i32, k: i32): u64 { return <u64>this.pHash.get(this.ePair.get(e) + k); }
  // The position of (inst, opnd) among e's operand hashes, or -1.
  findPair(e: i32, inst: u32, opnd: u32): i32 {
    let p = this.ePair.get(e), n = this.eNPairs.get(e);
    for (let k = 0; k < n; k++) if (<u32>this.pInst.get(p + k) == inst && <u32>this.pOpnd.get(p + k) == opnd) return k;
    return -1;
  }

  // ---- hashes (LLVM's contains / at) ----
  // The group of functions with hash h, or -1.
  findHash(h: u64): i32 { let g = this.order.find(h); return g >= 0 && this.gCount.get(g) > 0 ? g : -1; }
  @inline contains(h: u64): bool { return this.findHash(h) >= 0; }
  @inline groupFirst(g: i32): i32 { return this.gFirst.get(g); }
  @inline groupSize(g: i32): i32 { return this.gCount.get(g); }
  @inline nextInGroup(e: i32): i32 { return this.eNext.get(e); }
  @inline groupHash(g: i32): u64 { return this.order.keyOf(g); }
  // The groups in the order LLVM's table walks them: firstGroup() then nextGroup(g) until -1.
  @inline firstGroup(): i32 { return this.order.first(); }
  @inline nextGroup(g: i32): i32 { return this.order.nextOf(g); }

  // The group of hash h, made (empty) when there is none (`HashToFuncs[h]`).
  private groupFor(h: u64): i32 {
    let g = this.order.find(h);
    if (g >= 0) return g;
    g = this.order.insert(h);
    this.gFirst.push(-1); this.gLast.push(-1); this.gCount.push(0);
    return g;
  }

  // A new entry (no operand hashes yet) at the end of its hash's group.
  private newEntry(h: u64, fn: i32, mod: i32, inst: u32): i32 {
    let e = this.eHash.push(<i64>h);
    this.eFn.push(fn); this.eMod.push(mod); this.eInst.push(<i32>inst);
    this.ePair.push(this.pInst.len); this.eNPairs.push(0); this.eNext.push(-1);
    let g = this.groupFor(h);
    let last = this.gLast.get(g);
    if (last >= 0) this.eNext.set(last, e); else this.gFirst.set(g, e);
    this.gLast.set(g, e);
    this.gCount.set(g, this.gCount.get(g) + 1);
    return e;
  }
  // Appends an operand hash to entry e, which must be the last entry made.
  @inline private pushPair(e: i32, inst: u32, opnd: u32, h: u64): void {
    this.pInst.push(<i32>inst); this.pOpnd.push(<i32>opnd); this.pHash.push(<i64>h);
    this.eNPairs.set(e, this.eNPairs.get(e) + 1);
  }
  // Folds repeated (inst, opnd) pairs of entry e into their first position, with the last hash
  // (keepLast) or the first.
  private dedupePairs(e: i32, keepLast: bool): void {
    let p = this.ePair.get(e), n = this.eNPairs.get(e);
    if (n < 2) return;
    let keys = this.k1; keys.clear();
    for (let k = 0; k < n; k++) keys.push(<i64>pairKey(<u32>this.pInst.get(p + k), <u32>this.pOpnd.get(p + k)));
    sortValues<u64>(keys.ptr, n);
    let dup = false;
    for (let k = 1; k < n && !dup; k++) if (keys.get(k) == keys.get(k - 1)) dup = true;
    if (!dup) return;
    let w = 0;
    for (let k = 0; k < n; k++) {
      let inst = this.pInst.get(p + k), opnd = this.pOpnd.get(p + k), h = this.pHash.get(p + k);
      let seen = -1;
      for (let j = 0; j < w; j++) if (this.pInst.get(p + j) == inst && this.pOpnd.get(p + j) == opnd) { seen = j; break; }
      if (seen >= 0) { if (keepLast) this.pHash.set(p + seen, h); continue; }
      this.pInst.set(p + w, inst); this.pOpnd.set(p + w, opnd); this.pHash.set(p + w, h);
      w++;
    }
    this.eNPairs.set(e, w);
    this.pInst.len = p + w; this.pOpnd.len = p + w; this.pHash.len = p + w;
  }

  // Puts entry e's operand hashes (the last entry made, in insertion order) in the order LLVM's
  // IndexOperandHashMap, a DenseMap filled in that order, iterates them. Nothing later changes
  // that order: merge copies the map (the same buckets) and finalize only erases.
  private orderAsDenseMap(e: i32): void {
    let p = this.ePair.get(e), n = this.eNPairs.get(e);
    if (n < 2) return;
    let order = this.t2;
    pairMapOrder(this.layout, this.pInst, this.pOpnd, p, n, order);
    let keys = this.k1; keys.clear();
    for (let k = 0; k < n; k++) keys.push(this.pHash.get(p + k));
    let ii = new I32Vec(n), oo = new I32Vec(n);
    for (let k = 0; k < n; k++) { ii.push(this.pInst.get(p + k)); oo.push(this.pOpnd.get(p + k)); }
    for (let k = 0; k < n; k++) {
      let j = order.get(k);
      this.pInst.set(p + k, ii.get(j)); this.pOpnd.set(p + k, oo.get(j)); this.pHash.set(p + k, keys.get(j));
    }
  }

  // StableFunctionMap::insert(StableFunction): beginFunction, addOperandHash for each ignored
  // operand (in the order the function's hash info lists them), endFunction. The names are ids
  // of this map (intern them function name first, then module name, as LLVM does).
  beginFunction(h: u64, fnName: i32, modName: i32, instCount: u32): i32 {
    assert(!this.finalized, "cannot insert after finalization");
    let e = this.newEntry(h, fnName, modName, instCount);
    this.pending = e; this.pendingLast = true;
    return e;
  }
  addOperandHash(inst: u32, opnd: u32, h: u64): void { this.pushPair(this.pending, inst, opnd, h); }
  endFunction(): void {
    if (this.pending >= 0) { this.dedupePairs(this.pending, this.pendingLast); this.orderAsDenseMap(this.pending); }
    this.pending = -1;
  }
  // The same, the names given as bytes (interned function name first).
  beginFunctionNamed(h: u64, fnPtr: usize, fnLen: i32, modPtr: usize, modLen: i32, instCount: u32): i32 {
    let fn = this.intern(fnPtr, fnLen);
    let mod = this.intern(modPtr, modLen);
    return this.beginFunction(h, fn, mod, instCount);
  }

  // A function read from a serialized map (record.ts): names are ids of this map as written;
  // repeated pairs keep the first hash.
  beginReadFunction(h: u64, fnName: i32, modName: i32, instCount: u32): i32 {
    let e = this.newEntry(h, fnName, modName, instCount);
    this.pending = e; this.pendingLast = false;
    return e;
  }

  // StableFunctionMap::merge: other's functions appended to this map's, hash by hash in the order
  // other's table walks them, names interned as they come (function name, then module name).
  merge(other: StableFunctionMap): void {
    assert(!this.finalized, "cannot merge after finalization");
    for (let g = other.firstGroup(); g >= 0; g = other.nextGroup(g)) {
      let mine = this.groupFor(other.groupHash(g));
      for (let e = other.gFirst.get(g); e >= 0; e = other.eNext.get(e)) {
        let fn = this.intern(other.namePtr(other.eFn.get(e)), other.nameLen(other.eFn.get(e)));
        let mod = this.intern(other.namePtr(other.eMod.get(e)), other.nameLen(other.eMod.get(e)));
        let me = this.newEntry(other.hashOf(e), fn, mod, other.instCountOf(e));
        assert(this.gLast.get(mine) == me);
        let p = other.ePair.get(e), n = other.eNPairs.get(e);
        for (let k = 0; k < n; k++) this.pushPair(me, <u32>other.pInst.get(p + k), <u32>other.pOpnd.get(p + k), <u64>other.pHash.get(p + k));
      }
    }
  }

  // StableFunctionMap::size.
  size(kind: i32): i32 {
    let n = 0;
    for (let g = this.firstGroup(); g >= 0; g = this.nextGroup(g)) {
      let c = this.gCount.get(g);
      if (kind == MapSize.UniqueHashCount) n++;
      else if (kind == MapSize.TotalFunctionCount) n += c;
      else if (c >= 2) n += c;
    }
    return n;
  }
  @inline isEmpty(): bool { return this.order.count == 0; }

  // The functions of group g, in order, into v.
  groupEntries(g: i32, v: I32Vec): void {
    v.clear();
    for (let e = this.gFirst.get(g); e >= 0; e = this.eNext.get(e)) v.push(e);
  }
  private relink(g: i32, v: I32Vec): void {
    this.gFirst.set(g, v.len > 0 ? v.get(0) : -1);
    this.gLast.set(g, v.len > 0 ? v.get(v.len - 1) : -1);
    for (let i = 0; i < v.len; i++) this.eNext.set(v.get(i), i + 1 < v.len ? v.get(i + 1) : -1);
  }
  private eraseGroup(g: i32): void {
    this.order.erase(g);
    this.gCount.set(g, 0);
    this.gFirst.set(g, -1); this.gLast.set(g, -1);
  }

  // StableFunctionMap::finalize: per hash, the functions ordered by module name (stably); a hash
  // whose functions disagree (instruction count, which operands were left out) is dropped; then,
  // unless skipTrim, the operands whose hashes are the same in every function are forgotten and a
  // hash whose merging would not pay (t) is dropped.
  finalize(skipTrim: bool, t: MergeThresholds): void {
    let byModule = new ByModule(this);
    let v = this.t1;
    let ng = this.gFirst.len;
    this.verdict.clear(); this.verdict.resize(ng, Verdict.Kept);
    this.benefit = new Array<f64>(ng); this.cost = new Array<f64>(ng);
    let g = this.firstGroup();
    while (g >= 0) {
      let following = this.nextGroup(g);
      this.groupEntries(g, v);
      stableSort(v, this.t2, byModule);
      this.relink(g, v);
      let verdict = this.consistency(v);
      if (verdict == Verdict.Kept && !skipTrim) {
        this.trimIdentical(v);
        verdict = this.profitability(g, v, t);
      }
      this.verdict.set(g, verdict);
      if (verdict != Verdict.Kept) this.eraseGroup(g);
      g = following;
    }
    this.finalized = true;
  }

  // Whether the group's functions agree with the first in instruction count and operand positions.
  private consistency(v: I32Vec): i32 {
    let root = v.get(0);
    let n = this.eNPairs.get(root);
    for (let i = 1; i < v.len; i++) {
      let e = v.get(i);
      if (this.eInst.get(e) != this.eInst.get(root)) return Verdict.InstCountDiffers;
      if (this.eNPairs.get(e) != n) return Verdict.OperandsDiffer;
      for (let k = 0; k < n; k++) if (this.findPair(e, this.pairInst(root, k), this.pairOpnd(root, k)) < 0) return Verdict.OperandsDiffer;
    }
    return Verdict.Kept;
  }

  // Drops, from every function of the group, the operand positions whose hash is the same in all.
  private trimIdentical(v: I32Vec): void {
    let root = v.get(0);
    let n = this.eNPairs.get(root);
    let drop = this.k1; drop.clear();
    for (let k = 0; k < n; k++) {
      let inst = this.pairInst(root, k), opnd = this.pairOpnd(root, k), h = this.pairHash(root, k);
      let same = true;
      for (let i = 1; i < v.len && same; i++) {
        let e = v.get(i);
        if (this.pairHash(e, this.findPair(e, inst, opnd)) != h) same = false;
      }
      if (same) drop.push(<i64>pairKey(inst, opnd));
    }
    if (drop.len == 0) return;
    for (let i = 0; i < v.len; i++) {
      let e = v.get(i);
      let p = this.ePair.get(e), m = this.eNPairs.get(e), w = 0;
      for (let k = 0; k < m; k++) {
        let key = pairKey(<u32>this.pInst.get(p + k), <u32>this.pOpnd.get(p + k));
        let dropped = false;
        for (let j = 0; j < drop.len; j++) if (<u64>drop.get(j) == key) { dropped = true; break; }
        if (dropped) continue;
        this.pInst.set(p + w, this.pInst.get(p + k)); this.pOpnd.set(p + w, this.pOpnd.get(p + k)); this.pHash.set(p + w, this.pHash.get(p + k));
        w++;
      }
      this.eNPairs.set(e, w);
    }
  }

  // The number of distinct operand hashes entry e keeps: the parameters merging it would take.
  distinctHashes(e: i32): u32 {
    let p = this.ePair.get(e), m = this.eNPairs.get(e);
    let hashes = this.k1;
    hashes.clear();
    for (let k = 0; k < m; k++) hashes.push(this.pHash.get(p + k));
    sortValues<u64>(hashes.ptr, m);
    let n: u32 = 0;
    for (let k = 0; k < m; k++) if (k == 0 || hashes.get(k) != hashes.get(k - 1)) n++;
    return n;
  }

  // Whether merging group g (functions v) pays for its parameters and calls (LLVM's isProfitable):
  // benefit = instructions × (functions − 1) × inst-overhead (the product of the first two in
  // unsigned 32 bits, as LLVM); cost = Σ per function (its parameters × param-overhead +
  // call-overhead) + extra-threshold. Both are kept for the report (cost as far as it was summed).
  private profitability(g: i32, v: I32Vec, t: MergeThresholds): i32 {
    let count = <u32>v.len;
    let inst = <u32>this.eInst.get(v.get(0));
    this.benefit[g] = <f64>(inst * (count - 1)) * t.instOverhead;
    this.cost[g] = 0;
    if (count < t.minMerges) return Verdict.TooFewFunctions;
    if (inst < t.minInstrs) return Verdict.TooFewInstructions;
    let cost: f64 = 0.0;
    for (let i = 0; i < v.len; i++) {
      let params = this.distinctHashes(v.get(i));
      if (params > t.maxParams) { this.cost[g] = cost; return Verdict.TooManyParams; }
      if (t.skipNoParams && params == 0) { this.cost[g] = cost; return Verdict.NoParams; }
      cost += <f64>params * t.paramOverhead + t.callOverhead;
    }
    cost += t.extraThreshold;
    this.cost[g] = cost;
    return this.benefit[g] > cost ? Verdict.Kept : Verdict.NotProfitable;
  }

  // The functions of the groups finalize kept, in the order they were added.
  liveEntries(v: I32Vec): void {
    v.clear();
    for (let e = 0; e < this.eHash.len; e++) if (this.findHash(<u64>this.eHash.get(e)) >= 0) v.push(e);
  }
  // The live functions in the order the serialized forms list them: by hash, module name and
  // function name, stably over the table's order.
  sortedEntries(v: I32Vec): void {
    v.clear();
    for (let g = this.firstGroup(); g >= 0; g = this.nextGroup(g))
      for (let e = this.gFirst.get(g); e >= 0; e = this.eNext.get(e)) v.push(e);
    stableSort(v, this.t2, new ByHashModuleName(this));
  }
  // Entry e's operand hashes in (instruction, operand) order: positions into v (the pairs are
  // distinct, so any sort gives the same order).
  sortedPairs(e: i32, v: I32Vec): void {
    v.clear();
    let n = this.eNPairs.get(e);
    for (let k = 0; k < n; k++) v.push(k);
    stableSort(v, this.t2, new ByPairKey(this, this.ePair.get(e)));
  }
}
