// wopt in a real browser: headless Chromium (Debian's, driven by playwright-core) loads the browser
// entries from a local server, as raw ES modules and as an esbuild bundle, and runs mem2reg and
// mergefunc on the main thread and in a module Web Worker (with cancellation), comparing the
// outputs with Node's byte for byte. Skipped when /usr/bin/chromium is missing, unless
// WOPT_REQUIRE_BROWSER=1 (CI sets it after installing chromium), which makes that a failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { optimize } from '../../../bindings/index.js';
import { generate, parseSize } from '../../../bench/gen.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const CHROMIUM = process.env.WOPT_CHROMIUM ?? '/usr/bin/chromium';
const required = process.env.WOPT_REQUIRE_BROWSER === '1';
const skip = !existsSync(CHROMIUM) && !required ? `no Chromium at ${CHROMIUM}` : false;

const TEXT = `declare void @sink(i32)

define internal i32 @f(i32 %a, i32 %b) {
  %t = alloca i32, align 4
  %x = mul i32 %a, %b
  %y = add i32 %x, 3
  store i32 %y, ptr %t, align 4
  %z = load i32, ptr %t, align 4
  call void @sink(i32 %z)
  ret i32 %z
}

define i32 @g(i32 %a, i32 %b) {
  %t = alloca i32, align 4
  %x = mul i32 %a, %b
  %y = add i32 %x, 3
  store i32 %y, ptr %t, align 4
  %z = load i32, ptr %t, align 4
  call void @sink(i32 %z)
  ret i32 %z
}

define i32 @use(i1 %c, i32 %a) {
entry:
  %v = alloca i32, align 4
  br i1 %c, label %l, label %r
l:
  store i32 %a, ptr %v, align 4
  br label %j
r:
  store i32 0, ptr %v, align 4
  br label %j
j:
  %w = load i32, ptr %v, align 4
  %s = call i32 @f(i32 %w, i32 2)
  ret i32 %s
}
`;

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.ll': 'text/plain' };

// Serves the checkout's bindings/, build/ and tests/browser/, and /bundle/ from `bundleDir`.
function serve(bundleDir) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.startsWith('/bundle/') ? join(bundleDir, path.slice(8)) : join(ROOT, path);
    const allowed = path.startsWith('/bundle/') || ['/bindings/', '/build/', '/tests/browser/'].some(p => path.startsWith(p));
    if (!allowed || file.includes(`..${sep}`) || !existsSync(file)) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise(ok => server.listen(0, '127.0.0.1', () => ok(server)));
}

// The app and the worker, bundled by esbuild into `dir` (served as /bundle/): esbuild does not
// bundle workers, so worker-main-browser.js is a second entry point, passed as workerUrl.
async function bundle(dir) {
  const { build } = await import('esbuild');
  mkdirSync(join(dir, 'src/node_modules'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'src/node_modules/wopt'), 'dir');
  writeFileSync(join(dir, 'src/app.js'), `import { optimize, openSession } from 'wopt';
import { openWorkerSession } from 'wopt/worker';
globalThis.wopt = { optimize, openSession, openWorkerSession: o => openWorkerSession({ workerUrl: new URL('./worker-main-browser.js', import.meta.url), ...o }) };
`);
  const r = await build({ entryPoints: { app: join(dir, 'src/app.js'), 'worker-main-browser': join(ROOT, 'bindings/worker-main-browser.js') }, bundle: true,
    platform: 'browser', format: 'esm', outdir: dir, logLevel: 'silent' });
  assert.deepEqual(r.errors, []);
}

test('in Chromium: raw ES modules and an esbuild bundle, main thread and Web Worker, equal to Node', { skip }, async (t) => {
  const { chromium } = await import('playwright-core');
  const dir = mkdtempSync(join(tmpdir(), 'wopt-browser-'));
  let server = null, browser = null;
  try {
    await bundle(dir);
    server = await serve(dir);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    const base = `http://127.0.0.1:${server.address().port}`;
    const want = {};
    for (const passes of ['mem2reg', 'mergefunc', 'function(mem2reg),mergefunc']) want[passes] = (await optimize(TEXT, { passes })).output;
    assert.match(want['function(mem2reg),mergefunc'], /phi i32/);

    for (const entry of ['raw', 'bundle']) {
      const page = await browser.newPage();
      const errors = [];
      page.on('pageerror', e => errors.push(e.message));
      await page.goto(`${base}/tests/browser/page.html?entry=${entry}`);
      await page.waitForFunction(() => window.woptReady === true, null, { timeout: 30_000 });
      // the bundle lives in /bundle/, so its default core URL would be /bundle/../build/: same place
      const got = await page.evaluate(async ({ text, pipelines, wasmUrl }) => {
        const out = {};
        for (const passes of pipelines) out[passes] = (await window.wopt.optimize(text, { passes })).output;
        const s = await window.wopt.openSession({ wasmUrl });
        const bad = await s.optimize('define i32 @f( {', { passes: 'mem2reg' });
        const w = await window.wopt.openWorkerSession({ wasmUrl });
        const inWorker = await w.optimize(new TextEncoder().encode(text), { passes: 'function(mem2reg),mergefunc', transfer: true });
        const fns = await w.functions();
        await w.close(); await s.close();
        return { out, bad: bad.diagnostics, inWorker: inWorker.output, fns: fns.map(f => f.name) };
      }, { text: TEXT, pipelines: Object.keys(want), wasmUrl: `${base}/build/wopt.wasm` });
      for (const passes of Object.keys(want)) assert.equal(got.out[passes], want[passes], `${entry}: ${passes} in Chromium = Node`);
      assert.equal(got.inWorker, want['function(mem2reg),mergefunc'], `${entry}: the Web Worker = Node`);
      assert.deepEqual(got.bad.map(d => [d.stage, d.line, d.col, d.message]), [['parse', 1, 17, 'expected type']]);
      assert.ok(got.fns.includes('use'));
      assert.deepEqual(errors, [], `${entry}: no page errors`);
      await page.close();
    }

    // a module too big to run on the main thread without stalling the page: in the worker, the
    // page's timers and input keep running; then a second run is aborted
    const page = await browser.newPage();
    await page.goto(`${base}/tests/browser/page.html`);
    await page.waitForFunction(() => window.woptReady === true);
    const big = generate({ size: parseSize('4MB'), seed: 5, dup: 0.3 });
    const r = await page.evaluate(async ({ big, wasmUrl }) => {
      const w = await window.wopt.openWorkerSession({ wasmUrl });
      let ticks = 0, last = performance.now(), worst = 0;
      const iv = setInterval(() => { const n = performance.now(); worst = Math.max(worst, n - last); last = n; ticks++; }, 10);
      const t0 = performance.now();
      const res = await w.optimize(big, { passes: 'mergefunc', output: 'none' });
      const ms = performance.now() - t0;
      clearInterval(iv);
      const ac = new AbortController();
      const p = w.optimize(big, { passes: 'mergefunc', signal: ac.signal });
      setTimeout(() => ac.abort(), 20);
      let aborted = '';
      try { await p; } catch (e) { aborted = e.name; }
      const after = await w.optimize('define void @f() {\n  ret void\n}\n', {});
      await w.close();
      return { ok: res.ok, ms, ticks, worst, aborted, after: after.ok };
    }, { big, wasmUrl: `${base}/build/wopt.wasm` });
    assert.equal(r.ok, true);
    assert.ok(r.ticks > 0, 'the page\'s timers fired while the worker ran');
    assert.equal(r.aborted, 'AbortError');
    assert.equal(r.after, true, 'the worker session goes on after an abort');
    t.diagnostic(`Chromium, 4 MB mergefunc in a Web Worker: ${r.ms.toFixed(0)} ms; page timer ticks ${r.ticks}, longest gap ${r.worst.toFixed(1)} ms`);
    await page.close();
  } finally {
    await browser?.close();
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
