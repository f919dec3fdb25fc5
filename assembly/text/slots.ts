// Slot numbering as LLVM's SlotTracker assigns it: unnamed globals and locals, metadata nodes and
// attribute groups, for a whole-module print, one definition (the repository's fragments), one
// function's blocks (dot graphs) or diagnostics. A SlotTable (owned by a Writer, writer.ts) holds
// the slots; the printer reads the ones it leaves.
import { I32Vec, U8Vec } from "../util/vec";
import { T_VOID } from "../ir/types";
import { VK, vKind, vType, vName, vA, iOp, iNext, iMD, iDbg, operand, numOperands, valueCount } from "../ir/values";
import { GK, gKind, gValue, gFlags, gAttrs, gMD, gFirstBlock, gFirstArg, gNumArgs, globalCount, GF_ERASED } from "../ir/globals";
import { fnAttrs } from "../ir/attributes";
import { callAttrs } from "../ir/inst";
import { Op } from "../ir/opcodes";
import {
  MK, mdKind, mdA, mdOps, mdNOps, mdPool, mdCount, nmdName, nmdOps, nmdNOps, nmdPool, attMD, attNext,
  drKind, drOps, drNOps, drNext, drPool, DR, FV_MD, canonicalMD,
} from "../ir/metadata";
import { ensureDIOperands, diClassIndex, diFieldRank, DI_MAX_OPERANDS } from "../ir/di-operands";

export function isLive(g: i32): bool { return (gFlags.get(g) & GF_ERASED) == 0; }

@final export class SlotTable {
  local: I32Vec = new I32Vec();     // value id -> slot of an unnamed argument, block or instruction (-1)
  global: I32Vec = new I32Vec();    // value id -> slot of an unnamed global (-1)
  md: I32Vec = new I32Vec();        // metadata id -> slot (-1)
  mdOrder: I32Vec = new I32Vec();   // metadata ids in slot order
  group: I32Vec = new I32Vec();     // attribute set id -> attribute group slot (-1)
  groupList: I32Vec = new I32Vec(); // attribute sets in group slot order
  // Nodes that get a slot but whose children are not numbered through them, and that
  // printAllNodes leaves out (a repository fragment refers to the metadata other definitions
  // share, stored once elsewhere); null: none.
  mdStop: U8Vec | null = null;
  // numberNode's scratch
  private work: I32Vec = new I32Vec();
  private byRank: I32Vec = new I32Vec();   // a DI node's children by operand rank (-1 empty)
  private unranked: I32Vec = new I32Vec(); // its children in fields without a rank, in source order

  numberGlobals(): void {
    let slot = this.global;
    slot.clear(); slot.resize(valueCount(), -1);
    let n = 0;
    for (let pass = 0; pass < 4; pass++) {
      let want = pass == 0 ? GK.Var : pass == 1 ? GK.Alias : pass == 2 ? GK.IFunc : GK.Func;
      for (let g = 0; g < globalCount(); g++) {
        if (<i32>gKind.get(g) != want || (gFlags.get(g) & GF_ERASED) != 0) continue;
        let v = gValue.get(g);
        if (vName.get(v) < 0) slot.set(v, n++);
      }
    }
  }
  numberLocals(g: i32): void {
    let slot = this.local;
    if (slot.len < valueCount()) slot.resize(valueCount(), -1);
    let n = 0;
    let a0 = gFirstArg.get(g);
    for (let i = 0; gNumArgs.get(g) > i; i++) { let a = a0 + i; slot.set(a, vName.get(a) < 0 ? n++ : -1); }
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
      slot.set(b, vName.get(b) < 0 ? n++ : -1);
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
        slot.set(i, vName.get(i) < 0 && vType.get(i) != T_VOID ? n++ : -1);
      }
    }
  }

  // onlyFn >= 0: the numbering of a fresh ModuleSlotTracker printing a block or instruction of
  // that function on its own (Value::print of a non-metadata value): module-level metadata and
  // function attribute groups, then only that function's metadata and call-site groups.
  // With allMetadata (LLVM 22's block printing), every function's metadata is numbered all the same.
  numberModule(onlyFn: i32 = -1, allMetadata: bool = false): void {
    this.clearGroups();
    this.clearMetadata();
    for (let g = 0; g < globalCount(); g++) {
      if (<i32>gKind.get(g) != GK.Var || !isLive(g)) continue;
      this.numberAttachments(gMD.get(g));
      this.noteGroup(gAttrs.get(g));
    }
    this.numberNamed();
    for (let g = 0; g < globalCount(); g++) {
      if (<i32>gKind.get(g) != GK.Func || !isLive(g)) continue;
      this.noteGroup(fnAttrs(gAttrs.get(g)));
      if (onlyFn < 0 || allMetadata) this.numberFunctionMetadata(g);
    }
    if (onlyFn >= 0 && !allMetadata) this.numberFunctionMetadata(onlyFn);
    // call-site attribute groups come after all function attribute groups
    for (let g = 0; g < globalCount(); g++) {
      if (<i32>gKind.get(g) != GK.Func || !isLive(g) || (onlyFn >= 0 && g != onlyFn)) continue;
      this.numberFunctionBody(g, true);
    }
  }
  // Attribute groups and metadata of one function, in the order numberModule meets them.
  numberFunctionParts(g: i32): void {
    this.noteGroup(fnAttrs(gAttrs.get(g)));
    this.numberFunctionMetadata(g);
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b))
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
        let op = <i32>iOp.get(i);
        if (op == Op.Call || op == Op.Invoke || op == Op.CallBr) this.noteGroup(fnAttrs(callAttrs(i)));
      }
  }
  private numberFunctionMetadata(g: i32): void {
    this.numberAttachments(gMD.get(g));
    this.numberFunctionBody(g, false);
  }
  // numberModule's per-function walks (metadata, or call-site attribute groups when callSites):
  // kept out of its loops so that the engine's per-call tier-up reaches them on large modules (a
  // long loop in a function called once stays in the baseline tier); the two call sites keep the
  // optimizer from inlining it back.
  private numberFunctionBody(g: i32, callSites: bool): void {
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
        let op = <i32>iOp.get(i);
        if (callSites) {
          if (op == Op.Call || op == Op.Invoke || op == Op.CallBr) this.noteGroup(fnAttrs(callAttrs(i)));
          continue;
        }
        this.numberRecords(iDbg.get(i));
        if (op == Op.Call || op == Op.Invoke || op == Op.CallBr) {
          let n = numOperands(i);
          for (let k = 1; k < n; k++) {
            let a = operand(i, k);
            if (a >= 0 && <i32>vKind.get(a) == VK.MDValue) this.numberNode(canonicalMD(vA.get(a)));
          }
        }
        this.numberAttachments(iMD.get(i));
      }
    }
  }

  // Attribute groups: set id -> slot, in order of first use.
  clearGroups(): void { this.group.clear(); this.groupList.clear(); }
  noteGroup(set: i32): void {
    if (set < 0) return;
    let slot = this.group;
    if (set >= slot.len) slot.resize(set + 1, -1);
    if (slot.get(set) >= 0) return;
    slot.set(set, this.groupList.len); this.groupList.push(set);
  }

  // Only the slots the last numbering gave are reset when the table already covers every node: a
  // repository fragment numbers a few nodes of a large module, one definition after another.
  clearMetadata(): void {
    let md = this.md, order = this.mdOrder, n = mdCount();
    if (md.len == n) { for (let i = 0; i < order.len; i++) md.set(order.get(i), -1); }
    else { md.clear(); md.resize(n, -1); }
    order.clear();
  }
  // Assigns slots to node m and (pre-order) the nodes it references, as CreateMetadataSlot.
  // A DI node's children are visited in the order LLVM keeps them as operands (ir/di-operands.ts),
  // not in the order its fields are written; fields without a known rank come after, in source
  // order. Iterative to survive deep metadata chains.
  numberNode(m: i32): void {
    if (m < 0) return;
    ensureDIOperands();
    let slot = this.md, order = this.mdOrder, work = this.work, byRank = this.byRank, unranked = this.unranked;
    if (byRank.len < DI_MAX_OPERANDS) byRank.resize(DI_MAX_OPERANDS, -1);
    work.clear(); work.push(m);
    while (work.len > 0) {
      let x = work.pop();
      if (x < 0) continue;
      let k = <i32>mdKind.get(x);
      if (k == MK.String || k == MK.Value) continue;
      if (k == MK.Expr) continue;
      if (k == MK.ArgList) continue; // printed inline; its operands are values
      if (slot.get(x) >= 0) continue;
      slot.set(x, order.len); order.push(x);
      if (this.stops(x)) continue;
      // push children in reverse so the first is numbered first
      let s = mdOps.get(x);
      if (k == MK.Tuple) {
        for (let i = mdNOps.get(x) - 1; i >= 0; i--) work.push(mdPool.get(s + i));
      } else if (k == MK.Node) {
        let c = diClassIndex(mdA.get(x));
        if (c < 0) {
          for (let i = mdNOps.get(x) - 1; i >= 0; i--) if (mdPool.get(s + 3 * i + 1) == FV_MD) work.push(mdPool.get(s + 3 * i + 2));
          continue;
        }
        let n = mdNOps.get(x), hi = -1;
        unranked.clear();
        for (let i = 0; i < n; i++) {
          let p = s + 3 * i;
          if (mdPool.get(p + 1) != FV_MD) continue;
          let v = mdPool.get(p + 2);
          if (v < 0) continue;
          let r = diFieldRank(c, mdPool.get(p));
          if (r < 0 || byRank.get(r) >= 0) { unranked.push(v); continue; }
          byRank.set(r, v);
          if (r > hi) hi = r;
        }
        for (let i = unranked.len - 1; i >= 0; i--) work.push(unranked.get(i));
        for (let r = hi; r >= 0; r--) {
          let v = byRank.get(r);
          if (v >= 0) { work.push(v); byRank.set(r, -1); }
        }
      }
    }
  }
  @inline stops(m: i32): bool { let st = this.mdStop; return st !== null && m < st.len && st.get(m) != 0; }
  numberAttachments(head: i32): void {
    for (let a = head; a >= 0; a = attNext.get(a)) this.numberNode(attMD.get(a));
  }
  numberRecords(head: i32): void {
    for (let r = head; r >= 0; r = drNext.get(r)) {
      let s = drOps.get(r), n = drNOps.get(r);
      let k = <i32>drKind.get(r);
      if (k == DR.Label) { this.numberNode(drPool.get(s)); this.numberNode(drPool.get(s + 1)); continue; }
      this.numberNode(drPool.get(s));      // location (only tuples get slots)
      this.numberNode(drPool.get(s + 1));  // variable
      if (k == DR.Assign) { this.numberNode(drPool.get(s + 3)); this.numberNode(drPool.get(s + 4)); }
      this.numberNode(drPool.get(s + n - 1)); // DILocation
    }
  }
  numberNamed(): void {
    for (let i = 0; i < nmdName.len; i++) {
      let s = nmdOps.get(i);
      for (let j = 0; nmdNOps.get(i) > j; j++) this.numberNode(nmdPool.get(s + j));
    }
  }
}

// Slot of an unnamed block of another function (for blockaddress).
export function blockSlotInFunction(fn: i32, bb: i32): i32 {
  if (<i32>vKind.get(fn) != VK.Function) return -1;
  let g = vA.get(fn);
  let n = 0;
  for (let i = 0; gNumArgs.get(g) > i; i++) if (vName.get(gFirstArg.get(g) + i) < 0) n++;
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    if (vName.get(b) < 0) { if (b == bb) return n; n++; }
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) if (vName.get(i) < 0 && vType.get(i) != T_VOID) n++;
  }
  return -1;
}
