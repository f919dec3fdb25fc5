// Defects that made wopt print a different program than it read (issue 12), asserted on the
// printed text itself so they are caught without native opt. The round trip (roundtrip.test.js)
// checks the same fixtures against opt's own print.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { haveRealCore, NO_CORE, runCli } from '../helpers.js';

const print = async (src, args = []) => {
  const r = await runCli(['-S', ...args, '-'], { input: src });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
};

test('a constant GEP nested in a constant GEP keeps its own source element type', { skip: !haveRealCore && NO_CORE }, async () => {
  const src = `%struct.ct = type { i16, i16 }
@tree = global [288 x %struct.ct] zeroinitializer
@cfg = global { i32, [4 x { ptr, i32 }] } zeroinitializer
@q = global ptr getelementptr inrange(-8589934592, 8589934592) ({ ptr, i32 }, ptr getelementptr inrange(-8, 8) ([4 x { ptr, i32 }], ptr getelementptr ({ i32, [4 x { ptr, i32 }] }, ptr @cfg, i32 0, i32 1), i64 0, i64 2), i32 0, i32 1)
define i16 @f() {
  %v = load i16, ptr getelementptr inbounds (%struct.ct, ptr getelementptr inbounds ([288 x %struct.ct], ptr @tree, i64 0, i64 256), i32 0, i32 1), align 2
  ret i16 %v
}
`;
  const out = await print(src);
  assert.ok(out.includes('load i16, ptr getelementptr inbounds (%struct.ct, ptr getelementptr inbounds ([288 x %struct.ct], ptr @tree, i64 0, i64 256), i32 0, i32 1), align 2'), out);
  assert.ok(out.includes('@q = global ptr getelementptr inrange(-8589934592, 8589934592) ({ ptr, i32 }, ptr getelementptr inrange(-8, 8) ([4 x { ptr, i32 }], ptr getelementptr ({ i32, [4 x { ptr, i32 }] }, ptr @cfg, i32 0, i32 1), i64 0, i64 2), i32 0, i32 1)'), out);
});

test('the largest alignment, 2^32, survives on attributes, globals, functions and instructions', { skip: !haveRealCore && NO_CORE }, async () => {
  const src = `@g = global i32 0, align 4294967296
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
define void @f(ptr align 4294967296 %d, i64 %n) align 4294967296 alignstack(2147483648) {
  %a = alloca i32, align 4294967296
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %d, ptr align 4294967296 null, i64 %n, i1 false)
  store i32 0, ptr %a, align 4294967296
  ret void
}
`;
  const out = await print(src);
  for (const line of ['@g = global i32 0, align 4294967296',
    'define void @f(ptr align 4294967296 %d, i64 %n) #1 align 4294967296 {',
    '%a = alloca i32, align 4294967296',
    'call void @llvm.memcpy.p0.p0.i64(ptr align 16 %d, ptr align 4294967296 null, i64 %n, i1 false)',
    'store i32 0, ptr %a, align 4294967296',
    'attributes #1 = { alignstack=2147483648 }']) assert.ok(out.includes(line), `missing: ${line}\n${out}`);
  // Past LLVM's limit: opt's errors, never a silently changed value.
  for (const [text, msg] of [
    ['@g = global i32 0, align 8589934592\n', '1:26: error: huge alignments are not supported yet'],
    ['define void @f() alignstack(4294967296) {\n  ret void\n}\n', '1:29: error: expected 32-bit integer (too large)'],
    ['declare void @f(ptr align 8589934592)\n', '1:27: error: huge alignments are not supported yet'],
  ]) {
    const r = await runCli(['-S', '-'], { input: text });
    assert.equal(r.code, 1);
    assert.ok(r.stderr.includes(msg), r.stderr);
  }
});

// A scratch list of the lifetime upgrade was allocated at start-up and never re-created, so after
// the arena reset it shared memory with the data layout's integer table: upgrading an old
// lifetime declaration under LLVM 22 turned i16's ABI alignment into 4 (tests/node/house/state-resets.test.js
// now rejects any such table).
test('upgrading an old lifetime declaration leaves the data layout alone', { skip: !haveRealCore && NO_CORE }, async () => {
  const src = `declare void @llvm.lifetime.start.p0(i64, ptr nocapture)
define void @f(ptr %p) {
  %a = alloca { i8, i16 }
  store i16 0, ptr %p
  store { i8, i16 } zeroinitializer, ptr %a
  ret void
}
`;
  const out = await print(src, ['--llvm-version=22']);
  assert.ok(out.includes('store i16 0, ptr %p, align 2\n'), out);
  assert.ok(out.includes('store { i8, i16 } zeroinitializer, ptr %a, align 2\n'), out);
});
