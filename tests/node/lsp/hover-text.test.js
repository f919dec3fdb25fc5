// The defining line the server quotes (hover) and the extent it gives a verifier message: a `;`
// inside a quoted string or name is text, not a comment; an argument's line is its function's
// header, shown without the body's brace as the function's own hover shows it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REAL_WASM, haveRealCore, NO_CORE } from '../helpers.js';
import { LspClient } from './client.js';

const env = { WOPT_WASM: REAL_WASM };
const skip = !haveRealCore && NO_CORE;

const GOOD = [
  '@s = constant [4 x i8] c"a;b\\00" ; a comment',
  '',
  'define ptr @f(i32 %"n;m") { ; the body',
  '  %"x;y" = add i32 %"n;m", 1',
  '  ret ptr @s',
  '}',
  '',
].join('\n');
// the verifier rejects the load (!align on an integer); its name holds a `;`
const BROKEN = 'define void @g(ptr %p) {\n  %"v;w" = load i64, ptr %p, !align !0\n  ret void\n}\n!0 = !{i64 8}\n';

test('hover and verifier ranges read a quoted `;` as text', { skip }, async () => {
  const client = new LspClient(env);
  try {
    await client.initialize({});
    const uri = 'file:///work/hover-text.ll';
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'llvm', version: 1, text: GOOD } });
    assert.deepEqual(await client.diagnosticsOf(uri, 1), []);
    const lines = GOOD.split('\n');
    const hover = async (line, needle) => {
      const r = await client.request('textDocument/hover', { textDocument: { uri }, position: { line, character: lines[line].indexOf(needle) + 1 } });
      return r.contents.value;
    };
    // a global whose initializer holds `;`: its whole line, without the comment after it
    const s = await hover(4, '@s');
    assert.ok(s.includes('@s = constant [4 x i8] c"a;b\\00"\n'), s);
    assert.ok(!s.includes('a comment'), s);
    // an instruction named with a `;`
    const x = await hover(3, '%"x;y"');
    assert.ok(x.includes('%"x;y" = add i32 %"n;m", 1\n'), x);
    // an argument: the header, as far as its brace
    const n = await hover(3, '%"n;m"');
    assert.match(n, /argument `i32`/);
    assert.ok(n.includes('define ptr @f(i32 %"n;m")\n'), n);

    const bad = 'file:///work/hover-text-broken.ll';
    client.notify('textDocument/didOpen', { textDocument: { uri: bad, languageId: 'llvm', version: 1, text: BROKEN } });
    const [d] = await client.diagnosticsOf(bad, 1);
    // from the load's name to the end of its line
    const line = BROKEN.split('\n')[1];
    assert.deepEqual(d.range, { start: { line: 1, character: 2 }, end: { line: 1, character: line.length } });
  } finally { await client.close(); }
});
