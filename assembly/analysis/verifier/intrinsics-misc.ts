// The rest of Verifier::visitIntrinsicCall's per-intrinsic checks, entered once from intrinsics.ts
// for the intrinsics it does not handle itself: the frame intrinsics (llvm.localescape,
// llvm.localrecover, and verifyFrameRecoverIndices after the functions), llvm.coro.id's info,
// llvm.fptrunc.round, llvm.experimental.memset.pattern, the gcroot family, patchpoint with
// anyregcc, get.dynamic.area.offset, thread.pointer, reloc.none, the funclet bundle of intrinsics
// that may become calls, and verifyDeoptimizeCallingConvs after the module; the constrained,
// vector-predicated, preallocated and GC intrinsics in their own files.
import { strtab } from "../../ir/module";
import { tyKind, tyA, tyN, isVector, isPtr, isInt, scalarType, T_VOID, TK } from "../../ir/types";
import { typeIsSized, pointerSizeInBits, allocaAddrSpace, globalsAddrSpace } from "../../ir/datalayout";
import { VK, vKind, vType, vName, vParent, vA, vB, ext, iFlags, iOp, operand, numOperands } from "../../ir/values";
import {
  GK, gKind, gValue, gFlags, gLinkage, Linkage, gGC, gCC, gFirstBlock, gValueType, globalCount, GF_CONSTANT,
  GF_EXTERN_INIT, GF_ERASED, GOP_INIT, isDeclaration,
} from "../../ir/globals";
import { MK, mdKind, canonicalMD } from "../../ir/metadata";
import { Op, F_INALLOCA } from "../../ir/opcodes";
import { llvmVersion } from "../../ir/version";
import { callNumArgs, callNumBundles, callCC, bundleTag } from "../../ir/inst";
import { intLow64, isConstant } from "../../ir/constants";
import { vr } from "./state";
import { opOf, firstNonPhi, hasPersonality, isEHPadOp } from "./queries";
import { I32Vec, I64Vec } from "../../util/vec";
import { terminatorSuccessors, blockTerminator } from "../cfg";
import { strIdIs } from "./callsite";
import { isIntrinsicNamed } from "./intrinsics";
import { mdStringArg, ROUNDING_MODES, visitConstrainedFPIntrinsic, visitVPIntrinsic } from "./intrinsics-constrained-vp";
import { visitPreallocatedIntrinsic } from "./intrinsics-preallocated";
import { visitGCIntrinsic } from "./intrinsics-gc";

const CC_ANYREG = 13;

function arg(i: i32, k: i32): i32 { return k >= 0 && k < callNumArgs(i) ? operand(i, 1 + k) : -1; }
function isInstOf(v: i32, op: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.Inst && opOf(v) == op; }

// Value::stripPointerCasts: bitcasts, address-space casts and all-zero GEPs, as instructions or
// constant expressions (a bounded walk: unverified input may hold a cycle of instructions).
export function stripPointerCasts(v: i32): i32 {
  for (let steps = 0; steps < 1024 && v >= 0; steps++) {
    let k = <i32>vKind.get(v);
    if (k != VK.Inst && k != VK.ConstExpr) return v;
    let op = opOf(v);
    if (op == Op.GetElementPtr) {
      let n = numOperands(v);
      for (let j = 1; j < n; j++) if (!isZeroConst(operand(v, j))) return v;
    } else if (op != Op.BitCast && op != Op.AddrSpaceCast) return v;
    v = operand(v, 0);
  }
  return v;
}
function isZeroConst(c: i32): bool {
  if (c < 0) return false;
  let k = <i32>vKind.get(c);
  return k == VK.ConstZero || (k == VK.ConstInt && wordsZeroFrom(c, 0));
}
// The words of integer constant c from word j on are zero.
function wordsZeroFrom(c: i32, j: i32): bool {
  let s = vA.get(c), n = vB.get(c);
  for (; j < n; j++) if (ext.get(s + j) != 0) return false;
  return true;
}

// AllocaInst::isStaticAlloca: a constant count, in the entry block, not inalloca.
function isStaticAlloca(a: i32): bool {
  let n = operand(a, 0);
  if (n < 0 || <i32>vKind.get(n) != VK.ConstInt) return false;
  let b = vParent.get(a);
  return b >= 0 && b == gFirstBlock.get(vr.curFn) && (iFlags.get(a) & F_INALLOCA) == 0;
}
function hasGC(): bool { return gGC.get(vr.curFn) >= 0; }

// The checks of this file and the other intrinsic files for call i of intrinsic f.
export function visitMoreIntrinsics(i: i32, f: i32): void {
  let nm = vName.get(f);
  if (strtab.startsWithStr(nm, "llvm.experimental.")) {
    if (visitConstrainedFPIntrinsic(i, f) || visitGCIntrinsic(i, f) || visitVPIntrinsic(i, f)) return;
    if (isIntrinsicNamed(f, "llvm.experimental.memset.pattern")) {
      if (llvmVersion < 20) return; // (LLVM 19 has no such intrinsic)
      let v = arg(i, 1);
      if (v >= 0 && !typeIsSized(vType.get(v))) vr.bad("unsized types cannot be used as memset patterns", i);
      return;
    }
    if (isIntrinsicNamed(f, "llvm.experimental.patchpoint")) {
      if (callCC(i) == CC_ANYREG && !isSingleValue(vType.get(i))) vr.bad("patchpoint: invalid return type used with anyregcc", i);
      return;
    }
    return;
  }
  if (strtab.startsWithStr(nm, "llvm.vp.")) { visitVPIntrinsic(i, f); return; }
  if (strtab.startsWithStr(nm, "llvm.call.preallocated.")) { visitPreallocatedIntrinsic(i, f); return; }
  if (strtab.startsWithStr(nm, "llvm.objc.")) { checkFuncletToken(i, f); return; }
  if (strtab.startsWithStr(nm, "llvm.gc")) { visitGCIntrinsic(i, f); return; }
  if (isIntrinsicNamed(f, "llvm.localescape")) { checkLocalEscape(i); return; }
  if (isIntrinsicNamed(f, "llvm.localrecover")) { checkLocalRecover(i); return; }
  if (isIntrinsicNamed(f, "llvm.coro.id")) { checkCoroId(i); return; }
  if (isIntrinsicNamed(f, "llvm.fptrunc.round")) { checkFPTruncRound(i); return; }
  if (isIntrinsicNamed(f, "llvm.get.dynamic.area.offset")) {
    if (llvmVersion < 22) return;
    let t = vType.get(i);
    if (!(<i32>tyKind.get(t) == TK.Int && tyA.get(t) == pointerSizeInBits(allocaAddrSpace()))) {
      vr.bad("get_dynamic_area_offset result type must be scalar integer matching alloca address space width", i);
    }
    return;
  }
  if (isIntrinsicNamed(f, "llvm.thread.pointer")) {
    if (llvmVersion < 22) return;
    let t = vType.get(i);
    if (isPtr(t) && tyA.get(t) != globalsAddrSpace()) vr.bad("llvm.thread.pointer intrinsic return type must be for the globals address space", i);
    return;
  }
  if (isIntrinsicNamed(f, "llvm.reloc.none")) {
    if (llvmVersion >= 22 && mdStringArg(i, 0) < 0) vr.bad("llvm.reloc.none argument must be a metadata string", i);
    return;
  }
}

// Type::isSingleValueType: a scalar or a vector (not void, an aggregate, a label or metadata).
function isSingleValue(t: i32): bool {
  let k = <i32>tyKind.get(t);
  return (k >= TK.Half && k <= TK.PPCFP128) || k == TK.X86AMX || k == TK.X86MMX || k == TK.Int || k == TK.Ptr || isVector(t);
}

// LLVM 22: an llvm.assume with operand bundles has condition `i1 true` (checkAssume asks).
export function assumeConditionTrue(i: i32): bool {
  if (llvmVersion < 22 || callNumBundles(i) == 0) return true;
  let c = arg(i, 0);
  if (c >= 0 && <i32>vKind.get(c) == VK.ConstInt && intLow64(c) == 1) return true;
  vr.bad("assume with operand bundles must have i1 true condition", i);
  return false;
}

function checkLocalEscape(i: i32): void {
  let b = vParent.get(i);
  if (b != gFirstBlock.get(vr.curFn)) { vr.bad("llvm.localescape used outside of entry block", i); return; }
  if (vr.sawFrameEscape) { vr.bad("multiple calls to llvm.localescape in one function", i); return; }
  let n = callNumArgs(i);
  for (let k = 0; k < n; k++) {
    let a = arg(i, k);
    if (<i32>vKind.get(a) == VK.ConstNull) continue; // a placeholder
    let s = stripPointerCasts(a);
    if (!(isInstOf(s, Op.Alloca) && isStaticAlloca(s))) { vr.bad("llvm.localescape only accepts static allocas", i); return; }
  }
  let e = frameEscapeEntry(vr.curFn);
  vr.frameEscapes.set(e + 1, n);
  vr.sawFrameEscape = true;
}
// The index in vr.frameEscapes of function g's (g, escaped count, largest recovered index + 1).
function frameEscapeEntry(g: i32): i32 {
  let fe = vr.frameEscapes;
  for (let j = 0; j < fe.len; j += 3) if (fe.get(j) == g) return j;
  fe.push(g); fe.push(0); fe.push(0);
  return fe.len - 3;
}

function checkLocalRecover(i: i32): void {
  let fn = stripPointerCasts(arg(i, 0));
  if (fn < 0 || <i32>vKind.get(fn) != VK.Function || isDeclaration(vA.get(fn))) {
    vr.bad("llvm.localrecover first argument must be function defined in this module", i); return;
  }
  let idx = arg(i, 2);
  if (idx < 0 || <i32>vKind.get(idx) != VK.ConstInt) return;
  let lim: u64 = wordsZeroFrom(idx, 2) ? intLow64(idx) : 0xffffffff;
  if (lim > 0xffffffff) lim = 0xffffffff;
  let want = <u32>(lim + 1);
  let e = frameEscapeEntry(vA.get(fn));
  if (want > <u32>vr.frameEscapes.get(e + 2)) vr.frameEscapes.set(e + 2, <i32>want);
}
// Verifier::verifyFrameRecoverIndices, after all functions: each llvm.localrecover index is below
// the count its parent escaped.
export function verifyFrameRecoverIndices(): void {
  let fe = vr.frameEscapes;
  for (let j = 0; j < fe.len; j += 3) {
    if (<u32>fe.get(j + 2) > <u32>fe.get(j + 1)) {
      vr.bad("all indices passed to llvm.localrecover must be less than the number of arguments passed to llvm.localescape in the parent function", gValue.get(fe.get(j)));
    }
  }
  fe.clear();
}

// llvm.coro.id's info: null, or a constant global with a definitive struct or array initializer.
function checkCoroId(i: i32): void {
  let info = stripPointerCasts(arg(i, 3));
  if (info < 0 || <i32>vKind.get(info) == VK.ConstNull) return;
  let g = <i32>vKind.get(info) == VK.GlobalVar ? vA.get(info) : -1;
  if (g < 0 || (gFlags.get(g) & GF_CONSTANT) == 0 || !hasDefinitiveInitializer(g)) {
    vr.fail("info argument of llvm.coro.id must refer to an initialized constant"); return;
  }
  let init = operand(gValue.get(g), GOP_INIT);
  let k = init >= 0 ? <i32>vKind.get(init) : -1;
  if (!(k == VK.ConstStruct || (k == VK.ConstArray && !isDataArray(init)))) {
    vr.fail("info argument of llvm.coro.id must refer to either a struct or an array");
  }
}
// GlobalVariable::hasDefinitiveInitializer (by linkage; the SemanticInterposition flag is not read).
function hasDefinitiveInitializer(g: i32): bool {
  if (isDeclaration(g) || (gFlags.get(g) & GF_EXTERN_INIT) != 0) return false;
  let l = <i32>gLinkage.get(g);
  return !(l == Linkage.Weak || l == Linkage.LinkOnce || l == Linkage.Common || l == Linkage.ExternWeak);
}
// An array constant LLVM holds as a ConstantDataArray: simple integer or FP elements, all constants
// of those kinds.
function isDataArray(c: i32): bool {
  let t = vType.get(c), e = tyA.get(t);
  let ek = <i32>tyKind.get(e);
  let simple = ek == TK.Half || ek == TK.BFloat || ek == TK.Float || ek == TK.Double
    || (ek == TK.Int && (tyA.get(e) == 8 || tyA.get(e) == 16 || tyA.get(e) == 32 || tyA.get(e) == 64));
  if (!simple) return false;
  let n = numOperands(c);
  for (let j = 0; j < n; j++) {
    let k = <i32>vKind.get(operand(c, j));
    if (k != VK.ConstInt && k != VK.ConstFP) return false;
  }
  return true;
}

function checkFPTruncRound(i: i32): void {
  let a = arg(i, 1);
  if (a < 0 || <i32>vKind.get(a) != VK.MDValue) return; // (the signature requires metadata)
  let m = canonicalMD(vA.get(a));
  if (m < 0 || <i32>mdKind.get(m) != MK.String) {
    vr.fail("invalid value for llvm.fptrunc.round metadata operand (the operand should be a string)"); vr.wm(m); return;
  }
  let s = mdStringArg(i, 1);
  let known = false;
  for (let k = 1; k < ROUNDING_MODES.length; k++) if (strtab.eqStr(s, unchecked(ROUNDING_MODES[k]))) known = true;
  if (!known) vr.bad("unsupported rounding mode argument", i);
}

// In a function with a scoped EH personality, a call in a funclet of an intrinsic that may become a
// function call (IntrinsicInst::mayLowerToFunctionCall: the ObjC ARC runtime calls) carries a
// "funclet" bundle.
const LOWERED_TO_CALLS: string[] = [
  "autorelease", "autoreleasePoolPop", "autoreleasePoolPush", "autoreleaseReturnValue", "claimAutoreleasedReturnValue",
  "copyWeak", "destroyWeak", "initWeak", "loadWeak", "loadWeakRetained", "moveWeak", "release", "retain",
  "retainAutorelease", "retainAutoreleaseReturnValue", "retainAutoreleasedReturnValue", "retainBlock", "storeStrong",
  "storeWeak", "unsafeClaimAutoreleasedReturnValue", "retainedObject", "unretainedObject", "unretainedPointer",
  "retain.autorelease", "sync.enter", "sync.exit",
];
function checkFuncletToken(i: i32, f: i32): void {
  let nm = vName.get(f);
  let known = false;
  for (let k = 0; k < LOWERED_TO_CALLS.length; k++) {
    let s = "llvm.objc." + unchecked(LOWERED_TO_CALLS[k]);
    if (strtab.eqStr(nm, s)) { known = true; break; }
  }
  if (!known || !hasPersonality() || !scopedPersonality()) return;
  let nb = callNumBundles(i);
  for (let b = 0; b < nb; b++) if (strIdIs(bundleTag(i, b), "funclet")) return;
  if (inFuncletPad(vParent.get(i))) vr.bad("Missing funclet token on intrinsic call", i);
}
// isScopedEHPersonality(classifyEHPersonality(...)): MSVC C++ and SEH, CoreCLR, wasm C++.
function scopedPersonality(): bool {
  let p = stripPointerCasts(operand(vr.curFnValue, 0));
  let k = p >= 0 ? <i32>vKind.get(p) : -1;
  if (!(k == VK.Function || k == VK.GlobalVar || k == VK.Alias || k == VK.IFunc)) return false;
  if (<i32>tyKind.get(gValueType.get(vA.get(p))) != TK.Function) return false;
  let nm = vName.get(p);
  return strIdIs(nm, "__CxxFrameHandler3") || strIdIs(nm, "__C_specific_handler") || strIdIs(nm, "_except_handler3")
    || strIdIs(nm, "_except_handler4") || strIdIs(nm, "ProcessCLRException") || strIdIs(nm, "__gxx_wasm_personality_v0");
}
// Whether one of block b's funclet colours starts with a catchpad or cleanuppad (colorEHFunclets:
// from the entry, each EH pad block starts a colour its successors inherit; a catchret's successor
// takes the colour of its catchswitch's parent pad). Worked out per call: it is asked only for
// the calls above in functions with a scoped personality.
function inFuncletPad(b: i32): bool {
  let entry = gFirstBlock.get(vr.curFn);
  let work = new I32Vec(), seen = new I64Vec(), succs = new I32Vec();
  work.push(entry); work.push(entry);
  while (work.len > 0) {
    let color = work.pop(), at = work.pop();
    let head = firstNonPhi(at);
    if (head >= 0 && isEHPadOp(opOf(head))) color = at;
    let key = (<i64>at << 32) | <i64><u32>color;
    let dup = false;
    for (let j = 0; j < seen.len; j++) if (seen.get(j) == key) { dup = true; break; }
    if (dup) continue;
    seen.push(key);
    if (at == b && head >= 0 && color >= 0) {
      let ch = firstNonPhi(color);
      if (ch >= 0 && (opOf(ch) == Op.CatchPad || opOf(ch) == Op.CleanupPad)) return true;
    }
    let t = blockTerminator(at);
    if (t < 0) continue;
    let succColor = color;
    if (opOf(t) == Op.CatchRet) {
      let pad = operand(t, 0);
      let cs = pad >= 0 ? operand(pad, 0) : -1;
      let parent = cs >= 0 && <i32>vKind.get(cs) == VK.Inst ? operand(cs, 0) : -1;
      succColor = parent >= 0 && <i32>vKind.get(parent) == VK.Inst ? vParent.get(parent) : entry;
    }
    succs.clear();
    terminatorSuccessors(t, succs);
    for (let k = 0; k < succs.len; k++) { work.push(succs.get(k)); work.push(succColor); }
  }
  return false;
}

// Verifier::verifyDeoptimizeCallingConvs, after the module: all llvm.experimental.deoptimize
// declarations share the first one's calling convention.
export function verifyDeoptimizeCallingConvs(): void {
  let first = -1;
  let n = globalCount();
  for (let g = 0; g < n; g++) {
    if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0) continue;
    let f = gValue.get(g);
    // (the intrinsic by its name's prefix, as LLVM looks it up: any suffix, e.g. `.isVoid`)
    let nm = vName.get(f);
    if (!(strIdIs(nm, "llvm.experimental.deoptimize") || strtab.startsWithStr(nm, "llvm.experimental.deoptimize."))) continue;
    if (first < 0) { first = g; continue; }
    if (gCC.get(first) != gCC.get(g)) {
      vr.fail("All llvm.experimental.deoptimize declarations must have the same calling convention");
      vr.w(gValue.get(first)); vr.w(f);
    }
  }
}
