// The IR edits mem2reg makes, with the side effects LLVM attaches to them:
//  - erasing an instruction moves its debug records to the front of the next instruction's
//    (DbgMarker::removeMarker), frees its name in the function's symbol table, and turns metadata
//    that refers to it into `undef` (Instruction::~Instruction);
//  - replace-all-uses-with also redirects metadata (ValueAsMetadata::handleRAUW);
//  - new phis are named `<alloca>.<n>`, uniqued as ValueSymbolTable::makeUniqueName does.
//
// Loads, stores and intrinsic users are erased lazily: `eraseLater` drops the operands and marks
// the instruction dead but leaves it linked, and `sweepDead` unlinks every dead instruction of the
// touched blocks in one pass, moving debug records forward. This gives the same record order as
// LLVM's immediate erasing (records of consecutive erased instructions stay in order ahead of the
// next live instruction) without re-walking a growing record list per erased instruction.
//
// Metadata references to function-local values are indexed per function (`beginFunction`): each
// value-as-metadata node (MK.Value) is on its value's list, and each node lists the debug records
// that use it as their location. Everything is stamped with a per-function epoch, so starting a
// function costs nothing proportional to the module. All of it is one `Editor` object, made with
// the pass's state for a pipeline run (pass.ts); phis, lazily erased instructions and names are
// its edits.
import { I32Vec, I64Vec } from "../../util/vec";
import { IdMap } from "../../util/idmap";
import {
  VK, vKind, vType, vName, vParent, vA, vB, iOp, iNext, iPrev, iMD, iDbg, numOperands, operand,
} from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { gFirstBlock, gFirstArg, gNumArgs } from "../../ir/globals";
import {
  MK, mdKind, mdA, mdOps, mdNOps, mdPool, newMD, drKind, drOps, drNOps, drNext, drPool, newDebugRecord, DR,
  addAttachment, removeAttachment, findAttachment, MDK_DBG, MDK_DIASSIGNID,
} from "../../ir/metadata";
import { getUndef, getPoison } from "../../ir/constants";
import { llvmVersion } from "../../ir/version";
import { strtab } from "../../ir/module";
import { T_VOID } from "../../ir/types";
import { replaceAllUsesWith, insertBefore, unlink, eraseInstruction, eraseLeavingLinked, nextUniqueSuffix } from "../../ir/edit";
export { debugLoc, setDebugLoc } from "../../ir/edit";

// ---- the editor ----

// internNameBuf's cache: packed name bytes -> strId (open addressing, key 0 empty)
const NAME_CACHE: i32 = 1024;
function emptyKeys(): I64Vec { let v = new I64Vec(NAME_CACHE); v.resize(NAME_CACHE, 0); return v; }
function emptyIds(): I32Vec { let v = new I32Vec(NAME_CACHE); v.resize(NAME_CACHE, 0); return v; }

// The edits of one pipeline run's mem2reg: the function being edited (`fn`, set by
// beginFunction) and its indexes, reused from function to function.
@final export class Editor {
  fn: i32 = -1;
  epoch: i32 = 0;                         // per function
  private valMDHead: IdMap = new IdMap();     // value -> first MK.Value node wrapping it
  private mdStamp: I32Vec = new I32Vec();
  private mdNextSame: I32Vec = new I32Vec();  // MK.Value node -> next node wrapping the same value
  private mdUsers: I32Vec = new I32Vec();     // MK.Value node -> first record-user entry
  private ruRec: I32Vec = new I32Vec();       // record-user entries: record, next
  private ruNext: I32Vec = new I32Vec();
  private recStamp: I32Vec = new I32Vec();
  private recOwner: I32Vec = new I32Vec();    // record -> instruction it precedes (-1 when erased)
  // #dbg_assign records by their DIAssignID node, in function order (at::getDVRAssignmentMarkers)
  private asgStamp: I32Vec = new I32Vec();    // DIAssignID node -> epoch
  private asgHead: I32Vec = new I32Vec();     // DIAssignID node -> first entry
  private asgTail: I32Vec = new I32Vec();
  private asgRec: I32Vec = new I32Vec();      // entries: record, next
  private asgNext: I32Vec = new I32Vec();
  private dirty: IdMap = new IdMap();         // block value -> 1 when it holds dead instructions
  private dirtyBlocks: I32Vec = new I32Vec();
  private nameStamp: I32Vec = new I32Vec();   // strId -> epoch when a live value of the function has it
  private namesBuilt: bool = false;
  private nameBuf: I32Vec = new I32Vec();     // bytes of a name being built (one per i32)
  private nameKeys0: I64Vec = emptyKeys();
  private nameKeys1: I64Vec = emptyKeys();
  private nameIds: I32Vec = emptyIds();
  private nameCached: i32 = 0;

  // ---- per-function index of metadata uses ----

  // Puts MK.Value node m on its value's list (once per function).
  private linkMD(m: i32): void {
    let epoch = this.epoch, mdStamp = this.mdStamp, mdNextSame = this.mdNextSame, mdUsers = this.mdUsers;
    mdStamp.fit(m + 1, 0); mdNextSame.fit(m + 1, 0); mdUsers.fit(m + 1, 0);
    if (mdStamp.get(m) == epoch) return;
    mdStamp.set(m, epoch); mdUsers.set(m, -1); mdNextSame.set(m, -1);
    let v = mdA.get(m);
    if (v < 0) return;
    let valMDHead = this.valMDHead;
    mdNextSame.set(m, valMDHead.get(v, -1));
    valMDHead.set(v, m);
  }
  private addUser(m: i32, r: i32): void {
    let mdUsers = this.mdUsers, ruRec = this.ruRec;
    let h = mdUsers.get(m);
    if (h >= 0 && ruRec.get(h) == r) return;
    let e = ruRec.push(r); this.ruNext.push(h);
    mdUsers.set(m, e);
  }
  // Indexes the location operands of record r.
  private indexRecord(r: i32, owner: i32): void {
    let recStamp = this.recStamp, recOwner = this.recOwner;
    recStamp.fit(r + 1, 0); recOwner.fit(r + 1, 0);
    recStamp.set(r, this.epoch); recOwner.set(r, owner);
    let k = <i32>drKind.get(r);
    if (k == DR.Label) return;
    let s = drOps.get(r);
    this.indexLocation(drPool.get(s), k == DR.Assign ? -1 : r);
    if (k == DR.Assign) { this.indexLocation(drPool.get(s + 4), -1); this.indexAssign(drPool.get(s + 3), r); }
  }
  // Appends #dbg_assign r to the markers of DIAssignID node `id`.
  private indexAssign(id: i32, r: i32): void {
    if (id < 0) return;
    let asgStamp = this.asgStamp, asgHead = this.asgHead, asgTail = this.asgTail;
    asgStamp.fit(id + 1, 0); asgHead.fit(id + 1, 0); asgTail.fit(id + 1, 0);
    let e = this.asgRec.push(r); this.asgNext.push(-1);
    if (asgStamp.get(id) != this.epoch) { asgStamp.set(id, this.epoch); asgHead.set(id, e); }
    else this.asgNext.set(asgTail.get(id), e);
    asgTail.set(id, e);
  }
  private indexLocation(m: i32, r: i32): void {
    if (m < 0) return;
    let k = <i32>mdKind.get(m);
    if (k == MK.Value) { this.linkMD(m); if (r >= 0) this.addUser(m, r); return; }
    if (k == MK.ArgList) {
      let s = mdOps.get(m), n = mdNOps.get(m);
      for (let i = 0; i < n; i++) {
        let o = mdPool.get(s + i);
        if (o >= 0 && <i32>mdKind.get(o) == MK.Value) { this.linkMD(o); if (r >= 0) this.addUser(o, r); }
      }
    }
  }

  // Starts work on function g: indexes its debug records and metadata operands.
  beginFunction(g: i32): void {
    this.epoch++;
    this.valMDHead.clear(); this.dirty.clear();
    this.fn = g;
    this.namesBuilt = false;
    this.ruRec.clear(); this.ruNext.clear(); this.dirtyBlocks.clear(); this.asgRec.clear(); this.asgNext.clear();
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
        for (let r = iDbg.get(i); r >= 0; r = drNext.get(r)) this.indexRecord(r, i);
        let op = <i32>iOp.get(i);
        if (op == Op.Call || op == Op.Invoke || op == Op.CallBr) {
          let n = numOperands(i);
          for (let k = 1; k < n; k++) {
            let a = operand(i, k);
            if (a >= 0 && <i32>vKind.get(a) == VK.MDValue) this.indexLocation(vA.get(a), -1);
          }
        }
      }
    }
  }

  // The value-as-metadata nodes of v (-1 terminated list via nextMDOf).
  @inline firstMDOf(v: i32): i32 { return this.valMDHead.get(v, -1); }
  @inline nextMDOf(m: i32): i32 { return this.mdNextSame.get(m); }
  @inline firstUserOf(m: i32): i32 { return this.mdUsers.get(m); }
  @inline userRecord(e: i32): i32 { return this.ruRec.get(e); }
  @inline nextUser(e: i32): i32 { return this.ruNext.get(e); }
  // True when record r is still in the function.
  recordLive(r: i32): bool {
    let recStamp = this.recStamp;
    return r < recStamp.len && recStamp.get(r) == this.epoch && this.recOwner.get(r) >= 0;
  }

  // A value-as-metadata node for v (shared with existing uses when there is one).
  mdForValue(v: i32): i32 {
    let m = this.firstMDOf(v);
    if (m >= 0) return m;
    m = newMD(MK.Value, v);
    this.linkMD(m);
    return m;
  }

  // Metadata that referred to `from` now refers to `to`.
  private redirectMD(from: i32, to: i32): void {
    let m = this.firstMDOf(from);
    if (m < 0) return;
    let mdNextSame = this.mdNextSame, valMDHead = this.valMDHead;
    let last = -1;
    for (let x = m; x >= 0; x = mdNextSame.get(x)) { mdA.set(x, to); last = x; }
    valMDHead.set(from, -1);
    mdNextSame.set(last, valMDHead.get(to, -1));
    valMDHead.set(to, m);
  }

  // Value::replaceAllUsesWith, metadata included.
  rauw(from: i32, to: i32): void {
    if (from == to) return;
    replaceAllUsesWith(from, to);
    this.redirectMD(from, to);
  }

  // ---- debug records ----

  // The #dbg_assign records linked to instruction i by its !DIAssignID attachment, still in the
  // function, appended to `out` in function order.
  assignMarkersOf(i: i32, out: I32Vec): void {
    let id = findAttachment(iMD.get(i), MDK_DIASSIGNID);
    if (id < 0 || id >= this.asgStamp.len || this.asgStamp.get(id) != this.epoch) return;
    for (let e = this.asgHead.get(id); e >= 0; e = this.asgNext.get(e)) {
      let r = this.asgRec.get(e);
      if (this.recordLive(r)) out.push(r);
    }
  }

  // A new #dbg_value(loc, var, expr, dil) record, not yet placed.
  newValueRecord(value: i32, variable: i32, expr: i32, dil: i32): i32 {
    return this.newValueRecordAt(this.mdForValue(value), variable, expr, dil);
  }
  // The same with location metadata m as it is (a value's node, or another location).
  newValueRecordAt(m: i32, variable: i32, expr: i32, dil: i32): i32 {
    let r = newDebugRecord(DR.Value);
    drOps.set(r, drPool.len);
    drPool.push(m); drPool.push(variable); drPool.push(expr); drPool.push(dil);
    drNOps.set(r, 4);
    let recStamp = this.recStamp, recOwner = this.recOwner;
    recStamp.fit(r + 1, 0); recOwner.fit(r + 1, 0);
    recStamp.set(r, this.epoch); recOwner.set(r, -1);
    if (m >= 0 && <i32>mdKind.get(m) == MK.Value) { this.linkMD(m); this.addUser(m, r); }
    return r;
  }
  // Places record r before instruction `inst`: first of its records (atHead) or last.
  insertRecord(inst: i32, r: i32, atHead: bool): void {
    let h = iDbg.get(inst);
    if (atHead || h < 0) { drNext.set(r, h); iDbg.set(inst, r); }
    else {
      let t = h;
      while (drNext.get(t) >= 0) t = drNext.get(t);
      drNext.set(t, r); drNext.set(r, -1);
    }
    this.recOwner.set(r, inst);
  }
  // Places record r just before the live record `before`, in the same instruction's records.
  insertRecordBefore(before: i32, r: i32): void {
    let inst = this.recOwner.get(before);
    let prev = -1;
    for (let x = iDbg.get(inst); x >= 0 && x != before; x = drNext.get(x)) prev = x;
    if (prev >= 0) drNext.set(prev, r); else iDbg.set(inst, r);
    drNext.set(r, before);
    this.recOwner.set(r, inst);
  }
  // Removes record r from the instruction it precedes.
  eraseRecord(r: i32): void {
    if (!this.recordLive(r)) return;
    let inst = this.recOwner.get(r);
    let prev = -1;
    for (let x = iDbg.get(inst); x >= 0; x = drNext.get(x)) {
      if (x == r) {
        if (prev >= 0) drNext.set(prev, drNext.get(r)); else iDbg.set(inst, drNext.get(r));
        break;
      }
      prev = x;
    }
    drNext.set(r, -1);
    this.recOwner.set(r, -1);
  }
  recordOwner(r: i32): i32 { return this.recordLive(r) ? this.recOwner.get(r) : -1; }

  // Inserts `inst` before `before`, taking over the records in front of `before` (LLVM's
  // insertBefore at an iterator without the head bit: the records stay in front of the new one).
  insertAdoptingRecords(before: i32, inst: i32): void {
    insertBefore(before, inst);
    let h = iDbg.get(before);
    if (h < 0) return;
    iDbg.set(inst, h); iDbg.set(before, -1);
    let epoch = this.epoch, recStamp = this.recStamp, recOwner = this.recOwner;
    for (let r = h; r >= 0; r = drNext.get(r)) if (r < recOwner.len && recStamp.get(r) == epoch) recOwner.set(r, inst);
  }

  // ---- erasing ----

  private forgetName(i: i32): void {
    let nm = vName.get(i);
    if (nm < 0 || !this.namesBuilt) return;
    let nameStamp = this.nameStamp;
    if (nm < nameStamp.len && nameStamp.get(nm) == this.epoch) nameStamp.set(nm, 0);
  }
  // Metadata referring to a deleted instruction becomes undef of its type (poison after LLVM 19:
  // ValueAsMetadata::handleDeletion).
  private orphanMD(i: i32): void {
    if (this.firstMDOf(i) < 0) return;
    let u = llvmVersion > 19 ? getPoison(vType.get(i)) : getUndef(vType.get(i));
    this.redirectMD(i, u);
  }
  // Erases instruction i (it must have no uses left); it stays linked until sweepDead().
  eraseLater(i: i32): void {
    this.forgetName(i);
    this.orphanMD(i);
    eraseLeavingLinked(i);
    let b = vParent.get(i);
    let dirty = this.dirty;
    if (dirty.get(b, 0) != 1) { dirty.set(b, 1); this.dirtyBlocks.push(b); }
  }
  // Erases an instruction that has no debug records (a phi) right away.
  eraseNow(i: i32): void {
    this.forgetName(i);
    this.orphanMD(i);
    eraseInstruction(i);
  }

  // Unlinks the dead instructions of every touched block; their records move to the front of the
  // next live instruction's records, in order.
  sweepDead(): void {
    let dirtyBlocks = this.dirtyBlocks, dirty = this.dirty;
    let epoch = this.epoch, recStamp = this.recStamp, recOwner = this.recOwner;
    for (let k = 0; k < dirtyBlocks.len; k++) {
      let b = dirtyBlocks.get(k);
      dirty.set(b, 0);
      let pendHead = -1, pendTail = -1;
      let i = vA.get(b);
      while (i >= 0) {
        let nx = iNext.get(i);
        if (<i32>vKind.get(i) == VK.Dead) {
          let h = iDbg.get(i);
          if (h >= 0) {
            if (pendTail >= 0) drNext.set(pendTail, h); else pendHead = h;
            let t = h;
            while (drNext.get(t) >= 0) t = drNext.get(t);
            pendTail = t;
            iDbg.set(i, -1);
          }
          unlink(i);
        } else if (pendHead >= 0) {
          for (let r = pendHead; r >= 0; r = drNext.get(r)) if (r < recOwner.len && recStamp.get(r) == epoch) recOwner.set(r, i);
          drNext.set(pendTail, iDbg.get(i));
          iDbg.set(i, pendHead);
          pendHead = -1; pendTail = -1;
        }
        i = nx;
      }
    }
    dirtyBlocks.clear();
  }

  // ---- names ----

  private buildNames(): void {
    this.namesBuilt = true;
    let g = this.fn;
    let a0 = gFirstArg.get(g), na = gNumArgs.get(g);
    for (let a = 0; a < na; a++) this.markName(vName.get(a0 + a));
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
      this.markName(vName.get(b));
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) if (<i32>vKind.get(i) != VK.Dead) this.markName(vName.get(i));
    }
  }
  private markName(nm: i32): void {
    if (nm < 0) return;
    let nameStamp = this.nameStamp;
    nameStamp.fit(nm + 1, 0);
    nameStamp.set(nm, this.epoch);
  }
  private nameTaken(nm: i32): bool { let nameStamp = this.nameStamp; return nm < nameStamp.len && nameStamp.get(nm) == this.epoch; }

  private pushDecimal(n: i32): void {
    if (n >= 10) this.pushDecimal(n / 10);
    this.nameBuf.push(48 + n % 10);
  }
  // The names tried for phis are short and come back in every function (`.0`, `.01`, `x.1`, with
  // many more tried than kept, since most phis fold away): their ids are cached by their bytes, up
  // to 16 packed into two u64 keys (unique, as a name holds no zero byte). A lookup in the string
  // table of a large module is a few cache misses (measured: a quarter of mem2reg's time at 10 MB);
  // a miss here interns there, so the ids are the string table's.
  private internNameBuf(len: i32): i32 {
    if (len > 16) return this.internBytes(len);
    let nameBuf = this.nameBuf;
    let k0: u64 = 0, k1: u64 = 0;
    for (let i = 0; i < len; i++) {
      let c = <u64>(<u8>nameBuf.get(i));
      if (c == 0) return this.internBytes(len);
      if (i < 8) k0 |= c << (<u64>i << 3); else k1 |= c << (<u64>(i - 8) << 3);
    }
    let nameKeys0 = this.nameKeys0, nameKeys1 = this.nameKeys1, nameIds = this.nameIds;
    let mask = nameKeys0.len - 1;
    let h = nameSlot(k0, k1, mask);
    while (true) {
      let e = nameKeys0.get(h);
      if (e == 0) break;
      if (e == k0 && nameKeys1.get(h) == k1) return nameIds.get(h);
      h = (h + 1) & mask;
    }
    let id = this.internBytes(len);
    nameKeys0.set(h, k0); nameKeys1.set(h, k1); nameIds.set(h, id);
    if (++this.nameCached * 2 > mask) this.growNameCache();
    return id;
  }
  private growNameCache(): void {
    let o0 = this.nameKeys0, o1 = this.nameKeys1, oi = this.nameIds;
    let size = o0.len << 1, mask = size - 1;
    let nameKeys0 = new I64Vec(size); nameKeys0.resize(size, 0);
    let nameKeys1 = new I64Vec(size); nameKeys1.resize(size, 0);
    let nameIds = new I32Vec(size); nameIds.resize(size, 0);
    for (let i = 0; i < o0.len; i++) {
      let k0 = o0.get(i);
      if (k0 == 0) continue;
      let k1 = o1.get(i);
      let h = nameSlot(k0, k1, mask);
      while (nameKeys0.get(h) != 0) h = (h + 1) & mask;
      nameKeys0.set(h, k0); nameKeys1.set(h, k1); nameIds.set(h, oi.get(i));
    }
    this.nameKeys0 = nameKeys0; this.nameKeys1 = nameKeys1; this.nameIds = nameIds;
  }
  private internBytes(len: i32): i32 {
    let nameBuf = this.nameBuf;
    let p = heap.alloc(<usize>len + 1);
    for (let i = 0; i < len; i++) store<u8>(p + <usize>i, <u8>nameBuf.get(i));
    let id = strtab.intern(p, len);
    heap.free(p);
    return id;
  }
  // Names value v `<base>.<version>` (base: a strId or -1 for the empty name), uniqued within the
  // function as LLVM does (a number appended, counting per function: ir/edit.ts nextUniqueSuffix).
  setVersionedName(v: i32, base: i32, version: i32): void {
    if (!this.namesBuilt) this.buildNames();
    let nameBuf = this.nameBuf;
    nameBuf.clear();
    if (base >= 0) {
      let p = strtab.ptrOf(base), n = strtab.lenOf(base);
      for (let i = 0; i < n; i++) nameBuf.push(<i32>load<u8>(p + <usize>i));
    }
    nameBuf.push(46);
    this.pushDecimal(version);
    if (nameBuf.len > 1024) nameBuf.len = 1024;   // NonGlobalValueMaxNameSize
    let baseLen = nameBuf.len;
    let id = this.internNameBuf(baseLen);
    if (this.nameTaken(id)) {
      while (true) {
        nameBuf.len = baseLen;
        this.pushDecimal(nextUniqueSuffix(this.fn));
        id = this.internNameBuf(nameBuf.len);
        if (!this.nameTaken(id)) break;
      }
    }
    vName.set(v, id);
    this.markName(id);
  }
}
function nameSlot(k0: u64, k1: u64, mask: i32): i32 {
  let x = k0 ^ rotl<u64>(k1, 29);
  x ^= x >>> 32; x *= 0x9E3779B97F4A7C15; x ^= x >>> 29;
  return <i32>x & mask;
}
@inline export function isDead(i: i32): bool { return <i32>vKind.get(i) == VK.Dead; }

// ---- debug locations ----

