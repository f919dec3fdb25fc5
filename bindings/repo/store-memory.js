// store-memory.js — the in-memory repository (spec ':memory:'): for tests and one-shot runs.
// Each open gives a new, empty repository. Entries are copied in and out, so callers never share
// objects with the store (the same as a database round trip). Environment-neutral.
import { copyEntry, entrySize, utf8Length } from './common.js';
import { Repository } from './repository.js';

const withoutText = e => ({ digest: e.digest, name: e.name, kind: e.kind, linkage: e.linkage, visibility: e.visibility,
  dependents: e.dependents.map(d => ({ name: d.name, digest: d.digest })) });

export function openMemory() {
  const map = new Map();
  const functionMaps = new Map(); // module name -> map bytes
  return new Repository({
    kind: 'memory',
    path: ':memory:',
    async lookup(digests, withText) {
      const out = new Map();
      for (const d of digests) {
        const e = map.get(d);
        if (e && !out.has(d)) out.set(d, withText ? copyEntry(e) : withoutText(e));
      }
      return out;
    },
    async put(entries) {
      // Validation already happened, so nothing below can fail half-way: all or none.
      for (const e of entries) if (!map.has(e.digest)) map.set(e.digest, e);
    },
    async get(digest) {
      const e = map.get(digest);
      return e && copyEntry(e);
    },
    async putMaps(list) {
      for (const x of list) functionMaps.set(x.module, x.map); // already copies (normaliseFunctionMaps)
    },
    async maps() {
      return [...functionMaps].map(([module, m]) => ({ module, map: m.slice() }));
    },
    async dropMaps(names) {
      if (names === null) { const n = functionMaps.size; functionMaps.clear(); return n; }
      return names.filter(m => functionMaps.delete(m)).length;
    },
    async stats() {
      let functions = 0, metadata = 0, textBytes = 0, bytes = 0;
      for (const e of map.values()) {
        if (e.kind === 'function') functions++; else if (e.kind === 'metadata') metadata++;
        textBytes += utf8Length(e.text);
        bytes += entrySize(e);
      }
      let functionMapBytes = 0;
      for (const m of functionMaps.values()) functionMapBytes += m.length;
      const definitions = map.size - metadata;
      return { definitions, functions, variables: definitions - functions, metadata, textBytes, functionMaps: functionMaps.size, functionMapBytes, bytes: bytes + functionMapBytes };
    },
    async close() { map.clear(); functionMaps.clear(); },
  });
}
