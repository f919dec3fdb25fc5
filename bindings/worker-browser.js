// worker-browser.js — `wopt/worker` in browsers and bundlers: worker sessions (worker.js) in module
// Web Workers running worker-main-browser.js.
import { openWorkerSessionWith } from './worker.js';

export { WorkerSession } from './worker.js';

function spawn() {
  // the URL literal inside `new Worker(...)` is what Vite and webpack recognise to bundle the worker
  const w = new Worker(new URL('./worker-main-browser.js', import.meta.url), { type: 'module' });
  return {
    post: (msg, transfer) => w.postMessage(msg, transfer),
    onMessage: fn => w.addEventListener('message', e => fn(e.data)),
    onError: fn => w.addEventListener('error', e => fn(new Error(`wopt: worker error: ${e.message ?? 'unknown'}`))),
    terminate: () => w.terminate(),
  };
}

export const openWorkerSession = (opts = {}) => openWorkerSessionWith(spawn, opts);
