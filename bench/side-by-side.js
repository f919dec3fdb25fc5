#!/usr/bin/env node
// Side-by-side: native `opt` against our CLI (`node bindings/cli.js`) on the same generated inputs,
// for each LLVM version of --llvm (default 19 and 22: opt-V against `wopt --llvm-version=V`),
// alternating runs, reporting medians of wall time and peak RSS and the ratio opt/wopt (> 1 means
// wopt is faster / smaller) per version. Also compares the outputs (byte for byte without the
// ModuleID/source_filename lines, then llvm-diff-V) and extracts opt's own parse and pass times
// from -time-passes.
//
// --format bc runs the same cases on bitcode: each input's .bc as llvm-as-V writes it (bench/bitcode.js),
// `opt-V -passes=P in.bc -o out.bc` against `wopt --llvm-version=V -passes=P in.bc -o out.bc`, the
// two outputs compared through llvm-dis-V.
//
//   node bench/side-by-side.js [--sizes 1MB,10MB,100MB] [--passes ,mem2reg,mergefunc] [--runs 5] [--llvm 19,22] [--format ll|bc] [--json]
//
// A benchmark reports numbers; it never fails because wopt is slow, wrong or broken: errors and
// differences are reported in the table.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve, basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GEN_VERSION } from './gen.js';
import { forEachOption } from './options.js';
import { which, parseLlvmList, llvmTargets, llvmUsage, compareOutputs, compareBitcodeOutputs, outputCell, outputNotes } from './llvm.js';
import { REAL_PROGRAMS, realInputs } from './real.js';
import { bitcodeOf, generatedText } from './bitcode.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const CACHE = join(HERE, '.cache');

const USAGE = `usage: node bench/side-by-side.js [options]
  --sizes LIST      generated input sizes (default 1MB,10MB,100MB)
  --input FILE      also/instead bench this .ll file (repeatable; with --sizes '' only files)
  --real            also the real programs (bench/real.js: SQLite -O0 -g with parse+print and
                    mem2reg, bench/programs/telemetry.cpp -O2 with parse+print and mergefunc),
                    compiled by clang-V for opt-V and wopt --llvm-version=V (cached in .cache/real)
  --programs LIST   which real programs (default all: ${REAL_PROGRAMS.map((p) => p.name).join(',')})
  --passes LIST     comma-separated pipelines; an empty item (or '', none, print) is parse+print
                    (default: ,mem2reg,mergefunc)
  --runs N          timed runs per tool (default 5), alternating opt-V / wopt (all versions in turn)
  --warmup N        untimed runs per tool first (default 0)
  --seed N --dup F  generator options (default 1, 0.3); -g for debug-info inputs
  --format ll|bc    ll (default): text in and out (-S); bc: every input as llvm-as-V's bitcode
                    (cached in bench/.cache/bc), opt-V and wopt write bitcode, outputs compared
                    through llvm-dis-V
${llvmUsage({ diff: true })}
  --wopt CMD        our CLI command line (default "node bindings/cli.js"; --llvm-version=V is added)
  --no-diff         skip the output comparison (bytes, then llvm-diff-V)
  --no-time-passes  skip opt -time-passes
  --timeout S       per-process timeout in seconds (default 900)
  --keep            keep the output files under bench/.cache/out/
  --json            print JSON instead of the markdown table`;

// ---------------------------------------------------------------------------------------------

export function parseArgs(argv) {
  const o = {
    sizes: ['1MB', '10MB', '100MB'], inputs: [], passes: ['', 'mem2reg', 'mergefunc'], runs: 5, warmup: 0,
    seed: 1, dup: 0.3, debug: false, format: 'll', llvm: null, opt: null, llvmDiff: null, wopt: 'node bindings/cli.js', real: false, programs: null,
    diff: true, timePasses: true, timeout: 900, keep: false, json: false,
  };
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--sizes': o.sizes = val().split(',').map((s) => s.trim()).filter(Boolean); break;
      case '--input': o.inputs.push(val()); break;
      case '--real': o.real = true; break;
      case '--programs': o.programs = val().split(',').map((x) => x.trim()).filter(Boolean); o.real = true; break;
      case '--passes': o.passes = val().split(',').map((p) => p.trim()).map((p) => (['\'\'', '""', 'none', 'print', 'parse'].includes(p) ? '' : p)); break;
      case '--runs': o.runs = Math.max(1, parseInt(val(), 10)); break;
      case '--warmup': o.warmup = Math.max(0, parseInt(val(), 10)); break;
      case '--seed': o.seed = Number(val()); break;
      case '--dup': o.dup = Number(val()); break;
      case '-g': case '--debug': o.debug = true; break;
      case '--format': {
        const f = val().toLowerCase().replace(/^\./, '');
        if (f !== 'll' && f !== 'bc') throw new Error(`--format: 'll' or 'bc', not '${f}'`);
        o.format = f;
        break;
      }
      case '--llvm': o.llvm = parseLlvmList(val()); break;
      case '--opt': o.opt = val(); break;
      case '--llvm-diff': o.llvmDiff = val(); break;
      case '--wopt': o.wopt = val(); break;
      case '--no-diff': o.diff = false; break;
      case '--no-time-passes': o.timePasses = false; break;
      case '--timeout': o.timeout = Number(val()); break;
      case '--keep': o.keep = true; break;
      case '--json': o.json = true; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  o.passes = [...new Set(o.passes)];
  if (o.passes.length === 0) o.passes = [''];
  if (!o.help) o.targets = llvmTargets(o, { diff: o.diff, bitcode: o.format === 'bc' });
  return o;
}

// ---------------------------------------------------------------------------------------------
// Measuring one process: wall time from our own clock, peak RSS from GNU time (-f %M, KiB) when
// available, else from a python3 getrusage(RUSAGE_CHILDREN) wrapper, else unknown.

let rssMethod = null;
function detectRssMethod() {
  if (rssMethod) return rssMethod;
  const t = which('/usr/bin/time');
  if (t && spawnSync(t, ['-f', '%M', 'true'], { encoding: 'utf8' }).status === 0) rssMethod = 'gnu-time';
  else if (which('python3')) rssMethod = 'python3';
  else rssMethod = 'none';
  return rssMethod;
}

const PY_WRAP = 'import resource,subprocess,sys\n' +
  'r=subprocess.call(sys.argv[2:])\n' +
  'open(sys.argv[1],"w").write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))\n' +
  'sys.exit(r)\n';

let tmpCounter = 0;
export function measure(argv, { timeout, cwd = ROOT } = {}) {
  const method = detectRssMethod();
  const rssFile = join(tmpdir(), `wopt-bench-${process.pid}-${tmpCounter++}.rss`);
  let cmd, args;
  if (method === 'gnu-time') { cmd = '/usr/bin/time'; args = ['-f', '%M', '-o', rssFile, ...argv]; } else if (method === 'python3') { cmd = 'python3'; args = ['-c', PY_WRAP, rssFile, ...argv]; } else { cmd = argv[0]; args = argv.slice(1); }
  const t0 = process.hrtime.bigint();
  const res = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20, timeout: timeout * 1000, stdio: ['ignore', 'ignore', 'pipe'] });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  let rssKB = null;
  if (method !== 'none' && existsSync(rssFile)) {
    const txt = readFileSync(rssFile, 'utf8');
    const m = /(\d+)\s*$/.exec(txt.trim());
    if (m) rssKB = Number(m[1]);
    rmSync(rssFile, { force: true });
  }
  let stderr = res.stderr || '';
  let status = res.status;
  if (res.error) { status = -1; stderr = `${res.error.code === 'ETIMEDOUT' ? `timeout after ${timeout}s` : res.error.message}\n${stderr}`; }
  if (res.signal) { status = -1; stderr = `killed by ${res.signal}\n${stderr}`; }
  return { wall, rssKB, status, stderr };
}

/** measure() without blocking: the same result, as a promise (for processes run side by side). */
export function measureAsync(argv, { timeout, cwd = ROOT } = {}) {
  const method = detectRssMethod();
  const rssFile = join(tmpdir(), `wopt-bench-${process.pid}-${tmpCounter++}.rss`);
  let cmd, args;
  if (method === 'gnu-time') { cmd = '/usr/bin/time'; args = ['-f', '%M', '-o', rssFile, ...argv]; } else if (method === 'python3') { cmd = 'python3'; args = ['-c', PY_WRAP, rssFile, ...argv]; } else { cmd = argv[0]; args = argv.slice(1); }
  const t0 = process.hrtime.bigint();
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '', timedOut = false, spawnError = null;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => { if (stderr.length < (1 << 20)) stderr += d; });
    const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, timeout * 1000);
    child.on('error', (e) => { spawnError = e; });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const wall = Number(process.hrtime.bigint() - t0) / 1e9;
      let rssKB = null;
      if (method !== 'none' && existsSync(rssFile)) {
        const m = /(\d+)\s*$/.exec(readFileSync(rssFile, 'utf8').trim());
        if (m) rssKB = Number(m[1]);
        rmSync(rssFile, { force: true });
      }
      let status = code;
      if (spawnError) { status = -1; stderr = `${spawnError.message}\n${stderr}`; }
      if (timedOut) { status = -1; stderr = `timeout after ${timeout}s\n${stderr}`; } else if (signal) { status = -1; stderr = `killed by ${signal}\n${stderr}`; }
      done({ wall, rssKB, status, stderr });
    });
  });
}

export const median = (xs) => {
  const s = xs.filter((x) => x != null).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = s.length >> 1;
  return s.length & 1 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// ---------------------------------------------------------------------------------------------
// opt -time-passes: times (seconds, wall) from the pass execution report and "Parse IR".

function timingLines(report, title) {
  const i = report.indexOf(title);
  if (i < 0) return [];
  const rest = report.slice(i);
  const lines = rest.split('\n');
  const out = [];
  let inTable = false;
  for (const l of lines.slice(1)) {
    if (/--- Name ---/.test(l)) { inTable = true; continue; }
    if (!inTable) continue;
    if (!l.trim()) break;
    const nums = [...l.matchAll(/(\d+\.\d+)\s*\(\s*[\d.]+%\)/g)];
    if (!nums.length) continue;
    const name = l.slice(nums[nums.length - 1].index + nums[nums.length - 1][0].length).trim();
    out.push({ name, wall: Number(nums[nums.length - 1][1]) });
  }
  return out;
}

export function parseTimePasses(report) {
  const passes = timingLines(report, 'Pass execution timing report');
  const parse = timingLines(report, 'LLVM IR Parsing').find((e) => e.name === 'Parse IR');
  const own = passes.filter((e) => e.name !== 'Total' && e.name !== 'VerifierPass');
  const verifier = passes.find((e) => e.name === 'VerifierPass');
  return {
    parse: parse ? parse.wall : null,
    pass: own.length ? own.reduce((s, e) => s + e.wall, 0) : null,
    passNames: own.map((e) => e.name),
    verifier: verifier ? verifier.wall : null,
  };
}

// ---------------------------------------------------------------------------------------------

function inputsFor(o, log) {
  const list = [];
  for (const s of o.sizes) {
    const t0 = Date.now();
    let made = false;
    const inp = generatedText(s, { seed: o.seed, dup: o.dup, debug: o.debug, log: (m) => { made = true; log(m); } });
    if (made) log(`  ${(inp.bytes / 1e6).toFixed(1)} MB in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    list.push(inp);
  }
  for (const f of o.inputs) list.push({ label: basename(f), path: resolve(f), bytes: statSync(f).size });
  return list;
}

// --format bc: each input as the bitcode of its text per LLVM version (llvm-as-V), keeping the
// text's size (textBytes) beside the .bc's.
function asBitcodeInputs(inputs, targets, log, timeout) {
  return inputs.map((inp) => {
    const perVersion = {};
    for (const t of targets) {
      const src = fileFor(inp, t.version);
      perVersion[t.version] = src.path ? bitcodeOf(src.path, t, { log, timeout }) : src;
    }
    const sizes = Object.values(perVersion).map((x) => x.bytes).filter(Boolean);
    return { ...inp, perVersion, bytes: sizes.length ? Math.max(...sizes) : 0, textBytes: inp.bytes };
  });
}

const pipeName = (p) => (p === '' ? 'parse+print' : p);
// With bitcode in and out the empty pipeline reads and writes.
const bcPipeName = (p) => (p === '' ? 'parse+write' : p);

function firstLine(s, n = 120) {
  const l = (s || '').split('\n').map((x) => x.trim()).filter(Boolean);
  // skip GNU time's own "Command exited" line if it leaked into stderr
  const m = l.find((x) => !/^Command exited with non-zero status/.test(x)) || l[0] || '';
  return m.length > n ? m.slice(0, n - 1) + '…' : m;
}

function runTool(tool, o, argv) {
  const r = measure(argv, { timeout: o.timeout });
  if (r.status !== 0) return { ok: false, error: firstLine(r.stderr) || `exit status ${r.status}`, wall: r.wall, rssKB: r.rssKB };
  return { ok: true, wall: r.wall, rssKB: r.rssKB };
}

// The file of an input for LLVM version v: one file for every version (generated inputs), or the
// version's own (real programs: clang-N's output goes to opt-N), which may be missing.
const fileFor = (inp, v) => (inp.perVersion ? inp.perVersion[v] ?? { missing: `no input for LLVM ${v}` } : { path: inp.path, bytes: inp.bytes });

/**
 * Runs the side-by-side rows. The inputs are the generated sizes and --input files of `o`, then
 * `extra` ({ label, bytes, path } or, per LLVM version, { label, bytes, perVersion: { [v]: { path,
 * bytes } | { missing } | { error } }, passes?, kind?, program? }: the real programs). An input
 * with its own `passes` runs those instead of o.passes. A version whose file is missing gives a
 * row with `skipped` (the reason) and no runs.
 */
export async function runSideBySide(o, log = (m) => process.stderr.write(m + '\n'), { extra = [] } = {}) {
  const bc = o.format === 'bc';
  const text = [...inputsFor(o, log), ...extra];
  const inputs = bc ? asBitcodeInputs(text, o.targets, log, o.timeout) : text;
  const ext = bc ? 'bc' : 'll', emit = bc ? [] : ['-S'], pname = bc ? bcPipeName : pipeName;
  const outDir = join(CACHE, 'out');
  mkdirSync(outDir, { recursive: true });
  const woptArgv = o.wopt.split(/\s+/).filter(Boolean);
  const results = [];
  // progress: cases done, and the time left guessed from the bytes still to run (time grows with size)
  const cases = inputs.flatMap((inp) => (inp.passes ?? o.passes).map(() => inp.bytes || 1));
  const totalBytes = cases.reduce((a, b) => a + b, 0), t0 = Date.now();
  let caseNo = 0, doneBytes = 0;
  const progress = () => {
    const left = doneBytes ? ((Date.now() - t0) / doneBytes) * (totalBytes - doneBytes) / 1000 : null;
    return `[case ${caseNo}/${cases.length}${left != null ? `, ~${left < 90 ? `${left.toFixed(0)} s` : `${(left / 60).toFixed(1)} min`} left` : ''}]`;
  };
  for (const inp of inputs) {
    for (const p of inp.passes ?? o.passes) {
      caseNo++;
      if (caseNo > 1) doneBytes += cases[caseNo - 2];
      // a row per LLVM version; the runs go through all of them in turn
      const all = o.targets.map((t) => {
        const src = fileFor(inp, t.version);
        const base = {
          input: inp.label, ...(inp.kind ? { kind: inp.kind } : {}), ...(inp.program ? { program: inp.program } : {}),
          ...(bc ? { format: 'bc', textBytes: src.textBytes ?? null } : {}),
          path: src.path, bytes: src.bytes ?? inp.bytes, pipeline: p, llvm: t.version,
          opt: { wall: [], rssKB: [] }, wopt: { wall: [], rssKB: [] },
        };
        if (!src.path) return { ...base, skipped: src.missing || src.error || 'no input', t };
        const tag = `${basename(src.path).replace(/\.(ll|bc)$/, '')}.${p === '' ? 'print' : p.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
        const optOut = join(outDir, `${tag}.${t.version}.opt.${ext}`), woptOut = join(outDir, `${tag}.${t.version}.wopt.${ext}`);
        rmSync(woptOut, { force: true });
        return {
          ...base, t, optOut, woptOut, woptDead: false,
          optArgv: [t.opt, ...emit, `-passes=${p}`, src.path, '-o', optOut],
          woptArgv: [...woptArgv, `--llvm-version=${t.version}`, ...emit, `-passes=${p}`, src.path, '-o', woptOut],
        };
      });
      const at = results.length;
      for (const row of all.filter((r) => r.skipped)) {
        log(`${inp.label} ${pname(p)}, LLVM ${row.llvm}: skipped (${row.skipped})`);
        const { t, ...result } = row;
        results.push(result);
      }
      // the rows of this input and pipeline go out in version order, skipped ones included
      const inOrder = () => results.push(...results.splice(at).sort((a, b) => a.llvm - b.llvm));
      const rows = all.filter((r) => !r.skipped);
      if (!rows.length) { inOrder(); continue; }
      log(`${progress()} ${inp.label} ${pname(p)}: ${o.warmup} warmup + ${o.runs} runs each of ${rows.map((r) => `opt-${r.llvm}, wopt --llvm-version=${r.llvm}`).join(', ')}`);
      const steps = rows.flatMap((row) => [[row, 'opt'], [row, 'wopt']]);
      const once = ([row, tool], timed) => {
        if (tool === 'opt') {
          const r = runTool('opt', o, row.optArgv);
          if (!r.ok) row.opt.error = r.error;
          else if (timed) { row.opt.wall.push(r.wall); row.opt.rssKB.push(r.rssKB); }
        } else if (!row.woptDead) {
          const r = runTool('wopt', o, row.woptArgv);
          if (!r.ok) { row.wopt.error = r.error; row.woptDead = true; } else if (timed) { row.wopt.wall.push(r.wall); row.wopt.rssKB.push(r.rssKB); }
        }
      };
      for (let i = 0; i < o.warmup; i++) for (const st of steps) once(st, false);
      for (let i = 0; i < o.runs; i++) {
        // reverse the order every other run, so no tool always runs on a warmer cache
        for (const st of i & 1 ? [...steps].reverse() : steps) once(st, true);
      }
      for (const row of rows) {
        for (const t of [row.opt, row.wopt]) { t.wallMedian = median(t.wall); t.rssKBMedian = median(t.rssKB); }
        row.ratioTime = row.opt.wallMedian && row.wopt.wallMedian ? row.opt.wallMedian / row.wopt.wallMedian : null;
        row.ratioRss = row.opt.rssKBMedian && row.wopt.rssKBMedian ? row.opt.rssKBMedian / row.wopt.rssKBMedian : null;
        if (o.timePasses) {
          const r = spawnSync(row.t.opt, [`-passes=${p}`, '-time-passes', '-disable-output', row.path], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: o.timeout * 1000 });
          row.optTimePasses = r.status === 0 ? parseTimePasses(r.stderr || '') : { error: firstLine(r.stderr) };
        }
        if (bc) {
          // the sizes of the two bitcode outputs (the last run's: every run writes the same bytes)
          const size = (f) => (existsSync(f) ? statSync(f).size : null);
          row.outBytes = { opt: row.opt.error ? null : size(row.optOut), wopt: row.wopt.error ? null : size(row.woptOut) };
        }
        if (o.diff) {
          row.diff = row.wopt.error ? { status: 'n/a' }
            : bc ? compareBitcodeOutputs(row.optOut, row.woptOut, row.t.llvmDis, row.t.llvmDiff, { timeout: o.timeout, keep: o.keep })
              : compareOutputs(row.optOut, row.woptOut, row.t.llvmDiff, { timeout: o.timeout });
          delete row.diff.bytes;
        }
        if (!o.keep) { rmSync(row.optOut, { force: true }); rmSync(row.woptOut, { force: true }); }
        log(`  LLVM ${row.llvm}: opt ${fmtS(row.opt.wallMedian)} ${fmtMB(row.opt.rssKBMedian)} | wopt ${row.wopt.error ? 'ERROR ' + row.wopt.error : fmtS(row.wopt.wallMedian) + ' ' + fmtMB(row.wopt.rssKBMedian)}${row.diff ? ` | ${row.diff.status}` : ''}`);
        // the report keeps the measurements, not the plumbing of the runs
        const { t, optOut, woptOut, woptDead, optArgv, woptArgv: wArgv, ...result } = row;
        results.push(result);
      }
      inOrder();
    }
  }
  return {
    meta: {
      date: new Date().toISOString(), node: process.version, cpu: cpus()[0]?.model, cpus: cpus().length,
      llvm: o.targets.map(({ version, opt, optVersion, llvmDiff, llvmAs, llvmAsVersion, llvmDis }) => ({ version, opt, optVersion, llvmDiff, ...(bc ? { llvmAs, llvmAsVersion, llvmDis } : {}) })),
      format: o.format ?? 'll', wopt: `${o.wopt} --llvm-version=V`, runs: o.runs, warmup: o.warmup, rss: detectRssMethod(),
      generator: { version: GEN_VERSION, seed: o.seed, dup: o.dup, debug: o.debug },
    },
    results,
  };
}

const fmtS = (s) => (s == null ? '–' : s < 10 ? `${s.toFixed(3)} s` : `${s.toFixed(2)} s`);
const fmtMB = (kb) => (kb == null ? '–' : `${(kb / 1024).toFixed(0)} MB`);
const fmtX = (x) => (x == null ? '–' : `${x.toFixed(2)}×`);

const fmtOut = (b) => (b == null ? '–' : `${(b / 1e6).toFixed(2)} MB`);

export function markdown(report) {
  const m = report.meta;
  const bc = m.format === 'bc', pname = bc ? bcPipeName : pipeName;
  const out = [];
  out.push(`side-by-side${bc ? ' (bitcode: llvm-as-V\'s .bc in, .bc out)' : ''}: ${m.llvm.map((t) => `opt-${t.version} = ${t.opt} (LLVM ${t.optVersion ?? '?'})`).join(', ')} vs \`${m.wopt}\`; ` +
    `median of ${m.runs} runs${m.warmup ? ` after ${m.warmup} warmup` : ''}; node ${m.node}; ${m.cpu} ×${m.cpus}; RSS via ${m.rss}`);
  out.push('');
  // bitcode rows: the .bc's size (MB), its text's (.ll MB), and the sizes of the two outputs
  const sizeHead = bc ? ' .bc MB | .ll MB |' : ' MB |', sizeAlign = bc ? '---:|---:|' : '---:|';
  const outHead = bc ? ' opt .bc out | wopt .bc out |' : '', outAlign = bc ? '---:|---:|' : '';
  out.push(`| input |${sizeHead} pipeline | wopt vs | opt wall | opt RSS | wopt wall | wopt RSS | opt/wopt time | opt/wopt RSS |${outHead} opt parse | opt pass | outputs |`);
  out.push(`|---|${sizeAlign}---|---|---:|---:|---:|---:|---:|---:|${outAlign}---:|---:|---|`);
  const sizes = (r) => (bc ? `${r.bytes ? (r.bytes / 1e6).toFixed(2) : '–'} | ${r.textBytes ? (r.textBytes / 1e6).toFixed(1) : '–'}` : (r.bytes ? (r.bytes / 1e6).toFixed(1) : '–'));
  for (const r of report.results) {
    if (r.skipped) {
      out.push(`| ${r.input} | ${sizes(r)} | ${pname(r.pipeline)} | opt-${r.llvm} | not run: ${r.skipped.replace(/\|/g, '\\|')} | – | – | – | – | – |${bc ? ' – | – |' : ''} – | – | – |`);
      continue;
    }
    const tp = r.optTimePasses;
    const tpParse = tp && !tp.error ? fmtS(tp.parse) : tp?.error ? 'error' : '–';
    const tpPass = tp && !tp.error ? (tp.pass == null ? '–' : `${fmtS(tp.pass)} (${tp.passNames.join('+')})`) : '–';
    const woptWall = r.wopt.error ? `**error**: ${r.wopt.error.replace(/\|/g, '\\|')}` : fmtS(r.wopt.wallMedian);
    const outs = bc ? ` ${fmtOut(r.outBytes?.opt)} | ${fmtOut(r.outBytes?.wopt)} |` : '';
    out.push(`| ${r.input} | ${sizes(r)} | ${pname(r.pipeline)} | opt-${r.llvm} | ${r.opt.error ? '**error**: ' + r.opt.error : fmtS(r.opt.wallMedian)} | ${fmtMB(r.opt.rssKBMedian)} | ${woptWall} | ${r.wopt.error ? '–' : fmtMB(r.wopt.rssKBMedian)} | ${fmtX(r.ratioTime)} | ${fmtX(r.ratioRss)} |${outs} ${tpParse} | ${tpPass} | ${outputCell(r.diff)} |`);
  }
  out.push('');
  out.push('Each row is wopt run with --llvm-version=V against opt-V. opt/wopt > 1 means wopt is faster (time) or smaller (RSS). ' +
    '"opt parse"/"opt pass" come from `opt-V -time-passes -disable-output` (wall; the pass column excludes VerifierPass). ' +
    (bc ? 'Inputs: the .ll (the .ll MB column) through llvm-as-V; both tools write bitcode, compared after llvm-dis-V. ' : '') +
    'Outputs: identical = same bytes apart from the ModuleID/source_filename lines; equivalent = llvm-diff-V finds no difference.');
  out.push(...outputNotes(report.results.map((r) => ({ label: `${r.input} ${pname(r.pipeline)}, LLVM ${r.llvm}`, diff: r.diff }))));
  return out.join('\n');
}

export async function main(argv = process.argv.slice(2)) {
  let o;
  try { o = parseArgs(argv); } catch (e) { console.error(e.message); return 2; }
  if (o.help) { console.log(USAGE); return 0; }
  if (detectRssMethod() !== 'gnu-time') {
    process.stderr.write(`note: /usr/bin/time not found; peak RSS via ${rssMethod} (install the apt package "time" for GNU time)\n`);
  }
  const extra = o.real ? realInputs(o.targets.map((t) => t.version), { names: o.programs, log: (m) => process.stderr.write(m + '\n'), timeout: o.timeout }) : [];
  const report = await runSideBySide(o, undefined, { extra });
  process.stdout.write((o.json ? JSON.stringify(report, null, 2) : markdown(report)) + '\n');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
