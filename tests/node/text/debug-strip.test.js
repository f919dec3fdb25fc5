// Debug info with a missing or outdated "Debug Info Version" module flag: opt drops it when it
// reads the module (UpgradeDebugInfo / StripDebugInfo) and warns "ignoring debug info with an
// invalid version (N) in <module>". wopt must print the same module and warning (issue 18).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runCli, run, optFor, skipDiff, tempDir, LLVM_VERSIONS, versionFlag, haveRealCore, NO_CORE, CLI } from '../helpers.js';

// `flag`: the module flag line's operand, or null for none.
const moduleWith = flag => `; ModuleID = 'x'
source_filename = "t.c"

@g = global i32 0, align 4, !dbg !20

define i32 @f(i32 %x) !dbg !7 {
entry:
  %a = alloca i32, align 4
  call void @llvm.dbg.declare(metadata ptr %a, metadata !12, metadata !DIExpression()), !dbg !13
  store i32 %x, ptr %a, align 4, !dbg !13, !tbaa !30
  %v = load i32, ptr %a, align 4, !dbg !14
  br label %loop, !dbg !14

loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i32 %i, 1, !dbg !14
  %c = icmp slt i32 %n, %v
  br i1 %c, label %loop, label %done, !llvm.loop !40

done:
  ret i32 %v, !dbg !14
}

define void @h() !dbg !15 {
  ret void, !dbg !16
}

declare void @llvm.dbg.declare(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3${flag === null ? '' : ', !4'}}
!llvm.ident = !{!6}
!llvm.gcov = !{!6}
!named = !{!10}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !21)
!1 = !DIFile(filename: "t.c", directory: "/tmp")
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", ${flag ?? 'i32 3'}}
!6 = !{!"clang version"}
!7 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !8, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !11)
!8 = !DISubroutineType(types: !9)
!9 = !{!10, !10}
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !{}
!12 = !DILocalVariable(name: "x", arg: 1, scope: !7, file: !1, line: 1, type: !10)
!13 = !DILocation(line: 1, column: 11, scope: !7)
!14 = !DILocation(line: 2, column: 3, scope: !7)
!15 = distinct !DISubprogram(name: "h", scope: !1, file: !1, line: 5, type: !8, scopeLine: 5, spFlags: DISPFlagDefinition, unit: !0)
!16 = !DILocation(line: 5, column: 1, scope: !15)
!19 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !10, isLocal: false, isDefinition: true)
!20 = !DIGlobalVariableExpression(var: !19, expr: !DIExpression())
!21 = !{!20}
!30 = !{!31, !31, i64 0}
!31 = !{!"int", !32, i64 0}
!32 = !{!"omnipotent char", !33, i64 0}
!33 = !{!"Simple C/C++ TBAA"}
!40 = distinct !{!40, !14, !41, !13}
!41 = !{!"llvm.loop.mustprogress"}
`;

const NO_DEBUG = `define i32 @f(i32 %x) {\n  ret i32 %x\n}\n\n!llvm.module.flags = !{!0}\n!0 = !{i32 2, !"Debug Info Version", i32 2}\n`;
const ONLY_LOOP_LOCS = `define void @f() {\nentry:\n  br label %l\nl:\n  br i1 true, label %l, label %e, !llvm.loop !0\ne:\n  ret void\n}\n\n!0 = distinct !{!0, !1}\n!1 = !DILocation(line: 1, scope: !2)\n!2 = distinct !DISubprogram(name: "f", scope: null, spFlags: DISPFlagDefinition, unit: !3)\n!3 = distinct !DICompileUnit(language: DW_LANG_C99, file: !4, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n!4 = !DIFile(filename: "t.c", directory: "/")\n`;

const CASES = [
  ['missing flag', moduleWith(null)],
  ['version 2', moduleWith('i32 2')],
  ['version 3 (kept)', moduleWith('i32 3')],
  ['version i64 4', moduleWith('i64 4')],
  ['version -1', moduleWith('i32 -1')],
  ['a non-integer version', moduleWith('!"3"')],
  ['no debug info, version 2 (no warning)', NO_DEBUG],
  ['a loop ID with only locations', ONLY_LOOP_LOCS],
];

const unprog = (s, prog) => s.split(`${prog}: `).join('PROG: ');

for (const v of LLVM_VERSIONS) {
  test(`debug info with a wrong version is stripped as opt-${v} does`, { skip: skipDiff(v) }, async t => {
    const dir = tempDir(t);
    for (const [name, text] of CASES) {
      await t.test(name, async () => {
        const file = path.join(dir, 'dbg.ll');
        fs.writeFileSync(file, text);
        for (const args of [['-S', file], ['-S', '-passes=mem2reg', file], ['-S']]) {
          const input = args.length === 1 ? text : undefined;   // the last one reads stdin
          const ref = await run(optFor(v), args, { input, cwd: dir });
          const ours = await runCli([versionFlag(v), ...args], { input, cwd: dir });
          assert.equal(ours.stdout, ref.stdout, args.join(' '));
          assert.equal(unprog(ours.stderr, 'wopt'), unprog(ref.stderr, optFor(v)), args.join(' '));
          assert.equal(ours.code, ref.code);
        }
      });
    }
  });
}

test('concrete: what the strip leaves, the warning, and the API diagnostic', { skip: !haveRealCore && NO_CORE }, async t => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'dbg.ll'), moduleWith('i32 2'));
  const r = await runCli(['-S', 'dbg.ll'], { cwd: dir });
  assert.equal(r.code, 0);
  assert.equal(r.stderr, 'warning: ignoring debug info with an invalid version (2) in dbg.ll\n');
  assert.doesNotMatch(r.stdout, /!dbg|#dbg_|llvm\.dbg|DICompileUnit|DISubprogram|llvm\.gcov/);
  assert.match(r.stdout, /store i32 %x, ptr %a, align 4, !tbaa !\d+\n/);
  assert.match(r.stdout, /!llvm\.loop (!\d+)\n[^]*\1 = distinct !\{\1, !\d+\}/);   // the locations left the loop ID
  assert.match(r.stdout, /!named = !\{!\d+\}/);                                      // other metadata stays
  const stdin = await runCli(['-S'], { input: moduleWith(null) });
  assert.equal(stdin.stderr, 'warning: ignoring debug info with an invalid version (0) in <stdin>\n');
  const kept = await runCli(['-S'], { input: moduleWith('i32 3') });
  assert.equal(kept.stderr, '');
  assert.match(kept.stdout, /!dbg !/);
  const { optimize } = await import('../../../bindings/index.js');
  const res = await optimize(moduleWith(null), { moduleId: 'm.ll' });
  assert.equal(res.ok, true);
  assert.deepEqual(res.diagnostics, [{ severity: 'warning', stage: 'parse', message: 'ignoring debug info with an invalid version (0) in m.ll', line: 0, col: 0, internal: false }]);
});

// opt warns while it reads, so on one stream the warning stands before the module it printed.
for (const v of LLVM_VERSIONS) {
  test(`the warning comes before the output on one stream, as opt-${v} writes it`, { skip: skipDiff(v) }, async t => {
    const dir = tempDir(t);
    fs.writeFileSync(path.join(dir, 'dbg.ll'), moduleWith('i32 2'));
    const both = cmd => run('sh', ['-c', `${cmd} 2>&1`], { cwd: dir });
    const [ours, theirs] = await Promise.all([
      both(`"${process.execPath}" "${CLI}" ${versionFlag(v)} -S dbg.ll`), both(`"${optFor(v)}" -S dbg.ll`)]);
    assert.match(ours.stdout, /^warning: ignoring debug info with an invalid version \(2\) in dbg\.ll\n; ModuleID = 'dbg\.ll'\n/);
    assert.equal(ours.stdout, theirs.stdout);
  });
}
