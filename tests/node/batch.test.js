// Batch mode (`-output-dir`): many inputs through one loaded core must give, file for file, what
// one wopt process per input gives; a bad input must cost only its own output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { haveRealCore, NO_CORE, REAL_WASM, runCli, tempDir } from './helpers.js';
import { generateToFile } from '../../bench/gen.js';

const skip = !haveRealCore && NO_CORE;
const env = { WOPT_WASM: REAL_WASM };
const wopt = args => runCli(args, { env });
const read = f => fs.readFileSync(f, 'utf8');

const BAD = 'define i32 @f() {\n  ret i32 %x\n}\n';
const BROKEN = 'define i32 @f() {\n  %a = add i32 %b, 1\n  %b = add i32 %a, 1\n  ret i32 %a\n}\n';

function inputs(t, n) {
  const dir = tempDir(t);
  const files = [];
  for (let s = 1; s <= n; s++) {
    const f = path.join(dir, `gen${s}.ll`);
    generateToFile(f, { size: 30_000 + 10_000 * s, seed: s, dup: 0.4, debug: s === 2 });
    files.push(f);
  }
  return { dir, files };
}

for (const passes of ['mem2reg', 'mergefunc', 'mergefunc,mem2reg']) {
  test(`batch ${passes}: every output equals a run of its own`, { skip }, async t => {
    const { dir, files } = inputs(t, 4);
    const out = path.join(dir, 'out');
    const b = await wopt(['-S', `-passes=${passes}`, `-output-dir=${out}`, ...files]);
    assert.deepEqual([b.code, b.stdout, b.stderr], [0, '', '']);
    assert.deepEqual(fs.readdirSync(out).sort(), files.map(f => path.basename(f)).sort());
    for (const f of files) {
      const one = await wopt(['-S', `-passes=${passes}`, f]);
      assert.equal(one.code, 0, one.stderr);
      assert.equal(read(path.join(out, path.basename(f))), one.stdout, f);
    }
  });
}

test('batch: a bad input gets its diagnostic and no output; the others are written; exit 1', { skip }, async t => {
  const { dir, files } = inputs(t, 2);
  const bad = path.join(dir, 'bad.ll'), broken = path.join(dir, 'broken.ll'), missing = path.join(dir, 'missing.ll');
  fs.writeFileSync(bad, BAD);
  fs.writeFileSync(broken, BROKEN);
  const out = path.join(dir, 'out');
  const r = await wopt(['-S', '-passes=mem2reg', `-output-dir=${out}`, files[0], bad, missing, broken, files[1]]);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, new RegExp(`^wopt: ${bad.replace(/[.]/g, '\\.')}:2:11: error: use of undefined value '%x'\n`));
  assert.match(r.stderr, /missing\.ll: error: Could not open input file: No such file or directory\n/);
  assert.match(r.stderr, /Instruction does not dominate all uses!/);
  assert.match(r.stderr, /broken\.ll: error: input module is broken!\n/);
  assert.match(r.stderr, /wopt: 3 of 5 inputs failed\n$/);
  assert.deepEqual(fs.readdirSync(out).sort(), ['gen1.ll', 'gen2.ll']);
});

test('batch: side files are named after their input; -time-passes sums the inputs', { skip }, async t => {
  const { dir, files } = inputs(t, 2);
  const out = path.join(dir, 'out');
  const r = await wopt(['-S', '-passes=mergefunc', '-mergefunc-report=merges.json', '-time-passes', `-output-dir=${out}`, ...files]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(fs.readdirSync(out).sort(), ['gen1.ll', 'gen1.ll.merges.json', 'gen2.ll', 'gen2.ll.merges.json']);
  for (const f of files) {
    const one = tempDir(t);
    const s = await runCli(['-S', '-passes=mergefunc', '-mergefunc-report=merges.json', f, '-o', 'x.ll'], { env, cwd: one });
    assert.equal(s.code, 0, s.stderr);
    assert.equal(read(path.join(out, `${path.basename(f)}.merges.json`)), read(path.join(one, 'merges.json')));
  }
  assert.match(r.stderr, /Pass execution timing report/);
  assert.match(r.stderr, /Pipeline: mergefunc/);
});

test('batch: refused before any work when outputs would collide or overwrite an input', { skip }, async t => {
  const { dir, files } = inputs(t, 1);
  const other = path.join(dir, 'sub');
  fs.mkdirSync(other);
  const twin = path.join(other, path.basename(files[0]));
  fs.copyFileSync(files[0], twin);
  const before = read(files[0]);
  const same = await wopt(['-S', `-output-dir=${dir}`, files[0]]);
  assert.equal(same.code, 1);
  assert.match(same.stderr, /would overwrite the input/);
  assert.equal(read(files[0]), before);
  const out = path.join(dir, 'out');
  const clash = await wopt(['-S', `-output-dir=${out}`, files[0], twin]);
  assert.equal(clash.code, 1);
  assert.match(clash.stderr, /would both be written to/);
  assert.equal(fs.existsSync(out), false, 'nothing created');
  const withO = await wopt(['-S', `-output-dir=${out}`, '-o', 'x.ll', files[0]]);
  assert.equal(withO.code, 1);
  assert.match(withO.stderr, /-o and -output-dir exclude each other/);
  const stdin = await wopt(['-S', `-output-dir=${out}`, '-']);
  assert.equal(stdin.code, 1);
  assert.match(stdin.stderr, /not standard input/);
  const file = path.join(dir, 'a-file');
  fs.writeFileSync(file, '');
  const notDir = await wopt(['-S', `-output-dir=${file}`, files[0]]);
  assert.equal(notDir.code, 1);
  assert.match(notDir.stderr, /a-file: error: cannot create the output directory: File exists\n$/);
  const two = await wopt(['-S', files[0], twin]);
  assert.equal(two.code, 1);
  assert.match(two.stderr, /Too many positional arguments specified!/);
});
