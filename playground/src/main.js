// main.js — the playground page: an LLVM IR editor, a pipeline, a Run that optimises in a Web
// Worker (wopt's worker session, so the page stays responsive), the output beside the input and
// views of the structured results (passes with their diffs, merges, CFG and dominator trees),
// all of them narrowed to one function when one is chosen, with C++ and Rust names demangled. The
// input editor talks to wopt's language server, in a Web Worker of its own (lsp.js).
import { openWorkerSession } from '../../bindings/worker-browser.js';
import { inputEditor, outputEditor, setText, showDiagnostics, findDefinition, revealLine, globalRef } from './editor.js';
import { mergesView, timingsView, blocksTable, h } from './views.js';
import { passView } from './passes.js';
import { cfgSvg, domTreeSvg, postDomTreeSvg, blockRows } from './cfg.js';
import { functionsOf, definitionOf, blocksOf } from './ir.js';
import { demangle, demangleShort } from './demangle.js';
import { encodeState, decodeState } from './share.js';
import { languageServer } from './lsp.js';
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

// where the build put the worker bundles and the core: beside this bundle
const workerUrl = new URL('./worker.js', import.meta.url);
const lspWorkerUrl = new URL('./lsp-worker.js', import.meta.url);
const wasmUrl = new URL('./wopt.wasm', import.meta.url);

const $ = id => document.getElementById(id);
const ui = {
  example: $('example'), passes: $('passes'), version: $('version'), run: $('run'), share: $('share'),
  status: $('status'), timings: $('timings'), fnSelect: $('fn-select'), demangle: $('demangle'), cfgCode: $('cfg-code'),
  pipelineError: $('pipeline-error'), lspState: $('lsp-state'),
};

// the view settings, kept across visits
const SETTINGS_KEY = 'wopt-playground';
const settings = { hideUnchanged: false, mode: 'unified', demangle: true, cfgCode: false, split: 0.42, wide: false };
try { Object.assign(settings, JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}')); } catch { /* private mode */ }
const saveSettings = () => { try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* private mode */ } };

// the functions of the last run: [{ key, name, printed, index, blocks, erased }] (index: in
// session.functions(), -1 for a function the passes erased); `chosen`: the filter's key, '' for all
let fnList = [], chosen = '';
const chosenFn = () => fnList.find(f => f.key === chosen) ?? null;

/**
 * How a function is shown: demangled when it can be (and the toggle is on), else as the IR writes
 * it; `short`: without a C++ function's return type and parameters (the pass list).
 */
function label(name, printed, short = false) {
  if (!name) return printed ?? '@?';
  return (settings.demangle && (short ? demangleShort(name) : demangle(name))) || printed || globalRef(name);
}
const tooltip = name => { const d = demangle(name); return d ? `${globalRef(name)}\n${d}` : globalRef(name); };

let session = null, sessionVersion = 0, running = null, lastResult = null, lastTraced = true, runCount = 0;
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

// the language server's state above the input: starting, failed, or what it finds in the text
const lsp = languageServer({ workerUrl: lspWorkerUrl, wasmUrl, onState: showLspState });
function showLspState({ state, llvmVersion, errors, warnings }) {
  const el = ui.lspState, plural = (n, w) => `${n} ${w}${n === 1 ? '' : 's'}`;
  el.dataset.state = state === 'ready' || state === 'starting' ? state : 'failed';
  el.dataset.problems = String(errors + warnings);
  el.textContent = state === 'starting' ? `LLVM ${llvmVersion} checker starting…`
    : state !== 'ready' ? `LLVM ${llvmVersion} checker ${state}`
      : errors + warnings ? `LLVM ${llvmVersion}: ${[errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : ''].filter(Boolean).join(', ')}`
        : `LLVM ${llvmVersion}: no problems`;
  el.title = 'wopt\'s language server checks the input as you type. F12 or Ctrl-click: definition; Shift-F12: references; Shift-Alt-F: format; hover a value: its type';
}

const input = inputEditor($('input'), {
  onRun: () => run(),
  onFile: (text, name) => { setText(input, text); ui.example.value = ''; status(`Loaded ${name} (${text.length.toLocaleString()} bytes)`); },
  extensions: lsp.extension,
});
lsp.attach(input);
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
ui.version.addEventListener('change', () => { lsp.start(Number(ui.version.value)); run(); });
ui.share.addEventListener('click', async () => {
  const hash = await encodeState(state());
  history.replaceState(null, '', hash);
  try { await navigator.clipboard.writeText(location.href); status('Link copied to the clipboard', 'ok'); } catch { status('Link is in the address bar', 'ok'); }
});
ui.fnSelect.addEventListener('change', () => setFunction(ui.fnSelect.value));
ui.demangle.checked = settings.demangle;
ui.demangle.addEventListener('change', () => { settings.demangle = ui.demangle.checked; saveSettings(); fillSelect(); renderOutput(); renderPasses(); renderCfg(); });
ui.cfgCode.checked = settings.cfgCode;
ui.cfgCode.addEventListener('change', () => { settings.cfgCode = ui.cfgCode.checked; saveSettings(); renderCfg(); });
ui.passes.addEventListener('input', () => showPipelineError(null));

// the splitter between the panes: drag, arrow keys, double-click to reset
const mainEl = $('main'), splitter = $('splitter');
function applySplit() {
  settings.split = Math.min(0.8, Math.max(0.2, settings.split));
  mainEl.style.gridTemplateColumns = `minmax(0, ${settings.split}fr) 10px minmax(0, ${1 - settings.split}fr)`;
  input.requestMeasure();
  output.requestMeasure();
}
splitter.addEventListener('pointerdown', e => {
  splitter.setPointerCapture(e.pointerId);
  const move = ev => { const r = mainEl.getBoundingClientRect(); settings.split = (ev.clientX - r.left) / r.width; applySplit(); };
  const up = () => { splitter.removeEventListener('pointermove', move); splitter.removeEventListener('pointerup', up); saveSettings(); };
  splitter.addEventListener('pointermove', move);
  splitter.addEventListener('pointerup', up);
});
splitter.addEventListener('keydown', e => {
  const step = e.key === 'ArrowLeft' ? -0.03 : e.key === 'ArrowRight' ? 0.03 : 0;
  if (step) { e.preventDefault(); settings.split += step; applySplit(); saveSettings(); }
});
splitter.addEventListener('dblclick', () => { settings.split = 0.42; applySplit(); saveSettings(); });
applySplit();
// the results across the whole width
const wideBtn = $('wide');
function applyWide() {
  document.body.classList.toggle('wide', !!settings.wide);
  wideBtn.setAttribute('aria-pressed', String(!!settings.wide));
  wideBtn.textContent = settings.wide ? '⇥ Input' : '⇤ Wide';
  wideBtn.title = settings.wide ? 'Show the input again' : 'Give the results the whole width (hide the input)';
  input.requestMeasure();
  output.requestMeasure();
}
wideBtn.addEventListener('click', () => { settings.wide = !settings.wide; saveSettings(); applyWide(); });
applyWide();

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
    lastTraced = trace;
    features = { trace: !trace || Array.isArray(r.trace), mergeReport: r.mergeReport !== undefined, globalMergeReport: r.globalMergeReport !== undefined,
      inspect: typeof s.inspect === 'function' };
    show(r, performance.now() - t0, trace, { passes, llvmVersion });
    await pipelineHelp(s, r, passes, llvmVersion);
    if (text.length <= SHARE_LIMIT) history.replaceState(null, '', await encodeState({ input: text, passes, llvmVersion }));
    // the output, passes and CFG once the function filter knows the module's functions
    await fillFunctions(s, r).catch(() => {});
    await renderViews();
  } catch (e) {
    if (e.name === 'AbortError') return;
    status(`Failed: ${e.message}`, 'error');
  } finally {
    if (running === ac) { running = null; document.body.classList.remove('running'); document.body.dataset.runs = String(n); }
  }
}

function show(r, ms, traced, { passes, llvmVersion } = state()) {
  // a pipeline error has no place in the IR: it is shown at the pipeline field
  showDiagnostics(input, r.diagnostics.filter(d => d.line > 0));
  const pipelineErr = !r.ok ? r.diagnostics.find(d => d.stage === 'pipeline') : null;
  showPipelineError(pipelineErr, passes);
  $('log').hidden = !r.log;
  $('log').textContent = r.log;
  ui.timings.replaceChildren(...timingsView(r.timings, ms));
  if (r.ok) status(`Done in ${ms.toFixed(0)} ms`, 'ok');
  else if (pipelineErr) status(`Pipeline error: ${pipelineErr.message}`, 'error');
  else status(`${r.diagnostics.length} error${r.diagnostics.length === 1 ? '' : 's'}: ${r.diagnostics[0]?.message ?? ''}`, 'error');
  $('panel-merges').replaceChildren(mergesView({ ok: r.ok, passes, llvmVersion, mergeReport: r.mergeReport, globalMergeReport: r.globalMergeReport,
    output: r.ok ? r.output : '', onJump: jumpTo, label: n => label(n, globalRef(n)), tooltip }));
  const merged = (r.mergeReport?.functionsMerged ?? 0) + (r.globalMergeReport?.functionsMerged ?? 0);
  $('tab-merges').dataset.count = merged ? String(merged) : '';
}

/** The output pane: the module, or the chosen function's definition in it. */
function renderOutput() {
  const r = lastResult, note = $('output-note');
  if (!r) return;
  if (!r.ok) {
    note.hidden = true;
    setText(output, r.diagnostics.map(d => (d.line > 0 ? `; ${d.stage} error at line ${d.line}, column ${d.col}: ${d.message}` : `; ${d.stage} error: ${d.message}`)).join('\n'));
    return;
  }
  const fn = chosenFn();
  if (!fn) { note.hidden = true; setText(output, r.output ?? ''); return; }
  const text = definitionOf(r.output ?? '', fn.printed);
  note.hidden = false;
  note.replaceChildren(text === null ? `${label(fn.name, fn.printed)} is not in the output: a pass removed it. ` : `Only ${label(fn.name, fn.printed)}. `,
    h('button', { type: 'button', class: 'linkish', onclick: () => setFunction('') }, 'Show the whole module'));
  setText(output, text ?? '');
}

/** The Passes tab for the chosen function (or all). */
function renderPasses() {
  const r = lastResult;
  if (!r) return;
  const fn = chosenFn();
  $('panel-passes').replaceChildren(Array.isArray(r.trace) ? passView(r.trace, {
    fn: fn && { name: fn.name, printed: fn.printed }, hideUnchanged: settings.hideUnchanged, mode: settings.mode,
    label: (name, printed) => label(name, printed ?? (name ? globalRef(name) : '@?'), true), title: tooltip,
    onChange: change => { Object.assign(settings, change); saveSettings(); renderPasses(); },
  }) : h('p', { class: 'empty' }, !r.ok ? 'No trace: the run failed.' : lastTraced ? 'This core gives no per-pass trace.' : 'Trace not taken: the input is over 2 MB.'));
}

async function renderViews() {
  renderOutput();
  renderPasses();
  await renderCfg();
}

/**
 * Shows where @name is defined: in the output (on the Output tab), else in the input (a function
 * the passes erased), else what mergefunc folded it into (a .Tgm body it merged away).
 */
function jumpTo(name) {
  if (chosen) setFunction('', { quiet: true });
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

/**
 * The function filter's choices: the module's defined functions after the pipeline (their printed
 * names from the output: functions() and the define/declare lines are both in module order), then
 * the ones the trace names that a pass erased.
 */
async function fillFunctions(s, r) {
  const core = r.ok ? await s.functions() : [];
  const printed = r.ok ? functionsOf(r.output ?? '') : [];
  const aligned = printed.length === core.length;
  fnList = core.map((f, i) => ({ key: f.name || `@@${i}`, name: f.name, printed: aligned ? printed[i].printed : globalRef(f.name), index: i, blocks: f.blocks, declaration: f.declaration, erased: false }))
    .filter(f => !f.declaration && (f.name || aligned));
  const known = new Set(fnList.map(f => f.name));
  for (const e of r.trace ?? []) {
    if (e.unit === '[module]' || !e.unit || known.has(e.unit)) continue;
    known.add(e.unit);
    fnList.push({ key: e.unit, name: e.unit, printed: globalRef(e.unit), index: -1, blocks: 0, erased: true });
  }
  // a failed run keeps the choice for the next one
  if (r.ok && !fnList.some(f => f.key === chosen)) chosen = '';
  fillSelect();
}

function fillSelect() {
  const plural = n => `${n} block${n === 1 ? '' : 's'}`;
  ui.fnSelect.replaceChildren(h('option', { value: '' }, `All functions (${fnList.filter(f => !f.erased).length})`),
    ...fnList.map(f => h('option', { value: f.key, title: f.name ? tooltip(f.name) : f.printed }, `${label(f.name, f.printed)} — ${f.erased ? 'erased' : plural(f.blocks)}`)));
  ui.fnSelect.value = chosen;
}

/** Chooses the function the views show ('' for all). */
async function setFunction(key, { quiet = false } = {}) {
  chosen = fnList.some(f => f.key === key) ? key : '';
  ui.fnSelect.value = chosen;
  if (quiet) { renderOutput(); renderPasses(); renderCfg(); return; }
  await renderViews();
}

let cfgSeq = 0; // the latest renderCfg: an older one whose inspect() answers late draws nothing
async function renderCfg() {
  const seq = ++cfgSeq;
  const note = $('cfg-note');
  let fn = chosenFn();
  if (!fn) {
    // none chosen: the one with the most blocks
    fn = fnList.filter(f => !f.erased).reduce((a, f) => (!a || f.blocks > a.blocks ? f : a), null);
    note.textContent = fn ? 'The function with the most blocks: choose another under Function.' : '';
  } else note.textContent = '';
  const panel = $('cfg-view');
  if (!fn) { panel.replaceChildren(h('p', { class: 'empty' }, lastResult?.ok === false ? 'No CFG: the run failed.' : 'No defined function.')); return; }
  if (fn.erased) { panel.replaceChildren(h('p', { class: 'empty' }, `${label(fn.name, fn.printed)} is not in the output: a pass removed it.`)); return; }
  const s = await session;
  if (typeof s.inspect !== 'function') { panel.replaceChildren(h('p', { class: 'empty' }, 'This core cannot inspect functions.')); return; }
  const graph = await s.inspect(fn.index);
  if (seq !== cfgSeq) return;
  renderFunction(graph, fn);
}

/**
 * Draws inspect()'s answer: the CFG (with each block's instructions when asked, from the output),
 * the dominator and post-dominator trees and the blocks table. `fn`: { name, printed } when known.
 */
export function renderFunction(graph, fn = null) {
  const panel = $('cfg-view');
  if (!graph) { panel.replaceChildren(h('p', { class: 'empty' }, 'No such defined function.')); return; }
  const name = fn?.name ?? graph.name, printed = fn?.printed ?? (graph.name ? globalRef(graph.name) : '@?');
  const title = label(name, printed);
  let lines = null;
  if (settings.cfgCode) {
    const text = lastResult?.ok ? definitionOf(lastResult.output ?? '', printed) : null;
    const blocks = text ? blocksOf(text, graph.blocks.map(b => b.name)) : [];
    lines = blocks.length === graph.blocks.length ? blocks.map(b => b.lines) : null;
  }
  const phis = graph.blocks.reduce((n, b) => n + b.phis, 0);
  // what is drawn, for tests and tools: the function and whether its instructions are in
  panel.dataset.fn = name || printed;
  panel.dataset.code = lines ? '1' : '0';
  const fig = (cls, caption, svg) => h('figure', { class: `graph-box ${cls}` }, h('figcaption', {}, caption), svg);
  panel.replaceChildren(...[
    h('h3', { class: 'cfg-title', title: name ? tooltip(name) : printed }, title),
    h('div', { class: `graphs${lines ? ' with-code' : ''}` },
      fig('cfg-box', `Control-flow graph — ${graph.blocks.length} blocks, ${phis} φ`, cfgSvg(graph, { lines, title })),
      fig('dom-box', 'Dominator tree', domTreeSvg(graph, { title })),
      fig('pdom-box', 'Post-dominator tree', postDomTreeSvg(graph, { title }))),
    settings.cfgCode && !lines ? h('p', { class: 'empty' }, 'The instructions could not be matched to the blocks.') : null,
    blocksTable(blockRows(graph))].filter(Boolean));
}

// ---- the pipeline field: errors there, with the bad part marked and near pass names ----

const passNames = new Map(); // llvmVersion -> Promise<string[]>
async function knownPasses(s, version) {
  if (!passNames.has(version)) passNames.set(version, s.passes().then(list => list.map(p => p.name)).catch(() => []));
  return passNames.get(version);
}

function editDistance(a, b) {
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0];
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const t = d[j];
      d[j] = Math.min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = t;
    }
  }
  return d[b.length];
}

let pipelineShown = null;
function showPipelineError(d, passes, hint = null) {
  const box = ui.pipelineError;
  pipelineShown = d ? { d, passes } : null;
  if (!d) { box.hidden = true; ui.passes.classList.remove('invalid'); ui.passes.removeAttribute('aria-invalid'); return; }
  const bad = /'([^']+)'/.exec(d.message)?.[1] ?? '';
  // the name opt quotes, found in the pipeline; an "invalid pipeline" quotes the whole of it
  const at = bad && bad !== passes ? passes.indexOf(bad) : -1;
  box.replaceChildren(...[
    h('div', { class: 'pe-msg' }, d.message),
    at >= 0 ? h('div', { class: 'pe-where' }, passes.slice(0, at), h('mark', {}, bad), passes.slice(at + bad.length)) : null,
    hint ? h('div', { class: 'pe-hint' }, ...[hint].flat()) : null].filter(Boolean));
  box.hidden = false;
  // level with the pipeline field, under it
  box.style.marginLeft = `${Math.max(0, ui.passes.getBoundingClientRect().left - box.parentElement.getBoundingClientRect().left - 16)}px`;
  box.dataset.start = String(at);
  box.dataset.end = String(at >= 0 ? at + bad.length : -1);
  ui.passes.classList.add('invalid');
  ui.passes.setAttribute('aria-invalid', 'true');
}

// after a failed run: near pass names for an unknown one
async function pipelineHelp(s, r, passes, llvmVersion) {
  const d = !r.ok ? r.diagnostics.find(x => x.stage === 'pipeline') : null;
  if (!d) return;
  const bad = (/'([^']+)'/.exec(d.message)?.[1] ?? '').replace(/<.*$/, '');
  let hint = null;
  if (bad === 'global-merge-func' && llvmVersion === 19) hint = 'global-merge-func is an LLVM 22 pass: choose LLVM 22.';
  else if (bad && /unknown/.test(d.message)) {
    const names = await knownPasses(s, llvmVersion);
    const near = names.map(n => [n, editDistance(bad, n)]).filter(([n, k]) => k > 0 && k <= Math.max(1, Math.min(3, Math.floor(bad.length / 3))))
      .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).slice(0, 3).map(x => x[0]);
    if (names.includes(bad)) hint = `${bad} exists, but not at this level of the pipeline or not with these options.`;
    else if (near.length) {
      // a suggestion puts itself in place of the unknown name and runs
      const at = passes.indexOf(bad);
      const fix = name => () => { ui.passes.value = passes.slice(0, at) + name + passes.slice(at + bad.length); showPipelineError(null); run(); };
      hint = ['Did you mean ', ...near.flatMap((n, i) => [i ? ', ' : '', at >= 0 ? h('button', { type: 'button', class: 'suggest', onclick: fix(n) }, n) : n]), '?'];
    }
  }
  if (hint) showPipelineError(d, passes, hint);
}

// test and console hooks: the state, and views fed with data directly
window.playground = {
  get input() { return input.state.doc.toString(); },
  get output() { return output.state.doc.toString(); },
  get result() { return lastResult; },
  get features() { return features; },
  get functions() { return fnList.map(({ key, name, printed, index, blocks, erased }) => ({ key, name, printed, index, blocks, erased })); },
  get settings() { return { ...settings }; },
  get pipelineError() { return pipelineShown && { message: pipelineShown.d.message, start: Number(ui.pipelineError.dataset.start), end: Number(ui.pipelineError.dataset.end) }; },
  setInput: text => { setText(input, text); ui.example.value = ''; },
  // the input editor and its language server (client, capabilities, the diagnostics shown)
  get editor() { return input; },
  get lsp() { return { state: lsp.state, llvmVersion: lsp.llvmVersion, capabilities: lsp.client?.serverCapabilities ?? null, diagnostics: lsp.diagnostics(), settled: lsp.settled }; },
  run, selectTab, renderFunction, jumpTo, setFunction, demangle, demangleShort,
  showResult: r => { lastResult = r; show(r, 0, true); renderOutput(); renderPasses(); },
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
  lsp.start(Number(ui.version.value));
  await run();
  document.body.dataset.ready = 'true';
}
start();
