// The reader's module-level checks, where opt's parser rejects what wopt used to read: a comdat
// used but never defined (the first by name, at its first use) or defined twice; `target` and
// `source_filename` lines after other entities; the order of LLParser's end-of-module errors
// (blockaddresses of functions without a body, at the function's name; undefined types; comdats;
// globals); a blockaddress naming an undefined block; and the data-layout string, whose messages
// LLVM 22 rewrote (component counts, sizes, alignments, pointer flags and address-space names).
// Each case gives opt's message and position (one per LLVM version where they differ) or null when
// the module is fine (then it prints as opt prints it). Compared with opt-N where it is installed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { LLVM_VERSIONS, haveOpt, optFor, runCli, versionFlag, haveRealCore, NO_CORE } from '../helpers.js';

const dl = s => `target datalayout = "${s}"`;
const CASES = [
  // comdats
  ['@g = global i32 0, comdat($c)\n@h = global ptr @nope', ['1:27', "use of undefined comdat '$c'"]],
  ['@g = global i32 0, comdat($z)\n@h = global i32 0, comdat($c)\n@k = global i32 0, comdat($z)', ['2:27', "use of undefined comdat '$c'"]],
  ['define void @f() comdat {\n  ret void\n}', ['1:18', "use of undefined comdat '$f'"]],
  ['@g = global i32 0, comdat($c)\n$c = comdat any', null],
  ['$c = comdat any\n$c = comdat largest', ['2:1', "redefinition of comdat '$c'"]],
  // target lines first
  ['@g = global i32 0\ntarget triple = "x86_64-unknown-linux-gnu"', ['2:1', 'expected top-level entity']],
  ['!0 = !{}\ntarget datalayout = "e"', ['2:1', 'expected top-level entity']],
  ['declare void @f()\nsource_filename = "x"', ['2:1', 'expected top-level entity']],
  ['source_filename = "a"\ntarget datalayout = "e"\ntarget triple = "x86_64-unknown-linux-gnu"\n@g = global i32 0', null],
  // end of module, in LLParser's order
  ['%T = type %U\n@k = global ptr @nope', ['1:11', "use of undefined type named 'U'"]],
  ['@f = global ptr blockaddress(@x, %bb)\n%T = type %U', ['1:30', 'expected function name in blockaddress']],
  ['@f = global ptr blockaddress(@z, %bb)\n@g = global ptr blockaddress(@a, %bb)', ['2:30', 'expected function name in blockaddress']],
  ['@f = global ptr blockaddress(@f2, %bb)\ndefine void @f2() {\n  ret void\n}', ['1:35', "use of undefined value '%bb'"]],
  ['@f = global ptr blockaddress(@f2, %x)\ndefine void @f2(i32 %x) {\n  ret void\n}', ['1:35', 'referenced value is not a basic block']],
  // metadata at the top level (LLVM lexes `!N` as '!' and a number)
  ['!{}', ['1:2', 'expected integer']],
  ['! 0 = !{}\n!n = !{! 0}', null],
  ['!0 = !0', ['1:7', "expected '{' here"]],
  ['!0 = i32 0', ['1:6', 'unexpected type in metadata definition']],
  ['!0 = foo', ['1:6', "Expected '!' here"]],
  ['!0 = !{i32 0}\n!0 = !{i32 1} ; again\n@g = global i32 0', ['3:1', 'Metadata id is already used']],
  ['!0 = !{!1}', ['1:9', "use of undefined metadata '!1'"]],
  ['!0 = !{metadata !"x"}', ['1:8', 'invalid metadata-value-metadata roundtrip']],
  ['!0 = !{i32 0, void 0}', ['1:15', 'void type only allowed for function results']],
  ['!0 = !{i32 %x}', ['1:12', 'invalid use of function-local name']],
  ['!0 = !{}\n!n = !{!0, !"x"}', ['2:13', 'expected integer']],
  ['!n = !{!DIFile(filename: "a", directory: "b")}', ['1:8', "Expected '!' here"]],
  ['!n = !{!DIExpression(DW_OP_deref)}', null],
  ['!n = !{!DIArgList()}', ['1:8', 'found DIArgList outside of function']],
  ['!n = {}', ['1:6', "Expected '!' here"]],
  ['!n = !{!0 !1}', ['1:11', 'expected end of metadata node']],
  // data layout strings
  [dl('e-p:32'), ['1:21', { 19: 'Missing alignment specification for pointer in datalayout string', 22: 'malformed specification, must be of the form "p[<n>]:<size>:<abi>[:<pref>[:<idx>]]"' }]],
  [dl('e-p:64:64:64:64:32'), { 19: null, 22: ['1:21', 'malformed specification, must be of the form "p[<n>]:<size>:<abi>[:<pref>[:<idx>]]"'] }],
  [dl('x'), ['1:21', { 19: 'Unknown specifier in datalayout string', 22: "unknown specifier 'x'" }]],
  [dl('e-i64:64:32'), ['1:21', { 19: 'Preferred alignment cannot be less than the ABI alignment', 22: 'preferred alignment cannot be less than the ABI alignment' }]],
  [dl('e-i:64'), { 19: null, 22: ['1:21', 'size component cannot be empty'] }],
  [dl('e-S7'), ['1:21', { 19: 'number of bits must be a byte width multiple', 22: 'stack natural alignment must be a power of two times the byte width' }]],
  [dl('e--'), ['1:21', { 19: 'Trailing separator in datalayout string', 22: 'empty specification is not allowed' }]],
  [dl('e-i8:16'), ['1:21', { 19: 'Invalid ABI alignment, i8 must be naturally aligned', 22: 'i8 must be 8-bit aligned' }]],
  [dl('e-p:16777216:8'), { 19: null, 22: ['1:21', 'pointer size must be a non-zero 24-bit integer'] }],
  [dl('e-Fz8'), ['1:21', { 19: 'Unknown function pointer alignment type in datalayout string', 22: "unknown function pointer alignment type 'z'" }]],
  [dl('e-m:q'), ['1:21', { 19: 'Unknown mangling in datalayout string', 22: 'unknown mangling mode' }]],
  [dl('e-ni:0'), ['1:21', { 19: 'Address space 0 can never be non-integral', 22: 'address space 0 cannot be non-integral' }]],
  [dl('e-a1:8'), ['1:21', { 19: 'Sized aggregate specification in datalayout string', 22: 'size must be zero' }]],
  [dl('e-ee'), { 19: null, 22: ['1:21', "malformed specification, must be just 'e' or 'E'"] }],
  [dl('e-pu:64:64'), ['1:21', { 19: 'not a number, or does not fit in an unsigned int', 22: 'address space 0 cannot be unstable or have external state' }]],
  [dl('e-pz1:64:64'), ['1:21', { 19: 'not a number, or does not fit in an unsigned int', 22: "'z' is not a valid pointer specification flag" }]],
  [dl('e-p1(P):64:64'), ['1:21', { 19: 'not a number, or does not fit in an unsigned int', 22: 'Cannot use predefined address space names P/G/A in data layout' }]],
  [dl('e-p1(x):64:64-p2(x):64:64'), ['1:21', { 19: 'not a number, or does not fit in an unsigned int', 22: 'address space name `x` already used' }]],
  [dl('e-p1():64:64'), ['1:21', { 19: 'not a number, or does not fit in an unsigned int', 22: 'Expected `( address space name )`' }]],
  [dl('e-pu1(global):64:64:64:32-ni:2'), { 19: ['1:21', 'not a number, or does not fit in an unsigned int'], 22: null }],
  [dl(''), null],
];

test('module-level reader checks: opt\'s message and position', { skip: !haveRealCore && NO_CORE }, async () => {
  for (const [text, expected] of CASES) {
    for (const v of LLVM_VERSIONS) {
      let want = expected !== null && !Array.isArray(expected) ? expected[v] : expected;
      if (want !== null && typeof want[1] === 'object') want = [want[0], want[1][v]];
      const r = await runCli([versionFlag(v), '-S', '-'], { input: text + '\n' });
      if (want === null) assert.equal(r.code, 0, `${text} (LLVM ${v}): ${r.stderr}`);
      else {
        assert.equal(r.code, 1, `${text} (LLVM ${v})`);
        assert.ok(r.stderr.startsWith(`wopt: <stdin>:${want[0]}: error: ${want[1]}\n`), `${text} (LLVM ${v}): ${r.stderr}`);
      }
      if (haveOpt(v)) {
        const o = spawnSync(optFor(v), ['-S', '-'], { input: text + '\n', encoding: 'utf8' });
        assert.equal(r.code, o.status, `${text}: LLVM ${v}`);
        assert.equal(r.stderr.replace(/^wopt: /, ''), o.stderr.replace(/^\S*opt: /, ''), `${text}: LLVM ${v}`);
        if (o.status === 0) assert.equal(r.stdout, o.stdout, `${text}: LLVM ${v}`);
      }
    }
  }
});
