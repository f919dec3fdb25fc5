// `wopt repo link` (link.ts): the metadata each stored text brings, settled into the module. A
// distinct node the text's header marks as shared with other definitions becomes the module's
// node (of the same named-metadata rank, or the one another text of the run gave that id, or
// the same debug-info node by structural key); uniqued nodes are uniqued against the module's,
// children first, as LLVM uniques them; every reference the text made goes to the node that
// stands for it.
import { I32Vec, I64Vec, U8Vec } from "../util/vec";
import { ListInterner } from "../util/listintern";
import { strtab } from "../ir/module";
import { VK, vKind, vA, valueCount } from "../ir/values";
import {
  MK, MDF_DISTINCT, mdKind, mdFlags, mdA, mdOps, mdNOps, mdPool, mdCount, mdByNumber, mdCanon, FV_MD, FV_RAW,
  nmdName, nmdOps, nmdNOps, nmdPool, attMD, drPool,
} from "../ir/metadata";
import { hDist, hDistStart } from "./repo-header";

export function resetLinkMetadata(): void {
  canon = new I32Vec(); uniq = new ListInterner(); firstOf = new I32Vec(); ukey = new I32Vec(16);
  shared = new Map<u64, i32>(); hashMemo = new I64Vec(); hashState = new U8Vec(); hstack = new I32Vec();
  occ = new Map<u64, i32>(); S_ASSIGN_ID = -1; byRun = new Map<u64, i32>(); byRank = new I32Vec();
}
// The distinct nodes the named metadata reaches (`!repo.tickets` aside), in a pre-order walk:
// md id -> rank, -1 for the others. The full run and the ticket module have the same named
// metadata, so a rank names the same node in both (collectRecords writes it in the header).
export function namedDistinctRanks(): I32Vec {
  let n = mdCount();
  let rank = new I32Vec(n); rank.resize(n, -1);
  let seen = new U8Vec(n); seen.resize(n, 0);
  let work = new I32Vec();
  let next = 0;
  for (let i = 0; i < nmdName.len; i++) {
    if (strtab.eqStr(nmdName.get(i), "repo.tickets")) continue;
    let s0 = nmdOps.get(i);
    for (let j = nmdNOps.get(i) - 1; j >= 0; j--) work.push(nmdPool.get(s0 + j));
    while (work.len > 0) {
      let x = work.pop();
      if (x < 0 || x >= n || seen.get(x) != 0) continue;
      seen.set(x, 1);
      if ((mdFlags.get(x) & MDF_DISTINCT) != 0) rank.set(x, next++);
      let k = <i32>mdKind.get(x), s = mdOps.get(x), c = mdNOps.get(x);
      if (k == MK.Tuple || k == MK.ArgList) { for (let q = c - 1; q >= 0; q--) work.push(mdPool.get(s + q)); }
      else if (k == MK.Node) { for (let q = c - 1; q >= 0; q--) if (mdPool.get(s + 3 * q + 1) == FV_MD) work.push(mdPool.get(s + 3 * q + 2)); }
    }
    work.clear();
  }
  return rank;
}
let byRank: I32Vec = new I32Vec();       // rank (namedDistinctRanks) -> the ticket module's node
// canon: md id -> the node that stands for it (a uniqued equal node, or the module's copy of a
// distinct node). uniq: the uniqued nodes by content. shared: the distinct debug-info nodes by
// structural key (occurrence-numbered, so equal copies in one text stay apart).
let canon: I32Vec = new I32Vec();
let uniq: ListInterner = new ListInterner();
let firstOf: I32Vec = new I32Vec();
let ukey: I32Vec = new I32Vec(16);
let shared: Map<u64, i32> = new Map<u64, i32>();
let occ: Map<u64, i32> = new Map<u64, i32>();
let S_ASSIGN_ID: i32 = -1;

export function beginMetadata(): void {
  let n = mdCount();
  canon.clear(); canon.resize(n, 0);
  for (let m = 0; m < n; m++) canon.set(m, m < mdCanon.len ? mdCanon.get(m) : m);
  S_ASSIGN_ID = strtab.internStr("DIAssignID");
  for (let m = 0; m < n; m++) {
    if (canon.get(m) != m || !isUniqued(m)) continue;
    let id = uniq.internVec(uniqueKey(m), 0, ukey.len);
    if (id == firstOf.len) firstOf.push(m);
  }
  let ranks = namedDistinctRanks();
  for (let m = 0; m < n; m++) {
    let r = ranks.get(m);
    if (r < 0) continue;
    byRank.fit(r + 1, -1);
    byRank.set(r, canon.get(m));
  }
  occ.clear();
  for (let m = 0; m < n; m++) {
    if (canon.get(m) != m || !isShareable(m)) continue;
    let h = numbered(distinctKey(m));
    if (!shared.has(h)) shared.set(h, m);
  }
}
// The node that stands for m once its text is settled.
export function canonicalOf(m: i32): i32 { return m < canon.len ? canon.get(m) : m; }
@inline function isUniqued(m: i32): bool { return (mdFlags.get(m) & MDF_DISTINCT) == 0 && <i32>mdKind.get(m) != MK.Forward; }
// A distinct debug-info node other definitions may refer to too (not an assignment id: those,
// loop ids and other distinct tuples belong to one function).
function isShareable(m: i32): bool {
  return (mdFlags.get(m) & MDF_DISTINCT) != 0 && <i32>mdKind.get(m) == MK.Node && mdA.get(m) != S_ASSIGN_ID;
}
function numbered(h: u64): u64 {
  let c = occ.has(h) ? occ.get(h) : 0;
  occ.set(h, c + 1);
  return mix(h, <u64>c + 0x51ed27);
}
// The content key LLVM uniques by, operands through canon.
function uniqueKey(m: i32): I32Vec {
  let key = ukey;
  key.clear();
  let k = <i32>mdKind.get(m);
  key.push(k); key.push(mdA.get(m));
  let s = mdOps.get(m), c = mdNOps.get(m);
  key.push(c);
  if (k == MK.Node) {
    for (let i = 0; i < c; i++) {
      let tag = mdPool.get(s + 3 * i + 1), v = mdPool.get(s + 3 * i + 2);
      key.push(mdPool.get(s + 3 * i)); key.push(tag);
      key.push(tag == FV_MD && v >= 0 ? canon.get(v) : v);
    }
  } else if (k == MK.Tuple || k == MK.ArgList) {
    for (let i = 0; i < c; i++) { let v = mdPool.get(s + i); key.push(v >= 0 ? canon.get(v) : v); }
  }
  return key;
}

// Structural hashes: a node's kind, class and fields, its uniqued operands' hashes and its
// distinct operands' shallow hashes (kind, class and plain fields: they stop the walk at cycles).
let hashMemo: I64Vec = new I64Vec();
let hashState: U8Vec = new U8Vec();     // 0 not computed, 1 on the stack, 2 done
let hstack: I32Vec = new I32Vec();
@inline function mix(h: u64, v: u64): u64 {
  let x = (h ^ v) * 0x9E3779B97F4A7C15;
  return x ^ (x >>> 29);
}
function shallowHash(m: i32): u64 {
  let k = <i32>mdKind.get(m);
  let h = mix(0xD157_1C7, <u64>k);
  h = mix(h, <u64>mdA.get(m));
  let s = mdOps.get(m), c = mdNOps.get(m);
  h = mix(h, <u64>c);
  if (k == MK.Node) {
    for (let i = 0; i < c; i++) {
      h = mix(h, <u64>mdPool.get(s + 3 * i));
      if (mdPool.get(s + 3 * i + 1) == FV_RAW) h = mix(h, <u64>mdPool.get(s + 3 * i + 2));
    }
  }
  return h;
}
function operandHash(x: i32): u64 {
  if (x < 0) return 0x6E756C6C;
  if ((mdFlags.get(x) & MDF_DISTINCT) != 0) return shallowHash(x);
  return <u64>hashMemo.get(x);
}
// The hash of m from its operands' (which are ready).
function nodeHash(m: i32): u64 {
  let k = <i32>mdKind.get(m);
  let h = mix(0x5EED, <u64>k);
  h = mix(h, <u64>mdA.get(m));
  let s = mdOps.get(m), c = mdNOps.get(m);
  h = mix(h, <u64>c);
  if (k == MK.Node) {
    for (let i = 0; i < c; i++) {
      let tag = mdPool.get(s + 3 * i + 1), v = mdPool.get(s + 3 * i + 2);
      h = mix(h, <u64>mdPool.get(s + 3 * i));
      h = mix(h, tag == FV_MD ? operandHash(v) : <u64>v);
    }
  } else if (k == MK.Tuple || k == MK.ArgList) {
    for (let i = 0; i < c; i++) h = mix(h, operandHash(mdPool.get(s + i)));
  }
  return h;
}
// Pushes the children of m whose hashes nodeHash reads (uniqued ones not yet done; one still
// waiting on the stack is pushed again, so that it is done before m).
function pushChildren(m: i32, st: I32Vec): void {
  let k = <i32>mdKind.get(m);
  let s = mdOps.get(m), c = mdNOps.get(m);
  if (k == MK.Node) {
    for (let i = c - 1; i >= 0; i--) if (mdPool.get(s + 3 * i + 1) == FV_MD) pushIfNeeded(mdPool.get(s + 3 * i + 2), st);
  } else if (k == MK.Tuple || k == MK.ArgList) {
    for (let i = c - 1; i >= 0; i--) pushIfNeeded(mdPool.get(s + i), st);
  }
}
@inline function pushIfNeeded(x: i32, st: I32Vec): void {
  if (x < 0 || (mdFlags.get(x) & MDF_DISTINCT) != 0) return;
  let s = hashState.get(x);
  if (s == 0 || s == 1) { hashState.set(x, 1); st.push(x); }
}
// The structural key of distinct node m. Iterative post-order (metadata chains may be deep):
// state 1 waiting, 3 expanded (its children are above it), 2 done. A uniqued node met again
// on its own path (a cycle without a distinct node) counts its hash as 0 there.
function distinctKey(m: i32): u64 {
  let n = mdCount();
  if (hashMemo.len < n) { hashMemo.resize(n, 0); hashState.resize(n, 0); }
  let st = hstack;
  st.clear();
  pushChildren(m, st);
  while (st.len > 0) {
    let x = st.last();
    let s = hashState.get(x);
    if (s == 1) { hashState.set(x, 3); pushChildren(x, st); continue; }
    st.pop();
    if (s == 3) { hashMemo.set(x, <i64>nodeHash(x)); hashState.set(x, 2); }
  }
  return nodeHash(m);
}

// Settles the metadata made since mdBase (by item i's text; -1: by the link itself): a distinct
// node the text's header marks as shared becomes the module's node (the same debug-info node by
// structural key, or the node another text of the same run had), uniqued nodes equal to one the
// module has become that one, and every reference made since the bases goes to the node that
// stands for it. `named`: the named metadata was edited too.
let byRun: Map<u64, i32> = new Map<u64, i32>();
export function settleMetadata(i: i32, mdBase: i32, attBase: i32, drBase: i32, valueBase: i32, named: bool): void {
  let n = mdCount();
  for (let m = canon.len; m < n; m++) canon.push(m);
  // distinct nodes other definitions share
  if (i >= 0) {
    occ.clear();
    let s = hDistStart.get(i), e = i + 1 < hDistStart.len ? hDistStart.get(i + 1) : hDist.len;
    for (let x = s; x < e; x += 3) {
      let num = hDist.get(x), rank = hDist.get(x + 2);
      let m = num >= 0 ? mdByNumber.get(<u32>num) : -1;
      if (m < mdBase || (mdFlags.get(m) & MDF_DISTINCT) == 0 || canon.get(m) != m) continue;
      // the named metadata reaches it: the ticket module's node of that rank
      if (rank >= 0 && rank < byRank.len) {
        let r = byRank.get(rank);
        if (r >= 0 && mdKind.get(r) == mdKind.get(m) && mdA.get(r) == mdA.get(m)) { canon.set(m, r); continue; }
      }
      let sk = distinctKey(m);
      let found = -1;
      let h: u64 = 0;
      let di = isShareable(m);
      if (di) { h = numbered(sk); if (shared.has(h)) found = shared.get(h); }
      let r = mix(sk, <u64>hDist.get(x + 1) + 0x2545F491);
      if (found < 0 && byRun.has(r)) found = byRun.get(r);
      let to = found >= 0 ? found : m;
      if (di && !shared.has(h)) shared.set(h, to);
      if (!byRun.has(r)) byRun.set(r, to);
      if (found >= 0) canon.set(m, found);
    }
  }
  // uniqued nodes, operands first (iterative post-order: state 1 waiting, 2 expanded, 3 done;
  // a node still waiting is pushed again by a later parent, so that it is done first)
  let st = hstack;
  let state = new U8Vec(n - mdBase + 1); state.resize(n - mdBase, 0);
  for (let m0 = mdBase; m0 < n; m0++) {
    if (state.get(m0 - mdBase) != 0 || !isUniqued(m0)) continue;
    st.clear(); st.push(m0); state.set(m0 - mdBase, 1);
    while (st.len > 0) {
      let x = st.last();
      let sx = state.get(x - mdBase);
      if (sx == 1) {
        state.set(x - mdBase, 2);
        let k = <i32>mdKind.get(x), s = mdOps.get(x), c = mdNOps.get(x);
        if (k == MK.Node) {
          for (let i = c - 1; i >= 0; i--) if (mdPool.get(s + 3 * i + 1) == FV_MD) pushNew(mdPool.get(s + 3 * i + 2), mdBase, state, st);
        } else if (k == MK.Tuple || k == MK.ArgList) {
          for (let i = c - 1; i >= 0; i--) pushNew(mdPool.get(s + i), mdBase, state, st);
        }
        continue;
      }
      st.pop();
      if (sx != 2) continue;
      state.set(x - mdBase, 3);
      let id = uniq.internVec(uniqueKey(x), 0, ukey.len);
      if (id == firstOf.len) firstOf.push(x);
      else canon.set(x, firstOf.get(id));
    }
  }
  // references
  for (let m = mdBase; m < n; m++) {
    let k = <i32>mdKind.get(m), s = mdOps.get(m), c = mdNOps.get(m);
    if (k == MK.Node) {
      for (let i = 0; i < c; i++) if (mdPool.get(s + 3 * i + 1) == FV_MD) { let v = mdPool.get(s + 3 * i + 2); if (v >= 0) mdPool.set(s + 3 * i + 2, canon.get(v)); }
    } else if (k == MK.Tuple || k == MK.ArgList) {
      for (let i = 0; i < c; i++) { let v = mdPool.get(s + i); if (v >= 0) mdPool.set(s + i, canon.get(v)); }
    }
  }
  for (let a = attBase; a < attMD.len; a++) { let v = attMD.get(a); if (v >= 0) attMD.set(a, canon.get(v)); }
  for (let x = drBase; x < drPool.len; x++) { let v = drPool.get(x); if (v >= 0 && v < canon.len) drPool.set(x, canon.get(v)); }
  for (let v = valueBase; v < valueCount(); v++) if (<i32>vKind.get(v) == VK.MDValue) { let m = vA.get(v); if (m >= 0) vA.set(v, canon.get(m)); }
  if (named) for (let x = 0; x < nmdPool.len; x++) { let v = nmdPool.get(x); if (v >= 0) nmdPool.set(x, canon.get(v)); }
}
@inline function pushNew(x: i32, base: i32, state: U8Vec, st: I32Vec): void {
  if (x < base || canon.get(x) != x || !isUniqued(x)) return;
  let s = state.get(x - base);
  if (s == 0 || s == 1) { state.set(x - base, 1); st.push(x); }
}
