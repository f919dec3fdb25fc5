// Auto-upgrade: what LLVM does to older IR when it reads it, run by both readers at the end of the
// module (text/parse-finish.ts, bitcode/reader.ts), as LLVM's AutoUpgrade serves both of its. Each
// upgrade says which LLVM versions do it; the target version is ir/version.ts.
import { I32Vec, U8Vec } from "../util/vec";
import { strtab } from "./module";
import { Op, F_TAIL_SHIFT } from "./opcodes";
import { TK, tyKind, tyA, tyN, tyFlags, T_VOID, T_I64, ptrType, listLen, listAt, functionType, structType, TF_PACKED, TF_VARARG, TF_HASBODY } from "./types";
import {
  VK, vKind, vType, vName, vA, iNext, iMD, iDbg, iOp, iFlags, operand, setOperand, numOperands, hasUses, replaceAllUsesWith, vFirstUse, opUser, opNext, eraseInst, valueCount,
} from "./values";
import { GK, Linkage, gKind, gValue, gFlags, gValueType, gFirstBlock, GF_ERASED, globalCount } from "./globals";
import {
  nmdName, nmdOps, nmdNOps, nmdPool, mdOps, mdNOps, mdPool, mdKind, MK, mdA, drNext, findAttachment, addAttachment, MDK_DBG, drPool,
  drOps, drNOps, DR, newDebugRecord, newMD, attKind, attMD, attNext, MDK_TBAA,
} from "./metadata";
import { intSExt64, getInt, isNullValue, getPoison } from "./constants";
import { reading, mdForValueId } from "./module-reading";
import { createFunction, IRBuilder } from "./builder";
import { eraseGlobal, declareIntrinsic, getOrDeclareIntrinsic, takeName } from "./edit";
import { has, Feature, llvmVersion } from "./version";
import { callAttrs, callNumArgs, callArg, callCC } from "./inst";
import { AT, ATTR_ALIGN, attrSets, internAttrList } from "./attributes";
import { encodeAlign } from "./align";
import { SigMatcher, SigMatch, genericIntrinsic, intrinsicBaseName } from "./intrinsic-sigs";

// `call @llvm.dbg.value/declare/assign/label(...)` become debug records on the next instruction,
// as LLVM 19 does when it reads old IR; the intrinsic declarations go away when unused.
export function upgradeDebugIntrinsics(): void {
  let n = globalCount();
  for (let g = 0; g < n; g++) {
    if (<i32>gKind.get(g) != GK.Func) continue;
    let fv = gValue.get(g);
    let nm = vName.get(fv);
    if (nm < 0) continue;
    let kind = -1;
    if (strtab.eqStr(nm, "llvm.dbg.value")) kind = DR.Value;
    else if (strtab.eqStr(nm, "llvm.dbg.declare")) kind = DR.Declare;
    else if (strtab.eqStr(nm, "llvm.dbg.assign")) kind = DR.Assign;
    else if (strtab.eqStr(nm, "llvm.dbg.label")) kind = DR.Label;
    else if (strtab.eqStr(nm, "llvm.dbg.addr")) kind = DBG_ADDR;
    if (kind < 0) continue;
    // collect calls
    let s = vFirstUse.get(fv);
    let calls = new I32Vec(16);
    while (s >= 0) {
      let u = opUser.get(s);
      if (<i32>vKind.get(u) == VK.Inst && <i32>iOp.get(u) == Op.Call && operand(u, 0) == fv) calls.push(u);
      s = opNext.get(s);
    }
    for (let j = 0; j < calls.len; j++) convertDbgCall(calls.get(j), kind);
    if (!hasUses(fv)) gFlags.set(g, gFlags.get(g) | GF_ERASED);
  }
}
function mdOfArg(call: i32, i: i32): i32 {
  let a = operand(call, 1 + i);
  if (a >= 0 && <i32>vKind.get(a) == VK.MDValue) return vA.get(a);
  return -1;
}
// The expression `e` with DW_OP_deref in front (DIExpression::prepend with DerefBefore).
function derefFirst(e: i32): i32 {
  if (e < 0 || <i32>mdKind.get(e) != MK.Expr) return e;
  let text = mdA.get(e);
  let n = strtab.lenOf(text);
  reading.nameBuf.clear();
  let d = n == 0 ? "DW_OP_deref" : "DW_OP_deref, ";
  for (let i = 0; i < d.length; i++) reading.nameBuf.push(<u8>d.charCodeAt(i));
  let p = strtab.ptrOf(text);
  for (let i = 0; i < n; i++) reading.nameBuf.push(load<u8>(p + <usize>i));
  return newMD(MK.Expr, strtab.intern(reading.nameBuf.ptr, reading.nameBuf.len));
}
// llvm.dbg.addr (removed in LLVM 17) reads as a dbg.value of the address with DW_OP_deref in front.
const DBG_ADDR: i32 = 100;
function convertDbgCall(call: i32, kind: i32): void {
  let nextInst = iNext.get(call);
  if (nextInst < 0) return; // a call can't end a block; leave it if it does
  let addr = kind == DBG_ADDR;
  if (addr) kind = DR.Value;
  let r = newDebugRecord(kind);
  drOps.set(r, drPool.len);
  let nArgs = kind == DR.Label ? 1 : kind == DR.Assign ? 6 : 3;
  for (let i = 0; i < nArgs; i++) drPool.push(i == 2 && addr ? derefFirst(mdOfArg(call, i)) : mdOfArg(call, i));
  drPool.push(findAttachment(iMD.get(call), MDK_DBG));
  drNOps.set(r, nArgs + 1);
  // the call's own records go first, then this one, then the next instruction's
  let tail = iDbg.get(call);
  let head = tail;
  if (head < 0) head = r;
  else { let t = head; while (drNext.get(t) >= 0) t = drNext.get(t); drNext.set(t, r); }
  drNext.set(r, iDbg.get(nextInst));
  iDbg.set(nextInst, head);
  iDbg.set(call, -1);
  eraseInst(call);
}

// LLParser's TBAA upgrade (UpgradeTBAANode, LLVM 19 and 22): an instruction's !tbaa that is not a
// struct-path tag (a node first, three or more operands) is an old scalar tag; it becomes the
// struct-path tag !{T, T, i64 0} with T the old tag, or, for an old tag of three operands
// !{name, parent, flag}, !{T, T, i64 0, flag} with T = !{name, parent}. An empty node stays.
export function upgradeTBAATags(): void {
  let any = false;
  for (let a = 0; a < attKind.len; a++) if (attKind.get(a) == MDK_TBAA) { any = true; break; }
  if (!any) return;
  let zero = -1;
  let n = globalCount();
  for (let g = 0; g < n; g++) {
    if (<i32>gKind.get(g) != GK.Func) continue;
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
        for (let a = iMD.get(i); a >= 0; a = attNext.get(a)) {
          if (attKind.get(a) != MDK_TBAA) continue;
          let tag = attMD.get(a);
          if (tag < 0 || <i32>mdKind.get(tag) != MK.Tuple) break;
          let ops = mdOps.get(tag), k = mdNOps.get(tag);
          if (k == 0) break;
          let first = mdPool.get(ops);
          let fk = first >= 0 ? <i32>mdKind.get(first) : -1;
          if ((fk == MK.Tuple || fk == MK.Node || fk == MK.Expr) && k >= 3) break;
          if (zero < 0) zero = mdForValueId(getInt(T_I64, 0));
          let t = tag;
          if (k == 3) t = newTuple3(first, mdPool.get(ops + 1), -1, -1, 2);
          attMD.set(a, newTuple3(t, t, zero, k == 3 ? mdPool.get(ops + 2) : -1, k == 3 ? 4 : 3));
          break;
        }
      }
    }
  }
}
// A new tuple of the first n of (a, b, c, d).
function newTuple3(a: i32, b: i32, c: i32, d: i32, n: i32): i32 {
  let m = newMD(MK.Tuple, -1);
  mdOps.set(m, mdPool.len);
  mdPool.push(a); mdPool.push(b);
  if (n > 2) mdPool.push(c);
  if (n > 3) mdPool.push(d);
  mdNOps.set(m, n);
  return m;
}

// LLVM's module-flag upgrades on reading: "PIC Level" with behaviour Error (1) or Max (7) becomes
// Min (8); "PIE Level" with Error becomes Max.
export function upgradeModuleFlags(): void {
  for (let i = 0; i < nmdName.len; i++) {
    if (!strtab.eqStr(nmdName.get(i), "llvm.module.flags")) continue;
    let s = nmdOps.get(i);
    for (let j = 0; nmdNOps.get(i) > j; j++) {
      let flag = nmdPool.get(s + j);
      if (flag < 0 || <i32>mdKind.get(flag) != MK.Tuple || mdNOps.get(flag) != 3) continue;
      let ops = mdOps.get(flag);
      let beh = mdPool.get(ops), id = mdPool.get(ops + 1);
      if (beh < 0 || id < 0 || <i32>mdKind.get(beh) != MK.Value || <i32>mdKind.get(id) != MK.String) continue;
      let bv = mdA.get(beh);
      if (<i32>vKind.get(bv) != VK.ConstInt) continue;
      let b = intSExt64(bv);
      let nb: i64 = -1;
      if (strtab.eqStr(mdA.get(id), "PIC Level") && (b == 1 || b == 7)) nb = 8;
      else if (strtab.eqStr(mdA.get(id), "PIE Level") && b == 1) nb = 7;
      if (nb < 0) continue;
      // a new node in the flag's place, as LLVM's setOperand(MDNode::get(...)): another use of
      // the old node keeps it
      nmdPool.set(s + j, newTuple3(mdForValueId(getInt(vType.get(bv), nb)), id, mdPool.get(ops + 2), -1, 3));
    }
  }
}

function listed(v: I32Vec, x: i32): bool {
  for (let i = 0; i < v.len; i++) if (v.get(i) == x) return true;
  return false;
}

// Intrinsic declarations LLVM replaces as it reads a module (UpgradeIntrinsicFunction), one after
// another in module order, each new declaration going to the end of the module:
// - Lifetime markers: LLVM 22 dropped the size operand of llvm.lifetime.start/end. Reading the old
//   form, opt-22 keeps the calls whose pointer is an alloca after stripping casts and all-zero
//   GEPs (the call then takes the alloca itself, without the size) and drops the others; the old
//   declaration is replaced by the new one, and a stray declaration is left, overloaded on the
//   old declaration's first parameter type (`declare void @llvm.lifetime.<kind>.i64(i64)` for a
//   well-formed one; see lifetimeStray), one per name.
// - Renamed intrinsics and remangled names (RENAMED, renamedIntrinsic below): a new declaration under the
//   new name takes every use.
// The lifetime markers' new declarations come in another order from bitcode (`fromBitcode`):
// from text, opt-22 upgrades one old declaration after another (its stray, then the new
// declaration its first kept call needs); from bitcode, it replaces the declarations as it reads
// them (strays and renamed intrinsics) and makes the markers' new declarations as it reads the
// calls, in module order. Runs after the intrinsic attributes are given.
// `first`: globals to upgrade before the others, in its order (the text reader's declarations of
// called intrinsics LLVM upgrades as it declares them); the rest in module order.
export function upgradeIntrinsicDeclarations(fromBitcode: bool = false, first: I32Vec | null = null): void {
  // under LLVM 19 the sizeless form is an invalid intrinsic signature: the verifier reports it as
  // opt-19 does
  let sizeless = has(Feature.SizelessLifetime);
  let n = globalCount();
  let olds = new I32Vec(4);     // the old lifetime declarations' function values
  let strays = new I32Vec(4);   // and the stray declaration of each one's kind
  let newDecls = new I32Vec(4); // (kind: 1 start / 0 end, address space, declaration) triples
  let builder = new IRBuilder(); // places the new calls (one per module read)
  let sigs = new SigMatcher();
  let nFirst = first != null ? first.len : 0;
  for (let k = 0; k < nFirst + n; k++) {
    let g = k < nFirst ? first!.get(k) : k - nFirst;
    if (k >= nFirst && nFirst > 0 && listed(first!, g)) continue;
    if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0) continue;
    let fv = gValue.get(g), nm = vName.get(fv);
    if (nm < 0 || !strtab.startsWithStr(nm, "llvm.")) continue;
    if (sizeless && isOldLifetime(g)) {
      let stray = lifetimeStray(g, sigs);
      olds.push(fv); strays.push(stray);
      if (fromBitcode) continue;
      // the calls, newest use first as LLVM walks a use list
      let calls = new I32Vec(8);
      for (let s = vFirstUse.get(fv); s >= 0; s = opNext.get(s)) {
        let u = opUser.get(s);
        if (<i32>vKind.get(u) == VK.Inst && <i32>iOp.get(u) == Op.Call && operand(u, 0) == fv) calls.push(u);
      }
      for (let j = 0; j < calls.len; j++) upgradeLifetimeCall(calls.get(j), stray, newDecls, builder);
      continue;
    }
    if (returnsNamedStruct(g)) { upgradeStructReturn(g, builder); continue; }
    if (llvmVersion >= 22 && upgradeMaskedAlignment(g, sigs, builder)) continue;
    let name = renamedIntrinsic(g, sigs);
    if (name < 0) continue;
    let ng = remangledDeclaration(name, gValueType.get(g));
    replaceAllUsesWith(fv, gValue.get(ng));
    eraseGlobal(g);
  }
  if (olds.len == 0) return;
  if (fromBitcode) {
    for (let g = 0; g < n; g++) {
      if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0) continue;
      for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
        let i = vA.get(b);
        while (i >= 0) {
          let nx = iNext.get(i);
          if (<i32>iOp.get(i) == Op.Call) {
            let callee = operand(i, 0);
            for (let k = 0; k < olds.len; k++) {
              if (olds.get(k) != callee) continue;
              upgradeLifetimeCall(i, strays.get(k), newDecls, builder);
              break;
            }
          }
          i = nx;
        }
      }
    }
  }
  for (let k = 0; k < olds.len; k++) {
    let fv = olds.get(k);
    if (!hasUses(fv)) eraseGlobal(vA.get(fv));
  }
}
// The declaration named `name` of type fnTy: the module's function of that name when it has that
// type; else what holds the name gives it up (renamed `<name>.renamed`, as LLVM does) and a new
// declaration takes it.
function remangledDeclaration(name: i32, fnTy: i32): i32 {
  let n = globalCount();
  for (let g = 0; g < n; g++) {
    if ((gFlags.get(g) & GF_ERASED) != 0 || vName.get(gValue.get(g)) != name) continue;
    if (<i32>gKind.get(g) == GK.Func && gValueType.get(g) == fnTy) return g;
    reading.nameBuf.clear();
    let p = strtab.ptrOf(name);
    for (let i = 0; i < strtab.lenOf(name); i++) reading.nameBuf.push(load<u8>(p + <usize>i));
    let suffix = ".renamed";
    for (let i = 0; i < suffix.length; i++) reading.nameBuf.push(<u8>suffix.charCodeAt(i));
    vName.set(gValue.get(g), strtab.intern(reading.nameBuf.ptr, reading.nameBuf.len));
    break;
  }
  return declareIntrinsic(name, fnTy);
}
// LLVM 22 took the alignment operand out of llvm.masked.load/store/gather/scatter: reading the old
// form (an i32 alignment after the pointer operand), each call becomes one of the new declaration
// without it, the alignment an `align` on the pointer operand; the call keeps its name, tail kind,
// calling convention and metadata, not its other attributes. An alignment that is not a constant
// power of two makes opt-22 stop ("LLVM ERROR: Invalid alignment argument"); wopt leaves such a
// declaration as it is (the verifier then rejects its signature). True when g was upgraded.
function upgradeMaskedAlignment(g: i32, sigs: SigMatcher, builder: IRBuilder): bool {
  let fv = gValue.get(g), nm = vName.get(fv);
  if (!strtab.startsWithStr(nm, "llvm.masked.")) return false;
  let k = genericIntrinsic(nm);
  if (k < 0) return false;
  let base = intrinsicBaseName(k);
  let loads = base == "llvm.masked.load" || base == "llvm.masked.gather";
  if (!loads && base != "llvm.masked.store" && base != "llvm.masked.scatter") return false;
  let fnTy = gValueType.get(g);
  let alignAt = loads ? 1 : 2, ptrAt = loads ? 0 : 1;
  if (listLen(fnTy) != 4 || (tyFlags.get(fnTy) & TF_VARARG) != 0 || !isIntOf32(listAt(fnTy, alignAt))) return false;
  let calls = new I32Vec(8);
  for (let s = vFirstUse.get(fv); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (<i32>vKind.get(u) != VK.Inst || <i32>iOp.get(u) != Op.Call || operand(u, 0) != fv) continue;
    let a = callArg(u, alignAt);
    if (<i32>vKind.get(a) != VK.ConstInt) return false;
    let v = intSExt64(a);
    if (v <= 0 || (v & (v - 1)) != 0) return false;
    calls.push(u);
  }
  let params = new I32Vec(4);
  for (let i = 0; i < 4; i++) if (i != alignAt) params.push(listAt(fnTy, i));
  let newFnTy = functionType(tyA.get(fnTy), params, 0, params.len, false);
  if (sigs.match(k, newFnTy) != SigMatch.Match || !sigs.mangledName(k)) return false;
  let name = sigs.nameId();
  vName.set(fv, -1);
  let ng = remangledDeclaration(name, newFnTy);
  let nf = gValue.get(ng);
  let args = new I32Vec(4), slots = new I32Vec(2 + 4), entry = new I32Vec(4);
  for (let j = 0; j < calls.len; j++) {
    let c = calls.get(j);
    builder.setInsertPointBefore(c);
    args.clear();
    for (let a = 0; a < 4; a++) if (a != alignAt) args.push(callArg(c, a));
    entry.clear(); entry.push(AT.Int); entry.push(ATTR_ALIGN); entry.push(encodeAlign(intSExt64(callArg(c, alignAt)))); entry.push(0);
    slots.clear(); slots.push(-1); slots.push(-1);
    for (let a = 0; a < ptrAt; a++) slots.push(-1);
    slots.push(attrSets.internVec(entry, 0, entry.len));
    let nc = builder.buildCall(newFnTy, nf, args, 0, args.len, internAttrList(slots, 0, slots.len), callCC(c), (iFlags.get(c) >> F_TAIL_SHIFT) & 3);
    iMD.set(nc, iMD.get(c)); iMD.set(c, -1);
    iDbg.set(nc, iDbg.get(c)); iDbg.set(c, -1);
    takeName(nc, c);
    replaceAllUsesWith(c, nc);
    eraseInst(c);
  }
  if (!hasUses(fv)) eraseGlobal(g);
  return true;
}
function isIntOf32(t: i32): bool { return <i32>tyKind.get(t) == TK.Int && tyA.get(t) == 32; }
// The intrinsics declared to return a struct (not an overloaded type that happens to be one), with
// the first version that has them (of 19 and 22).
const STRUCT_RETURNS: string[] = [
  "llvm.sadd.with.overflow:19", "llvm.uadd.with.overflow:19", "llvm.ssub.with.overflow:19", "llvm.usub.with.overflow:19",
  "llvm.smul.with.overflow:19", "llvm.umul.with.overflow:19", "llvm.frexp:19", "llvm.vector.deinterleave2:19",
  "llvm.sincos:22", "llvm.sincospi:22", "llvm.modf:22", "llvm.vector.deinterleave3:22", "llvm.vector.deinterleave4:22",
  "llvm.vector.deinterleave5:22", "llvm.vector.deinterleave6:22", "llvm.vector.deinterleave7:22", "llvm.vector.deinterleave8:22",
];
// An intrinsic of STRUCT_RETURNS declared with a named or packed struct: LLVM declares it anew with
// the literal struct of the same elements.
function returnsNamedStruct(g: i32): bool {
  let ret = tyA.get(gValueType.get(g));
  let k = <i32>tyKind.get(ret);
  if (k != TK.NamedStruct && !(k == TK.Struct && (tyFlags.get(ret) & TF_PACKED) != 0)) return false;
  if (k == TK.NamedStruct && (tyFlags.get(ret) & TF_HASBODY) == 0) return false;   // opaque: no elements to take
  let nm = vName.get(gValue.get(g));
  for (let i = 0; i < STRUCT_RETURNS.length; i++) {
    let e = STRUCT_RETURNS[i], c = e.indexOf(":");
    if (llvmVersion < I32.parseInt(e.substring(c + 1))) continue;
    let base = e.substring(0, c);
    if (strtab.startsWithStr(nm, base + ".")) return true;
  }
  return false;
}
// The declaration anew (at the end of the module, under the old name) returning the literal
// struct; each call becomes a call of it whose elements are put back into the old struct type
// (extractvalue, insertvalue), all with the old call's location and (LLVM 22) attributes and
// nothing else of it. Calls are taken newest use first, as LLVM walks a use list.
function upgradeStructReturn(g: i32, builder: IRBuilder): void {
  let fv = gValue.get(g), fnTy = gValueType.get(g);
  let oldRet = tyA.get(fnTy);
  let nElems = listLen(oldRet);
  let elems = new I32Vec(nElems);
  for (let i = 0; i < nElems; i++) elems.push(listAt(oldRet, i));
  let newRet = structType(elems, 0, nElems, false);
  let params = new I32Vec(4);
  for (let i = 0; i < listLen(fnTy); i++) params.push(listAt(fnTy, i));
  let newFnTy = functionType(newRet, params, 0, params.len, (tyFlags.get(fnTy) & TF_VARARG) != 0);
  let name = vName.get(fv);
  vName.set(fv, -1);
  let ng = declareIntrinsic(name, newFnTy);
  let nf = gValue.get(ng);
  let calls = new I32Vec(8);
  for (let s = vFirstUse.get(fv); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (<i32>vKind.get(u) == VK.Inst && <i32>iOp.get(u) == Op.Call && operand(u, 0) == fv) calls.push(u);
  }
  let args = new I32Vec(4);
  for (let j = 0; j < calls.len; j++) {
    let c = calls.get(j);
    builder.setInsertPointBefore(c);
    args.clear();
    for (let a = 0; a < callNumArgs(c); a++) args.push(callArg(c, a));
    let loc = findAttachment(iMD.get(c), MDK_DBG);
    // LLVM 22 keeps the call-site attributes; LLVM 19 dropped them
    let nc = builder.buildCall(newFnTy, nf, args, 0, args.len, llvmVersion >= 22 ? callAttrs(c) : -1, 0, 0);
    iDbg.set(nc, iDbg.get(c)); iDbg.set(c, -1);
    let res = getPoison(oldRet);
    for (let k = 0; k < nElems; k++) {
      let ev = builder.buildExtractValue(nc, k);
      res = builder.buildInsertValue(res, ev, k);
      if (loc >= 0) { iMD.set(ev, addAttachment(-1, MDK_DBG, loc)); iMD.set(res, addAttachment(-1, MDK_DBG, loc)); }
    }
    if (loc >= 0) iMD.set(nc, addAttachment(-1, MDK_DBG, loc));
    replaceAllUsesWith(c, res);
    eraseInst(c);
  }
  if (!hasUses(fv)) eraseGlobal(g);
}
// llvm.lifetime.start/end with the old (size, ptr) signature: two parameters, whatever their
// types (LLVM upgrades by the count alone, and its calls by their own pointer operand).
function isOldLifetime(g: i32): bool { return isOldLifetimeCall(vName.get(gValue.get(g)), gValueType.get(g)); }
// The same for a function name and type (the reader asks it of an undeclared callee).
export function isOldLifetimeCall(nm: i32, fnTy: i32): bool {
  if (!strtab.startsWithStr(nm, "llvm.lifetime.start") && !strtab.startsWithStr(nm, "llvm.lifetime.end")) return false;
  return listLen(fnTy) == 2;
}
// The old declaration gives up its name (it is erased once its calls are upgraded) and LLVM
// declares the intrinsic overloaded on the old declaration's first parameter type T, the "stray":
// `llvm.lifetime.<kind>.<T mangled>(T)`, a plain declaration (of i64, the size, in a well-formed
// module), or the new marker itself, with its attributes, when T is a pointer. The module's own
// function of that name is used when there is one. Returns the stray's function value.
function lifetimeStray(g: i32, sigs: SigMatcher): i32 {
  let fv = gValue.get(g);
  let start = strtab.startsWithStr(vName.get(fv), "llvm.lifetime.start.");
  vName.set(fv, -1);
  let t = listAt(gValueType.get(g), 0);
  if (<i32>tyKind.get(t) == TK.Ptr) return gValue.get(lifetimeDecl(start ? "llvm.lifetime.start." : "llvm.lifetime.end.", tyA.get(t)));
  let base = strtab.internStr(start ? "llvm.lifetime.start" : "llvm.lifetime.end");
  let k = genericIntrinsic(base);
  sigs.overloads.clear(); sigs.overloads.push(t);
  let name = k >= 0 && sigs.mangledName(k) ? sigs.nameId() : strtab.internStr(start ? "llvm.lifetime.start.i64" : "llvm.lifetime.end.i64");
  let n = globalCount();
  for (let h = 0; h < n; h++) {
    if (<i32>gKind.get(h) == GK.Func && (gFlags.get(h) & GF_ERASED) == 0 && vName.get(gValue.get(h)) == name) return gValue.get(h);
  }
  return gValue.get(createFunction(functionType(T_VOID, singleParam(t), 0, 1, false), Linkage.External, 0, name));
}
// One call of an old declaration: of the old form (size, pointer), replaced by a call of the new
// form on its alloca, or dropped (its debug records move on); of another number of arguments, it
// calls the stray declaration instead, as LLVM retargets it (the verifier then refuses it, as
// opt-22's does). `newDecls` caches the new declarations by kind and address space.
function upgradeLifetimeCall(c: i32, stray: i32, newDecls: I32Vec, builder: IRBuilder): void {
  if (callNumArgs(c) != 2) { setOperand(c, 0, stray); return; }
  let start = strtab.startsWithStr(vName.get(stray), "llvm.lifetime.start.");
  let p = stripPointerCasts(operand(c, 2));
  if (p >= 0 && <i32>vKind.get(p) == VK.Inst && <i32>iOp.get(p) == Op.Alloca) {
    let addrSpace = tyA.get(vType.get(p));
    let decl = -1;
    for (let k = 0; k < newDecls.len; k += 3) {
      if (newDecls.get(k) == (start ? 1 : 0) && newDecls.get(k + 1) == addrSpace) { decl = newDecls.get(k + 2); break; }
    }
    if (decl < 0) {
      decl = lifetimeDecl(start ? "llvm.lifetime.start." : "llvm.lifetime.end.", addrSpace);
      newDecls.push(start ? 1 : 0); newDecls.push(addrSpace); newDecls.push(decl);
    }
    builder.setInsertPointBefore(c);
    reading.lifetimeArgs.clear(); reading.lifetimeArgs.push(p);
    let nc = builder.buildCall(gValueType.get(decl), gValue.get(decl), reading.lifetimeArgs, 0, 1, -1, 0, 0);
    // the new call has the old one's location and nothing else of it: its other attachments
    // (!noalias, !alias.scope, !annotation, ...), call-site attributes and tail marker are gone, as
    // with opt-22
    let loc = findAttachment(iMD.get(c), MDK_DBG);
    if (loc >= 0) iMD.set(nc, addAttachment(-1, MDK_DBG, loc));
    iDbg.set(nc, iDbg.get(c)); iDbg.set(c, -1);
  } else if (iDbg.get(c) >= 0) moveRecordsToNext(c);
  eraseInst(c);
}
// Value::stripPointerCasts over instructions: bitcasts, address-space casts and GEPs whose indices
// are all zero. Unverified input may make a cycle (`%z = getelementptr ..., ptr %z, ...`): as in
// LLVM, the walk stops in the cycle (it hung here; found by the fuzzer). A walk longer than there
// are values is in one; where it stops there is a cast or GEP, never an alloca, as in LLVM.
function stripPointerCasts(p: i32): i32 {
  let limit = valueCount();
  for (let steps = 0; p >= 0 && <i32>vKind.get(p) == VK.Inst; steps++) {
    if (steps > limit) return p;
    let op = <i32>iOp.get(p);
    if (op == Op.GetElementPtr) {
      for (let k = 1; k < numOperands(p); k++) {
        let x = operand(p, k);
        if (!isNullValue(x)) return p;
      }
    } else if (op != Op.BitCast && op != Op.AddrSpaceCast) return p;
    p = operand(p, 0);
  }
  return p;
}
function singleParam(t: i32): I32Vec { reading.paramScratch.clear(); reading.paramScratch.push(t); return reading.paramScratch; }
// The new-form declaration `llvm.lifetime.<kind>.p<AS>(ptr addrspace(AS))`: the module's own, or a
// new one at the end.
function lifetimeDecl(kind: string, addrSpace: i32): i32 {
  let name = strtab.internStr(kind + "p" + addrSpace.toString());
  return getOrDeclareIntrinsic(name, functionType(T_VOID, singleParam(ptrType(addrSpace)), 0, 1, false));
}
// A dropped call's debug records move to the instruction after it.
function moveRecordsToNext(c: i32): void {
  let nx = iNext.get(c);
  if (nx < 0) return;
  let head = iDbg.get(c), t = head;
  while (drNext.get(t) >= 0) t = drNext.get(t);
  drNext.set(t, iDbg.get(nx));
  iDbg.set(nx, head); iDbg.set(c, -1);
}

// Intrinsics LLVM renamed: reading the old name, the version that renamed it declares the new name.
// [old prefix, new prefix, first version].
const RENAMED: string[] = [
  "llvm.experimental.stepvector.", "llvm.stepvector.", "22",
  "llvm.experimental.vector.partial.reduce.add.", "llvm.vector.partial.reduce.add.", "22",
];
// The name a declaration takes instead of its own (strId), or -1: the new name of a renamed
// intrinsic, or the name its types mangle to (Intrinsic::remangleIntrinsicFunction: a generic
// intrinsic of the right signature whose name is not the one its overloaded types give, such as
// the typed-pointer manglings of older IR, `llvm.memcpy.p0i8.p0i8.i64`, or va_start and friends
// declared without a suffix).
function renamedIntrinsic(g: i32, sigs: SigMatcher): i32 {
  let fv = gValue.get(g), nm = vName.get(fv);
  for (let k = 0; k < RENAMED.length; k += 3) {
    if (llvmVersion < I32.parseInt(RENAMED[k + 2]) || !strtab.startsWithStr(nm, RENAMED[k])) continue;
    // the new prefix, then the old name's overload suffix
    reading.nameBuf.clear();
    let np = RENAMED[k + 1];
    for (let i = 0; i < np.length; i++) reading.nameBuf.push(<u8>np.charCodeAt(i));
    let p = strtab.ptrOf(nm);
    for (let i = RENAMED[k].length; i < strtab.lenOf(nm); i++) reading.nameBuf.push(load<u8>(p + <usize>i));
    return strtab.intern(reading.nameBuf.ptr, reading.nameBuf.len);
  }
  let k = genericIntrinsic(nm);
  if (k < 0 || sigs.match(k, gValueType.get(g)) != SigMatch.Match || !sigs.mangledName(k)) return -1;
  let want = sigs.nameId();
  return want == nm ? -1 : want;
}
