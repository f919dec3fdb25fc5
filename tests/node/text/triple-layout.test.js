// A module with a target triple and no datalayout: opt derives the layout from the triple (its
// data layout callback) and prints it; the alignments it gives unaligned loads, stores and allocas
// follow. wopt must print the same text and the same warnings, for LLVM 19 and 22 (issue 18).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runCli, withoutNotes, run, optFor, skipDiff, tempDir, LLVM_VERSIONS, versionFlag, haveRealCore, NO_CORE } from '../helpers.js';

const BODY = `define void @f(ptr %p) {
  store i64 0, ptr %p
  store double 0.0, ptr %p
  %a = alloca double
  %b = alloca i64
  %c = alloca <4 x i32>
  %d = alloca i128
  %e = alloca ptr
  %s = alloca { i8, i64 }
  %v = load i64, ptr %p
  store i64 %v, ptr %a
  ret void
}
`;
const moduleFor = triple => `target triple = "${triple}"\n\n${BODY}`;

const TRIPLES = [
  'x86_64-unknown-linux-gnu', 'x86_64-pc-linux-gnu', 'i386-unknown-linux-gnu', 'i686-pc-linux-gnu',
  'x86_64-apple-macosx10.15.0', 'i686-apple-darwin', 'x86_64-pc-windows-msvc', 'x86_64-pc-windows-gnu',
  'i686-pc-windows-msvc', 'i686-w64-windows-gnu', 'x86_64-unknown-linux-gnux32', 'aarch64-unknown-linux-gnu',
  'arm64-apple-macosx14.0.0', 'aarch64-apple-darwin', 'aarch64-pc-windows-msvc', 'arm-unknown-linux-gnueabihf',
  'armv7-unknown-linux-gnueabihf', 'thumbv7em-none-eabihf', 'armv7-linux-androideabi', 'riscv32-unknown-elf',
  'riscv64-unknown-linux-gnu', 'wasm32-unknown-unknown', 'wasm64-unknown-unknown', 'wasm32-unknown-emscripten',
  'powerpc64-unknown-linux-gnu', 'powerpc64le-unknown-linux-gnu', 'powerpc-ibm-aix', 'mips-unknown-linux-gnu',
  'mips64el-unknown-linux-gnuabi64', 's390x-unknown-linux-gnu', 'nvptx64-nvidia-cuda', 'amdgcn-amd-amdhsa',
  'loongarch64-unknown-linux-gnu', 'sparc-unknown-linux-gnu', 'sparcv9-sun-solaris', 'hexagon-unknown-linux-musl',
  'avr-unknown-unknown', 'msp430-unknown-elf', 'm68k-unknown-linux-gnu', 'bpf', 've-unknown-linux-gnu',
  'x86_64-redhat-linux', 'x86_64-unknown-freebsd14.0', 'aarch64-linux-gnu',
  // no target machine (LLVM 19: nor a layout), unknown architecture, an architecture LLVM does not
  // know but wopt's table has (opt stops after verifying)
  'spir64-unknown-unknown', 'spirv64-unknown-unknown', 'unknown-unknown-linux', 'le64',
];

// opt's and wopt's stderr name the program; compare the rest.
const unprog = (s, prog) => s.split(`${prog}: `).join('PROG: ');

async function compare(t, v, input, args = []) {
  const dir = tempDir(t);
  const file = path.join(dir, 'in.ll');
  fs.writeFileSync(file, input);
  const ref = await run(optFor(v), ['-S', ...args, file]);
  const ours = await runCli(['-S', versionFlag(v), ...args, file]);
  assert.equal(ours.stdout, ref.stdout);
  assert.equal(unprog(withoutNotes(ours.stderr), 'wopt'), unprog(ref.stderr, optFor(v)));
  assert.equal(ours.code, ref.code);
  return ours;
}

for (const v of LLVM_VERSIONS) {
  test(`triple without datalayout: opt-${v}'s layout, alignments and warnings`, { skip: skipDiff(v) }, async t => {
    for (const triple of TRIPLES) {
      await t.test(triple, async t2 => { await compare(t2, v, moduleFor(triple)); });
    }
  });

  test(`triple with an empty datalayout, and mem2reg,mergefunc on a derived layout (opt-${v})`, { skip: skipDiff(v) }, async t => {
    await compare(t, v, `target datalayout = ""\n${moduleFor('i386-unknown-linux-gnu')}`);
    const twins = ['a', 'b'].map(n => `define i64 @${n}(i64 %x) {\n  %s = alloca i64\n  store i64 %x, ptr %s\n  %y = load i64, ptr %s\n  ret i64 %y\n}\n`).join('\n');
    for (const triple of ['i686-pc-windows-msvc', 'x86_64-unknown-linux-gnu', 'armv7-unknown-linux-gnueabihf']) {
      await compare(t, v, `source_filename = "m"\ntarget triple = "${triple}"\n\n${twins}`, ['-passes=mem2reg,mergefunc']);
    }
  });
}

test('concrete: the derived layout is printed and used; warnings and the unknown architecture', { skip: !haveRealCore && NO_CORE }, async t => {
  const dir = tempDir(t);
  const file = path.join(dir, 'in.ll');
  fs.writeFileSync(file, moduleFor('x86_64-unknown-linux-gnu'));
  let r = await runCli(['-S', file]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"$/m);
  assert.match(r.stdout, /store i64 0, ptr %p, align 8\n/);
  assert.match(r.stdout, /%d = alloca i128, align 16\n/);
  fs.writeFileSync(file, moduleFor('i386-unknown-linux-gnu'));
  r = await runCli(['-S', file]);
  assert.match(r.stdout, /store i64 0, ptr %p, align 4\n/);      // i386: i64 is 4-aligned
  assert.match(r.stdout, /store double 0\.000000e\+00, ptr %p, align 4\n/);
  fs.writeFileSync(file, moduleFor('unknown-unknown-linux'));
  for (const [v, text] of [[19, "failed to infer data layout: unable to get target for 'unknown-unknown-linux', see --version and --triple."], [22, 'failed to infer data layout from target triple']]) {
    r = await runCli(['-S', versionFlag(v), file]);
    assert.equal(r.code, 0);
    assert.equal(r.stderr, `wopt: warning: ${text}\n`);
    assert.doesNotMatch(r.stdout, /target datalayout/);
  }
  fs.writeFileSync(file, moduleFor('le64'));
  r = await runCli(['-S', file]);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, "wopt: warning: failed to infer data layout from target triple\nwopt: unrecognized architecture 'le64' provided.\n");
  // an architecture wopt's table lacks (opt-19 and 22 stop at 'foo'; wopt cannot tell it from one
  // LLVM knows): its own warning, the default layout
  fs.writeFileSync(file, moduleFor('foo-bar-baz'));
  r = await runCli(['-S', file]);
  assert.equal(r.code, 0);
  assert.equal(r.stderr, "wopt: warning: no data layout known for target triple 'foo-bar-baz' (not in wopt's table); using the default layout\n");
  // the API reports the warnings as diagnostics of severity 'warning'
  const { optimize } = await import('../../../bindings/index.js');
  const res = await optimize(moduleFor('spir64-unknown-unknown'), { llvmVersion: 19 });
  assert.equal(res.ok, true);
  assert.deepEqual(res.diagnostics.map(d => [d.severity, d.stage]), [['warning', 'parse'], ['warning', 'target']]);
  assert.match(res.diagnostics[1].message, /^failed to create target machine for 'spir64-unknown-unknown'/);
});
