// The phis mem2reg inserts: queued at the front of their block and named `<alloca>.<n>`
// (QueuePhiNode), then, after renaming, folded while one folds (simplifyInstruction on a phi:
// all incoming values the same, ignoring the phi itself and undef/poison), and finally given
// `poison` for the predecessors the renamer never came from (unreachable ones), in block order.
//
// LLVM folds in rounds over all new phis until a round folds none; folding a phi only ever makes
// its users foldable, so a work list that revisits the users of each folded phi reaches the same
// fixed point in linear time.
import { I32Vec } from "../../util/vec";
import { IdMap } from "../../util/idmap";
import { vKind, VK, vType, vName, vParent, vA, vFirstUse, opUser, opNext, iOp, iNext } from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { getUndef, getPoison } from "../../ir/constants";
import { CFG } from "../../analysis/cfg";
import { sortI32 } from "../../util/sort";
import { FunctionAnalyses } from "../../analysis/context";
import { Editor } from "./edit";
import { createPhi, addIncoming } from "../../ir/edit";
import { numIncoming, incomingValue, incomingBlock } from "../../ir/inst";
import { allocatedType } from "./allocas";
import { CreationOrder } from "./creation-order";
import { PoisonQuery } from "../../analysis/poison";
import { llvmVersion } from "../../ir/version";
import { countPhiInserted } from "../stats";

function valueDominatesPhi(fa: FunctionAnalyses, v: i32, pn: i32): bool {
  if (<i32>vKind.get(v) != VK.Inst) return true;
  return fa.dom.instDominates(fa.domTree, v, pn);
}

// LLVM keeps the new phis in a DenseMap keyed by (alloca number, block number) and folds them in
// rounds over its buckets until a round folds none. Before LLVM 20 the order did not change the
// result; with the poison check it does (a phi folded first can make another one foldable or not),
// so after LLVM 19 the phis are folded in that bucket order.
// DenseMapInfo<pair<unsigned, unsigned>>: each half times 37, combined by LLVM 22's bit mixer.
function hashKey(num: i32, bn: i32): u32 {
  let x = (<u64>(<u32>num * 37) << 32) | <u64>(<u32>bn * 37);
  x *= 0xbf58476d1ce4e5b9;
  x ^= x >> 31;
  return <u32>x;
}

// ---- the new phis ----

// The phis one PromoteMemToReg call inserts (NewPhiNodes and PhiToAllocaMap), with the folding's work list and hash buckets; one per pipeline run's mem2reg.
@final export class NewPhis {
  private phis: I32Vec = new I32Vec();
  private phiNum: IdMap = new IdMap();       // phi -> alloca number
  private queued: I32Vec = new I32Vec();     // work list
  private inQueue: IdMap = new IdMap();      // phi -> 1 while on the work list
  private predCount: I32Vec = new I32Vec();
  private sortedPreds: I32Vec = new I32Vec();
  private undefBlocked: bool = false;        // the last simplifyPhi failed only on the poison check
  private blocked: I32Vec = new I32Vec();
  private retried: bool = false;
  private buckets: I32Vec = new I32Vec();    // phi per bucket, -1 empty
  constructor(private ed: Editor, private poison: PoisonQuery, private order: CreationOrder) {}

  // A new PromoteMemToReg call: no phis yet.
  begin(): void { this.phiNum.clear(); this.phis.clear(); }

  // The alloca number of one of our phis, or -1.
  @inline allocaNumOf(v: i32): i32 { return this.phiNum.get(v, -1); }
  // QueuePhiNode: a phi for alloca `num` at the front of block number `bn`.
  queue(cfg: CFG, bn: i32, num: i32, ai: i32, version: i32): bool {
    let b = cfg.block.get(bn);
    let np = cfg.numPreds(bn);
    let phi = createPhi(b, allocatedType(ai), np);
    this.ed.setVersionedName(phi, vName.get(ai), version);
    this.phiNum.set(phi, num);
    this.phis.push(phi);
    countPhiInserted();
    return true;
  }

  // simplifyPHINode, as simplifyInstruction applies it (-1: does not fold).
  private simplifyPhi(fa: FunctionAnalyses, pn: i32): i32 {
    let common = -1;
    let hasUndef = false, hasRealUndef = false;
    let n = numIncoming(pn);
    for (let k = 0; k < n; k++) {
      let v = incomingValue(pn, k);
      if (v == pn) continue;
      let vk = <i32>vKind.get(v);
      if (vk == VK.ConstUndef || vk == VK.ConstPoison) { hasUndef = true; if (vk == VK.ConstUndef) hasRealUndef = true; continue; }
      if (common >= 0 && v != common) return -1;
      common = v;
    }
    // only undef, poison and the phi itself: undef if any undef came in, else poison
    if (common < 0) return hasRealUndef ? getUndef(vType.get(pn)) : getPoison(vType.get(pn));
    if (hasUndef) {
      if (!valueDominatesPhi(fa, common, pn)) return -1;
      // after LLVM 19: undef may not be replaced by something that may be poison
      if (hasRealUndef && llvmVersion > 19 && !this.poison.guaranteedNotPoison(fa, common, pn, 0, true)) { this.undefBlocked = true; return -1; }
      return common;
    }
    return common;
  }

  // After renaming: folds the phis that fold, then gives the rest poison for the predecessors
  // the renamer never came from.
  finish(fa: FunctionAnalyses): void {
    let cfg = fa.cfg;
    let cfgBlock = cfg.block, blockNum = cfg.blockNum, predOff = cfg.predOff, pred = cfg.pred;
    if (llvmVersion > 19) this.foldInBucketOrder(fa);
    else this.foldToFixedPoint(fa);
    this.finishPoisonIncoming(fa, cfgBlock, blockNum, predOff, pred);
  }

  private placeInBuckets(p: i32, blockNum: I32Vec): void {
    let buckets = this.buckets;
    let mask = <u32>buckets.len - 1;
    let b = hashKey(this.phiNum.get(p, -1), blockNum.get(vParent.get(p))) & mask;
    let probe: u32 = 1;
    while (buckets.get(<i32>b) >= 0) { b = (b + probe++) & mask; }
    buckets.set(<i32>b, p);
  }
  private foldInBucketOrder(fa: FunctionAnalyses): void {
    let blockNum = fa.cfg.blockNum, phis = this.phis, ed = this.ed;
    this.buckets.clear();
    let entries = 0;
    for (let k = 0; k < phis.len; k++) {
      let p = phis.get(k);
      entries++;
      if (entries * 4 >= this.buckets.len * 3) {
        // grow to twice the buckets (64 at first), moving the entries over in bucket order
        let old = this.buckets;
        let n = old.len == 0 ? 64 : old.len * 2;
        let grown = new I32Vec(n);
        grown.resize(n, -1);
        this.buckets = grown;
        for (let b = 0; b < old.len; b++) if (old.get(b) >= 0) this.placeInBuckets(old.get(b), blockNum);
      }
      this.placeInBuckets(p, blockNum);
    }
    let buckets = this.buckets;
    let again = true;
    while (again) {
      again = false;
      for (let b = 0; b < buckets.len; b++) {
        let pn = buckets.get(b);
        if (pn < 0 || <i32>vKind.get(pn) == VK.Dead) continue;
        let v = this.simplifyPhi(fa, pn);
        if (v < 0) continue;
        ed.rauw(pn, v);
        ed.eraseNow(pn);
        buckets.set(b, -1);
        again = true;
      }
    }
  }

  // LLVM 19's rounds, as a work list: the result does not depend on the order there.
  private foldToFixedPoint(fa: FunctionAnalyses): void {
    let queued = this.queued, inQueue = this.inQueue, blocked = this.blocked, phis = this.phis, ed = this.ed;
    queued.clear();
    inQueue.clear();
    for (let k = 0; k < phis.len; k++) { let p = phis.get(k); queued.push(p); inQueue.set(p, 1); }
    // After LLVM 19 a phi held back by the poison check may fold once some other phi (not one of
    // its operands) has folded, so those are tried again after each drain until a round folds none:
    // the fixed point of LLVM's rounds over all new phis.
    blocked.clear();
    let q = 0;
    while (true) {
      let folds = 0;
      for (; q < queued.len; q++) {
        let pn = queued.get(q);
        inQueue.set(pn, 0);
        if (<i32>vKind.get(pn) == VK.Dead) continue;
        this.undefBlocked = false;
        let v = this.simplifyPhi(fa, pn);
        if (v < 0) { if (this.undefBlocked) blocked.push(pn); continue; }
        folds++;
        for (let s = vFirstUse.get(pn); s >= 0; s = opNext.get(s)) {
          let u = opUser.get(s);
          if (u == pn || this.allocaNumOf(u) < 0 || <i32>vKind.get(u) == VK.Dead) continue;
          if (inQueue.get(u, 0) == 1) continue;
          inQueue.set(u, 1);
          queued.push(u);
        }
        ed.rauw(pn, v);
        ed.eraseNow(pn);
      }
      if (blocked.len == 0 || (this.retried && folds == 0)) break;
      this.retried = true;
      for (let k = 0; k < blocked.len; k++) {
        let p = blocked.get(k);
        if (<i32>vKind.get(p) == VK.Dead || inQueue.get(p, 0) == 1) continue;
        inQueue.set(p, 1);
        queued.push(p);
      }
      blocked.clear();
    }
    this.retried = false;
  }

  private finishPoisonIncoming(fa: FunctionAnalyses, cfgBlock: I32Vec, blockNum: I32Vec, predOff: I32Vec, pred: I32Vec): void {
    let cfg = fa.cfg;
    let phis = this.phis, sortedPreds = this.sortedPreds, predCount = this.predCount;
    // poison for the predecessors never renamed from
    for (let k = 0; k < phis.len; k++) {
      let some = phis.get(k);
      if (<i32>vKind.get(some) == VK.Dead) continue;
      let b = vParent.get(some);
      if (vA.get(b) != some) continue;
      let bn = blockNum.get(b);
      let s = predOff.get(bn), e = predOff.get(bn + 1);
      let bad = numIncoming(some);
      if (bad == e - s) continue;
      sortedPreds.clear();
      predCount.fit(cfgBlock.len, 0);
      for (let j = s; j < e; j++) { let p = pred.get(j); sortedPreds.push(p); predCount.set(p, 0); }
      for (let j = s; j < e; j++) { let p = pred.get(j); predCount.set(p, predCount.get(p) + 1); }
      if (llvmVersion > 19) this.order.sort(cfg, sortedPreds); else sortI32(sortedPreds.ptr, sortedPreds.len);
      for (let j = 0; j < bad; j++) {
        let p = blockNum.get(incomingBlock(some, j));
        predCount.set(p, predCount.get(p) - 1);
      }
      let w = 0;
      for (let j = 0; j < sortedPreds.len; j++) {
        let p = sortedPreds.get(j);
        if (predCount.get(p) > 0) { predCount.set(p, predCount.get(p) - 1); sortedPreds.set(w++, p); }
      }
      sortedPreds.len = w;
      for (let phi = some; phi >= 0 && <i32>iOp.get(phi) == Op.Phi && numIncoming(phi) == bad; phi = iNext.get(phi)) {
        let pv = getPoison(vType.get(phi));
        for (let j = 0; j < w; j++) addIncoming(phi, pv, cfgBlock.get(sortedPreds.get(j)));
      }
    }
  }
}
