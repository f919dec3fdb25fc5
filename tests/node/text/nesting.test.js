// How deep IR may nest (assembly/ir/nesting.ts MAX_NESTING): types in types, constant expressions
// in constant expressions, metadata in metadata. Every level counts, the innermost too
// (`[1 x i8]` is two levels). Up to the limit each kind goes through every stage (parse, verify,
// mem2reg, mergefunc, debugify, the repository's digests, print, bitcode write and read) on half
// of V8's default stack, in both of V8's tiers, and prints as opt-22 prints it; one level more is a
// located error; a chain of named structs counts as nesting; bitcode nested deeper is refused by
// the block that holds it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CLI, REAL_WASM, haveRealCore, NO_CORE, llvmBin, optFor, haveOpt, run, tempDir } from '../helpers.js';

const LIMIT = 1024;
const skip = !haveRealCore && NO_CORE;
const env = { WOPT_WASM: REAL_WASM };
// Half of V8's default stack (984 KB on 64-bit).
const HALF_STACK = '--stack-size=490';

// A module whose deepest point is `levels` deep, used by a global and by two equal functions (so
// that mergefunc compares them).
function nested(kind, levels) {
  const n = levels - 1;
  if (kind === 'type') {
    const T = '[1 x '.repeat(n) + 'i8' + ']'.repeat(n);
    let s = `@g = global ${T} zeroinitializer\n`;
    for (const f of ['f1', 'f2']) s += `define void @${f}(ptr %p) {\n  %a = alloca ${T}\n  store ${T} zeroinitializer, ptr %a\n  %v = load ${T}, ptr %a\n  store ${T} %v, ptr %p\n  ret void\n}\n`;
    return s;
  }
  if (kind === 'constant') {
    const C = 'getelementptr (i8, ptr '.repeat(n) + '@g' + ', i64 1)'.repeat(n);
    let s = `@g = global ptr ${C}\n`;
    for (const f of ['f1', 'f2']) s += `define ptr @${f}() {\n  %a = alloca ptr\n  store ptr ${C}, ptr %a\n  %b = load ptr, ptr %a\n  ret ptr %b\n}\n`;
    return s;
  }
  // a metadata argument is one level below the call's value
  const M = '!{'.repeat(n) + '}'.repeat(n);
  let s = `!named = !{!0}\n!0 = ${M}\ndeclare i1 @llvm.type.test(ptr, metadata)\n`;
  for (const f of ['f1', 'f2']) s += `define i1 @${f}() {\n  %t = call i1 @llvm.type.test(ptr null, metadata ${M})\n  ret i1 %t, !custom !0\n}\n`;
  return s;
}
// Where the parser stops a module one level too deep: [line, column] (1-based), from the text.
function tooDeepAt(kind, text) {
  if (kind === 'type') return [1, '@g = global '.length + 5 * LIMIT + 1];              // the (LIMIT + 1)th '[' or 'i8'
  if (kind === 'constant') return [1, '@g = global ptr '.length + 23 * (LIMIT - 1) + 'getelementptr ('.length + 1];   // the innermost 'i8'
  const line = text.split('\n').findIndex(l => l.includes('call i1')) + 1;   // the call's innermost '!{'
  return [line, text.split('\n')[line - 1].indexOf('!{') + 2 * (LIMIT - 1) + 1];
}
// A chain of `structs` named structs, each holding the next, the last an i8 (structs + 1 levels);
// `outerFirst`: defined from the outermost on (each refers to one defined later).
function chain(structs, outerFirst) {
  const defs = [];
  for (let i = 0; i < structs - 1; i++) defs.push(`%t${i} = type { %t${i + 1} }`);
  defs.push(`%t${structs - 1} = type { i8 }`);
  if (!outerFirst) defs.reverse();
  return defs.join('\n') + '\n@g = global %t0 zeroinitializer\ndefine void @f(ptr %p) {\n  store %t0 zeroinitializer, ptr %p\n  ret void\n}\n';
}

const wopt = (args, opts = {}) => run(process.execPath, [...(opts.node ?? []), CLI, ...args], { env, cwd: opts.cwd });
const body = text => text.split('\n').filter(l => !l.startsWith('; ModuleID')).join('\n');

const PLURAL = { type: 'types', constant: 'constant expressions', metadata: 'metadata' };
for (const kind of ['type', 'constant', 'metadata']) {
  const kinds = PLURAL[kind];
  test(`nesting: ${kinds} 512, 513 and ${LIMIT} levels deep print as opt-22 prints them`, { skip }, async t => {
    const dir = tempDir(t);
    for (const levels of [512, 513, LIMIT]) {
      const file = path.join(dir, `${kind}-${levels}.ll`);
      fs.writeFileSync(file, nested(kind, levels));
      const r = await wopt(['-S', file]);
      assert.equal(r.code, 0, `${levels}: ${r.stderr}`);
      if (!haveOpt(22)) continue;
      const o = await run(optFor(22), ['-S', file]);
      assert.equal(o.code, 0, o.stderr);
      assert.equal(r.stdout, o.stdout, `${levels} levels`);
    }
  });

  test(`nesting: ${kinds} ${LIMIT} levels deep go through every stage on half the default stack`, { skip, timeout: 120000 }, async t => {
    const dir = tempDir(t);
    const file = path.join(dir, `${kind}.ll`), bc = path.join(dir, `${kind}.bc`);
    fs.writeFileSync(file, nested(kind, LIMIT));
    for (const tier of ['--liftoff-only', '--no-liftoff']) {
      const node = [HALF_STACK, tier];
      for (const llvm of ['22', '19']) {
        const v = `--llvm-version=${llvm}`;
        const passes = await wopt([v, '-S', '-passes=function(mem2reg),mergefunc,debugify,repo-metadata', file], { node });
        assert.equal(passes.code, 0, `${tier} ${v}: ${passes.stderr}`);
        const write = await wopt([v, '-passes=function(mem2reg),mergefunc', file, '-o', bc], { node });
        assert.equal(write.code, 0, `${tier} ${v}: ${write.stderr}`);
        const read = await wopt([v, '-S', '-passes=function(mem2reg),mergefunc', bc], { node });
        assert.equal(read.code, 0, `${tier} ${v}: ${read.stderr}`);
      }
    }
  });

  test(`nesting: ${kinds} ${LIMIT + 1} levels deep are a located error, no trap`, { skip }, async t => {
    const dir = tempDir(t);
    const file = path.join(dir, `${kind}.ll`), out = path.join(dir, 'out.ll');
    const text = nested(kind, LIMIT + 1);
    fs.writeFileSync(file, text);
    const r = await wopt(['-S', file, '-o', out]);
    assert.equal(r.code, 1);
    const [line, col] = tooDeepAt(kind, text);
    assert.equal(r.stderr.split('\n')[0], `wopt: ${file}:${line}:${col}: error: nesting too deep (limit ${LIMIT})`);
    assert.equal(fs.existsSync(out), false);
  });
}

test(`nesting: a chain of named structs ${LIMIT} levels deep reads as opt-22 reads it; one more is an error at the outermost's definition`, { skip }, async t => {
  const dir = tempDir(t);
  for (const outerFirst of [true, false]) {
    const ok = path.join(dir, `ok-${outerFirst}.ll`), deep = path.join(dir, `deep-${outerFirst}.ll`);
    fs.writeFileSync(ok, chain(LIMIT - 1, outerFirst));
    fs.writeFileSync(deep, chain(LIMIT, outerFirst));
    const r = await wopt(['-S', ok], { node: [HALF_STACK] });
    assert.equal(r.code, 0, r.stderr);
    if (haveOpt(22)) assert.equal(r.stdout, (await run(optFor(22), ['-S', ok])).stdout);
    const bc = path.join(dir, 'ok.bc');
    assert.equal((await wopt([ok, '-o', bc], { node: [HALF_STACK] })).code, 0);
    assert.equal((await wopt(['-S', bc], { node: [HALF_STACK] })).code, 0);
    const e = await wopt(['-S', deep]);
    assert.equal(e.code, 1);
    const line = outerFirst ? 1 : LIMIT;   // %t0's definition
    assert.equal(e.stderr.split('\n')[0], `wopt: ${deep}:${line}:1: error: nesting too deep (limit ${LIMIT})`);
  }
});

test('nesting: bitcode nested deeper than the limit is refused by the block that holds it; deep metadata needs no limit there', { skip: skip || (!fs.existsSync(path.join(llvmBin(22), 'llvm-as')) && 'llvm-as-22 not installed') }, async t => {
  const dir = tempDir(t);
  const cases = [
    ['type', nested('type', LIMIT + 1), `Invalid TYPE table: types nested too deeply (limit ${LIMIT})`],
    ['chain', chain(LIMIT + 5, true), `Invalid TYPE table: types nested too deeply (limit ${LIMIT})`],
    ['constant', nested('constant', LIMIT + 1), `Invalid constant: nested too deeply (limit ${LIMIT})`],
    ['metadata', nested('metadata', 4 * LIMIT), null],
  ];
  for (const [name, text, message] of cases) {
    const ll = path.join(dir, `${name}.ll`), bc = path.join(dir, `${name}.bc`);
    fs.writeFileSync(ll, text);
    const as = await run(path.join(llvmBin(22), 'llvm-as'), [ll, '-o', bc]);
    assert.equal(as.code, 0, as.stderr);
    const r = await wopt(['-S', bc], { node: [HALF_STACK] });
    if (message === null) { assert.equal(r.code, 0, `${name}: ${r.stderr}`); continue; }
    assert.equal(r.code, 1, name);
    assert.match(r.stderr, new RegExp(`^wopt: ${bc.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: error: ${message.replace(/[()]/g, '\\$&')} \\(\\w+, bit offset \\d+\\)\n$`), name);
  }
});

test('nesting: named structs that share members (a DAG of 2^60 paths) are walked once per type', { skip, timeout: 60000 }, async () => {
  let text = '%s0 = type { i8 }\n';
  for (let i = 1; i <= 60; i++) text += `%s${i} = type { %s${i - 1}, %s${i - 1} }\n`;
  text += 'define void @f(ptr %p) {\n  store %s60 zeroinitializer, ptr %p\n  ret void\n}\n';
  const r = await run(process.execPath, [CLI, '-S', '-passes=mergefunc', '-'], { env, input: text });
  assert.equal(r.code, 0, r.stderr);
});
