// Many writers and their accidents on the PostgreSQL repository, with real processes and a real
// server (tests/node/pg-server.js), each outcome checked by queries on the database:
//  - 32 writer processes starting at once on a new database (all of them create the schema),
//    storing overlapping modules in many transactions: nothing lost, nothing twice, every row whole;
//  - a writer killed with SIGKILL in the middle of storing 10,000 definitions: the module is all
//    or none, what was stored before is untouched, no lock or transaction is left behind;
//  - wopt --repo processes started at once on a new database, some killed at random points: the
//    others succeed with every definition stored, no output from a killed one, no row twice;
//  - the server restarted in the middle of a batch (-j 2): the modules in flight are retried on a
//    new connection and every module is stored; the server stopped for good: the modules after it
//    fail with one clear line and no output file, the ones before are stored.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { openRepository } from '../../../bindings/repo/store.js';
import { loadWopt } from '../../../bindings/node.js';
import { moduleEntries } from '../repo-helpers.js';
import { CLI, haveRealCore, NO_CORE, tempDir } from '../helpers.js';
import { generate } from '../../../bench/gen.js';
import { postgresForTests } from '../pg-server.js';

const pg = await postgresForTests();
if (pg.fail) test('a PostgreSQL server for the writer tests', () => assert.fail(pg.fail));
const skip = pg.server ? false : (pg.skip ?? pg.fail);

const WRITER = new URL('../fixtures/repo-writer.js', import.meta.url).pathname;

/** A writer process (fixtures/repo-writer.js); `until(prefix)` resolves its first line so starting. */
function writer(spec, seed, { count, text, wait = false, batches = 1 }) {
  const child = spawn(process.execPath, [WRITER, spec, String(seed), String(count), String(text), ...(wait ? ['--wait'] : []), '--batches', String(batches)],
    { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', d => { stderr += d; });
  const seen = [];
  const waiters = [];
  createInterface({ input: child.stdout }).on('line', l => { seen.push(l); for (const w of waiters.splice(0)) w(); });
  const exit = new Promise(resolve => child.on('exit', (code, signal) => resolve({ code, signal, stderr })));
  const until = async prefix => {
    for (;;) {
      const l = seen.find(x => x.startsWith(prefix));
      if (l !== undefined) return l;
      if (await Promise.race([new Promise(r => waiters.push(() => r(false))), exit.then(() => true)]) && !seen.some(x => x.startsWith(prefix))) {
        const e = await exit;
        throw new Error(`writer ${seed} exited (${e.code ?? e.signal}) before '${prefix}': ${e.stderr}`);
      }
    }
  };
  return { child, seen, until, exit };
}

// The database's own account of the repository: rows, distinct digests, rows whose text does not
// hash to their digest (the fixtures' digest is the SHA-256 of the text, cut to 128 bits) or to
// their text digest, and the version rows.
async function audit(server, db) {
  const [[rows, distinct, torn, badTextDigest]] = await server.query(`SELECT count(*)::int, count(DISTINCT digest)::int,
      count(*) FILTER (WHERE substr(encode(sha256(convert_to(text, 'UTF8')), 'hex'), 1, 32) <> encode(digest, 'hex'))::int,
      count(*) FILTER (WHERE encode(sha256(convert_to(text, 'UTF8')), 'hex') <> text_digest)::int
    FROM wopt_definitions`, [], db);
  const [[versionRows]] = await server.query('SELECT count(*)::int FROM wopt_repository', [], db);
  return { rows, distinct, torn, badTextDigest, versionRows };
}
const digestsIn = async (server, db, mod) => (await server.query("SELECT count(*)::int FROM wopt_definitions WHERE encode(digest, 'hex') = ANY($1)", [mod.map(e => e.digest)], db))[0][0];

describe('PostgreSQL repository: many writers', { skip }, () => {
  const { server } = pg;

  test('32 writer processes at once on a new database, overlapping modules in many transactions: nothing lost, nothing twice', async t => {
    const db = await server.createDatabase('writers32');
    const url = server.url(db);
    const WRITERS = 32, MODULES = 8, COUNT = 300;
    // writer i stores module i % 8 in 6 transactions: four writers share each module's digests
    const ws = Array.from({ length: WRITERS }, (_, i) => writer(url, 200 + (i % MODULES), { count: COUNT, text: 100, wait: true, batches: 6 }));
    try {
      await Promise.all(ws.map(w => w.until('ready')));   // every one opened (and so created) the repository
      for (const w of ws) w.child.stdin.write('go\n');
      for (const [i, e] of (await Promise.all(ws.map(w => w.exit))).entries()) assert.equal(e.code, 0, `writer ${i}: ${e.stderr}`);
    } finally {
      for (const w of ws) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill();
    }
    assert.deepEqual(await audit(server, db), { rows: MODULES * COUNT, distinct: MODULES * COUNT, torn: 0, badTextDigest: 0, versionRows: 1 });
    const r = await openRepository(url, { create: false });
    try {
      for (let m = 0; m < MODULES; m++) {
        const mod = moduleEntries(200 + m, COUNT, 100);
        const got = await r.lookup(mod.map(e => e.digest));
        assert.equal(got.size, COUNT, `module ${m}`);
        for (const e of mod) assert.deepEqual(got.get(e.digest), e);
      }
    } finally { await r.close(); }
    t.diagnostic(`${WRITERS} writers, ${MODULES} modules of ${COUNT} definitions, each module stored by ${WRITERS / MODULES} writers`);
  });

  test('SIGKILL in the middle of storing 10,000 definitions: the module all or none, nothing left behind, checked by queries', async t => {
    const COUNT = 10_000, TEXT = 600;
    const base = moduleEntries(100, 500, TEXT);
    const mod = moduleEntries(7, COUNT, TEXT);
    // one undisturbed run: how long the transaction takes here
    const probeDb = await server.createDatabase('probe');
    const w0 = writer(server.url(probeDb), 7, { count: COUNT, text: TEXT });
    const ms = Number((await w0.until('done')).split(' ')[1]);
    assert.equal((await w0.exit).code, 0);
    assert.equal(await digestsIn(server, probeDb, mod), COUNT);

    const outcomes = [];
    for (const f of [0, 0.15, 0.3, 0.5, 0.7, 0.9, 1.5]) {
      const db = await server.createDatabase('kill');
      const url = server.url(db);
      const r0 = await openRepository(url);
      await r0.putModule(base);
      await r0.close();
      const w = writer(url, 7, { count: COUNT, text: TEXT });
      await w.until('begin');
      await new Promise(r => setTimeout(r, Math.round(ms * f)));
      const finished = w.seen.some(l => l.startsWith('done'));
      w.child.kill('SIGKILL');
      const ex = await w.exit;
      // the server ends the killed writer's session (rolling its transaction back) once it notices
      for (let i = 0; ; i++) {
        const [[sessions]] = await server.query("SELECT count(*)::int FROM pg_stat_activity WHERE datname = $1 AND application_name = 'wopt'", [db]);
        if (sessions === 0) break;
        assert.ok(i < 600, 'the killed writer\'s session ended');
        await new Promise(r => setTimeout(r, 50));
      }
      const n = await digestsIn(server, db, mod);
      assert.ok(n === 0 || n === COUNT, `kill at ${f} of ${ms} ms left ${n} of ${COUNT} definitions of the module`);
      assert.equal(await digestsIn(server, db, base), base.length, 'what was stored before survives');
      assert.deepEqual(await audit(server, db), { rows: base.length + n, distinct: base.length + n, torn: 0, badTextDigest: 0, versionRows: 1 });
      const [[locks, openTx]] = await server.query(`SELECT (SELECT count(*)::int FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE d.datname = $1),
        (SELECT count(*)::int FROM pg_prepared_xacts WHERE database = $1)`, [db]);
      assert.deepEqual([locks, openTx], [0, 0], 'no lock or prepared transaction is left');
      // and it takes writes again
      const r = await openRepository(url);
      await r.putModule(mod.slice(0, 10));
      assert.equal((await r.stats()).definitions, base.length + (n === 0 ? 10 : COUNT));
      await r.close();
      outcomes.push({ f, killed: ex.signal === 'SIGKILL', finished, stored: n });
    }
    t.diagnostic(`transaction ${ms} ms; kills: ${JSON.stringify(outcomes)}`);
    const midway = outcomes.filter(o => o.killed && !o.finished && o.stored === 0 && o.f > 0);
    assert.ok(midway.length >= 1, `no kill landed inside the transaction (${ms} ms): ${JSON.stringify(outcomes)}`);
  });
});

describe('PostgreSQL repository: wopt --repo processes at once, some killed', { skip: skip || (!haveRealCore && NO_CORE) }, () => {
  const { server } = pg;
  const PASSES = '-passes=repo-metadata,repo-prune,mem2reg,mergefunc';
  const WRITERS = 8, MODULES = 4, KILLS = 3, ROUNDS = 2;

  const wopt = (dir, url, input, output, killAfter) => new Promise(resolve => {
    const child = spawn(process.execPath, [CLI, '-S', `--repo=${url}`, PASSES, input, '-o', output], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '', killed = false;
    child.stderr.on('data', d => { stderr += d; });
    const timer = killAfter == null ? null : setTimeout(() => { killed = child.kill('SIGKILL'); }, killAfter);
    child.on('exit', (code, signal) => { clearTimeout(timer); resolve({ code, signal, stderr, killed: killed && signal === 'SIGKILL' }); });
  });

  test(`${WRITERS} processes at once on a new database, ${KILLS} of them killed at random points, ${ROUNDS} rounds`, async t => {
    const dir = tempDir(t);
    const core = await loadWopt();
    for (let m = 0; m < MODULES; m++) fs.writeFileSync(path.join(dir, `m${m}.ll`), generate({ size: 20_000, seed: m + 1 }));
    const stats = { runs: 0, killed: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const db = await server.createDatabase('cli');
      const url = server.url(db);
      const doomed = new Set();
      while (doomed.size < KILLS) doomed.add(Math.floor(Math.random() * WRITERS));
      const runs = await Promise.all(Array.from({ length: WRITERS }, (_, i) =>
        wopt(dir, url, `m${i % MODULES}.ll`, `out${round}_${i}.ll`, doomed.has(i) ? Math.random() * 1500 : null)));
      runs.forEach((r, i) => {
        if (!r.killed) assert.equal(r.code, 0, `round ${round}: writer ${i} failed: ${r.stderr}`);
        // an output exists only if the run got that far: it is written after the module is stored,
        // so a writer killed between that and its exit has a whole output too (checked below)
        r.wrote = fs.existsSync(path.join(dir, `out${round}_${i}.ll`));
        if (r.code === 0) assert.ok(r.wrote, `round ${round}: writer ${i} succeeded without an output`);
        else assert.ok(!r.wrote || r.killed, `round ${round}: writer ${i} failed and left an output`);
      });
      stats.runs += WRITERS; stats.killed += runs.filter(r => r.killed).length;
      // no row twice, every text with its own digest, one version row
      const [[rows, distinct, badText, versions]] = await server.query(`SELECT count(*)::int, count(DISTINCT digest)::int,
          count(*) FILTER (WHERE encode(sha256(convert_to(text, 'UTF8')), 'hex') <> text_digest)::int, (SELECT count(*)::int FROM wopt_repository)
        FROM wopt_definitions`, [], db);
      assert.deepEqual([rows === distinct, badText, versions], [true, 0, 1], `round ${round}`);
      // every ticket of every output written is stored
      const repo = await openRepository(url, { create: false });
      try {
        for (const [i, r] of runs.entries()) {
          if (!r.wrote) continue;
          assert.ok(core.parse(fs.readFileSync(path.join(dir, `out${round}_${i}.ll`), 'utf8')).ok);
          const keys = core.repoTickets().map(k => k.key);
          assert.equal((await repo.lookup(keys, { text: false })).size, new Set(keys).size, `round ${round}: writer ${i}'s definitions are stored`);
        }
      } finally { await repo.close(); }
      const later = await wopt(dir, url, 'm0.ll', `later${round}.ll`);
      assert.equal(later.code, 0, later.stderr);
    }
    t.diagnostic(JSON.stringify(stats));
  });
});

describe('PostgreSQL repository: the server goes away in the middle of a batch', { skip: skip || (!haveRealCore && NO_CORE) }, () => {
  const MODULES = 40;
  const PASSES = '-passes=repo-metadata,repo-prune,mem2reg,mergefunc';

  // A batch of MODULES distinct modules with -j 2 on `url`; `when(outputs)` is called as outputs
  // appear (polled), its promise awaited. Resolves { code, stderr, report }.
  const batch = (dir, url, env, when) => new Promise(resolve => {
    const child = spawn(process.execPath, [CLI, '-S', `--repo=${url}`, PASSES, '-output-dir=out', '-j', '2', '-q', '--report=report.json', 'in'],
      { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
    let stderr = '';
    child.stderr.on('data', d => { stderr += d; });
    let acting = null;
    const poll = setInterval(() => {
      if (acting) return;
      let n = 0;
      try { n = fs.readdirSync(path.join(dir, 'out', 'in')).filter(f => f.endsWith('.ll')).length; } catch { /* none yet */ }
      if (n > 0) acting = when(n);
    }, 5);
    child.on('exit', async code => {
      clearInterval(poll);
      const acted = await acting;
      resolve({ code, stderr, acted, report: JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')) });
    });
  });
  const inputs = dir => {
    fs.mkdirSync(path.join(dir, 'in'));
    for (let i = 0; i < MODULES; i++) fs.writeFileSync(path.join(dir, 'in', `m${String(i).padStart(2, '0')}.ll`), generate({ size: 60_000, seed: 300 + i }));
  };
  // the repository keys of the tickets a module's output lists
  const storedAll = async (core, url, outputs) => {
    const r = await openRepository(url, { create: false });
    try {
      for (const out of outputs) {
        assert.ok(core.parse(fs.readFileSync(out, 'utf8')).ok);
        const keys = core.repoTickets().map(k => k.key);
        assert.ok(keys.length > 5, `${out} has tickets`);
        assert.equal((await r.lookup(keys, { text: false })).size, new Set(keys).size, `${out}: every ticket's definition is stored`);
      }
    } finally { await r.close(); }
  };

  test('restarted: the modules in flight are retried on a new connection, every module is stored', async t => {
    const own = await postgresForTests({ own: true });
    assert.ok(own.server, own.skip ?? own.fail);
    const server = own.server;
    const dir = tempDir(t);
    inputs(dir);
    const url = server.url(await server.createDatabase('restart'));
    const started = Date.now();
    const r = await batch(dir, url, {}, async n => {
      // a restart with the server away for a while: the lanes' calls meet a refused connection first
      server.stop('fast');
      await new Promise(res => setTimeout(res, 700));
      server.start();
      return { outputsBefore: n, at: Date.now() - started };
    });
    const ended = Date.now() - started;
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.report.totals.ok, MODULES);
    assert.ok(r.acted.outputsBefore < MODULES && r.acted.at < ended, `the restart came in the middle of the batch: ${JSON.stringify(r.acted)}, ended at ${ended} ms`);
    await storedAll(await loadWopt(), url, r.report.modules.map(m => path.join(dir, m.output)));
    server.destroy();
    t.diagnostic(`server stopped after ${r.acted.outputsBefore} of ${MODULES} outputs, back ${r.acted.at} ms in; the batch ended at ${ended} ms`);
  });

  test('stopped for good: the modules after it fail with one clear line each and no output; the ones before are stored', async t => {
    const own = await postgresForTests({ own: true });
    assert.ok(own.server, own.skip ?? own.fail);
    const server = own.server;
    const dir = tempDir(t);
    inputs(dir);
    const url = server.url(await server.createDatabase('stop'));
    const r = await batch(dir, url, { WOPT_REPO_RECONNECT_MS: '1000' }, async n => { server.stop('fast'); return { outputsBefore: n }; });
    assert.equal(r.code, 1, r.stderr);
    const ok = r.report.modules.filter(m => m.ok), failed = r.report.modules.filter(m => !m.ok);
    assert.ok(ok.length >= r.acted.outputsBefore && failed.length > 0, `${ok.length} stored, ${failed.length} failed`);
    for (const m of failed) {
      assert.match(m.error, new RegExp(`^wopt: ${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: error: (lookup failed|storing failed): (connection refused|the server shut down or restarted|the connection to the server at [\\d.:]+ was lost|the server is not accepting connections)`), m.input);
      assert.equal(fs.existsSync(path.join(dir, m.output)), false, `${m.output} is not written`);
    }
    assert.doesNotMatch(r.stderr, /\n\s+at |internal error/);
    server.start();
    await storedAll(await loadWopt(), url, ok.map(m => path.join(dir, m.output)));
    server.destroy();
    t.diagnostic(`${ok.length} modules stored before the stop, ${failed.length} failed after it`);
  });
});
