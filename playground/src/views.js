// views.js — the result views built from the structured results: the merge reports
// (global-merge-func's groups and mergefunc's table), the timings strip and the blocks table of
// the CFG view (the per-pass view is passes.js). And h(), the small DOM builder they all use.

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

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
// benefit and cost as the report gives them: doubles (43.199999999999996), or 'inf' / 'nan'
const num = x => typeof x === 'number' ? String(Number(x.toFixed(2))) : String(x);

/**
 * The Merges tab: what global-merge-func and mergefunc did, each in its own section, in pipeline
 * order. `ctx`: { ok, passes, llvmVersion, mergeReport, globalMergeReport (undefined: the core
 * gives none; null: the pass did not run), output (for the strings behind constants),
 * onJump(name) }.
 */
export function mergesView(ctx) {
  const { ok, passes = '', llvmVersion } = ctx;
  const where = re => { const m = re.exec(passes); return m ? m.index : Infinity; };
  const gmfAt = where(/(^|[^-\w])global-merge-func\b/), mfAt = where(/(^|[^-\w])mergefunc\b/);
  if (ctx.mergeReport === undefined && ok) return h('p', { class: 'empty' }, 'This core gives no merge report.');
  const sections = [];
  if (llvmVersion === 19) {
    sections.push({ at: gmfAt, el: note('gmf', 'global-merge-func', gmfAt < Infinity
      ? 'global-merge-func is an LLVM 22 pass: LLVM 19 has none, so this pipeline cannot run. Choose LLVM 22.'
      : 'global-merge-func is an LLVM 22 pass: LLVM 19 has none.') });
  } else if (ctx.globalMergeReport) sections.push({ at: gmfAt, el: globalMergeView(ctx.globalMergeReport, ctx) });
  if (ctx.mergeReport) sections.push({ at: mfAt, el: mergeView(ctx.mergeReport, ctx) });
  else if (ok && llvmVersion === 19) sections.unshift({ at: -1, el: h('p', { class: 'empty merges-none' }, 'mergefunc is not in this pipeline, so nothing was merged.') });
  if (!ok && !(llvmVersion === 19 && gmfAt < Infinity)) return h('p', { class: 'empty' }, 'No report: the run failed.');
  if (!sections.length) return h('p', { class: 'empty merges-none' }, 'Neither mergefunc nor global-merge-func is in this pipeline, so nothing was merged.');
  sections.sort((x, y) => x.at - y.at);
  const onclick = e => { const b = e.target.closest('.fn-link'); if (b && ctx.onJump) ctx.onJump(b.dataset.fn); };
  return h('div', { class: 'merges', onclick }, sections.map(x => x.el));
}

function note(id, title, text) {
  return h('section', { class: `merge-section ${id}` }, h('h3', {}, title), h('p', { class: 'empty merges-note' }, text));
}

// a function's name that jumps to its definition (one click handler on the whole view)
function fnLink(name, ctx) {
  return ctx.onJump
    ? h('button', { class: 'fn-link mono', type: 'button', title: `Go to the definition of ${ctx.tooltip ? ctx.tooltip(name) : `@${name}`}`, 'data-fn': name }, `@${name}`)
    : h('span', { class: 'mono', title: ctx.tooltip?.(name) }, `@${name}`);
}

/** What mergefunc merged: a table with its totals. */
export function mergeView(report, ctx = {}) {
  const rows = report.merged.map(m => h('tr', { class: 'mf-merge', 'data-fn': m.function, 'data-into': m.into },
    h('td', {}, fnLink(m.function, ctx)), h('td', {}, m.into === m.function ? 'its private copy' : fnLink(m.into, ctx)), h('td', {}, h('span', { class: `how ${m.how}` }, m.how)),
    h('td', { class: 'num' }, String(m.callersRedirected)), h('td', {}, m.viaPrivateCopy ? 'yes' : '')));
  return h('section', { class: 'merge-section mergefunc' },
    h('h3', {}, 'mergefunc ', h('span', { class: 'hint' }, 'identical functions')),
    h('p', { class: 'merge-summary' }, `${plural(report.functionsMerged, 'function')} merged: ` +
      `${plural(report.thunks, 'thunk')}, ${plural(report.aliases, 'alias', 'aliases')}, ${plural(report.privateCopies, 'private copy', 'private copies')}`),
    report.merged.length
      ? h('table', { class: 'merge-table' },
        h('thead', {}, h('tr', {}, h('th', {}, 'function'), h('th', {}, 'merged into'), h('th', {}, 'how'), h('th', {}, 'callers redirected'), h('th', {}, 'via private copy'))),
        h('tbody', {}, rows))
      : h('p', { class: 'empty' }, 'No two functions were equal.'));
}

/** What global-merge-func did: its totals, then each group of functions with one structural hash. */
export function globalMergeView(report, ctx = {}) {
  const saved = report.groups.reduce((s, g) => s + (g.instructionsSaved ?? 0), 0);
  const strings = report.groups.some(g => g.merges?.length) ? cStrings(ctx.output ?? '') : new Map();
  return h('section', { class: 'merge-section gmf' },
    h('h3', {}, 'global-merge-func ', h('span', { class: 'hint' }, 'functions that differ in constants')),
    h('p', { class: 'merge-summary gmf-summary' }, `${plural(report.functionsMerged, 'function')} merged in ${plural(report.groupsMerged, 'group')} ` +
      `of ${report.groups.length} · ${plural(report.parametersAdded, 'parameter')} added · ${plural(saved, 'instruction')} saved`),
    report.groups.length
      ? report.groups.map(g => groupView(g, ctx, strings))
      : h('p', { class: 'empty' }, 'No two functions had one structural hash.'));
}

function groupView(g, ctx, strings) {
  const merged = (g.merges?.length ?? 0) > 0;
  // benefit and cost are compared only when the other checks passed (the cost is 0 otherwise)
  const weighed = g.decision === 'profitable' || g.decision === 'benefit not above cost';
  const facts = [plural(g.instructions, 'instruction') + ' each',
    weighed ? `benefit ${num(g.benefit)} ${merged ? '>' : '≤'} cost ${num(g.cost)}` : `benefit ${num(g.benefit)}`];
  if (merged) facts.push(`${plural(g.instructionsSaved ?? 0, 'instruction')} saved`);
  return h('div', { class: `gmf-group ${merged ? 'merged' : 'kept'}`, 'data-hash': g.hash },
    h('div', { class: 'gmf-head' },
      h('span', { class: `verdict ${merged ? 'merged' : 'kept'}` }, merged ? 'merged' : g.decision === 'profitable' ? 'profitable' : 'not merged'),
      h('span', { class: 'gmf-fns' }, g.functions.map(f => fnLink(f, ctx)))),
    h('div', { class: 'gmf-facts' }, merged ? null : h('span', { class: 'gmf-reason' }, g.decision), h('span', { class: 'gmf-numbers' }, facts.join(' · ')),
      h('span', { class: 'gmf-hash mono', title: 'structural hash' }, g.hash)),
    merged ? mergesTable(g.merges, ctx, strings) : null);
}

// one row per thunk: the thunk and the body it now calls, then the constants it passes, one column
// per parameter the body gained
function mergesTable(merges, ctx, strings) {
  const n = Math.max(...merges.map(m => m.parameters.length));
  const folded = new Map((ctx.mergeReport?.merged ?? []).map(m => [m.function, m.into]));
  return h('div', { class: 'gmf-merges-box' }, h('table', { class: 'gmf-merges' },
    h('thead', {},
      h('tr', {}, h('th', { rowspan: n ? 2 : 1 }, 'thunk → body it calls'), n ? h('th', { class: 'params-head', colspan: n }, 'constants passed as arguments') : null),
      n ? h('tr', { class: 'sub' }, Array.from({ length: n }, (_, i) => h('th', { class: 'param-col' }, `#${i + 1}`))) : null),
    h('tbody', {}, merges.map(m => h('tr', { class: 'gmf-merge', 'data-thunk': m.thunk, 'data-body': m.body },
      h('td', { class: 'thunk' }, fnLink(m.thunk, ctx),
        h('div', { class: 'body' }, h('span', { class: 'arrow' }, '→ '), fnLink(m.body, ctx)),
        folded.has(m.body) ? h('div', { class: 'folded' }, 'folded by mergefunc into ', fnLink(folded.get(m.body), ctx)) : null),
      m.parameters.map(p => h('td', { class: 'param' }, h('span', { class: 'mono' }, p), stringHint(p, strings))))))));
}

function stringHint(param, strings) {
  const m = /^ptr (@.*)$/.exec(param);
  const s = m && strings.get(m[1]);
  return s == null ? null : h('div', { class: 'str', title: s }, `"${s.length > 32 ? `${s.slice(0, 31)}…` : s}"`);
}

/** @name -> the text of each constant C string the module defines (escapes decoded, a final NUL dropped). */
function cStrings(text) {
  const map = new Map(), utf8 = new TextDecoder();
  for (const m of text.matchAll(/^(@[-\w$.]+|@"[^"]*") = [^\n]*?constant \[\d+ x i8\] c"((?:[^"\\]|\\.)*)"/gm)) {
    const bytes = [];
    for (let i = 0; i < m[2].length; i++) {
      if (m[2][i] === '\\' && /^[0-9A-Fa-f]{2}$/.test(m[2].slice(i + 1, i + 3))) { bytes.push(parseInt(m[2].slice(i + 1, i + 3), 16)); i += 2; }
      else bytes.push(m[2].charCodeAt(i) & 0xff);
    }
    if (bytes.at(-1) === 0) bytes.pop();
    map.set(m[1], utf8.decode(new Uint8Array(bytes)));
  }
  return map;
}

// Browsers coarsen performance.now() to 100 µs unless the page is cross-origin isolated (5 µs
// then): below what the clock can tell, a time is shown as under it
const RESOLUTION_MS = globalThis.crossOriginIsolated ? 0.005 : 0.1;

/** A time in the unit that shows it: 35 µs, 1.25 ms, 12.5 ms, 210 ms; `< 100 µs` below the clock's resolution. */
export function fmtTime(ms) {
  if (!(ms >= 0)) return '';
  if (ms < RESOLUTION_MS) return `< ${Math.round(RESOLUTION_MS * 1000)} µs`;
  if (ms < 1) return `${Math.round(ms * 1000)} µs`;
  return ms >= 100 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(ms >= 10 ? 1 : 2)} ms`;
}

/** "total 3.1 ms · Parse IR 850 µs · ..." */
export function timingsView(timings, total) {
  return [h('span', { class: 'timing total' }, `total ${fmtTime(total)}`),
    ...(timings ?? []).map(t => h('span', { class: 'timing', 'data-ms': String(t.ms) }, `${t.name} ${fmtTime(t.ms)}`))];
}

/** The blocks table under the CFG: dominator, post-dominator, frontier, phis. */
export function blocksTable(rows) {
  return h('table', { class: 'blocks-table' },
    h('thead', {}, h('tr', {}, h('th', {}, 'block'), h('th', {}, 'idom'), h('th', {}, 'ipdom'), h('th', {}, 'dominance frontier'), h('th', {}, 'φ'))),
    h('tbody', {}, rows.map(r => h('tr', { class: r.reachable ? '' : 'unreachable' },
      h('td', { class: 'mono' }, r.block), h('td', { class: 'mono' }, r.idom), h('td', { class: 'mono' }, r.ipdom),
      h('td', { class: 'mono frontier' }, r.frontier), h('td', { class: 'num' }, r.phis ? String(r.phis) : '')))));
}
