// Shared by the specs: a fresh arena with `text` parsed, as index.ts reset() + parse do it, but
// without __reset (which would free the test framework's memory).
import { resetTypes } from "../../assembly/ir/types";
import { resetValues } from "../../assembly/ir/values";
import { resetConstants } from "../../assembly/ir/constants";
import { resetGlobals } from "../../assembly/ir/globals";
import { resetMetadata } from "../../assembly/ir/metadata";
import { resetDebugInfo } from "../../assembly/ir/debuginfo";
import { resetAttributes } from "../../assembly/ir/attributes";
import { resetModule, strtab, dataLayout } from "../../assembly/ir/module";
import { resetDataLayout, resetDataLayoutTables, parseDataLayout, setDataLayoutNames } from "../../assembly/ir/datalayout";
import { setStrTab, resetLexer } from "../../assembly/text/lexer";
import { KEYWORDS } from "../../assembly/text/keywords";
import { resetParser, parseModule } from "../../assembly/text/parser";
import { resetFP } from "../../assembly/util/fp";
import { resetIntrinsicAttrs } from "../../assembly/text/intrinsic-attrs";
import { resetCC } from "../../assembly/text/cc";
import { resetInstScratch } from "../../assembly/text/parse-inst";
import { fillDefaults } from "../../assembly/ir/defaults";
import { resetValuePrinter } from "../../assembly/text/printer-values";
import { resetMetaPrinter } from "../../assembly/text/printer-meta";
import { resetGroupSlots } from "../../assembly/text/printer-attrs";
import { resetTypePrinter } from "../../assembly/text/printer-types";
import { resetPrinter } from "../../assembly/text/printer";
import { newAnalyses } from "../../assembly/analysis/context";
import { resetVerifier } from "../../assembly/analysis/verifier";

export function parseFresh(text: string): bool {
  resetModule();
  setStrTab(strtab);
  for (let i = 0; i < KEYWORDS.length; i++) strtab.internStr(KEYWORDS[i]);
  resetLexer(); resetFP(); resetTypes(); resetValues(1024); resetConstants(); resetGlobals(); resetMetadata();
  resetDebugInfo(); resetAttributes();
  resetDataLayoutTables(); resetDataLayout(); setDataLayoutNames(strtab);
  resetCC(); resetInstScratch(); resetParser(); resetIntrinsicAttrs();
  resetValuePrinter(); resetMetaPrinter(); resetGroupSlots(); resetTypePrinter(); resetPrinter();
  newAnalyses(); resetVerifier();
  let b = String.UTF8.encode(text, false);
  if (!parseModule(changetype<usize>(b), b.byteLength)) return false;
  if (dataLayout >= 0 && !parseDataLayout(strtab.ptrOf(dataLayout), strtab.lenOf(dataLayout))) return false;
  fillDefaults();
  return true;
}
