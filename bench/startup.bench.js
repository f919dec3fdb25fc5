#!/usr/bin/env node
// Where a whole `wopt` process spends its time: Node's own start-up, loading the CLI's modules,
// loading the core (compiling build/wopt.wasm, or taking V8's code from the code cache), then the
// phases the CLI times itself (-time-passes: parse, verify input, pipeline, verify output, print
// with the writing of the output), and the rest (reading the input, exit). Beside it, opt-V's
// wall time and its own -time-passes lines.
//
//   node bench/startup.bench.js [--sizes 1MB,10MB] [--passes ,mem2reg,mergefunc] [--runs 5] [--llvm 22] [--json]
//
// Medians of --runs runs each; the runs of the different measurements alternate. Each wopt row is
// measured twice: with the code cache (bindings/code-cache.js; made first if missing) and without
// it (WOPT_CODE_CACHE=0). "node" is `node -e 0`; "imports" is a process that imports the modules
// cli.js imports, minus "node"; "core load" is what loadWopt() adds to that. Reports; never fails
// because wopt is slow.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateToFile, parseSize, GEN_VERSION } from './gen.js';
import { forEachOption } from './options.js';
import { which, parseLlvmOne, DEFAULT_LLVM_VERSION } from './llvm.js';
import { parseTimePasses, median } from './side-by-side.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const CACHE = join(HERE, '.cache');
const CLI = join(ROOT, 'bindings/cli.js');

const USAGE = `usage: node bench/startup.bench.js [options]
  --sizes LIST      generated input sizes (default 1MB,10MB)
  --passes LIST     pipelines; an empty item is parse+print (default: ,mem2reg,mergefunc)
  --runs N          runs of each measurement (default 5)
  --llvm V          the LLVM version wopt follows and whose opt is run beside it (default ${DEFAULT_LLVM_VERSION})
  --json            print JSON instead of the markdown tables`;

function parseArgs(argv) {
  const o = { sizes: ['1MB', '10MB'], passes: ['', 'mem2reg', 'mergefunc'], runs: 5, llvm: DEFAULT_LLVM_VERSION, json: false };
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--sizes': o.sizes = val().split(',').map(s => s.trim()).filter(Boolean); break;
      case '--passes': o.passes = [...new Set(val().split(',').map(p => p.trim()).map(p => (['none', 'print', "''"].includes(p) ? '' : p)))]; break;
      case '--runs': o.runs = Math.max(1, parseInt(val(), 10)); break;
      case '--llvm': o.llvm = parseLlvmOne(val()); break;
      case '--json': o.json = true; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  return o;
}

function input(size) {
  mkdirSync(CACHE, { recursive: true });
  const f = join(CACHE, `gen-v${GEN_VERSION}-${size}-s1-d0.3.ll`);
  if (!existsSync(f)) { generateToFile(f + '.tmp', { size: parseSize(size), seed: 1, dup: 0.3 }); renameSync(f + '.tmp', f); }
  return f;
}

// Wall seconds of one process, its CPU seconds (user + system, from GNU time when there is one:
// on a machine shared with other jobs the CPU time moves less than the wall time) and its stderr.
const GNU_TIME = which('/usr/bin/time');
let timeFile = 0;
function run(cmd, args, env = {}) {
  const tf = GNU_TIME ? join(CACHE, `startup-${process.pid}-${timeFile++}.time`) : null;
  const argv = tf ? [GNU_TIME, '-f', '%U %S', '-o', tf, cmd, ...args] : [cmd, ...args];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(argv[0], argv.slice(1), { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: exit ${r.status ?? r.signal}: ${(r.stderr || '').split('\n')[0]}`);
  let cpu = null;
  if (tf) {
    const m = /([\d.]+)\s+([\d.]+)\s*$/.exec(readFileSync(tf, 'utf8'));
    if (m) cpu = Number(m[1]) + Number(m[2]);
    rmSync(tf, { force: true });
  }
  return { wall, cpu, stderr: r.stderr };
}

// The relative modules cli.js imports statically (what every CLI run loads before main runs).
function cliImports() {
  const src = readFileSync(CLI, 'utf8');
  return [...src.matchAll(/^import\s[^;]*?from\s+'([^']+)';/gm)].map(m => m[1])
    .map(s => (s.startsWith('.') ? pathToFileURL(join(ROOT, 'bindings', s)).href : s));
}

// wopt's -time-passes report: { name: seconds }.
function woptTimes(report) {
  const out = {};
  for (const l of report.split('\n')) {
    const m = /^\s*(\d+\.\d+)\s+\(\s*[\d.]+%\)\s+(.+)$/.exec(l);
    if (m && m[2] !== 'Total') out[m[2].replace(' (wasm)', '')] = Number(m[1]);
  }
  return out;
}

export async function main(argv = process.argv.slice(2)) {
  let o;
  try { o = parseArgs(argv); } catch (e) { console.error(e.message); return 2; }
  if (o.help) { console.log(USAGE); return 0; }
  const opt = which(`/usr/lib/llvm-${o.llvm}/bin/opt`) || which(`opt-${o.llvm}`);
  const log = m => process.stderr.write(m + '\n');

  // the code cache, made now if missing (so the cached rows measure a cache, not its absence)
  const { codeCachePath } = await import('../bindings/code-cache.js');
  const { defaultWasmPath } = await import('../bindings/node.js');
  if (!existsSync(codeCachePath(defaultWasmPath()))) {
    log('making the code cache ...');
    run(process.execPath, [join(ROOT, 'bindings/code-cache-build.js'), '--quiet']);
  }

  const imports = cliImports();
  const importJs = `await Promise.all(${JSON.stringify(imports)}.map(m => import(m)));`;
  const loadJs = `${importJs} const { loadWopt } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'bindings/node.js')).href)}); await loadWopt();`;
  const start = { node: [], imports: [], loadCached: [], loadCompiled: [] };
  log(`start-up: ${o.runs} runs`);
  for (let i = 0; i < o.runs; i++) {
    start.node.push(run(process.execPath, ['-e', '0']).wall);
    start.imports.push(run(process.execPath, ['--input-type=module', '-e', importJs]).wall);
    start.loadCached.push(run(process.execPath, ['--input-type=module', '-e', loadJs]).wall);
    start.loadCompiled.push(run(process.execPath, ['--input-type=module', '-e', loadJs], { WOPT_CODE_CACHE: '0' }).wall);
  }
  const s = Object.fromEntries(Object.entries(start).map(([k, v]) => [k, median(v)]));

  const rows = [];
  const out = join(CACHE, 'startup-out.ll');
  for (const size of o.sizes) {
    const file = input(size);
    for (const p of o.passes) {
      log(`${size} ${p || 'parse+print'}: ${o.runs} runs each`);
      const pass = p ? [`-passes=${p}`] : [];
      const samples = { opt: [], cached: [], compiled: [] };
      for (let i = 0; i < o.runs; i++) {
        if (opt) samples.opt.push(run(opt, ['-S', ...pass, file, '-o', out]));
        samples.cached.push(run(process.execPath, [CLI, `--llvm-version=${o.llvm}`, '-S', ...pass, '-time-passes', file, '-o', out]));
        samples.compiled.push(run(process.execPath, [CLI, `--llvm-version=${o.llvm}`, '-S', ...pass, '-time-passes', file, '-o', out], { WOPT_CODE_CACHE: '0' }));
      }
      const optTimes = opt ? parseTimePasses(run(opt, ['-S', ...pass, '-time-passes', file, '-o', out]).stderr) : null;
      const row = { size, pipeline: p || 'parse+print', opt: opt ? { wall: median(samples.opt.map(r => r.wall)), cpu: median(samples.opt.map(r => r.cpu)), parse: optTimes.parse, pass: optTimes.pass, verifier: optTimes.verifier } : null };
      for (const k of ['cached', 'compiled']) {
        const t = samples[k].map(r => woptTimes(r.stderr));
        const med = name => median(t.map(x => x[name] ?? 0));
        const phases = { load: med('Load core'), parse: med('Parse IR'), verifyIn: med('Verify input'), pass: p ? med(`Pipeline: ${p}`) : 0, verifyOut: p ? med('Verify output') : 0, print: med('Print module') };
        const wall = median(samples[k].map(r => r.wall)), cpu = median(samples[k].map(r => r.cpu));
        const inCore = phases.parse + phases.verifyIn + phases.pass + phases.verifyOut + phases.print;
        row[k] = { wall, cpu, ...phases, rest: wall - s.imports - phases.load - inCore };
      }
      rows.push(row);
    }
  }
  rmSync(out, { force: true });
  const report = { llvm: o.llvm, runs: o.runs, node: process.version, startup: { node: s.node, imports: s.imports - s.node, loadCached: s.loadCached - s.imports, loadCompiled: s.loadCompiled - s.imports }, rows };
  if (o.json) { console.log(JSON.stringify(report, null, 2)); return 0; }
  const ms = x => (x == null ? '–' : `${Math.round(x * 1000)}`);
  console.log(`Start-up (ms, median of ${o.runs}): node -e 0 ${ms(s.node)}; the CLI's imports +${ms(s.imports - s.node)}; ` +
    `core load +${ms(s.loadCached - s.imports)} from the code cache, +${ms(s.loadCompiled - s.imports)} compiled (lazily, V8's baseline tier)\n`);
  console.log(`| input | pipeline | run | wall | CPU | opt/wopt wall | opt/wopt CPU | start (node + imports) | core load | parse | verify in | pipeline | verify out | print + write | rest (read, exit) |`);
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const ratio = (a, b) => (a && b ? `${(a / b).toFixed(2)}×` : '–');
  for (const r of rows) {
    if (r.opt) console.log(`| ${r.size} | ${r.pipeline} | opt-${o.llvm} | ${ms(r.opt.wall)} | ${ms(r.opt.cpu)} | | | | | ${ms(r.opt.parse)} | ${ms(r.opt.verifier)} (both) | ${ms(r.opt.pass)} | | | |`);
    for (const k of ['cached', 'compiled']) {
      const x = r[k];
      console.log(`| ${r.size} | ${r.pipeline} | wopt, ${k === 'cached' ? 'code cache' : 'no cache'} | ${ms(x.wall)} | ${ms(x.cpu)} | ${ratio(r.opt?.wall, x.wall)} | ${ratio(r.opt?.cpu, x.cpu)} | ${ms(s.imports)} | ${ms(x.load)} | ${ms(x.parse)} | ${ms(x.verifyIn)} | ${ms(x.pass)} | ${ms(x.verifyOut)} | ${ms(x.print)} | ${ms(x.rest)} |`);
    }
  }
  console.log(`\nopt-${o.llvm} rows: its -time-passes lines of one run: Parse IR, VerifierPass (both verifications) and, under "pipeline", ` +
    'its pass lines including PrintModulePass. wopt rows: "start" is node + imports from the start-up probes; the phases are the run\'s own -time-passes lines.');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
