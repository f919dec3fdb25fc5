// Parsing of the `target datalayout` string into the layout of datalayout.ts. Follows LLVM 19's
// DataLayout::parseSpecifier check by check, so the same strings are accepted (extra trailing
// components are ignored as LLVM does) and the first error is the same.
import {
  MM_ELF, MM_MACHO, MM_WINCOFF, MM_WINCOFF_X86, MM_GOFF, MM_MIPS, MM_XCOFF, FPA_INDEPENDENT,
  FPA_MULTIPLE_OF_FUNCTION_ALIGN, resetDataLayout, dataLayoutError, setDataLayoutError, setDataLayoutString,
  setPointerSpec, setPrimitiveSpec, setAggregateAlignment, addNonIntegralAddressSpace, addLegalInteger,
  setBigEndian, setStackAlignment, setFunctionPtrAlign, setProgramAddrSpace, setAllocaAddrSpace,
  setGlobalsAddrSpace, setMangling,
} from "./datalayout";

let src: usize = 0;
let fS: i32 = 0, fE: i32 = 0, rS: i32 = 0, rE: i32 = 0;  // result of split()
let num: u64 = 0;                                          // result of parseNum()
const U32MAX: u64 = 0xFFFFFFFF;
const BAD_AS = "Invalid address space, must be a 24-bit integer";
const PREF_LT_ABI = "Preferred alignment cannot be less than the ABI alignment";

function fail(msg: string): bool { setDataLayoutError(msg); return false; }
@inline function byteAt(i: i32): i32 { return <i32>load<u8>(src + <usize>i); }
@inline function isPow2(v: u64): bool { return v != 0 && (v & (v - 1)) == 0; }

// StringRef::split plus LLVM's checks: [s,e) -> first [fS,fE), rest [rS,rE).
function split(s: i32, e: i32, sep: i32): bool {
  let i = s;
  while (i < e && byteAt(i) != sep) i++;
  fS = s; fE = i;
  if (i == e) { rS = e; rE = e; return true; }
  rS = i + 1; rE = e;
  if (rS == rE) return fail("Trailing separator in datalayout string");
  if (fS == fE) return fail("Expected token before separator in datalayout string");
  return true;
}

// Decimal digits only, value <= max.
function parseNum(s: i32, e: i32, max: u64): bool {
  if (s >= e) return fail("not a number, or does not fit in an unsigned int");
  let v: u64 = 0;
  for (let i = s; i < e; i++) {
    let d = <u32>byteAt(i) - 48;
    if (d > 9 || v > (max - <u64>d) / 10) return fail("not a number, or does not fit in an unsigned int");
    v = v * 10 + <u64>d;
  }
  num = v;
  return true;
}

// A bit count that must be a whole number of bytes; num = bytes.
function parseBytes(s: i32, e: i32, max: u64): bool {
  if (!parseNum(s, e, max)) return false;
  if ((num & 7) != 0) return fail("number of bits must be a byte width multiple");
  num >>= 3;
  return true;
}

function parseAddrSpace(s: i32, e: i32): i32 {
  if (!parseNum(s, e, U32MAX)) return -1;
  if (num > 0xFFFFFF) { fail(BAD_AS); return -1; }
  return <i32>num;
}

// Parses the layout string in [ptr, ptr+len). Returns false with dataLayoutError() set.
export function parseDataLayout(ptr: usize, len: i32): bool {
  resetDataLayout();
  src = ptr;
  let d = 0, ok = true;
  while (d < len) {
    if (!split(d, len, 0x2d /* - */)) { ok = false; break; }
    d = rS;
    if (!split(fS, fE, 0x3a /* : */)) { ok = false; break; }
    if (!parseSpec(fS, fE, rS, rE)) { ok = false; break; }
  }
  if (!ok) {
    let m = dataLayoutError();
    resetDataLayout();
    setDataLayoutError(m);
    return false;
  }
  setDataLayoutString(ptr, len);
  return true;
}

function parseSpec(ts: i32, te: i32, rs: i32, re: i32): bool {
  if (te - ts == 2 && byteAt(ts) == 0x6e && byteAt(ts + 1) == 0x69) {  // ni:<as>[:<as>]...
    do {
      if (!split(rs, re, 0x3a)) return false;
      let s = fS, e = fE;
      rs = rS; re = rE;
      if (!parseNum(s, e, U32MAX)) return false;
      if (num == 0) return fail("Address space 0 can never be non-integral");
      addNonIntegralAddressSpace(<i32>num);
    } while (rs < re);
    return true;
  }
  let spec = byteAt(ts);
  ts++;
  switch (spec) {
    case 0x73: return true;                              // s: deprecated, ignored
    case 0x45: setBigEndian(true); return true;          // E
    case 0x65: setBigEndian(false); return true;         // e
    case 0x70: return parsePointer(ts, te, rs, re);      // p
    case 0x69: case 0x76: case 0x66: case 0x61:          // i v f a
      return parsePrimitive(spec, ts, te, rs, re);
    case 0x6e: {                                         // n<size>[:<size>]...
      let s = ts, e = te;
      while (true) {
        if (!parseNum(s, e, U32MAX)) return false;
        if (num == 0) return fail("Zero width native integer type in datalayout string");
        addLegalInteger(<i32>num);
        if (rs >= re) break;
        if (!split(rs, re, 0x3a)) return false;
        s = fS; e = fE; rs = rS; re = rE;
      }
      return true;
    }
    case 0x53: {                                         // S<align>
      if (!parseBytes(ts, te, <u64>-1)) return false;
      if (num != 0 && !isPow2(num)) return fail("Alignment is neither 0 nor a power of 2");
      setStackAlignment(<i64>num);
      return true;
    }
    case 0x46: {                                         // F<type><abi>
      let c = ts < te ? byteAt(ts) : 0, kind = FPA_INDEPENDENT;
      if (c == 0x69) kind = FPA_INDEPENDENT;
      else if (c == 0x6e) kind = FPA_MULTIPLE_OF_FUNCTION_ALIGN;
      else return fail("Unknown function pointer alignment type in datalayout string");
      if (!parseBytes(ts + 1, te, <u64>-1)) return false;
      if (num != 0 && !isPow2(num)) return fail("Alignment is neither 0 nor a power of 2");
      setFunctionPtrAlign(kind, <i64>num);
      return true;
    }
    case 0x50: { let a = parseAddrSpace(ts, te); if (a < 0) return false; setProgramAddrSpace(a); return true; }  // P
    case 0x41: { let a = parseAddrSpace(ts, te); if (a < 0) return false; setAllocaAddrSpace(a); return true; }   // A
    case 0x47: { let a = parseAddrSpace(ts, te); if (a < 0) return false; setGlobalsAddrSpace(a); return true; }  // G
    case 0x6d: {                                         // m:<mangling>
      if (ts < te) return fail("Unexpected trailing characters after mangling specifier in datalayout string");
      if (rs >= re) return fail("Expected mangling specifier in datalayout string");
      if (re - rs > 1) return fail("Unknown mangling specifier in datalayout string");
      let c = byteAt(rs);
      if (c == MM_ELF || c == MM_GOFF || c == MM_MACHO || c == MM_MIPS || c == MM_WINCOFF ||
          c == MM_WINCOFF_X86 || c == MM_XCOFF) { setMangling(c); return true; }
      return fail("Unknown mangling in datalayout string");
    }
  }
  return fail("Unknown specifier in datalayout string");
}

// p[n]:<size>:<abi>[:<pref>[:<idx>]]
function parsePointer(ts: i32, te: i32, rs: i32, re: i32): bool {
  let as: u64 = 0;
  if (ts < te) { if (!parseNum(ts, te, U32MAX)) return false; as = num; }
  if (as > 0xFFFFFF) return fail(BAD_AS);
  if (rs >= re) return fail("Missing size specification for pointer in datalayout string");
  if (!split(rs, re, 0x3a)) return false;
  rs = rS; re = rE;
  if (!parseNum(fS, fE, U32MAX)) return false;
  let bits = num;
  if (bits == 0) return fail("Invalid pointer size of 0 bytes");
  if (rs >= re) return fail("Missing alignment specification for pointer in datalayout string");
  if (!split(rs, re, 0x3a)) return false;
  rs = rS; re = rE;
  if (!parseBytes(fS, fE, U32MAX)) return false;
  let abi = num;
  if (!isPow2(abi)) return fail("Pointer ABI alignment must be a power of 2");
  let idx = bits, pref = abi;
  if (rs < re) {
    if (!split(rs, re, 0x3a)) return false;
    rs = rS; re = rE;
    if (!parseBytes(fS, fE, U32MAX)) return false;
    pref = num;
    if (!isPow2(pref)) return fail("Pointer preferred alignment must be a power of 2");
    if (rs < re) {
      if (!split(rs, re, 0x3a)) return false;
      if (!parseNum(fS, fE, U32MAX)) return false;
      idx = num;
      if (idx == 0) return fail("Invalid index size of 0 bytes");
    }
  }
  if (pref < abi) return fail(PREF_LT_ABI);
  if (idx > bits) return fail("Index width cannot be larger than pointer width");
  setPointerSpec(<i32>as, <i32>bits, <i32>abi, <i32>pref, <i32>idx);
  return true;
}

// i<size>:<abi>[:<pref>], v..., f..., a[0]:<abi>[:<pref>]
function parsePrimitive(spec: i32, ts: i32, te: i32, rs: i32, re: i32): bool {
  let isAgg = spec == 0x61;
  let size: u64 = 0;
  if (ts < te) { if (!parseNum(ts, te, U32MAX)) return false; size = num; }
  if (isAgg && size != 0) return fail("Sized aggregate specification in datalayout string");
  if (rs >= re) return fail("Missing alignment specification in datalayout string");
  if (!split(rs, re, 0x3a)) return false;
  rs = rS; re = rE;
  if (!parseBytes(fS, fE, U32MAX)) return false;
  let abi = num;
  if (!isAgg && abi == 0) return fail("ABI alignment specification must be >0 for non-aggregate types");
  if (abi > 0xFFFF) return fail("Invalid ABI alignment, must be a 16bit integer");
  if (abi != 0 && !isPow2(abi)) return fail("Invalid ABI alignment, must be a power of 2");
  if (spec == 0x69 && size == 8 && abi != 1) return fail("Invalid ABI alignment, i8 must be naturally aligned");
  let pref = abi;
  if (rs < re) {
    if (!split(rs, re, 0x3a)) return false;
    if (!parseBytes(fS, fE, U32MAX)) return false;
    pref = num;
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
