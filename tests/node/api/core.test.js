// bindings/core.js: the WoptCore wrapper, against a fake instance written in JS (exact control
// over every export) and against the compiled mock core (real WebAssembly traps and aborts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { WoptCore, instantiate, encodePipeline } from '../../../bindings/core.js';
import { mockCorePath } from '../helpers.js';
import { EXPORTS } from '../../../bindings/abi.js';

const enc = new TextEncoder(), dec = new TextDecoder();

// The exports a fake core does not write itself answer as a core with nothing to say: the host
// requires every export of the ABI (bindings/abi.js).
function withDefaults(x) {
  const neutral = { setLLVMVersion: () => 0, errorOffset: () => -1, printStart() { return this.print(); }, printChunk: () => 0 };
  for (const name of EXPORTS) x[name] ??= neutral[name] ?? (() => 0);
  return x;
}

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
  return withDefaults(x);
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
  assert.deepEqual(core.runPipeline('mem2reg'), { ok: true, code: 0, message: '', log: '', files: [] });
  assert.equal(made[0].st.arg, 'mem2reg');
  core.runPipeline('mergefunc', { 'mergefunc-use-aliases': true });
  assert.equal(made[0].st.arg, 'mergefunc|mergefunc-use-aliases=1');
  assert.deepEqual(core.runPipeline('nope'), { ok: false, code: 2, message: 'nope', log: '', files: [] });
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

// Issue 18: WebAssembly hands i32 results to JS signed, so every address at or above 2 GiB comes
// back negative. A fake core in a memory of 2 GiB + 1 MiB whose buffers all lie above 2 GiB and
// whose exports return them the way WebAssembly does (`| 0`).
test('buffers above 2 GiB: every pointer and length is read unsigned', () => {
  const memory = new WebAssembly.Memory({ initial: 32768 + 16 });
  const HI = 2 ** 31, IN = HI + 0x1000, ARG = HI + 0x100, OUT = HI + 0x8000, ERR = HI + 0x200;
  const signed = v => v | 0;
  const put = (at, s) => { const b = enc.encode(s); new Uint8Array(memory.buffer).set(b, at); return b.length; };
  const st = { input: '', arg: '', chunk: 0 };
  const x = {
    memory, reset() {},
    inputAlloc: () => signed(IN), argAlloc: () => signed(ARG),
    setModuleId(n) { st.id = dec.decode(new Uint8Array(memory.buffer, ARG, n)); },
    parse(n) { st.input = dec.decode(new Uint8Array(memory.buffer, IN, n)); return st.input.startsWith('bad') ? 1 : 0; },
    runPipeline(n) { st.arg = dec.decode(new Uint8Array(memory.buffer, ARG, n)); return st.arg === 'nope' ? 2 : 0; },
    passOutput: () => put(OUT, 'log'), sideFileCount: () => 1,
    sideFileName: () => put(OUT, 'dom.f.dot'), sideFileData: () => put(OUT, 'digraph'),
    print: () => put(OUT, `; printed\n${st.input}`),
    printStart: () => { st.chunk = 0; return put(OUT, 'a'); },
    printChunk: () => (++st.chunk <= 2 ? put(OUT, `b${st.chunk}`) : 0),
    outputPtr: () => signed(OUT), errorPtr: () => signed(ERR),
    errorLine: () => 1, errorCol: () => 2, errorMessage: () => put(ERR, `error ${st.arg || st.input}`),
    version: () => put(OUT, 'wopt hi'),
    functionCount: () => 1, functionName: () => put(OUT, 'f'), functionBlockCount: () => 3, functionIsDeclaration: () => 0,
  };
  const core = new WoptCore(() => withDefaults(x));
  assert.deepEqual(core.parse('; high\n', { moduleId: 'm.ll' }), { ok: true, line: 0, col: 0, message: '' });
  assert.equal(st.input, '; high\n');
  assert.equal(st.id, 'm.ll');
  assert.deepEqual(core.parse('bad'), { ok: false, line: 1, col: 2, message: 'error bad' });
  core.parse('; high\n');
  const r = core.runPipeline('mem2reg');
  assert.equal(r.ok, true, r.message);
  assert.equal(r.log, 'log');
  assert.deepEqual(r.files.map(f => [f.name, dec.decode(f.bytes)]), [['dom.f.dot', 'digraph']]);
  assert.equal(core.runPipeline('nope').message, 'error nope');
  assert.equal(dec.decode(core.print()), '; printed\n; high\n');
  assert.deepEqual(core.printInto(v => (st.seen ??= []).push(dec.decode(v))), { ok: true, value: 3 });
  assert.deepEqual(st.seen, ['a', 'b1', 'b2']);
  assert.equal(core.version(), 'wopt hi');
  assert.deepEqual(core.functions(), [{ name: 'f', blocks: 3, declaration: false }]);
  assert.equal(core.restarts, 0);
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

test('verify, functions and version reach the core', () => {
  const { core } = fakeCore({ extra: {
    verify() { this.st.err = 'Broken!'; return 1; },
    functionCount: () => 1, functionName() { return this.print(); }, functionBlockCount: () => 2, functionIsDeclaration: () => 0,
    version() { return this.print(); },
  } });
  assert.deepEqual(core.verify(), { ok: false, message: 'Broken!' });
  assert.deepEqual(core.functions(), [{ name: '; printed\n', blocks: 2, declaration: false }]);
  assert.equal(core.version(), '; printed\n');
});

// The core and the bindings ship together: no export is optional, so a core without one (an old
// build beside new bindings) is refused when it loads, not at the first call that needs it.
test('a core lacking any export of the ABI is refused, naming it', () => {
  const x = fakeExports();
  delete x.verify;
  assert.throws(() => new WoptCore(() => x), /missing exports verify$/);
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
