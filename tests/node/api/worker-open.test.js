// A worker session whose core cannot be loaded (here a WebAssembly module with no exports):
// opening it rejects with the core's error, and the worker thread is stopped, so the process ends
// (before, the thread stayed alive and a program that caught the error never exited).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, run, tempDir } from '../helpers.js';

test('a worker session that cannot load its core rejects, and leaves no thread behind', async t => {
  const dir = tempDir(t);
  const wasm = path.join(dir, 'empty.wasm');
  fs.writeFileSync(wasm, Uint8Array.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
  const script = `
    import { openWorkerSession } from ${JSON.stringify(path.join(REPO, 'bindings/worker-node.js'))};
    try { await openWorkerSession({ wasmPath: ${JSON.stringify(wasm)} }); console.log('opened'); }
    catch (e) { console.log('rejected: ' + e.message); }`;
  // the child exits by itself once the rejection is handled; a thread left running would keep it
  // alive until the timeout kills it
  fs.writeFileSync(path.join(dir, 'open.mjs'), script);
  const r = await run('timeout', ['30', process.execPath, path.join(dir, 'open.mjs')]);
  assert.equal(r.code, 0, `exit code ${r.code} (124: still running after 30 s): ${r.stderr}`);
  assert.match(r.stdout, /^rejected: wopt core: missing exports /);
});
