// mergefunc differential fuzzing against opt-19: random modules of look-alike functions (a few
// shared bodies; linkages private/internal/external/weak/linkonce(_odr)/weak_odr/
// available_externally, unnamed_addr, alignment, comdats, calling conventions incl. swifttailcc,
// varargs, ptr/i64 parameters, struct and void returns, self-recursion, calls between them,
// address-taking stores, llvm.used, tables and aliases of them) must come out of wopt exactly as
// out of opt-19, with no options, -mergefunc-use-aliases and -mergefunc-preserve-debug-info.
// Modules on which opt-19 fails (it builds aliases to interposable aliases on some) are skipped.
// Skipped when opt-19 or the built core is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OPT, haveOpt, haveRealCore, NO_OPT, NO_CORE, run } from './helpers.js';

const skip = (!haveRealCore && NO_CORE) || (!haveOpt && NO_OPT);

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

test('mergefunc equals opt-19 on random modules of look-alike functions', { skip }, async () => {
  const { loadWopt } = await import('../../bindings/node.js');
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
      assert.ok(core.parse(input, { moduleId: '<stdin>' }).ok, `seed ${seed}: parse`);
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
