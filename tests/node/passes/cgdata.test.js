// Codegen data (assembly/cgdata/, bindings/cgdata.js): LLVM 22's stable function map — what
// `opt -codegen-data-generate -passes=global-merge-func` embeds in a module, and the .cgdata file
// `llvm-cgdata --merge` makes of the round-1 objects — read and written by wopt byte for byte.
//
// - tests/fixtures/cgdata/m{1,2,3}.c compiled by clang-22, round 1 by opt-22 (text and bitcode),
//   objects by llc-22: wopt reads each module's embedded map (equal to the object's __llvm_merge
//   section), writes it back unchanged, and merges them into the file llvm-cgdata-22 --merge
//   writes (trimmed and --skip-trim); llvm-cgdata-22 --show and --convert read wopt's file as
//   wopt reads llvm-cgdata's;
// - the same on some of zstd's files (../shared/real-programs/zstd), with a hundred hashes in one
//   module (the unordered_map whose order names the merged map's names grows several times);
// - maps built directly (tests/fixtures/cgdata/maps.json and a generated one): wopt writes what
//   llvm-cgdata-22 --convert writes for the same functions as YAML, and merges and finalizes as
//   llvm-cgdata-22 --merge does objects holding those maps (several maps in one section too);
// - outlined hash trees (llc's __llvm_outline with the machine outliner, AArch64) merged and
//   written with the map as llvm-cgdata-22 does, objects in ar archives too;
// - the merge sections of Mach-O, COFF, 32-bit and big-endian ELF objects, read as llvm-cgdata-22
//   reads them;
// - without LLVM: the checked-in round-1 modules m{1,2,3}.r1.ll merge into the checked-in
//   merged.cgdata / merged-skip-trim.cgdata (made by llvm-cgdata-22 --merge from their objects);
// - embedding: a map put in a module as opt-22 -codegen-data-generate puts it (the
//   @llvm.embedded.object global, @llvm.compiler.used, !llvm.embedded.objects, !exclude), text
//   and bitcode, against opt-22 with merging turned off (-global-merging-min-merges);
// - a function's operand hashes in the order LLVM 22's DenseMap of them iterates (what
//   global-merge-func's parameters follow), against the DenseMap itself (densemap-order.cpp built
//   with the installed LLVM 22 headers);
// - errors: what llvm-cgdata says about a file that is not codegen data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { REPO, haveRealCore, NO_CORE, llvmBin, tempDir } from '../helpers.js';

const FIX = path.join(REPO, 'tests/fixtures/cgdata');
const BIN = llvmBin(22);
const tool = name => path.join(BIN, name);
const TOOLS = ['clang', 'opt', 'llc', 'llvm-cgdata', 'llvm-dis', 'llvm-ar'];
const missing = TOOLS.filter(t => !fs.existsSync(tool(t)));
const skipLLVM = (!haveRealCore && NO_CORE) || (missing.length > 0 && `${missing.map(tool).join(', ')} not installed (apt-get install llvm-22 clang-22)`);
const ZSTD = path.resolve(REPO, '../shared/real-programs/zstd/lib');
const skipZstd = skipLLVM || (!fs.existsSync(ZSTD) && `${ZSTD} not there`);

let corePromise = null;
async function core() {
  corePromise ??= (async () => {
    const { loadWopt } = await import('../../../bindings/node.js');
    return loadWopt();
  })();
  return corePromise;
}
const cg = await import('../../../bindings/cgdata.js');

const llvm = (name, args, opts = {}) => execFileSync(tool(name), args, { maxBuffer: 1 << 28, ...opts });
const same = (a, b, what) => assert.ok(Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0, `${what}: ${a.length} bytes vs ${b.length}, first difference at ${firstDiff(a, b)}`);
function firstDiff(a, b) { let i = 0; while (i < a.length && i < b.length && a[i] === b[i]) i++; return i; }

// The checks every merge goes through: wopt's .cgdata of `sections` equals llvm-cgdata's of
// `objects`, trimmed and not; --show and --convert read wopt's file as wopt reads llvm-cgdata's.
function checkMerge(c, dir, sections, objects, what) {
  for (const skipTrim of [false, true]) {
    const label = `${what}${skipTrim ? ' --skip-trim' : ''}`;
    const expected = path.join(dir, `llvm${skipTrim ? '-st' : ''}.cgdata`);
    llvm('llvm-cgdata', ['--merge', ...(skipTrim ? ['--skip-trim'] : []), ...objects, '-o', expected]);
    const mine = cg.mergeCodegenData(c, sections, { skipTrim });
    same(mine, fs.readFileSync(expected), label);
    const file = path.join(dir, `wopt${skipTrim ? '-st' : ''}.cgdata`);
    fs.writeFileSync(file, mine);
    const info = cg.readCodegenData(c, fs.readFileSync(expected));
    assert.equal(cg.showCodegenData(info, { showVersion: true }), llvm('llvm-cgdata', ['--show', '--cgdata-version', file], { encoding: 'utf8' }), `${label}: --show`);
    assert.equal(cg.codegenDataYAML(info), llvm('llvm-cgdata', ['--convert', file], { encoding: 'utf8' }), `${label}: --convert`);
    // read and written again: the same file (what --convert --format binary does)
    assert.ok(c.cgdataRead(mine).ok);
    same(c.cgdataWrite(cg.CGDATA_WRITE.converted).bytes, mine, `${label}: read and written again`);
  }
}

// Round 1 on C files: clang-22 -O2, opt-22 -codegen-data-generate -passes=global-merge-func
// (output as text or bitcode), llc-22; wopt's reading of each module's map against the object's.
async function roundOne(t, dir, sources, { clangArgs = [], llcArgs = [], bitcode = false } = {}) {
  const c = await core();
  const sections = [], objects = [];
  for (const src of sources) {
    const base = path.basename(src, '.c');
    llvm('clang', ['-O2', ...clangArgs, '-S', '-emit-llvm', src, '-o', path.join(dir, `${base}.ll`)]);
    const r1 = path.join(dir, `${base}.r1.${bitcode ? 'bc' : 'll'}`);
    llvm('opt', ['-codegen-data-generate', '-passes=global-merge-func', `${base}.ll`, ...(bitcode ? [] : ['-S']), '-o', r1], { cwd: dir });
    const obj = path.join(dir, `${base}.o`);
    llvm('llc', ['-filetype=obj', ...llcArgs, r1, '-o', obj]);
    const embedded = cg.embeddedFunctionMap(c, fs.readFileSync(r1), { moduleId: r1 });
    const fromObject = cg.objectMergeSections(fs.readFileSync(obj));
    assert.equal(fromObject.length, embedded.length > 0 ? 1 : 0, `${base}: merge sections in the object`);
    if (embedded.length) same(embedded, fromObject[0], `${base}: the embedded map against the object's section`);
    if (embedded.length) {
      // one map, read as it is and written again
      assert.ok(c.cgdataBegin().ok);
      const r = c.cgdataReadRecord(embedded);
      assert.ok(r.ok, r.message);
      same(c.cgdataWrite(cg.CGDATA_WRITE.record).bytes, embedded, `${base}: the embedded map read and written again`);
    }
    sections.push(embedded);
    objects.push(obj);
  }
  return { c, sections, objects };
}

test('round 1 of our C fixtures: embedded maps as in the objects, merged as llvm-cgdata-22 --merge', { skip: skipLLVM }, async t => {
  const dir = tempDir(t);
  for (const bitcode of [false, true]) {
    const { c, sections, objects } = await roundOne(t, dir, ['m1', 'm2', 'm3'].map(m => path.join(FIX, `${m}.c`)), { bitcode });
    assert.ok(sections.every(s => s.length > 0));
    checkMerge(c, dir, sections, objects, bitcode ? 'fixtures (bitcode)' : 'fixtures');
    // command-line order matters for the names: reversed
    checkMerge(c, dir, [...sections].reverse(), [...objects].reverse(), 'fixtures reversed');
  }
});

test('round 1 of zstd files: embedded maps as in the objects, merged as llvm-cgdata-22 --merge', { skip: skipZstd }, async t => {
  const dir = tempDir(t);
  const files = ['common/entropy_common', 'common/fse_decompress', 'compress/hist', 'compress/huf_compress',
    'compress/zstd_fast', 'compress/zstd_double_fast', 'compress/zstd_lazy'].map(f => path.join(ZSTD, `${f}.c`));
  const { c, sections, objects } = await roundOne(t, dir, files, { clangArgs: ['-DZSTD_DISABLE_ASM', `-I${ZSTD}`, `-I${ZSTD}/common`], bitcode: true });
  // zstd_lazy's own map has more than a hundred hashes
  const lazy = sections[files.length - 1];
  assert.ok(c.cgdataReadRecord(lazy).ok);
  assert.ok(c.cgdataWrite(3).ok);
  checkMerge(c, dir, sections, objects, 'zstd');
});

test('outlined hash trees (AArch64 objects, the machine outliner) merged as llvm-cgdata-22 --merge', { skip: skipLLVM }, async t => {
  const dir = tempDir(t);
  const { c, objects } = await roundOne(t, dir, ['m1', 'm2', 'm3', 'outline'].map(m => path.join(FIX, `${m}.c`)),
    { clangArgs: ['--target=aarch64-linux-gnu'], llcArgs: ['-enable-machine-outliner', '-codegen-data-generate'], bitcode: true });
  const inputs = objects.map(f => cg.objectCodegenDataSections(fs.readFileSync(f)));
  assert.ok(inputs.filter(i => i.outline.length > 0).length >= 3, 'objects with outlined hash trees');
  checkMerge(c, dir, inputs, objects, 'AArch64 objects');
  const info = cg.readCodegenData(c, cg.mergeObjectFiles(c, objects.map(f => fs.readFileSync(f))));
  assert.ok(info.tree && info.tree.nodeCount > 50 && info.map, 'a tree and a map');
  // archives (GNU, with a long member name, and BSD): their members in order. llvm-cgdata-22 aligns
  // a map's names by address, so a member whose data is not 4-aligned in the archive is misread
  // (it crashes on one): such archives are left out of the comparison
  const long = path.join(dir, 'an-object-file-with-a-long-name.o');
  fs.copyFileSync(objects[0], long);
  llvm('llvm-ar', ['rcs', path.join(dir, 'gnu.a'), long, objects[1]]);
  llvm('llvm-ar', ['rcs', '--format=bsd', path.join(dir, 'bsd.a'), objects[2], long]);
  const aligned = f => { const b = fs.readFileSync(f); return cg.archiveMembers(b).every(m => (m.byteOffset - b.byteOffset) % 4 === 0); };
  const files = [path.join(dir, 'gnu.a'), objects[3], path.join(dir, 'bsd.a')].filter(f => !f.endsWith('.a') || aligned(f));
  assert.ok(files.some(f => f.endsWith('.a')), 'an archive with aligned members');
  llvm('llvm-cgdata', ['--merge', ...files, '-o', path.join(dir, 'archives.cgdata')]);
  same(cg.mergeObjectFiles(c, files.map(f => fs.readFileSync(f))), fs.readFileSync(path.join(dir, 'archives.cgdata')), 'archives');
  // a tree read from YAML by llvm-cgdata-22 --convert (a root with many successors: the
  // successor list wraps in the YAML), read and written back
  let yaml = '# Outlined stable hash tree\n:outlined_hash_tree\n---\n0:\n  Hash:            0x0\n  Terminals:       0\n  SuccessorIds:    [ ';
  yaml += Array.from({ length: 40 }, (_, i) => i + 1).join(', ') + ' ]\n';
  for (let i = 1; i <= 40; i++) yaml += `${i}:\n  Hash:            0x${(BigInt(i) * 0x9E3779B97F4A7C15n % (1n << 64n)).toString(16).toUpperCase()}\n  Terminals:       ${i % 3}\n  SuccessorIds:    [  ]\n`;
  yaml += '...\n';
  fs.writeFileSync(path.join(dir, 'tree.yaml'), yaml);
  llvm('llvm-cgdata', ['--convert', '--format', 'binary', path.join(dir, 'tree.yaml'), '-o', path.join(dir, 'tree.cgdata')]);
  const bytes = fs.readFileSync(path.join(dir, 'tree.cgdata'));
  const tree = cg.readCodegenData(c, bytes);
  assert.equal(cg.codegenDataYAML(tree), llvm('llvm-cgdata', ['--convert', path.join(dir, 'tree.cgdata')], { encoding: 'utf8' }));
  assert.equal(cg.showCodegenData(tree), llvm('llvm-cgdata', ['--show', path.join(dir, 'tree.cgdata')], { encoding: 'utf8' }));
  assert.ok(c.cgdataRead(bytes).ok);
  same(c.cgdataWrite(cg.CGDATA_WRITE.converted).bytes, bytes, 'tree read and written again');
});

// ---- maps built directly ----
const MAPS = JSON.parse(fs.readFileSync(path.join(FIX, 'maps.json'), 'utf8'));

// A reproducible map of many hashes: `objects` objects of one map each, functions drawn from
// `hashes` hashes (instruction counts and operand positions follow the hash, so that most groups
// agree; a few do not), operand hashes from a small pool (so that some are trimmed).
function generated(objects, perObject, hashes, seed = 1) {
  let s = BigInt(seed);
  const next = () => { s ^= (s << 13n) & 0xffffffffffffffffn; s ^= s >> 7n; s ^= (s << 17n) & 0xffffffffffffffffn; return s; };
  const pool = Array.from({ length: hashes }, () => next());
  const out = [];
  for (let o = 0; o < objects; o++) {
    const fns = [];
    for (let i = 0; i < perObject; i++) {
      const h = pool[Number(next() % BigInt(hashes))];
      const shape = Number(h % 7n);
      const instCount = 3 + shape + (next() % 23n === 0n ? 1 : 0);
      const operandHashes = [];
      for (let k = 0; k < shape % 4; k++) operandHashes.push({ inst: (k * 2) % instCount, opnd: k % 2, hash: next() % 3n });
      fns.push({ hash: h, name: `f${o}_${i}`, module: `mod${(o * 7 + i) % 5}.c`, instCount, operandHashes });
    }
    out.push([fns]);
  }
  return out;
}

// llvm-cgdata-22 --convert --format binary of the functions as YAML (inserted in that order).
function llvmConvert(dir, functions, name) {
  const yaml = path.join(dir, `${name}.yaml`), out = path.join(dir, `${name}.cgdata`);
  fs.writeFileSync(yaml, cg.codegenDataYAML({ map: { functions } }));
  llvm('llvm-cgdata', ['--convert', '--format', 'binary', yaml, '-o', out]);
  return fs.readFileSync(out);
}
const esc = b => Array.from(b, x => x >= 0x20 && x < 0x7f && x !== 0x22 && x !== 0x5c ? String.fromCharCode(x) : '\\' + x.toString(16).toUpperCase().padStart(2, '0')).join('');
// A module holding serialized maps in its merge section, one global each.
function sectionModule(records, triple = 'x86_64-unknown-linux-gnu', section = '__llvm_merge') {
  let s = `target triple = "${triple}"\n\n`;
  records.forEach((r, i) => { s += `@rec${i} = private constant [${r.length} x i8] c"${esc(r)}", section "${section}", align 4\n`; });
  s += `@llvm.compiler.used = appending global [${records.length} x ptr] [${records.map((_, i) => `ptr @rec${i}`).join(', ')}], section "llvm.metadata"\n`;
  return s;
}

test('maps built directly are written as llvm-cgdata-22 --convert writes them', { skip: skipLLVM }, async t => {
  const dir = tempDir(t);
  const c = await core();
  const cases = [['inserted', MAPS.inserted], ['generated', generated(1, 120, 50, 7)[0][0]], ['empty', []]];
  for (const [name, functions] of cases) {
    const expected = llvmConvert(dir, functions, name);
    same(cg.writeFunctionMap(c, functions, { write: 'converted' }), expected, `${name}: .cgdata`);
    same(cg.writeFunctionMap(c, functions, { write: 'record' }), expected.subarray(32), `${name}: the map alone`);
    const info = cg.readCodegenData(c, expected);
    assert.equal(cg.codegenDataYAML(info), llvm('llvm-cgdata', ['--convert', path.join(dir, `${name}.cgdata`)], { encoding: 'utf8' }), `${name}: --convert`);
    assert.ok(c.cgdataRead(expected).ok);
    same(c.cgdataWrite(cg.CGDATA_WRITE.converted).bytes, expected, `${name}: read and written again`);
  }
});

test('maps built directly merge and finalize as llvm-cgdata-22 --merge merges objects holding them', { skip: skipLLVM }, async t => {
  const dir = tempDir(t);
  const c = await core();
  const cases = [...MAPS.merges.map(m => [m.name, m.objects]), ['generated', generated(4, 60, 70, 11)],
    ['generated, two maps a section', generated(6, 30, 40, 5).reduce((a, o, i) => { if (i % 2) a[a.length - 1].push(o[0]); else a.push([o[0]]); return a; }, [])]];
  for (const [name, objects] of cases) {
    const sections = [], objs = [];
    objects.forEach((records, o) => {
      const bytes = records.map((fns, r) => {
        const rec = llvmConvert(dir, fns, `${o}-${r}`).subarray(32);
        same(cg.writeFunctionMap(c, fns, { write: 'record' }), rec, `${name}: object ${o} map ${r}`);
        return rec;
      });
      const ll = path.join(dir, `obj${o}.ll`), obj = path.join(dir, `obj${o}.o`);
      fs.writeFileSync(ll, sectionModule(bytes));
      llvm('llc', ['-filetype=obj', ll, '-o', obj]);
      const embedded = cg.embeddedFunctionMap(c, fs.readFileSync(ll), { moduleId: ll });
      same(embedded, cg.objectMergeSections(fs.readFileSync(obj))[0], `${name}: object ${o}'s section`);
      sections.push(embedded);
      objs.push(obj);
    });
    checkMerge(c, dir, sections, objs, name);
  }
});

test('merge sections of Mach-O, COFF, 32-bit and big-endian objects read as llvm-cgdata-22 reads them', { skip: skipLLVM }, async t => {
  const dir = tempDir(t);
  const c = await core();
  const records = MAPS.merges[0].objects.map(recs => recs.map(fns => cg.writeFunctionMap(c, fns, { write: 'record' })));
  // [triple, the section the module puts its map in]; llvm-cgdata reads a COFF object's
  // __llvm_merge, not the .lmerge LLVM gives a Windows target (objectMergeSections)
  const cases = [['arm64-apple-macosx14.0.0', '__DATA,__llvm_merge'], ['armv7-apple-ios', '__DATA,__llvm_merge'],
    ['x86_64-pc-windows-msvc', '.lmerge'], ['x86_64-pc-windows-msvc', '__llvm_merge'], ['i686-pc-windows-msvc', '__llvm_merge'],
    ['aarch64-pc-windows-msvc', '__llvm_merge'], ['i386-unknown-linux-gnu', '__llvm_merge'], ['powerpc64-unknown-linux-gnu', '__llvm_merge']];
  for (const [triple, section] of cases) {
    const objs = [], sections = [];
    records.forEach((recs, o) => {
      const ll = path.join(dir, `obj${o}.ll`), obj = path.join(dir, `obj${o}.o`);
      fs.writeFileSync(ll, sectionModule(recs, triple, section));
      llvm('llc', ['-filetype=obj', ll, '-o', obj]);
      const found = cg.objectMergeSections(fs.readFileSync(obj));
      const read = !(triple.includes('windows') && section === '.lmerge');
      assert.equal(found.length, read ? 1 : 0, `${triple} ${section}: sections`);
      // the module's merge section is the one its triple names (.lmerge for Windows)
      const own = triple.includes('windows') ? section === '.lmerge' : true;
      same(cg.embeddedFunctionMap(c, fs.readFileSync(ll)), own ? Buffer.concat(recs) : new Uint8Array(0), `${triple} ${section}: embedded`);
      sections.push(...found);
      objs.push(obj);
    });
    const expected = path.join(dir, 'llvm.cgdata');
    llvm('llvm-cgdata', ['--merge', ...objs, '-o', expected]);
    same(cg.mergeCodegenData(c, sections), fs.readFileSync(expected), `${triple} ${section}`);
  }
});

test('the checked-in round-1 modules merge into the checked-in .cgdata files', { skip: !haveRealCore && NO_CORE }, async () => {
  const c = await core();
  const sections = ['m1', 'm2', 'm3'].map(m => cg.embeddedFunctionMap(c, fs.readFileSync(path.join(FIX, `${m}.r1.ll`)), { moduleId: `${m}.r1.ll` }));
  same(cg.mergeCodegenData(c, sections), fs.readFileSync(path.join(FIX, 'merged.cgdata')), 'merged.cgdata');
  same(cg.mergeCodegenData(c, sections, { skipTrim: true }), fs.readFileSync(path.join(FIX, 'merged-skip-trim.cgdata')), 'merged-skip-trim.cgdata');
  const info = cg.readCodegenData(c, fs.readFileSync(path.join(FIX, 'merged.cgdata')));
  assert.equal(cg.showCodegenData(info), fs.readFileSync(path.join(FIX, 'merged.show.txt'), 'utf8'));
  assert.equal(cg.codegenDataYAML(info), fs.readFileSync(path.join(FIX, 'merged.yaml'), 'utf8'));
});

test('the merge section is found by the target triple; a module without one has none', { skip: !haveRealCore && NO_CORE }, async () => {
  const c = await core();
  const rec = cg.writeFunctionMap(c, MAPS.inserted, { write: 'record' });
  const cases = [['x86_64-unknown-linux-gnu', '__llvm_merge'], ['arm64-apple-macosx14.0.0', '__DATA,__llvm_merge'],
    ['x86_64-pc-windows-msvc', '.lmerge'], ['x86_64-pc-windows-elf', '__llvm_merge'], ['wasm32-unknown-unknown', '__llvm_merge']];
  for (const [triple, section] of cases) {
    same(cg.embeddedFunctionMap(c, sectionModule([rec, rec], triple, section)), Buffer.concat([rec, rec]), `${triple}: ${section}`);
    const other = section === '__llvm_merge' ? '.lmerge' : '__llvm_merge';
    assert.equal(cg.embeddedFunctionMap(c, sectionModule([rec], triple, other)).length, 0, `${triple}: not ${other}`);
  }
  assert.equal(cg.embeddedFunctionMap(c, 'define void @f() {\n  ret void\n}\n').length, 0);
});

test('files that are not codegen data: llvm-cgdata-22 --show says the same', { skip: skipLLVM }, async t => {
  const dir = tempDir(t);
  const c = await core();
  const good = cg.writeFunctionMap(c, MAPS.inserted, { write: 'converted' });
  const bad = {
    empty: new Uint8Array(0),
    binary: new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8]),
    'short header': good.subarray(0, 20),
    'newer version': (() => { const b = Uint8Array.from(good); b[8] = 5; return b; })(),
    'map past the end': (() => { const b = Uint8Array.from(good.subarray(0, 40)); b[24] = 0x40; return b; })(),
  };
  for (const [name, bytes] of Object.entries(bad)) {
    const file = path.join(dir, name.replace(/ /g, '-'));
    fs.writeFileSync(file, bytes);
    let llvmMessage = '';
    try { llvm('llvm-cgdata', ['--show', file], { stdio: 'pipe' }); } catch (e) { llvmMessage = String(e.stderr); }
    const m = /error: [^:]+: (.*)/.exec(llvmMessage);
    assert.ok(m, `${name}: llvm-cgdata fails: ${llvmMessage}`);
    assert.throws(() => cg.readCodegenData(c, bytes), err => err.message === `read: ${m[1]}`, name);
  }
  // a map that is cut short: the core says where
  const r = (c.cgdataBegin(), c.cgdataRead(good.subarray(0, good.length - 8)));
  assert.equal(r.ok, false);
  assert.match(r.message, /^malformed codegen data: stable function map: /);
});

test('a map embedded in a module as opt-22 -codegen-data-generate embeds it', { skip: skipLLVM }, async t => {
  const dir = tempDir(t);
  const c = await core();
  llvm('clang', ['-O2', '-S', '-emit-llvm', path.join(FIX, 'm1.c'), '-o', path.join(dir, 'm1.ll')]);
  for (const f of ['embed-used.ll', 'embed-macho.ll']) fs.copyFileSync(path.join(FIX, f), path.join(dir, f));
  for (const f of ['m1.ll', 'embed-used.ll', 'embed-macho.ll']) {
    // opt-22 with the map emitted and nothing merged: the input plus the embedding
    const args = ['-codegen-data-generate', '-passes=global-merge-func', '-global-merging-min-merges=1000000', f];
    const expected = llvm('opt', [...args, '-S', '-o', '-'], { cwd: dir, encoding: 'utf8' });
    llvm('opt', [...args, '-o', 'expected.bc'], { cwd: dir });
    const map = cg.embeddedFunctionMap(c, expected, { moduleId: f });
    assert.ok(map.length > 0, f);
    const input = fs.readFileSync(path.join(dir, f));
    for (const bitcode of [false, true]) {
      assert.ok(c.parse(input, { moduleId: f }).ok);
      assert.ok(c.cgdataReadRecord(map).ok);
      assert.deepEqual(c.cgdataEmbed(), { ok: true, embedded: true });
      assert.ok(c.verify().ok, f);
      if (!bitcode) { assert.equal(Buffer.from(c.print()).toString(), expected, f); continue; }
      fs.writeFileSync(path.join(dir, 'wopt.bc'), c.writeBitcode().bytes);
      const dis = file => llvm('llvm-dis', [file, '-o', '-'], { cwd: dir, encoding: 'utf8' }).replace(/^; ModuleID = .*\n/, '');
      assert.equal(dis('wopt.bc'), dis('expected.bc'), `${f} (bitcode)`);
    }
  }
  // an empty map is not embedded
  const empty = cg.writeFunctionMap(c, [], { write: 'record' });
  assert.equal(empty.length, 24);
  assert.ok(c.parse(fs.readFileSync(path.join(dir, 'm1.ll'))).ok);
  assert.ok(c.cgdataReadRecord(empty).ok);
  assert.deepEqual(c.cgdataEmbed(), { ok: true, embedded: false });
});

test("a function's operand hashes in the order LLVM 22's DenseMap iterates them", { skip: skipLLVM }, async t => {
  const dir = tempDir(t);
  const exe = path.join(dir, 'densemap-order');
  try {
    execFileSync(tool('clang++'), ['-O1', '-std=c++17', `-I${BIN}/../include`, path.join(FIX, 'densemap-order.cpp'), '-o', exe,
      `-L${BIN}/../lib`, '-lLLVM', `-Wl,-rpath,${BIN}/../lib`], { stdio: 'pipe' });
  } catch (e) {
    t.skip(`cannot build against LLVM 22's headers and libLLVM: ${String(e.stderr).split('\n')[0]}`);
    return;
  }
  const c = await core();
  let seed = 12345;
  const rnd = n => { seed = (seed * 1103515245 + 12345) >>> 0; return seed % n; };
  // short lists and long ones (the table grows from 64 buckets to 128, 256, 512), with repeats
  for (let round = 0; round < 40; round++) {
    const n = 1 + rnd(round < 20 ? 24 : 500);
    const ops = Array.from({ length: n }, () => ({ inst: rnd(n < 30 ? 8 : 400), opnd: rnd(4), hash: BigInt(rnd(1 << 30)) }));
    const expected = execFileSync(exe, { input: ops.map(o => `${o.inst} ${o.opnd} ${o.hash}\n`).join(''), encoding: 'utf8' });
    assert.ok(c.cgdataBegin().ok);
    assert.ok(c.cgdataAdd(cg.encodeFunctions([{ hash: 1n, name: 'f', module: 'm', instCount: 1000, operandHashes: ops }])).ok);
    const got = cg.sessionFunctionMap(c, { stored: true }).functions[0].operandHashes;
    assert.equal(got.map(o => `${o.inst} ${o.opnd} ${o.hash}\n`).join(''), expected, `round ${round}: ${n} operand hashes`);
  }
});
