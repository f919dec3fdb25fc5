// Whether a "vector-function-abi-variant" name demangles against a function type, as
// VFABI::tryDemangleForVFABI decides it: _ZGV<isa><mask><vlen><parameters>_<scalarname>[(<vectorname>)].
// Only the yes/no answer is needed (the verifier rejects names that do not demangle).
import { strtab } from "../../ir/module";
import { TK, tyKind, tyA, T_VOID, listLen, listAt } from "../../ir/types";
import { llvmVersion } from "../../ir/version";

const ISA_UNKNOWN = 0, ISA_SVE = 1, ISA_RVV = 2, ISA_LLVM = 3, ISA_OTHER = 4;

// One demangling: made per name (the attribute is rare), so nothing outlives it.
@final class VFABIDemangler {
  // The name being read: bytes [pos, end) of a string-table entry.
  base: usize = 0;
  pos: i32 = 0;
  end: i32 = 0;
  num: i64 = 0;
  // Parameters read so far, and for a scalable variant the fewest lanes of the vector parameters'
  // types (0: one of them has no lane count).
  nParams: i32 = 0;
  scalable: bool = false;
  fnType: i32 = -1;
  minLanes: i32 = 0;

  @inline at(i: i32): i32 { return <i32>load<u8>(this.base + <usize>i); }
  eat(s: string): bool {
    let n = s.length;
    if (this.end - this.pos < n) return false;
    for (let i = 0; i < n; i++) if (this.at(this.pos + i) != s.charCodeAt(i)) return false;
    this.pos += n;
    return true;
  }
  // StringRef::consumeInteger(10, ...) into `num`: digits, a leading '-' when signed (an int), no
  // overflow of the destination (unsigned: 64 bits); nothing is consumed on failure.
  eatInt(signed: bool): bool {
    let p = this.pos;
    let neg = false;
    if (signed && p < this.end && this.at(p) == 45) { neg = true; p++; }
    let start = p;
    let v: u64 = 0;
    while (p < this.end) {
      let c = this.at(p);
      if (c < 48 || c > 57) break;
      let nv = v * 10 + <u64>(c - 48);
      if (nv / 10 != v) return false;
      v = nv; p++;
    }
    if (p == start) return false;
    if (signed && v > (neg ? <u64>0x80000000 : <u64>0x7fffffff)) return false;
    this.pos = p;
    this.num = neg ? -<i64>v : <i64>v;
    return true;
  }

  // One <parameter> and its optional alignment: 1 read, 0 none there, -1 malformed.
  parameter(): i32 {
    let vector = false;
    if (this.eat("v")) vector = true;
    else if (this.eat("u")) {}
    else if (this.eat("ls") || this.eat("Rs") || this.eat("Ls") || this.eat("Us")) { if (!this.eatInt(true)) return -1; }
    else if (this.eat("l") || this.eat("R") || this.eat("L") || this.eat("U")) { this.eat("n"); this.eatInt(true); }
    else return 0;
    if (this.eat("a")) {
      if (!this.eatInt(false)) return -1;
      let a = <u64>this.num;
      if (a == 0 || (a & (a - 1)) != 0) return -1;
    }
    if (vector && this.scalable && this.nParams < listLen(this.fnType)) this.takeLanes(listAt(this.fnType, this.nParams));
    this.nParams++;
    return 1;
  }
  takeLanes(t: i32): void {
    let l = lanesFor(t);
    if (l == 0 || this.minLanes == 0) this.minLanes = 0;
    else if (l < this.minLanes) this.minLanes = l;
  }

  // The whole name against function type ft.
  demangle(s: i32, ft: i32): bool {
    this.base = strtab.ptrOf(s); this.pos = 0; this.end = strtab.lenOf(s);
    this.nParams = 0; this.fnType = ft; this.minLanes = 0x7fffffff;
    if (!this.eat("_ZGV")) return false;
    if (this.pos >= this.end) return false;
    let isa = ISA_OTHER;
    if (this.eat("_LLVM_")) isa = ISA_LLVM;
    else if (llvmVersion >= 22 && this.eat("r")) isa = ISA_RVV;
    else { isa = this.at(this.pos) == 115 ? ISA_SVE : ISA_UNKNOWN; this.pos++; } // 's'
    if (!this.eat("M") && !this.eat("N")) return false;
    this.scalable = false;
    if (this.eat("x")) {
      if (isa != ISA_SVE && isa != ISA_RVV) return false;
      this.scalable = true;
    } else {
      if (!this.eatInt(false) || <u64>this.num > 0xffffffff || this.num == 0) return false;
    }
    while (true) {
      let r = this.parameter();
      if (r < 0) return false;
      if (r == 0) break;
    }
    if (this.nParams == 0 || this.nParams != listLen(ft)) return false;
    if (this.scalable) {
      if (tyA.get(ft) != T_VOID) this.takeLanes(tyA.get(ft));
      if (this.minLanes == 0 || this.minLanes == 0x7fffffff) return false;
    }
    if (!this.eat("_")) return false;
    let nameStart = this.pos;
    while (this.pos < this.end && this.at(this.pos) != 40) this.pos++; // '('
    if (this.pos == nameStart) return false;
    let redirected = false;
    if (this.pos < this.end) {
      // "(<vectorname>)"
      if (this.at(this.end - 1) != 41 || this.end - this.pos < 3) return false;
      redirected = true;
    }
    if (isa == ISA_LLVM && !redirected) return false;
    return true;
  }
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
  return new VFABIDemangler().demangle(s, ft);
}
