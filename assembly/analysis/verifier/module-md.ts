// The verifier's module-level metadata checks, run after the functions and globals as opt runs
// them: named metadata (Verifier::visitNamedMDNode), comdats (aliases.ts), the module flags (visitModuleFlags,
// visitModuleFlag, visitModuleFlagCGProfileEntry), then llvm.ident and llvm.commandline.
import { strtab } from "../../ir/module";
import { isInt } from "../../ir/types";
import { VK, vKind, vType, iOp, operand, numOperands } from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { mdA, nmdName, nmdOps, nmdNOps, nmdPool, findNamedMD } from "../../ir/metadata";
import { vr } from "./state";
import { llvmVersion } from "../../ir/version";
import {
  isNode, isString, isDINode, numOps, op, mdValue, constInt, isConstant, ciNegative, ciFits64, ciLow64, stringIs,
} from "./md-common";
import { visitMDNode } from "./md-walk";
import { visitComdats } from "./aliases";
import { visitTBAA } from "./md-tbaa";
import { isNode } from "./md-common";

// Module::ModFlagBehavior.
const ERROR = 1, REQUIRE = 3, APPEND = 5, APPEND_UNIQUE = 6, MAX = 7, MIN = 8;

export function verifyModuleMetadata(): void {
  for (let i = 0; i < nmdName.len; i++) visitNamedMDNode(i);
  visitComdats();
  visitModuleFlags();
  visitSingleStrings("llvm.ident", "incorrect number of operands in llvm.ident metadata",
    "invalid value for llvm.ident metadata entry operand(the operand should be a string)");
  visitSingleStrings("llvm.commandline", "incorrect number of operands in llvm.commandline metadata",
    "invalid value for llvm.commandline metadata entry operand(the operand should be a string)");
  // (LLVM 22) llvm.errno.tbaa lists at least one TBAA access tag, each checked as an access tag
  if (llvmVersion >= 22) {
    let e = findNamedMD("llvm.errno.tbaa");
    if (e >= 0) {
      if (nmdNOps.get(e) == 0) { vr.fail("llvm.errno.tbaa must have at least one operand"); vr.wnmd(e); }
      for (let k = 0, n = nmdNOps.get(e); k < n; k++) {
        let tag = nmdPool.get(nmdOps.get(e) + k);
        if (tag >= 0 && isNode(tag)) visitTBAA(-1, tag);
      }
    }
  }
}

function visitNamedMDNode(i: i32): void {
  let name = nmdName.get(i);
  // the llvm.dbg namespace is reserved: only llvm.dbg.cu, whose operands are compile units
  let isCU = strtab.eqStr(name, "llvm.dbg.cu");
  if (strtab.startsWithStr(name, "llvm.dbg.") && !isCU) {
    vr.failDebugInfo("unrecognized named metadata node in the llvm.dbg namespace"); vr.wnmd(i); return;
  }
  let s = nmdOps.get(i);
  for (let j = 0; nmdNOps.get(i) > j; j++) {
    let m = nmdPool.get(s + j);
    if (isCU && !isDINode(m, "DICompileUnit")) { vr.failDebugInfo("invalid compile unit"); vr.wnmd(i); vr.wm(m); return; }
    if (m < 0) continue;
    visitMDNode(m, true);
  }
}

// Each entry of the named node is a node of one string.
function visitSingleStrings(name: string, countMsg: string, stringMsg: string): void {
  let i = findNamedMD(name);
  if (i < 0) return;
  let s = nmdOps.get(i);
  for (let j = 0; nmdNOps.get(i) > j; j++) {
    let n = nmdPool.get(s + j);
    if (numOps(n) != 1) { vr.fail(countMsg); vr.wm(n); return; }
    if (!isString(op(n, 0))) { vr.fail(stringMsg); vr.wm(op(n, 0)); return; }
  }
}

function visitModuleFlags(): void {
  let i = findNamedMD("llvm.module.flags");
  if (i < 0) return;
  vr.seenIds.clear(); vr.requirements.clear();
  let pauthPlatform = false, pauthVersion = false;
  let s = nmdOps.get(i);
  for (let j = 0; nmdNOps.get(i) > j; j++) {
    let f = nmdPool.get(s + j);
    visitModuleFlag(f);
    if (numOps(f) != 3) continue;
    let id = op(f, 1);
    // (a flag of value -1 counts as absent, as in LLVM)
    let v = constInt(op(f, 2));
    let present = v >= 0 && !(ciFits64(v) && ciLow64(v) == 0xffffffffffffffff);
    if (stringIs(id, "aarch64-elf-pauthabi-platform")) { if (v >= 0) pauthPlatform = present; }
    else if (stringIs(id, "aarch64-elf-pauthabi-version")) { if (v >= 0) pauthVersion = present; }
  }
  if (pauthPlatform != pauthVersion) {
    vr.fail("either both or no 'aarch64-elf-pauthabi-platform' and 'aarch64-elf-pauthabi-version' module flags must be present");
  }
  for (let k = 0; k < vr.requirements.len; k++) {
    let req = vr.requirements.get(k);
    let flag = op(req, 0), want = op(req, 1);
    let found = -1;
    for (let q = 0; q < vr.seenIds.len; q += 2) if (sameString(vr.seenIds.get(q), flag)) { found = vr.seenIds.get(q + 1); break; }
    if (found < 0) { vr.fail("invalid requirement on flag, flag is not present in module"); vr.wm(flag); continue; }
    if (op(found, 2) != want) { vr.fail("invalid requirement on flag, flag does not have the required value"); vr.wm(flag); continue; }
  }
}

function visitModuleFlag(f: i32): void {
  if (numOps(f) != 3) { vr.fail("incorrect number of operands in module flag"); vr.wm(f); return; }
  let b = op(f, 0);
  let c = constInt(b);
  // Module::isValidModFlagBehavior reads the value saturated to 64 bits
  let behavior = c >= 0 && ciFits64(c) && ciLow64(c) >= <u64>ERROR && ciLow64(c) <= <u64>MIN ? <i32>ciLow64(c) : 0;
  if (behavior == 0) {
    if (c < 0) { vr.fail("invalid behavior operand in module flag (expected constant integer)"); vr.wm(b); return; }
    vr.fail("invalid behavior operand in module flag (unexpected constant)"); vr.wm(b); return;
  }
  let id = op(f, 1);
  if (!isString(id)) { vr.fail("invalid ID operand in module flag (expected metadata string)"); vr.wm(id); return; }
  let value = op(f, 2);
  if (behavior == MIN) {
    let v = constInt(value);
    if (v < 0 || ciNegative(v)) { vr.fail("invalid value for 'min' module flag (expected constant non-negative integer)"); vr.wm(value); return; }
  } else if (behavior == MAX) {
    if (constInt(value) < 0) { vr.fail("invalid value for 'max' module flag (expected constant integer)"); vr.wm(value); return; }
  } else if (behavior == REQUIRE) {
    if (!isNode(value) || numOps(value) != 2) { vr.fail("invalid value for 'require' module flag (expected metadata pair)"); vr.wm(value); return; }
    if (!isString(op(value, 0))) { vr.fail("invalid value for 'require' module flag (first value operand should be a string)"); vr.wm(op(value, 0)); return; }
    vr.requirements.push(value);
  } else if (behavior == APPEND || behavior == APPEND_UNIQUE) {
    if (!isNode(value)) { vr.fail("invalid value for 'append'-type module flag (expected a metadata node)"); vr.wm(value); return; }
  }
  if (behavior != REQUIRE) {
    for (let q = 0; q < vr.seenIds.len; q += 2) {
      if (sameString(vr.seenIds.get(q), id)) { vr.fail("module flag identifiers must be unique (or of 'require' type)"); vr.wm(id); return; }
    }
    vr.seenIds.push(id); vr.seenIds.push(f);
  }
  if (stringIs(id, "wchar_size") && constInt(value) < 0) { vr.fail("wchar_size metadata requires constant integer argument"); return; }
  if (stringIs(id, "Linker Options") && findNamedMD("llvm.linker.options") < 0) { vr.fail("'Linker Options' named metadata no longer supported"); return; }
  if (stringIs(id, "SemanticInterposition") && constInt(value) < 0) { vr.fail("SemanticInterposition metadata requires constant integer argument"); return; }
  // (opt reads a value that is not a node as one; LLVM 19 reports nothing then, so neither do we)
  if (stringIs(id, "CG Profile") && isNode(value)) {
    for (let k = 0; k < numOps(value); k++) visitCGProfileEntry(op(value, k));
  }
}

function visitCGProfileEntry(e: i32): void {
  if (!isNode(e) || numOps(e) != 3) { vr.fail("expected a MDNode triple"); vr.wm(e); return; }
  // (each end's check ends only itself)
  cgProfileFunction(op(e, 0));
  cgProfileFunction(op(e, 1));
  let count = op(e, 2);
  if (!isConstant(count) || !isInt(vType.get(mdValue(count)))) { vr.fail("expected an integer constant"); vr.wm(count); return; }
}
// A call-graph edge's end: null or a function (through pointer casts).
function cgProfileFunction(m: i32): void {
  if (m < 0) return;
  let v = mdValue(m);
  if (v >= 0 && <i32>vKind.get(stripCasts(v)) == VK.Function) return;
  vr.fail("expected a Function or null"); vr.wm(m);
}
// Value::stripPointerCasts over constant bitcasts and address space casts.
function stripCasts(v: i32): i32 {
  for (let n = 0; n < 64 && <i32>vKind.get(v) == VK.ConstExpr; n++) {
    let o = <i32>iOp.get(v);
    if ((o != Op.BitCast && o != Op.AddrSpaceCast) || numOperands(v) < 1 || operand(v, 0) < 0) break;
    v = operand(v, 0);
  }
  return v;
}
// Two MDStrings are the same string (they are unique by content).
function sameString(a: i32, b: i32): bool { return isString(a) && isString(b) && mdA.get(a) == mdA.get(b); }
