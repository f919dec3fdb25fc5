// The comparator's order on metadata: strings and constants as node operands, and an
// instruction's attachments other than !dbg (FunctionComparator::cmpInstMetadata).
import { iMD } from "../../ir/values";
import { mdKind, mdA, mdOps, mdNOps, mdPool, MK, FV_MD, attKind, attMD, attNext, MDK_DBG } from "../../ir/metadata";
import { cmpConstants, isConstantValue } from "./compare-values";
import { cmpI, cmpStr } from "./compare-types";

// The constant a `ConstantAsMetadata` node wraps, else -1.
function constOfMD(m: i32): i32 {
  if (m < 0 || <i32>mdKind.get(m) != MK.Value) return -1;
  let v = mdA.get(m);
  return v >= 0 && isConstantValue(v) ? v : -1;
}
// cmpMetadata: strings by content, constants by cmpConstants; everything else compares equal.
export function cmpMetadata(l: i32, r: i32): i32 {
  let sl = l >= 0 && <i32>mdKind.get(l) == MK.String, sr = r >= 0 && <i32>mdKind.get(r) == MK.String;
  if (sl && sr) return l == r ? 0 : cmpStr(mdA.get(l), mdA.get(r));
  if (sr) return -1;
  if (sl) return 1;
  let cl = constOfMD(l), cr = constOfMD(r);
  if (cl == cr) return 0;
  if (cl < 0) return -1;
  if (cr < 0) return 1;
  return cmpConstants(cl, cr);
}
function mdNumOperands(m: i32): i32 {
  let k = <i32>mdKind.get(m);
  return k == MK.Tuple || k == MK.ArgList || k == MK.Node ? mdNOps.get(m) : 0;
}
function mdOperand(m: i32, i: i32): i32 {
  let k = <i32>mdKind.get(m);
  if (k == MK.Node) {
    let s = mdOps.get(m) + 3 * i;
    return mdPool.get(s + 1) == FV_MD ? mdPool.get(s + 2) : -1;
  }
  return mdPool.get(mdOps.get(m) + i);
}
export function cmpMDNode(l: i32, r: i32): i32 {
  if (l == r) return 0;
  if (l < 0) return -1;
  if (r < 0) return 1;
  let n = mdNumOperands(l);
  let res = cmpI(n, mdNumOperands(r));
  if (res != 0) return res;
  for (let i = 0; i < n; i++) { res = cmpMetadata(mdOperand(l, i), mdOperand(r, i)); if (res != 0) return res; }
  return 0;
}
// cmpInstMetadata: all attachments but !dbg, in kind order.
export function cmpInstMetadata(l: i32, r: i32): i32 {
  let nl = 0, nr = 0;
  for (let a = iMD.get(l); a >= 0; a = attNext.get(a)) if (attKind.get(a) != MDK_DBG) nl++;
  for (let a = iMD.get(r); a >= 0; a = attNext.get(a)) if (attKind.get(a) != MDK_DBG) nr++;
  if (nl != nr) return nl > nr ? 1 : -1;
  let a = iMD.get(l), b = iMD.get(r);
  while (true) {
    while (a >= 0 && attKind.get(a) == MDK_DBG) a = attNext.get(a);
    while (b >= 0 && attKind.get(b) == MDK_DBG) b = attNext.get(b);
    if (a < 0 || b < 0) return 0;
    let res = cmpI(attKind.get(a), attKind.get(b)); if (res != 0) return res;
    res = cmpMDNode(attMD.get(a), attMD.get(b)); if (res != 0) return res;
    a = attNext.get(a); b = attNext.get(b);
  }
  return 0;
}
