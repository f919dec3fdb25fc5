// The verifier's checks of metadata attachments: a function's (Verifier::verifyFunctionMetadata
// and the attachment loops of visitFunction) and an instruction's (the end of visitInstruction:
// !fpmath, !range, !noalias.addrspace, !invariant.group, !nonnull, !dereferenceable(_or_null),
// !tbaa, !noalias/!alias.scope, !llvm.access.group, !align, !prof, !memprof, !callsite,
// !callee_type, !mmra, !annotation, !dbg), then visitMDNode over every attachment. A check that
// fails ends what opt's Check would end: the instruction's visit for the checks written in
// visitInstruction itself, only the helper for those in a helper of their own. The range, profile
// and TBAA checks are in md-range.ts, md-prof.ts and md-tbaa.ts.
import { TK, tyKind, isPtr, scalarType, isFP } from "../../ir/types";
import { VK, vKind, vType, vA, operand, iMD } from "../../ir/values";
import { gValue, gMD, gAttrs } from "../../ir/globals";
import { Op } from "../../ir/opcodes";
import { attKind, attMD, attNext, findAttachment, mdKindName, MDK_DBG, MDK_DIASSIGNID } from "../../ir/metadata";
import { strtab } from "../../ir/module";
import { callAttrs, callNumBundles } from "../../ir/inst";
import { fnAttrs, setFind, setV0, ATTR_MEMORY } from "../../ir/attributes";
import { fpWord } from "../../ir/constants";
import { Feature, has, llvmVersion } from "../../ir/version";
import { vr } from "./state";
import { opOf } from "./queries";
import {
  isNode, isTuple, isString, isDistinct, isDINode, numOps, op, constInt, constFP, isConstant, stringIs, ciWidth, ciLow64,
  fitMD,
} from "./md-common";
import { visitMDNode } from "./md-walk";
import { verifyRangeLike } from "./md-range";
import { isCallBase, unknownProf, instructionProf, memProf, callStack, calleeType } from "./md-prof";
import { visitTBAA } from "./md-tbaa";
import { visitDIAssignIDMetadata, verifyAtomGroup } from "./md-records";
import { visitNofree, visitCapturesAndAllocToken } from "./md-attach22";

// Attachment kinds (LLVM's fixed numbering, ir/metadata.ts FIXED_MD_KINDS).
const K_TBAA = 1, K_PROF = 2, K_FPMATH = 3, K_RANGE = 4, K_ALIAS_SCOPE = 7, K_NOALIAS = 8, K_NONNULL = 11,
  K_DEREF = 12, K_DEREF_OR_NULL = 13, K_INVARIANT_GROUP = 16, K_ALIGN = 17, K_LOOP = 18, K_ACCESS_GROUP = 25,
  K_ANNOTATION = 30, K_MEMPROF = 34, K_CALLSITE = 35, K_KCFI_TYPE = 36, K_MMRA = 40, K_NOALIAS_ADDRSPACE = 41,
  K_CALLEE_TYPE = 42;

// A kind registered per version (K_MMRA on) is the one named so: a module not made by the reader
// may have given the number to a custom kind.
function kindNamed(k: i32, name: string): bool { return k < mdKindName.len && strtab.eqStr(mdKindName.get(k), name); }

// Verifier::verifyFunctionMetadata: !prof and !kcfi_type of a function, declaration or not. A
// failure ends these checks only.
export function verifyFunctionMetadata(g: i32): void {
  for (let a = gMD.get(g); a >= 0; a = attNext.get(a)) {
    let kind = attKind.get(a), md = attMD.get(a);
    if (kind == K_PROF) { if (!functionProf(md)) return; }
    else if (kind == K_KCFI_TYPE) { if (!kcfiType(md)) return; }
  }
}
function functionProf(md: i32): bool {
  if (numOps(md) < 2) { vr.fail("!prof annotations should have no less than 2 operands"); vr.wm(md); return false; }
  let name = op(md, 0);
  if (name < 0) { vr.fail("first operand should not be null"); vr.wm(md); return false; }
  if (!isString(name)) { vr.fail("expected string with name of the !prof annotation"); vr.wm(md); return false; }
  if (has(Feature.UnknownProf) && stringIs(name, "unknown")) { unknownProf(md); return true; }
  if (!stringIs(name, "function_entry_count") && !stringIs(name, "synthetic_function_entry_count")) {
    vr.fail("first operand should be 'function_entry_count' or 'synthetic_function_entry_count'"); vr.wm(md); return false;
  }
  let count = op(md, 1);
  if (count < 0) { vr.fail("second operand should not be null"); vr.wm(md); return false; }
  if (!isConstant(count)) { vr.fail("expected integer argument to function_entry_count"); vr.wm(md); return false; }
  return true;
}
function kcfiType(md: i32): bool {
  if (numOps(md) != 1) { vr.fail("!kcfi_type must have exactly one operand"); vr.wm(md); return false; }
  let o = op(md, 0);
  if (o < 0) { vr.fail("!kcfi_type operand must not be null"); vr.wm(md); return false; }
  if (!isConstant(o)) { vr.fail("expected a constant operand for !kcfi_type"); vr.wm(md); return false; }
  let c = constInt(o);
  if (c < 0) { vr.fail("expected a constant integer operand for !kcfi_type"); vr.wm(md); return false; }
  if (ciWidth(c) != 32) { vr.fail("expected a 32-bit integer constant operand for !kcfi_type"); vr.wm(md); return false; }
  return true;
}

// The attachments of a declaration; false when a failure ends the function's visit.
export function visitDeclarationMetadata(g: i32): bool {
  let f = gValue.get(g);
  for (let a = gMD.get(g); a >= 0; a = attNext.get(a)) {
    let kind = attKind.get(a), md = attMD.get(a);
    // (a declaration's !dbg describes call sites: a unique subprogram)
    if (kind == MDK_DBG && isDistinct(md)) { vr.failDebugInfo("function declaration may only have a unique !dbg attachment"); vr.w(f); return false; }
    if (kind == K_PROF) { vr.fail("function declaration may not have a !prof attachment"); vr.w(f); return false; }
    visitMDNode(md, true);
  }
  return true;
}

// The attachments of a definition (after its entry block's checks); false when a failure ends
// the function's visit.
export function visitDefinitionMetadata(g: i32): bool {
  let f = gValue.get(g);
  let nDbg = 0, nProf = 0, nKcfi = 0;
  for (let a = gMD.get(g); a >= 0; a = attNext.get(a)) {
    let kind = attKind.get(a), md = attMD.get(a);
    let allowLocs = false;
    if (kind == MDK_DBG) {
      if (++nDbg != 1) { vr.failDebugInfo("function must have a single !dbg attachment"); vr.w(f); vr.wm(md); return false; }
      if (!isDINode(md, "DISubprogram")) { vr.failDebugInfo("function !dbg attachment must be a subprogram"); vr.w(f); vr.wm(md); return false; }
      if (!isDistinct(md)) { vr.failDebugInfo("function definition may only have a distinct !dbg attachment"); vr.w(f); return false; }
      fitMD(vr.spEpoch); fitMD(vr.spOwner);
      if (vr.spEpoch.get(md) == vr.epoch && vr.spOwner.get(md) != f) { vr.failDebugInfo("DISubprogram attached to more than one function"); vr.wm(md); vr.w(f); return false; }
      vr.spEpoch.set(md, vr.epoch); vr.spOwner.set(md, f);
      allowLocs = true;
    } else if (kind == K_PROF) {
      if (++nProf != 1) { vr.fail("function must have a single !prof attachment"); vr.w(f); vr.wm(md); return false; }
    } else if (kind == K_KCFI_TYPE) {
      if (++nKcfi != 1) { vr.fail("function must have a single !kcfi_type attachment"); vr.w(f); vr.wm(md); return false; }
    }
    visitMDNode(md, allowLocs);
  }
  return true;
}


// The end of Verifier::visitInstruction, after the operand checks.
export function visitInstructionMetadata(i: i32): void {
  let head = iMD.get(i);
  if (head < 0) return;
  let o = opOf(i);
  let t = vType.get(i);
  let md = findAttachment(head, K_FPMATH);
  if (md >= 0) {
    if (!isFP(scalarType(t))) { vr.fail("fpmath requires a floating point result!"); vr.w(i); return; }
    if (numOps(md) != 1) { vr.fail("fpmath takes one operand!"); vr.w(i); return; }
    let c = constFP(op(md, 0));
    if (c < 0) { vr.fail("invalid fpmath accuracy!"); vr.w(i); return; }
    if (<i32>tyKind.get(vType.get(c)) != TK.Float) { vr.fail("fpmath accuracy must have float type"); vr.w(i); return; }
    let bits = <u32>fpWord(c, 0);
    let exp = (bits >>> 23) & 0xff;
    if (exp == 0xff || (bits & 0x7fffffff) == 0 || (bits >>> 31) != 0) { vr.fail("fpmath accuracy not a positive number!"); vr.w(i); return; }
  }
  md = findAttachment(head, K_RANGE);
  if (md >= 0) {
    if (o != Op.Load && o != Op.Call && o != Op.Invoke) { vr.fail("Ranges are only for loads, calls and invokes!"); vr.w(i); return; }
    verifyRangeLike(i, md, t, false);
  }
  if (has(Feature.NoaliasAddrspaceMD)) {
    md = findAttachment(head, K_NOALIAS_ADDRSPACE);
    if (md >= 0 && kindNamed(K_NOALIAS_ADDRSPACE, "noalias.addrspace")) {
      if (o != Op.Load && o != Op.Store && o != Op.AtomicRMW && o != Op.AtomicCmpXchg && o != Op.Call) {
        vr.fail("noalias.addrspace are only for memory operations!"); vr.w(i); return;
      }
      verifyRangeLike(i, md, t, true);
    }
  }
  if (findAttachment(head, K_INVARIANT_GROUP) >= 0 && o != Op.Load && o != Op.Store) {
    vr.fail("invariant.group metadata is only for loads and stores"); vr.w(i); return;
  }
  md = findAttachment(head, K_NONNULL);
  if (md >= 0) {
    if (!isPtr(t)) { vr.fail("nonnull applies only to pointer types"); vr.w(i); return; }
    if (o != Op.Load) { vr.fail("nonnull applies only to load instructions, use attributes for calls or invokes"); vr.w(i); return; }
    if (numOps(md) != 0) { vr.fail("nonnull metadata must be empty"); vr.w(i); return; }
  }
  md = findAttachment(head, K_DEREF);
  if (md >= 0) dereferenceable(i, md);
  md = findAttachment(head, K_DEREF_OR_NULL);
  if (md >= 0) dereferenceable(i, md);
  visitNofree(i, head);
  md = findAttachment(head, K_TBAA);
  if (md >= 0) visitTBAA(i, md);
  md = findAttachment(head, K_NOALIAS);
  if (md >= 0) aliasScopeList(md);
  md = findAttachment(head, K_ALIAS_SCOPE);
  if (md >= 0) aliasScopeList(md);
  md = findAttachment(head, K_ACCESS_GROUP);
  if (md >= 0) accessGroup(md);
  md = findAttachment(head, K_ALIGN);
  if (md >= 0) {
    if (!isPtr(t)) { vr.fail("align applies only to pointer types"); vr.w(i); return; }
    if (o != Op.Load) { vr.fail("align applies only to load instructions, use attributes for calls or invokes"); vr.w(i); return; }
    if (numOps(md) != 1) { vr.fail("align takes one operand!"); vr.w(i); return; }
    let c = constInt(op(md, 0));
    if (c < 0 || ciWidth(c) != 64) { vr.fail("align metadata value must be an i64!"); vr.w(i); return; }
    let a = ciLow64(c);
    if (a == 0 || (a & (a - 1)) != 0) { vr.fail("align metadata value must be a power of 2!"); vr.w(i); return; }
    if (a > (<u64>1 << 32)) { vr.fail("alignment is larger that implementation defined limit"); vr.w(i); return; }
  }
  md = findAttachment(head, K_PROF);
  if (md >= 0) instructionProf(i, md);
  md = findAttachment(head, K_MEMPROF);
  if (md >= 0) memProf(i, md);
  md = findAttachment(head, K_CALLSITE);
  if (md >= 0) {
    if (!isCallBase(o)) { vr.fail("!callsite metadata should only exist on calls"); vr.w(i); }
    else callStack(md);
  }
  if (has(Feature.CalleeTypeMD)) {
    md = findAttachment(head, K_CALLEE_TYPE);
    if (md >= 0 && kindNamed(K_CALLEE_TYPE, "callee_type")) calleeType(i, md);
  }
  md = findAttachment(head, MDK_DIASSIGNID);
  if (md >= 0) visitDIAssignIDMetadata(i, md);
  md = findAttachment(head, K_MMRA);
  if (md >= 0 && kindNamed(K_MMRA, "mmra")) mmra(i, md);
  md = findAttachment(head, K_ANNOTATION);
  if (md >= 0) annotation(md);
  visitCapturesAndAllocToken(i, head);
  md = findAttachment(head, MDK_DBG);
  if (md >= 0) {
    if (!isDINode(md, "DILocation")) { vr.failDebugInfo("invalid !dbg metadata attachment"); vr.w(i); vr.wm(md); return; }
    visitMDNode(md, true);
    if (llvmVersion >= 22 && !verifyAtomGroup(md)) return;
  }
  for (let a = head; a >= 0; a = attNext.get(a)) {
    let k = attKind.get(a);
    visitMDNode(attMD.get(a), k == MDK_DBG || k == K_LOOP);
  }
}

function dereferenceable(i: i32, md: i32): void {
  let o = opOf(i);
  if (!isPtr(vType.get(i))) { vr.fail("dereferenceable, dereferenceable_or_null apply only to pointer types"); vr.w(i); return; }
  if (o != Op.Load && o != Op.IntToPtr) {
    vr.fail("dereferenceable, dereferenceable_or_null apply only to load and inttoptr instructions, use attributes for calls or invokes"); vr.w(i); return;
  }
  if (numOps(md) != 1) { vr.fail("dereferenceable, dereferenceable_or_null take one operand!"); vr.w(i); return; }
  let c = constInt(op(md, 0));
  if (c < 0 || ciWidth(c) != 64) { vr.fail("dereferenceable, dereferenceable_or_null metadata value must be an i64!"); vr.w(i); return; }
}

function aliasScopeList(md: i32): void {
  let n = numOps(md);
  for (let k = 0; k < n; k++) {
    let s = op(md, k);
    if (!isNode(s)) { vr.fail("scope list must consist of MDNodes"); vr.wm(md); return; }
    aliasScope(s);
  }
}
function aliasScope(md: i32): void {
  let n = numOps(md);
  if (n < 2 || n > 3) { vr.fail("scope must have two or three operands"); vr.wm(md); return; }
  let first = op(md, 0);
  if (first != md && !isString(first)) { vr.fail("first scope operand must be self-referential or string"); vr.wm(md); return; }
  if (n == 3 && !isString(op(md, 2))) { vr.fail("third scope operand must be string (if used)"); vr.wm(md); return; }
  let domain = op(md, 1);
  if (!isNode(domain)) { vr.fail("second scope operand must be MDNode"); vr.wm(md); return; }
  let dn = numOps(domain);
  if (dn < 1 || dn > 2) { vr.fail("domain must have one or two operands"); vr.wm(domain); return; }
  let d0 = op(domain, 0);
  if (d0 != domain && !isString(d0)) { vr.fail("first domain operand must be self-referential or string"); vr.wm(domain); return; }
  if (dn == 2 && !isString(op(domain, 1))) { vr.fail("second domain operand must be string (if used)"); vr.wm(domain); return; }
}

function accessGroup(md: i32): void {
  if (numOps(md) == 0 && isDistinct(md)) return;
  let n = numOps(md);
  for (let k = 0; k < n; k++) {
    let s = op(md, k);
    if (!isNode(s)) { vr.fail("Access scope list must consist of MDNodes"); vr.wm(md); return; }
    if (!(numOps(s) == 0 && isDistinct(s))) { vr.fail("Access scope list contains invalid access scope"); vr.wm(md); return; }
  }
}


function mmraTag(m: i32): bool { return isTuple(m) && numOps(m) == 2 && isString(op(m, 0)) && isString(op(m, 1)); }
// canInstructionHaveMMRAs: memory instructions and fences, and calls that may touch memory.
function mayHaveMMRA(i: i32): bool {
  let o = opOf(i);
  if (o == Op.Load || o == Op.Store || o == Op.AtomicCmpXchg || o == Op.AtomicRMW || o == Op.Fence) return true;
  if (!isCallBase(o)) return false;
  if (memoryNone(fnAttrs(callAttrs(i)))) return false;
  let c = operand(i, 0);
  if (c >= 0 && <i32>vKind.get(c) == VK.Function && callNumBundles(i) == 0 && memoryNone(fnAttrs(gAttrs.get(vA.get(c))))) return false;
  return true;
}
function memoryNone(set: i32): bool {
  if (set < 0) return false;
  let k = setFind(set, ATTR_MEMORY);
  return k >= 0 && setV0(set, k) == 0;
}
function mmra(i: i32, md: i32): void {
  if (!mayHaveMMRA(i)) { vr.fail("!mmra metadata attached to unexpected instruction kind"); vr.w(i); vr.wm(md); return; }
  if (mmraTag(md)) return;
  if (!isTuple(md)) { vr.fail("!mmra expected to be a metadata tuple"); vr.w(i); vr.wm(md); return; }
  let n = numOps(md);
  for (let k = 0; k < n; k++) {
    let t = op(md, k);
    if (!mmraTag(t)) { vr.fail("!mmra metadata tuple operand is not an MMRA tag"); vr.w(i); vr.wm(t); return; }
  }
}

function annotation(md: i32): void {
  if (!isTuple(md)) { vr.fail("annotation must be a tuple"); return; }
  let n = numOps(md);
  if (n < 1) { vr.fail("annotation must have at least one operand"); return; }
  for (let k = 0; k < n; k++) {
    let a = op(md, k);
    let ok = isString(a);
    if (!ok && isTuple(a)) {
      ok = true;
      for (let j = 0; j < numOps(a); j++) if (!isString(op(a, j))) { ok = false; break; }
    }
    if (!ok) { vr.fail("operands must be a string or a tuple of strings"); return; }
  }
}

