// What the verifier's metadata checks share: questions about metadata nodes asked the way LLVM's
// casts ask them (every one answers for a missing operand, a node of another kind or a value of
// another kind, so mutated input never traps). The walk itself is in md-walk.ts.
import { strtab } from "../../ir/module";
import { TK, tyKind, intWidth } from "../../ir/types";
import { VK, vKind, vType } from "../../ir/values";
import { MK, MDF_DISTINCT, mdKind, mdFlags, mdA, mdOps, mdNOps, mdPool, mdCount, FV_MD } from "../../ir/metadata";
import { intWord, intWordCount } from "../../ir/constants";
import { I32Vec } from "../../util/vec";
import { vr } from "./state";

// An MDNode in LLVM's sense: a tuple, a specialized (DI) node or a DIExpression.
export function isNode(m: i32): bool {
  if (m < 0 || m >= mdCount()) return false;
  let k = <i32>mdKind.get(m);
  return k == MK.Tuple || k == MK.Node || k == MK.Expr;
}
export function isTuple(m: i32): bool { return m >= 0 && m < mdCount() && <i32>mdKind.get(m) == MK.Tuple; }
export function isString(m: i32): bool { return m >= 0 && m < mdCount() && <i32>mdKind.get(m) == MK.String; }
export function isDistinct(m: i32): bool { return m >= 0 && m < mdCount() && (mdFlags.get(m) & MDF_DISTINCT) != 0; }
// A specialized node of the named class (`DILocation`, ...).
export function isDINode(m: i32, cls: string): bool {
  return m >= 0 && m < mdCount() && <i32>mdKind.get(m) == MK.Node && strtab.eqStr(mdA.get(m), cls);
}

// MDNode::getNumOperands. A specialized node counts its metadata fields (LLVM's operand layout
// per class is not modelled; only its count could matter, and only for mutated input).
export function numOps(m: i32): i32 {
  if (m < 0 || m >= mdCount()) return 0;
  let k = <i32>mdKind.get(m);
  if (k == MK.Tuple) return mdNOps.get(m);
  if (k == MK.Node) {
    let s = mdOps.get(m), n = mdNOps.get(m), c = 0;
    for (let i = 0; i < n; i++) if (mdPool.get(s + 3 * i + 1) == FV_MD) c++;
    return c;
  }
  return 0;
}
// MDNode::getOperand(i) (-1 for null or out of range).
export function op(m: i32, i: i32): i32 {
  if (m < 0 || m >= mdCount() || i < 0) return -1;
  let k = <i32>mdKind.get(m);
  if (k == MK.Tuple) return mdNOps.get(m) > i ? mdPool.get(mdOps.get(m) + i) : -1;
  if (k == MK.Node) {
    let s = mdOps.get(m), n = mdNOps.get(m), c = 0;
    for (let j = 0; j < n; j++) {
      if (mdPool.get(s + 3 * j + 1) != FV_MD) continue;
      if (c == i) return mdPool.get(s + 3 * j + 2);
      c++;
    }
  }
  return -1;
}

// The value a ValueAsMetadata wraps, or -1.
export function mdValue(m: i32): i32 {
  if (m < 0 || m >= mdCount() || <i32>mdKind.get(m) != MK.Value) return -1;
  return mdA.get(m);
}
// LocalAsMetadata: an argument, instruction or block as metadata.
export function isLocal(m: i32): bool {
  let v = mdValue(m);
  if (v < 0) return false;
  let k = <i32>vKind.get(v);
  return k == VK.Arg || k == VK.Inst || k == VK.Block || k == VK.Dead;
}
// ConstantAsMetadata (isa<ConstantAsMetadata>): a value as metadata that is not local.
export function isConstant(m: i32): bool { return mdValue(m) >= 0 && !isLocal(m); }
// mdconst::dyn_extract(_or_null)<ConstantInt>: the integer constant, or -1.
export function constInt(m: i32): i32 {
  let v = mdValue(m);
  return v >= 0 && <i32>vKind.get(v) == VK.ConstInt ? v : -1;
}
// The same, for a ConstantFP.
export function constFP(m: i32): i32 {
  let v = mdValue(m);
  return v >= 0 && <i32>vKind.get(v) == VK.ConstFP ? v : -1;
}
export function isIntTy(t: i32, bits: i32): bool { return <i32>tyKind.get(t) == TK.Int && intWidth(t) == bits; }

// An MDString's content equals s.
export function stringIs(m: i32, s: string): bool { return isString(m) && strtab.eqStr(mdA.get(m), s); }
export function stringEmpty(m: i32): bool { return isString(m) && strtab.lenOf(mdA.get(m)) == 0; }

// ConstantInt questions over the width's words (any width).
export function ciWidth(c: i32): i32 { return intWidth(vType.get(c)); }
export function ciIsZero(c: i32): bool {
  for (let i = 0; i < intWordCount(c); i++) if (intWord(c, i) != 0) return false;
  return true;
}
export function ciIsOne(c: i32): bool {
  if (intWord(c, 0) != 1) return false;
  for (let i = 1; i < intWordCount(c); i++) if (intWord(c, i) != 0) return false;
  return true;
}
// The sign bit (APInt::isNegative).
export function ciNegative(c: i32): bool {
  let w = ciWidth(c);
  if (w <= 0) return false;
  let b = w - 1;
  return ((intWord(c, b >> 5) >>> (b & 31)) & 1) != 0;
}
// Whether the value fits in 64 bits unsigned (getZExtValue / getLimitedValue below 2^64).
export function ciFits64(c: i32): bool {
  for (let i = 2; i < intWordCount(c); i++) if (intWord(c, i) != 0) return false;
  return true;
}
export function ciLow64(c: i32): u64 { return <u64>(<u32>intWord(c, 0)) | (<u64>(<u32>intWord(c, 1)) << 32); }
// Unsigned and signed comparison of two integer constants of one width (-1, 0, 1).
export function ucmp(a: i32, b: i32): i32 {
  let n = (ciWidth(a) + 31) >> 5;
  for (let k = n - 1; k >= 0; k--) {
    let x = <u32>intWord(a, k), y = <u32>intWord(b, k);
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}
export function scmp(a: i32, b: i32): i32 {
  let na = ciNegative(a), nb = ciNegative(b);
  if (na != nb) return na ? -1 : 1;
  return ucmp(a, b);
}
// APInt::isMaxValue: every bit of the width set.
export function ciIsMax(c: i32): bool {
  let wd = ciWidth(c), n = (wd + 31) >> 5;
  for (let k = 0; k < n; k++) {
    let top = k == n - 1 && (wd & 31) != 0;
    let want: u32 = top ? ((<u32>1 << <u32>(wd & 31)) - 1) : 0xffffffff;
    if (<u32>intWord(c, k) != want) return false;
  }
  return true;
}
// Grows a per-node table to the metadata count (entries start at 0).
export function fitMD(v: I32Vec): void { let n = mdCount(); if (v.len < n) v.resize(n, 0); }
