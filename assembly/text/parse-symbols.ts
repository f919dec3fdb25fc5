// The parser's symbol tables: globals and the current function's locals by name and number, with
// the placeholders forward references create and where each was first referenced.
import { I32Vec } from "../util/vec";
import { tokStart, strtab } from "./lexer";
import { errorAt } from "./pstate";
import { TK, tyKind, T_LABEL, isPtr } from "../ir/types";
import { VK, newValue, vKind, vType, vName, vA, vB } from "../ir/values";
import { typeToString } from "./printer-types";

export let globalByName: I32Vec = new I32Vec();
export let globalByNum: I32Vec = new I32Vec();
export let globalForwards: i32 = 0;
export let localByName: I32Vec = new I32Vec();
export let localStamp: I32Vec = new I32Vec();
export let localByNum: I32Vec = new I32Vec();
export let localForwards: i32 = 0;
export let stampNow: i32 = 0;
export let inFunction: bool = false;
export let curFnValue: i32 = -1;
// Forward-referenced local placeholders created in the current function (to report the first undefined one).
export let forwardList: I32Vec = new I32Vec();
export let globalForwardList: I32Vec = new I32Vec();
// Every placeholder and the source offset of its first reference, in creation order (read only
// for error messages, so a list rather than a column indexed by value id).
let fwdPosValue: I32Vec = new I32Vec();
let fwdPosOffset: I32Vec = new I32Vec();

export function resetSymbolTables(): void {
  globalByName = new I32Vec(); globalByNum = new I32Vec(); globalForwards = 0;
  localByName = new I32Vec(); localStamp = new I32Vec(); localByNum = new I32Vec(); localForwards = 0; stampNow = 0;
  inFunction = false; curFnValue = -1; forwardList = new I32Vec(); globalForwardList = new I32Vec();
  fwdPosValue = new I32Vec(); fwdPosOffset = new I32Vec();
}

export function beginFunctionScope(fnValue: i32): void {
  stampNow++; localByNum.clear(); localForwards = 0; forwardList.clear(); inFunction = true; curFnValue = fnValue;
}
export function endFunctionScope(): void { inFunction = false; curFnValue = -1; }

export function notePos(v: i32, off: i32): void { fwdPosValue.push(v); fwdPosOffset.push(off); }
export function forwardPosOf(v: i32): i32 {
  for (let i = fwdPosValue.len - 1; i >= 0; i--) if (fwdPosValue.get(i) == v) return fwdPosOffset.get(i);
  return 0;
}

export function localLookupName(name: i32): i32 {
  if (name >= localStamp.len || localStamp.get(name) != stampNow) return -1;
  return localByName.get(name);
}
export function localSetName(name: i32, v: i32): void {
  localStamp.fit(name + 1, 0); localByName.fit(name + 1, -1);
  localStamp.set(name, stampNow); localByName.set(name, v);
}
export function localLookupNum(n: i32): i32 { return n < localByNum.len ? localByNum.get(n) : -1; }
export function localSetNum(n: i32, v: i32): void { localByNum.fit(n + 1, -1); localByNum.set(n, v); }

export function globalLookupName(name: i32): i32 { return name < globalByName.len ? globalByName.get(name) : -1; }
export function globalSetName(name: i32, v: i32): void { globalByName.fit(name + 1, -1); globalByName.set(name, v); }
export function globalLookupNum(n: i32): i32 { return n < globalByNum.len ? globalByNum.get(n) : -1; }
export function globalSetNum(n: i32, v: i32): void { if (n >= globalByNum.len) globalByNum.resize(n + 1, -1); globalByNum.set(n, v); }

function nameText(isLocal: bool, name: i32, num: i64): string {
  return (isLocal ? "%" : "@") + (name >= 0 ? strtabString(name) : num.toString());
}
export function strtabString(id: i32): string {
  let p = strtab.ptrOf(id), n = strtab.lenOf(id);
  return String.UTF8.decodeUnsafe(p, <usize>n, false);
}

// A local value reference of the given type (label for blocks). Creates a placeholder on first use.
export function localRef(name: i32, num: i64, type: i32): i32 {
  let off = tokStart;
  let v = name >= 0 ? localLookupName(name) : localLookupNum(<i32>num);
  if (v >= 0) {
    if (vType.get(v) != type) {
      if (<i32>vKind.get(v) == VK.Block || type == T_LABEL) {
        errorAt("'" + nameText(true, name, num) + "' is not a basic block", off); return -1;
      }
      errorAt("'" + nameText(true, name, num) + "' defined with type '" + typeToString(vType.get(v)) + "' but expected '" + typeToString(type) + "'", off);
      return -1;
    }
    return v;
  }
  if (<i32>tyKind.get(type) == TK.Function) { errorAt("invalid use of function-typed value", off); return -1; }
  v = newValue(type == T_LABEL ? VK.Block : VK.Forward, type);
  vName.set(v, name);
  if (type != T_LABEL) vB.set(v, -1); else { vA.set(v, -1); vB.set(v, -1); }
  if (name >= 0) localSetName(name, v); else localSetNum(<i32>num, v);
  notePos(v, off);
  forwardList.push(v);
  if (name < 0) vA.set(v, <i32>num); // remember the number of an unnamed placeholder (blocks keep vA for insts: fixed at definition)
  localForwards++;
  return v;
}

export function globalRef(name: i32, num: i64, type: i32): i32 {
  let off = tokStart;
  let v = name >= 0 ? globalLookupName(name) : globalLookupNum(<i32>num);
  if (!isPtr(type)) { errorAt("global variable reference must have pointer type", off); return -1; }
  if (v >= 0) {
    if (vType.get(v) != type) {
      errorAt("'" + nameText(false, name, num) + "' defined with type '" + typeToString(vType.get(v)) + "' but expected '" + typeToString(type) + "'", off);
      return -1;
    }
    return v;
  }
  v = newValue(VK.Forward, type);
  vName.set(v, name);
  if (name >= 0) globalSetName(name, v); else { globalSetNum(<i32>num, v); vA.set(v, <i32>num); }
  notePos(v, off);
  globalForwardList.push(v);
  globalForwards++;
  return v;
}
