// Round trip through our parser and printer, checked with LLVM's opt, once per
// LLVM version N: for each input f, `opt-N -S (wopt --llvm-version=N -S f)`
// must equal `opt-N -S f` (ignoring the "; ModuleID = " and
// "source_filename = " lines).
//
// Inputs: tests/fixtures/*.ll, tests/fixtures/ll/**.ll (our own, written for
// LLVM 19: opt-19 must accept them; a later opt-N may reject syntax LLVM N
// dropped, and then wopt --llvm-version=N must reject it with the same
// error) and ../shared/llvm-lit/**.ll (LLVM's tests; those opt-N rejects
// are skipped).  Files run two at a time, one subtest per file.
// Skipped when opt-N, bindings/cli.js or the built core is missing.
// $WOPT_CLI replaces the CLI (WOPT_CLI=/usr/lib/llvm-19/bin/opt checks the
// harness itself).  For diffs while debugging use:
//   node tests/roundtrip.mjs --llvm N --verbose [paths]

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LLVM_VERSIONS, FIXTURES_LLVM, optFor, haveOpt, noOpt } from '../helpers.js';
import {
  REPO_ROOT,
  CLI_PATH,
  CLI_OVERRIDE,
  DEFAULT_CLI,
  cliArgs,
  run,
  ownFixtureFiles,
  llvmLitFiles,
  LLVM_LIT_DIR,
  roundtripFile,
} from '../../roundtrip.mjs';

const JOBS = 2;
// The core the CLI loads (bindings/node.js: $WOPT_WASM, else build/wopt.wasm).
const WASM_PATH = process.env.WOPT_WASM || path.join(REPO_ROOT, 'build', 'wopt.wasm');

// tests/fixtures/... for our files, llvm-lit/... for LLVM's.
function displayName(file) {
  const inRepo = path.relative(REPO_ROOT, file);
  if (!inRepo.startsWith('..')) return inRepo;
  return path.relative(path.dirname(LLVM_LIT_DIR), file);
}

/**
 * opt-N rejects one of our fixtures (syntax LLVM N no longer reads): wopt --llvm-version=N must
 * reject it too, with the same diagnostic (position, message, source and caret lines).
 */
async function sameRejection(file, llvm) {
  const opt = optFor(llvm);
  const ref = await run(opt, ['-S', file, '-o', '/dev/null']);
  const ours = await run(DEFAULT_CLI[0], [...DEFAULT_CLI.slice(1), ...cliArgs(DEFAULT_CLI, llvm), '-S', file, '-o', '/dev/null']);
  const strip = (text, prog) => text.split('\n').map(l => l.startsWith(`${prog}: `) ? l.slice(prog.length + 2) : l).join('\n');
  assert.notEqual(ours.code, 0, `opt-${llvm} rejects our fixture, wopt ${cliArgs(DEFAULT_CLI, llvm).join(' ')} accepts it:\n${ref.stderr}`);
  assert.equal(strip(ours.stderr, 'wopt'), strip(ref.stderr, opt), `opt-${llvm} rejects our fixture: the same error`);
}

function defineSuite(name, files, { llvm, optMustAccept }) {
  test(`${name} (opt-${llvm}, --llvm-version=${llvm})`, { concurrency: JOBS }, async (t) => {
    if (!haveOpt(llvm)) {
      t.skip(noOpt(llvm));
      return;
    }
    if (!CLI_OVERRIDE && !existsSync(CLI_PATH)) {
      t.skip(`${path.relative(REPO_ROOT, CLI_PATH)} not found`);
      return;
    }
    if (!CLI_OVERRIDE && !existsSync(WASM_PATH)) {
      t.skip(`${path.relative(REPO_ROOT, WASM_PATH)} not built (npm run build:release)`);
      return;
    }
    if (!files.length) {
      t.skip('no input files');
      return;
    }
    const workDir = mkdtempSync(path.join(tmpdir(), 'wopt-rt-test-'));
    t.after(() => rmSync(workDir, { recursive: true, force: true }));
    await Promise.all(
      files.map((file) =>
        t.test(displayName(file), async (st) => {
          const r = await roundtripFile(file, { llvm, opt: optFor(llvm), workDir, maxLines: 40 });
          if (r.status === 'skip') {
            if (optMustAccept && llvm === FIXTURES_LLVM) assert.fail(`our fixture is invalid: ${r.reason}`);
            if (optMustAccept) return sameRejection(file, llvm);
            st.skip(r.reason);
            return;
          }
          if (r.status === 'fail') {
            const parts = [r.reason];
            if (r.detail) parts.push(r.detail);
            if (r.diff) parts.push(r.diff);
            assert.fail(parts.join('\n'));
          }
        }),
      ),
    );
  });
}

const own = ownFixtureFiles(), lit = llvmLitFiles();
for (const llvm of LLVM_VERSIONS) {
  defineSuite('roundtrip: own fixtures', own, { llvm, optMustAccept: true });
  if (lit.length) defineSuite('roundtrip: llvm-lit', lit, { llvm, optMustAccept: false });
  else test(`roundtrip: llvm-lit (opt-${llvm})`, (t) => t.skip('../shared/llvm-lit not present'));
}
