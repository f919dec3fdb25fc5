// Crash safety and concurrency of the SQLite repository, with real processes
// (tests/node/fixtures/repo-writer.js): a writer killed with SIGKILL in the middle of storing
// 10,000 definitions leaves a repository that opens, whose every entry is whole, and which holds
// all or none of that module; several processes writing at once lose nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { loadSqliteDriver } from '../../../bindings/repo/sqlite-driver.js';

// The engine the repository itself uses here (node:sqlite or better-sqlite3), to inspect its files.
const sqlite = await loadSqliteDriver();
import { openRepository } from '../../../bindings/repo/store.js';
import { moduleEntries, assertWhole, textDigest } from '../repo-helpers.js';

const WRITER = new URL('../fixtures/repo-writer.js', import.meta.url).pathname;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-repo-crash-'));
process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));

const COUNT = 10_000;
const TEXT = 600; // bytes of text per entry: ~6 MB per module

/** A writer process; `lines` yields its stdout lines; `exit` resolves to { code, signal }. */
function writer(file, seed, { count = COUNT, text = TEXT, wait = false, batches = 1 } = {}) {
  const args = [WRITER, file, String(seed), String(count), String(text), ...(wait ? ['--wait'] : []), '--batches', String(batches)];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', d => { stderr += d; });
  const seen = [];
  const waiters = [];
  createInterface({ input: child.stdout }).on('line', l => {
    seen.push(l);
    for (const w of waiters.splice(0)) w();
  });
  const exit = new Promise(resolve => child.on('exit', (code, signal) => resolve({ code, signal, stderr })));
  const until = async prefix => {
    for (;;) {
      const l = seen.find(x => x.startsWith(prefix));
      if (l !== undefined) return l;
      const done = await Promise.race([new Promise(r => waiters.push(() => r(false))), exit.then(() => true)]);
      if (done && !seen.some(x => x.startsWith(prefix))) {
        const e = await exit;
        throw new Error(`writer ${seed} exited (${e.code ?? e.signal}) before '${prefix}': ${e.stderr}`);
      }
    }
  };
  return { child, seen, until, exit };
}

/** Every row as stored, checked straight in SQLite: integrity, whole entries. */
function scanRepository(file) {
  const db = sqlite.open(file, {});
  try {
    assert.equal(db.pragma('integrity_check'), 'ok');
    const rows = db.prepare('SELECT hex(digest) AS d, name, kind, text, dependents FROM definitions').all();
    for (const r of rows) {
      const digest = r.d.toLowerCase();
      assertWhole({ digest, name: r.name, kind: r.kind, text: r.text, dependents: JSON.parse(r.dependents) }, `${file}: `);
      assert.equal(textDigest(r.text), digest);
    }
    return new Set(rows.map(r => r.d.toLowerCase()));
  } finally { db.close(); }
}

const present = (set, mod) => mod.filter(e => set.has(e.digest)).length;

test('SIGKILL in the middle of storing 10,000 definitions: the repository opens, entries whole, the module all or none', async t => {
  const base = moduleEntries(100, 500, TEXT); // already stored before the crash: must survive untouched
  const mod = moduleEntries(7, COUNT, TEXT);

  // One undisturbed run tells how long the transaction takes on this machine.
  const probe = path.join(tmp, 'probe.db');
  const w0 = writer(probe, 7);
  const ms = Number((await w0.until('done')).split(' ')[1]);
  assert.equal((await w0.exit).code, 0);
  assert.equal(present(scanRepository(probe), mod), COUNT);

  // Kill at fractions of that time after "begin" (0: before the first insert; >1: after commit).
  const fractions = [0, 0.1, 0.25, 0.4, 0.55, 0.7, 0.85, 1.5];
  const outcomes = [];
  for (const f of fractions) {
    const file = path.join(tmp, `crash-${f}.db`);
    const r0 = await openRepository(file);
    await r0.putModule(base);
    await r0.close();
    const w = writer(file, 7);
    await w.until('begin');
    await new Promise(r => setTimeout(r, Math.round(ms * f)));
    const finished = w.seen.some(l => l.startsWith('done'));
    w.child.kill('SIGKILL');
    const ex = await w.exit;
    assert.ok(ex.signal === 'SIGKILL' || ex.code === 0, `writer ended with ${ex.code ?? ex.signal}: ${ex.stderr}`);

    // It must open through the store, and hold whole entries only.
    const r = await openRepository(file);
    const got = await r.lookup(mod.map(e => e.digest));
    for (const e of got.values()) assertWhole(e);
    const n = got.size;
    assert.ok(n === 0 || n === COUNT, `kill at ${f} of ${ms} ms left ${n} of ${COUNT} entries of the module`);
    assert.equal((await r.lookup(base.map(e => e.digest))).size, base.length, 'entries stored before the crash survive');
    for (const e of got.values()) assert.deepEqual(e, mod.find(x => x.digest === e.digest));
    // ...and it is writable again (the WAL of the killed process was rolled back).
    await r.putModule(mod.slice(0, 10));
    await r.close();

    const rows = scanRepository(file);
    assert.equal(rows.size, base.length + (n === 0 ? 10 : COUNT));
    outcomes.push({ f, killed: ex.signal === 'SIGKILL', finished, stored: n });
  }
  t.diagnostic(`transaction ${ms} ms; kills: ${JSON.stringify(outcomes)}`);
  // The kills must really have hit a transaction in progress at least once (not only before or after).
  const midway = outcomes.filter(o => o.killed && !o.finished && o.stored === 0 && o.f > 0);
  assert.ok(midway.length >= 1, `no kill landed inside the transaction (${ms} ms): ${JSON.stringify(outcomes)}`);
});

test('two processes storing modules at once into a new repository lose nothing', async () => {
  const file = path.join(tmp, 'two.db');
  // Both start on a file that does not exist yet (both try to create the schema), then store a
  // 10,000-entry module each in one transaction, released at the same moment.
  const a = writer(file, 1, { wait: true });
  const b = writer(file, 2, { wait: true });
  await Promise.all([a.until('ready'), b.until('ready')]);
  a.child.stdin.write('go\n'); b.child.stdin.write('go\n');
  const [ea, eb] = await Promise.all([a.exit, b.exit]);
  assert.equal(ea.code, 0, ea.stderr);
  assert.equal(eb.code, 0, eb.stderr);
  const rows = scanRepository(file);
  assert.equal(present(rows, moduleEntries(1, COUNT, TEXT)), COUNT);
  assert.equal(present(rows, moduleEntries(2, COUNT, TEXT)), COUNT);
  assert.equal(rows.size, 2 * COUNT);
});

test('three processes interleaving many small modules, with overlapping entries, lose nothing', async () => {
  const file = path.join(tmp, 'many.db');
  // Writers 3 and 4 store the same module (same digests) in 40 transactions each; 5 another one.
  const ws = [[3, 3], [3, 4], [5, 5]].map(([seed]) => writer(file, seed, { count: 4000, text: 100, wait: true, batches: 40 }));
  try {
    await Promise.all(ws.map(w => w.until('ready')));
    for (const w of ws) w.child.stdin.write('go\n');
    for (const e of await Promise.all(ws.map(w => w.exit))) assert.equal(e.code, 0, e.stderr);
  } finally {
    // a writer that failed must not leave the others waiting for 'go' (the test would never end)
    for (const w of ws) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill();
  }
  const rows = scanRepository(file);
  assert.equal(present(rows, moduleEntries(3, 4000, 100)), 4000);
  assert.equal(present(rows, moduleEntries(5, 4000, 100)), 4000);
  assert.equal(rows.size, 8000);
});

// The same through the CLI: `wopt --repo` killed while it stores a 10,000-definition module. The
// kill is timed from outside by the repository's WAL growing past a threshold, which happens only
// inside the store transaction (its pages spill to the WAL before the commit).
const CLI = new URL('../../../bindings/cli.js', import.meta.url).pathname;
const haveCore = fs.existsSync(new URL('../../../build/wopt.wasm', import.meta.url));
test('SIGKILL of wopt --repo while it stores 10,000 definitions', {
  skip: !haveCore && 'build/wopt.wasm not built',
}, async t => {
  const N = 10_000;
  let ir = 'target triple = "x86_64-pc-linux-gnu"\n\n';
  for (let i = 0; i < N; i++) {
    ir += `define i32 @f${i}(i32 %a) {\n`;
    for (let k = 0; k < 12; k++) ir += `  %x${k} = add i32 ${k ? `%x${k - 1}` : '%a'}, ${i * 13 + k}\n`;
    ir += '  ret i32 %x11\n}\n\n';
  }
  const input = path.join(tmp, 'cli10k.ll');
  fs.writeFileSync(input, ir);
  const run = (db, killAtWal) => new Promise(resolve => {
    const child = spawn(process.execPath, [CLI, '-S', `--repo=${db}`, '-passes=repo-metadata,repo-prune', input, '-o', `${db}.out.ll`], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '', killedAt = null;
    child.stderr.on('data', d => { stderr += d; });
    const poll = killAtWal == null ? null : setInterval(() => {
      let n = 0;
      try { n = fs.statSync(`${db}-wal`).size; } catch { /* not yet */ }
      if (n >= killAtWal && killedAt === null) { killedAt = n; child.kill('SIGKILL'); }
    }, 1);
    child.on('exit', (code, signal) => { if (poll) clearInterval(poll); resolve({ code, signal, stderr, killedAt }); });
  });
  const rowsOf = db => {
    const d = sqlite.open(db, {});
    try {
      assert.equal(d.pragma('integrity_check'), 'ok');
      const rows = d.prepare('SELECT name, text FROM definitions').all();
      for (const r of rows) {
        assert.match(r.text, new RegExp(`^(; [^\\n]*\\n)*\\n?define i32 @${r.name}\\(i32 %a\\)[^{\\n]* \\{\\n(  %x\\d+ = add i32 %\\w+, \\d+\\n){12}  ret i32 %x11\\n\\}\\n(\\n!\\d+ = !RepoDefinition\\(name: "${r.name}"[^\\n]*\\)\\n)?$`), `entry ${r.name} is whole`);
      }
      return rows.length;
    } finally { d.close(); }
  };
  // no output file and no temporary file of the output beside it
  const leftovers = db => fs.readdirSync(tmp).filter(f => f.startsWith(`.${path.basename(db)}.out.ll.`));
  const probe = await run(path.join(tmp, 'cli-probe.db'));
  assert.equal(probe.code, 0, probe.stderr);
  assert.equal(rowsOf(path.join(tmp, 'cli-probe.db')), N);
  assert.ok(fs.existsSync(path.join(tmp, 'cli-probe.db.out.ll')));
  assert.deepEqual(leftovers(path.join(tmp, 'cli-probe.db')), [], 'the temporary output was renamed into place');
  const outcomes = [];
  for (const mb of [0.5, 2, 5]) {
    const db = path.join(tmp, `cli-kill-${mb}.db`);
    const r = await run(db, mb * 1e6);
    const n = rowsOf(db);
    assert.ok(n === 0 || n === N, `killed at WAL ${r.killedAt} bytes: ${n} of ${N} definitions stored`);
    assert.equal(fs.existsSync(`${db}.out.ll`), r.signal !== 'SIGKILL', 'the output is written only when the store succeeded');
    if (r.signal !== 'SIGKILL') assert.deepEqual(leftovers(db), []);
    const repo = await openRepository(db); // opens through the store, and accepts writes again
    await repo.putModule(moduleEntries(9, 3));
    await repo.close();
    outcomes.push({ mb, signal: r.signal, killedAt: r.killedAt, stored: n });
  }
  t.diagnostic(JSON.stringify(outcomes));
  assert.ok(outcomes.some(o => o.signal === 'SIGKILL' && o.stored === 0), 'at least one kill landed inside the store transaction');
});
