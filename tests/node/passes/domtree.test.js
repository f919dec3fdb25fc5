// Dominator tree printers against opt on random modules, once per LLVM version N (wopt
// --llvm-version=N against opt-N): print<domtree>, print<postdomtree>
// (exact text, incl. LLVM's post-dominator roots for infinite loops and unreachable blocks),
// dot-dom / dot-dom-only / dot-post-dom / dot-post-dom-only (exact files, node addresses mapped by
// first appearance), dot-cfg (the same, heat colours and probabilities included), and pipeline
// nesting / error wording.
// Terminators: ret, unreachable, br, conditional br, switch (duplicate destinations), indirectbr,
// invoke (to landing pads), callbr; named, quoted and numbered blocks.
// Skipped when opt-N or the built core is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { LLVM_VERSIONS, optFor, skipDiff, versionFlag, run, runCli, withoutNotes, tempDir } from '../helpers.js';

function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x % n; };
}

/** A random function body with n blocks (a verifier-clean module). */
function genFunction(r, name, n) {
  const lp = new Set();
  for (let b = 1; b < n; b++) if (r(10) === 0) lp.add(b);
  const normal = [];
  for (let b = 1; b < n; b++) if (!lp.has(b)) normal.push(b);
  const names = [];
  let slot = 0;
  for (let b = 0; b < n; b++) {
    const k = r(4);
    if (k === 0 || (b === 0 && k === 1)) names.push({ ref: `%${slot}`, label: b === 0 ? null : `${slot}` }), slot++;
    else if (k === 1) names.push({ ref: `%"b ${b}"`, label: `"b ${b}"` });
    else names.push({ ref: `%bb${b}`, label: `bb${b}` });
  }
  const far = r(3);
  const pick = (b) => {
    if (!normal.length) return null;
    if (r(8) === 0 && normal.includes(b)) return b;               // self-loop
    if (far === 0 || r(3) === 0) return normal[r(normal.length)];
    const near = normal.filter(x => Math.abs(x - b) <= 4);
    return near.length ? near[r(near.length)] : normal[r(normal.length)];
  };
  const lines = [`define void @${name}(i1 %c, i32 %x, ptr %p) personality ptr @pers {`];
  for (let b = 0; b < n; b++) {
    if (names[b].label !== null) lines.push(`${names[b].label}:`);
    if (lp.has(b)) lines.push(`  %lp${b} = landingpad { ptr, i32 } cleanup`);
    const kind = r(20);
    const t = () => pick(b);
    const ref = (x) => `label ${names[x].ref}`;
    let term = null;
    if (kind < 2 || !normal.length) term = r(2) ? 'ret void' : 'unreachable';
    else if (kind < 7) { const a = t(); term = `br ${ref(a)}`; }
    else if (kind < 12) { const a = t(), c = t(); term = `br i1 %c, ${ref(a)}, ${ref(c)}`; }
    else if (kind < 15) {
      const d = t(); const cases = [];
      const m = 1 + r(5);
      for (let k = 0; k < m; k++) cases.push(`    i32 ${k * 3 - 4}, ${ref(t())}`);
      term = `switch i32 %x, ${ref(d)} [\n${cases.join('\n')}\n  ]`;
    } else if (kind < 17) {
      const m = 1 + r(3); const ds = [];
      for (let k = 0; k < m; k++) ds.push(ref(t()));
      term = `indirectbr ptr %p, [${ds.join(', ')}]`;
    } else if (kind < 19 && lp.size) {
      const lps = [...lp];
      term = `invoke void @ext()\n          to ${ref(t())} unwind ${ref(lps[r(lps.length)])}`;
    } else {
      term = `callbr void asm "", "!i"()\n          to ${ref(t())} [${ref(t())}]`;
    }
    lines.push(`  ${term}`);
  }
  lines.push('}');
  return lines.join('\n');
}

function genModule(seed, fns) {
  const r = rng(seed);
  const parts = ['declare void @ext()', 'declare i32 @pers(...)'];
  for (let f = 0; f < fns; f++) parts.push(genFunction(r, `f${f}`, 1 + r(f % 5 === 4 ? 60 : 14)));
  return parts.join('\n\n') + '\n';
}

/** Node0x... addresses renamed N1, N2, ... in order of first appearance. */
function normalizeDot(text) {
  const ids = new Map();
  return text.replace(/Node0x[0-9a-f]+/g, (m) => { if (!ids.has(m)) ids.set(m, `N${ids.size + 1}`); return ids.get(m); });
}

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

for (const v of LLVM_VERSIONS) {
  const OPT = optFor(v), V = versionFlag(v), skip = skipDiff(v);

  test(`print<domtree> and print<postdomtree> match opt-${v} on random modules (${V})`, { skip }, async (t) => {
    const dir = tempDir(t);
    for (const seed of SEEDS) {
      const file = path.join(dir, `m${seed}.ll`);
      fs.writeFileSync(file, genModule(seed, 30));
      const args = ['-passes=print<domtree>,print<postdomtree>', '-disable-output', file];
      const ref = await run(OPT, args);
      assert.equal(ref.code, 0, `opt-${v} rejected the generated module (seed ${seed}): ${ref.stderr}`);
      const ours = await runCli([V, ...args]);
      assert.equal(ours.code, 0, ours.stderr);
      assert.equal(ours.stderr, ref.stderr, `seed ${seed}`);
    }
  });

  test(`dot-dom, dot-post-dom, their -only variants and dot-cfg match opt-${v} (addresses aside) (${V})`, { skip }, async (t) => {
    for (const seed of SEEDS.slice(0, 4)) {
      const src = genModule(100 + seed, 12);
      const a = tempDir(t), b = tempDir(t);
      fs.writeFileSync(path.join(a, 'in.ll'), src);
      fs.writeFileSync(path.join(b, 'in.ll'), src);
      const args = ['-passes=dot-dom,dot-dom-only,dot-post-dom,dot-post-dom-only,dot-cfg', '-disable-output', 'in.ll'];
      const ref = await run(OPT, args, { cwd: a });
      const ours = await runCli([V, ...args], { cwd: b });
      assert.equal(ref.code, 0, ref.stderr);
      assert.equal(ours.code, 0, ours.stderr);
      assert.equal(ours.stderr, ref.stderr);
      const files = fs.readdirSync(a).filter(f => f.endsWith('.dot')).sort();
      assert.deepEqual(fs.readdirSync(b).filter(f => f.endsWith('.dot')).sort(), files);
      for (const f of files) {
        const x = fs.readFileSync(path.join(a, f), 'utf8'), y = fs.readFileSync(path.join(b, f), 'utf8');
        assert.equal(normalizeDot(y), normalizeDot(x), `${f} (seed ${100 + seed})`);
      }
    }
  });

  test(`pipeline nesting and errors as opt-${v} (${V})`, { skip }, async (t) => {
    const dir = tempDir(t);
    const file = path.join(dir, 'm.ll');
    // @diamond's promotion runs the IDF, which leaves its dominator tree numbered
    fs.writeFileSync(file, genModule(42, 3) + `
define i32 @diamond(i1 %c) {
entry:
  %x = alloca i32
  br i1 %c, label %a, label %b
a:
  store i32 1, ptr %x
  br label %m
b:
  store i32 2, ptr %x
  br label %m
m:
  %v = load i32, ptr %x
  ret i32 %v
}
`);
    for (const p of ['print<domtree>,print<postdomtree>', 'function(print<domtree>),print<postdomtree>',
      'verify,print<domtree>,print<postdomtree>', 'module(function(print<postdomtree>,require<domtree>))',
      'print<domtree>,foo', 'verify,foo', 'function(foo)', 'foo(print<domtree>)', 'function()', 'verify,', 'function(verify',
      // a pass that numbered the tree, then the tree dropped (or another one) before printing
      'function(mem2reg,print<domtree>)', 'function(mem2reg,invalidate<domtree>,print<domtree>)',
      'function(mem2reg,invalidate<postdomtree>,print<domtree>)', 'function(mem2reg,invalidate<all>,print<domtree>)',
      'mem2reg,require<domtree>,print<domtree>', 'require<nothing>', 'invalidate<verify>,require<verify>']) {
      const ref = await run(OPT, [`-passes=${p}`, '-disable-output', file]);
      const ours = await runCli([V, `-passes=${p}`, '-disable-output', file]);
      assert.equal(ours.code === 0, ref.code === 0, p);
      assert.equal(withoutNotes(ours.stderr).replace(/^wopt: /gm, ''), ref.stderr.split('\n').map(l => l.startsWith(`${OPT}: `) ? l.slice(OPT.length + 2) : l).join('\n'), p);
    }
  });
}
