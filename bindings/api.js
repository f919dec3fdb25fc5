// api.js — the public API, environment-neutral. The package's entries bind it to an environment:
// index.js (Node: the core from disk, SQLite repositories) and index-browser.js (browsers and
// bundlers: the core fetched by URL, IndexedDB repositories; no Node built-in is reachable).
// `env` is { loadCore(opts) → Promise<WoptCore>, openRepository(spec, opts) → Promise<Repository> }.
import { decodeUtf8, toBytes as toBytesOf } from './marshal.js';
import { runModule } from './driver.js';
import { diagnosticsOf, openSessionIn } from './session.js';
import { takeStructuredResults, withStructuredOptions } from './results.js';
import { crossModuleReport as reportOn } from './cross-module.js';
import { mergeAcrossModules as acrossModules, runsGlobalMergeFunc, OWN_OPTIONS } from './across-modules.js';
import { checkInput, checkOptions, checkCore, checkModuleOptions, checkRepositorySpec, describeValue } from './check.js';

export { WoptCore, WoptAbort, instantiate, encodePipeline, toBytes, decodeUtf8, LLVM_VERSIONS, DEFAULT_LLVM_VERSION } from './core.js';
export { runModule } from './driver.js';
export { formatDiagnostic, caretLines } from './diag.js';
export { Session } from './session.js';

// An array of { name, bytes } or { name, text }.
function checkInputList(where, inputs) {
  if (!Array.isArray(inputs)) throw new TypeError(`${where}: expected an array of { name, bytes } or { name, text }, not ${describeValue(inputs)}`);
  inputs.forEach((x, k) => {
    if (x === null || typeof x !== 'object' || typeof x.name !== 'string') throw new TypeError(`${where}: input ${k} must be { name, bytes } or { name, text }, with name a string`);
    checkInput(`${where}: input ${k} (${x.name})`, x.bytes ?? x.text);
  });
}

/** The entry points that need the environment: defaultCore, optimize, openSession, crossModuleReport and mergeAcrossModules. */
export function bindApi(env) {
  let shared = null;

  /** The core optimize() uses when none is given (one per process / page). */
  function defaultCore() {
    shared ??= env.loadCore();
    shared.catch(() => { shared = null; });
    return shared;
  }

  /**
   * optimize(text, { passes, options, verify, moduleId, llvmVersion, format, core }) →
   *   Promise<{ ok, output, diagnostics, log, files }>
   * output: the printed module (string), with format 'bitcode' the module as LLVM bitcode of
   * llvmVersion (Uint8Array), or null; diagnostics: [{ severity, stage, message,
   * line, col, internal }] (stage: parse | verify-input | pipeline | verify-output | print).
   */
  async function optimize(text, opts) {
    checkInput('optimize', text);
    const { passes = '', options = {}, verify = true, moduleId = '<string>', llvmVersion, format = 'text', core: given, trace = false, mergeReport = false, globalMergeReport = false, symbols = false } =
      checkModuleOptions('optimize', opts);
    if (format !== 'text' && format !== 'bitcode') throw new TypeError(`optimize: format must be 'text' or 'bitcode', not '${format}'`);
    checkCore('optimize', given);
    const core = given ?? await defaultCore();
    const bitcode = format === 'bitcode';
    const extra = withStructuredOptions(options, { trace, mergeReport, globalMergeReport });
    const r = runModule(core, text, { passes, options: extra.options, verify, moduleId, llvmVersion, bitcode, symbols });
    const res = { ok: r.ok, output: r.ok ? (bitcode ? r.output : decodeUtf8(r.output)) : null, diagnostics: diagnosticsOf(r), log: r.log, files: r.files };
    if (symbols) res.symbols = r.symbols ?? null;
    return takeStructuredResults(res, r.files, { trace, mergeReport, reportFile: extra.reportFile, globalMergeReport, globalReportFile: extra.globalReportFile });
  }

  /** Opens a session (session.js) in this environment. */
  const openSession = opts => openSessionIn(env, opts);

  /**
   * crossModuleReport([{ name, bytes }], { llvmVersion, useAliases, core }) → Promise<{ report, text }>:
   * the functions identical across the modules, as mergefunc finds them after llvm-link of them
   * (cross-module.js; README "Cross-module report" for the report's shape).
   */
  async function crossModuleReport(inputs, options) {
    const { core: given, ...opts } = checkOptions('crossModuleReport', options);
    checkInputList('crossModuleReport', inputs);
    checkCore('crossModuleReport', given);
    const core = given ?? await defaultCore();
    return reportOn(core, inputs.map(x => ({ name: x.name, bytes: toBytesOf(x.bytes ?? x.text) })), opts);
  }

  /**
   * mergeAcrossModules([{ name, text | bytes }], { passes, options, verify, llvmVersion, format,
   *   globalMergeReport, repository, core }) → Promise<{ ok, modules, map }>: global-merge-func over all the
   * modules by their combined stable function map (LLVM 22's two rounds with codegen data: each
   * module as opt-22's round 2 leaves it). modules: per input, in order, { name, ok, output,
   * diagnostics, log, files, globalMergeReport? } as optimize gives them; map: { cgdata (the
   * .cgdata bytes llvm-cgdata --merge would write), modules, hashes, functions, fromRepository }.
   * passes defaults to global-merge-func and must run it. repository (an open Repository or a spec
   * to open for the call): round 1 shared through it, as batch mode's --across-modules --repo.
   */
  async function mergeAcrossModules(inputs, opts) {
    const { passes = 'global-merge-func', options = {}, verify = true, llvmVersion, format = 'text', core: given, globalMergeReport = false, repository = null, ...rest } =
      checkModuleOptions('mergeAcrossModules', opts);
    if (repository !== null) checkRepositorySpec("mergeAcrossModules: option 'repository'", repository, { orOpen: true });
    if (rest.trace || rest.mergeReport) throw new TypeError('mergeAcrossModules: trace and mergeReport are optimize\'s (run optimize on an output for them)');
    if (format !== 'text' && format !== 'bitcode') throw new TypeError(`mergeAcrossModules: format must be 'text' or 'bitcode', not '${format}'`);
    if (!runsGlobalMergeFunc(passes)) throw new TypeError(`mergeAcrossModules: the pipeline '${passes}' does not run global-merge-func`);
    const pairs = Array.isArray(options) ? options : Object.entries(options ?? {});
    const own = pairs.find(([n]) => OWN_OPTIONS.includes(n));
    if (own) throw new TypeError(`mergeAcrossModules: option '${own[0]}' cannot be given (the run makes its own codegen data)`);
    checkInputList('mergeAcrossModules', inputs);
    checkCore('mergeAcrossModules', given);
    const core = given ?? await defaultCore();
    const bitcode = format === 'bitcode';
    const extra = withStructuredOptions(options, { globalMergeReport });
    // a repository given as a spec is opened for this call and closed after it
    const owned = repository !== null && typeof repository.lookup !== 'function';
    const repo = owned ? await env.openRepository(repository) : repository;
    let r;
    try {
      r = await acrossModules(core, inputs.map(x => ({ name: x.name, bytes: toBytesOf(x.bytes ?? x.text) })),
        { passes, options: extra.options, verify, llvmVersion, bitcode, repo });
    } finally { if (owned) await repo.close(); }
    const modules = r.modules.map((m, i) => takeStructuredResults({
      name: inputs[i].name, ok: m.ok, output: m.ok ? (bitcode ? m.output : decodeUtf8(m.output)) : null, diagnostics: diagnosticsOf(m), log: m.log,
    }, m.files, { globalMergeReport, globalReportFile: extra.globalReportFile }));
    return { ok: modules.every(m => m.ok), modules, map: r.map };
  }

  return { defaultCore, optimize, openSession, crossModuleReport, mergeAcrossModules };
}
