// Attributes where they do not apply (issue 18, item 4): opt's parser rejects them with "this
// attribute does not apply to functions / parameters / return values" at the attribute (the last
// one when there are several; `align` on a function is its alignment). The table of positions is
// generated from opt-19 and opt-22 (tools/gen-attr-positions.mjs); these cases must give opt's
// message at opt's position under both versions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { LLVM_VERSIONS, haveOpt, optFor, runCli, versionFlag, haveRealCore, NO_CORE } from '../helpers.js';

const CASES = [
  ['declare void @f() noalias', '1:19: error: this attribute does not apply to functions'],
  ['declare noinline ptr @f()', '1:9: error: this attribute does not apply to return values'],
  ['attributes #0 = { noalias }', '1:19: error: this attribute does not apply to functions'],
  ['declare void @f(ptr noinline, ptr noalias noinline)', '1:21: error: this attribute does not apply to parameters'],
  ['declare void @f(ptr noalias alwaysinline noinline)', '1:42: error: this attribute does not apply to parameters'],
  ['define void @g(ptr %p) {\n  call void @g(ptr noinline %p)\n  ret void\n}', '2:20: error: this attribute does not apply to parameters'],
  ['define void @g(ptr %p) {\n  call void @g(ptr %p) noalias\n  ret void\n}', '2:24: error: this attribute does not apply to functions'],
  ['attributes #0 = { nocallback nofree nonnull memory(none) }', '1:37: error: this attribute does not apply to functions'],
  ['declare void @f() #0 align 16\nattributes #0 = { nounwind }', null],
  ['declare align 8 ptr @f(ptr align 4 returned, ptr nocapture readonly) readnone', null],
];

test('attributes in positions they do not apply to: opt\'s message and position', { skip: !haveRealCore && NO_CORE }, async () => {
  for (const [text, want] of CASES) {
    for (const v of LLVM_VERSIONS) {
      const r = await runCli([versionFlag(v), '-S', '-'], { input: text + '\n' });
      if (want === null) assert.equal(r.code, 0, `${text}: ${r.stderr}`);
      else {
        assert.equal(r.code, 1, text);
        assert.ok(r.stderr.startsWith(`wopt: <stdin>:${want}\n`), `${text} (LLVM ${v}): ${r.stderr}`);
      }
      if (haveOpt(v)) {
        const o = spawnSync(optFor(v), ['-S', '-'], { input: text + '\n', encoding: 'utf8' });
        assert.equal(r.code, o.status, `${text}: LLVM ${v}`);
        assert.equal(r.stderr.replace(/^wopt: /, ''), o.stderr.replace(/^\S*opt: /, ''), `${text}: LLVM ${v}`);
        if (o.status === 0) assert.equal(r.stdout, o.stdout);
      }
    }
  }
});
