// FunctionComparator (llvm/lib/Transforms/Utils/FunctionComparator.cpp, LLVM 19 semantics):
// a total order on functions, -1 / 0 / 1, most significant difference first. Two functions
// compare 0 exactly when opt-19 would consider them mergeable.
//
// Values local to the two functions are associated by serial numbers given on first sight
// (two dense arrays indexed by value id, cleared in O(1) by a generation stamp, instead of LLVM's
// maps). Globals are numbered on first sight for the whole run (GlobalNumberState). Types compare
// with `ptr` in address space 0 equal to the pointer-sized integer of the data layout.
//
// This file holds the signature and the walk over the two bodies; the comparator's state is in
// comparator-state.ts, below every compare file; what it compares is in compare-types.ts,
// compare-values.ts (constants, globals, values, metadata), compare-attrs.ts and
// compare-inst.ts (instructions, blocks).
import { tyFlags, TF_VARARG } from "../../ir/types";
import { gValue, gAttrs, gGC, gSection, gCC, gValueType, gFirstBlock, gFirstArg, gNumArgs } from "../../ir/globals";
import { terminatorOf, numSuccessors, successor } from "./hash";
import { cmp } from "./comparator-state";
import { cmpAttrs } from "./compare-attrs";
import { cmpB, cmpI, cmpMem, cmpTypes } from "./compare-types";
import { cmpBasicBlocks } from "./compare-inst";
import { cmpValues } from "./compare-values";

function compareSignature(gl: i32, gr: i32): i32 {
  let res = cmpAttrs(gAttrs.get(gl), gAttrs.get(gr)); if (res != 0) return res;
  let hl = gGC.get(gl) >= 0, hr = gGC.get(gr) >= 0;
  res = cmpB(hl, hr); if (res != 0) return res;
  if (hl) { res = cmpMem(gGC.get(gl), gGC.get(gr)); if (res != 0) return res; }
  hl = gSection.get(gl) >= 0; hr = gSection.get(gr) >= 0;
  res = cmpB(hl, hr); if (res != 0) return res;
  if (hl) { res = cmpMem(gSection.get(gl), gSection.get(gr)); if (res != 0) return res; }
  let tl = gValueType.get(gl), tr = gValueType.get(gr);
  res = cmpB((tyFlags.get(tl) & TF_VARARG) != 0, (tyFlags.get(tr) & TF_VARARG) != 0); if (res != 0) return res;
  res = cmpI(gCC.get(gl), gCC.get(gr)); if (res != 0) return res;
  res = cmpTypes(tl, tr); if (res != 0) return res;
  // Associate the arguments, in order.
  let n = gNumArgs.get(gl);
  for (let i = 0; i < n; i++) cmpValues(gFirstArg.get(gl) + i, gFirstArg.get(gr) + i);
  return 0;
}

// FunctionComparator(F, G).compare() for two definitions (global indices).
export function compareFunctions(gl: i32, gr: i32): i32 {
  let ranges = cmp.ranges;
  cmp.snL.begin(ranges, gl); cmp.snR.begin(ranges, gr);
  cmp.fnL = gValue.get(gl); cmp.fnR = gValue.get(gr);
  let res = compareSignature(gl, gr);
  if (res != 0) return res;
  let el = gFirstBlock.get(gl), er = gFirstBlock.get(gr);
  if (el < 0 || er < 0) return cmpB(el >= 0, er >= 0);
  let visited = cmp.visited, stackL = cmp.stackL, stackR = cmp.stackR;
  visited.begin(ranges, gl);
  stackL.clear(); stackR.clear();
  stackL.push(el); stackR.push(er); visited.visit(el);
  while (stackL.len > 0) {
    let bl = stackL.pop(), br = stackR.pop();
    res = cmpValues(bl, br); if (res != 0) return res;
    res = cmpBasicBlocks(bl, br); if (res != 0) return res;
    let tl = terminatorOf(bl), tr = terminatorOf(br);
    let ns = numSuccessors(tl);
    if (ns != numSuccessors(tr)) return cmpI(ns, numSuccessors(tr));
    for (let i = 0; i < ns; i++) {
      let sl = successor(tl, i);
      if (!visited.visit(sl)) continue;
      stackL.push(sl); stackR.push(successor(tr, i));
    }
  }
  return 0;
}
