// The bitcode reader (assembly/bitcode/reader.ts): for every fixture llvm-as-N reads, wopt on the
// bitcode prints what wopt prints on the text (the ModuleID and source_filename lines aside), under
// --llvm-version=N for N = 19 and 22; mem2reg and mergefunc give the same output on both; bad
// bitcode gets an error naming the block and bit offset, and mutated bitcode never traps or hangs.
// Debug information: every debug-info node kind through llvm-as-N prints as opt-N prints it; clang-N
// -g (at -O0 and -O2) of the fixture sources, SQLite and rustc's -g bitcode read back as wopt reads
// llvm-dis-N's text of them, or, where the bitcode's use-list orders are not the text's, as opt-N
// prints the bitcode (tests/node/bitcode/bitcode-uselist.test.js checks the use lists themselves).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadWopt } from '../../../bindings/node.js';
import { runModule } from '../../../bindings/driver.js';
import { REPO, CLI, LLVM_VERSIONS, llvmBin, haveRealCore, NO_CORE, REAL_WASM } from '../helpers.js';

const llvmAs = v => path.join(llvmBin(v), 'llvm-as');
const llvmDis = v => path.join(llvmBin(v), 'llvm-dis');
const haveAs = v => fs.existsSync(llvmAs(v));
const NOT_YET = /is not read yet/;

function fixtures() {
  const out = [];
  const walk = d => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else if (e.name.endsWith('.ll')) out.push(p); } };
  walk(path.join(REPO, 'tests/fixtures'));
  const lit = path.join(REPO, '../shared/llvm-lit');
  if (process.env.WOPT_BITCODE_LIT && fs.existsSync(lit)) walk(lit);
  return out.sort();
}
const body = text => text.split('\n').filter(l => !l.startsWith('; ModuleID') && !l.startsWith('source_filename')).join('\n');

function run(core, bytes, llvmVersion, passes = '') {
  const r = runModule(core, bytes, { passes, llvmVersion, moduleId: 'm' });
  return { ok: r.ok, stage: r.stage, error: r.error && r.error.message, output: r.output ? Buffer.from(r.output).toString() : '' };
}

for (const v of LLVM_VERSIONS) {
  test(`bitcode: wopt on llvm-as-${v}'s bitcode prints what wopt prints on the text`, { timeout: 900000 }, async t => {
    if (!haveRealCore) return t.skip(NO_CORE);
    if (!haveAs(v)) return t.skip(`llvm-as-${v} not installed`);
    const core = await loadWopt({ wasmPath: REAL_WASM });
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bcread-'));
    let compared = 0, viaDis = 0; const notYet = [];
    try {
      for (const f of fixtures()) {
        const bc = path.join(tmp, 'x.bc');
        if (spawnSync(llvmAs(v), [f, '-o', bc]).status !== 0) continue;
        const text = run(core, fs.readFileSync(f), v);
        if (!text.ok || text.stage !== 'done' && !text.output) continue;   // wopt stops on the text too
        const bin = run(core, fs.readFileSync(bc), v);
        if (!bin.ok && NOT_YET.test(bin.error ?? '')) notYet.push(path.relative(REPO, f));
        assert.equal(bin.ok, true, `${path.relative(REPO, f)}: ${bin.error}`);
        if (body(bin.output) !== body(text.output)) {
          // llvm-as itself changed the module (its constant folder, intrinsic attributes), or LLVM's
          // bitcode reader does (the data layout upgrade): then the bitcode's own text, llvm-dis's, is
          // the reference; where LLVM reads the text differently from the bitcode (ODR-uniqued debug
          // types keep the fields of another declaration), opt's own print of the bitcode is
          const ll = path.join(tmp, 'x.ll');
          assert.equal(spawnSync(llvmDis(v), [bc, '-o', ll]).status, 0);
          const dis = run(core, fs.readFileSync(ll), v);
          if (body(bin.output) !== body(dis.output)) {
            const opt = spawnSync(path.join(llvmBin(v), 'opt'), ['-S', bc, '-o', '-']).stdout.toString();
            assert.equal(body(bin.output), body(opt), path.relative(REPO, f));
          }
          viaDis++;
        }
        compared++;
      }
    } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
    t.diagnostic(`compared ${compared} (${viaDis} against llvm-dis's text or opt's print of the bitcode)`);
    assert.deepEqual(notYet, []);
    assert.ok(compared >= 60, `compared ${compared} modules`);
  });

  test(`bitcode: mem2reg and mergefunc on llvm-as-${v}'s bitcode equal them on the text`, { timeout: 900000 }, async t => {
    if (!haveRealCore) return t.skip(NO_CORE);
    if (!haveAs(v)) return t.skip(`llvm-as-${v} not installed`);
    const core = await loadWopt({ wasmPath: REAL_WASM });
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bcread-'));
    let compared = 0; const viaOpt = [];
    try {
      for (const [dir, passes] of [['mem2reg22', 'function(mem2reg)'], ['mergefunc22', 'mergefunc'], [v === 19 ? 'll' : 'll22', 'mergefunc,function(mem2reg)']]) {
        const d = path.join(REPO, 'tests/fixtures', dir);
        if (!fs.existsSync(d)) continue;
        for (const name of fs.readdirSync(d).filter(n => n.endsWith('.ll')).sort()) {
          const f = path.join(d, name), bc = path.join(tmp, 'x.bc');
          if (spawnSync(llvmAs(v), [f, '-o', bc]).status !== 0) continue;
          const text = run(core, fs.readFileSync(f), v, passes);
          if (!text.ok) continue;
          const bin = run(core, fs.readFileSync(bc), v, passes);
          if (!bin.ok && NOT_YET.test(bin.error ?? '')) continue;
          assert.equal(bin.ok, true, `${dir}/${name}: ${bin.error}`);
          if (body(bin.output) !== body(text.output)) {
            // LLVM's bitcode reader numbers a body's blocks in layout order (the text parser: at
            // their first reference, blockaddress targets first), and mem2reg after LLVM 19 follows
            // those numbers: then opt's own output on the same bitcode is the reference
            const opt = spawnSync(path.join(llvmBin(v), 'opt'), ['-S', `-passes=${passes}`, bc, '-o', '-']);
            assert.equal(opt.status, 0, opt.stderr.toString());
            assert.equal(body(bin.output), body(opt.stdout.toString()), `${dir}/${name} -passes=${passes} (against opt-${v} on the bitcode)`);
            viaOpt.push(name);
          }
          compared++;
        }
      }
    } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
    t.diagnostic(`compared ${compared}; against opt-${v} on the bitcode: ${viaOpt.join(', ') || 'none'}`);
    assert.ok(compared >= 20, `compared ${compared} modules`);
  });
}

// Block numbers after a blockaddress: LLVM's bitcode reader makes the blocks a blockaddress names
// before their function's body first, then numbers every block of that body in layout order as it
// inserts them (the text parser: blocks at their first reference, blockaddress targets first), which
// mem2reg's phi order follows after LLVM 19; a body mergefunc replaces lets go of its blocks, and a
// blockaddress of one becomes `inttoptr (i32 1 to ptr)`, on the text as on the bitcode.
// @g and @h: one body twice (mergefunc merges them)
const baBody = name => `define i32 @${name}(i1 %c, i32 %a, i32 %b) {
entry:
  %x = alloca i32
  store i32 %a, ptr %x
  br i1 %c, label %P, label %M2
P:
  store i32 %b, ptr %x
  br i1 %c, label %M2, label %M1
M2:
  %v = load i32, ptr %x
  store i32 9, ptr %x
  br i1 %c, label %M1, label %end
M1:
  %v1 = load i32, ptr %x
  store i32 7, ptr %x
  br i1 %c, label %M2, label %end
end:
  %r = load i32, ptr %x
  ret i32 %r
}
`;
const BA_MODULE = `@ba2 = global ptr blockaddress(@h, %M1)\n${baBody('g')}${baBody('h')}`;
for (const v of LLVM_VERSIONS) {
  test(`bitcode: blocks a blockaddress names early are numbered as opt-${v} numbers them on bitcode`, async t => {
    if (!haveRealCore) return t.skip(NO_CORE);
    if (!haveAs(v)) return t.skip(`llvm-as-${v} not installed`);
    const core = await loadWopt({ wasmPath: REAL_WASM });
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bcread-'));
    try {
      const inputs = [['inline', BA_MODULE], ...['blockaddress-order.ll', 'rename-order.ll'].map(n =>
        [n, fs.readFileSync(path.join(REPO, 'tests/fixtures/mem2reg22', n), 'utf8')])];
      let differs = 0;
      for (const [name, src] of inputs) {
        const ll = path.join(tmp, 'x.ll'), bc = path.join(tmp, 'x.bc');
        fs.writeFileSync(ll, src);
        const as = spawnSync(llvmAs(v), [ll, '-o', bc]);
        assert.equal(as.status, 0, as.stderr.toString());
        for (const passes of ['', 'function(mem2reg)', 'mergefunc', 'mergefunc,function(mem2reg)']) {
          for (const input of [bc, ll]) {
            const opt = spawnSync(path.join(llvmBin(v), 'opt'), ['-S', ...(passes ? [`-passes=${passes}`] : []), input, '-o', '-']);
            assert.equal(opt.status, 0, opt.stderr.toString());
            const r = run(core, fs.readFileSync(input), v, passes);
            assert.equal(r.ok, true, r.error);
            assert.equal(body(r.output), body(opt.stdout.toString()), `${name} ${input === bc ? 'bitcode' : 'text'} -passes=${passes}`);
            if (passes.includes('mergefunc') && name !== 'rename-order.ll') assert.match(r.output, /inttoptr \(i32 1 to ptr\)/, `${name} -passes=${passes}`);
          }
          // the case this test is about: opt itself numbers the text and the bitcode differently
          if (v > 19 && passes.includes('mem2reg')) {
            const a = run(core, fs.readFileSync(bc), v, passes), b = run(core, fs.readFileSync(ll), v, passes);
            if (body(a.output) !== body(b.output)) differs++;
          }
        }
      }
      if (v > 19) assert.ok(differs >= 3, `bitcode and text numbered differently in ${differs} runs`);
    } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
  });
}

// Every debug-info node kind, with its fields away from their defaults (and at them), as [first LLVM
// version that has it, node]; node !i is numbered i (a node of a later version is `!{}`).
const DI_NODES = [
  [19, '!DIFile(filename: "a.c", directory: "/d")'],
  [19, '!DIFile(filename: "b\\5Cc\\22.c", directory: "", checksumkind: CSK_MD5, checksum: "0123456789abcdef0123456789abcdef", source: "int x;")'],
  [19, 'distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, flags: "-O2", runtimeVersion: 2, splitDebugFilename: "a.dwo", emissionKind: LineTablesOnly, enums: !2, retainedTypes: !2, globals: !2, imports: !2, macros: !2, dwoId: 7, splitDebugInlining: false, debugInfoForProfiling: true, nameTableKind: None, rangesBaseAddress: true, sysroot: "/", sdk: "x.sdk")'],
  [19, 'distinct !DICompileUnit(language: DW_LANG_Rust, file: !1, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)'],
  [19, '!DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)'],
  [19, '!DIBasicType(tag: DW_TAG_unspecified_type, name: "decltype(nullptr)")'],
  [19, '!DIBasicType(name: "u", size: 8, align: 8, encoding: DW_ATE_unsigned_char, flags: DIFlagBigEndian)'],
  [22, '!DIBasicType(name: "x", size: 16, align: 8, dataSize: 12, encoding: DW_ATE_signed, num_extra_inhabitants: 3)'],
  [19, '!DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)'],
  [19, '!DIDerivedType(tag: DW_TAG_member, name: "m", scope: !5, file: !1, line: 3, baseType: !5, size: 32, align: 32, offset: 64, flags: DIFlagPublic | DIFlagBitField | DIFlagStaticMember, extraData: i64 0, dwarfAddressSpace: 1, annotations: !2)'],
  [19, '!DIDerivedType(tag: DW_TAG_inheritance, scope: !5, baseType: !5, flags: DIFlagVirtual | DIFlagFwdDecl | DIFlagMultipleInheritance | DIFlagIntroducedVirtual)'],
  [19, '!DIDerivedType(tag: DW_TAG_LLVM_ptrauth_type, baseType: !5, ptrAuthKey: 2, ptrAuthIsAddressDiscriminated: true, ptrAuthExtraDiscriminator: 7, ptrAuthIsaPointer: false, ptrAuthAuthenticatesNullValues: true)'],
  [19, 'distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", scope: !1, file: !1, line: 2, baseType: !5, size: 64, align: 32, offset: 0, flags: DIFlagTypePassByValue | DIFlagNonTrivial, elements: !2, runtimeLang: DW_LANG_C, vtableHolder: !5, templateParams: !2, identifier: "_ZTS1S", discriminator: !5, dataLocation: !5, associated: !5, allocated: !5, rank: 3, annotations: !2)'],
  [19, '!DICompositeType(tag: DW_TAG_array_type, baseType: !5, size: 320, elements: !20)'],
  [22, 'distinct !DICompositeType(tag: DW_TAG_enumeration_type, name: "E", file: !1, line: 9, size: 32, num_extra_inhabitants: 2, elements: !2, enumKind: DW_APPLE_ENUM_KIND_Open, specification: !5, bitStride: i32 7)'],
  [19, '!DISubroutineType(types: !2)'],
  [19, '!DISubroutineType(flags: DIFlagPrototyped, cc: DW_CC_LLVM_Win64, types: null)'],
  [19, 'distinct !DISubprogram(name: "f", linkageName: "_Z1fv", scope: !1, file: !1, line: 4, type: !15, scopeLine: 5, containingType: !5, virtualIndex: 2, thisAdjustment: -8, flags: DIFlagPrototyped | DIFlagArtificial, spFlags: DISPFlagPureVirtual | DISPFlagDefinition | DISPFlagOptimized | DISPFlagMainSubprogram, unit: !3, templateParams: !2, declaration: !18, retainedNodes: !2, thrownTypes: !2, annotations: !2, targetFuncName: "g")'],
  [19, '!DISubprogram(name: "d", scope: !1, spFlags: 0)'],
  [19, '!{!21, !22}'],
  [19, '!DISubrange(count: 10, lowerBound: 1)'],
  [19, '!DISubrange(count: !5, upperBound: i64 -3, stride: i64 0)'],
  [19, '!DIGenericSubrange(count: 4, lowerBound: !DIExpression(DW_OP_constu, 2), upperBound: !5, stride: -2)'],
  [19, '!DIEnumerator(name: "A", value: -5)'],
  [19, '!DIEnumerator(name: "B", value: 18446744073709551615, isUnsigned: true)'],
  [19, '!DIEnumerator(name: "C", value: 170141183460469231731687303715884105727)'],
  [19, '!DILexicalBlock(scope: !17, file: !1, line: 7, column: 3)'],
  [19, '!DILexicalBlockFile(scope: !26, file: !1, discriminator: 0)'],
  [19, '!DINamespace(name: "ns", scope: null, exportSymbols: true)'],
  [19, '!DICommonBlock(scope: !17, declaration: null, name: "c", file: !1, line: 2)'],
  [19, '!DIMacro(type: DW_MACINFO_define, line: 3, name: "X", value: "1")'],
  [19, '!DIMacroFile(line: 1, file: !1, nodes: !2)'],
  [19, '!DIModule(scope: null, name: "M", configMacros: "-DX", includePath: "/i", apinotes: "a.apinotes", file: !1, line: 2, isDecl: true)'],
  [19, '!DITemplateTypeParameter(name: "T", type: !5, defaulted: true)'],
  [19, '!DITemplateValueParameter(name: "N", type: !5, value: i32 3)'],
  [19, '!DITemplateValueParameter(tag: DW_TAG_GNU_template_parameter_pack, name: "P", value: !2)'],
  [19, 'distinct !DIGlobalVariable(name: "g", linkageName: "_g", scope: !3, file: !1, line: 1, type: !5, isLocal: true, isDefinition: true, declaration: !9, templateParams: !2, align: 64, annotations: !2)'],
  [19, '!DIGlobalVariableExpression(var: !36, expr: !DIExpression(DW_OP_plus_uconst, 4, DW_OP_stack_value))'],
  [19, '!DILocalVariable(name: "v", arg: 2, scope: !17, file: !1, line: 5, type: !5, flags: DIFlagArtificial | DIFlagObjectPointer, align: 16, annotations: !2)'],
  [19, '!DILabel(scope: !17, name: "L", file: !1, line: 6)'],
  [22, '!DILabel(scope: !17, name: "K", file: !1, line: 6, column: 2, isArtificial: true, coroSuspendIdx: 4)'],
  [19, '!DIObjCProperty(name: "p", file: !1, line: 3, setter: "setP:", getter: "p", attributes: 5, type: !5)'],
  [19, '!DIImportedEntity(tag: DW_TAG_imported_declaration, name: "i", scope: !3, entity: !17, file: !1, line: 9, elements: !2)'],
  [19, 'distinct !DILocation(line: 3, column: 4, scope: !17, inlinedAt: !45, isImplicitCode: true)'],
  [19, '!DILocation(line: 0, scope: !17)'],
  [22, '!DILocation(line: 8, column: 1, scope: !17, atomGroup: 5, atomRank: 2)'],
  [19, '!{!DIExpression(DW_OP_LLVM_fragment, 0, 32), !DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_stack_value), !DIExpression(DW_OP_breg7, 8, DW_OP_deref_size, 4, DW_OP_lit0, DW_OP_LLVM_arg, 0), !DIExpression(4096, 3), !DIExpression(DW_OP_LLVM_entry_value, 1, DW_OP_reg5)}'],
  [22, '!DISubrangeType(name: "r", scope: !1, file: !1, line: 3, size: 8, align: 8, flags: DIFlagPrototyped, baseType: !5, lowerBound: i64 1, upperBound: i64 9, stride: i64 2, bias: i64 0)'],
  [22, '!DIFixedPointType(name: "fx", size: 32, align: 32, encoding: DW_ATE_signed_fixed, flags: DIFlagPrototyped, kind: Binary, factor: -4)'],
  [22, 'distinct !DICompileUnit(sourceLanguageName: DW_LNAME_C_plus_plus, sourceLanguageVersion: 201703, file: !1, isOptimized: false, runtimeVersion: 0, emissionKind: NoDebug)'],
  [22, 'distinct !DISubprogram(name: "k", scope: !1, spFlags: DISPFlagDefinition, unit: !3, keyInstructions: true)'],
  [22, '!DIFixedPointType(name: "fr", size: 32, align: 32, encoding: DW_ATE_signed_fixed, kind: Rational, numerator: 1234, denominator: -7)'],
  [22, '!DIFixedPointType(name: "fu", size: 64, encoding: DW_ATE_unsigned_fixed, kind: Rational, numerator: 340282366920938463463374607431768211455, denominator: 18446744073709551617)'],
  [19, '!GenericDINode(tag: DW_TAG_entry_point, header: "h\\00x", operands: {!1, null, !"s", i32 7, !DIFile(filename: "g.c", directory: "")})'],
  [19, 'distinct !GenericDINode(tag: 65535, operands: {!5})'],
  [19, '!GenericDINode(tag: DW_TAG_variable)'],
];
function diModule(v) {
  return '!named = !{' + DI_NODES.map((n, i) => [n, i]).filter(([n]) => n[0] <= v).map(([, i]) => '!' + i).join(', ') + '}\n' +
    DI_NODES.map((n, i) => `!${i} = ${n[0] <= v ? n[1] : '!{}'}`).join('\n') + '\n';
}
const mdLines = t => t.split('\n').filter(l => l.startsWith('!')).join('\n');

for (const v of LLVM_VERSIONS) {
  test(`bitcode: every debug-info node kind through llvm-as-${v} prints as opt-${v} prints it`, async t => {
    if (!haveRealCore) return t.skip(NO_CORE);
    if (!haveAs(v)) return t.skip(`llvm-as-${v} not installed`);
    const core = await loadWopt({ wasmPath: REAL_WASM });
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bcread-'));
    try {
      const ll = path.join(tmp, 'di.ll'), bc = path.join(tmp, 'di.bc');
      fs.writeFileSync(ll, diModule(v));
      const as = spawnSync(llvmAs(v), ['-disable-verify', ll, '-o', bc]);
      assert.equal(as.status, 0, as.stderr.toString());
      const opt = spawnSync(path.join(llvmBin(v), 'opt'), ['-S', '-disable-verify', bc, '-o', '-']);
      assert.equal(opt.status, 0, opt.stderr.toString());
      const r = runModule(core, fs.readFileSync(bc), { llvmVersion: v, moduleId: 'di.bc', verify: false });
      assert.equal(r.ok, true, r.error && r.error.message);
      const want = mdLines(opt.stdout.toString());
      assert.ok(want.split('\n').length >= 40);
      assert.equal(mdLines(Buffer.from(r.output).toString()), want);
    } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
  });

  // clang -g bitcode (and rustc's, SQLite's): wopt on it prints what wopt prints on llvm-dis's text of
  // it (module summary entries, which the text reader does not read, left out), and mem2reg and
  // mergefunc on it give the same output as on that text.
  test(`bitcode: clang-${v} -g bitcode of the fixture sources, SQLite and rustc's read as their text`, { timeout: 900000 }, async t => {
    if (!haveRealCore) return t.skip(NO_CORE);
    const clang = path.join(llvmBin(v), 'clang');
    if (!fs.existsSync(clang) || !fs.existsSync(llvmDis(v))) return t.skip(`clang-${v} not installed`);
    const core = await loadWopt({ wasmPath: REAL_WASM });
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bcread-'));
    const src = path.join(REPO, 'tests/fixtures/src');
    const inputs = [];
    for (const name of fs.readdirSync(src).filter(n => /\.(c|cpp)$/.test(n)).sort())
      for (const o of ['-O0', '-O2']) inputs.push({ name: `${name} ${o}`, cmd: [clang, '-c', '-emit-llvm', '-g', o, path.join(src, name)] });
    const sqlite = [path.join(REPO, '../shared/real-programs/sqlite3.c'), path.join(REPO, 'node_modules/better-sqlite3/deps/sqlite3/sqlite3.c')].find(f => fs.existsSync(f));
    if (sqlite) inputs.push({ name: 'sqlite3.c -O0', cmd: [clang, '-c', '-emit-llvm', '-g', '-O0', sqlite], big: true });
    const rustc = spawnSync('rustc', ['--version']).status === 0 && v === 22;
    if (rustc) {
      const rs = path.join(tmp, 'r.rs');
      fs.writeFileSync(rs, 'pub struct P { x: f64, y: f64 }\nimpl P { pub fn len(&self) -> f64 { (self.x * self.x + self.y * self.y).sqrt() } }\n' +
        'pub fn sum(v: &[u64]) -> u64 { v.iter().sum() }\npub fn name(v: Option<&str>) -> usize { v.map(|s| s.len()).unwrap_or(0) }\n');
      for (const o of ['0', '2']) inputs.push({ name: `rustc -C opt-level=${o}`, cmd: ['rustc', '--crate-type=lib', '--emit=llvm-bc', '-g', '-C', `opt-level=${o}`, rs] });
    }
    let compared = 0, viaOpt = 0;
    try {
      for (const inp of inputs) {
        const bc = path.join(tmp, 'x.bc'), ll = path.join(tmp, 'x.ll');
        const made = spawnSync(inp.cmd[0], [...inp.cmd.slice(1), '-o', bc]);
        if (made.status !== 0) continue;
        assert.equal(spawnSync(llvmDis(v), [bc, '-o', ll]).status, 0);
        fs.writeFileSync(ll, fs.readFileSync(ll, 'utf8').split('\n').filter(l => !l.startsWith('^')).join('\n'));
        for (const passes of inp.big ? [''] : ['', 'function(mem2reg)', 'mergefunc']) {
          const text = run(core, fs.readFileSync(ll), v, passes);
          assert.equal(text.ok, true, `${inp.name} (text) ${passes}: ${text.error}`);
          const bin = run(core, fs.readFileSync(bc), v, passes);
          assert.equal(bin.ok, true, `${inp.name} ${passes}: ${bin.error}`);
          if (body(bin.output) !== body(text.output)) {
            // the bitcode's use-list orders (its USELIST records) are not in llvm-dis's text: then
            // opt's own output on the bitcode is the reference
            const opt = spawnSync(path.join(llvmBin(v), 'opt'), ['-S', ...(passes ? [`-passes=${passes}`] : []), bc, '-o', '-'], { maxBuffer: 1 << 30 });
            assert.equal(opt.status, 0, opt.stderr.toString());
            assert.ok(body(bin.output) === body(opt.stdout.toString()), `${inp.name} -passes=${passes}: wopt on the bitcode differs from wopt on llvm-dis's text and from opt-${v} on the bitcode`);
            viaOpt++;
          }
          compared++;
        }
      }
    } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
    t.diagnostic(`compared ${compared} runs (${inputs.length} inputs${rustc ? ', rustc among them' : ''}${sqlite ? ', SQLite among them' : ''}; ${viaOpt} against opt-${v} on the bitcode)`);
    assert.ok(compared >= 40, `compared ${compared}`);
  });
}

// A small valid module's bitcode.
function sample() {
  const v = LLVM_VERSIONS.find(haveAs);
  if (v === undefined) return null;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bcread-'));
  try {
    const out = path.join(tmp, 'x.bc');
    assert.equal(spawnSync(llvmAs(v), [path.join(REPO, 'tests/fixtures/printer-instructions.ll'), '-o', out]).status, 0);
    return { v, bytes: new Uint8Array(fs.readFileSync(out)) };
  } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
}

test('bitcode: bad bitcode gets an error naming the block and bit offset', async t => {
  if (!haveRealCore) return t.skip(NO_CORE);
  const s = sample();
  if (!s) return t.skip('no llvm-as');
  const core = await loadWopt({ wasmPath: REAL_WASM });
  const good = run(core, s.bytes, s.v);
  assert.equal(good.ok, true, good.error);
  // truncated (a whole number of words, so the container check passes); too short to hold a
  // module, it holds none, as LLVM's reader finds
  assert.equal(run(core, s.bytes.slice(0, 8), s.v).error, 'Expected a single module');
  for (const cut of [64, 200, s.bytes.length >> 1]) {
    const r = run(core, s.bytes.slice(0, cut & ~3), s.v);
    assert.equal(r.ok, false, `cut at ${cut}`);
    assert.match(r.error, /bit offset \d+/, `cut at ${cut}: ${r.error}`);
  }
  // a length that is not a whole number of words
  const odd = run(core, s.bytes.slice(0, 4 * 10 + 1), s.v);
  assert.equal(odd.ok, false);
  assert.match(odd.error, /multiple of 4 bytes/);
  // a metadata id referenced but never defined (a mutant the --bitcode fuzzer found, of clang-22's
  // exceptions_rtti.cpp -g bitcode: opt-22 crashes printing it, wopt's printer recursed without end)
  const unresolved = new Uint8Array(fs.readFileSync(path.join(REPO, 'tests/node/fixtures/bitcode/unresolved-metadata.bc')));
  const u = run(core, unresolved, 22);
  assert.equal(u.ok, false);
  assert.match(u.error, /^Invalid metadata: a reference to metadata id \d+ that is never defined \(\w+_BLOCK, bit offset \d+\)$/);
});

test('bitcode: mutated bitcode never traps or hangs the reader', async t => {
  if (!haveRealCore) return t.skip(NO_CORE);
  const s = sample();
  if (!s) return t.skip('no llvm-as');
  const core = await loadWopt({ wasmPath: REAL_WASM });
  // the instructions sample, and the module of every debug-info node kind (its records mutated)
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bcread-'));
  const samples = [s.bytes];
  try {
    fs.writeFileSync(path.join(tmp, 'di.ll'), diModule(s.v));
    if (spawnSync(llvmAs(s.v), ['-disable-verify', path.join(tmp, 'di.ll'), '-o', path.join(tmp, 'di.bc')]).status === 0)
      samples.push(new Uint8Array(fs.readFileSync(path.join(tmp, 'di.bc'))));
  } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
  let seed = 12345;
  const rnd = n => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
  for (const bytes of samples) {
    let failedClean = 0;
    for (let round = 0; round < 300; round++) {
      const b = new Uint8Array(bytes);
      const flips = 1 + rnd(4);
      for (let k = 0; k < flips; k++) {
        const at = 4 + rnd(b.length - 4);
        if (rnd(2)) b[at] ^= 1 << rnd(8); else b[at] = rnd(256);
      }
      const r = run(core, b, s.v);
      if (!r.ok) {
        assert.ok(!/internal error|unreachable|RuntimeError/i.test(r.error ?? ''), `round ${round}: ${r.error}`);
        failedClean++;
      }
    }
    assert.ok(failedClean > 0, 'some mutants must be rejected');
  }
  assert.equal(samples.length, 2);
});

// opt reads a file of exactly one module: two concatenated by llvm-cat -b, or none (a bare magic
// number), are refused with its words and wopt's `file: error:` prefix; up to 8 bytes of padding
// after the module are passed over, as LLVM's reader does.
for (const v of LLVM_VERSIONS) {
  test(`bitcode: a file of two modules or of none is refused as opt-${v} refuses it; padding is not`, async t => {
    if (!haveRealCore) return t.skip(NO_CORE);
    if (!haveAs(v) || !fs.existsSync(path.join(llvmBin(v), 'llvm-cat'))) return t.skip(`llvm-as-${v} or llvm-cat-${v} not installed`);
    const opt = path.join(llvmBin(v), 'opt');
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bcread-'));
    try {
      const bc = name => path.join(tmp, `${name}.bc`);
      for (const [name, fn] of [['a', 'define i32 @a() {\n  ret i32 1\n}\n'], ['b', 'define i32 @b() {\n  ret i32 2\n}\n']]) {
        fs.writeFileSync(path.join(tmp, `${name}.ll`), fn);
        assert.equal(spawnSync(llvmAs(v), [path.join(tmp, `${name}.ll`), '-o', bc(name)]).status, 0);
      }
      assert.equal(spawnSync(path.join(llvmBin(v), 'llvm-cat'), ['-b', bc('a'), bc('b'), '-o', bc('two')]).status, 0);
      const a = fs.readFileSync(bc('a'));
      fs.writeFileSync(bc('none'), Buffer.from([0x42, 0x43, 0xc0, 0xde, 0, 0, 0, 0]));
      fs.writeFileSync(bc('pad4'), Buffer.concat([a, Buffer.alloc(4)]));
      fs.writeFileSync(bc('pad8'), Buffer.concat([a, Buffer.from('garbage!')]));
      for (const [name, ok] of [['two', false], ['none', false], ['pad4', true], ['pad8', true]]) {
        const want = spawnSync(opt, ['-S', `${name}.bc`, '-o', '-'], { cwd: tmp, encoding: 'utf8' });
        const got = spawnSync(process.execPath, [CLI, `--llvm-version=${v}`, '-S', `${name}.bc`, '-o', '-'], { cwd: tmp, encoding: 'utf8', env: { ...process.env, WOPT_WASM: REAL_WASM } });
        assert.equal(want.status, ok ? 0 : 1, `opt-${v} on ${name}: ${want.stderr}`);
        assert.equal(got.status, want.status, `${name}: ${got.stderr}`);
        if (ok) assert.equal(got.stdout, want.stdout, name);
        else assert.equal(got.stderr, `wopt: ${name}.bc: error: Expected a single module\n`);
      }
    } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
  });
}

// LLVM 22's bitcode under --llvm-version=19 is read as opt-19 reads it: what LLVM 19's reader does
// not know (attribute kinds, ptrtoaddr, new atomicrmw operations, samesign) is refused as opt-19
// refuses it (an unknown attribute kind in its words), a constant ptrtoaddr is poison, a memory
// attribute is read in LLVM 19's layout, and the rest as opt-19 prints it.
test('bitcode: LLVM 22 bitcode under --llvm-version=19 is read as opt-19 reads it', async t => {
  if (!haveRealCore) return t.skip(NO_CORE);
  if (!haveAs(22) || !fs.existsSync(path.join(llvmBin(19), 'opt'))) return t.skip('llvm-as-22 or opt-19 not installed');
  const CASES = [
    'declare void @f(ptr captures(none))', 'declare void @f(ptr nocapture)', 'declare void @f(ptr captures(address))',
    'declare void @f() sanitize_type', 'declare void @f(i32 noext)', 'declare void @f() nodivergencesource',
    'declare void @f() coro_elide_safe', 'declare void @f() sanitize_realtime', 'declare void @f() sanitize_realtime_blocking',
    'declare void @f(ptr dead_on_return)', 'declare void @f() sanitize_alloc_token', 'declare void @f() nocreateundeforpoison',
    'declare void @f() hybrid_patchable',
    'define i64 @f(ptr %p) {\n  %a = ptrtoaddr ptr %p to i64\n  ret i64 %a\n}',
    'define float @f(ptr %p, float %x) {\n  %m = atomicrmw fmaximum ptr %p, float %x seq_cst\n  ret float %m\n}',
    'define i32 @f(ptr %p, i32 %x) {\n  %m = atomicrmw usub_sat ptr %p, i32 %x seq_cst\n  ret i32 %m\n}',
    'define i1 @f(i32 %a) {\n  %c = icmp samesign ult i32 %a, 1\n  ret i1 %c\n}',
    // read
    'declare void @f(ptr writable, ptr initializes((0, 4))) sanitize_numerical_stability optdebug',
    'declare void @f() memory(errnomem: read)', 'declare void @f() memory(readwrite, errnomem: none)',
    'declare void @f() memory(argmem: write, inaccessiblemem: read)',
    '@g = global i64 0\n@h = global i64 ptrtoaddr (ptr @g to i64)',
    'define i1 @f(float %a) {\n  %c = fcmp fast olt float %a, 1.0\n  ret i1 %c\n}',
  ];
  const opt19 = path.join(llvmBin(19), 'opt');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bcread-'));
  let refused = 0;
  try {
    for (const text of CASES) {
      const ll = path.join(tmp, 'x.ll'), bc = path.join(tmp, 'x.bc');
      fs.writeFileSync(ll, text + '\n');
      assert.equal(spawnSync(llvmAs(22), [ll, '-o', bc]).status, 0, text);
      const want = spawnSync(opt19, ['-S', 'x.bc', '-o', '-'], { cwd: tmp, encoding: 'utf8' });
      const got = spawnSync(process.execPath, [CLI, '--llvm-version=19', '-S', 'x.bc', '-o', '-'], { cwd: tmp, encoding: 'utf8', env: { ...process.env, WOPT_WASM: REAL_WASM } });
      assert.equal(got.status, want.status, `${text}\nopt-19: ${want.stderr}\nwopt: ${got.stderr}`);
      if (want.status === 0) { assert.equal(got.stdout, want.stdout, text); continue; }
      refused++;
      const kind = want.stderr.match(/error: (Unknown attribute kind \(\d+\))/);
      if (kind) assert.match(got.stderr, new RegExp(`^wopt: x\\.bc: error: ${kind[1].replace(/[()]/g, '\\$&')} \\(PARAMATTR_GROUP_BLOCK, bit offset \\d+\\)\n$`), text);
    }
  } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
  assert.equal(refused, 17);
});
