// The cross-module report (`--cross-module-report`, bindings/cross-module.js, assembly/link/xmod.ts, assembly/passes/xmod/):
// on a folder of clang outputs of one program (tests/fixtures/src/xmod: a header-only template
// library included by several units; tests/fixtures/xmod/ll19 and ll22 from its build.sh) it must
// find exactly what mergefunc finds after `llvm-link` of the folder: against opt-N (the functions
// whose name no longer has a body of its own) and against wopt's own mergefunc report on
// llvm-link's output. Then the linker's rules on hand-written modules, failing modules, the CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { REPO, REAL_WASM, haveRealCore, NO_CORE, LLVM_VERSIONS, llvmBin, optFor, runCli, tempDir } from '../helpers.js';
import { loadWopt } from '../../../bindings/node.js';
import { crossModuleReport } from '../../../bindings/cross-module.js';
import { mirroredPath } from '../../../bindings/cli/batch.js';

const linkFor = v => path.join(llvmBin(v), 'llvm-link');
const skipFor = v => (!haveRealCore && NO_CORE) || (!fs.existsSync(linkFor(v)) && `${linkFor(v)} not installed`) ||
  (!fs.existsSync(optFor(v)) && `${optFor(v)} not installed`);
const folder = v => path.join(REPO, `tests/fixtures/xmod/ll${v}`);
const llFiles = dir => fs.readdirSync(dir).filter(f => f.endsWith('.ll')).sort().map(f => path.join(dir, f));
const core = () => loadWopt({ wasmPath: REAL_WASM });
const inputsOf = files => files.map(f => ({ name: path.basename(f), bytes: new Uint8Array(fs.readFileSync(f)) }));
const sh = (cmd, args, input) => execFileSync(cmd, args, { input, maxBuffer: 1 << 28 }).toString();

// Function definitions of a module text: name -> body lines.
function definitions(text) {
  const m = new Map();
  for (const x of text.matchAll(/^define [^\n]*?@("[^"]+"|[\w.$]+)\([^\n]*\n(.*?)^}$/gms)) m.set(x[1], x[2]);
  return m;
}
// The functions mergefunc merged away, read from opt's output: gone, or now a tail call of
// another function where the body was something else.
function mergedAwayByOpt(before, after) {
  const gone = [];
  for (const [name, body] of definitions(before)) {
    const now = definitions(after).get(name);
    if (now === undefined) { gone.push(name); continue; }
    const insts = now.split('\n').filter(l => /^\s+\S/.test(l));
    if (now !== body && insts.length <= 2 && /\btail call\b/.test(insts[0] ?? '')) gone.push(name);
  }
  return gone.sort();
}
// The same from our report: members merged away, and kept bodies whose name went (private copies).
const mergedAwayByUs = report => report.classes.flatMap(c => c.members
  .filter(m => m.privateCopy || (m.merge !== 'kept' && m.merge !== 'callers')).map(m => m.linkedName)).sort();

for (const v of LLVM_VERSIONS) {
  test(`cross-module report on a folder of clang-${v} outputs = mergefunc after llvm-link (LLVM ${v})`, { skip: skipFor(v) }, async t => {
    const dir = tempDir(t);
    const files = llFiles(folder(v));
    assert.ok(files.length >= 4);
    const linked = sh(linkFor(v), ['-S', ...files]);
    const linkedFile = path.join(dir, 'linked.ll');
    fs.writeFileSync(linkedFile, linked);
    const { report, text } = crossModuleReport(await core(), inputsOf(files), { llvmVersion: v });
    assert.deepEqual(report.failures, []);
    // opt-N after llvm-link-N
    const optOut = sh(optFor(v), ['-S', '-passes=mergefunc', linkedFile]);
    const ours = mergedAwayByUs(report);
    assert.ok(ours.length >= 10, text);
    assert.deepEqual(ours, mergedAwayByOpt(linked, optOut));
    // wopt's mergefunc on llvm-link's output: the names its report says went
    const rep = path.join(dir, 'rep.json');
    const r = await runCli([`--llvm-version=${v}`, '-passes=mergefunc', `-mergefunc-report=${rep}`, '-disable-output', linkedFile], { env: { WOPT_WASM: REAL_WASM } });
    assert.equal(r.code, 0, r.stderr);
    const went = JSON.parse(fs.readFileSync(rep, 'utf8')).merged.filter(m => m.how !== 'callers').map(m => m.function);
    assert.deepEqual(ours, [...new Set(went)].sort());
    // the names of the linked module are llvm-link's (locals of later modules renamed name.N)
    const defs = definitions(linked);
    for (const c of report.classes) for (const m of c.members) assert.ok(defs.has(m.linkedName), `${m.linkedName} not in llvm-link's output`);
    assert.ok(report.classes.some(c => c.members.some(m => m.linkedName !== m.function)), 'a renamed local among the classes');
    // what the fixture program is made for: classes across units, linkonce_odr copies the linker drops
    assert.ok(report.summary.crossModuleClasses >= 5, text);
    const push = report.linker.deduplicated.find(d => d.name === '_ZN2tl3VecIlE4pushEl');
    assert.deepEqual([push?.copies, push?.modules], [3, ['a.ll', 'b.ll', 'c.ll']]);
    assert.ok(report.summary.savedInstructions > 0 && report.summary.savedBytes > 0);
  });
}

const M1 = `define i32 @dup(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}
define internal i32 @helper(i32 %x) {
  %y = mul i32 %x, 7
  %z = xor i32 %y, 5
  ret i32 %z
}
define linkonce_odr i32 @lo(i32 %x) {
  %y = sub i32 %x, 3
  ret i32 %y
}
define weak i32 @w(i32 %x) {
  ret i32 %x
}
define i32 @use1(i32 %x) {
  %a = call i32 @helper(i32 %x)
  %b = call i32 @lo(i32 %a)
  %c = call i32 @w(i32 %b)
  ret i32 %c
}
`;
const M2 = `define i32 @dup(i32 %x) {
  %y = add i32 %x, 2
  ret i32 %y
}
define internal i32 @helper(i32 %x) {
  %y = mul i32 %x, 7
  %z = xor i32 %y, 5
  ret i32 %z
}
define linkonce_odr i32 @lo(i32 %x) {
  %y = sub i32 %x, 3
  ret i32 %y
}
define i32 @w(i32 %x) {
  %y = shl i32 %x, 1
  ret i32 %y
}
define i32 @use2(i32 %x) {
  %a = call i32 @helper(i32 %x)
  %b = call i32 @lo(i32 %a)
  ret i32 %b
}
`;
const BAD_PARSE = 'define i32 @f() {\n  ret i32 %x\n}\n';
const BAD_VERIFY = 'define i32 @g() {\n  %a = add i32 %b, 1\n  %b = add i32 %a, 1\n  ret i32 %a\n}\n';
const enc = s => new TextEncoder().encode(s);

test('cross-module report: strong duplicates, locals of one name, linkonce and weak copies, failing modules', { skip: !haveRealCore && NO_CORE }, async () => {
  const inputs = [
    { name: 'm1.ll', bytes: enc(M1) }, { name: 'bad.ll', bytes: enc(BAD_PARSE) },
    { name: 'm2.ll', bytes: enc(M2) }, { name: 'broken.ll', bytes: enc(BAD_VERIFY) },
  ];
  const { report, text } = crossModuleReport(await core(), inputs, { llvmVersion: 22 });
  // the failing modules are reported with their first diagnostic; the others are analysed
  assert.deepEqual(report.failures.map(f => [f.module, f.stage]), [['bad.ll', 'parse'], ['broken.ll', 'verify']]);
  assert.equal(report.failures[0].message, "bad.ll:2:11: error: use of undefined value '%x'");
  assert.match(report.failures[1].message, /^broken\.ll: error: input module is broken: /);
  assert.equal(report.summary.linked, 2);
  // two strong definitions of @dup: a conflict, the first kept
  assert.deepEqual(report.linker.conflicts, [{ name: 'dup', function: true, kept: 'm1.ll', dropped: 'm2.ll', linkage: 'external' }]);
  // the linkonce_odr copy the linker drops, and the weak definition a strong one overrides
  assert.deepEqual(report.linker.deduplicated.map(d => [d.name, d.copies, d.modules]), [['lo', 2, ['m1.ll', 'm2.ll']]]);
  assert.deepEqual(report.linker.overridden.map(o => [o.name, o.dropped, o.kept]), [['w', 'm1.ll', 'm2.ll']]);
  // the two internal @helper: distinct functions, identical, merged; the second is renamed as
  // llvm-link names it: @w's strong definition taking the weak one's name used .1 and .2
  const helper = report.classes.find(c => c.members.some(m => m.function === 'helper'));
  assert.ok(helper, text);
  assert.deepEqual(helper.members.map(m => [m.module, m.function, m.linkedName, m.merge === 'kept']),
    [['m1.ll', 'helper', 'helper', true], ['m2.ll', 'helper', 'helper.3', false]]);
  assert.equal(helper.crossModule, true);
  assert.equal(helper.savedInstructions, 3);
  assert.match(text, /link conflict: dup is defined in m1\.ll and m2\.ll/);
  assert.match(text, /failed: bad\.ll:2:11: error: use of undefined value '%x'/);
});

test('cross-module report: the linked order and names are llvm-link\'s (LLVM 22)', { skip: skipFor(22) }, async t => {
  // without the conflict llvm-link links the two: the functions mergefunc keeps depend on their
  // order and names, so the merges must be opt's
  const dir = tempDir(t);
  const a = path.join(dir, 'a.ll'), b = path.join(dir, 'b.ll');
  fs.writeFileSync(a, M1.replace('@dup', '@dup1'));
  fs.writeFileSync(b, M2.replace('@dup', '@dup2') + 'define i32 @dup3(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n');
  const linked = sh(linkFor(22), ['-S', a, b]);
  fs.writeFileSync(path.join(dir, 'l.ll'), linked);
  const { report } = crossModuleReport(await core(), inputsOf([a, b]), { llvmVersion: 22 });
  assert.deepEqual(mergedAwayByUs(report), mergedAwayByOpt(linked, sh(optFor(22), ['-S', '-passes=mergefunc', path.join(dir, 'l.ll')])));
  assert.ok(report.classes.some(c => c.members.some(m => m.function === 'dup3')));
});

test('wopt --cross-module-report: text on stdout, JSON into a file, with and without -output-dir', { skip: !haveRealCore && NO_CORE }, async t => {
  const dir = tempDir(t);
  const x = path.join(dir, 'x'), y = path.join(dir, 'y');
  fs.mkdirSync(x); fs.mkdirSync(y);
  // the same basename in two folders: the report tells them apart by path
  fs.writeFileSync(path.join(x, 'm.ll'), M1.replace('@dup', '@dupx'));
  fs.writeFileSync(path.join(y, 'm.ll'), M2.replace('@dup', '@dupy'));
  const files = [path.join(x, 'm.ll'), path.join(y, 'm.ll')];
  const env = { WOPT_WASM: REAL_WASM };
  const r = await runCli(['--cross-module-report', ...files], { env });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^cross-module report: 2 modules/);
  assert.match(r.stdout, new RegExp(`helper \\(linked as helper\\.3\\).*\\[${files[1].replace(/[.\\/]/g, '\\$&')}\\]`));
  const json = path.join(dir, 'r.json');
  const bad = path.join(dir, 'bad.ll');
  fs.writeFileSync(bad, BAD_PARSE);
  const r2 = await runCli(['--cross-module-report=' + json, '-disable-output', ...files, bad], { env });
  assert.equal(r2.code, 1);
  assert.equal(r2.stdout, '');
  assert.equal(r2.stderr, `wopt: ${bad}:2:11: error: use of undefined value '%x'\n`);
  const rep = JSON.parse(fs.readFileSync(json, 'utf8'));
  assert.deepEqual([rep.summary.modules, rep.summary.linked, rep.summary.failures], [3, 2, 1]);
  assert.ok(rep.classes.length >= 1);
  assert.deepEqual(fs.readdirSync(dir).filter(f => f.includes('.tmp')), []);
  // with batch mode the inputs are also optimized as usual
  const out = path.join(dir, 'out');
  const r3 = await runCli(['-S', '-passes=mergefunc', `-output-dir=${out}`, '--cross-module-report=' + json, path.join(x, 'm.ll')], { env });
  assert.equal(r3.code, 0, r3.stderr);
  // batch mode mirrors the input's path (an absolute one outside the current directory in full)
  const written = mirroredPath(path.join(x, 'm.ll'), out);
  assert.ok(fs.existsSync(written), `${written} written`);
  assert.match(fs.readFileSync(written, 'utf8'), /^; ModuleID = /);
});
