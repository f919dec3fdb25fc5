// Shared by the specs: a fresh arena with `text` parsed, as index.ts reset() + parse do it, but
// without __reset (which would free the test framework's memory): the same per-layer resets.
import { strtab, dataLayout } from "../../assembly/ir/module";
import { resetArena } from "../../assembly/ir/arena";
import { parseDataLayout } from "../../assembly/ir/datalayout-parse";
import { resetText } from "../../assembly/text/reset";
import { parseModule } from "../../assembly/text/parser";
import { fillDefaults } from "../../assembly/ir/defaults";
import { newAnalyses } from "../../assembly/analysis/context";

export function parseFresh(text: string): bool {
  resetArena(1024);
  resetText();
  newAnalyses();
  let b = String.UTF8.encode(text, false);
  if (!parseModule(changetype<usize>(b), b.byteLength)) return false;
  if (dataLayout >= 0 && !parseDataLayout(strtab.ptrOf(dataLayout), strtab.lenOf(dataLayout))) return false;
  fillDefaults();
  return true;
}
