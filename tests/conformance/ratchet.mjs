#!/usr/bin/env node
// ratchet.mjs — the conformance ratchet over LLVM's regression tests.
//
// Usage: node tests/conformance/ratchet.mjs [--update] [--jobs N] [--shared DIR] [--json FILE]
//   --update     rewrite tests/conformance/passing.txt to the tests passing now (keeps its header)
//   --jobs N     tests run in parallel (default: min(4, CPUs))
//   --shared DIR the shared folder (default: ../shared beside the repository, or $WOPT_SHARED)
//   --json FILE  keep run-lit's JSON results there (default: a temporary file, removed)
//
// Runs <shared>/conformance/run-lit.mjs with `--opt "node <repo>/bindings/cli.js"` over
// <shared>/llvm-lit, then compares with passing.txt (format: see its header). Exit status 1 when a
// listed test no longer passes (a regression), else 0; newly passing tests are listed with a hint.
// The last line is `N passed, N failed`: tests passing now, and regressions against the list.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const LIST = path.join(REPO, 'tests/conformance/passing.txt');
const DEFAULT_HEADER = '# Conformance ratchet: LLVM regression tests that wopt passes (see ratchet.mjs).\n';

function parseArgs(argv) {
  const o = { update: false, jobs: Math.min(4, os.availableParallelism?.() ?? os.cpus().length),
    shared: process.env.WOPT_SHARED || path.resolve(REPO, '..', 'shared'), json: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i], next = () => argv[++i] ?? die(`missing value for ${a}`);
    if (a === '--update') o.update = true;
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

function runLit(o) {
  const runner = path.join(o.shared, 'conformance/run-lit.mjs');
  const corpus = path.join(o.shared, 'llvm-lit');
  for (const p of [runner, corpus]) if (!fs.existsSync(p)) die(`not found: ${p}`);
  const tmp = o.json ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-ratchet-'));
  const json = o.json ?? path.join(tmp, 'results.json');
  const opt = `node ${shellQuote(path.join(REPO, 'bindings/cli.js'))}`;
  // FileCheck and the other tools of the LLVM whose opt the list was measured against (run-lit
  // would take the newest installed LLVM).
  const r = spawnSync(process.execPath, [runner, '--opt', opt, '--llvm-bin', '/usr/lib/llvm-19/bin', '--jobs', String(o.jobs), '--json', json, corpus],
    { cwd: REPO, stdio: ['ignore', 'inherit', 'inherit'] });
  if (!fs.existsSync(json)) die(`run-lit wrote no results (exit status ${r.status})`);
  const results = JSON.parse(fs.readFileSync(json, 'utf8')).tests;
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  const status = new Map();
  for (const t of results) status.set(path.relative(corpus, path.resolve(REPO, t.path)).split(path.sep).join('/'), t.status);
  return status;
}

function main() {
  const o = parseArgs(process.argv.slice(2));
  const status = runLit(o);
  const { header, tests: listed } = readList(fs.existsSync(LIST) ? fs.readFileSync(LIST, 'utf8') : '');
  const listedSet = new Set(listed);
  const passing = [...status].filter(([, s]) => s === 'PASS').map(([p]) => p).sort();
  const regressions = listed.filter(p => status.get(p) !== 'PASS');
  const fresh = passing.filter(p => !listedSet.has(p));

  console.log('');
  if (regressions.length) {
    console.log(`ratchet: ${regressions.length} listed test(s) no longer pass:`);
    for (const p of regressions) console.log(`  ${status.get(p) ?? 'MISSING'} ${p}`);
  }
  if (fresh.length) {
    console.log(`ratchet: ${fresh.length} test(s) pass that are not in tests/conformance/passing.txt:`);
    for (const p of fresh) console.log(`  ${p}`);
    if (!o.update) console.log('  add them with: node tests/conformance/ratchet.mjs --update');
  }
  if (o.update) {
    fs.writeFileSync(LIST, (header || DEFAULT_HEADER) + passing.map(p => p + '\n').join(''));
    console.log(`ratchet: wrote ${passing.length} test(s) to tests/conformance/passing.txt`);
  }
  console.log(`${passing.length} passed, ${regressions.length} failed`);
  process.exitCode = regressions.length && !o.update ? 1 : 0;
}

main();
