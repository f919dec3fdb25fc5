// The dialect of each LLVM version (tests/fixtures/dialect, modules of our own): read and printed under
// --llvm-version=22 and =19 they must equal that opt's print byte for byte (<name>.expected22.ll /
// <name>.expected19.ll, made by `opt-N -S < <name>.ll`; a missing file means that opt rejects the
// module, or, as its header says, upgrades it in a way wopt does not). Covered: attribute spellings and
// their upgrade (nocapture -> captures(none), captures(...) refused under 19 as opt-19 does), memory
// locations, the lifetime-marker upgrade, splat constants, renamed and unknown intrinsics, the
// attributes of every generic intrinsic LLVM 22 knows (and of those of them LLVM 19 has), ODR-uniqued
// debug types, LLVM 22's new instructions. Input a version cannot hold gets a located error naming the
// version that brought it. No native opt is needed at run time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, haveRealCore, NO_CORE, runCli } from '../helpers.js';

const DIR = path.join(REPO, 'tests/fixtures/dialect');
const CASES = fs.readdirSync(DIR).filter(f => f.endsWith('.ll') && !f.includes('.expected')).map(f => f.slice(0, -3)).sort();
const skip = !haveRealCore && NO_CORE;

test('the dialect fixtures are there, each with an LLVM 22 expectation', () => {
  for (const c of ['attrs-19', 'attrs-22', 'lifetime-old', 'odr-types', 'renamed', 'splat', 'syntax-22']) assert.ok(CASES.includes(c), c);
  for (const c of CASES) assert.ok(fs.existsSync(path.join(DIR, `${c}.expected22.ll`)), c);
});

for (const name of CASES) for (const v of [22, 19]) {
  const expected = path.join(DIR, `${name}.expected${v}.ll`);
  if (!fs.existsSync(expected)) continue;
  test(`--llvm-version=${v} prints ${name} as opt-${v} does`, { skip }, async () => {
    const r = await runCli([`--llvm-version=${v}`, '-S'], { input: fs.readFileSync(path.join(DIR, `${name}.ll`), 'utf8') });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, fs.readFileSync(expected, 'utf8'));
  });
}

// [what, version, input, line, column, message]
const ERRORS = [
  // opt-19 refuses every captures(...), captures(none) too (clang-22 output, say)
  ['captures(none) under 19', 19, fs.readFileSync(path.join(DIR, 'attrs-22.ll'), 'utf8'), 3, 21,
    "'captures(...)' requires LLVM 21 or later; wopt follows LLVM 19 (--llvm-version=19)"],
  ['captures(none) in a call under 19', 19, 'define void @f(ptr %p) {\n  call void @f(ptr captures(none) %p)\n  ret void\n}\n', 2, 20,
    "'captures(...)' requires LLVM 21 or later; wopt follows LLVM 19 (--llvm-version=19)"],
  ['ptrtoaddr under 19', 19, fs.readFileSync(path.join(DIR, 'syntax-22.ll'), 'utf8'), 2, 17,
    "'ptrtoaddr' requires LLVM 22 or later; wopt follows LLVM 19 (--llvm-version=19)"],
  ['samesign under 19', 19, 'define i1 @f(i32 %a) {\n  %c = icmp samesign ult i32 %a, 1\n  ret i1 %c\n}\n', 2, 13,
    "'samesign' requires LLVM 20 or later; wopt follows LLVM 19 (--llvm-version=19)"],
  ['errnomem under 19', 19, 'declare void @f() memory(errnomem: read)\n', 1, 26,
    "'errnomem' requires LLVM 21 or later; wopt follows LLVM 19 (--llvm-version=19)"],
  ['a new attribute under 19', 19, 'declare void @f() nocreateundeforpoison\n', 1, 19,
    "'nocreateundeforpoison' requires LLVM 22 or later; wopt follows LLVM 19 (--llvm-version=19)"],
  ['atomicrmw fmaximum under 19', 19, 'define void @f(ptr %p, float %x) {\n  %m = atomicrmw fmaximum ptr %p, float %x seq_cst\n  ret void\n}\n', 2, 18,
    "'atomicrmw fmaximum/fminimum' requires LLVM 22 or later; wopt follows LLVM 19 (--llvm-version=19)"],
  ['x86_mmx under 22', 22, '@g = global x86_mmx zeroinitializer\n', 1, 13,
    "'x86_mmx' is not a type from LLVM 20 on (use <1 x i64>); wopt follows LLVM 22"],
  ['mul constant expression under 22 (as opt-22)', 22, '@g = global i32 0\n@h = global i64 mul (i64 ptrtoint (ptr @g to i64), i64 2)\n', 2, 17,
    'mul constexprs are no longer supported'],
  ['shl constant expression (as opt-19 and opt-22)', 19, '@g = global i32 0\n@h = global i64 shl (i64 ptrtoint (ptr @g to i64), i64 2)\n', 2, 17,
    'shl constexprs are no longer supported'],
];
for (const [what, v, input, line, col, message] of ERRORS) {
  test(`located version error: ${what}`, { skip }, async () => {
    const r = await runCli([`--llvm-version=${v}`, '-S'], { input });
    assert.equal(r.code, 1, r.stdout);
    assert.equal(r.stdout, '', 'no output');
    assert.equal(r.stderr.split('\n')[0], `wopt: <stdin>:${line}:${col}: error: ${message}`);
  });
}
