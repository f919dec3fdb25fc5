// The lexer's name cache (assembly/text/lexer.ts: sequences of up to 16 bytes in a two-key table,
// 17 to 24 in a three-key one, longer ones straight to the string table) must never make two
// different names, strings or debug-info field values one: keys pad with zero bytes, so the
// sequences around each boundary, with and without a trailing \00, are printed here exactly as
// opt-N prints them, and each distinct one keeps a node of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { loadWopt } from '../../../bindings/node.js';
import { runModule } from '../../../bindings/driver.js';
import { REAL_WASM, LLVM_VERSIONS, optFor, skipDiff, haveRealCore, NO_CORE } from '../helpers.js';

const word = n => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
const LENGTHS = [1, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33];

function moduleText() {
  const lines = [];
  const md = [];
  // metadata strings, each length with and without a trailing NUL byte
  for (const n of LENGTHS) for (const s of [word(n), `${word(n)}\\00`]) md.push(`!{!"${s}"}`);
  // debug-info field values (kept as their text) of the same lengths: names and numbers
  for (const n of LENGTHS) md.push(`!DIBasicType(name: "${word(n)}", size: ${'1'.repeat(Math.min(n, 18))}, encoding: DW_ATE_unsigned_char)`);
  md.push('!DIBasicType(tag: DW_TAG_unspecified_type, name: "decltype(nullptr)")');
  md.push('!DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)');
  md.push('!DIDerivedType(tag: DW_TAG_rvalue_reference_type, baseType: null, size: 64)');
  // global names around the boundaries
  for (const n of LENGTHS) lines.push(`@${word(n)} = global i32 ${n}`);
  lines.push(`!named = !{${md.map((_, i) => `!${i}`).join(', ')}}`);
  md.forEach((m, i) => lines.push(`!${i} = ${m}`));
  return lines.join('\n') + '\n';
}

const noModuleId = s => s.replace(/^; ModuleID = .*\n/, '').replace(/^source_filename = .*\n/m, '');

test('names, strings and field values around the name cache\'s boundaries stay apart', { skip: !haveRealCore && NO_CORE }, async () => {
  const core = await loadWopt({ wasmPath: REAL_WASM });
  const text = moduleText();
  const r = runModule(core, new TextEncoder().encode(text), { moduleId: 'names.ll' });
  assert.equal(r.ok, true, r.error && r.error.message);
  const out = Buffer.from(r.output).toString();
  // every string node printed once, with its own bytes
  for (const n of LENGTHS) {
    for (const s of [word(n), `${word(n)}\\00`]) assert.equal(out.split(`!{!"${s}"}`).length - 1, 1, s);
    assert.ok(out.includes(`@${word(n)} = global i32 ${n}\n`), word(n));
    assert.ok(out.includes(`!DIBasicType(name: "${word(n)}", size: ${'1'.repeat(Math.min(n, 18))}, encoding: DW_ATE_unsigned_char)`), `DIBasicType ${n}`);
  }
  for (const v of LLVM_VERSIONS) {
    if (skipDiff(v)) continue;
    const want = execFileSync(optFor(v), ['-S', '-', '-o', '-'], { input: text }).toString();
    const got = runModule(core, new TextEncoder().encode(text), { moduleId: '<stdin>', llvmVersion: v });
    assert.equal(noModuleId(Buffer.from(got.output).toString()), noModuleId(want), `opt-${v}`);
  }
});
