// store.js — opens a program repository (issue 6; the contract is in repository.js / common.js).
//   openRepository('path/to/repo.db')           SQLite file (Node; created on first use)
//   openRepository(':memory:')                  in-memory, empty at every open
//   openRepository({ indexedDB: 'name', factory? })   IndexedDB (browsers; factory for tests)
// better-sqlite3 is loaded only when a file repository is opened, so the memory and IndexedDB
// backends work without the native addon; browsers import store-browser.js, which never loads it.
import { RepoError } from './common.js';
import { openMemory } from './store-memory.js';
import { openIdb } from './store-idb.js';

export { RepoError, SCHEMA_VERSION, APPLICATION_ID } from './common.js';
export { Repository } from './repository.js';

/**
 * @param spec   a file path, ':memory:', or { indexedDB: name, factory? }
 * @param opts   { create = true, busyTimeout } — create: make the repository if it does not exist
 *               (false: a missing one is an error); busyTimeout: ms to wait for another
 *               process's write lock (SQLite).
 * @returns Promise<Repository>; rejects with a RepoError (code 'EREPO') whose message starts
 *          with the repository's path.
 */
export async function openRepository(spec, opts = {}) {
  if (spec === ':memory:') return openMemory();
  if (spec !== null && typeof spec === 'object' && 'indexedDB' in spec) return openIdb(spec, opts);
  if (typeof spec !== 'string' || spec === '') throw new RepoError('error: a repository is a file path, \':memory:\' or { indexedDB: name }', { reason: 'invalid' });
  let mod;
  try { mod = await import('./store-sqlite.js'); } catch (e) {
    throw new RepoError(`${spec}: error: file repositories need the better-sqlite3 package (${e.message.split('\n')[0]})`, { cause: e, reason: 'io' });
  }
  return mod.openSqlite(spec, opts);
}
