// The real core (build/wopt.wasm) through the API and the CLI. Skipped until the core is built;
// the comparisons with opt-N (wopt --llvm-version=N, for each LLVM version N) are skipped when
// LLVM N is not installed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { haveRealCore, NO_CORE, LLVM_VERSIONS, optFor, skipDiff, versionFlag, REAL_WASM, run, runCli } from '../helpers.js';

const skip = !haveRealCore && NO_CORE;
const env = { WOPT_WASM: REAL_WASM };
const wopt = (args, input) => runCli(args, { input, env });

const MOD = `define i32 @f(i32 %x) {
entry:
  %p = alloca i32, align 4
  store i32 %x, ptr %p, align 4
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

declare void @g()
`;
const BAD = 'define void @f() {\n  ret i32 %x\n}\n';

test('API: parse, functions, print, optimize round trip', { skip }, async () => {
  const { loadWopt } = await import('../../../bindings/node.js');
  const { optimize } = await import('../../../bindings/index.js');
  const core = await loadWopt({ wasmPath: REAL_WASM });
  assert.notEqual(core.version(), '');
  assert.deepEqual(core.parse(MOD), { ok: true, line: 0, col: 0, message: '' });
  assert.deepEqual(core.functions(), [{ name: 'f', blocks: 1, declaration: false }, { name: 'g', blocks: 0, declaration: true }]);
  const text = new TextDecoder().decode(core.print());
  assert.match(text, /define i32 @f\(i32 %x\) \{/);
  assert.match(text, /declare void @g\(\)/);

  const r = await optimize(MOD, { core });
  assert.equal(r.ok, true, JSON.stringify(r.diagnostics));
  assert.deepEqual(r.diagnostics, []);
  assert.match(r.output, /%v = load i32, ptr %p, align 4/);

  const bad = await optimize(BAD, { core });
  assert.equal(bad.ok, false);
  assert.equal(bad.output, null);
  assert.equal(bad.diagnostics[0].stage, 'parse');
  assert.equal(bad.diagnostics[0].line, 2);
  assert.equal((await optimize(MOD, { core })).ok, true, 'the core works after an error');
});

test('CLI: -S prints, unknown pass and parse errors are reported like opt', { skip }, async () => {
  const ok = await wopt(['-S'], MOD);
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, /define i32 @f\(i32 %x\) \{/);
  const foo = await wopt(['-S', '-passes=foo'], MOD);
  assert.deepEqual([foo.code, foo.stdout], [1, '']);
  assert.match(foo.stderr, /^wopt: unknown pass name 'foo'\nwopt: note: the passes wopt has: [^\n]*\n$/);
  const bad = await wopt(['-S'], BAD);
  assert.equal(bad.code, 1);
  assert.equal(bad.stdout, '');
  assert.match(bad.stderr, /^wopt: <stdin>:2:\d+: error: .+\n {2}ret i32 %x\n +\^\n$/);
});

// Syntax errors (the host's formatting is what is under test here, so only errors whose text
// and position the core already shares with opt): whole stderr equal but for the program name.
const SYNTAX_ERRORS = [
  'foo\n',
  '@x = global i32 7 8\n',
  'define void @f() {\n\tret void, 3\n}\n',
  'define void @f() {\n  %a = add i32 1\n  ret void\n}\n',
];

for (const v of LLVM_VERSIONS) test(`CLI parse errors match opt-${v} (message, position, source and caret lines) (${versionFlag(v)})`, { skip: skipDiff(v) }, async () => {
  for (const input of SYNTAX_ERRORS) {
    const ours = await wopt([versionFlag(v), '-S'], input);
    const theirs = await run(optFor(v), ['-S'], { input });
    assert.equal(ours.code, 1);
    assert.equal(ours.stderr.replace(/^wopt: /, ''), theirs.stderr.replace(/^\S*opt: /, ''), input);
  }
});
