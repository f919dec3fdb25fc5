// Program repository, core side (issue 6): digests, the seed's graph formulas, pruning end to end
// through the driver with an in-memory repository, metadata round trips and opt-N reading the
// plain form (for each LLVM version N, made with llvmVersion N). Digests are read back from the printed !RepoDefinition nodes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO, haveRealCore, NO_CORE, LLVM_VERSIONS, optFor, skipDiff } from '../helpers.js';

const skip = haveRealCore ? false : NO_CORE;
const fixture = name => fs.readFileSync(path.join(REPO, 'tests/fixtures/repo', name), 'utf8');
const { loadWopt } = await import('../../../bindings/node.js');
const { runModule, runModuleWithRepository } = await import('../../../bindings/driver.js');
const { openRepository } = await import('../../../bindings/repo/store.js');
const { decodeUtf8 } = await import('../../../bindings/core.js');
let core = null;
const getCore = async () => (core ??= await loadWopt());

function unescapeLL(s) {
  const out = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) { out.push(parseInt(s.slice(i + 1, i + 3), 16)); i += 2; }
    else out.push(s.charCodeAt(i));
  }
  return Buffer.from(out).toString('hex');
}
// name -> { digest, pruned, linkage } from the printed tickets (either form)
function tickets(text) {
  const map = new Map();
  for (const m of text.matchAll(/!RepoDefinition\(name: "([^"]*)", digest: \[16 x i8\] c"((?:[^"\\]|\\[0-9A-F]{2})*)", linkage: (\w+), visibility: (\w+), pruned: (true|false)\)/g))
    map.set(m[1], { digest: unescapeLL(m[2]), linkage: m[3], visibility: m[4], pruned: m[5] === 'true' });
  for (const m of text.matchAll(/!\{!"RepoDefinition", !"([^"]*)", \[16 x i8\] c"((?:[^"\\]|\\[0-9A-F]{2})*)", !"(\w+)", !"(\w+)", i1 (true|false)\}/g))
    map.set(m[1], { digest: unescapeLL(m[2]), linkage: m[3], visibility: m[4], pruned: m[5] === 'true' });
  return map;
}
async function run(text, passes = 'repo-metadata', options = {}, llvmVersion = undefined) {
  const r = runModule(await getCore(), text, { passes, options, moduleId: 'm.ll', llvmVersion });
  assert.ok(r.ok, `${passes}: ${r.error?.message}`);
  return decodeUtf8(r.output);
}
async function digests(text, passes = 'repo-metadata') {
  const m = tickets(await run(text, passes));
  return Object.fromEntries([...m].map(([k, v]) => [k, v.digest]));
}

test('seed example 1: Hf(f) = Hi(f), Hf(g) = Hi(g) + Hi(f)', { skip }, async () => {
  const base = fixture('ex1.ll');
  const d0 = await digests(base);
  assert.equal(Object.keys(d0).length, 2);
  assert.notEqual(d0.f, d0.g);
  const gChanged = await digests(base.replace('add nsw i32 %call, 1', 'add nsw i32 %call, 5'));
  assert.equal(gChanged.f, d0.f, 'changing g does not touch f');
  assert.notEqual(gChanged.g, d0.g);
  const fChanged = await digests(base.replace('ret i32 2', 'ret i32 7'));
  assert.notEqual(fChanged.f, d0.f);
  assert.notEqual(fChanged.g, d0.g, 'g depends on f');
});

test('seed example 2: Str and sayHello contribute to each other', { skip }, async () => {
  const base = fixture('ex2.ll');
  const d0 = await digests(base);
  assert.deepEqual(Object.keys(d0).sort(), ['.str', 'Str', 'sayHello']);
  const strChanged = await digests(base.replace('@Str = internal global ptr @.str, align 8', '@Str = internal global ptr @.str, align 16'));
  assert.notEqual(strChanged.Str, d0.Str);
  assert.notEqual(strChanged.sayHello, d0.sayHello, 'a change to Str changes sayHello');
  assert.equal(strChanged['.str'], d0['.str']);
  const fnChanged = await digests(base.replace('call i32 (ptr, ...) @printf(ptr %0)', 'call i32 (ptr, ...) @printf(ptr %0, i32 1)'));
  assert.notEqual(fnChanged.sayHello, d0.sayHello);
  assert.notEqual(fnChanged.Str, d0.Str, 'a change to sayHello changes Str');
  assert.equal(fnChanged['.str'], d0['.str'], 'the string Str points to depends on nothing here');
});

test('seed example 3: Hf(G) = Hi(G)+Hi(test), Hf(setTo) = Hi(setTo), Hf(test) = Hi(test)+Hi(G)+Hi(setTo)', { skip }, async () => {
  const base = fixture('ex3.ll');
  const d0 = await digests(base);
  const setToChanged = await digests(base.replace('add nsw i32 %0, %V', 'sub nsw i32 %0, %V'));
  assert.notEqual(setToChanged.setTo, d0.setTo);
  assert.notEqual(setToChanged.test, d0.test, 'test depends on setTo');
  assert.equal(setToChanged.G, d0.G, 'Hf(G) does not include Hi(setTo)');
  const testChanged = await digests(base.replace('ret i32 %0', '%r = add i32 %0, 1\n  ret i32 %r'));
  assert.notEqual(testChanged.test, d0.test);
  assert.notEqual(testChanged.G, d0.G, 'test contributes to G');
  assert.equal(testChanged.setTo, d0.setTo, 'setTo depends on nothing');
  const gChanged = await digests(base.replace('@G = internal global i32 0', '@G = internal global i32 1'));
  assert.notEqual(gChanged.G, d0.G);
  assert.notEqual(gChanged.test, d0.test, 'G contributes to test');
  assert.equal(gChanged.setTo, d0.setTo);
});

test('ex3 end to end: empty repository prunes nothing, the second run prunes all, a changed test keeps only setTo pruned', { skip }, async () => {
  const c = await getCore();
  const repo = await openRepository(':memory:');
  const passes = 'repo-metadata,repo-prune';
  const base = fixture('ex3.ll');
  const r1 = await runModuleWithRepository(c, base, { passes, repo, moduleId: 'ex3.ll' });
  assert.ok(r1.ok, r1.error?.message);
  assert.equal(r1.repo.pruned, 0);
  assert.equal(r1.repo.stored, 3);
  const out1 = decodeUtf8(r1.output);
  assert.ok([...tickets(out1).values()].every(t => !t.pruned));
  const r2 = await runModuleWithRepository(c, base, { passes, repo, moduleId: 'ex3.ll' });
  assert.ok(r2.ok, r2.error?.message);
  assert.equal(r2.repo.pruned, 3);
  const out2 = decodeUtf8(r2.output);
  assert.ok(!/define /.test(out2), 'no bodies left');
  assert.match(out2, /@G = external global i32, align 4, !repo_ticket/);
  const t2 = tickets(out2);
  assert.ok([...t2.values()].every(t => t.pruned));
  assert.equal(t2.get('G').linkage, 'internal', 'the ticket keeps the original linkage');
  for (const [k, v] of tickets(out1)) assert.equal(t2.get(k).digest, v.digest);
  // the ticket is valid IR (the verifier ran on the output) and reads back unchanged
  const again = await run(out2, '');
  assert.equal(again.split('\n').slice(1).join('\n'), out2.split('\n').slice(1).join('\n'));
  const changed = base.replace('ret i32 %0', '%r = add i32 %0, 1\n  ret i32 %r');
  const r3 = await runModuleWithRepository(c, changed, { passes, repo, moduleId: 'ex3.ll' });
  assert.ok(r3.ok, r3.error?.message);
  assert.equal(r3.repo.pruned, 1);
  const t3 = tickets(decodeUtf8(r3.output));
  assert.deepEqual([...t3].filter(([, t]) => t.pruned).map(([n]) => n), ['setTo']);
  await repo.close();
});

// Stable digests: everything the first run stores is stored under the key of its ticket (the
// digest the ticket shows, computed on the input before mem2reg/mergefunc rewrote or replaced the
// definition, and its name), so an identical second run prunes every definition. mergefunc's
// thunks are new functions that take the old name without the ticket attachment; they must still
// be stored under the old ticket. The keys are the core's (repoTickets lists a module's tickets
// with them).
async function assertSecondRunPrunesAll(c, text, id) {
  const passes = 'repo-metadata,repo-prune,mem2reg,mergefunc';
  const repo = await openRepository(':memory:');
  const stored = new Map();
  const put = repo.putModule.bind(repo);
  repo.putModule = async entries => { for (const e of entries) stored.set(e.name, e.digest); return put(entries); };
  const r1 = await runModuleWithRepository(c, text, { passes, repo, moduleId: id });
  assert.ok(r1.ok, `${id}: ${r1.error?.message}`);
  const out1 = decodeUtf8(r1.output);
  const t1 = tickets(out1);
  assert.ok(t1.size > 0, `${id}: tickets`);
  for (const name of t1.keys()) assert.ok(stored.has(name), `${id}: ${name} stored`);
  const r2 = await runModuleWithRepository(c, text, { passes, repo, moduleId: id });
  assert.ok(r2.ok, `${id}: ${r2.error?.message}`);
  const out2 = decodeUtf8(r2.output);
  const t2 = tickets(out2);
  assert.equal(r2.repo.pruned, t1.size, `${id}: the second run prunes every definition`);
  for (const [name, t] of t1) {
    assert.equal(t2.get(name)?.digest, t.digest, `${id}: ${name} same digest in both runs`);
    assert.ok(t2.get(name).pruned, `${id}: ${name} pruned`);
  }
  assert.ok(c.parse(out2).ok);
  const keys = c.repoTickets();
  assert.equal(keys.length, t1.size);
  assert.ok(keys.every(k => k.pruned));
  for (const k of keys) {
    assert.equal(k.digest, t1.get(k.name).digest, `${id}: ${k.name} digest`);
    assert.equal(stored.get(k.name), k.key, `${id}: ${k.name} stored under its ticket's key`);
  }
  await repo.close();
  return out1;
}
test('a second identical run prunes every definition the first stored (seed examples, generated module with mergefunc thunks)', { skip }, async () => {
  const c = await getCore();
  for (const f of ['ex1.ll', 'ex2.ll', 'ex3.ll']) await assertSecondRunPrunesAll(c, fixture(f), f);
  const { generate } = await import('../../../bench/gen.js');
  for (const seed of [1, 2]) {
    const out1 = await assertSecondRunPrunesAll(c, generate({ size: 300_000, seed }), `gen seed ${seed}`);
    // the case that used to break: mergefunc turned definitions into thunks without their ticket
    const thunks = [...out1.matchAll(/^define [^\n]*@(\w+)\([^\n]*\{\n  %\d+ = tail call [^\n]*\n  ret [^\n]*\n\}/gm)];
    assert.ok(thunks.length > 0, 'the generated module has mergefunc thunks');
  }
});

test('an erased definition is not reused once the function it was merged into changed', { skip }, async () => {
  const c = await getCore();
  const passes = 'repo-metadata,repo-prune,mem2reg,mergefunc';
  const fn = (name, k, linkage = '') => `define ${linkage}i32 @${name}(i32 %x) {\n  %a = mul i32 %x, ${k}\n  %b = add i32 %a, 3\n  %c = xor i32 %b, %x\n  ret i32 %c\n}\n`;
  const user = 'define i32 @user(i32 %x) {\n  %p = call i32 @F(i32 %x)\n  %q = call i32 @G(i32 %p)\n  ret i32 %q\n}\n';
  const repo = await openRepository(':memory:');
  const r1 = await runModuleWithRepository(c, fn('F', 7) + fn('G', 7, 'linkonce_odr ') + user, { passes, repo, moduleId: 'm.ll' });
  assert.ok(r1.ok, r1.error?.message);
  const out1 = decodeUtf8(r1.output);
  assert.ok(!/@G\(/.test(out1.split('!repo.tickets')[0]), 'mergefunc erased G (its callers call F)');
  // F changes, G does not: G's digest is the same, but "G merged into F" no longer holds
  const m2 = fn('F', 9) + fn('G', 7, 'linkonce_odr ') + user;
  const r2 = await runModuleWithRepository(c, m2, { passes, repo, moduleId: 'm.ll' });
  assert.ok(r2.ok, r2.error?.message);
  const out2 = decodeUtf8(r2.output);
  const t1 = tickets(out1), t2 = tickets(out2);
  assert.equal(t2.get('G').digest, t1.get('G').digest, 'G itself did not change');
  assert.equal(t2.get('G').pruned, false, 'G is not pruned');
  assert.match(out2, /define linkonce_odr i32 @G\(i32 %x\)[^{]*\{\n  %a = mul i32 %x, 7/, 'G keeps its own body');
  // the identical run after that prunes F and user; G's digest keeps its first entry (stores
  // never replace an entry), which stays stale, so G is still optimised and printed, correctly
  const r3 = await runModuleWithRepository(c, m2, { passes, repo, moduleId: 'm.ll' });
  assert.ok(r3.ok, r3.error?.message);
  const t3 = tickets(decodeUtf8(r3.output));
  assert.deepEqual([...t3].filter(([, t]) => t.pruned).map(([n]) => n).sort(), ['F', 'user']);
  assert.match(decodeUtf8(r3.output), /define linkonce_odr i32 @G\(i32 %x\)[^{]*\{\n  %a = mul i32 %x, 7/);
  await repo.close();
});

test('repo-prune without a repository is an error', { skip }, async () => {
  const r = runModule(await getCore(), fixture('ex3.ll'), { passes: 'repo-metadata,repo-prune' });
  assert.equal(r.ok, false);
  assert.match(r.error.message, /needs a program repository/);
});

test('tickets round-trip through wopt; re-running repo-metadata on its output keeps the digests', { skip }, async () => {
  for (const f of ['ex1.ll', 'ex2.ll', 'ex3.ll']) {
    const out = await run(fixture(f));
    assert.equal(await run(out, ''), out);
    assert.deepEqual(tickets(await run(out)), tickets(out));
    const plain = await run(fixture(f), 'repo-metadata', { 'repo-plain-metadata': true });
    assert.equal(await run(plain, ''), plain);
    assert.deepEqual(tickets(plain), tickets(out), 'same data in both forms');
  }
});

for (const v of LLVM_VERSIONS) test(`opt-${v} reads the plain form (llvmVersion ${v})`, { skip: skipDiff(v) }, async () => {
  const plain = await run(fixture('ex3.ll'), 'repo-metadata', { 'repo-plain-metadata': true }, v);
  const r = spawnSync(optFor(v), ['-S', '-', '-o', '-'], { input: plain, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(tickets(r.stdout), tickets(plain));
});

// ---- digest properties ----
const BASE = `target triple = "x86_64-pc-linux-gnu"
target datalayout = "e-m:e-i64:64-n8:16:32:64-S128"

@v = global i32 7, align 4

define i32 @f(i32 %a, ptr %p) {
entry:
  %c = icmp slt i32 %a, 10
  br i1 %c, label %then, label %else

then:
  %x = add nsw i32 %a, 1
  store i32 %x, ptr %p, align 4
  br label %done

else:
  %y = load i32, ptr %p, align 4, !range !0
  br label %done

done:
  %r = phi i32 [ %x, %then ], [ %y, %else ]
  ret i32 %r
}

!0 = !{i32 0, i32 100}
`;
const FN_MUTATIONS = [
  ['argument type', ['i32 %a, ptr %p)', 'i64 %a, ptr %p)'], ['icmp slt i32 %a, 10', 'icmp slt i64 %a, 10'], ['add nsw i32 %a, 1', 'add nsw i32 1, 1']],
  ['return attribute', ['define i32 @f', 'define noundef i32 @f']],
  ['parameter attribute', ['ptr %p)', 'ptr nonnull %p)']],
  ['function attribute', ['ptr %p) {', 'ptr %p) nounwind {']],
  ['varargs', ['ptr %p) {', 'ptr %p, ...) {']],
  ['calling convention', ['define i32 @f', 'define fastcc i32 @f']],
  ['linkage', ['define i32 @f', 'define internal i32 @f']],
  ['visibility', ['define i32 @f', 'define hidden i32 @f']],
  ['section', ['ptr %p) {', 'ptr %p) section "s" {']],
  ['alignment', ['ptr %p) {', 'ptr %p) align 16 {']],
  ['opcode', ['add nsw i32 %a, 1', 'sub nsw i32 %a, 1']],
  ['flag', ['add nsw i32 %a, 1', 'add nuw nsw i32 %a, 1']],
  ['operand value', ['add nsw i32 %a, 1', 'add nsw i32 %a, 2']],
  ['operand order', ['add nsw i32 %a, 1', 'add nsw i32 1, %a']],
  ['predicate', ['icmp slt', 'icmp sle']],
  ['load alignment', ['load i32, ptr %p, align 4', 'load i32, ptr %p, align 8']],
  ['volatile', ['store i32 %x', 'store volatile i32 %x']],
  ['instruction metadata', ['!{i32 0, i32 100}', '!{i32 0, i32 101}']],
  ['successor order', ['label %then, label %else', 'label %else, label %then']],
  ['phi incoming', ['[ %x, %then ], [ %y, %else ]', '[ %y, %else ], [ %x, %then ]']],
  ['referenced global', ['store i32 %x, ptr %p', 'store i32 %x, ptr @v']],
  ['target triple', ['x86_64-pc-linux-gnu', 'aarch64-unknown-linux-gnu']],
  ['data layout', ['n8:16:32:64-S128', 'n8:16:32:64-S64']],
];
const VAR_MUTATIONS = [
  ['type', ['@v = global i32 7, align 4', '@v = global i64 7, align 4']],
  ['constant', ['@v = global', '@v = constant']],
  ['thread local', ['@v = global', '@v = thread_local global']],
  ['alignment', ['i32 7, align 4', 'i32 7, align 8']],
  ['unnamed_addr', ['@v = global', '@v = unnamed_addr global']],
  ['initializer', ['i32 7, align 4', 'i32 8, align 4']],
  ['linkage', ['@v = global', '@v = internal global']],
  ['attributes', ['i32 7, align 4', 'i32 7, align 4 #0'], ['!0 = !{i32 0, i32 100}', '!0 = !{i32 0, i32 100}\nattributes #0 = { "bss-section"="b" }']],
];
const INVARIANTS = [
  ['own name', ['@f(', '@g(']],
  ['value names', [/%x\b/g, '%sum'], [/%y\b/g, '%other'], [/%a\b/g, '%arg']],
  ['block names', ['then:', 'yes:'], [/%then\b/g, '%yes']],
  ['ignored named metadata', ['!0 = !{i32 0, i32 100}', '!0 = !{i32 0, i32 100}\n!llvm.ident = !{!1}\n!1 = !{!"some compiler"}']],
  ['block order without CFG change', ['then:\n  %x = add nsw i32 %a, 1\n  store i32 %x, ptr %p, align 4\n  br label %done\n\nelse:\n  %y = load i32, ptr %p, align 4, !range !0\n  br label %done\n',
    'else:\n  %y = load i32, ptr %p, align 4, !range !0\n  br label %done\n\nthen:\n  %x = add nsw i32 %a, 1\n  store i32 %x, ptr %p, align 4\n  br label %done\n']],
  ['unreachable block', ['done:\n', 'dead:\n  store i32 5, ptr %p, align 4\n  unreachable\n\ndone:\n']],
];
const apply = (text, edits) => edits.reduce((t, [a, b]) => {
  assert.ok(typeof a === 'string' ? t.includes(a) : a.test(t), `mutation text '${a}' not found`);
  if (typeof a !== 'string') a.lastIndex = 0;
  return t.replace(a, b);
}, text);

test('digest properties: every hashed property changes the initial digest', { skip }, async () => {
  // the function alone (no graph edges): repo-metadata on modules where @f references no definition
  const base = BASE.replace('@v = global i32 7, align 4', '@v = external global i32');
  const d0 = await digests(base);
  for (const [what, ...edits] of FN_MUTATIONS) {
    const d = await digests(apply(base, edits));
    const name = Object.keys(d).find(k => k !== 'v');
    assert.notEqual(d[name], d0.f, `function: ${what}`);
  }
  const vbase = BASE.replace(/define[^]*\n}\n/, '');
  const v0 = await digests(vbase);
  for (const [what, ...edits] of VAR_MUTATIONS) {
    const d = await digests(apply(vbase, edits));
    assert.notEqual(d.v, v0.v, `variable: ${what}`);
  }
});

test('digest properties: names, value names, ignored metadata, block order and unreachable blocks do not', { skip }, async () => {
  const base = BASE.replace('@v = global i32 7, align 4', '@v = external global i32');
  const d0 = await digests(base);
  for (const [what, ...edits] of INVARIANTS) {
    const d = await digests(apply(base, edits));
    const name = Object.keys(d)[0];
    assert.equal(d[name], d0.f, `unchanged by ${what}`);
  }
});

test('digest properties: a cycle of N functions differs from a cycle of N+1', { skip }, async () => {
  const ring = n => {
    let t = 'target triple = "x86_64-pc-linux-gnu"\n';
    for (let i = 0; i < n; i++) t += `\ndefine void @f${i}() {\n  call void @f${(i + 1) % n}()\n  ret void\n}\n`;
    return t;
  };
  const seen = new Set();
  for (let n = 1; n <= 5; n++) {
    const d = await digests(ring(n));
    assert.equal(Object.keys(d).length, n);
    assert.ok(!seen.has(d.f0), `ring of ${n}`);
    seen.add(d.f0);
    for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) assert.notEqual(d[`f${i}`], d[`f${j}`]);
  }
  // the back-reference is part of the digest: f0 -> f1 -> f0 differs from f0 -> f1 -> f0' where
  // f0' is a non-recursive copy that only shares f0's name position
  const a = await digests('define void @f0() {\n  call void @f1()\n  ret void\n}\ndefine void @f1() {\n  call void @f0()\n  ret void\n}\n');
  const b = await digests('define void @f0() {\n  call void @f1()\n  ret void\n}\ndefine void @f1() {\n  call void @f0()\n  ret void\n}\ndefine void @f2() {\n  ret void\n}\n');
  assert.equal(a.f0, b.f0, 'an unrelated definition does not change the cycle');
});

// ---- wopt repo link ----
const { linkModule } = await import('../../../bindings/repo/link.js');
// Every fixture and clang module (both LLVM versions where the version reads it): link(the second
// run's output) is the first run's output, byte for byte.
const LINK_DIRS = ['repo', '.', 'll', 'll22'];
const linkFixtures = () => LINK_DIRS.flatMap(d => fs.readdirSync(path.join(REPO, 'tests/fixtures', d)).filter(f => f.endsWith('.ll')).map(f => path.join(d, f)));
async function firstSecond(c, text, id, llvmVersion, passes = 'repo-metadata,repo-prune,mem2reg,mergefunc', options = {}) {
  const repo = await openRepository(':memory:');
  const r1 = await runModuleWithRepository(c, text, { passes, options, repo, moduleId: id, llvmVersion });
  if (!r1.ok) { await repo.close(); return null; }
  const r2 = await runModuleWithRepository(c, text, { passes, options, repo, moduleId: id, llvmVersion });
  assert.ok(r2.ok, `${id}: ${r2.error?.message}`);
  return { repo, first: decodeUtf8(r1.output), second: decodeUtf8(r2.output), pruned: r2.repo.pruned };
}
test('repo link gives back exactly the module the full run printed (every fixture and clang module, LLVM 19 and 22)', { skip }, async () => {
  const c = await getCore();
  let linked = 0;
  const debugInfo = [], merged = [];
  for (const f of linkFixtures()) {
    const text = fs.readFileSync(path.join(REPO, 'tests/fixtures', f), 'utf8');
    for (const v of LLVM_VERSIONS) {
      const r = await firstSecond(c, text, f, v);
      if (!r) continue;   // a module this LLVM version does not read
      assert.ok(r.pruned > 0, `${f} (${v}): something pruned`);
      // (a definition an alias or ifunc points at stays: as a declaration it would not verify)
      if (!/^@[^\n]* (alias|ifunc) /m.test(text)) assert.ok(!/pruned: false/.test(r.second), `${f} (${v}): everything pruned`);
      const l = await linkModule(c, r.second, r.repo, { llvmVersion: v });
      assert.ok(l.ok, `${f} (${v}): ${l.error?.message}`);
      assert.equal(decodeUtf8(l.output), r.first, `${f} (${v})`);
      if (/distinct !DICompileUnit/.test(r.first)) debugInfo.push(f);
      if (/^define [^\n]*@0\(/m.test(r.first)) merged.push(f);
      linked++;
      await r.repo.close();
    }
  }
  assert.ok(linked >= 140, `${linked} modules linked`);
  assert.ok(debugInfo.length >= 20 && merged.length >= 4, 'the debug-info modules and mergefunc\'s private copies are among them');
});

test('repo link: the plain ticket form and a generated module with mergefunc thunks', { skip }, async () => {
  const c = await getCore();
  const { generate } = await import('../../../bench/gen.js');
  const cases = [
    ['printer-names-quoting.ll', fs.readFileSync(path.join(REPO, 'tests/fixtures/printer-names-quoting.ll'), 'utf8'), { 'repo-plain-metadata': true }],
    ['templates_merge.O0g.ll', fs.readFileSync(path.join(REPO, 'tests/fixtures/ll/templates_merge.O0g.ll'), 'utf8'), { 'repo-plain-metadata': true }],
    ['gen seed 3', generate({ size: 400_000, seed: 3 }), {}],
  ];
  for (const [id, text, options] of cases) {
    const r = await firstSecond(c, text, id, 22, undefined, options);
    assert.ok(r, id);
    const l = await linkModule(c, r.second, r.repo, { llvmVersion: 22 });
    assert.equal(decodeUtf8(l.output), r.first, id);
    await r.repo.close();
  }
});

test('identical definitions under different names are stored apart: a thunk links as the thunk', { skip }, async () => {
  const c = await getCore();
  const fn = name => `define i32 @${name}(i32 %x) {\n  %a = mul i32 %x, 7\n  %b = add i32 %a, 3\n  %c = xor i32 %b, %x\n  %d = mul i32 %c, %a\n  ret i32 %d\n}\n`;
  const text = fn('F') + fn('G') + 'define i32 @user(i32 %x) {\n  %p = call i32 @F(i32 %x)\n  %q = call i32 @G(i32 %p)\n  ret i32 %q\n}\n';
  const r = await firstSecond(c, text, 'm.ll', 22);
  assert.match(r.first, /define i32 @G\(i32 %0\)[^{]*\{\n  %2 = tail call i32 @F\(i32 %0\)/, 'mergefunc made G a thunk');
  assert.ok(c.parse(r.second).ok);
  const listed = c.repoTickets();
  const f = listed.find(t => t.name === 'F'), g = listed.find(t => t.name === 'G');
  assert.equal(f.digest, g.digest, 'one digest');
  assert.notEqual(f.key, g.key, 'two keys');
  const e = await r.repo.lookup([f.key, g.key]);
  assert.equal(e.size, 2);
  assert.match(e.get(g.key).text, /tail call i32 @F/);
  const l = await linkModule(c, r.second, r.repo);
  assert.equal(decodeUtf8(l.output), r.first);
  await r.repo.close();
});

test('repo link errors: a missing entry, a stored text that does not fit, a malformed header', { skip }, async () => {
  const c = await getCore();
  const r = await firstSecond(c, fixture('ex3.ll'), 'ex3.ll', 22);
  const link = () => linkModule(c, r.second, r.repo);
  // the texts as stored, then altered one at a time (a memory repository hands out copies)
  assert.ok(c.parse(r.second).ok);
  const keys = c.repoTickets();
  const stored = await r.repo.lookup(keys.map(k => k.key));
  const setTo = keys.find(k => k.name === 'setTo');
  const withText = async text => {
    const repo = await openRepository(':memory:');
    await repo.putModule([...stored.values()].map(e => (e.digest === setTo.key ? { ...e, text } : e)));
    try { return await linkModule(c, r.second, repo); } finally { await repo.close(); }
  };
  const text = stored.get(setTo.key).text;
  assert.ok((await link()).ok);
  await assert.rejects(withText(text.replace('ret void', 'ret i32 %nope')), e => e.code === 'ELINK' &&
    /^error: the stored text of 'setTo' does not fit the module: .* \(line \d+, column \d+ of the text\)$/.test(e.message));
  await assert.rejects(withText(text.replace('define ', 'define internal i32 @extra() {\n  ret i32 0\n}\ndefine ')), e => e.code === 'ELINK' &&
    /the stored text of 'setTo' does not fit the module: a definition the entry has no place for/.test(e.message));
  await assert.rejects(withText(text.replace('; repo fragment: slot', '; repo fragment: slot successor x')), e => e.code === 'ELINK' &&
    /^error: the stored text of 'setTo' has a malformed header$/.test(e.message));
  await assert.rejects(withText(text.replace(/^define[^]*?\n\}\n/m, '')), e => e.code === 'ELINK' &&
    /the stored text of 'setTo' lacks a definition its header announces/.test(e.message));
  const empty = await openRepository(':memory:');
  await assert.rejects(linkModule(c, r.second, empty), e => e.code === 'ELINK' && /^error: the repository has no definition for '\w+' \(digest [0-9a-f]{32}\)$/.test(e.message));
  await empty.close();
  // a ticket module that does not parse: no link, its message
  const bad = await linkModule(c, r.second.replace('declare', 'declaer'), r.repo);
  assert.equal(bad.ok, false);
  assert.equal(bad.stage, 'parse');
  await r.repo.close();
});

test('wopt repo link / --repo on the command line; the output file is written only on success', { skip }, async () => {
  const os = await import('node:os');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-link-'));
  const cli = (...args) => spawnSync(process.execPath, [path.join(REPO, 'bindings/cli.js'), ...args], { cwd: dir, encoding: 'utf8' });
  fs.writeFileSync(path.join(dir, 'ex3.ll'), fixture('ex3.ll'));
  const P = '-passes=repo-metadata,repo-prune';
  let r = cli('-S', '--repo=db', P, 'ex3.ll', '-o', 'run1.ll'); assert.equal(r.status, 0, r.stderr);
  r = cli('-S', '--repo=db', P, 'ex3.ll', '-o', 'run2.ll'); assert.equal(r.status, 0, r.stderr);
  assert.ok(!fs.readFileSync(path.join(dir, 'run2.ll'), 'utf8').includes('define '));
  r = cli('repo', 'link', '--repo=db', 'run2.ll', '-o', 'full.ll'); assert.equal(r.status, 0, r.stderr);
  assert.equal(fs.readFileSync(path.join(dir, 'full.ll'), 'utf8'), fs.readFileSync(path.join(dir, 'run1.ll'), 'utf8'));
  // repo-prune without --repo fails and writes nothing
  r = cli('-S', P, 'ex3.ll', '-o', 'none.ll');
  assert.equal(r.status, 1);
  assert.match(r.stderr, /needs a program repository/);
  assert.ok(!fs.existsSync(path.join(dir, 'none.ll')));
  // a file that is not a repository: clear error, no output
  fs.writeFileSync(path.join(dir, 'junk.db'), 'not sqlite at all, just some text '.repeat(200));
  r = cli('-S', '--repo=junk.db', P, 'ex3.ll', '-o', 'junk.ll');
  assert.equal(r.status, 1);
  assert.match(r.stderr, /junk\.db: error: not a wopt repository/);
  assert.ok(!fs.existsSync(path.join(dir, 'junk.ll')));
  // link against a repository that lacks the definitions
  r = cli('-S', '--repo=other.db', '-passes=repo-metadata', 'ex3.ll', '-o', 'x.ll'); assert.equal(r.status, 0, r.stderr);
  r = cli('repo', 'link', '--repo=other.db', 'run2.ll', '-o', 'bad.ll');
  assert.equal(r.status, 1);
  assert.match(r.stderr, /has no definition for/);
  assert.ok(!fs.existsSync(path.join(dir, 'bad.ll')));
  // a stored text altered in the database: its digest no longer matches (the repository and the
  // definition named), no output; a text that does not fit the module is tested above
  const { loadSqliteDriver } = await import('../../../bindings/repo/sqlite-driver.js');
  { const db = (await loadSqliteDriver()).open(path.join(dir, 'db'), {}); db.exec("UPDATE definitions SET text = replace(text, 'ret ', 'rett ') WHERE name = 'setTo'"); db.close(); }
  r = cli('repo', 'link', '--repo=db', 'run2.ll', '-o', 'corrupt.ll');
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^wopt: db: error: the repository is damaged: a stored text does not match the digest stored with it: 'setTo' \([0-9a-f]{32}\)\n$/);
  assert.ok(!fs.existsSync(path.join(dir, 'corrupt.ll')));
  // LLVM 19: the runs and the link follow the same version
  const P19 = ['--llvm-version=19', '-S', '--repo=db19', '-passes=repo-metadata,repo-prune,mem2reg,mergefunc', 'ex3.ll'];
  r = cli(...P19, '-o', 'a19.ll'); assert.equal(r.status, 0, r.stderr);
  r = cli(...P19, '-o', 'b19.ll'); assert.equal(r.status, 0, r.stderr);
  r = cli('repo', 'link', '--llvm-version=19', '--repo=db19', 'b19.ll', '-o', 'c19.ll'); assert.equal(r.status, 0, r.stderr);
  assert.equal(fs.readFileSync(path.join(dir, 'c19.ll'), 'utf8'), fs.readFileSync(path.join(dir, 'a19.ll'), 'utf8'));
  r = cli('repo', 'link', '--llvm-version=7', '--repo=db19', 'b19.ll');
  assert.equal(r.status, 1);
  assert.match(r.stderr, /--llvm-version/);
  fs.rmSync(dir, { recursive: true, force: true });
});

// ---- metadata digests: one per node, by strongly connected component ----
// `define void @name() !k !N { ret void }` for each [name, N], then the metadata lines.
const withMetadata = (fns, md) => fns.map(([f, n]) => `define void @${f}() !k !${n} {\n  ret void\n}\n`).join('') + md;

test('metadata digests do not depend on the metadata numbering or on which definition reached a cycle first', { skip }, async () => {
  // renumbering every node of a debug-info module (cycles through the compile unit, types and
  // subprograms) keeps every digest
  const text = fs.readFileSync(path.join(REPO, 'tests/fixtures/ll/templates_merge.O0g.ll'), 'utf8');
  const nums = [...new Set([...text.matchAll(/^!(\d+) = /gm)].map(m => Number(m[1])))];
  const max = Math.max(...nums);
  const renumbered = text.replace(/!(\d+)\b/g, (_, n) => `!${max - Number(n)}`);
  assert.notEqual(renumbered, text);
  assert.deepEqual(await digests(renumbered), await digests(text));
  // two functions entering one cycle at different nodes: each digest is the same whichever is
  // hashed first
  const cycle = '!0 = distinct !{!1, !"a"}\n!1 = distinct !{!2, !"b"}\n!2 = distinct !{!0, !"c"}\n';
  const fg = await digests(withMetadata([['f', 0], ['g', 1]], cycle));
  const gf = await digests(withMetadata([['g', 1], ['f', 0]], cycle));
  assert.equal(fg.f, gf.f);
  assert.equal(fg.g, gf.g);
  assert.notEqual(fg.f, fg.g, 'entered at different nodes');
});

test('metadata digests tell cycles apart by shape and by content, even without a distinguishing node', { skip }, async () => {
  const d = async (md, n = 0) => (await digests(withMetadata([['f', n]], md))).f;
  const self = await d('!0 = distinct !{!0}\n');
  const two = await d('!0 = distinct !{!1}\n!1 = distinct !{!0}\n');          // every node alike: no unique root
  const three = await d('!0 = distinct !{!1}\n!1 = distinct !{!2}\n!2 = distinct !{!0}\n');
  assert.equal(new Set([self, two, three]).size, 3, 'cycles of 1, 2 and 3 alike nodes differ');
  // a symmetric component: two alike nodes, each pointing at both
  const sym = await d('!0 = distinct !{!0, !1}\n!1 = distinct !{!0, !1}\n');
  const symSwapped = await d('!0 = distinct !{!1, !0}\n!1 = distinct !{!1, !0}\n');
  assert.notEqual(sym, symSwapped);
  assert.equal(sym, await d('!0 = distinct !{!1, !0}\n!1 = distinct !{!1, !0}\n', 1), 'the same graph numbered the other way');
  // a string deep inside a cycle
  const deep = s => d(`!0 = distinct !{!1}\n!1 = distinct !{!2, !"${s}"}\n!2 = distinct !{!0}\n`);
  assert.notEqual(await deep('a'), await deep('b'));
});

test('a debug build stores the metadata its definitions share once; repo link reads it back', { skip }, async () => {
  const c = await getCore();
  const text = fs.readFileSync(path.join(REPO, 'tests/fixtures/ll/templates_merge.O0g.ll'), 'utf8');
  const r = await firstSecond(c, text, 'templates_merge.O0g.ll', 22, 'repo-metadata,repo-prune,mem2reg');
  assert.ok(c.parse(r.second).ok);
  const keys = c.repoTickets().map(t => t.key);
  const defs = await r.repo.lookup(keys);
  assert.equal(defs.size, keys.length);
  const shared = new Set();
  for (const e of defs.values()) {
    assert.doesNotMatch(e.text, /DICompileUnit/, `${e.name}: the compile unit is not in its fragment`);
    for (const m of e.text.matchAll(/^; metadata ([0-9a-f]{32})$/gm)) shared.add(m[1]);
  }
  assert.equal(shared.size, 1, 'one shared-metadata entry');
  const [key] = shared;
  const m = (await r.repo.lookup([key])).get(key);
  assert.equal(m.kind, 'metadata');
  assert.match(m.text, /^; repo metadata\n/);
  assert.match(m.text, /distinct !DICompileUnit/);
  const stats = await r.repo.stats();
  assert.equal(stats.metadata, 1);
  assert.equal(stats.definitions, keys.length);
  const l = await linkModule(c, r.second, r.repo, { llvmVersion: 22 });
  assert.equal(decodeUtf8(l.output), r.first);
  // without it, repo link says what is missing
  const partial = await openRepository(':memory:');
  await partial.putModule([...defs.values()]);
  await assert.rejects(linkModule(c, r.second, partial, { llvmVersion: 22 }), e => e.code === 'ELINK' &&
    e.message === `error: the repository has no shared metadata ${key}, which its stored definitions refer to`);
  await partial.close();
  await r.repo.close();
});

test('repo link checks every stored text against the digest stored with it', { skip }, async () => {
  const os = await import('node:os');
  const { loadSqliteDriver } = await import('../../../bindings/repo/sqlite-driver.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-damaged-'));
  const cli = (...args) => spawnSync(process.execPath, [path.join(REPO, 'bindings/cli.js'), ...args], { cwd: dir, encoding: 'utf8' });
  fs.copyFileSync(path.join(REPO, 'tests/fixtures/ll/templates_merge.O0g.ll'), path.join(dir, 'in.ll'));
  const P = '-passes=repo-metadata,repo-prune,mem2reg';
  for (const out of ['run1.ll', 'run2.ll']) { const r = cli('-S', '--repo=r.db', P, 'in.ll', '-o', out); assert.equal(r.status, 0, r.stderr); }
  let r = cli('repo', 'link', '--repo=r.db', 'run2.ll', '-o', 'full.ll');
  assert.equal(r.status, 0, r.stderr);
  fs.rmSync(path.join(dir, 'full.ll'));
  const db = (await loadSqliteDriver()).open(path.join(dir, 'r.db'), { timeout: 1000 });
  const names = db.prepare("SELECT name FROM definitions WHERE kind != 'metadata' ORDER BY rowid", true).all().map(x => x[0]);
  db.exec("UPDATE definitions SET text = '' WHERE rowid % 3 = 0");
  db.exec("UPDATE definitions SET text = replace(text, 'i32 1', 'i32 2') WHERE rowid = 1");
  const damaged = db.prepare("SELECT kind, name FROM definitions WHERE rowid % 3 = 0 OR rowid = 1 ORDER BY rowid", true).all();
  db.close();
  r = cli('repo', 'link', '--repo=r.db', 'run2.ll', '-o', 'full.ll');
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^wopt: r\.db: error: the repository is damaged: \d+ stored texts do not match the digest stored with them: /);
  const first = damaged.find(x => x[0] !== 'metadata');
  assert.ok(r.stderr.includes(`'${first[1]}'`), r.stderr);
  assert.ok(names.length > 3);
  assert.ok(!fs.existsSync(path.join(dir, 'full.ll')), 'no output');
  fs.rmSync(dir, { recursive: true, force: true });
});
