// The text layer's one reset: the reader's and the writer's tables emptied for the next module,
// after the arena's (ir/arena.ts). The keywords are interned first: their string ids are the
// lexer's keyword tokens.
import { strtab } from "../ir/module";
import { setDataLayoutNames } from "../ir/datalayout";
import { resetFP } from "../util/fp";
import { KEYWORDS } from "./keywords";
import { newLexer } from "./lexer";
import { resetCC } from "./cc";
import { newReader } from "./parser";
import { resetTypeFinder } from "./type-finder";
import { resetValuePrinter } from "./printer-values";
import { resetMetaPrinter } from "./printer-meta";
import { resetGroupSlots } from "./printer-attrs";
import { resetTypePrinter } from "./printer-types";
import { resetPrinter } from "./printer";

export function resetText(): void {
  newLexer(strtab);
  for (let i = 0; i < KEYWORDS.length; i++) strtab.internStr(KEYWORDS[i]);
  resetFP();
  setDataLayoutNames(strtab);
  resetCC(); newReader(); resetTypeFinder();
  resetValuePrinter(); resetMetaPrinter(); resetGroupSlots(); resetTypePrinter(); resetPrinter();
}
