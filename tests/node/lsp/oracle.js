// A second, independent reading of LLVM IR names for the language-server tests (not a test file
// itself): a small tokenizer over the text (comments, strings and quoted names handled) that finds
// every name token — locals per function, globals, metadata nodes, attribute groups, comdats and
// named types — and which of them define what. It knows nothing of the core: the navigation test
// (navigation.test.js) holds the server's answers against it.

const BARE = /[-a-zA-Z$._0-9]/;
const BARE_START = /[-a-zA-Z$._]/;
const DIGIT = /[0-9]/;

// LLVM's \XX escapes in a quoted name, as a JS string (bytes decoded as UTF-8)
function unquote(s) {
  const bytes = [];
  for (const b of new TextEncoder().encode(s)) bytes.push(b);
  const out = [];
  for (let i = 0; i < bytes.length; i++) {
    const h = String.fromCharCode(bytes[i + 1] ?? 0, bytes[i + 2] ?? 0);
    if (bytes[i] === 0x5c && /^[0-9a-fA-F]{2}$/.test(h)) { out.push(parseInt(h, 16)); i += 2; } else out.push(bytes[i]);
  }
  return new TextDecoder().decode(new Uint8Array(out));
}

// The end of a string starting at `i` (a '"'): past its closing quote (LLVM strings hold no '"').
const stringEnd = (line, i) => { const j = line.indexOf('"', i + 1); return j < 0 ? line.length : j + 1; };

/** A line without its comment (a ';' outside strings), trimmed at the end. */
export function withoutComment(line) {
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') i = stringEnd(line, i) - 1;
    else if (line[i] === ';') return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

// The raw name tokens of one line: { sigil, name (normalized: '#N' for a number, else the
// unquoted name), start, end } in UTF-16 columns; a label at the line's start as sigil ':'.
function lineTokens(line) {
  const out = [];
  const label = /^(\s*)([-a-zA-Z$._][-a-zA-Z$._0-9]*|"[^"]*"|\d+):/.exec(line);
  let i = 0;
  if (label) {
    const raw = label[2];
    const name = /^\d+$/.test(raw) ? '#' + raw : raw.startsWith('"') ? unquote(raw.slice(1, -1)) : raw;
    out.push({ sigil: ':', name, start: label[1].length, end: label[0].length });
    i = label[0].length;
  }
  while (i < line.length) {
    const c = line[i];
    if (c === ';') break;
    if (c === '"') { i = stringEnd(line, i); continue; }
    if (c === '%' || c === '@' || c === '$' || c === '!' || c === '#') {
      const n = line[i + 1] ?? '';
      if ((c === '%' || c === '@' || c === '$') && n === '"') {
        const e = stringEnd(line, i + 1);
        out.push({ sigil: c, name: unquote(line.slice(i + 2, e - 1)), start: i, end: e });
        i = e; continue;
      }
      if (DIGIT.test(n) && c !== '$') {
        let e = i + 1; while (e < line.length && DIGIT.test(line[e])) e++;
        out.push({ sigil: c, name: '#' + line.slice(i + 1, e), start: i, end: e });
        i = e; continue;
      }
      if (c === '!' && n === '"') { i = stringEnd(line, i + 1); continue; } // a metadata string
      if (BARE_START.test(n)) {
        let e = i + 1; while (e < line.length && BARE.test(line[e])) e++;
        // !name (named metadata, an attachment kind) and #name (#dbg_value) are not names we follow
        if (c !== '!' && c !== '#') out.push({ sigil: c, name: line.slice(i + 1, e), start: i, end: e });
        i = e; continue;
      }
      i++; continue;
    }
    if (BARE.test(c)) { while (i < line.length && BARE.test(line[i])) i++; continue; } // keywords, numbers, c"..." prefixes
    i++;
  }
  return out;
}

/**
 * Every name token of `text`: { kind: 'local'|'global'|'metadata'|'attr'|'comdat'|'type', key
 * (what names the same thing: kind, scope and name), def, line, start, end, label (a label
 * definition, its colon included), fn (index into functions, for locals) }; the functions (name
 * token, define line, closing line, declare); `lines`.
 */
export function scan(text) {
  const lines = text.split(/\r\n|\r|\n/);
  const raw = lines.map(lineTokens);
  // named types first: a %name in a body that names a type is a type (unless the function defines
  // a local of that name too)
  const types = new Set();
  lines.forEach((l, n) => { const m = /^%("[^"]*"|[-a-zA-Z$._][-a-zA-Z$._0-9]*|\d+)\s*=\s*type\b/.exec(l); if (m) types.add(raw[n][0].name); });
  const functions = [];
  const tokens = [];
  let fn = null;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n], toks = raw[n];
    const head = /^\s*(define|declare)\b/.exec(line);
    if (head && !fn) {
      const f = { kind: head[1], line: n, endLine: n, nameTok: null, locals: new Set() };
      functions.push(f);
      const idx = functions.length - 1;
      // the name: the first global of the line; the arguments: locals after its '(' that are not types
      let seenName = false;
      const nameAt = toks.findIndex(t => t.sigil === '@');
      const argsEnd = nameAt >= 0 ? closingParen(line, toks[nameAt].end) : line.length;
      toks.forEach((t, k) => {
        if (t.sigil === '@' && !seenName) { seenName = true; f.nameTok = t; tokens.push(mk('global', t, n, true)); return; }
        if (t.sigil === '%' && seenName && t.start < argsEnd && !types.has(t.name)) {
          if (f.kind === 'define') { f.locals.add(t.name); tokens.push(mk('local', t, n, true, idx)); }
          return; // a declaration's argument names name nothing
        }
        tokens.push(mk(kindOf(t), t, n, false, idx));
      });
      if (f.kind === 'define' && /\{\s*$/.test(withoutComment(line))) fn = f; else f.endLine = n;
      continue;
    }
    if (fn && /^\}/.test(line)) { fn.endLine = n; fn = null; continue; }
    const idx = fn ? functions.length - 1 : -1;
    // a body's local definitions: `%x =` and labels
    if (fn) {
      const d = /^\s*(%("[^"]*"|[-a-zA-Z$._][-a-zA-Z$._0-9]*|\d+))\s*=/.exec(line);
      if (d) fn.locals.add(toks[0].name);
      if (toks[0]?.sigil === ':') fn.locals.add(toks[0].name);
    }
    const top = /^(@|!|\$|%)("[^"]*"|[-a-zA-Z$._][-a-zA-Z$._0-9]*|\d+)\s*=/.exec(line);
    const attrs = /^attributes\s+#\d+\s*=/.test(line);
    let ba = null; // blockaddress(@f, %bb): %bb is a block of @f
    toks.forEach((t, k) => {
      if (t.sigil === ':') { tokens.push({ ...mk('local', t, n, true, idx), label: true }); return; }
      const isDef = k === 0 && ((top && t.start === 0) || (attrs && t.sigil === '#') || (fn && t.sigil === '%' && /^\s*%[^=]*=/.test(line) && !/^\s*%\S+\s*=\s*type\b/.test(line) && fn));
      const before = line.slice(0, t.start);
      if (t.sigil === '@' && /blockaddress\s*\(\s*$/.test(before)) { ba = t.name; tokens.push(mk('global', t, n, false)); return; }
      if (t.sigil === '%' && ba !== null && /,\s*$/.test(before)) {
        tokens.push({ ...mk('local', t, n, false, -1), blockaddress: ba });
        ba = null; return;
      }
      if (t.sigil === '%' && fn && !(types.has(t.name) && !fn.locals.has(t.name) && !isDef) && !(top && !fn)) {
        tokens.push(mk('local', t, n, !!isDef, idx)); return;
      }
      tokens.push(mk(kindOf(t), t, n, !!isDef, idx));
    });
  }
  // a local used before its definition line (a phi's operand, a forward branch) was classified
  // while the function's locals were not all known: a type name that is a local after all
  for (const t of tokens) {
    if (t.kind === 'type' && t.fn >= 0 && functions[t.fn].locals.has(t.name) && functions[t.fn].line !== t.line) {
      t.kind = 'local';
    }
  }
  for (const t of tokens) {
    if (t.blockaddress !== undefined) t.fn = functions.findIndex(f => f.nameTok?.name === t.blockaddress && f.kind === 'define');
  }
  for (const t of tokens) t.key = t.kind === 'local' ? `local:${t.fn}:${t.name}` : `${t.kind}:${t.name}`;
  return { lines, tokens, functions, types };
}

function mk(kind, t, line, def, fn = -1) { return { kind, name: t.name, line, start: t.start, end: t.end, def, fn }; }
function kindOf(t) {
  switch (t.sigil) {
    case '@': return 'global';
    case '!': return 'metadata';
    case '#': return 'attr';
    case '$': return 'comdat';
    default: return 'type'; // a %name outside a body, or one a body does not define that is a type
  }
}
// the column just past the ')' closing the '(' that follows column `from`
function closingParen(line, from) {
  let depth = 0;
  for (let i = from; i < line.length; i++) {
    if (line[i] === '"') { i = stringEnd(line, i) - 1; continue; }
    if (line[i] === '(') depth++;
    else if (line[i] === ')' && --depth === 0) return i + 1;
  }
  return line.length;
}
