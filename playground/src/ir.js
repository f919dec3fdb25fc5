// ir.js — reading printed LLVM IR for the views: the functions a module defines (their text, for
// the function filter and per-function diffs) and the instructions of each block of one function
// (for the CFG's nodes). Text as opt prints it: `define ... @name(...) ... {` up to a line `}`.

// @name in a define/declare line: bare, quoted (with \XX escapes) or a slot number
const GLOBAL = String.raw`@(?:"((?:[^"\\]|\\[0-9A-Fa-f]{2}|\\\\)*)"|([-a-zA-Z$._0-9]+))`;
const HEAD = new RegExp(String.raw`^(define|declare)\b[^\n]*?${GLOBAL}\(`, 'gm');

function unquote(q) {
  const bytes = [];
  for (let i = 0; i < q.length; i++) {
    if (q[i] === '\\' && /^[0-9A-Fa-f]{2}$/.test(q.slice(i + 1, i + 3))) { bytes.push(parseInt(q.slice(i + 1, i + 3), 16)); i += 2; }
    else for (const b of new TextEncoder().encode(q[i])) bytes.push(b);
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/**
 * The functions of a printed module, in order: [{ name, printed, declaration, text }] where
 * `name` is the name ('' for an unnamed one), `printed` how the IR writes it ('@0' for the first
 * unnamed) and `text` the definition from its `define` line to its closing `}` ('' for a
 * declaration).
 */
export function functionsOf(text) {
  const out = [];
  for (const m of text.matchAll(HEAD)) {
    const quoted = m[2] !== undefined, raw = quoted ? unquote(m[2]) : m[3];
    const numbered = !quoted && /^\d+$/.test(raw);
    const name = numbered ? '' : raw;
    const printed = quoted ? `@"${m[2]}"` : `@${raw}`;
    if (m[1] === 'declare') { out.push({ name, printed, declaration: true, text: '' }); continue; }
    const end = text.indexOf('\n}', m.index);
    out.push({ name, printed, declaration: false, text: text.slice(m.index, end < 0 ? text.length : end + 2) });
  }
  return out;
}

/** The definition of `printed` (e.g. '@f', '@0') in a printed module, or null. */
export function definitionOf(text, printed) {
  return functionsOf(text).find(f => f.printed === printed && !f.declaration)?.text ?? null;
}

const LABEL = /^([-a-zA-Z$._0-9]+|"(?:[^"\\]|\\.)*"):/;

/**
 * The blocks of one function's text: [{ label, lines }], `label` as inspect() names blocks
 * ('%entry', '%5'), `lines` its instructions (indentation, comment lines and the labels' `; preds`
 * comments dropped). An entry block printed without a label has label null; `names`, inspect()'s
 * block names, replace the labels when there are as many.
 */
export function blocksOf(fnText, names = null) {
  const lines = fnText.split('\n');
  const body = lines.slice(1, lines[lines.length - 1] === '}' ? -1 : undefined);
  const blocks = [];
  let cur = null;
  for (const line of body) {
    const m = LABEL.exec(line);
    if (m) { cur = { label: `%${m[1]}`, lines: [] }; blocks.push(cur); continue; }
    const t = line.trim();
    if (!t || t.startsWith(';')) continue;
    if (!cur) { cur = { label: null, lines: [] }; blocks.push(cur); }
    cur.lines.push(t);
  }
  if (names && names.length === blocks.length) blocks.forEach((b, i) => { b.label = names[i]; });
  return blocks;
}
