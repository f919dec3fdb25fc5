// The MergeFunctions pass (`-passes=mergefunc`), LLVM 19's runOnModule: hash every candidate,
// drop those whose hash is unique, then sweep the Deferred worklist into the FnTree (merging a
// function into an equal one already there) until no merge changes a function in the tree.
import { I32Vec } from "../../util/vec";
import { sortStableBy } from "../../util/sort";
import { vKind, VK, vName, vA, iOp, iNext, operand, numOperands } from "../../ir/values";
import {
  globalCount, gKind, GK, gValue, gFlags, gLinkage, gFirstBlock, GF_ERASED, GF_DEFINED, Linkage, isDeclaration,
} from "../../ir/globals";
import { mdKind, mdFlags, MDF_DISTINCT, MK, canonicalMD, nmdName, nmdOps, nmdNOps, nmdPool, mdOps, mdNOps, mdPool, mdA } from "../../ir/metadata";
import { Op } from "../../ir/opcodes";
import { strtab } from "../../ir/module";
import { isIntrinsicCall } from "../../ir/query";
import { OutBuf } from "../../util/outbuf";
import { FunctionHasher, LocalRanges } from "./hash";
import { IRBuilder } from "../../ir/builder";
import { newEditLayer } from "../../ir/edit";
import { PDIThunk } from "./pdi";
import { FunctionComparator, newComparator } from "./comparator-state";
import { FnTree } from "./fntree";
import { Merger } from "./merge";
import { Handles } from "./handles";
import { MergeReport, HOW_THUNK, HOW_ALIAS, HOW_REPLACED, HOW_ERASED } from "./report";
import { countMerges } from "../stats";
import { isZeroInt } from "../../ir/constants";
import { PassContext, PassInfo, Level, Preserves, OptionKind } from "../registry";

// One run of the pass over the module (LLVM's MergeFunctions class): it makes and owns all the
// run's state — the local value ranges, the comparator (at its fixed address, comparator.ts), the
// hasher, the FnTree and its worklist, the RAUW handles, the merger and its debug-info thunk
// writer, the IR builder both build thunks with, the report — and is dropped after the run (the
// report with it, once read).
export class MergeFunctions {
  ranges: LocalRanges;
  cmp: FunctionComparator;
  hasher: FunctionHasher;
  handles: Handles;
  tree: FnTree;
  report: MergeReport;
  merger: Merger;
  builder: IRBuilder;
  private hashes: StaticArray<u64> = new StaticArray<u64>(0);
  private hashed: I32Vec = new I32Vec(16);   // 1 when hashes[g] is valid
  private order: I32Vec = new I32Vec(16);
  private tmp: I32Vec = new I32Vec(16);

  constructor(useAliases: bool, preserveDebugInfo: bool) {
    let ranges = new LocalRanges(), handles = new Handles(), report = new MergeReport();
    let hasher = new FunctionHasher(ranges);
    let tree = new FnTree(hasher, handles);
    this.ranges = ranges; this.handles = handles; this.report = report; this.hasher = hasher; this.tree = tree;
    this.cmp = newComparator(ranges);
    let builder = new IRBuilder();
    this.builder = builder;
    this.merger = new Merger(useAliases, preserveDebugInfo, tree, handles, new PDIThunk(builder), ranges, report, builder);
  }

  // Runs the pass; returns the number of functions merged.
  run(): i32 {
    let tree = this.tree, deferred = tree.deferred, deferredTime = tree.deferredTime, handles = this.handles;
    collectUsed(this.merger);
    this.merger.semanticInterposition = moduleFlagIsSet("SemanticInterposition");

    // All candidates, ordered by hash (stable); those with a unique hash are never compared.
    let n = globalCount();
    let hashes = new StaticArray<u64>(n);
    this.hashes = hashes;
    let hashed = new I32Vec(n); hashed.resize(n, 0);
    this.hashed = hashed;
    let order = this.order;
    order.clear();
    for (let g = 0; g < n; g++) {
      if (!isLiveFunction(g) || !isEligible(g)) continue;
      unchecked(hashes[g] = this.hasher.functionHash(g));
      hashed.set(g, 1);
      order.push(g);
    }
    sortStableBy<HashOrder>(order, 0, order.len, this.tmp, new HashOrder(hashes));
    for (let i = 0; i < order.len; i++) {
      let h = unchecked(hashes[order.get(i)]);
      let dup = (i > 0 && unchecked(hashes[order.get(i - 1)]) == h) || (i + 1 < order.len && unchecked(hashes[order.get(i + 1)]) == h);
      if (dup) { deferred.push(order.get(i)); deferredTime.push(handles.now); }
    }

    let rounds = 0;
    while (deferred.len > 0 && rounds++ < 100000) {
      let worklist = new I32Vec(deferred.len), times = new I32Vec(deferred.len);
      for (let i = 0; i < deferred.len; i++) { worklist.push(deferred.get(i)); times.push(deferredTime.get(i)); }
      deferred.clear(); deferredTime.clear();
      for (let i = 0; i < worklist.len; i++) {
        let g = handles.resolveHandle(worklist.get(i), times.get(i));
        if (g < 0 || !isLiveFunction(g)) continue;
        if (!isDeclaration(g) && <i32>gLinkage.get(g) != Linkage.Available) this.insert(g);
      }
    }
    tree.clearTree();
    return this.report.functionsMerged();
  }

  // MergeFunctions::insert: merge g into an equal function already in the tree, or add it.
  private insert(g: i32): bool {
    // The hash only depends on opcodes, the CFG and the signature, which merging never changes in
    // a function that stays (callers only get new operands), so the first sweep's hash is reused.
    let hashed = this.hashed, tree = this.tree, merger = this.merger;
    let h = g < hashed.len && hashed.get(g) != 0 && !merger.bodyChanged(g) ? unchecked(this.hashes[g]) : this.hasher.functionHash(g);
    let r = tree.treeInsert(g, h);
    if (r >= 0) return false;
    let node = -2 - r;
    let old = tree.nodeFunction(node);
    if (!merger.isFuncOrderCorrect(old, g)) {
      tree.replaceFunctionInTree(node, g);
      g = old;
    }
    merger.mergeTwoFunctions(tree.nodeFunction(node), g);
    return true;
  }
}

// Runs the pass on the module: the run's object, after the run (its report, its merge map).
export function runMergeFunctions(useAliases: bool, preserveDebugInfo: bool): MergeFunctions {
  // The edit layer's caches (name counters among them) start afresh for each run, as they always
  // have for this pass (names in its output depend on it).
  newEditLayer();
  let mf = new MergeFunctions(useAliases, preserveDebugInfo);
  mf.run();
  return mf;
}

function isLiveFunction(g: i32): bool { return <i32>gKind.get(g) == GK.Func && (gFlags.get(g) & GF_ERASED) == 0; }

// isEligibleForMerging: a definition, not available_externally, without an intrinsic call that
// takes distinct metadata (CFI type tests of function-local types).
function isEligible(g: i32): bool {
  if ((gFlags.get(g) & GF_DEFINED) == 0 || gFirstBlock.get(g) < 0) return false;
  if (<i32>gLinkage.get(g) == Linkage.Available) return false;
  return !hasDistinctMetadataIntrinsic(g);
}
function hasDistinctMetadataIntrinsic(g: i32): bool {
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
      if (!isIntrinsicCall(i)) continue;
      let n = numOperands(i);
      for (let k = 0; k < n; k++) {
        let v = operand(i, k);
        if (v < 0 || <i32>vKind.get(v) != VK.MDValue) continue;
        let m = canonicalMD(vA.get(v));
        if (m < 0) continue;
        let mk = <i32>mdKind.get(m);
        if ((mk == MK.Tuple || mk == MK.Node || mk == MK.Expr || mk == MK.ArgList) && (mdFlags.get(m) & MDF_DISTINCT) != 0) return true;
      }
    }
  }
  return false;
}

// Global indices by hash (unsigned); the sort is stable, so equal hashes stay in position order.
@final class HashOrder {
  constructor(private hashes: StaticArray<u64>) {}
  @inline less(a: i32, b: i32): bool { return unchecked(this.hashes[a]) < unchecked(this.hashes[b]); }
}

// llvm.used and llvm.compiler.used: the globals they name (through pointer casts).
function collectUsed(merger: Merger): void {
  let n = globalCount();
  for (let g = 0; g < n; g++) {
    if (<i32>gKind.get(g) != GK.Var || (gFlags.get(g) & GF_ERASED) != 0) continue;
    let v = gValue.get(g);
    let nm = vName.get(v);
    if (nm < 0 || !(strtab.eqStr(nm, "llvm.used") || strtab.eqStr(nm, "llvm.compiler.used"))) continue;
    let init = operand(v, 0);
    if (init < 0 || <i32>vKind.get(init) != VK.ConstArray) continue;
    let k = numOperands(init);
    for (let i = 0; i < k; i++) {
      let e = stripPointerCasts(operand(init, i));
      let ek = <i32>vKind.get(e);
      if (ek >= VK.GlobalVar && ek <= VK.IFunc) merger.markUsed(vA.get(e));
    }
  }
}
function stripPointerCasts(v: i32): i32 {
  for (let steps = 0; steps < 64 && v >= 0; steps++) {
    if (<i32>vKind.get(v) != VK.ConstExpr) return v;
    let op = <i32>iOp.get(v);
    if (op == Op.BitCast || op == Op.AddrSpaceCast) { v = operand(v, 0); continue; }
    if (op == Op.GetElementPtr) {
      let all0 = true;
      for (let i = 1; i < numOperands(v); i++) { let x = operand(v, i); if (!(<i32>vKind.get(x) == VK.ConstZero || isZeroIntConst(x))) { all0 = false; break; } }
      if (all0) { v = operand(v, 0); continue; }
    }
    return v;
  }
  return v;
}
function isZeroIntConst(x: i32): bool { return <i32>vKind.get(x) == VK.ConstInt && isZeroInt(x); }

// Whether !llvm.module.flags has `!{i32 _, !"name", i32 1}` (a non-zero integer value).
function moduleFlagIsSet(name: string): bool {
  for (let i = 0; i < nmdName.len; i++) {
    if (!strtab.eqStr(nmdName.get(i), "llvm.module.flags")) continue;
    let s = nmdOps.get(i), c = nmdNOps.get(i);
    for (let k = 0; k < c; k++) {
      let m = canonicalMD(nmdPool.get(s + k));
      if (m < 0 || <i32>mdKind.get(m) != MK.Tuple || mdNOps.get(m) < 3) continue;
      let key = mdPool.get(mdOps.get(m) + 1);
      if (key < 0 || <i32>mdKind.get(key) != MK.String || !strtab.eqStr(mdA.get(key), name)) continue;
      let val = mdPool.get(mdOps.get(m) + 2);
      if (val < 0 || <i32>mdKind.get(val) != MK.Value) continue;
      let cv = mdA.get(val);
      return cv >= 0 && <i32>vKind.get(cv) == VK.ConstInt && !isZeroInt(cv);
    }
  }
  return false;
}

// The pass table's entry (pipeline/table.ts). The report is a side file; the functions it merged
// away are handed on in the run's results (the program repository records them).
export function mergefuncPass(): PassInfo {
  return new PassInfo("mergefunc", Level.Module, runMergeFunc)
    .keeps(Preserves.Nothing).as("MergeFunctionsPass")
    .describe("Merge functions that are equivalent")
    .option("mergefunc-use-aliases", OptionKind.Bool, "0", "merge by creating aliases instead of thunks")
    .option("mergefunc-preserve-debug-info", OptionKind.Bool, "0", "keep debug info in thunks")
    .option("mergefunc-verify", OptionKind.UInt, "0", "check the comparator on the first n functions (opt checks only in debug builds: no effect)")
    .option("mergefunc-report", OptionKind.String, "", "write a merge report to this side file (JSON)");
}
function runMergeFunc(c: PassContext): i32 {
  let mf = runMergeFunctions(c.bool("mergefunc-use-aliases"), c.bool("mergefunc-preserve-debug-info"));
  let report = mf.report;
  countMerges(report.functionsMerged(), report.howCount(HOW_THUNK), report.howCount(HOW_ALIAS), report.howCount(HOW_REPLACED) + report.howCount(HOW_ERASED));
  let rep = c.str("mergefunc-report");
  if (rep.length > 0) {
    let o = new OutBuf();
    report.write(o);
    c.sideFiles.addNamed(rep, o);
  }
  let into = c.results.mergedInto;
  into.clear();
  for (let g = 0, n = globalCount(); g < n; g++) into.push(mf.merger.mergeTargetOf(g));
  return 0;
}
