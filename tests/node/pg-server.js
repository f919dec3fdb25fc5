// A throwaway PostgreSQL server for the repository tests (not a test file itself). Debian's
// binaries (/usr/lib/postgresql/<version>/bin) make a cluster in a temporary folder (initdb), run
// by an unprivileged user (the `postgres` user when the tests run as root: initdb refuses root),
// listening on a free port of 127.0.0.1 and on a Unix socket in that folder.
//
// One cluster serves every test file of one `node --test` run: the first file to ask starts it
// (under a lock folder, so two files starting at once make one), the others find it, and a small
// detached watcher (fixtures/pg-reaper.js) stops it and removes its folder once the test runner
// has exited. A file run on its own gets a cluster that ends with it. `own: true` asks for a
// private cluster (a test that stops or restarts the server must not disturb the other files).
//
// Authentication: trust for every role, except WOPT_PASSWORD_ROLE, which must give its password
// over TCP (scram-sha-256), for the authentication tests.
//
// Without PostgreSQL the tests skip with the reason; with WOPT_REQUIRE_POSTGRES=1 (CI) they fail.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REQUIRE_POSTGRES = process.env.WOPT_REQUIRE_POSTGRES === '1';
export const ADMIN_ROLE = 'wopt_admin';
export const WOPT_PASSWORD_ROLE = 'wopt_password';
export const WOPT_PASSWORD = 'pw-Secret-4711';

const REAPER = new URL('./fixtures/pg-reaper.js', import.meta.url).pathname;

/** The newest Debian PostgreSQL bin folder with initdb and pg_ctl, or null. */
export function postgresBin() {
  if (process.env.WOPT_PG_BIN) return process.env.WOPT_PG_BIN;
  const root = '/usr/lib/postgresql';
  let versions = [];
  try { versions = fs.readdirSync(root).filter(v => /^\d+$/.test(v)).sort((a, b) => b - a); } catch { return null; }
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

// Who runs the server: ourselves, or the `postgres` user when we are root.
function serverUser() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const line = fs.readFileSync('/etc/passwd', 'utf8').split('\n').find(l => l.startsWith('postgres:'));
  if (!line) throw new Error("the tests run as root and there is no 'postgres' user to run the server as");
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

const freePort = () => new Promise((resolve, reject) => {
  const s = net.createServer();
  s.unref();
  s.on('error', reject);
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

const sleep = ms => new Promise(r => setTimeout(r, ms));
const alive = pid => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };

// The PG* variables of the caller's environment would steer the tools (and the tests' clients)
// elsewhere: none of them is passed on.
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PG')));

class Cluster {
  constructor(state) { Object.assign(this, state); }

  tool(name, args, { check = true } = {}) {
    const r = spawnSync(path.join(this.bin, name), args, { encoding: 'utf8', env: cleanEnv(), uid: this.uid, gid: this.gid, cwd: this.dir, timeout: 120_000 });
    if (check && (r.error || r.status !== 0)) throw new Error(`${name} ${args.join(' ')} failed: ${r.error?.message ?? ''}${r.stderr ?? ''}${r.stdout ?? ''}`.trim());
    return r;
  }

  get data() { return path.join(this.dir, 'data'); }

  /** A URL for database `db` as `user` (default: the superuser), with `password` when given. */
  url(db = 'postgres', { user = ADMIN_ROLE, password } = {}) {
    const auth = password === undefined ? encodeURIComponent(user) : `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;
    return `postgres://${auth}@127.0.0.1:${this.port}/${encodeURIComponent(db)}`;
  }

  /** Runs SQL as the superuser on `db`; resolves the rows (arrays). */
  async query(sql, params = [], db = 'postgres') {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: this.url(db) });
    c.on('error', () => {});
    await c.connect();
    try { return (await c.query({ text: sql, values: params, rowMode: 'array' })).rows; } finally { await c.end(); }
  }

  /** A new, empty database (named after `prefix`, made unique); resolves its name. */
  async createDatabase(prefix = 'repo') {
    const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
    await this.query(`CREATE DATABASE "${name}"`);
    return name;
  }

  running() { return this.tool('pg_ctl', ['-D', this.data, 'status'], { check: false }).status === 0; }

  start() { this.tool('pg_ctl', ['-D', this.data, '-l', path.join(this.dir, 'server.log'), '-w', '-t', '60', 'start']); }

  /** Stops the server: mode 'fast' (sessions ended, clean shutdown) or 'immediate'. */
  stop(mode = 'fast') { if (this.running()) this.tool('pg_ctl', ['-D', this.data, '-m', mode, '-w', 'stop']); }

  /** Stops this cluster and removes its folder (a private one; the shared one ends with the run). */
  destroy() {
    try { this.stop('immediate'); } catch { /* already gone */ }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

// initdb, configuration and first start of a cluster in `dir` (made here); returns its state.
async function createCluster(dir, { durable = false } = {}) {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql: its binaries go to /usr/lib/postgresql/<version>/bin)');
  const who = serverUser();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (who.uid !== undefined) fs.chownSync(dir, who.uid, who.gid);
  const c = new Cluster({ dir, bin, ...who, port: 0 });
  try {
    await initCluster(c, who, durable);
  } catch (e) {
    c.destroy(); // nothing half-made is left behind
    throw e;
  }
  return c;
}

async function initCluster(c, who, durable) {
  const { dir } = c;
  c.tool('initdb', ['-D', c.data, '-U', ADMIN_ROLE, '-A', 'trust', '-E', 'UTF8', '--locale=C', '-N']);
  fs.writeFileSync(path.join(c.data, 'pg_hba.conf'), [
    'local all all trust',
    `host all ${WOPT_PASSWORD_ROLE} 127.0.0.1/32 scram-sha-256`,
    'host all all 127.0.0.1/32 trust', '',
  ].join('\n'));
  // a test server: nothing to keep across a power cut, so no fsync (the tests kill clients, not the
  // server); `durable` (the bench) keeps PostgreSQL's defaults there, as a farm's server runs
  const conf = ["listen_addresses = '127.0.0.1'", `unix_socket_directories = '${dir}'`, 'max_connections = 120',
    "password_encryption = 'scram-sha-256'", ...(durable ? [] : ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off', 'shared_buffers = 32MB'])];
  for (let attempt = 0; ; attempt++) {
    c.port = await freePort();
    fs.appendFileSync(path.join(c.data, 'postgresql.conf'), `\n${conf.join('\n')}\nport = ${c.port}\n`);
    try { c.start(); break; } catch (e) {
      if (attempt >= 3) throw e; // another process took the port between freePort and the start
    }
  }
  await c.query(`CREATE ROLE ${WOPT_PASSWORD_ROLE} LOGIN SUPERUSER PASSWORD '${WOPT_PASSWORD}'`);
  if (who.uid !== undefined) for (const f of fs.readdirSync(dir)) fs.chownSync(path.join(dir, f), who.uid, who.gid);
}

// A lock folder (mkdir is atomic); a holder that died leaves it behind, and it is taken over.
async function withLock(lock, fn) {
  for (;;) {
    try { fs.mkdirSync(lock); break; } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      let holder = 0;
      try { holder = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8')); } catch { /* being written */ }
      if (holder && !alive(holder)) fs.rmSync(lock, { recursive: true, force: true });
      else await sleep(100);
    }
  }
  fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
  try { return await fn(); } finally { fs.rmSync(lock, { recursive: true, force: true }); }
}

// Starts the watcher that stops the cluster in `dir` when process `pid` has exited.
function reapWhenGone(pid, c) {
  spawn(process.execPath, [REAPER, String(pid), c.dir, c.bin, String(c.uid ?? ''), String(c.gid ?? '')],
    { detached: true, stdio: 'ignore', env: cleanEnv() }).unref();
}

let shared = null;

/**
 * The test run's shared cluster (started on first use), or with `own` a private one (`durable`:
 * with PostgreSQL's own fsync and commit settings, for measuring). Resolves
 * { server } or { skip: reason } (no PostgreSQL here) or { fail: reason } (none, and
 * WOPT_REQUIRE_POSTGRES=1).
 */
export async function postgresForTests({ own = false, durable = false } = {}) {
  try {
    await import('pg');
  } catch {
    return unavailable('the pg package is not installed (npm install)');
  }
  try {
    if (own) {
      const c = await createCluster(fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-pg-own-')), { durable });
      reapWhenGone(process.pid, c);
      process.on('exit', () => c.destroy());
      return { server: c };
    }
    shared ??= sharedCluster();
    return { server: await shared };
  } catch (e) {
    return unavailable(e.message);
  }
}

function unavailable(why) {
  if (REQUIRE_POSTGRES) return { fail: `no PostgreSQL server for the tests: ${why}` };
  return { skip: `no PostgreSQL server (${why}); WOPT_REQUIRE_POSTGRES=1 makes this a failure` };
}

async function sharedCluster() {
  // Under `node --test` each file is a child of the runner: the cluster lives as long as the runner.
  const owner = process.env.NODE_TEST_CONTEXT ? process.ppid : process.pid;
  const dir = path.join(os.tmpdir(), `wopt-pg-run-${owner}`);
  return withLock(`${dir}.lock`, async () => {
    const stateFile = `${dir}.json`; // the watcher removes it with the folder
    try {
      const c = new Cluster(JSON.parse(fs.readFileSync(stateFile, 'utf8')));
      if (c.running()) return c;
    } catch { /* none yet */ }
    fs.rmSync(dir, { recursive: true, force: true });
    const c = await createCluster(dir);
    fs.writeFileSync(stateFile, JSON.stringify({ dir: c.dir, bin: c.bin, uid: c.uid, gid: c.gid, port: c.port }));
    reapWhenGone(owner, c);
    return c;
  });
}
