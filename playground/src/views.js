// views.js — the result views built from the structured results: the per-pass list with a line
// diff (trace), the merge report table, the timings strip and the blocks table of the CFG view.
import { diffLines } from './diff.js';

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c != null && c !== false) e.append(c);
  return e;
}

const MAX_ROWS = 2000; // list rows drawn at once: a big module's trace has one entry per function

/** The per-pass view: trace entries on the left, the chosen one's diff on the right. */
export function passView(trace) {
  const diff = h('div', { class: 'diff', 'aria-label': 'diff' });
  const list = h('ol', { class: 'pass-list' });
  const pick = (i, li) => {
    for (const x of list.querySelectorAll('.selected')) x.classList.remove('selected');
    li.classList.add('selected');
    diff.replaceChildren(diffView(trace[i]));
  };
  let first = -1;
  trace.slice(0, MAX_ROWS).forEach((e, i) => {
    const li = h('li', { class: e.changed ? 'changed' : 'unchanged', tabindex: 0, title: `${e.pass} on ${e.unit}${e.changed ? '' : ' (no change)'}` },
      h('span', { class: 'pass-name' }, e.name || e.pass), h('span', { class: 'pass-unit' }, e.unit === '[module]' ? '[module]' : `@${e.unit}`),
      typeof e.ms === 'number' ? h('span', { class: 'pass-ms' }, `${e.ms.toFixed(2)} ms`) : null);
    li.addEventListener('click', () => pick(i, li));
    li.addEventListener('keydown', ev => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); pick(i, li); } });
    list.append(li);
    if (first < 0 && e.changed) first = i;
  });
  const changed = trace.filter(e => e.changed).length;
  const head = h('div', { class: 'pass-summary' }, `${trace.length} pass runs, ${changed} changed` +
    (trace.length > MAX_ROWS ? ` (first ${MAX_ROWS} listed)` : ''));
  const root = h('div', { class: 'pass-view' }, h('div', { class: 'pass-side' }, head, list), diff);
  if (trace.length) pick(Math.max(first, 0), list.children[Math.max(first, 0)]);
  return root;
}

function diffView(e) {
  const ops = diffLines(e.before ?? '', e.after ?? '');
  const added = ops.filter(o => o.op === '+').length, removed = ops.filter(o => o.op === '-').length;
  const title = h('div', { class: 'diff-title' }, h('strong', {}, `${e.name || e.pass}`), ` on ${e.unit === '[module]' ? 'the module' : `@${e.unit}`} — `,
    e.changed ? h('span', {}, h('span', { class: 'add' }, `+${added}`), ' ', h('span', { class: 'del' }, `−${removed}`), ' lines') : 'no change');
  const pre = h('pre', { class: 'diff-body' });
  // long runs of unchanged lines fold to a marker, as review tools do
  const ctx = 3, keep = ops.map(() => false);
  ops.forEach((o, i) => { if (o.op !== ' ') for (let j = Math.max(0, i - ctx); j <= Math.min(ops.length - 1, i + ctx); j++) keep[j] = true; });
  const everything = !e.changed;
  let skipped = 0;
  const flush = () => { if (skipped) pre.append(h('div', { class: 'fold' }, `⋯ ${skipped} unchanged line${skipped > 1 ? 's' : ''}`)); skipped = 0; };
  ops.forEach((o, i) => {
    if (!everything && !keep[i]) { skipped++; return; }
    flush();
    pre.append(h('div', { class: o.op === '+' ? 'line add' : o.op === '-' ? 'line del' : 'line' }, h('span', { class: 'sign' }, o.op === ' ' ? ' ' : o.op === '-' ? '−' : '+'), o.text));
  });
  flush();
  return h('div', {}, title, pre);
}

/** The merge report as a table, with its totals. */
export function mergeView(report) {
  if (!report) return h('p', { class: 'empty' }, 'mergefunc did not run in this pipeline.');
  const rows = report.merged.map(m => h('tr', {},
    h('td', { class: 'mono' }, `@${m.function}`), h('td', { class: 'mono' }, m.into === m.function ? 'its private copy' : `@${m.into}`), h('td', {}, h('span', { class: `how ${m.how}` }, m.how)),
    h('td', { class: 'num' }, String(m.callersRedirected)), h('td', {}, m.viaPrivateCopy ? 'yes' : '')));
  return h('div', { class: 'merge-view' },
    h('p', { class: 'merge-summary' }, `${report.functionsMerged} function${report.functionsMerged === 1 ? '' : 's'} merged: ` +
      `${report.thunks} thunk${report.thunks === 1 ? '' : 's'}, ${report.aliases} alias${report.aliases === 1 ? '' : 'es'}, ${report.privateCopies} private cop${report.privateCopies === 1 ? 'y' : 'ies'}`),
    report.merged.length
      ? h('table', { class: 'merge-table' },
        h('thead', {}, h('tr', {}, h('th', {}, 'function'), h('th', {}, 'merged into'), h('th', {}, 'how'), h('th', {}, 'callers redirected'), h('th', {}, 'via private copy'))),
        h('tbody', {}, rows))
      : h('p', { class: 'empty' }, 'No two functions were equal.'));
}

/** "parse 0.4 ms · verify 0.1 ms · ..." */
export function timingsView(timings, total) {
  return [h('span', { class: 'timing total' }, `total ${fmt(total)}`),
    ...(timings ?? []).map(t => h('span', { class: 'timing' }, `${t.name} ${fmt(t.ms)}`))];
}

const fmt = ms => ms >= 100 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(ms >= 10 ? 1 : 2)} ms`;

/** The blocks table under the CFG: dominator, post-dominator, frontier, phis. */
export function blocksTable(rows) {
  return h('table', { class: 'blocks-table' },
    h('thead', {}, h('tr', {}, h('th', {}, 'block'), h('th', {}, 'idom'), h('th', {}, 'ipdom'), h('th', {}, 'dominance frontier'), h('th', {}, 'φ'))),
    h('tbody', {}, rows.map(r => h('tr', { class: r.reachable ? '' : 'unreachable' },
      h('td', { class: 'mono' }, r.block), h('td', { class: 'mono' }, r.idom), h('td', { class: 'mono' }, r.ipdom),
      h('td', { class: 'mono frontier' }, r.frontier), h('td', { class: 'num' }, r.phis ? String(r.phis) : '')))));
}
