#!/usr/bin/env node
// Dominator tree and IDF throughput of the core, in process (benchmark.js), on generated large
// CFGs (bench/gen.js --shape), side by side with native opt's DominatorTreeAnalysis time
// (`opt-V -passes='require<domtree>' -time-passes -disable-output`) on the same IR, for each LLVM
// version V of --llvm (default 19 and 22; the core parses the module as LLVM V).
//
//   node bench/domtree.bench.js [--shapes random,ladder,chain,switch] [--blocks 1K,10K,100K,1M]
//                               [--max-time 1] [--opt-runs 3] [--llvm 19,22] [--no-opt] [--json]
//
// For each input and version the module is parsed once, then these are timed (mean of benchmark.js
// samples):
//   cfg        cfgBuild: block numbering, successor/predecessor CSR arrays, reverse post-order
//   domtree    domTreeBuild(0): Semi-NCA on the built CFG, tree arrays, levels, DFS in/out numbers
//   postdom    domTreeBuild(1): roots (incl. infinite loops), Semi-NCA on the reverse CFG
//   idf        idfCompute on the dominator tree, for def sets of ~1% of the blocks (mean per set)
// Throughput is CFG edges per second. "opt domtree" is the median wall time of opt-V's
// DominatorTreeAnalysis line; "ratio" = opt domtree / (our cfg + domtree): > 1 means faster.
// Benchmarks report; they never fail on a slow or failing case (an error shows in the table).

import Benchmark from 'benchmark';
import { readFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateToFile, GEN_VERSION } from './gen.js';
import { forEachOption } from './options.js';
import { parseLlvmList, llvmTargets, llvmUsage, COMPARE_LLVM_VERSIONS, DEFAULT_LLVM_VERSION } from './llvm.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const CACHE = join(HERE, '.cache');

const USAGE = `usage: node bench/domtree.bench.js [options]
  --shapes LIST   CFG shapes of bench/gen.js (default random,ladder,chain,switch)
  --blocks LIST   blocks per function (default 1K,10K,100K,1M)
  --max-time S    benchmark.js maxTime per case in seconds (default 1)
  --idf-sets N    def sets per IDF measurement (default 16)
${llvmUsage({ width: 18 })}
  --opt-runs N    opt runs per input and version, median reported (default 3)
  --no-opt        skip the opt side (then --llvm defaults to ${DEFAULT_LLVM_VERSION}, wopt's default)
  --wasm PATH     core build (default build/wopt.wasm or $WOPT_WASM)
  --json          JSON instead of the markdown table`;

function parseArgs(argv) {
  const o = { shapes: ['random', 'ladder', 'chain', 'switch'], blocks: ['1K', '10K', '100K', '1M'], maxTime: 1,
    idfSets: 16, llvm: null, opt: null, optRuns: 3, noOpt: false, wasm: null, json: false };
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--shapes': o.shapes = val().split(',').filter(Boolean); break;
      case '--blocks': o.blocks = val().split(',').filter(Boolean); break;
      case '--max-time': o.maxTime = Number(val()); break;
      case '--idf-sets': o.idfSets = Number(val()); break;
      case '--llvm': o.llvm = parseLlvmList(val()); break;
      case '--opt': o.opt = val(); break;
      case '--opt-runs': o.optRuns = Number(val()); break;
      case '--no-opt': o.noOpt = true; break;
      case '--wasm': o.wasm = val(); break;
      case '--json': o.json = true; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  if (!o.help) {
    // the core follows each version; opt-V beside it unless --no-opt
    o.targets = o.noOpt ? (o.llvm ?? [DEFAULT_LLVM_VERSION]).map((version) => ({ version, opt: null }))
      : llvmTargets(o, { defaults: COMPARE_LLVM_VERSIONS });
  }
  return o;
}

function blockCount(s) {
  const m = /^(\d+(?:\.\d+)?)([KkMm]?)$/.exec(s);
  if (!m) throw new Error(`bad block count ${s}`);
  return Math.round(Number(m[1]) * (m[2] === '' ? 1 : /k/i.test(m[2]) ? 1e3 : 1e6));
}

function input(shape, blocks) {
  mkdirSync(CACHE, { recursive: true });
  const path = join(CACHE, `gen-v${GEN_VERSION}-shape-${shape}-b${blocks}.ll`);
  if (!existsSync(path)) {
    process.stderr.write(`generating ${path}\n`);
    generateToFile(path, { shape, blocks, functions: 1, seed: 1 });
  }
  return path;
}

async function loadCore(wasmPath) {
  const module = await WebAssembly.compile(readFileSync(wasmPath));
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    (imports[imp.module] ??= {})[imp.name] = () => { throw new Error(`core called ${imp.module}.${imp.name} (abort)`); };
  }
  return () => new WebAssembly.Instance(module, imports).exports;
}

// xorshift32, deterministic def sets
function rng(seed) { let x = seed >>> 0 || 1; return () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x; }; }

function optDomTime(opt, path, runs) {
  const times = [];
  for (let r = 0; r < runs; r++) {
    const p = spawnSync(opt, ['-passes=require<domtree>', '-time-passes', '-disable-output', path], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (p.status !== 0) return { error: (p.stderr || '').split('\n')[0] || `exit ${p.status}` };
    // the analysis report's line: user sys user+sys wall  name
    const lines = p.stderr.split('\n').filter((l) => /\sDominatorTreeAnalysis\s*$/.test(l));
    if (!lines.length) return { error: 'no DominatorTreeAnalysis line' };
    const nums = [...lines[lines.length - 1].matchAll(/(\d+\.\d+) \(/g)].map((m) => Number(m[1]));
    times.push(nums[nums.length - 1] * 1e3);   // wall time is the last column (idle columns are omitted)
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] };
}

function bench(name, fn, maxTime) {
  return new Promise((resolve) => {
    const b = new Benchmark(name, fn, { maxTime, minSamples: 5, initCount: 1 });
    b.on('complete', () => resolve(b.error ? { error: String(b.error.message || b.error) } : { ms: b.stats.mean * 1e3, rme: b.stats.rme }));
    b.run({ async: false });
  });
}

export async function main(argv = process.argv.slice(2)) {
  let o;
  try { o = parseArgs(argv); } catch (e) { console.error(e.message); return 2; }
  if (o.help) { console.log(USAGE); return 0; }
  const wasmPath = o.wasm || process.env.WOPT_WASM || join(HERE, '..', 'build', 'wopt.wasm');
  const create = await loadCore(wasmPath);
  const rows = [];
  for (const shape of o.shapes) {
    for (const bs of o.blocks) for (const t of o.targets) {
      const blocks = blockCount(bs);
      const path = input(shape, blocks);
      const row = { shape, blocks, llvm: t.version, bytes: statSync(path).size };
      rows.push(row);
      try {
        const x = create();
        const bytes = readFileSync(path);
        const p = x.inputAlloc(bytes.length);
        new Uint8Array(x.memory.buffer).set(bytes, p);
        if (x.setLLVMVersion && x.setLLVMVersion(t.version) !== 0) throw new Error(`core rejects LLVM version ${t.version}`);
        if (x.parse(bytes.length) !== 0) throw new Error('parse failed');
        // the largest defined function
        let fi = -1, best = -1;
        for (let i = 0; i < x.functionCount(); i++) { const n = x.functionBlockCount(i); if (n > best) { best = n; fi = i; } }
        const n = x.cfgBuild(fi);
        row.n = n;
        row.edges = x.cfgArrayLen(1);
        process.stderr.write(`${shape} ${bs} LLVM ${t.version}: ${n} blocks, ${row.edges} edges\n`);
        row.cfg = await bench('cfg', () => x.cfgBuild(fi), o.maxTime);
        x.cfgBuild(fi);
        row.domtree = await bench('domtree', () => x.domTreeBuild(0), o.maxTime);
        row.postdom = await bench('postdom', () => x.domTreeBuild(1), o.maxTime);
        x.domTreeBuild(0);
        // def sets: ~1% of the blocks (at least 2), written at the argAlloc buffer before each call
        const next = rng(blocks);
        const sets = [];
        for (let s = 0; s < o.idfSets; s++) {
          const k = Math.max(2, Math.floor(n / 100));
          sets.push(Int32Array.from({ length: k }, () => next() % n));
        }
        let idfBlocks = 0;
        for (const d of sets) {
          const ptr = x.argAlloc(d.length * 4);
          new Int32Array(x.memory.buffer, ptr, d.length).set(d);
          idfBlocks += x.idfCompute(0, d.length, -1);
        }
        row.idfSize = Math.round(idfBlocks / sets.length);
        row.idf = await bench('idf', () => {
          for (const d of sets) {
            const ptr = x.argAlloc(d.length * 4);
            new Int32Array(x.memory.buffer, ptr, d.length).set(d);
            x.idfCompute(0, d.length, -1);
          }
        }, o.maxTime);
        if (row.idf.ms !== undefined) row.idf.ms /= sets.length;
      } catch (e) {
        row.error = String(e.message || e).split('\n')[0];
      }
      if (t.opt) row.opt = optDomTime(t.opt, path, o.optRuns);
    }
  }
  const llvm = o.targets.map(({ version, opt, optVersion }) => ({ version, opt, optVersion }));
  if (o.json) { console.log(JSON.stringify({ wasm: wasmPath, llvm, rows }, null, 2)); return 0; }
  const f = (r) => (r && r.ms !== undefined ? r.ms.toFixed(r.ms < 1 ? 3 : 1) : (r && r.error ? `error: ${r.error}` : '–'));
  const meps = (edges, r) => (r && r.ms ? (edges / r.ms / 1e3).toFixed(1) : '–');
  const vs = (r) => (o.noOpt ? `– (LLVM ${r.llvm})` : `opt-${r.llvm}`);
  console.log(`domtree: core ${wasmPath} parsing as LLVM V` +
    `${o.noOpt ? '' : `, beside ${llvm.map((t) => `opt-${t.version} = ${t.opt} (LLVM ${t.optVersion ?? '?'})`).join(', ')}`}`);
  console.log('');
  console.log('| shape | blocks | wopt vs | edges | cfg ms | domtree ms | domtree Medges/s | postdom ms | IDF ms/set (|IDF|) | IDF Medges/s | opt domtree ms | ratio |');
  console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    if (r.error) { console.log(`| ${r.shape} | ${r.blocks} | ${vs(r)} | | error: ${r.error} | | | | | | ${f(r.opt)} | |`); continue; }
    const ours = r.cfg?.ms !== undefined && r.domtree?.ms !== undefined ? r.cfg.ms + r.domtree.ms : null;
    const ratio = ours && r.opt?.ms ? (r.opt.ms / ours).toFixed(1) : '–';
    console.log(`| ${r.shape} | ${r.n} | ${vs(r)} | ${r.edges} | ${f(r.cfg)} | ${f(r.domtree)} | ${meps(r.edges, r.domtree)} | ${f(r.postdom)} | ${f(r.idf)} (${r.idfSize}) | ${meps(r.edges, r.idf)} | ${f(r.opt)} | ${ratio} |`);
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
