#!/usr/bin/env node
// The pass alone, in process, beside opt-19's own time for it: for each input and pipeline, the
// core runs parse / verify / pipeline / verify / print --iterations times and only the pipeline
// call is timed (the first iteration is a warm-up that lets V8 tier the core up); opt-19's time is
// the pass's line of `opt -time-passes -disable-output` (and, separately, the analyses the pass
// requested, which our pipeline time includes: CFG and dominator tree for mem2reg).
//
//   node bench/pass.bench.js [--sizes 1MB,10MB,100MB] [--passes mem2reg,mergefunc] [--iterations 5] [--opt-runs 3]
//
// Reports; never fails because wopt is slow.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateToFile, parseSize, GEN_VERSION } from './gen.js';
import { which, median } from './side-by-side.js';
import { forEachOption } from './options.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const CACHE = join(HERE, '.cache');

const USAGE = `usage: node bench/pass.bench.js [options]
  --sizes LIST      generated input sizes (default 1MB,10MB,100MB)
  --passes LIST     pipelines (default mem2reg,mergefunc)
  --iterations N    timed in-process iterations after one warm-up (default 5)
  --opt-runs N      opt-19 -time-passes runs (default 3)
  --opt CMD         native opt (default opt-19 or /usr/lib/llvm-19/bin/opt)
  --wasm PATH       another core build (default build/wopt.wasm)
  --json            print JSON instead of the markdown table`;

// opt-19's -time-passes names for what each pipeline runs: the pass, and the analyses it asks for.
const OPT_LINES = {
  mem2reg: { pass: ['PromotePass'], analyses: ['DominatorTreeAnalysis', 'AssumptionAnalysis'] },
  mergefunc: { pass: ['MergeFunctionsPass'], analyses: [] },
};

function parseArgs(argv) {
  const o = { sizes: ['1MB', '10MB', '100MB'], passes: ['mem2reg', 'mergefunc'], iterations: 5, optRuns: 3, opt: null, wasm: null, json: false };
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--sizes': o.sizes = val().split(',').map((s) => s.trim()).filter(Boolean); break;
      case '--passes': o.passes = val().split(',').map((s) => s.trim()).filter(Boolean); break;
      case '--iterations': o.iterations = Math.max(1, parseInt(val(), 10)); break;
      case '--opt-runs': o.optRuns = Math.max(1, parseInt(val(), 10)); break;
      case '--opt': o.opt = val(); break;
      case '--wasm': o.wasm = val(); break;
      case '--json': o.json = true; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  o.opt = o.opt || which('opt-19') || which('/usr/lib/llvm-19/bin/opt') || 'opt';
  return o;
}

function input(size) {
  mkdirSync(CACHE, { recursive: true });
  const f = join(CACHE, `gen-v${GEN_VERSION}-${size}-s1-d0.3.ll`);
  if (!existsSync(f)) { generateToFile(f + '.tmp', { size: parseSize(size), seed: 1, dup: 0.3 }); renameSync(f + '.tmp', f); }
  return f;
}

// Seconds of the named lines of opt's pass timing report (wall column), summed; null if absent.
function optLines(report, names) {
  let sum = 0, found = false;
  for (const l of report.split('\n')) {
    const nums = [...l.matchAll(/(\d+\.\d+)\s*\(\s*[\d.]+%\)/g)];
    if (!nums.length) continue;
    const name = l.slice(nums[nums.length - 1].index + nums[nums.length - 1][0].length).trim();
    if (names.includes(name)) { sum += Number(nums[nums.length - 1][1]); found = true; }
  }
  return found ? sum : null;
}

export async function runPassBench(o, log = (m) => process.stderr.write(m + '\n')) {
  const { loadWopt } = await import('../bindings/node.js');
  const core = await loadWopt(o.wasm ? { wasmPath: o.wasm } : undefined);
  const rows = [];
  for (const size of o.sizes) {
    const file = input(size);
    const text = readFileSync(file);
    for (const p of o.passes) {
      log(`${size} ${p}: ${o.iterations} in-process iterations, ${o.optRuns} opt-19 runs`);
      const row = { size, pipeline: p, wopt: [], optPass: [], optAnalyses: [] };
      for (let i = 0; i <= o.iterations; i++) {
        if (!core.parse(text).ok || !core.verify().ok) { row.error = 'input rejected'; break; }
        const t = performance.now();
        const r = core.runPipeline(p);
        const ms = performance.now() - t;
        if (!r.ok) { row.error = r.message || `pipeline code ${r.code}`; break; }
        core.verify(); core.printInto(() => {});
        if (i > 0) row.wopt.push(ms / 1000);
      }
      const lines = OPT_LINES[p];
      for (let i = 0; lines && i < o.optRuns; i++) {
        const r = spawnSync(o.opt, [`-passes=${p}`, '-time-passes', '-disable-output', file], { encoding: 'utf8', maxBuffer: 64 << 20 });
        if (r.status !== 0) { row.optError = (r.stderr || '').split('\n').find(Boolean); break; }
        row.optPass.push(optLines(r.stderr, lines.pass));
        if (lines.analyses.length) row.optAnalyses.push(optLines(r.stderr, lines.analyses) ?? 0);
      }
      rows.push(row);
    }
  }
  return { meta: { node: process.version, core: core.version?.() || '', opt: o.opt, iterations: o.iterations, optRuns: o.optRuns }, rows };
}

const fmtS = (s) => (s == null ? '–' : `${s.toFixed(4)} s`);
const ratio = (a, b) => (a == null || b == null || !b ? '–' : `${(a / b).toFixed(2)}×`);
const range = (xs) => (xs.length ? `${fmtS(Math.min(...xs))} – ${fmtS(Math.max(...xs))}` : '–');

export function markdown(r) {
  const out = [`pass.bench: the pipeline alone, in process after a warm-up iteration (median of ${r.meta.iterations}), beside opt-19's -time-passes (median of ${r.meta.optRuns}); node ${r.meta.node}`, ''];
  out.push('| input | pipeline | wopt pipeline | opt-19 pass | opt/wopt | opt-19 pass + analyses | opt/wopt |');
  out.push('|---|---|---:|---:|---:|---:|---:|');
  for (const row of r.rows) {
    if (row.error) { out.push(`| ${row.size} | ${row.pipeline} | **error**: ${row.error} | | | | |`); continue; }
    const w = median(row.wopt), op = median(row.optPass);
    const both = row.optAnalyses.length ? median(row.optPass.map((x, i) => x + row.optAnalyses[i])) : null;
    out.push(`| ${row.size} | ${row.pipeline} | ${fmtS(w)} (${range(row.wopt)}) | ${row.optError ? 'error' : fmtS(op)} | ${ratio(op, w)} | ${both == null ? '–' : fmtS(both)} | ${ratio(both, w)} |`);
  }
  out.push('', 'Our pipeline time includes the CFG and dominator tree it builds; opt-19 reports those analyses on their own lines (added in the "pass + analyses" column).');
  return out.join('\n');
}

export async function main(argv = process.argv.slice(2)) {
  let o;
  try { o = parseArgs(argv); } catch (e) { console.error(e.message); return 2; }
  if (o.help) { console.log(USAGE); return 0; }
  const r = await runPassBench(o);
  process.stdout.write((o.json ? JSON.stringify(r, null, 2) : markdown(r)) + '\n');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
