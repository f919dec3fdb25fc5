// store-sqlite.js — the file repository: SQLite through node:sqlite or better-sqlite3
// (sqlite-driver.js; Node only: the browser entry store-browser.js never loads this file).
//
// Layout: `definitions`, keyed by the 16-byte digest (a BLOB PRIMARY KEY on a rowid table: rows
// hold whole IR texts, far larger than a WITHOUT ROWID table suits), and `function_maps`, each
// module's stable function map by module name (schema 4; a schema-3 file gains it when opened,
// under the same write lock and re-check as creation). A wopt repository
// is recognised by `PRAGMA application_id` ('wopt') and versioned by `PRAGMA user_version`; both
// live in the database header and are written in the same transaction as the schema.
//
// Concurrency and crashes: WAL journal (readers never block the writer; a killed process leaves a
// WAL that the next open rolls back to the last commit), a busy timeout so several wopt processes
// queue for the write lock instead of failing, and BEGIN IMMEDIATE for every write so a writer
// takes the lock before reading (no deadlock between two upgrading readers). The header is read in
// one transaction and decided again under the write lock before the schema is created, so any
// number of processes may create the same new repository at once. Where SQLite answers SQLITE_BUSY
// without waiting (switching to WAL, WAL recovery after a killed process), the whole step is
// retried until the same timeout (retryBusy). synchronous=NORMAL:
// a commit survives a killed process; after a power cut the newest commits may be gone but the
// database is consistent, which is all a cache keyed by content needs.
import fs from 'node:fs';
import path from 'node:path';
import { loadSqliteDriver } from './sqlite-driver.js';
import { APPLICATION_ID, SCHEMA_VERSION, UPGRADABLE_VERSION, RepoError, encodeDependents, decodeDependents, olderSchemaMessage } from './common.js';
import { Repository } from './repository.js';

const SCHEMA = `
CREATE TABLE definitions (
  digest     BLOB PRIMARY KEY NOT NULL CHECK (typeof(digest) = 'blob' AND length(digest) = 16),
  name       TEXT NOT NULL,
  kind       TEXT NOT NULL CHECK (kind IN ('function', 'variable', 'metadata')),
  linkage    TEXT NOT NULL,
  visibility TEXT NOT NULL,
  dependents TEXT NOT NULL,  -- JSON: [[name, digest-hex], ...]
  text_digest TEXT NOT NULL, -- SHA-256 of text, hex (checked when a text is read back)
  text       TEXT NOT NULL   -- last: reading the columns before it skips its overflow pages
);
`;
// Schema 4's addition, also what upgrading a schema-3 repository adds.
const MAPS_SCHEMA = `
CREATE TABLE function_maps (
  module TEXT PRIMARY KEY NOT NULL,
  map    BLOB NOT NULL CHECK (typeof(map) = 'blob')
);
`;

export const DEFAULT_BUSY_TIMEOUT_MS = 60_000;

/** Maps an SQLite (sqlite-driver.js codes) or file-system error to a RepoError naming the file. */
function repoError(file, e, doing = 'cannot open repository') {
  if (e instanceof RepoError) return e;
  const code = e?.code ?? '';
  const why = (() => {
    if (code === 'SQLITE_NOTADB') return null;
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'the repository is locked by another process (timed out waiting)';
    if (code.startsWith('SQLITE_READONLY')) return 'the repository is read-only';
    if (code === 'SQLITE_FULL') return 'the disk is full';
    if (code.startsWith('SQLITE_CORRUPT')) return 'the repository file is corrupt';
    if (code.startsWith('SQLITE_CANTOPEN')) return 'unable to open the database file';
    if (code.startsWith('SQLITE_IOERR')) return `I/O error (${code})`;
    if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
    return e?.message ?? String(e);
  })();
  if (why === null) return new RepoError(`${file}: error: not a wopt repository`, { cause: e, reason: 'notRepository' });
  return new RepoError(`${file}: error: ${doing}: ${why}`, { cause: e, reason: 'io' });
}

// SQLite answers SQLITE_BUSY at once, without the busy handler, where waiting could deadlock or
// where the lock is not a plain one: `PRAGMA journal_mode` (an exclusive lock), a connection that
// finds another recovering the WAL of a killed process. Such steps are retried here, whole (a
// failed transaction has been rolled back), until `timeout` ms have passed.
const isBusy = e => typeof e?.code === 'string' && e.code.startsWith('SQLITE_BUSY');
const pause = new Int32Array(new SharedArrayBuffer(4));
function retryBusy(fn, timeout) {
  const deadline = Date.now() + timeout;
  for (let wait = 1; ; wait = Math.min(2 * wait, 64)) {
    try { return fn(); } catch (e) {
      if (!isBusy(e) || Date.now() >= deadline) throw e;
      Atomics.wait(pause, 0, 0, wait + Math.random() * wait); // jitter: the waiters do not retry in step
    }
  }
}

function header(db) {
  return {
    appId: db.pragma('application_id'),
    version: db.pragma('user_version'),
    objects: db.prepare('SELECT count(*) FROM sqlite_schema', true).get()[0],
  };
}

// 'ok' | 'upgrade' (schema 3) | 'empty' (a new or zero-length file, or an SQLite database with nothing in it) | throws.
function classify(file, h) {
  if (h.appId === APPLICATION_ID) {
    if (h.version > SCHEMA_VERSION) {
      throw new RepoError(`${file}: error: repository schema version ${h.version} is newer than this wopt supports (${SCHEMA_VERSION})`, { reason: 'newerSchema' });
    }
    if (h.version === SCHEMA_VERSION) return 'ok';
    if (h.version === UPGRADABLE_VERSION) return 'upgrade';
    if (h.version >= 1) throw new RepoError(olderSchemaMessage(file, h.version), { reason: 'olderSchema' });
  }
  if (h.appId === 0 && h.version === 0 && h.objects === 0) return 'empty';
  throw new RepoError(`${file}: error: not a wopt repository`, { reason: 'notRepository' });
}

// Checks done before SQLite sees the path, for messages better than "unable to open database file".
function precheck(file, create) {
  let st = null;
  try { st = fs.statSync(file); } catch (e) {
    if (e.code !== 'ENOENT') throw repoError(file, e);
  }
  if (st?.isDirectory()) throw new RepoError(`${file}: error: cannot open repository: is a directory`, { reason: 'io' });
  if (st) return;
  if (!create) throw new RepoError(`${file}: error: no such repository`, { reason: 'missing' });
  const dir = path.dirname(path.resolve(file));
  let dst = null;
  try { dst = fs.statSync(dir); } catch { /* reported below */ }
  if (!dst) throw new RepoError(`${file}: error: cannot create repository: directory ${dir} does not exist`, { reason: 'io' });
  if (!dst.isDirectory()) throw new RepoError(`${file}: error: cannot create repository: ${dir} is not a directory`, { reason: 'io' });
}

/**
 * @param file  the repository file (created on first use when `create`)
 * @param opts  { create = true, busyTimeout = 60 s }
 */
export async function openSqlite(file, { create = true, busyTimeout = DEFAULT_BUSY_TIMEOUT_MS } = {}) {
  let driver;
  try { driver = await loadSqliteDriver(); } catch (e) {
    throw new RepoError(`${file}: error: ${e.message}`, { cause: e, reason: 'io' });
  }
  precheck(file, create);
  let db;
  try {
    db = driver.open(file, { timeout: busyTimeout });
  } catch (e) { throw repoError(file, e); }
  try {
    init(db, file, create, busyTimeout);
    return new Repository(sqliteBackend(db, file, busyTimeout));
  } catch (e) {
    try { db.close(); } catch { /* already failing */ }
    throw repoError(file, e);
  }
}

function init(db, file, create, timeout) {
  // Reading the header is what fails (SQLITE_NOTADB) on a file that is not SQLite at all. Its
  // fields in one read transaction: read one by one they could mix the states before and after
  // another process's creation (application_id still 0, the schema already there).
  let state = classify(file, retryBusy(db.transaction(() => header(db), 'deferred'), timeout));
  if (state === 'empty' && !create) {
    // Another process may be creating it (the file exists before its schema commits): decide
    // after that process's write transaction, behind the write lock. Still empty then: there is
    // no repository in it (yet).
    const underWriteLock = () => {
      db.exec('BEGIN IMMEDIATE');
      try { return header(db); } finally { db.exec('ROLLBACK'); } // rolled back: nothing written
    };
    try { state = classify(file, retryBusy(underWriteLock, timeout)); } catch (e) {
      if (!(typeof e?.code === 'string' && e.code.startsWith('SQLITE_READONLY'))) throw e;
    }
    if (state === 'empty') throw new RepoError(`${file}: error: no such repository (the database is empty)`, { reason: 'missing' });
  }
  // WAL is persistent in the file; switching needs no open transaction, so it comes first (and
  // only once the file is known to be a wopt repository or empty: a foreign database stays as it is).
  retryBusy(() => db.pragma('journal_mode = WAL'), timeout);
  db.pragma('synchronous = NORMAL');
  if (state === 'empty' || state === 'upgrade') {
    // Another process may be creating or upgrading the same repository: decide again under the
    // write lock, so exactly one creates (or upgrades) the schema and the rest see it done.
    retryBusy(db.transaction(() => {
      const now = classify(file, header(db));
      if (now === 'empty') {
        db.exec(SCHEMA + MAPS_SCHEMA);
        db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
      } else if (now === 'upgrade') {
        db.exec(MAPS_SCHEMA); // the entries of schema 3 are schema 4's as they are
      } else return;
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    }, 'immediate'), timeout);
  }
}

function sqliteBackend(db, file, timeout) {
  // The statements compile against the schema: a repository whose table was dropped or altered
  // (the header still says wopt) fails here, at its open.
  const prepare = (sql, raw) => {
    try { return db.prepare(sql, raw); } catch (e) {
      // node:sqlite prefixes SQLite's message with the result code's text; better-sqlite3 does not
      const why = String(e?.message ?? e).replace(/^SQL logic error: /, '');
      throw new RepoError(`${file}: error: the repository is damaged (${why}); remove it to start a new repository`, { cause: e, reason: 'io' });
    }
  };
  // Rows as arrays (raw): no per-row key objects on the lookup path.
  const sel = prepare('SELECT name, kind, linkage, visibility, dependents, text_digest, text FROM definitions WHERE digest = ?', true);
  const selNoText = prepare('SELECT name, kind, linkage, visibility, dependents FROM definitions WHERE digest = ?', true);
  const ins = prepare('INSERT OR IGNORE INTO definitions (digest, name, kind, linkage, visibility, dependents, text_digest, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const putMap = prepare('INSERT INTO function_maps (module, map) VALUES (?, ?) ON CONFLICT (module) DO UPDATE SET map = excluded.map');
  const allMaps = prepare('SELECT module, map FROM function_maps', true);
  const dropMap = prepare('DELETE FROM function_maps WHERE module = ?');
  const dropAllMaps = prepare('DELETE FROM function_maps');
  const counts = prepare('SELECT kind, count(*) AS n, total(length(CAST(text AS BLOB))) AS bytes FROM definitions GROUP BY kind');
  const mapCounts = prepare('SELECT count(*) AS n, total(length(map)) AS bytes FROM function_maps');

  const row2entry = (digest, r) => (r.length === 7
    ? { digest, name: r[0], kind: r[1], linkage: r[2], visibility: r[3], text: r[6], textDigest: r[5], dependents: decodeDependents(r[4]) }
    : { digest, name: r[0], kind: r[1], linkage: r[2], visibility: r[3], dependents: decodeDependents(r[4]) });
  const key = hex => Buffer.from(hex, 'hex');

  // One read transaction per lookup: a consistent snapshot while other processes write.
  const lookup = db.transaction((digests, stmt) => {
    const out = new Map();
    for (const d of digests) {
      if (out.has(d)) continue;
      const r = stmt.get(key(d));
      if (r) out.set(d, row2entry(d, r));
    }
    return out;
  }, 'deferred');
  const put = db.transaction(entries => {
    for (const e of entries) ins.run(key(e.digest), e.name, e.kind, e.linkage, e.visibility, encodeDependents(e.dependents), e.textDigest, e.text);
  }, 'immediate');

  const putMaps = db.transaction(list => { for (const x of list) putMap.run(x.module, Buffer.from(x.map.buffer, x.map.byteOffset, x.map.byteLength)); }, 'immediate');
  const dropMaps = db.transaction(names => (names === null ? Number(dropAllMaps.run().changes)
    : names.reduce((n, m) => n + Number(dropMap.run(m).changes), 0)), 'immediate');

  // Every step is one transaction (or one statement), so retrying it after SQLITE_BUSY is safe.
  const wrap = (doing, fn) => { try { return retryBusy(fn, timeout); } catch (e) { throw repoError(file, e, doing); } };
  const fileSize = f => { try { return fs.statSync(f).size; } catch { return 0; } };

  return {
    kind: 'sqlite',
    path: file,
    async lookup(digests, withText) {
      return wrap('lookup failed', () => lookup(digests, withText ? sel : selNoText));
    },
    async put(entries) {
      wrap('storing failed', () => put(entries));
    },
    async get(digest) {
      return wrap('lookup failed', () => { const r = sel.get(key(digest)); return r ? row2entry(digest, r) : undefined; });
    },
    async putMaps(list) {
      wrap('storing the function maps failed', () => putMaps(list));
    },
    async maps() {
      return wrap('reading the function maps failed', () => allMaps.all().map(r => ({ module: r[0], map: new Uint8Array(r[1]) })));
    },
    async dropMaps(names) {
      return wrap('removing function maps failed', () => dropMaps(names));
    },
    async stats() {
      return wrap('reading statistics failed', () => {
        let functions = 0, variables = 0, metadata = 0, textBytes = 0;
        for (const r of counts.all()) {
          if (r.kind === 'function') functions = r.n; else if (r.kind === 'metadata') metadata = r.n; else variables += r.n;
          textBytes += r.bytes;
        }
        const maps = mapCounts.all()[0];
        return { definitions: functions + variables, functions, variables, metadata, textBytes, functionMaps: maps.n, functionMapBytes: maps.bytes, bytes: fileSize(file) + fileSize(`${file}-wal`) };
      });
    },
    async close() { try { db.close(); } catch (e) { throw repoError(file, e, 'closing failed'); } },
  };
}
