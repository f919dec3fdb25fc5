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

/**
 * The compiled core (a WebAssembly.Module, cached): worker threads are handed it to instantiate,
 * so the compilation is paid once. @param opts { wasmPath }
 */
export async function compileWopt({ wasmPath = defaultWasmPath() } = {}) {
  let module = modules.get(wasmPath);
  if (!module) {
    module = readFile(wasmPath).then(bytes => WebAssembly.compile(bytes));
    modules.set(wasmPath, module);
    module.catch(() => modules.delete(wasmPath));
  }
  return module;
}

/** @param opts { wasmPath } — a path to another core build (e.g. build/wopt.debug.wasm). */
export async function loadWopt({ wasmPath = defaultWasmPath() } = {}) {
  return instantiate(await compileWopt({ wasmPath }));
}
