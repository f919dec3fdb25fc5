// The verifier's checks of globals: what every global value shares (linkage, alignment, the
// !associated and !implicit.ref attachments, comdat, DLL storage), and global variables.
import { visitConstantExprsRecursively } from "./constants";
import { strtab } from "../../ir/module";
import { TK, tyKind, tyA, isPtr, listLen, listAt, ptrType, T_I32 } from "../../ir/types";
import { typeIsSized, typeIsScalable, programAddrSpace, containsTargetExtWithout, EXT_GLOBAL } from "../../ir/datalayout";
import { VK, vKind, vType, vName, vA, vFirstUse, opNext, opUser, operand, numOperands, iOp } from "../../ir/values";
import { Op } from "../../ir/opcodes";
import {
  GK, gKind, gValue, gFlags, GF_DEFINED, gValueType, gLinkage, Linkage, GF_CONSTANT, GF_DSO_LOCAL, gMD, gAlign, gComdat,
  gDLL, gVisibility,
} from "../../ir/globals";
import { attKind, attMD, attNext, mdKindName, MDK_DBG } from "../../ir/metadata";
import { isNullValue, isConstant, isZeroInt } from "../../ir/constants";
import { llvmVersion } from "../../ir/version";
import { vr } from "./state";
import { numOps, op, mdValue } from "./md-common";
import { visitDIGlobalVariableExpression, isGlobalVariableExpression } from "./md-di-scopes";

const MDK_ASSOCIATED = 22;
const DLL_IMPORT = 1, DLL_EXPORT = 2, VIS_DEFAULT = 0, VIS_HIDDEN = 1;

export function visitGlobalValue(g: i32): bool {
  let l = <i32>gLinkage.get(g);
  let gv = gValue.get(g);
  let decl = (gFlags.get(g) & GF_DEFINED) == 0;
  if (decl && l != Linkage.External && l != Linkage.ExternWeak) {
    vr.bad("Global is external, but doesn't have external or weak linkage!", gv); return false;
  }
  let k = <i32>gKind.get(g);
  if (k != GK.Alias) {
    // MaybeAlign holds log2 + 1; 2^32 is the largest alignment a value may have
    if (gAlign.get(g) > 33) { vr.bad("huge alignment values are unsupported", gv); return false; }
    if (gMD.get(g) >= 0 && !visitObjectRefs(g, gv, decl)) return false;
  }
  if (l == Linkage.Appending && k != GK.Var) { vr.bad("Only global variables can have appending linkage!", gv); return false; }
  if (l == Linkage.Appending && <i32>tyKind.get(gValueType.get(g)) != TK.Array) { vr.bad("Only global arrays can have appending linkage!", gv); return false; }
  if ((decl || l == Linkage.Available) && gComdat.get(g) >= 0) { vr.bad("Declaration may not be in a Comdat!", gv); return false; }
  let dll = <i32>gDLL.get(g), vis = <i32>gVisibility.get(g);
  if (dll == DLL_EXPORT && vis == VIS_HIDDEN) { vr.bad("dllexport GlobalValue must have default or protected visibility", gv); return false; }
  if (dll == DLL_IMPORT) {
    if (vis != VIS_DEFAULT) { vr.bad("dllimport GlobalValue must have default visibility", gv); return false; }
    if (gFlags.get(g) & GF_DSO_LOCAL) { vr.bad("GlobalValue with DLLImport Storage is dso_local!", gv); return false; }
    if (!((decl && (l == Linkage.External || l == Linkage.ExternWeak)) || l == Linkage.Available)) {
      vr.bad("Global is marked as dllimport, but not external", gv); return false;
    }
  }
  return true;
}

// A global object's !associated attachment, then (LLVM 22) its !implicit.ref attachments: each a
// node of one operand naming a pointer that leads, through casts and aliases, to another global
// object or a constant.
function visitObjectRefs(g: i32, gv: i32, decl: bool): bool {
  for (let a = gMD.get(g); a >= 0; a = attNext.get(a)) {
    if (attKind.get(a) != MDK_ASSOCIATED) continue;
    let md = attMD.get(a);
    if (numOps(md) != 1) { vr.bad("associated metadata must have one operand", gv); vr.wm(md); return false; }
    let o = op(md, 0);
    if (o < 0) { vr.bad("associated metadata must have a global value", gv); vr.wm(md); return false; }
    let v = mdValue(o);
    if (v < 0) { vr.bad("associated metadata must be ValueAsMetadata", gv); vr.wm(md); return false; }
    if (!isPtr(vType.get(v))) { vr.bad("associated value must be pointer typed", gv); vr.wm(md); return false; }
    let s = stripCastsAndAliases(v);
    if (!isConstant(s)) { vr.bad("associated metadata must point to a GlobalObject", gv); vr.w(s); return false; }
    if (s == gv) { vr.bad("global values should not associate to themselves", gv); vr.wm(md); return false; }
  }
  if (llvmVersion < 22) return true;
  let sawRef = false;
  for (let a = gMD.get(g); a >= 0; a = attNext.get(a)) {
    let kind = attKind.get(a);
    if (kind < MDK_ASSOCIATED || !(kind < mdKindName.len && strtab.eqStr(mdKindName.get(kind), "implicit.ref"))) continue;
    if (decl) { vr.bad("ref metadata must not be placed on a declaration", gv); return false; }
    sawRef = true;
    let md = attMD.get(a);
    if (numOps(md) != 1) { vr.bad("ref metadata must have one operand", gv); vr.wm(md); return false; }
    let v = mdValue(op(md, 0));
    if (v < 0) { vr.bad("ref metadata must be ValueAsMetadata", gv); vr.wm(md); return false; }
    if (!isPtr(vType.get(v))) { vr.bad("ref value must be pointer typed", gv); vr.wm(md); return false; }
    let s = stripCastsAndAliases(v);
    if (!isConstant(s)) { vr.bad("ref metadata must point to a GlobalObject", gv); vr.w(s); return false; }
    if (s == gv) { vr.bad("values should not reference themselves", gv); vr.wm(md); return false; }
  }
  return true;
}

// Value::stripPointerCastsAndAliases over constants: bitcasts, address space casts, all-zero
// GEPs, and aliases that cannot be interposed.
export function stripCastsAndAliases(v: i32): i32 {
  for (let n = 0; n < 256 && v >= 0; n++) {
    let k = <i32>vKind.get(v);
    if (k == VK.Alias) { if (isInterposable(vA.get(v))) return v; }
    else if (k != VK.ConstExpr || !isCastStep(v)) return v;
    let next = operand(v, 0);
    if (next < 0) return v;
    v = next;
  }
  return v;
}

export function visitGlobalVariable(g: i32): void {
  let v = gValue.get(g);
  let init = operand(v, 0);
  let vt = gValueType.get(g);
  let l = <i32>gLinkage.get(g);
  if (init >= 0 && (gFlags.get(g) & GF_DEFINED) != 0) {
    if (vType.get(init) != vt) { vr.bad("Global variable initializer type does not match global variable type!", v); return; }
    if (llvmVersion >= 22 && !typeIsSized(vt)) { vr.bad("Global variable initializer must be sized", v); return; }
    if (l == Linkage.Common) {
      if (!isNullValue(init)) { vr.bad("'common' global must have a zero initializer!", v); return; }
      if (gFlags.get(g) & GF_CONSTANT) { vr.bad("'common' global may not be marked constant!", v); return; }
      if (gComdat.get(g) >= 0) { vr.bad("'common' global may not be in a Comdat!", v); return; }
    }
  } else init = -1;
  let name = vName.get(v);
  if (name >= 0 && strtab.startsWithStr(name, "llvm.") && !visitIntrinsicVariable(g, v, name, init, vt, l)) return;
  // its !dbg attachments: the checks of each DIGlobalVariableExpression (run here, and again
  // when the metadata walk reaches the node)
  for (let a = gMD.get(g); a >= 0; a = attNext.get(a)) {
    if (attKind.get(a) != MDK_DBG) continue;
    let md = attMD.get(a);
    if (isGlobalVariableExpression(md)) visitDIGlobalVariableExpression(md);
    else { vr.failDebugInfo("!dbg attachment of global variable must be a DIGlobalVariableExpression"); return; }
  }
  if (typeIsScalable(vt)) { vr.bad("Globals cannot contain scalable types", v); return; }
  if (containsTargetExtWithout(vt, EXT_GLOBAL)) {
    vr.setBroken();
    vr.out.str("Global @"); if (name >= 0) vr.out.strId(strtab, name); vr.out.str(" has illegal target extension type\n");
    vr.wt(vt); return;
  }
  visitGlobalValue(g);
  if (init >= 0) visitConstantExprsRecursively(init);
}

// llvm.global_ctors / llvm.global_dtors and llvm.used / llvm.compiler.used: appending, unused,
// arrays of the element types they are read as; false when a check failed.
function visitIntrinsicVariable(g: i32, v: i32, name: i32, init: i32, vt: i32, l: i32): bool {
  let structors = strtab.eqStr(name, "llvm.global_ctors") || strtab.eqStr(name, "llvm.global_dtors");
  let used = !structors && (strtab.eqStr(name, "llvm.used") || strtab.eqStr(name, "llvm.compiler.used"));
  if (!structors && !used) return true;
  if (init >= 0 && l != Linkage.Appending) { vr.bad("invalid linkage for intrinsic global variable", v); return false; }
  if (hasLiveUse(v)) { vr.bad("invalid uses of intrinsic global variable", v); return false; }
  if (<i32>tyKind.get(vt) != TK.Array) return true;
  let et = tyA.get(vt);
  if (structors) {
    let ek = <i32>tyKind.get(et);
    let n = ek == TK.Struct || ek == TK.NamedStruct ? listLen(et) : -1;
    if (!((n == 2 || n == 3) && listAt(et, 0) == T_I32 && listAt(et, 1) == ptrType(programAddrSpace()))) {
      vr.bad("wrong type for intrinsic global variable", v); return false;
    }
    if (n != 3) { vr.fail("the third field of the element type is mandatory, specify ptr null to migrate from the obsoleted 2-field form"); return false; }
    if (!isPtr(listAt(et, 2))) { vr.bad("wrong type for intrinsic global variable", v); return false; }
    return true;
  }
  if (!isPtr(et)) { vr.bad("wrong type for intrinsic global variable", v); return false; }
  if (init < 0) return true;
  if (<i32>vKind.get(init) != VK.ConstArray) {
    vr.bad(llvmVersion >= 22 ? "wrong initializer for intrinsic global variable" : "wrong initalizer for intrinsic global variable", init);
    return false;
  }
  for (let j = 0; j < numOperands(init); j++) {
    let m = stripCasts(operand(init, j));
    let mk = m < 0 ? -1 : <i32>vKind.get(m);
    if (!(mk == VK.GlobalVar || mk == VK.Function || mk == VK.Alias)) {
      vr.setBroken(); vr.out.str("invalid "); vr.out.strId(strtab, name); vr.out.str(" member\n"); vr.w(m); return false;
    }
    if (vName.get(m) < 0) {
      vr.setBroken(); vr.out.str("members of "); vr.out.strId(strtab, name); vr.out.str(" must be named\n"); vr.w(m); return false;
    }
  }
  return true;
}
// A use of v by an instruction, a global, or a constant that is itself used (the reader's
// leftover constants nobody uses are no users LLVM would see).
function hasLiveUse(v: i32): bool {
  for (let s = vFirstUse.get(v); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    let k = <i32>vKind.get(u);
    if (k == VK.Dead) continue;
    if (k >= VK.ConstInt && k <= VK.PtrAuth && vFirstUse.get(u) < 0) continue;
    return true;
  }
  return false;
}
// Value::stripPointerCasts over constants: bitcasts, address space casts, all-zero GEPs.
function stripCasts(v: i32): i32 {
  for (let n = 0; n < 256 && v >= 0 && <i32>vKind.get(v) == VK.ConstExpr; n++) {
    if (!isCastStep(v)) return v;
    v = operand(v, 0);
  }
  return v;
}
function isCastStep(v: i32): bool {
  let o = <i32>iOp.get(v);
  if (o == Op.BitCast || o == Op.AddrSpaceCast) return numOperands(v) > 0;
  if (o != Op.GetElementPtr) return false;
  for (let j = 1; j < numOperands(v); j++) {
    let x = operand(v, j);
    if (!(x >= 0 && <i32>vKind.get(x) == VK.ConstInt && isZeroInt(x))) return false;
  }
  return numOperands(v) > 0;
}
// GlobalValue::isInterposable by linkage (weak, linkonce, common, extern_weak; the
// SemanticInterposition module flag is not read).
export function isInterposable(g: i32): bool {
  let l = <i32>gLinkage.get(g);
  return l == Linkage.Weak || l == Linkage.LinkOnce || l == Linkage.Common || l == Linkage.ExternWeak;
}
