// The module parser: the top-level entities and module directives, comdats, and the parser's
// reset. Global variables, aliases and ifuncs are in parse-globals.ts, functions and their bodies
// in parse-function.ts, the end-of-module checks (undefined values, types, metadata, attribute
// groups) in parse-finish.ts; the auto-upgrades of old IR it then runs are in ir/upgrade.ts.
import { rd, Reader, FunctionScope, installReader } from "./reader";
import { I32Vec } from "../util/vec";
import { lx, T, next, lexInit } from "./lexer";
import * as K from "./keywords";
import { error, errorAt, eat, expect, expectWord, isWord } from "./pstate";
import { parseTypeDefinition } from "./parse-types";
import { parseMetadataDefinition, parseSpacedMetadataDefinition, parseNamedMetadata, fillMetaKinds, resetNodeDepth } from "./parse-meta";
import { parseAttrGroupDef, fillAttrKinds } from "./parse-attrs";
import { fillOpcodes } from "./parse-inst";
import { OP_NAMES } from "../ir/opcodes";
import { cdName, cdKind } from "../ir/globals";
import { fillVersionMetaKinds } from "../ir/metadata";
import { strtab, strtabString, setSourceFilename, setDataLayout, setTargetTriple, moduleAsm, depLibs } from "../ir/module";
import { dataLayoutError } from "../ir/datalayout";
import { parseDataLayout } from "../ir/datalayout-parse";
import { inferDataLayout } from "../ir/triple-layout";
import { finishModule } from "./parse-finish";
import { parseFunction } from "./parse-function";
import { parseGlobalEntity } from "./parse-globals";
import { parseTypeAndValue } from "./parse-values";
import { useCount, reorderUses } from "../ir/values";

// Numbered globals come in order: the least number an unnamed one may take next.
// (numbers are unsigned 32-bit; -1 is a named global's "no number")
export function noteGlobalNum(num: i32): void { if (num != -1) rd.nextGlobalNum = num + 1; }

// The reader for the next module (text/reset.ts, after the arena's reset and the keywords): a new
// object is the reset. Its keyword tables are filled from the string table.
export function newReader(): Reader {
  installReader(new Reader(), new FunctionScope());
  fillMetaKinds(rd); fillAttrKinds(rd); fillOpcodes(rd); // (the order the strings were always interned in)
  return rd;
}

export function parseModule(p: usize, n: i32): bool {
  resetNodeDepth(); fillVersionMetaKinds();
  lexInit(p, n);
  next();
  // opt settles the data layout once the leading target definitions are read (optdriver's callback)
  let targets = true;
  while (lx.tok != T.EOF && !rd.failed) {
    if (targets && !atTargetDefinition()) { targets = false; if (!inferDataLayout()) return error(dataLayoutError()); }
    // target and source_filename lines come first (LLParser reads them before any entity)
    else if (!targets && atTargetDefinition()) return error("expected top-level entity");
    if (!parseTopLevel()) break;
  }
  if (rd.failed) return false;
  if (targets && !inferDataLayout()) return error(dataLayoutError());
  return finishModule();
}

function atTargetDefinition(): bool {
  return lx.tok == T.Word && (lx.tokStr == K.KW_target || lx.tokStr == K.KW_source_filename);
}

export function parseTopLevel(): bool {
  switch (lx.tok) {
    case T.Word: {
      let w = lx.tokStr;
      if (w == K.KW_define || w == K.KW_declare) return parseFunction(w == K.KW_define);
      if (w == K.KW_source_filename) { next(); if (!expect(T.Equal, "'=' after source_filename")) return false; if (lx.tok != T.String) return error("expected string"); setSourceFilename(lx.tokStr); next(); return true; }
      if (w == K.KW_target) {
        next();
        if (isWord(K.KW_datalayout)) { next(); if (!expect(T.Equal, "'=' after target datalayout")) return false; if (lx.tok != T.String) return error("expected string");
          // Parsed now: the program address space is the default for functions that follow.
          if (!parseDataLayout(strtab.ptrOf(lx.tokStr), strtab.lenOf(lx.tokStr))) return error(dataLayoutError());
          setDataLayout(lx.tokStr); next(); return true; }
        if (isWord(K.KW_triple)) { next(); if (!expect(T.Equal, "'=' after target triple")) return false; if (lx.tok != T.String) return error("expected string"); setTargetTriple(lx.tokStr); next(); return true; }
        return error("unknown target property");
      }
      if (w == K.KW_module) { next(); if (!expectWord(K.KW_asm, "'module asm'")) return false; if (lx.tok != T.String) return error("expected string"); moduleAsm.push(lx.tokStr); next(); return true; }
      if (w == K.KW_deplibs) { next(); if (!expect(T.Equal, "'='")) return false; if (!expect(T.LSquare, "'['")) return false; while (lx.tok == T.String) { depLibs.push(lx.tokStr); next(); if (!eat(T.Comma)) break; } return expect(T.RSquare, "']'"); }
      if (w == K.KW_attributes) return parseAttrGroupDef();
      if (w == K.KW_uselistorder || w == K.KW_uselistorder_bb) return skipUseListOrder();
      return error("expected top-level entity");
    }
    case T.LocalVar: return parseTypeDefinition(lx.tokStr, 0);
    case T.LocalID: return parseTypeDefinition(-1, lx.tokNum);
    case T.GlobalVar: case T.GlobalID: return parseGlobalEntity();
    case T.ComdatVar: return parseComdat();
    case T.MetadataID: return parseMetadataDefinition();
    case T.Exclaim: return parseSpacedMetadataDefinition();
    case T.MetadataVar: return parseNamedMetadata();
    case T.SummaryID: return skipSummaryEntry();
    case T.Error: return error("expected top-level entity");
    default: return error("expected top-level entity");
  }
}

// `uselistorder <type> <value>, { indexes }`: the value's uses are reordered, the use at position
// i of its list going to position indexes[i] (LLParser's sortUseListOrder); the bitcode writer
// keeps the order. `uselistorder_bb` directives are read and dropped.
export function skipUseListOrder(): bool {
  if (lx.tokStr == K.KW_uselistorder) return parseUseListOrder();
  next();
  // operands up to the closing '}' of the index list
  while (lx.tok != T.LBrace && lx.tok != T.EOF) next();
  while (lx.tok != T.RBrace && lx.tok != T.EOF) next();
  return expect(T.RBrace, "'}'");
}
function parseUseListOrder(): bool {
  next();
  let at = lx.tokStart;
  let v = parseTypeAndValue();
  if (v < 0) return false;
  if (!expect(T.Comma, "expected comma in uselistorder directive")) return false;
  if (!expect(T.LBrace, "expected '{' here")) return false;
  let idx = new I32Vec(8);
  let listAt = lx.tokStart;
  while (lx.tok != T.RBrace) {
    if (lx.tok != T.Int) return error("expected integer");
    idx.push(<i32>lx.tokNum);
    next();
    if (lx.tok == T.Comma) next(); else break;
  }
  if (!expect(T.RBrace, "expected '}' here")) return false;
  if (idx.len < 2) return errorAt("expected >= 2 uselistorder indexes", listAt);
  // a permutation that changes the order
  let seen = new I32Vec(idx.len);
  seen.resize(idx.len, 0);
  let changes = false;
  for (let i = 0; i < idx.len; i++) {
    let k = idx.get(i);
    if (k < 0 || k >= idx.len) return errorAt("expected distinct uselistorder indexes in range [0, size)", listAt);
    if (seen.get(k) != 0) return errorAt("expected distinct uselistorder indexes in range [0, size)", listAt);
    seen.set(k, 1);
    if (k != i) changes = true;
  }
  if (!changes) return errorAt("expected uselistorder indexes to change the order", listAt);
  let n = useCount(v);
  if (n == 0) return errorAt("value has no uses", at);
  if (n < 2) return errorAt("value only has one use", at);
  if (n != idx.len) return errorAt("wrong number of indexes, expected " + n.toString(), at);
  reorderUses(v, idx);
  return true;
}

// `^N = ...` summary entries: skipped, as opt does when not building a summary.
function skipSummaryEntry(): bool {
  next();
  if (!expect(T.Equal, "'='")) return false;
  let d = 0;
  while (lx.tok != T.EOF) {
    if (lx.tok == T.LParen) d++;
    else if (lx.tok == T.RParen) { d--; if (d == 0) { next(); return true; } }
    next();
  }
  return error("unterminated summary entry");
}

export function comdatIndex(name: i32, create: bool): i32 {
  if (name >= rd.comdatByName.len) rd.comdatByName.resize(name + 1, -1);
  let c = rd.comdatByName.get(name);
  if (c >= 0 || !create) return c;
  c = cdName.push(name); cdKind.push(0);
  rd.comdatRefAt.push(-1);
  rd.comdatByName.set(name, c);
  return c;
}
export const COMDAT_DEFINED: i32 = -2;
// The comdat a global names (`comdat($c)`, or `comdat` for its own name) at source offset `at`; a
// first reference before the definition is remembered (LLParser's ForwardRefComdats).
export function comdatRef(name: i32, at: i32): i32 {
  let c = comdatIndex(name, true);
  if (rd.comdatRefAt.get(c) == -1) rd.comdatRefAt.set(c, at);
  return c;
}
function parseComdat(): bool {
  let nameAt = lx.tokStart;
  let name = lx.tokStr; next();
  if (!expect(T.Equal, "'=' here")) return false;
  if (!expectWord(K.KW_comdat, "comdat type")) return false;
  let k = -1;
  if (lx.tok == T.Word) {
    let w = lx.tokStr;
    k = w == K.KW_any ? 0 : w == K.KW_exactmatch ? 1 : w == K.KW_largest ? 2 : w == K.KW_nodeduplicate ? 3 : w == K.KW_samesize ? 4 : -1;
  }
  if (k < 0) return error("unknown selection kind");
  next();
  let c = comdatIndex(name, true);
  // (a stored text read by `wopt repo link` repeats the comdats it shares with the module)
  if (rd.comdatRefAt.get(c) == COMDAT_DEFINED && !rd.linking) return errorAt("redefinition of comdat '$" + strtabString(name) + "'", nameAt);
  rd.comdatRefAt.set(c, COMDAT_DEFINED);
  cdKind.set(c, <u8>k);
  return true;
}
