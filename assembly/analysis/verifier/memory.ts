// The verifier's checks of memory instructions: alloca, load, store, GEP, fence and atomics.
import { TK, tyKind, tyA, isInt, isPtr, isFP, isVector, scalarType } from "../../ir/types";
import { typeSizeInBits, containsTargetExtWithout, EXT_LOCAL } from "../../ir/datalayout";
import { strtab, targetTriple } from "../../ir/module";
import { llvmVersion } from "../../ir/version";
import { VK, vKind, vType, iFlags, iExt, operand, numOperands } from "../../ir/values";
import { F_ATOMIC, F_SWIFTERROR, Ordering, RMW_NAMES, isFPRMW } from "../../ir/opcodes";
import { intLow64 } from "../../ir/constants";
import { ordering, predicate } from "../../ir/inst";
import { vr } from "./state";
import { isFPOrFPVec, isIntOrIntVec, isSized } from "./queries";
import { visitInstruction } from "./instruction";
import { verifySwiftErrorAlloca } from "./attrs";

export function visitAtomicRMW(i: i32): void {
  if (ordering(i) == Ordering.Unordered) { vr.bad("atomicrmw instructions cannot be unordered.", i); return; }
  let op = predicate(i);
  let t = vType.get(operand(i, 1));
  let nm = op < RMW_NAMES.length ? RMW_NAMES[op] : "";
  if (op == 0) {
    if (!(isInt(t) || isFP(t) || isPtr(t))) { vr.bad("atomicrmw " + nm + " operand must have integer or floating point type!", i); vr.wt(t); return; }
  } else if (isFPRMW(op)) {
    if (!(isFPOrFPVec(t) && <i32>tyKind.get(t) != TK.ScalableVector)) {
      vr.bad("atomicrmw " + nm + " operand must have floating-point or fixed vector of floating-point type!", i); vr.wt(t); return;
    }
  } else if (!isInt(t)) { vr.bad("atomicrmw " + nm + " operand must have integer type!", i); vr.wt(t); return; }
  checkAtomicMemAccessSize(t, i);
  visitInstruction(i);
}

// The value types of atomic loads and stores: LLVM 22 adds vectors.
function atomicValueType(t: i32): bool { return isInt(t) || isPtr(t) || isFP(t) || (llvmVersion >= 22 && isVector(t)); }

// Verifier::checkAtomicMemAccessSize: a failure ends only this check (the instruction's own checks go on).
function checkAtomicMemAccessSize(t: i32, i: i32): void {
  let bits = typeSizeInBits(t);
  if (bits < 8) { vr.fail("atomic memory access' size must be byte-sized"); vr.wt(t); vr.w(i); return; }
  if ((bits & (bits - 1)) != 0) { vr.fail("atomic memory access' operand must have a power-of-two size"); vr.wt(t); vr.w(i); }
}

export function visitGEP(i: i32): void {
  let n = numOperands(i);
  if (!isPtr(scalarType(vType.get(operand(i, 0))))) { vr.bad("GEP base pointer is not a vector or a vector of pointers", i); return; }
  if (!isSized(iExt.get(i))) { vr.bad("GEP into unsized type!", i); return; }
  for (let k = 1; k < n; k++) if (!isIntOrIntVec(vType.get(operand(i, k)))) { vr.bad("GEP indexes must be integers", i); return; }
  visitInstruction(i);
}

export function visitLoad(i: i32): void {
  if (!isPtr(vType.get(operand(i, 0)))) { vr.bad("Load operand must be a pointer.", i); return; }
  let t = vType.get(i);
  if (!isSized(t)) { vr.bad("loading unsized types is not allowed", i); return; }
  if (iFlags.get(i) & F_ATOMIC) {
    let o = ordering(i);
    if (o == Ordering.Release || o == Ordering.AcqRel) { vr.bad("Load cannot have Release ordering", i); return; }
    if (!atomicValueType(t)) { vr.fail(llvmVersion >= 22 ? "atomic load operand must have integer, pointer, floating point, or vector type!" : "atomic load operand must have integer, pointer, or floating point type!"); vr.wt(t); vr.w(i); return; }
    checkAtomicMemAccessSize(t, i);
  } else if (iExt.get(i) >= 0) { vr.bad("Non-atomic load cannot have SynchronizationScope specified", i); return; }
  visitInstruction(i);
}

export function visitStore(i: i32): void {
  if (!isPtr(vType.get(operand(i, 1)))) { vr.bad("Store operand must be a pointer.", i); return; }
  let t = vType.get(operand(i, 0));
  if (!isSized(t)) { vr.bad("storing unsized types is not allowed", i); return; }
  if (iFlags.get(i) & F_ATOMIC) {
    let o = ordering(i);
    if (o == Ordering.Acquire || o == Ordering.AcqRel) { vr.bad("Store cannot have Acquire ordering", i); return; }
    if (!atomicValueType(t)) { vr.fail(llvmVersion >= 22 ? "atomic store operand must have integer, pointer, floating point, or vector type!" : "atomic store operand must have integer, pointer, or floating point type!"); vr.wt(t); vr.w(i); return; }
    checkAtomicMemAccessSize(t, i);
  } else if (iExt.get(i) >= 0) { vr.bad("Non-atomic store cannot have SynchronizationScope specified", i); return; }
  visitInstruction(i);
}

export function visitAlloca(i: i32): void {
  if (!isSized(iExt.get(i))) { vr.bad("Cannot allocate unsized type", i); return; }
  if (llvmVersion >= 22 && containsTargetExtWithout(iExt.get(i), EXT_LOCAL)) { vr.bad("Alloca has illegal target extension type", i); return; }
  if (!isInt(vType.get(operand(i, 0)))) { vr.bad("Alloca array size must have integer type", i); return; }
  if (!verifySwiftErrorAlloca(i)) return;
  // LLVM 22 checks AMDGPU's private address space
  if (llvmVersion >= 22 && targetTriple >= 0 && tyA.get(vType.get(i)) != 5 && (strtab.startsWithStr(targetTriple, "amdgcn-") ||
      strtab.startsWithStr(targetTriple, "r600-") || strtab.eqStr(targetTriple, "amdgcn") || strtab.eqStr(targetTriple, "r600"))) {
    vr.bad("alloca on amdgpu must be in addrspace(5)", i); return;
  }
  visitInstruction(i);
}

export function visitCmpXchg(i: i32): void {
  let t = vType.get(operand(i, 1));
  if (!(isInt(t) || isPtr(t))) { vr.fail("cmpxchg operand must have integer or pointer type"); vr.wt(t); vr.w(i); return; }
  checkAtomicMemAccessSize(t, i);
  visitInstruction(i);
}

export function visitFence(i: i32): void {
  let o = ordering(i);
  if (!(o == Ordering.Acquire || o == Ordering.Release || o == Ordering.AcqRel || o == Ordering.SeqCst)) {
    vr.bad("fence instructions may only have acquire, release, acq_rel, or seq_cst ordering.", i); return;
  }
  visitInstruction(i);
}
