// mergefunc under --llvm-version=22 on small modules of our own (tests/fixtures/mergefunc22), each
// exercising one way LLVM 22's MergeFunctions differs from LLVM 19's: the stable structural hash
// that orders the merges, ODR functions merged through a private copy, discardable unused
// functions erased, the comdat moving to the private copy, no thunks calling kernels, and the
// thunk casts (arrays, vectors of pointers, values already of the right type), plus a chain of
// private copies merged again. The output must equal opt-22's byte for byte (<name>.expected.ll,
// made by `opt-22 -S -passes=mergefunc < <name>.ll`; <name>.aliases.expected.ll with
// -mergefunc-use-aliases). Where opt-19 accepts the module, --llvm-version=19 must still give
// opt-19's output (<name>.expected19.ll). No native opt is needed at run time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, haveRealCore, NO_CORE, runCli } from '../helpers.js';

const DIR = path.join(REPO, 'tests/fixtures/mergefunc22');
const CASES = fs.readdirSync(DIR).filter(f => f.endsWith('.ll') && !f.includes('.expected')).map(f => f.slice(0, -3)).sort();

async function check(name, version, extra, expectedFile) {
  const input = fs.readFileSync(path.join(DIR, name + '.ll'), 'utf8');
  const r = await runCli([`--llvm-version=${version}`, '-S', '-passes=mergefunc', ...extra], { input });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, fs.readFileSync(path.join(DIR, expectedFile), 'utf8'), `${name} (LLVM ${version} ${extra.join(' ')})`);
}

test('the LLVM 22 mergefunc fixtures are there', () => {
  for (const c of ['casts', 'comdat', 'discard-unused', 'hash-order', 'kernels', 'odr-private', 'private-again']) {
    assert.ok(CASES.includes(c), c);
  }
});

for (const name of CASES) {
  test(`mergefunc --llvm-version=22 equals opt-22: ${name}`, { skip: !haveRealCore && NO_CORE }, async () => {
    await check(name, 22, [], name + '.expected.ll');
    if (fs.existsSync(path.join(DIR, name + '.aliases.expected.ll'))) {
      await check(name, 22, ['-mergefunc-use-aliases'], name + '.aliases.expected.ll');
    }
  });
  if (fs.existsSync(path.join(DIR, name + '.expected19.ll'))) {
    test(`mergefunc --llvm-version=19 still equals opt-19: ${name}`, { skip: !haveRealCore && NO_CORE }, async () => {
      await check(name, 19, [], name + '.expected19.ll');
    });
  }
}
