// Round trip through our parser and printer, checked with LLVM 19's opt:
// for each input f, `opt-19 -S (wopt -S f)` must equal `opt-19 -S f`
// (ignoring the "; ModuleID = " and "source_filename = " lines).
//
// Inputs: tests/fixtures/*.ll, tests/fixtures/ll/**.ll (our own; opt-19 must
// accept them) and ../shared/llvm-lit/**.ll (LLVM's tests; those opt-19
// rejects are skipped).  Files run two at a time, one subtest per file.
// Skipped when opt-19, bindings/cli.js or the built core is missing.
// $WOPT_CLI replaces the CLI (WOPT_CLI=/usr/lib/llvm-19/bin/opt checks the
// harness itself).  For diffs while debugging use:
//   node tests/roundtrip.mjs --verbose [paths]

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  REPO_ROOT,
  DEFAULT_OPT,
  CLI_PATH,
  CLI_OVERRIDE,
  ownFixtureFiles,
  llvmLitFiles,
  LLVM_LIT_DIR,
  roundtripFile,
} from '../roundtrip.mjs';

const JOBS = 2;
// The core the CLI loads (bindings/node.js: $WOPT_WASM, else build/wopt.wasm).
const WASM_PATH = process.env.WOPT_WASM || path.join(REPO_ROOT, 'build', 'wopt.wasm');

// tests/fixtures/... for our files, llvm-lit/... for LLVM's.
function displayName(file) {
  const inRepo = path.relative(REPO_ROOT, file);
  if (!inRepo.startsWith('..')) return inRepo;
  return path.relative(path.dirname(LLVM_LIT_DIR), file);
}

function defineSuite(name, files, { optMustAccept }) {
  test(name, { concurrency: JOBS }, async (t) => {
    if (!existsSync(DEFAULT_OPT)) {
      t.skip(`${DEFAULT_OPT} not found (install llvm-19)`);
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
          const r = await roundtripFile(file, { workDir, maxLines: 40 });
          if (r.status === 'skip') {
            if (optMustAccept) assert.fail(`our fixture is invalid: ${r.reason}`);
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

defineSuite('roundtrip: own fixtures', ownFixtureFiles(), { optMustAccept: true });

const lit = llvmLitFiles();
if (lit.length) defineSuite('roundtrip: llvm-lit', lit, { optMustAccept: false });
else test('roundtrip: llvm-lit', (t) => t.skip('../shared/llvm-lit not present'));
