// TYPE_BLOCK_ID_NEW: the type table. Entry i of the block is type id i; an identified struct may be
// named before its body comes (a forward reference makes the named struct at once, its body is set
// when its entry is read).
import { I32Vec } from "../util/vec";
import { strtab } from "../ir/module";
import {
  TK, tyKind, tyFlags, T_VOID, T_LABEL, T_METADATA, T_TOKEN, T_HALF, T_BFLOAT, T_FLOAT, T_DOUBLE, T_X86FP80,
  T_FP128, T_PPCFP128, T_X86AMX, T_X86MMX, intType, ptrType, arrayType, vectorType, structType, functionType,
  newNamedStruct, setStructBody, setStructOpaque, internType, namedTypeOrder, TF_HASBODY, TF_OPAQUE,
} from "../ir/types";
import { advance, enterBlock, skipBlock, readRecord, ops, ENTRY_END, ENTRY_BLOCK, ENTRY_ERROR } from "./bitstream";
import { typeList, typeIsFwd, bad, badI } from "./read-state";
import { MAX_NESTING, typeDepths, firstTooDeep } from "../ir/nesting";

const NUMENTRY = 1, VOID = 2, FLOAT = 3, DOUBLE = 4, LABEL = 5, OPAQUE = 6, INTEGER = 7, POINTER = 8,
  FUNCTION_OLD = 9, HALF = 10, ARRAY = 11, VECTOR = 12, X86_FP80 = 13, FP128 = 14, PPC_FP128 = 15,
  METADATA = 16, X86_MMX = 17, STRUCT_ANON = 18, STRUCT_NAME = 19, STRUCT_NAMED = 20, FUNCTION = 21,
  TOKEN = 22, BFLOAT = 23, X86_AMX = 24, OPAQUE_POINTER = 25, TARGET_TYPE = 26;

let scratch: I32Vec = new I32Vec(16);
let unnamedStructs: i64 = 0;

// The arena type of bitcode type id `id`, or -1 (no error recorded).
export function typeOf(id: i64): i32 {
  if (id < 0 || id >= <i64>typeList.len) return -1;
  return typeList.get(<i32>id);
}
// As typeOf, with an error when the id is not a type.
export function typeAt(id: i64, what: string): i32 {
  let t = typeOf(id);
  if (t < 0) return badI("Invalid " + what + " record: type id " + id.toString() + " out of range");
  return t;
}

// A member type id of a struct or other aggregate: a later identified struct becomes a placeholder.
function memberAt(id: i64): i32 {
  if (id < 0 || id >= <i64>typeList.len) return -1;
  let t = typeList.get(<i32>id);
  if (t >= 0) return t;
  t = newNamedStruct(-1, 0);
  typeList.set(<i32>id, t); typeIsFwd.set(<i32>id, 1);
  return t;
}

// Reads the block (entered by the caller's advance(): ENTRY_BLOCK of TYPE_BLOCK_ID_NEW).
export function readTypeBlock(): bool {
  if (!enterBlock()) return false;
  unnamedStructs = 0;
  let name = -1;   // STRUCT_NAME for the next identified struct
  let next = 0;    // the type id the next entry defines
  while (true) {
    let e = advance();
    if (e == ENTRY_ERROR) return false;
    if (e == ENTRY_END) break;
    if (e == ENTRY_BLOCK) { if (!skipBlock()) return false; continue; }
    let code = readRecord(entryAbbrev);
    if (bsFailed()) return false;
    let n = ops.len;
    if (code == NUMENTRY) {
      if (n < 1) return bad("Invalid numentry record");
      let want = ops.get(0);
      if (want < 0 || want > 1 << 24) return bad("Invalid numentry record: " + want.toString() + " types");
      typeList.resize(<i32>want, -1); typeIsFwd.resize(<i32>want, 0);
      continue;
    }
    if (code == STRUCT_NAME) { name = stringOf(0); continue; }
    if (next >= typeList.len) return bad("Invalid TYPE table: more entries than NUMENTRY said");
    let t = -1;
    switch (code) {
      case VOID: t = T_VOID; break;
      case HALF: t = T_HALF; break;
      case BFLOAT: t = T_BFLOAT; break;
      case FLOAT: t = T_FLOAT; break;
      case DOUBLE: t = T_DOUBLE; break;
      case X86_FP80: t = T_X86FP80; break;
      case FP128: t = T_FP128; break;
      case PPC_FP128: t = T_PPCFP128; break;
      case LABEL: t = T_LABEL; break;
      case METADATA: t = T_METADATA; break;
      case X86_MMX: t = T_X86MMX; break;
      case X86_AMX: t = T_X86AMX; break;
      case TOKEN: t = T_TOKEN; break;
      case INTEGER: {
        if (n < 1) return bad("Invalid integer record");
        let w = ops.get(0);
        if (w < 1 || w > 0x800000) return bad("Bitwidth for integer type out of range");
        t = intType(<i32>w); break;
      }
      case OPAQUE_POINTER: case POINTER: {
        let k = code == POINTER ? 1 : 0;
        if (n < k + 1 && code == OPAQUE_POINTER) return bad("Invalid opaque pointer record");
        let as = n > k ? ops.get(k) : 0;
        if (as < 0 || as > 0xffffff) return bad("Invalid address space");
        t = ptrType(<i32>as); break;
      }
      case FUNCTION_OLD: case FUNCTION: {
        let first = code == FUNCTION ? 1 : 2;
        if (n < first + 1) return bad("Invalid function record");
        let ret = typeOf(ops.get(first));
        if (ret < 0) return bad("Invalid function record: return type");
        scratch.clear();
        for (let i = first + 1; i < n; i++) {
          let p = typeOf(ops.get(i));
          if (p < 0 || p == T_VOID) return bad("Invalid function record: parameter type");
          scratch.push(p);
        }
        t = functionType(ret, scratch, 0, scratch.len, ops.get(0) != 0); break;
      }
      case ARRAY: case VECTOR: {
        if (n < 2) return bad(code == ARRAY ? "Invalid array type record" : "Invalid vector type record");
        let el = typeOf(ops.get(1));
        if (el < 0) return bad("Invalid type: element type id");
        let cnt = ops.get(0);
        if (code == VECTOR) {
          if (cnt == 0 || cnt > 0xffffffff) return bad("Invalid vector length");
          t = vectorType(el, cnt, n > 2 && ops.get(2) != 0);
        } else t = arrayType(el, cnt);
        break;
      }
      case STRUCT_ANON: {
        if (n < 1) return bad("Invalid struct record");
        scratch.clear();
        for (let i = 1; i < n; i++) { let m = memberAt(ops.get(i)); if (m < 0) return bad("Invalid struct record: element type"); scratch.push(m); }
        t = structType(scratch, 0, scratch.len, ops.get(0) != 0); break;
      }
      case STRUCT_NAMED: case OPAQUE: {
        if (code == STRUCT_NAMED && n < 1) return bad("Invalid named struct record");
        t = typeList.get(next);
        if (t < 0) t = newNamedStruct(-1, 0);
        else if (typeIsFwd.get(next) == 0) return bad("Invalid named struct record: type defined twice");
        typeIsFwd.set(next, 0);
        if (name >= 0) { setStructName(t, name); } else { setStructNumber(t, unnamedStructs++); }
        name = -1;
        namedTypeOrder.push(t);
        if (code == OPAQUE) { setStructOpaque(t); break; }
        scratch.clear();
        for (let i = 1; i < n; i++) {
          let m = memberAt(ops.get(i));
          if (m < 0) return bad("Invalid named struct record: element type");
          scratch.push(m);
        }
        setStructBody(t, scratch, 0, scratch.len, ops.get(0) != 0);
        break;
      }
      case TARGET_TYPE: {
        if (n < 1) return bad("Invalid target extension type record");
        if (name < 0) return bad("Target extension type without a name");
        let nt = ops.get(0);
        if (nt < 0 || nt > <i64>(n - 1)) return bad("Invalid target extension type record");
        scratch.clear();
        for (let i = 1; i <= <i32>nt; i++) { let p = typeOf(ops.get(i)); if (p < 0) return bad("Invalid target extension type record"); scratch.push(p); }
        for (let i = 1 + <i32>nt; i < n; i++) {
          let v = ops.get(i);
          if (v < 0 || v > 0xffffffff) return bad("Invalid target extension type record");
          scratch.push(<i32>v);
        }
        t = internType(TK.TargetExt, name, nt, 0, scratch.ptr, scratch.len);
        name = -1;
        break;
      }
      default: return bad("Invalid type record: unknown code " + code.toString());
    }
    let prev = typeList.get(next);
    if (prev >= 0 && prev != t) return bad("Invalid TYPE table: an entry defined twice");
    typeList.set(next, t);
    next++;
  }
  for (let i = 0; i < typeList.len; i++) {
    if (typeIsFwd.get(i) != 0) return bad("Invalid TYPE table: a struct used but never defined");
  }
  if (firstTooDeep(typeDepths()) >= 0) return bad("Invalid TYPE table: types nested too deeply (limit " + MAX_NESTING.toString() + ")");
  return true;
}

import { entryAbbrev, bsFailed } from "./bitstream";
import { tyA, tyN } from "../ir/types";
function setStructName(t: i32, name: i32): void { tyA.set(t, name); tyN.set(t, 0); }
function setStructNumber(t: i32, n: i64): void { tyA.set(t, -1); tyN.set(t, n); }

// The record's operands from `from` on as bytes, interned.
let bytes: I32Vec = new I32Vec(64);
export function stringOf(from: i32): i32 {
  let n = ops.len - from;
  if (n <= 0) return strtab.internStr("");
  let buf = heapBytes(n);
  for (let i = 0; i < n; i++) store<u8>(buf + <usize>i, <u8>ops.get(from + i));
  return strtab.intern(buf, n);
}
let tmp: usize = 0, tmpCap: i32 = 0;
export function heapBytes(n: i32): usize {
  if (n > tmpCap) { tmpCap = n < 256 ? 256 : n * 2; tmp = heap.alloc(<usize>tmpCap); }
  return tmp;
}
export function resetReadTypes(): void { scratch = new I32Vec(16); bytes = new I32Vec(64); tmp = 0; tmpCap = 0; unnamedStructs = 0; }
