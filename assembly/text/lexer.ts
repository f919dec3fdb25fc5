// Hand-written lexer over the UTF-8 input bytes in linear memory. Barewords, names and strings
// are interned, so the parser compares ids. No AssemblyScript strings on this path.
import { StrTab } from "../util/strtab";
import { U8Vec } from "../util/vec";

export const enum T {
  EOF = 0, Error,
  LocalVar, LocalID, GlobalVar, GlobalID, LabelStr, LabelID, ComdatVar, MetadataVar, MetadataID, AttrGrpID,
  SummaryID, String, Int, Float, IntType, Word,
  Equal, Comma, Star, LSquare, RSquare, LBrace, RBrace, Less, Greater, LParen, RParen, Exclaim, Bar, Colon,
  DotDotDot, Hash,
}

export let src: usize = 0;
export let srcLen: i32 = 0;
export let pos: i32 = 0;
// Current token.
export let tok: i32 = T.EOF;
export let tokStart: i32 = 0;
export let tokEnd: i32 = 0;
export let tokStr: i32 = -1;   // interned id: names, words, string contents (unescaped)
export let tokNum: i64 = 0;    // LocalID/GlobalID/LabelID/MetadataID/AttrGrpID number, IntType width, small Int value
export let tokBig: bool = false; // Int does not fit in i64 (parser re-reads the span)
export let tokQuoted: bool = false; // name came from a quoted string
export let lexError: string = "";
// The lexer error is one LLVM 22 reports itself (an unterminated string), where LLVM 19's parser
// reported what it expected instead.
export let lexErrorOwn: bool = false;
export let strtab: StrTab = new StrTab();
let scratch: U8Vec = new U8Vec(256);

export function setStrTab(t: StrTab): void { strtab = t; clearNameCache(); }

// The lexer reads the input through a window with PAD zero bytes after its end: `ch` needs no
// bounds check (every scanning loop stops at a 0 byte, and look-ahead is at most 3 bytes) and
// short names are read with unaligned 8-byte loads. Buffers from allocPaddedInput already have
// the padding; anything else is copied into a padded buffer first.
export const PAD: i32 = 16;
let paddedPtr: usize = 0;
let paddedLen: i32 = -1;
// A buffer of len bytes followed by PAD zero bytes (for the host's input).
export function allocPaddedInput(len: i32): usize {
  let p = heap.alloc(<usize>(len + PAD));
  memory.fill(p + <usize>len, 0, <usize>PAD);
  paddedPtr = p; paddedLen = len;
  return p;
}
export function lexInit(p: usize, n: i32): void {
  if (p != paddedPtr || n > paddedLen || !padIsZero(p, n)) {
    let q = heap.alloc(<usize>(n + PAD));
    memory.copy(q, p, <usize>n);
    memory.fill(q + <usize>n, 0, <usize>PAD);
    p = q;
  }
  initClasses();
  src = p; srcLen = n; pos = 0; tok = T.EOF; lexError = "";
}
function padIsZero(p: usize, n: i32): bool {
  for (let i = 0; i < PAD; i++) if (load<u8>(p + <usize>(n + i)) != 0) return false;
  return true;
}

// at(): the byte at i of a base the caller holds in a local (hot loops); ch(): of the input.
@inline function at(base: usize, i: i32): i32 { return <i32>load<u8>(base + <usize>i); }
@inline function ch(i: i32): i32 { return at(src, i); }

// Character classes, one byte per character in static memory (not part of the heap arena).
const C_DIGIT: u8 = 1, C_NAME: u8 = 2, C_WORD: u8 = 4, C_HEX: u8 = 8, C_SPACE: u8 = 16;
const classes: usize = memory.data(256);
let classesReady: bool = false;
function initClasses(): void {
  if (classesReady) return;
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
  classesReady = true;
}
@inline function cls(c: i32): i32 { return <i32>load<u8>(classes + <usize>c); }
@inline function isDigit(c: i32): bool { return <u32>(c - 48) <= 9; }
@inline function isHex(c: i32): bool { return (cls(c) & C_HEX) != 0; }
@inline function hexVal(c: i32): i32 { return c <= 57 ? c - 48 : (c <= 70 ? c - 55 : c - 87); }
// Characters allowed in unquoted names: [-a-zA-Z$._0-9]
@inline function isNameChar(c: i32): bool { return (cls(c) & C_NAME) != 0; }
@inline function isWordChar(c: i32): bool { return (cls(c) & C_WORD) != 0; }

// Unquoted names and words of up to 16 bytes (nearly all keywords, types and value names) are
// looked up by their bytes packed into two u64 keys, one compare per probe, before the general
// string table. A miss interns through the string table, so ids do not depend on this cache.
let ncK0: StaticArray<u64> = new StaticArray<u64>(1024);
let ncK1: StaticArray<u64> = new StaticArray<u64>(1024);
let ncId: StaticArray<i32> = new StaticArray<i32>(1024);
let ncMask: i32 = 1023;
let ncCount: i32 = 0;
function clearNameCache(): void {
  ncK0 = new StaticArray<u64>(1024); ncK1 = new StaticArray<u64>(1024); ncId = new StaticArray<i32>(1024);
  ncMask = 1023; ncCount = 0;
}
@inline function lowBytes(x: u64, n: i32): u64 { return n >= 8 ? x : x & ((<u64>1 << (<u64>n << 3)) - 1); }
// Mixes all 128 key bits into the low bits (names often differ only in their last byte, which
// sits in the high bits of a key).
@inline function ncSlot(k0: u64, k1: u64, mask: i32): i32 {
  let x = k0 ^ rotl<u64>(k1, 29);
  x ^= x >>> 32; x *= 0x9E3779B97F4A7C15; x ^= x >>> 29;
  return <i32>x & mask;
}
// The id of the n name characters at src+s (no zero bytes among them).
function internName(s: i32, n: i32): i32 {
  if (n > 16) return strtab.intern(src + <usize>s, n);
  let p = src + <usize>s;
  let k0 = lowBytes(load<u64>(p), n);
  let k1: u64 = n > 8 ? lowBytes(load<u64>(p + 8), n - 8) : 0;
  let mask = ncMask;
  let h = ncSlot(k0, k1, mask);
  while (true) {
    let e = unchecked(ncK0[h]);
    if (e == 0) break;
    if (e == k0 && unchecked(ncK1[h]) == k1) return unchecked(ncId[h]);
    h = (h + 1) & mask;
  }
  let id = strtab.intern(p, n);
  unchecked(ncK0[h] = k0); unchecked(ncK1[h] = k1); unchecked(ncId[h] = id);
  if (++ncCount * 2 > mask) growNameCache();
  return id;
}
function growNameCache(): void {
  let o0 = ncK0, o1 = ncK1, oi = ncId, size = (ncMask + 1) << 1, mask = size - 1;
  ncK0 = new StaticArray<u64>(size); ncK1 = new StaticArray<u64>(size); ncId = new StaticArray<i32>(size);
  for (let i = 0; i <= ncMask; i++) {
    let k0 = unchecked(o0[i]);
    if (k0 == 0) continue;
    let k1 = unchecked(o1[i]);
    let h = ncSlot(k0, k1, mask);
    while (unchecked(ncK0[h]) != 0) h = (h + 1) & mask;
    unchecked(ncK0[h] = k0); unchecked(ncK1[h] = k1); unchecked(ncId[h] = unchecked(oi[i]));
  }
  ncMask = mask;
}

function fail(msg: string, at: i32): i32 { lexError = msg; lexErrorOwn = false; tokStart = at; tok = T.Error; return T.Error; }

// Reads a double-quoted string starting at `pos` (just after the opening quote), unescaping
// \\ and \XX; leaves pos after the closing quote. Returns false when unterminated.
function readString(): bool {
  scratch.clear();
  while (true) {
    if (pos >= srcLen) return false;
    let c = ch(pos);
    if (c == 34) { pos++; break; }
    if (c == 92) {
      let a = ch(pos + 1);
      if (a == 92) { scratch.push(92); pos += 2; continue; }
      if (pos + 2 < srcLen && isHex(a) && isHex(ch(pos + 2))) {
        scratch.push(<u8>((hexVal(a) << 4) | hexVal(ch(pos + 2)))); pos += 3; continue;
      }
      scratch.push(92); pos++; continue;
    }
    scratch.push(<u8>c); pos++;
  }
  tokStr = strtab.intern(scratch.ptr, scratch.len);
  return true;
}

// After a sigil (% @ $ !): a name, a quoted name, or a number. (The scanning loops keep the
// position in a local: `pos` is a WASM global, a memory access on every use.)
function lexName(named: i32, numbered: i32, allowNumber: bool): i32 {
  let b = src, p = pos;
  let c = at(b, p);
  tokQuoted = false;
  if (c == 34) {
    pos = p + 1;
    if (!readString()) return fail("end of file in global variable name", tokStart);
    tokQuoted = true;
    return named;
  }
  if (allowNumber && isDigit(c)) {
    let v: i64 = 0;
    while (isDigit(c)) {
      v = v * 10 + (c - 48); p++;
      if (v > 0x7fffffff) { pos = p; return fail("invalid value number (too large)", tokStart); }
      c = at(b, p);
    }
    pos = p;
    tokNum = v;
    return numbered;
  }
  if (!isNameChar(c)) return -1;
  let s = p;
  while (isNameChar(at(b, p))) p++;
  pos = p;
  tokStr = internName(s, p - s);
  return named;
}

function lexNumber(): i32 {
  // [-+]?[0-9]+ ; floats [-+]?[0-9]+[.][0-9]*([eE][-+]?[0-9]+)? ; hex 0x..., 0xK.., 0xL.., 0xM.., 0xH.., 0xR..
  // label: [0-9]+:
  let s = tokStart;
  let b = src, p = pos;
  let c = at(b, p);
  if (c == 48 && at(b, p + 1) == 120) { // 0x
    p += 2;
    let k = at(b, p);
    if (k == 75 || k == 76 || k == 77 || k == 72 || k == 82) p++; // K L M H R
    if (!isHex(at(b, p))) { pos = p; return fail("bad hexadecimal floating point constant", s); }
    while (isHex(at(b, p))) p++;
    pos = p;
    return T.Float;
  }
  let neg = false;
  if (c == 45 || c == 43) { neg = c == 45; p++; }
  c = at(b, p);
  if (!isDigit(c)) { pos = p; return fail("expected number", s); }
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
    pos = p;
    return T.Float;
  }
  if (!neg && c == 58) { // label "N:"
    pos = p + 1;
    tokNum = v;
    if (big || v > 0x7fffffff) return fail("invalid value number (too large)", s);
    return T.LabelID;
  }
  if (!neg && isNameChar(c)) {
    // Something like 1abc: treat as a label name if followed by ':'
    let q = p; while (isNameChar(at(b, q))) q++;
    if (at(b, q) == 58) { tokStr = strtab.intern(b + <usize>s, q - s); pos = q + 1; return T.LabelStr; }
  }
  pos = p;
  tokBig = big;
  tokNum = neg ? -v : v;
  return T.Int;
}

// The position of the end of the line at p (its '\n' or the end of the input), 8 bytes per step.
function skipComment(p: i32): i32 {
  let b = src, n = srcLen;
  while (p + 8 <= n) {
    let x = load<u64>(b + <usize>p) ^ 0x0A0A0A0A0A0A0A0A;
    if (((x - 0x0101010101010101) & ~x & 0x8080808080808080) != 0) break;
    p += 8;
  }
  while (p < n && at(b, p) != 10) p++;
  return p;
}

export function next(): i32 {
  tokBig = false; tokQuoted = false;
  let b = src, p = pos;
  let c = 0;
  while (true) {
    // skip white space and comments
    // runs of blanks (label lines pad their `; preds` comment with dozens of them) 8 at a time
    while (load<u64>(b + <usize>p) == 0x2020202020202020) p += 8;
    c = at(b, p);
    while (cls(c) & C_SPACE) c = at(b, ++p);
    if (c == 59) { p = skipComment(p); continue; }
    break;
  }
  tokStart = p;
  if (p >= srcLen) { pos = p; tok = T.EOF; tokEnd = p; return tok; }
  let t: i32 = T.Error;
  pos = p + 1;
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
      if (ch(pos) == 46 && ch(pos + 1) == 46) { pos += 2; t = T.DotDotDot; break; }
      // a label like .foo:
      let s = pos - 1;
      while (isNameChar(ch(pos))) pos++;
      if (ch(pos) == 58) { tokStr = strtab.intern(src + <usize>s, pos - s); pos++; t = T.LabelStr; break; }
      t = fail("invalid character", s); break;
    }
    case 37: { // %
      t = lexName(T.LocalVar, T.LocalID, true);
      if (t < 0) t = fail("invalid local name", tokStart);
      break;
    }
    case 64: { // @
      t = lexName(T.GlobalVar, T.GlobalID, true);
      if (t < 0) t = fail("invalid global name", tokStart);
      break;
    }
    case 36: { // $
      if (ch(pos) == 34 || isNameChar(ch(pos))) { t = lexName(T.ComdatVar, T.ComdatVar, false); break; }
      // a bareword starting with $
      pos--; t = lexWord(); break;
    }
    case 33: { // !
      let d = ch(pos);
      if (isDigit(d)) {
        let v: i64 = 0;
        while (isDigit(ch(pos))) { v = v * 10 + (ch(pos) - 48); pos++; if (v > 0x7fffffff) { t = fail("metadata number too large", tokStart); break; } }
        if (t == T.Error && lexError.length > 0) break;
        tokNum = v; t = T.MetadataID; break;
      }
      if ((d >= 97 && d <= 122) || (d >= 65 && d <= 90) || d == 36 || d == 46 || d == 95 || d == 45 || d == 92) {
        // !name, with \XX escapes allowed
        scratch.clear();
        while (true) {
          let e = ch(pos);
          if (isNameChar(e)) { scratch.push(<u8>e); pos++; continue; }
          if (e == 92 && isHex(ch(pos + 1)) && isHex(ch(pos + 2))) {
            scratch.push(<u8>((hexVal(ch(pos + 1)) << 4) | hexVal(ch(pos + 2)))); pos += 3; continue;
          }
          break;
        }
        tokStr = strtab.intern(scratch.ptr, scratch.len);
        t = T.MetadataVar; break;
      }
      t = T.Exclaim; break;
    }
    case 35: { // #
      if (isDigit(ch(pos))) {
        let v: i64 = 0;
        while (isDigit(ch(pos))) { v = v * 10 + (ch(pos) - 48); pos++; if (v > 0x7fffffff) break; }
        tokNum = v; t = T.AttrGrpID; break;
      }
      // #dbg_value and friends: a word starting with '#'
      let s = pos - 1;
      while (isWordChar(ch(pos))) pos++;
      tokStr = strtab.intern(src + <usize>s, pos - s);
      t = T.Hash; break;
    }
    case 94: { // ^N summary id
      while (isDigit(ch(pos))) pos++;
      t = T.SummaryID; break;
    }
    case 34: { // "string" or "label":
      if (!readString()) { t = fail("end of file in string constant", tokStart); lexErrorOwn = true; break; }
      if (ch(pos) == 58) { pos++; t = T.LabelStr; tokQuoted = true; break; }
      t = T.String; break;
    }
    default: {
      pos--;
      if (isDigit(c) || c == 45 || c == 43) { t = lexNumber(); break; }
      t = lexWord();
    }
  }
  tok = t; tokEnd = pos;
  return t;
}

function lexWord(): i32 {
  let b = src, p = pos;
  let s = p;
  let c = at(b, p);
  if (!(isWordChar(c) || c == 45)) { pos = p + 1; return fail("invalid character", s); }
  while (isNameChar(at(b, p))) p++;
  let n = p - s;
  if (at(b, p) == 58) { tokStr = strtab.intern(b + <usize>s, n); pos = p + 1; return T.LabelStr; }
  // integer types iN
  if (n >= 2 && c == 105 && isDigit(at(b, s + 1))) {
    let q = s + 1; let w: i64 = 0;
    while (q < p && isDigit(at(b, q))) { w = w * 10 + (at(b, q) - 48); if (w > 0xffffff) w = 0x1000000; q++; }
    pos = q;
    tokNum = w; return T.IntType;
  }
  pos = p;
  // u0x / s0x hexadecimal integers
  if ((c == 117 || c == 115) && at(b, s + 1) == 48 && at(b, s + 2) == 120 && n > 3) { tokStr = strtab.intern(b + <usize>s, n); tokBig = true; return T.Int; }
  tokStr = internName(s, n);
  return T.Word;
}

// Saved lexer state, for the rare one-token look-ahead.
export let savedPos: i32 = 0;
export function save(): void { savedPos = tokStart; }
export function restore(): void { pos = savedPos; next(); }

// 1-based line and column of a byte offset.
export function lineOf(off: i32): i32 {
  let line = 1;
  for (let i = 0; i < off && i < srcLen; i++) if (load<u8>(src + <usize>i) == 10) line++;
  return line;
}
export function colOf(off: i32): i32 {
  let i = off;
  while (i > 0 && load<u8>(src + <usize>(i - 1)) != 10) i--;
  return off - i + 1;
}

// Re-creates this file's scratch buffers after an arena reset.
export function resetLexer(): void {
  scratch = new U8Vec(256);
  clearNameCache();
  paddedPtr = 0; paddedLen = -1;
}
