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

// ---- per global of the arena ----
export let modOf: I32Vec = new I32Vec();     // the module it came from (-1: made by a pass)
export let origName: I32Vec = new I32Vec();  // its name in that module (strId, -1 unnamed)
let seq: I32Vec = new I32Vec();              // its place in the linked module (creation order), -1 not created
export let instsBefore: I32Vec = new I32Vec();   // instructions of a definition as read
// ---- the linked module ----
let destByName: I32Vec = new I32Vec();       // strId -> global of the linked module with that name
let destComdat: U8Vec = new U8Vec();         // comdat name strId -> 1 when the linked module has it
let lastUnique: i32 = 0;
let nextSeq: i32 = 0;
// ---- what the linker did, for the report ----
// kinds: 0 deduplicated (the second linkonce/weak copy dropped), 1 overridden (a weak/linkonce
// definition replaced by a strong one), 2 conflict (two strong definitions: llvm-link fails)
export let evKind: I32Vec = new I32Vec();
export let evName: I32Vec = new I32Vec();    // strId
export let evKeptMod: I32Vec = new I32Vec();
export let evKeptLinkage: I32Vec = new I32Vec();
export let evDropMod: I32Vec = new I32Vec();
export let evDropLinkage: I32Vec = new I32Vec();
export let evDropInsts: I32Vec = new I32Vec();
export let evKept: I32Vec = new I32Vec();    // the kept global (an arena index, fixed up by the final reorder)
export let evIsFunc: U8Vec = new U8Vec();
export let droppedUnused: i32 = 0;           // definitions dropped because nothing linked used them

export function resetXmodLink(): void {
  modOf = new I32Vec(); origName = new I32Vec(); seq = new I32Vec(); instsBefore = new I32Vec();
  destByName = new I32Vec(); destComdat = new U8Vec(); lastUnique = 0; nextSeq = 0;
  evKind = new I32Vec(); evName = new I32Vec(); evKeptMod = new I32Vec(); evKeptLinkage = new I32Vec();
  evDropMod = new I32Vec(); evDropLinkage = new I32Vec(); evDropInsts = new I32Vec(); evKept = new I32Vec();
  evIsFunc = new U8Vec(); droppedUnused = 0;
  outcome = new I32Vec(); mapped = new U8Vec(); seen = new I32Vec(); stamp = 0;
}

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

// The live global of the linked module named `nm`, or -1.
function destLookup(nm: i32): i32 {
  if (nm < 0 || nm >= destByName.len) return -1;
  let g = destByName.get(nm);
  if (g < 0 || isErased(g) || nameOf(g) != nm) return -1;
  return g;
}
function destSet(nm: i32, g: i32): void { destByName.fit(nm + 1, -1); destByName.set(nm, g); }
// ValueSymbolTable::makeUniqueName: `name.N` with the next N the linked module has not used.
function uniqueName(nm: i32): i32 {
  let base = strtabString(nm) + ".";
  while (true) {
    let id = strtab.internStr(base + (++lastUnique).toString());
    if (destLookup(id) < 0) return id;
  }
  return -1;
}

// The module read last (globals [from, to) of the arena): its per-global tables.
export function noteModuleGlobals(m: i32, from: i32): void {
  let n = globalCount();
  for (let g = from; g < n; g++) {
    modOf.push(m); origName.push(nameOf(g)); seq.push(-1);
    instsBefore.push(<i32>gKind.get(g) == GK.Func ? countInsts(g) : 0);
  }
}
export function countInsts(g: i32): i32 {
  let c = 0;
  if ((gFlags.get(g) & GF_ERASED) != 0) return 0;
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) for (let i = vA.get(b); i >= 0; i = iNext.get(i)) c++;
  return c;
}

// ---- linking one module ----
const O_LAZY = 0, O_LINK = 1, O_DEST = 2, O_KEEP = 3;
let outcome: I32Vec = new I32Vec();     // per global of the module being linked (index - from)
let mapped: U8Vec = new U8Vec();
let seen: I32Vec = new I32Vec();        // constants already walked (stamp per module)
let stamp: i32 = 0;
let linkFrom: i32 = 0;

export function linkModule(m: i32, from: i32): void {
  let to = globalCount();
  linkFrom = from;
  outcome.clear(); outcome.resize(to - from, O_LAZY);
  let target = new I32Vec(to - from); target.resize(to - from, -1);
  mapped.clear(); mapped.resize(to - from, 0);
  stamp++;
  // 1. what each global of the module does (ModuleLinker::linkIfNeeded), ValuesToLink in order
  let vtl = new I32Vec();
  for (let kind = 0; kind < 4; kind++) {
    for (let s = from; s < to; s++) {
      if (<i32>gKind.get(s) != kind || isErased(s)) continue;
      decidedTarget = -1;
      let o = decide(m, s);
      outcome.set(s - from, o);
      target.set(s - from, decidedTarget);
      if (o == O_LINK || o == O_KEEP) vtl.push(s);
    }
  }
  // members of the comdats of what is linked come along
  for (let i = 0; i < vtl.len; i++) {
    let c = gComdat.get(vtl.get(i));
    if (c < 0) continue;
    for (let s = from; s < to; s++) {
      if (s == vtl.get(i) || gComdat.get(s) != c || !isLinkOnce(s) || outcome.get(s - from) != O_LAZY || isErased(s)) continue;
      if (destLookup(nameOf(s)) >= 0) continue;
      outcome.set(s - from, O_LINK); vtl.push(s);
    }
  }
  // 2. what meets a global of the linked module that stays: its uses go there
  for (let s = from; s < to; s++) {
    if (outcome.get(s - from) != O_DEST) continue;
    let d = target.get(s - from);
    if (d >= 0 && vType.get(gValue.get(s)) == vType.get(gValue.get(d))) replaceAllUsesWith(gValue.get(s), gValue.get(d));
  }
  // 3. IRLinker::run: each value to link in order, then what it uses, depth first
  let top = new I32Vec(vtl.len);
  for (let i = vtl.len - 1; i >= 0; i--) top.push(vtl.get(i));
  let work = new I32Vec();
  while (top.len > 0) {
    let s = top.get(top.len - 1); top.len--;
    if (mapped.get(s - from) != 0) continue;
    materialize(s, top, work);
    while (work.len > 0) {
      let g = work.get(work.len - 1); work.len--;
      remapBody(g, top, work);
    }
  }
  // 4. replaced globals of the linked module go (their uses move to the new definition);
  //    what was never created is dropped
  for (let s = from; s < to; s++) {
    if (isErased(s)) continue;
    let o = outcome.get(s - from);
    if (o == O_DEST) { eraseGlobal(s); continue; }
    if (mapped.get(s - from) == 0) {
      if (!isDecl(s)) droppedUnused++;
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
function decide(m: i32, s: i32): i32 {
  let l = linkage(s);
  if (l == Linkage.Appending) return O_KEEP;
  if (isLocal(s)) return O_LAZY;
  let d = destLookup(nameOf(s));
  if (d >= 0 && isLocal(d)) d = -1;
  if (d >= 0 && vType.get(gValue.get(s)) != vType.get(gValue.get(d))) {
    // (globals of one name in different address spaces: llvm-link would fail; kept apart)
    noteEvent(2, s, d, m);
    vName.set(gValue.get(s), uniqueName(nameOf(s)));
    d = -1;
  }
  if (d < 0) {
    if (isDecl(s) || isLinkOnce(s) || l == Linkage.Available) return O_LAZY;
    return O_LINK;
  }
  // a comdat the linked module has already: the linked module's members stay (selection `any`)
  let c = gComdat.get(s);
  if (c >= 0 && !isDecl(s) && cdName.get(c) < destComdat.len && destComdat.get(cdName.get(c)) != 0) {
    if (!isDeclForLinker(d)) noteEvent(0, s, d, m);
    return toDest(d);
  }
  if (isDeclForLinker(s)) {
    // an available_externally definition over a declaration
    if (!isDecl(s) && isDecl(d)) return replaceDest(d);
    return toDest(d);
  }
  if (isDeclForLinker(d)) return replaceDest(d);
  if (isWeakForLinker(s)) {
    if (isLinkOnce(d) && isWeak(s)) { noteEvent(1, d, s, m); return replaceDest(d); }
    noteEvent(0, s, d, m);
    return toDest(d);
  }
  if (isWeakForLinker(d)) { noteEvent(1, d, s, m); return replaceDest(d); }
  noteEvent(2, s, d, m);
  return toDest(d);
}
// decide's global of the linked module: the one s's uses go to (O_DEST) or the one s replaces
// (O_LINK), else -1
let decidedTarget: i32 = -1;
function replaceDest(d: i32): i32 { decidedTarget = d; return O_LINK; }
function toDest(d: i32): i32 { decidedTarget = d; return O_DEST; }
// kind 0/2: `dropped` (of module m) meets `kept` of the linked module; kind 1: `dropped` of the
// linked module is replaced by `kept` of module m.
function noteEvent(kind: i32, dropped: i32, kept: i32, m: i32): void {
  evKind.push(kind); evName.push(nameOf(kept));
  evIsFunc.push(<i32>gKind.get(kept) == GK.Func ? 1 : 0);
  evKeptMod.push(modOf.get(kept)); evKeptLinkage.push(linkage(kept));
  evDropMod.push(modOf.get(dropped)); evDropLinkage.push(linkage(dropped));
  evDropInsts.push(dropped < instsBefore.len ? instsBefore.get(dropped) : 0);
  evKept.push(kept);
}

// IRLinker::materialize / linkGlobalValueProto for global s of the module being linked: its
// place in the linked module (its name, made unique), and its body scheduled when it is linked.
function materialize(s: i32, top: I32Vec, work: I32Vec): void {
  let i = s - linkFrom;
  if (mapped.get(i) != 0) return;
  let o = outcome.get(i);
  if (o == O_DEST) return;
  let lazyDef = o == O_LAZY && !isDecl(s) && !isLocal(s);
  if (lazyDef && !(isLinkOnce(s) || linkage(s) == Linkage.Available)) lazyDef = false;
  let shouldLink = o == O_LINK || o == O_KEEP || isLocal(s) || lazyDef;
  mapped.set(i, 1);
  create(s);
  if (lazyDef) {
    outcome.set(i, O_LINK);
    // (ModuleLinker::addLazyFor) the linkonce members of its comdat are linked next
    let c = gComdat.get(s);
    if (c >= 0) {
      for (let t = globalCount() - 1; t >= linkFrom; t--) {
        if (t == s || t - linkFrom >= outcome.len || gComdat.get(t) != c || !isLinkOnce(t) || isErased(t)) continue;
        if (mapped.get(t - linkFrom) != 0 || outcome.get(t - linkFrom) != O_LAZY) continue;
        top.push(t);
      }
    }
  }
  if (shouldLink && !isDecl(s)) {
    let c = gComdat.get(s);
    if (c >= 0) { let cn = cdName.get(c); destComdat.fit(cn + 1, 0); destComdat.set(cn, 1); }
    work.push(s);
  } else if (!isDecl(s) && <i32>gKind.get(s) == GK.Func) {
    deleteBody(s);
  }
}

// A new global of the linked module: the next place, and its name (forceRenaming: a non-local
// global takes its name from what had it, which is renamed; a local one is renamed).
function create(s: i32): void {
  seq.set(s, nextSeq++);
  let nm = nameOf(s);
  if (nm < 0 || <i32>gLinkage.get(s) == Linkage.Appending) return;
  let c = destLookup(nm);
  if (c < 0) { destSet(nm, s); return; }
  let tmp = uniqueName(nm);
  if (isLocal(s)) { vName.set(gValue.get(s), tmp); destSet(tmp, s); return; }
  let cn = uniqueName(nm);
  vName.set(gValue.get(c), cn); destSet(cn, c);
  destSet(nm, s);
}

// Mapper::remapFunction / mapGlobalInitializer: the globals a body uses, in operand order
// (a call's callee after its arguments).
function remapBody(g: i32, top: I32Vec, work: I32Vec): void {
  let v = gValue.get(g);
  let k = <i32>gKind.get(g);
  let n = numOperands(v);
  for (let j = 0; j < n; j++) mapValue(operand(v, j), top, work);
  if (k != GK.Func) return;
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    for (let x = vA.get(b); x >= 0; x = iNext.get(x)) {
      let c = numOperands(x);
      if (isCallLike(<i32>iOp.get(x))) {
        for (let j = 1; j < c; j++) mapValue(operand(x, j), top, work);
        if (c > 0) mapValue(operand(x, 0), top, work);
      } else {
        for (let j = 0; j < c; j++) mapValue(operand(x, j), top, work);
      }
    }
  }
}
function mapValue(v: i32, top: I32Vec, work: I32Vec): void {
  if (v < 0) return;
  let k = <i32>vKind.get(v);
  if (k >= VK.GlobalVar && k <= VK.IFunc) {
    let g = vA.get(v);
    if (g >= linkFrom && g < linkFrom + mapped.len) materialize(g, top, work);
    return;
  }
  if (k < VK.ConstArray || k > VK.PtrAuth) return;
  seen.fit(v + 1, 0);
  if (seen.get(v) == stamp) return;
  seen.set(v, stamp);
  let n = numOperands(v);
  for (let j = 0; j < n; j++) mapValue(operand(v, j), top, work);
}

// ---- after the last module: the linked module's order ----
// The globals are put in creation order (what was dropped or replaced last); the per-global
// tables and the link events follow.
export function orderLinkedGlobals(): void {
  let n = globalCount();
  let order = new I32Vec(n);
  let keys = new I32Vec(n);
  for (let g = 0; g < n; g++) {
    let s = g < seq.len ? seq.get(g) : -1;
    keys.push(!isErased(g) && s >= 0 ? s : nextSeq + g);
  }
  // counting placement: keys are distinct and below nextSeq + n
  let at = new I32Vec(nextSeq + n); at.resize(nextSeq + n, -1);
  for (let g = 0; g < n; g++) at.set(keys.get(g), g);
  for (let k = 0; k < at.len; k++) if (at.get(k) >= 0) order.push(at.get(k));
  let newIndex = new I32Vec(n); newIndex.resize(n, 0);
  for (let i = 0; i < n; i++) newIndex.set(order.get(i), i);
  reorderGlobals(0, order);
  for (let g = 0; g < n; g++) vA.set(gValue.get(g), g);
  modOf = permuted(modOf, order); origName = permuted(origName, order);
  seq = permuted(seq, order); instsBefore = permuted(instsBefore, order);
  for (let i = 0; i < evKept.len; i++) evKept.set(i, newIndex.get(evKept.get(i)));
}
function permuted(c: I32Vec, order: I32Vec): I32Vec {
  let t = new I32Vec(order.len);
  for (let i = 0; i < order.len; i++) t.push(order.get(i) < c.len ? c.get(order.get(i)) : -1);
  return t;
}
