// Shared helpers for the node:test specs (not a test file itself).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const CLI = path.join(REPO, 'bindings/cli.js');
export const REAL_WASM = path.join(REPO, 'build/wopt.wasm');
export const OPT = '/usr/lib/llvm-19/bin/opt';
export const haveOpt = fs.existsSync(OPT);
export const haveRealCore = fs.existsSync(REAL_WASM);
export const NO_OPT = `${OPT} not installed (apt-get install llvm-19)`;
export const NO_CORE = 'build/wopt.wasm not built (npm run build:release)';

const FIXTURES = path.join(REPO, 'tests/node/fixtures');

let mock = null;
/**
 * Compiles tests/node/fixtures/mock-core.ts (an ABI stand-in) once per content hash into the
 * system temp directory and returns the .wasm path.
 */
export function mockCorePath() {
  mock ??= (async () => {
    const src = path.join(FIXTURES, 'mock-core.ts');
    const hash = createHash('sha1').update(fs.readFileSync(src)).digest('hex').slice(0, 12);
    const out = path.join(os.tmpdir(), `wopt-mock-core-${hash}.wasm`);
    if (fs.existsSync(out)) return out;
    const tmp = `${out}.${process.pid}.tmp`;
    const { default: asc } = await import('assemblyscript/asc');
    const r = await asc.main([src, '-o', tmp, '--config', path.join(FIXTURES, 'mock-asconfig.json')], {});
    if (r.error) throw new Error(`building the mock core failed: ${r.error.message}\n${r.stderr}`);
    fs.renameSync(tmp, out);
    return out;
  })();
  return mock;
}

/** Runs a program; resolves { code, stdout, stderr } (strings). `input` goes to stdin. */
export function run(cmd, args, { input, env = {}, cwd = REPO } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env } });
    const out = [], err = [];
    child.stdout.on('data', d => out.push(d));
    child.stderr.on('data', d => err.push(d));
    child.on('error', reject);
    child.on('close', code => resolve({ code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }));
    child.stdin.on('error', () => {}); // the program may exit before reading stdin
    child.stdin.end(input ?? '');
  });
}

/** Runs the wopt CLI (see run). */
export const runCli = (args, opts) => run(process.execPath, [CLI, ...args], opts);

/** A fresh temporary directory, removed after the test. */
export function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-test-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
