#!/usr/bin/env node
// Batch throughput: N generated modules (or the .ll files of a folder, --dir) through native opt
// (one process per module, as a build system runs it) against wopt, both one process per module
// and one batch process per -j value of --jobs (`-output-dir -j N`: node's start-up and the core's
// compilation and tier-up paid once; N worker threads), for each LLVM version of --llvm (default 19
// and 22: opt-V against wopt --llvm-version=V). Alternating runs, medians of the total wall time;
// every output of the first batch way is compared with opt-V's (bytes without the
// ModuleID/source_filename lines, then llvm-diff-V), and every other batch way's with the first's.
//
//   node bench/batch.bench.js [--files 20] [--size 1MB] [--dir D] [--jobs 1,2] [--passes mem2reg,mergefunc] [--runs 3] [--llvm 19,22] [--json]
//
// A benchmark reports numbers; it never fails because wopt is slow, wrong or broken.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateToFile, parseSize, GEN_VERSION } from './gen.js';
import { measure, median } from './side-by-side.js';
import { forEachOption } from './options.js';
import { parseLlvmList, llvmTargets, llvmUsage, compareOutputs, outputNotes } from './llvm.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const CACHE = join(HERE, '.cache');

const USAGE = `usage: node bench/batch.bench.js [options]
  --files N         modules per batch (default 20), generated with seeds 1..N
  --size S          size of each module (default 1MB)
  --dir D           the .ll files under folder D (recursively) instead of generated modules
  --jobs LIST       wopt batch ways: -j of each (default 1,2)
  --passes LIST     comma-separated pipelines (default mem2reg,mergefunc)
  --runs N          timed runs per way (default 3), alternating (all versions in turn)
  --dup F           generator duplicate fraction (default 0.3)
${llvmUsage({ diff: true })}
  --no-single       skip the one-wopt-process-per-module runs
  --timeout S       per-process timeout in seconds (default 900)
  --json            print JSON instead of the markdown table`;

function parseArgs(argv) {
  const o = { files: 20, size: '1MB', dir: null, jobs: [1, 2], passes: ['mem2reg', 'mergefunc'], runs: 3, dup: 0.3, llvm: null, opt: null, llvmDiff: null,
    single: true, timeout: 900, json: false };
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--files': o.files = Math.max(1, parseInt(val(), 10)); break;
      case '--size': o.size = val(); break;
      case '--dir': o.dir = resolve(val()); break;
      case '--jobs': o.jobs = val().split(',').map((j) => Math.max(1, parseInt(j, 10))).filter(Number.isFinite); break;
      case '--passes': o.passes = val().split(',').map((p) => p.trim()).filter(Boolean); break;
      case '--runs': o.runs = Math.max(1, parseInt(val(), 10)); break;
      case '--dup': o.dup = Number(val()); break;
      case '--llvm': o.llvm = parseLlvmList(val()); break;
      case '--opt': o.opt = val(); break;
      case '--llvm-diff': o.llvmDiff = val(); break;
      case '--no-single': o.single = false; break;
      case '--timeout': o.timeout = Number(val()); break;
      case '--json': o.json = true; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  if (!o.help) o.targets = llvmTargets(o, { diff: true });
  return o;
}

// The .ll files under dir, relative to it, in name order.
function llFiles(dir, rel = '') {
  const out = [];
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (e.isDirectory()) out.push(...llFiles(dir, join(rel, e.name)));
    else if (e.name.endsWith('.ll')) out.push(join(rel, e.name));
  }
  return out;
}

// { root, files }: the inputs as paths relative to root (the batches run there, so their outputs
// mirror these paths under the output directory).
function inputs(o, log) {
  if (o.dir) {
    const files = llFiles(o.dir);
    log(`${files.length} modules under ${o.dir}`);
    return { root: o.dir, files };
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
    files.push(`m${s}.ll`);
  }
  log(`${files.length} modules of ~${o.size} in ${dir}`);
  return { root: dir, files };
}

// Runs `argvs` one after the other; the total wall time, or the first failure.
function sequence(argvs, timeout, cwd) {
  let wall = 0;
  for (const argv of argvs) {
    const r = measure(argv, { timeout, cwd });
    wall += r.wall;
    if (r.status !== 0) return { error: (r.stderr || `exit ${r.status}`).split('\n').find(Boolean) };
  }
  return { wall };
}

export function runBatch(o, log = (m) => process.stderr.write(m + '\n')) {
  const { root, files } = inputs(o, log);
  const bytes = files.reduce((s, f) => s + statSync(join(root, f)).size, 0);
  const cli = join(ROOT, 'bindings/cli.js');
  const list = join(CACHE, `batch-list-${process.pid}.txt`);
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(list, files.join('\n') + '\n');
  const batchKeys = o.jobs.map((j) => `j${j}`);
  const results = [];
  for (const p of o.passes) {
    const tag = p.replace(/[^A-Za-z0-9_.-]/g, '_');
    // a row per LLVM version, each with its ways; the runs go through all of them in turn
    const rows = o.targets.map((t) => {
      const dir = (k) => join(CACHE, 'out', `batch-${tag}-${t.version}-${k}`);
      const outs = Object.fromEntries(['opt', 'single', ...batchKeys].map((k) => [k, dir(k)]));
      for (const d of Object.values(outs)) rmSync(d, { recursive: true, force: true });
      for (const f of files) for (const k of ['opt', 'single']) mkdirSync(dirname(join(outs[k], f)), { recursive: true });
      const wopt = [process.execPath, cli, `--llvm-version=${t.version}`, '-S', `-passes=${p}`];
      const ways = {
        opt: files.map((f) => [t.opt, '-S', `-passes=${p}`, f, '-o', join(outs.opt, f)]),
        // the inputs as a list file (@list): outputs mirror their paths under the output directory
        ...Object.fromEntries(o.jobs.map((j) => [`j${j}`, [[...wopt, `-output-dir=${outs[`j${j}`]}`, '-j', String(j), '-q', `@${list}`]]])),
        ...(o.single ? { single: files.map((f) => [...wopt, f, '-o', join(outs.single, f)]) } : {}),
      };
      return { row: { pipeline: p, llvm: t.version, files: files.length, bytes, jobs: o.jobs, wall: Object.fromEntries(Object.keys(ways).map((k) => [k, []])), error: {} }, t, ways, outs };
    });
    log(`${p}: ${o.runs} runs of each way (${Object.keys(rows[0].ways).join(', ')}) for LLVM ${o.targets.map((t) => t.version).join(', ')}`);
    const steps = rows.flatMap((r) => Object.keys(r.ways).map((k) => [r, k]));
    for (let i = 0; i < o.runs; i++) {
      for (const [{ row, ways }, k] of i & 1 ? [...steps].reverse() : steps) {
        if (row.error[k]) continue;
        const r = sequence(ways[k], o.timeout, root);
        if (r.error) row.error[k] = r.error; else row.wall[k].push(r.wall);
      }
    }
    for (const { row, t, outs } of rows) {
      row.median = Object.fromEntries(Object.entries(row.wall).map(([k, v]) => [k, median(v)]));
      const counts = {};
      const first = outs[batchKeys[0]];
      for (const f of files) {
        const d = compareOutputs(join(outs.opt, f), join(first, f), t.llvmDiff, { timeout: o.timeout });
        counts[d.status] = (counts[d.status] ?? 0) + 1;
        // the first file of each kind of difference, for the notes under the table
        if (d.status !== 'identical' && d.status !== 'n/a') (row.firstDiffs ??= {})[d.status] ??= { file: f, ...d };
      }
      row.outputs = counts;
      // every other -j gives the first's bytes
      row.sameAcrossJobs = batchKeys.slice(1).every((k) => files.every((f) => sameBytes(join(first, f), join(outs[k], f))));
      log(`  LLVM ${t.version}: opt ${fmtS(row.median.opt)} | ${batchKeys.map((k) => `wopt -${k.replace('j', 'j ')} ${fmtS(row.median[k])}`).join(' | ')}` +
        `${o.single ? ` | wopt per module ${fmtS(row.median.single)}` : ''} | ${fmtCounts(counts)}${batchKeys.length > 1 ? `; -j outputs ${row.sameAcrossJobs ? 'identical' : 'DIFFER'}` : ''}`);
      results.push(row);
    }
  }
  rmSync(list, { force: true });
  return {
    meta: { date: new Date().toISOString(), node: process.version, cpu: cpus()[0]?.model, cpus: cpus().length, load: loadavg()[0],
      llvm: o.targets.map(({ version, opt, optVersion, llvmDiff }) => ({ version, opt, optVersion, llvmDiff })), runs: o.runs,
      size: o.dir ? null : o.size, dir: o.dir, files: files.length, jobs: o.jobs, generator: o.dir ? null : { version: GEN_VERSION, dup: o.dup } },
    results,
  };
}

function sameBytes(a, b) {
  try { return readFileSync(a).equals(readFileSync(b)); } catch { return false; }
}

const fmtS = (s) => (s == null ? '–' : s < 10 ? `${s.toFixed(3)} s` : `${s.toFixed(2)} s`);
const fmtX = (a, b) => (a == null || b == null ? '–' : `${(a / b).toFixed(2)}×`);
const fmtCounts = (c) => Object.entries(c).map(([k, n]) => `${n} ${k}`).join(', ');

export function markdown(report) {
  const m = report.meta;
  const what = m.dir ? `${m.files} modules under ${relative(ROOT, m.dir) || '.'}` : `${m.files} modules of ~${m.size}`;
  const out = [`batch: ${what}; ${m.llvm.map((t) => `opt-${t.version} = ${t.opt} (LLVM ${t.optVersion ?? '?'})`).join(', ')} ` +
    `once per module vs \`wopt --llvm-version=V -output-dir -j N\` (one process) and wopt once per module; median of ${m.runs} runs; node ${m.node}; ${m.cpu} ×${m.cpus}` +
    `${m.load != null ? `; load average ${m.load.toFixed(2)} at the end (a shared machine shows here)` : ''}`, ''];
  const jobs = m.jobs;
  const first = `j${jobs[0]}`;
  out.push(`| pipeline | wopt vs | modules | MB | opt, a process each | ${jobs.map((j) => `wopt -j ${j} | opt/-j ${j}`).join(' | ')} | ` +
    `${jobs.slice(1).map((j) => `-j ${j} vs -j ${jobs[0]}`).join(' | ')}${jobs.length > 1 ? ' | ' : ''}wopt, a process each | opt/wopt | outputs vs opt |`);
  out.push(`|---|---|---:|---:|---:|${jobs.map(() => '---:|---:|').join('')}${jobs.slice(1).map(() => '---:|').join('')}---:|---:|---|`);
  for (const r of report.results) {
    const cell = (k) => (r.error[k] ? `**error**: ${r.error[k].replace(/\|/g, '\\|')}` : fmtS(r.median[k]));
    out.push(`| ${r.pipeline} | opt-${r.llvm} | ${r.files} | ${(r.bytes / 1e6).toFixed(1)} | ${cell('opt')} | ` +
      `${jobs.map((j) => `${cell(`j${j}`)} | ${fmtX(r.median.opt, r.median[`j${j}`])}`).join(' | ')} | ` +
      `${jobs.slice(1).map((j) => fmtX(r.median[first], r.median[`j${j}`])).join(' | ')}${jobs.length > 1 ? ' | ' : ''}` +
      `${r.median.single === undefined ? '–' : cell('single')} | ${fmtX(r.median.opt, r.median.single)} | ${fmtCounts(r.outputs)}` +
      `${jobs.length > 1 ? (r.sameAcrossJobs ? '; every -j the same bytes' : '; **-j outputs differ**') : ''} |`);
  }
  out.push('', 'Each row is wopt run with --llvm-version=V against opt-V. Ratios > 1 mean wopt (or the larger -j) is faster. Wall times are totals over all modules. ' +
    `Outputs: those of -j ${jobs[0]} against opt-V's; identical = same bytes apart from the ModuleID/source_filename lines; equivalent = llvm-diff-V finds no difference.`);
  out.push(...outputNotes(report.results.flatMap((r) => Object.values(r.firstDiffs ?? {}).map((d) => ({ label: `${r.pipeline}, LLVM ${r.llvm}, ${d.file}`, diff: d })))));
  return out.join('\n');
}

export async function main(argv = process.argv.slice(2)) {
  let o;
  try { o = parseArgs(argv); } catch (e) { console.error(e.message); return 2; }
  if (o.help) { console.log(USAGE); return 0; }
  const report = runBatch(o);
  process.stdout.write((o.json ? JSON.stringify(report, null, 2) : markdown(report)) + '\n');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
