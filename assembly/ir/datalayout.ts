// The target data layout (LLVM 19 `DataLayout`): its state and the size / alignment /
// struct-layout queries the passes need, all keyed by type id (./types). Reading the
// `target datalayout` string is datalayout-parse.ts.
//
// One layout per module, a `DataLayout` at a fixed address (`targetLayout`, renewed by
// newDataLayout() from the arena's reset). `resetDataLayout()` restores LLVM's defaults (what a
// module without a `target datalayout` line gets); `parseDataLayout` resets, then applies the
// string. On failure it returns false, the layout is back at the defaults and
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
import { TK, tyKind, tyA, tyN, tyFlags, listLen, listAt, TF_PACKED, TF_HASBODY, primitiveSizeInBits, ptrType, intType, arrayType, vectorType } from "./types";
import { llvmVersion } from "./version";

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

// Struct layout cache, indexed by type id.
const SL_UNKNOWN = -1, SL_BUSY = -2, SL_UNSIZED = -3;
const SLF_CONTAINS_SCALABLE = 1, SLF_SCALABLE_SIZE = 2, SLF_PADDED = 4;

// The module's layout and its struct-layout cache. One per module: resetArena() makes a new one
// (newDataLayout); a new object holds LLVM's defaults. The queries below are called from the
// passes' inner loops, so it lives at a fixed address in static memory like the bitstream cursor
// (bitcode/bitstream.ts): a field is one load from a constant address.
@final export class DataLayout {
  intSpecs: SpecTable = new SpecTable();
  floatSpecs: SpecTable = new SpecTable();
  vecSpecs: SpecTable = new SpecTable();
  // Pointer specifications, sorted by address space; entry 0 is always address space 0.
  ptrAS: I32Vec = new I32Vec(8);
  ptrBits: I32Vec = new I32Vec(8);   // u32
  ptrAbi: I32Vec = new I32Vec(8);
  ptrPref: I32Vec = new I32Vec(8);
  ptrIdx: I32Vec = new I32Vec(8);    // u32, index width in bits
  nonIntegral: I32Vec = new I32Vec(8);
  legalInts: I32Vec = new I32Vec(8);
  bigEndian: bool = false;
  allocaAS: i32 = 0;
  programAS: i32 = 0;
  globalsAS: i32 = 0;
  stackAlign: i64 = 0;       // bytes; 0 = not specified
  fnPtrAlign: i64 = 0;       // bytes; 0 = not specified
  fnPtrAlignType: i32 = FPA_INDEPENDENT;
  manglingMode: i32 = MM_NONE;
  aggAbi: i32 = 1;
  aggPref: i32 = 8;
  errMsg: string = "";
  layoutStr: U8Vec = new U8Vec(64);
  // The string table of target extension type names; kept by restoreDefaults (set once per
  // module by the text layer's reset, not by the layout string).
  names: StrTab | null = null;

  // Struct layout cache, indexed by type id.
  slState: I32Vec = new I32Vec(256);   // SL_* or the start of the struct's offsets in slOff
  slSize: I64Vec = new I64Vec(256);    // bytes (known minimum when scalable)
  slAlign: I32Vec = new I32Vec(256);   // max member ABI alignment (1 for packed)
  slFlags: U8Vec = new U8Vec(256);
  slOff: I64Vec = new I64Vec(1024);    // member offsets in bytes
  slTypes: U8Vec | null = null;        // the tyKind column the cache was built for

  constructor() { this.restoreDefaults(); }

  // LLVM 19's default layout (little endian, 64-bit pointers, i64:32:64, ...), in place: the
  // parser starts from it and returns to it on a bad string. Keeps `names`.
  restoreDefaults(): void {
    let is = this.intSpecs, fs = this.floatSpecs, vs = this.vecSpecs;
    is.clear(); fs.clear(); vs.clear();
    is.set(1, 1, 1); is.set(8, 1, 1); is.set(16, 2, 2); is.set(32, 4, 4); is.set(64, 4, 8);
    fs.set(16, 2, 2); fs.set(32, 4, 4); fs.set(64, 8, 8); fs.set(128, 16, 16);
    vs.set(64, 8, 8); vs.set(128, 16, 16);
    this.ptrAS.clear(); this.ptrBits.clear(); this.ptrAbi.clear(); this.ptrPref.clear(); this.ptrIdx.clear();
    this.setPointer(0, 64, 8, 8, 64);
    this.nonIntegral.clear(); this.legalInts.clear();
    this.bigEndian = false; this.allocaAS = 0; this.programAS = 0; this.globalsAS = 0;
    this.stackAlign = 0; this.fnPtrAlign = 0; this.fnPtrAlignType = FPA_INDEPENDENT; this.manglingMode = MM_NONE;
    this.aggAbi = 1; this.aggPref = 8;
    this.errMsg = "";
    this.layoutStr.clear();
    this.dropStructLayouts();
  }

  setPointer(as: i32, bits: i32, abi: i32, pref: i32, idx: i32): void {
    let asv = this.ptrAS, n = asv.len, i = 0;
    while (i < n && <u32>asv.get(i) < <u32>as) i++;
    if (i < n && asv.get(i) == as) {
      this.ptrBits.set(i, bits); this.ptrAbi.set(i, abi); this.ptrPref.set(i, pref); this.ptrIdx.set(i, idx);
      return;
    }
    insertAt(asv, i, as); insertAt(this.ptrBits, i, bits); insertAt(this.ptrAbi, i, abi);
    insertAt(this.ptrPref, i, pref); insertAt(this.ptrIdx, i, idx);
  }

  dropStructLayouts(): void {
    this.slState.clear(); this.slSize.clear(); this.slAlign.clear(); this.slFlags.clear(); this.slOff.clear();
  }
}
const DATALAYOUT_SIZE: usize = 256;
export const targetLayout: DataLayout = changetype<DataLayout>(memory.data(<i32>DATALAYOUT_SIZE, 16));
// The layout for the next module (resetArena): a new object, LLVM's defaults, no cached structs.
export function newDataLayout(): void {
  assert(offsetof<DataLayout>() <= DATALAYOUT_SIZE);
  memory.copy(changetype<usize>(targetLayout), changetype<usize>(new DataLayout()), offsetof<DataLayout>());
}

export function setPointerSpec(as: i32, bits: i32, abi: i32, pref: i32, idx: i32): void {
  targetLayout.setPointer(as, bits, abi, pref, idx);
}

// Restores LLVM 19's default layout (what a module without a `target datalayout` line gets).
export function resetDataLayout(): void { targetLayout.restoreDefaults(); }

// Drops every cached struct layout (call after the type tables are reset or a body changes).
export function invalidateStructLayouts(): void { targetLayout.dropStructLayouts(); }

// The string table that holds target extension type names (tyA of a TargetExt type). Without
// it every target("...") type is treated as unsized.
export function setDataLayoutNames(tab: StrTab | null): void { targetLayout.names = tab; }

export function dataLayoutError(): string { return targetLayout.errMsg; }
// The last string given to parseDataLayout (empty after a reset or a failed parse).
export function dataLayoutStrPtr(): usize { return targetLayout.layoutStr.ptr; }
export function dataLayoutStrLen(): i32 { return targetLayout.layoutStr.len; }

// ---------------------------------------------------------------------------------------------
// What the parser (datalayout-parse.ts) sets; the layout's state is assigned only in this file.

export function setDataLayoutError(msg: string): void { targetLayout.errMsg = msg; }
export function setDataLayoutString(ptr: usize, len: i32): void {
  targetLayout.layoutStr.resize(len, 0);
  if (len > 0) memory.copy(targetLayout.layoutStr.ptr, ptr, <usize>len);
}
// spec: 'i', 'f' or 'v'.
export function setPrimitiveSpec(spec: i32, bits: i32, abi: i32, pref: i32): void {
  if (spec == 0x69) targetLayout.intSpecs.set(bits, abi, pref);
  else if (spec == 0x66) targetLayout.floatSpecs.set(bits, abi, pref);
  else targetLayout.vecSpecs.set(bits, abi, pref);
}
export function setAggregateAlignment(abi: i32, pref: i32): void { targetLayout.aggAbi = abi; targetLayout.aggPref = pref; }
export function addNonIntegralAddressSpace(as: i32): void { targetLayout.nonIntegral.push(as); }
export function addLegalInteger(width: i32): void { targetLayout.legalInts.push(width); }
export function setBigEndian(b: bool): void { targetLayout.bigEndian = b; }
export function setStackAlignment(bytes: i64): void { targetLayout.stackAlign = bytes; }
export function setFunctionPtrAlign(kind: i32, bytes: i64): void { targetLayout.fnPtrAlignType = kind; targetLayout.fnPtrAlign = bytes; }
export function setProgramAddrSpace(as: i32): void { targetLayout.programAS = as; }
export function setAllocaAddrSpace(as: i32): void { targetLayout.allocaAS = as; }
export function setGlobalsAddrSpace(as: i32): void { targetLayout.globalsAS = as; }
export function setMangling(c: i32): void { targetLayout.manglingMode = c; }

// ---------------------------------------------------------------------------------------------
// Plain properties

export function isLittleEndian(): bool { return !targetLayout.bigEndian; }
export function isBigEndian(): bool { return targetLayout.bigEndian; }
// Natural stack alignment in bytes; 0 when the layout does not specify one.
export function stackAlignment(): i64 { return targetLayout.stackAlign; }
export function allocaAddrSpace(): i32 { return targetLayout.allocaAS; }
export function programAddrSpace(): i32 { return targetLayout.programAS; }
export function globalsAddrSpace(): i32 { return targetLayout.globalsAS; }
export function mangling(): i32 { return targetLayout.manglingMode; }
// Function pointer alignment in bytes (0 = none) and its kind (FPA_*).
export function functionPtrAlign(): i64 { return targetLayout.fnPtrAlign; }
export function functionPtrAlignType(): i32 { return targetLayout.fnPtrAlignType; }
// The a: specification (struct alignment floor), bytes.
export function aggregateABIAlignment(): i32 { return targetLayout.aggAbi; }
export function aggregatePrefAlignment(): i32 { return targetLayout.aggPref; }

// Native integer widths (n...), in the order the string lists them.
export function legalIntegerCount(): i32 { return targetLayout.legalInts.len; }
export function legalIntegerAt(i: i32): i32 { return targetLayout.legalInts.get(i); }
export function isLegalInteger(width: i64): bool {
  for (let i = 0, n = targetLayout.legalInts.len; i < n; i++) if (<i64><u32>targetLayout.legalInts.get(i) == width) return true;
  return false;
}
// Largest native width, 0 when none.
export function largestLegalIntWidth(): i32 {
  let m: u32 = 0;
  for (let i = 0, n = targetLayout.legalInts.len; i < n; i++) if (<u32>targetLayout.legalInts.get(i) > m) m = <u32>targetLayout.legalInts.get(i);
  return <i32>m;
}
export function fitsInLegalInteger(width: i64): bool { return width <= <i64><u32>largestLegalIntWidth(); }
// The first listed native width >= width, or -1 (LLVM's getSmallestLegalIntType).
export function smallestLegalIntWidth(width: i64): i32 {
  for (let i = 0, n = targetLayout.legalInts.len; i < n; i++) if (width <= <i64><u32>targetLayout.legalInts.get(i)) return targetLayout.legalInts.get(i);
  return -1;
}

export function isNonIntegralAddressSpace(as: i32): bool {
  for (let i = 0, n = targetLayout.nonIntegral.len; i < n; i++) if (targetLayout.nonIntegral.get(i) == as) return true;
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
  if (as != 0) for (let i = 1, n = targetLayout.ptrAS.len; i < n; i++) if (targetLayout.ptrAS.get(i) == as) return i;
  return 0;
}
export function pointerSizeInBits(as: i32): i32 { return targetLayout.ptrBits.get(ptrSpec(as)); }
// In bytes, rounded up.
export function pointerSize(as: i32): i32 { return <i32>((<u32>targetLayout.ptrBits.get(ptrSpec(as)) + 7) >> 3); }
export function indexSizeInBits(as: i32): i32 { return targetLayout.ptrIdx.get(ptrSpec(as)); }
export function indexSize(as: i32): i32 { return <i32>((<u32>targetLayout.ptrIdx.get(ptrSpec(as)) + 7) >> 3); }
export function pointerABIAlignment(as: i32): i32 { return targetLayout.ptrAbi.get(ptrSpec(as)); }
export function pointerPrefAlignment(as: i32): i32 { return targetLayout.ptrPref.get(ptrSpec(as)); }
// LLVM 19's getMaxIndexSizeInBits: it takes the largest *pointer* size (rounded to bytes), not
// the largest index size; kept as LLVM 19 behaves.
export function maxIndexSizeInBits(): i32 {
  let m: u32 = 0;
  for (let i = 0, n = targetLayout.ptrBits.len; i < n; i++) {
    let b = (<u32>targetLayout.ptrBits.get(i) + 7) >> 3;
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
// Target extension types (TargetExtType's layout type and properties, by name, as the LLVM
// version read has them):
//   LLVM 19: spirv.Image: ptr, may be global; other spirv.*: ptr, zeroinitializer, global;
//            aarch64.svcount: <vscale x 16 x i1>, zeroinitializer. Every type may be local.
//   LLVM 22: spirv.Image and spirv.SignedImage: ptr, global, local; spirv.Type(T, id, size,
//            align): [size*8/align x i<align>] (i32 when either is 0), global, local;
//            spirv.IntegralConstant and spirv.Literal: void; other spirv.*: ptr, zeroinitializer,
//            global, local; aarch64.svcount: <vscale x 16 x i1>, zeroinitializer, local;
//            riscv.vector.tuple(<vscale x n x i8>, NF): <vscale x max(n, 8)*NF x i8>,
//            zeroinitializer, local; dx.*: ptr, global, local; amdgcn.named.barrier: <4 x i32>,
//            global; llvm.test.vectorelement: i32, local.
// Any other name: void (unsized), nothing allowed.

export const EXT_ZERO_INIT = 1, EXT_GLOBAL = 2, EXT_LOCAL = 4;

function nameIs(p: usize, n: i32, s: string, prefixOnly: bool): bool {
  let m = s.length;
  if (prefixOnly ? n < m : n != m) return false;
  for (let i = 0; i < m; i++) if (<i32>load<u8>(p + <usize>i) != s.charCodeAt(i)) return false;
  return true;
}

// The layout type of target extension type t (-1: void) in the low 32 bits, its properties above.
@inline function extInfoOf(layout: i32, props: i32): i64 { return (<i64>props << 32) | <i64><u32>layout; }
function extInfo(t: i32): i64 {
  let tab = targetLayout.names;
  if (tab === null) return extInfoOf(-1, 0);
  let id = tyA.get(t);
  if (id < 0 || id >= tab.count) return extInfoOf(-1, 0);
  let p = tab.ptrOf(id), n = tab.lenOf(id);
  let v22 = llvmVersion >= 22;
  if (nameIs(p, n, "spirv.Image", false) || (v22 && nameIs(p, n, "spirv.SignedImage", false))) {
    return extInfoOf(ptrType(0), EXT_GLOBAL | (v22 ? EXT_LOCAL : 0));
  }
  if (v22 && nameIs(p, n, "spirv.Type", false)) {
    let props = EXT_GLOBAL | EXT_LOCAL;
    let nTypes = <i32>tyN.get(t), nInts = listLen(t) - nTypes;
    if (nInts < 3) return extInfoOf(intType(32), props);
    let size = <i64><u32>listAt(t, nTypes + 1), align = <i64><u32>listAt(t, nTypes + 2);
    if (size == 0 || align == 0 || align > 0xffffff) return extInfoOf(intType(32), props);
    return extInfoOf(arrayType(intType(<i32>align), size * 8 / align), props);
  }
  if (v22 && (nameIs(p, n, "spirv.IntegralConstant", false) || nameIs(p, n, "spirv.Literal", false))) return extInfoOf(-1, 0);
  if (nameIs(p, n, "spirv.", true)) {
    return extInfoOf(ptrType(0), EXT_ZERO_INIT | EXT_GLOBAL | (v22 ? EXT_LOCAL : 0));
  }
  if (nameIs(p, n, "aarch64.svcount", false)) {
    return extInfoOf(vectorType(intType(1), 16, true), EXT_ZERO_INIT | (v22 ? EXT_LOCAL : 0));
  }
  if (!v22) return extInfoOf(-1, 0);
  if (nameIs(p, n, "riscv.vector.tuple", false)) {
    let nTypes = <i32>tyN.get(t);
    if (nTypes < 1 || listLen(t) < 2) return extInfoOf(-1, 0);
    let inner = listAt(t, 0);
    if (<i32>tyKind.get(inner) != TK.ScalableVector) return extInfoOf(-1, 0);
    let min = tyN.get(inner);
    return extInfoOf(vectorType(intType(8), (min > 8 ? min : 8) * <i64><u32>listAt(t, nTypes), true), EXT_ZERO_INIT | EXT_LOCAL);
  }
  if (nameIs(p, n, "dx.", true)) return extInfoOf(ptrType(0), EXT_GLOBAL | EXT_LOCAL);
  if (nameIs(p, n, "amdgcn.named.barrier", false)) return extInfoOf(vectorType(intType(32), 4, false), EXT_GLOBAL);
  if (nameIs(p, n, "llvm.test.vectorelement", false)) return extInfoOf(intType(32), EXT_LOCAL);
  return extInfoOf(-1, 0);
}
function extLayout(t: i32): i32 { return <i32>(extInfo(t) & 0xffffffff); }
// TargetExtType::hasProperty: does target extension type t have every property of `props`.
export function targetExtHas(t: i32, props: i32): bool {
  let have = <i32>(extInfo(t) >> 32);
  return (have & props) == props;
}
// Type::containsNonGlobalTargetExtType / containsNonLocalTargetExtType (LLVM 22: t, an array's
// element or a struct's member, at any depth, is a target extension type without the property;
// LLVM 19 looks at t alone, and only for globals).
export function containsTargetExtWithout(t: i32, prop: i32): bool {
  let k = <i32>tyKind.get(t);
  if (k == TK.TargetExt) return !targetExtHas(t, prop);
  if (llvmVersion < 22) return false;
  if (k == TK.Array) return containsTargetExtWithout(tyA.get(t), prop);
  if (k == TK.Struct || k == TK.NamedStruct) {
    let m = listLen(t);
    for (let i = 0; i < m; i++) if (containsTargetExtWithout(listAt(t, i), prop)) return true;
  }
  return false;
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
    case TK.TargetExt: { let l = extLayout(t); return l >= 0 && typeIsSized(l); }
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
    return t < targetLayout.slFlags.len && (targetLayout.slFlags.get(t) & SLF_CONTAINS_SCALABLE) != 0;
  }
  if (k == TK.TargetExt) { let l = extLayout(t); return l >= 0 && typeIsScalable(l); }
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
      return layoutStruct(t) ? targetLayout.slSize.get(t) * 8 : -1;
    case TK.TargetExt: { let l = extLayout(t); return l >= 0 ? typeSizeInBits(l) : -1; }
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
  let i = targetLayout.intSpecs.lowerBound(width);
  if (i >= targetLayout.intSpecs.w.len) i = targetLayout.intSpecs.w.len - 1;
  return abi ? targetLayout.intSpecs.abi.get(i) : targetLayout.intSpecs.pref.get(i);
}

function vectorAlign(bits: i64, abi: bool): i32 {
  let i = targetLayout.vecSpecs.exact(bits);
  if (i >= 0) return abi ? targetLayout.vecSpecs.abi.get(i) : targetLayout.vecSpecs.pref.get(i);
  return pow2Ceil((bits + 7) >> 3);
}

function alignOf(t: i32, abi: bool): i32 {
  let k = <i32>tyKind.get(t);
  switch (k) {
    case TK.Int: return integerAlignment(<i64><u32>tyA.get(t), abi);
    case TK.Ptr: {
      let i = ptrSpec(tyA.get(t));
      return abi ? targetLayout.ptrAbi.get(i) : targetLayout.ptrPref.get(i);
    }
    case TK.Half: case TK.BFloat: case TK.Float: case TK.Double:
    case TK.X86FP80: case TK.FP128: case TK.PPCFP128: {
      let bits = <i32>primitiveSizeInBits(t);
      let i = targetLayout.floatSpecs.exact(bits);
      if (i >= 0) return abi ? targetLayout.floatSpecs.abi.get(i) : targetLayout.floatSpecs.pref.get(i);
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
      let a = targetLayout.slAlign.get(t), floor = abi ? targetLayout.aggAbi : targetLayout.aggPref;
      return a > floor ? a : floor;
    }
    case TK.TargetExt: { let l = extLayout(t); return l >= 0 ? alignOf(l, abi) : -1; }
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// Struct layouts

function ensureCache(): void {
  if (targetLayout.slTypes !== tyKind) { invalidateStructLayouts(); targetLayout.slTypes = tyKind; }
  let n = tyKind.len;
  if (targetLayout.slState.len >= n) return;
  targetLayout.slState.resize(n, SL_UNKNOWN); targetLayout.slSize.resize(n, 0); targetLayout.slAlign.resize(n, 1); targetLayout.slFlags.resize(n, 0);
}

// Computes (once) the layout of struct t. False when t is unsized (or not a struct).
function layoutStruct(t: i32): bool {
  let k = <i32>tyKind.get(t);
  if (k != TK.Struct && k != TK.NamedStruct) return false;
  ensureCache();
  let st = targetLayout.slState.get(t);
  if (st >= 0) return true;
  if (st != SL_UNKNOWN) return false;  // unsized, or reached again while being laid out
  let flags = tyFlags.get(t);
  // A named struct without a body is opaque; not cached, a body may come later.
  if (k == TK.NamedStruct && (flags & TF_HASBODY) == 0) return false;
  targetLayout.slState.set(t, SL_BUSY);
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
      if (e < targetLayout.slFlags.len && (targetLayout.slFlags.get(e) & SLF_CONTAINS_SCALABLE) != 0) containsSV = true;
    }
    if (typeIsScalable(e)) anyScalable = true;
    if (!typeIsSized(e)) allSized = false;
  }
  let fl: i32 = containsSV ? SLF_CONTAINS_SCALABLE : 0;
  if (!homogeneous && (anyScalable || !allSized)) {
    targetLayout.slState.set(t, SL_UNSIZED); targetLayout.slFlags.set(t, <u8>fl);
    return false;
  }
  let start = targetLayout.slOff.len;
  targetLayout.slOff.resize(start + n, 0);
  let packed = (flags & TF_PACKED) != 0;
  let size: i64 = 0, align: i32 = 1;
  for (let i = 0; i < n; i++) {
    let e = listAt(t, i);
    if (i == 0 && typeIsScalable(e)) fl |= SLF_SCALABLE_SIZE;
    let a = packed ? 1 : alignOf(e, true);
    if ((fl & SLF_SCALABLE_SIZE) == 0 && (size & (<i64>a - 1)) != 0) { fl |= SLF_PADDED; size = alignTo(size, a); }
    if (a > align) align = a;
    targetLayout.slOff.set(start + i, size);
    size += typeAllocSize(e);
  }
  if ((fl & SLF_SCALABLE_SIZE) == 0 && (size & (<i64>align - 1)) != 0) { fl |= SLF_PADDED; size = alignTo(size, align); }
  targetLayout.slSize.set(t, size); targetLayout.slAlign.set(t, align); targetLayout.slFlags.set(t, <u8>fl);
  targetLayout.slState.set(t, start);
  return true;
}

// Size in bytes of struct t including tail padding (StructLayout::getSizeInBytes); -1 if unsized.
export function structSize(t: i32): i64 { return layoutStruct(t) ? targetLayout.slSize.get(t) : -1; }
// The largest member ABI alignment (1 for packed or empty structs); -1 if unsized. The struct's
// own ABI alignment is abiAlignment(t), which also applies the a: floor.
export function structAlignment(t: i32): i32 { return layoutStruct(t) ? targetLayout.slAlign.get(t) : -1; }
// Byte offset of member i; -1 if unsized or i out of range.
export function structMemberOffset(t: i32, i: i32): i64 {
  if (!layoutStruct(t) || i < 0 || i >= listLen(t)) return -1;
  return targetLayout.slOff.get(targetLayout.slState.get(t) + i);
}
export function structIsPadded(t: i32): bool {
  return layoutStruct(t) && (targetLayout.slFlags.get(t) & SLF_PADDED) != 0;
}
// The member containing byte offset off (the last of several at the same offset, as LLVM's
// getElementContainingOffset); -1 if unsized or off is outside [0, size).
export function structElementContainingOffset(t: i32, off: i64): i32 {
  if (!layoutStruct(t) || off < 0 || off >= targetLayout.slSize.get(t)) return -1;
  let base = targetLayout.slState.get(t), lo = 0, hi = listLen(t);
  while (lo < hi) {  // first member with offset > off
    let mid = (lo + hi) >>> 1;
    if (targetLayout.slOff.get(base + mid) <= off) lo = mid + 1; else hi = mid;
  }
  return lo - 1;
}

// The static block starts zeroed: a valid layout before the first arena reset too.
newDataLayout();
