// The text layer's one reset, after the arena's (ir/arena.ts): a new lexer, reader and writer for
// the next module (each one object: a new one is its reset). The keywords are interned first:
// their string ids are the lexer's keyword tokens. The reading state both readers share
// (ir/module-reading.ts) is made here too: it interns names, which must come after the keywords.
import { strtab } from "../ir/module";
import { setDataLayoutNames } from "../ir/datalayout";
import { resetFP } from "../util/fp";
import { KEYWORDS } from "./keywords";
import { newLexer } from "./lexer";
import { resetCC } from "./cc";
import { resetDIFields } from "./parse-di-fields";
import { newReader } from "./parser";
import { newModuleReading } from "../ir/module-reading";
import { newWriter } from "./writer";

export function resetText(): void {
  newLexer(strtab);
  for (let i = 0; i < KEYWORDS.length; i++) strtab.internStr(KEYWORDS[i]);
  resetFP();
  setDataLayoutNames(strtab);
  resetCC(); resetDIFields(); newModuleReading(); newReader();
  newWriter();
}
