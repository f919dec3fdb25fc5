// Runs a pipeline: reads the options and the pipeline text (options.ts, pipeline.ts), then runs
// the plan's passes from the table with one PassContext, dropping the cached function analyses a
// pass does not preserve. As opt's pass manager, it skips optional function passes on optnone
// functions, and reports every pass to the instrumentation (instrument.ts: -print-after-all,
// -print-changed, the API's trace). A pass may pause the run for the host (repo-prune waits for
// the repository's answer); resumePasses continues at that pass.
import { OutBuf } from "../util/outbuf";
import { globalCount, gKind, GK, gFlags, GF_ERASED, gFirstBlock, gAttrs, gValue } from "../ir/globals";
import { vName } from "../ir/values";
import { strtab } from "../ir/module";
import { FunctionAnalyses, analyses } from "../analysis/context";
import { PassContext, PassInfo, Preserves, PAUSE_FOR_REPOSITORY } from "../passes/registry";
import { readOptions } from "./options";
import { Plan, planPipeline, StepOp, stepIndex, stepOp } from "./pipeline";
import { Level } from "../passes/registry";
import { passTable, resetPassTable } from "./table";
import { resetStats } from "../passes/stats";
import { Instrumentation, instrumentationOptions, resetInstrumentation } from "./instrument";
import { fnAttrs, setHasKind, ATTR_OPTNONE } from "../ir/attributes";

// The run of the current module's pipeline (one per module: resetPasses drops it).
class PipelineRun {
  context: PassContext;
  plan: Plan = new Plan();
  resumeAt: i32 = 0;
  paused: bool = false;     // the step at resumeAt already had its before-pass instrumentation
  onlyFn: i32 = -1;         // the global index function passes run on alone (only-function), or -1 for all
  instr: Instrumentation = new Instrumentation();
  constructor(fa: FunctionAnalyses) { this.context = new PassContext(fa); }
}
let current: PipelineRun = new PipelineRun(analyses());

// The passes layer's one reset: a new run, a rebuilt table, fresh pass tables.
export function resetPasses(): void {
  resetPassTable(); resetInstrumentation();
  resetStats();
  current = new PipelineRun(analyses());
}

export function passContext(): PassContext { return current.context; }
export function passError(): string { return current.context.error; }
export function passOutputText(): OutBuf { return current.context.out; }
// The pipeline as the repository digests see it: the pipeline text and the options that change
// code (the repo-* options only change how results are written or found).
export function pipelineForDigests(): string { return current.context.pipeline; }

// Returns 0 ok, 1 error (passError() holds the message), 2 unknown pass (the name), 3 paused.
export function runPasses(p: usize, len: i32): i32 {
  let run = new PipelineRun(analyses());
  current = run;
  let c = run.context;
  c.analyses.resetDomTreeStates();
  let text = String.UTF8.decodeUnsafe(p, <usize>len, false);
  let bar = text.indexOf("|");
  let pipeline = bar >= 0 ? text.substring(0, bar) : text;
  let bad = readOptions(c, bar >= 0 ? text.substring(bar + 1) : "");
  if (bad.length > 0) return c.fail(bad);
  c.pipeline = pipeline;
  for (let i = 0; i < c.optionNames.length; i++)
    if (!c.optionNames[i].startsWith("repo-") && !isInstrumentationOption(c.optionNames[i])) c.pipeline += "|" + c.optionNames[i] + "=" + c.optionValues[i];
  run.instr.configure(c);
  for (let i = 0; i < c.optionNames.length; i++) {
    if (c.optionNames[i] != "only-function") continue;
    run.onlyFn = definedFunctionNamed(c.optionValues[i]);
    if (run.onlyFn < 0) return c.fail("no function named '" + c.optionValues[i] + "' is defined in the module");
  }
  run.plan = planPipeline(pipeline);
  if (run.plan.code != 0) { c.error = run.plan.error; return run.plan.code; }
  return runPlan(run, 0);
}

// Continues a pipeline that paused (runPasses returned 3).
export function resumePasses(): i32 { return runPlan(current, current.resumeAt); }

function definedFunctionNamed(name: string): i32 {
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0 || gFirstBlock.get(g) < 0) continue;
    let n = vName.get(gValue.get(g));
    if (n >= 0 && strtab.eqStr(n, name)) return g;
  }
  return -1;
}

function isInstrumentationOption(name: string): bool {
  let io = instrumentationOptions();
  for (let i = 0; i < io.length; i++) if (io[i].name == name) return true;
  return false;
}

function runPass(c: PassContext, pass: PassInfo, fn: i32): i32 {
  c.pass = pass; c.fn = fn; c.unchanged = false;
  return pass.run(c);
}

// opt's class name (PassID) of a plan step, and the name the pipeline gives it.
function stepClass(id: i32): string {
  let op = stepOp(id);
  if (op == StepOp.InvalidateAll) return "InvalidateAllAnalysesPass";
  let p = passTable()[stepIndex(id)];
  if (op == StepOp.Run) return p.cls;
  let a = "llvm::" + p.cls;
  if (op == StepOp.Invalidate) return "InvalidateAnalysisPass<" + a + ">";
  return p.level == Level.Function
    ? "RequireAnalysisPass<" + a + ", llvm::Function, llvm::AnalysisManager<Function>>"
    : "RequireAnalysisPass<" + a + ", llvm::Module, llvm::AnalysisManager<Module>>";
}
function stepName(id: i32): string {
  let op = stepOp(id);
  if (op == StepOp.InvalidateAll) return "invalidate<all>";
  let p = passTable()[stepIndex(id)];
  if (op == StepOp.Run) return p.name;
  return (op == StepOp.Invalidate ? "invalidate<" : "require<") + p.name + ">";
}
// opt's OptNoneInstrumentation: optional passes (and invalidations) do not run on optnone functions.
function skippedOnOptNone(id: i32, fn: i32): bool {
  if (fn < 0) return false;
  let op = stepOp(id);
  let optional = op == StepOp.Invalidate || op == StepOp.InvalidateAll || (op == StepOp.Run && passTable()[stepIndex(id)].optional);
  return optional && setHasKind(fnAttrs(gAttrs.get(fn)), ATTR_OPTNONE);
}

function runStep(c: PassContext, id: i32, fn: i32): i32 {
  let table = passTable();
  let op = stepOp(id);
  if (op == StepOp.Require) return 0;
  if (op == StepOp.Invalidate) return runPass(c, table[stepIndex(id)], fn);
  if (op == StepOp.InvalidateAll) {
    for (let i = 0; i < table.length; i++) {
      let a = table[i];
      if (a.analysis && a.level == Level.Function) runPass(c, a, fn);
    }
    return 0;
  }
  let pass = table[stepIndex(id)];
  let r = runPass(c, pass, fn);
  if (r != 0) return r;
  if (pass.preserves == Preserves.Nothing && !c.unchanged) {
    if (fn < 0) c.analyses.resetDomTreeStates();
    else { c.analyses.states.invalidate(fn, false); c.analyses.states.invalidate(fn, true); }
  }
  return 0;
}

// A step with the instrumentation around it (a pause skips the after part; the resumed step
// does not repeat the before part).
function instrumentedStep(run: PipelineRun, id: i32, fn: i32, resuming: bool): i32 {
  let c = run.context, instr = run.instr;
  if (skippedOnOptNone(id, fn)) return 0;
  if (!instr.active) return runStep(c, id, fn);
  let pass = passTable()[stepIndex(id)];
  let cls = stepClass(id), name = stepName(id);
  if (cls == "VerifierPass") { let r = runStep(c, id, fn); if (r == 0) instr.ignored(c, cls, fn); return r; }
  if (!resuming) instr.beforePass(c, pass, name, cls, fn);
  let r = runStep(c, id, fn);
  if (r == 0) instr.afterPass(c, pass, name, cls, fn);
  return r;
}

function runPlan(run: PipelineRun, from: i32): i32 {
  let c = run.context, steps = run.plan.steps, fnPasses = run.plan.fnPasses, instr = run.instr;
  let resuming = run.paused;
  run.paused = false;
  if (instr.active) instr.start(c, steps.len > 0);
  for (let s = from; s < steps.len; s += 3) {
    let kind = steps.get(s), a = steps.get(s + 1), b = steps.get(s + 2);
    if (kind == 0) {
      let r = instrumentedStep(run, a, -1, resuming && s == from);
      if (r == PAUSE_FOR_REPOSITORY) { run.resumeAt = s; run.paused = true; return r; }
      if (r != 0) return r;
      continue;
    }
    for (let g = 0; g < globalCount(); g++) {
      if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0 || gFirstBlock.get(g) < 0) continue;
      if (run.onlyFn >= 0 && g != run.onlyFn) continue;
      for (let k = 0; k < b; k++) { let r = instrumentedStep(run, fnPasses.get(a + k), g, false); if (r != 0) return r; }
      if (instr.active) instr.ignored(c, "PassManager<Function>", g);
    }
    if (instr.active) instr.ignored(c, "ModuleToFunctionPassAdaptor", -1);
  }
  if (instr.active) instr.finish(c, steps.len > 0);
  return 0;
}
