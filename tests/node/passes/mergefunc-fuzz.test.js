// mergefunc differential fuzzing against opt, once per LLVM version N (wopt with llvmVersion N
// against opt-N): random modules of look-alike functions (a few
// shared bodies; linkages private/internal/external/weak/linkonce(_odr)/weak_odr/
// available_externally, unnamed_addr, alignment, comdats, calling conventions incl. swifttailcc,
// varargs, ptr/i64 parameters, struct and void returns, self-recursion, calls between them,
// address-taking stores, llvm.used, tables and aliases of them) must come out of wopt exactly as
// out of opt-N, with no options, -mergefunc-use-aliases and -mergefunc-preserve-debug-info.
// Modules on which opt-N fails (it builds aliases to interposable aliases on some) are skipped.
// A second generator varies single instruction details (see genDetailModule); the code (not the
// metadata, whose printing is the round trip's business) must equal opt-N's.
// Skipped when opt-N or the built core is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LLVM_VERSIONS, optFor, skipDiff, run } from '../helpers.js';

/** A random module (deterministic for a seed). */
export function genModule(seed) {
  let s = seed >>> 0 || 1;
  const rnd = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
  const ri = n => rnd() % n;
  const pick = a => a[ri(a.length)];
  const n = 6 + ri(14);
  const linkages = ['', '', '', 'internal ', 'private ', 'weak ', 'linkonce ', 'linkonce_odr ', 'weak_odr ', 'available_externally '];
  const names = Array.from({ length: n }, (_, i) => 'f' + i);
  const bodies = [];
  for (let k = 0; k < 4; k++) {
    const ops = [];
    for (let j = 0, m = 1 + ri(4); j < m; j++) ops.push(pick(['add', 'mul', 'xor', 'sub']) + ' i32 %x, ' + ri(3));
    bodies.push(ops);
  }
  let out = 'target datalayout = "e-m:e-p:64:64-i64:64-n8:16:32:64-S128"\n$c1 = comdat any\n@g = global i32 0\n';
  for (let i = 0; i < n; i++) {
    const link = pick(linkages), ua = pick(['', '', ' unnamed_addr', ' local_unnamed_addr']);
    const body = pick(bodies), pty = pick(['ptr', 'ptr', 'i64']), ret = pick(['i32', 'i32', '{ i32, ptr }', 'void']);
    const va = ri(8) === 0 ? ', ...' : '', cc = pick(['', '', '', 'fastcc ', 'swifttailcc ']);
    let f = `define ${link}${cc}${ret} @${names[i]}(i32 %x, ${pty} %p${va})${ua}${ri(6) === 0 ? ' align 16' : ''}${ri(5) === 0 ? ' comdat($c1)' : ''} {\n`;
    body.forEach((o, v) => { f += `  %v${v} = ${o}\n`; });
    const last = `%v${body.length - 1}`;
    const r = ri(5);
    if (r === 0) f += `  %c = call i32 @${pick(names)}(i32 %x, ${pty} %p)\n`;
    else if (r === 1) f += `  store ptr @${pick(names)}, ptr @g\n`;
    else if (r === 2) f += `  %c = call i32 @${names[i]}(i32 %x, ${pty} %p)\n`;
    if (ri(3) === 0) f += '  br i1 true, label %a, label %b\na:\n  br label %b\nb:\n';
    if (ret === 'void') f += '  ret void\n}\n';
    else if (ret === 'i32') f += `  ret i32 ${last}\n}\n`;
    else f += `  %s0 = insertvalue { i32, ptr } poison, i32 ${last}, 0\n  ret { i32, ptr } %s0\n}\n`;
    out += f;
  }
  if (ri(2)) out += `@llvm.used = appending global [1 x ptr] [ptr @${pick(names)}], section "llvm.metadata"\n`;
  if (ri(2)) out += `@tab = global [2 x ptr] [ptr @${pick(names)}, ptr @${pick(names)}]\n`;
  if (ri(3) === 0) out += `@al = alias i32 (i32, ptr), ptr @${pick(names)}\n`;
  return out;
}

for (const v of LLVM_VERSIONS) test(`mergefunc equals opt-${v} on random modules of look-alike functions (llvmVersion ${v})`, { skip: skipDiff(v) }, async () => {
  const OPT = optFor(v);
  const { loadWopt } = await import('../../../bindings/node.js');
  const core = await loadWopt();
  const flagSets = [[], ['-mergefunc-use-aliases'], ['-mergefunc-preserve-debug-info']];
  const optionOf = { '-mergefunc-use-aliases': 'mergefunc-use-aliases', '-mergefunc-preserve-debug-info': 'mergefunc-preserve-debug-info' };
  let compared = 0;
  for (let seed = 1; seed <= 80; seed++) {
    const input = genModule(seed);
    const valid = await run(OPT, ['-passes=verify', '-disable-output'], { input });
    if (valid.code !== 0) continue;
    for (const flags of flagSets) {
      const ref = await run(OPT, ['-S', '-passes=mergefunc', ...flags], { input });
      if (ref.code !== 0) continue;
      assert.ok(core.parse(input, { moduleId: '<stdin>', llvmVersion: v }).ok, `seed ${seed}: parse`);
      const options = Object.fromEntries(flags.map(f => [optionOf[f], true]));
      const r = core.runPipeline('mergefunc', options);
      assert.ok(r.ok, `seed ${seed} ${flags}: ${r.message}`);
      const ours = new TextDecoder().decode(core.print());
      assert.equal(ours, ref.stdout, `seed ${seed} ${flags.join(' ')}:\n${input}`);
      compared++;
    }
  }
  assert.ok(compared > 150, `compared ${compared} outputs`);
});

/** Families of functions that differ in one detail from a catalog of instruction spellings, many of
 *  which the comparator treats alike (the same GEP offset through other types, !dbg, bitcast vector
 *  constants) and many of which it does not (flags, alignment, orderings, metadata on loads, call
 *  attributes and bundles, inline asm, masks, constant kinds). */
export function genDetailModule(seedIn) {
  let seed = seedIn >>> 0 || 1;
  const rnd = () => { seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0; return seed; };
  const ri = n => rnd() % n;
  const catalog = [
    ['%a1 = load i32, ptr %p, align 4', '%a1 = load i32, ptr %p, align 8', '%a1 = load volatile i32, ptr %p, align 4', '%a1 = load i32, ptr %p, align 4, !range !0', '%a1 = load i32, ptr %p, align 4, !tbaa !2', '%a1 = load i32, ptr %p, align 4, !tbaa !5', '%a1 = load atomic i32, ptr %p monotonic, align 4', '%a1 = load i32, ptr %p, align 4, !dbg !20'],
    ['%a2 = getelementptr i8, ptr %p, i64 8', '%a2 = getelementptr i32, ptr %p, i64 2', '%a2 = getelementptr inbounds i64, ptr %p, i64 1', '%a2 = getelementptr {i32, i32, i64}, ptr %p, i64 0, i32 2', '%a2 = getelementptr i8, ptr %p, i64 %i', '%a2 = getelementptr [2 x i32], ptr %p, i64 1'],
    ['store i32 0, ptr %p', 'store i32 0, ptr %p, align 2', 'store volatile i32 0, ptr %p', 'store i32 0, ptr %p, !nontemporal !3', 'store atomic i32 0, ptr %p release, align 4', 'store i32 1, ptr %p'],
    ['%a3 = add i32 %x, 1', '%a3 = add nsw i32 %x, 1', '%a3 = add nuw i32 %x, 1', '%a3 = sub i32 %x, -1', '%a3 = or disjoint i32 %x, 1', '%a3 = or i32 %x, 1'],
    ['%a4 = fadd float %f, 1.0', '%a4 = fadd fast float %f, 1.0', '%a4 = fadd nnan float %f, 1.0', '%a4 = fadd float %f, 2.0', '%a4 = fadd float %f, -0.0', '%a4 = fadd float %f, 0.0'],
    ['%a5 = icmp eq i32 %x, 0', '%a5 = icmp ne i32 %x, 0', '%a5 = icmp eq i32 %x, 1', '%a5 = icmp eq i32 0, %x'],
    ['%a6 = call i32 @ext(i32 %x)', '%a6 = call i32 @ext(i32 %x) #0', '%a6 = tail call i32 @ext(i32 %x)', '%a6 = call fastcc i32 @ext(i32 %x)', '%a6 = call i32 @ext(i32 noundef %x)', '%a6 = call i32 @ext(i32 %x), !range !0', '%a6 = call i32 @ext(i32 %x) [ "foo"(i32 1) ]', '%a6 = call i32 @ext2(i32 %x)', '%a6 = call range(i32 0, 10) i32 @ext(i32 %x)', '%a6 = call i32 @ext(i32 %x), !dbg !20', '%a6 = call i32 asm "nop", "=r"()', '%a6 = call i32 asm sideeffect "nop", "=r"()', '%a6 = call i32 asm "nop", "=r,~{memory}"()'],
    ['%a7 = select i1 %c, i32 %x, i32 0', '%a7 = select i1 %c, i32 0, i32 %x', '%a7 = select i1 %c, i32 %x, i32 %x'],
    ['%a8 = ptrtoint ptr %p to i64', '%a8 = ptrtoint ptr @g to i64', '%a8 = ptrtoint ptr getelementptr (i8, ptr @g, i64 4) to i64', '%a8 = ptrtoint ptr getelementptr inbounds (i8, ptr @g, i64 4) to i64', '%a8 = add i64 ptrtoint (ptr @g to i64), 0', '%a8 = ptrtoint ptr @g2 to i64'],
    ['%a9 = extractvalue {i32, i32} %s, 0', '%a9 = extractvalue {i32, i32} %s, 1'],
    ['%a10 = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>', '%a10 = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 3, i32 1, i32 2, i32 0>', '%a10 = shufflevector <4 x i32> %v, <4 x i32> undef, <4 x i32> zeroinitializer'],
    ['%a11 = alloca i32', '%a11 = alloca i32, align 8', '%a11 = alloca i64', '%a11 = alloca i32, i32 2', '%a11 = alloca [2 x i16]'],
    ['%a12 = atomicrmw add ptr %p, i32 1 seq_cst', '%a12 = atomicrmw sub ptr %p, i32 1 seq_cst', '%a12 = atomicrmw add ptr %p, i32 1 monotonic', '%a12 = atomicrmw volatile add ptr %p, i32 1 seq_cst', '%a12 = atomicrmw add ptr %p, i32 1 syncscope("singlethread") seq_cst'],
    ['%a13 = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst', '%a13 = cmpxchg weak ptr %p, i32 0, i32 1 seq_cst seq_cst', '%a13 = cmpxchg ptr %p, i32 0, i32 1 seq_cst monotonic'],
    ['fence seq_cst', 'fence acquire', 'fence syncscope("singlethread") seq_cst'],
    ['%a14 = insertvalue {i32, i32} %s, i32 1, 0', '%a14 = insertvalue {i32, i32} %s, i32 1, 1'],
    ['%a15 = call <2 x i64> @vec(<2 x i64> <i64 1, i64 1>)', '%a15 = call <2 x i64> @vec(<2 x i64> bitcast (<4 x i32> <i32 1, i32 0, i32 1, i32 0> to <2 x i64>))', '%a15 = call <2 x i64> @vec(<2 x i64> zeroinitializer)', '%a15 = call <2 x i64> @vec(<2 x i64> <i64 1, i64 undef>)'],
    ['call void @takeptr(ptr null)', 'call void @takeptr(ptr inttoptr (i64 0 to ptr))', 'call void @takeptr(ptr @g)', 'call void @takeptr(ptr dso_local_equivalent @ext)', 'call void @takeptr(ptr blockaddress(@bafn, %bb))'],
    ['call void @llvm.md.fake(metadata !"a")', 'call void @llvm.md.fake(metadata !"b")', 'call void @llvm.md.fake(metadata i32 1)', 'call void @llvm.md.fake(metadata !4)', 'call void @llvm.md.fake(metadata ptr @g)'],
  ];
  const N = 8 + ri(10);
  const fams = 2 + ri(3);
  const famSeeds = Array.from({ length: fams }, () => rnd());
  let out = `target datalayout = "e-m:e-p:64:64-i64:64-n8:16:32:64-S128"
  @g = global i32 0
  @g2 = global i32 0
  declare i32 @ext(i32)
  declare i32 @ext2(i32)
  declare void @takeptr(ptr)
  declare <2 x i64> @vec(<2 x i64>)
  declare void @llvm.md.fake(metadata)
  define void @bafn() {
    br label %bb
  bb:
    ret void
  }
  `;
  for (let i = 0; i < N; i++) {
    let fs = famSeeds[i % fams];
    const frnd = () => { fs ^= fs << 13; fs >>>= 0; fs ^= fs >>> 17; fs ^= fs << 5; fs >>>= 0; return fs; };
    const mutate = ri(2) === 0;
    let body = '';
    const slots = [];
    for (let k = 0; k < 4; k++) slots.push(frnd() % catalog.length);
    for (const sl of slots) {
      const alts = catalog[sl];
      let idx = frnd() % alts.length;
      if (mutate && ri(3) === 0) idx = ri(alts.length);
      body += '  ' + alts[idx].replace(/%a(\d+)/g, `%a$1_${sl}_${body.length}`) + '\n';
    }
    out += `define internal i32 @f${i}(i32 %x, ptr %p, float %f, i1 %c, i64 %i, {i32, i32} %s, <4 x i32> %v) {\n${body}  ret i32 %x\n}\n`;
  }
  out += `define void @user(ptr %q) {\n` + Array.from({ length: N }, (_, i) => `  %r${i} = call i32 @f${i}(i32 0, ptr %q, float 0.0, i1 true, i64 0, {i32, i32} zeroinitializer, <4 x i32> zeroinitializer)\n`).join('') + '  ret void\n}\n';
  out += `attributes #0 = { nounwind }
  !0 = !{i32 0, i32 10}
  !2 = !{!6, !6, i64 0}
  !5 = !{!7, !7, i64 0}
  !6 = !{!"int", !8, i64 0}
  !7 = !{!"long", !8, i64 0}
  !8 = !{!"omnipotent char", !9, i64 0}
  !9 = !{!"Simple C++ TBAA"}
  !3 = !{i32 1}
  !4 = distinct !{}
  !llvm.module.flags = !{!21}
  !llvm.dbg.cu = !{!22}
  !21 = !{i32 2, !"Debug Info Version", i32 3}
  !22 = distinct !DICompileUnit(language: DW_LANG_C99, file: !23, emissionKind: FullDebug)
  !23 = !DIFile(filename: "a.c", directory: "/")
  !24 = distinct !DISubprogram(name: "x", scope: !23, file: !23, line: 1, scopeLine: 1, unit: !22, spFlags: DISPFlagDefinition)
  !20 = !DILocation(line: 3, scope: !24)
  `;

  return out;
}

for (const v of LLVM_VERSIONS) test(`mergefunc merges exactly what opt-${v} merges among functions that differ in one detail (llvmVersion ${v})`, { skip: skipDiff(v) }, async () => {
  const OPT = optFor(v);
  const { loadWopt } = await import('../../../bindings/node.js');
  const core = await loadWopt();
  const code = text => text.split('\n').filter(l => !l.startsWith('!')).join('\n');
  let compared = 0;
  for (let seed = 1; seed <= 60; seed++) {
    const input = genDetailModule(seed);
    const ref = await run(OPT, ['-S', '-passes=mergefunc'], { input });
    assert.equal(ref.code, 0, `opt-${v} on seed ${seed}: ${ref.stderr}`);
    assert.ok(core.parse(input, { moduleId: '<stdin>', llvmVersion: v }).ok, `seed ${seed}: parse`);
    assert.ok(core.runPipeline('mergefunc').ok);
    const ours = new TextDecoder().decode(core.print());
    assert.equal(code(ours), code(ref.stdout), `seed ${seed}:\n${input}`);
    compared++;
  }
  assert.equal(compared, 60);
});
