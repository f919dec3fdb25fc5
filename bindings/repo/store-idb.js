// store-idb.js — the browser repository: IndexedDB (spec { indexedDB: 'name', factory? }).
// Environment-neutral apart from the IndexedDB factory, which defaults to globalThis.indexedDB
// (tests pass fake-indexeddb's).
//
// Layout: database version = schema version (a schema-3 repository is upgraded in the
// versionchange transaction, which IndexedDB runs for one connection at a time; older ones are
// refused); object store 'meta' holds the marker ('magic' -> IDB_MAGIC) and 'schemaVersion';
// object store 'definitions' holds the entries keyed by their hex digest (index 'kind');
// 'functionMaps' holds { module, map } keyed by module name (putFunctionMaps: one readwrite
// transaction of put()s, a later map replacing an earlier). putModule is one readwrite transaction, so it is all or
// none like the SQLite backend; an add() that hits an existing digest is ignored inside it
// (INSERT OR IGNORE).
import { IDB_MAGIC, SCHEMA_VERSION, UPGRADABLE_VERSION, RepoError, entrySize, utf8Length, olderSchemaMessage } from './common.js';
import { Repository } from './repository.js';

const DEFS = 'definitions';
const META = 'meta';
const MAPS = 'functionMaps';

const reqPromise = req => new Promise((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});

const txDone = tx => new Promise((resolve, reject) => {
  tx.oncomplete = () => resolve();
  tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
  tx.onerror = () => { /* the abort that follows rejects */ };
});

function wrapErr(label, e, doing) {
  if (e instanceof RepoError) return e;
  const why = e?.name === 'QuotaExceededError' ? 'storage quota exceeded' : `${e?.name ?? 'Error'}: ${e?.message ?? e}`;
  return new RepoError(`${label}: error: ${doing}: ${why}`, { cause: e, reason: 'io' });
}

/** The database's current version and whether it carries the wopt marker (opened without upgrading). */
async function inspect(factory, name) {
  const db = await reqPromise(factory.open(name));
  try {
    const names = db.objectStoreNames;
    if (!names.contains(META) || !names.contains(DEFS)) return { version: db.version, wopt: false };
    const magic = await reqPromise(db.transaction(META, 'readonly').objectStore(META).get('magic'));
    return { version: db.version, wopt: magic === IDB_MAGIC };
  } finally { db.close(); }
}

export async function openIdb(spec, { create = true } = {}) {
  const name = spec.indexedDB;
  const factory = spec.factory ?? globalThis.indexedDB;
  const label = `indexeddb:${name}`;
  if (typeof name !== 'string' || name === '') throw new RepoError('error: { indexedDB } needs a database name', { reason: 'invalid' });
  if (!factory || typeof factory.open !== 'function') throw new RepoError(`${label}: error: IndexedDB is not available here`, { reason: 'io' });

  let refused = null; // 'missing' | 'foreign', decided during the upgrade
  const db = await new Promise((resolve, reject) => {
    let req;
    try { req = factory.open(name, SCHEMA_VERSION); } catch (e) { reject(e); return; }
    req.onupgradeneeded = ev => {
      const tx = req.transaction;
      const up = req.result;
      if (ev.oldVersion === UPGRADABLE_VERSION && up.objectStoreNames.contains(META) && up.objectStoreNames.contains(DEFS)) {
        // schema 3 to 4: the function maps' store; undone (abort) unless the marker says wopt
        up.createObjectStore(MAPS, { keyPath: 'module' });
        const meta = tx.objectStore(META);
        meta.put(SCHEMA_VERSION, 'schemaVersion');
        meta.get('magic').onsuccess = e => { if (e.target.result !== IDB_MAGIC) { refused = 'older'; tx.abort(); } };
        return;
      }
      if (ev.oldVersion !== 0) { refused = 'older'; tx.abort(); return; } // an older wopt's repository, or not ours
      if (!create) { refused = 'missing'; tx.abort(); return; }
      const defs = up.createObjectStore(DEFS, { keyPath: 'digest' });
      defs.createIndex('kind', 'kind');
      up.createObjectStore(MAPS, { keyPath: 'module' });
      const meta = up.createObjectStore(META);
      meta.put(IDB_MAGIC, 'magic');
      meta.put(SCHEMA_VERSION, 'schemaVersion');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = ev => { ev?.preventDefault?.(); reject(req.error); };
    req.onblocked = () => { /* waits for the other connection to close, like a busy timeout */ };
  }).catch(async e => {
    if (refused === 'missing') throw new RepoError(`${label}: error: no such repository`, { reason: 'missing' });
    if (refused === 'older') {
      const info = await inspect(factory, name).catch(() => null);
      if (info?.wopt) throw new RepoError(olderSchemaMessage(label, info.version), { reason: 'olderSchema' });
      throw new RepoError(`${label}: error: not a wopt repository`, { reason: 'notRepository' });
    }
    if (e?.name === 'VersionError') {
      // Stored version is higher than ours: a newer wopt's repository, or someone else's database.
      const info = await inspect(factory, name).catch(() => null);
      if (info?.wopt) throw new RepoError(`${label}: error: repository schema version ${info.version} is newer than this wopt supports (${SCHEMA_VERSION})`, { reason: 'newerSchema' });
      throw new RepoError(`${label}: error: not a wopt repository`, { reason: 'notRepository' });
    }
    throw wrapErr(label, e, 'cannot open repository');
  });

  try {
    const names = db.objectStoreNames;
    if (!names.contains(META) || !names.contains(DEFS) || !names.contains(MAPS)) throw new RepoError(`${label}: error: not a wopt repository`, { reason: 'notRepository' });
    const magic = await reqPromise(db.transaction(META, 'readonly').objectStore(META).get('magic'));
    if (magic !== IDB_MAGIC) throw new RepoError(`${label}: error: not a wopt repository`, { reason: 'notRepository' });
  } catch (e) {
    db.close();
    throw wrapErr(label, e, 'cannot open repository');
  }
  // Let a newer wopt in another tab upgrade the database instead of blocking forever.
  db.onversionchange = () => db.close();
  return new Repository(idbBackend(db, label));
}

function idbBackend(db, label) {
  const guard = (doing, fn) => fn().catch(e => { throw wrapErr(label, e, doing); });
  const strip = (v, withText) => {
    if (!withText) delete v.text;
    return v;
  };
  return {
    kind: 'indexeddb',
    path: label,
    lookup: (digests, withText) => guard('lookup failed', async () => {
      const tx = db.transaction(DEFS, 'readonly');
      const store = tx.objectStore(DEFS);
      const unique = [...new Set(digests)];
      const found = new Array(unique.length);
      unique.forEach((d, i) => { store.get(d).onsuccess = ev => { found[i] = ev.target.result; }; });
      await txDone(tx);
      const out = new Map();
      unique.forEach((d, i) => { if (found[i]) out.set(d, strip(found[i], withText)); });
      return out;
    }),
    put: entries => guard('storing failed', async () => {
      const tx = db.transaction(DEFS, 'readwrite');
      const store = tx.objectStore(DEFS);
      const done = txDone(tx);
      for (const e of entries) {
        const r = store.add(e);
        r.onerror = ev => {
          // An existing digest: keep the stored entry and the transaction (INSERT OR IGNORE).
          if (r.error?.name === 'ConstraintError') { ev.preventDefault(); ev.stopPropagation(); }
        };
      }
      await done;
    }),
    putMaps: list => guard('storing the function maps failed', async () => {
      const tx = db.transaction(MAPS, 'readwrite');
      const store = tx.objectStore(MAPS);
      const done = txDone(tx);
      for (const x of list) store.put({ module: x.module, map: x.map });
      await done;
    }),
    dropMaps: names => guard('removing function maps failed', async () => {
      const tx = db.transaction(MAPS, 'readwrite');
      const store = tx.objectStore(MAPS);
      const done = txDone(tx);
      // the keys read and deleted in one callback of the same transaction: the count is of what this call removed
      let gone = [];
      const keys = store.getAllKeys();
      keys.onsuccess = () => {
        const held = new Set(keys.result);
        gone = names === null ? keys.result : names.filter(m => held.has(m));
        for (const m of gone) store.delete(m);
      };
      await done;
      return gone.length;
    }),
    maps: () => guard('reading the function maps failed', async () => {
      const all = await reqPromise(db.transaction(MAPS, 'readonly').objectStore(MAPS).getAll());
      return all.map(x => ({ module: x.module, map: new Uint8Array(x.map) }));
    }),
    get: digest => guard('lookup failed', async () => {
      const v = await reqPromise(db.transaction(DEFS, 'readonly').objectStore(DEFS).get(digest));
      return v ?? undefined;
    }),
    stats: () => guard('reading statistics failed', async () => {
      const tx = db.transaction([DEFS, MAPS], 'readonly');
      const maps = reqPromise(tx.objectStore(MAPS).getAll());
      let definitions = 0, functions = 0, metadata = 0, textBytes = 0, bytes = 0;
      const cur = tx.objectStore(DEFS).openCursor();
      cur.onsuccess = () => {
        const c = cur.result;
        if (!c) return;
        const e = c.value;
        if (e.kind === 'metadata') metadata++; else definitions++;
        if (e.kind === 'function') functions++;
        textBytes += utf8Length(e.text);
        bytes += entrySize(e);
        c.continue();
      };
      await txDone(tx);
      let functionMapBytes = 0;
      const all = await maps;
      for (const x of all) functionMapBytes += x.map.byteLength;
      return { definitions, functions, variables: definitions - functions, metadata, textBytes, functionMaps: all.length, functionMapBytes, bytes: bytes + functionMapBytes };
    }),
    close: async () => { db.close(); },
  };
}
