// Casts of casts in constant expressions, folded to one cast as LLVM's constant folder does
// (text/parse-values.ts castPair): every pair of the casts that are still constant expressions
// (trunc, ptrtoint, inttoptr, bitcast, addrspacecast) over sources that do not fold away, printed
// as opt-19 and opt-22 print them (LLVM 22 no longer folds a pointer's round trip through an
// integer). The same constants read from llvm-as-N's bitcode fold the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { loadWopt } from '../../../bindings/node.js';
import { runModule } from '../../../bindings/driver.js';
import { REAL_WASM, LLVM_VERSIONS, llvmBin, skipDiff, tempDir } from '../helpers.js';

const INTS = ['i8', 'i16', 'i32', 'i64', 'i128'];
const width = t => Number(t.slice(1));
// the casts a constant of type t can take: [opcode, destination type]
function casts(t) {
  const out = [];
  if (INTS.includes(t)) {
    for (const d of INTS) if (width(d) < width(t)) out.push(['trunc', d]);
    out.push(['inttoptr', 'ptr'], ['inttoptr', 'ptr addrspace(1)']);
    if (t === 'i64') out.push(['bitcast', '<2 x i32>'], ['bitcast', 'double']);
  } else if (t.startsWith('ptr')) {
    for (const d of INTS) out.push(['ptrtoint', d]);
    for (const d of ['ptr', 'ptr addrspace(1)', 'ptr addrspace(3)']) if (d !== t) out.push(['addrspacecast', d]);
  } else out.push(['bitcast', 'i64']);
  return out;
}
const SOURCES = ['ptr @g', 'ptr addrspace(1) @g1', 'i64 ptrtoint (ptr @g to i64)', 'i32 ptrtoint (ptr @g to i32)',
  'i16 ptrtoint (ptr @g to i16)', 'i128 ptrtoint (ptr @g to i128)', '<2 x i32> bitcast (i64 ptrtoint (ptr @g to i64) to <2 x i32>)'];
function probe() {
  const lines = ['@g = global i32 0', '@g1 = addrspace(1) global i32 0'];
  let n = 0;
  for (const s of SOURCES) {
    const t = s.startsWith('<2 x i32>') ? '<2 x i32>' : s.startsWith('ptr addrspace(1)') ? 'ptr addrspace(1)' : s.split(' ')[0];
    for (const [op1, t1] of casts(t)) {
      for (const [op2, t2] of casts(t1)) lines.push(`@p${n++} = global ${t2} ${op2} (${t1} ${op1} (${s} to ${t1}) to ${t2})`);
    }
  }
  return lines.join('\n') + '\n';
}
const noModuleId = s => s.replace(/^; ModuleID = .*\n/, '').replace(/^source_filename = .*\n/m, '');

for (const v of LLVM_VERSIONS) {
  test(`cast pairs in constant expressions fold as opt-${v} folds them`, { skip: skipDiff(v) }, async t => {
    const core = await loadWopt({ wasmPath: REAL_WASM });
    const dir = tempDir(t);
    const ll = path.join(dir, 'casts.ll'), bc = path.join(dir, 'casts.bc');
    fs.writeFileSync(ll, probe());
    const want = execFileSync(path.join(llvmBin(v), 'opt'), ['-S', ll, '-o', '-']).toString();
    assert.ok(want.split('\n').length > 150);
    const text = runModule(core, fs.readFileSync(ll), { llvmVersion: v, moduleId: ll });
    assert.equal(text.ok, true, text.error && text.error.message);
    assert.equal(noModuleId(Buffer.from(text.output).toString()), noModuleId(want));
    execFileSync(path.join(llvmBin(v), 'llvm-as'), [ll, '-o', bc]);
    const bin = runModule(core, fs.readFileSync(bc), { llvmVersion: v, moduleId: bc });
    assert.equal(bin.ok, true, bin.error && bin.error.message);
    assert.equal(noModuleId(Buffer.from(bin.output).toString()), noModuleId(execFileSync(path.join(llvmBin(v), 'opt'), ['-S', bc, '-o', '-']).toString()));
  });
}
