// Parser helpers shared by the parse-* files: the error latch (the Reader's, text/reader.ts), the
// token helpers over the session lexer and the nesting guard.
import { rd } from "./reader";
import { I32Vec } from "../util/vec";
import { lx, T, next } from "./lexer";
import { MAX_ALIGN_BYTES } from "../ir/align";
import { llvmVersion, Feature, has, featureName, featureSince } from "../ir/version";

// Records the first error only; always returns false so callers can `return error(...)`.
export function error(msg: string): bool { return errorAt(msg, lx.tokStart); }
export function errorAt(msg: string, off: i32): bool {
  let r = rd;
  if (!r.failed) {
    r.failed = true; r.errOff = off; r.errMsg = msg;
    // from LLVM 22 on, the lexer reports an unterminated string itself
    let l = lx;
    if (l.tok == T.Error && l.lexErrorOwn && has(Feature.LexerErrorFirst)) { r.errOff = l.tokStart; r.errMsg = l.lexError; }
  }
  return false;
}
export function errorI(msg: string): i32 { error(msg); return -1; }

// Syntax the target LLVM version does not have: a located error (at the current token) naming the
// version that brought it, never a silent drop.
export function versionMessage(what: string, since: i32): string {
  return "'" + what + "' requires LLVM " + since.toString() + " or later; wopt follows LLVM " +
    llvmVersion.toString() + " (--llvm-version=" + llvmVersion.toString() + ")";
}
export function checkVersion(what: string, since: i32): bool {
  return llvmVersion >= since || error(versionMessage(what, since));
}
// The same for a feature of the version table (ir/version.ts).
export function checkFeature(f: Feature): bool { return has(f) || error(versionMessage(featureName(f), featureSince(f))); }

// Nesting guard for recursive descent (types, constants, metadata): a pathological input must
// produce an error, not exhaust the WASM stack.
export const MAX_DEPTH: i32 = 512;
@inline export function enter(): bool {
  if (++rd.depth > MAX_DEPTH) return tooDeep();
  return true;
}
function tooDeep(): bool { rd.depth--; return error("nesting too deep (limit " + MAX_DEPTH.toString() + ")"); }
@inline export function leave(): void { rd.depth--; }

@inline export function isWord(kw: i32): bool { let l = lx; return l.tok == T.Word && l.tokStr == kw; }
// Consumes the token if it is keyword kw.
// (Inlined: called for nearly every token; the error text is built out of line.)
@inline export function eatWord(kw: i32): bool { let l = lx; if (l.tok == T.Word && l.tokStr == kw) { l.next(); return true; } return false; }
@inline export function eat(t: i32): bool { if (lx.tok == t) { next(); return true; } return false; }
@inline export function expect(t: i32, what: string): bool {
  if (lx.tok == t) { next(); return true; }
  return expected(what);
}
@inline export function expectWord(kw: i32, what: string): bool {
  let l = lx;
  if (l.tok == T.Word && l.tokStr == kw) { l.next(); return true; }
  return expected(what);
}
function expected(what: string): bool { return error("expected " + what); }
// A non-negative integer literal fitting in u32.
export function parseU32(what: string): i64 {
  if (lx.tok != T.Int || lx.tokNum < 0 || lx.tokNum > 0xffffffff) { error("expected " + what); return -1; }
  let v = lx.tokNum; next(); return v;
}
// LLParser::parseUInt32 / parseUInt64: an unsigned literal (a '-' sign is refused). A literal wider
// than 64 bits keeps its low 64 bits, as LLVM's getZExtValue does for parseUInt64.
@inline function tokNegative(): bool { let l = lx; return load<u8>(l.src + <usize>l.tokStart) == 45; }
export function parseUInt32(): i64 {
  if (lx.tok != T.Int || tokNegative()) { error("expected integer"); return -1; }
  if (lx.tokBig || <u64>lx.tokNum > 0xffffffff) { error("expected 32-bit integer (too large)"); return -1; }
  let v = lx.tokNum; next(); return v;
}
// `align N` or, where allowed, `align(N)`, after the word: LLParser::parseOptionalAlignment. Returns
// the byte count (a power of two up to 2^32), or -1 after an error.
export function parseAlignment(allowParens: bool): i64 {
  let loc = lx.tokStart;
  let parens = allowParens && eat(T.LParen);
  if (lx.tok != T.Int || tokNegative()) { error("expected integer"); return -1; }
  let v = lx.tokNum; next();
  if (parens && lx.tok != T.RParen) { errorAt("expected ')'", loc); return -1; }
  if (parens) next();
  if (v == 0 || (v & (v - 1)) != 0) { errorAt("alignment is not a power of two", loc); return -1; }
  if (<u64>v > <u64>MAX_ALIGN_BYTES) { errorAt("huge alignments are not supported yet", loc); return -1; }
  return v;
}

