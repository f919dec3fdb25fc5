// The session API (bindings/session.js) and its worker form (bindings/worker.js, worker-node.js): the same results
// as optimize() and the CLI, the same diagnostics, a repository through the session, and the worker
// session's transfer, cancellation and responsiveness.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { optimize, openSession } from '../../../bindings/index.js';
import { openWorkerSession } from '../../../bindings/worker-node.js';
import { generate, parseSize } from '../../../bench/gen.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
// Allocas for mem2reg, two equal functions for mergefunc (one internal, so it becomes an alias or
// is replaced), a declaration and a global.
const TEXT = `@g = global i32 7

declare void @sink(i32)

define internal i32 @sum3(i32 %a, i32 %b, i32 %c) {
entry:
  %t = alloca i32, align 4
  %x = add i32 %a, %b
  %y = mul i32 %x, %c
  store i32 %y, ptr %t, align 4
  %z = load i32, ptr %t, align 4
  call void @sink(i32 %z)
  ret i32 %z
}

define i32 @sum3b(i32 %a, i32 %b, i32 %c) {
entry:
  %t = alloca i32, align 4
  %x = add i32 %a, %b
  %y = mul i32 %x, %c
  store i32 %y, ptr %t, align 4
  %z = load i32, ptr %t, align 4
  call void @sink(i32 %z)
  ret i32 %z
}

define i32 @pick(i1 %c, i32 %a) {
entry:
  %x = alloca i32, align 4
  br i1 %c, label %then, label %else
then:
  store i32 %a, ptr %x, align 4
  br label %join
else:
  %v = load i32, ptr @g, align 4
  store i32 %v, ptr %x, align 4
  br label %join
join:
  %r = load i32, ptr %x, align 4
  %s = call i32 @sum3(i32 %r, i32 1, i32 2)
  ret i32 %s
}
`;
const FIXTURE = join(mkdtempSync(join(tmpdir(), 'wopt-session-')), 'session.ll');
writeFileSync(FIXTURE, TEXT);
const PIPELINES = ['mem2reg', 'mergefunc', 'function(mem2reg),mergefunc', ''];

function cli(passes, llvmVersion = 22) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bindings/cli.js'), '-S', `-passes=${passes}`, `--llvm-version=${llvmVersion}`, FIXTURE, '-o', '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test('a session gives what optimize() and the CLI give, for every kind of pipeline and both LLVM versions', async () => {
  for (const llvmVersion of [22, 19]) {
    const s = await openSession({ llvmVersion });
    assert.equal(s.llvmVersion, llvmVersion);
    for (const passes of PIPELINES) {
      const a = await s.optimize(TEXT, { passes, moduleId: FIXTURE });
      const b = await optimize(TEXT, { passes, moduleId: FIXTURE, llvmVersion });
      assert.equal(a.ok, true, JSON.stringify(a.diagnostics));
      assert.equal(a.output, b.output, `${passes} (LLVM ${llvmVersion}): session = optimize()`);
      assert.equal(a.output, cli(passes, llvmVersion), `${passes} (LLVM ${llvmVersion}): session = CLI`);
      assert.ok(a.timings.some(t => t.name === 'Parse IR'));
    }
    const fns = await s.functions();
    assert.ok(fns.length > 0 && fns.every(f => typeof f.name === 'string' && f.blocks >= 0));
    assert.ok((await s.passes()).some(p => p.name === 'mem2reg' && p.level === 'function'));
    await s.close();
    await assert.rejects(s.optimize(TEXT), /session is closed/);
  }
});

test('a worker session gives the same outputs and diagnostics as a session', async () => {
  const s = await openSession();
  const w = await openWorkerSession();
  try {
    for (const passes of PIPELINES) {
      const a = await s.optimize(TEXT, { passes });
      const b = await w.optimize(TEXT, { passes });
      assert.equal(b.output, a.output, passes);
      const bytes = await w.optimize(new TextEncoder().encode(TEXT), { passes, output: 'bytes' });
      assert.ok(bytes.output instanceof Uint8Array);
      assert.equal(new TextDecoder().decode(bytes.output), a.output);
    }
    assert.deepEqual(await w.functions(), await s.functions());
    for (const bad of ['define i32 @f( {', 'define void @f() {\n  %x = add i32 1\n  ret void\n}\n']) {
      const a = await s.optimize(bad, { passes: 'mem2reg' });
      const b = await w.optimize(bad, { passes: 'mem2reg' });
      assert.equal(a.ok, false);
      assert.deepEqual(b.diagnostics, a.diagnostics);
      assert.ok(a.diagnostics[0].line > 0 && a.diagnostics[0].message.length > 0);
    }
    const unknown = await w.optimize(TEXT, { passes: 'nosuchpass' });
    assert.equal(unknown.ok, false);
    assert.match(unknown.diagnostics[0].message, /unknown pass name 'nosuchpass'/);
  } finally {
    await w.close(); await s.close();
  }
});

test('a repository given to a session (and to a worker session, as a spec) stores the module', async () => {
  const passes = 'repo-metadata,repo-prune,mem2reg';
  const s = await openSession({ repository: ':memory:' });
  const first = await s.optimize(TEXT, { passes });
  assert.equal(first.ok, true, JSON.stringify(first.diagnostics));
  assert.ok(first.repo.stored > 0, 'definitions stored');
  const again = await s.optimize(TEXT, { passes });
  assert.ok(again.repo.pruned > 0, 'the second run prunes what the first stored');
  await s.close();
  const w = await openWorkerSession({ repository: ':memory:' });
  const r = await w.optimize(TEXT, { passes });
  assert.equal(r.repo.stored, first.repo.stored);
  await w.close();
  await assert.rejects(openWorkerSession({ core: {} }), /loads its own core/);
});

test('a worker session: transfer detaches the input, abort stops the work, the session goes on, the main thread stays free', async (t) => {
  const big = new TextEncoder().encode(generate({ size: parseSize('4MB'), seed: 3, dup: 0.3 }));
  const copy = big.slice();
  const w = await openWorkerSession();
  try {
    // the main thread while the worker optimises: timers keep firing
    let ticks = 0, last = performance.now(), worst = 0;
    const iv = setInterval(() => { const n = performance.now(); worst = Math.max(worst, n - last); last = n; ticks++; }, 10);
    const t0 = performance.now();
    const full = await w.optimize(copy, { passes: 'mergefunc', output: 'none', transfer: true });
    const ms = performance.now() - t0;
    clearInterval(iv);
    assert.equal(full.ok, true, JSON.stringify(full.diagnostics));
    assert.equal(copy.byteLength, 0, 'the transferred input is detached');
    assert.ok(ticks > 0, 'timers fired while the worker ran');
    t.diagnostic(`4 MB mergefunc in the worker: ${ms.toFixed(0)} ms; main-thread timer ticks ${ticks}, longest gap ${worst.toFixed(1)} ms`);

    // abort while the worker is busy
    const ac = new AbortController();
    const p = w.optimize(big, { passes: 'mergefunc', signal: ac.signal });
    setTimeout(() => ac.abort(), 30);
    await assert.rejects(p, e => e.name === 'AbortError');
    // an already-aborted signal rejects before any work
    await assert.rejects(w.optimize(TEXT, { signal: AbortSignal.abort() }), e => e.name === 'AbortError');
    // and the session goes on, in a new worker
    const after = await w.optimize(TEXT, { passes: 'mem2reg' });
    assert.equal(after.ok, true);
    assert.equal(after.output, (await optimize(TEXT, { passes: 'mem2reg' })).output);
  } finally {
    await w.close();
  }
});
