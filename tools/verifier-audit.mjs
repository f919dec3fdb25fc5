// Writes docs/VERIFIER-AUDIT.md: which of LLVM 22's verifier and parser diagnostics wopt has.
// The lists of LLVM's checks are tools/audit/verifier-checks.json (lib/IR/Verifier.cpp) and
// tools/audit/parser-checks.json (lib/AsmParser/LLParser.cpp); a check counts as present when its
// message is among the messages wopt's sources can produce. Those are read from the string
// literals of assembly/**/*.ts, joined the way the code joins them:
//   - "a" + expr + "b" is the pattern a…b (any expression between literals matches anything);
//   - a template literal `a${expr}b` likewise, and out.str("a"); ...; out.str("b") written close
//     together;
//   - an expression that is a name (or name[i]) whose value is one of some literals (a `let`
//     choosing among literals, a `const` array of literals) stands for those literals;
//   - a literal passed to a helper that builds a message from its parameter (pstate.ts
//     expect(tok, "')'") builds "expected ')'") gets the helper's pieces around it; helpers are
//     found by reading the function bodies (a string parameter joined to literals, or handed on to
//     another such helper), not listed by hand.
// A pattern decides a check when it matches the check's whole message (for a message LLVM builds
// from pieces: a sample of it, each piece replaced by each of its alternatives or by "X") and its
// fixed text is at least half of that message, so "expected " + what alone decides nothing.
// A check whose condition wopt tests more narrowly than LLVM carries a "partial" note in its JSON
// entry, which the document shows.
// Each check present in wopt is also looked for among the diagnostics of the project's fixtures:
// every .ll under tests/fixtures/ (and the patched bitcode of tests/fixtures/verifier-bitcode/) is
// read and verified by the built core (build/wopt.wasm) under LLVM 22 and 19, and the first fixture
// that prints the check's message is named. A check no input can make opt print says why in its
// entry ("unreachable") and is counted apart, whether wopt has it or not.
//   node tools/verifier-audit.mjs            rewrite docs/VERIFIER-AUDIT.md
//   node tools/verifier-audit.mjs --check    exit 1 when the checked-in document is out of date
//   node tools/verifier-audit.mjs --missing  list the reachable checks wopt has that no fixture prints
//   (--doc FILE: another document than docs/VERIFIER-AUDIT.md)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openSession } from '../bindings/index.js';
import { patchesOf, applyPatches } from '../tests/node/bitcode-patch.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argAfter = flag => process.argv.includes(flag) ? process.argv[process.argv.indexOf(flag) + 1] : null;
const DOC = path.resolve(argAfter('--doc') ?? path.join(ROOT, 'docs', 'VERIFIER-AUDIT.md'));
const MASK = '\u0001';

// ---- reading TypeScript: literals, comments, and the code between them -------------------------

function unescape(raw) {
  return raw.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[0-7]{1,3}|[\s\S])/g, (_, e) => {
    if (e[0] === 'u' && e[1] === '{') return String.fromCodePoint(parseInt(e.slice(2, -1), 16));
    if (e[0] === 'u' && e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e[0] === 'x' && e.length === 3) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '\n': '' }[e] ?? e;
  });
}

// Returns { code, lits }: code is the source with comments blanked and every literal replaced by
// MASK characters of the same length; lits maps a literal's start offset to its pieces (strings,
// and null for a template's ${...}) and end offset.
export function scan(src) {
  const out = src.split('');
  const lits = new Map();
  const blank = (a, b) => { for (let k = a; k < b; k++) if (out[k] !== '\n') out[k] = ' '; };
  const mask = (a, b) => { for (let k = a; k < b; k++) out[k] = MASK; };
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') { const e = src.indexOf('\n', i); const end = e < 0 ? src.length : e; blank(i, end); i = end; continue; }
    if (c === '/' && src[i + 1] === '*') { const e = src.indexOf('*/', i + 2); const end = e < 0 ? src.length : e + 2; blank(i, end); i = end; continue; }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      lits.set(i, { pieces: [unescape(src.slice(i + 1, j))], end: j + 1 });
      mask(i, j + 1); i = j + 1; continue;
    }
    if (c === '`') {
      const pieces = []; let text = ''; let j = i + 1;
      while (j < src.length && src[j] !== '`') {
        if (src[j] === '\\') { text += src.slice(j, j + 2); j += 2; continue; }
        if (src[j] === '$' && src[j + 1] === '{') {
          pieces.push(unescape(text), null); text = '';
          let depth = 1; j += 2;
          while (j < src.length && depth > 0) { if (src[j] === '{') depth++; else if (src[j] === '}') depth--; j++; }
          continue;
        }
        text += src[j]; j++;
      }
      pieces.push(unescape(text));
      lits.set(i, { pieces, end: j + 1 });
      mask(i, j + 1); i = j + 1; continue;
    }
    i++;
  }
  return { code: out.join(''), lits };
}

const OPEN = '([{', CLOSE = ')]}';
// The end of the expression starting at i: the first top-level + , ; ? : or closing bracket.
function exprEnd(code, i) {
  let depth = 0;
  for (; i < code.length; i++) {
    const c = code[i];
    if (OPEN.includes(c)) depth++;
    else if (CLOSE.includes(c)) { if (depth === 0) return i; depth--; }
    else if (depth === 0 && '+,;?:'.includes(c)) return i;
  }
  return i;
}
const skipWs = (code, i) => { while (i < code.length && /\s/.test(code[i])) i++; return i; };

// A chain: the pieces of one joined message, null where an expression stands; `args` are the
// expression texts (for the helper analysis).
export function chains(code, lits, resolve = () => null) {
  const used = new Set(); const result = [];
  for (const [start] of [...lits].sort((a, b) => a[0] - b[0])) {
    if (used.has(start)) continue;
    const pieces = []; const exprs = [];
    let b = start - 1; while (b >= 0 && /\s/.test(code[b])) b--;
    if (b >= 0 && code[b] === '+' && code[b - 1] !== '+') {
      // the expression before the '+': resolved when it is a plain name (or name[index])
      const m = /(^|[^\w$.\])])([A-Za-z_$][\w$]*(?:\[[^\]]*\])?)\s*$/.exec(code.slice(Math.max(0, b - 120), b));
      const alts = m ? resolve(m[2], b) : null;
      pieces.push(alts ? { alts } : null); exprs.push(m ? m[2] : '');
    }
    let at = start;
    for (;;) {
      const lit = lits.get(at);
      used.add(at);
      pieces.push(...lit.pieces);
      let i = skipWs(code, lit.end);
      if (code[i] !== '+' || code[i + 1] === '+' || code[i + 1] === '=') break;
      i = skipWs(code, i + 1);
      if (lits.has(i)) { at = i; continue; }
      const e = exprEnd(code, i);
      const text = code.slice(i, e).trim();
      const alts = resolve(text, i);
      pieces.push(alts ? { alts } : null); exprs.push(text);
      const n = skipWs(code, e);
      if (code[n] === '+' && code[n + 1] !== '+') {
        const m = skipWs(code, n + 1);
        if (lits.has(m)) { at = m; continue; }
      }
      break;
    }
    result.push({ start, pieces: normalise(pieces), exprs });
  }
  return result;
}
function normalise(pieces) {
  const out = [];
  // a message written with its own line end ("...!\n") is the message
  const last = pieces.length - 1;
  if (typeof pieces[last] === 'string' && pieces[last].endsWith('\n')) pieces = [...pieces.slice(0, last), pieces[last].replace(/\n+$/, '')];
  for (const p of pieces) {
    if (p !== null && typeof p === 'object') out.push(p);
    else if (p === null) { if (out[out.length - 1] !== null) out.push(null); }
    else if (typeof out[out.length - 1] === 'string') out[out.length - 1] += p;
    else if (p !== '' || out.length === 0) out.push(p);
  }
  return out;
}

// Top-level arguments of the call whose '(' is at `open`: [{ start, end, text }].
function callArgs(code, open) {
  const args = []; let depth = 0; let s = open + 1;
  for (let i = open + 1; i < code.length; i++) {
    const c = code[i];
    if (OPEN.includes(c)) depth++;
    else if (CLOSE.includes(c)) {
      if (depth === 0) { if (code.slice(s, i).trim() !== '' || args.length) args.push({ start: s, end: i, text: code.slice(s, i).trim() }); return args; }
      depth--;
    } else if (c === ',' && depth === 0) { args.push({ start: s, end: i, text: code.slice(s, i).trim() }); s = i + 1; }
  }
  return args;
}

// Functions with string parameters: name -> { params: [names by index], body: [start, end] }.
function functions(code) {
  const fns = [];
  for (const m of code.matchAll(/function\s+([A-Za-z_$][\w$]*)\s*(?:<[^>]*>)?\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const params = callArgs(code, open).map(a => { const p = /^([A-Za-z_$][\w$]*)\s*:\s*string\b/.exec(a.text); return p ? p[1] : null; });
    let close = open, depth = 0;
    for (; close < code.length; close++) { if (code[close] === '(') depth++; else if (code[close] === ')' && --depth === 0) break; }
    const bodyStart = code.indexOf('{', close);
    if (bodyStart < 0) continue;
    let d = 0, e = bodyStart;
    for (; e < code.length; e++) { if (code[e] === '{') d++; else if (code[e] === '}' && --d === 0) break; }
    fns.push({ name: m[1], params, body: [bodyStart, e], decl: m.index });
  }
  return fns;
}

// The string values an initializer can have when it is made of literals only: a literal, an
// array of literals, or conditionals choosing among literals (c ? "a" : d ? "b" : "c"); null
// otherwise.
function literalValues(code, lits, start, end) {
  // one literal filling [a, b) but for white space: its value
  const one = (a, b) => {
    while (a < b && /\s/.test(code[a])) a++;
    while (b > a && /\s/.test(code[b - 1])) b--;
    const l = lits.get(a);
    return l && l.end === b && l.pieces.length === 1 ? l.pieces[0] : null;
  };
  // top-level separators in [a, b): [position, char]
  const split = (a, b, chars) => {
    const at = []; let depth = 0;
    for (let i = a; i < b; i++) {
      if (lits.has(i)) { i = lits.get(i).end - 1; continue; }
      const c = code[i];
      if (OPEN.includes(c)) depth++; else if (CLOSE.includes(c)) depth--;
      else if (depth === 0 && chars.includes(c)) at.push([i, c]);
    }
    return at;
  };
  let a = start, b = end;
  while (a < b && /\s/.test(code[a])) a++;
  while (b > a && /\s/.test(code[b - 1])) b--;
  if (code[a] === '[' && code[b - 1] === ']') {
    const vals = []; let from = a + 1;
    for (const [at] of [...split(a + 1, b - 1, ','), [b - 1, ',']]) {
      if (code.slice(from, at).trim() === '' && at === b - 1) break; // a trailing comma
      const v = one(from, at); if (v === null) return null;
      vals.push(v); from = at + 1;
    }
    return vals.length ? vals : null;
  }
  const marks = split(a, b, '?:');
  if (!marks.length) { const v = one(a, b); return v === null ? null : [v]; }
  const vals = [];
  for (let k = 0; k < marks.length; k++) {
    if (marks[k][1] !== (k % 2 === 0 ? '?' : ':')) return null;
    if (k % 2 === 0) { const v = one(marks[k][0] + 1, marks[k + 1]?.[0] ?? b); if (v === null) return null; vals.push(v); }
  }
  if (marks.length % 2 !== 0) return null;
  const last = one(marks[marks.length - 1][0] + 1, b);
  if (last === null) return null;
  vals.push(last);
  return vals;
}
// Declarations `let|const|var NAME[: type] = init`: name -> [{ at, values }] (values: null when
// the initializer is not literals only).
function declarations(code, lits) {
  const decls = new Map();
  for (const m of code.matchAll(/\b(?:let|const|var)\s+([A-Za-z_$][\w$]*)\s*(?::\s*[^=;]+?)?\s*=(?!=)\s*/g)) {
    const start = m.index + m[0].length;
    let end = start, depth = 0;
    for (; end < code.length; end++) {
      const c = code[end];
      if (OPEN.includes(c)) depth++;
      else if (CLOSE.includes(c)) { if (depth === 0) break; depth--; }
      else if (depth === 0 && (c === ';' || c === ',' || c === '\n' && !/[?:]\s*$|^\s*[?:]/.test(code.slice(Math.max(start, end - 3), end + 4)))) break;
    }
    if (!decls.has(m[1])) decls.set(m[1], []);
    decls.get(m[1]).push({ at: m.index, values: literalValues(code, lits, start, end), span: [start, end] });
  }
  return decls;
}

// Reads every file; returns the patterns: [{ pieces, file }].
export function sourcePatterns(files) {
  const parsed = files.map(f => ({ file: f.file, ...scan(f.text) }));
  for (const p of parsed) p.decls = declarations(p.code, p.lits);
  // exported module-level values, by name (for a name a file imports)
  const exported = new Map();
  for (const p of parsed) for (const m of p.code.matchAll(/\bexport\s+(?:let|const|var)\s+([A-Za-z_$][\w$]*)/g)) {
    const d = (p.decls.get(m[1]) ?? []).find(x => x.at >= m.index);
    if (d && d.values) exported.set(m[1], d.values);
  }
  const resolver = p => (text, at) => {
    const m = /^([A-Za-z_$][\w$]*)(\[[^\]]*\])?$/.exec(text);
    if (!m) return null;
    const here = (p.decls.get(m[1]) ?? []).filter(d => d.at < at);
    const values = here.length ? here[here.length - 1].values : exported.get(m[1]) ?? null;
    return values && values.length ? [...new Set(values)] : null;
  };
  for (const p of parsed) {
    p.chains = chains(p.code, p.lits, resolver(p)); p.fns = functions(p.code);
    const spans = [...p.decls.values()].flat().filter(d => d.values).map(d => d.span);
    for (const ch of p.chains) ch.value = spans.some(([a, b]) => ch.start >= a && ch.start < b);
  }
  // helper rules: fn name -> [{ index, before: pieces, after: pieces }]
  const rules = new Map();
  const addRule = (name, rule) => {
    const list = rules.get(name) ?? [];
    const key = JSON.stringify([rule.index, rule.before, rule.after]);
    if (list.some(r => JSON.stringify([r.index, r.before, r.after]) === key)) return false;
    list.push(rule); rules.set(name, list); return true;
  };
  const inside = (fn, at) => at > fn.body[0] && at < fn.body[1];
  for (const p of parsed) for (const fn of p.fns) for (const ch of p.chains) {
    if (!inside(fn, ch.start)) continue;
    const k = ch.pieces.indexOf(null);
    if (k < 0 || ch.pieces.indexOf(null, k + 1) >= 0) continue;
    const wild = ch.exprs.length === 1 ? ch.exprs[0] : null;
    const index = wild ? fn.params.indexOf(wild) : -1;
    if (index < 0) continue;
    ch.helper = true;
    addRule(fn.name, { index, before: ch.pieces.slice(0, k), after: ch.pieces.slice(k + 1), origin: ch });
  }
  // hand-on: fn's string parameter passed as argument j of a function with a rule at j
  for (let changed = true; changed;) {
    changed = false;
    for (const p of parsed) for (const fn of p.fns) for (const [name, list] of [...rules]) {
      for (const m of p.code.slice(fn.body[0], fn.body[1]).matchAll(new RegExp(`\\b${name}\\s*\\(`, 'g'))) {
        const args = callArgs(p.code, fn.body[0] + m.index + m[0].length - 1);
        for (const r of list) {
          const index = args[r.index] ? fn.params.indexOf(args[r.index].text) : -1;
          if (index >= 0 && addRule(fn.name, { index, before: r.before, after: r.after, origin: r.origin })) changed = true;
        }
      }
    }
  }
  const patterns = [];
  for (const p of parsed) {
    const composed = [];
    for (const [name, list] of rules) {
      for (const m of p.code.matchAll(new RegExp(`\\b${name}\\s*\\(`, 'g'))) {
        if (/function\s+$/.test(p.code.slice(Math.max(0, m.index - 20), m.index))) continue;
        const args = callArgs(p.code, m.index + m[0].length - 1);
        for (const r of list) {
          const a = args[r.index];
          if (!a) continue;
          for (const ch of p.chains) {
            if (ch.start < a.start || ch.start >= a.end) continue;
            ch.arg = true; // a piece of a message, not one
            r.origin.composed = true;
            composed.push({ pieces: normalise([...r.before, ...ch.pieces, ...r.after]), file: p.file });
          }
        }
      }
    }
    p.composed = composed;
  }
  for (const p of parsed) {
    // a helper's own text ("expected " + what) stands for its callers' messages; it counts itself
    // only when no caller hands it a literal
    for (const ch of p.chains) if ((!ch.helper || !ch.composed) && !ch.arg) patterns.push({ pieces: ch.pieces, file: p.file, value: ch.value, start: ch.start });
    patterns.push(...p.composed);
    // a message streamed in parts: out.str("a"); ...; out.str("b") close together is a…b
    const streamed = p.chains.filter(ch => /\.str\s*\(\s*$/.test(p.code.slice(Math.max(0, ch.start - 12), ch.start)));
    for (let k = 0; k + 1 < streamed.length; k++) {
      const a = streamed[k], b = streamed[k + 1];
      if (b.start - a.start > 200 || typeof a.pieces[a.pieces.length - 1] !== 'string') continue;
      patterns.push({ pieces: normalise([...a.pieces, null, ...b.pieces]), file: p.file, streamed: [a.start, b.start] });
    }
  }
  return patterns;
}

// ---- matching ---------------------------------------------------------------------------------

const escapeRe = s => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
const fixedLength = pieces => pieces.reduce((n, p) => n + (p === null ? 0 : typeof p === 'object' ? Math.min(...p.alts.map(a => a.length)) : p.length), 0);
// wopt's texts with each expression read as "X" and each choice as each of its values (capped)
function renderings(pieces) {
  let out = [''];
  for (const p of pieces) {
    const alts = p === null ? ['X'] : typeof p === 'object' ? p.alts : [p];
    const next = [];
    for (const s of out) for (const a of alts) if (next.length < 64) next.push(s + a);
    out = next;
  }
  return out;
}

// Samples of a check's message: the message itself, or its pattern with each group replaced by
// each alternative (a free group by "X"), capped.
export function samples(check) {
  if (check.message !== undefined) return [check.message];
  const src = check.pattern.replace(/^\^/, '').replace(/\$$/, '');
  let out = [''];
  for (let i = 0; i < src.length;) {
    if (src[i] === '\\') { out = out.map(s => s + src[i + 1]); i += 2; continue; }
    if (src[i] === '(') {
      const close = src.indexOf(')', i);
      const body = src.slice(i + 1, close);
      const alts = body === '.*' || body === '.+' ? ['X'] : body.split(/(?<!\\)\|/).map(a => a.replace(/\\(.)/g, '$1'));
      const next = [];
      for (const s of out) for (const a of alts) if (next.length < 256) next.push(s + a);
      out = next; i = close + 1; continue;
    }
    out = out.map(s => s + src[i]); i++;
  }
  return out;
}
function patternFixed(check) {
  if (check.message !== undefined) return check.message.length;
  return check.pattern.replace(/^\^|\$$/g, '').replace(/\((?:[^()\\]|\\.)*\)/g, '').replace(/\\(.)/g, '$1').length;
}

export { index };
export function compile(patterns) {
  const seen = new Set();
  patterns = patterns.filter(p => { const k = p.file + '\0' + JSON.stringify(p.pieces); if (seen.has(k)) return false; seen.add(k); return true; });
  return patterns.map(p => ({
    ...p,
    re: new RegExp('^' + p.pieces.map(x => x === null ? '[\\s\\S]*?' : typeof x === 'object' ? '(?:' + x.alts.map(escapeRe).join('|') + ')' : escapeRe(x)).join('') + '$'),
    fixed: fixedLength(p.pieces),
    rendered: renderings(p.pieces),
    longest: p.pieces.reduce((a, x) => typeof x === 'string' && x.length > a.length ? x : a, ''),
  }));
}

// The patterns by the first KEY characters of their longest fixed piece (shorter pieces: all).
const KEY = 6;
function index(compiled) {
  const byKey = new Map(), short = [];
  for (const p of compiled) {
    if (p.fixed === 0) continue;
    if (p.longest.length < KEY) { short.push(p); continue; }
    const k = p.longest.slice(0, KEY);
    if (!byKey.has(k)) byKey.set(k, []);
    byKey.get(k).push(p);
  }
  return { byKey, short, all: compiled };
}

// The files whose patterns decide the check (empty: wopt does not have it).
export function findCheck(check, idx, matched = null, where = () => true) {
  const files = new Set();
  const whole = check.pattern !== undefined ? new RegExp(check.pattern) : null;
  const fixed = patternFixed(check);
  const texts = samples(check);
  const runs = check.message !== undefined ? [check.message]
    : check.pattern.replace(/^\^|\$$/g, '').split(/\((?:[^()\\]|\\.)*\)/).map(r => r.replace(/\\(.)/g, '$1'));
  const longest = runs.reduce((a, r) => r.length > a.length ? r : a, '');
  // candidates: a pattern whose longest piece starts somewhere in a sample, or (for a pattern
  // check) whose text holds LLVM's longest fixed piece
  const cand = new Set(idx.short);
  for (const t of texts) for (let i = 0; i + KEY <= t.length; i++) for (const p of idx.byKey.get(t.slice(i, i + KEY)) ?? []) cand.add(p);
  if (whole) for (const p of idx.all) if (p.fixed > 0 && p.rendered.some(r => r.includes(longest))) cand.add(p);
  for (const p of cand) {
    if (!where(p.file)) continue;
    // wopt's text, its expressions read as "X", is one of LLVM's; or LLVM's text is one of wopt's
    let hit = !!whole && p.rendered.some(r => whole.test(r) && fixed * 2 >= r.length && p.fixed * 2 >= r.length);
    if (!hit) hit = texts.some(t => p.re.test(t) && p.fixed * 2 >= t.length);
    if (hit) { files.add(p.file); matched?.push(p); }
  }
  return [...files].sort();
}

// ---- the document ------------------------------------------------------------------------------

const md = s => s.replace(/[\\`*_[\]|<>]/g, c => ({ '<': '&lt;', '>': '&gt;' })[c] ?? '\\' + c);
function shown(check) {
  if (check.message !== undefined) return md(check.message);
  const src = check.pattern.replace(/^\^|\$$/g, '');
  let text = '';
  for (let i = 0; i < src.length;) {
    if (src[i] === '\\') { text += md(src[i + 1]); i += 2; continue; }
    if (src[i] === '(') {
      const close = src.indexOf(')', i); const body = src.slice(i + 1, close);
      text += body === '.*' || body === '.+' ? '…' : '{' + body.split(/(?<!\\)\|/).map(a => md(a.replace(/\\(.)/g, '$1'))).join(' \\| ') + '}';
      i = close + 1; continue;
    }
    text += md(src[i]); i++;
  }
  return text;
}

function listFiles(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name < b.name ? -1 : 1)) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(p)); else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out;
}

function section(title, list, found, fixtures, withDI) {
  const areas = new Map();
  for (const [i, c] of list.entries()) { if (!areas.has(c.area)) areas.set(c.area, []); areas.get(c.area).push(i); }
  const lines = [];
  const tot = { n: 0, yes: 0, partial: 0, di: 0, diYes: 0, unreachable: 0, reachYes: 0, fixture: 0 };
  const head = withDI ? '| area | checks | in wopt | partial | not reachable through opt | with a fixture | debug-info checks | debug-info in wopt |\n|---|---:|---:|---:|---:|---:|---:|---:|'
    : '| area | checks | in wopt | partial | not reachable through opt | with a fixture |\n|---|---:|---:|---:|---:|---:|';
  const rows = [];
  for (const [area, idx] of areas) {
    const n = idx.length, yes = idx.filter(i => found[i].length).length;
    const partial = idx.filter(i => found[i].length && list[i].partial).length;
    const unreachable = idx.filter(i => list[i].unreachable).length;
    const reachYes = idx.filter(i => found[i].length && !list[i].unreachable).length;
    const fixture = idx.filter(i => found[i].length && !list[i].unreachable && fixtures[i]).length;
    const di = idx.filter(i => list[i].debugInfo).length, diYes = idx.filter(i => list[i].debugInfo && found[i].length).length;
    tot.n += n; tot.yes += yes; tot.partial += partial; tot.di += di; tot.diYes += diYes; tot.unreachable += unreachable;
    tot.reachYes += reachYes; tot.fixture += fixture;
    rows.push(`| [${md(area)}](#${anchor(title, area)}) | ${n} | ${yes} | ${partial} | ${unreachable} | ${fixture} |` + (withDI ? ` ${di} | ${diYes} |` : ''));
  }
  lines.push(`## ${title}`, '');
  const pct = (a, b) => b ? ` (${Math.round(100 * a / b)}%)` : '';
  const reach = tot.n - tot.unreachable;
  lines.push(`${tot.n} checks in ${areas.size} areas; wopt has ${tot.yes}${pct(tot.yes, tot.n)}, ${tot.partial} of them partly.` +
    ` ${tot.unreachable} are not reachable through opt (no input makes opt print them); of the ${reach} that are, wopt has ${tot.reachYes}${pct(tot.reachYes, reach)}` +
    ` and a fixture prints ${tot.fixture}${pct(tot.fixture, reach)}.` +
    (withDI ? ` Debug-info (CheckDI) checks: ${tot.di}, wopt has ${tot.diYes}; the other checks: ${tot.n - tot.di}, wopt has ${tot.yes - tot.diYes}.` : ''), '');
  lines.push(head, ...rows, `| **total** | **${tot.n}** | **${tot.yes}** | **${tot.partial}** | **${tot.unreachable}** | **${tot.fixture}** |` + (withDI ? ` **${tot.di}** | **${tot.diYes}** |` : ''), '');
  for (const [area, idx] of areas) {
    lines.push(`### ${title.split(' ')[0]}: ${md(area)}`, '', `<a id="${anchor(title, area)}"></a>`, '');
    lines.push(withDI ? '| check | message | DI | wopt |\n|---|---|---|---|' : '| check | message | wopt |\n|---|---|---|');
    for (const i of idx) {
      const c = list[i];
      let where = found[i].length ? 'yes (' + found[i].map(f => md(f)).join(', ') + ')' + (c.partial ? ' — partial: ' + md(c.partial) : '') : 'no';
      if (c.unreachable) where += ' — not reachable through opt: ' + md(c.unreachable);
      else if (found[i].length) where += fixtures[i] ? '; fixture: ' + md(fixtures[i]) : '; no fixture';
      lines.push(`| ${md(c.check)} | ${shown(c)} |` + (withDI ? ` ${c.debugInfo ? 'DI' : ''} |` : '') + ` ${where} |`);
    }
    lines.push('');
  }
  return { lines, tot, areas: areas.size };
}

function llFiles(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) llFiles(p, out); else if (e.name.endsWith('.ll')) out.push(p);
  }
  return out;
}

// Every line wopt prints about each fixture, under each version, with the first fixture (in path
// order, LLVM 22 before 19) that prints it: Map<line, fixture path relative to the checkout>.
// Patched bitcode needs llvm-as-N (/usr/lib/llvm-N/bin); without it those fixtures are left out.
export async function fixtureLines() {
  const seen = new Map();
  const files = llFiles(path.join(ROOT, 'tests', 'fixtures')).sort();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-audit-'));
  try {
    for (const v of [22, 19]) {
      const s = await openSession({ llvmVersion: v });
      const inputs = files.map(f => ({ f, bytes: fs.readFileSync(f) }));
      const as = `/usr/lib/llvm-${v}/bin/llvm-as`;
      if (fs.existsSync(as)) {
        for (const f of files.filter(f => f.includes(`${path.sep}verifier-bitcode${path.sep}`) && v >= Number(/[\\/]llvm(\d+)[\\/]/.exec(f)?.[1] ?? 0))) {
          const bc = path.join(work, path.basename(f) + `.${v}.bc`);
          if (spawnSync(as, [f, '-o', bc]).status !== 0) continue;
          inputs.push({ f, bytes: applyPatches(fs.readFileSync(bc), patchesOf(fs.readFileSync(f, 'utf8'), v)) });
        }
      }
      for (const { f, bytes } of inputs) {
        const r = await s.optimize(new Uint8Array(bytes), { passes: '' });
        const rel = path.relative(ROOT, f).split(path.sep).join('/');
        for (const d of r.diagnostics) for (const line of d.message.split('\n')) if (!seen.has(line.trim())) seen.set(line.trim(), rel);
      }
      // the verify pass itself, on a broken module read without verifying it (opt -disable-verify
      // -passes=verify): its fatal error's message
      const broken = 'tests/fixtures/verifier/dom-same-block.ll';
      for (const passes of ['verify', 'function(verify)']) {
        const r = await s.optimize(new Uint8Array(fs.readFileSync(path.join(ROOT, broken))), { passes, verify: false });
        for (const d of r.diagnostics) for (const line of d.message.split('\n')) {
          const text = line.trim().replace(/^LLVM ERROR: /, '');
          if (!seen.has(text)) seen.set(text, broken + ` (-disable-verify -passes=${passes})`);
        }
      }
      await s.close();
    }
  } finally { fs.rmSync(work, { recursive: true, force: true }); }
  return seen;
}

// The first fixture that prints a check's message, or undefined.
export function fixtureOf(check, lines) {
  if (!check.pattern) return lines.get(check.message);
  const re = new RegExp(check.pattern);
  for (const [line, f] of lines) if (re.test(line)) return f;
  return undefined;
}

const anchor = (title, area) => (title.split(' ')[0] + '-' + area).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-$/, '');

export async function render() {
  const fixtureText = await fixtureLines();
  const load = f => JSON.parse(fs.readFileSync(path.join(ROOT, 'tools', 'audit', f), 'utf8')).checks;
  const verifier = load('verifier-checks.json'), parser = load('parser-checks.json');
  const files = listFiles(path.join(ROOT, 'assembly')).map(f => ({ file: path.relative(path.join(ROOT, 'assembly'), f).split(path.sep).join('/'), text: fs.readFileSync(f, 'utf8') }));
  const compiled = index(compile(sourcePatterns(files)));
  const matched = [];
  // opt prints the reader's messages as located errors and the verifier's after the module is
  // read: a parser message counts in the reader (text/), a verifier message outside it
  const v = section('Verifier checks', verifier, verifier.map(c => findCheck(c, compiled, matched, f => !f.startsWith('text/'))), verifier.map(c => fixtureOf(c, fixtureText)), true);
  const p = section('Parser checks', parser, parser.map(c => findCheck(c, compiled, matched, f => f.startsWith('text/'))), parser.map(c => fixtureOf(c, fixtureText)), false);
  // wopt's own messages (verifier and reader) that are none of LLVM 22's
  const used = new Set(matched);
  const usedParts = new Set(matched.filter(x => x.streamed).flatMap(x => x.streamed.map(at => x.file + ':' + at)));
  const own = [];
  for (const x of compiled.all) {
    if (used.has(x) || x.value || x.streamed || usedParts.has(x.file + ':' + x.start) || !/^(analysis\/verifier|text\/(parse|pstate|parser))/.test(x.file)) continue;
    const text = x.pieces.map(y => y === null ? '…' : typeof y === 'object' ? y.alts.join('/') : y).join('');
    if (x.fixed < 8 || !text.includes(' ')) continue;
    own.push(`| ${md(x.file)} | ${md(text)} |`);
  }
  const share = (a, t) => `${a} of ${t.n - t.unreachable} (${Math.round(100 * a / (t.n - t.unreachable))}%)`;
  const out = [
    '# Verifier and parser audit against LLVM 22',
    '',
    'Generated by `node tools/verifier-audit.mjs` from `tools/audit/verifier-checks.json` (every check of',
    "LLVM 22's `lib/IR/Verifier.cpp`) and `tools/audit/parser-checks.json` (every diagnostic of",
    '`lib/AsmParser/LLParser.cpp`), one entry per (area, message); `tests/node/verifier/verifier-audit.test.js`',
    'fails when this file is out of date (run the command again after adding a check).',
    '',
    "A check is marked present when its message is one wopt's sources (`assembly/**/*.ts`; for the parser's",
    'messages the reader, `text/`, for the verifier\'s the rest) can produce:',
    'string literals joined as the code joins them (`"a" + x + "b"`, template literals, and literals handed',
    'to message helpers such as `expect(tok, "\')\'")`, which builds `expected \')\'`), matched against the',
    'whole message. So "yes" means the text is there, in the files named; it does not prove the condition is',
    'the same: where a spot check found wopt testing less than LLVM, the entry says "partial" and why. A',
    'message LLVM uses for several checks of one area is one entry; text shared by checks of different',
    'areas (e.g. "expected \'(\' here") is marked present for each of them. A check no input can make opt',
    'print says why in its entry ("unreachable") and is counted apart: no input makes wopt print it either',
    '(where wopt has such a check, it guards the IR its own passes make). For the parser, the module-summary',
    'parsers (opt skips every `^N` entry), the entry points for a lone constant, and names its lexer only',
    'makes of words LLVM knows; for the verifier, the',
    'invariants of LLVM\'s in-memory IR that its readers always establish (one module, one context, a parent',
    'for every instruction), checks another check always reports first (an intrinsic\'s signature before its',
    'operand rules), and conditions both readers refuse before verifying (each of those with a fixture).',
    'Checks only bitcode can reach are tested with patched bitcode (`tests/fixtures/verifier-bitcode/`).',
    '',
    'Each check wopt has and opt can print names the first fixture (under `tests/fixtures/`, read under LLVM',
    '22 and then 19) for which wopt prints it; the tests compare wopt with opt-19 and opt-22 on every fixture.',
    '`node tools/verifier-audit.mjs --missing` lists the reachable checks wopt has that no fixture prints.',
    '',
    '| | checks | areas | in wopt | partial | not reachable through opt | in wopt, of the reachable | with a fixture, of the reachable |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    `| verifier | ${v.tot.n} | ${v.areas} | ${v.tot.yes} | ${v.tot.partial} | ${v.tot.unreachable} | ${share(v.tot.reachYes, v.tot)} | ${share(v.tot.fixture, v.tot)} |`,
    `| verifier, debug-info (CheckDI) | ${v.tot.di} | | ${v.tot.diYes} | | | | |`,
    `| verifier, other | ${v.tot.n - v.tot.di} | | ${v.tot.yes - v.tot.diYes} | | | | |`,
    `| parser | ${p.tot.n} | ${p.areas} | ${p.tot.yes} | ${p.tot.partial} | ${p.tot.unreachable} | ${share(p.tot.reachYes, p.tot)} | ${share(p.tot.fixture, p.tot)} |`,
    '',
    ...v.lines,
    ...p.lines,
    '## wopt messages that are no LLVM 22 message',
    '',
    "Texts in wopt's verifier and reader (`analysis/verifier*`, `text/parse*`, `text/pstate.ts`, `text/parser.ts`)",
    'that match none of the checks above: LLVM 19 texts that LLVM 22 changed (fine when wopt prints them only',
    "for `--llvm-version=19`), wopt's own messages, and texts that differ from what opt prints.",
    '',
    '| file | message |',
    '|---|---|',
    ...[...new Set(own)],
    '',
  ];
  return out.join('\n').replace(/\n+$/, '\n');
}

async function main() {
  if (process.argv.includes('--missing')) {
    const lines = await fixtureLines();
    const files = listFiles(path.join(ROOT, 'assembly')).map(f => ({ file: path.relative(path.join(ROOT, 'assembly'), f).split(path.sep).join('/'), text: fs.readFileSync(f, 'utf8') }));
    const compiled = index(compile(sourcePatterns(files)));
    for (const [file, where] of [['verifier-checks.json', f => !f.startsWith('text/')], ['parser-checks.json', f => f.startsWith('text/')]]) {
      for (const c of JSON.parse(fs.readFileSync(path.join(ROOT, 'tools', 'audit', file), 'utf8')).checks) {
        if (!c.unreachable && findCheck(c, compiled, null, where).length && !fixtureOf(c, lines)) console.log(`${file.split('-')[0]}: ${c.area}: ${c.message ?? c.pattern}`);
      }
    }
    return;
  }
  const text = await render();
  if (process.argv.includes('--check')) {
    const old = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '';
    if (old !== text) {
      console.error(`${path.relative(ROOT, DOC)} is out of date: run node tools/verifier-audit.mjs`);
      process.exit(1);
    }
    console.log(`${path.relative(ROOT, DOC)} is up to date`);
    return;
  }
  fs.mkdirSync(path.dirname(DOC), { recursive: true });
  fs.writeFileSync(DOC, text);
  console.log(`wrote ${path.relative(ROOT, DOC)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
