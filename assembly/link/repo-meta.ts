// `wopt repo link` (repo-link.ts): the metadata each stored text brings, settled into the module. A
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
import { LinkHeaders } from "./repo-header";

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
@inline function isUniqued(m: i32): bool { return (mdFlags.get(m) & MDF_DISTINCT) == 0 && <i32>mdKind.get(m) != MK.Forward; }
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

// The metadata of one link (made by its RepoLinker): what stands for each node, the module's
// uniqued nodes by content and shared debug-info nodes by structural key, the structural hashes.
export class LinkMetadata {
  constructor(private headers: LinkHeaders) {}
  byRank: I32Vec = new I32Vec();       // rank (namedDistinctRanks) -> the ticket module's node
  // canon: md id -> the node that stands for it (a uniqued equal node, or the module's copy of a
  // distinct node). uniq: the uniqued nodes by content. shared: the distinct debug-info nodes by
  // structural key (occurrence-numbered, so equal copies in one text stay apart).
  canon: I32Vec = new I32Vec();
  uniq: ListInterner = new ListInterner();
  firstOf: I32Vec = new I32Vec();
  ukey: I32Vec = new I32Vec(16);
  shared: Map<u64, i32> = new Map<u64, i32>();
  occ: Map<u64, i32> = new Map<u64, i32>();
  S_ASSIGN_ID: i32 = -1;

  beginMetadata(): void {
    let n = mdCount();
    this.canon.clear(); this.canon.resize(n, 0);
    for (let m = 0; m < n; m++) this.canon.set(m, m < mdCanon.len ? mdCanon.get(m) : m);
    this.S_ASSIGN_ID = strtab.internStr("DIAssignID");
    for (let m = 0; m < n; m++) {
      if (this.canon.get(m) != m || !isUniqued(m)) continue;
      let id = this.uniq.internVec(this.uniqueKey(m), 0, this.ukey.len);
      if (id == this.firstOf.len) this.firstOf.push(m);
    }
    let ranks = namedDistinctRanks();
    for (let m = 0; m < n; m++) {
      let r = ranks.get(m);
      if (r < 0) continue;
      this.byRank.fit(r + 1, -1);
      this.byRank.set(r, this.canon.get(m));
    }
    this.occ.clear();
    for (let m = 0; m < n; m++) {
      if (this.canon.get(m) != m || !this.isShareable(m)) continue;
      let h = this.numbered(this.distinctKey(m));
      if (!this.shared.has(h)) this.shared.set(h, m);
    }
  }
  // The node that stands for m once its text is settled.
  canonicalOf(m: i32): i32 { return m < this.canon.len ? this.canon.get(m) : m; }
  // A distinct debug-info node other definitions may refer to too (not an assignment id: those,
  // loop ids and other distinct tuples belong to one function).
  isShareable(m: i32): bool {
    return (mdFlags.get(m) & MDF_DISTINCT) != 0 && <i32>mdKind.get(m) == MK.Node && mdA.get(m) != this.S_ASSIGN_ID;
  }
  numbered(h: u64): u64 {
    let c = this.occ.has(h) ? this.occ.get(h) : 0;
    this.occ.set(h, c + 1);
    return mix(h, <u64>c + 0x51ed27);
  }
  // The content key LLVM uniques by, operands through canon.
  uniqueKey(m: i32): I32Vec {
    let key = this.ukey;
    key.clear();
    let k = <i32>mdKind.get(m);
    key.push(k); key.push(mdA.get(m));
    let s = mdOps.get(m), c = mdNOps.get(m);
    key.push(c);
    if (k == MK.Node) {
      for (let i = 0; i < c; i++) {
        let tag = mdPool.get(s + 3 * i + 1), v = mdPool.get(s + 3 * i + 2);
        key.push(mdPool.get(s + 3 * i)); key.push(tag);
        key.push(tag == FV_MD && v >= 0 ? this.canon.get(v) : v);
      }
    } else if (k == MK.Tuple || k == MK.ArgList) {
      for (let i = 0; i < c; i++) { let v = mdPool.get(s + i); key.push(v >= 0 ? this.canon.get(v) : v); }
    }
    return key;
  }

  // Structural hashes: a node's kind, class and fields, its uniqued operands' hashes and its
  // distinct operands' shallow hashes (kind, class and plain fields: they stop the walk at cycles).
  hashMemo: I64Vec = new I64Vec();
  hashState: U8Vec = new U8Vec();     // 0 not computed, 1 on the stack, 2 done
  hstack: I32Vec = new I32Vec();
  operandHash(x: i32): u64 {
    if (x < 0) return 0x6E756C6C;
    if ((mdFlags.get(x) & MDF_DISTINCT) != 0) return shallowHash(x);
    return <u64>this.hashMemo.get(x);
  }
  // The hash of m from its operands' (which are ready).
  nodeHash(m: i32): u64 {
    let k = <i32>mdKind.get(m);
    let h = mix(0x5EED, <u64>k);
    h = mix(h, <u64>mdA.get(m));
    let s = mdOps.get(m), c = mdNOps.get(m);
    h = mix(h, <u64>c);
    if (k == MK.Node) {
      for (let i = 0; i < c; i++) {
        let tag = mdPool.get(s + 3 * i + 1), v = mdPool.get(s + 3 * i + 2);
        h = mix(h, <u64>mdPool.get(s + 3 * i));
        h = mix(h, tag == FV_MD ? this.operandHash(v) : <u64>v);
      }
    } else if (k == MK.Tuple || k == MK.ArgList) {
      for (let i = 0; i < c; i++) h = mix(h, this.operandHash(mdPool.get(s + i)));
    }
    return h;
  }
  // Pushes the children of m whose hashes nodeHash reads (uniqued ones not yet done; one still
  // waiting on the stack is pushed again, so that it is done before m).
  pushChildren(m: i32, st: I32Vec): void {
    let k = <i32>mdKind.get(m);
    let s = mdOps.get(m), c = mdNOps.get(m);
    if (k == MK.Node) {
      for (let i = c - 1; i >= 0; i--) if (mdPool.get(s + 3 * i + 1) == FV_MD) this.pushIfNeeded(mdPool.get(s + 3 * i + 2), st);
    } else if (k == MK.Tuple || k == MK.ArgList) {
      for (let i = c - 1; i >= 0; i--) this.pushIfNeeded(mdPool.get(s + i), st);
    }
  }
  @inline pushIfNeeded(x: i32, st: I32Vec): void {
    if (x < 0 || (mdFlags.get(x) & MDF_DISTINCT) != 0) return;
    let s = this.hashState.get(x);
    if (s == 0 || s == 1) { this.hashState.set(x, 1); st.push(x); }
  }
  // The structural key of distinct node m. Iterative post-order (metadata chains may be deep):
  // state 1 waiting, 3 expanded (its children are above it), 2 done. A uniqued node met again
  // on its own path (a cycle without a distinct node) counts its hash as 0 there.
  distinctKey(m: i32): u64 {
    let n = mdCount();
    if (this.hashMemo.len < n) { this.hashMemo.resize(n, 0); this.hashState.resize(n, 0); }
    let st = this.hstack;
    st.clear();
    this.pushChildren(m, st);
    while (st.len > 0) {
      let x = st.last();
      let s = this.hashState.get(x);
      if (s == 1) { this.hashState.set(x, 3); this.pushChildren(x, st); continue; }
      st.pop();
      if (s == 3) { this.hashMemo.set(x, <i64>this.nodeHash(x)); this.hashState.set(x, 2); }
    }
    return this.nodeHash(m);
  }

  // Settles the metadata made since mdBase (by item i's text; -1: by the link itself): a distinct
  // node the text's header marks as shared becomes the module's node (the same debug-info node by
  // structural key, or the node another text of the same run had), uniqued nodes equal to one the
  // module has become that one, and every reference made since the bases goes to the node that
  // stands for it. `named`: the named metadata was edited too.
  byRun: Map<u64, i32> = new Map<u64, i32>();
  settleMetadata(i: i32, mdBase: i32, attBase: i32, drBase: i32, valueBase: i32, named: bool): void {
    let n = mdCount();
    for (let m = this.canon.len; m < n; m++) this.canon.push(m);
    // distinct nodes other definitions share
    if (i >= 0) {
      this.occ.clear();
      let s = this.headers.hDistStart.get(i), e = i + 1 < this.headers.hDistStart.len ? this.headers.hDistStart.get(i + 1) : this.headers.hDist.len;
      for (let x = s; x < e; x += 3) {
        let num = this.headers.hDist.get(x), rank = this.headers.hDist.get(x + 2);
        let m = num >= 0 ? mdByNumber.get(<u32>num) : -1;
        if (m < mdBase || (mdFlags.get(m) & MDF_DISTINCT) == 0 || this.canon.get(m) != m) continue;
        // the named metadata reaches it: the ticket module's node of that rank
        if (rank >= 0 && rank < this.byRank.len) {
          let r = this.byRank.get(rank);
          if (r >= 0 && mdKind.get(r) == mdKind.get(m) && mdA.get(r) == mdA.get(m)) { this.canon.set(m, r); continue; }
        }
        let sk = this.distinctKey(m);
        let found = -1;
        let h: u64 = 0;
        let di = this.isShareable(m);
        if (di) { h = this.numbered(sk); if (this.shared.has(h)) found = this.shared.get(h); }
        let r = mix(sk, <u64>this.headers.hDist.get(x + 1) + 0x2545F491);
        if (found < 0 && this.byRun.has(r)) found = this.byRun.get(r);
        let to = found >= 0 ? found : m;
        if (di && !this.shared.has(h)) this.shared.set(h, to);
        if (!this.byRun.has(r)) this.byRun.set(r, to);
        if (found >= 0) this.canon.set(m, found);
      }
    }
    // uniqued nodes, operands first (iterative post-order: state 1 waiting, 2 expanded, 3 done;
    // a node still waiting is pushed again by a later parent, so that it is done first)
    let st = this.hstack;
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
            for (let i = c - 1; i >= 0; i--) if (mdPool.get(s + 3 * i + 1) == FV_MD) this.pushNew(mdPool.get(s + 3 * i + 2), mdBase, state, st);
          } else if (k == MK.Tuple || k == MK.ArgList) {
            for (let i = c - 1; i >= 0; i--) this.pushNew(mdPool.get(s + i), mdBase, state, st);
          }
          continue;
        }
        st.pop();
        if (sx != 2) continue;
        state.set(x - mdBase, 3);
        let id = this.uniq.internVec(this.uniqueKey(x), 0, this.ukey.len);
        if (id == this.firstOf.len) this.firstOf.push(x);
        else this.canon.set(x, this.firstOf.get(id));
      }
    }
    // references
    for (let m = mdBase; m < n; m++) {
      let k = <i32>mdKind.get(m), s = mdOps.get(m), c = mdNOps.get(m);
      if (k == MK.Node) {
        for (let i = 0; i < c; i++) if (mdPool.get(s + 3 * i + 1) == FV_MD) { let v = mdPool.get(s + 3 * i + 2); if (v >= 0) mdPool.set(s + 3 * i + 2, this.canon.get(v)); }
      } else if (k == MK.Tuple || k == MK.ArgList) {
        for (let i = 0; i < c; i++) { let v = mdPool.get(s + i); if (v >= 0) mdPool.set(s + i, this.canon.get(v)); }
      }
    }
    for (let a = attBase; a < attMD.len; a++) { let v = attMD.get(a); if (v >= 0) attMD.set(a, this.canon.get(v)); }
    for (let x = drBase; x < drPool.len; x++) { let v = drPool.get(x); if (v >= 0 && v < this.canon.len) drPool.set(x, this.canon.get(v)); }
    for (let v = valueBase; v < valueCount(); v++) if (<i32>vKind.get(v) == VK.MDValue) { let m = vA.get(v); if (m >= 0) vA.set(v, this.canon.get(m)); }
    if (named) for (let x = 0; x < nmdPool.len; x++) { let v = nmdPool.get(x); if (v >= 0) nmdPool.set(x, this.canon.get(v)); }
  }
  @inline pushNew(x: i32, base: i32, state: U8Vec, st: I32Vec): void {
    if (x < base || this.canon.get(x) != x || !isUniqued(x)) return;
    let s = state.get(x - base);
    if (s == 0 || s == 1) { state.set(x - base, 1); st.push(x); }
  }

}