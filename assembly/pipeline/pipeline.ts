// The pipeline text: opt's `a,b,function(c,d)` read into a plan of table entries, nested as
// opt's PassBuilder nests them:
//  - when the first name is a module-level name (a module pass, `module(...)`, `function(...)`),
//    the pipeline is a module pipeline: module passes run on the module, `function(...)` runs its
//    function passes on each defined function in module order, and a bare function pass gets a
//    function adaptor of its own;
//  - when the first name is a function pass, the whole pipeline is one function pipeline
//    (every pass runs on function 1, then every pass on function 2, ...).
// Errors use opt's wording: `unknown pass name 'x'` (code 2, message = the name),
// `unknown module pass 'x'`, `unknown function pass 'x'`, `unknown pipeline name 'x'`,
// `invalid pipeline '...'` (code 1).
import { I32Vec } from "../util/vec";
import { Level } from "../passes/registry";
import { passTable } from "./table";
import { missingDefaultPasses } from "./default-pipelines";
import { llvmVersion } from "../ir/version";

// opt's -O# pipelines (`default<O2>`) are LLVM's whole optimizer: say which of their passes wopt
// lacks instead of "unknown pass". "" for other names.
function defaultPipelineError(name: string): string {
  if (!name.startsWith("default<") || !name.endsWith(">")) return "";
  let level = name.substring(8, name.length - 1);
  let missing = missingDefaultPasses(llvmVersion, level);
  if (missing.length == 0) return "";
  return "'" + name + "' is LLVM's -" + level + " pipeline; wopt does not have these of its passes: " + missing +
    ". wopt runs the passes -print-passes lists (mem2reg, mergefunc, the repository and dominator-tree passes): name them in -passes=...";
}

// What a plan step does with its table entry: run the pass, require the analysis (building one
// is invisible), invalidate the analysis, or invalidate every analysis of the level.
export const enum StepOp { Run = 0, Require = 1, Invalidate = 2, InvalidateAll = 3 }
export function stepId(index: i32, op: StepOp): i32 { return (index << 2) | <i32>op; }
export function stepIndex(id: i32): i32 { return id >> 2; }
export function stepOp(id: i32): StepOp { return <StepOp>(id & 3); }

function findEntry(name: string, level: Level, analysis: bool): i32 {
  let t = passTable();
  for (let i = 0; i < t.length; i++) {
    let p = t[i];
    if (p.level == level && p.analysis == analysis && p.name == name && p.sinceVersion <= llvmVersion) return i;
  }
  return -1;
}
// The step id of `name` at `level` (a pass, require<analysis>, invalidate<analysis|all>), or -1.
export function findPass(name: string, level: Level): i32 {
  if (name.endsWith(">")) {
    let inner = "";
    let op = StepOp.Run;
    if (name.startsWith("require<")) { inner = name.substring(8, name.length - 1); op = StepOp.Require; }
    else if (name.startsWith("invalidate<")) { inner = name.substring(11, name.length - 1); op = StepOp.Invalidate; }
    if (op != StepOp.Run) {
      if (op == StepOp.Invalidate && inner == "all" && level == Level.Function) return stepId(0, StepOp.InvalidateAll);
      let a = findEntry(inner, level, true);
      return a < 0 ? -1 : stepId(a, op);
    }
  }
  let i = findEntry(name, level, false);
  return i < 0 ? -1 : stepId(i, StepOp.Run);
}

// A plan: steps of three words (kind, a, b): kind 0 = module step a (a step id); kind 1 = the
// function steps fnPasses[a .. a+b) on each defined function.
export class Plan {
  steps: I32Vec = new I32Vec();
  fnPasses: I32Vec = new I32Vec();
  error: string = "";
  code: i32 = 0;     // 0 ok, 1 error, 2 unknown pass (error = the name)
  fail(code: i32, message: string): Plan { this.code = code; this.error = message; return this; }
}

// ---- pipeline text -> element tree: name, first child (-1 none), next sibling ----
class Elements {
  names: string[] = [];
  child: I32Vec = new I32Vec();
  next: I32Vec = new I32Vec();
  pos: i32 = 0;
  constructor(public text: string) {}

  // `elem (',' elem)*` up to ')' or the end; the first element, or -1 on error.
  parseList(depth: i32): i32 {
    let text = this.text;
    let first = -1, prev = -1;
    while (true) {
      let start = this.pos;
      while (this.pos < text.length) {
        let c = text.charCodeAt(this.pos);
        if (c == 44 || c == 40 || c == 41) break;
        this.pos++;
      }
      let e = this.names.length;
      this.names.push(text.substring(start, this.pos).trim()); this.child.push(-1); this.next.push(-1);
      if (prev >= 0) this.next.set(prev, e); else first = e;
      prev = e;
      if (this.pos < text.length && text.charCodeAt(this.pos) == 40) {
        this.pos++;
        let inner = this.parseList(depth + 1);
        if (inner == -1) return -1;
        if (this.pos >= text.length || text.charCodeAt(this.pos) != 41) return -1;
        this.pos++;
        this.child.set(e, inner);
      }
      if (this.pos >= text.length) return depth == 0 ? first : -1;
      let c = text.charCodeAt(this.pos);
      if (c == 41) return depth > 0 ? first : -1;
      if (c != 44) return -1;
      this.pos++;
    }
    return -1;
  }
}

// ---- element tree -> plan ----
class Planner {
  plan: Plan = new Plan();
  constructor(public el: Elements) {}

  addFunction(e: i32): bool {
    let name = this.el.names[e];
    let ch = this.el.child.get(e);
    if (name == "function" && ch >= 0) {
      for (let c = ch; c >= 0; c = this.el.next.get(c)) if (!this.addFunction(c)) return false;
      return true;
    }
    let id = ch < 0 ? findPass(name, Level.Function) : -1;
    if (id < 0) { this.plan.fail(1, "unknown function pass '" + name + "'"); return false; }
    this.plan.fnPasses.push(id);
    return true;
  }
  beginGroup(): i32 { let s = this.plan.steps; s.push(1); s.push(this.plan.fnPasses.len); s.push(0); return s.len - 1; }
  endGroup(at: i32, start: i32): void { this.plan.steps.set(at, this.plan.fnPasses.len - start); }
  addModule(e: i32): bool {
    let name = this.el.names[e];
    let ch = this.el.child.get(e);
    if (ch >= 0 && name == "module") {
      for (let c = ch; c >= 0; c = this.el.next.get(c)) if (!this.addModule(c)) return false;
      return true;
    }
    if (ch >= 0 && name == "function") {
      let start = this.plan.fnPasses.len;
      let at = this.beginGroup();
      for (let c = ch; c >= 0; c = this.el.next.get(c)) if (!this.addFunction(c)) return false;
      this.endGroup(at, start);
      return true;
    }
    if (ch < 0) {
      let m = findPass(name, Level.Module);
      if (m >= 0) { let s = this.plan.steps; s.push(0); s.push(m); s.push(0); return true; }
      let f = findPass(name, Level.Function);
      if (f >= 0) { let start = this.plan.fnPasses.len; let at = this.beginGroup(); this.plan.fnPasses.push(f); this.endGroup(at, start); return true; }
    }
    let dflt = defaultPipelineError(name);
    this.plan.fail(1, dflt.length > 0 ? dflt : "unknown module pass '" + name + "'");
    return false;
  }
}

function isModuleLevel(name: string): bool {
  return findPass(name, Level.Module) >= 0 || name == "module" || name == "function";
}

// Reads `pipeline` (without options) into a plan; plan.code says whether it is one.
export function planPipeline(pipeline: string): Plan {
  let el = new Elements(pipeline);
  let p = new Planner(el);
  if (pipeline.length == 0) return p.plan;
  let top = el.parseList(0);
  if (top < 0) return p.plan.fail(1, "invalid pipeline '" + pipeline + "'");
  let first = el.names[top];
  if (isModuleLevel(first)) {
    for (let e = top; e >= 0; e = el.next.get(e)) if (!p.addModule(e)) return p.plan;
  } else if (findPass(first, Level.Function) >= 0 && el.child.get(top) < 0) {
    let at = p.beginGroup();
    for (let e = top; e >= 0; e = el.next.get(e)) if (!p.addFunction(e)) return p.plan;
    p.endGroup(at, 0);
  } else {
    if (el.child.get(top) >= 0) return p.plan.fail(1, "unknown pipeline name '" + first + "'");
    let dflt = defaultPipelineError(first);
    if (dflt.length > 0) return p.plan.fail(1, dflt);
    return p.plan.fail(2, first);
  }
  return p.plan;
}
