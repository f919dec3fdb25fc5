// Issue 18: a module whose core memory passes 2 GiB. Addresses there are i32 exports that JS reads
// as negative numbers unless the binding reads them unsigned; the core's tables and output must
// work there too. A 300 MB generated module: parsing alone fills more than 2 GiB, so the
// pipeline's argument buffer and everything after it lie above 2 GiB (the core grows to ~2.6 GiB;
// a 160 MB module reaches 2.6 GiB too, but only during the pipeline, and never hands the host an
// address that high). Its output through `-passes=mem2reg` must equal opt-22's byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CLI, haveRealCore, NO_CORE, haveOpt, noOpt, optFor, run, tempDir } from '../helpers.js';
import { generateToFile, parseSize } from '../../../bench/gen.js';

const PROBE = new URL('../fixtures/wasm-memory-probe.js', import.meta.url).href;
const SIZE = '300MB';

test(`a ${SIZE} module: core memory past 2 GiB, output equal to opt-22's`, {
  skip: (!haveRealCore && NO_CORE) || (!haveOpt(22) && noOpt(22)),
  timeout: 600_000, // a guard against a hang, not a measure: a loaded machine takes minutes
}, async t => {
  const dir = tempDir(t);
  const ms = since => ((performance.now() - since) / 1000).toFixed(1);
  let t0 = performance.now();
  const { bytes } = generateToFile(path.join(dir, 'big.ll'), { size: parseSize(SIZE), seed: 1 });
  const gen = ms(t0);

  t0 = performance.now();
  const w = await run(process.execPath, ['--import', PROBE, CLI, '-S', '-passes=mem2reg', 'big.ll', '-o', 'wopt.ll'], { cwd: dir });
  const woptTime = ms(t0);
  const memory = Number(/wasm-memory (\d+)/.exec(w.stderr)?.[1]);
  assert.equal(w.code, 0, w.stderr);
  assert.ok(memory > 2 ** 31, `the core's memory reached only ${memory} bytes: the module no longer tests addresses past 2 GiB`);

  t0 = performance.now();
  const o = await run(optFor(22), ['-S', '-passes=mem2reg', 'big.ll', '-o', 'opt.ll'], { cwd: dir });
  const optTime = ms(t0);
  assert.equal(o.code, 0, o.stderr);

  const a = fs.readFileSync(path.join(dir, 'wopt.ll')), b = fs.readFileSync(path.join(dir, 'opt.ll'));
  assert.ok(a.equals(b), `wopt's output (${a.length} bytes) differs from opt-22's (${b.length} bytes)`);
  t.diagnostic(`input ${bytes} bytes (generated in ${gen} s); core memory ${(memory / 2 ** 30).toFixed(2)} GiB; wopt ${woptTime} s, opt-22 ${optTime} s`);
});
