// The pass table's entry for GlobalMergeFunctions (merge.ts), LLVM 22 only: its options with
// opt-22's defaults (the codegen data ones are opt's global options, here the pass's), and the
// report side file (-global-merge-func-report=<file>, JSON: each group
// of functions with one hash, the benefit and cost that decided it, and for merged groups each
// thunk, its `.Tgm` body and the constants it passes).
import { I32Vec } from "../../util/vec";
import { OutBuf } from "../../util/outbuf";
import { Writer } from "../../text/writer";
import { PassContext, PassInfo, Level, Preserves, OptionKind, STOP_AFTER_FUNCTION_MAP } from "../registry";
import { countGlobalMerges } from "../stats";
import { GlobalMergeFunc, MapMode } from "./merge";
import { MergeThresholds } from "../../cgdata/map";
import { loadedFunctionMap } from "../../cgdata/session";
import { moduleIdentifier } from "../../ir/module";

export function globalMergeFuncPass(): PassInfo {
  return new PassInfo("global-merge-func", Level.Module, runGlobalMergeFunc)
    .keeps(Preserves.Nothing).as("GlobalMergeFuncPass").since(22)
    .describe("Merge functions that differ only in constants into parameterised bodies (LLVM 22's GlobalMergeFunctions)")
    .option("global-merging-min-merges", OptionKind.UInt, "2", "Minimum number of similar functions with the same hash required for merging")
    .option("global-merging-min-instrs", OptionKind.UInt, "1", "The minimum instruction count required when merging functions")
    .option("global-merging-max-params", OptionKind.UInt, "4294967295", "The maximum number of parameters allowed when merging functions")
    .option("global-merging-skip-no-params", OptionKind.Bool, "1", "Skip merging functions with no parameters")
    .option("global-merging-inst-overhead", OptionKind.Number, "1.2", "The overhead cost associated with each instruction when lowering to machine instruction")
    .option("global-merging-param-overhead", OptionKind.Number, "2.0", "The overhead cost associated with each parameter when merging functions")
    .option("global-merging-call-overhead", OptionKind.Number, "1.0", "The overhead cost associated with each function call when merging functions")
    .option("global-merging-extra-threshold", OptionKind.Number, "0.0", "An additional cost threshold that must be exceeded for merging to be considered beneficial")
    .option("disable-cgdata-for-merging", OptionKind.Bool, "0", "Disable codegen data for function merging: merge within the module only")
    .option("codegen-data-generate", OptionKind.Bool, "0", "Embed the module's stable function map in its __llvm_merge section (before merging within the module)")
    .option("codegen-data-use-path", OptionKind.String, "", "Merge by the stable function map of this codegen data file (.cgdata; the host reads it)")
    .option("codegen-data-collect", OptionKind.Bool, "0", "Hand the module's stable function map to the host and stop the pipeline (the first phase of a batch merged across modules)")
    .option("global-merge-func-report", OptionKind.String, "", "write a report of the groups and merges to this side file (JSON)");
}

// GlobalMergeFunc::initializeMergerMode: codegen data unless disabled; generating it before
// using it; a map to use only when the host read one that has a stable function map.
function mapMode(c: PassContext): MapMode {
  if (c.bool("codegen-data-collect")) return MapMode.Collect;
  if (c.bool("disable-cgdata-for-merging")) return MapMode.Local;
  if (c.bool("codegen-data-generate")) return MapMode.Generate;
  if (c.str("codegen-data-use-path").length > 0 && loadedFunctionMap() != null) return MapMode.Use;
  return MapMode.Local;
}

function runGlobalMergeFunc(c: PassContext): i32 {
  let o = new MergeThresholds();
  o.minMerges = c.u32("global-merging-min-merges");
  o.minInstrs = c.u32("global-merging-min-instrs");
  o.maxParams = c.u32("global-merging-max-params");
  o.skipNoParams = c.bool("global-merging-skip-no-params");
  o.instOverhead = c.number("global-merging-inst-overhead");
  o.paramOverhead = c.number("global-merging-param-overhead");
  o.callOverhead = c.number("global-merging-call-overhead");
  o.extraThreshold = c.number("global-merging-extra-threshold");
  let mode = mapMode(c);
  let run = new GlobalMergeFunc(o, mode, mode == MapMode.Use ? loadedFunctionMap() : null, moduleIdentifier());
  let merged = run.run();
  if (mode == MapMode.Collect) {
    c.results.functionMap = run.record;
    return STOP_AFTER_FUNCTION_MAP;
  }
  countGlobalMerges(merged);
  if (merged == 0 && run.record == null) c.unchanged = true;
  else {
    c.analyses.invalidate();
    renumberResults(c, run.newIndex);
  }
  let rep = c.str("global-merge-func-report");
  if (rep.length > 0) {
    // the constants are printed with a writer of the report's own, numbered after the merges
    let w = new Writer();
    w.slots.numberGlobals();
    let out = new OutBuf();
    run.writeReport(out, w);
    c.sideFiles.addNamed(rep, out);
  }
  return 0;
}

// The merged bodies moved the globals after them: results earlier passes handed on that name
// globals by index follow (mergefunc's merge map).
function renumberResults(c: PassContext, newIndex: I32Vec): void {
  if (newIndex.len == 0) return;
  let into = c.results.mergedInto;
  if (into.len == 0) return;
  let n = newIndex.len;
  let m = new I32Vec(n); m.resize(n, -1);
  for (let g = 0; g < into.len && g < n; g++) {
    let t = into.get(g);
    m.set(newIndex.get(g), t >= 0 && t < n ? newIndex.get(t) : t);
  }
  c.results.mergedInto = m;
}
