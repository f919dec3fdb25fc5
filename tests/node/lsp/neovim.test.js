// `wopt lsp --stdio` in a real editor: headless Neovim (`nvim --headless --clean`, Debian's) runs
// neovim.lua, which attaches the server to llvm buffers as a user's config would. What Neovim ends
// up holding is checked against the CLI: the diagnostics (message, line, byte column) equal
// `wopt -S file.ll -o /dev/null`'s, also on a line with a non-ASCII name before the error (the
// server counts UTF-16, Neovim bytes) and after an edit made in the buffer; formatting through
// Neovim's own command leaves the buffer as `wopt -S` prints it; definition at a use of `%x`
// answers the line of `%x = ...` and hover there shows its type. Skipped when /usr/bin/nvim is
// missing, unless WOPT_REQUIRE_NEOVIM=1 (CI sets it after installing neovim), which makes that a
// failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, CLI, REAL_WASM, haveRealCore, NO_CORE, runCli, tempDir } from '../helpers.js';

const NVIM = process.env.WOPT_NVIM ?? '/usr/bin/nvim';
const required = process.env.WOPT_REQUIRE_NEOVIM === '1';
const haveNvim = fs.existsSync(NVIM);
const skip = (!haveRealCore && NO_CORE) || (!haveNvim && !required && `no Neovim at ${NVIM} (apt-get install neovim)`);
const env = { WOPT_WASM: REAL_WASM };

// An undefined value on a line whose first name is not ASCII: the column differs in bytes and in
// UTF-16 code units.
const BROKEN = 'define i32 @f(i32 %a) {\n  %"é" = add i32 %a, %y\n  ret i32 %"é"\n}\n';
// read, but the verifier rejects it (its message names the load, where the server puts it)
const UNVERIFIED = '; !align is for pointers\ndefine void @f(ptr %p) {\n  %v = load i64, ptr %p, !align !0\n  ret void\n}\n!0 = !{i64 8}\n';
// valid, not in the printer's form
const LOOSE = 'define i32 @g(i32 %a) {\nentry:\n  %x = add   i32 %a,   1\n  %y = mul i32 %x,%x\n  ret i32 %y\n}\n';

// The CLI's diagnostics of a file in `dir`: the located ones as "line:col: severity: message" (col
// in bytes, as Neovim's), and the verifier's text before "input module is broken!".
async function cli(dir, name) {
  const r = await runCli(['-S', name, '-o', '/dev/null'], { cwd: dir, env });
  const lines = r.stderr.split('\n');
  const prefix = `wopt: ${name}:`;
  const located = lines.filter(l => l.startsWith(prefix) && /^\d+:\d+: /.test(l.slice(prefix.length))).map(l => l.slice(prefix.length));
  const end = lines.findIndex(l => l.endsWith(': error: input module is broken!'));
  return { code: r.code, located, verifier: end > 0 ? lines.slice(0, end).join('\n') : '' };
}
// A diagnostic as Neovim holds it (0-based line, 0-based byte column) the CLI's way.
const asCli = d => `${d.lnum + 1}:${d.col + 1}: ${d.severity === 2 ? 'warning' : 'error'}: ${d.message}`;

// Runs neovim.lua on `job` and gives what it wrote.
async function runNeovim(dir, job) {
  const out = path.join(dir, 'nvim-out.json');
  const child = spawn(NVIM, ['--headless', '--clean', '-c', `luafile ${path.join(REPO, 'tests/node/lsp/neovim.lua')}`], {
    cwd: dir, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, WOPT_NVIM_JOB: JSON.stringify(job), WOPT_NVIM_OUT: out, XDG_STATE_HOME: dir, XDG_CACHE_HOME: dir, XDG_DATA_HOME: dir },
  });
  let output = '';
  child.stdout.on('data', d => { output += d; });
  child.stderr.on('data', d => { output += d; });
  const code = await new Promise(r => child.on('exit', c => r(c)));
  assert.ok(fs.existsSync(out), `Neovim wrote no result (exit ${code}): ${output.slice(0, 2000)}`);
  const r = JSON.parse(fs.readFileSync(out, 'utf8'));
  assert.equal(r.error, undefined, `neovim.lua failed: ${r.error}`);
  return r;
}

test('Neovim is the version the Lua script is written for', { skip }, () => {
  assert.ok(haveNvim, `no Neovim at ${NVIM}, and WOPT_REQUIRE_NEOVIM=1`);
  const v = spawnSync(NVIM, ['--version'], { encoding: 'utf8' });
  const m = /^NVIM v(\d+)\.(\d+)\.(\d+)/.exec(v.stdout);
  assert.ok(m, v.stdout);
  // vim.diagnostic and vim.lsp.start_client came with 0.6 and 0.5; vim.lsp.start (0.8) is used when there
  assert.ok(Number(m[1]) > 0 || Number(m[2]) >= 7, `Neovim ${m[0]} is older than 0.7`);
});

test('Neovim as the client: diagnostics, an edit, formatting, definition and hover', { skip }, async t => {
  assert.ok(haveNvim, `no Neovim at ${NVIM}, and WOPT_REQUIRE_NEOVIM=1`);
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'broken.ll'), BROKEN);
  fs.writeFileSync(path.join(dir, 'unverified.ll'), UNVERIFIED);
  fs.writeFileSync(path.join(dir, 'loose.ll'), LOOSE);
  const printed = await runCli(['-S', 'loose.ll'], { cwd: dir, env });
  assert.equal(printed.code, 0, printed.stderr);
  const canonical = printed.stdout.split('\n');
  // the use of %x: the first operand of the mul, in the text as formatting leaves it
  const useLine = canonical.findIndex(l => /^ {2}%y = mul /.test(l));
  const defLine = canonical.findIndex(l => /^ {2}%x = /.test(l));
  assert.ok(useLine > 0 && defLine > 0, printed.stdout);
  const at = { line: useLine, character: canonical[useLine].indexOf('%x', 4) + 1 };

  // the edit: %y replaced by 1, at byte columns (Neovim's)
  const brokenLine = BROKEN.split('\n')[1];
  const col = Buffer.byteLength(brokenLine.slice(0, brokenLine.indexOf('%y')));
  assert.notEqual(col, brokenLine.indexOf('%y'), 'the error\'s column differs in bytes and in UTF-16');
  const job = {
    cmd: [process.execPath, CLI, 'lsp', '--stdio'], root: dir, llvm_version: 22, timeout_ms: 30000,
    files: [
      { path: path.join(dir, 'broken.ll'), edit: { line: 1, col, end_col: col + 2, text: '1' } },
      { path: path.join(dir, 'unverified.ll') },
      { path: path.join(dir, 'loose.ll'), format: true, at },
    ],
  };
  const r = await runNeovim(dir, job);
  const [broken, unverified, loose] = r.files;

  await t.test('the diagnostics are the CLI\'s, at the same line and byte column', async () => {
    const want = await cli(dir, 'broken.ll');
    assert.equal(want.located.length, 1, 'the CLI reports one located error');
    assert.deepEqual(broken.diagnostics.map(asCli), want.located);
    const v = await cli(dir, 'unverified.ll');
    assert.ok(v.verifier.length > 0, 'the CLI reports a verifier error');
    assert.ok(unverified.diagnostics.length > 0);
    // at the instruction the message names: line 3 (0-based 2), from its name
    assert.deepEqual(unverified.diagnostics.map(d => [d.lnum, d.col]), [[2, 2]], 'the verifier message sits on the load');
    assert.equal(unverified.diagnostics.map(d => d.message).join('\n').trimEnd(), v.verifier);
    assert.deepEqual(loose.diagnostics, []);
  });

  await t.test('an edit in the buffer: the diagnostics follow it', async () => {
    assert.equal(broken.after_edit_text, BROKEN.replace('%y', '1'));
    fs.writeFileSync(path.join(dir, 'edited.ll'), broken.after_edit_text);
    const want = await cli(dir, 'edited.ll');
    assert.equal(want.code, 0);
    assert.deepEqual(broken.after_edit, []);
  });

  await t.test('formatting leaves the buffer as wopt -S prints it', () => {
    assert.equal(loose.capabilities.formatting, true);
    assert.equal(loose.formatted, printed.stdout);
  });

  await t.test('definition at a use of %x answers the line of %x = ...', () => {
    assert.equal(loose.definition.error, undefined, JSON.stringify(loose.definition.error));
    const res = loose.definition.result;
    // a Location, a list of them, or LocationLinks
    const first = Array.isArray(res) ? res[0] : res;
    assert.ok(first, `no location: ${JSON.stringify(res)}`);
    const uri = first.uri ?? first.targetUri;
    const range = first.range ?? first.targetSelectionRange;
    assert.equal(uri, loose.uri);
    assert.deepEqual(range.start, { line: defLine, character: 2 });
  });

  await t.test('hover on %x shows its type and where it is defined', () => {
    assert.equal(loose.hover.error, undefined, JSON.stringify(loose.hover.error));
    const c = loose.hover.result?.contents;
    const text = typeof c === 'string' ? c : Array.isArray(c) ? c.map(x => x.value ?? x).join('\n') : c?.value ?? '';
    assert.match(text, /\bi32\b/);
    assert.ok(text.includes(canonical[defLine].trim()), `hover names the defining line: ${text}`);
  });
});
