// service.js — what the language server knows about one LLVM IR document, from the core's own
// reader, verifier and printer (a session per LLVM version): diagnostics at LSP ranges, the
// canonical print (formatting), bitcode shown as text. Environment-neutral: server.js wires it to a
// connection (stdio in Node, a message port in a browser worker).
import { toBytes, decodeUtf8 } from '../marshal.js';

const isEol = b => b === 10 || b === 13;

// The bytes of each line of a text, and where each starts (lines end at '\n', '\r\n' or '\r', as
// LSP counts them).
export class LineIndex {
  constructor(text) {
    this.bytes = toBytes(text);
    this.starts = [0];
    const b = this.bytes;
    for (let i = 0; i < b.length; i++) {
      if (b[i] === 13 && b[i + 1] === 10) i++;
      if (isEol(b[i])) this.starts.push(i + 1);
    }
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

export class IRService {
  // openSession: the package's openSession (Node or browser); llvmVersion: 19 or 22
  constructor(openSession, { llvmVersion = 22 } = {}) {
    this.openSession = openSession;
    this.llvmVersion = llvmVersion;
    this.session = null;
  }
  async #session() {
    this.session ??= this.openSession({ llvmVersion: this.llvmVersion });
    return this.session;
  }
  // Read and verify the text as opt does (no passes): the diagnostics, and the canonical print
  // when it reads.
  async analyse(text, moduleId) {
    const s = await this.#session();
    const r = await s.optimize(text, { passes: '', moduleId });
    const lines = new LineIndex(text);
    return { ok: r.ok, printed: r.ok ? r.output : null, diagnostics: r.diagnostics.map(d => lspDiagnostic(d, lines)) };
  }
  // Bitcode shown as its text (read-only), or the reader's error.
  async bitcodeText(bytes, moduleId) {
    const s = await this.#session();
    const r = await s.optimize(bytes, { passes: '', moduleId });
    return r.ok ? { ok: true, text: r.output } : { ok: false, message: r.diagnostics.map(d => d.message).join('\n') };
  }
  async close() {
    const s = this.session;
    this.session = null;
    if (s) await (await s).close();
  }
}
