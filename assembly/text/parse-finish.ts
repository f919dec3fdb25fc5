// The end of the module: undefined values, types and metadata are reported, `#N` attribute groups
// resolved, undeclared intrinsics declared, then the auto-upgrades and metadata uniquing run.
import { SigMatcher, SigMatch, genericIntrinsic, NOT_INTRINSIC } from "../ir/intrinsic-sigs";
import { rd } from "./reader";
import { lx } from "./lexer";
import { I32Vec } from "../util/vec";
import { sortStable } from "../util/sort";
import { has, Feature, llvmVersion } from "../ir/version";
import { strtab, strtabString, moduleId } from "../ir/module";
import { errorAt, tooDeepMessage } from "./pstate";
import { firstUndefinedType } from "./parse-types";
import { forwardPosOf, dsoEquivTarget } from "./parse-symbols";
import { firstUndefinedMetadata } from "./parse-meta";
import { resolveGroupRefs } from "./parse-attrs";
import { isCallLike } from "../ir/opcodes";
import { TK, tyKind, tyA, listLen, listAt, tyN, namedTypeOrder } from "../ir/types";
import { MAX_NESTING, typeDepths, firstTooDeep } from "../ir/nesting";
import { VK, vKind, vName, vA, iOp, operand, vFirstUse, opUser, opNext, appendOperand } from "../ir/values";
import { GK, newGlobal, gKind, gValueType, gAttrs, cdName } from "../ir/globals";
import { attrLists, internAttrList, fnAttrs } from "../ir/attributes";
import { callAttrs, setCallAttrs, callFnType as callFnTypeOf } from "../ir/inst";
import { uniqueMetadata } from "../ir/metadata";
import { applyIntrinsicAttributes, isKnownIntrinsic22 } from "../ir/intrinsics";
import {
  upgradeDebugIntrinsics, upgradeIntrinsicDeclarations, upgradeModuleFlags, upgradeTBAATags, isOldLifetimeCall,
} from "../ir/upgrade";
import { upgradeDebugInfo } from "../ir/upgrade-debug";
import { odrUniqueTypes, canonicalizeMetadataValues } from "../ir/module-reading";
import { takeOverForwardUses } from "../ir/values";

export function finishModule(): bool {
  // as LLParser::validateEndOfModule: blockaddresses of undefined functions, undefined types,
  // undefined comdats, undefined globals (called intrinsics are declared first, in name order:
  // LLVM keeps its forward references in a map by name), then undefined metadata
  let ba = firstPendingBlockAddress();
  if (ba >= 0) return errorAt("expected function name in blockaddress", rd.baAt.get(ba));
  if (!checkDSOEquivalents()) return false;
  let ut = firstUndefinedType();
  if (ut >= 0) {
    let nm = tyA.get(ut);
    return errorAt(nm >= 0 ? "use of undefined type named '" + strtabString(nm) + "'" : "use of undefined type '%" + (<u32>tyN.get(ut)).toString() + "'", rd.typeDefPos.get(ut));
  }
  let deep = tooDeepTypeAt();
  if (deep >= 0) return errorAt(tooDeepMessage(), deep);
  let uc = firstUndefinedComdat();
  if (uc >= 0) return errorAt("use of undefined comdat '$" + strtabString(cdName.get(uc)) + "'", rd.comdatRefAt.get(uc));
  let unknown = new I32Vec(), notCallee = new I32Vec(), badSig = new I32Vec(), upgradeFirst = new I32Vec();
  let f = declareForwardIntrinsics(0, unknown, notCallee, badSig, upgradeFirst);
  // LLVM 22 names a called `llvm.*` function it does not know (19 leaves it undefined); either
  // version refuses an intrinsic it checks used other than as a callee, or called with a type its
  // signature does not allow (the first name of them all)
  let u = unknown.len > 0 && has(Feature.UnknownIntrinsicError) ? unknown.get(0) : -1;
  let nc = notCallee.len > 0 ? notCallee.get(0) : -1;
  let bs = badSig.len > 0 ? badSig.get(0) : -1;
  let first = nc;
  if (u >= 0 && (first < 0 || strtab.compare(vName.get(u), vName.get(first)) < 0)) first = u;
  if (bs >= 0 && (first < 0 || strtab.compare(vName.get(bs), vName.get(first)) < 0)) first = bs;
  if (first >= 0) {
    if (first == nc) return errorAt("intrinsic can only be used as callee", forwardPosOf(nc));
    if (first == u) return errorAt("unknown intrinsic '" + strtabString(vName.get(u)) + "'", forwardPosOf(u));
    return errorAt("invalid intrinsic signature", forwardPosOf(bs));
  }
  if (f >= 0) {
    let nm = vName.get(f);
    return errorAt(nm >= 0 ? "use of undefined value '@" + strtabString(nm) + "'" : "use of undefined value '@" + (<u32>vA.get(f)).toString() + "'", forwardPosOf(f));
  }
  let um = firstUndefinedMetadata();
  if (um >= 0) return errorAt("use of undefined metadata '!" + um.toString() + "'", rd.mdForwardPos.get(<u32>um));
  if (!resolvePendingAttributes(0)) return false;
  upgradeDebugIntrinsics();
  applyIntrinsicAttributes();
  upgradeIntrinsicDeclarations(false, upgradeFirst);
  upgradeModuleFlags();
  upgradeTBAATags();
  upgradeDebugInfo(moduleId);
  canonicalizeMetadataValues();
  uniqueMetadata(odrUniqueTypes());
  return !rd.failed;
}

// dso_local_equivalent of globals named before their definition (LLParser keeps them in a map by
// number, then one by name): each must now be defined, as a function or of a function type.
function checkDSOEquivalents(): bool {
  let refs = rd.dsoEquivRefs, n = refs.len;
  if (n == 0) return true;
  let worst = -1;
  for (let i = 0; i < n; i++) {
    let g = refs.get(i);
    if (<i32>vKind.get(g) != VK.Forward && dsoEquivTarget(g)) continue;
    if (worst >= 0) {
      let w = refs.get(worst), ng = vName.get(g), nw = vName.get(w);
      let less = ng < 0 ? (nw >= 0 || <u32>vA.get(g) < <u32>vA.get(w)) : (nw >= 0 && strtab.compare(ng, nw) < 0);
      if (!less) continue;
    }
    worst = i;
  }
  if (worst < 0) return true;
  let g = refs.get(worst), at = rd.dsoEquivAt.get(worst);
  if (<i32>vKind.get(g) == VK.Forward) {
    let nm = vName.get(g);
    return errorAt("unknown function '" + (nm >= 0 ? strtabString(nm) : "") + "' referenced by dso_local_equivalent", at);
  }
  return errorAt("expected a function, alias to function, or ifunc in dso_local_equivalent", at);
}

// Where to blame types that nest too deeply through named structs (the parser stops deeper
// literal nesting at the token, so the excess goes through one): the definition of the first
// named struct nested too deeply, else of the deepest one. -1 when nothing is too deep.
function tooDeepTypeAt(): i32 {
  let depth = typeDepths();
  if (firstTooDeep(depth) < 0) return -1;
  let at = lx.tokStart, most = 0;
  for (let i = 0; i < namedTypeOrder.len; i++) {
    let t = namedTypeOrder.get(i), d = depth.get(t);
    if (d > MAX_NESTING) return rd.typeDefPos.get(t);
    if (d > most) { most = d; at = rd.typeDefPos.get(t); }
  }
  return at;
}

// The global forward references made since rd.globalForwardList[from]: the called `llvm.*` ones
// LLVM knows are declared (in name order, as LLVM keeps its forward references in a map by name);
// those it does not know are left undefined (and added to `unknown`, in name order). Returns the
// one still undefined LLVM reports (the first by name, else by number), or -1.
// (`notCallee`: the intrinsics used other than as a callee, which are not declared; `upgradeFirst`:
// the declarations of old two-operand lifetime markers, which LLVM 22 upgrades at once, in this
// order, before the upgrades of the module's own declarations.)
export function declareForwardIntrinsics(from: i32, unknown: I32Vec | null = null, notCallee: I32Vec | null = null, badSig: I32Vec | null = null,
  upgradeFirst: I32Vec | null = null): i32 {
  let list = rd.globalForwardList;
  let intrinsics = new I32Vec(8);
  for (let j = from; j < list.len; j++) {
    let f = list.get(j);
    if (<i32>vKind.get(f) == VK.Forward && strtab.startsWithStr(vName.get(f), "llvm.")) intrinsics.push(f);
  }
  sortStable<NameOrder>(intrinsics, 0, intrinsics.len, new I32Vec(intrinsics.len));
  let sigs = new SigMatcher();
  for (let j = 0; j < intrinsics.len; j++) {
    let f = intrinsics.get(j);
    // LLVM 19 checks the intrinsics it knows, 22 every `llvm.*` name
    if (notCallee != null && usedNotAsCallee(f) && (llvmVersion >= 22 || knownIntrinsic(vName.get(f)))) { notCallee.push(f); continue; }
    // (Intrinsic::getIntrinsicSignature: the call's type fits the intrinsic's signature)
    let k = genericIntrinsic(vName.get(f)), ct = calledType(f);
    // (the old two-operand lifetime markers are upgraded instead, as by LLVM 22)
    let oldLifetime = ct >= 0 && isOldLifetimeCall(vName.get(f), ct);
    if (badSig != null && k >= 0 && ct >= 0 && !oldLifetime && sigs.match(k, ct) != SigMatch.Match) { badSig.push(f); continue; }
    if (declareIntrinsic(f)) { if (oldLifetime && upgradeFirst != null) upgradeFirst.push(vA.get(f)); }
    else if (unknown != null && ct >= 0 && !knownIntrinsic(vName.get(f))) unknown.push(f);
  }
  // LLVM reports the first of its map by name, then of its map by number
  let first = -1;
  for (let j = from; j < list.len; j++) {
    let f = list.get(j);
    if (<i32>vKind.get(f) != VK.Forward) continue;
    if (first < 0) { first = f; continue; }
    let nf = vName.get(f), n0 = vName.get(first);
    if (nf >= 0 ? n0 < 0 || strtab.compare(nf, n0) < 0 : n0 < 0 && <u32>vA.get(f) < <u32>vA.get(first)) first = f;
  }
  return first;
}

// Resolves the `#N` attribute group references of the owners noted since
// rd.pendingFnAttrOwners[from] (with the groups rd.groupSets holds).
export function resolvePendingAttributes(from: i32): bool {
  for (let j = from; j < rd.pendingFnAttrOwners.len; j++) {
    let o = rd.pendingFnAttrOwners.get(j);
    if (o < 0) {
      let g = -1 - o;
      if (<i32>gKind.get(g) == GK.Var) { gAttrs.set(g, resolveGroupRefs(gAttrs.get(g))); }
      else gAttrs.set(g, resolveListFn(gAttrs.get(g)));
    } else setCallAttrs(o, resolveListFn(callAttrs(o)));
    if (rd.failed) return false;
  }
  return true;
}

// The blockaddress of a function without a body LLVM reports: its forward references are a map by
// the function's ValID (numbered before named; numbers by value, names byte-wise), each entry at
// its first blockaddress.
function firstPendingBlockAddress(): i32 {
  let best = -1;
  for (let j = 0; j < rd.baFunc.len; j++) {
    let f = rd.baFunc.get(j);
    if (f < 0) continue;
    if (best < 0) { best = j; continue; }
    let b = rd.baFunc.get(best);
    if (f == b) continue;
    let nf = vName.get(f), nb = vName.get(b);
    let less = nf < 0 ? (nb >= 0 || vA.get(f) < vA.get(b)) : (nb >= 0 && strtab.compare(nf, nb) < 0);
    if (less) best = j;
  }
  return best;
}

// The undefined comdat LLVM reports: the first by name (its forward references are a map by name).
function firstUndefinedComdat(): i32 {
  let best = -1;
  for (let c = 0; c < rd.comdatRefAt.len; c++) {
    if (rd.comdatRefAt.get(c) < 0) continue;
    if (best < 0 || strtab.compare(cdName.get(c), cdName.get(best)) < 0) best = c;
  }
  return best;
}

function resolveListFn(list: i32): i32 {
  if (list < 0) return list;
  let fs = fnAttrs(list);
  let rs = resolveGroupRefs(fs);
  if (rs == fs) return list;
  let n = attrLists.lenOf(list);
  rd.attrScratch.clear();
  for (let i = 0; i < n; i++) rd.attrScratch.push(attrLists.at(list, i));
  rd.attrScratch.set(0, rs);
  return internAttrList(rd.attrScratch, 0, n);
}

// Values by name, byte-wise.
@final class NameOrder { @inline less(a: i32, b: i32): bool { return strtab.compare(vName.get(a), vName.get(b)) < 0; } }

// The function type forward reference f is called with (its first call), or -1.
function usedNotAsCallee(f: i32): bool {
  for (let s = vFirstUse.get(f); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (!(<i32>vKind.get(u) == VK.Inst && isCallLike(<i32>iOp.get(u)) && operand(u, 0) == f)) return true;
  }
  return false;
}
function calledType(f: i32): i32 {
  for (let s = vFirstUse.get(f); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (<i32>vKind.get(u) == VK.Inst && isCallLike(<i32>iOp.get(u)) && operand(u, 0) == f) return callFnTypeOf(u);
  }
  return -1;
}
// Whether the target version's LLVM knows the intrinsic `nm` names (lookupIntrinsicID): generic
// ones by the signature table's column of that version (llvm.fake.use, added since LLVM 19, is
// none under 19), LLVM 22's others by its table of names, LLVM 19's target ones by their prefix.
// (The debug intrinsics, which LLVM 22 replaces by records as it reads them, are known by the
// signature table alone.)
function knownIntrinsic(nm: i32): bool {
  let generic = genericIntrinsic(nm) != NOT_INTRINSIC;
  return llvmVersion >= 22 ? generic || isKnownIntrinsic22(nm) : generic;
}
// A call to an undeclared `llvm.*` function LLVM knows declares it with the call's function type.
function declareIntrinsic(f: i32): bool {
  let nm = vName.get(f);
  if (nm < 0 || strtab.lenOf(nm) < 6) return false;
  let p = strtab.ptrOf(nm);
  if (!(load<u8>(p) == 108 && load<u8>(p + 1) == 108 && load<u8>(p + 2) == 118 && load<u8>(p + 3) == 109 && load<u8>(p + 4) == 46)) return false;
  let fnTy = calledType(f);
  if (fnTy < 0 || !knownIntrinsic(nm)) return false;
  // LLVM 22 gives the declaration the overloaded name for the call's types; wopt knows the
  // overloads of the lifetime markers (on the pointer's address space) only
  if (has(Feature.SizelessLifetime) && listLen(fnTy) == 1 && <i32>tyKind.get(listAt(fnTy, 0)) == TK.Ptr &&
    (strtab.eqStr(nm, "llvm.lifetime.start") || strtab.eqStr(nm, "llvm.lifetime.end"))) {
    vName.set(f, strtab.internStr(strtabString(nm) + ".p" + tyA.get(listAt(fnTy, 0)).toString()));
  }
  let g = newGlobal(GK.Func, f);
  vKind.set(f, <u8>VK.Function); vA.set(f, g);
  takeOverForwardUses(f, rd.forwardUseOrder);
  gValueType.set(g, fnTy);
  appendOperand(f, -1); appendOperand(f, -1); appendOperand(f, -1);
  return true;
}
