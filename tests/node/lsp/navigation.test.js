// The language server's navigation (definition, references, highlights, hover, document symbols,
// folding, rename) on real programs — zstd (clang-22 -O0 -g and -O2, clang-19 -O0 -g read as LLVM
// 19), inventory.cpp (clang++-22 -O0 -g), generics.rs (rustc -O0 -g) compiled here — and on
// hand-written IR with every kind of name, a late syntax error and a verifier error. The answers
// are held against an independent reading of the text (oracle.js), not against the core's index.
// Compilers missing: the real programs are skipped, unless WOPT_REQUIRE_LLVM=1 makes that a failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { REPO, REAL_WASM, haveRealCore, NO_CORE, llvmBin, runCli, tempDir, versionFlag } from '../helpers.js';
import { LspClient } from './client.js';
import { scan, withoutComment } from './oracle.js';

const env = { WOPT_WASM: REAL_WASM };
const skipCore = !haveRealCore && NO_CORE;
const required = process.env.WOPT_REQUIRE_LLVM === '1';
const ZSTD = path.resolve(REPO, '../shared/real-programs/zstd/lib');
const clangOf = (v, cxx = false) => path.join(llvmBin(v), cxx ? 'clang++' : 'clang');
const missing = [clangOf(22), clangOf(22, true), clangOf(19)].filter(p => !fs.existsSync(p));
if (!fs.existsSync(ZSTD)) missing.push(ZSTD);
const skipReal = skipCore || (missing.length > 0 && !required && `${missing.join(', ')} not there (apt-get install clang-22 clang-19; ../shared beside the checkout)`);
// rustc on PATH or where rustup puts it; CI installs no Rust, so only its case is left out then
const RUSTC = [process.env.RUSTC, 'rustc', path.join(process.env.HOME ?? '', '.cargo/bin/rustc')]
  .filter(Boolean).find(c => spawnSync(c, ['--version']).status === 0) ?? null;

// ranges as comparable strings
const key = r => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
const rangeOf = t => ({ start: { line: t.line, character: t.start }, end: { line: t.line, character: t.end } });
const sorted = a => [...a].sort();

// A deterministic spread of tokens: up to `perKind` of each kind (definitions and uses alike),
// evenly spaced through the module.
function sample(tokens, perKind) {
  const byKind = new Map();
  for (const t of tokens) {
    const k = t.kind + (t.label ? ':label' : '') + (t.def ? ':def' : '');
    if (!byKind.has(k)) byKind.set(k, []);
    byKind.get(k).push(t);
  }
  const out = [];
  for (const list of byKind.values()) {
    const step = Math.max(1, Math.floor(list.length / perKind));
    for (let i = 0; i < list.length && out.length < 100000; i += step) out.push(list[i]);
  }
  return out;
}

// The type a hover must show for the value an instruction defines, when its text says it plainly.
function instructionType(def) {
  const s = def.replace(/^\S+\s*=\s*/, '');
  let m;
  if (/^alloca\b/.test(s)) return 'ptr';
  if ((m = /^load (?:atomic )?(?:volatile )?(i\d+|ptr|float|double),/.exec(s))) return m[1];
  if (/^[if]cmp \w+ (i\d+|ptr|float|double) /.test(s)) return 'i1';
  if ((m = /^(?:add|sub|mul|and|or|xor|shl|lshr|ashr|udiv|sdiv|urem|srem)(?: nuw| nsw| exact| disjoint)* (i\d+) /.exec(s))) return m[1];
  if ((m = /^(?:tail |musttail |notail )?call (?:(?:noundef|zeroext|signext|noalias|nonnull|fastcc|ccc|inreg|align \d+|dereferenceable\(\d+\)) )*(i\d+|ptr|float|double) @/.exec(s))) return m[1];
  return null;
}

// What a hover shows of a definition's line: without comment, a body's '{', blanks at the ends.
const shownDefinition = (o, d) => withoutComment(o.lines[d.line]).replace(/\s*\{$/, '').trim();

/**
 * Opens `text` and holds the server's answers against the oracle's for a sample of its tokens.
 * `until`: the line of a syntax error — the index runs up to it, so only what comes before counts.
 * Returns the oracle's reading.
 */
async function checkNavigation(client, uri, text, { perKind = 60, until = Infinity, symbols = true } = {}) {
  client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'llvm', version: 1, text } });
  await client.diagnosticsOf(uri, 1);
  const o = scan(text);
  const groups = new Map();
  for (const t of o.tokens) {
    if (t.line >= until) continue;
    if (!groups.has(t.key)) groups.set(t.key, []);
    groups.get(t.key).push(t);
  }
  const at = t => ({ textDocument: { uri }, position: { line: t.line, character: t.start + 1 } });
  const wrong = [];
  const kinds = new Set();
  let typed = 0; // hovers whose type the oracle read off the instruction
  const toks = sample(o.tokens.filter(t => t.line < until), perKind);
  // a few requests at a time: answers come back in order, and a busy machine stays responsive
  for (let i = 0; i < toks.length; i += 25) {
    await Promise.all(toks.slice(i, i + 25).map(async t => {
      const group = groups.get(t.key);
      const defs = group.filter(g => g.def);
      const what = `${t.kind} ${o.lines[t.line].slice(t.start, t.end)} at ${t.line + 1}:${t.start + 1}`;
      const [def, refs, hls, hover] = await Promise.all([
        client.request('textDocument/definition', at(t)),
        client.request('textDocument/references', { ...at(t), context: { includeDeclaration: true } }),
        client.request('textDocument/documentHighlight', at(t)),
        client.request('textDocument/hover', at(t)),
      ]);
      const want = sorted(group.map(g => key(rangeOf(g))));
      const check = (name, got, exp) => { if (JSON.stringify(got) !== JSON.stringify(exp)) wrong.push(`${what}: ${name} ${JSON.stringify(got).slice(0, 300)}, oracle ${JSON.stringify(exp).slice(0, 300)}`); };
      const gotDef = sorted((def ?? []).map(l => { assert.equal(l.uri, uri); return key(l.range); }));
      const fn = o.functions[t.fn];
      if (!defs.length && t.kind === 'local' && t.name.startsWith('#') && fn && !/\(\)/.test(o.lines[fn.line])) {
        // an implicitly numbered argument (`define i32 @h(i32, i32)`) has no name to point at: its
        // definition is the empty range after its parameter, on the define line
        const ok = gotDef.length === 1 && new RegExp(`^${fn.line}:(\\d+)-${fn.line}:\\1$`).test(gotDef[0]);
        if (!ok) wrong.push(`${what}: definition ${JSON.stringify(gotDef)}, want an empty range on line ${fn.line + 1}`);
      } else check('definition', gotDef, sorted(defs.map(d => key(rangeOf(d)))));
      check('references', sorted(refs.map(l => key(l.range))), want);
      check('highlights', sorted(hls.map(h => `${key(h.range)}/${h.kind}`)), sorted(group.map(g => `${key(rangeOf(g))}/${g.def ? 3 : 2}`)));
      if (defs.length === 1) {
        const shown = shownDefinition(o, defs[0]);
        const value = hover?.contents?.value ?? '';
        if (!value.includes(shown)) wrong.push(`${what}: hover ${JSON.stringify(value)} lacks the defining line ${JSON.stringify(shown)}`);
        const type = t.kind === 'local' && !defs[0].label ? instructionType(shown) : null;
        if (type) typed++;
        if (type && !value.includes('`' + type + '`')) wrong.push(`${what}: hover ${JSON.stringify(value)} lacks the type ${type}`);
      }
      kinds.add(t.kind);
    }));
  }
  assert.deepEqual(wrong.slice(0, 12), [], `${wrong.length} wrong answers of ${toks.length * 4}`);

  if (symbols) {
    // every function, global and metadata definition the oracle finds, by name and line
    const got = await client.request('textDocument/documentSymbol', { textDocument: { uri } });
    const have = new Set(got.map(s => `${s.name}@${s.selectionRange.start.line}`));
    const wantSyms = o.tokens.filter(t => t.def && t.line < until && (t.kind === 'global' || t.kind === 'metadata'))
      .map(t => `${o.lines[t.line].slice(t.start, t.end)}@${t.line}`);
    assert.deepEqual(wantSyms.filter(s => !have.has(s)).slice(0, 10), [], 'document symbols the oracle finds');
    const fns = new Set(got.filter(s => s.kind === 12).map(s => `${s.name}@${s.range.start.line}`));
    for (const f of o.functions) if (f.endLine < until) assert.ok(fns.has(`${o.lines[f.line].slice(f.nameTok.start, f.nameTok.end)}@${f.line}`), `function at line ${f.line + 1}`);
    // one folding range per defined function, from its define line to the line before its '}'
    const folds = await client.request('textDocument/foldingRange', { textDocument: { uri } });
    const foldSet = new Set(folds.map(f => `${f.startLine}-${f.endLine}`));
    for (const f of o.functions) {
      if (f.kind !== 'define' || f.endLine >= until || f.endLine - f.line < 2) continue;
      assert.ok(foldSet.has(`${f.line}-${f.endLine - 1}`), `a fold for the function at line ${f.line + 1}`);
    }
  }
  return { o, kinds, sampled: toks.length, typed };
}

// `text` with LSP edits applied
function applyEdits(text, edits) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const off = p => starts[p.line] + p.character;
  const list = edits.map(e => ({ a: off(e.range.start), b: off(e.range.end), s: e.newText })).sort((x, y) => y.a - x.a);
  for (const e of list) text = text.slice(0, e.a) + e.s + text.slice(e.b);
  return text;
}
// a name as LLVM's printer writes it (quoted unless letters, digits, '-', '.', '_' and not a digit
// first); these tests rename nothing that needs escapes
const printed = n => /^[-a-zA-Z._][-a-zA-Z._0-9]*$/.test(n) ? n : `"${n}"`;
const escapeRe = s => s.replace(/[$.*+?()[\]{}|^\\]/g, '\\$&');

/**
 * Renames token `t` (a bare-named local or global) to `newName`; the result reads (wopt -S exits 0)
 * and prints as the original prints with the name replaced (in its function only, for a local).
 */
async function checkRename(client, uri, text, o, t, newName, dir, v) {
  const at = { textDocument: { uri }, position: { line: t.line, character: t.start + 1 } };
  const prep = await client.request('textDocument/prepareRename', at);
  assert.ok(prep, `prepareRename at ${t.line + 1}:${t.start + 1}`);
  const r = await client.request('textDocument/rename', { ...at, newName });
  const renamed = applyEdits(text, r.changes[uri]);
  // the same file name (the printed ModuleID) in two folders
  fs.mkdirSync(path.join(dir, 'orig'), { recursive: true }); fs.mkdirSync(path.join(dir, 'renamed'), { recursive: true });
  const a = path.join(dir, 'orig/m.ll'), b = path.join(dir, 'renamed/m.ll');
  fs.writeFileSync(a, text); fs.writeFileSync(b, renamed);
  const [pa, pb] = await Promise.all([runCli([versionFlag(v), '-S', 'm.ll'], { env, cwd: path.dirname(a) }), runCli([versionFlag(v), '-S', 'm.ll'], { env, cwd: path.dirname(b) })]);
  assert.equal(pa.code, 0, pa.stderr);
  assert.equal(pb.code, 0, `the renamed module reads: ${pb.stderr}`);
  const sigil = t.kind === 'global' ? '@' : '%';
  const written = printed(t.name);
  const tokenRe = new RegExp(`(?<![-a-zA-Z$._0-9])${escapeRe(sigil + written)}(?![-a-zA-Z$._0-9])`, 'g');
  let want = pa.stdout;
  if (t.kind === 'global') want = want.replace(tokenRe, sigil + newName);
  else {
    // only the function's own text, its label lines included
    const fname = printed(o.functions[t.fn].nameTok.name);
    const lines = want.split('\n');
    const first = lines.findIndex(l => /^define\b/.test(l) && l.includes(`@${fname}(`));
    assert.ok(first >= 0, `@${fname} in the print`);
    for (let i = first; i < lines.length; i++) {
      lines[i] = lines[i].replace(tokenRe, sigil + newName).replace(new RegExp(`^${escapeRe(written)}:`), `${newName}:`);
      if (lines[i] === '}') break;
    }
    // and a blockaddress of the function's block, wherever it is
    want = lines.join('\n').replaceAll(`blockaddress(@${fname}, %${written})`, `blockaddress(@${fname}, %${newName})`);
  }
  assert.ok(want !== pa.stdout, 'the name is in the print');
  assert.equal(pb.stdout, want, 'the renamed module prints as the original with the name replaced');
}

// A named token to rename: bare (and without '$', which LLVM prints quoted), not a number, defined
// once and used at least `uses` times.
function renameTarget(o, kind, uses = 2) {
  const count = new Map();
  for (const t of o.tokens) count.set(t.key, (count.get(t.key) ?? 0) + 1);
  return o.tokens.find(t => t.kind === kind && t.def && !t.label && !t.name.startsWith('#') && /^[-a-zA-Z._][-a-zA-Z._0-9]*$/.test(t.name) &&
    !t.name.startsWith('llvm.') && count.get(t.key) > uses);
}

function compile(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')}: ${r.stderr}`);
}

test('navigation on real programs agrees with an independent reading of the text', { skip: skipReal, timeout: 300_000 }, async t => {
  assert.deepEqual(missing, [], 'the compilers and ../shared are there (WOPT_REQUIRE_LLVM=1)');
  const dir = tempDir(t);
  const src = path.join(ZSTD, 'common/entropy_common.c');
  const mods = [
    { name: 'zstd-O0g.ll', v: 22, cmd: [clangOf(22), ['-S', '-emit-llvm', '-O0', '-g', src]] },
    { name: 'zstd-O2.ll', v: 22, cmd: [clangOf(22), ['-S', '-emit-llvm', '-O2', src]] },
    { name: 'zstd-19-O0g.ll', v: 19, cmd: [clangOf(19), ['-S', '-emit-llvm', '-O0', '-g', src]] },
    { name: 'inventory-O0g.ll', v: 22, perKind: 40, cmd: [clangOf(22, true), ['-S', '-emit-llvm', '-std=c++17', '-O0', '-g', path.join(REPO, 'tests/real/inventory.cpp')]] },
  ];
  if (RUSTC) mods.push({ name: 'generics-O0g.ll', v: 22, cmd: [RUSTC, ['--edition=2021', '--crate-type=bin', '--emit=llvm-ir', '-C', 'opt-level=0', '-g', path.join(REPO, 'tests/real/generics.rs')]] });
  else t.diagnostic('rustc not found: generics.rs left out');
  const clients = new Map();
  const clientFor = async v => {
    if (!clients.has(v)) { const c = new LspClient(env); await c.initialize({ llvmVersion: v }); clients.set(v, c); }
    return clients.get(v);
  };
  try {
    for (const m of mods) {
      const file = path.join(dir, m.name);
      compile(m.cmd[0], [...m.cmd[1], '-o', file]);
      const text = fs.readFileSync(file, 'utf8');
      const client = await clientFor(m.v);
      const uri = pathToFileURL(file).href;
      const { o, kinds, sampled, typed } = await checkNavigation(client, uri, text, { perKind: m.perKind ?? 60 });
      for (const k of ['local', 'global', 'metadata', 'attr']) assert.ok(kinds.has(k), `${m.name}: ${k} names sampled`);
      assert.ok(typed >= 10, `${m.name}: ${typed} hovers with a type to check`);
      t.diagnostic(`${m.name}: ${text.length} bytes, ${o.tokens.length} name tokens, ${sampled} sampled (${typed} hover types checked), kinds ${[...kinds].join(' ')}`);
      // renames: a global in zstd at -O0, a local (named ones: rustc's) and a global in generics.rs
      if (m.name === 'zstd-O0g.ll' || m.name.startsWith('generics')) {
        const g = renameTarget(o, 'global', 2);
        await checkRename(client, uri, text, o, g, 'renamed_global', path.join(dir), m.v);
      }
      if (m.name.startsWith('generics')) {
        const l = renameTarget(o, 'local', 2);
        assert.ok(l, 'a named local in rustc\'s output');
        await checkRename(client, uri, text, o, l, 'renamed.local', path.join(dir), m.v);
      }
      client.notify('textDocument/didClose', { textDocument: { uri } });
    }
  } finally { for (const c of clients.values()) await c.close(); }
});

// SQLite (the amalgamation, clang-22 -O0 -g and -O2: 36 and 15 MB of IR) takes a minute or more:
// behind WOPT_LSP_SQLITE=1 (npm run test:real sets it).
const SQLITE = path.resolve(REPO, '../shared/real-programs/sqlite3.c');
const skipSqlite = skipReal || (process.env.WOPT_LSP_SQLITE !== '1' && 'WOPT_LSP_SQLITE=1 runs it (npm run test:real does)');
test('navigation on SQLite (-O0 -g and -O2) agrees with an independent reading of the text', { skip: skipSqlite, timeout: 900_000 }, async t => {
  const dir = tempDir(t);
  const client = new LspClient(env);
  try {
    await client.initialize({ llvmVersion: 22 });
    for (const level of [['-O0', '-g'], ['-O2']]) {
      const file = path.join(dir, `sqlite${level.join('')}.ll`);
      compile(clangOf(22), ['-S', '-emit-llvm', ...level, SQLITE, '-o', file]);
      const text = fs.readFileSync(file, 'utf8');
      const uri = pathToFileURL(file).href;
      const { o, kinds, sampled, typed } = await checkNavigation(client, uri, text, { perKind: 40 });
      for (const k of ['local', 'global', 'metadata', 'attr']) if (level[0] === '-O0') assert.ok(kinds.has(k), `${k} names sampled`);
      t.diagnostic(`sqlite ${level.join(' ')}: ${text.length} bytes, ${o.tokens.length} name tokens, ${sampled} sampled (${typed} hover types checked)`);
      client.notify('textDocument/didClose', { textDocument: { uri } });
    }
  } finally { await client.close(); }
});

// Hand-written: numbered and implicitly numbered values, quoted names, blockaddress, an alias, a
// comdat, numbered globals, a named type used in a body, a forward reference.
const HAND = `; every kind of name
source_filename = "nav.ll"
$cd = comdat any
%T = type { i32, ptr }
%"quoted type" = type { %T }
@0 = private constant [4 x i8] c"a;b\\00"
@g = global i32 1, comdat($cd)
@"g q" = global ptr @0
@a = alias i32, ptr @g
@ba = global ptr blockaddress(@f, %done)
@1 = global ptr @"g q"

define i32 @f(i32 %x, i32 %"arg q") #0 !my.kind !3 {
entry:
  %y = add i32 %x, %"arg q" ; a comment naming %x
  %0 = icmp eq i32 %y, 0
  br i1 %0, label %done, label %"a b"

"a b":                                            ; preds = %entry
  %z = alloca %T
  %w = alloca %"quoted type"
  %1 = load i32, ptr @a
  %"the sum" = add nsw i32 %1, %y
  br label %done

done:
  %r = phi i32 [ %y, %entry ], [ %"the sum", %"a b" ]
  ret i32 %r
}

define i32 @h(i32, i32) {
  %3 = add i32 %0, %1
  %4 = call i32 @f(i32 %3, i32 %0)
  br label %5

5:
  %6 = call i32 @later(i32 %4)
  ret i32 %6
}

declare void @ext(ptr)

define i32 @later(i32 %v) {
  ret i32 %v
}
`;
const TAIL = `
attributes #0 = { nounwind }

!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !{}
`;

test('hand-written IR: every kind of name; a late syntax error; a verifier error', { skip: skipCore, timeout: 60_000 }, async t => {
  const dir = tempDir(t);
  const client = new LspClient(env);
  await client.initialize({});
  try {
    // the whole module, read and verified
    const whole = HAND + TAIL;
    const uri = pathToFileURL(path.join(dir, 'nav.ll')).href;
    const { o, kinds } = await checkNavigation(client, uri, whole, { perKind: 1000 });
    for (const k of ['local', 'global', 'metadata', 'attr', 'comdat', 'type']) assert.ok(kinds.has(k), k);
    await checkRename(client, uri, whole, o, o.tokens.find(x => x.name === 'the sum' && x.def), 'sum', dir, 22);
    await checkRename(client, uri, whole, o, o.tokens.find(x => x.name === 'done' && x.def), 'exit', dir, 22);
    await checkRename(client, uri, whole, o, o.tokens.find(x => x.name === 'g' && x.def), 'gg', dir, 22);

    // a syntax error late: what comes before it still answers
    const lines = HAND.split('\n').length - 1;
    const broken = HAND + 'define void @bad() {\n  %q = frobnicate i32 1\n  ret void\n}\n' + TAIL;
    const uri2 = pathToFileURL(path.join(dir, 'late.ll')).href;
    client.notify('textDocument/didOpen', { textDocument: { uri: uri2, languageId: 'llvm', version: 1, text: broken } });
    const diags = await client.diagnosticsOf(uri2, 1);
    assert.equal(diags[0]?.range.start.line, lines + 1, JSON.stringify(diags));
    client.notify('textDocument/didClose', { textDocument: { uri: uri2 } });
    await checkNavigation(client, pathToFileURL(path.join(dir, 'late2.ll')).href, broken, { perKind: 1000, until: lines + 1, symbols: true });

    // a verifier error (a use its definition does not dominate): everything answers
    const unverified = whole.replace('  ret i32 %r\n', '  %k = add i32 %"the sum", 1\n  ret i32 %r\n');
    const uri3 = pathToFileURL(path.join(dir, 'unverified.ll')).href;
    await checkNavigation(client, uri3, unverified, { perKind: 1000 });
    const d3 = client.notes.find(m => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri3)?.params.diagnostics ?? [];
    assert.match(d3.map(d => d.message).join('\n'), /does not dominate/);
  } finally { await client.close(); }
});
