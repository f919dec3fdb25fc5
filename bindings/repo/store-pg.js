// store-pg.js — the shared repository: a PostgreSQL database that every machine of a build farm
// opens by URL (postgres://user@host:port/db or postgresql://...; what the URL leaves out comes
// from the PG* environment variables and ~/.pgpass, as in libpq). Node only, through the `pg`
// package (node-postgres), which is loaded only when such a URL is opened.
//
// Layout, in the connection's current schema: `wopt_repository` holds one row naming the
// application ('wopt') and the schema version (SCHEMA_VERSION, the same entry format as the SQLite
// store); `wopt_definitions` holds the entries, keyed by the 16-byte digest (bytea PRIMARY KEY);
// `wopt_function_maps` holds each module's stable function map by module name (schema 4; a
// schema-3 repository gains it when opened, under the creation lock with the state decided again,
// as creating is). Other tables in the database are left alone.
//
// Guarantees, in PostgreSQL's terms, the same as the SQLite store's:
//  - creating: under an advisory lock (per schema), the state is decided again in a new transaction
//    and the two tables and the version row are made in it, so any number of processes may create
//    the same repository at once; a reader that finds no tables waits on the same lock (shared)
//    before it says "no such repository", so it never answers in the middle of a creation;
//  - storing: one transaction per module, INSERT ... ON CONFLICT (digest) DO NOTHING, rows sent in
//    digest order (so two writers of overlapping modules take their row locks in the same order
//    and never deadlock); the first entry stored for a digest is kept;
//  - function maps: one transaction per call, INSERT ... ON CONFLICT (module) DO UPDATE (a module's
//    map replaces its earlier one), rows in module-name order (no deadlock, as above);
//  - a killed writer: the server rolls its transaction back when the connection goes, nothing of
//    the module is left;
//  - a lost connection (the server restarted, a network cut): the call in flight is retried on a
//    new connection for up to RECONNECT_MS (storing is idempotent, so a COMMIT whose answer was
//    lost is safe to repeat); after that it fails with the reason, and later calls try one
//    connection each (failing at once while the server stays away, working again when it is back);
//  - errors name the URL without its password; a lock held by another writer longer than
//    `busyTimeout` (lock_timeout) is an error, as SQLite's busy timeout is.
import { SCHEMA_VERSION, UPGRADABLE_VERSION, APPLICATION_ID, RepoError, encodeDependents, decodeDependents, byModuleName } from './common.js';
import { Repository } from './repository.js';

// the longest wait for another writer's lock when the caller names none (as the SQLite store's)
const DEFAULT_BUSY_TIMEOUT_MS = 60_000;
/** How long a call keeps trying to reconnect after the connection was lost (WOPT_REPO_RECONNECT_MS). */
export const RECONNECT_MS = 30_000;
// connect_timeout (the URL's, or PGCONNECT_TIMEOUT) when neither gives one, in seconds
const DEFAULT_CONNECT_TIMEOUT_S = 10;
// rows per INSERT and digests per lookup statement (one transaction holds them all)
const PUT_ROWS = 2000, PUT_BYTES = 8 << 20, LOOKUP_ROWS = 10_000;

const SCHEMA = `
CREATE TABLE wopt_repository (
  application    text        NOT NULL,  -- 'wopt'
  schema_version integer     NOT NULL,
  created        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX wopt_repository_one_row ON wopt_repository ((true));
CREATE TABLE wopt_definitions (
  digest      bytea PRIMARY KEY CHECK (octet_length(digest) = 16),
  name        text NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('function', 'variable', 'metadata')),
  linkage     text NOT NULL,
  visibility  text NOT NULL,
  dependents  text NOT NULL,  -- JSON: [[name, digest-hex], ...]
  text_digest text NOT NULL,  -- SHA-256 of text, hex (checked when a text is read back)
  text        text NOT NULL
);
`;
// Schema 4's addition, also what upgrading a schema-3 repository adds.
const MAPS_SCHEMA = `
CREATE TABLE wopt_function_maps (
  module text PRIMARY KEY,
  map    bytea NOT NULL
);
`;

// what the messages of a repository that cannot be used advise (an older one has the first two only)
const DROP_TO_RESTART = 'drop its tables wopt_repository and wopt_definitions to start a new repository';
const DROP_ALL_TO_RESTART = 'drop its tables wopt_repository, wopt_definitions and wopt_function_maps to start a new repository';

/** The URL as it may be printed: without its password (user info or a password= parameter). */
export function redactUrl(spec) {
  try {
    const u = new URL(spec);
    u.password = '';
    for (const k of [...u.searchParams.keys()]) if (k.toLowerCase() === 'password') u.searchParams.delete(k);
    return u.href;
  } catch {
    return spec.replace(/^([a-z]+:\/\/[^/@:?#]*):[^@/?#]*@/i, '$1@').replace(/([?&]password=)[^&#]*/gi, '$1');
  }
}

// The password the URL carries (decoded), to scrub from any text printed.
function urlPassword(spec) {
  try {
    const u = new URL(spec);
    const p = [u.password && decodeURIComponent(u.password), u.searchParams.get('password')].filter(Boolean);
    return p;
  } catch { return []; }
}

// The advisory lock of creating a repository: 'wopt' and the schema the tables go to (several
// repositories may share a database, one per schema, through the search_path).
const LOCK_KEY = APPLICATION_ID;
const LOCK = "$1::int4, hashtext(coalesce(current_schema(), ''))";

const isLost = e => {
  const code = String(e?.code ?? '');
  if (['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ENOENT', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED', '57P01', '57P02', '57P03'].includes(code)) return true;
  if (code.startsWith('08')) return true; // connection exception
  return /Connection terminated|not queryable|timeout expired|connection timeout/i.test(String(e?.message ?? ''));
};
// serialization failure, deadlock: the transaction was rolled back; the same call may run again
const isRetryable = e => ['40001', '40P01'].includes(e?.code);

/** Why a connection or statement failed, as one line (`target`: host:port, database and user). */
function why(e, target, connectTimeoutS) {
  const code = String(e?.code ?? '');
  const msg = String(e?.message ?? e).split('\n')[0];
  const at = `${target.host}${target.socket ? '' : `:${target.port}`}`;
  if (code === 'ECONNREFUSED') return { reason: 'connection', text: `connection refused (is the server running and accepting TCP/IP connections on ${at}?)` };
  if (code === 'ENOENT' && target.socket) return { reason: 'connection', text: `no server socket at ${target.host}/.s.PGSQL.${target.port} (is the server running?)` };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { reason: 'connection', text: `unknown host ${target.host}` };
  if (['ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code)) return { reason: 'connection', text: `the server at ${at} cannot be reached (${code})` };
  if (/timeout expired|connection timeout/i.test(msg)) return { reason: 'connection', text: `no answer from the server at ${at} within ${connectTimeoutS} s` };
  if (/password must be a string|SASL/i.test(msg) && !code) {
    return { reason: 'auth', text: `the server asks for a password for user "${target.user}" and none was given (in the URL, PGPASSWORD or ~/.pgpass)` };
  }
  if (code === '28P01' || code === '28000') return { reason: 'auth', text: `authentication failed: ${msg}` };
  if (code === '3D000') return { reason: 'missing', text: `${msg} (wopt makes its tables, not the database: createdb ${target.database})` };
  if (code === '42501') return { reason: 'readOnly', text: `${msg} (role "${target.user}")` };
  if (code === '25006') return { reason: 'readOnly', text: `the role's transactions are read-only (${msg})` };
  if (code === '55P03') return { reason: 'io', text: 'another writer held a lock too long (timed out waiting)' };
  if (code === '53100') return { reason: 'io', text: "the server's disk is full" };
  if (code === '57P01' || code === '57P02') return { reason: 'connection', text: `the server shut down or restarted (${msg})` };
  if (code === '57P03') return { reason: 'connection', text: `the server is not accepting connections (${msg})` };
  if (code === 'ECONNRESET' || code === 'EPIPE' || /Connection terminated|not queryable/.test(msg)) return { reason: 'connection', text: `the connection to the server at ${at} was lost` };
  return { reason: 'io', text: msg };
}

async function loadPg(label) {
  try { return (await import('pg')).default; } catch (e) {
    throw new RepoError(`${label}: error: PostgreSQL repositories need the pg package (npm install pg): ${String(e?.message ?? e).split('\n')[0]}`, { cause: e, reason: 'io' });
  }
}

/**
 * @param url   postgres://[user[:password]@][host][:port][/database][?param=value...]
 * @param opts  { create = true, busyTimeout = 60 s } — busyTimeout: the longest wait for another
 *              writer's lock (lock_timeout)
 */
export async function openPostgres(url, { create = true, busyTimeout = DEFAULT_BUSY_TIMEOUT_MS } = {}) {
  const label = redactUrl(url);
  const secrets = urlPassword(url).filter(p => p.length >= 3);
  const scrub = s => secrets.reduce((t, p) => t.split(p).join('***'), s);
  const fail = (doing, e) => {
    if (e instanceof RepoError) return e;
    const w = why(e, target, connectTimeoutS);
    return new RepoError(scrub(`${label}: error: ${doing}: ${w.text}`), { cause: e, reason: w.reason });
  };
  const pg = await loadPg(label);
  let config, target, connectTimeoutS;
  try {
    config = new pg.Client({ connectionString: url }).connectionParameters;
  } catch (e) {
    throw new RepoError(scrub(`${label}: error: not a valid PostgreSQL URL: ${String(e?.message ?? e).split('\n')[0]}`), { cause: e, reason: 'invalid' });
  }
  // pg reads PGCONNECT_TIMEOUT but not the URL's connect_timeout: both here, the URL's first
  let fromUrl = null;
  try { fromUrl = new URL(url).searchParams.get('connect_timeout'); } catch { /* pg parsed it: no parameter */ }
  connectTimeoutS = [fromUrl, process.env.PGCONNECT_TIMEOUT].map(Number).find(n => n > 0) ?? DEFAULT_CONNECT_TIMEOUT_S;
  target = { host: config.host, port: config.port, user: config.user, database: config.database, socket: config.isDomainSocket };
  const reconnectMs = Number(process.env.WOPT_REPO_RECONNECT_MS ?? RECONNECT_MS);

  const connect = async () => {
    const c = new pg.Client({
      connectionString: url, connectionTimeoutMillis: connectTimeoutS * 1000,
      lock_timeout: Math.max(1, Math.round(busyTimeout)), keepAlive: true, keepAliveInitialDelayMillis: 10_000,
      application_name: config.application_name ?? 'wopt',
    });
    c.lost = false;
    c.on('error', () => { c.lost = true; }); // a dropped idle connection: the next call reconnects
    c.on('notice', () => {});
    try { await c.connect(); } catch (e) { c.lost = true; try { await c.end(); } catch { /* already failing */ } throw e; }
    return c;
  };

  let client;
  try { client = await connect(); } catch (e) { throw fail('cannot connect to the server', e); }
  try {
    await init(client, label, create, fail);
  } catch (e) {
    try { await client.end(); } catch { /* already failing */ }
    throw e instanceof RepoError ? e : fail('cannot open repository', e);
  }
  return new Repository(pgBackend({ label, connect, client, fail, reconnectMs }));
}

// The repository's state in the connection's schema: 'ok' | 'upgrade' (schema 3) | 'empty' | throws.
async function classify(c, label) {
  const r = await c.query({ text: "SELECT to_regclass('wopt_repository') IS NOT NULL, to_regclass('wopt_definitions') IS NOT NULL, current_setting('server_encoding'), to_regclass('wopt_function_maps') IS NOT NULL", rowMode: 'array' });
  const [meta, defs, encoding, maps] = r.rows[0];
  if (!meta && !defs) {
    if (maps) throw new RepoError(`${label}: error: not a wopt repository (the database has a table wopt_function_maps but no wopt_repository or wopt_definitions); ${DROP_ALL_TO_RESTART}`, { reason: 'notRepository' });
    if (!['UTF8', 'SQL_ASCII'].includes(encoding)) {
      throw new RepoError(`${label}: error: cannot create repository: the database's encoding is ${encoding}; a wopt repository needs UTF8 (CREATE DATABASE ... ENCODING 'UTF8')`, { reason: 'invalid' });
    }
    return 'empty';
  }
  const notOurs = () => new RepoError(`${label}: error: not a wopt repository (the database has a table wopt_repository or wopt_definitions that wopt did not make)`, { reason: 'notRepository' });
  if (!meta || !defs) throw notOurs();
  let rows;
  try { rows = (await c.query({ text: 'SELECT application, schema_version FROM wopt_repository', rowMode: 'array' })).rows; } catch (e) {
    if (e?.code === '42703') throw notOurs(); // no such column
    throw e;
  }
  if (rows.length !== 1 || rows[0][0] !== 'wopt') throw notOurs();
  const version = Number(rows[0][1]);
  if (version > SCHEMA_VERSION) throw new RepoError(`${label}: error: repository schema version ${version} is newer than this wopt supports (${SCHEMA_VERSION})`, { reason: 'newerSchema' });
  if (version === UPGRADABLE_VERSION) return 'upgrade';
  if (version < SCHEMA_VERSION) {
    throw new RepoError(`${label}: error: repository schema version ${version} was written by an older wopt (this wopt reads ${SCHEMA_VERSION}); ${DROP_TO_RESTART}`, { reason: 'olderSchema' });
  }
  return 'ok';
}

async function transaction(c, body, begin = 'BEGIN') {
  await c.query(begin);
  try {
    const r = await body();
    await c.query('COMMIT');
    return r;
  } catch (e) {
    try { await c.query('ROLLBACK'); } catch { /* the connection is gone: the server rolls back */ }
    throw e;
  }
}

// Runs `body` holding the creation lock (shared: waiting for a creator only). A session lock, taken
// before the transactions of `body` begin: a transaction reads the catalog as of its start, so one
// that began before the wait would still see no tables after another process made them.
async function withCreationLock(c, shared, body) {
  const kind = shared ? '_shared' : '';
  await c.query(`SELECT pg_advisory_lock${kind}(${LOCK})`, [LOCK_KEY]);
  try { return await body(); } finally {
    await c.query(`SELECT pg_advisory_unlock${kind}(${LOCK})`, [LOCK_KEY]).catch(() => { /* the connection is gone, and the lock with it */ });
  }
}

async function init(c, label, create, fail) {
  let state = await classify(c, label);
  if (state === 'empty' && !create) {
    // Another process may be creating it: wait for it (it holds the lock) and look again.
    state = await withCreationLock(c, true, () => classify(c, label));
    if (state === 'empty') throw new RepoError(`${label}: error: no such repository (the database has no wopt tables)`, { reason: 'missing' });
  }
  if (state === 'empty' || state === 'upgrade') {
    // Exactly one of the processes creating (or upgrading) it at once makes the tables; the rest
    // wait on the lock, then see them.
    const doing = state === 'empty' ? 'cannot create repository' : `cannot upgrade repository schema version ${UPGRADABLE_VERSION} to ${SCHEMA_VERSION}`;
    try {
      await withCreationLock(c, false, () => transaction(c, async () => {
        const now = await classify(c, label);
        if (now === 'empty') {
          await c.query(SCHEMA + MAPS_SCHEMA);
          await c.query('INSERT INTO wopt_repository (application, schema_version) VALUES ($1, $2)', ['wopt', SCHEMA_VERSION]);
        } else if (now === 'upgrade') {
          await c.query(MAPS_SCHEMA); // the entries of schema 3 are schema 4's as they are
          await c.query('UPDATE wopt_repository SET schema_version = $1', [SCHEMA_VERSION]);
        }
      }));
    } catch (e) { throw fail(doing, e); }
  }
  // The statements' columns must be there: a repository whose table was altered fails at its open.
  try {
    await c.query('SELECT digest, name, kind, linkage, visibility, dependents, text_digest, text FROM wopt_definitions LIMIT 0');
    // a role granted the definitions only still reads and stores them: a permission error for the
    // maps comes when they are used
    await c.query('SELECT module, map FROM wopt_function_maps LIMIT 0').catch(e => { if (e?.code !== '42501') throw e; });
  } catch (e) {
    const w = String(e?.message ?? e).split('\n')[0];
    throw new RepoError(`${label}: error: the repository is damaged (${w}); ${DROP_ALL_TO_RESTART}`, { cause: e, reason: 'io' });
  }
}

function pgBackend({ label, connect, client, fail, reconnectMs }) {
  let closed = false;
  const sleep = ms => new Promise(r => setTimeout(r, ms));

  // Runs `op(client)`, reconnecting and running it again after a lost connection (or a deadlock,
  // which rolled the transaction back) until `reconnectMs` have passed. Every op is safe to repeat.
  // Once a call has waited out the whole time in vain, the server counts as gone: later calls try
  // one connection each and fail at once (a batch does not wait again for every module) until one
  // connects.
  let gone = false;
  const run = async (doing, op) => {
    const deadline = gone ? 0 : Date.now() + reconnectMs;
    for (let wait = 50; ; wait = Math.min(2 * wait, 1000)) {
      try {
        if (!client || client.lost) {
          const old = client;
          client = null;
          old?.end().catch(() => {});
          client = await connect();
          gone = false;
        }
        return await op(client);
      } catch (e) {
        const lost = isLost(e) || client?.lost;
        if (lost) { const old = client; client = null; old?.end().catch(() => {}); }
        if ((lost || isRetryable(e)) && !closed && Date.now() + wait < deadline) { await sleep(wait + Math.random() * wait); continue; }
        if (lost) gone = true;
        throw fail(doing, e);
      }
    }
  };

  const SELECT_TEXT = 'SELECT encode(digest, \'hex\'), name, kind, linkage, visibility, dependents, text_digest, text FROM wopt_definitions WHERE digest = ANY($1::bytea[])';
  const SELECT_NO_TEXT = 'SELECT encode(digest, \'hex\'), name, kind, linkage, visibility, dependents FROM wopt_definitions WHERE digest = ANY($1::bytea[])';
  const INSERT = `INSERT INTO wopt_definitions (digest, name, kind, linkage, visibility, dependents, text_digest, text)
    SELECT * FROM unnest($1::bytea[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
    ON CONFLICT (digest) DO NOTHING`;

  const row2entry = r => (r.length === 8
    ? { digest: r[0], name: r[1], kind: r[2], linkage: r[3], visibility: r[4], text: r[7], textDigest: r[6], dependents: decodeDependents(r[5]) }
    : { digest: r[0], name: r[1], kind: r[2], linkage: r[3], visibility: r[4], dependents: decodeDependents(r[5]) });
  const key = hex => Buffer.from(hex, 'hex');

  const lookup = (digests, withText) => run('lookup failed', async c => {
    const unique = [...new Set(digests)];
    const found = new Map();
    const one = async part => {
      const r = await c.query({ text: withText ? SELECT_TEXT : SELECT_NO_TEXT, values: [part.map(key)], rowMode: 'array' });
      for (const row of r.rows) found.set(row[0], row2entry(row));
    };
    if (unique.length <= LOOKUP_ROWS) await one(unique);
    else {
      // one snapshot across the statements, as a single statement has
      await transaction(c, async () => {
        for (let i = 0; i < unique.length; i += LOOKUP_ROWS) await one(unique.slice(i, i + LOOKUP_ROWS));
      }, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    }
    const out = new Map();
    for (const d of digests) { const e = found.get(d); if (e && !out.has(d)) out.set(d, e); }
    return out;
  });

  return {
    kind: 'postgres',
    path: label,
    lookup,
    async put(entries) {
      // the first entry of a digest wins, as in the other stores; digest order: no deadlock
      const seen = new Set();
      const rows = entries.filter(e => !seen.has(e.digest) && seen.add(e.digest)).sort((a, b) => (a.digest < b.digest ? -1 : a.digest > b.digest ? 1 : 0));
      const parts = [];
      for (let i = 0, bytes = 0, start = 0; i <= rows.length; i++) {
        if (i === rows.length || i - start >= PUT_ROWS || bytes >= PUT_BYTES) {
          if (i > start) parts.push(rows.slice(start, i));
          start = i; bytes = 0;
        }
        if (i < rows.length) bytes += rows[i].text.length;
      }
      await run('storing failed', c => transaction(c, async () => {
        for (const p of parts) {
          await c.query(INSERT, [p.map(e => key(e.digest)), p.map(e => e.name), p.map(e => e.kind), p.map(e => e.linkage),
            p.map(e => e.visibility), p.map(e => encodeDependents(e.dependents)), p.map(e => e.textDigest), p.map(e => e.text)]);
        }
      }));
    },
    async get(digest) {
      return (await lookup([digest], true)).get(digest);
    },
    async putMaps(list) {
      // module-name order: two writers of overlapping batches lock the rows in the same order
      const rows = [...list].sort(byModuleName);
      await run('storing the function maps failed', c => transaction(c, async () => {
        await c.query(`INSERT INTO wopt_function_maps (module, map) SELECT * FROM unnest($1::text[], $2::bytea[])
          ON CONFLICT (module) DO UPDATE SET map = EXCLUDED.map`,
        [rows.map(x => x.module), rows.map(x => Buffer.from(x.map.buffer, x.map.byteOffset, x.map.byteLength))]);
      }));
    },
    async maps() {
      return run('reading the function maps failed', async c => {
        const r = await c.query({ text: 'SELECT module, map FROM wopt_function_maps', rowMode: 'array' });
        return r.rows.map(([module, m]) => ({ module, map: new Uint8Array(m) }));
      });
    },
    async dropMaps(names) {
      return run('removing function maps failed', c => transaction(c, async () => {
        const r = names === null ? await c.query('DELETE FROM wopt_function_maps')
          : await c.query('DELETE FROM wopt_function_maps WHERE module = ANY($1::text[])', [[...names].sort()]);
        return r.rowCount;
      }));
    },
    async stats() {
      return run('reading statistics failed', async c => {
        const counts = await c.query({ text: 'SELECT kind, count(*), coalesce(sum(octet_length(text)), 0) FROM wopt_definitions GROUP BY kind', rowMode: 'array' });
        // a role granted the definitions alone reads them; its maps are then unknown (null), not an error
        const maps = await c.query({ text: 'SELECT count(*), coalesce(sum(octet_length(map)), 0) FROM wopt_function_maps', rowMode: 'array' })
          .catch(e => { if (e?.code === '42501') return { rows: [[null, null]] }; throw e; });
        const size = await c.query({ text: "SELECT pg_total_relation_size('wopt_definitions') + pg_total_relation_size('wopt_repository') + pg_total_relation_size('wopt_function_maps')", rowMode: 'array' });
        let functions = 0, variables = 0, metadata = 0, textBytes = 0;
        for (const [kind, n, bytes] of counts.rows) {
          if (kind === 'function') functions = Number(n); else if (kind === 'metadata') metadata = Number(n); else variables += Number(n);
          textBytes += Number(bytes);
        }
        return { definitions: functions + variables, functions, variables, metadata, textBytes, functionMaps: maps.rows[0][0] === null ? null : Number(maps.rows[0][0]), functionMapBytes: maps.rows[0][1] === null ? null : Number(maps.rows[0][1]), bytes: Number(size.rows[0][0]) };
      });
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      if (!c) return;
      try { await c.end(); } catch (e) { if (!c.lost) throw fail('closing failed', e); }
    },
  };
}
