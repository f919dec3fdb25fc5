// The global-merge-func bench's plumbing (bench/llvm-two-rounds.js, bench/gmf.bench.js and its
// section in bench/report-render.js), shared with the real-program suite's across-modules case:
// - counting in module texts: definitions and their instructions, .Tgm bodies and thunks, the
//   instructions identical code folding could save among the bodies;
// - `llvm-cgdata --show`'s counts; whether a wopt --help lists --across-modules / --emit-cgdata,
//   and a CLI's refusal of the option; the across-modules batch command line and its outputs;
// - the tables on fixed numbers: wopt rows "not available" while the CLI lacks --across-modules;
// - with LLVM 22 installed: LLVM's two rounds on tests/fixtures/cgdata/m{1,2,3}.c give the
//   checked-in merged.cgdata and merged.show.txt, name the modules as given, and fail with the
//   stage and the input.
// No process is timed here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { REPO, llvmBin, tempDir } from '../helpers.js';
import {
  functionBodies, countInstructions, countMerges, foldableInstructions, parseCgdataShow, helpListsAcross, rejectsOption,
  woptAcrossArgs, runTwoRounds,
} from '../../../bench/llvm-two-rounds.js';
import { acrossMarkdown, oneMarkdown, parseArgs } from '../../../bench/gmf.bench.js';
import { reportMarkdown } from '../../../bench/report-render.js';

const FIX = path.join(REPO, 'tests/fixtures/cgdata');
const BIN = llvmBin(22);
const missing = ['clang', 'opt', 'llc', 'llvm-cgdata'].filter((t) => !fs.existsSync(path.join(BIN, t)));
const skipLLVM = missing.length > 0 && `${missing.map((t) => path.join(BIN, t)).join(', ')} not installed`;

// Two modules as global-merge-func leaves them: each has merged bodies and thunks calling them.
const MOD_A = `define internal i32 @f.Tgm(i32 %0, ptr %1) #0 {
  %3 = load i32, ptr %1, align 4
  %4 = add i32 %3, %0
  switch i32 %4, label %6 [
    i32 0, label %5
  ]

5:
  ret i32 1

6:                                                ; preds = %2
  ret i32 %4
}

define i32 @f(i32 %0) #1 {
  %2 = tail call i32 @f.Tgm(i32 %0, ptr @g1)
  ret i32 %2
}

define internal i32 @"h.x.Tgm"(i32 %0) #0 {
  %2 = mul i32 %0, 3
  ret i32 %2
}

define i32 @h.x(i32 %0) {
  %2 = tail call i32 @"h.x.Tgm"(i32 %0)
  ret i32 %2
}

define i32 @plain(i32 %0) {
  ret i32 %0
}
`;
// f's body again (other attribute groups, a debug record), and a body not equal to any.
const MOD_B = `define internal i32 @k.Tgm(i32 %0, ptr %1) #3 {
  %3 = load i32, ptr %1, align 4
    #dbg_value(i32 %3, !12, !DIExpression(), !14)
  %4 = add i32 %3, %0
  switch i32 %4, label %6 [
    i32 0, label %5
  ]

5:
  ret i32 1

6:                                                ; preds = %2
  ret i32 %4
}

define i32 @k(i32 %0) {
  %2 = tail call i32 @k.Tgm(i32 %0, ptr @g2)
  ret i32 %2
}

define internal i32 @m.Tgm(i32 %0) {
  %2 = sub i32 %0, 3
  ret i32 %2
}
`;

test('definitions, instructions, merged bodies and thunks counted in a module text', () => {
  const fns = functionBodies(MOD_A);
  assert.deepEqual(fns.map((f) => [f.name, f.instructions]), [['f.Tgm', 5], ['f', 2], ['"h.x.Tgm"', 2], ['h.x', 2], ['plain', 1]]);
  assert.equal(countInstructions(MOD_A), 12);
  assert.deepEqual(countMerges(MOD_A), { merged: 2, thunks: 2, instructions: 12 });
  assert.deepEqual(countMerges('declare void @x()\n'), { merged: 0, thunks: 0, instructions: 0 });
});

test('foldable instructions: equal bodies across modules fold, (copies - 1) x instructions', () => {
  // f.Tgm and k.Tgm are equal but for names, attribute groups and a debug record: 5 saved
  assert.deepEqual(foldableInstructions([MOD_A, MOD_B]), { bodies: 4, distinct: 3, instructions: 5 });
  assert.deepEqual(foldableInstructions([MOD_A]), { bodies: 2, distinct: 2, instructions: 0 });
  assert.deepEqual(foldableInstructions([MOD_A, MOD_A, MOD_A]).instructions, 2 * (5 + 2));
});

test("llvm-cgdata --show's counts", () => {
  assert.deepEqual(parseCgdataShow(fs.readFileSync(path.join(FIX, 'merged.show.txt'), 'utf8')), { uniqueHashes: 2, functions: 9, mergeable: 9 });
  assert.deepEqual(parseCgdataShow(''), { uniqueHashes: null, functions: null, mergeable: null });
});

test('--across-modules and --emit-cgdata in a --help text, and a CLI refusing the option', () => {
  const without = '  --output-dir=<directory>   - Batch mode\n  -j <n>, --jobs=<n>   - Batch mode: modules at once\n  --cross-module-report=<file.json>  - Report\n';
  assert.deepEqual(helpListsAcross(without), { acrossModules: false, emitCgdata: false, jobs: true });
  const withIt = `${without}  --across-modules    - global-merge-func across all the inputs\n  --emit-cgdata=<file>   - write the merged codegen data\n`;
  assert.deepEqual(helpListsAcross(withIt), { acrossModules: true, emitCgdata: true, jobs: true });
  assert.ok(rejectsOption('wopt: Unknown command line argument \'--across-modules\'.'));
  assert.ok(rejectsOption('error: unknown option --across-modules'));
  assert.ok(!rejectsOption('wopt --across-modules: m1.ll: expected type'));
});

test('the across-modules batch command line and where its outputs go', () => {
  const a = woptAcrossArgs(['lib/a.ll', 'b.bc'], { outDir: '/tmp/out', jobs: 2, cgdata: '/tmp/x.cgdata', cwd: '/w' });
  assert.deepEqual(a.argv, ['--llvm-version=22', '-S', '-passes=global-merge-func', '--across-modules', '--emit-cgdata=/tmp/x.cgdata', '-output-dir=/tmp/out', '-j=2', '--quiet', 'lib/a.ll', 'b.bc']);
  assert.deepEqual(a.outputs, ['/tmp/out/lib/a.ll', '/tmp/out/b.ll']);
  assert.ok(!woptAcrossArgs(['a.ll'], { outDir: 'o' }).argv.some((x) => x.startsWith('--emit-cgdata') || x.startsWith('-j')));
});

// A fixed report of the gmf part: one module rows, and across rows while the CLI lacks the option.
const NA = 'not available: wopt --help does not list --across-modules';
const gmf = {
  meta: { runs: 3, llvmJobs: 2, llvm: { optVersion: '22.1.8' } },
  one: { results: [
    { program: 'zstd', input: 'zstd compress/zstd_lazy.c -O2', bytes: 2.2e6, opt: { median: 0.14, rssKBMedian: 70e3, merged: 22, foldable: 3717 },
      wopt: { median: 0.2, rssKBMedian: 66e3, merged: 22, foldable: 3717 }, ratio: 0.7, diff: { status: 'identical' } },
    { program: 'sqlite', input: 'SQLite amalgamation -O2', skipped: 'sqlite: source not found', opt: {}, wopt: {} },
  ] },
  across: { support: { acrossModules: false, reason: NA }, results: [
    { program: 'zstd', what: "zstd's 40 files", modules: 40, bytes: 10.6e6, way: 'llvm', label: "LLVM's two rounds (opt, llc 2 at a time)", median: 6.85,
      merged: 73, thunks: 73, foldable: 4177, stageMedians: { round1: 0.77, llc: 5.29, merge: 0.02, round2: 0.78 }, cgdataCounts: { uniqueHashes: 30, functions: 73, mergeable: 73 } },
    { program: 'zstd', what: "zstd's 40 files", modules: 40, bytes: 10.6e6, way: 'j1', label: 'wopt --across-modules -j 1', unavailable: NA },
    { program: 'zstd', what: "zstd's 40 files", modules: 40, bytes: 10.6e6, way: 'j2', label: 'wopt --across-modules -j 2', median: 3.4, ratio: 2.01,
      merged: 73, thunks: 73, foldable: 4177, compared: { identical: 39, differs: 1 }, cgdata: { status: 'same --show', detail: '1 byte' },
      firstDiffs: { differs: { file: 'common/x.ll', status: 'differs', firstDiff: { line: 9, opt: 'a', wopt: 'b' }, detail: 'in function f' } } },
  ] },
};

test('the gmf tables: merges, stages, "not available" rows, output notes', () => {
  const one = oneMarkdown(gmf.one).join('\n');
  assert.match(one, /\| zstd compress\/zstd_lazy\.c -O2 \| 2\.2 \| 0\.140 s \| 68 MB \| 0\.200 s \| 64 MB \| 0\.70× \| 22 \/ 22 \| 3717 \/ 3717 \| identical \|/);
  assert.match(one, /not run: sqlite: source not found/);
  const across = acrossMarkdown(gmf.across).join('\n');
  assert.match(across, /LLVM's two rounds \(opt, llc 2 at a time\) \| 6\.850 s \| 1\.00× \| 73 \| 73 \| 4177 \| \(reference\)/);
  assert.match(across, /wopt --across-modules -j 1 \| not available: wopt --help does not list --across-modules \|/);
  assert.match(across, /wopt --across-modules -j 2 \| 3\.400 s \| 2\.01× \| 73 \| 73 \| 4177 \| 39 identical, 1 differs \| same --show \|/);
  assert.match(across, /round 1 0\.770 s, llc 5\.290 s, llvm-cgdata --merge 0\.020 s, round 2 0\.780 s; `llvm-cgdata --show`: 30 unique hashes, 73 functions, 73 mergeable/);
  assert.match(across, /zstd's 40 files, wopt --across-modules -j 2, common\/x\.ll/);
  assert.match(acrossMarkdown({ error: 'no llc-22' }).join('\n'), /Not run: no llc-22/);
});

test('the full report has a global merge functions section when the part ran', () => {
  const md = reportMarkdown({ meta: { date: '2026-01-01', runs: 1 }, gmf });
  assert.match(md, /## Global merge functions\n\n### One module/);
  assert.match(md, /### Across modules/);
  assert.match(md, /not available: wopt --help does not list --across-modules/);
  assert.doesNotMatch(reportMarkdown({ meta: { date: '2026-01-01', runs: 1 } }), /Global merge functions/);
  assert.match(reportMarkdown({ meta: { date: '2026-01-01', runs: 1 }, gmf: { error: "needs LLVM 22 (global-merge-func is LLVM 22's)" } }), /## Global merge functions\n\nNot run: needs LLVM 22/);
});

test('gmf bench options', () => {
  const o = parseArgs(['--program', 'zstd', '--parts', 'across', '--runs', '2', '--wopt', 'node x.js']);
  assert.deepEqual([o.programs, o.parts, o.runs, o.wopt], [['zstd'], ['across'], 2, ['node', 'x.js']]);
  assert.throws(() => parseArgs(['--programs', 'catch2']), /no 'catch2'/);
});

test("LLVM's two rounds on the cgdata fixtures: the checked-in .cgdata, modules named as given", { skip: skipLLVM }, async (t) => {
  const dir = tempDir(t);
  for (const m of ['m1', 'm2', 'm3']) execFileSync(path.join(BIN, 'clang'), ['-O2', '-S', '-emit-llvm', path.join(FIX, `${m}.c`), '-o', path.join(dir, `${m}.ll`)]);
  const lines = [];
  const r = await runTwoRounds(['m1.ll', 'm2.ll', 'm3.ll'], { workDir: path.join(dir, 'work'), cwd: dir, jobs: 2, log: (l) => lines.push(l) });
  // the checked-in file was made by hand from the same sources (tests/fixtures/cgdata/README.md)
  assert.ok(fs.readFileSync(r.cgdata).equals(fs.readFileSync(path.join(FIX, 'merged.cgdata'))), 'merged.cgdata as checked in');
  assert.equal(r.show, fs.readFileSync(path.join(FIX, 'merged.show.txt'), 'utf8'));
  assert.deepEqual(r.cgdataCounts, { uniqueHashes: 2, functions: 9, mergeable: 9 });
  assert.deepEqual(r.outputs.map((o) => [o.input, path.basename(o.output)]), [['m1.ll', 'm1.ll'], ['m2.ll', 'm2.ll'], ['m3.ll', 'm3.ll']]);
  const texts = r.outputs.map((o) => fs.readFileSync(o.output, 'utf8'));
  assert.equal(r.counts.merged, texts.reduce((s, x) => s + countMerges(x).merged, 0));
  assert.ok(r.counts.merged > 0 && r.counts.thunks === r.counts.merged);
  for (const k of ['round1', 'llc', 'merge', 'round2', 'show', 'total']) assert.equal(typeof r.stages[k], 'number', k);
  assert.equal(lines.length, 4);
  // the map names each module by the path opt was given
  const yaml = execFileSync(path.join(BIN, 'llvm-cgdata'), ['--convert', r.cgdata], { encoding: 'utf8' });
  assert.deepEqual([...new Set([...yaml.matchAll(/ModuleName:\s+'?([^'\n]+)/g)].map((m) => m[1]))].sort(), ['m1.ll', 'm2.ll', 'm3.ll']);
  assert.ok(!fs.existsSync(path.join(dir, 'work', 'r1')), 'round 1 removed');
});

test("LLVM's two rounds: failures name the stage, the input and the command", { skip: skipLLVM }, async (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'bad.ll'), 'define i32 @f( {\n');
  fs.writeFileSync(path.join(dir, 'ok.ll'), 'define i32 @g() {\n  ret i32 0\n}\n');
  await assert.rejects(runTwoRounds(['ok.ll', 'bad.ll'], { workDir: path.join(dir, 'w'), cwd: dir }), (e) => {
    assert.match(e.message, /round 1 of bad\.ll: opt exited with 1/);
    assert.match(e.message, /command: .*opt -passes=global-merge-func -codegen-data-generate bad\.ll -o /);
    return true;
  });
  await assert.rejects(runTwoRounds(['nothing.ll'], { workDir: path.join(dir, 'w'), cwd: dir }), /input nothing\.ll not found/);
  await assert.rejects(runTwoRounds([], { workDir: path.join(dir, 'w') }), /no input modules/);
  await assert.rejects(runTwoRounds(['ok.ll'], { workDir: path.join(dir, 'w'), cwd: dir, pipeline: 'no-such-pass' }), /round 1 of ok\.ll/);
});
