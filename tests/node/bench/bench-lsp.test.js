// The language-server bench's pure parts (bench/lsp.bench.js): where its edit goes, its options,
// and its tables on fixed numbers (also as a section of the full report). No process is timed here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { editPoint, lspMarkdown, parseArgs, LSP_INPUTS, SETTLE_MS } from '../../../bench/lsp.bench.js';
import { reportMarkdown } from '../../../bench/report-render.js';

test('the edit goes to the first instruction of the middle function, its opcode\'s first letter', () => {
  const fn = (name, body) => `define void @${name}(ptr %p) {\nentry:\n${body}\n  ret void\n}\n`;
  const text = [
    fn('a', '  %x = load i32, ptr %p, align 4'),
    fn('b', '  store i32 1, ptr %p, align 4'),
    fn('c', '  %y = add i32 1, 2'),
    // an -O0 -g module's back half: metadata only
    ...Array.from({ length: 50 }, (_, i) => `!${i} = !{i32 ${i}}`),
  ].join('\n');
  const at = editPoint(text);
  assert.deepEqual(at, { line: 8, character: 2, letter: 's', fn: 'b' });
  assert.equal(text.split('\n')[at.line], '  store i32 1, ptr %p, align 4');
  const named = editPoint('define i32 @"q r"() {\n  %v = add i32 1, 2\n  ret i32 %v\n}\n');
  assert.deepEqual(named, { line: 1, character: 7, letter: 'a', fn: '"q r"' });
  assert.equal(editPoint('declare void @f()\n'), null);
});

test('options: sizes are the inputs\', document counts sorted', () => {
  const o = parseArgs(['--sizes', '1MB', '--docs', '4,1,2,2', '--runs', '3']);
  assert.deepEqual([o.sizes, o.docs, o.runs], [['1MB'], [1, 2, 4], 3]);
  assert.deepEqual(parseArgs([]).sizes, LSP_INPUTS.map(x => x.size));
  assert.throws(() => parseArgs(['--sizes', '5MB']), /no input '5MB'/);
  assert.throws(() => parseArgs(['--frob']), /unknown option --frob/);
  assert.equal(SETTLE_MS, 150, "the server's settle time, read from server.js");
});

const MiB = 2 ** 20;
const mem = (docs, rss, heap, wasm) => ({ docs, rss: rss * MiB + MiB, rssAfterGc: rss * MiB, peakRss: (rss + 5) * MiB, heapUsed: heap * MiB, wasm: wasm * MiB });
const result = {
  meta: { llvm: 22, runs: 3, docs: [1, 2, 4], settleMs: 150 },
  results: [
    { size: '1MB', label: 'zstd x.c -O0 -g', bytes: 1.04e6, firstOpen: 300, openMedian: 190, breakMedian: 160, fixMedian: 190.4,
      edit: { line: 6208, fn: 'f', letter: 'a' }, breakMessage: 'expected instruction opcode', unexpected: [],
      memory: [mem(0, 60, 6, 0), mem(1, 80, 9, 16), mem(2, 82, 11, 16), mem(4, 86, 15, 16)] },
    { size: '10MB', label: 'SQLite -Os', error: 'clang-22 not installed' },
  ],
};

test('the tables: times as measured and less the settle time, memory per document', () => {
  const md = lspMarkdown(result).join('\n');
  assert.match(md, /\| zstd x\.c -O0 -g \| 1\.04 \| 300 \| 190 \| 160 \| 10 \| 190 \| 40 \|/);
  assert.match(md, /\| SQLite -Os \| – \| error: clang-22 not installed \|/);
  // RSS after the GC (before it), peak, heap and wasm per count, then (4 − 1) / 3 of RSS and heap
  assert.match(md, /\| zstd x\.c -O0 -g \| 60\.0 \(61\.0\) \| 80\.0 \(81\.0\) \| 82\.0 \(83\.0\) \| 86\.0 \(87\.0\) \| 91\.0 \| 6\.0 \/ 9\.0 \/ 11\.0 \/ 15\.0 \| 0\.0 \/ 16\.0 \/ 16\.0 \/ 16\.0 \| 2\.0 \| 2\.0 \|/);
  assert.match(md, /per document: \(4 open − 1 open\) \/ 3/);
  assert.match(md, /the edit at line 6208 \(in @f\); the error edit's diagnostic: expected instruction opcode/);
});

test('the full report has a language-server section when the bench ran', () => {
  const meta = { date: '2025-01-02', versions: [22], machine: { cores: 2, loadStart: [0], loadEnd: [0] }, tools: [] };
  assert.match(reportMarkdown({ meta, lsp: result }), /## Language server\n\nThrough `node bindings\/cli\.js lsp --stdio`/);
  assert.match(reportMarkdown({ meta, lsp: { error: 'boom' } }), /## Language server\n\nNot run: boom/);
  assert.doesNotMatch(reportMarkdown({ meta }), /Language server/);
});
