// The bitcode reader (assembly/bitcode/reader.ts): for every fixture llvm-as-N reads, wopt on the
// bitcode prints what wopt prints on the text (the ModuleID and source_filename lines aside), under
// --llvm-version=N for N = 19 and 22; mem2reg and mergefunc give the same output on both; bad
// bitcode gets an error naming the block and bit offset, and mutated bitcode never traps or hangs.
// Debug-info nodes other than DILocation/DIExpression are not read yet: a module that has them must
// fail with the reader's "is not read yet" error (counted, and listed when the test is verbose).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadWopt } from '../../bindings/node.js';
import { runModule } from '../../bindings/driver.js';
import { REPO, LLVM_VERSIONS, llvmBin, haveRealCore, NO_CORE, REAL_WASM } from './helpers.js';

const llvmAs = v => path.join(llvmBin(v), 'llvm-as');
const llvmDis = v => path.join(llvmBin(v), 'llvm-dis');
const haveAs = v => fs.existsSync(llvmAs(v));
const NOT_YET = /is not read yet/;

function fixtures() {
  const out = [];
  const walk = d => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else if (e.name.endsWith('.ll')) out.push(p); } };
  walk(path.join(REPO, 'tests/fixtures'));
  const lit = path.join(REPO, '../shared/llvm-lit');
  if (process.env.WOPT_BITCODE_LIT && fs.existsSync(lit)) walk(lit);
  return out.sort();
}
const body = text => text.split('\n').filter(l => !l.startsWith('; ModuleID') && !l.startsWith('source_filename')).join('\n');

function run(core, bytes, llvmVersion, passes = '') {
  const r = runModule(core, bytes, { passes, llvmVersion, moduleId: 'm' });
  return { ok: r.ok, stage: r.stage, error: r.error && r.error.message, output: r.output ? Buffer.from(r.output).toString() : '' };
}

for (const v of LLVM_VERSIONS) {
  test(`bitcode: wopt on llvm-as-${v}'s bitcode prints what wopt prints on the text`, { timeout: 900000 }, async t => {
    if (!haveRealCore) return t.skip(NO_CORE);
    if (!haveAs(v)) return t.skip(`llvm-as-${v} not installed`);
    const core = await loadWopt({ wasmPath: REAL_WASM });
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bcread-'));
    let compared = 0, viaDis = 0; const notYet = [];
    try {
      for (const f of fixtures()) {
        const bc = path.join(tmp, 'x.bc');
        if (spawnSync(llvmAs(v), [f, '-o', bc]).status !== 0) continue;
        const text = run(core, fs.readFileSync(f), v);
        if (!text.ok || text.stage !== 'done' && !text.output) continue;   // wopt stops on the text too
        const bin = run(core, fs.readFileSync(bc), v);
        if (!bin.ok && NOT_YET.test(bin.error ?? '')) { notYet.push(path.relative(REPO, f)); continue; }
        assert.equal(bin.ok, true, `${path.relative(REPO, f)}: ${bin.error}`);
        if (body(bin.output) !== body(text.output)) {
          // llvm-as itself changed the module (its constant folder, intrinsic attributes): then the
          // bitcode's own text, llvm-dis's, is the reference
          const ll = path.join(tmp, 'x.ll');
          assert.equal(spawnSync(llvmDis(v), [bc, '-o', ll]).status, 0);
          const dis = run(core, fs.readFileSync(ll), v);
          assert.equal(body(bin.output), body(dis.output), path.relative(REPO, f));
          viaDis++;
        }
        compared++;
      }
    } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
    t.diagnostic(`compared ${compared} (${viaDis} against llvm-dis's text), not read yet (debug-info nodes): ${notYet.length}`);
    assert.ok(compared >= 60, `compared ${compared} modules`);
  });

  test(`bitcode: mem2reg and mergefunc on llvm-as-${v}'s bitcode equal them on the text`, { timeout: 900000 }, async t => {
    if (!haveRealCore) return t.skip(NO_CORE);
    if (!haveAs(v)) return t.skip(`llvm-as-${v} not installed`);
    const core = await loadWopt({ wasmPath: REAL_WASM });
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bcread-'));
    let compared = 0;
    try {
      for (const [dir, passes] of [['mem2reg22', 'function(mem2reg)'], ['mergefunc22', 'mergefunc'], [v === 19 ? 'll' : 'll22', 'mergefunc,function(mem2reg)']]) {
        const d = path.join(REPO, 'tests/fixtures', dir);
        if (!fs.existsSync(d)) continue;
        for (const name of fs.readdirSync(d).filter(n => n.endsWith('.ll')).sort()) {
          const f = path.join(d, name), bc = path.join(tmp, 'x.bc');
          // known gap: LLVM numbers the blocks a blockaddress names before the body differently
          // when it reads bitcode (see assembly/bitcode/README); those functions are left out
          if (fs.readFileSync(f, 'utf8').includes('blockaddress(')) continue;
          if (spawnSync(llvmAs(v), [f, '-o', bc]).status !== 0) continue;
          const text = run(core, fs.readFileSync(f), v, passes);
          if (!text.ok) continue;
          const bin = run(core, fs.readFileSync(bc), v, passes);
          if (!bin.ok && NOT_YET.test(bin.error ?? '')) continue;
          assert.equal(bin.ok, true, `${dir}/${name}: ${bin.error}`);
          assert.equal(body(bin.output), body(text.output), `${dir}/${name} -passes=${passes}`);
          compared++;
        }
      }
    } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
    assert.ok(compared >= 20, `compared ${compared} modules`);
  });
}

// A small valid module's bitcode.
function sample() {
  const v = LLVM_VERSIONS.find(haveAs);
  if (v === undefined) return null;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bcread-'));
  try {
    const out = path.join(tmp, 'x.bc');
    assert.equal(spawnSync(llvmAs(v), [path.join(REPO, 'tests/fixtures/printer-instructions.ll'), '-o', out]).status, 0);
    return { v, bytes: new Uint8Array(fs.readFileSync(out)) };
  } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
}

test('bitcode: bad bitcode gets an error naming the block and bit offset', async t => {
  if (!haveRealCore) return t.skip(NO_CORE);
  const s = sample();
  if (!s) return t.skip('no llvm-as');
  const core = await loadWopt({ wasmPath: REAL_WASM });
  const good = run(core, s.bytes, s.v);
  assert.equal(good.ok, true, good.error);
  // truncated (a whole number of words, so the container check passes)
  for (const cut of [8, 64, 200, s.bytes.length >> 1]) {
    const r = run(core, s.bytes.slice(0, cut & ~3), s.v);
    assert.equal(r.ok, false, `cut at ${cut}`);
    assert.match(r.error, /bit offset \d+/, `cut at ${cut}: ${r.error}`);
  }
  // a length that is not a whole number of words
  const odd = run(core, s.bytes.slice(0, 4 * 10 + 1), s.v);
  assert.equal(odd.ok, false);
  assert.match(odd.error, /multiple of 4 bytes/);
});

test('bitcode: mutated bitcode never traps or hangs the reader', async t => {
  if (!haveRealCore) return t.skip(NO_CORE);
  const s = sample();
  if (!s) return t.skip('no llvm-as');
  const core = await loadWopt({ wasmPath: REAL_WASM });
  let seed = 12345;
  const rnd = n => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
  let failedClean = 0;
  for (let round = 0; round < 300; round++) {
    const b = new Uint8Array(s.bytes);
    const flips = 1 + rnd(4);
    for (let k = 0; k < flips; k++) {
      const at = 4 + rnd(b.length - 4);
      if (rnd(2)) b[at] ^= 1 << rnd(8); else b[at] = rnd(256);
    }
    const r = run(core, b, s.v);
    if (!r.ok) {
      assert.ok(!/internal error|unreachable|RuntimeError/i.test(r.error ?? ''), `round ${round}: ${r.error}`);
      failedClean++;
    }
  }
  assert.ok(failedClean > 0, 'some mutants must be rejected');
});
