// The verifier's checks of a function: its signature and arguments, intrinsic declarations and
// their users, each block's terminator and phi entries against its predecessors; then the
// instructions of each block in order.
import { strtab } from "../../ir/module";
import { tyA, T_TOKEN, T_METADATA, T_X86AMX, T_VOID, listLen, listAt, isFirstClass, isStruct, isPtr, isInt } from "../../ir/types";
import {
  VK, vKind, vType, vName, vParent, vFirstUse, vA, vB, iNext, iDbg, operand, numOperands, opUser, opNext, iOps,
} from "../../ir/values";
import { gValue, gFirstBlock, gFirstArg, gNumArgs, gValueType, gLinkage, Linkage, gAttrs } from "../../ir/globals";
import { Op, isTerminator } from "../../ir/opcodes";
import { callFnType } from "../../ir/inst";
import { attrCount, hasPersonality, isBundleOperandOf, isIntrinsic, nameStarts, opOf } from "./queries";
import { sortI64 } from "../../util/sort";
import { has, Feature } from "../../ir/version";
import { vr } from "./state";
import { visitGlobalValue } from "./globals";
import { visitInst } from "./inst";
import { ATTR_SWIFTERROR, verifySwiftErrorValue } from "./swifterror";
import { paramAttrs, setHasKind } from "../../ir/attributes";
import { beginConvergence, verifyConvergence } from "./convergence";
import { verifyNoAliasScopeDecls } from "./intrinsics";
import { verifyFunctionMetadata, visitDeclarationMetadata, visitDefinitionMetadata } from "./md-attach";
import { badStructReturn, verifyFunctionAttributes } from "./attrs";
import { verifyFunctionLocations } from "./md-di-fnlocs";
import { verifySiblingFuncletUnwinds } from "./eh-funclets";

export function verifyFunction(g: i32): void {
  vr.enterFunction(g);
  vr.fnHasDebugInfo = false;
  let entry = gFirstBlock.get(g);
  if (entry >= 0) {
    for (let b = entry; b >= 0; b = iNext.get(b)) {
      let last = vB.get(b);
      if (last >= 0 && isTerminator(opOf(last))) continue;
      vr.setBroken();
      vr.out.str("Basic Block in function '");
      let nm = vName.get(vr.curFnValue);
      if (nm >= 0) vr.out.strId(strtab, nm);
      vr.out.str("' does not have terminator!\n");
      vr.w(b);
      return;
    }
    vr.fa.buildCFG(g);
    vr.fa.buildDomTree();
  }
  visitFunction(g);
  beginConvergence();
  for (let b = entry; b >= 0; b = iNext.get(b)) {
    visitBasicBlock(b);
    vr.enterBlock(b);
    let mark = vr.mark, stamp = vr.blockStamp;
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) { visitInst(i); mark.set(i, stamp); }
  }
  if (entry >= 0) { verifySiblingFuncletUnwinds(); verifyConvergence(); }
  verifyNoAliasScopeDecls();
}

function visitFunction(g: i32): void {
  let f = gValue.get(g);
  visitGlobalValue(g);
  let ft = gValueType.get(g);
  if (<i32>gLinkage.get(g) == Linkage.Common) { vr.bad("Functions may not have common linkage", f); return; }
  // Declarations the parser made for undeclared intrinsics have no argument values.
  let withArgs = gFirstBlock.get(g) >= 0 || gNumArgs.get(g) > 0;
  if (withArgs && listLen(ft) != gNumArgs.get(g)) { vr.bad("# formal arguments must match # of arguments for function type!", f); vr.wt(ft); return; }
  let ret = tyA.get(ft);
  if (!(isFirstClass(ret) || ret == T_VOID || isStruct(ret))) { vr.bad("Functions cannot return aggregate values!", f); return; }
  if (badStructReturn(g, ft)) { vr.bad("Invalid struct return type!", f); return; }
  if (attrCount(gAttrs.get(g)) > listLen(ft) + 2) { vr.bad("Attribute after last parameter!", f); return; }
  let intrinsic = nameStarts(f, "llvm.");
  let a0 = gFirstArg.get(g);
  let na = withArgs ? gNumArgs.get(g) : 0;
  if (!verifyFunctionAttributes(g, f, ft, intrinsic, a0, na)) return;
  for (let i = 0; i < na; i++) {
    let a = a0 + i, pt = listAt(ft, i), at = vType.get(a);
    if (at != pt) { vr.bad("Argument value does not match function argument type!", a); vr.wt(pt); return; }
    if (!isFirstClass(at)) { vr.bad("Function arguments must have first-class types!", a); return; }
    if (!intrinsic) {
      if (at == T_METADATA) { vr.bad("Function takes metadata but isn't an intrinsic", a); vr.w(f); return; }
      if (at == T_TOKEN) { vr.bad("Function takes token but isn't an intrinsic", a); vr.w(f); return; }
      if (at == T_X86AMX) { vr.bad("Function takes x86_amx but isn't an intrinsic", a); vr.w(f); return; }
    }
    if (setHasKind(paramAttrs(gAttrs.get(g), i), ATTR_SWIFTERROR)) verifySwiftErrorValue(a);
  }
  let rt = tyA.get(ft);
  if (!intrinsic) {
    if (rt == T_TOKEN) { vr.bad("Function returns a token but isn't an intrinsic", f); return; }
    if (rt == T_X86AMX) { vr.bad("Function returns a x86_amx but isn't an intrinsic", f); return; }
  }
  verifyFunctionMetadata(g);
  let entry = gFirstBlock.get(g);
  if (entry < 0) {
    if (!visitDeclarationMetadata(g)) return;
    if (hasPersonality()) { vr.bad("Function declaration shouldn't have a personality routine", f); return; }
  } else {
    if (intrinsic) { vr.bad("llvm intrinsics cannot be defined!", f); return; }
    if (vr.fa.cfg.numPreds(0) != 0) { vr.bad("Entry block to function must not have predecessors!", entry); return; }
    if (entryAddressUsed(entry)) { vr.bad("blockaddress may not be used with the entry block!", entry); return; }
    if (!visitDefinitionMetadata(g)) return;
  }
  if (intrinsic) {
    let u = intrinsicAddressTaken(f, ft);
    if (u >= 0) { vr.bad("Invalid user of intrinsic instruction!", u); return; }
    if (!verifyGCPointerIntrinsic(f, ft)) return;
  }
  verifyFunctionLocations(g);
}

// The declared signatures of llvm.experimental.gc.get.pointer.base and .offset.
function verifyGCPointerIntrinsic(f: i32, ft: i32): bool {
  let base = intrinsicNamed(f, "llvm.experimental.gc.get.pointer.base");
  if (!base && !intrinsicNamed(f, "llvm.experimental.gc.get.pointer.offset")) return true;
  if (listLen(ft) != 1) { vr.bad("wrong number of parameters", f); return false; }
  let rt = tyA.get(ft);
  if (base) {
    if (!isPtr(rt)) { vr.bad("gc.get.pointer.base must return a pointer", f); return false; }
    if (listAt(ft, 0) != rt) { vr.bad("gc.get.pointer.base operand and result must be of the same type", f); return false; }
  } else {
    if (!isPtr(listAt(ft, 0))) { vr.bad("gc.get.pointer.offset operand must be a pointer", f); return false; }
    if (!isInt(rt)) { vr.bad("gc.get.pointer.offset must return integer", f); return false; }
  }
  return true;
}
// The name is `name` or `name.<suffix>` (an overloaded intrinsic's mangled name).
function intrinsicNamed(f: i32, name: string): bool {
  let id = vName.get(f);
  if (!strtab.startsWithStr(id, name)) return false;
  let n = strtab.lenOf(id), m = name.length;
  return n == m || <i32>load<u8>(strtab.ptrOf(id) + <usize>m) == 46;
}

// Function::hasAddressTaken as the verifier asks it (assume-like calls and clang.arc.attachedcall
// operands ignored): the first user that takes the address, or -1.
function intrinsicAddressTaken(f: i32, ft: i32): i32 {
  for (let s = vFirstUse.get(f); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    let k = <i32>vKind.get(u);
    if (k == VK.BlockAddress) continue;
    if (k != VK.Inst || !(opOf(u) == Op.Call || opOf(u) == Op.Invoke || opOf(u) == Op.CallBr)) {
      if (k == VK.Dead) continue;
      // A constant nobody uses is not a user LLVM would see.
      if (k >= VK.ConstInt && k <= VK.PtrAuth && vFirstUse.get(u) < 0) continue;
      return u;
    }
    // an assume-like intrinsic call is no address use (IntrinsicInst: under LLVM 19 a call of the
    // intrinsic's own type, under 22 any call of it)
    let c = operand(u, 0);
    if (isAssumeLike(c) && <i32>vKind.get(c) == VK.Function && (has(Feature.IntrinsicInstAnyType) || gValueType.get(vA.get(c)) == callFnType(u))) continue;
    let idx = s - iOps.get(u);
    if (idx != 0 || callFnType(u) != ft) {
      if (isBundleOperandOf(u, idx, "clang.arc.attachedcall")) continue;
      return u;
    }
  }
  return -1;
}
// The entry block's blockaddress is used (Constant::isConstantUsed: by an instruction or global, or
// by a constant that is itself so used).
function entryAddressUsed(entry: i32): bool {
  for (let s = vFirstUse.get(entry); s >= 0; s = opNext.get(s)) {
    let ba = opUser.get(s);
    if (<i32>vKind.get(ba) == VK.BlockAddress && constantUsed(ba, 0)) return true;
  }
  return false;
}
function constantUsed(c: i32, depth: i32): bool {
  if (depth > 64) return true;
  for (let s = vFirstUse.get(c); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    let k = <i32>vKind.get(u);
    if (k == VK.Dead) continue;
    if (!(k >= VK.ConstInt && k <= VK.PtrAuth) || constantUsed(u, depth + 1)) return true;
  }
  return false;
}
function isAssumeLike(c: i32): bool {
  if (!isIntrinsic(c)) return false;
  return nameStarts(c, "llvm.assume") || nameStarts(c, "llvm.sideeffect") || nameStarts(c, "llvm.pseudoprobe") ||
    nameStarts(c, "llvm.dbg.") || nameStarts(c, "llvm.invariant.start") || nameStarts(c, "llvm.invariant.end") ||
    nameStarts(c, "llvm.lifetime.start") || nameStarts(c, "llvm.lifetime.end") ||
    nameStarts(c, "llvm.experimental.noalias.scope.decl") || nameStarts(c, "llvm.objectsize") ||
    nameStarts(c, "llvm.ptr.annotation") || nameStarts(c, "llvm.var.annotation");
}
function visitBasicBlock(b: i32): void {
  let first = vA.get(b);
  if (first < 0 || opOf(first) != Op.Phi) return;
  vr.preds.clear();
  for (let s = vFirstUse.get(b); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (<i32>vKind.get(u) == VK.Inst && isTerminator(opOf(u)) && vParent.get(u) >= 0) vr.preds.push(<i64>vParent.get(u));
  }
  sortI64(vr.preds.ptr, vr.preds.len);
  for (let pn = first; pn >= 0 && opOf(pn) == Op.Phi; pn = iNext.get(pn)) {
    let n = numOperands(pn) >> 1;
    if (n != vr.preds.len) { vr.bad("PHINode should have one entry for each predecessor of its parent basic block!", pn); return; }
    vr.pairs.clear();
    for (let k = 0; k < n; k++) vr.pairs.push((<i64>operand(pn, 2 * k + 1) << 32) | (<i64>operand(pn, 2 * k) & 0xffffffff));
    sortI64(vr.pairs.ptr, vr.pairs.len);
    for (let k = 0; k < n; k++) {
      let blk = <i32>(vr.pairs.get(k) >> 32), val = <i32>vr.pairs.get(k);
      if (k > 0) {
        let pblk = <i32>(vr.pairs.get(k - 1) >> 32), pval = <i32>vr.pairs.get(k - 1);
        if (blk == pblk && val != pval) {
          vr.bad("PHI node has multiple entries for the same basic block with different incoming values!", pn);
          vr.w(blk); vr.w(val); vr.w(pval); return;
        }
      }
      let pb = <i32>vr.preds.get(k);
      if (blk != pb) { vr.bad("PHI node entries do not match predecessors!", pn); vr.w(blk); vr.w(pb); return; }
    }
  }
}
