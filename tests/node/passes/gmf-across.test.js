// global-merge-func with codegen data, against LLVM 22's outputs stored in
// tests/fixtures/gmf22/across (build.sh makes them with opt-22, llc-22 and llvm-cgdata-22):
// -codegen-data-generate embeds each module's map as opt-22 does (round 1), -codegen-data-use-path
// merges by a .cgdata as opt-22 does (round 2), and batch mode's --across-modules does both rounds
// in one command: every module as round 2 leaves it, --emit-cgdata the file llvm-cgdata --merge
// writes, byte for byte. No LLVM tool is needed to run these.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, haveRealCore, NO_CORE, runCli, tempDir } from '../helpers.js';

const skip = !haveRealCore && NO_CORE;
const DIR = path.join(REPO, 'tests/fixtures/gmf22/across');
const MODULES = ['net', 'disk', 'cpu'];
const expected = name => fs.readFileSync(path.join(DIR, 'expected', name));
const tgmBodies = text => (String(text).match(/^define internal .*\.Tgm\(/gm) ?? []).length;

// The modules under the names LLVM's rounds gave them (the map records them), in a folder of
// their own; returns the folder.
function modules(t) {
  const dir = tempDir(t);
  for (const m of MODULES) fs.copyFileSync(path.join(DIR, `${m}.ll.in`), path.join(dir, `${m}.ll`));
  return dir;
}

test('the fixtures merge across modules only (a module alone merges less)', { skip }, () => {
  // what the tests below rely on: round 2 merges functions round 1 left alone
  for (const m of MODULES) assert.ok(tgmBodies(expected(`${m}.out`)) > tgmBodies(expected(`${m}.generate.out`)), m);
});

test('-codegen-data-generate: the module with its map embedded, as opt-22 (round 1)', { skip }, async t => {
  const dir = modules(t);
  for (const m of MODULES) {
    const r = await runCli(['-S', '-passes=global-merge-func', '-codegen-data-generate', `${m}.ll`, '-o', `${m}.gen.ll`], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(fs.readFileSync(path.join(dir, `${m}.gen.ll`), 'utf8'), expected(`${m}.generate.out`).toString(), m);
  }
});

test('-codegen-data-use-path: merged by llvm-cgdata\'s file, as opt-22 (round 2)', { skip }, async t => {
  const dir = modules(t);
  fs.copyFileSync(path.join(DIR, 'expected/batch.cgdata'), path.join(dir, 'batch.cgdata'));
  for (const m of MODULES) {
    const r = await runCli(['-S', '-passes=global-merge-func', '-codegen-data-use-path=batch.cgdata', `${m}.ll`], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, expected(`${m}.out`).toString(), m);
  }
  // -disable-cgdata-for-merging: within the module, as without codegen data
  const off = await runCli(['-S', '-passes=global-merge-func', '-codegen-data-use-path=batch.cgdata', '-disable-cgdata-for-merging', 'net.ll'], { cwd: dir });
  assert.equal(tgmBodies(off.stdout), 0);
});

test('a codegen data file that cannot be read: a warning, and merging within the module', { skip }, async t => {
  const dir = modules(t);
  const local = await runCli(['-S', '-passes=global-merge-func', 'cpu.ll'], { cwd: dir });
  const r = await runCli(['-S', '-passes=global-merge-func', '-codegen-data-use-path=missing.cgdata', 'cpu.ll'], { cwd: dir });
  assert.equal(r.code, 0);
  assert.match(r.stderr, /^wopt: missing\.cgdata: warning: cannot read the codegen data \(.*\); global-merge-func merges within each module\n$/);
  assert.equal(r.stdout, local.stdout);
  fs.writeFileSync(path.join(dir, 'bad.cgdata'), 'not codegen data\n');
  const bad = await runCli(['-S', '-passes=global-merge-func', '-codegen-data-use-path=bad.cgdata', 'cpu.ll'], { cwd: dir });
  assert.equal(bad.code, 0);
  assert.match(bad.stderr, /^wopt: warning: codegen data not used: /);
  assert.equal(bad.stdout, local.stdout);
});

for (const jobs of ['1', '2']) {
  test(`--across-modules -j ${jobs}: LLVM's two rounds in one command`, { skip }, async t => {
    const dir = modules(t);
    const r = await runCli(['-S', '-passes=global-merge-func', '--across-modules', '--emit-cgdata=batch.cgdata', '-output-dir=out',
      '-j', jobs, '--report=report.json', ...MODULES.map(m => `${m}.ll`)], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    for (const m of MODULES) assert.equal(fs.readFileSync(path.join(dir, 'out', `${m}.ll`), 'utf8'), expected(`${m}.out`).toString(), m);
    assert.deepEqual(fs.readFileSync(path.join(dir, 'batch.cgdata')), expected('batch.cgdata'));
    const merged = MODULES.reduce((s, m) => s + tgmBodies(expected(`${m}.out`)), 0);
    assert.match(r.stderr, new RegExp(`global-merge-func: ${merged} functions merged across modules \\(the batch's map: 5 functions of 2 hashes to merge\\)`));
    // only the pass that ran is in the summary
    assert.doesNotMatch(r.stderr, /mem2reg|mergefunc:/);
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
    assert.deepEqual(report.acrossModules, { modules: 3, hashes: 2, functions: 5, bytes: expected('batch.cgdata').length, cgdata: 'batch.cgdata' });
    assert.equal(report.totals.globalMerged, merged);
  });
}

test('--across-modules: a module that fails is reported, the others merge by the rest', { skip }, async t => {
  const dir = modules(t);
  fs.writeFileSync(path.join(dir, 'broken.ll'), 'define void @f() {\n  ret i32 0\n}\n');
  const r = await runCli(['-S', '-passes=global-merge-func', '--across-modules', '-output-dir=out', '-q', 'net.ll', 'broken.ll', 'disk.ll', 'cpu.ll'], { cwd: dir });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /broken\.ll:2:/);
  assert.ok(!fs.existsSync(path.join(dir, 'out/broken.ll')));
  for (const m of MODULES) assert.equal(fs.readFileSync(path.join(dir, 'out', `${m}.ll`), 'utf8'), expected(`${m}.out`).toString(), m);
});

test('--across-modules and --emit-cgdata: what they need, said plainly', { skip }, async t => {
  const dir = modules(t);
  const cases = [
    [['-passes=global-merge-func', '--across-modules', 'net.ll'], /--across-modules is for batch mode/],
    [['-passes=global-merge-func', '--emit-cgdata=x.cgdata', '-output-dir=out', 'net.ll'], /--emit-cgdata needs --across-modules/],
    [['-passes=mergefunc', '--across-modules', '-output-dir=out', 'net.ll'], /the pipeline has none/],
    [['--llvm-version=19', '-passes=global-merge-func', '--across-modules', '-output-dir=out', 'net.ll'], /LLVM 19 does not have/],
    [['-passes=global-merge-func', '--across-modules', '-codegen-data-use-path=x.cgdata', '-output-dir=out', 'net.ll'], /-codegen-data-use-path cannot be given with it/],
  ];
  for (const [args, message] of cases) {
    const r = await runCli(['-S', ...args], { cwd: dir });
    assert.notEqual(r.code, 0, args.join(' '));
    assert.match(r.stderr, message);
    assert.ok(!fs.existsSync(path.join(dir, 'out')), args.join(' '));
  }
});

test('the API: mergeAcrossModules gives each module as round 2 leaves it, and the .cgdata', { skip }, async () => {
  const { mergeAcrossModules } = await import('../../../bindings/index.js');
  const inputs = MODULES.map(m => ({ name: `${m}.ll`, text: fs.readFileSync(path.join(DIR, `${m}.ll.in`), 'utf8') }));
  const r = await mergeAcrossModules(inputs, { globalMergeReport: true });
  assert.equal(r.ok, true);
  assert.deepEqual(r.modules.map(m => m.name), inputs.map(x => x.name));
  r.modules.forEach((m, i) => assert.equal(m.output, expected(`${MODULES[i]}.out`).toString(), MODULES[i]));
  assert.deepEqual(Buffer.from(r.map.cgdata), expected('batch.cgdata'));
  assert.deepEqual({ modules: r.map.modules, hashes: r.map.hashes, functions: r.map.functions }, { modules: 3, hashes: 2, functions: 5 });
  // each module's report: by codegen data, its thunks and bodies as the output has them
  for (const m of r.modules) {
    const rep = m.globalMergeReport;
    assert.equal(rep.codegenData, true);
    assert.equal(rep.functionsMerged, tgmBodies(m.output));
    for (const g of rep.groups) for (const x of g.merges ?? []) assert.match(m.output, new RegExp(`^define internal .*@${x.body.replace('.', '\\.')}\\(`, 'm'));
  }
  await assert.rejects(mergeAcrossModules(inputs, { passes: 'mergefunc' }), /does not run global-merge-func/);
  await assert.rejects(mergeAcrossModules(inputs, { options: { 'codegen-data-generate': true } }), /cannot be given/);
  await assert.rejects(mergeAcrossModules('x.ll'), /expected an array/);
});
