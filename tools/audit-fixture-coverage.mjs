// Which of the checks the audit counts as present (tools/verifier-audit.mjs) a fixture makes wopt
// print: every .ll under tests/fixtures/ is read (and verified) by the built core under LLVM 22 and
// under LLVM 19, the patched bitcode of tests/fixtures/verifier-bitcode/ too (with llvm-as-N when
// it is installed), and each diagnostic line is matched against the checks' messages and patterns.
// Prints the counts and the present checks no fixture reaches.
//   node tools/audit-fixture-coverage.mjs [--list]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openSession } from '../bindings/index.js';
import { patchesOf, applyPatches } from '../tests/node/bitcode-patch.js';
import { sourcePatterns, compile, index, findCheck } from './verifier-audit.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = path.join(ROOT, 'tests/fixtures');
const list = process.argv.includes('--list');

function llFiles(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) llFiles(p, out); else if (e.name.endsWith('.ll')) out.push(p);
  }
  return out;
}

// Every line wopt prints about each input, under each version.
const seen = new Set();
const files = llFiles(FIXTURES).sort();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-cover-'));
for (const v of [22, 19]) {
  const s = await openSession({ llvmVersion: v });
  const inputs = files.map(f => fs.readFileSync(f));
  const as = `/usr/lib/llvm-${v}/bin/llvm-as`;
  if (fs.existsSync(as)) {
    for (const f of files.filter(f => f.includes(`${path.sep}verifier-bitcode${path.sep}`))) {
      const bc = path.join(work, path.basename(f) + `.${v}.bc`);
      if (spawnSync(as, [f, '-o', bc]).status !== 0) continue;
      inputs.push(applyPatches(fs.readFileSync(bc), patchesOf(fs.readFileSync(f, 'utf8'), v)));
    }
  }
  for (const input of inputs) {
    const r = await s.optimize(new Uint8Array(input), { passes: '' });
    for (const d of r.diagnostics) for (const line of d.message.split('\n')) seen.add(line.trim());
  }
  // the verify pass itself, on a broken module read without verifying it (opt -disable-verify
  // -passes=verify): its fatal error's message
  const broken = new Uint8Array(fs.readFileSync(path.join(FIXTURES, 'verifier/dom-same-block.ll')));
  for (const passes of ['verify', 'function(verify)']) {
    const r = await s.optimize(broken, { passes, verify: false });
    for (const d of r.diagnostics) for (const line of d.message.split('\n')) seen.add(line.trim().replace(/^LLVM ERROR: /, ''));
  }
  await s.close();
}
fs.rmSync(work, { recursive: true, force: true });

// The checks the audit finds in wopt's sources (tools/verifier-audit.mjs), by list.
const sources = [];
(function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (e.name.endsWith('.ts')) sources.push({ file: path.relative(path.join(ROOT, 'assembly'), p).split(path.sep).join('/'), text: fs.readFileSync(p, 'utf8') });
  }
})(path.join(ROOT, 'assembly'));
const compiled = index(compile(sourcePatterns(sources)));
const lines = [...seen];
for (const [name, file, where] of [['verifier', 'verifier-checks.json', f => !f.startsWith('text/')], ['parser', 'parser-checks.json', f => f.startsWith('text/')]]) {
  const checks = JSON.parse(fs.readFileSync(path.join(ROOT, 'tools/audit', file), 'utf8')).checks;
  let present = 0, covered = 0;
  const missing = [];
  for (const c of checks) {
    if (!findCheck(c, compiled, null, where).length) continue;
    present++;
    const re = c.pattern ? new RegExp(c.pattern) : null;
    if (lines.some(l => re ? re.test(l) : l === c.message)) covered++;
    else missing.push(`${c.area}: ${c.message ?? c.pattern}`);
  }
  console.log(`${name}: ${covered} of the ${present} checks wopt has are printed for some fixture`);
  if (list) for (const m of missing) console.log(`  no fixture: ${m}`);
}
