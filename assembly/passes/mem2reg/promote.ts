// PromoteMemToReg (LLVM 19's PromoteMemoryToRegister.cpp, PromoteMem2Reg::run) over a list of
// promotable allocas of one function. In order, for each alloca:
//  1. strip lifetime markers and droppable uses; an alloca with no uses left is erased;
//  2. AllocaInfo: the defining blocks (one per store), the using blocks (one per load), the only
//     store, whether every access is in one block, the debug users;
//  3. fast paths: a single store rewrites the loads it dominates (all of them → done); accesses
//     in one block are resolved by a linear sweep (unless a load precedes every store);
//  4. otherwise: live-in blocks (backwards from the uses), the iterated dominance frontier of
//     the defining blocks pruned to the live-in blocks, and a phi queued in each, in block order.
// Then the rename pass (rename.ts) and the phi cleanup (phis.ts).
//
// One PromoteMem2Reg object per pipeline run's mem2reg (pass.ts makes it) holds what LLVM's
// PromoteMem2Reg struct holds for one call — the allocas (allocas.ts), the new phis (phis.ts),
// AllocaInfo, LargeBlockInfo — and the parts that work on them: the renamer (rename.ts), the
// live IDF (liveidf.ts), the debug records (dbginfo.ts), the assumes (assume.ts). It reuses its
// tables from call to call: per-value tables are stamped with a per-call counter (nothing is
// cleared per call).
import { I32Vec, I64Vec } from "../../util/vec";
import { IdMap } from "../../util/idmap";
import { VK, vKind, vType, vParent, iOp, vFirstUse, opUser, opNext, operand, vA, iNext } from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { getUndef, getPoison } from "../../ir/constants";
import { CFG } from "../../analysis/cfg";
import { sortI64 } from "../../util/sort";
import { FunctionAnalyses } from "../../analysis/context";
import { llvmVersion } from "../../ir/version";
import { LiveIDF } from "./liveidf";
import { Editor } from "./edit";
import { IntrinsicUsers } from "./promotable";
import { AssumptionCache } from "../../analysis/assumptions";
import { PoisonQuery } from "../../analysis/poison";
import { NonZeroQuery } from "../../analysis/known-nonzero";
import { MetadataToAssumes } from "./assume";
import { IRBuilder } from "../../ir/builder";
import { DebugRecords, recIsDeclare, recExpr, exprStartsWithDeref } from "./dbginfo";
import { PromotedAllocas } from "./allocas";
import { CreationOrder } from "./creation-order";
import { NewPhis } from "./phis";
import { Renamer } from "./rename";

@inline function bnOf(blockNum: I32Vec, inst: i32): i32 { return blockNum.get(vParent.get(inst)); }

// A load or store of an alloca (LargeBlockInfo::isInterestingInstruction).
function isInteresting(i: i32): bool {
  let op = <i32>iOp.get(i);
  let p = op == Op.Load ? operand(i, 0) : op == Op.Store ? operand(i, 1) : -1;
  return p >= 0 && <i32>vKind.get(p) == VK.Inst && <i32>iOp.get(p) == Op.Alloca;
}

@final export class PromoteMem2Reg {
  // the allocas to promote: the caller fills `allocas.list`
  allocas: PromotedAllocas;
  private poison: PoisonQuery;
  private nz: NonZeroQuery;
  private assumes: MetadataToAssumes;
  private dbg: DebugRecords;
  private users: IntrinsicUsers;
  private order: CreationOrder;
  private phis: NewPhis;
  private renamer: Renamer;
  private idf: LiveIDF = new LiveIDF();
  // AllocaInfo
  private defining: I32Vec = new I32Vec();      // block numbers, one per store
  private using: I32Vec = new I32Vec();         // block numbers, one per load
  private onlyStore: i32 = -1;
  private onlyUsedInOneBlock: bool = true;
  private dpUsers: I32Vec = new I32Vec();
  private assigns: I32Vec = new I32Vec();       // AssignmentTracking: the alloca's #dbg_assign records
  // LargeBlockInfo
  private lbiIndex: IdMap = new IdMap();        // load/store -> its position (numbered once per call)
  // scratch
  private useSlots: I32Vec = new I32Vec();
  private storesByIndex: I64Vec = new I64Vec();
  private allocaEpoch: i32 = 0;
  private defStamp: I32Vec = new I32Vec();      // block number -> alloca epoch (DefBlocks)
  private liveStamp: I32Vec = new I32Vec();     // block number -> alloca epoch (LiveInBlocks)
  private firstStamp: I32Vec = new I32Vec();    // block number -> alloca epoch (first access known)
  private firstIdx: I32Vec = new I32Vec();
  private firstIsStore: I32Vec = new I32Vec();
  private defList: I32Vec = new I32Vec();
  private liveList: I32Vec = new I32Vec();
  private worklist: I32Vec = new I32Vec();
  private phiBlocks: I32Vec = new I32Vec();

  // The promoter edits through `ed` and asks `ac` (both set up for the function by the caller);
  // the assumptions it adds are placed by `builder`.
  constructor(private ed: Editor, ac: AssumptionCache, builder: IRBuilder) {
    let allocas = new PromotedAllocas(), order = new CreationOrder();
    let poison = new PoisonQuery(ac);
    let nz = new NonZeroQuery(ac, poison);
    let assumes = new MetadataToAssumes(ed, ac, nz, builder);
    let dbg = new DebugRecords(ed);
    let phis = new NewPhis(ed, poison, order);
    this.allocas = allocas; this.order = order; this.poison = poison; this.nz = nz; this.assumes = assumes;
    this.dbg = dbg; this.users = new IntrinsicUsers(ed); this.phis = phis;
    this.renamer = new Renamer(ed, allocas, phis, dbg, assumes);
  }

  // ---- LargeBlockInfo ----

  // The position of load/store i among the alloca accesses of its block (numbered once per block).
  private instIndex(i: i32): i32 {
    let lbiIndex = this.lbiIndex;
    let known = lbiIndex.get(i, -1);
    if (known >= 0) return known;
    let n = 0;
    for (let x = vA.get(vParent.get(i)); x >= 0; x = iNext.get(x)) {
      if (<i32>vKind.get(x) != VK.Inst || !isInteresting(x)) continue;
      lbiIndex.set(x, n++);
    }
    return lbiIndex.get(i, -1);
  }

  // ---- AllocaInfo ----

  private analyzeAlloca(ai: i32, blockNum: I32Vec): void {
    let defining = this.defining, using = this.using;
    defining.clear(); using.clear(); this.dpUsers.clear(); this.assigns.clear();
    let onlyStore = -1, onlyUsedInOneBlock = true;
    let onlyBlock = -1;
    for (let s = vFirstUse.get(ai); s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      let b = vParent.get(u);
      if (<i32>iOp.get(u) == Op.Store) { defining.push(blockNum.get(b)); onlyStore = u; }
      else using.push(blockNum.get(b));
      if (onlyUsedInOneBlock) {
        if (onlyBlock < 0) onlyBlock = b;
        else if (onlyBlock != b) onlyUsedInOneBlock = false;
      }
    }
    this.onlyStore = onlyStore; this.onlyUsedInOneBlock = onlyUsedInOneBlock;
    this.dbg.findDbgUsers(ai, this.dpUsers);
    this.dbg.assignsOf(ai, this.assigns);
  }
  private snapshotUses(v: i32): void {
    let useSlots = this.useSlots;
    useSlots.clear();
    for (let s = vFirstUse.get(v); s >= 0; s = opNext.get(s)) useSlots.push(opUser.get(s));
  }

  // ---- fast paths ----

  // rewriteSingleStoreAlloca: loads the only store dominates take its value. True when none is left.
  private rewriteSingleStoreAlloca(ai: i32, fa: FunctionAnalyses): bool {
    let blockNum = fa.cfg.blockNum, domTree = fa.domTree;
    let ed = this.ed, using = this.using, useSlots = this.useSlots, dpUsers = this.dpUsers;
    let si = this.onlyStore;
    let repl = operand(si, 0);
    let requireDominatingStore = <i32>vKind.get(repl) == VK.Inst || !this.nz.isGuaranteedNotToBePoison(repl);
    let storeBB = vParent.get(si);
    let storeIndex = -1;
    using.clear();
    this.snapshotUses(ai);
    for (let k = 0; k < useSlots.len; k++) {
      let li = useSlots.get(k);
      if (li == si) continue;
      if (requireDominatingStore) {
        if (vParent.get(li) == storeBB) {
          if (storeIndex == -1) storeIndex = this.instIndex(si);
          if (storeIndex > this.instIndex(li)) { using.push(blockNum.get(storeBB)); continue; }
        } else if (!domTree.dominatesCounted(blockNum.get(storeBB), bnOf(blockNum, li))) {
          using.push(bnOf(blockNum, li));
          continue;
        }
      }
      let v = repl;
      if (v == li) v = getPoison(vType.get(li));
      this.assumes.convert(li, v);
      ed.rauw(li, v);
      ed.eraseLater(li);
    }
    if (using.len > 0) return false;
    let dbg = this.dbg;
    dbg.assignsAtDeletedStore(this.assigns, 0, this.assigns.len, si, operand(si, 0));
    for (let k = 0; k < dpUsers.len; k++) {
      let r = dpUsers.get(k);
      // the store's value now (poison if it was a load of the alloca itself, rewritten above)
      if (recIsDeclare(r)) { this.dbg.convertDeclareAtStore(r, si, operand(si, 0)); ed.eraseRecord(r); }
      else if (exprStartsWithDeref(recExpr(r))) {
        if (llvmVersion > 19) this.dbg.insertDebugValueAtStore(r, si, operand(si, 0));
        ed.eraseRecord(r);
      }
    }
    dbg.eraseAssignMarkers(ai);
    ed.eraseLater(si);
    ed.eraseLater(ai);
    return true;
  }

  // promoteSingleBlockAlloca: each load takes the nearest store above it; false (with the loads so
  // far rewritten) when a load precedes every store.
  private promoteSingleBlockAlloca(ai: i32): bool {
    let ed = this.ed, storesByIndex = this.storesByIndex, useSlots = this.useSlots, dpUsers = this.dpUsers;
    storesByIndex.clear();
    for (let s = vFirstUse.get(ai); s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      if (<i32>iOp.get(u) == Op.Store) storesByIndex.push((<i64>this.instIndex(u) << 32) | <i64>(<u32>u));
    }
    sortI64(storesByIndex.ptr, storesByIndex.len);
    let n = storesByIndex.len;
    this.snapshotUses(ai);
    for (let k = 0; k < useSlots.len; k++) {
      let li = useSlots.get(k);
      if (<i32>iOp.get(li) != Op.Load) continue;
      let idx = this.instIndex(li);
      // lower_bound on the index
      let lo = 0, hi = n;
      while (lo < hi) {
        let mid = (lo + hi) >> 1;
        if (<i32>(storesByIndex.get(mid) >> 32) < idx) lo = mid + 1; else hi = mid;
      }
      let v: i32;
      if (lo == 0) {
        if (n == 0) v = getUndef(vType.get(li));
        else return false;
      } else v = operand(<i32>storesByIndex.get(lo - 1), 0);
      this.assumes.convert(li, v);
      if (v == li) v = getPoison(vType.get(li));
      ed.rauw(li, v);
      ed.eraseLater(li);
    }
    // the stores, oldest use first
    this.snapshotUses(ai);
    let dbg = this.dbg, assigns = this.assigns;
    for (let k = useSlots.len - 1; k >= 0; k--) {
      let si = useSlots.get(k);
      dbg.assignsAtDeletedStore(assigns, 0, assigns.len, si, operand(si, 0));
      for (let d = 0; d < dpUsers.len; d++) {
        let r = dpUsers.get(d);
        if (recIsDeclare(r)) this.dbg.convertDeclareAtStore(r, si, operand(si, 0));
      }
      ed.eraseLater(si);
    }
    dbg.eraseAssignMarkers(ai);
    ed.eraseLater(ai);
    for (let d = 0; d < dpUsers.len; d++) {
      let r = dpUsers.get(d);
      if (recIsDeclare(r) || exprStartsWithDeref(recExpr(r))) ed.eraseRecord(r);
    }
    return true;
  }

  // ---- live-in blocks ----

  // ComputeLiveInBlocks: the using blocks whose first access is not a store, and every block
  // backwards from them up to (not into) a defining block.
  private computeLiveInBlocks(ai: i32, nBlocks: i32, cfg: CFG): void {
    let blockNum = cfg.blockNum, predOff = cfg.predOff, pred = cfg.pred;
    let firstStamp = this.firstStamp, firstIdx = this.firstIdx, firstIsStore = this.firstIsStore, liveStamp = this.liveStamp;
    let defStamp = this.defStamp, allocaEpoch = this.allocaEpoch, using = this.using;
    let worklist = this.worklist, liveList = this.liveList;
    firstStamp.fit(nBlocks, 0); firstIdx.fit(nBlocks, 0); firstIsStore.fit(nBlocks, 0); liveStamp.fit(nBlocks, 0);
    // the first access to the alloca in each block that both uses and defines it
    for (let s = vFirstUse.get(ai); s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      let b = bnOf(blockNum, u);
      if (defStamp.get(b) != allocaEpoch) continue;
      let idx = this.instIndex(u);
      if (firstStamp.get(b) != allocaEpoch || firstIdx.get(b) > idx) {
        firstStamp.set(b, allocaEpoch); firstIdx.set(b, idx);
        firstIsStore.set(b, <i32>iOp.get(u) == Op.Store ? 1 : 0);
      }
    }
    worklist.clear();
    for (let k = 0; k < using.len; k++) {
      let b = using.get(k);
      if (defStamp.get(b) == allocaEpoch && firstIsStore.get(b) != 0) continue;
      worklist.push(b);
    }
    liveList.clear();
    while (worklist.len > 0) {
      let b = worklist.pop();
      if (liveStamp.get(b) == allocaEpoch) continue;
      liveStamp.set(b, allocaEpoch);
      liveList.push(b);
      let e = predOff.get(b + 1);
      for (let k = predOff.get(b); k < e; k++) {
        let p = pred.get(k);
        if (defStamp.get(p) == allocaEpoch) continue;
        worklist.push(p);
      }
    }
  }

  // ---- the driver ----

  // Promotes every alloca in `allocas.list` (all promotable, all in the entry block of the function
  // whose CFG and dominator tree fa holds).
  run(fa: FunctionAnalyses, nBlocks: i32): void {
    let cfg = fa.cfg;
    let ed = this.ed, allocas = this.allocas, list = allocas.list, phis = this.phis;
    let defining = this.defining, defStamp = this.defStamp, defList = this.defList, phiBlocks = this.phiBlocks;
    this.lbiIndex.clear();
    allocas.begin();
    phis.begin();
    defStamp.fit(nBlocks, 0);
    for (let num = 0; num < list.len; num++) {
      let ai = list.get(num);
      this.users.removeIntrinsicUsers(ai);
      if (vFirstUse.get(ai) < 0) {
        ed.eraseLater(ai);
        allocas.removeAt(num); num--;
        continue;
      }
      this.analyzeAlloca(ai, cfg.blockNum);
      if (defining.len == 1 && this.rewriteSingleStoreAlloca(ai, fa)) { allocas.removeAt(num); num--; continue; }
      if (this.onlyUsedInOneBlock && this.promoteSingleBlockAlloca(ai)) { allocas.removeAt(num); num--; continue; }
      allocas.number(ai, num, this.dpUsers, this.assigns);
      let allocaEpoch = ++this.allocaEpoch;
      defList.clear();
      for (let k = 0; k < defining.len; k++) {
        let b = defining.get(k);
        if (defStamp.get(b) != allocaEpoch) { defStamp.set(b, allocaEpoch); defList.push(b); }
      }
      this.computeLiveInBlocks(ai, nBlocks, cfg);
      this.idf.compute(fa.domTree, defList, this.liveList, phiBlocks);
      if (llvmVersion > 19) this.order.sort(cfg, phiBlocks);
      let version = 0;
      for (let k = 0; k < phiBlocks.len; k++) {
        if (phis.queue(cfg, phiBlocks.get(k), num, ai, version)) version++;
      }
    }
    if (list.len == 0) { this.dbg.eraseDemotedAssigns(); ed.sweepDead(); return; }
    this.renamer.renameAll(cfg);
    // the allocas themselves (and the #dbg_assign records linked to them); uses left are in blocks
    // the renamer never reached
    for (let k = 0; k < list.len; k++) {
      let a = list.get(k);
      this.dbg.eraseAssignMarkers(a);
      if (vFirstUse.get(a) >= 0) ed.rauw(a, getPoison(vType.get(a)));
      ed.eraseLater(a);
    }
    let dbgUsers = allocas.dbgUsers;
    for (let k = 0; k < dbgUsers.len; k++) {
      let r = dbgUsers.get(k);
      if (recIsDeclare(r) || exprStartsWithDeref(recExpr(r))) ed.eraseRecord(r);
    }
    phis.finish(fa);
    this.dbg.eraseDemotedAssigns();
    ed.sweepDead();
  }
}
