// The verifier's checks of the constrained floating-point intrinsics
// (Verifier::visitConstrainedFPIntrinsic) and of the vector-predicated ones (visitVPIntrinsic):
// their metadata operands (exception behaviour, rounding mode, predicate) and the types of casts.
// Type kinds the intrinsic signature table already fixes are not checked again here.
import { strtab } from "../../ir/module";
import { tyKind, tyN, isVector, isInt, isPtr, isFP, scalarType, TK } from "../../ir/types";
import { VK, vKind, vType, vA, vName, operand } from "../../ir/values";
import { gAttrs } from "../../ir/globals";
import { MK, mdKind, mdA, canonicalMD } from "../../ir/metadata";
import { callNumArgs } from "../../ir/inst";
import { intLow64, intSExt64 } from "../../ir/constants";
import { ATTR_VSCALE, fnAttrs, setFind, setV0 } from "../../ir/attributes";
import { llvmVersion } from "../../ir/version";
import { vr } from "./state";
import { scalarBits } from "./queries";
import { isIntrinsicNamed } from "./intrinsics";

function arg(i: i32, k: i32): i32 { return k >= 0 && k < callNumArgs(i) ? operand(i, 1 + k) : -1; }

// The string id of a metadata-string argument (`metadata !"..."`), or -1.
export function mdStringArg(i: i32, k: i32): i32 {
  let a = arg(i, k);
  if (a < 0 || <i32>vKind.get(a) != VK.MDValue) return -1;
  let m = canonicalMD(vA.get(a));
  return m >= 0 && <i32>mdKind.get(m) == MK.String ? mdA.get(m) : -1;
}
function oneOf(s: i32, names: string[]): bool {
  if (s < 0) return false;
  for (let k = 0; k < names.length; k++) if (strtab.eqStr(s, unchecked(names[k]))) return true;
  return false;
}
const FP_PREDICATES: string[] = ["oeq", "ogt", "oge", "olt", "ole", "one", "ord", "uno", "ueq", "ugt", "uge", "ult", "ule", "une"];
const INT_PREDICATES: string[] = ["eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"];
const EXCEPTION_BEHAVIOURS: string[] = ["fpexcept.ignore", "fpexcept.maytrap", "fpexcept.strict"];
export const ROUNDING_MODES: string[] = [
  "round.dynamic", "round.tonearest", "round.downward", "round.upward", "round.towardzero", "round.tonearestaway",
];
// The constrained intrinsics without a rounding-mode operand (ConstrainedOps.def).
const NO_ROUNDING: string[] = [
  "fpext", "fptosi", "fptoui", "fcmp", "fcmps", "ceil", "floor", "lround", "llround", "maxnum", "minnum",
  "maximum", "minimum", "round", "roundeven", "trunc",
];
const CONSTRAINED = "llvm.experimental.constrained.";

// Whether the name of f, after `prefix`, is `op` followed by nothing or a '.'.
function opIs(f: i32, prefix: i32, op: string): bool {
  let nm = vName.get(f);
  let n = strtab.lenOf(nm), m = op.length;
  if (n < prefix + m) return false;
  let p = strtab.ptrOf(nm) + <usize>prefix;
  for (let k = 0; k < m; k++) if (<i32>load<u8>(p + <usize>k) != op.charCodeAt(k)) return false;
  return n == prefix + m || <i32>load<u8>(p + <usize>m) == 46;
}

// Verifier::visitConstrainedFPIntrinsic for call i of f, a llvm.experimental.constrained.* intrinsic.
export function visitConstrainedFPIntrinsic(i: i32, f: i32): bool {
  if (!strtab.startsWithStr(vName.get(f), CONSTRAINED)) return false;
  let at = CONSTRAINED.length;
  let src = arg(i, 0);
  if (src < 0) return true;
  let st = vType.get(src), rt = vType.get(i);
  if (opIs(f, at, "lrint") || opIs(f, at, "llrint") || opIs(f, at, "lround") || opIs(f, at, "llround")) {
    if (isVector(st) || isVector(rt)) { vr.bad("Intrinsic does not support vectors", i); return true; }
  } else if (opIs(f, at, "fcmp") || opIs(f, at, "fcmps")) {
    if (!oneOf(mdStringArg(i, 2), FP_PREDICATES)) { vr.bad("invalid predicate for constrained FP comparison intrinsic", i); return true; }
  } else if (opIs(f, at, "fptosi") || opIs(f, at, "fptoui") || opIs(f, at, "sitofp") || opIs(f, at, "uitofp")
    || opIs(f, at, "fptrunc") || opIs(f, at, "fpext")) {
    // (the operand and result kinds are fixed by the signature table)
    if (isVector(st) != isVector(rt)) { vr.bad("Intrinsic first argument and result disagree on vector use", i); return true; }
    if (isVector(st) && !(tyN.get(st) == tyN.get(rt) && tyKind.get(st) == tyKind.get(rt))) {
      vr.bad("Intrinsic first argument and result vector lengths must be equal", i); return true;
    }
    if (opIs(f, at, "fptrunc") && !(scalarBits(st) > scalarBits(rt))) {
      vr.bad("Intrinsic first argument's type must be larger than result type", i); return true;
    }
    if (opIs(f, at, "fpext") && !(scalarBits(st) < scalarBits(rt))) {
      vr.bad("Intrinsic first argument's type must be smaller than result type", i); return true;
    }
  }
  let n = callNumArgs(i);
  if (!oneOf(mdStringArg(i, n - 1), EXCEPTION_BEHAVIOURS)) { vr.bad("invalid exception behavior argument", i); return true; }
  let rounding = true;
  for (let k = 0; k < NO_ROUNDING.length; k++) if (opIs(f, at, unchecked(NO_ROUNDING[k]))) { rounding = false; break; }
  if (rounding && !oneOf(mdStringArg(i, n - 2), ROUNDING_MODES)) vr.bad("invalid rounding mode argument", i);
  return true;
}

const VP = "llvm.vp.";
// Verifier::visitVPIntrinsic for call i of f (any intrinsic: false when it is not one this checks).
export function visitVPIntrinsic(i: i32, f: i32): bool {
  if (isIntrinsicNamed(f, "llvm.experimental.vp.splice")) { checkVPSplice(i); return true; }
  if (!strtab.startsWithStr(vName.get(f), VP)) return false;
  let at = VP.length;
  if (opIs(f, at, "fcmp")) {
    if (!oneOf(mdStringArg(i, 2), FP_PREDICATES)) vr.bad("invalid predicate for VP FP comparison intrinsic", i);
    return true;
  }
  if (opIs(f, at, "icmp")) {
    if (!oneOf(mdStringArg(i, 2), INT_PREDICATES)) vr.bad("invalid predicate for VP integer comparison intrinsic", i);
    return true;
  }
  if (isIntrinsicNamed(f, "llvm.vp.is.fpclass")) {
    let c = arg(i, 1);
    if (c >= 0 && <i32>vKind.get(c) == VK.ConstInt && (intLow64(c) & ~<u64>0x3ff) != 0) vr.fail("unsupported bits for llvm.vp.is.fpclass test mask");
    return true;
  }
  let trunc = opIs(f, at, "trunc"), ext = opIs(f, at, "zext") || opIs(f, at, "sext");
  let toInt = opIs(f, at, "fptoui") || opIs(f, at, "fptosi") || opIs(f, at, "lrint") || opIs(f, at, "llrint");
  let toFP = opIs(f, at, "uitofp") || opIs(f, at, "sitofp");
  let fptrunc = opIs(f, at, "fptrunc"), fpext = opIs(f, at, "fpext");
  let p2i = opIs(f, at, "ptrtoint"), i2p = opIs(f, at, "inttoptr");
  if (!(trunc || ext || toInt || toFP || fptrunc || fpext || p2i || i2p)) return false;
  let src = arg(i, 0);
  if (src < 0) return true;
  let st = vType.get(src), rt = vType.get(i);
  if (!isVector(st) || !isVector(rt)) return true;
  if (!(tyN.get(st) == tyN.get(rt) && tyKind.get(st) == tyKind.get(rt))) {
    vr.bad("VP cast intrinsic first argument and result vector lengths must be equal", i); return true;
  }
  let se = scalarType(st), re = scalarType(rt);
  let sb = scalarBits(st), rb = scalarBits(rt);
  if (trunc) {
    if (!(isInt(re) && isInt(se))) { vr.bad("llvm.vp.trunc intrinsic first argument and result element type must be integer", i); return true; }
    if (!(rb < sb)) vr.bad("llvm.vp.trunc intrinsic the bit size of first argument must be larger than the bit size of the return type", i);
  } else if (ext) {
    if (!(isInt(re) && isInt(se))) { vr.bad("llvm.vp.zext or llvm.vp.sext intrinsic first argument and result element type must be integer", i); return true; }
    if (!(rb > sb)) vr.bad("llvm.vp.zext or llvm.vp.sext intrinsic the bit size of first argument must be smaller than the bit size of the return type", i);
  } else if (toInt) {
    if (!(isInt(re) && isFP(se))) {
      vr.bad("llvm.vp.fptoui, llvm.vp.fptosi, llvm.vp.lrint or llvm.vp.llrint" + "intrinsic first argument element type must be floating-point and result element type must be integer", i);
    }
  } else if (toFP) {
    if (!(isFP(re) && isInt(se))) {
      vr.bad("llvm.vp.uitofp or llvm.vp.sitofp intrinsic first argument element type must be integer and result element type must be floating-point", i);
    }
  } else if (fptrunc) {
    if (!(isFP(re) && isFP(se))) { vr.bad("llvm.vp.fptrunc intrinsic first argument and result element type must be floating-point", i); return true; }
    if (!(rb < sb)) vr.bad("llvm.vp.fptrunc intrinsic the bit size of first argument must be larger than the bit size of the return type", i);
  } else if (fpext) {
    if (!(isFP(re) && isFP(se))) { vr.bad("llvm.vp.fpext intrinsic first argument and result element type must be floating-point", i); return true; }
    if (!(rb > sb)) vr.bad("llvm.vp.fpext intrinsic the bit size of first argument must be smaller than the bit size of the return type", i);
  } else if (p2i) {
    if (!(isInt(re) && isPtr(se))) vr.bad("llvm.vp.ptrtoint intrinsic first argument element type must be pointer and result element type must be integer", i);
  } else if (!(isPtr(re) && isInt(se))) {
    vr.bad("llvm.vp.inttoptr intrinsic first argument element type must be integer and result element type must be pointer", i);
  }
  return true;
}

// LLVM 22: experimental.vp.splice's index within [-VL, VL-1], VL the known minimum length (times
// the function's minimum vscale).
function checkVPSplice(i: i32): void {
  if (llvmVersion < 22) return;
  let t = vType.get(i), c = arg(i, 2);
  if (!isVector(t) || c < 0 || <i32>vKind.get(c) != VK.ConstInt) return;
  let idx = intSExt64(c);
  let known: i64 = tyN.get(t);
  let fs = fnAttrs(gAttrs.get(vr.curFn));
  let vs = setFind(fs, ATTR_VSCALE);
  if (vs >= 0) known *= <i64><u32>setV0(fs, vs);
  if (!((idx < 0 && -idx <= known) || (idx >= 0 && idx < known))) {
    vr.bad("The splice index exceeds the range [-VL, VL-1] where VL is the known minimum number of elements in the vector. For scalable vectors the minimum number of elements is determined from vscale_range.", i);
  }
}
