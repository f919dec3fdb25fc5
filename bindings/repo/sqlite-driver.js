// sqlite-driver.js — SQLite for the file repository through whichever engine this Node has:
// node:sqlite (built in from Node 22.13; nothing to install or compile) or else the better-sqlite3
// package (a native addon, installed separately: `npm install better-sqlite3`). wopt depends on
// neither, so installing wopt never builds native code; only file repositories need one of them.
//
// Both are wrapped in one small synchronous interface (all store-sqlite.js uses):
//   db.pragma(name)              the pragma's value (first column of its row)
//   db.exec(sql)
//   db.prepare(sql, raw?)        { get(...args), all(...args), run(...args) }; raw: rows as arrays
//   db.transaction(fn, mode)     runs fn(...) inside BEGIN <mode> / COMMIT ('immediate' | 'deferred')
//   db.close()
// Errors thrown by either engine come out with better-sqlite3's `code` names ('SQLITE_BUSY',
// 'SQLITE_NOTADB', ...), so callers map one kind of error.
//
// WOPT_SQLITE=node:sqlite | better-sqlite3 picks one (tests run both engines).

// How long to wait for another connection's lock when the caller names no time.
const DEFAULT_TIMEOUT_MS = 5000;

// Primary result codes (sqlite3.h) by number, for node:sqlite errors (which carry `errcode`).
const SQLITE_CODES = {
  1: 'SQLITE_ERROR', 2: 'SQLITE_INTERNAL', 3: 'SQLITE_PERM', 4: 'SQLITE_ABORT', 5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED', 7: 'SQLITE_NOMEM', 8: 'SQLITE_READONLY', 9: 'SQLITE_INTERRUPT',
  10: 'SQLITE_IOERR', 11: 'SQLITE_CORRUPT', 13: 'SQLITE_FULL', 14: 'SQLITE_CANTOPEN',
  15: 'SQLITE_PROTOCOL', 17: 'SQLITE_SCHEMA', 18: 'SQLITE_TOOBIG', 19: 'SQLITE_CONSTRAINT',
  20: 'SQLITE_MISMATCH', 21: 'SQLITE_MISUSE', 22: 'SQLITE_NOLFS', 23: 'SQLITE_AUTH',
  26: 'SQLITE_NOTADB',
};

/** The engine's name and an open(file, { timeout }) → db, or throws an Error saying what to install. */
export async function loadSqliteDriver() {
  const want = (typeof process !== 'undefined' && process.env.WOPT_SQLITE) || '';
  const tried = [];
  if (want !== 'better-sqlite3') {
    const m = await importQuietly('node:sqlite');
    if (m?.DatabaseSync) return { name: 'node:sqlite', open: (file, opts) => openNodeSqlite(m.DatabaseSync, file, opts) };
    tried.push(`this Node (${process.version}) has no node:sqlite`);
  }
  if (want !== 'node:sqlite') {
    try {
      const m = await import('better-sqlite3');
      return { name: 'better-sqlite3', open: (file, opts) => openBetterSqlite(m.default, file, opts) };
    } catch (e) {
      tried.push(`better-sqlite3 is not installed (${String(e?.message ?? e).split('\n')[0]})`);
    }
  }
  throw new Error(`file repositories need SQLite: use Node 22.13 or later (node:sqlite) or run \`npm install better-sqlite3\`; ${tried.join('; ')}`);
}

// node:sqlite announces itself with an ExperimentalWarning on some Node versions; a compiler's
// stderr is for its diagnostics, so that one warning is held back while the module loads.
async function importQuietly(name) {
  const emit = process.emitWarning;
  process.emitWarning = function (w, ...rest) {
    const text = typeof w === 'string' ? w : w?.message ?? '';
    const type = typeof rest[0] === 'string' ? rest[0] : rest[0]?.type ?? w?.name;
    if (type === 'ExperimentalWarning' && /sqlite/i.test(text)) return;
    return emit.call(this, w, ...rest);
  };
  try { return await import(name); } catch { return null; } finally { process.emitWarning = emit; }
}

function nodeSqliteError(e) {
  if (e && typeof e.errcode === 'number') {
    const err = new Error(e.errstr ? `${e.errstr}: ${e.message}` : e.message, { cause: e });
    err.code = SQLITE_CODES[e.errcode & 0xff] ?? `SQLITE_${e.errcode}`;
    return err;
  }
  return e;
}
const guard = fn => (...args) => { try { return fn(...args); } catch (e) { throw nodeSqliteError(e); } };

function openNodeSqlite(DatabaseSync, file, { timeout = DEFAULT_TIMEOUT_MS } = {}) {
  let db;
  try { db = new DatabaseSync(file, { timeout }); } catch (e) { throw nodeSqliteError(e); }
  const first = row => (row ? Object.values(row)[0] : undefined);
  const api = {
    pragma: guard(name => first(db.prepare(`PRAGMA ${name}`).get())),
    exec: guard(sql => { db.exec(sql); }),
    prepare(sql, raw = false) {
      const st = guard(() => db.prepare(sql))();
      const arrays = raw && typeof st.setReturnArrays === 'function';
      if (arrays) st.setReturnArrays(true);
      const shape = raw && !arrays ? (r => (r ? Object.values(r) : r)) : (r => r);
      return {
        get: guard((...a) => shape(st.get(...a))),
        all: guard((...a) => st.all(...a).map(shape)),
        run: guard((...a) => st.run(...a)),
      };
    },
    transaction(fn, mode) {
      return (...args) => {
        api.exec(mode === 'immediate' ? 'BEGIN IMMEDIATE' : 'BEGIN DEFERRED');
        try {
          const result = fn(...args);
          db.exec('COMMIT');
          return result;
        } catch (e) {
          // also after a failed COMMIT (SQLITE_BUSY): the transaction would stay open, and the
          // caller's retry would begin one inside it (better-sqlite3 rolls back the same way)
          try { db.exec('ROLLBACK'); } catch { /* the transaction is already gone */ }
          throw nodeSqliteError(e);
        }
      };
    },
    close: guard(() => db.close()),
  };
  return api;
}

function openBetterSqlite(Database, file, { timeout = DEFAULT_TIMEOUT_MS } = {}) {
  const db = new Database(file, { timeout });
  return {
    pragma: name => db.pragma(name, { simple: true }),
    exec: sql => { db.exec(sql); },
    prepare(sql, raw = false) {
      const st = db.prepare(sql);
      if (raw) st.raw(true);
      return { get: (...a) => st.get(...a), all: (...a) => st.all(...a), run: (...a) => st.run(...a) };
    },
    transaction(fn, mode) {
      const tx = db.transaction(fn);
      return mode === 'immediate' ? (...a) => tx.immediate(...a) : (...a) => tx.deferred(...a);
    },
    close: () => db.close(),
  };
}
