// batch-run.js — one module of a batch (`wopt -output-dir`), where it runs: in a worker thread
// (batch-worker.js) or, with -j 1, in the main thread (batch.js). It reads the input and writes the
// output and side files itself, exactly as a run of its own (cli.js runInput), and hands back what
// it printed for stderr instead of printing it, so the main thread prints each module's
// diagnostics in input order.
import fs from 'node:fs';
import path from 'node:path';
import { readInput, runInput, CliError, PROG } from './run-module.js';
import { PASS_STATS } from '../abi.js';

// The zeroed counters of a module whose core has none (an older core).
const NO_STATS = Object.fromEntries(PASS_STATS.map(k => [k, 0]));

const made = new Set();
function ensureDir(dir) {
  if (made.has(dir)) return;
  fs.mkdirSync(dir, { recursive: true });
  made.add(dir);
}

/**
 * Runs job { index, input, output } (output: the mirrored path under -output-dir; side files go to
 * `<output>.<side file name>`). `opts` are the parsed options; outputs are written through a
 * temporary file renamed at the end, so an interrupted module leaves none.
 * @returns {{ index, ok, text, failure, stats, timings, ms, functionMap }} — text: the module's
 *   stderr; failure: the first line of its diagnostic (when !ok); stats: core.passStats() (null
 *   when !ok; zeros when the core could not count); functionMap (opts.collect, --across-modules' first phase): the module's stable
 *   function map (null: none).
 */
export async function runJob(core, opts, repo, job) {
  const t0 = performance.now();
  let text = '';
  const err = s => { text += s; };
  let r = null, failure = '';
  try {
    const input = await readInput(job.input);
    const dir = path.dirname(job.output);
    try { if (!opts.disableOutput) ensureDir(dir); } catch { /* opening the output says why */ }
    const sideName = name => { ensureDir(dir); return `${job.output}.${path.basename(name)}`; };
    r = await runInput(core, { ...opts, atomicOutput: true }, input, job.output, sideName, repo, err);
    if (!r.ok) failure = r.failure;
  } catch (e) {
    const known = e instanceof CliError || e?.code === 'EREPO';
    const line = known ? `${PROG}: ${e.message}\n` : `${PROG}: ${job.input}: error: internal error: ${e?.stack ?? e}\n`;
    err(line);
    failure = line;
    r = null;
  }
  const ok = !!r?.ok;
  let stats = null;
  if (ok) { const s = core.passStats(); stats = s && !('ok' in s) ? s : { ...NO_STATS }; }
  const res = { index: job.index, ok, text, failure: ok ? '' : firstLine(failure), stats, timings: r?.timings ?? [], ms: performance.now() - t0 };
  // --across-modules' first phase: the module's stable function map
  if (opts.collect) res.functionMap = ok ? r.functionMap ?? null : null;
  return res;
}

const firstLine = s => s.split('\n').find(l => l.trim() !== '') ?? '';
