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

const LINE_H = 15, HEAD_H = 24, MAX_CHARS = 72;
const widthOf = (b, text) => Math.max(60, text.length * CHAR_W + (b.phis ? 46 : 18));
const clip = t => (t.length > MAX_CHARS ? `${t.slice(0, MAX_CHARS - 1)}…` : t);

// a node's box: compact (its label) or, with its instructions, a label line over them
function boxOf(b, label, lines) {
  if (!lines) return { w: widthOf(b, label), h: BOX_H };
  const longest = lines.reduce((m, l) => Math.max(m, clip(l).length), 0);
  return { w: Math.max(widthOf(b, label), longest * CHAR_W * 0.92 + 20), h: HEAD_H + lines.length * LINE_H + 8 };
}

// blocks[i] drawn as labels[i] at pos; edges [from, to, back]; opts.lines[i]: block i's instructions
function draw(blocks, labels, edges, pos, opts) {
  const boxes = blocks.map((b, i) => boxOf(b, labels[i], opts.lines?.[i]));
  const width = boxes.map(x => x.w);
  // each level as tall as its tallest node
  const rowH = new Float64Array(pos.rows).fill(BOX_H);
  blocks.forEach((b, i) => { rowH[pos.level[i]] = Math.max(rowH[pos.level[i]], boxes[i].h); });
  const rowY = new Float64Array(pos.rows);
  for (let l = 1; l < pos.rows; l++) rowY[l] = rowY[l - 1] + rowH[l - 1] + GAP_Y;
  let maxX = 0;
  for (let i = 0; i < pos.x.length; i++) maxX = Math.max(maxX, pos.x[i] + (width[i] ?? 8) / 2);
  // room on the right for the loops' arcs
  const W = Math.ceil(maxX + 2 * PAD + (edges.some(e => e[2]) ? 40 : 0)), H = Math.ceil((pos.rows ? rowY[pos.rows - 1] + rowH[pos.rows - 1] : 0) + 2 * PAD);
  const svg = el('svg', { class: `graph ${opts.kind}`, width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': opts.title });
  const defs = el('defs');
  const marker = el('marker', { id: `arrow-${opts.kind}`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
  marker.append(el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrowhead' }));
  defs.append(marker);
  svg.append(defs);
  const cx = i => PAD + pos.x[i], top = i => PAD + rowY[pos.level[i]];
  // a dummy node of a long edge stands for the whole height of its level
  const bottom = i => top(i) + (i < blocks.length ? boxes[i].h : rowH[pos.level[i]]);
  const midY = i => top(i) + Math.min(boxes[i].h / 2, HEAD_H / 2 + 2);
  edges.forEach(([a, b, back], k) => {
    let d;
    if (back) { // loops go round the right-hand side
      const r = Math.max(cx(a) + width[a] / 2, cx(b) + width[b] / 2) + 24;
      d = `M${cx(a) + width[a] / 2},${midY(a)} C${r},${midY(a)} ${r},${midY(b)} ${cx(b) + width[b] / 2},${midY(b)}`;
    } else {
      // down through the edge's dummies: an S-curve between levels, straight through a level
      const pts = [[cx(a), bottom(a)]];
      for (const v of pos.routes?.[k] ?? []) pts.push([cx(v), top(v)], [cx(v), bottom(v)]);
      pts.push([cx(b), top(b)]);
      d = `M${pts[0]}`;
      for (let j = 1; j < pts.length; j++) {
        const [x0, y0] = pts[j - 1], [x1, y1] = pts[j], my = (y0 + y1) / 2;
        d += j % 2 ? ` C${x0},${my} ${x1},${my} ${x1},${y1}` : ` L${x1},${y1}`;
      }
    }
    svg.append(el('path', { d, class: back ? 'edge back' : 'edge', 'marker-end': `url(#arrow-${opts.kind})`, 'data-from': blocks[a].name ?? '', 'data-to': blocks[b].name ?? '' }));
  });
  blocks.forEach((b, i) => {
    const lines = opts.lines?.[i];
    const g = el('g', { class: `node${b.phis ? ' phi' : ''}${b.reachable === false ? ' unreachable' : ''}${b.virtual ? ' virtual' : ''}${lines ? ' with-code' : ''}`, 'data-block': b.name ?? '' });
    g.append(el('title', {}, opts.tip(i) + (lines ? `\n\n${lines.join('\n')}` : '')));
    const x0 = cx(i) - width[i] / 2;
    g.append(el('rect', { x: x0, y: top(i), width: width[i], height: boxes[i].h, rx: 6 }));
    if (!lines) {
      g.append(el('text', { x: cx(i) - (b.phis ? 18 : 0), y: top(i) + BOX_H / 2 + 4, 'text-anchor': 'middle', class: 'label' }, labels[i]));
      if (b.phis) g.append(el('text', { x: cx(i) + width[i] / 2 - 8, y: top(i) + BOX_H / 2 + 4, 'text-anchor': 'end', class: 'phi-label' }, `φ ${b.phis}`));
    } else {
      g.append(el('text', { x: x0 + 8, y: top(i) + 16, class: 'label head' }, labels[i]));
      if (b.phis) g.append(el('text', { x: cx(i) + width[i] / 2 - 8, y: top(i) + 16, 'text-anchor': 'end', class: 'phi-label' }, `φ ${b.phis}`));
      g.append(el('line', { x1: x0, x2: x0 + width[i], y1: top(i) + HEAD_H - 2, y2: top(i) + HEAD_H - 2, class: 'sep' }));
      lines.forEach((l, k) => g.append(el('text', { x: x0 + 8, y: top(i) + HEAD_H + 11 + k * LINE_H, class: `inst${/^%\S+ = phi /.test(l) ? ' phi-inst' : ''}` }, clip(l))));
    }
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

/**
 * The CFG as SVG: edges to an earlier block in RPO (loops) drawn as back edges. `opts.lines`:
 * each block's instructions, drawn inside its node; `opts.title`: what the graph is of.
 */
export function cfgSvg(fn, opts = {}) {
  const { blocks } = fn, order = rpo(blocks), rank = new Int32Array(blocks.length);
  order.forEach((v, i) => { rank[v] = i; });
  const edges = [];
  blocks.forEach((b, i) => { for (const s of b.succ) edges.push([i, s, rank[s] <= rank[i]]); });
  const labels = blocks.map(label);
  const pos = layered(blocks.length, edges, order, blocks.map((b, i) => boxOf(b, labels[i], opts.lines?.[i]).w));
  return draw(blocks, labels, edges, pos, { kind: 'cfg', title: `CFG of ${opts.title ?? `@${fn.name}`}`, tip: i => tip(blocks, i), lines: opts.lines });
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
export function domTreeSvg(fn, { title } = {}) {
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
  return draw(sub, labels, edges, pos, { kind: 'domtree', title: `dominator tree of ${title ?? `@${fn.name}`}`, tip: k => tip(blocks, idx[k]) });
}

/**
 * The post-dominator tree as SVG: rooted at the virtual exit (where every return and unreachable
 * leads), each block under its immediate post-dominator.
 */
export function postDomTreeSvg(fn, { title } = {}) {
  const { blocks } = fn, n = blocks.length, order = rpo(blocks), rank = new Int32Array(n + 1);
  order.forEach((v, i) => { rank[v] = i; });
  rank[n] = -1;
  const nodes = [...blocks, { name: 'exit', succ: [], pred: [], idom: -1, ipdom: -1, frontier: [], phis: 0, reachable: true, virtual: true }];
  const labels = nodes.map((b, i) => (i === n ? 'exit' : label(b, i)));
  const children = nodes.map(() => []), edges = [];
  // children in reverse RPO: blocks near the exit first
  for (const i of [...blocks.keys()].sort((p, q) => rank[q] - rank[p])) {
    const p = blocks[i].ipdom >= 0 ? blocks[i].ipdom : n;
    children[p].push(i);
    edges.push([p, i, false]);
  }
  const pos = treeLayout(nodes.length, children, [n], nodes.map((b, k) => widthOf(b, labels[k])));
  const tipOf = k => (k === n ? 'the virtual exit: every return and unreachable leads here' : `${tip(blocks, k)}
ipdom: ${blocks[k].ipdom < 0 ? 'exit' : label(blocks[blocks[k].ipdom], blocks[k].ipdom)}`);
  return draw(nodes, labels, edges, pos, { kind: 'postdomtree', title: `post-dominator tree of ${title ?? `@${fn.name}`}`, tip: tipOf });
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
