// batch-worker.js — a worker thread of `wopt -output-dir -j N` (batch-pool.js starts them): one
// core instance, made from the WebAssembly.Module the main thread compiled, while the main thread
// still walks the inputs; then the list of jobs (batch-pool.js receiveJobs) and the program
// repository when there is one (each worker has its own connection; SQLite serializes the
// writers). It takes jobs from the shared list until none is left (batch-pool.js workLoop), runs
// each as batch-run.js runJob, then closes the repository and ends.
import { parentPort, workerData } from 'node:worker_threads';
import { instantiate } from '../core.js';
import { runJob } from './batch-run.js';
import { receiveJobs, workLoop } from './batch-pool.js';

const { module, opts } = workerData;
const received = receiveJobs();
const core = await instantiate(module);
const list = await received; // the main thread made the repository before sending it
const repo = opts.repo === undefined ? undefined : await (await import('../repo/store.js')).openRepository(opts.repo);
await workLoop(list, job => runJob(core, opts, repo, job), msg => parentPort.postMessage(msg));
await repo?.close();
