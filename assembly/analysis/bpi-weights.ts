// Estimated block weights of BranchProbabilityInfo (computeEstimateBlockWeight), for bpi.ts:
// unreachable-terminated blocks 0 (1 with a noreturn call), EH pads 1, blocks with a cold call
// 0xffff, pushed up the dominator line while the block post-dominates; then worklists (last in,
// first out) give a block the maximum weight over its successors and a loop (natural loop or
// irreducible SCC) the maximum over its exits once all are known. Functions of the BPI object,
// whose arrays hold the weights.
import { I32Vec } from "../util/vec";
import { VK, vKind, vName, vA, vB, iNext, iPrev, iOp, operand } from "../ir/values";
import { Op } from "../ir/opcodes";
import { callAttrs } from "../ir/inst";
import { fnAttrs, setHasKind } from "../ir/attributes";
import { gAttrs } from "../ir/globals";
import { strtab } from "../ir/module";
import { blockTerminator } from "./cfg";
import { BPIState } from "./bpi-state";

export const UNKNOWN: i32 = -1;
export const W_ZERO: i32 = 0, W_LOWEST: i32 = 1, W_COLD: i32 = 0xffff, W_DEFAULT: i32 = 0xfffff;
export const SCC_HEADER: u8 = 1, SCC_EXITING: u8 = 2;

// ---- IR questions ----
function isCall(i: i32): bool { return <i32>iOp.get(i) == Op.Call; }
// CallBase::hasFnAttr: on the call site or on a directly called function.
function callHasFnAttr(i: i32, kind: i32): bool {
  if (setHasKind(fnAttrs(callAttrs(i)), kind)) return true;
  let c = operand(i, 0);
  if (c >= 0 && <i32>vKind.get(c) == VK.Function) return setHasKind(fnAttrs(gAttrs.get(vA.get(c))), kind);
  return false;
}
function calledName(i: i32): i32 {
  let c = operand(i, 0);
  if (c < 0 || <i32>vKind.get(c) != VK.Function) return -1;
  return vName.get(c);
}
function nameStarts(nm: i32, s: string): bool {
  return strtab.isIntrinsicName(nm, s);
}
// BasicBlock::getTerminatingDeoptimizeCall
function terminatingDeoptimize(bv: i32, t: i32): bool {
  if (<i32>iOp.get(t) != Op.Ret) return false;
  let p = iPrev.get(t);
  if (p < 0 || !isCall(p)) return false;
  return nameStarts(calledName(p), "llvm.experimental.deoptimize");
}
function isEHPadBlock(bv: i32): bool {
  for (let i = vA.get(bv); i >= 0; i = iNext.get(i)) {
    let op = <i32>iOp.get(i);
    if (op == Op.Phi) continue;
    return op == Op.LandingPad || op == Op.CleanupPad || op == Op.CatchPad || op == Op.CatchSwitch;
  }
  return false;
}

function initialWeight(bp: BPIState, b: i32): i32 {
  let bv = bp.cfg.block.get(b);
  let t = blockTerminator(bv);
  if (t >= 0 && (<i32>iOp.get(t) == Op.Unreachable || terminatingDeoptimize(bv, t))) {
    for (let i = vB.get(bv); i >= 0; i = iPrev.get(i)) if (isCall(i) && callHasFnAttr(i, bp.attrNoReturn)) return W_LOWEST;
    return W_ZERO;
  }
  if (isEHPadBlock(bv)) return W_LOWEST;
  for (let i = vA.get(bv); i >= 0; i = iNext.get(i)) if (isCall(i) && callHasFnAttr(i, bp.attrCold)) return W_COLD;
  return UNKNOWN;
}

// ---- loops and SCCs seen as "loop blocks" ----
@inline function lbLoop(bp: BPIState, b: i32): i32 { return bp.loops.loopOf.get(b); }

@inline function lbScc(bp: BPIState, b: i32): i32 { return bp.loops.loopOf.get(b) >= 0 ? -1 : bp.sccOf.get(b); }

function loopKey(bp: BPIState, b: i32): i32 { let l = bp.loops.loopOf.get(b); return l >= 0 ? l : bp.loops.count + bp.sccOf.get(b); }

function isEntering(bp: BPIState, src: i32, dst: i32): bool {
  let ld = lbLoop(bp, dst);
  if (ld >= 0 && !bp.loops.contains(ld, lbLoop(bp, src))) return true;
  let sd = lbScc(bp, dst);
  return sd != -1 && lbScc(bp, src) != sd;
}

@inline export function isExiting(bp: BPIState, src: i32, dst: i32): bool { return isEntering(bp, dst, src); }

export function edgeWeight(bp: BPIState, src: i32, dst: i32): i32 {
  if (isEntering(bp, src, dst)) return bp.loopW.get(loopKey(bp, dst));
  return bp.blockW.get(dst);
}

// Maximum estimated weight over the edges src -> list[from..to), UNKNOWN if any is unknown.
function maxEdgeWeight(bp: BPIState, src: i32, list: I32Vec, from: i32, to: i32): i32 {
  let m = UNKNOWN;
  for (let k = from; k < to; k++) {
    let w = edgeWeight(bp, src, list.get(k));
    if (w == UNKNOWN) return UNKNOWN;
    if (m == UNKNOWN || m < w) m = w;
  }
  return m;
}

function updateWeight(bp: BPIState, b: i32, w: i32): bool {
  if (bp.blockW.get(b) != UNKNOWN) return false;
  bp.blockW.set(b, w);
  for (let j = bp.cfg.predOff.get(b); bp.cfg.predOff.get(b + 1) > j; j++) {
    let p = bp.cfg.pred.get(j);
    if (isExiting(bp, p, b)) {
      if (bp.loopW.get(loopKey(bp, p)) == UNKNOWN) bp.loopWork.push(p);
    } else if (bp.blockW.get(p) == UNKNOWN) bp.blockWork.push(p);
  }
  return true;
}

function propagateWeight(bp: BPIState, b: i32, w: i32): void {
  let d = bp.domTree, pd = bp.postDomTree;
  if (!d.inTree(b)) return;
  for (let x = b; x >= 0; x = d.idom.get(x)) {
    if (!pd.dominates(b, x)) break;
    if (!isEntering(bp, x, b) && !isExiting(bp, x, b)) {
      if (!updateWeight(bp, x, w)) break;
    } else if (isExiting(bp, x, b)) bp.loopWork.push(x);
  }
}

// Exit blocks of the loop or SCC of block b, into tmpB.
function exitBlocksOf(bp: BPIState, b: i32): void {
  bp.tmpB.clear();
  let l = bp.loops.loopOf.get(b);
  if (l >= 0) {
    for (let k = bp.loops.blocksBegin(l); k < bp.loops.blocksEnd(l); k++) {
      let x = bp.loops.blocks.get(k);
      for (let j = bp.cfg.succOff.get(x); bp.cfg.succOff.get(x + 1) > j; j++) if (!bp.loops.containsBlock(l, bp.cfg.succ.get(j))) bp.tmpB.push(bp.cfg.succ.get(j));
    }
    return;
  }
  let s = bp.sccOf.get(b);
  for (let x = 0; x < bp.cfg.n; x++) {
    if (bp.sccOf.get(x) != s || (bp.sccType.get(x) & SCC_EXITING) == 0) continue;
    for (let j = bp.cfg.succOff.get(x); bp.cfg.succOff.get(x + 1) > j; j++) if (bp.sccOf.get(bp.cfg.succ.get(j)) != s) bp.tmpB.push(bp.cfg.succ.get(j));
  }
}

function pushEnterBlocks(bp: BPIState, b: i32): void {
  let l = bp.loops.loopOf.get(b);
  if (l >= 0) {
    let h = bp.loops.header.get(l);
    for (let j = bp.cfg.predOff.get(h); bp.cfg.predOff.get(h + 1) > j; j++) bp.blockWork.push(bp.cfg.pred.get(j));
    return;
  }
  let s = bp.sccOf.get(b);
  for (let x = 0; x < bp.cfg.n; x++) {
    if (bp.sccOf.get(x) != s || (bp.sccType.get(x) & SCC_HEADER) == 0) continue;
    for (let j = bp.cfg.predOff.get(x); bp.cfg.predOff.get(x + 1) > j; j++) if (bp.sccOf.get(bp.cfg.pred.get(j)) != s) bp.blockWork.push(x);
  }
}

export function computeEstimatedWeights(bp: BPIState): void {
  bp.blockWork.clear(); bp.loopWork.clear();
  for (let i = 0; i < bp.cfg.rpo.len; i++) {
    let b = bp.cfg.rpo.get(i);
    let w = initialWeight(bp, b);
    if (w != UNKNOWN) propagateWeight(bp, b, w);
  }
  do {
    while (bp.loopWork.len > 0) {
      let b = bp.loopWork.pop();
      let key = loopKey(bp, b);
      if (bp.loopW.get(key) != UNKNOWN) continue;
      exitBlocksOf(bp, b);
      let w = maxEdgeWeight(bp, b, bp.tmpB, 0, bp.tmpB.len);
      if (w != UNKNOWN) {
        if (w <= W_ZERO) w = W_LOWEST;
        bp.loopW.set(key, w);
        pushEnterBlocks(bp, b);
      }
    }
    while (bp.blockWork.len > 0) {
      let b = bp.blockWork.pop();
      if (bp.blockW.get(b) != UNKNOWN) continue;
      let w = maxEdgeWeight(bp, b, bp.cfg.succ, bp.cfg.succOff.get(b), bp.cfg.succOff.get(b + 1));
      if (w != UNKNOWN) propagateWeight(bp, b, w);
    }
  } while (bp.blockWork.len > 0 || bp.loopWork.len > 0);
}
