// Which allocas mem2reg may promote (LLVM 19's isAllocaPromotable), and the users it strips
// before promoting (removeIntrinsicUsers).
//
// Promotable: every user is
//  - a non-volatile load of the allocated type,
//  - a non-volatile store of a value of the allocated type into it (never a store OF it),
//  - a call to an intrinsic that is a lifetime marker or droppable (llvm.assume bundles,
//    llvm.experimental.noalias.scope.decl),
//  - a bitcast or an all-zero-index GEP used only by lifetime markers and droppable intrinsics,
//  - an addrspacecast used only by lifetime markers.
import { I32Vec } from "../../util/vec";
import { VK, vKind, vType, vName, iOp, iFlags, iExt, iOps, opUser, opNext, opVal, vFirstUse, operand, numOperands, setOperandSlot } from "../../ir/values";
import { Op, F_VOLATILE } from "../../ir/opcodes";
import { strtab } from "../../ir/module";
import { getBool, getUndef, getPoison, isZeroInt } from "../../ir/constants";
import { llvmVersion } from "../../ir/version";
import { ext, iExt as iExtCol } from "../../ir/values";
import { callNumBundles, bundleFirstOp, bundleNumOps } from "../../ir/inst";
import { T_VOID } from "../../ir/types";
import { Editor } from "./edit";

const IK_NONE = 0, IK_OTHER = 1, IK_LIFETIME = 2, IK_ASSUME = 3, IK_NOALIAS_DECL = 4;

function isExactly(s: i32, name: string): bool { return strtab.eqStr(s, name); }
// `name` or `name.<suffix>`.
function isIntrinsicName(s: i32, name: string): bool { return strtab.isIntrinsicName(s, name); }

// Kind of intrinsic call instruction i (IK_NONE when it is not a call to an llvm.* function).
function intrinsicKind(i: i32): i32 {
  if (<i32>iOp.get(i) != Op.Call) return IK_NONE;
  let f = operand(i, 0);
  if (f < 0 || <i32>vKind.get(f) != VK.Function) return IK_NONE;
  let nm = vName.get(f);
  if (nm < 0 || !strtab.startsWithStr(nm, "llvm.")) return IK_NONE;
  if (isIntrinsicName(nm, "llvm.lifetime.start") || isIntrinsicName(nm, "llvm.lifetime.end")) return IK_LIFETIME;
  if (isExactly(nm, "llvm.assume")) return IK_ASSUME;
  if (isExactly(nm, "llvm.experimental.noalias.scope.decl")) return IK_NOALIAS_DECL;
  return IK_OTHER;
}
@inline function isDroppableKind(k: i32): bool { return k == IK_ASSUME || k == IK_NOALIAS_DECL; }

function onlyUsedByLifetimeMarkers(v: i32, allowDroppable: bool): bool {
  for (let s = vFirstUse.get(v); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (<i32>vKind.get(u) != VK.Inst) return false;
    let k = intrinsicKind(u);
    if (k == IK_NONE) return false;
    if (allowDroppable && isDroppableKind(k)) continue;
    if (k != IK_LIFETIME) return false;
  }
  return true;
}
function hasAllZeroIndices(gep: i32): bool {
  let n = numOperands(gep);
  for (let j = 1; j < n; j++) {
    let x = operand(gep, j);
    if (x < 0 || <i32>vKind.get(x) != VK.ConstInt || !isZeroInt(x)) return false;
  }
  return true;
}

// isAllocaPromotable (LLVM 19: loads and stores must use the allocated type).
export function isAllocaPromotable(ai: i32): bool {
  let ty = iExt.get(ai);
  for (let s = vFirstUse.get(ai); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (<i32>vKind.get(u) != VK.Inst) return false;
    let op = <i32>iOp.get(u);
    if (op == Op.Load) {
      if ((iFlags.get(u) & F_VOLATILE) != 0 || vType.get(u) != ty) return false;
    } else if (op == Op.Store) {
      let val = operand(u, 0);
      if (val == ai || vType.get(val) != ty) return false;
      if ((iFlags.get(u) & F_VOLATILE) != 0) return false;
    } else if (op == Op.Call) {
      let k = intrinsicKind(u);
      if (k == IK_NONE || (k != IK_LIFETIME && !isDroppableKind(k))) return false;
    } else if (op == Op.BitCast) {
      if (!onlyUsedByLifetimeMarkers(u, true)) return false;
    } else if (op == Op.GetElementPtr) {
      if (!hasAllZeroIndices(u) || !onlyUsedByLifetimeMarkers(u, true)) return false;
    } else if (op == Op.AddrSpaceCast) {
      if (!onlyUsedByLifetimeMarkers(u, false)) return false;
    } else return false;
  }
  return true;
}

// ---- removeIntrinsicUsers ----

// The users one pipeline run's mem2reg strips off an alloca before promoting it: its editor, the
// use lists' snapshots and the "ignore" bundle tag (interned on first use).
@final export class IntrinsicUsers {
  private S_IGNORE: i32 = -1;
  private uses: I32Vec = new I32Vec();
  private uses2: I32Vec = new I32Vec();
  constructor(private ed: Editor) {}

  // User::dropDroppableUse for an llvm.assume: the condition becomes true, a bundle operand becomes
  // undef (poison after LLVM 19) and its bundle is retagged "ignore".
  private dropDroppableUse(slot: i32): void {
    let u = opUser.get(slot);
    let k = slot - iOps.get(u);
    if (intrinsicKind(u) != IK_ASSUME) return;
    if (k == 1) { setOperandSlot(slot, getBool(true)); return; }   // operand 0 of the call = the condition
    let t = vType.get(opVal.get(slot));
    setOperandSlot(slot, llvmVersion > 19 ? getPoison(t) : getUndef(t));
    if (this.S_IGNORE < 0) this.S_IGNORE = strtab.internStr("ignore");
    let nb = callNumBundles(u);
    for (let b = 0; b < nb; b++) {
      let f = bundleFirstOp(u, b);
      if (k >= f && k < f + bundleNumOps(u, b)) { ext.set(iExtCol.get(u) + 5 + 2 * b, this.S_IGNORE); break; }
    }
  }
  // removeIntrinsicUsers: every user but loads and stores goes (droppable uses are dropped).
  removeIntrinsicUsers(ai: i32): void {
    // most allocas have only loads and stores: nothing to do, no snapshot of the uses
    let other = vFirstUse.get(ai);
    for (; other >= 0; other = opNext.get(other)) {
      let op = <i32>iOp.get(opUser.get(other));
      if (op != Op.Load && op != Op.Store) break;
    }
    if (other < 0) return;
    let uses = this.uses, uses2 = this.uses2, ed = this.ed;
    uses.clear();
    for (let s = vFirstUse.get(ai); s >= 0; s = opNext.get(s)) uses.push(s);
    for (let j = 0; j < uses.len; j++) {
      let s = uses.get(j);
      if (opVal.get(s) != ai) continue;        // dropped with an earlier user
      let u = opUser.get(s);
      let op = <i32>iOp.get(u);
      if (op == Op.Load || op == Op.Store) continue;
      if (isDroppableKind(intrinsicKind(u))) { this.dropDroppableUse(s); continue; }
      if (vType.get(u) != T_VOID) {
        uses2.clear();
        for (let t = vFirstUse.get(u); t >= 0; t = opNext.get(t)) uses2.push(t);
        for (let q = 0; q < uses2.len; q++) {
          let t = uses2.get(q);
          if (opVal.get(t) != u) continue;
          let w = opUser.get(t);
          if (isDroppableKind(intrinsicKind(w))) { this.dropDroppableUse(t); continue; }
          ed.eraseLater(w);
        }
      }
      ed.eraseLater(u);
    }
  }
}
