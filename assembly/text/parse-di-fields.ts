// Validation of specialized debug-info node fields (`!DIThing(field: value, ...)`) as the target
// version's opt parser does it: known classes, known fields, no duplicates, required fields, and
// each value's kind and limits, with opt's messages at opt's positions. The facts come from the
// generated table ir/di-fields.ts (tools/gen-di-fields.mjs probes opt); parse-meta.ts keeps each
// value as raw text or a metadata operand, and parse-di-canon.ts then puts the node in the form opt
// prints (ir/di-printed.ts). The table also holds parse-di-canon.ts's per-module lookups.
import { lx, T, next } from "./lexer";
import { rd } from "./reader";
import { strtab, strtabString } from "../ir/module";
import { llvmVersion } from "../ir/version";
import { error, errorAt } from "./pstate";
import * as K from "./keywords";
import { I32Vec } from "../util/vec";
import { DI_CLASSES_19, DI_CLASSES_22, DI_ENUMS_19, DI_ENUMS_22 } from "../ir/di-fields";

// Value kinds; the enumerated kinds of the version's enum table follow from K_ENUM on.
export const K_U = 0, K_S = 1, K_B = 2, K_STR = 3, K_MD = 4, K_UMD = 5, K_SMD = 6, K_INT = 7, K_LIST = 8, K_WORD = 9, K_ENUM = 16;
// Classes of wopt's own that opt does not know, in the table's form: the program repository's
// definition records (link/repo-tickets.ts), with a linkage and a visibility as bare words.
const EXTENSIONS: string[] = ["RepoDefinition name:str digest:md linkage:word visibility:word pruned:b"];
const F_REQUIRED = 1, F_BANG = 2;

// The table of the current version, built on first use after each reset (build()), at a fixed
// address in static memory: the parser asks it about every field of every debug-info node.
@final class DIFieldTable {
  built: bool = false;
  clsByName: Map<i32, i32> = new Map();
  clsFirst: i32[] = []; clsCount: i32[] = [];
  fName: i32[] = []; fKind: i32[] = []; fFlags: i32[] = [];
  fMin: i64[] = []; fMax: u64[] = []; fMinText: string[] = []; fMaxText: string[] = [];
  eKindName: string[] = []; ePrefix: string[] = []; eWords: i32[][] = [];
  eExpected: string[] = []; eInvalid: string[] = [];
  enumNames: Map<i32, i32> = new Map(); // name strId -> bit set of the enum kinds it is valid for
  // the printed form (parse-di-canon.ts, from ir/di-printed.ts), per class: -1 when kept as given
  pFirst: i32[] = []; pCount: i32[] = []; pName: i32[] = []; pRule: i32[] = []; pDflt: i32[] = [];
  pKind: i32[] = [];
  canonOut: I32Vec = new I32Vec(64);
  idZero: i32 = 0; idFalse: i32 = 0; idTrue: i32 = 0; idEmpty: i32 = 0; idSPFlags: i32 = 0; idVirtualIndex: i32 = 0; spClass: i32 = -1;
  derivedClass: i32 = -1; objcClass: i32 = -1; fixedPointClass: i32 = -1; flagsKind: i32 = -1;
  subrangeClass: i32 = -1; subrangeTypeClass: i32 = -1;
  flagCanon: Map<i32, i32> = new Map(); spFlagText: Map<i32, i32> = new Map(); idPtrAuthTag: i32 = 0; idPtrAuthKey: i32 = 0;
  flagIds: Map<i32, i64> = new Map();   // a flags field's text -> its value (DIFlags, or DISPFlags + 2^40)
  dwarfNames: Set<i32> = new Set();      // the DW_* names of ir/dwarf-names.ts (parse-di-checks.ts), on first use
}
const DI_FIELD_TABLE_SIZE: usize = 256;
export const dif: DIFieldTable = changetype<DIFieldTable>(memory.data(<i32>DI_FIELD_TABLE_SIZE, 16));

export function resetDIFields(): void {
  assert(offsetof<DIFieldTable>() <= DI_FIELD_TABLE_SIZE);
  memory.copy(changetype<usize>(dif), changetype<usize>(new DIFieldTable()), offsetof<DIFieldTable>());
}

function build(): void {
  dif.built = true;
  let v22 = llvmVersion >= 22;
  let enums = v22 ? DI_ENUMS_22 : DI_ENUMS_19;
  for (let i = 0; i < enums.length; i++) {
    let p = enums[i].split("|");
    dif.eKindName.push(p[0]); dif.ePrefix.push(p[1]);
    dif.eExpected.push(expectedMessage(p[0], p[3])); dif.eInvalid.push(p[4]);
    let words: i32[] = [];
    if (p[2].length > 0) { let w = p[2].split(" "); for (let j = 0; j < w.length; j++) words.push(strtab.internStr(w[j])); }
    dif.eWords.push(words);
    if (p[5].length == 0) continue;
    let names = p[5].split(" ");
    for (let j = 0; j < names.length; j++) {
      let id = strtab.internStr(names[j]);
      dif.enumNames.set(id, (dif.enumNames.has(id) ? dif.enumNames.get(id) : 0) | (1 << i));
    }
  }
  let classes = (v22 ? DI_CLASSES_22 : DI_CLASSES_19).concat(EXTENSIONS);
  for (let i = 0; i < classes.length; i++) {
    let parts = classes[i].split(" ");
    dif.clsByName.set(strtab.internStr(parts[0]), i);
    dif.clsFirst.push(dif.fName.length);
    let n = 0;
    for (let j = 1; j < parts.length; j++) {
      let s = parts[j];
      if (s == "-") { n = -1; break; } // takes no fields
      let flags = 0;
      if (s.charCodeAt(0) == 42) { flags |= F_REQUIRED; s = s.substring(1); }
      let a = s.split(":");
      let kind = a[1];
      if (kind.endsWith("!")) { flags |= F_BANG; kind = kind.substring(0, kind.length - 1); }
      dif.fName.push(strtab.internStr(a[0])); dif.fFlags.push(flags); dif.fKind.push(kindCode(kind));
      let minT = "", maxT = "";
      if (kind == "s" || kind == "smd") { minT = a[2]; maxT = a[3]; } else if (a.length > 2) maxT = a[2];
      dif.fMinText.push(minT); dif.fMaxText.push(maxT);
      dif.fMin.push(minT.length > 0 ? I64.parseInt(minT) : i64.MIN_VALUE);
      dif.fMax.push(maxT.length > 0 ? U64.parseInt(maxT) : u64.MAX_VALUE);
      n++;
    }
    dif.clsCount.push(n);
  }
}
// LLParser's messages for a value that is not of the kind (parseMDField of DwarfTagField, ...) and
// for a name of the kind it does not know (the generated table has the same text, which serves
// a kind not listed here). Emission, nameTable and fixed-point kinds have only the first: opt's
// lexer makes a token of those kinds of their known names alone.
function expectedMessage(kind: string, table: string): string {
  if (kind == "tag") return "expected DWARF tag";
  if (kind == "ate") return "expected DWARF type attribute encoding";
  if (kind == "virt") return "expected DWARF virtuality code";
  if (kind == "lang") return "expected DWARF language";
  if (kind == "lname") return "expected DWARF source language name";
  if (kind == "cc") return "expected DWARF calling convention";
  if (kind == "macinfo") return "expected DWARF macinfo type";
  if (kind == "enumkind") return "expected DWARF enum kind code";
  if (kind == "emission") return "expected emission kind";
  if (kind == "nametable") return "expected nameTable kind";
  if (kind == "fixedpoint") return "expected fixed-point kind";
  if (kind == "flags" || kind == "spflags") return "expected debug info flag";
  return table;
}
function invalidMessage(e: i32, word: string): string {
  let kind = dif.eKindName[e];
  if (kind == "tag") return "invalid DWARF tag '" + word + "'";
  if (kind == "ate") return "invalid DWARF type attribute encoding '" + word + "'";
  if (kind == "virt") return "invalid DWARF virtuality code '" + word + "'";
  if (kind == "lang") return "invalid DWARF language '" + word + "'";
  if (kind == "lname") return "invalid DWARF source language name '" + word + "'";
  if (kind == "cc") return "invalid DWARF calling convention '" + word + "'";
  if (kind == "macinfo") return "invalid DWARF macinfo type '" + word + "'";
  if (kind == "enumkind") return "invalid DWARF enum kind code '" + word + "'";
  if (kind == "flags") return "invalid debug info flag '" + word + "'";
  if (kind == "spflags") return "invalid subprogram debug info flag '" + word + "'";
  if (kind == "csk") return "invalid checksum kind '" + word + "'";
  return dif.eInvalid[e] + " '" + word + "'";
}
function kindCode(k: string): i32 {
  if (k == "u") return K_U; if (k == "s") return K_S; if (k == "b") return K_B; if (k == "str") return K_STR;
  if (k == "md") return K_MD; if (k == "umd") return K_UMD; if (k == "smd") return K_SMD;
  if (k == "int") return K_INT; if (k == "list") return K_LIST; if (k == "word") return K_WORD;
  for (let i = 0; i < dif.eKindName.length; i++) if (dif.eKindName[i] == k) return K_ENUM + i;
  return K_INT;
}

// The class index of a node's name (strId), or -1 after "expected metadata type" at `off`.
export function diClass(cls: i32, off: i32): i32 {
  if (!dif.built) build();
  if (dif.clsByName.has(cls)) return dif.clsByName.get(cls);
  errorAt("expected metadata type", off);
  return -1;
}
// The kind (K_...) of the field named strId `name` in class c, or -1.
export function diKindOf(c: i32, name: i32): i32 {
  let first = unchecked(dif.clsFirst[c]), n = unchecked(dif.clsCount[c]);
  for (let i = 0; i < n; i++) if (unchecked(dif.fName[first + i]) == name) return unchecked(dif.fKind[first + i]);
  return -1;
}
// A class that takes no fields at all (`distinct !DIAssignID()`).
export function diNoFields(c: i32): bool { return dif.clsCount[c] < 0; }

// The field index of label strId `name` (the current token) in class c; -1 after an error. `seen`
// holds the fields already given (bit i: field clsFirst[c] + i).
// The tables are read unchecked on the hot path (every field of every debug-info node): c is a
// class the parser found in clsByName and i < clsCount[c], so every index is inside them.
export function diField(c: i32, name: i32, seen: u64): i32 {
  let first = unchecked(dif.clsFirst[c]), n = unchecked(dif.clsCount[c]);
  for (let i = 0; i < n; i++) {
    if (unchecked(dif.fName[first + i]) != name) continue;
    if ((seen & (<u64>1 << <u64>i)) != 0) { error("field '" + strtabString(name) + "' cannot be specified more than once"); return -1; }
    return i;
  }
  error("invalid field '" + strtabString(name) + "'");
  return -1;
}
// After the node's ')' (at closeOff): the first required field not given.
export function diRequired(c: i32, seen: u64, closeOff: i32): bool {
  let first = unchecked(dif.clsFirst[c]), n = unchecked(dif.clsCount[c]);
  for (let i = 0; i < n; i++) {
    if ((unchecked(dif.fFlags[first + i]) & F_REQUIRED) != 0 && (seen & (<u64>1 << <u64>i)) == 0)
      return errorAt("missing required field '" + strtabString(dif.fName[first + i]) + "'", closeOff);
  }
  return true;
}

// What the caller does with the value of field i of class c, checked here up to where it can be:
export const V_ERROR = 0;   // an error was reported
export const V_MD = 1;      // a metadata operand: parse it as one (`!N`, `!{...}`, `!"s"`, `!DI...(...)`, null)
export const V_TYPED = 2;   // a typed value (`i32 7`) as metadata: parse it, keep its text
export const V_RAW = 3;     // consumed here; the text runs from the value's start to rd.rawEnd
export const V_LIST = 4;    // `{...}` operands: parse them, keep their text

export function diValue(c: i32, i: i32): i32 {
  let f = unchecked(dif.clsFirst[c]) + i;
  let k = unchecked(dif.fKind[f]);
  let t = lx.tok;
  switch (k) {
    case K_U: return unsignedValue(f) ? V_RAW : V_ERROR;
    case K_S: return signedValue(f) ? V_RAW : V_ERROR;
    case K_INT: return t == T.Int ? take() : fail("expected integer");
    case K_WORD: return t == T.Word ? take() : fail("expected identifier");
    case K_B: return t == T.Word && (lx.tokStr == K.KW_true || lx.tokStr == K.KW_false) ? take() : fail("expected 'true' or 'false'");
    case K_STR: {
      if (t != T.String) return fail("expected string constant");
      if ((dif.fFlags[f] & F_BANG) != 0 && strtab.lenOf(lx.tokStr) == 0) return fail("'" + strtabString(dif.fName[f]) + "' cannot be empty");
      return take();
    }
    case K_LIST: return t == T.LBrace ? V_LIST : fail("expected '{' here");
    case K_UMD: if (t == T.Int) return unsignedValue(f) ? V_RAW : V_ERROR; break;
    case K_SMD: if (t == T.Int) return signedValue(f) ? V_RAW : V_ERROR; break;
    case K_MD: break;
    default: return enumValue(f, k - K_ENUM);
  }
  // metadata
  if (t == T.Word && lx.tokStr == K.KW_null) {
    return (dif.fFlags[f] & F_BANG) != 0 ? fail("'" + strtabString(dif.fName[f]) + "' cannot be null") : V_MD;
  }
  if (t == T.MetadataID || t == T.Exclaim || t == T.MetadataVar) return V_MD;
  return startsType() ? V_TYPED : fail("expected metadata operand");
}

@inline function fail(msg: string): i32 { error(msg); return V_ERROR; }
function take(): i32 { rd.rawEnd = lx.tokEnd; next(); return V_RAW; }

// Tokens a type can start with (opt reads a typed value as metadata from them).
function startsType(): bool {
  let t = lx.tok;
  if (t == T.IntType || t == T.LSquare || t == T.Less || t == T.LBrace || t == T.LocalVar || t == T.LocalID) return true;
  if (t != T.Word) return false;
  let w = lx.tokStr;
  return w == K.KW_void || w == K.KW_ptr || w == K.KW_label || w == K.KW_metadata || w == K.KW_token ||
    w == K.KW_half || w == K.KW_bfloat || w == K.KW_float || w == K.KW_double || w == K.KW_x86_fp80 ||
    w == K.KW_fp128 || w == K.KW_ppc_fp128 || w == K.KW_x86_amx || w == K.KW_target;
}

// ---- integers: an APSInt token read as sign, magnitude and whether it exceeds 64 bits ----
export function readIntToken(): void { readInt(); }
function readInt(): void {
  let l = lx;
  let p = l.src + <usize>l.tokStart, n = l.tokEnd - l.tokStart;
  rd.intNeg = false; rd.intSigned = false; rd.intOver = false; rd.intMag = 0;
  let c0 = <i32>load<u8>(p);
  if ((c0 == 117 || c0 == 115) && n > 2 && load<u8>(p + 1) == 48 && load<u8>(p + 2) == 120) {
    // u0x / s0x: hexadecimal; s0x is two's complement in 4 bits per digit
    rd.intSigned = c0 == 115;
    let digits = n - 3;
    for (let i = 3; i < n; i++) {
      let c = <i32>load<u8>(p + <usize>i);
      let d = c <= 57 ? c - 48 : (c | 32) - 87;
      if ((rd.intMag >>> 60) != 0) rd.intOver = true;
      rd.intMag = (rd.intMag << 4) | <u64>d;
    }
    let hi = <i32>load<u8>(p + 3);
    let hiDigit = hi <= 57 ? hi - 48 : (hi | 32) - 87;
    if (rd.intSigned && hiDigit >= 8) {
      rd.intNeg = true;
      if (digits > 16) rd.intOver = true;
      else rd.intMag = digits == 16 ? ~rd.intMag + 1 : (<u64>1 << <u64>(4 * digits)) - rd.intMag;
    }
    return;
  }
  let i = 0;
  if (c0 == 45) { rd.intNeg = true; rd.intSigned = true; i = 1; }
  for (; i < n; i++) {
    let d = <u64>(<i32>load<u8>(p + <usize>i) - 48);
    if (rd.intMag > 1844674407370955161 || (rd.intMag == 1844674407370955161 && d > 5)) rd.intOver = true;
    rd.intMag = rd.intMag * 10 + d;
  }
}
function unsignedValue(f: i32): bool {
  if (lx.tok != T.Int) return error("expected unsigned integer");
  readInt();
  if (rd.intSigned) return error("expected unsigned integer");
  if (rd.intOver || rd.intMag > dif.fMax[f]) return error("value for '" + strtabString(dif.fName[f]) + "' too large, limit is " + dif.fMaxText[f]);
  take();
  return true;
}
function signedValue(f: i32): bool {
  if (lx.tok != T.Int) return error("expected signed integer");
  readInt();
  let min = dif.fMin[f], max = dif.fMax[f];
  let small = min < 0 ? rd.intNeg && (rd.intOver || rd.intMag > <u64>(-min)) : (rd.intNeg && rd.intMag != 0) || (!rd.intNeg && rd.intMag < <u64>min);
  if (small) return error("value for '" + strtabString(dif.fName[f]) + "' too small, limit is " + dif.fMinText[f]);
  if (!rd.intNeg && (rd.intOver || rd.intMag > max)) return error("value for '" + strtabString(dif.fName[f]) + "' too large, limit is " + dif.fMaxText[f]);
  take();
  return true;
}

// ---- enumerated kinds ----
// The enum kind (index) opt's lexer makes of the current word, or -1.
function wordKind(): i32 {
  if (lx.tok != T.Word) return -1;
  let w = lx.tokStr;
  for (let e = 0; e < dif.ePrefix.length; e++) {
    if (dif.ePrefix[e].length > 0) { if (strtab.startsWithStr(w, dif.ePrefix[e])) return e; continue; }
    let words = dif.eWords[e];
    for (let j = 0; j < words.length; j++) if (words[j] == w) return e;
  }
  return -1;
}
@inline function validName(e: i32): bool { let w = lx.tokStr; return dif.enumNames.has(w) && (dif.enumNames.get(w) & (1 << e)) != 0; }

function enumValue(f: i32, e: i32): i32 {
  let kind = dif.eKindName[e];
  if (kind == "csk") {
    if (wordKind() == e && validName(e)) return take();
    let s = lx.tok == T.Word || lx.tok == T.String ? strtabString(lx.tokStr) : "";
    return fail(invalidMessage(e, s));
  }
  if (kind == "flags" || kind == "spflags") {
    // flags joined by '|': unsigned 32-bit numbers or names
    while (true) {
      let num = lx.tok == T.Int;
      if (num) readInt();
      if (num && !rd.intSigned) {
        if (rd.intOver || rd.intMag > 0xffffffff) return fail("expected 32-bit integer (too large)");
      } else if (wordKind() != e) return fail(dif.eExpected[e]);
      else if (!validName(e)) return fail(invalidMessage(e, strtabString(lx.tokStr)));
      take();
      if (lx.tok != T.Bar) return V_RAW;
      next();
    }
  }
  if (lx.tok == T.Int) return unsignedValue(f) ? V_RAW : V_ERROR;
  if (wordKind() != e) return fail(dif.eExpected[e]);
  if (!validName(e)) return fail(invalidMessage(e, strtabString(lx.tokStr)));
  return take();
}
