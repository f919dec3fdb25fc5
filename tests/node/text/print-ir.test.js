// opt's IR-printing instrumentation (-print-after-all, -print-before-all, -print-changed,
// -filter-print-funcs, -print-module-scope), byte for byte against opt-19 and opt-22 on the LLVM
// test corpus's modules: what wopt writes to stderr must be what opt writes. Modules whose plain
// output already differs from opt's are left out (the dumps would differ for that reason alone).
// Also: the CLI's flag forms, the optnone skipping of optional passes, and the -O# message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REAL_WASM, LLVM_VERSIONS, optFor, skipDiff, runCli, tempDir } from '../helpers.js';
import { instantiate } from '../../../bindings/core.js';
import { runModule } from '../../../bindings/driver.js';

const LIT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../shared/llvm-lit');
const PIPELINES = ['function(mem2reg),mergefunc', 'mergefunc,function(mem2reg,print<domtree>,verify)'];
const MODES = {
  22: [['-print-after-all'], ['-print-changed'], ['-print-before-all', '-filter-print-funcs=foo,bar,main,f'],
    ['-print-changed=quiet', '-print-module-scope'], ['-print-after=mem2reg', '-print-changed', '-filter-passes=mergefunc']],
  19: [['-print-after-all'], ['-print-changed'], ['-print-before-all', '-print-module-scope', '-filter-print-funcs=foo']],
};

function opt(v, args, cwd) {
  return new Promise(resolve => {
    const p = spawn(optFor(v), args, { cwd });
    let out = '', err = '';
    p.stdout.setEncoding('utf8').on('data', d => { out += d; });
    p.stderr.setEncoding('utf8').on('data', d => { err += d; });
    p.on('close', status => resolve({ status, out, err }));
  });
}

// The CLI's options as the core's: -print-changed alone means `changed`; the CLI adds the tail.
function optionsOf(flags) {
  const o = {};
  for (const f of flags) {
    const [k, v] = f.replace(/^-+/, '').split('=');
    o[k] = v ?? (k === 'print-changed' ? 'changed' : true);
  }
  o['pipeline-tail'] = 'verify,print';
  return o;
}

const corpus = fs.existsSync(LIT)
  ? ['Dominators', 'Mem2Reg', 'MergeFunc'].flatMap(d => fs.readdirSync(path.join(LIT, d)).filter(f => f.endsWith('.ll')).map(f => `${d}/${f}`))
  : [];

for (const v of LLVM_VERSIONS) {
  test(`IR dumps equal opt-${v}'s on the LLVM test corpus`, { skip: skipDiff(v) || (!corpus.length && `no corpus at ${LIT}`) }, async t => {
    const core = await instantiate(fs.readFileSync(REAL_WASM));
    let compared = 0, files = 0;
    for (const passes of PIPELINES) {
      for (const f of corpus) {
        const input = fs.readFileSync(path.join(LIT, f));
        const ref = await opt(v, ['-S', `-passes=${passes}`, f, '-o', '-'], LIT);
        if (ref.status !== 0) continue;
        const plain = runModule(core, input, { passes, moduleId: f, llvmVersion: v });
        if (!plain.ok || new TextDecoder().decode(plain.output) !== ref.out) continue;
        files++;
        for (const flags of MODES[v]) {
          const want = await opt(v, ['-S', `-passes=${passes}`, ...flags, f, '-o', '/dev/null'], LIT);
          const got = runModule(core, input, { passes, options: optionsOf(flags), moduleId: f, llvmVersion: v });
          assert.ok(got.ok, `${f} ${flags.join(' ')}: ${got.error?.message}`);
          // opt's stderr: what its reader warned about (as the CLI writes it), then the dumps
          const warned = (got.warnings ?? []).map(w => `${w.tool ? 'wopt: ' : ''}${w.text}\n`).join('');
          assert.equal(warned + got.log, want.err, `${f} -passes=${passes} ${flags.join(' ')}`);
          compared++;
        }
      }
    }
    assert.ok(files > 100, `only ${files} corpus modules compared`);
    t.diagnostic(`opt-${v}: ${compared} dumps of ${files} module/pipeline pairs identical`);
  });
}

const SMALL = `define internal i32 @f(i32 %a) {
  %t = alloca i32, align 4
  store i32 %a, ptr %t, align 4
  %z = load i32, ptr %t, align 4
  ret i32 %z
}
define i32 @g(i32 %a) #0 {
  %t = alloca i32, align 4
  store i32 %a, ptr %t, align 4
  %z = load i32, ptr %t, align 4
  ret i32 %z
}
attributes #0 = { noinline optnone }
`;

test('CLI: instrumentation flags as opt spells them, optnone skipping, the tail steps', { skip: skipDiff(22) }, async t => {
  const dir = tempDir(t);
  const file = path.join(dir, 'small.ll');
  fs.writeFileSync(file, SMALL);
  const cases = [
    ['-S', '-passes=mem2reg,dot-dom', '-print-changed', file, '-o', '/dev/null'],
    ['-S', '-passes=mem2reg', '-print-changed', '-disable-verify', file, '-o', '/dev/null'],
    ['-passes=mem2reg', '-print-changed', '-disable-output', file],
    ['-passes=', '-print-changed', '-disable-output', file],
    ['-S', '-passes=function(mem2reg,no-op-function)', '-print-after=mem2reg', '-print-after', 'no-op-function', '-print-before=mem2reg', file, '-o', '/dev/null'],
    ['-S', '-passes=mem2reg', '-print-after-all', '-filter-print-funcs=f', '-filter-print-funcs=g', file, '-o', '/dev/null'],
    ['-S', '-passes=function(invalidate<all>,no-op-function)', '-print-after=verify,no-op-function', '-print-changed', '-filter-passes=verify', file, '-o', '/dev/null'],
  ];
  for (const args of cases) {
    const want = await opt(22, args, dir);
    const got = await runCli(args, { cwd: dir });
    assert.equal(got.code, want.status, args.join(' '));
    assert.equal(got.stderr, want.err, args.join(' '));
  }
  // dot-dom is optional in opt: no file for the optnone function g
  assert.ok(fs.existsSync(path.join(dir, 'dom.f.dot')));
  assert.ok(!fs.existsSync(path.join(dir, 'dom.g.dot')));
});

test('CLI: -O# and default<O#> name the passes wopt lacks; external diff modes are refused', { skip: skipDiff(22) }, async t => {
  const dir = tempDir(t);
  const file = path.join(dir, 'small.ll');
  fs.writeFileSync(file, SMALL);
  for (const [args, level] of [[['-O2'], 'O2'], [['-passes=mergefunc,default<O3>'], 'O3'], [['-passes=default<O0>', '--llvm-version=19'], 'O0']]) {
    const r = await runCli(['-S', ...args, file]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, new RegExp(`^wopt: 'default<${level}>' is LLVM's -${level} pipeline; wopt does not have these of its passes: [a-z]`));
    assert.match(r.stderr, level === 'O0' ? /always-inline/ : /instcombine, instsimplify/);
    assert.equal(r.stdout, '');
  }
  const r = await runCli(['-S', '-passes=mem2reg', '-print-changed=diff', file]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /-print-changed=diff is not supported/);
});
