// dot-cfg against opt, once per LLVM version N (wopt with llvmVersion N against opt-N), file by file: every `.<function>.dot` opt writes must be written by us
// with the same bytes, node addresses aside (opt prints pointers; both sides' Node0x... are renamed
// N1, N2, ... in order of first appearance). That covers the branch probabilities in the edge
// tooltips (bpi.ts) and the block frequencies behind the heat colours (bfi.ts), plus the labels.
// Inputs: the fixtures (clang-19 output of tests/fixtures/src at -O0/-O1/-O2, with and without
// debug info: loops, switches, irreducible goto, noreturn calls, C++ invoke / landingpad), every
// .ll under ../shared/llvm-lit, and random CFGs with !prof metadata (dotcfg-gen.js).
// Known differences that are not about dot-cfg (intrinsic renaming on upgrade, labels of blocks
// with metadata-operand calls) are listed in LABEL_ONLY: there only the graph outside the
// labels is compared. Skipped when opt-N or the built core is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, LLVM_VERSIONS, haveRealCore, NO_CORE, optFor, skipDiff, run, runCli, tempDir } from '../helpers.js';
import { genModule } from '../dotcfg-gen.js';

const LIT_DIR = path.resolve(REPO, '../shared/llvm-lit');

// Inputs whose block labels print differently for reasons outside dot-cfg (see the header).
const LABEL_ONLY = new Set([
  'MergeFunc/metadata-call-arguments.ll', 'MergeFunc/mergefunc-preserve-nonnull.ll',
  'MergeFunc/instruction-metadata.ll', 'MergeFunc/va_arg.ll', 'MergeFunc/cfi-function-merging.ll',
  'Mem2Reg/dbg-addr-inline-dse.ll', 'Mem2Reg/ConvertDebugInfo2.ll', 'Mem2Reg/dbg-addr.ll',
]);

function llFiles(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) llFiles(p, out); else if (e.name.endsWith('.ll')) out.push(p);
  }
  return out;
}

/** Node0x... renamed N1, N2, ... by first appearance. */
function normalize(text) {
  const ids = new Map();
  return text.replace(/Node0x[0-9a-f]+/g, (m) => { if (!ids.has(m)) ids.set(m, `N${ids.size + 1}`); return ids.get(m); });
}
const withoutLabels = (t) => t.replace(/label="\{(?:[^"\\]|\\.)*"/g, 'label=L');

async function pool(items, jobs, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: jobs }, async () => { while (next < items.length) await fn(items[next++]); }));
}

/** opt-v's .dot files for `file` (name -> text), or null when opt rejects the input. */
async function optDots(v, file, dir, pass) {
  const r = await run(optFor(v), [`-passes=${pass}`, '-disable-output', file], { cwd: dir });
  if (r.code !== 0) return null;
  const out = new Map();
  for (const f of fs.readdirSync(dir)) if (f.endsWith('.dot')) out.set(f, fs.readFileSync(path.join(dir, f), 'utf8'));
  return out;
}

for (const v of LLVM_VERSIONS) test(`dot-cfg and dot-cfg-only files equal opt-${v} on fixtures, llvm-lit inputs and random CFGs (llvmVersion ${v})`, { skip: skipDiff(v), timeout: 600_000 }, async (t) => {
  const { loadWopt, decodeUtf8 } = await import('../../../bindings/node.js');
  const { runModule } = await import('../../../bindings/driver.js');
  const core = await loadWopt();
  const tmp = tempDir(t);
  const inputs = [];
  for (const f of llFiles(path.join(REPO, 'tests/fixtures/ll'))) inputs.push({ file: f, key: path.relative(REPO, f) });
  // LLVM's lit inputs come from ../shared beside the checkout (CI has it; a user's clone may not)
  const lit = llFiles(LIT_DIR);
  if (!lit.length) t.diagnostic(`${LIT_DIR} not found: the llvm-lit inputs are left out`);
  for (const f of lit) inputs.push({ file: f, key: path.relative(LIT_DIR, f) });
  for (let seed = 1; seed <= 12; seed++) {
    const f = path.join(tmp, `random${seed}.ll`);
    fs.writeFileSync(f, genModule(7000 + seed, 25));
    inputs.push({ file: f, key: `random seed ${7000 + seed}`, random: true });
    // dot-cfg-only: the same graph with block names as labels
    if (seed <= 4) inputs.push({ file: f, key: `random seed ${7000 + seed} (dot-cfg-only)`, random: true, pass: 'dot-cfg-only' });
  }
  let files = 0, exact = 0, graphOnly = 0;
  const failures = [];
  let k = 0;
  await pool(inputs, 2, async (inp) => {
    const dir = path.join(tmp, `o${k++}`);
    fs.mkdirSync(dir);
    const pass = inp.pass ?? 'dot-cfg';
    const ref = await optDots(v, inp.file, dir, pass);
    if (!ref) { assert.ok(!inp.random, `opt-${v} rejected ${inp.key}`); return; }
    const r = runModule(core, fs.readFileSync(inp.file), { passes: pass, print: false, llvmVersion: v });
    if (!r.ok) { failures.push(`${inp.key}: wopt failed: ${r.error?.message}`); return; }
    const ours = new Map(r.files.map(f => [f.name, decodeUtf8(f.bytes)]));
    for (const [name, text] of ref) {
      files++;
      const mine = ours.get(name);
      if (mine === undefined) { failures.push(`${inp.key}: ${name} not written`); continue; }
      const a = normalize(text), b = normalize(mine);
      if (a === b) { exact++; continue; }
      if (LABEL_ONLY.has(inp.key) && withoutLabels(a) === withoutLabels(b)) { graphOnly++; continue; }
      failures.push(`${inp.key}: ${name} differs`);
    }
    if (ours.size !== ref.size) failures.push(`${inp.key}: ${ours.size} files written, opt wrote ${ref.size}`);
  });
  t.diagnostic(`${files} .dot files: ${exact} identical, ${graphOnly} identical outside block labels`);
  assert.deepEqual(failures, []);
  // (with the lit inputs over 2000 files; the fixtures and random CFGs alone give over 1500)
  assert.ok(files > (lit.length ? 2000 : 1500), `only ${files} files compared`);
});

// comesBefore's position cache is keyed by block value: a second function's entry block (the same
// block number as the first's) must not reuse the first's positions.
test('verifier: same-block dominance in a later function', { skip: !haveRealCore && NO_CORE }, async (t) => {
  const dir = tempDir(t);
  const ok = 'define i32 @a(i32 %x) {\n  %y = add i32 %x, 1\n  %z = add i32 %y, 2\n  ret i32 %z\n}\n' +
    'define i32 @b(i32 %x) {\n  %p = mul i32 %x, 3\n  %q = mul i32 %p, 5\n  ret i32 %q\n}\n';
  fs.writeFileSync(path.join(dir, 'ok.ll'), ok);
  const r = await runCli(['-passes=verify', '-disable-output', path.join(dir, 'ok.ll')]);
  assert.equal(r.code, 0, r.stderr);
  const bad = ok.replace('%p = mul i32 %x, 3\n  %q = mul i32 %p, 5', '%q = mul i32 %p, 5\n  %p = mul i32 %x, 3');
  fs.writeFileSync(path.join(dir, 'bad.ll'), bad);
  const b = await runCli(['-passes=verify', '-disable-output', path.join(dir, 'bad.ll')]);
  assert.notEqual(b.code, 0);
  assert.match(b.stderr, /Instruction does not dominate all uses!/);
});
