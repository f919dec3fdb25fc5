// repository.js — the Repository every backend returns. It checks arguments and the open/closed
// state in one place, so the backends (store-memory.js, store-sqlite.js, store-idb.js) only
// implement storage and the contract is the same for all of them. Environment-neutral.
import { RepoError, SCHEMA_VERSION, checkDigest, checkDigestList, normaliseEntries, normaliseFunctionMaps, checkModuleNames, byModuleName, textDigestOf } from './common.js';

export class Repository {
  /** @param backend { kind, path, lookup(digests, withText), put(entries), get(digest), putMaps(maps), maps(), dropMaps(names | null: all), stats(), close() } */
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
    const found = await b.lookup(checkDigestList(digests), text);
    if (text) await this._checkTexts([...found.values()]);
    for (const e of found.values()) delete e.textDigest;
    return found;
  }

  /**
   * Stores a module's entries in one transaction: all or none; existing digests are kept. Each
   * text is stored with its digest (common.js textDigestOf), which reads check.
   */
  async putModule(entries) {
    const b = this._open();
    const list = normaliseEntries(entries);
    await Promise.all(list.map(async e => { e.textDigest = await textDigestOf(e.text); }));
    if (list.length) await b.put(list);
  }

  async get(digest) {
    const b = this._open();
    const e = await b.get(checkDigest(digest));
    if (e) { await this._checkTexts([e]); delete e.textDigest; }
    return e;
  }

  /**
   * Stores modules' stable function maps (global-merge-func's round 1, as batch mode's
   * --across-modules collects them) in one transaction: all or none. A module's map replaces the
   * one stored under the same name; the name is the key as given (a batch gives the input's path).
   * @param maps [{ module: string, map: Uint8Array }]
   */
  async putFunctionMaps(maps) {
    const b = this._open();
    const list = normaliseFunctionMaps(maps);
    if (list.length) await b.putMaps(list);
  }

  /** Every stored map: [{ module, map: Uint8Array }] sorted by module name (code-unit order). */
  async functionMaps() {
    const b = this._open();
    return (await b.maps()).sort(byModuleName);
  }

  /**
   * Removes the maps of `modules` (names as stored), or every map with 'all', in one transaction:
   * a module gone from the farm's sources otherwise adds its functions to every later merge.
   * Names with no map are ignored. @returns Promise<number> the maps removed
   */
  async forgetFunctionMaps(modules) {
    const b = this._open();
    return b.dropMaps(checkModuleNames(modules));
  }

  // Every text read back must have the digest stored with it.
  async _checkTexts(entries) {
    const ok = await Promise.all(entries.map(async e => await textDigestOf(e.text) === e.textDigest));
    const bad = entries.filter((e, i) => !ok[i]);
    if (!bad.length) return;
    const what = e => e.kind === 'metadata' ? `shared metadata ${e.digest}` : `'${e.name}' (${e.digest})`;
    const list = bad.slice(0, 10).map(what).join(', ') + (bad.length > 10 ? `, and ${bad.length - 10} more` : '');
    throw new RepoError(`${this._b.path}: error: the repository is damaged: ${bad.length === 1 ? 'a stored text does' : `${bad.length} stored texts do`} not match the digest stored with ${bad.length === 1 ? 'it' : 'them'}: ${list}`, { reason: 'corrupt' });
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
