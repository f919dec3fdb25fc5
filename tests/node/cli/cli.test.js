// bindings/cli.js end to end, on the mock core (tests/node/fixtures/mock-core.ts, loaded through
// WOPT_WASM): everything the host decides — flags, files, streams, messages, exit codes.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { mockCorePath, runCli, tempDir } from '../helpers.js';

let env;
before(async () => { env = { WOPT_WASM: await mockCorePath() }; });
const wopt = (args, opts = {}) => runCli(args, { ...opts, env: { ...env, ...opts.env } });

const MOD = 'define void @f() {\n  ret void\n}\n';

test('--help and --version exit 0 on stdout', async () => {
  const h = await wopt(['--help']);
  assert.equal(h.code, 0);
  assert.equal(h.stderr, '');
  assert.match(h.stdout, /USAGE: wopt \[options\]/);
  for (const flag of ['-S', '--passes=<pipeline>', '-o <filename>', '--disable-output', '--mergefunc-use-aliases',
    '--try-experimental-debuginfo-iterators', '--preserve-ll-uselistorder']) assert.ok(h.stdout.includes(flag), flag);
  const v = await wopt(['--version', '-bogus-is-not-reached-first']);
  assert.equal(v.code, 1, 'flags are checked before --version runs');
  const v2 = await wopt(['--version']);
  assert.equal(v2.code, 0);
  assert.match(v2.stdout, /^wopt version \d+\.\d+\.\d+\n {2}core: mock-core 1\n/);
});

test('unknown flag: opt wording, exit 1, nothing on stdout', async () => {
  const r = await wopt(['-S', '-frobnicate', '-'], { input: MOD });
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, "wopt: Unknown command line argument '-frobnicate'.  Try: 'wopt --help'\n");
});

test('without -S: bitcode on standard output (a pipe), as opt writes it', async () => {
  // the real core: the mock has no bitcode writer
  const r = await runCli(['-passes=mem2reg'], { input: MOD });
  assert.equal(r.stderr, '');
  assert.equal(r.code, 0);
  assert.ok(r.stdout.startsWith('BC'), 'bitcode magic');
});

test('stdin (no file or -) and a file; the module is named after the input', async t => {
  for (const args of [['-S'], ['-S', '-'], ['-S', '-o', '-']]) {
    const r = await wopt(args, { input: MOD });
    assert.equal(r.code, 0, args.join(' '));
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, `; ModuleID = '<stdin>'\n${MOD}`);
  }
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'in.ll'), MOD);
  const r = await wopt(['-S', 'in.ll', '-passes=mergefunc,mem2reg'], { cwd: dir });
  assert.equal(r.code, 0);
  assert.equal(r.stdout, `; ModuleID = 'in.ll'\n${MOD}`);
});

test('-o file: written whole, nothing on stdout; -disable-output writes nothing', async t => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out.ll');
  const r = await wopt(['-S', '-p', 'mem2reg', '-o', out], { input: MOD });
  assert.equal(r.code, 0);
  assert.equal(r.stdout, '');
  assert.equal(fs.readFileSync(out, 'utf8'), `; ModuleID = '<stdin>'\n${MOD}`);
  const d = await wopt(['-passes=mem2reg', '-disable-output', '-o', path.join(dir, 'none.ll')], { input: MOD });
  assert.equal(d.code, 0);
  assert.equal(d.stdout + d.stderr, '');
  assert.deepEqual(fs.readdirSync(dir), ['out.ll']);
});

test('unknown pass: opt wording, then wopt\'s note on a line of its own; exit 1', async () => {
  const r = await wopt(['-S', '-passes=mem2reg,foo'], { input: MOD });
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  const [first, note, ...rest] = r.stderr.split('\n');
  assert.equal(first, "wopt: unknown pass name 'foo'");
  assert.match(note, /^wopt: note: the passes wopt has: .*\bmem2reg\b.*-print-passes/);
  assert.deepEqual(rest, ['']);
});

test('parse error: file:line:col, source line and caret, like opt', async t => {
  const bad = 'define void @f() {\n\tret i32 !!x\n}\n';
  const s = await wopt(['-S'], { input: bad });
  assert.equal(s.code, 1);
  assert.equal(s.stdout, '');
  assert.equal(s.stderr, "wopt: <stdin>:2:10: error: expected value token\n        ret i32 !!x\n                ^\n");
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'bad.ll'), bad);
  const f = await wopt(['-S', 'bad.ll'], { cwd: dir });
  assert.equal(f.stderr, "wopt: bad.ll:2:10: error: expected value token\n        ret i32 !!x\n                ^\n");
});

test('no partial output file on errors, and no temporary files left behind', async t => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out.ll');
  fs.writeFileSync(out, 'old contents\n');
  for (const [args, input] of [[['-S'], 'x !!\n'], [['-S', '-passes=trap'], MOD], [['-S', '-passes=fail'], MOD],
    [['-S', '-passes=foo'], MOD], [['-S', '-passes=trap', '-o', path.join(dir, 'new.ll')], MOD]]) {
    const r = await wopt([...args, '-o', out], { input });
    assert.equal(r.code, 1, args.join(' '));
  }
  assert.equal(fs.readFileSync(out, 'utf8'), 'old contents\n');
  assert.deepEqual(fs.readdirSync(dir), ['out.ll']);
});

test('pass failure and core trap are reported; a trap is an internal error', async () => {
  const f = await wopt(['-S', '-passes=fail'], { input: MOD });
  assert.deepEqual([f.code, f.stdout, f.stderr], [1, '', 'wopt: mock pass failed\n']);
  const t = await wopt(['-S', '-passes=mem2reg,trap'], { input: MOD });
  assert.equal(t.code, 1);
  assert.equal(t.stdout, '');
  assert.match(t.stderr, /^wopt: error: internal error: .*unreachable/);
});

test('pass options reach the core; pass output goes to stderr; side files to the working directory', async t => {
  const dir = tempDir(t);
  const r = await wopt(['-passes=print<domtree>,dot-dom', '-disable-output', '-mergefunc-use-aliases',
    '--mergefunc-report=a,b.txt'], { input: MOD, cwd: dir });
  assert.equal(r.code, 0);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, 'options: mergefunc-use-aliases=1,mergefunc-report=a%2Cb.txt\nDominatorTree for function: mock\n');
  assert.equal(fs.readFileSync(path.join(dir, 'dom.mock.dot'), 'utf8'), 'digraph "mock" {}\n');
});

test('accepted compatibility flags do not change the output; -pass-remarks-output creates its file', async t => {
  const dir = tempDir(t);
  const plain = await wopt(['-S', '-passes=mem2reg'], { input: MOD });
  const r = await wopt(['-S', '-passes=mem2reg', '--try-experimental-debuginfo-iterators', '-preserve-ll-uselistorder',
    '-stats', '-verify-each', `-pass-remarks-output=${path.join(dir, 'r.yaml')}`], { input: MOD });
  assert.equal(r.code, 0);
  assert.equal(r.stdout, plain.stdout);
  assert.equal(r.stderr, '');
  assert.equal(fs.readFileSync(path.join(dir, 'r.yaml'), 'utf8'), '');
});

test('-time-passes prints a wall-time report to stderr', async () => {
  const r = await wopt(['-S', '-passes=mem2reg', '-time-passes'], { input: MOD });
  assert.equal(r.code, 0);
  assert.equal(r.stdout, `; ModuleID = '<stdin>'\n${MOD}`);
  assert.match(r.stderr, /^===-+===\n {26}Pass execution timing report\n===-+===\n {2}Total Execution Time: \d+\.\d{4} seconds/);
  for (const row of ['Parse IR', 'Pipeline: mem2reg', 'Print module', 'Load core (wasm)'])
    assert.match(r.stderr, new RegExp(`^ +\\d+\\.\\d{4} \\( *\\d+\\.\\d%\\)  ${row.replace(/[()]/g, '\\$&')}$`, 'm'), row);
  assert.match(r.stderr, /\(100\.0%\) {2}Total\n/);
});

test('input and output file errors', async t => {
  const dir = tempDir(t);
  const a = await wopt(['-S', 'missing.ll'], { cwd: dir });
  assert.deepEqual([a.code, a.stderr], [1, 'wopt: missing.ll: error: Could not open input file: No such file or directory\n']);
  const b = await wopt(['-S', '-o', path.join(dir, 'no/such/dir.ll')], { input: MOD });
  assert.equal(b.code, 1);
  assert.match(b.stderr, /^wopt: .*no\/such\/dir\.ll: error: Could not open output file: No such file or directory\n$/);
  const c = await wopt(['-S'], { input: MOD, env: { WOPT_WASM: path.join(dir, 'nope.wasm') } });
  assert.equal(c.code, 1);
  assert.match(c.stderr, /^wopt: error: cannot load the core \(.*nope\.wasm\): not built/);
});
