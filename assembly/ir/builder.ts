// IR construction shared by passes: creating functions, blocks, instructions and aliases, and
// copying global attributes. Changing existing IR (replacing uses, erasing, moving, names,
// declaring intrinsics) is edit.ts, which stands above this file.
//
// Conventions (see README.md for the tables):
//  - Globals are addressed by global index `g`; their value id is `gValue.get(g)`.
//  - New functions, aliases and blocks are appended at the end of their lists, as LLVM's
//    `Function::Create(..., Module)`, `GlobalAlias::create` and `BasicBlock::Create(..., F)` do.
//  - New instructions are unnamed; an instruction's operands are allocated contiguously.
//  - Nothing here constant-folds except what the constant getters already canonicalise; `buildCast`
//    returns its operand unchanged when the types are equal, as IRBuilder does.
//  - Instructions are placed by an `IRBuilder` (LLVM's IRBuilder): it holds an insertion point and
//    its own operand scratch. Each user owns one (a pass's run object, the reader's upgrade).
import { I32Vec } from "../util/vec";
import {
  VK, newValue, vKind, vType, vName, vParent, vFirstUse, vA, vB, iOp, iFlags, iExt, iNext, iPrev, iMD, iDbg,
  opUser, opNext, ext, appendOperand, allocOperands, setOperandSlot, operand, appendInst, insertInstBefore, iOps,
} from "./values";
import {
  GK, gKind, gValue, gLinkage, gVisibility, gDLL, gTLS, gUnnamed, gFlags, gAddrSpace, gValueType, gSection,
  gPartition, gComdat, gAlign, gGC, gCC, gAttrs, gMD, gFirstBlock, gLastBlock, gFirstArg, gNumArgs, gExtra,
  newGlobal, Linkage, GF_DSO_LOCAL, GF_DEFINED, GOP_PERSONALITY, GOP_PREFIX, GOP_PROLOGUE,
} from "./globals";
import { T_VOID, T_LABEL, ptrType, tyA, tyKind, TK, listLen, listAt, memberType, memberCount, isStruct, isInt, isPtr, isVector, scalarType } from "./types";
import { getPoison } from "./constants";
import { Op, F_TAIL_SHIFT } from "./opcodes";
import { attKind, attMD, attNext, addAttachment } from "./metadata";


// ---- queries ----

// The global index of the function that contains instruction `inst` (-1 if detached).
export function functionOfInst(inst: i32): i32 {
  let b = vParent.get(inst);
  if (b < 0) return -1;
  let f = vParent.get(b);
  return f < 0 ? -1 : vA.get(f);
}
@inline export function isGlobalValueKind(k: i32): bool { return k >= VK.GlobalVar && k <= VK.IFunc; }
// The global index of a global value id, or -1.
export function globalOfValue(v: i32): i32 { return isGlobalValueKind(<i32>vKind.get(v)) ? vA.get(v) : -1; }
// Successor-free helpers for linkage questions, LLVM's GlobalValue predicates.
export function isInterposableLinkage(l: i32): bool {
  return l == Linkage.Weak || l == Linkage.LinkOnce || l == Linkage.Common || l == Linkage.ExternWeak;
}
export function isLocalLinkage(l: i32): bool { return l == Linkage.Private || l == Linkage.Internal; }
export function isDiscardableIfUnusedLinkage(l: i32): bool {
  return l == Linkage.LinkOnce || l == Linkage.LinkOnceODR || isLocalLinkage(l) || l == Linkage.Available;
}

// ---- globals ----

// A new function with type `fnTy`, appended to the module (a declaration until a block is added).
// `name` is a strId or -1 (unnamed, numbered when printed).
export function createFunction(fnTy: i32, linkage: i32, addrSpace: i32, name: i32): i32 {
  let v = newValue(VK.Function, ptrType(addrSpace));
  let g = newGlobal(GK.Func, v);
  vA.set(v, g); vName.set(v, name);
  gValueType.set(g, fnTy); gAddrSpace.set(g, addrSpace);
  appendOperand(v, -1); appendOperand(v, -1); appendOperand(v, -1); // personality, prefix, prologue
  let n = listLen(fnTy);
  let first = -1;
  for (let i = 0; i < n; i++) {
    let a = newValue(VK.Arg, listAt(fnTy, i));
    vParent.set(a, v); vA.set(a, i);
    if (i == 0) first = a;
  }
  gFirstArg.set(g, first); gNumArgs.set(g, n);
  setLinkage(g, linkage);
  return g;
}

// LLVM's setLinkage: local linkage forces default visibility; implicitly dso_local globals are
// marked dso_local (the printer leaves the implicit marker out).
export function setLinkage(g: i32, linkage: i32): void {
  if (isLocalLinkage(linkage)) gVisibility.set(g, 0);
  gLinkage.set(g, <u8>linkage);
  maybeSetDSOLocal(g);
}
export function setVisibility(g: i32, vis: i32): void { gVisibility.set(g, <u8>vis); maybeSetDSOLocal(g); }
function maybeSetDSOLocal(g: i32): void {
  let l = <i32>gLinkage.get(g);
  if (isLocalLinkage(l) || (gVisibility.get(g) != 0 && l != Linkage.ExternWeak)) gFlags.set(g, gFlags.get(g) | GF_DSO_LOCAL);
}

// Function::copyAttributesFrom: visibility, unnamed_addr, TLS, DLL storage, dso_local, partition,
// sanitizer data (GlobalValue); alignment, section (GlobalObject); calling convention, attributes,
// GC, personality, prefix and prologue data (Function). Linkage, name, comdat and metadata are not copied.
export function copyFunctionAttributes(dst: i32, src: i32): void {
  setVisibility(dst, gVisibility.get(src));
  gUnnamed.set(dst, gUnnamed.get(src)); gTLS.set(dst, gTLS.get(src)); gDLL.set(dst, gDLL.get(src));
  gFlags.set(dst, (gFlags.get(dst) & ~GF_DSO_LOCAL) | (gFlags.get(src) & GF_DSO_LOCAL));
  maybeSetDSOLocal(dst);
  gPartition.set(dst, gPartition.get(src)); gExtra.set(dst, gExtra.get(src));
  gAlign.set(dst, gAlign.get(src)); gSection.set(dst, gSection.get(src));
  gCC.set(dst, gCC.get(src)); gAttrs.set(dst, gAttrs.get(src)); gGC.set(dst, gGC.get(src));
  let sv = gValue.get(src), dv = gValue.get(dst);
  let per = operand(sv, GOP_PERSONALITY), pre = operand(sv, GOP_PREFIX), pro = operand(sv, GOP_PROLOGUE);
  if (per >= 0) setOperandSlot(iOps.get(dv) + GOP_PERSONALITY, per);
  if (pre >= 0) setOperandSlot(iOps.get(dv) + GOP_PREFIX, pre);
  if (pro >= 0) setOperandSlot(iOps.get(dv) + GOP_PROLOGUE, pro);
}

// Copies every attachment of metadata kind `kind` from global `src` to global `dst`
// (GlobalObject::addMetadata keeps several attachments of one kind, e.g. `!type`).
export function copyGlobalMetadataOfKind(dst: i32, src: i32, kind: i32): void {
  for (let a = gMD.get(src); a >= 0; a = attNext.get(a)) {
    if (attKind.get(a) == kind) gMD.set(dst, addAttachment(gMD.get(dst), kind, attMD.get(a), true));
  }
}

// A new alias `valueTy` in `addrSpace` with `linkage` to `aliasee`, appended to the module's aliases.
export function createAlias(valueTy: i32, addrSpace: i32, linkage: i32, name: i32, aliasee: i32): i32 {
  let v = newValue(VK.Alias, ptrType(addrSpace));
  let g = newGlobal(GK.Alias, v);
  vA.set(v, g); vName.set(v, name);
  gValueType.set(g, valueTy); gAddrSpace.set(g, addrSpace);
  gFlags.set(g, GF_DEFINED);
  appendOperand(v, aliasee);
  setLinkage(g, linkage);
  return g;
}

// ---- blocks ----

// Appends a new, empty block to function `g` (making it a definition).
export function appendBlock(g: i32, name: i32): i32 {
  let fv = gValue.get(g);
  let b = newValue(VK.Block, T_LABEL);
  vName.set(b, name); vParent.set(b, fv); vA.set(b, -1); vB.set(b, -1);
  let last = gLastBlock.get(g);
  iPrev.set(b, last); iNext.set(b, -1);
  if (last >= 0) iNext.set(last, b); else gFirstBlock.set(g, b);
  gLastBlock.set(g, b);
  gFlags.set(g, gFlags.get(g) | GF_DEFINED);
  return b;
}
// ---- instructions ----

// A detached instruction with operands ops[from, from+n).
export function createInst(op: i32, type: i32, ops: I32Vec, from: i32, n: i32): i32 {
  let v = newValue(VK.Inst, type);
  iOp.set(v, <u8>op);
  for (let i = 0; i < n; i++) appendOperand(v, ops.get(from + i));
  if (n == 0) allocOperands(v, 0);
  return v;
}
// LLVM's IRBuilder: builds instructions at its insertion point, the end of a block or before an
// instruction. Its user owns it (one per pass run or per read; the core's heap is freed only on a
// reset, so not one per instruction).
@final export class IRBuilder {
  private block: i32 = -1;
  private before: i32 = -1;   // >= 0: insert before this instruction, else at the end of `block`
  private ops: I32Vec = new I32Vec(16);

  setInsertPointAtEnd(block: i32): void { this.block = block; this.before = -1; }
  setInsertPointBefore(inst: i32): void { this.block = vParent.get(inst); this.before = inst; }
  // Puts detached instruction `inst` at the insertion point.
  insert(inst: i32): i32 {
    let before = this.before;
    if (before >= 0) insertInstBefore(before, inst); else appendInst(this.block, inst);
    return inst;
  }

  // `call` of `callee` with function type `fnTy`; args in args[from, from+n). `tailKind`: 0 none,
  // 1 tail, 2 musttail, 3 notail. `attrList` is a call-site attribute list id (or -1).
  buildCall(fnTy: i32, callee: i32, args: I32Vec, from: i32, n: i32, attrList: i32, cc: i32, tailKind: i32): i32 {
    let ops = this.ops;
    ops.clear(); ops.push(callee);
    for (let i = 0; i < n; i++) ops.push(args.get(from + i));
    let c = createInst(Op.Call, tyA.get(fnTy), ops, 0, ops.len);
    iFlags.set(c, tailKind << F_TAIL_SHIFT);
    let rec = ext.len;
    ext.push(fnTy); ext.push(attrList); ext.push(cc); ext.push(n); ext.push(0); ext.push(0);
    iExt.set(c, rec);
    return this.insert(c);
  }
  // `ret <v>`, or `ret void` when v < 0.
  buildRet(v: i32): i32 {
    let ops = this.ops;
    ops.clear();
    if (v >= 0) ops.push(v);
    return this.insert(createInst(Op.Ret, T_VOID, ops, 0, ops.len));
  }
  // A cast instruction (`op` is a cast opcode); returns `v` itself when it already has type `destTy`.
  buildCast(op: i32, v: i32, destTy: i32): i32 {
    if (vType.get(v) == destTy) return v;
    let ops = this.ops;
    ops.clear(); ops.push(v);
    return this.insert(createInst(op, destTy, ops, 0, 1));
  }
  // IRBuilder::CreateAggregateCast (LLVM 22): the value itself when the types match; structs and
  // arrays element by element into a poison aggregate; integers and pointers (or vectors of them)
  // by inttoptr / ptrtoint; else a bitcast.
  buildAggregateCast(v: i32, destTy: i32): i32 {
    let st = vType.get(v);
    if (st == destTy) return v;
    let isArr = <i32>tyKind.get(st) == TK.Array;
    if (isStruct(st) || isArr) {
      let result = getPoison(destTy);
      let n = <i32>memberCount(st);
      for (let i = 0; i < n; i++) {
        let e = this.buildAggregateCast(this.buildExtractValue(v, i), isArr ? tyA.get(destTy) : memberType(destTy, i));
        result = this.buildInsertValue(result, e, i);
      }
      return result;
    }
    let ss = scalarType(st), ds = scalarType(destTy);
    if (isVector(st) == isVector(destTy)) {
      if (isInt(ss) && isPtr(ds)) return this.buildCast(Op.IntToPtr, v, destTy);
      if (isPtr(ss) && isInt(ds)) return this.buildCast(Op.PtrToInt, v, destTy);
    }
    return this.buildCast(Op.BitCast, v, destTy);
  }
  buildExtractValue(agg: i32, idx: i32): i32 {
    let ops = this.ops;
    ops.clear(); ops.push(agg);
    let i = createInst(Op.ExtractValue, memberType(vType.get(agg), idx), ops, 0, 1);
    let s = ext.len; ext.push(1); ext.push(idx); iExt.set(i, s);
    return this.insert(i);
  }
  buildInsertValue(agg: i32, val: i32, idx: i32): i32 {
    let ops = this.ops;
    ops.clear(); ops.push(agg); ops.push(val);
    let i = createInst(Op.InsertValue, vType.get(agg), ops, 0, 2);
    let s = ext.len; ext.push(1); ext.push(idx); iExt.set(i, s);
    return this.insert(i);
  }
}

// The first use slot of `v` and the next slot (for walking use-lists: newest use first, as LLVM).
@inline export function firstUse(v: i32): i32 { return vFirstUse.get(v); }
@inline export function nextUse(slot: i32): i32 { return opNext.get(slot); }
@inline export function useUser(slot: i32): i32 { return opUser.get(slot); }
// Operand index of a use slot within its user.
@inline export function useOperandIndex(slot: i32): i32 { return slot - iOps.get(opUser.get(slot)); }
export { iMD, iDbg };
