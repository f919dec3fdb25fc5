// The examples (examples/) actually run: the two Node examples print what opt-22 prints for
// examples/sample.ll and report the trace and the merge. (The commands shown in README.md and
// docs/ are run by docs-commands.test.js.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { haveRealCore, NO_CORE, run, optFor, haveOpt } from '../helpers.js';

const SAMPLE = 'examples/sample.ll';
const PASSES = 'function(mem2reg),mergefunc';

let expected = null;
async function optOutput() {
  expected ??= run(optFor(22), ['-S', `-passes=${PASSES}`, SAMPLE]).then(r => {
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  });
  return expected;
}

for (const [example, inspects] of [['examples/node-optimize.mjs', true], ['examples/worker.mjs', false]]) {
  test(`${example} prints opt-22's output`, { skip: !haveRealCore && NO_CORE }, async t => {
    const r = await run(process.execPath, [example]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /phi i32/);
    if (haveOpt(22)) assert.equal(r.stdout, await optOutput());
    else t.diagnostic(`${optFor(22)} not installed: output not compared`);
    assert.match(r.stderr, /^PromotePass max true /m);
    assert.match(r.stderr, /^MergeFunctionsPass \[module\] true /m);
    assert.match(r.stderr, /^merged @add2 into @add1 /m);
    if (inspects) {
      assert.match(r.stderr, /^max %then idom=%entry frontier=\[%done\]$/m);
      assert.match(r.stderr, /^max %done idom=%entry frontier=\[\]$/m);
    }
  });
}
