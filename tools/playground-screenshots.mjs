#!/usr/bin/env node
// Takes the screenshots of docs/PLAYGROUND.md: builds the site, opens it in headless Chromium
// (/usr/bin/chromium, or $WOPT_CHROMIUM) and writes docs/playground/*.png — two whole pages, at
// 1280×800 and 1440×900, and views cut to the part they show (the language server's diagnostic
// among them).
//
//   node tools/playground-screenshots.mjs
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildSite } from '../playground/build.js';
import { serveDir } from '../playground/serve.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'docs/playground');
mkdirSync(OUT, { recursive: true });
const dir = mkdtempSync(join(tmpdir(), 'wopt-shots-'));
await buildSite(dir);
const server = await serveDir(dir);
const browser = await chromium.launch({ executablePath: process.env.WOPT_CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });

async function open(width, height) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30_000 });
  return page;
}
async function afterRun(page, act) {
  const n = await page.evaluate(() => Number(document.body.dataset.runs ?? 0));
  await act();
  await page.waitForFunction(k => Number(document.body.dataset.runs ?? 0) > k && !document.body.classList.contains('running'), n, { timeout: 60_000 });
}
const cfgDrawn = (page, fn, code) => page.waitForFunction(([f, c]) => { const v = document.getElementById('cfg-view'); return v.dataset.fn === f && v.dataset.code === c; }, [fn, code]);
const shot = (page, name, el) => (el ? page.locator(el).screenshot({ path: join(OUT, name) }) : page.screenshot({ path: join(OUT, name) }));

try {
  // 1280×800: the C++ example, the Passes tab, one instantiation chosen, side by side
  let page = await open(1280, 800);
  await afterRun(page, () => page.selectOption('#example', 'cpp'));
  await page.click('#tab-passes');
  await page.selectOption('#fn-select', '_Z5countIjEiPKT_iS0_');
  await page.click('.seg button[data-mode=split]');
  await shot(page, 'overview-1280.png');
  // the result pane alone, wide: mergefunc's diff narrowed to the function it folded away
  await page.click('#wide');
  await page.click('.seg button[data-mode=unified]');
  await page.click('.pass-list li:last-child');
  await shot(page, 'passes-module-pass-one-function.png', '#result-pane');
  await page.selectOption('#fn-select', '');
  await page.click('.pass-list li:first-child');
  await page.click('.seg button[data-mode=split]');
  await shot(page, 'passes-side-by-side.png', '#result-pane');
  await page.click('#tab-output');
  await page.selectOption('#fn-select', '_Z5countIlEiPKT_iS0_');
  await shot(page, 'output-one-function.png', '#result-pane');
  await page.close();

  // 1440×900: the C example, the CFG of sum_to with its instructions
  page = await open(1440, 900);
  await page.click('#tab-cfg');
  await page.selectOption('#fn-select', 'sum_to');
  await page.check('#cfg-code');
  await cfgDrawn(page, 'sum_to', '1');
  await shot(page, 'overview-1440.png');
  await page.click('#wide');
  await page.selectOption('#fn-select', 'clamp');
  await cfgDrawn(page, 'clamp', '1');
  await shot(page, 'cfg-instructions.png', '#cfg-view .graphs');
  await page.uncheck('#cfg-code');
  await cfgDrawn(page, 'clamp', '0');
  await shot(page, 'cfg-trees.png', '#cfg-view');
  // hide unchanged, with a second mem2reg that finds nothing to do
  await page.click('#tab-passes');
  await page.fill('#passes', 'function(mem2reg),function(mem2reg),mergefunc');
  await afterRun(page, () => page.click('#run'));
  await page.selectOption('#fn-select', '');
  await page.check('#hide-unchanged');
  await shot(page, 'passes-hide-unchanged.png', '#result-pane');
  await page.uncheck('#hide-unchanged');
  await page.click('#wide');
  // a typo in the pipeline
  await page.fill('#passes', 'function(mem2rg),mergefunc');
  await afterRun(page, () => page.click('#run'));
  await shot(page, 'pipeline-error.png', 'header');
  await page.close();

  // the language server: a ',' left out while typing, marked with opt's message (no Run)
  page = await open(1280, 800);
  await page.waitForFunction(() => window.playground.lsp.state === 'ready', null, { timeout: 30_000 });
  await page.evaluate(() => {
    window.playground.setInput('define i32 @f(i32 %a) {\n  %x = add i32 %a, 1\n  ret i32 %x\n}\n');
    const v = window.playground.editor;
    v.dispatch({ selection: { anchor: v.state.doc.line(2).to } });
    v.focus();
  });
  await page.keyboard.type('\n%y = mul i32 %a %x');
  await page.waitForFunction(() => window.playground.lsp.diagnostics.length === 1, null, { timeout: 20_000 });
  const box = await page.$eval('#input .cm-lintRange-error', el => el.getBoundingClientRect().toJSON());
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForSelector('.cm-tooltip-lint');
  await page.setViewportSize({ width: 1280, height: 360 });
  await shot(page, 'lsp-diagnostic.png', '#input-pane');
  await page.close();
  console.log(`screenshots in ${OUT}`);
} finally {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
