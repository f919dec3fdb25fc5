// The reader's checks of attribute payloads and of a function header's attributes, where opt's
// parser rejects them: range(...) (an integer type, integers that fit its width, not empty/full),
// initializes(...) (non-empty, ordered, disjoint ranges), nofpclass(...), allockind("..."), memory(...),
// `builtin` on a function and `sret` on a function that returns a value. Each case gives opt's
// message and position under each LLVM version (a message per version when they differ), or null
// when the module is fine; then it must print as opt prints it (range and allockind in canonical
// form). Compared with opt-N itself where it is installed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { LLVM_VERSIONS, haveOpt, optFor, runCli, versionFlag, haveRealCore, NO_CORE } from '../helpers.js';

const EMPTY_RANGE = { 19: 'the range should not represent the full or empty set!', 22: "the range represent the empty set but limits aren't 0!" };
const CASES = [
  // range(<iN> lo, hi)
  ['declare void @f(i8 range(i8 0, 200), i4 range(i4 0, 3), i1 range(i1 1, 0))', null],
  ['declare void @f(i128 range(i128 -5, 340282366920938463463374607431768211455), i128 range(i128 0, 170141183460469231731687303715884105728))', null],
  ['declare void @f(i8 range(i8 u0x010, 3), i8 range(i8 s0xF0, 3))', null],
  ['declare void @f(i8 range(i8 -129, 3))', ['1:29', 'integer is too large for the bit width of specified type']],
  ['declare void @f(i8 range(i8 0, 256))', ['1:32', 'integer is too large for the bit width of specified type']],
  ['declare void @f(i8 range(float 0, 3))', ['1:26', 'the range must have integer type!']],
  ['declare void @f(i8 range(i8 x, 3))', ['1:29', 'expected integer']],
  ['declare void @f(i8 range(i8 +3, 4))', ['1:29', 'expected integer']],
  ['declare void @f(i8 range(i8 0 3))', ['1:31', "expected ','"]],
  ['declare void @f(i8 range(i8 0, 3, 4))', ['1:33', "expected ')'"]],
  ['declare void @f(i8 range(i8 5, 5))', ['1:33', EMPTY_RANGE]],
  ['declare void @f(i8 range(i8 0, 0))', { 19: ['1:33', EMPTY_RANGE[19]], 22: null }],
  // initializes((lo, hi), ...)
  ['declare void @f(ptr initializes((0,4),(8, 12), (-8, -4)))', ['1:57', 'Invalid (unordered or overlapping) range list']],
  ['declare void @f(ptr initializes((-8, -4), (0,4),(8, 12)))', null],
  ['declare void @f(ptr initializes((0, 0)))', ['1:38', 'the range should not represent the full or empty set!']],
  ['declare void @f(ptr initializes((4, 2)))', ['1:40', 'Invalid (unordered or overlapping) range list']],
  ['declare void @f(ptr initializes((0, 4), (4, 8)))', ['1:48', 'Invalid (unordered or overlapping) range list']],
  ['declare void @f(ptr initializes((0 4)))', ['1:36', "expected ','"]],
  ['declare void @f(ptr initializes(0, 4))', ['1:33', "expected '('"]],
  ['declare void @f(ptr initializes())', ['1:33', "expected '('"]],
  // nofpclass(...)
  ['declare void @f(float nofpclass(nan zero), float nofpclass(3))', null],
  ['declare void @f(float nofpclass(none))', ['1:33', 'expected nofpclass test mask']],
  ['declare void @f(float nofpclass(nan 3))', ['1:37', 'expected nofpclass test mask']],
  ['declare void @f(float nofpclass(-1))', ['1:33', 'expected nofpclass test mask']],
  ['declare void @f(float nofpclass(1024))', ['1:37', "invalid mask value for 'nofpclass'"]],
  // allockind("...")
  ['declare ptr @f(i64) allockind("zeroed,alloc,alloc")', null],
  ['declare ptr @f(i64) allockind("alloc,bogus")', ['1:31', 'unknown allockind bogus']],
  ['declare ptr @f(i64) allockind("")', ['1:31', 'unknown allockind ']],
  // memory(...): a default kind first (a later one starts over)
  ['declare void @f() memory(read, argmem: none, write)', ['1:51', 'default access kind must be specified first']],
  ['declare void @f() memory(read, write)', null],
  ['declare void @f() memory(argmem: readwrite argmem: none)', ['1:44', 'unterminated memory attribute']],
  // the function header
  ['declare i32 @f(ptr sret(i32))', ['1:9', "functions with 'sret' argument must return void"]],
  ['define i32 @f(ptr sret(i32) %p) {\n  ret i32 0\n}', ['1:8', "functions with 'sret' argument must return void"]],
  ['declare void @f() builtin noinline builtin', ['1:36', "'builtin' attribute not valid on function"]],
  ['declare void @f()\ndefine void @g() {\n  call void @f() builtin\n  ret void\n}', null],
];

test('attribute payloads and header attributes: opt\'s message and position', { skip: !haveRealCore && NO_CORE }, async () => {
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
