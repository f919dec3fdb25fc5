// The edit layer: the changes passes (and the reader's upgrades) make to existing IR, with the
// side effects LLVM ties to them where they are generic: uses inside interned constants and
// value metadata follow a replaced global, erased values let go of their operands and users.
// New IR is made by builder.ts; the column primitives under both are values.ts.
import { I32Vec } from "../util/vec";
import {
  VK, vKind, vType, vName, vParent, vFirstUse, vA, iOp, iFlags, iExt, iNext, iPrev, iMD, iDbg, iOps, iAux,
  opVal, opUser, opNext, ext, setOperandSlot, numOperands, dropOperands, replaceAllUsesWith,
  appendInst, insertInstBefore, unlinkInst, newValue, allocOperands, iNOps,
} from "./values";
import { GK, gKind, gValue, gFlags, gFirstBlock, gLastBlock, gValueType, globalCount, Linkage, GF_DEFINED, GF_ERASED } from "./globals";
import { getAggregate, getExpr, getWithOperands, invalidateConstant, constExprWordCount, getInt } from "./constants";
import { Op } from "./opcodes";
import { T_I32 } from "./types";
import { mdKind, mdA, MK, drNext, addAttachment, removeAttachment, findAttachment, MDK_DBG } from "./metadata";
import { isGlobalValueKind, createFunction } from "./builder";
import { applyIntrinsicAttributesTo } from "./intrinsics";

// The edit layer's caches for the module in the arena, and its scratch: one object at a fixed
// address in static memory (no global to load it from), renewed by newEditLayer with the arena
// (ir/arena.ts resetArena) and by each mergefunc run (passes/mergefunc/pass.ts).
@final class EditLayer {
  // the operands of a constant being rebuilt; a blockaddress's replacement
  scratch: I32Vec = new I32Vec(16);
  // the value-as-metadata nodes that wrap globals (redirectValueMetadata), and how many of the
  // module's nodes have been looked at for them
  globalValueMD: I32Vec = new I32Vec(16);
  globalValueMDScanned: i32 = 0;
  // global index -> ValueSymbolTable's LastUnique of that function (nextUniqueSuffix)
  lastUnique: I32Vec = new I32Vec();
}
const EDIT_LAYER_SIZE: usize = 32;
const el: EditLayer = changetype<EditLayer>(memory.data(<i32>EDIT_LAYER_SIZE, 16));
// A new edit layer: the caches start empty (the class's initial values are the reset).
export function newEditLayer(): void {
  assert(offsetof<EditLayer>() <= EDIT_LAYER_SIZE);
  memory.copy(changetype<usize>(el), changetype<usize>(new EditLayer()), offsetof<EditLayer>());
}

// ---- replacing uses ----

// Value::replaceAllUsesWith for values constants cannot contain (instructions, arguments,
// blocks): O(uses). replaceAllUsesDeep below is the one for globals and constants.
export { replaceAllUsesWith };
// Points use `slot` at `v` (one operand of its user).
@inline export function replaceUse(slot: i32, v: i32): void { setOperandSlot(slot, v); }

// Value::replaceAllUsesWith for any value, including uses inside interned constants: a constant that
// used `from` is re-created with `to` in its place, and its own users are updated the same way
// (recursively), as LLVM's Constant::handleOperandChange does. Metadata that wraps `from` (`ptr @f`
// in a node) is redirected too. The replaced constants are forgotten by the interner.
export function replaceAllUsesDeep(from: i32, to: i32): void {
  if (from == to) return;
  // Snapshot the uses: the list changes while we rewrite.
  let uses = new I32Vec(8);
  for (let s = vFirstUse.get(from); s >= 0; s = opNext.get(s)) uses.push(s);
  for (let k = 0; k < uses.len; k++) {
    let s = uses.get(k);
    if (opVal.get(s) != from) continue;
    let u = opUser.get(s);
    let uk = <i32>vKind.get(u);
    if (uk == VK.Inst || isGlobalValueKind(uk) || uk == VK.Dead) { setOperandSlot(s, to); continue; }
    // A constant user: rebuild it with the operand replaced.
    let c = u;
    let n = numOperands(c);
    let base = iOps.get(c);
    let scratch = el.scratch;
    scratch.clear();
    for (let i = 0; i < n; i++) { let o = opVal.get(base + i); scratch.push(o == from ? to : o); }
    let nc = rebuildConstant(c, scratch, n);
    if (nc == c) continue;
    invalidateConstant(c);
    replaceAllUsesDeep(c, nc);
    dropOperands(c);
    vKind.set(c, <u8>VK.Dead);
  }
  if (isGlobalValueKind(<i32>vKind.get(from)) || <i32>vKind.get(from) == VK.Dead) redirectValueMetadata(from, to);
}
// The constant of `c`'s kind, type and payload with operands ops[0, n).
function rebuildConstant(c: i32, ops: I32Vec, n: i32): i32 {
  let k = <i32>vKind.get(c);
  let ty = vType.get(c);
  if (k == VK.ConstArray || k == VK.ConstStruct || k == VK.ConstVector) return getAggregate(k, ty, ops, 0, n);
  if (k == VK.ConstExpr) {
    let op = <i32>iOp.get(c);
    let nWords = constExprWordCount(c);
    let w = iExt.get(c);
    return getExpr(op, ty, iFlags.get(c), iAux.get(c), ext, w < 0 ? 0 : w, w < 0 ? 0 : nWords, ops, 0, n);
  }
  return getWithOperands(k, ty, ops, 0, n);
}
// ValueAsMetadata::handleRAUW for global values: `!{ptr @from}` now refers to `to`.
// The value-as-metadata nodes that wrap globals are indexed on first use (and extended when
// nodes are added), so a replacement does not scan all metadata.
function redirectValueMetadata(from: i32, to: i32): void {
  let n = mdKind.len;
  let globalValueMD = el.globalValueMD;
  for (let m = el.globalValueMDScanned; m < n; m++) {
    if (<i32>mdKind.get(m) != MK.Value) continue;
    let v = mdA.get(m);
    if (v >= 0 && (isGlobalValueKind(<i32>vKind.get(v)) || <i32>vKind.get(v) == VK.Dead)) globalValueMD.push(m);
  }
  el.globalValueMDScanned = n;
  for (let k = 0; k < globalValueMD.len; k++) { let m = globalValueMD.get(k); if (mdA.get(m) == from) mdA.set(m, to); }
}


// ---- placing instructions ----

// Puts detached instruction `inst` before `before` / after `after` / at the end of `block`.
@inline export function insertBefore(before: i32, inst: i32): void { insertInstBefore(before, inst); }
export function insertAfter(after: i32, inst: i32): void {
  let n = iNext.get(after);
  if (n >= 0) insertInstBefore(n, inst); else appendInst(vParent.get(after), inst);
}
@inline export function appendToBlock(block: i32, inst: i32): void { appendInst(block, inst); }
// Takes `inst` out of its block; it keeps its operands and uses.
@inline export function unlink(inst: i32): void { unlinkInst(inst); }
// Instruction::moveBefore / moveAfter.
export function moveBefore(inst: i32, before: i32): void { unlinkInst(inst); insertInstBefore(before, inst); }
export function moveAfter(inst: i32, after: i32): void { unlinkInst(inst); insertAfter(after, inst); }

// ---- erasing ----

// Erases an instruction: unlinks it and drops its operands. Remaining uses of it are detached.
export function eraseInstruction(inst: i32): void {
  unlinkInst(inst);
  dropOperands(inst);
  killValue(inst);
}

// Erases an instruction but leaves it linked, for a pass that unlinks many in one sweep
// (it has no uses left): its operands are dropped and it is marked dead.
export function eraseLeavingLinked(inst: i32): void {
  dropOperands(inst);
  vKind.set(inst, <u8>VK.Dead);
}
@inline export function isErased(v: i32): bool { return <i32>vKind.get(v) == VK.Dead; }
// Unlinks block `b` from function `g` and erases it and its instructions. Their operands are dropped;
// the caller makes sure nothing else uses them.
export function eraseBlock(g: i32, b: i32): void {
  for (let i = vA.get(b); i >= 0; i = iNext.get(i)) dropOperands(i);
  for (let i = vA.get(b); i >= 0; i = iNext.get(i)) killValue(i);
  let p = iPrev.get(b), n = iNext.get(b);
  if (p >= 0) iNext.set(p, n); else gFirstBlock.set(g, n);
  if (n >= 0) iPrev.set(n, p); else gLastBlock.set(g, p);
  forgetBlockAddresses(b);
  killValue(b);
}

// Erases a global: drops the body and the global's own operands and marks it GF_ERASED.
// The caller makes sure nothing uses it any more.
export function eraseGlobal(g: i32): void {
  if (<i32>gKind.get(g) == GK.Func) deleteBody(g);
  let v = gValue.get(g);
  dropOperands(v);
  gFlags.set(g, gFlags.get(g) | GF_ERASED);
}

// Function::deleteBody: drops every block and instruction; the function becomes a declaration.
export function deleteBody(g: i32): void {
  // Drop all references first (instructions may use values defined later in the body).
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b))
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) dropOperands(i);
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) killValue(i);
    forgetBlockAddresses(b);
    killValue(b);
  }
  gFirstBlock.set(g, -1); gLastBlock.set(g, -1);
  gFlags.set(g, gFlags.get(g) & ~GF_DEFINED);
}
// An erased block whose address was taken (BasicBlock's destructor): every use of a blockaddress
// naming it now uses `inttoptr (i32 1 to <the blockaddress's type>)` instead, and the blockaddress
// constant is forgotten.
function forgetBlockAddresses(b: i32): void {
  let s = vFirstUse.get(b);
  while (s >= 0) {
    let u = opUser.get(s);
    if (<i32>vKind.get(u) != VK.BlockAddress) { s = opNext.get(s); continue; }
    let scratch = el.scratch;
    scratch.clear(); scratch.push(getInt(T_I32, 1));
    let repl = getExpr(Op.IntToPtr, vType.get(u), 0, 0, scratch, 0, 0, scratch, 0, 1);
    invalidateConstant(u);
    replaceAllUsesDeep(u, repl);
    dropOperands(u);
    vKind.set(u, <u8>VK.Dead);
    s = vFirstUse.get(b);   // the list changed: start over
  }
}
// Marks a value dead and detaches any (dead) uses still pointing at it.
function killValue(v: i32): void {
  let s = vFirstUse.get(v);
  while (s >= 0) { let n = opNext.get(s); opVal.set(s, -1); s = n; }
  vFirstUse.set(v, -1);
  vKind.set(v, <u8>VK.Dead);
}


// ---- names ----

// Value::takeName: `dst` gets `src`'s name, `src` becomes unnamed.
export function takeName(dst: i32, src: i32): void {
  vName.set(dst, vName.get(src));
  vName.set(src, -1);
}
// The number ValueSymbolTable::makeUniqueName appends next in function g's symbol table (its
// LastUnique counter plus one, kept): it counts per function for as long as the module lives.
export function nextUniqueSuffix(g: i32): i32 {
  let lastUnique = el.lastUnique;
  lastUnique.fit(g + 1, 0);
  let u = lastUnique.get(g) + 1;
  lastUnique.set(g, u);
  return u;
}

// ---- debug records and locations ----

// Appends debug record r to those in front of instruction `at`.
export function appendRecord(at: i32, r: i32): void {
  let h = iDbg.get(at);
  if (h < 0) { iDbg.set(at, r); return; }
  while (drNext.get(h) >= 0) h = drNext.get(h);
  drNext.set(h, r);
}
// The instruction's !dbg location (-1 for none), and setting it (-1 removes it).
export function debugLoc(i: i32): i32 { return findAttachment(iMD.get(i), MDK_DBG); }
export function setDebugLoc(i: i32, md: i32): void {
  if (md < 0) iMD.set(i, removeAttachment(iMD.get(i), MDK_DBG));
  else iMD.set(i, addAttachment(iMD.get(i), MDK_DBG, md));
}

// ---- intrinsics ----

// A new declaration of intrinsic `name` (strId) with function type `fnTy`, appended to the module,
// with the attributes LLVM gives it (ir/intrinsics.ts).
export function declareIntrinsic(name: i32, fnTy: i32): i32 {
  let g = createFunction(fnTy, Linkage.External, 0, name);
  applyIntrinsicAttributesTo(g);
  return g;
}
// Intrinsic::getOrInsertDeclaration: the module's function named `name`, or a new declaration.
export function getOrDeclareIntrinsic(name: i32, fnTy: i32): i32 {
  let n = globalCount();
  for (let g = 0; g < n; g++) {
    if (<i32>gKind.get(g) == GK.Func && (gFlags.get(g) & GF_ERASED) == 0 && vName.get(gValue.get(g)) == name) return g;
  }
  return declareIntrinsic(name, fnTy);
}

// ---- phis ----

// A new phi of `type` at the front of `block`, with room for `cap` incoming entries.
export function createPhi(block: i32, type: i32, cap: i32): i32 {
  let phi = newValue(VK.Inst, type);
  iOp.set(phi, <u8>Op.Phi);
  allocOperands(phi, 2 * (cap < 1 ? 1 : cap));
  iNOps.set(phi, 0);
  insertBefore(vA.get(block), phi);
  return phi;
}
// Adds the incoming pair (value, block) to a phi made by createPhi (growing its slots if needed).
export function addIncoming(phi: i32, value: i32, block: i32): void {
  let n = iNOps.get(phi);
  let s = iOps.get(phi);
  if (s + n + 1 >= opVal.len || opUser.get(s + n) != phi || opUser.get(s + n + 1) != phi || opVal.get(s + n) != -1) {
    // Out of reserved slots: move the operands to fresh ones at the end of the pool.
    let cap = n + 8;
    let ns = allocOperands(phi, cap);
    for (let k = 0; k < n; k++) { let x = opVal.get(s + k); setOperandSlot(s + k, -1); setOperandSlot(ns + k, x); }
    iOps.set(phi, ns);
    s = ns;
  }
  setOperandSlot(s + n, value);
  setOperandSlot(s + n + 1, block);
  iNOps.set(phi, n + 2);
}
