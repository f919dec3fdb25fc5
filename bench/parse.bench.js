#!/usr/bin/env node
// In-process throughput of the core through the JS API (bindings/node.js), with benchmark.js:
//   parse          core.parse(bytes, { llvmVersion }); core.reset()
//   parse+print    core.parse(bytes); core.print(); core.reset()
//   parse+<pass>+print  (for each --passes entry the core accepts; runPipeline)
// reported as MB/s of input .ll text, for generated inputs of several sizes, for each LLVM version
// of --llvm (default wopt's own, 22).
//
//   node bench/parse.bench.js [--sizes 1KB,100KB,1MB,10MB] [--passes mem2reg,mergefunc] [--max-time 5] [--llvm 19,22] [--json]

import Benchmark from 'benchmark';
import { pathToFileURL } from 'node:url';
import { generate, parseSize } from './gen.js';
import { forEachOption } from './options.js';
import { parseLlvmList, llvmUsage, DEFAULT_LLVM_VERSION } from './llvm.js';

const USAGE = `usage: node bench/parse.bench.js [options]
  --sizes LIST     generated input sizes (default 1KB,100KB,1MB,10MB)
  --seed N         generator seed (default 1); --dup F duplicate fraction (default 0.3); -g debug info
  --passes LIST    pipelines to bench between parse and print when the core has them
                   (default mem2reg,mergefunc; '' for none)
  --max-time S     benchmark.js maxTime per benchmark in seconds (default 5)
${llvmUsage({ compare: false, width: 19 })}
  --wasm PATH      another core build (default build/wopt.wasm, or $WOPT_WASM)
  --json           print JSON instead of the markdown table`;

function parseArgs(argv) {
  const o = { sizes: ['1KB', '100KB', '1MB', '10MB'], seed: 1, dup: 0.3, debug: false, passes: ['mem2reg', 'mergefunc'], maxTime: 5, llvm: [DEFAULT_LLVM_VERSION], wasm: null, json: false };
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--sizes': o.sizes = val().split(',').map((s) => s.trim()).filter(Boolean); break;
      case '--seed': o.seed = Number(val()); break;
      case '--dup': o.dup = Number(val()); break;
      case '-g': case '--debug': o.debug = true; break;
      case '--passes': o.passes = val().split(',').map((s) => s.trim()).filter((s) => s && s !== "''"); break;
      case '--max-time': o.maxTime = Number(val()); break;
      case '--llvm': o.llvm = parseLlvmList(val()); break;
      case '--wasm': o.wasm = val(); break;
      case '--json': o.json = true; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  return o;
}

const fmtBytes = (n) => (n < 1e5 ? `${(n / 1e3).toFixed(1)} KB` : `${(n / 1e6).toFixed(2)} MB`);
const isBytes = (x) => x instanceof Uint8Array;
const errText = (r) => (r && r.message ? r.message : JSON.stringify(r));

export async function main(argv = process.argv.slice(2)) {
  let o;
  try { o = parseArgs(argv); } catch (e) { console.error(e.message); return 2; }
  if (o.help) { console.log(USAGE); return 0; }

  let loadWopt;
  try {
    ({ loadWopt } = await import('../bindings/node.js'));
  } catch (e) {
    console.error(`parse.bench: cannot import bindings/node.js (${e.message})`);
    return 1;
  }
  let core;
  try {
    core = await loadWopt(o.wasm ? { wasmPath: o.wasm } : undefined);
  } catch (e) {
    console.error(`parse.bench: cannot load the core (${e.message}); build it with npm run build:release`);
    return 1;
  }

  const rows = [];
  const skipped = [];
  for (const s of o.sizes) {
    const text = generate({ size: parseSize(s), seed: o.seed, dup: o.dup, debug: o.debug });
    const bytes = new Uint8Array(Buffer.from(text, 'latin1'));
    const mb = bytes.length / 1e6;
    for (const llvmVersion of o.llvm) {
      const opts = { llvmVersion };
      const at = o.llvm.length > 1 ? `${s} LLVM ${llvmVersion}` : s;

      // Check each operation once before timing it: a failure is reported, not benchmarked.
      core.reset();
      const p = core.parse(bytes, opts);
      if (!p.ok) { skipped.push({ size: at, what: 'parse', error: `${p.line}:${p.col}: ${errText(p)}` }); core.reset(); continue; }
      const printed = core.print();
      const printOk = isBytes(printed);
      if (!printOk) skipped.push({ size: at, what: 'print', error: errText(printed) });
      const wasmBytes = core.memory?.buffer?.byteLength ?? null;
      core.reset();

      const cases = [['parse', () => { core.parse(bytes, opts); core.reset(); }]];
      if (printOk) cases.push(['parse+print', () => { core.parse(bytes, opts); core.print(); core.reset(); }]);
      for (const pass of o.passes) {
        if (typeof core.runPipeline !== 'function') { skipped.push({ size: at, what: pass, error: 'core has no runPipeline' }); continue; }
        core.parse(bytes, opts);
        const r = core.runPipeline(pass);
        const out = r.ok ? core.print() : null;
        core.reset();
        if (!r.ok) { skipped.push({ size: at, what: pass, error: `runPipeline code ${r.code}${r.code === 2 ? ' (unknown pass)' : ''}: ${errText(r)}` }); continue; }
        if (!isBytes(out)) { skipped.push({ size: at, what: `${pass}+print`, error: errText(out) }); continue; }
        cases.push([`parse+${pass}+print`, () => { core.parse(bytes, opts); core.runPipeline(pass); core.print(); core.reset(); }]);
      }

      for (const [name, fn] of cases) {
        const bench = new Benchmark(`${name} ${at}`, fn, { maxTime: o.maxTime, minSamples: 5 });
        bench.run();
        if (bench.error) { skipped.push({ size: at, what: name, error: String(bench.error) }); continue; }
        const row = {
          case: name, size: s, llvm: llvmVersion, bytes: bytes.length, hz: bench.hz, meanSec: bench.stats.mean,
          rmePct: bench.stats.rme, samples: bench.stats.sample.length, mbPerSec: bench.hz * mb, wasmMemoryBytes: wasmBytes,
        };
        rows.push(row);
        process.stderr.write(`${String(bench)}  ->  ${row.mbPerSec.toFixed(1)} MB/s\n`);
      }
    }
  }

  const meta = { node: process.version, core: core.version?.() || '', llvm: o.llvm, maxTime: o.maxTime, generator: { seed: o.seed, dup: o.dup, debug: o.debug } };
  if (o.json) {
    process.stdout.write(JSON.stringify({ meta, results: rows, skipped }, null, 2) + '\n');
    return 0;
  }
  const out = [];
  out.push(`parse.bench: in-process through bindings/node.js; node ${meta.node}; core ${meta.core || '?'}`, '');
  out.push('| case | input | LLVM | MB/s | ms/op | ±% | samples | wasm memory after parse |');
  out.push('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    out.push(`| ${r.case} | ${r.size} (${fmtBytes(r.bytes)}) | ${r.llvm} | ${r.mbPerSec.toFixed(1)} | ${(r.meanSec * 1e3).toFixed(3)} | ${r.rmePct.toFixed(1)} | ${r.samples} | ${r.wasmMemoryBytes == null ? '–' : (r.wasmMemoryBytes / 1048576).toFixed(0) + ' MiB'} |`);
  }
  if (skipped.length) {
    out.push('', 'Not benchmarked:');
    for (const s of skipped) out.push(`- ${s.what} ${s.size}: ${s.error}`);
  }
  process.stdout.write(out.join('\n') + '\n');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
