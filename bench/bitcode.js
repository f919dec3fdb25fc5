// Bitcode inputs for the benches: the .bc of a textual input as llvm-as of LLVM V writes it, the
// same module the .ll holds, so a bitcode row and a text row of one input measure the same IR.
//
//   bitcodeOf(llPath, target)   { path, bytes, textBytes, llvmAsVersion, cached } or { error }
//   generatedText(size, opts)   the generated module of `size` (bench/gen.js), cached as side-by-side
//                               caches it: { label, path, bytes }
//   isBitcode(path)             the file starts with bitcode's magic (raw 'BC' 0xC0DE or the wrapper)
//
// The .bc files live in bench/.cache/bc/, named by the .ll's name and llvm-as's full version; one
// older than its .ll is made again. A failing llvm-as is reported ({ error }), never thrown.

import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateToFile, parseSize, GEN_VERSION } from './gen.js';

const HERE = dirname(fileURLToPath(import.meta.url));
export const CACHE = join(HERE, '.cache');
export const BC_CACHE = join(CACHE, 'bc');

/** True when `path` begins with the raw bitcode magic ('BC' 0xC0 0xDE) or the wrapper's (0x0B17C0DE, little endian). */
export function isBitcode(path) {
  const b = Buffer.alloc(4);
  let fd;
  try {
    fd = openSync(path, 'r');
    if (readSync(fd, b, 0, 4, 0) < 4) return false;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return (b[0] === 0x42 && b[1] === 0x43 && b[2] === 0xc0 && b[3] === 0xde) || b.readUInt32LE(0) === 0x0b17c0de;
}

/**
 * The generated module of `size` (seed, dup, debug as side-by-side's options), written once to
 * bench/.cache/gen-v<G>-<size>-s<seed>-d<dup>[-g].ll: { label, path, bytes }.
 */
export function generatedText(size, { seed = 1, dup = 0.3, debug = false, log = () => {} } = {}) {
  mkdirSync(CACHE, { recursive: true });
  const name = `gen-v${GEN_VERSION}-${size}-s${seed}-d${dup}${debug ? '-g' : ''}.ll`;
  const path = join(CACHE, name);
  if (!existsSync(path)) {
    log(`generating ${name} ...`);
    generateToFile(path + '.tmp', { size: parseSize(size), seed, dup, debug });
    renameSync(path + '.tmp', path);
  }
  return { label: size, path, bytes: statSync(path).size };
}

/**
 * The bitcode of the textual module `llPath` for the LLVM version of `target` ({ version, llvmAs,
 * llvmAsVersion }): `llvm-as-V llPath`, cached in bench/.cache/bc/. A path that already holds
 * bitcode is returned as it is (textBytes null: there is no text of it).
 */
export function bitcodeOf(llPath, target, { log = () => {}, timeout = 900 } = {}) {
  if (!existsSync(llPath)) return { error: `${basename(llPath)}: not found` };
  if (isBitcode(llPath)) return { path: llPath, bytes: statSync(llPath).size, textBytes: null, cached: true };
  if (!target.llvmAs) return { error: `no llvm-as for LLVM ${target.version}` };
  const ver = target.llvmAsVersion ?? String(target.version);
  mkdirSync(BC_CACHE, { recursive: true });
  const path = join(BC_CACHE, `${basename(llPath, '.ll')}.llvm-as-${ver}.bc`);
  const text = statSync(llPath);
  const info = { path, textBytes: text.size, llvmAsVersion: ver };
  if (existsSync(path) && statSync(path).mtimeMs >= text.mtimeMs) return { ...info, bytes: statSync(path).size, cached: true };
  log(`llvm-as-${target.version} ${basename(llPath)} ...`);
  const tmp = `${path}.tmp`;
  const r = spawnSync(target.llvmAs, [llPath, '-o', tmp], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: timeout * 1000 });
  if (r.status !== 0) {
    rmSync(tmp, { force: true });
    const first = (r.error?.message || r.stderr || `exit ${r.status}`).split('\n').find((l) => l.trim()) || '';
    return { error: `llvm-as-${target.version} failed: ${first.slice(0, 160)}` };
  }
  renameSync(tmp, path);
  return { ...info, bytes: statSync(path).size, cached: false };
}
