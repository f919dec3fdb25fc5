// Per-opcode instruction fields, in one place so the parser, printer and passes agree.
//  iAux bits: 0-5 log2(align)+1 (0 = none); 6-8 ordering; 9-11 failure ordering; 12-19 cmp predicate /
//             atomicrmw operation; 20 explicit alloca addrspace.
//  iExt: alloca -> allocated type; GEP -> source element type; load/store/fence/cmpxchg/atomicrmw ->
//        syncscope strId (-1 = system); call/invoke/callbr -> start of the call record in `ext`;
//        shufflevector/extractvalue/insertvalue/landingpad -> start of [count, items...] in `ext`.
//  Call record in ext: [fnType, attrList, cc, nArgs, nBundles, (tagStrId, nOps)*nBundles, nIndirect].
//  Call operands: [callee, args..., bundle operands..., dests...] (invoke: normal, unwind; callbr: default, indirect...).
import { iAux, iExt, ext, iOps, iNOps, opVal } from "./values";
import { encodeAlign, decodeAlign } from "./align";

// Alignment in bytes (0 = none); stored as log2+1 (align.ts).
export function alignBytes(i: i32): i64 { return decodeAlign(iAux.get(i) & 63); }
export function setAlignBytes(i: i32, bytes: i64): void { iAux.set(i, (iAux.get(i) & ~63) | encodeAlign(bytes)); }
@inline export function ordering(i: i32): i32 { return (iAux.get(i) >> 6) & 7; }
@inline export function failureOrdering(i: i32): i32 { return (iAux.get(i) >> 9) & 7; }
export function setOrderings(i: i32, o: i32, f: i32): void { iAux.set(i, (iAux.get(i) & ~(63 << 6)) | (o << 6) | (f << 9)); }
@inline export function predicate(i: i32): i32 { return (iAux.get(i) >> 12) & 255; }
export function setPredicate(i: i32, p: i32): void { iAux.set(i, (iAux.get(i) & ~(255 << 12)) | (p << 12)); }
@inline export function syncScope(i: i32): i32 { return iExt.get(i); }

// Calls.
@inline export function callRec(i: i32): i32 { return iExt.get(i); }
@inline export function callFnType(i: i32): i32 { return ext.get(iExt.get(i)); }
@inline export function callAttrs(i: i32): i32 { return ext.get(iExt.get(i) + 1); }
@inline export function setCallAttrs(i: i32, a: i32): void { ext.set(iExt.get(i) + 1, a); }
@inline export function callCC(i: i32): i32 { return ext.get(iExt.get(i) + 2); }
@inline export function callNumArgs(i: i32): i32 { return ext.get(iExt.get(i) + 3); }
@inline export function callNumBundles(i: i32): i32 { return ext.get(iExt.get(i) + 4); }
@inline export function bundleTag(i: i32, b: i32): i32 { return ext.get(iExt.get(i) + 5 + 2 * b); }
@inline export function bundleNumOps(i: i32, b: i32): i32 { return ext.get(iExt.get(i) + 6 + 2 * b); }
export function callNumIndirect(i: i32): i32 { return ext.get(iExt.get(i) + 5 + 2 * callNumBundles(i)); }
@inline export function callee(i: i32): i32 { return opVal.get(iOps.get(i)); }
@inline export function callArg(i: i32, a: i32): i32 { return opVal.get(iOps.get(i) + 1 + a); }
// First operand index of bundle b.
export function bundleFirstOp(i: i32, b: i32): i32 {
  let k = 1 + callNumArgs(i);
  for (let j = 0; j < b; j++) k += bundleNumOps(i, j);
  return k;
}
// Operand index of the first destination block (invoke/callbr).
export function callFirstDest(i: i32): i32 { return bundleFirstOp(i, callNumBundles(i)); }

// Lists in ext: [count, items...].
@inline export function listCount(i: i32): i32 { return ext.get(iExt.get(i)); }
@inline export function listItem(i: i32, k: i32): i32 { return ext.get(iExt.get(i) + 1 + k); }

// ---- phis: (value, block) operand pairs ----
@inline export function numIncoming(phi: i32): i32 { return iNOps.get(phi) >> 1; }
@inline export function incomingValue(phi: i32, k: i32): i32 { return opVal.get(iOps.get(phi) + 2 * k); }
@inline export function incomingBlock(phi: i32, k: i32): i32 { return opVal.get(iOps.get(phi) + 2 * k + 1); }
