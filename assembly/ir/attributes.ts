// Attributes. An attribute is 4 i32s (tag, key, v0, v1); an attribute set is the sorted
// concatenation of its attributes, interned; an attribute list (function or call site) is
// [fn set, return set, param sets...], interned, with -1 for an empty set.
import { I32Vec, I64Vec } from "../util/vec";
import { ListInterner } from "../util/listintern";

export const enum AT {
  Enum = 0,       // key = attribute kind index
  Int = 1,        // key = kind index; v0,v1 = value (align in bytes, memory effects bits, allocsize pair...)
  Type = 2,       // key = kind index; v0 = type id
  Range = 3,      // key = kind index; v0 = strId of the canonical text inside the parentheses
  String = 4,     // key = strId of "key"; v0 = strId of value, -1 when absent
}

// Memory effects (memory(...), AT.Int v0): 2 bits per location, in LLVM 22's location order
// (argmem 0, inaccessiblemem 2, errnomem 4, other 6, target_mem0 8, target_mem1 10); none 0 read 1
// write 2 readwrite 3. LLVM 19 has only argmem, inaccessiblemem and other: under it the other
// three always equal `other`.
export const ME_ALL: i32 = 0xfff;
export const ME_OTHER_SHIFT: i32 = 6;
// Every location set to access kind mr.
export function memAll(mr: i32): i32 { let me = 0; for (let l = 0; l < 6; l++) me |= mr << (l * 2); return me; }
// nofpclass(...) words and their masks (AT.Int v0), in the order LLVM prints them: each group's
// name before its parts, and each printed name consumes its bits.
export const FPCLASS_NAMES: string[] = ["all", "nan", "snan", "qnan", "inf", "ninf", "pinf", "zero", "nzero", "pzero", "sub", "nsub", "psub", "norm", "nnorm", "pnorm"];
export const FPCLASS_MASKS: i32[] = [0x3ff, 3, 1, 2, 0x204, 4, 0x200, 0x60, 32, 64, 0x90, 16, 0x80, 0x108, 8, 0x100];

export let attrSets: ListInterner = new ListInterner();
export let attrLists: ListInterner = new ListInterner();

// Attribute kinds of every LLVM version wopt speaks; the index is the kind. Within each group they
// are in LLVM's enum order (TableGen def-name order), which is the order LLVM prints them in; an
// attribute a version adds takes its def-name place, so each version's order is this order
// restricted to its own attributes. Groups in LLVM's order: enum, type, int, constant range,
// constant range list (AT tags 0, 2, 1, 3, 3). (Literal arrays: static data survives the arena
// reset; an array computed at start-up would live on the reset heap.)
export const ATTR_KW: string[] = [
  // enum attributes, by def name
  "allocalign", "allocptr", "alwaysinline", "builtin", "cold", "convergent",
  "coro_only_destroy_when_complete", "coro_elide_safe", "dead_on_return", "dead_on_unwind",
  "disable_sanitizer_instrumentation", "fn_ret_thunk_extern", "hot", "hybrid_patchable", "immarg",
  "inreg", "inlinehint", "jumptable", "minsize", "mustprogress", "naked", "nest", "noalias",
  "nobuiltin", "nocallback", "nocapture", "nocf_check", "nocreateundeforpoison", "nodivergencesource",
  "noduplicate", "noext", "nofree", "noimplicitfloat", "noinline", "nomerge", "noprofile", "norecurse",
  "noredzone", "noreturn", "nosanitize_bounds", "nosanitize_coverage", "nosync", "noundef", "nounwind",
  "nonlazybind", "nonnull", "null_pointer_is_valid", "optforfuzzing", "optdebug", "optsize", "optnone",
  "presplitcoroutine", "readnone", "readonly", "returned", "returns_twice", "signext", "safestack",
  "sanitize_address", "sanitize_alloc_token", "sanitize_hwaddress", "sanitize_memtag",
  "sanitize_memory", "sanitize_numerical_stability", "sanitize_realtime", "sanitize_realtime_blocking",
  "sanitize_thread", "sanitize_type", "shadowcallstack", "skipprofile", "speculatable",
  "speculative_load_hardening", "ssp", "sspreq", "sspstrong", "strictfp", "swiftasync", "swifterror",
  "swiftself", "willreturn", "writable", "writeonly", "zeroext",
  // type attributes
  "byref", "byval", "elementtype", "inalloca", "preallocated", "sret",
  // int attributes
  "align", "allockind", "allocsize", "captures", "dereferenceable", "dereferenceable_or_null",
  "memory", "nofpclass", "alignstack", "uwtable", "vscale_range",
  // constant range
  "range",
  // constant range list
  "initializes",
];
// The attributes not in every version, as "keyword:since[:last]" (the first LLVM version with the
// attribute, and the last one); every other attribute is in LLVM 19 and later.
const ATTR_VERSIONS: string[] = [
  "coro_elide_safe:20", "nodivergencesource:20", "noext:20", "sanitize_realtime:20",
  "sanitize_realtime_blocking:20", "sanitize_type:20", "captures:21", "dead_on_return:21",
  "nocapture:19:20", "nocreateundeforpoison:22", "sanitize_alloc_token:22",
];
function kw(s: string): i32 { let i = ATTR_KW.indexOf(s); assert(i >= 0); return i; }
// The first and the last LLVM version of each attribute kind (a u8 pair per kind; last 0: still
// there), in static memory: filled once when the core starts, so resetting the heap keeps them.
const KIND_VERSIONS: usize = memory.data(2 * 128);
function fillKindVersions(): void {
  assert(ATTR_KW.length <= 128);   // also the kind masks' width
  for (let k = 0; k < ATTR_KW.length; k++) store<u8>(KIND_VERSIONS + 2 * <usize>k, 19);
  for (let i = 0; i < ATTR_VERSIONS.length; i++) {
    let p = ATTR_VERSIONS[i].split(":");
    let k = <usize>kw(p[0]);
    store<u8>(KIND_VERSIONS + 2 * k, <u8>I32.parseInt(p[1]));
    if (p.length > 2) store<u8>(KIND_VERSIONS + 2 * k + 1, <u8>I32.parseInt(p[2]));
  }
}
fillKindVersions();
// The first LLVM version with attribute kind `kind`, and the last one (0: still there).
export function attrSinceVersion(kind: i32): i32 { return load<u8>(KIND_VERSIONS + 2 * <usize>kind); }
export function attrLastVersion(kind: i32): i32 { return load<u8>(KIND_VERSIONS + 2 * <usize>kind + 1); }
// Kind indexes the core names: where each tag's kinds begin in ATTR_KW, and single kinds.
export const FIRST_INT_ATTR: i32 = kw("align");
export const FIRST_TYPE_ATTR: i32 = kw("byref");
export const FIRST_RANGE_ATTR: i32 = kw("range");
export const FIRST_RANGELIST_ATTR: i32 = kw("initializes");
export const ATTR_ALIGN: i32 = kw("align");
export const ATTR_MEMORY: i32 = kw("memory");
export const ATTR_ALLOCSIZE: i32 = kw("allocsize");
export const ATTR_ALIGNSTACK: i32 = kw("alignstack");
export const ATTR_UWTABLE: i32 = kw("uwtable");
export const ATTR_VSCALE: i32 = kw("vscale_range");
export const ATTR_ALLOCKIND: i32 = kw("allockind");
export const ATTR_NOFPCLASS: i32 = kw("nofpclass");
export const ATTR_READNONE: i32 = kw("readnone");
export const ATTR_READONLY: i32 = kw("readonly");
export const ATTR_WRITEONLY: i32 = kw("writeonly");
export const ATTR_NOUNWIND: i32 = kw("nounwind");
export const ATTR_OPTNONE: i32 = kw("optnone");
export const ATTR_NOINLINE: i32 = kw("noinline");
export const ATTR_BYVAL: i32 = kw("byval");
export const ATTR_SRET: i32 = kw("sret");
export const ATTR_NONNULL: i32 = kw("nonnull");
export const ATTR_RETURNED: i32 = kw("returned");
export const ATTR_NOUNDEF: i32 = kw("noundef");
export const ATTR_NOCAPTURE: i32 = kw("nocapture");
export const ATTR_CAPTURES: i32 = kw("captures");
export const ATTR_NOMERGE: i32 = kw("nomerge");
export const ATTR_ALWAYSINLINE: i32 = kw("alwaysinline");
export const ATTR_DEREF: i32 = kw("dereferenceable");
export const ATTR_DEREF_OR_NULL: i32 = kw("dereferenceable_or_null");
export const ATTR_NULL_IS_VALID: i32 = kw("null_pointer_is_valid");
export const ATTR_INALLOCA: i32 = kw("inalloca");
export const ATTR_PREALLOCATED: i32 = kw("preallocated");
export const ATTR_WILLRETURN: i32 = kw("willreturn");
export const ATTR_NOCREATE_UNDEF_OR_POISON: i32 = kw("nocreateundeforpoison");
export const ATTR_RANGE: i32 = kw("range");
// The AT tag an attribute kind is stored with.
export function attrTag(kind: i32): i32 {
  if (kind < FIRST_TYPE_ATTR) return AT.Enum;
  if (kind < FIRST_INT_ATTR) return AT.Type;
  if (kind < FIRST_RANGE_ATTR) return AT.Int;
  return AT.Range;
}

export function resetAttributes(): void {
  attrSets = new ListInterner(); attrLists = new ListInterner();
  kindsLo = new I64Vec(); kindsHi = new I64Vec();
}

// Number of attributes in a set (-1 = empty set).
export function setSize(set: i32): i32 { return set < 0 ? 0 : attrSets.lenOf(set) >> 2; }
@inline export function setTag(set: i32, i: i32): i32 { return attrSets.at(set, i << 2); }
@inline export function setKey(set: i32, i: i32): i32 { return attrSets.at(set, (i << 2) + 1); }
@inline export function setV0(set: i32, i: i32): i32 { return attrSets.at(set, (i << 2) + 2); }
@inline export function setV1(set: i32, i: i32): i32 { return attrSets.at(set, (i << 2) + 3); }
// The kinds each set holds, as a 128-bit mask per set id (bit k: kind k), made for new ids on
// the first question about them: the verifier asks "has kind k" dozens of times per function and
// call site, of a few distinct sets, and a miss (the usual answer) is then two loads, not a scan.
let kindsLo: I64Vec = new I64Vec(), kindsHi: I64Vec = new I64Vec();
function kindMasksUpTo(set: i32): void {
  for (let s = kindsLo.len; s <= set; s++) {
    let lo: u64 = 0, hi: u64 = 0;
    let n = setSize(s);
    for (let i = 0; i < n; i++) {
      if (setTag(s, i) == AT.String) continue;
      let k = setKey(s, i);
      if (k < 64) lo |= <u64>1 << <u64>k; else hi |= <u64>1 << <u64>(k - 64);
    }
    kindsLo.push(lo); kindsHi.push(hi);
  }
}
export function setHasKind(set: i32, kind: i32): bool {
  if (set < 0) return false;
  if (set >= kindsLo.len) kindMasksUpTo(set);
  return ((kind < 64 ? kindsLo.get(set) >> <u64>kind : kindsHi.get(set) >> <u64>(kind - 64)) & 1) != 0;
}
export function setFind(set: i32, kind: i32): i32 {
  if (!setHasKind(set, kind)) return -1;
  let n = setSize(set);
  for (let i = 0; i < n; i++) if (setTag(set, i) != AT.String && setKey(set, i) == kind) return i;
  return -1;
}

// Attribute lists: slot 0 function, 1 return, 2+i parameter i.
export function listSet(list: i32, slot: i32): i32 {
  if (list < 0 || slot >= attrLists.lenOf(list)) return -1;
  return attrLists.at(list, slot);
}
@inline export function fnAttrs(list: i32): i32 { return listSet(list, 0); }
@inline export function retAttrs(list: i32): i32 { return listSet(list, 1); }
@inline export function paramAttrs(list: i32, i: i32): i32 { return listSet(list, 2 + i); }

// Builds a list from sets in `scratch` (trailing empty sets dropped); -1 when all are empty.
export function internAttrList(scratch: I32Vec, from: i32, n: i32): i32 {
  while (n > 0 && scratch.get(from + n - 1) < 0) n--;
  if (n == 0) return -1;
  return attrLists.internVec(scratch, from, n);
}

// Attribute set `set` with enum attribute `kind` added (the set itself when it has it), kept in
// LLVM's order: enum, type, int and range attributes by kind, string attributes after them.
export function setWithEnum(set: i32, kind: i32): i32 {
  if (setHasKind(set, kind)) return set;
  let n = setSize(set);
  let v = new I32Vec(4 * n + 4);
  let placed = false;
  for (let i = 0; i < n; i++) {
    let t = setTag(set, i);
    if (!placed && (t == AT.String || setKey(set, i) > kind)) { v.push(AT.Enum); v.push(kind); v.push(0); v.push(0); placed = true; }
    v.push(t); v.push(setKey(set, i)); v.push(setV0(set, i)); v.push(setV1(set, i));
  }
  if (!placed) { v.push(AT.Enum); v.push(kind); v.push(0); v.push(0); }
  return attrSets.internVec(v, 0, v.len);
}
// Attribute list `list` with enum attribute `kind` added to its function attributes.
export function listWithFnEnum(list: i32, kind: i32): i32 {
  let n = list < 0 ? 1 : attrLists.lenOf(list);
  if (n < 1) n = 1;
  let v = new I32Vec(n);
  for (let i = 0; i < n; i++) v.push(listSet(list, i));
  v.set(0, setWithEnum(v.get(0), kind));
  return internAttrList(v, 0, n);
}
