// The code cache (bindings/code-cache.js): V8's machine code of the core kept beside it, so a CLI
// run starts with optimised code. It must never change a result, never be used for another .wasm,
// never be read from a file others could have written, and a run without it must make one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO, REAL_WASM, haveRealCore, NO_CORE, runCli, tempDir } from '../helpers.js';

const BUILD = path.join(REPO, 'bindings/code-cache-build.js');
const INPUT = path.join(REPO, 'tests/fixtures/printer-instructions.ll');

// A private copy of the release core in dir, and the environment that keeps its cache there.
function privateCore(dir) {
  const wasm = path.join(dir, 'core.wasm');
  fs.copyFileSync(REAL_WASM, wasm);
  return { wasm, env: { WOPT_WASM: wasm, WOPT_CODE_CACHE_DIR: dir } };
}

const cacheFiles = dir => fs.readdirSync(dir).filter(f => f.endsWith('.v8cache'));

// What loadWopt made of the core in a fresh process: the code cache status and a run's output.
function probe(env) {
  const js = `import { loadWopt, codeCacheStatus } from ${JSON.stringify(new URL('../../../bindings/node.js', import.meta.url).href)};
    const core = await loadWopt();
    const r = core.parse(${JSON.stringify(fs.readFileSync(INPUT, 'utf8'))});
    process.stdout.write(JSON.stringify({ status: codeCacheStatus(), ok: r.ok }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', js], { encoding: 'utf8', env: { ...process.env, ...env } });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

function build(env, args = []) {
  return spawnSync(process.execPath, [BUILD, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
}

test('a built cache is loaded, and the CLI prints the same bytes with and without it', { skip: !haveRealCore && NO_CORE }, async t => {
  const dir = tempDir(t);
  const { env } = privateCore(dir);
  assert.equal(probe(env).status, 'missing');
  const b = build(env);
  assert.equal(b.status, 0, b.stderr);
  assert.equal(cacheFiles(dir).length, 1);
  const p = probe(env);
  assert.deepEqual(p, { status: 'loaded', ok: true });
  assert.equal(probe({ ...env, WOPT_CODE_CACHE: '0' }).status, 'off');
  for (const passes of ['mem2reg', 'mergefunc']) {
    const args = ['-S', `-passes=${passes}`, INPUT, '-o', '-'];
    const cached = await runCli(args, { env });
    const plain = await runCli(args, { env: { ...env, WOPT_CODE_CACHE: '0' } });
    assert.equal(cached.code, 0, cached.stderr);
    assert.equal(cached.stdout, plain.stdout, passes);
    assert.ok(cached.stdout.length > 1000);
  }
});

test('a cache of another .wasm, a truncated one or one others can write is not used', { skip: !haveRealCore && NO_CORE }, t => {
  const dir = tempDir(t);
  const { env } = privateCore(dir);
  assert.equal(build(env).status, 0);
  const [name] = cacheFiles(dir);
  const cache = path.join(dir, name);
  const good = fs.readFileSync(cache);

  // a cache made from another .wasm of the same length: one byte of its stored copy differs
  const copy = Buffer.from(good);
  copy[16 + 100] ^= 1;
  fs.writeFileSync(cache, copy, { mode: 0o644 });
  assert.equal(probe(env).status, 'missing', 'the stored .wasm differs from the one loaded');

  fs.writeFileSync(cache, good.subarray(0, good.length - 1), { mode: 0o644 });
  assert.equal(probe(env).status, 'missing', 'truncated');

  fs.writeFileSync(cache, good, { mode: 0o644 });
  assert.equal(probe(env).status, 'loaded');
  if (process.platform !== 'win32') {
    fs.chmodSync(cache, 0o666);
    assert.equal(probe(env).status, 'missing', 'writable by others');
  }
});

test('a CLI run without a cache starts making one in the background; WOPT_CODE_CACHE=0 does not', { skip: !haveRealCore && NO_CORE }, async t => {
  const dir = tempDir(t);
  const { env } = privateCore(dir);
  const off = await runCli(['-S', INPUT, '-o', path.join(dir, 'a.ll')], { env: { ...env, WOPT_CODE_CACHE: '0' } });
  assert.equal(off.code, 0, off.stderr);
  await new Promise(r => setTimeout(r, 500));
  assert.deepEqual(fs.readdirSync(dir).filter(f => f.includes('v8cache')), [], 'no cache, no lock');

  const r = await runCli(['-S', INPUT, '-o', path.join(dir, 'b.ll')], { env });
  assert.equal(r.code, 0, r.stderr);
  const deadline = Date.now() + 60_000;
  while (!cacheFiles(dir).length || fs.readdirSync(dir).some(f => f.endsWith('.lock'))) {
    assert.ok(Date.now() < deadline, `no cache after 60 s: ${fs.readdirSync(dir).join(' ')}`);
    await new Promise(res => setTimeout(res, 100));
  }
  assert.equal(probe(env).status, 'loaded');
  const again = await runCli(['-S', INPUT, '-o', path.join(dir, 'c.ll')], { env });
  assert.equal(again.code, 0);
  assert.equal(fs.readFileSync(path.join(dir, 'c.ll'), 'utf8'), fs.readFileSync(path.join(dir, 'a.ll'), 'utf8'));
});

// The blob and the .wasm bytes are copied by V8 when the core is loaded from the cache: release()
// gives their memory back at once (they were part of a 1 MB run's peak), and only buffers whose
// memory is theirs alone.
test('release() empties a whole buffer at once and leaves a view into a larger one alone', async () => {
  const { release } = await import('../../../bindings/code-cache.js');
  const ab = new ArrayBuffer(1 << 20);
  release(ab);
  assert.equal(ab.byteLength, 0);
  const whole = Buffer.from(new ArrayBuffer(4096));
  release(whole);
  assert.equal(whole.buffer.byteLength, 0);
  const big = new ArrayBuffer(8192), part = new Uint8Array(big, 4096, 1024);
  part.fill(7);
  release(part);
  assert.equal(big.byteLength, 8192);
  assert.equal(part[0], 7);
});
