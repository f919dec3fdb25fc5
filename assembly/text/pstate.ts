// Parser helpers shared by the parse-* files: the error latch (the Reader's, text/reader.ts), the
// token helpers over the session lexer and the nesting guard.
import { rd } from "./reader";
import { I32Vec } from "../util/vec";
import { lx, T, next } from "./lexer";
import { MAX_ALIGN_BYTES } from "../ir/align";
import { llvmVersion, Feature, has, featureName, featureSince } from "../ir/version";
import { MAX_NESTING } from "../ir/nesting";

// Records the first error only; always returns false so callers can `return error(...)`.
export function error(msg: string): bool { return errorAt(msg, lx.tokStart); }
export function errorAt(msg: string, off: i32): bool {
  let r = rd;
  if (!r.failed) {
    r.failed = true; r.errOff = off; r.errMsg = msg;
    // from LLVM 22 on, the lexer's own errors outrank the parser's: the current token's, else
    // one it recorded earlier without failing a token
    let l = lx;
    if (has(Feature.LexerErrorFirst)) {
      if (l.tok == T.Error && l.lexErrorOwn) { r.errOff = l.tokStart; r.errMsg = l.lexError; }
      else if (l.softError.length > 0) { r.errOff = l.softErrorAt; r.errMsg = l.softError; }
    }
  }
  return false;
}
export function errorI(msg: string): i32 { error(msg); return -1; }
export function errorAtI(msg: string, off: i32): i32 { errorAt(msg, off); return -1; }

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

// Nesting guard for recursive descent (types, constants, metadata): deeper input is an error at
// the token (ir/nesting.ts has the limit and why).
@inline export function enter(): bool {
  if (++rd.depth > MAX_NESTING) return tooDeep();
  return true;
}
function tooDeep(): bool { rd.depth--; return error(tooDeepMessage()); }
export function tooDeepMessage(): string { return "nesting too deep (limit " + MAX_NESTING.toString() + ")"; }
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
// LLParser::parseUInt32 / parseUInt64: an unsigned literal (a '-' sign or s0x is refused), its
// value saturated at 2^64-1 as APInt's getLimitedValue does (then range-checked for 32 bits).
@inline function tokSigned(): bool { let l = lx; let c = load<u8>(l.src + <usize>l.tokStart); return c == 45 || c == 115; }
// rd.limitedSaturated: the last tokLimited had more than 64 bits.
function tokLimited(): u64 {
  let l = lx;
  rd.limitedSaturated = false;
  if (!l.tokBig) return <u64>l.tokNum;
  let p = l.src + <usize>l.tokStart, n = l.tokEnd - l.tokStart;
  let r: u64 = 0;
  if (load<u8>(p) == 117) { // u0x...
    for (let i = 3; i < n; i++) {
      if ((r >>> 60) != 0) { rd.limitedSaturated = true; return u64.MAX_VALUE; }
      let c = <i32>load<u8>(p + <usize>i);
      r = (r << 4) | <u64>(c <= 57 ? c - 48 : (c | 32) - 87);
    }
    return r;
  }
  for (let i = 0; i < n; i++) {
    let d = <u64>(load<u8>(p + <usize>i) - 48);
    if (r > (u64.MAX_VALUE - d) / 10) { rd.limitedSaturated = true; return u64.MAX_VALUE; }
    r = r * 10 + d;
  }
  return r;
}
// The current token as an unsigned integer of at most 64 bits (array and vector sizes: LLParser
// wants an unsigned APSInt no wider than 64 bits); rd.tokOverflow when it is not one.
export function tokUnsigned64(): u64 {
  rd.tokOverflow = lx.tok != T.Int || tokSigned();
  if (rd.tokOverflow) return 0;
  let v = tokLimited();
  rd.tokOverflow = rd.limitedSaturated;
  return v;
}
// The value parseUInt64 read.
export function parseUInt64(): bool {
  if (lx.tok != T.Int || tokSigned()) return error("expected integer");
  rd.uint64Val = tokLimited(); next(); return true;
}
export function parseUInt32(): i64 {
  if (lx.tok != T.Int || tokSigned()) { error("expected integer"); return -1; }
  let v = tokLimited();
  if (v > 0xffffffff) { error("expected 32-bit integer (too large)"); return -1; }
  next(); return <i64>v;
}
// `align N` or, where allowed, `align(N)`, after the word: LLParser::parseOptionalAlignment. Returns
// the byte count (a power of two up to 2^32), or -1 after an error.
export function parseAlignment(allowParens: bool): i64 {
  let loc = lx.tokStart;
  let parens = allowParens && eat(T.LParen);
  if (!parseUInt64()) return -1;
  let v = rd.uint64Val;
  if (parens && lx.tok != T.RParen) { errorAt("expected ')'", loc); return -1; }
  if (parens) next();
  if (v == 0 || (v & (v - 1)) != 0) { errorAt("alignment is not a power of two", loc); return -1; }
  if (v > <u64>MAX_ALIGN_BYTES) { errorAt("huge alignments are not supported yet", loc); return -1; }
  return <i64>v;
}

