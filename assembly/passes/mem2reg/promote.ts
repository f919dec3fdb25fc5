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
// Per-value tables are stamped with a run counter (nothing is cleared per run); the allocas list
// is updated as LLVM updates it (a finished alloca is replaced by the last one), which fixes the
// alloca numbers and so the order of phis in a block.
import { I32Vec, I64Vec } from "../../util/vec";
import { VK, vKind, vType, vParent, iOp, iExt, vFirstUse, opUser, opNext, operand, fitValueTable } from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { getUndef, getPoison } from "../../ir/constants";
import { CFG } from "../../analysis/cfg";
import { sortI32, sortI64 } from "../../util/sort";
import { zext64 } from "../../util/bits";
import { FunctionAnalyses } from "../../analysis/context";
import { liveIDF } from "./liveidf";
import { eraseLater, rauw, eraseRecord, sweepDead } from "./edit";
import { removeIntrinsicUsers } from "./promotable";
import { convertMetadataToAssumes } from "./assume";
import { isGuaranteedNotToBePoison } from "./known-nonzero";
import { findDbgUsers, recIsDeclare, recExpr, exprStartsWithDeref, convertDeclareAtStore, insertDebugValueAtStore } from "./dbginfo";
import { llvmVersion } from "../../ir/version";
import { blockEarlyRank } from "../../ir/block-order";
import { queuePhiNode, beginPhis, finishPhis } from "./phis";
import { renameAll } from "./rename";

export let allocas: I32Vec = new I32Vec();
let runEpoch: i32 = 0;
let lookupStamp: I32Vec = new I32Vec();   // alloca -> run epoch
let lookupNum: I32Vec = new I32Vec();     // alloca -> index in `allocas`
let dbgStart: I32Vec = new I32Vec();      // alloca index -> its debug users in dbgPool
let dbgLen: I32Vec = new I32Vec();
let dbgPool: I32Vec = new I32Vec();
// AllocaInfo
let defining: I32Vec = new I32Vec();      // block numbers, one per store
let using: I32Vec = new I32Vec();         // block numbers, one per load
let onlyStore: i32 = -1;
let onlyUsedInOneBlock: bool = true;
let dpUsers: I32Vec = new I32Vec();
// LargeBlockInfo
let lbiStamp: I32Vec = new I32Vec();      // instruction -> run epoch
let lbiIndex: I32Vec = new I32Vec();
// scratch
let useSlots: I32Vec = new I32Vec();
let storesByIndex: I64Vec = new I64Vec();
let creationKeys: I64Vec = new I64Vec();   // sortByCreation's (creation key, block number) pairs
let allocaEpoch: i32 = 0;
let defStamp: I32Vec = new I32Vec();      // block number -> alloca epoch (DefBlocks)
let liveStamp: I32Vec = new I32Vec();     // block number -> alloca epoch (LiveInBlocks)
let firstStamp: I32Vec = new I32Vec();    // block number -> alloca epoch (first access known)
let firstIdx: I32Vec = new I32Vec();
let firstIsStore: I32Vec = new I32Vec();
let defList: I32Vec = new I32Vec();
let liveList: I32Vec = new I32Vec();
let worklist: I32Vec = new I32Vec();
let phiBlocks: I32Vec = new I32Vec();

export function resetPromote(): void {
  allocas = new I32Vec(); runEpoch = 0; lookupStamp = new I32Vec(); lookupNum = new I32Vec();
  dbgStart = new I32Vec(); dbgLen = new I32Vec(); dbgPool = new I32Vec();
  defining = new I32Vec(); using = new I32Vec(); dpUsers = new I32Vec();
  lbiStamp = new I32Vec(); lbiIndex = new I32Vec(); useSlots = new I32Vec(); storesByIndex = new I64Vec(); creationKeys = new I64Vec();
  allocaEpoch = 0; defStamp = new I32Vec(); liveStamp = new I32Vec(); firstStamp = new I32Vec();
  firstIdx = new I32Vec(); firstIsStore = new I32Vec(); defList = new I32Vec(); liveList = new I32Vec();
  worklist = new I32Vec(); phiBlocks = new I32Vec();
}

@inline function bnOf(blockNum: I32Vec, inst: i32): i32 { return blockNum.get(vParent.get(inst)); }
@inline export function allocatedType(ai: i32): i32 { return iExt.get(ai); }

// The index of a promoted alloca in `allocas` (AllocaLookup), or -1.
export function allocaNumOf(v: i32): i32 {
  if (v < 0 || v >= lookupStamp.len || lookupStamp.get(v) != runEpoch) return -1;
  return lookupNum.get(v);
}
export function dbgUsersStart(num: i32): i32 { return dbgStart.get(num); }
export function dbgUsersLen(num: i32): i32 { return dbgLen.get(num); }
export function dbgUser(k: i32): i32 { return dbgPool.get(k); }

// ---- LargeBlockInfo ----

function isInteresting(i: i32): bool {
  let op = <i32>iOp.get(i);
  let p = op == Op.Load ? operand(i, 0) : op == Op.Store ? operand(i, 1) : -1;
  return p >= 0 && <i32>vKind.get(p) == VK.Inst && <i32>iOp.get(p) == Op.Alloca;
}
// The position of load/store i among the alloca accesses of its block (numbered once per block).
function instIndex(i: i32): i32 {
  fitValueTable(lbiStamp, i + 1, 0); fitValueTable(lbiIndex, i + 1, 0);
  if (lbiStamp.get(i) == runEpoch) return lbiIndex.get(i);
  let n = 0;
  for (let x = vAOf(vParent.get(i)); x >= 0; x = iNextOf(x)) {
    if (<i32>vKind.get(x) != VK.Inst || !isInteresting(x)) continue;
    fitValueTable(lbiStamp, x + 1, 0); fitValueTable(lbiIndex, x + 1, 0);
    lbiStamp.set(x, runEpoch); lbiIndex.set(x, n++);
  }
  return lbiIndex.get(i);
}
import { vA as vACol, iNext as iNextCol } from "../../ir/values";
@inline function vAOf(b: i32): i32 { return vACol.get(b); }
@inline function iNextOf(i: i32): i32 { return iNextCol.get(i); }

// ---- AllocaInfo ----

function analyzeAlloca(ai: i32, blockNum: I32Vec): void {
  defining.clear(); using.clear(); dpUsers.clear();
  onlyStore = -1; onlyUsedInOneBlock = true;
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
  findDbgUsers(ai, dpUsers);
}
function snapshotUses(v: i32): void {
  useSlots.clear();
  for (let s = vFirstUse.get(v); s >= 0; s = opNext.get(s)) useSlots.push(opUser.get(s));
}

// ---- fast paths ----

// rewriteSingleStoreAlloca: loads the only store dominates take its value. True when none is left.
function rewriteSingleStoreAlloca(ai: i32, fa: FunctionAnalyses): bool {
  let blockNum = fa.cfg.blockNum, domTree = fa.domTree;
  let si = onlyStore;
  let repl = operand(si, 0);
  let requireDominatingStore = <i32>vKind.get(repl) == VK.Inst || !isGuaranteedNotToBePoison(repl);
  let storeBB = vParent.get(si);
  let storeIndex = -1;
  using.clear();
  snapshotUses(ai);
  for (let k = 0; k < useSlots.len; k++) {
    let li = useSlots.get(k);
    if (li == si) continue;
    if (requireDominatingStore) {
      if (vParent.get(li) == storeBB) {
        if (storeIndex == -1) storeIndex = instIndex(si);
        if (storeIndex > instIndex(li)) { using.push(blockNum.get(storeBB)); continue; }
      } else if (!domTree.dominatesCounted(blockNum.get(storeBB), bnOf(blockNum, li))) {
        using.push(bnOf(blockNum, li));
        continue;
      }
    }
    let v = repl;
    if (v == li) v = getPoison(vType.get(li));
    convertMetadataToAssumes(li, v);
    rauw(li, v);
    eraseLater(li);
  }
  if (using.len > 0) return false;
  for (let k = 0; k < dpUsers.len; k++) {
    let r = dpUsers.get(k);
    // the store's value now (poison if it was a load of the alloca itself, rewritten above)
    if (recIsDeclare(r)) { convertDeclareAtStore(r, si, operand(si, 0)); eraseRecord(r); }
    else if (exprStartsWithDeref(recExpr(r))) {
      if (llvmVersion > 19) insertDebugValueAtStore(r, si, operand(si, 0));
      eraseRecord(r);
    }
  }
  eraseLater(si);
  eraseLater(ai);
  return true;
}

// promoteSingleBlockAlloca: each load takes the nearest store above it; false (with the loads so
// far rewritten) when a load precedes every store.
function promoteSingleBlockAlloca(ai: i32): bool {
  storesByIndex.clear();
  for (let s = vFirstUse.get(ai); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (<i32>iOp.get(u) == Op.Store) storesByIndex.push((<i64>instIndex(u) << 32) | <i64>(<u32>u));
  }
  sortI64(storesByIndex.ptr, storesByIndex.len);
  let n = storesByIndex.len;
  snapshotUses(ai);
  for (let k = 0; k < useSlots.len; k++) {
    let li = useSlots.get(k);
    if (<i32>iOp.get(li) != Op.Load) continue;
    let idx = instIndex(li);
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
    convertMetadataToAssumes(li, v);
    if (v == li) v = getPoison(vType.get(li));
    rauw(li, v);
    eraseLater(li);
  }
  // the stores, oldest use first
  snapshotUses(ai);
  for (let k = useSlots.len - 1; k >= 0; k--) {
    let si = useSlots.get(k);
    for (let d = 0; d < dpUsers.len; d++) {
      let r = dpUsers.get(d);
      if (recIsDeclare(r)) convertDeclareAtStore(r, si, operand(si, 0));
    }
    eraseLater(si);
  }
  eraseLater(ai);
  for (let d = 0; d < dpUsers.len; d++) {
    let r = dpUsers.get(d);
    if (recIsDeclare(r) || exprStartsWithDeref(recExpr(r))) eraseRecord(r);
  }
  return true;
}
// ---- live-in blocks ----

// ComputeLiveInBlocks: the using blocks whose first access is not a store, and every block
// backwards from them up to (not into) a defining block.
function computeLiveInBlocks(ai: i32, nBlocks: i32, cfg: CFG): void {
  let blockNum = cfg.blockNum, predOff = cfg.predOff, pred = cfg.pred;
  firstStamp.fit(nBlocks, 0); firstIdx.fit(nBlocks, 0); firstIsStore.fit(nBlocks, 0); liveStamp.fit(nBlocks, 0);
  // the first access to the alloca in each block that both uses and defines it
  for (let s = vFirstUse.get(ai); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    let b = bnOf(blockNum, u);
    if (defStamp.get(b) != allocaEpoch) continue;
    let idx = instIndex(u);
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

// Promotes every alloca in `allocas` (all promotable, all in the entry block of the function whose
// CFG and dominator tree fa holds).
export function promoteMemToReg(fa: FunctionAnalyses, nBlocks: i32): void {
  let cfg = fa.cfg;
  runEpoch++;
  beginPhis();
  dbgPool.clear();
  dbgStart.fit(allocas.len, 0); dbgLen.fit(allocas.len, 0);
  for (let k = 0; k < allocas.len; k++) { dbgStart.set(k, 0); dbgLen.set(k, 0); }
  defStamp.fit(nBlocks, 0);
  for (let num = 0; num < allocas.len; num++) {
    let ai = allocas.get(num);
    removeIntrinsicUsers(ai);
    if (vFirstUse.get(ai) < 0) {
      eraseLater(ai);
      removeAt(num); num--;
      continue;
    }
    analyzeAlloca(ai, cfg.blockNum);
    if (defining.len == 1 && rewriteSingleStoreAlloca(ai, fa)) { removeAt(num); num--; continue; }
    if (onlyUsedInOneBlock && promoteSingleBlockAlloca(ai)) { removeAt(num); num--; continue; }
    dbgStart.set(num, dbgPool.len); dbgLen.set(num, dpUsers.len);
    for (let k = 0; k < dpUsers.len; k++) dbgPool.push(dpUsers.get(k));
    fitValueTable(lookupStamp, ai + 1, 0); fitValueTable(lookupNum, ai + 1, 0);
    lookupStamp.set(ai, runEpoch); lookupNum.set(ai, num);
    allocaEpoch++;
    defList.clear();
    for (let k = 0; k < defining.len; k++) {
      let b = defining.get(k);
      if (defStamp.get(b) != allocaEpoch) { defStamp.set(b, allocaEpoch); defList.push(b); }
    }
    computeLiveInBlocks(ai, nBlocks, cfg);
    liveIDF(fa.domTree, defList, liveList, phiBlocks);
    if (llvmVersion > 19) sortByCreation(cfg, phiBlocks);
    let version = 0;
    for (let k = 0; k < phiBlocks.len; k++) {
      if (queuePhiNode(cfg, phiBlocks.get(k), num, ai, version)) version++;
    }
  }
  if (allocas.len == 0) { sweepDead(); return; }
  renameAll(cfg);
  // the allocas themselves; uses left are in blocks the renamer never reached
  for (let k = 0; k < allocas.len; k++) {
    let a = allocas.get(k);
    if (vFirstUse.get(a) >= 0) rauw(a, getPoison(vType.get(a)));
    eraseLater(a);
  }
  for (let k = 0; k < dbgPool.len; k++) {
    let r = dbgPool.get(k);
    if (recIsDeclare(r) || exprStartsWithDeref(recExpr(r))) eraseRecord(r);
  }
  finishPhis(fa);
  sweepDead();
}
// After LLVM 19, mem2reg orders blocks by BasicBlock::getNumber(): the order in which the reader
// created them (the text parser creates a block at its first reference, a branch to a later block
// included; the bitcode reader creates a body's blocks in layout order), not their place in the
// function. Value indices follow that creation order, so block numbers (layout positions) are
// sorted here by their blocks' value indices. Ranked blocks (blockEarlyRank: those a blockaddress
// named before the body, or every block of such a body read from bitcode) come first, by rank.
export function sortByCreation(cfg: CFG, v: I32Vec): void {
  let cfgBlock = cfg.block;
  let keys = creationKeys;
  keys.clear();
  for (let k = 0; k < v.len; k++) {
    let bn = v.get(k);
    let b = cfgBlock.get(bn);
    let r = blockEarlyRank(b);
    let key: i64 = r >= 0 ? <i64>r - 0x80000000 : <i64>b;
    keys.push((key << 32) | <i64>zext64(bn));
  }
  sortI64(keys.ptr, keys.len);
  for (let k = 0; k < v.len; k++) v.set(k, <i32>keys.get(k));
}
function removeAt(num: i32): void {
  let last = allocas.len - 1;
  allocas.set(num, allocas.get(last));
  allocas.len = last;
}
