// index.js — the public API: sessions (session.js; worker.js for one off the main thread),
// optimize() for one module at a time, and the low-level core wrapper. A core is loaded on first
// use (Node: build/wopt.wasm from disk; browsers: fetched beside this file).
import { decodeUtf8 } from './core.js';
import { runModule } from './driver.js';
import { diagnosticsOf } from './session.js';

export { WoptCore, WoptAbort, instantiate, encodePipeline, toBytes, decodeUtf8, LLVM_VERSIONS, DEFAULT_LLVM_VERSION } from './core.js';
export { runModule } from './driver.js';
export { formatDiagnostic, caretLines } from './diag.js';
export { openSession, Session } from './session.js';

const isNode = typeof process !== 'undefined' && !!process.versions?.node;
let shared = null;

/** The core optimize() uses when none is given (one per process / page). */
export function defaultCore() {
  shared ??= (isNode ? import('./node.js') : import('./browser.js')).then(m => m.loadWopt());
  shared.catch(() => { shared = null; });
  return shared;
}

/**
 * optimize(text, { passes, options, verify, moduleId, core }) →
 *   Promise<{ ok, output, diagnostics, log, files }>
 * output: the printed module (string) or null; diagnostics: [{ severity, stage, message,
 * line, col, internal }] (stage: parse | verify-input | pipeline | verify-output | print).
 */
export async function optimize(text, { passes = '', options = {}, verify = true, moduleId = '<string>', llvmVersion, core } = {}) {
  core ??= await defaultCore();
  const r = runModule(core, text, { passes, options, verify, moduleId, llvmVersion });
  return { ok: r.ok, output: r.ok ? decodeUtf8(r.output) : null, diagnostics: diagnosticsOf(r), log: r.log, files: r.files };
}
