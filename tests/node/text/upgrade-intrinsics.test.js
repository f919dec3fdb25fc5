// Upgrades opt-19 and opt-22 make of older IR as they read it, on text and on bitcode (llvm-as-19's
// and llvm-as-N's), checked against what opt-N prints for the same input:
// - intrinsics LLVM made overloaded or names anew from their types (`@llvm.va_start(ptr)` becomes
//   `@llvm.va_start.p0`, `@llvm.memcpy.p0i8.p0i8.i64` `@llvm.memcpy.p0.p0.i64`), with and without
//   mem2reg (ir/upgrade.ts REMANGLED);
// - the old lifetime markers' new declarations, whose order opt-22 makes differently from text and
//   from bitcode;
// - the memory attribute of LLVM 19 bitcode under LLVM 22 (errnomem follows other memory, the
//   target memories none).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { loadWopt } from '../../../bindings/node.js';
import { runModule } from '../../../bindings/driver.js';
import { REAL_WASM, LLVM_VERSIONS, llvmBin, skipDiff, tempDir } from '../helpers.js';

const tool = (v, name) => path.join(llvmBin(v), name);
const exec = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const noModuleId = s => s.replace(/^; ModuleID = .*\n/, '').replace(/^source_filename = .*\n/m, '');

const REMANGLE = `declare void @llvm.va_end(ptr)
define i32 @f(i32 %n, ...) {
entry:
  %ap = alloca ptr
  %ap2 = alloca ptr
  call void @llvm.va_start(ptr %ap)
  call void @llvm.va_copy(ptr %ap2, ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end(ptr %ap2)
  call void @llvm.va_end(ptr %ap)
  ret i32 %v
}
declare void @llvm.va_start(ptr)
define void @g(ptr %a, ptr %b, ptr addrspace(1) %c, i32 %x, float %f, <4 x i32> %vv) {
  %s = call ptr @llvm.stacksave()
  call void @llvm.memcpy.p0i8.p0i8.i64(ptr %a, ptr %b, i64 4, i1 false)
  call void @llvm.memmove.p0i8.p0i8.i32(ptr %a, ptr %b, i32 4, i1 false)
  call void @llvm.memset.p0i8.i64(ptr %a, i8 0, i64 4, i1 false)
  call void @llvm.memset.p1i8.i64(ptr addrspace(1) %c, i8 0, i64 4, i1 false)
  call void @llvm.memcpy.inline.p0i8.p0i8.i64(ptr %a, ptr %b, i64 4, i1 false)
  %o = call i64 @llvm.objectsize.i64.p0i8(ptr %a, i1 false, i1 true, i1 false)
  %is = call ptr @llvm.invariant.start.p0i8(i64 4, ptr %a)
  call void @llvm.invariant.end.p0i8(ptr %is, i64 4, ptr %a)
  %l = call ptr @llvm.launder.invariant.group.p0i8(ptr %a)
  %l2 = call ptr @llvm.strip.invariant.group.p0i8(ptr %a)
  call void @llvm.prefetch.p0i8(ptr %a, i32 0, i32 3, i32 1)
  %c1 = call i32 @llvm.ctlz(i32 %x, i1 false)
  %c2 = call i32 @llvm.cttz(i32 %x, i1 false)
  %c3 = call i32 @llvm.ctpop(i32 %x)
  %c4 = call i32 @llvm.bswap(i32 %x)
  %c5 = call i32 @llvm.bitreverse(i32 %x)
  %c6 = call i32 @llvm.abs(i32 %x, i1 false)
  %c7 = call i32 @llvm.smax(i32 %x, i32 1)
  %c8 = call i32 @llvm.umin(i32 %x, i32 1)
  %c9 = call i32 @llvm.fshl(i32 %x, i32 %x, i32 3)
  %ca = call i32 @llvm.expect(i32 %x, i32 1)
  %cb = call <4 x i32> @llvm.smin(<4 x i32> %vv, <4 x i32> %vv)
  %f1 = call float @llvm.fabs(float %f)
  %f2 = call float @llvm.fma(float %f, float %f, float %f)
  %f3 = call float @llvm.copysign(float %f, float %f)
  %f4 = call float @llvm.maxnum(float %f, float %f)
  call void @llvm.stackrestore(ptr %s)
  ret void
}
declare void @llvm.va_copy(ptr, ptr)
declare ptr @llvm.stacksave()
declare void @llvm.stackrestore(ptr)
declare void @llvm.memcpy.p0i8.p0i8.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0i8.p0i8.i32(ptr, ptr, i32, i1)
declare void @llvm.memset.p0i8.i64(ptr, i8, i64, i1)
declare void @llvm.memset.p1i8.i64(ptr addrspace(1), i8, i64, i1)
declare void @llvm.memcpy.inline.p0i8.p0i8.i64(ptr, ptr, i64, i1)
declare i64 @llvm.objectsize.i64.p0i8(ptr, i1, i1, i1)
declare ptr @llvm.invariant.start.p0i8(i64, ptr)
declare void @llvm.invariant.end.p0i8(ptr, i64, ptr)
declare ptr @llvm.launder.invariant.group.p0i8(ptr)
declare ptr @llvm.strip.invariant.group.p0i8(ptr)
declare void @llvm.prefetch.p0i8(ptr, i32, i32, i32)
declare i32 @llvm.ctlz(i32, i1)
declare i32 @llvm.cttz(i32, i1)
declare i32 @llvm.ctpop(i32)
declare i32 @llvm.bswap(i32)
declare i32 @llvm.bitreverse(i32)
declare i32 @llvm.abs(i32, i1)
declare i32 @llvm.smax(i32, i32)
declare i32 @llvm.umin(i32, i32)
declare i32 @llvm.fshl(i32, i32, i32)
declare i32 @llvm.expect(i32, i32)
declare <4 x i32> @llvm.smin(<4 x i32>, <4 x i32>)
declare float @llvm.fabs(float)
declare float @llvm.fma(float, float, float)
declare float @llvm.copysign(float, float)
declare float @llvm.maxnum(float, float)
define void @h() {
  ret void
}
`;

const LIFETIME = `declare void @llvm.lifetime.start.p0(i64, ptr)
define void @f() {
  %a = alloca i32
  %b = alloca i32, addrspace(5)
  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %b)
  call void @llvm.lifetime.start.p0(i64 4, ptr %a)
  call void @llvm.lifetime.end.p0(i64 4, ptr %a)
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %b)
  ret void
}
declare void @llvm.lifetime.end.p0(i64, ptr)
declare void @llvm.lifetime.start.p5(i64, ptr addrspace(5))
declare void @llvm.lifetime.end.p5(i64, ptr addrspace(5))
define void @g() {
  %a = alloca i32
  call void @llvm.lifetime.start.p0(i64 4, ptr %a)
  ret void
}
`;

// called without a declaration (LLVM 22 upgrades those as it declares them, in name order, before
// the module's own declarations) beside declared ones
const LIFETIME_UNDECLARED = `define void @f(ptr addrspace(1) %q) {
  %p = alloca i32
  %r = alloca i32, addrspace(1)
  call void @llvm.lifetime.start.p0(i64 4, ptr %p)
  call void @llvm.lifetime.start.p1(i64 4, ptr addrspace(1) %r)
  call void @llvm.lifetime.end.p1(i64 4, ptr addrspace(1) %r)
  call void @llvm.lifetime.end.p0(i64 4, ptr %p)
  ret void
}
declare void @llvm.lifetime.start.p0(i64, ptr)
`;

// every memory(...) of LLVM 19's three locations
const NAMES = ['none', 'read', 'write', 'readwrite'];
const MEMORY = NAMES.flatMap((a, i) => NAMES.flatMap((b, j) => NAMES.map((o, k) =>
  `declare void @f${i}${j}${k}() memory(${o}, argmem: ${a}, inaccessiblemem: ${b})\n`))).join('');

// [what, module text, LLVM versions, pass pipelines, bitcode of: 'own' (llvm-as-N) or 19]
const CASES = [
  ['remangled intrinsics', REMANGLE, [19, 22], ['', 'mem2reg'], 'own'],
  ['lifetime markers', LIFETIME, [22], ['', 'mem2reg'], 19],
  ['lifetime markers called undeclared', LIFETIME_UNDECLARED, [22], ['', 'mem2reg'], 19],
  ['memory attribute', MEMORY, [19, 22], [''], 19],
];

async function check(t, v, name, text, passes, bcOf) {
  const core = await loadWopt({ wasmPath: REAL_WASM });
  const dir = tempDir(t);
  const ll = path.join(dir, 'in.ll'), bc = path.join(dir, 'in.bc');
  fs.writeFileSync(ll, text);
  exec(tool(bcOf === 'own' ? v : bcOf, 'llvm-as'), [ll, '-o', bc]);
  for (const input of [ll, bc]) {
    for (const p of passes) {
      const want = exec(tool(v, 'opt'), ['-S', ...(p ? [`-passes=${p}`] : []), input, '-o', '-']);
      const r = runModule(core, fs.readFileSync(input), { llvmVersion: v, moduleId: input, passes: p });
      assert.equal(r.ok, true, r.error && r.error.message);
      assert.equal(noModuleId(Buffer.from(r.output).toString()), noModuleId(want), `${name}, ${path.basename(input)}, passes '${p}'`);
    }
  }
}

for (const [name, text, versions, passes, bcOf] of CASES) {
  for (const v of LLVM_VERSIONS) {
    if (!versions.includes(v)) continue;
    test(`upgrades: ${name} as opt-${v} reads them from text and bitcode`, { skip: skipDiff(v) || skipDiff(bcOf === 'own' ? v : bcOf) }, async t => {
      await check(t, v, name, text, passes, bcOf);
    });
  }
}

// A call of an old lifetime declaration with another number of arguments: LLVM 22 makes it call the
// stray `.i64` declaration, and its verifier refuses that as an intrinsic called with an
// incompatible signature (a lifetime marker is assume-like: no "Invalid user" under 22, as a call
// of an intrinsic is an IntrinsicInst whatever its type; under 19 it is only of its own type).
const ODD_LIFETIME = `define void @f() {
  %p = alloca i32
  call void @llvm.lifetime.start.p0(ptr %p)
  call void @llvm.lifetime.end.p0(i64 4, ptr %p)
  ret void
}
declare void @llvm.lifetime.start.p0(i64, ptr)
`;
const MISTYPED_ASSUME = `declare void @llvm.assume(i1)
define void @f() {
  call void @llvm.assume(i32 1)
  ret void
}
`;
for (const v of LLVM_VERSIONS) {
  test(`upgrades: a lifetime call of another arity, and a mistyped assume, as opt-${v} reports them`, { skip: skipDiff(v) }, async t => {
    const core = await loadWopt({ wasmPath: REAL_WASM });
    const dir = tempDir(t);
    for (const [name, text] of [['odd', ODD_LIFETIME], ['assume', MISTYPED_ASSUME]]) {
      const ll = path.join(dir, `${name}.ll`);
      fs.writeFileSync(ll, text);
      const opt = spawnSync(tool(v, 'opt'), ['-S', ll, '-o', '-'], { encoding: 'utf8' });
      assert.notEqual(opt.status, 0, `${name}: opt-${v} refuses it`);
      const r = runModule(core, fs.readFileSync(ll), { llvmVersion: v, moduleId: ll });
      assert.equal(r.ok, false, name);
      const want = opt.stderr.split('\n').filter(l => l && !l.includes('input module is broken')).join('\n');
      assert.equal(r.error.message.trimEnd(), want, `${name} under ${v}`);
      // without the verifier, the module as opt prints it
      const unverified = exec(tool(v, 'opt'), ['-S', '-disable-verify', ll, '-o', '-']);
      const u = runModule(core, fs.readFileSync(ll), { llvmVersion: v, moduleId: ll, verify: false });
      assert.equal(noModuleId(Buffer.from(u.output).toString()), noModuleId(unverified), `${name} under ${v}, -disable-verify`);
    }
  });
}

// Old lifetime declarations whose first parameter is not the i64 size: LLVM 22's stray declaration
// is overloaded on that type (`.v4i32`, `.f64`), and for a pointer it is the new marker itself, with
// its attributes. And a module flag LLVM upgrades ("PIC Level" Max becomes Min) that another node
// also uses: the flag gets a new node, the other use keeps the old one.
const STRAYS = [
  'declare void @llvm.lifetime.start.p0(<4 x i32>, ptr nocapture)\ndefine void @f() {\n  %a = alloca [4 x i32]\n  ret void\n}\n',
  'declare void @llvm.lifetime.start.p0(double immarg, ptr nocapture)\n',
  'declare void @llvm.lifetime.end.p0(ptr addrspace(1), ptr nocapture)\ndeclare void @llvm.lifetime.end.p1(ptr addrspace(1))\n',
  'declare void @llvm.lifetime.end.p0(ptr addrspace(1), ptr nocapture)\n',
];
const FLAG_SHARED = `!llvm.module.flags = !{!0, !1}
!named = !{!2}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{!1}
`;
// A debug intrinsic called without a declaration: LLVM knows it (19 and 22), declares it, and
// makes the call a debug record.
const DEBUG_UNDECLARED = `define void @f(i32 %x) !dbg !4 {
  %a = alloca i32
  call void @llvm.dbg.declare(metadata ptr %a, metadata !8, metadata !DIExpression()), !dbg !9
  call void @llvm.dbg.value(metadata i32 %x, metadata !8, metadata !DIExpression()), !dbg !9
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{null, !7}
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILocalVariable(name: "x", arg: 1, scope: !4, file: !1, line: 1, type: !7)
!9 = !DILocation(line: 1, scope: !4)
`;
for (const v of LLVM_VERSIONS) {
  test(`upgrades: lifetime strays of other parameter types, a shared module flag and undeclared debug intrinsics, as opt-${v} prints them`, { skip: skipDiff(v) }, async t => {
    const core = await loadWopt({ wasmPath: REAL_WASM });
    const dir = tempDir(t);
    const cases = [...(v >= 22 ? STRAYS : []), FLAG_SHARED, DEBUG_UNDECLARED];
    for (const [k, text] of cases.entries()) {
      const ll = path.join(dir, `case${k}.ll`);
      fs.writeFileSync(ll, text);
      const want = exec(tool(v, 'opt'), ['-S', ll, '-o', '-']);
      const r = runModule(core, fs.readFileSync(ll), { llvmVersion: v, moduleId: ll });
      assert.equal(r.ok, true, r.error && r.error.message);
      assert.equal(noModuleId(Buffer.from(r.output).toString()), noModuleId(want), `case ${k} under ${v}:\n${text}`);
    }
  });
}
