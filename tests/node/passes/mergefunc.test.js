// mergefunc against opt on C++ programs compiled by clang-19 (tests/fixtures/src → tests/fixtures/ll),
// once per LLVM version N (wopt --llvm-version=N against opt-N):
// templates instantiated for many types of one size, exceptions and RTTI, virtual functions.
// For each module, with and without -mergefunc-use-aliases, wopt and opt-N must remove, thunk and
// alias the same functions (thunks calling the same target); wopt's output must pass opt-N's
// verifier; the merge report (-mergefunc-report) must name the same merged functions.
// Skipped when opt-N or the built core is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, LLVM_VERSIONS, optFor, skipDiff, versionFlag, run, runCli, tempDir } from '../helpers.js';

const LL = path.join(REPO, 'tests/fixtures/ll');
const FIXTURES = fs.existsSync(LL)
  ? fs.readdirSync(LL).filter(f => /^(templates_merge|exceptions_rtti|virtuals_init)\..*\.ll$/.test(f)).sort()
  : [];

const NAME = String.raw`(@(?:"(?:[^"\\]|\\.)*"|[-\w$.]+))`;

/** Functions, aliases and thunks of a printed module. thunks: name -> callee of a one-call body. */
export function summarize(text) {
  const defined = new Set(), declared = new Set(), aliases = new Map(), thunks = new Map();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    let m;
    if (l.startsWith('define ') && (m = l.match(new RegExp(NAME + String.raw`\(`)))) {
      defined.add(m[1]);
      // body: [label] tail call ... @callee(...), casts, ret
      const body = [];
      for (let j = i + 1; j < lines.length && lines[j] !== '}'; j++) if (lines[j].trim() && !lines[j].trim().startsWith(';')) body.push(lines[j].trim());
      const calls = body.filter(b => /\b(tail|musttail) call\b/.test(b));
      if (calls.length === 1 && body.every(b => /^(%\S+ = )?(tail call|musttail call|ret|bitcast|ptrtoint|inttoptr|extractvalue|insertvalue)\b/.test(b.replace(/^%\S+ = /, '')) || /^ret\b/.test(b))) {
        const c = calls[0].match(new RegExp(NAME + String.raw`\(`));
        if (c) thunks.set(m[1], c[1]);
      }
    } else if (l.startsWith('declare ') && (m = l.match(new RegExp(NAME + String.raw`\(`)))) {
      declared.add(m[1]);
    } else if ((m = l.match(new RegExp('^' + NAME + String.raw` = .*\balias\b.*, ptr ` + NAME)))) {
      aliases.set(m[1], m[2]);
    }
  }
  return { defined, declared, aliases, thunks };
}

/** What mergefunc did: removed definitions, new thunks (name -> target), new aliases (name -> aliasee). */
function effect(input, output) {
  const a = summarize(input), b = summarize(output);
  const removed = [...a.defined].filter(f => !b.defined.has(f) && !b.aliases.has(f)).sort();
  const thunked = [...b.thunks].filter(([f]) => !a.thunks.has(f)).map(([f, t]) => `${f} -> ${t}`).sort();
  const aliased = [...b.aliases].filter(([f]) => !a.aliases.has(f)).map(([f, t]) => `${f} -> ${t}`).sort();
  return { removed, thunked, aliased };
}

for (const v of LLVM_VERSIONS) for (const flags of [[], ['-mergefunc-use-aliases']]) {
  const OPT = optFor(v);
  test(`mergefunc ${flags.join(' ') || '(thunks)'}: same removed / thunked / aliased functions as opt-${v} (${versionFlag(v)})`, { skip: skipDiff(v) }, async (t) => {
    assert.ok(FIXTURES.length >= 6, 'fixtures present');
    const dir = tempDir(t);
    let changed = 0;
    for (const f of FIXTURES) {
      const file = path.join(LL, f);
      const input = fs.readFileSync(file, 'utf8');
      const ref = await run(OPT, ['-S', '-passes=mergefunc', ...flags, file]);
      assert.equal(ref.code, 0, `opt-${v} on ${f}: ${ref.stderr}`);
      const report = path.join(dir, `${f}.json`);
      const ours = await runCli([versionFlag(v), '-S', '-passes=mergefunc', ...flags, `-mergefunc-report=${report}`, file]);
      assert.equal(ours.code, 0, `wopt on ${f}: ${ours.stderr}`);
      const want = effect(input, ref.stdout), got = effect(input, ours.stdout);
      assert.deepEqual(got, want, `${f} ${flags.join(' ')}`);
      changed += want.removed.length + want.thunked.length + want.aliased.length;
      // the result is a valid module for opt-N
      const vr = await run(OPT, ['-passes=verify', '-disable-output'], { input: ours.stdout });
      assert.equal(vr.code, 0, `opt-${v} verifier on wopt's ${f}: ${vr.stderr}`);
      // the report names every merged function
      const rep = JSON.parse(fs.readFileSync(report, 'utf8'));
      assert.equal(rep.pass, 'mergefunc');
      const reported = new Set(rep.merged.filter(r => r.how !== 'callers').map(r => '@' + r.function));
      // every merged function of the input (LLVM 22's new private copies, `@0`..., are not
      // merged functions: the report lists them under privateCopies)
      const inputDefined = summarize(input).defined;
      const expected = [...want.removed, ...want.thunked.map(s => s.split(' -> ')[0]), ...want.aliased.map(s => s.split(' -> ')[0])]
        .filter(e => inputDefined.has(e));
      for (const e of expected) assert.ok(reported.has(e.replace(/^@"(.*)"$/, '@$1')), `${f}: report names ${e}`);
    }
    assert.ok(changed > 20, `the fixtures exercise merging (${changed} changes)`);
  });
}
