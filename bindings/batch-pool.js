// batch-pool.js — the worker threads of `wopt -output-dir -j N` (batch.js): N workers take the jobs
// from one list, in its order, through a shared counter (no round trip to the main thread between
// two modules), and post each result back. Node only.
//
// Shared control words (Int32Array over a SharedArrayBuffer):
//   [0] the next position in the list to take   [1] 1 once stopped: take nothing more
//   [2 + k] the position worker k is running, -1 when none (what a worker that died was doing)
import { Worker } from 'node:worker_threads';

const NEXT = 0, STOP = 1, CURRENT = 2;

/**
 * Worker side: runs the jobs of `data` ({ jobs, control, slot }, from workerData) with
 * `runOne(job)` → result until the list is empty or the batch stopped; post(msg) sends each
 * { type: 'done', pos, res } to the main thread.
 */
export async function workLoop({ jobs, control, slot }, runOne, post) {
  const ctl = new Int32Array(control);
  for (;;) {
    if (Atomics.load(ctl, STOP)) return;
    const pos = Atomics.add(ctl, NEXT, 1);
    if (pos >= jobs.length) return;
    Atomics.store(ctl, CURRENT + slot, pos);
    const res = await runOne(jobs[pos]);
    post({ type: 'done', pos, res });
    Atomics.store(ctl, CURRENT + slot, -1);
  }
}

/**
 * Main side: runs `jobs` ([{ index, input, output }]) in the order of `order` (indices into jobs)
 * on `n` threads running `workerUrl` (which calls workLoop) with workerData { ...workerData,
 * jobs, control, slot }. onDone(index, res) for each job; a worker that dies fails the job it was
 * running ({ ok: false, text, failure }) and a fresh one takes its place, unless workers keep dying
 * without finishing anything (then the jobs left fail with the last reason).
 * Returns { done: Promise, stop(): Promise<jobs that were running> } — stop terminates every worker.
 */
export function runPool({ jobs, order, n, workerUrl, workerData = {}, onDone, prog = 'wopt' }) {
  const list = order.map(i => ({ index: i, input: jobs[i].input, output: jobs[i].output }));
  const control = new SharedArrayBuffer(4 * (CURRENT + n));
  const ctl = new Int32Array(control);
  ctl.fill(-1, CURRENT);
  const finished = new Uint8Array(list.length);
  const live = new Map();   // slot -> Worker
  let stopped = false, deaths = 0, finish;
  const done = new Promise(resolve => { finish = resolve; });

  const failure = (pos, what, why) => {
    const line = `${prog}: ${list[pos].input}: error: internal error: ${what} (${why})\n`;
    finished[pos] = 1;
    onDone(list[pos].index, { index: list[pos].index, ok: false, text: line, failure: line.trimEnd(), stats: null, timings: [], ms: 0 });
  };

  function start(slot) {
    const worker = new Worker(workerUrl, { workerData: { ...workerData, jobs: list, control, slot } });
    let error = null;
    live.set(slot, worker);
    worker.on('message', m => {
      if (m?.type !== 'done' || finished[m.pos]) return;
      finished[m.pos] = 1;
      deaths = 0;
      onDone(list[m.pos].index, m.res);
    });
    worker.on('error', e => { error = e; });
    worker.on('exit', code => {
      live.delete(slot);
      if (!stopped) {
        const pos = Atomics.exchange(ctl, CURRENT + slot, -1);
        const why = error ? (error.message || String(error)) : `exit code ${code}`;
        if (error || code !== 0) deaths++;
        if (pos >= 0 && !finished[pos]) failure(pos, 'the worker stopped', why);
        // workers that keep dying (a core that cannot start, say): the rest are not run
        if (deaths >= 3 * n) for (let p = Math.min(Atomics.exchange(ctl, NEXT, list.length), list.length); p < list.length; p++) failure(p, 'not run: the workers keep stopping', why);
        if (Atomics.load(ctl, NEXT) < list.length) start(slot);
      }
      if (live.size === 0) finish();
    });
  }
  for (let k = 0; k < Math.min(n, list.length); k++) start(k);
  if (live.size === 0) finish();
  return {
    done,
    async stop() {
      stopped = true;
      Atomics.store(ctl, STOP, 1);
      const slots = [...live.keys()];
      await Promise.all([...live.values()].map(w => w.terminate()));
      finish();
      return slots.map(k => ctl[CURRENT + k]).filter(pos => pos >= 0 && !finished[pos]).map(pos => list[pos]);
    },
  };
}
