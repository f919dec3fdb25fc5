// Checks only bitcode can reach: each module of tests/fixtures/verifier-bitcode/ is assembled by
// llvm-as-N, patched as its `; patch:` lines say (tests/node/bitcode-patch.js), and read by opt-N
// and by wopt --llvm-version=N: the same exit status, the same diagnostics (reader errors without
// the text each tool appends about itself: opt's producer and reader versions, wopt's block and
// bit offset), and, when both read it, the same printed module. Those in verifier-bitcode/llvmM/
// are for LLVM M on (records an earlier llvm-as cannot write, or an earlier opt crashes on).
// Skipped when the core is not built or LLVM N's tools are not installed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO, REAL_WASM, LLVM_VERSIONS, llvmBin, optFor, skipDiff, versionFlag, run, runCli } from '../helpers.js';
import { patchesOf, applyPatches } from '../bitcode-patch.js';

const env = { WOPT_WASM: REAL_WASM };
const DIR = path.join(REPO, 'tests/fixtures/verifier-bitcode');
const files = fs.readdirSync(DIR, { withFileTypes: true }).flatMap(e =>
  e.isDirectory() && /^llvm\d+$/.test(e.name)
    ? fs.readdirSync(path.join(DIR, e.name)).filter(f => f.endsWith('.ll')).map(f => `${e.name}/${f}`)
    : e.name.endsWith('.ll') ? [e.name] : []).sort();
// The LLVM version a fixture is for from (verifier-bitcode/llvmM/), or 0.
const from = name => Number(/^llvm(\d+)\//.exec(name)?.[1] ?? 0);

// stderr without the tool's name, the reader error's own suffix, and LLVM's crash report after a
// fatal error (opt aborts; wopt exits).
function diagnostics(stderr, tool, bc) {
  const lines = [];
  for (const line of stderr.split('\n')) {
    if (line.startsWith('PLEASE submit a bug report')) break;
    lines.push(line.replaceAll(`${tool}: `, '')
      .replace(/ \(Producer: '[^']*' Reader: '[^']*'\)$/, '')
      .replace(/ \((?:[A-Z_]+_BLOCK|top level), bit offset \d+\)$/, ''));
  }
  // (a verifier message that ends with a type has no line end before the tool's own line)
  const broken = `${bc}: error: input module is broken!`, text = lines.join('\n'), at = text.indexOf(broken);
  return (at > 0 && text[at - 1] !== '\n' ? `${text.slice(0, at)}\n${text.slice(at)}` : text).trimEnd();
}

for (const v of LLVM_VERSIONS) {
  const skip = skipDiff(v) || (!fs.existsSync(path.join(llvmBin(v), 'llvm-as')) && `llvm-as-${v} not installed`);
  test(`bitcode-only checks: the same diagnostics as opt-${v} (${versionFlag(v)})`, { skip, concurrency: 4 }, async (t) => {
    assert.ok(files.length >= 8, 'the fixtures are there');
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-vbc-'));
    try {
      await Promise.all(files.filter(name => v >= from(name)).map(name => t.test(name, async () => {
        const text = fs.readFileSync(path.join(DIR, name), 'utf8');
        // (a patch for one version only leaves the other's bitcode as llvm-as writes it)
        assert.ok(patchesOf(text).length > 0, 'the fixture names its patches');
        const patches = patchesOf(text, v);
        const bc = path.join(work, name.replace(/\.ll$/, '.bc').replaceAll('/', '-'));
        const as = await run(path.join(llvmBin(v), 'llvm-as'), [path.join(DIR, name), '-o', bc]);
        assert.equal(as.code, 0, as.stderr);
        fs.writeFileSync(bc, applyPatches(fs.readFileSync(bc), patches));
        const ref = await run(optFor(v), ['-S', bc]);
        const ours = await runCli([versionFlag(v), '-S', bc], { env });
        assert.equal(diagnostics(ours.stderr, 'wopt', bc), diagnostics(ref.stderr, optFor(v), bc));
        assert.equal(ours.code === 0, ref.code === 0, `opt-${v} exit ${ref.code}, wopt ${ours.code}`);
        if (ref.code === 0) assert.equal(ours.stdout, ref.stdout);
      })));
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
}
