// bindings/cli/args.js: opt-style option parsing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseArgs, helpText, printPassesText, passOptionSpecs, OPTIONS } from '../../../bindings/cli/args.js';
import { haveRealCore, NO_CORE, REAL_WASM } from '../helpers.js';
import { loadWopt } from '../../../bindings/node.js';

// Pass options come from the core's pass table.
const PASSES = haveRealCore ? (await loadWopt({ wasmPath: REAL_WASM })).passes() : [];
const noCore = !haveRealCore && NO_CORE;

test('-passes, --passes, -p, and the separate-value forms are one option; the last wins', () => {
  for (const argv of [['-passes=mem2reg'], ['--passes=mem2reg'], ['-p', 'mem2reg'], ['-p=mem2reg'], ['--passes', 'mem2reg'],
    ['-passes=mergefunc', '-p', 'mem2reg']]) {
    assert.equal(parseArgs(argv).pipeline, 'mem2reg', argv.join(' '));
  }
  assert.equal(parseArgs(['-passes=']).pipeline, '');
  assert.equal(parseArgs([]).pipeline, '');
});

test('legacy pass flags append to the pipeline in command-line order', () => {
  assert.equal(parseArgs(['-mem2reg', '-passes=verify', '-mergefunc']).pipeline, 'verify,mem2reg,mergefunc');
  assert.equal(parseArgs(['-mergefunc=false']).pipeline, '');
  assert.equal(parseArgs(['-O2']).pipeline, 'default<O2>');
});

test('-O# with -passes or a pass flag is refused as opt does', () => {
  assert.throws(() => parseArgs(['-O3', '-passes=mem2reg']), /Cannot specify -O# and --passes=/);
  assert.throws(() => parseArgs(['-O3', '-mem2reg']), /Cannot specify -O#/);
});

test('main flags, -o, positional input, - for stdin, -- ends options', () => {
  const o = parseArgs(['-S', '-o', 'out.ll', '-disable-output', '--disable-verify', '-time-passes', 'in.ll']);
  assert.equal(o.assembly, true);
  assert.equal(o.output, 'out.ll');
  assert.equal(o.disableOutput, true);
  assert.equal(o.disableVerify, true);
  assert.equal(o.timePasses, true);
  assert.equal(o.input, 'in.ll');
  assert.equal(parseArgs(['-']).input, '-');
  assert.equal(parseArgs(['-o', '-']).output, '-');
  assert.equal(parseArgs([]).output, '-');
  assert.equal(parseArgs(['--', '-weird.ll']).input, '-weird.ll');
  assert.equal(parseArgs(['-S=false']).assembly, false);
});

test('pass options (from the core\'s table) are forwarded once each (the last value wins), typed', { skip: noCore }, () => {
  const o = parseArgs(['-mergefunc-use-aliases', '--mergefunc-preserve-debug-info=0', '-mergefunc-verify', '7',
    '--mergefunc-report=r.txt', '-mergefunc-use-aliases=FALSE', '-mtriple=x86_64-pc-linux-gnu', '-debugify-level=locations'], PASSES);
  assert.deepEqual(o.forward, [['mergefunc-preserve-debug-info', false], ['mergefunc-verify', 7],
    ['mergefunc-report', 'r.txt'], ['mergefunc-use-aliases', false], ['debugify-level', 'locations']]);
  // without the table they are unknown
  assert.throws(() => parseArgs(['-mergefunc-use-aliases']), /Unknown command line argument '-mergefunc-use-aliases'/);
});

test('an option several passes read is one flag naming them all', { skip: noCore }, () => {
  const quiet = passOptionSpecs(PASSES).filter(s => s.names[0] === 'debugify-quiet');
  assert.equal(quiet.length, 1);
  assert.match(quiet[0].help, /^debugify, check-debugify: /);
});

test('-print-passes lists the table in opt\'s sections', { skip: noCore }, () => {
  const text = printPassesText(PASSES);
  const sections = text.split(/^(?=\S)/m).map(s => s.trim().split('\n'));
  const byTitle = Object.fromEntries(sections.map(([title, ...names]) => [title, names.map(n => n.trim())]));
  assert.deepEqual(Object.keys(byTitle), ['Module passes:', 'Module analyses:', 'Function passes:', 'Function analyses:']);
  for (const n of ['mergefunc', 'debugify', 'check-debugify', 'repo-metadata', 'repo-prune', 'verify', 'no-op-module'])
    assert.ok(byTitle['Module passes:'].includes(n), n);
  for (const n of ['mem2reg', 'print<domtree>', 'dot-cfg', 'verify', 'no-op-function'])
    assert.ok(byTitle['Function passes:'].includes(n), n);
  assert.deepEqual(byTitle['Function analyses:'], ['domtree', 'postdomtree', 'no-op-function']);
});

test('compatibility flags are accepted and change nothing', () => {
  const o = parseArgs(['--try-experimental-debuginfo-iterators', '-preserve-ll-uselistorder', '-stats', '-verify-each',
    '-pass-remarks=x', '-pass-remarks-missed', 'y', '-f', '-S']);
  assert.equal(o.pipeline, '');
  assert.deepEqual(o.forward, []);
  assert.equal(parseArgs(['-pass-remarks-output=r.yaml']).remarksOutput, 'r.yaml');
});

test('errors use opt wording', () => {
  assert.throws(() => parseArgs(['-bogus']), { message: "Unknown command line argument '-bogus'.  Try: 'wopt --help'" });
  assert.throws(() => parseArgs(['--mergefunc-use-aliases-x']), /Unknown command line argument '--mergefunc-use-aliases-x'/);
  assert.throws(() => parseArgs(['-passes']), { message: 'for the --passes option: requires a value!' });
  assert.throws(() => parseArgs(['-o']), { message: 'for the -o option: requires a value!' });
  assert.throws(() => parseArgs(['-S=maybe']), /'maybe' is invalid value for boolean argument! Try 0 or 1/);
  if (!noCore) assert.throws(() => parseArgs(['-mergefunc-verify=-1'], PASSES), /'-1' value invalid for uint argument!/);
  assert.throws(() => parseArgs(['a.ll', 'b.ll']), /Too many positional arguments specified!/);
});

test('--help lists every accepted option and every pass', () => {
  const help = helpText(PASSES);
  for (const o of [...OPTIONS, ...passOptionSpecs(PASSES)]) for (const n of o.names) assert.match(help, new RegExp(`-${n.replace(/[+]/g, '\\$&')}\\b`), n);
  assert.match(help, /Accepted for compatibility/);
  for (const p of PASSES) assert.match(help, new RegExp(`\\b${p.name.replace(/[<>]/g, '\\$&')}\\s+- `), p.name);
});
