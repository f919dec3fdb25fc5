// The verifier's !tbaa checks (LLVM's TBAAVerifier): the access tag, the scalar and struct type
// nodes (old and new format), and the access path from the base type to the access type. A type
// node's own failures are reported once per verification (its verdict is kept), as opt does.
import { Op } from "../../ir/opcodes";
import { vr } from "./state";
import { opOf } from "./queries";
import { isNode, isString, numOps, op, constInt, ciWidth, ciIsZero, ciIsOne, ciLow64, ucmp, fitMD } from "./md-common";

// (The verdicts, the path and the offset followed down it are the Verifier's: tbaa* and off*.)
function maskTo(v: u64, w: i32): u64 { return w >= 64 ? v : v & ((<u64>1 << <u64>w) - 1); }
function writeOffset(): void {
  let v = vr.offBits;
  if (vr.offWidth > 0 && vr.offWidth < 64 && ((v >>> <u64>(vr.offWidth - 1)) & 1) != 0) v |= ~((<u64>1 << <u64>vr.offWidth) - 1);
  vr.out.i64(<i64>v); vr.out.byte(10);
}
function writeUnsigned(v: u32): void { vr.out.u64(<u64>v); vr.out.byte(10); }
const NO_WIDTH: i32 = -1;   // ~0u: no field gave a width

function isRoot(m: i32): bool { return numOps(m) < 2; }
function isScalarNode(m: i32): bool {
  fitMD(vr.tbaaScalarEpoch); fitMD(vr.tbaaScalar);
  if (vr.tbaaScalarEpoch.get(m) == vr.epoch) return vr.tbaaScalar.get(m) != 0;
  let r = scalarNodeImpl(m);
  vr.tbaaScalarEpoch.set(m, vr.epoch); vr.tbaaScalar.set(m, r ? 1 : 0);
  return r;
}
function scalarNodeImpl(m: i32): bool {
  vr.tbaaVisited.clear();
  while (true) {
    let n = numOps(m);
    if (n != 2 && n != 3) return false;
    if (!isString(op(m, 0))) return false;
    if (n == 3) { let c = constInt(op(m, 2)); if (c < 0 || !ciIsZero(c)) return false; }
    let parent = op(m, 1);
    if (!isNode(parent)) return false;
    for (let k = 0; k < vr.tbaaVisited.len; k++) if (vr.tbaaVisited.get(k) == parent) return false;
    vr.tbaaVisited.push(parent);
    if (isRoot(parent)) return true;
    m = parent;
  }
}
// A type node with its parent first: the new format.
function isNewFormatType(m: i32): bool { return isNode(m) && numOps(m) >= 3 && isNode(op(m, 0)); }

// verifyTBAABaseNode: the base node's field width, or -2 when it is invalid (reported once).
const INVALID: i32 = -2;
function tbaaBaseNode(i: i32, base: i32, newFormat: bool): i32 {
  if (numOps(base) < 2) { vr.fail("Base nodes must have at least two operands"); vr.w(i); vr.wm(base); return INVALID; }
  fitMD(vr.tbaaBaseEpoch); fitMD(vr.tbaaBaseWidth);
  if (vr.tbaaBaseEpoch.get(base) == vr.epoch) return vr.tbaaBaseWidth.get(base);
  let r = tbaaBaseNodeImpl(i, base, newFormat);
  vr.tbaaBaseEpoch.set(base, vr.epoch); vr.tbaaBaseWidth.set(base, r);
  return r;
}
function tbaaBaseNodeImpl(i: i32, base: i32, newFormat: bool): i32 {
  let n = numOps(base);
  if (n == 2) return isScalarNode(base) ? 0 : INVALID;
  if (newFormat) {
    if (n % 3 != 0) { vr.fail("Access tag nodes must have the number of operands that is a multiple of 3!"); vr.wm(base); return INVALID; }
    if (constInt(op(base, 1)) < 0) { vr.fail("Type size nodes must be constants!"); vr.w(i); vr.wm(base); return INVALID; }
  } else {
    if (n % 2 != 1) { vr.fail("Struct tag nodes must have an odd number of operands!"); vr.wm(base); return INVALID; }
    if (!isString(op(base, 0))) { vr.fail("Struct tag nodes have a string as their first operand"); vr.wm(base); return INVALID; }
  }
  let failed = false;
  let prev = -1;
  let width = NO_WIDTH;
  let per = newFormat ? 3 : 2;
  for (let k = newFormat ? 3 : 1; k < n; k += per) {
    if (!isNode(op(base, k))) { vr.fail("Incorrect field entry in struct type node!"); vr.w(i); vr.wm(base); failed = true; continue; }
    let c = constInt(op(base, k + 1));
    if (c < 0) { vr.fail("Offset entries must be constants!"); vr.w(i); vr.wm(base); failed = true; continue; }
    if (width == NO_WIDTH) width = ciWidth(c);
    if (ciWidth(c) != width) { vr.fail("Bitwidth between the offsets and struct type entries must match"); vr.w(i); vr.wm(base); failed = true; continue; }
    if (prev >= 0 && ucmp(prev, c) > 0) { vr.fail("Offsets must be increasing!"); vr.w(i); vr.wm(base); failed = true; }
    prev = c;
    if (newFormat && constInt(op(base, k + 2)) < 0) { vr.fail("Member size entries must be constants!"); vr.w(i); vr.wm(base); failed = true; continue; }
  }
  return failed ? INVALID : width;
}
// getFieldNodeFromTBAABaseNode: the field at the offset (which becomes the offset inside it).
function tbaaField(i: i32, base: i32, newFormat: bool): i32 {
  let n = numOps(base);
  if (n == 2) { let p = op(base, 1); return isNode(p) ? p : -1; }
  let first = newFormat ? 3 : 1, per = newFormat ? 3 : 2;
  for (let k = first; k < n; k += per) {
    let c = constInt(op(base, k + 1));
    if (c < 0) return -1;
    if (maskTo(ciLow64(c), vr.offWidth) > vr.offBits) {
      if (k == first) { vr.fail("Could not find TBAA parent in struct type node"); vr.w(i); vr.wm(base); writeOffset(); return -1; }
      return fieldAt(base, k - per);
    }
  }
  return fieldAt(base, n - per);
}
function fieldAt(base: i32, k: i32): i32 {
  let c = constInt(op(base, k + 1));
  if (c >= 0) vr.offBits = maskTo(vr.offBits - ciLow64(c), vr.offWidth);
  let f = op(base, k);
  return isNode(f) ? f : -1;
}

// An access tag, on instruction i (or, i < 0, listed in !llvm.errno.tbaa: no instruction to check
// or to print).
export function visitTBAA(i: i32, md: i32): void {
  let n = numOps(md);
  if (n == 0) { vr.fail("TBAA metadata cannot have 0 operands"); vr.w(i); vr.wm(md); return; }
  let o = i >= 0 ? opOf(i) : Op.Load;
  if (o != Op.Load && o != Op.Store && o != Op.Call && o != Op.VAArg && o != Op.AtomicRMW && o != Op.AtomicCmpXchg) {
    vr.fail("This instruction shall not have a TBAA access tag!"); vr.w(i); return;
  }
  if (!(isNode(op(md, 0)) && n >= 3)) { vr.fail("Old-style TBAA is no longer allowed, use struct-path TBAA instead"); vr.w(i); return; }
  let base = isNode(op(md, 0)) ? op(md, 0) : -1;
  let access = isNode(op(md, 1)) ? op(md, 1) : -1;
  let newFormat = isNewFormatType(access);
  if (newFormat) {
    if (n != 4 && n != 5) { vr.fail("Access tag metadata must have either 4 or 5 operands"); vr.w(i); vr.wm(md); return; }
    if (constInt(op(md, 3)) < 0) { vr.fail("Access size field must be a constant"); vr.w(i); vr.wm(md); return; }
  } else if (n >= 5) { vr.fail("Struct tag metadata must have either 3 or 4 operands"); vr.w(i); vr.wm(md); return; }
  let flagAt = newFormat ? 4 : 3;
  if (n == flagAt + 1) {
    let c = constInt(op(md, flagAt));
    if (c < 0) { vr.fail("Immutability tag on struct tag metadata must be a constant"); vr.w(i); vr.wm(md); return; }
    if (!ciIsZero(c) && !ciIsOne(c)) { vr.fail("Immutability part of the struct tag metadata must be either 0 or 1"); vr.w(i); vr.wm(md); return; }
  }
  if (base < 0 || access < 0) {
    vr.fail("Malformed struct tag metadata: base and access-type should be non-null and point to Metadata nodes");
    vr.w(i); vr.wm(md); vr.wm(base); vr.wm(access); return;
  }
  if (!newFormat && !isScalarNode(access)) { vr.fail("Access type node must be a valid scalar type"); vr.w(i); vr.wm(md); vr.wm(access); return; }
  let off = constInt(op(md, 2));
  if (off < 0) { vr.fail("Offset must be constant integer"); vr.w(i); vr.wm(md); return; }
  vr.offWidth = ciWidth(off); vr.offBits = maskTo(ciLow64(off), vr.offWidth);
  let seenAccess = false;
  vr.tbaaPath.clear();
  while (base >= 0 && !isRoot(base)) {
    for (let k = 0; k < vr.tbaaPath.len; k++) if (vr.tbaaPath.get(k) == base) { vr.fail("Cycle detected in struct path"); vr.w(i); vr.wm(md); return; }
    vr.tbaaPath.push(base);
    let width = tbaaBaseNode(i, base, newFormat);
    if (width == INVALID) return;
    if (base == access) seenAccess = true;
    if ((isScalarNode(base) || base == access) && vr.offBits != 0) {
      vr.fail("Offset not zero at the point of scalar access"); vr.w(i); vr.wm(md); writeOffset(); return;
    }
    if (!(width == vr.offWidth || (width == 0 && vr.offBits == 0) || (newFormat && width == NO_WIDTH))) {
      vr.fail("Access bit-width not the same as description bit-width"); vr.w(i); vr.wm(md); writeUnsigned(<u32>width); writeUnsigned(<u32>vr.offWidth); return;
    }
    if (newFormat && seenAccess) break;
    base = tbaaField(i, base, newFormat);
  }
  if (!seenAccess) { vr.fail("Did not see access type in access path!"); vr.w(i); vr.wm(md); return; }
}

