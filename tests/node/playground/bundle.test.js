// The package as a browser bundler sees it: esbuild, platform "browser", resolving `wopt`,
// `wopt/worker` and `wopt/repo` through package.json's export conditions (from an app folder whose
// node_modules/wopt is this checkout), with the two worker entries (a worker session's, and the
// language server's). A Node built-in reached on the browser path fails the build; the bundle
// must hold the browser loaders and none of the Node ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

test('esbuild bundles the browser entries with no Node built-in and no Node loader', async (t) => {
  const app = mkdtempSync(join(tmpdir(), 'wopt-bundle-'));
  try {
    mkdirSync(join(app, 'node_modules'));
    symlinkSync(ROOT, join(app, 'node_modules/wopt'), 'dir');
    writeFileSync(join(app, 'app.js'), `import { optimize, openSession } from 'wopt';
import { openWorkerSession } from 'wopt/worker';
import { openRepository } from 'wopt/repo';
globalThis.wopt = { optimize, openSession, openWorkerSession, openRepository };
`);
    const r = await build({
      entryPoints: [join(app, 'app.js'), join(ROOT, 'bindings/worker-main-browser.js'), join(ROOT, 'bindings/lsp/worker-browser.js')],
      bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, outdir: join(app, 'out'),
      logLevel: 'silent', preserveSymlinks: false,
    });
    assert.deepEqual(r.errors, []);
    const inputs = Object.keys(r.metafile.inputs).map(f => f.replace(/\\/g, '/'));
    const has = name => inputs.some(f => f.endsWith(`bindings/${name}`));
    for (const need of ['index-browser.js', 'browser.js', 'worker-browser.js', 'worker-main-browser.js', 'repo/store-browser.js', 'repo/store-idb.js', 'session.js', 'core.js',
      'lsp/worker-browser.js', 'lsp/server.js', 'lsp/service.js']) {
      assert.ok(has(need), `the bundle holds bindings/${need}`);
    }
    for (const never of ['index.js', 'node.js', 'worker-node.js', 'worker-main-node.js', 'repo/store.js', 'repo/store-sqlite.js', 'repo/sqlite-driver.js', 'cli.js', 'lsp/stdio.js']) {
      assert.ok(!has(never), `the bundle leaves out bindings/${never}`);
    }
    assert.ok(!inputs.some(f => f.startsWith('node:') || f.includes('better-sqlite3')), 'no Node built-in or native addon');
    // the language server's protocol library on its browser side only
    assert.ok(inputs.some(f => f.includes('vscode-languageserver/lib/browser/')), 'vscode-languageserver/browser is bundled');
    assert.ok(!inputs.some(f => /vscode-(languageserver|languageserver-protocol|jsonrpc)\/lib\/node\//.test(f)), 'none of its Node side');
    // what a page downloads: the bundles and the core, gzipped (reported; the goal is under 500 KB),
    // and apart from them the language server's worker, which only a page with an editor loads
    const gz = f => gzipSync(f.contents, { level: 9 }).length;
    const isLsp = f => f.path.replace(/\\/g, '/').endsWith('/lsp/worker-browser.js');
    const js = r.outputFiles.filter(f => f.path.endsWith('.js') && !isLsp(f)).reduce((n, f) => n + gz(f), 0);
    const lsp = r.outputFiles.filter(f => f.path.endsWith('.js') && isLsp(f)).reduce((n, f) => n + gz(f), 0);
    const wasm = gzipSync(readFileSync(join(ROOT, 'build/wopt.wasm')), { level: 9 }).length;
    const kb = n => `${(n / 1024).toFixed(1)} KB`;
    t.diagnostic(`browser download, gzipped: bindings ${kb(js)} + core ${kb(wasm)} = ${kb(js + wasm)}; the language server's worker ${kb(lsp)} more (${inputs.length} inputs bundled)`);
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
});
