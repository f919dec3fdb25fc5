// cli-args.js — opt-compatible command-line parsing for the wopt CLI.
// Like LLVM's cl library: `-name` and `--name` are the same option, values go as `-name=value`
// or (for options that take a value) `-name value`; `-` alone is standard input; `--` ends options.
import { OWN_OPTIONS } from '../across-modules.js';
import { LLVM_VERSIONS, DEFAULT_LLVM_VERSION } from '../core.js';

/**
 * The option table. kind: bool | string | uint | enum (one of `values`). `group` decides what happens with the value:
 *   main     — the CLI itself uses it (the value is stored as field `key` of the parsed options)
 *   pipeline — appends `pass` to the pipeline (legacy single-pass flags, -O#)
 *   forward  — sent to the core as a pass option (see "Options (host→core)" in assembly/ABI.md); these
 *              are not listed here: they come from the core's pass table (passOptionSpecs)
 *   instrument — opt's IR-printing instrumentation (-print-after-all, -print-changed, ...), sent to the
 *              core as options like the pass options; `list` ones accumulate (cl::list, comma-separated)
 *   ignore   — accepted for compatibility with LLVM's tests; no effect on our output
 * (an option of any group with a `key` also stores its value there).
 */
export const OPTIONS = [
  { names: ['S'], kind: 'bool', group: 'main', key: 'assembly', help: 'Write output as LLVM assembly (bitcode otherwise)' },
  { names: ['passes', 'p'], kind: 'string', group: 'main', key: 'passes', value: 'pipeline', help: 'The pass pipeline, e.g. -passes=mergefunc,mem2reg (the last one given wins)' },
  { names: ['o'], kind: 'string', group: 'main', key: 'output', value: 'filename', help: "Output file ('-' for standard output, the default)" },
  { names: ['disable-output'], kind: 'bool', group: 'main', key: 'disableOutput', help: 'Do not write the module' },
  { names: ['disable-verify'], kind: 'bool', group: 'main', key: 'disableVerify', help: 'Do not verify the input and output modules' },
  { names: ['time-passes'], kind: 'bool', group: 'main', key: 'timePasses', help: 'Print parse/pipeline/print wall times to stderr' },
  { names: ['version'], kind: 'bool', group: 'main', key: 'version', help: 'Print the version and exit' },
  { names: ['llvm-version'], kind: 'enum', values: LLVM_VERSIONS.map(String), group: 'main', key: 'llvmVersion', value: LLVM_VERSIONS.join('|'),
    help: `The LLVM whose IR dialect and opt behaviour to follow (default ${DEFAULT_LLVM_VERSION})` },
  { names: ['output-dir'], kind: 'string', group: 'main', key: 'outputDir', value: 'directory', help: 'Batch mode: run every input (files, directories, @lists, - for a list on stdin) as its own module, writing <directory>/<input path> (see BATCH MODE)' },
  { names: ['j', 'jobs'], kind: 'uint', group: 'main', key: 'jobs', value: 'n', help: "Batch mode: modules run at once, each on a worker thread (default and at most: the machine's cores; fewer when free memory holds fewer; a larger N is capped, with a note)" },
  { names: ['report'], kind: 'string', group: 'main', key: 'report', value: 'file.json', help: 'Batch mode: write a JSON report of every module and the totals' },
  { names: ['quiet', 'q'], kind: 'bool', group: 'main', key: 'quiet', help: 'Batch mode: no progress display and no closing summary' },
  { names: ['across-modules'], kind: 'bool', group: 'main', key: 'acrossModules',
    help: "Batch mode: global-merge-func merges by the stable function map of the whole batch (LLVM 22's two rounds with codegen data, in one command)" },
  { names: ['emit-cgdata'], kind: 'string', group: 'main', key: 'emitCgdata', value: 'file.cgdata',
    help: 'With --across-modules: write the batch\'s stable function map as an indexed .cgdata (what llvm-cgdata --merge writes; clang -fcodegen-data-use-path, llc and opt -codegen-data-use-path read it)' },
  { names: ['cross-module-report'], kind: 'string', optionalValue: '-', group: 'main', key: 'crossModuleReport', value: 'file.json',
    help: 'Report the functions identical across all the inputs (mergefunc after llvm-link of them): text on standard output, or JSON into <file.json>; without -output-dir nothing else runs' },
  { names: ['repo'], kind: 'string', group: 'main', key: 'repo', value: 'file', help: 'Program repository for repo-prune (SQLite file, created on first use; postgres://user@host:port/db for a shared PostgreSQL database; :memory: for none kept)' },
  { names: ['help', 'h'], kind: 'bool', group: 'main', key: 'help', help: 'Print this help and exit' },
  { names: ['print-passes'], kind: 'bool', group: 'main', key: 'printPasses', help: 'Print the passes and analyses the pipeline may name, and exit' },

  { names: ['mergefunc'], kind: 'bool', group: 'pipeline', pass: 'mergefunc', help: 'Legacy flag: append mergefunc to the pipeline' },
  { names: ['mem2reg'], kind: 'bool', group: 'pipeline', pass: 'mem2reg', help: 'Legacy flag: append mem2reg to the pipeline' },
  ...['O0', 'O1', 'O2', 'O3', 'Os', 'Oz'].map(o => ({ names: [o], kind: 'bool', group: 'pipeline', pass: `default<${o}>`, olevel: true,
    help: `Same as -passes='default<${o}>' (the core decides whether it knows it)` })),

  { names: ['print-after-all'], kind: 'bool', group: 'instrument', help: 'Print IR after each pass (to stderr, as opt)' },
  { names: ['print-before-all'], kind: 'bool', group: 'instrument', help: 'Print IR before each pass' },
  { names: ['print-after'], kind: 'string', group: 'instrument', list: true, value: 'pass', help: 'Print IR after the named passes (repeatable, comma-separated)' },
  { names: ['print-before'], kind: 'string', group: 'instrument', list: true, value: 'pass', help: 'Print IR before the named passes (repeatable, comma-separated)' },
  { names: ['print-changed'], kind: 'enum', values: ['changed', 'quiet'], optionalValue: 'changed', group: 'instrument', value: 'quiet',
    unsupported: ['diff', 'diff-quiet', 'cdiff', 'cdiff-quiet', 'dot-cfg', 'dot-cfg-quiet'],
    help: "Print the IR after each pass that changed it; =quiet leaves out the passes that did not" },
  { names: ['filter-print-funcs'], kind: 'string', group: 'instrument', list: true, value: 'names', help: 'Only these functions in IR dumps (comma-separated)' },
  { names: ['filter-passes'], kind: 'string', group: 'instrument', list: true, value: 'names', help: '-print-changed: only these passes (comma-separated)' },
  { names: ['print-module-scope'], kind: 'bool', group: 'instrument', help: 'Function passes: print the whole module in IR dumps' },

  { names: ['mtriple'], kind: 'string', group: 'ignore', value: 'triple', help: "accepted; not applied: the module keeps its own target triple" },

  { names: ['try-experimental-debuginfo-iterators'], kind: 'bool', group: 'ignore', help: 'LLVM debug-info representation switch' },
  { names: ['preserve-ll-uselistorder'], kind: 'bool', group: 'ignore', help: 'use-list order directives are not written' },
  { names: ['preserve-bc-uselistorder'], kind: 'bool', group: 'ignore', help: 'bitcode only' },
  { names: ['stats'], kind: 'bool', group: 'ignore', help: 'like a release (no-asserts) opt: prints nothing' },
  { names: ['verify-each'], kind: 'bool', group: 'ignore', help: 'the output is verified after the pipeline anyway' },
  { names: ['f'], kind: 'bool', group: 'main', key: 'force', help: 'Enable binary output on terminals' },
  { names: ['pass-remarks-output'], kind: 'string', group: 'ignore', key: 'remarksOutput', value: 'file', help: 'creates the file; no remarks are written' },
  { names: ['pass-remarks', 'pass-remarks-missed', 'pass-remarks-analysis'], kind: 'string', group: 'ignore', value: 'regex', help: 'no remarks are emitted' },
];

/**
 * The command-line options of the passes in the core's pass table (WoptCore.passes()): each
 * option once, forwarded to the core, its help naming the passes that read it.
 */
export function passOptionSpecs(passes = []) {
  const specs = new Map();
  for (const p of passes) {
    for (const o of p.options) {
      const seen = specs.get(o.name);
      if (seen) { if (!seen.passNames.includes(p.name)) seen.passNames.push(p.name); continue; }
      specs.set(o.name, {
        names: [o.name], kind: o.kind, group: 'forward', values: o.values, passNames: [p.name], optionHelp: o.help,
        value: o.kind === 'bool' ? undefined : o.kind === 'enum' ? o.values.join('|') : o.kind === 'uint' ? 'n' : o.kind === 'number' ? 'number' : 'value',
      });
    }
  }
  return [...specs.values()].map(s => ({ ...s, help: `${s.passNames.join(', ')}: ${s.optionHelp}` }));
}

const optionIndex = passes => new Map([...OPTIONS, ...passOptionSpecs(passes)].flatMap(o => o.names.map(n => [n, o])));

/** A bad command line: `message` in opt's wording; `note`, when wopt has more to say, its own line after it. */
export class UsageError extends Error {
  constructor(message, note) { super(message); if (note) this.note = note; }
}

/** 'a', 'a or b', 'a, b or c'. */
export const orList = xs => xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`;

/** The note after a bad value of enum option `name`: the values it takes. */
export const enumNote = (name, values, optional) =>
  `${name} takes ${orList(values)}${optional ? ` (or no value: ${name} alone)` : ''}`;

const dashed = name => (name.length === 1 ? '-' : '--') + name;

// What strtod reads whole, as cl::opt<double> takes it: leading white space, a sign, a decimal
// or hexadecimal (0x..., binary exponent) number, inf, infinity or nan.
const DOUBLE_TEXT = /^[\s]*[+-]?(inf|infinity|nan|(\d+\.?\d*|\.\d+)(e[+-]?\d+)?|0x([\da-f]+\.?[\da-f]*|\.[\da-f]+)(p[+-]?\d+)?)$/i;
export const isDoubleText = v => DOUBLE_TEXT.test(v);

function parseBool(name, v) {
  if (['', 'true', 'TRUE', 'True', '1'].includes(v)) return true;
  if (['false', 'FALSE', 'False', '0'].includes(v)) return false;
  throw new UsageError(`for the ${dashed(name)} option: '${v}' is invalid value for boolean argument! Try 0 or 1`);
}

/**
 * Parses argv (without node and script); `passes` is the core's pass table, whose options are
 * accepted and forwarded. Returns { assembly, passes, output, ..., input,
 * pipeline: [...], forward: [[name, value]...], olevel }. Throws UsageError with opt's wording.
 */
export function parseArgs(argv, passes = []) {
  const byName = optionIndex(passes);
  const o = { input: undefined, inputs: [], extraPasses: [], forward: [], olevel: false, output: '-' };
  let endOfOptions = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (endOfOptions || a === '-' || !a.startsWith('-')) { o.inputs.push(a); continue; }
    if (a === '--') { endOfOptions = true; continue; }
    const body = a.replace(/^--?/, '');
    const eq = body.indexOf('=');
    const name = eq < 0 ? body : body.slice(0, eq);
    let value = eq < 0 ? undefined : body.slice(eq + 1);
    const spec = byName.get(name);
    if (!spec) throw new UsageError(`Unknown command line argument '${a}'.  Try: 'wopt --help'`);
    if (spec.kind === 'bool') value = parseBool(name, value ?? '');
    else if (value === undefined && spec.optionalValue) value = spec.optionalValue;
    else {
      if (value === undefined) {
        if (i + 1 >= argv.length) throw new UsageError(`for the ${dashed(name)} option: requires a value!`);
        value = argv[++i];
      }
      if (spec.unsupported?.includes(value))
        throw new UsageError(`${dashed(name)}=${value} is not supported (it runs an external program); use ${dashed(name)} or ${dashed(name)}=quiet`);
      if (spec.kind === 'enum' && !spec.values.includes(value))
        throw new UsageError(`for the ${dashed(name)} option: Cannot find option named '${value}'!`, enumNote(dashed(name), spec.values, spec.optionalValue !== undefined));
      if (spec.kind === 'uint') {
        if (!/^\d+$/.test(value) || Number(value) > 4294967295) throw new UsageError(`for the ${dashed(name)} option: '${value}' value invalid for uint argument!`);
        value = Number(value);
      }
      if (spec.kind === 'number' && !isDoubleText(value))
        throw new UsageError(`for the ${dashed(name)} option: '${value}' value invalid for floating point argument!`);
    }
    if (spec.key) o[spec.key] = value;
    if (spec.group === 'pipeline') {
      if (value) o.extraPasses.push(spec.pass);
      if (value && spec.olevel) o.olevel = true;
    } else if (spec.group === 'forward' || spec.group === 'instrument') {
      const prev = o.forward.find(([n]) => n === spec.names[0]);
      if (spec.list && prev && value !== '') value = prev[1] === '' ? value : `${prev[1]},${value}`;
      o.forward = o.forward.filter(([n]) => n !== spec.names[0]).concat([[spec.names[0], value]]);
      if (spec.group === 'instrument') o.instrumented = true;
    }
  }
  // The instrumentation names the steps opt runs after the pipeline: the verifier and the printer.
  if (o.instrumented) {
    const tail = [!o.disableVerify && 'verify', !o.disableOutput && 'print'].filter(Boolean).join(',');
    o.forward.push(['pipeline-tail', tail]);
  }
  // One input, as opt takes; any number with -output-dir (batch mode).
  if (o.outputDir === undefined && o.crossModuleReport === undefined && o.inputs.length > 1)
    throw new UsageError('Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: wopt --help');
  if (o.report !== undefined && o.outputDir === undefined) throw new UsageError('--report is for batch mode: give -output-dir=<directory>');
  if (o.acrossModules && o.outputDir === undefined) throw new UsageError('--across-modules is for batch mode: give -output-dir=<directory> and the modules');
  if (o.emitCgdata !== undefined && !o.acrossModules) throw new UsageError('--emit-cgdata needs --across-modules');
  if (o.acrossModules) {
    for (const n of OWN_OPTIONS)
      if (o.forward.some(([k]) => k === n)) throw new UsageError(`--across-modules makes the batch's own codegen data: -${n} cannot be given with it`);
  }
  o.input = o.inputs[0];
  if (o.olevel && (o.passes !== undefined || o.extraPasses.length > 1))
    throw new UsageError("Cannot specify -O# and --passes=/--foo-pass, use -passes='default<O#>,other-pass'");
  o.pipeline = [o.passes, ...o.extraPasses].filter(Boolean).join(',');
  return o;
}

const GROUP_TITLES = {
  main: 'General options',
  pipeline: 'Pipeline shortcuts (appended to -passes, in command-line order)',
  instrument: 'Printing the IR around passes (to stderr, in opt\'s format)',
  forward: 'Pass options (forwarded to the core as <pipeline>|name=value,...)',
  ignore: 'Accepted for compatibility with LLVM tests (no effect)',
};

export function helpText(passes = []) {
  const lines = [
    `OVERVIEW: wopt — LLVM's opt for mergefunc, global-merge-func, mem2reg, dominators and the program`,
    `          repository, as a WebAssembly core. It follows LLVM ${DEFAULT_LLVM_VERSION}'s opt (${LLVM_VERSIONS.filter(v => v !== DEFAULT_LLVM_VERSION).map(v => `LLVM ${v}'s with`).join(', ')}`,
    `          ${LLVM_VERSIONS.filter(v => v !== DEFAULT_LLVM_VERSION).map(v => `--llvm-version=${v}`).join(', ')}), and reads and writes textual IR (.ll) and bitcode (.bc): bitcode`,
    '          is read by its magic, and written as opt writes it, unless -S.', '',
    'USAGE: wopt [options] [<input .ll or .bc file> | -]',
    '       wopt [options] -output-dir=<dir> [-j N] [--across-modules [--emit-cgdata=<file>]] <inputs>...',
    '       wopt --cross-module-report[=<file.json>] [options] <inputs>...',
    '       wopt repo link --repo=<file> [--llvm-version=N] [<ticket module> | -] [-o <file>]',
    '       wopt repo stats --repo=<file> [--json]',
    '       wopt repo maps --repo=<file> [--json | --forget <module>... | --forget-all]',
    '  (inputs: files, directories, @lists, or - for a list on stdin: see BATCH MODE; wopt repo --help: REPOSITORY)', '',
    'OPTIONS:'];
  for (const [group, title] of Object.entries(GROUP_TITLES)) {
    lines.push('', `${title}:`, '');
    for (const o of [...OPTIONS, ...passOptionSpecs(passes)].filter(x => x.group === group)) {
      const flags = o.names.map(n => `${dashed(n)}${!o.value ? '' : n.length === 1 ? ` <${o.value}>` : `=<${o.value}>`}`);
      const flag = flags.join(', ');
      if (flag.length <= 44) lines.push(`  ${flag.padEnd(44)} - ${o.help}`);
      else lines.push(...flags.map(f => `  ${f.padEnd(44)} - ${o.help}`));
    }
  }
  lines.push('', 'PASSES (-passes=...; analyses as require<name> and invalidate<name>):', '');
  if (!passes.length) lines.push('  (the core is not loaded: build it with npm run build:release)');
  for (const p of passes) {
    const since = p.since && p.since > Math.min(...LLVM_VERSIONS) && !p.help.includes(`LLVM ${p.since}`) ? ` (LLVM ${p.since})` : '';
    lines.push(`  ${(p.analysis ? `${p.level} analysis ` : `${p.level} pass `).padEnd(18)}${p.name.padEnd(26)} - ${p.help}${since}`);
  }
  lines.push('', 'BATCH MODE:', '',
    '  wopt -S -passes=... -output-dir=<dir> [-j N] [--report=r.json] <inputs>   runs each input as its own module,',
    '  its output byte for byte what a run of its own writes, N at once on worker threads (default: the cores;',
    '  never more than the cores, the inputs, or what free memory holds: a larger -j is capped, with a note).',
    '  Inputs: files; directories (their .ll and .bc files, recursively); @<list> (one path per line, relative to',
    '  the current directory); - (such a list on standard input). Outputs mirror the inputs: <dir>/<input path',
    '  relative to the current directory>; an input outside it goes to <dir>/<its absolute path>; a .ll input',
    '  written as bitcode (without -S) is named .bc, a .bc one written with -S .ll. Side files (e.g.',
    '  -mergefunc-report) go beside the output as <output>.<side file name>. A progress bar on a terminal (lines',
    '  every 5 s otherwise) and a closing summary go to stderr (--quiet: neither). An input that fails gets its',
    '  diagnostic and no output; the others still run; the exit status is 1 when any failed. Ctrl-C stops at once',
    '  (exit status 130), leaving only whole outputs.',
    '  --across-modules: global-merge-func merges across the whole batch, as LLVM 22 does in two rounds with',
    '  codegen data (each module\'s stable function map, combined, then every module merged by the combined map);',
    '  --emit-cgdata=<file> also writes that map as an indexed .cgdata for clang, llc and opt.',
    '', 'REPOSITORY:', '', ...REPO_HELP_LINES);
  lines.push('', 'ENVIRONMENT:', '', '  WOPT_WASM                                    - path of the core to load (default: build/wopt.wasm)', '');
  return lines.join('\n');
}

const REPO_HELP_LINES = [
  '  wopt -passes=repo-metadata,repo-prune,... --repo=<file> <input>   stores each function and variable',
  '  definition of the module in the repository (an SQLite file, created on first use) and writes a ticket',
  '  module: the definitions the repository already held become declarations. A build farm shares one',
  '  PostgreSQL database instead: --repo=postgres://user@host:port/db (PG* variables fill in what it leaves out).',
  '  wopt repo link --repo=<file> [--llvm-version=N] [<ticket module> | -] [-o <file>]   writes the whole module',
  '  back from a ticket module and the repository (text; standard output unless -o).',
  '  wopt repo stats --repo=<file> [--json]   what the repository holds: definitions, functions, variables,',
  '  shared metadata, IR text size and storage size.',
  '  wopt repo maps --repo=<file> [--json]   the stable function maps --across-modules --repo stored, one per',
  '  module; --forget <module>... (or --forget-all) removes them, e.g. of modules gone from the sources.',
];

/** `wopt repo --help`, `wopt repo link --help`. */
export function repoHelpText() {
  return ['USAGE: wopt repo link --repo=<file> [--llvm-version=N] [<ticket module> | -] [-o <file>]',
    '       wopt repo stats --repo=<file> [--json]',
    '       wopt repo maps --repo=<file> [--json | --forget <module>... | --forget-all]', '', ...REPO_HELP_LINES, ''].join('\n');
}

/** opt's -print-passes listing of the core's pass table (the passes LLVM `llvmVersion` has). */
export function printPassesText(passes, llvmVersion) {
  const known = p => !llvmVersion || !p.since || p.since <= llvmVersion;
  const section = (title, level, analysis) =>
    [`${title}:`, ...passes.filter(p => p.level === level && p.analysis === analysis && known(p)).map(p => `  ${p.name}`)];
  return [...section('Module passes', 'module', false), ...section('Module analyses', 'module', true),
    ...section('Function passes', 'function', false), ...section('Function analyses', 'function', true), ''].join('\n');
}
