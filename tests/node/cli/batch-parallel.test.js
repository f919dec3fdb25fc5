// Batch mode with worker threads (`wopt -output-dir -j N`, bindings/cli/batch.js): outputs and each
// module's diagnostics equal one-at-a-time runs; inputs from directories, @lists and standard
// input; outputs mirror the inputs' paths; failures (a bad module, a trap, a worker that dies) cost
// only their own module; the summary and --report count what the passes did; Ctrl-C and SIGTERM
// leave whole outputs only; a shared program repository ends up as with -j 1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { haveRealCore, NO_CORE, REAL_WASM, REPO, CLI, runCli, tempDir, mockCorePath } from '../helpers.js';
import { generateToFile } from '../../../bench/gen.js';
import { mirroredPath } from '../../../bindings/cli/batch.js';
import { startPool } from '../../../bindings/cli/batch-pool.js';
import { loadWopt } from '../../../bindings/node.js';
import { runModule } from '../../../bindings/driver.js';
import { loadSqliteDriver } from '../../../bindings/repo/sqlite-driver.js';
import { parseArgs } from '../../../bindings/cli/args.js';
import { removeOwnTemps } from '../../../bindings/cli/fsutil.js';

const skip = !haveRealCore && NO_CORE;
const env = { WOPT_WASM: REAL_WASM };
const wopt = (args, opts = {}) => runCli(args, { env, ...opts });
const read = f => fs.readFileSync(f, 'utf8');
const PASSES = '-passes=mergefunc,mem2reg';

const BAD = 'define i32 @f() {\n  ret i32 %x\n}\n';
const BROKEN = 'define i32 @f() {\n  %a = add i32 %b, 1\n  %b = add i32 %a, 1\n  ret i32 %a\n}\n';

function gen(file, seed, size, extra = {}) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  generateToFile(file, { size, seed, dup: 0.4, ...extra });
}

// fn over items, at most n at once; results in item order.
async function eachLimited(items, n, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => { while (next < items.length) { const k = next++; out[k] = await fn(items[k], k); } }));
  return out;
}

// Every file below dir, relative to it (sorted).
function listAll(dir) {
  const out = [];
  const walk = (d, rel) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name), path.join(rel, e.name));
      else out.push(path.join(rel, e.name));
    }
  };
  if (fs.existsSync(dir)) walk(dir, '');
  return out.sort();
}

test('-j 2 over generated and real modules: each output and each module\'s diagnostics equal a run of its own', { skip, timeout: 300_000 }, async t => {
  const dir = tempDir(t);
  // 40 generated modules: four folders holding the same ten names
  const inputs = [];
  for (let s = 0; s < 40; s++) {
    const rel = path.join('gen', `s${s % 4}`, `m${Math.floor(s / 4)}.ll`);
    gen(path.join(dir, rel), s + 1, 2_000 + 700 * s, { debug: s % 5 === 0 });
  }
  for (let f = 0; f < 4; f++) for (let m = 0; m < 10; m++) inputs.push(path.join('gen', `s${f}`, `m${m}.ll`));
  // two with debug info of an old version: each gets its warning, naming its own file
  for (const rel of ['gen/s0/m0.ll', 'gen/s1/m1.ll']) {
    const f = path.join(dir, rel);
    const text = read(f).replace('"Debug Info Version", i32 3', '"Debug Info Version", i32 2');
    assert.notEqual(text, read(f), `${rel} has debug info`);
    fs.writeFileSync(f, text);
  }
  // the clang-22 fixtures, a folder of real modules (C and C++ at -O0, -O0 -g, -O2)
  fs.cpSync(path.join(REPO, 'tests/fixtures/ll22'), path.join(dir, 'real'), { recursive: true });
  for (const f of fs.readdirSync(path.join(dir, 'real')).sort()) if (f.endsWith('.ll')) inputs.push(path.join('real', f));

  const b = await wopt(['-S', PASSES, '-output-dir=out', '-j', '2', '-q', 'gen', 'real'], { cwd: dir });
  const singles = await eachLimited(inputs, 2, f => wopt(['-S', PASSES, f], { cwd: dir }));
  for (const [k, f] of inputs.entries()) {
    assert.equal(singles[k].code, 0, `${f}: ${singles[k].stderr}`);
    assert.equal(read(path.join(dir, 'out', f)), singles[k].stdout, f);
  }
  assert.equal(b.code, 0, b.stderr);
  // with --quiet the batch's stderr is the modules' own, in input order
  assert.equal(b.stderr, singles.map(s => s.stderr).join(''));
  assert.match(b.stderr, /^warning: ignoring debug info with an invalid version \(2\) in gen\/s0\/m0\.ll\nwarning: .* in gen\/s1\/m1\.ll\n$/);
  assert.deepEqual(listAll(path.join(dir, 'out')), [...inputs].sort());
});

test('bitcode: without -S each output is the .bc a run of its own writes; .bc inputs from a directory, -S prints them as .ll', { skip }, async t => {
  const dir = tempDir(t);
  const inputs = [];
  for (let s = 1; s <= 6; s++) { const rel = path.join('in', `g${s}.ll`); gen(path.join(dir, rel), s, 10_000 + 3_000 * s); inputs.push(rel); }
  const b = await wopt([PASSES, '-output-dir=bc', '-j', '2', '-q', 'in'], { cwd: dir });
  assert.equal(b.code, 0, b.stderr);
  assert.deepEqual(listAll(path.join(dir, 'bc')), inputs.map(f => f.replace(/\.ll$/, '.bc')).sort());
  for (const f of inputs) {
    const single = path.join(dir, 'single.bc');
    const r = await wopt([PASSES, f, '-o', single], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const mine = fs.readFileSync(path.join(dir, 'bc', f.replace(/\.ll$/, '.bc')));
    assert.deepEqual(mine.subarray(0, 4), Buffer.from([0x42, 0x43, 0xc0, 0xde]), `${f}: bitcode magic`);
    assert.ok(mine.equals(fs.readFileSync(single)), `${f}: the batch's bitcode equals a run of its own`);
  }
  // the .bc outputs as inputs: a directory of bitcode, printed as text under their .ll names
  const back = await wopt(['-S', '-output-dir=text', '-j', '2', '-q', 'bc'], { cwd: dir });
  assert.equal(back.code, 0, back.stderr);
  for (const f of inputs) {
    const once = await wopt(['-S', PASSES, f], { cwd: dir });
    const printed = read(path.join(dir, 'text', 'bc', f));
    // the same module, apart from its ModuleID (the file it was read from)
    const body = text => text.split('\n').filter(l => !l.startsWith('; ModuleID')).join('\n');
    assert.equal(body(printed), body(once.stdout), f);
  }
});

test('-j 2: a corrupt, broken or missing module is reported and the rest succeed; summary and exit status 1', { skip }, async t => {
  const dir = tempDir(t);
  for (let s = 1; s <= 6; s++) gen(path.join(dir, 'in', `g${s}.ll`), s, 20_000);
  fs.writeFileSync(path.join(dir, 'in', 'bad.ll'), BAD);
  fs.writeFileSync(path.join(dir, 'in', 'broken.ll'), BROKEN);
  fs.writeFileSync(path.join(dir, 'list'), 'in/missing.ll\n');
  const r = await wopt(['-S', PASSES, '-output-dir=out', '-j=2', '--report=r.json', 'in', '@list'], { cwd: dir });
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  const bad = "wopt: in/bad.ll:2:11: error: use of undefined value '%x'\n  ret i32 %x\n          ^\n";
  assert.ok(r.stderr.startsWith(bad), r.stderr);  // bad.ll comes first in input order
  assert.match(r.stderr, /Instruction does not dominate all uses!/);
  assert.match(r.stderr, /wopt: in\/broken\.ll: error: input module is broken!\n/);
  assert.match(r.stderr, /wopt: 9 modules: 6 ok, 3 failed; [\d.]+ MB in [\d.]+ s \([\d.–]+ MB\/s\), 2 jobs\n/);
  assert.match(r.stderr, /\nwopt: failed: in\/bad\.ll:2:11: error: use of undefined value '%x'\n/);
  assert.match(r.stderr, /\nwopt: failed: in\/broken\.ll: Instruction does not dominate all uses!\n/);
  assert.match(r.stderr, /\nwopt: failed: in\/missing\.ll: error: Could not open input file: No such file or directory\n/);
  assert.match(r.stderr, /\nwopt: 3 of 9 inputs failed\n$/);
  assert.deepEqual(listAll(path.join(dir, 'out')), [1, 2, 3, 4, 5, 6].map(s => `in/g${s}.ll`));
  const report = JSON.parse(read(path.join(dir, 'r.json')));
  assert.deepEqual(report.modules.map(m => [m.input, m.status]), [
    ['in/bad.ll', 'failed'], ['in/broken.ll', 'failed'], ...[1, 2, 3, 4, 5, 6].map(s => [`in/g${s}.ll`, 'ok']), ['in/missing.ll', 'failed']]);
  assert.deepEqual([report.totals.modules, report.totals.ok, report.totals.failed, report.totals.notRun], [9, 6, 3, 0]);
  assert.equal(report.modules[0].error, "wopt: in/bad.ll:2:11: error: use of undefined value '%x'");
  assert.equal(report.modules[0].allocasPromoted, null);
});

test('-j 2: a module that traps the core fails alone (mock core)', async t => {
  const dir = tempDir(t);
  const files = { 'a.ll': 'one\n', 'b.ll': 'two $$ trap\n', 'c.ll': 'three @@ abort\n', 'd.ll': 'four\n', 'e.ll': 'five !! error\n' };
  for (const [f, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, f), text);
  const r = await runCli(['-S', '-output-dir=out', '-j', '2', '-q', ...Object.keys(files)], { cwd: dir, env: { WOPT_WASM: await mockCorePath() } });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^wopt: error: internal error: unreachable\nwopt: error: internal error: mock assertion .*\nwopt: e\.ll:1:6: error: expected value token\n/);
  assert.match(r.stderr, /wopt: 3 of 5 inputs failed\n$/);
  assert.deepEqual(listAll(path.join(dir, 'out')), ['a.ll', 'd.ll']);
  assert.equal(read(path.join(dir, 'out', 'd.ll')), "; ModuleID = 'd.ll'\nfour\n");
});

test('the pool: a worker that dies fails its module only; a fresh worker takes the rest', async t => {
  const dir = tempDir(t);
  const script = path.join(dir, 'fake-worker.mjs');
  fs.writeFileSync(script, `import { parentPort } from 'node:worker_threads';
import { receiveJobs, workLoop } from ${JSON.stringify(new URL('../../../bindings/cli/batch-pool.js', import.meta.url).href)};
await workLoop(await receiveJobs(), async job => {
  if (job.input === 'exit') process.exit(7);
  if (job.input === 'throw') { setImmediate(() => { throw new Error('boom'); }); await new Promise(() => {}); }
  return { index: job.index, ok: true, text: job.input + '\\n', failure: '', stats: null, timings: [], ms: 1 };
}, msg => parentPort.postMessage(msg));
`);
  const names = ['a', 'exit', 'b', 'throw', 'c', 'd', 'e'];
  const jobs = names.map((input, index) => ({ index, input, output: `out/${input}` }));
  const done = new Map();
  const pool = startPool({ workers: 2, workerUrl: new URL(`file://${script}`) });
  await pool.run({ jobs, order: jobs.map(j => j.index), onDone: (i, res) => {
    assert.ok(!done.has(i), `job ${i} reported twice`);
    done.set(i, res);
  } });
  assert.equal(done.size, names.length);
  for (const [i, n] of names.entries()) {
    const res = done.get(i);
    if (n === 'exit') assert.equal(res.failure, 'wopt: exit: error: internal error: the worker stopped (exit code 7)');
    else if (n === 'throw') assert.equal(res.failure, 'wopt: throw: error: internal error: the worker stopped (boom)');
    else assert.deepEqual([res.ok, res.text], [true, `${n}\n`]);
  }
  // workers that cannot even start: after three per thread, the rest fail without more workers
  const broken = path.join(dir, 'broken-worker.mjs');
  fs.writeFileSync(broken, "throw new Error('cannot start');\n");
  const many = Array.from({ length: 30 }, (_, index) => ({ index, input: `m${index}`, output: `out/m${index}` }));
  const failed = new Map();
  await startPool({ workers: 2, workerUrl: new URL(`file://${broken}`) }).run({ jobs: many, order: many.map(j => j.index), onDone: (i, res) => failed.set(i, res) });
  assert.equal(failed.size, 30);
  for (const r of failed.values()) assert.match(r.failure, /^wopt: m\d+: error: internal error: not run: the workers keep stopping \(cannot start\)$/);
  // the same with the main thread's own lane: it takes what the workers cannot, after the list
  // was handed out while they were dying
  const broken2 = startPool({ workers: 2, workerUrl: new URL(`file://${broken}`) });
  await new Promise(r => setTimeout(r, 200));
  const byMain = new Map();
  await broken2.run({ jobs: many, order: many.map(j => j.index), onDone: (i, res) => byMain.set(i, res),
    mainLane: async job => ({ index: job.index, ok: true, text: '', failure: '', stats: null, timings: [], ms: 0 }) });
  assert.equal(byMain.size, 30);
  assert.ok([...byMain.values()].every(r => r.ok));
});

test('outputs mirror the inputs\' paths: same names in different folders, paths outside the current directory, side files', { skip }, async t => {
  const root = tempDir(t);
  const cwd = path.join(root, 'work');
  gen(path.join(cwd, 'a', 'x.ll'), 1, 8_000);
  gen(path.join(cwd, 'b', 'x.ll'), 2, 8_000);
  gen(path.join(root, 'outside', 'x.ll'), 3, 8_000);
  gen(path.join(root, 'outside2', 'y.ll'), 4, 8_000);
  const abs = path.join(root, 'outside', 'x.ll');
  const r = await wopt(['-S', '-passes=mergefunc', '-mergefunc-report=m.json', '-output-dir=out', '-j', '2', '-q',
    'a/x.ll', 'b/x.ll', abs, '../outside2/y.ll'], { cwd });
  assert.equal(r.code, 0, r.stderr);
  const mirrorOf = p => path.join(path.resolve(cwd, p).slice(1));
  const expected = ['a/x.ll', 'b/x.ll', mirrorOf(abs), mirrorOf('../outside2/y.ll')];
  assert.deepEqual(listAll(path.join(cwd, 'out')), expected.flatMap(o => [o, `${o}.m.json`]).sort());
  for (const [k, input] of ['a/x.ll', 'b/x.ll', abs, '../outside2/y.ll'].entries()) {
    const one = await wopt(['-S', '-passes=mergefunc', input], { cwd });
    assert.equal(read(path.join(cwd, 'out', expected[k])), one.stdout, input);
  }
  assert.equal(mirroredPath('a/../a/x.ll', 'o', cwd), path.join('o', 'a', 'x.ll'));
  assert.equal(mirroredPath(path.join(cwd, 'b', 'x.ll'), 'o', cwd), path.join('o', 'b', 'x.ll'));

  // refused before any work: one output twice, an output over an input
  const twice = await wopt(['-S', '-output-dir=out2', 'a/x.ll', './a/x.ll'], { cwd });
  assert.equal(twice.code, 1);
  assert.equal(twice.stderr, `wopt: error: a/x.ll and ./a/x.ll would both be written to ${path.join('out2', 'a', 'x.ll')}\n`);
  const viaDir = await wopt(['-S', '-output-dir=out2', 'a', 'a/x.ll'], { cwd });
  assert.match(viaDir.stderr, /a\/x\.ll and a\/x\.ll would both be written to/);
  const over = await wopt(['-S', '-output-dir=.', 'a/x.ll'], { cwd });
  assert.equal(over.stderr, 'wopt: error: a/x.ll would overwrite the input a/x.ll; choose another -output-dir\n');
  fs.copyFileSync(path.join(cwd, 'a', 'x.ll'), path.join(cwd, 'x.ll'));
  const overOther = await wopt(['-S', '-output-dir=a', 'x.ll', 'a/x.ll'], { cwd });
  assert.equal(overOther.stderr, 'wopt: error: a/x.ll would overwrite the input a/x.ll; choose another -output-dir\n');
  assert.equal(fs.existsSync(path.join(cwd, 'out2')), false, 'nothing created');
});

test('inputs: directories recursively (module files only, not the output directory), @lists relative to the current directory, - for a list on stdin', { skip }, async t => {
  const cwd = tempDir(t);
  gen(path.join(cwd, 'd', 'e', 'f', 'deep.ll'), 1, 5_000);
  gen(path.join(cwd, 'd', 'top.ll'), 2, 5_000);
  fs.writeFileSync(path.join(cwd, 'd', 'notes.txt'), 'not a module');
  fs.writeFileSync(path.join(cwd, 'd', 'e', 'upper.LL'), 'not ours either');
  // a previous run's output inside the input directory is not read again
  fs.mkdirSync(path.join(cwd, 'd', 'out', 'd'), { recursive: true });
  fs.writeFileSync(path.join(cwd, 'd', 'out', 'd', 'stale.ll'), BAD);
  gen(path.join(cwd, 'l', 'one.ll'), 3, 5_000);
  gen(path.join(cwd, 'l', 'two.ll'), 4, 5_000);
  gen(path.join(cwd, 's', 'three.ll'), 5, 5_000);
  fs.mkdirSync(path.join(cwd, 'lists'));
  // relative to the current directory, not to the list's folder; blank lines and CRs ignored
  fs.writeFileSync(path.join(cwd, 'lists', 'l.txt'), 'l/one.ll\r\n\n   \nl/two.ll\n');
  const r = await wopt(['-S', '-passes=mem2reg', '-output-dir=d/out', '-j', '2', '--report=r.json', 'd', '@lists/l.txt', '-'],
    { cwd, input: 's/three.ll\n' });
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(read(path.join(cwd, 'r.json')));
  assert.deepEqual(report.modules.map(m => [m.input, m.output]), [
    ['d/e/f/deep.ll', 'd/out/d/e/f/deep.ll'], ['d/top.ll', 'd/out/d/top.ll'],
    ['l/one.ll', 'd/out/l/one.ll'], ['l/two.ll', 'd/out/l/two.ll'], ['s/three.ll', 'd/out/s/three.ll']]);
  assert.deepEqual(listAll(path.join(cwd, 'd', 'out')), ['d/e/f/deep.ll', 'd/stale.ll', 'd/top.ll', 'l/one.ll', 'l/two.ll', 's/three.ll']);

  const noList = await wopt(['-S', '-output-dir=o', '@nope.txt'], { cwd });
  assert.equal(noList.stderr, 'wopt: nope.txt: error: cannot read the input list: No such file or directory\n');
  fs.mkdirSync(path.join(cwd, 'empty'));
  const none = await wopt(['-S', '-output-dir=o', 'empty'], { cwd });
  assert.equal(none.stderr, 'wopt: error: no input modules (directories are searched for .ll, .bc files)\n');
  const dash = await wopt(['-S', '-output-dir=o', '-'], { cwd, input: '-\n' });
  assert.match(dash.stderr, /<stdin>: error: '-' in a list would be standard input/);
});

// Counts `alloca` and `phi` instructions in IR text.
const count = (text, op) => (text.match(new RegExp(`= ${op} `, 'g')) ?? []).length;

test('--report and the summary count what mem2reg and mergefunc did, per module and in total', { skip }, async t => {
  const cwd = tempDir(t);
  // f: %x is stored on two paths and loaded at the join (one phi); %y is never used
  fs.writeFileSync(path.join(cwd, 'known.ll'), `define i32 @f(i1 %c) {
entry:
  %x = alloca i32
  %y = alloca i32
  br i1 %c, label %a, label %b
a:
  store i32 1, ptr %x
  br label %j
b:
  store i32 2, ptr %x
  br label %j
j:
  %v = load i32, ptr %x
  ret i32 %v
}
`);
  for (let s = 1; s <= 4; s++) gen(path.join(cwd, `g${s}.ll`), s, 30_000);
  const inputs = ['known.ll', 'g1.ll', 'g2.ll', 'g3.ll', 'g4.ll'];

  // mem2reg alone: every alloca it promoted is gone from the output (optnone functions keep theirs)
  const m2r = await wopt(['-S', '-passes=mem2reg', '-output-dir=m2r', '-j', '2', '-q', '--report=m2r.json', ...inputs], { cwd });
  assert.equal(m2r.code, 0, m2r.stderr);
  const m2rReport = JSON.parse(read(path.join(cwd, 'm2r.json')));
  assert.deepEqual(m2rReport.modules.map(m => m.input), inputs);
  const [k0, ...g0] = m2rReport.modules;
  assert.deepEqual([k0.allocasPromoted, k0.phisInserted, k0.functionsMerged, k0.thunks, k0.aliases, k0.deleted], [2, 1, 0, 0, 0, 0]);
  for (const m of g0) {
    const input = read(path.join(cwd, m.input)), output = read(path.join(cwd, m.output));
    assert.equal(m.allocasPromoted, count(input, 'alloca') - count(output, 'alloca'), m.input);
    assert.ok(m.allocasPromoted > 0 && m.phisInserted >= count(output, 'phi') - count(input, 'phi') && m.phisInserted > 0, m.input);
    assert.equal(m.functionsMerged, 0);
  }

  // mergefunc then mem2reg: the merge report's own counts
  const r = await wopt(['-S', '-passes=mergefunc,mem2reg', '-mergefunc-report=m.json', '-output-dir=out', '-j', '2', '--report=r.json', ...inputs], { cwd });
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(read(path.join(cwd, 'r.json')));
  assert.deepEqual(Object.keys(report), ['pipeline', 'llvmVersion', 'jobs', 'interrupted', 'acrossModules', 'totals', 'modules', 'unreadable']);
  assert.deepEqual([report.pipeline, report.llvmVersion, report.jobs, report.interrupted], ['mergefunc,mem2reg', 22, 2, null]);
  assert.deepEqual(Object.keys(report.modules[0]), ['input', 'output', 'bytes', 'ms', 'ok', 'status', 'error',
    'allocasPromoted', 'phisInserted', 'functionsMerged', 'thunks', 'aliases', 'deleted', 'globalMerged']);
  for (const m of report.modules) {
    const merges = JSON.parse(read(path.join(cwd, `${m.output}.m.json`)));
    assert.deepEqual([m.functionsMerged, m.thunks, m.aliases, m.deleted],
      [merges.functionsMerged, merges.thunks, merges.aliases, merges.merged.filter(x => x.how === 'replaced' || x.how === 'erased').length], m.input);
    assert.deepEqual([m.status, m.ok, m.error], ['ok', true, null]);
    assert.equal(m.bytes, fs.statSync(path.join(cwd, m.input)).size);
  }
  assert.ok(report.modules.some(m => m.functionsMerged > 0), 'the generator makes duplicates');
  for (const k of ['allocasPromoted', 'phisInserted', 'functionsMerged', 'thunks', 'aliases', 'deleted', 'bytes'])
    assert.equal(report.totals[k], report.modules.reduce((s, m) => s + m[k], 0), k);
  const t0 = report.totals;
  assert.match(r.stderr, new RegExp(`^wopt: 5 modules: 5 ok, 0 failed; .*\\nwopt: mem2reg: ${t0.allocasPromoted} allocas promoted, ${t0.phisInserted} phis inserted; ` +
    `mergefunc: ${t0.functionsMerged} functions merged \\(${t0.thunks} thunks?, ${t0.aliases} alias(es)?, ${t0.deleted} deleted\\)\\n$`));
  // the same numbers with -j 1 (in this thread)
  const one = await wopt(['-S', '-passes=mergefunc,mem2reg', '-output-dir=out1', '-j', '1', '--report=r1.json', '-q', ...inputs], { cwd });
  assert.equal(one.code, 0, one.stderr);
  const r1 = JSON.parse(read(path.join(cwd, 'r1.json')));
  const strip = rep => rep.modules.map(({ ms, output, ...rest }) => rest);
  assert.deepEqual(strip(r1), strip(report));
});

// The outputs wopt would write for these inputs, from the API in this process.
async function expectedOutputs(cwd, inputs, passes) {
  const core = await loadWopt({ wasmPath: REAL_WASM });
  const out = new Map();
  for (const f of inputs) {
    const r = runModule(core, fs.readFileSync(path.join(cwd, f)), { passes, moduleId: f });
    assert.ok(r.ok, f);
    out.set(f, Buffer.from(r.output).toString('utf8'));
  }
  return out;
}

// Starts a batch, sends `signal` once its first output is written; resolves { code, stderr }.
function interruptBatch(cwd, args, signal) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '', sent = false;
    child.stderr.on('data', d => { stderr += d; });
    const poll = setInterval(() => {
      if (!sent && listAll(path.join(cwd, 'out')).some(f => f.endsWith('.ll'))) { sent = true; child.kill(signal); }
    }, 2);
    child.on('error', reject);
    child.on('exit', code => { clearInterval(poll); resolve({ code, stderr, sent }); });
  });
}

for (const [signal, jobs, status] of [['SIGINT', '2', 130], ['SIGTERM', '1', 143]]) {
  test(`${signal} in the middle of a -j ${jobs} batch: stops, exit status ${status}, only whole outputs, no temporaries`, { skip, timeout: 120_000 }, async t => {
    const cwd = tempDir(t);
    const inputs = [];
    for (let s = 1; s <= 40; s++) { const f = `in/m${String(s).padStart(2, '0')}.ll`; gen(path.join(cwd, f), s, 150_000); inputs.push(f); }
    const r = await interruptBatch(cwd, ['-S', '-passes=mem2reg', '-output-dir=out', '-j', jobs, '--report=r.json', 'in'], signal);
    assert.ok(r.sent, `the batch ended before the signal: ${r.stderr}`);
    assert.equal(r.code, status, r.stderr);
    assert.match(r.stderr, new RegExp(`^wopt: interrupted \\(${signal}\\): \\d+ of 40 modules done`, 'm'));
    const files = listAll(path.join(cwd, 'out'));
    assert.deepEqual(files.filter(f => !f.endsWith('.ll')), [], 'no temporary files');
    const present = files.map(f => f);
    const report = JSON.parse(read(path.join(cwd, 'r.json')));
    assert.equal(report.interrupted, signal);
    assert.ok(report.totals.notRun > 0, 'stopped before the end');
    for (const m of report.modules) if (m.status === 'ok') assert.ok(present.includes(m.input), `${m.input} reported ok but missing`);
    const want = await expectedOutputs(cwd, present, 'mem2reg');
    for (const f of present) assert.equal(read(path.join(cwd, 'out', f)), want.get(f), `${f} is whole`);
  });
}

test('--repo shared by two workers: the store ends up as with -j 1', { skip, timeout: 120_000 }, async t => {
  const cwd = tempDir(t);
  const inputs = [];
  // copies of each module: both workers store the same definitions at once
  for (let s = 1; s <= 4; s++) {
    gen(path.join(cwd, 'in', `a${s}.ll`), s, 40_000);
    fs.copyFileSync(path.join(cwd, 'in', `a${s}.ll`), path.join(cwd, 'in', `b${s}.ll`));
    inputs.push(`in/a${s}.ll`, `in/b${s}.ll`);
  }
  const passes = '-passes=repo-metadata,repo-prune,mem2reg,mergefunc';
  const one = await wopt(['-S', passes, '--repo=one.db', '-output-dir=o1', '-j', '1', '-q', 'in'], { cwd });
  assert.equal(one.code, 0, one.stderr);
  const two = await wopt(['-S', passes, '--repo=two.db', '-output-dir=o2', '-j', '2', '-q', 'in'], { cwd });
  assert.equal(two.code, 0, two.stderr);
  const sqlite = await loadSqliteDriver();
  const rows = f => {
    const db = sqlite.open(path.join(cwd, f), {});
    try { return db.prepare('SELECT hex(digest), name, kind, linkage, visibility, dependents, text FROM definitions ORDER BY digest', true).all(); }
    finally { db.close(); }
  };
  const a = rows('one.db'), b = rows('two.db');
  assert.ok(a.length > 20, `${a.length} definitions`);
  assert.deepEqual(b, a);
  assert.deepEqual(listAll(path.join(cwd, 'o2')), inputs.sort());
});

test('-j N, -j=N, --jobs=N; --report and --quiet parse; --report needs batch mode', () => {
  for (const argv of [['-j', '3'], ['-j=3'], ['--jobs=3'], ['--jobs', '3']]) assert.equal(parseArgs(['-output-dir=o', ...argv, 'a.ll']).jobs, 3, argv.join(' '));
  assert.throws(() => parseArgs(['-output-dir=o', '-j', 'x', 'a.ll']), /for the -j option: 'x' value invalid for uint argument!/);
  const o = parseArgs(['-output-dir=o', '--report=r.json', '-q', 'a.ll', 'b.ll']);
  assert.deepEqual([o.report, o.quiet, o.inputs], ['r.json', true, ['a.ll', 'b.ll']]);
  assert.throws(() => parseArgs(['--report=r.json', 'a.ll']), /--report is for batch mode/);
});

test('removeOwnTemps: the temporary files this process left for an output and its side files, nothing else', t => {
  const dir = tempDir(t);
  const names = [`.x.ll.${process.pid}.1abc.tmp`, `.x.ll.m.json.${process.pid}.2abc.tmp`, // ours, for x.ll and a side file of it
    `.x.ll.${process.pid + 1}.3abc.tmp`, `.xy.ll.${process.pid}.4abc.tmp`, `.y.ll.${process.pid}.5abc.tmp`, 'x.ll', 'x.ll.m.json'];
  for (const n of names) fs.writeFileSync(path.join(dir, n), '');
  assert.equal(removeOwnTemps(path.join(dir, 'x.ll')), 2);
  assert.deepEqual(fs.readdirSync(dir).sort(), names.slice(2).sort());
});

test('without -j, a lane per 2 MB of input at most: a small batch runs on one; -j 2 and a larger batch on two', { skip, timeout: 120_000 }, async t => {
  const dir = tempDir(t);
  for (let s = 0; s < 4; s++) gen(path.join(dir, 'small', `m${s}.ll`), s + 1, 20_000);
  for (let s = 0; s < 6; s++) gen(path.join(dir, 'large', `m${s}.ll`), s + 1, 500_000);
  const lanes = async (args) => {
    const r = await wopt(['-S', '-passes=mem2reg', '-output-dir=out', ...args], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    return Number(/, (\d+) jobs?\n/.exec(r.stderr)?.[1]);
  };
  assert.equal(await lanes(['small']), 1);
  assert.equal(await lanes(['-j', '2', 'small']), 2);
  assert.equal(await lanes(['-j', '1', 'large']), 1);
  // 3 MB: two lanes where the machine has two cores
  assert.equal(await lanes(['large']), Math.min(2, (await import('node:os')).availableParallelism()));
});

test('the pool: workers take the list from its front, the main thread\'s lane from its end; each job runs once', async t => {
  const dir = tempDir(t);
  const script = path.join(dir, 'slow-worker.mjs');
  fs.writeFileSync(script, `import { parentPort } from 'node:worker_threads';
import { receiveJobs, workLoop } from ${JSON.stringify(new URL('../../../bindings/cli/batch-pool.js', import.meta.url).href)};
await workLoop(await receiveJobs(), async job => {
  await new Promise(r => setTimeout(r, 10));
  return { index: job.index, ok: true, text: 'worker', failure: '', stats: null, timings: [], ms: 1 };
}, msg => parentPort.postMessage(msg));
`);
  const jobs = Array.from({ length: 40 }, (_, index) => ({ index, input: `m${index}`, output: `out/m${index}` }));
  const byWorker = [], byMain = [], seen = new Map();
  let workerDone;
  const firstByWorker = new Promise(r => { workerDone = r; });
  await startPool({ workers: 1, workerUrl: new URL(`file://${script}`) }).run({ jobs, order: jobs.map(j => j.index), onDone: (i, res) => {
    assert.ok(!seen.has(i), `job ${i} reported twice`);
    seen.set(i, res);
    (res.text === 'worker' ? byWorker : byMain).push(i);
    if (res.text === 'worker') workerDone();
  }, mainLane: async job => {
    // not done before the worker has done one, however late it starts
    await firstByWorker;
    await new Promise(r => setTimeout(r, 25));
    return { index: job.index, ok: true, text: 'main', failure: '', stats: null, timings: [], ms: 1 };
  } });
  assert.equal(seen.size, jobs.length);
  // the worker ran a prefix of the order, front first; the main lane the rest, from the end
  const k = byWorker.length;
  assert.ok(k > 0 && byMain.length > 0, `${k} by the worker, ${byMain.length} by the main lane`);
  assert.deepEqual(byWorker, Array.from({ length: k }, (_, i) => i));
  assert.deepEqual(byMain, Array.from({ length: jobs.length - k }, (_, i) => jobs.length - 1 - i));
});
