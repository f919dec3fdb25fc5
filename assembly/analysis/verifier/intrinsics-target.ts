// Per-intrinsic checks of calls (Verifier::visitIntrinsicCall) for the target intrinsics (aarch64 and
// arm exclusive loads/stores and prefetches, amdgcn, nvvm) and two target-independent ones that need
// more than types: the elementtype the preserve.*.access.index intrinsics require, and
// callbr.landingpad's place after its callbr. A failed check ends the call's checks, except where
// opt goes on (the calling-convention checks of cs.chain and set.inactive.chain.arg).
import { strtab } from "../../ir/module";
import { TK, tyKind, tyA, tyN, tyFlags, TF_VARARG, T_I1, T_I32, listLen, listAt } from "../../ir/types";
import { VK, vKind, vType, vName, vA, vParent, iNext, operand } from "../../ir/values";
import { gCC, gAttrs, gValueType, gFirstArg } from "../../ir/globals";
import { intLow64 } from "../../ir/constants";
import { MK, mdKind, canonicalMD } from "../../ir/metadata";
import { Op } from "../../ir/opcodes";
import { llvmVersion } from "../../ir/version";
import { callAttrs, callNumArgs, callNumIndirect, callFirstDest } from "../../ir/inst";
import { ATTR_KW, paramAttrs, setHasKind } from "../../ir/attributes";
import { blockTerminator } from "../cfg";
import { vr } from "./state";
import { opOf } from "./queries";
import { callParamHasAttr } from "./callsite";
import { isIntrinsicNamed } from "./intrinsics";

const ATTR_ELEMENTTYPE: i32 = ATTR_KW.indexOf("elementtype");
const ATTR_INREG: i32 = ATTR_KW.indexOf("inreg");
// CallingConv.h
const CC_AMDGPU_VS = 87, CC_AMDGPU_GS = 88, CC_AMDGPU_CS = 90, CC_AMDGPU_HS = 93, CC_AMDGPU_LS = 95,
  CC_AMDGPU_ES = 96, CC_AMDGPU_CS_CHAIN = 104, CC_AMDGPU_CS_CHAIN_PRESERVE = 105, CC_AMDGPU_GFX_WHOLE_WAVE = 124;

// The checks of this file for the call i of intrinsic f; false when f is none of these intrinsics.
export function visitTargetIntrinsic(i: i32, f: i32): bool {
  let nm = vName.get(f);
  if (strtab.startsWithStr(nm, "llvm.amdgcn.")) return visitAMDGPUIntrinsic(i, f);
  if (isIntrinsicNamed(f, "llvm.preserve.array.access.index") || isIntrinsicNamed(f, "llvm.preserve.struct.access.index") ||
      isIntrinsicNamed(f, "llvm.aarch64.ldaxr") || isIntrinsicNamed(f, "llvm.aarch64.ldxr") ||
      isIntrinsicNamed(f, "llvm.arm.ldaex") || isIntrinsicNamed(f, "llvm.arm.ldrex")) {
    if (!setHasKind(paramAttrs(callAttrs(i), 0), ATTR_ELEMENTTYPE)) vr.bad("Intrinsic requires elementtype attribute on first argument.", i);
    return true;
  }
  if (isIntrinsicNamed(f, "llvm.aarch64.stlxr") || isIntrinsicNamed(f, "llvm.aarch64.stxr") ||
      isIntrinsicNamed(f, "llvm.arm.stlex") || isIntrinsicNamed(f, "llvm.arm.strex")) {
    if (!setHasKind(paramAttrs(callAttrs(i), 1), ATTR_ELEMENTTYPE)) vr.bad("Intrinsic requires elementtype attribute on second argument.", i);
    return true;
  }
  if (isIntrinsicNamed(f, "llvm.aarch64.prefetch")) {
    if (argAtLeast(i, 1, 2)) vr.bad("write argument to llvm.aarch64.prefetch must be 0 or 1", i);
    else if (argAtLeast(i, 2, 4)) vr.bad("target argument to llvm.aarch64.prefetch must be 0-3", i);
    else if (argAtLeast(i, 3, 2)) vr.bad("stream argument to llvm.aarch64.prefetch must be 0 or 1", i);
    else if (argAtLeast(i, 4, 2)) vr.bad("isdata argument to llvm.aarch64.prefetch must be 0 or 1", i);
    return true;
  }
  if (llvmVersion >= 22 && isIntrinsicNamed(f, "llvm.aarch64.range.prefetch")) {
    if (argAtLeast(i, 1, 2)) vr.bad("write argument to llvm.aarch64.range.prefetch must be 0 or 1", i);
    else if (argAtLeast(i, 2, 2)) vr.bad("stream argument to llvm.aarch64.range.prefetch must be 0 or 1", i);
    return true;
  }
  if (isIntrinsicNamed(f, "llvm.callbr.landingpad")) { checkCallBrLandingPad(i); return true; }
  if (isIntrinsicNamed(f, "llvm.nvvm.setmaxnreg.inc.sync.aligned.u32") || isIntrinsicNamed(f, "llvm.nvvm.setmaxnreg.dec.sync.aligned.u32")) {
    let c = arg(i, 0);
    if (isConstInt(c) && (intLow64(c) & 0xffffffff) % 8 != 0) vr.fail("reg_count argument to nvvm.setmaxnreg must be in multiples of 8");
    return true;
  }
  return false;
}

function arg(i: i32, k: i32): i32 { return k < callNumArgs(i) ? operand(i, 1 + k) : -1; }
function isConstInt(v: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.ConstInt; }
// Argument k is a constant of at least `limit`.
function argAtLeast(i: i32, k: i32, limit: u64): bool { let c = arg(i, k); return isConstInt(c) && intLow64(c) >= limit; }
// Whether value v is a parameter with inreg on its function.
function isInRegArg(v: i32): bool {
  let fv = vParent.get(v);
  if (fv < 0) return false;
  let g = vA.get(fv);
  return setHasKind(paramAttrs(gAttrs.get(g), v - gFirstArg.get(g)), ATTR_INREG);
}
function isArg(v: i32): bool { return v >= 0 && <i32>vKind.get(v) == VK.Arg; }
function isFixedI32Vector(t: i32): bool { return <i32>tyKind.get(t) == TK.Vector && tyA.get(t) == T_I32; }

// callbr.landingpad(v): v is a callbr's result; the call opens a block whose one predecessor ends
// in a callbr that has the block among its indirect destinations.
function checkCallBrLandingPad(i: i32): void {
  let cbr = arg(i, 0);
  if (!(cbr >= 0 && <i32>vKind.get(cbr) == VK.Inst && opOf(cbr) == Op.CallBr)) { vr.bad("intrinstic requires callbr operand", i); return; }
  let cfg = vr.fa.cfg;
  let b = vr.curBlockNum;
  // BasicBlock::getUniquePredecessor: every edge in comes from one block
  let np = cfg.numPreds(b), pred = -1;
  for (let k = 0; k < np; k++) {
    let p = cfg.predAt(b, k);
    if (pred >= 0 && p != pred) { pred = -1; break; }
    pred = p;
  }
  if (pred < 0) { vr.bad("Intrinsic in block must have 1 unique predecessor", i); return; }
  let t = blockTerminator(cfg.block.get(pred));
  if (t < 0 || opOf(t) != Op.CallBr) { vr.bad("Intrinsic must have corresponding callbr in predecessor", i); return; }
  let first = callFirstDest(cbr) + 1, n = callNumIndirect(cbr), found = false;
  for (let k = 0; k < n; k++) if (operand(cbr, first + k) == vr.curBlock) { found = true; break; }
  if (!found) { vr.bad("Intrinsic's corresponding callbr must have intrinsic's parent basic block in indirect destination list", i); return; }
  if (vA.get(vr.curBlock) != i) vr.bad("No other instructions may proceed intrinsic", i);
}

function visitAMDGPUIntrinsic(i: i32, f: i32): bool {
  if (isIntrinsicNamed(f, "llvm.amdgcn.cs.chain")) { checkCsChain(i); return true; }
  if (isIntrinsicNamed(f, "llvm.amdgcn.set.inactive.chain.arg")) { checkSetInactiveChainArg(i); return true; }
  if (llvmVersion < 22) return false;
  if (isIntrinsicNamed(f, "llvm.amdgcn.init.exec.from.input")) {
    let a = arg(i, 0);
    if (!(isArg(a) && isInRegArg(a))) vr.bad("only inreg arguments to the parent function are valid as inputs to this intrinsic", i);
    return true;
  }
  if (isIntrinsicNamed(f, "llvm.amdgcn.call.whole.wave")) { checkCallWholeWave(i); return true; }
  if (isIntrinsicNamed(f, "llvm.amdgcn.s.prefetch.data")) {
    let p = arg(i, 0);
    if (p < 0 || <i32>tyKind.get(vType.get(p)) != TK.Ptr) return true;
    let as = tyA.get(vType.get(p));
    if (!(as == 0 || as == 1 || as == 4 || as > 9)) vr.fail("llvm.amdgcn.s.prefetch.data only supports global or constant memory");
    return true;
  }
  if (isIntrinsicNamed(f, "llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4") || isIntrinsicNamed(f, "llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4")) {
    checkScaledFormats(i, 0, 1, 3, 4, 5, 4, 6, 8, "invalid value for cbsz format", "invalid value for blgp format",
      "operand 0 must be 4, 6 or 8 element i32 vector", "operand 1 must be 4, 6 or 8 element i32 vector");
    return true;
  }
  if (isIntrinsicNamed(f, "llvm.amdgcn.wmma.f32.16x16x128.f8f6f4") || isIntrinsicNamed(f, "llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4") ||
      isIntrinsicNamed(f, "llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4")) {
    checkScaledFormats(i, 1, 3, 0, 2, 2, 8, 12, 16, "invalid value for matrix format", "invalid value for matrix format",
      "operand 1 must be 8, 12 or 16 element i32 vector", "operand 3 must be 8, 12 or 16 element i32 vector");
    return true;
  }
  if (strtab.startsWithStr(vName.get(f), "llvm.amdgcn.cooperative.atomic.")) { checkCooperativeAtomic(i); return true; }
  return false;
}

// cs.chain(callee, exec, sgpr args, vgpr args, flags, ...): called from a compute shader (LLVM 22:
// or another non-pixel shader stage), SGPR arguments inreg, VGPR ones not, unreachable after it
// (LLVM 22). A wrong calling convention is reported and the checks go on.
function checkCsChain(i: i32): void {
  let cc = gCC.get(vr.curFn);
  if (llvmVersion >= 22) {
    if (!(cc == CC_AMDGPU_CS || cc == CC_AMDGPU_CS_CHAIN || cc == CC_AMDGPU_CS_CHAIN_PRESERVE || cc == CC_AMDGPU_VS ||
          cc == CC_AMDGPU_GS || cc == CC_AMDGPU_HS || cc == CC_AMDGPU_ES || cc == CC_AMDGPU_LS)) {
      vr.bad("Intrinsic cannot be called from functions with this calling convention", i);
    }
  } else if (!(cc == CC_AMDGPU_CS || cc == CC_AMDGPU_CS_CHAIN || cc == CC_AMDGPU_CS_CHAIN_PRESERVE)) {
    vr.bad("Intrinsic can only be used from functions with the amdgpu_cs, amdgpu_cs_chain or amdgpu_cs_chain_preserve calling conventions", i);
  }
  if (!callParamHasAttr(i, 2, ATTR_INREG)) { vr.bad("SGPR arguments must have the `inreg` attribute", i); return; }
  if (callParamHasAttr(i, 3, ATTR_INREG)) { vr.bad("VGPR arguments must not have the `inreg` attribute", i); return; }
  if (llvmVersion < 22) return;
  let nx = iNext.get(i);
  let ok = nx >= 0 && (opOf(nx) == Op.Unreachable || (opOf(nx) == Op.Call && isIntrinsicNamed(operand(nx, 0), "llvm.amdgcn.unreachable")));
  if (!ok) vr.bad("llvm.amdgcn.cs.chain must be followed by unreachable", i);
}

// set.inactive.chain.arg(active, inactive): from a chain function; the inactive value a parameter
// that is not inreg (nor inreg at the call). A wrong calling convention is reported and the checks
// go on.
function checkSetInactiveChainArg(i: i32): void {
  let cc = gCC.get(vr.curFn);
  if (!(cc == CC_AMDGPU_CS_CHAIN || cc == CC_AMDGPU_CS_CHAIN_PRESERVE)) {
    vr.bad("Intrinsic can only be used from functions with the amdgpu_cs_chain or amdgpu_cs_chain_preserve calling conventions", i);
  }
  if (callParamHasAttr(i, 1, ATTR_INREG)) { vr.bad("Value for inactive lanes must not have the `inreg` attribute", i); return; }
  let a = arg(i, 1);
  if (!isArg(a)) { vr.bad("Value for inactive lanes must be a function argument", i); return; }
  if (isInRegArg(a)) vr.bad("Value for inactive lanes must be a VGPR function argument", i);
}

// call.whole.wave(callee, args...): a direct call of an amdgpu_gfx_whole_wave function that is not
// variadic, whose first parameter (the active mask) is i1 and the others match the arguments in
// type and inreg.
function checkCallWholeWave(i: i32): void {
  let callee = arg(i, 0);
  if (callee < 0 || <i32>vKind.get(callee) != VK.Function) { vr.bad("Indirect whole wave calls are not allowed", i); return; }
  let g = vA.get(callee), ft = gValueType.get(g);
  if (gCC.get(g) != CC_AMDGPU_GFX_WHOLE_WAVE) { vr.bad("Callee must have the amdgpu_gfx_whole_wave calling convention", i); return; }
  if ((tyFlags.get(ft) & TF_VARARG) != 0) { vr.bad("Variadic whole wave calls are not allowed", i); return; }
  let n = listLen(ft);
  if (callNumArgs(i) != n) { vr.bad("Call argument count must match callee argument count", i); return; }
  if (n == 0 || listAt(ft, 0) != T_I1) { vr.bad("Callee must have i1 as its first argument", i); return; }
  let fa = gAttrs.get(g);
  for (let k = 1; k < n; k++) {
    if (vType.get(arg(i, k)) != listAt(ft, k)) { vr.bad("Argument types must match", i); return; }
    if (callParamHasAttr(i, k, ATTR_INREG) != setHasKind(paramAttrs(fa, k), ATTR_INREG)) { vr.bad("Argument inreg attributes must match", i); return; }
  }
}

// The scaled MFMA and the f8f6f4 WMMA intrinsics: two format operands (fa, fb; 0-4), two source
// vectors (a, b) of fixed i32 vectors of n1, n2 or n3 elements, long enough for their format (8
// registers for formats 0-1 in MFMA, 16 in WMMA; 6 / 12 for 2-3; 4 / 8 for 4). The second length
// message shows operand `fbShown` (opt shows the op_sel operand for MFMA's blgp).
function checkScaledFormats(i: i32, a: i32, b: i32, fa: i32, fb: i32, fbShown: i32, n1: i64, n2: i64, n3: i64,
                            badA: string, badB: string, vecA: string, vecB: string): void {
  let ca = arg(i, fa), cb = arg(i, fb), va = arg(i, a), vb = arg(i, b);
  if (!isConstInt(ca) || !isConstInt(cb) || va < 0 || vb < 0) return;
  let fmtA = intLow64(ca), fmtB = intLow64(cb);
  if (fmtA > 4) { vr.bad(badA, i); vr.w(ca); return; }
  if (fmtB > 4) { vr.bad(badB, i); vr.w(cb); return; }
  let ta = vType.get(va), tb = vType.get(vb);
  if (!(isFixedI32Vector(ta) && (tyN.get(ta) == n1 || tyN.get(ta) == n2 || tyN.get(ta) == n3))) { vr.bad(vecA, i); vr.w(va); return; }
  if (!(isFixedI32Vector(tb) && (tyN.get(tb) == n1 || tyN.get(tb) == n2 || tyN.get(tb) == n3))) { vr.bad(vecB, i); vr.w(vb); return; }
  if (tyN.get(ta) < formatRegs(fmtA, n3)) { vr.bad("invalid vector type for format", i); vr.w(va); vr.w(ca); return; }
  if (tyN.get(tb) < formatRegs(fmtB, n3)) { vr.bad("invalid vector type for format", i); vr.w(vb); vr.w(arg(i, fbShown)); }
}
// The registers a format takes, for the intrinsic family whose widest source has `max` of them.
function formatRegs(fmt: u64, max: i64): i64 {
  if (fmt <= 1) return max;
  return fmt <= 3 ? max * 3 / 4 : max / 2;
}

// The cooperative atomic loads and stores: a flat or global pointer, a metadata string last.
function checkCooperativeAtomic(i: i32): void {
  let p = arg(i, 0), n = callNumArgs(i);
  if (p < 0 || n == 0) return;
  let pt = vType.get(p);
  if (<i32>tyKind.get(pt) == TK.Ptr && tyA.get(pt) > 1) { vr.bad("cooperative atomic intrinsics require a generic or global pointer", i); vr.w(p); return; }
  let last = arg(i, n - 1);
  let md = <i32>vKind.get(last) == VK.MDValue ? canonicalMD(vA.get(last)) : -1;
  if (md < 0 || <i32>mdKind.get(md) != MK.String) {
    vr.bad("cooperative atomic intrinsics require that the last argument is a metadata string", i); vr.w(last);
  }
}
