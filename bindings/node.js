// node.js — loads build/wopt.wasm from disk (Node only). The compiled module is cached, so each
// loadWopt() after the first costs one instantiation.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { instantiate } from './core.js';

export * from './core.js';

/** Default location of the core: build/wopt.wasm beside bindings/ (override: WOPT_WASM). */
export const defaultWasmPath = () =>
  process.env.WOPT_WASM || fileURLToPath(new URL('../build/wopt.wasm', import.meta.url));

const modules = new Map();

/** @param opts { wasmPath } — a path to another core build (e.g. build/wopt.debug.wasm). */
export async function loadWopt({ wasmPath = defaultWasmPath() } = {}) {
  let module = modules.get(wasmPath);
  if (!module) {
    module = WebAssembly.compile(await readFile(wasmPath));
    modules.set(wasmPath, module);
    module.catch(() => modules.delete(wasmPath));
  }
  return instantiate(await module);
}
