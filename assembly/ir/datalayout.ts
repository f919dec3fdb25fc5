// The target data layout (LLVM 19 `DataLayout`): its state and the size / alignment /
// struct-layout queries the passes need, all keyed by type id (./types). Reading the
// `target datalayout` string is datalayout-parse.ts.
//
// One layout per module, held in module globals. `resetDataLayout()` restores LLVM's defaults
// (what a module without a `target datalayout` line gets); `parseDataLayout` resets, then applies
// the string. On failure it returns false, the layout is back at the defaults and
// `dataLayoutError()` holds LLVM 19's message for the first bad specification.
//
// Units: sizes are i64 (bits or bytes as the name says), alignments are i32 bytes. Anything asked
// of an unsized type (void, label, metadata, token, function, opaque or body-less struct, a struct
// that reaches itself by value, a non-homogeneous struct with scalable members, an unknown target
// extension type) answers -1. Scalable vectors (and what contains them) answer their known
// minimum; `typeIsScalable(t)` says whether the real value is that times vscale.
//
// Struct layouts are cached per type id in flat columns (offsets in one pool). The cache is
// dropped by `resetDataLayout` / `parseDataLayout`, by `invalidateStructLayouts()`, and on its own
// when `resetTypes()` has replaced the type tables. Opaque structs are never cached, so a body set
// later is seen; a body is never replaced once layouts have been asked for.
import { I32Vec, I64Vec, U8Vec } from "../util/vec";
import { StrTab } from "../util/strtab";
import { TK, tyKind, tyA, tyN, tyFlags, listLen, listAt, TF_PACKED, TF_HASBODY, primitiveSizeInBits } from "./types";

// ---------------------------------------------------------------------------------------------
// Layout state

// Mangling modes: the character after `m:` ('e' ELF, 'o' Mach-O, 'w' WinCOFF, 'x' WinCOFF x86,
// 'l' GOFF, 'm' Mips, 'a' XCOFF); MM_NONE when the string has no m: specification.
export const MM_NONE: i32 = 0, MM_ELF: i32 = 0x65, MM_MACHO: i32 = 0x6f, MM_WINCOFF: i32 = 0x77,
  MM_WINCOFF_X86: i32 = 0x78, MM_GOFF: i32 = 0x6c, MM_MIPS: i32 = 0x6d, MM_XCOFF: i32 = 0x61;
// Function pointer alignment kinds (F<type><abi>).
export const FPA_INDEPENDENT: i32 = 0, FPA_MULTIPLE_OF_FUNCTION_ALIGN: i32 = 1;

// One of the i / f / v tables: entries sorted by bit width, alignments in bytes.
@final class SpecTable {
  w: I32Vec = new I32Vec(8);
  abi: I32Vec = new I32Vec(8);
  pref: I32Vec = new I32Vec(8);
  clear(): void { this.w.clear(); this.abi.clear(); this.pref.clear(); }
  // First entry whose width is >= bits (len when none).
  lowerBound(bits: i64): i32 {
    let n = this.w.len, i = 0;
    while (i < n && <i64>this.w.get(i) < bits) i++;
    return i;
  }
  exact(bits: i64): i32 {
    let i = this.lowerBound(bits);
    return i < this.w.len && <i64>this.w.get(i) == bits ? i : -1;
  }
  set(bits: i32, abi: i32, pref: i32): void {
    let i = this.lowerBound(bits);
    if (i < this.w.len && this.w.get(i) == bits) { this.abi.set(i, abi); this.pref.set(i, pref); return; }
    insertAt(this.w, i, bits); insertAt(this.abi, i, abi); insertAt(this.pref, i, pref);
  }
}

function insertAt(v: I32Vec, i: i32, x: i32): void {
  v.push(0);
  for (let j = v.len - 1; j > i; j--) v.set(j, v.get(j - 1));
  v.set(i, x);
}

let intSpecs = new SpecTable();
let floatSpecs = new SpecTable();
let vecSpecs = new SpecTable();
// Pointer specifications, sorted by address space; entry 0 is always address space 0.
let ptrAS = new I32Vec(8);
let ptrBits = new I32Vec(8);   // u32
let ptrAbi = new I32Vec(8);
let ptrPref = new I32Vec(8);
let ptrIdx = new I32Vec(8);    // u32, index width in bits
let nonIntegral = new I32Vec(8);
let legalInts = new I32Vec(8);
let bigEndian: bool = false;
let allocaAS: i32 = 0, programAS: i32 = 0, globalsAS: i32 = 0;
let stackAlign: i64 = 0;       // bytes; 0 = not specified
let fnPtrAlign: i64 = 0;       // bytes; 0 = not specified
let fnPtrAlignType: i32 = FPA_INDEPENDENT;
let manglingMode: i32 = MM_NONE;
let aggAbi: i32 = 1, aggPref: i32 = 8;
let errMsg: string = "";
let layoutStr = new U8Vec(64);
let names: StrTab | null = null;

// Struct layout cache, indexed by type id.
const SL_UNKNOWN = -1, SL_BUSY = -2, SL_UNSIZED = -3;
const SLF_CONTAINS_SCALABLE = 1, SLF_SCALABLE_SIZE = 2, SLF_PADDED = 4;
let slState = new I32Vec(256);   // SL_* or the start of the struct's offsets in slOff
let slSize = new I64Vec(256);    // bytes (known minimum when scalable)
let slAlign = new I32Vec(256);   // max member ABI alignment (1 for packed)
let slFlags = new U8Vec(256);
let slOff = new I64Vec(1024);    // member offsets in bytes
let slTypes: U8Vec | null = null; // the tyKind column the cache was built for

export function setPointerSpec(as: i32, bits: i32, abi: i32, pref: i32, idx: i32): void {
  let n = ptrAS.len, i = 0;
  while (i < n && <u32>ptrAS.get(i) < <u32>as) i++;
  if (i < n && ptrAS.get(i) == as) {
    ptrBits.set(i, bits); ptrAbi.set(i, abi); ptrPref.set(i, pref); ptrIdx.set(i, idx);
    return;
  }
  insertAt(ptrAS, i, as); insertAt(ptrBits, i, bits); insertAt(ptrAbi, i, abi);
  insertAt(ptrPref, i, pref); insertAt(ptrIdx, i, idx);
}

// Restores LLVM 19's default layout (little endian, 64-bit pointers, i64:32:64, ...).
export function resetDataLayout(): void {
  intSpecs.clear(); floatSpecs.clear(); vecSpecs.clear();
  intSpecs.set(1, 1, 1); intSpecs.set(8, 1, 1); intSpecs.set(16, 2, 2);
  intSpecs.set(32, 4, 4); intSpecs.set(64, 4, 8);
  floatSpecs.set(16, 2, 2); floatSpecs.set(32, 4, 4); floatSpecs.set(64, 8, 8); floatSpecs.set(128, 16, 16);
  vecSpecs.set(64, 8, 8); vecSpecs.set(128, 16, 16);
  ptrAS.clear(); ptrBits.clear(); ptrAbi.clear(); ptrPref.clear(); ptrIdx.clear();
  setPointerSpec(0, 64, 8, 8, 64);
  nonIntegral.clear(); legalInts.clear();
  bigEndian = false; allocaAS = 0; programAS = 0; globalsAS = 0;
  stackAlign = 0; fnPtrAlign = 0; fnPtrAlignType = FPA_INDEPENDENT; manglingMode = MM_NONE;
  aggAbi = 1; aggPref = 8;
  errMsg = "";
  layoutStr.clear();
  invalidateStructLayouts();
}

// Drops every cached struct layout (call after the type tables are reset or a body changes).
export function invalidateStructLayouts(): void {
  slState.clear(); slSize.clear(); slAlign.clear(); slFlags.clear(); slOff.clear();
}

// The string table that holds target extension type names (tyA of a TargetExt type). Without
// it every target("...") type is treated as unsized.
export function setDataLayoutNames(tab: StrTab | null): void { names = tab; }

export function dataLayoutError(): string { return errMsg; }
// The last string given to parseDataLayout (empty after a reset or a failed parse).
export function dataLayoutStrPtr(): usize { return layoutStr.ptr; }
export function dataLayoutStrLen(): i32 { return layoutStr.len; }

// ---------------------------------------------------------------------------------------------
// What the parser (datalayout-parse.ts) sets; the layout's state is assigned only in this file.

export function setDataLayoutError(msg: string): void { errMsg = msg; }
export function setDataLayoutString(ptr: usize, len: i32): void {
  layoutStr.resize(len, 0);
  if (len > 0) memory.copy(layoutStr.ptr, ptr, <usize>len);
}
// spec: 'i', 'f' or 'v'.
export function setPrimitiveSpec(spec: i32, bits: i32, abi: i32, pref: i32): void {
  if (spec == 0x69) intSpecs.set(bits, abi, pref);
  else if (spec == 0x66) floatSpecs.set(bits, abi, pref);
  else vecSpecs.set(bits, abi, pref);
}
export function setAggregateAlignment(abi: i32, pref: i32): void { aggAbi = abi; aggPref = pref; }
export function addNonIntegralAddressSpace(as: i32): void { nonIntegral.push(as); }
export function addLegalInteger(width: i32): void { legalInts.push(width); }
export function setBigEndian(b: bool): void { bigEndian = b; }
export function setStackAlignment(bytes: i64): void { stackAlign = bytes; }
export function setFunctionPtrAlign(kind: i32, bytes: i64): void { fnPtrAlignType = kind; fnPtrAlign = bytes; }
export function setProgramAddrSpace(as: i32): void { programAS = as; }
export function setAllocaAddrSpace(as: i32): void { allocaAS = as; }
export function setGlobalsAddrSpace(as: i32): void { globalsAS = as; }
export function setMangling(c: i32): void { manglingMode = c; }

// ---------------------------------------------------------------------------------------------
// Plain properties

export function isLittleEndian(): bool { return !bigEndian; }
export function isBigEndian(): bool { return bigEndian; }
// Natural stack alignment in bytes; 0 when the layout does not specify one.
export function stackAlignment(): i64 { return stackAlign; }
export function allocaAddrSpace(): i32 { return allocaAS; }
export function programAddrSpace(): i32 { return programAS; }
export function globalsAddrSpace(): i32 { return globalsAS; }
export function mangling(): i32 { return manglingMode; }
// Function pointer alignment in bytes (0 = none) and its kind (FPA_*).
export function functionPtrAlign(): i64 { return fnPtrAlign; }
export function functionPtrAlignType(): i32 { return fnPtrAlignType; }
// The a: specification (struct alignment floor), bytes.
export function aggregateABIAlignment(): i32 { return aggAbi; }
export function aggregatePrefAlignment(): i32 { return aggPref; }

// Native integer widths (n...), in the order the string lists them.
export function legalIntegerCount(): i32 { return legalInts.len; }
export function legalIntegerAt(i: i32): i32 { return legalInts.get(i); }
export function isLegalInteger(width: i64): bool {
  for (let i = 0, n = legalInts.len; i < n; i++) if (<i64><u32>legalInts.get(i) == width) return true;
  return false;
}
// Largest native width, 0 when none.
export function largestLegalIntWidth(): i32 {
  let m: u32 = 0;
  for (let i = 0, n = legalInts.len; i < n; i++) if (<u32>legalInts.get(i) > m) m = <u32>legalInts.get(i);
  return <i32>m;
}
export function fitsInLegalInteger(width: i64): bool { return width <= <i64><u32>largestLegalIntWidth(); }
// The first listed native width >= width, or -1 (LLVM's getSmallestLegalIntType).
export function smallestLegalIntWidth(width: i64): i32 {
  for (let i = 0, n = legalInts.len; i < n; i++) if (width <= <i64><u32>legalInts.get(i)) return legalInts.get(i);
  return -1;
}

export function isNonIntegralAddressSpace(as: i32): bool {
  for (let i = 0, n = nonIntegral.len; i < n; i++) if (nonIntegral.get(i) == as) return true;
  return false;
}
// True for a pointer type in a non-integral address space (not for vectors of them, as LLVM).
export function isNonIntegralPointerType(t: i32): bool {
  return <i32>tyKind.get(t) == TK.Ptr && isNonIntegralAddressSpace(tyA.get(t));
}

// ---------------------------------------------------------------------------------------------
// Pointers

// Index of the spec for an address space; unspecified spaces use address space 0's.
function ptrSpec(as: i32): i32 {
  if (as != 0) for (let i = 1, n = ptrAS.len; i < n; i++) if (ptrAS.get(i) == as) return i;
  return 0;
}
export function pointerSizeInBits(as: i32): i32 { return ptrBits.get(ptrSpec(as)); }
// In bytes, rounded up.
export function pointerSize(as: i32): i32 { return <i32>((<u32>ptrBits.get(ptrSpec(as)) + 7) >> 3); }
export function indexSizeInBits(as: i32): i32 { return ptrIdx.get(ptrSpec(as)); }
export function indexSize(as: i32): i32 { return <i32>((<u32>ptrIdx.get(ptrSpec(as)) + 7) >> 3); }
export function pointerABIAlignment(as: i32): i32 { return ptrAbi.get(ptrSpec(as)); }
export function pointerPrefAlignment(as: i32): i32 { return ptrPref.get(ptrSpec(as)); }
// LLVM 19's getMaxIndexSizeInBits: it takes the largest *pointer* size (rounded to bytes), not
// the largest index size; kept as LLVM 19 behaves.
export function maxIndexSizeInBits(): i32 {
  let m: u32 = 0;
  for (let i = 0, n = ptrBits.len; i < n; i++) {
    let b = (<u32>ptrBits.get(i) + 7) >> 3;
    if (b > m) m = b;
  }
  return <i32>(m << 3);
}
// Pointer width / index width of a pointer or vector-of-pointer type; -1 for other types.
export function pointerTypeSizeInBits(t: i32): i32 {
  let s = scalarOf(t);
  return <i32>tyKind.get(s) == TK.Ptr ? pointerSizeInBits(tyA.get(s)) : -1;
}
export function indexTypeSizeInBits(t: i32): i32 {
  let s = scalarOf(t);
  return <i32>tyKind.get(s) == TK.Ptr ? indexSizeInBits(tyA.get(s)) : -1;
}
function scalarOf(t: i32): i32 {
  let k = <i32>tyKind.get(t);
  return k == TK.Vector || k == TK.ScalableVector ? tyA.get(t) : t;
}

// ---------------------------------------------------------------------------------------------
// Target extension types: LLVM 19 gives "spirv.*" the layout of ptr, "aarch64.svcount" that of
// <vscale x 16 x i1>; every other target type has layout void (unsized).

const EXT_UNSIZED = 0, EXT_PTR = 1, EXT_SVCOUNT = 2;

function nameIs(p: usize, n: i32, s: string, prefixOnly: bool): bool {
  let m = s.length;
  if (prefixOnly ? n < m : n != m) return false;
  for (let i = 0; i < m; i++) if (<i32>load<u8>(p + <usize>i) != s.charCodeAt(i)) return false;
  return true;
}

function extKind(t: i32): i32 {
  let tab = names;
  if (tab === null) return EXT_UNSIZED;
  let id = tyA.get(t);
  if (id < 0 || id >= tab.count) return EXT_UNSIZED;
  let p = tab.ptrOf(id), n = tab.lenOf(id);
  if (nameIs(p, n, "spirv.", true)) return EXT_PTR;
  if (nameIs(p, n, "aarch64.svcount", false)) return EXT_SVCOUNT;
  return EXT_UNSIZED;
}

// ---------------------------------------------------------------------------------------------
// Sizes

// LLVM's Type::isSized.
export function typeIsSized(t: i32): bool {
  let k = <i32>tyKind.get(t);
  switch (k) {
    case TK.Int: case TK.Ptr: case TK.X86MMX: case TK.X86AMX: return true;
    case TK.Vector: case TK.ScalableVector: return true;
    case TK.Array: return typeIsSized(tyA.get(t));
    case TK.Struct: case TK.NamedStruct: return layoutStruct(t);
    case TK.TargetExt: return extKind(t) != EXT_UNSIZED;
  }
  return k >= TK.Half && k <= TK.PPCFP128;
}

// LLVM's Type::isScalableTy: a scalable vector, an array of one, a struct that contains one
// (directly or through nested structs), or a scalable target type.
export function typeIsScalable(t: i32): bool {
  let k = <i32>tyKind.get(t);
  if (k == TK.ScalableVector) return true;
  if (k == TK.Array) return typeIsScalable(tyA.get(t));
  if (k == TK.Struct || k == TK.NamedStruct) {
    layoutStruct(t);
    return t < slFlags.len && (slFlags.get(t) & SLF_CONTAINS_SCALABLE) != 0;
  }
  if (k == TK.TargetExt) return extKind(t) == EXT_SVCOUNT;
  return false;
}

// getTypeSizeInBits: exact bit width for scalars (i17 -> 17, x86_fp80 -> 80), element count x
// element bits for vectors (<3 x i1> -> 3), count x element alloc size for arrays, the padded
// layout size for structs. -1 when unsized.
export function typeSizeInBits(t: i32): i64 {
  let k = <i32>tyKind.get(t);
  switch (k) {
    case TK.Int: case TK.Half: case TK.BFloat: case TK.Float: case TK.Double: case TK.X86MMX: case TK.X86FP80:
    case TK.FP128: case TK.PPCFP128: case TK.X86AMX: return primitiveSizeInBits(t);
    case TK.Ptr: return <i64><u32>pointerSizeInBits(tyA.get(t));
    case TK.Vector: case TK.ScalableVector: {
      let e = typeSizeInBits(tyA.get(t));
      return e < 0 ? -1 : tyN.get(t) * e;
    }
    case TK.Array: {
      let e = typeAllocSize(tyA.get(t));
      return e < 0 ? -1 : tyN.get(t) * e * 8;
    }
    case TK.Struct: case TK.NamedStruct:
      return layoutStruct(t) ? slSize.get(t) * 8 : -1;
    case TK.TargetExt: {
      let x = extKind(t);
      return x == EXT_PTR ? <i64><u32>pointerSizeInBits(0) : x == EXT_SVCOUNT ? 16 : -1;
    }
  }
  return -1;
}

// Bytes a store may write: ceil(bits / 8).
export function typeStoreSize(t: i32): i64 {
  let b = typeSizeInBits(t);
  return b < 0 ? -1 : (b + 7) >> 3;
}
export function typeStoreSizeInBits(t: i32): i64 {
  let b = typeStoreSize(t);
  return b < 0 ? -1 : b << 3;
}
// Store size rounded up to the ABI alignment: the distance between array elements.
export function typeAllocSize(t: i32): i64 {
  let s = typeStoreSize(t);
  if (s < 0) return -1;
  return alignTo(s, alignOf(t, true));
}
export function typeAllocSizeInBits(t: i32): i64 {
  let b = typeAllocSize(t);
  return b < 0 ? -1 : b << 3;
}

@inline function alignTo(v: i64, a: i32): i64 {
  let m = <i64>a - 1;
  return (v + m) & ~m;
}

// Smallest power of two >= v (at least 1), capped at 2^30.
function pow2Ceil(v: i64): i32 {
  if (v <= 1) return 1;
  if (v > 0x40000000) return 0x40000000;
  return <i32>(<i64>1 << (64 - clz<i64>(v - 1)));
}

// ---------------------------------------------------------------------------------------------
// Alignments (bytes; -1 when unsized)

export function abiAlignment(t: i32): i32 { return alignOf(t, true); }
export function prefAlignment(t: i32): i32 { return alignOf(t, false); }
// Alignment of an integer of this width: the exact i-spec, else the next wider one, else the
// widest (so i128 gets i64's alignment unless the layout has i128:...).
export function integerAlignment(width: i64, abi: bool): i32 {
  let i = intSpecs.lowerBound(width);
  if (i >= intSpecs.w.len) i = intSpecs.w.len - 1;
  return abi ? intSpecs.abi.get(i) : intSpecs.pref.get(i);
}

function vectorAlign(bits: i64, abi: bool): i32 {
  let i = vecSpecs.exact(bits);
  if (i >= 0) return abi ? vecSpecs.abi.get(i) : vecSpecs.pref.get(i);
  return pow2Ceil((bits + 7) >> 3);
}

function alignOf(t: i32, abi: bool): i32 {
  let k = <i32>tyKind.get(t);
  switch (k) {
    case TK.Int: return integerAlignment(<i64><u32>tyA.get(t), abi);
    case TK.Ptr: {
      let i = ptrSpec(tyA.get(t));
      return abi ? ptrAbi.get(i) : ptrPref.get(i);
    }
    case TK.Half: case TK.BFloat: case TK.Float: case TK.Double:
    case TK.X86FP80: case TK.FP128: case TK.PPCFP128: {
      let bits = <i32>primitiveSizeInBits(t);
      let i = floatSpecs.exact(bits);
      if (i >= 0) return abi ? floatSpecs.abi.get(i) : floatSpecs.pref.get(i);
      return pow2Ceil(bits >> 3);
    }
    case TK.X86MMX: case TK.Vector: case TK.ScalableVector: {
      let bits = typeSizeInBits(t);
      return bits < 0 ? -1 : vectorAlign(bits, abi);
    }
    case TK.X86AMX: return 64;
    case TK.Array: return alignOf(tyA.get(t), abi);
    case TK.Struct: case TK.NamedStruct: {
      if (!layoutStruct(t)) return -1;
      if (abi && (tyFlags.get(t) & TF_PACKED) != 0) return 1;
      let a = slAlign.get(t), floor = abi ? aggAbi : aggPref;
      return a > floor ? a : floor;
    }
    case TK.TargetExt: {
      let x = extKind(t);
      if (x == EXT_PTR) return abi ? ptrAbi.get(0) : ptrPref.get(0);
      if (x == EXT_SVCOUNT) return vectorAlign(16, abi);
      return -1;
    }
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// Struct layouts

function ensureCache(): void {
  if (slTypes !== tyKind) { invalidateStructLayouts(); slTypes = tyKind; }
  let n = tyKind.len;
  if (slState.len >= n) return;
  slState.resize(n, SL_UNKNOWN); slSize.resize(n, 0); slAlign.resize(n, 1); slFlags.resize(n, 0);
}

// Computes (once) the layout of struct t. False when t is unsized (or not a struct).
function layoutStruct(t: i32): bool {
  let k = <i32>tyKind.get(t);
  if (k != TK.Struct && k != TK.NamedStruct) return false;
  ensureCache();
  let st = slState.get(t);
  if (st >= 0) return true;
  if (st != SL_UNKNOWN) return false;  // unsized, or reached again while being laid out
  let flags = tyFlags.get(t);
  // A named struct without a body is opaque; not cached, a body may come later.
  if (k == TK.NamedStruct && (flags & TF_HASBODY) == 0) return false;
  slState.set(t, SL_BUSY);
  let n = listLen(t);
  let containsSV = false, anyScalable = false, allSized = true;
  let first = n > 0 ? listAt(t, 0) : -1;
  let homogeneous = n > 0 && <i32>tyKind.get(first) == TK.ScalableVector;
  for (let i = 0; i < n; i++) {
    let e = listAt(t, i);
    let ek = <i32>tyKind.get(e);
    if (e != first) homogeneous = false;
    if (ek == TK.ScalableVector) containsSV = true;
    else if (ek == TK.Struct || ek == TK.NamedStruct) {
      layoutStruct(e);
      if (e < slFlags.len && (slFlags.get(e) & SLF_CONTAINS_SCALABLE) != 0) containsSV = true;
    }
    if (typeIsScalable(e)) anyScalable = true;
    if (!typeIsSized(e)) allSized = false;
  }
  let fl: i32 = containsSV ? SLF_CONTAINS_SCALABLE : 0;
  if (!homogeneous && (anyScalable || !allSized)) {
    slState.set(t, SL_UNSIZED); slFlags.set(t, <u8>fl);
    return false;
  }
  let start = slOff.len;
  slOff.resize(start + n, 0);
  let packed = (flags & TF_PACKED) != 0;
  let size: i64 = 0, align: i32 = 1;
  for (let i = 0; i < n; i++) {
    let e = listAt(t, i);
    if (i == 0 && typeIsScalable(e)) fl |= SLF_SCALABLE_SIZE;
    let a = packed ? 1 : alignOf(e, true);
    if ((fl & SLF_SCALABLE_SIZE) == 0 && (size & (<i64>a - 1)) != 0) { fl |= SLF_PADDED; size = alignTo(size, a); }
    if (a > align) align = a;
    slOff.set(start + i, size);
    size += typeAllocSize(e);
  }
  if ((fl & SLF_SCALABLE_SIZE) == 0 && (size & (<i64>align - 1)) != 0) { fl |= SLF_PADDED; size = alignTo(size, align); }
  slSize.set(t, size); slAlign.set(t, align); slFlags.set(t, <u8>fl);
  slState.set(t, start);
  return true;
}

// Size in bytes of struct t including tail padding (StructLayout::getSizeInBytes); -1 if unsized.
export function structSize(t: i32): i64 { return layoutStruct(t) ? slSize.get(t) : -1; }
// The largest member ABI alignment (1 for packed or empty structs); -1 if unsized. The struct's
// own ABI alignment is abiAlignment(t), which also applies the a: floor.
export function structAlignment(t: i32): i32 { return layoutStruct(t) ? slAlign.get(t) : -1; }
// Byte offset of member i; -1 if unsized or i out of range.
export function structMemberOffset(t: i32, i: i32): i64 {
  if (!layoutStruct(t) || i < 0 || i >= listLen(t)) return -1;
  return slOff.get(slState.get(t) + i);
}
export function structIsPadded(t: i32): bool {
  return layoutStruct(t) && (slFlags.get(t) & SLF_PADDED) != 0;
}
// The member containing byte offset off (the last of several at the same offset, as LLVM's
// getElementContainingOffset); -1 if unsized or off is outside [0, size).
export function structElementContainingOffset(t: i32, off: i64): i32 {
  if (!layoutStruct(t) || off < 0 || off >= slSize.get(t)) return -1;
  let base = slState.get(t), lo = 0, hi = listLen(t);
  while (lo < hi) {  // first member with offset > off
    let mid = (lo + hi) >>> 1;
    if (slOff.get(base + mid) <= off) lo = mid + 1; else hi = mid;
  }
  return lo - 1;
}

resetDataLayout();

// Re-creates this file's scratch buffers after an arena reset.
export function resetDataLayoutTables(): void {
  intSpecs = new SpecTable();
  floatSpecs = new SpecTable();
  vecSpecs = new SpecTable();
  ptrAS = new I32Vec(8);
  ptrBits = new I32Vec(8);
  ptrAbi = new I32Vec(8);
  ptrPref = new I32Vec(8);
  ptrIdx = new I32Vec(8);
  nonIntegral = new I32Vec(8);
  legalInts = new I32Vec(8);
  layoutStr = new U8Vec(64);
  slState = new I32Vec(256);
  slSize = new I64Vec(256);
  slAlign = new I32Vec(256);
  slFlags = new U8Vec(256);
  slOff = new I64Vec(1024);
}
