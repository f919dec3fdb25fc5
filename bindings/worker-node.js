// worker-node.js — `wopt/worker` in Node: worker sessions (worker.js) in worker_threads threads
// running worker-main-node.js.
import { Worker } from 'node:worker_threads';
import { openWorkerSessionWith } from './worker.js';

export { WorkerSession } from './worker.js';

const MAIN = new URL('./worker-main-node.js', import.meta.url);

function spawn() {
  const w = new Worker(MAIN);
  return {
    post: (msg, transfer) => w.postMessage(msg, transfer),
    onMessage: fn => w.on('message', fn),
    onError: fn => { w.on('error', fn); w.on('exit', code => fn(new Error(`wopt: the worker stopped (exit code ${code})`))); },
    terminate: () => w.terminate(),
  };
}

export const openWorkerSession = opts => openWorkerSessionWith(spawn, opts);
