// api.js — the public API, environment-neutral. The package's entries bind it to an environment:
// index.js (Node: the core from disk, SQLite repositories) and index-browser.js (browsers and
// bundlers: the core fetched by URL, IndexedDB repositories; no Node built-in is reachable).
// `env` is { loadCore(opts) → Promise<WoptCore>, openRepository(spec, opts) → Promise<Repository> }.
import { decodeUtf8, toBytes as toBytesOf } from './core.js';
import { runModule } from './driver.js';
import { diagnosticsOf, openSessionIn } from './session.js';
import { takeStructuredResults, withStructuredOptions } from './results.js';
import { crossModuleReport as reportOn } from './cross-module.js';
import { checkInput, checkOptions, checkCore, checkModuleOptions, describeValue } from './check.js';

export { WoptCore, WoptAbort, instantiate, encodePipeline, toBytes, decodeUtf8, LLVM_VERSIONS, DEFAULT_LLVM_VERSION } from './core.js';
export { runModule } from './driver.js';
export { formatDiagnostic, caretLines } from './diag.js';
export { Session } from './session.js';

/** The entry points that need the environment: defaultCore, optimize and openSession. */
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
    const { passes = '', options = {}, verify = true, moduleId = '<string>', llvmVersion, format = 'text', core: given, trace = false, mergeReport = false, globalMergeReport = false } =
      checkModuleOptions('optimize', opts);
    if (format !== 'text' && format !== 'bitcode') throw new TypeError(`optimize: format must be 'text' or 'bitcode', not '${format}'`);
    checkCore('optimize', given);
    const core = given ?? await defaultCore();
    const bitcode = format === 'bitcode';
    const extra = withStructuredOptions(options, { trace, mergeReport, globalMergeReport });
    const r = runModule(core, text, { passes, options: extra.options, verify, moduleId, llvmVersion, bitcode });
    const res = { ok: r.ok, output: r.ok ? (bitcode ? r.output : decodeUtf8(r.output)) : null, diagnostics: diagnosticsOf(r), log: r.log, files: r.files };
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
    if (!Array.isArray(inputs)) throw new TypeError(`crossModuleReport: expected an array of { name, bytes } or { name, text }, not ${describeValue(inputs)}`);
    inputs.forEach((x, k) => {
      if (x === null || typeof x !== 'object' || typeof x.name !== 'string') throw new TypeError(`crossModuleReport: input ${k} must be { name, bytes } or { name, text }, with name a string`);
      checkInput(`crossModuleReport: input ${k} (${x.name})`, x.bytes ?? x.text);
    });
    checkCore('crossModuleReport', given);
    const core = given ?? await defaultCore();
    return reportOn(core, inputs.map(x => ({ name: x.name, bytes: toBytesOf(x.bytes ?? x.text) })), opts);
  }

  return { defaultCore, optimize, openSession, crossModuleReport };
}
