// Metadata: tuples, specialized (DI*) nodes, strings, values as metadata, named metadata,
// attachments and debug records. Node fields that no pass inspects are kept as the exact source
// text (an interned span) so they print back unchanged; references between nodes are ids, so
// numbering is recomputed when printing.
import { I32Vec, U8Vec } from "../util/vec";
import { NumTable } from "../util/numtable";
import { strtab } from "./module";
import { has, Feature } from "./version";

export const enum MK {
  Forward = 0,   // !N referenced before its definition
  Tuple,         // !{...}
  Node,          // !DIThing(field: value, ...) ; mdA = class name strId
  String,        // !"..." ; mdA = strId of the escaped source bytes between the quotes
  Value,         // value as metadata (`i32 1`, `ptr @g`, `ptr %x`); mdA = value id
  Expr,          // !DIExpression(...) ; mdA = strId of the raw text inside the parentheses
  ArgList,       // !DIArgList(...) ; operands are Value metadata
}
export const MDF_DISTINCT: i32 = 1;

export let mdKind: U8Vec = new U8Vec();
export let mdFlags: U8Vec = new U8Vec();
export let mdA: I32Vec = new I32Vec();
export let mdOps: I32Vec = new I32Vec();     // start in mdPool
export let mdNOps: I32Vec = new I32Vec();    // Tuple/ArgList: operand count; Node: field count (3 pool entries each)
export let mdPool: I32Vec = new I32Vec();
// Node fields are (name strId, FV_ tag, value) triples in mdPool.
export const FV_MD: i32 = 0, FV_RAW: i32 = 1;

// Source numbering: !N -> md id.
export let mdByNumber: NumTable = new NumTable();

// Named metadata.
export let nmdName: I32Vec = new I32Vec();
export let nmdOps: I32Vec = new I32Vec();    // start in nmdPool
export let nmdNOps: I32Vec = new I32Vec();
export let nmdPool: I32Vec = new I32Vec();

// Attachments: singly linked (kind, md, next) records; lists are kept sorted by kind on insert.
export let attKind: I32Vec = new I32Vec();
export let attMD: I32Vec = new I32Vec();
export let attNext: I32Vec = new I32Vec();

// Attachment kinds: LLVM's fixed kinds first, in LLVM's numbering, then custom kinds in order of first sight.
export let mdKindName: I32Vec = new I32Vec();   // kind id -> strId
export const FIXED_MD_KINDS: string[] = [
  "dbg", "tbaa", "prof", "fpmath", "range", "tbaa.struct", "invariant.load", "alias.scope", "noalias",
  "nontemporal", "llvm.mem.parallel_loop_access", "nonnull", "dereferenceable", "dereferenceable_or_null",
  "make.implicit", "unpredictable", "invariant.group", "align", "llvm.loop", "type", "section_prefix",
  "absolute_symbol", "associated", "callees", "irr_loop", "llvm.access.group", "callback",
  "llvm.preserve.access.index", "vcall_visibility", "noundef", "annotation", "nosanitize", "func_sanitize",
  "exclude", "memprof", "callsite", "kcfi_type", "pcsections", "DIAssignID", "coro.outside.frame",
];
let kindByName: I32Vec = new I32Vec(); // strId -> attachment kind id
// The attachment kind id for a name, registering a custom kind on first sight.
export function attachmentKind(name: i32): i32 {
  if (name < kindByName.len) { let k = kindByName.get(name); if (k >= 0) return k; }
  else kindByName.resize(name + 1, -1);
  let k = mdKindName.push(name);
  kindByName.set(name, k);
  return k;
}
// Renumbers the attachment kinds: kind k becomes newId[k] (a permutation that keeps LLVM's fixed
// kinds). Attachments keep their lists; the caller re-sorts each list by the new ids.
export function renumberAttachmentKinds(newId: I32Vec): void {
  let n = mdKindName.len;
  let names = new I32Vec(n); names.resize(n, -1);
  for (let k = 0; k < n; k++) names.set(newId.get(k), mdKindName.get(k));
  for (let k = 0; k < n; k++) { mdKindName.set(k, names.get(k)); kindByName.set(names.get(k), k); }
  for (let a = 0; a < attKind.len; a++) attKind.set(a, newId.get(attKind.get(a)));
}
// (then, registered per LLVM version as reading starts: "mmra" 40; from LLVM 20 "noalias.addrspace";
// from LLVM 22 "callee_type" and "implicit.ref")
export const MDK_MMRA = 40;
export const MDK_DBG = 0, MDK_TBAA = 1, MDK_RANGE = 4, MDK_NONNULL = 11, MDK_TYPE = 19, MDK_NOUNDEF = 29, MDK_KCFI_TYPE = 36,
  MDK_DIASSIGNID = 38;
// Registers those version-dependent kinds; both readers call it as a module's reading starts (the
// version is set after the reset).
export function fillVersionMetaKinds(): void {
  attachmentKind(strtab.internStr("mmra"));
  if (has(Feature.NoaliasAddrspaceMD)) attachmentKind(strtab.internStr("noalias.addrspace"));
  if (has(Feature.CalleeTypeMD)) { attachmentKind(strtab.internStr("callee_type")); attachmentKind(strtab.internStr("implicit.ref")); }
}

// Debug records (#dbg_value and friends), attached before an instruction as a linked list.
export const enum DR { Value = 0, Declare, Assign, Label, DeclareValue }
export const DR_NAMES: string[] = ["value", "declare", "assign", "label", "declare_value"];
export let drKind: U8Vec = new U8Vec();
export let drOps: I32Vec = new I32Vec();   // start in drPool (md ids; -1 for an empty operand)
export let drNOps: I32Vec = new I32Vec();
export let drNext: I32Vec = new I32Vec();
export let drPool: I32Vec = new I32Vec();

export function resetMetadata(): void {
  mdKind = new U8Vec(); mdFlags = new U8Vec(); mdA = new I32Vec(); mdOps = new I32Vec(); mdNOps = new I32Vec();
  mdPool = new I32Vec(); mdByNumber = new NumTable();
  nmdName = new I32Vec(); nmdOps = new I32Vec(); nmdNOps = new I32Vec(); nmdPool = new I32Vec();
  attKind = new I32Vec(); attMD = new I32Vec(); attNext = new I32Vec();
  mdKindName = new I32Vec(); kindByName = new I32Vec();
  mdCanon = new I32Vec();
  drKind = new U8Vec(); drOps = new I32Vec(); drNOps = new I32Vec(); drNext = new I32Vec(); drPool = new I32Vec();
}

// Room for `nodes` nodes with `pool` operand entries and `attachments` attachments.
export function reserveMetadata(nodes: i32, pool: i32, attachments: i32): void {
  mdKind.reserve(nodes); mdFlags.reserve(nodes); mdA.reserve(nodes); mdOps.reserve(nodes); mdNOps.reserve(nodes);
  mdPool.reserve(pool);
  attKind.reserve(attachments); attMD.reserve(attachments); attNext.reserve(attachments);
}

export function newMD(kind: i32, a: i32): i32 {
  let id = mdKind.len;
  mdKind.push(<u8>kind); mdFlags.push(0); mdA.push(a); mdOps.push(mdPool.len); mdNOps.push(0);
  return id;
}
@inline export function mdCount(): i32 { return mdKind.len; }

// Adds an attachment to the list starting at `head`, keeping kind order; returns the new head.
// An existing attachment of the same kind is replaced, as LLVM's setMetadata does.
export function addAttachment(head: i32, kind: i32, md: i32, keepDuplicates: bool = false): i32 {
  let prev = -1, cur = head;
  while (cur >= 0 && (attKind.get(cur) < kind || (keepDuplicates && attKind.get(cur) == kind))) { prev = cur; cur = attNext.get(cur); }
  if (!keepDuplicates && cur >= 0 && attKind.get(cur) == kind) { attMD.set(cur, md); return head; }
  let a = attKind.push(kind); attMD.push(md); attNext.push(cur);
  if (prev >= 0) { attNext.set(prev, a); return head; }
  return a;
}
export function findAttachment(head: i32, kind: i32): i32 {
  for (let a = head; a >= 0; a = attNext.get(a)) if (attKind.get(a) == kind) return attMD.get(a);
  return -1;
}
export function removeAttachment(head: i32, kind: i32): i32 {
  let prev = -1;
  for (let a = head; a >= 0; a = attNext.get(a)) {
    if (attKind.get(a) == kind) {
      if (prev >= 0) { attNext.set(prev, attNext.get(a)); return head; }
      return attNext.get(a);
    }
    prev = a;
  }
  return head;
}

// The index of the named metadata node called `name`, or -1.
export function findNamedMD(name: string): i32 {
  for (let i = 0; i < nmdName.len; i++) if (strtab.eqStr(nmdName.get(i), name)) return i;
  return -1;
}
// NamedMDNode::addOperand, creating the node (last in module order) when it does not exist.
export function appendNamedMD(name: i32, md: i32): void {
  let i = 0;
  while (i < nmdName.len && nmdName.get(i) != name) i++;
  if (i == nmdName.len) { nmdName.push(name); nmdOps.push(nmdPool.len); nmdNOps.push(0); }
  let s = nmdOps.get(i), n = nmdNOps.get(i);
  if (s + n != nmdPool.len) {   // not at the pool's end: move the operands there first
    let ns = nmdPool.len;
    for (let j = 0; j < n; j++) nmdPool.push(nmdPool.get(s + j));
    nmdOps.set(i, ns);
  }
  nmdPool.push(md);
  nmdNOps.set(i, n + 1);
}

export function newDebugRecord(kind: i32): i32 {
  let r = drKind.len;
  drKind.push(<u8>kind); drOps.push(drPool.len); drNOps.push(0); drNext.push(-1);
  return r;
}

// LLVM uniques metadata: structurally equal nodes that are not `distinct` are one node. After
// parsing, equal nodes are merged (repeated to a fixed point, since merging children can make
// parents equal) and every reference is redirected to the first of each class.
//
// A node's key is (kind, mdA, operand count, operands), references read through `canon`. The hash
// table holds node ids and compares keys in place (no copy of the keys), so the scratch is a slot
// table and a hash per node. A node whose references are all still their own representatives has
// the key it had when it was hashed, so later rounds hash only the others again.
@inline function uniquable(m: i32): bool {
  let k = <i32>mdKind.get(m);
  // values and strings are unique already (ValueAsMetadata, MDString) but keyed all the same
  return k != MK.Forward && (mdFlags.get(m) & MDF_DISTINCT) == 0;
}
@inline function mixKey(h: u32, x: i32): u32 {
  h = (h ^ <u32>x) * 0x85EBCA6B;
  return h ^ (h >>> 13);
}
// The key's hash.
function keyHash(m: i32, canon: I32Vec): u32 {
  let k = <i32>mdKind.get(m);
  let s = mdOps.get(m), c = mdNOps.get(m);
  let h: u32 = 0x9E3779B9;
  h = mixKey(h, k); h = mixKey(h, mdA.get(m)); h = mixKey(h, c);
  if (k == MK.Node) {
    for (let i = 0; i < c; i++) {
      let p = s + 3 * i;
      let tag = mdPool.get(p + 1), v = mdPool.get(p + 2);
      if (tag == FV_MD && v >= 0) v = canon.get(v);
      h = mixKey(mixKey(mixKey(h, mdPool.get(p)), tag), v);
    }
  } else if (k != MK.Expr) {
    for (let i = 0; i < c; i++) {
      let v = mdPool.get(s + i);
      h = mixKey(h, v >= 0 ? canon.get(v) : v);
    }
  }
  h ^= h >>> 16; h *= 0x7FEB352D; h ^= h >>> 15;
  return h;
}
// Whether the key reads a reference whose representative changed in round `since` or later: the
// key (and its hash) taken in that round may be out of date.
function refsMergedSince(m: i32, mergedIn: Int32Array, since: i32): bool {
  let k = <i32>mdKind.get(m);
  let s = mdOps.get(m), c = mdNOps.get(m);
  if (k == MK.Node) {
    for (let i = 0; i < c; i++) {
      let p = s + 3 * i;
      let v = mdPool.get(p + 2);
      if (mdPool.get(p + 1) == FV_MD && v >= 0 && unchecked(mergedIn[v]) >= since) return true;
    }
  } else if (k != MK.Expr) {
    for (let i = 0; i < c; i++) { let v = mdPool.get(s + i); if (v >= 0 && unchecked(mergedIn[v]) >= since) return true; }
  }
  return false;
}
// Whether a's and b's keys are equal, references read through canon.
function sameKey(a: i32, b: i32, canon: I32Vec): bool {
  let k = <i32>mdKind.get(a);
  let c = mdNOps.get(a);
  if (<i32>mdKind.get(b) != k || mdA.get(a) != mdA.get(b) || mdNOps.get(b) != c) return false;
  let sa = mdOps.get(a), sb = mdOps.get(b);
  if (k == MK.Node) {
    for (let i = 0; i < c; i++) {
      let pa = sa + 3 * i, pb = sb + 3 * i;
      let tag = mdPool.get(pa + 1);
      if (mdPool.get(pa) != mdPool.get(pb) || tag != mdPool.get(pb + 1)) return false;
      let va = mdPool.get(pa + 2), vb = mdPool.get(pb + 2);
      if (tag == FV_MD) { if (va >= 0) va = canon.get(va); if (vb >= 0) vb = canon.get(vb); }
      if (va != vb) return false;
    }
  } else if (k != MK.Expr) {
    for (let i = 0; i < c; i++) {
      let va = mdPool.get(sa + i), vb = mdPool.get(sb + i);
      if (va >= 0) va = canon.get(va);
      if (vb >= 0) vb = canon.get(vb);
      if (va != vb) return false;
    }
  }
  return true;
}
// `merged`: nodes already known to stand for others, as (from, to) pairs (ODR-uniqued types).
export function uniqueMetadata(merged: I32Vec | null = null): void {
  let n = mdKind.len;
  if (n == 0) return;
  let canon = new I32Vec(n); canon.resize(n, 0);
  for (let i = 0; i < n; i++) canon.set(i, i);
  if (merged) for (let i = 0; i < merged.len; i += 2) canon.set(merged.get(i), merged.get(i + 1));
  // One table for every round. The first hashes every node; a later one only the nodes whose keys
  // read a node merged since they were hashed (only those can have become equal to another), and
  // adds them again under their new hash; an entry whose node was merged, or whose hash is not the
  // node's current one, never matches (a match compares current keys). Each class keeps its
  // lowest-numbered node, as a table made afresh in node order each round would.
  let size = 16;
  while (size < 2 * n) size <<= 1;
  let mask = size - 1;
  let slots = new Int32Array(size << 1).fill(-1);   // (node, hash) pairs: a probe that misses reads one slot
  let used = 0;
  let hashes = new Uint32Array(n);
  let hashedIn = new Int32Array(n);               // the round a node's hash is from
  let mergedIn = new Int32Array(n).fill(-1);      // the last round a node's representative changed
  let changed = true;
  for (let pass = 0; changed && pass < 64; pass++) {
    changed = false;
    for (let m = 0; m < n; m++) {
      if (canon.get(m) != m || !uniquable(m)) continue;
      if (pass > 0 && !refsMergedSince(m, mergedIn, unchecked(hashedIn[m]))) continue;
      let h = keyHash(m, canon);
      unchecked(hashes[m] = h); unchecked(hashedIn[m] = pass);
      let i = <i32>h & mask;
      while (true) {
        let o = unchecked(slots[2 * i]);
        if (o < 0) {
          unchecked(slots[2 * i] = m); unchecked(slots[2 * i + 1] = <i32>h);
          if (++used * 2 > size) {
            // re-added nodes filled the table: a bigger one with every representative
            size <<= 1; mask = size - 1;
            slots = new Int32Array(size << 1).fill(-1);
            used = 0;
            for (let x = 0; x < n; x++) {
              if (canon.get(x) != x || !uniquable(x)) continue;
              let hx = unchecked(hashes[x]);
              let j = <i32>hx & mask;
              while (unchecked(slots[2 * j]) >= 0) j = (j + 1) & mask;
              unchecked(slots[2 * j] = x); unchecked(slots[2 * j + 1] = <i32>hx);
              used++;
            }
          }
          break;
        }
        if (o != m && unchecked(slots[2 * i + 1]) == <i32>h && canon.get(o) == o && sameKey(o, m, canon)) {
          if (o < m) { canon.set(m, o); unchecked(mergedIn[m] = pass); }
          else { canon.set(o, m); unchecked(mergedIn[o] = pass); unchecked(slots[2 * i] = m); }
          changed = true;
          break;
        }
        i = (i + 1) & mask;
      }
    }
    // collapse chains
    for (let m = 0; m < n; m++) {
      let c0 = canon.get(m), c = c0;
      while (canon.get(c) != c) c = canon.get(c);
      if (c != c0) { canon.set(m, c); unchecked(mergedIn[m] = pass); }
    }
  }
  // redirect references
  for (let m = 0; m < n; m++) {
    let k = <i32>mdKind.get(m);
    let s = mdOps.get(m), c = mdNOps.get(m);
    if (k == MK.Node) {
      for (let i = 0; i < c; i++) if (mdPool.get(s + 3 * i + 1) == FV_MD) { let v = mdPool.get(s + 3 * i + 2); if (v >= 0) mdPool.set(s + 3 * i + 2, canon.get(v)); }
    } else if (k == MK.Tuple || k == MK.ArgList) {
      for (let i = 0; i < c; i++) { let v = mdPool.get(s + i); if (v >= 0) mdPool.set(s + i, canon.get(v)); }
    }
  }
  for (let i = 0; i < nmdPool.len; i++) { let v = nmdPool.get(i); if (v >= 0) nmdPool.set(i, canon.get(v)); }
  for (let i = 0; i < attMD.len; i++) { let v = attMD.get(i); if (v >= 0) attMD.set(i, canon.get(v)); }
  for (let i = 0; i < drPool.len; i++) { let v = drPool.get(i); if (v >= 0) drPool.set(i, canon.get(v)); }
  mdByNumber.remapValues(canon);
  // A node that is its own operand is distinct: LLVM drops the uniquing of a node whose forward
  // reference resolves to the node itself.
  for (let m = 0; m < n; m++) {
    if (canon.get(m) != m) continue;
    let k = <i32>mdKind.get(m);
    let s = mdOps.get(m), c = mdNOps.get(m);
    let self = false;
    if (k == MK.Tuple) { for (let i = 0; i < c; i++) if (mdPool.get(s + i) == m) { self = true; break; } }
    else if (k == MK.Node) { for (let i = 0; i < c; i++) if (mdPool.get(s + 3 * i + 1) == FV_MD && mdPool.get(s + 3 * i + 2) == m) { self = true; break; } }
    if (self) mdFlags.set(m, mdFlags.get(m) | <u8>MDF_DISTINCT);
  }
  mdCanon = canon;
}
// After uniqueMetadata: the representative of a node (metadata-as-value operands use it).
export let mdCanon: I32Vec = new I32Vec();
export function canonicalMD(m: i32): i32 { return m >= 0 && m < mdCanon.len ? mdCanon.get(m) : m; }
