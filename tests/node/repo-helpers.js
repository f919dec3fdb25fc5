// Helpers for the repository store tests (not a test file itself): deterministic modules of
// entries whose digest is the SHA-256 of their text, so a torn or mixed-up entry is detectable.
import { createHash } from 'node:crypto';

export const textDigest = text => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * `count` entries for module `seed`, each with about `textBytes` of IR-like text; every fifth is a
 * variable; each entry depends on the one before it. Digest = textDigest(text).
 */
export function moduleEntries(seed, count, textBytes = 200) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const name = `m${seed}_d${i}`;
    const kind = i % 5 === 4 ? 'variable' : 'function';
    let pad = '';
    for (let k = 0; pad.length < textBytes; k++) pad += `  ; filler ${seed}.${i}.${k}\n`;
    const text = kind === 'function'
      ? `define void @${name}() {\n${pad}  ret void\n}\n`
      : `@${name} = global i32 ${i}\n${pad}`;
    const prev = out[i - 1];
    out.push({
      digest: textDigest(text), name, kind,
      linkage: i % 7 === 3 ? 'internal' : 'external',
      visibility: i % 11 === 5 ? 'hidden' : 'default',
      text,
      dependents: prev ? [{ name: prev.name, digest: prev.digest }] : [],
    });
  }
  return out;
}

/** Throws unless `e` is whole: its text hashes to its digest and its other fields fit. */
export function assertWhole(e, where = '') {
  const bad = why => { throw new Error(`${where}entry ${e?.digest} (${e?.name}) is not whole: ${why}`); };
  if (typeof e.text !== 'string') bad('no text');
  if (textDigest(e.text) !== e.digest) bad('text does not hash to the digest');
  if (!e.text.includes(`@${e.name}`)) bad('name does not match the text');
  if (!['function', 'variable'].includes(e.kind)) bad(`kind ${e.kind}`);
  if (!Array.isArray(e.dependents)) bad('dependents');
}
