// run-module.js — one module through the core, as the `wopt` command runs it: the input read,
// the driver run (driver.js), the output and side files written, a failure described in opt's
// words. The command (main.js) and batch mode's lanes (batch-run.js) both run modules with it.
import fs from 'node:fs';
import { writeFileAtomic, openOutput, errnoText, signalCaught, stdoutClosed } from './fsutil.js';
import { loadWopt, defaultWasmPath } from '../node.js';
import { runModule, runModuleWithRepository } from '../driver.js';
import { formatDiagnostic } from '../diag.js';
import { DEFAULT_LLVM_VERSION } from '../core.js';
// The repository modules (and SQLite behind them) load only when a repository is used.
export const repoStore = () => import('../repo/store.js');

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
export const writeStdout = bytes => { process.stdout.write(Buffer.from(bytes)); };

// The message for a failed output: which step failed (fsutil.js tags the error).
export function outputError(file, e) {
  if (e instanceof CliError) return e;
  const what = e?.op === 'write' ? 'Could not write output file' : e?.op === 'rename' ? 'Could not move the output file into place'
    : 'Could not open output file';
  return new CliError(`${file}: error: ${what}: ${errnoText(e)}`);
}

export function writeOutput(file, bytes) {
  if (file === '-') { writeStdout(bytes); return; }
  try { writeFileAtomic(file, bytes); } catch (e) { throw outputError(file, e); }
}

// A module written to a closed standard output would be lost without a word (Node gives a closed
// one /dev/null); opt fails writing it.
export function checkStdout() {
  if (stdoutClosed()) throw new CliError('error: standard output is closed; to discard the output, use -disable-output or -o /dev/null');
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
      // a fatal error of LLVM's (the verify pass on a broken module) has no tool name
      if (/^LLVM ERROR: /.test(e.message ?? '')) return `${e.message}\n`;
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

// One instance serves the pass table and the run (each instance is a memory of its own).
let firstCore, loadMs = 0;
/** Whether this process started loading the core. */
export const isCoreLoaded = () => firstCore !== undefined;
/** How long loading the core took (ms; 0 before it loaded). */
export const coreLoadMs = () => loadMs;
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
    verify: !opts.disableVerify, print: !opts.disableOutput, bitcode: !opts.assembly, sink, codegenData: opts.codegenData,
    // as opt: a warning goes out when it arises, before the output
    onWarning: w => err(`${w.tool ? `${PROG}: ` : ''}${w.text}\n`) };
  let r;
  try {
    try {
      r = repo ? await runModuleWithRepository(core, input.data ?? input.bytes, { ...runOpts, repo })
        : runModule(core, input.data ?? input.bytes, runOpts);
    } finally { input.close?.(); }
    if (held && r.ok) for (const b of held) writeStdout(b);
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
