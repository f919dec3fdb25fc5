// A function body, written: its FUNCTION_BLOCK with the block count, the function-local metadata
// (local values as metadata, argument lists), one record per instruction (operands as value ids
// relative to the instruction's own, a type after an operand defined later), the debug location
// and debug records after each instruction, the value symbol table of its names and the metadata
// attachments. Record layouts: LLVMBitCodes.h FUNC_CODE_*.
import { zext64 } from "../util/bits";
import { I32Vec, I64Vec } from "../util/vec";
import { strtab } from "../ir/module";
import {
  VK, vKind, vType, vA, vName, iOp, iFlags, iExt, iMD, iDbg, iNext, operand, numOperands,
} from "../ir/values";
import { TK, tyKind, tyA, tyListLen, tyList, tyPool, T_VOID, T_LABEL, T_METADATA, isFP, scalarType } from "../ir/types";
import { gValue, gFirstBlock, gFirstArg, gNumArgs, gMD } from "../ir/globals";
import {
  MK, mdKind, mdA, mdOps, mdNOps, mdPool, attKind, attMD, attNext, drKind, drOps, drNOps, drNext, drPool, DR,
  MDK_DBG, canonicalMD,
} from "../ir/metadata";
import {
  Op, isCast, isBinary, isFPBinary, F_NUW, F_NSW, F_NNEG, F_VOLATILE, F_ATOMIC, F_WEAK, F_INALLOCA, F_SWIFTERROR,
  F_CLEANUP, F_UNWIND_CALLER, F_SAMESIGN, F_TAIL_SHIFT, F_FMF_SHIFT,
} from "../ir/opcodes";
import {
  ordering, failureOrdering, predicate, callFnType, callAttrs, callCC, callNumArgs, callNumBundles, bundleTag,
  bundleNumOps, bundleFirstOp, callFirstDest, callNumIndirect, listCount, listItem,
} from "../ir/inst";
import { iAux } from "../ir/values";
import { BcWriter, FUNCTION_BLOCK, METADATA_BLOCK, METADATA_ATTACHMENT_BLOCK, VALUE_SYMTAB_BLOCK, signedVBR,
  AB_VST_ENTRY8, AB_VST_ENTRY7, AB_VST_ENTRY6, AB_VST_BBENTRY6,
  AB_FN_LOAD, AB_FN_BINOP, AB_FN_BINOP_FLAGS, AB_FN_CAST, AB_FN_CAST_FLAGS, AB_FN_RET_VOID, AB_FN_RET_VAL,
  AB_FN_UNREACHABLE, AB_FN_GEP, AB_FN_STORE, AB_FN_BR_UNCOND, AB_FN_BR_COND, AB_FN_CMP, AB_FN_CMP_FLAGS,
  AB_FN_DEBUG_LOC, ws } from "./write-base";
import { isChar6 } from "./bitwriter";
import { writeNode, debugLocRecord, isLocation, MD_ATTACHMENT } from "./write-meta";
import { UseLists, writeUseLists } from "./write-uselist";
import { Enumeration } from "./enumerate";
import { castCode, binopCode, binopFlags, gepFlags } from "./write-constants";

const FN_DECLAREBLOCKS: u32 = 1, FN_BINOP: u32 = 2, FN_CAST: u32 = 3, FN_EXTRACTELT: u32 = 6, FN_INSERTELT: u32 = 7,
  FN_SHUFFLEVEC: u32 = 8, FN_RET: u32 = 10, FN_BR: u32 = 11, FN_SWITCH: u32 = 12, FN_INVOKE: u32 = 13,
  FN_UNREACHABLE: u32 = 15, FN_PHI: u32 = 16, FN_ALLOCA: u32 = 19, FN_LOAD: u32 = 20, FN_VAARG: u32 = 23,
  FN_EXTRACTVAL: u32 = 26, FN_INSERTVAL: u32 = 27, FN_CMP2: u32 = 28, FN_VSELECT: u32 = 29, FN_INDIRECTBR: u32 = 31,
  FN_CALL: u32 = 34, FN_DEBUG_LOC: u32 = 35, FN_FENCE: u32 = 36, FN_RESUME: u32 = 39, FN_LOADATOMIC: u32 = 41,
  FN_GEP: u32 = 43, FN_STORE: u32 = 44, FN_STOREATOMIC: u32 = 45, FN_CMPXCHG: u32 = 46, FN_LANDINGPAD: u32 = 47,
  FN_CLEANUPRET: u32 = 48, FN_CATCHRET: u32 = 49, FN_CATCHPAD: u32 = 50, FN_CLEANUPPAD: u32 = 51,
  FN_CATCHSWITCH: u32 = 52, FN_OPERAND_BUNDLE: u32 = 55, FN_UNOP: u32 = 56, FN_CALLBR: u32 = 57, FN_FREEZE: u32 = 58,
  FN_ATOMICRMW: u32 = 59, FN_DBG_VALUE: u32 = 61, FN_DBG_DECLARE: u32 = 62, FN_DBG_ASSIGN: u32 = 63,
  FN_DBG_LABEL: u32 = 65, FN_DBG_DECLARE_VALUE: u32 = 66;
const VST_ENTRY: u32 = 1, VST_BBENTRY: u32 = 2;
const FN_DEBUG_LOC_AGAIN: u32 = 33;

// ---- operands ----

function idOf(bw: BcWriter, v: i32): i64 {
  if (<i32>vKind.get(v) == VK.MDValue) return bw.e.mdOf(canonicalMD(vA.get(v)));
  return bw.e.vid(v);
}
@inline function bb(b: i32): i64 { return ws.blockNo.get(b); }
// The id relative to the current instruction (an operand defined later wraps, as LLVM's 32-bit sum).
function rel(bw: BcWriter, v: i32): void { bw.vals.push(<i64>zext64((<i32>ws.instId - <i32>idOf(bw, v)))); }
// The same, with the operand's type when it is defined later.
function relTyped(bw: BcWriter, v: i32): void {
  let id = idOf(bw, v);
  bw.vals.push(<i64>zext64((<i32>ws.instId - <i32>id)));
  if (id >= ws.instId) { bw.vals.push(bw.typeId(vType.get(v))); ws.typedOperands++; }
}
// A record through abbreviation `ab` when it has none of those and its fields fit (the given fields
// below 2^bits), else unabbreviated.
function recordIf(bw: BcWriter, code: u32, ab: i32, ok: bool): void {
  bw.w.record(code, bw.vals, ok && ws.typedOperands == 0 ? ab : 0);
}
@inline function below(bw: BcWriter, k: i32, bits: i32): bool { return <u64>bw.vals.get(k) < (<u64>1 << <u64>bits); }
// Fast-math flags as bitcode stores them (bit 0, LLVM's old "unsafe algebra", unused).
function fmf(f: i32): i64 { return <i64>(((f >> F_FMF_SHIFT) & 127) << 1); }
// Does the instruction carry fast-math flags (an FP operation, or a phi/select/call of FP type)?
function isFPMath(i: i32): bool {
  let op = <i32>iOp.get(i);
  if (isFPBinary(op) || op == Op.FNeg || op == Op.FCmp || op == Op.FPTrunc || op == Op.FPExt) return true;
  if (op == Op.Phi || op == Op.Select || op == Op.Call) {
    let t = vType.get(i);
    while (<i32>tyKind.get(t) == TK.Array) t = tyA.get(t);
    if (<i32>tyKind.get(t) == TK.Struct) {
      // a struct of FP members (LLVM 19 and later): every member the same FP type
      let n = tyListLen.get(t);
      if (n == 0) return false;
      let m0 = scalarType(tyPool.get(tyList.get(t)));
      if (!isFP(m0)) return false;
      for (let k = 1; k < n; k++) if (scalarType(tyPool.get(tyList.get(t) + k)) != m0) return false;
      return true;
    }
    return isFP(scalarType(t));
  }
  return false;
}
function encodedAlign(i: i32): i64 { return iAux.get(i) & 63; }

// ---- the function block ----

export function writeFunction(bw: BcWriter, g: i32, ul: UseLists): void {
  let e = bw.e, w = bw.w, vals = bw.vals;
  let first = gFirstBlock.get(g);
  // number the arguments, blocks and instructions
  ws.instId = e.values.len;
  let a0 = gFirstArg.get(g), na = gNumArgs.get(g);
  for (let k = 0; k < na; k++) { e.valId.fit(a0 + k + 1, -1); e.valId.set(a0 + k, <i32>ws.instId); ws.instId++; }
  let nb = 0;
  let next = ws.instId;
  for (let b = first; b >= 0; b = iNext.get(b)) {
    ws.blockNo.fit(b + 1, -1); ws.blockNo.set(b, nb++);
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
      if (vType.get(i) != T_VOID) { e.valId.fit(i + 1, -1); e.valId.set(i, <i32>next); next++; }
    }
  }
  w.enterBlock(FUNCTION_BLOCK, 5);
  vals.clear(); vals.push(nb); w.record(FN_DECLAREBLOCKS, vals);
  writeLocalMetadata(bw, g);
  let attachments = false, dbgSeen = false;
  let lastLoc = -1;
  let instIndex = 0;
  for (let b = first; b >= 0; b = iNext.get(b)) {
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
      writeInstruction(bw, i);
      if (bw.error.length > 0) { w.endBlock(); return; }
      if (vType.get(i) != T_VOID) ws.instId++;
      for (let a = iMD.get(i); a >= 0; a = attNext.get(a)) {
        if (attKind.get(a) == MDK_DBG) {
          // a location that is not a DILocation is invalid debug info (the verifier drops it); not written
          let loc = attMD.get(a);
          if (!isLocation(loc)) continue;
          // the same location as the last one: DEBUG_LOC_AGAIN
          if (loc == lastLoc) { w.record0(FN_DEBUG_LOC_AGAIN); continue; }
          debugLocRecord(bw, loc);
          w.record(FN_DEBUG_LOC, vals, vals.len == (bw.version >= 22 ? 7 : 5) && <u64>vals.get(4) <= 1 ? AB_FN_DEBUG_LOC : 0);
          lastLoc = loc;
        }
        else attachments = true;
      }
      writeDebugRecords(bw, iDbg.get(i));
      instIndex++;
    }
  }
  writeSymbolTable(bw, g);
  if (attachments || gMD.get(g) >= 0) writeAttachments(bw, g);
  if (g < ul.fnFirst.len) writeUseLists(bw, ul, ul.fnFirst.get(g), ul.fnEnd.get(g), ws.blockNo);
  w.endBlock();
  // forget the function's local metadata ids
  for (let k = 0; k < ws.localMD.len; k++) e.setMD(ws.localMD.get(k), -1);
}

// The function's LocalAsMetadata values and DIArgLists (locals first: argument lists refer to them).
function writeLocalMetadata(bw: BcWriter, g: i32): void {
  let e = bw.e;
  ws.localMD.clear();
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
      for (let k = 0, n = numOperands(i); k < n; k++) {
        let o = operand(i, k);
        if (o >= 0 && <i32>vKind.get(o) == VK.MDValue) noteLocal(e, canonicalMD(vA.get(o)));
      }
      for (let r = iDbg.get(i); r >= 0; r = drNext.get(r)) {
        let s = drOps.get(r);
        for (let k = 0, n = drNOps.get(r); k < n; k++) { let m = drPool.get(s + k); if (m >= 0) noteLocal(e, m); }
      }
    }
  }
  if (ws.localMD.len == 0) return;
  // values first, then lists; ids continue the module's
  let order = new I32Vec(ws.localMD.len);
  for (let pass = 0; pass < 2; pass++)
    for (let k = 0; k < ws.localMD.len; k++) { let m = ws.localMD.get(k); if ((<i32>mdKind.get(m) == MK.ArgList) == (pass == 1)) order.push(m); }
  let base = e.moduleMDCount();
  for (let k = 0; k < order.len; k++) e.setMD(order.get(k), base + k);
  ws.localMD = order;
  bw.w.enterBlock(METADATA_BLOCK, 3);
  for (let k = 0; k < order.len; k++) writeNode(bw, order.get(k));
  bw.w.endBlock();
}
function noteLocal(e: Enumeration, m: i32): void {
  if (!e.isLocal(m) || e.mdOf(m) >= 0) return;
  if (<i32>mdKind.get(m) == MK.ArgList) {
    let s = mdOps.get(m);
    for (let k = 0, n = mdNOps.get(m); k < n; k++) { let o = mdPool.get(s + k); if (o >= 0) noteLocal(e, o); }
  }
  e.setMD(m, -5);   // noted
  ws.localMD.push(m);
}

function writeDebugRecords(bw: BcWriter, head: i32): void {
  let e = bw.e, vals = bw.vals;
  for (let r = head; r >= 0; r = drNext.get(r)) {
    let k = <i32>drKind.get(r), s = drOps.get(r), n = drNOps.get(r);
    vals.clear();
    // operands in text order: [location..., loc]; the record puts the DILocation first
    vals.push(opMD(bw, drPool.get(s + n - 1)));
    let code = FN_DBG_VALUE;
    if (k == DR.Label) { vals.push(opMD(bw, drPool.get(s))); code = FN_DBG_LABEL; }
    else {
      vals.push(opMD(bw, drPool.get(s + 1))); vals.push(opMD(bw, drPool.get(s + 2))); vals.push(opMD(bw, drPool.get(s)));
      // assign: the DIAssignID, the address expression, then the address
      if (k == DR.Assign) { vals.push(opMD(bw, drPool.get(s + 3))); vals.push(opMD(bw, drPool.get(s + 5))); vals.push(opMD(bw, drPool.get(s + 4))); code = FN_DBG_ASSIGN; }
      else if (k == DR.Declare) code = FN_DBG_DECLARE;
      else if (k == DR.DeclareValue) code = FN_DBG_DECLARE_VALUE;
    }
    bw.w.record(code, vals);
  }
}
function opMD(bw: BcWriter, m: i32): i64 { return bw.e.mdOf(m >= 0 ? m : bw.e.emptyTupleMD()); }

function writeSymbolTable(bw: BcWriter, g: i32): void {
  let e = bw.e, w = bw.w, vals = bw.vals;
  let any = false;
  let a0 = gFirstArg.get(g), na = gNumArgs.get(g);
  for (let k = 0; k < na && !any; k++) if (vName.get(a0 + k) >= 0) any = true;
  for (let b = gFirstBlock.get(g); b >= 0 && !any; b = iNext.get(b)) {
    if (vName.get(b) >= 0) any = true;
    for (let i = vA.get(b); i >= 0 && !any; i = iNext.get(i)) if (vName.get(i) >= 0 && vType.get(i) != T_VOID) any = true;
  }
  if (!any) return;
  w.enterBlock(VALUE_SYMTAB_BLOCK, 4);
  for (let k = 0; k < na; k++) {
    let nm = vName.get(a0 + k);
    if (nm < 0) continue;
    vals.clear(); vals.push(e.vid(a0 + k)); bw.pushChars(nm); w.record(VST_ENTRY, vals, vstAbbrev(vals, false));
  }
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    let nm = vName.get(b);
    if (nm >= 0) { vals.clear(); vals.push(bb(b)); bw.pushChars(nm); w.record(VST_BBENTRY, vals, vstAbbrev(vals, true)); }
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
      let ni = vName.get(i);
      if (ni < 0 || vType.get(i) == T_VOID) continue;
      vals.clear(); vals.push(e.vid(i)); bw.pushChars(ni); w.record(VST_ENTRY, vals, vstAbbrev(vals, false));
    }
  }
  w.endBlock();
}

// A symbol table entry's abbreviation by its characters: char6, 7-bit (not for blocks), 8-bit.
function vstAbbrev(vals: I64Vec, block: bool): i32 {
  let c6 = true, c7 = true;
  for (let i = 1; i < vals.len; i++) {
    let c = vals.get(i);
    if (c < 0 || c > 255) return 0;
    if (c > 127) { c7 = false; c6 = false; break; }
    if (!isChar6(<i32>c)) c6 = false;
  }
  if (c6) return block ? AB_VST_BBENTRY6 : AB_VST_ENTRY6;
  if (c7 && !block) return AB_VST_ENTRY7;
  return AB_VST_ENTRY8;
}

function writeAttachments(bw: BcWriter, g: i32): void {
  let e = bw.e, w = bw.w, vals = bw.vals;
  w.enterBlock(METADATA_ATTACHMENT_BLOCK, 3);
  if (gMD.get(g) >= 0) {
    vals.clear();
    for (let a = gMD.get(g); a >= 0; a = attNext.get(a)) { vals.push(attKind.get(a)); vals.push(e.mdOf(attMD.get(a))); }
    w.record(MD_ATTACHMENT, vals);
  }
  let idx = 0;
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
      vals.clear();
      for (let a = iMD.get(i); a >= 0; a = attNext.get(a)) {
        if (attKind.get(a) == MDK_DBG) continue;
        if (vals.len == 0) vals.push(idx);
        vals.push(attKind.get(a)); vals.push(e.mdOf(attMD.get(a)));
      }
      if (vals.len > 0) w.record(MD_ATTACHMENT, vals);
      idx++;
    }
  }
  w.endBlock();
}

// ---- instructions ----

function writeBundles(bw: BcWriter, i: i32): void {
  let vals = bw.vals;
  for (let b = 0, nb = callNumBundles(i); b < nb; b++) {
    vals.clear();
    vals.push(bw.e.bundleTag(bundleTag(i, b)));
    let f = bundleFirstOp(i, b);
    for (let k = 0, n = bundleNumOps(i, b); k < n; k++) relTyped(bw, operand(i, f + k));
    bw.w.record(FN_OPERAND_BUNDLE, vals);
  }
}
// The arguments of a call-like instruction: fixed parameters by id, variadic ones with their type.
function pushArgs(bw: BcWriter, i: i32): void {
  let ft = callFnType(i);
  let np = tyListLen.get(ft), na = callNumArgs(i);
  for (let k = 0; k < na; k++) {
    let a = operand(i, 1 + k);
    if (k < np) {
      // a label parameter's argument by its block number (ValueEnumerator numbers blocks apart)
      if (tyPool.get(tyList.get(ft) + k) == T_LABEL) bw.vals.push(<i32>vKind.get(a) == VK.Block ? bb(a) : idOf(bw, a));
      else rel(bw, a);
    } else relTyped(bw, a);
  }
}

function writeInstruction(bw: BcWriter, i: i32): void {
  let e = bw.e, w = bw.w, vals = bw.vals;
  let op = <i32>iOp.get(i), f = iFlags.get(i), n = numOperands(i);
  vals.clear();
  ws.typedOperands = 0;
  let tb = bw.typeBits;
  if (isCast(op)) {
    relTyped(bw, operand(i, 0)); vals.push(bw.typeId(vType.get(i))); vals.push(castCode(op));
    let fl: i64 = 0;
    if (op == Op.Trunc) fl = ((f & F_NUW) != 0 ? 1 : 0) | ((f & F_NSW) != 0 ? 2 : 0);
    else if (op == Op.ZExt || op == Op.UIToFP) fl = (f & F_NNEG) != 0 ? 1 : 0;
    else if (isFPMath(i)) fl = fmf(f);
    if (fl != 0) vals.push(fl);
    recordIf(bw, FN_CAST, fl != 0 ? AB_FN_CAST_FLAGS : AB_FN_CAST, below(bw, 1, tb) && below(bw, 2, 4) && (fl == 0 || below(bw, 3, 8)));
    return;
  }
  if (isBinary(op)) {
    relTyped(bw, operand(i, 0)); rel(bw, operand(i, 1)); vals.push(binopCode(op));
    let fl = isFPBinary(op) ? fmf(f) : binopFlags(op, f);
    if (fl != 0) vals.push(fl);
    recordIf(bw, FN_BINOP, fl != 0 ? AB_FN_BINOP_FLAGS : AB_FN_BINOP, below(bw, 2, 4) && (fl == 0 || below(bw, 3, 8)));
    return;
  }
  switch (op) {
    case Op.FNeg: {
      relTyped(bw, operand(i, 0)); vals.push(0);
      let fl = fmf(f); if (fl != 0) vals.push(fl);
      w.record(FN_UNOP, vals); return;
    }
    case Op.Ret: if (n == 0) { w.record(FN_RET, vals, AB_FN_RET_VOID); return; } relTyped(bw, operand(i, 0)); recordIf(bw, FN_RET, AB_FN_RET_VAL, true); return;
    case Op.Br:
      if (n == 1) vals.push(bb(operand(i, 0)));
      else { vals.push(bb(operand(i, 1))); vals.push(bb(operand(i, 2))); rel(bw, operand(i, 0)); }
      recordIf(bw, FN_BR, n == 1 ? AB_FN_BR_UNCOND : AB_FN_BR_COND, true); return;
    case Op.Switch: {
      let c = operand(i, 0);
      vals.push(bw.typeId(vType.get(c))); rel(bw, c); vals.push(bb(operand(i, 1)));
      for (let k = 2; k + 1 < n; k += 2) { vals.push(idOf(bw, operand(i, k))); vals.push(bb(operand(i, k + 1))); }
      w.record(FN_SWITCH, vals); return;
    }
    case Op.IndirectBr: {
      let a = operand(i, 0);
      vals.push(bw.typeId(vType.get(a))); rel(bw, a);
      for (let k = 1; k < n; k++) vals.push(bb(operand(i, k)));
      w.record(FN_INDIRECTBR, vals); return;
    }
    case Op.Unreachable: w.record(FN_UNREACHABLE, vals, AB_FN_UNREACHABLE); return;
    case Op.Resume: relTyped(bw, operand(i, 0)); w.record(FN_RESUME, vals); return;
    case Op.CleanupRet: rel(bw, operand(i, 0)); if (n > 1) vals.push(bb(operand(i, 1))); w.record(FN_CLEANUPRET, vals); return;
    case Op.CatchRet: rel(bw, operand(i, 0)); vals.push(bb(operand(i, 1))); w.record(FN_CATCHRET, vals); return;
    case Op.CatchSwitch: {
      rel(bw, operand(i, 0));
      let hasUnwind = (f & F_UNWIND_CALLER) == 0;
      let nh = hasUnwind ? n - 2 : n - 1;
      vals.push(nh);
      for (let k = 0; k < nh; k++) vals.push(bb(operand(i, 1 + k)));
      if (hasUnwind) vals.push(bb(operand(i, n - 1)));
      w.record(FN_CATCHSWITCH, vals); return;
    }
    case Op.CatchPad: case Op.CleanupPad: {
      rel(bw, operand(i, 0)); vals.push(n - 1);
      for (let k = 1; k < n; k++) relTyped(bw, operand(i, k));
      w.record(op == Op.CatchPad ? FN_CATCHPAD : FN_CLEANUPPAD, vals); return;
    }
    case Op.Phi: {
      vals.push(bw.typeId(vType.get(i)));
      for (let k = 0; k + 1 < n; k += 2) {
        vals.push(signedVBR(ws.instId - idOf(bw, operand(i, k))));
        vals.push(bb(operand(i, k + 1)));
      }
      if (isFPMath(i)) { let fl = fmf(f); if (fl != 0) vals.push(fl); }
      w.record(FN_PHI, vals); return;
    }
    case Op.Alloca: {
      let sz = operand(i, 0);
      vals.push(bw.typeId(iExt.get(i))); vals.push(bw.typeId(vType.get(sz))); vals.push(idOf(bw, sz));
      let al = encodedAlign(i);
      vals.push((al & 31) | ((f & F_INALLOCA) != 0 ? 32 : 0) | 64 | ((f & F_SWIFTERROR) != 0 ? 128 : 0) | ((al >> 5) << 8));
      vals.push(tyA.get(vType.get(i)));
      w.record(FN_ALLOCA, vals); return;
    }
    case Op.Load: {
      relTyped(bw, operand(i, 0)); vals.push(bw.typeId(vType.get(i))); vals.push(encodedAlign(i));
      vals.push((f & F_VOLATILE) != 0 ? 1 : 0);
      if ((f & F_ATOMIC) != 0) { vals.push(orderingCode(ordering(i))); vals.push(e.syncScope(iExt.get(i))); w.record(FN_LOADATOMIC, vals); return; }
      recordIf(bw, FN_LOAD, AB_FN_LOAD, below(bw, 1, tb) && below(bw, 2, 32)); return;
    }
    case Op.Store: {
      relTyped(bw, operand(i, 1)); relTyped(bw, operand(i, 0)); vals.push(encodedAlign(i));
      vals.push((f & F_VOLATILE) != 0 ? 1 : 0);
      if ((f & F_ATOMIC) != 0) { vals.push(orderingCode(ordering(i))); vals.push(e.syncScope(iExt.get(i))); w.record(FN_STOREATOMIC, vals); return; }
      recordIf(bw, FN_STORE, AB_FN_STORE, true); return;
    }
    case Op.GetElementPtr: {
      vals.push(gepFlags(f)); vals.push(bw.typeId(iExt.get(i)));
      for (let k = 0; k < n; k++) relTyped(bw, operand(i, k));
      // the operand list is one array: operands with a type fit it too
      w.record(FN_GEP, vals, below(bw, 0, 3) && below(bw, 1, tb) ? AB_FN_GEP : 0); return;
    }
    case Op.Fence: vals.push(orderingCode(ordering(i))); vals.push(e.syncScope(iExt.get(i))); w.record(FN_FENCE, vals); return;
    case Op.AtomicCmpXchg: {
      relTyped(bw, operand(i, 0)); relTyped(bw, operand(i, 1)); rel(bw, operand(i, 2));
      vals.push((f & F_VOLATILE) != 0 ? 1 : 0); vals.push(orderingCode(ordering(i))); vals.push(e.syncScope(iExt.get(i)));
      vals.push(orderingCode(failureOrdering(i))); vals.push((f & F_WEAK) != 0 ? 1 : 0); vals.push(encodedAlign(i));
      w.record(FN_CMPXCHG, vals); return;
    }
    case Op.AtomicRMW: {
      relTyped(bw, operand(i, 0)); relTyped(bw, operand(i, 1)); vals.push(predicate(i));
      vals.push((f & F_VOLATILE) != 0 ? 1 : 0); vals.push(orderingCode(ordering(i))); vals.push(e.syncScope(iExt.get(i)));
      vals.push(encodedAlign(i));
      w.record(FN_ATOMICRMW, vals); return;
    }
    case Op.ICmp: case Op.FCmp: {
      relTyped(bw, operand(i, 0)); rel(bw, operand(i, 1)); vals.push(predicate(i));
      let fl: i64 = op == Op.FCmp ? fmf(f) : ((f & F_SAMESIGN) != 0 ? 1 : 0);
      if (fl != 0) vals.push(fl);
      recordIf(bw, FN_CMP2, fl != 0 ? AB_FN_CMP_FLAGS : AB_FN_CMP, below(bw, 2, 6) && (fl == 0 || below(bw, 3, 8))); return;
    }
    case Op.Select: {
      relTyped(bw, operand(i, 1)); rel(bw, operand(i, 2)); relTyped(bw, operand(i, 0));
      if (isFPMath(i)) { let fl = fmf(f); if (fl != 0) vals.push(fl); }
      w.record(FN_VSELECT, vals); return;
    }
    case Op.VAArg: {
      let a = operand(i, 0);
      vals.push(bw.typeId(vType.get(a))); rel(bw, a); vals.push(bw.typeId(vType.get(i)));
      w.record(FN_VAARG, vals); return;
    }
    case Op.ExtractElement: relTyped(bw, operand(i, 0)); relTyped(bw, operand(i, 1)); w.record(FN_EXTRACTELT, vals); return;
    case Op.InsertElement: relTyped(bw, operand(i, 0)); rel(bw, operand(i, 1)); relTyped(bw, operand(i, 2)); w.record(FN_INSERTELT, vals); return;
    case Op.ShuffleVector: {
      relTyped(bw, operand(i, 0)); rel(bw, operand(i, 1));
      vals.push(<i64>zext64(<i32>ws.instId - e.vid(e.shuffleMask(i))));
      w.record(FN_SHUFFLEVEC, vals); return;
    }
    case Op.ExtractValue: case Op.InsertValue: {
      relTyped(bw, operand(i, 0));
      if (op == Op.InsertValue) relTyped(bw, operand(i, 1));
      for (let k = 0; k < listCount(i); k++) vals.push(<i64>zext64(listItem(i, k)));
      w.record(op == Op.ExtractValue ? FN_EXTRACTVAL : FN_INSERTVAL, vals); return;
    }
    case Op.LandingPad: {
      vals.push(bw.typeId(vType.get(i))); vals.push((f & F_CLEANUP) != 0 ? 1 : 0);
      let nc = listCount(i);
      vals.push(nc);
      for (let k = 0; k < nc; k++) { vals.push(listItem(i, k) == 0 ? 0 : 1); relTyped(bw, operand(i, k)); }
      w.record(FN_LANDINGPAD, vals); return;
    }
    case Op.Freeze: relTyped(bw, operand(i, 0)); w.record(FN_FREEZE, vals); return;
    case Op.Call: {
      writeBundles(bw, i); vals.clear();
      vals.push(e.fnList(callAttrs(i)));
      let tk = (f >> F_TAIL_SHIFT) & 3;
      let fl: i64 = isFPMath(i) ? fmf(f) : 0;
      let cc: i64 = (<i64>callCC(i) << 1) | (tk == 1 ? 1 : 0) | (tk == 2 ? 1 << 14 : 0) | (1 << 15) | (tk == 3 ? 1 << 16 : 0) | (fl != 0 ? 1 << 17 : 0);
      vals.push(cc);
      if (fl != 0) vals.push(fl);
      vals.push(bw.typeId(callFnType(i)));
      relTyped(bw, operand(i, 0));
      pushArgs(bw, i);
      w.record(FN_CALL, vals); return;
    }
    case Op.Invoke: {
      writeBundles(bw, i); vals.clear();
      let d = callFirstDest(i);
      vals.push(e.fnList(callAttrs(i)));
      vals.push(<i64>callCC(i) | (1 << 13));
      vals.push(bb(operand(i, d))); vals.push(bb(operand(i, d + 1)));
      vals.push(bw.typeId(callFnType(i)));
      relTyped(bw, operand(i, 0));
      pushArgs(bw, i);
      w.record(FN_INVOKE, vals); return;
    }
    case Op.CallBr: {
      writeBundles(bw, i); vals.clear();
      let d = callFirstDest(i), ni = callNumIndirect(i);
      vals.push(e.fnList(callAttrs(i)));
      vals.push((<i64>callCC(i) << 1) | (1 << 15));
      vals.push(bb(operand(i, d))); vals.push(ni);
      for (let k = 0; k < ni; k++) vals.push(bb(operand(i, d + 1 + k)));
      vals.push(bw.typeId(callFnType(i)));
      relTyped(bw, operand(i, 0));
      pushArgs(bw, i);
      w.record(FN_CALLBR, vals); return;
    }
  }
  bw.fail("bitcode writer: the instruction '" + op.toString() + "' cannot be written");
}
// LLVM's ordering numbers (with acquire at 4) -> bitcode's (acquire at 3).
function orderingCode(o: i32): i64 {
  switch (o) { case 1: return 1; case 2: return 2; case 4: return 3; case 5: return 4; case 6: return 5; case 7: return 6; }
  return 0;
}
