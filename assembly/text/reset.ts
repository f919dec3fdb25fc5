// The text layer's one reset: the reader's tables emptied and a new writer for the next module,
// after the arena's (ir/arena.ts). The keywords are interned first: their string ids are the
// lexer's keyword tokens.
import { strtab } from "../ir/module";
import { setDataLayoutNames } from "../ir/datalayout";
import { resetFP } from "../util/fp";
import { KEYWORDS } from "./keywords";
import { setStrTab, resetLexer } from "./lexer";
import { resetCC } from "./cc";
import { resetInstScratch } from "./parse-inst";
import { resetParser } from "./parser";
import { resetDIOperands } from "../ir/di-operands";
import { newWriter } from "./writer";

export function resetText(): void {
  setStrTab(strtab);
  for (let i = 0; i < KEYWORDS.length; i++) strtab.internStr(KEYWORDS[i]);
  resetLexer(); resetFP();
  setDataLayoutNames(strtab);
  resetCC(); resetInstScratch(); resetParser();
  resetDIOperands();
  newWriter(); // the writer's state is one object (writer.ts): a new one is its reset
}
