// Small questions about instructions that several passes and the printer ask.
import { vKind, vName, VK, vA, operand, iOp, iNext } from "./values";
import { callAttrs } from "./inst";
import { gAttrs, gFirstArg, gNumArgs, gFirstBlock } from "./globals";
import { fnAttrs, retAttrs, paramAttrs, setHasKind } from "./attributes";
import { strtab } from "./module";
import { Op } from "./opcodes";

// A direct call to a function whose name starts with "llvm.". (Inlined: mergefunc asks it of every
// instruction.)
@inline export function isIntrinsicCall(i: i32): bool {
  if (<i32>iOp.get(i) != Op.Call) return false;
  let c = operand(i, 0);
  if (c < 0 || <i32>vKind.get(c) != VK.Function) return false;
  let nm = vName.get(c);
  if (nm < 0 || strtab.lenOf(nm) < 5) return false;
  let p = strtab.ptrOf(nm);
  return load<u8>(p) == 108 && load<u8>(p + 1) == 108 && load<u8>(p + 2) == 118 && load<u8>(p + 3) == 109 && load<u8>(p + 4) == 46;
}

// The callee's global index for a direct call c, or -1.
export function directCallee(c: i32): i32 {
  let f = operand(c, 0);
  return f >= 0 && <i32>vKind.get(f) == VK.Function ? vA.get(f) : -1;
}
// Whether call c or its direct callee has attribute `kind` (-1: an attribute this version lacks)
// on the function, the return value or argument a.
export function callFnHas(c: i32, kind: i32): bool {
  if (kind < 0) return false;
  if (setHasKind(fnAttrs(callAttrs(c)), kind)) return true;
  let g = directCallee(c);
  return g >= 0 && setHasKind(fnAttrs(gAttrs.get(g)), kind);
}
export function callRetHas(c: i32, kind: i32): bool {
  if (kind < 0) return false;
  if (setHasKind(retAttrs(callAttrs(c)), kind)) return true;
  let g = directCallee(c);
  return g >= 0 && setHasKind(retAttrs(gAttrs.get(g)), kind);
}
export function callParamHas(c: i32, a: i32, kind: i32): bool {
  if (kind < 0) return false;
  if (setHasKind(paramAttrs(callAttrs(c), a), kind)) return true;
  let g = directCallee(c);
  return g >= 0 && setHasKind(paramAttrs(gAttrs.get(g), a), kind);
}

// A function's local values (arguments, blocks, instructions) as dense indexes 0 .. size-1, for
// per-function tables: its arguments first, then the value ids from the lowest to the highest of
// its blocks and instructions. Two ranges, not one: the text parser makes the arguments just
// before the body, but the bitcode reader makes them with the function's prototype, long before
// its body, and one range over both would span most of the module.
export class LocalRange {
  argLo: i32 = 0; nArgs: i32 = 0;
  lo: i32 = 0; hi: i32 = -1;          // the body's ids (lo > hi when it has none)
  @inline get size(): i32 { return this.nArgs + this.hi - this.lo + 1; }
  // The index of v, or -1 when v is none of the function's arguments and no id of its body's range.
  @inline index(v: i32): i32 {
    let k = v - this.lo;
    if (k >= 0 && k <= this.hi - this.lo) return k + this.nArgs;
    k = v - this.argLo;
    return k >= 0 && k < this.nArgs ? k : -1;
  }
}
// The body's range of function g (blocks and instructions); the arguments' from its record.
export function localRange(g: i32, out: LocalRange): void {
  let lo = 0x7fffffff, hi = -1;
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    if (b < lo) lo = b;
    if (b > hi) hi = b;
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) { if (i < lo) lo = i; if (i > hi) hi = i; }
  }
  if (hi < lo) { lo = 0; hi = -1; }
  out.lo = lo; out.hi = hi;
  localArgs(g, out);
}
@inline export function localArgs(g: i32, out: LocalRange): void {
  let a = gFirstArg.get(g), n = gNumArgs.get(g);
  out.argLo = a; out.nArgs = n > 0 && a >= 0 ? n : 0;
}
