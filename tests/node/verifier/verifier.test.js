// The IR verifier (assembly/analysis/verifier.ts) against opt's, once per LLVM version N (wopt
// --llvm-version=N against opt-N):
//  - every broken module in tests/fixtures/verifier/ is rejected by opt-N and by us, with the same
//    verifier text (the first line is the check's message, then the values as opt prints them);
//    all are broken for LLVM 19, and one that a later opt-N accepts must pass wopt's too;
//    those in verifier/llvmM/ are broken from LLVM M on: an earlier opt accepts them, and so must
//    we, or cannot read them (an attribute LLVM M brought), and neither can we;
//    those in verifier/debug-info/ have invalid debug info, which opt's reader reports and drops
//    with a warning (exit 0): the same text, and the same exit status (in debug-info/llvmM/, from
//    LLVM M on; an earlier opt accepts them or cannot read them, as above);
//  - the `verify` pass (with -disable-verify, so the pass itself finds it) aborts the same way;
//  - no false positives: every .ll in tests/fixtures/ (outside verifier/) and ../shared/llvm-lit/
//    that opt-N accepts also passes our verifier;
//  - the API reports the text at stage verify-input.
// Breakage only a pass can make (types the parser already rejects) is in tests/assembly/verifier.spec.ts.
// Skipped when the core is not built or LLVM N's opt is not installed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, REAL_WASM, LLVM_VERSIONS, FIXTURES_LLVM, haveRealCore, NO_CORE, optFor, skipDiff, versionFlag, run, runCli } from '../helpers.js';

const env = { WOPT_WASM: REAL_WASM };
const BROKEN_DIR = path.join(REPO, 'tests/fixtures/verifier');
const LIT_DIR = path.resolve(REPO, '../shared/llvm-lit');

function llFiles(dir, out = [], exclude = null) {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) { if (p !== exclude) llFiles(p, out, exclude); } else if (e.name.endsWith('.ll')) out.push(p);
  }
  return out;
}

// The verifier's text: stderr up to the tool's own "input module is broken" line.
function verifierText(stderr, tool) {
  const lines = stderr.split('\n');
  // (a message that ends with a type has no line end: the tool's line follows on the same line)
  const end = lines.findIndex(l => l.includes(`${tool}: `) && l.endsWith(': error: input module is broken!'));
  assert.notEqual(end, -1, `no "input module is broken" line from ${tool}:\n${stderr}`);
  const rest = lines[end].slice(0, lines[end].indexOf(`${tool}: `));
  return lines.slice(0, end).concat(rest ? [rest] : []).join('\n');
}

async function pool(items, jobs, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: jobs }, async () => { while (next < items.length) await fn(items[next++]); }));
}

const broken = llFiles(BROKEN_DIR);
// The LLVM version from which a fixture is broken (verifier/llvmM/), or FIXTURES_LLVM.
const brokenFrom = file => Number(/^llvm(\d+)$/.exec(path.basename(path.dirname(file)))?.[1] ?? FIXTURES_LLVM);
// Debug-info fixtures: verifier/debug-info/, and verifier/debug-info/llvmM/ for those broken from LLVM M on.
const isDebugInfo = file => path.relative(BROKEN_DIR, file).split(path.sep)[0] === 'debug-info';

for (const v of LLVM_VERSIONS) {
  const OPT = optFor(v), skip = skipDiff(v), V = versionFlag(v);

  test(`broken modules: same verifier messages as opt-${v} (${V})`, { skip, concurrency: 4 }, async (t) => {
    assert.ok(broken.length >= 20, 'the broken fixtures are there');
    await Promise.all(broken.map(file =>
      t.test(path.relative(BROKEN_DIR, file), async () => {
        const ref = await run(OPT, ['-disable-output', file]);
        const ours = await runCli([V, '-disable-output', file], { env });
        if (isDebugInfo(file) && v >= brokenFrom(file)) {
          assert.equal(ref.code, 0, `opt-${v} reads this fixture (dropping its debug info)`);
          assert.match(ref.stderr, /warning: ignoring invalid debug info/);
          assert.deepEqual([ours.code, ours.stderr.replaceAll('wopt: ', '')], [0, ref.stderr.replaceAll(`${OPT}: `, '')]);
          return;
        }
        if (v < brokenFrom(file)) {
          // an earlier opt accepts it (and so must we), or cannot read it (a newer attribute):
          // then neither can we
          if (ref.code === 0) assert.deepEqual([ours.code, ours.stderr], [0, ''], `opt-${v} accepts this fixture`);
          else assert.notEqual(ours.code, 0, `opt-${v} rejects this fixture: ${ref.stderr}`);
          return;
        }
        // The fixtures are broken for LLVM 19 (FIXTURES_LLVM); a later LLVM may accept one (it
        // upgrades old forms, e.g. sizeless lifetime intrinsics): then wopt must accept it too.
        if (v !== brokenFrom(file) && ref.code === 0) {
          assert.deepEqual([ours.code, ours.stderr], [0, ''], `opt-${v} accepts this fixture`);
          return;
        }
        assert.notEqual(ref.code, 0, `opt-${v} must reject this fixture`);
        assert.equal(ours.code, 1);
        const want = verifierText(ref.stderr, OPT), got = verifierText(ours.stderr, 'wopt');
        assert.equal(got.split('\n')[0], want.split('\n')[0], 'first message line');
        assert.equal(got, want);
        assert.equal(ours.stdout, '');
      })));
  });

  test(`the verify pass aborts on a broken module (-disable-verify), as opt-${v} (${V})`, { skip }, async () => {
    const file = path.join(BROKEN_DIR, 'dom-same-block.ll');
    const ref = await run(OPT, ['-disable-output', file]);
    const want = verifierText(ref.stderr, OPT);
    for (const passes of ['verify', 'function(verify)']) {
      const r = await runCli([V, '-disable-verify', `-passes=${passes}`, '-disable-output', file], { env });
      assert.equal(r.code, 1);
      const what = passes === 'verify' ? 'module' : 'function';
      assert.equal(r.stderr, `${want}\nLLVM ERROR: Broken ${what} found, compilation aborted!\n`);
      // opt's lines up to its crash report
      const o = await run(OPT, ['-disable-verify', `-passes=${passes}`, '-disable-output', file]);
      assert.equal(r.stderr, o.stderr.slice(0, o.stderr.indexOf('PLEASE submit a bug report')));
    }
    // and it passes well-formed modules through
    const ok = await runCli([V, '-S', '-passes=verify,function(verify)', '-'], { env, input: 'define void @f() {\n  ret void\n}\n' });
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /define void @f\(\)/);
  });

  test(`no false positives on modules opt-${v} accepts (${V})`, { skip }, async (t) => {
    const files = [...llFiles(path.join(REPO, 'tests/fixtures'), [], BROKEN_DIR), ...llFiles(LIT_DIR)];
    // ../shared/llvm-lit sits beside the checkout; without it only our own fixtures are checked
    assert.ok(files.length > (fs.existsSync(LIT_DIR) ? 100 : 20));
    let checked = 0;
    const failures = [];
    await pool(files, 6, async (file) => {
      const ref = await run(OPT, ['-disable-output', file]);
      if (ref.code !== 0) return;
      const ours = await runCli([V, '-passes=verify', '-disable-output', file], { env });
      checked++;
      // warnings opt prints too (e.g. debug info of a wrong version dropped) are no false positive
      const own = ours.stderr.split('\n').filter(l => l && !ref.stderr.split('\n').includes(l.replace(/^wopt: /, `${OPT}: `))).join('\n');
      if (ours.code !== 0 || own !== '') failures.push(`${path.relative(REPO, file)}:\n${ours.stderr.split('\n').slice(0, 4).join('\n')}`);
    });
    t.diagnostic(`${checked} modules verified`);
    assert.ok(checked > (fs.existsSync(LIT_DIR) ? 100 : 20));
    assert.deepEqual(failures, []);
  });
}

test('API: verify-input diagnostics carry the verifier text', { skip: !haveRealCore && NO_CORE }, async () => {
  const { loadWopt } = await import('../../../bindings/node.js');
  const { optimize } = await import('../../../bindings/index.js');
  const core = await loadWopt({ wasmPath: REAL_WASM });
  const text = fs.readFileSync(path.join(BROKEN_DIR, 'phi-count.ll'), 'utf8');
  const r = await optimize(text, { core });
  assert.equal(r.ok, false);
  assert.equal(r.diagnostics[0].stage, 'verify-input');
  assert.equal(r.diagnostics[0].message,
    'PHINode should have one entry for each predecessor of its parent basic block!\n  %p = phi i32 [ 1, %entry ]\n');
  // the same core goes on with the next module
  assert.equal(core.parse('define void @g() {\n  ret void\n}\n').ok, true);
  assert.deepEqual(core.verify(), { ok: true, message: '' });
  // without verification the broken module goes through (as opt -disable-verify)
  const unchecked = await optimize(text, { core, verify: false });
  assert.equal(unchecked.ok, true);
});
