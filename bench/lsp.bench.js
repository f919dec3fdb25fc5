#!/usr/bin/env node
// The language server's speed and memory, measured through the real server process (`node
// bindings/cli.js lsp --stdio`) spoken to over stdio as an editor would:
//   - open: didOpen of a whole module until its first publishDiagnostics;
//   - edit: a one-character edit inside a function in the middle of the module, the first letter
//     of an instruction's opcode deleted (an error: the reader stops there) and put back (the fix:
//     the whole module reads, verifies and prints again), each timed from didChange to the
//     publishDiagnostics of that version. The server waits SETTLE_MS after the last edit before it
//     reads (server.js), so each time is given as measured and with the settle time subtracted;
//   - memory: the server's RSS (/proc/PID/status) and, from bench/lsp-probe.js loaded into the
//     server with --import, its JS heap after a full GC and the core's WebAssembly memory, with
//     0 (initialized, core not loaded yet), 1, 2 and 4 copies of the module open; memory per
//     document is the growth from 1 to 4 documents over 3.
// Inputs are real programs (clang-V, cached in bench/.cache/real like bench/real.js's): zstd's
// decompress/zstd_ddict.c at -O0 -g (~110 KB of IR), decompress/zstd_decompress.c at -O0 -g
// (~1 MB) and the SQLite amalgamation at -Os (~10 MB).
//
//   node bench/lsp.bench.js [--sizes 100KB,1MB,10MB] [--runs 5] [--docs 1,2,4] [--llvm 22] [--json]
//
// Reports; never fails because the server is slow: a server error or an unexpected diagnostic is a
// cell or a note in the table.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { forEachOption } from './options.js';
import { parseLlvmOne, DEFAULT_LLVM_VERSION } from './llvm.js';
import { compileReal, REAL_PROGRAMS, ZSTD_LIB, ZSTD_FLAGS, FOLDER_LEVELS } from './real.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const CLI = join(ROOT, 'bindings/cli.js');
const PROBE = pathToFileURL(join(HERE, 'lsp-probe.js')).href;
/** The server's settle time (bindings/lsp/server.js SETTLE_MS), subtracted in the "analysis" columns. */
export const SETTLE_MS = Number(/const SETTLE_MS = (\d+);/.exec(readFileSync(join(ROOT, 'bindings/lsp/server.js'), 'utf8'))?.[1] ?? 150);

const sqlite = REAL_PROGRAMS.find(p => p.name === 'sqlite');
const O0g = FOLDER_LEVELS['-O0 -g'];
/** The inputs by size: programs in the form bench/real.js's compileReal takes. */
export const LSP_INPUTS = [
  { size: '100KB', name: 'zstd_ddict', label: 'zstd zstd_ddict.c -O0 -g', level: '-O0 -g', lang: 'c',
    source: () => join(ZSTD_LIB, 'decompress/zstd_ddict.c'), flags: [...ZSTD_FLAGS, ...O0g] },
  { size: '1MB', name: 'zstd_decompress', label: 'zstd zstd_decompress.c -O0 -g', level: '-O0 -g', lang: 'c',
    source: () => join(ZSTD_LIB, 'decompress/zstd_decompress.c'), flags: [...ZSTD_FLAGS, ...O0g] },
  { size: '10MB', name: 'sqlite-Os', label: 'SQLite amalgamation -Os', level: '-Os', lang: 'c',
    source: sqlite.source, flags: ['-w', '-Os'] },
];

const USAGE = `usage: node bench/lsp.bench.js [options]
  --sizes LIST   inputs (default ${LSP_INPUTS.map(x => x.size).join(',')}): ${LSP_INPUTS.map(x => `${x.size} ${x.label}`).join('; ')}
  --runs N       edit pairs (break, fix) timed per input (default 5)
  --docs LIST    open-document counts the memory is sampled at (default 1,2,4)
  --llvm V       the LLVM version: clang-V compiles the inputs, the server follows V (default ${DEFAULT_LLVM_VERSION})
  --json         print JSON instead of the markdown tables`;

export function parseArgs(argv) {
  const o = { sizes: LSP_INPUTS.map(x => x.size), runs: 5, docs: [1, 2, 4], llvm: DEFAULT_LLVM_VERSION, json: false };
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--sizes': o.sizes = val().split(',').map(s => s.trim()).filter(Boolean); break;
      case '--runs': o.runs = Math.max(1, parseInt(val(), 10)); break;
      case '--docs': o.docs = [...new Set(val().split(',').map(s => parseInt(s, 10)).filter(n => n >= 1))].sort((x, y) => x - y); break;
      case '--llvm': o.llvm = parseLlvmOne(val()); break;
      case '--json': o.json = true; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  for (const s of o.sizes) if (!LSP_INPUTS.some(x => x.size === s)) throw new Error(`--sizes: no input '${s}' (${LSP_INPUTS.map(x => x.size).join(', ')})`);
  if (!o.docs.length) throw new Error('--docs: at least one count');
  return o;
}

// ---- the server process and the protocol ----

class Server {
  constructor() {
    this.proc = spawn(process.execPath, ['--expose-gc', '--import', PROBE, CLI, 'lsp', '--stdio'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    this.chunks = []; this.have = 0;
    this.nextId = 1; this.replies = new Map(); this.waiters = [];
    this.stderr = ''; this.memoryWaiters = [];
    this.proc.stdout.on('data', d => { this.chunks.push(d); this.have += d.length; this.#drain(); });
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', d => {
      this.stderr += d;
      for (let i; (i = this.stderr.indexOf('\n')) >= 0;) {
        const line = this.stderr.slice(0, i);
        this.stderr = this.stderr.slice(i + 1);
        if (line.startsWith('wopt-lsp-memory ')) this.memoryWaiters.shift()?.(JSON.parse(line.slice(16)));
        else if (line.trim()) this.errors = `${this.errors ?? ''}${line}\n`;
      }
    });
    this.exited = new Promise(r => this.proc.on('exit', (code, signal) => r({ code, signal })));
    this.exited.then(() => { for (const w of this.waiters) w.fail(new Error(`the server exited${this.errors ? `: ${this.errors.split('\n')[0]}` : ''}`)); });
  }
  #drain() {
    for (;;) {
      const buf = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
      this.chunks = [buf];
      const h = buf.indexOf('\r\n\r\n');
      if (h < 0) return;
      const len = Number(/Content-Length: (\d+)/i.exec(buf.subarray(0, h).toString())[1]);
      if (buf.length < h + 4 + len) return;
      const m = JSON.parse(buf.subarray(h + 4, h + 4 + len).toString());
      this.chunks = [buf.subarray(h + 4 + len)];
      const at = performance.now();
      if (m.id !== undefined && !m.method) { this.replies.get(m.id)?.(m); this.replies.delete(m.id); continue; }
      if (m.id !== undefined) { this.#send({ id: m.id, result: null }); continue; }
      this.waiters = this.waiters.filter(w => !w.take(m, at));
    }
  }
  #send(m) {
    const s = JSON.stringify({ jsonrpc: '2.0', ...m });
    this.proc.stdin.write(`Content-Length: ${Buffer.byteLength(s)}\r\n\r\n${s}`);
  }
  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.replies.set(id, m => (m.error ? reject(new Error(m.error.message)) : resolve(m.result)));
      this.#send({ id, method, params });
    });
  }
  notify(method, params) { this.#send({ method, params }); }
  // the diagnostics of `uri` at `version` and when they arrived (performance.now())
  diagnostics(uri, version) {
    return new Promise((resolve, reject) => this.waiters.push({
      take: (m, at) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri && m.params.version === version && (resolve({ diagnostics: m.params.diagnostics, at }), true),
      fail: reject,
    }));
  }
  // RSS and peak RSS from /proc, then the probe's heap and WebAssembly memory, then RSS again
  // (after the probe's full GC, which steadies it)
  async memory() {
    const kb = (status, k) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    const status = () => readFileSync(`/proc/${this.proc.pid}/status`, 'utf8');
    const before = status();
    const probe = new Promise(r => this.memoryWaiters.push(r));
    this.proc.kill('SIGUSR2');
    const p = await probe;
    const after = status();
    return { rss: kb(before, 'VmRSS'), rssAfterGc: kb(after, 'VmRSS'), peakRss: kb(after, 'VmHWM'), heapUsed: p.after.heapUsed, heapBeforeGc: p.before.heapUsed,
      gc: p.gc, external: p.after.external, arrayBuffers: p.after.arrayBuffers, wasm: p.wasm.reduce((s, n) => s + n, 0) };
  }
  async close() {
    try { await this.request('shutdown'); this.notify('exit'); } catch { this.proc.kill(); }
    return this.exited;
  }
}

// ---- the edit ----

const INSTRUCTION = /^ {2}(?:%[-\w.$]+ = )?([a-z])[a-z]/;
/**
 * Where the edit goes: the first instruction of the middle function of `text` (by order of
 * definition; an -O0 -g module's second half is mostly debug metadata, so not the middle byte):
 * { line, character, letter, fn } — the opcode's first letter at 0-based `line`, `character`.
 */
export function editPoint(text) {
  const lines = text.split('\n');
  const defines = [];
  lines.forEach((l, i) => { if (l.startsWith('define ')) defines.push(i); });
  for (const d of [...defines.slice(defines.length >> 1), ...defines.slice(0, defines.length >> 1)]) {
    for (let i = d + 1; i < lines.length && !lines[i].startsWith('}'); i++) {
      const m = INSTRUCTION.exec(lines[i]);
      if (m) return { line: i, character: m[0].length - 2, letter: m[1], fn: /@("[^"]*"|[-\w.$]+)/.exec(lines[d])?.[1] ?? '?' };
    }
  }
  return null;
}

const median = xs => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// One input through one server process: open (timed), the memory at each count of open copies,
// and the timed edit pairs on the first copy (while one copy is open).
async function benchInput(input, file, o, log) {
  const text = readFileSync(file, 'utf8');
  const at = editPoint(text);
  if (!at) return { error: 'no instruction to edit found' };
  const server = new Server();
  const out = { bytes: Buffer.byteLength(text), lines: text.split('\n').length, edit: { line: at.line + 1, fn: at.fn, letter: at.letter }, open: [], break: [], fix: [], memory: [], unexpected: [] };
  try {
    await server.request('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: { llvmVersion: o.llvm } });
    server.notify('initialized', {});
    out.memory.push({ docs: 0, ...await server.memory() });
    const uri = k => `file:///bench/lsp/${input.name}-${k}.ll`;
    let opened = 0, baseline = null;
    const open = async () => {
      const k = ++opened;
      const wait = server.diagnostics(uri(k), 1);
      const t0 = performance.now();
      server.notify('textDocument/didOpen', { textDocument: { uri: uri(k), languageId: 'llvm', version: 1, text } });
      const r = await wait;
      out.open.push(r.at - t0);
      baseline ??= r.diagnostics.map(d => d.message);
    };
    const maxDocs = Math.max(...o.docs);
    await open();
    log(`  ${input.size}: opened in ${Math.round(out.open[0])} ms${baseline.length ? ` (${baseline.length} diagnostics: ${baseline[0]})` : ''}; ${o.runs} edit pairs at line ${at.line + 1} (@${at.fn})`);
    const range = { start: { line: at.line, character: at.character }, end: { line: at.line, character: at.character + 1 } };
    const insert = { start: range.start, end: range.start };
    let version = 1;
    const edit = async (change, kind) => {
      const v = ++version;
      const wait = server.diagnostics(uri(1), v);
      const t0 = performance.now();
      server.notify('textDocument/didChange', { textDocument: { uri: uri(1), version: v }, contentChanges: [change] });
      const r = await wait;
      out[kind].push(r.at - t0);
      const msgs = r.diagnostics.map(d => d.message);
      if (kind === 'break') {
        out.breakMessage ??= msgs[0] ?? null;
        if (!msgs.length) out.unexpected.push(`version ${v}: the broken text has no diagnostic`);
      } else if (JSON.stringify(msgs) !== JSON.stringify(baseline)) out.unexpected.push(`version ${v}: the fixed text has ${msgs.length} diagnostics, the original ${baseline.length}`);
    };
    for (let i = 0; i < o.runs; i++) {
      await edit({ range, text: '' }, 'break');
      await edit({ range: insert, text: at.letter }, 'fix');
    }
    for (let k = 1; k <= maxDocs; k++) {
      if (k > opened) await open();
      if (o.docs.includes(k)) out.memory.push({ docs: k, ...await server.memory() });
    }
    await server.close();
  } catch (e) {
    server.proc.kill();
    out.error = e.message.split('\n')[0];
  }
  if (server.errors) out.serverStderr = server.errors.split('\n').slice(0, 3).join(' / ');
  return out;
}

/** Runs the bench: { meta, results: [{ size, label, file, bytes, open, break, fix, memory, ... }] }. */
export async function runLsp(o, log = m => process.stderr.write(m + '\n')) {
  const meta = { llvm: o.llvm, runs: o.runs, docs: o.docs, settleMs: SETTLE_MS, node: process.version };
  const results = [];
  for (const input of LSP_INPUTS.filter(x => o.sizes.includes(x.size))) {
    const c = compileReal(input, o.llvm, { log });
    if (!c.path) { results.push({ size: input.size, label: input.label, error: c.missing ?? c.error }); continue; }
    log(`language server: ${input.label} (${(c.bytes / 1e6).toFixed(2)} MB), clang ${c.clangVersion}`);
    const r = await benchInput(input, c.path, o, log);
    results.push({ size: input.size, label: input.label, file: c.path.replace(/^.*\//, ''), clangVersion: c.clangVersion, ...r,
      firstOpen: r.open?.[0] ?? null, openMedian: median(r.open?.slice(1) ?? []), breakMedian: median(r.break ?? []), fixMedian: median(r.fix ?? []) });
  }
  return { meta, results };
}

// ---- the tables ----

const ms = x => (x == null ? '–' : `${Math.round(x)}`);
const mb = x => (x == null || Number.isNaN(x) ? '–' : (x / 2 ** 20).toFixed(1));

/** The bench's result as markdown lines: the latency table, the memory table, notes. */
export function lspMarkdown({ meta, results }) {
  const settle = meta.settleMs;
  const out = [`Through \`node bindings/cli.js lsp --stdio\` (LLVM ${meta.llvm}), median of ${meta.runs} edit pair${meta.runs === 1 ? '' : 's'}; ` +
    `times in ms from the client's didChange to the publishDiagnostics of that version. "as measured" includes the server's ${settle} ms settle ` +
    `time after the last edit; "analysis" subtracts it. The edit deletes the first letter of an instruction's opcode in a function in the middle ` +
    'of the module (the reader stops at that line) and puts it back (the whole module reads, verifies and prints again):', '',
    '| input | MB | first open (loads the core) | open, later copies | error edit, as measured | error edit, analysis | fix edit, as measured | fix edit, analysis |',
    '|---|---:|---:|---:|---:|---:|---:|---:|'];
  const notes = [];
  for (const r of results) {
    if (r.error && !r.open?.length) { out.push(`| ${r.label} | – | error: ${r.error} | | | | | |`); continue; }
    const less = x => (x == null ? null : x - settle);
    out.push(`| ${r.label} | ${(r.bytes / 1e6).toFixed(2)} | ${ms(r.firstOpen)} | ${ms(r.openMedian)} | ${ms(r.breakMedian)} | ${ms(less(r.breakMedian))} | ${ms(r.fixMedian)} | ${ms(less(r.fixMedian))} |`);
    if (r.edit) notes.push(`${r.label}: the edit at line ${r.edit.line} (in @${r.edit.fn}); the error edit's diagnostic: ${r.breakMessage ?? '–'}`);
    if (r.error) notes.push(`${r.label}: error: ${r.error}`);
    for (const u of r.unexpected ?? []) notes.push(`${r.label}: ${u}`);
    if (r.serverStderr) notes.push(`${r.label}: the server's stderr: ${r.serverStderr}`);
  }
  const counts = [...new Set(results.flatMap(r => (r.memory ?? []).map(m => m.docs)))].sort((a, b) => a - b);
  const hi = Math.max(...counts);
  out.push('', 'Memory of the server process (MiB) with N copies of the module open (0: initialized, the core not loaded yet): ' +
    'RSS from /proc after a full GC (in brackets: just before it); heap: V8\'s heap in use after the GC; wasm: the core\'s ' +
    `WebAssembly memory; per document: (${hi} open − 1 open) / ${hi - 1}, of the RSS and of the heap after the GC:`, '');
  out.push(`| input | ${counts.map(n => `RSS, ${n} open`).join(' | ')} | peak RSS | heap, ${counts.join(' / ')} open | wasm, ${counts.join(' / ')} open | per document: RSS | per document: heap |`,
    `|---|${counts.map(() => '---:').join('|')}|---:|---:|---:|---:|---:|`);
  for (const r of results) {
    const m = r.memory ?? [];
    if (!m.length) continue;
    const at = n => m.find(x => x.docs === n);
    const lo = at(1), top = m.at(-1);
    const per = k => (lo && top && top.docs > 1 ? (top[k] - lo[k]) / (top.docs - lo.docs) : null);
    const rss = x => (x ? `${mb(x.rssAfterGc)} (${mb(x.rss)})` : '–');
    out.push(`| ${r.label} | ${counts.map(n => rss(at(n))).join(' | ')} | ${mb(Math.max(...m.map(x => x.peakRss)))} | ${counts.map(n => mb(at(n)?.heapUsed)).join(' / ')} | ` +
      `${counts.map(n => mb(at(n)?.wasm)).join(' / ')} | ${mb(per('rssAfterGc'))} | ${mb(per('heapUsed'))} |`);
  }
  if (notes.length) out.push('', ...notes.map(n => `- ${n}`));
  return out;
}

export async function main(argv = process.argv.slice(2)) {
  let o;
  try { o = parseArgs(argv); } catch (e) { console.error(e.message); return 2; }
  if (o.help) { console.log(USAGE); return 0; }
  const r = await runLsp(o);
  if (o.json) console.log(JSON.stringify(r, null, 2));
  else console.log(lspMarkdown(r).join('\n'));
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
