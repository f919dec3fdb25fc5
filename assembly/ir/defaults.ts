// What LLVM's parser fills in when the text leaves it out: alignments of loads, stores, allocas
// and atomics from the data layout.
import { globalCount, gKind, GK, gFirstBlock } from "./globals";
import { vA, iNext, iOp, vType, iExt, operand } from "./values";
import { Op } from "./opcodes";
import { alignBytes, setAlignBytes } from "./inst";
import { abiAlignment, prefAlignment, typeStoreSize } from "./datalayout";

export function fillDefaults(): void {
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Func) continue;
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
        if (alignBytes(i) != 0) continue;
        let op = <i32>iOp.get(i);
        if (op == Op.Load) setAlign(i, abiAlignment(vType.get(i)));
        else if (op == Op.Store) setAlign(i, abiAlignment(vType.get(operand(i, 0))));
        else if (op == Op.Alloca) setAlign(i, prefAlignment(iExt.get(i)));
        else if (op == Op.AtomicRMW) setAlign(i, <i32>typeStoreSize(vType.get(operand(i, 1))));
        else if (op == Op.AtomicCmpXchg) setAlign(i, <i32>typeStoreSize(vType.get(operand(i, 1))));
      }
    }
  }
}
function setAlign(i: i32, a: i32): void { if (a > 0) setAlignBytes(i, <i64>a); }
