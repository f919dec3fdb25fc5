#!/usr/bin/env node
// print-equal.mjs — does `wopt -S x.ll` print what `opt -S x.ll` prints, and what `wopt -S x.bc`
// prints (x.bc = llvm-as of x.ll), byte for byte? Over LLVM's regression inputs, per LLVM version.
//
// Usage: node tests/conformance/print-equal.mjs [--llvm 19,22] [--wasm FILE] [--list] [--diff N] [DIR|FILE.ll ...]
//   --llvm V,...  the LLVM versions (default 19,22); LLVM V's opt and llvm-as are the oracle
//   --wasm FILE   the core to run (default build/wopt.wasm)
//   --list        print only the differing cases, one `V kind file` a line (kind: opt | bc)
//   --diff N      show the first N differing lines of each differing case (default 0)
//   DIR / FILE    the inputs (default: the llvm-lit folder of the shared folder, ../shared beside
//                 the repository or $WOPT_SHARED); folders are searched for .ll files
//
// A case is one input under one version that LLVM V's opt reads (exit 0). `opt`: `wopt -S x.ll`
// against `opt -S x.ll`; `bc`: `wopt -S x.bc` against `wopt -S x.ll`, where llvm-as V could write
// x.bc (or, where opt -S x.bc itself differs from opt -S x.ll, as when bitcode's data layout is
// upgraded, against opt -S x.bc; the ModuleID line aside). Both run in process (parse, verify, print, the module named by the path as given); a
// module whose verification fails runs through the CLI instead (it may strip broken debug info as
// opt does). Exit status 1 when a case differs, else 0. The last line counts the cases.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { instantiate } from '../../bindings/core.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const die = m => { console.error(`print-equal: ${m}`); process.exit(2); };

const o = { versions: [19, 22], wasm: path.join(REPO, 'build/wopt.wasm'), list: false, diff: 0, inputs: [] };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i], next = () => process.argv[++i] ?? die(`missing value for ${a}`);
  if (a === '--llvm') o.versions = next().split(',').map(Number);
  else if (a === '--wasm') o.wasm = path.resolve(next());
  else if (a === '--list') o.list = true;
  else if (a === '--diff') o.diff = Number(next()) || 0;
  else if (a.startsWith('-')) die(`unknown option ${a}`);
  else o.inputs.push(path.resolve(a));
}
if (o.inputs.length === 0) o.inputs.push(path.join(process.env.WOPT_SHARED || path.resolve(REPO, '..', 'shared'), 'llvm-lit'));

const files = [];
const walk = p => {
  if (!fs.statSync(p).isDirectory()) { files.push(p); return; }
  for (const e of fs.readdirSync(p, { withFileTypes: true }).sort((x, y) => x.name < y.name ? -1 : 1)) {
    const q = path.join(p, e.name);
    if (e.isDirectory()) walk(q); else if (q.endsWith('.ll')) files.push(q);
  }
};
for (const p of o.inputs) { if (!fs.existsSync(p)) die(`no such input ${p}`); walk(p); }

const core = await instantiate(fs.readFileSync(o.wasm));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'print-equal-'));
const cli = path.join(REPO, 'bindings/cli.js');
const dec = new TextDecoder();

// wopt -S of `bytes` (named `id`) for LLVM v: the text, or null when it fails.
function wopt(bytes, id, v, file) {
  const r = core.parse(bytes, { llvmVersion: v, moduleId: id });
  if (!r.ok) return null;
  if (core.verify().ok) { const out = core.print(); return out instanceof Uint8Array ? dec.decode(out) : null; }
  const c = spawnSync('node', [cli, `--llvm-version=${v}`, '-S', file, '-o', '-'], { maxBuffer: 1 << 28 });
  return c.status === 0 ? c.stdout.toString('latin1') : null;
}
const latin = s => s === null ? null : Buffer.from(s, 'utf8').toString('latin1');

const differ = [];
let cases = 0;
const report = (v, kind, file, want, got) => {
  differ.push(`${v} ${kind} ${path.relative(process.cwd(), file)}`);
  if (o.list || o.diff <= 0) return;
  console.log(`--- ${v} ${kind} ${file}`);
  if (got === null) { console.log('  (wopt failed)'); return; }
  const a = want.split('\n'), b = got.split('\n');
  let shown = 0;
  for (let i = 0; i < Math.max(a.length, b.length) && shown < o.diff; i++) {
    if (a[i] === b[i]) continue;
    console.log(`  ${i + 1}- ${a[i] ?? '(end)'}\n  ${i + 1}+ ${b[i] ?? '(end)'}`);
    shown++;
  }
};
for (const file of files) {
  for (const v of o.versions) {
    const bin = `/usr/lib/llvm-${v}/bin`;
    const ref = spawnSync(path.join(bin, 'opt'), ['-S', file, '-o', '-'], { maxBuffer: 1 << 28 });
    if (ref.status !== 0) continue;
    cases++;
    const want = ref.stdout.toString('latin1');
    const text = latin(wopt(fs.readFileSync(file), file, v, file));
    if (text !== want) report(v, 'opt', file, want, text);
    const bc = path.join(tmp, 'x.bc');
    if (spawnSync(path.join(bin, 'llvm-as'), [file, '-o', bc]).status !== 0) continue;
    // opt's own reading of x.bc may differ from its reading of x.ll (the data layout's upgrade):
    // then wopt -S x.bc is held to opt -S x.bc (the ModuleID line aside)
    const body = s => s === null ? null : s.slice(s.indexOf('\n') + 1);
    const fromBc = body(latin(wopt(fs.readFileSync(bc), file, v, bc)));
    const refBc = spawnSync(path.join(bin, 'opt'), ['-S', bc, '-o', '-'], { maxBuffer: 1 << 28 });
    const optBc = refBc.status === 0 ? body(refBc.stdout.toString('latin1')) : null;
    const expect = optBc !== null && optBc !== body(want) ? optBc : body(text);
    if (fromBc !== expect) report(v, 'bc', file, expect ?? '', fromBc);
  }
}
fs.rmSync(tmp, { recursive: true, force: true });
if (o.list) for (const d of differ) console.log(d);
const count = k => differ.filter(d => d.split(' ')[1] === k).length;
for (const v of o.versions) {
  const mine = differ.filter(d => d.startsWith(`${v} `));
  console.log(`LLVM ${v}: ${mine.filter(d => d.includes(' opt ')).length} differ from opt, ${mine.filter(d => d.includes(' bc ')).length} differ text vs bitcode`);
}
console.log(`${cases} cases, ${count('opt')} differ from opt, ${count('bc')} text vs bitcode`);
process.exit(differ.length ? 1 : 0);
