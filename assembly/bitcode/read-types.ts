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
import { bs, advance, enterBlock, skipBlock, readRecord, ENTRY_END, ENTRY_BLOCK, ENTRY_ERROR } from "./bitstream";
import { br, bad, badI } from "./read-state";
import { MAX_NESTING, typeDepths, firstTooDeep } from "../ir/nesting";
import { bsFailed } from "./bitstream";
import { tyA, tyN } from "../ir/types";

const NUMENTRY = 1, VOID = 2, FLOAT = 3, DOUBLE = 4, LABEL = 5, OPAQUE = 6, INTEGER = 7, POINTER = 8,
  FUNCTION_OLD = 9, HALF = 10, ARRAY = 11, VECTOR = 12, X86_FP80 = 13, FP128 = 14, PPC_FP128 = 15,
  METADATA = 16, X86_MMX = 17, STRUCT_ANON = 18, STRUCT_NAME = 19, STRUCT_NAMED = 20, FUNCTION = 21,
  TOKEN = 22, BFLOAT = 23, X86_AMX = 24, OPAQUE_POINTER = 25, TARGET_TYPE = 26;

// The arena type of bitcode type id `id`, or -1 (no error recorded).
export function typeOf(id: i64): i32 {
  if (id < 0 || id >= <i64>br.typeList.len) return -1;
  return br.typeList.get(<i32>id);
}
// As typeOf, with an error when the id is not a type.
export function typeAt(id: i64, what: string): i32 {
  let t = typeOf(id);
  if (t < 0) return badI("Invalid " + what + " record: type id " + id.toString() + " out of range");
  return t;
}

// A member type id of a struct or other aggregate: a later identified struct becomes a placeholder.
function memberAt(id: i64): i32 {
  if (id < 0 || id >= <i64>br.typeList.len) return -1;
  let t = br.typeList.get(<i32>id);
  if (t >= 0) return t;
  t = newNamedStruct(-1, 0);
  br.typeList.set(<i32>id, t); br.typeIsFwd.set(<i32>id, 1);
  return t;
}

// Reads the block (entered by the caller's advance(): ENTRY_BLOCK of TYPE_BLOCK_ID_NEW).
export function readTypeBlock(): bool {
  if (!enterBlock()) return false;
  br.unnamedStructs = 0;
  let name = -1;   // STRUCT_NAME for the next identified struct
  let next = 0;    // the type id the next entry defines
  while (true) {
    let e = advance();
    if (e == ENTRY_ERROR) return false;
    if (e == ENTRY_END) break;
    if (e == ENTRY_BLOCK) { if (!skipBlock()) return false; continue; }
    let code = readRecord(bs.entryAbbrev);
    if (bsFailed()) return false;
    let n = bs.ops.len;
    if (code == NUMENTRY) {
      if (n < 1) return bad("Invalid numentry record");
      let want = bs.ops.get(0);
      if (want < 0 || want > 1 << 24) return bad("Invalid numentry record: " + want.toString() + " types");
      br.typeList.resize(<i32>want, -1); br.typeIsFwd.resize(<i32>want, 0);
      continue;
    }
    if (code == STRUCT_NAME) { name = stringOf(0); continue; }
    if (next >= br.typeList.len) return bad("Invalid TYPE table: more entries than NUMENTRY said");
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
        let w = bs.ops.get(0);
        if (w < 1 || w > 0x800000) return bad("Bitwidth for integer type out of range");
        t = intType(<i32>w); break;
      }
      case OPAQUE_POINTER: case POINTER: {
        let k = code == POINTER ? 1 : 0;
        if (n < k + 1 && code == OPAQUE_POINTER) return bad("Invalid opaque pointer record");
        let as = n > k ? bs.ops.get(k) : 0;
        if (as < 0 || as > 0xffffff) return bad("Invalid address space");
        t = ptrType(<i32>as); break;
      }
      case FUNCTION_OLD: case FUNCTION: {
        let first = code == FUNCTION ? 1 : 2;
        if (n < first + 1) return bad("Invalid function record");
        let ret = typeOf(bs.ops.get(first));
        if (ret < 0) return bad("Invalid function record: return type");
        br.tyScratch.clear();
        for (let i = first + 1; i < n; i++) {
          let p = typeOf(bs.ops.get(i));
          if (p < 0) return bad("Invalid function record: parameter type");
          // FunctionType::isValidArgumentType: a first-class type (not void, not a function)
          if (p == T_VOID || <i32>tyKind.get(p) == TK.Function) return bad("Invalid function argument type");
          br.tyScratch.push(p);
        }
        t = functionType(ret, br.tyScratch, 0, br.tyScratch.len, bs.ops.get(0) != 0); break;
      }
      case ARRAY: case VECTOR: {
        if (n < 2) return bad(code == ARRAY ? "Invalid array type record" : "Invalid vector type record");
        let el = typeOf(bs.ops.get(1));
        if (el < 0) return bad("Invalid type: element type id");
        let cnt = bs.ops.get(0);
        // ArrayType / VectorType::isValidElementType
        let ek = <i32>tyKind.get(el);
        if (code == VECTOR) {
          if (cnt == 0 || cnt > 0xffffffff) return bad("Invalid vector length");
          if (!(ek == TK.Int || ek == TK.Ptr || (ek >= TK.Half && ek <= TK.PPCFP128))) return bad("Invalid type");
          t = vectorType(el, cnt, n > 2 && bs.ops.get(2) != 0);
        } else {
          if (ek == TK.Void || ek == TK.Label || ek == TK.Metadata || ek == TK.Function || ek == TK.Token || ek == TK.X86AMX) return bad("Invalid type");
          t = arrayType(el, cnt);
        }
        break;
      }
      case STRUCT_ANON: {
        if (n < 1) return bad("Invalid struct record");
        br.tyScratch.clear();
        for (let i = 1; i < n; i++) { let m = memberAt(bs.ops.get(i)); if (m < 0) return bad("Invalid struct record: element type"); br.tyScratch.push(m); }
        t = structType(br.tyScratch, 0, br.tyScratch.len, bs.ops.get(0) != 0); break;
      }
      case STRUCT_NAMED: case OPAQUE: {
        if (code == STRUCT_NAMED && n < 1) return bad("Invalid named struct record");
        t = br.typeList.get(next);
        if (t < 0) t = newNamedStruct(-1, 0);
        else if (br.typeIsFwd.get(next) == 0) return bad("Invalid named struct record: type defined twice");
        br.typeIsFwd.set(next, 0);
        if (name >= 0) { setStructName(t, name); } else { setStructNumber(t, br.unnamedStructs++); }
        name = -1;
        namedTypeOrder.push(t);
        if (code == OPAQUE) { setStructOpaque(t); break; }
        br.tyScratch.clear();
        for (let i = 1; i < n; i++) {
          let m = memberAt(bs.ops.get(i));
          if (m < 0) return bad("Invalid named struct record: element type");
          br.tyScratch.push(m);
        }
        setStructBody(t, br.tyScratch, 0, br.tyScratch.len, bs.ops.get(0) != 0);
        break;
      }
      case TARGET_TYPE: {
        if (n < 1) return bad("Invalid target extension type record");
        if (name < 0) return bad("Target extension type without a name");
        let nt = bs.ops.get(0);
        if (nt < 0 || nt > <i64>(n - 1)) return bad("Invalid target extension type record");
        br.tyScratch.clear();
        for (let i = 1; i <= <i32>nt; i++) { let p = typeOf(bs.ops.get(i)); if (p < 0) return bad("Invalid target extension type record"); br.tyScratch.push(p); }
        for (let i = 1 + <i32>nt; i < n; i++) {
          let v = bs.ops.get(i);
          if (v < 0 || v > 0xffffffff) return bad("Invalid target extension type record");
          br.tyScratch.push(<i32>v);
        }
        t = internType(TK.TargetExt, name, nt, 0, br.tyScratch.ptr, br.tyScratch.len);
        name = -1;
        break;
      }
      default: return bad("Invalid type record: unknown code " + code.toString());
    }
    let prev = br.typeList.get(next);
    if (prev >= 0 && prev != t) return bad("Invalid TYPE table: an entry defined twice");
    br.typeList.set(next, t);
    next++;
  }
  for (let i = 0; i < br.typeList.len; i++) {
    if (br.typeIsFwd.get(i) != 0) return bad("Invalid TYPE table: a struct used but never defined");
  }
  if (firstTooDeep(typeDepths()) >= 0) return bad("Invalid TYPE table: types nested too deeply (limit " + MAX_NESTING.toString() + ")");
  return true;
}

function setStructName(t: i32, name: i32): void { tyA.set(t, name); tyN.set(t, 0); }
function setStructNumber(t: i32, n: i64): void { tyA.set(t, -1); tyN.set(t, n); }

// The record's operands from `from` on as bytes, interned.
export function stringOf(from: i32): i32 {
  let n = bs.ops.len - from;
  if (n <= 0) return strtab.internStr("");
  let buf = heapBytes(n);
  for (let i = 0; i < n; i++) store<u8>(buf + <usize>i, <u8>bs.ops.get(from + i));
  return strtab.intern(buf, n);
}
export function heapBytes(n: i32): usize {
  if (n > br.tmpCap) { br.tmpCap = n < 256 ? 256 : n * 2; br.tyTmp = heap.alloc(<usize>br.tmpCap); }
  return br.tyTmp;
}
