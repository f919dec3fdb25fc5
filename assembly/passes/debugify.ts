// debugify and check-debugify (LLVM 19, Transforms/Utils/Debugify.cpp, synthetic mode).
//
// debugify gives a module without debug info synthetic debug info: one compile unit, a
// subprogram per function with an exact definition, a DILocation (line N, column 1) on every
// instruction with lines numbered through the module, and after every non-void instruction a
// #dbg_value of a variable named by its number, typed "ty<alloc size in bits>". check-debugify
// then reports which lines and variables a pass lost (on stderr, as opt does), so a pass can be
// tested for preserving debug info: `-passes=debugify,mem2reg,check-debugify`.
import { I32Vec } from "../util/vec";
import { OutBuf } from "../util/outbuf";
import {
  MK, MDF_DISTINCT, mdKind, mdFlags, mdA, mdOps, mdNOps, mdPool, newMD, FV_MD, FV_RAW, drKind, drOps, drNOps,
  drNext, drPool, DR, newDebugRecord, nmdName, nmdOps, nmdNOps, nmdPool, addAttachment, findAttachment, MDK_DBG,
  uniqueMetadata, appendNamedMD, findNamedMD,
} from "../ir/metadata";
import {
  getLocation, isNode, fieldInt, fieldMD, exprFragmentSize, variableSizeInBits, recVariable, recExpr, ensureNames,
} from "../ir/debuginfo";
import { vKind, VK, vType, vName, vA, iOp, iNext, iPrev, iMD, iDbg, iFlags, operand, numOperands } from "../ir/values";
import { Op, F_TAIL_SHIFT } from "../ir/opcodes";
import { globalCount, gKind, GK, gFlags, GF_ERASED, GF_DSO_LOCAL, gFirstBlock, gValue, gLinkage, Linkage, gMD } from "../ir/globals";
import { strtab, moduleId } from "../ir/module";
import { T_VOID, T_I32, TK, kindOf } from "../ir/types";
import { getInt, intLow64 } from "../ir/constants";
import { typeAllocSizeInBits, typeIsSized } from "../ir/datalayout";
import { printEscaped } from "../text/printer-types";
import { numberForDiagnostics, numberFunction, printInstructionTo } from "../text/printer";
import { writer } from "../text/writer";
import { printRecord } from "../text/printer-values";
import { appendRecord, setDebugLoc } from "../ir/edit";
import { PassContext, PassInfo, Level, OptionKind } from "./registry";

// -debugify-level=locations attaches locations only; -debugify-quiet silences the report.
export const LEVEL_LOCATIONS = 0, LEVEL_VARIABLES = 1;

function word(s: string): i32 { return strtab.internStr(s); }
function num(v: i64): i32 { return strtab.internStr(v.toString()); }
function tuple(ops: I32Vec): i32 {
  let m = newMD(MK.Tuple, -1);
  for (let i = 0; i < ops.len; i++) mdPool.push(ops.get(i));
  mdNOps.set(m, ops.len);
  return m;
}
function allocSizeInBits(ty: i32): i64 { return typeIsSized(ty) ? typeAllocSizeInBits(ty) : 0; }

// ---- which functions and where records go ----

// !hasExactDefinition(): bodies the linker may replace (weak, linkonce, common, their ODR forms,
// available_externally).
function isSkipped(g: i32): bool {
  if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0 || gFirstBlock.get(g) < 0) return true;
  let l = <i32>gLinkage.get(g);
  return l == Linkage.LinkOnce || l == Linkage.Weak || l == Linkage.Common || l == Linkage.ExternWeak ||
    l == Linkage.LinkOnceODR || l == Linkage.WeakODR || l == Linkage.Available;
}
function firstInst(b: i32): i32 { return vA.get(b); }
function lastInst(b: i32): i32 { let i = vA.get(b), last = -1; while (i >= 0) { last = i; i = iNext.get(i); } return last; }
function calleeName(i: i32): i32 {
  let c = operand(i, 0);
  return c >= 0 && <i32>vKind.get(c) == VK.Function ? vName.get(c) : -1;
}
// The name is intrinsic `base` or one of its overloads (`base.<types>`).
function isIntrinsicNamed(nm: i32, base: string): bool {
  return strtab.isIntrinsicName(nm, base);
}
function isMustTail(i: i32): bool { return <i32>iOp.get(i) == Op.Call && ((iFlags.get(i) >> F_TAIL_SHIFT) & 3) == 2; }
// findTerminatingInstruction: a musttail call before the `ret` (looking through one bitcast of
// its result), a call to llvm.experimental.deoptimize before the `ret`, else the terminator.
function terminatingInst(b: i32): i32 {
  let term = lastInst(b);
  if (term < 0 || <i32>iOp.get(term) != Op.Ret || term == firstInst(b)) return term;
  let prev = iPrev.get(term);
  let rv = numOperands(term) > 0 ? operand(term, 0) : -1;
  let p = prev;
  let ok = true;
  if (rv >= 0) {
    if (rv != p) ok = false;
    else if (<i32>iOp.get(p) == Op.BitCast) {
      rv = operand(p, 0); p = iPrev.get(p);
      if (p < 0 || rv != p) ok = false;
    }
  }
  if (ok && p >= 0 && isMustTail(p)) return p;
  if (prev >= 0 && <i32>iOp.get(prev) == Op.Call) {
    let nm = calleeName(prev);
    if (nm >= 0 && isIntrinsicNamed(nm, "llvm.experimental.deoptimize")) return prev;
  }
  return term;
}
function isEHPadOp(op: i32): bool {
  return op == Op.LandingPad || op == Op.CatchPad || op == Op.CleanupPad || op == Op.CatchSwitch;
}
// The first instruction that is not a phi.
function firstNonPhi(b: i32): i32 {
  let i = vA.get(b);
  while (i >= 0 && <i32>iOp.get(i) == Op.Phi) i = iNext.get(i);
  return i;
}


// ---- debugify ----

// One run of debugify: the node being built, the basic types by size, the variables of the
// function, scratch. Made for each run (debugifyPass) and dropped after it.
export class Debugify {
  private raw: OutBuf = new OutBuf();
  private varsOfFn: I32Vec = new I32Vec();
  private typeBySize: I32Vec = new I32Vec();   // (size, DIBasicType) pairs
  private building: i32 = -1;
  private scratch: I32Vec = new I32Vec();
  constructor(private log: OutBuf, private quiet: bool) {}
  private say(s: string): void { if (!this.quiet) this.log.str(s); }

  // ---- building nodes ----
  private beginNode(cls: string, distinct: bool): i32 {
    let m = newMD(MK.Node, strtab.internStr(cls));
    this.building = m;
    if (distinct) mdFlags.set(m, <u8>MDF_DISTINCT);
    return m;
  }
  private rawField(name: string, text: i32): void {
    mdPool.push(strtab.internStr(name)); mdPool.push(FV_RAW); mdPool.push(text);
    mdNOps.set(this.building, mdNOps.get(this.building) + 1);
  }
  private mdField(name: string, m: i32): void {
    mdPool.push(strtab.internStr(name)); mdPool.push(FV_MD); mdPool.push(m);
    mdNOps.set(this.building, mdNOps.get(this.building) + 1);
  }
  // A quoted string field as AsmWriter prints it.
  private quoted(p: usize, n: i32): i32 {
    let raw = this.raw;
    raw.clear(); raw.byte(34); printEscaped(raw, p, n); raw.byte(34);
    return strtab.intern(raw.buf.ptr, raw.len);
  }
  private quotedStr(s: string): i32 {
    let u = String.UTF8.encode(s, false);
    return this.quoted(changetype<usize>(u), u.byteLength);
  }
  private tupleOfValue(v: i32): i32 {
    this.scratch.clear(); this.scratch.push(newMD(MK.Value, v));
    return tuple(this.scratch);
  }
  // DIBuilder::createBasicType("ty<size>", size, DW_ATE_unsigned), one per size.
  private basicType(size: i64): i32 {
    let typeBySize = this.typeBySize;
    for (let i = 0; i < typeBySize.len; i += 2) if (<i64>typeBySize.get(i) == size) return typeBySize.get(i + 1);
    let m = this.beginNode("DIBasicType", false);
    this.rawField("name", this.quotedStr("ty" + size.toString()));
    if (size != 0) this.rawField("size", num(size));
    this.rawField("encoding", word("DW_ATE_unsigned"));
    typeBySize.push(<i32>size); typeBySize.push(m);
    return m;
  }

  // Returns true when the module changed.
  run(level: i32): bool {
    if (findNamedMD("llvm.dbg.cu") >= 0) { this.say("ModuleDebugify: Skipping module with debug info\n"); return false; }
    ensureNames();
    this.typeBySize.clear();
    let nameId = moduleId;
    let file = this.beginNode("DIFile", false);
    this.rawField("filename", nameId >= 0 ? this.quoted(strtab.ptrOf(nameId), strtab.lenOf(nameId)) : this.quotedStr(""));
    this.rawField("directory", this.quotedStr("/"));
    let cu = this.beginNode("DICompileUnit", true);
    this.rawField("language", word("DW_LANG_C"));
    this.mdField("file", file);
    this.rawField("producer", this.quotedStr("debugify"));
    this.rawField("isOptimized", word("true"));
    this.rawField("runtimeVersion", word("0"));
    this.rawField("emissionKind", word("FullDebug"));
    appendNamedMD(strtab.internStr("llvm.dbg.cu"), cu);

    this.scratch.clear();
    let spType = -1;
    let expr = newMD(MK.Expr, strtab.internStr(""));
    let i32Zero = getInt(T_I32, 0);
    let nextLine: i64 = 1, nextVar: i64 = 1;
    for (let g = 0; g < globalCount(); g++) {
      if (isSkipped(g)) continue;
      if (spType < 0) {
        this.scratch.clear();
        let types = tuple(this.scratch);
        spType = this.beginNode("DISubroutineType", false);
        this.mdField("types", types);
      }
      let fv = gValue.get(g);
      let fname = vName.get(fv);
      let local = <i32>gLinkage.get(g) == Linkage.Private || <i32>gLinkage.get(g) == Linkage.Internal;
      let sp = this.beginNode("DISubprogram", true);
      if (fname >= 0 && strtab.lenOf(fname) > 0) {
        let q = this.quoted(strtab.ptrOf(fname), strtab.lenOf(fname));
        this.rawField("name", q); this.rawField("linkageName", q);
      }
      this.rawField("scope", word("null"));
      this.mdField("file", file);
      this.rawField("line", num(nextLine));
      this.mdField("type", spType);
      this.rawField("scopeLine", num(nextLine));
      this.rawField("spFlags", word(local ? "DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized" : "DISPFlagDefinition | DISPFlagOptimized"));
      this.mdField("unit", cu);
      let spFieldCount = mdNOps.get(sp);
      gMD.set(g, addAttachment(gMD.get(g), MDK_DBG, sp));
      this.varsOfFn.clear();

      for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
        for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
          setDebugLoc(i, getLocation(nextLine++, 1, sp, -1, false));
        }
        if (level < LEVEL_VARIABLES) continue;
        let fnp = firstNonPhi(b);
        if (fnp < 0 || isEHPadOp(<i32>iOp.get(fnp))) continue;
        let last = terminatingInst(b);
        let insertBefore = fnp;   // the first insertion point (the block is not an EH pad)
        for (let i = vA.get(b); i >= 0 && i != last; i = iNext.get(i)) {
          if (vType.get(i) == T_VOID) continue;
          if (<i32>iOp.get(i) != Op.Phi) insertBefore = iNext.get(i);
          this.addValue(i, i, insertBefore, sp, file, expr, nextVar++);
        }
      }
      if (level >= LEVEL_VARIABLES && this.varsOfFn.len == 0) {
        let term = terminatingInst(gFirstBlock.get(g));
        this.addValue(term, vType.get(term) == T_VOID ? i32Zero : term, term, sp, file, expr, nextVar++);
      }
      // DIBuilder::finalizeSubprogram: the variables become the retained nodes
      if (this.varsOfFn.len > 0) relocateNodeWithExtra(sp, mdOps.get(sp), spFieldCount, tuple(this.varsOfFn));
    }

    // llvm.debugify: the number of lines and of variables
    let nmd = strtab.internStr("llvm.debugify");
    appendNamedMD(nmd, this.tupleOfValue(getInt(T_I32, nextLine - 1)));
    appendNamedMD(nmd, this.tupleOfValue(getInt(T_I32, nextVar - 1)));
    if (!hasModuleFlag("Debug Info Version")) {
      this.scratch.clear();
      this.scratch.push(newMD(MK.Value, getInt(T_I32, 2)));
      this.scratch.push(newMD(MK.String, strtab.internStr("Debug Info Version")));
      this.scratch.push(newMD(MK.Value, getInt(T_I32, 3)));
      appendNamedMD(strtab.internStr("llvm.module.flags"), tuple(this.scratch));
    }
    uniqueMetadata();
    return true;
  }

  // A #dbg_value of `v` for a new variable, before `at`, at the location of `template`.
  private addValue(template: i32, v: i32, at: i32, sp: i32, file: i32, expr: i32, varNo: i64): void {
    let loc = findAttachment(iMD.get(template), MDK_DBG);
    let type = this.basicType(allocSizeInBits(vType.get(v)));   // built first: a node's fields are contiguous
    let variable = this.beginNode("DILocalVariable", false);
    this.rawField("name", this.quotedStr(varNo.toString()));
    this.mdField("scope", sp);
    this.mdField("file", file);
    let line = fieldInt(loc, strtab.internStr("line"));
    if (line != 0) this.rawField("line", num(line));
    this.mdField("type", type);
    this.varsOfFn.push(variable);
    let r = newDebugRecord(DR.Value);
    drOps.set(r, drPool.len);
    drPool.push(newMD(MK.Value, v)); drPool.push(variable); drPool.push(expr); drPool.push(loc);
    drNOps.set(r, 4);
    appendRecord(at, r);
  }
}

// Node `m` (n fields at pool index `at`, no longer at the pool's end) is copied to the end with a
// retainedNodes: t field added.
function relocateNodeWithExtra(m: i32, at: i32, n: i32, t: i32): void {
  let s = mdPool.len;
  for (let k = 0; k < n * 3; k++) mdPool.push(mdPool.get(at + k));
  mdPool.push(strtab.internStr("retainedNodes")); mdPool.push(FV_MD); mdPool.push(t);
  mdOps.set(m, s); mdNOps.set(m, n + 1);
}

function hasModuleFlag(key: string): bool {
  let i = findNamedMD("llvm.module.flags");
  if (i < 0) return false;
  let s = nmdOps.get(i);
  for (let j = 0; nmdNOps.get(i) > j; j++) {
    let flag = nmdPool.get(s + j);
    if (flag < 0 || <i32>mdKind.get(flag) != MK.Tuple || mdNOps.get(flag) < 2) continue;
    let id = mdPool.get(mdOps.get(flag) + 1);
    if (id >= 0 && <i32>mdKind.get(id) == MK.String && strtab.eqStr(mdA.get(id), key)) return true;
  }
  return false;
}

// ---- check-debugify ----

// The i32 in operand `k` of llvm.debugify (a tuple holding one constant); 0 when malformed.
function debugifyCount(nmd: i32, k: i32): i32 {
  if (nmdNOps.get(nmd) <= k) return 0;
  let t = nmdPool.get(nmdOps.get(nmd) + k);
  if (t < 0 || <i32>mdKind.get(t) != MK.Tuple || mdNOps.get(t) < 1) return 0;
  let v = mdPool.get(mdOps.get(t));
  if (v < 0 || <i32>mdKind.get(v) != MK.Value || <i32>vKind.get(mdA.get(v)) != VK.ConstInt) return 0;
  return <i32>intLow64(mdA.get(v));
}
// The number a debugify variable is named by ("12"), or -1.
function variableNumber(variable: i32): i32 {
  let f = fieldRaw(variable, "name");
  if (f < 0) return -1;
  let p = strtab.ptrOf(f), n = strtab.lenOf(f);
  if (n < 3 || load<u8>(p) != 34 || load<u8>(p + <usize>(n - 1)) != 34) return -1;
  let v: i64 = 0;
  for (let i = 1; i < n - 1; i++) {
    let d = <i32>load<u8>(p + <usize>i) - 48;
    if (d < 0 || d > 9 || v > 0x7fffffff) return -1;
    v = v * 10 + d;
  }
  return <i32>v;
}
function fieldRaw(m: i32, name: string): i32 {
  if (m < 0 || <i32>mdKind.get(m) != MK.Node) return -1;
  let s = mdOps.get(m), n = mdNOps.get(m);
  for (let i = 0; i < n; i++) {
    if (strtab.eqStr(mdPool.get(s + 3 * i), name) && mdPool.get(s + 3 * i + 1) == FV_RAW) return mdPool.get(s + 3 * i + 2);
  }
  return -1;
}
function exprIsEmpty(e: i32): bool {
  if (e < 0 || <i32>mdKind.get(e) != MK.Expr) return true;
  let s = mdA.get(e), p = strtab.ptrOf(s), n = strtab.lenOf(s);
  for (let i = 0; i < n; i++) { let c = <i32>load<u8>(p + <usize>i); if (c != 32 && c != 9) return false; }
  return true;
}
// The first location operand of a record, or -1 (an empty location).
function firstLocationValue(r: i32): i32 {
  let m = drPool.get(drOps.get(r));
  if (m < 0) return -1;
  let k = <i32>mdKind.get(m);
  if (k == MK.Value) return mdA.get(m);
  if (k == MK.ArgList && mdNOps.get(m) > 0) {
    let o = mdPool.get(mdOps.get(m));
    if (o >= 0 && <i32>mdKind.get(o) == MK.Value) return mdA.get(o);
  }
  return -1;
}
// One run of check-debugify: where the report goes and whether it is quiet.
export class CheckDebugify {
  constructor(private log: OutBuf, private quiet: bool) {}
  private say(s: string): void { if (!this.quiet) this.log.str(s); }

  // diagnoseMisSizedDbgValue: the value's allocation size must match the variable's size (for
  // integers, only a signed variable wider than the value is an error).
  private misSized(r: i32, out: OutBuf, g: i32): bool {
    if (!exprIsEmpty(recExpr(r))) return false;
    let v = firstLocationValue(r);
    if (v < 0) return false;
    let ty = vType.get(v);
    let valueSize = allocSizeInBits(ty);
    let varSize = exprFragmentSize(recExpr(r));
    if (varSize < 0) varSize = variableSizeInBits(recVariable(r));
    if (valueSize == 0 || varSize < 0) return false;
    let bad = false;
    if (kindOf(ty) == TK.Int) {
      let t = fieldMD(recVariable(r), strtab.internStr("type"));
      let enc = isNode(t, strtab.internStr("DIBasicType")) ? fieldRaw(t, "encoding") : -1;
      let signed = enc >= 0 && (strtab.eqStr(enc, "DW_ATE_signed") || strtab.eqStr(enc, "DW_ATE_signed_char"));
      if (signed) bad = valueSize < varSize;
    } else bad = valueSize != varSize;
    if (bad && !this.quiet) {
      out.str("ERROR: dbg.value operand has size " + valueSize.toString() + ", but its variable has size " +
        varSize.toString() + ": ");
      numberForDiagnostics(writer()); numberFunction(writer(), g);
      printRecord(writer(), out, r);
      out.str("\n");
    }
    return bad;
  }

  run(): void {
    let out = this.log, quiet = this.quiet;
    let nmd = findNamedMD("llvm.debugify");
    if (nmd < 0) { this.say("CheckModuleDebugify: Skipping module without debugify metadata\n"); return; }
    let nLines = debugifyCount(nmd, 0), nVars = debugifyCount(nmd, 1);
    let missingLines = new Uint8Array(nLines); missingLines.fill(1);
    let missingVars = new Uint8Array(nVars); missingVars.fill(1);
    let hasErrors = false;
    let numbered = false;
    for (let g = 0; g < globalCount(); g++) {
      if (isSkipped(g)) continue;
      for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
        for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
          let dl = findAttachment(iMD.get(i), MDK_DBG);
          let line = dl >= 0 ? fieldInt(dl, strtab.internStr("line")) : 0;
          if (dl >= 0 && line != 0) {
            if (line <= <i64>nLines) missingLines[<i32>line - 1] = 0;
            continue;
          }
          if (<i32>iOp.get(i) != Op.Phi && dl < 0 && !quiet) {
            if (!numbered) { numberForDiagnostics(writer()); numbered = true; }
            numberFunction(writer(), g);
            out.str("WARNING: Instruction with empty DebugLoc in function ");
            let fn = vName.get(gValue.get(g));
            if (fn >= 0) out.bytes(strtab.ptrOf(fn), strtab.lenOf(fn));
            out.str(" --");
            printInstructionTo(writer(), out, i);
            out.str("\n");
          }
        }
      }
      for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
        for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
          for (let r = iDbg.get(i); r >= 0; r = drNext.get(r)) {
            let k = <i32>drKind.get(r);
            if (k != DR.Value && k != DR.Assign) continue;
            let n = variableNumber(recVariable(r));
            let bad = this.misSized(r, out, g);
            if (!bad && n >= 1 && n <= nVars) missingVars[n - 1] = 0;
            hasErrors = hasErrors || bad;
          }
        }
      }
    }
    for (let k = 0; k < nLines; k++) if (missingLines[k] != 0) this.say("WARNING: Missing line " + (k + 1).toString() + "\n");
    for (let k = 0; k < nVars; k++) if (missingVars[k] != 0) this.say("WARNING: Missing variable " + (k + 1).toString() + "\n");
    this.say(hasErrors ? "CheckModuleDebugify: FAIL\n" : "CheckModuleDebugify: PASS\n");
  }
}

// ---- the pass table's entries (pipeline/table.ts) ----
const QUIET_HELP = "no report on stderr";
export function debugifyPass(): PassInfo {
  return new PassInfo("debugify", Level.Module, (c: PassContext): i32 => {
    new Debugify(c.out, c.bool("debugify-quiet")).run(c.str("debugify-level") == "locations" ? LEVEL_LOCATIONS : LEVEL_VARIABLES);
    return 0;
  }).as("NewPMDebugifyPass").describe("Attach synthetic debug info to everything")
    .option("debugify-level", OptionKind.Enum, "location+variables", "kind of debug info to add", "locations|location+variables")
    .option("debugify-quiet", OptionKind.Bool, "0", QUIET_HELP);
}
export function checkDebugifyPass(): PassInfo {
  return new PassInfo("check-debugify", Level.Module, (c: PassContext): i32 => {
    new CheckDebugify(c.out, c.bool("debugify-quiet")).run();
    return 0;
  }).as("NewPMCheckDebugifyPass").describe("Check what debugify attached survived")
    .option("debugify-quiet", OptionKind.Bool, "0", QUIET_HELP);
}
