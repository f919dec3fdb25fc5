// repository.js — the Repository every backend returns. It checks arguments and the open/closed
// state in one place, so the backends (store-memory.js, store-sqlite.js, store-idb.js) only
// implement storage and the contract is the same for all of them. Environment-neutral.
import { RepoError, SCHEMA_VERSION, checkDigest, checkDigestList, normaliseEntries } from './common.js';

export class Repository {
  /** @param backend { kind, path, lookup(digests, withText), put(entries), get(digest), stats(), close() } */
  constructor(backend) {
    this._b = backend;
    this._closed = false;
  }

  /** 'sqlite' | 'memory' | 'indexeddb' */
  get backend() { return this._b.kind; }
  get path() { return this._b.path; }

  _open() {
    if (this._closed) throw new RepoError(`${this._b.path}: error: repository is closed`, { reason: 'closed' });
    return this._b;
  }

  /**
   * The stored entries among `digests`, in request order (misses left out).
   * @param opts { text = true } — text: false leaves each entry's `text` out (pruning needs only
   *             presence and dependents; the text matters for `repo link`).
   * @returns Promise<Map<digest, Entry>>
   */
  async lookup(digests, { text = true } = {}) {
    const b = this._open();
    return b.lookup(checkDigestList(digests), text);
  }

  /** Stores a module's entries in one transaction: all or none; existing digests are kept. */
  async putModule(entries) {
    const b = this._open();
    const list = normaliseEntries(entries);
    if (list.length) await b.put(list);
  }

  async get(digest) {
    const b = this._open();
    return b.get(checkDigest(digest));
  }

  /**
   * @returns { definitions, functions, variables, metadata, textBytes, bytes, schemaVersion, path, backend }
   *   metadata: entries of the metadata a module's definitions share (not definitions);
   *   textBytes: UTF-8 size of the stored IR texts (the same in every backend);
   *   bytes: the storage size (SQLite: the database file plus its WAL; others: an estimate).
   */
  async stats() {
    const b = this._open();
    const s = await b.stats();
    return { ...s, schemaVersion: SCHEMA_VERSION, path: b.path, backend: b.kind };
  }

  async close() {
    if (this._closed) return;
    this._closed = true;
    await this._b.close();
  }
}
