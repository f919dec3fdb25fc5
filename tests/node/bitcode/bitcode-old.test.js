// Records LLVM's writers no longer emit but LLVM 22 still reads, made by hand (tests/node/bc-build.js):
// wopt reads them into what opt-N prints for the same bitcode. Metadata: record codes the loader
// does not know (passed over), OLD_NODE / OLD_FN_NODE (before LLVM 3.6), DIExpression before
// version 3 (DW_OP_bit_piece, a leading DW_OP_deref, DW_OP_plus / DW_OP_minus with an operand),
// version 0 DIGlobalVariable (before LLVM 4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadWopt } from '../../../bindings/node.js';
import { runModule } from '../../../bindings/driver.js';
import { LLVM_VERSIONS, llvmBin, haveRealCore, NO_CORE, REAL_WASM } from '../helpers.js';
import { BitcodeBuilder, BLOCK, TYPE } from '../bc-build.js';

const MD = { STRING_OLD: 1, NODE: 3, NAME: 4, OLD_NODE: 8, OLD_FN_NODE: 9, NAMED_NODE: 10, ATTACHMENT: 11, EXPRESSION: 29 };

// A module of metadata only: `body(b)` writes the METADATA_BLOCK's records; types 0 metadata,
// 1 void, 2 i32; constant 0 is i32 7.
function module(body) {
  const b = new BitcodeBuilder();
  b.enter(BLOCK.MODULE, 3).rec(1, [2]);
  b.enter(BLOCK.TYPE, 4).rec(TYPE.NUMENTRY, [3]).rec(TYPE.METADATA).rec(TYPE.VOID).rec(TYPE.INTEGER, [32]).end();
  b.enter(BLOCK.CONSTANTS, 4).rec(1, [2]).rec(4, [14]).end();
  b.enter(BLOCK.METADATA, 3);
  body(b);
  b.end().end();
  return b.bytes();
}
const named = (b, ids) => { b.str(MD.NAME, 'n'); b.rec(MD.NAMED_NODE, ids); };

const CASES = {
  'unknown and old metadata records': module(b => {
    b.str(MD.STRING_OLD, 'x');                                   // !"x"
    b.rec(MD.NODE, [1]);                                         // !{!"x"}
    b.rec(42, [1, 2, 3]).rec(43).rec(60, [5]).rec(MD.ATTACHMENT, [1, 2]);   // passed over
    b.rec(MD.OLD_NODE, [0, 0, 1, 0, 2, 0]);                      // !{!"x", null, i32 7}
    b.rec(MD.OLD_FN_NODE, [0, 1, 0, 0]);                         // another shape: !{}
    b.rec(MD.OLD_FN_NODE, [0, 1]);                               // a metadata type: !{}
    named(b, [1, 2, 3, 4]);
  }),
  'DIExpression before version 3': module(b => {
    const ex = [
      [0 << 1, 6, 0x9d, 0, 32], [0 << 1, 0x22, 4, 0x9d, 8, 16], [1 << 1, 6, 0x22, 8], [1 << 1, 6, 0x1000, 0, 32],
      [1 << 1, 0x10, 5, 6], [2 << 1, 0x1c, 4, 0x10, 3], [(2 << 1) | 1, 0x22], [2 << 1, 6, 0x1c], [3 << 1, 0x23, 4],
      [2 << 1], [0 << 1, 0x1000, 0, 8],
    ];
    for (const e of ex) b.rec(MD.EXPRESSION, e);
    named(b, ex.map((_, i) => i));
  }),
};

// A version 0 DIGlobalVariable of a global, of an integer constant and of a node. (Without a valid
// compile unit and types both drop the debug info of this module as of an invalid version, the
// global's !dbg attachment included; with a debug info version flag opt-22 crashes on it.)
{
  const b = new BitcodeBuilder();
  b.enter(BLOCK.MODULE, 3).rec(1, [2]);
  b.enter(BLOCK.TYPE, 4).rec(TYPE.NUMENTRY, [4]).rec(TYPE.METADATA).rec(TYPE.VOID).rec(TYPE.INTEGER, [32]).rec(TYPE.OPAQUE_POINTER, [0]).end();
  b.rec(7, [0, 0, 2, 2, 2, 0, 0, 0]);                                // @0 = global i32 7
  b.enter(BLOCK.CONSTANTS, 4).rec(1, [2]).rec(4, [14]).rec(4, [4]).rec(4, [6]).end();   // i32 7, 2, 3
  b.enter(BLOCK.METADATA, 3);
  b.str(MD.STRING_OLD, 'g').str(MD.STRING_OLD, 'Debug Info Version');   // !0, !1
  b.rec(2, [3, 0]).rec(2, [2, 1]).rec(2, [2, 2]).rec(2, [2, 3]);         // !2 @0, !3 i32 7, !4 i32 2, !5 i32 3
  b.rec(27, [0, 0, 1, 0, 0, 3, 0, 0, 1, 3, 0]);                         // !6: of @0
  b.rec(27, [1, 0, 1, 1, 0, 4, 0, 1, 1, 4, 0, 32]);                     // !7: of i32 7, distinct, align 32
  b.rec(MD.NODE, []);                                                    // !8 = !{}
  b.rec(27, [0, 0, 1, 0, 0, 5, 0, 0, 0, 9, 0]);                         // !9: of a node
  named(b, [6, 7, 9]);
  b.end().end();
  CASES['version 0 DIGlobalVariable'] = b.bytes();
}

for (const v of LLVM_VERSIONS) {
  test(`bitcode: old and unknown records read as opt-${v} reads them`, async t => {
    if (!haveRealCore) return t.skip(NO_CORE);
    const opt = path.join(llvmBin(v), 'opt');
    if (!fs.existsSync(opt)) return t.skip(`opt-${v} not installed`);
    const core = await loadWopt({ wasmPath: REAL_WASM });
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bcold-'));
    try {
      for (const [name, bytes] of Object.entries(CASES)) {
        const bc = path.join(tmp, 'x.bc');
        fs.writeFileSync(bc, bytes);
        // (some expressions are invalid on purpose: the verifier is not what this test is about)
        const want = spawnSync(opt, ['-S', '-disable-verify', bc, '-o', '-']);
        assert.equal(want.status, 0, `${name}: ${want.stderr}`);
        const r = runModule(core, bytes, { llvmVersion: v, moduleId: bc, verify: false });
        assert.equal(r.ok, true, `${name}: ${r.error && r.error.message}`);
        const lines = s => s.split('\n').filter(l => l.startsWith('!') || l.startsWith('@'));
        const got = lines(Buffer.from(r.output).toString()), exp = lines(want.stdout.toString());
        assert.ok(exp.length >= 1, name);
        assert.deepEqual(got, exp, name);
      }
    } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
  });
}

test('bitcode: a DIExpression of a version after 3 is an error naming the block', async t => {
  if (!haveRealCore) return t.skip(NO_CORE);
  const core = await loadWopt({ wasmPath: REAL_WASM });
  const r = runModule(core, module(b => { b.rec(MD.EXPRESSION, [4 << 1, 6]); named(b, [0]); }), { moduleId: 'x.bc' });
  assert.equal(r.ok, false);
  assert.match(r.error.message, /DIExpression version 4/);
  assert.match(r.error.message, /METADATA_BLOCK/);
});
