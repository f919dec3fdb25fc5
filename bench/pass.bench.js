#!/usr/bin/env node
// The pass alone, in process, beside native opt's own time for it, for each LLVM version of --llvm
// (default 19 and 22: the core parses with llvmVersion V, against opt-V): for each input and
// pipeline, the core runs parse / verify / pipeline / verify / print --iterations times and only
// the pipeline call is timed (the first iteration is a warm-up that lets V8 tier the core up);
// opt-V's time is the pass's line of `opt-V -time-passes -disable-output` (and, separately, the
// analyses the pass requested, which our pipeline time includes: CFG and dominator tree for mem2reg).
//
//   node bench/pass.bench.js [--sizes 1MB,10MB,100MB] [--passes mem2reg,mergefunc] [--iterations 5] [--opt-runs 3] [--llvm 19,22]
//
// Reports; never fails because wopt is slow.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateToFile, parseSize, GEN_VERSION } from './gen.js';
import { median } from './side-by-side.js';
import { forEachOption } from './options.js';
import { parseLlvmList, llvmTargets, llvmUsage } from './llvm.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const CACHE = join(HERE, '.cache');

const USAGE = `usage: node bench/pass.bench.js [options]
  --sizes LIST      generated input sizes (default 1MB,10MB,100MB)
  --passes LIST     pipelines (default mem2reg,mergefunc)
  --iterations N    timed in-process iterations after one warm-up (default 5)
  --opt-runs N      opt-V -time-passes runs per version (default 3)
${llvmUsage()}
  --wasm PATH       another core build (default build/wopt.wasm)
  --json            print JSON instead of the markdown table`;

// opt's -time-passes names (the same in LLVM 19 and 22) for what each pipeline runs: the pass, and the analyses it asks for.
const OPT_LINES = {
  mem2reg: { pass: ['PromotePass'], analyses: ['DominatorTreeAnalysis', 'AssumptionAnalysis'] },
  mergefunc: { pass: ['MergeFunctionsPass'], analyses: [] },
};

function parseArgs(argv) {
  const o = { sizes: ['1MB', '10MB', '100MB'], passes: ['mem2reg', 'mergefunc'], iterations: 5, optRuns: 3, llvm: null, opt: null, wasm: null, json: false };
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--sizes': o.sizes = val().split(',').map((s) => s.trim()).filter(Boolean); break;
      case '--passes': o.passes = val().split(',').map((s) => s.trim()).filter(Boolean); break;
      case '--iterations': o.iterations = Math.max(1, parseInt(val(), 10)); break;
      case '--opt-runs': o.optRuns = Math.max(1, parseInt(val(), 10)); break;
      case '--llvm': o.llvm = parseLlvmList(val()); break;
      case '--opt': o.opt = val(); break;
      case '--wasm': o.wasm = val(); break;
      case '--json': o.json = true; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  if (!o.help) o.targets = llvmTargets(o);
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
    for (const p of o.passes) for (const t of o.targets) {
      log(`${size} ${p} LLVM ${t.version}: ${o.iterations} in-process iterations (llvmVersion ${t.version}), ${o.optRuns} opt-${t.version} runs`);
      const row = { size, pipeline: p, llvm: t.version, wopt: [], optPass: [], optAnalyses: [] };
      for (let i = 0; i <= o.iterations; i++) {
        const parsed = core.parse(text, { llvmVersion: t.version });
        if (!parsed.ok) { row.error = `input rejected: ${parsed.line}:${parsed.col}: ${parsed.message}`; break; }
        if (!core.verify().ok) { row.error = 'input rejected by the verifier'; break; }
        const t0 = performance.now();
        const r = core.runPipeline(p);
        const ms = performance.now() - t0;
        if (!r.ok) { row.error = r.message || `pipeline code ${r.code}`; break; }
        core.verify(); core.printInto(() => {});
        if (i > 0) row.wopt.push(ms / 1000);
      }
      const lines = OPT_LINES[p];
      for (let i = 0; lines && i < o.optRuns; i++) {
        const r = spawnSync(t.opt, [`-passes=${p}`, '-time-passes', '-disable-output', file], { encoding: 'utf8', maxBuffer: 64 << 20 });
        if (r.status !== 0) { row.optError = (r.stderr || '').split('\n').find(Boolean); break; }
        row.optPass.push(optLines(r.stderr, lines.pass));
        if (lines.analyses.length) row.optAnalyses.push(optLines(r.stderr, lines.analyses) ?? 0);
      }
      rows.push(row);
    }
  }
  return { meta: { node: process.version, core: core.version?.() || '',
    llvm: o.targets.map(({ version, opt, optVersion }) => ({ version, opt, optVersion })), iterations: o.iterations, optRuns: o.optRuns }, rows };
}

const fmtS = (s) => (s == null ? '–' : `${s.toFixed(4)} s`);
const ratio = (a, b) => (a == null || b == null || !b ? '–' : `${(a / b).toFixed(2)}×`);
const range = (xs) => (xs.length ? `${fmtS(Math.min(...xs))} – ${fmtS(Math.max(...xs))}` : '–');

export function markdown(r) {
  const out = [`pass.bench: the pipeline alone, in process after a warm-up iteration (median of ${r.meta.iterations}), beside opt-V's -time-passes (median of ${r.meta.optRuns}); ` +
    `${r.meta.llvm.map((t) => `opt-${t.version} = ${t.opt} (LLVM ${t.optVersion ?? '?'})`).join(', ')}; node ${r.meta.node}`, ''];
  out.push('| input | pipeline | wopt vs | wopt pipeline | opt pass | opt/wopt | opt pass + analyses | opt/wopt |');
  out.push('|---|---|---|---:|---:|---:|---:|---:|');
  for (const row of r.rows) {
    if (row.error) { out.push(`| ${row.size} | ${row.pipeline} | opt-${row.llvm} | **error**: ${row.error.replace(/\|/g, '\\|')} | | | | |`); continue; }
    const w = median(row.wopt), op = median(row.optPass);
    const both = row.optAnalyses.length ? median(row.optPass.map((x, i) => x + row.optAnalyses[i])) : null;
    out.push(`| ${row.size} | ${row.pipeline} | opt-${row.llvm} | ${fmtS(w)} (${range(row.wopt)}) | ${row.optError ? 'error' : fmtS(op)} | ${ratio(op, w)} | ${both == null ? '–' : fmtS(both)} | ${ratio(both, w)} |`);
  }
  out.push('', 'Each row is the core with llvmVersion V against opt-V. Our pipeline time includes the CFG and dominator tree it builds; ' +
    'opt reports those analyses on their own lines (added in the "pass + analyses" column).');
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
