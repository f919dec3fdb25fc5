// Types: primitive keywords, iN, ptr, arrays, vectors, structs, named structs, function types,
// target extension types, and typed-pointer syntax (`T*`, `T addrspace(N)*`) read as ptr.
import { rd } from "./reader";
import { strtab, strtabString } from "../ir/module";
import { allocaAddrSpace, globalsAddrSpace, programAddrSpace } from "../ir/datalayout";
import { I32Vec, U8Vec } from "../util/vec";
import { lx, T, next } from "./lexer";
import { Sym, SYM_DEF, noteUse, noteToken } from "./symbol-index";
import * as K from "./keywords";
import { llvmVersion, has, Feature } from "../ir/version";
import { error, errorI, errorAt, errorAtI, eat, expect, expectWord, isWord, enter, leave, parseUInt32, tokUnsigned64 } from "./pstate";
import { attrKindOf, parseAttrSet, AC_PARAM } from "./parse-attrs";
import { strtab } from "../ir/module";
import {
  TK, T_VOID, T_LABEL, T_METADATA, T_TOKEN, T_HALF, T_BFLOAT, T_FLOAT, T_DOUBLE, T_X86FP80, T_FP128, T_PPCFP128,
  T_X86AMX, T_X86MMX, intType, ptrType, arrayType, vectorType, structType, functionType, newNamedStruct,
  internType, tyKind, tyFlags, TF_HASBODY, TF_OPAQUE, TF_PACKED, setStructBody, setStructOpaque, namedTypeOrder,
  listLen, listAt,
  isValidArgumentType,
} from "../ir/types";

// Named types: by name strId (sparse, grown on demand) and by number (Reader.typeByName, ...).

function lookupNamed(name: i32, number: i64, create: bool): i32 {
  if (name >= 0) {
    if (name >= rd.typeByName.len) rd.typeByName.resize(name + 1, -1);
    let t = rd.typeByName.get(name);
    if (t >= 0 || !create) return t;
    t = newNamedStruct(name, 0);
    rd.typeByName.set(name, t);
    noteNamed(t);
    return t;
  }
  let n = <u32>number;
  let t = rd.typeByNumber.get(n);
  if (t >= 0 || !create) return t;
  t = newNamedStruct(-1, number);
  rd.typeByNumber.set(n, t);
  noteNamed(t);
  return t;
}
function noteNamed(t: i32): void {
  if (t >= rd.typeDefPos.len) rd.typeDefPos.resize(t + 1, -1);
  rd.typeDefPos.set(t, lx.tokStart);
  if (t >= rd.typeDefined.len) rd.typeDefined.resize(t + 1, 0);
}

// Parses a type; returns its id or -1 (error recorded).
export function parseType(allowVoid: bool = true, what: string = "expected type"): i32 {
  if (!enter()) return -1;
  let t = parseTypeInner(allowVoid, what);
  leave();
  return t;
}

function parseTypeInner(allowVoid: bool, what: string): i32 {
  let t = -1;
  let start = lx.tokStart;
  switch (lx.tok) {
    case T.IntType: t = intType(<i32>lx.tokNum); next(); break; // the lexer checked the width
    case T.LSquare: t = parseArrayOrVector(false); break;
    case T.Less: {
      next();
      if (lx.tok == T.LBrace) { // packed struct <{ ... }>
        t = parseStructBody(true);
        if (t < 0) return -1;
        if (!expect(T.Greater, "'>' at end of packed struct")) return -1;
        break;
      }
      t = parseArrayOrVector(true); break;
    }
    case T.LBrace: t = parseStructBody(false); break;
    case T.LocalVar: noteUse(Sym.Type); t = lookupNamed(lx.tokStr, 0, true); next(); break;
    case T.LocalID: noteUse(Sym.Type); t = lookupNamed(-1, lx.tokNum, true); next(); break;
    case T.Word: {
      let w = lx.tokStr;
      if (w == K.KW_void) { t = T_VOID; next(); break; }
      if (w == K.KW_ptr) {
        next();
        let as = 0;
        if (isWord(K.KW_addrspace)) { as = parseAddrSpace(); if (as < 0) return -1; }
        t = ptrType(as);
        // no suffix but a function type's parameters
        if (lx.tok == T.Star) return errorI("ptr* is invalid - use ptr instead");
        if (lx.tok != T.LParen) return t;
        break;
      }
      if (w == K.KW_half) t = T_HALF; else if (w == K.KW_bfloat) t = T_BFLOAT; else if (w == K.KW_float) t = T_FLOAT;
      else if (w == K.KW_double) t = T_DOUBLE; else if (w == K.KW_x86_fp80) t = T_X86FP80; else if (w == K.KW_fp128) t = T_FP128;
      else if (w == K.KW_ppc_fp128) t = T_PPCFP128; else if (w == K.KW_label) t = T_LABEL; else if (w == K.KW_metadata) t = T_METADATA;
      else if (w == K.KW_token) t = T_TOKEN; else if (w == K.KW_x86_amx) t = T_X86AMX; else if (w == K.KW_x86_mmx) {
        // LLVM 20 removed the type (bitcode upgrades it to <1 x i64>; text is rejected)
        if (!has(Feature.X86MMX)) return errorI("'x86_mmx' is not a type from LLVM 20 on (use <1 x i64>); wopt follows LLVM " + llvmVersion.toString());
        t = T_X86MMX;
      }
      else if (w == K.KW_target) { next(); t = parseTargetExt(); if (t < 0) return -1; break; }
      else return errorI(what);
      next(); break;
    }
    default: return errorI(what);
  }
  if (t < 0) return -1;
  // Suffixes: function types, typed pointers.
  while (true) {
    if (lx.tok == T.Star) {
      if (t == T_LABEL) return errorI("basic block pointers are invalid");
      if (t == T_VOID) return errorI("pointers to void are invalid - use i8* instead");
      if (!validPointee(t)) return errorI("pointer to this type is invalid");
      next(); t = ptrType(0); continue;
    }
    if (isWord(K.KW_addrspace)) {
      if (t == T_LABEL) return errorI("basic block pointers are invalid");
      if (t == T_VOID) return errorI("pointers to void are invalid; use i8* instead");
      if (!validPointee(t)) return errorI("pointer to this type is invalid");
      let as = parseAddrSpace(); if (as < 0) return -1;
      if (!expect(T.Star, "'*' in address space")) return -1;
      t = ptrType(as); continue;
    }
    if (lx.tok == T.LParen) { t = parseFunctionType(t); if (t < 0) return -1; continue; }
    break;
  }
  if (!allowVoid && t == T_VOID) { errorAt("void type only allowed for function results", start); return -1; }
  return t;
}

// PointerType::isValidElementType for a typed pointer's pointee (void and label have messages of
// their own).
function validPointee(t: i32): bool { return t != T_METADATA && t != T_TOKEN && t != T_X86AMX; }

// addrspace(N) ; the current token is the keyword.
export function parseAddrSpace(): i32 {
  next();
  if (!expect(T.LParen, "'(' in address space")) return -1;
  if (lx.tok == T.String) { // addrspace("A") / ("G") / ("P"): symbolic, from the data layout
    let s = lx.tokStr, as = -1;
    if (strtab.lenOf(s) == 1) {
      let c = load<u8>(strtab.ptrOf(s));
      as = c == 65 ? allocaAddrSpace() : c == 71 ? globalsAddrSpace() : c == 80 ? programAddrSpace() : -1;
    }
    if (as < 0) return errorI("invalid symbolic addrspace '" + strtabString(s) + "'");
    next(); if (!expect(T.RParen, "')' in address space")) return -1;
    return as;
  }
  if (lx.tok != T.Int) return errorI("expected integer or string constant");
  let loc = lx.tokStart;
  let n = parseUInt32();
  if (n < 0) return -1;
  if (n > 0xffffff) { errorAt("invalid address space, must be a 24-bit integer", loc); return -1; }
  if (!expect(T.RParen, "')' in address space")) return -1;
  return <i32>n;
}

function parseArrayOrVector(isVector: bool): i32 {
  if (!isVector) next(); // '['
  let scalable = false;
  if (isVector && isWord(K.KW_vscale)) {
    next(); if (!expectWord(K.KW_x, "'x' after vscale")) return -1;
    scalable = true;
  }
  // an unsigned count of at most 64 bits (opt's message here is the address space's)
  let sizeOff = lx.tokStart;
  let n = tokUnsigned64();
  if (rd.tokOverflow) return errorI("expected number in address space");
  next();
  if (!expectWord(K.KW_x, "'x' after element count")) return -1;
  let typeOff = lx.tokStart;
  let elt = parseType(false);
  if (elt < 0) return -1;
  if (lx.tok != (isVector ? T.Greater : T.RSquare)) return errorI("expected end of sequential type");
  next();
  if (isVector) {
    if (n == 0) { errorAt("zero element vector is illegal", sizeOff); return -1; }
    if (n > 0xffffffff) { errorAt("size too large for vector", sizeOff); return -1; }
    let k = <i32>tyKind.get(elt);
    if (!(k == TK.Int || k == TK.Ptr || (k >= TK.Half && k <= TK.PPCFP128))) { errorAt("invalid vector element type", typeOff); return -1; }
    return vectorType(elt, <i64>n, scalable);
  }
  let k = <i32>tyKind.get(elt);
  if (k == TK.Void || k == TK.Label || k == TK.Function || k == TK.Metadata || k == TK.Token || k == TK.X86AMX) { errorAt("invalid array element type", typeOff); return -1; }
  return arrayType(elt, <i64>n);
}

// `{ T, T }` (current token '{'); returns an interned literal struct.
function parseStructBody(packed: bool): i32 {
  let base = rd.stack.len;
  if (!parseStructElements()) { rd.stack.len = base; return -1; }
  let t = structType(rd.stack, base, rd.stack.len - base, packed);
  rd.stack.len = base;
  return t;
}
// Pushes element types onto the stack. Current token '{'.
function parseStructElements(): bool {
  next();
  if (eat(T.RBrace)) return true;
  while (true) {
    let eAt = lx.tokStart;
    let e = parseType(false);
    if (e < 0) return false;
    let k = <i32>tyKind.get(e);
    if (k == TK.Label || k == TK.Function || k == TK.Metadata || k == TK.Token) { errorAt("invalid element type for struct", eAt); return false; }
    rd.stack.push(e);
    if (eat(T.Comma)) continue;
    return expect(T.RBrace, "'}' at end of struct");
  }
}

function parseFunctionType(ret: i32): i32 {
  let k = <i32>tyKind.get(ret);
  if (k == TK.Label || k == TK.Metadata || k == TK.Function) return errorI("invalid function return type");
  next(); // '('
  let base = rd.stack.len;
  let vararg = false;
  let badArgAt = -1, badArgName = false;
  if (!eat(T.RParen)) {
    while (true) {
      if (lx.tok == T.DotDotDot) { next(); vararg = true; if (!expect(T.RParen, "')' at end of argument list")) { rd.stack.len = base; return -1; } break; }
      let typeOff = lx.tokStart;
      let p = parseType(false);
      if (p < 0) { rd.stack.len = base; return -1; }
      // read as a function's argument list (LLParser::parseArgumentList), then refused: the first
      // argument with a name or with attributes
      if (lx.tok == T.String || (lx.tok == T.Word && attrKindOf(lx.tokStr) >= 0)) {
        let set = parseAttrSet(AC_PARAM);
        if (rd.failed) { rd.stack.len = base; return -1; }
        if (set >= 0 && badArgAt < 0) { badArgAt = typeOff; badArgName = false; }
      }
      if (lx.tok == T.LocalVar) {
        if (strtab.lenOf(lx.tokStr) > 0 && (badArgAt < 0 || badArgAt == typeOff)) { badArgAt = typeOff; badArgName = true; }
        next();
      } else if (lx.tok == T.LocalID) next();
      // FunctionType::isValidArgumentType, as for a function's own arguments (parse-function.ts)
      let pk = <i32>tyKind.get(p);
      if (!isValidArgumentType(p)) { rd.stack.len = base; return errorAtI("invalid type for function argument", typeOff); }
      rd.stack.push(p);
      if (eat(T.Comma)) continue;
      if (!expect(T.RParen, "')' at end of argument list")) { rd.stack.len = base; return -1; }
      break;
    }
  }
  if (badArgAt >= 0) {
    rd.stack.len = base;
    return errorAtI(badArgName ? "argument name invalid in function type" : "argument attributes invalid in function type", badArgAt);
  }
  let t = functionType(ret, rd.stack, base, rd.stack.len - base, vararg);
  rd.stack.len = base;
  return t;
}

// target("name", types..., ints...) ; current token '('.
function parseTargetExt(): i32 {
  if (!expect(T.LParen, "'(' in target extension type")) return -1;
  if (lx.tok != T.String) return errorI("expected string in target extension type");
  let name = lx.tokStr; next();
  let base = rd.stack.len;
  let nTypes = 0;
  let seenInt = false;
  while (eat(T.Comma)) {
    if (lx.tok == T.Int) { rd.stack.push(<i32>lx.tokNum); next(); seenInt = true; continue; }
    if (seenInt) { rd.stack.len = base; return errorI("expected uint32 param"); }
    let t = parseType(); if (t < 0) { rd.stack.len = base; return -1; }
    rd.stack.push(t); nTypes++;
  }
  if (!expect(T.RParen, "')' in target extension type")) { rd.stack.len = base; return -1; }
  let t = internType(TK.TargetExt, name, nTypes, 0, rd.stack.ptr + (<usize>base << 2), rd.stack.len - base);
  rd.stack.len = base;
  return t;
}

// `%T = type ...` ; current token is the name (LocalVar or LocalID), already known.
export function parseTypeDefinition(name: i32, number: i64): bool {
  let defPos = lx.tokStart;
  noteToken(Sym.Type, SYM_DEF, -1, -1);
  next(); // name
  if (!expect(T.Equal, "'=' after name")) return false;
  if (!expectWord(K.KW_type, name >= 0 ? "'type' after name" : "'type' after '='")) return false;
  // referenced before (a forward reference), or already defined as another type's name
  let before = lookupNamed(name, number, false);
  if (before >= 0 && <i32>tyKind.get(before) != TK.NamedStruct && !rd.linking) return errorAt("redefinition of type", defPos);
  let t = lookupNamed(name, number, true);
  if (rd.typeDefined.get(t) != 0) {
    if (!rd.linking) return errorAt("redefinition of type", defPos);
    // `wopt repo link`: a stored fragment's copy of a type the module has; it must be the same
    let copy = newNamedStruct(-1, 0);
    if (!parseTypeBody(copy, -1, -1, false, defPos)) return false;
    if (!sameStructBody(copy, t)) return errorAt("the type differs from the module's type of that name", defPos);
    return true;
  }
  rd.typeDefined.set(t, 1);
  rd.typeDefPos.set(t, defPos);
  namedTypeOrder.push(t);
  return parseTypeBody(t, name, number, before >= 0, defPos);
}
// The definition's body: opaque, a (packed) struct body, or another type the name stands for.
// (`referenced`: the name was used before its definition; defPos: where the definition starts.)
function parseTypeBody(t: i32, name: i32, number: i64, referenced: bool, defPos: i32): bool {
  if (isWord(K.KW_opaque)) { next(); setStructOpaque(t); return true; }
  let packed = false;
  if (lx.tok == T.Less) { next(); packed = true; }
  if (lx.tok == T.LBrace) {
    let base = rd.stack.len;
    if (!parseStructElements()) { rd.stack.len = base; return false; }
    setStructBody(t, rd.stack, base, rd.stack.len - base, packed);
    rd.stack.len = base;
    if (packed && !expect(T.Greater, "'>' in packed struct")) return false;
    return true;
  }
  // A non-struct type definition (`%T = type i32`, `%V = type <4 x i32>`): an alias for that
  // type, neither referenced before nor recursive.
  if (referenced) return errorAt("forward references to non-struct type", defPos);
  if (name >= 0) rd.typeByName.set(name, -1); else if (number >= 0) rd.typeByNumber.set(<u32>number, -1);
  let other = packed ? parseArrayOrVector(true) : parseType(false);
  if (other < 0) return false;
  if (lookupNamed(name, number, false) >= 0) return errorAt("non-struct types may not be recursive", defPos);
  if (name >= 0) rd.typeByName.set(name, other);
  else if (number >= 0) rd.typeByNumber.set(<u32>number, other);
  if (namedTypeOrder.len > 0 && namedTypeOrder.get(namedTypeOrder.len - 1) == t) namedTypeOrder.pop();
  return true;
}
// Identified structs a and b have the same body (flags and element types).
export function sameStructBody(a: i32, b: i32): bool {
  if (tyKind.get(a) != tyKind.get(b) || (tyFlags.get(a) & (TF_OPAQUE | TF_HASBODY | TF_PACKED)) != (tyFlags.get(b) & (TF_OPAQUE | TF_HASBODY | TF_PACKED))) return false;
  let n = listLen(a);
  if (n != listLen(b)) return false;
  for (let i = 0; i < n; i++) if (listAt(a, i) != listAt(b, i)) return false;
  return true;
}

// After the module: every referenced named struct must have been defined.
export function checkTypesDefined(): bool {
  for (let t = 0; t < rd.typeDefined.len; t++) {
    if (<i32>tyKind.get(t) == TK.NamedStruct && rd.typeDefined.get(t) == 0 && (tyFlags.get(t) & (TF_HASBODY | TF_OPAQUE)) == 0) {
      // find its name for the message
      return false;
    }
  }
  return true;
}
export function firstUndefinedType(): i32 {
  for (let t = 0; t < rd.typeDefined.len; t++) {
    if (<i32>tyKind.get(t) == TK.NamedStruct && rd.typeDefined.get(t) == 0) return t;
  }
  return -1;
}

