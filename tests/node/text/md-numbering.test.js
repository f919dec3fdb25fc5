// Metadata slot numbers (`!N`) as opt assigns them: a DI node's references are numbered in the
// order LLVM keeps them as operands of the node's class (assembly/ir/di-operands.ts), not in the
// order the fields are written. Runs the real core; opt is not needed (the expected texts were
// produced by opt-19 and opt-22, which agree on them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { haveRealCore, NO_CORE, REAL_WASM, REPO, runCli } from '../helpers.js';

const skip = !haveRealCore && NO_CORE;
const env = { WOPT_WASM: REAL_WASM };
const wopt = (args, input) => runCli(args, { input, env });
const FIXTURE = path.join(REPO, 'tests/fixtures/md-numbering.ll');

// `opt -S < tests/fixtures/md-numbering.ll` (LLVM 19; LLVM 22 prints the same text).
const EXPECTED = `; ModuleID = '<stdin>'
source_filename = "<stdin>"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@_ZZN2ns1S1fIiEEivE5count = internal global i32 0, align 4, !dbg !0

define linkonce_odr i32 @_ZN2ns1S1fIiEEiv(ptr %this) !dbg !2 {
entry:
  %t = alloca i32, align 4
    #dbg_declare(ptr %t, !24, !DIExpression(), !35)
  %v = load i32, ptr @_ZZN2ns1S1fIiEEivE5count, align 4, !dbg !36
  %w = add i32 %v, 1, !dbg !37
  store i32 %w, ptr %t, align 4, !dbg !37
  ret i32 %w, !dbg !38
}

!llvm.dbg.cu = !{!15}
!llvm.module.flags = !{!33, !34}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "count", scope: !2, file: !3, line: 9, type: !31, isLocal: true, isDefinition: true)
!2 = distinct !DISubprogram(name: "f<int>", linkageName: "_ZN2ns1S1fIiEEiv", scope: !4, file: !3, line: 8, type: !9, scopeLine: 8, containingType: !4, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !15, templateParams: !13, declaration: !8, retainedNodes: !23)
!3 = !DIFile(filename: "md-numbering.cpp", directory: "/src")
!4 = !DICompositeType(tag: DW_TAG_structure_type, name: "S", scope: !6, file: !5, line: 3, size: 8, flags: DIFlagTypePassByValue, elements: !7)
!5 = !DIFile(filename: "md-numbering.h", directory: "/src/include")
!6 = !DINamespace(name: "ns", scope: null)
!7 = !{!8}
!8 = !DISubprogram(name: "f<int>", linkageName: "_ZN2ns1S1fIiEEiv", scope: !4, file: !5, line: 4, type: !9, scopeLine: 4, flags: DIFlagPrototyped, spFlags: 0, templateParams: !13)
!9 = !DISubroutineType(types: !10)
!10 = !{!11, !12}
!11 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!12 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !4, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!13 = !{!14}
!14 = !DITemplateTypeParameter(name: "T", type: !11)
!15 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !3, producer: "hand-written", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !16, imports: !17, splitDebugInlining: false, nameTableKind: None)
!16 = !{!0}
!17 = !{!18}
!18 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !15, entity: !19, file: !3, line: 2)
!19 = !DIModule(scope: !21, name: "Sub", file: !20, line: 5)
!20 = !DIFile(filename: "sub.modulemap", directory: "/src")
!21 = !DIModule(scope: null, name: "Top", file: !22, line: 1)
!22 = !DIFile(filename: "top.modulemap", directory: "/src")
!23 = !{!24}
!24 = !DILocalVariable(name: "t", scope: !25, file: !3, line: 12, type: !29)
!25 = !DILexicalBlockFile(scope: !27, file: !26, discriminator: 0)
!26 = !DIFile(filename: "inlined.inc", directory: "/src")
!27 = distinct !DILexicalBlock(scope: !2, file: !28, line: 10, column: 3)
!28 = !DIFile(filename: "block.inc", directory: "/src")
!29 = !DIDerivedType(tag: DW_TAG_typedef, name: "local_t", scope: !27, file: !30, line: 11, baseType: !31)
!30 = !DIFile(filename: "local.h", directory: "/src/include")
!31 = !DIDerivedType(tag: DW_TAG_typedef, name: "counter_t", scope: !6, file: !32, line: 1, baseType: !11)
!32 = !DIFile(filename: "counter.h", directory: "/src/include")
!33 = !{i32 7, !"Dwarf Version", i32 5}
!34 = !{i32 2, !"Debug Info Version", i32 3}
!35 = !DILocation(line: 12, column: 9, scope: !25)
!36 = !DILocation(line: 13, column: 10, scope: !27)
!37 = !DILocation(line: 13, column: 5, scope: !27)
!38 = !DILocation(line: 14, column: 3, scope: !2)
`;

for (const v of ['19', '22']) {
  test(`md-numbering.ll: opt's numbering (--llvm-version=${v})`, { skip }, async () => {
    const r = await wopt(['-S', `--llvm-version=${v}`], fs.readFileSync(FIXTURE));
    assert.equal(r.stderr, '');
    assert.equal(r.code, 0);
    assert.equal(r.stdout, EXPECTED);
  });
}

// Every DI class with node-valued fields: each such field points at its own distinct tuple
// !{!"field"}, the fields written in reverse operand order; the tuples must be numbered in operand
// order. Orders observed with `opt -S --disable-verify` (the nodes are not valid debug info).
// LLVM 22 also takes DIType sizes and offsets, DICompositeType specification and bitStride, and
// the DISubrangeType and DIFixedPointType classes (only22).
const CLASSES = [
  ['DILocation', 'line: 1', ['scope', 'inlinedAt']],
  ['DISubrange', '', ['count', 'lowerBound', 'upperBound', 'stride']],
  ['DIGenericSubrange', '', ['count', 'lowerBound', 'upperBound', 'stride']],
  ['DIBasicType', 'name: "int"', ['size'], ['size']],
  ['DIFixedPointType', 'name: "fx", encoding: DW_ATE_signed_fixed, kind: Binary, factor: -4', ['size'], 'only22'],
  ['DIStringType', 'name: "s"', ['size', 'stringLength', 'stringLengthExpression', 'stringLocationExpression'], ['size']],
  ['DIDerivedType', 'tag: DW_TAG_pointer_type', ['file', 'scope', 'size', 'offset', 'baseType', 'extraData', 'annotations'], ['size', 'offset']],
  ['DISubrangeType', 'name: "sr"', ['file', 'scope', 'size', 'baseType', 'lowerBound', 'upperBound', 'stride', 'bias'], 'only22'],
  ['DICompositeType', 'tag: DW_TAG_structure_type', ['file', 'scope', 'size', 'offset', 'baseType', 'elements', 'vtableHolder',
    'templateParams', 'discriminator', 'dataLocation', 'associated', 'allocated', 'rank', 'annotations', 'specification',
    'bitStride'], ['size', 'offset', 'specification', 'bitStride']],
  ['DISubroutineType', '', ['types']],
  ['DICompileUnit', 'language: DW_LANG_C99, emissionKind: FullDebug', ['file', 'enums', 'retainedTypes', 'globals', 'imports', 'macros']],
  ['DISubprogram', 'name: "f"', ['file', 'scope', 'type', 'unit', 'declaration', 'retainedNodes', 'containingType',
    'templateParams', 'thrownTypes', 'annotations']],
  ['DILexicalBlock', 'line: 1', ['file', 'scope']],
  ['DILexicalBlockFile', 'discriminator: 0', ['file', 'scope']],
  ['DINamespace', 'name: "n"', ['scope']],
  ['DICommonBlock', 'name: "c"', ['scope', 'declaration', 'file']],
  ['DIModule', 'name: "m"', ['file', 'scope']],
  ['DITemplateTypeParameter', 'name: "T"', ['type']],
  ['DITemplateValueParameter', 'name: "v"', ['type', 'value']],
  ['DIGlobalVariable', 'name: "g"', ['scope', 'file', 'type', 'declaration', 'templateParams', 'annotations']],
  ['DILocalVariable', 'name: "l"', ['scope', 'file', 'type', 'annotations']],
  ['DILabel', 'name: "lab", line: 1', ['scope', 'file']],
  ['DIGlobalVariableExpression', '', ['var', 'expr']],
  ['DIObjCProperty', 'name: "p"', ['file', 'type']],
  ['DIImportedEntity', 'tag: DW_TAG_imported_module', ['scope', 'entity', 'file', 'elements']],
  ['DIMacroFile', 'type: DW_MACINFO_start_file, line: 0', ['file', 'nodes']],
];
const DISTINCT = new Set(['DICompileUnit', 'DISubprogram']);

function probeModule(v) {
  const lines = [], roots = [];
  let next = 0;
  for (const [cls, fixed, order, extra] of CLASSES) {
    if (v === '19' && extra === 'only22') continue;
    const fields = v === '19' && Array.isArray(extra) ? order.filter(f => !extra.includes(f)) : order;
    const id = next++;
    roots.push(`!${id}`);
    const refs = [...fields].reverse().map(f => { const t = next++; lines.push(`!${t} = distinct !{!"${cls}.${f}"}`); return `${f}: !${t}`; });
    lines.push(`!${id} = ${DISTINCT.has(cls) ? 'distinct ' : ''}!${cls}(${[fixed, ...refs].filter(Boolean).join(', ')})`);
  }
  return `!probe = !{${roots.join(', ')}}\n${lines.join('\n')}\n`;
}

for (const v of ['19', '22']) {
  test(`every DI class numbers its node fields in LLVM's operand order (--llvm-version=${v})`, { skip }, async () => {
    const r = await wopt(['-S', '--disable-verify', `--llvm-version=${v}`], probeModule(v));
    assert.equal(r.stderr, '');
    assert.equal(r.code, 0);
    const slot = new Map();
    for (const m of r.stdout.matchAll(/^!(\d+) = distinct !\{!"(\w+)\.(\w+)"\}$/gm)) slot.set(`${m[2]}.${m[3]}`, +m[1]);
    for (const [cls, , order, extra] of CLASSES) {
      if (v === '19' && extra === 'only22') continue;
      const fields = v === '19' && Array.isArray(extra) ? order.filter(f => !extra.includes(f)) : order;
      const got = fields.map(f => slot.get(`${cls}.${f}`));
      assert.ok(got.every(n => n !== undefined), `${cls}: all fields printed`);
      const byNumber = [...fields].sort((a, b) => slot.get(`${cls}.${a}`) - slot.get(`${cls}.${b}`));
      assert.deepEqual(byNumber, fields, `${cls}: numbering order`);
    }
  });
}
