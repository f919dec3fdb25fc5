// The bench report's writers (bench/report-render.js) on fixed numbers: the markdown's sections and
// tables, the SVG chart's structure (well-formed XML, a panel per pipeline, a series per tool,
// the real programs as markers) and the throughput it plots. Tests of the report code only: no
// process is timed here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reportMarkdown, reportSvg, headlineTable, bitcodeHeadlineTable, bitcodeSpeedTable, chartData, niceMax, TOOLS, BITCODE_PANEL, readmeBlock, replaceReadmeBlock, README_START, README_END } from '../../../bench/report-render.js';
import { batchWays, helpListsJobs } from '../../../bench/batch.bench.js';
import { compileReal, REAL_PROGRAMS } from '../../../bench/real.js';

const MB = 1e6;
const tool = (wall, rss = 100 * 1024) => ({ wall: [wall], rssKB: [rss], wallMedian: wall, rssKBMedian: rss });

// A side-by-side row: opt takes `optWall` s, wopt `woptWall` s (or fails with woptError).
function row({ input, bytes, pipeline, llvm, optWall, woptWall, woptError, kind, program, skipped }) {
  if (skipped) return { input, bytes, pipeline, llvm, kind, program, skipped, opt: { wall: [], rssKB: [] }, wopt: { wall: [], rssKB: [] } };
  const wopt = woptError ? { wall: [], rssKB: [], error: woptError } : tool(woptWall, 90 * 1024);
  return {
    input, bytes, pipeline, llvm, ...(kind ? { kind, program } : {}), opt: tool(optWall), wopt,
    ratioTime: woptError ? null : optWall / woptWall, ratioRss: woptError ? null : 100 / 90,
    diff: woptError ? { status: 'n/a' } : { status: 'identical' },
    optTimePasses: { parse: optWall / 3, pass: pipeline ? optWall / 10 : null, passNames: pipeline ? ['P'] : [] },
  };
}

// Generated: 1, 10, 100 MB at 10, 40, 80 MB/s for wopt (×1, ×1.25 by version) and half that for opt.
function fixture({ quick = false } = {}) {
  const results = [];
  for (const [label, size, rate] of [['1MB', 1, 10], ['10MB', 10, 40], ['100MB', 100, 80]]) {
    for (const p of ['', 'mem2reg', 'mergefunc']) {
      for (const v of [19, 22]) {
        const w = size / (rate * (v === 22 ? 1.25 : 1));
        results.push(row({ input: label, bytes: size * MB, pipeline: p, llvm: v, optWall: 2 * w, woptWall: w }));
      }
    }
  }
  results.push(
    row({ input: 'SQLite -O0 -g', kind: 'real', program: 'sqlite', bytes: 35 * MB, pipeline: '', llvm: 19, optWall: 2, woptWall: 1 }),
    row({ input: 'SQLite -O0 -g', kind: 'real', program: 'sqlite', bytes: 35 * MB, pipeline: '', llvm: 22, optWall: 2, woptWall: 0.5 }),
    row({ input: 'SQLite -O0 -g', kind: 'real', program: 'sqlite', bytes: 35 * MB, pipeline: 'mem2reg', llvm: 19, optWall: 2.5, woptWall: 1.25 }),
    row({ input: 'SQLite -O0 -g', kind: 'real', program: 'sqlite', bytes: 35 * MB, pipeline: 'mem2reg', llvm: 22, optWall: 2.5, woptError: 'out of memory' }),
    row({ input: 'telemetry.cpp -O2', kind: 'real', program: 'telemetry', bytes: 1 * MB, pipeline: 'mergefunc', llvm: 19, optWall: 0.1, woptWall: 0.2 }),
    row({ input: 'telemetry.cpp -O2', kind: 'real', program: 'telemetry', bytes: 1 * MB, pipeline: 'mergefunc', llvm: 22, skipped: 'clang-22 not installed' }),
  );
  const batchRow = (way, label, tool, median, extra = {}) => ({ pipeline: 'mem2reg', llvm: 22, way, tool, label, files: 40, bytes: 12 * MB, median, rssKBMedian: 70 * 1024, ratio: 4 / median, ...extra });
  return {
    meta: {
      date: '2025-01-02', quick, command: 'npm run bench', elapsed: 600, runs: quick ? 1 : 5, sizes: ['1MB', '10MB', '100MB'], versions: [19, 22],
      machine: { cpu: 'Test CPU', cores: 2, memGB: 8, os: 'Linux', loadStart: [0.5, 0.5, 0.5], loadEnd: [1, 1, 1] },
      node: 'v20.0.0', wopt: { commit: 'abc1234', dirty: false }, rss: 'gnu-time',
      tools: [{ version: 19, opt: '/o19', optVersion: '19.1.7', clang: '/c19', clangVersion: '19.1.7' }, { version: 22, opt: '/o22', optVersion: '22.1.8', clangMissing: 'clang-22 not installed' }],
      programs: [
        { program: 'sqlite', label: 'SQLite -O0 -g', what: 'SQLite amalgamation (C)', level: '-O0 -g', pipelines: ['', 'mem2reg'], perVersion: { 19: { file: 'a.ll', bytes: 35 * MB }, 22: { file: 'b.ll', bytes: 35 * MB } } },
        { program: 'telemetry', label: 'telemetry.cpp -O2', what: 'ours', level: '-O2', pipelines: ['mergefunc'], perVersion: { 19: { file: 'c.ll', bytes: MB }, 22: { missing: 'clang-22 not installed' } } },
      ],
      notes: ['telemetry.cpp -O2, LLVM 22: clang-22 not installed.'],
    },
    sideBySide: { meta: {}, results },
    batch: {
      meta: { files: 40, size: '300KB', llvm: [{ version: 22, opt: '/o22', optVersion: '22.1.8' }], jobs: false, runs: 3, node: 'v20.0.0', cpu: 'Test CPU', cpus: 2 },
      results: [
        batchRow('opt', 'opt, a process per module', 'opt', 4),
        batchRow('batch', 'wopt -output-dir (one core)', 'wopt', 2, { outputs: { identical: 40 } }),
        { ...batchRow('j2', 'wopt -output-dir -j 2', 'wopt', null), unavailable: 'not available (this wopt has no -j)' },
      ],
    },
  };
}

// The tables of a markdown text: each a list of rows, each row its cells (escaped pipes kept).
function tables(md) {
  const out = [];
  let cur = null;
  for (const line of md.split('\n')) {
    if (line.startsWith('|')) {
      const cells = line.slice(1, -1).split(/(?<!\\)\|/).map((c) => c.trim());
      if (!cur) out.push((cur = []));
      cur.push(cells);
    } else cur = null;
  }
  return out;
}

// A strict-enough XML well-formedness check: tags nest and close, attributes are quoted and not
// repeated, text and attribute values use only the five entities or character references, one root.
function checkXml(xml) {
  const stack = [];
  let roots = 0;
  const entities = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
  const re = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<\/([A-Za-z][\w:.-]*)\s*>|<([A-Za-z][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)|(<)/g;
  for (const m of xml.matchAll(re)) {
    const [, close, open, attrs, selfClose, text, stray] = m;
    if (stray) throw new Error(`stray '<' at ${m.index}: ${xml.slice(m.index, m.index + 40)}`);
    if (text !== undefined) {
      if (entities.test(text)) throw new Error(`bad '&' in text at ${m.index}`);
      if (!stack.length && text.trim()) throw new Error(`text outside the root at ${m.index}`);
    } else if (close) {
      const top = stack.pop();
      if (top !== close) throw new Error(`</${close}> closes <${top}> at ${m.index}`);
    } else if (open) {
      if (!stack.length) roots++;
      const names = [...attrs.matchAll(/([A-Za-z_:][\w:.-]*)\s*=\s*("[^"]*"|'[^']*')/g)];
      const seen = new Set();
      for (const [, n, v] of names) {
        if (seen.has(n)) throw new Error(`attribute ${n} twice in <${open}>`);
        seen.add(n);
        if (entities.test(v)) throw new Error(`bad '&' in ${n}=${v}`);
      }
      if (!selfClose) stack.push(open);
    }
  }
  if (stack.length) throw new Error(`unclosed <${stack.join('> <')}>`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
}

test('the XML check itself rejects what is not well-formed', () => {
  assert.doesNotThrow(() => checkXml('<svg a="1"><g><text>a &amp; b</text></g><rect/></svg>'));
  for (const bad of ['<svg><g></svg>', '<svg a=1></svg>', '<svg>a & b</svg>', '<svg a="1" a="2"/>', '<svg/><svg/>', '<svg><g></g>']) {
    assert.throws(() => checkXml(bad), undefined, bad);
  }
});

test('markdown: title, machine, chart link and the four sections', () => {
  const md = reportMarkdown(fixture(), { svgName: '2025-01-02.svg' });
  assert.match(md, /^# wopt benchmark, 2025-01-02\n/);
  assert.doesNotMatch(md, /QUICK/);
  assert.match(md, /Command: `npm run bench`, 10\.0 min in all/);
  assert.match(md, /- Machine: Test CPU, 2 cores, 8\.0 GB RAM, Linux; load average 0\.50 \/ 0\.50 \/ 0\.50 at the start/);
  assert.match(md, /- LLVM 22: opt 22\.1\.8 \(`\/o22`\); clang: clang-22 not installed/);
  assert.match(md, /!\[[^\]]+\]\(2025-01-02\.svg\)/);
  const sections = [...md.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  assert.deepEqual(sections, ['Headline', 'Generated modules', 'Real programs', 'Batch']);
  assert.match(md, /Note: telemetry\.cpp -O2, LLVM 22: clang-22 not installed\./);
  assert.match(md, /- SQLite -O0 -g: SQLite amalgamation \(C\), `clang -O0 -g` → clang-19 35 MB, clang-22 35 MB; parse\+print and mem2reg/);
});

test('markdown: a quick run says so in the title and above the tables', () => {
  const md = reportMarkdown(fixture({ quick: true }));
  assert.match(md, /^# wopt benchmark, 2025-01-02 \(QUICK RUN\)/);
  assert.match(md, /^> \*\*Quick run\*\*/m);
  assert.doesNotMatch(md, /!\[/, 'no chart link without an svg name');
});

test('markdown tables: every row has its header\'s cells; the numbers come from the rows', () => {
  const md = reportMarkdown(fixture(), { svgName: 'x.svg' });
  const ts = tables(md);
  assert.equal(ts.length, 4, 'headline, generated, real, batch');
  for (const t of ts) for (const r of t) assert.equal(r.length, t[0].length, r.join(' | '));
  const [headline, generated, real, batch] = ts;
  // headline: one row per input and pipeline, the versions side by side
  assert.deepEqual(headline[0], ['input', 'MB', 'pipeline', 'opt-19', 'wopt-19', 'opt-19/wopt-19', 'opt-22', 'wopt-22', 'opt-22/wopt-22', 'outputs']);
  assert.equal(headline.length - 2, 9 + 3);
  const h10 = headline.find((r) => r[0] === 'generated 10 MB' && r[2] === 'mem2reg');
  assert.deepEqual(h10.slice(3, 10), ['0.500 s', '0.250 s', '**2.00×**', '0.400 s', '0.200 s', '**2.00×**', 'identical']);
  const sqliteM2r = headline.find((r) => r[0] === 'SQLite -O0 -g' && r[2] === 'mem2reg');
  assert.equal(sqliteM2r[7], '**error**: out of memory');
  const tele = headline.find((r) => r[0] === 'telemetry.cpp -O2');
  assert.deepEqual(tele.slice(3, 9), ['0.100 s', '0.200 s', '**0.50×**', 'not run: clang-22 not installed', '–', '–']);
  // generated: a row per size, pipeline and version, with MB/s
  assert.equal(generated.length - 2, 18);
  const g100 = generated.find((r) => r[0] === '100MB' && r[2] === 'parse+print' && r[3] === '22');
  assert.deepEqual([g100[1], g100[4], g100[5], g100[7], g100[8], g100[10]], ['100', '2.000 s', '50.0', '1.000 s', '100.0', '2.00×']);
  // real programs: the rows of the real programs only
  assert.deepEqual(real.slice(2).map((r) => `${r[0]}/${r[2]}/${r[3]}`),
    ['SQLite -O0 -g/parse+print/19', 'SQLite -O0 -g/parse+print/22', 'SQLite -O0 -g/mem2reg/19', 'SQLite -O0 -g/mem2reg/22', 'telemetry.cpp -O2/mergefunc/19', 'telemetry.cpp -O2/mergefunc/22']);
  assert.equal(real.at(-1)[4], 'not run: clang-22 not installed');
  // batch: each way, the unavailable one said so
  assert.deepEqual(batch.slice(2).map((r) => r[2]), ['opt, a process per module', 'wopt -output-dir (one core)', 'wopt -output-dir -j 2']);
  assert.deepEqual(batch[3].slice(5), ['2.000 s', '6.0', '70 MB', '2.00×', '40 identical']);
  assert.equal(batch[4][5], 'not available (this wopt has no -j)');
});

test('headline table alone (for the README) is the report\'s headline', () => {
  const f = fixture();
  assert.ok(reportMarkdown(f).includes(headlineTable(f)));
});

test('chart data: MB/s of input per tool, pipeline and size; the real programs as points', () => {
  const { series, real, programs } = chartData(fixture());
  assert.equal(series.length, 3 * TOOLS.length);
  const w22 = series.find((s) => s.tool === 'wopt-22' && s.pipeline === 'mem2reg');
  assert.deepEqual(w22.points.map((p) => [p.mb, +p.mbps.toFixed(6)]), [[1, 12.5], [10, 50], [100, 100]]);
  const o19 = series.find((s) => s.tool === 'opt-19' && s.pipeline === '');
  assert.deepEqual(o19.points.map((p) => +p.mbps.toFixed(6)), [5, 20, 40]);
  // SQLite: parse+print for all four, mem2reg without wopt-22 (it failed); telemetry: two tools of 19
  assert.equal(real.filter((p) => p.program === 'sqlite').length, 7);
  assert.deepEqual(real.filter((p) => p.program === 'telemetry').map((p) => p.tool).sort(), ['opt-19', 'wopt-19']);
  assert.equal(real.find((p) => p.program === 'sqlite' && p.tool === 'wopt-22' && p.pipeline === '').mbps, 70);
  assert.deepEqual(programs.map((p) => [p.program, p.shape]), [['sqlite', 'diamond'], ['telemetry', 'triangle']]);
});

test('svg: well-formed, a panel per pipeline, a line per tool, markers for the real programs', () => {
  const svg = reportSvg(fixture());
  checkXml(svg);
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/);
  const panels = [...svg.matchAll(/<g class="panel" data-pipeline="([^"]+)">/g)].map((m) => m[1]);
  assert.deepEqual(panels, ['parse+print', 'mem2reg', 'mergefunc']);
  for (const p of panels) {
    for (const t of TOOLS) {
      const g = new RegExp(`<g class="series" data-series="${t.name}" data-pipeline="${p.replace('+', '\\+')}">([\\s\\S]*?)</g>`).exec(svg);
      assert.ok(g, `${t.name} in ${p}`);
      const line = /<polyline [^>]*stroke="([^"]+)"[^>]*points="([^"]+)"/.exec(g[1]);
      assert.ok(line, `a line for ${t.name} in ${p}`);
      assert.equal(line[1], t.color);
      assert.equal(line[2].trim().split(/\s+/).length, 3, 'one vertex per size');
      assert.equal((g[1].match(/<circle /g) || []).length, 3);
      assert.equal(/stroke-dasharray/.test(line[0]), t.key === 'opt', 'opt dashed, wopt solid');
    }
  }
  const legend = [...svg.matchAll(/<g class="legend" data-series="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(legend, TOOLS.map((t) => t.name));
  const markers = [...svg.matchAll(/<g class="real" data-series="([^"]+)" data-program="([^"]+)" data-pipeline="([^"]+)">/g)].map((m) => m.slice(1).join('/'));
  assert.equal(markers.length, 9);
  assert.ok(markers.includes('wopt-19/sqlite/mem2reg') && !markers.includes('wopt-22/sqlite/mem2reg'));
  assert.ok(markers.includes('opt-19/telemetry/mergefunc'));
  assert.equal((svg.match(/<text class="real-label"[^>]*>SQLite -O0 -g<\/text>/g) || []).length, 2, 'SQLite named in its two panels');
  // the log x axis is labelled by decades; the y axis is shared and rounded up
  for (const d of ['1 MB', '10 MB', '100 MB']) assert.ok(svg.includes(`>${d}</text>`), d);
  assert.match(svg, />module size \(MB of \.ll, log scale\)</);
  assert.match(svg, />throughput \(MB\/s of input\)</);
});

test('svg: a report without rows still draws, saying there is no data', () => {
  const f = fixture();
  f.sideBySide = null;
  const svg = reportSvg(f);
  checkXml(svg);
  assert.equal((svg.match(/>no data</g) || []).length, 3);
  assert.match(reportMarkdown(f), /No side-by-side rows in this run\./);
});

test('niceMax rounds an axis up to a round number', () => {
  assert.deepEqual([0, 0.7, 1, 13, 37, 101, 260].map(niceMax), [1, 0.8, 1, 15, 40, 150, 300]);
});

test('batch ways: -j 1 and -j 2 rows when the CLI has -j, "not available" when not', () => {
  const keys = (ws) => ws.map((w) => `${w.key}${w.unavailable ? '!' : ''}`);
  assert.deepEqual(keys(batchWays({ jobs: true })), ['opt', 'optPar', 'j1', 'j2', 'single']);
  assert.deepEqual(keys(batchWays({ jobs: false, single: false, parallel: 1 })), ['opt', 'batch', 'j1!', 'j2!']);
  assert.ok(helpListsJobs('  -S  - x\n  -j <n>  - worker threads\n'));
  assert.ok(helpListsJobs('  --jobs=<n>, -j <n>   - x'));
  assert.ok(!helpListsJobs('  --output-dir=<directory>  - Batch mode\n  --mtriple=<triple>  - j'));
});

test('a real program whose clang is missing is reported, not compiled', () => {
  const r = compileReal(REAL_PROGRAMS[1], 99);
  assert.deepEqual(r, { missing: 'clang-99 not installed' });
});

test('README block: the report\'s link, chart and headline table between the markers', () => {
  const f = fixture();
  const block = readmeBlock(f, { name: '2025-01-02' });
  assert.ok(block.startsWith(README_START) && block.endsWith(README_END));
  assert.match(block, /\[`bench\/results\/2025-01-02\.md`\]\(bench\/results\/2025-01-02\.md\)/);
  assert.match(block, /!\[[^\]]+\]\(bench\/results\/2025-01-02\.svg\)/);
  assert.ok(block.includes(headlineTable(f)));
  assert.doesNotMatch(block, /Quick run/);
  assert.match(readmeBlock(fixture({ quick: true }), { name: 'q' }), /\*\*Quick run, single samples/);
  const readme = `# x\n\n## Benchmarks\n\nText.\n\n${README_START}\nold\n${README_END}\n\n## Next\n`;
  assert.equal(replaceReadmeBlock(readme, block), `# x\n\n## Benchmarks\n\nText.\n\n${block}\n\n## Next\n`);
  assert.equal(replaceReadmeBlock('# no markers\n', block), null);
});

test('the bench block lives in docs/PERFORMANCE.md (npm run bench -- --docs), with links that resolve from there', async () => {
  const { PERFORMANCE_DOC, parseArgs } = await import('../../../bench/report.js');
  assert.equal(PERFORMANCE_DOC, 'docs/PERFORMANCE.md');
  assert.equal(parseArgs(['--docs']).readme, true);
  assert.equal(parseArgs(['--readme']).readme, true, 'the old name still works');
  const { readFileSync, existsSync } = await import('node:fs');
  const { join, dirname } = await import('node:path');
  const root = new URL('../../../', import.meta.url).pathname;
  const doc = readFileSync(join(root, PERFORMANCE_DOC), 'utf8');
  const a = doc.indexOf(README_START), b = doc.indexOf(README_END);
  assert.ok(a >= 0 && b > a, `${PERFORMANCE_DOC} has no bench-report block`);
  const links = [...doc.slice(a, b).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  assert.ok(links.length >= 2, 'the block links its report and chart');
  for (const l of links) assert.ok(existsSync(join(root, dirname(PERFORMANCE_DOC), l)), `${PERFORMANCE_DOC}: ${l} does not resolve from docs/`);
  assert.doesNotMatch(readFileSync(join(root, 'README.md'), 'utf8'), /bench-report:start/, 'README.md links docs/PERFORMANCE.md instead of holding the block');
  const block = readmeBlock(fixture(), { dir: '../bench/results', name: 'n' });
  assert.match(block, /\]\(\.\.\/bench\/results\/n\.md\)/);
});

test('side-by-side: a real program without its clang-N gives "not run" rows and runs nothing', async () => {
  const { runSideBySide } = await import('../../../bench/side-by-side.js');
  const o = { sizes: [], inputs: [], passes: ['mergefunc'], runs: 1, warmup: 0, wopt: '/nonexistent/wopt', diff: true, timePasses: true, timeout: 10, keep: false,
    targets: [{ version: 22, opt: '/nonexistent/opt-22' }, { version: 19, opt: '/nonexistent/opt-19' }] };
  const extra = [{ kind: 'real', program: 'p', label: 'P -O0', bytes: 5, passes: ['', 'mem2reg'],
    perVersion: { 19: { missing: 'clang-19 not installed' }, 22: { error: 'clang-22 failed: boom' } } }];
  const logs = [];
  const { results } = await runSideBySide(o, (m) => logs.push(m), { extra });
  assert.deepEqual(results.map((r) => [r.pipeline, r.llvm, r.skipped, r.kind, r.program]), [
    ['', 19, 'clang-19 not installed', 'real', 'p'], ['', 22, 'clang-22 failed: boom', 'real', 'p'],
    ['mem2reg', 19, 'clang-19 not installed', 'real', 'p'], ['mem2reg', 22, 'clang-22 failed: boom', 'real', 'p'],
  ]);
  assert.ok(results.every((r) => r.opt.wall.length === 0 && r.wopt.wall.length === 0 && !r.opt.error));
  assert.equal(logs.filter((l) => /skipped/.test(l)).length, 4);
});

// ---------------------------------------------------------------------------------------------
// The bitcode part: the same report with `bitcode` ({ sideBySide: rows of side-by-side --format bc,
// inProcess: rows of bitcode.bench.js }), all numbers fixed.

// A bitcode side-by-side row: the .bc is 17% of its text (`size` MB of .ll).
function bcRow({ input, size, pipeline, llvm, optWall, woptWall, kind, program, skipped, diff }) {
  const r = row({ input, bytes: 0.17 * size * MB, pipeline, llvm, optWall, woptWall, kind, program, skipped });
  r.format = 'bc';
  r.textBytes = size * MB;
  if (!skipped) {
    r.outBytes = { opt: 0.16 * size * MB, wopt: 0.18 * size * MB };
    if (diff) r.diff = diff;
  }
  return r;
}

// An in-process row: medians in seconds of read .bc, write .bc, parse .ll, print .ll.
const ipRow = (input, llvm, size, [readBc, writeBc, parseLl, printLl], extra = {}) => ({
  input, llvm, ...extra,
  bytes: { ll: size * MB, bc: 0.17 * size * MB, bcOut: 0.18 * size * MB, llOut: size * MB },
  samples: { readBc: [readBc], writeBc: [writeBc], parseLl: [parseLl], printLl: [printLl] },
  median: { readBc, writeBc, parseLl, printLl },
});

function bitcodeFixture() {
  const f = fixture();
  const results = [];
  for (const [label, size] of [['1MB', 1], ['10MB', 10]]) {
    for (const p of ['', 'mem2reg']) {
      for (const v of [19, 22]) {
        const diff = label === '10MB' && p === 'mem2reg' && v === 22
          ? { status: 'equivalent', firstDiff: { line: 504, opt: '%.01 = phi i32 [ %1, %3 ], [ %.3, %66 ]', wopt: '%.01 = phi i32 [ %1, %3 ], [ %.1, %66 ]' } } : null;
        results.push(bcRow({ input: label, size, pipeline: p, llvm: v, optWall: size / 50, woptWall: size / 25, diff }));
      }
    }
  }
  results.push(
    bcRow({ input: 'SQLite -O0 -g', kind: 'real', program: 'sqlite', size: 35, pipeline: '', llvm: 19, optWall: 1, woptWall: 0.5 }),
    bcRow({ input: 'SQLite -O0 -g', kind: 'real', program: 'sqlite', size: 35, pipeline: '', llvm: 22, skipped: 'llvm-as-22 failed: boom' }),
  );
  f.bitcode = {
    sideBySide: { meta: { format: 'bc', llvm: [{ version: 19, llvmAs: '/a19', llvmAsVersion: '19.1.7' }, { version: 22, llvmAs: '/a22', llvmAsVersion: '22.1.8' }] }, results },
    inProcess: {
      meta: { iterations: 5, warmup: 2, node: 'v20.0.0', llvm: [{ version: 19, llvmAsVersion: '19.1.7' }, { version: 22, llvmAsVersion: '22.1.8' }] },
      rows: [
        ipRow('1MB', 22, 1, [0.02, 0.01, 0.025, 0.02]),
        ipRow('10MB', 22, 10, [0.1, 0.05, 0.125, 0.2]),
        ipRow('SQLite -O0 -g', 22, 35, [0.5, 0.25, 0.7, 0.7], { kind: 'real', program: 'sqlite' }),
        { input: '100MB', llvm: 22, error: 'read .bc: out of memory' },
      ],
    },
  };
  return f;
}

test('markdown: the bitcode section sits before the batch, with the whole-process and in-process tables', () => {
  const md = reportMarkdown(bitcodeFixture(), { svgName: 'x.svg' });
  const sections = [...md.matchAll(/^##+ (.+)$/gm)].map((m) => m[1]);
  assert.deepEqual(sections, ['Headline', 'Generated modules', 'Real programs', 'Bitcode', 'In process', 'Batch', 'Output differences']);
  const ts = tables(md);
  assert.equal(ts.length, 4 + 4, 'the text tables, then bitcode headline, detail, read, write');
  for (const t of ts) for (const r of t) assert.equal(r.length, t[0].length, r.join(' | '));
  const [, , , bcHead, bcDetail, read, write] = ts;
  assert.deepEqual(bcHead[0], ['input', '.bc MB', '.ll MB', 'pipeline', 'opt-19', 'wopt-19', 'opt-19/wopt-19', 'opt-22', 'wopt-22', 'opt-22/wopt-22', 'outputs']);
  assert.equal(bcHead.length - 2, 4 + 1, 'a row per input and pipeline');
  const h10 = bcHead.find((r) => r[0] === 'generated 10 MB' && r[3] === 'parse+write');
  assert.deepEqual(h10.slice(1, 11), ['1.70', '10', 'parse+write', '0.200 s', '0.400 s', '**0.50×**', '0.200 s', '0.400 s', '**0.50×**', 'identical']);
  assert.equal(bcHead.find((r) => r[0] === 'generated 10 MB' && r[3] === 'mem2reg')[10], 'identical, equivalent');
  const sq = bcHead.find((r) => r[0] === 'SQLite -O0 -g');
  assert.deepEqual(sq.slice(4, 10), ['1.000 s', '0.500 s', '**2.00×**', 'not run: llvm-as-22 failed: boom', '–', '–']);
  // detail: MB/s of the .bc and, in brackets, of its text; the output sizes
  const d = bcDetail.find((r) => r[0] === '10MB' && r[3] === 'parse+write' && r[4] === '22');
  assert.deepEqual(d.slice(5, 18), ['0.200 s', '8.5 (50.0)', '100 MB', '0.400 s', '4.3 (25.0)', '90 MB', '0.50×', '1.11×', '1.60 MB', '1.80 MB', '0.067 s', '–', 'identical']);
  assert.equal(bcDetail.at(-1)[5], 'not run: llvm-as-22 failed: boom');
  // in process: reading beside parsing, writing beside printing
  assert.deepEqual(read.find((r) => r[0] === 'generated 10MB').slice(1), ['22', '10.0', '1.70', '125.0 ms', '80.0', '100.0 ms', '17.0', '100.0', '1.25×']);
  assert.deepEqual(write.find((r) => r[0] === 'generated 10MB').slice(1), ['22', '200.0 ms', '50.0', '50.0 ms', '1.80', '36.0', '200.0', '4.00×', '325.0 ms', '150.0 ms', '2.17×']);
  assert.equal(read.find((r) => r[0] === 'SQLite -O0 -g')[5], '50.0', 'a real program by its label');
  assert.equal(read.find((r) => r[0] === 'generated 100MB')[4], '**error**: read .bc: out of memory');
  assert.match(md, /Bitcode made by llvm-as-19 19\.1\.7 \(`\/a19`\), llvm-as-22 22\.1\.8 \(`\/a22`\)\./);
  // the equivalent bitcode row is named in the notes as a bitcode row
  assert.match(md, /- 10MB \.bc mem2reg, LLVM 22, line 504: opt `%\.01 = phi i32 \[ %1, %3 \], \[ %\.3, %66 \]`/);
});

test('markdown: a failed bitcode part is a line, and a report without one renders as before', () => {
  const f = fixture();
  const before = reportMarkdown(f);
  f.bitcode = null;
  assert.equal(reportMarkdown(f), before);
  f.bitcode = { error: 'no llvm-as for LLVM 22' };
  assert.match(reportMarkdown(f), /## Bitcode\n\nNot run: no llvm-as for LLVM 22\n/);
  f.bitcode = { sideBySide: { error: 'no llvm-dis for LLVM 19' }, inProcess: { error: 'cannot load the core' } };
  const md = reportMarkdown(f);
  assert.match(md, /Whole process not run: no llvm-dis for LLVM 19/);
  assert.match(md, /### In process\n\nNot run: cannot load the core/);
});

test('README block: bitcode whole-process and in-process tables after the headline', () => {
  const f = bitcodeFixture();
  const block = readmeBlock(f, { name: 'n' });
  assert.ok(block.includes(headlineTable(f)));
  assert.ok(block.includes(bitcodeHeadlineTable(f)));
  assert.ok(block.includes(bitcodeSpeedTable(f)));
  assert.ok(block.indexOf(headlineTable(f)) < block.indexOf(bitcodeHeadlineTable(f)));
  const speed = tables(bitcodeSpeedTable(f));
  assert.equal(speed.length, 1);
  assert.deepEqual(speed[0][0], ['input', 'LLVM', '.ll MB', '.bc MB', 'read .bc', 'parse .ll', 'write .bc', 'print .ll']);
  assert.deepEqual(speed[0].find((r) => r[0] === 'generated 10 MB').slice(1),
    ['22', '10', '1.70', '100.0 MB/s (17.0 of .bc)', '80.0 MB/s', '36.0 MB/s of .bc (200.0 of .ll)', '50.0 MB/s']);
  assert.doesNotMatch(readmeBlock(fixture(), { name: 'n' }), /Bitcode/, 'no bitcode lines without bitcode rows');
});

test('svg: a bitcode panel when the report has .bc parse+write rows, at the size of the text', () => {
  const f = bitcodeFixture();
  const svg = reportSvg(f);
  checkXml(svg);
  const panels = [...svg.matchAll(/<g class="panel" data-pipeline="([^"]+)">/g)].map((m) => m[1]);
  assert.deepEqual(panels, ['parse+print', 'mem2reg', 'mergefunc', 'bitcode']);
  const { series, real } = chartData(f);
  const w22 = series.find((s) => s.tool === 'wopt-22' && s.pipeline === BITCODE_PANEL);
  // x: MB of .ll; y: MB/s of .ll (woptWall = size / 25)
  assert.deepEqual(w22.points.map((p) => [p.mb, +p.mbps.toFixed(6)]), [[1, 25], [10, 25]]);
  assert.deepEqual(real.filter((p) => p.pipeline === BITCODE_PANEL).map((p) => [p.tool, p.mb, p.mbps]).sort(), [['opt-19', 35, 35], ['wopt-19', 35, 70]]);
  assert.match(svg, /Bitcode panel: llvm-as-V's \.bc/);
  assert.doesNotMatch(reportSvg(fixture()), /data-pipeline="bitcode"/);
});

// The repository part: both stores' pipeline rows (SQLite -O0 -g per version, a generated module),
// the stores' throughput and the concurrent writers; a store that could not be opened is said.
function repoFixture() {
  const pipe = (llvm, store, first, extra = {}) => ({
    store, llvm, file: 'sqlite3-O0-g.ll', bytes: 36e6, passes: 'repo-metadata,repo-prune,mem2reg', runs: 3, noRepo: 2, first, second: 1.5,
    firstVsNoRepo: first / 2, secondVsNoRepo: 0.75, speedup: first / 1.5, pruned: 4321, repo: { definitions: 5000, metadata: 700, textBytes: 20e6 },
    link: { s: 0.9, sameAsFirst: true }, ...extra,
  });
  const f = fixture();
  f.repo = {
    stores: [{ name: 'sqlite' }, { name: 'postgres' }],
    results: [pipe(19, 'sqlite', 3.25), pipe(19, 'postgres', 3.75), pipe(22, 'sqlite', 3.5), { llvm: 22, store: 'postgres', error: 'connection refused | port 5' }],
    generated: [pipe(22, 'sqlite', 4.52, { bytes: 50e6, file: 'gen.ll', passes: 'repo-metadata,repo-prune,mem2reg,mergefunc' }), pipe(22, 'postgres', 5.52, { bytes: 50e6 })],
    store: { entries: 100000, textBytes: 500, mb: 50, backends: ['sqlite', 'postgres', 'memory'],
      sqlite: { putPerS: 22000, putMBs: 11, putAgainPerS: 90000, lookupPerS: 28000, lookupMBs: 14, lookupNoTextPerS: 171000, missPerS: 300000, openMs: 1.5, fileBytes: 60e6 },
      postgres: { putPerS: 18000, putMBs: 9, putAgainPerS: 80000, lookupPerS: 23000, lookupMBs: 12, lookupNoTextPerS: 94000, missPerS: 200000, openMs: 20, fileBytes: 70e6 },
      memory: { error: 'out of memory' } },
    writers: { counts: [1, 4, 16], modules: 10, entries: 1000, textBytes: 500, stores: ['sqlite', 'postgres'],
      sqlite: { 1: { entriesPerS: 23600, s: 0.42 }, 4: { entriesPerS: 29900, s: 1.3 }, 16: { entriesPerS: 36400, s: 4.4 } },
      postgres: { 1: { entriesPerS: 23100, s: 0.43 }, 4: { entriesPerS: 40100, s: 1 }, 16: { error: 'too many clients' } } },
  };
  return f;
}

test('markdown: the repository section puts the stores side by side, with their throughput and writers', () => {
  const md = reportMarkdown(repoFixture());
  const sec = md.slice(md.indexOf('## Program repository'));
  const end = sec.indexOf('\n## ', 3);
  const body = end < 0 ? sec : sec.slice(0, end);
  // every table row has its header's cell count
  for (const block of body.split('\n\n').filter((b) => b.startsWith('|'))) {
    const lines = block.trim().split('\n');
    const cells = (l) => l.replace(/\\\|/g, '').split('|').length;
    for (const l of lines) assert.equal(cells(l), cells(lines[0]), l);
  }
  assert.match(body, /^\| 19 \| sqlite \| 36\.0 \| 2\.00 s \| 3\.25 s \| 1\.50 s \| 1\.63× \| 0\.75× \| 4321 \| 5000 \/ 700 \| 20\.0 MB \| yes \(0\.90 s\) \|$/m);
  assert.match(body, /^\| 19 \| postgres \| 36\.0 \| 2\.00 s \| 3\.75 s \|/m);
  assert.match(body, /^\| 22 \| postgres \| – \| error: connection refused \\\| port 5 \|/m);
  assert.match(body, /generated module with `-passes=repo-metadata,repo-prune,mem2reg,mergefunc`/);
  assert.match(body, /^\| 22 \| postgres \| 50\.0 \| 2\.00 s \| 5\.52 s \|/m);
  assert.match(body, /^\| postgres \| 18k\/s \(9 MB\/s\) \| 80k\/s \| 23k\/s \(12 MB\/s\) \| 94k\/s \|/m);
  assert.match(body, /^\| memory \| error: out of memory \|/m);
  assert.match(body, /^\| sqlite \| 23,600 \(0\.42 s\) \| 29,900 \(1\.30 s\) \| 36,400 \(4\.40 s\) \|$/m);
  assert.match(body, /^\| postgres \| 23,100 \(0\.43 s\) \| 40,100 \(1\.00 s\) \| error: too many clients \|$/m);
});

test('markdown: a store that could not be opened is named; an older report (SQLite rows, no store) renders as SQLite', () => {
  const f = repoFixture();
  f.repo.stores[1].error = 'no PostgreSQL server (initdb not found)';
  assert.match(reportMarkdown(f), /^Store postgres not measured: no PostgreSQL server \(initdb not found\)$/m);
  const old = fixture();
  old.repo = { results: [{ ...repoFixture().repo.results[0], store: undefined }] };
  const md = reportMarkdown(old);
  assert.match(md, /^\| 19 \| sqlite \| 36\.0 \|/m);
  assert.doesNotMatch(md, /Store throughput|Concurrent writer/);
});
