// The repository passes: `repo-metadata` (digests, graph, tickets) and `repo-prune` (definitions
// whose final digest the repository already holds become declarations), plus the records the host
// stores at the end of the pipeline. The repository itself lives in the host (bindings/repo/):
// the pipeline pauses at repo-prune, the host looks the candidate digests up and hands the hits
// back (repoSetHits), and the pipeline resumes. See ABI.md "Program repository".
import { I32Vec } from "../../util/vec";
import { OutBuf } from "../../util/outbuf";
import { strtab } from "../../ir/module";
import { VK, vKind, vName, vA, setOperand, operand } from "../../ir/values";
import {
  GK, gKind, gValue, gLinkage, gVisibility, gFlags, gComdat, gMD, globalCount, Linkage, GF_DEFINED, GF_ERASED,
} from "../../ir/globals";
import { addAttachment, findAttachment, attKind, attNext, attMD, nmdOps, nmdNOps, nmdPool } from "../../ir/metadata";
import { attachmentKind } from "../../ir/metadata";
import { setLinkage } from "../../ir/builder";
import { deleteBody } from "../../ir/edit";
import { computeEnvironment, computeInitialDigest, isRepoDefinition, digestPtr, resetDigests, hasDigest } from "./digest";
import { buildGraph, computeFinalDigests, finalDigestPtr, resetGraph, referencedGlobals } from "./graph";
import {
  makeTicket, readTicket, tName, tDigest, tLinkage, tVisibility, tPruned, tPlain, setTicketList, ticketListIndex,
  linkageName, visibilityName, linkageFromName, visibilityFromName, resetTickets, TICKET_KIND_NAME,
} from "./tickets";
import { printFragment, beginFragments } from "../../text/printer";
import { writer } from "../../text/writer";
import { PassContext, PassInfo, PassResults, Level, Preserves, OptionKind, PAUSE_FOR_REPOSITORY } from "../registry";

let envReady: bool = false;
let hits: Map<u64, i32> = new Map<u64, i32>();   // first 8 digest bytes -> hit index
let hitDigests: I32Vec = new I32Vec();            // 4 words per hit
let hitDeps: I32Vec = new I32Vec();               // per hit: start in depRecs; then count
let depRecs: I32Vec = new I32Vec();               // per dependent: digest offset, name strId, linkage, visibility
let depBytes: OutBuf = new OutBuf();
let hitsGiven: bool = false;
let out: OutBuf = new OutBuf();
let ownDigests: OutBuf = new OutBuf();            // repo-prune: 16 bytes per own definition
export let prunedCount: i32 = 0;

export function resetRepo(): void {
  resetDigests(); resetGraph(); resetTickets();
  envReady = false; hits = new Map<u64, i32>(); hitDigests = new I32Vec(); hitDeps = new I32Vec();
  depRecs = new I32Vec(); depBytes = new OutBuf(); hitsGiven = false; out = new OutBuf(); prunedCount = 0;
  ticketByName = new Map<i32, i32>(); ownDigests = new OutBuf();
}

function ticketKind(): i32 { return attachmentKind(strtab.internStr(TICKET_KIND_NAME)); }
function ensureEnvironment(pipeline: string): void {
  if (envReady) return;
  computeEnvironment(pipeline, ticketKind());
  envReady = true;
}

// ---- repo-metadata ----
export function runRepoMetadata(pipeline: string, plain: bool): void {
  envReady = false;
  ensureEnvironment(pipeline);
  let kind = ticketKind();
  let n = globalCount();
  for (let g = 0; g < n; g++) if (isRepoDefinition(g)) computeInitialDigest(g);
  buildGraph();
  computeFinalDigests();
  // the seed lists functions first, then variables
  let list = new I32Vec();
  for (let pass = 0; pass < 2; pass++) {
    let want = pass == 0 ? GK.Func : GK.Var;
    for (let g = 0; g < n; g++) {
      if (<i32>gKind.get(g) != want || !isRepoDefinition(g)) continue;
      let m = makeTicket(vName.get(gValue.get(g)), finalDigestPtr(g), gLinkage.get(g), gVisibility.get(g), false, plain);
      gMD.set(g, addAttachment(gMD.get(g), kind, m));
      list.push(m);
    }
  }
  setTicketList(list);
}

// ---- repo-prune: candidates out, hits in ----

// The final digests of the live definitions carrying an unpruned ticket (16 bytes each).
export function candidateDigests(): OutBuf {
  out.clear();
  let kind = ticketKind();
  for (let g = 0; g < globalCount(); g++) {
    if (!isRepoDefinition(g)) continue;
    let m = findAttachment(gMD.get(g), kind);
    if (m < 0 || !readTicket(m) || tPruned) continue;
    out.bytes(tDigest, 16);
  }
  return out;
}

function rdU32(p: usize, at: i32): u32 { return load<u32>(p + <usize>at); }
// Hits blob (host -> core): u32 nHits; per hit: digest[16], u32 nDeps; per dependent: digest[16],
// then name, linkage, visibility as (u32 length, bytes). Returns false when malformed.
export function setHits(p: usize, len: i32): bool {
  hits = new Map<u64, i32>(); hitDigests.clear(); hitDeps.clear(); depRecs.clear(); depBytes.clear();
  hitsGiven = true;
  if (len < 4) return len == 0;
  let at = 0;
  let n = <i32>rdU32(p, 0); at = 4;
  for (let i = 0; i < n; i++) {
    if (at + 20 > len) return false;
    let h = hitDigests.len >> 2;
    for (let k = 0; k < 4; k++) hitDigests.push(load<i32>(p + <usize>(at + 4 * k)));
    hits.set(load<u64>(p + <usize>at), h);
    at += 16;
    let nd = <i32>rdU32(p, at); at += 4;
    hitDeps.push(depRecs.len >> 2); hitDeps.push(nd);
    for (let d = 0; d < nd; d++) {
      if (at + 16 > len) return false;
      let off = depBytes.len; depBytes.bytes(p + <usize>at, 16); at += 16;
      let f = new StaticArray<i32>(3);
      for (let k = 0; k < 3; k++) {
        if (at + 4 > len) return false;
        let l = <i32>rdU32(p, at); at += 4;
        if (l < 0 || at + l > len) return false;
        f[k] = k == 0 ? strtab.intern(p + <usize>at, l)
          : k == 1 ? linkageFromName(p + <usize>at, l) : visibilityFromName(p + <usize>at, l);
        at += l;
      }
      depRecs.push(off); depRecs.push(f[0]); depRecs.push(f[1] < 0 ? 0 : f[1]); depRecs.push(f[2] < 0 ? 0 : f[2]);
    }
  }
  return at == len;
}
export function hitsProvided(): bool { return hitsGiven; }

function findHit(d: usize): i32 {
  let key = load<u64>(d);
  if (!hits.has(key)) return -1;
  let h = hits.get(key);
  return memory.compare(hitDigests.ptr + (<usize>h << 4), d, 16) == 0 ? h : -1;
}


export function runRepoPrune(): void {
  let kind = ticketKind();
  let n = globalCount();
  let li = ticketListIndex(false);
  let list = new I32Vec();
  if (li >= 0) for (let j = 0; nmdNOps.get(li) > j; j++) list.push(nmdPool.get(nmdOps.get(li) + j));
  let listed = list.len;
  let replaced = new Map<i32, i32>();   // unpruned ticket -> its pruned form, applied to the list once
  let listedNames = new Map<i32, bool>();
  for (let g = 0; g < n; g++) if (findAttachment(gMD.get(g), kind) >= 0) listedNames.set(vName.get(gValue.get(g)), true);
  let digest = heap.alloc(16);
  // the module's own definitions by name, with their digests: a stored definition is reused only
  // when every dependent it recorded that this module defines still has the recorded digest. Its
  // own digest covers what it references in the input, but its stored text is what the pipeline
  // made of it, which may reference other definitions (a mergefunc thunk calls the function it
  // was merged into); when one of those changed, the stored text is stale.
  let own = new Map<i32, i32>();
  ownDigests.clear();
  for (let g = 0; g < n; g++) {
    if (!isRepoDefinition(g)) continue;
    let m = findAttachment(gMD.get(g), kind);
    let nm = vName.get(gValue.get(g));
    if (nm < 0 || m < 0 || !readTicket(m) || tPruned) continue;
    own.set(nm, ownDigests.len);
    ownDigests.bytes(tDigest, 16);
  }
  prunedCount = 0;
  for (let g = 0; g < n; g++) {
    if (!isRepoDefinition(g)) continue;
    let m = findAttachment(gMD.get(g), kind);
    if (m < 0 || !readTicket(m) || tPruned) continue;
    memory.copy(digest, tDigest, 16);
    let h = findHit(digest);
    if (h < 0 || !dependentsCurrent(h, own, ownDigests)) continue;
    let plain = tPlain;
    let pm = makeTicket(vName.get(gValue.get(g)), digest, gLinkage.get(g), gVisibility.get(g), true, plain);
    pruneDefinition(g);
    gMD.set(g, addAttachment(-1, kind, pm));
    replaced.set(m, pm);
    prunedCount++;
    // the repository's dependents of this definition that this module does not define
    let s = hitDeps.get(2 * h), c = hitDeps.get(2 * h + 1);
    for (let d = 0; d < c; d++) {
      let r = (s + d) << 2;
      let nm = depRecs.get(r + 1);
      if (listedNames.has(nm)) continue;
      listedNames.set(nm, true);
      list.push(makeTicket(nm, depBytes.buf.ptr + <usize>depRecs.get(r), depRecs.get(r + 2), depRecs.get(r + 3), true, plain));
    }
  }
  for (let j = 0; j < listed; j++) if (replaced.has(list.get(j))) list.set(j, replaced.get(list.get(j)));
  setTicketList(list);
}

function dependentsCurrent(h: i32, own: Map<i32, i32>, ownDigests: OutBuf): bool {
  let s = hitDeps.get(2 * h), c = hitDeps.get(2 * h + 1);
  for (let d = 0; d < c; d++) {
    let r = (s + d) << 2;
    let nm = depRecs.get(r + 1);
    if (!own.has(nm)) continue;
    if (memory.compare(ownDigests.buf.ptr + <usize>own.get(nm), depBytes.buf.ptr + <usize>depRecs.get(r), 16) != 0) return false;
  }
  return true;
}

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

// ---- records for the store (after printing) ----
function putStr(o: OutBuf, p: usize, n: i32): void { o.lenBytes(p, n); }
function putString(o: OutBuf, s: string): void { let b = String.UTF8.encode(s, false); putStr(o, changetype<usize>(b), b.byteLength); }
function putU32(o: OutBuf, v: u32): void { o.le32(v); }

// Which ticket a live definition is stored under. Tickets are computed on the input; a later
// pass may rebuild a definition without its attachments (mergefunc's thunk is a new function
// that takes the old one's name), so the ticket list is searched by name too. An attached
// ticket whose name is no longer the definition's (the body a name moved away from) does not
// count: that definition is new. -1: no ticket (a definition a pass created).
let ticketByName: Map<i32, i32> = new Map<i32, i32>();
function nameIs(nm: i32): bool {
  if (nm < 0) return tName.len == 0;
  return strtab.lenOf(nm) == tName.len && memory.compare(strtab.ptrOf(nm), tName.buf.ptr, tName.len) == 0;
}
function ticketOf(g: i32, kind: i32): i32 {
  let nm = vName.get(gValue.get(g));
  let m = findAttachment(gMD.get(g), kind);
  if (m >= 0 && readTicket(m) && nameIs(nm)) return m;
  if (nm >= 0 && ticketByName.has(nm)) { m = ticketByName.get(nm); readTicket(m); return m; }
  return -1;
}

// The digest a definition is stored under: its ticket's, or (created by a later pass) the
// initial digest of what it is now. Returns false for a global that has neither.
function recordDigest(g: i32, kind: i32, dst: usize, pipeline: string): bool {
  if (ticketOf(g, kind) >= 0) { memory.copy(dst, tDigest, 16); return true; }
  if (!isRepoDefinition(g)) return false;
  ensureEnvironment(pipeline);
  computeInitialDigest(g);
  memory.copy(dst, digestPtr(g), 16);
  return true;
}

// Records blob (core -> host): u32 count; per record: digest[16], u8 kind (0 function,
// 1 variable), then name, linkage, visibility, text as (u32 length, bytes), u32 nDeps, per
// dependent: digest[16], name (u32 length, bytes).
export function collectRecords(pipeline: string, results: PassResults): OutBuf {
  let kind = ticketKind();
  let o = new OutBuf();
  let count = 0;
  putU32(o, 0);
  let d = heap.alloc(16), dd = heap.alloc(16);
  let text = new OutBuf();
  // the unpruned tickets of the list by (raw) name
  ticketByName = new Map<i32, i32>();
  let li = ticketListIndex(false);
  if (li >= 0) {
    for (let j = 0; nmdNOps.get(li) > j; j++) {
      let m = nmdPool.get(nmdOps.get(li) + j);
      if (!readTicket(m) || tPruned || tName.len == 0) continue;
      ticketByName.set(strtab.intern(tName.buf.ptr, tName.len), m);
    }
  }
  let used = new Map<i32, bool>();
  let wr = writer();
  beginFragments(wr);
  for (let g = 0; g < globalCount(); g++) {
    if (!isRepoDefinition(g)) continue;
    let linkage = <i32>gLinkage.get(g), vis = <i32>gVisibility.get(g);
    let m = ticketOf(g, kind);
    if (m >= 0) {
      if (tPruned) continue;
      linkage = tLinkage; vis = tVisibility;
      used.set(m, true);
    }
    if (!recordDigest(g, kind, d, pipeline)) continue;
    count++;
    o.bytes(d, 16);
    o.byte(<i32>gKind.get(g) == GK.Func ? 0 : 1);
    let nm = vName.get(gValue.get(g));
    if (nm >= 0) putStr(o, strtab.ptrOf(nm), strtab.lenOf(nm)); else putU32(o, 0);
    putString(o, linkageName(linkage)); putString(o, visibilityName(vis));
    text.clear();
    printFragment(wr, text, g);
    putStr(o, text.buf.ptr, text.len);
    let refs = referencedGlobals(g);
    let at = o.len; putU32(o, 0);
    let nd = 0;
    for (let i = 0; i < refs.len; i++) {
      let y = refs.get(i);
      if (y == g || !recordDigest(y, kind, dd, pipeline)) continue;
      let yn = vName.get(gValue.get(y));
      if (yn < 0) continue;
      o.bytes(dd, 16); putStr(o, strtab.ptrOf(yn), strtab.lenOf(yn));
      nd++;
    }
    store<u32>(o.buf.ptr + <usize>at, <u32>nd);
  }
  // tickets of definitions a later pass erased (mergefunc) without a successor under the same
  // name: stored with an empty text, so the next run prunes them too and `repo link` knows the
  // full run had nothing there. The kind comes from the erased global still carrying the ticket.
  if (li >= 0) {
    let erasedKind = new Map<i32, i32>();   // ticket -> the erased global carrying it
    let liveNames = new Map<i32, bool>();
    for (let g = 0; g < globalCount(); g++) {
      if ((gFlags.get(g) & GF_ERASED) == 0) {
        let nm = vName.get(gValue.get(g));
        if (nm >= 0) liveNames.set(nm, true);
        continue;
      }
      let m = findAttachment(gMD.get(g), kind);
      if (m >= 0) erasedKind.set(m, g);
    }
    for (let j = 0; nmdNOps.get(li) > j; j++) {
      let m = nmdPool.get(nmdOps.get(li) + j);
      if (used.has(m) || !erasedKind.has(m) || !readTicket(m) || tPruned) continue;
      // the name lives on as something else (an alias mergefunc made): not "nothing there"
      if (tName.len > 0 && liveNames.has(strtab.intern(tName.buf.ptr, tName.len))) continue;
      used.set(m, true);
      let eg = erasedKind.get(m);
      count++;
      o.bytes(tDigest, 16);
      o.byte(<i32>gKind.get(eg) == GK.Func ? 0 : 1);
      putStr(o, tName.buf.ptr, tName.len);
      putString(o, linkageName(tLinkage)); putString(o, visibilityName(tVisibility));
      putU32(o, 0);   // no text
      // the function it was merged into: when that one changes, "nothing there" is stale
      let into = <i32>gKind.get(eg) == GK.Func ? results.mergedIntoOf(eg) : -1;
      let yn = into >= 0 && (gFlags.get(into) & GF_ERASED) == 0 ? vName.get(gValue.get(into)) : -1;
      if (yn >= 0 && recordDigest(into, kind, dd, pipeline)) {
        putU32(o, 1);
        o.bytes(dd, 16); putStr(o, strtab.ptrOf(yn), strtab.lenOf(yn));
      } else putU32(o, 0);
    }
  }
  store<u32>(o.buf.ptr, <u32>count);
  out = o;
  return o;
}

// ---- the pass table's entries (passes/table.ts) ----
// repo-prune pauses the run until the host has looked the candidates up (index.ts repoSetHits)
// and resumes it; it erases definitions, so no cached function analysis survives.
export function repoMetadataPass(): PassInfo {
  return new PassInfo("repo-metadata", Level.Module, (c: PassContext): i32 => {
    runRepoMetadata(c.pipeline, c.bool("repo-plain-metadata"));
    return 0;
  }).as("RepoMetadataGenerationPass").describe("Give each definition its program-repository digest (RepoDefinition metadata)")
    .option("repo-plain-metadata", OptionKind.Bool, "0", "write RepoDefinition records as plain tuples stock LLVM reads");
}
export function repoPrunePass(): PassInfo {
  return new PassInfo("repo-prune", Level.Module, (c: PassContext): i32 => {
    if (!hitsProvided()) return PAUSE_FOR_REPOSITORY;
    runRepoPrune();
    return 0;
  }).keeps(Preserves.Nothing).as("RepoPruningPass")
    .describe("Drop the definitions the program repository already holds");
}

export { VK, vKind, vA, operand, attKind, attNext, attMD, hasDigest };
