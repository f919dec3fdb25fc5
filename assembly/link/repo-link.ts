// `wopt repo link`: a pruned module (the output of a run that found definitions in the program
// repository and left declarations with `pruned: true` tickets in their place) put back together
// with the texts the repository stored (passes/repo/pass.ts collectRecords), in the arena, so that printing
// it gives the module the run without the repository printed.
//
//   linkTickets()      after the ticket module is parsed: its tickets, in list order (the host
//                      looks up the key of each pruned one)
//   linkFragments(p)   the stored texts, one per pruned ticket, read into the module:
//     1. headers: for each ticket, the global that took its name in the full run (a successor)
//        gets a placeholder bound to the name, which the module's uses of the declaration move
//        to; a declaration whose definition the text holds becomes a placeholder that keeps its
//        global index; the ticket in `!repo.tickets` is no longer pruned.
//     2. the fragments, parsed by the module parser into the module (parser.ts parseTopLevel,
//        with the Reader's `linking` state: each definition takes the next placeholder), each
//        with its own numbering of metadata, attribute groups, unnamed types and globals. Types
//        and comdats are shared by name, an unnamed struct by its body; unnamed globals are found
//        by the header's locators (repo-header.ts reads the headers). Metadata is settled per
//        text (repo-meta.ts): shared distinct nodes become the module's, uniqued nodes are
//        uniqued against the module's.
//     3. declarations whose definition the full run erased go (when nothing uses them), custom
//        attachment kinds take the order the full run registered them in, and the globals the
//        link added are put in the full run's order (a pass had appended them).
import { I32Vec, I64Vec, U8Vec } from "../util/vec";
import { OutBuf } from "../util/outbuf";
import { strtab, strtabString } from "../ir/module";
import {
  VK, vKind, vType, vName, vA, iNext, iMD, newValue, valueCount, dropOperands, replaceAllUsesWith, hasUses, iNOps,
} from "../ir/values";
import {
  GK, gKind, gValue, gFlags, gMD, gFirstBlock, globalCount, GF_ERASED, reorderGlobals,
} from "../ir/globals";
import {
  mdCount, mdByNumber, nmdOps, nmdNOps, nmdPool, attKind, attNext, drPool, findAttachment, attachmentKind, mdKindName,
  FIXED_MD_KINDS, renumberAttachmentKinds,
} from "../ir/metadata";
import { ptrType, tyKind, tyA, tyFlags, listLen, listAt, TK, TF_OPAQUE, TF_HASBODY, TF_PACKED } from "../ir/types";
import { eraseGlobal } from "../ir/edit";
import { applyIntrinsicAttributesTo } from "../ir/intrinsics";
import { fillDefaults } from "../ir/defaults";
import { reading } from "../ir/module-reading";
import { rd } from "../text/reader";
import { lx, T, next, lexInitPadded, lineOf, colOf, PAD } from "../text/lexer";
import * as K from "../text/keywords";
import { parseTopLevel } from "../text/parser";
import { globalSetName, globalSetNum, globalLookupName, notePos } from "../text/parse-symbols";
import { declareForwardIntrinsics, resolvePendingAttributes } from "../text/parse-finish";
import { firstUndefinedMetadata } from "../text/parse-meta";
import { LinkHeaders } from "./repo-header";
import { LinkMetadata } from "./repo-meta";
import { Tickets, TICKET_KIND_NAME } from "./repo-tickets";

function ticketKindId(): i32 { return attachmentKind(strtab.internStr(TICKET_KIND_NAME)); }
function name(id: i32): string { return strtabString(id); }
function findShared(p: usize, metaKeyAt: I32Vec, key: usize): i32 {
  for (let k = 0; k < metaKeyAt.len; k++) if (memory.compare(p + <usize>metaKeyAt.get(k), key, 16) == 0) return k;
  return -1;
}
function sameBodyMapped(t: i32, u: i32, to: I32Vec, typeBase: i32): bool {
  if ((tyFlags.get(t) & (TF_OPAQUE | TF_HASBODY | TF_PACKED)) != (tyFlags.get(u) & (TF_OPAQUE | TF_HASBODY | TF_PACKED))) return false;
  let n = listLen(t);
  if (n != listLen(u)) return false;
  for (let i = 0; i < n; i++) {
    let e = listAt(t, i);
    if (e >= typeBase && e - typeBase < to.len && to.get(e - typeBase) >= 0) e = to.get(e - typeBase);
    if (e != listAt(u, i)) return false;
  }
  return true;
}
function typeUndefined(t: i32): bool {
  if (<i32>tyKind.get(t) != TK.NamedStruct || t >= rd.typeDefPos.len || rd.typeDefPos.get(t) < 0) return false;
  return t >= rd.typeDefined.len || rd.typeDefined.get(t) == 0;
}
function sortAttachments(head: i32, tmp: I32Vec): i32 {
  if (head < 0 || attNext.get(head) < 0) return head;
  tmp.clear();
  for (let a = head; a >= 0; a = attNext.get(a)) {
    let j = tmp.len - 1;
    tmp.push(a);
    while (j >= 0 && attKind.get(tmp.get(j)) > attKind.get(a)) { tmp.set(j + 1, tmp.get(j)); j--; }
    tmp.set(j + 1, a);
  }
  for (let i = 0; i + 1 < tmp.len; i++) attNext.set(tmp.get(i), tmp.get(i + 1));
  attNext.set(tmp.get(tmp.len - 1), -1);
  return tmp.get(0);
}

// One `wopt repo link` (made by index.ts repoTickets for the parsed ticket module, dropped with
// the module): the pruned tickets, the keys of the module's tickets, the headers, metadata and
// ticket codec of the link, and its error.
export class RepoLinker {
  private headers: LinkHeaders;
  private meta: LinkMetadata;
  private tickets: Tickets = new Tickets();
  constructor() { let h = new LinkHeaders(); this.headers = h; this.meta = new LinkMetadata(h); }
  linkError: string = "";
  ticketGlobals: i32 = 0;        // globals of the ticket module; the link adds the ones after
  ticketTypes: i32 = 0;          // types of the ticket module
  moduleUnnamed: I32Vec | null = null;   // its unnamed structs (made on first use)
  itemPos: I32Vec = new I32Vec();      // per pruned ticket: its position in `!repo.tickets`
  itemSlot: I32Vec = new I32Vec();     // the global carrying it (its declaration), -1 none
  itemName: I32Vec = new I32Vec();     // strId of its (raw) name
  itemKeys: OutBuf = new OutBuf();     // 16 bytes each
  keyGlobal: Map<u64, i32> = new Map<u64, i32>();   // key -> the global carrying that ticket
  keyBytes: OutBuf = new OutBuf();     // the keys of keyGlobal's entries (16 bytes, by global)
  keyAt: Map<u64, i32> = new Map<u64, i32>();       // key -> offset in keyBytes
  unticketed: I32Vec = new I32Vec();   // unnamed globals without a ticket, in printing order
  orderKey: I32Vec = new I32Vec();     // global -> its place in the full run (added globals)
  scratch: U8Vec = new U8Vec(256);     // one fragment with PAD zero bytes after it
  key: usize = 0;
  linked: bool = false;

  linkErrorText(): string { return this.linkError; }
  fail(msg: string): bool { if (this.linkError.length == 0) this.linkError = msg; return false; }
  keyScratch(): usize { if (this.key == 0) this.key = heap.alloc(16); return this.key; }

  // ---- 0. the tickets ----
  // Blob (core -> host): u32 count; per ticket of `!repo.tickets`, in its order: key[16], final
  // digest[16], u8 pruned, name (u32 length, bytes). linkFragments takes one stored text per
  // pruned ticket, in this order.
  linkTickets(): OutBuf {
    let o = new OutBuf();
    o.le32(0);
    this.itemPos.clear(); this.itemSlot.clear(); this.itemName.clear(); this.itemKeys.clear(); this.unticketed.clear();
    this.keyGlobal = new Map<u64, i32>(); this.keyBytes.clear(); this.keyAt = new Map<u64, i32>();
    this.ticketGlobals = globalCount();
    this.ticketTypes = tyKind.len;
    let kind = ticketKindId();
    let n = globalCount();
    let k = this.keyScratch();
    // the globals carrying each ticket node, in module order (identical unnamed definitions share
    // a node); every carried ticket's key, for the unnamed globals a fragment refers to
    let carrier = new Map<i32, i32>();
    let nextCarrier = new I32Vec(n); nextCarrier.resize(n, -1);
    for (let g = n - 1; g >= 0; g--) {
      if ((gFlags.get(g) & GF_ERASED) != 0) continue;
      let m = findAttachment(gMD.get(g), kind);
      if (m < 0) continue;
      if (carrier.has(m)) nextCarrier.set(g, carrier.get(m));
      carrier.set(m, g);
    }
    for (let g = 0; g < n; g++) {
      if ((gFlags.get(g) & GF_ERASED) != 0) continue;
      let m = findAttachment(gMD.get(g), kind);
      if (m < 0 || !this.tickets.readTicket(m)) continue;
      this.tickets.ticketKey(k);
      let h = load<u64>(k);
      if (this.keyGlobal.has(h)) continue;
      this.keyGlobal.set(h, g); this.keyAt.set(h, this.keyBytes.len); this.keyBytes.bytes(k, 16);
    }
    // unnamed globals without a ticket, numbered in printing order (as collectRecords numbers them)
    for (let pass = 0; pass < 4; pass++) {
      let want = pass == 0 ? GK.Var : pass == 1 ? GK.Alias : pass == 2 ? GK.IFunc : GK.Func;
      for (let g = 0; g < n; g++) {
        if (<i32>gKind.get(g) != want || (gFlags.get(g) & GF_ERASED) != 0 || vName.get(gValue.get(g)) >= 0) continue;
        if (findAttachment(gMD.get(g), kind) < 0) this.unticketed.push(g);
      }
    }
    let li = this.tickets.ticketListIndex(false);
    let count = 0;
    if (li >= 0) {
      let lp = nmdOps.get(li);
      for (let j = 0; nmdNOps.get(li) > j; j++) {
        let m = nmdPool.get(lp + j);
        if (!this.tickets.readTicket(m)) continue;
        this.tickets.ticketKey(k);
        o.bytes(k, 16); o.bytes(this.tickets.tDigest, 16); o.byte(this.tickets.tPruned ? 1 : 0); o.lenBytes(this.tickets.tName.buf.ptr, this.tickets.tName.len);
        count++;
        if (!this.tickets.tPruned) continue;
        let slot = -1;
        if (carrier.has(m)) { slot = carrier.get(m); if (slot >= 0) carrier.set(m, nextCarrier.get(slot)); }
        this.itemPos.push(j); this.itemSlot.push(slot); this.itemName.push(strtab.intern(this.tickets.tName.buf.ptr, this.tickets.tName.len));
        this.itemKeys.bytes(k, 16);
      }
    }
    store<u32>(o.buf.ptr, <u32>count);
    return o;
  }

  // ---- 1.-3. ----
  // Blob (host -> core): u32 count (linkTickets' count); per ticket: its stored text (u32 length,
  // bytes); then u32 the number of shared-metadata entries the texts name (`; metadata <key>`);
  // per entry: its key[16] and text (u32 length, bytes). Returns false with linkErrorText() set
  // when a text does not fit the module.
  linkFragments(p: usize, len: i32): bool {
    if (this.linked) return this.fail("the module is linked already");
    this.linked = true;
    if (len < 4) return this.fail("malformed link data");
    let n = <i32>load<u32>(p);
    if (n != this.itemPos.len) return this.fail("malformed link data: " + n.toString() + " texts for " + this.itemPos.len.toString() + " pruned tickets");
    let textAt = new I32Vec(n), textLen = new I32Vec(n);
    let at = 4;
    for (let i = 0; i < n; i++) {
      if (at + 4 > len) return this.fail("malformed link data");
      let l = <i32>load<u32>(p + <usize>at); at += 4;
      if (l < 0 || l > len - at) return this.fail("malformed link data");
      textAt.push(at); textLen.push(l); at += l;
    }
    // the shared metadata: items n, n + 1, ... of the header tables
    if (at + 4 > len) return this.fail("malformed link data");
    let nm = <i32>load<u32>(p + <usize>at); at += 4;
    let metaKeyAt = new I32Vec(nm);
    for (let k = 0; k < nm; k++) {
      if (at + 20 > len) return this.fail("malformed link data");
      metaKeyAt.push(at); at += 16;
      let l = <i32>load<u32>(p + <usize>at); at += 4;
      if (l < 0 || l > len - at) return this.fail("malformed link data");
      textAt.push(at); textLen.push(l); at += l;
    }
    if (at != len) return this.fail("malformed link data");
    for (let i = 0; i < n + nm; i++) {
      if (!this.headers.readHeader(i, p + <usize>textAt.get(i), textLen.get(i))) return this.fail(this.textName(i, n, p, metaKeyAt) + " has a malformed header");
    }
    this.meta.beginMetadata();
    // 1. placeholders, and the tickets no longer pruned
    let mdBefore = mdCount();
    let targets = new I32Vec(2 * n);      // per item: slot target, successor target (-1 none)
    let li = this.tickets.ticketListIndex(false);
    for (let i = 0; i < n; i++) {
      let slot = this.itemSlot.get(i), nm = this.itemName.get(i);
      let sv = slot >= 0 ? gValue.get(slot) : -1;
      let st = -1, ct = -1;
      if (this.headers.hSucc.get(i) >= 0 || (this.headers.hSlot.get(i) != 0 && slot < 0)) {
        // the global that took the name in the full run (or a slot the module lacks): added
        ct = newValue(VK.Forward, sv >= 0 ? vType.get(sv) : ptrType(0));
        vName.set(ct, strtab.lenOf(nm) > 0 ? nm : -1);
        if (strtab.lenOf(nm) > 0) globalSetName(nm, ct);
        rd.globalForwardList.push(ct); notePos(ct, 0);
        this.orderKey.fit(ct + 1, 0x7fffffff);
        if (sv >= 0) replaceAllUsesWith(sv, ct);
      }
      if (this.headers.hSlot.get(i) != 0 && slot >= 0) {
        // the declaration takes the definition in its place
        st = sv;
        dropOperands(sv);
        iNOps.set(sv, 0);
        vKind.set(sv, <u8>VK.Forward);
        rd.relink.fit(sv + 1, 0);
        rd.relink.set(sv, slot + 1);
      }
      targets.push(st); targets.push(ct);
      // `!repo.tickets`: the ticket as the full run had it
      if (li >= 0) {
        let m = nmdPool.get(nmdOps.get(li) + this.itemPos.get(i));
        if (this.tickets.readTicket(m)) {
          let um = this.tickets.makeTicket(nm, this.tickets.tDigest, this.tickets.tLinkage, this.tickets.tVisibility, false, this.tickets.tPlain);
          nmdPool.set(nmdOps.get(li) + this.itemPos.get(i), um);
        }
      }
    }
    // what the module uses of a definition mergefunc merged into another (erased, or kept with
    // its uses given away) uses that one, as in the full run
    for (let i = 0; i < n; i++) {
      let slot = this.itemSlot.get(i);
      if (slot < 0 || this.headers.hInto.get(i) < 0) continue;
      let sv = gValue.get(slot), into = globalLookupName(this.headers.hInto.get(i));
      if (into < 0 || into == sv || vType.get(into) != vType.get(sv)) continue;
      let k = <i32>vKind.get(into);
      if (k == VK.Function || k == VK.Forward) replaceAllUsesWith(sv, into);
    }
    this.meta.settleMetadata(-1, mdBefore, attKind.len, drPool.len, valueCount(), true);
    // 2. the shared metadata, then the fragments (their shared nodes bound to its nodes)
    let sharedAt = new I32Vec(nm + 1);
    this.sharedNodes.clear(); this.sharedBinds.clear();
    for (let k = 0; k < nm; k++) {
      let i = n + k;
      sharedAt.push(this.sharedNodes.len);
      if (this.headers.hSlot.get(i) != 0) return this.fail(this.textName(i, n, p, metaKeyAt) + " is not shared metadata");
      if (!this.readFragment(i, this.textName(i, n, p, metaKeyAt), p + <usize>textAt.get(i), textLen.get(i), -1, -1)) return false;
      for (let num = 0; ; num++) {
        let m = mdByNumber.get(<u32>num);
        if (m < 0) break;
        this.sharedNodes.push(this.meta.canonicalOf(m));
      }
    }
    sharedAt.push(this.sharedNodes.len);
    for (let i = 0; i < n; i++) {
      let st = targets.get(2 * i), ct = targets.get(2 * i + 1);
      if (st < 0 && ct < 0) continue;
      let what = this.textName(i, n, p, metaKeyAt);
      this.sharedBinds.clear();
      let s0 = this.headers.hSharedStart.get(i), e = i + 1 < this.headers.hSharedStart.len ? this.headers.hSharedStart.get(i + 1) : this.headers.hShared.len;
      if (e > s0) {
        let k = findShared(p, metaKeyAt, this.headers.hKeys.buf.ptr + <usize>this.headers.hMeta.get(i));
        if (k < 0) return this.fail(what + " names shared metadata the link was not given");
        for (let x = s0; x < e; x += 2) {
          let idx = this.headers.hShared.get(x + 1);
          if (idx >= sharedAt.get(k + 1) - sharedAt.get(k)) return this.fail(what + " refers to node !" + idx.toString() + " of its shared metadata, which has no such node");
          this.sharedBinds.push(this.headers.hShared.get(x)); this.sharedBinds.push(this.sharedNodes.get(sharedAt.get(k) + idx));
        }
      }
      if (!this.readFragment(i, what, p + <usize>textAt.get(i), textLen.get(i), st, ct)) return false;
    }
    // 3. what is left
    for (let j = 0; j < rd.baFunc.len; j++) if (rd.baFunc.get(j) >= 0) return this.fail("a stored text takes the address of a block of a function no text defines");
    let kind = ticketKindId();
    for (let i = 0; i < n; i++) {
      let st = targets.get(2 * i), ct = targets.get(2 * i + 1);
      if ((st >= 0 && <i32>vKind.get(st) == VK.Forward) || (ct >= 0 && <i32>vKind.get(ct) == VK.Forward)) {
        return this.fail("the stored text of '" + name(this.itemName.get(i)) + "' lacks a definition its header announces");
      }
      let slot = this.itemSlot.get(i);
      // a declaration whose definition the full run erased (mergefunc) goes, unless this module
      // still uses it
      if (st < 0 && slot >= 0 && (gFlags.get(slot) & GF_ERASED) == 0 && !hasUses(gValue.get(slot))) eraseGlobal(slot);
    }
    if (rd.missingAlign) fillDefaults();
    this.orderAttachmentKinds(kind);
    this.orderAddedGlobals();
    return true;
  }

  sharedNodes: I32Vec = new I32Vec();   // the shared metadata entries' nodes, by their numbers
  sharedBinds: I32Vec = new I32Vec();   // the fragment being read: (its number, the node) per shared node
  // How messages name text i: a stored definition's, or (i >= n) a shared metadata entry.
  textName(i: i32, n: i32, p: usize, metaKeyAt: I32Vec): string {
    if (i < n) return "the stored text of '" + name(this.itemName.get(i)) + "'";
    let k = p + <usize>metaKeyAt.get(i - n), h = "";
    for (let j = 0; j < 16; j++) { let b = <i32>load<u8>(k + <usize>j); h += (b < 16 ? "0" : "") + b.toString(16); }
    return "the shared metadata " + h;
  }

  // One stored text into the module; st / ct: the placeholders its slot and successor definitions
  // take (-1: none, as for the shared metadata). `what` names it in messages.
  readFragment(i: i32, what: string, p: usize, n: i32, st: i32, ct: i32): bool {
    let r = rd;
    r.linking = true;
    r.linkTargets.clear();
    if (st >= 0) r.linkTargets.push(st);
    if (ct >= 0) r.linkTargets.push(ct);
    r.linkAt = 0;
    // the fragment's own numbering of metadata, attribute groups, unnamed types and globals
    mdByNumber.clear(); r.mdForwardPos.clear();
    r.typeByNumber.clear(); r.groupSets.clear(); r.globalByNum.clear(); r.nextGlobalNum = 0;
    if (!this.bindUnnamedRefs(i, what, st)) { r.linking = false; return false; }
    // the shared nodes it numbers but does not print
    for (let x = 0; x < this.sharedBinds.len; x += 2) mdByNumber.set(<u32>this.sharedBinds.get(x), this.sharedBinds.get(x + 1));
    let fwdFrom = r.globalForwardList.len, attrFrom = r.pendingFnAttrOwners.len, odrLen = reading.odrTypes.len;
    let mdBase = mdCount(), attBase = attKind.len, drBase = drPool.len, valueBase = valueCount(), gBase = globalCount();
    let typeBase = tyKind.len;
    // lex a padded copy (the blob has no padding between texts)
    let s = this.scratch;
    s.clear(); s.reserve(n + PAD);
    memory.copy(s.ptr, p, <usize>n);
    memory.fill(s.ptr + <usize>n, 0, <usize>PAD);
    lexInitPadded(s.ptr, n);
    next();
    let typesDone = false;
    while (lx.tok != T.EOF && !r.failed) {
      let t = lx.tok;
      // the types come first: once they are read, the text's unnamed structs are the module's
      if (!typesDone && t != T.LocalVar && t != T.LocalID) { this.matchUnnamedStructs(typeBase); typesDone = true; }
      let allowed = t == T.LocalVar || t == T.LocalID || t == T.ComdatVar || t == T.GlobalVar || t == T.GlobalID || t == T.MetadataID ||
        (t == T.Word && (lx.tokStr == K.KW_define || lx.tokStr == K.KW_attributes));
      if (!allowed) { this.fragmentError(what, "expected a type, comdat, global, function, attribute group or metadata node", lx.tokStart); r.linking = false; return false; }
      if (!parseTopLevel()) break;
    }
    r.linking = false;
    if (r.failed) return this.fragmentError(what, r.errMsg, r.errOff);
    if (r.linkAt != r.linkTargets.len) return this.fail(what + " lacks a definition its header announces");
    for (let t = typeBase; t < tyKind.len; t++) if (typeUndefined(t)) return this.fail(what + " uses a type it does not define");
    let um = firstUndefinedMetadata();
    if (um >= 0) return this.fail(what + " uses undefined metadata '!" + um.toString() + "'");
    if (!resolvePendingAttributes(attrFrom)) return this.fragmentError(what, r.errMsg, r.errOff);
    r.pendingFnAttrOwners.len = attrFrom;
    reading.odrTypes.len = odrLen;
    let f = declareForwardIntrinsics(fwdFrom);
    if (f >= 0) return this.fail(what + " uses '@" + (vName.get(f) >= 0 ? name(vName.get(f)) : vA.get(f).toString()) + "', which the module does not have");
    for (let g = gBase; g < globalCount(); g++) applyIntrinsicAttributesTo(g);
    // the globals a pass created in the full run: their place there
    let a = this.headers.hAppStart.get(i), ae = i + 1 < this.headers.hAppStart.len ? this.headers.hAppStart.get(i + 1) : this.headers.hApp.len;
    for (let x = a; x < ae; x += 2) {
      let v = globalLookupName(this.headers.hApp.get(x));
      if (v < 0) continue;
      let k = <i32>vKind.get(v);
      if (k != VK.Function && k != VK.GlobalVar && k != VK.Alias && k != VK.IFunc) continue;
      this.noteOrder(v, this.headers.hApp.get(x + 1));
    }
    if (ct >= 0 && this.headers.hSucc.get(i) >= 0) this.noteOrder(ct, this.headers.hSucc.get(i));
    this.meta.settleMetadata(i, mdBase, attBase, drBase, valueBase, false);
    return true;
  }
  // A named struct the text referred to (so noted by the parser) but did not define.
  // The unnamed structs the text defined (numbered from 0 in it) stand for the module's unnamed
  // structs with the same body, where there is one: matched to a fixed point, a struct whose
  // elements are the text's other unnamed structs matching once those have matched. The text's
  // own copies are left unused.
  matchUnnamedStructs(typeBase: i32): void {
    let nums = rd.typeByNumber.dense; // (a stored text numbers its types from 0: all in the dense part)
    let any = false;
    for (let k = 0; k < nums.len; k++) if (nums.get(k) >= typeBase) { any = true; break; }
    if (!any) return;
    if (this.moduleUnnamed === null) {
      let list = new I32Vec();
      for (let u = 0; u < this.ticketTypes; u++) if (<i32>tyKind.get(u) == TK.NamedStruct && tyA.get(u) < 0) list.push(u);
      this.moduleUnnamed = list;
    }
    let theirs = this.moduleUnnamed!;
    if (theirs.len == 0) return;
    let to = new I32Vec(tyKind.len - typeBase); to.resize(tyKind.len - typeBase, -1);   // the text's types -> the module's
    let changed = true;
    while (changed) {
      changed = false;
      for (let k = 0; k < nums.len; k++) {
        let t = nums.get(k);
        if (t < typeBase || <i32>tyKind.get(t) != TK.NamedStruct || to.get(t - typeBase) >= 0) continue;
        for (let j = 0; j < theirs.len; j++) {
          let u = theirs.get(j);
          if (sameBodyMapped(t, u, to, typeBase)) { to.set(t - typeBase, u); nums.set(k, u); changed = true; break; }
        }
      }
    }
  }
  fragmentError(what: string, msg: string, off: i32): bool {
    return this.fail(what + " does not fit the module: " + msg + " (line " + lineOf(off).toString() + ", column " + colOf(off).toString() + " of the text)");
  }
  noteOrder(v: i32, idx: i32): void {
    this.orderKey.fit(v + 1, 0x7fffffff);
    if (this.orderKey.get(v) > idx) this.orderKey.set(v, idx);
  }

  // Binds the unnamed global numbers item i's text uses to the module's globals.
  bindUnnamedRefs(i: i32, what: string, st: i32): bool {
    let s = this.headers.hRefStart.get(i), e = i + 1 < this.headers.hRefStart.len ? this.headers.hRefStart.get(i + 1) : this.headers.hRefs.len;
    for (let x = s; x < e; x += 3) {
      let num = this.headers.hRefs.get(x), kind = this.headers.hRefs.get(x + 1), arg = this.headers.hRefs.get(x + 2);
      let v = -1;
      if (kind == 0) {
        let kp = this.headers.hKeys.buf.ptr + <usize>arg;
        if (st >= 0 && memory.compare(kp, this.itemKeys.buf.ptr + (<usize>i << 4), 16) == 0) v = st;
        else {
          let h = load<u64>(kp);
          if (this.keyGlobal.has(h) && memory.compare(this.keyBytes.buf.ptr + <usize>this.keyAt.get(h), kp, 16) == 0) v = gValue.get(this.keyGlobal.get(h));
        }
      } else if (arg < this.unticketed.len) v = gValue.get(this.unticketed.get(arg));
      if (v < 0) return this.fail(what + " refers to an unnamed global (@" + num.toString() + ") the module does not have");
      globalSetNum(num, v);
    }
    return true;
  }

  // ---- attachment kinds: the full run's order ----
  // Custom kinds are numbered in the order a module registers them, and attachments print in kind
  // order. The full run registered the kinds its input uses before `repo_ticket`; the ticket module
  // meets `repo_ticket` first. The headers give the full run's numbers; a kind without one keeps
  // its place after the kind before it.
  orderAttachmentKinds(ticketKind: i32): void {
    let n = mdKindName.len, fixed = FIXED_MD_KINDS.length;
    if (n - fixed < 2) return;
    this.headers.kindRank.fit(n, -1);
    let ranks = new I64Vec(n);
    let last: i64 = -1;
    for (let k = fixed; k < n; k++) {
      let r = this.headers.kindRank.get(k);
      if (r >= 0) { last = <i64>r; ranks.push(<i64>r * 2); }
      else ranks.push(last * 2 + 1);
    }
    // stable insertion sort of the custom kinds by rank
    let order = new I32Vec(n - fixed);
    for (let k = fixed; k < n; k++) {
      let x = k, j = order.len - 1;
      order.push(x);
      while (j >= 0 && ranks.get(order.get(j) - fixed) > ranks.get(x - fixed)) { order.set(j + 1, order.get(j)); j--; }
      order.set(j + 1, x);
    }
    let same = true;
    for (let i = 0; i < order.len; i++) if (order.get(i) != fixed + i) { same = false; break; }
    if (same) return;
    let newId = new I32Vec(n);
    for (let k = 0; k < fixed; k++) newId.push(k);
    newId.resize(n, 0);
    for (let i = 0; i < order.len; i++) newId.set(order.get(i), fixed + i);
    renumberAttachmentKinds(newId);
    // every list in kind order again (stable: a global's repeated kinds keep their order)
    let tmp = new I32Vec(8);
    for (let g = 0; g < globalCount(); g++) {
      gMD.set(g, sortAttachments(gMD.get(g), tmp));
      if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0) continue;
      for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b))
        for (let x = vA.get(b); x >= 0; x = iNext.get(x)) iMD.set(x, sortAttachments(iMD.get(x), tmp));
    }
  }

  // ---- the globals the link added, in the full run's order ----
  orderAddedGlobals(): void {
    let from = this.ticketGlobals, n = globalCount();
    if (n - from < 2) return;
    let order = new I32Vec(n - from);
    let keys = new I32Vec(n - from);
    for (let g = from; g < n; g++) {
      let v = gValue.get(g);
      keys.push(v < this.orderKey.len ? this.orderKey.get(v) : 0x7fffffff);
    }
    for (let g = from; g < n; g++) {
      let j = order.len - 1;
      order.push(g);
      let kg = keys.get(g - from);
      while (j >= 0 && keys.get(order.get(j) - from) > kg) { order.set(j + 1, order.get(j)); j--; }
      order.set(j + 1, g);
    }
    let same = true;
    for (let i = 0; i < order.len; i++) if (order.get(i) != from + i) { same = false; break; }
    if (same) return;
    reorderGlobals(from, order);
    for (let g = from; g < n; g++) vA.set(gValue.get(g), g);
  }

}