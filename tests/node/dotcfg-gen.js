// Random modules for the dot-cfg differential test (not a test file itself): functions with
// random CFGs (loops, irreducible cycles, self-loops, duplicate edges, unreachable blocks,
// switch / indirectbr / invoke with landing pads), and the inputs BranchProbabilityInfo looks at:
// !prof branch_weights (zero, huge and "expected" weights), compares of pointers, of integers with
// 0 / 1 / -1 (and of strcmp-like results, and masked bits), floating-point compares, loop phis of
// constants feeding the branch condition, noreturn / cold calls, unreachable terminators.

export function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x % n; };
}

const WEIGHTS = [0, 1, 2, 3, 7, 100, 1000, 65535, 2147483648, 4294967295];

function genFunction(r, name, n) {
  const lp = new Set();
  for (let b = 1; b < n; b++) if (r(12) === 0) lp.add(b);
  const normal = [];
  for (let b = 1; b < n; b++) if (!lp.has(b)) normal.push(b);
  const far = r(3);
  const pick = (b) => {
    if (r(8) === 0 && normal.includes(b)) return b;
    if (far === 0 || r(4) === 0) return normal[r(normal.length)];
    const near = normal.filter(x => Math.abs(x - b) <= 3);
    return near.length ? near[r(near.length)] : normal[r(normal.length)];
  };
  const weights = (k) => {
    const ws = [];
    for (let i = 0; i < k; i++) ws.push(WEIGHTS[r(WEIGHTS.length)]);
    return `, !prof !{!"branch_weights", ${r(6) === 0 ? '!"expected", ' : ''}${ws.map(w => `i32 ${w}`).join(', ')}}`;
  };
  // first the terminators (successor lists), then the bodies (phis need the predecessors)
  const blocks = [];
  for (let b = 0; b < n; b++) {
    const kind = r(24);
    const t = { kind: 'ret', succ: [] };
    if (!normal.length || kind < 2) t.kind = 'ret';
    else if (kind < 4) t.kind = r(2) ? 'unreachable' : 'noreturn';
    else if (kind < 7) { t.kind = 'br'; t.succ = [pick(b)]; }
    else if (kind < 16) { t.kind = 'condbr'; t.succ = [pick(b), pick(b)]; }
    else if (kind < 20) {
      t.kind = 'switch'; const m = 1 + r(5);
      t.succ = [pick(b)]; for (let k = 0; k < m; k++) t.succ.push(pick(b));
    } else if (kind < 21) { t.kind = 'indirectbr'; const m = 1 + r(3); for (let k = 0; k < m; k++) t.succ.push(pick(b)); }
    else if (kind < 23 && lp.size) { t.kind = 'invoke'; const lps = [...lp]; t.succ = [pick(b), lps[r(lps.length)]]; }
    else t.kind = 'ret';
    blocks.push(t);
  }
  const preds = Array.from({ length: n }, () => []);
  blocks.forEach((t, b) => t.succ.forEach(s => preds[s].push(b)));
  const name_ = (b) => `%b${b}`;
  const label = (b) => `label ${name_(b)}`;
  const lines = [`define void @${name}(i32 %x, ptr %p, ptr %q, double %d) personality ptr @pers {`];
  for (let b = 0; b < n; b++) {
    const t = blocks[b];
    lines.push(b === 0 ? 'b0:' : `b${b}:`);
    let phi = null;
    if (b > 0 && !lp.has(b) && preds[b].length && r(3) === 0) {
      const vals = new Map();
      for (const p of preds[b]) if (!vals.has(p)) vals.set(p, [String(r(7) - 2), String(r(7) - 2), 'undef', 'poison', '%x'][r(r(4) ? 2 : 5)]);
      lines.push(`  %ph${b} = phi i32 ${preds[b].map(p => `[ ${vals.get(p)}, ${name_(p)} ]`).join(', ')}`);
      phi = `%ph${b}`;
    }
    if (lp.has(b)) lines.push(`  %lp${b} = landingpad { ptr, i32 } cleanup`);
    if (r(10) === 0) lines.push(r(2) ? '  call void @coldf()' : '  call void @ext() #1');
    if (r(25) === 0) lines.push('  call void @noret()');
    let term;
    switch (t.kind) {
      case 'ret': term = 'ret void'; break;
      case 'unreachable': term = 'unreachable'; break;
      case 'noreturn': lines.push('  call void @noret()'); term = 'unreachable'; break;
      case 'br': term = `br ${label(t.succ[0])}`; break;
      case 'condbr': {
        const c = `%c${b}`;
        const k = r(phi ? 9 : 8);
        if (k === 0) lines.push(`  ${c} = icmp ${['eq', 'ne'][r(2)]} ptr %p, ${r(2) ? 'null' : '%q'}`);
        else if (k === 1) lines.push(`  ${c} = icmp ${['eq', 'ne', 'slt', 'sgt', 'ult', 'sle'][r(6)]} i32 %x, ${[0, 1, -1, 7][r(4)]}`);
        else if (k === 2) {
          lines.push(`  %m${b} = and i32 %x, ${[4, 6, 1][r(3)]}`);
          lines.push(`  ${c} = icmp ${['eq', 'ne'][r(2)]} i32 %m${b}, 0`);
        } else if (k === 3) {
          lines.push(`  %s${b} = call i32 @strcmp(ptr %p, ptr %q)`);
          lines.push(`  ${c} = icmp ${['eq', 'ne', 'slt', 'sgt'][r(4)]} i32 %s${b}, ${[0, 1, -1][r(3)]}`);
        } else if (k === 4) {
          const preds_ = ['oeq', 'one', 'ueq', 'une', 'ord', 'uno', 'olt', 'ugt', 'true', 'false'];
          lines.push(`  ${c} = fcmp ${preds_[r(preds_.length)]} double %d, ${r(2) ? '0.0' : '%d'}`);
        } else if (k === 8) {
          const ops = ['add', 'sub', 'mul', 'xor', 'shl', 'and', 'udiv', 'srem'];
          lines.push(`  %pa${b} = ${ops[r(ops.length)]} i32 ${phi}, ${r(4) - 1}`);
          lines.push(`  ${c} = icmp ${['eq', 'ne', 'slt', 'sgt', 'ult', 'uge'][r(6)]} i32 %pa${b}, ${r(5) - 1}`);
        } else lines.push(`  ${c} = icmp ${['eq', 'ne', 'slt', 'ugt'][r(4)]} i32 %x, ${r(50)}`);
        term = `br i1 ${c}, ${label(t.succ[0])}, ${label(t.succ[1])}${r(3) === 0 ? weights(2) : ''}`;
        break;
      }
      case 'switch': {
        const cases = t.succ.slice(1).map((s, k) => `    i32 ${k * 3 - 4}, ${label(s)}`);
        term = `switch i32 %x, ${label(t.succ[0])} [\n${cases.join('\n')}\n  ]${r(3) === 0 ? weights(t.succ.length) : ''}`;
        break;
      }
      case 'indirectbr': term = `indirectbr ptr %p, [${t.succ.map(label).join(', ')}]`; break;
      case 'invoke': term = `invoke void @ext()\n          to ${label(t.succ[0])} unwind ${label(t.succ[1])}${r(4) === 0 ? weights(2) : ''}`; break;
    }
    lines.push(`  ${term}`);
  }
  lines.push('}');
  return lines.join('\n');
}

/** A module of `fns` random functions (1 to 40 blocks, some up to 120). */
export function genModule(seed, fns) {
  const r = rng(seed);
  const parts = ['declare void @ext()', 'declare i32 @pers(...)', 'declare void @noret() noreturn',
    'declare void @coldf() cold', 'declare i32 @strcmp(ptr, ptr)'];
  for (let f = 0; f < fns; f++) parts.push(genFunction(r, `f${f}`, 1 + r(f % 7 === 6 ? 120 : 40)));
  parts.push('attributes #1 = { cold }');
  return parts.join('\n\n') + '\n';
}
