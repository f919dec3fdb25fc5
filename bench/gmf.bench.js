#!/usr/bin/env node
// Global merge functions: LLVM 22's global-merge-func, wopt against LLVM, whole processes.
//
//   one module    `opt-22 -S -passes=global-merge-func in.ll -o out.ll` against
//                 `wopt --llvm-version=22 -S -passes=global-merge-func in.ll -o out.ll` on real
//                 modules at -O2 (zstd's compress/zstd_lazy.c and compress/zstd_compress.c, the
//                 SQLite amalgamation), alternating runs, medians, outputs compared;
//   across        a program's modules merged across modules: LLVM's two rounds
//                 (bench/llvm-two-rounds.js: opt -codegen-data-generate, llc, llvm-cgdata --merge,
//                 opt -codegen-data-use-path; opt and llc --llvm-jobs at a time, default 2, as a
//                 build on this machine would run them) against one
//                 `wopt -S -passes=global-merge-func --across-modules --emit-cgdata=F -output-dir=D -j N`
//                 batch (-j 1 and -j 2), over zstd's 40 files and SQLite's source files (bench/real.js,
//                 clang-22 -O2, cached). LLVM's time is the sum of its four stages; "vs LLVM" is
//                 LLVM's over wopt's (> 1: wopt is faster). Every wopt output is compared with
//                 LLVM's round-2 output of the same module, and wopt's .cgdata with llvm-cgdata's.
//
// Both parts count, in each tool's outputs, the functions merged (the `.Tgm` bodies
// global-merge-func creates, one per merged function; each merged function keeps its name as a
// thunk calling its body) and the instructions a linker's identical code folding could save among
// those bodies (bench/llvm-two-rounds.js foldableInstructions: bodies whose instructions are
// equal fold into one; (copies - 1) × instructions each). The same measure for LLVM and wopt,
// taken from the IR text: global-merge-func itself adds instructions (the thunks' calls).
//
// Until the CLI has --across-modules (its --help lists it), the wopt rows of the across part say
// "not available" and LLVM's rounds run alone; a CLI that rejects the option is taken the same way.
//
//   node bench/gmf.bench.js [--programs zstd,sqlite] [--parts one,across] [--runs 3] [--json]
//
// A benchmark reports numbers; it never fails because wopt is slow, wrong or missing a feature.

import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { forEachOption } from './options.js';
import { findTool, compareOutputs, outputNotes } from './llvm.js';
import { measure, measureAsync, median } from './side-by-side.js';
import { REAL_PROGRAMS, compileReal, sqliteFolder, zstdFolder } from './real.js';
import {
  runTwoRounds, twoRoundsTools, countMerges, foldableInstructions,
  woptAcrossSupport, woptAcrossArgs, rejectsOption, compareCgdataFiles, WOPT_CLI,
} from './llvm-two-rounds.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const CACHE = join(HERE, '.cache');
const V = 22;   // global-merge-func is LLVM 22's
const PIPELINE = 'global-merge-func';

export const PROGRAMS = ['zstd', 'sqlite'];
export const PARTS = ['one', 'across'];
const ZSTD_ONE = ['compress/zstd_lazy', 'compress/zstd_compress'];

const USAGE = `usage: node bench/gmf.bench.js [options]
LLVM 22's global-merge-func: wopt against opt-22 on one module, and across a program's modules
against LLVM's two rounds (opt, llc, llvm-cgdata --merge, opt).
  --programs LIST   zstd, sqlite (default both; --program is the same)
  --parts LIST      one (a module at a time), across (across modules) (default both)
  --runs N          timed runs of each way (default 3), alternating, reversed every other run
  --llvm-jobs N     LLVM's opt and llc processes at a time in the two rounds (default 2)
  --llc-args "ARGS" extra llc arguments in round 1 (default none: llc's own -O2, as a build's
                    round 1 compiles; "-O0" writes the same __llvm_merge sections in about a fifth
                    of the time, the cheapest way LLVM has to its codegen data)
  --zstd-modules L  zstd's files for the one-module part (default ${ZSTD_ONE.join(',')})
  --across / --no-across   whether wopt has --across-modules (default: what \`wopt --help\` lists)
  --wopt CMD        our CLI command line (default "node bindings/cli.js")
  --out DIR         outputs while they are compared (default bench/.cache/gmf; removed after)
  --timeout S       per-process timeout in seconds (default 900)
  --json            print JSON instead of the markdown tables`;

export function parseArgs(argv) {
  const o = { programs: PROGRAMS.slice(), parts: PARTS.slice(), runs: 3, llvmJobs: 2, llcArgs: [], zstdModules: ZSTD_ONE.slice(), across: null,
    out: join(CACHE, 'gmf'), timeout: 900, json: false, wopt: [process.execPath, WOPT_CLI] };
  const list = (s, all, what) => {
    const xs = s.split(',').map((x) => x.trim()).filter(Boolean);
    for (const x of xs) if (all && !all.includes(x)) throw new Error(`${what}: no '${x}' (${all.join(', ')})`);
    return xs;
  };
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--programs': case '--program': o.programs = list(val(), PROGRAMS, key); break;
      case '--parts': case '--part': o.parts = list(val(), PARTS, key); break;
      case '--runs': o.runs = Math.max(1, parseInt(val(), 10)); break;
      case '--llvm-jobs': o.llvmJobs = Math.max(1, parseInt(val(), 10)); break;
      case '--llc-args': o.llcArgs = val().split(/\s+/).filter(Boolean); break;
      case '--zstd-modules': o.zstdModules = list(val(), null, key).map((m) => m.replace(/\.(c|ll)$/, '')); break;
      case '--across': o.across = true; break;
      case '--no-across': o.across = false; break;
      case '--wopt': o.wopt = val().split(/\s+/).filter(Boolean); break;
      case '--out': o.out = resolve(val()); break;
      case '--timeout': o.timeout = Number(val()); break;
      case '--json': o.json = true; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  return o;
}

const firstLine = (s, n = 140) => {
  const l = (s || '').split('\n').map((x) => x.trim()).find((x) => x && !/^Command exited with non-zero status/.test(x)) || '';
  return l.length > n ? `${l.slice(0, n - 1)}…` : l;
};
const outputsCounts = (texts) => {
  const c = { merged: 0, thunks: 0 };
  for (const t of texts) { const m = countMerges(t); c.merged += m.merged; c.thunks += m.thunks; }
  return { ...c, foldable: foldableInstructions(texts).instructions };
};

// ---- one module at a time ----

function oneInputs(o, log) {
  const inputs = [];
  if (o.programs.includes('zstd')) {
    const z = zstdFolder(V, { log, timeout: o.timeout });
    for (const m of o.zstdModules) {
      const file = z.dir ? join(z.dir, `${m}.ll`) : null;
      if (file && !existsSync(file)) inputs.push({ program: 'zstd', label: `zstd ${m}.c -O2`, missing: `no zstd module ${m}` });
      else inputs.push({ program: 'zstd', label: `zstd ${m}.c -O2`, ...(file ? { path: file, bytes: statSync(file).size } : { missing: z.missing || z.error }) });
    }
  }
  if (o.programs.includes('sqlite')) {
    const base = REAL_PROGRAMS.find((p) => p.name === 'sqlite');
    const r = compileReal({ ...base, name: 'sqlite-O2', flags: ['-w', '-O2'], level: '-O2' }, V, { log, timeout: o.timeout });
    inputs.push({ program: 'sqlite', label: 'SQLite amalgamation -O2', ...(r.path ? { path: r.path, bytes: r.bytes } : { missing: r.missing || r.error }) });
  }
  return inputs;
}

async function runOne(o, tools, log) {
  const dir = join(o.out, 'one');
  mkdirSync(dir, { recursive: true });
  const results = [];
  for (const inp of oneInputs(o, log)) {
    const row = { program: inp.program, input: inp.label, bytes: inp.bytes ?? null, opt: { wall: [], rssKB: [] }, wopt: { wall: [], rssKB: [] } };
    if (inp.missing) { results.push({ ...row, skipped: inp.missing }); log(`${inp.label}: not run (${inp.missing})`); continue; }
    const tag = basename(inp.path, '.ll');
    const optOut = join(dir, `${tag}.opt.ll`), woptOut = join(dir, `${tag}.wopt.ll`);
    const argv = {
      opt: [tools.opt, '-S', `-passes=${PIPELINE}`, inp.path, '-o', optOut],
      wopt: [...o.wopt, `--llvm-version=${V}`, '-S', `-passes=${PIPELINE}`, inp.path, '-o', woptOut],
    };
    log(`one module: ${inp.label}, ${o.runs} runs each of opt-${V} and wopt`);
    for (let i = 0; i < o.runs; i++) {
      for (const tool of i & 1 ? ['wopt', 'opt'] : ['opt', 'wopt']) {
        if (row[tool].error) continue;
        const r = measure(argv[tool], { timeout: o.timeout });
        if (r.status !== 0) row[tool].error = firstLine(r.stderr) || `exit status ${r.status}`;
        else { row[tool].wall.push(r.wall); row[tool].rssKB.push(r.rssKB); }
      }
    }
    for (const tool of ['opt', 'wopt']) {
      const t = row[tool];
      t.median = median(t.wall); t.rssKBMedian = median(t.rssKB);
      const out = tool === 'opt' ? optOut : woptOut;
      if (!t.error && existsSync(out)) Object.assign(t, outputsCounts([readFileSync(out, 'utf8')]));
    }
    row.ratio = row.opt.median && row.wopt.median ? row.opt.median / row.wopt.median : null;
    row.diff = row.opt.error || row.wopt.error ? { status: 'n/a' } : compareOutputs(optOut, woptOut, tools.llvmDiff, { timeout: o.timeout });
    rmSync(optOut, { force: true }); rmSync(woptOut, { force: true });
    log(`  opt ${fmtS(row.opt.median)} (${row.opt.merged ?? '–'} merged) | wopt ${row.wopt.error ? `ERROR ${row.wopt.error}` : `${fmtS(row.wopt.median)} (${row.wopt.merged ?? '–'} merged)`} | ${row.diff.status}`);
    results.push(row);
  }
  return { results };
}

// ---- across modules ----

function folderOf(program, log, timeout) {
  if (program === 'zstd') return { label: "zstd's 40 files", ...zstdFolder(V, { log, timeout }) };
  return { label: "SQLite's source files", ...sqliteFolder(V, { log, timeout, level: '-O2' }) };
}

async function runAcross(o, tools, log) {
  const support = o.across == null ? woptAcrossSupport(o.wopt) : { acrossModules: o.across, emitCgdata: o.across, reason: o.across ? null : 'not available (--no-across)' };
  log(`across modules: ${support.acrossModules ? `wopt has --across-modules${support.emitCgdata ? ' and --emit-cgdata' : ''}` : `wopt rows ${support.reason}`}`);
  const results = [];
  for (const program of o.programs) {
    const f = folderOf(program, log, o.timeout);
    const base = { program, what: f.label, level: '-O2', modules: f.files?.length ?? 0, bytes: f.bytes ?? null };
    if (!f.files) { results.push({ ...base, error: f.missing || f.error }); continue; }
    const inputs = f.files.map((x) => relative(f.dir, x));
    const work = join(o.out, `across-${program}`);
    rmSync(work, { recursive: true, force: true });
    const llcNote = o.llcArgs.length ? `, llc ${o.llcArgs.join(' ')}` : '';
    const llvm = { ...base, way: 'llvm', label: `LLVM's two rounds (opt, llc ${o.llvmJobs} at a time${llcNote})`, wall: [], stages: [] };
    const ways = [llvm, ...[1, 2].map((j) => ({ ...base, way: `j${j}`, label: `wopt --across-modules -j ${j}`, jobs: j, wall: [], rssKB: [],
      ...(support.acrossModules ? {} : { unavailable: support.reason }) }))];
    let last = null;
    const step = {
      llvm: async () => {
        try {
          last = await runTwoRounds(inputs, { workDir: join(work, 'llvm'), cwd: f.dir, tools, jobs: o.llvmJobs, llcArgs: o.llcArgs, timeout: o.timeout });
          llvm.wall.push(last.stages.total);
          llvm.stages.push(last.stages);
        } catch (e) { llvm.error = e.message.split('\n').slice(0, 2).join(' '); }
      },
      wopt: async (w) => {
        w.outDir = join(work, w.way);
        w.cgdataFile = support.emitCgdata ? join(work, `${w.way}.cgdata`) : null;
        rmSync(w.outDir, { recursive: true, force: true });
        if (w.cgdataFile) rmSync(w.cgdataFile, { force: true });
        const a = woptAcrossArgs(inputs, { outDir: w.outDir, jobs: w.jobs, cgdata: w.cgdataFile, cwd: f.dir });
        w.outputs = a.outputs;
        const r = await measureAsync([...o.wopt, ...a.argv], { timeout: o.timeout, cwd: f.dir });
        if (r.status === 0) { w.wall.push(r.wall); w.rssKB.push(r.rssKB); return; }
        if (rejectsOption(r.stderr)) w.unavailable = `not available (the CLI rejects --across-modules: ${firstLine(r.stderr, 80)})`;
        else w.error = firstLine(r.stderr) || `exit status ${r.status}`;
      },
    };
    log(`across modules: ${f.label} (${inputs.length} modules, ${(f.bytes / 1e6).toFixed(1)} MB), ${o.runs} runs of ${ways.filter((w) => !w.unavailable).map((w) => w.label).join(', ')}`);
    for (let i = 0; i < o.runs; i++) {
      const order = i & 1 ? [...ways].reverse() : ways;
      for (const w of order) {
        if (w.error || w.unavailable) continue;
        await (w.way === 'llvm' ? step.llvm() : step.wopt(w));
      }
    }
    // the numbers, and the last run's outputs counted and compared
    llvm.median = median(llvm.wall);
    if (llvm.stages.length) llvm.stageMedians = Object.fromEntries(['round1', 'llc', 'merge', 'round2', 'show'].map((k) => [k, median(llvm.stages.map((s) => s[k]))]));
    const llvmTexts = last && !llvm.error ? last.outputs.map((x) => readFileSync(x.output, 'utf8')) : null;
    if (llvmTexts) Object.assign(llvm, outputsCounts(llvmTexts), { cgdataCounts: last.cgdataCounts });
    for (const w of ways.slice(1)) {
      if (w.unavailable || w.error || !w.wall.length) continue;
      w.median = median(w.wall); w.rssKBMedian = median(w.rssKB);
      w.ratio = llvm.median && w.median ? llvm.median / w.median : null;
      const texts = w.outputs.map((p) => (existsSync(p) ? readFileSync(p, 'utf8') : ''));
      Object.assign(w, outputsCounts(texts));
      if (last && !llvm.error) {
        const counts = {};
        w.outputs.forEach((p, k) => {
          const d = existsSync(p) ? compareOutputs(last.outputs[k].output, p, tools.llvmDiff, { timeout: o.timeout }) : { status: 'missing' };
          counts[d.status] = (counts[d.status] ?? 0) + 1;
          if (d.status !== 'identical') (w.firstDiffs ??= {})[d.status] ??= { file: inputs[k], ...d };
        });
        w.compared = counts;
        w.cgdata = w.cgdataFile ? await compareCgdataFiles(last.cgdata, w.cgdataFile, { cgdata: tools.cgdata, timeout: o.timeout }) : { status: 'not emitted (no --emit-cgdata)' };
      }
    }
    for (const w of ways) {
      log(`  ${w.label}: ${w.unavailable ?? (w.error ? `ERROR ${w.error}` : `${fmtS(w.median)}, ${w.merged ?? '–'} merged, ${w.foldable ?? '–'} foldable instructions` +
        `${w.compared ? ` | ${fmtCounts(w.compared)}; .cgdata ${w.cgdata.status}` : ''}`)}`);
      const { wall, rssKB, stages, outDir, outputs, cgdataFile, ...kept } = w;
      results.push({ ...kept, walls: wall, ...(stages ? { stageRuns: stages } : {}) });
    }
    rmSync(work, { recursive: true, force: true });
  }
  return { support: { acrossModules: support.acrossModules, emitCgdata: support.emitCgdata, reason: support.reason }, results };
}

/** Runs the parts of `o`; { meta, one, across } (a part not asked for is null, one that could not run { error }). */
export async function runGmf(o, log = (m) => process.stderr.write(m + '\n')) {
  const started = new Date().toISOString(), loadStart = loadavg();
  let tools;
  try {
    tools = twoRoundsTools(V);
    tools.llvmDiff = findTool('llvm-diff', V);
  } catch (e) {
    const error = e.message.split('\n')[0];
    return { meta: { date: started, error }, one: o.parts.includes('one') ? { error } : null, across: o.parts.includes('across') ? { error } : null };
  }
  const report = { meta: null, one: null, across: null };
  mkdirSync(o.out, { recursive: true });
  for (const part of o.parts) {
    try {
      report[part] = part === 'one' ? await runOne(o, tools, log) : await runAcross(o, tools, log);
    } catch (e) {
      report[part] = { error: e.message.split('\n')[0] };
      log(`${part}: ${report[part].error}`);
    }
  }
  report.meta = { date: started, wopt: o.wopt.map((x) => (x === process.execPath ? 'node' : relative(process.cwd(), x) || x)).join(' '), node: process.version, cpu: cpus()[0]?.model, cpus: cpus().length, loadStart, loadEnd: loadavg(),
    llvm: { version: V, opt: tools.opt, optVersion: tools.optVersion, llc: tools.llc, cgdata: tools.cgdata }, runs: o.runs, llvmJobs: o.llvmJobs, llcArgs: o.llcArgs, programs: o.programs };
  return report;
}

// ---- markdown ----

const fmtS = (s) => (s == null ? '–' : s < 10 ? `${s.toFixed(3)} s` : `${s.toFixed(2)} s`);
const fmtMB = (kb) => (kb == null ? '–' : `${(kb / 1024).toFixed(0)} MB`);
const fmtX = (x) => (x == null ? '–' : `${x.toFixed(2)}×`);
const fmtCounts = (c) => Object.entries(c).map(([k, n]) => `${n} ${k}`).join(', ');
const esc = (s) => String(s).replace(/\|/g, '\\|');
const mb = (b) => (b == null ? '–' : (b / 1e6).toFixed(1));
const num = (x) => (x == null ? '–' : String(x));

/** The one-module table (markdown lines). */
export function oneMarkdown(part) {
  if (!part) return [];
  if (part.error) return [`Not run: ${part.error}`];
  const out = ['| input | MB | opt-22 | opt RSS | wopt | wopt RSS | opt/wopt | merged: opt / wopt | foldable instructions: opt / wopt | outputs |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|'];
  for (const r of part.results) {
    if (r.skipped) { out.push(`| ${esc(r.input)} | ${mb(r.bytes)} | not run: ${esc(r.skipped)} | | | | | | | |`); continue; }
    const cell = (t) => (t.error ? `**error**: ${esc(t.error)}` : fmtS(t.median));
    out.push(`| ${esc(r.input)} | ${mb(r.bytes)} | ${cell(r.opt)} | ${fmtMB(r.opt.rssKBMedian)} | ${cell(r.wopt)} | ${r.wopt.error ? '–' : fmtMB(r.wopt.rssKBMedian)} | ${fmtX(r.ratio)} | ` +
      `${num(r.opt.merged)} / ${num(r.wopt.merged)} | ${num(r.opt.foldable)} / ${num(r.wopt.foldable)} | ${r.diff ? r.diff.status : '–'} |`);
  }
  out.push(...outputNotes(part.results.filter((r) => r.diff).map((r) => ({ label: r.input, diff: r.diff }))));
  return out;
}

/** The across-modules table and LLVM's stages (markdown lines). */
export function acrossMarkdown(part) {
  if (!part) return [];
  if (part.error) return [`Not run: ${part.error}`];
  const out = ['| program | modules | MB | way | wall | vs LLVM | merged | thunks | foldable instructions | outputs vs LLVM\'s | .cgdata vs llvm-cgdata\'s |',
    '|---|---:|---:|---|---:|---:|---:|---:|---:|---|---|'];
  const stages = [];
  for (const r of part.results) {
    const head = `| ${esc(r.what ?? r.program)} | ${r.modules || '–'} | ${mb(r.bytes)} |`;
    if (!r.way) { out.push(`${head} – | not run: ${esc(r.error)} | | | | | | |`); continue; }
    if (r.unavailable) { out.push(`${head} ${esc(r.label)} | ${esc(r.unavailable)} | – | – | – | – | – | – |`); continue; }
    if (r.error) { out.push(`${head} ${esc(r.label)} | **error**: ${esc(r.error)} | – | – | – | – | – | – |`); continue; }
    const isLlvm = r.way === 'llvm';
    out.push(`${head} ${esc(r.label)} | ${fmtS(r.median)} | ${isLlvm ? '1.00×' : fmtX(r.ratio)} | ${num(r.merged)} | ${num(r.thunks)} | ${num(r.foldable)} | ` +
      `${isLlvm ? '(reference)' : r.compared ? fmtCounts(r.compared) : '–'} | ${isLlvm ? '(reference)' : r.cgdata ? esc(r.cgdata.status) : '–'} |`);
    if (isLlvm && r.stageMedians) {
      const s = r.stageMedians, c = r.cgdataCounts ?? {};
      stages.push(`- ${r.what}: round 1 ${fmtS(s.round1)}, llc ${fmtS(s.llc)}, llvm-cgdata --merge ${fmtS(s.merge)}, round 2 ${fmtS(s.round2)}; ` +
        `\`llvm-cgdata --show\`: ${num(c.uniqueHashes)} unique hashes, ${num(c.functions)} functions, ${num(c.mergeable)} mergeable`);
    }
  }
  if (stages.length) out.push('', "LLVM's stages (medians; the wall time above is their sum):", ...stages);
  out.push(...outputNotes(part.results.flatMap((r) => Object.values(r.firstDiffs ?? {}).map((d) => ({ label: `${r.what}, ${r.label}, ${d.file}`, diff: d })))));
  const cg = part.results.filter((r) => r.cgdata?.detail);
  if (cg.length) out.push('', ...cg.map((r) => `- ${r.what}, ${r.label}: .cgdata ${r.cgdata.status}: ${r.cgdata.detail}`));
  return out;
}

export const GMF_WHAT = 'merged = `.Tgm` bodies in the outputs (one per merged function; the function itself stays as a thunk calling it); ' +
  'foldable instructions = what identical code folding could save among those bodies, (copies - 1) × instructions of each set of bodies with equal instructions, ' +
  'counted the same way in both tools\' IR (global-merge-func itself adds the thunks\' instructions).';

/** The whole report of runGmf as markdown. */
export function markdown(report) {
  const m = report.meta ?? {};
  const out = [`global-merge-func: wopt --llvm-version=22 against LLVM ${m.llvm?.optVersion ?? '22'}; median of ${m.runs ?? '?'} runs; ` +
    `node ${m.node ?? '?'}; ${m.cpu ?? '?'} ×${m.cpus ?? '?'}; load ${(m.loadStart ?? []).map((x) => x.toFixed(2)).join('/')} at the start, ${(m.loadEnd ?? []).map((x) => x.toFixed(2)).join('/')} at the end`, ''];
  if (m.error) return [...out, `Not run: ${m.error}`].join('\n');
  if (report.one) out.push('One module: `opt-22 -S -passes=global-merge-func in.ll -o out.ll` against `wopt --llvm-version=22` with the same arguments, whole processes, alternating.', '', ...oneMarkdown(report.one), '');
  if (report.across) {
    out.push(`Across modules: LLVM's two rounds (\`opt -codegen-data-generate\`, \`llc -filetype=obj\`, \`llvm-cgdata --merge\`, \`opt -codegen-data-use-path\`; opt and llc ${m.llvmJobs ?? 2} at a time) ` +
      'against one `wopt -S -passes=global-merge-func --across-modules --emit-cgdata=F -output-dir=D -j N` process; "vs LLVM" = LLVM\'s time over wopt\'s (> 1: wopt is faster). ' +
      'Outputs: each module\'s against LLVM\'s round-2 output (identical = same bytes apart from the ModuleID/source_filename lines); .cgdata: identical bytes, else the same content (`llvm-cgdata --convert`), else the same `llvm-cgdata --show`.', '');
    out.push(...acrossMarkdown(report.across), '');
  }
  out.push(GMF_WHAT);
  return out.join('\n');
}

export async function main(argv = process.argv.slice(2)) {
  let o;
  try { o = parseArgs(argv); } catch (e) { console.error(e.message); return 2; }
  if (o.help) { console.log(USAGE); return 0; }
  const report = await runGmf(o);
  process.stdout.write((o.json ? JSON.stringify(report, null, 2) : markdown(report)) + '\n');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
