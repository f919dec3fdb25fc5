// One long-lived core (a batch run, an IDE session) must give each module exactly what a fresh
// core gives it: no state of one module may leak into the next. Different modules go through one
// instance in both orders, with every pipeline kind (passes that build analyses, side files,
// repository records, printing only), and the results are compared with fresh instances.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { haveRealCore, NO_CORE, REAL_WASM, REPO } from '../helpers.js';
import { loadWopt } from '../../../bindings/node.js';
import { runModule } from '../../../bindings/driver.js';

const skip = !haveRealCore && NO_CORE;
const fixture = (dir, name) => path.join(REPO, 'tests/fixtures', dir, name);

// Pairs that differ in what they exercise: debug info against none, C++ against C, -O0 against -O2.
const CASES = [
  { llvm: 22, files: [fixture('ll22', 'exceptions_rtti.O0g.ll'), fixture('ll22', 'control_flow.O2.ll')] },
  { llvm: 22, files: [fixture('ll22', 'templates_merge.O2.ll'), fixture('ll22', 'atomics_asm_linkage.O0g.ll')] },
  { llvm: 19, files: [fixture('ll', 'exceptions_rtti.O0g.ll'), fixture('ll', 'templates_merge.O0g.ll')] },
];
const PIPELINES = [
  { passes: '' },
  { passes: 'mem2reg' },
  { passes: 'mergefunc', options: { 'mergefunc-report': 'merges.txt' } },
  { passes: 'mergefunc,function(mem2reg,print<domtree>)' },
  { passes: 'mem2reg,print<domtree>,print<postdomtree>' },
  { passes: 'debugify,check-debugify' },
  { passes: 'repo-metadata' },
  { passes: 'dot-cfg-only' },
];

// What a caller sees of one module: output, log, side files, error.
function observe(core, file, llvm, { passes, options }) {
  const r = runModule(core, fs.readFileSync(file), { passes, options, llvmVersion: llvm, moduleId: path.basename(file) });
  const files = r.files.map(f => [f.name, Buffer.from(f.bytes).toString('latin1')]);
  const records = passes.includes('repo-') && r.ok ? JSON.stringify(core.repoRecords()) : '';
  return { ok: r.ok, stage: r.stage, error: r.error && r.error.message, output: r.output && Buffer.from(r.output).toString(), log: r.log, files, records };
}

for (const { llvm, files } of CASES) {
  for (const f of files) if (!fs.existsSync(f)) throw new Error(`missing fixture ${f}`);
  const [a, b] = files;
  for (const pipe of PIPELINES) {
    const label = `LLVM ${llvm} ${path.basename(a)} + ${path.basename(b)} -passes='${pipe.passes}'`;
    test(`one long-lived core equals fresh cores: ${label}`, { skip }, async () => {
      const fresh = {};
      for (const f of files) fresh[f] = observe(await loadWopt({ wasmPath: REAL_WASM }), f, llvm, pipe);
      for (const f of files) assert.equal(fresh[f].ok, true, `${f}: ${fresh[f].error}`);
      for (const order of [[a, b, a, b], [b, a, b, a]]) {
        const core = await loadWopt({ wasmPath: REAL_WASM });
        for (const [i, f] of order.entries()) {
          const got = observe(core, f, llvm, pipe);
          assert.deepEqual(got, fresh[f], `module ${i + 1} of ${order.map(x => path.basename(x)).join(', ')}`);
        }
        assert.equal(core.restarts, 0);
      }
    });
  }
}
