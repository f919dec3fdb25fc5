// The IR verifier (`-passes=verify`, and the CLI's check of its input and output), after LLVM 19's
// lib/IR/Verifier.cpp: the same checks in the same order, with the same message text, each
// followed by the values it concerns printed as opt prints them. A failed check ends the visit of
// that one thing (function, block or instruction) and verification goes on, so several messages
// may be reported, as opt does.
import { OutBuf } from "../util/outbuf";
import { I32Vec, I64Vec } from "../util/vec";
import { strtab } from "../ir/module";
import {
  TK, tyKind, tyA, tyN, tyFlags, T_VOID, T_I1, T_PTR, T_TOKEN, T_METADATA, T_X86AMX, TF_VARARG, listLen, listAt,
  isInt, isPtr, isFP, isVector, scalarType, isFirstClass, isAggregate, memberType, memberCount, elementType,
  primitiveSizeInBits,
} from "../ir/types";
import {
  VK, vKind, vType, vName, vParent, vFirstUse, vA, vB, iOp, iFlags, iExt, iNext, iPrev, operand, numOperands,
  opUser, opNext, opVal, iOps, valueCount,
} from "../ir/values";
import {
  GK, gKind, gValue, gFlags, GF_ERASED, GF_DEFINED, gFirstBlock, gFirstArg, gNumArgs, gValueType, gLinkage, Linkage,
  globalCount, GF_CONSTANT, gAttrs,
} from "../ir/globals";
import { Op, isTerminator, isBinary, isCast, F_ATOMIC, F_UNWIND_CALLER, F_CLEANUP, Ordering, RMW_NAMES, isFPRMW } from "../ir/opcodes";
import {
  ordering, predicate, callFnType, callAttrs, callNumArgs, callNumBundles, bundleTag, bundleNumOps, listCount, listItem,
} from "../ir/inst";
import { isNullValue } from "../ir/constants";
import { attrLists, ATTR_KW, paramAttrs, setHasKind } from "../ir/attributes";
import { printType } from "../text/printer-types";
import { printTypedValue } from "../text/printer-values";
import { numberForDiagnostics, numberFunction, printInstructionTo } from "../text/printer";
import { analyses } from "./context";

let out: OutBuf = new OutBuf();
let broken: bool = false;
let numbered: bool = false;
let numberedFn: i32 = -1;
// value id -> stamp: switch case constants (duplicates), and instructions already visited in the
// block being verified (blockStamp), which answers same-block dominance without numbering blocks.
// The two uses mark disjoint values, so one counter serves both.
let mark: I32Vec = new I32Vec();
let stamp: i32 = 0;
let blockStamp: i32 = 0;
let curBlock: i32 = -1;              // the block being verified
let curBlockNum: i32 = -1;           // its cfg.ts number
// global index -> (epoch << 1) | "name starts with llvm.", filled lazily per verification
let intrinsicCache: I32Vec = new I32Vec();
let epoch: i32 = 0;
// Whether some instruction may have a user that is erased or not in a block: only then are use
// lists walked for "Instruction referencing instruction not embedded in a basic block!".
let walkUsers: bool = true;
let pairs: I64Vec = new I64Vec();    // phi (block, value) pairs, sorted
let preds: I64Vec = new I64Vec();    // predecessor blocks, sorted
let curFn: i32 = -1;                 // global index of the function being verified
let curFnValue: i32 = -1;
let landingPadTy: i32 = -1;

export function resetVerifier(): void {
  out = new OutBuf(); mark = new I32Vec(); pairs = new I64Vec(); preds = new I64Vec(); intrinsicCache = new I32Vec();
  broken = false; numbered = false; numberedFn = -1; stamp = 0; blockStamp = 0; curBlock = -1; curBlockNum = -1; epoch = 0; walkUsers = true;
  curFn = -1; curFnValue = -1; landingPadTy = -1;
}
// The text of the last verification (empty when the module is well formed).
export function verifierOutput(): OutBuf { return out; }

// Verifies the whole module; false when it is broken (messages in verifierOutput()).
export function verifyModule(): bool {
  begin();
  walkUsers = hasDetachedUsers();
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0) continue;
    verifyFunction(g);
  }
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Var || (gFlags.get(g) & GF_ERASED) != 0) continue;
    visitGlobalVariable(g);
  }
  return !broken;
}

// Verifies one function (global index), as opt's function-level `verify` pass does.
export function verifyOneFunction(g: i32): bool {
  begin();
  walkUsers = true; // deciding it would cost a scan of the module per function
  verifyFunction(g);
  return !broken;
}

function begin(): void {
  out.clear(); broken = false; numbered = false; numberedFn = -1; epoch++;
  let n = valueCount();
  if (mark.len < n) mark.resize(n, 0);
  let ng = globalCount();
  if (intrinsicCache.len < ng) intrinsicCache.resize(ng, 0);
}

// True when an erased value or an instruction outside any block still holds a linked operand
// (use lists and operand slots agree, so only such operands can have such users).
function hasDetachedUsers(): bool {
  let n = valueCount();
  for (let u = 0; u < n; u++) {
    let k = <i32>vKind.get(u);
    if (k != VK.Dead && !(k == VK.Inst && vParent.get(u) < 0)) continue;
    let s = iOps.get(u), m = numOperands(u);
    for (let j = 0; j < m; j++) if (opVal.get(s + j) >= 0) return true;
  }
  return false;
}

// ---- writing messages (VerifierSupport::CheckFailed / Write) ----

function fail(msg: string): void { broken = true; out.str(msg); out.byte(10); }
function fnOf(v: i32): i32 {
  let k = <i32>vKind.get(v);
  if (k == VK.Inst) { let b = vParent.get(v); if (b < 0) return -1; v = b; k = VK.Block; }
  if (k == VK.Block || k == VK.Arg) { let f = vParent.get(v); return f >= 0 && <i32>vKind.get(f) == VK.Function ? vA.get(f) : -1; }
  return -1;
}
function prepare(v: i32): void {
  if (!numbered) { numberForDiagnostics(); numbered = true; numberedFn = -1; }
  let g = fnOf(v);
  if (g >= 0 && g != numberedFn) { numberFunction(g); numberedFn = g; }
}
// A value: instructions in full, others as a typed operand; each on its own line.
function w(v: i32): void {
  if (v < 0) return;
  prepare(v);
  if (<i32>vKind.get(v) == VK.Inst) printInstructionTo(out, v); else printTypedValue(out, v);
  out.byte(10);
}
// A type: a space and the type, no newline (as opt writes it).
function wt(t: i32): void { out.byte(32); printType(out, t); }
function bad(msg: string, v: i32): void { fail(msg); w(v); }

// ---- small type questions ----

function isIntOrIntVec(t: i32): bool { return isInt(scalarType(t)); }
function isFPOrFPVec(t: i32): bool { return isFP(scalarType(t)); }
function isPtrOrPtrVec(t: i32): bool { return isPtr(scalarType(t)); }
function sameCount(a: i32, b: i32): bool { return <i32>tyKind.get(a) == <i32>tyKind.get(b) && tyN.get(a) == tyN.get(b); }
// Type::getScalarSizeInBits.
function scalarBits(t: i32): i64 { return primitiveSizeInBits(scalarType(t)); }
function isSized(t: i32): bool {
  let k = <i32>tyKind.get(t);
  return !(k == TK.Void || k == TK.Label || k == TK.Metadata || k == TK.Token || k == TK.Function ||
    (k == TK.NamedStruct && (tyFlags.get(t) & 2) == 0));
}
function nameStarts(v: i32, prefix: string): bool { return strtab.startsWithStr(vName.get(v), prefix); }
function strIs(id: i32, s: string): bool {
  let n = s.length;
  if (id < 0 || strtab.lenOf(id) != n) return false;
  let p = strtab.ptrOf(id);
  for (let i = 0; i < n; i++) if (<i32>load<u8>(p + <usize>i) != s.charCodeAt(i)) return false;
  return true;
}
function isIntrinsic(v: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.Function && intrinsicFn(v); }
// nameStarts(f, "llvm.") for a function value, cached per global for this verification.
function intrinsicFn(f: i32): bool {
  let g = vA.get(f);
  if (g < 0 || g >= intrinsicCache.len) return nameStarts(f, "llvm.");
  let c = intrinsicCache.get(g);
  if ((c >> 1) == epoch) return (c & 1) != 0;
  let r = nameStarts(f, "llvm.");
  intrinsicCache.set(g, (epoch << 1) | (r ? 1 : 0));
  return r;
}
// The type of a value as an operand: inline asm is a pointer in LLVM (its column holds the asm's function type).
function operandType(v: i32): i32 { return <i32>vKind.get(v) == VK.InlineAsm ? T_PTR : vType.get(v); }
@inline function opOf(i: i32): i32 { return <i32>iOp.get(i); }
function isInstOp(v: i32, op: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.Inst && opOf(v) == op; }
function isEHPadOp(op: i32): bool { return op == Op.LandingPad || op == Op.CatchSwitch || op == Op.CatchPad || op == Op.CleanupPad; }
function firstNonPhi(b: i32): i32 {
  let i = vA.get(b);
  while (i >= 0 && opOf(i) == Op.Phi) i = iNext.get(i);
  return i;
}
function hasPersonality(): bool { return operand(curFnValue, 0) >= 0; }
// Normal / unwind destinations of an invoke (the last two operands).
function invokeNormal(i: i32): i32 { return operand(i, numOperands(i) - 2); }
function invokeUnwind(i: i32): i32 { return operand(i, numOperands(i) - 1); }

// Sets in an attribute list (function, return, then parameters; trailing empty sets dropped).
function attrCount(list: i32): i32 { return list < 0 ? 0 : attrLists.lenOf(list); }
const ATTR_IMMARG: i32 = ATTR_KW.indexOf("immarg");

// ---- functions ----

function verifyFunction(g: i32): void {
  curFn = g; curFnValue = gValue.get(g); landingPadTy = -1;
  let entry = gFirstBlock.get(g);
  if (entry >= 0) {
    for (let b = entry; b >= 0; b = iNext.get(b)) {
      let last = vB.get(b);
      if (last >= 0 && isTerminator(opOf(last))) continue;
      broken = true;
      out.str("Basic Block in function '");
      let nm = vName.get(curFnValue);
      if (nm >= 0) out.strId(strtab, nm);
      out.str("' does not have terminator!\n");
      w(b);
      return;
    }
    analyses().buildCFG(g);
    analyses().buildDomTree();
  }
  visitFunction(g);
  for (let b = entry; b >= 0; b = iNext.get(b)) {
    visitBasicBlock(b);
    blockStamp = ++stamp; curBlock = b; curBlockNum = analyses().cfg.blockNum.get(b);
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) { visitInst(i); mark.set(i, blockStamp); }
  }
}

function visitGlobalValue(g: i32): bool {
  let l = <i32>gLinkage.get(g);
  if ((gFlags.get(g) & GF_DEFINED) == 0 && l != Linkage.External && l != Linkage.ExternWeak) {
    bad("Global is external, but doesn't have external or weak linkage!", gValue.get(g)); return false;
  }
  if (l == Linkage.Appending && <i32>gKind.get(g) != GK.Var) { bad("Only global variables can have appending linkage!", gValue.get(g)); return false; }
  return true;
}

function visitFunction(g: i32): void {
  let f = gValue.get(g);
  visitGlobalValue(g);
  let ft = gValueType.get(g);
  if (<i32>gLinkage.get(g) == Linkage.Common) { bad("Functions may not have common linkage", f); return; }
  // Declarations the parser made for undeclared intrinsics have no argument values.
  let withArgs = gFirstBlock.get(g) >= 0 || gNumArgs.get(g) > 0;
  if (withArgs && listLen(ft) != gNumArgs.get(g)) { bad("# formal arguments must match # of arguments for function type!", f); wt(ft); return; }
  if (attrCount(gAttrs.get(g)) > listLen(ft) + 2) { bad("Attribute after last parameter!", f); return; }
  let intrinsic = nameStarts(f, "llvm.");
  let a0 = gFirstArg.get(g);
  let na = withArgs ? gNumArgs.get(g) : 0;
  for (let i = 0; i < na; i++) {
    let a = a0 + i, pt = listAt(ft, i), at = vType.get(a);
    if (at != pt) { bad("Argument value does not match function argument type!", a); wt(pt); return; }
    if (!isFirstClass(at)) { bad("Function arguments must have first-class types!", a); return; }
    if (!intrinsic) {
      if (at == T_METADATA) { bad("Function takes metadata but isn't an intrinsic", a); w(f); return; }
      if (at == T_TOKEN) { bad("Function takes token but isn't an intrinsic", a); w(f); return; }
      if (at == T_X86AMX) { bad("Function takes x86_amx but isn't an intrinsic", a); w(f); return; }
    }
  }
  let rt = tyA.get(ft);
  if (!intrinsic) {
    if (rt == T_TOKEN) { bad("Function returns a token but isn't an intrinsic", f); return; }
    if (rt == T_X86AMX) { bad("Function returns a x86_amx but isn't an intrinsic", f); return; }
  }
  let entry = gFirstBlock.get(g);
  if (entry < 0) {
    if (hasPersonality()) { bad("Function declaration shouldn't have a personality routine", f); return; }
  } else {
    if (intrinsic) { bad("llvm intrinsics cannot be defined!", f); return; }
    if (analyses().cfg.numPreds(0) != 0) { bad("Entry block to function must not have predecessors!", entry); return; }
  }
  if (intrinsic) {
    let u = intrinsicAddressTaken(f, ft);
    if (u >= 0) { bad("Invalid user of intrinsic instruction!", u); return; }
  }
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
    if (isAssumeLike(operand(u, 0))) continue;
    let idx = s - iOps.get(u);
    if (idx != 0 || callFnType(u) != ft) {
      if (isBundleOperandOf(u, idx, "clang.arc.attachedcall")) continue;
      return u;
    }
  }
  return -1;
}
function isAssumeLike(c: i32): bool {
  if (!isIntrinsic(c)) return false;
  return nameStarts(c, "llvm.assume") || nameStarts(c, "llvm.sideeffect") || nameStarts(c, "llvm.pseudoprobe") ||
    nameStarts(c, "llvm.dbg.") || nameStarts(c, "llvm.invariant.start") || nameStarts(c, "llvm.invariant.end") ||
    nameStarts(c, "llvm.lifetime.start") || nameStarts(c, "llvm.lifetime.end") ||
    nameStarts(c, "llvm.experimental.noalias.scope.decl") || nameStarts(c, "llvm.objectsize") ||
    nameStarts(c, "llvm.ptr.annotation") || nameStarts(c, "llvm.var.annotation");
}
function isBundleOperandOf(i: i32, idx: i32, tag: string): bool {
  let k = 1 + callNumArgs(i);
  for (let b = 0; b < callNumBundles(i); b++) {
    let m = bundleNumOps(i, b);
    if (idx >= k && k + m > idx) return strIs(bundleTag(i, b), tag);
    k += m;
  }
  return false;
}

// ---- blocks ----

function visitBasicBlock(b: i32): void {
  let first = vA.get(b);
  if (first < 0 || opOf(first) != Op.Phi) return;
  preds.clear();
  for (let s = vFirstUse.get(b); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (<i32>vKind.get(u) == VK.Inst && isTerminator(opOf(u)) && vParent.get(u) >= 0) preds.push(<i64>vParent.get(u));
  }
  sortI64(preds);
  for (let pn = first; pn >= 0 && opOf(pn) == Op.Phi; pn = iNext.get(pn)) {
    let n = numOperands(pn) >> 1;
    if (n != preds.len) { bad("PHINode should have one entry for each predecessor of its parent basic block!", pn); return; }
    pairs.clear();
    for (let k = 0; k < n; k++) pairs.push((<i64>operand(pn, 2 * k + 1) << 32) | (<i64>operand(pn, 2 * k) & 0xffffffff));
    sortI64(pairs);
    for (let k = 0; k < n; k++) {
      let blk = <i32>(pairs.get(k) >> 32), val = <i32>pairs.get(k);
      if (k > 0) {
        let pblk = <i32>(pairs.get(k - 1) >> 32), pval = <i32>pairs.get(k - 1);
        if (blk == pblk && val != pval) {
          bad("PHI node has multiple entries for the same basic block with different incoming values!", pn);
          w(blk); w(val); w(pval); return;
        }
      }
      let pb = <i32>preds.get(k);
      if (blk != pb) { bad("PHI node entries do not match predecessors!", pn); w(blk); w(pb); return; }
    }
  }
}

// In-place heapsort (phi entry lists can be long).
function sortI64(v: I64Vec): void {
  let n = v.len;
  for (let start = (n >> 1) - 1; start >= 0; start--) siftDown(v, start, n);
  for (let end = n - 1; end > 0; end--) {
    let t = v.get(0); v.set(0, v.get(end)); v.set(end, t);
    siftDown(v, 0, end);
  }
}
function siftDown(v: I64Vec, i: i32, n: i32): void {
  while (true) {
    let c = 2 * i + 1;
    if (c >= n) return;
    if (c + 1 < n && v.get(c + 1) > v.get(c)) c++;
    if (v.get(i) >= v.get(c)) return;
    let t = v.get(i); v.set(i, v.get(c)); v.set(c, t);
    i = c;
  }
}

// ---- instructions ----

function visitInst(i: i32): void {
  let n = numOperands(i);
  for (let k = 0; k < n; k++) if (operand(i, k) < 0) { bad("Operand is null", i); return; }
  let op = opOf(i);
  if (isBinary(op)) { visitBinary(i, op); return; }
  if (isCast(op)) { visitCast(i, op); return; }
  switch (op) {
    case Op.Phi: visitPhi(i); return;
    case Op.Call: visitCallBase(i); return;
    case Op.Invoke: {
      visitCallBase(i);
      let unwind = invokeUnwind(i);
      let pad = firstNonPhi(unwind);
      if (pad < 0 || !isEHPadOp(opOf(pad))) { bad("The unwind destination does not have an exception handling instruction!", i); return; }
      visitTerminator(i); return;
    }
    case Op.CallBr: {
      if (<i32>vKind.get(operand(i, 0)) != VK.InlineAsm) { bad("Callbr is currently only used for asm-goto!", i); return; }
      visitTerminator(i); return;
    }
    case Op.Ret: visitRet(i); return;
    case Op.Br: {
      if (n == 3 && vType.get(operand(i, 0)) != T_I1) { bad("Branch condition is not 'i1' type!", i); w(operand(i, 0)); return; }
      visitTerminator(i); return;
    }
    case Op.Switch: visitSwitch(i); return;
    case Op.IndirectBr: {
      if (!isPtr(vType.get(operand(i, 0)))) { bad("Indirectbr operand must have pointer type!", i); return; }
      visitTerminator(i); return;
    }
    case Op.Unreachable: visitTerminator(i); return;
    case Op.FNeg: {
      let t = vType.get(i);
      if (t != vType.get(operand(i, 0))) { bad("Unary operators must have same type foroperands and result!", i); return; }
      if (!isFPOrFPVec(t)) { bad("FNeg operator only works with float types!", i); return; }
      visitInstruction(i); return;
    }
    case Op.ICmp: case Op.FCmp: {
      let a = vType.get(operand(i, 0)), b = vType.get(operand(i, 1));
      let ic = op == Op.ICmp;
      if (a != b) { bad(ic ? "Both operands to ICmp instruction are not of the same type!" : "Both operands to FCmp instruction are not of the same type!", i); return; }
      if (ic && !(isIntOrIntVec(a) || isPtrOrPtrVec(a))) { bad("Invalid operand types for ICmp instruction", i); return; }
      if (!ic && !isFPOrFPVec(a)) { bad("Invalid operand types for FCmp instruction", i); return; }
      visitInstruction(i); return;
    }
    case Op.Select: visitSelect(i); return;
    case Op.ExtractElement: {
      let vt = vType.get(operand(i, 0));
      if (!isVector(vt) || !isInt(vType.get(operand(i, 1)))) { bad("Invalid extractelement operands!", i); return; }
      visitInstruction(i); return;
    }
    case Op.InsertElement: {
      let vt = vType.get(operand(i, 0));
      if (!isVector(vt) || vType.get(operand(i, 1)) != tyA.get(vt) || !isInt(vType.get(operand(i, 2)))) { bad("Invalid insertelement operands!", i); return; }
      visitInstruction(i); return;
    }
    case Op.ShuffleVector: {
      let vt = vType.get(operand(i, 0));
      if (!isVector(vt) || vType.get(operand(i, 1)) != vt) { bad("Invalid shufflevector operands!", i); return; }
      visitInstruction(i); return;
    }
    case Op.ExtractValue: {
      if (indexedType(vType.get(operand(i, 0)), i) != vType.get(i)) { bad("Invalid ExtractValueInst operands!", i); return; }
      visitInstruction(i); return;
    }
    case Op.InsertValue: {
      if (indexedType(vType.get(operand(i, 0)), i) != vType.get(operand(i, 1))) { bad("Invalid InsertValueInst operands!", i); return; }
      visitInstruction(i); return;
    }
    case Op.GetElementPtr: {
      if (!isPtr(scalarType(vType.get(operand(i, 0))))) { bad("GEP base pointer is not a vector or a vector of pointers", i); return; }
      if (!isSized(iExt.get(i))) { bad("GEP into unsized type!", i); return; }
      for (let k = 1; k < n; k++) if (!isIntOrIntVec(vType.get(operand(i, k)))) { bad("GEP indexes must be integers", i); return; }
      visitInstruction(i); return;
    }
    case Op.Load: {
      if (!isPtr(vType.get(operand(i, 0)))) { bad("Load operand must be a pointer.", i); return; }
      let t = vType.get(i);
      if (!isSized(t)) { bad("loading unsized types is not allowed", i); return; }
      if (iFlags.get(i) & F_ATOMIC) {
        let o = ordering(i);
        if (o == Ordering.Release || o == Ordering.AcqRel) { bad("Load cannot have Release ordering", i); return; }
        if (!(isInt(t) || isPtr(t) || isFP(t))) { fail("atomic load operand must have integer, pointer, or floating point type!"); wt(t); w(i); return; }
      } else if (iExt.get(i) >= 0) { bad("Non-atomic load cannot have SynchronizationScope specified", i); return; }
      visitInstruction(i); return;
    }
    case Op.Store: {
      if (!isPtr(vType.get(operand(i, 1)))) { bad("Store operand must be a pointer.", i); return; }
      let t = vType.get(operand(i, 0));
      if (!isSized(t)) { bad("storing unsized types is not allowed", i); return; }
      if (iFlags.get(i) & F_ATOMIC) {
        let o = ordering(i);
        if (o == Ordering.Acquire || o == Ordering.AcqRel) { bad("Store cannot have Acquire ordering", i); return; }
        if (!(isInt(t) || isPtr(t) || isFP(t))) { fail("atomic store operand must have integer, pointer, or floating point type!"); wt(t); w(i); return; }
      } else if (iExt.get(i) >= 0) { bad("Non-atomic store cannot have SynchronizationScope specified", i); return; }
      visitInstruction(i); return;
    }
    case Op.Alloca: {
      if (!isSized(iExt.get(i))) { bad("Cannot allocate unsized type", i); return; }
      if (!isInt(vType.get(operand(i, 0)))) { bad("Alloca array size must have integer type", i); return; }
      visitInstruction(i); return;
    }
    case Op.AtomicCmpXchg: {
      let t = vType.get(operand(i, 1));
      if (!(isInt(t) || isPtr(t))) { fail("cmpxchg operand must have integer or pointer type"); wt(t); w(i); return; }
      visitInstruction(i); return;
    }
    case Op.AtomicRMW: visitAtomicRMW(i); return;
    case Op.Fence: {
      let o = ordering(i);
      if (!(o == Ordering.Acquire || o == Ordering.Release || o == Ordering.AcqRel || o == Ordering.SeqCst)) {
        bad("fence instructions may only have acquire, release, acq_rel, or seq_cst ordering.", i); return;
      }
      visitInstruction(i); return;
    }
    case Op.LandingPad: visitLandingPad(i); return;
    case Op.Resume: {
      if (!hasPersonality()) { bad("ResumeInst needs to be in a function with a personality.", i); return; }
      let t = vType.get(operand(i, 0));
      if (landingPadTy < 0) landingPadTy = t;
      else if (landingPadTy != t) { bad("The resume instruction should have a consistent result type inside a function.", i); return; }
      visitTerminator(i); return;
    }
    case Op.CatchPad: case Op.CleanupPad: {
      let cp = op == Op.CatchPad;
      if (!hasPersonality()) { bad(cp ? "CatchPadInst needs to be in a function with a personality." : "CleanupPadInst needs to be in a function with a personality.", i); return; }
      let parent = operand(i, 0);
      if (cp && !isInstOp(parent, Op.CatchSwitch)) { bad("CatchPadInst needs to be directly nested in a CatchSwitchInst.", parent); return; }
      if (firstNonPhi(vParent.get(i)) != i) { bad(cp ? "CatchPadInst not the first non-PHI instruction in the block." : "CleanupPadInst not the first non-PHI instruction in the block.", i); return; }
      if (!cp && !(<i32>vKind.get(parent) == VK.ConstNone || isInstOp(parent, Op.CatchPad) || isInstOp(parent, Op.CleanupPad))) { bad("CleanupPadInst has an invalid parent.", i); return; }
      ehPadPredecessors(i);
      visitInstruction(i); return;
    }
    case Op.CatchSwitch: visitCatchSwitch(i); return;
    case Op.CatchRet: {
      if (!isInstOp(operand(i, 0), Op.CatchPad)) { bad("CatchReturnInst needs to be provided a CatchPad", i); w(operand(i, 0)); return; }
      visitTerminator(i); return;
    }
    case Op.CleanupRet: {
      if (!isInstOp(operand(i, 0), Op.CleanupPad)) { bad("CleanupReturnInst needs to be provided a CleanupPad", i); w(operand(i, 0)); return; }
      if (n > 1) {
        let p = firstNonPhi(operand(i, 1));
        if (p < 0 || !isEHPadOp(opOf(p)) || opOf(p) == Op.LandingPad) { bad("CleanupReturnInst must unwind to an EH block which is not a landingpad.", i); return; }
      }
      visitTerminator(i); return;
    }
    default: visitInstruction(i);
  }
}

function visitTerminator(i: i32): void {
  let b = vParent.get(i);
  if (vB.get(b) != i) { fail("Terminator found in the middle of a basic block!"); w(b); return; }
  visitInstruction(i);
}

function visitRet(i: i32): void {
  let rt = tyA.get(gValueType.get(curFn));
  let n = numOperands(i);
  if (rt == T_VOID) {
    if (n != 0) { bad("Found return instr that returns non-void in Function of void return type!", i); wt(rt); return; }
  } else if (n != 1 || vType.get(operand(i, 0)) != rt) {
    bad("Function return type does not match operand type of return inst!", i); wt(rt); return;
  }
  visitTerminator(i);
}

function visitSwitch(i: i32): void {
  let t = vType.get(operand(i, 0));
  let n = numOperands(i);
  stamp++;
  for (let k = 2; k + 1 < n; k += 2) {
    let c = operand(i, k);
    if (<i32>vKind.get(c) != VK.ConstInt) { bad("Case value is not a constant integer.", i); return; }
    if (vType.get(c) != t) { bad("Switch constants must all be same type as switch value!", i); return; }
    if (mark.get(c) == stamp) { bad("Duplicate integer as switch case", i); w(c); return; }
    mark.set(c, stamp);
  }
  visitTerminator(i);
}

function visitPhi(i: i32): void {
  let prev = iPrev.get(i);
  if (prev >= 0 && opOf(prev) != Op.Phi) { bad("PHI nodes not grouped at top of basic block!", i); w(vParent.get(i)); return; }
  let t = vType.get(i);
  if (t == T_TOKEN) { fail("PHI nodes cannot have token type!"); return; }
  let n = numOperands(i);
  for (let k = 0; k < n; k += 2) if (vType.get(operand(i, k)) != t) { bad("PHI node operands are not the same type as the result!", i); return; }
  visitInstruction(i);
}

function visitBinary(i: i32, op: i32): void {
  let t0 = vType.get(operand(i, 0));
  if (t0 != vType.get(operand(i, 1))) { bad("Both operands to a binary operator are not of the same type!", i); return; }
  let t = vType.get(i);
  if (op == Op.FAdd || op == Op.FSub || op == Op.FMul || op == Op.FDiv || op == Op.FRem) {
    if (!isFPOrFPVec(t)) { bad("Floating-point arithmetic operators only work with floating-point types!", i); return; }
    if (t != t0) { bad("Floating-point arithmetic operators must have same type for operands and result!", i); return; }
  } else if (op == Op.And || op == Op.Or || op == Op.Xor) {
    if (!isIntOrIntVec(t)) { bad("Logical operators only work with integral types!", i); return; }
    if (t != t0) { bad("Logical operators must have same type for operands and result!", i); return; }
  } else if (op == Op.Shl || op == Op.LShr || op == Op.AShr) {
    if (!isIntOrIntVec(t)) { bad("Shifts only work with integral types!", i); return; }
    if (t != t0) { bad("Shift return type must be same as operands!", i); return; }
  } else {
    if (!isIntOrIntVec(t)) { bad("Integer arithmetic operators only work with integral types!", i); return; }
    if (t != t0) { bad("Integer arithmetic operators must have same type for operands and result!", i); return; }
  }
  visitInstruction(i);
}

function visitCast(i: i32, op: i32): void {
  let s = vType.get(operand(i, 0)), d = vType.get(i);
  let sv = isVector(s), dv = isVector(d);
  let sb = scalarBits(s), db = scalarBits(d);
  switch (op) {
    case Op.Trunc: case Op.ZExt: case Op.SExt: {
      let nm = op == Op.Trunc ? "Trunc" : op == Op.ZExt ? "ZExt" : "SExt";
      if (!isIntOrIntVec(s)) { bad(nm + " only operates on integer", i); return; }
      if (!isIntOrIntVec(d)) { bad(op == Op.Trunc ? "Trunc only produces integer" : nm + " only produces an integer", i); return; }
      if (sv != dv) { bad(OP_LOWER(op) + " source and destination must both be a vector or neither", i); return; }
      if (op == Op.Trunc) { if (!(sb > db)) { bad("DestTy too big for Trunc", i); return; } }
      else if (!(db > sb)) { bad("Type too small for " + nm, i); return; }
      break;
    }
    case Op.FPTrunc: case Op.FPExt: {
      let nm = op == Op.FPTrunc ? "FPTrunc" : "FPExt";
      if (!isFPOrFPVec(s)) { bad(nm + " only operates on FP", i); return; }
      if (!isFPOrFPVec(d)) { bad(nm + " only produces an FP", i); return; }
      if (sv != dv) { bad(OP_LOWER(op) + " source and destination must both be a vector or neither", i); return; }
      if (op == Op.FPTrunc) { if (!(sb > db)) { bad("DestTy too big for FPTrunc", i); return; } }
      else if (!(db > sb)) { bad("DestTy too small for FPExt", i); return; }
      break;
    }
    case Op.UIToFP: case Op.SIToFP: case Op.FPToUI: case Op.FPToSI: {
      let nm = op == Op.UIToFP ? "UIToFP" : op == Op.SIToFP ? "SIToFP" : op == Op.FPToUI ? "FPToUI" : "FPToSI";
      let toFP = op == Op.UIToFP || op == Op.SIToFP;
      if (sv != dv) { bad(nm + " source and dest must both be vector or scalar", i); return; }
      if (toFP) {
        if (!isIntOrIntVec(s)) { bad(nm + " source must be integer or integer vector", i); return; }
        if (!isFPOrFPVec(d)) { bad(nm + " result must be FP or FP vector", i); return; }
      } else {
        if (!isFPOrFPVec(s)) { bad(nm + " source must be FP or FP vector", i); return; }
        if (!isIntOrIntVec(d)) { bad(nm + " result must be integer or integer vector", i); return; }
      }
      if (sv && dv && !sameCount(s, d)) { bad(nm + " source and dest vector length mismatch", i); return; }
      break;
    }
    case Op.PtrToInt: {
      if (!isPtrOrPtrVec(s)) { bad("PtrToInt source must be pointer", i); return; }
      if (!isIntOrIntVec(d)) { bad("PtrToInt result must be integral", i); return; }
      if (sv != dv) { bad("PtrToInt type mismatch", i); return; }
      if (sv && !sameCount(s, d)) { bad("PtrToInt Vector width mismatch", i); return; }
      break;
    }
    case Op.PtrToAddr: {
      if (!isPtrOrPtrVec(s)) { bad("PtrToAddr source must be pointer", i); return; }
      if (!isIntOrIntVec(d)) { bad("PtrToAddr result must be integral", i); return; }
      if (sv != dv) { bad("PtrToAddr type mismatch", i); return; }
      if (sv && !sameCount(s, d)) { bad("PtrToAddr Vector width mismatch", i); return; }
      break;
    }
    case Op.IntToPtr: {
      if (!isIntOrIntVec(s)) { bad("IntToPtr source must be an integral", i); return; }
      if (!isPtrOrPtrVec(d)) { bad("IntToPtr result must be a pointer", i); return; }
      if (sv != dv) { bad("IntToPtr type mismatch", i); return; }
      if (sv && !sameCount(s, d)) { bad("IntToPtr Vector width mismatch", i); return; }
      break;
    }
    case Op.BitCast: { if (!bitcastValid(s, d)) { bad("Invalid bitcast", i); return; } break; }
    case Op.AddrSpaceCast: {
      if (!isPtrOrPtrVec(s)) { bad("AddrSpaceCast source must be a pointer", i); return; }
      if (!isPtrOrPtrVec(d)) { bad("AddrSpaceCast result must be a pointer", i); return; }
      if (tyA.get(scalarType(s)) == tyA.get(scalarType(d))) { bad("AddrSpaceCast must be between different address spaces", i); return; }
      if (sv && !(dv && sameCount(s, d))) { bad("AddrSpaceCast vector pointer number of elements mismatch", i); return; }
      break;
    }
  }
  visitInstruction(i);
}
function OP_LOWER(op: i32): string {
  return op == Op.Trunc ? "trunc" : op == Op.ZExt ? "zext" : op == Op.SExt ? "sext" : op == Op.FPTrunc ? "fptrunc" : "fpext";
}
// CastInst::castIsValid for bitcast.
function bitcastValid(s: i32, d: i32): bool {
  if (!isFirstClass(s) || !isFirstClass(d) || isAggregate(s) || isAggregate(d)) return false;
  let sp = isPtr(scalarType(s)), dp = isPtr(scalarType(d));
  if (sp != dp) return false;
  let sv = isVector(s), dv = isVector(d);
  if (!sp) {
    if (sv && dv && (<i32>tyKind.get(s) == TK.ScalableVector) != (<i32>tyKind.get(d) == TK.ScalableVector)) return false;
    return primitiveSizeInBits(s) == primitiveSizeInBits(d);
  }
  if (tyA.get(scalarType(s)) != tyA.get(scalarType(d))) return false;
  if (sv && dv) return sameCount(s, d);
  if (sv) return <i32>tyKind.get(s) == TK.Vector && tyN.get(s) == 1;
  if (dv) return <i32>tyKind.get(d) == TK.Vector && tyN.get(d) == 1;
  return true;
}

function visitSelect(i: i32): void {
  let c = vType.get(operand(i, 0)), a = vType.get(operand(i, 1)), b = vType.get(operand(i, 2));
  let ok = a == b && a != T_TOKEN;
  if (ok) {
    if (isVector(c)) ok = tyA.get(c) == T_I1 && isVector(a) && sameCount(a, c);
    else ok = c == T_I1;
  }
  if (!ok) { bad("Invalid operands for select instruction!", i); return; }
  if (a != vType.get(i)) { bad("Select values must have same type as select instruction!", i); return; }
  visitInstruction(i);
}

// ExtractValueInst::getIndexedType over the instruction's index list; -1 when invalid.
function indexedType(t: i32, i: i32): i32 {
  let n = listCount(i);
  for (let k = 0; k < n; k++) {
    let kind = <i32>tyKind.get(t);
    if (!(kind == TK.Array || kind == TK.Struct || kind == TK.NamedStruct)) return -1;
    let idx = <u64>listItem(i, k) & 0xffffffff;
    if (idx >= <u64>memberCount(t)) return -1;
    t = memberType(t, <i32>idx);
  }
  return t;
}

function visitAtomicRMW(i: i32): void {
  if (ordering(i) == Ordering.Unordered) { bad("atomicrmw instructions cannot be unordered.", i); return; }
  let op = predicate(i);
  let t = vType.get(operand(i, 1));
  let nm = op < RMW_NAMES.length ? RMW_NAMES[op] : "";
  if (op == 0) {
    if (!(isInt(t) || isFP(t) || isPtr(t))) { bad("atomicrmw " + nm + " operand must have integer or floating point type!", i); wt(t); return; }
  } else if (isFPRMW(op)) {
    if (!(isFPOrFPVec(t) && <i32>tyKind.get(t) != TK.ScalableVector)) {
      bad("atomicrmw " + nm + " operand must have floating-point or fixed vector of floating-point type!", i); wt(t); return;
    }
  } else if (!isInt(t)) { bad("atomicrmw " + nm + " operand must have integer type!", i); wt(t); return; }
  visitInstruction(i);
}

// Verifier::visitEHPadPredecessors (its failed check ends only itself). The funclet-pad edge
// rules (cleanupret/catchswitch parents) are not checked.
function ehPadPredecessors(i: i32): void {
  let b = vParent.get(i);
  if (b == gFirstBlock.get(curFn)) { bad("EH pad cannot be in entry block.", i); return; }
  if (opOf(i) != Op.LandingPad) return;
  for (let s = vFirstUse.get(b); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (<i32>vKind.get(u) != VK.Inst || !isTerminator(opOf(u))) continue;
    if (!(opOf(u) == Op.Invoke && invokeUnwind(u) == b && invokeNormal(u) != b)) {
      bad("Block containing LandingPadInst must be jumped to only by the unwind edge of an invoke.", i); return;
    }
  }
}

function visitLandingPad(i: i32): void {
  if (listCount(i) == 0 && (iFlags.get(i) & F_CLEANUP) == 0) { bad("LandingPadInst needs at least one clause or to be a cleanup.", i); return; }
  ehPadPredecessors(i);
  let t = vType.get(i);
  if (landingPadTy < 0) landingPadTy = t;
  else if (landingPadTy != t) { bad("The landingpad instruction should have a consistent result type inside a function.", i); return; }
  if (!hasPersonality()) { bad("LandingPadInst needs to be in a function with a personality.", i); return; }
  if (firstNonPhi(vParent.get(i)) != i) { bad("LandingPadInst not the first non-PHI instruction in the block.", i); return; }
  let nc = listCount(i);
  for (let k = 0; k < nc; k++) {
    let c = operand(i, k);
    if (listItem(i, k) == 0) { if (!isPtr(vType.get(c))) { bad("Catch operand does not have pointer type!", i); return; } }
    else {
      let ck = <i32>vKind.get(c);
      if (!(ck == VK.ConstArray || ck == VK.ConstZero || ck == VK.ConstData)) { bad("Filter operand is not an array of constants!", i); return; }
    }
  }
  visitInstruction(i);
}

function visitCatchSwitch(i: i32): void {
  if (!hasPersonality()) { bad("CatchSwitchInst needs to be in a function with a personality.", i); return; }
  let b = vParent.get(i);
  if (firstNonPhi(b) != i) { bad("CatchSwitchInst not the first non-PHI instruction in the block.", i); return; }
  let parent = operand(i, 0);
  if (!(<i32>vKind.get(parent) == VK.ConstNone || isInstOp(parent, Op.CatchPad) || isInstOp(parent, Op.CleanupPad))) { bad("CatchSwitchInst has an invalid parent.", parent); return; }
  let n = numOperands(i);
  let hasUnwind = (iFlags.get(i) & F_UNWIND_CALLER) == 0;
  if (hasUnwind) {
    let p = firstNonPhi(operand(i, n - 1));
    if (p < 0 || !isEHPadOp(opOf(p)) || opOf(p) == Op.LandingPad) { bad("CatchSwitchInst must unwind to an EH block which is not a landingpad.", i); return; }
  }
  let nh = hasUnwind ? n - 2 : n - 1;
  if (nh == 0) { bad("CatchSwitchInst cannot have empty handler list", i); return; }
  for (let k = 0; k < nh; k++) {
    let h = operand(i, 1 + k);
    if (!isInstOp(firstNonPhi(h), Op.CatchPad)) { bad("CatchSwitchInst handlers must be catchpads", i); w(h); return; }
  }
  ehPadPredecessors(i);
  visitTerminator(i);
}

function visitCallBase(i: i32): void {
  let callee = operand(i, 0);
  if (!isPtr(operandType(callee))) { bad("Called function must be a pointer!", i); return; }
  let ft = callFnType(i);
  let np = listLen(ft), na = callNumArgs(i);
  if (tyFlags.get(ft) & TF_VARARG) {
    if (na < np) { bad("Called function requires more parameters than were provided!", i); return; }
  } else if (na != np) { bad("Incorrect number of arguments passed to called function!", i); return; }
  for (let k = 0; k < np; k++) {
    let a = operand(i, 1 + k);
    if (vType.get(a) != listAt(ft, k)) { fail("Call parameter type does not match function signature!"); w(a); wt(listAt(ft, k)); w(i); return; }
  }
  let ca = callAttrs(i);
  if (attrCount(ca) > na + 2) { bad("Attribute after last parameter!", i); return; }
  let intrinsic = isIntrinsic(callee);
  if (intrinsic && gValueType.get(vA.get(callee)) != ft) { bad("Intrinsic called with incompatible signature", i); return; }
  // immarg parameters (of the call site, or of a directly called function of this type) take constants
  let direct = <i32>vKind.get(callee) == VK.Function && gValueType.get(vA.get(callee)) == ft ? gAttrs.get(vA.get(callee)) : -1;
  for (let k = 0; k < np; k++) {
    if (!setHasKind(paramAttrs(ca, k), ATTR_IMMARG) && !setHasKind(paramAttrs(direct, k), ATTR_IMMARG)) continue;
    let a = operand(i, 1 + k);
    let ak = <i32>vKind.get(a);
    if (ak != VK.ConstInt && ak != VK.ConstFP) { fail("immarg operand has non-immediate parameter"); w(a); w(i); return; }
  }
  if (!intrinsic) {
    for (let k = 0; k < np; k++) {
      let pt = listAt(ft, k);
      if (pt == T_METADATA) { bad("Function has metadata parameter but isn't an intrinsic", i); return; }
      if (pt == T_TOKEN) { bad("Function has token parameter but isn't an intrinsic", i); return; }
    }
  }
  if (<i32>vKind.get(callee) != VK.Function) {
    if (tyA.get(ft) == T_TOKEN) { fail("Return type cannot be token for indirect call!"); return; }
    if (tyA.get(ft) == T_X86AMX) { fail("Return type cannot be x86_amx for indirect call!"); return; }
  }
  visitInstruction(i);
}

// Verifier::visitInstruction: checks every instruction shares, operand dominance last.
function visitInstruction(i: i32): void {
  let blockNum = analyses().cfg.blockNum, domTree = analyses().domTree;
  let op = opOf(i);
  let b = vParent.get(i);
  let t = vType.get(i);
  let n = numOperands(i);
  if (op != Op.Phi) {
    // a use of i by i is one of i's own operands
    let s0 = iOps.get(i);
    for (let k = 0; k < n; k++) {
      if (opVal.get(s0 + k) == i) { if (reachable(b)) { bad("Only PHI nodes may reference their own value!", i); return; } break; }
    }
  }
  if (t == T_VOID && vName.get(i) >= 0) { bad("Instruction has a name, but provides a void value!", i); return; }
  if (t != T_VOID && !isFirstClass(t)) { bad("Instruction returns a non-scalar type!", i); return; }
  if (t == T_METADATA && op != Op.Call && op != Op.Invoke) { bad("Invalid use of metadata!", i); return; }
  if (walkUsers) {
    for (let s = vFirstUse.get(i); s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      let uk = <i32>vKind.get(u);
      if (uk == VK.Dead || (uk == VK.Inst && vParent.get(u) < 0)) {
        bad("Instruction referencing instruction not embedded in a basic block!", i); w(u); return;
      }
    }
  }
  let callLike = op == Op.Call || op == Op.Invoke || op == Op.CallBr;
  let phi = op == Op.Phi;
  for (let k = 0; k < n; k++) {
    let v = operand(i, k);
    if (!isFirstClass(operandType(v))) { bad("Instruction operands must be first-class values!", i); return; }
    let vk = <i32>vKind.get(v);
    if (vk == VK.Inst && b == curBlock) {
      // the common cases, answered here: a def earlier in this block, or in a dominating block
      // (for a phi: a block dominating the incoming block)
      let db = vParent.get(v);
      if (phi) {
        if (db >= 0 && vParent.get(db) == curFnValue && !(iPrev.get(v) < 0 && vA.get(db) != v)) {
          let dop = opOf(v);
          let inc = operand(i, k | 1);
          if (dop != Op.Invoke && dop != Op.CallBr && inc >= 0 && <i32>vKind.get(inc) == VK.Block && vParent.get(inc) == curFnValue) {
            let un = blockNum.get(inc);
            if (db == inc || !domTree.inTree(un) || domTree.dominates(blockNum.get(db), un)) continue;
          }
        }
      } else if (db == b) {
        // (an invoke or callbr before i in its own block is a misplaced terminator: general path)
        if (mark.get(v) == blockStamp && opOf(v) != Op.Invoke && opOf(v) != Op.CallBr) continue;
      }
      else if (db >= 0 && vParent.get(db) == curFnValue && !(iPrev.get(v) < 0 && vA.get(db) != v)) {
        let dop = opOf(v);
        if (dop != Op.Invoke && dop != Op.CallBr) {
          let dn = blockNum.get(db);
          if (!domTree.inTree(curBlockNum) || domTree.dominates(dn, curBlockNum)) continue;
        }
      }
    }
    if (vk == VK.Function) {
      if (intrinsicFn(v)) {
        let attached = callLike && isBundleOperandOf(i, k, "clang.arc.attachedcall");
        if (!((callLike && k == 0) || attached)) { bad("Cannot take the address of an intrinsic!", i); return; }
        if (!(op == Op.Call || attached || invokableIntrinsic(v))) {
          bad("Cannot invoke an intrinsic other than donothing, patchpoint, statepoint, coro_resume, coro_destroy or clang.arc.attachedcall", i); return;
        }
      }
    } else if (vk == VK.Block) {
      if (vParent.get(v) != curFnValue) { bad("Referring to a basic block in another function!", i); return; }
    } else if (vk == VK.Arg) {
      if (vParent.get(v) != curFnValue) { bad("Referring to an argument in another function!", i); return; }
    } else if (vk == VK.Inst || vk == VK.Dead) {
      let db = vParent.get(v);
      // erased, unlinked (not in its block's list any more) or in another function
      let detached = vk == VK.Dead || db < 0 || (iPrev.get(v) < 0 && vA.get(db) != v);
      if (detached || vParent.get(db) != curFnValue) { bad("Referring to an instruction in another function!", i); return; }
      if (!verifyDominatesUse(i, k, v)) return;
    } else if (vk == VK.InlineAsm) {
      if (!(callLike && k == 0)) { bad("Cannot take the address of an inline asm!", i); return; }
    }
  }
}
function invokableIntrinsic(f: i32): bool {
  return nameStarts(f, "llvm.donothing") || nameStarts(f, "llvm.seh.") || nameStarts(f, "llvm.coro.resume") ||
    nameStarts(f, "llvm.coro.destroy") || nameStarts(f, "llvm.coro.await.suspend") || nameStarts(f, "llvm.experimental.patchpoint") ||
    nameStarts(f, "llvm.fake.use") || nameStarts(f, "llvm.experimental.gc.statepoint") || nameStarts(f, "llvm.wasm.rethrow");
}

// Verifier::verifyDominatesUse, with DominatorTree::dominates(Def, Use) (dominance.ts): false
// after reporting.
function verifyDominatesUse(i: i32, k: i32, def: i32): bool {
  if (opOf(def) == Op.Invoke && invokeNormal(def) == invokeUnwind(def)) return true;
  if (opOf(i) == Op.Phi) {
    // a phi entry naming a block of another function is reported elsewhere
    let inc = operand(i, k | 1);
    if (inc < 0 || <i32>vKind.get(inc) != VK.Block || vParent.get(inc) != curFnValue) return true;
  }
  if (analyses().dom.dominatesUse(analyses().domTree, def, iOps.get(i) + k)) return true;
  fail("Instruction does not dominate all uses!"); w(def); w(i);
  return false;
}
// A block of the function being verified reachable from its entry (blocks elsewhere count as reachable).
function reachable(b: i32): bool { return b < 0 || vParent.get(b) != curFnValue || analyses().domTree.inTree(analyses().cfg.blockNum.get(b)); }

// ---- globals ----

function visitGlobalVariable(g: i32): void {
  let v = gValue.get(g);
  let init = operand(v, 0);
  if (init >= 0 && (gFlags.get(g) & GF_DEFINED) != 0) {
    if (vType.get(init) != gValueType.get(g)) { bad("Global variable initializer type does not match global variable type!", v); return; }
    if (<i32>gLinkage.get(g) == Linkage.Common) {
      if (!isNullValue(init)) { bad("'common' global must have a zero initializer!", v); return; }
      if (gFlags.get(g) & GF_CONSTANT) { bad("'common' global may not be marked constant!", v); return; }
    }
  }
  if (<i32>gLinkage.get(g) == Linkage.Appending && <i32>tyKind.get(gValueType.get(g)) != TK.Array) {
    bad("Only global arrays can have appending linkage!", v); return;
  }
  visitGlobalValue(g);
}
