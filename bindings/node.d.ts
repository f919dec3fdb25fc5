// Types of `wopt/node`: the core loaded from disk.
import type { WoptCore } from './core.js';

export * from './core.js';

/** build/wopt.wasm beside bindings/ (or $WOPT_WASM). */
export declare function defaultWasmPath(): string;
/** Loads a core; the compiled module is cached per path. */
export declare function loadWopt(opts?: { wasmPath?: string }): Promise<WoptCore>;
/** The compiled core (a WebAssembly.Module), cached per path: what worker threads instantiate. */
export declare function compileWopt(opts?: { wasmPath?: string }): Promise<object>;
/**
 * How the core at `wasmPath` (default: defaultWasmPath()) was compiled by loadWopt: 'loaded' when
 * V8's code came from the code cache beside the .wasm, else why not: 'missing', 'refused' (V8
 * would not take it: other flags or CPU), 'off' (WOPT_CODE_CACHE=0), 'unsupported'; undefined
 * before the first loadWopt of that path.
 */
export declare function codeCacheStatus(wasmPath?: string): 'loaded' | 'missing' | 'refused' | 'off' | 'unsupported' | undefined;
