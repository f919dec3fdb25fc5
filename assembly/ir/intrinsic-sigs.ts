// Intrinsic signatures: which generic intrinsic an `llvm.*` name is (Intrinsic::lookupIntrinsicID),
// whether a function type is that intrinsic's (Intrinsic::matchIntrinsicSignature and
// matchIntrinsicVarArg over the type descriptors of getIntrinsicInfoTableEntries), the overloaded
// types the match binds, and the name they mangle to (Intrinsic::getName). From the generated
// table (intrinsic-sigs-table.ts: LLVM's own descriptors, per version). Generic intrinsics only:
// a name in a target namespace (llvm.x86.*, ...) is answered "not in the table".
import { I32Vec, U8Vec } from "../util/vec";
import { SIG_NAMES, SIG_POOL, SIG_19, SIG_22, SIG_TARGETS_19, SIG_TARGETS_22 } from "./intrinsic-sigs-table";
import { llvmVersion } from "./version";
import { strtab } from "./module";
import { TK, tyKind, tyA, tyN, tyFlags, TF_PACKED, TF_VARARG, listLen, listAt, isFP } from "./types";

// Descriptor kinds (tools/gen-intrinsic-sigs.mjs K); a descriptor is (kind, a, b) in SIG_POOL.
export const enum IIT {
  Void = 0, VarArg, MMX, Token, Metadata, Half, BFloat, Float, Double, Quad, Integer, Vector, Pointer, Struct,
  Argument, Extend, Trunc, OneNthElts, SameVecWidth, VecOfAnyPtrsToElt, VecElement, Subdivide2, Subdivide4,
  VecOfBitcastsToInt, AMX, PPCQuad, AArch64Svcount,
}
// Argument kinds (AK_*): the low 3 bits of an Argument descriptor's a.
const AK_ANY = 0, AK_ANY_INTEGER = 1, AK_ANY_FLOAT = 2, AK_ANY_VECTOR = 3, AK_ANY_POINTER = 4, AK_MATCH_TYPE = 7;

// The verdicts of matchSignature, in the order the verifier checks them.
export const enum SigMatch {
  Match = 0,
  NoMatchRet,       // "Intrinsic has incorrect return type!"
  NoMatchArg,       // "Intrinsic has incorrect argument type!"
  NotVarArg,        // declared variadic, the intrinsic is not: "Intrinsic was not defined with variable arguments!"
  CallsiteNotVarArg, // the intrinsic is variadic (or takes more), the declaration not: "Callsite was not defined with variable arguments!"
  TooFew,           // descriptors left over: "Intrinsic has too few arguments!"
}

// Bytes [p, p+n) against the first n bytes of s: <0, 0 (s starts with them), >0; s shorter than
// n compares as its NUL would (strncmp).
function comparePrefix(s: string, p: usize, n: i32): i32 {
  let m = s.length;
  for (let i = 0; i < n; i++) {
    if (i >= m) return -1;
    let d = s.charCodeAt(i) - <i32>load<u8>(p + <usize>i);
    if (d != 0) return d;
  }
  return 0;
}

// The entry for table index k under the current version: (pool offset << 1) | overloaded, or -1.
@inline function entryOf(k: i32): i32 { return llvmVersion >= 22 ? unchecked(SIG_22[k]) : unchecked(SIG_19[k]); }
// The first index in [lo, hi) that the current version has, or -1.
function firstPresent(lo: i32, hi: i32): i32 {
  for (let k = lo; k < hi; k++) if (entryOf(k) >= 0) return k;
  return -1;
}

// genericIntrinsic's answers other than an index: no intrinsic (or not `llvm.*`); a name in a
// target namespace (not in the table).
export const NOT_INTRINSIC = -1, TARGET_INTRINSIC = -2;
// The generic intrinsic the function name `nm` denotes under the current LLVM version (an index of
// SIG_NAMES), or NOT_INTRINSIC, or TARGET_INTRINSIC. As lookupIntrinsicID: the
// dotted components narrow the sorted names one after another; the first name of the last range
// that was not empty must be the whole name or the name up to a '.', and only an overloaded
// intrinsic takes a suffix.
export function genericIntrinsic(nm: i32): i32 {
  if (nm < 0 || !strtab.startsWithStr(nm, "llvm.")) return -1;
  let p = strtab.ptrOf(nm), len = strtab.lenOf(nm);
  // the target namespace, when the first component names one
  let e = 5;
  while (e < len && load<u8>(p + <usize>e) != 46) e++;
  let targets = llvmVersion >= 22 ? SIG_TARGETS_22 : SIG_TARGETS_19;
  for (let i = 0; i < targets.length; i++) {
    let t = unchecked(targets[i]);
    if (t.length == e - 5 && comparePrefix(t, p + 5, e - 5) == 0) return TARGET_INTRINSIC;
  }
  let lo = 0, hi = SIG_NAMES.length;
  let lastLow = firstPresent(lo, hi);
  let nonEmpty = lastLow >= 0;
  let end = 4;
  while (end < len && nonEmpty) {
    let start = end;
    end = start + 1;
    while (end < len && load<u8>(p + <usize>end) != 46) end++;
    lastLow = firstPresent(lo, hi);
    // the names in [lo, hi) that start with the name's first `end` bytes
    let a = lo, b = hi;
    while (a < b) { let m = (a + b) >>> 1; if (comparePrefix(unchecked(SIG_NAMES[m]), p, end) < 0) a = m + 1; else b = m; }
    let c = a; b = hi;
    while (c < b) { let m = (c + b) >>> 1; if (comparePrefix(unchecked(SIG_NAMES[m]), p, end) <= 0) c = m + 1; else b = m; }
    lo = a; hi = c;
    nonEmpty = firstPresent(lo, hi) >= 0;
  }
  if (nonEmpty) lastLow = firstPresent(lo, hi);
  if (lastLow < 0) return -1;
  let found = unchecked(SIG_NAMES[lastLow]);
  let fl = found.length;
  if (fl > len || comparePrefix(found, p, fl) != 0) return -1;
  if (fl < len && load<u8>(p + <usize>fl) != 46) return -1;
  if (fl < len && (entryOf(lastLow) & 1) == 0) return -1;
  return lastLow;
}
// Whether generic intrinsic k is overloaded under the current version.
export function isOverloadedIntrinsic(k: i32): bool { return (entryOf(k) & 1) != 0; }
// Its base name.
export function intrinsicBaseName(k: i32): string { return unchecked(SIG_NAMES[k]); }

// The matching of one declaration against one intrinsic's descriptors. The caller owns it (the
// verifier, a read's upgrade) and reuses it: `overloads` holds the types the last match bound.
@final export class SigMatcher {
  overloads: I32Vec = new I32Vec(4);
  private deferred: I32Vec = new I32Vec(8);  // (type, descriptor index) pairs checked at the end
  private at: i32 = 0;                       // the next descriptor
  private end: i32 = 0;                      // past the last descriptor
  name: U8Vec = new U8Vec(64);               // the mangled name (mangledName)
  unnamed: bool = false;                     // the mangling met an unnamed struct

  // Matches function type fnTy against generic intrinsic k's signature: a SigMatch.
  match(k: i32, fnTy: i32): i32 {
    let off = entryOf(k) >> 1;
    this.at = off + 1;
    this.end = off + 1 + 3 * <i32>unchecked(SIG_POOL[off]);
    this.overloads.clear();
    let deferred = this.deferred;
    deferred.clear();
    if (this.fails(tyA.get(fnTy), false)) return SigMatch.NoMatchRet;
    let retDeferred = deferred.len;
    let n = listLen(fnTy);
    for (let i = 0; i < n; i++) if (this.fails(listAt(fnTy, i), false)) return SigMatch.NoMatchArg;
    let rest = this.at;
    for (let d = 0; d < deferred.len; d += 2) {
      this.at = deferred.get(d + 1);
      if (this.fails(deferred.get(d), true)) return d < retDeferred ? SigMatch.NoMatchRet : SigMatch.NoMatchArg;
    }
    this.at = rest;
    // matchIntrinsicVarArg: nothing left, or just VarArg for a variadic declaration
    let vararg = (tyFlags.get(fnTy) & TF_VARARG) != 0;
    let left = (this.end - this.at) / 3;
    let bad = true;
    if (left == 0) bad = vararg;
    else if (left == 1 && <i32>unchecked(SIG_POOL[this.at]) == IIT.VarArg) { this.at += 3; bad = !vararg; }
    if (bad) return vararg ? SigMatch.NotVarArg : SigMatch.CallsiteNotVarArg;
    if (this.at != this.end) return SigMatch.TooFew;
    return SigMatch.Match;
  }

  private defer(ty: i32, at: i32): bool { this.deferred.push(ty); this.deferred.push(at); return false; }

  // matchIntrinsicType: whether type ty fails the descriptor at `at` (which it consumes).
  private fails(ty: i32, deferredCheck: bool): bool {
    if (this.at >= this.end) return true;   // more parameters than descriptors
    let here = this.at;
    let kind = <i32>unchecked(SIG_POOL[here]), a = <i32>unchecked(SIG_POOL[here + 1]), b = <i32>unchecked(SIG_POOL[here + 2]);
    this.at = here + 3;
    let tk = <i32>tyKind.get(ty);
    let ov = this.overloads;
    switch (kind) {
      case IIT.Void: return tk != TK.Void;
      case IIT.VarArg: return true;
      case IIT.MMX:
        if (llvmVersion < 22) return tk != TK.X86MMX;
        return !(tk == TK.Vector && tyN.get(ty) == 1 && isIntOf(tyA.get(ty), 64));
      case IIT.AMX: return tk != TK.X86AMX;
      case IIT.Token: return tk != TK.Token;
      case IIT.Metadata: return tk != TK.Metadata;
      case IIT.Half: return tk != TK.Half;
      case IIT.BFloat: return tk != TK.BFloat;
      case IIT.Float: return tk != TK.Float;
      case IIT.Double: return tk != TK.Double;
      case IIT.Quad: return tk != TK.FP128;
      case IIT.PPCQuad: return tk != TK.PPCFP128;
      case IIT.Integer: return !isIntOf(ty, a);
      case IIT.AArch64Svcount: return !(tk == TK.TargetExt && strtab.eqStr(tyA.get(ty), "aarch64.svcount"));
      case IIT.Vector:
        if (!vectorOf(ty, a, b != 0)) return true;
        return this.fails(tyA.get(ty), deferredCheck);
      case IIT.Pointer: return !(tk == TK.Ptr && tyA.get(ty) == a);
      case IIT.Struct: {
        if (tk != TK.Struct || (tyFlags.get(ty) & TF_PACKED) != 0 || listLen(ty) != a) return true;
        for (let i = 0; i < a; i++) if (this.fails(listAt(ty, i), deferredCheck)) return true;
        return false;
      }
      case IIT.Argument: {
        let num = a >> 3, ak = a & 7;
        if (num < ov.len) return ty != ov.get(num);
        if (num > ov.len || ak == AK_MATCH_TYPE) return deferredCheck || this.defer(ty, here);
        ov.push(ty);
        if (ak == AK_ANY) return false;
        if (ak == AK_ANY_INTEGER) return tkScalar(ty) != TK.Int;
        if (ak == AK_ANY_FLOAT) return !isFP(scalarOf(ty));
        if (ak == AK_ANY_VECTOR) return !isVec(tk);
        if (ak == AK_ANY_POINTER) return tk != TK.Ptr;
        return true;
      }
      case IIT.Extend: case IIT.Trunc: {
        let num = a >> 3;
        if (num >= ov.len) return deferredCheck || this.defer(ty, here);
        let ref = ov.get(num);
        let rk = <i32>tyKind.get(ref);
        let elt = isVec(rk) ? tyA.get(ref) : ref;
        if (<i32>tyKind.get(elt) != TK.Int) return true;
        let w = kind == IIT.Extend ? tyA.get(elt) * 2 : tyA.get(elt) / 2;
        if (isVec(rk)) return !(sameShape(ty, ref) && isIntOf(tyA.get(ty), w));
        return !isIntOf(ty, w);
      }
      case IIT.OneNthElts: {
        if (b >= ov.len) return deferredCheck || this.defer(ty, here);
        let ref = ov.get(b);
        if (!isVec(<i32>tyKind.get(ref)) || a == 0 || tyN.get(ref) % a != 0) return true;
        return !(<i32>tyKind.get(ty) == <i32>tyKind.get(ref) && tyN.get(ty) == tyN.get(ref) / a && tyA.get(ty) == tyA.get(ref));
      }
      case IIT.SameVecWidth: {
        let num = a >> 3;
        if (num >= ov.len) {
          this.at += 3;   // and the element type's descriptor (LLVM skips one)
          return deferredCheck || this.defer(ty, here);
        }
        let ref = ov.get(num);
        let rv = isVec(<i32>tyKind.get(ref)), tv = isVec(tk);
        if (rv != tv) return true;
        let elt = ty;
        if (tv) {
          if (!sameCount(ref, ty)) return true;
          elt = tyA.get(ty);
        }
        return this.fails(elt, deferredCheck);
      }
      case IIT.VecOfAnyPtrsToElt: {
        if (b >= ov.len) {
          if (deferredCheck) return true;
          ov.push(ty);
          return this.defer(ty, here);
        }
        if (!deferredCheck) ov.push(ty);
        let ref = ov.get(b);
        if (!isVec(tk) || !isVec(<i32>tyKind.get(ref)) || !sameCount(ref, ty)) return true;
        return <i32>tyKind.get(tyA.get(ty)) != TK.Ptr;
      }
      case IIT.VecElement: {
        let num = a >> 3;
        if (num >= ov.len) return deferredCheck || this.defer(ty, here);
        let ref = ov.get(num);
        return !isVec(<i32>tyKind.get(ref)) || ty != tyA.get(ref);
      }
      case IIT.Subdivide2: case IIT.Subdivide4: {
        let num = a >> 3;
        if (num >= ov.len) return deferredCheck || this.defer(ty, here);
        let ref = ov.get(num);
        if (!isVec(<i32>tyKind.get(ref)) || !isVec(tk) || <i32>tyKind.get(ty) != <i32>tyKind.get(ref)) return true;
        let elt = tyA.get(ref);
        if (<i32>tyKind.get(elt) != TK.Int) return true;
        let shift = kind == IIT.Subdivide2 ? 1 : 2;
        return !(tyN.get(ty) == (tyN.get(ref) << shift) && isIntOf(tyA.get(ty), tyA.get(elt) >> shift));
      }
      case IIT.VecOfBitcastsToInt: {
        let num = a >> 3;
        if (num >= ov.len) return deferredCheck || this.defer(ty, here);
        let ref = ov.get(num);
        if (!isVec(tk) || !isVec(<i32>tyKind.get(ref)) || !sameShape(ty, ref)) return true;
        let bits = primitiveBits(tyA.get(ref));
        return bits == 0 || !isIntOf(tyA.get(ty), bits);
      }
    }
    return true;
  }

  // Intrinsic::getName of generic intrinsic k with the overloaded types of the last match, into
  // `name`; false when an overloaded type is a struct without a name (LLVM then numbers the name
  // per module, which is not followed here) or has no mangling.
  mangledName(k: i32): bool {
    let out = this.name;
    out.clear();
    this.unnamed = false;
    putStr(out, unchecked(SIG_NAMES[k]));
    let ov = this.overloads;
    for (let i = 0; i < ov.len; i++) {
      out.push(46);
      if (!this.mangle(ov.get(i))) return false;
    }
    return !this.unnamed;
  }
  // The name as a string-table id (after mangledName).
  nameId(): i32 { return strtab.intern(this.name.ptr, this.name.len); }

  // getMangledTypeStr.
  private mangle(t: i32): bool {
    let out = this.name;
    let k = <i32>tyKind.get(t);
    switch (k) {
      case TK.Ptr: out.push(112); putInt(out, <u32>tyA.get(t)); return true;
      case TK.Array: out.push(97); putU64(out, <u64>tyN.get(t)); return this.mangle(tyA.get(t));
      case TK.NamedStruct: {
        putStr(out, "s_");
        let nm = tyA.get(t);
        if (nm >= 0) putBytes(out, nm); else this.unnamed = true;
        out.push(115);
        return true;
      }
      case TK.Struct: {
        putStr(out, "sl_");
        for (let i = 0; i < listLen(t); i++) if (!this.mangle(listAt(t, i))) return false;
        out.push(115);
        return true;
      }
      case TK.Function: {
        putStr(out, "f_");
        if (!this.mangle(tyA.get(t))) return false;
        for (let i = 0; i < listLen(t); i++) if (!this.mangle(listAt(t, i))) return false;
        if ((tyFlags.get(t) & TF_VARARG) != 0) putStr(out, "vararg");
        out.push(102);
        return true;
      }
      case TK.Vector: case TK.ScalableVector: {
        if (k == TK.ScalableVector) putStr(out, "nx");
        out.push(118); putU64(out, <u64>tyN.get(t));
        return this.mangle(tyA.get(t));
      }
      case TK.TargetExt: {
        out.push(116); putBytes(out, tyA.get(t));
        let nTypes = <i32>tyN.get(t), n = listLen(t);
        for (let i = 0; i < n; i++) {
          out.push(95);
          if (i < nTypes) { if (!this.mangle(listAt(t, i))) return false; } else putInt(out, <u32>listAt(t, i));
        }
        out.push(116);
        return true;
      }
      case TK.Void: putStr(out, "isVoid"); return true;
      case TK.Metadata: putStr(out, "Metadata"); return true;
      case TK.Half: putStr(out, "f16"); return true;
      case TK.BFloat: putStr(out, "bf16"); return true;
      case TK.Float: putStr(out, "f32"); return true;
      case TK.Double: putStr(out, "f64"); return true;
      case TK.X86FP80: putStr(out, "f80"); return true;
      case TK.FP128: putStr(out, "f128"); return true;
      case TK.PPCFP128: putStr(out, "ppcf128"); return true;
      case TK.X86AMX: putStr(out, "x86amx"); return true;
      case TK.X86MMX: putStr(out, "x86mmx"); return true;
      case TK.Int: out.push(105); putInt(out, <u32>tyA.get(t)); return true;
    }
    return false;
  }
}

@inline function isVec(k: i32): bool { return k == TK.Vector || k == TK.ScalableVector; }
function scalarOf(t: i32): i32 { return isVec(<i32>tyKind.get(t)) ? tyA.get(t) : t; }
function tkScalar(t: i32): i32 { return <i32>tyKind.get(scalarOf(t)); }
function isIntOf(t: i32, w: i32): bool { return <i32>tyKind.get(t) == TK.Int && tyA.get(t) == w; }
// A vector of n elements, scalable or not.
function vectorOf(t: i32, n: i32, scalable: bool): bool {
  let k = <i32>tyKind.get(t);
  return (scalable ? k == TK.ScalableVector : k == TK.Vector) && tyN.get(t) == <i64>n;
}
// Two vectors of the same element count (ElementCount: the count and whether scalable).
function sameCount(x: i32, y: i32): bool { return <i32>tyKind.get(x) == <i32>tyKind.get(y) && tyN.get(x) == tyN.get(y); }
function sameShape(x: i32, y: i32): bool { return isVec(<i32>tyKind.get(x)) && sameCount(x, y); }
// Type::getPrimitiveSizeInBits of a scalar (0 for pointers and others).
function primitiveBits(t: i32): i32 {
  switch (<i32>tyKind.get(t)) {
    case TK.Int: return tyA.get(t);
    case TK.Half: case TK.BFloat: return 16;
    case TK.Float: return 32;
    case TK.Double: return 64;
    case TK.X86FP80: return 80;
    case TK.FP128: case TK.PPCFP128: return 128;
  }
  return 0;
}
function putStr(out: U8Vec, s: string): void { for (let i = 0; i < s.length; i++) out.push(<u8>s.charCodeAt(i)); }
function putBytes(out: U8Vec, id: i32): void {
  let p = strtab.ptrOf(id), n = strtab.lenOf(id);
  for (let i = 0; i < n; i++) out.push(load<u8>(p + <usize>i));
}
function putInt(out: U8Vec, v: u32): void { putU64(out, <u64>v); }
function putU64(out: U8Vec, v: u64): void {
  if (v >= 10) putU64(out, v / 10);
  out.push(<u8>(48 + <i32>(v % 10)));
}
