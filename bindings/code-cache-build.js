#!/usr/bin/env node
// code-cache-build.js — makes the code cache of a core (code-cache.js) in a process of its own:
//
//   node bindings/code-cache-build.js [<core.wasm>] [--lock <file>] [--quiet] [--best-effort]
//
// V8 is told to compile every function at once, baseline first and then TurboFan in the
// background (eager tier-up, instead of its default of tiering up what runs hot); once the
// TurboFan code stops growing, it is serialized and written beside the .wasm. The flags are put
// back before serializing: V8 stamps the blob with its flags, and the runs that load it have the
// default ones. `npm run build:release` runs this; the CLI starts it in the background when it
// finds no cache. Exit status 0 when the cache was written, 1 otherwise (with a message unless
// --quiet); --best-effort: 0 either way (a build without a cache still works, only starts slower).
import fs from 'node:fs';
import v8 from 'node:v8';
import { defaultWasmPath } from './node.js';
import { v8Natives, writeCodeCache, codeCachePath } from './code-cache.js';

const args = process.argv.slice(2);
let wasmPath, lock, quiet = false, bestEffort = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--lock') lock = args[++i];
  else if (args[i] === '--quiet') quiet = true;
  else if (args[i] === '--best-effort') bestEffort = true;
  else wasmPath = args[i];
}
wasmPath ??= defaultWasmPath();

const sleep = ms => new Promise(r => setTimeout(r, ms));

async function build() {
  const n = v8Natives();
  if (!n) throw new Error(`this V8 (${process.versions.v8}) cannot serialize WebAssembly code`);
  const wire = fs.readFileSync(wasmPath);
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
  v8.setFlagsFromString('--no-wasm-lazy-compilation');
  let module;
  try { module = await WebAssembly.compile(wire); } finally {
    v8.setFlagsFromString('--wasm-lazy-compilation');
    v8.setFlagsFromString('--wasm-dynamic-tiering');
  }
  // Serializing before any function has its TurboFan code is a fatal error in V8 (not an
  // exception): wait until the exported functions have theirs, then until the blob stops growing.
  const instance = await WebAssembly.instantiate(module, stubImports(module));
  const exported = Object.values(instance.exports).filter(f => typeof f === 'function');
  const deadline = Date.now() + 120_000;
  while (exported.some(f => n.isLiftoff(f))) {
    if (Date.now() > deadline) throw new Error('V8 did not finish compiling the core');
    await sleep(50);
  }
  let blob = n.serialize(module);
  for (;;) {
    await sleep(200);
    const next = n.serialize(module);
    if (next.byteLength === blob.byteLength || Date.now() > deadline) { blob = next; break; }
    blob = next;
  }
  return writeCodeCache(wasmPath, wire, blob);
}

// The core's imports, never called: the build only compiles and instantiates.
function stubImports(module) {
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) (imports[imp.module] ??= {})[imp.name] = () => { throw new Error('not callable'); };
  return imports;
}

try {
  const file = await build();
  if (!quiet) process.stderr.write(`wrote ${file}\n`);
} catch (e) {
  if (!quiet) process.stderr.write(`wopt: cannot make the code cache of ${wasmPath} (${codeCachePath(wasmPath)}): ${e.message}\n`);
  process.exitCode = bestEffort ? 0 : 1;
} finally {
  if (lock) try { fs.unlinkSync(lock); } catch { /* gone */ }
}
