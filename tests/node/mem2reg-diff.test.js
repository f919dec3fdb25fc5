// mem2reg against opt-19 (differential):
//  1. the C/C++ fixtures tests/fixtures/ll/*.O0*.ll (loops, switch, goto, computed goto, setjmp,
//     varargs, EH, -g), as compiled (optnone: nothing to do) and with `optnone` removed: the code
//     must equal opt-19's text (metadata definitions are the printer's business: there the
//     outputs must be llvm-diff-19-equivalent), same phi count, and opt-19 must accept ours;
//  2. random functions (allocas of several types and names that collide with the phi names,
//     loads/stores/lifetime markers/volatile accesses/stored addresses/!nonnull !noundef loads
//     spread over random CFGs with back edges, duplicate switch edges and unreachable blocks),
//     with and without debug records: the whole output must equal opt-19's.
// Skipped when opt-19 or the built core is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OPT, REPO, haveOpt, haveRealCore, NO_OPT, NO_CORE, run } from './helpers.js';
import { genMem2RegModule } from './mem2reg-gen.js';

const skip = (!haveRealCore && NO_CORE) || (!haveOpt && NO_OPT);
const LLVM_DIFF = '/usr/lib/llvm-19/bin/llvm-diff';
const FIXTURES = path.join(REPO, 'tests/fixtures/ll');

/** The text before the metadata definitions (code, declarations, attributes). */
const codePart = t => t.split('\n').filter(l => !/^![0-9]+ = /.test(l)).join('\n');
const phiCount = t => (t.match(/ = phi /g) || []).length;

async function ours(core, input, pipeline = 'mem2reg') {
  assert.ok(core.parse(input, { moduleId: '<stdin>' }).ok, 'parse');
  const r = core.runPipeline(pipeline);
  assert.ok(r.ok, r.message);
  return new TextDecoder().decode(core.print());
}

test('mem2reg on the C/C++ fixtures: same code as opt-19, equivalent metadata', { skip }, async () => {
  const { loadWopt } = await import('../../bindings/node.js');
  const core = await loadWopt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-m2r-'));
  const files = fs.readdirSync(FIXTURES).filter(f => /\.O0g?\.ll$/.test(f)).sort();
  assert.ok(files.length >= 10, 'fixtures present');
  let exact = 0, compared = 0, phis = 0;
  try {
    for (const f of files) {
      const text = fs.readFileSync(path.join(FIXTURES, f), 'utf8');
      for (const input of [text, text.replace(/ optnone/g, '')]) {
        const ref = await run(OPT, ['-S', '-passes=mem2reg'], { input });
        assert.equal(ref.code, 0, `${f}: opt-19 failed: ${ref.stderr}`);
        const out = await ours(core, input);
        compared++;
        assert.equal(phiCount(out), phiCount(ref.stdout), `${f}: phi count`);
        phis += phiCount(out);
        if (out === ref.stdout) { exact++; continue; }
        assert.equal(codePart(out), codePart(ref.stdout), `${f}: code differs from opt-19`);
        const a = path.join(dir, 'ref.ll'), b = path.join(dir, 'ours.ll');
        fs.writeFileSync(a, ref.stdout); fs.writeFileSync(b, out);
        const d = await run(LLVM_DIFF, [a, b]);
        assert.equal(d.code, 0, `${f}: llvm-diff-19 reports differences:\n${d.stderr}`);
        const v = await run(OPT, ['-passes=verify', '-disable-output', b]);
        assert.equal(v.code, 0, `${f}: opt-19 rejects our output:\n${v.stderr}`);
      }
    }
  } finally { fs.rmSync(dir, { recursive: true, force: true }); }
  assert.ok(phis > 300, `phis placed: ${phis}`);
  test.diagnostic?.(`${compared} outputs, ${exact} byte-identical, ${phis} phis`);
});

test('mem2reg equals opt-19 on random functions', { skip }, async () => {
  const { loadWopt } = await import('../../bindings/node.js');
  const core = await loadWopt();
  let compared = 0;
  for (let seed = 1; seed <= 300; seed++) {
    for (const dbg of [false, true]) {
      const input = genMem2RegModule(seed * 7919, dbg);
      const ref = await run(OPT, ['-S', '-passes=mem2reg'], { input });
      if (ref.code !== 0) continue;   // invalid random input (opt-19 rejects it)
      const out = await ours(core, input);
      assert.equal(out, ref.stdout, `seed ${seed}${dbg ? ' (debug)' : ''}:\n${input}`);
      compared++;
    }
  }
  assert.ok(compared > 400, `compared ${compared} outputs`);
});
