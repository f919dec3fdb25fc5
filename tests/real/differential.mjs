#!/usr/bin/env node
// Real-program differential suite: whole programs compiled by clang (and rustc) at four
// optimisation levels, each module run through wopt --llvm-version=N and through native opt-N with
// the same pipeline, compared byte for byte. A wrong type or field is valid IR, so "opt accepts our output" is never enough: for every
// case both of these must hold:
//   1. wopt's output equals opt's output (less the "; ModuleID" and "source_filename" lines);
//   2. opt reads wopt's output (so it verifies) and prints it back unchanged.
// The IR is generated on every run from the sources (nothing cached that could go stale).
//
// Usage: node tests/real/differential.mjs [options]
//   --llvm 19,22          LLVM versions (clang-N and opt-N from /usr/lib/llvm-N/bin); default: all
//                         of SUPPORTED that are installed
//   --programs a,b        programs by name (default: all; see PROGRAMS)
//   --levels O0,O0g,O1,O2 optimisation levels (default: all four)
//   --pipelines p,q       print (no passes), mem2reg, mergefunc, repo, global-merge-func,
//                         gmf+mergefunc, across-modules (default: all; repo: repo-metadata,repo-prune,mem2reg into
//                         a new repository and again, which prunes everything, then `repo link`,
//                         which gives the first output back; global-merge-func: LLVM 22 only, the
//                         merges are counted; gmf+mergefunc: global-merge-func,mergefunc, LLVM 22
//                         only, mergefunc folding the identical .Tgm bodies, those left counted;
//                         across-modules: see below)
//   --no-cross            leave out the cross pairs: an older clang's output read under a newer LLVM
//                         (clang-19 modules with --llvm-version=22 against opt-22: print, mem2reg
//                         and mergefunc), run by default when both versions are asked for
//   -j N                  cases in parallel (default 2)
//   --keep                keep the work directory and print its path
// WOPT_CLI="cmd args" runs another wopt command line (as tests/roundtrip.mjs does).
//
// across-modules (LLVM 22, the programs of several modules: zstd's 40 files, SQLite's source
// files): global-merge-func across all of a program's modules. The reference is LLVM's two rounds
// (bench/llvm-two-rounds.js: opt -codegen-data-generate, llc, llvm-cgdata --merge, opt
// -codegen-data-use-path); one `wopt -S -passes=global-merge-func --across-modules
// --emit-cgdata=F -output-dir=D -j N` run over the same paths must write every module's round-2
// output byte for byte (less the two header lines) and the .cgdata llvm-cgdata --merge wrote (the
// same bytes; else the same `llvm-cgdata --convert`, or at least the same `--show`, noted); then,
// round 1 shared through a repository, batches on each half of the modules with --repo must write
// the same outputs for their modules once the other half's maps are stored. While the CLI lacks --across-modules
// (its --help does not list it, or it rejects the option) the case is skipped with a note: not
// a pass. The C++ programs and Catch2 are one module each: no such case.
// Exit status: 0 when every case matched (skipped ones aside), 1 when one did not, 2 on usage
// errors or when a requested compiler is missing.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, availableParallelism, homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { run, runPool, DEFAULT_CLI } from '../roundtrip.mjs';
import { llvmBin } from '../node/helpers.js';
import { ZSTD_FLAGS, zstdSources, splitAmalgamation } from '../../bench/real.js';
import { runTwoRounds, countMerges, woptAcrossSupport, woptAcrossArgs, rejectsOption, compareCgdataFiles } from '../../bench/llvm-two-rounds.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../..');
const CLI = path.join(REPO, 'bindings', 'cli.js');
const TIMEOUT_MS = 600_000;

// The LLVM versions whose clang output wopt reads and whose opt it matches.
export const SUPPORTED = [19, 22];

// SQLite: the public-domain amalgamation (shared/real-programs, or the copy inside better-sqlite3).
function sqliteSource() {
  for (const p of [path.resolve(REPO, '../shared/real-programs/sqlite3.c'),
    path.join(REPO, 'node_modules/better-sqlite3/deps/sqlite3/sqlite3.c')]) if (existsSync(p)) return p;
  return null;
}
// zstd's library (shared/real-programs/zstd/lib): 40 C files, each its own module (bench/real.js
// finds them).
// Catch2 (shared/real-programs/catch2): the framework's one .cpp and catch2-checks.cpp.
const CATCH2 = path.resolve(REPO, '../shared/real-programs/catch2/extras');
function catch2Sources() {
  const framework = path.join(CATCH2, 'catch_amalgamated.cpp');
  return existsSync(framework) ? [framework, path.join(HERE, 'catch2-checks.cpp')] : null;
}
// SQLite's source files: the amalgamation split back into its files (bench/real.js
// splitAmalgamation) in the work directory, the .c files each a module, compiled as a build from
// the tree compiles them (SQLITE_CORE, SQLITE_PRIVATE empty). A few need more of the build's
// configuration than that: those clang rejects are left out with a note (`optional`).
function sqliteFiles(dir) {
  const src = sqliteSource();
  if (!src || !dir) return null;
  const tree = path.join(dir, 'sqlite-src');
  if (!existsSync(tree)) {
    mkdirSync(tree, { recursive: true });
    for (const [name, text] of splitAmalgamation(readFileSync(src, 'utf8'))) writeFileSync(path.join(tree, name), text);
  }
  return readdirSync(tree).filter((f) => f.endsWith('.c')).sort().map((f) => path.join(tree, f));
}
// rustc is built on one LLVM (1.95: LLVM 22), so its output is checked against that version only.
// A program of several files (`sources`) is one module per file; `levels` and `pipelines` narrow
// what a program runs (zstd: -O2, the merging passes: 40 modules is already a lot of cases).
// `sources(dir)` may write into the work directory `dir`.
export const PROGRAMS = {
  sqlite: { source: sqliteSource, lang: 'c', flags: ['-w'] },
  zstd: { sources: zstdSources, lang: 'c', flags: ZSTD_FLAGS,
    levels: ['O2'], pipelines: ['mergefunc', 'global-merge-func', 'gmf+mergefunc', 'across-modules'] },
  'sqlite-files': { sources: sqliteFiles, lang: 'c', flags: ['-w', '-DSQLITE_CORE', '-DSQLITE_PRIVATE='], optional: true,
    levels: ['O2'], pipelines: ['across-modules'] },
  inventory: { source: () => path.join(HERE, 'inventory.cpp'), lang: 'c++', flags: ['-std=c++17'] },
  coroutines: { source: () => path.join(HERE, 'coroutines.cpp'), lang: 'c++', flags: ['-std=c++20'] },
  generics: { source: () => path.join(HERE, 'generics.rs'), lang: 'rust', llvm: [22] },
  // Catch2's amalgamated framework and our tests written against it: two modules
  catch2: { sources: catch2Sources, lang: 'c++', flags: ['-std=c++17', `-I${CATCH2}`], levels: ['O1', 'O2'],
    pipelines: ['print', 'mergefunc', 'global-merge-func', 'gmf+mergefunc', 'across-modules'] },
  // the same crate split by rustc into codegen units, a module each (rustc writes them itself)
  'generics-cgus': { sources: rustCodegenUnits, lang: 'ir', llvm: [22], levels: ['O2'], pipelines: ['across-modules'] },
};
// generics.rs at -O2 in 8 codegen units: rustc's per-unit IR (-C save-temps keeps it), in the work
// directory, as a Rust build hands its units to LLVM.
function rustCodegenUnits(dir) {
  if (!dir || !RUSTC) return null;
  const out = path.join(dir, 'rust-cgus');
  if (!existsSync(out)) {
    mkdirSync(out, { recursive: true });
    const r = spawnSync(RUSTC, ['--edition=2021', '--crate-type=lib', '--emit=llvm-ir', '-C', 'opt-level=2', '-C', 'codegen-units=8',
      '-C', 'save-temps', '--remap-path-prefix', `${HERE}=.`, '--out-dir', out, path.join(HERE, 'generics.rs')]);
    if (r.status !== 0) throw new Error(`rustc failed on generics.rs in codegen units: ${clip(String(r.stderr))}`);
  }
  return readdirSync(out).filter((f) => /-cgu\.\d+\.rcgu\.ll$/.test(f)).sort().map((f) => path.join(out, f));
}
// rustc's flags for each level (its -O0 has no optnone to turn off).
const RUST_LEVELS = {
  O0: ['-C', 'opt-level=0'],
  O0g: ['-C', 'opt-level=0', '-C', 'debuginfo=2'],
  O1: ['-C', 'opt-level=1'],
  O2: ['-C', 'opt-level=2'],
};
// rustc on PATH, or where rustup installs it (a CI environment may leave ~/.cargo/bin off PATH).
const RUSTC = [process.env.RUSTC, 'rustc', path.join(process.env.CARGO_HOME || path.join(homedir(), '.cargo'), 'bin', 'rustc')]
  .filter(Boolean).find((c) => spawnSync(c, ['--version']).status === 0) ?? null;
export const haveRustc = () => RUSTC !== null;
// -O0 keeps optnone off so that mem2reg and mergefunc have work to do, as the pass tests do.
export const LEVELS = {
  O0: ['-O0', '-Xclang', '-disable-O0-optnone'],
  O0g: ['-O0', '-g', '-Xclang', '-disable-O0-optnone'],
  O1: ['-O1'],
  O2: ['-O2'],
};
export const PIPELINES = { print: null, mem2reg: 'mem2reg', mergefunc: 'mergefunc', repo: 'repo-metadata,repo-prune,mem2reg',
  'global-merge-func': 'global-merge-func', 'gmf+mergefunc': 'global-merge-func,mergefunc', 'across-modules': 'global-merge-func' };
// Pipelines only some LLVM versions have (opt-19 has no global-merge-func).
export const PIPELINE_VERSIONS = { 'global-merge-func': [22], 'gmf+mergefunc': [22], 'across-modules': [22] };
// The pipelines whose output's .Tgm bodies are counted (after mergefunc: those it left).
const COUNTS_TGM = new Set(['global-merge-func', 'gmf+mergefunc']);
// Pipelines run once over all of a program's modules (its `sources`), not module by module.
export const ACROSS = new Set(['across-modules']);
// The cross pairs: an LLVM 19 compiler's output read under LLVM 22 (the upgrades opt-22 makes as
// it reads: lifetime markers, renamed intrinsics, attributes), through these pipelines.
export const CROSS = { from: 19, to: 22, pipelines: ['print', 'mem2reg', 'mergefunc'] };
const TARGET = '--target=x86_64-pc-linux-gnu';

export { llvmBin };
export const haveLLVM = (v) => existsSync(`${llvmBin(v)}/clang`) && existsSync(`${llvmBin(v)}/opt`);

// First line where two module prints differ, ignoring the two header lines opt names after the file.
export function firstDifference(a, b) {
  const skip = (l) => l.startsWith('; ModuleID = ') || l.startsWith('source_filename = ');
  const la = a.split('\n'), lb = b.split('\n');
  let i = 0, j = 0;
  while (true) {
    while (i < la.length && skip(la[i])) i++;
    while (j < lb.length && skip(lb[j])) j++;
    if (i >= la.length || j >= lb.length) {
      if (i >= la.length && j >= lb.length) return null;
      return { lineA: i + 1, lineB: j + 1, a: la[i] ?? '<end of file>', b: lb[j] ?? '<end of file>' };
    }
    if (la[i] !== lb[j]) return { lineA: i + 1, lineB: j + 1, a: la[i], b: lb[j] };
    i++; j++;
  }
}

const clip = (s) => (s.length > 300 ? `${s.slice(0, 300)}...` : s);
// The two lines around their first differing column, so a long line shows where it differs.
function around(a, b) {
  let c = 0;
  while (c < a.length && c < b.length && a[c] === b[c]) c++;
  const from = Math.max(0, c - 120);
  const cut = (s) => `${from > 0 ? '...' : ''}${s.slice(from, c + 180)}${s.length > c + 180 ? '...' : ''}`;
  return [cut(a), cut(b), c + 1];
}
const describe = (d, nameA, nameB) => {
  const [a, b, col] = around(d.a, d.b);
  return `first difference (column ${col}): ${nameA} line ${d.lineA}: ${a}\n                  ${nameB} line ${d.lineB}: ${b}`;
};

/** Compiles one program (its file `file` when it has several) at one level with clang-v into dir;
 *  resolves to the .ll path. */
export async function compile(program, level, v, dir, file = null) {
  const p = PROGRAMS[program];
  const src = file ?? p.source();
  if (!src || !existsSync(src)) throw new Error(`${program}: source not found`);
  if (p.lang === 'ir') return src;   // already a module (rustc's codegen units)
  if (p.lang === 'rust') {
    const out = path.join(dir, `${program}.rustc.${level}.ll`);
    const r = await run(RUSTC, ['--edition=2021', '--crate-type=bin', '--emit=llvm-ir', ...RUST_LEVELS[level],
      '--remap-path-prefix', `${HERE}=.`, src, '-o', out], { timeout: TIMEOUT_MS });
    if (r.code !== 0) throw new Error(`rustc failed on ${program} ${level}: ${clip(r.stderr)}`);
    return out;
  }
  const out = path.join(dir, `${program}${file ? '.' + path.basename(path.dirname(file)) + '_' + path.basename(file, '.c') : ''}.clang${v}.${level}.ll`);
  // the path opt and wopt are given: it is the module's name, which codegen data records
  const r = await run(`${llvmBin(v)}/clang`, ['-x', p.lang, TARGET, ...p.flags, ...LEVELS[level],
    '-fdebug-compilation-dir=.', '-S', '-emit-llvm', src, '-o', out], { timeout: TIMEOUT_MS });
  if (r.code !== 0) throw new Error(`clang-${v} failed on ${program} ${level}: ${clip(r.stderr)}`);
  return out;
}

/**
 * One case: the module `ll` through `pipeline` by opt-v and by wopt. Resolves to
 * { ok, message } — message names the first differing line when not ok.
 */
export async function runCase(ll, pipeline, v, dir, wopt = [process.execPath, CLI], tag = '') {
  if (pipeline === 'repo') return runRepositoryCase(ll, v, dir, wopt);
  const passes = PIPELINES[pipeline];
  const pass = passes ? [`-passes=${passes}`] : [];
  const base = path.join(dir, `${path.basename(ll, '.ll')}.${pipeline}${tag}`);
  const opt = `${llvmBin(v)}/opt`;
  const [ref, ours] = await Promise.all([
    run(opt, ['-S', ...pass, ll, '-o', `${base}.opt.ll`], { timeout: TIMEOUT_MS }),
    run(wopt[0], [...wopt.slice(1), `--llvm-version=${v}`, '-S', ...pass, ll, '-o', `${base}.wopt.ll`], { timeout: TIMEOUT_MS }),
  ]);
  if (ref.code !== 0) return { ok: false, message: `opt-${v} failed on the input: ${clip(ref.stderr)}` };
  if (ours.code !== 0) return { ok: false, message: `wopt failed: ${clip(ours.stderr)}` };
  const back = await run(opt, ['-S', `${base}.wopt.ll`, '-o', `${base}.back.ll`], { timeout: TIMEOUT_MS });
  if (back.code !== 0) return { ok: false, message: `opt-${v} rejects wopt's output: ${clip(back.stderr)}` };
  const refText = readFileSync(`${base}.opt.ll`, 'utf8');
  let d = firstDifference(refText, readFileSync(`${base}.wopt.ll`, 'utf8'));
  if (d) return { ok: false, message: describe(d, `opt-${v}`, 'wopt ') };
  d = firstDifference(refText, readFileSync(`${base}.back.ll`, 'utf8'));
  if (d) return { ok: false, message: `opt-${v}'s re-print of wopt's output differs; ${describe(d, `opt-${v}`, 'reprint')}` };
  const mb = (statSync(ll).size / 1048576).toFixed(1);
  const merges = COUNTS_TGM.has(pipeline) ? (refText.match(/^define internal .*\.Tgm/gm) ?? []).length : -1;
  const what = pipeline === 'global-merge-func' ? 'functions merged' : '.Tgm bodies left';
  return { ok: true, merges, message: `identical (${mb} MB in${merges >= 0 ? `, ${merges} ${what}` : ''})` };
}

/**
 * The program repository (opt has no counterpart): the module through repo-metadata, repo-prune
 * and mem2reg into a new repository, then again, which must prune every definition, then
 * `wopt repo link` of the second output, which must give the first back byte for byte.
 */
async function runRepositoryCase(ll, v, dir, wopt) {
  const base = path.join(dir, `${path.basename(ll, '.ll')}.repo`);
  const db = `${base}.db`;
  rmSync(db, { force: true });
  const step = async (args, what) => {
    const r = await run(wopt[0], [...wopt.slice(1), ...args], { timeout: TIMEOUT_MS });
    return r.code === 0 ? null : `${what} failed: ${clip(r.stderr)}`;
  };
  const passes = [`--llvm-version=${v}`, '-S', `--repo=${db}`, `-passes=${PIPELINES.repo}`, ll];
  const err = await step([...passes, '-o', `${base}.first.ll`], 'the first run') ??
    await step([...passes, '-o', `${base}.second.ll`], 'the second run') ??
    await step(['repo', 'link', `--llvm-version=${v}`, `--repo=${db}`, `${base}.second.ll`, '-o', `${base}.link.ll`], 'repo link');
  try {
    if (err) return { ok: false, message: err };
    const second = readFileSync(`${base}.second.ll`, 'utf8');
    const unpruned = (second.match(/pruned: false/g) ?? []).length;
    if (unpruned) return { ok: false, message: `the second run left ${unpruned} definitions unpruned` };
    const first = readFileSync(`${base}.first.ll`, 'utf8');
    const d = firstDifference(first, readFileSync(`${base}.link.ll`, 'utf8'));
    if (d) return { ok: false, message: `repo link differs from the first run; ${describe(d, 'first', 'link ')}` };
    const pruned = (second.match(/pruned: true/g) ?? []).length;
    return { ok: true, message: `all ${pruned} pruned, link identical (${(statSync(ll).size / 1048576).toFixed(1)} MB in)` };
  } finally {
    for (const s of ['first.ll', 'second.ll', 'link.ll', 'db', 'db-wal', 'db-shm']) rmSync(`${base}.${s}`, { force: true });
  }
}

/**
 * A program's modules merged across modules (the across-modules pipeline): LLVM's two rounds over
 * `lls` (paths as both tools get them, from `dir`) as the reference, then one wopt batch with
 * --across-modules (and --emit-cgdata when the CLI lists it). Resolves to { ok, message } or
 * { skipped } (the CLI has no --across-modules, or rejects it).
 */
export async function runAcrossCase(lls, v, dir, { name, wopt = DEFAULT_CLI, support, jobs = 2 }) {
  if (!support.acrossModules) return { skipped: support.reason };
  const work = path.join(dir, `across.${name}`);
  rmSync(work, { recursive: true, force: true });
  const tools = { version: v, opt: `${llvmBin(v)}/opt`, llc: `${llvmBin(v)}/llc`, cgdata: `${llvmBin(v)}/llvm-cgdata` };
  let ref;
  try {
    // llc -O0: the same __llvm_merge sections (opt put them there), so the same .cgdata, in a
    // fifth of llc -O2's time
    ref = await runTwoRounds(lls, { workDir: path.join(work, 'llvm'), pipeline: PIPELINES['across-modules'], tools, jobs, cwd: dir, timeout: TIMEOUT_MS / 1000, llcArgs: ['-O0'] });
  } catch (e) {
    return { ok: false, message: clip(e.message) };
  }
  const cgdata = support.emitCgdata ? path.join(work, 'wopt.cgdata') : null;
  const a = woptAcrossArgs(lls, { outDir: path.join(work, 'wopt'), pipeline: PIPELINES['across-modules'], llvmVersion: v, jobs, cgdata, cwd: dir });
  const r = await run(wopt[0], [...wopt.slice(1), ...a.argv], { cwd: dir, timeout: TIMEOUT_MS });
  if (r.code !== 0) {
    if (rejectsOption(r.stderr)) return { skipped: `the CLI rejects --across-modules: ${clip(r.stderr.split('\n')[0])}` };
    return { ok: false, message: `wopt --across-modules failed: ${clip(r.stderr)}` };
  }
  let differing = 0, first = null;
  for (let i = 0; i < lls.length; i++) {
    const ours = existsSync(a.outputs[i]) ? readFileSync(a.outputs[i], 'utf8') : null;
    const d = ours === null ? { lineA: 1, lineB: 1, a: '(LLVM\'s output)', b: '<no output>' } : firstDifference(readFileSync(ref.outputs[i].output, 'utf8'), ours);
    if (d) { differing++; first ??= { file: path.basename(lls[i]), d }; }
  }
  if (first) return { ok: false, message: `${differing} of ${lls.length} modules differ from LLVM's round 2; ${first.file}: ${describe(first.d, 'LLVM', 'wopt')}` };
  const merged = ref.counts.merged;
  let woptMerged = 0;
  for (const f of a.outputs) woptMerged += countMerges(readFileSync(f, 'utf8')).merged;
  let cg = 'no --emit-cgdata in this CLI: the .cgdata not compared';
  if (cgdata) {
    const c = await compareCgdataFiles(ref.cgdata, cgdata, { cgdata: tools.cgdata, cwd: dir, timeout: TIMEOUT_MS / 1000 });
    if (c.status === 'missing') return { ok: false, message: `wopt wrote no ${path.basename(cgdata)} (--emit-cgdata)` };
    if (c.status === 'differs') return { ok: false, message: `.cgdata differs from llvm-cgdata --merge's: ${c.detail}` };
    cg = c.status === 'identical' ? '.cgdata identical' : `.cgdata ${c.status} (${c.detail})`;
  }
  const shared = await acrossThroughRepository(lls, ref, { work, dir, v, wopt, jobs });
  if (!shared.ok) return shared;
  rmSync(work, { recursive: true, force: true });
  const mb = (lls.reduce((s, f) => s + statSync(path.resolve(dir, f)).size, 0) / 1048576).toFixed(1);
  return { ok: true, merges: merged, message: `identical: ${lls.length} modules (${mb} MB in), ${woptMerged} functions merged as LLVM's two rounds (${merged}); ${cg}; ${shared.message}` };
}

/**
 * Round 1 shared through a repository, as two machines of a farm share it: a batch on the first
 * half of the modules, then one on the second half, then the first half again, each with --repo
 * (an SQLite file). The second and third batches merge by the maps of all the modules, so each of
 * their outputs is LLVM's round 2 over the whole program (`ref`), byte for byte.
 */
async function acrossThroughRepository(lls, ref, { work, dir, v, wopt, jobs }) {
  if (lls.length < 2) return { ok: true, message: 'one module: no sharing to check' };
  const repo = path.join(work, 'farm.db');
  const half = Math.ceil(lls.length / 2);
  // [modules from, to, with the repository]; the first batch merges by its own half and the
  // empty repository's nothing; the last, without the repository, counts the modules that merge
  // otherwise by their half alone (what the sharing changed)
  const parts = [[0, half, true], [half, lls.length, true], [0, half, true], [0, half, false]];
  let changed = 0;
  for (const [k, [from, to, shared]] of parts.entries()) {
    const mine = lls.slice(from, to);
    const a = woptAcrossArgs(mine, { outDir: path.join(work, `shared${k}`), pipeline: PIPELINES['across-modules'], llvmVersion: v, jobs, cwd: dir, extra: shared ? [`--repo=${repo}`] : [] });
    const r = await run(wopt[0], [...wopt.slice(1), ...a.argv], { cwd: dir, timeout: TIMEOUT_MS });
    if (r.code !== 0) return { ok: false, message: `wopt --across-modules${shared ? ' --repo' : ''} (batch ${k + 1}) failed: ${clip(r.stderr)}` };
    if (k === 0) continue;
    for (let i = from; i < to; i++) {
      const d = firstDifference(readFileSync(ref.outputs[i].output, 'utf8'), readFileSync(a.outputs[i - from], 'utf8'));
      if (!shared) { if (d) changed++; continue; }
      if (d) return { ok: false, message: `shared through the repository, batch ${k + 1}: ${path.basename(lls[i])} differs from LLVM's round 2 over all the modules; ${describe(d, 'LLVM', 'wopt')}` };
    }
  }
  return { ok: true, message: `shared through a repository in halves of ${half} and ${lls.length - half}: identical (without it, ${changed} of the first half's modules merge otherwise)` };
}

/** Every (program, version, level[, file]) module and its pipelines, as a flat list of work items
 *  (an across-modules pipeline only for a program of several modules). */
export function plan({ versions, programs, levels, pipelines, dir = null, cross = true }) {
  const modules = [];
  const crossPipelines = cross && versions.includes(CROSS.from) && versions.includes(CROSS.to)
    ? CROSS.pipelines.filter((q) => pipelines.includes(q)) : [];
  for (const v of versions) for (const program of programs) {
    const p = PROGRAMS[program];
    if (p.llvm && !p.llvm.includes(v)) continue;
    const ps = pipelines.filter((q) => (!p.pipelines || p.pipelines.includes(q)) && (!PIPELINE_VERSIONS[q] || PIPELINE_VERSIONS[q].includes(v)) &&
      (!ACROSS.has(q) || p.sources));
    if (!ps.length) continue;
    const files = p.sources ? (p.sources(dir) ?? [null]) : [null];
    for (const level of levels) {
      if (p.levels && !p.levels.includes(level)) continue;
      const crossing = v === CROSS.from && !p.llvm ? crossPipelines : [];
      for (const file of files) modules.push({ v, program, level, pipelines: ps, file, cross: crossing });
    }
  }
  return modules;
}

function parseList(arg, all, what) {
  const list = arg.split(',').map((s) => s.trim()).filter(Boolean);
  for (const x of list) if (!all.includes(x)) { console.error(`unknown ${what} '${x}' (known: ${all.join(', ')})`); process.exit(2); }
  return list;
}

async function main(argv) {
  let versions = SUPPORTED.filter(haveLLVM), programs = Object.keys(PROGRAMS), levels = Object.keys(LEVELS);
  let pipelines = Object.keys(PIPELINES), jobs = Math.min(2, availableParallelism()), keep = false, askedVersions = false, cross = true;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i], val = () => argv[++i] ?? '';
    if (a === '--llvm') { versions = parseList(val(), SUPPORTED.map(String), 'LLVM version').map(Number); askedVersions = true; }
    else if (a === '--programs') programs = parseList(val(), Object.keys(PROGRAMS), 'program');
    else if (a === '--levels') levels = parseList(val(), Object.keys(LEVELS), 'level');
    else if (a === '--pipelines') pipelines = parseList(val(), Object.keys(PIPELINES), 'pipeline');
    else if (a === '-j') jobs = Math.max(1, Number(val()) || 1);
    else if (a === '--no-cross') cross = false;
    else if (a === '--keep') keep = true;
    else { console.error(`unknown option ${a}; see the top of ${path.relative(process.cwd(), fileURLToPath(import.meta.url))}`); return 2; }
  }
  if (programs.some((p) => PROGRAMS[p].lang === 'rust' || PROGRAMS[p].sources === rustCodegenUnits) && !haveRustc()) { console.error('missing: rustc (for the Rust program)'); return 2; }
  const missing = (askedVersions ? versions : SUPPORTED).filter((v) => !haveLLVM(v));
  if (missing.length) { console.error(`missing: ${missing.map((v) => `clang-${v}/opt-${v} (apt-get install clang-${v} llvm-${v})`).join(', ')}`); return 2; }
  const dir = mkdtempSync(path.join(tmpdir(), 'wopt-real-'));
  let failures = 0, cases = 0, skipped = 0;
  const merged = new Map();   // .Tgm bodies in opt's output, per pipeline, program, version and level
  const t0 = Date.now();
  const wopt = DEFAULT_CLI;
  // across-modules: skipped up front (nothing compiled for it) while the CLI lacks --across-modules
  let work = plan({ versions, programs, levels, pipelines, dir, cross });
  const support = work.some((m) => m.pipelines.some((p) => ACROSS.has(p))) ? woptAcrossSupport(wopt) : null;
  if (support && !support.acrossModules) {
    const seen = new Set();
    for (const m of work) {
      const key = `${m.program} clang-${m.v} ${m.level}`;
      if (!m.pipelines.includes('across-modules') || seen.has(key)) continue;
      seen.add(key); skipped++;
      console.log(`skip ${key} across-modules: ${support.reason}`);
    }
    work = work.map((m) => ({ ...m, pipelines: m.pipelines.filter((p) => !ACROSS.has(p)) })).filter((m) => m.pipelines.length);
  }
  // the modules of each across-modules case, in the order of their sources
  const groups = new Map();
  try {
    await runPool(work, jobs, async (m) => {
      const name = `${m.program}${m.file ? ' ' + path.relative(path.dirname(path.dirname(m.file)), m.file) : ''} ${PROGRAMS[m.program].lang === 'rust' ? 'rustc' : 'clang'}-${m.v} ${m.level}`;
      const across = m.pipelines.filter((p) => ACROSS.has(p));
      const group = across.length ? `${m.program} clang-${m.v} ${m.level}` : null;
      if (group && !groups.has(group)) groups.set(group, { v: m.v, program: m.program, level: m.level, pipelines: across, modules: [], missing: [] });
      let ll;
      try {
        if (PROGRAMS[m.program].sources && !m.file) throw new Error('sources not found');
        ll = await compile(m.program, m.level, m.v, dir, m.file);
      } catch (e) {
        if (group) groups.get(group).missing.push(m.file ? path.basename(m.file) : m.program);
        if (PROGRAMS[m.program].optional && m.file) {
          const why = /error: (.*)/.exec(e.message)?.[1] ?? e.message.split('\n')[0];
          console.log(`note ${name}: left out, clang rejects it alone (${why.slice(0, 100)})`);
          return;
        }
        failures++; cases += m.pipelines.filter((p) => !ACROSS.has(p)).length || 1; console.log(`FAIL ${name}: ${e.message}`); return;
      }
      if (group) groups.get(group).modules.push({ file: m.file, ll });
      for (const p of m.pipelines) {
        if (ACROSS.has(p)) continue;
        const r = await runCase(ll, p, m.v, dir, wopt);
        cases++;
        const key = `${p}\t${m.program} clang-${m.v} ${m.level}`;
        if (r.merges > 0) merged.set(key, (merged.get(key) ?? 0) + r.merges);
        if (!r.ok) failures++;
        console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${name} ${p}: ${r.message}`);
      }
      // the same module read under the newer LLVM, against that opt
      for (const p of m.cross) {
        const r = await runCase(ll, p, CROSS.to, dir, wopt, `.llvm${CROSS.to}`);
        cases++;
        if (!r.ok) failures++;
        console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${name} under LLVM ${CROSS.to} ${p}: ${r.message}`);
      }
      if (!keep) for (const p of m.pipelines.concat(m.cross.map((q) => `${q}.llvm${CROSS.to}`))) for (const s of ['opt', 'wopt', 'back']) rmSync(path.join(dir, `${path.basename(ll, '.ll')}.${p}.${s}.ll`), { force: true });
    });
    // across modules, a program at a time (each runs its own processes `jobs` at a time)
    for (const [key, g] of groups) {
      for (const p of g.pipelines) {
        cases++;
        const required = g.missing.length && !PROGRAMS[g.program].optional;
        const lls = g.modules.sort((a, b) => (a.file < b.file ? -1 : 1)).map((x) => x.ll);
        const r = required ? { ok: false, message: `${g.missing.length} modules did not compile (${g.missing.slice(0, 3).join(', ')})` }
          : lls.length < 2 ? { ok: false, message: `${lls.length} module compiled: nothing to merge across` }
            : await runAcrossCase(lls, g.v, dir, { name: `${g.program}.${g.v}.${g.level}`, wopt, support, jobs });
        if (r.skipped) { skipped++; cases--; console.log(`skip ${key} ${p}: ${r.skipped}`); continue; }
        if (!r.ok) failures++;
        else if (r.merges > 0) merged.set(`${p}\t${key}`, r.merges);
        const left = g.missing.length ? ` (${g.missing.length} files left out)` : '';
        console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${key} ${p}: ${r.message}${left}`);
      }
    }
  } finally {
    if (keep) console.log(`work directory: ${dir}`); else rmSync(dir, { recursive: true, force: true });
  }
  for (const [k, n] of merged) {
    const [p, where] = k.split('\t');
    console.log(p === 'global-merge-func' ? `global-merge-func: ${where}: ${n} functions merged, as opt`
      : p === 'across-modules' ? `global-merge-func across modules: ${where}: ${n} functions merged, as LLVM's two rounds`
        : `global-merge-func,mergefunc: ${where}: ${n} .Tgm bodies left after mergefunc, as opt`);
  }
  console.log(`time: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  console.log(`differential: ${cases - failures} passed, ${failures} failed${skipped ? `, ${skipped} skipped` : ''}`);
  return failures ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main(process.argv.slice(2));
