// passes.js — the Passes tab: every pass run of the trace (one per function for a function pass,
// one for the module for a module pass) and the chosen run's before/after diff, unified or side
// by side. With a function chosen, only its runs are listed, and a module pass's diff is that
// function's part of the module; passes that changed nothing can be hidden.
import { h, fmtTime } from './views.js';
import { diffLines, sideBySide, contextMask } from '../../bindings/diff.js';
import { definitionOf } from './ir.js';

const MAX_ROWS = 2000; // list rows drawn at once: a big module's trace has one entry per function

/**
 * The runs the list shows: [{ index, entry, before, after, changed, scope }] where `scope` is
 * 'function' or 'module' and before/after are the unit's IR, or with `fn` ({ name, printed }) that
 * function's definition in a module pass's module ('' where it is not defined).
 */
export function passRuns(trace, fn = null) {
  const runs = [];
  trace.forEach((e, index) => {
    const scope = e.unit === '[module]' ? 'module' : 'function';
    if (!fn) { runs.push({ index, entry: e, before: e.before ?? '', after: e.after ?? '', changed: e.changed, scope }); return; }
    if (scope === 'function') {
      if (e.unit === fn.name && fn.name !== '') runs.push({ index, entry: e, before: e.before ?? '', after: e.after ?? '', changed: e.changed, scope });
      return;
    }
    const before = definitionOf(e.before ?? '', fn.printed) ?? '', after = definitionOf(e.after ?? '', fn.printed) ?? '';
    if (before || after) runs.push({ index, entry: e, before, after, changed: before !== after, scope });
  });
  return runs;
}

/**
 * The view. `opts`: { fn, hideUnchanged, mode: 'unified' | 'split', label(unit) -> text,
 * title(unit) -> tooltip, onChange({ hideUnchanged?, mode? }) }.
 */
export function passView(trace, opts) {
  const { fn = null, hideUnchanged = false, mode = 'unified', label = u => `@${u}`, title = u => u, onChange = () => {} } = opts;
  const all = passRuns(trace, fn);
  const runs = hideUnchanged ? all.filter(r => r.changed) : all;
  const changedCount = all.filter(r => r.changed).length;
  const diff = h('div', { class: 'diff', 'aria-label': 'diff' });
  const list = h('ol', { class: 'pass-list', role: 'listbox', 'aria-label': 'pass runs' });
  let selected = null;
  const pick = (r, li, focus = false) => {
    for (const x of list.querySelectorAll('.selected')) { x.classList.remove('selected'); x.setAttribute('aria-selected', 'false'); }
    li.classList.add('selected');
    li.setAttribute('aria-selected', 'true');
    if (focus) li.focus();
    li.scrollIntoView({ block: 'nearest' });
    selected = r;
    passView.lastSelected = r.index;
    diff.replaceChildren(diffView(r, { mode, label, fn, onChange }));
  };
  const unitText = r => (r.scope === 'module' ? (fn ? `[module] · ${label(fn.name, fn.printed)}` : '[module]') : label(r.entry.unit));
  runs.slice(0, MAX_ROWS).forEach(r => {
    const e = r.entry;
    const li = h('li', { class: r.changed ? 'changed' : 'unchanged', tabindex: 0, role: 'option', 'aria-selected': 'false', 'data-index': r.index, 'data-unit': e.unit,
      title: `${e.pass} on ${r.scope === 'module' ? 'the module' : title(e.unit)}${r.changed ? '' : ' (no change)'}` },
    h('span', { class: 'pass-num' }, String(r.index + 1)),
    h('span', { class: 'pass-name' }, e.name || e.pass),
    h('span', { class: 'pass-unit' }, unitText(r)),
    typeof e.ms === 'number' ? h('span', { class: 'pass-ms' }, fmtTime(e.ms)) : null);
    li.addEventListener('click', () => pick(r, li));
    li.addEventListener('keydown', ev => {
      const to = ev.key === 'ArrowDown' ? li.nextElementSibling : ev.key === 'ArrowUp' ? li.previousElementSibling : null;
      if (to) { ev.preventDefault(); to.click(); to.focus(); }
      else if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); pick(r, li); }
    });
    list.append(li);
  });
  const summary = `${plural(all.length, 'pass run')}, ${changedCount} changed` + (hideUnchanged ? ` · ${all.length - changedCount} unchanged hidden` : '') +
    (runs.length > MAX_ROWS ? ` (first ${MAX_ROWS} listed)` : '');
  const hide = h('label', { class: 'toggle' }, h('input', { type: 'checkbox', id: 'hide-unchanged', checked: hideUnchanged || null,
    onchange: e => onChange({ hideUnchanged: e.target.checked }) }), 'Hide unchanged');
  const side = h('div', { class: 'pass-side' }, h('div', { class: 'pass-tools' }, hide, h('span', { class: 'pass-summary' }, summary)),
    runs.length ? list : h('p', { class: 'empty' }, all.length ? 'No pass changed anything.' : fn ? 'No pass ran on this function.' : 'No pass ran.'));
  const root = h('div', { class: 'pass-view' }, side, diff);
  // keep the run shown before when it is still listed, else the first that changed
  const keep = runs.findIndex(r => r.index === passView.lastSelected);
  const first = keep >= 0 ? keep : Math.max(0, runs.findIndex(r => r.changed));
  if (runs.length && first < MAX_ROWS) pick(runs[first], list.children[first]);
  return root;
}
passView.lastSelected = -1;

const plural = (n, one) => `${n} ${one}${n === 1 ? '' : 's'}`;

function diffView(r, { mode, label, fn, onChange }) {
  const e = r.entry;
  const ops = diffLines(r.before, r.after);
  const added = ops.filter(o => o.op === '+').length, removed = ops.filter(o => o.op === '-').length;
  const on = r.scope === 'module' ? (fn ? `${label(fn.name, fn.printed)} (module pass)` : 'the module') : label(e.unit);
  const modes = h('div', { class: 'seg', role: 'group', 'aria-label': 'diff layout' },
    ['unified', 'split'].map(m => h('button', { type: 'button', class: m === mode ? 'on' : '', 'aria-pressed': String(m === mode), 'data-mode': m,
      onclick: () => onChange({ mode: m }) }, m === 'unified' ? 'Unified' : 'Side by side')));
  const title = h('div', { class: 'diff-title' },
    h('div', { class: 'diff-what' }, h('strong', {}, e.name || e.pass), ' on ', h('span', { class: 'diff-unit', title: e.unit }, on), ' — ',
      r.changed ? h('span', {}, h('span', { class: 'add' }, `+${added}`), ' ', h('span', { class: 'del' }, `−${removed}`), ' lines') : 'no change'),
    modes);
  const body = h('div', { class: 'diff-scroll' });
  const render = (ctx) => body.replaceChildren(mode === 'split' ? splitBody(ops, r.changed, ctx, () => render(Infinity)) : unifiedBody(ops, r.changed, ctx, () => render(Infinity)));
  render(3);
  return h('div', { class: 'diff-box' }, title, body);
}

const foldRow = (n, expand, tag = 'div', span = 0) => {
  const text = `⋯ ${n} unchanged line${n > 1 ? 's' : ''} (show)`;
  if (tag === 'tr') return h('tr', { class: 'fold', onclick: expand, title: 'Show every line' }, h('td', { colspan: span }, text));
  return h('div', { class: 'fold', onclick: expand, title: 'Show every line' }, text);
};

function unifiedBody(ops, changed, ctx, expand) {
  const pre = h('pre', { class: 'diff-body unified' });
  const keep = changed ? contextMask(ops.map(o => o.op !== ' '), ctx) : ops.map(() => true);
  let skipped = 0;
  const flush = () => { if (skipped) pre.append(foldRow(skipped, expand)); skipped = 0; };
  ops.forEach((o, i) => {
    if (!keep[i]) { skipped++; return; }
    flush();
    pre.append(h('div', { class: o.op === '+' ? 'line add' : o.op === '-' ? 'line del' : 'line' }, h('span', { class: 'sign' }, o.op === ' ' ? ' ' : o.op === '-' ? '−' : '+'), o.text));
  });
  flush();
  return pre;
}

function splitBody(ops, changed, ctx, expand) {
  const rows = sideBySide(ops);
  const keep = changed ? contextMask(rows.map(r => !r.left || !r.right || r.left.op !== ' '), ctx) : rows.map(() => true);
  const tbody = h('tbody', {});
  let skipped = 0;
  const flush = () => { if (skipped) tbody.append(foldRow(skipped, expand, 'tr', 4)); skipped = 0; };
  const cells = (side, cls) => side
    ? [h('td', { class: `ln ${cls}` }, String(side.n)), h('td', { class: `code ${cls} ${side.op === '-' ? 'del' : side.op === '+' ? 'add' : ''}` }, side.text)]
    : [h('td', { class: `ln ${cls} none` }), h('td', { class: `code ${cls} none` })];
  rows.forEach((r, i) => {
    if (!keep[i]) { skipped++; return; }
    flush();
    tbody.append(h('tr', {}, cells(r.left, 'left'), cells(r.right, 'right')));
  });
  flush();
  return h('table', { class: 'diff-body split' },
    h('colgroup', {}, h('col', { class: 'ln' }), h('col', {}), h('col', { class: 'ln' }), h('col', {})),
    h('thead', {}, h('tr', {}, h('th', { colspan: 2 }, 'before'), h('th', { colspan: 2 }, 'after'))), tbody);
}
