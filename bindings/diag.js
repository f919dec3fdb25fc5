// diag.js — LLVM-style diagnostics: `<prog>: <file>:<line>:<col>: error: <message>`, then the
// source line (tabs expanded to 8-column stops) and a caret line under the column. Like LLVM,
// the caret line is left out when the source line is not plain ASCII. Environment-neutral.

import { toBytes, decodeUtf8 } from './marshal.js';

const TAB = 8;

const isEol = b => b === 10 || b === 13;

/**
 * The bytes of the source line shown under a diagnostic (without its end-of-line), or an empty
 * array past the end: as LLVM, the text between the '\n' or '\r' around byte `offset` when it is
 * known, else 1-based line `line` (lines end at '\n'; in a file with CR-only line ends only the
 * offset finds the right one).
 */
export function sourceLine(bytes, line, offset) {
  let start = 0;
  if (offset >= 0) {
    start = Math.min(offset, bytes.length);
    while (start > 0 && !isEol(bytes[start - 1])) start--;
  } else {
    for (let n = 1; n < line; n++) {
      const nl = bytes.indexOf(10, start);
      if (nl < 0) return new Uint8Array(0);
      start = nl + 1;
    }
  }
  let end = start;
  while (end < bytes.length && !isEol(bytes[end])) end++;
  return bytes.subarray(start, end);
}

function expandTabs(text) {
  let out = '';
  for (const ch of text) out += ch === '\t' ? ' '.repeat(TAB - (out.length % TAB)) : ch;
  return out;
}

/**
 * Source line and caret line for a 1-based (line, col) in `source`, at byte `offset` when it is
 * known (sourceLine); [] when there is no line.
 */
export function caretLines(source, line, col, offset) {
  if (!line) return [];
  const bytes = sourceLine(toBytes(source), line, offset);
  const ascii = bytes.every(b => b < 128);
  const text = expandTabs(decodeUtf8(bytes));
  if (!ascii || !col) return [text];
  const before = expandTabs(decodeUtf8(bytes.subarray(0, Math.min(col - 1, bytes.length))));
  const pad = before.length + Math.max(0, col - 1 - bytes.length);
  return [text, ' '.repeat(pad) + '^'];
}

/**
 * Formats one diagnostic. `file` is the name the user gave ('<stdin>' for standard input).
 * Returns the text with a trailing newline.
 */
export function formatDiagnostic({ prog = 'wopt', file, line = 0, col = 0, offset, severity = 'error', message, source }) {
  const where = file === undefined ? '' : line ? `${file}:${line}:${col}: ` : `${file}: `;
  const head = `${prog ? `${prog}: ` : ''}${where}${severity}: ${message}`;
  const extra = source !== undefined ? caretLines(source, line, col, offset) : [];
  return [head, ...extra].join('\n') + '\n';
}
