#!/usr/bin/env node
// Bitcode in process: how fast the core reads and writes LLVM bitcode, beside parsing and printing
// the same module's text, through the JS API (bindings/node.js). For each input (generated modules
// of --sizes, and with --real the real programs of bench/real.js) and each LLVM version V of --llvm,
// the .bc is llvm-as-V's of the .ll (bench/bitcode.js), and each iteration times
//
//   read .bc     core.parse(bc, { llvmVersion: V })      write .bc    core.writeBitcode() after it
//   parse .ll    core.parse(ll, { llvmVersion: V })      print .ll    core.print() after it
//
// after untimed warm-up iterations (at least --warmup and at least a second of them, so V8 has tiered
// the core up also on small inputs); medians of --iterations.
// Throughput is given in MB/s of the bitcode and of the equivalent text (the .ll the .bc came from),
// so a read and a parse of one module compare directly.
//
//   node bench/bitcode.bench.js [--sizes 1MB,10MB,100MB] [--real | --programs sqlite] [--iterations 5] [--llvm 22] [--json]
//
// Reports; never fails because wopt is slow or an input is rejected (that is a row's error).

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { forEachOption } from './options.js';
import { parseLlvmList, findTool, toolVersion, DEFAULT_LLVM_VERSION, LLVM_VERSIONS } from './llvm.js';
import { bitcodeOf, generatedText } from './bitcode.js';
import { REAL_PROGRAMS, realInputs } from './real.js';
import { median } from './side-by-side.js';

export const USAGE = `usage: node bench/bitcode.bench.js [options]
  --sizes LIST      generated module sizes, of the text (default 1MB,10MB,100MB; '' for none)
  --real            also the real programs (bench/real.js, compiled by clang-V)
  --programs LIST   which real programs (implies --real; ${REAL_PROGRAMS.map((p) => p.name).join(', ')})
  --iterations N    timed iterations (default 5)
  --warmup N        untimed iterations first, at least N and at least 1 s of them (default 2;
                    0: none)
  --llvm LIST       LLVM versions (${LLVM_VERSIONS.join(', ')}; default ${DEFAULT_LLVM_VERSION}): llvm-as-V writes the .bc,
                    the core reads it and writes with llvmVersion V
  --seed N --dup F  generator options (default 1, 0.3)
  --wasm PATH       another core build (default build/wopt.wasm)
  --json            print JSON instead of the markdown tables`;

export function parseArgs(argv) {
  const o = { sizes: ['1MB', '10MB', '100MB'], real: false, programs: null, iterations: 5, warmup: 2, llvm: [DEFAULT_LLVM_VERSION], seed: 1, dup: 0.3, wasm: null, json: false, timeout: 900 };
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--sizes': o.sizes = val().split(',').map((s) => s.trim()).filter((s) => s && s !== "''"); break;
      case '--real': o.real = true; break;
      case '--programs': o.programs = val().split(',').map((s) => s.trim()).filter(Boolean); o.real = true; break;
      case '--iterations': o.iterations = Math.max(1, parseInt(val(), 10)); break;
      case '--warmup': o.warmup = Math.max(0, parseInt(val(), 10)); break;
      case '--llvm': o.llvm = parseLlvmList(val()); break;
      case '--seed': o.seed = Number(val()); break;
      case '--dup': o.dup = Number(val()); break;
      case '--wasm': o.wasm = val(); break;
      case '--json': o.json = true; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  for (const p of o.programs ?? []) if (!REAL_PROGRAMS.some((x) => x.name === p)) throw new Error(`--programs: no program '${p}' (${REAL_PROGRAMS.map((x) => x.name).join(', ')})`);
  return o;
}

// The phases an iteration times, in order; the first two on the module read from .bc, the others on the one parsed from .ll.
export const PHASES = ['readBc', 'writeBc', 'parseLl', 'printLl'];

const firstLine = (s) => String(s ?? '').split('\n').find((l) => l.trim()) ?? '';
const errOf = (r) => firstLine(r?.message ?? (r && !r.ok ? JSON.stringify(r) : ''));

/**
 * Times one input for one version: { bytes: { ll, bc, bcOut, llOut }, samples: { phase: [s] },
 * median: { phase: s } } or { error } (the phase that failed, and why).
 */
function timeInput(core, ll, bc, llvmVersion, iterations, warmup) {
  const opts = { llvmVersion };
  const samples = Object.fromEntries(PHASES.map((p) => [p, []]));
  const bytes = { ll: ll.length, bc: bc.length, bcOut: null, llOut: null };
  const warmStart = performance.now();
  let warm = 0;
  // warm-up: at least `warmup` iterations and at least a second of them (at most 50); none for 0
  const warming = () => warm < warmup || (warmup > 0 && performance.now() - warmStart < 1000 && warm < 50);
  for (let i = 0; i < iterations; ) {
    core.reset();
    let t0 = performance.now();
    const r = core.parse(bc, opts);
    const read = performance.now() - t0;
    if (!r.ok) return { error: `read .bc: ${r.message || 'rejected'}` };
    t0 = performance.now();
    const w = core.writeBitcode();
    const write = performance.now() - t0;
    if (!w.ok) return { error: `write .bc: ${errOf(w)}` };
    core.reset();
    t0 = performance.now();
    const p = core.parse(ll, opts);
    const parse = performance.now() - t0;
    if (!p.ok) return { error: `parse .ll: ${p.line}:${p.col}: ${p.message}` };
    t0 = performance.now();
    const text = core.print();
    const print = performance.now() - t0;
    if (!(text instanceof Uint8Array)) return { error: `print: ${errOf(text)}` };
    core.reset();
    bytes.bcOut = w.bytes.length;
    bytes.llOut = text.length;
    if (warming()) { warm++; continue; }
    i++;
    samples.readBc.push(read / 1000); samples.writeBc.push(write / 1000);
    samples.parseLl.push(parse / 1000); samples.printLl.push(print / 1000);
  }
  return { bytes, warmup: warm, samples, median: Object.fromEntries(PHASES.map((p) => [p, median(samples[p])])) };
}

/** Runs the bench; returns { meta, rows } (rows: input, kind?, program?, llvm, bytes, samples, median | error | skipped). */
export async function runBitcodeBench(o, log = (m) => process.stderr.write(m + '\n')) {
  const targets = [];
  const rows = [];
  for (const v of o.llvm) {
    try {
      const llvmAs = findTool('llvm-as', v);
      targets.push({ version: v, llvmAs, llvmAsVersion: toolVersion(llvmAs) });
    } catch (e) {
      targets.push({ version: v, missing: e.message.split(';')[0] });
    }
  }
  const inputs = o.sizes.map((s) => {
    const g = generatedText(s, { seed: o.seed, dup: o.dup, log });
    return { label: s, perVersion: Object.fromEntries(o.llvm.map((v) => [v, g])) };
  });
  if (o.real) {
    for (const x of realInputs(o.llvm, { names: o.programs, log, timeout: o.timeout })) {
      inputs.push({ label: x.label, kind: 'real', program: x.program, perVersion: x.perVersion });
    }
  }

  const { loadWopt } = await import('../bindings/node.js');
  const core = await loadWopt(o.wasm ? { wasmPath: o.wasm } : undefined);
  for (const inp of inputs) {
    for (const t of targets) {
      const row = { input: inp.label, ...(inp.kind ? { kind: inp.kind, program: inp.program } : {}), llvm: t.version };
      const src = inp.perVersion[t.version];
      const bc = t.missing ? { error: t.missing } : src?.path ? bitcodeOf(src.path, t, { log, timeout: o.timeout }) : { error: src?.missing || src?.error || 'no input' };
      if (bc.error) { rows.push({ ...row, skipped: bc.error }); log(`${inp.label} LLVM ${t.version}: skipped (${bc.error})`); continue; }
      log(`${inp.label} LLVM ${t.version}: warm-up, then ${o.iterations} iterations of read .bc / write .bc / parse .ll / print .ll in process`);
      const res = timeInput(core, readFileSync(src.path), readFileSync(bc.path), t.version, o.iterations, o.warmup);
      Object.assign(row, res, { llvmAsVersion: t.llvmAsVersion });
      if (res.error) log(`  error: ${res.error}`);
      else {
        const m = res.median, mb = (b, s) => (b / 1e6 / s).toFixed(1);
        log(`  read .bc ${mb(res.bytes.ll, m.readBc)} MB/s of .ll (${mb(res.bytes.bc, m.readBc)} of .bc), parse .ll ${mb(res.bytes.ll, m.parseLl)}; ` +
          `write .bc ${mb(res.bytes.bcOut, m.writeBc)} MB/s of .bc, print .ll ${mb(res.bytes.llOut, m.printLl)}`);
      }
      rows.push(row);
    }
  }
  return {
    meta: { node: process.version, core: core.version?.() || '', iterations: o.iterations, warmup: o.warmup,
      llvm: targets.map(({ version, llvmAs, llvmAsVersion, missing }) => ({ version, llvmAs, llvmAsVersion, ...(missing ? { missing } : {}) })),
      generator: { seed: o.seed, dup: o.dup } },
    rows,
  };
}

// ---------------------------------------------------------------------------------------------
// The tables (pure functions of the result, for the report and the tests).

const fmtMs = (s) => (s == null ? '–' : s < 1 ? `${(s * 1e3).toFixed(1)} ms` : `${s.toFixed(3)} s`);
const fmtRate = (bytes, s) => (bytes && s ? (bytes / 1e6 / s).toFixed(1) : '–');
const fmtSize = (b) => (b == null ? '–' : b >= 10e6 ? (b / 1e6).toFixed(1) : (b / 1e6).toFixed(2));
const fmtX = (a, b) => (a && b ? `${(a / b).toFixed(2)}×` : '–');
const esc = (s) => String(s).replace(/\|/g, '\\|');
const name = (r) => (r.kind === 'real' ? r.input : `generated ${r.input}`);

/** The reading table: text parse beside bitcode read of the same module (MB/s of both sizes). */
export function readTable(rows) {
  const out = ['| input | LLVM | .ll MB | .bc MB | parse .ll | MB/s | read .bc | MB/s of .bc | MB/s of .ll | parse/read |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    const head = `| ${esc(name(r))} | ${r.llvm} |`;
    if (r.skipped || r.error) { out.push(`${head} ${r.bytes ? `${fmtSize(r.bytes.ll)} | ${fmtSize(r.bytes.bc)}` : '– | –'} | ${r.skipped ? `not run: ${esc(r.skipped)}` : `**error**: ${esc(r.error)}`} | – | – | – | – | – |`); continue; }
    const { bytes: b, median: m } = r;
    out.push(`${head} ${fmtSize(b.ll)} | ${fmtSize(b.bc)} | ${fmtMs(m.parseLl)} | ${fmtRate(b.ll, m.parseLl)} | ${fmtMs(m.readBc)} | ${fmtRate(b.bc, m.readBc)} | ${fmtRate(b.ll, m.readBc)} | ${fmtX(m.parseLl, m.readBc)} |`);
  }
  return out.join('\n');
}

/** The writing table: printing text beside writing bitcode, and the two round trips in process. */
export function writeTable(rows) {
  const out = ['| input | LLVM | print .ll | MB/s | write .bc | .bc out MB | MB/s of .bc | MB/s of .ll | print/write | .ll → .ll | .bc → .bc | (.ll → .ll)/(.bc → .bc) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    const head = `| ${esc(name(r))} | ${r.llvm} |`;
    if (r.skipped || r.error) { out.push(`${head} ${r.skipped ? `not run: ${esc(r.skipped)}` : `**error**: ${esc(r.error)}`} | – | – | – | – | – | – | – | – | – |`); continue; }
    const { bytes: b, median: m } = r;
    const text = m.parseLl + m.printLl, bc = m.readBc + m.writeBc;
    out.push(`${head} ${fmtMs(m.printLl)} | ${fmtRate(b.llOut, m.printLl)} | ${fmtMs(m.writeBc)} | ${fmtSize(b.bcOut)} | ${fmtRate(b.bcOut, m.writeBc)} | ${fmtRate(b.ll, m.writeBc)} | ${fmtX(m.printLl, m.writeBc)} | ${fmtMs(text)} | ${fmtMs(bc)} | ${fmtX(text, bc)} |`);
  }
  return out.join('\n');
}

/** Both tables with their explanation. */
export function markdown(r) {
  const m = r.meta ?? {};
  const tools = (m.llvm ?? []).map((t) => (t.missing ? `LLVM ${t.version}: ${t.missing}` : `llvm-as-${t.version} ${t.llvmAsVersion ?? '?'}`)).join(', ');
  return [
    `In process through bindings/node.js, median of ${m.iterations ?? '?'} iteration${m.iterations === 1 ? '' : 's'} ${m.warmup === 0 ? 'without a warm-up' : `after a warm-up (at least ${m.warmup ?? '?'} iterations and 1 s)`}; node ${m.node ?? '?'}; the .bc of each input is ${tools}'s of its .ll. ` +
      'MB/s of .ll is the size of the equivalent text over the time, so a bitcode read and a text parse of one module compare directly; ' +
      'parse/read and print/write > 1 mean the bitcode side is faster.',
    '',
    readTable(r.rows),
    '',
    writeTable(r.rows),
  ].join('\n');
}

export async function main(argv = process.argv.slice(2)) {
  let o;
  try { o = parseArgs(argv); } catch (e) { console.error(e.message); return 2; }
  if (o.help) { console.log(USAGE); return 0; }
  let r;
  try {
    r = await runBitcodeBench(o);
  } catch (e) {
    console.error(`bitcode.bench: ${e.message}`);
    return 1;
  }
  process.stdout.write((o.json ? JSON.stringify(r, null, 2) : markdown(r)) + '\n');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
