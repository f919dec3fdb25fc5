// Global objects: variables, functions, aliases, ifuncs, and comdats. A global is a value
// (its id is in `gValue`); the columns here are indexed by global index.
import { I32Vec, U8Vec } from "../util/vec";

export const enum GK { Var = 0, Func, Alias, IFunc }
export const enum Linkage {
  External = 0, Private, Internal, Available, LinkOnce, Weak, Common, Appending, ExternWeak,
  LinkOnceODR, WeakODR,
}
export const LINKAGE_NAMES: string[] = ["", "private", "internal", "available_externally", "linkonce", "weak",
  "common", "appending", "extern_weak", "linkonce_odr", "weak_odr"];
export const VISIBILITY_NAMES: string[] = ["", "hidden", "protected"];
export const DLL_NAMES: string[] = ["", "dllimport", "dllexport"];
export const TLS_NAMES: string[] = ["", "thread_local", "thread_local(localdynamic)", "thread_local(initialexec)", "thread_local(localexec)"];
export const UNNAMED_NAMES: string[] = ["", "unnamed_addr", "local_unnamed_addr"];

export let gKind: U8Vec = new U8Vec();
export let gValue: I32Vec = new I32Vec();
export let gLinkage: U8Vec = new U8Vec();
export let gVisibility: U8Vec = new U8Vec();
export let gDLL: U8Vec = new U8Vec();
export let gTLS: U8Vec = new U8Vec();
export let gUnnamed: U8Vec = new U8Vec();
export let gFlags: I32Vec = new I32Vec();       // GF_ bits
export let gAddrSpace: I32Vec = new I32Vec();
export let gValueType: I32Vec = new I32Vec();   // var: content type; func: function type; alias/ifunc: value type
export let gSection: I32Vec = new I32Vec();     // strId or -1
export let gPartition: I32Vec = new I32Vec();
export let gComdat: I32Vec = new I32Vec();      // comdat index or -1
export let gAlign: I32Vec = new I32Vec();       // log2(bytes) + 1, 0 = none (align.ts)
export let gGC: I32Vec = new I32Vec();          // strId or -1
export let gCC: I32Vec = new I32Vec();          // calling convention number
export let gAttrs: I32Vec = new I32Vec();       // attribute list id or -1 (function / variable attributes)
export let gMD: I32Vec = new I32Vec();          // attachment list head or -1
export let gFirstBlock: I32Vec = new I32Vec();  // function body
export let gLastBlock: I32Vec = new I32Vec();
export let gFirstArg: I32Vec = new I32Vec();    // value id of the first argument (arguments are consecutive)
export let gNumArgs: I32Vec = new I32Vec();
export let gExtra: I32Vec = new I32Vec();       // strId of verbatim extra text (sanitizer attrs, code_model), or -1
export let gOrder: I32Vec = new I32Vec();       // position in module order (for printing)

export const GF_DSO_LOCAL: i32 = 1, GF_CONSTANT: i32 = 2, GF_EXTERN_INIT: i32 = 4, GF_DEFINED: i32 = 8,
  GF_ERASED: i32 = 16, GF_NUMBERED: i32 = 32, GF_ADDRSPACE_EXPLICIT: i32 = 64;

// Fixed operand positions on the global's own value: var [initializer]; func [personality, prefix, prologue];
// alias/ifunc [aliasee/resolver].
export const GOP_INIT = 0, GOP_PERSONALITY = 0, GOP_PREFIX = 1, GOP_PROLOGUE = 2;

// Comdats.
export let cdName: I32Vec = new I32Vec();
export let cdKind: U8Vec = new U8Vec();  // 0 any, 1 exactmatch, 2 largest, 3 nodeduplicate, 4 samesize
export const COMDAT_NAMES: string[] = ["any", "exactmatch", "largest", "nodeduplicate", "samesize"];

export function resetGlobals(): void {
  gKind = new U8Vec(); gValue = new I32Vec(); gLinkage = new U8Vec(); gVisibility = new U8Vec(); gDLL = new U8Vec();
  gTLS = new U8Vec(); gUnnamed = new U8Vec(); gFlags = new I32Vec(); gAddrSpace = new I32Vec();
  gValueType = new I32Vec(); gSection = new I32Vec(); gPartition = new I32Vec(); gComdat = new I32Vec();
  gAlign = new I32Vec(); gGC = new I32Vec(); gCC = new I32Vec(); gAttrs = new I32Vec(); gMD = new I32Vec();
  gFirstBlock = new I32Vec(); gLastBlock = new I32Vec(); gFirstArg = new I32Vec(); gNumArgs = new I32Vec();
  gExtra = new I32Vec(); gOrder = new I32Vec();
  cdName = new I32Vec(); cdKind = new U8Vec();
}

// Capacity for about n globals (index.ts presize), so the columns are not re-copied as they grow.
export function reserveGlobals(n: i32): void {
  gKind.reserve(n); gValue.reserve(n); gLinkage.reserve(n); gVisibility.reserve(n); gDLL.reserve(n);
  gTLS.reserve(n); gUnnamed.reserve(n); gFlags.reserve(n); gAddrSpace.reserve(n);
  gValueType.reserve(n); gSection.reserve(n); gPartition.reserve(n); gComdat.reserve(n);
  gAlign.reserve(n); gGC.reserve(n); gCC.reserve(n); gAttrs.reserve(n); gMD.reserve(n);
  gFirstBlock.reserve(n); gLastBlock.reserve(n); gFirstArg.reserve(n); gNumArgs.reserve(n);
  gExtra.reserve(n); gOrder.reserve(n);
}

export function newGlobal(kind: i32, value: i32): i32 {
  let g = gKind.len;
  gKind.push(<u8>kind); gValue.push(value); gLinkage.push(0); gVisibility.push(0); gDLL.push(0); gTLS.push(0);
  gUnnamed.push(0); gFlags.push(0); gAddrSpace.push(0); gValueType.push(-1); gSection.push(-1); gPartition.push(-1);
  gComdat.push(-1); gAlign.push(0); gGC.push(-1); gCC.push(0); gAttrs.push(-1); gMD.push(-1);
  gFirstBlock.push(-1); gLastBlock.push(-1); gFirstArg.push(-1); gNumArgs.push(0); gExtra.push(-1); gOrder.push(g);
  return g;
}
// Global g made anew as newGlobal makes one (kind, value, every column at its default), keeping
// its index: `wopt repo link` defines a pruned declaration in its place.
export function resetGlobal(g: i32, kind: i32, value: i32): void {
  gKind.set(g, <u8>kind); gValue.set(g, value); gLinkage.set(g, 0); gVisibility.set(g, 0); gDLL.set(g, 0); gTLS.set(g, 0);
  gUnnamed.set(g, 0); gFlags.set(g, 0); gAddrSpace.set(g, 0); gValueType.set(g, -1); gSection.set(g, -1); gPartition.set(g, -1);
  gComdat.set(g, -1); gAlign.set(g, 0); gGC.set(g, -1); gCC.set(g, 0); gAttrs.set(g, -1); gMD.set(g, -1);
  gFirstBlock.set(g, -1); gLastBlock.set(g, -1); gFirstArg.set(g, -1); gNumArgs.set(g, 0); gExtra.set(g, -1); gOrder.set(g, g);
}
@inline export function globalCount(): i32 { return gKind.len; }

// Reorders globals [from, from + order.len): position from + i gets the global at order[i]
// (a permutation of those indexes). The caller updates the global values' back-pointers (vA).
export function reorderGlobals(from: i32, order: I32Vec): void {
  permuteU8(gKind, from, order); permuteI32(gValue, from, order); permuteU8(gLinkage, from, order);
  permuteU8(gVisibility, from, order); permuteU8(gDLL, from, order); permuteU8(gTLS, from, order);
  permuteU8(gUnnamed, from, order); permuteI32(gFlags, from, order); permuteI32(gAddrSpace, from, order);
  permuteI32(gValueType, from, order); permuteI32(gSection, from, order); permuteI32(gPartition, from, order);
  permuteI32(gComdat, from, order); permuteI32(gAlign, from, order); permuteI32(gGC, from, order);
  permuteI32(gCC, from, order); permuteI32(gAttrs, from, order); permuteI32(gMD, from, order);
  permuteI32(gFirstBlock, from, order); permuteI32(gLastBlock, from, order); permuteI32(gFirstArg, from, order);
  permuteI32(gNumArgs, from, order); permuteI32(gExtra, from, order);
  for (let i = 0; i < order.len; i++) gOrder.set(from + i, from + i);
}
function permuteI32(c: I32Vec, from: i32, order: I32Vec): void {
  let t = new I32Vec(order.len);
  for (let i = 0; i < order.len; i++) t.push(c.get(order.get(i)));
  for (let i = 0; i < order.len; i++) c.set(from + i, t.get(i));
}
function permuteU8(c: U8Vec, from: i32, order: I32Vec): void {
  let t = new U8Vec(order.len);
  for (let i = 0; i < order.len; i++) t.push(c.get(order.get(i)));
  for (let i = 0; i < order.len; i++) c.set(from + i, t.get(i));
}
@inline export function isDeclaration(g: i32): bool { return (gFlags.get(g) & GF_DEFINED) == 0; }

// Local linkage: private or internal.
export function hasLocalLinkage(g: i32): bool { let l = <i32>gLinkage.get(g); return l == Linkage.Private || l == Linkage.Internal; }
