// The PostgreSQL repository's own cases, against a throwaway server (tests/node/pg-server.js; the
// store contract suite runs over it in repo-store.test.js): the schema wopt manages and its
// versions, the PG* environment variables, the faults (server down, authentication, a missing
// database, read-only roles, a lock held too long) each as one clear line that never shows the
// password, and the CLI with --repo=<URL>: pruning, `repo link`, `repo stats`, batch mode with -j
// lanes and the cross-module report.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openRepository, SCHEMA_VERSION } from '../../../bindings/repo/store.js';
import { redactUrl } from '../../../bindings/repo/store-pg.js';
import { moduleEntries } from '../repo-helpers.js';
import { runCli, haveRealCore, NO_CORE, tempDir } from '../helpers.js';
import { generate } from '../../../bench/gen.js';
import { postgresForTests, WOPT_PASSWORD_ROLE, WOPT_PASSWORD } from '../pg-server.js';

const pg = await postgresForTests();
if (pg.fail) test('a PostgreSQL server for the repository tests', () => assert.fail(pg.fail));
const skip = pg.server ? false : (pg.skip ?? pg.fail);
const server = pg.server;

const D = c => c.repeat(32);
const entry = (digest, over = {}) => ({
  digest, name: `f_${digest.slice(0, 4)}`, kind: 'function', linkage: 'external', visibility: 'default',
  text: `define void @f_${digest.slice(0, 4)}() {\n  ret void\n}\n`, dependents: [], ...over,
});
const rejectsRepo = (p, re, reason) => assert.rejects(p, e => {
  assert.equal(e.code, 'EREPO');
  assert.match(e.message, re);
  if (reason) assert.equal(e.reason, reason);
  return true;
});
const esc = s => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const newRepoUrl = async (prefix = 'pg') => server.url(await server.createDatabase(prefix));
const unique = name => `${name}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
const PASSES = '-passes=repo-metadata,repo-prune,mem2reg,mergefunc';

test('a URL is printed without its password', () => {
  assert.equal(redactUrl('postgres://u:secret@h:5432/db'), 'postgres://u@h:5432/db');
  assert.equal(redactUrl('postgresql://u:s%40c@h/db?password=x&sslmode=require'), 'postgresql://u@h/db?sslmode=require');
  assert.equal(redactUrl('postgres:///db?host=/tmp/sock'), 'postgres:///db?host=/tmp/sock');
  assert.equal(redactUrl('postgres://:only@h/db'), 'postgres://h/db');
});

test('a URL that does not parse is one clear line without its password', async () => {
  for (const [url, shown] of [['postgres://u:secret1@[bad/db', 'postgres://u@[bad/db'], ['postgresql://u:secret1@h:99999/db', 'postgresql://u@h:99999/db']]) {
    await rejectsRepo(openRepository(url), new RegExp(`^${esc(shown)}: error: not a valid PostgreSQL URL: Invalid URL$`), 'invalid');
  }
});

describe('PostgreSQL repository: schema', { skip }, () => {
  test('created on first use: the version row, the definitions table, the digest a 16-byte bytea key; other tables left alone', async () => {
    const db = await server.createDatabase('schema');
    await server.query('CREATE TABLE theirs (x int); INSERT INTO theirs VALUES (7)', [], db);
    const r = await openRepository(server.url(db));
    await r.putModule([entry(D('a'))]);
    assert.equal(r.backend, 'postgres');
    assert.equal(r.path, server.url(db));
    await r.close();
    assert.deepEqual(await server.query('SELECT application, schema_version FROM wopt_repository', [], db), [['wopt', SCHEMA_VERSION]]);
    const [[digest, len, type]] = await server.query("SELECT encode(digest, 'hex'), octet_length(digest), pg_typeof(digest)::text FROM wopt_definitions", [], db);
    assert.deepEqual([digest, len, type], [D('a'), 16, 'bytea']);
    const pk = await server.query("SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) WHERE i.indrelid = 'wopt_definitions'::regclass AND i.indisprimary", [], db);
    assert.deepEqual(pk, [['digest']]);
    assert.deepEqual(await server.query('SELECT x FROM theirs', [], db), [[7]]);
  });

  test('a newer schema is refused with both versions named; an older one too, and both are left as they are', async () => {
    const db = await server.createDatabase('versions');
    const url = server.url(db);
    await (await openRepository(url)).close();
    await server.query('UPDATE wopt_repository SET schema_version = $1', [SCHEMA_VERSION + 1], db);
    await rejectsRepo(openRepository(url), new RegExp(`^${esc(url)}: error: repository schema version ${SCHEMA_VERSION + 1} is newer than this wopt supports \\(${SCHEMA_VERSION}\\)$`), 'newerSchema');
    await server.query('UPDATE wopt_repository SET schema_version = 1', [], db);
    await rejectsRepo(openRepository(url), new RegExp(`^${esc(url)}: error: repository schema version 1 was written by an older wopt \\(this wopt reads ${SCHEMA_VERSION}\\); drop its tables wopt_repository and wopt_definitions to start a new repository$`), 'olderSchema');
    await rejectsRepo(openRepository(url, { create: false }), /schema version 1 was written by an older wopt/);
    assert.deepEqual(await server.query('SELECT schema_version FROM wopt_repository', [], db), [[1]]);
  });

  test('tables of the same names that wopt did not make: not a wopt repository, left as they are', async () => {
    for (const setup of [
      'CREATE TABLE wopt_definitions (id int)',
      'CREATE TABLE wopt_repository (application text, schema_version int); CREATE TABLE wopt_definitions (id int)',
      "CREATE TABLE wopt_repository (application text, schema_version int); INSERT INTO wopt_repository VALUES ('other', 3); CREATE TABLE wopt_definitions (id int)",
      'CREATE TABLE wopt_repository (x int); CREATE TABLE wopt_definitions (id int)',
    ]) {
      const db = await server.createDatabase('foreign');
      await server.query(setup, [], db);
      await rejectsRepo(openRepository(server.url(db)), new RegExp(`^${esc(server.url(db))}: error: not a wopt repository \\(`), 'notRepository');
      assert.deepEqual(await server.query("SELECT count(*)::int FROM information_schema.columns WHERE table_name = 'wopt_definitions'", [], db), [[1]], setup);
    }
  });

  test('a repository whose definitions table was altered is refused at its open', async () => {
    const db = await server.createDatabase('damaged');
    await (await openRepository(server.url(db))).close();
    await server.query('ALTER TABLE wopt_definitions DROP COLUMN text_digest', [], db);
    await rejectsRepo(openRepository(server.url(db)), /: error: the repository is damaged \(column "text_digest" does not exist\); drop its tables wopt_repository, wopt_definitions and wopt_function_maps to start a new repository$/);
  });

  test('many connections creating the same repository at once: one makes it, all open it; a reader waits for the creation', async () => {
    for (const options of ['', `?options=${encodeURIComponent('-c search_path=public')}`]) {
      const db = await server.createDatabase('create');
      const url = server.url(db) + options;
      const opening = Array.from({ length: 8 }, (_, i) => openRepository(url, { create: i !== 3 })); // one only reads
      const repos = await Promise.all(opening.map(p => p.catch(e => e)));
      for (const r of repos) {
        if (r instanceof Error) { assert.match(r.message, /no such repository/); continue; } // the reader came first
        await r.putModule([entry(D('a'))]);
        await r.close();
      }
      assert.ok(repos.filter(r => !(r instanceof Error)).length >= 7);
      assert.deepEqual(await server.query('SELECT application, schema_version FROM wopt_repository', [], db), [['wopt', SCHEMA_VERSION]]);
    }
  });

  test('several repositories in one database, a schema each (options=-c search_path=...)', async () => {
    const db = await server.createDatabase('schemas');
    await server.query('CREATE SCHEMA team_a; CREATE SCHEMA team_b', [], db);
    const inSchema = name => `${server.url(db)}?options=${encodeURIComponent(`-c search_path=${name}`)}`;
    const a = await openRepository(inSchema('team_a'));
    const b = await openRepository(inSchema('team_b'));
    await a.putModule(moduleEntries(1, 5));
    await b.putModule(moduleEntries(2, 7));
    assert.deepEqual([(await a.stats()).definitions, (await b.stats()).definitions], [5, 7]);
    await a.close(); await b.close();
    assert.deepEqual(await server.query("SELECT schemaname, count(*)::int FROM pg_tables WHERE tablename LIKE 'wopt_%' GROUP BY 1 ORDER BY 1", [], db), [['team_a', 3], ['team_b', 3]]);
  });

  test('create: false on a database without the tables: no such repository, and nothing is made', async () => {
    const db = await server.createDatabase('nocreate');
    await rejectsRepo(openRepository(server.url(db), { create: false }), /: error: no such repository \(the database has no wopt tables\)$/, 'missing');
    assert.deepEqual(await server.query("SELECT count(*)::int FROM pg_tables WHERE tablename LIKE 'wopt_%'", [], db), [[0]]);
  });

  test('the PG* environment variables fill in what the URL leaves out; a Unix socket by host=', { skip: !haveRealCore && NO_CORE }, async t => {
    const db = await server.createDatabase('env');
    const r = await openRepository(server.url(db));
    await r.putModule(moduleEntries(1, 12));
    await r.close();
    const env = { PGHOST: '127.0.0.1', PGPORT: String(server.port), PGUSER: 'wopt_admin', PGDATABASE: db };
    for (const url of ['postgres://', 'postgresql:///', `postgres:///${db}`]) {
      const p = await runCli(['repo', 'stats', `--repo=${url}`, '--json'], { env });
      assert.equal(p.code, 0, `${url}: ${p.stderr}`);
      assert.equal(JSON.parse(p.stdout).definitions, 12);
      assert.equal(JSON.parse(p.stdout).path, url);
    }
    const sock = await runCli(['repo', 'stats', `--repo=postgres://wopt_admin@/${db}?host=${encodeURIComponent(server.dir)}&port=${server.port}`, '--json']);
    assert.equal(sock.code, 0, sock.stderr);
    assert.equal(JSON.parse(sock.stdout).definitions, 12);
    // a password from PGPASSWORD
    const pw = await runCli(['repo', 'stats', `--repo=postgres://${WOPT_PASSWORD_ROLE}@127.0.0.1:${server.port}/${db}`], { env: { PGPASSWORD: WOPT_PASSWORD } });
    assert.equal(pw.code, 0, pw.stderr);
    assert.match(pw.stdout, /^definitions: 12$/m);
    t.diagnostic('URL parts from PGHOST, PGPORT, PGUSER, PGDATABASE and PGPASSWORD');
  });
});

describe('PostgreSQL repository: faults, one clear line each, never the password', { skip }, () => {
  const secret = 'Tr0ub4dor-and-3';
  // a CLI run storing a module; resolves { code, stderr, outputExists }
  const store = async (dir, url, env = {}) => {
    const out = path.join(dir, `out-${Math.random().toString(36).slice(2)}.ll`);
    const p = await runCli(['-S', `--repo=${url}`, PASSES, path.join(dir, 'in.ll'), '-o', out], { env });
    return { ...p, outputExists: fs.existsSync(out) };
  };
  const oneLine = (p, re) => {
    assert.equal(p.code, 1, p.stderr);
    assert.equal(p.stderr.split('\n').filter(Boolean).length, 1, p.stderr);
    assert.match(p.stderr, re);
    assert.doesNotMatch(p.stderr, /\n\s+at |internal error/);
    assert.ok(!p.stderr.includes(secret) && !p.stderr.includes(WOPT_PASSWORD), `the password is not printed: ${p.stderr}`);
    assert.equal(p.outputExists, false, 'no output file');
  };
  const input = dir => fs.writeFileSync(path.join(dir, 'in.ll'), generate({ size: 20_000, seed: 3 }));

  test('server down or unreachable: the URL without its password, exit 1, no output file', { skip: !haveRealCore && NO_CORE }, async t => {
    const dir = tempDir(t);
    input(dir);
    // a port nothing listens on: the server's own port while it runs is taken, so ask the OS for a free one
    const { createServer } = await import('node:net');
    const free = await new Promise(r => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => r(p)); }); });
    const down = `postgres://farm:${secret}@127.0.0.1:${free}/repo`;
    oneLine(await store(dir, down), new RegExp(`^wopt: postgres://farm@127\\.0\\.0\\.1:${free}/repo: error: cannot connect to the server: connection refused \\(is the server running and accepting TCP/IP connections on 127\\.0\\.0\\.1:${free}\\?\\)\\n$`));
    oneLine(await store(dir, `postgres://farm@127.0.0.1:${free}/repo?password=${secret}`), /^wopt: postgres:\/\/farm@127\.0\.0\.1:\d+\/repo: error: cannot connect/);
    const sock = await store(dir, `postgres://farm:${secret}@/repo?host=${encodeURIComponent(dir)}`);
    oneLine(sock, /: error: cannot connect to the server: no server socket at .*\/\.s\.PGSQL\.5432 \(is the server running\?\)\n$/);
    oneLine(await store(dir, `postgres://farm:${secret}@no-such-host.invalid/repo`), /: error: cannot connect to the server: unknown host no-such-host\.invalid\n$/);
    // a server that accepts the connection and never answers
    const silent = createServer(() => {});
    await new Promise(r => silent.listen(0, '127.0.0.1', r));
    try {
      oneLine(await store(dir, `postgres://farm:${secret}@127.0.0.1:${silent.address().port}/repo?connect_timeout=1`),
        /: error: cannot connect to the server: no answer from the server at 127\.0\.0\.1:\d+ within 1 s\n$/);
    } finally { silent.close(); }
    // `repo stats` and `repo link` the same way
    const stats = await runCli(['repo', 'stats', `--repo=${down}`]);
    oneLine({ ...stats, outputExists: false }, /^wopt: postgres:\/\/farm@127\.0\.0\.1:\d+\/repo: error: cannot connect to the server: connection refused/);
    const link = await runCli(['repo', 'link', `--repo=${down}`, path.join(dir, 'in.ll'), '-o', path.join(dir, 'linked.ll')]);
    oneLine({ ...link, outputExists: fs.existsSync(path.join(dir, 'linked.ll')) }, /: error: cannot connect to the server: connection refused/);
  });

  test('authentication failure, a missing password, a missing role, a missing database', { skip: !haveRealCore && NO_CORE }, async t => {
    const dir = tempDir(t);
    input(dir);
    const db = await server.createDatabase('auth');
    const at = `127.0.0.1:${server.port}`;
    oneLine(await store(dir, `postgres://${WOPT_PASSWORD_ROLE}:${secret}@${at}/${db}`),
      new RegExp(`^wopt: postgres://${WOPT_PASSWORD_ROLE}@${esc(at)}/${db}: error: cannot connect to the server: authentication failed: password authentication failed for user "${WOPT_PASSWORD_ROLE}"\\n$`));
    oneLine(await store(dir, `postgres://${WOPT_PASSWORD_ROLE}@${at}/${db}`),
      new RegExp(`: error: cannot connect to the server: the server asks for a password for user "${WOPT_PASSWORD_ROLE}" and none was given \\(in the URL, PGPASSWORD or ~/\\.pgpass\\)\\n$`));
    oneLine(await store(dir, `postgres://nobody_here@${at}/${db}`), /: error: cannot connect to the server: authentication failed: role "nobody_here" does not exist\n$/);
    oneLine(await store(dir, `postgres://wopt_admin@${at}/no_such_db`),
      /^wopt: postgres:\/\/wopt_admin@[\d.:]+\/no_such_db: error: cannot connect to the server: database "no_such_db" does not exist \(wopt makes its tables, not the database: createdb no_such_db\)\n$/);
    // the right password works, and is not printed either
    const ok = await store(dir, `postgres://${WOPT_PASSWORD_ROLE}:${encodeURIComponent(WOPT_PASSWORD)}@${at}/${db}`);
    assert.equal(ok.code, 0, ok.stderr);
    assert.ok(ok.outputExists);
  });

  test('read-only roles: reading works; storing or creating is one clear line and nothing is written', { skip: !haveRealCore && NO_CORE }, async t => {
    const dir = tempDir(t);
    input(dir);
    const db = await server.createDatabase('readonly');
    const url = server.url(db);
    const seeded = await store(dir, url);
    assert.equal(seeded.code, 0, seeded.stderr);
    const [[before]] = await server.query('SELECT count(*)::int FROM wopt_definitions', [], db);
    const selectOnly = unique('ro'), readOnlyTx = unique('rotx'), noCreate = unique('nocreate');
    await server.query(`CREATE ROLE ${selectOnly} LOGIN; CREATE ROLE ${readOnlyTx} LOGIN; ALTER ROLE ${readOnlyTx} SET default_transaction_read_only = on; CREATE ROLE ${noCreate} LOGIN`);
    await server.query(`GRANT SELECT ON wopt_repository, wopt_definitions TO ${selectOnly}; GRANT SELECT, INSERT ON wopt_repository, wopt_definitions TO ${readOnlyTx}`, [], db);
    const as = (user, d = db) => server.url(d, { user });
    // reading: stats and link
    const stats = await runCli(['repo', 'stats', `--repo=${as(selectOnly)}`, '--json']);
    assert.equal(stats.code, 0, stats.stderr);
    assert.equal(JSON.parse(stats.stdout).definitions + JSON.parse(stats.stdout).metadata, before);
    // the role may not read the function maps: stats says so instead of failing
    assert.equal(JSON.parse(stats.stdout).functionMaps, null);
    const text = await runCli(['repo', 'stats', `--repo=${as(selectOnly)}`]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^function maps \(global merging\): not readable by this role$/m);
    // a new module to store (the seeded one is all pruned: nothing new to write)
    fs.writeFileSync(path.join(dir, 'in.ll'), generate({ size: 20_000, seed: 4 }));
    oneLine(await store(dir, as(selectOnly)), new RegExp(`^wopt: ${esc(as(selectOnly))}: error: storing failed: permission denied for table wopt_definitions \\(role "${selectOnly}"\\)\\n$`));
    oneLine(await store(dir, as(readOnlyTx)), new RegExp(`^wopt: ${esc(as(readOnlyTx))}: error: storing failed: the role's transactions are read-only \\(cannot execute INSERT in a read-only transaction\\)\\n$`));
    assert.deepEqual(await server.query('SELECT count(*)::int FROM wopt_definitions', [], db), [[before]], 'nothing was written');
    // the function maps: listing them needs their table's SELECT, forgetting them a writable transaction
    const owner = await openRepository(url);
    await owner.putFunctionMaps([{ module: 'gone.ll', map: new Uint8Array(3) }]);
    await owner.close();
    await server.query(`GRANT SELECT, DELETE ON wopt_function_maps TO ${readOnlyTx}`, [], db);
    const maps = async (...args) => ({ ...await runCli(['repo', 'maps', ...args]), outputExists: false });
    oneLine(await maps(`--repo=${as(selectOnly)}`), new RegExp(`^wopt: ${esc(as(selectOnly))}: error: reading the function maps failed: permission denied for table wopt_function_maps \\(role "${selectOnly}"\\)\\n$`));
    const listed = await runCli(['repo', 'maps', `--repo=${as(readOnlyTx)}`, '--json']);
    assert.deepEqual(JSON.parse(listed.stdout), [{ module: 'gone.ll', bytes: 3 }], listed.stderr);
    oneLine(await maps(`--repo=${as(readOnlyTx)}`, '--forget-all'), new RegExp(`^wopt: ${esc(as(readOnlyTx))}: error: removing function maps failed: the role's transactions are read-only \\(cannot execute DELETE in a read-only transaction\\)\\n$`));
    assert.deepEqual(await server.query('SELECT module FROM wopt_function_maps', [], db), [['gone.ll']], 'no map was removed');
    // creating a repository in a database where the role may not create tables
    const empty = await server.createDatabase('readonly_new');
    oneLine(await store(dir, as(noCreate, empty)), new RegExp(`^wopt: ${esc(as(noCreate, empty))}: error: cannot create repository: permission denied for schema public \\(role "${noCreate}"\\)\\n$`));
    assert.deepEqual(await server.query("SELECT count(*)::int FROM pg_tables WHERE tablename LIKE 'wopt_%'", [], empty), [[0]]);
  });

  test('a lock another writer holds longer than busyTimeout is an error; readers are not blocked', async () => {
    const url = await newRepoUrl('lock');
    const r = await openRepository(url, { busyTimeout: 300 });
    const { default: pgc } = await import('pg');
    const other = new pgc.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query("INSERT INTO wopt_definitions VALUES (decode($1, 'hex'), 'x', 'function', 'external', 'default', '[]', 'd', 't')", [D('1')]);
      await rejectsRepo(r.putModule([entry(D('1')), entry(D('2'))]), new RegExp(`^${esc(url)}: error: storing failed: another writer held a lock too long \\(timed out waiting\\)$`));
      assert.deepEqual([...(await r.lookup([D('1'), D('2')])).keys()], []); // nothing of the module, and the read did not wait
      await other.query('COMMIT');
      await r.putModule([entry(D('1')), entry(D('2'))]);
      assert.equal((await r.lookup([D('1')], { text: false })).get(D('1')).name, 'x', 'the first stored entry is kept');
      assert.equal((await r.stats()).definitions, 2);
    } finally { await other.end(); await r.close(); }
  });
});

describe('wopt --repo=postgres://...', { skip: skip || (!haveRealCore && NO_CORE) }, () => {
  test('first run stores, second prunes, repo link gives the first run\'s module back, repo stats counts', async t => {
    const dir = tempDir(t);
    fs.writeFileSync(path.join(dir, 'in.ll'), generate({ size: 60_000, seed: 5 }));
    const url = (await newRepoUrl('cli')).replace(/^postgres:/, 'postgresql:');
    const run = out => runCli(['-S', `--repo=${url}`, PASSES, 'in.ll', '-o', out], { cwd: dir });
    const first = await run('first.ll');
    assert.equal(first.code, 0, first.stderr);
    const second = await run('second.ll');
    assert.equal(second.code, 0, second.stderr);
    const pruned = (fs.readFileSync(path.join(dir, 'second.ll'), 'utf8').match(/pruned: true/g) ?? []).length;
    assert.ok(pruned > 10, `the second run pruned ${pruned} definitions`);
    const link = await runCli(['repo', 'link', `--repo=${url}`, 'second.ll', '-o', 'linked.ll'], { cwd: dir });
    assert.equal(link.code, 0, link.stderr);
    assert.equal(fs.readFileSync(path.join(dir, 'linked.ll'), 'utf8'), fs.readFileSync(path.join(dir, 'first.ll'), 'utf8'));
    const stats = await runCli(['repo', 'stats', `--repo=${url}`], { cwd: dir });
    assert.equal(stats.code, 0, stats.stderr);
    assert.match(stats.stdout, new RegExp(`^repository: ${esc(url)}\\nbackend: postgres, schema version ${SCHEMA_VERSION}\\ndefinitions: \\d+\\n`));
  });

  test('batch mode: -j lanes share the database, each its own connection; the cross-module report beside it', async t => {
    const dir = tempDir(t);
    fs.mkdirSync(path.join(dir, 'in'));
    // eight modules, two of each content: the lanes store overlapping definitions
    for (let i = 0; i < 8; i++) fs.writeFileSync(path.join(dir, 'in', `m${i}.ll`), generate({ size: 25_000, seed: 10 + (i % 4) }));
    const db = await server.createDatabase('batch');
    const url = server.url(db);
    const batch = (out, ...more) => runCli(['-S', `--repo=${url}`, PASSES, `-output-dir=${out}`, '-j', '2', '-q', ...more, 'in'], { cwd: dir });
    const p = await batch('out', '--report=report.json', '--cross-module-report=cross.json');
    assert.equal(p.code, 0, p.stderr);
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
    assert.equal(report.modules.filter(m => m.ok).length, 8, JSON.stringify(report.modules));
    assert.ok(JSON.parse(fs.readFileSync(path.join(dir, 'cross.json'), 'utf8')).summary.modules >= 8);
    // every ticket of every output is in the database, none twice
    const [[rows, distinct]] = await server.query('SELECT count(*)::int, count(DISTINCT digest)::int FROM wopt_definitions', [], db);
    assert.equal(rows, distinct);
    const r = await openRepository(url, { create: false });
    try {
      for (const [i, m] of report.modules.entries()) {
        const linked = await runCli(['repo', 'link', `--repo=${url}`, m.output, '-o', `linked${i}.ll`], { cwd: dir });
        assert.equal(linked.code, 0, linked.stderr);
      }
      assert.ok((await r.stats()).definitions > 20);
    } finally { await r.close(); }
    // a second batch prunes what the first stored
    const again = await batch('out2');
    assert.equal(again.code, 0, again.stderr);
    assert.ok((fs.readFileSync(path.join(dir, 'out2', 'in', 'm0.ll'), 'utf8').match(/pruned: true/g) ?? []).length > 10);
  });
});
