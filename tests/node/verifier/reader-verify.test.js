// opt's reader verifies a module whose debug info has the current version (UpgradeDebugInfo) and
// stops with LLVM's fatal "Broken module found, compilation aborted!" when the IR is broken, even
// under -disable-verify; without such debug info the input check says "input module is broken!".
// wopt prints the same lines (opt goes on with a crash report and aborts; wopt exits with 1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO, LLVM_VERSIONS, haveOpt, optFor, runCli, versionFlag, haveRealCore, NO_CORE } from '../helpers.js';

const broken = version => `define i32 @f(i32 %a) !dbg !4 {
  %x = add i32 %y, 1, !dbg !8
  %y = add i32 %a, 1, !dbg !8
  ret i32 %x, !dbg !8
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 ${version}}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!8 = !DILocation(line: 2, column: 1, scope: !4)
`;
const FATAL = 'LLVM ERROR: Broken module found, compilation aborted!\n';
const VERIFIER = 'Instruction does not dominate all uses!\n  %y = add i32 %a, 1, !dbg !6\n  %x = add i32 %y, 1, !dbg !6\n';

test('a broken module with current debug info stops in the reader, as in opt', { skip: !haveRealCore && NO_CORE }, async () => {
  for (const v of LLVM_VERSIONS) {
    for (const flags of [[], ['-disable-verify']]) {
      const r = await runCli([versionFlag(v), '-S', ...flags, '-', '-o', '-'], { input: broken(3) });
      assert.equal(r.code, 1);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, VERIFIER + FATAL, `LLVM ${v} ${flags}`);
      if (haveOpt(v)) {
        const o = spawnSync(optFor(v), ['-S', ...flags, '-', '-o', '-'], { input: broken(3), encoding: 'utf8' });
        assert.notEqual(o.status, 0);
        assert.ok(o.stderr.startsWith(VERIFIER + FATAL), `opt-${v} ${flags}: ${o.stderr.slice(0, 300)}`);
      }
    }
    // debug info of another version is stripped first; the input check then reports the IR
    const r = await runCli([versionFlag(v), '-S', '-', '-o', '-'], { input: broken(2) });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^warning: ignoring debug info with an invalid version \(2\) in <stdin>\nInstruction does not dominate all uses!\n {2}%y = add i32 %a, 1\n {2}%x = add i32 %y, 1\nwopt: -: error: input module is broken!\n$/);
    if (haveOpt(v)) {
      const o = spawnSync(optFor(v), ['-S', '-', '-o', '-'], { input: broken(2), encoding: 'utf8' });
      assert.equal(r.stderr.replace(/wopt: /g, ''), o.stderr.replace(/\S*opt: /g, ''));
    }
  }
});

// A debug-info check (the verifier's CheckDI): the reader drops the debug info with opt's
// warning; after a pipeline, an output with broken debug info is broken.
const NO_CALL_LOCATION = `define i32 @g(i32 %a) !dbg !4 {
  ret i32 %a, !dbg !8
}
define i32 @f(i32 %a) !dbg !9 {
  %r = call i32 @g(i32 %a)
  ret i32 %r, !dbg !10
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!8 = !DILocation(line: 2, column: 1, scope: !4)
!9 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 3, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!10 = !DILocation(line: 4, column: 1, scope: !9)
`;

test('broken debug info is dropped by the reader with opt\'s warning', { skip: !haveRealCore && NO_CORE }, async () => {
  for (const v of LLVM_VERSIONS) {
    const r = await runCli([versionFlag(v), '-S', '-', '-o', '-'], { input: NO_CALL_LOCATION });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, 'inlinable function call in a function with debug info must have a !dbg location\n  %r = call i32 @g(i32 %a)\nwarning: ignoring invalid debug info in <stdin>\n');
    assert.ok(!r.stdout.includes('!dbg') && !r.stdout.includes('DISubprogram'), r.stdout);
    if (haveOpt(v)) {
      const o = spawnSync(optFor(v), ['-S', '-', '-o', '-'], { input: NO_CALL_LOCATION, encoding: 'utf8' });
      assert.equal(o.status, 0);
      assert.equal(r.stdout, o.stdout);
      assert.equal(r.stderr, o.stderr);
    }
  }
});

// Modules of tests/fixtures/verifier-fatal/ are broken IR with current debug info: the reader's
// verification prints what opt's does, up to the fatal line.
const FATAL_DIR = path.join(REPO, 'tests/fixtures/verifier-fatal');
test('broken modules stopped by the reader: the same lines as opt', { skip: !haveRealCore && NO_CORE }, async (t) => {
  const files = fs.readdirSync(FATAL_DIR).filter(f => f.endsWith('.ll')).sort();
  assert.ok(files.length > 0);
  for (const v of LLVM_VERSIONS) {
    for (const name of files) {
      const file = path.join(FATAL_DIR, name);
      const r = await runCli([versionFlag(v), '-disable-output', file]);
      assert.equal(r.code, 1, `${name}, LLVM ${v}`);
      assert.ok(r.stderr.endsWith(FATAL), r.stderr);
      if (haveOpt(v)) {
        const o = spawnSync(optFor(v), ['-disable-output', file], { encoding: 'utf8' });
        assert.notEqual(o.status, 0);
        assert.equal(o.stderr.slice(0, r.stderr.length), r.stderr, `${name}, opt-${v}`);
      }
    }
  }
});
