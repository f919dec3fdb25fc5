// METADATA_BLOCK (module level and in function bodies), METADATA_KIND_BLOCK and
// METADATA_ATTACHMENT. Metadata ids count every metadata record in order (strings first, from the
// METADATA_STRINGS blob); a node naming a later id gets a forward node that the later record
// fills in (the text parser's `!N` forward references work the same way).
// Read: strings, tuples (distinct or not), values, named metadata, kinds, attachments of
// instructions, functions and globals, DILocation (distinct too), DIExpression, DIArgList, and the
// debug-info nodes (read-debuginfo.ts). Not read yet: GenericDINode, DIExpression before version 3,
// version 0 DIGlobalVariable: their records stop the read with a clear error.
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
import { instList, localValue } from "./read-function";
import { vType } from "../ir/values";
import { readDINode, resetReadDebugInfo, locationNode, noteExprConst } from "./read-debuginfo";
import { llvmVersion } from "../ir/version";
import { OP_CODES_19, OP_NAMES_19, OP_ARGS_19, OP_CODES_22, OP_NAMES_22, OP_ARGS_22, ATE_CODES, ATE_NAMES_19, ATE_NAMES_22 } from "./dwarf-names";

const STRING_OLD = 1, VALUE = 2, NODE = 3, NAME = 4, DISTINCT_NODE = 5, KIND = 6, LOCATION = 7,
  NAMED_NODE = 10, EXPRESSION = 29, STRINGS = 35, GLOBAL_DECL_ATTACHMENT = 36, INDEX_OFFSET = 38, INDEX = 39,
  ARG_LIST = 46, ATTACHMENT = 11;

let pendingName: i32 = -1;
let stack: I32Vec = new I32Vec(64);
export function resetReadMetadata(): void { pendingName = -1; stack = new I32Vec(64); nextMD = 0; attachFn = -1; resetReadDebugInfo(); }

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
function define(m: i32): bool { return defineNode(m) >= 0; }
// As define; returns the node that now stands for the id (the forward node m was copied into), or
// -1 after an error.
export function defineNode(m: i32): i32 {
  let k = nextMD++;
  if (k >= mdList.len) mdList.resize(k + 1, -1);
  let f = mdList.get(k);
  if (f >= 0 && f != m) {
    if (<i32>mdKind.get(f) != MK.Forward) return badI("Invalid metadata: id defined twice");
    // the forward node becomes this node: copy it in place
    mdKind.set(f, mdKind.get(m)); mdFlags.set(f, mdFlags.get(m)); mdA.set(f, mdA.get(m));
    mdOps.set(f, mdOps.get(m)); mdNOps.set(f, mdNOps.get(m));
    return f;
  }
  mdList.set(k, m);
  return m;
}

let inFunction = false;
export function readMetadataBlock(module: bool): bool {
  if (!enterBlock()) return false;
  inFunction = !module;
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
      let v = -1;
      if (id >= <i64>moduleValues && inFunction) { v = localValue(id, t); if (v < 0) return false; }
      else {
        if (id < 0 || id >= <i64>valueList.len) return bad("Invalid value metadata record: value id");
        v = valueList.get(<i32>id);
        if (v < 0 && valueCst.get(<i32>id) >= 0) v = getConstant(id);
        if (v < 0) return bad("Invalid value metadata record: value id");
        if (vType.get(v) != t) return bad("Invalid value metadata record: the value has another type");
      }
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
      if (n != 5 && n != 6 && n != 8) return bad("Invalid record");
      let scope = mdAt(ops.get(3)); if (scope < 0) return false;
      let ia = mdOrNull(ops.get(4)); if (ia == -2) return false;
      let implicit = n > 5 && ops.get(5) != 0;
      let group: u64 = n == 8 ? <u64>ops.get(6) : 0, rank: u64 = n == 8 ? <u64>ops.get(7) & 0xff : 0;
      let distinct = (ops.get(0) & 1) != 0;
      let line = <u64>ops.get(1) & 0xffffffff, col = <u64>ops.get(2) & 0xffff;
      let m = distinct || group != 0 || rank != 0 ? locationNode(line, col, scope, ia, implicit, group, rank, distinct)
        : getLocation(<i64>line, <i64>col, scope, ia, implicit);
      return define(m);
    }
    case EXPRESSION: return readExpression();
    case ARG_LIST: {
      // [n x metadata id], each a value as metadata already read
      let base = stack.len;
      for (let i = 0; i < n; i++) {
        let id = ops.get(i);
        if (id < 0 || id >= <i64>mdList.len || mdList.get(<i32>id) < 0) { stack.len = base; return bad("Invalid record: DIArgList should not contain forward refs"); }
        let x = mdList.get(<i32>id);
        if (<i32>mdKind.get(x) != MK.Value) { stack.len = base; return bad("Invalid record: DIArgList operand is not a value"); }
        stack.push(x);
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
    case 8: case 9: return bad("Invalid record: pre-LLVM-3.6 metadata (OLD_NODE) is not read yet");
    default:
      if (code >= 12 && code <= 49 && code != 42 && code != 43) return readDINode(code);
      return bad("Invalid record: unknown metadata record code " + code.toString());
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

// DIExpression [version | distinct, elements...] as the text the arena keeps (MK.Expr's mdA), in
// opt's form: operator names with their arguments, `DW_OP_LLVM_convert`'s encoding by name; an
// expression opt would not accept (an unknown operator, missing arguments, a fragment that is not
// last, a stack value before anything but a fragment) prints as its numbers, as opt prints it.
function opIndex(codes: i32[], c: i64): i32 {
  let lo = 0, hi = codes.length - 1;
  while (lo <= hi) {
    let mid = (lo + hi) >> 1;
    let x = <i64>codes[mid];
    if (x == c) return mid;
    if (x < c) lo = mid + 1; else hi = mid - 1;
  }
  return -1;
}
function exprValid(codes: i32[], args: u8[]): bool {
  let n = ops.len;
  let i = 1;
  while (i < n) {
    let c = ops.get(i);
    let k = opIndex(codes, c);
    if (k < 0) return false;
    let next = i + 1 + <i32>args[k];
    if (next > n) return false;
    if (c == 0x1000 && next != n) return false;                          // fragment: last
    if (c == 0x9f && next != n && !(ops.get(next) == 0x1000 && next + 3 == n)) return false;  // stack value
    i = next;
  }
  return true;
}
function readExpression(): bool {
  let n = ops.len;
  if (n < 1) return bad("Invalid record");
  let version = ops.get(0) >> 1;
  if (version < 3) return bad("Invalid record: DIExpression version " + version.toString() + " is not read yet");
  let v22 = llvmVersion >= 22;
  let codes = v22 ? OP_CODES_22 : OP_CODES_19, names = v22 ? OP_NAMES_22 : OP_NAMES_19, args = v22 ? OP_ARGS_22 : OP_ARGS_19;
  let t = "";
  if (exprValid(codes, args)) {
    let i = 1;
    while (i < n) {
      let c = ops.get(i++);
      let k = opIndex(codes, c);
      if (t.length > 0) t += ", ";
      t += names[k];
      for (let j = 0; j < <i32>args[k]; j++) {
        let x = ops.get(i++);
        if (c == 0x1001 && j == 1) t += ", " + ateName(x);
        else t += ", " + (<u64>x).toString();
      }
    }
  } else {
    for (let i = 1; i < n; i++) { if (i > 1) t += ", "; t += (<u64>ops.get(i)).toString(); }
  }
  let m = newMD(MK.Expr, strtab.internStr(t));
  if ((ops.get(0) & 1) != 0) mdFlags.set(m, <u8>MDF_DISTINCT);
  let d = defineNode(m);
  if (d < 0) return false;
  // DW_OP_consts N [DW_OP_stack_value]: a signed constant (DIGenericSubrange bounds print it)
  if (n >= 3 && ops.get(1) == 0x11 && (n == 3 || (n == 4 && ops.get(3) == 0x9f))) noteExprConst(d, ops.get(2));
  return true;
}
function ateName(x: i64): string {
  let k = opIndex(ATE_CODES, x);
  if (k < 0) return "";
  return llvmVersion >= 22 ? ATE_NAMES_22[k] : ATE_NAMES_19[k];
}
