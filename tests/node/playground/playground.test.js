// The web playground (playground/) in headless Chromium: the site is built into a temp folder by
// the same buildSite() that `npm run build:site` runs, served by a plain static server, and used
// as a person would: examples, Run and Ctrl-Enter, the output, the merge report, the per-pass
// diff, the CFG and dominator tree, a diagnostic at its line, a shared link, a dropped file, and
// typing while a 10 MB module is optimised in the Web Worker. Screenshots go to
// tests/browser/screenshots/. Skipped when /usr/bin/chromium is missing, unless
// WOPT_REQUIRE_BROWSER=1 (CI), which makes that a failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { optimize } from '../../../bindings/index.js';
import { generate, parseSize } from '../../../bench/gen.js';
import { buildSite } from '../../../playground/build.js';
import { serveDir } from '../../../playground/serve.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const CHROMIUM = process.env.WOPT_CHROMIUM ?? '/usr/bin/chromium';
const required = process.env.WOPT_REQUIRE_BROWSER === '1';
const skip = !existsSync(CHROMIUM) && !required ? `no Chromium at ${CHROMIUM}` : false;
const SHOTS = join(ROOT, 'tests/browser/screenshots');
const example = name => readFileSync(join(ROOT, 'playground/examples', name), 'utf8');

// Clicks Run (or presses Ctrl-Enter in the editor) and waits until that run is shown.
async function run(page, how = 'click') {
  const before = await page.evaluate(() => Number(document.body.dataset.runs ?? 0));
  if (how === 'key') { await page.click('#input .cm-content', { position: { x: 20, y: 8 } }); await page.keyboard.press('Control+Enter'); } else await page.click('#run');
  await page.waitForFunction(n => Number(document.body.dataset.runs ?? 0) > n && !document.body.classList.contains('running'), before, { timeout: 60_000 });
}

// Picks an example from the menu (which runs it) and waits for that run.
async function pickExample(page, key) {
  const before = await page.evaluate(() => Number(document.body.dataset.runs ?? 0));
  await page.selectOption('#example', key);
  await page.waitForFunction(n => Number(document.body.dataset.runs ?? 0) > n && !document.body.classList.contains('running'), before, { timeout: 60_000 });
}

test('the playground in Chromium: examples, views, diagnostics, shared links, a responsive page', { skip, timeout: 110_000 }, async (t) => {
  const { chromium } = await import('playwright-core');
  const dir = mkdtempSync(join(tmpdir(), 'wopt-playground-'));
  mkdirSync(SHOTS, { recursive: true });
  let server = null, browser = null;
  try {
    const files = await buildSite(dir);
    // what a browser downloads: the page's JS, the workers' JS and the core, gzipped
    const gz = f => gzipSync(readFileSync(join(dir, f)), { level: 9 }).length;
    const sizes = Object.fromEntries(['app.js', 'worker.js', 'lsp-worker.js', 'wopt.wasm', 'index.html', 'style.css'].map(f => [f, gz(f)]));
    const kb = n => `${(n / 1024).toFixed(0)} KB`;
    t.diagnostic(`gzipped download: app.js ${kb(sizes['app.js'])}, worker.js ${kb(sizes['worker.js'])}, lsp-worker.js ${kb(sizes['lsp-worker.js'])}, wopt.wasm ${kb(sizes['wopt.wasm'])}, ` +
      `html+css ${kb(sizes['index.html'] + sizes['style.css'])}; in all ${kb(Object.values(sizes).reduce((a, b) => a + b))}`);
    assert.equal(files.length, 6);

    server = await serveDir(dir);
    const base = `http://127.0.0.1:${server.address().port}/`;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
    const errors = [];
    page.on('pageerror', e => errors.push(e.message));
    await page.goto(base);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30_000 });
    assert.equal(await page.inputValue('#passes'), 'function(mem2reg),mergefunc');
    assert.equal(await page.evaluate(() => window.playground.input), example('c-like.ll'), 'the C example is loaded at first');
    // trace, mergeReport and inspect: the real ones where the core has them, else hand-made data
    const api = await page.evaluate(() => window.playground.features);
    t.diagnostic(`structured results from the core: ${JSON.stringify(api)}`);

    // mem2reg on the C example (Ctrl-Enter): phis in the output, equal to Node's
    await page.fill('#passes', 'function(mem2reg)');
    await run(page, 'key');
    const out = await page.evaluate(() => window.playground.output);
    assert.equal(out, (await optimize(example('c-like.ll'), { passes: 'function(mem2reg)' })).output);
    assert.match(out, / = phi i32 /);
    await page.screenshot({ path: join(SHOTS, 'c-mem2reg-output.png') });

    // the CFG and dominator tree of sum_to: its loop header holds the phis
    await page.click('#tab-cfg');
    if (api.inspect) {
      await page.selectOption('#fn-select', 'sum_to');
      await page.waitForSelector('svg.graph.cfg .node.phi');
    } else {
      // the inspect() API is not in this core yet: the view is fed a hand-made answer
      const B = (name, succ, pred, idom, ipdom, frontier, phis) => ({ name, succ, pred, idom, ipdom, frontier, phis, reachable: true });
      await page.evaluate(fn => window.playground.renderFunction(fn), { name: 'sum_to', blocks: [B('entry', [1], [], -1, 1, [], 0),
        B('for.cond', [2, 4], [0, 3], 0, 4, [1], 2), B('for.body', [3], [1], 1, 3, [1], 0), B('for.inc', [1], [2], 2, 1, [1], 0), B('for.end', [], [1], 1, -1, [], 0)] });
    }
    const cfg = await page.evaluate(() => ({
      phiNodes: [...document.querySelectorAll('svg.graph.cfg .node.phi')].map(g => [...g.querySelectorAll('text')].map(x => x.textContent).join(' ')),
      cfgNodes: document.querySelectorAll('svg.graph.cfg .node').length,
      backEdges: document.querySelectorAll('svg.graph.cfg .edge.back').length,
      domNodes: document.querySelectorAll('svg.graph.domtree .node').length,
      domEdges: document.querySelectorAll('svg.graph.domtree .edge').length,
      frontier: [...document.querySelectorAll('.blocks-table tbody tr')].map(tr => [...tr.children].map(td => td.textContent)),
    }));
    assert.deepEqual(cfg.phiNodes, ['%for.cond φ 2'], 'the loop header is marked with its two phis');
    assert.equal(cfg.cfgNodes, 5);
    assert.equal(cfg.backEdges, 1, 'the loop\'s back edge');
    assert.equal(cfg.domNodes, 5);
    assert.equal(cfg.domEdges, 4);
    assert.deepEqual(cfg.frontier.find(r => r[0] === '%for.body'), ['%for.body', '%for.cond', '%for.inc', '%for.cond', '']);
    await page.screenshot({ path: join(SHOTS, 'cfg-domtree.png') });

    // mergefunc on the C++ example: the instantiations merge, the report table says so
    await page.fill('#passes', 'function(mem2reg),mergefunc');
    await pickExample(page, 'cpp');
    assert.equal(await page.evaluate(() => window.playground.output), (await optimize(example('cpp-templates.ll'), { passes: 'function(mem2reg),mergefunc' })).output);
    await page.click('#tab-merges');
    if (!api.mergeReport) {
      await page.evaluate(() => window.playground.showResult({ ...window.playground.result, mergeReport: { pass: 'mergefunc', functionsMerged: 1, thunks: 0, aliases: 0, privateCopies: 1,
        merged: [{ function: '_Z5countIjEiPKT_iS0_', into: '_Z5countIiEiPKT_iS0_', how: 'erased', callersRedirected: 1, viaPrivateCopy: true }] } }));
    }
    const merges = await page.evaluate(() => [...document.querySelectorAll('.merge-table tbody tr')].map(tr => [...tr.children].map(td => td.textContent)));
    assert.ok(merges.some(r => r[0] === '@_Z5countIjEiPKT_iS0_' || r[1] === '@_Z5countIjEiPKT_iS0_'), `count<unsigned> merged: ${JSON.stringify(merges)}`);
    assert.match(await page.textContent('.merge-summary'), /merged/);
    await page.screenshot({ path: join(SHOTS, 'cpp-merges.png') });

    // the per-pass view: runs listed in order, a changed one's diff
    await page.click('#tab-passes');
    if (!api.trace) {
      await page.evaluate(() => {
        const r = window.playground.result, before = 'define i32 @f() {\n  %a = alloca i32\n  store i32 1, ptr %a\n  %v = load i32, ptr %a\n  ret i32 %v\n}';
        window.playground.showResult({ ...r, trace: [{ pass: 'PromotePass', name: 'mem2reg', unit: 'f', changed: true, before, after: 'define i32 @f() {\n  ret i32 1\n}' },
          { pass: 'MergeFunctionsPass', name: 'mergefunc', unit: '[module]', changed: false, before, after: before }] });
      });
    }
    const passes = await page.evaluate(() => [...document.querySelectorAll('.pass-list li')].map(li => ({ cls: li.className, text: li.textContent })));
    assert.ok(passes.length >= 2, 'one row per pass run');
    assert.ok(passes.some(p => p.cls.includes('changed') && !p.cls.includes('unchanged') && p.text.includes('mem2reg')));
    const changed = page.locator('.pass-list li.changed').first();
    await changed.click();
    const diff = await page.evaluate(() => ({ add: document.querySelectorAll('.diff-body .line.add').length, del: document.querySelectorAll('.diff-body .line.del').length }));
    assert.ok(diff.add + diff.del > 0, 'the diff shows changed lines');
    await page.screenshot({ path: join(SHOTS, 'passes-diff.png') });

    // a syntax error: marked at its line in the editor, with opt's message
    await page.click('#tab-output');
    const lines = example('c-like.ll').split('\n');
    const at = lines.findIndex(l => l.includes('%cmp = icmp slt'));
    lines[at] = lines[at].replace('%1, %2', '%1 %2');
    const broken = lines.join('\n');
    const want = (await optimize(broken, { passes: 'mem2reg' })).diagnostics[0];
    await page.evaluate(text => window.playground.setInput(text), broken);
    await run(page);
    const marked = await page.evaluate(() => {
      const line = document.querySelector('#input .cm-diag-line'), marker = document.querySelector('#input .cm-diag-marker');
      // the line number drawn level with the marked line, and the marker level with it too
      const top = line?.getBoundingClientRect().top;
      const number = [...document.querySelectorAll('#input .cm-lineNumbers .cm-gutterElement')].find(g => Math.abs(g.getBoundingClientRect().top - top) < 2);
      return { number: Number(number?.textContent), markerLevel: marker ? Math.abs(marker.closest('.cm-gutterElement').getBoundingClientRect().top - top) < 2 : false,
        message: document.querySelector('#input .cm-diag-message')?.textContent, status: document.getElementById('status').textContent };
    });
    assert.equal(want.line, at + 1);
    assert.equal(marked.number, want.line, 'the line decoration is on the diagnostic\'s line');
    assert.ok(marked.markerLevel, 'the gutter marker is on that line');
    assert.equal(marked.message, `parse: ${want.message} (column ${want.col})`);
    assert.match(marked.status, /1 error/);
    await page.screenshot({ path: join(SHOTS, 'diagnostic.png') });

    // a shared link: LLVM 19, a pipeline and the input in the hash come back on load
    await page.evaluate(text => window.playground.setInput(text), example('rust.ll'));
    await page.fill('#passes', 'mergefunc');
    const beforeRuns = await page.evaluate(() => Number(document.body.dataset.runs));
    await page.selectOption('#version', '19');
    await page.waitForFunction(n => Number(document.body.dataset.runs) > n && !document.body.classList.contains('running'), beforeRuns);
    const url = page.url();
    assert.match(url, /#v=19&p=mergefunc&ir=/);
    const page2 = await browser.newPage({ viewport: { width: 1440, height: 860 } });
    page2.on('pageerror', e => errors.push(e.message));
    await page2.goto(url);
    await page2.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30_000 });
    assert.equal(await page2.evaluate(() => window.playground.input), example('rust.ll'), 'the input comes back from the link');
    assert.equal(await page2.inputValue('#passes'), 'mergefunc');
    assert.equal(await page2.inputValue('#version'), '19');
    assert.equal(await page2.evaluate(() => window.playground.output), (await optimize(example('rust.ll'), { passes: 'mergefunc', llvmVersion: 19 })).output);
    await page2.close();

    // a .ll file dropped on the editor is loaded
    const dropped = 'define i32 @dropped() {\n  ret i32 7\n}\n';
    await page.evaluate(text => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'dropped.ll', { type: 'text/plain' }));
      document.querySelector('#input .cm-content').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, dropped);
    await page.waitForFunction(text => window.playground.input === text, dropped);

    // responsiveness while the worker runs a 10 MB module, measured twice: a 10 ms timer alone
    // (Chromium runs input before timers, so typing would starve it), then typing in the editor
    const big = generate({ size: parseSize('10MB'), seed: 7, dup: 0.3 });
    await page.selectOption('#version', '22');
    await page.waitForFunction(() => !document.body.classList.contains('running'));
    await page.fill('#passes', 'function(mem2reg),mergefunc');
    await page.evaluate(text => window.playground.setInput(text), big);
    const typed = '; typed while the worker runs';
    const measure = async (typing) => {
      await page.evaluate(() => {
        // the worker computes from the call to its answer (body[data-phase=worker]); a timer gap
        // is the worker's when it computed at both ends, else the page's own work (reading the
        // editor, showing a 10 MB output)
        const inRun = () => document.body.dataset.phase === 'worker';
        const probe = window.probe = { events: 0, eventsInRun: 0, eventDelay: 0, eventDelayInRun: 0, gap: 0, gapInRun: 0, ticks: 0, last: performance.now() };
        probe.onKey = e => {
          probe.events++;
          const delay = performance.now() - e.timeStamp;
          if (inRun()) { probe.eventsInRun++; probe.eventDelayInRun = Math.max(probe.eventDelayInRun, delay); } else probe.eventDelay = Math.max(probe.eventDelay, delay);
        };
        document.addEventListener('keydown', probe.onKey, true);
        let was = false;
        probe.timer = setInterval(() => {
          const n = performance.now(), g = n - probe.last, now = inRun();
          if (was && now) probe.gapInRun = Math.max(probe.gapInRun, g); else probe.gap = Math.max(probe.gap, g);
          probe.last = n; probe.ticks++; was = now;
        }, 10);
      });
      const runs0 = await page.evaluate(() => Number(document.body.dataset.runs));
      await page.click('#run');
      let stillRunning = null;
      if (typing) {
        await page.click('#input .cm-content', { position: { x: 20, y: 8 } });
        await page.keyboard.press('Control+Home');
        await page.keyboard.type(typed, { delay: 5 });
        stillRunning = await page.evaluate(() => document.body.dataset.phase === 'worker');
      }
      await page.waitForFunction(n => Number(document.body.dataset.runs) > n && !document.body.classList.contains('running'), runs0, { timeout: 90_000 });
      return { stillRunning, ...await page.evaluate(() => {
        const p = window.probe;
        clearInterval(p.timer);
        document.removeEventListener('keydown', p.onKey, true);
        return { events: p.events, eventsInRun: p.eventsInRun, eventDelay: p.eventDelay, eventDelayInRun: p.eventDelayInRun, gap: p.gap, gapInRun: p.gapInRun, ticks: p.ticks,
          ok: window.playground.result.ok, status: document.getElementById('status').textContent, head: window.playground.input.slice(0, 40), bytes: window.playground.output.length };
      }) };
    };
    const quiet = await measure(false);
    assert.equal(quiet.ok, true, quiet.status);
    assert.ok(quiet.bytes > 5e6, 'the 10 MB module\'s output is shown');
    assert.ok(quiet.ticks > 0, 'the page\'s timer fired');
    t.diagnostic(`10 MB function(mem2reg),mergefunc in the Web Worker: ${quiet.status}; 10 ms timer (${quiet.ticks} ticks): longest gap ` +
      `${quiet.gapInRun.toFixed(1)} ms while the worker ran, ${quiet.gap.toFixed(1)} ms around it (the page reading the editor and showing the output)`);
    const r = await measure(true);
    assert.equal(r.ok, true, r.status);
    assert.equal(r.events, typed.length + 2, 'every key event was handled (Control, Home and the typed text)');
    assert.ok(r.head.startsWith(typed), 'the typed text is in the editor');
    t.diagnostic(`typing while it runs again (${r.status}): ${r.events} key events, ${r.eventsInRun} of them while the worker ran` +
      `${r.stillRunning ? ' (still running after the last)' : ''}; longest key event delay (event time to handler) ${r.eventDelayInRun.toFixed(1)} ms ` +
      `while the worker ran, ${r.events > r.eventsInRun ? `${r.eventDelay.toFixed(1)} ms` : 'no key'} around it`);
    await page.screenshot({ path: join(SHOTS, 'big-module.png') });
    assert.deepEqual(errors, [], 'no page errors');
  } finally {
    await browser?.close();
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
