// Types of `wopt/repo`: the program repository (store.js in Node, store-browser.js in browsers).
import type { RepoEntry } from '../core.js';

export type { RepoEntry, RepoDependent } from '../core.js';

export declare const SCHEMA_VERSION: number;
/** SQLite `PRAGMA application_id` of a wopt repository ('wopt' in ASCII). */
export declare const APPLICATION_ID: number;

/** A repository error: `code` is 'EREPO'; the message is ready to print after "wopt: ". */
export declare class RepoError extends Error {
  code: 'EREPO';
  /** 'connection', 'auth', 'readOnly': a PostgreSQL repository's server was not reached, refused the login, or refused a write. */
  reason?: 'notRepository' | 'newerSchema' | 'olderSchema' | 'missing' | 'closed' | 'invalid' | 'io' | 'corrupt' | 'connection' | 'auth' | 'readOnly';
  constructor(message: string, opts?: { cause?: unknown; reason?: string });
}

export interface RepoStats {
  definitions: number;
  functions: number;
  variables: number;
  /** Entries of the metadata a module's definitions share (not counted as definitions). */
  metadata: number;
  /** UTF-8 size of the stored IR texts. */
  textBytes: number;
  /** Stable function maps stored by `--across-modules --repo` (one per module name), and their size in bytes;
   * null where the repository may not be read for them (a PostgreSQL role granted the definitions alone). */
  functionMaps: number | null;
  functionMapBytes: number | null;
  /** Storage size (SQLite: the file and its WAL; PostgreSQL: the tables with their indexes; others: an estimate). */
  bytes: number;
  schemaVersion: number;
  path: string;
  backend: 'sqlite' | 'memory' | 'indexeddb' | 'postgres';
}

/** A module's stable function map as round 1 of --across-modules gives it, under the module's name. */
export interface RepoFunctionMap {
  module: string;
  map: Uint8Array;
}

export declare class Repository {
  readonly backend: 'sqlite' | 'memory' | 'indexeddb' | 'postgres';
  /** The file, ':memory:', 'indexeddb:<name>', or the PostgreSQL URL without its password. */
  readonly path: string;
  /**
   * The stored entries among `digests`, in request order (misses left out). With text, each text
   * is checked against the digest stored with it: a mismatch rejects with reason 'corrupt'.
   */
  lookup(digests: string[], opts?: { text?: boolean }): Promise<Map<string, RepoEntry>>;
  /** Stores a module's entries in one transaction; existing digests are kept. */
  putModule(entries: RepoEntry[]): Promise<void>;
  get(digest: string): Promise<RepoEntry | undefined>;
  /**
   * Stores modules' stable function maps (global-merge-func's round 1) in one transaction; a
   * module's map replaces the one stored under the same name (a later one in the list, an earlier one).
   */
  putFunctionMaps(maps: RepoFunctionMap[]): Promise<void>;
  /** Every stored function map, sorted by module name. */
  functionMaps(): Promise<RepoFunctionMap[]>;
  /**
   * Removes the maps of these modules (names as stored; names without a map are ignored), or every
   * map with 'all', in one transaction. Resolves to the number of maps removed.
   */
  forgetFunctionMaps(modules: string[] | 'all'): Promise<number>;
  stats(): Promise<RepoStats>;
  close(): Promise<void>;
}

/**
 * A file path, ':memory:', a postgres:// or postgresql:// URL (PG* environment variables fill in
 * what it leaves out), or { indexedDB }. `factory`: an IDBFactory (default: globalThis.indexedDB),
 * e.g. fake-indexeddb's in tests.
 */
export type RepositorySpec = string | { indexedDB: string; factory?: { open(name: string, version?: number): unknown } };

/**
 * Opens a repository: an SQLite file path (Node; needs node:sqlite or better-sqlite3), ':memory:',
 * a PostgreSQL URL (Node; through pg), or { indexedDB: name }. Rejects with a RepoError naming the
 * repository (a URL without its password). busyTimeout: ms to wait for another writer's lock
 * (SQLite's busy timeout; PostgreSQL's lock_timeout).
 */
export declare function openRepository(spec: RepositorySpec, opts?: { create?: boolean; busyTimeout?: number }): Promise<Repository>;
