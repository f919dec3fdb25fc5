// bindings/core.js: the WoptCore wrapper, against a fake instance written in JS (exact control
// over every export) and against the compiled mock core (real WebAssembly traps and aborts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { WoptCore, instantiate, encodePipeline } from '../../bindings/core.js';
import { mockCorePath } from './helpers.js';

const enc = new TextEncoder(), dec = new TextDecoder();

// A fake core: input/arg/output/error buffers at fixed addresses in a real WebAssembly.Memory.
function fakeExports(behaviour = {}) {
  const memory = new WebAssembly.Memory({ initial: 1, maximum: 100 });
  const IN = 1024, ARG = 512, OUT = 4096, ERR = 256;
  const st = { input: '', arg: '', out: 0, err: '', line: 0, col: 0, calls: [] };
  const put = (at, s) => { const b = enc.encode(s); new Uint8Array(memory.buffer).set(b, at); return b.length; };
  const x = {
    memory, st,
    reset() { st.calls.push('reset'); },
    inputAlloc(n) { st.calls.push('inputAlloc'); if (IN + n > memory.buffer.byteLength) memory.grow(Math.ceil(n / 65536) + 1); return IN; },
    parse(n) {
      st.calls.push('parse');
      st.input = dec.decode(new Uint8Array(memory.buffer, IN, n));
      if (behaviour.parse) return behaviour.parse(st, put);
      return 0;
    },
    argAlloc() { return ARG; },
    runPipeline(n) {
      st.calls.push('runPipeline');
      st.arg = dec.decode(new Uint8Array(memory.buffer, ARG, n));
      if (st.arg === 'trap') throw new WebAssembly.RuntimeError('unreachable');
      if (st.arg === 'nope') { st.err = 'nope'; return 2; }
      return 0;
    },
    print() { return put(OUT, `; printed\n${st.input}`); },
    outputPtr: () => OUT,
    errorLine: () => st.line, errorCol: () => st.col,
    errorMessage: () => put(ERR, st.err), errorPtr: () => ERR,
    ...behaviour.extra,
  };
  return x;
}

function fakeCore(behaviour) {
  const made = [];
  const core = new WoptCore(() => { const x = fakeExports(behaviour); made.push(x); return x; });
  return { core, made };
}

test('encodePipeline: options after |, booleans as 1/0, values percent-escaped', () => {
  assert.equal(encodePipeline('mergefunc'), 'mergefunc');
  assert.equal(encodePipeline('mergefunc', {}), 'mergefunc');
  assert.equal(encodePipeline('mergefunc', { 'mergefunc-use-aliases': true, 'mergefunc-verify': 3 }),
    'mergefunc|mergefunc-use-aliases=1,mergefunc-verify=3');
  assert.equal(encodePipeline('', [['mergefunc-report', 'a,b|c%d\n']]), '|mergefunc-report=a%2Cb%7Cc%25d%0A');
  assert.equal(encodePipeline('x', { a: false, b: undefined }), 'x|a=0');
  assert.throws(() => encodePipeline('x', { '-bad': 1 }), /bad option name/);
  assert.throws(() => encodePipeline('a|b'), /cannot contain/);
});

test('parse copies UTF-8 input into core memory and reports success', () => {
  const { core, made } = fakeCore();
  assert.deepEqual(core.parse('; é\n'), { ok: true, line: 0, col: 0, message: '' });
  assert.equal(made[0].st.input, '; é\n');
  assert.deepEqual(made[0].st.calls, ['inputAlloc', 'parse']);
  core.parse(new Uint8Array([0x3b, 0x0a]));
  assert.equal(made[0].st.input, ';\n');
});

test('parse grows with memory: a 200 KiB input survives memory.grow in inputAlloc', () => {
  const { core, made } = fakeCore();
  const big = '; x\n'.repeat(50_000);
  assert.equal(core.parse(big).ok, true);
  assert.equal(made[0].st.input.length, big.length);
});

test('parse errors carry line, col and the decoded message', () => {
  const { core } = fakeCore({ parse(st) { st.line = 3; st.col = 7; st.err = "expected 'é'"; return 1; } });
  assert.deepEqual(core.parse('x'), { ok: false, line: 3, col: 7, message: "expected 'é'" });
});

test('runPipeline passes the encoded text and maps codes', () => {
  const { core, made } = fakeCore();
  assert.deepEqual(core.runPipeline('mem2reg'), { ok: true, code: 0, message: '' });
  assert.equal(made[0].st.arg, 'mem2reg');
  core.runPipeline('mergefunc', { 'mergefunc-use-aliases': true });
  assert.equal(made[0].st.arg, 'mergefunc|mergefunc-use-aliases=1');
  assert.deepEqual(core.runPipeline('nope'), { ok: false, code: 2, message: 'nope' });
});

test('print returns a copy that later calls do not change', () => {
  const { core } = fakeCore();
  core.parse('first\n');
  const a = core.print();
  assert.ok(a instanceof Uint8Array);
  core.parse('other\n');
  core.print();
  assert.equal(dec.decode(a), '; printed\nfirst\n');
});

test('a trap becomes {ok:false, internal:true} and the next call runs on a fresh instance', () => {
  const { core, made } = fakeCore();
  const r = core.runPipeline('trap');
  assert.deepEqual(r, { ok: false, internal: true, message: 'unreachable' });
  assert.equal(made.length, 2);
  assert.equal(core.restarts, 1);
  assert.equal(core.parse('again\n').ok, true);
  assert.equal(made[1].st.input, 'again\n');
});

test('errors that are not traps (caller bugs) are rethrown', () => {
  const { core } = fakeCore({ parse() { throw new TypeError('boom'); } });
  assert.throws(() => core.parse('x'), TypeError);
});

test('optional exports: absent verify/functions/version degrade, present ones are used', () => {
  const { core } = fakeCore();
  assert.deepEqual(core.verify(), { ok: true, skipped: true, message: '' });
  assert.deepEqual(core.functions(), []);
  assert.equal(core.version(), '');
  const { core: full } = fakeCore({ extra: {
    verify() { this.st.err = 'Broken!'; return 1; },
    functionCount: () => 1, functionName() { return this.print(); }, functionBlockCount: () => 2, functionIsDeclaration: () => 0,
    version() { return this.print(); },
  } });
  assert.deepEqual(full.verify(), { ok: false, message: 'Broken!' });
  assert.deepEqual(full.functions(), [{ name: '; printed\n', blocks: 2, declaration: false }]);
});

test('a core missing required exports is refused with the list', () => {
  assert.throws(() => new WoptCore(() => ({ memory: new WebAssembly.Memory({ initial: 1 }) })), /missing exports .*inputAlloc/);
});

test('mock wasm core: real traps and aborts recover; side outputs and module id arrive', async () => {
  const core = await instantiate(fs.readFileSync(await mockCorePath()));
  assert.equal(core.version(), 'mock-core 1');

  assert.deepEqual(core.parse('ok\n', { moduleId: 'a.ll' }), { ok: true, line: 0, col: 0, message: '' });
  assert.equal(dec.decode(core.print()), "; ModuleID = 'a.ll'\nok\n");

  const trap = core.parse('x $$\n');
  assert.equal(trap.ok, false);
  assert.equal(trap.internal, true);
  assert.match(trap.message, /unreachable/);

  const abort = core.parse('@@');
  assert.equal(abort.internal, true);
  assert.match(abort.message, /mock assertion in .*mock-core\.ts:\d+:\d+/);
  assert.equal(core.restarts, 2);

  assert.deepEqual(core.parse('fine\n'), { ok: true, line: 0, col: 0, message: '' });
  const r = core.runPipeline('print<domtree>,dot-dom', { 'mergefunc-use-aliases': true });
  assert.equal(r.ok, true);
  assert.equal(r.log, 'options: mergefunc-use-aliases=1\nDominatorTree for function: mock\n');
  assert.equal(r.files.length, 1);
  assert.equal(r.files[0].name, 'dom.mock.dot');
  assert.equal(dec.decode(r.files[0].bytes), 'digraph "mock" {}\n');
  assert.deepEqual(core.functions(), [{ name: 'f', blocks: 3, declaration: false }, { name: 'é', blocks: 0, declaration: true }]);

  const t = core.runPipeline('trap');
  assert.equal(t.internal, true);
  assert.equal(dec.decode(core.print()), "; ModuleID = '<string>'\n", 'fresh instance after the trap');
});
