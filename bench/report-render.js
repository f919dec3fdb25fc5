// The full bench report's writers (bench/report.js runs the benches, these turn its JSON into text):
//
//   reportMarkdown(report, { svgName })  bench/results/<name>.md: the machine, the command, the
//                                         headline table, the generated-module, real-program and
//                                         batch tables, the output notes
//   reportSvg(report)                     bench/results/<name>.svg: throughput (MB/s of input)
//                                         against module size on a log axis, one panel per
//                                         pipeline, a line per tool (wopt-19, wopt-22, opt-19,
//                                         opt-22) through the generated sizes, the real programs
//                                         as marked points at their sizes
//   headlineTable(report)                 the headline table alone (markdown), for the README
//   bitcodeHeadlineTable(report)          the same for the bitcode rows (.bc in, .bc out)
//   bitcodeSpeedTable(report)             in-process read / write / parse / print MB/s, for the README
//
// Pure functions of the report object (no clock, no files), so tests can feed fixed numbers.
//
// The report: { meta, sideBySide: { meta, results } | null, bitcode: { sideBySide, inProcess } | { error } | null,
// repo: { stores: [{ name, error? }], results: [bench/repo.bench.js runPipeline result on SQLite -O0 -g, file
// instead of input, per LLVM version and store], generated: [the same on a generated module], store: runStore's
// result, writers: runWriters's } | null;
// batch, batchReal: { meta, results } | { error } | null } with the results of bench/side-by-side.js (rows carry
// `kind: 'real'` and `program` for the real programs, `skipped` when a version's input is missing;
// the bitcode side-by-side's rows (--format bc) also `textBytes`, the size of the .ll the .bc was
// made from, and `outBytes`), of bench/bitcode.bench.js (inProcess) and of bench/batch.bench.js
// (batch: generated modules; batchReal: SQLite's source files); gmf: bench/gmf.bench.js's runGmf
// result ({ meta, one, across }) | { error } | null; lsp: bench/lsp.bench.js's runLsp result
// ({ meta, results }) | { error } | null.
// A report written before the bitcode part existed has no `bitcode` and renders as it did.

import { outputCell, outputNotes } from './llvm.js';
import { markdown as batchMarkdown } from './batch.bench.js';
import { readTable as bitcodeReadTable, writeTable as bitcodeWriteTable } from './bitcode.bench.js';
import { oneMarkdown as gmfOneMarkdown, acrossMarkdown as gmfAcrossMarkdown, GMF_WHAT } from './gmf.bench.js';
import { lspMarkdown } from './lsp.bench.js';
import { storeMarkdown as repoStoreMarkdown, writersMarkdown as repoWritersMarkdown } from './repo.bench.js';

export const PIPELINES = ['', 'mem2reg', 'mergefunc'];
export const pipeName = (p) => (p === '' ? 'parse+print' : p);
// A bitcode row's pipeline: the empty one reads and writes bitcode.
export const bcPipeName = (p) => (p === '' ? 'parse+write' : p);
// The chart's bitcode panel: the .bc → .bc (parse+write) rows.
export const BITCODE_PANEL = '.bc';

// The four series of the chart: tool × LLVM version, with their colours and dashes.
export const TOOLS = [
  { key: 'wopt', version: 19, name: 'wopt-19', color: '#1d4ed8', dash: '' },
  { key: 'wopt', version: 22, name: 'wopt-22', color: '#0ea5e9', dash: '' },
  { key: 'opt', version: 19, name: 'opt-19', color: '#b91c1c', dash: '6 4' },
  { key: 'opt', version: 22, name: 'opt-22', color: '#f59e0b', dash: '6 4' },
];
// Marker shapes of the real programs, in the order they appear.
const SHAPES = ['diamond', 'triangle', 'square', 'star'];

const fmtS = (s) => (s == null ? '–' : s < 10 ? `${s.toFixed(3)} s` : `${s.toFixed(2)} s`);
const fmtMB = (kb) => (kb == null ? '–' : `${(kb / 1024).toFixed(0)} MB`);
const fmtX = (x) => (x == null ? '–' : `${x.toFixed(2)}×`);
const fmtSize = (bytes) => (bytes == null || !bytes ? '–' : bytes >= 10e6 ? (bytes / 1e6).toFixed(0) : (bytes / 1e6).toFixed(1));
const esc = (s) => String(s).replace(/\|/g, '\\|');
const mbps = (bytes, wall) => (bytes && wall ? bytes / 1e6 / wall : null);

const rowsOf = (report) => report.sideBySide?.results ?? [];
const bcRowsOf = (report) => report.bitcode?.sideBySide?.results ?? [];
const bcInProcessOf = (report) => report.bitcode?.inProcess?.rows ?? [];
const isReal = (r) => r.kind === 'real';

/** Wall cell of one tool in a row: the median, or why there is none. */
function wallCell(r, tool) {
  if (r.skipped) return 'not run';
  if (r[tool]?.error) return `**error**: ${esc(r[tool].error)}`;
  return fmtS(r[tool]?.wallMedian);
}

// Groups rows by (input, pipeline), keeping first-seen order; each group maps version → row.
function byCase(rows) {
  const groups = new Map();
  for (const r of rows) {
    const k = `${r.input}\u0000${r.pipeline}`;
    if (!groups.has(k)) groups.set(k, { input: r.input, pipeline: r.pipeline, kind: r.kind, program: r.program, rows: new Map() });
    groups.get(k).rows.set(r.llvm, r);
  }
  return [...groups.values()];
}

const versionsOf = (report) => {
  const vs = report.meta?.versions ?? [...new Set(rowsOf(report).map((r) => r.llvm))];
  return [...vs].sort((a, b) => a - b);
};

/**
 * The headline: per input and pipeline, opt-V's and wopt-V's whole-process wall times and the
 * ratio opt/wopt (> 1: wopt faster) for each version, the outputs' agreement.
 */
export function headlineTable(report) {
  return casesTable(rowsOf(report), versionsOf(report));
}

/**
 * The bitcode headline: per input and pipeline, `opt-V -passes=P in.bc -o out.bc` and `wopt
 * --llvm-version=V -passes=P in.bc -o out.bc` on llvm-as-V's .bc (its size in the .bc MB column,
 * the text's in .ll MB), the ratio, the outputs compared through llvm-dis-V.
 */
export function bitcodeHeadlineTable(report) {
  return casesTable(bcRowsOf(report), versionsOf(report), { bitcode: true });
}

const genName = (input) => `generated ${input.replace(/^([\d.]+)\s*([KMG]i?B)$/i, '$1 $2')}`;

function casesTable(allRows, vs, { bitcode = false } = {}) {
  const head = ['input', ...(bitcode ? ['.bc MB', '.ll MB'] : ['MB']), 'pipeline', ...vs.flatMap((v) => [`opt-${v}`, `wopt-${v}`, `opt-${v}/wopt-${v}`]), 'outputs'];
  const left = new Set(['input', 'pipeline', 'outputs']);
  const out = [`| ${head.join(' | ')} |`, `|${head.map((h) => (left.has(h) ? '---' : '---:')).join('|')}|`];
  for (const g of byCase(allRows)) {
    const rows = vs.map((v) => g.rows.get(v));
    const max = (k) => Math.max(0, ...rows.filter(Boolean).map((r) => r[k] || 0));
    const cells = rows.flatMap((r) => (!r ? ['–', '–', '–'] : r.skipped ? [`not run: ${esc(r.skipped)}`, '–', '–'] : [wallCell(r, 'opt'), wallCell(r, 'wopt'), `**${fmtX(r.ratioTime)}**`]));
    const outs = [...new Set(rows.filter((r) => r && !r.skipped).map((r) => r.diff?.status ?? '–'))].join(', ') || '–';
    const name = isReal(g) ? g.input : genName(g.input);
    const sizes = bitcode ? `${fmtBcSize(max('bytes'))} | ${fmtSize(max('textBytes'))}` : fmtSize(max('bytes'));
    out.push(`| ${esc(name)} | ${sizes} | ${bitcode ? bcPipeName(g.pipeline) : pipeName(g.pipeline)} | ${cells.join(' | ')} | ${outs} |`);
  }
  return out.join('\n');
}

const fmtBcSize = (bytes) => (!bytes ? '–' : bytes >= 10e6 ? (bytes / 1e6).toFixed(1) : (bytes / 1e6).toFixed(2));

/** The bitcode side-by-side rows in detail: sizes, MB/s of the .bc and of its text, RSS, output sizes. */
function bitcodeDetailTable(rows) {
  const out = ['| input | .bc MB | .ll MB | pipeline | LLVM | opt wall | opt MB/s | opt RSS | wopt wall | wopt MB/s | wopt RSS | opt/wopt time | opt/wopt RSS | opt .bc out | wopt .bc out | opt parse | opt pass | outputs |',
    '|---|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|'];
  for (const r of rows) {
    const head = `| ${esc(r.input)} | ${fmtBcSize(r.bytes)} | ${fmtSize(r.textBytes)} | ${bcPipeName(r.pipeline)} | ${r.llvm} |`;
    if (r.skipped) { out.push(`${head} not run: ${esc(r.skipped)} | – | – | – | – | – | – | – | – | – | – | – | – |`); continue; }
    const tp = r.optTimePasses;
    const tpParse = tp && !tp.error ? fmtS(tp.parse) : tp?.error ? 'error' : '–';
    const tpPass = tp && !tp.error && tp.pass != null ? fmtS(tp.pass) : '–';
    // MB/s of the .bc, and (in brackets) of the text it holds
    const rate = (t) => (r[t]?.error || !r[t]?.wallMedian ? '–' : `${mbps(r.bytes, r[t].wallMedian).toFixed(1)}${r.textBytes ? ` (${mbps(r.textBytes, r[t].wallMedian).toFixed(1)})` : ''}`);
    const outSize = (b) => (b == null ? '–' : fmtBcSize(b) + ' MB');
    out.push(`${head} ${wallCell(r, 'opt')} | ${rate('opt')} | ${fmtMB(r.opt?.rssKBMedian)} | ${wallCell(r, 'wopt')} | ${rate('wopt')} | ${r.wopt?.error ? '–' : fmtMB(r.wopt?.rssKBMedian)} | ${fmtX(r.ratioTime)} | ${fmtX(r.ratioRss)} | ${outSize(r.outBytes?.opt)} | ${outSize(r.outBytes?.wopt)} | ${tpParse} | ${tpPass} | ${outputCell(r.diff)} |`);
  }
  return out.join('\n');
}

/**
 * In-process bitcode speed for the README: per input and version, MB/s of the text-equivalent
 * (the .ll the .bc came from) for reading .bc and parsing .ll, and of the output for writing .bc and
 * printing .ll.
 */
export function bitcodeSpeedTable(report) {
  const out = ['| input | LLVM | .ll MB | .bc MB | read .bc | parse .ll | write .bc | print .ll |', '|---|---|---:|---:|---:|---:|---:|---:|'];
  const rate = (bytes, s) => (bytes && s ? `${(bytes / 1e6 / s).toFixed(1)} MB/s` : '–');
  for (const r of bcInProcessOf(report)) {
    const name = isReal(r) ? r.input : genName(r.input);
    if (r.skipped || r.error) { out.push(`| ${esc(name)} | ${r.llvm} | – | – | ${r.skipped ? `not run: ${esc(r.skipped)}` : `**error**: ${esc(r.error)}`} | – | – | – |`); continue; }
    const { bytes: b, median: m } = r;
    out.push(`| ${esc(name)} | ${r.llvm} | ${fmtSize(b.ll)} | ${fmtBcSize(b.bc)} | ${rate(b.ll, m.readBc)} (${rate(b.bc, m.readBc).replace(' MB/s', '')} of .bc) | ${rate(b.ll, m.parseLl)} | ${rate(b.bcOut, m.writeBc)} of .bc (${rate(b.ll, m.writeBc).replace(' MB/s', '')} of .ll) | ${rate(b.llOut, m.printLl)} |`);
  }
  return out.join('\n');
}

/** The report's bitcode section (markdown lines), empty when the report has none. */
function bitcodeSection(report) {
  const b = report.bitcode;
  if (!b) return [];
  const out = ['## Bitcode', ''];
  if (b.error) return [...out, `Not run: ${b.error}`, ''];
  out.push('The same inputs as bitcode: each `.ll` through llvm-as-V. Whole process, `opt-V -passes=P in.bc -o out.bc` against ' +
    '`wopt --llvm-version=V -passes=P in.bc -o out.bc` (parse+write is the empty pipeline: read, write), alternating runs as above; ' +
    'MB/s of the .bc, in brackets of the .ll it holds; the outputs are compared after llvm-dis-V (identical: the same text apart from the ModuleID line).', '');
  const tools = (b.sideBySide?.meta?.llvm ?? []).filter((t) => t.llvmAs).map((t) => `llvm-as-${t.version} ${t.llvmAsVersion ?? '?'} (\`${t.llvmAs}\`)`);
  if (tools.length) out.push(`Bitcode made by ${tools.join(', ')}.`, '');
  const rows = bcRowsOf(report);
  if (b.sideBySide?.error) out.push(`Whole process not run: ${b.sideBySide.error}`, '');
  else if (rows.length) out.push(bitcodeHeadlineTable(report), '', bitcodeDetailTable(rows), '');
  const ip = b.inProcess;
  if (ip?.error) out.push('### In process', '', `Not run: ${ip.error}`, '');
  else if (ip?.rows?.length) {
    out.push('### In process', '', `Through \`bindings/node.js\` (\`bench/bitcode.bench.js\`), median of ${ip.meta?.iterations ?? '?'} after a warm-up: ` +
      'read .bc is `core.parse(bc)`, write .bc `core.writeBitcode()` after it, beside parse .ll and print .ll of the same module. MB/s of .ll: the text\'s size over the time, ' +
      'so reading and parsing one module compare directly; parse/read and print/write > 1 mean bitcode is faster.', '');
    out.push(bitcodeReadTable(ip.rows), '', bitcodeWriteTable(ip.rows), '');
  }
  return out;
}

/** The detailed side-by-side table of the rows `rows` (MB/s, RSS, opt's own parse and pass times). */
function detailTable(rows) {
  const out = ['| input | MB | pipeline | LLVM | opt wall | opt MB/s | opt RSS | wopt wall | wopt MB/s | wopt RSS | opt/wopt time | opt/wopt RSS | opt parse | opt pass | outputs |',
    '|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|'];
  for (const r of rows) {
    const head = `| ${esc(r.input)} | ${fmtSize(r.bytes)} | ${pipeName(r.pipeline)} | ${r.llvm} |`;
    if (r.skipped) { out.push(`${head} not run: ${esc(r.skipped)} | – | – | – | – | – | – | – | – | – | – |`); continue; }
    const tp = r.optTimePasses;
    const tpParse = tp && !tp.error ? fmtS(tp.parse) : tp?.error ? 'error' : '–';
    const tpPass = tp && !tp.error && tp.pass != null ? fmtS(tp.pass) : '–';
    const rate = (t) => (r[t]?.error ? '–' : mbps(r.bytes, r[t]?.wallMedian)?.toFixed(1) ?? '–');
    out.push(`${head} ${wallCell(r, 'opt')} | ${rate('opt')} | ${fmtMB(r.opt?.rssKBMedian)} | ${wallCell(r, 'wopt')} | ${rate('wopt')} | ${r.wopt?.error ? '–' : fmtMB(r.wopt?.rssKBMedian)} | ${fmtX(r.ratioTime)} | ${fmtX(r.ratioRss)} | ${tpParse} | ${tpPass} | ${outputCell(r.diff)} |`);
  }
  return out.join('\n');
}

function machineLines(m) {
  const lines = [];
  const mc = m.machine ?? {};
  lines.push(`- Machine: ${mc.cpu ?? '?'}, ${mc.cores ?? '?'} cores, ${mc.memGB != null ? `${mc.memGB.toFixed(1)} GB RAM` : '? RAM'}` +
    `${mc.os ? `, ${mc.os}` : ''}; load average ${fmtLoad(mc.loadStart)} at the start, ${fmtLoad(mc.loadEnd)} at the end` +
    `${mc.shared ? ' (the machine was shared with other jobs)' : ''}`);
  lines.push(`- Node ${m.node ?? '?'}; wopt ${m.wopt?.commit ?? '?'}${m.wopt?.dirty ? ' with uncommitted changes' : ''}; peak RSS via ${m.rss ?? '?'}`);
  for (const t of m.tools ?? []) {
    lines.push(`- LLVM ${t.version}: ${t.opt ? `opt ${t.optVersion ?? '?'} (\`${t.opt}\`)` : `opt: ${t.optMissing ?? 'missing'}`}; ` +
      `${t.clang ? `clang ${t.clangVersion ?? '?'} (\`${t.clang}\`)` : `clang: ${t.clangMissing ?? 'missing'}`}`);
  }
  return lines;
}
const fmtLoad = (l) => (Array.isArray(l) ? l.map((x) => x.toFixed(2)).join(' / ') : '?');
const fmtDuration = (s) => (s == null ? '?' : s < 90 ? `${s.toFixed(0)} s` : `${(s / 60).toFixed(1)} min`);

/** The report as markdown; `svgName` is the chart's file name beside it. */
export function reportMarkdown(report, { svgName = null } = {}) {
  const m = report.meta ?? {};
  const rows = rowsOf(report);
  const out = [`# wopt benchmark, ${m.date ?? '?'}${m.quick ? ' (QUICK RUN)' : ''}`, ''];
  if (m.quick) {
    out.push(`> **Quick run** (\`--quick\`: ${m.sizes?.join(', ') || 'small'} generated modules, ${m.runs} run${m.runs === 1 ? '' : 's'} each, a small batch): it shows that the bench works; its numbers are single samples, not a measurement to quote.`, '');
  }
  out.push(`Command: \`${m.command ?? 'npm run bench'}\`, ${fmtDuration(m.elapsed)} in all. Whole-process wall times (our clock around each process), ` +
    `median of ${m.runs ?? '?'} run${m.runs === 1 ? '' : 's'}, the tools of all versions taking turns (order reversed every other run). ` +
    'wopt is `node bindings/cli.js --llvm-version=V -S -passes=P in.ll -o out.ll`, against `opt-V -S -passes=P in.ll -o out.ll` on the same file; ' +
    'the real programs are compiled by clang-V for opt-V and wopt --llvm-version=V. opt/wopt > 1 means wopt is faster (time) or smaller (RSS).', '');
  out.push(...machineLines(m), '');
  for (const n of m.notes ?? []) out.push(`Note: ${n}`, '');
  if (svgName) out.push(`![Throughput against module size, a panel per pipeline](${svgName})`, '');

  out.push('## Headline', '');
  if (rows.length) out.push(headlineTable(report), '');
  else out.push('No side-by-side rows in this run.', '');

  const gen = rows.filter((r) => !isReal(r)), real = rows.filter(isReal);
  if (gen.length) {
    out.push('## Generated modules', '', `Inputs from \`bench/gen.js\` (seed ${m.generator?.seed ?? 1}, duplicate fraction ${m.generator?.dup ?? 0.3}): ` +
      'clang -O0 style LLVM 19 IR that both versions read. "opt parse" / "opt pass" are opt-V\'s own `-time-passes` lines (Parse IR; the pass, without the verifier).', '');
    out.push(detailTable(gen), '');
  }
  if (real.length || (m.programs ?? []).length) {
    out.push('## Real programs', '');
    for (const p of m.programs ?? []) {
      const files = Object.entries(p.perVersion ?? {}).map(([v, f]) => (f.file ? `clang-${v} ${fmtSize(f.bytes)} MB` : `clang-${v}: ${f.missing || f.error}`)).join(', ');
      out.push(`- ${p.label}: ${p.what}, \`clang ${p.level}\` → ${files}; ${p.pipelines.map(pipeName).join(' and ')}`);
    }
    out.push('', detailTable(real), '');
  }
  out.push(...bitcodeSection(report));
  out.push('## Batch', '');
  if (report.batch?.results) out.push(batchMarkdown(report.batch), '');
  else if (report.batch?.error) out.push(`Not run: ${report.batch.error}`, '');
  else out.push('Not run in this report.', '');
  if (report.batchReal?.results) out.push('### A folder of real modules', '', batchMarkdown(report.batchReal), '');
  else if (report.batchReal?.error) out.push('### A folder of real modules', '', `Not run: ${report.batchReal.error}`, '');

  out.push(...repoSection(report));
  out.push(...gmfSection(report));
  out.push(...lspSection(report));

  const notes = outputNotes([
    ...rows.filter((r) => !r.skipped).map((r) => ({ label: `${r.input} ${pipeName(r.pipeline)}, LLVM ${r.llvm}`, diff: r.diff })),
    ...bcRowsOf(report).filter((r) => !r.skipped).map((r) => ({ label: `${r.input} .bc ${bcPipeName(r.pipeline)}, LLVM ${r.llvm}`, diff: r.diff })),
  ]);
  if (notes.length) out.push('## Output differences', ...notes, '');
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

// The program repository on SQLite -O0 -g (bench/repo.bench.js, a row per LLVM version).
function repoSection(report) {
  const rp = report.repo;
  const rows = rp?.results ?? [], gen = rp?.generated ?? [];
  if (!rows.length && !gen.length && !rp?.store && !rp?.writers) return [];
  const s = (x) => (x == null ? '–' : `${x.toFixed(2)} s`), r = (x) => (x == null ? '–' : `${x.toFixed(2)}×`);
  const mb = (b) => (b == null ? '–' : (b / 1e6).toFixed(1));
  // reports written before the PostgreSQL store have rows without `store`: SQLite's
  const table = (list) => {
    const out = ['| LLVM | store | MB | no repository passes | first run | second run | first / none | second / none | pruned | stored definitions / shared metadata | stored text | link == first |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|'];
    for (const x of list) {
      const store = x.store ?? 'sqlite';
      if (x.error && x.first == null) { out.push(`| ${x.llvm} | ${store} | – | error: ${esc(x.error)} | | | | | | | | |`); continue; }
      const link = x.link ? (x.link.error ? `error: ${esc(x.link.error)}` : `${x.link.sameAsFirst ? 'yes' : 'NO'} (${s(x.link.s)})`) : '–';
      out.push(`| ${x.llvm} | ${store} | ${mb(x.bytes)} | ${s(x.noRepo)} | ${s(x.first)} | ${s(x.second)} | ${r(x.firstVsNoRepo)} | ${r(x.secondVsNoRepo)} | ${x.pruned ?? '–'} | ` +
        `${x.repo?.definitions ?? '–'} / ${x.repo?.metadata ?? '–'} | ${x.repo?.textBytes == null ? '–' : `${mb(x.repo.textBytes)} MB`} | ${link} |`);
    }
    return out;
  };
  const out = ['## Program repository', ''];
  const unavailable = (rp.stores ?? []).filter((st) => st.error);
  for (const st of unavailable) out.push(`Store ${st.name} not measured: ${st.error}`, '');
  if (rows.length) {
    out.push('`wopt -S --repo=R -passes=repo-metadata,repo-prune,mem2reg` on SQLite `-O0 -g` (clang-V) into a new repository (first run) and ' +
      'again (second run: every definition pruned), against `-passes=mem2reg` alone; median of the run pairs; `repo link` of the second output compared with the first:', '', ...table(rows), '');
  }
  if (gen.length) {
    out.push(`The same on a generated module with \`-passes=${gen.find((x) => x.passes)?.passes ?? 'repo-metadata,repo-prune,mem2reg,mergefunc'}\` (against the pipeline without the repository passes):`, '', ...table(gen), '');
  }
  const part = (x, render) => (x?.error ? [`Not run: ${x.error}`] : render(x));
  if (rp.store) out.push(...part(rp.store, repoStoreMarkdown), '');
  if (rp.writers) out.push(...part(rp.writers, repoWritersMarkdown), '');
  return out;
}

// LLVM 22's global-merge-func (bench/gmf.bench.js): one module against opt-22, across modules
// against LLVM's two rounds.
function gmfSection(report) {
  const g = report.gmf;
  if (!g) return [];
  const out = ['## Global merge functions', ''];
  if (g.error || g.meta?.error) return [...out, `Not run: ${g.error ?? g.meta.error}`, ''];
  if (g.one) {
    out.push('### One module', '', '`opt-22 -S -passes=global-merge-func in.ll -o out.ll` against `wopt --llvm-version=22` with the same arguments (clang-22 -O2 modules), whole processes, alternating:', '');
    out.push(...gmfOneMarkdown(g.one), '');
  }
  if (g.across) {
    out.push('### Across modules', '', `LLVM's two rounds (\`opt -codegen-data-generate\`, \`llc -filetype=obj\`, \`llvm-cgdata --merge\`, \`opt -codegen-data-use-path\`; ` +
      `opt and llc ${g.meta?.llvmJobs ?? 2} at a time; the wall time is the sum of the stages) against one ` +
      '`wopt -S -passes=global-merge-func --across-modules --emit-cgdata=F -output-dir=D -j N` process over a program\'s clang-22 -O2 modules; ' +
      '"vs LLVM" > 1 means wopt is faster. Outputs compared module by module with LLVM\'s round-2 outputs, the .cgdata with llvm-cgdata\'s:', '');
    out.push(...gmfAcrossMarkdown(g.across), '');
  }
  out.push(GMF_WHAT, '');
  return out;
}

// The language server (bench/lsp.bench.js): edit to diagnostics and memory per open document.
function lspSection(report) {
  const l = report.lsp;
  if (!l) return [];
  const out = ['## Language server', ''];
  if (l.error) return [...out, `Not run: ${l.error}`, ''];
  return [...out, ...lspMarkdown(l), ''];
}

export const README_START = '<!-- bench-report:start -->';
export const README_END = '<!-- bench-report:end -->';

/**
 * README's block between README_START and README_END: where the report is, its chart and its
 * headline table. `dir` is the results folder relative to the README, `name` the files' stem.
 */
export function readmeBlock(report, { dir = 'bench/results', name }) {
  const m = report.meta ?? {};
  const mc = m.machine ?? {};
  const out = [README_START];
  out.push(`${m.quick ? '**Quick run, single samples: not a measurement to quote.** ' : ''}From [\`${dir}/${name}.md\`](${dir}/${name}.md) ` +
    `(\`${m.command ?? 'npm run bench'}\`, ${m.date ?? '?'}, ${mc.cpu ?? '?'} ×${mc.cores ?? '?'}${mc.shared ? ', shared with other jobs' : ''}; ` +
    `median of ${m.runs ?? '?'}; opt/wopt > 1 means wopt is faster):`, '');
  out.push(`![Throughput against module size, a panel per pipeline](${dir}/${name}.svg)`, '');
  out.push(rowsOf(report).length ? headlineTable(report) : 'No side-by-side rows in this run.');
  if (bcRowsOf(report).length) {
    out.push('', 'Bitcode, whole process: `opt-V -passes=P in.bc -o out.bc` against `wopt --llvm-version=V -passes=P in.bc -o out.bc` on the same .bc (llvm-as-V\'s of the inputs above):', '');
    out.push(bitcodeHeadlineTable(report));
  }
  if (bcInProcessOf(report).length) {
    out.push('', `Bitcode in process (\`bench/bitcode.bench.js\`, median of ${report.bitcode.inProcess.meta?.iterations ?? '?'}): MB/s of the module's text, so read and parse compare directly; write: MB/s of the .bc written:`, '');
    out.push(bitcodeSpeedTable(report));
  }
  const batches = [report.batch, report.batchReal].filter((b) => b?.results?.length);
  if (batches.length) {
    out.push('', 'Batch: many modules, opt a process per module (one at a time, and two at a time as `make -j2`) against one wopt process (`-output-dir`, `-j 1` and `-j 2`); wall time for all modules, peak RSS of the largest process:', '');
    out.push(batchHeadlineTable(batches));
  }
  out.push(README_END);
  return out.join('\n');
}

/**
 * The batch rows in short, a row per batch, pipeline and LLVM version: opt's two ways and wopt's -j 1
 * and -j 2 (wall, and opt's one-at-a-time time over it), -j 2's speed-up over -j 1, peak RSS.
 */
export function batchHeadlineTable(batches) {
  const out = ['| modules | MB | pipeline | LLVM | opt, a process each | opt, 2 at a time | wopt -j 1 | wopt -j 2 | -j 2 over -j 1 | peak RSS opt / wopt -j 2 | outputs |',
    '|---|---:|---|---|---:|---:|---:|---:|---:|---:|---|'];
  const s = (x) => (x == null ? '–' : `${x.toFixed(x < 10 ? 3 : 2)} s`);
  const mb = (kb) => (kb == null ? '–' : `${(kb / 1024).toFixed(0)}`);
  for (const b of batches) {
    const what = `${b.meta.files} × ${b.meta.source ?? `~${b.meta.size}`}`;
    const keys = [...new Set(b.results.map((r) => `${r.pipeline}\0${r.llvm}`))];
    for (const k of keys) {
      const [pipeline, llvm] = k.split('\0');
      const rows = Object.fromEntries(b.results.filter((r) => r.pipeline === pipeline && String(r.llvm) === llvm).map((r) => [r.way, r]));
      const { opt, optPar, j1, j2 } = rows;
      if (!opt || !j1 || !j2 || j1.unavailable || j2.unavailable) continue;
      const vs = (r) => (r?.median && opt.median ? ` (**${(opt.median / r.median).toFixed(2)}×**)` : '');
      const outs = [j1, j2].map((r) => (r.outputs ? Object.entries(r.outputs).map(([st, n]) => `${n} ${st}`).join(', ') : '–'));
      out.push(`| ${what} | ${(j1.bytes / 1e6).toFixed(1)} | ${pipeline} | ${llvm} | ${s(opt.median)} | ${s(optPar?.median)} | ${s(j1.median)}${vs(j1)} | ${s(j2.median)}${vs(j2)} | ` +
        `${j1.median && j2.median ? `${(j1.median / j2.median).toFixed(2)}×` : '–'} | ${mb(opt.rssKBMedian)} / ${mb(j2.rssKBMedian)} MB | ${outs[0] === outs[1] ? outs[0] : outs.join(' / ')} |`);
    }
  }
  return out.join('\n');
}

/** `readme` with its bench block replaced by `block`; null when the markers are missing. */
export function replaceReadmeBlock(readme, block) {
  const a = readme.indexOf(README_START), b = readme.indexOf(README_END);
  if (a < 0 || b < a) return null;
  return readme.slice(0, a) + block + readme.slice(b + README_END.length);
}

// ---------------------------------------------------------------------------------------------
// The chart.

const xmlEsc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const num = (x) => (Math.round(x * 10) / 10).toString();

/** A round upper bound for an axis: 1, 2, 2.5 or 5 times a power of ten, at least `x`. */
export function niceMax(x) {
  if (!(x > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  for (const f of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (f * p >= x) return f * p;
  return 10 * p;
}

/**
 * The points of the chart: { panels, series: [{ tool, pipeline, points: [{ mb, mbps, wall }] }], real: [...] }.
 * `panels` are PIPELINES, and BITCODE_PANEL when the report has bitcode parse+write rows: their
 * points sit at the size of the module's text and give MB/s of that text, so the panel compares with
 * parse+print of the same modules.
 */
export function chartData(report) {
  const rows = rowsOf(report).filter((r) => !r.skipped);
  const bc = bcRowsOf(report).filter((r) => !r.skipped && r.pipeline === '' && r.textBytes);
  const panels = bc.length ? [...PIPELINES, BITCODE_PANEL] : [...PIPELINES];
  const series = [], real = [];
  const programs = [...new Set([...rows, ...bc].filter(isReal).map((r) => r.program ?? r.input))];
  for (const p of panels) {
    // a panel's rows and the bytes its throughput counts
    const [mine, size] = p === BITCODE_PANEL ? [bc, (r) => r.textBytes] : [rows.filter((r) => r.pipeline === p), (r) => r.bytes];
    for (const t of TOOLS) {
      const ok = (r) => r.llvm === t.version && !r[t.key]?.error && r[t.key]?.wallMedian;
      const points = mine.filter((r) => !isReal(r) && ok(r))
        .map((r) => ({ mb: size(r) / 1e6, mbps: mbps(size(r), r[t.key].wallMedian), wall: r[t.key].wallMedian, input: r.input }))
        .sort((a, b) => a.mb - b.mb);
      series.push({ tool: t.name, pipeline: p, points });
      for (const r of mine.filter((x) => isReal(x) && ok(x))) {
        const program = r.program ?? r.input;
        real.push({ tool: t.name, pipeline: p, program, label: r.input, shape: SHAPES[programs.indexOf(program) % SHAPES.length],
          mb: size(r) / 1e6, mbps: mbps(size(r), r[t.key].wallMedian), wall: r[t.key].wallMedian });
      }
    }
  }
  const everyRow = [...rows, ...bc];
  return { panels, series, real, programs: programs.map((p) => ({ program: p, label: everyRow.find((r) => (r.program ?? r.input) === p)?.input ?? p, shape: SHAPES[programs.indexOf(p) % SHAPES.length] })) };
}

// A panel's title and its data-pipeline attribute.
const panelTitle = (p) => (p === BITCODE_PANEL ? 'bitcode: .bc → .bc (parse+write)' : pipeName(p));
const panelKey = (p) => (p === BITCODE_PANEL ? 'bitcode' : pipeName(p));

// A marker of `shape` centred on (x, y), radius about r; `inner` goes inside the element (a <title>).
function marker(shape, x, y, r, attrs, inner = '') {
  const el = (name, geometry) => (inner ? `<${name} ${geometry} ${attrs}>${inner}</${name}>` : `<${name} ${geometry} ${attrs}/>`);
  const poly = (list) => el('polygon', `points="${list.map(([a, b]) => `${num(a)},${num(b)}`).join(' ')}"`);
  switch (shape) {
    case 'diamond': return poly([[x, y - r * 1.3], [x + r * 1.3, y], [x, y + r * 1.3], [x - r * 1.3, y]]);
    case 'triangle': return poly([[x, y - r * 1.4], [x + r * 1.3, y + r], [x - r * 1.3, y + r]]);
    case 'square': return el('rect', `x="${num(x - r)}" y="${num(y - r)}" width="${num(2 * r)}" height="${num(2 * r)}"`);
    case 'star': {
      const list = [];
      for (let i = 0; i < 10; i++) { const a = -Math.PI / 2 + (i * Math.PI) / 5, rr = i & 1 ? r * 0.6 : r * 1.5; list.push([x + rr * Math.cos(a), y + rr * Math.sin(a)]); }
      return poly(list);
    }
    default: return el('circle', `cx="${num(x)}" cy="${num(y)}" r="${num(r)}"`);
  }
}

/** The chart as SVG text. */
export function reportSvg(report) {
  const { panels, series, real, programs } = chartData(report);
  const m = report.meta ?? {};
  const left = 70, gap = 50, right = 20, W = panels.length > 3 ? 1560 : 1200, H = panels.length > 3 ? 534 : 520, top = 112, panelH = 310;
  const panelW = (W - left - right - gap * (panels.length - 1)) / panels.length;
  const all = [...series.flatMap((s) => s.points), ...real];
  const yMax = niceMax(Math.max(1, ...all.map((p) => p.mbps)) * 1.05);
  // x: decades around the sizes measured (at least 1 to 100 MB)
  const mbs = all.map((p) => p.mb).filter((x) => x > 0);
  const lo = Math.min(0, Math.floor(Math.log10(Math.min(1, ...mbs)))), hi = Math.max(2, Math.ceil(Math.log10(Math.max(100, ...mbs))));
  const xs = (mb, i) => left + i * (panelW + gap) + ((Math.log10(mb) - lo + 0.15) / (hi - lo + 0.3)) * panelW;
  const ys = (v) => top + panelH - (v / yMax) * panelH;
  const font = 'font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif"';
  const o = [];
  o.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" ${font} font-size="13">`);
  o.push(`<title>wopt and opt: whole-process throughput against module size${m.date ? `, ${xmlEsc(m.date)}` : ''}</title>`);
  o.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  o.push(`<text x="${W / 2}" y="28" text-anchor="middle" font-size="18" font-weight="600" fill="#111827">Whole-process throughput: wopt vs opt (MB/s of input .ll${panels.includes(BITCODE_PANEL) ? '; for .bc, of the .ll it holds' : ''}; higher is faster)</text>`);
  const sub = [m.date, m.quick ? 'QUICK RUN: single samples' : null, m.machine?.cpu ? `${m.machine.cpu} ×${m.machine.cores}` : null, m.runs ? `median of ${m.runs}` : null].filter(Boolean).join(' · ');
  o.push(`<text x="${W / 2}" y="48" text-anchor="middle" font-size="12" fill="#4b5563">${xmlEsc(sub)}</text>`);

  // legend: the four tools, then the real programs' markers
  const legend = [];
  let lx = left;
  for (const t of TOOLS) {
    legend.push(`<g class="legend" data-series="${t.name}"><line x1="${lx}" y1="72" x2="${lx + 30}" y2="72" stroke="${t.color}" stroke-width="3"${t.dash ? ` stroke-dasharray="${t.dash}"` : ''}/>` +
      `<circle cx="${lx + 15}" cy="72" r="3.5" fill="${t.color}"/><text x="${lx + 38}" y="76" fill="#111827">${t.name}</text></g>`);
    lx += 110;
  }
  lx += 20;
  legend.push(`<text x="${lx}" y="76" fill="#4b5563">generated modules: lines through ●</text>`);
  lx += 245;
  for (const p of programs) {
    legend.push(`<g class="legend" data-program="${xmlEsc(p.program)}">${marker(p.shape, lx + 6, 72, 5, 'fill="#6b7280" stroke="#111827" stroke-width="0.8"')}<text x="${lx + 16}" y="76" fill="#111827">${xmlEsc(p.label)}</text></g>`);
    lx += 28 + 7.2 * p.label.length;
  }
  o.push(...legend);

  panels.forEach((p, i) => {
    const x0 = left + i * (panelW + gap);
    o.push(`<g class="panel" data-pipeline="${panelKey(p)}">`);
    o.push(`<text x="${num(x0 + panelW / 2)}" y="${top - 10}" text-anchor="middle" font-size="15" font-weight="600" fill="#111827">${xmlEsc(panelTitle(p))}</text>`);
    o.push(`<rect x="${num(x0)}" y="${top}" width="${num(panelW)}" height="${panelH}" fill="#f9fafb" stroke="#d1d5db"/>`);
    // y grid and labels (the scale is shared by the panels)
    for (let k = 0; k <= 5; k++) {
      const v = (yMax * k) / 5, y = ys(v);
      o.push(`<line x1="${num(x0)}" y1="${num(y)}" x2="${num(x0 + panelW)}" y2="${num(y)}" stroke="#e5e7eb"/>`);
      o.push(`<text x="${num(x0 - 6)}" y="${num(y + 4)}" text-anchor="end" font-size="11" fill="#374151">${num(v)}</text>`);
    }
    // x grid: decades labelled, 2..9 as minor lines
    for (let d = lo; d <= hi; d++) {
      for (let k = 1; k < 10; k++) {
        const mb = k * 10 ** d;
        if (Math.log10(mb) > hi) break;
        const x = xs(mb, i);
        o.push(`<line x1="${num(x)}" y1="${top}" x2="${num(x)}" y2="${top + panelH}" stroke="${k === 1 ? '#d1d5db' : '#f0f1f3'}"/>`);
        if (k === 1) o.push(`<text x="${num(x)}" y="${top + panelH + 16}" text-anchor="middle" font-size="11" fill="#374151">${mb >= 1 ? mb : mb.toFixed(-d)} MB</text>`);
      }
    }
    o.push(`<text x="${num(x0 + panelW / 2)}" y="${top + panelH + 36}" text-anchor="middle" font-size="12" fill="#374151">module size (MB of .ll, log scale)</text>`);
    if (i === 0) o.push(`<text transform="translate(${left - 48},${top + panelH / 2}) rotate(-90)" text-anchor="middle" font-size="12" fill="#374151">throughput (MB/s of input)</text>`);
    const here = series.filter((s) => s.pipeline === p), pts = real.filter((r) => r.pipeline === p);
    if (!here.some((s) => s.points.length) && !pts.length) {
      o.push(`<text x="${num(x0 + panelW / 2)}" y="${top + panelH / 2}" text-anchor="middle" fill="#9ca3af">no data</text>`);
    }
    for (const s of here) {
      const t = TOOLS.find((x) => x.name === s.tool);
      o.push(`<g class="series" data-series="${s.tool}" data-pipeline="${panelKey(p)}">`);
      if (s.points.length > 1) {
        o.push(`<polyline fill="none" stroke="${t.color}" stroke-width="2.5"${t.dash ? ` stroke-dasharray="${t.dash}"` : ''} points="${s.points.map((q) => `${num(xs(q.mb, i))},${num(ys(q.mbps))}`).join(' ')}"/>`);
      }
      for (const q of s.points) {
        o.push(`<circle cx="${num(xs(q.mb, i))}" cy="${num(ys(q.mbps))}" r="4" fill="${t.color}"><title>${xmlEsc(`${s.tool}, ${panelTitle(p)}, generated ${q.input} (${q.mb.toFixed(1)} MB${p === BITCODE_PANEL ? ' of .ll' : ''}): ${q.mbps.toFixed(1)} MB/s, ${fmtS(q.wall)}`)}</title></circle>`);
      }
      o.push('</g>');
    }
    for (const q of pts) {
      const t = TOOLS.find((x) => x.name === q.tool);
      o.push(`<g class="real" data-series="${q.tool}" data-program="${xmlEsc(q.program)}" data-pipeline="${panelKey(p)}">` +
        marker(q.shape, xs(q.mb, i), ys(q.mbps), 6, `fill="${t.color}" stroke="#111827" stroke-width="0.8"`,
          `<title>${xmlEsc(`${q.tool}, ${panelTitle(p)}, ${q.label} (${q.mb.toFixed(1)} MB): ${q.mbps.toFixed(1)} MB/s, ${fmtS(q.wall)}`)}</title>`) +
        '</g>');
    }
    // each real program named once, above its highest marker
    for (const prog of [...new Set(pts.map((q) => q.program))]) {
      const mine = pts.filter((q) => q.program === prog);
      const best = mine.reduce((a, b) => (b.mbps > a.mbps ? b : a));
      const x = xs(best.mb, i), anchor = x > x0 + panelW * 0.75 ? 'end' : x < x0 + panelW * 0.25 ? 'start' : 'middle';
      o.push(`<text class="real-label" x="${num(x)}" y="${num(Math.max(top + 12, ys(best.mbps) - 12))}" text-anchor="${anchor}" font-size="11" fill="#374151" stroke="#ffffff" stroke-width="3" paint-order="stroke">${xmlEsc(best.label)}</text>`);
    }
    o.push('</g>');
  });
  const bcNote = panels.includes(BITCODE_PANEL);
  o.push(`<text x="${left}" y="${H - (bcNote ? 26 : 12)}" font-size="11" fill="#6b7280">${xmlEsc('Lines: generated modules (bench/gen.js) at each size; markers: real programs compiled by clang-V (opt-V and wopt --llvm-version=V read the same file). Solid: wopt, dashed: opt.')}</text>`);
  if (bcNote) o.push(`<text x="${left}" y="${H - 12}" font-size="11" fill="#6b7280">${xmlEsc('Bitcode panel: llvm-as-V\'s .bc of the same modules, opt-V in.bc -o out.bc and wopt --llvm-version=V in.bc -o out.bc; size and MB/s count the .ll the .bc holds.')}</text>`);
  o.push('</svg>');
  return o.join('\n') + '\n';
}
