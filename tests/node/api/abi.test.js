// The host's view of the core's ABI (bindings/abi.js) is generated from the core (tools/gen-abi.mjs):
// it must be current, and it must name exactly the functions the built wasm exports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { generateAbi } from '../../../tools/gen-abi.mjs';
import { EXPORTS, UNSIGNED, PASS_STATS } from '../../../bindings/abi.js';
import { REAL_WASM, haveRealCore, NO_CORE } from '../helpers.js';
import { instantiate } from '../../../bindings/core.js';

test('bindings/abi.js is what tools/gen-abi.mjs makes of the current core', { skip: !haveRealCore && NO_CORE }, () => {
  assert.equal(fs.readFileSync(new URL('../../../bindings/abi.js', import.meta.url), 'utf8'), generateAbi(),
    'bindings/abi.js is stale: run node tools/gen-abi.mjs');
});

test('the built core exports exactly the functions abi.js lists', { skip: !haveRealCore && NO_CORE }, () => {
  const mod = new WebAssembly.Module(fs.readFileSync(REAL_WASM));
  const fns = WebAssembly.Module.exports(mod).filter(e => e.kind === 'function').map(e => e.name);
  assert.deepEqual([...fns].sort(), [...EXPORTS].sort());
  for (const u of UNSIGNED) assert.ok(EXPORTS.includes(u), u);
});

test('passStats() gives every counter abi.js names, and only those', { skip: !haveRealCore && NO_CORE }, async () => {
  const core = await instantiate(fs.readFileSync(REAL_WASM));
  assert.equal(core.parse('define void @f() {\n  ret void\n}\n').ok, true);
  assert.equal(core.runPipeline('mem2reg').ok, true);
  assert.deepEqual(Object.keys(core.passStats()), PASS_STATS);
});
