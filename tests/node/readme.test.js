// The examples (examples/) and README's "Set up and run" commands actually run: the two Node
// examples print what opt-22 prints for examples/sample.ll and report the trace and the merge, and
// each wopt command line of the README (`wopt ...`, `npx wopt ...` or `node bindings/cli.js ...`,
// run as `node bindings/cli.js ...`) exits 0 and writes the outputs it names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, CLI, haveRealCore, NO_CORE, tempDir, run, optFor, haveOpt } from './helpers.js';

const SAMPLE = 'examples/sample.ll';
const PASSES = 'function(mem2reg),mergefunc';

let expected = null;
async function optOutput() {
  expected ??= run(optFor(22), ['-S', `-passes=${PASSES}`, SAMPLE]).then(r => {
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  });
  return expected;
}

for (const [example, inspects] of [['examples/node-optimize.mjs', true], ['examples/worker.mjs', false]]) {
  test(`${example} prints opt-22's output`, { skip: !haveRealCore && NO_CORE }, async t => {
    const r = await run(process.execPath, [example]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /phi i32/);
    if (haveOpt(22)) assert.equal(r.stdout, await optOutput());
    else t.diagnostic(`${optFor(22)} not installed: output not compared`);
    assert.match(r.stderr, /^PromotePass max true /m);
    assert.match(r.stderr, /^MergeFunctionsPass \[module\] true /m);
    assert.match(r.stderr, /^merged @add2 into @add1 /m);
    if (inspects) {
      assert.match(r.stderr, /^max %then idom=%entry frontier=\[%done\]$/m);
      assert.match(r.stderr, /^max %done idom=%entry frontier=\[\]$/m);
    }
  });
}

// How a README line may start the CLI: the command `npm link` makes, npx, or the script itself.
const INVOCATION = /^(npx wopt|wopt|node bindings\/cli\.js)(?= )/;

/** The wopt command lines of README.md's first fenced block under "## Set up and run", comments stripped. */
function readmeCommands() {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Set up and run'));
  const block = section.match(/\n```[^\n]*\n([\s\S]*?)\n```/);
  assert.ok(block, 'README.md: no fenced block under "## Set up and run"');
  return block[1].split('\n')
    .map(l => l.replace(/\s+#.*$/, '').trim())
    .filter(l => INVOCATION.test(l));
}

test('README "Set up and run" commands run', { skip: !haveRealCore && NO_CORE }, async t => {
  const cmds = readmeCommands();
  assert.ok(cmds.length >= 5, `expected the README's wopt command lines, got ${JSON.stringify(cmds)}`);
  const dir = tempDir(t);
  const sample = fs.readFileSync(path.join(REPO, SAMPLE));
  for (const cmd of cmds) {
    const words = cmd.replace(INVOCATION, 'wopt').split(/\s+/);
    const outputs = [];
    const inputs = [];
    let outDir = null;
    for (let i = 1; i < words.length; i++) {
      const w = words[i];
      if (w === '-o') outputs.push(words[++i]);
      else if (w.startsWith('-output-dir=')) outDir = w.slice('-output-dir='.length);
      else if (!w.startsWith('-') && w.endsWith('.ll')) inputs.push(w);
    }
    for (const f of inputs) {
      if (f.startsWith('tests/')) assert.ok(fs.existsSync(path.join(REPO, f)), `${f} missing from the checkout`);
      else if (!fs.existsSync(path.join(dir, f))) fs.writeFileSync(path.join(dir, f), sample);
    }
    if (outDir) outputs.push(...inputs.map(f => path.join(outDir, path.basename(f))));
    const line = cmd
      .replace(INVOCATION, `'${process.execPath}' '${CLI}'`)
      .replace(/(^|\s)(tests\/fixtures\/\S+)/g, (_, sp, p) => `${sp}'${path.join(REPO, p)}'`);
    const r = await run('bash', ['-c', line], { cwd: dir });
    assert.equal(r.code, 0, `${cmd}\n${r.stderr}`);
    if (outputs.length === 0) assert.ok(r.stdout.length > 0, `${cmd}: no output on stdout`);
    for (const o of outputs) {
      const p = path.join(dir, o);
      assert.ok(fs.existsSync(p) && fs.statSync(p).size > 0, `${cmd}: ${o} missing or empty`);
    }
  }
});
