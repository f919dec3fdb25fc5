// opt's pass instrumentation that writes IR, around every pass the runner runs:
//   -print-before-all / -print-after-all / -print-before=<passes> / -print-after=<passes>
//     `; *** IR Dump After <Class> on <unit> ***` and the unit's IR;
//   -print-changed[=quiet]: `*** IR Dump At Start ***`, then the unit's IR after each pass that
//     changed it (`omitted because no change`, `filtered out`, `ignored` lines unless quiet);
//   -filter-print-funcs=<names>, -filter-passes=<names>, -print-module-scope;
//   trace (the API's, not opt's): the unit's IR before and after each pass, and its time, as the
//     side file `wopt-trace` (layout below) for an IDE's per-pass view.
// A unit is a function (function passes) or `[module]`. Pass managers and adaptors are not run as
// passes here, but opt's `ignored` lines for them are written where opt's would be. The host's
// own last steps (verifying and printing the output) are named by the option `pipeline-tail`.
import { OutBuf } from "../util/outbuf";
import { strtab } from "../ir/module";
import { vName } from "../ir/values";
import { globalCount, gKind, GK, gValue } from "../ir/globals";
import { isLive } from "../text/slots";
import { Writer } from "../text/writer";
import { beginPrint, printNextPart, numberForDiagnostics } from "../text/printer";
import { printFunction } from "../text/printer-globals";
import { PassContext, PassInfo, PassOption, OptionKind } from "../passes/registry";

@external("env", "clock") declare function hostClock(): f64;

// The options this file reads; pipeline/options.ts accepts them beside the pass table's.
let declared: PassOption[] | null = null;
export function instrumentationOptions(): PassOption[] {
  if (declared == null) declared = [
    new PassOption("print-before-all", OptionKind.Bool, "0", "", "Print IR before each pass"),
    new PassOption("print-after-all", OptionKind.Bool, "0", "", "Print IR after each pass"),
    new PassOption("print-before", OptionKind.String, "", "", "Print IR before the passes named (comma-separated pipeline names)"),
    new PassOption("print-after", OptionKind.String, "", "", "Print IR after the passes named (comma-separated pipeline names)"),
    new PassOption("print-changed", OptionKind.Enum, "", "|changed|quiet", "Print the IR a pass changed: changed (with the unchanged, filtered and ignored passes named) or quiet"),
    new PassOption("filter-print-funcs", OptionKind.String, "", "", "Print only these functions (comma-separated) in IR dumps"),
    new PassOption("filter-passes", OptionKind.String, "", "", "-print-changed: report only these passes (comma-separated pipeline names)"),
    new PassOption("print-module-scope", OptionKind.Bool, "0", "", "Print the whole module in IR dumps of function passes"),
    new PassOption("trace", OptionKind.Bool, "0", "", "API: record each pass's unit before and after, and its time (side file wopt-trace)"),
    new PassOption("pipeline-tail", OptionKind.String, "", "", "Host: the steps it runs after the pipeline (verify, print), named in -print-changed as opt names them"),
    new PassOption("only-function", OptionKind.String, "", "", "Host: run the function passes on this function alone (the language server's pipeline on one function)"),
  ];
  return declared!;
}
export function resetInstrumentation(): void { declared = null; }

const CHANGED_VERBOSE: i32 = 1, CHANGED_QUIET: i32 = 2;

function listOf(s: string): string[] {
  let out: string[] = [];
  if (s.length == 0) return out;
  let parts = s.split(",");
  for (let i = 0; i < parts.length; i++) { let p = parts[i].trim(); if (p.length > 0) out.push(p); }
  return out;
}

// The name a unit is reported under: the function's name as it is (not quoted), or [module].
function writeUnitName(out: OutBuf, fn: i32): void {
  if (fn < 0) { out.str("[module]"); return; }
  let nm = vName.get(gValue.get(fn));
  if (nm >= 0) out.strId(strtab, nm);
}
function functionNameIs(g: i32, name: string): bool {
  let nm = vName.get(gValue.get(g));
  let b = String.UTF8.encode(name, false);
  let n = b.byteLength;
  if (nm < 0) return n == 0;
  return strtab.lenOf(nm) == n && memory.compare(strtab.ptrOf(nm), changetype<usize>(b), <usize>n) == 0;
}
function lenStr(o: OutBuf, s: string): void {
  let b = String.UTF8.encode(s, false);
  o.lenBytes(changetype<usize>(b), b.byteLength);
}
function sameBytes(a: OutBuf, b: OutBuf): bool {
  return a.len == b.len && memory.compare(a.buf.ptr, b.buf.ptr, <usize>a.len) == 0;
}

export class Instrumentation {
  active: bool = false;
  beforeAll: bool = false; afterAll: bool = false;
  before: string[] = []; after: string[] = [];
  changed: i32 = 0;
  funcs: string[] = [];         // -filter-print-funcs (empty: all)
  passes: string[] = [];        // -filter-passes (empty: all)
  moduleScope: bool = false;
  trace: bool = false;
  tailVerify: bool = false; tailPrint: bool = false;
  startDone: bool = false;
  // trace: entries so far, the unit's IR before the running pass, and when it started
  traceOut: OutBuf = new OutBuf();
  traceCount: i32 = 0;
  saved: OutBuf = new OutBuf();
  savedValid: bool = false;
  started: f64 = 0;

  // Reads the options of c (after readOptions).
  configure(c: PassContext): void {
    for (let i = 0; i < c.optionNames.length; i++) {
      let n = c.optionNames[i], v = c.optionValues[i];
      let on = v == "1" || v == "true";
      if (n == "print-before-all") this.beforeAll = on;
      else if (n == "print-after-all") this.afterAll = on;
      else if (n == "print-before") this.before = listOf(v);
      else if (n == "print-after") this.after = listOf(v);
      else if (n == "print-changed") this.changed = v == "quiet" ? CHANGED_QUIET : v.length > 0 ? CHANGED_VERBOSE : 0;
      else if (n == "filter-print-funcs") this.funcs = listOf(v);
      else if (n == "filter-passes") this.passes = listOf(v);
      else if (n == "print-module-scope") this.moduleScope = on;
      else if (n == "trace") this.trace = on;
      else if (n == "pipeline-tail") { let t = listOf(v); this.tailVerify = t.includes("verify"); this.tailPrint = t.includes("print"); }
    }
    this.active = this.beforeAll || this.afterAll || this.before.length > 0 || this.after.length > 0 || this.changed != 0 || this.trace;
  }

  private functionInList(g: i32): bool {
    if (this.funcs.length == 0) return true;
    for (let i = 0; i < this.funcs.length; i++) if (functionNameIs(g, this.funcs[i])) return true;
    return false;
  }
  private allFunctions(): bool { return this.funcs.length == 0 || this.funcs.includes("*"); }
  // opt's shouldPrintIR: a function in the list, or a module with one (or "*").
  private shouldPrint(fn: i32): bool {
    if (fn >= 0) return this.functionInList(fn);
    if (this.allFunctions()) return true;
    for (let g = 0; g < globalCount(); g++) if (<i32>gKind.get(g) == GK.Func && isLive(g) && this.functionInList(g)) return true;
    return false;
  }

  // The unit's IR as opt's instrumentation prints it (unwrapAndPrint), appended to dst.
  private printUnit(dst: OutBuf, fn: i32): void {
    if (!this.shouldPrint(fn)) return;
    if (fn >= 0 && !this.moduleScope) { printOneFunction(dst, fn); return; }
    if (this.allFunctions() || this.moduleScope) { printWholeModule(dst); return; }
    for (let g = 0; g < globalCount(); g++)
      if (<i32>gKind.get(g) == GK.Func && isLive(g) && this.functionInList(g)) printOneFunction(dst, g);
  }

  // Before the first step (also when the pipeline is empty but the host verifies or prints).
  start(c: PassContext, anySteps: bool): void {
    if (this.startDone) return;
    this.startDone = true;
    if (this.changed == CHANGED_VERBOSE && (anySteps || this.tailVerify || this.tailPrint)) {
      c.out.str("*** IR Dump At Start ***\n");
      printWholeModule(c.out);
    }
  }

  // Around a pass that runs (stepName: how the pipeline named it, e.g. require<domtree>).
  beforePass(c: PassContext, pass: PassInfo, stepName: string, cls: string, fn: i32): void {
    if (this.beforeAll || this.before.includes(stepName)) {
      if (this.shouldPrint(fn)) {
        c.out.str("; *** IR Dump Before "); c.out.str(cls); c.out.str(" on "); writeUnitName(c.out, fn); c.out.str(" ***\n");
        this.printUnit(c.out, fn);
      }
    }
    this.savedValid = false;
    if ((this.changed != 0 && this.interesting(pass, stepName, fn)) || this.trace) {
      this.saved.clear();
      this.printUnit(this.saved, fn);
      this.savedValid = true;
    }
    if (this.trace) this.started = hostClock();
  }
  afterPass(c: PassContext, pass: PassInfo, stepName: string, cls: string, fn: i32): void {
    let ms = this.trace ? hostClock() - this.started : 0.0;
    let now: OutBuf | null = null;
    if (this.savedValid) { now = new OutBuf(); this.printUnit(now, fn); }
    if (this.afterAll || this.after.includes(stepName)) {
      if (this.shouldPrint(fn)) {
        c.out.str("; *** IR Dump After "); c.out.str(cls); c.out.str(" on "); writeUnitName(c.out, fn); c.out.str(" ***\n");
        this.printUnit(c.out, fn);
      }
    }
    if (this.changed != 0) {
      let verbose = this.changed == CHANGED_VERBOSE;
      if (!this.interesting(pass, stepName, fn)) {
        if (verbose) { c.out.str("*** IR Dump After "); c.out.str(cls); c.out.str(" on "); writeUnitName(c.out, fn); c.out.str(" filtered out ***\n"); }
      } else if (sameBytes(this.saved, now!)) {
        if (verbose) { c.out.str("*** IR Dump After "); c.out.str(cls); c.out.str(" on "); writeUnitName(c.out, fn); c.out.str(" omitted because no change ***\n"); }
      } else if (now!.len == 0) {
        c.out.str("*** IR Deleted After "); c.out.str(cls); c.out.str(" on "); writeUnitName(c.out, fn); c.out.str(" ***\n");
      } else {
        c.out.str("*** IR Dump After "); c.out.str(cls); c.out.str(" on "); writeUnitName(c.out, fn); c.out.str(" ***\n");
        c.out.bytes(now!.buf.ptr, now!.len);
      }
    }
    if (this.trace) this.addTrace(pass, stepName, cls, fn, now!, ms);
  }

  // A pass opt runs but reports as ignored (pass managers, adaptors, the verifier, the printer).
  ignored(c: PassContext, cls: string, fn: i32): void {
    if (this.changed != CHANGED_VERBOSE) return;
    c.out.str("*** IR Pass "); c.out.str(cls); c.out.str(" on "); writeUnitName(c.out, fn); c.out.str(" ignored ***\n");
  }
  // The host's steps after the pipeline, as opt's pass manager runs them.
  finish(c: PassContext, anySteps: bool): void {
    this.start(c, anySteps);
    if (this.tailVerify) this.ignored(c, "VerifierPass", -1);
    if (this.tailPrint) this.ignored(c, "PrintModulePass", -1);
    if (this.trace) {
      let file = new OutBuf();
      file.le32(<u32>this.traceCount);
      file.bytes(this.traceOut.buf.ptr, this.traceOut.len);
      c.sideFiles.addNamed("wopt-trace", file);
    }
  }

  // opt's isInteresting for the change printer: the pass is not filtered out, nor the function.
  private interesting(pass: PassInfo, stepName: string, fn: i32): bool {
    if (this.passes.length > 0 && !this.passes.includes(stepName)) return false;
    return fn < 0 || this.functionInList(fn);
  }

  // Trace entry: class, pipeline name, unit (u32 length + bytes each), u8 changed, f64 ms,
  // IR before, IR after (u32 length + bytes each). The file: u32 count, then the entries.
  private addTrace(pass: PassInfo, stepName: string, cls: string, fn: i32, now: OutBuf, ms: f64): void {
    let t = this.traceOut;
    lenStr(t, cls); lenStr(t, stepName);
    let unit = new OutBuf(); writeUnitName(unit, fn);
    t.lenBytes(unit.buf.ptr, unit.len);
    t.byte(sameBytes(this.saved, now) ? 0 : 1);
    t.leF64(ms);
    t.lenBytes(this.saved.buf.ptr, this.saved.len);
    t.lenBytes(now.buf.ptr, now.len);
    this.traceCount++;
  }
}

// The module as `M->print` writes it, with a writer of its own (the session writer's numbering
// and output stay as they are).
function printWholeModule(dst: OutBuf): void {
  let w = new Writer();
  w.out = dst;
  beginPrint(w);
  while (printNextPart(w)) {}
}
// One function as `OS << F` writes it: numbered as in the whole module, no blank line before.
function printOneFunction(dst: OutBuf, g: i32): void {
  let w = new Writer();
  numberForDiagnostics(w);
  w.types.find();
  w.out = dst;
  printFunction(w, g);
}
