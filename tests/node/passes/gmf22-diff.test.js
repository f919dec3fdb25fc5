// global-merge-func (LLVM 22's GlobalMergeFunctions) against opt-22, byte for byte, on the
// fixtures of tests/fixtures/gmf22: one module per rule (which constants become parameters, which
// callees and instructions are left alone, eligibility, the profitability model at its edges and
// under each option, attributes, debug info, profile metadata, comdats, linkage, names, the order
// parameters take) and clang-22 -O2 outputs of the C programs in gmf22/src. A fixture's
// `; RUN-OPTIONS:` lines (each an option set, empty for the defaults) say how it is run; without
// them it runs with the defaults. Each run also checks `global-merge-func,mergefunc`, the printed
// hashes of `print<structural-hash><call-target-ignored>`, and (first option set) the bitcode
// both write, read back by llvm-dis-22 with its use-list orders. Skipped without opt-22.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, run, runCli, optFor, skipDiff, llvmBin, tempDir } from '../helpers.js';

const DIR = path.join(REPO, 'tests/fixtures/gmf22');
const CASES = fs.readdirSync(DIR).filter(f => f.endsWith('.ll')).sort();
const skip = skipDiff(22);

function optionSets(text) {
  const sets = [...text.matchAll(/^; RUN-OPTIONS:(.*)$/gm)].map(m => m[1].trim().split(/\s+/).filter(Boolean));
  return sets.length ? sets : [[]];
}

async function same(args, input, what) {
  const o = await run(optFor(22), args, { input });
  assert.equal(o.code, 0, `opt-22 ${args.join(' ')}: ${o.stderr}`);
  const w = await runCli(['--llvm-version=22', ...args], { input });
  assert.equal(w.code, 0, `wopt ${args.join(' ')}: ${w.stderr}`);
  assert.equal(w.stdout, o.stdout, what);
  assert.equal(w.stderr, o.stderr, `${what} (stderr)`);
  return o.stdout;
}

test('the global-merge-func fixtures are there', () => {
  for (const c of ['profit-edges.ll', 'params.ll', 'excluded-callees.ll', 'excluded-instructions.ll', 'eligibility.ll',
    'attributes.ll', 'bodies.ll', 'profile.ll', 'comdat-linkage.ll', 'names.ll', 'param-order.ll']) {
    assert.ok(CASES.includes(c), c);
  }
  assert.ok(CASES.filter(c => c.startsWith('clang-')).length >= 2, 'clang-22 outputs of gmf22/src');
});

// The bitcode of both, as llvm-dis-22 prints it with use-list orders (less the ModuleID line).
async function sameBitcode(t, file, opts) {
  const dir = tempDir(t);
  const a = path.join(dir, 'opt.bc'), b = path.join(dir, 'wopt.bc');
  const o = await run(optFor(22), ['-passes=global-merge-func', ...opts, file, '-o', a]);
  assert.equal(o.code, 0, o.stderr);
  const w = await runCli(['--llvm-version=22', '-passes=global-merge-func', ...opts, file, '-o', b]);
  assert.equal(w.code, 0, w.stderr);
  const dis = async f => (await run(path.join(llvmBin(22), 'llvm-dis'), ['--preserve-ll-uselistorder', f, '-o', '-'])).stdout.replace(/^; ModuleID.*\n/, '');
  const ref = await dis(a);
  assert.match(ref, /^define /m);
  assert.equal(await dis(b), ref, `${path.basename(file)} bitcode`);
}

for (const name of CASES) {
  test(`global-merge-func equals opt-22: ${name}`, { skip }, async (t) => {
    const input = fs.readFileSync(path.join(DIR, name), 'utf8');
    let merged = 0;
    for (const opts of optionSets(input)) {
      const out = await same(['-S', '-passes=global-merge-func', ...opts], input, `${name} ${opts.join(' ')}`);
      merged += (out.match(/^define internal .*\.Tgm/gm) ?? []).length;
      await same(['-S', '-passes=global-merge-func,mergefunc', ...opts], input, `${name} then mergefunc ${opts.join(' ')}`);
    }
    await same(['-disable-output', '-passes=print<structural-hash><call-target-ignored>'], input, `${name} hashes`);
    await sameBitcode(t, path.join(DIR, name), optionSets(input)[0]);
    // every fixture but the ones about what is never merged merges something under some option set
    if (!/^; NO-MERGE/m.test(input)) assert.ok(merged > 0, `${name} merges nothing`);
  });
}
