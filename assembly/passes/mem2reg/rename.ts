// The rename pass (LLVM 19's PromoteMem2Reg::RenamePass with its work list), without recursion.
// After LLVM 19 no successor is followed directly: all are pushed, in reverse (see the end of
// renamePass), which changes the order of phi entries after a switch.
//
// Starting at the entry block with every alloca holding undef: in each block reached from `pred`,
// our phis at the block's front get one incoming entry per edge pred -> block (duplicate edges,
// duplicate entries) and become the alloca's current value; a block's body is walked once:
// loads of a promoted alloca are replaced by its current value, stores set it and go. The first
// successor is followed directly; the other (distinct) successors are pushed, in order, with the
// current values — popped last-in first-out.
//
// The current values and debug locations are one array each with an undo log: a work-list
// entry records the log lengths, and popping it rolls the arrays back, so saving the state for a
// pushed successor costs O(1) instead of a copy per alloca (linear with 50,000 allocas).
//
// The renamer is one object per pipeline run's mem2reg: it reads the allocas being promoted
// (allocas.ts) and the new phis (phis.ts), edits through the editor and the debug records, and
// keeps its arrays from function to function.
import { I32Vec } from "../../util/vec";
import { vKind, VK, vType, iOp, iNext, vA, iFlags, operand } from "../../ir/values";
import { Op, F_FMF_SHIFT, FMF_NSZ } from "../../ir/opcodes";
import { getUndef } from "../../ir/constants";
import { TK, tyKind, tyA } from "../../ir/types";
import { fnAttrs, setSize, setTag, setKey, setV0, AT } from "../../ir/attributes";
import { gAttrs } from "../../ir/globals";
import { strtab } from "../../ir/module";
import { CFG } from "../../analysis/cfg";
import { isTerminator } from "../../ir/opcodes";
import { llvmVersion } from "../../ir/version";
import { Editor, debugLoc, setDebugLoc } from "./edit";
import { addIncoming } from "../../ir/edit";
import { numIncoming } from "../../ir/inst";
import { PromotedAllocas, allocatedType } from "./allocas";
import { NewPhis } from "./phis";
import { MetadataToAssumes } from "./assume";
import { DebugRecords, recIsDeclare, mergedLocation } from "./dbginfo";

// Sets entry k of `arr` to v, logging the old value in `undo`.
@inline function setLogged(arr: I32Vec, undo: I32Vec, k: i32, v: i32): void {
  let old = arr.get(k);
  if (old == v) return;
  undo.push(k); undo.push(old);
  arr.set(k, v);
}

// "no-signed-zeros-fp-math"="true" on the function.
function noSignedZeros(g: i32): bool {
  let set = fnAttrs(gAttrs.get(g));
  let n = setSize(set);
  for (let i = 0; i < n; i++) {
    if (setTag(set, i) != AT.String) continue;
    if (!strtab.eqStr(setKey(set, i), "no-signed-zeros-fp-math")) continue;
    let v = setV0(set, i);
    return v >= 0 && strtab.eqStr(v, "true");
  }
  return false;
}
// FPMathOperator::classof for a phi: floating point (or a vector of it), through arrays.
function isFPMathType(t: i32): bool {
  while (<i32>tyKind.get(t) == TK.Array) t = tyA.get(t);
  let k = <i32>tyKind.get(t);
  if (k == TK.Vector || k == TK.ScalableVector) { t = tyA.get(t); k = <i32>tyKind.get(t); }
  return k >= TK.Half && k <= TK.PPCFP128;
}

@final export class Renamer {
  private vals: I32Vec = new I32Vec();
  private locs: I32Vec = new I32Vec();
  private undoVals: I32Vec = new I32Vec();   // (index, old value) pairs
  private undoLocs: I32Vec = new I32Vec();
  private wl: I32Vec = new I32Vec();         // (block, pred, undoVals length, undoLocs length)
  private visited: I32Vec = new I32Vec();
  private visitEpoch: i32 = 0;
  private succSeen: I32Vec = new I32Vec();
  private succEpoch: i32 = 0;
  constructor(
    private ed: Editor, private allocas: PromotedAllocas, private phis: NewPhis,
    private dbg: DebugRecords, private assumes: MetadataToAssumes,
  ) {}

  private rollBack(nv: i32, nl: i32): void {
    let undoVals = this.undoVals, undoLocs = this.undoLocs, vals = this.vals, locs = this.locs;
    while (undoVals.len > nv) { let old = undoVals.pop(); let k = undoVals.pop(); vals.set(k, old); }
    while (undoLocs.len > nl) { let old = undoLocs.pop(); let k = undoLocs.pop(); locs.set(k, old); }
  }

  // Renames every load and store of the allocas being promoted, in the function of `cfg`.
  renameAll(cfg: CFG): void {
    let list = this.allocas.list;
    let n = list.len, cfgN = cfg.n;
    let vals = this.vals, locs = this.locs, wl = this.wl;
    vals.clear(); locs.clear(); this.undoVals.clear(); this.undoLocs.clear(); wl.clear();
    for (let k = 0; k < n; k++) { vals.push(getUndef(allocatedType(list.get(k)))); locs.push(-1); }
    this.visitEpoch++;
    if (this.visited.len < cfgN) this.visited.resize(cfgN, 0);
    if (this.succSeen.len < cfgN) this.succSeen.resize(cfgN, 0);
    let nsz = noSignedZeros(cfg.fn);
    wl.push(0); wl.push(-1); wl.push(0); wl.push(0);
    while (wl.len > 0) {
      let nl = wl.pop(), nv = wl.pop(), p = wl.pop(), b = wl.pop();
      this.rollBack(nv, nl);
      this.renamePass(cfg, b, p, nsz);
    }
  }

  // RenamePass from block number `bn`, entered from `pn` (-1 for the entry).
  private renamePass(cfg: CFG, bn: i32, pn: i32, nsz: bool): void {
    let cfgBlock = cfg.block, succOff = cfg.succOff, succ = cfg.succ;
    let vals = this.vals, locs = this.locs, undoVals = this.undoVals, undoLocs = this.undoLocs, wl = this.wl;
    let allocas = this.allocas, phis = this.phis, ed = this.ed, dbg = this.dbg, assumes = this.assumes;
    let visited = this.visited, visitEpoch = this.visitEpoch, succSeen = this.succSeen;
    while (true) {
      let block = cfgBlock.get(bn);
      let first = vA.get(block);
      if (pn >= 0 && first >= 0 && <i32>iOp.get(first) == Op.Phi && phis.allocaNumOf(first) >= 0) {
        // edges pn -> bn
        let edges = 0;
        let e = succOff.get(pn + 1);
        for (let k = succOff.get(pn); k < e; k++) if (succ.get(k) == bn) edges++;
        let pred = cfgBlock.get(pn);
        for (let phi = first; phi >= 0 && <i32>iOp.get(phi) == Op.Phi; phi = iNext.get(phi)) {
          let num = phis.allocaNumOf(phi);
          if (num < 0) break;
          let loc = locs.get(num);
          if (numIncoming(phi) > 0) setDebugLoc(phi, mergedLocation(debugLoc(phi), loc));
          else setDebugLoc(phi, loc);
          let v = vals.get(num);
          for (let j = 0; j < edges; j++) addIncoming(phi, v, pred);
          if (nsz && isFPMathType(vType.get(phi))) iFlags.set(phi, iFlags.get(phi) | (FMF_NSZ << F_FMF_SHIFT));
          setLogged(vals, undoVals, num, phi);
          let as = allocas.assignsStart(num), an = allocas.assignsLen(num);
          for (let a = 0; a < an; a++) dbg.convertDeclareAtPhi(allocas.asgPool.get(as + a), phi);
          let ds = allocas.dbgUsersStart(num), dn = allocas.dbgUsersLen(num);
          for (let d = 0; d < dn; d++) {
            let r = allocas.dbgUser(ds + d);
            if (recIsDeclare(r)) dbg.convertDeclareAtPhi(r, phi);
          }
        }
      }
      if (visited.get(bn) == visitEpoch) return;
      visited.set(bn, visitEpoch);
      let i = first;
      while (i >= 0 && !isTerminator(<i32>iOp.get(i))) {
        let nx = iNext.get(i);
        if (<i32>vKind.get(i) == VK.Inst) {
          let op = <i32>iOp.get(i);
          if (op == Op.Load) {
            let num = allocas.numOf(operand(i, 0));
            if (num >= 0) {
              let v = vals.get(num);
              assumes.convert(i, v);
              ed.rauw(i, v);
              ed.eraseLater(i);
            }
          } else if (op == Op.Store) {
            let num = allocas.numOf(operand(i, 1));
            if (num >= 0) {
              let v = operand(i, 0);
              setLogged(vals, undoVals, num, v);
              setLogged(locs, undoLocs, num, debugLoc(i));
              dbg.assignsAtDeletedStore(allocas.asgPool, allocas.assignsStart(num), allocas.assignsLen(num), i, v);
              let ds = allocas.dbgUsersStart(num), dn = allocas.dbgUsersLen(num);
              for (let d = 0; d < dn; d++) {
                let r = allocas.dbgUser(ds + d);
                if (recIsDeclare(r)) dbg.convertDeclareAtStore(r, i, v);
              }
              ed.eraseLater(i);
            }
          }
        }
        i = nx;
      }
      // successors: the first is followed, the other distinct ones pushed in order
      let s = succOff.get(bn), e = succOff.get(bn + 1);
      if (s == e) return;
      let succEpoch = ++this.succEpoch;
      if (llvmVersion > 19) {
        // after LLVM 19: every distinct successor is pushed, last to first (so the first is taken
        // next; a repeated successor keeps the place of its last occurrence)
        for (let k = e - 1; k >= s; k--) {
          let x = succ.get(k);
          if (succSeen.get(x) == succEpoch) continue;
          succSeen.set(x, succEpoch);
          wl.push(x); wl.push(bn); wl.push(undoVals.len); wl.push(undoLocs.len);
        }
        return;
      }
      let firstSucc = succ.get(s);
      succSeen.set(firstSucc, succEpoch);
      for (let k = s + 1; k < e; k++) {
        let x = succ.get(k);
        if (succSeen.get(x) == succEpoch) continue;
        succSeen.set(x, succEpoch);
        wl.push(x); wl.push(bn); wl.push(undoVals.len); wl.push(undoLocs.len);
      }
      pn = bn;
      bn = firstSucc;
    }
  }
}
