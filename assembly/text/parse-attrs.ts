// Attributes: parameter/return/function attribute lists, attribute groups (`attributes #N = {}`),
// and the upgrade of old function memory attributes (readnone, argmemonly, ...) to memory(...).
import { rd, Reader } from "./reader";
import { I32Vec } from "../util/vec";
import { sortStable } from "../util/sort";
import { lx, T, next } from "./lexer";
import { Sym, SYM_DEF, noteUse, noteToken } from "./symbol-index";
import { strtab } from "../ir/module";
import * as K from "./keywords";
import { error, errorI, errorAt, eat, expect, isWord, parseAlignment, parseUInt32, parseUInt64, checkVersion, checkFeature, versionMessage } from "./pstate";
import { encodeAlign } from "../ir/align";
import { attrPositions, ATTR_ON_FN, ATTR_ON_PARAM, ATTR_ON_RET } from "../ir/attr-positions";
import { llvmVersion, has, Feature } from "../ir/version";
import { parseType } from "./parse-types";
import {
  AT, ATTR_KW, attrSets, attrTag, ATTR_ALIGN, ATTR_MEMORY, ATTR_ALLOCSIZE, ATTR_ALIGNSTACK, ATTR_UWTABLE,
  ATTR_VSCALE, ATTR_ALLOCKIND, ATTR_NOFPCLASS, ATTR_READNONE, ATTR_READONLY, ATTR_WRITEONLY, ATTR_NOCAPTURE,
  ATTR_CAPTURES, attrSinceVersion, attrLastVersion, setSize, setTag, setKey, setV0, setV1,
  ME_ALL, memAll, FPCLASS_NAMES, FPCLASS_MASKS, FIRST_RANGELIST_ATTR,
} from "../ir/attributes";
import { TK, tyKind, tyA } from "../ir/types";

export const AC_PARAM = 0, AC_RET = 1, AC_FN = 2, AC_GROUP = 3;
export const AT_GROUPREF: i32 = 7; // unresolved `#N` inside a function attribute set

// A new reader's attribute keywords, by string id.
export function fillAttrKinds(r: Reader): void {
  let kinds = r.kindOfStr;
  for (let i = 0; i < ATTR_KW.length; i++) {
    let s = strtab.internStr(ATTR_KW[i]);
    if (s >= kinds.len) kinds.resize(s + 1, -1);
    kinds.set(s, i);
  }
  r.S_ARGMEMONLY = strtab.internStr("argmemonly"); r.S_INACC = strtab.internStr("inaccessiblememonly");
  r.S_INACC_OR_ARG = strtab.internStr("inaccessiblemem_or_argmemonly");
}
export function attrKindOf(s: i32): i32 { return s < rd.kindOfStr.len ? rd.kindOfStr.get(s) : -1; }

function push(tag: i32, key: i32, v0: i32, v1: i32): void { rd.entries.push(tag); rd.entries.push(key); rd.entries.push(v0); rd.entries.push(v1); }

// Memory effects are encoded as ir/attributes.ts describes (ME_ALL, memAll).
// Locations by keyword, with the first LLVM version that has each.
const MEM_LOCS: string[] = ["argmem", "inaccessiblemem", "errnomem", "", "target_mem0", "target_mem1"];
function modRef(w: i32): i32 {
  if (w == K.KW_none) return 0;
  if (w == K.KW_read) return 1;
  if (w == K.KW_write) return 2;
  if (w == K.KW_readwrite) return 3;
  return -1;
}
function memLocError(): i32 {
  return errorI(has(Feature.ErrnoMem)
    ? "expected memory location (argmem, inaccessiblemem, errnomem) or access kind (none, read, write, readwrite)"
    : "expected memory location (argmem, inaccessiblemem) or access kind (none, read, write, readwrite)");
}
function parseMemory(): i32 {
  if (!expect(T.LParen, "'('")) return -1;
  let me = 0, seenLoc = false;
  while (true) {
    if (lx.tok != T.Word && lx.tok != T.LabelStr) return memLocError();
    if (lx.tok == T.LabelStr) {
      let loc = -1;
      for (let l = 0; l < MEM_LOCS.length; l++) if (MEM_LOCS[l].length > 0 && strtab.eqStr(lx.tokStr, MEM_LOCS[l])) { loc = l; break; }
      if (loc < 0) return memLocError();
      if (loc >= 2 && !checkFeature(loc == 2 ? Feature.ErrnoMem : Feature.TargetMem)) return -1;
      next();
      let mr = lx.tok == T.Word ? modRef(lx.tokStr) : -1;
      if (mr < 0) return errorI("expected access kind (none, read, write, readwrite)");
      next();
      me = (me & ~(3 << (loc * 2))) | (mr << (loc * 2));
      seenLoc = true;
    } else {
      let mr = modRef(lx.tokStr);
      if (mr < 0) {
        // a location without its ':'
        for (let l = 0; l < MEM_LOCS.length; l++) {
          if (MEM_LOCS[l].length == 0 || !strtab.eqStr(lx.tokStr, MEM_LOCS[l])) continue;
          if (l >= 2 && !has(l == 2 ? Feature.ErrnoMem : Feature.TargetMem)) break;
          next();
          return errorI("expected ':' after location");
        }
        return memLocError();
      }
      next();
      // a default kind after a location is an error; after another default it starts over
      if (seenLoc) return errorI("default access kind must be specified first");
      me = memAll(mr);
    }
    if (eat(T.RParen)) return me;
    if (!eat(T.Comma)) break;
  }
  return errorI("unterminated memory attribute");
}

// captures(...): the components that may be captured, for the return value and for the rest.
// Components: address_is_null 1, address 3, read_provenance 4, provenance 12 (LLVM's bits).
const CAPTURE_WORDS: string[] = ["address_is_null", "address", "read_provenance", "provenance"];
const CAPTURE_BITS: i32[] = [1, 3, 4, 12];
// Parses the parenthesised list; returns other | ret << 8, or -1 after an error.
function parseCaptures(): i32 {
  if (!expect(T.LParen, "'('")) return -1;
  let other = 0, ret = -1, cur = 0, inRet = false, sawNone = false;
  while (true) {
    if ((lx.tok == T.Word || lx.tok == T.LabelStr) && strtab.eqStr(lx.tokStr, "ret")) {
      // `ret:` lexes as a label; `ret :` as a word and a colon
      let label = lx.tok == T.LabelStr;
      next();
      if (!label && !expect(T.Colon, "':'")) return -1;
      if (inRet) return errorI("duplicate 'ret' location");
      other = cur;
      inRet = true; cur = 0; sawNone = false;
    }
    if (lx.tok == T.Word && lx.tokStr == K.KW_none) {
      next();
      if (cur != 0) return errorI("cannot use 'none' with other component");
      sawNone = true;
    } else {
      let c = -1;
      if (lx.tok == T.Word) for (let i = 0; i < CAPTURE_WORDS.length; i++) if (strtab.eqStr(lx.tokStr, CAPTURE_WORDS[i])) { c = i; break; }
      if (c < 0) return errorI("expected one of 'none', 'address', 'address_is_null', 'provenance' or 'read_provenance'");
      if (sawNone) return errorI("cannot use 'none' with other component");
      cur |= CAPTURE_BITS[c];
      next();
    }
    if (lx.tok == T.RParen) { next(); break; }
    if (!expect(T.Comma, "',' or ')'")) return -1;
  }
  if (inRet) ret = cur; else { other = cur; ret = cur; }
  return other | (ret << 8);
}

// nofpclass(<mask>) or nofpclass(<word> ...): the test mask, or -1 after an error.
function parseNoFPClass(): i32 {
  if (!expect(T.LParen, "'('")) return -1;
  if (lx.tok == T.Int && <i32>load<u8>(lx.src + <usize>lx.tokStart) != 45) {
    let mask = lx.tokBig ? -1 : lx.tokNum;
    next();
    if (mask <= 0 || (mask & ~0x3ff) != 0) return errorI("invalid mask value for 'nofpclass'");
    if (!expect(T.RParen, "')'")) return -1;
    return <i32>mask;
  }
  let mask = 0;
  while (true) {
    let found = -1;
    if (lx.tok == T.Word) for (let i = 0; i < FPCLASS_NAMES.length; i++) if (strtab.eqStr(lx.tokStr, FPCLASS_NAMES[i])) { found = i; break; }
    if (found < 0) return errorI("expected nofpclass test mask");
    mask |= FPCLASS_MASKS[found];
    next();
    if (eat(T.RParen)) return mask;
  }
}

// ---- range(...) and initializes(...) ----
// Their integers are read as LLVM's lexer reads them (an APSInt: a decimal, or u0x/s0x hex, with
// as many bits as its value needs), then extended to the range's width; the attribute keeps the
// canonical text opt prints (`iN lo, hi`, values signed).

// Reads the current Int token into `rd.wideWords`, `width` bits wide; false (and an error) when it is not an
// integer, or needs more than `width` bits and `strict`.
function intToken(width: i32, strict: bool): bool {
  let p = lx.src + <usize>lx.tokStart, n = lx.tokEnd - lx.tokStart;
  let c0 = lx.tok == T.Int ? <i32>load<u8>(p) : 0;
  if (lx.tok != T.Int || c0 == 43) return error("expected integer"); // LLVM has no '+' integers
  let hex = 0, neg = false, q = 0;
  if ((c0 == 117 || c0 == 115) && n > 3 && <i32>load<u8>(p + 1) == 48 && <i32>load<u8>(p + 2) == 120) { hex = c0 == 117 ? 1 : 2; q = 3; }
  else if (c0 == 45) { neg = true; q = 1; }
  let nd = n - q;
  let tokWords = ((nd * 4 + 31) >> 5) + 1;
  rd.wideCount = ((width + 31) >> 5) > tokWords ? (width + 31) >> 5 : tokWords;
  rd.wideWords = new StaticArray<u32>(rd.wideCount);
  // the magnitude
  for (let i = q; i < n; i++) {
    let c = <i32>load<u8>(p + <usize>i);
    let d: u64 = hex != 0 ? <u64>(c <= 57 ? c - 48 : (c | 32) - 87) : <u64>(c - 48);
    let carry = d;
    for (let k = 0; k < rd.wideCount; k++) {
      let x = <u64>rd.wideWords[k] * (hex != 0 ? 16 : 10) + carry;
      rd.wideWords[k] = <u32>x; carry = x >>> 32;
    }
  }
  // bits the token's value needs, and whether it is signed
  let bits = activeBits();
  let negative = neg;
  if (hex == 2) {
    bits = nd * 4;
    negative = nd > 0 && (rd.wideWords[(bits - 1) >> 5] >>> ((bits - 1) & 31) & 1) != 0;
    if (negative) for (let b = bits; b < rd.wideCount * 32; b++) rd.wideWords[b >> 5] |= 1 << (b & 31);
  } else if (neg && bits > 0) {
    // -m needs the bits of m - 1, and a sign bit
    negate();
    bits = significantBits();
  }
  if (strict && bits > width) return error("integer is too large for the bit width of specified type");
  // keep `width` bits
  for (let b = width; b < rd.wideCount * 32; b++) rd.wideWords[b >> 5] &= ~(1 << (b & 31));
  return true;
}
function activeBits(): i32 {
  for (let k = rd.wideCount - 1; k >= 0; k--) if (rd.wideWords[k] != 0) return k * 32 + 32 - <i32>clz(rd.wideWords[k]);
  return 0;
}
function significantBits(): i32 {
  // of a negative two's complement value: the bits up to and including the highest 0, plus one
  for (let k = rd.wideCount - 1; k >= 0; k--) if (rd.wideWords[k] != 0xffffffff) return k * 32 + 32 - <i32>clz(~rd.wideWords[k]) + 1;
  return 1;
}
function negate(): void {
  let carry: u64 = 1;
  for (let k = 0; k < rd.wideCount; k++) { let x = <u64>(~rd.wideWords[k]) + carry; rd.wideWords[k] = <u32>x; carry = x >>> 32; }
}
// The value in `rd.wideWords` as a signed `width`-bit decimal.
function signedText(width: i32): string {
  let neg = width > 0 && (rd.wideWords[(width - 1) >> 5] >>> ((width - 1) & 31) & 1) != 0;
  if (neg) { negate(); for (let b = width; b < rd.wideCount * 32; b++) rd.wideWords[b >> 5] &= ~(1 << (b & 31)); }
  let digits = "";
  while (true) {
    let r: u64 = 0, nonzero = false;
    for (let k = rd.wideCount - 1; k >= 0; k--) {
      let x = (r << 32) | <u64>rd.wideWords[k];
      rd.wideWords[k] = <u32>(x / 1000000000); r = x % 1000000000;
      if (rd.wideWords[k] != 0) nonzero = true;
    }
    let chunk = r.toString();
    if (nonzero) while (chunk.length < 9) chunk = "0" + chunk;
    digits = chunk + digits;
    if (!nonzero) break;
  }
  return neg ? "-" + digits : digits;
}
// The low 64 bits of `rd.wideWords`.
function low64(): i64 { return rd.wideCount > 1 ? <i64>rd.wideWords[0] | (<i64>rd.wideWords[1] << 32) : <i64>rd.wideWords[0]; }

// range(<iN> lo, hi): the text `iN lo, hi`, or -1 after an error.
function parseRange(): i32 {
  if (!expect(T.LParen, "'('")) return -1;
  let tyAt = lx.tokStart;
  let t = parseType(); if (t < 0) return -1;
  if (<i32>tyKind.get(t) != TK.Int) { errorAt("the range must have integer type!", tyAt); return -1; }
  let width = tyA.get(t);
  if (!intToken(width, true)) return -1;
  let lo = signedText(width);
  next();
  if (!expect(T.Comma, "','")) return -1;
  if (!intToken(width, true)) return -1;
  let hi = signedText(width);
  next();
  if (lo == hi) {
    if (llvmVersion < 22) return errorI("the range should not represent the full or empty set!");
    if (lo != "0") return errorI("the range represent the empty set but limits aren't 0!");
  }
  if (!expect(T.RParen, "')'")) return -1;
  return strtab.internStr("i" + width.toString() + " " + lo + ", " + hi);
}
// initializes((lo, hi), ...): the text `(lo, hi), ...` of ordered, disjoint 64-bit ranges, or -1.
function parseInitializes(): i32 {
  if (!expect(T.LParen, "'('")) return -1;
  let text = "";
  let ok = true, first = true;
  let prevHi: i64 = 0;
  do {
    if (!expect(T.LParen, "'('")) return -1;
    if (!intToken(64, false)) return -1;
    let lo = low64();
    next();
    if (!expect(T.Comma, "','")) return -1;
    if (!intToken(64, false)) return -1;
    let hi = low64();
    next();
    if (lo == hi) return errorI("the range should not represent the full or empty set!");
    if (!expect(T.RParen, "')'")) return -1;
    // ConstantRangeList::getConstantRangeList: each range ascending, after the previous one
    if (lo >= hi || (!first && prevHi >= lo)) ok = false;
    prevHi = hi;
    if (!first) text += ", ";
    text += "(" + lo.toString() + ", " + hi.toString() + ")";
    first = false;
  } while (eat(T.Comma));
  if (!expect(T.RParen, "')'")) return -1;
  if (!ok) return errorI("Invalid (unordered or overlapping) range list");
  return strtab.internStr(text);
}

// allockind("..."): the words, in LLVM's order; -1 after an error (an unknown word).
const K_BUILTIN: i32 = ATTR_KW.indexOf("builtin");
const ALLOCKIND_WORDS: string[] = ["alloc", "realloc", "free", "uninitialized", "zeroed", "aligned"];
function parseAllocKind(): i32 {
  if (!expect(T.LParen, "'('")) return -1;
  if (lx.tok != T.String) return errorI("expected allockind value");
  let at = lx.tokStart;
  let p = strtab.ptrOf(lx.tokStr), n = strtab.lenOf(lx.tokStr);
  let bits = 0, start = 0;
  for (let j = 0; j <= n; j++) {
    if (j < n && <i32>load<u8>(p + <usize>j) != 44) continue;
    let word = String.UTF8.decodeUnsafe(p + <usize>start, <usize>(j - start));
    let k = ALLOCKIND_WORDS.indexOf(word);
    if (k < 0) { errorAt("unknown allockind " + word, at); return -1; }
    bits |= 1 << k;
    start = j + 1;
  }
  next();
  if (!expect(T.RParen, "')'")) return -1;
  let text = "";
  for (let k = 0; k < ALLOCKIND_WORDS.length; k++) {
    if ((bits & (1 << k)) == 0) continue;
    if (text.length > 0) text += ",";
    text += ALLOCKIND_WORDS[k];
  }
  return strtab.internStr(text);
}

// dereferenceable(N), dereferenceable_or_null(N): N as parseUInt64 reads it, not zero.
function parseDerefBytes(): bool {
  if (!expect(T.LParen, "'('")) return false;
  let loc = lx.tokStart;
  if (!parseUInt64()) return false;
  if (!expect(T.RParen, "')'")) return false;
  return rd.uint64Val != 0 || errorAt("dereferenceable bytes must be non-zero", loc);
}

// Parses attributes of one position into a set; returns the set id, -1 when empty (check `failed`).
// Where a context's attributes stand, and opt's word for it.
const CTX_POSITION: i32[] = [ATTR_ON_PARAM, ATTR_ON_RET, ATTR_ON_FN, ATTR_ON_FN];
const CTX_WHERE: string[] = ["parameters", "return values", "functions", "functions"];

// Where the last `builtin` of a function attribute list stands (-1: none): opt rejects it on a
// function's own list (a group may bring it; the verifier reports that).
export function lastBuiltinAt(): i32 { return rd.builtinAt; }

export function parseAttrSet(ctx: i32): i32 {
  rd.entries.clear();
  rd.builtinAt = -1;
  rd.fnAlign = 0; rd.memUpgrade = -1; rd.misplacedAt = -1; rd.groupRefAt = -1;
  while (parseOne(ctx)) {
    // As opt, an attribute in the wrong place is reported once the list is read (the last one
    // wins; a syntax error after it wins too); `align` on a function is its alignment.
    let k = rd.attrKind;
    if (k >= 0 && (attrPositions(llvmVersion, k) & CTX_POSITION[ctx]) == 0 && !(k == ATTR_ALIGN && ctx >= AC_FN)) rd.misplacedAt = rd.attrAt;
  }
  // a group's list ends only at its '}': anything else there is not an attribute
  if (!rd.failed && ctx == AC_GROUP && lx.tok != T.RBrace) error("unterminated attribute group");
  if (!rd.failed && rd.groupRefAt > rd.misplacedAt) errorAt("cannot have an attribute group reference in an attribute group", rd.groupRefAt);
  if (!rd.failed && rd.misplacedAt >= 0) errorAt("this attribute does not apply to " + CTX_WHERE[ctx], rd.misplacedAt);
  if (rd.failed) return -1;
  if (rd.memUpgrade >= 0) push(AT.Int, ATTR_MEMORY, rd.memUpgrade, 0);
  return internSet();
}

// Parses one attribute if the current token starts one.
function parseOne(ctx: i32): bool {
  if (rd.failed) return false;
  rd.attrKind = -1;
  if (lx.tok == T.String) {
    let key = lx.tokStr; next();
    let val = -1;
    if (eat(T.Equal)) { if (lx.tok != T.String) return error("expected string"); val = lx.tokStr; next(); }
    if (val >= 0 && strtab.lenOf(val) == 0) val = -1;   // "k"="" is the attribute "k" in LLVM
    push(AT.String, key, val, 0);
    return true;
  }
  if (lx.tok == T.AttrGrpID) {
    noteUse(Sym.AttrGroup);
    if (ctx == AC_GROUP) { rd.groupRefAt = lx.tokStart; next(); return true; }
    if (ctx != AC_FN) return false;
    push(AT_GROUPREF, <i32>lx.tokNum, 0, 0); next(); return true;
  }
  if (lx.tok != T.Word) return false;
  let w = lx.tokStr;
  let kind = attrKindOf(w);
  rd.attrKind = kind; rd.attrAt = lx.tokStart;
  if (kind < 0) {
    if (ctx == AC_FN || ctx == AC_GROUP) {
      if (w == rd.S_ARGMEMONLY || w == rd.S_INACC || w == rd.S_INACC_OR_ARG) {
        let loc = w == rd.S_ARGMEMONLY ? 3 : w == rd.S_INACC ? 12 : 15; // argmem, inaccessiblemem, both
        if (rd.memUpgrade < 0) rd.memUpgrade = ME_ALL;
        rd.memUpgrade &= loc;
        next(); return true;
      }
    }
    return false;
  }
  if (attrLastVersion(kind) != 0 && llvmVersion > attrLastVersion(kind)) {
    // nocapture: LLVM 21 replaced it by captures(none), and reads it as such on parameters
    // only; elsewhere it is no attribute (the list ends before it)
    if (ctx != AC_PARAM) { rd.attrKind = -1; return false; }
    next(); push(AT.Int, ATTR_CAPTURES, 0, 0); return true;
  }
  if (kind == ATTR_CAPTURES) {
    let at = lx.tokStart;
    next();
    // before LLVM 21 there is no captures(...), not even captures(none): opt-19 refuses it
    if (llvmVersion < attrSinceVersion(kind)) return errorAt(versionMessage("captures(...)", attrSinceVersion(kind)), at);
    let c = parseCaptures(); if (c < 0) return false;
    push(AT.Int, kind, c & 0xff, c >> 8); return true;
  }
  if (!checkVersion(ATTR_KW[kind], attrSinceVersion(kind))) return false;
  next();
  // Alignments are stored encoded (ir/align.ts): the largest, 2^32, does not fit in an i32.
  if (kind == ATTR_ALIGN) {
    let v: i64;
    if (ctx == AC_GROUP) {
      if (!expect(T.Equal, "'=' here")) return false;
      let loc = lx.tokStart;
      v = parseUInt32(); if (v < 0) return false;
      if (v == 0 || (v & (v - 1)) != 0) return errorAt("alignment is not a power of two", loc);
    } else {
      v = parseAlignment(true); if (v < 0) return false;
    }
    if (ctx == AC_FN) { rd.fnAlign = encodeAlign(v); return true; }
    push(AT.Int, kind, encodeAlign(v), 0); return true;
  }
  if (kind == ATTR_ALIGNSTACK) {
    let v: i64;
    if (ctx == AC_GROUP) {
      if (!expect(T.Equal, "'=' here")) return false;
      v = parseUInt32(); if (v < 0) return false;
      if (v == 0) return true; // MaybeAlign(0): no attribute
    } else {
      if (!expect(T.LParen, "'('")) return false;
      let loc = lx.tokStart;
      v = parseUInt32(); if (v < 0) return false;
      if (!expect(T.RParen, "')'")) return false;
      if (v == 0 || (v & (v - 1)) != 0) return errorAt("stack alignment is not a power of two", loc);
    }
    push(AT.Int, kind, encodeAlign(v), 0); return true;
  }
  if ((ctx == AC_FN || ctx == AC_GROUP) && (kind == ATTR_READNONE || kind == ATTR_READONLY || kind == ATTR_WRITEONLY)) {
    let mr = kind == ATTR_READNONE ? 0 : kind == ATTR_READONLY ? 1 : 2;
    let me = memAll(mr);
    rd.memUpgrade = rd.memUpgrade < 0 ? me : rd.memUpgrade & me;
    return true;
  }
  let tag = attrTag(kind);
  if (kind == K_BUILTIN && ctx == AC_FN) rd.builtinAt = rd.attrAt;
  if (tag == AT.Enum) { push(AT.Enum, kind, 0, 0); return true; }
  if (tag == AT.Type) {
    // LLParser::parseRequiredTypeAttr: the type in parentheses, in every version
    if (!expect(T.LParen, "'('")) return false;
    let t = parseType(); if (t < 0) return false;
    if (!expect(T.RParen, "')'")) return false;
    push(AT.Type, kind, t, 0); return true;
  }
  if (tag == AT.Int) {
    if (kind == ATTR_MEMORY) { let me = parseMemory(); if (me < 0) return false; push(AT.Int, kind, me, 0); return true; }
    if (kind == ATTR_NOFPCLASS) { let m = parseNoFPClass(); if (m < 0) return false; push(AT.Int, kind, m, 0); return true; }
    if (kind == ATTR_UWTABLE) {
      let v = 2;
      if (eat(T.LParen)) {
        if (lx.tok == T.Word && strtab.eqStr(lx.tokStr, "sync")) v = 1;
        else if (lx.tok == T.Word && strtab.eqStr(lx.tokStr, "async")) v = 2;
        else return error("expected unwind table kind");
        next(); if (!expect(T.RParen, "')'")) return false;
      }
      push(AT.Int, kind, v, 0); return true;
    }
    if (kind == ATTR_ALLOCKIND) {
      let s = parseAllocKind(); if (s < 0) return false;
      push(AT.Int, kind, s, 0); return true;
    }
    if (kind == ATTR_ALLOCSIZE || kind == ATTR_VSCALE) {
      if (!expect(T.LParen, "'('")) return false;
      let a = parseUInt32(); if (a < 0) return false;
      let b = kind == ATTR_VSCALE ? a : -1;
      if (eat(T.Comma)) {
        let bAt = lx.tokStart;
        b = parseUInt32(); if (b < 0) return false;
        if (kind == ATTR_ALLOCSIZE && b == a) { errorAt("'allocsize' indices can't refer to the same parameter", bAt); return false; }
      }
      if (!expect(T.RParen, "')'")) return false;
      push(AT.Int, kind, <i32>a, <i32>b); return true;
    }
    if (!parseDerefBytes()) return false;
    let v = rd.uint64Val;
    push(AT.Int, kind, <i32>v, <i32>(v >>> 32)); return true;
  }
  // range(...) / initializes(...)
  let text = kind == FIRST_RANGELIST_ATTR ? parseInitializes() : parseRange();
  if (text < 0) return false;
  push(AT.Range, kind, text, 0);
  return true;
}

// Sorts the collected entries in LLVM's order (kind order, then string attributes by key) and
// interns them; later duplicates of a kind or key replace earlier ones.
function internSet(): i32 {
  let n = rd.entries.len >> 2;
  if (n == 0) return -1;
  // Most lists are written in order without repeats (opt prints them so): intern them as they are.
  let ordered = true;
  for (let i = 1; i < n && ordered; i++) ordered = cmpEntry(i - 1, i) < 0;
  if (ordered) return attrSets.internVec(rd.entries, 0, rd.entries.len);
  // entry numbers sorted by (isString, kind | key bytes)
  rd.byOrder.clear();
  for (let i = 0; i < n; i++) rd.byOrder.push(i);
  sortStable<EntryOrder>(rd.byOrder, 0, n, rd.sortTmp);
  // dedupe: keep the last of equal kinds/keys (stable sort keeps source order)
  rd.sorted.clear();
  for (let i = 0; i < n; i++) {
    let e = rd.byOrder.get(i);
    if (i + 1 < n && sameSlot(e, rd.byOrder.get(i + 1))) continue;
    for (let k = 0; k < 4; k++) rd.sorted.push(rd.entries.get(e * 4 + k));
  }
  return attrSets.internVec(rd.sorted, 0, rd.sorted.len);
}
@final class EntryOrder { @inline less(a: i32, b: i32): bool { return cmpEntry(a, b) < 0; } }
function rank(i: i32): i32 { let t = rd.entries.get(i * 4); return t == AT.String ? 1 : (t == AT_GROUPREF ? 2 : 0); }
function cmpEntry(a: i32, b: i32): i32 {
  let ra = rank(a), rb = rank(b);
  if (ra != rb) return ra - rb;
  let ka = rd.entries.get(a * 4 + 1), kb = rd.entries.get(b * 4 + 1);
  if (ra == 1) return strtab.compare(ka, kb);
  return ka - kb;
}
function sameSlot(a: i32, b: i32): bool { return rank(a) == rank(b) && rd.entries.get(a * 4 + 1) == rd.entries.get(b * 4 + 1) && rank(a) != 2; }

// `attributes #N = { ... }`; current token is the keyword.
export function parseAttrGroupDef(): bool {
  let at = lx.tokStart;
  next();
  if (lx.tok != T.AttrGrpID) return error("expected attribute group id");
  noteToken(Sym.AttrGroup, SYM_DEF, -1, -1);
  let n = <i32>lx.tokNum; next();
  if (!expect(T.Equal, "'=' here")) return false;
  if (!expect(T.LBrace, "'{' here")) return false;
  let set = parseAttrSet(AC_GROUP);
  if (rd.failed) return false;
  if (!expect(T.RBrace, "end of attribute group")) return false;
  if (set < 0 || setSize(set) == 0) return errorAt("attribute group has no attributes", at);
  rd.groupSets.set(<u32>n, set);
  return true;
}

// Replaces `#N` references in a function attribute set by the groups' attributes.
export function resolveGroupRefs(set: i32): i32 {
  if (set < 0) return set;
  let n = setSize(set);
  let has = false;
  for (let i = 0; i < n; i++) if (setTag(set, i) == AT_GROUPREF) { has = true; break; }
  if (!has) return set;
  rd.entries.clear();
  for (let i = 0; i < n; i++) {
    if (setTag(set, i) == AT_GROUPREF) {
      let g = setKey(set, i);
      let gs = rd.groupSets.get(<u32>g);
      if (gs == -2 || gs == -1) continue; // LLVM ignores references to undefined groups
      // group attributes come first so explicit ones override them
      let m = setSize(gs);
      for (let j = 0; j < m; j++) push(setTag(gs, j), setKey(gs, j), setV0(gs, j), setV1(gs, j));
    }
  }
  for (let i = 0; i < n; i++) if (setTag(set, i) != AT_GROUPREF) push(setTag(set, i), setKey(set, i), setV0(set, i), setV1(set, i));
  return internSet();
}
