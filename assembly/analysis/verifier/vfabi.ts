// Whether a "vector-function-abi-variant" name demangles against a function type, as
// VFABI::tryDemangleForVFABI decides it: _ZGV<isa><mask><vlen><parameters>_<scalarname>[(<vectorname>)].
// Only the yes/no answer is needed (the verifier rejects names that do not demangle).
import { strtab } from "../../ir/module";
import { TK, tyKind, tyA, T_VOID, listLen, listAt } from "../../ir/types";
import { llvmVersion } from "../../ir/version";

// The name being read: bytes [pos, end) of a string-table entry.
let base: usize = 0;
let pos: i32 = 0;
let end: i32 = 0;
let num: i64 = 0;

@inline function at(i: i32): i32 { return <i32>load<u8>(base + <usize>i); }
function eat(s: string): bool {
  let n = s.length;
  if (end - pos < n) return false;
  for (let i = 0; i < n; i++) if (at(pos + i) != s.charCodeAt(i)) return false;
  pos += n;
  return true;
}
// StringRef::consumeInteger(10, ...) into `num`: digits, a leading '-' when signed (an int), no
// overflow of the destination (unsigned: 64 bits); nothing is consumed on failure.
function eatInt(signed: bool): bool {
  let p = pos;
  let neg = false;
  if (signed && p < end && at(p) == 45) { neg = true; p++; }
  let start = p;
  let v: u64 = 0;
  while (p < end) {
    let c = at(p);
    if (c < 48 || c > 57) break;
    let nv = v * 10 + <u64>(c - 48);
    if (nv / 10 != v) return false;
    v = nv; p++;
  }
  if (p == start) return false;
  if (signed && v > (neg ? <u64>0x80000000 : <u64>0x7fffffff)) return false;
  pos = p;
  num = neg ? -<i64>v : <i64>v;
  return true;
}

const ISA_UNKNOWN = 0, ISA_SVE = 1, ISA_RVV = 2, ISA_LLVM = 3, ISA_OTHER = 4;

// Parameters read so far, and for a scalable variant the fewest lanes of the vector parameters'
// types (0: one of them has no lane count).
let nParams: i32 = 0;
let scalable: bool = false;
let fnType: i32 = -1;
let minLanes: i32 = 0;

// One <parameter> and its optional alignment: 1 read, 0 none there, -1 malformed.
function parameter(): i32 {
  let vector = false;
  if (eat("v")) vector = true;
  else if (eat("u")) {}
  else if (eat("ls") || eat("Rs") || eat("Ls") || eat("Us")) { if (!eatInt(true)) return -1; }
  else if (eat("l") || eat("R") || eat("L") || eat("U")) { eat("n"); eatInt(true); }
  else return 0;
  if (eat("a")) {
    if (!eatInt(false)) return -1;
    let a = <u64>num;
    if (a == 0 || (a & (a - 1)) != 0) return -1;
  }
  if (vector && scalable && nParams < listLen(fnType)) takeLanes(listAt(fnType, nParams));
  nParams++;
  return 1;
}
function takeLanes(t: i32): void {
  let l = lanesFor(t);
  if (l == 0 || minLanes == 0) minLanes = 0;
  else if (l < minLanes) minLanes = l;
}

// The minimum lane count a scalable variant takes for a scalar type of SVE or RVV: 0 if none.
function lanesFor(t: i32): i32 {
  let k = <i32>tyKind.get(t);
  if (k == TK.Int) {
    let w = tyA.get(t);
    return w == 64 ? 2 : w == 32 ? 4 : w == 16 ? 8 : w == 8 ? 16 : 0;
  }
  if (k == TK.Double || k == TK.Ptr) return 2;
  if (k == TK.Float) return 4;
  if (k == TK.Half || k == TK.BFloat) return 8;
  return 0;
}

export function isVFABIName(s: i32, ft: i32): bool {
  if (s < 0) return false;
  base = strtab.ptrOf(s); pos = 0; end = strtab.lenOf(s);
  nParams = 0; fnType = ft; minLanes = 0x7fffffff;
  if (!eat("_ZGV")) return false;
  if (pos >= end) return false;
  let isa = ISA_OTHER;
  if (eat("_LLVM_")) isa = ISA_LLVM;
  else if (llvmVersion >= 22 && eat("r")) isa = ISA_RVV;
  else { isa = at(pos) == 115 ? ISA_SVE : ISA_UNKNOWN; pos++; } // 's'
  if (!eat("M") && !eat("N")) return false;
  scalable = false;
  if (eat("x")) {
    if (isa != ISA_SVE && isa != ISA_RVV) return false;
    scalable = true;
  } else {
    if (!eatInt(false) || <u64>num > 0xffffffff || num == 0) return false;
  }
  while (true) {
    let r = parameter();
    if (r < 0) return false;
    if (r == 0) break;
  }
  if (nParams == 0 || nParams != listLen(ft)) return false;
  if (scalable) {
    if (tyA.get(ft) != T_VOID) takeLanes(tyA.get(ft));
    if (minLanes == 0 || minLanes == 0x7fffffff) return false;
  }
  if (!eat("_")) return false;
  let nameStart = pos;
  while (pos < end && at(pos) != 40) pos++; // '('
  if (pos == nameStart) return false;
  let redirected = false;
  if (pos < end) {
    // "(<vectorname>)"
    if (at(end - 1) != 41 || end - pos < 3) return false;
    redirected = true;
  }
  if (isa == ISA_LLVM && !redirected) return false;
  return true;
}
