// link.js — `wopt repo link`: puts the stored definitions of pruned objects back into a ticket
// module (the output of a run that pruned), giving the module the full run printed.
// Environment-neutral (the CLI passes the text and an open Repository).
//
// How: the core parses the ticket module and lists its tickets (repoTickets); the pruned ones'
// stored texts are looked up by key in one batch, then the shared metadata they name, and handed to
// the core (repoLink), which reads them into the same arena in place of the pruned declarations
// (assembly/link/repo-link.ts);
// the result is verified and printed once.
import { decodeUtf8 } from '../core.js';

export class LinkError extends Error {
  constructor(message) { super(message); this.code = 'ELINK'; }
}

/**
 * @param core  a WoptCore; @param text the ticket module (.ll text or bytes); @param repo an open Repository
 * @param opts  { moduleId, llvmVersion } — llvmVersion: the LLVM the runs followed (the stored
 *              texts are in its dialect)
 * @returns { ok, output (Uint8Array), linked, error, stage } — ok false (error { message, line,
 *          col }, stage 'parse') when the ticket module does not parse; a missing entry, a stored
 *          text that does not fit and a linked module that does not verify throw a LinkError
 *          (message ready after "<file>: ").
 */
export async function linkModule(core, text, repo, { moduleId, llvmVersion } = {}) {
  // keep the full run's ModuleID line (the ticket carries it)
  const head = typeof text === 'string' ? text.slice(0, 4096) : decodeUtf8(text.subarray(0, 4096));
  moduleId = /^; ModuleID = '([^\n]*)'/.exec(head)?.[1] ?? moduleId;
  const p = core.parse(text, { moduleId, llvmVersion });
  if (!p.ok) return { ok: false, stage: 'parse', error: p, linked: 0 };
  const listed = core.repoTickets();
  if (!Array.isArray(listed)) throw new LinkError(`error: ${listed.message}`);
  const tickets = listed.filter(t => t.pruned);
  const entries = tickets.length ? await repo.lookup(tickets.map(t => t.key), { text: true }) : new Map();
  const texts = tickets.map(t => {
    const e = entries.get(t.key);
    if (!e) throw new LinkError(`error: the repository has no definition for '${t.name}' (digest ${t.digest})`);
    return e.text;
  });
  // the metadata the stored definitions share, stored once under its key (`; metadata <key>` in
  // the texts' header lines)
  const keys = [...new Set(texts.flatMap(sharedMetadataKeys))];
  const found = keys.length ? await repo.lookup(keys, { text: true }) : new Map();
  const shared = keys.map(key => {
    const e = found.get(key);
    if (!e || e.kind !== 'metadata') throw new LinkError(`error: the repository has no shared metadata ${key}, which its stored definitions refer to`);
    return { key, text: e.text };
  });
  const l = core.repoLink(texts, shared);
  if (!l.ok) throw new LinkError(`error: ${l.message}`);
  const v = core.verify();
  if (!v.ok) throw new LinkError(`error: the linked module is not valid: ${v.message.trimEnd()}`);
  const output = core.print();
  if (!(output instanceof Uint8Array)) throw new LinkError(`error: ${output.message}`);
  return { ok: true, output, linked: tickets.length };
}

// The shared-metadata keys a stored text's header names.
function sharedMetadataKeys(text) {
  const keys = [];
  for (let at = 0; text.startsWith(';', at);) {
    const end = text.indexOf('\n', at);
    const line = text.slice(at, end < 0 ? text.length : end);
    const m = /^; metadata ([0-9a-f]{32})$/.exec(line);
    if (m) keys.push(m[1]);
    if (end < 0) break;
    at = end + 1;
  }
  return keys;
}
export { decodeUtf8 };
