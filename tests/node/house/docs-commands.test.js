// The commands shown in README.md and docs/*.md run as written.
//
// The convention (docs/TESTING.md, "Commands in the documentation"):
// - A fenced block whose info string is `sh` is a transcript. Each line starting with `$ ` is a
//   command; the lines after it, up to the next `$ ` line, are what it prints (stdout and stderr
//   together, in order). A line `...` stands for any number of lines; a last line
//   `(exit status N)` is the exit status the command must have (otherwise 0). A command with no
//   lines after it is checked for its exit status only. Times and speeds (`0.02 s`, `0.5 MB/s`,
//   `12 ms`) are compared as numbers of any value; every other character must match.
// - A fenced block whose info string is `js run` is a Node ES module: it must run and exit 0.
// - Blocks with any other info string (or none) are not run: synopses, `npm install`, servers.
//
// The commands of one file run one after the other in one temporary directory, which holds the
// inputs the documentation names (fixtures from this repository, below), `node_modules/wopt` (this
// checkout) and `node_modules/.bin/wopt` (on PATH, so `wopt` and `npx wopt` run this checkout's
// CLI), and a `bindings` link (so `node bindings/cli.js`, the checkout's form, works too).
// A command that calls an LLVM tool which is not installed (clang-22, opt-22, llvm-cgdata-22, ...)
// is skipped with a message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, haveRealCore, NO_CORE, run, tempDir } from '../helpers.js';

/** The documentation files whose commands run: README.md and every docs/*.md. */
export function docFiles() {
  const docs = fs.readdirSync(path.join(REPO, 'docs')).filter(f => f.endsWith('.md')).sort().map(f => `docs/${f}`);
  return ['README.md', ...docs];
}

/** The fenced blocks of a markdown text: { info, lines, line } (line: 1-based, of the opening fence). */
export function fencedBlocks(md) {
  const out = [];
  const lines = md.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = lines[i].match(/^(`{3,}|~{3,})\s*(.*)$/);
    if (!open) continue;
    const fence = open[1];
    const closes = l => { const t = l.trim(); return t.length >= fence.length && t === fence[0].repeat(t.length); };
    const body = [];
    let j = i + 1;
    while (j < lines.length && !closes(lines[j])) body.push(lines[j++]);
    out.push({ info: open[2].trim(), lines: body, line: i + 1 });
    i = j;
  }
  return out;
}

/**
 * The commands of an `sh` block: [{ cmd, expected: string[] | null, status }]. Throws when the block
 * does not start with a `$ ` line (a command shown without its prompt would silently not run).
 */
export function transcript(block) {
  const cmds = [];
  for (const [i, l] of block.lines.entries()) {
    if (l.startsWith('$ ')) { cmds.push({ cmd: l.slice(2).trim(), expected: [], status: 0, line: block.line + 1 + i }); continue; }
    if (cmds.length === 0) {
      if (l.trim() === '') continue;
      throw new Error(`line ${block.line}: an sh block must start with a "$ " command line, not ${JSON.stringify(l)}`);
    }
    cmds[cmds.length - 1].expected.push(l);
  }
  for (const c of cmds) {
    while (c.expected.length && c.expected[c.expected.length - 1].trim() === '') c.expected.pop();
    const st = c.expected.length ? c.expected[c.expected.length - 1].match(/^\(exit status (\d+)\)$/) : null;
    if (st) { c.status = Number(st[1]); c.expected.pop(); }
    if (c.expected.length === 0) c.expected = null;
    if (/\\$/.test(c.cmd)) throw new Error(`line ${block.line}: "${c.cmd}": continued command lines are not supported`);
  }
  return cmds;
}

/** Times and speeds as placeholders, so that a shown run matches any run: "0.02 s", "12 ms", "0.5 MB/s". */
const normalizeLine = s => s.replace(/\d+(?:\.\d+)?( ?)(MB\/s|ms|s)\b/g, '<n>$1$2');

/** Whether `actual` lines match the `expected` lines (`...` = any number of lines). */
export function outputMatches(expected, actual) {
  const e = expected.map(normalizeLine), a = actual.map(normalizeLine);
  const memo = new Map();
  const m = (i, j) => {
    const k = i * (a.length + 1) + j;
    if (memo.has(k)) return memo.get(k);
    let r;
    if (i === e.length) r = j === a.length;
    else if (e[i] === '...') r = m(i + 1, j) || (j < a.length && m(i, j + 1));
    else r = j < a.length && e[i] === a[j] && m(i + 1, j + 1);
    memo.set(k, r);
    return r;
  };
  return m(0, 0);
}

/** LLVM tools a command calls: words like clang-22, opt-19, llc-22, llvm-cgdata-22 in command position. */
export function llvmToolsOf(cmd) {
  return cmd.split(/\|\||&&|[|;]/).map(s => s.trim().split(/\s+/)[0])
    .filter(w => /^(clang(\+\+)?|opt|llc|lld|llvm-[a-z-]+)-\d+$/.test(w));
}
const haveTool = t => spawnSync('sh', ['-c', `command -v ${t}`]).status === 0;

/** A documented command may not run longer than this (a server shown in an `sh` block would never end). */
const COMMAND_TIMEOUT_MS = 180_000;

/**
 * Runs `cmd` with bash in `cwd`, stdout and stderr into one pipe (so their order is kept); resolves
 * { code, output }. Past COMMAND_TIMEOUT_MS the command and its children are killed (code null).
 */
function runShown(cmd, { cwd, env }) {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `exec 2>&1\n${cmd}`], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    const out = [];
    const timer = setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch {} }, COMMAND_TIMEOUT_MS);
    child.stdout.on('data', d => out.push(d));
    child.on('error', e => { clearTimeout(timer); reject(e); });
    child.on('close', code => { clearTimeout(timer); resolve({ code, output: Buffer.concat(out).toString() }); });
  });
}

const GMF = 'tests/fixtures/gmf22/across';
/** The inputs the documentation names, from this repository: name in the temp dir -> source. */
const INPUTS = {
  'in.ll': 'examples/sample.ll',
  'net.ll': `${GMF}/net.ll.in`, 'disk.ll': `${GMF}/disk.ll.in`, 'cpu.ll': `${GMF}/cpu.ll.in`,
  'net.c': `${GMF}/net.c`, 'disk.c': `${GMF}/disk.c`, 'cpu.c': `${GMF}/cpu.c`, 'common.h': `${GMF}/common.h`,
  ...Object.fromEntries(['a', 'b', 'c', 'd', 'main'].map(m => [`src/${m}.ll`, `tests/fixtures/xmod/ll22/${m}.ll`])),
};
/** Inputs written out here: a module with a parse error, and one only LLVM 21 and later can hold. */
const WRITTEN = {
  'bad.ll': 'define i32 @f() {\n  ret i32 %x\n}\n',
  'f.ll': 'declare void @f(ptr captures(address))\n',
};

function setUp(dir) {
  for (const [name, src] of Object.entries(INPUTS)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.copyFileSync(path.join(REPO, src), path.join(dir, name));
  }
  for (const [name, text] of Object.entries(WRITTEN)) fs.writeFileSync(path.join(dir, name), text);
  fs.mkdirSync(path.join(dir, 'node_modules/.bin'), { recursive: true });
  fs.symlinkSync(REPO, path.join(dir, 'node_modules/wopt'));
  fs.symlinkSync(path.join(REPO, 'bindings/cli.js'), path.join(dir, 'node_modules/.bin/wopt'));
  fs.symlinkSync(path.join(REPO, 'bindings'), path.join(dir, 'bindings'));
}

// The parsing rules themselves, so that a mistake in them cannot make the test pass by running nothing.
test('docs commands: transcripts, exit statuses and output matching', () => {
  const [b] = fencedBlocks('x\n```sh\n$ wopt a\nout 1\n...\n$ wopt b\n(exit status 1)\n$ cmp x y\n```\n```js run\nconsole.log(1)\n```\n');
  assert.equal(b.info, 'sh');
  assert.deepEqual(transcript(b), [
    { cmd: 'wopt a', expected: ['out 1', '...'], status: 0, line: 3 },
    { cmd: 'wopt b', expected: null, status: 1, line: 6 },
    { cmd: 'cmp x y', expected: null, status: 0, line: 8 },
  ]);
  assert.throws(() => transcript({ info: 'sh', lines: ['wopt -S x.ll'], line: 1 }), /must start with a "\$ " command/);
  assert.ok(outputMatches(['a', '...', 'z'], ['a', 'b', 'c', 'z']));
  assert.ok(outputMatches(['...'], []));
  assert.ok(!outputMatches(['a', 'z'], ['a', 'b', 'z']));
  assert.ok(!outputMatches(['a'], ['a', 'b']));
  assert.ok(outputMatches(['3 modules; 0.01 MB in 0.02 s (0.5 MB/s), 1 job'], ['3 modules; 0.01 MB in 1.75 s (0.1 MB/s), 1 job']));
  assert.ok(!outputMatches(['3 modules; 0.01 MB in 0.02 s'], ['4 modules; 0.01 MB in 0.02 s']));
  assert.ok(!outputMatches(['5 functions merged'], ['4 functions merged']));
  assert.deepEqual(llvmToolsOf('clang-22 -O2 -c x.c && llvm-cgdata-22 --show a | wopt -S'), ['clang-22', 'llvm-cgdata-22']);
});

test('README.md has commands to run, and the API example', () => {
  const blocks = fencedBlocks(fs.readFileSync(path.join(REPO, 'README.md'), 'utf8'));
  const cmds = blocks.filter(b => b.info === 'sh').flatMap(transcript);
  assert.ok(cmds.length >= 10, `README.md: only ${cmds.length} commands in sh blocks`);
  assert.ok(blocks.some(b => /^js\s+run\b/.test(b.info)), 'README.md: no `js run` block');
});

for (const file of docFiles()) {
  const blocks = fencedBlocks(fs.readFileSync(path.join(REPO, file), 'utf8'))
    .filter(b => b.info === 'sh' || /^js\s+run\b/.test(b.info));
  if (blocks.length === 0) continue;
  test(`${file}: the commands shown run as written`, { skip: !haveRealCore && NO_CORE }, async t => {
    const dir = tempDir(t);
    setUp(dir);
    const env = { PATH: `${path.join(dir, 'node_modules/.bin')}:${process.env.PATH}` };
    let snippet = 0;
    for (const block of blocks) {
      if (block.info !== 'sh') {
        const name = `snippet-${++snippet}.mjs`;
        fs.writeFileSync(path.join(dir, name), block.lines.join('\n') + '\n');
        await t.test(`${file}:${block.line}: js block`, async () => {
          const r = await run(process.execPath, [name], { cwd: dir, env });
          assert.equal(r.code, 0, `${file}:${block.line}: the js block failed\n${r.stderr}`);
        });
        continue;
      }
      for (const c of transcript(block)) {
        const missing = llvmToolsOf(c.cmd).filter(tool => !haveTool(tool));
        const where = `${file}:${c.line}`;
        await t.test(`${where}: $ ${c.cmd}`, { skip: missing.length ? `${missing.join(', ')} not installed` : false }, async () => {
          const r = await runShown(c.cmd, { cwd: dir, env });
          const out = r.output.replace(/\n$/, '').split('\n').filter((l, i, a) => !(a.length === 1 && l === ''));
          assert.notEqual(r.code, null, `${where}: $ ${c.cmd}\nkilled after ${COMMAND_TIMEOUT_MS / 1000} s`);
          assert.equal(r.code, c.status, `${where}: $ ${c.cmd}\nexit status ${r.code}, expected ${c.status}\n${r.output}`);
          if (c.expected) {
            assert.ok(outputMatches(c.expected, out),
              `${where}: $ ${c.cmd}\n--- shown:\n${c.expected.join('\n')}\n--- printed:\n${out.join('\n')}`);
          }
        });
      }
    }
  });
}
