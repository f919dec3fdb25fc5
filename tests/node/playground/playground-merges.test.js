// The playground's Merges tab in headless Chromium, on the merging example (playground/examples/
// sensors.ll, pipeline global-merge-func,mergefunc): every group global-merge-func formed, its
// decision, its thunks, their bodies and the constants they pass, and every mergefunc merge, as
// the page shows them, equal what the Node API reports for the same input; a name jumps to its
// definition; LLVM 19 and a pipeline without a merging pass are said so. When opt-22 is installed,
// the example's output is also checked against it (the .Tgm bodies are opt's too). Screenshots go
// to tests/browser/screenshots/. Skipped when /usr/bin/chromium is missing, unless
// WOPT_REQUIRE_BROWSER=1 (CI), which makes that a failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { optimize } from '../../../bindings/index.js';
import { buildSite } from '../../../playground/build.js';
import { serveDir } from '../../../playground/serve.js';
import { haveOpt, optFor } from '../helpers.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const CHROMIUM = process.env.WOPT_CHROMIUM ?? '/usr/bin/chromium';
const required = process.env.WOPT_REQUIRE_BROWSER === '1';
const skip = !existsSync(CHROMIUM) && !required ? `no Chromium at ${CHROMIUM}` : false;
const SHOTS = join(ROOT, 'tests/browser/screenshots');
const EXAMPLE = join(ROOT, 'playground/examples/sensors.ll');
const PASSES = 'global-merge-func,mergefunc';

// Does `act` on the page and waits for the run it starts to be shown.
async function afterRun(page, act) {
  const before = await page.evaluate(() => Number(document.body.dataset.runs ?? 0));
  await act();
  await page.waitForFunction(n => Number(document.body.dataset.runs ?? 0) > n && !document.body.classList.contains('running'), before, { timeout: 60_000 });
}

// What the Merges tab shows, read back from its DOM.
const readMerges = page => page.evaluate(() => {
  const text = e => e?.textContent.trim() ?? null;
  return {
    tabCount: document.getElementById('tab-merges').dataset.count,
    gmfSummary: text(document.querySelector('.gmf-summary')),
    groups: [...document.querySelectorAll('.gmf-group')].map(g => ({
      hash: g.dataset.hash,
      verdict: text(g.querySelector('.verdict')),
      functions: [...g.querySelectorAll('.gmf-fns [data-fn]')].map(b => b.dataset.fn),
      reason: text(g.querySelector('.gmf-reason')),
      facts: text(g.querySelector('.gmf-numbers')),
      merges: [...g.querySelectorAll('tr.gmf-merge')].map(tr => ({
        thunk: tr.dataset.thunk, body: tr.dataset.body,
        shown: [...tr.querySelectorAll('.thunk > .fn-link, .thunk > .body .fn-link')].map(b => b.textContent),
        parameters: [...tr.querySelectorAll('td.param > .mono')].map(s => s.textContent),
        folded: text(tr.querySelector('.folded .fn-link')),
      })),
    })),
    mergefunc: [...document.querySelectorAll('.merge-table tbody tr')].map(tr => [...tr.children].map(td => td.textContent)),
    mergefuncSummary: text(document.querySelector('.mergefunc .merge-summary')),
    text: document.getElementById('panel-merges').textContent,
  };
});

// Clicks a name in the Merges tab and returns the line the jump marked, in which editor.
async function jump(page, selector) {
  await page.click('#tab-merges');
  await page.click(selector);
  await page.waitForSelector('.cm-jump-line');
  return page.evaluate(() => {
    const line = document.querySelector('.cm-jump-line');
    return { editor: line.closest('#output') ? 'output' : line.closest('#input') ? 'input' : null, line: line.textContent,
      outputShown: !document.getElementById('panel-output').hidden };
  });
}

test('the playground\'s Merges tab: global-merge-func\'s groups and thunks and mergefunc\'s merges, as the API reports them', { skip, timeout: 90_000 }, async () => {
  const { chromium } = await import('playwright-core');
  const text = readFileSync(EXAMPLE, 'utf8');
  const api = await optimize(text, { passes: PASSES, llvmVersion: 22, globalMergeReport: true, mergeReport: true });
  assert.ok(api.ok, JSON.stringify(api.diagnostics));
  const gmf = api.globalMergeReport, mf = api.mergeReport;
  // the example is there to show a merge of each kind
  assert.ok(gmf.groups.some(g => g.merges?.length) && gmf.groups.some(g => !g.merges), 'a merged group and a group left alone');
  assert.ok(mf.merged.length > 0, 'mergefunc merges something');
  if (haveOpt(22)) {
    const o = spawnSync(optFor(22), ['-S', `-passes=${PASSES}`, EXAMPLE], { encoding: 'utf8' });
    assert.equal(o.status, 0, o.stderr);
    assert.match(o.stdout, /^define internal .*\.Tgm\(/m, 'opt-22 merges the example too');
    assert.equal(api.output, o.stdout.replace(/^; ModuleID = .*\n/, "; ModuleID = '<string>'\n"));
  }

  const dir = mkdtempSync(join(tmpdir(), 'wopt-playground-merges-'));
  mkdirSync(SHOTS, { recursive: true });
  let server = null, browser = null;
  try {
    await buildSite(dir);
    server = await serveDir(dir);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
    const errors = [];
    page.on('pageerror', e => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30_000 });

    // the example sets its pipeline; the page's run is the API's
    await afterRun(page, () => page.selectOption('#example', 'merging'));
    assert.equal(await page.inputValue('#passes'), PASSES);
    assert.equal(await page.inputValue('#version'), '22');
    assert.equal(await page.evaluate(() => window.playground.input), text);
    assert.equal(await page.evaluate(() => window.playground.output), api.output);
    assert.deepEqual(await page.evaluate(() => window.playground.result.globalMergeReport), gmf, 'the worker session reports what Node does');

    await page.click('#tab-merges');
    const shown = await readMerges(page);
    await page.screenshot({ path: join(SHOTS, 'merges.png') });

    // every group, in the report's order, with its functions and what was decided
    assert.deepEqual(shown.groups.map(g => g.hash), gmf.groups.map(g => g.hash));
    const folded = new Map(mf.merged.map(m => [m.function, m.into]));
    gmf.groups.forEach((g, i) => {
      const s = shown.groups[i];
      assert.deepEqual(s.functions, g.functions, g.hash);
      assert.match(s.facts, new RegExp(`^${g.instructions} instructions each · `), g.hash);
      assert.match(s.facts, new RegExp(`benefit ${Number(g.benefit.toFixed(2))}\\b`), g.hash);
      if (g.merges) {
        assert.equal(s.verdict, 'merged');
        assert.equal(s.reason, null);
        assert.match(s.facts, new RegExp(`> cost ${Number(g.cost.toFixed(2))} · ${g.instructionsSaved} instructions saved`));
        assert.deepEqual(s.merges.map(m => ({ thunk: m.thunk, body: m.body, parameters: m.parameters })), g.merges, `${g.hash}: thunks, bodies, constants`);
        for (const [j, m] of g.merges.entries()) {
          assert.deepEqual(s.merges[j].shown, [`@${m.thunk}`, `@${m.body}`]);
          assert.equal(s.merges[j].folded, folded.has(m.body) ? `@${folded.get(m.body)}` : null, `${m.body} folded by mergefunc`);
        }
      } else {
        assert.equal(s.verdict, 'not merged');
        assert.equal(s.reason, g.decision);
        assert.deepEqual(s.merges, []);
      }
    });
    const saved = gmf.groups.reduce((n, g) => n + (g.instructionsSaved ?? 0), 0);
    assert.equal(shown.gmfSummary, `${gmf.functionsMerged} functions merged in ${gmf.groupsMerged} group${gmf.groupsMerged === 1 ? '' : 's'} ` +
      `of ${gmf.groups.length} · ${gmf.parametersAdded} parameters added · ${saved} instructions saved`);
    // mergefunc's table, and the tab's count of both passes' merges
    assert.deepEqual(shown.mergefunc.map(r => r.slice(0, 4)), mf.merged.map(m => [`@${m.function}`, `@${m.into}`, m.how, String(m.callersRedirected)]));
    assert.match(shown.mergefuncSummary, new RegExp(`^${mf.functionsMerged} functions? merged`));
    assert.equal(shown.tabCount, String(gmf.functionsMerged + mf.functionsMerged));

    // names jump to their definitions: a thunk in the output, a body mergefunc folded away to
    // the body it was folded into, and a function of a group left alone
    const merged = gmf.groups.find(g => g.merges);
    const thunk = merged.merges[0].thunk;
    let at = await jump(page, `tr.gmf-merge[data-thunk="${thunk}"] .thunk > .fn-link`);
    assert.equal(at.editor, 'output');
    assert.ok(at.outputShown, 'the Output tab is shown');
    assert.ok(at.line.startsWith('define ') && at.line.includes(`@${thunk}(`), at.line);
    const gone = merged.merges.find(m => folded.has(m.body));
    if (gone) {
      at = await jump(page, `tr.gmf-merge[data-body="${gone.body}"] .body .fn-link`);
      assert.equal(at.editor, 'output');
      assert.ok(at.line.startsWith('define ') && at.line.includes(`@${folded.get(gone.body)}(`), at.line);
      assert.match(await page.textContent('#status'), new RegExp(`folded into @${folded.get(gone.body).replace(/\./g, '\\.')}`));
    }
    const kept = gmf.groups.find(g => !g.merges).functions[1];
    at = await jump(page, `.gmf-fns [data-fn="${kept}"]`);
    assert.ok(at.line.startsWith('define ') && at.line.includes(`@${kept}(`), at.line);

    // LLVM 19 has no global-merge-func: the run fails as the API's does, and the tab says why
    const api19 = await optimize(text, { passes: PASSES, llvmVersion: 19, globalMergeReport: true, mergeReport: true });
    assert.equal(api19.ok, false);
    await afterRun(page, () => page.selectOption('#version', '19'));
    assert.equal(await page.evaluate(() => window.playground.result.diagnostics[0].message), api19.diagnostics[0].message);
    await page.click('#tab-merges');
    let tab = await readMerges(page);
    assert.deepEqual(tab.groups, []);
    assert.match(tab.text, /global-merge-func is an LLVM 22 pass: LLVM 19 has none, so this pipeline cannot run/);
    await page.screenshot({ path: join(SHOTS, 'merges-llvm19.png') });
    // mergefunc alone under 19: its merges, and the note
    const mf19 = (await optimize(text, { passes: 'mergefunc', llvmVersion: 19, mergeReport: true })).mergeReport;
    await page.fill('#passes', 'mergefunc');
    await afterRun(page, () => page.click('#run'));
    await page.click('#tab-merges');
    tab = await readMerges(page);
    assert.deepEqual(tab.mergefunc.map(r => r.slice(0, 3)), mf19.merged.map(m => [`@${m.function}`, `@${m.into}`, m.how]));
    assert.match(tab.text, /global-merge-func is an LLVM 22 pass: LLVM 19 has none\./);

    // neither merging pass in the pipeline
    await afterRun(page, () => page.selectOption('#version', '22'));
    await page.fill('#passes', 'function(mem2reg)');
    await afterRun(page, () => page.click('#run'));
    await page.click('#tab-merges');
    tab = await readMerges(page);
    assert.equal(tab.text, 'Neither mergefunc nor global-merge-func is in this pipeline, so nothing was merged.');
    assert.equal(tab.tabCount, '');
    assert.deepEqual(errors, [], 'no page errors');
  } finally {
    await browser?.close();
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
