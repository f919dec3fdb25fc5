#!/usr/bin/env node
// build.js — the playground as a static site: index.html, style.css, app.js (the page, bundled by
// esbuild), worker.js (bindings/worker-main-browser.js bundled as a second entry point, since
// esbuild does not bundle workers), lsp-worker.js (the language server in its Web Worker,
// bindings/lsp/worker-browser.js, a third entry) and wopt.wasm. Any static server can serve the folder.
//
//   node playground/build.js [outDir]      (default: site/)
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');

/** Builds the site into `outDir`; returns the files written with their sizes. */
export async function buildSite(outDir = join(ROOT, 'site'), { minify = true } = {}) {
  const { build } = await import('esbuild');
  const wasm = join(ROOT, 'build/wopt.wasm');
  if (!existsSync(wasm)) throw new Error(`${wasm} is missing: run npm run build:release first`);
  mkdirSync(outDir, { recursive: true });
  const r = await build({
    entryPoints: {
      app: join(HERE, 'src/main.js'), worker: join(ROOT, 'bindings/worker-main-browser.js'), 'lsp-worker': join(ROOT, 'bindings/lsp/worker-browser.js'),
    },
    bundle: true, format: 'esm', platform: 'browser', target: 'es2022', outdir: outDir, minify,
    loader: { '.ll': 'text' }, metafile: true, logLevel: 'silent', legalComments: 'none',
  });
  if (r.errors.length) throw new Error(r.errors.map(e => e.text).join('\n'));
  for (const f of ['index.html', 'style.css']) copyFileSync(join(HERE, f), join(outDir, f));
  copyFileSync(wasm, join(outDir, 'wopt.wasm'));
  return ['index.html', 'style.css', 'app.js', 'worker.js', 'lsp-worker.js', 'wopt.wasm'].map(name => join(outDir, name));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out = resolve(process.argv[2] ?? join(ROOT, 'site'));
  const files = await buildSite(out);
  console.log(`built ${files.length} files into ${out}`);
}
