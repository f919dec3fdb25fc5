// The per-block rules of BranchProbabilityInfo, for bpi.ts (which tries them in this order):
// !prof branch_weights (unreachable edges capped at the smallest probability), estimated weights
// of bpi-weights.ts (loop exits divided by the trip count 31, "unlikely" loop successors halved,
// found by folding small constant chains from a phi), pointer compare, compare with 0 / 1 / -1
// (or of a strcmp-like result), floating-point compare. Functions of the BPI object; each returns
// whether it set the block's probabilities.
import { zext64 } from "../util/bits";
import { VK, vKind, vType, vName, vParent, vA, vB, iOp, iNOps, iMD, operand, numOperands, ext } from "../ir/values";
import { Op } from "../ir/opcodes";
import { tyKind, tyA, TK, tyFlags, TF_VARARG, tyListLen, tyList, tyPool } from "../ir/types";
import { intLow64, isZeroInt, isConstant } from "../ir/constants";
import { predicate } from "../ir/inst";
import { gValueType } from "../ir/globals";
import { strtab, targetTriple } from "../ir/module";
import { findAttachment, canonicalMD, mdKind, MK, mdA, mdOps, mdNOps, mdPool } from "../ir/metadata";
import { pointerSizeInBits } from "../ir/datalayout";
import { BPIState, PROB_ONE, bprob, padd, psub } from "./bpi-state";
import { UNKNOWN, W_ZERO, W_LOWEST, W_DEFAULT, edgeWeight, isExiting } from "./bpi-weights";

const LBH_TAKEN: u32 = 124, LBH_NONTAKEN: u32 = 4;

// ---- helpers of the per-block rules ----

// icmp predicates are stored with LLVM's numbers (eq = 32 ... sle = 41)
@inline function icmpPred(ci: i32): i32 { return predicate(ci) - 32; }
@inline function isInst(v: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.Inst; }

function maskW(v: u64, w: i32): u64 { return w >= 64 ? v : v & ((<u64>1 << <u64>w) - 1); }
function sextW(v: u64, w: i32): i64 { if (w >= 64) return <i64>v; let sh = <u64>(64 - w); return (<i64>(v << sh)) >> sh; }
function trueWhenEqualICmp(p: i32): bool { return p == 0 || p == 3 || p == 5 || p == 7 || p == 9; }

const P_20_32: u32 = 0x50000000, P_12_32: u32 = 0x30000000;   // 20/32 and 12/32

function constIntOf(v: i32): i32 {
  if (isInst(v) && <i32>iOp.get(v) == Op.BitCast) v = operand(v, 0);
  return v >= 0 && <i32>vKind.get(v) == VK.ConstInt ? v : -1;
}
function isPow2Int(c: i32): bool {
  let ty = vType.get(c);
  if (tyA.get(ty) > 64) {
    // wide: exactly one bit set across the words
    let bits = 0;
    let nw = vB.get(c);
    for (let k = 0; k < nw; k++) bits += popcnt<i32>(ext.get(vA.get(c) + k));
    return bits == 1;
  }
  let x = intLow64(c);
  return x != 0 && (x & (x - 1)) == 0;
}
function isAllOnesInt(c: i32): bool {
  let w = tyA.get(vType.get(c));
  if (w <= 64) return intLow64(c) == maskW(<u64>-1, w);
  let nw = (w + 31) >> 5;
  if (vB.get(c) != nw) return false;
  for (let k = 0; k < nw; k++) {
    let top = k == nw - 1 ? (w & 31) : 0;
    let want = top == 0 ? -1 : (1 << top) - 1;
    if (ext.get(vA.get(c) + k) != want) return false;
  }
  return true;
}
function isOneConst(c: i32): bool {
  if (intLow64(c) != 1) return false;
  let nw = vB.get(c);
  for (let k = 2; k < nw; k++) if (ext.get(vA.get(c) + k) != 0) return false;
  return true;
}

// TargetLibraryInfo's strcmp-like library functions (with their C prototypes).
function isCmpLibCall(v: i32): bool {
  if (!isInst(v) || <i32>iOp.get(v) != Op.Call) return false;
  let f = operand(v, 0);
  if (f < 0 || <i32>vKind.get(f) != VK.Function) return false;
  let nm = vName.get(f);
  if (nm < 0) return false;
  let three = false;
  if (strtab.eqStr(nm, "strcmp") || strtab.eqStr(nm, "strcasecmp")) three = false;
  else if (strtab.eqStr(nm, "strncmp") || strtab.eqStr(nm, "strncasecmp") || strtab.eqStr(nm, "memcmp")) three = true;
  else if (strtab.eqStr(nm, "bcmp") && bcmpAvailable()) three = true;
  else return false;
  let fty = gValueType.get(vA.get(f));
  if ((tyFlags.get(fty) & TF_VARARG) != 0) return false;
  let ret = tyA.get(fty);
  if (<i32>tyKind.get(ret) != TK.Int || tyA.get(ret) != 32) return false;
  let np = tyListLen.get(fty);
  if (np != (three ? 3 : 2)) return false;
  let lp = tyList.get(fty);
  if (<i32>tyKind.get(tyPool.get(lp)) != TK.Ptr || <i32>tyKind.get(tyPool.get(lp + 1)) != TK.Ptr) return false;
  if (three) {
    let st = tyPool.get(lp + 2);
    if (<i32>tyKind.get(st) != TK.Int || tyA.get(st) != pointerSizeInBits(0)) return false;
  }
  return true;
}
function bcmpAvailable(): bool {
  let t = targetTriple;
  if (t < 0) return false;
  return tripleHas(t, "linux") || tripleHas(t, "darwin") || tripleHas(t, "macos") || tripleHas(t, "ios") ||
    tripleHas(t, "freebsd") || tripleHas(t, "netbsd") || tripleHas(t, "openbsd") || tripleHas(t, "emscripten");
}
function tripleHas(t: i32, s: string): bool {
  let n = strtab.lenOf(t), p = strtab.ptrOf(t), m = s.length;
  for (let i = 0; i + m <= n; i++) {
    let ok = true;
    for (let k = 0; k < m; k++) if (<i32>load<u8>(p + <usize>(i + k)) != s.charCodeAt(k)) { ok = false; break; }
    if (ok) return true;
  }
  return false;
}

// !prof branch_weights with one weight per successor: md operand start and count, or -1.
function branchWeights(bp: BPIState, t: i32, nSucc: i32): i32 {
  let md = findAttachment(iMD.get(t), 2);
  if (md < 0) return -1;
  md = canonicalMD(md);
  if (<i32>mdKind.get(md) != MK.Tuple) return -1;
  let n = mdNOps.get(md), o = mdOps.get(md);
  if (n < 3) return -1;
  let s0 = canonicalMD(mdPool.get(o));
  if (s0 < 0 || <i32>mdKind.get(s0) != MK.String || !strtab.eqStr(mdA.get(s0), "branch_weights")) return -1;
  let first = 1;
  let s1 = canonicalMD(mdPool.get(o + 1));
  if (s1 >= 0 && <i32>mdKind.get(s1) == MK.String) first = 2;
  if (n - first != nSucc) return -1;
  bp.tmpW.clear();
  for (let k = first; k < n; k++) {
    let m = canonicalMD(mdPool.get(o + k));
    if (m < 0 || <i32>mdKind.get(m) != MK.Value) return -1;
    let v = mdA.get(m);
    if (<i32>vKind.get(v) != VK.ConstInt) return -1;
    bp.tmpW.push(<i32>(<u32>intLow64(v)));
  }
  return 0;
}

export function calcMetadataWeights(bp: BPIState, b: i32, t: i32): bool {
  let op = <i32>iOp.get(t);
  if (!(op == Op.Br || op == Op.Switch || op == Op.IndirectBr || op == Op.Invoke || op == Op.CallBr)) return false;
  let s = bp.cfg.succOff.get(b), n = bp.cfg.succOff.get(b + 1) - s;
  if (branchWeights(bp, t, n) < 0) return false;
  let sum: u64 = 0;
  let nUnreach = 0;
  bp.tmpB.clear();   // 1 = unreachable edge
  for (let k = 0; k < n; k++) {
    sum += zext64(bp.tmpW.get(k));
    let w = edgeWeight(bp, b, bp.cfg.succ.get(s + k));
    let un = w != UNKNOWN && w <= W_ZERO;
    bp.tmpB.push(un ? 1 : 0);
    if (un) nUnreach++;
  }
  let nReach = n - nUnreach;
  if (sum > 0xffffffff) {
    let f = sum / 0xffffffff + 1;
    sum = 0;
    for (let k = 0; k < n; k++) {
      let w = zext64(bp.tmpW.get(k)) / f;
      bp.tmpW.set(k, <i32>(<u32>w));
      sum += w;
    }
  }
  if (sum == 0 || nReach == 0) {
    for (let k = 0; k < n; k++) bp.tmpW.set(k, 1);
    sum = <u64>n;
  }
  bp.tmpP.clear();
  for (let k = 0; k < n; k++) bp.tmpP.push(<i32>bprob(zext64(bp.tmpW.get(k)), sum & 0xffffffff));
  if (nUnreach == 0 || nReach == 0) { bp.setProbs(b, bp.tmpP); return true; }
  for (let k = 0; k < n; k++) if (bp.tmpB.get(k) != 0 && <u32>bp.tmpP.get(k) > 1) bp.tmpP.set(k, 1);
  let newUn: u32 = 0;
  for (let k = 0; k < n; k++) if (bp.tmpB.get(k) != 0) newUn = padd(newUn, <u32>bp.tmpP.get(k));
  let newReach = psub(PROB_ONE, newUn);
  let oldReach: u32 = 0;
  for (let k = 0; k < n; k++) if (bp.tmpB.get(k) == 0) oldReach = padd(oldReach, <u32>bp.tmpP.get(k));
  if (oldReach != newReach) {
    if (oldReach == 0) {
      let per = newReach / <u32>nReach;
      for (let k = 0; k < n; k++) if (bp.tmpB.get(k) == 0) bp.tmpP.set(k, <i32>per);
    } else {
      for (let k = 0; k < n; k++) {
        if (bp.tmpB.get(k) != 0) continue;
        let mul = <u64>newReach * <u64>(<u32>bp.tmpP.get(k));
        let d = <u64>oldReach;
        bp.tmpP.set(k, <i32>(<u32>((mul + (d >> 1)) / d)));
      }
    }
  }
  bp.setProbs(b, bp.tmpP);
  return true;
}

function loadConst(bp: BPIState, c: i32): void {
  let k = <i32>vKind.get(c);
  let ty = vType.get(c);
  bp.fw = <i32>tyKind.get(ty) == TK.Int ? tyA.get(ty) : 0;
  if (k == VK.ConstPoison) { bp.fk = 1; return; }
  if (k == VK.ConstUndef) { bp.fk = 2; return; }
  if (k == VK.ConstInt && bp.fw <= 64) { bp.fk = 0; bp.fv = intLow64(c); return; }
  bp.fk = 3;
}

// lhs (fk/fv/fw) op constant c, in ConstantFoldBinaryInstruction's order: identities (either
// side for commutative operators, right side for the others), poison, undef rules, then values.
function foldBinary(bp: BPIState, op: i32, c: i32): void {
  let a = bp.fv, ak = bp.fk, w = bp.fw;
  loadConst(bp, c);
  let b = bp.fv, bk = bp.fk;
  bp.fw = w;
  if (ak == 3 || bk == 3 || w == 0) { bp.fk = 3; return; }
  let ones = maskW(<u64>-1, w);
  let comm = op == Op.Add || op == Op.Mul || op == Op.And || op == Op.Or || op == Op.Xor;
  if (comm) {
    let id: u64 = op == Op.Mul ? 1 : op == Op.And ? ones : 0;
    if (ak == 0 && a == id) { bp.fk = bk; bp.fv = b; return; }
    if (bk == 0 && b == id) { bp.fk = ak; bp.fv = a; return; }
  } else if (op == Op.Sub || op == Op.Shl || op == Op.LShr || op == Op.AShr || op == Op.UDiv || op == Op.SDiv) {
    let id: u64 = op == Op.UDiv || op == Op.SDiv ? 1 : 0;
    if (bk == 0 && b == id) { bp.fk = ak; bp.fv = a; return; }
  }
  if (ak == 1 || bk == 1) { bp.fk = 1; return; }
  if (ak == 2 || bk == 2) {
    let both = ak == 2 && bk == 2;
    let other = ak == 2 ? b : a;
    bp.fk = 0;
    switch (op) {
      case Op.Xor: if (both) { bp.fv = 0; return; } bp.fk = 2; return;
      case Op.Add: case Op.Sub: bp.fk = 2; return;
      case Op.And: if (both) { bp.fk = 2; return; } bp.fv = 0; return;
      case Op.Mul: if (both || (other & 1) != 0) { bp.fk = 2; return; } bp.fv = 0; return;
      case Op.SDiv: case Op.UDiv: case Op.SRem: case Op.URem:
        if (bk == 2 || b == 0) { bp.fk = 1; return; }
        bp.fv = 0; return;
      case Op.Or: if (both) { bp.fk = 2; return; } bp.fv = ones; return;
      case Op.LShr: case Op.AShr: case Op.Shl:
        if (bk == 2) { bp.fk = 1; return; }
        bp.fv = 0; return;
      default: bp.fk = 3; return;
    }
  }
  bp.fk = 0;
  let sa = sextW(a, w), sb = sextW(b, w);
  let minS: u64 = w >= 64 ? (<u64>1 << 63) : (<u64>1 << <u64>(w - 1));
  switch (op) {
    case Op.Add: bp.fv = maskW(a + b, w); return;
    case Op.Sub: bp.fv = maskW(a - b, w); return;
    case Op.Mul: bp.fv = maskW(a * b, w); return;
    case Op.And: bp.fv = a & b; return;
    case Op.Or: bp.fv = a | b; return;
    case Op.Xor: bp.fv = a ^ b; return;
    case Op.UDiv: case Op.URem: {
      if (b == 0) { bp.fk = 1; return; }
      bp.fv = op == Op.UDiv ? a / b : a % b; return;
    }
    case Op.SDiv: case Op.SRem: {
      if (b == 0) { bp.fk = 1; return; }
      if (a == minS && b == ones) { bp.fk = 1; return; }
      bp.fv = maskW(<u64>(op == Op.SDiv ? sa / sb : sa % sb), w); return;
    }
    case Op.Shl: case Op.LShr: case Op.AShr: {
      if (b >= <u64>w) { bp.fk = 1; return; }
      if (op == Op.Shl) bp.fv = maskW(a << b, w);
      else if (op == Op.LShr) bp.fv = a >> b;
      else bp.fv = maskW(<u64>(sa >> <i64>b), w);
      return;
    }
    default: bp.fk = 3; return;
  }
}

// Result of icmp pred (fk/fv/fw) vs constant c: 0 false, 1 true, -1 neither (poison/undef/unknown).
function foldICmp(bp: BPIState, pr: i32, c: i32): i32 {
  let a = bp.fv, ak = bp.fk, w = bp.fw;
  loadConst(bp, c);
  let b = bp.fv, bk = bp.fk;
  if (ak == 3 || bk == 3 || w == 0) return -1;
  if (ak == 1 || bk == 1) return -1;
  if (ak == 2 || bk == 2) {
    if (pr <= 1 || (ak == 2 && bk == 2)) return -1;
    return trueWhenEqualICmp(pr) ? 1 : 0;
  }
  let sa = sextW(a, w), sb = sextW(b, w);
  let r = false;
  switch (pr) {
    case 0: r = a == b; break;
    case 1: r = a != b; break;
    case 2: r = a > b; break;
    case 3: r = a >= b; break;
    case 4: r = a < b; break;
    case 5: r = a <= b; break;
    case 6: r = sa > sb; break;
    case 7: r = sa >= sb; break;
    case 8: r = sa < sb; break;
    default: r = sa <= sb; break;
  }
  return r ? 1 : 0;
}

function isSuccOf(bp: BPIState, b: i32, bv: i32): bool {
  for (let j = bp.cfg.succOff.get(b); bp.cfg.succOff.get(b + 1) > j; j++) if (bp.cfg.block.get(bp.cfg.succ.get(j)) == bv) return true;
  return false;
}

function blockNumOf(bp: BPIState, bv: i32): i32 { return blockNumOfBlock(bp, bv); }

@inline function blockNumOfBlock(bp: BPIState, bv: i32): i32 { return bp.cfg.blockNum.get(bv); }

// computeUnlikelySuccessors: successor blocks (block numbers) into `unlikely`.
function computeUnlikely(bp: BPIState, b: i32, l: i32, t: i32): void {
  bp.unlikely.clear();
  if (<i32>iOp.get(t) != Op.Br || iNOps.get(t) != 3) return;
  let ci = operand(t, 0);
  if (!isInst(ci)) return;
  let cop = <i32>iOp.get(ci);
  if (cop != Op.ICmp && cop != Op.FCmp) return;
  let lhs = operand(ci, 0), cst = operand(ci, 1);
  if (!isInst(lhs) || !isConstant(cst)) return;
  bp.chain.clear();
  let phi = <i32>iOp.get(lhs) == Op.Phi ? lhs : -1;
  let cur = lhs;
  while (phi < 0 && cur >= 0 && <i32>iOp.get(cur) >= Op.Add && <i32>iOp.get(cur) <= Op.Xor && isConstant(operand(cur, 1))) {
    if (!bp.loops.containsBlock(l, blockNumOf(bp, vParent.get(cur)))) return;
    bp.chain.push(cur);
    let nx = operand(cur, 0);
    cur = isInst(nx) ? nx : -1;
    if (cur >= 0 && <i32>iOp.get(cur) == Op.Phi) phi = cur;
  }
  if (phi < 0 || !bp.loops.containsBlock(l, blockNumOf(bp, vParent.get(phi)))) return;
  let s0 = bp.cfg.block.get(bp.cfg.succ.get(bp.cfg.succOff.get(b))), s1 = bp.cfg.block.get(bp.cfg.succ.get(bp.cfg.succOff.get(b) + 1));
  bp.phiWork.clear(); bp.phiSeen.clear();
  bp.phiWork.push(phi); bp.phiSeen.push(phi);
  while (bp.phiWork.len > 0) {
    let p = bp.phiWork.pop();
    let n = numOperands(p);
    for (let k = 1; k < n; k += 2) {
      let bb = operand(p, k);
      if (!bp.loops.containsBlock(l, blockNumOf(bp, bb))) continue;
      // the first incoming value for bb
      let v = -1;
      for (let j = 1; j < n; j += 2) if (operand(p, j) == bb) { v = operand(p, j - 1); break; }
      if (isInst(v) && <i32>iOp.get(v) == Op.Phi) {
        let seen = false;
        for (let q = 0; q < bp.phiSeen.len; q++) if (bp.phiSeen.get(q) == v) { seen = true; break; }
        if (!seen) { bp.phiSeen.push(v); bp.phiWork.push(v); }
        continue;
      }
      if (v < 0 || !isConstant(v) || !isSuccOf(bp, b, bb)) continue;
      if (cop != Op.ICmp) continue;   // floating-point folding is not modelled
      loadConst(bp, v);
      for (let q = bp.chain.len - 1; q >= 0 && bp.fk != 3; q--) foldBinary(bp, <i32>iOp.get(bp.chain.get(q)), operand(bp.chain.get(q), 1));
      if (bp.fk == 3) continue;
      let r = foldICmp(bp, icmpPred(ci), cst);
      if ((r == 0 && bb == s0) || (r == 1 && bb == s1)) bp.unlikely.push(blockNumOf(bp, bb));
    }
  }
}

export function calcEstimatedHeuristics(bp: BPIState, b: i32, t: i32): bool {
  let l = bp.loops.loopOf.get(b);
  bp.unlikely.clear();
  if (l >= 0) computeUnlikely(bp, b, l, t);
  let tc = LBH_TAKEN / LBH_NONTAKEN;
  let found = false;
  let total: u64 = 0;
  bp.tmpW.clear();
  let s = bp.cfg.succOff.get(b), e = bp.cfg.succOff.get(b + 1);
  for (let k = s; k < e; k++) {
    let d = bp.cfg.succ.get(k);
    let w = edgeWeight(bp, b, d);
    if (isExiting(bp, b, d) && w != W_ZERO) {
      let x = <u32>(w == UNKNOWN ? W_DEFAULT : w) / tc;
      w = x < 1 ? W_LOWEST : <i32>x;
    }
    if (l >= 0 && w != W_ZERO) {
      let un = false;
      for (let q = 0; q < bp.unlikely.len; q++) if (bp.unlikely.get(q) == d) { un = true; break; }
      if (un) { let x = <u32>(w == UNKNOWN ? W_DEFAULT : w) / 2; w = x < 1 ? W_LOWEST : <i32>x; }
    }
    if (w != UNKNOWN) found = true;
    let wv = w == UNKNOWN ? W_DEFAULT : w;
    total += <u64>wv;
    bp.tmpW.push(wv);
  }
  if (!found || total == 0) return false;
  let n = e - s;
  if (total > 0xffffffff) {
    let f = total / 0xffffffff + 1;
    total = 0;
    for (let k = 0; k < n; k++) {
      let w = <u64>bp.tmpW.get(k) / f;
      if (w == 0) w = 1;
      bp.tmpW.set(k, <i32>w);
      total += w;
    }
  }
  bp.tmpP.clear();
  for (let k = 0; k < n; k++) bp.tmpP.push(<i32>bprob(<u64>bp.tmpW.get(k), total));
  bp.setProbs(b, bp.tmpP);
  return true;
}

export function calcPointerHeuristics(bp: BPIState, b: i32, t: i32): bool {
  if (<i32>iOp.get(t) != Op.Br || iNOps.get(t) != 3) return false;
  let ci = operand(t, 0);
  if (!isInst(ci) || <i32>iOp.get(ci) != Op.ICmp) return false;
  let p = icmpPred(ci);
  if (p > 1) return false;
  if (<i32>tyKind.get(vType.get(operand(ci, 0))) != TK.Ptr) return false;
  if (p == 1) bp.setTwo(b, P_20_32, P_12_32); else bp.setTwo(b, P_12_32, P_20_32);
  return true;
}

export function calcZeroHeuristics(bp: BPIState, b: i32, t: i32): bool {
  if (<i32>iOp.get(t) != Op.Br || iNOps.get(t) != 3) return false;
  let ci = operand(t, 0);
  if (!isInst(ci) || <i32>iOp.get(ci) != Op.ICmp) return false;
  let cv = constIntOf(operand(ci, 1));
  if (cv < 0) return false;
  let lhs = operand(ci, 0);
  if (isInst(lhs) && <i32>iOp.get(lhs) == Op.And) {
    let m = constIntOf(operand(lhs, 1));
    if (m >= 0 && isPow2Int(m)) return false;
  }
  let p = icmpPred(ci);
  // 0 = likely taken (first successor likely), 1 = unlikely
  let kind = -1;
  if (isCmpLibCall(lhs)) {
    if (p == 0) kind = 1; else if (p == 1) kind = 0; else return false;
  } else if (isZeroInt(cv)) {
    if (p == 0 || p == 8) kind = 1; else if (p == 1 || p == 6) kind = 0; else return false;
  } else if (isOneConst(cv)) {
    if (p == 8) kind = 1; else return false;
  } else if (isAllOnesInt(cv)) {
    if (p == 0) kind = 1; else if (p == 1 || p == 6) kind = 0; else return false;
  } else return false;
  if (kind == 0) bp.setTwo(b, P_20_32, P_12_32); else bp.setTwo(b, P_12_32, P_20_32);
  return true;
}

export function calcFloatingPointHeuristics(bp: BPIState, b: i32, t: i32): bool {
  if (<i32>iOp.get(t) != Op.Br || iNOps.get(t) != 3) return false;
  let ci = operand(t, 0);
  if (!isInst(ci) || <i32>iOp.get(ci) != Op.FCmp) return false;
  let p = predicate(ci);
  // oeq, one, ueq, une are the equality predicates; ueq is the one of them true when equal
  if (p == 1 || p == 6 || p == 9 || p == 14) {
    if (p != 9) bp.setTwo(b, P_20_32, P_12_32); else bp.setTwo(b, P_12_32, P_20_32);
    return true;
  }
  let ord = bprob(0xfffff, 0x100000), uno = bprob(1, 0x100000);
  if (p == 7) { bp.setTwo(b, ord, uno); return true; }
  if (p == 8) { bp.setTwo(b, uno, ord); return true; }
  return false;
}
