// The verifier's checks of metadata attachments: a function's (Verifier::verifyFunctionMetadata
// and the attachment loops of visitFunction) and an instruction's (the end of visitInstruction:
// !fpmath, !range, !noalias.addrspace, !invariant.group, !nonnull, !dereferenceable(_or_null),
// !tbaa (TBAAVerifier), !noalias/!alias.scope, !llvm.access.group, !align, !prof, !memprof,
// !callsite, !callee_type, !mmra, !annotation, !dbg), then visitMDNode over every attachment.
// A check that fails ends what opt's Check would end: the instruction's visit for the checks
// written in visitInstruction itself, only the helper for those in a helper of their own.
import { strtab } from "../../ir/module";
import { TK, tyKind, isPtr, scalarType, isFP } from "../../ir/types";
import { VK, vKind, vType, vA, operand, numOperands, iMD } from "../../ir/values";
import { gValue, gMD, gAttrs } from "../../ir/globals";
import { Op } from "../../ir/opcodes";
import { attKind, attMD, attNext, findAttachment, mdA, mdCount, MDK_DBG } from "../../ir/metadata";
import { callAttrs, callNumBundles, callNumIndirect } from "../../ir/inst";
import { fnAttrs, setFind, setV0, ATTR_MEMORY } from "../../ir/attributes";
import { fpWord, intWord } from "../../ir/constants";
import { Feature, has } from "../../ir/version";
import { I32Vec } from "../../util/vec";
import { epoch, fail, failDebugInfo, out, w, wm } from "./state";
import { opOf } from "./queries";
import {
  isNode, isTuple, isString, isDistinct, isDINode, numOps, op, constInt, constFP, isConstant, isIntTy, stringIs,
  stringEmpty, ciWidth, ciIsZero, ciIsOne, ciFits64, ciLow64, visitMDNode,
} from "./md-common";

// Attachment kinds (LLVM's fixed numbering, ir/metadata.ts FIXED_MD_KINDS).
const K_TBAA = 1, K_PROF = 2, K_FPMATH = 3, K_RANGE = 4, K_ALIAS_SCOPE = 7, K_NOALIAS = 8, K_NONNULL = 11,
  K_DEREF = 12, K_DEREF_OR_NULL = 13, K_INVARIANT_GROUP = 16, K_ALIGN = 17, K_LOOP = 18, K_ACCESS_GROUP = 25,
  K_ANNOTATION = 30, K_MEMPROF = 34, K_CALLSITE = 35, K_KCFI_TYPE = 36, K_MMRA = 40, K_NOALIAS_ADDRSPACE = 41,
  K_CALLEE_TYPE = 42;

let spEpoch: I32Vec = new I32Vec(), spOwner: I32Vec = new I32Vec();   // DISubprogram -> function value
let tbaaBaseEpoch: I32Vec = new I32Vec(), tbaaBaseWidth: I32Vec = new I32Vec();   // -1: invalid base node
let tbaaScalarEpoch: I32Vec = new I32Vec(), tbaaScalar: I32Vec = new I32Vec();
let path: I32Vec = new I32Vec(), visited: I32Vec = new I32Vec(), piecesA: I32Vec = new I32Vec(), piecesB: I32Vec = new I32Vec();
export function resetMDAttach(): void {
  spEpoch = new I32Vec(); spOwner = new I32Vec(); tbaaBaseEpoch = new I32Vec(); tbaaBaseWidth = new I32Vec();
  tbaaScalarEpoch = new I32Vec(); tbaaScalar = new I32Vec(); path = new I32Vec(); visited = new I32Vec();
  piecesA = new I32Vec(); piecesB = new I32Vec();
}
function fit(v: I32Vec): void { let n = mdCount(); if (v.len < n) v.resize(n, 0); }

// ---- functions ----

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
  if (numOps(md) < 2) { fail("!prof annotations should have no less than 2 operands"); wm(md); return false; }
  let name = op(md, 0);
  if (name < 0) { fail("first operand should not be null"); wm(md); return false; }
  if (!isString(name)) { fail("expected string with name of the !prof annotation"); wm(md); return false; }
  if (has(Feature.UnknownProf) && stringIs(name, "unknown")) { unknownProf(md); return true; }
  if (!stringIs(name, "function_entry_count") && !stringIs(name, "synthetic_function_entry_count")) {
    fail("first operand should be 'function_entry_count' or 'synthetic_function_entry_count'"); wm(md); return false;
  }
  let count = op(md, 1);
  if (count < 0) { fail("second operand should not be null"); wm(md); return false; }
  if (!isConstant(count)) { fail("expected integer argument to function_entry_count"); wm(md); return false; }
  return true;
}
function kcfiType(md: i32): bool {
  if (numOps(md) != 1) { fail("!kcfi_type must have exactly one operand"); wm(md); return false; }
  let o = op(md, 0);
  if (o < 0) { fail("!kcfi_type operand must not be null"); wm(md); return false; }
  if (!isConstant(o)) { fail("expected a constant operand for !kcfi_type"); wm(md); return false; }
  let c = constInt(o);
  if (c < 0) { fail("expected a constant integer operand for !kcfi_type"); wm(md); return false; }
  if (ciWidth(c) != 32) { fail("expected a 32-bit integer constant operand for !kcfi_type"); wm(md); return false; }
  return true;
}
// LLVM 22's 'unknown' profile: one more operand, a non-empty string.
function unknownProf(md: i32): void {
  if (numOps(md) != 2) { fail("'unknown' !prof should have a single additional operand"); wm(md); return; }
  let s = op(md, 1);
  if (!isString(s)) { fail("'unknown' !prof should have an additional operand of type string"); return; }
  if (stringEmpty(s)) { fail("the 'unknown' !prof operand should not be an empty string"); return; }
}

// The attachments of a declaration; false when a failure ends the function's visit.
export function visitDeclarationMetadata(g: i32): bool {
  let f = gValue.get(g);
  for (let a = gMD.get(g); a >= 0; a = attNext.get(a)) {
    let kind = attKind.get(a), md = attMD.get(a);
    // (a declaration's !dbg describes call sites: a unique subprogram)
    if (kind == MDK_DBG && isDistinct(md)) { failDebugInfo("function declaration may only have a unique !dbg attachment"); w(f); return false; }
    if (kind == K_PROF) { fail("function declaration may not have a !prof attachment"); w(f); return false; }
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
      if (++nDbg != 1) { failDebugInfo("function must have a single !dbg attachment"); w(f); wm(md); return false; }
      if (!isDINode(md, "DISubprogram")) { failDebugInfo("function !dbg attachment must be a subprogram"); w(f); wm(md); return false; }
      if (!isDistinct(md)) { failDebugInfo("function definition may only have a distinct !dbg attachment"); w(f); return false; }
      fit(spEpoch); fit(spOwner);
      if (spEpoch.get(md) == epoch && spOwner.get(md) != f) { failDebugInfo("DISubprogram attached to more than one function"); wm(md); w(f); return false; }
      spEpoch.set(md, epoch); spOwner.set(md, f);
      allowLocs = true;
    } else if (kind == K_PROF) {
      if (++nProf != 1) { fail("function must have a single !prof attachment"); w(f); wm(md); return false; }
    } else if (kind == K_KCFI_TYPE) {
      if (++nKcfi != 1) { fail("function must have a single !kcfi_type attachment"); w(f); wm(md); return false; }
    }
    visitMDNode(md, allowLocs);
  }
  return true;
}

// ---- instructions ----

function isCallBase(o: i32): bool { return o == Op.Call || o == Op.Invoke || o == Op.CallBr; }

// The end of Verifier::visitInstruction, after the operand checks.
export function visitInstructionMetadata(i: i32): void {
  let head = iMD.get(i);
  if (head < 0) return;
  let o = opOf(i);
  let t = vType.get(i);
  let md = findAttachment(head, K_FPMATH);
  if (md >= 0) {
    if (!isFP(scalarType(t))) { fail("fpmath requires a floating point result!"); w(i); return; }
    if (numOps(md) != 1) { fail("fpmath takes one operand!"); w(i); return; }
    let c = constFP(op(md, 0));
    if (c < 0) { fail("invalid fpmath accuracy!"); w(i); return; }
    if (<i32>tyKind.get(vType.get(c)) != TK.Float) { fail("fpmath accuracy must have float type"); w(i); return; }
    let bits = <u32>fpWord(c, 0);
    let exp = (bits >>> 23) & 0xff;
    if (exp == 0xff || (bits & 0x7fffffff) == 0 || (bits >>> 31) != 0) { fail("fpmath accuracy not a positive number!"); w(i); return; }
  }
  md = findAttachment(head, K_RANGE);
  if (md >= 0) {
    if (o != Op.Load && o != Op.Call && o != Op.Invoke) { fail("Ranges are only for loads, calls and invokes!"); w(i); return; }
    verifyRangeLike(i, md, t, false);
  }
  if (has(Feature.NoaliasAddrspaceMD)) {
    md = findAttachment(head, K_NOALIAS_ADDRSPACE);
    if (md >= 0) {
      if (o != Op.Load && o != Op.Store && o != Op.AtomicRMW && o != Op.AtomicCmpXchg && o != Op.Call) {
        fail("noalias.addrspace are only for memory operations!"); w(i); return;
      }
      verifyRangeLike(i, md, t, true);
    }
  }
  if (findAttachment(head, K_INVARIANT_GROUP) >= 0 && o != Op.Load && o != Op.Store) {
    fail("invariant.group metadata is only for loads and stores"); w(i); return;
  }
  md = findAttachment(head, K_NONNULL);
  if (md >= 0) {
    if (!isPtr(t)) { fail("nonnull applies only to pointer types"); w(i); return; }
    if (o != Op.Load) { fail("nonnull applies only to load instructions, use attributes for calls or invokes"); w(i); return; }
    if (numOps(md) != 0) { fail("nonnull metadata must be empty"); w(i); return; }
  }
  md = findAttachment(head, K_DEREF);
  if (md >= 0) dereferenceable(i, md);
  md = findAttachment(head, K_DEREF_OR_NULL);
  if (md >= 0) dereferenceable(i, md);
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
    if (!isPtr(t)) { fail("align applies only to pointer types"); w(i); return; }
    if (o != Op.Load) { fail("align applies only to load instructions, use attributes for calls or invokes"); w(i); return; }
    if (numOps(md) != 1) { fail("align takes one operand!"); w(i); return; }
    let c = constInt(op(md, 0));
    if (c < 0 || ciWidth(c) != 64) { fail("align metadata value must be an i64!"); w(i); return; }
    let a = ciLow64(c);
    if (a == 0 || (a & (a - 1)) != 0) { fail("align metadata value must be a power of 2!"); w(i); return; }
    if (a > (<u64>1 << 32)) { fail("alignment is larger that implementation defined limit"); w(i); return; }
  }
  md = findAttachment(head, K_PROF);
  if (md >= 0) instructionProf(i, md);
  md = findAttachment(head, K_MEMPROF);
  if (md >= 0) memProf(i, md);
  md = findAttachment(head, K_CALLSITE);
  if (md >= 0) {
    if (!isCallBase(o)) { fail("!callsite metadata should only exist on calls"); w(i); }
    else callStack(md);
  }
  if (has(Feature.CalleeTypeMD)) {
    md = findAttachment(head, K_CALLEE_TYPE);
    if (md >= 0) calleeType(i, md);
  }
  // (!DIAssignID: debug-info checks)
  md = findAttachment(head, K_MMRA);
  if (md >= 0) mmra(i, md);
  md = findAttachment(head, K_ANNOTATION);
  if (md >= 0) annotation(md);
  md = findAttachment(head, MDK_DBG);
  if (md >= 0) {
    if (!isDINode(md, "DILocation")) { failDebugInfo("invalid !dbg metadata attachment"); w(i); wm(md); return; }
    visitMDNode(md, true);
  }
  for (let a = head; a >= 0; a = attNext.get(a)) {
    let k = attKind.get(a);
    visitMDNode(attMD.get(a), k == MDK_DBG || k == K_LOOP);
  }
}

function dereferenceable(i: i32, md: i32): void {
  let o = opOf(i);
  if (!isPtr(vType.get(i))) { fail("dereferenceable, dereferenceable_or_null apply only to pointer types"); w(i); return; }
  if (o != Op.Load && o != Op.IntToPtr) {
    fail("dereferenceable, dereferenceable_or_null apply only to load and inttoptr instructions, use attributes for calls or invokes"); w(i); return;
  }
  if (numOps(md) != 1) { fail("dereferenceable, dereferenceable_or_null take one operand!"); w(i); return; }
  let c = constInt(op(md, 0));
  if (c < 0 || ciWidth(c) != 64) { fail("dereferenceable, dereferenceable_or_null metadata value must be an i64!"); w(i); return; }
}

function aliasScopeList(md: i32): void {
  let n = numOps(md);
  for (let k = 0; k < n; k++) {
    let s = op(md, k);
    if (!isNode(s)) { fail("scope list must consist of MDNodes"); wm(md); return; }
    aliasScope(s);
  }
}
function aliasScope(md: i32): void {
  let n = numOps(md);
  if (n < 2 || n > 3) { fail("scope must have two or three operands"); wm(md); return; }
  let first = op(md, 0);
  if (first != md && !isString(first)) { fail("first scope operand must be self-referential or string"); wm(md); return; }
  if (n == 3 && !isString(op(md, 2))) { fail("third scope operand must be string (if used)"); wm(md); return; }
  let domain = op(md, 1);
  if (!isNode(domain)) { fail("second scope operand must be MDNode"); wm(md); return; }
  let dn = numOps(domain);
  if (dn < 1 || dn > 2) { fail("domain must have one or two operands"); wm(domain); return; }
  let d0 = op(domain, 0);
  if (d0 != domain && !isString(d0)) { fail("first domain operand must be self-referential or string"); wm(domain); return; }
  if (dn == 2 && !isString(op(domain, 1))) { fail("second domain operand must be string (if used)"); wm(domain); return; }
}

function accessGroup(md: i32): void {
  if (numOps(md) == 0 && isDistinct(md)) return;
  let n = numOps(md);
  for (let k = 0; k < n; k++) {
    let s = op(md, k);
    if (!isNode(s)) { fail("Access scope list must consist of MDNodes"); wm(md); return; }
    if (!(numOps(s) == 0 && isDistinct(s))) { fail("Access scope list contains invalid access scope"); wm(md); return; }
  }
}

// ---- !range and !noalias.addrspace (verifyRangeLikeMetadata) ----

// Endpoints of the half-open pieces of a range: a ConstantInt id, or 0 / 2^width.
const LOW_END = -1, HIGH_END = -2;
// Unsigned comparison of two integer constants of one width.
function ucmp(a: i32, b: i32): i32 {
  let n = (ciWidth(a) + 31) >> 5;
  for (let k = n - 1; k >= 0; k--) {
    let x = <u32>intWord(a, k), y = <u32>intWord(b, k);
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}
function scmp(a: i32, b: i32): i32 {
  let na = ciNegativeBit(a), nb = ciNegativeBit(b);
  if (na != nb) return na ? -1 : 1;
  return ucmp(a, b);
}
function ciNegativeBit(c: i32): bool { let w = ciWidth(c) - 1; return w >= 0 && ((intWord(c, w >> 5) >>> (w & 31)) & 1) != 0; }
function isMaxValue(c: i32): bool {
  let wd = ciWidth(c), n = (wd + 31) >> 5;
  for (let k = 0; k < n; k++) {
    let top = k == n - 1 && (wd & 31) != 0;
    let want: u32 = top ? ((<u32>1 << <u32>(wd & 31)) - 1) : 0xffffffff;
    if (<u32>intWord(c, k) != want) return false;
  }
  return true;
}
function ecmp(x: i32, y: i32): i32 {
  if (x == y) return 0;
  if (x == HIGH_END) return 1;
  if (y == HIGH_END) return -1;
  if (x == LOW_END) return ciIsZero(y) ? 0 : -1;
  if (y == LOW_END) return ciIsZero(x) ? 0 : 1;
  return ucmp(x, y);
}
// The pieces [a, b) of ConstantRange(lo, hi) (lo != hi, or lo == hi as the full set).
function piecesOf(lo: i32, hi: i32, into: I32Vec): void {
  into.clear();
  let c = ucmp(lo, hi);
  if (c == 0) { if (isMaxValue(lo)) { into.push(LOW_END); into.push(HIGH_END); } return; }
  if (c < 0) { into.push(lo); into.push(hi); return; }
  into.push(lo); into.push(HIGH_END);
  if (!ciIsZero(hi)) { into.push(LOW_END); into.push(hi); }
}
// ConstantRange(a).intersectWith(ConstantRange(b)).isEmptySet().
function disjoint(alo: i32, ahi: i32, blo: i32, bhi: i32): bool {
  let pa = piecesA, pb = piecesB;
  piecesOf(alo, ahi, pa); piecesOf(blo, bhi, pb);
  for (let x = 0; x < pa.len; x += 2) {
    for (let y = 0; y < pb.len; y += 2) {
      let lo = ecmp(pa.get(x), pb.get(y)) >= 0 ? pa.get(x) : pb.get(y);
      let hi = ecmp(pa.get(x + 1), pb.get(y + 1)) <= 0 ? pa.get(x + 1) : pb.get(y + 1);
      if (ecmp(lo, hi) < 0) return false;
    }
  }
  return true;
}
function contiguous(alo: i32, ahi: i32, blo: i32, bhi: i32): bool { return ucmp(ahi, blo) == 0 || ucmp(alo, bhi) == 0; }

function verifyRangeLike(i: i32, md: i32, ty: i32, addrspace: bool): void {
  let n = numOps(md);
  if ((n & 1) != 0) { fail("Unfinished range!"); wm(md); return; }
  let ranges = n >> 1;
  if (ranges < 1) { fail("It should have at least one range!"); wm(md); return; }
  let lastLo = -1, lastHi = -1;
  for (let r = 0; r < ranges; r++) {
    let lo = constInt(op(md, 2 * r));
    if (lo < 0) { fail("The lower limit must be an integer!"); return; }
    let hi = constInt(op(md, 2 * r + 1));
    if (hi < 0) { fail("The upper limit must be an integer!"); return; }
    let ht = vType.get(hi);
    if (has(Feature.RangePairTypes)) {
      if (ht != vType.get(lo)) { fail("Range pair types must match!"); w(i); return; }
      if (addrspace) { if (!isIntTy(ht, 32)) { fail("noalias.addrspace type must be i32!"); w(i); return; } }
      else if (ht != scalarType(ty)) { fail("Range types must match instruction type!"); w(i); return; }
    } else if (ht != vType.get(lo) || ht != scalarType(ty)) { fail("Range types must match instruction type!"); w(i); return; }
    if (ucmp(lo, hi) == 0 && !isMaxValue(lo) && !ciIsZero(lo)) { fail("The upper and lower limits cannot be the same value"); w(i); return; }
    // lo == hi is the empty set at 0 and the full set at the maximum: neither is a range
    if (ucmp(lo, hi) == 0) { fail("Range must not be empty!"); wm(md); return; }
    if (r != 0) {
      if (!disjoint(lo, hi, lastLo, lastHi)) { fail("Intervals are overlapping"); wm(md); return; }
      if (scmp(lo, lastLo) <= 0) { fail("Intervals are not in order"); wm(md); return; }
      if (contiguous(lo, hi, lastLo, lastHi)) { fail("Intervals are contiguous"); wm(md); return; }
    }
    lastLo = lo; lastHi = hi;
  }
  if (ranges > 2) {
    let lo = constInt(op(md, 0)), hi = constInt(op(md, 1));
    if (!disjoint(lo, hi, lastLo, lastHi)) { fail("Intervals are overlapping"); wm(md); return; }
    if (contiguous(lo, hi, lastLo, lastHi)) { fail("Intervals are contiguous"); wm(md); return; }
  }
}

// ---- !prof ----

// The successors branch weights describe (0: not a branching instruction).
function branchingCount(i: i32): i32 {
  let o = opOf(i), n = numOperands(i);
  if (o == Op.Br) return n == 3 ? 2 : 1;
  if (o == Op.Switch) return n >= 2 ? 1 + ((n - 2) >> 1) : 1;
  if (o == Op.Call) return 1;
  if (o == Op.IndirectBr) return n > 0 ? n - 1 : 0;
  if (o == Op.Select) return 2;
  if (o == Op.CallBr) return 1 + callNumIndirect(i);
  return 0;
}
function instructionProf(i: i32, md: i32): void {
  let n = numOps(md);
  let name = op(md, 0);
  if (has(Feature.UnknownProf)) {
    if (n < 1) { fail("!prof annotations should have at least 1 operand"); wm(md); return; }
    if (name < 0) { fail("first operand should not be null"); wm(md); return; }
    if (!isString(name)) { fail("expected string with name of the !prof annotation"); wm(md); return; }
    if (stringIs(name, "unknown")) {
      if (branchingCount(i) == 0 && opOf(i) != Op.Invoke) {
        fail("'unknown' !prof should only appear on instructions on which 'branch_weights' would"); wm(md); return;
      }
      unknownProf(md);
      return;
    }
    if (n < 2) { fail("!prof annotations should have no less than 2 operands"); wm(md); return; }
  } else {
    if (n < 2) { fail("!prof annotations should have no less than 2 operands"); wm(md); return; }
    if (name < 0) { fail("first operand should not be null"); wm(md); return; }
    if (!isString(name)) { fail("expected string with name of the !prof annotation"); wm(md); return; }
  }
  if (stringIs(name, "branch_weights")) {
    // a string after the name is the weights' origin ("expected")
    let first = n >= 3 && isString(op(md, 1)) ? 2 : 1;
    let weights = n - first;
    if (opOf(i) == Op.Invoke) {
      if (weights != 1 && weights != 2) { fail("Wrong number of InvokeInst branch_weights operands"); wm(md); return; }
    } else {
      let expected = branchingCount(i);
      if (expected == 0) { fail("!prof branch_weights are not allowed for this instruction"); wm(md); }
      if (weights != expected) { fail("Wrong number of operands"); wm(md); return; }
    }
    for (let k = first; k < n; k++) {
      let wgt = op(md, k);
      if (wgt < 0) { fail("second operand should not be null"); wm(md); return; }
      if (constInt(wgt) < 0) { fail("!prof brunch_weights operand is not a const int"); return; }
    }
  } else if (!has(Feature.UnknownProf)) {
    return;
  } else if (stringIs(name, "VP")) {
    if (n < 5) { fail("invalid value profiling metadata"); wm(md); return; }
    let kind = constInt(op(md, 1));
    if (kind < 0) { fail("VP !prof missing kind argument"); wm(md); return; }
    // InstrProfValueKind: indirect call target 0, memop size 1, vtable target 2
    let k = ciFits64(kind) ? ciLow64(kind) : 0xffffffffffffffff;
    if (k > 2) { fail("Invalid VP !prof kind"); wm(md); return; }
    if ((n & 1) != 1) { fail("VP !prof should have an even number of arguments after 'VP'"); wm(md); return; }
    if (k <= 1 && !isCallBase(opOf(i))) {
      fail("VP !prof indirect call or memop size expected to be applied to CallBase instructions only"); wm(md); return;
    }
  } else {
    fail("expected either branch_weights or VP profile name"); wm(md);
  }
}

// ---- !memprof, !callsite, !callee_type ----

function callStack(md: i32): bool {
  let n = numOps(md);
  if (n < 1) { fail("call stack metadata should have at least 1 operand"); wm(md); return false; }
  for (let k = 0; k < n; k++) {
    let o = op(md, k);
    if (constInt(o) < 0) { fail("call stack metadata operand should be constant integer"); wm(o); return false; }
  }
  return true;
}
function memProf(i: i32, md: i32): void {
  if (!isCallBase(opOf(i))) { fail("!memprof metadata should only exist on calls"); w(i); return; }
  let n = numOps(md);
  if (n < 1) { fail("!memprof annotations should have at least 1 metadata operand (MemInfoBlock)"); wm(md); return; }
  for (let k = 0; k < n; k++) {
    let mib = op(md, k);
    if (!isNode(mib)) mib = -1;
    let m = numOps(mib);
    if (m < 2) { fail("Each !memprof MemInfoBlock should have at least 2 operands"); wm(mib); return; }
    let stack = op(mib, 0);
    if (stack < 0) { fail("!memprof MemInfoBlock first operand should not be null"); wm(mib); return; }
    if (!isNode(stack)) { fail("!memprof MemInfoBlock first operand should be an MDNode"); wm(mib); return; }
    callStack(stack);
    if (has(Feature.MemProfMIBPairs)) {
      // one or more tag strings, then (i, i) pairs
      let j = 1;
      for (; j < m; j++) {
        if (!isString(op(mib, j))) {
          if (j <= 1) { fail("!memprof MemInfoBlock second operand should be an MDString"); wm(mib); return; }
          break;
        }
      }
      for (; j < m; j++) {
        let p = op(mib, j);
        if (!isNode(p)) { fail("Not all !memprof MemInfoBlock operands 2 to N are MDNode"); wm(mib); return; }
        if (numOps(p) != 2) { fail("Not all !memprof MemInfoBlock operands 2 to N are MDNode with 2 operands"); wm(mib); return; }
        if (constInt(op(p, 0)) < 0 || constInt(op(p, 1)) < 0) {
          fail("Not all !memprof MemInfoBlock operands 2 to N are MDNode with ConstantInt operands"); wm(mib); return;
        }
      }
    } else {
      // tag strings, the last operand possibly the total size
      for (let j = 1; j < m - 1; j++) {
        if (!isString(op(mib, j))) { fail("Not all !memprof MemInfoBlock operands 1 to N-1 are MDString"); wm(mib); return; }
      }
      let last = op(mib, m - 1);
      if (!isString(last) && constInt(last) < 0) { fail("Last !memprof MemInfoBlock operand not MDString or int"); wm(mib); return; }
    }
  }
}
function calleeType(i: i32, md: i32): void {
  if (!isCallBase(opOf(i))) { fail("!callee_type metadata should only exist on calls"); w(i); return; }
  let n = numOps(md);
  for (let k = 0; k < n; k++) {
    let t = op(md, k);
    if (!isNode(t)) { fail("The callee_type metadata must be a list of type metadata nodes"); wm(t); return; }
    if (numOps(t) != 2) { fail("Well-formed generalized type metadata must contain exactly two operands"); wm(t); return; }
    let z = constInt(op(t, 0));
    if (z < 0 || !ciIsZero(z)) { fail("The first operand of type metadata for functions must be zero"); wm(t); return; }
    if (!generalizedName(op(t, 1))) { fail("Only generalized type metadata can be part of the callee_type metadata list"); wm(t); return; }
  }
}
// A string ending in ".generalized".
function generalizedName(m: i32): bool {
  if (!isString(m)) return false;
  return endsWith(m, ".generalized");
}
function endsWith(m: i32, suffix: string): bool {
  let id = mdA.get(m);
  let n = strtab.lenOf(id), k = suffix.length;
  if (n < k) return false;
  let p = strtab.ptrOf(id) + <usize>(n - k);
  for (let j = 0; j < k; j++) if (<i32>load<u8>(p + <usize>j) != suffix.charCodeAt(j)) return false;
  return true;
}

// ---- !mmra, !annotation ----

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
  if (!mayHaveMMRA(i)) { fail("!mmra metadata attached to unexpected instruction kind"); w(i); wm(md); return; }
  if (mmraTag(md)) return;
  if (!isTuple(md)) { fail("!mmra expected to be a metadata tuple"); w(i); wm(md); return; }
  let n = numOps(md);
  for (let k = 0; k < n; k++) {
    let t = op(md, k);
    if (!mmraTag(t)) { fail("!mmra metadata tuple operand is not an MMRA tag"); w(i); wm(t); return; }
  }
}

function annotation(md: i32): void {
  if (!isTuple(md)) { fail("annotation must be a tuple"); return; }
  let n = numOps(md);
  if (n < 1) { fail("annotation must have at least one operand"); return; }
  for (let k = 0; k < n; k++) {
    let a = op(md, k);
    let ok = isString(a);
    if (!ok && isTuple(a)) {
      ok = true;
      for (let j = 0; j < numOps(a); j++) if (!isString(op(a, j))) { ok = false; break; }
    }
    if (!ok) { fail("operands must be a string or a tuple of strings"); return; }
  }
}

// ---- !tbaa (TBAAVerifier) ----

// The offset being followed down the access path: its width and its bits (widths over 64 keep
// their low 64 bits).
let offWidth: i32 = 0;
let offBits: u64 = 0;
function maskTo(v: u64, w: i32): u64 { return w >= 64 ? v : v & ((<u64>1 << <u64>w) - 1); }
function writeOffset(): void {
  let v = offBits;
  if (offWidth > 0 && offWidth < 64 && ((v >>> <u64>(offWidth - 1)) & 1) != 0) v |= ~((<u64>1 << <u64>offWidth) - 1);
  out.i64(<i64>v); out.byte(10);
}
function writeUnsigned(v: u32): void { out.u64(<u64>v); out.byte(10); }
const NO_WIDTH: i32 = -1;   // ~0u: no field gave a width

function isRoot(m: i32): bool { return numOps(m) < 2; }
function isScalarNode(m: i32): bool {
  fit(tbaaScalarEpoch); fit(tbaaScalar);
  if (tbaaScalarEpoch.get(m) == epoch) return tbaaScalar.get(m) != 0;
  let r = scalarNodeImpl(m);
  tbaaScalarEpoch.set(m, epoch); tbaaScalar.set(m, r ? 1 : 0);
  return r;
}
function scalarNodeImpl(m: i32): bool {
  visited.clear();
  while (true) {
    let n = numOps(m);
    if (n != 2 && n != 3) return false;
    if (!isString(op(m, 0))) return false;
    if (n == 3) { let c = constInt(op(m, 2)); if (c < 0 || !ciIsZero(c)) return false; }
    let parent = op(m, 1);
    if (!isNode(parent)) return false;
    for (let k = 0; k < visited.len; k++) if (visited.get(k) == parent) return false;
    visited.push(parent);
    if (isRoot(parent)) return true;
    m = parent;
  }
}
// A type node with its parent first: the new format.
function isNewFormatType(m: i32): bool { return isNode(m) && numOps(m) >= 3 && isNode(op(m, 0)); }

// verifyTBAABaseNode: the base node's field width, or -2 when it is invalid (reported once).
const INVALID: i32 = -2;
function tbaaBaseNode(i: i32, base: i32, newFormat: bool): i32 {
  if (numOps(base) < 2) { fail("Base nodes must have at least two operands"); w(i); wm(base); return INVALID; }
  fit(tbaaBaseEpoch); fit(tbaaBaseWidth);
  if (tbaaBaseEpoch.get(base) == epoch) return tbaaBaseWidth.get(base);
  let r = tbaaBaseNodeImpl(i, base, newFormat);
  tbaaBaseEpoch.set(base, epoch); tbaaBaseWidth.set(base, r);
  return r;
}
function tbaaBaseNodeImpl(i: i32, base: i32, newFormat: bool): i32 {
  let n = numOps(base);
  if (n == 2) return isScalarNode(base) ? 0 : INVALID;
  if (newFormat) {
    if (n % 3 != 0) { fail("Access tag nodes must have the number of operands that is a multiple of 3!"); wm(base); return INVALID; }
    if (constInt(op(base, 1)) < 0) { fail("Type size nodes must be constants!"); w(i); wm(base); return INVALID; }
  } else {
    if (n % 2 != 1) { fail("Struct tag nodes must have an odd number of operands!"); wm(base); return INVALID; }
    if (!isString(op(base, 0))) { fail("Struct tag nodes have a string as their first operand"); wm(base); return INVALID; }
  }
  let failed = false;
  let prev = -1;
  let width = NO_WIDTH;
  let per = newFormat ? 3 : 2;
  for (let k = newFormat ? 3 : 1; k < n; k += per) {
    if (!isNode(op(base, k))) { fail("Incorrect field entry in struct type node!"); w(i); wm(base); failed = true; continue; }
    let c = constInt(op(base, k + 1));
    if (c < 0) { fail("Offset entries must be constants!"); w(i); wm(base); failed = true; continue; }
    if (width == NO_WIDTH) width = ciWidth(c);
    if (ciWidth(c) != width) { fail("Bitwidth between the offsets and struct type entries must match"); w(i); wm(base); failed = true; continue; }
    if (prev >= 0 && ucmp(prev, c) > 0) { fail("Offsets must be increasing!"); w(i); wm(base); failed = true; }
    prev = c;
    if (newFormat && constInt(op(base, k + 2)) < 0) { fail("Member size entries must be constants!"); w(i); wm(base); failed = true; continue; }
  }
  return failed ? INVALID : width;
}
// getFieldNodeFromTBAABaseNode: the field at the offset (which becomes the offset inside it).
function tbaaField(i: i32, base: i32, newFormat: bool): i32 {
  let n = numOps(base);
  if (n == 2) { let p = op(base, 1); return isNode(p) ? p : -1; }
  let first = newFormat ? 3 : 1, per = newFormat ? 3 : 2;
  for (let k = first; k < n; k += per) {
    let c = constInt(op(base, k + 1));
    if (c < 0) return -1;
    if (maskTo(ciLow64(c), offWidth) > offBits) {
      if (k == first) { fail("Could not find TBAA parent in struct type node"); w(i); wm(base); writeOffset(); return -1; }
      return fieldAt(base, k - per);
    }
  }
  return fieldAt(base, n - per);
}
function fieldAt(base: i32, k: i32): i32 {
  let c = constInt(op(base, k + 1));
  if (c >= 0) offBits = maskTo(offBits - ciLow64(c), offWidth);
  let f = op(base, k);
  return isNode(f) ? f : -1;
}

function visitTBAA(i: i32, md: i32): void {
  let n = numOps(md);
  if (n == 0) { fail("TBAA metadata cannot have 0 operands"); w(i); wm(md); return; }
  let o = opOf(i);
  if (o != Op.Load && o != Op.Store && o != Op.Call && o != Op.VAArg && o != Op.AtomicRMW && o != Op.AtomicCmpXchg) {
    fail("This instruction shall not have a TBAA access tag!"); w(i); return;
  }
  if (!(isNode(op(md, 0)) && n >= 3)) { fail("Old-style TBAA is no longer allowed, use struct-path TBAA instead"); w(i); return; }
  let base = isNode(op(md, 0)) ? op(md, 0) : -1;
  let access = isNode(op(md, 1)) ? op(md, 1) : -1;
  let newFormat = isNewFormatType(access);
  if (newFormat) {
    if (n != 4 && n != 5) { fail("Access tag metadata must have either 4 or 5 operands"); w(i); wm(md); return; }
    if (constInt(op(md, 3)) < 0) { fail("Access size field must be a constant"); w(i); wm(md); return; }
  } else if (n >= 5) { fail("Struct tag metadata must have either 3 or 4 operands"); w(i); wm(md); return; }
  let flagAt = newFormat ? 4 : 3;
  if (n == flagAt + 1) {
    let c = constInt(op(md, flagAt));
    if (c < 0) { fail("Immutability tag on struct tag metadata must be a constant"); w(i); wm(md); return; }
    if (!ciIsZero(c) && !ciIsOne(c)) { fail("Immutability part of the struct tag metadata must be either 0 or 1"); w(i); wm(md); return; }
  }
  if (base < 0 || access < 0) {
    fail("Malformed struct tag metadata: base and access-type should be non-null and point to Metadata nodes");
    w(i); wm(md); wm(base); wm(access); return;
  }
  if (!newFormat && !isScalarNode(access)) { fail("Access type node must be a valid scalar type"); w(i); wm(md); wm(access); return; }
  let off = constInt(op(md, 2));
  if (off < 0) { fail("Offset must be constant integer"); w(i); wm(md); return; }
  offWidth = ciWidth(off); offBits = maskTo(ciLow64(off), offWidth);
  let seenAccess = false;
  path.clear();
  while (base >= 0 && !isRoot(base)) {
    for (let k = 0; k < path.len; k++) if (path.get(k) == base) { fail("Cycle detected in struct path"); w(i); wm(md); return; }
    path.push(base);
    let width = tbaaBaseNode(i, base, newFormat);
    if (width == INVALID) return;
    if (base == access) seenAccess = true;
    if ((isScalarNode(base) || base == access) && offBits != 0) {
      fail("Offset not zero at the point of scalar access"); w(i); wm(md); writeOffset(); return;
    }
    if (!(width == offWidth || (width == 0 && offBits == 0) || (newFormat && width == NO_WIDTH))) {
      fail("Access bit-width not the same as description bit-width"); w(i); wm(md); writeUnsigned(<u32>width); writeUnsigned(<u32>offWidth); return;
    }
    if (newFormat && seenAccess) break;
    base = tbaaField(i, base, newFormat);
  }
  if (!seenAccess) { fail("Did not see access type in access path!"); w(i); wm(md); return; }
}
