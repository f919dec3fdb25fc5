// Program repository, step 3: the RepoDefinition metadata, in the seed's syntax
//   !repo.tickets = !{!0, ...}
//   define ... @test() ... !repo_ticket !0 { ... }
//   !0 = !RepoDefinition(name: "test", digest: [16 x i8] c"...", linkage: external,
//                        visibility: default, pruned: false)
// or, with the `repo-plain-metadata` option, as a plain tuple stock LLVM reads:
//   !0 = !{!"RepoDefinition", !"test", [16 x i8] c"...", !"external", !"default", i1 false}
// Nodes of either form are read back (repo-prune, `wopt repo link`), so a module that went
// through repo-metadata once can be pruned or linked by a later wopt run.
import { I32Vec } from "../util/vec";
import { OutBuf } from "../util/outbuf";
import { ListInterner } from "../util/listintern";
import { strtab } from "../ir/module";
import {
  MK, mdKind, mdA, mdOps, mdNOps, mdPool, newMD, FV_RAW, nmdName, nmdOps, nmdNOps, nmdPool, mdCount,
} from "../ir/metadata";
import { vKind, vA, VK, vType } from "../ir/values";
import { getData, getBool, intLow64 } from "../ir/constants";
import { arrayType, T_I8 } from "../ir/types";
import { LINKAGE_NAMES, VISIBILITY_NAMES } from "../ir/globals";
import { Blake3 } from "../util/blake3";

export const TICKET_KIND_NAME = "repo_ticket";
export const TICKET_LIST_NAME = "repo.tickets";

function internBuf(o: OutBuf): i32 { return strtab.intern(o.buf.ptr, o.len); }

// LLVM's printEscapedString: printable ASCII other than '\\' and '"' as is, a backslash doubled,
// the rest as \\XX (the form the printer gives a quoted field, so that a node made here and the
// same node read back from printed text are equal). The digest's bytes keep \\XX for every
// escape (`digest:` is printed as it is; readers of the tickets expect that form).
function escapeInto(o: OutBuf, p: usize, n: i32, doubleBackslash: bool = true): void {
  for (let i = 0; i < n; i++) {
    let c = <i32>load<u8>(p + <usize>i);
    if (c >= 0x20 && c < 0x7F && c != 92 && c != 34) o.byte(c);
    else if (c == 92 && doubleBackslash) { o.byte(92); o.byte(92); }
    else { o.byte(92); o.hex(<u64>c, 2, true); }
  }
}
export function linkageName(l: i32): string { return l == 0 ? "external" : LINKAGE_NAMES[l]; }
export function visibilityName(v: i32): string { return v == 0 ? "default" : VISIBILITY_NAMES[v]; }
export function linkageFromName(p: usize, n: i32): i32 {
  let s = String.UTF8.decodeUnsafe(p, <usize>n, false);
  if (s == "external") return 0;
  for (let i = 1; i < LINKAGE_NAMES.length; i++) if (LINKAGE_NAMES[i] == s) return i;
  return -1;
}
export function visibilityFromName(p: usize, n: i32): i32 {
  let s = String.UTF8.decodeUnsafe(p, <usize>n, false);
  if (s == "default") return 0;
  if (s == "hidden") return 1;
  if (s == "protected") return 2;
  return -1;
}

function hexv(c: i32): i32 {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}
// Unescapes the LLVM string starting at the first '"' at or after p (text of n bytes) into o.
function unescapeFrom(o: OutBuf, p: usize, n: i32, startAt: i32): bool {
  let i = startAt;
  while (i < n && load<u8>(p + <usize>i) != 34) i++;
  if (i >= n) return false;
  i++;
  while (i < n) {
    let c = <i32>load<u8>(p + <usize>i);
    if (c == 34) return true;
    if (c == 92 && i + 2 < n) {
      let h = hexv(load<u8>(p + <usize>(i + 1))), l = hexv(load<u8>(p + <usize>(i + 2)));
      if (h >= 0 && l >= 0) { o.byte((h << 4) | l); i += 3; continue; }
      if (load<u8>(p + <usize>(i + 1)) == 92) { o.byte(92); i += 2; continue; }
    }
    o.byte(c); i++;
  }
  return false;
}
function rawOf(m: i32, name: string): i32 {
  let s = mdOps.get(m), n = mdNOps.get(m);
  for (let i = 0; i < n; i++) {
    if (strtab.eqStr(mdPool.get(s + 3 * i), name) && mdPool.get(s + 3 * i + 1) == FV_RAW) return mdPool.get(s + 3 * i + 2);
  }
  return -1;
}
function mdStringEq(m: i32, s: string): bool { return m >= 0 && <i32>mdKind.get(m) == MK.String && strtab.eqStr(mdA.get(m), s); }

// The ticket codec: makes ticket nodes (interned per codec, as LLVM uniques metadata within a
// module) and reads them back into its t* fields. One per user: a pipeline run's repository
// state (passes/repo/pass.ts), a link (repo-link.ts).
export class Tickets {
  private interned: ListInterner = new ListInterner();
  private internedMD: I32Vec = new I32Vec();
  private key: I32Vec = new I32Vec(8);
  // Scratch buffers, reused (an OutBuf reserves 64 KiB and the stub runtime never frees).
  private sA: OutBuf = new OutBuf();
  private sB: OutBuf = new OutBuf();
  private sC: OutBuf = new OutBuf();
  private K: Blake3 = new Blake3();
  private internText(s: string): i32 { let o = this.sC; o.clear(); o.str(s); return internBuf(o); }

  // A ticket node (interned: the same fields give the same node, as LLVM uniques metadata).
  // name: strId of the raw name bytes (or -1 for an unnamed global); digest: 16 bytes.
  makeTicket(name: i32, digest: usize, linkage: i32, visibility: i32, pruned: bool, plain: bool): i32 {
    let o = this.sA; o.clear();
    // (the plain form's name is an MDString's text, which keeps \\XX for a backslash as before)
    if (name >= 0) escapeInto(o, strtab.ptrOf(name), strtab.lenOf(name), !plain);
    let nameEsc = internBuf(o);
    let rawDigest = strtab.intern(digest, 16);
    this.key.clear(); this.key.push(plain ? 1 : 0); this.key.push(nameEsc); this.key.push(rawDigest); this.key.push(linkage); this.key.push(visibility); this.key.push(pruned ? 1 : 0);
    let id = this.interned.internVec(this.key, 0, this.key.len);
    if (id < this.internedMD.len) return this.internedMD.get(id);
    let m: i32;
    if (plain) {
      m = newMD(MK.Tuple, -1);
      let ops = new I32Vec(6);
      ops.push(newMD(MK.String, this.internText("RepoDefinition")));
      ops.push(newMD(MK.String, nameEsc));
      ops.push(newMD(MK.Value, getData(arrayType(T_I8, 16), rawDigest)));
      ops.push(newMD(MK.String, this.internText(linkageName(linkage))));
      ops.push(newMD(MK.String, this.internText(visibilityName(visibility))));
      ops.push(newMD(MK.Value, getBool(pruned)));
      mdOps.set(m, mdPool.len);
      for (let i = 0; i < ops.len; i++) mdPool.push(ops.get(i));
      mdNOps.set(m, ops.len);
    } else {
      m = newMD(MK.Node, this.internText("RepoDefinition"));
      let start = mdPool.len;
      let f = this.sB; f.clear(); f.byte(34); f.bytes(strtab.ptrOf(nameEsc), strtab.lenOf(nameEsc)); f.byte(34);
      this.field("name", internBuf(f));
      f.clear(); f.str("[16 x i8] c\""); escapeInto(f, digest, 16, false); f.byte(34);
      this.field("digest", internBuf(f));
      this.field("linkage", this.internText(linkageName(linkage)));
      this.field("visibility", this.internText(visibilityName(visibility)));
      this.field("pruned", this.internText(pruned ? "true" : "false"));
      mdOps.set(m, start);
      mdNOps.set(m, 5);
    }
    this.internedMD.push(m);
    return m;
  }
  field(name: string, value: i32): void { mdPool.push(this.internText(name)); mdPool.push(FV_RAW); mdPool.push(value); }

  // ---- reading ----
  tName: OutBuf = new OutBuf();      // unescaped name bytes
  tDigest: usize = 0;                // 16 bytes
  tLinkage: i32 = 0;
  tVisibility: i32 = 0;
  tPruned: bool = false;
  tPlain: bool = false;


  // Reads ticket node m into the t* fields; false when m is not a well-formed ticket.
  readTicket(m: i32): bool {
    if (m < 0 || m >= mdCount()) return false;
    if (this.tDigest == 0) this.tDigest = heap.alloc(16);
    this.tName.clear();
    let k = <i32>mdKind.get(m);
    if (k == MK.Node && strtab.eqStr(mdA.get(m), "RepoDefinition")) {
      this.tPlain = false;
      let nm = rawOf(m, "name"), dg = rawOf(m, "digest"), lk = rawOf(m, "linkage"), vs = rawOf(m, "visibility"), pr = rawOf(m, "pruned");
      if (nm < 0 || dg < 0 || pr < 0) return false;
      if (!unescapeFrom(this.tName, strtab.ptrOf(nm), strtab.lenOf(nm), 0)) return false;
      let d = this.sA; d.clear();
      let dp = strtab.ptrOf(dg), dn = strtab.lenOf(dg);
      let at = 0;
      while (at + 1 < dn && !(load<u8>(dp + <usize>at) == 99 && load<u8>(dp + <usize>(at + 1)) == 34)) at++;
      if (!unescapeFrom(d, dp, dn, at) || d.len != 16) return false;
      memory.copy(this.tDigest, d.buf.ptr, 16);
      this.tLinkage = lk < 0 ? 0 : linkageFromName(strtab.ptrOf(lk), strtab.lenOf(lk));
      this.tVisibility = vs < 0 ? 0 : visibilityFromName(strtab.ptrOf(vs), strtab.lenOf(vs));
      if (this.tLinkage < 0 || this.tVisibility < 0) return false;
      this.tPruned = strtab.eqStr(pr, "true");
      return this.tPruned || strtab.eqStr(pr, "false");
    }
    if (k == MK.Tuple && mdNOps.get(m) == 6) {
      let s = mdOps.get(m);
      if (!mdStringEq(mdPool.get(s), "RepoDefinition")) return false;
      this.tPlain = true;
      let nm = mdPool.get(s + 1), dg = mdPool.get(s + 2), lk = mdPool.get(s + 3), vs = mdPool.get(s + 4), pr = mdPool.get(s + 5);
      if (nm < 0 || <i32>mdKind.get(nm) != MK.String) return false;
      let o = this.sA; o.clear(); o.byte(34); o.strId(strtab, mdA.get(nm)); o.byte(34);
      if (!unescapeFrom(this.tName, o.buf.ptr, o.len, 0)) return false;
      if (dg < 0 || <i32>mdKind.get(dg) != MK.Value) return false;
      let dv = mdA.get(dg);
      if (<i32>vKind.get(dv) != VK.ConstData || strtab.lenOf(vA.get(dv)) != 16) return false;
      memory.copy(this.tDigest, strtab.ptrOf(vA.get(dv)), 16);
      if (lk < 0 || vs < 0 || <i32>mdKind.get(lk) != MK.String || <i32>mdKind.get(vs) != MK.String) return false;
      this.tLinkage = linkageFromName(strtab.ptrOf(mdA.get(lk)), strtab.lenOf(mdA.get(lk)));
      this.tVisibility = visibilityFromName(strtab.ptrOf(mdA.get(vs)), strtab.lenOf(mdA.get(vs)));
      if (this.tLinkage < 0 || this.tVisibility < 0) return false;
      if (pr < 0 || <i32>mdKind.get(pr) != MK.Value || <i32>vKind.get(mdA.get(pr)) != VK.ConstInt) return false;
      this.tPruned = intLow64(mdA.get(pr)) != 0;
      return true;
    }
    return false;
  }

  // The repository key of a definition (16 bytes to dst): its final digest and its name, so that
  // definitions with the same digest under different names (which a pass such as mergefunc may
  // turn into different texts) are stored apart.
  repoKey(dst: usize, digest: usize, name: usize, nameLen: i32): void {
    let h = this.K;
    h.reset();
    h.update(digest, 16);
    h.u32(<u32>nameLen);
    h.update(name, nameLen);
    h.finish(dst, 16);
  }
  // The key of the ticket readTicket read last.
  ticketKey(dst: usize): void { this.repoKey(dst, this.tDigest, this.tName.buf.ptr, this.tName.len); }

  // ---- the named list ----
  ticketListIndex(create: bool): i32 {
    for (let i = 0; i < nmdName.len; i++) if (strtab.eqStr(nmdName.get(i), TICKET_LIST_NAME)) return i;
    if (!create) return -1;
    nmdName.push(this.internText(TICKET_LIST_NAME)); nmdOps.push(nmdPool.len); nmdNOps.push(0);
    return nmdName.len - 1;
  }
  // Replaces the list's operands with `ops`.
  setTicketList(ops: I32Vec): void {
    let i = this.ticketListIndex(true);
    nmdOps.set(i, nmdPool.len);
    for (let k = 0; k < ops.len; k++) nmdPool.push(ops.get(k));
    nmdNOps.set(i, ops.len);
  }
}
export { vType };
