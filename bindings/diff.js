// diff.js — a line diff (Myers' O(ND) greedy algorithm): the playground's per-pass view and the language server's per-pass diffs.

/**
 * Lines of `a` and `b` as [{ op: ' ' | '-' | '+', text }]. Common head and tail are trimmed first
 * (a pass usually changes a little of a unit); past `maxD` edits it gives up and returns the
 * middle as all removed then all added.
 */
export function diffLines(a, b, maxD = 4000) {
  const A = a === '' ? [] : a.split('\n'), B = b === '' ? [] : b.split('\n');
  let head = 0;
  while (head < A.length && head < B.length && A[head] === B[head]) head++;
  let tail = 0;
  while (tail < A.length - head && tail < B.length - head && A[A.length - 1 - tail] === B[B.length - 1 - tail]) tail++;
  const x = A.slice(head, A.length - tail), y = B.slice(head, B.length - tail);
  const out = A.slice(0, head).map(text => ({ op: ' ', text }));
  for (const e of middle(x, y, maxD)) out.push(e);
  for (const text of A.slice(A.length - tail)) out.push({ op: ' ', text });
  return out;
}

function middle(x, y, maxD) {
  const n = x.length, m = y.length, off = n + m + 1;
  const v = new Int32Array(2 * off + 1);
  const trace = [];
  // each step saves a frontier copy: keep that memory bounded (about 80 MB) on huge units
  const limit = Math.min(n + m, maxD, Math.floor(2e7 / v.length));
  for (let d = 0; d <= limit; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      // step down (insert) or right (delete), whichever reaches further
      let i = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
      let j = i - k;
      while (i < n && j < m && x[i] === y[j]) { i++; j++; }
      v[off + k] = i;
      if (i >= n && j >= m) return backtrack(trace, x, y, off, d);
    }
  }
  return [...x.map(text => ({ op: '-', text })), ...y.map(text => ({ op: '+', text }))];
}

// Walks the saved frontiers back from (n, m) to (0, 0), collecting the edit script.
function backtrack(trace, x, y, off, dEnd) {
  const ops = [];
  let i = x.length, j = y.length;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d], k = i - j;
    const down = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]);
    const pk = down ? k + 1 : k - 1, pi = v[off + pk], pj = pi - pk;
    while (i > pi + (down ? 0 : 1) && j > pj + (down ? 1 : 0)) ops.push({ op: ' ', text: x[--i] }), j--;
    if (down) ops.push({ op: '+', text: y[--j] });
    else ops.push({ op: '-', text: x[--i] });
  }
  while (i > 0) { ops.push({ op: ' ', text: x[--i] }); j--; }
  return ops.reverse();
}

/**
 * The ops of diffLines as side-by-side rows [{ left, right }], each side { n, text, op } or null:
 * an unchanged line on both sides; in a changed stretch the removed lines beside the added ones,
 * paired in order, the longer side going on alone.
 */
export function sideBySide(ops) {
  const rows = [];
  let a = 0, b = 0;
  for (let i = 0; i < ops.length;) {
    if (ops[i].op === ' ') { rows.push({ left: { n: ++a, text: ops[i].text, op: ' ' }, right: { n: ++b, text: ops[i].text, op: ' ' } }); i++; continue; }
    const del = [], add = [];
    for (; i < ops.length && ops[i].op !== ' '; i++) (ops[i].op === '-' ? del : add).push(ops[i].text);
    for (let k = 0; k < Math.max(del.length, add.length); k++) {
      rows.push({ left: k < del.length ? { n: ++a, text: del[k], op: '-' } : null, right: k < add.length ? { n: ++b, text: add[k], op: '+' } : null });
    }
  }
  return rows;
}

/** Which of `n` items to show: the changed ones and `ctx` around each (all when none changed). */
export function contextMask(changed, ctx = 3) {
  const keep = changed.map(() => false);
  changed.forEach((c, i) => { if (c) for (let j = Math.max(0, i - ctx); j <= Math.min(changed.length - 1, i + ctx); j++) keep[j] = true; });
  return keep;
}
