#!/usr/bin/env node
// Batch throughput: N generated modules through native opt (one process per module, as a build
// system runs it: one at a time, and --parallel at a time as `make -j` would) against wopt, both
// one process per module and one batch process (`-output-dir`: node's start-up and the core's
// compilation and tier-up paid once; with -j 1 and -j 2 when the CLI has -j, else one row "not
// available" each), for each LLVM version of --llvm (default 19 and 22: opt-V against wopt
// --llvm-version=V). Alternating runs, medians of the total wall time and of the largest peak RSS
// of one process; every wopt output is compared with opt-V's (bytes without the
// ModuleID/source_filename lines, then llvm-diff-V).
//
//   node bench/batch.bench.js [--files 20] [--size 1MB] [--passes mem2reg,mergefunc] [--runs 3] [--llvm 19,22] [--json]
//
// A benchmark reports numbers; it never fails because wopt is slow, wrong or broken.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve, basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateToFile, parseSize, GEN_VERSION } from './gen.js';
import { measureAsync, median } from './side-by-side.js';
import { forEachOption } from './options.js';
import { parseLlvmList, llvmTargets, llvmUsage, compareOutputs, outputNotes } from './llvm.js';
import { mirroredPath } from '../bindings/cli/batch.js';
import { sqliteFolder } from './real.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const CACHE = join(HERE, '.cache');

const USAGE = `usage: node bench/batch.bench.js [options]
  --files N         modules per batch (default 20), generated with seeds 1..N
  --dir DIR         the .ll files under DIR instead (recursively)
  --sqlite-files    SQLite's source files as modules instead (bench/real.js sqliteFolder: the
                    amalgamation split back into its files, each compiled by clang of the lowest
                    --llvm version at -O0 -g, which every opt of the list reads)
  --size S          size of each module (default 1MB)
  --passes LIST     comma-separated pipelines (default mem2reg,mergefunc)
  --runs N          timed runs per way (default 3), alternating (all versions in turn)
  --dup F           generator duplicate fraction (default 0.3)
${llvmUsage({ diff: true })}
  --no-single       skip the one-wopt-process-per-module runs
  --parallel N      also opt a process per module N at a time (default 2; 1: not)
  --no-opt          no opt rows: wopt -j 1 and -j 2 only (how -j scales on batches too long to run
                    opt a process per module each time); -j 2's outputs are compared with -j 1's
  --jobs / --no-jobs  whether to run wopt -j 1 / -j 2 (default: when \`wopt --help\` lists -j)
  --out DIR         where the outputs go while they are compared (default bench/.cache/out;
                    a tmpfs such as /dev/shm/... keeps the disk's own noise out of the times)
  --timeout S       per-process timeout in seconds (default 900)
  --json            print JSON instead of the markdown table`;

export function parseArgs(argv) {
  const o = { files: 20, size: '1MB', dir: null, sqliteFiles: false, passes: ['mem2reg', 'mergefunc'], runs: 3, dup: 0.3, llvm: null, opt: null, llvmDiff: null,
    single: true, parallel: 2, withOpt: true, jobs: null, timeout: 900, json: false, out: join(CACHE, 'out') };
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--files': o.files = Math.max(1, parseInt(val(), 10)); break;
      case '--size': o.size = val(); break;
      case '--dir': o.dir = val(); break;
      case '--sqlite-files': o.sqliteFiles = true; break;
      case '--passes': o.passes = val().split(',').map((p) => p.trim()).filter(Boolean); break;
      case '--runs': o.runs = Math.max(1, parseInt(val(), 10)); break;
      case '--dup': o.dup = Number(val()); break;
      case '--llvm': o.llvm = parseLlvmList(val()); break;
      case '--opt': o.opt = val(); break;
      case '--llvm-diff': o.llvmDiff = val(); break;
      case '--no-single': o.single = false; break;
      case '--parallel': o.parallel = Math.max(1, parseInt(val(), 10)); break;
      case '--no-opt': o.withOpt = false; break;
      case '--jobs': o.jobs = true; break;
      case '--no-jobs': o.jobs = false; break;
      case '--out': o.out = resolve(val()); break;
      case '--timeout': o.timeout = Number(val()); break;
      case '--json': o.json = true; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  if (!o.help) o.targets = llvmTargets(o, { diff: true });
  return o;
}

// The .ll files under dir, recursively, in name order.
function llFilesUnder(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) llFilesUnder(p, out); else if (e.name.endsWith('.ll')) out.push(p);
  }
  return out;
}

function inputs(o, log) {
  if (o.sqliteFiles) {
    const v = Math.min(...o.targets.map((t) => t.version));
    const r = sqliteFolder(v, { log, timeout: o.timeout });
    if (!r.files) throw new Error(`the SQLite folder: ${r.missing ?? r.error}`);
    log(`${r.files.length} SQLite modules (clang-${r.clangVersion} -O0 -g) in ${r.dir}${r.skipped.length ? `; left out: ${r.skipped.join(' ')}` : ''}`);
    o.source = `SQLite's source files, clang-${r.clangVersion} -O0 -g`;
    return r.files;
  }
  if (o.dir) {
    const files = llFilesUnder(resolve(o.dir));
    log(`${files.length} modules under ${o.dir}`);
    o.source = `the .ll files under ${o.dir}`;
    return files;
  }
  const dir = join(CACHE, `batch-v${GEN_VERSION}-${o.size}-d${o.dup}`);
  mkdirSync(dir, { recursive: true });
  const files = [];
  for (let s = 1; s <= o.files; s++) {
    const f = join(dir, `m${s}.ll`);
    if (!existsSync(f)) {
      generateToFile(f + '.tmp', { size: parseSize(o.size), seed: s, dup: o.dup });
      renameSync(f + '.tmp', f);
    }
    files.push(f);
  }
  log(`${files.length} modules of ~${o.size} in ${dir}`);
  return files;
}

// Runs `argvs` as separate processes, `parallel` at a time (1: one after the other, as a build
// runs them serially; 2: as `make -j2` would); the total wall time and the largest peak RSS of
// one process, or the first failure.
async function pool(argvs, parallel, timeout) {
  const t0 = process.hrtime.bigint();
  let next = 0, rssKB = null, error = null;
  const lane = async () => {
    while (next < argvs.length && !error) {
      const r = await measureAsync(argvs[next++], { timeout });
      if (r.rssKB != null) rssKB = Math.max(rssKB ?? 0, r.rssKB);
      if (r.status !== 0) error ??= (r.stderr || `exit ${r.status}`).split('\n').find(Boolean);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, argvs.length) }, lane));
  return error ? { error } : { wall: Number(process.hrtime.bigint() - t0) / 1e9, rssKB };
}

// The ways modules go through, in the order of the table. `batch` is one wopt process for all
// modules: without -j (one core) when the CLI has no -j, else with -j 1 and -j 2 as rows of
// their own; `jobs` = whether the CLI has -j (its --help lists it).
export function batchWays({ jobs, single = true, parallel = 2, withOpt = true }) {
  const ways = !withOpt ? [] : [
    { key: 'opt', tool: 'opt', label: 'opt, a process per module' },
    ...(parallel > 1 ? [{ key: 'optPar', tool: 'opt', label: `opt, a process per module, ${parallel} at a time` }] : []),
  ];
  if (jobs) ways.push({ key: 'j1', tool: 'wopt', label: 'wopt -output-dir -j 1' }, { key: 'j2', tool: 'wopt', label: 'wopt -output-dir -j 2' });
  else {
    ways.push({ key: 'batch', tool: 'wopt', label: 'wopt -output-dir (one core)' });
    ways.push({ key: 'j1', tool: 'wopt', label: 'wopt -output-dir -j 1', unavailable: 'not available (this wopt has no -j)' });
    ways.push({ key: 'j2', tool: 'wopt', label: 'wopt -output-dir -j 2', unavailable: 'not available (this wopt has no -j)' });
  }
  if (single) ways.push({ key: 'single', tool: 'wopt', label: 'wopt, a process per module' });
  return ways;
}

/** Whether a wopt --help text lists -j (or --jobs) as an option. */
export const helpListsJobs = (text) => /(?:^|[\s,])--?j(?:obs)?(?=[\s=<,])/m.test(text || '');

/** Whether the wopt CLI takes -j (batch mode over worker threads): its --help lists it. */
export function woptHasJobs(cli = join(ROOT, 'bindings/cli.js')) {
  return helpListsJobs(spawnSync(process.execPath, [cli, '--help'], { encoding: 'utf8' }).stdout);
}

// The output name of input f for the ways that name each output themselves (opt, a wopt
// process per module): its path made one file name, so inputs with one base name in different
// folders (--dir) keep apart. Batch mode mirrors the input path itself (bindings/cli/batch.js).
const flatName = (f) => f.replace(/^\//, '').replace(/[\/]/g, '__');

export async function runBatch(o, log = (m) => process.stderr.write(m + '\n')) {
  const files = inputs(o, log);
  const bytes = files.reduce((s, f) => s + statSync(f).size, 0);
  const cli = join(ROOT, 'bindings/cli.js');
  const jobs = o.jobs ?? woptHasJobs(cli);
  const ways = batchWays({ jobs, single: o.single, parallel: o.parallel, withOpt: o.withOpt });
  log(`wopt ${jobs ? 'has -j: batch rows with -j 1 and -j 2' : 'has no -j: one batch row (one core); -j rows not available'}`);
  const results = [];
  for (const p of o.passes) {
    const tag = p.replace(/[^A-Za-z0-9_.-]/g, '_');
    // a row per LLVM version and way; the runs go through all of them in turn
    const rows = o.targets.flatMap((t) => {
      const wopt = [process.execPath, cli, `--llvm-version=${t.version}`, '-S', `-passes=${p}`];
      const outOpt = join(o.out, `batch-${tag}-${t.version}-opt`);
      return ways.map((w) => {
        const row = { pipeline: p, llvm: t.version, way: w.key, tool: w.tool, label: w.label, files: files.length, bytes, wall: [], rssKB: [] };
        if (w.unavailable) return { row: { ...row, unavailable: w.unavailable }, t };
        // the opt ways write where the comparison reads; every other way has a folder of its own
        const out = w.key === 'opt' ? outOpt : join(o.out, `batch-${tag}-${t.version}-${w.key}`);
        rmSync(out, { recursive: true, force: true });
        mkdirSync(out, { recursive: true });
        const each = (argv) => files.map((f) => [...argv(f), join(out, flatName(f))]);
        const run = {
          opt: () => pool(each((f) => [t.opt, '-S', `-passes=${p}`, f, '-o']), 1, o.timeout),
          optPar: () => pool(each((f) => [t.opt, '-S', `-passes=${p}`, f, '-o']), o.parallel, o.timeout),
          batch: () => pool([[...wopt, `-output-dir=${out}`, ...files]], 1, o.timeout),
          j1: () => pool([[...wopt, '-j=1', `-output-dir=${out}`, ...files]], 1, o.timeout),
          j2: () => pool([[...wopt, '-j=2', `-output-dir=${out}`, ...files]], 1, o.timeout),
          single: () => pool(each((f) => [...wopt, f, '-o']), 1, o.timeout),
        }[w.key];
        return { row, t, run, out, outOpt };
      });
    });
    log(`${p}: ${o.runs} runs of each way (${ways.filter((w) => !w.unavailable).map((w) => w.key).join(', ')}) for LLVM ${o.targets.map((t) => t.version).join(', ')}`);
    const steps = rows.filter((r) => r.run);
    for (let i = 0; i < o.runs; i++) {
      for (const { row, run } of i & 1 ? [...steps].reverse() : steps) {
        if (row.error) continue;
        const r = await run();
        if (r.error) row.error = r.error; else { row.wall.push(r.wall); row.rssKB.push(r.rssKB); }
      }
    }
    for (const { row, t, out, outOpt } of rows) {
      row.median = median(row.wall);
      row.rssKBMedian = median(row.rssKB);
      const base = rows.find((r) => r.row.llvm === row.llvm && r.row.way === 'opt')?.row.median;
      row.ratio = base != null && row.median ? base / row.median : null;
      if (row.tool === 'wopt' && out && !row.error) {
        // wopt's outputs against opt-V's, file by file
        const counts = {};
        const batchWay = row.way !== 'single';
        // the reference: opt-V's output, or without opt rows -j 1's (whose own row has none)
        const j1Out = rows.find((r) => r.row.llvm === row.llvm && r.row.way === 'j1')?.out;
        const reference = o.withOpt ? (f) => join(outOpt, flatName(f)) : row.way === 'j1' ? null : (f) => mirroredPath(f, j1Out);
        for (const f of reference ? files : []) {
          const w = batchWay ? mirroredPath(f, out) : join(out, flatName(f));
          const d = existsSync(w) ? compareOutputs(reference(f), w, t.llvmDiff, { timeout: o.timeout }) : { status: 'missing' };
          counts[d.status] = (counts[d.status] ?? 0) + 1;
          // the first file of each kind of difference, for the notes under the table
          if (d.status !== 'identical' && d.status !== 'n/a' && d.status !== 'missing') (row.firstDiffs ??= {})[d.status] ??= { file: basename(f), ...d };
        }
        if (reference) row.outputs = counts;
      }
      log(`  LLVM ${row.llvm} ${row.label}: ${row.unavailable ?? (row.error ? `ERROR ${row.error}` : `${fmtS(row.median)}, ${fmtMB(row.rssKBMedian)}`)}${row.outputs ? ` | ${fmtCounts(row.outputs)}` : ''}`);
      const { wall, rssKB, ...kept } = row;
      results.push({ ...kept, walls: wall, rssKBs: rssKB });
    }
    // the outputs have been compared: their folders go (hundreds of MB over a full report)
    for (const { out } of rows) if (out) rmSync(out, { recursive: true, force: true });
  }
  return {
    meta: { date: new Date().toISOString(), node: process.version, nodeExtraCaCerts: !!process.env.NODE_EXTRA_CA_CERTS, withOpt: o.withOpt, cpu: cpus()[0]?.model, cpus: cpus().length, jobs, parallel: o.parallel,
      llvm: o.targets.map(({ version, opt, optVersion, llvmDiff }) => ({ version, opt, optVersion, llvmDiff })), runs: o.runs, size: o.size, source: o.source ?? `generated, ~${o.size} each`, files: files.length, generator: { version: GEN_VERSION, dup: o.dup } },
    results,
  };
}

const fmtS = (s) => (s == null ? '–' : s < 10 ? `${s.toFixed(3)} s` : `${s.toFixed(2)} s`);
const fmtMB = (kb) => (kb == null ? '–' : `${(kb / 1024).toFixed(0)} MB`);
const fmtCounts = (c) => Object.entries(c).map(([k, n]) => `${n} ${k}`).join(', ');
const esc = (s) => String(s).replace(/\|/g, '\\|');

/** -j 1's median wall time over -j 2's, per pipeline and LLVM version. */
export function jobsScaling(results) {
  const rows = results.filter((r) => (r.way === 'j1' || r.way === 'j2') && r.median);
  return rows.filter((r) => r.way === 'j2').flatMap((j2) => {
    const j1 = rows.find((r) => r.way === 'j1' && r.pipeline === j2.pipeline && r.llvm === j2.llvm);
    return j1 ? [{ pipeline: j2.pipeline, llvm: j2.llvm, ratio: j1.median / j2.median }] : [];
  });
}

/** The batch table (markdown): a row per pipeline, LLVM version and way. */
export function markdown(report) {
  const m = report.meta;
  const out = [`batch: ${m.files} modules (${m.source ?? `~${m.size} each`}); ${m.llvm.map((t) => `opt-${t.version} = ${t.opt} (LLVM ${t.optVersion ?? '?'})`).join(', ')}; ` +
    `wopt --llvm-version=V${m.jobs ? '' : ' (no -j in this build)'}; median of ${m.runs} runs; node ${m.node}; ${m.cpu} ×${m.cpus}`, ''];
  out.push(`| pipeline | LLVM | way | modules | MB | wall | MB/s | peak RSS | vs opt, a process each | outputs vs ${m.withOpt === false ? '-j 1' : 'opt'} |`);
  out.push('|---|---|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of report.results) {
    const head = `| ${r.pipeline} | ${r.llvm} | ${r.label} | ${r.files} | ${(r.bytes / 1e6).toFixed(1)} |`;
    if (r.unavailable) { out.push(`${head} ${r.unavailable} | – | – | – | – |`); continue; }
    if (r.error) { out.push(`${head} **error**: ${esc(r.error)} | – | – | – | – |`); continue; }
    const mbs = r.median ? (r.bytes / 1e6 / r.median).toFixed(1) : '–';
    const ratio = r.way === 'opt' ? '1.00×' : r.ratio == null ? '–' : `${r.ratio.toFixed(2)}×`;
    const reference = r.tool === 'opt' || (r.way === 'j1' && m.withOpt === false);
    out.push(`${head} ${fmtS(r.median)} | ${mbs} | ${fmtMB(r.rssKBMedian)} | ${ratio} | ${r.outputs ? fmtCounts(r.outputs) : reference ? '(reference)' : '–'} |`);
  }
  out.push('', 'wopt runs with --llvm-version=V against opt-V. Wall times are the elapsed time for all modules (for the ways with a process per module, ' +
    'the processes run one after the other, or N at a time); peak RSS is that of the largest single process. "vs opt" > 1 means faster than ' +
    'opt-V run once per module, one at a time. Outputs: identical = same bytes apart from the ModuleID/source_filename lines; equivalent = llvm-diff-V finds no difference.');
  const scaling = jobsScaling(report.results);
  if (scaling.length) out.push('', `-j 2 against -j 1 (ratio of the medians): ${scaling.map((x) => `${x.pipeline}, LLVM ${x.llvm}: ${x.ratio.toFixed(2)}×`).join('; ')}.` +
    (m.nodeExtraCaCerts ? ' NODE_EXTRA_CA_CERTS was set: every Node process read those certificates at its start (Node 20 does so before any script runs).' : ''));
  out.push(...outputNotes(report.results.flatMap((r) => Object.values(r.firstDiffs ?? {}).map((d) => ({ label: `${r.pipeline}, LLVM ${r.llvm}, ${r.label}, ${d.file}`, diff: d })))));
  return out.join('\n');
}

export async function main(argv = process.argv.slice(2)) {
  let o;
  try { o = parseArgs(argv); } catch (e) { console.error(e.message); return 2; }
  if (o.help) { console.log(USAGE); return 0; }
  const report = await runBatch(o);
  process.stdout.write((o.json ? JSON.stringify(report, null, 2) : markdown(report)) + '\n');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
