// GenericDINode (`!GenericDINode(tag: ..., header: "...", operands: {...})`) as opt-19 and opt-22
// read, print and write it: wopt -S on tests/fixtures/generic-dinode.ll prints what opt-N -S prints
// (operands numbered and uniqued as metadata, an empty header or list dropped); on llvm-as-N's
// bitcode of it what opt-N prints for that bitcode; its own bitcode disassembles as opt-N's does.
// A malformed METADATA_GENERIC_DEBUG record is an error naming the block.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { loadWopt } from '../../../bindings/node.js';
import { runModule } from '../../../bindings/driver.js';
import { REPO, REAL_WASM, LLVM_VERSIONS, llvmBin, skipDiff, tempDir, haveRealCore, NO_CORE } from '../helpers.js';
import { BitcodeBuilder, BLOCK, TYPE } from '../bc-build.js';

const FIXTURE = path.join(REPO, 'tests/fixtures/generic-dinode.ll');
const tool = (v, name) => path.join(llvmBin(v), name);
const exec = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const noModuleId = s => s.replace(/^; ModuleID = .*\n/, '').replace(/^source_filename = .*\n/m, '');
const text = r => Buffer.from(r.output).toString();

for (const v of LLVM_VERSIONS) {
  test(`GenericDINode: text, llvm-as-${v}'s bitcode and wopt's bitcode as opt-${v} has them`, { skip: skipDiff(v) }, async t => {
    const core = await loadWopt({ wasmPath: REAL_WASM });
    const dir = tempDir(t);
    const want = exec(tool(v, 'opt'), ['-S', FIXTURE, '-o', '-']);
    assert.match(want, /operands: \{!\d+, !"str", !\d+\}/);
    const fromText = runModule(core, fs.readFileSync(FIXTURE), { llvmVersion: v, moduleId: FIXTURE });
    assert.equal(fromText.ok, true, fromText.error && fromText.error.message);
    assert.equal(noModuleId(text(fromText)), noModuleId(want));

    const bc = path.join(dir, 'as.bc');
    exec(tool(v, 'llvm-as'), [FIXTURE, '-o', bc]);
    const fromBc = runModule(core, fs.readFileSync(bc), { llvmVersion: v, moduleId: bc });
    assert.equal(fromBc.ok, true, fromBc.error && fromBc.error.message);
    assert.equal(noModuleId(text(fromBc)), noModuleId(exec(tool(v, 'opt'), ['-S', bc, '-o', '-'])));

    const ours = path.join(dir, 'wopt.bc'), theirs = path.join(dir, 'opt.bc');
    const w = runModule(core, fs.readFileSync(FIXTURE), { llvmVersion: v, moduleId: FIXTURE, bitcode: true });
    assert.equal(w.ok, true, w.error && w.error.message);
    fs.writeFileSync(ours, w.output);
    exec(tool(v, 'opt'), [FIXTURE, '-o', theirs]);
    assert.equal(noModuleId(exec(tool(v, 'llvm-dis'), [ours, '-o', '-'])), noModuleId(exec(tool(v, 'llvm-dis'), [theirs, '-o', '-'])));
  });
}

// A module whose METADATA_BLOCK holds one GENERIC_DEBUG record (code 12) with these operands and
// names it.
function genericModule(ops) {
  const b = new BitcodeBuilder();
  b.enter(BLOCK.MODULE, 3).rec(1, [2]);
  b.enter(BLOCK.TYPE, 4).rec(TYPE.NUMENTRY, [1]).rec(TYPE.METADATA).end();
  b.enter(BLOCK.METADATA, 3);
  b.str(1, 'h');            // !0 = !"h" (METADATA_STRING_OLD)
  b.rec(12, ops);           // !1
  b.str(4, 'n'); b.rec(10, [1]);
  b.end().end();
  return b.bytes();
}

test('GenericDINode: the record read, and a malformed one an error naming the metadata block', async t => {
  if (!haveRealCore) return t.skip(NO_CORE);
  const core = await loadWopt({ wasmPath: REAL_WASM });
  const ok = runModule(core, genericModule([1, 3, 0, 1, 2, 0]), { llvmVersion: 22, moduleId: 'g.bc', verify: false });
  assert.equal(ok.ok, true, ok.error && ok.error.message);
  assert.match(text(ok), /!0 = distinct !GenericDINode\(tag: DW_TAG_entry_point, header: "h", operands: \{!0, null\}\)/);
  for (const ops of [[0, 3, 1, 1], [0, 1 << 16, 0, 1], [0, 3, 0], [0, 3, 0, 2]]) {
    const r = runModule(core, genericModule(ops), { llvmVersion: 22, moduleId: 'g.bc', verify: false });
    assert.equal(r.ok, false, `record ${ops}`);
    assert.match(r.error.message, /METADATA_BLOCK|metadata/i, `record ${ops}: ${r.error.message}`);
  }
});
