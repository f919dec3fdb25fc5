// docs/VERIFIER-AUDIT.md is what tools/verifier-audit.mjs writes from the lists of LLVM 22's
// verifier and parser checks (tools/audit/*.json) and wopt's sources: a check added to wopt
// without regenerating the document fails here. Also: the lists are well formed, and the way the
// tool reads messages out of wopt's code finds what it should and nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO, REAL_WASM, LLVM_VERSIONS, llvmBin, skipDiff, versionFlag, run, runCli, haveRealCore, NO_CORE } from '../helpers.js';
import { sourcePatterns, compile, index, findCheck, samples } from '../../../tools/verifier-audit.mjs';

const TOOL = path.join(REPO, 'tools', 'verifier-audit.mjs');
const lists = ['verifier-checks.json', 'parser-checks.json'].map(f => JSON.parse(fs.readFileSync(path.join(REPO, 'tools', 'audit', f), 'utf8')));

// The document names, for each check, the fixture that makes wopt print it: it needs the core and
// llvm-as-19/22 (for the patched-bitcode fixtures).
const noAs = LLVM_VERSIONS.find(v => !fs.existsSync(path.join(llvmBin(v), 'llvm-as')));
const skipDoc = !haveRealCore ? NO_CORE : noAs ? `llvm-as-${noAs} not installed` : false;

test('docs/VERIFIER-AUDIT.md is up to date', { skip: skipDoc }, () => {
  const r = spawnSync(process.execPath, [TOOL, '--check'], { cwd: REPO, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr + r.stdout);
});

test('--check fails on a document that differs', { skip: skipDoc }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-audit-'));
  try {
    const doc = path.join(dir, 'AUDIT.md');
    fs.writeFileSync(doc, fs.readFileSync(path.join(REPO, 'docs', 'VERIFIER-AUDIT.md'), 'utf8').replace('| yes (', '| no (', 1));
    const r = spawnSync(process.execPath, [TOOL, '--check', '--doc', doc], { cwd: REPO, encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /out of date/);
  } finally { fs.rmSync(dir, { recursive: true, force: true }); }
});

// Of the checks opt can print, at least 95% are in wopt with a fixture that makes wopt print them
// (the numbers of the document, which the first test keeps true).
test('a fixture prints at least 95% of the reachable checks, verifier and parser', () => {
  const doc = fs.readFileSync(path.join(REPO, 'docs', 'VERIFIER-AUDIT.md'), 'utf8');
  for (const list of ['verifier', 'parser']) {
    const m = doc.match(new RegExp(`^\\| ${list} \\|.*\\| (\\d+) of (\\d+) \\(\\d+%\\) \\|$`, 'm'));
    assert.ok(m, `the ${list} row of the summary`);
    assert.ok(Number(m[1]) >= 0.95 * Number(m[2]), `${list}: ${m[1]} of ${m[2]} reachable checks have a fixture`);
  }
});

test('the check lists are well formed', () => {
  for (const { checks } of lists) {
    assert.ok(checks.length > 500);
    const keys = new Set();
    for (const c of checks) {
      assert.equal(typeof c.area, 'string');
      assert.ok(c.check.length > 0, c.area);
      assert.ok((c.message === undefined) !== (c.pattern === undefined), `${c.area}: one of message and pattern`);
      if (c.pattern !== undefined) {
        const re = new RegExp(c.pattern);
        for (const s of samples(c)) assert.match(s, re, `${c.area}: its samples match its pattern`);
      }
      const key = c.area + '\0' + (c.message ?? c.pattern);
      assert.ok(!keys.has(key), `duplicate ${c.area}: ${c.message ?? c.pattern}`);
      keys.add(key);
    }
  }
  const verifier = lists[0].checks;
  assert.ok(verifier.every(c => typeof c.debugInfo === 'boolean'));
  assert.ok(verifier.some(c => c.debugInfo) && verifier.some(c => !c.debugInfo));
});

// A tiny source tree read the way the tool reads assembly/.
function find(sources, check) {
  const files = Object.entries(sources).map(([file, text]) => ({ file, text }));
  return findCheck(check, index(compile(sourcePatterns(files))));
}

test('messages joined from pieces are found, others are not', () => {
  const src = {
    'a.ts': `
      function expected(what: string): bool { return error("expected " + what); }
      export function expect(t: i32, what: string): bool { if (t == 0) return true; return expected(what); }
      function f(i: i32, nm: string): void {
        bad("atomicrmw " + nm + " operand must have integer type!", i); // a comment "Not a message at all"
        expect(3, "')' at end of argument list");
        let kind = i == 1 ? "Trunc" : "ZExt";
        bad(kind + " only operates on integer", i);
        let op = i < 3 ? NAMES[i] : "";
        bad("fence " + op + " is odd", i);
        out.str("Basic Block in function '");
        out.str(name);
        out.str("' does not have terminator!\\n");
      }`,
  };
  // a literal pattern's piece stands for anything
  assert.deepEqual(find(src, { area: 'x', pattern: '^atomicrmw (.*) operand must have integer type!$' }), ['a.ts']);
  // a helper's prefix is put in front of the literal handed to it (through expect -> expected)
  assert.deepEqual(find(src, { area: 'x', message: "expected ')' at end of argument list" }), ['a.ts']);
  // ... but the helper's own "expected " + what decides nothing
  assert.deepEqual(find(src, { area: 'x', message: 'expected type' }), []);
  // a name chosen among literals stands for those literals only
  assert.deepEqual(find(src, { area: 'x', message: 'Trunc only operates on integer' }), ['a.ts']);
  assert.deepEqual(find(src, { area: 'x', message: 'SExt only operates on integer' }), []);
  // ... but not when one of the values is not a literal
  assert.deepEqual(find(src, { area: 'x', pattern: '^fence (.*) is odd$' }), ['a.ts']);
  // a message streamed in parts, its own line end dropped
  assert.deepEqual(find(src, { area: 'x', pattern: "^Basic Block in function '(.*)' does not have terminator!$" }), ['a.ts']);
  // comments are not sources; a message nobody writes is not found
  assert.deepEqual(find(src, { area: 'x', message: 'Not a message at all' }), []);
  assert.deepEqual(find(src, { area: 'x', message: 'Invalid bitcast' }), []);
});

test('the document reports what wopt has', () => {
  const doc = fs.readFileSync(path.join(REPO, 'docs', 'VERIFIER-AUDIT.md'), 'utf8');
  // checks wopt's verifier has, and one it does not
  assert.match(doc, /\| Entry block to function must not have predecessors! \| {2}\| yes \(analysis\/verifier\/function\.ts\); fixture: tests\/fixtures\/verifier\/[\w.-]+\.ll \|/);
  assert.match(doc, /\| Invalid GEP index vector width \| {2}\| no \|/);
  // and one no input can make opt print, with the reason
  assert.match(doc, /\| Global is referenced in a different module! \| {2}\| no — not reachable through opt: opt reads one module/);
  // the reader's messages count only in the reader
  // (the verifier's entry names the verifier's file only, though the reader has the text too)
  assert.match(doc, /\| Cannot allocate unsized type \| {2}\| yes \(analysis\/verifier\/memory\.ts\); fixture: /);
});

// The verifier checks marked "unreachable" each say why; one that names a fixture (a reader
// refusing the input first, a check that comes first) names one that is there.
test('each "unreachable" verifier check says why, and its fixtures exist', () => {
  const marked = lists[0].checks.filter(c => c.unreachable);
  assert.ok(marked.length > 0 && marked.every(c => typeof c.unreachable === 'string' && c.unreachable.length > 20));
  for (const c of marked) {
    for (const m of c.unreachable.matchAll(/tests\/fixtures\/[\w./-]+\.ll/g)) assert.ok(fs.existsSync(path.join(REPO, m[0])), m[0]);
  }
});

// Most parser checks marked "unreachable" are the module-summary parsers': opt skips each `^N = ...`
// entry by its parentheses alone. A module whose summary entries break every rule of those parsers
// is read by opt (and by wopt), and refused by llvm-as, which does parse them. The others say why.
test('the "unreachable" parser checks are the summary parsers opt skips, or say why', async (t) => {
  const marked = lists[1].checks.filter(c => c.unreachable);
  assert.ok(marked.length > 0 && marked.every(c => typeof c.unreachable === 'string' && c.unreachable.length > 20));
  assert.ok(marked.filter(c => /summary/.test(c.unreachable)).length >= 50, 'the summary parsers');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-audit-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'summary.ll');
  fs.writeFileSync(file, 'define void @f() {\n  ret void\n}\n^0 = module: (path: 5, (nonsense))\n^1 = gv: (name: "f", bogus: ^7)\n^2 = typeid: ()\n');
  for (const v of LLVM_VERSIONS) {
    if (skipDiff(v)) continue;
    const opt = await run(path.join(llvmBin(v), 'opt'), ['-disable-output', file]);
    assert.deepEqual([opt.code, opt.stderr], [0, ''], `opt-${v} skips the entries`);
    const as = await run(path.join(llvmBin(v), 'llvm-as'), ['-o', '/dev/null', file]);
    assert.notEqual(as.code, 0, `llvm-as-${v} parses them and fails`);
    const ours = await runCli([versionFlag(v), '-disable-output', file], { env: { WOPT_WASM: REAL_WASM } });
    assert.deepEqual([ours.code, ours.stderr], [0, '']);
  }
});
