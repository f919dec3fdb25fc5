// main.js — the `wopt` command's work: the command line read (args.js), one module run
// (run-module.js), batch mode (batch.js), the cross-module report, `wopt repo link|stats|maps`,
// `wopt lsp --stdio` (the language server, ../lsp/).
// The program file (../cli.js) calls main() and turns what it throws into a message and a status.
import fs from 'node:fs';
import { openOutput, errnoText } from './fsutil.js';
import { parseArgs, helpText, repoHelpText, printPassesText, UsageError, enumNote } from './args.js';
import { loadWopt, defaultWasmPath, codeCacheStatus } from '../node.js';
import { startCodeCacheBuild } from '../code-cache.js';
import { LLVM_VERSIONS, DEFAULT_LLVM_VERSION } from '../core.js';
import { timingReport } from './timing.js';
import { PROG, CliError, readInput, runInput, writeOutput, checkStdout, outputError, loadCore, coreLoadMs, repoStore, isCoreLoaded } from './run-module.js';

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
  const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return loadWopt().then(core => core.version() || 'unknown',
    e => `unavailable (${defaultWasmPath()}: ${e.code === 'ENOENT' ? 'not built; run npm run build:release' : e.message})`)
    .then(core => `wopt version ${pkg.version}\n  core: ${core}\n  LLVM versions: ${LLVM_VERSIONS.join(', ')} (--llvm-version, default ${DEFAULT_LLVM_VERSION}); textual IR and bitcode\n`);
}

const isHelp = a => /^--?(help|h)$/.test(a) || a === 'help';

export async function main(argv) {
  if (argv[0] === 'repo' && (argv.length === 1 || isHelp(argv[1]) || (['link', 'stats', 'maps'].includes(argv[1]) && argv.slice(2).some(isHelp)))) {
    process.stdout.write(repoHelpText()); return;
  }
  if (argv[0] === 'repo' && argv[1] === 'stats') {
    const { repoStatsCommand } = await import('../repo/stats.js');
    process.stdout.write(await repoStatsCommand(argv.slice(2))); return;
  }
  if (argv[0] === 'repo' && argv[1] === 'maps') {
    const { repoMapsCommand } = await import('../repo/maps.js');
    process.stdout.write(await repoMapsCommand(argv.slice(2))); return;
  }
  if (argv[0] === 'repo' && argv[1] === 'link') return repoLinkCommand(argv.slice(2));
  if (argv[0] === 'repo') throw new CliError(`error: unknown repo command '${argv[1]}' (expected link, stats or maps)`, 'wopt repo --help describes them');
  if (argv[0] === 'lsp') {
    if (argv.length !== 2 || argv[1] !== '--stdio') throw new CliError('error: wopt lsp takes --stdio (the language server speaks the protocol over standard input and output)');
    const { runStdioServer } = await import('../lsp/stdio.js');
    runStdioServer(); return;
  }
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
  if (opts.timePasses) process.stderr.write(timingReport([{ name: 'Load core (wasm)', ms: coreLoadMs() }, ...r.timings], performance.now() - started + coreLoadMs()));
}

// The core's pass table (its pass options are command-line options), or [] when the core cannot
// be loaded (--help still works; running a pipeline reports the load error).
async function passTable() {
  try { const p = (await loadCore()).passes(); return Array.isArray(p) ? p : []; } catch { return []; }
}

// A run that compiled the core because it found no code cache starts making one for the next
// runs (code-cache.js), in the background: this process does not wait for it.
export function afterRun() {
  if (isCoreLoaded() && codeCacheStatus() === 'missing') startCodeCacheBuild(defaultWasmPath());
}
// Batch mode (-output-dir): batch.js.
async function batch(opts, started) {
  const { runBatch } = await import('./batch.js');
  return runBatch(opts, started);
}

// --cross-module-report[=<file.json>]: the inputs linked as llvm-link links them and mergefunc
// run on the whole (bindings/cross-module.js); text on standard output, or JSON written atomically.
async function crossModule(opts) {
  const { crossModuleReport } = await import('../cross-module.js');
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
  const { linkModule } = await import('../repo/link.js');
  try { r = await linkModule(core, bytes, repo, { moduleId: src.name, llvmVersion }); }
  catch (e) { throw e.code === 'ELINK' ? new CliError(`${src.name}: ${e.message}`) : e; }
  finally { await repo.close(); }
  if (!r.ok) {
    const { line, col, message } = r.error;
    throw new CliError(`${src.name}:${line ? `${line}:${col}:` : ''} error: ${message}`);
  }
  writeOutput(output, r.output);
}
