// store.js — opens a program repository (the contract is in repository.js / common.js).
//   openRepository('path/to/repo.db')           SQLite file (Node; created on first use)
//   openRepository(':memory:')                  in-memory, empty at every open
//   openRepository({ indexedDB: 'name', factory? })   IndexedDB (browsers; factory for tests)
//   openRepository('postgres://user@host:port/db')    PostgreSQL (Node; shared by many machines)
// SQLite (node:sqlite, or the better-sqlite3 package where Node lacks it: sqlite-driver.js) is
// loaded only when a file repository is opened, and the PostgreSQL client (`pg`, store-pg.js) only
// when a postgres:// or postgresql:// URL is, so the memory and IndexedDB backends need neither;
// browsers import store-browser.js, which never loads them.
import { RepoError } from './common.js';
import { checkRepositorySpec, checkRepositoryOptions } from '../check.js';
import { openMemory } from './store-memory.js';
import { openIdb } from './store-idb.js';

export { RepoError, SCHEMA_VERSION, APPLICATION_ID } from './common.js';
export { Repository } from './repository.js';

/**
 * @param spec   a file path, ':memory:', a postgres:// or postgresql:// URL, or { indexedDB: name, factory? }
 * @param opts   { create = true, busyTimeout } — create: make the repository if it does not exist
 *               (false: a missing one is an error); busyTimeout: ms to wait for another
 *               process's write lock (SQLite).
 * @returns Promise<Repository>; rejects with a RepoError (code 'EREPO') whose message starts
 *          with the repository's path, or a TypeError for a spec or options of the wrong type.
 */
export async function openRepository(spec, opts) {
  checkRepositorySpec('openRepository', spec);
  opts = checkRepositoryOptions('openRepository', opts);
  if (spec === ':memory:') return openMemory();
  if (spec !== null && typeof spec === 'object' && 'indexedDB' in spec) return openIdb(spec, opts);
  if (spec === '') throw new RepoError('error: a repository is a file path, \':memory:\', a postgres:// URL or { indexedDB: name }', { reason: 'invalid' });
  if (/^postgres(ql)?:\/\//i.test(spec)) {
    const { openPostgres } = await import('./store-pg.js');
    return openPostgres(spec, opts);
  }
  const { openSqlite } = await import('./store-sqlite.js');
  return openSqlite(spec, opts);
}
