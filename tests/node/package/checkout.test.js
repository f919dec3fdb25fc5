// The checkout's own commands. `npm install` / `npm ci` in the checkout build the core through a
// lifecycle step npm runs for the project's own install only (postprepare), never `prepare`: npm
// runs `prepare` again whenever it links the checkout (npx in the checkout installs it into its
// cache as a link; `npm link` does the same globally), which rebuilt the core each time, and a
// consumer of the packed tarball is warned about a `prepare` it would never run. So `npx wopt` in
// the checkout and `npm link` run the built core as it is; neither rebuilds it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { REPO, CLI, haveRealCore, NO_CORE } from '../helpers.js';

const WASM = join(REPO, 'build/wopt.wasm');
// the user's npm, not one a dependency put in node_modules/.bin (see package.test.js)
function userNpm() {
  for (const d of (process.env.PATH ?? '').split(delimiter)) {
    if (d && !d.split(/[\\/]/).includes('node_modules') && existsSync(join(d, 'npm'))) return join(d, 'npm');
  }
  return 'npm';
}
const NPM = userNpm();

// npm with its cache and global prefix in `dir`, offline, with lifecycle output shown
function npm(args, dir, opts = {}) {
  const env = { ...process.env, npm_config_cache: join(dir, 'cache'), npm_config_prefix: join(dir, 'prefix'),
    npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
  const r = spawnSync(NPM, [...args], { cwd: REPO, encoding: 'utf8', env, maxBuffer: 64 << 20, ...opts });
  if (r.error) throw r.error;
  return r;
}

test('package.json: the core is built by the checkout\'s own install, in no step npm runs for a link or a dependency', () => {
  const { scripts } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
  // the steps npm runs for an installed or linked package (arborist: preinstall, install, postinstall, prepare)
  for (const s of ['preinstall', 'install', 'postinstall', 'prepare']) assert.equal(scripts[s], undefined, `no "${s}" script`);
  assert.match(scripts.postprepare, /\bbuild:release\b/, 'npm install / npm ci in the checkout build the core');
  assert.match(scripts.prepack, /\bbuild:release\b/, 'npm pack and npm publish build the core they pack');
});

test('npx wopt in the checkout runs the built core without rebuilding it', { skip: !haveRealCore && NO_CORE }, t => {
  const dir = mkdtempSync(join(tmpdir(), 'wopt-npx-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const before = statSync(WASM).mtimeMs;
  const r = npm(['exec', '--offline', '--yes', '--foreground-scripts', '--', 'wopt', '--version'], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^wopt version /m);
  assert.doesNotMatch(r.stdout + r.stderr, /build:release|asc assembly/, 'no build step ran');
  assert.equal(statSync(WASM).mtimeMs, before, 'build/wopt.wasm untouched');
});

test('npm link gives a wopt command that is this checkout\'s CLI, without rebuilding the core', { skip: !haveRealCore && NO_CORE }, t => {
  const dir = mkdtempSync(join(tmpdir(), 'wopt-link-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const before = statSync(WASM).mtimeMs;
  const r = npm(['link', '--offline', '--foreground-scripts'], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stdout + r.stderr, /build:release|asc assembly/, 'no build step ran');
  assert.equal(statSync(WASM).mtimeMs, before, 'build/wopt.wasm untouched');
  const bin = join(dir, 'prefix/bin/wopt');
  assert.equal(realpathSync(bin), realpathSync(CLI), 'the command is the checkout\'s bindings/cli.js');
  const v = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  assert.equal(v.status, 0, v.stderr);
  assert.match(v.stdout, /^wopt version /);
});
