// main.js — the playground page: an LLVM IR editor, a pipeline, a Run that optimises in a Web
// Worker (wopt's worker session, so the page stays responsive), the output beside the input and
// views of the structured results (passes, merges, CFG and dominator tree).
import { openWorkerSession } from '../../bindings/worker-browser.js';
import { inputEditor, outputEditor, setText, showDiagnostics, findDefinition, revealLine } from './editor.js';
import { passView, mergesView, timingsView, blocksTable, h } from './views.js';
import { cfgSvg, domTreeSvg, blockRows } from './cfg.js';
import { encodeState, decodeState } from './share.js';
import cExample from '../examples/c-like.ll';
import cppExample from '../examples/cpp-templates.ll';
import rustExample from '../examples/rust.ll';
import sensorsExample from '../examples/sensors.ll';

export const EXAMPLES = {
  c: { title: 'C: loops, branches, duplicate functions (clang -O0)', text: cExample },
  cpp: { title: 'C++: template instantiations, comdats (clang++ -O0)', text: cppExample },
  rust: { title: 'Rust: monomorphised generics (rustc -C opt-level=0)', text: rustExample },
  // `passes`: the pipeline the example is for, set when it is picked
  merging: { title: 'C: functions differing in constants, for global-merge-func (clang -O2)', text: sensorsExample, passes: 'global-merge-func,mergefunc' },
};
const DEFAULT_PASSES = 'function(mem2reg),mergefunc';
const TRACE_LIMIT = 2e6; // bytes of input past which the per-pass trace is not asked for
const SHARE_LIMIT = 1e6; // bytes of input past which the URL does not carry it

// where the build put the worker bundle and the core: beside this bundle
const workerUrl = new URL('./worker.js', import.meta.url);
const wasmUrl = new URL('./wopt.wasm', import.meta.url);

const $ = id => document.getElementById(id);
const ui = {
  example: $('example'), passes: $('passes'), version: $('version'), run: $('run'), share: $('share'),
  status: $('status'), timings: $('timings'), fnSelect: $('fn-select'),
};

let session = null, sessionVersion = 0, running = null, lastResult = null, runCount = 0;
// which structured results the core gave at the last run (the views say when one is missing)
let features = {};

async function getSession(version) {
  if (session && sessionVersion === version) return session;
  const old = session;
  session = null;
  old?.then(s => s.close()).catch(() => {});
  sessionVersion = version;
  session = openWorkerSession({ llvmVersion: version, workerUrl, wasmUrl });
  session.catch(() => { session = null; });
  return session;
}

function status(text, kind = '') {
  ui.status.textContent = text;
  ui.status.className = `status ${kind}`;
}

const input = inputEditor($('input'), {
  onRun: () => run(),
  onFile: (text, name) => { setText(input, text); ui.example.value = ''; status(`Loaded ${name} (${text.length.toLocaleString()} bytes)`); },
});
const output = outputEditor($('output'));

// tabs of the result pane
for (const tab of document.querySelectorAll('[role=tab]')) tab.addEventListener('click', () => selectTab(tab.dataset.tab));
function selectTab(name) {
  for (const t of document.querySelectorAll('[role=tab]')) t.setAttribute('aria-selected', String(t.dataset.tab === name));
  for (const p of document.querySelectorAll('[role=tabpanel]')) p.hidden = p.id !== `panel-${name}`;
  if (name === 'output') output.requestMeasure();
}

for (const [key, ex] of Object.entries(EXAMPLES)) ui.example.append(h('option', { value: key }, ex.title));
ui.example.addEventListener('change', () => {
  const ex = EXAMPLES[ui.example.value];
  if (!ex) return;
  setText(input, ex.text);
  if (ex.passes) ui.passes.value = ex.passes;
  run();
});
ui.run.addEventListener('click', () => run());
ui.passes.addEventListener('keydown', e => { if (e.key === 'Enter') run(); });
ui.version.addEventListener('change', () => run());
ui.share.addEventListener('click', async () => {
  const hash = await encodeState(state());
  history.replaceState(null, '', hash);
  try { await navigator.clipboard.writeText(location.href); status('Link copied to the clipboard', 'ok'); } catch { status('Link is in the address bar', 'ok'); }
});
ui.fnSelect.addEventListener('change', () => showFunction(ui.fnSelect.value));

const state = () => ({ input: input.state.doc.toString(), passes: ui.passes.value.trim(), llvmVersion: Number(ui.version.value) });

/** Runs the pipeline on the input in the worker; a run still going is aborted first. */
async function run() {
  running?.abort();
  const ac = new AbortController();
  running = ac;
  const { input: text, passes, llvmVersion } = state();
  const trace = text.length <= TRACE_LIMIT;
  const n = ++runCount;
  document.body.classList.add('running');
  status('Running…', 'busy');
  const t0 = performance.now();
  try {
    const s = await getSession(llvmVersion);
    // a big input goes as bytes handed over to the worker, and the output comes back so: no
    // copying on the page's thread
    const big = text.length > 256 * 1024;
    const arg = big ? new TextEncoder().encode(text) : text;
    document.body.dataset.phase = 'worker'; // the worker's share of the run, for the responsiveness test
    const r = await s.optimize(arg, { passes, trace, mergeReport: true, globalMergeReport: true, signal: ac.signal, transfer: big, output: 'bytes' })
      .finally(() => { delete document.body.dataset.phase; });
    if (r.output) r.output = new TextDecoder().decode(r.output);
    if (ac.signal.aborted) return;
    lastResult = r;
    features = { trace: !trace || Array.isArray(r.trace), mergeReport: r.mergeReport !== undefined, globalMergeReport: r.globalMergeReport !== undefined,
      inspect: typeof s.inspect === 'function' };
    show(r, performance.now() - t0, trace, { passes, llvmVersion });
    if (text.length <= SHARE_LIMIT) history.replaceState(null, '', await encodeState({ input: text, passes, llvmVersion }));
    await fillFunctions(s, r);
  } catch (e) {
    if (e.name === 'AbortError') return;
    status(`Failed: ${e.message}`, 'error');
  } finally {
    if (running === ac) { running = null; document.body.classList.remove('running'); document.body.dataset.runs = String(n); }
  }
}

function show(r, ms, traced, { passes, llvmVersion } = state()) {
  showDiagnostics(input, r.diagnostics);
  setText(output, r.ok ? r.output ?? '' : r.diagnostics.map(d => `; ${d.stage} error at line ${d.line}, column ${d.col}: ${d.message}`).join('\n'));
  $('log').hidden = !r.log;
  $('log').textContent = r.log;
  ui.timings.replaceChildren(...timingsView(r.timings, ms));
  if (r.ok) status(`Done in ${ms.toFixed(0)} ms`, 'ok');
  else status(`${r.diagnostics.length} error${r.diagnostics.length === 1 ? '' : 's'}: ${r.diagnostics[0]?.message ?? ''}`, 'error');
  $('panel-passes').replaceChildren(Array.isArray(r.trace) ? passView(r.trace)
    : h('p', { class: 'empty' }, !r.ok ? 'No trace: the run failed.' : traced ? 'This core gives no per-pass trace.' : 'Trace not taken: the input is over 2 MB.'));
  $('panel-merges').replaceChildren(mergesView({ ok: r.ok, passes, llvmVersion, mergeReport: r.mergeReport, globalMergeReport: r.globalMergeReport,
    output: r.ok ? r.output : '', onJump: jumpTo }));
  const merged = (r.mergeReport?.functionsMerged ?? 0) + (r.globalMergeReport?.functionsMerged ?? 0);
  $('tab-merges').dataset.count = merged ? String(merged) : '';
}

/**
 * Shows where @name is defined: in the output (on the Output tab), else in the input (a function
 * the passes erased), else what mergefunc folded it into (a .Tgm body it merged away).
 */
function jumpTo(name) {
  const out = output.state.doc.toString();
  let at = findDefinition(out, name);
  if (at >= 0) { selectTab('output'); revealLine(output, at); status(`@${name} in the output`); return 'output'; }
  at = findDefinition(input.state.doc.toString(), name);
  if (at >= 0) { revealLine(input, at); status(`@${name} is not in the output: its definition in the input`); return 'input'; }
  const into = new Map((lastResult?.mergeReport?.merged ?? []).map(m => [m.function, m.into]));
  for (let n = name, seen = new Set([name]); into.has(n) && !seen.has(into.get(n));) {
    n = into.get(n);
    seen.add(n);
    at = findDefinition(out, n);
    if (at >= 0) { selectTab('output'); revealLine(output, at); status(`@${name} was folded into @${n} by mergefunc`); return 'output'; }
  }
  status(`No definition of @${name} in the output or the input`, 'error');
  return null;
}

async function fillFunctions(s, r) {
  const fns = r.ok ? (await s.functions()).filter(f => !f.declaration) : [];
  const keep = ui.fnSelect.value;
  ui.fnSelect.replaceChildren(...fns.map(f => h('option', { value: f.name }, `@${f.name} (${f.blocks} block${f.blocks === 1 ? '' : 's'})`)));
  // prefer the function shown before, else the one with the most blocks
  const best = fns.find(f => f.name === keep) ?? fns.reduce((a, f) => (!a || f.blocks > a.blocks ? f : a), null);
  if (best) ui.fnSelect.value = best.name;
  await showFunction(best?.name);
}

async function showFunction(name) {
  const panel = $('cfg-view');
  if (!name) { panel.replaceChildren(h('p', { class: 'empty' }, 'No defined function.')); return; }
  const s = await session;
  if (typeof s.inspect !== 'function') { panel.replaceChildren(h('p', { class: 'empty' }, 'This core cannot inspect functions.')); return; }
  renderFunction(await s.inspect(name));
}

/** Draws inspect()'s answer: the CFG, the dominator tree and the blocks table. */
export function renderFunction(fn) {
  const panel = $('cfg-view');
  if (!fn) { panel.replaceChildren(h('p', { class: 'empty' }, 'No such defined function.')); return; }
  const phis = fn.blocks.reduce((s, b) => s + b.phis, 0);
  panel.replaceChildren(
    h('div', { class: 'graphs' },
      h('figure', { class: 'graph-box' }, h('figcaption', {}, `Control-flow graph — ${fn.blocks.length} blocks, ${phis} φ`), cfgSvg(fn)),
      h('figure', { class: 'graph-box' }, h('figcaption', {}, 'Dominator tree'), domTreeSvg(fn))),
    blocksTable(blockRows(fn)));
}

// test and console hooks: the state, and views fed with data directly
window.playground = {
  get input() { return input.state.doc.toString(); },
  get output() { return output.state.doc.toString(); },
  get result() { return lastResult; },
  get features() { return features; },
  setInput: text => { setText(input, text); ui.example.value = ''; },
  run, selectTab, renderFunction, jumpTo,
  showResult: r => show(r, 0, true),
};

async function start() {
  const shared = await decodeState(location.hash);
  if (shared) {
    setText(input, shared.input);
    ui.passes.value = shared.passes;
    ui.version.value = String(shared.llvmVersion);
    ui.example.value = '';
  } else {
    ui.passes.value = DEFAULT_PASSES;
    ui.example.value = 'c';
    setText(input, EXAMPLES.c.text);
  }
  selectTab('output');
  await run();
  document.body.dataset.ready = 'true';
}
start();
