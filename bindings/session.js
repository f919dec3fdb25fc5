// session.js — the public session API: one core, one LLVM version, optionally one program
// repository, and modules run through it one at a time. Environment-neutral; worker.js offers the
// same methods with the work in a Web Worker or a worker_threads thread.
//
//   const s = await openSession({ llvmVersion: 22 });         // index.js / index-browser.js
//   const r = await s.optimize(text, { passes: 'mem2reg' });   // { ok, output, diagnostics, ... }
//   await s.functions();                                      // of the module last run
//   await s.close();
//
// Every method is async, so code written against a session runs unchanged against a worker session.
import { decodeUtf8, DEFAULT_LLVM_VERSION, LLVM_VERSIONS } from './core.js';
import { runModuleWithRepository } from './driver.js';
import { takeStructuredResults, withStructuredOptions } from './results.js';
import { checkInput, checkOptions, checkCore, checkModuleOptions, checkRepositorySpec, describeValue } from './check.js';

/**
 * The session options openSession and a worker session check before starting anything: the LLVM
 * version (a RangeError for one the core does not follow) and the repository (a spec, an open
 * Repository, or null).
 */
export function checkSessionOptions(where, { llvmVersion = DEFAULT_LLVM_VERSION, repository = null } = {}) {
  if (typeof llvmVersion !== 'number') throw new TypeError(`${where}: option 'llvmVersion' must be a number, not ${describeValue(llvmVersion)}`);
  if (!LLVM_VERSIONS.includes(llvmVersion)) throw new RangeError(`unsupported LLVM version ${llvmVersion} (supported: ${LLVM_VERSIONS.join(', ')})`);
  if (repository !== null) checkRepositorySpec(`${where}: option 'repository'`, repository, { orOpen: true });
}

/** The error a call gets when its AbortSignal fired (a DOMException named AbortError where there is one). */
export function abortError(signal) {
  if (signal?.reason instanceof Error) return signal.reason;
  const e = typeof DOMException === 'function' ? new DOMException('the operation was aborted', 'AbortError') : new Error('the operation was aborted');
  if (!(e instanceof DOMException)) e.name = 'AbortError';
  return e;
}

/** Diagnostics of a driver result: its warnings (in opt's order), then its error when it failed. */
export function diagnosticsOf(r) {
  const warnings = (r.warnings ?? []).map(w => ({
    severity: 'warning', stage: w.stage, message: w.text.replace(/^(warning|WARNING): /, ''), line: 0, col: 0, internal: false,
    ...(w.parts ? { parts: w.parts } : {}),
  }));
  if (r.ok) return warnings;
  const e = r.error ?? {};
  // the core names an unknown pass by itself (code 2); opt's words around it
  const message = e.code === 2 && !/\s/.test(e.message) ? `unknown pass name '${e.message}'` : e.message ?? String(e);
  return [...warnings, {
    severity: 'error', stage: r.stage, message,
    line: e.line ?? 0, col: e.col ?? 0, internal: !!e.internal,
    ...(e.parts ? { parts: e.parts } : {}),
  }];
}

export class Session {
  #core; #llvmVersion; #repo; #closeRepo; #closed = false;

  /**
   * Use openSession(). `core`: a WoptCore; `repository`: an open Repository or null;
   * `closeRepository`: close it with the session (openSession sets it for one it opened).
   */
  constructor(core, opts) {
    checkCore('Session', core ?? null, 'the core');
    const { llvmVersion = DEFAULT_LLVM_VERSION, repository = null, closeRepository = false } = checkOptions('Session', opts);
    if (repository !== null && typeof repository?.lookup !== 'function') {
      throw new TypeError(`Session: option 'repository' must be an open Repository or null, not ${describeValue(repository)}`);
    }
    if (!LLVM_VERSIONS.includes(llvmVersion)) throw new RangeError(`unsupported LLVM version ${llvmVersion} (supported: ${LLVM_VERSIONS.join(', ')})`);
    this.#core = core;
    this.#llvmVersion = llvmVersion;
    this.#repo = repository;
    this.#closeRepo = closeRepository;
  }

  get llvmVersion() { return this.#llvmVersion; }
  /** The underlying core, for the low-level API (core.js). */
  get core() { this.#open(); return this.#core; }

  #open() { if (this.#closed) throw new Error('wopt: the session is closed'); }

  /**
   * Parses, verifies, runs `passes` (with the session's repository when the pipeline names
   * repo-metadata or repo-prune), verifies and prints, as `opt -S -passes=...` does.
   * opts: { passes, options, verify = true, moduleId, output: 'text' | 'bytes' | 'none', signal,
   *   trace: each pass's unit (function or module) before and after, with its time (res.trace),
   *   mergeReport: what mergefunc merged and how (res.mergeReport),
   *   globalMergeReport: global-merge-func's groups and merges (res.globalMergeReport),
   *   symbols: the text reader's index of names, read or not (res.symbols: core.js parse) }
   */
  async optimize(input, opts) {
    this.#open();
    checkInput('optimize', input);
    const { passes = '', options = {}, verify = true, moduleId = '<string>', output = 'text', signal, trace = false, mergeReport = false, globalMergeReport = false, symbols = false } =
      checkModuleOptions('optimize', opts);
    if (output !== 'text' && output !== 'bytes' && output !== 'none') throw new TypeError(`optimize: option 'output' must be 'text', 'bytes' or 'none', not '${output}'`);
    if (signal?.aborted) throw abortError(signal);
    const extra = withStructuredOptions(options, { trace, mergeReport, globalMergeReport });
    const r = await runModuleWithRepository(this.#core, input, {
      passes, options: extra.options, verify, moduleId, llvmVersion: this.#llvmVersion, print: output !== 'none', repo: this.#repo ?? undefined, symbols,
    });
    const res = {
      ok: r.ok,
      output: !r.ok || output === 'none' ? null : output === 'bytes' ? r.output : decodeUtf8(r.output),
      diagnostics: diagnosticsOf(r),
      log: r.log ?? '',
      files: r.files ?? [],
      timings: r.timings,
    };
    takeStructuredResults(res, r.files, { trace, mergeReport, reportFile: extra.reportFile, globalMergeReport, globalReportFile: extra.globalReportFile });
    if (r.repo) res.repo = r.repo;
    if (symbols) res.symbols = r.symbols ?? null;
    return res;
  }

  /** The functions of the module last run: [{ name, blocks, declaration }]. */
  async functions() { this.#open(); return unwrap(this.#core.functions()); }
  /**
   * The CFG, dominator trees, dominance frontiers and phi counts of function `name` in the module
   * of the last optimize call, after its pipeline (core.js inspect); null for no such definition.
   * `name` may be the function's index in functions() instead (for unnamed functions).
   */
  async inspect(name) {
    this.#open();
    if (typeof name !== 'string' && !(Number.isInteger(name) && name >= 0)) throw new TypeError(`inspect: expected a function name (a string) or index, not ${describeValue(name)}`);
    return unwrap(this.#core.inspect(name));
  }
  /** The pass table: what pipelines may name, with their options. */
  async passes() { this.#open(); return unwrap(this.#core.passes()); }
  /** The core's version string. */
  async version() { this.#open(); return this.#core.version(); }

  /** Closes the session's repository (if it opened one) and releases the core. */
  async close() {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#closeRepo) await this.#repo?.close();
  }
}

function unwrap(r) {
  if (r && !Array.isArray(r) && r.internal) throw new Error(`wopt: internal error: ${r.message}`);
  if (r && !Array.isArray(r) && r.outOfMemory) throw new Error(`wopt: ${r.message}`);
  return r;
}

/**
 * Opens a session in environment `env` (api.js: { loadCore, openRepository }); the package's
 * entries export it bound as openSession(opts). opts: { llvmVersion = 22, repository, core,
 * wasmPath (Node), wasmUrl (browser) }. repository: an open Repository (wopt/repo), or a spec to
 * open one: a file path (Node), ':memory:' or { indexedDB: name }; a repository the session opened
 * is closed with it.
 */
export async function openSessionIn(env, opts) {
  const { llvmVersion = DEFAULT_LLVM_VERSION, repository = null, core: given, wasmPath, wasmUrl } = checkOptions('openSession', opts);
  checkSessionOptions('openSession', { llvmVersion, repository });
  checkCore('openSession', given);
  const core = given ?? await env.loadCore({ wasmPath, wasmUrl });
  const owned = repository !== null && typeof repository.lookup !== 'function';
  const repo = owned ? await env.openRepository(repository) : repository;
  return new Session(core, { llvmVersion, repository: repo, closeRepository: owned });
}
