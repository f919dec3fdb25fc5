// worker-browser.js — the language server (server.js) inside a browser's module Web Worker: the
// JSON-RPC messages go over the worker's own message port (vscode-languageserver/browser), and its
// sessions run on the browser core loaded in this same worker (index-browser.js), not in a further
// worker. The page starts it as `new Worker(url, { type: 'module' })`, with `?wasm=<url>` saying
// where wopt.wasm is served (default: the package's build/wopt.wasm). Nothing here reaches a Node
// built-in; a bundler takes this file as an entry point of its own (playground/build.js does).
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { openSession } from '../index-browser.js';
import { startServer } from './server.js';

const wasm = new URL(self.location.href).searchParams.get('wasm');
const wasmUrl = wasm ? new URL(wasm, self.location.href).href : undefined;

// A message may come as JSON text as well as an object: a client that holds its messages as text
// (CodeMirror's) then sends a whole document without the page parsing it first, and the parse of a
// large one happens here, off the page's thread.
const port = {
  addEventListener: (type, fn) => self.addEventListener(type, fn),
  set onmessage(fn) { self.onmessage = e => fn({ data: typeof e.data === 'string' ? JSON.parse(e.data) : e.data }); },
};

const connection = createConnection(new BrowserMessageReader(port), new BrowserMessageWriter(self));
startServer(connection, { openSession: opts => openSession(wasmUrl ? { ...opts, wasmUrl } : opts) });
