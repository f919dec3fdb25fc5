// The public API's argument checks (bindings/check.js, used by api.js, session.js, worker.js and
// the repository openers): an argument of the wrong kind is a TypeError that says what was expected,
// never an error from deep inside ("Cannot read properties of null"), a call that never settles,
// or a wrong result (an Array taken for an empty module, and overwritten).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { optimize, openSession, crossModuleReport, Session, runModule } from '../../../bindings/index.js';
import { loadWopt } from '../../../bindings/node.js';
import { openWorkerSession } from '../../../bindings/worker-node.js';
import { openRepository } from '../../../bindings/repo/store.js';
import { openRepository as openBrowserRepository } from '../../../bindings/repo/store-browser.js';
import { mockCorePath } from '../helpers.js';

const MOD = 'define void @f() {\n  ret void\n}\n';
let wasmPath;
before(async () => { wasmPath = await mockCorePath(); });

const typeError = message => ({ name: 'TypeError', message });

// A Uint8Array whose buffer was transferred away (detached).
function detached() {
  const bytes = new TextEncoder().encode(MOD);
  structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  return bytes;
}

test('optimize: options and input of the wrong kind are TypeErrors; an Array is refused and left as it was', async () => {
  await assert.rejects(optimize(MOD, null), typeError('optimize: expected an options object, not null'));
  await assert.rejects(optimize(MOD, 'mem2reg'), typeError('optimize: expected an options object, not a string'));
  await assert.rejects(optimize(MOD, { passes: ['mem2reg'] }), typeError("optimize: option 'passes' must be a string, not an Array"));
  await assert.rejects(optimize(MOD, { core: {} }), /^TypeError: optimize: option 'core' must be a WoptCore/);
  const array = [1, 2, 3];
  await assert.rejects(optimize(array), typeError('optimize: expected the module as a string, Uint8Array or ArrayBuffer, not an Array'));
  assert.deepEqual(array, [1, 2, 3]);
  await assert.rejects(optimize(null), typeError('optimize: expected the module as a string, Uint8Array or ArrayBuffer, not null'));
  await assert.rejects(optimize(detached()), typeError("optimize: the input's ArrayBuffer is detached (it was transferred), so it holds no module"));
  await assert.rejects(crossModuleReport('a.ll'), /^TypeError: crossModuleReport: expected an array of \{ name, bytes \}/);
  await assert.rejects(crossModuleReport([{ name: 'a', bytes: [1] }]), /^TypeError: crossModuleReport: input 0 \(a\): expected the module as a string/);
});

test('the low-level core: an Array is not taken for a { size, fill } input (it has a fill method)', async () => {
  const core = await loadWopt({ wasmPath });
  const array = [1, 2, 3];
  assert.throws(() => core.parse(array), typeError('expected a string, Uint8Array or ArrayBuffer, not an Array'));
  assert.throws(() => runModule(core, array), TypeError);
  assert.deepEqual(array, [1, 2, 3]);
});

test('openSession and a session: repository, options and inputs of the wrong kind are TypeErrors', async () => {
  await assert.rejects(openSession(null), typeError('openSession: expected an options object, not null'));
  await assert.rejects(openSession({ wasmPath, repository: 5 }),
    typeError("openSession: option 'repository': expected a repository as a file path, ':memory:', an open Repository or { indexedDB: name }, not the number 5"));
  await assert.rejects(openSession({ wasmPath, llvmVersion: '22' }), typeError("openSession: option 'llvmVersion' must be a number, not a string"));
  assert.throws(() => new Session(null), /^TypeError: Session: the core must be a WoptCore/);
  const s = await openSession({ wasmPath });
  try {
    await assert.rejects(s.optimize(MOD, null), typeError('optimize: expected an options object, not null'));
    await assert.rejects(s.optimize([1]), typeError('optimize: expected the module as a string, Uint8Array or ArrayBuffer, not an Array'));
    await assert.rejects(s.optimize(detached()), /^TypeError: optimize: the input's ArrayBuffer is detached/);
    await assert.rejects(s.optimize(MOD, { output: 'html' }), typeError("optimize: option 'output' must be 'text', 'bytes' or 'none', not 'html'"));
    await assert.rejects(s.inspect(1.5), typeError('inspect: expected a function name (a string) or index, not the number 1.5'));
    await assert.rejects(s.inspect(-1), typeError('inspect: expected a function name (a string) or index, not the number -1'));
    assert.equal((await s.optimize(MOD)).ok, true, 'the session still works');
  } finally { await s.close(); }
});

test('a worker session: a detached buffer (with transfer: true or not) rejects with a TypeError, and the session goes on', { timeout: 60_000 }, async () => {
  await assert.rejects(openWorkerSession(null), typeError('openWorkerSession: expected an options object, not null'));
  await assert.rejects(openWorkerSession({ wasmPath, repository: 5 }), /^TypeError: openWorkerSession: option 'repository': expected a repository/);
  const w = await openWorkerSession({ wasmPath });
  try {
    // postMessage drops a message whose transfer list holds a detached buffer, without an error:
    // unchecked, this call never settled
    await assert.rejects(w.optimize(detached(), { transfer: true }), /^TypeError: optimize: the input's ArrayBuffer is detached/);
    await assert.rejects(w.optimize(detached()), /^TypeError: optimize: the input's ArrayBuffer is detached/);
    await assert.rejects(w.optimize(MOD, null), typeError('optimize: expected an options object, not null'));
    await assert.rejects(w.inspect(null), typeError('inspect: expected a function name (a string) or index, not null'));
    const bytes = new TextEncoder().encode(MOD);
    const r = await w.optimize(bytes, { transfer: true });
    assert.equal(r.ok, true);
    assert.equal(bytes.byteLength, 0, 'transferred');
  } finally { await w.close(); }
});

test('the repository openers: a spec or options of the wrong kind are TypeErrors; a bad value stays a RepoError', async () => {
  for (const open of [openRepository, openBrowserRepository]) {
    await assert.rejects(open(5), typeError("openRepository: expected a repository as a file path, ':memory:' or { indexedDB: name }, not the number 5"));
    await assert.rejects(open(null), /^TypeError: openRepository: expected a repository .*, not null$/);
    await assert.rejects(open({ indexedDB: 7 }), /^TypeError: openRepository: expected a repository .*, not an object$/);
    await assert.rejects(open(':memory:', null), typeError('openRepository: expected an options object, not null'));
    await assert.rejects(open(':memory:', { create: 'yes' }), typeError("openRepository: option 'create' must be a boolean, not a string"));
  }
  await assert.rejects(openRepository(''), { name: 'RepoError', code: 'EREPO' });
  const r = await openRepository(':memory:', { create: true });
  await r.close();
});
