// `wopt lsp --stdio` in a real editor: headless Neovim (`nvim --headless --clean`, Debian's) runs
// neovim.lua, which attaches the server to llvm buffers as a user's config would. What Neovim ends
// up holding is checked against the CLI: the diagnostics (message, line, byte column) equal
// `wopt -S file.ll -o /dev/null`'s, also on a line with a non-ASCII name before the error (the
// server counts UTF-16, Neovim bytes) and after an edit made in the buffer; formatting through
// Neovim's own command leaves the buffer as `wopt -S` prints it; definition at a use of `%x`
// answers the line of `%x = ...` and hover there shows its type. Then every feature on a real
// program, zstd's decompress/zstd_ddict.c compiled by clang-22 at -O0 -g (value names kept): what
// Neovim's own client gets (vim.lsp.buf_request_sync, vim.lsp.buf.rename) against what the test
// reads from the text with a tokenizer of its own. Skipped when /usr/bin/nvim is missing, unless
// WOPT_REQUIRE_NEOVIM=1 (CI sets it after installing neovim), which makes that a failure; the real
// program's part also when clang-22 or zstd's sources (../shared/real-programs) are missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, CLI, REAL_WASM, haveRealCore, NO_CORE, run, runCli, tempDir } from '../helpers.js';
import { clangFor, ZSTD_LIB, ZSTD_FLAGS, FOLDER_LEVELS } from '../../../bench/real.js';

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
  // opt's end of a verifier report: after reading a module without debug info, and with it (the
  // debug-info upgrade verifies and stops)
  const end = lines.findIndex(l => l.endsWith(': error: input module is broken!') || l === 'LLVM ERROR: Broken module found, compilation aborted!');
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

// ---- a real program ----

const ZSTD_SOURCE = path.join(ZSTD_LIB, 'decompress/zstd_ddict.c');
const clang22 = clangFor(22);
const skipReal = skip || (!clang22 && 'clang-22 not installed') || (!fs.existsSync(ZSTD_SOURCE) && `no zstd sources at ${ZSTD_LIB}`);

// The name tokens of a line of IR: { sigil, name, col, end } (UTF-16 columns) for %local, @global
// and !metadata, outside strings and comments; a block's label `name:` at the line's start is the
// local `name`.
function nameTokens(line) {
  const out = [];
  const label = /^([-a-zA-Z$._0-9]+):/.exec(line);
  if (label) out.push({ sigil: '%', name: label[1], col: 0, end: label[1].length, label: true });
  for (let i = 0; i < line.length;) {
    const ch = line[i];
    if (ch === ';') break;
    if (ch === '"') { const j = line.indexOf('"', i + 1); i = j < 0 ? line.length : j + 1; continue; }
    if ('%@!'.includes(ch)) {
      let j = i + 1;
      if (line[j] === '"') j = line.indexOf('"', j + 1) + 1;
      else while (j < line.length && /[-a-zA-Z$._0-9]/.test(line[j])) j++;
      if (j > i + 1) { out.push({ sigil: ch, name: line.slice(i + 1, j), col: i, end: j }); i = j; continue; }
    }
    i++;
  }
  return out;
}
// The 0-based lines of each function: { name, kind: 'define' | 'declare', line, nameCol, close }
// (close: the line of a body's `}`).
function functionsOf(lines) {
  const out = [];
  lines.forEach((l, n) => {
    const m = /^(define|declare) /.exec(l);
    if (!m) return;
    const t = nameTokens(l).find(x => x.sigil === '@');
    let close = n;
    if (m[1] === 'define') while (lines[close] !== '}') close++;
    out.push({ name: t.name, kind: m[1], line: n, nameCol: t.col, close });
  });
  return out;
}
// the first line in [from, to] matching re, as { line, text }
function lineMatching(lines, re, from = 0, to = lines.length - 1) {
  for (let n = from; n <= to; n++) if (re.test(lines[n])) return { line: n, text: lines[n] };
  assert.fail(`no line matches ${re} in lines ${from + 1}-${to + 1}`);
}
const byteCol = (text, col) => Buffer.byteLength(text.slice(0, col));
const hoverText = r => { const c = r?.result?.contents; return typeof c === 'string' ? c : Array.isArray(c) ? c.map(x => x.value ?? x).join('\n') : c?.value ?? ''; };
const firstLocation = r => { const x = Array.isArray(r) ? r[0] : r; return x && { uri: x.uri ?? x.targetUri, start: (x.range ?? x.targetSelectionRange).start }; };

test('Neovim as the client on a real program: zstd_ddict.c at -O0 -g', { skip: skipReal, timeout: 120000 }, async t => {
  assert.ok(haveNvim, `no Neovim at ${NVIM}, and WOPT_REQUIRE_NEOVIM=1`);
  const dir = tempDir(t);
  const file = path.join(dir, 'zstd_ddict.ll');
  // the bench's -O0 -g (optnone off, so mem2reg runs), value names kept so there are locals to rename
  const cc = await run(clang22, ['-x', 'c', '--target=x86_64-pc-linux-gnu', ...ZSTD_FLAGS, ...FOLDER_LEVELS['-O0 -g'],
    '-fno-discard-value-names', '-fdebug-compilation-dir=.', '-S', '-emit-llvm', ZSTD_SOURCE, '-o', file]);
  assert.equal(cc.code, 0, cc.stderr);
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const fns = functionsOf(lines);

  // One function holds the positions asked at: a named local used in several blocks (and by
  // #dbg_declare), a call to a function defined further down, a call to a declared one.
  const F = fns.find(f => f.name === 'ZSTD_loadEntropy_intoDDict');
  assert.ok(F && F.kind === 'define', 'zstd_ddict.c defines ZSTD_loadEntropy_intoDDict');
  const inF = [];
  for (let n = F.line; n <= F.close; n++) for (const tok of nameTokens(lines[n])) inF.push({ ...tok, line: n });
  const LOCAL = 'ddict.addr';
  const occ = inF.filter(x => x.sigil === '%' && x.name === LOCAL);
  const def = occ.find(x => lines[x.line].slice(x.end).startsWith(' = '));
  const use = occ[occ.length - 1];
  assert.ok(def && occ.length >= 5 && use.line > def.line, `%${LOCAL} is defined and used in ${F.name}`);
  const callee = fns.find(f => f.name === 'MEM_readLE32' && f.kind === 'define');
  const declared = fns.find(f => f.name === 'ZSTD_loadDEntropy' && f.kind === 'declare');
  assert.ok(callee && declared, 'MEM_readLE32 is defined and ZSTD_loadDEntropy declared');
  const call = lineMatching(lines, / call i32 @MEM_readLE32\(/, F.line, F.close);
  const callDeclared = lineMatching(lines, / call i64 @ZSTD_loadDEntropy\(/, F.line, F.close);
  const dbgTok = nameTokens(call.text).filter(x => x.sigil === '!').at(-1); // !dbg !N
  assert.ok(dbgTok && /^\d+$/.test(dbgTok.name), call.text);
  const dbgDef = lineMatching(lines, new RegExp(`^!${dbgTok.name} = `));
  // the load the verifier edit goes on
  const load = lineMatching(lines, /^ {2}%\w+ = load i32, ptr %magic, align 4, !dbg /, F.line, F.close);
  const loadCol = load.text.indexOf(', !dbg');
  const NEW = 'ddictSlot';
  assert.ok(!text.includes(`%${NEW}`));
  assert.ok(!occ.some(x => x.line === load.line), 'the edited line holds no renamed name');

  const at = (line, col) => ({ textDocument: { uri: '$URI' }, position: { line, character: col + 1 } });
  const req = (name, method, params) => ({ kind: 'request', name, method, params });
  const steps = [
    req('defLocal', 'textDocument/definition', at(use.line, use.col)),
    req('defCallee', 'textDocument/definition', at(call.line, call.text.indexOf('@MEM_readLE32'))),
    req('defDeclared', 'textDocument/definition', at(callDeclared.line, callDeclared.text.indexOf('@ZSTD_loadDEntropy'))),
    req('defDbg', 'textDocument/definition', at(call.line, dbgTok.col)),
    req('refs', 'textDocument/references', { ...at(use.line, use.col), context: { includeDeclaration: true } }),
    req('refsUses', 'textDocument/references', { ...at(def.line, def.col), context: { includeDeclaration: false } }),
    req('highlight', 'textDocument/documentHighlight', at(use.line, use.col)),
    req('hoverLocal', 'textDocument/hover', at(use.line, use.col)),
    req('hoverCallee', 'textDocument/hover', at(call.line, call.text.indexOf('@MEM_readLE32'))),
    req('hoverDeclared', 'textDocument/hover', at(callDeclared.line, callDeclared.text.indexOf('@ZSTD_loadDEntropy'))),
    req('symbols', 'textDocument/documentSymbol', { textDocument: { uri: '$URI' } }),
    req('folding', 'textDocument/foldingRange', { textDocument: { uri: '$URI' } }),
    req('formatting', 'textDocument/formatting', { textDocument: { uri: '$URI' }, options: { tabSize: 2, insertSpaces: true } }),
    req('prepareRename', 'textDocument/prepareRename', at(use.line, use.col)),
    req('mem2reg', 'workspace/executeCommand', { command: 'wopt.runPipeline', arguments: [{ uri: '$URI', passes: 'mem2reg', function: `@${F.name}` }] }),
    { kind: 'rename', name: 'rename', line: use.line, col: byteCol(lines[use.line], use.col + 1), new_name: NEW },
    { kind: 'edit', name: 'broken', line: load.line, col: byteCol(load.text, loadCol), end_col: byteCol(load.text, loadCol), text: ', !nonnull !{}' },
  ];
  const job = {
    cmd: [process.execPath, CLI, 'lsp', '--stdio'], root: dir, llvm_version: 22, timeout_ms: 20000,
    files: [{ path: file, steps }],
  };
  const [doc] = (await runNeovim(dir, job)).files;
  assert.deepEqual(doc.diagnostics, [], 'clang\'s module reads and verifies');
  const step = name => {
    const r = doc.steps[name];
    assert.equal(r.error, undefined, `${name}: ${JSON.stringify(r.error)}`);
    return r;
  };
  const here = (line, character) => ({ uri: doc.uri, start: { line, character } });

  await t.test('definition: a local\'s use, a call\'s callee (defined, declared), a !dbg reference', () => {
    assert.deepEqual(firstLocation(step('defLocal').result), here(def.line, def.col));
    assert.deepEqual(firstLocation(step('defCallee').result), here(callee.line, callee.nameCol));
    assert.deepEqual(firstLocation(step('defDeclared').result), here(declared.line, declared.nameCol));
    assert.deepEqual(firstLocation(step('defDbg').result), here(dbgDef.line, 0));
  });

  await t.test('references and highlights of a local: every token of it in its function', () => {
    const key = p => `${p.line}:${p.character}`;
    const want = occ.map(x => `${x.line}:${x.col}`);
    const got = r => r.map(l => { assert.equal(l.uri, doc.uri); return key(l.range.start); }).sort((a, b) => parseInt(a) - parseInt(b) || a.localeCompare(b));
    assert.deepEqual(got(step('refs').result), want);
    assert.deepEqual(got(step('refsUses').result), want.filter(k => k !== `${def.line}:${def.col}`));
    // written at its definition, read elsewhere
    assert.deepEqual(step('highlight').result.map(h => [key(h.range.start), h.kind]), occ.map(x => [`${x.line}:${x.col}`, x === def ? 3 : 2]));
  });

  await t.test('hover: a local\'s type and defining line; a callee\'s define and declare lines', () => {
    const local = hoverText(step('hoverLocal'));
    assert.match(local, /`ptr`/, 'an alloca is a ptr');
    assert.ok(local.includes(lines[def.line].trim()), local);
    const header = l => l.replace(/\s*;.*$/, '').replace(/\s*\{$/, '').trim();
    const c = hoverText(step('hoverCallee'));
    assert.ok(c.includes(header(lines[callee.line])), c);
    const d = hoverText(step('hoverDeclared'));
    assert.ok(d.includes(header(lines[declared.line])), d);
  });

  await t.test('document symbols: every define and declare at its line; a fold per define', () => {
    const symbols = step('symbols').result.filter(s => s.kind === 12);
    assert.deepEqual(symbols.map(s => [s.name, s.range.start.line, s.selectionRange.start.line, s.selectionRange.start.character]),
      fns.map(f => [`@${f.name}`, f.line, f.line, f.nameCol]));
    const folds = step('folding').result;
    const defines = fns.filter(f => f.kind === 'define');
    const fnLines = new Set(fns.map(f => f.line));
    // the body folds from the header to the line before its `}`; a declare has nothing to fold
    assert.deepEqual(folds.filter(r => fnLines.has(r.startLine)).map(r => [r.startLine, r.endLine]), defines.map(f => [f.line, f.close - 1]));
  });

  await t.test('formatting: the module as wopt -S prints it', async () => {
    const printed = await runCli(['-S', 'zstd_ddict.ll'], { cwd: dir, env });
    assert.equal(printed.code, 0, printed.stderr);
    const edits = step('formatting').result;
    assert.equal(edits.length, 1);
    assert.equal(edits[0].newText, printed.stdout);
  });

  await t.test('wopt.runPipeline mem2reg on one function: that function as the CLI makes it, the others as printed, the result reads', async () => {
    const r = step('mem2reg').result;
    assert.equal(r.ok, true, JSON.stringify(r.diagnostics));
    assert.deepEqual(r.passes.map(p => [p.name, p.unit, p.changed]), [['mem2reg', F.name, true]]);
    // each definition, metadata numbers aside (the printer numbers nodes in the module it prints)
    const defs = text => new Map([...text.matchAll(/^define [^\n]*@([\w.$]+)\([\s\S]*?\n}\n/gm)].map(m => [m[1], m[0].replace(/!\d+/g, '!N')]));
    const got = defs(r.text);
    const plain = await runCli(['-S', 'zstd_ddict.ll'], { cwd: dir, env });
    const all = await runCli(['-S', '-passes=mem2reg', 'zstd_ddict.ll'], { cwd: dir, env });
    assert.equal(plain.code, 0, plain.stderr);
    assert.equal(all.code, 0, all.stderr);
    const unchanged = defs(plain.stdout), changed = defs(all.stdout);
    assert.deepEqual([...got.keys()], [...unchanged.keys()]);
    for (const [name, def] of got) assert.equal(def, name === F.name ? changed.get(name) : unchanged.get(name), name);
    assert.doesNotMatch(got.get(F.name), /alloca/);
    assert.match(lines.slice(F.line, F.close).join('\n'), / = alloca /);
    // the printer's comment above the header once
    const out = r.text.split('\n');
    const n = out.findIndex(l => l.startsWith(`define internal i64 @${F.name}(`));
    assert.ok(!out[n - 2]?.startsWith('; Function Attrs:'), 'one attributes comment');
    // and the whole text reads, its debug info intact
    fs.writeFileSync(path.join(dir, 'one-function.ll'), r.text);
    const again = await runCli(['-S', 'one-function.ll', '-o', '/dev/null'], { cwd: dir, env });
    assert.equal(again.code, 0, again.stderr);
    assert.doesNotMatch(again.stderr, /invalid debug info/);
  });

  await t.test('rename through vim.lsp.buf.rename: every occurrence in the function, the result reads', async () => {
    const prep = step('prepareRename').result;
    assert.deepEqual(prep.start ?? prep.range?.start, { line: use.line, character: use.col });
    const r = step('rename');
    // the text the test expects: each token of the old name in the function written with the new one
    const want = lines.slice();
    for (const x of [...occ].reverse()) want[x.line] = want[x.line].slice(0, x.col) + `%${NEW}` + want[x.line].slice(x.end);
    assert.equal(r.text, want.join('\n').replace(/\n*$/, '\n'));
    const renamed = r.text.split('\n');
    assert.ok(!renamed.slice(F.line, F.close + 1).some(l => nameTokens(l).some(x => x.sigil === '%' && x.name === LOCAL)), 'the old name is gone from the function');
    assert.ok(renamed.some(l => l.includes(`%${LOCAL}`)), 'other functions keep theirs');
    assert.deepEqual(r.diagnostics, []);
    fs.writeFileSync(path.join(dir, 'renamed.ll'), r.text);
    const cli = await runCli(['-S', 'renamed.ll', '-o', '/dev/null'], { cwd: dir, env });
    assert.equal(cli.code, 0, cli.stderr);
  });

  await t.test('a verifier error made by an edit sits on the edited instruction', async () => {
    const r = step('broken');
    assert.equal(r.text.split('\n')[load.line], load.text.slice(0, loadCol) + ', !nonnull !{}' + load.text.slice(loadCol));
    fs.writeFileSync(path.join(dir, 'broken-load.ll'), r.text);
    const want = await cli(dir, 'broken-load.ll');
    assert.notEqual(want.code, 0);
    assert.match(want.verifier, /^nonnull applies only to pointer types$/m);
    assert.deepEqual(r.diagnostics.map(d => [d.lnum, d.col, d.severity]), [[load.line, 2, 1]]);
    assert.equal(r.diagnostics.map(d => d.message).join('\n').trimEnd(), want.verifier);
  });
});
