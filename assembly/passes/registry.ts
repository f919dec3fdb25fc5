// What a pass declares, and what the runner hands it. Each pass describes itself beside its code
// (a `...Pass()` function returning a PassInfo); pipeline/table.ts lists them, one line each; the
// pipeline parser, the runner, the pass list the host reads (`passTable` in index.ts: --help,
// -print-passes, the API) all read that one table.
import { OutBuf } from "../util/outbuf";
import { I32Vec } from "../util/vec";
import { FunctionAnalyses } from "../analysis/context";
import { SideFiles } from "./sidefiles";

export const enum Level { Module = 0, Function = 1 }

// What a pass leaves valid; the runner drops the rest of the cached function analyses after it
// (as opt's PreservedAnalyses). Only the dominator trees' cached state is visible in output
// (print<domtree> after a pass that numbered the tree: analysis/domtree.ts DomTreeStates).
export const enum Preserves { Nothing = 0, CFG = 1, All = 2 }

export const enum OptionKind { Bool = 0, UInt = 1, Enum = 2, String = 3, Number = 4 }
const KIND_NAMES: string[] = ["bool", "uint", "enum", "string", "number"];
export function optionKindName(k: OptionKind): string { return KIND_NAMES[<i32>k]; }

// One option a pass reads (`<pipeline>|name=value,...` from the host; opt's -name=value).
export class PassOption {
  constructor(public name: string, public kind: OptionKind, public defaultValue: string,
              public values: string /* Enum: the allowed values, '|'-separated */, public help: string) {}
  // The error for `value`, or "" when it is one this option takes (opt's cl::opt wording).
  check(value: string): string {
    if (this.kind == OptionKind.Bool) {
      if (value == "1" || value == "0" || value == "true" || value == "false") return "";
      return "for the -" + this.name + " option: '" + value + "' is invalid value for boolean argument! Try 0 or 1";
    }
    if (this.kind == OptionKind.UInt) {
      return isUInt32Text(value) ? "" : "for the -" + this.name + " option: '" + value + "' value invalid for uint argument!";
    }
    if (this.kind == OptionKind.Number) {
      return isDoubleText(value) ? "" : "for the -" + this.name + " option: '" + value + "' value invalid for floating point argument!";
    }
    if (this.kind == OptionKind.Enum) {
      let vs = this.values.split("|");
      for (let i = 0; i < vs.length; i++) if (vs[i] == value) return "";
      return "for the -" + this.name + " option: Cannot find option named '" + value + "'!";
    }
    return "";
  }
}

// A decimal unsigned 32-bit number (cl::opt<unsigned>).
export function isUInt32Text(value: string): bool {
  if (value.length == 0 || value.length > 10) return false;
  for (let i = 0; i < value.length; i++) { let c = value.charCodeAt(i); if (c < 48 || c > 57) return false; }
  return value.length < 10 || value <= "4294967295";
}
// cl::opt<double>: what strtod reads whole (leading white space; decimal with optional sign,
// fraction and exponent; hexadecimal with optional fraction and binary exponent; inf, infinity and
// nan in any case). null for anything else.
@final export class ParsedDouble { constructor(public value: f64) {} }
export function isDoubleText(value: string): bool { return parseDoubleText(value) != null; }
export function parseDoubleText(value: string): ParsedDouble | null {
  let s = value.toLowerCase();
  let i = 0, n = s.length;
  while (i < n && (s.charCodeAt(i) == 32 || (s.charCodeAt(i) >= 9 && s.charCodeAt(i) <= 13))) i++;
  let neg = false;
  if (i < n && (s.charCodeAt(i) == 43 || s.charCodeAt(i) == 45)) { neg = s.charCodeAt(i) == 45; i++; }
  let rest = s.substring(i);
  if (rest == "inf" || rest == "infinity") return new ParsedDouble(neg ? -Infinity : Infinity);
  if (rest == "nan") return new ParsedDouble(NaN);
  if (rest.startsWith("0x")) {
    i += 2;
    let m: f64 = 0, digits = 0, exp = 0;
    while (i < n && hexDigitValue(s.charCodeAt(i)) >= 0) { m = m * 16 + <f64>hexDigitValue(s.charCodeAt(i)); i++; digits++; }
    if (i < n && s.charCodeAt(i) == 46) {
      i++;
      while (i < n && hexDigitValue(s.charCodeAt(i)) >= 0) { m = m * 16 + <f64>hexDigitValue(s.charCodeAt(i)); exp -= 4; i++; digits++; }
    }
    if (digits == 0) return null;
    if (i < n && s.charCodeAt(i) == 112) {
      i++;
      let eneg = false;
      if (i < n && (s.charCodeAt(i) == 43 || s.charCodeAt(i) == 45)) { eneg = s.charCodeAt(i) == 45; i++; }
      let e = 0, ed = 0;
      while (i < n && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) { if (e < 100000) e = e * 10 + s.charCodeAt(i) - 48; i++; ed++; }
      if (ed == 0) return null;
      exp += eneg ? -e : e;
    }
    if (i != n) return null;
    return new ParsedDouble((neg ? -m : m) * Math.pow(2, <f64>exp));
  }
  let start = i, digits = 0;
  while (i < n && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) { i++; digits++; }
  if (i < n && s.charCodeAt(i) == 46) { i++; while (i < n && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) { i++; digits++; } }
  if (digits == 0) return null;
  if (i < n && s.charCodeAt(i) == 101) {
    i++;
    if (i < n && (s.charCodeAt(i) == 43 || s.charCodeAt(i) == 45)) i++;
    let e = 0;
    while (i < n && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) { i++; e++; }
    if (e == 0) return null;
  }
  if (i != n) return null;
  let x = F64.parseFloat(s.substring(start));
  return new ParsedDouble(neg ? -x : x);
}
function hexDigitValue(c: i32): i32 { return c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1; }

// A pass runs on the context: for a function pass `fn` is the function (a global index). It
// returns 0, 1 after fail(), PAUSE_FOR_REPOSITORY or STOP_AFTER_FUNCTION_MAP.
export type PassRun = (c: PassContext) => i32;
// A pass's state for one pipeline run: what a function pass keeps from function to function
// (mem2reg's tables). A pass that has one extends PassState and declares its maker with
// PassInfo.perRun; it reads it with PassContext.state(). The run's context makes it on first use
// and drops it with the run, so nothing of it outlives the pipeline and nothing needs a reset.
export class PassState {}
export type MakePassState = () => PassState;
export const PAUSE_FOR_REPOSITORY: i32 = 3;
// global-merge-func handed the host the module's stable function map (results.functionMap); the
// rest of the pipeline does not run.
export const STOP_AFTER_FUNCTION_MAP: i32 = 4;

export class PassInfo {
  // An analysis (listed as one; the pipeline names it as require<name> and invalidate<name>,
  // and `run` is what invalidating it does).
  analysis: bool = false;
  // opt's class name for the pass (its PassID: -print-after-all, -print-changed banners); for an
  // analysis, the analysis class (RequireAnalysisPass<llvm::...>).
  cls: string = "";
  // opt skips optional function passes on `optnone` functions (OptNoneInstrumentation).
  optional: bool = false;
  options: PassOption[] = [];
  preserves: Preserves = Preserves.All;
  help: string = "";
  // The first LLVM version that has the pass (0: every version wopt follows); under an older
  // --llvm-version the pipeline does not know its name, as that version's opt.
  sinceVersion: i32 = 0;
  // The maker of the pass's per-run state (PassState), or null.
  makeState: MakePassState | null = null;
  constructor(public name: string, public level: Level, public run: PassRun) {}
  perRun(make: MakePassState): PassInfo { this.makeState = make; return this; }
  since(version: i32): PassInfo { this.sinceVersion = version; return this; }
  describe(help: string): PassInfo { this.help = help; return this; }
  asAnalysis(): PassInfo { this.analysis = true; return this; }
  // opt's class name, and whether opt skips the pass on optnone functions
  as(cls: string, optional: bool = false): PassInfo { this.cls = cls; this.optional = optional; return this; }
  keeps(p: Preserves): PassInfo { this.preserves = p; return this; }
  option(name: string, kind: OptionKind, defaultValue: string, help: string, values: string = ""): PassInfo {
    this.options.push(new PassOption(name, kind, defaultValue, values, help));
    return this;
  }
  findOption(name: string): PassOption | null {
    for (let i = 0; i < this.options.length; i++) if (this.options[i].name == name) return this.options[i];
    return null;
  }
}

// What the passes of one pipeline hand on to later passes and to the host.
export class PassResults {
  // mergefunc: for each function it erased or whose uses it replaced, the function it was merged
  // into (-1: none).
  mergedInto: I32Vec = new I32Vec();
  mergedIntoOf(g: i32): i32 { return g < this.mergedInto.len ? this.mergedInto.get(g) : -1; }
  // global-merge-func under codegen-data-collect: the module's stable function map, serialized as
  // it would be embedded (null: the module has no eligible function).
  functionMap: OutBuf | null = null;
  // repo-metadata and repo-prune: the run's repository state (passes/repo/pass.ts RepoRun, made
  // by the first of them; the host reads the candidates, hits and records from it).
  repository: PassState | null = null;
}

export class PassContext {
  pass: PassInfo | null = null;
  fn: i32 = -1;
  analyses: FunctionAnalyses;           // the function analyses the passes build and keep
  constructor(analyses: FunctionAnalyses) { this.analyses = analyses; }
  out: OutBuf = new OutBuf();           // text the passes print (print<domtree>, reports)
  error: string = "";
  pipeline: string = "";                // the pipeline as repository digests see it
  results: PassResults = new PassResults();
  // the files the passes write besides the module (dot graphs, reports), for the host after the run
  sideFiles: SideFiles = new SideFiles();
  // the passes' per-run states (PassState), made on first use: by pass
  private statePasses: PassInfo[] = [];
  private states: PassState[] = [];
  // the options the host gave, decoded (pipeline/options.ts)
  optionNames: string[] = [];
  optionValues: string[] = [];

  fail(message: string): i32 { this.error = message; return 1; }

  // The running pass's state for this pipeline run (PassInfo.perRun), made on first use.
  state(): PassState {
    let p = this.pass!;
    let passes = this.statePasses;
    for (let i = 0, n = passes.length; i < n; i++) if (passes[i] == p) return this.states[i];
    let s = p.makeState!();
    passes.push(p); this.states.push(s);
    return s;
  }

  // The value of the running pass's option `name`: the host's, or the declared default.
  str(name: string): string {
    for (let i = 0; i < this.optionNames.length; i++) if (this.optionNames[i] == name) return this.optionValues[i];
    let decl = this.pass!.findOption(name);
    if (decl == null) throw new Error("pass " + this.pass!.name + " reads undeclared option " + name);
    return decl.defaultValue;
  }
  bool(name: string): bool { let v = this.str(name); return v == "1" || v == "true"; }
  uint(name: string): i32 { return I32.parseInt(this.str(name)); }
  // A uint option as unsigned 32 bits (values up to 4294967295).
  u32(name: string): u32 { return <u32>I64.parseInt(this.str(name)); }
  number(name: string): f64 { let d = parseDoubleText(this.str(name)); return d == null ? NaN : d.value; }
  // The running pass left the module as it was: the runner keeps the cached analyses, as opt
  // does for a pass that returns PreservedAnalyses::all().
  unchanged: bool = false;
}
