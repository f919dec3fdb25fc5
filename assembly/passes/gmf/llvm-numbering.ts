// LLVM's numbering of what the structural hash and global merging see: type ids, operand counts
// and order (LLVM's operand k as an arena operand slot), compare predicates, which values are
// constants.
import { VK, vKind, iOp, iFlags, iOps, iNOps, opVal } from "../../ir/values";
import { TK, tyKind } from "../../ir/types";
import { Op, F_UNWIND_CALLER } from "../../ir/opcodes";
import { predicate } from "../../ir/inst";

// Type::TypeID in LLVM 22.
export function llvmTypeID(t: i32): i32 {
  switch (<i32>tyKind.get(t)) {
    case TK.Half: return 0;
    case TK.BFloat: return 1;
    case TK.Float: return 2;
    case TK.Double: return 3;
    case TK.X86FP80: return 4;
    case TK.FP128: return 5;
    case TK.PPCFP128: return 6;
    case TK.Void: return 7;
    case TK.Label: return 8;
    case TK.Metadata: return 9;
    case TK.X86AMX: return 10;
    case TK.Token: return 11;
    case TK.Int: return 12;
    case TK.Function: return 13;
    case TK.Ptr: return 14;
    case TK.Struct: case TK.NamedStruct: return 15;
    case TK.Array: return 16;
    case TK.Vector: return 17;
    case TK.ScalableVector: return 18;
    case TK.TargetExt: return 20;
    default: return 12; // x86_mmx: read as <1 x i64> by LLVM 22, never reaches here
  }
}

// The number of operands LLVM's instruction has (a phi's incoming blocks are not operands there).
export function llvmNumOperands(i: i32): i32 {
  let n = iNOps.get(i);
  let op = <i32>iOp.get(i);
  if (op == Op.Phi) return n >> 1;
  if (op == Op.Switch) return 2 + ((n - 2) >> 1);
  return n;
}
// The arena operand index of LLVM's operand k. Differences: a call's callee is LLVM's last operand
// (ours first); a conditional br is [cond, false, true] in LLVM ([cond, then, else] here); a phi's
// values are every other slot here; a switch's case values are no operands in LLVM 22 ([cond,
// default, destinations...]); a funclet pad's parent pad is LLVM's last operand; a catchswitch
// keeps its unwind destination second in LLVM (last here).
export function arenaOperandIndex(i: i32, k: i32): i32 {
  let op = <i32>iOp.get(i), n = iNOps.get(i);
  switch (op) {
    case Op.Call: case Op.Invoke: case Op.CallBr: case Op.CatchPad: case Op.CleanupPad:
      return k == n - 1 ? 0 : k + 1;
    case Op.Br: return n == 3 && k > 0 ? 3 - k : k;
    case Op.Phi: return k << 1;
    case Op.Switch: return k < 2 ? k : 2 * k - 1;
    case Op.CatchSwitch:
      if ((iFlags.get(i) & F_UNWIND_CALLER) != 0 || k == 0) return k;
      return k == 1 ? n - 1 : k - 1;
    default: return k;
  }
}
@inline export function llvmOperand(i: i32, k: i32): i32 { return opVal.get(iOps.get(i) + arenaOperandIndex(i, k)); }
// The LLVM predicate number of a compare (the arena keeps LLVM's numbers).
@inline export function llvmPredicate(i: i32): i32 { return predicate(i); }

@inline export function isConstantKind(k: i32): bool { return k >= VK.GlobalVar && k <= VK.PtrAuth; }
@inline export function isConstantValue(v: i32): bool { return v >= 0 && isConstantKind(<i32>vKind.get(v)); }
