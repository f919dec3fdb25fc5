// The verifier's !range and !noalias.addrspace checks (Verifier::verifyRangeLikeMetadata): pairs
// of integer bounds of the right type, each a non-empty, non-full ConstantRange, in order, neither
// overlapping nor touching the previous one (nor, past two pairs, the first the last).
import { vType } from "../../ir/values";
import { scalarType } from "../../ir/types";
import { Feature, has } from "../../ir/version";
import { I32Vec } from "../../util/vec";
import { vr } from "./state";
import { numOps, op, constInt, isIntTy, ciIsZero, ciIsMax, ucmp, scmp } from "./md-common";

// Endpoints of the half-open pieces of a range: a ConstantInt id, or 0 / 2^width.
const LOW_END = -1, HIGH_END = -2;
function ecmp(x: i32, y: i32): i32 {
  if (x == y) return 0;
  if (x == HIGH_END) return 1;
  if (y == HIGH_END) return -1;
  if (x == LOW_END) return ciIsZero(y) ? 0 : -1;
  if (y == LOW_END) return ciIsZero(x) ? 0 : 1;
  return ucmp(x, y);
}
// The pieces [a, b) of ConstantRange(lo, hi) (lo != hi, or lo == hi as the full set).
function piecesOf(lo: i32, hi: i32, into: I32Vec): void {
  into.clear();
  let c = ucmp(lo, hi);
  if (c == 0) { if (ciIsMax(lo)) { into.push(LOW_END); into.push(HIGH_END); } return; }
  if (c < 0) { into.push(lo); into.push(hi); return; }
  into.push(lo); into.push(HIGH_END);
  if (!ciIsZero(hi)) { into.push(LOW_END); into.push(hi); }
}
// ConstantRange(a).intersectWith(ConstantRange(b)).isEmptySet().
function disjoint(alo: i32, ahi: i32, blo: i32, bhi: i32): bool {
  let pa = vr.piecesA, pb = vr.piecesB;
  piecesOf(alo, ahi, pa); piecesOf(blo, bhi, pb);
  for (let x = 0; x < pa.len; x += 2) {
    for (let y = 0; y < pb.len; y += 2) {
      let lo = ecmp(pa.get(x), pb.get(y)) >= 0 ? pa.get(x) : pb.get(y);
      let hi = ecmp(pa.get(x + 1), pb.get(y + 1)) <= 0 ? pa.get(x + 1) : pb.get(y + 1);
      if (ecmp(lo, hi) < 0) return false;
    }
  }
  return true;
}
function contiguous(alo: i32, ahi: i32, blo: i32, bhi: i32): bool { return ucmp(ahi, blo) == 0 || ucmp(alo, bhi) == 0; }

export function verifyRangeLike(i: i32, md: i32, ty: i32, addrspace: bool): void {
  let n = numOps(md);
  if ((n & 1) != 0) { vr.fail("Unfinished range!"); vr.wm(md); return; }
  let ranges = n >> 1;
  if (ranges < 1) { vr.fail("It should have at least one range!"); vr.wm(md); return; }
  let lastLo = -1, lastHi = -1;
  for (let r = 0; r < ranges; r++) {
    let lo = constInt(op(md, 2 * r));
    if (lo < 0) { vr.fail("The lower limit must be an integer!"); return; }
    let hi = constInt(op(md, 2 * r + 1));
    if (hi < 0) { vr.fail("The upper limit must be an integer!"); return; }
    let ht = vType.get(hi);
    if (has(Feature.RangePairTypes)) {
      if (ht != vType.get(lo)) { vr.fail("Range pair types must match!"); vr.w(i); return; }
      if (addrspace) { if (!isIntTy(ht, 32)) { vr.fail("noalias.addrspace type must be i32!"); vr.w(i); return; } }
      else if (ht != scalarType(ty)) { vr.fail("Range types must match instruction type!"); vr.w(i); return; }
    } else if (ht != vType.get(lo) || ht != scalarType(ty)) { vr.fail("Range types must match instruction type!"); vr.w(i); return; }
    if (ucmp(lo, hi) == 0 && !ciIsMax(lo) && !ciIsZero(lo)) { vr.fail("The upper and lower limits cannot be the same value"); vr.w(i); return; }
    // lo == hi is the empty set at 0 and the full set at the maximum: neither is a range
    if (ucmp(lo, hi) == 0) { vr.fail("Range must not be empty!"); vr.wm(md); return; }
    if (r != 0) {
      if (!disjoint(lo, hi, lastLo, lastHi)) { vr.fail("Intervals are overlapping"); vr.wm(md); return; }
      if (scmp(lo, lastLo) <= 0) { vr.fail("Intervals are not in order"); vr.wm(md); return; }
      if (contiguous(lo, hi, lastLo, lastHi)) { vr.fail("Intervals are contiguous"); vr.wm(md); return; }
    }
    lastLo = lo; lastHi = hi;
  }
  if (ranges > 2) {
    let lo = constInt(op(md, 0)), hi = constInt(op(md, 1));
    if (!disjoint(lo, hi, lastLo, lastHi)) { vr.fail("Intervals are overlapping"); vr.wm(md); return; }
    if (contiguous(lo, hi, lastLo, lastHi)) { vr.fail("Intervals are contiguous"); vr.wm(md); return; }
  }
}

