// Types of `wopt/repo` in browsers (store-browser.js): IndexedDB and in-memory repositories only
// (an SQLite path is refused there); the declarations are store.d.ts's.
export * from './store.js';
