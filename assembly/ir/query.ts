// Small questions about instructions that several passes and the printer ask.
import { vKind, vName, VK, operand, iOp } from "./values";
import { strtab } from "./module";
import { Op } from "./opcodes";

// A direct call to a function whose name starts with "llvm.".
export function isIntrinsicCall(i: i32): bool {
  if (<i32>iOp.get(i) != Op.Call) return false;
  let c = operand(i, 0);
  if (c < 0 || <i32>vKind.get(c) != VK.Function) return false;
  let nm = vName.get(c);
  if (nm < 0 || strtab.lenOf(nm) < 5) return false;
  let p = strtab.ptrOf(nm);
  return load<u8>(p) == 108 && load<u8>(p + 1) == 108 && load<u8>(p + 2) == 118 && load<u8>(p + 3) == 109 && load<u8>(p + 4) == 46;
}
