#!/usr/bin/env node
// cli.js — the `wopt` command: opt-compatible front end over the WebAssembly core (Node only).
// Options: see cli-args.js (`wopt --help`). Exit status 0 on success, 1 on any error.
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { writeFileAtomic, openOutput, errnoText } from './fsutil.js';
import { parseArgs, helpText, printPassesText, UsageError } from './cli-args.js';
import { loadWopt, defaultWasmPath, codeCacheStatus } from './node.js';
import { startCodeCacheBuild } from './code-cache.js';
import { runModule, runModuleWithRepository } from './driver.js';
import { formatDiagnostic } from './diag.js';
import { LLVM_VERSIONS, DEFAULT_LLVM_VERSION } from './core.js';
import { timingReport } from './timing.js';
// The repository modules (and SQLite behind them) load only when a repository is used.
export const repoStore = () => import('./repo/store.js');

export const PROG = 'wopt';

export class CliError extends Error {}

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
    throw new CliError(`${file}: error: Could not open input file: ${errnoText(e)}`);
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

function writeOutput(file, bytes) {
  // stdout writes are asynchronous on pipes: hand it a copy, never a view into core memory.
  if (file === '-') { process.stdout.write(Buffer.from(bytes)); return; }
  try { writeFileAtomic(file, bytes); } catch (e) {
    throw new CliError(`${file}: error: Could not open output file: ${errnoText(e)}`);
  }
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

const withNewline = s => (s === '' || s.endsWith('\n') ? s : s + '\n');

async function main(argv) {
  if (argv[0] === 'repo' && argv[1] === 'stats') {
    const { repoStatsCommand } = await import('./repo/stats.js');
    process.stdout.write(await repoStatsCommand(argv.slice(2))); return;
  }
  if (argv[0] === 'repo' && argv[1] === 'link') return repoLinkCommand(argv.slice(2));
  if (argv[0] === 'repo') throw new CliError(`error: unknown repo command '${argv[1] ?? ''}' (expected link or stats)`);
  const passes = await passTable();
  const opts = parseArgs(argv, passes);
  if (opts.help) { process.stdout.write(helpText(passes)); return; }
  if (opts.printPasses) {
    if (!passes.length) await loadCore();   // says why the table is missing
    process.stdout.write(printPassesText(passes)); return;
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
  if (opts.remarksOutput) writeOutput(opts.remarksOutput, new Uint8Array(0));

  const started = performance.now();
  if (opts.outputDir !== undefined) return batch(opts, started);
  const input = await readInput(opts.input);
  const core = await loadCore();
  let repo;
  if (opts.repo !== undefined) {
    try { repo = await (await repoStore()).openRepository(opts.repo); } catch (e) { input.close?.(); throw e; }
  }
  let r;
  try { r = await runInput(core, opts, input, opts.output, name => name, repo); } finally { await repo?.close(); }
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
 */
export async function runInput(core, opts, input, output, sideName, repo, err = text => process.stderr.write(text)) {
  // The text is written straight from the core's memory, chunk by chunk, once every step before
  // printing succeeded; a failure while printing removes the partial file. With a repository the
  // store comes after printing: the text goes to a temporary file renamed into place only after
  // the store committed, so a failed or killed run never leaves an output file.
  let outFile = null;
  // With a repository, standard output is held back until the store succeeded too.
  const held = repo && output === '-' ? [] : null;
  const sink = view => {
    if (held) { held.push(Buffer.from(view)); return; }
    if (output === '-') { process.stdout.write(Buffer.from(view)); return; }
    try {
      outFile ??= openOutput(output, { atomic: !!repo || !!opts.atomicOutput });
      outFile.write(view);
    } catch (e) {
      outFile?.abort();
      throw new CliError(`${output}: error: Could not open output file: ${errnoText(e)}`);
    }
  };
  const runOpts = { passes: opts.pipeline, options: opts.forward, moduleId: input.name, llvmVersion: Number(opts.llvmVersion ?? DEFAULT_LLVM_VERSION),
    verify: !opts.disableVerify, print: !opts.disableOutput, bitcode: !opts.assembly, sink };
  let r;
  try {
    r = repo ? await runModuleWithRepository(core, input.data ?? input.bytes, { ...runOpts, repo })
      : runModule(core, input.data ?? input.bytes, runOpts);
  } finally { input.close?.(); }
  if (held && r.ok) for (const b of held) process.stdout.write(b);
  for (const w of r.warnings ?? []) err(`${w.tool ? `${PROG}: ` : ''}${w.text}\n`);
  if (r.log) err(r.log);
  for (const f of r.files) writeOutput(sideName(f.name), f.bytes);
  if (!r.ok) { outFile?.abort(); r.failure = describeFailure(r, input); err(r.failure); }
  else if (outFile) {
    try { outFile.close(); } catch (e) { throw new CliError(`${output}: error: Could not open output file: ${errnoText(e)}`); }
  }
  else if (!opts.disableOutput && output !== '-') writeOutput(output, new Uint8Array(0));
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
    files = await collectInputs(opts.inputs, { outputDir: opts.outputDir });
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
  if (opts.crossModuleReport === '-') process.stdout.write(text);
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
      else throw new UsageError(`for the --llvm-version option: Cannot find option named '${v}'!`);
    } else if (a.startsWith('-') && a !== '-') throw new UsageError(`Unknown command line argument '${a}'.  Try: 'wopt --help'`);
    else if (input !== undefined) throw new UsageError('repo link: one ticket module expected');
    else input = a;
  }
  if (repoPath === undefined) throw new CliError('error: repo link needs --repo=<file>');
  const src = await readInput(input);
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

process.stdout.on('error', e => { if (e.code !== 'EPIPE') throw e; });
// The command runs when this file is the program; batch mode's worker threads (and tests) import
// it for runInput and the like.
function isProgram() {
  if (!isMainThread || !process.argv[1]) return false;
  try { return import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href; } catch { return false; }
}
if (isProgram()) main(process.argv.slice(2)).catch(e => {
  if (e instanceof UsageError || e instanceof CliError || e?.code === 'EREPO') process.stderr.write(`${PROG}: ${e.message}\n`);
  else process.stderr.write(`${PROG}: error: internal error: ${e?.stack ?? e}\n`);
  process.exitCode = 1;
}).finally(afterRun);
