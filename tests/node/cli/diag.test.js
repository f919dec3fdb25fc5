// bindings/diag.js: the source and caret lines under a diagnostic, checked against the rules
// LLVM follows and, for each LLVM version N whose opt is installed, against opt-N's own output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { caretLines, formatDiagnostic } from '../../../bindings/diag.js';
import { LLVM_VERSIONS, optFor, haveOpt, noOpt, run, runCli, tempDir, haveRealCore, NO_CORE, versionFlag } from '../helpers.js';

test('caret under the column; tabs expand to 8-column stops', () => {
  assert.deepEqual(caretLines('a\n  ret i32 %x\n', 2, 7), ['  ret i32 %x', '      ^']);
  assert.deepEqual(caretLines('x\n\tret i32 %x ; a\tb\n', 2, 6), ['        ret i32 %x ; a  b', '            ^']);
  assert.deepEqual(caretLines('x\r\n  y\r\n', 2, 3), ['  y', '  ^']);
});

test('with the offset, the line around it: lines end at CR too', () => {
  const text = '; c\rdefine i32 @f() {\r  ret i32 %x\r}\r';
  assert.deepEqual(caretLines(text, 1, 11, text.indexOf('%x')), ['  ret i32 %x', '          ^']);
  assert.deepEqual(caretLines(text, 1, 1, text.length), ['', '^']);
});

test('past the end of input: an empty line and a caret in column 1', () => {
  assert.deepEqual(caretLines('a\nb\n', 3, 1), ['', '^']);
  assert.deepEqual(caretLines('a', 5, 1), ['', '^']);
});

test('no caret line when the source line is not ASCII', () => {
  assert.deepEqual(caretLines('@x = global i32 é 7\n', 1, 17), ['@x = global i32 é 7']);
});

test('formatDiagnostic: with and without a position', () => {
  assert.equal(formatDiagnostic({ file: '<stdin>', line: 1, col: 2, message: 'bad', source: 'xyz\n' }),
    'wopt: <stdin>:1:2: error: bad\nxyz\n ^\n');
  assert.equal(formatDiagnostic({ file: 'a.ll', message: 'Could not open input file' }), 'wopt: a.ll: error: Could not open input file\n');
});

// Inputs opt rejects at known places: tab, tab at a stop, CRLF, end of file, non-ASCII.
const BROKEN = {
  'tab.ll': 'define void @f() {\n\tret i32 %x ; a\tb\n}\n',
  'stop.ll': 'define void @f() {\n  ret i32 %x ; a\tb\n}\n',
  'crlf.ll': 'define void @f() {\r\n  ret i32 %x ; \r\n}\r\n',
  'eof.ll': 'define void @f() {\n  ret void\n',
  'utf8.ll': 'define void @f() {\n  ret void\n}\n@x = global i32 \u00e9 7\n',
};

for (const v of LLVM_VERSIONS) test(`same source and caret lines as opt-${v}`, { skip: !haveOpt(v) && noOpt(v) }, async t => {
  const dir = tempDir(t);
  for (const [name, text] of Object.entries(BROKEN)) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    const r = await run(optFor(v), ['-S', name], { cwd: dir });
    assert.equal(r.code, 1, name);
    const m = r.stderr.match(/^.*?: (\S+):(\d+):(\d+): error: (.*)\n/);
    assert.ok(m, `${name}: ${r.stderr}`);
    const ours = formatDiagnostic({ prog: 'opt', file: m[1], line: +m[2], col: +m[3], message: m[4], source: text });
    assert.equal(ours, r.stderr.replace(/^.*?: /, 'opt: '), name);
  }
});

// In a file with CR-only line ends the line and column alone do not say which line to show: the
// core hands over the error's offset, and the CLI shows the line around it, as opt does.
const LINE_ENDS = {
  'cr.ll': '; c\rdefine i32 @f() {\r  ret i32 %x\r}\r',
  'cr-tab.ll': 'define i32 @f() {\r\tret i32 %x ; a\tb\r}\r',
  'crlf.ll': '; c\r\ndefine i32 @f() {\r\n  ret i32 %x\r\n}\r\n',
  'mixed.ll': '; c\n\rdefine i32 @f() {\n  ret i32 %x ; y\r}\r',
  'cr-eof.ll': 'define i32 @f() {\r  ret i32 1\r',
};
for (const v of LLVM_VERSIONS) test(`CR-only, CRLF and mixed line ends: the CLI's diagnostic is opt-${v}'s`, { skip: (!haveRealCore && NO_CORE) || (!haveOpt(v) && noOpt(v)) }, async t => {
  const dir = tempDir(t);
  for (const [name, text] of Object.entries(LINE_ENDS)) {
    fs.writeFileSync(path.join(dir, name), text);
    const r = await run(optFor(v), ['-S', name], { cwd: dir });
    assert.equal(r.code, 1, name);
    const ours = await runCli([versionFlag(v), '-S', name], { cwd: dir });
    assert.equal(ours.code, 1, name);
    assert.equal(ours.stderr.replace(/^wopt: /, 'opt: '), r.stderr.replace(/^.*?: /, 'opt: '), name);
  }
});
