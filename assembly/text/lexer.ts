// Hand-written lexer over the UTF-8 input bytes in linear memory. Barewords, names and strings
// are interned, so the parser compares ids. No AssemblyScript strings on this path.
// Its state is a `Lexer` (the input, the current token, the name cache); text/reset.ts makes a new
// one per module (`newLexer`), which the parser reads as `lx`.
import { StrTab } from "../util/strtab";
import { U8Vec, allocLarge } from "../util/vec";
import { has, Feature } from "../ir/version";

export const enum T {
  EOF = 0, Error,
  LocalVar, LocalID, GlobalVar, GlobalID, LabelStr, LabelID, ComdatVar, MetadataVar, MetadataID, AttrGrpID,
  SummaryID, String, Int, Float, IntType, Word,
  Equal, Comma, Star, LSquare, RSquare, LBrace, RBrace, Less, Greater, LParen, RParen, Exclaim, Bar, Colon,
  DotDotDot, Hash,
}

// The lexer reads the input through a window with PAD zero bytes after its end: `ch` needs no
// bounds check (every scanning loop stops at a 0 byte, and look-ahead is at most 3 bytes) and
// short names are read with unaligned 8-byte loads. Buffers from allocPaddedInput already have
// the padding; anything else is copied into a padded buffer first.
export const PAD: i32 = 16;

function padIsZero(p: usize, n: i32): bool {
  for (let i = 0; i < PAD; i++) if (load<u8>(p + <usize>(n + i)) != 0) return false;
  return true;
}

// at(): the byte at i of a base the caller holds in a local (hot loops).
@inline function at(base: usize, i: i32): i32 { return <i32>load<u8>(base + <usize>i); }

// Character classes, one byte per character in static memory (not part of the heap arena).
const C_DIGIT: u8 = 1, C_NAME: u8 = 2, C_WORD: u8 = 4, C_HEX: u8 = 8, C_SPACE: u8 = 16;
const classes: usize = memory.data(256);
// filled once when the core starts (static data: resets keep it)
function initClasses(): void {
  for (let c = 0; c < 256; c++) {
    let k: u8 = 0;
    let digit = c >= 48 && c <= 57;
    let alpha = (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
    if (digit) k |= C_DIGIT;
    // unquoted names: [-a-zA-Z$._0-9]; words: the same without '-'
    if (alpha || digit || c == 36 || c == 46 || c == 95) k |= C_NAME | C_WORD;
    if (c == 45) k |= C_NAME;
    if (digit || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)) k |= C_HEX;
    if (c == 32 || c == 9 || c == 10 || c == 13) k |= C_SPACE;
    store<u8>(classes + <usize>c, k);
  }
}
initClasses();
@inline function cls(c: i32): i32 { return <i32>load<u8>(classes + <usize>c); }
@inline function isDigit(c: i32): bool { return <u32>(c - 48) <= 9; }
@inline function isHex(c: i32): bool { return (cls(c) & C_HEX) != 0; }
@inline function hexVal(c: i32): i32 { return c <= 57 ? c - 48 : (c <= 70 ? c - 55 : c - 87); }
// Characters allowed in unquoted names: [-a-zA-Z$._0-9]
@inline function isNameChar(c: i32): bool { return (cls(c) & C_NAME) != 0; }
@inline function isWordChar(c: i32): bool { return (cls(c) & C_WORD) != 0; }

@inline function lowBytes(x: u64, n: i32): u64 { return n >= 8 ? x : x & ((<u64>1 << (<u64>n << 3)) - 1); }
// Mixes all 128 key bits into the low bits (names often differ only in their last byte, which
// sits in the high bits of a key).
@inline function ncSlot(k0: u64, k1: u64, mask: i32): i32 {
  let x = k0 ^ rotl<u64>(k1, 29);
  x ^= x >>> 32; x *= 0x9E3779B97F4A7C15; x ^= x >>> 29;
  return <i32>x & mask;
}

// IntegerType::MAX_INT_BITS
const MAX_INT_BITS: i64 = 1 << 23;
const NUL_IN_NAME = "NUL character is not allowed in names";

// LLVM's HexIntToVal: the value of n hex digits at p as a u64; 0 with lx.hexOverflow set where its
// overflow check fires (it misses some overflows, which then wrap: kept, as opt reads them so).
export function hexIntToVal(p: usize, n: i32): u64 {
  let r: u64 = 0;
  lx.hexOverflow = false;
  for (let i = 0; i < n; i++) {
    let old = r;
    r = r * 16 + <u64>hexVal(<i32>load<u8>(p + <usize>i));
    if (r < old) { lx.hexOverflow = true; return 0; }
  }
  return r;
}

// The end of the comment at p: its line's end ('\n' or '\r', as LLLexer::SkipLineComment) or the
// end of the input; 8 bytes per step.
function skipComment(b: usize, n: i32, p: i32): i32 {
  while (p + 8 <= n) {
    let v = load<u64>(b + <usize>p);
    let x = v ^ 0x0A0A0A0A0A0A0A0A, y = v ^ 0x0D0D0D0D0D0D0D0D;
    if (((((x - 0x0101010101010101) & ~x) | ((y - 0x0101010101010101) & ~y)) & 0x8080808080808080) != 0) break;
    p += 8;
  }
  while (p < n) { let c = at(b, p); if (c == 10 || c == 13) break; p++; }
  return p;
}

// The name cache's table for sequences of 17 to 24 bytes (DWARF tags and flags, longer names and
// field values): three u64 keys, the third mixed into the second's slot. Kept apart from the
// short names' two-key table so that those pay nothing for it.
@final class LongNameCache {
  K0: StaticArray<u64> = new StaticArray<u64>(256);
  K1: StaticArray<u64> = new StaticArray<u64>(256);
  K2: StaticArray<u64> = new StaticArray<u64>(256);
  ids: StaticArray<i32> = new StaticArray<i32>(256);
  mask: i32 = 255;
  count: i32 = 0;
  // The id of the n (17..24) bytes at p: from the table, or interned in strtab and added.
  intern(strtab: StrTab, p: usize, n: i32): i32 {
    let k0 = load<u64>(p), k1 = load<u64>(p + 8), k2 = lowBytes(load<u64>(p + 16), n - 16);
    let K0 = this.K0, K1 = this.K1, K2 = this.K2, mask = this.mask;
    let h = ncSlot(k0, k1 ^ rotl<u64>(k2, 17), mask);
    while (true) {
      let e = unchecked(K0[h]);
      if (e == 0) break;
      if (e == k0 && unchecked(K1[h]) == k1 && unchecked(K2[h]) == k2) return unchecked(this.ids[h]);
      h = (h + 1) & mask;
    }
    let id = strtab.intern(p, n);
    unchecked(K0[h] = k0); unchecked(K1[h] = k1); unchecked(K2[h] = k2); unchecked(this.ids[h] = id);
    if (++this.count * 2 > mask) this.grow();
    return id;
  }
  private grow(): void {
    let o0 = this.K0, o1 = this.K1, o2 = this.K2, oi = this.ids, oldMask = this.mask;
    let size = (oldMask + 1) << 1, mask = size - 1;
    this.K0 = new StaticArray<u64>(size); this.K1 = new StaticArray<u64>(size); this.K2 = new StaticArray<u64>(size);
    this.ids = new StaticArray<i32>(size); this.mask = mask;
    for (let i = 0; i <= oldMask; i++) {
      let k0 = unchecked(o0[i]);
      if (k0 == 0) continue;
      let k1 = unchecked(o1[i]), k2 = unchecked(o2[i]);
      let h = ncSlot(k0, k1 ^ rotl<u64>(k2, 17), mask);
      while (unchecked(this.K0[h]) != 0) h = (h + 1) & mask;
      unchecked(this.K0[h] = k0); unchecked(this.K1[h] = k1); unchecked(this.K2[h] = k2); unchecked(this.ids[h] = unchecked(oi[i]));
    }
  }
}

@final export class Lexer {
  hexOverflow: bool = false;   // hexIntToVal's value did not fit in 64 bits
  strtab: StrTab;
  src: usize = 0;
  srcLen: i32 = 0;
  pos: i32 = 0;
  // the current token
  tok: i32 = T.EOF;
  tokStart: i32 = 0;
  tokEnd: i32 = 0;
  tokStr: i32 = -1;     // interned id: names, words, string contents (unescaped)
  tokNum: i64 = 0;      // LocalID/GlobalID/LabelID/MetadataID/AttrGrpID number, IntType width, small Int value
  tokBig: bool = false; // Int does not fit in i64 (parser re-reads the span)
  tokQuoted: bool = false; // name came from a quoted string
  lexError: string = "";
  // The lexer error is one LLVM 22 reports itself (an unterminated string), where LLVM 19's parser
  // reported what it expected instead.
  lexErrorOwn: bool = false;
  // An error LLVM's lexer records without failing the token (a hex constant wider than its
  // type): from LLVM 22 on it outranks the parser's own message if parsing fails later.
  softError: string = "";
  softErrorAt: i32 = 0;
  savedPos: i32 = 0; // for the rare one-token look-ahead (save/restore)
  scratch: U8Vec = new U8Vec(256);
  // the host's input buffer (allocPaddedInput), already padded
  paddedPtr: usize = 0;
  paddedLen: i32 = -1;
  // Unquoted names, words and debug-info field values of up to 24 bytes (nearly all keywords,
  // types, value names, DWARF tags and flags, numbers) are looked up by their bytes packed into
  // u64 keys before the general string table: up to 16 bytes in the two-key table here, 17 to 24
  // in `longNames`. A miss interns through the string table, so ids do not depend on this cache.
  // Keys pad with zero bytes, so two sequences differing only in trailing zero bytes would share
  // a key: every caller's last byte is a token's, never zero.
  ncK0: StaticArray<u64> = new StaticArray<u64>(1024);
  ncK1: StaticArray<u64> = new StaticArray<u64>(1024);
  ncId: StaticArray<i32> = new StaticArray<i32>(1024);
  ncMask: i32 = 1023;
  ncCount: i32 = 0;
  longNames: LongNameCache = new LongNameCache();

  constructor(strtab: StrTab) { this.strtab = strtab; }

  // A buffer of len bytes followed by PAD zero bytes (for the host's input).
  allocPaddedInput(len: i32): usize {
    let p = allocLarge(<u64>len + PAD);
    memory.fill(p + <usize>len, 0, <usize>PAD);
    this.paddedPtr = p; this.paddedLen = len;
    return p;
  }
  init(p: usize, n: i32): void {
    if (p != this.paddedPtr || n > this.paddedLen || !padIsZero(p, n)) {
      let q = allocLarge(<u64>n + PAD);
      memory.copy(q, p, <usize>n);
      memory.fill(q + <usize>n, 0, <usize>PAD);
      p = q;
    }
    this.src = p; this.srcLen = n; this.pos = 0; this.tok = T.EOF; this.lexError = ""; this.softError = "";
  }

  // The id of the n name characters at src+s (no zero bytes among them).
  @inline private internName(s: i32, n: i32): i32 { return this.internShort(this.src + <usize>s, n); }

  // The id of the n bytes at p, the last of them not zero, inside the input (which PAD zero bytes
  // follow) or another buffer with 8 bytes to spare: the 8-byte loads may run past the n bytes.
  internShort(p: usize, n: i32): i32 {
    if (n > 16) return n > 24 ? this.strtab.intern(p, n) : this.longNames.intern(this.strtab, p, n);
    if (n == 0) return this.strtab.intern(p, n);
    let k0 = lowBytes(load<u64>(p), n);
    let k1: u64 = n > 8 ? lowBytes(load<u64>(p + 8), n - 8) : 0;
    let mask = this.ncMask;
    let K0 = this.ncK0, K1 = this.ncK1, ids = this.ncId;
    let h = ncSlot(k0, k1, mask);
    while (true) {
      let e = unchecked(K0[h]);
      if (e == 0) break;
      if (e == k0 && unchecked(K1[h]) == k1) return unchecked(ids[h]);
      h = (h + 1) & mask;
    }
    let id = this.strtab.intern(p, n);
    unchecked(K0[h] = k0); unchecked(K1[h] = k1); unchecked(ids[h] = id);
    if (++this.ncCount * 2 > mask) this.growNameCache();
    return id;
  }
  private growNameCache(): void {
    let o0 = this.ncK0, o1 = this.ncK1, oi = this.ncId, oldMask = this.ncMask;
    let size = (oldMask + 1) << 1, mask = size - 1;
    let K0 = new StaticArray<u64>(size), K1 = new StaticArray<u64>(size), ids = new StaticArray<i32>(size);
    for (let i = 0; i <= oldMask; i++) {
      let k0 = unchecked(o0[i]);
      if (k0 == 0) continue;
      let k1 = unchecked(o1[i]);
      let h = ncSlot(k0, k1, mask);
      while (unchecked(K0[h]) != 0) h = (h + 1) & mask;
      unchecked(K0[h] = k0); unchecked(K1[h] = k1); unchecked(ids[h] = unchecked(oi[i]));
    }
    this.ncK0 = K0; this.ncK1 = K1; this.ncId = ids; this.ncMask = mask;
  }

  private fail(msg: string, at: i32): i32 { this.lexError = msg; this.lexErrorOwn = false; this.tokStart = at; this.tok = T.Error; return T.Error; }
  // An error LLVM 22's lexer reports itself, over the parser's (LLVM 19's parser reports its own).
  private failOwn(msg: string, at: i32): i32 { this.fail(msg, at); this.lexErrorOwn = true; return T.Error; }
  // A quoted name just read (in scratch) holding a NUL byte is an error token.
  private nulInName(): bool {
    let s = this.scratch;
    for (let i = 0; i < s.len; i++) if (s.get(i) == 0) return true;
    return false;
  }

  // Reads a double-quoted string starting at `pos` (just after the opening quote), unescaping
  // \\ and \XX; leaves pos after the closing quote. Returns false when unterminated.
  private readString(): bool {
    let scratch = this.scratch, b = this.src, n = this.srcLen, p = this.pos;
    scratch.clear();
    while (true) {
      if (p >= n) { this.pos = p; return false; }
      let c = at(b, p);
      if (c == 34) { p++; break; }
      if (c == 92) {
        let a = at(b, p + 1);
        if (a == 92) { scratch.push(92); p += 2; continue; }
        if (p + 2 < n && isHex(a) && isHex(at(b, p + 2))) {
          scratch.push(<u8>((hexVal(a) << 4) | hexVal(at(b, p + 2)))); p += 3; continue;
        }
        scratch.push(92); p++; continue;
      }
      scratch.push(<u8>c); p++;
    }
    this.pos = p;
    // through the name cache when its loads stay inside the buffer and the last byte is not zero
    let len = scratch.len;
    this.tokStr = len > 0 && scratch.cap >= len + 8 && scratch.get(len - 1) != 0 ? this.internShort(scratch.ptr, len) : this.strtab.intern(scratch.ptr, len);
    return true;
  }

  // The number of an ID token (`%7`, `@7`, `#7`, `7:`) from its digits [s, e), as LLVM's lexer
  // reads it: 64 bits with its overflow check, then cut to unsigned 32 bits. Either excess is an
  // error LLVM records without failing the token (LLVM 22's message if parsing fails later); the
  // parser reads the number as u32, and 2^32-1 is LLVM's "no number" for labels and instructions.
  private idNumber(s: i32, e: i32): i64 {
    let b = this.src;
    let v: u64 = 0;
    for (let p = s; p < e; p++) {
      let old = v;
      v = v * 10 + <u64>(at(b, p) - 48);
      if (v < old) { this.softError = "constant bigger than 64 bits detected"; this.softErrorAt = this.tokStart; return 0; }
    }
    if (v > 0xffffffff) { this.softError = "invalid value number (too large)"; this.softErrorAt = this.tokStart; v &= 0xffffffff; }
    return <i64>v;
  }

  // After a sigil (% @ $ !): a name, a quoted name, or a number.
  private lexName(named: i32, numbered: i32, allowNumber: bool): i32 {
    let b = this.src, p = this.pos;
    let c = at(b, p);
    this.tokQuoted = false;
    if (c == 34) {
      this.pos = p + 1;
      if (!this.readString()) return this.fail("end of file in global variable name", this.tokStart);
      if (this.nulInName()) return this.failOwn(NUL_IN_NAME, this.tokStart);
      this.tokQuoted = true;
      return named;
    }
    if (allowNumber && isDigit(c)) {
      // up to 9 digits fit in 32 bits: their value as they are scanned, the checks of idNumber
      // only for longer numbers
      let d = p, v = 0;
      while (isDigit(c)) { v = v * 10 + (c - 48); c = at(b, ++p); }
      this.pos = p;
      this.tokNum = p - d <= 9 ? <i64>v : this.idNumber(d, p);
      return numbered;
    }
    if (!isNameChar(c)) return -1;
    let s = p;
    while (isNameChar(at(b, p))) p++;
    this.pos = p;
    this.tokStr = this.internName(s, p - s);
    return named;
  }

  // The overflows LLVM's lexer reports for a hex FP constant of n digits at d (0xK..: kind 75).
  private checkHexFloat(kind: i32, d: i32, n: i32): i32 {
    let s = this.tokStart;
    if (kind == 75 ? n > 20 : kind == 76 || kind == 77 ? n > 32 : false) {
      this.softError = "constant bigger than 128 bits detected"; this.softErrorAt = s;
    } else if (kind != 75 && kind != 76 && kind != 77) {
      let v = hexIntToVal(this.src + <usize>d, n);
      if (lx.hexOverflow) { this.softError = "constant bigger than 64 bits detected"; this.softErrorAt = s; }
      // LLVM 22 refuses a half or bfloat constant wider than 16 bits (LLVM 19 truncates it)
      else if (kind != 0 && v > 0xffff && has(Feature.HexHalfRange)) {
        return this.failOwn("hexadecimal constant too large for " + (kind == 72 ? "half" : "bfloat") + " (16-bit)", s);
      }
    }
    return T.Float;
  }

  private lexNumber(): i32 {
    // [-+]?[0-9]+ ; floats [-+]?[0-9]+[.][0-9]*([eE][-+]?[0-9]+)? ; hex 0x..., 0xK.., 0xL.., 0xM.., 0xH.., 0xR..
    // label: [0-9]+:
    let s = this.tokStart;
    let b = this.src, p = this.pos;
    let c = at(b, p);
    if (c == 48 && at(b, p + 1) == 120) { // 0x
      p += 2;
      let k = at(b, p);
      let kind = k == 75 || k == 76 || k == 77 || k == 72 || k == 82 ? k : 0; // K L M H R
      if (kind != 0) p++;
      if (!isHex(at(b, p))) { this.pos = p; return this.fail("bad hexadecimal floating point constant", s); }
      let d = p;
      while (isHex(at(b, p))) p++;
      this.pos = p;
      return this.checkHexFloat(kind, d, p - d);
    }
    let neg = false;
    if (c == 45 || c == 43) { neg = c == 45; p++; }
    c = at(b, p);
    if (!isDigit(c)) { this.pos = p; return this.fail("expected number", s); }
    let v: i64 = 0; let big = false;
    while (isDigit(c)) {
      let d = c - 48;
      // v * 10 + d > i64 max  <=>  v > (max - d) / 10
      if (v >= 922337203685477580 && (v > 922337203685477580 || d > 7)) big = true; else v = v * 10 + d;
      c = at(b, ++p);
    }
    if (c == 46) { // float
      p++;
      while (isDigit(at(b, p))) p++;
      c = at(b, p);
      if (c == 101 || c == 69) {
        let q = p + 1;
        if (at(b, q) == 45 || at(b, q) == 43) q++;
        if (isDigit(at(b, q))) { p = q; while (isDigit(at(b, p))) p++; }
      }
      this.pos = p;
      return T.Float;
    }
    if (!neg && c == 58) { // label "N:"
      this.pos = p + 1;
      this.tokNum = this.idNumber(s, p);
      return T.LabelID;
    }
    if (!neg && isNameChar(c)) {
      // Something like 1abc: treat as a label name if followed by ':'
      let q = p; while (isNameChar(at(b, q))) q++;
      if (at(b, q) == 58) { this.tokStr = this.strtab.intern(b + <usize>s, q - s); this.pos = q + 1; return T.LabelStr; }
    }
    this.pos = p;
    this.tokBig = big;
    this.tokNum = neg ? -v : v;
    return T.Int;
  }

  next(): i32 {
    this.tokBig = false; this.tokQuoted = false;
    let b = this.src, p = this.pos;
    let c = 0;
    while (true) {
      // skip white space and comments
      // runs of blanks (label lines pad their `; preds` comment with dozens of them) 8 at a time
      while (load<u64>(b + <usize>p) == 0x2020202020202020) p += 8;
      c = at(b, p);
      while (cls(c) & C_SPACE) c = at(b, ++p);
      if (c == 59) { p = skipComment(b, this.srcLen, p); continue; }
      // a NUL byte inside the input is white space to LLVM (only the buffer's end is EOF)
      if (c == 0 && p < this.srcLen) { p++; continue; }
      break;
    }
    this.tokStart = p;
    if (p >= this.srcLen) { this.pos = p; this.tok = T.EOF; this.tokEnd = p; return T.EOF; }
    let t: i32 = T.Error;
    // `q`: the position after the token so far; cases that call the scanning methods store it
    // in `pos` first and reload it after.
    let q = p + 1;
    switch (c) {
      case 61: t = T.Equal; break;
      case 44: t = T.Comma; break;
      case 42: t = T.Star; break;
      case 91: t = T.LSquare; break;
      case 93: t = T.RSquare; break;
      case 123: t = T.LBrace; break;
      case 125: t = T.RBrace; break;
      case 60: t = T.Less; break;
      case 62: t = T.Greater; break;
      case 40: t = T.LParen; break;
      case 41: t = T.RParen; break;
      case 124: t = T.Bar; break;
      case 58: t = T.Colon; break;
      case 46: {
        if (at(b, q) == 46 && at(b, q + 1) == 46) { q += 2; t = T.DotDotDot; break; }
        // a label like .foo:
        let s = q - 1;
        while (isNameChar(at(b, q))) q++;
        if (at(b, q) == 58) { this.tokStr = this.strtab.intern(b + <usize>s, q - s); q++; t = T.LabelStr; break; }
        this.pos = q; t = this.fail("invalid character", s); break;
      }
      case 37: { // %
        this.pos = q;
        t = this.lexName(T.LocalVar, T.LocalID, true);
        if (t < 0) t = this.fail("invalid local name", this.tokStart);
        q = this.pos; break;
      }
      case 64: { // @
        this.pos = q;
        t = this.lexName(T.GlobalVar, T.GlobalID, true);
        if (t < 0) t = this.fail("invalid global name", this.tokStart);
        q = this.pos; break;
      }
      case 36: { // $
        // a name, or a bareword starting with $
        if (at(b, q) == 34 || isNameChar(at(b, q))) { this.pos = q; t = this.lexName(T.ComdatVar, T.ComdatVar, false); }
        else { this.pos = q - 1; t = this.lexWord(); }
        q = this.pos; break;
      }
      case 33: { // !
        let d = at(b, q);
        if (isDigit(d)) {
          // past 32 bits, opt's parser refuses the number (parse-meta.ts): kept as 2^32 then
          let v: i64 = 0;
          while (isDigit(at(b, q))) { if (v <= 0xffffffff) v = v * 10 + (at(b, q) - 48); q++; }
          this.tokNum = v > 0xffffffff ? 0x100000000 : v; t = T.MetadataID; break;
        }
        if ((d >= 97 && d <= 122) || (d >= 65 && d <= 90) || d == 36 || d == 46 || d == 95 || d == 45 || d == 92) {
          // !name, with \XX escapes allowed
          let scratch = this.scratch;
          scratch.clear();
          while (true) {
            let e = at(b, q);
            if (isNameChar(e)) { scratch.push(<u8>e); q++; continue; }
            if (e == 92 && isHex(at(b, q + 1)) && isHex(at(b, q + 2))) {
              scratch.push(<u8>((hexVal(at(b, q + 1)) << 4) | hexVal(at(b, q + 2)))); q += 3; continue;
            }
            break;
          }
          this.tokStr = this.strtab.intern(scratch.ptr, scratch.len);
          t = T.MetadataVar; break;
        }
        t = T.Exclaim; break;
      }
      case 35: { // #
        if (isDigit(at(b, q))) {
          let d = q;
          while (isDigit(at(b, q))) q++;
          this.tokNum = this.idNumber(d, q); t = T.AttrGrpID; break;
        }
        // #dbg_value and friends: a word starting with '#'
        let s = q - 1;
        while (isWordChar(at(b, q))) q++;
        this.tokStr = this.strtab.intern(b + <usize>s, q - s);
        t = T.Hash; break;
      }
      case 94: { // ^N summary id
        while (isDigit(at(b, q))) q++;
        t = T.SummaryID; break;
      }
      case 34: { // "string" or "label":
        this.pos = q;
        if (!this.readString()) { q = this.pos; t = this.fail("end of file in string constant", this.tokStart); this.lexErrorOwn = true; break; }
        q = this.pos;
        if (at(b, q) == 58) {
          q++;
          if (this.nulInName()) { t = this.failOwn(NUL_IN_NAME, this.tokStart); break; }
          t = T.LabelStr; this.tokQuoted = true; break;
        }
        t = T.String; break;
      }
      default: {
        this.pos = p;
        if (isDigit(c) || c == 45 || c == 43) t = this.lexNumber();
        else t = this.lexWord();
        q = this.pos;
      }
    }
    this.pos = q;
    this.tok = t; this.tokEnd = q;
    return t;
  }

  private lexWord(): i32 {
    let b = this.src, p = this.pos;
    let s = p;
    let c = at(b, p);
    if (!(isWordChar(c) || c == 45)) { this.pos = p + 1; return this.fail("invalid character", s); }
    while (isNameChar(at(b, p))) p++;
    let n = p - s;
    if (at(b, p) == 58) { this.tokStr = this.internName(s, n); this.pos = p + 1; return T.LabelStr; }
    // integer types iN
    if (n >= 2 && c == 105 && isDigit(at(b, s + 1))) {
      let q = s + 1; let w: i64 = 0;
      while (q < p && isDigit(at(b, q))) { w = w * 10 + (at(b, q) - 48); if (w > MAX_INT_BITS) w = MAX_INT_BITS + 1; q++; }
      this.pos = q;
      if (w < 1 || w > MAX_INT_BITS) return this.failOwn("bitwidth for integer type out of range", s);
      this.tokNum = w; return T.IntType;
    }
    this.pos = p;
    // u0x / s0x hexadecimal integers
    if ((c == 117 || c == 115) && at(b, s + 1) == 48 && at(b, s + 2) == 120 && n > 3) { this.tokStr = this.strtab.intern(b + <usize>s, n); this.tokBig = true; return T.Int; }
    this.tokStr = this.internName(s, n);
    return T.Word;
  }

  save(): void { this.savedPos = this.tokStart; }
  restore(): void { this.pos = this.savedPos; this.next(); }

  // 1-based line and column of a byte offset, as opt's diagnostics count them: lines end at
  // '\n' only, a column counts from the last '\n' or '\r' (a CR-only file is one line).
  lineOf(off: i32): i32 {
    let b = this.src, n = this.srcLen, line = 1;
    for (let i = 0; i < off && i < n; i++) if (load<u8>(b + <usize>i) == 10) line++;
    return line;
  }
  colOf(off: i32): i32 {
    let b = this.src, i = off;
    while (i > 0) { let c = load<u8>(b + <usize>(i - 1)); if (c == 10 || c == 13) break; i--; }
    return off - i + 1;
  }
}

// The session's lexer, at a fixed address in static memory: the parser reads the current token
// for nearly every step, and from a constant address that is one load (a heap object's pointer in
// a global costs one more per read, measured as +4% parse instructions). newLexer (text/reset.ts,
// after each arena reset) copies a new Lexer there, so the class's initial values are the reset.
const LEXER_SIZE: i32 = 128;
export const lx: Lexer = changetype<Lexer>(memory.data(LEXER_SIZE, 16));
export function newLexer(strtab: StrTab): Lexer {
  assert(offsetof<Lexer>() <= <usize>LEXER_SIZE);
  memory.copy(changetype<usize>(lx), changetype<usize>(new Lexer(strtab)), offsetof<Lexer>());
  return lx;
}

// The session lexer's entry points, for the parser and the host.
@inline export function next(): i32 { return lx.next(); }
export function save(): void { lx.save(); }
export function restore(): void { lx.restore(); }
export function lexInit(p: usize, n: i32): void { lx.init(p, n); }
// Lexes n bytes at p that the caller has followed by PAD zero bytes (no copy is made).
export function lexInitPadded(p: usize, n: i32): void { lx.paddedPtr = p; lx.paddedLen = n; lx.init(p, n); }
export function allocPaddedInput(len: i32): usize { return lx.allocPaddedInput(len); }
export function lineOf(off: i32): i32 { return lx.lineOf(off); }
export function colOf(off: i32): i32 { return lx.colOf(off); }
