// The repository passes: `repo-metadata` (digests, graph, tickets) and `repo-prune` (definitions
// whose final digest the repository already holds become declarations), plus the records the host
// stores at the end of the pipeline. The repository itself lives in the host (bindings/repo/):
// the pipeline pauses at repo-prune, the host looks the candidate digests up and hands the hits
// back (repoSetHits), and the pipeline resumes. See ABI.md "Program repository".
import { I32Vec, U8Vec } from "../../util/vec";
import { OutBuf } from "../../util/outbuf";
import { strtab } from "../../ir/module";
import { VK, vKind, vName, vA, setOperand, operand, numOperands, iNext, iMD, iDbg } from "../../ir/values";
import {
  GK, gKind, gValue, gLinkage, gVisibility, gFlags, gComdat, gMD, gFirstBlock, globalCount, Linkage, GF_DEFINED, GF_ERASED,
} from "../../ir/globals";
import {
  addAttachment, findAttachment, attKind, attNext, attMD, nmdName, nmdOps, nmdNOps, nmdPool, mdKindName, FIXED_MD_KINDS,
  MK, MDF_DISTINCT, FV_MD, mdKind, mdFlags, mdOps, mdNOps, mdPool, mdCount, drNext, drOps, drNOps, drPool, canonicalMD,
} from "../../ir/metadata";
import { attachmentKind } from "../../ir/metadata";
import { setLinkage } from "../../ir/builder";
import { deleteBody } from "../../ir/edit";
import { Digests, isRepoDefinition } from "./digest";
import { namedDistinctRanks } from "../../link/repo-meta";
import { RepoGraph } from "./graph";
import {
  Tickets, linkageName, visibilityName, linkageFromName, visibilityFromName, TICKET_KIND_NAME, TICKET_LIST_NAME,
} from "../../link/repo-tickets";
import { printFragment, printMetadataFragment, beginFragments } from "../../text/printer";
import { printName } from "../../text/printer-types";
import { writer, Writer } from "../../text/writer";
import { Blake3 } from "../../util/blake3";
import { PassContext, PassInfo, PassResults, PassState, Level, Preserves, OptionKind, PAUSE_FOR_REPOSITORY } from "../registry";

function ticketKind(): i32 { return attachmentKind(strtab.internStr(TICKET_KIND_NAME)); }
function rdU32(p: usize, at: i32): u32 { return load<u32>(p + <usize>at); }
// A definition becomes a declaration LLVM accepts: no body / initializer, no comdat, no
// personality/prefix/prologue, external (or extern_weak) linkage, only the ticket attached.
function pruneDefinition(g: i32): void {
  let v = gValue.get(g);
  if (<i32>gKind.get(g) == GK.Func) {
    deleteBody(g);
    for (let i = 0; i < 3; i++) setOperand(v, i, -1);
  } else {
    setOperand(v, 0, -1);
    gFlags.set(g, gFlags.get(g) & ~GF_DEFINED);
  }
  gComdat.set(g, -1);
  let l = <i32>gLinkage.get(g);
  if (l != Linkage.External && l != Linkage.ExternWeak) setLinkage(g, Linkage.External);
}
// The definitions an alias or ifunc points at (through constant expressions): they stay, since a
// declaration there is invalid ("Alias must point to a definition").
function aliaseeTargets(n: i32): U8Vec {
  let marks = new U8Vec(n);
  marks.resize(n, 0);
  let work = new I32Vec(8);
  for (let g = 0; g < n; g++) {
    let k = <i32>gKind.get(g);
    if ((k != GK.Alias && k != GK.IFunc) || (gFlags.get(g) & GF_ERASED) != 0) continue;
    let c = operand(gValue.get(g), 0);
    if (c >= 0) work.push(c);
    while (work.len > 0) {
      let v = work.pop();
      let vk = <i32>vKind.get(v);
      if (vk == VK.Function || vk == VK.GlobalVar) { let t = vA.get(v); if (t >= 0 && t < n) marks.set(t, 1); continue; }
      if (vk == VK.Alias || vk == VK.IFunc || vk < VK.GlobalVar || vk > VK.PtrAuth) continue;
      for (let j = 0; j < numOperands(v); j++) { let o = operand(v, j); if (o >= 0) work.push(o); }
    }
  }
  return marks;
}
// ---- records for the store (after printing) ----
function putStr(o: OutBuf, p: usize, n: i32): void { o.lenBytes(p, n); }
function putString(o: OutBuf, s: string): void { let b = String.UTF8.encode(s, false); putStr(o, changetype<usize>(b), b.byteLength); }
function putU32(o: OutBuf, v: u32): void { o.le32(v); }
function putHex(o: OutBuf, p: usize): void { for (let i = 0; i < 16; i++) o.hex(<u64>load<u8>(p + <usize>i), 2, false); }
// `; @<n> = slot <key>` / `unticketed <i>` lines: the unnamed globals a text refers to.
function noteUnnamedRefs(wr: Writer, head: OutBuf, refs: I32Vec, seen: Map<i32, bool>, entryOf: I32Vec, slotOf: I32Vec,
                         tKeys: OutBuf, unticketed: I32Vec): void {
  seen.clear();
  for (let i = 0; i < refs.len; i++) {
    let v = refs.get(i), y = vA.get(v);
    if (seen.has(v)) continue;
    seen.set(v, true);
    head.str("; @"); head.int(wr.slots.global.get(v));
    let e = entryOf.get(y);
    if (e >= 0 && slotOf.get(e) == y) { head.str(" = slot "); putHex(head, tKeys.buf.ptr + (<usize>e << 4)); }
    else { head.str(" = unticketed "); head.int(unticketed.get(y)); }
    head.byte(10);
  }
}
// The shared metadata's text into `text` and its key (BLAKE3 of the text) into `key`:
//   ; repo metadata
//   ; @<n> = ...                 as in a fragment
//   ; distinct !<n> <id> [named <rank>]
//                                a distinct node, with its id in this module and, when the named
//                                metadata reaches it, its rank (link/repo-meta.ts namedDistinctRanks):
//                                `repo link` makes it the module's node where the module has it
// then the nodes (printer.ts printMetadataFragment). Returns md id -> its number in the text.
function printSharedMetadata(wr: Writer, sharedMD: U8Vec, text: OutBuf, key: usize, refs: I32Vec, seen: Map<i32, bool>,
                             entryOf: I32Vec, slotOf: I32Vec, tKeys: OutBuf, unticketed: I32Vec): I32Vec {
  let nodes = new I32Vec();
  for (let m = 0; m < sharedMD.len; m++) {
    if (sharedMD.get(m) == 0) continue;
    let k = <i32>mdKind.get(m);
    if (k == MK.Tuple || k == MK.Node) nodes.push(m);
  }
  let slotOfMD = new I32Vec(sharedMD.len); slotOfMD.resize(sharedMD.len, -1);
  text.clear();
  if (nodes.len == 0) return slotOfMD;
  let body = new OutBuf();
  refs.clear();
  printMetadataFragment(wr, body, nodes);
  text.str("; repo metadata\n");
  noteUnnamedRefs(wr, text, refs, seen, entryOf, slotOf, tKeys, unticketed);
  let ranks = namedDistinctRanks();
  let order = wr.slots.mdOrder;
  for (let i = 0; i < order.len; i++) {
    let m = order.get(i);
    slotOfMD.set(m, i);
    if ((mdFlags.get(m) & MDF_DISTINCT) == 0) continue;
    text.str("; distinct !"); text.int(i); text.byte(32); text.int(m);
    if (ranks.get(m) >= 0) { text.str(" named "); text.int(ranks.get(m)); }
    text.byte(10);
  }
  text.bytes(body.buf.ptr, body.len);
  let h = new Blake3();
  h.update(text.buf.ptr, text.len);
  h.finish(key, 16);
  return slotOfMD;
}
// The metadata nodes more than one root reaches (a global, with its body's attachments, debug
// records and metadata operands; or the named metadata): the distinct ones among them must stay
// one node when `repo link` puts the definitions back. A node's state changes at most twice
// (reached by one root, then shared), and the walk stops where nothing changes: linear.
function markSharedMetadata(): U8Vec {
  let n = mdCount();
  let rootOf = new I32Vec(n); rootOf.resize(n, -1);
  let shared = new U8Vec(n); shared.resize(n, 0);
  let work = new I32Vec();
  let named = globalCount();
  for (let i = 0; i < nmdName.len; i++) {
    if (strtab.eqStr(nmdName.get(i), TICKET_LIST_NAME)) continue;   // a ticket belongs to its definition
    let s = nmdOps.get(i);
    for (let j = 0; nmdNOps.get(i) > j; j++) reach(nmdPool.get(s + j), named, rootOf, shared, work);
  }
  for (let g = 0; g < globalCount(); g++) {
    if ((gFlags.get(g) & GF_ERASED) != 0) continue;
    for (let a = gMD.get(g); a >= 0; a = attNext.get(a)) reach(attMD.get(a), g, rootOf, shared, work);
    if (<i32>gKind.get(g) != GK.Func) continue;
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
        for (let a = iMD.get(i); a >= 0; a = attNext.get(a)) reach(attMD.get(a), g, rootOf, shared, work);
        for (let r = iDbg.get(i); r >= 0; r = drNext.get(r)) {
          let s = drOps.get(r);
          for (let k = 0; drNOps.get(r) > k; k++) reach(drPool.get(s + k), g, rootOf, shared, work);
        }
        let no = numOperands(i);
        for (let k = 0; k < no; k++) {
          let v = operand(i, k);
          if (v >= 0 && <i32>vKind.get(v) == VK.MDValue) reach(canonicalMD(vA.get(v)), g, rootOf, shared, work);
        }
      }
    }
  }
  return shared;
}
function reach(m: i32, root: i32, rootOf: I32Vec, shared: U8Vec, work: I32Vec): void {
  work.clear(); work.push(m);
  while (work.len > 0) {
    let x = work.pop();
    if (x < 0 || x >= rootOf.len) continue;
    let r = rootOf.get(x);
    if (r == root || shared.get(x) != 0) continue;
    if (r < 0) rootOf.set(x, root); else shared.set(x, 1);
    let k = <i32>mdKind.get(x), s = mdOps.get(x), c = mdNOps.get(x);
    if (k == MK.Tuple || k == MK.ArgList) { for (let i = 0; i < c; i++) work.push(mdPool.get(s + i)); }
    else if (k == MK.Node) { for (let i = 0; i < c; i++) if (mdPool.get(s + 3 * i + 1) == FV_MD) work.push(mdPool.get(s + 3 * i + 2)); }
  }
}
function putDependent(o: OutBuf, digests: OutBuf, names: I32Vec, e: i32): void {
  o.bytes(digests.buf.ptr + (<usize>e << 4), 16);
  let nm = names.get(e);
  putStr(o, strtab.ptrOf(nm), strtab.lenOf(nm));
}
// The custom attachment kinds on g and (a function) its instructions, once each.
function noteKinds(kinds: I32Vec, g: i32): void {
  noteKindsOf(kinds, gMD.get(g));
  if (<i32>gKind.get(g) != GK.Func) return;
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b))
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) noteKindsOf(kinds, iMD.get(i));
}
function noteKindsOf(kinds: I32Vec, head: i32): void {
  for (let a = head; a >= 0; a = attNext.get(a)) {
    let k = attKind.get(a);
    if (k < FIXED_MD_KINDS.length) continue;
    let known = false;
    for (let i = 0; i < kinds.len; i++) if (kinds.get(i) == k) { known = true; break; }
    if (!known) kinds.push(k);
  }
}

// The repository passes' state for one pipeline run: what repo-metadata and repo-prune share
// and what the host reads between the pause and the resume (the candidates, the hits, the pruned
// count) and after printing (the records). Made on first use by repoRunOf and kept in the run's
// PassResults, so it lives with the pipeline run (runner.ts PipelineRun) and goes with it.
export class RepoRun extends PassState {
  readonly tickets: Tickets = new Tickets();     // the ticket codec (ticket nodes made and read)
  readonly digests: Digests;                    // the initial digests and their hashers
  readonly graph: RepoGraph;                    // the dependency graph, final digests
  private envReady: bool = false;
  private hits: Map<u64, i32> = new Map<u64, i32>();   // first 8 digest bytes -> hit index
  private hitDigests: I32Vec = new I32Vec();            // 4 words per hit
  private hitDeps: I32Vec = new I32Vec();               // per hit: start in depRecs; then count
  private depRecs: I32Vec = new I32Vec();               // per dependent: digest offset, name strId, linkage, visibility
  private depBytes: OutBuf = new OutBuf();
  private hitsGiven: bool = false;
  private out: OutBuf = new OutBuf();
  private ownDigests: OutBuf = new OutBuf();            // repo-prune: the key of each own definition (16 bytes)
  prunedCount: i32 = 0;
  // The globals the module had before the pipeline's passes ran: those at higher indexes were
  // created by a pass (a fragment gives their place in module order, see collectRecords).
  private inputGlobals: i32 = -1;
  constructor() { super(); let d = new Digests(); this.digests = d; this.graph = new RepoGraph(d); }

  private keyBuf: usize = 0;
  keyScratch(): usize { if (this.keyBuf == 0) this.keyBuf = heap.alloc(16); return this.keyBuf; }
  noteInputGlobals(): void { if (this.inputGlobals < 0) this.inputGlobals = globalCount(); }

  ensureEnvironment(pipeline: string): void {
    if (this.envReady) return;
    this.digests.computeEnvironment(pipeline, ticketKind());
    this.envReady = true;
  }

  // ---- repo-metadata ----
  runRepoMetadata(pipeline: string, plain: bool): void {
    this.noteInputGlobals();
    this.envReady = false;
    this.ensureEnvironment(pipeline);
    let kind = ticketKind();
    let n = globalCount();
    for (let g = 0; g < n; g++) if (isRepoDefinition(g)) this.digests.computeInitialDigest(g);
    this.graph.buildGraph();
    this.graph.computeFinalDigests();
    // the seed lists functions first, then variables
    let list = new I32Vec();
    for (let pass = 0; pass < 2; pass++) {
      let want = pass == 0 ? GK.Func : GK.Var;
      for (let g = 0; g < n; g++) {
        if (<i32>gKind.get(g) != want || !isRepoDefinition(g)) continue;
        let m = this.tickets.makeTicket(vName.get(gValue.get(g)), this.graph.finalDigestPtr(g), gLinkage.get(g), gVisibility.get(g), false, plain);
        gMD.set(g, addAttachment(gMD.get(g), kind, m));
        list.push(m);
      }
    }
    this.tickets.setTicketList(list);
  }

  // ---- repo-prune: candidates out, hits in ----

  // The repository keys (ticketKey: final digest and name) of the live definitions carrying an
  // unpruned ticket (16 bytes each).
  candidateDigests(): OutBuf {
    this.out.clear();
    let kind = ticketKind();
    let k = this.keyScratch();
    for (let g = 0; g < globalCount(); g++) {
      if (!isRepoDefinition(g)) continue;
      let m = findAttachment(gMD.get(g), kind);
      if (m < 0 || !this.tickets.readTicket(m) || this.tickets.tPruned) continue;
      this.tickets.ticketKey(k);
      this.out.bytes(k, 16);
    }
    return this.out;
  }

  // Hits blob (host -> core): u32 nHits; per hit: digest[16], u32 nDeps; per dependent: digest[16],
  // then name, linkage, visibility as (u32 length, bytes). Returns false when malformed.
  setHits(p: usize, len: i32): bool {
    this.hits = new Map<u64, i32>(); this.hitDigests.clear(); this.hitDeps.clear(); this.depRecs.clear(); this.depBytes.clear();
    this.hitsGiven = true;
    if (len < 4) return len == 0;
    let at = 0;
    let n = <i32>rdU32(p, 0); at = 4;
    for (let i = 0; i < n; i++) {
      if (at + 20 > len) return false;
      let h = this.hitDigests.len >> 2;
      for (let k = 0; k < 4; k++) this.hitDigests.push(load<i32>(p + <usize>(at + 4 * k)));
      this.hits.set(load<u64>(p + <usize>at), h);
      at += 16;
      let nd = <i32>rdU32(p, at); at += 4;
      this.hitDeps.push(this.depRecs.len >> 2); this.hitDeps.push(nd);
      for (let d = 0; d < nd; d++) {
        if (at + 16 > len) return false;
        let off = this.depBytes.len; this.depBytes.bytes(p + <usize>at, 16); at += 16;
        let f = new StaticArray<i32>(3);
        for (let k = 0; k < 3; k++) {
          if (at + 4 > len) return false;
          let l = <i32>rdU32(p, at); at += 4;
          if (l < 0 || at + l > len) return false;
          f[k] = k == 0 ? strtab.intern(p + <usize>at, l)
            : k == 1 ? linkageFromName(p + <usize>at, l) : visibilityFromName(p + <usize>at, l);
          at += l;
        }
        this.depRecs.push(off); this.depRecs.push(f[0]); this.depRecs.push(f[1] < 0 ? 0 : f[1]); this.depRecs.push(f[2] < 0 ? 0 : f[2]);
      }
    }
    return at == len;
  }
  hitsProvided(): bool { return this.hitsGiven; }

  findHit(d: usize): i32 {
    let key = load<u64>(d);
    if (!this.hits.has(key)) return -1;
    let h = this.hits.get(key);
    return memory.compare(this.hitDigests.ptr + (<usize>h << 4), d, 16) == 0 ? h : -1;
  }

  runRepoPrune(): void {
    this.noteInputGlobals();
    let kind = ticketKind();
    let n = globalCount();
    let li = this.tickets.ticketListIndex(false);
    let list = new I32Vec();
    if (li >= 0) for (let j = 0; nmdNOps.get(li) > j; j++) list.push(nmdPool.get(nmdOps.get(li) + j));
    let replaced = new Map<i32, i32>();   // unpruned ticket -> its pruned form, applied to the list once
    let key = this.keyScratch();
    // the keys of the module's own definitions: a stored definition is reused only when every
    // dependent it recorded is defined here with the recorded digest (the same key). Its own
    // digest covers what it references in the input, but its stored text is what the pipeline
    // made of it, which may reference other definitions (a mergefunc thunk calls the function it
    // was merged into); when one of those changed or is missing, the stored text is stale.
    let own = new Map<u64, i32>();
    this.ownDigests.clear();
    for (let g = 0; g < n; g++) {
      if (!isRepoDefinition(g)) continue;
      let m = findAttachment(gMD.get(g), kind);
      if (m < 0 || !this.tickets.readTicket(m) || this.tickets.tPruned) continue;
      this.tickets.ticketKey(key);
      own.set(load<u64>(key), this.ownDigests.len);
      this.ownDigests.bytes(key, 16);
    }
    this.prunedCount = 0;
    let aliased = aliaseeTargets(n);
    for (let g = 0; g < n; g++) {
      if (!isRepoDefinition(g) || aliased.get(g) != 0) continue;
      let m = findAttachment(gMD.get(g), kind);
      if (m < 0 || !this.tickets.readTicket(m) || this.tickets.tPruned) continue;
      this.tickets.ticketKey(key);
      let h = this.findHit(key);
      if (h < 0 || !this.dependentsCurrent(h, own, this.ownDigests)) continue;
      let pm = this.tickets.makeTicket(vName.get(gValue.get(g)), this.tickets.tDigest, gLinkage.get(g), gVisibility.get(g), true, this.tickets.tPlain);
      pruneDefinition(g);
      gMD.set(g, addAttachment(-1, kind, pm));
      replaced.set(m, pm);
      this.prunedCount++;
    }
    for (let j = 0; j < list.len; j++) if (replaced.has(list.get(j))) list.set(j, replaced.get(list.get(j)));
    this.tickets.setTicketList(list);
  }

  dependentsCurrent(h: i32, own: Map<u64, i32>, ownKeys: OutBuf): bool {
    let s = this.hitDeps.get(2 * h), c = this.hitDeps.get(2 * h + 1);
    let k = this.depKey();
    for (let d = 0; d < c; d++) {
      let r = (s + d) << 2;
      let nm = this.depRecs.get(r + 1);
      this.tickets.repoKey(k, this.depBytes.buf.ptr + <usize>this.depRecs.get(r), strtab.ptrOf(nm), strtab.lenOf(nm));
      let x = load<u64>(k);
      if (!own.has(x) || memory.compare(ownKeys.buf.ptr + <usize>own.get(x), k, 16) != 0) return false;
    }
    return true;
  }
  private depKeyBuf: usize = 0;
  depKey(): usize { if (this.depKeyBuf == 0) this.depKeyBuf = heap.alloc(16); return this.depKeyBuf; }



  // What the pipeline made of the definition each ticket names, as two globals. The slot: the
  // global carrying the ticket, the definition the input had, in its place in module order; a pass
  // may have renamed it (mergefunc leaves the body of an interposable definition in an unnamed
  // private function) or erased it. The successor: the live global with the ticket's name when
  // that is not the slot, which a pass created (mergefunc's thunks and the function taking an
  // interposable definition's name), so it comes after the input's globals.
  //
  // Each unpruned ticket is stored under its key (final digest and name) with a text: a header
  // of comment lines, then the fragment (printer.ts printFragment) of the live slot and the
  // successor. The header says which of the two the fragment holds and how `wopt repo link`
  // (link/repo-link.ts) finds what the fragment refers to other than by name:
  //   ; repo fragment: [slot] [successor <index>] [merged @<name>]
  //   ; @<n> = slot <key>          unnamed global @n is the slot of the ticket with that key
  //   ; @<n> = unticketed <i>      unnamed global @n is the i-th unnamed global without a ticket
  //   ; appended @<name> <index>   a global a pass created (not a slot or successor), with its index
  //   ; kind !<name> <id>          a custom attachment kind the fragment uses, with its number
  //   ; metadata <key>             the entry holding the metadata it shares (below)
  //   ; shared !<n> <i>            node !n, not printed here, is node !i of that entry
  // Indexes and kind numbers are this module's; they order what `repo link` adds. The metadata
  // nodes more than one definition (or the named metadata and a definition) reach are stored once,
  // in an entry of their own (printSharedMetadata), not in each fragment: a debug build's
  // definitions all reach its compile unit, and through it most of its debug info. A ticket whose
  // definition a pass erased without a successor is stored with, as dependent,
  // the function it was merged into, so the next run prunes it too unless that one changed; its
  // text is the header alone, naming that function (`merged`).
  //
  // Records blob (core -> host): u32 count; per record: key[16], u8 kind (0 function,
  // 1 variable, 2 the shared metadata), then name, linkage, visibility, text as (u32 length, bytes),
  // u32 nDeps, per dependent: final digest[16], name (u32 length, bytes).
  collectRecords(pipeline: string, results: PassResults): OutBuf {
    let kind = ticketKind();
    let o = new OutBuf();
    let count = 0;
    putU32(o, 0);
    let li = this.tickets.ticketListIndex(false);
    if (li < 0) { this.out = o; return o; }
    this.noteInputGlobals();
    let n = globalCount();
    let nt = nmdNOps.get(li), lp = nmdOps.get(li);
    // the tickets' fields (readTicket's are overwritten by the next read)
    let tOk = new I32Vec(nt), tNameId = new I32Vec(nt), tLink = new I32Vec(nt), tVis = new I32Vec(nt);
    let tKeys = new OutBuf(), tDigests = new OutBuf();
    let k = this.keyScratch();
    for (let j = 0; j < nt; j++) {
      let m = nmdPool.get(lp + j);
      let ok = this.tickets.readTicket(m);
      tOk.push(ok ? (this.tickets.tPruned ? 2 : 1) : 0);
      tNameId.push(ok ? strtab.intern(this.tickets.tName.buf.ptr, this.tickets.tName.len) : -1);
      tLink.push(ok ? this.tickets.tLinkage : 0); tVis.push(ok ? this.tickets.tVisibility : 0);
      if (ok) this.tickets.ticketKey(k);
      tKeys.bytes(k, 16); tDigests.bytes(this.tickets.tDigest, 16);
    }
    // slots: the globals carrying each ticket node, in module order (identical unnamed definitions
    // share a node); live globals by name
    let carrier = new Map<i32, i32>();
    let nextCarrier = new I32Vec(n); nextCarrier.resize(n, -1);
    let liveByName = new Map<i32, i32>();
    for (let g = n - 1; g >= 0; g--) {
      let m = findAttachment(gMD.get(g), kind);
      if (m >= 0) { if (carrier.has(m)) nextCarrier.set(g, carrier.get(m)); carrier.set(m, g); }
    }
    for (let g = 0; g < n; g++) {
      let nm = vName.get(gValue.get(g));
      if ((gFlags.get(g) & GF_ERASED) == 0 && nm >= 0) liveByName.set(nm, g);
    }
    let slotOf = new I32Vec(nt), succOf = new I32Vec(nt);
    let entryOf = new I32Vec(n); entryOf.resize(n, -1);   // global -> the ticket it is slot or successor of
    for (let j = 0; j < nt; j++) {
      let m = nmdPool.get(lp + j);
      let slot = -1, succ = -1;
      if (tOk.get(j) != 0) {
        if (carrier.has(m)) { slot = carrier.get(m); if (slot >= 0) carrier.set(m, nextCarrier.get(slot)); }
        let nm = tNameId.get(j);
        if (strtab.lenOf(nm) > 0 && liveByName.has(nm)) { succ = liveByName.get(nm); if (succ == slot) succ = -1; }
      }
      slotOf.push(slot); succOf.push(succ);
      if (slot >= 0) entryOf.set(slot, j);
      if (succ >= 0) entryOf.set(succ, j);
    }
    // unnamed globals without a ticket, numbered in printing order (link/repo-link.ts finds them the same way)
    let unticketed = new I32Vec(n); unticketed.resize(n, -1);
    let nu = 0;
    for (let pass = 0; pass < 4; pass++) {
      let want = pass == 0 ? GK.Var : pass == 1 ? GK.Alias : pass == 2 ? GK.IFunc : GK.Func;
      for (let g = 0; g < n; g++) {
        if (<i32>gKind.get(g) != want || (gFlags.get(g) & GF_ERASED) != 0 || vName.get(gValue.get(g)) >= 0) continue;
        if (findAttachment(gMD.get(g), kind) < 0) unticketed.set(g, nu++);
      }
    }

    let sharedMD = markSharedMetadata();
    let wr = writer();
    beginFragments(wr);
    let refs = new I32Vec();
    wr.fragmentRefs = refs;
    let body = new OutBuf(), head = new OutBuf();
    let seen = new Map<i32, bool>(), kinds = new I32Vec(), pieceRefs = new I32Vec();
    // the metadata the definitions share, one text (its key: the text's digest); the fragments
    // number these nodes but print them there no more
    let shared = new OutBuf(), sharedKey = heap.alloc(16), sharedUsed = false;
    let sharedSlot = printSharedMetadata(wr, sharedMD, shared, sharedKey, refs, seen, entryOf, slotOf, tKeys, unticketed);
    wr.slots.mdStop = sharedMD; wr.types.mdStop = sharedMD;
    for (let j = 0; j < nt; j++) {
      if (tOk.get(j) != 1) continue;
      let slot = slotOf.get(j), succ = succOf.get(j);
      if (slot < 0 && succ < 0) continue;
      let a = slot >= 0 && (gFlags.get(slot) & GF_ERASED) == 0 ? slot : -1;
      count++;
      o.bytes(tKeys.buf.ptr + (<usize>j << 4), 16);
      o.byte(<i32>gKind.get(slot >= 0 ? slot : succ) == GK.Var ? 1 : 0);
      let nm = tNameId.get(j);
      putStr(o, strtab.ptrOf(nm), strtab.lenOf(nm));
      putString(o, linkageName(tLink.get(j))); putString(o, visibilityName(tVis.get(j)));
      if (a < 0 && succ < 0) {
        // erased: the function it was merged into (what still used it uses that one), which
        // makes the entry stale when it changes
        let into = <i32>gKind.get(slot) == GK.Func ? results.mergedIntoOf(slot) : -1;
        if (into >= 0 && (gFlags.get(into) & GF_ERASED) != 0) into = -1;
        let intoName = into >= 0 ? vName.get(gValue.get(into)) : -1;
        if (intoName >= 0) {
          head.clear(); head.str("; repo fragment: merged "); printName(head, 64, intoName); head.byte(10);
          putStr(o, head.buf.ptr, head.len);
        } else putU32(o, 0);
        let e = into >= 0 ? entryOf.get(into) : -1;
        if (e >= 0 && e != j && tOk.get(e) != 0) { putU32(o, 1); putDependent(o, tDigests, tNameId, e); }
        else putU32(o, 0);
        continue;
      }
      // the fragment, then its header
      body.clear(); refs.clear();
      let first = a >= 0 ? a : succ, second = a >= 0 ? succ : -1;
      printFragment(wr, body, first, second);
      head.clear();
      head.str("; repo fragment:");
      if (a >= 0) head.str(" slot");
      if (succ >= 0) { head.str(" successor "); head.int(succ); }
      // mergefunc kept the definition but gave its uses to another function
      let into = a >= 0 && <i32>gKind.get(a) == GK.Func ? results.mergedIntoOf(a) : -1;
      if (into >= 0 && ((gFlags.get(into) & GF_ERASED) != 0 || vName.get(gValue.get(into)) < 0)) into = -1;
      if (into >= 0) { head.str(" merged "); printName(head, 64, vName.get(gValue.get(into))); }
      head.byte(10);
      noteUnnamedRefs(wr, head, refs, seen, entryOf, slotOf, tKeys, unticketed);
      // what the two reference (a scan each), for the `appended` lines and the dependents
      pieceRefs.clear();
      for (let p = 0; p < 2; p++) {
        let g = p == 0 ? first : second;
        if (g < 0) continue;
        let rs = this.graph.referencedGlobals(g);
        for (let i = 0; i < rs.len; i++) if (rs.get(i) != g) pieceRefs.push(rs.get(i));
      }
      this.noteAppended(head, pieceRefs, entryOf);
      kinds.clear();
      noteKinds(kinds, first);
      if (second >= 0) noteKinds(kinds, second);
      for (let i = 0; i < kinds.len; i++) {
        head.str("; kind "); printName(head, 33, mdKindName.get(kinds.get(i))); head.byte(32); head.int(kinds.get(i)); head.byte(10);
      }
      let order = wr.slots.mdOrder, named = false;
      for (let i = 0; i < order.len; i++) {
        let m = order.get(i);
        if (m >= sharedMD.len || sharedMD.get(m) == 0) continue;
        if (!named) { head.str("; metadata "); putHex(head, sharedKey); head.byte(10); named = true; sharedUsed = true; }
        head.str("; shared !"); head.int(i); head.byte(32); head.int(sharedSlot.get(m)); head.byte(10);
      }
      putU32(o, <u32>(head.len + body.len));
      o.bytes(head.buf.ptr, head.len); o.bytes(body.buf.ptr, body.len);
      // dependents: the tickets whose slot or successor the fragment refers to
      let at = o.len; putU32(o, 0);
      let nd = 0;
      seen.clear();
      let ie = into >= 0 ? entryOf.get(into) : -1;
      if (ie >= 0 && ie != j && tOk.get(ie) != 0) { seen.set(ie, true); putDependent(o, tDigests, tNameId, ie); nd++; }
      for (let i = 0; i < pieceRefs.len; i++) {
        let e = entryOf.get(pieceRefs.get(i));
        if (e < 0 || e == j || tOk.get(e) == 0 || seen.has(e)) continue;
        seen.set(e, true);
        putDependent(o, tDigests, tNameId, e);
        nd++;
      }
      store<u32>(o.buf.ptr + <usize>at, <u32>nd);
    }
    wr.fragmentRefs = null;
    wr.slots.mdStop = null; wr.types.mdStop = null;
    if (sharedUsed) {
      // the shared metadata as an entry of its own (kind 2), which the fragments name by key
      count++;
      o.bytes(sharedKey, 16); o.byte(2);
      putU32(o, 0); putU32(o, 0); putU32(o, 0);
      putStr(o, shared.buf.ptr, shared.len);
      putU32(o, 0);
    }
    store<u32>(o.buf.ptr, <u32>count);
    this.out = o;
    return o;
  }
  // `; appended` lines: the named globals g refers to that a pass created and that are no
  // ticket's slot or successor (declarations such as mem2reg's llvm.assume).
  noteAppended(head: OutBuf, rs: I32Vec, entryOf: I32Vec): void {
    for (let i = 0; i < rs.len; i++) {
      let y = rs.get(i);
      let nm = vName.get(gValue.get(y));
      if (y < this.inputGlobals || entryOf.get(y) >= 0 || nm < 0) continue;
      head.str("; appended "); printName(head, 64, nm); head.byte(32); head.int(y); head.byte(10);
    }
  }
}

// The run's repository state (index.ts reaches it through the run's PassResults).
export function repoRunOf(results: PassResults): RepoRun {
  let r = results.repository;
  if (r == null) { let n = new RepoRun(); results.repository = n; return n; }
  return <RepoRun>r;
}

// ---- the pass table's entries (pipeline/table.ts) ----
// repo-prune pauses the run until the host has looked the candidates up (index.ts repoSetHits)
// and resumes it; it erases definitions, so no cached function analysis survives.
export function repoMetadataPass(): PassInfo {
  return new PassInfo("repo-metadata", Level.Module, (c: PassContext): i32 => {
    repoRunOf(c.results).runRepoMetadata(c.pipeline, c.bool("repo-plain-metadata"));
    return 0;
  }).as("RepoMetadataGenerationPass").describe("Give each definition its program-repository digest (RepoDefinition metadata)")
    .option("repo-plain-metadata", OptionKind.Bool, "0", "write RepoDefinition records as plain tuples stock LLVM reads");
}
export function repoPrunePass(): PassInfo {
  return new PassInfo("repo-prune", Level.Module, (c: PassContext): i32 => {
    let r = repoRunOf(c.results);
    if (!r.hitsProvided()) return PAUSE_FOR_REPOSITORY;
    r.runRepoPrune();
    return 0;
  }).keeps(Preserves.Nothing).as("RepoPruningPass")
    .describe("Drop the definitions the program repository already holds");
}

export { VK, vKind, vA, operand, attKind, attNext, attMD };
