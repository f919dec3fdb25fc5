// symbols.js — what the names of one LLVM IR document mean, from the text reader's own index
// (assembly/text/symbol-index.ts, via optimize's `symbols` option): each name token with its kind,
// definition or use, byte range, key and scope. Answers definition, references, highlights,
// rename, hover, document symbols and folding ranges in LSP terms. Tokens whose key and scope
// match name the same thing, as they do for LLVM's reader (a local's scope is its function).

// the record layout and kinds of symbol-index.ts
const WORDS = 7;
export const Sym = { Local: 0, Global: 1, Metadata: 2, NamedMetadata: 3, AttrGroup: 4, Comdat: 5, Type: 6, Function: 7, Block: 8, Inst: 9 };
const DEF = 1 << 4, NUM = 1 << 5, IMPLICIT = 1 << 6, LABEL = 1 << 7, ARG = 1 << 8, DECLARE = 1 << 9, VAR = 1 << 10, ALIAS = 1 << 11;

// LSP SymbolKind and DocumentHighlightKind values
const SK = { Function: 12, Variable: 13, Struct: 23, Object: 19, Property: 7, Key: 20, Namespace: 3 };
const HL_READ = 2, HL_WRITE = 3;

// [-a-zA-Z$._][-a-zA-Z$._0-9]*: a name LLVM prints without quotes
const BARE_NAME = /^[-a-zA-Z$._][-a-zA-Z$._0-9]*$/;

/** A name as the text writes it after its sigil: bare, or quoted with LLVM's \XX escapes. */
export function nameText(name) {
  if (BARE_NAME.test(name)) return name;
  let out = '"';
  for (const b of new TextEncoder().encode(name)) {
    out += b === 0x22 || b === 0x5c || b < 0x20 || b > 0x7e ? '\\' + b.toString(16).toUpperCase().padStart(2, '0') : String.fromCharCode(b);
  }
  return out + '"';
}

// Every request is answered from the records as the core gave them (one Int32Array): nothing is
// built per edit, so typing pays only for the read; a request scans or sorts them when it needs to.
export class DocumentSymbols {
  /** lines: the document's LineIndex (service.js); symbols: { records, types } from the core. */
  constructor(lines, symbols) {
    this.lines = lines;
    this.types = symbols?.types ?? new Map();
    this.r = symbols?.records ?? new Int32Array(0);
    this.n = Math.floor(this.r.length / WORDS);
  }
  // record i as an object
  rec(i) {
    const r = this.r, o = i * WORDS, flags = r[o];
    return { i, kind: flags & 15, flags, start: r[o + 1], end: r[o + 2], key: r[o + 3], scope: r[o + 4], type: r[o + 5], value: r[o + 6] };
  }
  // the records of one kind (Function, Block), in record order
  ofKind(kind) {
    const out = [], r = this.r;
    for (let i = 0; i < this.n; i++) if ((r[i * WORDS] & 15) === kind) out.push(this.rec(i));
    return out;
  }
  get functions() { return this._functions ??= this.ofKind(Sym.Function); }
  get blocksByScope() {
    if (!this._blocks) {
      this._blocks = new Map();
      for (const b of this.ofKind(Sym.Block)) {
        let list = this._blocks.get(b.scope);
        if (!list) this._blocks.set(b.scope, list = []);
        list.push(b);
      }
    }
    return this._blocks;
  }
  // the name tokens' record numbers by start (sorted once, when a request first needs it: a
  // Float64Array of start·2^23 + record sorts natively)
  get sorted() {
    if (this._sorted) return this._sorted;
    const r = this.r, keys = [];
    for (let i = 0; i < this.n; i++) if ((r[i * WORDS] & 15) <= Sym.Type) keys.push(i);
    let order;
    if (this.n < 1 << 23) {
      const k = new Float64Array(keys.length);
      for (let j = 0; j < keys.length; j++) k[j] = r[keys[j] * WORDS + 1] * 8388608 + keys[j];
      k.sort();
      order = new Int32Array(k.length);
      for (let j = 0; j < k.length; j++) order[j] = k[j] % 8388608;
    } else order = Int32Array.from(keys).sort((a, b) => r[a * WORDS + 1] - r[b * WORDS + 1]);
    return this._sorted = order;
  }
  // the tokens that name what t names: same kind and key (and function, for a local)
  occurrences(t) {
    const r = this.r, out = [], num = t.flags & NUM;
    for (let i = 0; i < this.n; i++) {
      const o = i * WORDS, f = r[o];
      if ((f & 15) !== t.kind || r[o + 3] !== t.key || (f & NUM) !== num) continue;
      if (t.kind === Sym.Local && r[o + 4] !== t.scope) continue;
      out.push(this.rec(i));
    }
    return out.sort((a, b) => a.start - b.start);
  }
  definitions(t) { return this.occurrences(t).filter(o => o.flags & DEF); }

  range(t) { return { start: this.lines.positionAt(t.start), end: this.lines.positionAt(t.end) }; }

  /**
   * Where a verifier message belongs: the instruction, argument, block or global of value id
   * `value`, else the metadata node `md` (ids the core's records carry); from the definition to
   * the end of its line. Null for one the text does not define (made by an upgrade, say).
   */
  placeOf(value, md) {
    if (!this.byValue) {
      // instructions (every one) and definitions carry what they made: the verifier names those
      this.byValue = new Map(); this.byMD = new Map();
      const r = this.r;
      for (let i = 0; i < this.n; i++) {
        const o = i * WORDS, f = r[o], kind = f & 15, v = r[o + 6];
        if (v < 0 || !(kind === Sym.Inst || (f & DEF && kind !== Sym.Local) || f & (ARG | LABEL))) continue;
        (kind === Sym.Metadata ? this.byMD : this.byValue).set(v, i);
      }
    }
    const i = (value >= 0 ? this.byValue.get(value) : undefined) ?? (md >= 0 ? this.byMD.get(md) : undefined);
    if (i === undefined) return null;
    const t = this.rec(i);
    const line = this.lines.positionAt(t.start).line;
    const end = withoutComment(this.lines.lineText(line)).length;
    return { start: this.lines.positionAt(t.start), end: { line, character: Math.max(end, this.lines.positionAt(t.end).character) } };
  }

  /** The name token at an LSP position (its end counts: a cursor right after a name is on it). */
  tokenAt(position) {
    const off = this.lines.offsetAt(position);
    const ts = this.sorted, r = this.r;
    let lo = 0, hi = ts.length - 1, found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (r[ts[mid] * WORDS + 1] <= off) { found = mid; lo = mid + 1; } else hi = mid - 1;
    }
    // the last token starting at or before off, or the one before it when off is at its end
    for (let j = found; j >= 0 && j >= found - 1; j--) {
      const o = ts[j] * WORDS, start = r[o + 1], end = r[o + 2];
      if (start <= off && off <= end && end > start) return this.rec(ts[j]);
    }
    return null;
  }

  definition(position) {
    const t = this.tokenAt(position);
    return t ? this.definitions(t).map(d => this.range(d)) : [];
  }
  references(position, includeDeclaration) {
    const t = this.tokenAt(position);
    if (!t) return [];
    return this.occurrences(t).filter(o => includeDeclaration || !(o.flags & DEF)).filter(o => o.end > o.start).map(o => this.range(o));
  }
  highlights(position) {
    const t = this.tokenAt(position);
    if (!t) return [];
    return this.occurrences(t).filter(o => o.end > o.start).map(o => ({ range: this.range(o), kind: o.flags & DEF ? HL_WRITE : HL_READ }));
  }

  // Renamed: named locals (values, arguments, blocks) and named globals. A number cannot be
  // renamed to a name without renumbering what follows, so numbered ones are not offered.
  renameTarget(position) {
    const t = this.tokenAt(position);
    if (!t || (t.kind !== Sym.Local && t.kind !== Sym.Global) || t.flags & NUM) return null;
    return t;
  }
  /** The edits renaming what is at `position` to `newName` (without a sigil), or an error message. */
  rename(position, newName) {
    const t = this.renameTarget(position);
    if (!t) return { error: 'only named values, arguments, blocks and globals can be renamed' };
    const name = newName.replace(/^[%@]/, '');
    if (name === '') return { error: 'the new name is empty' };
    if (/^\d+$/.test(name)) return { error: `'${name}' is a number: LLVM would read it as a numbered value` };
    const text = nameText(name);
    // a name the scope already has would merge two values
    const r = this.r;
    for (let i = 0; i < this.n; i++) {
      const f = r[i * WORDS];
      if ((f & 15) !== t.kind || !(f & DEF) || f & NUM || (t.kind === Sym.Local && r[i * WORDS + 4] !== t.scope) || r[i * WORDS + 3] === t.key) continue;
      if (this.tokenName(this.rec(i)) === name) {
        return { error: `'${name}' is already defined ${t.kind === Sym.Local ? 'in this function' : 'in this module'}` };
      }
    }
    const sigil = t.kind === Sym.Global ? '@' : '%';
    const edits = this.occurrences(t).filter(o => o.end > o.start).map(o => ({
      range: this.range(o),
      // a block's label is written `name:`, every other occurrence with its sigil
      newText: o.flags & LABEL && o.flags & DEF ? `${text}:` : sigil + text,
    }));
    return { edits };
  }
  // The name a token writes, unquoted and unescaped (the text of the token without sigil or colon).
  tokenName(t) {
    let s = this.lines.text(t.start, t.end);
    if (t.flags & LABEL && t.flags & DEF) s = s.replace(/:$/, ''); else s = s.slice(1);
    if (s.startsWith('"')) s = decodeQuoted(s.slice(1, -1));
    return s;
  }

  /** Markdown for a hover: the type of a value, the line defining the name. */
  hover(position) {
    const t = this.tokenAt(position);
    if (!t) return null;
    const defs = this.definitions(t);
    const def = defs[0];
    const parts = [];
    const type = def ? this.types.get(def.type) : undefined;
    if (def && type !== undefined && (t.kind === Sym.Local || t.kind === Sym.Global)) {
      const what = def.flags & LABEL ? 'block' : def.flags & ARG ? 'argument' : t.kind === Sym.Global ? (def.flags & VAR ? 'global variable of type' : 'function of type') : 'value of type';
      parts.push(def.flags & LABEL ? '`label` (a block)' : `${what} \`${type}\``);
    } else if (def && t.kind === Sym.Global && def.flags & ALIAS) parts.push('alias or ifunc');
    if (def) {
      const line = this.lines.positionAt(def.start).line;
      parts.push(`defined on line ${line + 1}:`, '```llvm\n' + this.definitionText(def) + '\n```');
    } else parts.push(t.kind === Sym.Metadata ? 'metadata node, not defined' : 'not defined in this module');
    return { contents: { kind: 'markdown', value: parts.join('\n\n') }, range: this.range(t) };
  }
  // The text that defines a name: its line without its comment; a function's header (for the
  // function and for an argument, which the header defines too) without the body's brace.
  definitionText(def) {
    const line = this.lines.positionAt(def.start).line;
    let s = withoutComment(this.lines.lineText(line));
    if ((def.kind === Sym.Global && !(def.flags & (VAR | ALIAS))) || def.flags & ARG) s = s.replace(/\s*\{$/, '');
    return s.trim();
  }

  /** LSP DocumentSymbols: functions (with their blocks), globals, aliases, types, metadata, attribute groups. */
  documentSymbols() {
    const out = [], r = this.r;
    // a function's name that has no extent (its body did not read) is listed on its header line
    const named = new Set(this.functions.map(f => this.functionName(f)?.start));
    for (let i = 0; i < this.n; i++) {
      if (!(r[i * WORDS] & DEF) || (r[i * WORDS] & 15) > Sym.Type) continue;
      const t = this.rec(i);
      const entry = (name, kind, detail) => out.push({ name, kind, detail, range: this.lineRange(t.start, t.end), selectionRange: this.range(t) });
      const name = this.lines.text(t.start, t.end);
      if (t.kind === Sym.Global && t.flags & VAR) entry(name, SK.Variable, this.types.get(t.type) ?? '');
      else if (t.kind === Sym.Global && t.flags & ALIAS) entry(name, SK.Variable, 'alias');
      else if (t.kind === Sym.Type) entry(name, SK.Struct, 'type');
      else if (t.kind === Sym.Metadata || t.kind === Sym.NamedMetadata) entry(name, SK.Object, 'metadata');
      else if (t.kind === Sym.AttrGroup) entry(`attributes ${name}`, SK.Property, '');
      else if (t.kind === Sym.Comdat) entry(name, SK.Namespace, 'comdat');
      // a function whose reading stopped at an error before its end: its name, on its header line
      else if (t.kind === Sym.Global && !named.has(t.start)) entry(name, SK.Function, 'define');
    }
    for (const f of this.functions) {
      const nameTok = this.functionName(f);
      out.push({
        name: nameTok ? this.lines.text(nameTok.start, nameTok.end) : '(function)', kind: SK.Function,
        detail: f.flags & DECLARE ? 'declare' : 'define',
        range: this.lineRange(f.start, f.end), selectionRange: nameTok ? this.range(nameTok) : this.lineRange(f.start, f.start),
        children: this.blocksOf(f).map(b => ({ name: b.label, kind: SK.Key, range: b.range, selectionRange: b.selection })),
      });
    }
    return out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  }
  // The function's name in its header: the first global definition after `define`/`declare` (a
  // named return type may come before it).
  functionName(f) {
    const ts = this.sorted, r = this.r;
    let lo = 0, hi = ts.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (r[ts[mid] * WORDS + 1] < f.start) lo = mid + 1; else hi = mid; }
    for (let j = lo; j < ts.length && r[ts[j] * WORDS + 1] <= Math.max(f.end, f.start); j++) {
      const o = ts[j] * WORDS;
      if ((r[o] & 15) === Sym.Global && r[o] & DEF) return this.rec(ts[j]);
    }
    return null;
  }
  // A function's blocks: each from its label (or first instruction) to the last line before the next.
  blocksOf(f) {
    if (f.flags & DECLARE) return [];
    const bs = this.blocksByScope.get(f.scope) ?? [];
    const endLine = this.lines.positionAt(f.end).line - 1; // the line before '}'
    return bs.map((b, i) => {
      const startLine = this.lines.positionAt(b.start).line;
      const last = i + 1 < bs.length ? this.lines.lastContentLine(this.lines.positionAt(bs[i + 1].start).line - 1, startLine) : endLine;
      const label = b.end > b.start ? this.lines.text(b.start, b.end).replace(/:$/, '') : `%${b.key}`;
      return {
        label, startLine, endLine: Math.max(startLine, last),
        range: { start: this.lines.positionAt(b.start), end: { line: Math.max(startLine, last), character: this.lines.lineText(Math.max(startLine, last)).length } },
        selection: { start: this.lines.positionAt(b.start), end: this.lines.positionAt(Math.max(b.end, b.start)) },
      };
    });
  }
  // whole lines from the one holding `start` to the one holding `end`
  lineRange(start, end) {
    const a = this.lines.positionAt(start).line, b = this.lines.positionAt(end).line;
    return { start: { line: a, character: 0 }, end: { line: b, character: this.lines.lineText(b).length } };
  }

  /** Folding ranges: each function body, and each block of more than one line. */
  foldingRanges() {
    const out = [];
    for (const f of this.functions) {
      if (f.flags & DECLARE) continue;
      const a = this.lines.positionAt(f.start).line, b = this.lines.positionAt(f.end).line;
      if (b > a) out.push({ startLine: a, endLine: b - 1 > a ? b - 1 : b });
      for (const blk of this.blocksOf(f)) if (blk.endLine > blk.startLine) out.push({ startLine: blk.startLine, endLine: blk.endLine });
    }
    return out;
  }
}

// A line without its comment and the blanks before it: from the first `;` outside a quoted string
// (c"a;b" and %"x;y" hold one).
function withoutComment(line) {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ';' && !quoted) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

// LLVM's \XX escapes in a quoted name
function decodeQuoted(s) {
  const bytes = [];
  const enc = new TextEncoder().encode(s);
  for (let i = 0; i < enc.length; i++) {
    if (enc[i] === 0x5c && i + 2 < enc.length && /^[0-9a-fA-F]{2}$/.test(String.fromCharCode(enc[i + 1], enc[i + 2]))) {
      bytes.push(parseInt(String.fromCharCode(enc[i + 1], enc[i + 2]), 16)); i += 2;
    } else bytes.push(enc[i]);
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
