// The server's commands over stdio: wopt.runPipeline on the document (the changed text equals
// `wopt -passes=...` on the same text) and on one function (only that function changed; each
// pass's diff shows the change), and
// wopt.inspect equals session.inspect of the same module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REAL_WASM, haveRealCore, NO_CORE, runCli } from '../helpers.js';
import { LspClient } from './client.js';
import { openSession } from '../../../bindings/index.js';

const env = { WOPT_WASM: REAL_WASM };
const skip = !haveRealCore && NO_CORE;
const TEXT = [
  'define i32 @f(i32 %a) {', 'entry:', '  %p = alloca i32', '  store i32 %a, ptr %p', '  %v = load i32, ptr %p', '  ret i32 %v', '}', '',
  'define i32 @g(i32 %a, i1 %c) {', 'entry:', '  %p = alloca i32', '  br i1 %c, label %t, label %e', 't:', '  store i32 %a, ptr %p', '  br label %e',
  'e:', '  %v = load i32, ptr %p', '  ret i32 %v', '}', '',
].join('\n');

test('wopt.runPipeline and wopt.inspect', { skip }, async () => {
  const client = new LspClient(env);
  try {
    const init = await client.initialize({});
    assert.deepEqual(init.capabilities.executeCommandProvider.commands, ['wopt.runPipeline', 'wopt.inspect']);
    const uri = 'file:///work/cmd.ll';
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'llvm', version: 1, text: TEXT } });
    await client.diagnosticsOf(uri, 1);
    const run = args => client.request('workspace/executeCommand', { command: 'wopt.runPipeline', arguments: [{ uri, ...args }] });

    // the whole document: the CLI's output for the same pipeline
    const whole = await run({ passes: 'mem2reg' });
    const cli = await runCli(['-S', '-passes=mem2reg', '-', '-o', '-'], { env, input: TEXT });
    assert.equal(cli.code, 0, cli.stderr);
    assert.equal(whole.ok, true);
    assert.equal(whole.text, cli.stdout.replaceAll('<stdin>', 'cmd.ll'));
    assert.deepEqual(whole.passes.map(p => [p.name, p.unit, p.changed]), [['mem2reg', 'f', true], ['mem2reg', 'g', true]]);
    assert.match(whole.passes[0].diff, /^-  %p = alloca i32, align 4$/m);
    assert.match(whole.passes[0].diff, /^\+  ret i32 %a$/m);
    assert.match(whole.passes[1].diff, /^\+  %p.0 = phi i32 \[ %a, %t \], \[ undef, %entry \]$/m);

    // one function: the module as printed with only @g changed, to what the pass made of it (the
    // CLI's print of the module, with @g's definition from the CLI's print after mem2reg)
    const one = await run({ passes: 'mem2reg', function: '@g' });
    assert.equal(one.ok, true);
    assert.deepEqual(one.passes.map(p => p.unit), ['g']);
    const plain = await runCli(['-S', '-', '-o', '-'], { env, input: TEXT });
    const defOfG = t => t.slice(t.indexOf('define i32 @g('), t.indexOf('}\n', t.indexOf('define i32 @g(')) + 2);
    const want = plain.stdout.replace(defOfG(plain.stdout), defOfG(cli.stdout)).replaceAll('<stdin>', 'cmd.ll');
    assert.equal(one.text, want);
    assert.match(one.text, /%p.0 = phi i32 \[ %a, %t \], \[ undef, %entry \]/);
    assert.match(one.text.slice(0, one.text.indexOf('@g(')), /alloca/);

    // errors: an unknown pass, a function the document does not have, a missing argument
    const bad = await run({ passes: 'no-such-pass' });
    assert.equal(bad.ok, false);
    assert.match(bad.diagnostics.join('\n'), /unknown pass name 'no-such-pass'/);
    const nope = await run({ passes: 'mem2reg', function: 'nope' });
    assert.equal(nope.ok, false);
    assert.match(nope.diagnostics.join('\n'), /no function named 'nope' is defined in the module/);
    await assert.rejects(client.request('workspace/executeCommand', { command: 'wopt.runPipeline', arguments: [{ uri }] }), /give \{ uri, passes \}/);
    await assert.rejects(client.request('workspace/executeCommand', { command: 'wopt.inspect', arguments: [{ uri: 'file:///not/open.ll', function: 'f' }] }), /open document/);

    // inspect: what session.inspect says of the same module
    const got = await client.request('workspace/executeCommand', { command: 'wopt.inspect', arguments: [{ uri, function: '@g' }] });
    const s = await openSession({ llvmVersion: 22 });
    try {
      assert.equal((await s.optimize(TEXT, { passes: '' })).ok, true);
      assert.deepEqual(got, await s.inspect('g'));
    } finally { await s.close(); }
    assert.deepEqual(got.blocks.map(b => b.name), ['%entry', '%t', '%e']);
  } finally { await client.close(); }
});
