// `wopt lsp --stdio` with a client speaking the protocol over stdio (client.js): the reader's and
// the verifier's diagnostics equal the CLI's for the same text and LLVM version (message, line and
// column), they follow edits, formatting gives the module as `wopt -S` prints it, and a .bc file
// reads as its text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, REAL_WASM, LLVM_VERSIONS, haveRealCore, NO_CORE, versionFlag, runCli, llvmBin, tempDir } from '../helpers.js';
import { LspClient } from './client.js';

const env = { WOPT_WASM: REAL_WASM };
const skip = !haveRealCore && NO_CORE;
const PARSE = path.join(REPO, 'tests/fixtures/parse-errors');
const VERIFY = path.join(REPO, 'tests/fixtures/verifier');
// every 12th fixture of each folder: a spread of messages and positions, in a few seconds
const sample = dir => fs.readdirSync(dir).filter(f => f.endsWith('.ll')).sort().filter((_, i) => i % 12 === 0).map(f => path.join(dir, f));

// The CLI's diagnostics: the located ones as "line:col: severity: message", and the verifier's
// text (its messages name the value, not a position), everything before "input module is broken!".
function cliDiagnostics(stderr, name) {
  const lines = stderr.split('\n');
  const prefix = `wopt: ${name}:`;
  const located = lines.filter(l => l.startsWith(prefix) && /^\d+:\d+: /.test(l.slice(prefix.length))).map(l => l.slice(prefix.length));
  const end = lines.findIndex(l => l.endsWith(': error: input module is broken!'));
  return { located, verifier: end > 0 ? lines.slice(0, end).join('\n') : '' };
}
// A located LSP diagnostic the CLI's way: 1-based line, the column in bytes.
function located(d, text) {
  const line = text.split(/\r\n|\r|\n/)[d.range.start.line] ?? '';
  const col = Buffer.byteLength(line.slice(0, d.range.start.character)) + 1;
  return `${d.range.start.line + 1}:${col}: ${d.severity === 2 ? 'warning' : 'error'}: ${d.message}`;
}

for (const v of LLVM_VERSIONS) {
  test(`LLVM ${v}: the server's diagnostics are the CLI's (${versionFlag(v)})`, { skip }, async () => {
    const client = new LspClient(env);
    try {
      const init = await client.initialize({ llvmVersion: v });
      assert.equal(init.capabilities.documentFormattingProvider, true);
      const files = [...sample(PARSE), ...sample(VERIFY)];
      assert.ok(files.length >= 60, 'the fixtures are there');
      let nLocated = 0, nVerifier = 0, nPlaced = 0;
      for (const f of files) {
        const text = fs.readFileSync(f, 'utf8');
        const uri = pathToFileURL(f).href;
        client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'llvm', version: 1, text } });
        const diags = await client.diagnosticsOf(uri, 1);
        client.notify('textDocument/didClose', { textDocument: { uri } });
        const cli = await runCli([versionFlag(v), '-disable-output', path.basename(f)], { cwd: path.dirname(f), env });
        const want = cliDiagnostics(cli.stderr, path.basename(f));
        if (cli.code === 0) { // a fixture for a check of the other version
          assert.deepEqual(diags.map(d => located(d, text)), want.located, f);
          continue;
        }
        if (want.located.length) {
          assert.deepEqual(diags.map(d => located(d, text)), want.located, f);
          nLocated++;
        } else {
          assert.ok(want.verifier.length > 0, f);
          // one diagnostic per verifier message, together the CLI's text
          assert.equal(diags.map(d => d.message).join('\n').trimEnd(), want.verifier.trimEnd(), f);
          nVerifier++;
          // each at what it names: a message printing a named instruction sits on that instruction's line
          for (const d of diags) {
            const named = /^\s+(%[-a-zA-Z$._][-a-zA-Z$._0-9]*) = /.exec(d.message.split('\n')[1] ?? '');
            if (!named) continue;
            const line = text.split(/\r\n|\r|\n/)[d.range.start.line];
            assert.match(line.slice(d.range.start.character), new RegExp(`^${named[1].replace(/[$.]/g, '\\$&')} = `), `${f}: ${d.message}`);
            nPlaced++;
          }
        }
      }
      assert.ok(nLocated >= 20 && nVerifier >= 20 && nPlaced >= 10, `${nLocated} located, ${nVerifier} verifier diagnostics compared, ${nPlaced} placed at their instruction`);
    } finally { await client.close(); }
  });
}

test('diagnostics follow edits; formatting is the module as wopt -S prints it', { skip }, async (t) => {
  const client = new LspClient(env);
  try {
    await client.initialize({});
    const uri = 'file:///work/edit.ll';
    const text = 'define i32 @f() {\n  %x = add i32 1, %y\n  ret i32 %x\n}\n';
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'llvm', version: 1, text } });
    const first = await client.diagnosticsOf(uri, 1);
    assert.deepEqual(first.map(d => [d.range, d.message]), [[{ start: { line: 1, character: 18 }, end: { line: 1, character: 20 } }, "use of undefined value '%y'"]]);
    // replace %y by 2
    client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 1, character: 18 }, end: { line: 1, character: 20 } }, text: '2' }] });
    assert.deepEqual(await client.diagnosticsOf(uri, 2), []);
    const edits = await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    const dir = tempDir(t);
    fs.writeFileSync(path.join(dir, 'edit.ll'), text.replace('%y', '2'));
    const cli = await runCli(['-S', 'edit.ll'], { cwd: dir, env });
    assert.equal(cli.code, 0, cli.stderr);
    assert.equal(edits.length, 1);
    assert.deepEqual(edits[0].range.start, { line: 0, character: 0 });
    assert.equal(edits[0].newText, cli.stdout);
    // a module already in opt's form needs no edit
    client.notify('textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: [{ text: cli.stdout }] });
    assert.deepEqual(await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }), []);
  } finally { await client.close(); }
});

test('a .bc file reads as its text, as wopt -S prints it', { skip: skip || (!fs.existsSync(path.join(llvmBin(22), 'llvm-as')) && 'llvm-as-22 not installed') }, async (t) => {
  const dir = tempDir(t);
  const ll = path.join(REPO, 'tests/fixtures/printer-instructions.ll');
  const bc = path.join(dir, 'm.bc');
  const { spawnSync } = await import('node:child_process');
  assert.equal(spawnSync(path.join(llvmBin(22), 'llvm-as'), [ll, '-o', bc]).status, 0);
  const client = new LspClient(env);
  try {
    await client.initialize({ llvmVersion: 22 });
    const r = await client.request('wopt/bitcodeText', { uri: pathToFileURL(bc).href });
    const cli = await runCli(['-S', 'm.bc'], { cwd: dir, env });
    assert.deepEqual(r, { ok: true, text: cli.stdout });
    const bad = await client.request('wopt/bitcodeText', { bytes: Buffer.from('BC\xc0\xde\x00\x00', 'latin1').toString('base64') });
    assert.equal(bad.ok, false);
    assert.ok(bad.message.length > 0);
  } finally { await client.close(); }
});

test('wopt lsp without --stdio is a usage error', async () => {
  const r = await runCli(['lsp'], { env });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^wopt: error: wopt lsp takes --stdio/);
});
