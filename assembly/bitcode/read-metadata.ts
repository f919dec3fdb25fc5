// METADATA_BLOCK (module level and in function bodies), METADATA_KIND_BLOCK and
// METADATA_ATTACHMENT. Metadata ids count every metadata record in order (strings first, from the
// METADATA_STRINGS blob); a node naming a later id gets a forward node that the later record
// fills in (the text parser's `!N` forward references work the same way).
// Read: strings, tuples (distinct or not), values, named metadata, kinds, attachments of
// instructions, functions and globals, DILocation (distinct too), DIExpression (older versions
// upgraded), DIArgList, the pre-3.6 OLD_NODE / OLD_FN_NODE, and the debug-info nodes
// (read-debuginfo.ts, GenericDINode included); a record code LLVM does not know is passed over, as
// its loader does.
import { I32Vec, I64Vec } from "../util/vec";
import { GK, gKind, gFirstBlock, globalCount } from "../ir/globals";
import { iNext, iDbg } from "../ir/values";
import { DR, drKind, drOps, drNOps, drNext, drPool } from "../ir/metadata";
import { strtab, strtabString } from "../ir/module";
import { T_METADATA, T_VOID } from "../ir/types";
import { vKind, VK, vA } from "../ir/values";
import { gMD } from "../ir/globals";
import {
  MK, MDF_DISTINCT, newMD, mdKind, mdFlags, mdA, mdOps, mdNOps, mdPool, nmdName, nmdOps, nmdNOps, nmdPool,
  attachmentKind, addAttachment,
} from "../ir/metadata";
import { iMD } from "../ir/values";
import { getLocation } from "../ir/debuginfo";
import { mdForValueId, mdForStringId } from "../ir/module-reading";
import {
  bs, advance, enterBlock, skipBlock, readRecord, bsFailed, ENTRY_END, ENTRY_BLOCK, ENTRY_ERROR, nextRecord, REC_END } from "./bitstream";
import { br, bad, badI, failed } from "./read-state";
import { typeOf } from "./read-types";
import { getConstant } from "./read-constants";
import { localValue, valueById } from "./read-values";
import { mdAt, mdOrNull, defineNode } from "./read-refs";
import { vType } from "../ir/values";
import { readDINode, locationNode, noteExprConst } from "./read-debuginfo";
import { llvmVersion } from "../ir/version";
import { OP_CODES_19, OP_NAMES_19, OP_ARGS_19, OP_CODES_22, OP_NAMES_22, OP_ARGS_22, ATE_CODES, ATE_NAMES_19, ATE_NAMES_22 } from "../ir/dwarf-names";
import { gMD as gMDCol } from "../ir/globals";

const STRING_OLD = 1, VALUE = 2, NODE = 3, NAME = 4, DISTINCT_NODE = 5, KIND = 6, LOCATION = 7, OLD_NODE = 8, OLD_FN_NODE = 9,
  NAMED_NODE = 10, EXPRESSION = 29, STRINGS = 35, GLOBAL_DECL_ATTACHMENT = 36, INDEX_OFFSET = 38, INDEX = 39,
  ARG_LIST = 46, ATTACHMENT = 11;

// A new node of kind `kind` whose operands are the stack's entries from `base` (taken off it).
function nodeFromStack(kind: MK, base: i32): i32 {
  let m = newMD(kind, -1);
  for (let i = base; i < br.mdStack.len; i++) mdPool.push(br.mdStack.get(i));
  mdNOps.set(m, br.mdStack.len - base);
  br.mdStack.len = base;
  return m;
}

// Metadata named by id before its record that no record defined, at the end of a function body
// (its local ids go then) or of the module: an error (opt-22 crashes printing such a module; the
// node would print as itself).
export function checkMetadataDone(): bool {
  for (let k = 0; k < br.mdList.len; k++) {
    let m = br.mdList.get(k);
    if (m >= 0 && <i32>mdKind.get(m) == MK.Forward) return bad("Invalid metadata: a reference to metadata id " + k.toString() + " that is never defined");
  }
  return true;
}
export function mdForValue(v: i32): i32 { return mdForValueId(v); }

// Defines the next metadata id as node m (taking over a forward node for that id).
function define(m: i32): bool { return defineNode(m) >= 0; }


export function readMetadataBlock(module: bool): bool {
  if (!enterBlock()) return false;
  br.inFunction = !module;
  if (!module) br.nextMD = br.moduleMDs;
  while (true) {
    let e = advance();
    if (e == ENTRY_ERROR) return false;
    if (e == ENTRY_END) break;
    if (e == ENTRY_BLOCK) { if (!skipBlock()) return false; continue; }
    let code = readRecord(bs.entryAbbrev);
    if (bsFailed()) return false;
    if (!readMDRecord(<i32>code)) { if (!bsFailed()) bad("Invalid metadata record"); return false; }
  }
  return true;
}
export function definedMDs(): i32 { return br.nextMD; }

function readMDRecord(code: i32): bool {
  let n = bs.ops.len;
  switch (code) {
    case STRINGS: {
      if (n < 2 || bs.blobLen < 0) return bad("Invalid record: metadata strings layout");
      let count = bs.ops.get(0), off = bs.ops.get(1);
      if (count < 0 || off < 0 || off > <i64>bs.blobLen || count > <i64>bs.blobLen * 8) return bad("Invalid record: metadata strings layout");
      // the lengths are VBR6 numbers in a bitstream at the blob's start; the bytes follow at `off`
      let bit: u64 = 0, limit = <u64>off << 3;
      let at = <i64>off;
      for (let i: i64 = 0; i < count; i++) {
        let len: u64 = 0, shift: u64 = 0;
        while (true) {
          if (bit + 6 > limit) return bad("Invalid record: metadata strings lengths");
          let w = (<u64>load<u8>(bs.blobPtr + <usize>(bit >> 3)) | (<u64>load<u8>(bs.blobPtr + <usize>(bit >> 3) + 1) << 8)) >> (bit & 7);
          let piece = w & 63;
          bit += 6;
          len |= (piece & 31) << shift;
          shift += 5;
          if ((piece & 32) == 0) break;
          if (shift > 35) return bad("Invalid record: metadata strings lengths");
        }
        if (<u64>at + len > <u64>bs.blobLen) return bad("Invalid record: metadata strings past the blob");
        let s = strtab.intern(bs.blobPtr + <usize>at, <i32>len);
        at += <i64>len;
        if (!define(mdForStringId(s))) return false;
      }
      return true;
    }
    case STRING_OLD: {
      let p = heap.alloc(n > 0 ? <usize>(n) : 1);
      for (let i = 0; i < n; i++) store<u8>(p + <usize>i, <u8>bs.ops.get(i));
      let s = strtab.intern(p, n);
      heap.free(p);
      return define(mdForStringId(s));
    }
    case VALUE: {
      if (n != 2) return bad("Invalid value metadata record");
      let t = typeOf(bs.ops.get(0));
      if (t < 0 || t == T_METADATA || t == T_VOID) return bad("Invalid value metadata record");
      let v = valueForMD(bs.ops.get(1), t, true);
      if (v < 0) return false;
      return define(mdForValueId(v));
    }
    case OLD_NODE: {
      // before LLVM 3.6: a tuple of (type, operand) pairs; a metadata operand is a metadata id (not
      // id + 1), a void one is null, any other a constant of that type
      if ((n & 1) != 0) return bad("Invalid record: old metadata node");
      let base = br.mdStack.len;
      for (let i = 0; i < n; i += 2) {
        let t = typeOf(bs.ops.get(i));
        let x = -1;
        if (t < 0) { br.mdStack.len = base; return bad("Invalid record: old metadata node type"); }
        if (t == T_METADATA) x = mdAt(bs.ops.get(i + 1));
        else if (t != T_VOID) { let v = valueForMD(bs.ops.get(i + 1), t, false); x = v < 0 ? -1 : mdForValueId(v); if (v < 0) { br.mdStack.len = base; return false; } }
        if (t == T_METADATA && x < 0) { br.mdStack.len = base; return false; }
        br.mdStack.push(x);
      }
      let m = nodeFromStack(MK.Tuple, base);
      return define(m);
    }
    case OLD_FN_NODE: {
      // before LLVM 3.6: a function-local value as metadata; any other shape becomes !{}, as LLVM
      // drops it
      if ((n & 1) != 0) return bad("Invalid record: old function metadata node");
      let t = n == 2 ? typeOf(bs.ops.get(0)) : -1;
      if (t < 0 || t == T_METADATA || t == T_VOID) return define(newMD(MK.Tuple, -1));
      let v = valueForMD(bs.ops.get(1), t, true);
      if (v < 0) return false;
      return define(mdForValueId(v));
    }
    case NODE: case DISTINCT_NODE: {
      let base = br.mdStack.len;
      for (let i = 0; i < n; i++) {
        let x = mdOrNull(bs.ops.get(i));
        if (x == -2) { br.mdStack.len = base; return false; }
        br.mdStack.push(x);
      }
      let m = nodeFromStack(MK.Tuple, base);
      if (code == DISTINCT_NODE) mdFlags.set(m, <u8>MDF_DISTINCT);
      return define(m);
    }
    case NAME: {
      let p = heap.alloc(n > 0 ? <usize>(n) : 1);
      for (let i = 0; i < n; i++) store<u8>(p + <usize>i, <u8>bs.ops.get(i));
      br.pendingName = strtab.intern(p, n);
      heap.free(p);
      return true;
    }
    case NAMED_NODE: {
      if (br.pendingName < 0) return bad("Invalid named metadata: no name");
      let base = br.mdStack.len;
      for (let i = 0; i < n; i++) { let x = mdAt(bs.ops.get(i)); if (x < 0) { br.mdStack.len = base; return false; } br.mdStack.push(x); }
      let idx = -1;
      for (let i = 0; i < nmdName.len; i++) if (nmdName.get(i) == br.pendingName) { idx = i; break; }
      if (idx < 0) { nmdName.push(br.pendingName); nmdOps.push(nmdPool.len); nmdNOps.push(0); idx = nmdName.len - 1; }
      let s = nmdPool.len;
      for (let j = 0, cnt = nmdNOps.get(idx); j < cnt; j++) nmdPool.push(nmdPool.get(nmdOps.get(idx) + j));
      for (let j = base; j < br.mdStack.len; j++) nmdPool.push(br.mdStack.get(j));
      nmdOps.set(idx, s); nmdNOps.set(idx, nmdPool.len - s);
      br.mdStack.len = base;
      br.pendingName = -1;
      return true;
    }
    case KIND: return readKind();
    case LOCATION: {
      if (n != 5 && n != 6 && n != 8) return bad("Invalid record");
      let scope = mdAt(bs.ops.get(3)); if (scope < 0) return false;
      let ia = mdOrNull(bs.ops.get(4)); if (ia == -2) return false;
      let implicit = n > 5 && bs.ops.get(5) != 0;
      let group: u64 = n == 8 ? <u64>bs.ops.get(6) : 0, rank: u64 = n == 8 ? <u64>bs.ops.get(7) & 0xff : 0;
      let distinct = (bs.ops.get(0) & 1) != 0;
      let line = <u64>bs.ops.get(1) & 0xffffffff, col = <u64>bs.ops.get(2) & 0xffff;
      let m = distinct || group != 0 || rank != 0 ? locationNode(line, col, scope, ia, implicit, group, rank, distinct)
        : getLocation(<i64>line, <i64>col, scope, ia, implicit);
      return define(m);
    }
    case EXPRESSION: return readExpression();
    case ARG_LIST: {
      // [n x metadata id], each a value as metadata already read
      let base = br.mdStack.len;
      for (let i = 0; i < n; i++) {
        let id = bs.ops.get(i);
        if (id < 0 || id >= <i64>br.mdList.len || br.mdList.get(<i32>id) < 0) { br.mdStack.len = base; return bad("Invalid record: DIArgList should not contain forward refs"); }
        let x = br.mdList.get(<i32>id);
        if (<i32>mdKind.get(x) != MK.Value) { br.mdStack.len = base; return bad("Invalid record: DIArgList operand is not a value"); }
        br.mdStack.push(x);
      }
      let m = nodeFromStack(MK.ArgList, base);
      return define(m);
    }
    case GLOBAL_DECL_ATTACHMENT: {
      if ((n & 1) == 0) return bad("Invalid record: global attachment");
      let id = bs.ops.get(0);
      if (id < 0 || id >= <i64>br.moduleValues) return bad("Invalid record: global attachment value id");
      let v = br.valueList.get(<i32>id);
      if (v < 0 || !(<i32>vKind.get(v) >= VK.GlobalVar && <i32>vKind.get(v) <= VK.IFunc)) return bad("Invalid record: global attachment value id");
      let g = vA.get(v);
      for (let i = 1; i + 1 < n; i += 2) {
        let kind = kindAt(bs.ops.get(i)); if (kind < 0) return false;
        let m = mdAt(bs.ops.get(i + 1)); if (m < 0) return false;
        gMD.set(g, addAttachment(gMD.get(g), kind, m, true));
      }
      return true;
    }
    case INDEX_OFFSET: case INDEX: return true;
    default:
      if (code >= 12 && code <= 49 && code != 42 && code != 43) return readDINode(code);
      // LLVM's metadata loader passes over a record it does not know (42 and 43 were never
      // assigned; ATTACHMENT belongs in METADATA_ATTACHMENT): it defines no metadata id
      return true;
  }
}

// The value `id` of type t a metadata record names: a local one when `local` and the record is in
// a function body; -1 after an error.
function valueForMD(id: i64, t: i32, local: bool): i32 {
  if (id >= <i64>br.moduleValues && br.inFunction && local) return localValue(id, t);
  // an id past the values read so far: LLVM's reader makes a placeholder of type t there, which a
  // module-level record leaves unresolved (the verifier sees a value without a function)
  if (id >= <i64>br.valueList.len && !br.inFunction) {
    let p = valueById(id, t);
    if (p < 0 && !failed()) return badI("Invalid value reference from metadata");
    return p;
  }
  if (id < 0 || id >= <i64>br.valueList.len) return badI("Invalid value metadata record: value id");
  let v = br.valueList.get(<i32>id);
  if (v < 0 && br.valueCst.get(<i32>id) >= 0) v = getConstant(id);
  if (v < 0) return badI("Invalid value metadata record: value id");
  if (vType.get(v) != t) return badI("Invalid value reference from metadata");
  return v;
}

function kindAt(k: i64): i32 {
  if (k < 0 || k >= <i64>br.mdKindMap.len || br.mdKindMap.get(<i32>k) < 0) return badI("Invalid metadata kind ID " + k.toString());
  return br.mdKindMap.get(<i32>k);
}

function readKind(): bool {
  let n = bs.ops.len;
  if (n < 2) return bad("Invalid record: metadata kind");
  let id = bs.ops.get(0);
  if (id < 0 || id > 0xffff) return bad("Invalid record: metadata kind");
  let p = heap.alloc(<usize>(n - 1));
  for (let i = 1; i < n; i++) store<u8>(p + <usize>(i - 1), <u8>bs.ops.get(i));
  let s = strtab.intern(p, n - 1);
  heap.free(p);
  let k = <i32>id;
  if (k >= br.mdKindMap.len) br.mdKindMap.resize(k + 1, -1);
  br.mdKindMap.set(k, attachmentKind(s));
  return true;
}

export function readKindBlock(): bool {
  if (!enterBlock()) return false;
  while (true) {
    let code = nextRecord();
    if (code == REC_END) return true;
    if (code < 0) return false;
    if (code == KIND && !readKind()) return false;
  }
}

// METADATA_ATTACHMENT in a function: [inst index, (kind, md)*] or the function's own [(kind, md)*].
export function setAttachmentFunction(g: i32): void { br.attachFn = g; }
export function readAttachmentBlock(inFunction: bool): bool {
  if (!enterBlock()) return false;
  while (true) {
    let code = nextRecord();
    if (code == REC_END) return true;
    if (code < 0) return false;
    if (code != ATTACHMENT) continue;
    let n = bs.ops.len;
    if ((n & 1) == 0) {
      if (br.attachFn < 0) return bad("Invalid metadata attachment");
      for (let i = 0; i + 1 < n; i += 2) {
        let kind = kindAt(bs.ops.get(i)); if (kind < 0) return false;
        let m = mdAt(bs.ops.get(i + 1)); if (m < 0) return false;
        gMDCol.set(br.attachFn, addAttachment(gMDCol.get(br.attachFn), kind, m, true));
      }
      continue;
    }
    let idx = bs.ops.get(0);
    if (idx < 0 || idx >= <i64>br.instList.len) return bad("Invalid metadata attachment: instruction id " + idx.toString());
    let inst = br.instList.get(<i32>idx);
    for (let i = 1; i + 1 < n; i += 2) {
      let kind = kindAt(bs.ops.get(i)); if (kind < 0) return false;
      let m = mdAt(bs.ops.get(i + 1)); if (m < 0) return false;
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
  let n = bs.ops.len;
  let i = 1;
  while (i < n) {
    let c = bs.ops.get(i);
    let k = opIndex(codes, c);
    if (k < 0) return false;
    let next = i + 1 + <i32>args[k];
    if (next > n) return false;
    if (c == 0x1000 && next != n) return false;                          // fragment: last
    if (c == 0x9f && next != n && !(bs.ops.get(next) == 0x1000 && next + 3 == n)) return false;  // stack value
    i = next;
  }
  return true;
}
function readExpression(): bool {
  let n = bs.ops.len;
  if (n < 1) return bad("Invalid record");
  let version = bs.ops.get(0) >> 1;
  if (version > 3) return bad("Invalid record: DIExpression version " + version.toString());
  if (version < 3) upgradeExpression(version);
  n = bs.ops.len;
  let v22 = llvmVersion >= 22;
  let codes = v22 ? OP_CODES_22 : OP_CODES_19, names = v22 ? OP_NAMES_22 : OP_NAMES_19, args = v22 ? OP_ARGS_22 : OP_ARGS_19;
  let t = "";
  if (exprValid(codes, args)) {
    let i = 1;
    while (i < n) {
      let c = bs.ops.get(i++);
      let k = opIndex(codes, c);
      if (t.length > 0) t += ", ";
      t += names[k];
      for (let j = 0; j < <i32>args[k]; j++) {
        let x = bs.ops.get(i++);
        if (c == 0x1001 && j == 1) t += ", " + ateName(x);
        else t += ", " + (<u64>x).toString();
      }
    }
  } else {
    for (let i = 1; i < n; i++) { if (i > 1) t += ", "; t += (<u64>bs.ops.get(i)).toString(); }
  }
  let m = newMD(MK.Expr, strtab.internStr(t));
  if ((bs.ops.get(0) & 1) != 0) mdFlags.set(m, <u8>MDF_DISTINCT);
  let d = defineNode(m);
  if (d < 0) return false;
  // DW_OP_consts N [DW_OP_stack_value]: a signed constant (DIGenericSubrange bounds print it)
  if (n >= 3 && bs.ops.get(1) == 0x11 && (n == 3 || (n == 4 && bs.ops.get(3) == 0x9f))) noteExprConst(d, bs.ops.get(2));
  return true;
}
// The upgrades LLVM's metadata loader applies to the elements (ops[1..]) of an expression written
// before version 3: version 0 ends a piece with DW_OP_bit_piece (now DW_OP_LLVM_fragment); before
// version 2 a leading DW_OP_deref meant what a trailing one means now (it moves to the end, before
// a fragment, and a declare of an argument loses it later: upgradeDeclareExpressions); before
// version 3 DW_OP_plus and DW_OP_minus took their constant as an operand.
const OP_DEREF = 0x06, OP_CONSTU = 0x10, OP_MINUS = 0x1c, OP_PLUS = 0x22, OP_PLUS_UCONST = 0x23, OP_BIT_PIECE = 0x9d,
  OP_FRAGMENT = 0x1000;
function upgradeExpression(version: i64): void {
  let e = br.elts;
  e.clear();
  for (let i = 1; i < bs.ops.len; i++) e.push(bs.ops.get(i));
  let n = e.len;
  if (version == 0 && n >= 3 && e.get(n - 3) == OP_BIT_PIECE) e.set(n - 3, OP_FRAGMENT);
  if (version <= 1) {
    if (n > 0 && e.get(0) == OP_DEREF) {
      let end = n >= 3 && e.get(n - 3) == OP_FRAGMENT ? n - 3 : n;
      for (let i = 1; i < end; i++) e.set(i - 1, e.get(i));
      e.set(end - 1, OP_DEREF);
    }
    br.derefMoved = true;
  }
  // the operators' sizes as they were then: DW_OP_constu, DW_OP_minus and DW_OP_plus took one
  // operand, DW_OP_LLVM_fragment two, everything else none
  bs.ops.len = 1;
  let i = 0;
  while (i < n) {
    let c = e.get(i);
    let size = c == OP_CONSTU || c == OP_MINUS || c == OP_PLUS ? 2 : c == OP_FRAGMENT ? 3 : 1;
    if (size > n - i) size = n - i;
    if (c == OP_PLUS) bs.ops.push(OP_PLUS_UCONST);
    else if (c == OP_MINUS) bs.ops.push(OP_CONSTU);
    else bs.ops.push(c);
    for (let k = 1; k < size; k++) bs.ops.push(e.get(i + k));
    if (c == OP_MINUS) bs.ops.push(OP_MINUS);
    i += size;
  }
}

// After an expression older than version 2 moved its leading DW_OP_deref: a declare of a function
// argument whose expression now starts with DW_OP_deref loses it, as LLVM upgrades them.
export function upgradeDeclareExpressions(): void {
  if (!br.derefMoved) return;
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Func) continue;
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b))
      for (let i = vA.get(b); i >= 0; i = iNext.get(i))
        for (let r = iDbg.get(i); r >= 0; r = drNext.get(r)) {
          if (<i32>drKind.get(r) != DR.Declare || drNOps.get(r) < 3) continue;
          let at = drOps.get(r);
          let addr = drPool.get(at), ex = drPool.get(at + 2);
          if (addr < 0 || ex < 0 || <i32>mdKind.get(addr) != MK.Value || <i32>vKind.get(mdA.get(addr)) != VK.Arg) continue;
          if (<i32>mdKind.get(ex) != MK.Expr) continue;
          let t = strtabString(mdA.get(ex));
          if (t == "DW_OP_deref") t = "";
          else if (t.startsWith("DW_OP_deref, ")) t = t.substring(13);
          else continue;
          drPool.set(at + 2, newMD(MK.Expr, strtab.internStr(t)));
        }
  }
}
function ateName(x: i64): string {
  let k = opIndex(ATE_CODES, x);
  if (k < 0) return "";
  return llvmVersion >= 22 ? ATE_NAMES_22[k] : ATE_NAMES_19[k];
}
