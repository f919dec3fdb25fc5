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
export const haveRealCore = fs.existsSync(REAL_WASM);
export const NO_CORE = 'build/wopt.wasm not built (npm run build:release)';

// Native LLVM tools, per version. A differential test runs once per version in LLVM_VERSIONS:
// wopt with --llvm-version=N (API: llvmVersion: N) against LLVM N's opt, skipped when opt-N is
// not installed. The one place that knows where the tools live.
export { LLVM_VERSIONS } from '../../bindings/abi.js';
/** LLVM N's bin directory (Debian/Ubuntu apt.llvm.org layout). */
export const llvmBin = v => `/usr/lib/llvm-${v}/bin`;
/** LLVM N's opt. */
export const optFor = v => path.join(llvmBin(v), 'opt');
/** LLVM N's llvm-diff. */
export const llvmDiffFor = v => path.join(llvmBin(v), 'llvm-diff');
/** Whether LLVM N's opt is installed. */
export const haveOpt = v => fs.existsSync(optFor(v));
/** The skip reason when LLVM N's opt is missing. */
export const noOpt = v => `${optFor(v)} not installed (apt-get install llvm-${v})`;
/** The skip reason of a differential test for LLVM N (the built core or opt-N missing), or false. */
export const skipDiff = v => (!haveRealCore && NO_CORE) || (!haveOpt(v) && noOpt(v));
/** The LLVM our hand-written and clang-19 fixtures were written for: its opt must accept the valid
 *  ones and reject the broken ones; a later opt may read them differently (dropped or upgraded
 *  syntax), and then wopt must do as that opt does. */
export const FIXTURES_LLVM = 19;
/** wopt's command-line flag choosing LLVM N's dialect and behaviour. */
export const versionFlag = v => `--llvm-version=${v}`;

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
/** stderr without the `wopt: note:` lines wopt adds after opt's own messages (cli-help.test.js
 *  checks those): what to compare with opt's stderr. */
export const withoutNotes = stderr => stderr.replace(/^wopt: note: .*\n/gm, '');

/** A fresh temporary directory, removed after the test. */
export function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-test-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
