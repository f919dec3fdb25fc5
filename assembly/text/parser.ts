// The module parser: the top-level entities and module directives, comdats, and the parser's
// reset. Global variables, aliases and ifuncs are in parse-globals.ts, functions and their bodies
// in parse-function.ts, the end-of-module checks (undefined values, types, metadata, attribute
// groups) in parse-finish.ts; the auto-upgrades of old IR it then runs are in upgrade.ts.
import { I32Vec } from "../util/vec";
import { T, tok, tokStr, tokNum, next, lexInit, strtab } from "./lexer";
import * as K from "./keywords";
import { error, eat, expect, expectWord, isWord, failed, resetParseState } from "./pstate";
import { parseTypeDefinition, resetTypeParser } from "./parse-types";
import { resetValueParser } from "./parse-values";
import { resetBlockAddresses } from "./parse-blockaddr";
import { parseMetadataDefinition, parseNamedMetadata, resetMetadataParser } from "./parse-meta";
import { parseAttrGroupDef, resetAttrParser } from "./parse-attrs";
import { resetInstParser } from "./parse-inst";
import { OP_NAMES } from "../ir/opcodes";
import { cdName, cdKind } from "../ir/globals";
import { setSourceFilename, setDataLayout, setTargetTriple, moduleAsm, depLibs } from "../ir/module";
import { dataLayoutError } from "../ir/datalayout";
import { parseDataLayout } from "../ir/datalayout-parse";
import { finishModule } from "./parse-finish";
import { parseFunction, resetFunctionScratch } from "./parse-function";
import { parseGlobalEntity, resetGlobalScratch } from "./parse-globals";

let comdatByName: I32Vec = new I32Vec();
export let attrScratch: I32Vec = new I32Vec(32);
export let nextGlobalNum: i32 = 0;
// Numbered globals come in order: the least number an unnamed one may take next.
export function noteGlobalNum(num: i32): void { if (num >= 0) nextGlobalNum = num + 1; }
// Function attribute lists to resolve `#N` in, after the module: functions and call sites.
export let pendingFnAttrOwners: I32Vec = new I32Vec();

export function resetParser(): void {
  resetGlobalScratch(); resetFunctionScratch();
  resetParseState(); resetTypeParser(); resetValueParser(); resetMetadataParser(); resetAttrParser();
  resetInstParser(OP_NAMES); resetBlockAddresses();
  comdatByName = new I32Vec(); attrScratch = new I32Vec(32); nextGlobalNum = 0; pendingFnAttrOwners = new I32Vec();
}

export function parseModule(p: usize, n: i32): bool {
  lexInit(p, n);
  next();
  while (tok != T.EOF && !failed) {
    if (!parseTopLevel()) break;
  }
  if (failed) return false;
  return finishModule();
}

function parseTopLevel(): bool {
  switch (tok) {
    case T.Word: {
      let w = tokStr;
      if (w == K.KW_define || w == K.KW_declare) return parseFunction(w == K.KW_define);
      if (w == K.KW_source_filename) { next(); if (!expect(T.Equal, "'=' after source_filename")) return false; if (tok != T.String) return error("expected string"); setSourceFilename(tokStr); next(); return true; }
      if (w == K.KW_target) {
        next();
        if (isWord(K.KW_datalayout)) { next(); if (!expect(T.Equal, "'=' after target datalayout")) return false; if (tok != T.String) return error("expected string");
          // Parsed now: the program address space is the default for functions that follow.
          if (!parseDataLayout(strtab.ptrOf(tokStr), strtab.lenOf(tokStr))) return error(dataLayoutError());
          setDataLayout(tokStr); next(); return true; }
        if (isWord(K.KW_triple)) { next(); if (!expect(T.Equal, "'=' after target triple")) return false; if (tok != T.String) return error("expected string"); setTargetTriple(tokStr); next(); return true; }
        return error("unknown target property");
      }
      if (w == K.KW_module) { next(); if (!expectWord(K.KW_asm, "'module asm'")) return false; if (tok != T.String) return error("expected string"); moduleAsm.push(tokStr); next(); return true; }
      if (w == K.KW_deplibs) { next(); if (!expect(T.Equal, "'='")) return false; if (!expect(T.LSquare, "'['")) return false; while (tok == T.String) { depLibs.push(tokStr); next(); if (!eat(T.Comma)) break; } return expect(T.RSquare, "']'"); }
      if (w == K.KW_attributes) return parseAttrGroupDef();
      if (w == K.KW_uselistorder || w == K.KW_uselistorder_bb) return skipUseListOrder();
      return error("expected top-level entity");
    }
    case T.LocalVar: return parseTypeDefinition(tokStr, 0);
    case T.LocalID: return parseTypeDefinition(-1, tokNum);
    case T.GlobalVar: case T.GlobalID: return parseGlobalEntity();
    case T.ComdatVar: return parseComdat();
    case T.MetadataID: return parseMetadataDefinition();
    case T.MetadataVar: return parseNamedMetadata();
    case T.SummaryID: return skipSummaryEntry();
    case T.Error: return error("expected top-level entity");
    default: return error("expected top-level entity");
  }
}

// `uselistorder ...` directives only matter for bitcode use-list order; read and drop them.
export function skipUseListOrder(): bool {
  next();
  // operands up to the closing '}' of the index list
  while (tok != T.LBrace && tok != T.EOF) next();
  while (tok != T.RBrace && tok != T.EOF) next();
  return expect(T.RBrace, "'}'");
}
// `^N = ...` summary entries: skipped, as opt does when not building a summary.
function skipSummaryEntry(): bool {
  next();
  if (!expect(T.Equal, "'='")) return false;
  let d = 0;
  while (tok != T.EOF) {
    if (tok == T.LParen) d++;
    else if (tok == T.RParen) { d--; if (d == 0) { next(); return true; } }
    next();
  }
  return error("unterminated summary entry");
}

export function comdatIndex(name: i32, create: bool): i32 {
  if (name >= comdatByName.len) comdatByName.resize(name + 1, -1);
  let c = comdatByName.get(name);
  if (c >= 0 || !create) return c;
  c = cdName.push(name); cdKind.push(0);
  comdatByName.set(name, c);
  return c;
}
function parseComdat(): bool {
  let name = tokStr; next();
  if (!expect(T.Equal, "'=' here")) return false;
  if (!expectWord(K.KW_comdat, "comdat type")) return false;
  let k = -1;
  if (tok == T.Word) {
    let w = tokStr;
    k = w == K.KW_any ? 0 : w == K.KW_exactmatch ? 1 : w == K.KW_largest ? 2 : w == K.KW_nodeduplicate ? 3 : w == K.KW_samesize ? 4 : -1;
  }
  if (k < 0) return error("unknown selection kind");
  next();
  let c = comdatIndex(name, true);
  cdKind.set(c, <u8>k);
  return true;
}
