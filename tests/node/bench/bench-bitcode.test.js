// The bitcode benches' plumbing (bench/bitcode.js, bench/side-by-side.js --format bc,
// bench/llvm.js compareBitcodeOutputs, bench/bitcode.bench.js): inputs recognised by their magic,
// missing tools and inputs reported as rows, outputs compared through llvm-dis, the markdown of
// fixed numbers. No timing is asserted: where the core runs, only what it produced is checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isBitcode, bitcodeOf } from '../../../bench/bitcode.js';
import { compareBitcodeOutputs } from '../../../bench/llvm.js';
import { parseArgs as sbsArgs, runSideBySide, markdown as sbsMarkdown } from '../../../bench/side-by-side.js';
import { parseArgs as bcArgs, runBitcodeBench, readTable, writeTable, PHASES } from '../../../bench/bitcode.bench.js';

const LLVM_AS_22 = '/usr/lib/llvm-22/bin/llvm-as';
const LLVM_DIS_22 = '/usr/lib/llvm-22/bin/llvm-dis';
const LLVM_DIFF_22 = '/usr/lib/llvm-22/bin/llvm-diff';

function scratch(t) {
  const dir = mkdtempSync(join(tmpdir(), 'wopt-bench-bc-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const SMALL = 'define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n';

test('isBitcode: the raw magic and the wrapper\'s, not text or short files', (t) => {
  const dir = scratch(t);
  const file = (name, bytes) => { const p = join(dir, name); writeFileSync(p, Buffer.from(bytes)); return p; };
  assert.equal(isBitcode(file('raw.bc', [0x42, 0x43, 0xc0, 0xde, 0x35, 0x14])), true);
  assert.equal(isBitcode(file('wrap.bc', [0xde, 0xc0, 0x17, 0x0b, 0, 0, 0, 0])), true);
  assert.equal(isBitcode(file('text.ll', [...Buffer.from('; ModuleID')])), false);
  assert.equal(isBitcode(file('short', [0x42, 0x43])), false);
  assert.equal(isBitcode(join(dir, 'missing')), false);
});

test('bitcodeOf: a .bc is used as it is, a missing llvm-as or file is an error, never a throw', (t) => {
  const dir = scratch(t);
  const bc = join(dir, 'm.bc');
  writeFileSync(bc, Buffer.from([0x42, 0x43, 0xc0, 0xde, 1, 2, 3, 4]));
  assert.deepEqual(bitcodeOf(bc, { version: 22 }), { path: bc, bytes: 8, textBytes: null, cached: true });
  const ll = join(dir, 'm.ll');
  writeFileSync(ll, SMALL);
  assert.deepEqual(bitcodeOf(ll, { version: 22 }), { error: 'no llvm-as for LLVM 22' });
  assert.deepEqual(bitcodeOf(join(dir, 'none.ll'), { version: 22, llvmAs: '/bin/true' }), { error: 'none.ll: not found' });
  const r = bitcodeOf(ll, { version: 22, llvmAs: '/bin/false', llvmAsVersion: 'test-false' });
  assert.match(r.error, /^llvm-as-22 failed: /);
});

test('bitcodeOf: llvm-as-22 writes the .bc once, then the cache answers', { skip: !existsSync(LLVM_AS_22) && 'no llvm-as-22' }, (t) => {
  const dir = scratch(t);
  const ll = join(dir, `bench-bc-test-${process.pid}.ll`);
  writeFileSync(ll, SMALL);
  const target = { version: 22, llvmAs: LLVM_AS_22, llvmAsVersion: `test-${process.pid}` };
  const a = bitcodeOf(ll, target);
  t.after(() => a.path && rmSync(a.path, { force: true }));
  assert.equal(a.cached, false);
  assert.equal(a.textBytes, SMALL.length);
  assert.ok(isBitcode(a.path) && a.bytes > 0);
  const b = bitcodeOf(ll, target);
  assert.deepEqual({ ...b, cached: false }, a);
  assert.equal(b.cached, true);
});

test('compareBitcodeOutputs: a missing output is n/a, an output llvm-dis rejects is named', (t) => {
  const dir = scratch(t);
  const a = join(dir, 'a.bc'), b = join(dir, 'b.bc');
  assert.deepEqual(compareBitcodeOutputs(a, b, '/bin/true', '/bin/true'), { status: 'n/a' });
  writeFileSync(a, 'x'); writeFileSync(b, 'yy');
  const r = compareBitcodeOutputs(a, b, '/bin/false', '/bin/true');
  assert.equal(r.status, 'error');
  assert.deepEqual(r.bytes, { opt: 1, wopt: 2 });
  assert.match(r.detail, /^llvm-dis rejects opt's output: /);
  assert.ok(!existsSync(`${a}.ll`), 'the disassembly is removed');
});

test('compareBitcodeOutputs through llvm-dis-22: identical modules, then a differing one', { skip: !(existsSync(LLVM_AS_22) && existsSync(LLVM_DIS_22) && existsSync(LLVM_DIFF_22)) && 'no LLVM 22 tools' }, async (t) => {
  const dir = scratch(t);
  const { spawnSync } = await import('node:child_process');
  const as = (name, text) => { const ll = join(dir, `${name}.ll`), bc = join(dir, `${name}.bc`); writeFileSync(ll, text); assert.equal(spawnSync(LLVM_AS_22, [ll, '-o', bc]).status, 0); return bc; };
  const one = as('one', SMALL), two = as('two', SMALL), three = as('three', SMALL.replace('add i32 %x, 1', 'add i32 %x, 2'));
  const same = compareBitcodeOutputs(one, two, LLVM_DIS_22, LLVM_DIFF_22);
  assert.equal(same.status, 'identical');
  const diff = compareBitcodeOutputs(one, three, LLVM_DIS_22, LLVM_DIFF_22);
  assert.equal(diff.status, 'differs');
  assert.match(diff.firstDiff.wopt, /add i32 %x, 2/);
});

test('side-by-side --format: bc or ll, anything else a usage error', () => {
  assert.throws(() => sbsArgs(['--format', 'asm']), /--format: 'll' or 'bc', not 'asm'/);
  assert.throws(() => sbsArgs(['--format', 'bc', '--bogus']), /unknown option --bogus/);
});

test('side-by-side --format bc: inputs without their file give "not run" rows, nothing spawned', async () => {
  const o = { sizes: [], inputs: [], passes: [''], runs: 1, warmup: 0, wopt: '/nonexistent/wopt', diff: true, timePasses: true, timeout: 10, keep: false, format: 'bc',
    targets: [{ version: 19, opt: '/nonexistent/opt-19' }, { version: 22, opt: '/nonexistent/opt-22' }] };
  const extra = [{ kind: 'real', program: 'p', label: 'P -O0', bytes: 5, passes: ['', 'mem2reg'],
    perVersion: { 19: { missing: 'clang-19 not installed' }, 22: { error: 'clang-22 failed: boom' } } }];
  const logs = [];
  const report = await runSideBySide(o, (m) => logs.push(m), { extra });
  assert.equal(report.meta.format, 'bc');
  assert.deepEqual(report.results.map((r) => [r.pipeline, r.llvm, r.skipped, r.format]), [
    ['', 19, 'clang-19 not installed', 'bc'], ['', 22, 'clang-22 failed: boom', 'bc'],
    ['mem2reg', 19, 'clang-19 not installed', 'bc'], ['mem2reg', 22, 'clang-22 failed: boom', 'bc'],
  ]);
  assert.ok(logs.some((l) => /P -O0 parse\+write, LLVM 19: skipped/.test(l)), 'the empty pipeline is parse+write for bitcode');
  const md = sbsMarkdown(report);
  assert.match(md, /^side-by-side \(bitcode: llvm-as-V's \.bc in, \.bc out\)/);
  const head = md.split('\n').find((l) => l.startsWith('| input'));
  const cells = (l) => l.slice(1, -1).split(/(?<!\\)\|/).length;
  assert.match(head, /\| \.bc MB \| \.ll MB \|.*\| opt \.bc out \| wopt \.bc out \|/);
  for (const l of md.split('\n').filter((x) => x.startsWith('| P -O0'))) assert.equal(cells(l), cells(head), l);
});

test('bitcode.bench options', () => {
  const o = bcArgs(['--sizes', '1MB,10MB', '--programs', 'sqlite', '--iterations', '3', '--llvm', '19,22', '--warmup', '0']);
  assert.deepEqual([o.sizes, o.real, o.programs, o.iterations, o.llvm, o.warmup], [['1MB', '10MB'], true, ['sqlite'], 3, [19, 22], 0]);
  assert.deepEqual(bcArgs(['--sizes', '']).sizes, []);
  assert.throws(() => bcArgs(['--programs', 'nope']), /no program 'nope'/);
  assert.throws(() => bcArgs(['--llvm', '17']), /not an LLVM version wopt follows/);
});

test('bitcode.bench tables: skipped and failed rows keep the columns', () => {
  const rows = [
    { input: '1MB', llvm: 19, skipped: 'no llvm-as for LLVM 19' },
    { input: '1MB', llvm: 22, error: 'write .bc: boom | bang' },
  ];
  for (const t of [readTable(rows), writeTable(rows)]) {
    const lines = t.split('\n');
    const n = (l) => l.slice(1, -1).split(/(?<!\\)\|/).length;
    for (const l of lines) assert.equal(n(l), n(lines[0]), l);
    assert.match(t, /not run: no llvm-as for LLVM 19/);
    assert.match(t, /\*\*error\*\*: write \.bc: boom \\\| bang/);
  }
});

test('bitcode.bench in process: a small module read, written, parsed and printed', { skip: !existsSync(LLVM_AS_22) && 'no llvm-as-22' }, async () => {
  const o = bcArgs(['--sizes', '20KB', '--llvm', '22', '--iterations', '1', '--warmup', '0']);
  const r = await runBitcodeBench(o, () => {});
  assert.equal(r.rows.length, 1);
  const [row] = r.rows;
  assert.equal(row.error, undefined, row.error);
  assert.equal(row.skipped, undefined, row.skipped);
  assert.equal(row.llvm, 22);
  // the .bc holds the same module: the core writes bitcode of it and prints about as much text
  assert.ok(row.bytes.bc > 0 && row.bytes.bc < row.bytes.ll, JSON.stringify(row.bytes));
  assert.ok(row.bytes.bcOut > 0 && row.bytes.llOut > 0.9 * row.bytes.ll, JSON.stringify(row.bytes));
  for (const p of PHASES) assert.equal(row.samples[p].length, 1, p);
  assert.equal(r.meta.llvm[0].version, 22);
});
