// Instructions and constant expressions the reader rejects (getelementptr indices, atomic orderings
// and operands, ...): every module in tests/fixtures/parse-errors/ is rejected by opt-N and by wopt
// --llvm-version=N with the same diagnostic (position, message, source line and caret), once per
// LLVM version N. A fixture for a check only some versions make is one another version's opt
// accepts: then wopt must accept it too for that version. Those in parse-errors/llvmM/ are for
// syntax LLVM M brought (captures(...)): an earlier opt-N refuses it in its own words and wopt
// names the version it needs, so there wopt must only refuse it too (or accept it where opt-N does).
// Skipped when the core is not built or LLVM N's opt is not installed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, REAL_WASM, LLVM_VERSIONS, optFor, skipDiff, versionFlag, run, runCli } from '../helpers.js';

const env = { WOPT_WASM: REAL_WASM };
const DIR = path.join(REPO, 'tests/fixtures/parse-errors');
const files = fs.readdirSync(DIR, { withFileTypes: true }).flatMap(e =>
  e.isDirectory() && /^llvm\d+$/.test(e.name)
    ? fs.readdirSync(path.join(DIR, e.name)).filter(f => f.endsWith('.ll')).map(f => `${e.name}/${f}`)
    : e.name.endsWith('.ll') ? [e.name] : []).sort();
// The LLVM version from which a fixture's syntax exists (parse-errors/llvmM/), or 0.
const syntaxFrom = name => Number(/^llvm(\d+)\//.exec(name)?.[1] ?? 0);

// The diagnostic without the tool's name.
const diagnostic = (stderr, tool) => stderr.replace(new RegExp(`^${tool.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `), '');

for (const v of LLVM_VERSIONS) {
  const OPT = optFor(v);
  test(`rejected instructions: the same diagnostic as opt-${v} (${versionFlag(v)})`, { skip: skipDiff(v), concurrency: 4 }, async (t) => {
    assert.ok(files.length >= 40, 'the fixtures are there');
    await Promise.all(files.map(name => t.test(name, async () => {
      const ref = await run(OPT, ['-disable-output', name], { cwd: DIR });
      const ours = await runCli([versionFlag(v), '-disable-output', name], { cwd: DIR, env });
      if (ref.code === 0) {
        assert.deepEqual([ours.code, ours.stderr], [0, ''], `opt-${v} accepts ${name}`);
        return;
      }
      if (v < syntaxFrom(name)) {
        assert.equal(ours.code, 1, `opt-${v} refuses ${name}: ${ref.stderr}`);
        return;
      }
      assert.match(ref.stderr, /:\d+:\d+: error: /, 'a parse error, not a verifier message');
      assert.equal(ours.code, 1);
      assert.equal(diagnostic(ours.stderr, 'wopt'), diagnostic(ref.stderr, OPT));
    })));
  });
}
