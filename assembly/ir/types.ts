// Interned types. A type is an i32 id; structurally equal literal types share an id, so type
// equality is id equality. Named (identified) structs are distinct by name.
import { I32Vec, I64Vec, U8Vec } from "../util/vec";
import { llvmVersion } from "./version";

export const enum TK {
  Void = 0, Half, BFloat, Float, Double, X86FP80, FP128, PPCFP128,
  Label, Metadata, Token, X86AMX, X86MMX,
  Int, Ptr, Vector, ScalableVector, Array, Struct, NamedStruct, Function, TargetExt
}

// Columns, indexed by type id.
export let tyKind: U8Vec = new U8Vec();
export let tyA: I32Vec = new I32Vec();      // Int: width; Ptr: addrspace; Vector/Array: element; Function: return; NamedStruct: name strId (-1 if numbered); TargetExt: name strId
export let tyN: I64Vec = new I64Vec();      // Vector/Array: element count; NamedStruct: number when unnamed
export let tyList: I32Vec = new I32Vec();   // Struct/NamedStruct/Function/TargetExt: start in tyPool
export let tyListLen: I32Vec = new I32Vec();
export let tyFlags: I32Vec = new I32Vec();  // bit 0: packed / vararg; bit 1: named struct has a body; bit 2: named struct is opaque
export let tyPool: I32Vec = new I32Vec();   // element / parameter types; TargetExt: types then int params (count in tyN)
let table: Int32Array = new Int32Array(0);
let tableMask: i32 = 0;

export const TF_PACKED = 1, TF_VARARG = 1, TF_HASBODY = 2, TF_OPAQUE = 4;

// Well-known type ids, created first in this order.
export const T_VOID = 0, T_LABEL = 1, T_METADATA = 2, T_TOKEN = 3, T_HALF = 4, T_BFLOAT = 5, T_FLOAT = 6,
  T_DOUBLE = 7, T_X86FP80 = 8, T_FP128 = 9, T_PPCFP128 = 10, T_X86AMX = 11, T_X86MMX = 12,
  T_I1 = 13, T_I8 = 14, T_I16 = 15, T_I32 = 16, T_I64 = 17, T_PTR = 18, T_I128 = 19;

function hashType(kind: i32, a: i32, n: i64, flags: i32, listPtr: usize, listLen: i32): u32 {
  let h: u32 = <u32>kind * 0x9E3779B1;
  h = (h ^ <u32>a) * 0x85EBCA6B;
  h = (h ^ <u32>n ^ <u32>(n >>> 32)) * 0xC2B2AE35;
  h = (h ^ <u32>flags) * 0x27D4EB2F;
  for (let i = 0; i < listLen; i++) h = (h ^ load<u32>(listPtr + (<usize>i << 2))) * 0x165667B1;
  return h ^ (h >>> 15);
}

function sameType(id: i32, kind: i32, a: i32, n: i64, flags: i32, listPtr: usize, listLen: i32): bool {
  if (<i32>tyKind.get(id) != kind || tyA.get(id) != a || tyN.get(id) != n || tyFlags.get(id) != flags) return false;
  if (tyListLen.get(id) != listLen) return false;
  let s = tyPool.ptr + (<usize>tyList.get(id) << 2);
  return listLen == 0 || memory.compare(s, listPtr, <usize>listLen << 2) == 0;
}

function rehash(): void {
  let size = tableMask == 0 ? 1024 : (tableMask + 1) << 1;
  let t = new Int32Array(size).fill(-1);
  let mask = size - 1;
  for (let id = 0; id < tyKind.len; id++) {
    if (<i32>tyKind.get(id) == TK.NamedStruct) continue;
    let h = <i32>hashType(tyKind.get(id), tyA.get(id), tyN.get(id), tyFlags.get(id),
      tyPool.ptr + (<usize>tyList.get(id) << 2), tyListLen.get(id)) & mask;
    while (unchecked(t[h]) >= 0) h = (h + 1) & mask;
    unchecked(t[h] = id);
  }
  table = t; tableMask = mask;
}

function push(kind: i32, a: i32, n: i64, flags: i32, listPtr: usize, listLen: i32): i32 {
  let id = tyKind.len;
  tyKind.push(<u8>kind); tyA.push(a); tyN.push(n); tyFlags.push(flags);
  let start = tyPool.len;
  // listPtr may point into tyPool itself; reserve first and copy by index.
  let rel: isize = -1;
  if (listLen > 0 && listPtr >= tyPool.ptr && listPtr < tyPool.ptr + (<usize>tyPool.cap << 2)) rel = <isize>(listPtr - tyPool.ptr);
  tyPool.reserve(start + listLen);
  let src = rel >= 0 ? tyPool.ptr + <usize>rel : listPtr;
  memory.copy(tyPool.ptr + (<usize>start << 2), src, <usize>listLen << 2);
  tyPool.len = start + listLen;
  tyList.push(start); tyListLen.push(listLen);
  return id;
}

// Returns the interned type with these fields.
export function internType(kind: i32, a: i32, n: i64, flags: i32, listPtr: usize, listLen: i32): i32 {
  let mask = tableMask;
  let h = <i32>hashType(kind, a, n, flags, listPtr, listLen) & mask;
  while (true) {
    let id = unchecked(table[h]);
    if (id < 0) break;
    if (sameType(id, kind, a, n, flags, listPtr, listLen)) return id;
    h = (h + 1) & mask;
  }
  let id = push(kind, a, n, flags, listPtr, listLen);
  unchecked(table[h] = id);
  if ((tyKind.len << 1) > mask) rehash();
  return id;
}

// The common widths are fixed ids (interned first by resetTypes), so they skip the hash table.
export function intType(width: i32): i32 {
  switch (width) {
    case 1: return T_I1; case 8: return T_I8; case 16: return T_I16; case 32: return T_I32;
    case 64: return T_I64; case 128: return T_I128;
    default: return internType(TK.Int, width, 0, 0, 0, 0);
  }
}
export function ptrType(addrspace: i32): i32 { return addrspace == 0 ? T_PTR : internType(TK.Ptr, addrspace, 0, 0, 0, 0); }
export function arrayType(elem: i32, n: i64): i32 { return internType(TK.Array, elem, n, 0, 0, 0); }
export function vectorType(elem: i32, n: i64, scalable: bool): i32 {
  return internType(scalable ? TK.ScalableVector : TK.Vector, elem, n, 0, 0, 0);
}
export function structType(elems: I32Vec, start: i32, count: i32, packed: bool): i32 {
  return internType(TK.Struct, 0, 0, packed ? TF_PACKED : 0, elems.ptr + (<usize>start << 2), count);
}
export function functionType(ret: i32, params: I32Vec, start: i32, count: i32, vararg: bool): i32 {
  return internType(TK.Function, ret, 0, vararg ? TF_VARARG : 0, params.ptr + (<usize>start << 2), count);
}
// A new identified struct with no body yet; `number` is used when name is -1.
export function newNamedStruct(name: i32, number: i64): i32 {
  return push(TK.NamedStruct, name, number, 0, 0, 0);
}
export function setStructBody(id: i32, elems: I32Vec, start: i32, count: i32, packed: bool): void {
  let s = tyPool.len;
  tyPool.reserve(s + count);
  for (let i = 0; i < count; i++) tyPool.push(elems.get(start + i));
  tyList.set(id, s); tyListLen.set(id, count);
  tyFlags.set(id, (packed ? TF_PACKED : 0) | TF_HASBODY);
}
export function setStructOpaque(id: i32): void { tyFlags.set(id, TF_OPAQUE); }

@inline export function kindOf(t: i32): i32 { return tyKind.get(t); }
@inline export function isInt(t: i32): bool { return tyKind.get(t) == TK.Int; }
@inline export function intWidth(t: i32): i32 { return tyA.get(t); }
@inline export function isPtr(t: i32): bool { return tyKind.get(t) == TK.Ptr; }
export function isFP(t: i32): bool { let k = <i32>tyKind.get(t); return k >= TK.Half && k <= TK.PPCFP128; }
export function isVector(t: i32): bool { let k = <i32>tyKind.get(t); return k == TK.Vector || k == TK.ScalableVector; }
export function isStruct(t: i32): bool { let k = <i32>tyKind.get(t); return k == TK.Struct || k == TK.NamedStruct; }
export function isAggregate(t: i32): bool { let k = <i32>tyKind.get(t); return k == TK.Struct || k == TK.NamedStruct || k == TK.Array; }
// Type::isFirstClassType of the LLVM version followed: from LLVM 22 on an opaque struct is not one.
export function isFirstClass(t: i32): bool {
  let k = <i32>tyKind.get(t);
  if (k == TK.Void || k == TK.Function) return false;
  return !(llvmVersion >= 22 && k == TK.NamedStruct && (tyFlags.get(t) & TF_HASBODY) == 0);
}
// FunctionType::isValidArgumentType: a first-class type; from LLVM 22 on not a label either.
export function isValidArgumentType(t: i32): bool { return isFirstClass(t) && !(llvmVersion >= 22 && <i32>tyKind.get(t) == TK.Label); }
// Element type of a vector or array; -1 otherwise.
export function elementType(t: i32): i32 {
  let k = <i32>tyKind.get(t);
  return k == TK.Vector || k == TK.ScalableVector || k == TK.Array ? tyA.get(t) : -1;
}
// Scalar type of a vector type, else the type itself.
export function scalarType(t: i32): i32 { return isVector(t) ? tyA.get(t) : t; }
@inline export function listLen(t: i32): i32 { return tyListLen.get(t); }
@inline export function listAt(t: i32, i: i32): i32 { return tyPool.get(tyList.get(t) + i); }
// Type of member i of a struct, array or vector.
export function memberType(t: i32, i: i32): i32 {
  let k = <i32>tyKind.get(t);
  if (k == TK.Struct || k == TK.NamedStruct) return (i >= 0 && tyListLen.get(t) > i) ? listAt(t, i) : -1;
  if (k == TK.Array || k == TK.Vector || k == TK.ScalableVector) return tyA.get(t);
  return -1;
}
export function memberCount(t: i32): i64 {
  let k = <i32>tyKind.get(t);
  if (k == TK.Struct || k == TK.NamedStruct) return tyListLen.get(t);
  if (k == TK.Array || k == TK.Vector || k == TK.ScalableVector) return tyN.get(t);
  return 0;
}
// Same shape with another scalar (for vector compare results and the like).
export function withScalar(t: i32, scalar: i32): i32 {
  let k = <i32>tyKind.get(t);
  if (k == TK.Vector || k == TK.ScalableVector) return vectorType(scalar, tyN.get(t), k == TK.ScalableVector);
  return scalar;
}

// Named structs in order of definition (the printer writes them so).
export let namedTypeOrder: I32Vec = new I32Vec();

export function resetTypes(): void {
  namedTypeOrder = new I32Vec();
  tyKind = new U8Vec(1024); tyA = new I32Vec(1024); tyN = new I64Vec(1024);
  tyList = new I32Vec(1024); tyListLen = new I32Vec(1024); tyFlags = new I32Vec(1024); tyPool = new I32Vec(1024);
  table = new Int32Array(0); tableMask = 0; rehash();
  // Fixed ids, in the order of the T_ constants.
  internType(TK.Void, 0, 0, 0, 0, 0); internType(TK.Label, 0, 0, 0, 0, 0); internType(TK.Metadata, 0, 0, 0, 0, 0);
  internType(TK.Token, 0, 0, 0, 0, 0); internType(TK.Half, 0, 0, 0, 0, 0); internType(TK.BFloat, 0, 0, 0, 0, 0);
  internType(TK.Float, 0, 0, 0, 0, 0); internType(TK.Double, 0, 0, 0, 0, 0); internType(TK.X86FP80, 0, 0, 0, 0, 0);
  internType(TK.FP128, 0, 0, 0, 0, 0); internType(TK.PPCFP128, 0, 0, 0, 0, 0); internType(TK.X86AMX, 0, 0, 0, 0, 0);
  internType(TK.X86MMX, 0, 0, 0, 0, 0);
  internType(TK.Int, 1, 0, 0, 0, 0); internType(TK.Int, 8, 0, 0, 0, 0); internType(TK.Int, 16, 0, 0, 0, 0);
  internType(TK.Int, 32, 0, 0, 0, 0); internType(TK.Int, 64, 0, 0, 0, 0);
  internType(TK.Ptr, 0, 0, 0, 0, 0); internType(TK.Int, 128, 0, 0, 0, 0);
}

// Type::getPrimitiveSizeInBits: integers, floating-point types, x86_mmx/x86_amx and vectors of
// them (a scalable vector gives its minimum); 0 for pointers and every other type.
export function primitiveSizeInBits(t: i32): i64 {
  switch (<i32>tyKind.get(t)) {
    case TK.Int: return tyA.get(t);
    case TK.Half: case TK.BFloat: return 16;
    case TK.Float: return 32;
    case TK.Double: case TK.X86MMX: return 64;
    case TK.X86FP80: return 80;
    case TK.FP128: case TK.PPCFP128: return 128;
    case TK.X86AMX: return 8192;
    case TK.Vector: case TK.ScalableVector: return tyN.get(t) * primitiveSizeInBits(tyA.get(t));
    default: return 0;
  }
}

// FPMathOperator's type rule for phi, select and call (the instructions that carry fast-math flags
// by their type): floating point or a vector of it, inside arrays of any depth; from LLVM 22 on
// also a literal struct whose members are all one such type (not in an array).
export function fpMathOperatorType(t: i32, version: i32): bool {
  let k = <i32>tyKind.get(t);
  if (k == TK.Struct) {
    let n = tyListLen.get(t);
    if (version < 22 || n == 0) return false;
    let e = listAt(t, 0);
    for (let j = 1; j < n; j++) if (listAt(t, j) != e) return false;
    return isFP(scalarType(e));
  }
  while (<i32>tyKind.get(t) == TK.Array) t = tyA.get(t);
  return isFP(scalarType(t));
}
