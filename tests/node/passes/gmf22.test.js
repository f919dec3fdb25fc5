// global-merge-func beside the differential test (gmf22-diff.test.js): the pass exists only under
// --llvm-version=22 (opt-19's message otherwise, and -print-passes lists it only there), its
// options are checked with opt's wording, the report side file and the API's globalMergeReport
// say what the pass decided, and `print<structural-hash>` is LLVM 22's too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, haveRealCore, NO_CORE, run, runCli, optFor, haveOpt, tempDir } from '../helpers.js';

const skip = !haveRealCore && NO_CORE;
const EDGES = fs.readFileSync(path.join(REPO, 'tests/fixtures/gmf22/profit-edges.ll'), 'utf8');

test('under --llvm-version=19 the pass is unknown, as in opt-19', { skip }, async () => {
  const w = await runCli(['--llvm-version=19', '-S', '-passes=global-merge-func'], { input: EDGES });
  assert.equal(w.code, 1);
  // opt-19's message, then wopt's note: the version that has it
  const note = p => `wopt: note: ${p} is an LLVM 22 pass: it runs with --llvm-version=22\n`;
  assert.equal(w.stderr, `wopt: unknown pass name 'global-merge-func'\n${note('global-merge-func')}`);
  if (haveOpt(19)) {
    const o = await run(optFor(19), ['-S', '-passes=global-merge-func'], { input: EDGES });
    assert.equal(o.code, w.code);
    assert.equal(o.stderr.replace(/^\S*opt: /, 'wopt: '), w.stderr.slice(0, w.stderr.indexOf('\n') + 1));
  }
  for (const p of ['print<structural-hash>', 'print<structural-hash><detailed>', 'print<structural-hash><call-target-ignored>']) {
    const r = await runCli(['--llvm-version=19', '-disable-output', `-passes=${p}`], { input: EDGES });
    assert.equal(r.stderr, `wopt: unknown pass name '${p}'\n${note(p)}`);
  }
});

test('-print-passes lists global-merge-func under LLVM 22 only', { skip }, async () => {
  const p22 = await runCli(['-print-passes']);
  const p19 = await runCli(['--llvm-version=19', '-print-passes']);
  assert.match(p22.stdout, /^  global-merge-func$/m);
  assert.match(p22.stdout, /^  print<structural-hash><detailed>$/m);
  assert.doesNotMatch(p19.stdout, /global-merge-func|structural-hash/);
  assert.match(p19.stdout, /^  mergefunc$/m);
});

test('the options take what opt takes, with its messages', { skip }, async () => {
  const bad = [
    ['-global-merging-max-params=4294967296', "for the --global-merging-max-params option: '4294967296' value invalid for uint argument!"],
    ['-global-merging-min-instrs=-1', "for the --global-merging-min-instrs option: '-1' value invalid for uint argument!"],
    ['-global-merging-inst-overhead=abc', "for the --global-merging-inst-overhead option: 'abc' value invalid for floating point argument!"],
    ['-global-merging-skip-no-params=2', "for the --global-merging-skip-no-params option: '2' is invalid value for boolean argument! Try 0 or 1"],
  ];
  for (const [arg, msg] of bad) {
    const r = await runCli(['-S', '-passes=global-merge-func', arg], { input: EDGES });
    assert.equal(r.code, 1, arg);
    assert.match(r.stderr, new RegExp(msg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), arg);
  }
  // strtod's forms: hexadecimal, exponents, leading space, infinity
  for (const v of ['0x1.8p0', '1.5e0', ' 1.5', '.5', '5.', 'inf']) {
    const r = await runCli(['-S', '-passes=global-merge-func', `-global-merging-inst-overhead=${v}`], { input: EDGES });
    assert.equal(r.code, 0, `${v}: ${r.stderr}`);
  }
  const same = await runCli(['-S', '-passes=global-merge-func', '-global-merging-inst-overhead=0x1.8p0'], { input: EDGES });
  const dec = await runCli(['-S', '-passes=global-merge-func', '-global-merging-inst-overhead=1.5'], { input: EDGES });
  assert.equal(same.stdout, dec.stdout);
  if (haveOpt(22)) {
    for (const v of ['0x1.8p0', 'inf', '4294967295']) {
      const flag = v === '4294967295' ? `-global-merging-max-params=${v}` : `-global-merging-inst-overhead=${v}`;
      const o = await run(optFor(22), ['-S', '-passes=global-merge-func', flag], { input: EDGES });
      const w = await runCli(['-S', '-passes=global-merge-func', flag], { input: EDGES });
      assert.equal(w.stdout, o.stdout, flag);
    }
  }
});

test('the report side file: every group, what decided it, the merges and their constants', { skip }, async (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'gmf.json');
  const r = await runCli(['-S', '-passes=global-merge-func', `-global-merge-func-report=${file}`, '-o', path.join(dir, 'out.ll')], { input: EDGES });
  assert.equal(r.code, 0, r.stderr);
  const rep = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(rep.pass, 'global-merge-func');
  const by = Object.fromEntries(rep.groups.map(g => [g.functions.join(','), g]));
  assert.deepEqual(Object.keys(by), ['A1,A2', 'B1,B2', 'C1,C2,C3', 'D1,D2,D3', 'E1,E2', 'F1,F2']);
  assert.deepEqual([by['A1,A2'].benefit, by['A1,A2'].cost, by['A1,A2'].decision], [6, 6, 'benefit not above cost']);
  assert.equal(by['C1,C2,C3'].cost, 9);
  assert.equal(by['E1,E2'].decision, 'no parameters (-global-merging-skip-no-params)');
  assert.equal(by['B1,B2'].decision, 'profitable');
  assert.equal(by['B1,B2'].instructionsSaved, 6);
  assert.deepEqual(by['F1,F2'].merges, [
    { thunk: 'F1', body: 'F1.Tgm', parameters: ['ptr @f1', 'ptr @f3'] },
    { thunk: 'F2', body: 'F2.Tgm', parameters: ['ptr @f2', 'ptr @f4'] },
  ]);
  assert.equal(rep.functionsMerged, 7);
  assert.equal(rep.groupsMerged, 3);
  assert.equal(rep.parametersAdded, 9);
  assert.equal(by['A1,A2'].merges, undefined);
});

test('the API hands the report on as globalMergeReport', { skip }, async () => {
  const { optimize } = await import('../../../bindings/index.js');
  const r = await optimize(EDGES, { passes: 'global-merge-func', llvmVersion: 22, globalMergeReport: true, mergeReport: true });
  assert.ok(r.ok);
  assert.equal(r.globalMergeReport.functionsMerged, 7);
  assert.equal(r.mergeReport, null);          // mergefunc did not run
  assert.deepEqual(r.files, []);
  const both = await optimize(EDGES, { passes: 'global-merge-func,mergefunc', llvmVersion: 22, globalMergeReport: true, mergeReport: true });
  assert.equal(both.globalMergeReport.groupsMerged, 3);
  assert.equal(both.mergeReport.pass, 'mergefunc');
  const none = await optimize(EDGES, { passes: 'mem2reg', llvmVersion: 22, globalMergeReport: true });
  assert.equal(none.globalMergeReport, null);
  await assert.rejects(optimize(EDGES, { globalMergeReport: 'yes' }), TypeError);
});

test('a module with nothing to merge is left as it was', { skip }, async () => {
  const text = 'define i32 @f(i32 %x) {\n  ret i32 %x\n}\n';
  const plain = await runCli(['-S'], { input: text });
  const r = await runCli(['-S', '-passes=global-merge-func'], { input: text });
  assert.equal(r.stdout, plain.stdout);
});

test('batch mode counts the functions global-merge-func merged', { skip }, async (t) => {
  const dir = tempDir(t);
  for (const f of ['profit-edges.ll', 'clang-handlers.O2.ll']) fs.copyFileSync(path.join(REPO, 'tests/fixtures/gmf22', f), path.join(dir, f));
  const r = await run(process.execPath, [path.join(REPO, 'bindings/cli.js'), '-S', '-passes=global-merge-func', '-output-dir=out', '-j', '1',
    '--report=r.json', 'profit-edges.ll', 'clang-handlers.O2.ll'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const rep = JSON.parse(fs.readFileSync(path.join(dir, 'r.json'), 'utf8'));
  const n = Object.fromEntries(rep.modules.map(m => [m.input, m.globalMerged]));
  assert.deepEqual(n, { 'profit-edges.ll': 7, 'clang-handlers.O2.ll': 10 });
  assert.equal(rep.totals.globalMerged, 17);
  assert.match(r.stderr, /\nwopt: global-merge-func: 17 functions merged\n$/);
});
