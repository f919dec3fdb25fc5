#!/usr/bin/env node
// serve.js — builds the playground into site/ and serves it on http://localhost:$PORT (8080).
// serveDir is also what tests/node/playground/playground.test.js serves the built site with.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSite } from './build.js';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.png': 'image/png', '.ll': 'text/plain; charset=utf-8',
};

/** A static file server for `dir`; resolves to the listening server. */
export function serveDir(dir, { port = 0, host = '127.0.0.1' } = {}) {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(root, path));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) { res.writeHead(404); res.end('not found'); return; }
    // cross-origin isolation: the page and its worker then get a 5 µs clock, not a 100 µs one
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache',
      'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' });
    res.end(readFileSync(file));
  });
  return new Promise((ok, fail) => { server.once('error', fail); server.listen(port, host, () => ok(server)); });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = resolve(fileURLToPath(new URL('../site', import.meta.url)));
  await buildSite(dir);
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? 'localhost';
  await serveDir(dir, { port, host });
  console.log(`wopt playground: http://${host}:${port}/`);
}
