// Types of bindings/browser.js: the core fetched by URL, compiled while it streams in.
import type { WoptCore } from './core.js';

export * from './core.js';

/** Loads a core from `url` (default: ../build/wopt.wasm from this file). */
export declare function loadWopt(opts?: { url?: string | { readonly href: string } }): Promise<WoptCore>;
