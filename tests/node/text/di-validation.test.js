// Debug-info node fields are checked as each LLVM version's opt parser checks them (issue 18,
// item 4): unknown, duplicate and missing fields, and every value kind with its limits. Each probe
// is a small module; wopt's exit status and diagnostic (after the program name) must equal opt-N's
// where it is installed, and the message must be the one listed here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { CLI, haveRealCore, NO_CORE, LLVM_VERSIONS, optFor, haveOpt, versionFlag } from '../helpers.js';

const FILE = '!0 = !DIFile(filename: "a", directory: "b")\n';
// name -> [node on line 2, message (or { version: message }; null: accepted), column]
const PROBES = {
  'unsigned: negative': ['!1 = !DILocation(line: -5, scope: !0)', 'expected unsigned integer', 24],
  'unsigned: float': ['!1 = !DILocation(line: 1.5, scope: !0)', 'expected unsigned integer', 24],
  'unsigned: hex float': ['!1 = !DILocation(line: 0xR3F80, scope: !0)', 'expected unsigned integer', 24],
  'unsigned: signed hex': ['!1 = !DILocation(line: s0x1, scope: !0)', 'expected unsigned integer', 24],
  'unsigned: unsigned hex': ['!1 = !DILocation(line: u0x10, scope: !0)', null],
  'unsigned: metadata': ['!1 = !DILocation(line: !0, scope: !0)', 'expected unsigned integer', 24],
  'line limit': ['!1 = !DILocation(line: 4294967296, scope: !0)', "value for 'line' too large, limit is 4294967295", 24],
  'column limit': ['!1 = !DILocation(line: 2, column: 65536, scope: !0)', "value for 'column' too large, limit is 65535", 35],
  'size limit': ['!1 = !DIBasicType(name: "i", size: 18446744073709551616)', "value for 'size' too large, limit is 18446744073709551615", 36],
  'arg limit': ['!1 = !DILocalVariable(scope: !0, arg: 65536)', "value for 'arg' too large, limit is 65535", 39],
  'ptrAuthKey limit': ['!1 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, ptrAuthKey: 8)',
    "value for 'ptrAuthKey' too large, limit is 7", 75],
  'signed: too large': ['!1 = distinct !DISubprogram(type: !0, thisAdjustment: 2147483648)', "value for 'thisAdjustment' too large, limit is 2147483647", 55],
  'signed: too small': ['!1 = distinct !DISubprogram(type: !0, thisAdjustment: -2147483649)', "value for 'thisAdjustment' too small, limit is -2147483648", 55],
  'signed: not an integer': ['!1 = distinct !DISubprogram(type: !0, thisAdjustment: true)', 'expected signed integer', 55],
  'signed or node: below count limit': ['!1 = !DISubrange(count: -2)', "value for 'count' too small, limit is -1", 25],
  'signed or node: a string': ['!1 = !DISubrange(count: "x")', 'expected metadata operand', 25],
  'signed or node: node': ['!1 = !DISubrange(count: !0, lowerBound: -3)', null],
  'integer: a word': ['!1 = !DIEnumerator(name: "e", value: x)', 'expected integer', 38],
  'integer: wide': ['!1 = !DIEnumerator(name: "e", value: 123456789012345678901234567890)', null],
  'unknown field': ['!1 = !DILabel(scope: !0, name: "l", file: !0, line: 3, bogus: 4)', "invalid field 'bogus'", 56],
  'field of a later version': ['!1 = !DILabel(scope: !0, name: "l", file: !0, line: 3, column: 4)', { 19: "invalid field 'column'", 22: null }, 56],
  'bool': ['!1 = !DILabel(scope: !0, name: "l", file: !0, line: 3, isArtificial: maybe)',
    { 19: "invalid field 'isArtificial'", 22: "expected 'true' or 'false'" }, { 19: 56, 22: 70 }],
  'duplicate': ['!1 = !DILabel(scope: !0, name: "l", file: !0, line: 3, line: 4)', "field 'line' cannot be specified more than once", 56],
  'missing required': ['!1 = !DILabel(scope: !0, name: "l")', "missing required field 'file'", 35],
  'missing first required': ['!1 = !DILabel()', "missing required field 'scope'", 15],
  'null not allowed': ['!1 = !DILocation(line: 1, scope: null)', "'scope' cannot be null", 34],
  'node: a string': ['!1 = !DILocation(line: 1, scope: "x")', 'expected metadata operand', 34],
  'node: typed value': ['!1 = !DITemplateValueParameter(name: "v", value: i32 7)', null],
  'node: a word': ['!1 = !DITemplateValueParameter(name: "v", value: seven)', 'expected metadata operand', 50],
  'string: a node': ['!1 = !DIFile(filename: !0, directory: "b")', 'expected string constant', 24],
  'string: empty not allowed': ['!1 = !DIGlobalVariable(name: "", scope: !0)', "'name' cannot be empty", 30],
  'dwarf tag': ['!1 = !DIBasicType(tag: DW_TAG_bogus, name: "i")', "invalid DWARF tag 'DW_TAG_bogus'", 24],
  'dwarf tag: a string': ['!1 = !DIBasicType(tag: "x", name: "i")', 'expected DWARF tag', 24],
  'dwarf tag: number limit': ['!1 = !DIBasicType(tag: 65536, name: "i")', "value for 'tag' too large, limit is 65535", 24],
  'encoding': ['!1 = !DIBasicType(name: "i", encoding: DW_ATE_bogus)', "invalid DWARF type attribute encoding 'DW_ATE_bogus'", 40],
  'encoding: a tag': ['!1 = !DIBasicType(name: "i", encoding: DW_TAG_base_type)', 'expected DWARF type attribute encoding', 40],
  'language': ['!1 = distinct !DICompileUnit(language: DW_LANG_Bogus, file: !0)', "invalid DWARF language 'DW_LANG_Bogus'", 40],
  'virtuality': ['!1 = distinct !DISubprogram(type: !0, virtuality: DW_VIRTUALITY_sometimes)', "invalid DWARF virtuality code 'DW_VIRTUALITY_sometimes'", 51],
  'calling convention': ['!1 = !DISubroutineType(cc: DW_CC_bogus, types: !0)', "invalid DWARF calling convention 'DW_CC_bogus'", 28],
  'macinfo': ['!1 = !DIMacro(type: DW_MACINFO_bogus, name: "M")', "invalid DWARF macinfo type 'DW_MACINFO_bogus'", 21],
  'flags': ['!1 = !DIBasicType(name: "i", flags: DIFlagPublic | DIFlagBogus)', "invalid debug info flag 'DIFlagBogus'", 52],
  'flags: too wide': ['!1 = !DIBasicType(name: "i", flags: DIFlagPublic | 4294967296)', 'expected 32-bit integer (too large)', 52],
  'flags: a word': ['!1 = !DIBasicType(name: "i", flags: public)', 'expected debug info flag', 37],
  'flags: valid list': ['!1 = !DIBasicType(name: "i", flags: DIFlagPublic | 4 | DIFlagFwdDecl)', null],
  'subprogram flags': ['!1 = distinct !DISubprogram(type: !0, spFlags: DISPFlagBogus)', "invalid subprogram debug info flag 'DISPFlagBogus'", 48],
  'subprogram flags: a DIFlag': ['!1 = distinct !DISubprogram(type: !0, spFlags: DIFlagPublic)', 'expected debug info flag', 48],
  'checksum kind': ['!1 = !DIFile(filename: "a", directory: "b", checksumkind: CSK_BAD, checksum: "0")', "invalid checksum kind 'CSK_BAD'", 59],
  'emission kind': ['!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !0, emissionKind: Bogus)', 'expected emission kind', 77],
  'name table kind': ['!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !0, nameTableKind: FullDebug)', 'expected nameTable kind', 78],
  'enum kind': ['!1 = !DICompositeType(tag: DW_TAG_enumeration_type, enumKind: DW_APPLE_ENUM_KIND_Bogus)',
    { 19: "invalid field 'enumKind'", 22: "invalid DWARF enum kind code 'DW_APPLE_ENUM_KIND_Bogus'" }, { 19: 53, 22: 63 }],
  'operand list': ['!1 = !GenericDINode(tag: 1, operands: 1)', "expected '{' here", 39],
  'operand list: valid': ['!1 = !GenericDINode(tag: 1, header: "h", operands: {!0, null})', null],
  'unknown class': ['!1 = !DIBogus(line: 1)', 'expected metadata type', 6],
  'fixed-point type': ['!1 = !DIFixedPointType(name: "f", kind: Rational, factor: 1)', { 19: 'expected metadata type', 22: null }, 6],
  'no fields': ['!1 = distinct !DIAssignID(line: 1)', "expected ')' here", 27],
  'value after value': ['!1 = !DILocation(line: 1 2, scope: !0)', "expected ')' here", 26],
  'inline node checked too': ['!1 = !{!DILocation(line: 1, scope: !DIFile(filename: "a"))}', "missing required field 'directory'", 57],
  'tuple operand word': ['!1 = !{foo}', 'expected metadata operand', 8],
  'full valid subprogram': ['!1 = distinct !DISubprogram(name: "f", linkageName: "_f", scope: !0, file: !0, line: 7, type: !2, scopeLine: 8, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: null, thisAdjustment: -4, virtualIndex: 3)\n!2 = !DISubroutineType(types: !{null})', null],
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-di-'));
const afterProgram = s => s.slice(s.indexOf(': ') + 2);
const at = (x, v) => (x !== null && typeof x === 'object' ? x[v] : x);

for (const v of LLVM_VERSIONS) for (const [name, [node, messages, cols]] of Object.entries(PROBES)) {
  test(`DI fields: ${name} (${versionFlag(v)})`, { skip: !haveRealCore && NO_CORE }, () => {
    const file = path.join(dir, `${name.replace(/\W+/g, '-')}-${v}.ll`);
    fs.writeFileSync(file, FILE + node + '\n');
    const w = spawnSync(process.execPath, [CLI, versionFlag(v), '-disable-output', file], { encoding: 'utf8' });
    const message = at(messages, v);
    if (message === null) assert.equal(w.status, 0, w.stderr);
    else {
      assert.equal(w.status, 1);
      assert.equal(w.stderr.split('\n')[0], `wopt: ${file}:2:${at(cols, v)}: error: ${message}`);
    }
    if (haveOpt(v)) {
      const o = spawnSync(optFor(v), ['-disable-output', file], { encoding: 'utf8' });
      assert.equal(w.status, o.status, o.stderr);
      if (o.status !== 0) assert.equal(afterProgram(w.stderr), afterProgram(o.stderr));
    }
  });
}
