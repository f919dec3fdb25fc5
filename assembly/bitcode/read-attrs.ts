// PARAMATTR_GROUP_BLOCK (attribute groups: a slot and its attributes) and PARAMATTR_BLOCK (each
// attribute list as the groups it is made of). An arena attribute set is the sorted list of
// (tag, kind, v0, v1) entries ir/attributes.ts describes; the lists are the interned
// [fn, ret, params...] sets, as the text parser makes them.
import { I32Vec } from "../util/vec";
import { strtab } from "../ir/module";
import { llvmVersion } from "../ir/version";
import { encodeAlign } from "../ir/align";
import { T_I8 } from "../ir/types";
import {
  AT, ATTR_KW, attrSets, internAttrList, attrSinceVersion, attrLastVersion, ATTR_CAPTURES, ATTR_NOCAPTURE,
  ATTR_ALIGN, ATTR_ALIGNSTACK, ATTR_UWTABLE, ATTR_NOFPCLASS, ATTR_ALLOCSIZE, ATTR_VSCALE, ATTR_ALLOCKIND, ATTR_MEMORY, FIRST_RANGELIST_ATTR,
  attrTag, ATTR_READNONE, ATTR_READONLY, ATTR_WRITEONLY, memAll,
} from "../ir/attributes";
import { bs, advance, enterBlock, skipBlock, readRecord, bsFailed, ENTRY_END, ENTRY_BLOCK, ENTRY_ERROR, nextRecord, REC_END } from "./bitstream";
import { br, bad } from "./read-state";
import { typeOf } from "./read-types";
import { heapBytes } from "./read-types";

// LLVM's attribute kind codes (LLVMBitCodes.h AttributeKindCodes), by code, as our keywords.
const KIND_NAMES: string[] = [
  "", "align", "alwaysinline", "byval", "inlinehint", "inreg", "minsize", "naked", "nest", "noalias",
  "nobuiltin", "nocapture", "noduplicate", "noimplicitfloat", "noinline", "nonlazybind", "noredzone",
  "noreturn", "nounwind", "optsize", "readnone", "readonly", "returned", "returns_twice", "signext",
  "alignstack", "ssp", "sspreq", "sspstrong", "sret", "sanitize_address", "sanitize_thread",
  "sanitize_memory", "uwtable", "zeroext", "builtin", "cold", "optnone", "inalloca", "nonnull",
  "jumptable", "dereferenceable", "dereferenceable_or_null", "convergent", "safestack", "argmemonly",
  "swiftself", "swifterror", "norecurse", "inaccessiblememonly", "inaccessiblemem_or_argmemonly",
  "allocsize", "writeonly", "speculatable", "strictfp", "sanitize_hwaddress", "nocf_check",
  "optforfuzzing", "shadowcallstack", "speculative_load_hardening", "immarg", "willreturn", "nofree",
  "nosync", "sanitize_memtag", "preallocated", "nomerge", "null_pointer_is_valid", "noundef", "byref",
  "mustprogress", "nocallback", "hot", "noprofile", "vscale_range", "swiftasync", "nosanitize_coverage",
  "elementtype", "disable_sanitizer_instrumentation", "nosanitize_bounds", "allocalign", "allocptr",
  "allockind", "presplitcoroutine", "fn_ret_thunk_extern", "skipprofile", "memory", "nofpclass",
  "optdebug", "writable", "coro_only_destroy_when_complete", "dead_on_unwind", "range",
  "sanitize_numerical_stability", "initializes", "hybrid_patchable", "sanitize_realtime",
  "sanitize_realtime_blocking", "coro_elide_safe", "noext", "nodivergencesource", "sanitize_type",
  "captures", "dead_on_return", "sanitize_alloc_token", "nocreateundeforpoison",
];
const ALLOCKIND_WORDS: string[] = ["alloc", "realloc", "free", "uninitialized", "zeroed", "aligned"];
const CODE_ARGMEMONLY = 45, CODE_INACC = 49, CODE_INACC_OR_ARG = 50, CODE_HYBRID_PATCHABLE = 95;

// The attribute kind of a code, -1 when the target LLVM version's reader does not know it (it stops
// there: "Unknown attribute kind (N)", as opt-19 does on LLVM 22's captures). LLVM 19's reader
// lacks hybrid_patchable, which its writer and its text parser know.
function kindOfCode(code: i64): i32 {
  if (code <= 0 || code >= <i64>KIND_NAMES.length) return -1;
  if (code == CODE_HYBRID_PATCHABLE && llvmVersion < 20) return -1;
  let kind = ATTR_KW.indexOf(KIND_NAMES[<i32>code]);
  return kind >= 0 && llvmVersion >= attrSinceVersion(kind) ? kind : -1;
}
function unknownKind(code: i64): bool { return bad("Unknown attribute kind (" + code.toString() + ")"); }
function push(tag: i32, key: i32, v0: i32, v1: i32): void { br.entries.push(tag); br.entries.push(key); br.entries.push(v0); br.entries.push(v1); }

export function readAttrGroupBlock(): bool {
  if (!enterBlock()) return false;
  while (true) {
    let code = nextRecord();
    if (code == REC_END) return true;
    if (code < 0) return false;
    if (code != 3) continue;
    if (bs.ops.len < 3) return bad("Invalid grp record");
    let gid = bs.ops.get(0), idx = bs.ops.get(1);
    let slot = idx == 0xFFFFFFFF ? 0 : idx + 1;
    if (slot > 0x10000) return bad("Invalid grp record: attribute index " + idx.toString());
    br.entries.clear();
    let memUpgrade = -1;
    let i = 2;
    while (i < bs.ops.len) {
      let k = bs.ops.get(i++);
      if (k == 0 || k == 1) {
        if (i >= bs.ops.len) return bad("Invalid grp record");
        let c = bs.ops.get(i++);
        let kind = kindOfCode(c);
        let v: i64 = 0;
        if (k == 1) {
          if (kind >= 0 && attrTag(kind) == AT.Enum && kind != ATTR_NOCAPTURE) return bad("Not an int attribute");
          if (i >= bs.ops.len) return bad("Invalid grp record");
          v = bs.ops.get(i++);
        }
        if (slot == 0 && (c == CODE_ARGMEMONLY || c == CODE_INACC || c == CODE_INACC_OR_ARG)) {
          let loc = c == CODE_ARGMEMONLY ? 3 : c == CODE_INACC ? 12 : 15;
          if (memUpgrade < 0) memUpgrade = 0xfff;
          memUpgrade &= loc;
          continue;
        }
        if (kind < 0) return unknownKind(c);
        if (!addKnown(kind, v, slot, k == 1)) return false;
        if (br.memUpgradeNow >= 0) { memUpgrade = memUpgrade < 0 ? br.memUpgradeNow : memUpgrade & br.memUpgradeNow; br.memUpgradeNow = -1; }
      } else if (k == 3 || k == 4) {
        let s = i;
        while (i < bs.ops.len && bs.ops.get(i) != 0) i++;
        if (i >= bs.ops.len) return bad("Invalid grp record: unterminated string");
        let key = bytesToStr(s, i);
        i++;
        let val = -1;
        if (k == 4) {
          let t = i;
          while (i < bs.ops.len && bs.ops.get(i) != 0) i++;
          if (i >= bs.ops.len) return bad("Invalid grp record: unterminated string");
          val = bytesToStr(t, i);
          i++;
          if (strtab.lenOf(val) == 0) val = -1;
        }
        push(AT.String, key, val, 0);
      } else if (k == 5 || k == 6) {
        if (i >= bs.ops.len) return bad("Invalid grp record");
        let c = bs.ops.get(i++), kind = kindOfCode(c);
        if (kind < 0) return unknownKind(c);
        if (attrTag(kind) != AT.Type) return bad("Invalid grp record: not a type attribute");
        let t = T_I8;
        if (k == 6) { if (i >= bs.ops.len) return bad("Invalid grp record"); t = typeOf(bs.ops.get(i++)); if (t < 0) return bad("Invalid grp record: type id"); }
        push(AT.Type, kind, t, 0);
      } else if (k == 7) {
        if (i >= bs.ops.len) return bad("Invalid grp record");
        let c = bs.ops.get(i++), kind = kindOfCode(c);
        if (kind < 0) return unknownKind(c);
        if (attrTag(kind) != AT.Range || kind == FIRST_RANGELIST_ATTR) return bad("Invalid grp record: not a range attribute");
        let text = rangeText(i);
        if (text < 0) return false;
        i = br.rangeEnd;
        push(AT.Range, kind, text, 0);
      } else if (k == 8) {
        if (i + 1 >= bs.ops.len) return bad("Invalid grp record");
        let c = bs.ops.get(i++), kind = kindOfCode(c);
        if (kind < 0) return unknownKind(c);
        if (kind != FIRST_RANGELIST_ATTR) return bad("Invalid grp record: not a range list attribute");
        let n = bs.ops.get(i++);
        if (i >= bs.ops.len) return bad("Invalid grp record");
        let width = bs.ops.get(i++);
        if (width != 64 || n < 0 || n > <i64>(bs.ops.len - i)) return bad("Invalid grp record: range list");
        let text = "";
        let prevHi: i64 = 0;
        for (let j: i64 = 0; j < n; j++) {
          if (i + 1 >= bs.ops.len) return bad("Invalid grp record: range list");
          let lo = signRotated(bs.ops.get(i)), hi = signRotated(bs.ops.get(i + 1));
          i += 2;
          // ConstantRangeList::isOrderedRanges: each range non-empty, after the one before it
          if (lo >= hi || (j > 0 && lo <= prevHi)) return bad("Invalid (unordered or overlapping) range list");
          prevHi = hi;
          if (j > 0) text += ", ";
          text += "(" + lo.toString() + ", " + hi.toString() + ")";
        }
        push(AT.Range, kind, strtab.internStr(text), 0);
      } else return bad("Invalid attribute group entry (" + k.toString() + ")");
    }
    if (memUpgrade >= 0) push(AT.Int, ATTR_MEMORY, memUpgrade, 0);
    let set = internSet();
    br.groupId.push(<i32>gid); br.groupSlot.push(<i32>slot); br.groupSet.push(set);
  }
}

// One enum or int attribute of a known kind, as the arena stores it.
function addKnown(kind: i32, v: i64, slot: i64, isInt: bool): bool {
  if (kind == ATTR_NOCAPTURE && attrLastVersion(kind) != 0 && llvmVersion > attrLastVersion(kind)) { push(AT.Int, ATTR_CAPTURES, 0, 0); return true; }
  if (kind == ATTR_CAPTURES) {
    let other = <i32>((v >> 4) & 15), ret = <i32>(v & 15);
    let c = other | (ret << 8);
    push(AT.Int, kind, c & 0xff, c >> 8); return true;
  }
  if (slot == 0 && (kind == ATTR_READNONE || kind == ATTR_READONLY || kind == ATTR_WRITEONLY)) {
    br.memUpgradeNow = memAll(kind == ATTR_READNONE ? 0 : kind == ATTR_READONLY ? 1 : 2);
    return true;
  }
  let tag = attrTag(kind);
  // BitcodeReader::parseAttributeGroupBlock: an enum record names an enum attribute (uwtable,
  // once one, is read as its default kind; the int record's kind is checked by the caller)
  if (!isInt && kind == ATTR_UWTABLE) { push(AT.Int, kind, 2, 0); return true; }
  if (tag == AT.Enum) { push(AT.Enum, kind, 0, 0); return true; }
  if (tag != AT.Int) return bad("Invalid attribute: " + ATTR_KW[kind] + " needs a payload");
  if (!isInt) return bad("Not an enum attribute");
  if (kind == ATTR_ALIGN || kind == ATTR_ALIGNSTACK) {
    // LLVM's reader takes the alignment as a 32-bit number: 2^32 becomes 0, no attribute
    v &= 0xffffffff;
    if (v == 0) return true;
    // (and, not a power of two, as Align keeps its log2: the power of two below it)
    if ((v & (v - 1)) != 0) v = <i64>1 << (63 - clz(v));
    push(AT.Int, kind, encodeAlign(v), 0); return true;
  }
  if (kind == ATTR_ALLOCSIZE) {
    let elem = <i32>(v >>> 32), num = <i32>(v & 0xffffffff);
    push(AT.Int, kind, elem, num); return true;
  }
  if (kind == ATTR_VSCALE) { push(AT.Int, kind, <i32>(v >>> 32), <i32>(v & 0xffffffff)); return true; }
  if (kind == ATTR_ALLOCKIND) {
    let text = "";
    for (let k = 0; k < ALLOCKIND_WORDS.length; k++) {
      if ((v & (1 << k)) == 0) continue;
      if (text.length > 0) text += ",";
      text += ALLOCKIND_WORDS[k];
    }
    push(AT.Int, kind, strtab.internStr(text), 0); return true;
  }
  if (kind == ATTR_MEMORY) { push(AT.Int, kind, memoryBits(v), 0); return true; }
  // LLVM's reader keeps the known test bits only, and no attribute when none is left
  if (kind == ATTR_NOFPCLASS) { v &= 1023; if (v != 0) push(AT.Int, kind, <i32>v, 0); return true; }
  push(AT.Int, kind, <i32>v, <i32>(v >>> 32));
  return true;
}

// LLVM's memory effects word: 2 bits per location. Bitcode before LLVM 21 has three locations
// (argmem, inaccessiblemem, other); LLVM 22 writes its six (ir/attributes.ts) and sets bit 56.
// Reading the old word, LLVM 22 gives errnomem the effects of other memory and the target
// memories none (`memory(read)` of LLVM 19 bitcode is `memory(read, target_mem0: none,
// target_mem1: none)`); LLVM 19 has no more locations than the word, so they follow other memory.
// LLVM 19 reads LLVM 22's word in its own layout too (its "other" is LLVM 22's errnomem).
function memoryBits(v: i64): i32 {
  let x = <i32>v;
  if ((v >> 56) != 0 && llvmVersion >= 22) return x & 0xfff;   // LLVM 22 marks its own layout with bit 56
  let arg = x & 3, inacc = (x >> 2) & 3, other = (x >> 4) & 3;
  let target = llvmVersion >= 22 ? 0 : other;
  return arg | (inacc << 2) | (other << 4) | (other << 6) | (target << 8) | (target << 10);
}

// A constant range at ops[i..] ([bit width, lower, upper], wider ones by words): the text
// `iN lo, hi` the text parser keeps; -1 after an error.
function rangeText(i: i32): i32 {
  if (i >= bs.ops.len) { bad("Invalid range record"); return -1; }
  let width = bs.ops.get(i++);
  if (width < 1 || width > 0x800000) { bad("Invalid range record"); return -1; }
  if (width > 64) {
    // [active words of lower | active words of upper << 32, lower words..., upper words...]
    if (i >= bs.ops.len) { bad("Invalid range record"); return -1; }
    let lw = <i32>(bs.ops.get(i) & 0xffffffff), uw = <i32>(<u64>bs.ops.get(i) >> 32);
    i++;
    if (lw < 0 || uw < 0 || <i64>lw + <i64>uw > <i64>(bs.ops.len - i)) { bad("Invalid range record"); return -1; }
    let lo = wideText(i, lw, <i32>width), hi = wideText(i + lw, uw, <i32>width);
    br.rangeEnd = i + lw + uw;
    return strtab.internStr("i" + width.toString() + " " + lo + ", " + hi);
  }
  if (i + 1 >= bs.ops.len) { bad("Invalid range record"); return -1; }
  let lo = signRotated(bs.ops.get(i)), hi = signRotated(bs.ops.get(i + 1));
  br.rangeEnd = i + 2;
  return strtab.internStr("i" + width.toString() + " " + signedOf(lo, <i32>width) + ", " + signedOf(hi, <i32>width));
}
// The signed decimal of the width-bit integer in sign-rotated words ops[at..at+n] (missing words 0).
function wideText(at: i32, n: i32, width: i32): string {
  let nw = (width + 31) >> 5;
  let w = new Array<u32>(nw);
  for (let k = 0; k < nw; k++) {
    let x: i64 = (k >> 1) < n ? signRotated(bs.ops.get(at + (k >> 1))) : 0;
    w[k] = (k & 1) == 0 ? <u32>x : <u32>(<u64>x >> 32);
  }
  let top = width & 31;
  if (top != 0) w[nw - 1] &= (1 << top) - 1;
  let neg = ((w[(width - 1) >> 5] >> ((width - 1) & 31)) & 1) != 0;
  if (neg) {
    let carry: u64 = 1;
    for (let k = 0; k < nw; k++) { let y = <u64>(~w[k]) + carry; w[k] = <u32>y; carry = y >> 32; }
    if (top != 0) w[nw - 1] &= (1 << top) - 1;
  }
  let digits = "";
  while (true) {
    let r: u64 = 0, nonzero = false;
    for (let k = nw - 1; k >= 0; k--) {
      let x = (r << 32) | <u64>w[k];
      w[k] = <u32>(x / 1000000000); r = x % 1000000000;
      if (w[k] != 0) nonzero = true;
    }
    let chunk = r.toString();
    if (nonzero) while (chunk.length < 9) chunk = "0" + chunk;
    digits = chunk + digits;
    if (!nonzero) break;
  }
  return neg ? "-" + digits : digits;
}

export function signRotated(v: i64): i64 {
  if ((v & 1) == 0) return <i64>(<u64>v >> 1);
  if (v != 1) return -(<i64>(<u64>v >> 1));
  return <i64>(<u64>1 << 63);
}
function signedOf(v: i64, width: i32): string {
  if (width < 64) { let sh = <i64>(64 - width); v = (v << sh) >> sh; }
  return v.toString();
}

function bytesToStr(from: i32, to: i32): i32 {
  let n = to - from;
  let p = heapBytes(n > 0 ? n : 1);
  for (let j = 0; j < n; j++) store<u8>(p + <usize>j, <u8>bs.ops.get(from + j));
  return strtab.intern(p, n);
}

// Sorts the entries in LLVM's order (kinds first by kind, then strings by key) and interns them.
function internSet(): i32 {
  let n = br.entries.len >> 2;
  if (n == 0) return -1;
  br.attrOrder.clear();
  for (let i = 0; i < n; i++) {
    let k = br.attrOrder.len;
    while (k > 0 && less(i, br.attrOrder.get(k - 1))) k--;
    br.attrOrder.push(0);
    for (let j = br.attrOrder.len - 1; j > k; j--) br.attrOrder.set(j, br.attrOrder.get(j - 1));
    br.attrOrder.set(k, i);
  }
  br.sorted.clear();
  for (let i = 0; i < n; i++) {
    let e = br.attrOrder.get(i);
    for (let k = 0; k < 4; k++) br.sorted.push(br.entries.get(e * 4 + k));
  }
  return attrSets.internVec(br.sorted, 0, br.sorted.len);
}
function less(a: i32, b: i32): bool {
  let sa = br.entries.get(a * 4) == AT.String, sb = br.entries.get(b * 4) == AT.String;
  if (sa != sb) return !sa;
  let ka = br.entries.get(a * 4 + 1), kb = br.entries.get(b * 4 + 1);
  if (sa) return strtab.compare(ka, kb) < 0;
  return ka < kb;
}

export function readAttrBlock(): bool {
  if (!enterBlock()) return false;
  while (true) {
    let code = nextRecord();
    if (code == REC_END) return true;
    if (code < 0) return false;
    if (code == 1) return bad("Invalid attribute record: the old attribute encoding is not read");
    if (code != 2) continue;
    br.attrScratch.clear();
    for (let i = 0; i < bs.ops.len; i++) {
      let gid = bs.ops.get(i);
      let g = -1;
      for (let j = br.groupId.len - 1; j >= 0; j--) if (<i64>br.groupId.get(j) == gid) { g = j; break; }
      if (g < 0) return bad("Invalid attribute group " + gid.toString());
      let slot = br.groupSlot.get(g);
      if (slot >= br.attrScratch.len) br.attrScratch.resize(slot + 1, -1);
      br.attrScratch.set(slot, mergeSets(br.attrScratch.get(slot), br.groupSet.get(g)));
    }
    br.attrListOf.push(internAttrList(br.attrScratch, 0, br.attrScratch.len));
  }
}
// Two groups for one slot: their union (LLVM merges the builders).
function mergeSets(a: i32, b: i32): i32 {
  if (a < 0) return b;
  if (b < 0) return a;
  br.entries.clear();
  let na = attrSets.lenOf(a), nb = attrSets.lenOf(b);
  for (let i = 0; i < na; i++) br.entries.push(attrSets.at(a, i));
  for (let i = 0; i < nb; i++) br.entries.push(attrSets.at(b, i));
  return internSet();
}

// The attribute list of PARAMATTR entry `idx` (0: none).
export function attrListAt(idx: i64): i32 {
  if (idx == 0) return -1;
  if (idx < 0 || idx > <i64>br.attrListOf.len) { bad("Invalid attribute list id " + idx.toString()); return -2; }
  return br.attrListOf.get(<i32>idx - 1);
}
