// index.js — the package's main entry in Node (`import ... from 'wopt'`): the API of api.js with
// the core read from disk (node.js) and SQLite, in-memory or IndexedDB repositories (repo/store.js).
// Browsers and bundlers get index-browser.js through the "browser" export condition.
import { loadWopt } from './node.js';
import { openRepository } from './repo/store.js';
import { bindApi } from './api.js';

export * from './api.js';
export const { defaultCore, optimize, openSession, crossModuleReport, mergeAcrossModules } = bindApi({
  loadCore: ({ wasmPath } = {}) => loadWopt(wasmPath ? { wasmPath } : {}),
  openRepository,
});
