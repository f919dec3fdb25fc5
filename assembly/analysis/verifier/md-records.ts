// The verifier's checks of debug records (Verifier::visitDbgRecords, visit(DbgVariableRecord),
// visit(DbgLabelRecord), and for records verifyFragmentExpression, verifyFnArgs and
// verifyNotEntryValue) and of !DIAssignID attachments (visitDIAssignIDMetadata). All are
// debug-info checks (CheckDI). A record's operands (ir/metadata.ts drPool): a variable record's
// location, variable, expression, [DIAssignID, address, address expression,] DILocation; a label
// record's label, DILocation.
import { strtab } from "../../ir/module";
import { VK, vKind, vName, vParent, vA, vFirstUse, iDbg, iMD, opUser, opNext, operand, valueCount } from "../../ir/values";
import { gMD, gFirstArg, gAttrs } from "../../ir/globals";
import { Op } from "../../ir/opcodes";
import {
  MK, DR, FV_RAW, mdKind, mdA, mdCount, mdPool, drKind, drOps, drNOps, drNext, drPool, findAttachment, MDK_DBG, MDK_DIASSIGNID,
} from "../../ir/metadata";
import { ensureNames, field, fieldMD, fieldInt, fieldIsTrue, subprogramOf, exprFragmentSize, exprFragmentOffset, variableSizeInBits, expressionWords } from "../../ir/debuginfo";
import { llvmVersion } from "../../ir/version";
import { isPtr, isInt } from "../../ir/types";
import { vType } from "../../ir/values";
import { ATTR_KW, paramAttrs, setHasKind } from "../../ir/attributes";
import { sortI64 } from "../../util/sort";
import { I64Vec } from "../../util/vec";
import { vr } from "./state";
import { opOf, nameStarts, intrinsicFn } from "./queries";
import { numOps } from "./md-common";
import { visitMDNode } from "./md-walk";
import { diTypeOrNull } from "./md-di-scopes";
import { expressionIsValid } from "./md-di-expr";

const ATTR_SWIFTASYNC: i32 = ATTR_KW.indexOf("swiftasync");

// Class and field names, interned on the first record of a verification (vr.recNames).
@final class RecordNames {
  LOC: i32 = strtab.internStr("DILocation");
  LV: i32 = strtab.internStr("DILocalVariable");
  LABEL: i32 = strtab.internStr("DILabel");
  ASSIGNID: i32 = strtab.internStr("DIAssignID");
  SP: i32 = strtab.internStr("DISubprogram");
  scope: i32 = strtab.internStr("scope");
  type: i32 = strtab.internStr("type");
  arg: i32 = strtab.internStr("arg");
  flags: i32 = strtab.internStr("flags");
  inlinedAt: i32 = strtab.internStr("inlinedAt");
  atomGroup: i32 = strtab.internStr("atomGroup");
  keyInstructions: i32 = strtab.internStr("keyInstructions");
}
function names(): RecordNames {
  ensureNames();   // (subprogramOf reads the debug-info tables' names)
  if (vr.recNames == 0) vr.recNames = changetype<usize>(new RecordNames());
  return changetype<RecordNames>(vr.recNames);
}
function cls(m: i32): i32 { return m >= 0 && m < mdCount() && <i32>mdKind.get(m) == MK.Node ? mdA.get(m) : -1; }
function isExpr(m: i32): bool { return m >= 0 && m < mdCount() && <i32>mdKind.get(m) == MK.Expr; }
function isValueMD(m: i32): bool { return m >= 0 && m < mdCount() && <i32>mdKind.get(m) == MK.Value; }
// An MDNode without operands (the empty location `!{}`; a DIExpression or DIAssignID has none).
function isEmptyNode(m: i32): bool {
  if (m < 0 || m >= mdCount()) return false;
  let k = <i32>mdKind.get(m);
  if (k == MK.Tuple) return numOps(m) == 0;
  if (k == MK.Expr) return true;
  return k == MK.Node && mdA.get(m) == names().ASSIGNID;
}
@inline function recOp(r: i32, k: i32): i32 { return drPool.get(drOps.get(r) + k); }
@inline function recLoc(r: i32): i32 { return drPool.get(drOps.get(r) + drNOps.get(r) - 1); }

// A failed check: the message, the record (as opt writes a DbgRecord), then metadata.
function failRec(msg: string, r: i32, i: i32, m: i32 = -1): void {
  vr.failDebugInfo(msg); vr.wrec(r, i); vr.wm(m);
}
// LLVM 22 adds the record's block and function to the values the variable-record checks write.
function blockAndFunction(i: i32): void {
  if (llvmVersion < 22) return;
  vr.w(vParent.get(i)); vr.w(vr.curFnValue);
}

// Verifier::visitDbgRecords: the records attached before instruction i (called only when it has some).
export function visitDbgRecords(i: i32): void {
  let head = iDbg.get(i);
  if (opOf(i) == Op.Phi) { vr.failDebugInfo("PHI Node must not have any attached DbgRecords"); vr.w(i); return; }
  let nm = names();
  for (let r = head; r >= 0; r = drNext.get(r)) {
    let loc = recLoc(r);
    if (cls(loc) == nm.LOC) visitMDNode(loc, true);
    if (<i32>drKind.get(r) == DR.Label) { visitLabelRecord(r, i); continue; }
    visitVariableRecord(r, i);
    fragmentExpression(r, i);
    notEntryValue(r, i);
  }
}

function visitLabelRecord(r: i32, i: i32): void {
  let nm = names();
  let label = recOp(r, 0);
  if (cls(label) != nm.LABEL) { failRec("invalid #dbg_label intrinsic variable", r, i, label); return; }
  let loc = recLoc(r);
  // (a location that is not a DILocation is reported elsewhere)
  if (loc >= 0 && cls(loc) != nm.LOC) return;
  if (loc < 0) { failRec("#dbg_label record requires a !dbg attachment", r, i); vr.w(vParent.get(i)); vr.w(vr.curFnValue); return; }
  let labelSP = subprogramOf(fieldMD(label, nm.scope)), locSP = subprogramOf(fieldMD(loc, nm.scope));
  if (labelSP < 0 || locSP < 0) return;
  if (labelSP != locSP) {
    failRec("mismatched subprogram between #dbg_label label and !dbg attachment", r, i);
    vr.w(vParent.get(i)); vr.w(vr.curFnValue); vr.wm(label); vr.wm(labelSP); vr.wm(loc); vr.wm(locSP);
  }
}

// Verifier::visit(DbgVariableRecord &).
function visitVariableRecord(r: i32, i: i32): void {
  let nm = names();
  let kind = <i32>drKind.get(r);
  let loc = recOp(r, 0);
  if (!(isValueMD(loc) || (loc >= 0 && <i32>mdKind.get(loc) == MK.ArgList) || isEmptyNode(loc))) {
    failRec("invalid #dbg record address/value", r, i, loc); blockAndFunction(i); return;
  }
  // (LLVM 22) a declare's location is a pointer or an integer
  if (kind == DR.Declare && llvmVersion >= 22 && isValueMD(loc)) {
    let t = vType.get(mdA.get(loc));
    if (!isPtr(t) && !isInt(t)) {
      failRec("location of #dbg_declare must be a pointer or int", r, i); vr.w(mdA.get(loc)); blockAndFunction(i); return;
    }
  }
  let v = recOp(r, 1);
  if (cls(v) != nm.LV) { failRec("invalid #dbg record variable", r, i, v); blockAndFunction(i); return; }
  visitMDNode(v, false);
  let e = recOp(r, 2);
  if (!isExpr(e)) { failRec("invalid #dbg record expression", r, i, e); blockAndFunction(i); return; }
  visitMDNode(e, false);
  if (kind == DR.Assign) {
    let id = recOp(r, 3);
    if (cls(id) != nm.ASSIGNID) { failRec("invalid #dbg_assign DIAssignID", r, i, id); blockAndFunction(i); return; }
    visitMDNode(id, false);
    let addr = recOp(r, 4);
    if (!(isValueMD(addr) || isEmptyNode(addr))) { failRec("invalid #dbg_assign address", r, i, addr); blockAndFunction(i); return; }
    let ae = recOp(r, 5);
    if (!isExpr(ae)) { failRec("invalid #dbg_assign address expression", r, i, ae); blockAndFunction(i); return; }
    visitMDNode(ae, false);
    // the instructions the DIAssignID is attached to are in the record's function
    let fn = vr.curFnValue;
    let lo = assignFirst(vr.aidInsts, id);
    for (let k = lo; k >= 0 && k < vr.aidInsts.len && <i32>(vr.aidInsts.get(k) >> 32) == id; k++) {
      let other = <i32>vr.aidInsts.get(k);
      if (fnOfInst(other) != fn) {
        vr.failDebugInfo("inst not in same function as #dbg_assign"); vr.w(other); vr.wrec(r, i); blockAndFunction(i); return;
      }
    }
  }
  let t = fieldMD(v, nm.type);
  if (!diTypeOrNull(t)) { vr.failDebugInfo("invalid type ref"); vr.wm(v); vr.wm(t); blockAndFunction(i); return; }
  let dl = recLoc(r);
  if (cls(dl) != nm.LOC) { failRec("invalid #dbg record DILocation", r, i, dl); blockAndFunction(i); return; }
  let varSP = subprogramOf(fieldMD(v, nm.scope)), locSP = subprogramOf(fieldMD(dl, nm.scope));
  if (varSP < 0 || locSP < 0) return;
  if (varSP != locSP) {
    failRec("mismatched subprogram between #dbg record variable and DILocation", r, i);
    vr.w(vParent.get(i)); vr.w(vr.curFnValue); vr.wm(v); vr.wm(varSP); vr.wm(dl); vr.wm(locSP); blockAndFunction(i);
    return;
  }
  fnArgs(r, i, v, dl);
}

// Verifier::verifyFnArgs: in a function with a subprogram, two records of its own (not inlined)
// may not describe one argument number with different variables.
function fnArgs(r: i32, i: i32, v: i32, dl: i32): void {
  let nm = names();
  if (vr.recFnEpoch != vr.epoch || vr.recFn != vr.curFn) {
    vr.recFnEpoch = vr.epoch; vr.recFn = vr.curFn;
    vr.fnArgVars.clear();
    let sp = findAttachment(gMD.get(vr.curFn), MDK_DBG);
    vr.recHasDI = cls(sp) == nm.SP;
  }
  if (!vr.recHasDI) return;
  if (fieldMD(dl, nm.inlinedAt) >= 0) return;
  let argNo = <i32>fieldInt(v, nm.arg);
  if (argNo <= 0) return;
  if (vr.fnArgVars.len < argNo) vr.fnArgVars.resize(argNo, -1);
  let prev = vr.fnArgVars.get(argNo - 1);
  vr.fnArgVars.set(argNo - 1, v);
  if (prev >= 0 && prev != v) { failRec("conflicting debug info for argument", r, i, prev); vr.wm(v); }
}

// Verifier::verifyFragmentExpression for a record: a fragment lies inside its (non-artificial)
// variable and is smaller than it.
function fragmentExpression(r: i32, i: i32): void {
  let nm = names();
  let v = recOp(r, 1), e = recOp(r, 2);
  if (cls(v) != nm.LV || !isExpr(e) || !expressionIsValid(e)) return;
  let size = exprFragmentSize(e);
  if (size < 0) return;
  if (hasArtificialFlag(v)) return;
  let varSize = variableSizeInBits(v);
  if (varSize <= 0) return;
  let fs = <u32>size, fo = <u32>exprFragmentOffset(e);
  if (<u64>(fs + fo) > <u64>varSize) { failRec("fragment is larger than or outside of variable", r, i, v); return; }
  if (<u64>fs == <u64>varSize) { failRec("fragment covers entire variable", r, i, v); return; }
}
function hasArtificialFlag(v: i32): bool {
  let f = field(v, names().flags);
  if (f < 0 || mdPool.get(f + 1) != FV_RAW) return false;
  let t = mdPool.get(f + 2);
  let p = strtab.ptrOf(t), n = strtab.lenOf(t);
  let word = "DIFlagArtificial", wl = word.length;
  for (let s = 0; s + wl <= n; s++) {
    let same = true;
    for (let k = 0; k < wl; k++) if (<i32>load<u8>(p + <usize>(s + k)) != word.charCodeAt(k)) { same = false; break; }
    if (same && (s + wl == n || !isIdentChar(<i32>load<u8>(p + <usize>(s + wl))))) return true;
  }
  return false;
}
function isIdentChar(c: i32): bool { return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95; }

// Verifier::verifyNotEntryValue: DW_OP_LLVM_entry_value only for a swiftasync argument (or an
// undef or poison location).
function notEntryValue(r: i32, i: i32): void {
  let e = recOp(r, 2);
  if (!isExpr(e) || !expressionIsValid(e)) return;
  let loc = recOp(r, 0);
  if (isValueMD(loc)) {
    let val = mdA.get(loc);
    let k = <i32>vKind.get(val);
    if (k == VK.ConstUndef || k == VK.ConstPoison) return;
    if (k == VK.Arg) {
      let fv = vParent.get(val);
      let g = fv >= 0 ? vA.get(fv) : -1;
      if (g >= 0 && setHasKind(paramAttrs(gAttrs.get(g), val - gFirstArg.get(g)), ATTR_SWIFTASYNC)) return;
    }
  }
  let w = vr.piecesB;
  let p = expressionWords(e, w);
  if (w.len < 2) return;
  let word = "DW_OP_LLVM_entry_value";
  if (w.get(1) != word.length) return;
  let at = p + <usize>w.get(0);
  for (let k = 0; k < word.length; k++) if (<i32>load<u8>(at + <usize>k) != word.charCodeAt(k)) return;
  failRec("Entry values are only allowed in MIR unless they target a swiftasync Argument", r, i);
}

function fnOfInst(i: i32): i32 { let b = vParent.get(i); return b >= 0 ? vParent.get(b) : -1; }

// ---- DIAssignID users ----

// The module's DIAssignID users, found once per verification on first need: the instructions it is
// attached to (vr.aidInsts), the instructions using it as a value (vr.aidValueUsers) and the records
// naming it (vr.aidRecords; vr.aidRecInst: each record's instruction), as sorted (node << 32 | user).
function ensureAssignUsers(): void {
  if (vr.aidEpoch == vr.epoch) return;
  vr.aidEpoch = vr.epoch;
  let nm = names();
  vr.aidInsts.clear(); vr.aidValueUsers.clear(); vr.aidRecords.clear();
  let n = valueCount();
  for (let v = 0; v < n; v++) {
    let k = <i32>vKind.get(v);
    if (k == VK.Inst) {
      if (vParent.get(v) < 0) continue;
      let a = findAttachment(iMD.get(v), MDK_DIASSIGNID);
      if (a >= 0) vr.aidInsts.push((<i64>a << 32) | <i64>v);
      for (let r = iDbg.get(v); r >= 0; r = drNext.get(r)) {
        if (<i32>drKind.get(r) == DR.Label) continue;
        if (vr.aidRecInst.len <= r) vr.aidRecInst.resize(r + 1, -1);
        vr.aidRecInst.set(r, v);
        let loc = recOp(r, 0);
        if (cls(loc) == nm.ASSIGNID) vr.aidRecords.push((<i64>loc << 32) | <i64>r);
        if (<i32>drKind.get(r) == DR.Assign && drNOps.get(r) > 3) {
          let id = recOp(r, 3);
          if (id != loc && cls(id) == nm.ASSIGNID) vr.aidRecords.push((<i64>id << 32) | <i64>r);
        }
      }
    } else if (k == VK.MDValue) {
      let m = vA.get(v);
      if (cls(m) != nm.ASSIGNID) continue;
      for (let s = vFirstUse.get(v); s >= 0; s = opNext.get(s)) vr.aidValueUsers.push((<i64>m << 32) | <i64>opUser.get(s));
    }
  }
  sortI64(vr.aidInsts.ptr, vr.aidInsts.len);
  sortI64(vr.aidValueUsers.ptr, vr.aidValueUsers.len);
  sortI64(vr.aidRecords.ptr, vr.aidRecords.len);
}
// The first index of node m's entries in a sorted user list, or -1.
function assignFirst(list: I64Vec, m: i32): i32 {
  ensureAssignUsers();
  let lo = 0, hi = list.len;
  while (lo < hi) {
    let mid = (lo + hi) >>> 1;
    if (<i32>(list.get(mid) >> 32) < m) lo = mid + 1; else hi = mid;
  }
  return lo < list.len && <i32>(list.get(lo) >> 32) == m ? lo : -1;
}

// Verifier::visitDIAssignIDMetadata: !DIAssignID on an alloca, a store or a memory intrinsic call;
// the node used as a value only by llvm.dbg.assign calls, and by records only as a #dbg_assign's ID,
// each in the instruction's function.
export function visitDIAssignIDMetadata(i: i32, md: i32): void {
  let o = opOf(i);
  let ok = o == Op.Alloca || o == Op.Store || (o == Op.Call && isMemIntrinsicCall(i));
  if (!ok) { vr.failDebugInfo("!DIAssignID attached to unexpected instruction kind"); vr.w(i); vr.wm(md); return; }
  let fn = vr.curFnValue;
  let lo = assignFirst(vr.aidValueUsers, md);
  for (let k = lo; k >= 0 && k < vr.aidValueUsers.len && <i32>(vr.aidValueUsers.get(k) >> 32) == md; k++) {
    let u = <i32>vr.aidValueUsers.get(k);
    let dbgAssign = <i32>vKind.get(u) == VK.Inst && opOf(u) == Op.Call && calleeNamed(u, "llvm.dbg.assign");
    if (!dbgAssign) { vr.failDebugInfo("!DIAssignID should only be used by llvm.dbg.assign intrinsics"); vr.wm(md); vr.w(u); return; }
    if (fnOfInst(u) != fn) { vr.failDebugInfo("dbg.assign not in same function as inst"); vr.w(u); vr.w(i); return; }
  }
  lo = assignFirst(vr.aidRecords, md);
  for (let k = lo; k >= 0 && k < vr.aidRecords.len && <i32>(vr.aidRecords.get(k) >> 32) == md; k++) {
    let r = <i32>vr.aidRecords.get(k);
    let ri = vr.aidRecInst.get(r);
    if (<i32>drKind.get(r) != DR.Assign) { vr.failDebugInfo("!DIAssignID should only be used by Assign DVRs."); vr.wm(md); vr.wrec(r, ri); return; }
    if (fnOfInst(ri) != fn) { vr.failDebugInfo("DVRAssign not in same function as inst"); vr.wrec(r, ri); vr.w(i); return; }
  }
}
function calleeNamed(i: i32, name: string): bool {
  let c = operand(i, 0);
  return c >= 0 && <i32>vKind.get(c) == VK.Function && strtab.eqStr(vName.get(c), name);
}
// MemIntrinsic: llvm.memcpy(.inline), llvm.memmove, llvm.memset(.inline); from LLVM 22 also
// llvm.experimental.memset.pattern.
function isMemIntrinsicCall(i: i32): bool {
  let c = operand(i, 0);
  if (c < 0 || <i32>vKind.get(c) != VK.Function || !intrinsicFn(c)) return false;
  // (the overload suffix starts ".p": the element-wise atomic forms are not MemIntrinsics)
  if (nameStarts(c, "llvm.memcpy.p") || nameStarts(c, "llvm.memmove.p") || nameStarts(c, "llvm.memset.p") ||
      nameStarts(c, "llvm.memcpy.inline.p") || nameStarts(c, "llvm.memset.inline.p")) return true;
  return llvmVersion >= 22 && nameStarts(c, "llvm.experimental.memset.pattern.p");
}

// (LLVM 22, after an instruction's !dbg location is walked) a location in an atom group needs its
// subprogram to have Key Instructions enabled; false when that failed.
export function verifyAtomGroup(loc: i32): bool {
  let nm = names();
  if (fieldInt(loc, nm.atomGroup) == 0) return true;
  let sp = subprogramOf(fieldMD(loc, nm.scope));
  if (sp < 0 || fieldIsTrue(sp, nm.keyInstructions)) return true;
  vr.failDebugInfo("DbgLoc uses atomGroup but DISubprogram doesn't have Key Instructions enabled"); vr.wm(loc); vr.wm(sp);
  return false;
}
