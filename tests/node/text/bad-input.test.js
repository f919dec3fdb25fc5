// Bad input never traps, hangs or leaves output behind: each malformed module gets an opt-style
// `file:line:col: error:` diagnostic and exit status 1, with the same message and position as
// opt-N where it is installed, for each LLVM version N (--llvm-version=N). Mutated real modules are
// fed through the API to look for traps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO as ROOT, CLI, haveRealCore as haveCore, LLVM_VERSIONS, optFor, haveOpt, versionFlag } from '../helpers.js';

const deep = n => '@g = global ' + '[1 x '.repeat(n) + 'i8' + ']'.repeat(n) + ' zeroinitializer\n';
const CASES = {
  'truncated': ['define i32 @f() {\n  %x = add i32 1, 2\n', 3, 1, 'found end of file when expecting more instructions'],
  'binary-garbage': [Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0xff, 0xfe]), 1, 1, 'expected top-level entity'],
  'unknown-instruction': ['define void @f() {\n  frobnicate i32 1\n  ret void\n}\n', 2, 3, 'expected instruction opcode'],
  'unknown-type': ['@g = global i33x 0\n', 1, 16, 'expected value token'],
  'unknown-attribute': ['define void @f() frobattr {\n  ret void\n}\n', 1, 18, "expected '{' in function body"],
  'undefined-value': ['define i32 @f() {\n  ret i32 %nope\n}\n', 2, 11, "use of undefined value '%nope'"],
  'redefinition': ['@g = global i32 0\n@g = global i32 1\n', 2, 1, "redefinition of global '@g'"],
  'type-mismatch': ['define i32 @f(i64 %a) {\n  %b = add i32 %a, 1\n  ret i32 %b\n}\n', 2, 16, "'%a' defined with type 'i64' but expected 'i32'"],
  'unterminated-string': ['@s = global [3 x i8] c"ab\n', 1, 23, { 19: 'expected string', 22: 'end of file in string constant' }],
  'syncscope-no-paren': ['define void @f() {\n  fence syncscope "x" seq_cst\n  ret void\n}\n', 2, 19, "Expected '(' in syncscope"],
  'syncscope-no-name': ['define void @f() {\n  fence syncscope(x) seq_cst\n  ret void\n}\n', 2, 19, 'Expected synchronization scope name'],
  'syncscope-no-close': ['define void @f() {\n  fence syncscope("x" seq_cst\n  ret void\n}\n', 2, 23, "Expected ')' in syncscope"],
  // a line ends at '\n' only, a column counts from the last '\n' or '\r', a comment ends at either
  'cr-only-line-ends': ['; c\rdefine i32 @f() {\r  ret i32 %x\r}\r', 1, 11, "use of undefined value '%x'"],
  'crlf-line-ends': ['; c\r\ndefine i32 @f() {\r\n  ret i32 %x\r\n}\r\n', 3, 11, "use of undefined value '%x'"],
  'mixed-line-ends': ['; c\n\rdefine i32 @f() {\n  ret i32 %x ; y\r}\r', 3, 11, "use of undefined value '%x'"],
  'deep-type-nesting': [deep(5000), 1, null, null],
  'deep-metadata-nesting': ['!0 = ' + '!{'.repeat(5000) + '}'.repeat(5000) + '\n', 1, null, null],
  'deep-constant-nesting': ['@g = global ptr ' + 'getelementptr (i8, ptr '.repeat(3000) + '@g' + ', i64 1)'.repeat(3000) + '\n', 1, null, null],
};

function run(args, opts = {}) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60000, ...opts });
}
function tmpdir() { return fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bad-')); }

// A message that changed between LLVM versions is given as { version: message }.
for (const v of LLVM_VERSIONS) for (const [name, [text, line, col, messages]] of Object.entries(CASES)) {
  const message = messages !== null && typeof messages === 'object' ? messages[v] : messages;
  test(`bad input: ${name} (${versionFlag(v)})`, { skip: !haveCore && 'build/wopt.wasm not built' }, () => {
    const dir = tmpdir();
    const file = path.join(dir, `${name}.ll`);
    fs.writeFileSync(file, text);
    const out = path.join(dir, 'out.ll');
    const r = run([versionFlag(v), '-S', file, '-o', out]);
    assert.equal(r.status, 1, r.stderr);
    assert.doesNotMatch(r.stderr, /internal error|RuntimeError|at .*\.js:\d+/);
    const m = r.stderr.match(/^wopt: (.*):(\d+):(\d+): error: (.*)$/m);
    assert.ok(m, `no diagnostic in: ${r.stderr}`);
    assert.equal(m[1], file);
    assert.equal(Number(m[2]), line);
    if (col !== null) assert.equal(Number(m[3]), col);
    if (message !== null) assert.equal(m[4], message);
    assert.equal(fs.existsSync(out), false, 'no output file on error');
    assert.deepEqual(fs.readdirSync(dir).sort(), [`${name}.ll`]);
    if (haveOpt(v) && message !== null) {
      const o = spawnSync(optFor(v), ['-S', file, '-o', '/dev/null'], { encoding: 'utf8' });
      assert.match(o.stderr, new RegExp(`:${line}:${col}: error: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    }
  });
}

// A comment ends at '\r' as at '\n' (LLLexer::SkipLineComment); inside a string a CR is text.
const LINE_ENDS = {
  'CR-only': '; c\rdefine i32 @f() { ; x\r  ret i32 1\r}\r@s = constant [3 x i8] c"a\rb" ; y\r',
  'CRLF': '; c\r\ndefine i32 @f() { ; x\r\n  ret i32 1\r\n}\r\n@s = constant [3 x i8] c"a\r\n" ; y\r\n',
  'mixed': '; c\rdefine i32 @f() {\n  ret i32 1 ; x\r\n}\n\r!0 = !{!"a\rb"} ; y\r!n = !{!0}\n',
};
for (const v of LLVM_VERSIONS) test(`CR-only, CRLF and mixed line ends read as opt-${v} reads them (${versionFlag(v)})`, { skip: (!haveCore && 'build/wopt.wasm not built') || (!haveOpt(v) && `opt-${v} not installed`) }, () => {
  const dir = tmpdir();
  for (const [name, text] of Object.entries(LINE_ENDS)) {
    const file = path.join(dir, 'ends.ll');
    fs.writeFileSync(file, text);
    const r = run([versionFlag(v), '-S', file]);
    assert.equal(r.status, 0, `${name}: ${r.stderr}`);
    const o = spawnSync(optFor(v), ['-S', file], { encoding: 'utf8' });
    assert.equal(o.status, 0, o.stderr);
    assert.equal(r.stdout, o.stdout, name);
  }
});

test('empty file is an empty module, as opt', { skip: !haveCore && 'build/wopt.wasm not built' }, () => {
  const dir = tmpdir();
  const file = path.join(dir, 'empty.ll');
  fs.writeFileSync(file, '');
  const r = run(['-S', file]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, `; ModuleID = '${file}'\nsource_filename = "${file}"\n`);
});

for (const v of LLVM_VERSIONS) test(`an integer too large for its type is truncated, as opt-${v} does (${versionFlag(v)})`, { skip: !haveCore && 'build/wopt.wasm not built' }, () => {
  const r = run([versionFlag(v), '-S', '-'], { input: '@g = global i8 300\n' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^@g = global i8 44$/m);
});

test('a one-million-line function', { skip: !haveCore && 'build/wopt.wasm not built' }, () => {
  const lines = ['define i32 @f(i32 %a0) {', '  %1 = add i32 %a0, 1'];
  for (let i = 2; i <= 1000000; i++) lines.push(`  %${i} = add i32 %${i - 1}, 1`);
  lines.push('  ret i32 %1000000', '}', '');
  const dir = tmpdir();
  const file = path.join(dir, 'million.ll');
  fs.writeFileSync(file, lines.join('\n'));
  const r = run(['-S', file, '-o', path.join(dir, 'out.ll')]);
  assert.equal(r.status, 0, r.stderr);
  const out = fs.readFileSync(path.join(dir, 'out.ll'), 'utf8');
  assert.ok(out.includes('  %1000000 = add i32 %999999, 1\n  ret i32 %1000000\n}'));
});

test('an input too large for WASM32 gets a clear error, not a trap', { skip: !haveCore && 'build/wopt.wasm not built' }, () => {
  const dir = tmpdir();
  const file = path.join(dir, 'huge.ll');
  const fd = fs.openSync(file, 'w');
  fs.ftruncateSync(fd, 3 * 1024 * 1024 * 1024); // sparse: costs no disk
  fs.closeSync(fd);
  const r = run(['-S', file, '-o', path.join(dir, 'out.ll')]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /error: input is too large for the WebAssembly core \(3221225472 bytes; the limit is \d+ bytes\)/);
  fs.unlinkSync(file);
});

// Mutations of real modules (truncation, byte changes, swapped lines) through one core instance:
// every result is either a parse or a clean diagnostic, never an internal error, and a good
// module afterwards still parses (no state leaks between modules).
test('mutated modules never trap and never corrupt the next module', { skip: !haveCore && 'build/wopt.wasm not built' }, async () => {
  const { loadWopt } = await import('../../../bindings/node.js');
  const core = await loadWopt();
  const dir = path.join(ROOT, 'tests', 'fixtures');
  const files = fs.readdirSync(dir).filter(f => f.endsWith('.ll')).map(f => path.join(dir, f));
  const good = fs.readFileSync(files[0]);
  let seed = 12345;
  const rnd = n => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
  const noise = Buffer.from('%@!#"{}[]()<>=,:*x0123456789 \n\\');
  let cases = 0;
  for (const f of files) {
    const src = fs.readFileSync(f);
    for (let k = 0; k < 40; k++) {
      const b = Buffer.from(src);
      const kind = rnd(3);
      let bytes;
      if (kind === 0) bytes = b.subarray(0, rnd(b.length));
      else if (kind === 1) { for (let j = 0; j < 4; j++) b[rnd(b.length)] = noise[rnd(noise.length)]; bytes = b; }
      else { const a = rnd(b.length), c = rnd(b.length); bytes = Buffer.concat([b.subarray(0, Math.min(a, c)), b.subarray(Math.max(a, c))]); }
      const r = core.parse(bytes);
      assert.ok(!r.internal, `internal error on a mutation of ${f}: ${r.message}`);
      if (!r.ok) assert.ok(r.message.length > 0 && r.line >= 0);
      else { const p = core.print(); assert.ok(p instanceof Uint8Array, `print failed after mutation of ${f}`); }
      cases++;
    }
  }
  const r = core.parse(good);
  assert.ok(r.ok, r.message);
  assert.ok(cases >= 400);
});

// A module that needs more memory than a core can have (a constant of 2^31 - 1 elements; opt stops
// with "LLVM ERROR: out of memory" too): a plain error and exit 1, not an internal error, and the
// API's core is usable after it.
test('out of memory: a plain error, not an internal one; the core works after it', { skip: !haveCore && 'build/wopt.wasm not built' }, async () => {
  const text = 'define <2147483647 x i1> @f() {\n  ret <2147483647 x i1> splat (i1 true)\n}\n';
  const dir = tmpdir();
  const file = path.join(dir, 'huge.ll');
  fs.writeFileSync(file, text);
  const r = run(['-S', file, '-o', path.join(dir, 'out.ll')]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^wopt: error: out of memory/);
  assert.doesNotMatch(r.stderr, /internal error/);
  assert.deepEqual(fs.readdirSync(dir), ['huge.ll'], 'no output file');
  const { loadWopt } = await import('../../../bindings/node.js');
  const core = await loadWopt();
  const p = core.parse(text);
  assert.equal(p.outOfMemory, true);
  assert.equal(p.internal, false);
  assert.ok(core.parse('define void @g() {\n  ret void\n}\n').ok);
});
