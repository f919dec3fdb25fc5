// code-cache.js — V8's optimised machine code of the core, kept on disk between runs (Node only).
//
// A fresh process starts every function of the core in V8's baseline tier (Liftoff) and
// recompiles the hot ones with the optimising tier (TurboFan) while it runs: on a 1 MB module
// that start costs more than the work itself (measured: parse through print 185 ms in a fresh
// core, 40 ms once tiered up). V8 can serialize a compiled module's machine code and load it back
// in a few milliseconds; Node 20 exposes that only through V8's test functions
// (`%SerializeWasmModule`, `%DeserializeWasmModule`, with --allow-natives-syntax), so this file
// uses them where they exist and falls back to a plain compile whenever anything is missing,
// stale or refused.
//
// The cache file sits beside the .wasm (or in WOPT_CODE_CACHE_DIR), one per V8 version and
// architecture: `<wasm name>.<v8 version>-<arch>.v8cache`. It holds a copy of the .wasm it was
// made from, compared byte for byte with the .wasm being loaded (a rebuilt or replaced core never
// meets old code), and V8's blob, whose own header V8 checks against its version, CPU features
// and flags (a mismatch makes V8 refuse it, and the core is compiled as usual: a process run with
// V8 flags of its own, `node --max-old-space-size=...`, does without the cache). Files are
// written to a temporary name and renamed, so a reader never sees half a file.
//
// The blob is made by code-cache-build.js in a process of its own, with V8 told to compile every
// function with TurboFan at once (`npm run build:release` runs it; the CLI starts it in the
// background when it finds no cache). WOPT_CODE_CACHE=0 turns the cache off.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';

const MAGIC = 'WOPTV8C2'; // C2: blobs stamped with V8's default flags (C1's had --allow-natives-syntax on)
const HEADER = 16; // magic, u32 length of the .wasm copy, u32 length of V8's blob

export const codeCacheEnabled = () => process.env.WOPT_CODE_CACHE !== '0';

/** Where the cache of the core at `wasmPath` lives for this V8 version and architecture. */
export function codeCachePath(wasmPath) {
  const dir = process.env.WOPT_CODE_CACHE_DIR || path.dirname(wasmPath);
  const tag = `${process.versions.v8}-${process.arch}`.replace(/[^A-Za-z0-9._-]/g, '_');
  return path.join(dir, `${path.basename(wasmPath)}.${tag}.v8cache`);
}

// V8's test functions, or null where this V8 has none (or refuses the flag). The flag is on only
// while they are made: V8's flags are the process's, and with it on every isolate started later
// (each worker thread of a batch) had to compile Node's own JavaScript afresh, its code cache
// being made under other flags — measured: two workers ready in 60-85 ms instead of 30-45.
let natives;
export function v8Natives() {
  if (natives !== undefined) return natives;
  try {
    v8.setFlagsFromString('--allow-natives-syntax');
    natives = {
      serialize: new Function('m', 'return %SerializeWasmModule(m)'),
      deserialize: new Function('blob', 'wire', 'return %DeserializeWasmModule(blob, wire)'),
      isLiftoff: new Function('f', 'return %IsLiftoffFunction(f)'),
      detach: new Function('b', '%ArrayBufferDetach(b)'),
    };
  } catch { natives = null; } finally {
    try { v8.setFlagsFromString('--no-allow-natives-syntax'); } catch { /* as it was */ }
  }
  return natives;
}

/**
 * `{ module, why }`: the core compiled from the cache (why 'loaded'), or module null and why not:
 * 'off', 'missing' (no cache, or one of another .wasm), 'refused' (V8 would not load it: other
 * flags or CPU), 'unsupported' (this V8 has no serializer).
 */
export function loadCachedModule(wasmPath, wire) {
  if (!codeCacheEnabled()) return { module: null, why: 'off' };
  const blob = readOwnCache(codeCachePath(wasmPath), wire);
  if (!blob) return { module: null, why: 'missing' };
  const n = v8Natives();
  if (!n) return { module: null, why: 'unsupported' };
  let module;
  try { module = n.deserialize(blob, wire); } catch { module = undefined; }
  // V8 copied the blob into the module: its memory is given back now rather than at some later
  // garbage collection, which a short run never reaches (it was part of a 1 MB run's peak)
  release(blob);
  return module instanceof WebAssembly.Module ? { module, why: 'loaded' } : { module: null, why: 'refused' };
}

/**
 * Frees the memory of an ArrayBuffer (or of a Buffer that is the whole of its ArrayBuffer) at
 * once, leaving it empty; does nothing where V8's test functions are missing. For buffers of
 * several MB whose contents V8 has copied (the cache's blob, the .wasm once compiled).
 */
export function release(buf) {
  const ab = ArrayBuffer.isView(buf) ? (buf.byteOffset === 0 && buf.buffer.byteLength === buf.byteLength ? buf.buffer : null) : buf;
  const n = ab instanceof ArrayBuffer ? v8Natives() : null;
  if (!n) return;
  try { n.detach(ab); } catch { /* left to the garbage collector */ }
}

// V8's blob from the cache file (an ArrayBuffer of its own, read straight into place: the file
// is several MB and every copy is garbage the process carries to its peak), or null when the file
// is missing, not the run's own, malformed, or made from another .wasm than `wire`.
// The blob is machine code that runs outside WebAssembly's sandbox: a file someone else could
// have written (another owner, or writable by group or others, as in a shared temporary
// directory) is not read. The checks are on the open file itself, so it cannot be swapped between
// the check and the read.
function readOwnCache(file, wire) {
  let fd;
  try {
    fd = fs.openSync(file, 'r');
    const st = fs.fstatSync(fd);
    if (!st.isFile() || (st.mode & 0o022) !== 0) return null;
    if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return null;
    const header = Buffer.alloc(HEADER);
    if (!readAt(fd, header, 0) || header.toString('latin1', 0, 8) !== MAGIC) return null;
    const wireLen = header.readUInt32LE(8), blobLen = header.readUInt32LE(12);
    if (st.size !== HEADER + wireLen + blobLen || wireLen !== wire.length) return null;
    const chunk = Buffer.allocUnsafe(Math.min(wireLen, 1 << 16));
    for (let at = 0; at < wireLen; at += chunk.length) {
      const part = chunk.subarray(0, Math.min(chunk.length, wireLen - at));
      if (!readAt(fd, part, HEADER + at) || !part.equals(wire.subarray(at, at + part.length))) return null;
    }
    const blob = new ArrayBuffer(blobLen);
    return readAt(fd, new Uint8Array(blob), HEADER + wireLen) ? blob : null;
  } catch { return null; } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

// Fills `view` from the file at `pos`; false when the file ends first.
function readAt(fd, view, pos) {
  let off = 0;
  while (off < view.length) {
    const n = fs.readSync(fd, view, off, view.length - off, pos + off);
    if (n === 0) return false;
    off += n;
  }
  return true;
}

/** Writes the cache file of `wire` with V8's `blob` (temporary file, then rename). */
export function writeCodeCache(wasmPath, wire, blob) {
  const file = codeCachePath(wasmPath);
  const header = Buffer.alloc(HEADER);
  header.write(MAGIC, 0, 'latin1');
  header.writeUInt32LE(wire.length, 8);
  header.writeUInt32LE(blob.byteLength, 12);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    const fd = fs.openSync(tmp, 'wx', 0o644); // never through a file or link already there
    try {
      for (const part of [header, wire, new Uint8Array(blob)]) {
        let off = 0;
        while (off < part.length) off += fs.writeSync(fd, part, off, part.length - off);
      }
    } finally { fs.closeSync(fd); }
    fs.renameSync(tmp, file);
  } catch (e) {
    try { fs.unlinkSync(tmp); } catch { /* never made */ }
    throw e;
  }
  return file;
}

// A build in progress holds `<cache>.lock`; one older than this is a build that died.
const LOCK_STALE_MS = 120_000;

/**
 * Starts code-cache-build.js for `wasmPath` in a detached background process, unless the cache
 * is off, a build is already running, or the cache directory is not writable. Returns whether
 * a build was started (a promise). The caller's process can exit at once; the build finishes on
 * its own.
 */
export async function startCodeCacheBuild(wasmPath) {
  if (!codeCacheEnabled() || !v8Natives()) return false;
  const lock = codeCachePath(wasmPath) + '.lock';
  try {
    fs.closeSync(fs.openSync(lock, 'wx'));
  } catch (e) {
    if (e.code !== 'EEXIST') return false;
    try {
      if (Date.now() - fs.statSync(lock).mtimeMs < LOCK_STALE_MS) return false;
      fs.writeFileSync(lock, '');
    } catch { return false; }
  }
  try {
    const { spawn } = await import('node:child_process'); // only here: it costs a CLI run ~2 ms to load
    const child = spawn(process.execPath, [fileURLToPath(new URL('./code-cache-build.js', import.meta.url)), wasmPath, '--lock', lock],
      { detached: true, stdio: 'ignore' });
    child.on('error', () => { try { fs.unlinkSync(lock); } catch { /* gone */ } });
    child.unref();
    return true;
  } catch {
    try { fs.unlinkSync(lock); } catch { /* gone */ }
    return false;
  }
}
