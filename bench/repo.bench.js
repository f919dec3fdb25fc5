#!/usr/bin/env node
// Program repository benchmarks, each through the SQLite file store and the PostgreSQL store side
// by side (--stores):
//
//  1. pipeline: the whole pipeline with a repository through the CLI, first run (empty repository:
//     everything optimised, printed and stored) against second run (same input: every definition's
//     digest is in the repository, so it is pruned, not optimised and not printed again), on a
//     module from bench/gen.js. Also the same pipeline without the repository passes, and
//     `wopt repo link` of the second output (is it the first run's module again?).
//       wopt -S --repo=R -passes=repo-metadata,repo-prune,mem2reg,mergefunc in.ll -o out.ll
//  2. store: repository throughput in process (bindings/repo/store.js): putModule and lookup
//     entries/s and MB/s, with the in-memory backend beside them.
//  3. writers: 1, 4 and 16 writer processes (bench/repo-writer.js) storing distinct modules into
//     one new repository at once: entries/s of them all, from the start signal to the last exit.
//
//   node bench/repo.bench.js [--size 50MB | --input FILE | --program sqlite] [--runs 3] [--llvm 22] [--entries 100K] [--text 500]
//                            [--stores sqlite,postgres] [--pg URL] [--writers 1,4,16] [--json]
//
// PostgreSQL: a throwaway cluster of Debian's binaries (tests/node/pg-server.js, with PostgreSQL's
// default fsync and commit settings) unless --pg names a server; every measurement gets a new
// schema (search_path), dropped after it. Without a server its cells are errors.
// The pipeline runs pass --llvm-version=V (--llvm V, default wopt's own).
// Ratios: "speedup" = first / second (> 1: the second run is faster; the goal is >= 2); each run
// against the same pipeline without the repository passes (what the repository costs).
// Benchmarks report; they never fail: a missing feature or a failing run shows as an error cell.

import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateToFile, parseSize, GEN_VERSION } from './gen.js';
import { forEachOption } from './options.js';
import { parseLlvmOne, llvmUsage, DEFAULT_LLVM_VERSION } from './llvm.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const CACHE = join(HERE, '.cache');
const CLI = join(ROOT, 'bindings/cli.js');

const USAGE = `usage: node bench/repo.bench.js [options]
  --size S          generated module size for the pipeline runs (default 50MB)
  --input FILE      a .ll file instead of a generated one
  --program NAME    a real program instead (bench/real.js: sqlite is the amalgamation at -O0 -g,
                    compiled by clang of --llvm and cached)
  --passes P        the pipeline (default repo-metadata,repo-prune,mem2reg,mergefunc)
  --runs N          first/second run pairs, each on a new repository (default 3)
  --seed N --dup F  generator options (default 1, 0.3)
${llvmUsage({ compare: false, one: true })}
  --entries N       entries per module for the store throughput (default 100K)
  --text N          IR text bytes per entry for the store throughput (default 500)
  --store-runs N    store measurements, median reported (default 3)
  --stores LIST     the stores measured, of sqlite and postgres (default both)
  --pg URL          a PostgreSQL server to measure on (its database gets a schema per measurement,
                    dropped after it; default: a throwaway cluster of /usr/lib/postgresql/<v>/bin)
  --writers LIST    concurrent writer processes (default 1,4,16)
  --writer-modules N  modules each writer stores, a transaction each (default 10)
  --writer-entries N  entries per module of a writer (default 1000; text as --text)
  --no-pipeline     leave the pipeline runs out
  --no-store        leave the in-process store throughput out
  --no-writers      leave the concurrent writers out
  --timeout S       per-process timeout in seconds (default 900)
  --json            JSON instead of markdown`;

export function parseArgs(argv) {
  const o = { size: '50MB', input: null, program: null, passes: 'repo-metadata,repo-prune,mem2reg,mergefunc', runs: 3, seed: 1, dup: 0.3, llvm: DEFAULT_LLVM_VERSION,
    entries: 100_000, text: 500, storeRuns: 3, pipeline: true, store: true, timeout: 900, json: false, help: false,
    stores: ['sqlite', 'postgres'], pg: null, writers: [1, 4, 16], writerModules: 10, writerEntries: 1000, writersOn: true };
  forEachOption(argv, (key, val, a) => {
    const count = s => Math.round(Number(String(s).replace(/k$/i, 'e3').replace(/m$/i, 'e6')));
    switch (key) {
      case '--size': o.size = val(); break;
      case '--input': o.input = val(); break;
      case '--program': o.program = val(); break;
      case '--passes': o.passes = val(); break;
      case '--runs': o.runs = Math.max(1, count(val())); break;
      case '--seed': o.seed = Number(val()); break;
      case '--dup': o.dup = Number(val()); break;
      case '--llvm': o.llvm = parseLlvmOne(val()); break;
      case '--entries': o.entries = Math.max(1, count(val())); break;
      case '--text': o.text = Math.max(1, count(val())); break;
      case '--store-runs': o.storeRuns = Math.max(1, count(val())); break;
      case '--no-pipeline': o.pipeline = false; break;
      case '--no-store': o.store = false; break;
      case '--no-writers': o.writersOn = false; break;
      case '--stores': o.stores = val().split(',').filter(Boolean); break;
      case '--pg': o.pg = val(); break;
      case '--writers': o.writers = val().split(',').map(count).filter(n => n > 0); break;
      case '--writer-modules': o.writerModules = Math.max(1, count(val())); break;
      case '--writer-entries': o.writerEntries = Math.max(1, count(val())); break;
      case '--timeout': o.timeout = Number(val()); break;
      case '--json': o.json = true; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  return o;
}

const median = xs => {
  const s = xs.filter(x => x != null && Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = s.length >> 1;
  return s.length & 1 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const firstLine = s => (s || '').split('\n').map(x => x.trim()).find(Boolean) ?? '';
const fmt = (x, d = 2) => (x == null ? '–' : x.toFixed(d));
const rmRepo = f => { for (const s of ['', '-wal', '-shm']) rmSync(f + s, { force: true }); };

// ---------------------------------------------------------------------------------------------
// The stores: each makes a new, empty repository per measurement (fresh(tag) -> spec) and removes
// it (drop(spec)); `error` when it cannot be measured here.

export function sqliteStore() {
  const dir = join(CACHE, 'repo');
  return {
    name: 'sqlite',
    fresh: async tag => { mkdirSync(dir, { recursive: true }); const f = join(dir, `${tag}-${process.pid}.db`); rmRepo(f); return f; },
    drop: async f => rmRepo(f),
    close: async () => {},
  };
}

/** PostgreSQL: the server at `url`, or a throwaway cluster (durable settings) when url is null. */
export async function postgresStore(url, log) {
  let server = null;
  if (!url) {
    const { postgresForTests } = await import('../tests/node/pg-server.js');
    const r = await postgresForTests({ own: true, durable: true });
    if (!r.server) return { name: 'postgres', error: (r.skip ?? r.fail).replace(/; WOPT_REQUIRE_POSTGRES.*$/, '') };
    server = r.server;
    url = server.url('postgres');
    log(`postgres: a throwaway cluster on port ${server.port} (${server.bin})`);
  }
  const { default: pg } = await import('pg');
  const admin = async sql => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {});
    await c.connect();
    try { await c.query(sql); } finally { await c.end(); }
  };
  const schemas = new Map();
  let n = 0;
  return {
    name: 'postgres',
    async fresh(tag) {
      const schema = `wopt_bench_${tag}_${process.pid}_${n++}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
      await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
      const u = new URL(url);
      u.searchParams.set('options', `-c search_path=${schema}`);
      schemas.set(u.href, schema);
      return u.href;
    },
    async drop(spec) { const schema = schemas.get(spec); if (schema) await admin(`DROP SCHEMA ${schema} CASCADE`); schemas.delete(spec); },
    async close() { server?.destroy(); },
  };
}

/** The stores of o.stores (parseArgs), each as above or { name, error }. */
export async function openStores(o, log) {
  const out = [];
  for (const name of o.stores) {
    if (name === 'sqlite') out.push(sqliteStore());
    else if (name === 'postgres') {
      try { out.push(await postgresStore(o.pg, log)); } catch (e) { out.push({ name, error: firstLine(e.message) }); }
    } else out.push({ name, error: `unknown store '${name}' (sqlite, postgres)` });
  }
  for (const s of out) if (s.error) log(`${s.name}: ${s.error}`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// 1. pipeline: first vs second run through the CLI

async function input(o, log) {
  if (o.input) return resolve(o.input);
  if (o.program) {
    const { REAL_PROGRAMS, compileReal } = await import('./real.js');
    const p = REAL_PROGRAMS.find(x => x.name === o.program);
    if (!p) throw new Error(`unknown program '${o.program}' (known: ${REAL_PROGRAMS.map(x => x.name).join(', ')})`);
    const c = compileReal(p, o.llvm, { log, timeout: o.timeout });
    if (!c.path) throw new Error(c.missing ?? c.error);
    return c.path;
  }
  mkdirSync(CACHE, { recursive: true });
  const path = join(CACHE, `gen-v${GEN_VERSION}-${o.size}-s${o.seed}-d${o.dup}.ll`);
  if (!existsSync(path)) {
    log(`generating ${path} ...`);
    generateToFile(path + '.tmp', { size: parseSize(o.size), seed: o.seed, dup: o.dup });
    renameSync(path + '.tmp', path);
  }
  return path;
}

function wopt(args, o) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: o.timeout * 1000, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 << 20 });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.error || r.status !== 0) return { ok: false, s, error: r.error?.code === 'ETIMEDOUT' ? `timeout after ${o.timeout} s` : firstLine(r.stderr) || `exit ${r.status ?? r.signal}` };
  return { ok: true, s, stderr: r.stderr };
}

const countMatches = (file, re) => { try { return (readFileSync(file, 'latin1').match(re) ?? []).length; } catch { return null; } };

/**
 * The first/second run pair of the repository pipeline (see the top); `o` as parseArgs makes it;
 * `store` one of the stores above (default: an SQLite file).
 */
export async function runPipeline(o, log, store = sqliteStore()) {
  const inFile = await input(o, log);
  const bytes = statSync(inFile).size;
  const dir = join(CACHE, 'repo');
  mkdirSync(dir, { recursive: true });
  let db = null;
  const out1 = join(dir, 'first.ll'), out2 = join(dir, 'second.ll'), base = join(dir, 'norepo.ll'), linked = join(dir, 'linked.ll');
  // The same pipeline without the repository passes (a leading function pass is nested explicitly,
  // as opt would otherwise nest the whole pipeline in function(...)).
  const plain = o.passes.split(',').filter(p => !p.startsWith('repo-')).map(p => (p === 'mem2reg' ? 'function(mem2reg)' : p)).join(',');
  const rows = [];
  for (let r = 0; r < o.runs; r++) {
    if (db) await store.drop(db);
    db = await store.fresh('pipeline');
    const b = wopt([`--llvm-version=${o.llvm}`, '-S', `-passes=${plain}`, inFile, '-o', base], o);
    const f = wopt([`--llvm-version=${o.llvm}`, '-S', `--repo=${db}`, `-passes=${o.passes}`, inFile, '-o', out1], o);
    const s = f.ok ? wopt([`--llvm-version=${o.llvm}`, '-S', `--repo=${db}`, `-passes=${o.passes}`, inFile, '-o', out2], o) : { ok: false, error: 'first run failed' };
    log(`${store.name} run ${r + 1}: no repo ${fmt(b.s)} s, first ${f.ok ? fmt(f.s) : f.error}, second ${s.ok ? fmt(s.s) : s.error}`);
    rows.push({ base: b, first: f, second: s });
    if (!f.ok) break;
  }
  const ok = rows.filter(x => x.first.ok && x.second.ok);
  const res = {
    store: store.name, input: inFile, bytes, passes: o.passes, llvm: o.llvm, runs: rows.length,
    noRepo: median(rows.filter(x => x.base.ok).map(x => x.base.s)),
    first: median(ok.map(x => x.first.s)), second: median(ok.map(x => x.second.s)),
    error: rows.find(x => !x.first.ok)?.first.error ?? rows.find(x => !x.second.ok)?.second.error ?? rows.find(x => !x.base.ok)?.base.error ?? null,
  };
  res.speedup = res.first && res.second ? res.first / res.second : null;
  res.firstVsNoRepo = res.first && res.noRepo ? res.first / res.noRepo : null;
  res.secondVsNoRepo = res.second && res.noRepo ? res.second / res.noRepo : null;
  if (ok.length) {
    res.definitionsFirst = countMatches(out1, /^(define |@[^=]*= )/gm);
    res.pruned = countMatches(out2, /pruned: true/g);
    res.outBytesFirst = statSync(out1).size;
    res.outBytesSecond = statSync(out2).size;
    try {
      const { repoStats } = await import('../bindings/repo/stats.js');
      res.repo = await repoStats(db);
    } catch (e) { res.repo = { error: e.message }; }
    const l = wopt(['repo', 'link', `--llvm-version=${o.llvm}`, `--repo=${db}`, out2, '-o', linked], o);
    res.link = l.ok ? { s: l.s, sameAsFirst: readFileSync(linked).equals(readFileSync(out1)) } : { error: l.error };
  }
  await store.drop(db);
  return res;
}

// ---------------------------------------------------------------------------------------------
// 2. store throughput in process

function entries(seed, count, textBytes) {
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    const name = `m${seed}_d${i}`;
    let pad = '';
    for (let k = 0; pad.length < textBytes; k++) pad += `  %v${k} = add i32 %a, ${seed * 31 + i + k}\n`;
    const text = `define i32 @${name}(i32 %a) {\n${pad}  ret i32 %a\n}\n`;
    out[i] = { digest: createHash('sha256').update(text).digest('hex').slice(0, 32), name, kind: i % 5 === 4 ? 'variable' : 'function',
      linkage: 'external', visibility: 'default', text, dependents: i ? [{ name: out[i - 1].name, digest: out[i - 1].digest }] : [] };
  }
  return out;
}

export async function runStore(o, log, stores) {
  const { openRepository } = await import('../bindings/repo/store.js');
  const mod = entries(1, o.entries, o.text);
  const misses = entries(2, o.entries, 8).map(e => e.digest);
  const digests = mod.map(e => e.digest);
  const mb = mod.reduce((n, e) => n + Buffer.byteLength(e.text), 0) / 1e6;
  const time = async fn => { const t = process.hrtime.bigint(); await fn(); return Number(process.hrtime.bigint() - t) / 1e9; };
  const results = {};
  for (const store of [...stores, { name: 'memory', fresh: async () => ':memory:', drop: async () => {} }]) {
    if (store.error) { results[store.name] = { error: store.error }; continue; }
    const m = { put: [], putAgain: [], lookup: [], lookupNoText: [], miss: [], reopen: [] };
    try {
      for (let r = 0; r < o.storeRuns; r++) {
        const spec = await store.fresh('store');
        const repo = await openRepository(spec);
        m.put.push(await time(() => repo.putModule(mod)));
        m.putAgain.push(await time(() => repo.putModule(mod)));
        let hits = 0;
        m.lookup.push(await time(async () => { hits = (await repo.lookup(digests)).size; }));
        if (hits !== mod.length) throw new Error(`${store.name}: lookup found ${hits} of ${mod.length}`);
        m.lookupNoText.push(await time(() => repo.lookup(digests, { text: false })));
        m.miss.push(await time(() => repo.lookup(misses)));
        await repo.close();
        if (store.name !== 'memory') {
          m.reopen.push(await time(async () => (await openRepository(spec)).close()));
          m.bytes = (await (await import('../bindings/repo/stats.js')).repoStats(spec)).bytes;
        }
        await store.drop(spec);
      }
    } catch (e) { results[store.name] = { error: firstLine(e.message) }; log(`store ${store.name}: ${e.message}`); continue; }
    const rate = xs => o.entries / median(xs);
    results[store.name] = {
      putPerS: rate(m.put), putMBs: mb / median(m.put), putAgainPerS: rate(m.putAgain),
      lookupPerS: rate(m.lookup), lookupMBs: mb / median(m.lookup), lookupNoTextPerS: rate(m.lookupNoText), missPerS: rate(m.miss),
      openMs: m.reopen.length ? median(m.reopen) * 1e3 : null, fileBytes: m.bytes ?? null,
    };
    log(`store ${store.name}: put ${Math.round(results[store.name].putPerS)}/s, lookup ${Math.round(results[store.name].lookupPerS)}/s`);
  }
  return { entries: o.entries, textBytes: o.text, mb, backends: Object.keys(results), ...results };
}

// ---------------------------------------------------------------------------------------------
// 3. concurrent writer processes

const WRITER = join(HERE, 'repo-writer.js');

// `n` writers on one new repository: all open it and build their entries, then store at one signal.
async function writersOnce(spec, n, o) {
  const kids = Array.from({ length: n }, (_, i) => {
    const child = spawn(process.execPath, [WRITER, spec, String(i + 1), String(o.writerModules), String(o.writerEntries), String(o.text)], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '', err = '';
    child.stdout.on('data', d => { out += d; });
    child.stderr.on('data', d => { err += d; });
    const ready = new Promise((resolve, reject) => {
      child.stdout.on('data', () => { if (out.includes('ready')) resolve(); });
      child.on('exit', code => reject(new Error(firstLine(err) || `writer exited ${code} before it was ready`)));
    });
    const exit = new Promise(resolve => child.on('exit', code => resolve({ code, err, out })));
    return { child, ready, exit };
  });
  try {
    await Promise.all(kids.map(k => k.ready));
  } catch (e) {
    for (const k of kids) k.child.kill();
    throw e;
  }
  const t0 = process.hrtime.bigint();
  for (const k of kids) k.child.stdin.write('go\n');
  const ends = await Promise.all(kids.map(k => k.exit));
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  const bad = ends.find(e => e.code !== 0 || !e.out.includes('done'));
  if (bad) throw new Error(firstLine(bad.err) || `a writer exited ${bad.code}`);
  return s;
}

export async function runWriters(o, log, stores) {
  const { repoStats } = await import('../bindings/repo/stats.js');
  const results = {};
  for (const store of stores) {
    results[store.name] = {};
    for (const n of o.writers) {
      if (store.error) { results[store.name][n] = { error: store.error }; continue; }
      const spec = await store.fresh(`writers${n}`);
      try {
        const s = await writersOnce(spec, n, o);
        const total = n * o.writerModules * o.writerEntries;
        const stored = (await repoStats(spec)).definitions;
        if (stored !== total) throw new Error(`${stored} of ${total} entries stored`);
        results[store.name][n] = { s, entriesPerS: total / s, mbPerS: total * o.text / 1e6 / s };
        log(`writers ${store.name} x${n}: ${Math.round(total / s)} entries/s (${fmt(s)} s)`);
      } catch (e) {
        results[store.name][n] = { error: firstLine(e.message) };
        log(`writers ${store.name} x${n}: ${e.message}`);
      }
      await store.drop(spec);
    }
  }
  return { counts: o.writers, modules: o.writerModules, entries: o.writerEntries, textBytes: o.text, ...results, stores: stores.map(x => x.name) };
}

// ---------------------------------------------------------------------------------------------

export function markdown(rep) {
  const out = [];
  const err = e => `error: ${e}`;
  if (rep.pipeline?.length) {
    const p0 = rep.pipeline[0];
    out.push(`Pipeline \`${p0.passes}\` (--llvm-version=${p0.llvm}) on ${(p0.bytes / 1e6).toFixed(1)} MB (${p0.input.replace(ROOT + '/', '')}), median of ${p0.runs} run pair(s), wall seconds:`, '');
    out.push('| store | no repo passes | first run (empty repo) | second run | first / no repo | second / no repo | speedup first/second | pruned in second | repo entries | link == first |', '|---|---|---|---|---|---|---|---|---|---|');
    const x = r => (r ? fmt(r) + 'x' : '–');
    for (const p of rep.pipeline) {
      if (p.error && p.first == null) { out.push(`| ${p.store} | ${err(p.error)} | | | | | | | | |`); continue; }
      const link = p.link ? (p.link.error ? err(p.link.error) : `${p.link.sameAsFirst ? 'yes' : 'NO'} (${fmt(p.link.s)} s)`) : '–';
      out.push(`| ${p.store} | ${fmt(p.noRepo)} | ${fmt(p.first)} | ${fmt(p.second)} | ${x(p.firstVsNoRepo)} | ${x(p.secondVsNoRepo)} | ${x(p.speedup)} | ${p.pruned ?? '–'} | ${p.repo?.definitions ?? '–'} | ${link} |`);
    }
    out.push('');
  }
  if (rep.store) out.push(...storeMarkdown(rep.store), '');
  if (rep.writers) out.push(...writersMarkdown(rep.writers), '');
  return out.join('\n');
}

/** The store throughput table (markdown lines) of a runStore result. */
export function storeMarkdown(s) {
  const err = e => `error: ${e}`;
  const k = x => `${Math.round(x / 1000)}k/s`;
  const out = [`Store throughput: ${s.entries} entries of ~${s.textBytes} B text (${s.mb.toFixed(1)} MB) in one module, median of the runs:`, '',
    '| backend | putModule new | putModule existing | lookup hits | lookup hits, no text | lookup misses | open | size |', '|---|---|---|---|---|---|---|---|'];
  for (const b of s.backends) {
    const r = s[b];
    if (r.error) { out.push(`| ${b} | ${err(r.error)} | | | | | | |`); continue; }
    out.push(`| ${b} | ${k(r.putPerS)} (${fmt(r.putMBs, 0)} MB/s) | ${k(r.putAgainPerS)} | ${k(r.lookupPerS)} (${fmt(r.lookupMBs, 0)} MB/s) | ${k(r.lookupNoTextPerS)} | ${k(r.missPerS)} | ${r.openMs == null ? '–' : fmt(r.openMs, 1) + ' ms'} | ${r.fileBytes == null ? '–' : fmt(r.fileBytes / 1e6, 0) + ' MB'} |`);
  }
  return out;
}

/** The concurrent writers table (markdown lines) of a runWriters result. */
export function writersMarkdown(w) {
  const err = e => `error: ${e}`;
  const out = [`Concurrent writer processes, one new repository: each stores ${w.modules} modules of ${w.entries} entries (~${w.textBytes} B of text each), a transaction per module; entries/s of all of them together:`, '',
    `| store | ${w.counts.map(n => `${n} writer${n > 1 ? 's' : ''}`).join(' | ')} |`, `|---|${w.counts.map(() => '---|').join('')}`];
  for (const name of w.stores) {
    out.push(`| ${name} | ${w.counts.map(n => { const c = w[name][n]; return c.error ? err(c.error) : `${Math.round(c.entriesPerS).toLocaleString('en')} (${fmt(c.s)} s)`; }).join(' | ')} |`);
  }
  return out;
}

export async function main(argv = process.argv.slice(2)) {
  let o;
  try { o = parseArgs(argv); } catch (e) { console.error(e.message); return 2; }
  if (o.help) { console.log(USAGE); return 0; }
  const log = m => process.stderr.write(m + '\n');
  const rep = {};
  const stores = await openStores(o, log);
  try {
    if (o.pipeline) {
      rep.pipeline = [];
      for (const st of stores) {
        if (st.error) { rep.pipeline.push({ store: st.name, error: st.error }); continue; }
        try { rep.pipeline.push(await runPipeline(o, log, st)); } catch (e) { rep.pipeline.push({ store: st.name, error: firstLine(e.message) }); log(`pipeline ${st.name}: ${e.message}`); }
      }
    }
    if (o.store) {
      try { rep.store = await runStore(o, log, stores); } catch (e) { rep.store = null; log(`store: ${e.message}`); }
    }
    if (o.writersOn) {
      try { rep.writers = await runWriters(o, log, stores); } catch (e) { rep.writers = null; log(`writers: ${e.message}`); }
    }
  } finally {
    for (const st of stores) await st.close?.();
  }
  process.stdout.write(o.json ? JSON.stringify(rep, null, 1) + '\n' : markdown(rep) + '\n');
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();
