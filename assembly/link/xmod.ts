// The cross-module report's link (`--cross-module-report`): the modules of a batch read one after
// the other into ONE arena, with the symbol resolution and the global order `llvm-link` gives,
// so that mergefunc run on the arena finds what it finds after `llvm-link` of the batch.
//
// Each module is parsed by the module parser with a reader of its own (names, numbers, named
// types, metadata, attribute groups and comdats are the module's), verified, and then linked
// into what the modules before it made, as LinkModules / IRMover do:
//   - resolution by name of the non-local globals: a declaration meets the definition (which
//     takes its place); of two definitions the first stays unless the second is strong and the
//     first weak or linkonce (or the first linkonce and the second weak); two linkonce / weak
//     definitions: the second is dropped (deduplicated by the linker); two strong ones: a link
//     conflict (llvm-link fails; we report it and keep the first); a global whose comdat the
//     linked module has already is dropped;
//   - local (private, internal) globals never meet: a later one with a name the linked module
//     has takes `name.N` (the linked module's one counter, as LLVM's symbol table counts);
//   - order: the globals to link (variables, then functions, aliases, ifuncs, in module order)
//     are created in that order; a definition that is only linked when used (local, linkonce,
//     available_externally) and a declaration are created where a body being linked first uses
//     them (bodies are linked last-scheduled first, operands in LLVM's operand order); what is
//     never used is dropped.
// Appending variables (llvm.used, llvm.global_ctors) are kept per module: mergefunc reads every
// `llvm.used` by name.
import { I32Vec, U8Vec } from "../util/vec";
import { strtab, strtabString } from "../ir/module";
import { VK, vKind, vType, vName, vA, iOp, iNext, operand, numOperands, replaceAllUsesWith, valueCount } from "../ir/values";
import {
  GK, Linkage, gKind, gValue, gFlags, gLinkage, gComdat, gFirstBlock, globalCount, GF_ERASED, GF_DEFINED, cdName,
  reorderGlobals,
} from "../ir/globals";
import { eraseGlobal, deleteBody } from "../ir/edit";
import { isCallLike } from "../ir/opcodes";
import { strtab, dataLayout } from "../ir/module";
import { mdByNumber } from "../ir/metadata";
import { tyKind } from "../ir/types";
import { parseDataLayout } from "../ir/datalayout-parse";
import { dataLayoutError } from "../ir/datalayout";
import { fillDefaults } from "../ir/defaults";
import { rd } from "../text/reader";
import { newReader, parseModule } from "../text/parser";
import { COMDAT_DEFINED } from "../text/parse-globals";
import { Verifier, verifyGlobalsFrom } from "../analysis/verifier";

// what a global of the module being linked does (linkModule)
const O_LAZY = 0, O_LINK = 1, O_DEST = 2, O_KEEP = 3;

// ---- linkage questions (GlobalValue's) ----
function linkage(g: i32): i32 { return <i32>gLinkage.get(g); }
function isLocal(g: i32): bool { let l = linkage(g); return l == Linkage.Private || l == Linkage.Internal || vName.get(gValue.get(g)) < 0; }
function isDecl(g: i32): bool { return (gFlags.get(g) & GF_DEFINED) == 0 && <i32>gKind.get(g) != GK.Alias && <i32>gKind.get(g) != GK.IFunc; }
function isDeclForLinker(g: i32): bool { return isDecl(g) || linkage(g) == Linkage.Available; }
function isLinkOnce(g: i32): bool { let l = linkage(g); return l == Linkage.LinkOnce || l == Linkage.LinkOnceODR; }
function isWeak(g: i32): bool { let l = linkage(g); return l == Linkage.Weak || l == Linkage.WeakODR; }
function isWeakForLinker(g: i32): bool { let l = linkage(g); return isLinkOnce(g) || isWeak(g) || l == Linkage.Common || l == Linkage.ExternWeak; }
function isErased(g: i32): bool { return (gFlags.get(g) & GF_ERASED) != 0; }
function nameOf(g: i32): i32 { return vName.get(gValue.get(g)); }
export function countInsts(g: i32): i32 {
  let c = 0;
  if ((gFlags.get(g) & GF_ERASED) != 0) return 0;
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) for (let i = vA.get(b); i >= 0; i = iNext.get(i)) c++;
  return c;
}
function permuted(c: I32Vec, order: I32Vec): I32Vec {
  let t = new I32Vec(order.len);
  for (let i = 0; i < order.len; i++) t.push(order.get(i) < c.len ? c.get(order.get(i)) : -1);
  return t;
}

// One cross-module link (made by index.ts xmodBegin, dropped with the core's next reset): the
// per-global tables of the arena, the linked module's names and comdats, what the linker did,
// and the scratch of the module being linked.
export class CrossModuleLinker {
  modules: i32 = 0;                 // modules linked
  // ---- per global of the arena ----
  modOf: I32Vec = new I32Vec();     // the module it came from (-1: made by a pass)
  origName: I32Vec = new I32Vec();  // its name in that module (strId, -1 unnamed)
  seq: I32Vec = new I32Vec();              // its place in the linked module (creation order), -1 not created
  instsBefore: I32Vec = new I32Vec();   // instructions of a definition as read
  // ---- the linked module ----
  destByName: I32Vec = new I32Vec();       // strId -> global of the linked module with that name
  destComdat: U8Vec = new U8Vec();         // comdat name strId -> 1 when the linked module has it
  lastUnique: i32 = 0;
  nextSeq: i32 = 0;
  // ---- what the linker did, for the report ----
  // kinds: 0 deduplicated (the second linkonce/weak copy dropped), 1 overridden (a weak/linkonce
  // definition replaced by a strong one), 2 conflict (two strong definitions: llvm-link fails)
  evKind: I32Vec = new I32Vec();
  evName: I32Vec = new I32Vec();    // strId
  evKeptMod: I32Vec = new I32Vec();
  evKeptLinkage: I32Vec = new I32Vec();
  evDropMod: I32Vec = new I32Vec();
  evDropLinkage: I32Vec = new I32Vec();
  evDropInsts: I32Vec = new I32Vec();
  evKept: I32Vec = new I32Vec();    // the kept global (an arena index, fixed up by the final reorder)
  evIsFunc: U8Vec = new U8Vec();
  droppedUnused: i32 = 0;           // definitions dropped because nothing linked used them


// Module m (its text at p, len bytes) read into the arena, verified and linked: 0 linked; 1 parse
  // error (the reader's message and offset); 2 the module does not verify (the messages in vr.out).
  // After an error the arena holds part of the module: the host starts over without it.
  addModule(p: usize, len: i32, m: i32, vr: Verifier): i32 {
    newReader();
    mdByNumber.clear();   // (metadata numbers are the module's, as the reader's other tables)
    // the modules before defined their named types: the reader checks only this module's
    rd.typeDefined.resize(tyKind.len, 1); rd.typeDefPos.resize(tyKind.len, -1);
    // and their comdats (the reader's per-comdat table is indexed by the arena's comdats)
    rd.comdatRefAt.resize(cdName.len, COMDAT_DEFINED);
    let from = globalCount();
    if (!parseModule(p, len)) return 1;
    if (dataLayout >= 0 && !parseDataLayout(strtab.ptrOf(dataLayout), strtab.lenOf(dataLayout))) {
      rd.errMsg = dataLayoutError(); rd.errOff = 0;
      return 1;
    }
    if (rd.missingAlign) fillDefaults();
    // the module's own globals verify (as opt verifies each input)
    if (!verifyGlobalsFrom(vr, from)) return 2;
    this.noteModuleGlobals(m, from);
    this.linkModule(m, from);
    this.modules++;
    return 0;
  }

  // The live global of the linked module named `nm`, or -1.
  destLookup(nm: i32): i32 {
    if (nm < 0 || nm >= this.destByName.len) return -1;
    let g = this.destByName.get(nm);
    if (g < 0 || isErased(g) || nameOf(g) != nm) return -1;
    return g;
  }
  destSet(nm: i32, g: i32): void { this.destByName.fit(nm + 1, -1); this.destByName.set(nm, g); }
  // ValueSymbolTable::makeUniqueName: `name.N` with the next N the linked module has not used.
  uniqueName(nm: i32): i32 {
    let base = strtabString(nm) + ".";
    while (true) {
      let id = strtab.internStr(base + (++this.lastUnique).toString());
      if (this.destLookup(id) < 0) return id;
    }
    return -1;
  }

  // The module read last (globals [from, to) of the arena): its per-global tables.
  noteModuleGlobals(m: i32, from: i32): void {
    let n = globalCount();
    for (let g = from; g < n; g++) {
      this.modOf.push(m); this.origName.push(nameOf(g)); this.seq.push(-1);
      this.instsBefore.push(<i32>gKind.get(g) == GK.Func ? countInsts(g) : 0);
    }
  }

  // ---- linking one module ----
  outcome: I32Vec = new I32Vec();     // per global of the module being linked (index - from)
  mapped: U8Vec = new U8Vec();
  seen: I32Vec = new I32Vec();        // constants already walked (stamp per module)
  stamp: i32 = 0;
  linkFrom: i32 = 0;

  linkModule(m: i32, from: i32): void {
    let to = globalCount();
    this.linkFrom = from;
    this.outcome.clear(); this.outcome.resize(to - from, O_LAZY);
    let target = new I32Vec(to - from); target.resize(to - from, -1);
    this.mapped.clear(); this.mapped.resize(to - from, 0);
    this.stamp++;
    // 1. what each global of the module does (ModuleLinker::linkIfNeeded), ValuesToLink in order
    let vtl = new I32Vec();
    for (let kind = 0; kind < 4; kind++) {
      for (let s = from; s < to; s++) {
        if (<i32>gKind.get(s) != kind || isErased(s)) continue;
        this.decidedTarget = -1;
        let o = this.decide(m, s);
        this.outcome.set(s - from, o);
        target.set(s - from, this.decidedTarget);
        if (o == O_LINK || o == O_KEEP) vtl.push(s);
      }
    }
    // members of the comdats of what is linked come along
    for (let i = 0; i < vtl.len; i++) {
      let c = gComdat.get(vtl.get(i));
      if (c < 0) continue;
      for (let s = from; s < to; s++) {
        if (s == vtl.get(i) || gComdat.get(s) != c || !isLinkOnce(s) || this.outcome.get(s - from) != O_LAZY || isErased(s)) continue;
        if (this.destLookup(nameOf(s)) >= 0) continue;
        this.outcome.set(s - from, O_LINK); vtl.push(s);
      }
    }
    // 2. what meets a global of the linked module that stays: its uses go there
    for (let s = from; s < to; s++) {
      if (this.outcome.get(s - from) != O_DEST) continue;
      let d = target.get(s - from);
      if (d >= 0 && vType.get(gValue.get(s)) == vType.get(gValue.get(d))) replaceAllUsesWith(gValue.get(s), gValue.get(d));
    }
    // 3. IRLinker::run: each value to link in order, then what it uses, depth first
    let top = new I32Vec(vtl.len);
    for (let i = vtl.len - 1; i >= 0; i--) top.push(vtl.get(i));
    let work = new I32Vec();
    while (top.len > 0) {
      let s = top.get(top.len - 1); top.len--;
      if (this.mapped.get(s - from) != 0) continue;
      this.materialize(s, top, work);
      while (work.len > 0) {
        let g = work.get(work.len - 1); work.len--;
        this.remapBody(g, top, work);
      }
    }
    // 4. replaced globals of the linked module go (their uses move to the new definition);
    //    what was never created is dropped
    for (let s = from; s < to; s++) {
      if (isErased(s)) continue;
      let o = this.outcome.get(s - from);
      if (o == O_DEST) { eraseGlobal(s); continue; }
      if (this.mapped.get(s - from) == 0) {
        if (!isDecl(s)) this.droppedUnused++;
        eraseGlobal(s);
        continue;
      }
      let d = target.get(s - from);
      if (d >= 0 && !isErased(d) && vType.get(gValue.get(s)) == vType.get(gValue.get(d))) {
        replaceAllUsesWith(gValue.get(d), gValue.get(s));
        eraseGlobal(d);
      }
    }
  }

  // shouldLinkFromSource and linkIfNeeded, for global s of module m.
  decide(m: i32, s: i32): i32 {
    let l = linkage(s);
    if (l == Linkage.Appending) return O_KEEP;
    if (isLocal(s)) return O_LAZY;
    let d = this.destLookup(nameOf(s));
    if (d >= 0 && isLocal(d)) d = -1;
    if (d >= 0 && vType.get(gValue.get(s)) != vType.get(gValue.get(d))) {
      // (globals of one name in different address spaces: llvm-link would fail; kept apart)
      this.noteEvent(2, s, d, m);
      vName.set(gValue.get(s), this.uniqueName(nameOf(s)));
      d = -1;
    }
    if (d < 0) {
      if (isDecl(s) || isLinkOnce(s) || l == Linkage.Available) return O_LAZY;
      return O_LINK;
    }
    // a comdat the linked module has already: the linked module's members stay (selection `any`)
    let c = gComdat.get(s);
    if (c >= 0 && !isDecl(s) && cdName.get(c) < this.destComdat.len && this.destComdat.get(cdName.get(c)) != 0) {
      if (!isDeclForLinker(d)) this.noteEvent(0, s, d, m);
      return this.toDest(d);
    }
    if (isDeclForLinker(s)) {
      // an available_externally definition over a declaration
      if (!isDecl(s) && isDecl(d)) return this.replaceDest(d);
      return this.toDest(d);
    }
    if (isDeclForLinker(d)) return this.replaceDest(d);
    if (isWeakForLinker(s)) {
      if (isLinkOnce(d) && isWeak(s)) { this.noteEvent(1, d, s, m); return this.replaceDest(d); }
      this.noteEvent(0, s, d, m);
      return this.toDest(d);
    }
    if (isWeakForLinker(d)) { this.noteEvent(1, d, s, m); return this.replaceDest(d); }
    this.noteEvent(2, s, d, m);
    return this.toDest(d);
  }
  // decide's global of the linked module: the one s's uses go to (O_DEST) or the one s replaces
  // (O_LINK), else -1
  decidedTarget: i32 = -1;
  replaceDest(d: i32): i32 { this.decidedTarget = d; return O_LINK; }
  toDest(d: i32): i32 { this.decidedTarget = d; return O_DEST; }
  // kind 0/2: `dropped` (of module m) meets `kept` of the linked module; kind 1: `dropped` of the
  // linked module is replaced by `kept` of module m.
  noteEvent(kind: i32, dropped: i32, kept: i32, m: i32): void {
    this.evKind.push(kind); this.evName.push(nameOf(kept));
    this.evIsFunc.push(<i32>gKind.get(kept) == GK.Func ? 1 : 0);
    this.evKeptMod.push(this.modOf.get(kept)); this.evKeptLinkage.push(linkage(kept));
    this.evDropMod.push(this.modOf.get(dropped)); this.evDropLinkage.push(linkage(dropped));
    this.evDropInsts.push(dropped < this.instsBefore.len ? this.instsBefore.get(dropped) : 0);
    this.evKept.push(kept);
  }

  // IRLinker::materialize / linkGlobalValueProto for global s of the module being linked: its
  // place in the linked module (its name, made unique), and its body scheduled when it is linked.
  materialize(s: i32, top: I32Vec, work: I32Vec): void {
    let i = s - this.linkFrom;
    if (this.mapped.get(i) != 0) return;
    let o = this.outcome.get(i);
    if (o == O_DEST) return;
    let lazyDef = o == O_LAZY && !isDecl(s) && !isLocal(s);
    if (lazyDef && !(isLinkOnce(s) || linkage(s) == Linkage.Available)) lazyDef = false;
    let shouldLink = o == O_LINK || o == O_KEEP || isLocal(s) || lazyDef;
    this.mapped.set(i, 1);
    this.create(s);
    if (lazyDef) {
      this.outcome.set(i, O_LINK);
      // (ModuleLinker::addLazyFor) the linkonce members of its comdat are linked next
      let c = gComdat.get(s);
      if (c >= 0) {
        for (let t = globalCount() - 1; t >= this.linkFrom; t--) {
          if (t == s || t - this.linkFrom >= this.outcome.len || gComdat.get(t) != c || !isLinkOnce(t) || isErased(t)) continue;
          if (this.mapped.get(t - this.linkFrom) != 0 || this.outcome.get(t - this.linkFrom) != O_LAZY) continue;
          top.push(t);
        }
      }
    }
    if (shouldLink && !isDecl(s)) {
      let c = gComdat.get(s);
      if (c >= 0) { let cn = cdName.get(c); this.destComdat.fit(cn + 1, 0); this.destComdat.set(cn, 1); }
      work.push(s);
    } else if (!isDecl(s) && <i32>gKind.get(s) == GK.Func) {
      deleteBody(s);
    }
  }

  // A new global of the linked module: the next place, and its name (forceRenaming: a non-local
  // global takes its name from what had it, which is renamed; a local one is renamed).
  create(s: i32): void {
    this.seq.set(s, this.nextSeq++);
    let nm = nameOf(s);
    if (nm < 0 || <i32>gLinkage.get(s) == Linkage.Appending) return;
    let c = this.destLookup(nm);
    if (c < 0) { this.destSet(nm, s); return; }
    let tmp = this.uniqueName(nm);
    if (isLocal(s)) { vName.set(gValue.get(s), tmp); this.destSet(tmp, s); return; }
    let cn = this.uniqueName(nm);
    vName.set(gValue.get(c), cn); this.destSet(cn, c);
    this.destSet(nm, s);
  }

  // Mapper::remapFunction / mapGlobalInitializer: the globals a body uses, in operand order
  // (a call's callee after its arguments).
  remapBody(g: i32, top: I32Vec, work: I32Vec): void {
    let v = gValue.get(g);
    let k = <i32>gKind.get(g);
    let n = numOperands(v);
    for (let j = 0; j < n; j++) this.mapValue(operand(v, j), top, work);
    if (k != GK.Func) return;
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
      for (let x = vA.get(b); x >= 0; x = iNext.get(x)) {
        let c = numOperands(x);
        if (isCallLike(<i32>iOp.get(x))) {
          for (let j = 1; j < c; j++) this.mapValue(operand(x, j), top, work);
          if (c > 0) this.mapValue(operand(x, 0), top, work);
        } else {
          for (let j = 0; j < c; j++) this.mapValue(operand(x, j), top, work);
        }
      }
    }
  }
  mapValue(v: i32, top: I32Vec, work: I32Vec): void {
    if (v < 0) return;
    let k = <i32>vKind.get(v);
    if (k >= VK.GlobalVar && k <= VK.IFunc) {
      let g = vA.get(v);
      if (g >= this.linkFrom && g < this.linkFrom + this.mapped.len) this.materialize(g, top, work);
      return;
    }
    if (k < VK.ConstArray || k > VK.PtrAuth) return;
    this.seen.fit(v + 1, 0);
    if (this.seen.get(v) == this.stamp) return;
    this.seen.set(v, this.stamp);
    let n = numOperands(v);
    for (let j = 0; j < n; j++) this.mapValue(operand(v, j), top, work);
  }

  // ---- after the last module: the linked module's order ----
  // The globals are put in creation order (what was dropped or replaced last); the per-global
  // tables and the link events follow.
  orderLinkedGlobals(): void {
    let n = globalCount();
    let order = new I32Vec(n);
    let keys = new I32Vec(n);
    for (let g = 0; g < n; g++) {
      let s = g < this.seq.len ? this.seq.get(g) : -1;
      keys.push(!isErased(g) && s >= 0 ? s : this.nextSeq + g);
    }
    // counting placement: keys are distinct and below nextSeq + n
    let at = new I32Vec(this.nextSeq + n); at.resize(this.nextSeq + n, -1);
    for (let g = 0; g < n; g++) at.set(keys.get(g), g);
    for (let k = 0; k < at.len; k++) if (at.get(k) >= 0) order.push(at.get(k));
    let newIndex = new I32Vec(n); newIndex.resize(n, 0);
    for (let i = 0; i < n; i++) newIndex.set(order.get(i), i);
    reorderGlobals(0, order);
    for (let g = 0; g < n; g++) vA.set(gValue.get(g), g);
    this.modOf = permuted(this.modOf, order); this.origName = permuted(this.origName, order);
    this.seq = permuted(this.seq, order); this.instsBefore = permuted(this.instsBefore, order);
    for (let i = 0; i < this.evKept.len; i++) this.evKept.set(i, newIndex.get(this.evKept.get(i)));
  }

}