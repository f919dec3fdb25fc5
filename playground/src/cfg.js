// cfg.js — the CFG and dominator tree of one function (session.inspect's blocks) drawn as SVG:
// a layered layout of our own (levels by longest forward path in reverse post-order, order in a
// level by the parents' mean position), blocks with phis filled differently and labelled "φ n".

const NS = 'http://www.w3.org/2000/svg';
const CHAR_W = 7.2, BOX_H = 34, GAP_X = 22, GAP_Y = 46, PAD = 16;

function el(tag, attrs = {}, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// names come as opt prints them (%entry, %3); a bare name gets its sigil
const label = (b, i) => !b.name ? `#${i}` : b.name.startsWith('%') ? b.name : `%${b.name}`;

/** Reverse post-order of the blocks reachable from block 0, then the others in index order. */
export function rpo(blocks) {
  const seen = new Uint8Array(blocks.length), post = [];
  const visit = root => {
    const stack = [[root, 0]];
    seen[root] = 1;
    while (stack.length) {
      const top = stack[stack.length - 1], s = blocks[top[0]].succ;
      if (top[1] < s.length) {
        const n = s[top[1]++];
        if (!seen[n]) { seen[n] = 1; stack.push([n, 0]); }
      } else { post.push(top[0]); stack.pop(); }
    }
  };
  if (blocks.length) visit(0);
  const order = post.reverse();
  for (let i = 0; i < blocks.length; i++) if (!seen[i]) { const before = post.length; visit(i); order.push(...post.splice(before).reverse()); }
  return order;
}

/**
 * Levels and x positions for nodes 0..n-1 with edges [from, to]; `order` ranks them (RPO). A
 * forward edge longer than one level gets a chain of dummy nodes, one per level it crosses, so
 * that blocks move aside for it; `routes[e]` lists its dummies.
 */
function layered(n, edges, order, width) {
  const rank = new Int32Array(n);
  order.forEach((v, i) => { rank[v] = i; });
  const level = [], w = [...width], rk = [...rank], parents = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) level.push(0);
  const fwd = edges.map((e, i) => i).filter(i => rank[edges[i][0]] < rank[edges[i][1]]).sort((i, j) => rank[edges[i][0]] - rank[edges[j][0]]);
  for (const i of fwd) { const [a, b] = edges[i]; level[b] = Math.max(level[b], level[a] + 1); }
  const routes = edges.map(() => []);
  for (const i of fwd) {
    const [a, b] = edges[i];
    let prev = a;
    for (let l = level[a] + 1; l < level[b]; l++) {
      const d = level.length;
      level.push(l); w.push(8); rk.push(rank[a]); parents.push([prev]);
      routes[i].push(d);
      prev = d;
    }
    parents[b].push(prev);
  }
  const rows = [];
  for (const v of order) (rows[level[v]] ??= []).push(v);
  for (let d = n; d < level.length; d++) (rows[level[d]] ??= []).push(d);
  const x = new Float64Array(level.length);
  for (const row of rows) {
    if (!row) continue;
    // mean parent position keeps children under their parents and cuts crossings
    const key = v => parents[v].length ? parents[v].reduce((s, p) => s + x[p], 0) / parents[v].length : rk[v] * 1e-3;
    row.sort((a, b) => key(a) - key(b) || rk[a] - rk[b]);
    let cx = 0;
    for (const v of row) { x[v] = Math.max(cx + w[v] / 2, key(v) > 1 ? key(v) : 0); cx = x[v] + w[v] / 2 + GAP_X; }
  }
  return { level, x, rows: rows.length, routes };
}

const widthOf = (b, text) => Math.max(60, text.length * CHAR_W + (b.phis ? 46 : 18));

// blocks[i] drawn as labels[i] at pos; edges [from, to, back]
function draw(blocks, labels, edges, pos, opts) {
  const width = blocks.map((b, i) => widthOf(b, labels[i]));
  let maxX = 0;
  for (let i = 0; i < pos.x.length; i++) maxX = Math.max(maxX, pos.x[i] + (width[i] ?? 8) / 2);
  // room on the right for the loops' arcs
  const W = maxX + 2 * PAD + (edges.some(e => e[2]) ? 40 : 0), H = pos.rows * (BOX_H + GAP_Y) - GAP_Y + 2 * PAD;
  const svg = el('svg', { class: `graph ${opts.kind}`, width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': opts.title });
  const defs = el('defs');
  const marker = el('marker', { id: `arrow-${opts.kind}`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
  marker.append(el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrowhead' }));
  defs.append(marker);
  svg.append(defs);
  const cx = i => PAD + pos.x[i], top = i => PAD + pos.level[i] * (BOX_H + GAP_Y);
  edges.forEach(([a, b, back], k) => {
    let d;
    if (back) { // loops go round the right-hand side
      const r = Math.max(cx(a) + width[a] / 2, cx(b) + width[b] / 2) + 24;
      d = `M${cx(a) + width[a] / 2},${top(a) + BOX_H / 2} C${r},${top(a) + BOX_H / 2} ${r},${top(b) + BOX_H / 2} ${cx(b) + width[b] / 2},${top(b) + BOX_H / 2}`;
    } else {
      // down through the edge's dummies: an S-curve between levels, straight through a level
      const pts = [[cx(a), top(a) + BOX_H]];
      for (const v of pos.routes?.[k] ?? []) pts.push([cx(v), top(v)], [cx(v), top(v) + BOX_H]);
      pts.push([cx(b), top(b)]);
      d = `M${pts[0]}`;
      for (let j = 1; j < pts.length; j++) {
        const [x0, y0] = pts[j - 1], [x1, y1] = pts[j], my = (y0 + y1) / 2;
        d += j % 2 ? ` C${x0},${my} ${x1},${my} ${x1},${y1}` : ` L${x1},${y1}`;
      }
    }
    svg.append(el('path', { d, class: back ? 'edge back' : 'edge', 'marker-end': `url(#arrow-${opts.kind})` }));
  });
  blocks.forEach((b, i) => {
    const g = el('g', { class: `node${b.phis ? ' phi' : ''}${b.reachable === false ? ' unreachable' : ''}`, 'data-block': b.name ?? '' });
    g.append(el('title', {}, opts.tip(i)));
    g.append(el('rect', { x: cx(i) - width[i] / 2, y: top(i), width: width[i], height: BOX_H, rx: 6 }));
    g.append(el('text', { x: cx(i) - (b.phis ? 18 : 0), y: top(i) + BOX_H / 2 + 4, 'text-anchor': 'middle' }, labels[i]));
    if (b.phis) g.append(el('text', { x: cx(i) + width[i] / 2 - 8, y: top(i) + BOX_H / 2 + 4, 'text-anchor': 'end', class: 'phi-label' }, `φ ${b.phis}`));
    svg.append(g);
  });
  return svg;
}

const names = (blocks, list) => list.map(j => label(blocks[j], j)).join(', ') || '—';

// the hover text of block i
const tip = (blocks, i) => {
  const b = blocks[i];
  return `${label(b, i)}\npreds: ${names(blocks, b.pred)}\nsuccs: ${names(blocks, b.succ)}\n` +
    `idom: ${b.idom < 0 ? '—' : label(blocks[b.idom], b.idom)}\nfrontier: ${names(blocks, b.frontier)}${b.phis ? `\nphis: ${b.phis}` : ''}`;
};

/** The CFG as SVG: edges to an earlier block in RPO (loops) drawn as back edges. */
export function cfgSvg(fn) {
  const { blocks } = fn, order = rpo(blocks), rank = new Int32Array(blocks.length);
  order.forEach((v, i) => { rank[v] = i; });
  const edges = [];
  blocks.forEach((b, i) => { for (const s of b.succ) edges.push([i, s, rank[s] <= rank[i]]); });
  const labels = blocks.map(label);
  const pos = layered(blocks.length, edges, order, blocks.map((b, i) => widthOf(b, labels[i])));
  return draw(blocks, labels, edges, pos, { kind: 'cfg', title: `CFG of @${fn.name}`, tip: i => tip(blocks, i) });
}

/**
 * A tidy tree layout: children left to right in `order`, each parent centred over its children,
 * and a subtree pushed right when it would touch what is already placed on one of its levels.
 */
function treeLayout(n, children, roots, width) {
  const x = new Float64Array(n), level = new Int32Array(n), right = [];
  const shift = (v, dx) => { x[v] += dx; for (const c of children[v]) shift(c, dx); };
  // places v's subtree at depth d; returns the deepest level it reaches
  const place = (v, d) => {
    level[v] = d;
    let deepest = d;
    for (const c of children[v]) deepest = Math.max(deepest, place(c, d + 1));
    const kids = children[v];
    x[v] = kids.length ? (x[kids[0]] + x[kids[kids.length - 1]]) / 2 : (right[d] ?? -GAP_X) + GAP_X + width[v] / 2;
    const need = (right[d] ?? -Infinity) + GAP_X + width[v] / 2 - x[v];
    if (need > 0) {
      shift(v, need);
      for (let l = d + 1; l <= deepest; l++) right[l] += need;
    }
    right[d] = x[v] + width[v] / 2;
    return deepest;
  };
  let rows = 0;
  for (const r of roots) rows = Math.max(rows, place(r, 0) + 1);
  return { level, x, rows };
}

/** The dominator tree as SVG (unreachable blocks, which have no idom, left out). */
export function domTreeSvg(fn) {
  const { blocks } = fn, order = rpo(blocks), rank = new Int32Array(blocks.length);
  order.forEach((v, i) => { rank[v] = i; });
  const idx = [], at = new Int32Array(blocks.length).fill(-1);
  blocks.forEach((b, i) => { if (i === 0 || b.idom >= 0) { at[i] = idx.length; idx.push(i); } });
  const sub = idx.map(i => blocks[i]), labels = idx.map(i => label(blocks[i], i));
  const children = sub.map(() => []), edges = [];
  for (const i of [...idx].sort((p, q) => rank[p] - rank[q])) {
    const p = blocks[i].idom;
    if (p >= 0 && at[p] >= 0) { children[at[p]].push(at[i]); edges.push([at[p], at[i], false]); }
  }
  const pos = treeLayout(sub.length, children, [0], sub.map((b, k) => widthOf(b, labels[k])));
  return draw(sub, labels, edges, pos, { kind: 'domtree', title: `dominator tree of @${fn.name}`, tip: k => tip(blocks, idx[k]) });
}

/** Rows for the per-block table: name, idom, ipdom, frontier, phis. */
export function blockRows(fn) {
  const { blocks } = fn;
  return blocks.map((b, i) => ({
    block: label(b, i), phis: b.phis, reachable: b.reachable !== false,
    idom: b.idom < 0 ? '—' : label(blocks[b.idom], b.idom),
    ipdom: b.ipdom < 0 ? '(exit)' : label(blocks[b.ipdom], b.ipdom),
    frontier: names(blocks, b.frontier),
  }));
}
