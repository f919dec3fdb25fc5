// Convergence control tokens (LLVM's ConvergenceVerifier): the rules each call follows as it is
// visited (one convergencectrl bundle holding a token from a convergence intrinsic, where
// entry/anchor/loop may stand, no mix of controlled and uncontrolled convergent calls), then,
// for a function that uses tokens, that the regions they delimit nest (a token used while live).
// The rules about cycles that a token's definition is outside of are not checked.
import { T_TOKEN } from "../../ir/types";
import { VK, vKind, vType, vParent, vA, iNext, operand } from "../../ir/values";
import { gAttrs, gFirstBlock } from "../../ir/globals";
import { Op } from "../../ir/opcodes";
import { llvmVersion } from "../../ir/version";
import { bundleNumOps, bundleFirstOp } from "../../ir/inst";
import { ATTR_KW, fnAttrs, setHasKind } from "../../ir/attributes";
import { I32Vec } from "../../util/vec";
import { vr } from "./state";
import { opOf } from "./queries";
import { bundleCount, callHasFnAttr, calledFunction, findBundle } from "./callsite";
import { isIntrinsicNamed } from "./intrinsics";

const ATTR_CONVERGENT: i32 = ATTR_KW.indexOf("convergent");
const NONE = 0, CONTROLLED = 1, UNCONTROLLED = 2;
const CTRL_NONE = 0, CTRL_ENTRY = 1, CTRL_ANCHOR = 2, CTRL_LOOP = 3;

// Before the instructions of a function.
export function beginConvergence(): void { vr.convKind = NONE; vr.seenConvOp = false; vr.convLastBlock = -1; vr.convTokens.clear(); }

// Which convergence control intrinsic call i calls (CTRL_NONE when none).
function ctrlKind(i: i32): i32 {
  if (i < 0 || <i32>vKind.get(i) != VK.Inst) return CTRL_NONE;
  let op = opOf(i);
  if (op != Op.Call && op != Op.Invoke && op != Op.CallBr) return CTRL_NONE;
  let f = calledFunction(i);
  if (f < 0) return CTRL_NONE;
  if (isIntrinsicNamed(f, "llvm.experimental.convergence.entry")) return CTRL_ENTRY;
  if (isIntrinsicNamed(f, "llvm.experimental.convergence.anchor")) return CTRL_ANCHOR;
  if (isIntrinsicNamed(f, "llvm.experimental.convergence.loop")) return CTRL_LOOP;
  return CTRL_NONE;
}

// The token call i's convergencectrl bundle names (a convergence intrinsic call), or -1.
function tokenUsed(i: i32): i32 {
  let count = bundleCount(i, "convergencectrl");
  if (count > 1) { vr.bad("The 'convergencectrl' bundle can occur at most once on a call", i); return -1; }
  if (count == 0) return -1;
  let b = findBundle(i, "convergencectrl");
  let t = bundleNumOps(i, b) == 1 ? operand(i, bundleFirstOp(i, b)) : -1;
  if (t < 0 || vType.get(t) != T_TOKEN) { vr.bad("The 'convergencectrl' bundle requires exactly one token use.", i); return -1; }
  if (ctrlKind(t) == CTRL_NONE) {
    vr.fail("Convergence control tokens can only be produced by calls to the convergence control intrinsics."); vr.w(t); vr.w(i);
    return -1;
  }
  vr.convTokens.push(i); vr.convTokens.push(t);
  return t;
}

// GenericConvergenceVerifier::visit for call i (a failed check ends only these checks).
export function visitConvergenceCall(i: i32): void {
  if (vr.curBlock != vr.convLastBlock) { vr.convLastBlock = vr.curBlock; vr.seenConvOp = false; }
  let def = tokenUsed(i);
  let ck = ctrlKind(i);
  if (ck == CTRL_ENTRY) {
    if (!setHasKind(fnAttrs(gAttrs.get(vr.curFn)), ATTR_CONVERGENT)) { vr.bad("Entry intrinsic can occur only in a convergent function.", i); return; }
    if (vParent.get(i) != gFirstBlock.get(vr.curFn)) { vr.bad("Entry intrinsic can occur only in the entry block.", i); return; }
    if (vr.seenConvOp) { vr.bad("Entry intrinsic cannot be preceded by a convergent operation in the same basic block.", i); return; }
  }
  if (ck == CTRL_ENTRY || ck == CTRL_ANCHOR) {
    if (def >= 0) { vr.bad("Entry or anchor intrinsic cannot have a convergencectrl token operand.", i); return; }
  } else if (ck == CTRL_LOOP) {
    if (def < 0) { vr.bad("Loop intrinsic must have a convergencectrl token operand.", i); return; }
    if (vr.seenConvOp) { vr.bad("Loop intrinsic cannot be preceded by a convergent operation in the same basic block.", i); return; }
  }
  let convergent = callHasFnAttr(i, ATTR_CONVERGENT);
  if (convergent) vr.seenConvOp = true;
  if (def >= 0 || ck != CTRL_NONE) {
    // LLVM 22 no longer asks a call with a token to be convergent
    if (llvmVersion < 22 && !convergent) { vr.bad("Convergence control token can only be used in a convergent call.", i); return; }
    if (vr.convKind == UNCONTROLLED) { vr.bad("Cannot mix controlled and uncontrolled convergence in the same function.", i); return; }
    vr.convKind = CONTROLLED;
  } else if (convergent) {
    if (vr.convKind == CONTROLLED) { vr.bad("Cannot mix controlled and uncontrolled convergence in the same function.", i); return; }
    vr.convKind = UNCONTROLLED;
  }
}

// The token call i uses (recorded when it was visited), or -1.
function tokenOf(i: i32): i32 {
  for (let k = 0; k < vr.convTokens.len; k += 2) if (vr.convTokens.get(k) == i) return vr.convTokens.get(k + 1);
  return -1;
}

// After the instructions of a function that used tokens: walking the blocks in reverse post-order,
// each use finds its token among those live (defined, and not closed by an inner token's use).
export function verifyConvergence(): void {
  if (vr.convTokens.len == 0) return;
  let fa = vr.fa;
  let cfg = fa.cfg, dt = fa.domTree;
  let n = cfg.n;
  // live tokens per block number: convLiveAt[b] = start in convLive of a list (-1: not reached yet)
  vr.convLiveAt.clear(); vr.convLiveAt.resize(n, -1);
  vr.convLive.clear();
  let live = vr.convScratch;
  for (let r = 0; r < cfg.rpo.len; r++) {
    let bn = cfg.rpo.get(r);
    live.clear();
    let at = vr.convLiveAt.get(bn);
    if (at >= 0) { let m = vr.convLive.get(at); for (let k = 0; k < m; k++) live.push(vr.convLive.get(at + 1 + k)); }
    for (let i = vA.get(cfg.block.get(bn)); i >= 0; i = iNext.get(i)) {
      let t = tokenOf(i);
      if (t >= 0) {
        let found = -1;
        for (let k = 0; k < live.len; k++) if (live.get(k) == t) { found = k; break; }
        if (found < 0) { vr.fail("Convergence region is not well-nested."); vr.w(t); vr.w(i); }
        else live.len = found + 1;
      }
      if (ctrlKind(i) != CTRL_NONE) live.push(i);
    }
    // a successor seen first takes the live tokens that dominate it; later ones keep the common ones
    let s0 = cfg.succOff.get(bn), s1 = cfg.succOff.get(bn + 1);
    for (let s = s0; s < s1; s++) {
      let sn = cfg.succ.get(s);
      let sat = vr.convLiveAt.get(sn);
      if (sat < 0) {
        let start = vr.convLive.len;
        vr.convLive.push(0);
        for (let k = 0; k < live.len; k++) {
          let tb = cfg.blockNum.get(vParent.get(live.get(k)));
          if (!dt.dominates(tb, sn)) break;
          vr.convLive.push(live.get(k));
        }
        vr.convLive.set(start, vr.convLive.len - start - 1);
        vr.convLiveAt.set(sn, start);
      } else {
        keepCommon(sat, live);
      }
    }
  }
}

// llvm::partition of the list at `at` by membership in `live` (std::partition: not stable), then
// the members kept.
function keepCommon(at: i32, live: I32Vec): void {
  let first = at + 1, last = at + 1 + vr.convLive.get(at);
  while (true) {
    while (true) {
      if (first == last) { vr.convLive.set(at, first - at - 1); return; }
      if (contains(live, vr.convLive.get(first))) first++; else break;
    }
    last--;
    while (true) {
      if (first == last) { vr.convLive.set(at, first - at - 1); return; }
      if (!contains(live, vr.convLive.get(last))) last--; else break;
    }
    let a = vr.convLive.get(first); vr.convLive.set(first, vr.convLive.get(last)); vr.convLive.set(last, a);
    first++;
  }
}
function contains(v: I32Vec, x: i32): bool {
  for (let k = 0; k < v.len; k++) if (v.get(k) == x) return true;
  return false;
}
