// --shape mode: large CFGs for dominator-tree / IDF benches.
import { ATTRIBUTE_GROUPS, FN_ATTR_COMMENT, HEADER } from './ir-text.js';
import { FnBuilder } from './builder.js';
import { Rng } from './rng.js';

const SHAPES = ['random', 'ladder', 'chain', 'switch'];

function genShapeFunction(r, kind, idx, N, NV) {
  const b = new FnBuilder(1);
  const entry = b.block();
  b.start(entry);
  const vars = [];
  for (let i = 0; i < NV; i++) vars.push(b.v());
  for (const v of vars) b.raw(`  ${v} = alloca i32, align 4`);
  // With more than 4 allocas, locals beyond the first 4 are block-scoped, as after inlining: local
  // k is initialised in the first block of its window of blocks and used only there, so the
  // promoted function stays linear in size (every local live everywhere would need allocas x
  // blocks phis).
  const NG = Math.min(NV, 4);
  b.raw(`  store i32 %0, ptr ${vars[0]}, align 4`);
  for (let i = 1; i < NG; i++) b.raw(`  store i32 ${i * 7}, ptr ${vars[i]}, align 4`);
  const localOf = (i) => NG + Math.floor(i * (NV - NG) / N);
  const pick = (i) => (NV > NG && i >= 0 && r.chance(0.7) ? vars[localOf(i)] : vars[r.int(NG)]);

  const body = (i = -1) => {
    if (NV > NG && i >= 0 && (i === 0 || localOf(i - 1) !== localOf(i)) && localOf(i) < NV)
      b.I(`store i32 ${i & 1023}, ptr ${vars[localOf(i)]}, align 4`);
    if (r.chance(0.3)) {
      const a = b.v(), c = b.v();
      b.I(`${a} = load i32, ptr ${pick(i)}, align 4`);
      b.I(`${c} = add nsw i32 ${a}, ${r.range(1, 9)}`);
      b.I(`store i32 ${c}, ptr ${pick(i)}, align 4`);
    }
  };
  // Conditions test the argument (one line) or a loaded variable (two lines, more mem2reg work).
  const cond = () => {
    if (r.chance(0.5)) {
      const c = b.v();
      b.I(`${c} = icmp slt i32 %0, ${r.range(0, 100)}`);
      return c;
    }
    const a = b.v(), c = b.v();
    b.I(`${a} = load i32, ptr ${vars[r.int(NG)]}, align 4`);
    b.I(`${c} = icmp slt i32 ${a}, ${r.range(0, 100)}`);
    return c;
  };
  const swv = () => {
    if (r.chance(0.5)) return '%0';
    const a = b.v();
    b.I(`${a} = load i32, ptr ${vars[r.int(NG)]}, align 4`);
    return a;
  };

  const blocks = [];
  for (let i = 0; i < N; i++) blocks.push(b.block());
  const exit = b.block();
  b.br(blocks[0]);

  if (kind === 'chain') {
    for (let i = 0; i < N; i++) {
      b.start(blocks[i]);
      body(i);
      const next = i + 1 < N ? blocks[i + 1] : exit;
      if (next !== exit && r.chance(0.2)) b.condbr(cond(), next, exit);
      else b.br(next);
    }
  } else if (kind === 'ladder') {
    // blocks[2k] = left rail, blocks[2k+1] = right rail; each rung crosses over.
    for (let i = 0; i < N; i++) {
      b.start(blocks[i]);
      body(i);
      const even = (i & 1) === 0;
      const same = i + 2 < N ? blocks[i + 2] : exit;
      const other = even ? (i + 3 < N ? blocks[i + 3] : exit) : (i + 1 < N ? blocks[i + 1] : exit);
      if (i === 0 && N > 1) b.condbr(cond(), blocks[1], same);
      else if (same === other) b.br(same);
      else b.condbr(cond(), same, other);
    }
  } else if (kind === 'random') {
    const target = (i) => {
      const x = r.float();
      if (x < 0.7) return blocks[Math.max(0, Math.min(N - 1, i + r.range(-20, 20)))];
      if (x < 0.95) return blocks[r.int(N)];
      return exit;
    };
    for (let i = 0; i < N; i++) {
      b.start(blocks[i]);
      body(i);
      const next = i + 1 < N ? blocks[i + 1] : exit;
      const x = r.float();
      if (next === exit) b.br(exit);
      else if (x < 0.45) b.condbr(cond(), next, target(i));
      else if (x < 0.7) b.br(next);
      else if (x < 0.82) {
        const k = r.range(2, 8), cases = [];
        for (let j = 0; j < k; j++) cases.push([String(j), target(i)]);
        b.sw('i32', swv(), next, cases);
      } else b.condbr(cond(), target(i), next);
    }
  } else { // switch fans: hub -> w case blocks -> join (the next hub)
    let i = 0;
    while (i < N) {
      b.start(blocks[i]);
      body(i);
      const remaining = N - i - 1;
      if (remaining < 3) { b.br(i + 1 < N ? blocks[i + 1] : exit); i++; continue; }
      const w = Math.min(remaining - 1, r.chance(0.1) ? r.range(256, 2048) : r.range(4, 128));
      const join = blocks[i + w + 1];
      const cases = [];
      for (let j = 0; j < w; j++) cases.push([String(j), blocks[i + 1 + j]]);
      b.sw('i32', swv(), join, cases);
      for (let j = 0; j < w; j++) {
        b.start(blocks[i + 1 + j]);
        if (r.chance(0.5)) b.I(`store i32 ${j}, ptr ${vars[r.int(NG)]}, align 4`);
        b.br(join);
      }
      i += w + 1;
    }
  }
  b.start(exit);
  const acc = vars.slice(0, NG).map((v) => { const x = b.v(); b.I(`${x} = load i32, ptr ${v}, align 4`); return x; });
  let s = acc[0];
  for (let i = 1; i < acc.length; i++) { const x = b.v(); b.I(`${x} = add i32 ${s}, ${acc[i]}`); s = x; }
  b.ret('i32', s);
  return b.finish(`${FN_ATTR_COMMENT[0]}\ndefine dso_local i32 @${kind}_${idx}(i32 noundef %0) #0 {`);
}

export function generateShape(opts, sink) {
  const r = new Rng(opts.seed);
  sink.put(HEADER(`shape-${opts.shape}-s${opts.seed}`));
  for (let f = 0; f < opts.functions; f++) {
    const kind = opts.shape === 'mix' ? SHAPES[f % SHAPES.length] : opts.shape;
    if (!SHAPES.includes(kind)) throw new Error(`unknown --shape ${opts.shape} (random|ladder|chain|switch|mix)`);
    sink.put(genShapeFunction(r, kind, f, Math.max(1, opts.blocks), Math.max(1, opts.allocas)));
  }
  sink.put(ATTRIBUTE_GROUPS[0] + '\n');
  sink.flush();
}
