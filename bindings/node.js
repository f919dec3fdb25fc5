// node.js — loads build/wopt.wasm from disk (Node only). The compiled module is cached, so each
// loadWopt() after the first costs one instantiation. The first takes V8's machine code from the
// code cache beside the .wasm when there is one (code-cache.js), instead of compiling.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { instantiate } from './core.js';
import { loadCachedModule, release } from './code-cache.js';

export * from './core.js';

/** Default location of the core: build/wopt.wasm beside bindings/ (override: WOPT_WASM). */
export const defaultWasmPath = () =>
  process.env.WOPT_WASM || fileURLToPath(new URL('../build/wopt.wasm', import.meta.url));

const modules = new Map();
// How each core's code was found: 'loaded' from the code cache, or why not (code-cache.js).
const cacheStatus = new Map();

/** How the core at `wasmPath` was compiled: 'loaded' (code cache), 'missing', 'refused', 'off', 'unsupported'. */
export const codeCacheStatus = (wasmPath = defaultWasmPath()) => cacheStatus.get(wasmPath);

/**
 * The compiled core (a WebAssembly.Module, cached): worker threads are handed it to instantiate,
 * so the compilation is paid once. @param opts { wasmPath }
 */
export async function compileWopt({ wasmPath = defaultWasmPath() } = {}) {
  let module = modules.get(wasmPath);
  if (!module) {
    module = compile(wasmPath);
    modules.set(wasmPath, module);
    module.catch(() => modules.delete(wasmPath));
  }
  return module;
}

/** @param opts { wasmPath } — a path to another core build (e.g. build/wopt.debug.wasm). */
export async function loadWopt({ wasmPath = defaultWasmPath() } = {}) {
  return instantiate(await compileWopt({ wasmPath }));
}

async function compile(wasmPath) {
  const wire = readFileSync(wasmPath);
  const cached = loadCachedModule(wasmPath, wire);
  cacheStatus.set(wasmPath, cached.why);
  if (!cached.module) return WebAssembly.compile(wire);
  release(wire);
  return cached.module;
}
