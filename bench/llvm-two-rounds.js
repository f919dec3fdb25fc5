// LLVM 22's global function merging across modules, as LLVM does it: two whole compiler rounds.
//
//   round 1, per module:  opt -passes=<pipeline> -codegen-data-generate in.ll -o r1.bc
//                         (the module's stable function map embedded for the object's __llvm_merge section)
//   objects, per module:  llc -filetype=obj r1.bc -o r1.o
//   merge, once:          llvm-cgdata --merge r1_1.o ... r1_n.o -o merged.cgdata
//   round 2, per module:  opt -S -passes=<pipeline> -codegen-data-use-path=merged.cgdata in.ll -o out.ll
//   summary:              llvm-cgdata --show merged.cgdata
//
// Shared by the bench (bench/gmf.bench.js: LLVM's rounds against `wopt --across-modules`) and the
// real-program suite (tests/real/differential.mjs: LLVM's round-2 outputs and .cgdata as the
// reference). The per-module steps run `jobs` processes at a time (as `make -j` would); each stage
// waits for the previous one, and its wall time is reported.
//
// Module names: opt records each function's module as the input path it was given (the module
// identifier), and llvm-cgdata keeps those names and the order of its objects. The inputs are
// therefore handed to opt exactly as given, from `cwd`, and the objects merged in input order: a
// tool that is to write the same .cgdata must get the same paths, in the same order, from the
// same directory.
//
// Also here: what both callers count in the outputs (merged bodies, thunks, IR instructions, the
// instructions a linker's identical code folding would fold), `llvm-cgdata --show`'s counts, and
// whether a wopt CLI has --across-modules / --emit-cgdata and where its batch outputs go.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findTool, toolVersion } from './llvm.js';
import { mirroredPath, outputName } from '../bindings/cli/batch.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const WOPT_CLI = join(ROOT, 'bindings', 'cli.js');

/**
 * opt, llc and llvm-cgdata of LLVM `v` (/usr/lib/llvm-v/bin/<tool>, else <tool>-v on PATH):
 * { version, opt, llc, cgdata, optVersion }. Throws one error naming every missing tool.
 */
export function twoRoundsTools(v = 22) {
  const tools = { version: v }, missing = [];
  for (const [key, name] of [['opt', 'opt'], ['llc', 'llc'], ['cgdata', 'llvm-cgdata']]) {
    try { tools[key] = findTool(name, v); } catch { missing.push(`${name}-${v}`); }
  }
  if (missing.length) throw new Error(`LLVM's two rounds need ${missing.join(', ')} (not in /usr/lib/llvm-${v}/bin nor on PATH; apt-get install llvm-${v})`);
  tools.optVersion = toolVersion(tools.opt);
  return tools;
}

const firstLines = (s, n = 4) => (s || '').split('\n').map((l) => l.trimEnd()).filter(Boolean).slice(0, n).join('\n    ');

/** One process: resolves to { code, stderr, stdout, wall } (code -1: it did not run, timed out or was killed). */
export function runProcess(cmd, args, { cwd, timeout = 900 } = {}) {
  return new Promise((done) => {
    const t0 = process.hrtime.bigint();
    let child;
    try { child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] }); } catch (e) {
      done({ code: -1, stdout: '', stderr: String(e.message), wall: 0 });
      return;
    }
    const out = [], err = [];
    let why = null;
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => { if (err.length < 256) err.push(d); });
    const timer = setTimeout(() => { why = `timed out after ${timeout} s`; child.kill('SIGKILL'); }, timeout * 1000);
    child.on('error', (e) => { why ??= e.message; });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const stderr = Buffer.concat(err).toString('utf8');
      done({
        code: why || signal ? -1 : code, stdout: Buffer.concat(out).toString('utf8'),
        stderr: why ? `${why}\n${stderr}` : signal ? `killed by ${signal}\n${stderr}` : stderr,
        wall: Number(process.hrtime.bigint() - t0) / 1e9,
      });
    });
  });
}

/** A stage's commands, `jobs` at a time; throws on the first failure, naming the stage, the input and the command. */
async function stage(name, commands, { jobs, cwd, timeout }) {
  let next = 0, failure = null;
  const lane = async () => {
    while (next < commands.length && !failure) {
      const c = commands[next++];
      const r = await runProcess(c.argv[0], c.argv.slice(1), { cwd, timeout });
      if (r.code !== 0) failure ??= new Error(`LLVM's two rounds, ${name}${c.input ? ` of ${c.input}` : ''}: ` +
        `${basename(c.argv[0])} ${r.code === -1 ? 'did not finish' : `exited with ${r.code}`}\n    ${firstLines(r.stderr) || '(no message)'}\n` +
        `    command: ${c.argv.map((a) => (/[\s'"]/.test(a) ? JSON.stringify(a) : a)).join(' ')}${cwd ? `\n    in: ${cwd}` : ''}`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, commands.length)) }, lane));
  if (failure) throw failure;
}

// An output's name for input f: its path below the inputs' common folder, one file name.
function flatNames(inputs, cwd) {
  const abs = inputs.map((f) => resolve(cwd, f));
  let common = dirname(abs[0]);
  while (!abs.every((f) => f.startsWith(common + sep)) && common !== dirname(common)) common = dirname(common);
  return abs.map((f) => relative(common, f).split(sep).join('__').replace(/\.(ll|bc)$/, ''));
}

/**
 * LLVM's two rounds over `inputs` (.ll or .bc paths, relative to `cwd` or absolute). Options:
 *   workDir   (required) where r1/ (round-1 bitcode and objects), out/ (round-2 outputs) and
 *             merged.cgdata go; created, and emptied of earlier runs' files
 *   pipeline  the opt pipeline of both rounds (default 'global-merge-func')
 *   tools     twoRoundsTools(22) by default
 *   jobs      processes at a time in the per-module stages (default 2)
 *   cwd       the directory the tools run in (default process.cwd())
 *   llcArgs   extra llc arguments (default none: llc's own -O2, as a build's round 1 would)
 *   optArgs   extra opt arguments for both rounds (e.g. -global-merging-min-merges=2)
 *   timeout   per process, seconds (default 900)
 *   keepRoundOne  keep r1/ (default: removed once merged)
 *   log       progress lines (default none)
 * Resolves to {
 *   outputs: [{ input, output }]       round 2's module per input, in input order
 *   cgdata, show                       the merged .cgdata's path and `llvm-cgdata --show`'s output
 *   cgdataCounts                       parseCgdataShow(show)
 *   stages: { round1, llc, merge, round2, show, total }   wall seconds (total: the first four)
 *   counts: { modules, merged, thunks, modulesWithMerges }   merged = .Tgm bodies in the outputs
 * }. Any failing process rejects with an Error naming the stage, input, command and its message.
 */
export async function runTwoRounds(inputs, { workDir, pipeline = 'global-merge-func', tools = null, jobs = 2, cwd = process.cwd(),
  llcArgs = [], optArgs = [], timeout = 900, keepRoundOne = false, log = () => {} } = {}) {
  if (!workDir) throw new Error('runTwoRounds: no workDir');
  if (!inputs?.length) throw new Error("LLVM's two rounds: no input modules");
  for (const f of inputs) if (!existsSync(resolve(cwd, f))) throw new Error(`LLVM's two rounds: input ${f} not found${cwd ? ` (from ${cwd})` : ''}`);
  tools ??= twoRoundsTools(22);
  workDir = resolve(workDir);
  const r1 = join(workDir, 'r1'), outDir = join(workDir, 'out'), cgdata = join(workDir, 'merged.cgdata');
  for (const d of [r1, outDir]) { rmSync(d, { recursive: true, force: true }); mkdirSync(d, { recursive: true }); }
  rmSync(cgdata, { force: true });
  const names = flatNames(inputs, cwd);
  const mods = inputs.map((input, i) => ({ input, bc: join(r1, `${names[i]}.r1.bc`), obj: join(r1, `${names[i]}.r1.o`), output: join(outDir, `${names[i]}.ll`) }));
  const pass = [`-passes=${pipeline}`, ...optArgs];
  const opts = { jobs, cwd, timeout };
  const stages = {};
  const timed = async (key, what, fn) => {
    const t0 = process.hrtime.bigint();
    await fn();
    stages[key] = Number(process.hrtime.bigint() - t0) / 1e9;
    log(`  LLVM ${tools.version} ${what}: ${stages[key].toFixed(2)} s`);
  };
  await timed('round1', `round 1 (opt -codegen-data-generate, ${mods.length} modules, ${jobs} at a time)`, () =>
    stage('round 1', mods.map((m) => ({ input: m.input, argv: [tools.opt, ...pass, '-codegen-data-generate', m.input, '-o', m.bc] })), opts));
  await timed('llc', `llc -filetype=obj (${jobs} at a time)`, () =>
    stage('llc', mods.map((m) => ({ input: m.input, argv: [tools.llc, '-filetype=obj', ...llcArgs, m.bc, '-o', m.obj] })), opts));
  await timed('merge', 'llvm-cgdata --merge', () => stage('llvm-cgdata --merge', [{ argv: [tools.cgdata, '--merge', ...mods.map((m) => m.obj), '-o', cgdata] }], opts));
  await timed('round2', `round 2 (opt -codegen-data-use-path, ${jobs} at a time)`, () =>
    stage('round 2', mods.map((m) => ({ input: m.input, argv: [tools.opt, '-S', ...pass, `-codegen-data-use-path=${cgdata}`, m.input, '-o', m.output] })), opts));
  stages.total = stages.round1 + stages.llc + stages.merge + stages.round2;
  const t0 = process.hrtime.bigint();
  const show = await runProcess(tools.cgdata, ['--show', cgdata], { cwd, timeout });
  stages.show = Number(process.hrtime.bigint() - t0) / 1e9;
  if (show.code !== 0) throw new Error(`LLVM's two rounds: llvm-cgdata --show ${cgdata} failed\n    ${firstLines(show.stderr)}`);
  if (!keepRoundOne) rmSync(r1, { recursive: true, force: true });
  const counts = { modules: mods.length, merged: 0, thunks: 0, modulesWithMerges: 0 };
  for (const m of mods) {
    const c = countMerges(readFileSync(m.output, 'utf8'));
    counts.merged += c.merged;
    counts.thunks += c.thunks;
    if (c.merged) counts.modulesWithMerges++;
  }
  return { outputs: mods.map((m) => ({ input: m.input, output: m.output })), cgdata, show: show.stdout, cgdataCounts: parseCgdataShow(show.stdout), stages, counts };
}

// ---- counting in the outputs ----

const DEFINE = /^define [^@\n]*@("(?:[^"\\]|\\.)*"|[-\w$.]+)\(/;
const GM_SUFFIX = /\.Tgm"?$/;

/** The function definitions of a module's text: [{ name, text, instructions }]. */
export function functionBodies(text) {
  const out = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = DEFINE.exec(lines[i]);
    if (!m) continue;
    let j = i + 1, instructions = 0;
    while (j < lines.length && lines[j] !== '}') {
      // an instruction: two spaces and not a comment, a switch's case list or its closing bracket
      // (case lines and debug records are indented further)
      if (/^ {2}[^ ;\]]/.test(lines[j])) instructions++;
      j++;
    }
    out.push({ name: m[1], text: lines.slice(i, j + 1).join('\n'), instructions });
    i = j;
  }
  return out;
}

/** Instructions in a module's text (functionBodies' count, summed). */
export const countInstructions = (text) => functionBodies(text).reduce((s, f) => s + f.instructions, 0);

/**
 * global-merge-func's merges in a module's text: { merged, thunks, instructions } — merged: the
 * `.Tgm` bodies it created (one per merged function), thunks: the other definitions that call
 * one, instructions: those of the module's definitions.
 */
export function countMerges(text) {
  let merged = 0, thunks = 0, instructions = 0;
  for (const f of functionBodies(text)) {
    instructions += f.instructions;
    if (GM_SUFFIX.test(f.name)) merged++;
    else if (/@(?:"(?:[^"\\]|\\.)*\.Tgm"|[-\w$.]+\.Tgm)\(/.test(f.text.slice(f.text.indexOf('{')))) thunks++;
  }
  return { merged, thunks, instructions };
}

// A merged body as a linker's identical code folding would compare it: its instructions, with
// attribute group and metadata numbers and debug records left out. The define line (its name,
// parameter attributes that attribute inference set differently in each module) is not compared:
// the parameters' types show where the body uses them.
function foldKey(f) {
  return f.text.split('\n').slice(1).filter((l) => !/^ {4}#dbg_/.test(l)).join('\n')
    .replace(/#\d+/g, '#').replace(/!\d+/g, '!');
}

/**
 * The instructions identical code folding could save among the `.Tgm` bodies of `texts` (module
 * texts): bodies whose instructions are equal (foldKey) fold into one,
 * saving (copies - 1) × instructions. { bodies, distinct, instructions }. The same measure for
 * LLVM's and wopt's outputs, whether the copies are in one module or in several.
 */
export function foldableInstructions(texts) {
  const groups = new Map();
  let bodies = 0;
  for (const t of texts) {
    for (const f of functionBodies(t)) {
      if (!GM_SUFFIX.test(f.name)) continue;
      bodies++;
      const k = foldKey(f);
      const g = groups.get(k);
      if (g) g.copies++; else groups.set(k, { copies: 1, instructions: f.instructions });
    }
  }
  let instructions = 0;
  for (const g of groups.values()) instructions += (g.copies - 1) * g.instructions;
  return { bodies, distinct: groups.size, instructions };
}

/** `llvm-cgdata --show`'s counts: { uniqueHashes, functions, mergeable } (null where a line is missing). */
export function parseCgdataShow(text) {
  const n = (re) => { const m = re.exec(text || ''); return m ? Number(m[1]) : null; };
  return { uniqueHashes: n(/Unique hash Count:\s*(\d+)/), functions: n(/Total function Count:\s*(\d+)/), mergeable: n(/Mergeable function Count:\s*(\d+)/) };
}

/**
 * A .cgdata file against the reference llvm-cgdata wrote: { status, detail? } with status
 *   'identical'     the same bytes
 *   'same content'  other bytes, the same `llvm-cgdata --convert` (YAML of every function)
 *   'same --show'   only `llvm-cgdata --show` (the counts) agrees; detail names the first byte
 *   'differs'       not even the counts (detail: both), or llvm-cgdata rejects the file
 *   'missing'       no such file
 */
export async function compareCgdataFiles(reference, candidate, { cgdata, cwd, timeout = 900 }) {
  if (!existsSync(candidate)) return { status: 'missing' };
  const a = readFileSync(reference), b = readFileSync(candidate);
  if (a.equals(b)) return { status: 'identical' };
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const bytes = `${b.length} bytes against ${a.length}, first difference at byte ${at}`;
  const both = (args) => Promise.all([reference, candidate].map((f) => runProcess(cgdata, [...args, f], { cwd, timeout })));
  const [ca, cb] = await both(['--convert']);
  if (ca.code === 0 && cb.code === 0 && ca.stdout === cb.stdout) return { status: 'same content', detail: `llvm-cgdata --convert prints the same; ${bytes}` };
  const [sa, sb] = await both(['--show']);
  if (sb.code !== 0) return { status: 'differs', detail: `llvm-cgdata --show rejects the file: ${firstLines(sb.stderr, 1)}` };
  if (sa.stdout === sb.stdout) return { status: 'same --show', detail: `the same llvm-cgdata --show, not the same --convert; ${bytes}` };
  return { status: 'differs', detail: `llvm-cgdata --show: ${JSON.stringify(parseCgdataShow(sa.stdout))} against ${JSON.stringify(parseCgdataShow(sb.stdout))}` };
}

// ---- wopt's side ----

/** Which of the across-module options a wopt --help text lists: { acrossModules, emitCgdata, jobs }. */
export function helpListsAcross(text) {
  const t = text || '';
  return { acrossModules: /(?:^|[\s,])--?across-modules(?=[\s=,]|$)/m.test(t), emitCgdata: /(?:^|[\s,])--?emit-cgdata(?=[\s=<,]|$)/m.test(t),
    jobs: /(?:^|[\s,])--?j(?:obs)?(?=[\s=<,])/m.test(t) };
}

/**
 * Whether the wopt CLI `cli` (argv prefix, default node bindings/cli.js) runs global-merge-func
 * across modules: { acrossModules, emitCgdata, jobs, reason } — reason says why not when
 * acrossModules is false ("wopt --help does not list --across-modules", or its failure).
 */
export function woptAcrossSupport(cli = [process.execPath, WOPT_CLI]) {
  const r = spawnSync(cli[0], [...cli.slice(1), '--help'], { encoding: 'utf8', maxBuffer: 16 << 20 });
  if (r.status !== 0) return { acrossModules: false, emitCgdata: false, jobs: false, reason: `wopt --help failed: ${firstLines(r.stderr || r.error?.message, 1)}` };
  const has = helpListsAcross(r.stdout);
  return { ...has, reason: has.acrossModules ? null : 'not available: wopt --help does not list --across-modules' };
}

/** Whether a failed wopt run's stderr says the CLI does not know the option (rather than that it failed). */
export const rejectsOption = (stderr, option = '--across-modules') =>
  new RegExp(`(?:unknown|unrecognized|unsupported|invalid)[^\\n]*${option.replace(/^-+/, '')}`, 'i').test(stderr || '');

/**
 * The wopt command line of the across-module batch: argv (after the CLI's own prefix) and where
 * each input's output goes (the batch mode's mirrored path under outDir, from `cwd`).
 */
export function woptAcrossArgs(inputs, { outDir, pipeline = 'global-merge-func', jobs = null, cgdata = null, llvmVersion = 22, extra = [], cwd = process.cwd() }) {
  return {
    argv: [`--llvm-version=${llvmVersion}`, '-S', `-passes=${pipeline}`, '--across-modules', ...(cgdata ? [`--emit-cgdata=${cgdata}`] : []),
      `-output-dir=${outDir}`, ...(jobs ? [`-j=${jobs}`] : []), '--quiet', ...extra, ...inputs],
    outputs: inputs.map((f) => outputName(mirroredPath(f, outDir, cwd), true)),
  };
}
