// link.js — `wopt repo link`: puts the stored definitions of pruned objects back into a ticket
// module (the output of a run that pruned), giving the module the full run printed.
// Environment-neutral (the CLI passes the text and an open Repository).
//
// How: each stored text is a fragment as the core printed it (types it uses, its comdat, the
// definition, its attribute groups and metadata numbered from 0; other globals by name). The
// fragment's definition replaces the pruned declaration in place (so module order is kept), its
// `!N` / `#N` are renumbered above the ticket's own, its groups and nodes are appended, and the
// pruned tickets are flipped back to `pruned: false` (then equal to the fragment's own ticket,
// which the parser uniques into one node). The core parses and prints the result: numbering and
// layout come out as in a full run.
import { runModule } from '../driver.js';
import { decodeUtf8 } from '../core.js';

export class LinkError extends Error {
  constructor(message) { super(message); this.code = 'ELINK'; }
}

const unescapeLL = s => {
  const out = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) { out.push(parseInt(s.slice(i + 1, i + 3), 16)); i += 2; }
    else out.push(s.charCodeAt(i) & 0xff);
  }
  return out;
};
const hexOf = bytes => bytes.map(b => b.toString(16).padStart(2, '0')).join('');

const NODE = /^!(\d+) = !RepoDefinition\(name: "((?:[^"\\]|\\[0-9A-Fa-f]{2})*)", digest: \[16 x i8\] c"((?:[^"\\]|\\[0-9A-Fa-f]{2})*)", linkage: \w+, visibility: \w+, pruned: true\)$/;
const PLAIN = /^!(\d+) = !\{!"RepoDefinition", !"((?:[^"\\]|\\[0-9A-Fa-f]{2})*)", \[16 x i8\] c"((?:[^"\\]|\\[0-9A-Fa-f]{2})*)", !"\w+", !"\w+", i1 true\}$/;

/** The pruned tickets of a module text: [{ line, name, digest }]. */
export function prunedTickets(text) {
  const lines = text.split('\n');
  const out = [];
  lines.forEach((l, line) => {
    const m = NODE.exec(l) ?? PLAIN.exec(l);
    if (!m) return;
    const name = Buffer.from(unescapeLL(m[2])).toString('utf8');
    const digest = hexOf(unescapeLL(m[3]));
    if (digest.length === 32) out.push({ line, name, digest, plain: m[0].includes('!{') });
  });
  return out;
}

// A name as the printer writes it after '@' (LLVM's quoting and \XX escapes).
function llEscape(name) {
  let o = '';
  for (const b of Buffer.from(name, 'utf8')) o += b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x5c ? String.fromCharCode(b) : '\\' + b.toString(16).toUpperCase().padStart(2, '0');
  return o;
}
function nameToken(name) {
  if (/^[-a-zA-Z$._][-a-zA-Z$._0-9]*$/.test(name)) return '@' + name;
  return `@"${llEscape(name)}"`;
}

// Rewrites !N and #N outside strings and comments.
function renumber(text, mdBase, grpBase) {
  let out = '';
  for (let i = 0; i < text.length;) {
    const c = text[i];
    if (c === '"') { const j = text.indexOf('"', i + 1); const e = j < 0 ? text.length : j + 1; out += text.slice(i, e); i = e; continue; }
    if (c === ';') { const j = text.indexOf('\n', i); const e = j < 0 ? text.length : j; out += text.slice(i, e); i = e; continue; }
    if ((c === '!' || c === '#') && /[0-9]/.test(text[i + 1] ?? '')) {
      let j = i + 1;
      while (j < text.length && /[0-9]/.test(text[j])) j++;
      out += c + (Number(text.slice(i + 1, j)) + (c === '!' ? mdBase : grpBase));
      i = j; continue;
    }
    out += c; i++;
  }
  return out;
}

// Splits a fragment into its parts.
function splitFragment(text) {
  const parts = { types: [], comdats: [], body: [], groups: [], nodes: [] };
  for (const l of text.split('\n')) {
    if (/^%(?:"(?:[^"\\]|\\..)*"|[^ ]+) = type /.test(l)) parts.types.push(l);
    else if (/^\$[^ ]+ = comdat /.test(l)) parts.comdats.push(l);
    else if (l.startsWith('attributes #')) parts.groups.push(l);
    else if (/^!\d+ = /.test(l)) parts.nodes.push(l);
    else parts.body.push(l);
  }
  while (parts.body.length && parts.body[0] === '') parts.body.shift();
  while (parts.body.length && parts.body[parts.body.length - 1] === '') parts.body.pop();
  return parts;
}

// The printed name token of the definition (`@foo`, `@"a b"`, `@0`) and whether it is a function.
function definedName(body) {
  for (const l of body) {
    let m = /^define [^@]*(@(?:"(?:[^"\\]|\\..)*"|[-a-zA-Z$._0-9]+))\(/.exec(l);
    if (m) return { token: m[1], fn: true };
    m = /^(@(?:"(?:[^"\\]|\\..)*"|[-a-zA-Z$._0-9]+)) = /.exec(l);
    if (m) return { token: m[1], fn: false };
  }
  return null;
}

const unprune = (line, plain) => line.replace(plain ? /i1 true\}$/ : /pruned: true\)$/, plain ? 'i1 false}' : 'pruned: false)');
// The line of the pruned declaration of `token`: `declare ... @name(` or `@name = ...`.
function findDeclaration(lines, token, fn, taken) {
  const esc = token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = fn ? new RegExp(`^declare .*${esc}\\(`) : new RegExp(`^${esc} = `);
  return lines.findIndex((l, i) => re.test(l) && !taken.has(i));
}

/**
 * @param core  a WoptCore; @param text the ticket module (.ll text); @param repo an open Repository
 * @returns { ok, output (Uint8Array), linked, error }
 */
export async function linkModule(core, text, repo, { moduleId } = {}) {
  // keep the full run's ModuleID line (the ticket carries it)
  moduleId = /^; ModuleID = '([^\n]*)'/.exec(text)?.[1] ?? moduleId;
  const tickets = prunedTickets(text);
  let lines = text.split('\n');
  const maxOf = re => lines.reduce((m, l) => { const x = re.exec(l); return x ? Math.max(m, Number(x[1])) : m; }, -1);
  let mdBase = maxOf(/^!(\d+) = /) + 1, grpBase = maxOf(/^attributes #(\d+) = /) + 1;
  const TYPE = /^(%(?:"(?:[^"\\]|\\..)*"|[^ ]+)) = type /;
  const hasType = new Set(lines.map(l => TYPE.exec(l)?.[1]).filter(Boolean));
  const hasComdat = new Set(lines.map(l => /^(\$[^ ]+) = comdat /.exec(l)?.[1]).filter(Boolean));
  const replace = new Map();        // line index -> replacement lines ([] deletes)
  const append = { types: [], comdats: [], body: [], groups: [], nodes: [] };
  let linked = 0;
  for (const t of tickets) {
    const entry = await repo.get(t.digest);
    if (!entry) throw new LinkError(`error: the repository has no definition for '${t.name}' (digest ${t.digest})`);
    if (entry.text === '') {
      // a later pass erased this definition in the full run: the declaration goes too
      const tok = nameToken(t.name);
      const at = findDeclaration(lines, tok, entry.kind === 'function', replace);
      // kept when this run's unpruned code still refers to it
      const esc = tok.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const uses = text.match(new RegExp(`${esc}(?![-a-zA-Z$._0-9])`, 'g'))?.length ?? 0;
      if (at >= 0 && uses <= 1) {
        replace.set(at, []);
        if (at > 0 && lines[at - 1].startsWith('; Function Attrs:')) replace.set(at - 1, []);
      }
      replace.set(t.line, [unprune(lines[t.line], t.plain)]);
      linked++;
      continue;
    }
    const frag = splitFragment(entry.text);
    const def = definedName(frag.body);
    if (!def) throw new LinkError(`error: the stored text of '${t.name}' is not a definition`);
    // a digest does not cover the definition's own name: identical definitions share one stored
    // text, which is renamed to the name this ticket gives
    const want = nameToken(t.name);
    let bodyText = frag.body.join('\n'), nodes = frag.nodes;
    if (want !== def.token) {
      const esc = def.token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      bodyText = bodyText.replace(new RegExp(`${esc}(?![-a-zA-Z$._0-9])`, 'g'), want);
      nodes = nodes.map(l => l.replace(`!RepoDefinition(name: "${llEscape(entry.name)}",`, `!RepoDefinition(name: "${llEscape(t.name)}",`)
        .replace(`!{!"RepoDefinition", !"${llEscape(entry.name)}",`, `!{!"RepoDefinition", !"${llEscape(t.name)}",`));
      def.token = want;
    }
    const mdCount = nodes.length, grpCount = frag.groups.length;
    const body = renumber(bodyText, mdBase, grpBase).split('\n');
    append.nodes.push(...nodes.map(l => renumber(l, mdBase, grpBase)));
    append.groups.push(...frag.groups.map(l => renumber(l, mdBase, grpBase)));
    mdBase += mdCount; grpBase += grpCount;
    for (const l of frag.types) { const n = TYPE.exec(l)[1]; if (!hasType.has(n)) { hasType.add(n); append.types.push(l); } }
    for (const l of frag.comdats) { const n = /^(\$[^ ]+)/.exec(l)[1]; if (!hasComdat.has(n)) { hasComdat.add(n); append.comdats.push(l); } }
    // the pruned declaration: `declare ... @name(` (with its attribute comment) or `@name = ...`
    const at = findDeclaration(lines, def.token, def.fn, replace);
    if (at >= 0) {
      replace.set(at, body);
      if (def.fn && at > 0 && lines[at - 1].startsWith('; Function Attrs:')) replace.set(at - 1, []);
    } else append.body.push('', ...body);
    // the ticket is no longer pruned
    replace.set(t.line, [unprune(lines[t.line], t.plain)]);
    linked++;
  }
  const out = [];
  lines.forEach((l, i) => { if (replace.has(i)) out.push(...replace.get(i)); else out.push(l); });
  const full = [...out, ...append.types, ...append.comdats, ...append.body, ...append.groups, ...append.nodes, ''].join('\n');
  const r = runModule(core, full, { moduleId });
  if (!r.ok) return { ok: false, error: r.error, stage: r.stage, linked, text: full };
  return { ok: true, output: r.output, linked };
}
export { decodeUtf8 };
