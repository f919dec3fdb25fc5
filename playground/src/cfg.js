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

const label = (b, i) => b.name ? `%${b.name}` : `#${i}`;

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

/** Levels and x positions for nodes 0..n-1 with edges [from, to]; `order` ranks them (RPO). */
function layered(n, edges, order, width) {
  const rank = new Int32Array(n);
  order.forEach((v, i) => { rank[v] = i; });
  const level = new Int32Array(n);
  const fwd = edges.filter(([a, b]) => rank[a] < rank[b]).sort((e, f) => rank[e[0]] - rank[f[0]]);
  for (const [a, b] of fwd) level[b] = Math.max(level[b], level[a] + 1);
  const rows = [];
  for (const v of order) (rows[level[v]] ??= []).push(v);
  const parents = Array.from({ length: n }, () => []);
  for (const [a, b] of fwd) parents[b].push(a);
  const x = new Float64Array(n);
  for (const row of rows) {
    if (!row) continue;
    // mean parent position keeps children under their parents and cuts crossings
    const key = v => parents[v].length ? parents[v].reduce((s, p) => s + x[p], 0) / parents[v].length : rank[v] * 1e-3;
    row.sort((a, b) => key(a) - key(b) || rank[a] - rank[b]);
    let cx = 0;
    for (const v of row) { x[v] = Math.max(cx + width[v] / 2, key(v) > 1 ? key(v) : 0); cx = x[v] + width[v] / 2 + GAP_X; }
  }
  return { level, x, rows: rows.length };
}

const widthOf = (b, text) => Math.max(60, text.length * CHAR_W + (b.phis ? 46 : 18));

// blocks[i] drawn as labels[i] at pos; edges [from, to, back]
function draw(blocks, labels, edges, pos, opts) {
  const width = blocks.map((b, i) => widthOf(b, labels[i]));
  let maxX = 0;
  for (let i = 0; i < blocks.length; i++) maxX = Math.max(maxX, pos.x[i] + width[i] / 2);
  const W = maxX + 2 * PAD + 40, H = pos.rows * (BOX_H + GAP_Y) - GAP_Y + 2 * PAD;
  const svg = el('svg', { class: `graph ${opts.kind}`, width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': opts.title });
  const defs = el('defs');
  const marker = el('marker', { id: `arrow-${opts.kind}`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
  marker.append(el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrowhead' }));
  defs.append(marker);
  svg.append(defs);
  const cx = i => PAD + pos.x[i], top = i => PAD + pos.level[i] * (BOX_H + GAP_Y);
  for (const [a, b, back] of edges) {
    let d;
    if (back) { // loops go round the right-hand side
      const r = Math.max(cx(a) + width[a] / 2, cx(b) + width[b] / 2) + 24;
      d = `M${cx(a) + width[a] / 2},${top(a) + BOX_H / 2} C${r},${top(a) + BOX_H / 2} ${r},${top(b) + BOX_H / 2} ${cx(b) + width[b] / 2},${top(b) + BOX_H / 2}`;
    } else {
      const y1 = top(a) + BOX_H, y2 = top(b), my = (y1 + y2) / 2;
      d = `M${cx(a)},${y1} C${cx(a)},${my} ${cx(b)},${my} ${cx(b)},${y2}`;
    }
    svg.append(el('path', { d, class: back ? 'edge back' : 'edge', 'marker-end': `url(#arrow-${opts.kind})` }));
  }
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

/** The dominator tree as SVG (unreachable blocks, which have no idom, left out). */
export function domTreeSvg(fn) {
  const { blocks } = fn;
  const idx = [], at = new Int32Array(blocks.length).fill(-1);
  blocks.forEach((b, i) => { if (i === 0 || b.idom >= 0) { at[i] = idx.length; idx.push(i); } });
  const sub = idx.map(i => blocks[i]), labels = idx.map(i => label(blocks[i], i));
  const edges = [];
  idx.forEach((i, k) => { if (blocks[i].idom >= 0 && at[blocks[i].idom] >= 0) edges.push([at[blocks[i].idom], k, false]); });
  const order = rpo(sub.map((b, k) => ({ succ: edges.filter(e => e[0] === k).map(e => e[1]) })));
  const pos = layered(sub.length, edges, order, sub.map((b, k) => widthOf(b, labels[k])));
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
