// `wopt --help`, `wopt repo --help` and the notes wopt adds after opt's own message: opt's line
// stays first and unchanged (compared with opt-22's where it is installed); wopt's hint follows it
// as a `wopt: note: ...` line of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { runCli, run, optFor, haveOpt, haveRealCore, NO_CORE, tempDir, REPO } from '../helpers.js';

const skip = !haveRealCore && NO_CORE;
const SAMPLE = path.join(REPO, 'examples/sample.ll');
const lines = s => s.split('\n');

/** opt-22's stderr for the same arguments, its program name as wopt's; null without opt-22. */
async function optStderr(args) {
  if (!haveOpt(22)) return null;
  const o = await run(optFor(22), args);
  return o.stderr.replace(/^\S*opt: /gm, 'wopt: ');
}

test('--help says what wopt follows and reads, and lists every command and mode', { skip }, async () => {
  const h = await runCli(['--help']);
  assert.equal(h.code, 0, h.stderr);
  assert.doesNotMatch(h.stdout, /LLVM 19 opt|textual IR \(\.ll\)\s*$/m, 'not the old overview');
  assert.match(h.stdout, /follows LLVM 22's opt \(LLVM 19's with\s+--llvm-version=19\)/);
  assert.match(h.stdout, /textual IR \(\.ll\) and bitcode \(\.bc\)/);
  assert.match(h.stdout, /^USAGE: wopt \[options\] \[<input \.ll or \.bc file> \| -\]$/m);
  for (const usage of ['wopt repo link --repo=<file>', 'wopt repo stats --repo=<file> [--json]', 'wopt --cross-module-report',
    '-output-dir=<dir> [-j N] [--across-modules [--emit-cgdata=<file>]]']) assert.ok(h.stdout.includes(usage), usage);
  assert.match(h.stdout, /directories \(their \.ll and \.bc files, recursively\)/);
  assert.match(h.stdout, /^ {2}--across-modules: global-merge-func merges across the whole batch/m);
  assert.match(h.stdout, /^ {2}--emit-cgdata=<file> also writes that map/m);
  assert.match(h.stdout, /^REPOSITORY:$/m);
  // a pass of one LLVM version only says so
  assert.match(h.stdout, /module pass {7}global-merge-func .*LLVM 22/);
});

test('wopt repo --help, repo link --help and repo stats --help print the repository commands', async () => {
  for (const args of [['repo'], ['repo', '--help'], ['repo', '-h'], ['repo', 'help'], ['repo', 'link', '--help'],
    ['repo', 'link', '--repo=x.db', '-help'], ['repo', 'stats', '--help'], ['repo', 'stats', '-h']]) {
    const r = await runCli(args);
    assert.deepEqual([r.code, r.stderr], [0, ''], args.join(' '));
    assert.match(r.stdout, /^USAGE: wopt repo link --repo=<file> .*\n {7}wopt repo stats --repo=<file> \[--json\]\n/, args.join(' '));
  }
  const bad = await runCli(['repo', 'lnk']);
  assert.deepEqual([bad.code, bad.stdout], [1, '']);
  assert.equal(bad.stderr, "wopt: error: unknown repo command 'lnk' (expected link, stats or maps)\nwopt: note: wopt repo --help describes them\n");
});

test('a bad enum value: opt\'s message, then the values the option takes', async () => {
  for (const args of [['--llvm-version=20', '-S', SAMPLE], ['repo', 'link', '--repo=x.db', '--llvm-version=20', SAMPLE]]) {
    const r = await runCli(args);
    assert.deepEqual([r.code, r.stdout], [1, ''], args.join(' '));
    assert.equal(r.stderr, "wopt: for the --llvm-version option: Cannot find option named '20'!\nwopt: note: --llvm-version takes 19 or 22\n");
  }
  const p = await runCli(['-S', '--print-changed=bogus', SAMPLE]);
  const [first, note] = lines(p.stderr);
  assert.equal(first, "wopt: for the --print-changed option: Cannot find option named 'bogus'!");
  assert.equal(note, 'wopt: note: --print-changed takes changed or quiet (or no value: --print-changed alone)');
  const o = await optStderr(['-S', '--print-changed=bogus', SAMPLE, '-o', '/dev/null']);
  if (o !== null) assert.equal(lines(o)[0], first, 'opt-22 says the same first');
});

test('a directory as the input without -output-dir: opt\'s message, then batch mode', async t => {
  const dir = tempDir(t);
  const r = await runCli(['-S', dir]);
  assert.deepEqual([r.code, r.stdout], [1, '']);
  const [first, note, ...rest] = lines(r.stderr);
  assert.equal(first, `wopt: ${dir}: error: Could not open input file: Is a directory`);
  assert.match(note, /^wopt: note: to run every module in a directory .*use batch mode: -output-dir=/);
  assert.deepEqual(rest, ['']);
  const o = await optStderr(['-S', dir]);
  if (o !== null) assert.equal(lines(o)[0], first, 'opt-22 says the same first');
});

test('pipeline errors: opt\'s line, then what wopt knows (module pass in a function pipeline, a near name, its passes)', { skip }, async t => {
  const cases = [
    ['function(mergefunc)', "wopt: unknown function pass 'mergefunc'", /^wopt: note: mergefunc is a module pass, and this is a function pipeline .*-passes='function\(mem2reg\),mergefunc'$/],
    ['mem2reg,global-merge-func', "wopt: unknown function pass 'global-merge-func'", /^wopt: note: global-merge-func is a module pass/],
    ['mem2rg', "wopt: unknown pass name 'mem2rg'", /^wopt: note: did you mean 'mem2reg'\? /],
    ['frobnicate', "wopt: unknown pass name 'frobnicate'", /^wopt: note: the passes wopt has: .*\bmergefunc\b.*\bmem2reg\b.*-print-passes/],
    ['mergefunc,frob', "wopt: unknown module pass 'frob'", /^wopt: note: the passes wopt has: /],
  ];
  for (const [passes, first, note] of cases) {
    const r = await runCli(['-S', `-passes=${passes}`, SAMPLE]);
    assert.deepEqual([r.code, r.stdout], [1, ''], passes);
    const got = lines(r.stderr);
    assert.equal(got.length, 3, `${passes}: two lines\n${r.stderr}`);
    assert.equal(got[0], first, passes);
    assert.match(got[1], note, passes);
    const o = await optStderr(['-S', `-passes=${passes}`, SAMPLE]);
    if (o !== null) assert.equal(o, `${first}\n`, `${passes}: opt-22 prints the first line alone`);
  }
  // an LLVM pass wopt does not have: the same note (opt-22 runs it)
  const sroa = await runCli(['-S', '-passes=sroa', SAMPLE]);
  assert.match(sroa.stderr, /^wopt: unknown pass name 'sroa'\nwopt: note: the passes wopt has: [^\n]*\n$/);
  // batch mode: each module's diagnostic alone (the note would repeat for every module)
  const b = await runCli(['-S', '-passes=mem2rg', '-q', `-output-dir=${tempDir(t)}`, SAMPLE]);
  assert.equal(b.code, 1);
  assert.match(b.stderr, /^wopt: unknown pass name 'mem2rg'$/m);
  assert.doesNotMatch(b.stderr, /note:/);
});
