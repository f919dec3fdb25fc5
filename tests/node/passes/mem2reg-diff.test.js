// mem2reg against opt (differential), once per LLVM version N: wopt with llvmVersion N against opt-N
// (and llvm-diff-N):
//  1. the C/C++ fixtures tests/fixtures/ll/*.O0*.ll (loops, switch, goto, computed goto, setjmp,
//     varargs, EH, -g), as compiled (optnone: nothing to do) and with `optnone` removed: the code
//     must equal opt-N's text (metadata definitions are the printer's business: there the
//     outputs must be llvm-diff-N-equivalent), same phi count, and opt-N must accept ours;
//  2. random functions (allocas of several types and names that collide with the phi names,
//     loads/stores/lifetime markers/volatile accesses/stored addresses/!nonnull !noundef loads
//     spread over random CFGs with back edges, duplicate switch edges and unreachable blocks),
//     with and without debug records, and with assignment tracking (#dbg_assign records linked to
//     allocas and stores; under 22 also key-instruction locations): the whole output must equal
//     opt-N's.
// Skipped when opt-N or the built core is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO, LLVM_VERSIONS, optFor, llvmDiffFor, skipDiff, run } from '../helpers.js';
import { genMem2RegModule } from '../mem2reg-gen.js';

const FIXTURES = path.join(REPO, 'tests/fixtures/ll');

/** The text before the metadata definitions (code, declarations, attributes). */
const codePart = t => t.split('\n').filter(l => !/^![0-9]+ = /.test(l)).join('\n');
const phiCount = t => (t.match(/ = phi /g) || []).length;

async function ours(core, v, input, pipeline = 'mem2reg') {
  assert.ok(core.parse(input, { moduleId: '<stdin>', llvmVersion: v }).ok, 'parse');
  const r = core.runPipeline(pipeline);
  assert.ok(r.ok, r.message);
  return new TextDecoder().decode(core.print());
}

for (const v of LLVM_VERSIONS) {
  const OPT = optFor(v), LLVM_DIFF = llvmDiffFor(v), skip = skipDiff(v);

  test(`mem2reg on the C/C++ fixtures: same code as opt-${v}, equivalent metadata (llvmVersion ${v})`, { skip }, async () => {
    const { loadWopt } = await import('../../../bindings/node.js');
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
          assert.equal(ref.code, 0, `${f}: opt-${v} failed: ${ref.stderr}`);
          const out = await ours(core, v, input);
          compared++;
          assert.equal(phiCount(out), phiCount(ref.stdout), `${f}: phi count`);
          phis += phiCount(out);
          if (out === ref.stdout) { exact++; continue; }
          assert.equal(codePart(out), codePart(ref.stdout), `${f}: code differs from opt-${v}`);
          const a = path.join(dir, 'ref.ll'), b = path.join(dir, 'ours.ll');
          fs.writeFileSync(a, ref.stdout); fs.writeFileSync(b, out);
          const d = await run(LLVM_DIFF, [a, b]);
          assert.equal(d.code, 0, `${f}: llvm-diff-${v} reports differences:\n${d.stderr}`);
          const vr = await run(OPT, ['-passes=verify', '-disable-output', b]);
          assert.equal(vr.code, 0, `${f}: opt-${v} rejects our output:\n${vr.stderr}`);
        }
      }
    } finally { fs.rmSync(dir, { recursive: true, force: true }); }
    assert.ok(phis > 300, `phis placed: ${phis}`);
    test.diagnostic?.(`${compared} outputs, ${exact} byte-identical, ${phis} phis`);
  });

  test(`mem2reg equals opt-${v} on random functions (llvmVersion ${v})`, { skip }, async () => {
    const { loadWopt } = await import('../../../bindings/node.js');
    const core = await loadWopt();
    let compared = 0;
    for (let seed = 1; seed <= 300; seed++) {
      for (const dbg of [false, true]) {
        const input = genMem2RegModule(seed * 7919, dbg);
        const ref = await run(OPT, ['-S', '-passes=mem2reg'], { input });
        if (ref.code !== 0) continue;   // invalid random input (opt rejects it)
        const out = await ours(core, v, input);
        assert.equal(out, ref.stdout, `seed ${seed}${dbg ? ' (debug)' : ''}:\n${input}`);
        compared++;
      }
    }
    assert.ok(compared > 400, `compared ${compared} outputs`);
  });

  test(`mem2reg equals opt-${v} on random functions with assignment tracking (llvmVersion ${v})`, { skip }, async () => {
    const { loadWopt } = await import('../../../bindings/node.js');
    const core = await loadWopt();
    let compared = 0, demoted = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const input = genMem2RegModule(seed * 104729, true, { assignments: true, keyInstructions: v >= 22 && seed % 2 === 0 });
      const ref = await run(OPT, ['-S', '-passes=mem2reg'], { input });
      if (ref.code !== 0) continue;
      const out = await ours(core, v, input);
      assert.equal(out, ref.stdout, `seed ${seed}:\n${input}`);
      compared++;
      if ((input.match(/#dbg_assign/g) || []).length > (out.match(/#dbg_assign/g) || []).length) demoted++;
    }
    assert.ok(compared > 150, `compared ${compared} outputs`);
    assert.ok(demoted > 50, `outputs with #dbg_assign records demoted: ${demoted}`);
  });
}
