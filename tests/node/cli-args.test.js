// bindings/cli-args.js: opt-style option parsing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseArgs, helpText, OPTIONS } from '../../bindings/cli-args.js';

test('-passes, --passes, -p, and the separate-value forms are one option; the last wins', () => {
  for (const argv of [['-passes=mem2reg'], ['--passes=mem2reg'], ['-p', 'mem2reg'], ['-p=mem2reg'], ['--passes', 'mem2reg'],
    ['-passes=mergefunc', '-p', 'mem2reg']]) {
    assert.equal(parseArgs(argv).pipeline, 'mem2reg', argv.join(' '));
  }
  assert.equal(parseArgs(['-passes=']).pipeline, '');
  assert.equal(parseArgs([]).pipeline, '');
});

test('legacy pass flags append to the pipeline in command-line order', () => {
  assert.equal(parseArgs(['-mem2reg', '-passes=verify', '-mergefunc']).pipeline, 'verify,mem2reg,mergefunc');
  assert.equal(parseArgs(['-mergefunc=false']).pipeline, '');
  assert.equal(parseArgs(['-O2']).pipeline, 'default<O2>');
});

test('-O# with -passes or a pass flag is refused as opt does', () => {
  assert.throws(() => parseArgs(['-O3', '-passes=mem2reg']), /Cannot specify -O# and --passes=/);
  assert.throws(() => parseArgs(['-O3', '-mem2reg']), /Cannot specify -O#/);
});

test('main flags, -o, positional input, - for stdin, -- ends options', () => {
  const o = parseArgs(['-S', '-o', 'out.ll', '-disable-output', '--disable-verify', '-time-passes', 'in.ll']);
  assert.equal(o.assembly, true);
  assert.equal(o.output, 'out.ll');
  assert.equal(o.disableOutput, true);
  assert.equal(o.disableVerify, true);
  assert.equal(o.timePasses, true);
  assert.equal(o.input, 'in.ll');
  assert.equal(parseArgs(['-']).input, '-');
  assert.equal(parseArgs(['-o', '-']).output, '-');
  assert.equal(parseArgs([]).output, '-');
  assert.equal(parseArgs(['--', '-weird.ll']).input, '-weird.ll');
  assert.equal(parseArgs(['-S=false']).assembly, false);
});

test('pass options are forwarded once each (the last value wins), typed', () => {
  const o = parseArgs(['-mergefunc-use-aliases', '--mergefunc-preserve-debug-info=0', '-mergefunc-verify', '7',
    '--mergefunc-report=r.txt', '-mergefunc-use-aliases=FALSE', '-mtriple=x86_64-pc-linux-gnu']);
  assert.deepEqual(o.forward, [['mergefunc-preserve-debug-info', false], ['mergefunc-verify', 7],
    ['mergefunc-report', 'r.txt'], ['mergefunc-use-aliases', false], ['mtriple', 'x86_64-pc-linux-gnu']]);
});

test('compatibility flags are accepted and change nothing', () => {
  const o = parseArgs(['--try-experimental-debuginfo-iterators', '-preserve-ll-uselistorder', '-stats', '-verify-each',
    '-pass-remarks=x', '-pass-remarks-missed', 'y', '-f', '-S']);
  assert.equal(o.pipeline, '');
  assert.deepEqual(o.forward, []);
  assert.equal(parseArgs(['-pass-remarks-output=r.yaml']).remarksOutput, 'r.yaml');
});

test('errors use opt wording', () => {
  assert.throws(() => parseArgs(['-bogus']), { message: "Unknown command line argument '-bogus'.  Try: 'wopt --help'" });
  assert.throws(() => parseArgs(['--mergefunc-use-aliases-x']), /Unknown command line argument '--mergefunc-use-aliases-x'/);
  assert.throws(() => parseArgs(['-passes']), { message: 'for the --passes option: requires a value!' });
  assert.throws(() => parseArgs(['-o']), { message: 'for the -o option: requires a value!' });
  assert.throws(() => parseArgs(['-S=maybe']), /'maybe' is invalid value for boolean argument! Try 0 or 1/);
  assert.throws(() => parseArgs(['-mergefunc-verify=-1']), /'-1' value invalid for uint argument!/);
  assert.throws(() => parseArgs(['a.ll', 'b.ll']), /Too many positional arguments specified!/);
});

test('--help lists every accepted option', () => {
  const help = helpText();
  for (const o of OPTIONS) for (const n of o.names) assert.match(help, new RegExp(`-${n.replace(/[+]/g, '\\$&')}\\b`), n);
  assert.match(help, /Accepted for compatibility/);
});
