// Parsing of the `target datalayout` string into the layout of datalayout.ts. Follows LLVM 19's
// DataLayout::parseSpecifier check by check, so the same strings are accepted (extra trailing
// components are ignored as LLVM does) and the first error is the same; LLVM 22 rewrote the
// parser (its messages, stricter component counts, pointer flags and address-space names), which
// parseLayout22 follows.
import {
  MM_ELF, MM_MACHO, MM_WINCOFF, MM_WINCOFF_X86, MM_GOFF, MM_MIPS, MM_XCOFF, FPA_INDEPENDENT,
  FPA_MULTIPLE_OF_FUNCTION_ALIGN, resetDataLayout, dataLayoutError, setDataLayoutError, setDataLayoutString,
  setPointerSpec, setPrimitiveSpec, setAggregateAlignment, addNonIntegralAddressSpace, addLegalInteger,
  setBigEndian, setStackAlignment, setFunctionPtrAlign, setProgramAddrSpace, setAllocaAddrSpace,
  setGlobalsAddrSpace, setMangling,
} from "./datalayout";
import { llvmVersion } from "./version";

const U32MAX: u64 = 0xFFFFFFFF;
const BAD_AS = "Invalid address space, must be a 24-bit integer";
const PREF_LT_ABI = "Preferred alignment cannot be less than the ABI alignment";

function fail(msg: string): bool { setDataLayoutError(msg); return false; }
@inline function isPow2(v: u64): bool { return v != 0 && (v & (v - 1)) == 0; }
function format22(f: string): bool { return fail("malformed specification, must be of the form \"" + f + "\""); }

// Parses the layout string in [ptr, ptr+len). Returns false with dataLayoutError() set.
export function parseDataLayout(ptr: usize, len: i32): bool {
  resetDataLayout();
  if (!new DataLayoutParser(ptr).parse(len)) {
    let m = dataLayoutError();
    resetDataLayout();
    setDataLayoutError(m);
    return false;
  }
  setDataLayoutString(ptr, len);
  return true;
}

// The parser's state for one string (one per parseDataLayout call): the string, the results
// of split() / parseNum() / splitAll(), and the LLVM 22 reader's address-space names.
@final class DataLayoutParser {
  src: usize;
  fS: i32 = 0; fE: i32 = 0; rS: i32 = 0; rE: i32 = 0;   // result of split()
  num: u64 = 0;                                            // result of parseNum() and friends
  // The pieces of splitAll(): piece k is [pS[k], pE[k]).
  pS: StaticArray<i32> = changetype<StaticArray<i32>>(0);
  pE: StaticArray<i32> = changetype<StaticArray<i32>>(0);
  pieces: i32 = 0;
  // Address-space names of the pointer specifications read so far ([start, end) pairs of the string).
  nameS: StaticArray<i32> = changetype<StaticArray<i32>>(0);
  nameE: StaticArray<i32> = changetype<StaticArray<i32>>(0);
  names: i32 = 0;
  nniOut: i32 = 0;   // pointer22's count of non-integral address spaces

  constructor(src: usize) { this.src = src; }

  // The specifications in [0, len), applied to the layout in turn.
  parse(len: i32): bool {
    if (llvmVersion >= 22) return this.parseLayout22(len);
    let d = 0;
    while (d < len) {
      if (!this.split(d, len, 0x2d /* - */)) return false;
      d = this.rS;
      if (!this.split(this.fS, this.fE, 0x3a /* : */)) return false;
      if (!this.parseSpec(this.fS, this.fE, this.rS, this.rE)) return false;
    }
    return true;
  }

  @inline byteAt(i: i32): i32 { return <i32>load<u8>(this.src + <usize>i); }

  // StringRef::split plus LLVM's checks: [s,e) -> first [fS,fE), rest [rS,rE).
  split(s: i32, e: i32, sep: i32): bool {
    let i = s;
    while (i < e && this.byteAt(i) != sep) i++;
    this.fS = s; this.fE = i;
    if (i == e) { this.rS = e; this.rE = e; return true; }
    this.rS = i + 1; this.rE = e;
    if (this.rS == this.rE) return fail("Trailing separator in datalayout string");
    if (this.fS == this.fE) return fail("Expected token before separator in datalayout string");
    return true;
  }

  // Decimal digits only, value <= max.
  parseNum(s: i32, e: i32, max: u64): bool {
    if (s >= e) return fail("not a number, or does not fit in an unsigned int");
    let v: u64 = 0;
    for (let i = s; i < e; i++) {
      let d = <u32>this.byteAt(i) - 48;
      if (d > 9 || v > (max - <u64>d) / 10) return fail("not a number, or does not fit in an unsigned int");
      v = v * 10 + <u64>d;
    }
    this.num = v;
    return true;
  }

  // A bit count that must be a whole number of bytes; num = bytes.
  parseBytes(s: i32, e: i32, max: u64): bool {
    if (!this.parseNum(s, e, max)) return false;
    if ((this.num & 7) != 0) return fail("number of bits must be a byte width multiple");
    this.num >>= 3;
    return true;
  }

  parseAddrSpace(s: i32, e: i32): i32 {
    if (!this.parseNum(s, e, U32MAX)) return -1;
    if (this.num > 0xFFFFFF) { fail(BAD_AS); return -1; }
    return <i32>this.num;
  }

  parseSpec(ts: i32, te: i32, rs: i32, re: i32): bool {
    if (te - ts == 2 && this.byteAt(ts) == 0x6e && this.byteAt(ts + 1) == 0x69) {  // ni:<as>[:<as>]...
      do {
        if (!this.split(rs, re, 0x3a)) return false;
        let s = this.fS, e = this.fE;
        rs = this.rS; re = this.rE;
        if (!this.parseNum(s, e, U32MAX)) return false;
        if (this.num == 0) return fail("Address space 0 can never be non-integral");
        addNonIntegralAddressSpace(<i32>this.num);
      } while (rs < re);
      return true;
    }
    let spec = this.byteAt(ts);
    ts++;
    switch (spec) {
      case 0x73: return true;                              // s: deprecated, ignored
      case 0x45: setBigEndian(true); return true;          // E
      case 0x65: setBigEndian(false); return true;         // e
      case 0x70: return this.parsePointer(ts, te, rs, re);      // p
      case 0x69: case 0x76: case 0x66: case 0x61:          // i v f a
        return this.parsePrimitive(spec, ts, te, rs, re);
      case 0x6e: {                                         // n<size>[:<size>]...
        let s = ts, e = te;
        while (true) {
          if (!this.parseNum(s, e, U32MAX)) return false;
          if (this.num == 0) return fail("Zero width native integer type in datalayout string");
          addLegalInteger(<i32>this.num);
          if (rs >= re) break;
          if (!this.split(rs, re, 0x3a)) return false;
          s = this.fS; e = this.fE; rs = this.rS; re = this.rE;
        }
        return true;
      }
      case 0x53: {                                         // S<align>
        if (!this.parseBytes(ts, te, <u64>-1)) return false;
        if (this.num != 0 && !isPow2(this.num)) return fail("Alignment is neither 0 nor a power of 2");
        setStackAlignment(<i64>this.num);
        return true;
      }
      case 0x46: {                                         // F<type><abi>
        let c = ts < te ? this.byteAt(ts) : 0, kind = FPA_INDEPENDENT;
        if (c == 0x69) kind = FPA_INDEPENDENT;
        else if (c == 0x6e) kind = FPA_MULTIPLE_OF_FUNCTION_ALIGN;
        else return fail("Unknown function pointer alignment type in datalayout string");
        if (!this.parseBytes(ts + 1, te, <u64>-1)) return false;
        if (this.num != 0 && !isPow2(this.num)) return fail("Alignment is neither 0 nor a power of 2");
        setFunctionPtrAlign(kind, <i64>this.num);
        return true;
      }
      case 0x50: { let a = this.parseAddrSpace(ts, te); if (a < 0) return false; setProgramAddrSpace(a); return true; }  // P
      case 0x41: { let a = this.parseAddrSpace(ts, te); if (a < 0) return false; setAllocaAddrSpace(a); return true; }   // A
      case 0x47: { let a = this.parseAddrSpace(ts, te); if (a < 0) return false; setGlobalsAddrSpace(a); return true; }  // G
      case 0x6d: {                                         // m:<mangling>
        if (ts < te) return fail("Unexpected trailing characters after mangling specifier in datalayout string");
        if (rs >= re) return fail("Expected mangling specifier in datalayout string");
        if (re - rs > 1) return fail("Unknown mangling specifier in datalayout string");
        let c = this.byteAt(rs);
        if (c == MM_ELF || c == MM_GOFF || c == MM_MACHO || c == MM_MIPS || c == MM_WINCOFF ||
            c == MM_WINCOFF_X86 || c == MM_XCOFF) { setMangling(c); return true; }
        return fail("Unknown mangling in datalayout string");
      }
    }
    return fail("Unknown specifier in datalayout string");
  }

  // p[n]:<size>:<abi>[:<pref>[:<idx>]]
  parsePointer(ts: i32, te: i32, rs: i32, re: i32): bool {
    let as: u64 = 0;
    if (ts < te) { if (!this.parseNum(ts, te, U32MAX)) return false; as = this.num; }
    if (as > 0xFFFFFF) return fail(BAD_AS);
    if (rs >= re) return fail("Missing size specification for pointer in datalayout string");
    if (!this.split(rs, re, 0x3a)) return false;
    rs = this.rS; re = this.rE;
    if (!this.parseNum(this.fS, this.fE, U32MAX)) return false;
    let bits = this.num;
    if (bits == 0) return fail("Invalid pointer size of 0 bytes");
    if (rs >= re) return fail("Missing alignment specification for pointer in datalayout string");
    if (!this.split(rs, re, 0x3a)) return false;
    rs = this.rS; re = this.rE;
    if (!this.parseBytes(this.fS, this.fE, U32MAX)) return false;
    let abi = this.num;
    if (!isPow2(abi)) return fail("Pointer ABI alignment must be a power of 2");
    let idx = bits, pref = abi;
    if (rs < re) {
      if (!this.split(rs, re, 0x3a)) return false;
      rs = this.rS; re = this.rE;
      if (!this.parseBytes(this.fS, this.fE, U32MAX)) return false;
      pref = this.num;
      if (!isPow2(pref)) return fail("Pointer preferred alignment must be a power of 2");
      if (rs < re) {
        if (!this.split(rs, re, 0x3a)) return false;
        if (!this.parseNum(this.fS, this.fE, U32MAX)) return false;
        idx = this.num;
        if (idx == 0) return fail("Invalid index size of 0 bytes");
      }
    }
    if (pref < abi) return fail(PREF_LT_ABI);
    if (idx > bits) return fail("Index width cannot be larger than pointer width");
    setPointerSpec(<i32>as, <i32>bits, <i32>abi, <i32>pref, <i32>idx);
    return true;
  }

  // i<size>:<abi>[:<pref>], v..., f..., a[0]:<abi>[:<pref>]
  parsePrimitive(spec: i32, ts: i32, te: i32, rs: i32, re: i32): bool {
    let isAgg = spec == 0x61;
    let size: u64 = 0;
    if (ts < te) { if (!this.parseNum(ts, te, U32MAX)) return false; size = this.num; }
    if (isAgg && size != 0) return fail("Sized aggregate specification in datalayout string");
    if (rs >= re) return fail("Missing alignment specification in datalayout string");
    if (!this.split(rs, re, 0x3a)) return false;
    rs = this.rS; re = this.rE;
    if (!this.parseBytes(this.fS, this.fE, U32MAX)) return false;
    let abi = this.num;
    if (!isAgg && abi == 0) return fail("ABI alignment specification must be >0 for non-aggregate types");
    if (abi > 0xFFFF) return fail("Invalid ABI alignment, must be a 16bit integer");
    if (abi != 0 && !isPow2(abi)) return fail("Invalid ABI alignment, must be a power of 2");
    if (spec == 0x69 && size == 8 && abi != 1) return fail("Invalid ABI alignment, i8 must be naturally aligned");
    let pref = abi;
    if (rs < re) {
      if (!this.split(rs, re, 0x3a)) return false;
      if (!this.parseBytes(this.fS, this.fE, U32MAX)) return false;
      pref = this.num;
    }
    if (pref > 0xFFFF) return fail("Invalid preferred alignment, must be a 16bit integer");
    if (pref != 0 && !isPow2(pref)) return fail("Invalid preferred alignment, must be a power of 2");
    // An alignment of 0 means 1 (LLVM's assumeAligned).
    let a = abi == 0 ? 1 : <i32>abi, p = pref == 0 ? 1 : <i32>pref;
    if (size > 0xFFFFFF) return fail("Invalid bit width, must be a 24-bit integer");
    if (p < a) return fail(PREF_LT_ABI);
    if (isAgg) setAggregateAlignment(a, p);
    else setPrimitiveSpec(spec, <i32>size, a, p);
    return true;
  }

  // ---- LLVM 22 ----

  // The pieces of [s, e) between `sep`s, all of them (empty ones too): piece k is [pS[k], pE[k]).
  splitAll(s: i32, e: i32, sep: i32): void {
    let n = 1;
    for (let i = s; i < e; i++) if (this.byteAt(i) == sep) n++;
    this.pS = new StaticArray<i32>(n); this.pE = new StaticArray<i32>(n);
    this.pieces = 0;
    let a = s;
    for (let i = s; i <= e; i++) {
      if (i < e && this.byteAt(i) != sep) continue;
      this.pS[this.pieces] = a; this.pE[this.pieces] = i; this.pieces++;
      a = i + 1;
    }
  }
  // to_integer(Str, unsigned, 10): decimal digits only, fitting 32 bits; into `num`.
  toUnsigned(s: i32, e: i32): bool {
    if (s >= e) return false;
    let v: u64 = 0;
    for (let i = s; i < e; i++) {
      let d = <u32>this.byteAt(i) - 48;
      if (d > 9) return false;
      v = v * 10 + <u64>d;
      if (v > U32MAX) return false;
    }
    this.num = v;
    return true;
  }
  size22(s: i32, e: i32, name: string): bool {
    if (s >= e) return fail(name + " component cannot be empty");
    if (!this.toUnsigned(s, e) || this.num == 0 || this.num > 0xFFFFFF) return fail(name + " must be a non-zero 24-bit integer");
    return true;
  }
  // An alignment in bits; `num` = bytes (0 allowed as 1 when allowZero).
  align22(s: i32, e: i32, name: string, allowZero: bool): bool {
    if (s >= e) return fail(name + " alignment component cannot be empty");
    if (!this.toUnsigned(s, e) || this.num > 0xFFFF) return fail(name + " alignment must be a 16-bit integer");
    if (this.num == 0) {
      if (!allowZero) return fail(name + " alignment must be non-zero");
      this.num = 1;
      return true;
    }
    if ((this.num & 7) != 0 || !isPow2(this.num >> 3)) return fail(name + " alignment must be a power of two times the byte width");
    this.num >>= 3;
    return true;
  }
  addrSpace22(s: i32, e: i32): bool {
    if (s >= e) return fail("address space component cannot be empty");
    if (!this.toUnsigned(s, e) || this.num > 0xFFFFFF) return fail("address space must be a 24-bit integer");
    return true;
  }
  sameBytes(a: i32, ae: i32, b: i32, be: i32): bool {
    if (ae - a != be - b) return false;
    for (let i = 0; i < ae - a; i++) if (this.byteAt(a + i) != this.byteAt(b + i)) return false;
    return true;
  }

  parseLayout22(len: i32): bool {
    if (len == 0) return true;
    this.splitAll(0, len, 0x2d /* - */);
    let n = this.pieces;
    let specS = this.pS, specE = this.pE;
    // non-integral address spaces are marked once every specification is read
    let ni = new StaticArray<i32>(len + 1);
    let nni = 0;
    this.nameS = new StaticArray<i32>(n); this.nameE = new StaticArray<i32>(n); this.names = 0;
    for (let k = 0; k < n; k++) {
      let s = specS[k], e = specE[k];
      if (s == e) return fail("empty specification is not allowed");
      if (e - s >= 2 && this.byteAt(s) == 0x6e && this.byteAt(s + 1) == 0x69) {  // ni:<as>[:<as>]...
        if (e - s < 3 || this.byteAt(s + 2) != 0x3a) return format22("ni:<address space>[:<address space>]...");
        this.splitAll(s + 3, e, 0x3a);
        for (let j = 0; j < this.pieces; j++) {
          if (!this.addrSpace22(this.pS[j], this.pE[j])) return false;
          if (this.num == 0) return fail("address space 0 cannot be non-integral");
          ni[nni++] = <i32>this.num;
        }
        continue;
      }
      let c = this.byteAt(s);
      if (c == 0x69 || c == 0x66 || c == 0x76) { if (!this.primitive22(c, s + 1, e)) return false; continue; }
      if (c == 0x61) { if (!this.aggregate22(s + 1, e)) return false; continue; }
      if (c == 0x70) { if (!this.pointer22(s + 1, e, ni, nni)) return false; nni = this.nniOut; continue; }
      let r = s + 1;
      switch (c) {
        case 0x73: break;                                                       // s: ignored
        case 0x65: case 0x45:                                                   // e, E
          if (r < e) return fail("malformed specification, must be just 'e' or 'E'");
          setBigEndian(c == 0x45);
          break;
        case 0x6e: {                                                            // n<size>[:<size>]...
          this.splitAll(r, e, 0x3a);
          for (let j = 0; j < this.pieces; j++) { if (!this.size22(this.pS[j], this.pE[j], "size")) return false; addLegalInteger(<i32>this.num); }
          break;
        }
        case 0x53:                                                              // S<size>
          if (r >= e) return format22("S<size>");
          if (!this.align22(r, e, "stack natural", false)) return false;
          setStackAlignment(<i64>this.num);
          break;
        case 0x46: {                                                            // F<type><abi>
          if (r >= e) return format22("F<type><abi>");
          let t = this.byteAt(r);
          if (t != 0x69 && t != 0x6e) return fail("unknown function pointer alignment type '" + String.fromCharCode(t) + "'");
          if (!this.align22(r + 1, e, "ABI", false)) return false;
          setFunctionPtrAlign(t == 0x69 ? FPA_INDEPENDENT : FPA_MULTIPLE_OF_FUNCTION_ALIGN, <i64>this.num);
          break;
        }
        case 0x50: case 0x41: case 0x47: {                                      // P, A, G <address space>
          if (r >= e) return format22(String.fromCharCode(c) + "<address space>");
          if (!this.addrSpace22(r, e)) return false;
          if (c == 0x50) setProgramAddrSpace(<i32>this.num); else if (c == 0x41) setAllocaAddrSpace(<i32>this.num); else setGlobalsAddrSpace(<i32>this.num);
          break;
        }
        case 0x6d: {                                                            // m:<mangling>
          if (r >= e || this.byteAt(r) != 0x3a || r + 1 >= e) return format22("m:<mangling>");
          if (e - r > 2) return fail("unknown mangling mode");
          let m = this.byteAt(r + 1);
          if (m == MM_ELF || m == MM_GOFF || m == MM_MACHO || m == MM_MIPS || m == MM_WINCOFF || m == MM_WINCOFF_X86 || m == MM_XCOFF) setMangling(m);
          else return fail("unknown mangling mode");
          break;
        }
        default: return fail("unknown specifier '" + String.fromCharCode(c) + "'");
      }
    }
    for (let j = 0; j < nni; j++) addNonIntegralAddressSpace(ni[j]);
    return true;
  }

  // [ifv]<size>:<abi>[:<pref>]
  primitive22(c: i32, s: i32, e: i32): bool {
    this.splitAll(s, e, 0x3a);
    if (this.pieces < 2 || this.pieces > 3) return format22(String.fromCharCode(c) + "<size>:<abi>[:<pref>]");
    let cs = this.pS, ce = this.pE, np = this.pieces;
    if (!this.size22(cs[0], ce[0], "size")) return false;
    let bits = this.num;
    if (!this.align22(cs[1], ce[1], "ABI", false)) return false;
    let abi = this.num;
    if (c == 0x69 && bits == 8 && abi != 1) return fail("i8 must be 8-bit aligned");
    let pref = abi;
    if (np > 2) { if (!this.align22(cs[2], ce[2], "preferred", false)) return false; pref = this.num; }
    if (pref < abi) return fail("preferred alignment cannot be less than the ABI alignment");
    setPrimitiveSpec(c, <i32>bits, <i32>abi, <i32>pref);
    return true;
  }
  // a[0]:<abi>[:<pref>]
  aggregate22(s: i32, e: i32): bool {
    this.splitAll(s, e, 0x3a);
    if (this.pieces < 2 || this.pieces > 3) return format22("a:<abi>[:<pref>]");
    let cs = this.pS, ce = this.pE, np = this.pieces;
    if (cs[0] < ce[0] && (!this.toUnsigned(cs[0], ce[0]) || this.num != 0)) return fail("size must be zero");
    if (!this.align22(cs[1], ce[1], "ABI", true)) return false;
    let abi = this.num;
    let pref = abi;
    if (np > 2) { if (!this.align22(cs[2], ce[2], "preferred", false)) return false; pref = this.num; }
    if (pref < abi) return fail("preferred alignment cannot be less than the ABI alignment");
    setAggregateAlignment(<i32>abi, <i32>pref);
    return true;
  }
  // p[<flags>][<n>][(<name>)]:<size>:<abi>[:<pref>[:<idx>]]; flags e (external state) and u
  // (unstable representation) make the address space non-integral.
  pointer22(s: i32, e: i32, ni: StaticArray<i32>, nni: i32): bool {
    this.nniOut = nni;
    this.splitAll(s, e, 0x3a);
    if (this.pieces < 3 || this.pieces > 5) return format22("p[<n>]:<size>:<abi>[:<pref>[:<idx>]]");
    let cs = this.pS, ce = this.pE, np = this.pieces;
    let a = cs[0], ae = ce[0];
    let flagged = false;
    while (a < ae) {
      let f = this.byteAt(a);
      if (f == 0x65 || f == 0x75) { flagged = true; a++; continue; }
      if ((f | 32) >= 0x61 && (f | 32) <= 0x7a) return fail("'" + String.fromCharCode(f) + "' is not a valid pointer specification flag");
      break;
    }
    let as: u64 = 0;
    if (a < ae) {
      // <n>, then an optional (<name>)
      let d = a;
      while (d < ae && this.byteAt(d) >= 0x30 && this.byteAt(d) <= 0x39) d++;
      if (d > a) {
        if (!this.toUnsigned(a, d) || this.num > 0xFFFFFF) return fail("address space must be a 24-bit integer");
        as = this.num;
      }
      if (d < ae) {
        if (this.byteAt(d) != 0x28) return fail("address space must be a 24-bit integer");
        if (this.byteAt(ae - 1) != 0x29 || ae - d == 2) return fail("Expected `( address space name )`");
        let ns = d + 1, ne = ae - 1;
        if (ne - ns == 1 && (this.byteAt(ns) == 0x50 || this.byteAt(ns) == 0x47 || this.byteAt(ns) == 0x41)) {
          return fail("Cannot use predefined address space names P/G/A in data layout");
        }
        for (let j = 0; j < this.names; j++) {
          if (this.sameBytes(this.nameS[j], this.nameE[j], ns, ne)) {
            return fail("address space name `" + String.UTF8.decodeUnsafe(this.src + <usize>ns, <usize>(ne - ns)) + "` already used");
          }
        }
        this.nameS[this.names] = ns; this.nameE[this.names] = ne; this.names++;
      }
    }
    if (as == 0 && flagged) return fail("address space 0 cannot be unstable or have external state");
    if (!this.size22(cs[1], ce[1], "pointer size")) return false;
    let bits = this.num;
    if (!this.align22(cs[2], ce[2], "ABI", false)) return false;
    let abi = this.num;
    let pref = abi;
    if (np > 3) { if (!this.align22(cs[3], ce[3], "preferred", false)) return false; pref = this.num; }
    if (pref < abi) return fail("preferred alignment cannot be less than the ABI alignment");
    let idx = bits;
    if (np > 4) { if (!this.size22(cs[4], ce[4], "index size")) return false; idx = this.num; }
    if (idx > bits) return fail("index size cannot be larger than the pointer size");
    setPointerSpec(<i32>as, <i32>bits, <i32>abi, <i32>pref, <i32>idx);
    if (flagged) ni[this.nniOut++] = <i32>as;
    return true;
  }
}
