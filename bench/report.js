#!/usr/bin/env node
// The full bench report (`npm run bench`, `node bench/run.js [report] [options]`): in one run,
//   1. generated modules (bench/gen.js) at 1, 10 and 100 MB × {parse+print, mem2reg, mergefunc},
//   2. the real programs (bench/real.js: SQLite -O0 -g, bench/programs/telemetry.cpp -O2) compiled
//      by clang-19 and clang-22,
// both side by side with opt-19 and opt-22 (bench/side-by-side.js: alternating runs, medians,
// peak RSS, outputs compared), and
//   3. bitcode: the same inputs as llvm-as-V's .bc, side by side with `opt-V in.bc -o out.bc` (and
//      the passes; bench/side-by-side.js --format bc), and read / write MB/s in process beside
//      parse / print of the same text (bench/bitcode.bench.js),
//   4. the batch rows (bench/batch.bench.js: many modules, opt a process each vs wopt -output-dir,
//      with -j 1 / -j 2 when the CLI has -j): generated modules, and SQLite's source files as a
//      folder of real modules (bench/real.js sqliteFolder; unless --no-real),
//   5. the program repository in SQLite and PostgreSQL (bench/repo.bench.js; unless --no-repo),
//   6. global merge functions, LLVM 22 (bench/gmf.bench.js; unless --no-gmf): global-merge-func on
//      one module against opt-22, and across zstd's and SQLite's modules against LLVM's two rounds,
//   7. the language server (bench/lsp.bench.js; unless --no-lsp): didChange to publishDiagnostics
//      on ~100 KB, ~1 MB and ~10 MB real modules, and its memory per open document,
// then writes bench/results/<YYYY-MM-DD>.md (tables, machine, command), .svg (the chart) and
// .json (every number, to re-render with --from). Progress goes to stderr while it runs.
//
// A bench reports, it never fails: a missing opt-V or clang-V, a wopt error or a differing
// output is a row or a note in the report, not an exit status.

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, type as osType, release as osRelease } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { forEachOption } from './options.js';
import { COMPARE_LLVM_VERSIONS, parseLlvmList, llvmTargets } from './llvm.js';
import { parseArgs as sideBySideArgs, runSideBySide } from './side-by-side.js';
import { parseArgs as batchArgs, runBatch } from './batch.bench.js';
import { parseArgs as bitcodeArgs, runBitcodeBench } from './bitcode.bench.js';
import { parseArgs as gmfArgs, runGmf } from './gmf.bench.js';
import { parseArgs as lspArgs, runLsp } from './lsp.bench.js';
import { REAL_PROGRAMS, realInputs, clangFor, clangVersion } from './real.js';
import { reportMarkdown, reportSvg, readmeBlock, replaceReadmeBlock } from './report-render.js';
import { GEN_VERSION } from './gen.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
/** The page --docs writes the bench block into (relative to the repository's root). */
export const PERFORMANCE_DOC = 'docs/PERFORMANCE.md';

const FULL = { sizes: ['1MB', '10MB', '100MB'], runs: 5, batchFiles: 200, batchSize: '300KB', batchRuns: 5 };
const QUICK = { sizes: ['1MB', '10MB'], runs: 1, batchFiles: 10, batchSize: '300KB', batchRuns: 1 };

export const USAGE = `usage: npm run bench [-- options]     (node bench/run.js [report] [options])
The full report: generated modules, real programs, bitcode and batch rows against opt-19 and opt-22, written
to bench/results/<YYYY-MM-DD>.{md,svg,json}. About 25-30 min on a 2-core machine (bitcode part included; an estimate); --quick: ~5 min.
  --quick           1 and 10 MB, 1 run, a batch of ${QUICK.batchFiles} modules: shows that everything works;
                    written as <date>-quick.* and labelled as such
  --runs N          timed runs per tool and case (default ${FULL.runs}; --quick ${QUICK.runs})
  --sizes LIST      generated module sizes (default ${FULL.sizes.join(',')}; '' for none)
  --passes LIST     pipelines on the generated modules (default ,mem2reg,mergefunc; empty = parse+print)
  --llvm LIST       LLVM versions (default ${COMPARE_LLVM_VERSIONS.join(',')}); one whose opt is missing is noted, not fatal
  --programs LIST   real programs (default ${REAL_PROGRAMS.map((p) => p.name).join(',')}); --no-real for none
  --no-generated    --no-real    --no-bitcode    --no-batch    --no-repo    --no-gmf    --no-lsp   leave a part out
                    (bitcode: the generated sizes and real programs as llvm-as-V's .bc, whole
                    process against opt-V in.bc -o out.bc, and read/write MB/s in process;
                    repo: SQLite -O0 -g through repo-metadata,repo-prune,mem2reg into a new
                    repository and again, against mem2reg alone, with repo link of the second,
                    and a generated 50 MB module (--quick 10 MB), in an SQLite file and in
                    PostgreSQL (a throwaway cluster) side by side; the stores' entries/s in
                    process and for 1, 4 and 16 concurrent writer processes;
                    gmf: LLVM 22's global-merge-func on zstd and SQLite modules at -O2 against
                    opt-22, and across their modules against LLVM's two rounds, --batch-runs
                    runs; --no-real leaves it out too; lsp: the language server's edit-to-diagnostics
                    time on ~100 KB, ~1 MB and ~10 MB real modules and its memory per open document,
                    --runs edit pairs, the newest --llvm version)
  --batch-files N   modules in the batch rows (default ${FULL.batchFiles}; --quick ${QUICK.batchFiles})
  --batch-size S    size of each batch module (default ${FULL.batchSize})
  --batch-runs N    timed runs of each batch way (default ${FULL.batchRuns}; --quick ${QUICK.batchRuns})
  --out DIR         where the files go (default bench/results)
  --name NAME       file name stem (default the date, YYYY-MM-DD, with -quick for --quick)
  --from FILE.json  no runs: write the .md and .svg again from a saved report
  --docs            also put the chart and the headline tables into docs/PERFORMANCE.md (between
                    its <!-- bench-report:start/end --> markers); --readme is the old name
  --timeout S       per-process timeout in seconds (default 900)`;

export function parseArgs(argv) {
  const o = { quick: false, runs: null, sizes: null, passes: null, llvm: null, programs: null, generated: true, real: true, bitcode: true, batch: true, repo: true, gmf: true, lsp: true,
    batchFiles: null, batchSize: null, batchRuns: null, out: join(HERE, 'results'), name: null, from: null, readme: false, timeout: 900 };
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--quick': o.quick = true; break;
      case '--runs': o.runs = Math.max(1, parseInt(val(), 10)); break;
      case '--sizes': o.sizes = val().split(',').map((s) => s.trim()).filter(Boolean); break;
      case '--passes': o.passes = val(); break;
      case '--llvm': o.llvm = parseLlvmList(val()); break;
      case '--programs': o.programs = val().split(',').map((s) => s.trim()).filter(Boolean); break;
      case '--no-generated': o.generated = false; break;
      case '--no-real': o.real = false; break;
      case '--no-bitcode': o.bitcode = false; break;
      case '--no-batch': o.batch = false; break;
      case '--no-repo': o.repo = false; break;
      case '--no-gmf': o.gmf = false; break;
      case '--no-lsp': o.lsp = false; break;
      case '--batch-files': o.batchFiles = Math.max(1, parseInt(val(), 10)); break;
      case '--batch-size': o.batchSize = val(); break;
      case '--batch-runs': o.batchRuns = Math.max(1, parseInt(val(), 10)); break;
      case '--out': o.out = resolve(val()); break;
      case '--name': o.name = val(); break;
      case '--from': o.from = resolve(val()); break;
      case '--docs': case '--readme': o.readme = true; break;
      case '--timeout': o.timeout = Number(val()); break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  const d = o.quick ? QUICK : FULL;
  o.runs ??= d.runs; o.sizes ??= d.sizes; o.batchFiles ??= d.batchFiles; o.batchSize ??= d.batchSize; o.batchRuns ??= d.batchRuns;
  for (const p of o.programs ?? []) if (!REAL_PROGRAMS.some((x) => x.name === p)) throw new Error(`--programs: no program '${p}' (${REAL_PROGRAMS.map((x) => x.name).join(', ')})`);
  return o;
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function git(args) {
  const r = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

const clock = (t0) => {
  const s = Math.round((Date.now() - t0) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Runs the parts and returns the report object (see bench/report-render.js). */
export async function runReport(o, write = (m) => process.stderr.write(m + '\n')) {
  const t0 = Date.now();
  const log = (m) => write(`[${clock(t0)}] ${m}`);
  const versions = o.llvm ?? COMPARE_LLVM_VERSIONS;
  const notes = [];
  // the tools of each version; a version without opt (or llvm-diff) is left out with a note
  const tools = [], targets = [];
  for (const v of versions) {
    const t = { version: v };
    try {
      const [target] = llvmTargets({ llvm: [v] }, { diff: true });
      Object.assign(t, { opt: target.opt, optVersion: target.optVersion });
      targets.push(v);
    } catch (e) {
      t.optMissing = e.message.split('\n')[0];
      notes.push(`LLVM ${v} left out: ${t.optMissing}.`);
    }
    const clang = clangFor(v);
    if (clang) Object.assign(t, { clang, clangVersion: clangVersion(clang) }); else t.clangMissing = `clang-${v} not installed`;
    tools.push(t);
  }
  const meta = {
    date: today(), started: new Date().toISOString(), quick: o.quick,
    command: `${process.env.npm_lifecycle_event === 'bench' ? 'npm run bench' : 'node bench/run.js'}${o.argv?.length ? `${process.env.npm_lifecycle_event === 'bench' ? ' --' : ''} ${o.argv.join(' ')}` : ''}`,
    machine: { cpu: cpus()[0]?.model?.trim(), cores: cpus().length, memGB: totalmem() / 2 ** 30, os: `${osType()} ${osRelease()}`, loadStart: loadavg() },
    node: process.version, wopt: { commit: git(['rev-parse', '--short', 'HEAD']), dirty: !!git(['status', '--porcelain', '--untracked-files=no']) },
    versions: targets, tools, runs: o.runs, sizes: o.generated ? o.sizes : [], generator: { version: GEN_VERSION, seed: 1, dup: 0.3 }, notes,
  };
  const report = { meta, sideBySide: null, bitcode: null, batch: null, batchReal: null, repo: null, gmf: null, lsp: null };
  if (!targets.length) { log('no LLVM version with an opt: nothing to compare with'); return finish(report, t0); }

  const parts = [o.generated && o.sizes.length && 'generated', o.real && 'real', o.bitcode && 'bitcode', o.batch && 'batch', o.real && o.repo && 'repo', o.real && o.gmf && 'gmf', o.lsp && 'lsp'].filter(Boolean);
  log(`plan: ${parts.join(', ')}; LLVM ${targets.join(', ')}; ${o.runs} run${o.runs === 1 ? '' : 's'} per case${o.quick ? ' (quick)' : ''}`);

  // 1 and 2: one side-by-side run over the generated sizes and the real programs
  const extra = [];
  if (o.real) {
    log(`real programs: compiling (cached in bench/.cache/real) ...`);
    extra.push(...realInputs(targets, { names: o.programs, log, timeout: o.timeout }));
    meta.programs = extra.map((x) => ({ program: x.program, label: x.label, what: x.what, level: x.level, pipelines: x.passes,
      perVersion: Object.fromEntries(Object.entries(x.perVersion).map(([v, f]) => [v, f.path ? { file: basename(f.path), bytes: f.bytes } : f])) }));
    for (const x of extra) for (const [v, f] of Object.entries(x.perVersion)) if (!f.path) notes.push(`${x.label}, LLVM ${v}: ${f.missing || f.error}.`);
  }
  const sbsArgv = ['--llvm', targets.join(','), '--runs', String(o.runs), '--timeout', String(o.timeout),
    '--sizes', o.generated ? o.sizes.join(',') : '', ...(o.passes != null ? ['--passes', o.passes] : [])];
  if ((o.generated && o.sizes.length) || extra.length) {
    const sbs = sideBySideArgs(sbsArgv);
    if (!o.generated) sbs.sizes = [];
    log(`side by side: ${o.generated ? `generated ${sbs.sizes.join(', ')} × ${sbs.passes.map((p) => p || 'parse+print').join(', ')}` : 'no generated modules'}` +
      `${extra.length ? `; ${extra.map((x) => x.label).join(', ')}` : ''}`);
    report.sideBySide = await runSideBySide(sbs, log, { extra });
    // the report names the input files, not where this checkout keeps them
    for (const r of report.sideBySide.results) if (r.path) { r.file = basename(r.path); delete r.path; }
    meta.rss = report.sideBySide.meta.rss;
  }

  // 3: bitcode, whole process (the same cases on llvm-as-V's .bc) and in process
  if (o.bitcode && ((o.generated && o.sizes.length) || extra.length)) {
    report.bitcode = await runBitcode(o, targets, sbsArgv, extra, log);
  }

  // 4: the batch rows: generated modules, and SQLite's own source files as a folder of real modules
  if (o.batch) {
    const common = ['--llvm', targets.join(','), '--runs', String(o.batchRuns), '--timeout', String(o.timeout)];
    const sets = [
      { key: 'batch', what: `${o.batchFiles} generated modules of ~${o.batchSize}`, argv: [...common, '--files', String(o.batchFiles), '--size', o.batchSize] },
      // a process per module of wopt is already in the generated rows
      ...(o.real ? [{ key: 'batchReal', what: "SQLite's source files", argv: [...common, '--sqlite-files', '--no-single'] }] : []),
    ];
    for (const set of sets) {
      log(`batch: ${set.what}, ${o.batchRuns} run${o.batchRuns === 1 ? '' : 's'} of each way`);
      try {
        report[set.key] = await runBatch(batchArgs(set.argv), log);
      } catch (e) {
        report[set.key] = { error: e.message.split('\n')[0] };
        log(`batch: ${report[set.key].error}`);
      }
    }
  }
  // 5: the program repository on a real debug build (no opt counterpart: against the same
  // pipeline without the repository passes)
  if (o.real && o.repo) report.repo = await runRepo(o, targets, log);
  // 6: global merge functions (LLVM 22 only): one module against opt-22, across modules against
  // LLVM's two rounds
  if (o.real && o.gmf) {
    if (!targets.includes(22)) report.gmf = { error: "needs LLVM 22 (global-merge-func is LLVM 22's)" };
    else {
      log(`global merge functions: one module and across modules, ${o.batchRuns} run${o.batchRuns === 1 ? '' : 's'} of each way`);
      try {
        report.gmf = await runGmf(gmfArgs(['--runs', String(o.batchRuns), '--timeout', String(o.timeout)]), log);
      } catch (e) {
        report.gmf = { error: e.message.split('\n')[0] };
        log(`global merge functions: ${report.gmf.error}`);
      }
    }
  }
  // 7: the language server through its own process: edit to diagnostics, memory per document
  if (o.lsp) {
    const v = Math.max(...targets);
    log(`language server: ~100 KB, ~1 MB, ~10 MB modules, LLVM ${v}, ${o.runs} edit pair${o.runs === 1 ? '' : 's'} each`);
    try {
      report.lsp = await runLsp(lspArgs(['--runs', String(o.runs), '--llvm', String(v)]), log);
    } catch (e) {
      report.lsp = { error: e.message.split('\n')[0] };
      log(`language server: ${report.lsp.error}`);
    }
  }
  return finish(report, t0);
}

// The repository part, each store (SQLite file, PostgreSQL: a throwaway cluster) side by side:
// per LLVM version bench/repo.bench.js's first/second run pair on SQLite -O0 -g; at the newest
// version the same on a generated module (50 MB; --quick 10 MB); the stores' in-process throughput
// and 1/4/16 concurrent writer processes. Each part a result or { error }.
async function runRepo(o, targets, log) {
  const rb = await import('./repo.bench.js');
  const ro = (argv) => rb.parseArgs([...argv, '--runs', String(o.batchRuns), '--timeout', String(o.timeout), '--store-runs', String(o.quick ? 1 : 3)]);
  const stores = await rb.openStores(ro([]), log);
  const out = { stores: stores.map((st) => st.error ? { name: st.name, error: st.error } : { name: st.name }), results: [], generated: [], store: null, writers: null };
  const pipeline = async (argv, into) => {
    const v = Number(argv[argv.indexOf('--llvm') + 1]);
    for (const st of stores) {
      if (st.error) { into.push({ llvm: v, store: st.name, error: st.error }); continue; }
      try {
        const r = await rb.runPipeline(ro(argv), log, st);
        r.file = basename(r.input); delete r.input;
        into.push(r);
      } catch (e) {
        into.push({ llvm: v, store: st.name, error: e.message.split('\n')[0] });
      }
    }
  };
  try {
    for (const v of targets) {
      log(`repository: SQLite -O0 -g, LLVM ${v}, ${stores.map((st) => st.name).join(' and ')}, ${o.batchRuns} run pair${o.batchRuns === 1 ? '' : 's'} each`);
      await pipeline(['--program', 'sqlite', '--passes', 'repo-metadata,repo-prune,mem2reg', '--llvm', String(v)], out.results);
    }
    const size = o.quick ? '10MB' : '50MB', v = targets[targets.length - 1];
    log(`repository: a generated ${size} module, LLVM ${v}, ${stores.map((st) => st.name).join(' and ')}`);
    await pipeline(['--size', size, '--llvm', String(v)], out.generated);
    log('repository: store throughput in process, and 1/4/16 writer processes');
    try { out.store = await rb.runStore(ro([]), log, stores); } catch (e) { out.store = { error: e.message.split('\n')[0] }; }
    try { out.writers = await rb.runWriters(ro([]), log, stores); } catch (e) { out.writers = { error: e.message.split('\n')[0] }; }
  } finally {
    for (const st of stores) await st.close?.();
  }
  return out;
}

// The bitcode part: { sideBySide, inProcess }, each the part's result or { error } (a missing
// llvm-as / llvm-dis, say), so one failing half leaves the other.
async function runBitcode(o, targets, sbsArgv, extra, log) {
  const out = { sideBySide: null, inProcess: null };
  try {
    const sbs = sideBySideArgs([...sbsArgv, '--format', 'bc']);
    if (!o.generated) sbs.sizes = [];
    log(`bitcode, whole process: ${[...sbs.sizes, ...extra.map((x) => x.label)].join(', ')} as llvm-as-V's .bc × ${sbs.passes.map((p) => p || 'parse+write').join(', ')}`);
    out.sideBySide = await runSideBySide(sbs, log, { extra });
    for (const r of out.sideBySide.results) if (r.path) { r.file = basename(r.path); delete r.path; }
  } catch (e) {
    out.sideBySide = { error: e.message.split('\n')[0] };
    log(`bitcode, whole process: ${out.sideBySide.error}`);
  }
  try {
    const argv = ['--llvm', targets.join(','), '--iterations', String(o.runs), '--sizes', o.generated ? o.sizes.join(',') : ''];
    if (extra.length) argv.push('--programs', [...new Set(extra.map((x) => x.program))].join(','));
    log(`bitcode, in process: read / write .bc beside parse / print .ll, ${o.runs} iteration${o.runs === 1 ? '' : 's'} after a warm-up`);
    out.inProcess = await runBitcodeBench({ ...bitcodeArgs(argv), timeout: o.timeout }, log);
  } catch (e) {
    out.inProcess = { error: e.message.split('\n')[0] };
    log(`bitcode, in process: ${out.inProcess.error}`);
  }
  return out;
}

function finish(report, t0) {
  report.meta.elapsed = (Date.now() - t0) / 1000;
  report.meta.machine.loadEnd = loadavg();
  // more runnable processes than cores at either end: other jobs were running
  report.meta.machine.shared = Math.max(report.meta.machine.loadStart[0], report.meta.machine.loadEnd[0]) > report.meta.machine.cores * 0.75;
  return report;
}

/** Writes <out>/<name>.{json,md,svg}; returns their paths. */
export function writeReport(report, out, name) {
  mkdirSync(out, { recursive: true });
  const files = { json: join(out, `${name}.json`), md: join(out, `${name}.md`), svg: join(out, `${name}.svg`) };
  writeFileSync(files.json, JSON.stringify(report, null, 2) + '\n');
  writeFileSync(files.svg, reportSvg(report));
  writeFileSync(files.md, reportMarkdown(report, { svgName: basename(files.svg) }) + '\n');
  return files;
}

export async function main(argv = process.argv.slice(2)) {
  let o;
  try { o = parseArgs(argv); } catch (e) { console.error(e.message); return 2; }
  if (o.help) { console.log(USAGE); return 0; }
  o.argv = argv;
  let report;
  if (o.from) report = JSON.parse(readFileSync(o.from, 'utf8'));
  else report = await runReport(o);
  const name = o.name ?? (o.from ? basename(o.from, '.json') : `${report.meta.date}${report.meta.quick ? '-quick' : ''}`);
  const files = writeReport(report, o.out, name);
  process.stderr.write(`wrote ${files.md}, ${files.svg} and ${files.json}${o.from ? '' : ` (${(report.meta.elapsed / 60).toFixed(1)} min)`}\n`);
  if (o.readme) {
    const docPath = join(ROOT, PERFORMANCE_DOC);
    const next = replaceReadmeBlock(readFileSync(docPath, 'utf8'), readmeBlock(report, { dir: relative(dirname(docPath), o.out).split('\\').join('/'), name }));
    if (next === null) process.stderr.write(`--docs: ${PERFORMANCE_DOC} has no <!-- bench-report:start --> ... <!-- bench-report:end --> block; left as it was\n`);
    else { writeFileSync(docPath, next); process.stderr.write(`updated the bench block of ${PERFORMANCE_DOC}\n`); }
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
