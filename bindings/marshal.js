// marshal.js — how values cross the boundary to the core: input bytes, UTF-8 text, the core's
// binary blobs (OutBuf records), digests, and the pipeline text handed to runPipeline. No Node
// built-ins: it runs in Node and in browsers, as core.js does.
import { describeValue } from './check.js';

export const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

export function toBytes(input) {
  if (typeof input === 'string') return encoder.encode(input);
  if (input instanceof Uint8Array) return input;
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  throw new TypeError(`expected a string, Uint8Array or ArrayBuffer, not ${describeValue(input)}`);
}

export const decodeUtf8 = bytes => decoder.decode(bytes);

/** Reads the core's binary blobs (OutBuf le32 / leF64 / lenBytes): little-endian, strings with a u32 length. */
export class BlobReader {
  constructor(bytes) { this.b = bytes; this.dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength); this.at = 0; }
  u8() { return this.b[this.at++]; }
  u32() { const v = this.dv.getUint32(this.at, true); this.at += 4; return v; }
  f64() { const v = this.dv.getFloat64(this.at, true); this.at += 8; return v; }
  str() { const n = this.u32(); const s = decodeUtf8(this.b.subarray(this.at, this.at + n)); this.at += n; return s; }
  digest() { const d = hex(this.b, this.at); this.at += 16; return d; }
}

export const hex = (b, at) => { let s = ''; for (let i = 0; i < 16; i++) s += b[at + i].toString(16).padStart(2, '0'); return s; };
export function unhex(s) {
  if (typeof s !== 'string' || !/^[0-9a-f]{32}$/.test(s)) throw new TypeError(`bad digest '${s}'`);
  const b = new Uint8Array(16);
  for (let i = 0; i < 16; i++) b[i] = parseInt(s.slice(2 * i, 2 * i + 2), 16);
  return b;
}
export function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

// Option values cross the boundary percent-escaped (see "Options (host→core)" in assembly/ABI.md).
const escapeValue = v => v.replace(/[%,|\n\r]/g, c => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));

/**
 * Builds the text handed to `runPipeline`: `<pipeline>` or `<pipeline>|<name>=<value>,...`.
 * `options` is an object or an array of [name, value] pairs; booleans become 1/0.
 */
export function encodePipeline(passes = '', options = {}) {
  const pairs = Array.isArray(options) ? options : Object.entries(options ?? {});
  const parts = [];
  for (const [name, value] of pairs) {
    if (value === undefined || value === null) continue;
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(name)) throw new TypeError(`bad option name '${name}'`);
    const v = value === true ? '1' : value === false ? '0' : String(value);
    parts.push(`${name}=${escapeValue(v)}`);
  }
  if (passes.includes('|')) throw new TypeError("a pipeline cannot contain '|'");
  return parts.length ? `${passes}|${parts.join(',')}` : passes;
}
