// Use-list orders on reading bitcode (assembly/bitcode/read-uselist.ts, with the reader-order model
// of uselist-order.ts): wopt --llvm-version=N reading bitcode has the use lists opt-N has reading it.
// For clang-N -c -emit-llvm (-O0, -O0 -g, -O2) of every tests/fixtures/src source and llvm-as-N of
// every fixture opt-N reads:
//   - `wopt -S`, `-passes=mem2reg` and `-passes=mergefunc` print what opt-N prints (block `; preds`
//     comments, mem2reg's phis, mergefunc's replacements follow the use lists);
//   - the sharpest check: wopt's bitcode of the module read back by opt-N -S
//     --preserve-ll-uselistorder prints the uselistorder directives opt-N prints for the input
//     (the writer restores the arena's order, so this compares every use list);
// and USELIST records that are not permutations, name no value or do not match the use count are
// read as opt-N reads them (or passed over where opt-N crashes), never a trap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadWopt } from '../../../bindings/node.js';
import { runModule } from '../../../bindings/driver.js';
import { REPO, LLVM_VERSIONS, llvmBin, haveRealCore, NO_CORE, REAL_WASM } from '../helpers.js';

const tool = (v, name) => path.join(llvmBin(v), name);
const body = text => text.split('\n').filter(l => !l.startsWith('; ModuleID') && !l.startsWith('source_filename')).join('\n');
const run = (core, bytes, v, passes = '', bitcode = false) => {
  const r = runModule(core, bytes, { passes, llvmVersion: v, moduleId: 'm', bitcode });
  return { ok: r.ok, error: r.error && r.error.message, output: r.output ? (bitcode ? r.output : Buffer.from(r.output).toString()) : '' };
};
const opt = (v, args) => spawnSync(tool(v, 'opt'), args, { maxBuffer: 1 << 28 });

function llFiles(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...llFiles(p)); else if (e.name.endsWith('.ll')) out.push(p);
  }
  return out.sort();
}
// the bitcode inputs for LLVM v: clang-v of the sources, llvm-as-v of the fixtures
function inputs(v) {
  const out = [];
  const clang = tool(v, 'clang');
  const src = path.join(REPO, 'tests/fixtures/src');
  if (fs.existsSync(clang))
    for (const name of fs.readdirSync(src).filter(n => /\.(c|cpp)$/.test(n)).sort())
      for (const o of [['-O0'], ['-O0', '-g'], ['-O2']])
        out.push({ name: `clang ${o.join(' ')} ${name}`, cmd: [clang, '-c', '-emit-llvm', ...o, path.join(src, name)] });
  for (const f of llFiles(path.join(REPO, 'tests/fixtures')))
    out.push({ name: path.relative(REPO, f), cmd: [tool(v, 'llvm-as'), f] });
  return out;
}

// Differences between wopt and opt-N on these inputs that are not about use lists (the same on the
// text): mem2reg keeping #dbg_assign records opt turns into #dbg_value; with LLVM 22, fast-math
// flags on a call returning a struct and the `; Unknown intrinsic` comment.
const DBG_ASSIGN = 'tests/fixtures/printer-debug-records.ll function(mem2reg)';
const OTHER = {
  19: [DBG_ASSIGN],
  22: [DBG_ASSIGN, ...['', 'function(mem2reg)', 'mergefunc'].flatMap(p => [
    `tests/fixtures/parse-errors/call-fast-math-struct.ll ${p}`, `tests/fixtures/printer-calls-bundles-attrs.ll ${p}`])],
};

// opt-v's print of bitcode file f with its uselistorder directives. LLVM 19 gives a function with a
// personality, prefix or prologue `ptr null` for the others of the three (LLVM 21 on keeps no use
// list for null): uses the arena does not have, so the directive for `ptr null` is left out there.
function useListText(v, f) {
  const r = opt(v, ['-S', '--preserve-ll-uselistorder', f, '-o', '-']);
  if (r.status !== 0) return null;
  let lines = body(r.stdout.toString()).split('\n');
  if (v < 21) lines = lines.filter(l => !l.startsWith('uselistorder ptr null,'));
  if (!lines.some(l => l.startsWith('uselistorder'))) lines = lines.filter(l => l !== '; uselistorder directives');
  return lines.join('\n').replace(/\n\n+/g, '\n\n').replace(/\n+$/, '');
}

for (const v of LLVM_VERSIONS) {
  test(`LLVM ${v}: wopt reading clang-${v}'s and llvm-as-${v}'s bitcode has opt-${v}'s use lists`, { timeout: 900000 }, async t => {
    if (!haveRealCore) return t.skip(NO_CORE);
    if (!fs.existsSync(tool(v, 'opt'))) return t.skip(`opt-${v} not installed`);
    const core = await loadWopt({ wasmPath: REAL_WASM });
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-uselist-'));
    let modules = 0, withRecords = 0, withDirectives = 0, runs = 0;
    const differ = [], fixed = [];
    try {
      for (const inp of inputs(v)) {
        const bc = path.join(tmp, 'x.bc');
        if (spawnSync(inp.cmd[0], [...inp.cmd.slice(1), '-o', bc]).status !== 0) continue;
        const want = useListText(v, bc);
        if (want === null) continue;   // opt-v does not read it
        const bytes = fs.readFileSync(bc);
        modules++;
        const dump = spawnSync(tool(v, 'llvm-bcanalyzer'), ['-dump', bc], { maxBuffer: 1 << 28 }).stdout.toString();
        if (dump.includes('<USELIST_CODE_')) withRecords++;
        if (want.includes('\nuselistorder ')) withDirectives++;
        // print, mem2reg, mergefunc
        for (const passes of ['', 'function(mem2reg)', 'mergefunc']) {
          const o = opt(v, ['-S', ...(passes ? [`-passes=${passes}`] : []), bc, '-o', '-']);
          if (o.status !== 0) continue;
          const w = run(core, bytes, v, passes);
          assert.equal(w.ok, true, `${inp.name} -passes=${passes}: ${w.error}`);
          runs++;
          const same = body(w.output) === body(o.stdout.toString());
          const known = (OTHER[v] ?? []).includes(`${inp.name} ${passes}`);
          if (!same && !known) differ.push(`${inp.name} -passes=${passes}`);
          if (same && known) fixed.push(`${inp.name} -passes=${passes}`);
        }
        // every use list: wopt's bitcode of what it read, read back by opt
        const w = run(core, bytes, v, '', true);
        assert.equal(w.ok, true, `${inp.name} (bitcode out): ${w.error}`);
        const ours = path.join(tmp, 'y.bc');
        fs.writeFileSync(ours, w.output);
        if (useListText(v, ours) !== want) differ.push(`${inp.name}: use lists`);
      }
    } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
    t.diagnostic(`${modules} modules (${withRecords} with USELIST records, ${withDirectives} whose use lists opt prints directives for), ${runs} runs of print/mem2reg/mergefunc; no longer differing for other reasons: ${fixed.join(', ') || 'none'}`);
    assert.ok(modules >= 150 && withRecords >= 40 && withDirectives >= 20 && runs >= 400,
      `only ${modules} modules, ${withRecords} with records, ${withDirectives} with directives, ${runs} runs`);
    assert.deepEqual(differ, []);
  });
}

// ---- crafted records ----
// bit i of a bitstream is bit (i & 7) of byte i >> 3
const bitAt = (b, i) => (b[i >> 3] >> (i & 7)) & 1;
const field = (b, p, w) => { let x = 0; for (let k = 0; k < w; k++) x |= bitAt(b, p + k) << k; return x; };
function setField(b, p, w, x) {
  for (let k = 0; k < w; k++) { const i = p + k; if ((x >> k) & 1) b[i >> 3] |= 1 << (i & 7); else b[i >> 3] &= ~(1 << (i & 7)); }
}
// The bit offsets of the operands of the unabbreviated record [code, ops...] in a block of abbreviation
// width 3, every field one VBR6 chunk (USELIST records are written so); null when not found.
function findRecord(b, code, ops) {
  const f = [code, ops.length, ...ops];
  for (let p = 0; p + 3 + 6 * f.length <= b.length * 8; p++) {
    if (field(b, p, 3) !== 3) continue;
    if (f.every((x, k) => field(b, p + 3 + 6 * k, 6) === x)) return ops.map((_, k) => p + 3 + 6 * (2 + k));
  }
  return null;
}
// Copies b with the operands at `at` set to `vals` (undefined: kept; 0..31).
function patched(b, at, vals) {
  const c = new Uint8Array(b);
  at.forEach((p, k) => { if (vals[k] !== undefined) setField(c, p, 6, vals[k]); });
  return c;
}

const CRAFTED = `define i32 @f(i1 %c, i32 %x) {
entry:
  br i1 %c, label %a, label %b
a:
  %p = add i32 %x, 1
  br label %m
b:
  %q = mul i32 %x, 3
  br label %m
m:
  %r = phi i32 [ %p, %a ], [ %q, %b ]
  ret i32 %r
  uselistorder i32 %x, { 1, 0 }
}
uselistorder_bb @f, %m, { 1, 0 }
`;
for (const v of LLVM_VERSIONS) {
  test(`LLVM ${v}: USELIST records that are no permutation, name no value or have another length are read as opt-${v} reads them`, async t => {
    if (!haveRealCore) return t.skip(NO_CORE);
    if (!fs.existsSync(tool(v, 'opt'))) return t.skip(`opt-${v} not installed`);
    const core = await loadWopt({ wasmPath: REAL_WASM });
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-uselist-'));
    try {
      const ll = path.join(tmp, 'c.ll'), bc = path.join(tmp, 'c.bc'), p = path.join(tmp, 'p.bc'), q = path.join(tmp, 'q.bc');
      fs.writeFileSync(ll, CRAFTED);
      assert.equal(spawnSync(tool(v, 'llvm-as'), [ll, '-o', bc]).status, 0);
      const b = new Uint8Array(fs.readFileSync(bc));
      // USELIST_CODE_BB [1, 0, block 3] and USELIST_CODE_DEFAULT [1, 0, value 2] (%x)
      const bbAt = findRecord(b, 2, [1, 0, 3]), valAt = findRecord(b, 1, [1, 0, 2]);
      assert.ok(bbAt && valAt, 'llvm-as wrote the two records');
      const preds = text => (text.match(/; preds = .*/g) || []).join(' | ');
      const cases = [
        ['as written', bbAt, []], ['equal keys', bbAt, [0, 0]], ['equal keys', bbAt, [1, 1]], ['a key past the length', bbAt, [9, 0]],
        ['a key past the length', bbAt, [0, 9]], ['equal keys', valAt, [0, 0]], ['a key past the length', valAt, [9, 0]],
        ['another value', valAt, [, , 3]],
      ];
      const seen = new Set();
      for (const [what, at, vals] of cases) {
        const x = patched(b, at, vals);
        fs.writeFileSync(p, x);
        const o = opt(v, ['-S', p, '-o', '-']);
        assert.equal(o.status, 0, `${what}: opt-${v}: ${o.stderr}`);
        const w = run(core, x, v);
        assert.equal(w.ok, true, `${what}: ${w.error}`);
        assert.equal(body(w.output), body(o.stdout.toString()), `${what} [${vals}]`);
        seen.add(preds(w.output));
        // every use list, through wopt's bitcode
        const wb = run(core, x, v, '', true);
        assert.equal(wb.ok, true, wb.error);
        fs.writeFileSync(q, wb.output);
        assert.equal(useListText(v, q), useListText(v, p), `${what} [${vals}]: use lists`);
      }
      assert.ok(seen.size >= 2, 'the records change the order of the predecessors');
      // a block or value id past the function's (opt-N's behaviour is undefined there): the record
      // is passed over, as if it were not there
      const none = run(core, patched(b, bbAt, [0, 0]), v).output;
      for (const [at, vals] of [[bbAt, [, , 9]], [bbAt, [, , 31]], [valAt, [, , 30]]]) {
        const w = run(core, patched(b, at, vals), v);
        assert.equal(w.ok, true, w.error);
        if (at === bbAt) assert.equal(body(w.output), body(none));
      }
      // a record of one index and the id: an error, as in opt-N, naming the block and bit offset
      const short = new Uint8Array(b);
      setField(short, bbAt[0] - 6, 6, 2);
      fs.writeFileSync(p, short);
      assert.notEqual(opt(v, ['-S', p, '-o', '-']).status, 0);
      const r = run(core, short, v);
      assert.equal(r.ok, false);
      assert.match(r.error, /uselist record.*bit offset \d+/);
    } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
  });
}
