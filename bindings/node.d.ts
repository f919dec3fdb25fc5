// Types of `wopt/node`: the core loaded from disk.
import type { WoptCore } from './core.js';

export * from './core.js';

/** build/wopt.wasm beside bindings/ (or $WOPT_WASM). */
export declare function defaultWasmPath(): string;
/** Loads a core; the compiled module is cached per path. */
export declare function loadWopt(opts?: { wasmPath?: string }): Promise<WoptCore>;
/** The compiled core (a WebAssembly.Module), cached per path: what worker threads instantiate. */
export declare function compileWopt(opts?: { wasmPath?: string }): Promise<object>;
