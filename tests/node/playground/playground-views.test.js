// The playground's opt-pipeline views in headless Chromium, each read back from the DOM and
// checked against what the API returns for the same input (a Node session next to the page):
// the per-pass diff, unified and side by side (both rebuild the unit's IR before and after the
// pass exactly); hiding the passes that changed nothing; the function filter (its pass runs, the
// output narrowed to its definition, a module pass's diff narrowed to it, its CFG); demangled
// names (checked against llvm-cxxfilt-22 when installed); the CFG with each block's instructions
// and the post-dominator tree; a pipeline error at the pipeline field with its bad name marked
// and a fix offered; times under a millisecond in µs; and the layout at 1280×800 and 1440×900.
// Screenshots go to tests/browser/screenshots/. Skipped when /usr/bin/chromium is missing,
// unless WOPT_REQUIRE_BROWSER=1 (CI), which makes that a failure.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSession } from '../../../bindings/index.js';
import { openPlayground, CHROMIUM } from './site.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const required = process.env.WOPT_REQUIRE_BROWSER === '1';
const skip = !existsSync(CHROMIUM) && !required ? `no Chromium at ${CHROMIUM}` : false;
const SHOTS = join(ROOT, 'tests/browser/screenshots');
const CXXFILT = '/usr/bin/llvm-cxxfilt-22';
const example = name => readFileSync(join(ROOT, 'playground/examples', name), 'utf8');
const CPP = example('cpp-templates.ll'), C = example('c-like.ll');
const PIPELINE = 'function(mem2reg),mergefunc';

let site = null, browser = null, base = '';
before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  site = await openPlayground('wopt-playground-views-');
  ({ browser, base } = site);
});
after(async () => { await site?.close(); });

async function open(viewport = { width: 1440, height: 900 }) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on('pageerror', e => errors.push(e.message));
  await page.goto(base);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30_000 });
  return { page, errors };
}

// does `act` and waits for the run it starts to be shown
async function afterRun(page, act) {
  const n = await page.evaluate(() => Number(document.body.dataset.runs ?? 0));
  await act();
  await page.waitForFunction(k => Number(document.body.dataset.runs ?? 0) > k && !document.body.classList.contains('running'), n, { timeout: 60_000 });
}

async function load(page, text, passes) {
  await page.evaluate(t => window.playground.setInput(t), text);
  await page.fill('#passes', passes);
  await afterRun(page, () => page.click('#run'));
}

// what the API gives for the same input: the result with its trace, and each function's graph
async function apiRun(text, passes) {
  const s = await openSession({});
  try {
    const r = await s.optimize(text, { passes, trace: true, mergeReport: true });
    assert.ok(r.ok, JSON.stringify(r.diagnostics));
    const fns = await s.functions();
    const graphs = new Map();
    for (const [i, f] of fns.entries()) if (!f.declaration) graphs.set(f.name || `#${i}`, await s.inspect(i));
    return { r, fns, graphs };
  } finally { await s.close(); }
}

// a function's definition in a printed module, found here on its own: its define line to `}`
function definition(text, name) {
  const lines = text.split('\n');
  const at = lines.findIndex(l => l.startsWith('define ') && l.includes(`@${name}(`));
  if (at < 0) return null;
  const end = lines.indexOf('}', at);
  return lines.slice(at, end + 1).join('\n');
}

const cxxfilt = names => {
  if (!existsSync(CXXFILT)) return null;
  const r = spawnSync(CXXFILT, [], { input: names.join('\n') + '\n', encoding: 'utf8' });
  return r.status === 0 ? r.stdout.split('\n').slice(0, names.length) : null;
};

// the diff on the page: unified lines [op, text] or side-by-side rows [[leftText|null, op], [rightText|null, op]]
const readUnified = page => page.$$eval('.diff-body.unified .line', ls => ls.map(l => {
  const sign = l.querySelector('.sign').textContent;
  return [sign === '−' ? '-' : sign === '+' ? '+' : ' ', l.textContent.slice(sign.length)];
}));
const readSplit = page => page.$$eval('.diff-body.split tbody tr:not(.fold)', rows => rows.map(tr => {
  const side = cls => { const td = tr.querySelector(`td.code.${cls}`); return td.classList.contains('none') ? null : td.textContent; };
  return [side('left'), side('right')];
}));
async function expandFolds(page) {
  while (await page.$('.diff-body .fold')) await page.click('.diff-body .fold');
}

test('the per-pass diff, unified and side by side, rebuilds the pass\'s before and after; the layout is kept', { skip, timeout: 120_000 }, async () => {
  const { r } = await apiRun(CPP, PIPELINE);
  const { page, errors } = await open();
  await load(page, CPP, PIPELINE);
  await page.click('#tab-passes');
  const rows = await page.$$eval('.pass-list li', ls => ls.map(li => Number(li.dataset.index)));
  assert.deepEqual(rows, r.trace.map((e, i) => i), 'one row per pass run, in order');
  for (const [i, e] of r.trace.entries()) {
    if (!e.changed) continue;
    await page.click(`.pass-list li[data-index="${i}"]`);
    await page.click('.seg button[data-mode=unified]');
    await expandFolds(page);
    const uni = await readUnified(page);
    assert.equal(uni.filter(([op]) => op !== '+').map(([, t]) => t).join('\n'), e.before, `#${i} unified: the kept and removed lines are the IR before`);
    assert.equal(uni.filter(([op]) => op !== '-').map(([, t]) => t).join('\n'), e.after, `#${i} unified: the kept and added lines are the IR after`);
    const title = await page.textContent('.diff-title');
    assert.ok(title.includes(`+${uni.filter(([op]) => op === '+').length} −${uni.filter(([op]) => op === '-').length} lines`), title);
    await page.click('.seg button[data-mode=split]');
    assert.equal(await page.getAttribute('.seg button[data-mode=split]', 'aria-pressed'), 'true');
    await expandFolds(page);
    const split = await readSplit(page);
    assert.equal(split.map(([l]) => l).filter(l => l !== null).join('\n'), e.before, `#${i} side by side: the left column is the IR before`);
    assert.equal(split.map(([, rt]) => rt).filter(x => x !== null).join('\n'), e.after, `#${i} side by side: the right column is the IR after`);
  }
  await page.screenshot({ path: join(SHOTS, 'passes-side-by-side.png') });
  // the chosen layout survives a reload
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.click('#tab-passes');
  assert.equal(await page.evaluate(() => window.playground.settings.mode), 'split');
  assert.ok(await page.$('.diff-body.split'), 'side by side after a reload');
  assert.deepEqual(errors, []);
  await page.close();
});

test('hiding the passes that changed nothing lists exactly the runs the trace says changed', { skip, timeout: 90_000 }, async () => {
  // the second mem2reg finds nothing left to promote
  const passes = 'function(mem2reg),function(mem2reg),mergefunc';
  const { r } = await apiRun(C, passes);
  const changed = r.trace.map((e, i) => (e.changed ? i : -1)).filter(i => i >= 0);
  assert.ok(changed.length > 0 && changed.length < r.trace.length);
  const { page, errors } = await open();
  await load(page, C, passes);
  await page.click('#tab-passes');
  const listed = () => page.$$eval('.pass-list li', ls => ls.map(li => ({ index: Number(li.dataset.index), changed: li.classList.contains('changed') })));
  let rows = await listed();
  assert.deepEqual(rows.map(x => x.index), r.trace.map((e, i) => i));
  assert.deepEqual(rows.map(x => x.changed), r.trace.map(e => e.changed));
  await page.check('#hide-unchanged');
  rows = await listed();
  assert.deepEqual(rows.map(x => x.index), changed, 'only the runs that changed their unit');
  assert.match(await page.textContent('.pass-summary'), new RegExp(`^${r.trace.length} pass runs, ${changed.length} changed · ${r.trace.length - changed.length} unchanged hidden`));
  await page.screenshot({ path: join(SHOTS, 'passes-hide-unchanged.png') });
  await page.uncheck('#hide-unchanged');
  assert.equal((await listed()).length, r.trace.length);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the function filter: its pass runs, its definition in the output, a module pass\'s diff narrowed to it, its CFG', { skip, timeout: 120_000 }, async () => {
  const { r, fns, graphs } = await apiRun(CPP, PIPELINE);
  const { page, errors } = await open();
  await load(page, CPP, PIPELINE);
  // every defined function of the output, then what a pass erased (count<unsigned int>, folded by mergefunc)
  const list = await page.evaluate(() => window.playground.functions);
  const defined = fns.filter(f => !f.declaration);
  assert.deepEqual(list.filter(f => !f.erased).map(f => f.index), fns.map((f, i) => (f.declaration ? -1 : i)).filter(i => i >= 0));
  const folded = r.mergeReport.merged.map(m => m.function);
  assert.ok(folded.length > 0);
  for (const name of folded) assert.ok(list.some(f => f.name === name && f.erased), `${name} is listed as erased`);
  assert.equal(await page.$$eval('#fn-select option', os => os.length), 1 + defined.length + list.filter(f => f.erased).length);

  // a function that stays: only its runs; the output is its definition
  const kept = '_Z5countIlEiPKT_iS0_';
  await page.selectOption('#fn-select', kept);
  await page.click('#tab-passes');
  const runs = await page.$$eval('.pass-list li', ls => ls.map(li => ({ index: Number(li.dataset.index), unit: li.dataset.unit })));
  const want = r.trace.map((e, i) => ({ index: i, unit: e.unit })).filter(x => x.unit === kept ||
    (x.unit === '[module]' && (definition(r.trace[x.index].before, kept) || definition(r.trace[x.index].after, kept))));
  assert.deepEqual(runs, want);
  await page.click('#tab-output');
  assert.equal(await page.evaluate(() => window.playground.output), definition(r.output, kept), 'the output shows only its definition');
  assert.match(await page.textContent('#output-note'), /Show the whole module/);

  // a function mergefunc folded away: mergefunc's diff is its definition, all removed
  const gone = folded[0];
  await page.selectOption('#fn-select', gone);
  await page.click('#tab-passes');
  const mf = r.trace.findIndex(e => e.unit === '[module]');
  await page.click(`.pass-list li[data-index="${mf}"]`);
  await page.click('.seg button[data-mode=unified]');
  await expandFolds(page);
  const uni = await readUnified(page);
  assert.equal(uni.filter(([op]) => op === '-').map(([, t]) => t).join('\n'), definition(r.trace[mf].before, gone));
  assert.equal(uni.filter(([op]) => op !== '-').length, 0, 'nothing of it is left after');
  await page.screenshot({ path: join(SHOTS, 'function-filter-module-pass.png') });
  await page.click('#tab-output');
  assert.match(await page.textContent('#output-note'), /is not in the output/);

  // the CFG follows the filter: the graph inspect() gives for that function
  await page.selectOption('#fn-select', kept);
  await page.click('#tab-cfg');
  await page.waitForFunction(k => document.getElementById('cfg-view').dataset.fn === k, kept);
  const g = graphs.get(kept);
  assert.deepEqual(await page.$$eval('svg.graph.cfg .node', ns => ns.map(n => n.dataset.block)), g.blocks.map(b => b.name));
  // and "Show the whole module" goes back to all
  await page.click('#tab-output');
  await page.click('#output-note button');
  assert.equal(await page.evaluate(() => window.playground.output), r.output);
  assert.equal(await page.inputValue('#fn-select'), '');
  assert.deepEqual(errors, []);
  await page.close();
});

test('demangled names in the pass list, the function filter and the CFG title, as llvm-cxxfilt-22 reads them', { skip, timeout: 90_000 }, async () => {
  const { r } = await apiRun(CPP, PIPELINE);
  const { page, errors } = await open();
  await load(page, CPP, PIPELINE);
  await page.click('#tab-passes');
  const units = r.trace.filter(e => e.unit !== '[module]').map(e => e.unit);
  const filt = cxxfilt(units);
  // the list: the name without return type and parameters (count<int>); the full one in its tooltip
  const shown = await page.$$eval('.pass-list li', ls => ls.filter(li => li.dataset.unit !== '[module]').map(li => ({ unit: li.dataset.unit, text: li.querySelector('.pass-unit').textContent, title: li.title })));
  const short = { _Z7use_allPKiPKjPKl3BoxIiES5_IjE: 'use_all', _Z5countIiEiPKT_iS0_: 'count<int>', _Z5countIjEiPKT_iS0_: 'count<unsigned int>',
    _Z5countIlEiPKT_iS0_: 'count<long>', _ZNK3BoxIiE3getEv: 'Box<int>::get', _ZNK3BoxIjE3getEv: 'Box<unsigned int>::get' };
  assert.deepEqual(shown.map(s => s.text), units.map(u => short[u]), 'the pass list reads count<int>, not @_Z5cou…');
  if (filt) shown.forEach((s, i) => assert.ok(s.title.includes(filt[i]), `${s.title} has ${filt[i]}`));
  // the filter's options and the CFG title: the full name, as llvm-cxxfilt-22 prints it
  const options = await page.$$eval('#fn-select option', os => os.slice(1).map(o => ({ value: o.value, text: o.textContent })));
  const named = options.filter(o => !o.value.startsWith('@@'));
  const want = cxxfilt(named.map(o => o.value)) ?? await page.evaluate(vs => vs.map(v => window.playground.demangle(v)), named.map(o => o.value));
  named.forEach((o, i) => assert.ok(o.text.startsWith(`${want[i]} — `), `${o.text} reads ${want[i]}`));
  await page.selectOption('#fn-select', '_Z5countIlEiPKT_iS0_');
  await page.click('#tab-cfg');
  await page.waitForFunction(() => document.getElementById('cfg-view').dataset.fn === '_Z5countIlEiPKT_iS0_');
  assert.equal(await page.textContent('.cfg-title'), filt ? cxxfilt(['_Z5countIlEiPKT_iS0_'])[0] : 'int count<long>(long const*, int, long)');
  assert.equal(await page.getAttribute('svg.graph.cfg', 'aria-label'), `CFG of ${await page.textContent('.cfg-title')}`);
  await page.screenshot({ path: join(SHOTS, 'demangled-cfg.png') });
  // off: names as the IR writes them
  await page.uncheck('#demangle');
  await page.waitForFunction(() => document.querySelector('.cfg-title')?.textContent === '@_Z5countIlEiPKT_iS0_');
  await page.selectOption('#fn-select', '');
  await page.click('#tab-passes');
  assert.deepEqual(await page.$$eval('.pass-list li .pass-unit', us => us.slice(0, 2).map(u => u.textContent)), units.slice(0, 2).map(u => `@${u}`));
  await page.check('#demangle');
  // Rust's legacy names: the path with the hash, escapes decoded
  const rust = example('rust.ll');
  await load(page, rust, 'function(mem2reg)');
  const rustUnits = await page.$$eval('.pass-list li', ls => ls.map(li => [li.dataset.unit, li.querySelector('.pass-unit').textContent]));
  assert.ok(rustUnits.length > 0);
  for (const [unit, text] of rustUnits) {
    const m = /^_ZN((?:\d+[^\d]+?)+)17h([0-9a-f]{16})E$/.exec(unit);
    if (!m) continue;
    assert.ok(text.endsWith(`::h${m[2]}`) && !text.includes('$'), `${unit} reads ${text}`);
  }
  assert.ok(rustUnits.some(([, t]) => t.startsWith('rust::')), JSON.stringify(rustUnits));
  assert.deepEqual(errors, []);
  await page.close();
});

test('the CFG with each block\'s instructions, the dominator and the post-dominator tree, as inspect() and the output give them', { skip, timeout: 90_000 }, async () => {
  const { r, graphs } = await apiRun(C, PIPELINE);
  const { page, errors } = await open();
  await load(page, C, PIPELINE);
  await page.click('#tab-cfg');
  // the CFG view draws once inspect() has answered (in the worker): wait for what it says it drew
  const drawn = (fn, code) => page.waitForFunction(([f, c]) => { const v = document.getElementById('cfg-view'); return v.dataset.fn === f && v.dataset.code === c; }, [fn, code]);
  for (const name of ['sum_to', 'clamp']) {
    if (await page.isChecked('#cfg-code')) await page.uncheck('#cfg-code');
    await page.selectOption('#fn-select', name);
    await drawn(name, '0');
    const g = graphs.get(name);
    // instructions off: one label per node
    assert.equal(await page.$$eval('svg.graph.cfg .node .inst', x => x.length), 0);
    await page.check('#cfg-code');
    await drawn(name, '1');
    // each block's lines of the output's definition, split at its labels here
    const body = definition(r.output, name).split('\n').slice(1, -1);
    const blocks = [];
    for (const line of body) {
      if (/^[-\w$.]+:/.test(line)) blocks.push([]);
      else if (line.trim() && !line.trim().startsWith(';')) { if (!blocks.length) blocks.push([]); blocks.at(-1).push(line.trim()); }
    }
    const nodes = await page.$$eval('svg.graph.cfg .node', ns => ns.map(n => ({ block: n.dataset.block, head: n.querySelector('.head')?.textContent,
      lines: [...n.querySelectorAll('.inst')].map(t => t.textContent), tip: n.querySelector('title').textContent })));
    assert.deepEqual(nodes.map(n => n.block), g.blocks.map(b => b.name));
    assert.deepEqual(nodes.map(n => n.head), g.blocks.map(b => b.name));
    // a line longer than 72 characters is cut with an ellipsis; the tooltip has it whole
    const cut = l => (l.length > 72 ? `${l.slice(0, 71)}…` : l);
    assert.deepEqual(nodes.map(n => n.lines), blocks.map(ls => ls.map(cut)), `${name}: the instructions in each block`);
    nodes.forEach((n, i) => assert.ok(n.tip.endsWith(`\n\n${blocks[i].join('\n')}`), `${name} ${n.block}: the tooltip`));
    // the dominator tree: an edge from each reachable block's idom
    const edges = sel => page.$$eval(`${sel} .edge`, es => es.map(e => `${e.dataset.from}->${e.dataset.to}`).sort());
    assert.deepEqual(await edges('svg.graph.domtree'), g.blocks.filter(b => b.idom >= 0).map(b => `${g.blocks[b.idom].name}->${b.name}`).sort());
    // the post-dominator tree: the virtual exit at the root, an edge from each block's ipdom
    assert.deepEqual(await edges('svg.graph.postdomtree'), g.blocks.map(b => `${b.ipdom >= 0 ? g.blocks[b.ipdom].name : 'exit'}->${b.name}`).sort());
    assert.equal(await page.$$eval('svg.graph.postdomtree .node.virtual', n => n.map(x => x.dataset.block).join()), 'exit');
    assert.equal(await page.$$eval('svg.graph.postdomtree .node', n => n.length), g.blocks.length + 1);
    // the table's ipdom column says the same
    assert.ok(!(await page.textContent('#cfg-view')).includes('null'), 'no stray text');
    const table = await page.$$eval('.blocks-table tbody tr', trs => trs.map(tr => [tr.children[0].textContent, tr.children[2].textContent]));
    assert.deepEqual(table, g.blocks.map(b => [b.name, b.ipdom >= 0 ? g.blocks[b.ipdom].name : '(exit)']));
  }
  await page.selectOption('#fn-select', 'sum_to');
  await drawn('sum_to', '1');
  await page.screenshot({ path: join(SHOTS, 'cfg-instructions.png') });
  await page.uncheck('#cfg-code');
  await drawn('sum_to', '0');
  await page.screenshot({ path: join(SHOTS, 'cfg-postdom.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a pipeline error is shown at the pipeline field, its bad name marked, with a fix that runs', { skip, timeout: 90_000 }, async () => {
  const s = await openSession({});
  const bad = 'function(mem2rg),mergefunc';
  const api = await s.optimize(C, { passes: bad });
  await s.close();
  assert.equal(api.ok, false);
  const d = api.diagnostics[0];
  assert.equal(d.stage, 'pipeline');
  const { page, errors } = await open({ width: 1280, height: 800 });
  await load(page, C, bad);
  assert.ok(await page.isVisible('#pipeline-error'));
  assert.equal(await page.textContent('#pipeline-error .pe-msg'), d.message);
  assert.equal(await page.textContent('#pipeline-error mark'), 'mem2rg');
  assert.deepEqual(await page.evaluate(() => window.playground.pipelineError), { message: d.message, start: bad.indexOf('mem2rg'), end: bad.indexOf('mem2rg') + 6 });
  assert.equal(await page.getAttribute('#passes', 'aria-invalid'), 'true');
  assert.match(await page.textContent('#status'), new RegExp(`^Pipeline error: ${d.message.replace(/[()']/g, '.')}`));
  // not in the IR: no line marked in the input, no "line 0, column 0" in the output
  assert.equal(await page.$$eval('#input .cm-diag-line', x => x.length), 0);
  const out = await page.evaluate(() => window.playground.output);
  assert.equal(out, `; pipeline error: ${d.message}`);
  // the box sits under the field, inside the window, and covers nothing of the panes
  const box = await page.$eval('#pipeline-error', e => e.getBoundingClientRect().toJSON());
  const field = await page.$eval('#passes', e => e.getBoundingClientRect().toJSON());
  const pane = await page.$eval('#result-pane', e => e.getBoundingClientRect().toJSON());
  assert.ok(box.top >= field.bottom && box.right <= 1280 && box.bottom <= pane.top, JSON.stringify({ box, field, pane }));
  await page.screenshot({ path: join(SHOTS, 'pipeline-error.png') });
  // the suggestion puts mem2reg in place and runs
  await afterRun(page, () => page.click('#pipeline-error button.suggest'));
  assert.equal(await page.inputValue('#passes'), PIPELINE);
  assert.ok(await page.isHidden('#pipeline-error'));
  assert.equal(await page.getAttribute('#passes', 'aria-invalid'), null);
  assert.equal(await page.evaluate(() => window.playground.result.ok), true);
  // an unbalanced pipeline: the message alone (opt quotes the whole pipeline)
  await page.fill('#passes', 'function(mem2reg');
  await afterRun(page, () => page.click('#run'));
  assert.equal(await page.textContent('#pipeline-error'), "invalid pipeline 'function(mem2reg'");
  assert.equal(await page.$('#pipeline-error mark'), null);
  // LLVM 19 has no global-merge-func: the field says so
  await page.fill('#passes', 'global-merge-func');
  await afterRun(page, () => page.selectOption('#version', '19'));
  assert.match(await page.textContent('#pipeline-error'), /global-merge-func is an LLVM 22 pass/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('times under a millisecond are shown in µs (the page is cross-origin isolated for a 5 µs clock)', { skip, timeout: 60_000 }, async () => {
  const { page, errors } = await open();
  await load(page, CPP, PIPELINE);
  assert.equal(await page.evaluate(() => crossOriginIsolated), true, 'serve.js sends COOP and COEP');
  const want = ms => (ms < 0.005 ? '< 5 µs' : ms < 1 ? `${Math.round(ms * 1000)} µs` : ms >= 100 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(ms >= 10 ? 1 : 2)} ms`);
  const chips = await page.$$eval('.timing[data-ms]', cs => cs.map(c => [Number(c.dataset.ms), c.textContent]));
  assert.ok(chips.length >= 4);
  for (const [ms, text] of chips) assert.ok(text.endsWith(` ${want(ms)}`), `${text} for ${ms} ms`);
  await page.click('#tab-passes');
  const trace = await page.evaluate(() => window.playground.result.trace.map(e => e.ms));
  const shown = await page.$$eval('.pass-list li', ls => ls.map(li => [Number(li.dataset.index), li.querySelector('.pass-ms').textContent]));
  for (const [i, text] of shown) assert.equal(text, want(trace[i]));
  assert.ok(shown.some(([i]) => trace[i] < 1), 'some pass took under a millisecond');
  assert.ok(!(await page.textContent('body')).includes('0.00 ms'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('the layout fits 1280×800 and 1440×900: one header row, the pipeline uncut, nothing wider than the window', { skip, timeout: 90_000 }, async () => {
  for (const [width, height] of [[1280, 800], [1440, 900]]) {
    const { page, errors } = await open({ width, height });
    await load(page, CPP, PIPELINE);
    const m = await page.evaluate(() => {
      const box = id => document.getElementById(id).getBoundingClientRect().toJSON();
      const input = document.getElementById('passes');
      return { doc: document.documentElement.scrollWidth, win: innerWidth, docH: document.documentElement.scrollHeight, winH: innerHeight,
        passes: box('passes'), run: box('run'), share: box('share'), example: box('example'), title: document.querySelector('h1').getBoundingClientRect().toJSON(),
        fits: input.scrollWidth <= input.clientWidth, result: box('result-pane'), input: box('input-pane') };
    });
    const at = `${width}×${height}`;
    assert.ok(m.doc <= m.win && m.docH <= m.winH, `${at}: no page scroll (${m.doc}×${m.docH})`);
    assert.ok(m.fits, `${at}: the pipeline "${PIPELINE}" is not cut`);
    assert.ok(m.passes.width >= 300, `${at}: the pipeline field is ${m.passes.width}px wide`);
    // one row: the title, example, pipeline, Run and Share level with each other
    for (const k of ['example', 'passes', 'run', 'share']) assert.ok(Math.abs((m[k].top + m[k].bottom) / 2 - (m.title.top + m.title.bottom) / 2) < 12, `${at}: ${k} on the header row`);
    assert.ok(m.share.right <= width, `${at}: Share inside the window`);
    assert.ok(m.result.width >= 600, `${at}: the results get ${m.result.width}px`);
    // every tab's content stays inside its pane
    for (const tab of ['output', 'passes', 'merges', 'cfg']) {
      await page.click(`#tab-${tab}`);
      const over = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth || document.documentElement.scrollHeight > innerHeight);
      assert.equal(over, false, `${at}: ${tab} tab overflows the window`);
      await page.screenshot({ path: join(SHOTS, `layout-${width}-${tab}.png`) });
    }
    // Wide: the results take the whole width, and back
    await page.click('#wide');
    const wide = await page.$eval('#result-pane', e => e.getBoundingClientRect().width);
    assert.ok(wide > width - 60, `${at}: wide results ${wide}px`);
    await page.click('#wide');
    assert.ok(await page.$eval('#input-pane', e => e.getBoundingClientRect().width) > 300);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
