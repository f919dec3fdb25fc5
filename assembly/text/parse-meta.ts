// Metadata: node definitions (`!N = [distinct] !{...}` / `!DIThing(...)`), named metadata,
// operands (`!N`, `!{...}`, `!"str"`, `T v`, `!DIExpression(...)`, `!DIArgList(...)`),
// attachments (`!dbg !N`) and debug records (`#dbg_value(...)`).
import { rd, fnScope, Reader } from "./reader";
import { lx, T, next } from "./lexer";
import { Sym, SYM_DEF, noteUse, noteToken, noteAt } from "./symbol-index";
import { strtab } from "../ir/module";
import * as K from "./keywords";
import { error, errorI, errorAt, eat, expect, isWord, enter, leave, checkFeature } from "./pstate";
import { Feature } from "../ir/version";
import { parseType } from "./parse-types";
import { parseValue } from "./parse-values";
import {
  MK, MDF_DISTINCT, mdKind, mdFlags, mdA, mdOps, mdNOps, mdPool, mdByNumber, newMD, FV_MD, FV_RAW,
  nmdName, nmdOps, nmdNOps, nmdPool, mdKindName, FIXED_MD_KINDS, addAttachment, drKind, drOps, drNOps,
  drPool, newDebugRecord, DR, attachmentKind,
} from "../ir/metadata";
import { diClass, diNoFields, diField, diRequired, diValue, V_ERROR, V_MD, V_TYPED, V_LIST } from "./parse-di-fields";
import { canonicalDIFields } from "./parse-di-canon";
import { diDistinctBefore, diNodeAfter, checkDIExpressionBody } from "./parse-di-checks";
import { T_METADATA, T_VOID, T_LABEL } from "../ir/types";
import { reading, mdForValueId, mdForStringId } from "../ir/module-reading";

// A new reader's metadata field name (after those of ir/module-reading.ts); the fixed attachment
// kinds registered in their order.
export function fillMetaKinds(r: Reader): void {
  r.S_HEADER = strtab.internStr("header");
  for (let i = 0; i < FIXED_MD_KINDS.length; i++) attachmentKind(strtab.internStr(FIXED_MD_KINDS[i]));
}
// A module's parse starts outside any node.
export function resetNodeDepth(): void { rd.nodeDepth = 0; }

// The number of the current `!N` token, or -1 after opt's error for one past 32 bits.
function mdNumber(): i64 {
  if (lx.tokNum > 0xffffffff) { errorAt("expected 32-bit integer (too large)", lx.tokStart + 1); return -1; }
  return lx.tokNum;
}
// `!N` reference (the current token): the node with that number, a forward placeholder when not
// yet defined; -1 after an error.
function mdRefHere(): i32 {
  if (lx.tok == T.MetadataID) noteUse(Sym.Metadata);
  let n = mdNumber();
  return n < 0 ? -1 : mdRef(<i32>n);
}
function mdRef(n: i32): i32 {
  let m = mdByNumber.get(<u32>n);
  if (m >= 0) return m;
  m = newMD(MK.Forward, n);
  mdByNumber.set(<u32>n, m);
  // LLVM lexes `!N` as '!' and a number, and reports the number
  rd.mdForwardPos.set(<u32>n, lx.tok == T.MetadataID ? lx.tokStart + 1 : lx.tokStart);
  return m;
}

function setOps(m: i32, base: i32): void {
  let n = rd.mdStack.len - base;
  mdOps.set(m, mdPool.len);
  for (let i = 0; i < n; i++) mdPool.push(rd.mdStack.get(base + i));
  mdNOps.set(m, n);
  rd.mdStack.len = base;
}

// Any metadata operand; -1 for `null` inside a node (check `failed` to tell errors apart).
export function parseMetadataOperand(): i32 {
  if (!enter()) return -1;
  let m = parseMetadataInner(-1);
  leave();
  return m;
}

// target >= 0: fill that (forward) node instead of creating a new one (used by definitions).
function parseMetadataInner(target: i32): i32 {
  if (lx.tok == T.MetadataID) { let m = mdRefHere(); if (m < 0) return -1; next(); return m; }
  if (lx.tok == T.Exclaim) {
    next();
    if (lx.tok == T.String) { let m = mdForStringId(lx.tokStr); next(); return m; }
    if (lx.tok == T.LBrace) return parseTuple(target);
    return errorI("expected metadata operand");
  }
  if (lx.tok == T.MetadataVar) return parseSpecialized(target, false);
  if (lx.tok == T.Word && lx.tokStr == K.KW_null) { next(); return -1; }
  return parseValueAsMetadata("expected metadata operand");
}

// `T v`: a value as metadata (LLParser::parseValueAsMetadata; `what` when there is no type).
function parseValueAsMetadata(what: string): i32 {
  let tyAt = lx.tokStart;
  let t = parseType(false, what);
  if (t < 0) return -1;
  if (t == T_METADATA) { errorAt("invalid metadata-value-metadata roundtrip", tyAt); return -1; }
  if (t == T_LABEL) return errorI("invalid type for metadata value");
  // a function's own values only where LLParser has the function: not inside a node
  if ((lx.tok == T.LocalVar || lx.tok == T.LocalID) && (rd.nodeDepth > 0 || !fnScope.inFunction)) {
    return errorI("invalid use of function-local name");
  }
  let v = parseValue(t);
  if (v < 0) return -1;
  return mdForValueId(v);
}

// Comma-separated metadata operands up to and including `close`, pushed on mdStack; on an error
// the stack is left as it was.
function parseOperandList(close: T, what: string): bool {
  let base = rd.mdStack.len;
  if (lx.tok != close) {
    while (true) {
      let m = parseMetadataOperand();
      if (rd.failed) { rd.mdStack.len = base; return false; }
      rd.mdStack.push(m);
      if (!eat(T.Comma)) break;
    }
  }
  if (!expect(close, what)) { rd.mdStack.len = base; return false; }
  return true;
}

// Nodes being parsed (tuples and specialized nodes): their operands cannot be function-local.
function parseTuple(target: i32): i32 {
  next(); // '{'
  let base = rd.mdStack.len;
  rd.nodeDepth++;
  let ok = parseOperandList(T.RBrace, "end of metadata node");
  rd.nodeDepth--;
  if (!ok) return -1;
  let m = target >= 0 ? target : newMD(MK.Tuple, -1);
  mdKind.set(m, <u8>MK.Tuple); mdA.set(m, -1);
  setOps(m, base);
  return m;
}

// !DIThing(field: value, ...), !DIExpression(...), !DIArgList(...)
function parseSpecialized(target: i32, distinct: bool): i32 {
  let cls = lx.tokStr;
  let clsOff = lx.tokStart;
  let isExpr = strtab.eqStr(cls, "DIExpression"), isArgList = !isExpr && strtab.eqStr(cls, "DIArgList");
  // opt knows the class before it looks for '('
  let c = isExpr || isArgList ? -1 : diClass(cls, clsOff);
  if (rd.failed || (c >= 0 && !diDistinctBefore(cls, distinct))) return -1;
  next();
  if (lx.tok != T.LParen) {
    // A named-metadata reference (`!llvm.foo`) is not an operand.
    return errorI("expected '(' here");
  }
  if (isExpr) {
    let s = lx.tokEnd; // after '('
    next();
    if (!checkDIExpressionBody()) return -1;
    let raw = strtab.intern(lx.src + <usize>s, lx.tokStart - s);
    next();
    let m = target >= 0 ? target : newMD(MK.Expr, raw);
    mdKind.set(m, <u8>MK.Expr); mdA.set(m, raw);
    return m;
  }
  if (isArgList) {
    next();
    let base = rd.mdStack.len;
    // each operand a value (LLParser::parseDIArgList)
    if (lx.tok != T.RParen) {
      while (true) {
        let v = parseValueAsMetadata("expected value-as-metadata operand");
        if (rd.failed) { rd.mdStack.len = base; return -1; }
        rd.mdStack.push(v);
        if (!eat(T.Comma)) break;
      }
    }
    if (!eat(T.RParen)) { rd.mdStack.len = base; return errorI("expected ')' here"); }
    let m = target >= 0 ? target : newMD(MK.ArgList, -1);
    mdKind.set(m, <u8>MK.ArgList);
    setOps(m, base);
    return m;
  }
  next(); // '('
  let base = rd.mdStack.len;
  rd.nodeDepth++;
  let m = parseFields(c, cls, base, target, clsOff, distinct);
  rd.nodeDepth--;
  return m;
}
function parseFields(c: i32, cls: i32, base: i32, target: i32, clsOff: i32, distinct: bool): i32 {
  let seen: u64 = 0; // the fields given so far (parse-di-fields.ts checks them against the class)
  if (lx.tok != T.RParen && !diNoFields(c)) {
    while (true) {
      if (lx.tok != T.LabelStr) { rd.mdStack.len = base; return errorI("expected field label here"); }
      let field = lx.tokStr;
      let i = diField(c, field, seen);
      if (i < 0) { rd.mdStack.len = base; return -1; }
      seen |= <u64>1 << <u64>i;
      next();
      rd.mdStack.push(field);
      if (!parseFieldValue(c, i)) { rd.mdStack.len = base; return -1; }
      if (!eat(T.Comma)) break;
    }
  }
  let closeOff = lx.tokStart;
  if (!expect(T.RParen, "')' here")) { rd.mdStack.len = base; return -1; }
  if (!diRequired(c, seen, closeOff)) { rd.mdStack.len = base; return -1; }
  if (!diNodeAfter(cls, base, clsOff, distinct)) { rd.mdStack.len = base; return -1; }
  canonicalDIFields(c, base);
  let m = target >= 0 ? target : newMD(MK.Node, cls);
  mdKind.set(m, <u8>MK.Node); mdA.set(m, cls);
  let n = rd.mdStack.len - base;
  setOps(m, base);
  mdNOps.set(m, n / 3);
  if (cls == reading.S_COMPOSITE) reading.odrTypes.push(m);
  return m;
}

// Field i of class c: checked (parse-di-fields.ts), then pushed on mdStack as (FV_MD, node) or
// (FV_RAW, text id), the forms the printer reads.
function parseFieldValue(c: i32, i: i32): bool {
  let s = lx.tokStart;
  let how = diValue(c, i);
  if (how == V_ERROR) return false;
  if (how == V_MD) {
    let m = parseMetadataOperand();
    if (rd.failed) return false;
    rd.mdStack.push(FV_MD); rd.mdStack.push(m);
    return true;
  }
  if (how == V_LIST) return parseOperandsField();
  let e = rd.rawEnd;
  if (how == V_TYPED) {
    // parsed for its errors; the text is what is kept
    let before = rd.mdStack.len;
    parseMetadataOperand();
    rd.mdStack.len = before;
    if (rd.failed) return false;
    e = lx.tokStart;
    while (e > s && load<u8>(lx.src + <usize>(e - 1)) <= 32) e--;
  }
  let raw = lx.internShort(lx.src + <usize>s, e - s); // ends with a token's last byte, never zero
  // an empty header is no header (LLVM keeps a null string, which its printer skips)
  if (rd.mdStack.get(rd.mdStack.len - 1) == rd.S_HEADER && strtab.lenOf(raw) == 2) { rd.mdStack.pop(); return true; }
  rd.mdStack.push(FV_RAW); rd.mdStack.push(raw);
  return true;
}
// GenericDINode's `operands: {...}` (the current token is '{'; the field name is on mdStack): one
// (operands, FV_MD, node or -1 for null) field per operand, so the operands are metadata like any
// other node field (numbered, uniqued, written); `{}` leaves no field, as opt prints none.
function parseOperandsField(): bool {
  let name = rd.mdStack.pop();
  next();
  let base = rd.mdStack.len;
  if (!parseOperandList(T.RBrace, "'}' here")) return false;
  let n = rd.mdStack.len - base;
  let st = rd.mdStack;
  st.resize(base + 3 * n, 0);
  // spread in place from the last operand down: operand i moves to field i (3 entries each)
  for (let i = n - 1; i >= 0; i--) {
    let v = st.get(base + i);
    st.set(base + 3 * i, name); st.set(base + 3 * i + 1, FV_MD); st.set(base + 3 * i + 2, v);
  }
  return true;
}

// Top level: `!N = [distinct] <node>`; current token is MetadataID.
export function parseMetadataDefinition(): bool {
  let num = mdNumber(); if (num < 0) return false;
  let n = <i32>num, start = lx.tokStart, end = lx.tokEnd;
  next();
  if (!parseMetadataDefinitionOf(n)) return false;
  noteAt(Sym.Metadata, SYM_DEF, start, end, -1, n, -1, -1, mdByNumber.get(<u32>n));
  return true;
}
// `! N = ...` (a '!' and a number apart); current token Exclaim.
export function parseSpacedMetadataDefinition(): bool {
  next();
  if (lx.tok != T.Int || lx.tokBig || lx.tokNum < 0 || lx.tokNum > 0xffffffff) return error("expected integer");
  let n = <i32>lx.tokNum;
  if (n < 0) return error("expected integer");
  next();
  return parseMetadataDefinitionOf(n);
}
// The type keywords LLVM lexes as one Type token (its old `!0 = metadata !{...}` syntax starts so).
function atTypeKeyword(): bool {
  if (lx.tok == T.IntType) return true;
  if (lx.tok != T.Word) return false;
  let w = lx.tokStr;
  return w == K.KW_void || w == K.KW_float || w == K.KW_label || w == K.KW_token || w == K.KW_ptr ||
    strtab.eqStr(w, "half") || strtab.eqStr(w, "bfloat") || strtab.eqStr(w, "double") || strtab.eqStr(w, "x86_fp80") ||
    strtab.eqStr(w, "fp128") || strtab.eqStr(w, "ppc_fp128") || strtab.eqStr(w, "metadata") || strtab.eqStr(w, "x86_amx") ||
    strtab.eqStr(w, "x86_mmx");
}
function parseMetadataDefinitionOf(n: i32): bool {
  if (!expect(T.Equal, "'=' here")) return false;
  if (atTypeKeyword()) return error("unexpected type in metadata definition");
  let distinct = false;
  if (isWord(K.KW_distinct)) { next(); distinct = true; }
  let existing = mdByNumber.get(<u32>n);
  // a second definition is reported once its node is read (at the token after it)
  let redefined = existing >= 0 && <i32>mdKind.get(existing) != MK.Forward;
  let target = redefined ? newMD(MK.Forward, n) : existing >= 0 ? existing : newMD(MK.Forward, n);
  if (!redefined) mdByNumber.set(<u32>n, target);
  let m: i32;
  if (lx.tok == T.MetadataVar) {
    m = parseSpecialized(target, distinct);
  } else if (lx.tok == T.Exclaim) {
    next();
    if (lx.tok != T.LBrace) return error("expected '{' here");
    m = parseTuple(target);
  } else if (lx.tok == T.MetadataID) {
    return errorAt("expected '{' here", lx.tokStart + 1);
  } else return error("Expected '!' here");
  if (m < 0) return false;
  if (redefined) return error("Metadata id is already used");
  if (distinct) mdFlags.set(m, <u8>(mdFlags.get(m) | MDF_DISTINCT));
  return true;
}

// `!name = !{!0, !1}`; current token MetadataVar.
export function parseNamedMetadata(): bool {
  let name = lx.tokStr;
  noteToken(Sym.NamedMetadata, SYM_DEF, -1, -1);
  next();
  if (!expect(T.Equal, "'=' here")) return false;
  if (lx.tok != T.Exclaim) return error("Expected '!' here");
  next();
  if (lx.tok != T.LBrace) return error("Expected '{' here");
  next();
  let base = rd.mdStack.len;
  if (lx.tok != T.RBrace) {
    while (true) {
      let m: i32;
      if (lx.tok == T.MetadataID) { m = mdRefHere(); if (m < 0) { rd.mdStack.len = base; return false; } next(); }
      else if (lx.tok == T.MetadataVar && strtab.eqStr(lx.tokStr, "DIExpression")) {
        // DIExpressions may stand inline; other specialized nodes need a number
        m = parseSpecialized(-1, false); if (m < 0) { rd.mdStack.len = base; return false; }
      } else if (lx.tok == T.MetadataVar && strtab.eqStr(lx.tokStr, "DIArgList")) {
        rd.mdStack.len = base; return error("found DIArgList outside of function");
      } else if (lx.tok == T.Exclaim) {
        next();
        if (lx.tok != T.Int || lx.tokBig || lx.tokNum < 0 || lx.tokNum > 0xffffffff) { rd.mdStack.len = base; return error("expected integer"); }
        m = mdRef(<i32>lx.tokNum); next();
      } else { rd.mdStack.len = base; return error("Expected '!' here"); }
      rd.mdStack.push(m);
      if (!eat(T.Comma)) break;
    }
  }
  if (lx.tok != T.RBrace) { rd.mdStack.len = base; return error("expected end of metadata node"); }
  next();
  // Named metadata with the same name appends.
  for (let i = 0; i < nmdName.len; i++) {
    if (nmdName.get(i) == name) {
      let s = nmdPool.len;
      for (let j = 0; nmdNOps.get(i) > j; j++) nmdPool.push(nmdPool.get(nmdOps.get(i) + j));
      for (let j = base; j < rd.mdStack.len; j++) nmdPool.push(rd.mdStack.get(j));
      nmdOps.set(i, s); nmdNOps.set(i, nmdPool.len - s);
      rd.mdStack.len = base;
      return true;
    }
  }
  nmdName.push(name); nmdOps.push(nmdPool.len); nmdNOps.push(rd.mdStack.len - base);
  for (let j = base; j < rd.mdStack.len; j++) nmdPool.push(rd.mdStack.get(j));
  rd.mdStack.len = base;
  return true;
}

// `!kind !N` pairs after an instruction / on a global; returns the new attachment list head.
// An attachment is a node (LLParser::parseMDNode): `!N`, `!{...}` or a specialized node.
export function parseAttachment(head: i32, keepDuplicates: bool = false): i32 {
  let kind = attachmentKind(lx.tokStr);
  next();
  let m = parseNodeOperand();
  if (m < 0) return head;
  return addAttachment(head, kind, m, keepDuplicates);
}
// A node where LLParser::parseMDNode reads one (attachments, the node fields of debug records):
// `!N`, `!{...}` or a specialized node, never a string, a value or null; -1 after an error.
function parseNodeOperand(): i32 {
  let m = -1;
  if (lx.tok == T.MetadataVar) {
    if (strtab.eqStr(lx.tokStr, "DIArgList")) return errorI("expected metadata type");
    m = parseMetadataOperand();
  } else if (lx.tok == T.Exclaim) {
    next();
    if (lx.tok != T.LBrace) return errorI("expected integer");
    if (!enter()) return -1;
    m = parseTuple(-1);
    leave();
  } else if (lx.tok == T.MetadataID) {
    m = parseMetadataOperand();
  } else return errorI("expected '!' here");
  if (rd.failed) return -1;
  if (m < 0) return errorI("expected metadata node");
  return m;
}

// #dbg_value(...) / #dbg_declare / #dbg_assign / #dbg_label ; current token Hash.
export function parseDebugRecord(): i32 {
  let w = lx.tokStr;
  let kind: i32;
  if (strtab.eqStr(w, "#dbg_value")) kind = DR.Value;
  else if (strtab.eqStr(w, "#dbg_declare")) kind = DR.Declare;
  else if (strtab.eqStr(w, "#dbg_assign")) kind = DR.Assign;
  else if (strtab.eqStr(w, "#dbg_label")) kind = DR.Label;
  else if (strtab.eqStr(w, "#dbg_declare_value")) { if (!checkFeature(Feature.DeclareValueRecord)) return -1; kind = DR.DeclareValue; }
  else { errorAt("expected debug record type here", lx.tokStart + 1); return -1; } // (after the '#')
  next();
  if (lx.tok != T.LParen) return errorI("Expected '(' here");
  next();
  // LLParser::parseDebugRecord: a fixed number of operands per kind
  let want = kind == DR.Label ? 2 : kind == DR.Assign ? 7 : 4;
  let base = rd.mdStack.len;
  for (let i = 0; i < want; i++) {
    // the location operands (a value's, an assign's address) are any metadata; the rest are nodes
    let location = kind != DR.Label && (i == 0 || (kind == DR.Assign && i == 4));
    if (location && lx.tok == T.Word && lx.tokStr == K.KW_null) { rd.mdStack.len = base; return errorI("expected metadata operand"); }
    let m = location ? parseMetadataOperand() : parseNodeOperand();
    if (rd.failed) { rd.mdStack.len = base; return -1; }
    rd.mdStack.push(m);
    if (i + 1 < want && !eat(T.Comma)) { rd.mdStack.len = base; return errorI("Expected ',' here"); }
  }
  if (!eat(T.RParen)) { rd.mdStack.len = base; return errorI("Expected ')' here"); }
  let r = newDebugRecord(kind);
  drOps.set(r, drPool.len);
  for (let i = base; i < rd.mdStack.len; i++) drPool.push(rd.mdStack.get(i));
  drNOps.set(r, rd.mdStack.len - base);
  rd.mdStack.len = base;
  return r;
}

// First metadata number referenced but never defined, or -1.
export function firstUndefinedMetadata(): i64 {
  let dense = mdByNumber.dense;
  for (let n = 0; n < dense.len; n++) {
    let m = dense.get(n);
    if (m >= 0 && <i32>mdKind.get(m) == MK.Forward) return n;
  }
  let keys = mdByNumber.sparseKeysSorted();
  for (let i = 0; i < keys.length; i++) {
    let m = mdByNumber.get(keys[i]);
    if (<i32>mdKind.get(m) == MK.Forward) return <i64>keys[i];
  }
  return -1;
}

