// store-browser.js — openRepository() for browsers: IndexedDB and in-memory repositories only.
// It never imports store-sqlite.js or an SQLite engine (package.json maps "./repo" here for the
// "browser" condition).
import { RepoError } from './common.js';
import { checkRepositorySpec, checkRepositoryOptions } from '../check.js';
import { openMemory } from './store-memory.js';
import { openIdb } from './store-idb.js';

export { RepoError, SCHEMA_VERSION, APPLICATION_ID } from './common.js';
export { Repository } from './repository.js';

/** @param spec ':memory:' or { indexedDB: name, factory? }; see store.js for opts. */
export async function openRepository(spec, opts) {
  checkRepositorySpec('openRepository', spec);
  opts = checkRepositoryOptions('openRepository', opts);
  if (spec === ':memory:') return openMemory();
  if (spec !== null && typeof spec === 'object' && 'indexedDB' in spec) return openIdb(spec, opts);
  throw new RepoError(`${typeof spec === 'string' ? spec : String(spec)}: error: only ':memory:' and { indexedDB: name } repositories are available in a browser`, { reason: 'invalid' });
}
