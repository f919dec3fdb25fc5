// Batch mode (`-output-dir`) in one thread (-j 1): many inputs through one loaded core must give,
// file for file, what one wopt process per input gives; a bad input must cost only its own output.
// Worker threads (-j N), inputs from directories and lists, the summary and report:
// batch-parallel.test.js. Inputs are named relative to the current directory (the test's
// folder), so outputs mirror them as <out>/<name>.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { haveRealCore, NO_CORE, REAL_WASM, runCli, tempDir } from '../helpers.js';
import { generateToFile } from '../../../bench/gen.js';

const skip = !haveRealCore && NO_CORE;
const env = { WOPT_WASM: REAL_WASM };
const wopt = (args, cwd) => runCli(args, { env, cwd });
const read = f => fs.readFileSync(f, 'utf8');

const BAD = 'define i32 @f() {\n  ret i32 %x\n}\n';
const BROKEN = 'define i32 @f() {\n  %a = add i32 %b, 1\n  %b = add i32 %a, 1\n  ret i32 %a\n}\n';

function inputs(t, n) {
  const dir = tempDir(t);
  const files = [];
  for (let s = 1; s <= n; s++) {
    const f = path.join(dir, `gen${s}.ll`);
    generateToFile(f, { size: 30_000 + 10_000 * s, seed: s, dup: 0.4, debug: s === 2 });
    files.push(path.basename(f));
  }
  return { dir, files };
}

for (const passes of ['mem2reg', 'mergefunc', 'mergefunc,mem2reg']) {
  test(`batch ${passes}: every output equals a run of its own`, { skip }, async t => {
    const { dir, files } = inputs(t, 4);
    const out = path.join(dir, 'out');
    const b = await wopt(['-S', `-passes=${passes}`, '-output-dir=out', '-j', '1', '-q', ...files], dir);
    assert.deepEqual([b.code, b.stdout, b.stderr], [0, '', '']);
    assert.deepEqual(fs.readdirSync(out).sort(), [...files].sort());
    for (const f of files) {
      const one = await wopt(['-S', `-passes=${passes}`, f], dir);
      assert.equal(one.code, 0, one.stderr);
      assert.equal(read(path.join(out, f)), one.stdout, f);
    }
  });
}

test('batch: a bad input gets its diagnostic and no output; the others are written; exit 1', { skip }, async t => {
  const { dir, files } = inputs(t, 2);
  fs.writeFileSync(path.join(dir, 'bad.ll'), BAD);
  fs.writeFileSync(path.join(dir, 'broken.ll'), BROKEN);
  const out = path.join(dir, 'out');
  const r = await wopt(['-S', '-passes=mem2reg', '-output-dir=out', '-j', '1', '-q', files[0], 'bad.ll', 'missing.ll', 'broken.ll', files[1]], dir);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^wopt: bad\.ll:2:11: error: use of undefined value '%x'\n/);
  assert.match(r.stderr, /missing\.ll: error: Could not open input file: No such file or directory\n/);
  assert.match(r.stderr, /Instruction does not dominate all uses!/);
  assert.match(r.stderr, /broken\.ll: error: input module is broken!\n/);
  assert.match(r.stderr, /wopt: 3 of 5 inputs failed\n$/);
  assert.deepEqual(fs.readdirSync(out).sort(), ['gen1.ll', 'gen2.ll']);
});

test('batch: side files are named after their input; -time-passes sums the inputs', { skip }, async t => {
  const { dir, files } = inputs(t, 2);
  const out = path.join(dir, 'out');
  const r = await wopt(['-S', '-passes=mergefunc', '-mergefunc-report=merges.json', '-time-passes', '-output-dir=out', '-j', '1', ...files], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(fs.readdirSync(out).sort(), ['gen1.ll', 'gen1.ll.merges.json', 'gen2.ll', 'gen2.ll.merges.json']);
  for (const f of files) {
    const one = tempDir(t);
    const s = await runCli(['-S', '-passes=mergefunc', '-mergefunc-report=merges.json', path.join(dir, f), '-o', 'x.ll'], { env, cwd: one });
    assert.equal(s.code, 0, s.stderr);
    assert.equal(read(path.join(out, `${f}.merges.json`)), read(path.join(one, 'merges.json')));
  }
  assert.match(r.stderr, /Pass execution timing report/);
  assert.match(r.stderr, /Pipeline: mergefunc/);
});

test('batch: refused before any work when outputs would collide or overwrite an input', { skip }, async t => {
  const { dir, files } = inputs(t, 1);
  const before = read(path.join(dir, files[0]));
  const same = await wopt(['-S', '-output-dir=.', files[0]], dir);
  assert.equal(same.code, 1);
  assert.match(same.stderr, /would overwrite the input/);
  assert.equal(read(path.join(dir, files[0])), before);
  const out = path.join(dir, 'out');
  const clash = await wopt(['-S', '-output-dir=out', files[0], `./${files[0]}`], dir);
  assert.equal(clash.code, 1);
  assert.match(clash.stderr, /would both be written to/);
  assert.equal(fs.existsSync(out), false, 'nothing created');
  const withO = await wopt(['-S', '-output-dir=out', '-o', 'x.ll', files[0]], dir);
  assert.equal(withO.code, 1);
  assert.match(withO.stderr, /-o and -output-dir exclude each other/);
  const file = path.join(dir, 'a-file');
  fs.writeFileSync(file, '');
  const notDir = await wopt(['-S', '-output-dir=a-file', files[0]], dir);
  assert.equal(notDir.code, 1);
  assert.match(notDir.stderr, /a-file: error: cannot create the output directory: File exists\n$/);
  const two = await wopt(['-S', files[0], files[0]], dir);
  assert.equal(two.code, 1);
  assert.match(two.stderr, /Too many positional arguments specified!/);
  const report = await wopt(['-S', '--report=r.json', files[0]], dir);
  assert.equal(report.code, 1);
  assert.match(report.stderr, /--report is for batch mode/);
  const zero = await wopt(['-S', '-output-dir=out', '-j', '0', files[0]], dir);
  assert.equal(zero.stderr, 'wopt: error: -j needs at least 1 job\n');
});
