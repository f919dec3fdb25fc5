// batch-pool.js — the lanes of `wopt -output-dir -j N` (batch.js): the main thread and N - 1
// worker threads take the jobs from one list, in its order, through a shared counter (no round
// trip between two modules), and each result comes back to the main thread. Node only.
//
// The workers are started before the list exists (startPool), so that their start-up — a V8
// isolate each, and the core's instantiation — overlaps the main thread's walk of the inputs;
// they wait for the list (a 'jobs' message), then work. The main thread runs a lane of its own
// (run's mainLane), with its own core: one isolate fewer to start, and no core idle.
//
// Shared control words (Int32Array over a SharedArrayBuffer):
//   [0] the next position in the list to take   [1] 1 once stopped: take nothing more
//   [2 + k] the position lane k is running, -1 when none (what a worker that died was doing)
import { Worker, parentPort } from 'node:worker_threads';

const NEXT = 0, STOP = 1, CURRENT = 2;

/** Worker side: the list the main thread sends ({ jobs, control, slot }, for workLoop). */
export const receiveJobs = () => new Promise(resolve => {
  parentPort.once('message', m => resolve(m?.type === 'jobs' ? m : { jobs: [], control: new SharedArrayBuffer(4 * CURRENT), slot: 0 }));
});

/**
 * Runs the jobs of `list` ({ jobs, control, slot }) with `runOne(job)` → result until the list is
 * empty or the batch stopped; post(msg) sends each { type: 'done', pos, res }. `pause`, when
 * given, is awaited before taking each job (the main thread's lane lets signals and the workers'
 * messages in there).
 */
export async function workLoop({ jobs, control, slot }, runOne, post, pause = null) {
  const ctl = new Int32Array(control);
  for (;;) {
    if (pause) await pause();
    if (Atomics.load(ctl, STOP)) return;
    const pos = Atomics.add(ctl, NEXT, 1);
    if (pos >= jobs.length) return;
    Atomics.store(ctl, CURRENT + slot, pos);
    const res = await runOne(jobs[pos]);
    post({ type: 'done', pos, res });
    Atomics.store(ctl, CURRENT + slot, -1);
  }
}

const yieldToEvents = () => new Promise(setImmediate);

/**
 * Main side: starts `workers` threads running `workerUrl` (which awaits receiveJobs, then calls
 * workLoop) with `workerData`. Returns the pool:
 *   run({ jobs, order, onDone, mainLane, workers }) → Promise: the jobs ([{ index, input, output }])
 *     in the order of `order` (indices into jobs) on the first `workers` workers (default all; the
 *     others are terminated) and, when mainLane (async job → result) is given, on the main thread
 *     too; onDone(index, res) for each. A worker that dies fails the
 *     job it was running ({ ok: false, text, failure }) and a fresh one takes its place, unless
 *     workers keep dying without finishing anything (then the jobs left fail with the last reason).
 *     Without a main lane and with no worker able to start, every job fails that way.
 *   stop() → Promise<jobs the workers were running>: no job is taken any more; the workers are
 *     terminated (the main lane ends its current job).
 *   close(): terminates the workers of a pool that will not run (a batch refused after they started).
 */
export function startPool({ workers: n, workerUrl, workerData = {}, prog = 'wopt' }) {
  const live = new Map();   // slot -> { worker, error }
  let list = null, ctl = null, control = null, finished = null, onDone = null;
  let stopped = false, deaths = 0, lastWhy = '', workersGone, mainDone = Promise.resolve(), mainLaneRuns = false;
  const workersDone = new Promise(resolve => { workersGone = resolve; });

  const failure = (pos, what, why) => {
    const line = `${prog}: ${list[pos].input}: error: internal error: ${what} (${why})\n`;
    finished[pos] = 1;
    onDone(list[pos].index, { index: list[pos].index, ok: false, text: line, failure: line.trimEnd(), stats: null, timings: [], ms: 0 });
  };
  const accept = m => {
    if (m?.type !== 'done' || !list || finished[m.pos]) return;
    finished[m.pos] = 1;
    deaths = 0;
    onDone(list[m.pos].index, m.res);
  };
  const send = (worker, slot) => worker.postMessage({ type: 'jobs', jobs: list, control, slot });

  function start(slot) {
    const worker = new Worker(workerUrl, { workerData });
    const entry = { worker, error: null, retired: false };
    live.set(slot, entry);
    if (list) send(worker, slot);
    worker.on('message', accept);
    worker.on('error', e => { entry.error = e; });
    worker.on('exit', code => {
      live.delete(slot);
      if (!stopped && !entry.retired) {
        const why = entry.error ? (entry.error.message || String(entry.error)) : `exit code ${code}`;
        if (entry.error || code !== 0) deaths++;
        lastWhy = why;
        const pos = list ? Atomics.exchange(ctl, CURRENT + slot, -1) : -1;
        if (pos >= 0 && !finished[pos]) failure(pos, 'the worker stopped', why);
        // workers that keep dying (a core that cannot start, say) are not started again: the main
        // lane, when there is one, takes the rest; else the rest fail
        if (deaths >= 3 * n) { if (list && !mainLaneRuns) failRest(why); }
        else if (!list || Atomics.load(ctl, NEXT) < list.length) start(slot);
      }
      if (live.size === 0) workersGone();
    });
  }
  const failRest = why => {
    for (let p = Math.min(Atomics.exchange(ctl, NEXT, list.length), list.length); p < list.length; p++) failure(p, 'not run: the workers keep stopping', why);
  };
  for (let k = 0; k < n; k++) start(k);
  if (n === 0) workersGone();

  return {
    run({ jobs, order, onDone: done, mainLane = null, workers = n }) {
      list = order.map(i => ({ index: i, input: jobs[i].input, output: jobs[i].output }));
      control = new SharedArrayBuffer(4 * (CURRENT + n + 1));
      ctl = new Int32Array(control);
      ctl.fill(-1, CURRENT);
      if (stopped) Atomics.store(ctl, STOP, 1);
      finished = new Uint8Array(list.length);
      onDone = done;
      // the workers beyond `workers`, or beyond the jobs, are not needed
      const needed = Math.min(workers, list.length - (mainLane ? 1 : 0));
      for (const [slot, entry] of live) {
        if (slot < needed) { send(entry.worker, slot); continue; }
        entry.retired = true;
        entry.worker.terminate();
      }
      if (mainLane) {
        mainLaneRuns = true;
        mainDone = workLoop({ jobs: list, control, slot: n }, mainLane, accept, yieldToEvents);
      } else if (live.size === 0) failRest(lastWhy);
      return Promise.all([mainDone, workersDone]).then(() => {});
    },
    async stop() {
      stopped = true;
      if (ctl) Atomics.store(ctl, STOP, 1);
      const slots = [...live.keys()];
      await Promise.all([...live.values()].map(e => e.worker.terminate()));
      workersGone();
      if (!ctl) return [];
      return slots.map(k => ctl[CURRENT + k]).filter(pos => pos >= 0 && !finished[pos]).map(pos => list[pos]);
    },
    close() {
      stopped = true;
      for (const { worker } of live.values()) worker.terminate();
    },
  };
}
