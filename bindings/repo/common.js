// common.js — what every repository backend shares: the entry format, its validation, the error
// type and the schema constants. Environment-neutral (no Node or browser APIs).
//
// Entry = { digest, name, kind: 'function'|'variable', linkage, visibility, text,
//           dependents: [{ name, digest }] }
// A digest is 128 bits as 32 lowercase hex characters. wopt
// stores a definition under its key (BLAKE3 of its final digest and name) as `digest`; its
// dependents carry their final digests.

/**
 * The schema this wopt writes. 2: entries are keyed by the definition's final digest and name, and
 * their texts carry the header `repo link` reads (assembly/passes/repo/pass.ts); schema 1 entries
 * were keyed by the digest alone. 4: adds the modules' stable function maps (putFunctionMaps);
 * a schema-3 repository is upgraded to it in place when opened (UPGRADABLE_VERSION), older ones
 * and newer ones are refused.
 */
export const SCHEMA_VERSION = 4;
/** The one older schema an open upgrades (by adding the function maps' table); its entries stay valid. */
export const UPGRADABLE_VERSION = 3;

/** The message for a repository of an older schema (its entries would never be found again). */
export const olderSchemaMessage = (label, version) =>
  `${label}: error: repository schema version ${version} was written by an older wopt (this wopt reads ${SCHEMA_VERSION}); remove it to start a new repository`;
/** SQLite `PRAGMA application_id` of a wopt repository: 'wopt' in ASCII. */
export const APPLICATION_ID = 0x776f7074;
/** The marker an IndexedDB repository keeps in its meta store. */
export const IDB_MAGIC = 'wopt-repository';

// 'metadata': the metadata a module's definitions share, stored once (its fragments name it by key).
export const KINDS = Object.freeze(['function', 'variable', 'metadata']);

/** A repository error: `.code` is 'EREPO'; the message is ready to print after "wopt: ". */
export class RepoError extends Error {
  constructor(message, { cause, reason } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'RepoError';
    this.code = 'EREPO';
    if (reason) this.reason = reason; // machine-readable: notRepository, newerSchema, olderSchema, missing, closed, invalid, io, corrupt
  }
}

const HEX_DIGEST = /^[0-9a-f]{32}$/;

export const isDigest = d => typeof d === 'string' && HEX_DIGEST.test(d);

export function checkDigest(d, where = 'digest') {
  if (!isDigest(d)) throw new RepoError(`error: invalid ${where} ${JSON.stringify(d)} (expected 32 lowercase hex characters)`, { reason: 'invalid' });
  return d;
}

function checkString(e, field, i) {
  if (typeof e[field] !== 'string') throw new RepoError(`error: entry ${i}: '${field}' must be a string`, { reason: 'invalid' });
}

/**
 * Validates entries before anything is written, so a bad entry leaves the repository untouched,
 * and returns normalised copies (only the interface's fields; dependents as fresh objects).
 */
export function normaliseEntries(entries) {
  if (!Array.isArray(entries)) throw new RepoError('error: putModule expects an array of entries', { reason: 'invalid' });
  return entries.map((e, i) => {
    if (e === null || typeof e !== 'object') throw new RepoError(`error: entry ${i} is not an object`, { reason: 'invalid' });
    checkDigest(e.digest, `digest in entry ${i}`);
    for (const f of ['name', 'linkage', 'visibility', 'text']) checkString(e, f, i);
    if (!KINDS.includes(e.kind)) throw new RepoError(`error: entry ${i}: kind must be 'function', 'variable' or 'metadata', not ${JSON.stringify(e.kind)}`, { reason: 'invalid' });
    const deps = e.dependents ?? [];
    if (!Array.isArray(deps)) throw new RepoError(`error: entry ${i}: 'dependents' must be an array`, { reason: 'invalid' });
    const dependents = deps.map((d, j) => {
      if (d === null || typeof d !== 'object' || typeof d.name !== 'string') {
        throw new RepoError(`error: entry ${i}: dependent ${j} must be { name, digest }`, { reason: 'invalid' });
      }
      return { name: d.name, digest: checkDigest(d.digest, `digest of dependent ${j} in entry ${i}`) };
    });
    return { digest: e.digest, name: e.name, kind: e.kind, linkage: e.linkage, visibility: e.visibility, text: e.text, dependents };
  });
}

/**
 * Validates the argument of putFunctionMaps before anything is written and returns copies
 * [{ module, map }] with one per module name (a later one in the list replaces an earlier one, as
 * it replaces a stored one).
 */
export function normaliseFunctionMaps(list) {
  if (!Array.isArray(list)) throw new RepoError('error: putFunctionMaps expects an array of { module, map }', { reason: 'invalid' });
  const byModule = new Map();
  list.forEach((x, i) => {
    if (x === null || typeof x !== 'object') throw new RepoError(`error: function map ${i} is not an object`, { reason: 'invalid' });
    if (typeof x.module !== 'string' || x.module === '') throw new RepoError(`error: function map ${i}: 'module' must be a non-empty string`, { reason: 'invalid' });
    if (!(x.map instanceof Uint8Array)) throw new RepoError(`error: function map ${i}: 'map' must be a Uint8Array`, { reason: 'invalid' });
    byModule.delete(x.module); // the order of the last one given
    byModule.set(x.module, { module: x.module, map: x.map.slice() });
  });
  return [...byModule.values()];
}

/** forgetFunctionMaps' argument: 'all' → null; otherwise an array of non-empty names, once each. */
export function checkModuleNames(modules) {
  if (modules === 'all') return null;
  if (!Array.isArray(modules)) throw new RepoError("error: forgetFunctionMaps expects an array of module names or 'all'", { reason: 'invalid' });
  modules.forEach((m, i) => {
    if (typeof m !== 'string' || m === '') throw new RepoError(`error: module name ${i} must be a non-empty string`, { reason: 'invalid' });
  });
  return [...new Set(modules)];
}

/** Module names in code-unit order: the order functionMaps() answers in, whatever the backend's collation. */
export const byModuleName = (a, b) => (a.module < b.module ? -1 : a.module > b.module ? 1 : 0);

export function checkDigestList(digests) {
  if (!Array.isArray(digests)) throw new RepoError('error: lookup expects an array of digests', { reason: 'invalid' });
  for (const d of digests) checkDigest(d);
  return digests;
}

/** Dependents as stored (SQLite column / IndexedDB field): a JSON array of [name, digest] pairs. */
export const encodeDependents = deps => JSON.stringify(deps.map(d => [d.name, d.digest]));
export const decodeDependents = s => JSON.parse(s).map(([name, digest]) => ({ name, digest }));

/** UTF-8 length of a string without allocating the encoding. */
export function utf8Length(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { n += 4; i++; }
    else n += 3;
  }
  return n;
}

/**
 * The approximate stored size of one entry for the backends that have no file (memory,
 * IndexedDB): its strings in UTF-8 plus the 16-byte digest.
 */
export const entrySize = e => 16 + utf8Length(e.name) + utf8Length(e.kind) + utf8Length(e.linkage) +
  utf8Length(e.visibility) + utf8Length(e.text) + utf8Length(encodeDependents(e.dependents));

/**
 * The digest of a stored text (SHA-256, hex), kept beside it: `repo link` checks every text it
 * reads back against it, so a damaged or edited repository is an error, not a wrong module.
 */
export async function textDigestOf(text) {
  const d = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', utf8.encode(text)));
  let s = '';
  for (const b of d) s += b.toString(16).padStart(2, '0');
  return s;
}
const utf8 = new TextEncoder();

export const copyEntry = e => ({ ...e, dependents: e.dependents.map(d => ({ name: d.name, digest: d.digest })) });
