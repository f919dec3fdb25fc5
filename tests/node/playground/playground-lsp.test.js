// The playground's language server (bindings/lsp/worker-browser.js in a Web Worker, CodeMirror's
// LSP client in the page) in headless Chromium, on the site buildSite() writes: a broken
// instruction typed into the editor is marked at its line with the message the CLI gives for the
// same text, and the mark goes when it is fixed, all without a Run; a verifier error likewise; the
// LLVM version chosen is the server's; hover, go to definition and references answer as the
// server's capabilities say. Screenshots go to tests/browser/screenshots/. Skipped when
// /usr/bin/chromium is missing, unless WOPT_REQUIRE_BROWSER=1 (CI), which makes that a failure.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli, versionFlag } from '../helpers.js';
import { generate, parseSize } from '../../../bench/gen.js';
import { openPlayground, CHROMIUM } from './site.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const required = process.env.WOPT_REQUIRE_BROWSER === '1';
const skip = !existsSync(CHROMIUM) && !required ? `no Chromium at ${CHROMIUM}` : false;
const SHOTS = join(ROOT, 'tests/browser/screenshots');
// how long the page may take to show what the server says (its settle time, the client's, a read)
const WAIT = { timeout: 20_000 };

// The CLI's diagnostics for `text` on stdin: the located ones as [line, col, message], and the
// verifier's text (everything before "input module is broken!").
async function cli(text, llvmVersion = 22) {
  const r = await runCli([versionFlag(llvmVersion), '-disable-output'], { input: text });
  const lines = r.stderr.split('\n');
  const located = lines.map(l => /^wopt: <stdin>:(\d+):(\d+): (?:error|warning): (.*)$/.exec(l)).filter(Boolean).map(m => [Number(m[1]), Number(m[2]), m[3]]);
  const end = lines.findIndex(l => l.endsWith(': error: input module is broken!'));
  return { code: r.code, located, verifier: end > 0 ? lines.slice(0, end).join('\n') : '' };
}

let site = null, browser = null, base = '';
before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  site = await openPlayground('wopt-playground-lsp-');
  ({ browser, base } = site);
});
after(async () => { await site?.close(); });

// A page with the playground loaded, its language server ready, and `text` in the editor.
async function open(text) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on('pageerror', e => errors.push(e.message));
  await page.goto(base);
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && window.playground.lsp.state === 'ready', null, { timeout: 30_000 });
  await page.evaluate(t => window.playground.setInput(t), text);
  return { page, errors };
}

// Puts the cursor at (1-based) `line`, character `ch` (-1: the line's end), and focuses the editor.
const cursorAt = (page, line, ch = -1) => page.evaluate(([line, ch]) => {
  const v = window.playground.editor, l = v.state.doc.line(line);
  v.dispatch({ selection: { anchor: ch < 0 ? l.to : l.from + ch } });
  v.focus();
}, [line, ch]);

const diagnostics = page => page.evaluate(() => window.playground.lsp.diagnostics);
// waits until the server has answered for the text as it is, with `n` diagnostics
const waitDiagnostics = (page, n) => page.waitForFunction(n => window.playground.lsp.settled && window.playground.lsp.diagnostics.length === n, n, WAIT);
const runs = page => page.evaluate(() => Number(document.body.dataset.runs ?? 0));
// Waits for `n` diagnostics; resolves how long after the last key press they were shown (ms)
// (reported, not asserted: a measurement, not a test)
const watchKeys = page => page.evaluate(() => document.addEventListener('keydown', () => { window.lastKey = performance.now(); }, true));
const shownAfterKey = async (page, n) => (await page.waitForFunction(n => {
  const { settled, diagnostics } = window.playground.lsp;
  return settled && diagnostics.length === n && performance.now() - window.lastKey;
}, n, WAIT)).jsonValue();

// What the editor draws for the lint diagnostics: each marked range's line and text, and whether
// a gutter marker is level with it.
const drawn = page => page.evaluate(() => {
  const v = window.playground.editor;
  return [...document.querySelectorAll('#input .cm-lintRange-error')].map(el => {
    const top = el.getBoundingClientRect().top;
    const marker = [...document.querySelectorAll('#input .cm-lint-marker-error')].some(m => Math.abs(m.closest('.cm-gutterElement').getBoundingClientRect().top - top) < 4);
    return { line: v.state.doc.lineAt(v.posAtDOM(el)).number, text: el.textContent, marker };
  });
});

const VALID = 'define i32 @f(i32 %a) {\n  %x = add i32 %a, 1\n  ret i32 %x\n}\n';

test('in Chromium: the playground\'s language server marks a reader error and a verifier error as they are typed, and clears them when fixed', { skip, timeout: 120_000 }, async (t) => {
  const { page, errors } = await open(VALID);
  await waitDiagnostics(page, 0);
  await watchKeys(page);
  const runs0 = await runs(page);

  // a broken instruction typed after line 2: a ',' missing
  await cursorAt(page, 2);
  await page.keyboard.type('\n%y = mul i32 %a %x');
  const broken = await page.evaluate(() => window.playground.input);
  assert.equal(broken, 'define i32 @f(i32 %a) {\n  %x = add i32 %a, 1\n  %y = mul i32 %a %x\n  ret i32 %x\n}\n', 'the editor indented the new line');
  const want = await cli(broken);
  assert.deepEqual(want.located, [[3, 19, "expected ',' in arithmetic operation"]]);
  const shown = await shownAfterKey(page, 1);
  const [d] = await diagnostics(page);
  assert.deepEqual([d.line, d.col, d.message, d.severity], [...want.located[0], 'error'], 'at the CLI\'s line and column, with its message');
  assert.deepEqual(await drawn(page), [{ line: 3, text: '%x', marker: true }], 'the token under it is marked, and the gutter beside it');
  assert.match(await page.textContent('#lsp-state'), /LLVM 22: 1 error/);
  // its message on hovering the mark
  const box = await page.$eval('#input .cm-lintRange-error', el => el.getBoundingClientRect().toJSON());
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForSelector('.cm-tooltip-lint', WAIT);
  assert.match(await page.textContent('.cm-tooltip-lint'), /expected ',' in arithmetic operation/);
  await page.screenshot({ path: join(SHOTS, 'lsp-reader-error.png') });
  await page.mouse.move(5, 5);

  // fixed: the ',' typed where it belongs
  await cursorAt(page, 3, '  %y = mul i32 %a'.length);
  await page.keyboard.type(',');
  assert.equal((await cli(await page.evaluate(() => window.playground.input))).code, 0);
  const cleared = await shownAfterKey(page, 0);
  assert.deepEqual(await drawn(page), []);
  assert.match(await page.textContent('#lsp-state'), /LLVM 22: no problems/);
  t.diagnostic(`from the last key to the editor showing the server's answer: ${shown.toFixed(0)} ms for the error, ${cleared.toFixed(0)} ms for its fix`);

  // a verifier error: %y made to use itself
  await cursorAt(page, 3);
  await page.keyboard.press('Backspace');
  await page.keyboard.type('y');
  const selfUse = await page.evaluate(() => window.playground.input);
  assert.match(selfUse, /%y = mul i32 %a, %y\n/);
  const wantV = await cli(selfUse);
  assert.deepEqual(wantV.located, []);
  assert.match(wantV.verifier, /^Only PHI nodes may reference their own value!/);
  await page.waitForFunction(() => window.playground.lsp.settled && window.playground.lsp.diagnostics.length > 0, null, WAIT);
  const vd = await diagnostics(page);
  assert.equal(vd.map(x => x.message).join('\n').trimEnd(), wantV.verifier, 'the verifier\'s text, as the CLI prints it');
  // at the instruction the message names (line 3, from its name)
  assert.deepEqual(vd.map(x => [x.line, x.col, x.severity]), [[3, 3, 'error']]);
  assert.deepEqual((await drawn(page)).map(x => [x.line, x.marker]), [[3, true]]);
  await page.screenshot({ path: join(SHOTS, 'lsp-verifier-error.png') });
  await page.keyboard.press('Backspace');
  await page.keyboard.type('x');
  await waitDiagnostics(page, 0);
  assert.deepEqual(await drawn(page), []);

  assert.equal(await runs(page), runs0, 'all of it without a Run');
  assert.deepEqual(errors, []);
  await page.close();
});

test('in Chromium: the LLVM version chosen is the language server\'s', { skip, timeout: 90_000 }, async () => {
  // LLVM 21 brought captures(...): LLVM 19 refuses it
  const text = 'declare void @f(ptr captures(address))\n';
  const [v22, v19] = [await cli(text, 22), await cli(text, 19)];
  assert.equal(v22.code, 0);
  assert.equal(v19.located.length, 1);
  const { page, errors } = await open(text);
  assert.equal(await page.evaluate(() => window.playground.lsp.llvmVersion), 22);
  await page.selectOption('#version', '19');
  await page.waitForFunction(() => window.playground.lsp.llvmVersion === 19 && window.playground.lsp.settled && window.playground.lsp.diagnostics.length === 1, null, WAIT);
  const [d] = await diagnostics(page);
  assert.deepEqual([d.line, d.col, d.message], v19.located[0]);
  assert.match(await page.textContent('#lsp-state'), /LLVM 19: 1 error/);
  await page.selectOption('#version', '22');
  await page.waitForFunction(() => window.playground.lsp.llvmVersion === 22 && window.playground.lsp.state === 'ready', null, WAIT);
  await waitDiagnostics(page, 0);
  // the new server has read the text: a change it reports proves it is listening
  await cursorAt(page, 1, 0);
  await page.keyboard.type('x');
  await waitDiagnostics(page, 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('in Chromium: a mistake typed at the end of a 1 MB module is marked where the CLI says', { skip, timeout: 120_000 }, async (t) => {
  const big = generate({ size: parseSize('1MB'), seed: 5, dup: 0.3 });
  const { page, errors } = await open(big);
  await waitDiagnostics(page, 0);
  await watchKeys(page);
  const last = await page.evaluate(() => window.playground.editor.state.doc.lines);
  await cursorAt(page, last);
  await page.keyboard.type('@zz = global i32 x');
  const text = await page.evaluate(() => window.playground.input);
  assert.equal(text, `${big}@zz = global i32 x`);
  const want = await cli(text);
  assert.equal(want.located.length, 1);
  const shown = await shownAfterKey(page, 1);
  const [d] = await diagnostics(page);
  assert.deepEqual([d.line, d.col, d.message], want.located[0]);
  await page.keyboard.press('Backspace');
  await page.keyboard.type('7');
  const cleared = await shownAfterKey(page, 0);
  t.diagnostic(`${(big.length / 1e6).toFixed(1)} MB, ${last} lines: from the last key to the editor showing the server's answer: ${shown.toFixed(0)} ms for the error, ${cleared.toFixed(0)} ms for its fix`);
  assert.deepEqual(errors, []);
  await page.close();
});

// Hover, definition and references come from the server's index (its capabilities say so).
const HOVER_TEXT = 'define i32 @f() {\n  %x = add i32 1, 2\n  ret i32 %x\n}\n';

test('in Chromium: hover over %x shows its type; F12 goes to its definition; Shift-F12 lists its references', { skip, timeout: 90_000 }, async (t) => {
  const { page, errors } = await open(HOVER_TEXT);
  await waitDiagnostics(page, 0);
  const caps = await page.evaluate(() => window.playground.lsp.capabilities);
  assert.deepEqual(['hoverProvider', 'definitionProvider', 'referencesProvider'].filter(c => !caps?.[c]), [], 'the server offers them');
  const until = () => ({ timeout: 8_000 });

  await t.test('hover', async () => {
    // the pointer over the %x that `%x = add i32 1, 2` defines
    const at = await page.evaluate(() => { const v = window.playground.editor, c = v.coordsAtPos(v.state.doc.line(2).from + 3); return { x: c.left, y: (c.top + c.bottom) / 2 }; });
    await page.mouse.move(at.x, at.y);
    await page.waitForSelector('.cm-lsp-hover-tooltip', until());
    const text = await page.textContent('.cm-lsp-hover-tooltip');
    assert.match(text, /\bi32\b/);
    await page.screenshot({ path: join(SHOTS, 'lsp-hover.png') });
    await page.mouse.move(5, 5);
  });

  await t.test('definition', async () => {
    // from the use in `ret i32 %x` to the defining %x on line 2
    await cursorAt(page, 3, '  ret i32 %'.length);
    await page.keyboard.press('F12');
    await page.waitForFunction(() => { const v = window.playground.editor; return v.state.doc.lineAt(v.state.selection.main.head).number === 2; }, null, until());
    const head = await page.evaluate(() => { const v = window.playground.editor, h = v.state.selection.main.head, l = v.state.doc.lineAt(h); return [l.number, h - l.from]; });
    assert.deepEqual(head, [2, 2], 'the cursor at the start of the defining %x');
  });

  await t.test('references', async () => {
    await cursorAt(page, 2, 3);
    await page.keyboard.press('Shift+F12');
    await page.waitForSelector('.cm-lsp-reference-panel', until());
    const refs = await page.$$eval('.cm-lsp-reference-panel .cm-lsp-reference', els => els.map(e => e.textContent));
    assert.equal(refs.length, 2, JSON.stringify(refs));
    assert.ok(refs.some(r => r.includes('%x = add i32 1, 2')) && refs.some(r => r.includes('ret i32 %x')), JSON.stringify(refs));
  });

  assert.deepEqual(errors, []);
  await page.close();
});
