// browser.js — loads the core with fetch(); streaming compilation where the server sends
// `Content-Type: application/wasm`, a plain ArrayBuffer compile otherwise.
import { instantiate } from './core.js';

export * from './core.js';

const defaultUrl = () => new URL('../build/wopt.wasm', import.meta.url);
const modules = new Map();

async function compile(url) {
  if (WebAssembly.compileStreaming) {
    try { return await WebAssembly.compileStreaming(fetch(url)); } catch (e) {
      if (!(e instanceof TypeError)) throw e; // wrong MIME type: fall back below
    }
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`wopt: could not fetch ${url}: ${res.status} ${res.statusText}`);
  return WebAssembly.compile(await res.arrayBuffer());
}

/** @param opts { url } — where wopt.wasm is served (default: ../build/wopt.wasm from this file). */
export async function loadWopt({ url = defaultUrl() } = {}) {
  const key = String(url);
  let module = modules.get(key);
  if (!module) {
    module = compile(url);
    modules.set(key, module);
    module.catch(() => modules.delete(key));
  }
  return instantiate(await module);
}
