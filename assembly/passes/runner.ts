// Runs a pipeline: reads the options and the pipeline text (options.ts, pipeline.ts), then runs
// the plan's passes from the table with one PassContext, dropping the cached function analyses a
// pass does not preserve. A pass may pause the run for the host (repo-prune waits for the
// repository's answer); resumePasses continues at that pass.
import { OutBuf } from "../util/outbuf";
import { globalCount, gKind, GK, gFlags, GF_ERASED, gFirstBlock } from "../ir/globals";
import { resetSideFiles } from "./sidefiles";
import { FunctionAnalyses, analyses } from "../analysis/context";
import { PassContext, PassInfo, Preserves, PAUSE_FOR_REPOSITORY } from "./registry";
import { readOptions } from "./options";
import { Plan, planPipeline, StepOp, stepIndex, stepOp } from "./pipeline";
import { Level } from "./registry";
import { passTable, resetPassTable } from "./table";
import { resetMem2Reg } from "./mem2reg/pass";
import { resetDebugify } from "./debugify";
import { resetRepo } from "./repo/pass";
import { resetMergeFunc } from "./mergefunc/pass";
import { resetDot } from "./dot";

// The run of the current module's pipeline (one per module: resetPasses drops it).
class PipelineRun {
  context: PassContext;
  plan: Plan = new Plan();
  resumeAt: i32 = 0;
  constructor(fa: FunctionAnalyses) { this.context = new PassContext(fa); }
}
let current: PipelineRun = new PipelineRun(analyses());

// The passes layer's one reset: a new run, a rebuilt table, fresh pass tables.
export function resetPasses(): void {
  resetPassTable();
  resetMem2Reg(); resetDebugify(); resetRepo(); resetMergeFunc(); resetDot(); resetSideFiles();
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
  resetSideFiles();
  c.analyses.resetDomTreeStates();
  let text = String.UTF8.decodeUnsafe(p, <usize>len, false);
  let bar = text.indexOf("|");
  let pipeline = bar >= 0 ? text.substring(0, bar) : text;
  let bad = readOptions(c, bar >= 0 ? text.substring(bar + 1) : "");
  if (bad.length > 0) return c.fail(bad);
  c.pipeline = pipeline;
  for (let i = 0; i < c.optionNames.length; i++)
    if (!c.optionNames[i].startsWith("repo-")) c.pipeline += "|" + c.optionNames[i] + "=" + c.optionValues[i];
  run.plan = planPipeline(pipeline);
  if (run.plan.code != 0) { c.error = run.plan.error; return run.plan.code; }
  return runPlan(run, 0);
}

// Continues a pipeline that paused (runPasses returned 3).
export function resumePasses(): i32 { return runPlan(current, current.resumeAt); }

function runPass(c: PassContext, pass: PassInfo, fn: i32): i32 {
  c.pass = pass; c.fn = fn;
  return pass.run(c);
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
  if (pass.preserves == Preserves.Nothing) {
    if (fn < 0) c.analyses.resetDomTreeStates();
    else { c.analyses.states.invalidate(fn, false); c.analyses.states.invalidate(fn, true); }
  }
  return 0;
}

function runPlan(run: PipelineRun, from: i32): i32 {
  let c = run.context, steps = run.plan.steps, fnPasses = run.plan.fnPasses;
  for (let s = from; s < steps.len; s += 3) {
    let kind = steps.get(s), a = steps.get(s + 1), b = steps.get(s + 2);
    if (kind == 0) {
      let r = runStep(c, a, -1);
      if (r == PAUSE_FOR_REPOSITORY) { run.resumeAt = s; return r; }
      if (r != 0) return r;
      continue;
    }
    for (let g = 0; g < globalCount(); g++) {
      if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0 || gFirstBlock.get(g) < 0) continue;
      for (let k = 0; k < b; k++) { let r = runStep(c, fnPasses.get(a + k), g); if (r != 0) return r; }
    }
  }
  return 0;
}
