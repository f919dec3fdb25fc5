#!/usr/bin/env node
// Batch throughput: N generated modules through native opt-19 (one process per module, as a build
// system runs it) against wopt, both one process per module and one batch process
// (`-output-dir`: node's start-up and the core's compilation and tier-up paid once). Alternating
// runs, medians of the total wall time; every batch output is compared with opt's.
//
//   node bench/batch.bench.js [--files 20] [--size 1MB] [--passes mem2reg,mergefunc] [--runs 3] [--json]
//
// A benchmark reports numbers; it never fails because wopt is slow, wrong or broken.

import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve, basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateToFile, parseSize, GEN_VERSION } from './gen.js';
import { which, measure, median, llvmDiff } from './side-by-side.js';
import { forEachOption } from './options.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const CACHE = join(HERE, '.cache');

const USAGE = `usage: node bench/batch.bench.js [options]
  --files N         modules per batch (default 20), generated with seeds 1..N
  --size S          size of each module (default 1MB)
  --passes LIST     comma-separated pipelines (default mem2reg,mergefunc)
  --runs N          timed runs per way (default 3), alternating
  --dup F           generator duplicate fraction (default 0.3)
  --opt CMD         native opt (default opt-19 or /usr/lib/llvm-19/bin/opt)
  --llvm-diff CMD   (default llvm-diff-19)
  --no-single       skip the one-wopt-process-per-module runs
  --timeout S       per-process timeout in seconds (default 900)
  --json            print JSON instead of the markdown table`;

function parseArgs(argv) {
  const o = { files: 20, size: '1MB', passes: ['mem2reg', 'mergefunc'], runs: 3, dup: 0.3, opt: null, llvmDiff: null,
    single: true, timeout: 900, json: false };
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--files': o.files = Math.max(1, parseInt(val(), 10)); break;
      case '--size': o.size = val(); break;
      case '--passes': o.passes = val().split(',').map((p) => p.trim()).filter(Boolean); break;
      case '--runs': o.runs = Math.max(1, parseInt(val(), 10)); break;
      case '--dup': o.dup = Number(val()); break;
      case '--opt': o.opt = val(); break;
      case '--llvm-diff': o.llvmDiff = val(); break;
      case '--no-single': o.single = false; break;
      case '--timeout': o.timeout = Number(val()); break;
      case '--json': o.json = true; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  o.opt = o.opt || which('opt-19') || which('/usr/lib/llvm-19/bin/opt') || 'opt';
  o.llvmDiff = o.llvmDiff || which('llvm-diff-19') || which('/usr/lib/llvm-19/bin/llvm-diff') || 'llvm-diff';
  return o;
}

function inputs(o, log) {
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

// Runs `argvs` one after the other; the total wall time, or the first failure.
function sequence(argvs, timeout) {
  let wall = 0;
  for (const argv of argvs) {
    const r = measure(argv, { timeout });
    wall += r.wall;
    if (r.status !== 0) return { error: (r.stderr || `exit ${r.status}`).split('\n').find(Boolean) };
  }
  return { wall };
}

export function runBatch(o, log = (m) => process.stderr.write(m + '\n')) {
  const files = inputs(o, log);
  const bytes = files.reduce((s, f) => s + statSync(f).size, 0);
  const cli = join(ROOT, 'bindings/cli.js');
  const results = [];
  for (const p of o.passes) {
    const tag = p.replace(/[^A-Za-z0-9_.-]/g, '_');
    const outOpt = join(CACHE, 'out', `batch-${tag}-opt`), outBatch = join(CACHE, 'out', `batch-${tag}-wopt`);
    const outSingle = join(CACHE, 'out', `batch-${tag}-single`);
    for (const d of [outOpt, outBatch, outSingle]) { rmSync(d, { recursive: true, force: true }); mkdirSync(d, { recursive: true }); }
    const optRuns = files.map((f) => [o.opt, '-S', `-passes=${p}`, f, '-o', join(outOpt, basename(f))]);
    const singleRuns = files.map((f) => [process.execPath, cli, '-S', `-passes=${p}`, f, '-o', join(outSingle, basename(f))]);
    const batchRun = [[process.execPath, cli, '-S', `-passes=${p}`, `-output-dir=${outBatch}`, ...files]];
    const ways = { opt: optRuns, batch: batchRun, ...(o.single ? { single: singleRuns } : {}) };
    const row = { pipeline: p, files: files.length, bytes, wall: {}, error: {} };
    for (const k of Object.keys(ways)) row.wall[k] = [];
    log(`${p}: ${o.runs} runs of each way (${Object.keys(ways).join(', ')})`);
    for (let i = 0; i < o.runs; i++) {
      const order = Object.keys(ways);
      if (i & 1) order.reverse();
      for (const k of order) {
        if (row.error[k]) continue;
        const r = sequence(ways[k], o.timeout);
        if (r.error) row.error[k] = r.error; else row.wall[k].push(r.wall);
      }
    }
    row.median = Object.fromEntries(Object.entries(row.wall).map(([k, v]) => [k, median(v)]));
    const diffs = {};
    for (const f of files) {
      const d = llvmDiff(o, join(outOpt, basename(f)), join(outBatch, basename(f))).status;
      diffs[d] = (diffs[d] ?? 0) + 1;
    }
    row.outputs = diffs;
    log(`  opt ${fmtS(row.median.opt)} | wopt batch ${fmtS(row.median.batch)}${o.single ? ` | wopt per module ${fmtS(row.median.single)}` : ''}`);
    results.push(row);
  }
  return {
    meta: { date: new Date().toISOString(), node: process.version, cpu: cpus()[0]?.model, cpus: cpus().length, opt: o.opt,
      runs: o.runs, size: o.size, files: files.length, generator: { version: GEN_VERSION, dup: o.dup } },
    results,
  };
}

const fmtS = (s) => (s == null ? '–' : s < 10 ? `${s.toFixed(3)} s` : `${s.toFixed(2)} s`);
const fmtX = (a, b) => (a == null || b == null ? '–' : `${(a / b).toFixed(2)}×`);

export function markdown(report) {
  const m = report.meta;
  const out = [`batch: ${m.files} modules of ~${m.size}; ${m.opt} once per module vs \`wopt -output-dir\` (one process) and wopt once per module; median of ${m.runs} runs; node ${m.node}; ${m.cpu} ×${m.cpus}`, ''];
  out.push('| pipeline | modules | MB | opt-19, a process each | wopt batch | opt/batch | wopt, a process each | opt/wopt | batch outputs vs opt |');
  out.push('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of report.results) {
    const cell = (k) => (r.error[k] ? `**error**: ${r.error[k].replace(/\|/g, '\\|')}` : fmtS(r.median[k]));
    const outs = Object.entries(r.outputs).map(([k, n]) => `${n} ${k}`).join(', ');
    out.push(`| ${r.pipeline} | ${r.files} | ${(r.bytes / 1e6).toFixed(1)} | ${cell('opt')} | ${cell('batch')} | ${fmtX(r.median.opt, r.median.batch)} | ${r.median.single === undefined ? '–' : cell('single')} | ${fmtX(r.median.opt, r.median.single)} | ${outs} |`);
  }
  out.push('', 'Ratios > 1 mean wopt is faster. Wall times are totals over all modules.');
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
