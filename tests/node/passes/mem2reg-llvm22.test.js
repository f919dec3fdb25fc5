// mem2reg under --llvm-version=22 and 19 against outputs stored from opt-22 and opt-19
// (tests/fixtures/mem2reg22/*.optV.expected; no opt needed at run time). The fixtures cover what
// LLVM changed after 19: the poison check on phi [X, undef] folding, the renamer's successor order,
// block creation order for phi versions and poison entries, poison instead of undef in debug
// records and dropped assume bundles, and InsertDebugValueAtStoreLoc.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, haveRealCore, NO_CORE } from '../helpers.js';

const DIR = path.join(REPO, 'tests/fixtures/mem2reg22');
const inputs = fs.readdirSync(DIR).filter(f => f.endsWith('.ll')).sort();

for (const version of [22, 19]) {
  test(`mem2reg --llvm-version=${version} equals opt-${version} on the LLVM 22 fixtures`, { skip: !haveRealCore && NO_CORE }, async () => {
    const { loadWopt } = await import('../../../bindings/node.js');
    const core = await loadWopt();
    assert.ok(inputs.length >= 6, 'fixtures present');
    for (const f of inputs) {
      const input = fs.readFileSync(path.join(DIR, f), 'utf8');
      const expected = fs.readFileSync(path.join(DIR, f.replace(/\.ll$/, `.opt${version}.expected`)), 'utf8');
      const p = core.parse(input, { moduleId: '<stdin>', llvmVersion: version });
      assert.ok(p.ok, `${f}: parse: ${p.message}`);
      const r = core.runPipeline('mem2reg');
      assert.ok(r.ok, `${f}: ${r.message}`);
      assert.equal(new TextDecoder().decode(core.print()), expected, `${f} (LLVM ${version})`);
    }
  });
}

test('the LLVM 22 fixtures show the differences from LLVM 19', () => {
  // each fixture's two expected outputs differ (else it would not test a 22 behaviour)
  for (const f of inputs) {
    const a = fs.readFileSync(path.join(DIR, f.replace(/\.ll$/, '.opt19.expected')), 'utf8');
    const b = fs.readFileSync(path.join(DIR, f.replace(/\.ll$/, '.opt22.expected')), 'utf8');
    assert.notEqual(a, b, f);
  }
});
