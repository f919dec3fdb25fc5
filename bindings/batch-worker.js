// batch-worker.js — a worker thread of `wopt -output-dir -j N` (batch.js starts them): one core
// instance, made from the WebAssembly.Module the main thread compiled, and the program repository
// when there is one (each worker has its own connection; SQLite serializes the writers). Messages:
//   in:  { type: 'run', job }  → out: { type: 'done', res }   (batch-run.js runJob)
//   in:  { type: 'close' }     → closes the repository; the thread ends.
import { parentPort, workerData } from 'node:worker_threads';
import { instantiate } from './core.js';
import { runJob } from './batch-run.js';

const { module, opts } = workerData;
const ready = (async () => {
  const core = await instantiate(module);
  const repo = opts.repo === undefined ? undefined : await (await import('./repo/store.js')).openRepository(opts.repo);
  return { core, repo };
})();

parentPort.on('message', async msg => {
  const { core, repo } = await ready;
  if (msg.type === 'run') parentPort.postMessage({ type: 'done', res: await runJob(core, opts, repo, msg.job) });
  else if (msg.type === 'close') { await repo?.close(); parentPort.close(); }
});
