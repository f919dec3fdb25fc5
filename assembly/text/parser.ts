// The module parser: the top-level entities and module directives, comdats, and the parser's
// reset. Global variables, aliases and ifuncs are in parse-globals.ts, functions and their bodies
// in parse-function.ts, the end-of-module checks (undefined values, types, metadata, attribute
// groups) in parse-finish.ts; the auto-upgrades of old IR it then runs are in ir/upgrade.ts.
import { rd, Reader, FunctionScope, installReader } from "./reader";
import { lx, T, next, lexInit } from "./lexer";
import { Sym, SYM_DEF, noteToken } from "./symbol-index";
import * as K from "./keywords";
import { error, errorAt, eat, expect, expectWord, isWord, parseUInt64 } from "./pstate";
import { parseTypeDefinition } from "./parse-types";
import {
  parseMetadataDefinition, parseSpacedMetadataDefinition, parseNamedMetadata, fillMetaKinds, resetNodeDepth, parseMetadataOperand,
} from "./parse-meta";
import { parseAttrGroupDef, fillAttrKinds } from "./parse-attrs";
import { fillOpcodes } from "./parse-inst-common";
import { OP_NAMES } from "../ir/opcodes";
import { cdKind } from "../ir/globals";
import { fillVersionMetaKinds } from "../ir/metadata";
import { strtab, strtabString, setSourceFilename, setDataLayout, setTargetTriple, moduleAsm, depLibs } from "../ir/module";
import { dataLayoutError } from "../ir/datalayout";
import { parseDataLayout } from "../ir/datalayout-parse";
import { inferDataLayout } from "../ir/triple-layout";
import { finishModule } from "./parse-finish";
import { parseFunction } from "./parse-function";
import { parseGlobalEntity, comdatIndex, COMDAT_DEFINED, noteGlobalNum } from "./parse-globals";
import { skipUseListOrder } from "./parse-uselist";

// The reader for the next module (text/reset.ts, after the arena's reset and the keywords): a new
// object is the reset. Its keyword tables are filled from the string table.
export function newReader(): Reader {
  installReader(new Reader(), new FunctionScope());
  rd.parseMetadataOperand = parseMetadataOperand;
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

// `^N = ...` summary entries: skipped, as opt does when not building a summary
// (LLParser::skipModuleSummaryEntry): a known tag, ':' and a parenthesised body, or `flags: N` /
// `blockcount: N`. (Inside an entry colons are tokens of their own: `gv:` is the tag and ':'.)
function skipSummaryEntry(): bool {
  next();
  if (!expect(T.Equal, "'=' here")) return false;
  let w = lx.tok == T.Word || lx.tok == T.LabelStr ? lx.tokStr : -1;
  let isTag = w >= 0 && (strtab.eqStr(w, "gv") || strtab.eqStr(w, "module") || strtab.eqStr(w, "typeid") ||
    strtab.eqStr(w, "flags") || strtab.eqStr(w, "blockcount"));
  if (!isTag) return error("Expected 'gv', 'module', 'typeid', 'flags' or 'blockcount' at the start of summary entry");
  let colonDone = lx.tok == T.LabelStr;
  next();
  if (strtab.eqStr(w, "flags") || strtab.eqStr(w, "blockcount")) {
    if (!colonDone && !expect(T.Colon, "':' here")) return false;
    return parseUInt64();
  }
  if (!colonDone && !expect(T.Colon, "':' at start of summary entry")) return false;
  if (!expect(T.LParen, "'(' at start of summary entry")) return false;
  let d = 1;
  while (d > 0) {
    if (lx.tok == T.EOF) return error("found end of file while parsing summary entry");
    if (lx.tok == T.LParen) d++;
    else if (lx.tok == T.RParen) d--;
    next();
  }
  return true;
}

function parseComdat(): bool {
  let nameAt = lx.tokStart;
  noteToken(Sym.Comdat, SYM_DEF, -1, -1);
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
