// Module-level facts that are not tables: header strings, module asm, and the string table.
import { I32Vec } from "../util/vec";
import { StrTab } from "../util/strtab";

export let strtab: StrTab = new StrTab();
export let sourceFilename: i32 = -1;   // strId
export let dataLayout: i32 = -1;       // strId
export let targetTriple: i32 = -1;     // strId
export let moduleAsm: I32Vec = new I32Vec();  // strIds, one per `module asm` line
export let depLibs: I32Vec = new I32Vec();

export function resetModule(): void {
  strtab = new StrTab();
  sourceFilename = -1; dataLayout = -1; targetTriple = -1;
  moduleAsm = new I32Vec(); depLibs = new I32Vec();
}
export function setSourceFilename(s: i32): void { sourceFilename = s; }
export function setDataLayout(s: i32): void { dataLayout = s; }
export function setTargetTriple(s: i32): void { targetTriple = s; }
