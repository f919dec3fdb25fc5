// The npm package as a user gets it: `npm pack` of this checkout, installed into an empty folder
// without network or compiler, then the CLI and the API run from there. The tarball must hold the
// release core, the bindings, README and LICENSE, and nothing else (no tests, sources or benches).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
// The user's npm: the first on PATH outside node_modules (under `npm test`, PATH starts with
// node_modules/.bin, where a dependency of as-pect puts an npm 6 without `pack --pack-destination`).
function userNpm() {
  const name = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  for (const d of (process.env.PATH ?? '').split(delimiter)) {
    if (d && !d.split(/[\\/]/).includes('node_modules') && existsSync(join(d, name))) return join(d, name);
  }
  return name;
}
const NPM = userNpm();
const npm = (args, opts) => run(NPM, args, opts);
const CLI = join(ROOT, 'bindings/cli.js');

const INPUT = `define i32 @pick(i1 %c, i32 %a, i32 %b) {
entry:
  %x = alloca i32, align 4
  br i1 %c, label %then, label %else
then:
  store i32 %a, ptr %x, align 4
  br label %join
else:
  store i32 %b, ptr %x, align 4
  br label %join
join:
  %r = load i32, ptr %x, align 4
  ret i32 %r
}
`;

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...opts });
  if (r.error) throw r.error;
  return r;
}

function packedFiles() {
  const r = npm(['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout)[0].files.map(f => f.path).sort();
}

test('the tarball holds the core, the bindings, README and LICENSE, and nothing else', () => {
  assert.ok(existsSync(join(ROOT, 'build/wopt.wasm')), 'build/wopt.wasm is built (npm ci runs postprepare)');
  const files = packedFiles();
  for (const need of ['build/wopt.wasm', 'bindings/cli.js', 'bindings/index.js', 'bindings/node.js',
    'bindings/core.js', 'bindings/browser.js', 'bindings/repo/store.js', 'bindings/index.d.ts', 'bindings/core.d.ts',
    'bindings/repo/store.d.ts', 'LICENSE', 'README.md', 'package.json']) {
    assert.ok(files.includes(need), `${need} is in the tarball`);
  }
  const allowed = /^(build\/wopt\.wasm|bindings\/.+\.(js|d\.ts)|LICENSE|README\.md|package\.json)$/;
  // the CLI's progress bar (cli-progress) is bundled, with what it needs, so the package still
  // installs offline with nothing besides itself; those folders are the lock's "inBundle" entries
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const bundled = Object.entries(lock.packages).filter(([k, v]) => v.inBundle && /^node_modules\/[^/]+$/.test(k)).map(([k]) => `${k}/`);
  assert.ok(bundled.includes('node_modules/cli-progress/'), 'cli-progress is a bundled dependency');
  const stray = files.filter(f => !allowed.test(f) && !bundled.some(b => f.startsWith(b)));
  assert.deepEqual(stray, [], 'nothing else is packed (tests, sources, benches, debug builds)');
  // every file a binding imports is packed
  const bindingFiles = readdirSync(join(ROOT, 'bindings'), { recursive: true }).filter(f => f.endsWith('.js') || f.endsWith('.d.ts')).map(f => `bindings/${f}`);
  for (const f of bindingFiles) assert.ok(files.includes(f), `${f} is packed`);
});

test('installed from the tarball in an empty folder, offline: no dependencies, the CLI and the API work', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wopt-pkg-'));
  try {
    const packed = npm(['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT });
    assert.equal(packed.status, 0, packed.stderr);
    const tgz = readdirSync(dir).find(f => f.endsWith('.tgz'));
    assert.ok(tgz, 'npm pack wrote a tarball');

    const app = join(dir, 'app');
    run('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), '{ "name": "app", "version": "1.0.0", "private": true, "type": "module" }\n');
    // --offline: a dependency to download (or a native build to fetch headers for) fails the install
    const inst = npm(['install', '--offline', '--no-audit', '--no-fund', join(dir, tgz)], { cwd: app });
    assert.equal(inst.status, 0, inst.stderr);
    const installed = readdirSync(join(app, 'node_modules')).filter(f => !f.startsWith('.'));
    assert.deepEqual(installed, ['wopt'], 'the package installs nothing besides itself');
    // and runs no script of its own: none that npm runs for an installed package (nor for a
    // tarball's `prepare`), so npm's allowScripts has nothing to ask the consumer about
    const { scripts = {} } = JSON.parse(readFileSync(join(app, 'node_modules/wopt/package.json'), 'utf8'));
    for (const s of ['preinstall', 'install', 'postinstall', 'prepare']) assert.equal(scripts[s], undefined, `the packed package.json has no "${s}" script`);
    assert.doesNotMatch(inst.stderr, /install.scripts|allowScripts/i, 'npm has no install script to warn about');

    // the CLI, through the bin link npx would run, against this checkout's CLI
    writeFileSync(join(app, 'x.ll'), INPUT);
    const bin = join(app, 'node_modules/.bin/wopt');
    const cli = run(bin, ['-S', '-passes=mem2reg', 'x.ll', '-o', '-'], { cwd: app });
    assert.equal(cli.status, 0, cli.stderr);
    assert.match(cli.stdout, /%x\.0 = phi i32 \[ %a, %then \], \[ %b, %else \]/);
    const here = run(process.execPath, [CLI, '-S', '-passes=mem2reg', 'x.ll', '-o', '-'], { cwd: app });
    assert.equal(cli.stdout, here.stdout, 'the installed CLI prints what the checkout prints');

    // a bad input: opt's diagnostic shape and a non-zero exit from the installed copy too
    writeFileSync(join(app, 'bad.ll'), 'define i32 @f( {\n');
    const bad = run(bin, ['-S', '-passes=mem2reg', 'bad.ll'], { cwd: app });
    assert.notEqual(bad.status, 0);
    assert.match(bad.stderr, /bad\.ll:2:1: error: expected type/);

    // batch mode on worker threads from the installed copy: the bad input fails alone
    writeFileSync(join(app, 'y.ll'), INPUT);
    const batch = run(bin, ['-S', '-passes=mem2reg', '-output-dir=out', '-j', '2', '-q', 'x.ll', 'y.ll', 'bad.ll'], { cwd: app });
    assert.equal(batch.status, 1);
    assert.match(batch.stderr, /^wopt: bad\.ll:2:1: error: expected type\n[\s\S]*wopt: 1 of 3 inputs failed\n$/);
    assert.equal(readFileSync(join(app, 'out/x.ll'), 'utf8'), here.stdout);

    // the API, imported by package name
    writeFileSync(join(app, 'use.mjs'), `import { optimize } from 'wopt';
import { readFileSync } from 'node:fs';
const r = await optimize(readFileSync('x.ll', 'utf8'), { passes: 'mem2reg' });
process.stdout.write(JSON.stringify({ ok: r.ok, phi: /= phi i32/.test(r.output ?? '') }));
`);
    const api = run(process.execPath, ['use.mjs'], { cwd: app });
    assert.equal(api.status, 0, api.stderr);
    assert.deepEqual(JSON.parse(api.stdout), { ok: true, phi: true });

    // the types as installed: the strict consumer of tests/types, compiled in the app folder
    for (const f of ['consumer.ts', 'tsconfig.json']) writeFileSync(join(app, f), readFileSync(join(ROOT, 'tests/types', f)));
    const tsc = run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(app, 'tsconfig.json')], { cwd: app });
    assert.equal(tsc.status, 0, `tsc against the installed package:\n${tsc.stdout}${tsc.stderr}`);

    // file repositories need an SQLite engine; without one the message says what to install
    const hasNodeSqlite = run(process.execPath, ['-e', "import('node:sqlite').then(() => process.exit(0), () => process.exit(1))"]).status === 0;
    const repo = run(bin, ['-S', '--repo=r.db', '-passes=repo-metadata,repo-prune,mem2reg', 'x.ll', '-o', 'out.ll'], { cwd: app });
    if (hasNodeSqlite) {
      assert.equal(repo.status, 0, repo.stderr);
      const stats = run(bin, ['repo', 'stats', '--repo=r.db', '--json'], { cwd: app });
      assert.equal(stats.status, 0, stats.stderr);
      assert.equal(JSON.parse(stats.stdout).functions, 1, 'the function was stored through node:sqlite');
    } else {
      assert.notEqual(repo.status, 0);
      assert.match(repo.stderr, /error: file repositories need SQLite: use Node 22\.13 or later \(node:sqlite\) or run `npm install better-sqlite3`/);
      assert.doesNotMatch(repo.stderr, /\n\s+at /, 'no stack trace');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
