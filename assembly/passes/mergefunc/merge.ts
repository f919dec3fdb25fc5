// Merging two equal functions, as MergeFunctions.cpp: which one is kept (isFuncOrderCorrect),
// and how the other goes away: replace all uses, redirect direct callers, a tail-calling thunk,
// or an alias; when the kept function is interposable the body moves into a new private function
// and both names become thunks or aliases to it.
//
// What LLVM 22 does differently from LLVM 19 (llvmVersion >= 22):
//  - ODR functions (linkonce_odr, weak_odr) are kept before the others, and two ODR functions
//    also get the private copy; direct callers of an ODR name call the private copy;
//  - the private copy takes the kept function's comdat (the thunk under its name keeps it);
//  - a function that is discardable and unused is erased instead of becoming a thunk or alias,
//    also in the private-copy case;
//  - no thunk calls a kernel (amdgpu_kernel, ptx_kernel, spir_kernel), which cannot be called;
//  - thunk casts pass a value of the right type through untouched, take arrays apart element by
//    element as structs, and use ptrtoint / inttoptr between vectors of pointers and integers.
import { I32Vec } from "../../util/vec";
import {
  vKind, VK, vType, vName, iOp, iNext, vA, hasUses, operand, firstInst, lastInst, opUser, opNext, vFirstUse, iOps,
} from "../../ir/values";
import {
  gValue, gLinkage, gVisibility, gUnnamed, gFlags, gAddrSpace, gValueType, gComdat, gAlign, gCC, gAttrs,
  gFirstBlock, gFirstArg, gNumArgs, Linkage, GF_DSO_LOCAL,
} from "../../ir/globals";
import {
  T_VOID, tyA, tyFlags, tyKind, TK, TF_VARARG, listAt, isStruct, isInt, isPtr, memberCount, memberType, scalarType, isVector,
} from "../../ir/types";
import { getPoison } from "../../ir/constants";
import { Op, isCallLike } from "../../ir/opcodes";
import { MDK_TYPE, MDK_KCFI_TYPE } from "../../ir/metadata";
import { strtab } from "../../ir/module";
import { llvmVersion } from "../../ir/version";
import {
  createFunction, appendBlock, IRBuilder, copyFunctionAttributes, copyGlobalMetadataOfKind, createAlias, setLinkage,
  setVisibility, functionOfInst, isInterposableLinkage, isLocalLinkage, isDiscardableIfUnusedLinkage,
} from "../../ir/builder";
import { takeName, eraseGlobal, replaceAllUsesDeep, replaceUse } from "../../ir/edit";
import { FnTree } from "./fntree";
import { Handles } from "./handles";
import { PDIThunk } from "./pdi";
import { eraseGlobalNumber } from "./comparator-state";
import { LocalRanges } from "./hash";
import { MergeReport, HOW_REPLACED, HOW_ERASED, HOW_THUNK, HOW_ALIAS } from "./report";

// Merging, for one run: the options, the module's facts it asks about, what it did.
export class Merger {
  // Globals named in llvm.used / llvm.compiler.used (by global index).
  private used: I32Vec = new I32Vec(16);
  // Whether the module asks for semantic interposition (module flag "SemanticInterposition").
  semanticInterposition: bool = false;
  // Functions erased because they were merged into another, or whose every use went to it: the one
  // they became (the program repository records it, and `repo link` moves uses there again).
  private mergedInto: I32Vec = new I32Vec(16);
  // Functions whose body a merge rewrote in place (debug-info-preserving thunks).
  private changedBodies: I32Vec = new I32Vec(16);
  private args: I32Vec = new I32Vec(16);
  private thunkRet: i32 = -1;   // the return buildForwardingCall built

  // Options (-mergefunc-use-aliases, -mergefunc-preserve-debug-info); `builder` builds the thunks.
  constructor(private useAliases: bool, private preserveDebugInfo: bool, private tree: FnTree, private handles: Handles,
              private pdi: PDIThunk, private ranges: LocalRanges, private report: MergeReport, private builder: IRBuilder) {}

  markUsed(g: i32): void { let used = this.used; if (g >= used.len) used.resize(g + 1, 0); used.set(g, 1); }
  private isUsed(g: i32): bool { return g < this.used.len && this.used.get(g) != 0; }
  mergeTargetOf(g: i32): i32 { return g < this.mergedInto.len ? this.handles.resolveForward(this.mergedInto.get(g)) : -1; }
  private setMergedInto(g: i32, f: i32): void {
    if (g >= this.mergedInto.len) this.mergedInto.resize(g + 1, -1);
    this.mergedInto.set(g, f);
  }

  // ---- linkage questions ----

  isInterposable(g: i32): bool {
    if (isInterposableLinkage(<i32>gLinkage.get(g))) return true;
    return this.semanticInterposition && (gFlags.get(g) & GF_DSO_LOCAL) == 0;
  }
  // isFuncOrderCorrect: of two equal functions, which one is kept (F) and which merged away (G).
  isFuncOrderCorrect(f: i32, g: i32): bool {
    // LLVM 22: ODR before non-ODR (an ODR function may call a non-interposable other one, not
    // the other way round).
    if (llvmVersion >= 22 && isODR(f) != isODR(g)) return isODR(g);
    if (this.isInterposable(f) != this.isInterposable(g)) return !this.isInterposable(f);
    if (hasLocalLinkage(f) != hasLocalLinkage(g)) return !hasLocalLinkage(f);
    let nf = vName.get(gValue.get(f)), ng = vName.get(gValue.get(g));
    if (nf < 0) return true;         // "" <= anything
    if (ng < 0) return strtab.lenOf(nf) == 0;
    return strtab.compare(nf, ng) <= 0;
  }

  private canCreateAliasFor(f: i32): bool { return this.useAliases && hasGlobalUnnamedAddr(f); }

  // writeThunk: G becomes a new function with G's signature and name that tail-calls F.
  // With -mergefunc-preserve-debug-info, G itself becomes the thunk (pdi.ts).
  private writeThunk(f: i32, g: i32): void {
    if (this.preserveDebugInfo && gFirstBlock.get(g) >= 0) { this.writeThunkKeepingDebugInfo(f, g); return; }
    let ng = createFunction(gValueType.get(g), <i32>gLinkage.get(g), gAddrSpace.get(g), -1);
    gComdat.set(ng, gComdat.get(g));
    let bb = appendBlock(ng, -1);
    this.builder.setInsertPointAtEnd(bb);
    this.buildForwardingCall(f, g, ng);
    copyFunctionAttributes(ng, g);
    this.takePlaceOf(ng, g);
    eraseGlobal(g);
  }
  // Function nf takes old's place: its name, its !type and !kcfi_type metadata and every use.
  private takePlaceOf(nf: i32, old: i32): void {
    takeName(gValue.get(nf), gValue.get(old));
    copyGlobalMetadataOfKind(nf, old, MDK_TYPE);
    copyGlobalMetadataOfKind(nf, old, MDK_KCFI_TYPE);
    this.tree.removeUsers(gValue.get(old));
    replaceAllUsesDeep(gValue.get(old), gValue.get(nf));
    this.handles.setForward(old, nf);
  }

  // At the insertion point, the body of a thunk for G: the arguments of function `from` (the thunk)
  // cast to F's parameter types, a call of F (a tail call; musttail between swifttail functions) and
  // a return of its result cast to G's return type. Returns the call; the return is in thunkRet.
  private buildForwardingCall(f: i32, g: i32, from: i32): i32 {
    let fTy = gValueType.get(f);
    let args = this.args;
    args.clear();
    let b = this.builder;
    let n = gNumArgs.get(from);
    for (let i = 0; i < n; i++) args.push(createCast(b, gFirstArg.get(from) + i, listAt(fTy, i)));
    let tail = gCC.get(f) == CC_SWIFTTAIL && gCC.get(g) == CC_SWIFTTAIL ? 2 : 1;
    let ci = b.buildCall(fTy, gValue.get(f), args, 0, args.len, gAttrs.get(f), gCC.get(f), tail);
    let rt = tyA.get(gValueType.get(g));
    this.thunkRet = rt == T_VOID ? b.buildRet(-1) : b.buildRet(createCast(b, ci, rt));
    return ci;
  }

  private writeThunkKeepingDebugInfo(f: i32, g: i32): void {
    this.pdi.begin(g);
    let entry = gFirstBlock.get(g);
    let before = lastInst(entry);
    let ci = this.buildForwardingCall(f, g, g);
    this.pdi.adoptTrailing(before >= 0 ? iNext.get(before) : firstInst(entry));
    this.pdi.finish(g, ci, this.thunkRet);
    this.ranges.forget(g);
    this.markBodyChanged(g);
  }
  private markBodyChanged(g: i32): void {
    let changedBodies = this.changedBodies;
    if (g >= changedBodies.len) changedBodies.resize(g + 1, 0);
    changedBodies.set(g, 1);
    this.tree.forgetDetailHash(g);
  }
  // Whether a merge rewrote g's body in place.
  bodyChanged(g: i32): bool { return g < this.changedBodies.len && this.changedBodies.get(g) != 0; }

  // writeAlias: G becomes an alias to F.
  private writeAlias(f: i32, g: i32): void {
    let ga = createAlias(gValueType.get(g), gAddrSpace.get(g), <i32>gLinkage.get(g), -1, gValue.get(f));
    let fa = gAlign.get(f), ga2 = gAlign.get(g);
    gAlign.set(f, fa != 0 || ga2 != 0 ? max(fa < 1 ? 1 : fa, ga2 < 1 ? 1 : ga2) : 0);
    takeName(gValue.get(ga), gValue.get(g));
    setVisibility(ga, gVisibility.get(g));
    gUnnamed.set(ga, 1);
    this.tree.removeUsers(gValue.get(g));
    replaceAllUsesDeep(gValue.get(g), gValue.get(ga));
    eraseGlobal(g);
  }

  // writeThunkOrAlias: an alias when allowed, else a thunk when profitable; -1 when neither.
  // LLVM 22 (writeThunkOrAliasIfNeeded): a discardable, unused G is erased instead.
  private writeThunkOrAlias(f: i32, g: i32): i32 {
    if (llvmVersion >= 22 && isDiscardableIfUnusedLinkage(<i32>gLinkage.get(g)) && !isUsed22(gValue.get(g)) && !this.preserveDebugInfo) {
      this.setMergedInto(g, f);
      eraseGlobal(g);
      return HOW_ERASED;
    }
    if (this.canCreateAliasFor(g)) { this.writeAlias(f, g); return HOW_ALIAS; }
    if (canCreateThunkFor(f)) { this.writeThunk(f, g); return HOW_THUNK; }
    return -1;
  }

  // replaceDirectCallers: calls of `old` (as the callee) call `nw` instead; their functions are
  // taken out of the tree first.
  private replaceDirectCallers(old: i32, nw: i32): i32 {
    let ov = gValue.get(old), nv = gValue.get(nw);
    let count = 0;
    let s = vFirstUse.get(ov);
    while (s >= 0) {
      let next = opNext.get(s);
      let u = opUser.get(s);
      if (<i32>vKind.get(u) == VK.Inst && isCallLike(<i32>iOp.get(u)) && s == iOps.get(u)) {
        let fn = functionOfInst(u);
        if (fn >= 0) this.tree.remove(fn);
        replaceUse(s, nv);
        count++;
      }
      s = next;
    }
    return count;
  }

  // mergeTwoFunctions: F is kept, G goes away (or becomes a thunk or alias to F). (LLVM 19 makes
  // the private copy only for an interposable F; later versions also do it for two ODR functions.)
  mergeTwoFunctions(f: i32, g: i32): void {
    let v22 = llvmVersion >= 22;
    if (this.isInterposable(f) || (v22 && isODR(f) && isODR(g))) {
      // Both names become thunks (or aliases) to a new private copy of F's body.
      if (!canCreateThunkFor(f) && (!this.canCreateAliasFor(f) || !this.canCreateAliasFor(g))) return;
      let fName = vName.get(gValue.get(f)), gName = vName.get(gValue.get(g));
      let nf = createFunction(gValueType.get(f), <i32>gLinkage.get(f), gAddrSpace.get(f), -1);
      copyFunctionAttributes(nf, f);
      if (v22) { gComdat.set(nf, gComdat.get(f)); gComdat.set(f, -1); }
      this.takePlaceOf(nf, f);
      let redirected = 0;
      if (v22) {
        // Direct callers of an ODR name call the private copy.
        if (isODR(g)) redirected = this.replaceDirectCallers(g, f);
        if (isODR(f)) this.replaceDirectCallers(nf, f);
      }
      let nfAlign = gAlign.get(nf), gAlign0 = gAlign.get(g);
      let howG = this.writeThunkOrAlias(f, g);
      let howF = this.writeThunkOrAlias(f, nf);
      gAlign.set(f, nfAlign != 0 || gAlign0 != 0 ? max(nfAlign < 1 ? 1 : nfAlign, gAlign0 < 1 ? 1 : gAlign0) : 0);
      setLinkage(f, Linkage.Private);
      this.report.noteMerge(gName, fName, howG, redirected, true, g, f);
      this.report.noteMerge(fName, fName, howF, 0, true, nf, f);
      return;
    }
    let fName = vName.get(gValue.get(f)), gName = vName.get(gValue.get(g));
    let redirected = 0;
    let replaced = false;
    if (!this.isInterposable(g) && !this.preserveDebugInfo) {
      if (hasGlobalUnnamedAddr(g) && !this.isUsed(g)) {
        // G's address is not significant: replace it entirely.
        eraseGlobalNumber(g);
        this.tree.removeUsers(gValue.get(g));
        replaceAllUsesDeep(gValue.get(g), gValue.get(f));
        this.handles.setForward(g, f);
        replaced = true;
        // (a G that is kept has still lost its uses to F: the repository records that too)
        this.setMergedInto(g, f);
      } else {
        redirected = this.replaceDirectCallers(g, f);
      }
    }
    if (isDiscardableIfUnusedLinkage(<i32>gLinkage.get(g)) && !(llvmVersion >= 22 ? isUsed22(gValue.get(g)) : hasUses(gValue.get(g))) && !this.preserveDebugInfo) {
      this.setMergedInto(g, f);
      eraseGlobal(g);
      this.report.noteMerge(gName, fName, replaced ? HOW_REPLACED : HOW_ERASED, redirected, false, g, f);
      return;
    }
    let how = this.writeThunkOrAlias(f, g);
    if (how >= 0) this.report.noteMerge(gName, fName, how, redirected, false, g, f);
    else if (redirected > 0) this.report.noteRedirected(gName, fName, redirected, g, f);
  }
}

function hasLocalLinkage(g: i32): bool { return isLocalLinkage(<i32>gLinkage.get(g)); }
function hasGlobalUnnamedAddr(g: i32): bool { return gUnnamed.get(g) == 1; }
function isVarArg(g: i32): bool { return (tyFlags.get(gValueType.get(g)) & TF_VARARG) != 0; }
function isODR(g: i32): bool { let l = <i32>gLinkage.get(g); return l == Linkage.WeakODR || l == Linkage.LinkOnceODR; }

// Whether function value v has a use in LLVM 22, where a blockaddress names its block alone and
// is no user of the function (the arena keeps the function as its first operand).
function isUsed22(v: i32): bool {
  for (let s = vFirstUse.get(v); s >= 0; s = opNext.get(s)) if (<i32>vKind.get(opUser.get(s)) != VK.BlockAddress) return true;
  return false;
}

// ---- thunks and aliases ----

// Debug intrinsics and pseudo probes, which BasicBlock::sizeWithoutDebug does not count.
function isPseudoOrDebugCall(i: i32): bool {
  if (<i32>iOp.get(i) != Op.Call) return false;
  let c = operand(i, 0);
  if (c < 0 || <i32>vKind.get(c) != VK.Function) return false;
  let nm = vName.get(c);
  if (nm < 0) return false;
  return strtab.eqStr(nm, "llvm.pseudoprobe") || strtab.eqStr(nm, "llvm.dbg.value") || strtab.eqStr(nm, "llvm.dbg.declare") ||
    strtab.eqStr(nm, "llvm.dbg.assign") || strtab.eqStr(nm, "llvm.dbg.label");
}

// Calling conventions of kernels (CallingConv::PTX_Kernel, SPIR_KERNEL, AMDGPU_KERNEL): nothing
// may call them, so LLVM 22 writes no thunk calling one.
function isKernelCC(cc: i32): bool { return cc == 71 || cc == 76 || cc == 91; }

// canCreateThunkFor: not for varargs, nor for a single block of fewer than two instructions,
// nor (LLVM 22) for a kernel.
function canCreateThunkFor(f: i32): bool {
  if (isVarArg(f)) return false;
  if (llvmVersion >= 22 && isKernelCC(gCC.get(f))) return false;
  let b = gFirstBlock.get(f);
  if (b >= 0 && iNext.get(b) < 0) {
    let n = 0;
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) if (!isPseudoOrDebugCall(i)) n++;
    if (n < 2) return false;
  }
  return true;
}
// createCast: element by element for structs, inttoptr / ptrtoint between integers and pointers,
// else bitcast (nothing when the types are already equal). LLVM 22: a value of the destination
// type as it is, arrays element by element too, and vectors of integers and of pointers by
// inttoptr / ptrtoint. Built by `b` at its insertion point.
function createCast(b: IRBuilder, v: i32, destTy: i32): i32 {
  let st = vType.get(v);
  if (llvmVersion >= 22) return b.buildAggregateCast(v, destTy);
  if (isStruct(st)) {
    let result = getPoison(destTy);
    let n = <i32>memberCount(st);
    for (let i = 0; i < n; i++) {
      let e = createCast(b, b.buildExtractValue(v, i), memberType(destTy, i));
      result = b.buildInsertValue(result, e, i);
    }
    return result;
  }
  if (isInt(st) && isPtr(destTy)) return b.buildCast(Op.IntToPtr, v, destTy);
  if (isPtr(st) && isInt(destTy)) return b.buildCast(Op.PtrToInt, v, destTy);
  return b.buildCast(Op.BitCast, v, destTy);
}

const CC_SWIFTTAIL: i32 = 20;   // CallingConv::SwiftTail
