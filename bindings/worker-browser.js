// worker-browser.js — `wopt/worker` in browsers and bundlers: worker sessions (worker.js) in module
// Web Workers running worker-main-browser.js.
import { openWorkerSessionWith } from './worker.js';
import { checkOptions } from './check.js';

export { WorkerSession } from './worker.js';

function spawn(workerUrl) {
  // The URL literal inside `new Worker(...)` is what Vite and webpack recognise to bundle the
  // worker. Bundlers that do not (esbuild) take worker-main-browser.js as a second entry point,
  // and the page passes where it is served as `workerUrl`.
  const w = workerUrl ? new Worker(workerUrl, { type: 'module' })
    : new Worker(new URL('./worker-main-browser.js', import.meta.url), { type: 'module' });
  return {
    post: (msg, transfer) => w.postMessage(msg, transfer),
    onMessage: fn => w.addEventListener('message', e => fn(e.data)),
    onError: fn => w.addEventListener('error', e => fn(new Error(`wopt: worker error: ${e.message ?? 'unknown'}`))),
    terminate: () => w.terminate(),
  };
}

/** opts as openSession's, plus `workerUrl`: where worker-main-browser.js (or its bundle) is served. */
export const openWorkerSession = async options => {
  const { workerUrl, ...opts } = checkOptions('openWorkerSession', options);
  return openWorkerSessionWith(() => spawn(workerUrl && String(workerUrl)), opts);
};
