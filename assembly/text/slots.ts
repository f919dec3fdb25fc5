// Slot numbering as LLVM's SlotTracker assigns it: unnamed globals and locals, metadata nodes and
// attribute groups, for a whole-module print, one definition (the repository's fragments), one
// function's blocks (dot graphs) or diagnostics. The printer reads the slots it leaves.
import { localSlot, globalSlot } from "./printer-values";
import { noteGroup, resetGroupSlots } from "./printer-attrs";
import { beginNumbering, numberNode, numberAttachments, numberRecords, numberNamed } from "./printer-meta";
import { T_VOID } from "../ir/types";
import { VK, vKind, vType, vName, vA, iOp, iNext, iMD, iDbg, operand, numOperands, valueCount } from "../ir/values";
import { GK, gKind, gValue, gFlags, gAttrs, gMD, gFirstBlock, gFirstArg, gNumArgs, globalCount, GF_ERASED } from "../ir/globals";
import { fnAttrs } from "../ir/attributes";
import { callAttrs } from "../ir/inst";
import { Op } from "../ir/opcodes";
import { canonicalMD } from "../ir/metadata";
import { has, Feature } from "../ir/version";


export function numberGlobals(): void {
  globalSlot.clear(); globalSlot.resize(valueCount(), -1);
  let n = 0;
  for (let pass = 0; pass < 4; pass++) {
    let want = pass == 0 ? GK.Var : pass == 1 ? GK.Alias : pass == 2 ? GK.IFunc : GK.Func;
    for (let g = 0; g < globalCount(); g++) {
      if (<i32>gKind.get(g) != want || (gFlags.get(g) & GF_ERASED) != 0) continue;
      let v = gValue.get(g);
      if (vName.get(v) < 0) globalSlot.set(v, n++);
    }
  }
}
export function numberLocals(g: i32): void {
  if (localSlot.len < valueCount()) localSlot.resize(valueCount(), -1);
  let n = 0;
  let a0 = gFirstArg.get(g);
  for (let i = 0; gNumArgs.get(g) > i; i++) { let a = a0 + i; localSlot.set(a, vName.get(a) < 0 ? n++ : -1); }
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    localSlot.set(b, vName.get(b) < 0 ? n++ : -1);
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
      localSlot.set(i, vName.get(i) < 0 && vType.get(i) != T_VOID ? n++ : -1);
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

export function isLive(g: i32): bool { return (gFlags.get(g) & GF_ERASED) == 0; }

// Attribute groups and metadata of one function, in the order numberModule meets them.
export function numberFunctionParts(g: i32): void {
  noteGroup(fnAttrs(gAttrs.get(g)));
  numberFunctionMetadata(g);
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b))
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
      let op = <i32>iOp.get(i);
      if (op == Op.Call || op == Op.Invoke || op == Op.CallBr) noteGroup(fnAttrs(callAttrs(i)));
    }
}

// onlyFn >= 0: the numbering of a fresh ModuleSlotTracker printing a block or instruction of
// that function on its own (Value::print of a non-metadata value): module-level metadata and
// function attribute groups, then only that function's metadata and call-site groups.
// With allMetadata (LLVM 22's block printing), every function's metadata is numbered all the same.
export function numberModule(onlyFn: i32 = -1, allMetadata: bool = false): void {
  resetGroupSlots();
  beginNumbering();
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Var || !isLive(g)) continue;
    numberAttachments(gMD.get(g));
    noteGroup(gAttrs.get(g));
  }
  numberNamed();
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Func || !isLive(g)) continue;
    noteGroup(fnAttrs(gAttrs.get(g)));
    if (onlyFn < 0 || allMetadata) numberFunctionMetadata(g);
  }
  if (onlyFn >= 0 && !allMetadata) numberFunctionMetadata(onlyFn);
  // call-site attribute groups come after all function attribute groups
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Func || !isLive(g) || (onlyFn >= 0 && g != onlyFn)) continue;
    numberFunctionBody(g, true);
  }
}
function numberFunctionMetadata(g: i32): void {
  numberAttachments(gMD.get(g));
  numberFunctionBody(g, false);
}
// numberModule's per-function walks (metadata, or call-site attribute groups when callSites):
// kept out of its loops so that the engine's per-call tier-up reaches them on large modules (a
// long loop in a function called once stays in the baseline tier); the two call sites keep the
// optimizer from inlining it back.
function numberFunctionBody(g: i32, callSites: bool): void {
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
      let op = <i32>iOp.get(i);
      if (callSites) {
        if (op == Op.Call || op == Op.Invoke || op == Op.CallBr) noteGroup(fnAttrs(callAttrs(i)));
        continue;
      }
      numberRecords(iDbg.get(i));
      if (op == Op.Call || op == Op.Invoke || op == Op.CallBr) {
        let n = numOperands(i);
        for (let k = 1; k < n; k++) {
          let a = operand(i, k);
          if (a >= 0 && <i32>vKind.get(a) == VK.MDValue) numberNode(canonicalMD(vA.get(a)));
        }
      }
      numberAttachments(iMD.get(i));
    }
  }
}

// Numbers the module (globals, metadata, attribute groups) as a full print would; call once
// before printing values, then numberFunction(g) for the function whose locals appear.
export function numberForDiagnostics(): void { numberGlobals(); numberModule(); }
// The numbering LLVM uses when a block of function g is printed on its own (`OS << BB`, as the
// DOT graph printers do): metadata as in g alone (from LLVM 22 on as in the whole module),
// call-site attribute groups as in g alone.
export function numberForBlockPrint(g: i32): void { numberGlobals(); numberModule(g, has(Feature.DotCfg22)); numberLocals(g); }
export function numberFunction(g: i32): void { numberLocals(g); }
