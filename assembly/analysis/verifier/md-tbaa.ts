// The verifier's !tbaa checks (LLVM's TBAAVerifier): the access tag, the scalar and struct type
// nodes (old and new format), and the access path from the base type to the access type. A type
// node's own failures are reported once per verification (its verdict is kept), as opt does.
import { Op } from "../../ir/opcodes";
import { I32Vec } from "../../util/vec";
import { epoch, fail, out, w, wm } from "./state";
import { opOf } from "./queries";
import { isNode, isString, numOps, op, constInt, ciWidth, ciIsZero, ciIsOne, ciLow64, ucmp, fitMD } from "./md-common";

let tbaaBaseEpoch: I32Vec = new I32Vec(), tbaaBaseWidth: I32Vec = new I32Vec();   // INVALID: invalid base node
let tbaaScalarEpoch: I32Vec = new I32Vec(), tbaaScalar: I32Vec = new I32Vec();
let path: I32Vec = new I32Vec(), visited: I32Vec = new I32Vec();
export function resetMDTBAA(): void {
  tbaaBaseEpoch = new I32Vec(); tbaaBaseWidth = new I32Vec(); tbaaScalarEpoch = new I32Vec(); tbaaScalar = new I32Vec();
  path = new I32Vec(); visited = new I32Vec();
}

// The offset being followed down the access path: its width and its bits (widths over 64 keep
// their low 64 bits).
let offWidth: i32 = 0;
let offBits: u64 = 0;
function maskTo(v: u64, w: i32): u64 { return w >= 64 ? v : v & ((<u64>1 << <u64>w) - 1); }
function writeOffset(): void {
  let v = offBits;
  if (offWidth > 0 && offWidth < 64 && ((v >>> <u64>(offWidth - 1)) & 1) != 0) v |= ~((<u64>1 << <u64>offWidth) - 1);
  out.i64(<i64>v); out.byte(10);
}
function writeUnsigned(v: u32): void { out.u64(<u64>v); out.byte(10); }
const NO_WIDTH: i32 = -1;   // ~0u: no field gave a width

function isRoot(m: i32): bool { return numOps(m) < 2; }
function isScalarNode(m: i32): bool {
  fitMD(tbaaScalarEpoch); fitMD(tbaaScalar);
  if (tbaaScalarEpoch.get(m) == epoch) return tbaaScalar.get(m) != 0;
  let r = scalarNodeImpl(m);
  tbaaScalarEpoch.set(m, epoch); tbaaScalar.set(m, r ? 1 : 0);
  return r;
}
function scalarNodeImpl(m: i32): bool {
  visited.clear();
  while (true) {
    let n = numOps(m);
    if (n != 2 && n != 3) return false;
    if (!isString(op(m, 0))) return false;
    if (n == 3) { let c = constInt(op(m, 2)); if (c < 0 || !ciIsZero(c)) return false; }
    let parent = op(m, 1);
    if (!isNode(parent)) return false;
    for (let k = 0; k < visited.len; k++) if (visited.get(k) == parent) return false;
    visited.push(parent);
    if (isRoot(parent)) return true;
    m = parent;
  }
}
// A type node with its parent first: the new format.
function isNewFormatType(m: i32): bool { return isNode(m) && numOps(m) >= 3 && isNode(op(m, 0)); }

// verifyTBAABaseNode: the base node's field width, or -2 when it is invalid (reported once).
const INVALID: i32 = -2;
function tbaaBaseNode(i: i32, base: i32, newFormat: bool): i32 {
  if (numOps(base) < 2) { fail("Base nodes must have at least two operands"); w(i); wm(base); return INVALID; }
  fitMD(tbaaBaseEpoch); fitMD(tbaaBaseWidth);
  if (tbaaBaseEpoch.get(base) == epoch) return tbaaBaseWidth.get(base);
  let r = tbaaBaseNodeImpl(i, base, newFormat);
  tbaaBaseEpoch.set(base, epoch); tbaaBaseWidth.set(base, r);
  return r;
}
function tbaaBaseNodeImpl(i: i32, base: i32, newFormat: bool): i32 {
  let n = numOps(base);
  if (n == 2) return isScalarNode(base) ? 0 : INVALID;
  if (newFormat) {
    if (n % 3 != 0) { fail("Access tag nodes must have the number of operands that is a multiple of 3!"); wm(base); return INVALID; }
    if (constInt(op(base, 1)) < 0) { fail("Type size nodes must be constants!"); w(i); wm(base); return INVALID; }
  } else {
    if (n % 2 != 1) { fail("Struct tag nodes must have an odd number of operands!"); wm(base); return INVALID; }
    if (!isString(op(base, 0))) { fail("Struct tag nodes have a string as their first operand"); wm(base); return INVALID; }
  }
  let failed = false;
  let prev = -1;
  let width = NO_WIDTH;
  let per = newFormat ? 3 : 2;
  for (let k = newFormat ? 3 : 1; k < n; k += per) {
    if (!isNode(op(base, k))) { fail("Incorrect field entry in struct type node!"); w(i); wm(base); failed = true; continue; }
    let c = constInt(op(base, k + 1));
    if (c < 0) { fail("Offset entries must be constants!"); w(i); wm(base); failed = true; continue; }
    if (width == NO_WIDTH) width = ciWidth(c);
    if (ciWidth(c) != width) { fail("Bitwidth between the offsets and struct type entries must match"); w(i); wm(base); failed = true; continue; }
    if (prev >= 0 && ucmp(prev, c) > 0) { fail("Offsets must be increasing!"); w(i); wm(base); failed = true; }
    prev = c;
    if (newFormat && constInt(op(base, k + 2)) < 0) { fail("Member size entries must be constants!"); w(i); wm(base); failed = true; continue; }
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
    if (maskTo(ciLow64(c), offWidth) > offBits) {
      if (k == first) { fail("Could not find TBAA parent in struct type node"); w(i); wm(base); writeOffset(); return -1; }
      return fieldAt(base, k - per);
    }
  }
  return fieldAt(base, n - per);
}
function fieldAt(base: i32, k: i32): i32 {
  let c = constInt(op(base, k + 1));
  if (c >= 0) offBits = maskTo(offBits - ciLow64(c), offWidth);
  let f = op(base, k);
  return isNode(f) ? f : -1;
}

export function visitTBAA(i: i32, md: i32): void {
  let n = numOps(md);
  if (n == 0) { fail("TBAA metadata cannot have 0 operands"); w(i); wm(md); return; }
  let o = opOf(i);
  if (o != Op.Load && o != Op.Store && o != Op.Call && o != Op.VAArg && o != Op.AtomicRMW && o != Op.AtomicCmpXchg) {
    fail("This instruction shall not have a TBAA access tag!"); w(i); return;
  }
  if (!(isNode(op(md, 0)) && n >= 3)) { fail("Old-style TBAA is no longer allowed, use struct-path TBAA instead"); w(i); return; }
  let base = isNode(op(md, 0)) ? op(md, 0) : -1;
  let access = isNode(op(md, 1)) ? op(md, 1) : -1;
  let newFormat = isNewFormatType(access);
  if (newFormat) {
    if (n != 4 && n != 5) { fail("Access tag metadata must have either 4 or 5 operands"); w(i); wm(md); return; }
    if (constInt(op(md, 3)) < 0) { fail("Access size field must be a constant"); w(i); wm(md); return; }
  } else if (n >= 5) { fail("Struct tag metadata must have either 3 or 4 operands"); w(i); wm(md); return; }
  let flagAt = newFormat ? 4 : 3;
  if (n == flagAt + 1) {
    let c = constInt(op(md, flagAt));
    if (c < 0) { fail("Immutability tag on struct tag metadata must be a constant"); w(i); wm(md); return; }
    if (!ciIsZero(c) && !ciIsOne(c)) { fail("Immutability part of the struct tag metadata must be either 0 or 1"); w(i); wm(md); return; }
  }
  if (base < 0 || access < 0) {
    fail("Malformed struct tag metadata: base and access-type should be non-null and point to Metadata nodes");
    w(i); wm(md); wm(base); wm(access); return;
  }
  if (!newFormat && !isScalarNode(access)) { fail("Access type node must be a valid scalar type"); w(i); wm(md); wm(access); return; }
  let off = constInt(op(md, 2));
  if (off < 0) { fail("Offset must be constant integer"); w(i); wm(md); return; }
  offWidth = ciWidth(off); offBits = maskTo(ciLow64(off), offWidth);
  let seenAccess = false;
  path.clear();
  while (base >= 0 && !isRoot(base)) {
    for (let k = 0; k < path.len; k++) if (path.get(k) == base) { fail("Cycle detected in struct path"); w(i); wm(md); return; }
    path.push(base);
    let width = tbaaBaseNode(i, base, newFormat);
    if (width == INVALID) return;
    if (base == access) seenAccess = true;
    if ((isScalarNode(base) || base == access) && offBits != 0) {
      fail("Offset not zero at the point of scalar access"); w(i); wm(md); writeOffset(); return;
    }
    if (!(width == offWidth || (width == 0 && offBits == 0) || (newFormat && width == NO_WIDTH))) {
      fail("Access bit-width not the same as description bit-width"); w(i); wm(md); writeUnsigned(<u32>width); writeUnsigned(<u32>offWidth); return;
    }
    if (newFormat && seenAccess) break;
    base = tbaaField(i, base, newFormat);
  }
  if (!seenAccess) { fail("Did not see access type in access path!"); w(i); wm(md); return; }
}

