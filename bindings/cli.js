#!/usr/bin/env node
// cli.js — the `wopt` command: opt-compatible front end over the WebAssembly core (Node only).
// Options: see cli-args.js (`wopt --help`). Exit status 0 on success, 1 on any error, 130 or 143
// when SIGINT or SIGTERM stopped it while it wrote its output.
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { writeFileAtomic, openOutput, errnoText, signalCaught, signalStatus, stdoutClosed } from './fsutil.js';
import { parseArgs, helpText, repoHelpText, printPassesText, UsageError, enumNote } from './cli-args.js';
import { loadWopt, defaultWasmPath, codeCacheStatus } from './node.js';
import { startCodeCacheBuild } from './code-cache.js';
import { runModule, runModuleWithRepository } from './driver.js';
import { formatDiagnostic } from './diag.js';
import { LLVM_VERSIONS, DEFAULT_LLVM_VERSION } from './core.js';
import { timingReport } from './timing.js';
// The repository modules (and SQLite behind them) load only when a repository is used.
export const repoStore = () => import('./repo/store.js');

export const PROG = 'wopt';

/** A failed command: `message` (opt's wording where opt has one); `note`, wopt's hint, a line of its own after it. */
export class CliError extends Error {
  constructor(message, note) { super(message); if (note) this.note = note; }
}

/** A run stopped by SIGINT or SIGTERM while its output was open (the output removed). */
export class Interrupted extends Error {
  constructor(signal) { super(`interrupted (${signal})`); this.signal = signal; }
}

// WASM32 gives the core 4 GiB; the arena needs about 2.5x the input besides the input itself.
const MAX_INPUT_BYTES = 1024 * 1024 * 1024;

export async function readInput(file) {
  if (file === undefined || file === '-') {
    const chunks = [];
    for await (const c of process.stdin) chunks.push(c);
    // the module is '<stdin>' (opt's buffer name); opt's own messages name the argument, '-'
    return { name: '<stdin>', arg: '-', bytes: new Uint8Array(Buffer.concat(chunks)) };
  }
  let fd;
  try {
    fd = fs.openSync(file, 'r');
    const st = fs.fstatSync(fd);
    if (st.size > MAX_INPUT_BYTES) {
      fs.closeSync(fd);
      throw new CliError(`${file}: error: input is too large for the WebAssembly core (${st.size} bytes; the limit is ${MAX_INPUT_BYTES} bytes)`);
    }
    if (!st.isFile()) { fs.closeSync(fd); return { name: file, bytes: new Uint8Array(fs.readFileSync(file)) }; }
    // A regular file goes straight into the core's input buffer: no second copy in JS.
    return {
      name: file,
      data: { size: st.size, fill: view => readFully(fd, view) },
      get bytes() { return new Uint8Array(fs.readFileSync(file)); }, // only for diagnostics
      close: () => fs.closeSync(fd),
    };
  } catch (e) {
    if (e instanceof CliError) throw e;
    if (fd !== undefined) try { fs.closeSync(fd); } catch { /* already closed */ }
    // opt's message, and wopt's batch mode for a directory
    throw new CliError(`${file}: error: Could not open input file: ${errnoText(e)}`,
      e?.code === 'EISDIR' ? `to run every module in a directory (its .ll and .bc files), use batch mode: -output-dir=<output directory>` : undefined);
  }
}

function readFully(fd, view) {
  let off = 0;
  while (off < view.length) {
    const n = fs.readSync(fd, view, off, view.length - off, off);
    if (n === 0) throw new CliError('error: input file changed while reading');
    off += n;
  }
}

// stdout writes are asynchronous on pipes: hand it a copy, never a view into core memory. A failed
// write (a full disk, say) is reported by the stream's 'error' listener below.
const writeStdout = bytes => { process.stdout.write(Buffer.from(bytes)); };

// The message for a failed output: which step failed (fsutil.js tags the error).
function outputError(file, e) {
  if (e instanceof CliError) return e;
  const what = e?.op === 'write' ? 'Could not write output file' : e?.op === 'rename' ? 'Could not move the output file into place'
    : 'Could not open output file';
  return new CliError(`${file}: error: ${what}: ${errnoText(e)}`);
}

function writeOutput(file, bytes) {
  if (file === '-') { writeStdout(bytes); return; }
  try { writeFileAtomic(file, bytes); } catch (e) { throw outputError(file, e); }
}

// A module written to a closed standard output would be lost without a word (Node gives a closed
// one /dev/null); opt fails writing it.
function checkStdout() {
  if (stdoutClosed()) throw new CliError('error: standard output is closed; to discard the output, use -disable-output or -o /dev/null');
}

// Node decodes the command line as UTF-8, replacing what is not with U+FFFD, so a file name that
// is not valid UTF-8 would name another file. Linux keeps the bytes (/proc/self/cmdline): each
// argument that lost bytes, and the value of a -name=value one, maps back to them (a Buffer, which
// fs takes as a path). null: two arguments read alike.
function rawArguments(argv) {
  const raw = new Map();
  if (!argv.some(a => a.includes('\uFFFD'))) return raw;
  let cmdline;
  try { cmdline = fs.readFileSync('/proc/self/cmdline'); } catch { return raw; }
  const parts = [];
  for (let at = 0; at < cmdline.length;) {
    const end = cmdline.indexOf(0, at);
    parts.push(cmdline.subarray(at, end < 0 ? cmdline.length : end));
    at = end < 0 ? cmdline.length : end + 1;
  }
  const tail = parts.slice(-argv.length);
  const add = (s, b) => raw.set(s, raw.has(s) && !raw.get(s)?.equals(b) ? null : b);
  argv.forEach((a, k) => {
    const b = tail[k];
    if (!b || Buffer.from(a).equals(b) || b.toString() !== a) return; // valid UTF-8, or not this argument
    add(a, b);
    const eq = b.indexOf(0x3d);
    if (a.startsWith('-') && eq >= 0) add(b.subarray(eq + 1).toString(), b.subarray(eq + 1));
  });
  return raw;
}

// The path to open for a file name from the command line (see rawArguments).
function fileArg(raw, name) {
  const b = raw.get(name);
  if (b === null) throw new CliError(`${name}: error: the file name is not valid UTF-8, and another argument reads the same`);
  return b ?? name;
}

function version() {
  const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return loadWopt().then(core => core.version() || 'unknown',
    e => `unavailable (${defaultWasmPath()}: ${e.code === 'ENOENT' ? 'not built; run npm run build:release' : e.message})`)
    .then(core => `wopt version ${pkg.version}\n  core: ${core}\n  LLVM versions: ${LLVM_VERSIONS.join(', ')} (--llvm-version, default ${DEFAULT_LLVM_VERSION}); textual IR and bitcode\n`);
}

// The error text for a driver result that stopped at `stage`.
function describeFailure(r, input) {
  const e = r.error;
  if (e.internal) return `${PROG}: error: internal error: ${e.message}\n`;
  if (e.outOfMemory) return `${PROG}: error: ${e.message}\n`;
  switch (r.stage) {
    case 'parse':
      return formatDiagnostic({ prog: PROG, file: input.name, line: e.line, col: e.col, offset: e.offset, message: e.message, source: input.bytes });
    case 'verify-input':
      // opt's reader stops on its own verification (current debug info) with LLVM's fatal error
      if (e.byReader) return `${withNewline(e.message)}LLVM ERROR: Broken module found, compilation aborted!\n`;
      return `${withNewline(e.message)}${PROG}: ${input.arg ?? input.name}: error: input module is broken!\n`;
    case 'target':
      return `${PROG}: ${e.message}\n`;
    case 'verify-output':
      return `${withNewline(e.message)}${PROG}: error: Broken module found after the pipeline, compilation aborted!\n`;
    case 'store':
      return `${PROG}: ${e.message.startsWith(e.code === 'EREPO' ? '' : '\0') ? e.message : `error: cannot store in the repository: ${e.message}`}\n`;
    case 'pipeline':
      if (e.code === 2 && !/\s/.test(e.message)) return `${PROG}: unknown pass name '${e.message}'\n`;
      return `${PROG}: ${e.message}\n`;
    default:
      return `${PROG}: error: ${e.message}\n`;
  }
}

/**
 * wopt's hint after opt's message for a pipeline that names a pass it cannot run there (unknown
 * pass name, unknown function or module pass): the LLVM version that has it, that it is a module
 * pass, a near name, or the passes wopt has. '' when it has none. `passes`: the core's pass table.
 */
export function pipelineNote(e, passes, llvmVersion) {
  if (!Array.isArray(passes)) return '';
  let where = null, name;
  if (e.code === 2 && !/\s/.test(e.message)) name = e.message;
  else {
    const m = /^unknown (function|module) pass '(.*)'$/.exec(e.message ?? '');
    if (!m) return '';
    [, where, name] = m;
  }
  const all = passes.filter(p => !p.analysis);
  const has = all.filter(p => !p.since || p.since <= llvmVersion);
  const later = all.find(p => p.name === name && p.since > llvmVersion);
  if (later && !has.some(p => p.name === name)) return `${name} is an LLVM ${later.since} pass: it runs with --llvm-version=${later.since}`;
  if (where === 'function' && has.some(p => p.name === name && p.level === 'module'))
    return `${name} is a module pass, and this is a function pipeline (inside function(...), or begun by a function pass): `
      + `give it at the top level, e.g. -passes='function(mem2reg),${name}'`;
  const names = [...new Set(has.map(p => p.name))];
  const near = names.map(n => [n, editDistance(n.toLowerCase(), name.toLowerCase())]).filter(([, d]) => d <= 2).sort((a, b) => a[1] - b[1])[0];
  if (near) return `did you mean '${near[0]}'? (wopt -print-passes lists the passes wopt has)`;
  // each pass once: print<structural-hash><detailed> and dot-cfg-only are forms of the first two
  const main = names.filter(n => !names.some(m => n.startsWith(`${m}<`) || n === `${m}-only`));
  return `the passes wopt has: ${main.join(', ')} (wopt -print-passes lists every form, and the analyses)`;
}

function editDistance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

const withNewline = s => (s === '' || s.endsWith('\n') ? s : s + '\n');

const isHelp = a => /^--?(help|h)$/.test(a) || a === 'help';

async function main(argv) {
  if (argv[0] === 'repo' && (argv.length === 1 || isHelp(argv[1]) || (['link', 'stats'].includes(argv[1]) && argv.slice(2).some(isHelp)))) {
    process.stdout.write(repoHelpText()); return;
  }
  if (argv[0] === 'repo' && argv[1] === 'stats') {
    const { repoStatsCommand } = await import('./repo/stats.js');
    process.stdout.write(await repoStatsCommand(argv.slice(2))); return;
  }
  if (argv[0] === 'repo' && argv[1] === 'link') return repoLinkCommand(argv.slice(2));
  if (argv[0] === 'repo') throw new CliError(`error: unknown repo command '${argv[1]}' (expected link or stats)`, 'wopt repo --help describes them');
  const passes = await passTable();
  const opts = parseArgs(argv, passes);
  const raw = rawArguments(argv);
  opts.notUtf8 = new Set(raw.keys()); // batch mode and the cross-module report take UTF-8 names only
  if (opts.help) { process.stdout.write(helpText(passes)); return; }
  if (opts.printPasses) {
    if (!passes.length) await loadCore();   // says why the table is missing
    process.stdout.write(printPassesText(passes, Number(opts.llvmVersion ?? DEFAULT_LLVM_VERSION))); return;
  }
  if (opts.version) { process.stdout.write(await version()); return; }
  if (opts.crossModuleReport !== undefined) {
    await crossModule(opts);
    if (opts.outputDir === undefined) return;
  }
  // opt writes bitcode unless -S, and not to a terminal unless -f (it warns and writes nothing)
  if (!opts.assembly && !opts.disableOutput && !opts.force && (opts.output ?? '-') === '-' && opts.outputDir === undefined && process.stdout.isTTY) {
    process.stderr.write("WARNING: You're attempting to print out a bitcode file.\nThis is inadvisable as it may cause display problems. If\nyou REALLY want to taste LLVM bitcode first-hand, you\ncan force output with the `-f' option.\n\n");
    opts.disableOutput = true;
  }
  // -codegen-data-use-path=<file>: the codegen data global-merge-func merges by, read once here;
  // opt-22 merges within the module without a word when it cannot read the file: wopt says so
  const usePath = opts.forward.find(([n]) => n === 'codegen-data-use-path')?.[1];
  if (usePath) {
    try { opts.codegenData = new Uint8Array(fs.readFileSync(fileArg(raw, usePath))); } catch (e) {
      process.stderr.write(`${PROG}: ${usePath}: warning: cannot read the codegen data (${errnoText(e)}); global-merge-func merges within each module\n`);
    }
  }
  // SQLite takes the repository's path as a string
  if (typeof opts.repo === 'string' && raw.has(opts.repo)) throw new CliError(`${opts.repo}: error: the repository's file name is not valid UTF-8`);
  // -pass-remarks-output: an empty file (no remarks are written)
  const remarksFile = opts.remarksOutput === undefined ? undefined : fileArg(raw, opts.remarksOutput);
  const started = performance.now();
  if (opts.outputDir !== undefined) {
    if (remarksFile !== undefined) writeOutput(remarksFile, new Uint8Array(0));
    return batch(opts, started);
  }
  return runOne(opts, raw, remarksFile, started);
}

// One module (not batch mode); `raw`: the command line's names (rawArguments).
async function runOne(opts, raw, remarksFile, started) {
  const output = fileArg(raw, opts.output);
  if (output === '-' && !opts.disableOutput) checkStdout();
  // the remarks file is made before the run, and a run that fails removes it, as opt's does
  let remarks = null;
  if (remarksFile !== undefined && remarksFile !== '-') {
    try { remarks = openOutput(remarksFile); } catch (e) { throw outputError(remarksFile, e); }
  }
  let r;
  try {
    const input = await readInput(opts.input === undefined ? undefined : fileArg(raw, opts.input));
    const core = await loadCore();
    let repo;
    if (opts.repo !== undefined) {
      try { repo = await (await repoStore()).openRepository(opts.repo); } catch (e) { input.close?.(); throw e; }
    }
    // SIGINT or SIGTERM while the output is written: it is removed (runInput), exit status 128 + N
    try { r = await runInput(core, { ...opts, holdSignals: true, notes: true }, input, output, name => name, repo); } finally { await repo?.close(); }
    if (r.ok) remarks?.close();
  } finally { remarks?.abort(); } // nothing once closed
  if (!r.ok) process.exitCode = 1;
  if (opts.timePasses) process.stderr.write(timingReport([{ name: 'Load core (wasm)', ms: loadMs }, ...r.timings], performance.now() - started + loadMs));
}

// The core's pass table (its pass options are command-line options), or [] when the core cannot
// be loaded (--help still works; running a pipeline reports the load error).
async function passTable() {
  try { const p = (await loadCore()).passes(); return Array.isArray(p) ? p : []; } catch { return []; }
}

// One instance serves the pass table and the run (each instance is a memory of its own).
let firstCore, loadMs = 0;
export async function loadCore() {
  if (!firstCore) {
    const t = performance.now();
    firstCore = loadWopt();
    firstCore.then(() => { loadMs = performance.now() - t; }, () => {});
  }
  try { return await firstCore; } catch (e) {
    firstCore = undefined;
    throw new CliError(`error: cannot load the core (${defaultWasmPath()}): ${e.code === 'ENOENT' ? 'not built; run npm run build:release' : e.message}`);
  }
}

// A run that compiled the core because it found no code cache starts making one for the next
// runs (code-cache.js), in the background: this process does not wait for it.
function afterRun() {
  if (firstCore && codeCacheStatus() === 'missing') startCodeCacheBuild(defaultWasmPath());
}

/**
 * One module: input (from readInput) through the pipeline to `output` ('-' for standard output);
 * side files the passes produce go to sideName(name). Diagnostics go to err(text) (stderr); returns
 * the driver's result (r.ok false when this input failed; r.failure is then its diagnostic).
 * opts.atomicOutput: the output goes to a temporary file renamed into place at the end (batch mode).
 * opts.holdSignals: SIGINT or SIGTERM while the output file is open removes it and throws
 * Interrupted (a run of its own; batch mode has its own handlers, and a module it runs finishes).
 * opts.notes: after a pipeline error, wopt's hint line (pipelineNote; a run of its own: in batch
 * mode every module would repeat it).
 */
export async function runInput(core, opts, input, output, sideName, repo, err = text => process.stderr.write(text)) {
  // The text is written straight from the core's memory, chunk by chunk, once every step before
  // printing succeeded. With a repository the store comes after printing: the text goes to a
  // temporary file renamed into place only after the store committed. Whatever fails once the
  // output is open (the store, a side file, a write) removes it: a failed run leaves no output file.
  let outFile = null;
  // With a repository, standard output is held back until the store succeeded too.
  const held = repo && output === '-' ? [] : null;
  const sink = view => {
    if (held) { held.push(Buffer.from(view)); return; }
    if (output === '-') { writeStdout(view); return; }
    try {
      outFile ??= openOutput(output, { atomic: !!repo || !!opts.atomicOutput, holdSignals: !!opts.holdSignals });
      outFile.write(view);
    } catch (e) { throw outputError(output, e); }
  };
  const runOpts = { passes: opts.pipeline, options: opts.forward, moduleId: input.name, llvmVersion: Number(opts.llvmVersion ?? DEFAULT_LLVM_VERSION),
    verify: !opts.disableVerify, print: !opts.disableOutput, bitcode: !opts.assembly, sink, codegenData: opts.codegenData };
  let r;
  try {
    try {
      r = repo ? await runModuleWithRepository(core, input.data ?? input.bytes, { ...runOpts, repo })
        : runModule(core, input.data ?? input.bytes, runOpts);
    } finally { input.close?.(); }
    if (held && r.ok) for (const b of held) writeStdout(b);
    for (const w of r.warnings ?? []) err(`${w.tool ? `${PROG}: ` : ''}${w.text}\n`);
    if (r.log) err(r.log);
    for (const f of r.files) writeOutput(sideName(f.name), f.bytes);
    if (!r.ok) {
      r.failure = describeFailure(r, input);
      err(r.failure);
      const note = opts.notes && r.stage === 'pipeline' ? pipelineNote(r.error, core.passes(), runOpts.llvmVersion) : '';
      if (note) err(`${PROG}: note: ${note}\n`);
    }
    else if (outFile) {
      // a signal that came while the output was written: it goes, as opt's would
      const signal = await signalCaught();
      if (signal) throw new Interrupted(signal);
      try { outFile.close(); } catch (e) { throw outputError(output, e); }
    }
    else if (!opts.disableOutput && output !== '-') writeOutput(output, new Uint8Array(0));
  } finally { outFile?.abort(); } // nothing once closed
  return r;
}

// Batch mode (-output-dir): batch.js.
async function batch(opts, started) {
  const { runBatch } = await import('./batch.js');
  return runBatch(opts, started);
}

// --cross-module-report[=<file.json>]: the inputs linked as llvm-link links them and mergefunc
// run on the whole (bindings/cross-module.js); text on standard output, or JSON written atomically.
async function crossModule(opts) {
  const { crossModuleReport } = await import('./cross-module.js');
  // the inputs as batch mode takes them (files, directories, @lists, - for a list on standard
  // input), expanded once: a batch that follows (-output-dir) runs the same list
  let files = ['-'];
  if (opts.inputs.length) {
    const { collectInputs } = await import('./batch.js');
    const problems = [];
    files = await collectInputs(opts.inputs, { outputDir: opts.outputDir, problems, notUtf8: opts.notUtf8 });
    for (const p of problems) process.stderr.write(`${PROG}: ${p.path}: error: ${p.error}\n`);
    if (problems.length) process.exitCode = 1;
    if (files.length === 0) throw new CliError('error: no input modules for the cross-module report');
    opts.inputs = files;
  }
  const inputs = [];
  for (const file of files) {
    const input = await readInput(file);
    inputs.push({ name: file === '-' ? '<stdin>' : file, bytes: input.bytes });
    input.close?.();
  }
  const aliases = opts.forward.find(([n]) => n === 'mergefunc-use-aliases')?.[1];
  const { report, text } = crossModuleReport(await loadCore(), inputs, {
    llvmVersion: Number(opts.llvmVersion ?? DEFAULT_LLVM_VERSION), useAliases: aliases === true || aliases === '1' || aliases === 'true' });
  if (opts.crossModuleReport === '-') { checkStdout(); process.stdout.write(text); }
  else writeOutput(opts.crossModuleReport, new TextEncoder().encode(JSON.stringify(report, null, 1) + '\n'));
  for (const f of report.failures) process.stderr.write(`${PROG}: ${f.message}\n`);
  if (report.failures.length) process.exitCode = 1;
}

function sameFile(a, b) {
  try { const x = fs.statSync(a), y = fs.statSync(b); return x.dev === y.dev && x.ino === y.ino; } catch { return false; }
}

// wopt repo link --repo=<file> [--llvm-version=N] <ticket.ll> [-o <full.ll>]
async function repoLinkCommand(argv) {
  let repoPath, input, output = '-', llvmVersion = DEFAULT_LLVM_VERSION;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const m = /^--?(repo|o|llvm-version)(?:=(.*))?$/.exec(a);
    if (m) {
      const v = m[2] ?? argv[++i];
      if (v === undefined) throw new UsageError(`for the ${a} option: requires a value!`);
      if (m[1] === 'repo') repoPath = v;
      else if (m[1] === 'o') output = v;
      else if (LLVM_VERSIONS.includes(Number(v))) llvmVersion = Number(v);
      else throw new UsageError(`for the --llvm-version option: Cannot find option named '${v}'!`, enumNote('--llvm-version', LLVM_VERSIONS.map(String)));
    } else if (a.startsWith('-') && a !== '-') throw new UsageError(`Unknown command line argument '${a}'.  Try: 'wopt --help'`);
    else if (input !== undefined) throw new UsageError('repo link: one ticket module expected');
    else input = a;
  }
  if (repoPath === undefined) throw new CliError('error: repo link needs --repo=<file>');
  const raw = rawArguments(argv);
  output = fileArg(raw, output);
  if (output === '-') checkStdout();
  const src = await readInput(input === undefined ? undefined : fileArg(raw, input));
  const bytes = src.bytes;
  src.close?.();
  const core = await loadWopt();
  const repo = await (await repoStore()).openRepository(repoPath, { create: false });
  let r;
  const { linkModule } = await import('./repo/link.js');
  try { r = await linkModule(core, bytes, repo, { moduleId: src.name, llvmVersion }); }
  catch (e) { throw e.code === 'ELINK' ? new CliError(`${src.name}: ${e.message}`) : e; }
  finally { await repo.close(); }
  if (!r.ok) {
    const { line, col, message } = r.error;
    throw new CliError(`${src.name}:${line ? `${line}:${col}:` : ''} error: ${message}`);
  }
  writeOutput(output, r.output);
}

// A reader that stopped (EPIPE: `| head`) ends the output quietly; any other write error (a full
// disk) is reported once and fails the run, as opt's does.
let stdoutFailed = false;
process.stdout.on('error', e => {
  if (e.code === 'EPIPE' || stdoutFailed) return;
  stdoutFailed = true;
  process.stderr.write(`${PROG}: error: writing standard output failed: ${errnoText(e)}\n`);
  process.exitCode = 1;
});
// The command runs when this file is the program; batch mode's worker threads (and tests) import
// it for runInput and the like.
function isProgram() {
  if (!isMainThread || !process.argv[1]) return false;
  try { return import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href; } catch { return false; }
}
if (isProgram()) main(process.argv.slice(2)).catch(e => {
  if (e instanceof Interrupted) { process.stderr.write(`${PROG}: ${e.message}\n`); process.exitCode = signalStatus(e.signal); return; }
  if (e instanceof UsageError || e instanceof CliError || e?.code === 'EREPO') process.stderr.write(`${PROG}: ${e.message}\n${e.note ? `${PROG}: note: ${e.note}\n` : ''}`);
  else process.stderr.write(`${PROG}: error: internal error: ${e?.stack ?? e}\n`);
  process.exitCode = 1;
}).finally(afterRun);
