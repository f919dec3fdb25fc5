// Module-level facts that are not tables: header strings, module asm, and the string table.
import { I32Vec } from "../util/vec";
import { StrTab } from "../util/strtab";

export let strtab: StrTab = new StrTab();
// The module identifier (LLVM's Module::getModuleIdentifier: the input's name as the host gave it;
// the `; ModuleID` line, the default source_filename, the name global-merge-func records), -1 none.
export let moduleId: i32 = -1;         // strId
export let sourceFilename: i32 = -1;   // strId
export let dataLayout: i32 = -1;       // strId
export let targetTriple: i32 = -1;     // strId
export let moduleAsm: I32Vec = new I32Vec();  // strIds, one per `module asm` line
export let depLibs: I32Vec = new I32Vec();

export function resetModule(): void {
  strtab = new StrTab();
  moduleId = -1; sourceFilename = -1; dataLayout = -1; targetTriple = -1;
  moduleAsm = new I32Vec(); depLibs = new I32Vec();
}
export function setModuleId(s: i32): void { moduleId = s; }
// The module identifier as a string ("" when none was given).
export function moduleIdentifier(): string {
  return moduleId < 0 ? "" : String.UTF8.decodeUnsafe(strtab.ptrOf(moduleId), <usize>strtab.lenOf(moduleId), false);
}
export function setSourceFilename(s: i32): void { sourceFilename = s; }
export function setDataLayout(s: i32): void { dataLayout = s; }
export function setTargetTriple(s: i32): void { targetTriple = s; }
