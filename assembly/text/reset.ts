// The text layer's one reset, after the arena's (ir/arena.ts): a new lexer, reader and writer for
// the next module (each one object: a new one is its reset). The keywords are interned first:
// their string ids are the lexer's keyword tokens.
import { strtab } from "../ir/module";
import { setDataLayoutNames } from "../ir/datalayout";
import { resetFP } from "../util/fp";
import { KEYWORDS } from "./keywords";
import { newLexer } from "./lexer";
import { resetCC } from "./cc";
import { resetDIFields } from "./parse-di-fields";
import { newReader } from "./parser";
import { newWriter } from "./writer";

export function resetText(): void {
  newLexer(strtab);
  for (let i = 0; i < KEYWORDS.length; i++) strtab.internStr(KEYWORDS[i]);
  resetFP();
  setDataLayoutNames(strtab);
  resetCC(); resetDIFields(); newReader();
  newWriter();
}
