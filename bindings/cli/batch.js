// batch.js — batch mode (`wopt -output-dir=<dir> [-j N] inputs...`): many modules, each its own
// module exactly as a run of its own would make it, in one process.
//
// Inputs: files; directories (every module file below them, recursively, in name order);
// `@<list>` (a file naming one path per line, files or directories; blank lines ignored; relative
// paths are relative to the current directory, as clang and ld read response files); `-` (the same
// list on standard input). Outputs mirror the inputs: <dir>/<the input's path relative to the
// current directory>, or, for an input outside it (an absolute path elsewhere, or through `..`),
// <dir>/<its absolute path without the leading />. Side files: <output>.<side file name>.
//
// -j N (default and at most: the machine's cores; fewer for fewer inputs or less free memory,
// laneCount) runs N modules at once: the main thread and N - 1 worker
// threads, each with its own core instance made from the one compiled WebAssembly.Module
// (batch-pool.js); each reads its inputs and writes its outputs itself, the workers largest input
// first, the main thread's lane smallest first, and the main thread prints each module's
// diagnostics in input order. -j 1 runs in the main thread alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliError, PROG, loadCore, repoStore } from './run-module.js';
import { writeFileAtomic, errnoText, removeOwnTemps } from './fsutil.js';
import { compileWopt } from '../node.js';
import { timingReport } from './timing.js';
import { runJob } from './batch-run.js';
import { startPool } from './batch-pool.js';
import { DEFAULT_LLVM_VERSION } from '../core.js';
import { PASS_STATS } from '../abi.js';
import { collectOptions, useOptions, combineFunctionMaps, runsGlobalMergeFunc, shareMaps } from '../across-modules.js';

/** The files a directory argument contributes: module files by name (one line per format). */
export const MODULE_EXTENSIONS = [
  '.ll',
  '.bc',
];
export const isModuleFile = name => MODULE_EXTENSIONS.some(e => name.endsWith(e));

const COUNTERS = PASS_STATS;
const LINE_EVERY_MS = 5000; // progress lines when stderr is not a terminal
// Without -j, no more lanes than one per this much input: measured on 40 KB modules, -j 2 overtakes
// -j 1 from about 1.5 MB in all (a worker's start, a V8 isolate and a core instance, ~30 ms).
const LANE_MIN_BYTES = 2 * 1024 * 1024;
// A lane's memory: a worker's isolate and core instance (~6 MB measured, idle), and its core's
// memory for the largest module it runs (the arena ~2.5x the input, the input, the output).
const LANE_BASE_BYTES = 64 * 1024 * 1024;
const laneBytes = largest => LANE_BASE_BYTES + 4 * largest;
const availableMemory = () => process.availableMemory?.() || os.freemem();

/**
 * How many lanes a batch runs: -j N (`jobs`; default: the machine's cores), but no more than the
 * cores (each lane keeps one busy: more only cost memory), than the free memory holds lanes for the
 * largest input, or than the inputs; without -j, no more than one per LANE_MIN_BYTES of input.
 * Returns { n, note }: note, when an explicit -j was capped by the cores or the memory, says so.
 */
export function laneCount({ jobs, inputs = Infinity, largest = 0, totalBytes = Infinity,
  cores = os.availableParallelism(), memory = availableMemory() }) {
  const byMemory = Math.max(1, Math.floor(memory / laneBytes(largest)));
  const cap = Math.min(cores, byMemory);
  const byBytes = jobs === undefined ? Math.max(1, Math.ceil(totalBytes / LANE_MIN_BYTES)) : Infinity;
  const n = Math.max(1, Math.min(jobs ?? cores, cap, inputs, byBytes));
  let note = null;
  if (jobs !== undefined && jobs > cap && inputs > cap) {
    note = byMemory < cores
      ? `-j ${jobs}: running ${n} at once (free memory, ${Math.round(memory / 2 ** 20)} MB, holds ${byMemory} lanes of ~${Math.round(laneBytes(largest) / 2 ** 20)} MB)`
      : `-j ${jobs}: running ${n} at once (the machine's cores; more lanes would only take memory)`;
  }
  return { n, note };
}

// ---- inputs ----

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

// One path per line; blank lines ignored (a CR before the LF is dropped). A line that is not
// valid UTF-8 comes with notUtf8 set (and its text with U+FFFD in place of what is not).
function listEntries(bytes) {
  const out = [];
  for (let at = 0; at < bytes.length;) {
    const nl = bytes.indexOf(10, at);
    const end = nl < 0 ? bytes.length : nl;
    const line = bytes.subarray(at, end > at && bytes[end - 1] === 13 ? end - 1 : end);
    at = end + 1;
    let text, notUtf8 = false;
    try { text = strictUtf8.decode(line); } catch { text = line.toString(); notUtf8 = true; }
    if (text.trim() !== '') out.push({ text, notUtf8 });
  }
  return out;
}

async function readStdin() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  return Buffer.concat(chunks);
}

// The module files below `dir` (as `find dir` names them), subdirectories in name order; `skip`:
// the resolved output directory, never read as input. Symlinked directories are not followed.
// A symlink with a module's name whose target is missing or a loop is an input all the same: it
// fails as that file named on the command line would (opt: "Could not open input file"). What
// cannot be read or named goes to `problems` ({ path, error }), as find reports and goes on: a
// directory that cannot be listed, a name that is not valid UTF-8 (the walk lists raw names).
function walk(dir, skip, out, problems) {
  let entries;
  try { entries = fs.readdirSync(dir, { withFileTypes: true, encoding: 'buffer' }); } catch (e) {
    problems.push({ path: dir, error: `cannot read the directory: ${errnoText(e)}` });
    return;
  }
  entries = entries.map(e => ({ e, name: e.name.toString() })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { e, name } of entries) {
    const p = dir.endsWith('/') || dir.endsWith(path.sep) ? dir + name : `${dir}${path.sep}${name}`;
    const named = Buffer.from(name).equals(e.name);
    if (e.isDirectory()) {
      if (!named) problems.push({ path: p, error: "the directory's name is not valid UTF-8; not searched" });
      else if (path.resolve(p) !== skip) walk(p, skip, out, problems);
      continue;
    }
    if (!isModuleFile(name)) continue;
    if (!named) problems.push({ path: p, error: "the file's name is not valid UTF-8; not run (batch mode takes UTF-8 names)" });
    else if (e.isFile() || (e.isSymbolicLink() && fileOrMissing(p))) out.push(p);
  }
}
// A symlink's target is a regular file, or missing or a loop (stat fails); not a directory, FIFO, ...
const fileOrMissing = p => { try { return fs.statSync(p).isFile(); } catch { return true; } };

/**
 * The input files of a batch from its arguments (files, directories, @lists, `-`), in order.
 * `problems` receives { path, error } for each path that could not be read or named
 * (walk); `notUtf8`: the arguments the command line gave with bytes that are not UTF-8.
 */
export async function collectInputs(args, { outputDir, problems = [], notUtf8 = new Set() } = {}) {
  const skip = outputDir === undefined ? null : path.resolve(outputDir);
  const files = [];
  let stdinUsed = false;
  const add = (p, from, bad = notUtf8.has(p)) => {
    if (from && p === '-') throw new CliError(`${from}: error: '-' in a list would be standard input; name a file called - as ./-`);
    if (bad) {
      problems.push({ path: p, error: 'the name is not valid UTF-8; not run (batch mode takes UTF-8 names)' });
      return;
    }
    let st = null;
    try { st = fs.statSync(p); } catch { /* missing: reported as that module's failure */ }
    if (st?.isDirectory()) walk(p, skip, files, problems);
    else files.push(p);
  };
  for (const a of args) {
    if (a === '-') {
      if (stdinUsed) throw new CliError("error: '-' (a list of inputs on standard input) given twice");
      stdinUsed = true;
      for (const p of listEntries(await readStdin())) add(p.text, '<stdin>', p.notUtf8);
    } else if (a.startsWith('@') && a.length > 1) {
      const list = a.slice(1);
      let bytes;
      try { bytes = fs.readFileSync(list); } catch (e) { throw new CliError(`${list}: error: cannot read the input list: ${errnoText(e)}`); }
      for (const p of listEntries(bytes)) add(p.text, list, p.notUtf8);
    } else add(a);
  }
  return files;
}

/**
 * Where input `file` goes under `dir`: its path relative to `cwd`, or for one outside `cwd` its
 * absolute path without the root.
 */
export function mirroredPath(file, dir, cwd = process.cwd()) {
  const abs = path.resolve(cwd, file);
  const rel = path.relative(cwd, abs);
  const inside = rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
  return path.join(dir, inside ? rel : abs.slice(path.parse(abs).root.length));
}

/**
 * A module's output name: with -S a `.bc` input is written as `.ll`, without it (bitcode, as opt
 * writes by default) a `.ll` input as `.bc`; other names are kept.
 */
export function outputName(p, assembly) {
  if (assembly) return p.endsWith('.bc') ? `${p.slice(0, -3)}.ll` : p;
  return p.endsWith('.ll') ? `${p.slice(0, -3)}.bc` : p;
}

const statOrNull = p => { try { return fs.statSync(p); } catch { return null; } };

// The jobs, refused up front when two would write one output or an output is an input.
function planJobs(files, dir, assembly) {
  const byOutput = new Map();
  const inputs = new Map(files.map(f => [path.resolve(f), f]));
  const inputStats = files.map(statOrNull);
  const byInode = new Map(inputStats.map((st, k) => [st ? `${st.dev}:${st.ino}` : `none:${k}`, files[k]]));
  const jobs = files.map((input, index) => {
    const output = outputName(mirroredPath(input, dir), assembly);
    const other = byOutput.get(path.resolve(output));
    if (other !== undefined) throw new CliError(`error: ${other} and ${input} would both be written to ${output}`);
    byOutput.set(path.resolve(output), input);
    const outStat = statOrNull(output);
    const clash = inputs.get(path.resolve(output)) ?? (outStat ? byInode.get(`${outStat.dev}:${outStat.ino}`) : undefined);
    if (clash !== undefined) throw new CliError(`error: ${output} would overwrite the input ${clash}; choose another -output-dir`);
    return { index, input, output, bytes: inputStats[index]?.isFile() ? inputStats[index].size : 0 };
  });
  return jobs;
}

// ---- progress and summary ----

const mb = bytes => (bytes / 1e6).toFixed(bytes >= 1e7 ? 1 : 2);
const secs = ms => (ms >= 10_000 ? (ms / 1000).toFixed(1) : (ms / 1000).toFixed(2));
const rate = (bytes, ms) => (ms > 0 ? (bytes / 1e6 / (ms / 1000)).toFixed(1) : '–');
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// A progress display: a bar on a terminal (cli-progress), plain lines every few seconds otherwise,
// nothing with --quiet. log(text) prints a module's diagnostics above the bar.
async function progressDisplay({ quiet, total, totalBytes, started }) {
  const stderr = process.stderr;
  const state = { files: 0, bytes: 0, failed: 0 };
  if (quiet) return { state, update() {}, log: t => stderr.write(t), stop() {} };
  if (stderr.isTTY) {
    const { default: cliProgress } = await import('cli-progress');
    const bars = new cliProgress.MultiBar({
      stream: stderr, hideCursor: true, clearOnComplete: true, etaBuffer: 50, fps: 5, barsize: 20,
      format: `${PROG} {bar} {percentage}% | {files} modules{failed} | {mb} MB | {rate} MB/s | ETA {eta_formatted}`,
    }, cliProgress.Presets.shades_classic);
    const payload = () => ({ files: `${state.files}/${total}`, failed: state.failed ? `, ${state.failed} failed` : '',
      mb: `${mb(state.bytes)}/${mb(totalBytes)}`, rate: rate(state.bytes, performance.now() - started) });
    const bar = bars.create(Math.max(totalBytes, 1), 0, payload());
    return {
      state,
      update() { bar.update(Math.min(state.bytes, Math.max(totalBytes, 1)), payload()); },
      log: t => bars.log(t),
      stop() { bars.stop(); },
    };
  }
  const line = () => {
    const ms = performance.now() - started;
    const left = state.bytes > 0 ? (ms * (totalBytes - state.bytes)) / state.bytes : NaN;
    stderr.write(`${PROG}: ${state.files}/${total} modules${state.failed ? ` (${state.failed} failed)` : ''}, ${mb(state.bytes)}/${mb(totalBytes)} MB, ` +
      `${rate(state.bytes, ms)} MB/s${Number.isFinite(left) ? `, ${Math.ceil(left / 1000)} s left` : ''}\n`);
  };
  const timer = setInterval(line, LINE_EVERY_MS);
  timer.unref();
  return { state, update() {}, log: t => stderr.write(t), stop() { clearInterval(timer); } };
}

// Whether the pipeline names pass `name`.
const runsPass = (pipeline, name) => new RegExp(`(^|[,(<])\\s*${name}\\s*([,)<>]|$)`).test(pipeline ?? '');

function summaryText({ results, jobs, wallMs, n, interrupted, pipeline, across }) {
  const done = results.filter(Boolean);
  const ok = done.filter(r => r.ok);
  const bytes = jobs.reduce((s, j, i) => s + (results[i] ? j.bytes : 0), 0);
  const c = totalsOf(ok);
  const lines = [];
  const head = interrupted
    ? `${PROG}: interrupted (${interrupted}): ${done.length} of ${plural(jobs.length, 'module')} done (${ok.length} ok, ${done.length - ok.length} failed)`
    : `${PROG}: ${plural(jobs.length, 'module')}: ${ok.length} ok, ${done.length - ok.length} failed`;
  lines.push(`${head}; ${mb(bytes)} MB in ${secs(wallMs)} s (${rate(bytes, wallMs)} MB/s), ${plural(n, 'job')}`);
  // what the passes that ran did
  const did = [];
  if (runsPass(pipeline, 'mem2reg')) did.push(`mem2reg: ${plural(c.allocasPromoted, 'alloca')} promoted, ${plural(c.phisInserted, 'phi')} inserted`);
  if (runsPass(pipeline, 'mergefunc'))
    did.push(`mergefunc: ${plural(c.functionsMerged, 'function')} merged (${plural(c.thunks, 'thunk')}, ${plural(c.aliases, 'alias', 'aliases')}, ${c.deleted} deleted)`);
  if (runsPass(pipeline, 'global-merge-func'))
    did.push(`global-merge-func: ${plural(c.globalMerged, 'function')} merged` + (across ? ` across modules (the batch's map${across.fromRepository ? ` and the repository's maps of ${plural(across.fromRepository, 'other module')}` : ''}: ${plural(across.functions, 'function')} of ${plural(across.hashes, 'hash', 'hashes')} to merge)` : ''));
  if (did.length) lines.push(`${PROG}: ${did.join('; ')}`);
  for (const [i, r] of results.entries()) {
    if (!r || r.ok) continue;
    const first = r.failure.replace(new RegExp(`^${PROG}: `), '');
    const input = jobs[i].input;
    lines.push(`${PROG}: failed: ${first.startsWith(`${input}:`) ? first : `${input}: ${first}`}`);
  }
  return lines.join('\n') + '\n';
}

function totalsOf(list) {
  const t = Object.fromEntries(COUNTERS.map(k => [k, 0]));
  for (const r of list) for (const k of COUNTERS) t[k] += r.stats?.[k] ?? 0;
  return t;
}

/** The --report JSON: the batch, its totals and each module in input order. */
export function reportJson({ results, jobs, wallMs, n, interrupted, opts, problems = [], across = null }) {
  const modules = jobs.map((j, i) => {
    const r = results[i];
    const status = !r ? 'not run' : r.ok ? 'ok' : 'failed';
    return {
      input: j.input, output: j.output, bytes: j.bytes, ms: r ? Math.round(r.ms * 10) / 10 : null, ok: !!r?.ok, status,
      error: r && !r.ok ? r.failure : null,
      ...Object.fromEntries(COUNTERS.map(k => [k, r?.ok ? r.stats?.[k] ?? 0 : null])),
    };
  });
  const done = results.filter(Boolean);
  const ok = done.filter(r => r.ok);
  return {
    pipeline: opts.pipeline, llvmVersion: Number(opts.llvmVersion ?? DEFAULT_LLVM_VERSION), jobs: n, interrupted: interrupted ?? null,
    // --across-modules: the batch's stable function map (modules that gave one, hashes and functions kept)
    acrossModules: across ? { ...across, cgdata: opts.emitCgdata ?? null } : null,
    totals: {
      modules: jobs.length, ok: ok.length, failed: done.length - ok.length, notRun: jobs.length - done.length,
      bytes: jobs.reduce((s, j, i) => s + (results[i] ? j.bytes : 0), 0), ms: Math.round(wallMs * 10) / 10,
      ...totalsOf(ok),
    },
    modules,
    // paths under the inputs that could not be read or named (not modules: a directory, say)
    unreadable: problems,
  };
}

// ---- the batch ----

// `count` worker threads, each with a core instance made from the one compiled module (the main
// thread's core comes first: loadCore says why when the core cannot be loaded).
async function startWorkers(count, opts) {
  await loadCore();
  const module = await compileWopt();
  const workerOpts = { pipeline: opts.pipeline, forward: opts.forward, llvmVersion: opts.llvmVersion, disableVerify: opts.disableVerify,
    disableOutput: opts.disableOutput, assembly: opts.assembly, repo: opts.repo, codegenData: opts.codegenData, collect: opts.collect };
  return startPool({ workers: count, workerUrl: new URL('./batch-worker.js', import.meta.url), workerData: { module, opts: workerOpts } });
}

// --across-modules: the options of its first round (each module's map; nothing is written) and
// of its second (the batch's map, as -codegen-data-use-path would read it).
const collectRound = opts => ({ ...opts, forward: collectOptions(opts.forward), disableOutput: true, collect: true });
const useRound = (opts, cgdata) => ({ ...opts, forward: useOptions(opts.forward), codegenData: cgdata });

/**
 * The name a module's function map is stored under in the repository: its path relative to the
 * current directory, with '/' between the parts, however it was given (./a.ll, a.ll and its
 * absolute path are one module), so machines that run a batch from their own checkout's root
 * share each module's map whatever the checkout's path.
 */
export const mapKeyOf = (input, cwd = process.cwd()) => path.relative(cwd, path.resolve(cwd, input)).split(path.sep).join('/');

export async function runBatch(opts, started) {
  const dir = opts.outputDir;
  if (opts.output !== '-') throw new CliError('error: -o and -output-dir exclude each other (batch mode names each output after its input)');
  if (opts.inputs.length === 0) throw new CliError('error: -output-dir needs at least one input (file, directory, @list or - for a list on standard input)');
  if (opts.jobs === 0) throw new CliError('error: -j needs at least 1 job');
  if (opts.acrossModules && !runsGlobalMergeFunc(opts.pipeline))
    throw new CliError('error: --across-modules merges with global-merge-func: the pipeline has none (-passes=global-merge-func)');
  if (opts.acrossModules && Number(opts.llvmVersion ?? DEFAULT_LLVM_VERSION) < 22)
    throw new CliError(`error: --across-modules needs global-merge-func, which LLVM ${opts.llvmVersion} does not have (LLVM 22 does)`);
  // one repository in memory cannot be shared by threads: such a batch runs in this thread
  const jobsAsked = opts.repo === ':memory:' ? 1 : opts.jobs;
  // the workers start now, as many as the cores and memory allow (the inputs are not known yet):
  // their start-up overlaps the walk of the inputs
  const early = laneCount({ jobs: jobsAsked }).n;
  let pool = early > 1 ? await startWorkers(early - 1, opts.acrossModules ? collectRound(opts) : opts) : null;
  let across = null;   // --across-modules: the batch's map
  let jobs;
  // paths under the inputs that could not be read or named: each reported, the batch goes on
  const problems = [];
  try {
    const files = await collectInputs(opts.inputs, { outputDir: dir, problems, notUtf8: opts.notUtf8 });
    for (const p of problems) process.stderr.write(`${PROG}: ${p.path}: error: ${p.error}\n`);
    if (files.length === 0) throw new CliError(`error: no input modules (directories are searched for ${MODULE_EXTENSIONS.join(', ')} files)`);
    jobs = planJobs(files, dir, !!opts.assembly || !!opts.disableOutput);
    if (!opts.disableOutput) {
      try { fs.mkdirSync(dir, { recursive: true }); } catch (e) { throw new CliError(`${dir}: error: cannot create the output directory: ${errnoText(e)}`); }
    }
  } catch (e) { pool?.close(); throw e; }
  const totalBytes = jobs.reduce((s, j) => s + j.bytes, 0);
  const { n, note } = laneCount({ jobs: jobsAsked, inputs: jobs.length, largest: jobs.reduce((m, j) => Math.max(m, j.bytes), 0), totalBytes });
  if (note) process.stderr.write(`${PROG}: note: ${note}\n`);
  if (n === 1 && pool) { pool.close(); pool = null; }
  const results = new Array(jobs.length).fill(null);
  const progress = await progressDisplay({ quiet: !!opts.quiet, total: jobs.length, totalBytes, started });
  let printed = 0;
  const onDone = (i, res) => {
    results[i] = res;
    progress.state.files++;
    progress.state.bytes += jobs[i].bytes;
    if (!res.ok) progress.state.failed++;
    progress.update();
    // each module's diagnostics in input order
    while (printed < results.length && results[printed]) { const t = results[printed++].text; if (t) progress.log(t); }
  };

  let interrupted = null, stopping = null;
  const onSignal = sig => {
    if (interrupted) return;
    interrupted = sig;
    if (pool) stopping = pool.stop();
  };
  const handlers = { SIGINT: () => onSignal('SIGINT'), SIGTERM: () => onSignal('SIGTERM') };
  for (const [sig, h] of Object.entries(handlers)) process.on(sig, h);

  let repo;
  try {
    // the repository is created (or found broken) once, here, before the workers open it
    if (opts.repo !== undefined) repo = await (await repoStore()).openRepository(opts.repo);
    const core = await loadCore();
    // runs `list` (jobs) with `runOpts`, `done(index, result)` as each finishes
    const runAll = async (runOpts, list, done) => {
      const mainLane = job => runJob(core, runOpts, repo, job);
      if (!pool) {
        for (const job of list) {
          await new Promise(setImmediate); // lets a signal in between modules
          if (interrupted) break;
          done(job.index, await mainLane(job));
        }
        return;
      }
      // largest input first (the workers; the main thread's lane takes the list from its end): the
      // last modules to start are the small ones
      const order = list.map(j => j.index).sort((a, b) => jobs[b].bytes - jobs[a].bytes || a - b);
      await pool.run({ jobs, order, onDone: done, mainLane, workers: n - 1 });
      if (stopping) {
        // what the stopped workers were writing: their temporary files go
        for (const job of await stopping) removeOwnTemps(job.output);
      }
    };
    if (!opts.acrossModules) await runAll(opts, jobs, onDone);
    else {
      // the first round: each module's stable function map (a module that fails here is done)
      const maps = new Array(jobs.length).fill(null);
      await runAll(collectRound(opts), jobs, (i, res) => {
        if (!res.ok) { onDone(i, res); return; }
        maps[i] = res.functionMap;
        progress.state.bytes += jobs[i].bytes / 2;
        progress.update();
      });
      if (!interrupted) {
        // combined as llvm-cgdata --merge combines the objects of the modules, in input order; with
        // a repository, the batch's maps are stored under their keys and every other module's follow
        const { all, stored } = repo ? await shareMaps(repo, jobs.map(j => mapKeyOf(j.input)), maps) : { all: maps, stored: 0 };
        const { cgdata, ...counts } = combineFunctionMaps(core, all, opts.forward);
        across = { ...counts, bytes: cgdata.length, ...(repo ? { fromRepository: stored } : {}) };
        if (opts.emitCgdata !== undefined) {
          try { writeFileAtomic(opts.emitCgdata, cgdata); } catch (e) {
            throw new CliError(`${opts.emitCgdata}: error: cannot write the codegen data: ${errnoText(e)}`);
          }
        }
        // the second round: every module merged by the batch's map, workers of their own
        const useOpts = useRound(opts, cgdata);
        if (pool) { pool.close(); pool = await startWorkers(n - 1, useOpts); }
        await runAll(useOpts, jobs.filter(j => !results[j.index]), (i, res) => {
          progress.state.bytes -= jobs[i].bytes / 2;
          onDone(i, res);
        });
      }
    }
  } finally {
    pool?.close();
    await repo?.close();
    progress.stop();
    for (const [sig, h] of Object.entries(handlers)) process.off(sig, h);
  }
  // after a stop, what the modules that finished printed, past the first one that did not
  for (; printed < results.length; printed++) if (results[printed]?.text) process.stderr.write(results[printed].text);
  const wallMs = performance.now() - started;
  const failed = results.filter(r => r && !r.ok).length;
  if (opts.timePasses) {
    const totals = new Map();
    for (const r of results) for (const t of r?.timings ?? []) totals.set(t.name, (totals.get(t.name) ?? 0) + t.ms);
    process.stderr.write(timingReport([...totals].map(([name, ms]) => ({ name, ms })), wallMs));
  }
  const info = { results, jobs, wallMs, n, interrupted, pipeline: opts.pipeline, opts, problems, across };
  if (!opts.quiet) process.stderr.write(summaryText(info));
  else if (interrupted) process.stderr.write(`${PROG}: interrupted (${interrupted})\n`);
  if (opts.report !== undefined) {
    try { writeFileAtomic(opts.report, JSON.stringify(reportJson(info), null, 2) + '\n'); } catch (e) {
      process.stderr.write(`${PROG}: ${opts.report}: error: cannot write the report: ${errnoText(e)}\n`);
      process.exitCode = 1;
    }
  }
  if (failed) { process.stderr.write(`${PROG}: ${failed} of ${jobs.length} inputs failed\n`); process.exitCode = 1; }
  if (problems.length) { process.stderr.write(`${PROG}: ${plural(problems.length, 'path')} under the inputs could not be read (above)\n`); process.exitCode = 1; }
  if (interrupted) process.exitCode = interrupted === 'SIGINT' ? 130 : 143;
}
