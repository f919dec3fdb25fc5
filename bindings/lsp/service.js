// service.js — what the language server knows about one LLVM IR document, from the core's own
// reader, verifier and printer (a session per LLVM version): diagnostics at LSP ranges, the
// reader's index of names (symbols.js), the canonical print (formatting), bitcode shown as text. Environment-neutral: server.js wires it to a
// connection (stdio in Node, a message port in a browser worker).
import { toBytes, decodeUtf8 } from '../marshal.js';
import { DocumentSymbols } from './symbols.js';
import { diffLines, contextMask } from '../diff.js';

const isEol = b => b === 10 || b === 13;

// The bytes of each line of a text, and where each starts (lines end at '\n', '\r\n' or '\r', as
// LSP counts them). Made when first asked: a document read without diagnostics or questions needs
// neither.
export class LineIndex {
  constructor(text) { this.source = text; }
  get bytes() { return this._bytes ??= toBytes(this.source); }
  get starts() {
    if (this._starts) return this._starts;
    const b = this.bytes, starts = [0];
    for (let i = 0; i < b.length; i++) {
      if (b[i] === 13 && b[i + 1] === 10) i++;
      if (isEol(b[i])) starts.push(i + 1);
    }
    return this._starts = starts;
  }
  lineBytes(line) { // 0-based line, without its end of line
    const start = this.starts[line] ?? this.bytes.length;
    let end = start;
    while (end < this.bytes.length && !isEol(this.bytes[end])) end++;
    return this.bytes.subarray(start, end);
  }
  // an LSP position (UTF-16 code units) of a 0-based line and a byte column in it
  position(line, byteCol) {
    const bytes = this.lineBytes(line);
    return { line, character: decodeUtf8(bytes.subarray(0, Math.min(byteCol, bytes.length))).length };
  }
  lineOf(offset) {
    const s = this.starts;
    let lo = 0, hi = s.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (s[mid] <= offset) lo = mid; else hi = mid - 1; }
    return lo;
  }
  // the LSP position of a byte offset, and back
  positionAt(offset) { const line = this.lineOf(offset); return this.position(line, offset - this.starts[line]); }
  offsetAt({ line, character }) {
    if (line >= this.starts.length) return this.bytes.length;
    const bytes = this.lineBytes(line);
    const prefix = decodeUtf8(bytes).slice(0, character);
    return this.starts[line] + new TextEncoder().encode(prefix).length;
  }
  text(start, end) { return decodeUtf8(this.bytes.subarray(start, end)); }
  lineText(line) { return decodeUtf8(this.lineBytes(line)); }
  // the last line at or before `line` (and not before `min`) with more than blanks and a comment
  lastContentLine(line, min) {
    while (line > min && /^\s*(;.*)?$/.test(this.lineText(line))) line--;
    return line;
  }
}

// space tab , ( ) [ ] { } < > = * ;
const TOKEN_STOP = new Set([0x20, 0x09, 0x2c, 0x28, 0x29, 0x5b, 0x5d, 0x7b, 0x7d, 0x3c, 0x3e, 0x3d, 0x2a, 0x3b]);

// Where the token at byte column `col` of `bytes` ends: a quoted string to its closing quote, else
// up to the next blank or punctuation; at least one byte past `col` when the line goes on.
function tokenEnd(bytes, col) {
  if (col >= bytes.length) return col;
  let i = col;
  if (bytes[i] === 0x22) { // "..."
    i++;
    while (i < bytes.length && bytes[i] !== 0x22) i++;
    return Math.min(i + 1, bytes.length);
  }
  while (i < bytes.length && !TOKEN_STOP.has(bytes[i])) i++;
  return i > col ? i : col + 1;
}

// LSP severities
const SEVERITY = { error: 1, warning: 2 };

// A core diagnostic as an LSP one: at its line and column (1-based, a byte column, as opt prints
// it) over the token there; a message without a position (most of the verifier's, which name the
// value instead) on the first line.
export function lspDiagnostic(d, lines) {
  const line = d.line ? d.line - 1 : 0;
  const bytes = lines.lineBytes(line);
  const col = d.line && d.col ? d.col - 1 : 0;
  const end = d.line && d.col ? tokenEnd(bytes, col) : bytes.length;
  return {
    range: { start: lines.position(line, col), end: lines.position(line, end) },
    severity: SEVERITY[d.severity] ?? 1,
    source: 'wopt',
    message: d.message,
  };
}

// A unit's change as diff lines ('-', '+', ' ' and the line), changed lines with 3 of context,
// '...' where unchanged lines are left out.
export function unifiedDiff(before, after) {
  const ops = diffLines(before.replace(/\n+$/, ''), after.replace(/\n+$/, ''));
  const keep = contextMask(ops.map(o => o.op !== ' '));
  const out = [];
  ops.forEach((o, i) => { if (keep[i]) out.push(o.op + o.text); else if (keep[i - 1] !== false || i === 0) out.push('...'); });
  return out.join('\n');
}

// The verifier's messages one by one, each at the value or node it names (its first line, else);
// after a reader's verification, its closing warning that the debug info was dropped.
function verifierDiagnostics(d, lines, symbols) {
  const out = d.parts.map(p => {
    const range = symbols.placeOf(p.value, p.md);
    return range ? { range, severity: SEVERITY[d.severity] ?? 1, source: 'wopt', message: p.message } : lspDiagnostic({ severity: d.severity, message: p.message }, lines);
  });
  const last = d.message.slice(d.message.lastIndexOf('\n') + 1);
  if (last.startsWith('warning: ignoring invalid debug info')) out.push(lspDiagnostic({ severity: 'warning', message: last.slice('warning: '.length) }, lines));
  return out;
}

export class IRService {
  // openSession: the package's openSession (Node or browser); llvmVersion: 19 or 22
  constructor(openSession, { llvmVersion = 22 } = {}) {
    this.openSession = openSession;
    this.llvmVersion = llvmVersion;
    this.session = null;
  }
  #queue = Promise.resolve();
  async #session() {
    this.session ??= this.openSession({ llvmVersion: this.llvmVersion });
    return this.session;
  }
  // One module at a time in the session: a read followed by a question about it (inspect) must not
  // see another document's read in between.
  #exclusive(fn) {
    const run = this.#queue.then(fn, fn);
    this.#queue = run.catch(() => {});
    return run;
  }
  // Read and verify the text as opt does (no passes, nothing printed): the diagnostics, and the
  // reader's index of names (as far as the text reads).
  analyse(text, moduleId) { return this.#exclusive(() => this.#analyse(text, moduleId)); }
  async #analyse(text, moduleId) {
    const s = await this.#session();
    const r = await s.optimize(text, { passes: '', moduleId, output: 'none', symbols: true });
    const lines = new LineIndex(text);
    const symbols = new DocumentSymbols(lines, r.symbols);
    return { ok: r.ok, diagnostics: r.diagnostics.flatMap(d => d.parts?.length ? verifierDiagnostics(d, lines, symbols) : [lspDiagnostic(d, lines)]), symbols };
  }
  // The module as opt prints it (formatting), or null when it does not read or verify.
  canonical(text, moduleId) {
    return this.#exclusive(async () => {
      const r = await (await this.#session()).optimize(text, { passes: '', moduleId });
      return r.ok ? r.output : null;
    });
  }

  /**
   * Runs `passes` on the document: { ok, diagnostics (the CLI's messages), text, passes }. text:
   * the module as opt prints the result; with `fn` (a function's name), the function passes run on
   * that function alone (module passes still see the module). passes: each pass run with whether
   * it changed its unit and the line diff of the change (3 lines of context).
   */
  runPipeline(text, { passes, fn, moduleId } = {}) {
    return this.#exclusive(async () => {
      const s = await this.#session();
      const options = fn === undefined ? {} : { 'only-function': fn };
      const r = await s.optimize(text, { passes, options, moduleId, trace: true });
      const diagnostics = r.diagnostics.map(d => d.message);
      if (!r.ok) return { ok: false, diagnostics, text: null, passes: [] };
      const steps = (r.trace ?? []).map(e => ({ pass: e.pass, name: e.name, unit: e.unit, changed: e.changed, diff: e.changed ? unifiedDiff(e.before, e.after) : '' }));
      return { ok: true, diagnostics, text: r.output, passes: steps };
    });
  }

  /** The CFG, dominator and post-dominator trees and frontiers of function `fn` (session.inspect), or null. */
  inspect(text, fn, moduleId) {
    return this.#exclusive(async () => {
      const s = await this.#session();
      const r = await s.optimize(text, { passes: '', moduleId, output: 'none' });
      if (!r.ok) return null;
      return s.inspect(fn);
    });
  }
  // Bitcode shown as its text (read-only), or the reader's error.
  bitcodeText(bytes, moduleId) {
    return this.#exclusive(async () => {
      const r = await (await this.#session()).optimize(bytes, { passes: '', moduleId });
      return r.ok ? { ok: true, text: r.output } : { ok: false, message: r.diagnostics.map(d => d.message).join('\n') };
    });
  }
  async close() {
    const s = this.session;
    this.session = null;
    if (s) await (await s).close();
  }
}
