#!/usr/bin/env node
// Batch throughput: N generated modules through native opt (one process per module, as a build
// system runs it) against wopt, both one process per module and one batch process
// (`-output-dir`: node's start-up and the core's compilation and tier-up paid once), for each LLVM
// version of --llvm (default 19 and 22: opt-V against wopt --llvm-version=V). Alternating runs,
// medians of the total wall time; every batch output is compared with opt-V's (bytes without the
// ModuleID/source_filename lines, then llvm-diff-V).
//
//   node bench/batch.bench.js [--files 20] [--size 1MB] [--passes mem2reg,mergefunc] [--runs 3] [--llvm 19,22] [--json]
//
// A benchmark reports numbers; it never fails because wopt is slow, wrong or broken.

import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve, basename } from 'node:path';
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
  --passes LIST     comma-separated pipelines (default mem2reg,mergefunc)
  --runs N          timed runs per way (default 3), alternating (all versions in turn)
  --dup F           generator duplicate fraction (default 0.3)
${llvmUsage({ diff: true })}
  --no-single       skip the one-wopt-process-per-module runs
  --timeout S       per-process timeout in seconds (default 900)
  --json            print JSON instead of the markdown table`;

function parseArgs(argv) {
  const o = { files: 20, size: '1MB', passes: ['mem2reg', 'mergefunc'], runs: 3, dup: 0.3, llvm: null, opt: null, llvmDiff: null,
    single: true, timeout: 900, json: false };
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--files': o.files = Math.max(1, parseInt(val(), 10)); break;
      case '--size': o.size = val(); break;
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
    // a row per LLVM version, each with its three ways; the runs go through all of them in turn
    const rows = o.targets.map((t) => {
      const dir = (k) => join(CACHE, 'out', `batch-${tag}-${t.version}-${k}`);
      const outOpt = dir('opt'), outBatch = dir('wopt'), outSingle = dir('single');
      for (const d of [outOpt, outBatch, outSingle]) { rmSync(d, { recursive: true, force: true }); mkdirSync(d, { recursive: true }); }
      const wopt = [process.execPath, cli, `--llvm-version=${t.version}`, '-S', `-passes=${p}`];
      const ways = {
        opt: files.map((f) => [t.opt, '-S', `-passes=${p}`, f, '-o', join(outOpt, basename(f))]),
        batch: [[...wopt, `-output-dir=${outBatch}`, ...files]],
        ...(o.single ? { single: files.map((f) => [...wopt, f, '-o', join(outSingle, basename(f))]) } : {}),
      };
      return { row: { pipeline: p, llvm: t.version, files: files.length, bytes, wall: Object.fromEntries(Object.keys(ways).map((k) => [k, []])), error: {} }, t, ways, outOpt, outBatch };
    });
    log(`${p}: ${o.runs} runs of each way (${Object.keys(rows[0].ways).join(', ')}) for LLVM ${o.targets.map((t) => t.version).join(', ')}`);
    const steps = rows.flatMap((r) => Object.keys(r.ways).map((k) => [r, k]));
    for (let i = 0; i < o.runs; i++) {
      for (const [{ row, ways }, k] of i & 1 ? [...steps].reverse() : steps) {
        if (row.error[k]) continue;
        const r = sequence(ways[k], o.timeout);
        if (r.error) row.error[k] = r.error; else row.wall[k].push(r.wall);
      }
    }
    for (const { row, t, outOpt, outBatch } of rows) {
      row.median = Object.fromEntries(Object.entries(row.wall).map(([k, v]) => [k, median(v)]));
      const counts = {};
      for (const f of files) {
        const d = compareOutputs(join(outOpt, basename(f)), join(outBatch, basename(f)), t.llvmDiff, { timeout: o.timeout });
        counts[d.status] = (counts[d.status] ?? 0) + 1;
        // the first file of each kind of difference, for the notes under the table
        if (d.status !== 'identical' && d.status !== 'n/a') (row.firstDiffs ??= {})[d.status] ??= { file: basename(f), ...d };
      }
      row.outputs = counts;
      log(`  LLVM ${t.version}: opt ${fmtS(row.median.opt)} | wopt batch ${fmtS(row.median.batch)}${o.single ? ` | wopt per module ${fmtS(row.median.single)}` : ''} | ${fmtCounts(counts)}`);
      results.push(row);
    }
  }
  return {
    meta: { date: new Date().toISOString(), node: process.version, cpu: cpus()[0]?.model, cpus: cpus().length,
      llvm: o.targets.map(({ version, opt, optVersion, llvmDiff }) => ({ version, opt, optVersion, llvmDiff })), runs: o.runs, size: o.size, files: files.length, generator: { version: GEN_VERSION, dup: o.dup } },
    results,
  };
}

const fmtS = (s) => (s == null ? '–' : s < 10 ? `${s.toFixed(3)} s` : `${s.toFixed(2)} s`);
const fmtX = (a, b) => (a == null || b == null ? '–' : `${(a / b).toFixed(2)}×`);
const fmtCounts = (c) => Object.entries(c).map(([k, n]) => `${n} ${k}`).join(', ');

export function markdown(report) {
  const m = report.meta;
  const out = [`batch: ${m.files} modules of ~${m.size}; ${m.llvm.map((t) => `opt-${t.version} = ${t.opt} (LLVM ${t.optVersion ?? '?'})`).join(', ')} ` +
    `once per module vs \`wopt --llvm-version=V -output-dir\` (one process) and wopt once per module; median of ${m.runs} runs; node ${m.node}; ${m.cpu} ×${m.cpus}`, ''];
  out.push('| pipeline | wopt vs | modules | MB | opt, a process each | wopt batch | opt/batch | wopt, a process each | opt/wopt | batch outputs vs opt |');
  out.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of report.results) {
    const cell = (k) => (r.error[k] ? `**error**: ${r.error[k].replace(/\|/g, '\\|')}` : fmtS(r.median[k]));
    out.push(`| ${r.pipeline} | opt-${r.llvm} | ${r.files} | ${(r.bytes / 1e6).toFixed(1)} | ${cell('opt')} | ${cell('batch')} | ${fmtX(r.median.opt, r.median.batch)} | ${r.median.single === undefined ? '–' : cell('single')} | ${fmtX(r.median.opt, r.median.single)} | ${fmtCounts(r.outputs)} |`);
  }
  out.push('', 'Each row is wopt run with --llvm-version=V against opt-V. Ratios > 1 mean wopt is faster. Wall times are totals over all modules. ' +
    'Outputs: identical = same bytes apart from the ModuleID/source_filename lines; equivalent = llvm-diff-V finds no difference.');
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
