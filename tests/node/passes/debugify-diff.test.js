// debugify / check-debugify against opt (differential), once per LLVM version N (wopt
// --llvm-version=N against opt-N): the module text on stdout and the report on stderr must be
// byte-identical to opt-N's.
//  1. tests/fixtures/debugify/*.ll through the CLI (phis, EH pads, musttail and deoptimize
//     terminators, skipped linkages, quoted names, a module that already has debug info, and
//     check-debugify's warnings and mis-sized errors), with -debugify-level and -debugify-quiet;
//  2. every other .ll we have (tests/fixtures, ../shared/llvm-lit) that opt-N accepts and that
//     we already round-trip byte-identically, in process, with `debugify` and with
//     `debugify,mem2reg,check-debugify` (mem2reg must keep every line and variable opt-N keeps).
// Skipped when opt-N or the built core is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, LLVM_VERSIONS, optFor, skipDiff, versionFlag, run, runCli } from '../helpers.js';

const DIR = path.join(REPO, 'tests/fixtures/debugify');
const LIT = path.resolve(REPO, '../shared/llvm-lit');

function walk(d, out = []) {
  if (!fs.existsSync(d)) return out;
  for (const f of fs.readdirSync(d).sort()) {
    const p = path.join(d, f);
    if (fs.statSync(p).isDirectory()) walk(p, out); else if (p.endsWith('.ll')) out.push(p);
  }
  return out;
}

for (const v of LLVM_VERSIONS) {
  const OPT = optFor(v), V = versionFlag(v), skip = skipDiff(v);

  test(`debugify fixtures through the CLI: same module and report as opt-${v} (${V})`, { skip }, async () => {
    const runs = [
      ['-passes=debugify'],
      ['-passes=debugify,mem2reg,check-debugify'],
      ['-passes=debugify,mem2reg,check-debugify', '-debugify-level=locations'],
      ['-passes=debugify,check-debugify', '-debugify-quiet'],
      ['-passes=check-debugify'],
    ];
    const files = walk(DIR);
    assert.ok(files.length >= 3, 'fixtures present');
    for (const f of files) {
      const rel = path.relative(REPO, f);
      for (const args of runs) {
        const ref = await run(OPT, ['-S', ...args, rel]);
        const ours = await runCli([V, '-S', ...args, rel]);
        assert.equal(ours.code, ref.code, `${rel} ${args}: exit status`);
        assert.equal(ours.stdout, ref.stdout, `${rel} ${args}: module`);
        assert.equal(ours.stderr, ref.stderr, `${rel} ${args}: report`);
      }
    }
    // the failure fixture really fails, so the comparison above covers FAIL, not only PASS
    const r = await runCli([V, '-S', '-passes=check-debugify', 'tests/fixtures/debugify/check-failures.ll']);
    assert.match(r.stderr, /CheckModuleDebugify: FAIL\n$/);
    assert.match(r.stderr, /WARNING: Instruction with empty DebugLoc in function f --  %c = sitofp/);
  });

  test(`debugify on the corpus: same module and report as opt-${v} (llvmVersion ${v})`, { skip }, async () => {
    const { loadWopt } = await import('../../../bindings/node.js');
    const core = await loadWopt();
    const decoder = new TextDecoder();
    const ours = (input, id, passes) => {
      const p = core.parse(input, { moduleId: id, llvmVersion: v });
      assert.ok(p.ok, `${id}: parse`);
      const r = passes ? core.runPipeline(passes) : { ok: true, log: '' };
      assert.ok(r.ok, `${id}: ${r.message}`);
      // opt's stderr: what its reader warned about (as the CLI writes it), then the passes' report
      const warned = (p.warnings ?? []).map(w => `${w.tool ? 'wopt: ' : ''}${w.text}\n`).join('');
      return { out: decoder.decode(core.print()), log: warned + (r.log ?? '') };
    };
    const files = [...walk(path.join(REPO, 'tests/fixtures')).filter(f => !f.startsWith(DIR)), ...walk(LIT)];
    let compared = 0;
    for (const f of files) {
      const input = fs.readFileSync(f);
      const plain = await run(OPT, ['-S', f, '-o', '-']);
      if (plain.code !== 0) continue;                          // invalid on purpose (verifier tests)
      if (ours(input, f, '').out !== plain.stdout) continue;   // printer differences are roundtrip.test.js's business
      for (const passes of ['debugify', 'debugify,mem2reg,check-debugify']) {
        const ref = await run(OPT, ['-S', `-passes=${passes}`, f, '-o', '-']);
        if (ref.code !== 0) continue;
        const { out, log } = ours(input, f, passes);
        assert.equal(out, ref.stdout, `${f} ${passes}: module`);
        assert.equal(log, ref.stderr, `${f} ${passes}: report`);
        compared++;
      }
    }
    assert.ok(compared >= 100, `compared ${compared} runs`);
  });
}
