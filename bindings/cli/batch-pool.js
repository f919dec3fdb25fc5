// batch-pool.js — the lanes of `wopt -output-dir -j N` (batch.js): the main thread and N - 1
// worker threads take the jobs from one list through shared counters (no round trip between two
// modules), and each result comes back to the main thread. Node only.
//
// The workers are started before the list exists (startPool), so that their start-up — a V8
// isolate each, and the core's instantiation — overlaps the main thread's walk of the inputs;
// they wait for the list (a 'jobs' message), then work. The main thread runs a lane of its own
// (run's mainLane), with its own core: one isolate fewer to start, and no core idle. The workers
// take the list from its front (largest first), the main thread's lane from its end (smallest
// first): a signal reaches the main thread only between two of its modules, so it waits at most
// for a small one, while the workers, busy with the large ones, are stopped at once.
//
// Shared words (Int32Arrays over SharedArrayBuffers), `control`:
//   [0] the next position from the front   [1] 1 once stopped: take nothing more
//   [2] one past the next position from the end
//   [3 + k] the position lane k is running, -1 when none (what a worker that died was doing)
// and `claims`: 1 per position once a lane took it (where the two ends meet, one of them wins).
import { Worker, parentPort } from 'node:worker_threads';

const NEXT = 0, STOP = 1, END = 2, CURRENT = 3;

/** Worker side: the list the main thread sends ({ jobs, control, claims, slot }, for workLoop). */
export const receiveJobs = () => new Promise(resolve => {
  parentPort.once('message', m => resolve(m?.type === 'jobs' ? m
    : { jobs: [], control: new SharedArrayBuffer(4 * CURRENT), claims: new SharedArrayBuffer(4), slot: 0 }));
});

// The next position this lane takes (from the front, or from the end), or -1 when none is left.
// Each end moves one way only, so a position the other end claimed first means they have met.
function take(ctl, claims, n, fromEnd) {
  const pos = fromEnd ? Atomics.sub(ctl, END, 1) - 1 : Atomics.add(ctl, NEXT, 1);
  if (pos < 0 || pos >= n) return -1;
  return Atomics.compareExchange(claims, pos, 0, 1) === 0 ? pos : -1;
}

/**
 * Runs the jobs of `list` ({ jobs, control, claims, slot, fromEnd }) with `runOne(job)` → result
 * until none is left or the batch stopped; post(msg) sends each { type: 'done', pos, res }.
 * `pause`, when given, is awaited before taking each job (the main thread's lane lets signals and
 * the workers' messages in there).
 */
export async function workLoop({ jobs, control, claims, slot, fromEnd = false }, runOne, post, pause = null) {
  const ctl = new Int32Array(control), claimed = new Int32Array(claims);
  for (;;) {
    if (pause) await pause();
    if (Atomics.load(ctl, STOP)) return;
    const pos = take(ctl, claimed, jobs.length, fromEnd);
    if (pos < 0) return;
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
  let list = null, ctl = null, control = null, claims = null, finished = null, onDone = null;
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
  const send = (worker, slot) => worker.postMessage({ type: 'jobs', jobs: list, control, claims, slot });
  // whether the two ends have not met yet (a dead worker is replaced only then)
  const jobsLeft = () => Atomics.load(ctl, NEXT) < Atomics.load(ctl, END);

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
        else if (!list || jobsLeft()) start(slot);
      }
      if (live.size === 0) workersGone();
    });
  }
  const failRest = why => {
    const claimed = new Int32Array(claims);
    for (let p = 0; p < list.length; p++) if (Atomics.compareExchange(claimed, p, 0, 1) === 0) failure(p, 'not run: the workers keep stopping', why);
  };
  for (let k = 0; k < n; k++) start(k);
  if (n === 0) workersGone();

  return {
    run({ jobs, order, onDone: done, mainLane = null, workers = n }) {
      list = order.map(i => ({ index: i, input: jobs[i].input, output: jobs[i].output }));
      control = new SharedArrayBuffer(4 * (CURRENT + n + 1));
      ctl = new Int32Array(control);
      ctl.fill(-1, CURRENT);
      ctl[END] = list.length;
      claims = new SharedArrayBuffer(4 * Math.max(1, list.length));
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
        mainDone = workLoop({ jobs: list, control, claims, slot: n, fromEnd: true }, mainLane, accept, yieldToEvents);
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
