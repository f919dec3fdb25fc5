#!/usr/bin/env node
// ratchet.mjs — the conformance ratchet over LLVM's regression tests, per LLVM version.
//
// Usage: node tests/conformance/ratchet.mjs [--llvm 19,22] [--update] [--jobs N] [--shared DIR] [--json FILE]
//   --llvm V,...  the LLVM versions to check (default: every version that has a list)
//   --update      rewrite each version's list to the tests passing now (keeps its header)
//   --jobs N      tests run in parallel (default: min(4, CPUs))
//   --shared DIR  the shared folder (default: ../shared beside the repository, or $WOPT_SHARED)
//   --json FILE   keep run-lit's JSON results there (default: a temporary file, removed); with
//                 several versions, FILE gets the version before its extension
//
// For each version V: runs <shared>/conformance/run-lit.mjs with `--opt "node <repo>/bindings/cli.js
// --llvm-version=V"` and LLVM V's FileCheck and tools (`--llvm-bin /usr/lib/llvm-V/bin`) over
// <shared>/llvm-lit, then compares with tests/conformance/passing-llvmV.txt (format: see its
// header). Exit status 1 when a listed test no longer passes (a regression), else 0; newly passing
// tests are listed with a hint. The last line is `N passed, N failed`: tests passing now, and
// regressions against the lists, over all versions.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { llvmBin } from '../node/helpers.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const VERSIONS = [19, 22];
const listPath = v => path.join(REPO, `tests/conformance/passing-llvm${v}.txt`);
const relList = v => path.relative(REPO, listPath(v));
const defaultHeader = v => `# Conformance ratchet: LLVM regression tests that wopt --llvm-version=${v} passes with LLVM ${v}'s tools (see ratchet.mjs).\n`;

function parseArgs(argv) {
  const o = { versions: VERSIONS.filter(v => fs.existsSync(listPath(v))), update: false, jobs: Math.min(4, os.availableParallelism?.() ?? os.cpus().length),
    shared: process.env.WOPT_SHARED || path.resolve(REPO, '..', 'shared'), json: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i], next = () => argv[++i] ?? die(`missing value for ${a}`);
    if (a === '--llvm') o.versions = next().split(',').map(Number).filter(v => VERSIONS.includes(v) || die(`unknown LLVM version ${v}`));
    else if (a === '--update') o.update = true;
    else if (a === '--jobs') o.jobs = Number(next()) || 1;
    else if (a === '--shared') o.shared = path.resolve(next());
    else if (a === '--json') o.json = path.resolve(next());
    else die(`unknown option ${a}`);
  }
  return o;
}

function die(msg) { console.error(`ratchet: ${msg}`); process.exit(2); }

const shellQuote = s => `'${s.replaceAll("'", "'\\''")}'`;

/** The list file: { header, tests } (tests in file order). */
function readList(text) {
  const lines = text.split('\n');
  let h = 0;
  while (h < lines.length && lines[h].startsWith('#')) h++;
  const header = lines.slice(0, h).map(l => l + '\n').join('');
  const tests = lines.map(l => l.trim()).filter(l => l && !l.startsWith('#'));
  return { header, tests };
}

function runLit(o, v) {
  const runner = path.join(o.shared, 'conformance/run-lit.mjs');
  const corpus = path.join(o.shared, 'llvm-lit');
  for (const p of [runner, corpus]) if (!fs.existsSync(p)) die(`not found: ${p}`);
  const tmp = o.json ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-ratchet-'));
  const json = o.json ? (o.versions.length > 1 ? o.json.replace(/(\.[^./]*)?$/, `.${v}$1`) : o.json) : path.join(tmp, 'results.json');
  const opt = `node ${shellQuote(path.join(REPO, 'bindings/cli.js'))} --llvm-version=${v}`;
  const bin = llvmBin(v);
  if (!fs.existsSync(path.join(bin, 'FileCheck'))) die(`${bin}/FileCheck not found (apt-get install llvm-${v}-tools)`);
  // FileCheck and the other tools of the same LLVM (run-lit would take the newest installed one).
  const r = spawnSync(process.execPath, [runner, '--opt', opt, '--llvm-bin', bin, '--jobs', String(o.jobs), '--json', json, corpus],
    { cwd: REPO, stdio: ['ignore', 'inherit', 'inherit'] });
  if (!fs.existsSync(json)) die(`run-lit wrote no results (exit status ${r.status})`);
  const results = JSON.parse(fs.readFileSync(json, 'utf8')).tests;
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  const status = new Map();
  for (const t of results) status.set(path.relative(corpus, path.resolve(REPO, t.path)).split(path.sep).join('/'), t.status);
  return status;
}

// The tests native opt-V passes (<shared>/llvm-lit/baseline-optV.txt), or null without that file.
function nativeBaseline(o, v) {
  const f = path.join(o.shared, 'llvm-lit', `baseline-opt${v}.txt`);
  if (!fs.existsSync(f)) return null;
  return new Set(fs.readFileSync(f, 'utf8').split('\n').filter(l => l.startsWith('PASS ')).map(l => l.slice(5).replace(/^llvm-lit\//, '')));
}

// One version: run, compare with its list, report; returns { passing, regressions }.
function checkVersion(o, v) {
  console.log(`== LLVM ${v}`);
  const status = runLit(o, v);
  const list = listPath(v);
  const { header, tests: listed } = readList(fs.existsSync(list) ? fs.readFileSync(list, 'utf8') : '');
  const listedSet = new Set(listed);
  // A test native opt-V fails but we pass encodes another version's behaviour: it is not listed.
  const native = nativeBaseline(o, v);
  const all = [...status].filter(([, s]) => s === 'PASS').map(([p]) => p).sort();
  const passing = all.filter(p => !native || native.has(p));
  const regressions = listed.filter(p => status.get(p) !== 'PASS');
  const fresh = passing.filter(p => !listedSet.has(p));
  const foreign = all.filter(p => native && !native.has(p));

  console.log('');
  if (regressions.length) {
    console.log(`ratchet (LLVM ${v}): ${regressions.length} listed test(s) no longer pass:`);
    for (const p of regressions) console.log(`  ${status.get(p) ?? 'MISSING'} ${p}`);
  }
  if (fresh.length) {
    console.log(`ratchet (LLVM ${v}): ${fresh.length} test(s) pass that are not in ${relList(v)}:`);
    for (const p of fresh) console.log(`  ${p}`);
    if (!o.update) console.log(`  add them with: node tests/conformance/ratchet.mjs --llvm ${v} --update`);
  }
  if (foreign.length) console.log(`ratchet (LLVM ${v}): ${foreign.length} test(s) pass here but fail with native opt-${v} (another version's behaviour; not counted): ${foreign.join(', ')}`);
  if (o.update) {
    fs.writeFileSync(list, (header || defaultHeader(v)) + passing.map(p => p + '\n').join(''));
    console.log(`ratchet (LLVM ${v}): wrote ${passing.length} test(s) to ${relList(v)}`);
  }
  console.log(`ratchet (LLVM ${v}): ${passing.length} pass, ${regressions.length} regressions against the list of ${listed.length}`);
  return { passing: passing.length, regressions: regressions.length };
}

function main() {
  const o = parseArgs(process.argv.slice(2));
  if (!o.versions.length) die('no version to check (no tests/conformance/passing-llvm*.txt and no --llvm)');
  let passing = 0, regressions = 0;
  for (const v of o.versions) { const r = checkVersion(o, v); passing += r.passing; regressions += r.regressions; }
  console.log(`${passing} passed, ${regressions} failed`);
  process.exitCode = regressions && !o.update ? 1 : 0;
}

main();
