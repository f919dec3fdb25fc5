// METADATA_BLOCK (module level and in function bodies), METADATA_KIND_BLOCK and
// METADATA_ATTACHMENT. Metadata ids count every metadata record in order (strings first, from the
// METADATA_STRINGS blob); a node naming a later id gets a forward node that the later record
// fills in (the text parser's `!N` forward references work the same way).
// Read so far: strings, tuples (distinct or not), values, named metadata, kinds, attachments of
// instructions, functions and globals, DILocation, DIExpression (common operators), DIArgList.
// The other debug-info nodes are not read yet: their records stop the read with a clear error.
import { I32Vec } from "../util/vec";
import { strtab } from "../ir/module";
import { T_METADATA, T_VOID } from "../ir/types";
import { vKind, VK, vA } from "../ir/values";
import { gMD } from "../ir/globals";
import {
  MK, MDF_DISTINCT, newMD, mdKind, mdFlags, mdA, mdOps, mdNOps, mdPool, nmdName, nmdOps, nmdNOps, nmdPool,
  attachmentKind, addAttachment,
} from "../ir/metadata";
import { iMD } from "../ir/values";
import { getLocation } from "../ir/debuginfo";
import { rd } from "../text/reader";
import { mdForValueId } from "../text/parse-meta";
import {
  advance, enterBlock, skipBlock, readRecord, ops, entryAbbrev, bsFailed, blobPtr, blobLen, ENTRY_END, ENTRY_BLOCK, ENTRY_ERROR,
} from "./bitstream";
import { mdList, mdKindMap, valueList, valueCst, bad, badI, moduleValues, moduleMDs } from "./read-state";
import { typeOf } from "./read-types";
import { getConstant } from "./read-constants";
import { instList } from "./read-function";

const STRING_OLD = 1, VALUE = 2, NODE = 3, NAME = 4, DISTINCT_NODE = 5, KIND = 6, LOCATION = 7,
  NAMED_NODE = 10, EXPRESSION = 29, STRINGS = 35, GLOBAL_DECL_ATTACHMENT = 36, INDEX_OFFSET = 38, INDEX = 39,
  ARG_LIST = 46, ATTACHMENT = 11;

let pendingName: i32 = -1;
let stack: I32Vec = new I32Vec(64);
export function resetReadMetadata(): void { pendingName = -1; stack = new I32Vec(64); nextMD = 0; attachFn = -1; }

// The arena node of metadata id `id`; a forward node when it is not read yet (-1 on error).
export function mdAt(id: i64): i32 {
  if (id < 0 || id > <i64>mdList.len + (1 << 20)) return badI("Invalid metadata id " + id.toString());
  let k = <i32>id;
  if (k >= mdList.len) mdList.resize(k + 1, -1);
  let m = mdList.get(k);
  if (m >= 0) return m;
  m = newMD(MK.Forward, -1);
  mdList.set(k, m);
  return m;
}
// As mdAt for an operand that may be null (encoded id + 1; 0 is null): -1 for null, -2 on error.
export function mdOrNull(idPlus1: i64): i32 {
  if (idPlus1 == 0) return -1;
  let m = mdAt(idPlus1 - 1);
  return m < 0 ? -2 : m;
}
export function mdForValue(v: i32): i32 { return mdForValueId(v); }
function mdForString(s: i32): i32 {
  let memo = rd.mdForString;
  memo.fit(s + 1, -1);
  let m = memo.get(s);
  if (m >= 0) return m;
  m = newMD(MK.String, s);
  memo.set(s, m);
  return m;
}

// Defines the next metadata id as node m (taking over a forward node for that id).
export let nextMD: i32 = 0;
function define(m: i32): bool {
  let k = nextMD++;
  if (k >= mdList.len) mdList.resize(k + 1, -1);
  let f = mdList.get(k);
  if (f >= 0 && f != m) {
    if (<i32>mdKind.get(f) != MK.Forward) return bad("Invalid metadata: id defined twice");
    // the forward node becomes this node: copy it in place
    mdKind.set(f, mdKind.get(m)); mdFlags.set(f, mdFlags.get(m)); mdA.set(f, mdA.get(m));
    mdOps.set(f, mdOps.get(m)); mdNOps.set(f, mdNOps.get(m));
    return true;
  }
  mdList.set(k, m);
  return true;
}

export function readMetadataBlock(module: bool): bool {
  if (!enterBlock()) return false;
  if (!module) nextMD = moduleMDs;
  while (true) {
    let e = advance();
    if (e == ENTRY_ERROR) return false;
    if (e == ENTRY_END) break;
    if (e == ENTRY_BLOCK) { if (!skipBlock()) return false; continue; }
    let code = readRecord(entryAbbrev);
    if (bsFailed()) return false;
    if (!readMDRecord(<i32>code)) { if (!bsFailed()) bad("Invalid metadata record"); return false; }
  }
  return true;
}
export function definedMDs(): i32 { return nextMD; }

function readMDRecord(code: i32): bool {
  let n = ops.len;
  switch (code) {
    case STRINGS: {
      if (n < 2 || blobLen < 0) return bad("Invalid record: metadata strings layout");
      let count = ops.get(0), off = ops.get(1);
      if (count < 0 || off < 0 || off > <i64>blobLen || count > <i64>blobLen * 8) return bad("Invalid record: metadata strings layout");
      // the lengths are VBR6 numbers in a bitstream at the blob's start; the bytes follow at `off`
      let bit: u64 = 0, limit = <u64>off << 3;
      let at = <i64>off;
      for (let i: i64 = 0; i < count; i++) {
        let len: u64 = 0, shift: u64 = 0;
        while (true) {
          if (bit + 6 > limit) return bad("Invalid record: metadata strings lengths");
          let w = (<u64>load<u8>(blobPtr + <usize>(bit >> 3)) | (<u64>load<u8>(blobPtr + <usize>(bit >> 3) + 1) << 8)) >> (bit & 7);
          let piece = w & 63;
          bit += 6;
          len |= (piece & 31) << shift;
          shift += 5;
          if ((piece & 32) == 0) break;
          if (shift > 35) return bad("Invalid record: metadata strings lengths");
        }
        if (<u64>at + len > <u64>blobLen) return bad("Invalid record: metadata strings past the blob");
        let s = strtab.intern(blobPtr + <usize>at, <i32>len);
        at += <i64>len;
        if (!define(mdForString(s))) return false;
      }
      return true;
    }
    case STRING_OLD: {
      let p = heap.alloc(<usize>(n > 0 ? n : 1));
      for (let i = 0; i < n; i++) store<u8>(p + <usize>i, <u8>ops.get(i));
      let s = strtab.intern(p, n);
      heap.free(p);
      return define(mdForString(s));
    }
    case VALUE: {
      if (n != 2) return bad("Invalid value metadata record");
      let t = typeOf(ops.get(0));
      if (t < 0 || t == T_METADATA || t == T_VOID) return bad("Invalid value metadata record");
      let id = ops.get(1);
      if (id < 0 || id >= <i64>valueList.len) return bad("Invalid value metadata record: value id");
      let v = valueList.get(<i32>id);
      if (v < 0 && valueCst.get(<i32>id) >= 0) v = getConstant(id);
      if (v < 0) return bad("Invalid value metadata record: value id");
      return define(mdForValueId(v));
    }
    case NODE: case DISTINCT_NODE: {
      let base = stack.len;
      for (let i = 0; i < n; i++) {
        let x = mdOrNull(ops.get(i));
        if (x == -2) { stack.len = base; return false; }
        stack.push(x);
      }
      let m = newMD(MK.Tuple, -1);
      for (let i = base; i < stack.len; i++) mdPool.push(stack.get(i));
      mdNOps.set(m, stack.len - base);
      stack.len = base;
      if (code == DISTINCT_NODE) mdFlags.set(m, <u8>MDF_DISTINCT);
      return define(m);
    }
    case NAME: {
      let p = heap.alloc(<usize>(n > 0 ? n : 1));
      for (let i = 0; i < n; i++) store<u8>(p + <usize>i, <u8>ops.get(i));
      pendingName = strtab.intern(p, n);
      heap.free(p);
      return true;
    }
    case NAMED_NODE: {
      if (pendingName < 0) return bad("Invalid named metadata: no name");
      let base = stack.len;
      for (let i = 0; i < n; i++) { let x = mdAt(ops.get(i)); if (x < 0) { stack.len = base; return false; } stack.push(x); }
      let idx = -1;
      for (let i = 0; i < nmdName.len; i++) if (nmdName.get(i) == pendingName) { idx = i; break; }
      if (idx < 0) { nmdName.push(pendingName); nmdOps.push(nmdPool.len); nmdNOps.push(0); idx = nmdName.len - 1; }
      let s = nmdPool.len;
      for (let j = 0, cnt = nmdNOps.get(idx); j < cnt; j++) nmdPool.push(nmdPool.get(nmdOps.get(idx) + j));
      for (let j = base; j < stack.len; j++) nmdPool.push(stack.get(j));
      nmdOps.set(idx, s); nmdNOps.set(idx, nmdPool.len - s);
      stack.len = base;
      pendingName = -1;
      return true;
    }
    case KIND: return readKind();
    case LOCATION: {
      if (n < 5) return bad("Invalid record");
      let scope = mdAt(ops.get(3)); if (scope < 0) return false;
      let ia = mdOrNull(ops.get(4)); if (ia == -2) return false;
      let m = getLocation(ops.get(1) & 0xffffffff, ops.get(2) & 0xffff, scope, ia, n > 5 && ops.get(5) != 0);
      if ((ops.get(0) & 1) != 0) return bad("Invalid record: a distinct DILocation is not read yet");
      return define(m);
    }
    case EXPRESSION: return readExpression();
    case ARG_LIST: {
      let base = stack.len;
      for (let i = 0; i + 1 < n; i += 2) {
        let t = typeOf(ops.get(i));
        let id = ops.get(i + 1);
        if (t < 0 || id < 0 || id >= <i64>valueList.len) { stack.len = base; return bad("Invalid record: DIArgList value"); }
        let v = valueList.get(<i32>id);
        if (v < 0 && valueCst.get(<i32>id) >= 0) v = getConstant(id);
        if (v < 0) { stack.len = base; return bad("Invalid record: DIArgList value"); }
        stack.push(mdForValueId(v));
      }
      let m = newMD(MK.ArgList, -1);
      for (let i = base; i < stack.len; i++) mdPool.push(stack.get(i));
      mdNOps.set(m, stack.len - base);
      stack.len = base;
      return define(m);
    }
    case GLOBAL_DECL_ATTACHMENT: {
      if ((n & 1) == 0) return bad("Invalid record: global attachment");
      let id = ops.get(0);
      if (id < 0 || id >= <i64>moduleValues) return bad("Invalid record: global attachment value id");
      let v = valueList.get(<i32>id);
      if (v < 0 || !(<i32>vKind.get(v) >= VK.GlobalVar && <i32>vKind.get(v) <= VK.IFunc)) return bad("Invalid record: global attachment value id");
      let g = vA.get(v);
      for (let i = 1; i + 1 < n; i += 2) {
        let kind = kindAt(ops.get(i)); if (kind < 0) return false;
        let m = mdAt(ops.get(i + 1)); if (m < 0) return false;
        gMD.set(g, addAttachment(gMD.get(g), kind, m, true));
      }
      return true;
    }
    case INDEX_OFFSET: case INDEX: return true;
    default:
      return bad("Invalid record: metadata record " + code.toString() + " (a debug-info node) is not read yet");
  }
}

function kindAt(k: i64): i32 {
  if (k < 0 || k >= <i64>mdKindMap.len || mdKindMap.get(<i32>k) < 0) return badI("Invalid metadata kind ID " + k.toString());
  return mdKindMap.get(<i32>k);
}

function readKind(): bool {
  let n = ops.len;
  if (n < 2) return bad("Invalid record: metadata kind");
  let id = ops.get(0);
  if (id < 0 || id > 0xffff) return bad("Invalid record: metadata kind");
  let p = heap.alloc(<usize>(n - 1));
  for (let i = 1; i < n; i++) store<u8>(p + <usize>(i - 1), <u8>ops.get(i));
  let s = strtab.intern(p, n - 1);
  heap.free(p);
  let k = <i32>id;
  if (k >= mdKindMap.len) mdKindMap.resize(k + 1, -1);
  mdKindMap.set(k, attachmentKind(s));
  return true;
}

export function readKindBlock(): bool {
  if (!enterBlock()) return false;
  while (true) {
    let e = advance();
    if (e == ENTRY_ERROR) return false;
    if (e == ENTRY_END) return true;
    if (e == ENTRY_BLOCK) { if (!skipBlock()) return false; continue; }
    let code = readRecord(entryAbbrev);
    if (bsFailed()) return false;
    if (code == KIND && !readKind()) return false;
  }
}

// METADATA_ATTACHMENT in a function: [inst index, (kind, md)*] or the function's own [(kind, md)*].
import { gMD as gMDCol } from "../ir/globals";
let attachFn: i32 = -1;
export function setAttachmentFunction(g: i32): void { attachFn = g; }
export function readAttachmentBlock(inFunction: bool): bool {
  if (!enterBlock()) return false;
  while (true) {
    let e = advance();
    if (e == ENTRY_ERROR) return false;
    if (e == ENTRY_END) return true;
    if (e == ENTRY_BLOCK) { if (!skipBlock()) return false; continue; }
    let code = readRecord(entryAbbrev);
    if (bsFailed()) return false;
    if (code != ATTACHMENT) continue;
    let n = ops.len;
    if ((n & 1) == 0) {
      if (attachFn < 0) return bad("Invalid metadata attachment");
      for (let i = 0; i + 1 < n; i += 2) {
        let kind = kindAt(ops.get(i)); if (kind < 0) return false;
        let m = mdAt(ops.get(i + 1)); if (m < 0) return false;
        gMDCol.set(attachFn, addAttachment(gMDCol.get(attachFn), kind, m, true));
      }
      continue;
    }
    let idx = ops.get(0);
    if (idx < 0 || idx >= <i64>instList.len) return bad("Invalid metadata attachment: instruction id " + idx.toString());
    let inst = instList.get(<i32>idx);
    for (let i = 1; i + 1 < n; i += 2) {
      let kind = kindAt(ops.get(i)); if (kind < 0) return false;
      let m = mdAt(ops.get(i + 1)); if (m < 0) return false;
      iMD.set(inst, addAttachment(iMD.get(inst), kind, m));
    }
  }
}

// DIExpression [version | distinct, elements...] as the text the arena keeps (MK.Expr's mdA).
const OP_CODES: i32[] = [0x06, 0x10, 0x11, 0x12, 0x16, 0x18, 0x1a, 0x1b, 0x1c, 0x1e, 0x1f, 0x20, 0x21, 0x22, 0x23,
  0x24, 0x25, 0x26, 0x27, 0x94, 0x97, 0x9f, 0x14, 0x90, 0x92, 0x91, 0x1000, 0x1001, 0x1002, 0x1003, 0x1004,
  0x1005, 0x1006, 0x1007, 0x95, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x15, 0x96];
const OP_NAMES: string[] = ["DW_OP_deref", "DW_OP_constu", "DW_OP_consts", "DW_OP_dup", "DW_OP_swap", "DW_OP_xderef",
  "DW_OP_and", "DW_OP_div", "DW_OP_minus", "DW_OP_mul", "DW_OP_neg", "DW_OP_not", "DW_OP_or", "DW_OP_plus",
  "DW_OP_plus_uconst", "DW_OP_shl", "DW_OP_shr", "DW_OP_shra", "DW_OP_xor", "DW_OP_deref_size",
  "DW_OP_push_object_address", "DW_OP_stack_value", "DW_OP_over", "DW_OP_regx", "DW_OP_bregx", "DW_OP_fbreg",
  "DW_OP_LLVM_fragment", "DW_OP_LLVM_convert", "DW_OP_LLVM_tag_offset", "DW_OP_LLVM_entry_value",
  "DW_OP_LLVM_implicit_pointer", "DW_OP_LLVM_arg", "DW_OP_LLVM_extract_bits_sext", "DW_OP_LLVM_extract_bits_zext",
  "DW_OP_xderef_size", "DW_OP_eq", "DW_OP_ge", "DW_OP_gt", "DW_OP_le", "DW_OP_lt", "DW_OP_ne", "DW_OP_pick", "DW_OP_nop"];
const OP_ARGS: i32[] = [0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 2, 1, 2, 2, 1, 1, 0, 1, 2, 2, 1, 0, 0, 0, 0, 0, 0, 1, 0];
const ATE_NAMES: string[] = ["", "DW_ATE_address", "DW_ATE_boolean", "DW_ATE_complex_float", "DW_ATE_float", "DW_ATE_signed",
  "DW_ATE_signed_char", "DW_ATE_unsigned", "DW_ATE_unsigned_char"];
function readExpression(): bool {
  let n = ops.len;
  if (n < 1) return bad("Invalid record");
  let version = ops.get(0) >> 1;
  if (version < 3) return bad("Invalid record: DIExpression version " + version.toString() + " is not read yet");
  let t = "";
  let i = 1;
  while (i < n) {
    let c = ops.get(i++);
    let name = "", args = 0;
    if (c >= 0x30 && c <= 0x4f) name = "DW_OP_lit" + (c - 0x30).toString();
    else if (c >= 0x50 && c <= 0x6f) name = "DW_OP_reg" + (c - 0x50).toString();
    else if (c >= 0x70 && c <= 0x8f) { name = "DW_OP_breg" + (c - 0x70).toString(); args = 1; }
    else {
      let k = OP_CODES.indexOf(<i32>c);
      if (k < 0) return bad("Invalid record: DIExpression operator " + c.toString() + " is not read yet");
      name = OP_NAMES[k]; args = OP_ARGS[k];
    }
    if (t.length > 0) t += ", ";
    t += name;
    for (let j = 0; j < args; j++) {
      if (i >= n) return bad("Invalid record: DIExpression operands");
      let x = ops.get(i++);
      if (c == 0x1001 && j == 1 && x >= 0 && x < ATE_NAMES.length && x > 0) t += ", " + ATE_NAMES[<i32>x];
      else t += ", " + (<u64>x).toString();
    }
  }
  let m = newMD(MK.Expr, strtab.internStr(t));
  if ((ops.get(0) & 1) != 0) mdFlags.set(m, <u8>MDF_DISTINCT);
  return define(m);
}
