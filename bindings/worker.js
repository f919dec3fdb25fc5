// worker.js — a session whose work runs off the calling thread: in a Web Worker (browsers) or a
// worker_threads thread (Node), with the methods of session.js, so the page or event loop stays
// responsive while a large module is optimised. Environment-neutral: worker-node.js and
// worker-browser.js (the `wopt/worker` entry's conditions) give it the way to start a worker.
//
//   const s = await openWorkerSession({ llvmVersion: 22 });
//   const r = await s.optimize(bytes, { passes: 'mergefunc', transfer: true, signal });
//   await s.close();
//
// transfer: true hands an ArrayBuffer-backed input to the worker instead of copying it (the
// caller's buffer is detached). output: 'bytes' returns the printed module as a Uint8Array
// transferred back. signal: an AbortSignal; aborting stops the worker at once and the call rejects
// with an AbortError. The next call starts a new worker (same options), so the session goes on.
import { abortError, checkSessionOptions } from './session.js';
import { checkInput, checkOptions, checkModuleOptions, describeValue } from './check.js';

export class WorkerSession {
  #opts; #worker = null; #ready = null; #pending = new Map(); #next = 1; #closed = false; #llvmVersion;

  #spawn;
  /**
   * Use openWorkerSession(). `spawn()` starts a worker running worker-main-*.js and returns
   * { post(msg, transfer), onMessage(fn), onError(fn), terminate() }.
   */
  constructor(spawn, opts) { this.#spawn = spawn; this.#opts = opts; }

  get llvmVersion() { return this.#llvmVersion; }

  // Starts the worker and opens its session (again after a cancel).
  #start() {
    this.#ready ??= (async () => {
      const w = await this.#spawn();
      this.#worker = w;
      w.onMessage(({ id, ok, value, error }) => {
        const p = this.#pending.get(id);
        if (!p) return;
        this.#pending.delete(id);
        if (ok) p.resolve(value);
        else p.reject(Object.assign(new Error(error.message), { name: error.name, code: error.code, reason: error.reason }));
      });
      w.onError(e => this.#fail(w, e));
      let info;
      try { info = await this.#send(w, 'open', [this.#opts]); } catch (e) {
        // a worker whose session did not open (a core it cannot load) would keep the process alive
        this.#fail(w, e);
        w.terminate();
        throw e;
      }
      this.#llvmVersion = info.llvmVersion;
      return w;
    })();
    this.#ready.catch(() => { this.#ready = null; });
    return this.#ready;
  }

  // Rejects what was waiting on worker w (it died or was stopped) and forgets it.
  #fail(w, err) {
    if (this.#worker !== w) return;
    this.#worker = null; this.#ready = null;
    for (const p of this.#pending.values()) p.reject(err);
    this.#pending.clear();
  }

  #send(w, method, args, transfer = []) {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      try { w.post({ id, method, args }, transfer); } catch (e) { this.#pending.delete(id); reject(e); }
    });
  }

  async #call(method, args = [], { transfer = [], signal } = {}) {
    if (this.#closed) throw new Error('wopt: the session is closed');
    if (signal?.aborted) throw abortError(signal);
    const w = await this.#start();
    if (!signal) return this.#send(w, method, args, transfer);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const err = abortError(signal);
        this.#fail(w, err);
        w.terminate();
        reject(err);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#send(w, method, args, transfer).then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /** As Session.optimize, plus { transfer } (see above). */
  async optimize(input, options) {
    // checked here: a detached buffer in a transfer list would be dropped by postMessage without
    // an error (Node), and the call would never settle
    checkInput('optimize', input);
    const { signal, transfer = false, ...opts } = checkModuleOptions('optimize', options);
    const list = [];
    if (transfer && typeof input !== 'string') {
      const buf = input instanceof ArrayBuffer ? input : input?.buffer;
      if (buf instanceof ArrayBuffer) list.push(buf);
    }
    return this.#call('optimize', [input, opts], { transfer: list, signal });
  }
  async functions() { return this.#call('functions'); }
  async inspect(name) {
    if (typeof name !== 'string' && !(Number.isInteger(name) && name >= 0)) throw new TypeError(`inspect: expected a function name (a string) or index, not ${describeValue(name)}`);
    return this.#call('inspect', [name]);
  }
  async passes() { return this.#call('passes'); }
  async version() { return this.#call('version'); }

  /** Closes the worker's session and stops the worker. */
  async close() {
    if (this.#closed) return;
    const w = this.#worker;
    if (w) { try { await this.#call('close'); } finally { this.#closed = true; this.#fail(w, new Error('wopt: the session is closed')); await w.terminate(); } }
    this.#closed = true;
  }
}

/**
 * Opens a session in a worker started by `spawn` (worker-node.js / worker-browser.js export it
 * bound as openWorkerSession(opts)); opts as openSession's, a repository given as a spec.
 */
export async function openWorkerSessionWith(spawn, options) {
  const opts = checkOptions('openWorkerSession', options);
  checkSessionOptions('openWorkerSession', opts);
  if (opts.core) throw new TypeError('wopt: a worker session loads its own core (give wasmPath or wasmUrl instead of core)');
  if (opts.repository && typeof opts.repository === 'object' && 'lookup' in opts.repository) {
    throw new TypeError('wopt: a worker session opens its own repository: give its spec (a path, \':memory:\' or { indexedDB })');
  }
  const s = new WorkerSession(spawn, { ...opts, wasmUrl: opts.wasmUrl === undefined ? undefined : String(opts.wasmUrl) });
  await s.version(); // starts the worker now, so a core or repository that cannot load fails here
  return s;
}
