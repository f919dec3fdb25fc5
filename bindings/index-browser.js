// index-browser.js — the package's main entry in browsers and bundlers (the "browser" export
// condition; also loadable as plain ESM): the API of api.js with the core fetched by URL
// (browser.js) and in-memory or IndexedDB repositories (repo/store-browser.js). Nothing here
// reaches a Node built-in.
import { loadWopt } from './browser.js';
import { openRepository } from './repo/store-browser.js';
import { bindApi } from './api.js';

export * from './api.js';
export const { defaultCore, optimize, openSession, crossModuleReport, mergeAcrossModules } = bindApi({
  loadCore: ({ wasmUrl } = {}) => loadWopt(wasmUrl ? { url: wasmUrl } : {}),
  openRepository,
});
