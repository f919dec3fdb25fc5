// The verifier's profile metadata checks: an instruction's !prof (Verifier::visitProfMetadata:
// branch weights against the successors, and from LLVM 22 the 'unknown' marker and value
// profiles), !memprof, !callsite and !callee_type.
import { strtab } from "../../ir/module";
import { numOperands } from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { mdA } from "../../ir/metadata";
import { callNumIndirect } from "../../ir/inst";
import { Feature, has } from "../../ir/version";
import { vr } from "./state";
import { opOf } from "./queries";
import { isNode, isString, numOps, op, constInt, stringIs, stringEmpty, ciIsZero, ciFits64, ciLow64 } from "./md-common";

export function isCallBase(o: i32): bool { return o == Op.Call || o == Op.Invoke || o == Op.CallBr; }

// LLVM 22's 'unknown' profile: one more operand, a non-empty string.
export function unknownProf(md: i32): void {
  if (numOps(md) != 2) { vr.fail("'unknown' !prof should have a single additional operand"); vr.wm(md); return; }
  let s = op(md, 1);
  if (!isString(s)) { vr.fail("'unknown' !prof should have an additional operand of type string"); return; }
  if (stringEmpty(s)) { vr.fail("the 'unknown' !prof operand should not be an empty string"); return; }
}

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
export function instructionProf(i: i32, md: i32): void {
  let n = numOps(md);
  let name = op(md, 0);
  if (has(Feature.UnknownProf)) {
    if (n < 1) { vr.fail("!prof annotations should have at least 1 operand"); vr.wm(md); return; }
    if (name < 0) { vr.fail("first operand should not be null"); vr.wm(md); return; }
    if (!isString(name)) { vr.fail("expected string with name of the !prof annotation"); vr.wm(md); return; }
    if (stringIs(name, "unknown")) {
      if (branchingCount(i) == 0 && opOf(i) != Op.Invoke) {
        vr.fail("'unknown' !prof should only appear on instructions on which 'branch_weights' would"); vr.wm(md); return;
      }
      unknownProf(md);
      return;
    }
    if (n < 2) { vr.fail("!prof annotations should have no less than 2 operands"); vr.wm(md); return; }
  } else {
    if (n < 2) { vr.fail("!prof annotations should have no less than 2 operands"); vr.wm(md); return; }
    if (name < 0) { vr.fail("first operand should not be null"); vr.wm(md); return; }
    if (!isString(name)) { vr.fail("expected string with name of the !prof annotation"); vr.wm(md); return; }
  }
  if (stringIs(name, "branch_weights")) {
    // a string after the name is the weights' origin ("expected")
    let first = n >= 3 && isString(op(md, 1)) ? 2 : 1;
    let weights = n - first;
    if (opOf(i) == Op.Invoke) {
      if (weights != 1 && weights != 2) { vr.fail("Wrong number of InvokeInst branch_weights operands"); vr.wm(md); return; }
    } else {
      let expected = branchingCount(i);
      if (expected == 0) { vr.fail("!prof branch_weights are not allowed for this instruction"); vr.wm(md); }
      if (weights != expected) { vr.fail("Wrong number of operands"); vr.wm(md); return; }
    }
    for (let k = first; k < n; k++) {
      let wgt = op(md, k);
      if (wgt < 0) { vr.fail("second operand should not be null"); vr.wm(md); return; }
      if (constInt(wgt) < 0) { vr.fail("!prof brunch_weights operand is not a const int"); return; }
    }
  } else if (!has(Feature.UnknownProf)) {
    return;
  } else if (stringIs(name, "VP")) {
    if (n < 5) { vr.fail("invalid value profiling metadata"); vr.wm(md); return; }
    let kind = constInt(op(md, 1));
    if (kind < 0) { vr.fail("VP !prof missing kind argument"); vr.wm(md); return; }
    // InstrProfValueKind: indirect call target 0, memop size 1, vtable target 2
    let k = ciFits64(kind) ? ciLow64(kind) : 0xffffffffffffffff;
    if (k > 2) { vr.fail("Invalid VP !prof kind"); vr.wm(md); return; }
    if ((n & 1) != 1) { vr.fail("VP !prof should have an even number of arguments after 'VP'"); vr.wm(md); return; }
    if (k <= 1 && !isCallBase(opOf(i))) {
      vr.fail("VP !prof indirect call or memop size expected to be applied to CallBase instructions only"); vr.wm(md); return;
    }
  } else {
    vr.fail("expected either branch_weights or VP profile name"); vr.wm(md);
  }
}

export function callStack(md: i32): bool {
  let n = numOps(md);
  if (n < 1) { vr.fail("call stack metadata should have at least 1 operand"); vr.wm(md); return false; }
  for (let k = 0; k < n; k++) {
    let o = op(md, k);
    if (constInt(o) < 0) { vr.fail("call stack metadata operand should be constant integer"); vr.wm(o); return false; }
  }
  return true;
}
export function memProf(i: i32, md: i32): void {
  if (!isCallBase(opOf(i))) { vr.fail("!memprof metadata should only exist on calls"); vr.w(i); return; }
  let n = numOps(md);
  if (n < 1) { vr.fail("!memprof annotations should have at least 1 metadata operand (MemInfoBlock)"); vr.wm(md); return; }
  for (let k = 0; k < n; k++) {
    let mib = op(md, k);
    if (!isNode(mib)) mib = -1;
    let m = numOps(mib);
    if (m < 2) { vr.fail("Each !memprof MemInfoBlock should have at least 2 operands"); vr.wm(mib); return; }
    let stack = op(mib, 0);
    if (stack < 0) { vr.fail("!memprof MemInfoBlock first operand should not be null"); vr.wm(mib); return; }
    if (!isNode(stack)) { vr.fail("!memprof MemInfoBlock first operand should be an MDNode"); vr.wm(mib); return; }
    callStack(stack);
    if (has(Feature.MemProfMIBPairs)) {
      // one or more tag strings, then (i, i) pairs
      let j = 1;
      for (; j < m; j++) {
        if (!isString(op(mib, j))) {
          if (j <= 1) { vr.fail("!memprof MemInfoBlock second operand should be an MDString"); vr.wm(mib); return; }
          break;
        }
      }
      for (; j < m; j++) {
        let p = op(mib, j);
        if (!isNode(p)) { vr.fail("Not all !memprof MemInfoBlock operands 2 to N are MDNode"); vr.wm(mib); return; }
        if (numOps(p) != 2) { vr.fail("Not all !memprof MemInfoBlock operands 2 to N are MDNode with 2 operands"); vr.wm(mib); return; }
        if (constInt(op(p, 0)) < 0 || constInt(op(p, 1)) < 0) {
          vr.fail("Not all !memprof MemInfoBlock operands 2 to N are MDNode with ConstantInt operands"); vr.wm(mib); return;
        }
      }
    } else {
      // tag strings, the last operand possibly the total size
      for (let j = 1; j < m - 1; j++) {
        if (!isString(op(mib, j))) { vr.fail("Not all !memprof MemInfoBlock operands 1 to N-1 are MDString"); vr.wm(mib); return; }
      }
      let last = op(mib, m - 1);
      if (!isString(last) && constInt(last) < 0) { vr.fail("Last !memprof MemInfoBlock operand not MDString or int"); vr.wm(mib); return; }
    }
  }
}
export function calleeType(i: i32, md: i32): void {
  if (!isCallBase(opOf(i))) { vr.fail("!callee_type metadata should only exist on calls"); vr.w(i); return; }
  let n = numOps(md);
  for (let k = 0; k < n; k++) {
    let t = op(md, k);
    if (!isNode(t)) { vr.fail("The callee_type metadata must be a list of type metadata nodes"); vr.wm(t); return; }
    if (numOps(t) != 2) { vr.fail("Well-formed generalized type metadata must contain exactly two operands"); vr.wm(t); return; }
    let z = constInt(op(t, 0));
    if (z < 0 || !ciIsZero(z)) { vr.fail("The first operand of type metadata for functions must be zero"); vr.wm(t); return; }
    if (!generalizedName(op(t, 1))) { vr.fail("Only generalized type metadata can be part of the callee_type metadata list"); vr.wm(t); return; }
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

